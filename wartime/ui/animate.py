"""Showing events at a watchable pace: the presenter reveals a decision's events one at a time, each with
the world as it was when the event happened; a `moved` event slides the base along its path."""
from __future__ import annotations

import math
from collections import deque

from wartime.core.world import Snapshot

#: seconds an event stays on screen at speed 1 (moves: by length)
DWELL = {"check": 0.55, "hit": 0.3, "miss": 0.3, "damage": 0.25, "wounds": 0.3, "life": 0.45, "panic": 0.4,
         "stress": 0.2, "game_over": 0.6, "turn_start": 0.35, "initiative": 0.25, "activation_start": 0.2,
         "attack_stopped": 0.3, "charged": 0.2, "posture": 0.25, "turned": 0.15, "phase": 0.04,
         "psi_outcome": 0.2, "unconscious": 0.4, "initiative_roll": 0.3}
MOVE_SPEED_K_PER_S = 7.0
TUMBLE = 0.4


def dwell(ev: dict) -> float:
    if ev.get("type") == "moved":
        return max(0.25, min(2.5, float(ev.get("length") or 0.0) / MOVE_SPEED_K_PER_S))
    return DWELL.get(ev.get("type"), 0.0)


def along(path, frac: float) -> tuple[float, float, float]:
    """The point at fraction `frac` of a polyline's length, with the heading of its segment (degrees)."""
    pts = [tuple(p) for p in path]
    if len(pts) < 2:
        x, y = pts[0] if pts else (0.0, 0.0)
        return x, y, 0.0
    seg = [math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(pts, pts[1:])]
    total = sum(seg)
    if total <= 0:
        return pts[-1][0], pts[-1][1], 0.0
    d = max(0.0, min(1.0, frac)) * total
    for (a, b), s in zip(zip(pts, pts[1:]), seg):
        if s > 0 and d <= s:
            t = d / s
            heading = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360
            return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, heading
        d -= s
    a, b = pts[-2], pts[-1]
    return b[0], b[1], math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360


class Presenter:
    """A queue of (event, snapshot) frames revealed over time. `speed` scales every dwell."""

    def __init__(self, speed: float = 1.0):
        self.speed = speed
        self.queue: deque[tuple[dict, Snapshot]] = deque()
        self.current: tuple[dict, Snapshot] | None = None
        self.t = 0.0
        self.duration = 0.0

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.queue)

    def push(self, frames) -> None:
        self.queue.extend(frames)

    def clear(self) -> None:
        self.queue.clear()
        self.current = None

    def update(self, dt: float) -> list[tuple[dict, Snapshot]]:
        """Advance time; return the frames revealed during it (in order)."""
        out = []
        self.t += dt * self.speed
        while True:
            if self.current is None:
                if not self.queue:
                    self.t = 0.0
                    break
                self.current = self.queue.popleft()
                self.duration = dwell(self.current[0])
                out.append(self.current)
            if self.t >= self.duration:
                self.t -= self.duration
                self.current = None
                continue
            break
        return out

    def finish(self) -> list[tuple[dict, Snapshot]]:
        """Reveal everything at once (skip)."""
        out = list(self.queue)
        self.queue.clear()
        self.current = None
        self.t = 0.0
        return out

    @property
    def snapshot(self) -> Snapshot | None:
        return None if self.current is None else self.current[1]

    def overrides(self) -> dict[int, tuple[float, float, float]]:
        """The moving base's position part-way along its path."""
        if self.current is None:
            return {}
        ev = self.current[0]
        if ev.get("type") != "moved" or not ev.get("path"):
            return {}
        frac = 1.0 if self.duration <= 0 else self.t / self.duration
        return {ev["who"]: along(ev["path"], frac)}
