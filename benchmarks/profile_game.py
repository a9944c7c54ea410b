"""Profile whole headless games with pyinstrument (issue 20: measure before optimising):
`python benchmarks/profile_game.py [--scenario skirmish.toml] [--controllers scripted] [--seeds 1,2,3]
[--html OUT.html]`.

Plays the seeds with the scenario's default lists, the same controller on both sides, and prints the call tree
(CPU time) of `Match.play` only; `--html` also writes pyinstrument's interactive page."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scenario", default="skirmish.toml")
    ap.add_argument("--controllers", default="scripted")
    ap.add_argument("--seeds", default="1,2,3")
    ap.add_argument("--html", default="")
    args = ap.parse_args()
    from pyinstrument import Profiler

    from wartime.ai import make_controller
    from wartime.data.loader import load_army_list, load_scenario
    from wartime.match.match import Match
    sc = load_scenario(ROOT / "scenarios" / args.scenario)
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    matches = [Match(sc, lists, seed, {"red": make_controller(args.controllers, seed),
                                       "blue": make_controller(args.controllers, seed + 1000)})
               for seed in (int(x) for x in args.seeds.split(","))]
    profiler = Profiler(interval=0.0005)
    profiler.start()
    for m in matches:
        m.play()
    profiler.stop()
    print(profiler.output_text(unicode=False, color=False))
    if args.html:
        Path(args.html).write_text(profiler.output_html(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
