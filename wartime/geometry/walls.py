"""Walking over walls (TRT-SPIDER, MVA-10, MOV-9): the board as a character that moves over walls as easy terrain
meets it, and the K a path of its climbs up and down the faces of the pieces it crosses.

A piece that must be climbed (MOV-9: climbable, taller than the mover's chest, not water) is walked over: the path
is checked against the board without it (`over_walls`), and its length measured along the surfaces: the flat
length plus, each time the base comes onto such a piece, its height up and its height down (`wall_climb`). Pieces
that are not climbable (a `blocking` piece, a wall marked `climbable = false`) still stop the move. A roofed piece
(`ceiling`) is ground here; its underside is walked by Escalar (rules.actions.terrain_moves, `_under_roof`)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from shapely.geometry import LineString, Point

from wartime.geometry.board import Board
from wartime.geometry.movement import terrain_class

#: how far (K) a base may touch a face without counting as on it (grazing a wall is not climbing it)
GRAZE = 1e-6


def walls_to_climb(board: Board, chest_height: float):
    """MOV-9: the pieces a mover of chest height `chest_height` would have to climb (climbable, taller than the
    chest, not water), in board order."""
    return tuple(p for p in board.climbable() if p.kind != "water"
                 and terrain_class(p.kind, p.height, chest_height) is None)


def over_walls(board: Board, chest_height: float) -> Board:
    """TRT-SPIDER: the board without the pieces it walks over (`walls_to_climb`), built once per chest height,
    then cached (`board` itself when there are none)."""
    cache = board.__dict__.setdefault("_over_walls", {})
    got = cache.get(chest_height)
    if got is None:
        gone = {p.id for p in walls_to_climb(board, chest_height)}
        got = cache[chest_height] = board if not gone else Board(
            board.width, board.height, [p for p in board.pieces if p.id not in gone], board.grid)
    return got


@dataclass(frozen=True)
class WallClimb:
    """TRT-SPIDER: the K a path climbs (up and down faces), the pieces it goes over (board order, once each) and
    the piece its base ends on, if any."""
    k: float
    pieces: tuple[str, ...]
    ends_on: str | None


def wall_climb(board: Board, path: Sequence[Sequence[float]], radius: float, chest_height: float) -> WallClimb:
    """TRT-SPIDER (MOV-3 measured along the surfaces): for each piece of `walls_to_climb` the swept base comes
    onto, its height up and its height down for every separate stretch of the path on it (a stretch at the end of
    the path, where the base stays on the piece, counts the way up only, and names the piece in `ends_on`; a
    stretch at its start, a base already on the piece's top, the way down only)."""
    pts = [(float(q[0]), float(q[1])) for q in path]
    walls = walls_to_climb(board, chest_height)
    if not walls:
        return WallClimb(0.0, (), None)
    line = LineString(pts) if len(pts) >= 2 and any(q != pts[0] for q in pts[1:]) else Point(pts[0])
    start, end = Point(pts[0]), Point(pts[-1])
    k = 0.0
    over: list[str] = []
    ends_on = None
    for p in walls:
        zone = p.polygon.buffer(radius - GRAZE)
        if not line.intersects(zone):
            continue
        hit = line.intersection(zone)
        stretches = len(getattr(hit, "geoms", [hit]))
        on_at_end = zone.contains(end)
        on_at_start = zone.contains(start)
        k += p.height * (2 * stretches - (1 if on_at_end else 0) - (1 if on_at_start else 0))
        over.append(p.id)
        if on_at_end and ends_on is None:
            ends_on = p.id
    return WallClimb(k, tuple(over), ends_on)


def along_face(piece, start: Sequence[float], end: Sequence[float], radius: float, gap: float) -> bool:
    """TRT-SPIDER (MVA-10): a base of radius `radius` going in a straight line from `start` to `end` stays on the
    piece's face all the way: it never overlaps the piece and its edge is never more than `gap` K from it (a
    corner is turned with two moves)."""
    a, b = (float(start[0]), float(start[1])), (float(end[0]), float(end[1]))
    poly = piece.polygon
    line = LineString([a, b]) if a != b else Point(a)
    if line.distance(poly) < radius - GRAZE:
        return False
    n = max(1, int(math.ceil(math.hypot(b[0] - a[0], b[1] - a[1]) / 0.1)))
    return all(poly.distance(Point(a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n)) - radius
               <= gap + GRAZE for i in range(n + 1))


def face_spots(piece, x: float, y: float, radius: float, gap: float, reach: float) -> list[tuple[float, float]]:
    """TRT-SPIDER: the spots `reach` K along the piece's face from (x, y), one each way round it (the centre line
    of a base touching the face), rounded to 4 decimals; the candidates of a move along a face."""
    ring = piece.polygon.buffer(radius + gap / 2.0, 16).exterior
    d = ring.project(Point(x, y))
    out = []
    for s in (d + reach, d - reach):
        q = ring.interpolate(s % ring.length)
        spot = (round(q.x, 4), round(q.y, 4))
        if spot not in out:
            out.append(spot)
    return out
