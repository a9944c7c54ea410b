"""Benchmarks of the core hot paths: world snapshot/restore, an LOS query, the answers kept across world versions
(every pair's distance and the trait sets after an event: issue 20), an event's canonical payload (whole games:
benchmarks/games.py)."""
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

    from wartime.core.events import make_event
    from wartime.rules.traits import registry
    minis = gs.minis()

    def after_an_event():
        """A new world version that changes no table (an event): every pair's distance and every trait set, kept
        across it (GameState._where_kept, traits.stable_table)."""
        world.emit("bench", None)
        for x in minis:
            registry.character_traits(gs, x)
            for y in minis:
                if x != y:
                    gs.distance(x, y)

    def event_payload():
        make_event("move", "MOV-3", who=3, path=[[1.25, 2.5], [3.0, 4.125]], cost=2, reason="run", chain=False)

    # whole games: benchmarks/games.py (many seeds, median and p90, scripted and random)
    return {"snapshot_20_minis": world.snapshot, "snapshot_restore_20_minis": snapshot_restore,
            "los_query_pair": los_query, "kept_answers_after_an_event": after_an_event,
            "event_payload": event_payload}
