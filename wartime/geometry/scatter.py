"""Dispersion (BAS-4, ARE-9): where a dispersed aim point lands, and how far a dispersed base travels.

The rules layer rolls the dice and the angle (in that order, BAS-4) and passes them in; nothing here is random.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np
import shapely

from wartime.geometry.board import Board
from wartime.geometry.measure import CONTACT_TOL
from wartime.geometry.movement import terrain_class

#: ARE-9: one D10 per this many K of distance to the target (or aim point).
KLIKS_PER_DIE = 15.0
_TOL = 1e-9


def dispersion_dice(distance: float) -> int:
    """ARE-9: number of D10 rolled, n = max(1, ceil(d / 15)), d being the BAS-3 distance (1e-9 K tolerance
    so 30.000000000000004 still rolls 2)."""
    return max(1, math.ceil((float(distance) - _TOL) / KLIKS_PER_DIE))


def unit_vector(angle_deg: float) -> tuple[float, float]:
    """BAS-4: unit vector at angle_deg CCW from +x; exact for multiples of 90°."""
    a = float(angle_deg) % 360.0
    exact = {0.0: (1.0, 0.0), 90.0: (0.0, 1.0), 180.0: (-1.0, 0.0), 270.0: (0.0, -1.0)}
    if a in exact:
        return exact[a]
    r = math.radians(a)
    return math.cos(r), math.sin(r)


@dataclass(frozen=True)
class ScatterResult:
    """BAS-4 / ARE-9: the dispersed aim point, the distance moved (sum of the dice) and whether it is on
    the board (if not, the attack is lost)."""

    x: float
    y: float
    distance: float
    on_board: bool


def scatter_point(board: Board, x: float, y: float, dice: Sequence[int], angle_deg: float) -> ScatterResult:
    """BAS-4 / ARE-9: move the point (x, y) by the sum of `dice` K at angle_deg (CCW from +x).

    The point is not clamped: `on_board` False means the area attack is lost (ARE-9).
    """
    dist = float(sum(int(d) for d in dice))
    ux, uy = unit_vector(angle_deg)
    nx, ny = x + dist * ux, y + dist * uy
    return ScatterResult(nx, ny, dist, board.point_inside(nx, ny))


@dataclass(frozen=True)
class Displacement:
    """BAS-4: where a dispersed base stops. stopped_by: None (moved the full distance, possibly ending in
    contact), 'contact' (another base, index `blocker` in `others`), 'obstacle' (a piece it cannot cross,
    index `blocker` in board order) or 'edge'."""

    x: float
    y: float
    travelled: float
    stopped_by: str | None
    blocker: int | None


def _ray_circle_first(cx, cy, ux, uy, ox, oy, rad) -> np.ndarray:
    """First t ≥ 0 at which the point c + t·u is at distance `rad` from o, moving inwards (inf if never);
    0 if it starts within rad and moves inwards."""
    mx = cx - ox
    my = cy - oy
    b = mx * ux + my * uy
    c = mx * mx + my * my - rad * rad
    disc = b * b - c
    t = -b - np.sqrt(np.maximum(disc, 0.0))
    hit = (disc > 0.0) & (t >= -_TOL) & (b < 0.0)
    out = np.where(hit, np.maximum(t, 0.0), np.inf)
    return out


def _ray_capsules_first(cx, cy, ux, uy, a, b, rad) -> np.ndarray:
    """First t ≥ 0 at which c + t·u comes within `rad` of each segment (a[i], b[i]) (inf if never)."""
    ex = b[:, 0] - a[:, 0]
    ey = b[:, 1] - a[:, 1]
    le = np.hypot(ex, ey)
    ok = le > 0.0
    ex = np.where(ok, ex / np.where(ok, le, 1.0), 0.0)
    ey = np.where(ok, ey / np.where(ok, le, 1.0), 0.0)
    nx, ny = -ey, ex
    best = np.minimum(_ray_circle_first(cx, cy, ux, uy, a[:, 0], a[:, 1], rad),
                      _ray_circle_first(cx, cy, ux, uy, b[:, 0], b[:, 1], rad))
    nu = nx * ux + ny * uy
    s0 = nx * (cx - a[:, 0]) + ny * (cy - a[:, 1])
    nu_safe = np.where(nu == 0.0, 1.0, nu)
    for side in (1.0, -1.0):
        t = (side * rad - s0) / nu_safe
        px = cx + t * ux - a[:, 0]
        py = cy + t * uy - a[:, 1]
        along = px * ex + py * ey
        inward = (s0 - side * rad) * side > 0.0    # on the outer side of this offset line at t = 0
        hit = ok & (nu != 0.0) & (t >= -_TOL) & (along >= 0.0) & (along <= le) & inward
        best = np.minimum(best, np.where(hit, np.maximum(t, 0.0), np.inf))
    return best


def displace_base(board: Board, x: float, y: float, r: float, distance: float, angle_deg: float,
                  chest_height: float, others: Sequence[Sequence[float]] = ()) -> Displacement:
    """BAS-4: push a base from (x, y) up to `distance` K at angle_deg; it stops at the first of: contact
    with another base (others: (x, y, r) at its level), a piece it could not cross (MOV-9: high, blocking,
    or an obstacle taller than chest_height) or the board edge. MOV-14 does not apply. The base never ends
    off the board. Pieces and bases it already overlaps at the start do not stop it.
    """
    ux, uy = unit_vector(angle_deg)
    dist = max(0.0, float(distance))
    # board edge: largest t keeping the disc inside
    t_edge = math.inf
    for c, u, hi in ((x, ux, board.width), (y, uy, board.height)):
        if u > 0:
            t_edge = min(t_edge, (hi - r - c) / u)
        elif u < 0:
            t_edge = min(t_edge, (c - r) / -u)
    t_edge = max(0.0, t_edge)
    # candidates (t, priority, why, index); on ties (within 1e-9 K): contact, obstacle, edge, full distance
    cands = [(dist, 3, None, None), (t_edge, 2, "edge", None)]
    if len(others):
        o = np.asarray(others, dtype=float).reshape(-1, 3)
        start_gap = np.hypot(o[:, 0] - x, o[:, 1] - y) - r - o[:, 2]
        t = _ray_circle_first(x, y, ux, uy, o[:, 0], o[:, 1], r + o[:, 2])
        t[start_gap < -CONTACT_TOL] = np.inf
        i = int(np.argmin(t))
        if math.isfinite(t[i]):
            cands.append((float(t[i]), 0, "contact", i))
    reach = min(c[0] for c in cands)
    if board.pieces:
        end = (x + ux * reach, y + uy * reach)
        line = shapely.linestrings([(x, y), end]) if reach > 0 else shapely.points((x, y))
        start_pt = shapely.points((x, y))
        for i in np.sort(board.tree.query(line, predicate="dwithin", distance=r)).tolist():
            p = board.pieces[i]
            if terrain_class(p.kind, p.height, chest_height) is not None:
                continue
            if shapely.distance(start_pt, p.polygon) < r - _TOL:
                continue
            a, b = board.piece_edges(i)
            t = float(_ray_capsules_first(x, y, ux, uy, a, b, r).min())
            if math.isfinite(t):
                cands.append((t, 1, "obstacle", i))
    t_min = min(c[0] for c in cands)
    best = min((c for c in cands if c[0] <= t_min + _TOL), key=lambda c: (c[1], c[0]))
    t, why, who = max(0.0, min(best[0], dist)), best[2], best[3]
    if best[0] >= dist - _TOL:          # it travelled the whole distance (possibly ending in contact)
        t, why, who = dist, None, None
    return Displacement(x + ux * t, y + uy * t, t, why, who)
