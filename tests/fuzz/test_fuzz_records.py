"""Issue 19: nothing a user feeds the record, save and results-store readers crashes them.

Hypothesis drives the mutators of `tools/fuzz_records.py` (byte flips, truncations, deleted / duplicated /
swapped lines, bad numbers, unicode, empty and binary files, well-chained structural edits; damaged SQLite
stores) through `wartime replay verify / show / export`, `wartime resume`, the window's load function, the
replay viewer and `wartime report`, in process. Every input must end in exit 0, a one-line error and exit 2, or
(`replay verify` of a well-chained edited record) exit 1 "diverges": never a traceback, a hang or a changed
input file. The default run feeds a few thousand inputs; `-m slow` many more; `python tools/fuzz_records.py
--n 100000` is the README's run.
"""
from __future__ import annotations

import importlib.util
import os
import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("fuzz_records", ROOT / "tools" / "fuzz_records.py")
fz = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("fuzz_records", fz)
_spec.loader.exec_module(fz)

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
FAST = settings(deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """One short game (a record of ~200 lines), a save of it and a 2-game results store, made once."""
    import matplotlib
    matplotlib.use("Agg")
    folder = tmp_path_factory.mktemp("fuzz-corpus")
    paths = fz.make_corpus(folder)
    return Corpus({k: p.read_bytes() for k, p in paths.items()}, folder)


class Corpus(tuple):
    """(bytes by kind, work folder), with a short repr for hypothesis' failure reports."""

    def __new__(cls, data, folder):
        return super().__new__(cls, (data, folder))

    def __repr__(self) -> str:
        return "<fuzz corpus>"


def check(outcome: str, detail: str, what: str) -> None:
    assert outcome in ("ok", "clean", "diverges"), f"{what}: {outcome}\n{detail}"


# --- the corpus itself ---------------------------------------------------------------------------------
@pytest.mark.parametrize("target", fz.RECORD_TARGETS)
def test_the_intact_record_and_save_pass_every_target(corpus, target):
    data, folder = corpus
    for kind in ("record", "save"):
        outcome, detail = fz.run_one(target, data[kind], folder)
        assert outcome == "ok", f"{kind} {target}: {detail}"


def test_the_intact_store_reports(corpus):
    data, folder = corpus
    assert fz.run_one("report", data["store"], folder) == ("ok", "")


# --- records and saves: byte and line damage, every target (fast: the loader refuses them) -------------------
@pytest.mark.slow      # 2,000 damaged files: ~14 s (the fast suite must stay under 5 min on 2 cores)
@settings(FAST, max_examples=2000)
@given(seed=st.integers(0, 2**32 - 1), kind=st.sampled_from(["record", "save"]),
       mutator=st.sampled_from(fz.BYTE_MUTATORS), target=st.sampled_from(fz.RECORD_TARGETS))
def test_damaged_records_and_saves(corpus, seed, kind, mutator, target):
    data, folder = corpus
    rng = random.Random(seed)
    damaged = mutator(rng, data[kind])
    if rng.random() < 0.3:
        damaged = rng.choice(fz.BYTE_MUTATORS[:10])(rng, damaged)
    check(*fz.run_one(target, damaged, folder), f"{kind} {mutator.__name__} {target}")


# --- well-chained edits: re-simulated, so fewer --------------------------------------------------------------
@settings(FAST, max_examples=60)
@given(seed=st.integers(0, 2**32 - 1), kind=st.sampled_from(["record", "save"]),
       target=st.sampled_from(fz.RECORD_TARGETS))
def test_well_chained_edits(corpus, seed, kind, target):
    data, folder = corpus
    edited = fz.rechained(random.Random(seed), data[kind])
    outcome, detail = fz.run_one(target, edited, folder)
    check(outcome, detail, f"{kind} rechained {target}")
    if target == "verify" and edited != data[kind] and outcome == "ok":
        # only edits that leave the game as it was may verify (an engine version, a controller name, a key the
        # engine ignores in a decision): the events and state checksums, the proof, are the recorded ones
        from wartime.match.record import parse_record
        a, b = parse_record(edited), parse_record(data[kind])
        assert (a.event_lines, a.checksums) == (b.event_lines, b.checksums)


# --- results stores ----------------------------------------------------------------------------------------
@settings(FAST, max_examples=15)
@given(seed=st.integers(0, 2**32 - 1))
def test_damaged_stores(corpus, tmp_path, seed):
    data, folder = corpus
    label, damaged = fz.mutate_store(random.Random(seed), data["store"], tmp_path)
    check(*fz.run_one("report", damaged, folder), f"store {label}")


@pytest.mark.slow
def test_many_more_inputs(tmp_path):
    """The tool itself, 4,000 inputs of every kind (about two minutes on two cores)."""
    assert fz.main(["--n", "4000", "--seed", "500000", "--workers", "2", "--rechained", "0.25",
                    "--failures", str(tmp_path / "failures")]) == 0
