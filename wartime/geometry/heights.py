"""Altitude levels (MOV-10, MOV-11, MOV-12): elevations and which levels can interact."""
from __future__ import annotations

from wartime.geometry.board import Board

#: MOV-10: the five altitude levels ("Altura −3" in action texts means level −1).
LEVELS = (-1, 1, 2, 3, 4)
#: MOV-10: level 2 is this many K above level 1.
LEVEL_2_HEIGHT = 3.0


def _check(level: int) -> int:
    if level not in LEVELS:
        raise ValueError(f"altitude level must be one of {LEVELS}, got {level!r}")
    return level


def elevation(level: int, surface: float = 0.0) -> float | None:
    """MOV-10: base elevation at `level` over a surface of height `surface`: level 1 → surface, level 2 →
    surface + 3 K; levels 3, 4 and −1 have no elevation (None): they interact only within their level."""
    _check(level)
    if level == 1:
        return float(surface)
    if level == 2:
        return float(surface) + LEVEL_2_HEIGHT
    return None


def elevation_at(board: Board, level: int, x: float, y: float) -> float | None:
    """MOV-10: elevation of a base centred at (x, y) at `level` (surface under the centre, see Board)."""
    return elevation(level, board.surface_height(x, y))


def can_interact(level_a: int, level_b: int, ranged: bool) -> bool:
    """MOV-11 / MOV-12: minis interact only within the same level, except that levels 1 and 2 interact
    through ranged actions (RNG > 0 or a range in K). Melee, charging, ramming, blocking movement (BAS-2),
    proximity and area coverage are not ranged."""
    _check(level_a)
    _check(level_b)
    if level_a == level_b:
        return True
    return bool(ranged) and {level_a, level_b} == {1, 2}


def blocks_at_elevation(piece_height: float, piece_surface: float, elevation_k: float) -> bool:
    """MOV-10: a level-2 mini is blocked only by terrain whose top reaches its elevation."""
    return piece_surface + piece_height >= elevation_k
