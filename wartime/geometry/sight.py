"""Field of view, line of sight, line of fire and cover fractions (ENV-1..5, CMB-17, CMB-18, ARE-7).

LOS is traced for many rays at once: every ray from one eye point is clipped in numpy against the convex parts
of the LOS-blocking solids (Cyrus-Beck with strict inequalities, so grazing a face or the top never blocks),
after a cheap bounding-box / band / height filter chooses which (target, piece) pairs can interact. No shapely
object is built per ray.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from wartime.geometry.board import SOLID_TOL, Board, SolidArrays
from wartime.geometry.measure import edge_distance, edge_distances

#: ENV-2: sample fractions across the silhouette's width and height.
SAMPLE_FRACTIONS = np.array([0.1, 0.3, 0.5, 0.7, 0.9])
N_SAMPLES = 25
#: Offsets of the 5 sample columns from the silhouette centre, in units of the base radius: (f − 0.5) × 2.
_COL_OFFSETS = (SAMPLE_FRACTIONS - 0.5) * 2.0
#: Sample s = row * 5 + col: row from the bottom (height fraction), col across the width.
_ROW_OF = np.repeat(np.arange(5), 5)
_COL_OF = np.tile(np.arange(5), 5)
_H_FRAC = SAMPLE_FRACTIONS[_ROW_OF]           # (25,)
_W_OFF = _COL_OFFSETS[_COL_OF]                # (25,)
#: ENV-2: a point target is one sample this high above the surface.
POINT_SAMPLE_HEIGHT = 0.5


# ---------------------------------------------------------------------------------------------------------
# FOV and fields of fire
# ---------------------------------------------------------------------------------------------------------
def in_fov(ox: float, oy: float, facing_deg: float, tx: float, ty: float, tr: float, range_k: float,
           oz: float = 0.0, tz: float = 0.0, orad: float = 0.0) -> bool:
    """ENV-1 / ENV-4: target base (tx, ty, radius tr) is in the 180° arc and within range_k.

    The arc is the closed half-plane in front of the line through the observer's centre perpendicular to its
    facing (degrees CCW from +x); the target is in it if any part of its base is (a base touching the line
    counts). Range uses the BAS-3 edge distance, so pass the observer's base radius as `orad`.
    """
    a = math.radians(facing_deg)
    ahead = (tx - ox) * math.cos(a) + (ty - oy) * math.sin(a)
    if ahead + tr < -1e-9:
        return False
    return edge_distance(ox, oy, orad, oz, tx, ty, tr, tz) <= range_k


def fov_mask(ox: float, oy: float, facing_deg: float, range_k: float, xs, ys, rs,
             oz: float = 0.0, zs=0.0, orad: float = 0.0) -> np.ndarray:
    """ENV-1 / ENV-4, vectorised in_fov over many targets."""
    a = math.radians(facing_deg)
    xs = np.asarray(xs, dtype=float)
    ys = np.asarray(ys, dtype=float)
    rs = np.asarray(rs, dtype=float)
    ahead = (xs - ox) * math.cos(a) + (ys - oy) * math.sin(a)
    d = edge_distances(ox, oy, orad, oz, xs, ys, rs, np.broadcast_to(np.asarray(zs, dtype=float), xs.shape))
    return (ahead + rs >= -1e-9) & (d <= range_k)


def in_arc(ox: float, oy: float, facing_deg: float, tx: float, ty: float, tr: float, range_k: float,
           half_angle: float = 45.0, oz: float = 0.0, tz: float = 0.0, orad: float = 0.0) -> bool:
    """ENV-5: target base within a fixed arc of ±half_angle degrees around facing_deg, and within range_k.

    The arc is the closed wedge with its apex at the observer's centre; the target is in it if any part of
    its base is. Exact: the centre is inside the wedge, or the disc reaches one of the wedge's two edge rays.
    """
    if edge_distance(ox, oy, orad, oz, tx, ty, tr, tz) > range_k:
        return False
    dx, dy = tx - ox, ty - oy
    if dx * dx + dy * dy <= tr * tr:
        return True
    a = math.radians(facing_deg)
    h = math.radians(half_angle)
    bearing = math.atan2(dy, dx)
    diff = (bearing - a + math.pi) % (2.0 * math.pi) - math.pi
    if abs(diff) <= h + 1e-12:
        return True
    for edge in (a - h, a + h):
        ux, uy = math.cos(edge), math.sin(edge)
        along = dx * ux + dy * uy
        dist = abs(dx * uy - dy * ux) if along >= 0.0 else math.hypot(dx, dy)
        if dist <= tr + 1e-9:
            return True
    return False


def in_lof(mx: float, my: float, tx: float, ty: float, xs, ys, rs) -> np.ndarray:
    """ENV-3: which bases (xs, ys, rs) intersect the 2D segment from the muzzle (mx, my) to (tx, ty).

    Touching counts as intersecting. The caller leaves out the shooter and the target.
    """
    from wartime.geometry.measure import point_segment_distances
    d = point_segment_distances(np.asarray(xs, dtype=float), np.asarray(ys, dtype=float), mx, my, tx, ty)
    return d <= np.asarray(rs, dtype=float) + 1e-9


# ---------------------------------------------------------------------------------------------------------
# LOS core
# ---------------------------------------------------------------------------------------------------------
def silhouette_samples(eye, targets: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """ENV-2: the 25 sample points of each target's silhouette, as (sx, sy, sz), each of shape (n, 25).

    targets: (n, 5) array of x, y, r, base_z, height. The silhouette is the vertical rectangle through the
    base centre perpendicular to the horizontal eye→target direction (+x if the eye is straight above).
    Sample s = row * 5 + col, rows from the bottom.
    """
    t = np.asarray(targets, dtype=float).reshape(-1, 5)
    ex, ey = float(eye[0]), float(eye[1])
    dx = t[:, 0] - ex
    dy = t[:, 1] - ey
    dist = np.hypot(dx, dy)
    ok = dist > 0.0
    safe = np.where(ok, dist, 1.0)
    ux = np.where(ok, dx / safe, 1.0)
    uy = np.where(ok, dy / safe, 0.0)
    w = t[:, 2:3] * _W_OFF                           # (n, 25) offsets along the perpendicular (−uy, ux)
    sx = t[:, 0:1] - uy[:, None] * w
    sy = t[:, 1:2] + ux[:, None] * w
    sz = t[:, 3:4] + t[:, 4:5] * _H_FRAC
    return sx, sy, sz


def _trace(solids: SolidArrays, eye, sx: np.ndarray, sy: np.ndarray, sz: np.ndarray,
           cx: np.ndarray, cy: np.ndarray, half_width: np.ndarray, use_z: bool = True):
    """Clip the segments eye → (sx, sy, sz) (shape (G, S)) against the solids.

    (cx, cy) is a point on each group's central line from the eye and half_width bounds the distance of the
    group's rays from that line (a filter only). Returns (blocked (G, S) bool, pair_group, pair_piece,
    pair_blocked (C, S) bool) where pairs are the candidate (group, solid) pairs, sorted by group.
    With use_z False the solids are infinitely tall (2D clipping, used for noise).
    """
    G, S = sx.shape
    blocked = np.zeros((G, S), dtype=bool)
    empty = (blocked, np.zeros(0, np.intp), np.zeros(0, np.intp), np.zeros((0, S), dtype=bool))
    K = len(solids)
    if K == 0 or G == 0:
        return empty
    ex, ey, ez = float(eye[0]), float(eye[1]), float(eye[2])
    # --- candidate (group, piece) pairs: bounding boxes, band around the central line, heights ---------
    gminx = np.minimum(sx.min(axis=1), ex)
    gmaxx = np.maximum(sx.max(axis=1), ex)
    gminy = np.minimum(sy.min(axis=1), ey)
    gmaxy = np.maximum(sy.max(axis=1), ey)
    bb = solids.bbox
    cand = ((bb[None, :, 0] <= gmaxx[:, None]) & (bb[None, :, 2] >= gminx[:, None])
            & (bb[None, :, 1] <= gmaxy[:, None]) & (bb[None, :, 3] >= gminy[:, None]))
    if use_z:
        zmin = np.minimum(sz.min(axis=1), ez)
        cand &= solids.top[None, :] - SOLID_TOL > zmin[:, None]
    if not cand.any():
        return empty
    lx = cx - ex
    ly = cy - ey
    ll = np.hypot(lx, ly)
    okl = ll > 0.0
    nxl = np.where(okl, -ly / np.where(okl, ll, 1.0), 0.0)
    nyl = np.where(okl, lx / np.where(okl, ll, 1.0), 0.0)
    # signed distances of the 4 bbox corners from each group's central line
    cxs = np.stack([bb[:, 0], bb[:, 2], bb[:, 2], bb[:, 0]], axis=1)   # (K, 4)
    cys = np.stack([bb[:, 1], bb[:, 1], bb[:, 3], bb[:, 3]], axis=1)
    sd = (nxl[:, None, None] * (cxs[None] - ex) + nyl[:, None, None] * (cys[None] - ey))  # (G, K, 4)
    hw = (half_width + 1e-9)[:, None]
    cand &= ~((sd.min(axis=2) > hw) | (sd.max(axis=2) < -hw))
    pg, pk = np.nonzero(cand)
    C = len(pg)
    if C == 0:
        return empty
    # --- expand to (pair, sample, edge) elements ----------------------------------------------------------
    ecount = solids.piece_edge_count[pk]                       # (C,)
    block_size = np.repeat(ecount, S)                          # (C*S,)
    M = int(block_size.sum())
    block_start = np.zeros(C * S, dtype=np.intp)
    np.cumsum(block_size[:-1], out=block_start[1:])
    offs = np.arange(M) - np.repeat(block_start, block_size)
    edge = np.repeat(np.repeat(solids.piece_edge_start[pk], S), block_size) + offs
    ray = np.repeat((pg[:, None] * S + np.arange(S)[None, :]).ravel(), block_size)
    dxr = (sx.ravel() - ex)[ray]
    dyr = (sy.ravel() - ey)[ray]
    nx = solids.nx[edge]
    ny = solids.ny[edge]
    f0 = nx * ex + ny * ey - solids.c[edge] + solids.tol[edge]
    fd = nx * dxr + ny * dyr
    t = -f0 / np.where(fd == 0.0, 1.0, fd)
    par_out = (fd == 0.0) & (f0 >= 0.0)
    lower = np.where(fd < 0.0, t, -np.inf)
    lower[par_out] = np.inf
    upper = np.where(fd > 0.0, t, np.inf)
    upper[par_out] = -np.inf
    # --- per (pair, sample) z interval where the ray is below the piece's top ----------------------------
    if use_z:
        top = np.repeat(solids.top[pk], S) - SOLID_TOL         # (C*S,); grazing the top does not block
        szr = sz.ravel()[(pg[:, None] * S + np.arange(S)[None, :]).ravel()]
        dz = szr - ez
        tz = (top - ez) / np.where(dz == 0.0, 1.0, dz)
        lo = np.where(dz < 0.0, np.maximum(tz, 0.0), 0.0)
        hi = np.where(dz > 0.0, np.minimum(tz, 1.0), 1.0)
        hi = np.where((dz == 0.0) & (ez >= top), -np.inf, hi)
    else:
        lo = np.zeros(C * S)
        hi = np.ones(C * S)
    if solids.all_convex:
        lw = np.maximum.reduceat(lower, block_start)
        up = np.minimum.reduceat(upper, block_start)
        hit = np.maximum(lw, lo) < np.minimum(up, hi)
    else:
        pcount = solids.piece_part_count[pk]                   # parts per pair
        units_per_block = np.repeat(pcount, S)                 # (C*S,)
        U = int(units_per_block.sum())
        ublock_start = np.zeros(C * S, dtype=np.intp)
        np.cumsum(units_per_block[:-1], out=ublock_start[1:])
        uoff = np.arange(U) - np.repeat(ublock_start, units_per_block)
        upart = np.repeat(np.repeat(solids.piece_part_start[pk], S), units_per_block) + uoff
        ustart = np.repeat(block_start, units_per_block) + solids.part_rel_start[upart]
        lw = np.maximum.reduceat(lower, ustart)
        up = np.minimum.reduceat(upper, ustart)
        ulo = np.repeat(lo, units_per_block)
        uhi = np.repeat(hi, units_per_block)
        uhit = np.maximum(lw, ulo) < np.minimum(up, uhi)
        hit = np.logical_or.reduceat(uhit, ublock_start)
    pair_blocked = hit.reshape(C, S)
    # --- OR over pieces per group (pairs are sorted by group) --------------------------------------------
    first = np.flatnonzero(np.r_[True, pg[1:] != pg[:-1]])
    blocked[pg[first]] = np.logical_or.reduceat(pair_blocked, first, axis=0)
    return blocked, pg, pk, pair_blocked


def _eye3(eye) -> tuple[float, float, float]:
    return float(eye[0]), float(eye[1]), float(eye[2])


def los_blocked_samples(board: Board, eye, targets: np.ndarray) -> np.ndarray:
    """ENV-2: (n, 25) bool, True where the 3D segment from `eye` (x, y, z) to the sample is blocked.

    targets: (n, 5) array of x, y, r, base_z, current height. A sample is blocked when its segment passes
    through a blocks_los piece's solid (footprint interior extruded from the ground to its top). Miniatures
    never block. Sample s = row * 5 + col (rows from the bottom, 0.1..0.9 of the height).
    """
    targets = np.asarray(targets, dtype=float).reshape(-1, 5)
    sx, sy, sz = silhouette_samples(eye, targets)
    blocked, _, _, _ = _trace(board.los, _eye3(eye), sx, sy, sz, targets[:, 0], targets[:, 1],
                              0.8 * targets[:, 2])
    return blocked


@dataclass(frozen=True)
class CoverResult:
    """ENV-2 / CMB-17 / CMB-18: what a target's silhouette looks like from one eye point.

    blocked: samples blocked (0..25); hidden_fraction = blocked / 25; has_los = at least one sample visible;
    main_piece_id: the piece blocking the most samples (ties: highest DEF, then board order), None if none;
    main_piece_def: its DEF (0 if none).
    """

    blocked: int
    hidden_fraction: float
    has_los: bool
    main_piece_id: str | None
    main_piece_def: int

    @property
    def cover(self) -> bool:
        """CMB-17: hidden more than 50% (at least 13 of 25 samples blocked)."""
        return self.blocked >= 13

    @property
    def full_cover(self) -> bool:
        """CMB-18: hidden 100% (all 25 samples blocked)."""
        return self.blocked >= N_SAMPLES


def cover_query(board: Board, eye, targets: np.ndarray) -> list[CoverResult]:
    """ENV-2, CMB-17, CMB-18, ARE-7: one CoverResult per target row (x, y, r, base_z, height) seen from `eye`.

    For an area attack (ARE-7) pass the eye (P.x, P.y, surface + 0.5), see `area_eye`.
    """
    targets = np.asarray(targets, dtype=float).reshape(-1, 5)
    n = len(targets)
    sx, sy, sz = silhouette_samples(eye, targets)
    solids = board.los
    blocked, pg, pk, pair_blocked = _trace(solids, _eye3(eye), sx, sy, sz, targets[:, 0], targets[:, 1],
                                           0.8 * targets[:, 2])
    counts = blocked.sum(axis=1)
    main_id: list[str | None] = [None] * n
    main_def = [0] * n
    if len(pg):
        pc = pair_blocked.sum(axis=1)
        keep = pc > 0
        if keep.any():
            g, k, c = pg[keep], pk[keep], pc[keep]
            order = np.lexsort((k, -solids.defense[k], -c, g))
            g, k = g[order], k[order]
            first = np.flatnonzero(np.r_[True, g[1:] != g[:-1]])
            for gi, ki in zip(g[first].tolist(), k[first].tolist()):
                main_id[gi] = solids.ids[ki]
                main_def[gi] = int(solids.defense[ki])
    return [CoverResult(int(b), b / N_SAMPLES, b < N_SAMPLES, main_id[i], main_def[i])
            for i, b in enumerate(counts.tolist())]


def has_los(board: Board, eye, target_row) -> bool:
    """ENV-2: True if at least one of the 25 samples of the target (x, y, r, base_z, height) is visible."""
    return not bool(los_blocked_samples(board, eye, np.asarray(target_row, dtype=float).reshape(1, 5)).all())


def point_blocked(board: Board, eye, points) -> np.ndarray:
    """ENV-2 point targets: for each (x, y) point, True if the segment from `eye` to the point's single
    sample (0.5 K above the surface there) is blocked."""
    pts = np.asarray(points, dtype=float).reshape(-1, 2)
    sx = pts[:, 0:1].copy()
    sy = pts[:, 1:2].copy()
    sz = np.array([[board.surface_height(x, y) + POINT_SAMPLE_HEIGHT] for x, y in pts.tolist()]).reshape(-1, 1)
    blocked, _, _, _ = _trace(board.los, _eye3(eye), sx, sy, sz, pts[:, 0], pts[:, 1], np.zeros(len(pts)))
    return blocked[:, 0]


def has_los_point(board: Board, eye, x: float, y: float) -> bool:
    """ENV-2: LOS from `eye` to the point target (x, y) (one sample 0.5 K above the surface)."""
    return not bool(point_blocked(board, eye, [(x, y)])[0])


def area_eye(board: Board, x: float, y: float) -> tuple[float, float, float]:
    """ARE-7: the point from which an area attack's cover is measured: 0.5 K above the surface at P."""
    return (float(x), float(y), board.surface_height(x, y) + POINT_SAMPLE_HEIGHT)


def eye_point(x: float, y: float, base_z: float, height: float) -> tuple[float, float, float]:
    """Preface: a mini's eye point is its base centre at elevation + current height."""
    return (float(x), float(y), float(base_z) + float(height))


def targets_array(rows: Sequence[Sequence[float]]) -> np.ndarray:
    """Helper: an (n, 5) float array of x, y, r, base_z, height."""
    return np.asarray(rows, dtype=float).reshape(-1, 5)
