"""Book rounding (BAS-5)."""
from __future__ import annotations

import math


def round_half_up(x: float) -> int:
    """BAS-5: N.00-N.49 rounds to N, N.5 or more to N+1; negatives round their magnitude and keep the sign."""
    if x < 0:
        return -int(math.floor(-x + 0.5))
    return int(math.floor(x + 0.5))


def load_levels(size: float) -> int:
    """TRT-CAPACITY ruling: a base `size` K across takes as many load levels as its area in K², rounded (book
    rounding), minimum 1."""
    return max(1, round_half_up(math.pi * size * size / 4.0))
