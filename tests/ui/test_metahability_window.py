"""Metahabilities through the window (MET-2..6): each metahability of the acting character is a menu row with its
ENE cost and the target number of its kind's check (the engine's dry run), the odds of the CH IMP against a
hovered enemy, a click submits the engine's decision; the effects on a base are shown on its plate with their
duration and whether they were maintained. Screenshot 80 in docs/screenshots/ is taken here."""
from __future__ import annotations

from ui_helpers import ROOT, click, hotspot, menu_index, mini_pos, move_to, pass_reactions, press, shot

from test_new_actions import entry, last_decision, place, to_action, window
from wartime.rules import metahabilities
from wartime.ui.meta_marks import effect_marks

LISTS = ROOT / "scenarios" / "lists"


def mystics_window(tmp_path, blue: str = "brawlers.toml"):
    """The window on the skirmish with the Mystics as red (and `blue`): (app, its GameState, red's neuromancer)."""
    app = window(tmp_path, ROOT / "scenarios" / "skirmish.toml", {"red": LISTS / "mystics.toml", "blue": LISTS / blue})
    gs = app.match.gs
    return app, gs, next(e for e in gs.minis() if gs.side(e) == "red" and metahabilities.is_neuromancer(gs, e))


def test_MET_2_metahabilities_in_the_menu_with_their_check_odds_and_effects_on_the_bases(tmp_path):
    app, gs, neuro = mystics_window(tmp_path)
    p = to_action(app, want=neuro)
    assert p.actor == neuro
    ally = next(e for e in gs.minis() if gs.side(e) == "red" and e != neuro)
    enemy = next(e for e in gs.minis() if gs.side(e) == "blue")
    q = gs.pos(enemy)
    place(app, neuro, q.x - 6.0, q.y, facing=0.0)
    place(app, ally, q.x - 7.0, q.y - 2.5, facing=0.0)
    rows = [e for e in app._menu(app.match.pending) if e.key == "use_metahability"]
    assert [r.label.split(": ")[1].split(" (")[0] for r in rows] == ["Calm mind", "Mind gift"]
    assert all(r.enabled and r.cost_text == "2" and r.check == f"CH INT ≤ {gs.attrs(neuro).INT}" for r in rows)
    # an effect already on the ally and one on the enemy, as a cast would leave them (the scene of the shot)
    metahabilities.apply(gs, None, neuro, 1, ally)
    metahabilities.remember(gs, neuro, 1, ally, maintained=True)
    metahabilities.apply(gs, None, neuro, 0, enemy)
    marks = dict(effect_marks(gs, ally, True))
    assert any(t.startswith("↻✦Mind") and t.endswith("→end") for t in marks)
    assert any(t.startswith("✦Calm") for t, _ in effect_marks(gs, enemy, True))
    i = menu_index(app, "use_metahability")
    press(app, "menu", i)
    move_to(app, mini_pos(app, enemy))
    app.step()
    pv = app.tool.attack
    assert pv is not None and pv.check is not None
    assert pv.check.first.kind == "IMP" and pv.check.first.attribute == "INT" and pv.check.first.who == neuro
    app.view.zoom_at(1.6, mini_pos(app, neuro))
    move_to(app, mini_pos(app, enemy))
    app.step()
    shot(app, "80-metahability")
    click(app, mini_pos(app, enemy))
    d = last_decision(app)
    assert d["action"] == "use_metahability" and d["params"] == {"meta": 0, "target": enemy}
    pass_reactions(app)
    assert any(ev["type"] == "check" and ev.get("rule") == "MET-2" for ev in app.match.world.events)
