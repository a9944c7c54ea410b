"""Who hears a noise (ENV-6..8, REA-6, REA-7).

The rules layer turns a weapon or a move into a noise range (ENV-6: DMG × 2, ENV-7 / REA-6: 2 × K travelled);
this module follows the straight 2D line from the source to each listener's nearest base point and muffles
the noise at every wall crossed.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from wartime.geometry.board import Board

#: ENV-8: a wall is a blocks_los piece taller than this (K; a human's chest).
WALL_MIN_HEIGHT = 0.75
_TOL = 1e-9


def muffle(remaining: float, wall_def: int) -> float:
    """ENV-8 / REA-7: range left beyond a wall: max(0, remaining / 2 − DEF)."""
    return max(0.0, remaining / 2.0 - wall_def)


@dataclass(frozen=True)
class Hearing:
    """ENV-8: whether a listener hears a noise, the range the noise has towards it after the walls (K,
    measured from the source's edge along the line), its edge distance, and the walls crossed in order."""

    heard: bool
    reach: float
    distance: float
    walls: tuple[str, ...]


def wall_entries(board: Board, ax, ay, bx, by) -> tuple[np.ndarray, np.ndarray]:
    """ENV-8: for 2D segments a → b (arrays), the parameter t ∈ [0, 1] at which each segment first enters
    each wall's footprint interior (inf if it does not). Returns (t (n, W), wall board indices (W,))."""
    walls = board.walls(WALL_MIN_HEIGHT)
    ax = np.atleast_1d(np.asarray(ax, dtype=float))
    ay = np.atleast_1d(np.asarray(ay, dtype=float))
    n = len(ax)
    if len(walls) == 0:
        return np.full((n, 0), np.inf), walls.index
    dx = np.atleast_1d(np.asarray(bx, dtype=float)) - ax
    dy = np.atleast_1d(np.asarray(by, dtype=float)) - ay
    f0 = (walls.nx[None, :] * ax[:, None] + walls.ny[None, :] * ay[:, None]
          - walls.c[None, :] + walls.tol[None, :])
    fd = walls.nx[None, :] * dx[:, None] + walls.ny[None, :] * dy[:, None]
    t = -f0 / np.where(fd == 0.0, 1.0, fd)
    par_out = (fd == 0.0) & (f0 >= 0.0)
    lower = np.where(fd < 0.0, t, -np.inf)
    lower[par_out] = np.inf
    upper = np.where(fd > 0.0, t, np.inf)
    upper[par_out] = -np.inf
    lw = np.maximum(np.maximum.reduceat(lower, walls.part_edge_start, axis=1), 0.0)
    up = np.minimum(np.minimum.reduceat(upper, walls.part_edge_start, axis=1), 1.0)
    enter = np.where(lw < up, lw, np.inf)                                   # (n, parts)
    return np.minimum.reduceat(enter, walls.piece_part_start, axis=1), walls.index


def hear(board: Board, sx: float, sy: float, sr: float, noise_range: float, xs, ys, rs) -> list[Hearing]:
    """ENV-6..8, REA-6, REA-7: which listeners (xs, ys, rs) hear a noise of `noise_range` K made by the base
    (sx, sy, radius sr) (sr = 0 for a point source).

    Along the straight 2D line between the two bases' nearest points, at each wall crossed (blocks_los, taller
    than 0.75 K), in order, the range left at the point where the line enters the wall becomes
    max(0, left / 2 − DEF). The listener hears it if the range left covers its edge distance. The caller
    applies levels and who is able to hear.
    """
    xs = np.atleast_1d(np.asarray(xs, dtype=float))
    ys = np.atleast_1d(np.asarray(ys, dtype=float))
    rs = np.broadcast_to(np.asarray(rs, dtype=float), xs.shape)
    cd = np.hypot(xs - sx, ys - sy)
    gap = np.maximum(cd - sr - rs, 0.0)
    ok = cd > 0.0
    wx = np.where(ok, (xs - sx) / np.where(ok, cd, 1.0), 1.0)
    wy = np.where(ok, (ys - sy) / np.where(ok, cd, 1.0), 0.0)
    ax, ay = sx + sr * wx, sy + sr * wy                 # source edge towards the listener
    bx, by = ax + gap * wx, ay + gap * wy               # listener's nearest base point
    t, idx = wall_entries(board, ax, ay, bx, by)
    out = []
    defense = {int(i): board.pieces[int(i)].defense for i in idx}
    for k in range(len(xs)):
        g = float(gap[k])
        reach = float(noise_range)
        crossed = []
        if g > 0.0 and t.shape[1]:
            row = t[k]
            hits = [(float(row[j]) * g, j) for j in np.flatnonzero(np.isfinite(row)).tolist()]
            hits.sort()
            for s, j in hits:
                if reach < s - _TOL:
                    break
                piece = int(idx[j])
                crossed.append(board.pieces[piece].id)
                reach = s + muffle(reach - s, defense[piece])
        out.append(Hearing(reach >= g - _TOL, reach, g, tuple(crossed)))
    return out


def heard_mask(board: Board, sx: float, sy: float, sr: float, noise_range: float, xs, ys, rs) -> np.ndarray:
    """ENV-6..8: bool array, True for the listeners that hear the noise (see `hear`)."""
    return np.array([h.heard for h in hear(board, sx, sy, sr, noise_range, xs, ys, rs)], dtype=bool)
