"""Whole-game benchmarks that tell the truth (issue 20): `python benchmarks/games.py [--seeds 20]
[--controllers scripted,random] [--scale 5,10,20,40] [--json OUT] [--markdown] [--gc games|default]`.

Per shipped scenario and controller pair (the same controller on both sides, the scenario's default lists), it
plays seeds 1..N and reports the CPU time per game (median and p90, `time.process_time` of `Match.play` only:
loading and setup excluded), the decisions per game (median) and the CPU time per decision. With `--scale` it
also plays skirmish-sized games with n miniatures a side (riflemen and orc brawlers in equal parts, points limit
lifted), reporting the same figures and the slowest single decision, so the
curve of time per decision against army size can be read. Everything is measured in this process, one game
at a time, under a batch worker's garbage-collector policy (`wartime.core.gcpolicy`; `--gc default`: the
interpreter's own); the machine and its load average are printed (timings on a shared machine are noisy: compare
medians over many seeds, not single games)."""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def percentile(xs: list[float], q: float) -> float:
    """The q-quantile (0..1) by linear interpolation between order statistics."""
    s = sorted(xs)
    if not s:
        return float("nan")
    k = (len(s) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


class _Timed:
    """Wraps a controller: the CPU time of its slowest decision."""

    def __init__(self, inner):
        self.inner = inner
        self.kind = getattr(inner, "kind", None)
        self.slowest = 0.0

    def decide(self, match, pending):
        t = time.process_time()
        d = self.inner.decide(match, pending)
        self.slowest = max(self.slowest, time.process_time() - t)
        return d


def play(scenario, lists, kind: str, seed: int) -> dict:
    from wartime.ai import make_controller
    from wartime.match.match import Match
    ctrls = {"red": _Timed(make_controller(kind, seed)), "blue": _Timed(make_controller(kind, seed + 1000))}
    m = Match(scenario, lists, seed, ctrls)
    t = time.process_time()
    result = m.play()
    cpu = time.process_time() - t
    return {"cpu_s": cpu, "decisions": len(m.decisions), "winner": result["winner"],
            "slowest_decision_s": max(c.slowest for c in ctrls.values())}


def summarise(games: list[dict]) -> dict:
    cpu = [g["cpu_s"] for g in games]
    dec = [g["decisions"] for g in games]
    per = [g["cpu_s"] / max(1, g["decisions"]) for g in games]
    return {"games": len(games), "median_ms": statistics.median(cpu) * 1e3, "p90_ms": percentile(cpu, 0.9) * 1e3,
            "decisions_median": statistics.median(dec), "ms_per_decision": statistics.median(per) * 1e3,
            "slowest_decision_ms": max(g["slowest_decision_s"] for g in games) * 1e3}


SCALE_LIST = """format = 1
type = "list"
name = "Scale {n}"
description = "Benchmark army: {n} miniatures."
catalogue = "{catalogue}"

[[unit]]
character = "rifleman"
count = {a}

[[unit]]
character = "orc_brawler"
count = {b}
"""


def scale_inputs(n: int, tmp: Path):
    """A skirmish copy with the points limit lifted, and a list of n miniatures (half riflemen, half orc
    brawlers); written in a copy of the scenarios folder."""
    import shutil
    import tomllib
    from wartime.data.loader import load_army_list, load_scenario
    folder = tmp / "scenarios"
    if not folder.exists():                          # relative references must stay inside the folder
        shutil.copytree(ROOT / "scenarios", folder)
    base = (folder / "skirmish.toml").read_text(encoding="utf-8")
    data = tomllib.loads(base)
    text = base.replace(f"points_limit = {data['points_limit']}", "points_limit = 100000")
    path = folder / f"scale-{n}.toml"
    path.write_text(text, encoding="utf-8")
    lst = folder / "lists" / f"scale-{n}.toml"
    lst.write_text(SCALE_LIST.format(n=n, a=(n + 1) // 2, b=n // 2, catalogue="../catalogue/starter.toml"),
                   encoding="utf-8")
    sc = load_scenario(path)
    army = load_army_list(lst)
    return sc, {"red": army, "blue": army}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--controllers", default="scripted,random")
    ap.add_argument("--scenarios", default="", help="comma-separated scenario file names (default: every shipped one)")
    ap.add_argument("--scale", default="", help="army sizes a side, e.g. 5,10,20,40 (skirmish board)")
    ap.add_argument("--scale-seeds", type=int, default=5)
    ap.add_argument("--json", default="")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--gc", choices=("games", "default"), default="games",
                    help="the collector's policy: a batch worker's (wartime.core.gcpolicy, the default) or the "
                         "interpreter's own")
    args = ap.parse_args()
    from wartime.data.loader import load_army_list, load_scenario
    if args.gc == "games":
        from wartime.ai import make_controller  # noqa: F401  (loaded before the freeze, as in a batch worker)
        from wartime.core.gcpolicy import tune_for_games
        tune_for_games()
    kinds = [k for k in args.controllers.split(",") if k]
    names = [s for s in args.scenarios.split(",") if s] or sorted(p.name for p in (ROOT / "scenarios").glob("*.toml"))
    machine = (f"{os.cpu_count()} cores, {platform.processor() or platform.machine()}, {platform.system()}, "
               f"Python {platform.python_version()}")
    print(f"machine: {machine}; load average before: {os.getloadavg()[0]:.2f}; gc policy: {args.gc}",
          file=sys.stderr)
    rows = []
    for name in (names if args.seeds > 0 else []):
        sc = load_scenario(ROOT / "scenarios" / name)
        lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
        for kind in kinds:
            games = [play(sc, lists, kind, seed) for seed in range(1, args.seeds + 1)]
            row = {"scenario": Path(name).stem, "controllers": kind, **summarise(games)}
            rows.append(row)
            print(f"{row['scenario']:12} {kind:9} median {row['median_ms']:8.0f} ms  p90 {row['p90_ms']:8.0f} ms  "
                  f"decisions {row['decisions_median']:6.0f}  {row['ms_per_decision']:.2f} ms/decision", file=sys.stderr)
    scale = []
    if args.scale:
        with tempfile.TemporaryDirectory() as tmp:
            for n in (int(x) for x in args.scale.split(",")):
                sc, lists = scale_inputs(n, Path(tmp))
                for kind in kinds:
                    games = [play(sc, lists, kind, seed) for seed in range(1, args.scale_seeds + 1)]
                    row = {"per_side": n, "controllers": kind, **summarise(games)}
                    scale.append(row)
                    print(f"{n:3} a side {kind:9} median {row['median_ms']:8.0f} ms  decisions "
                          f"{row['decisions_median']:6.0f}  {row['ms_per_decision']:.2f} ms/decision  slowest "
                          f"decision {row['slowest_decision_ms']:.0f} ms", file=sys.stderr)
    out = {"machine": machine, "load_average_after": os.getloadavg()[0], "gc": args.gc, "seeds": args.seeds,
           "games": rows, "scale": scale}
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1), encoding="utf-8")
    if args.markdown:
        print(f"Measured on {machine} (load average {out['load_average_after']:.1f}, gc policy {args.gc}), "
              f"seeds 1-{args.seeds}:\n")
        print("| scenario | controllers | median | p90 | decisions | per decision |")
        print("|---|---|---|---|---|---|")
        for r in rows:
            print(f"| `{r['scenario']}` | {r['controllers']} | {r['median_ms']:.0f} ms | {r['p90_ms']:.0f} ms | "
                  f"{r['decisions_median']:.0f} | {r['ms_per_decision']:.2f} ms |")
        if scale:
            print(f"\nArmy size (skirmish board, seeds 1-{args.scale_seeds}):\n")
            print("| a side | controllers | median game | decisions | per decision | slowest decision |")
            print("|---|---|---|---|---|---|")
            for r in scale:
                print(f"| {r['per_side']} | {r['controllers']} | {r['median_ms']:.0f} ms | {r['decisions_median']:.0f} "
                      f"| {r['ms_per_decision']:.2f} ms | {r['slowest_decision_ms']:.0f} ms |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
