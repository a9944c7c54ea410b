"""Replay seek: any decision or event, forward or backward, from snapshots taken while re-simulating once.
The state reached by seeking equals the recorded state checksum of that point."""
from __future__ import annotations

import random

import pytest

from wartime.core.components import Position
from wartime.match.record import load_record, state_checksum
from wartime.match.replay import Replay


@pytest.fixture(scope="module")
def replay(fresh_record):
    return Replay(load_record(fresh_record), snapshot_every=16)


def test_seek_decisions_in_random_order_matches_the_recorded_checksums(replay):
    rec = replay.record
    rng = random.Random(7)
    for n in rng.sample(range(1, replay.n_decisions + 1), 40) + [replay.n_decisions, 1, 0]:
        replay.seek(n)
        assert replay.position == ("decision", n)
        assert replay.event_index == (rec.event_start[n] if n < replay.n_decisions else replay.n_events)
        if n:
            assert state_checksum(replay.world) == rec.checksums[n - 1], f"decision {n}"


def test_seek_events_forward_and_backward_give_one_state_per_event(replay):
    """Event i, reached from anywhere, is always the same state (the world just after event i was emitted: the
    engine's bookkeeping after a decision's last event belongs to the next decision point)."""
    rng = random.Random(11)
    seen = {}
    for i in rng.sample(range(replay.n_events), 60) + list(range(0, 40)) + list(range(39, -1, -1)):
        replay.seek(i, event=True)
        assert replay.position == ("event", i) and replay.event_index == i + 1
        cs = state_checksum(replay.world)
        assert seen.setdefault(i, cs) == cs, f"event {i} reached twice gives two states"
    assert len(set(seen.values())) > len(seen) // 2


def test_mid_decision_state_is_between_events(replay):
    """Just after a `moved` event the miniature stands where the event says (its path's end)."""
    rec = replay.record
    i = next(k for k, ev in enumerate(rec.events) if ev["type"] == "moved")
    replay.seek(i, event=True)
    ev = rec.events[i]
    pos = replay.world.get(ev["who"], Position)
    assert (round(pos.x, 4), round(pos.y, 4)) == tuple(round(v, 4) for v in ev["path"][-1])
    assert replay.events_until(i + 1)[-1] == ev


def test_seek_out_of_range(replay):
    with pytest.raises(IndexError):
        replay.seek(replay.n_decisions + 1)
    with pytest.raises(IndexError):
        replay.seek(replay.n_events, event=True)
    with pytest.raises(IndexError):
        replay.seek(-1, event=True)
