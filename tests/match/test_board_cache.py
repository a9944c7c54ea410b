"""Issue 20: the boards a process keeps (`match.setup.build_board`) hold only answers that are pure functions of the
static terrain, so a game plays the same, event for event, on a fresh board and on one that other games warmed
(the match's seeded dice decide; nothing a previous game left may change a later one). Scrapyard has doors
(GNA-16), movable (TRT-SCENERY) and breakable (TRT-WALLBREAKER) pieces, whose variant boards are kept on the
scenario board too; skirmish has none."""
from __future__ import annotations

import pytest

from tests.match.game_helpers import ROOT, make_match
from wartime.core.events import canonical_json
from wartime.data.loader import load_scenario
from wartime.match import setup


def _log(scenario, seed: int, red: str, blue: str) -> list[str]:
    m = make_match(scenario, seed, red, blue)
    m.play()
    return [kind + canonical_json(payload) for kind, payload in m.entries]


def test_one_board_per_board_content():
    a = load_scenario(ROOT / "scenarios" / "skirmish.toml")
    b = load_scenario(ROOT / "scenarios" / "skirmish.toml")
    assert a is not b
    assert setup.build_board(a) is setup.build_board(b)
    other = load_scenario(ROOT / "scenarios" / "ruins.toml")
    assert setup.build_board(other) is not setup.build_board(a)
    setup.clear_boards()
    assert setup.build_board(a) is not None and setup.build_board(a) is setup.build_board(b)


@pytest.mark.parametrize("name, red, blue", [("scrapyard", "scripted", "random"), ("skirmish", "random", "scripted")])
def test_same_game_on_a_fresh_and_on_a_warmed_board(name, red, blue):
    scenario = ROOT / "scenarios" / f"{name}.toml"
    setup.clear_boards()
    fresh = _log(scenario, 2, red, blue)
    board = setup.build_board(load_scenario(scenario))
    assert board.cover_memo or board.path_memo, "the first game left answers on the kept board"
    _log(scenario, 3, red, blue)                      # warm it with another game
    warmed = _log(scenario, 2, red, blue)
    assert setup.build_board(load_scenario(scenario)) is board, "the second game ran on the kept board"
    assert warmed == fresh
