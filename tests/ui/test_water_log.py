"""TRT-FISH: the log narrates a fish's dive and its way up (ui.narrate)."""
from __future__ import annotations

from wartime.match.narrate import describe


def test_TRT_FISH_the_log_narrates_the_dive_and_the_way_up():
    down = describe({"type": "underwater", "rule": "TRT-FISH", "who": 1, "at": [15, 20], "level": -1},
                    lambda e: "Carp")
    up = describe({"type": "surfaced", "rule": "TRT-FISH", "who": 1, "at": [15, 20], "level": 1}, lambda e: "Carp")
    assert "Carp dives under the water" in str(down) and "Carp comes up" in str(up)


def test_TRT_FISH_the_window_offers_the_dive_as_a_swim_entry_of_its_own(tmp_path):
    """The engine's depth choice of a fish's swim is the menu entry "Swim: underwater" (and, under the water,
    "Swim: surface"); a character that cannot stay under the water has the plain "Swim" only."""
    from shapely.geometry import box
    from ui_helpers import answer_until_red_action, make_app

    from wartime.core.components import Traits
    from wartime.geometry.board import Board, TerrainPiece
    from wartime.ui.adapter import action_menu

    app = make_app(tmp_path, seed=7, start=False)
    answer_until_red_action(app)
    match = app.match
    gs = match.gs
    actor = match.pending.actor
    p = gs.pos(actor)
    pond = TerrainPiece("pond", "water", box(p.x - 3, p.y - 3, p.x + 3, p.y + 3), 0.0, False)
    gs.board = Board(gs.board.width, gs.board.height, list(gs.board.pieces) + [pond], gs.board.grid)
    assert [e.label for e in action_menu(match, actor) if e.key == "swim"] == ["Swim"]
    gs.world.set(actor, Traits(gs.traits(actor) + ("TRT-FISH",)))
    swims = [e for e in action_menu(match, actor) if e.key == "swim"]
    assert [(e.label, e.params.get("depth")) for e in swims] == [("Swim", None), ("Swim: underwater", "underwater")]
    assert all(e.enabled for e in swims)
