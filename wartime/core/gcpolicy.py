"""The garbage collector's policy in processes that play game after game (issue 20).

A game allocates millions of short-lived containers (memo tables, option lists, events); CPython's cyclic
collector then runs a young-generation pass every 700 net allocations and, now and then, a full pass over every
tracked object — the loaded rules data, catalogues, boards and the geometry kept across games included. Measured
in a whole-game loop, those passes cost several per cent of a game while finding little: the engine's state is
released by reference counting, not by the cycle collector.

`tune_for_games()` keeps the collector on (reference cycles are still reclaimed) but moves what is alive once the
process is set up out of its scans (`gc.freeze`) and lets the young generation grow to `GEN0_THRESHOLD`
allocations before a pass. It changes when memory is reclaimed, never what a game computes: no result depends on
when an object is reclaimed (the caches keyed by identity check the object itself, the weakly keyed ones are
looked up with live objects only, and nothing has a finaliser), so the same seed and decisions give the same
event log byte for byte either way (tests/core/test_gcpolicy.py).

Used by the balance workers (every backend: `wartime.balance.worker.run_chunk`) and the whole-game benchmark
(`benchmarks/games.py`, unless `--gc default`); a single `wartime simulate` and the desktop window keep the
interpreter's default (one game, or frames not bound by throughput). Idempotent per process."""
from __future__ import annotations

import gc

#: young-generation threshold (the interpreter's default is 700); older generations as the interpreter's (10, 10)
GEN0_THRESHOLD = 10_000
GEN1_THRESHOLD = 10
GEN2_THRESHOLD = 10

_TUNED = [False]


def tune_for_games() -> bool:
    """Apply the policy once per process (later calls do nothing); True when this call applied it."""
    if _TUNED[0]:
        return False
    _TUNED[0] = True
    gc.collect()                      # what set-up left as garbage is freed, not frozen
    gc.freeze()                       # the survivors (modules, rules data, caches) leave the collector's scans
    gc.set_threshold(GEN0_THRESHOLD, GEN1_THRESHOLD, GEN2_THRESHOLD)
    return True


def tuned() -> bool:
    """Whether `tune_for_games` ran in this process."""
    return _TUNED[0]
