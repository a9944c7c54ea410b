"""Benchmarks of the balance lab's parts: one batch game in a worker, the event accumulator, storing a game,
the statistics and the design-value fit."""
from __future__ import annotations

import itertools
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def benchmarks() -> dict:
    from wartime import __version__
    from wartime.ai import make_controller
    from wartime.balance.accumulator import GameAccumulator
    from wartime.balance.runner import make_config, plan_games
    from wartime.balance.stats import fit_design_values, rate, summarize
    from wartime.balance.store import ResultStore
    from wartime.balance.worker import run_game
    from wartime.data.loader import load_army_list, load_scenario
    from wartime.match.match import Match
    from wartime.match.record import rules_data_hash

    lists = sorted((ROOT / "scenarios" / "lists").glob("*.toml"))
    config = make_config(ROOT / "scenarios" / "skirmish.toml", lists, seed=1)
    specs = plan_games(config, 1)
    spec = specs[0]
    result = run_game(spec)                      # warms the worker caches

    sc = load_scenario(ROOT / "scenarios" / "skirmish.toml")
    m = Match(sc, {s: load_army_list(p) for s, p in sc.default_lists.items()}, 1,
              {"red": make_controller("scripted", 1), "blue": make_controller("scripted", 2)})
    m.play()

    def accumulate():
        acc = GameAccumulator()
        acc.before(m)
        acc.steps(m.entries)
        acc.after(m)

    tmp = Path(tempfile.mkdtemp(prefix="wartime-bench-"))
    store = ResultStore.create(tmp / "bench.sqlite", config.to_json(), 1, __version__, rules_data_hash())
    counter = itertools.count()

    def store_add():
        r = {"game": dict(result["game"], game_key=f"bench:{next(counter)}"), "characters": result["characters"]}
        store.add(r)

    # a 2000-game results set (the same game under many keys, winners alternating) for the statistics
    games, chars = [], []
    for i in range(2000):
        s = specs[i % len(specs)]
        key = f"{s.key}:{i}"
        g = dict(result["game"], game_key=key, red_list=s.red.key, blue_list=s.blue.key,
                 red_base_list=s.red.key, blue_base_list=s.blue.key,
                 winner=("red", "blue", None)[i % 3])
        games.append(g)
        chars.extend(dict(c, game_key=key) for c in result["characters"])

    return {
        "balance_run_game_skirmish": lambda: run_game(spec),
        "balance_accumulate_game": accumulate,
        "balance_store_add_game": store_add,
        "balance_rate_wilson": lambda: rate(1234, 56, 710),
        "balance_fit_2000_games": lambda: fit_design_values(games, chars),
        "balance_summarize_2000_games": lambda: summarize(games, chars),
    }
