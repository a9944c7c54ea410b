"""The garbage collector's policy for processes that play many games (wartime/core/gcpolicy.py, issue 20): it
keeps the collector on with the documented thresholds and frozen set-up objects, is applied once per process,
is what a batch worker sets before its first game, and changes no game: the same seed gives the same event log
and decisions with the interpreter's default policy and with this one. Each case runs in a child process so
that this test process keeps its own collector settings."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from wartime.core import gcpolicy

ROOT = Path(__file__).resolve().parents[2]
#: the thresholds the policy sets, as `gc.get_threshold()` reports them through JSON
POLICY = [gcpolicy.GEN0_THRESHOLD, gcpolicy.GEN1_THRESHOLD, gcpolicy.GEN2_THRESHOLD]

_GAME = """
import gc, hashlib, json, sys
from pathlib import Path
from wartime.ai import make_controller
from wartime.data.loader import load_army_list, load_scenario
from wartime.match.match import Match
from wartime.core import gcpolicy
R = Path({root!r})
sc = load_scenario(R / "scenarios" / "skirmish.toml")
lists = {{s: load_army_list(p) for s, p in sc.default_lists.items()}}
if {tuned!r}:
    gcpolicy.tune_for_games()
h = hashlib.sha256()
for kind, seed in (("random", 3), ("scripted", 4)):
    m = Match(sc, lists, seed, {{"red": make_controller(kind, seed), "blue": make_controller(kind, seed + 1000)}})
    m.play()
    for entry in m.record_entries():
        h.update(json.dumps(entry, sort_keys=True).encode())
print(json.dumps({{"hash": h.hexdigest(), "threshold": gc.get_threshold(), "enabled": gc.isenabled(),
                  "frozen": gc.get_freeze_count(), "tuned": gcpolicy.tuned()}}))
"""


def _child(code: str) -> dict:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_policy_same_games_as_default_collector():
    """Issue 20 / determinism: two games (random and scripted controllers) under each policy give the same
    record entries (decisions, events and state checksums) byte for byte; the tuned process reports the policy's thresholds,
    a frozen set-up and the collector still enabled."""
    default = _child(_GAME.format(root=str(ROOT), tuned=False))
    tuned = _child(_GAME.format(root=str(ROOT), tuned=True))
    assert default["tuned"] is False and tuned["tuned"] is True
    assert default["threshold"] != tuned["threshold"]
    assert tuned["threshold"] == POLICY
    assert tuned["enabled"] is True and tuned["frozen"] > 10_000       # the loaded modules and rules data
    assert tuned["hash"] == default["hash"]


def test_policy_applied_once_and_by_batch_workers():
    """`tune_for_games` applies once per process (a second call changes nothing), and a batch worker's
    `run_chunk` applies it before its first game (every backend runs its games through it)."""
    code = """
import gc, json
from wartime.core import gcpolicy
from wartime.balance import worker
before = gc.get_threshold()
worker.run_chunk([])
first = (gcpolicy.tuned(), gc.get_threshold(), gc.get_freeze_count())
gc.set_threshold(700, 10, 10)
again = gcpolicy.tune_for_games()
print(json.dumps({"before": before, "first": first, "again": again, "after": gc.get_threshold()}))
"""
    got = _child(code)
    assert got["before"] == [700, 10, 10]
    tuned, threshold, frozen = got["first"]
    assert tuned is True and threshold == POLICY and frozen > 0
    assert got["again"] is False and got["after"] == [700, 10, 10]     # the second call did nothing
