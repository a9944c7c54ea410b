"""Decisions per second of each controller, and search iterations per second (issue 15 point 5).

`python benchmarks/bench_controllers.py [--seeds 2] [--scenario skirmish.toml]` plays seeded games of the
scenario (its default lists, the same controller on both sides, no checkpoints: a batch game) and prints, per
controller, the decisions per second of whole games (`Match.play` CPU time / decisions: the engine's share
included); then, on the skirmish grown to 20 miniatures a side (benchmarks/bench_snapshot.py):

* `snapshot+restore` — `world.restore(world.snapshot())` per second;
* `search iteration` — restore a root snapshot and submit one legal decision to the engine (the first legal
  option of the pending 'action' decision: its validation and resolution included), per second;
* `search controller` — the search AI (wartime/ai/search.py, default budget) as red against the scripted AI on
  the scenario: its decisions per second (CPU time of `decide`, every decision), the median and 90th percentile
  ms of a searched decision (an 'action' with at least two candidates), and its rollouts (search iterations:
  restore + candidate + scripted play to the horizon) per second;
* the agent API (wartime.env, if PettingZoo is installed): environment steps per second of a random agent
  over the action mask (every step enumerates every legal option, see wartime/env.py).

Whole games are too long for `benchmarks/run.py`'s timeit loop: `benchmarks()` gives it nothing."""
from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
import timeit
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))


def benchmarks() -> dict:
    return {}


def controller_rates(scenario: str, seeds: list[int], kinds=("random", "scripted")) -> dict[str, dict]:
    from wartime.ai import make_controller
    from wartime.core.rng import derive_seed
    from wartime.data.loader import load_match_inputs
    from wartime.match.match import Match
    sc, lists = load_match_inputs(ROOT / "scenarios" / scenario, {})
    out = {}
    for kind in kinds:
        cpu, decisions = 0.0, 0
        for seed in seeds:
            ctr = {s: make_controller(kind, derive_seed(seed, f"controller:{s}")) for s in ("red", "blue")}
            m = Match(sc, lists, seed, ctr, checkpoints=False)
            t0 = time.process_time()
            m.play()
            cpu += time.process_time() - t0
            decisions += len(m.decisions)
        out[kind] = {"games": len(seeds), "decisions": decisions, "cpu_s": round(cpu, 2),
                     "decisions_per_s": round(decisions / cpu, 1)}
    return out


def search_rates() -> dict[str, float]:
    from bench_snapshot import world_with
    m = world_with(20)
    world, engine = m.world, m.engine
    while m.pending is not None and m.pending.kind != "action":         # deploy, initiative, activate
        p = m.pending
        m.submit(m.controllers[p.side].decide(m, p))
    world.listeners.clear()                                             # the match's record keeping aside
    p = m.pending
    option = next(iter(engine.legal_options()))
    decision = option.decision(p.side, p.actor)
    root = world.snapshot()

    def snapshot_restore():
        world.restore(world.snapshot())

    def iteration():
        world.restore(root)
        engine.submit(decision)

    def rate(fn, number):
        return number / statistics.median(timeit.repeat(fn, number=number, repeat=5))
    out = {"snapshot+restore per s (40 miniatures)": rate(snapshot_restore, 5000),
           f"search iterations per s (restore + submit {option.key!r})": rate(iteration, 500)}
    world.restore(root)
    return out


def search_controller_rates(scenario: str, seeds: list[int]) -> dict:
    from wartime.ai import make_controller
    from wartime.ai.search import SearchController
    from wartime.core.rng import derive_seed
    from wartime.data.loader import load_match_inputs
    from wartime.match.match import Match
    sc, lists = load_match_inputs(ROOT / "scenarios" / scenario, {})
    all_cpu, searched, rollouts, n = 0.0, [], 0, 0
    for seed in seeds:
        search = SearchController(derive_seed(seed, "controller:red"))
        ctr = {"red": search, "blue": make_controller("scripted", derive_seed(seed, "controller:blue"))}
        m = Match(sc, lists, seed, ctr, checkpoints=False)
        while m.pending is not None:
            p = m.pending
            t0 = time.process_time()
            d = ctr[p.side].decide(m, p)
            dt = time.process_time() - t0
            if p.side == "red":
                all_cpu += dt
                n += 1
                if p.kind == "action" and search.last_stats.get("rollouts"):
                    searched.append(dt)
                    rollouts += search.last_stats["rollouts"]
                    search.last_stats = {}
            m.submit(d)
    searched.sort()
    return {"games": len(seeds), "decisions": n, "decisions_per_s": round(n / all_cpu, 1),
            "searched": len(searched), "median_ms": round(1000 * statistics.median(searched), 1),
            "p90_ms": round(1000 * searched[int(0.9 * (len(searched) - 1))], 1),
            "rollouts_per_s": round(rollouts / sum(searched), 1)}


def env_rate(scenario: str, seed: int = 1, steps: int = 300) -> float | None:
    try:
        from wartime.env import env
    except ImportError:
        return None
    import numpy as np
    e = env(scenario=ROOT / "scenarios" / scenario, max_decisions=steps)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    n = 0
    t0 = time.process_time()
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        n += 1
    return n / (time.process_time() - t0)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenario", default="skirmish.toml")
    ap.add_argument("--seeds", type=int, default=2, help="games per controller: seeds 1..N")
    args = ap.parse_args(argv)
    print(f"{platform.processor() or platform.machine()}, {platform.system()}, Python {platform.python_version()}")
    for kind, r in controller_rates(args.scenario, list(range(1, args.seeds + 1))).items():
        print(f"{kind:9} {r['decisions_per_s']:8.1f} decisions/s  ({r['decisions']} decisions in {r['games']} "
              f"{args.scenario} games, {r['cpu_s']} s CPU)")
    r = search_controller_rates(args.scenario, list(range(1, args.seeds + 1)))
    print(f"search    {r['decisions_per_s']:8.1f} decisions/s  ({r['decisions']} decisions as red against the scripted "
          f"AI in {r['games']} {args.scenario} games); {r['searched']} searched: median {r['median_ms']} ms, "
          f"p90 {r['p90_ms']} ms a decision; {r['rollouts_per_s']} rollouts (search iterations)/s")
    for name, v in search_rates().items():
        print(f"{name:55} {v:10.0f}")
    rate = env_rate(args.scenario)
    print("agent API (wartime.env): PettingZoo not installed" if rate is None
          else f"agent API (wartime.env), random agent: {rate:.1f} steps/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
