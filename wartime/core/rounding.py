"""Book rounding (BAS-5)."""
from __future__ import annotations

import math


def round_half_up(x: float) -> int:
    """BAS-5: N.00-N.49 rounds to N, N.5 or more to N+1; negatives round their magnitude and keep the sign."""
    if x < 0:
        return -int(math.floor(-x + 0.5))
    return int(math.floor(x + 0.5))
