"""Fixtures of the replay tests: a record of a game played now by this engine (tests that re-simulate use it,
so only the golden tests speak when the goldens go stale)."""
from __future__ import annotations

import pytest

from tests.replay.replay_helpers import SKIRMISH, run


@pytest.fixture(scope="session")
def fresh_record(tmp_path_factory):
    path = tmp_path_factory.mktemp("fresh") / "skirmish-3.jsonl"
    r = run("simulate", "--scenario", SKIRMISH, "--seed", 3, "--red", "scripted", "--blue", "random", "--out", path)
    assert r.exit_code == 0, r.output
    return path
