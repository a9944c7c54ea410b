"""Altitude levels (MOV-10, MOV-11, MOV-12): elevations and which levels can interact."""
from __future__ import annotations

import shapely
from shapely.geometry import LineString, Point

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


def water_union(board: Board):
    """MOV-10 / TRT-FISH: the union of the board's water pieces (None without water), cached on the board."""
    got = board.__dict__.get("_water_union", False)
    if got is False:
        water = board.water()
        got = shapely.union_all([w.polygon for w in water]) if water else None
        board.__dict__["_water_union"] = got
    return got


def base_underwater(board: Board, x: float, y: float, r: float) -> bool:
    """MOV-10 level −1 in water (TRT-FISH): a base of radius `r` centred at (x, y) lies wholly inside the board's
    water (one piece or touching pieces), so it can stay under it."""
    wet = water_union(board)
    if wet is None:
        return False
    return bool(wet.buffer(1e-6).covers(Point(x, y).buffer(r, 16)))


def path_in_water(board: Board, path) -> bool:
    """MOV-10 level −1 in water (TRT-FISH): the centre line of a move at level −1 stays inside the water
    (an underwater swim does not cross dry land)."""
    wet = water_union(board)
    if wet is None:
        return False
    line = LineString(path) if len(path) >= 2 and any(p != path[0] for p in path[1:]) else Point(path[0])
    return bool(wet.buffer(1e-6).covers(line))
