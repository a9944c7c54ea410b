"""Breakable walls and doors in the window (rules/scenery_breaking.py; wartime/ui/scenery_view.py): the engine's blow
at a wall the actor touches is a menu entry of its own, played from the menu; a destroyed wall is drawn as rubble.
Screenshot 97 in docs/screenshots/ is taken here."""
from __future__ import annotations

from dataclasses import replace

from ui_helpers import ROOT, answer_until_red_action, make_app, menu_index, press, screen_pos, settle, shot

from wartime.core.components import BreakablePiece

FIX = ROOT / "tests" / "match" / "fixtures"
KEY = "melee_attack_scenery"


def test_TRT_WALLBREAKER_the_window_offers_the_blow_and_draws_the_rubble(tmp_path):
    app = make_app(tmp_path, scenario=FIX / "breach.toml", start=False)
    gs = app.match.gs
    red = next(e for e in gs.minis() if gs.side(e) == "red")
    gs.world.set(red, replace(gs.pos(red), x=7.0, y=4.0, facing=0.0))      # its base touches the yard wall
    app.menu = None                                     # the menu drawn before the test moved it is stale
    answer_until_red_action(app)
    i = menu_index(app, KEY)
    entry = app._menu(app.match.pending)[i]
    assert entry.enabled and entry.params == {"piece": "yard-wall", "weapon": 0}
    assert entry.label == "Break scenery: Yard wall, Maul" and entry.place[0] == "piece"
    c = gs.scenario_board.piece("yard-wall").polygon.centroid
    at = tuple(int(v) for v in screen_pos(app, c.x, c.y))
    standing = app.screen.get_at(at)
    before = len(app.match.gs.world.events)
    press(app, "menu", i)
    settle(app)
    kinds = [ev["type"] for ev in app.match.gs.world.events[before:]]
    assert "scenery_hit" in kinds or "scenery_miss" in kinds
    el = gs.breakables["yard-wall"]
    if not gs.world.get(el, BreakablePiece).gone:       # the seeded blow may have left it standing
        gs.world.set(el, replace(gs.world.get(el, BreakablePiece), wounds=4, gone=True))
    app.step()
    shot(app, "97-broken-wall")
    assert app.screen.get_at(at) != standing


def test_TRT_WALLBREAKER_the_window_offers_the_unarmed_blow_at_the_wall(tmp_path):
    """CBA-10 at scenery: the breacher touching the yard wall also gets an unarmed blow at it, a menu entry of its own
    naming the wall (no weapon), played from the menu."""
    app = make_app(tmp_path, scenario=FIX / "breach.toml", start=False)
    gs = app.match.gs
    red = next(e for e in gs.minis() if gs.side(e) == "red")
    gs.world.set(red, replace(gs.pos(red), x=7.0, y=4.0, facing=0.0))
    app.menu = None
    answer_until_red_action(app)
    i = menu_index(app, "unarmed_attack_scenery")
    entry = app._menu(app.match.pending)[i]
    assert entry.enabled and entry.params == {"piece": "yard-wall"} and "Yard wall" in entry.label
    assert entry.place[0] == "piece"
    before = len(app.match.gs.world.events)
    press(app, "menu", i)
    settle(app)
    events = app.match.gs.world.events[before:]
    assert any(ev["type"] in ("scenery_hit", "scenery_miss") for ev in events)
    assert any(ev["type"] == "action" and ev.get("action") == "unarmed_attack_scenery" for ev in events)
