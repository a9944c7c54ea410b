"""Deterministic before/after measurements (issue 20): the CPU instructions one whole game costs, counted by
valgrind's callgrind, so a small change can be told from this virtual machine's ±20-30 % timing noise.

    python benchmarks/instructions.py --red horde --blue shooters --seed 1 [--scenario skirmish.toml]
                                      [--controller scripted] [--vs /path/to/other/checkout]

Each checkout (this one; with `--vs`, another one too, e.g. a `git worktree` of the commit before a change) is run
twice under `valgrind --tool=callgrind`: once loading the scenario and the lists and building the match (the
set-up: imports, data), once also playing the game; the game's count is the difference. The same code and the same
game give the same count to within a few thousandths, whatever the machine's load; a paired ratio of two checkouts
is then a change's own effect on the instructions executed (not on caches or the clock: confirm a large change
with `farm-bench`). Needs valgrind (Debian: `apt install valgrind`); each run takes about 60× the game's time, and
the runs of the two checkouts go in parallel. Python files are compiled before the runs (a checkout without
`__pycache__` would count its compilation)."""
from __future__ import annotations

import argparse
import compileall
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_GAME = """
import sys
sys.path.insert(0, {root!r})
sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in repr(f).lower()]
from pathlib import Path
from wartime.ai import make_controller
from wartime.data.loader import load_army_list, load_scenario
from wartime.match.match import Match
R = Path({root!r})
sc = load_scenario(R / "scenarios" / {scenario!r})
lists = {{"red": load_army_list(R / "scenarios" / "lists" / {red!r}),
         "blue": load_army_list(R / "scenarios" / "lists" / {blue!r})}}
seed = {seed}
m = Match(sc, lists, seed, {{"red": make_controller({controller!r}, seed),
                             "blue": make_controller({controller!r}, seed + 1000)}})
if {play}:
    m.play()
"""


def count(root: Path, args, play: bool, work: Path) -> int:
    """Instructions (callgrind's `I refs`) of one run of the set-up (and the game when `play`) in checkout `root`."""
    script = work / f"{'B' if root != ROOT else 'A'}_{'game' if play else 'setup'}.py"
    script.write_text(_GAME.format(root=str(root), scenario=args.scenario, red=f"{args.red}.toml",
                                   blue=f"{args.blue}.toml", seed=args.seed, controller=args.controller, play=play))
    out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={work}/cg.%p", sys.executable,
                          str(script)], capture_output=True, text=True, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    if out.returncode != 0:
        raise SystemExit(f"valgrind failed in {root}:\n{out.stderr[-2000:]}")
    m = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if m is None:
        raise SystemExit(f"no instruction count in valgrind's output ({root})")
    return int(m.group(1).replace(",", ""))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scenario", default="skirmish.toml")
    ap.add_argument("--red", default="shooters", help="red list (scenarios/lists/NAME.toml)")
    ap.add_argument("--blue", default="brawlers")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--controller", default="scripted")
    ap.add_argument("--vs", type=Path, help="another checkout of the project (the baseline: B)")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt install valgrind)", file=sys.stderr)
        return 2
    roots = [ROOT] + ([args.vs.resolve()] if args.vs else [])
    for r in roots:
        compileall.compile_dir(str(r / "wartime"), quiet=1)
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(max_workers=2) as pool:
        work = Path(tmp)
        jobs = {(r, play): pool.submit(count, r, args, play, work) for r in roots for play in (False, True)}
        games = {r: jobs[(r, True)].result() - jobs[(r, False)].result() for r in roots}
    print(f"{args.scenario} {args.red} vs {args.blue}, seed {args.seed}, {args.controller}: instructions of the game")
    for r in roots:
        print(f"  {'A' if r == ROOT else 'B'} {r}: {games[r]:,}")
    if args.vs:
        print(f"  A/B {games[ROOT] / games[roots[1]]:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
