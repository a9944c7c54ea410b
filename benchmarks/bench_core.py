"""Benchmarks of the core hot paths: world snapshot/restore, an LOS query (whole games: benchmarks/games.py)."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _match(scenario: str, seed: int = 1):
    from wartime.ai import make_controller
    from wartime.data.loader import load_army_list, load_scenario
    from wartime.match.match import Match
    sc = load_scenario(ROOT / "scenarios" / scenario)
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    return Match(sc, lists, seed, {"red": make_controller("scripted", 1), "blue": make_controller("scripted", 2)})


def benchmarks() -> dict:
    m = _match("skirmish.toml")
    world = m.world
    # grow to a 20-miniature world for the snapshot figure
    from dataclasses import replace
    from wartime.core.components import Identity, Position
    ids = world.entities()
    while len(world.entities()) < 20:
        src = ids[len(world.entities()) % len(ids)]
        comps = [tab[src] for tab in world.tables.values() if src in tab]
        world.create(*comps)
    snap = world.snapshot()

    def snapshot_restore():
        world.restore(world.snapshot())

    gs = m.gs
    a, b = gs.minis()[0], gs.minis()[-1]

    def los_query():
        gs.board.cover_memo.clear()          # time the trace, not the memo (issue 20)
        gs.cover(a, [b])

    # whole games: benchmarks/games.py (many seeds, median and p90, scripted and random)
    return {"snapshot_20_minis": world.snapshot, "snapshot_restore_20_minis": snapshot_restore,
            "los_query_pair": los_query}
