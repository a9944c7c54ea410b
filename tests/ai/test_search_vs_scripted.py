"""The search controller against the scripted one on every shipped scenario, either side (issue 15 point 2): per
cell (scenario × the side the search AI plays, each side with the scenario's default list) GAMES seeded games,
seeds 200.., the search AI with its default budget. Each cell's wins, draws, losses and Wilson 95 % interval are
printed (`pytest -m slow -s`).

The issue asks ≥ 70 % wins over ≥ 200 games. That is NOT what was measured, so it is not asserted. Measured when
written (README "The search AI", 2 cores of an AMD EPYC; the same games as this test, played by a script):
83 wins, 14 draws, 103 losses in 200 games — 41.5 % wins (Wilson 95 % CI 34.9-48.4 %), a score of 45.0 % with a
draw as ½. The scripted AI against itself on the same seeds and sides (now `benchmarks/search_eval.py --controller
scripted`): 94 wins, 12 draws —
47.0 %, score 50.0 %. The search AI is no stronger than the scripted AI it searches with (it overturns the
scripted choice about once a game). The default lists are lopsided (ruined-town and skirmish: red wins nearly every
scripted mirror game), so a cell's rate says little on its own.

Later, with focus fire (wartime/ai/search.py `focus`), on 12 cells (convoy included) × seeds 200-209: 57 wins,
7 draws, 56 losses in 120 games (47.5 %, Wilson 95 % 38.8-56.4 %, score 50.4 %) against 53 / 8 / 59 without it on
the same games: within the noise (README "The search AI").

What is asserted is the honest floor: over all cells together the search AI scores (wins + ½ draws) at least
FLOOR — a regression guard below the measured 45.0 %, not the issue's target. The games are seeded and the
default budget is an iteration count, so the figure is reproducible exactly.

A search game takes ~1-3 s of CPU now (session 22; the "10-60 s" of when this was written was an older engine on a
loaded machine), so the slow run plays the whole measured configuration by default: SEARCH_GAMES (default 20) seeds
per cell, every cell in one test (one xdist worker: the totals need every cell, and a split would replay cells),
~10 min on one core. Every game must end with the search AI's decisions accepted by the engine, and over 20 seeds
a cell the score floor is asserted. `WARTIME_SEARCH_GAMES=2` plays the quick legality check only."""
from __future__ import annotations

import os

import pytest

from tests.match.game_helpers import SCENARIOS, make_match
from wartime.balance.stats import wilson_interval

GAMES = int(os.environ.get("WARTIME_SEARCH_GAMES", "20"))
SEEDS = range(200, 200 + GAMES)
#: the floor is asserted over the measured configuration only (20 seeds per cell: 280 games since convoy and
#: scrapyard were shipped)
MEASURED_GAMES = 20
CELLS = [(sc, side) for sc in SCENARIOS for side in ("red", "blue")]
#: (wins, draws, games) over all cells: 83 / 14 / 200 when written (five scenarios); session 22 (9766e23, seven
#: scenarios, 20 seeds a cell): 123 / 7 / 280, 43.9 % wins (Wilson 95 % 38.2-49.8 %), score 45.2 %
MEASURED = (123, 7, 280)
FLOOR = 0.40

pytestmark = [pytest.mark.slow]


def play_cell(scenario, searcher: str) -> tuple[int, int, int]:
    """The search AI as `searcher` against the scripted AI: (wins, draws, games) over SEEDS."""
    other = "blue" if searcher == "red" else "red"
    wins = draws = 0
    for seed in SEEDS:
        r = make_match(scenario, seed, **{searcher: "search", other: "scripted"}).play()
        wins += r["winner"] == searcher
        draws += r["winner"] is None
    return wins, draws, GAMES


def test_search_against_scripted_over_every_cell():
    """Issue 15 point 2: the search AI against the scripted AI in every cell (the scenario x the side it plays);
    every game ends (the engine raises on an illegal decision), and over the measured configuration the score
    (wins + ½ draws over all cells) holds FLOOR."""
    total_w = total_d = total_n = 0
    for scenario, side in CELLS:
        w, d, n = play_cell(scenario, side)
        lo, hi = wilson_interval(w, n)
        print(f"\n{scenario.stem} search={side}: {w}/{n} wins, {d} draws ({w / n:.0%}, 95 % CI {lo:.0%}-{hi:.0%})")
        total_w, total_d, total_n = total_w + w, total_d + d, total_n + n
    score = (total_w + 0.5 * total_d) / total_n
    lo, hi = wilson_interval(total_w, total_n)
    print(f"\nall cells: {total_w}/{total_n} wins ({total_w / total_n:.1%}, 95 % CI {lo:.1%}-{hi:.1%}), "
          f"{total_d} draws, score {score:.1%}")
    if GAMES >= MEASURED_GAMES:
        assert score >= FLOOR, f"search scored {score:.1%} against the scripted AI (floor {FLOOR:.0%})"
