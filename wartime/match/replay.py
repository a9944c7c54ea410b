"""Re-watching a record: `Replay` re-simulates the game once from the embedded data and the recorded
decisions, keeping a world snapshot every `snapshot_every` events, then `seek()`s to any decision or event,
forward or backward: restore the nearest snapshot at or before it and re-submit at most a few decisions.

Positions:
* decision n (0 ≤ n ≤ decisions): the state after the first n decisions, i.e. when decision n is pending
  (n = decisions: the end of the record);
* event i (0 ≤ i < events): the state just after event i was emitted (mid-decision states included: a
  character that moved but has not been hit yet)."""
from __future__ import annotations

import bisect
from pathlib import Path
from typing import Any, Mapping

from wartime.core.events import canonical_json
from wartime.match.record import Record, RecordError, load_record
from wartime.match.save import build_match
from wartime.rules.sequence import Decision


class Replay:
    """A record opened for viewing. `state` is the GameState at the current position (read-only use)."""

    def __init__(self, record: Record, *, snapshot_every: int = 32):
        self.record = record
        self.snapshot_every = max(1, int(snapshot_every))
        self._capture: range | None = None
        self._captured: dict[int, Any] = {}
        self._setup_snaps: list = []
        self.match = build_match(record, observers=[self._observe_setup])
        self.world = self.match.world
        self.engine = self.match.engine
        # from here on only the replay's own observer listens (the match's record would grow on every seek)
        self.world.listeners[:] = [self._observe]
        self._decisions = [Decision.from_json(d) for d in record.decisions]
        self._snaps: dict[int, Any] = {}
        last = None
        for n, d in enumerate(self._decisions):
            if last is None or len(self.world.events) - last >= self.snapshot_every:
                self._snaps[n] = self.world.snapshot()
                last = len(self.world.events)
            try:
                self._submit(n)
            except Exception as exc:    # RuleViolation, or a decision this engine cannot apply at all
                raise RecordError(record.path, f"decision {n} does not replay under this engine ({exc}): "
                                  "`wartime replay verify` tells where it diverges") from None
        self._snaps[len(self._decisions)] = self.world.snapshot()
        self._snap_keys = sorted(self._snaps)
        self._all_events = list(self.world.events)
        if len(self._all_events) != len(record.events) or any(
                canonical_json(dict(ev)) != line for ev, line in zip(self._all_events, record.event_lines)):
            raise RecordError(record.path, "the record does not replay under this engine: "
                              "`wartime replay verify` tells where it diverges")
        self._boundary: int | None = len(self._decisions)
        self._event_cache: dict[int, Any] = {}
        self.position: tuple[str, int] = ("decision", len(self._decisions))

    @classmethod
    def load(cls, path: str | Path, **kwargs) -> "Replay":
        return cls(load_record(path), **kwargs)

    # --- sizes and lookups --------------------------------------------------------------------------
    @property
    def n_decisions(self) -> int:
        return len(self._decisions)

    @property
    def n_events(self) -> int:
        return len(self.record.events)

    @property
    def state(self):
        """The GameState at the current position."""
        return self.match.gs

    @property
    def flow(self):
        return self.engine.flow

    @property
    def event_index(self) -> int:
        """How many events have happened at the current position."""
        return len(self.world.events)

    def events_until(self, i: int) -> list[Mapping[str, Any]]:
        """The recorded events before index i (the log up to a point)."""
        return self.record.events[:max(0, i)]

    def decision_of_event(self, i: int) -> int | None:
        return self.record.decision_of_event(i)

    # --- seeking ------------------------------------------------------------------------------------
    def seek(self, index: int, *, event: bool = False) -> None:
        """Go to decision `index` (0..n_decisions) or, with event=True, to just after event `index`
        (0..n_events-1). Raises IndexError outside those ranges."""
        if event:
            self._seek_event(index)
        else:
            self._seek_decision(index)

    def _restore(self, snap) -> None:
        self.world.restore(snap)
        # World.restore only truncates the event log: restoring a later point brings its events back
        if len(self.world.events) < snap.n_events:
            self.world.events.extend(self._all_events[len(self.world.events):snap.n_events])

    def _submit(self, n: int) -> None:
        self.engine.submit(self._decisions[n])

    def _goto_decision(self, n: int) -> None:
        k = self._snap_keys[bisect.bisect_right(self._snap_keys, n) - 1]
        if self._boundary is None or not (k <= self._boundary <= n):
            self._restore(self._snaps[k])
            self._boundary = k
        while self._boundary < n:
            self._submit(self._boundary)
            self._boundary += 1

    def _seek_decision(self, n: int) -> None:
        if not 0 <= n <= self.n_decisions:
            raise IndexError(f"decision {n}: the record has decisions 0..{self.n_decisions}")
        self._goto_decision(n)
        self.position = ("decision", n)

    def _seek_event(self, i: int) -> None:
        if not 0 <= i < self.n_events:
            raise IndexError(f"event {i}: the record has events 0..{self.n_events - 1}")
        d = self.record.decision_of_event(i)
        if d is None:
            self._restore(self._setup_snaps[i])
        else:
            if i not in self._event_cache:
                # snapshot every event of decision d in one pass: stepping event by event is then instant
                self._goto_decision(d)
                end = self.record.event_start[d + 1] if d + 1 < self.n_decisions else self.n_events
                self._capture, self._captured = range(self.record.event_start[d], end), {}
                try:
                    self._submit(d)
                finally:
                    self._capture = None
                self._boundary = d + 1
                self._event_cache = self._captured
            self._restore(self._event_cache[i])
        self._boundary = None
        self.position = ("event", i)

    # --- observers ----------------------------------------------------------------------------------
    def _observe_setup(self, match, ev) -> None:
        self._setup_snaps.append(match.world.snapshot())

    def _observe(self, ev) -> None:
        if self._capture is not None and len(self.world.events) - 1 in self._capture:
            self._captured[len(self.world.events) - 1] = self.world.snapshot()
