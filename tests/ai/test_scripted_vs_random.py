"""The scripted controller beats the random one in at least 90 % of 200 games: every shipped army list in
a mirror match (so only play differs), on every shipped scenario, the scripted side alternating red/blue.

A win-rate threshold over 200 whole games: marked `slow` (run with `pytest -m slow`)."""
from __future__ import annotations

import os

import pytest

from wartime.data.loader import load_army_list
from tests.match.game_helpers import LISTS, SCENARIOS, make_match

GAMES = 200
CHUNKS = 8
_results: dict[int, tuple[int, int]] = {}


def pairings():
    return [(sc, lst) for sc in SCENARIOS for lst in LISTS]


def play_chunk(chunk: int) -> tuple[int, int]:
    wins = games = 0
    combos = pairings()
    for seed in range(chunk, GAMES, CHUNKS):
        sc, lst = combos[seed % len(combos)]
        army = load_army_list(lst)
        smart = "red" if (seed // len(combos)) % 2 == 0 else "blue"
        other = "blue" if smart == "red" else "red"
        m = make_match(sc, seed, **{smart: "scripted", other: "random"}, lists={"red": army, "blue": army})
        r = m.play()
        wins += r["winner"] == smart
        games += 1
    return wins, games


# one xdist group: the chunks and the total run on the same worker, in order, so the total reuses them
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("scripted_vs_random")]


def _shared_dir(factory):
    """A folder shared by the xdist workers of this run (their base temp folders' parent)."""
    base = factory.getbasetemp()
    # under xdist each worker's base is <run>/popen-gwN: share <run>; without xdist <run> is the base itself
    d = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "scripted_vs_random"
    d.mkdir(exist_ok=True)
    return d


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_scripted_beats_random_chunk(chunk, tmp_path_factory):
    wins, games = play_chunk(chunk)
    # a sanity bound per chunk (one list on one scenario); the 90 % bound is on the 200 games below
    assert wins / games >= 0.6, f"scripted won only {wins}/{games} in chunk {chunk}"
    _results[chunk] = (wins, games)
    (_shared_dir(tmp_path_factory) / f"{chunk}.txt").write_text(f"{wins} {games}")


def test_scripted_beats_random_90_percent_total(tmp_path_factory):
    """Reuses the chunks run before it (same worker; runs any missing one), then checks ≥ 90 % of 200."""
    total_w = total_g = 0
    shared = _shared_dir(tmp_path_factory)
    for chunk in range(CHUNKS):
        f = shared / f"{chunk}.txt"
        if chunk not in _results and f.exists():
            _results[chunk] = tuple(int(v) for v in f.read_text().split())
        w, g = _results.get(chunk) or play_chunk(chunk)
        total_w += w
        total_g += g
    assert total_g == GAMES
    assert total_w / total_g >= 0.9, f"scripted won {total_w}/{total_g}"
