"""Run every benchmark: `python benchmarks/run.py [--json] [--filter TEXT]`.

Each `benchmarks/bench_*.py` module exposes `benchmarks() -> {name: zero-argument callable}`. Each callable
is timed with timeit: enough calls for ~0.2 s per run, 5 runs; the median per call is reported in µs."""
from __future__ import annotations

import argparse
import importlib.util
import json
import platform
import statistics
import sys
import timeit
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def load_benchmarks() -> dict:
    out = {}
    for path in sorted(HERE.glob("bench_*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        out.update(mod.benchmarks())
    return out


def measure(fn, target_s: float = 0.2, runs: int = 5) -> dict:
    t = timeit.Timer(fn)
    n, _ = t.autorange()
    per_run = max(1, int(n * target_s / 0.2))
    times = [t.timeit(per_run) / per_run for _ in range(runs)]
    return {"median_us": round(statistics.median(times) * 1e6, 3), "runs": runs, "calls_per_run": per_run}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--filter", default="")
    args = ap.parse_args()
    results = {name: measure(fn) for name, fn in load_benchmarks().items() if args.filter in name}
    if args.json:
        print(json.dumps(results, sort_keys=True))
        return 0
    print(f"machine: {platform.processor() or platform.machine()}, {platform.system()}, Python {platform.python_version()}")
    print(f"{'benchmark':40} {'median':>14}")
    for name, r in results.items():
        us = r["median_us"]
        shown = f"{us / 1000:.2f} ms" if us >= 1000 else f"{us:.2f} µs"
        print(f"{name:40} {shown:>14}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
