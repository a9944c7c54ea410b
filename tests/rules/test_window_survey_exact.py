"""Issue 20 (REA-1, ENV-1): the reaction survey's sight answers take shortcuts (the arc and distance pre-filters, the
engine's sight memo, the scalar FOV test); at every reaction window of whole games of shipped scenarios, every
watcher's answer is compared with the full question asked afresh: the FOV mask of the whole track in arrays, then the
LOS query, no pre-filter and no memo."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.rules_helpers import Game, M, piece
from wartime.ai import make_controller
from wartime.core.components import Climbing
from wartime.data.loader import load_army_list, load_scenario
from wartime.match.match import Match
from wartime.rules import reactions, reactors

ROOT = Path(__file__).resolve().parents[2]


def _full_reason(gs, reactor: int, actor: int, track) -> str:
    """REA-1 without any shortcut: MOV-11's levels, then `sight.fov_mask` over the track and one LOS query."""
    po, pa = gs.pos(reactor), gs.pos(actor)
    if not track or (po.level != pa.level and {po.level, pa.level} != {1, 2}):
        return reactions.NOT_IN_FOV
    return reactions._traced_reason_arrays(gs, reactor, actor, track, po, pa, gs.fov_range(reactor),
                                           gs.body(reactor).radius, gs.body(actor).radius)


@pytest.mark.parametrize("name, seed, blue", [("skirmish.toml", 1, "random"), ("skirmish.toml", 2, "scripted"),
                                              ("crossroads.toml", 1, "random"), ("ruined-town.toml", 1, "scripted")])
def test_REA_1_ENV_1_survey_sight_answers_match_the_full_question(monkeypatch, name, seed, blue):
    sc = load_scenario(ROOT / "scenarios" / name)
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    m = Match(sc, lists, seed, {"red": make_controller("scripted", seed), "blue": make_controller(blue, seed + 5)})
    seen: dict[str, int] = {}
    fast = reactors.sight_reason

    def checked(gs, reactor, actor, track, memo=None):
        got = fast(gs, reactor, actor, track, memo)
        assert got == _full_reason(gs, reactor, actor, track), (reactor, actor, track)
        seen[got] = seen.get(got, 0) + 1
        return got

    monkeypatch.setattr(reactors, "sight_reason", checked)
    for _ in range(500):
        if not m.step():
            break
    assert sum(seen.values()) > 100 and len(seen) >= 3, seen


def test_REA_1_MVA_10_the_sight_memo_keys_the_reactors_climb():
    """REA-1, MVA-10: a watcher behind a 1.5 K wall does not see the enemy 14 K beyond it; once it clings 1 K up
    the wall (its eye 2 K high) it does, from the same spot, facing and FOV. The engine's sight memo answered the
    climber with its answer from the ground (found in a ruined-town game of session 20): its key now holds the
    reactor's eye point."""
    wall = piece("wall", "high", 8.0, 10.5, 12.0, 11.0, height=1.5, blocks_los=True)
    g = Game(M(side="red", x=10.0, y=10.0, facing=90.0), M(side="blue", x=10.0, y=25.0, facing=270.0),
             pieces=[wall])
    watcher, enemy = g.ids
    memo: dict = {}
    track = [(10.0, 25.0)]
    assert reactions.sight_reason(g.gs, watcher, enemy, track, memo) == _full_reason(g.gs, watcher, enemy, track) \
        == "no_los"
    g.gs.world.set(watcher, Climbing("wall", 1.0))
    assert _full_reason(g.gs, watcher, enemy, track) == "sight"
    assert reactions.sight_reason(g.gs, watcher, enemy, track, memo) == "sight"
