"""Dice: the one seeded RNG of a match (CHK-1, BAS-6).

Every random draw of a match comes from one `Dice`, seeded from the match seed. It wraps a private
`random.Random` instance (Mersenne Twister seeded with an int: identical in every process and
platform, independent of PYTHONHASHSEED); the global `random` module is never touched.
"""
from __future__ import annotations

import hashlib
import random as _random_module
from typing import Iterable


class Stream(_random_module.Random):
    """A private seeded stream for draws that are not game state (the window's terrain art: where a tree's leaves
    or a wall's stones go): a Mersenne Twister of its own, never the global `random` and never a match's dice, so
    drawing the table changes nothing in a game."""


class Dice:
    """The seeded dice of one match. `state()`/`set_state()` let the world snapshot it."""

    def __init__(self, seed: int):
        self.seed = int(seed)
        self._rng = _random_module.Random(self.seed)
        #: the generator's state, cached until the next draw (`state()` costs ~10 µs, and a world snapshot asks it)
        self._state = None

    def d10(self) -> int:
        """1D10: an integer 1-10."""
        self._state = None
        return self._rng.randrange(10) + 1

    def d100(self) -> int:
        """1D100: an integer 1-100 (BAS-6)."""
        self._state = None
        return self._rng.randrange(100) + 1

    def die(self, sides: int) -> int:
        """One die of `sides` faces, 1..sides (the peer combat systems' d6 and d20; Wartime's own checks roll
        `d10`)."""
        self._state = None
        return self._rng.randrange(sides) + 1

    def angle(self) -> float:
        """A uniform direction in [0, 360) degrees (BAS-4), rounded to a canonical 1e-6."""
        self._state = None
        return round(self._rng.random() * 360.0, 6) % 360.0

    def choice_index(self, n: int) -> int:
        """A uniform index in [0, n) (used by the random controller's own Dice, never by rules)."""
        self._state = None
        return self._rng.randrange(n)

    def uniform(self, a: float, b: float) -> float:
        self._state = None
        return self._rng.uniform(a, b)

    def state(self):
        if self._state is None:
            self._state = self._rng.getstate()
        return self._state

    def set_state(self, state) -> None:
        if state is not self._state:                 # the very state it is in (no draw since): nothing to do
            self._rng.setstate(state)
            self._state = state


class ScriptedDice(Dice):
    """Dice that return fixed results in order (tests state exactly what the book says)."""

    def __init__(self, rolls: Iterable[int] = (), angles: Iterable[float] = ()):
        super().__init__(0)
        self._rolls = list(rolls)
        self._angles = list(angles)
        self._pos = 0
        self._apos = 0

    def push(self, *rolls: int) -> None:
        self._rolls.extend(rolls)

    def _next(self) -> int:
        if self._pos >= len(self._rolls):
            raise AssertionError("ScriptedDice ran out of rolls")
        v = self._rolls[self._pos]
        self._pos += 1
        return v

    def d10(self) -> int:
        return self._next()

    def d100(self) -> int:
        return self._next()

    def die(self, sides: int) -> int:
        v = self._next()
        if not 1 <= v <= sides:
            raise AssertionError(f"ScriptedDice: {v} is not a face of a d{sides}")
        return v

    def angle(self) -> float:
        if self._apos >= len(self._angles):
            raise AssertionError("ScriptedDice ran out of angles")
        v = self._angles[self._apos]
        self._apos += 1
        return v

    @property
    def remaining(self) -> int:
        return len(self._rolls) - self._pos

    def state(self):
        return (self._pos, self._apos)

    def set_state(self, state) -> None:
        self._pos, self._apos = state


def derive_seed(seed: int, label: str) -> int:
    """Documented sub-seed formula: the first 8 bytes of sha256(f"{seed}:{label}") as an unsigned int
    (never Python's hash(), which changes with PYTHONHASHSEED)."""
    return int.from_bytes(hashlib.sha256(f"{seed}:{label}".encode()).digest()[:8], "big")
