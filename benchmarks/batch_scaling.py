"""Batch throughput on 1 and 2 workers for each shipped scenario: `python benchmarks/batch_scaling.py
[--games 96] [--workers 1,2] [--scenarios skirmish,crossroads] [--lists shooters,brawlers,mixed]
[--backend process] [--json]`.

Each scenario plays the same batch (all ordered pairings of the lists, the same seeds) once per worker
count into a throw-away store; games/s is games / wall time of `run_batch` (pool started beforehand; the
fork server is warmed by a short batch first). Efficiency = CPU seconds spent in games / (workers × wall
seconds): 1.0 is perfect scaling; it drops with per-task overhead, idle workers at the end, or other work on
the machine (the load average is printed too). The balance bound = CPU seconds of all games / those of the
busiest worker: the speed-up the spread of the games allows on an otherwise idle machine. A batch plays at least
one game per ordered pairing of the lists (420 with the 21 shipped lists, whatever `--games` says): `--lists`
takes fewer."""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def measure(scenario: Path, games: int, workers: int, backend: str, tmp: Path, lists: list[Path]) -> dict:
    from wartime import __version__
    from wartime.balance.runner import games_per_pairing, make_config, open_executor, pairings, run_batch
    from wartime.balance.store import ResultStore
    from wartime.match.record import rules_data_hash
    config = make_config(scenario, lists, seed=1)
    per = games_per_pairing(games, len(pairings(config)))
    path = tmp / f"{scenario.stem}-{workers}-{time.monotonic_ns()}.sqlite"
    store = ResultStore.create(path, config.to_json(), per, __version__, rules_data_hash())
    with store, open_executor(backend, workers) as (ex, slots):
        t0 = time.perf_counter()
        s = run_batch(config, store, per, ex, slots, progress=False)
        wall = time.perf_counter() - t0
        rows = store.games()
    cpu = sum(g["cpu_s"] for g in rows)
    per_worker: dict[str, float] = {}
    for g in rows:
        per_worker[g["worker"]] = per_worker.get(g["worker"], 0.0) + g["cpu_s"]
    return {"scenario": scenario.stem, "workers": workers, "games": s.played, "wall_s": round(wall, 3),
            "games_per_s": round(s.played / wall, 3), "game_cpu_s_mean": round(cpu / s.played, 4),
            # the share of the workers' wall time spent playing: 1.0 is perfect scaling
            "efficiency": round(cpu / (workers * wall), 3),
            # the speed-up the spread of games over the workers allows on an otherwise idle machine
            "balance_bound": round(cpu / max(per_worker.values()), 3), "chunk_size": s.chunk_size}


def _pick(ap, option: str, folder: Path, names: str) -> list[Path]:
    """The shipped files of `folder` named in `names` (comma-separated, without .toml; all of them when empty)."""
    files = sorted(folder.glob("*.toml"))
    if not names:
        return files
    wanted = [n.strip().removesuffix(".toml") for n in names.split(",") if n.strip()]
    unknown = sorted(set(wanted) - {f.stem for f in files})
    if unknown:
        ap.error(f"{option}: nothing shipped is named {', '.join(unknown)} (shipped: {', '.join(f.stem for f in files)})")
    return [f for f in files if f.stem in wanted]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=96, help="games per scenario and worker count (total)")
    ap.add_argument("--workers", default="1,2")
    ap.add_argument("--scenarios", default="", help="comma-separated scenario names (default: every shipped one)")
    ap.add_argument("--lists", default="", help="comma-separated army list names (default: every shipped one)")
    ap.add_argument("--backend", default="process", choices=["process", "dask"])
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    counts = [int(x) for x in args.workers.split(",")]
    scenarios = _pick(ap, "--scenarios", ROOT / "scenarios", args.scenarios)
    lists = _pick(ap, "--lists", ROOT / "scenarios" / "lists", args.lists)
    rows = []
    with tempfile.TemporaryDirectory(prefix="wartime-scaling-") as d:
        tmp = Path(d)
        measure(scenarios[0], 4, max(counts), args.backend, tmp, lists)     # warm the fork server
        for sc in scenarios:
            base = None
            for w in counts:
                r = measure(sc, args.games, w, args.backend, tmp, lists)
                base = base or r["games_per_s"]
                r["speedup"] = round(r["games_per_s"] / base, 2)
                r["load_avg_1min"] = round(os.getloadavg()[0], 2)
                rows.append(r)
                if not args.json:
                    print(f"{r['scenario']:12} workers {w}: {r['games']} games in {r['wall_s']:.1f} s = "
                          f"{r['games_per_s']:.2f} games/s (×{r['speedup']:.2f}; mean game {r['game_cpu_s_mean']:.3f} "
                          f"s CPU; efficiency {r['efficiency']:.2f}; balance bound ×{r['balance_bound']:.2f}; "
                          f"load {r['load_avg_1min']})", flush=True)
    if args.json:
        print(json.dumps({"machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
                                     f"Python {platform.python_version()}", "results": rows}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
