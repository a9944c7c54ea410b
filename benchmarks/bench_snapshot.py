"""World snapshot + restore for a 20-a-side game (issue 15 point 5: search needs ≤ 20 µs for 20 miniatures).

`python benchmarks/bench_snapshot.py` prints the median µs (timeit, 7 runs) of:

* `snapshot_restore_40_minis` — `world.restore(world.snapshot())` on the skirmish grown to 20 miniatures a side;
* `search_iteration_40_minis` — what one iteration of a search pays: restore the root snapshot, then one die
  rolled and one component changed (so the dice state and one table really are copied back), i.e.
  `restore(root); d10(); set(...)`;
* `snapshot_after_change_40_minis` — a snapshot taken after a die roll and a change (the dice state is read
  afresh).

`benchmarks/run.py` picks the same callables up (`benchmarks()`)."""
from __future__ import annotations

import statistics
import sys
import timeit
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def world_with(per_side: int = 20, scenario: str = "skirmish.toml"):
    """The scenario's match with each side grown to `per_side` miniatures (copies of its own miniatures, shifted
    so no two share a spot: the snapshot only copies tables, so the positions need not be legal)."""
    from wartime.ai import make_controller
    from wartime.core.components import Identity, Position
    from wartime.data.loader import load_army_list, load_scenario
    from wartime.match.match import Match
    sc = load_scenario(ROOT / "scenarios" / scenario)
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    m = Match(sc, lists, 1, {"red": make_controller("scripted", 1), "blue": make_controller("scripted", 2)})
    world = m.world
    for side in m.gs.sides:
        own = [e for e in m.gs.minis() if m.gs.side(e) == side]
        n = len(own)
        while n < per_side:
            src = own[n % len(own)]
            comps = [tab[src] for tab in world.tables.values() if src in tab]
            comps = [replace(c, x=c.x + 0.01 * n) if isinstance(c, Position) else c for c in comps]
            world.create(*comps)
            n += 1
    assert sum(1 for _ in world.query(Identity)) >= 2 * per_side
    return m


def benchmarks() -> dict:
    from wartime.core.components import Energy
    m = world_with(20)
    world = m.world
    e = m.gs.minis()[0]
    root = world.snapshot()

    def snapshot_restore():
        world.restore(world.snapshot())

    def search_iteration():
        world.restore(root)
        world.dice.d10()
        world.set(e, Energy(world.get(e, Energy).value - 1))

    def snapshot_after_change():
        world.dice.d10()
        world.set(e, Energy(world.get(e, Energy).value))
        world.snapshot()

    return {"snapshot_restore_40_minis": snapshot_restore, "search_iteration_40_minis": search_iteration,
            "snapshot_after_change_40_minis": snapshot_after_change}


def median_us(fn, number: int = 2000, repeat: int = 7) -> float:
    return statistics.median(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1e6


def main() -> int:
    import platform
    print(f"Python {platform.python_version()}, {platform.machine()}")
    for name, fn in benchmarks().items():
        print(f"{name:36} {median_us(fn):8.2f} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
