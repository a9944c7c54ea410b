"""The optional square grid (MOV-15, MOV-16): 1 K = 1 square, Chebyshev distances, diagonal steps.

Squares are (i, j) integer pairs; square (i, j) covers [i, i+1] × [j, j+1] and its centre is (i + ½, j + ½).
FOV, LOS and areas use the continuous rules on square centres (MOV-15).
"""
from __future__ import annotations

import math
from typing import Callable, Iterable, Sequence

import numpy as np

from wartime.core.rounding import round_half_up

Square = tuple[int, int]


def chebyshev(a: Sequence[int], b: Sequence[int]) -> int:
    """MOV-15: grid distance max(|dx|, |dy|)."""
    return max(abs(int(a[0]) - int(b[0])), abs(int(a[1]) - int(b[1])))


def move_cost(a: Square, b: Square) -> int:
    """MOV-15: K needed to go from square a to square b (each step, orthogonal or diagonal, costs 1 K)."""
    return chebyshev(a, b)


def square_of(x: float, y: float) -> Square:
    """MOV-15: the square holding the point (x, y)."""
    return (math.floor(x), math.floor(y))


def square_centre(sq: Square) -> tuple[float, float]:
    """MOV-15: centre of a square, where FOV, LOS and area rules are applied."""
    return (sq[0] + 0.5, sq[1] + 0.5)


def squares_per_side(diameter: float) -> int:
    """MOV-15: a base of diameter d occupies n × n squares, n = round_half_up(d) (BAS-5), at least 1."""
    return max(1, round_half_up(diameter))


def footprint(anchor: Square, n: int) -> tuple[Square, ...]:
    """MOV-15: the n × n squares of a base whose lowest-left square is `anchor`, in (i, j) order."""
    return tuple((anchor[0] + di, anchor[1] + dj) for di in range(n) for dj in range(n))


def edge_distance(a: Iterable[Square], b: Iterable[Square]) -> int:
    """MOV-15: grid edge distance = Chebyshev distance between the nearest occupied squares − 1
    (adjacent squares are base contact, 0)."""
    a = list(a)
    b = list(b)
    return min(chebyshev(p, q) for p in a for q in b) - 1


def is_step(a: Square, b: Square) -> bool:
    """MOV-15: b is adjacent to a across a side or a corner."""
    return chebyshev(a, b) == 1


def diagonal_step_legal(a: Square, b: Square, is_free: Callable[[Square], bool]) -> bool:
    """MOV-16: a diagonal step a → b needs both squares beside it (the orthogonal neighbours shared by a and
    b) free: no mini of any side, no terrain that blocks movement. `is_free(square)` says so. Orthogonal
    steps are always allowed here (their destination is checked elsewhere)."""
    if not is_step(a, b):
        raise ValueError(f"{a} → {b} is not a single step")
    if a[0] == b[0] or a[1] == b[1]:
        return True
    return is_free((b[0], a[1])) and is_free((a[0], b[1]))


def path_cost(squares: Sequence[Square]) -> int:
    """MOV-15: K spent along a path of squares (1 per step); every step must be to an adjacent square."""
    for a, b in zip(squares[:-1], squares[1:]):
        if not is_step(a, b):
            raise ValueError(f"{a} → {b} is not a single step")
    return max(0, len(squares) - 1)


def covered_squares(template, squares: Sequence[Square]) -> tuple[Square, ...]:
    """MOV-15: the squares whose centre the area template contains (see templates.Template)."""
    if not squares:
        return ()
    c = np.array([square_centre(s) for s in squares])
    inside = template.contains(c[:, 0], c[:, 1])
    return tuple(s for s, k in zip(squares, inside.tolist()) if k)
