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

#: (file name, scenario, seed, red controller, blue controller[, red list, decisions[, blue list]]): shipped scenarios, small
#: seeds, scripted and random controllers. With a decision count the golden is a short save (`--stop-after`): the
#: first decisions of a game, verified byte for byte as a whole game is.
GOLDENS = [
    ("skirmish-4-scripted-scripted.jsonl", "scenarios/skirmish.toml", 4, "scripted", "scripted"),
    ("crossroads-2-random-scripted.jsonl", "scenarios/crossroads.toml", 2, "random", "scripted"),
    ("skirmish-6-scripted-random.jsonl", "scenarios/skirmish.toml", 6, "scripted", "random"),
    # alarm mode (issue 17): waves bought and placed by the attacker's 'wave' decisions (ALM-33..ALM-40)
    ("hold-the-vault-3-scripted-scripted.jsonl", "scenarios/alarm/hold-the-vault.toml", 3, "scripted", "scripted"),
    # issue 16, short: a metahability cast (MET-2), an object used (GNA-16: a stim), a transport boarded, driven and
    # got off (MVA-17, MOV-2)
    ("mystics-3-scripted-scripted-80.jsonl", "scenarios/skirmish.toml", 3, "scripted", "scripted",
     "scenarios/lists/mystics.toml", 80),
    ("field-hospital-1-scripted-scripted-120.jsonl", "scenarios/skirmish.toml", 1, "scripted", "scripted",
     "scenarios/lists/field-hospital.toml", 120),
    ("convoy-5-random-scripted-120.jsonl", "scenarios/convoy.toml", 5, "random", "scripted", None, 120),
    # issue 16, short: a mental combat (CBA-19) after a hack, with both sides' secret go-on answers recorded; mystics
    # on both sides (the blue list is the 8th field)
    ("mystics-21-mental-scripted-random-240.jsonl", "scenarios/skirmish.toml", 21, "scripted", "random",
     "scenarios/lists/mystics.toml", 240, "scenarios/lists/mystics.toml"),
    # issue 16, short: possession (CBA-21, MET-10): the random red puppeteer possesses its own ally (a volunteer) and
    # acts with it; the scripted blue one possesses a stressed red character, makes it act, and its activation passes
    ("mystics-2-possession-random-scripted-400.jsonl", "scenarios/skirmish.toml", 2, "random", "scripted",
     "scenarios/lists/mystics.toml", 400, "scenarios/lists/mystics.toml"),
]


def regenerate() -> list[Path]:
    for old in HERE.glob("*.jsonl"):
        old.unlink()
    written = []
    for name, scenario, seed, red, blue, *short in GOLDENS:
        out = HERE / name
        red_list, stop, blue_list = (list(short) + [None, None, None])[:3]
        more = (["--red-list", red_list] if red_list else []) + (["--stop-after", str(stop)] if stop else []) \
            + (["--blue-list", blue_list] if blue_list else [])
        subprocess.run([sys.executable, "-m", "wartime.cli", "simulate", "--scenario", scenario, "--seed", str(seed),
                        "--red", red, "--blue", blue, "--out", str(out.relative_to(ROOT)), "--json", *more],
                       cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        written.append(out)
    return written


if __name__ == "__main__":
    for path in regenerate():
        print(f"wrote {path.relative_to(ROOT)}")
