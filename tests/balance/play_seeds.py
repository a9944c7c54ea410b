"""Helper of test_determinism_at_scale (not a test): play seeds START..START+N-1 on every shipped scenario,
alternating random-vs-random and scripted-vs-random, and print one line per game: scenario, seed, controllers
and the sha256 of its whole record text. Run in processes with different PYTHONHASHSEED values: the lines
must be identical.

    python tests/balance/play_seeds.py N [START]"""
from __future__ import annotations

import hashlib
import sys
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.toml"))
PAIRS = (("random", "random"), ("scripted", "random"))


def play(job: tuple[str, int, str, str]) -> str:
    from wartime.ai import make_controller
    from wartime.data.loader import load_match_inputs
    from wartime.match.match import Match, derive_seed
    from wartime.match.record import record_text
    scenario_path, seed, red, blue = job
    scenario, lists = load_match_inputs(scenario_path, {"red": None, "blue": None})
    controllers = {"red": make_controller(red, derive_seed(seed, "controller:red")),
                   "blue": make_controller(blue, derive_seed(seed, "controller:blue"))}
    match = Match(scenario, lists, seed, controllers)
    match.play()
    text = record_text(match.header(), match.record_entries())
    return f"{Path(scenario_path).stem} {seed} {red}-{blue} {hashlib.sha256(text.encode()).hexdigest()}"


def main(n: int, start: int = 1) -> None:
    jobs = [(str(SCENARIOS[i % len(SCENARIOS)]), seed, *PAIRS[i % len(PAIRS)])
            for i, seed in enumerate(range(start, start + n))]
    with get_context("fork").Pool(2) as pool:
        for line in pool.imap(play, jobs, chunksize=4):
            print(line, flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 1)
