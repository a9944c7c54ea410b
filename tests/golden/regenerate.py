"""Regenerate the golden records: `python tests/golden/regenerate.py` (from anywhere).

Run it when the engine's rules change on purpose (then `wartime replay verify` of the old goldens fails and
says where). Each golden is written by `wartime simulate` run from the repository root with relative paths,
so the records embed `scenarios/...` paths, never a machine's absolute ones."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent

#: (file name, scenario, seed, red controller, blue controller): both shipped scenarios, small seeds,
#: scripted and random controllers.
GOLDENS = [
    ("skirmish-4-scripted-scripted.jsonl", "scenarios/skirmish.toml", 4, "scripted", "scripted"),
    ("crossroads-2-random-scripted.jsonl", "scenarios/crossroads.toml", 2, "random", "scripted"),
    ("skirmish-6-scripted-random.jsonl", "scenarios/skirmish.toml", 6, "scripted", "random"),
    # alarm mode (issue 17): waves bought and placed by the attacker's 'wave' decisions (ALM-33..ALM-40)
    ("hold-the-vault-3-scripted-scripted.jsonl", "scenarios/alarm/hold-the-vault.toml", 3, "scripted", "scripted"),
]


def regenerate() -> list[Path]:
    for old in HERE.glob("*.jsonl"):
        old.unlink()
    written = []
    for name, scenario, seed, red, blue in GOLDENS:
        out = HERE / name
        subprocess.run([sys.executable, "-m", "wartime.cli", "simulate", "--scenario", scenario, "--seed", str(seed),
                        "--red", red, "--blue", blue, "--out", str(out.relative_to(ROOT)), "--json"],
                       cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        written.append(out)
    return written


if __name__ == "__main__":
    for path in regenerate():
        print(f"wrote {path.relative_to(ROOT)}")
