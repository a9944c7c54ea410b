"""Random-vs-random games on each shipped scenario end without an exception within the turn limit,
and invariants hold after every event: energy within [−10, 10] (ENE-3, REA-2), bases on one level never overlap (BAS-2),
the dead and incapacitated never act (WND-2, WND-3).

The default run plays FAST_SEEDS on each scenario; the full 200 games per scenario are marked `slow`
(`pytest -m slow`). Both check the same invariants and end conditions."""
from __future__ import annotations

import math

import pytest

from wartime.core.components import Energy, Position
from wartime.rules.turns import END_REASONS
from tests.match.game_helpers import SCENARIOS, make_match

GAMES = 200
CHUNKS = 8
#: the fast variant's games per scenario (a subset of the slow run's seeds)
FAST_SEEDS = (0, 1)


def check_invariants(m, ev):
    gs = m.gs
    if ev["type"] == "energy":          # every change of a character's energy is an `energy` event
        v = gs.world.get(ev["who"], Energy).value
        assert v == ev["after"] and -10 <= v <= 10, f"energy {v} out of range after {dict(ev)}"
    if ev["type"] in ("action", "activation_start") and ev.get("who") is not None:
        assert gs.able(ev["who"]) or ev["type"] == "activation_start", f"a casualty acted: {dict(ev)}"
    if ev["type"] == "moved":
        mover = ev["who"]
        p = gs.world.get(mover, Position)
        for o in gs.minis():
            if o == mover or not gs.on_table(o) or not gs.on_table(mover):
                continue
            q = gs.world.get(o, Position)
            if q.level != p.level:             # a glider above (MVA-15) or a burrower below (MVA-16) passes over
                continue
            gap = math.hypot(p.x - q.x, p.y - q.y) - gs.body(mover).radius - gs.body(o).radius
            assert gap >= -1e-6, f"bases overlap after {dict(ev)}"


def play_checked(scenario, seed: int) -> None:
    """One random-vs-random game with the invariants checked after every event; it must end properly."""
    m = make_match(scenario, seed, "random", "random")
    m.world.listeners.append(lambda ev, m=m: check_invariants(m, ev))
    result = m.play()
    assert m.over
    assert 1 <= result["turns"] <= m.scenario.turn_limit
    assert result["reason"] in END_REASONS


@pytest.mark.parametrize("seed", FAST_SEEDS)
@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_a_few_random_games_end_and_keep_invariants(scenario, seed):
    play_checked(scenario, seed)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_random_games_end_and_keep_invariants(scenario, chunk):
    for seed in range(chunk, GAMES, CHUNKS):
        play_checked(scenario, seed)
