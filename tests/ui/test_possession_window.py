"""Possession through the window (CBA-21, MET-10, PSI-17): Poseer is a menu row of a neuromancer with its cost and
check once an enemy is stressed to its VOL; a possessed character's base takes its possessor's side colour and its
plate says 'possessed' in its own side's colour; "act with" is then offered. Screenshot 86 in docs/screenshots/.
Possessed equipment is marked on its holder's plate (screenshot 94)."""
from __future__ import annotations

from dataclasses import replace

from ui_helpers import ROOT, mini_pos, shot

from test_new_actions import entry, place, to_action, window
from wartime.core.components import Stress
from wartime.rules import metahabilities, possession
from wartime.ui.meta_marks import effect_marks

LISTS = ROOT / "scenarios" / "lists"


def neuromancer_acts(tmp_path, blue: str):
    """The window on skirmish, red mystics against the blue list `blue`, at red's neuromancer's first action."""
    app = window(tmp_path, ROOT / "scenarios" / "skirmish.toml", {"red": LISTS / "mystics.toml", "blue": LISTS / blue})
    gs = app.match.gs
    neuro = next(e for e in gs.minis() if gs.side(e) == "red" and metahabilities.is_neuromancer(gs, e))
    p = to_action(app, want=neuro)
    assert p.actor == neuro
    return app, gs, neuro


def test_CBA_21_possess_in_the_menu_and_the_possessed_shown_on_its_base(tmp_path):
    app, gs, neuro = neuromancer_acts(tmp_path, "brawlers.toml")
    enemy = next(e for e in gs.minis() if gs.side(e) == "blue")
    q = gs.pos(enemy)
    place(app, neuro, q.x - 4.0, q.y, facing=0.0)
    gs.world.set(enemy, Stress(gs.base_attrs(enemy).VOL))            # PSI-14: stress = VOL
    app.menu = None
    app.step()
    row = entry(app, "possess")
    assert row.enabled and row.cost_text == "3" and row.check.startswith("CH INT")
    possession.start(gs, neuro, enemy)              # as a passed Poseer leaves it (the scene of the shot)
    app.menu = None
    app.step()
    assert gs.side(enemy) == "red" and possession.owner_side(gs, enemy) == "blue"
    assert ("possessed", (150, 185, 245)) in effect_marks(gs, enemy, True)
    assert entry(app, "command_possessed").enabled
    app.view.zoom_at(1.6, mini_pos(app, neuro))
    app.step()
    shot(app, "90-possessed")


def test_CBA_21_possessed_equipment_shown_on_its_holders_plate_and_handled_from_the_menu(tmp_path):
    """A neuromancer possesses the enemy gun buggy (its stress at its QUA from hacks) and switches it off: the buggy's
    plate shows '⚙<name> off' in red's colour; Manejar el equipo poseído is a menu row (no ENE) before that.
    Screenshot 94."""
    from wartime.core.components import GearStress, Mount
    from wartime.rules import possessed_gear
    from wartime.ui import theme
    from wartime.ui.gear_possession_marks import gear_marks
    app, gs, neuro = neuromancer_acts(tmp_path, "motorised.toml")
    buggy = next(e for e in gs.minis() if gs.side(e) == "blue" and gs.world.has(e, Mount)
                 and not gs.world.get(e, Mount).flies)
    q = gs.pos(buggy)
    place(app, neuro, q.x - 5.0, q.y, facing=0.0)
    gs.world.set(buggy, GearStress(gs.world.get(buggy, Mount).QUA))          # hacked to its QUA (MET-8)
    app.menu = None
    app.step()
    assert entry(app, "possess").enabled
    possessed_gear.start(gs, neuro, buggy, "transport")   # as a passed Poseer leaves it (the scene of the shot)
    app.menu = None
    app.step()
    row = entry(app, "control_equipment")
    assert row.enabled and row.cost_text == "0"
    possessed_gear.control(gs, None, neuro, buggy, possessed_gear.OFF, 0)
    app.menu = None
    app.step()
    name = gs.world.get(buggy, Mount).name
    assert (f"⚙{name} off", theme.SIDE_LIGHT["red"]) in effect_marks(gs, buggy, True)
    assert gear_marks(gs, buggy, False) == [("⚙ off", theme.SIDE_LIGHT["red"])]
    app.view.zoom_at(1.6, mini_pos(app, buggy))
    app.step()
    shot(app, "94-possessed-equipment")
