"""Search AI against the scripted AI on chosen cells and seeds (issue 15 point 2), for measuring changes.

`nice -n 10 python benchmarks/search_eval.py --seeds 200-203 --scenarios crossroads,ruins,tavern-brawl
--workers 2 [--opt key=value ...] --out /tmp/x.json` plays, per scenario x side the search AI plays, each seed
(the scenario's default lists; the other side scripted), and prints per cell W / D / L with the Wilson 95 %
interval, the totals, the CPU time (time.process_time) of the searched decisions (median and p90) and the search
AI's CPU per own action decision (all the CPU of its decisions over its 'action' decisions: a plan's cost spread
over its activation). `--opt` sets SearchController keyword arguments (e.g. `--opt iterations=24`); `--controller
scripted` plays the mirror."""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _value(s: str):
    for cast in (int, float):
        try:
            return cast(s)
        except ValueError:
            pass
    return {"true": True, "false": False, "none": None}.get(s.lower(), s)


def play(job) -> dict:
    scenario, side, seed, controller, opts = job
    from wartime.ai import make_controller
    from wartime.ai.search import SearchController
    from wartime.data.loader import load_army_list, load_scenario
    from wartime.match.match import Match, derive_seed
    sc = load_scenario(ROOT / "scenarios" / f"{scenario}.toml")
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    other = "blue" if side == "red" else "red"
    times: list[float] = []
    spent = {"cpu": 0.0, "actions": 0, "decisions": 0}
    if controller == "search":
        ctl = SearchController(derive_seed(seed, f"controller:{side}"), **opts)
        decide = ctl.decide

        def timed(match, p):
            t = time.process_time()
            d = decide(match, p)
            dt = time.process_time() - t
            spent["cpu"] += dt
            spent["decisions"] += 1
            spent["actions"] += p.kind == "action"
            if ctl.last_stats.get("rollouts"):
                times.append(dt)
            ctl.last_stats = {}
            return d
        ctl.decide = timed
    else:
        ctl = make_controller(controller, derive_seed(seed, f"controller:{side}"))
    ctr = {side: ctl, other: make_controller("scripted", derive_seed(seed, f"controller:{other}"))}
    t0 = time.process_time()
    r = Match(sc, lists, seed, ctr).play()
    return {"scenario": scenario, "side": side, "seed": seed, "winner": r["winner"],
            "result": 1 if r["winner"] == side else 0 if r["winner"] is None else -1,
            "cpu": time.process_time() - t0, "times": times, "spent": spent}


def main() -> None:
    from wartime.balance.stats import wilson_interval
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="200-203")
    ap.add_argument("--scenarios", default="crossroads,ruins,tavern-brawl")
    ap.add_argument("--sides", default="red,blue")
    ap.add_argument("--controller", default="search")
    ap.add_argument("--opt", action="append", default=[])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out")
    a = ap.parse_args()
    lo, hi = (int(x) for x in a.seeds.split("-"))
    opts = {k: _value(v) for k, v in (o.split("=", 1) for o in a.opt)}
    jobs = [(sc, side, seed, a.controller, opts) for sc in a.scenarios.split(",") for side in a.sides.split(",")
            for seed in range(lo, hi + 1)]
    games = []
    with Pool(a.workers) as pool:
        for g in pool.imap(play, jobs, chunksize=1):
            games.append(g)
            print(g["scenario"], g["side"], g["seed"], g["result"], f"{g['cpu']:.1f}s", flush=True)
            if a.out:                   # after every game: an interrupted run keeps the games it played
                Path(a.out).write_text(json.dumps({"opts": opts, "controller": a.controller, "games": games}))
    cells: dict = {}
    for g in games:
        cells.setdefault((g["scenario"], g["side"]), []).append(g["result"])
    cells["all", ""] = [g["result"] for g in games]
    for (sc, side), rs in cells.items():
        w, d, n = rs.count(1), rs.count(0), len(rs)
        l_, h_ = wilson_interval(w, n)
        print(f"{sc:14s} {side:5s} {w:3d} / {d:3d} / {n - w - d:3d}  {w / n:6.1%} ({l_:.0%}-{h_:.0%})  "
              f"score {(w + d / 2) / n:.1%}")
    ts = sorted(t for g in games for t in g["times"])
    if ts:
        print(f"searched decisions {len(ts)}: median {1000 * statistics.median(ts):.1f} ms, "
              f"p90 {1000 * ts[int(0.9 * (len(ts) - 1))]:.1f} ms (CPU)")
    spent = [g["spent"] for g in games if g.get("spent", {}).get("actions")]
    if spent:
        print(f"search AI CPU per own action decision (all its CPU / its action decisions): "
              f"{1000 * sum(x['cpu'] for x in spent) / sum(x['actions'] for x in spent):.1f} ms; per decision "
              f"{1000 * sum(x['cpu'] for x in spent) / sum(x['decisions'] for x in spent):.1f} ms")
    print(f"game CPU median {statistics.median(g['cpu'] for g in games):.1f} s")


if __name__ == "__main__":
    main()
