"""Determinism: the same seed and controllers give a byte-identical record, in this process and in a
subprocess with another PYTHONHASHSEED (CHK-1: one seeded RNG per match)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.match.game_helpers import ROOT, SCENARIOS, make_match


def record_bytes(tmp_path, scenario, seed, red, blue, name):
    m = make_match(scenario, seed, red, blue)
    m.play()
    out = tmp_path / name
    m.write_record(out)
    return out.read_bytes()


#: checked in the default run; the other shipped scenarios in the slow pass (the default run's 5 minutes)
FAST = ("skirmish", "crossroads", "tavern-brawl")


@pytest.mark.parametrize("scenario", [s if s.stem in FAST else pytest.param(s, marks=pytest.mark.slow)
                                      for s in SCENARIOS], ids=lambda p: p.stem)
def test_same_seed_same_record_bytes(tmp_path, scenario):
    a = record_bytes(tmp_path, scenario, 11, "scripted", "random", "a.jsonl")
    b = record_bytes(tmp_path, scenario, 11, "scripted", "random", "b.jsonl")
    assert a == b
    c = record_bytes(tmp_path, scenario, 12, "scripted", "random", "c.jsonl")
    assert a != c, "a different seed should give a different game"


@pytest.mark.parametrize("hashseed", ["0", "12345"])
def test_record_identical_across_processes_and_hash_seeds(tmp_path, hashseed):
    scenario = ROOT / "scenarios" / "skirmish.toml"
    here = record_bytes(tmp_path, scenario, 5, "random", "scripted", "here.jsonl")
    out = tmp_path / "there.jsonl"
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    subprocess.run([sys.executable, "-m", "wartime.cli", "simulate", "--scenario", str(scenario), "--seed", "5",
                    "--red", "random", "--blue", "scripted", "--out", str(out), "--json"],
                   check=True, env=env, cwd=tmp_path, capture_output=True)
    assert out.read_bytes() == here
