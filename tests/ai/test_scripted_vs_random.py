"""The scripted controller against the random one on every shipped scenario with either of its default lists
(issue 15 point 1): per cell (scenario × the side the scripted AI plays, each side with the scenario's default
list) 100 games; each cell's win rate and its Wilson 95 % interval are printed (`pytest -m slow -s`).

Threshold: ≥ 98 % in every cell, as the issue asks. The games are seeded, so the figures are reproducible: a
change to the AI or the engine that moves a cell below it fails here. Measured when written: 98-100 % in every
cell (crossroads with the mixed list, blue, the lowest: draws at the turn limit).

Whole games by the hundred: marked `slow` (run with `pytest -m slow`)."""
from __future__ import annotations

import pytest

from tests.match.game_helpers import SCENARIOS, make_match
from wartime.balance.stats import wilson_interval

GAMES = 100
CELLS = [(sc, side) for sc in SCENARIOS for side in ("red", "blue")]

pytestmark = [pytest.mark.slow]


def play_cell(scenario, smart: str) -> tuple[int, int]:
    other = "blue" if smart == "red" else "red"
    wins = 0
    for seed in range(1, GAMES + 1):
        r = make_match(scenario, seed, **{smart: "scripted", other: "random"}).play()
        wins += r["winner"] == smart
    return wins, GAMES


@pytest.mark.parametrize("scenario,smart", CELLS, ids=[f"{sc.stem}-{side}" for sc, side in CELLS])
def test_scripted_beats_random_in_every_cell(scenario, smart):
    wins, games = play_cell(scenario, smart)
    lo, hi = wilson_interval(wins, games)
    print(f"\n{scenario.stem} scripted={smart}: {wins}/{games} = {wins / games:.1%} (95 % CI {lo:.1%}-{hi:.1%})")
    assert wins / games >= 0.98, f"scripted ({smart}) won only {wins}/{games} on {scenario.stem}"
