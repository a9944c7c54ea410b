"""Field of view, line of sight, line of fire and cover fractions (ENV-1..5, CMB-17, CMB-18, ARE-7).

LOS is traced for many rays at once: every ray from one eye point is clipped in numpy against the convex parts
of the LOS-blocking solids (Cyrus-Beck with strict inequalities, so grazing a face or a top within 1e-9 K never
blocks), after a separating-axis / height filter chooses which (target, piece) pairs can interact. The 25 rays
to a silhouette share 5 2D projections, so the 2D clipping runs once per column. No shapely object per ray.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

import shapely

from wartime.geometry.board import Board, SolidArrays
from wartime.geometry.measure import edge_distance, edge_distances, point_segment_distances

#: ENV-2: sample fractions across the silhouette's width and height.
SAMPLE_FRACTIONS = np.array([0.1, 0.3, 0.5, 0.7, 0.9])
N_SAMPLES = 25
#: Offsets of the 5 sample columns from the silhouette centre, in units of the base radius: (f − 0.5) × 2.
_COL_OFFSETS = (SAMPLE_FRACTIONS - 0.5) * 2.0
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
    cols, zs, _, _, _ = _columns_rows(eye, t)
    return np.tile(cols[:, :, 0], 5), np.tile(cols[:, :, 1], 5), np.repeat(zs, 5, axis=1)


def _columns_rows(eye, t: np.ndarray):
    """Column points (n, 5, 2), row heights (n, 5), the unit direction eye → target (ux, uy) and distance.

    The direction is +x when the eye is straight above the target."""
    dx = t[:, 0] - eye[0]
    dy = t[:, 1] - eye[1]
    dist = np.hypot(dx, dy)
    ok = dist > 0.0
    inv = 1.0 / np.where(ok, dist, 1.0)
    ux = np.where(ok, dx * inv, 1.0)
    uy = dy * inv
    perp = np.empty((len(t), 1, 2))
    perp[:, 0, 0] = -uy
    perp[:, 0, 1] = ux
    cols = t[:, None, 0:2] + perp * (t[:, 2:3] * _COL_OFFSETS)[:, :, None]
    zs = t[:, 3:4] + t[:, 4:5] * SAMPLE_FRACTIONS   # (n, 5)
    return cols, zs, ux, uy, dist


def _trace(solids: SolidArrays, eye, cols: np.ndarray, sz: np.ndarray,
           ux: np.ndarray, uy: np.ndarray, length: np.ndarray, half_width: np.ndarray):
    """Clip the segments from `eye` to the samples of G groups against the solids (ENV-2).

    A group's samples are the grid of W columns (cols, points (x, y), shape (G, W, 2)) × H rows (sz, heights,
    shape (G, H)): sample (row h, col w) is (cols[w], sz[h]), index h * W + w. Rays with the same column
    share their 2D projection, so the 2D clipping (Cyrus-Beck, strict, against each convex part) is done
    once per column; the height test is then exact at the ends of the inside interval (z is linear).
    The group's rays must lie in the rectangle running `length` from the eye along the unit vector (ux, uy)
    with `half_width` on each side (used to choose candidate pieces). Returns (blocked (G, H*W) bool,
    pair_group (C,), pair_piece (C,), pair_blocked (C, H*W)) for the candidate (group, solid) pairs, sorted
    by group.
    """
    G, W = cols.shape[:2]
    H = sz.shape[1]
    blocked = np.zeros((G, H * W), dtype=bool)
    if len(solids) == 0 or G == 0:
        return blocked, _NO_PAIRS, _NO_PAIRS, np.zeros((0, H * W), dtype=bool)
    ex, ey, ez = eye
    # --- candidate (group, piece) pairs: separating axes u and p of the rays' rectangle vs the bboxes ------
    axes = np.empty((2 * G, 2))                                  # rows: u of each group, then p = (−uy, ux)
    axes[:G, 0] = ux
    axes[:G, 1] = uy
    axes[G:, 0] = -uy
    axes[G:, 1] = ux
    proj = axes @ (solids.bc - ((ex,), (ey,)))                    # (2G, K) bbox centres on each axis
    ext = np.abs(axes) @ solids.bh                               # (2G, K) bbox half extents on each axis
    mid = np.zeros((2 * G, 1))
    mid[:G, 0] = 0.5 * length
    reach = np.empty((2 * G, 1))
    reach[:G, 0] = 0.5 * length
    reach[G:, 0] = half_width
    ok = np.abs(proj - mid) <= reach + ext + 1e-9
    cand = ok[:G] & ok[G:]
    cand &= solids.top_tol > np.minimum(sz.min(axis=1), ez)[:, None]
    pg, pk = np.nonzero(cand)
    C = len(pg)
    if C == 0:
        return blocked, _NO_PAIRS, _NO_PAIRS, np.zeros((0, H * W), dtype=bool)
    # --- (pair part, column, edge): 2D clipping of each column against each convex part ------------------
    if solids.all_convex:
        pq, qg, qpair = pk, pg, None
    else:
        cnt = solids.piece_part_count[pk]
        ends = np.cumsum(cnt)
        qpair = ends - cnt
        pq = np.arange(int(ends[-1])) + np.repeat(solids.piece_part_start[pk] - qpair, cnt)
        qg = np.repeat(pg, cnt)
    # inside part ⇔ f0 + t·fd < 0 for every edge, with f0 = n·eye − c and fd = n·(column − eye)
    f0 = (solids.pn[pq] @ (ex, ey) - solids.ppc[pq])[:, None, :]           # (Q, 1, E)
    fd = (cols[qg] - (ex, ey)) @ solids.pnt[pq]                             # (Q, W, E)
    fd[fd == 0.0] = 1e-200        # parallel: inside ⇔ f0 < 0, which −f0/1e-200 then encodes as a bound
    t = f0 / fd                                                             # minus the crossing parameter
    a = np.maximum(-np.where(fd < 0.0, t, np.inf).min(axis=2), 0.0)       # entering (Q, W)
    b = np.minimum(-np.where(fd > 0.0, t, -np.inf).max(axis=2), 1.0)      # leaving
    # --- height: z(t) = ez + t·dz is below the top at one end of the open interval (a, b) ---------------
    dz = (sz[qg] - ez)[:, :, None]                                          # (Q, H, 1)
    top = (solids.top_tol[solids.part_piece[pq]] - ez)[:, None, None]       # (Q, 1, 1)
    a = a[:, None, :]
    b = b[:, None, :]
    hit = (a < b) & ((a * dz < top) | (b * dz < top))                       # (Q, H, W)
    if qpair is not None:
        hit = np.logical_or.reduceat(hit, qpair, axis=0)
    pair_blocked = hit.reshape(C, H * W)
    # --- OR over pieces per group (pairs are sorted by group) --------------------------------------------
    if C == 1:
        blocked[pg[0]] = pair_blocked[0]
    else:
        first = np.flatnonzero(np.concatenate(((True,), pg[1:] != pg[:-1])))
        blocked[pg[first]] = np.logical_or.reduceat(pair_blocked, first, axis=0)
    return blocked, pg, pk, pair_blocked


_NO_PAIRS = np.zeros(0, dtype=np.intp)


def ceiling_blocked(board: Board, eye, sx: np.ndarray, sy: np.ndarray, sz: np.ndarray) -> list[tuple[int, np.ndarray]]:
    """TRT-SPIDER (issue 12, the roof of a roofed piece, ruling): the segments from `eye` to the sample points
    (sx, sy, sz; any one shape) that one roof blocks: a segment between a point under the roof (below its height
    h) and one above it (above h) is blocked where it crosses the plane z = h inside the footprint (its interior:
    grazing the rim does not block); a segment wholly below h passes under the roof (its sides are open), one
    wholly above passes over it. [(board index of the roofed piece, blocked mask)] for each roof that blocks one,
    in board order (none when the board has no roof)."""
    out: list[tuple[int, np.ndarray]] = []
    if not board.ceilings:
        return out
    ex, ey, ez = _eye3(eye)
    sx, sy, sz = (np.asarray(v, dtype=float) for v in (sx, sy, sz))
    for piece in board.ceilings:
        h = piece.ceiling
        cross = (ez - h) * (sz - h) < 0.0
        if not cross.any():
            continue
        t = np.where(cross, (h - ez) / np.where(cross, sz - ez, 1.0), 0.0)
        hit = cross & shapely.contains_xy(piece.polygon, ex + t * (sx - ex), ey + t * (sy - ey))
        if hit.any():
            out.append((board.pieces.index(piece), hit))
    return out
_ARANGE = np.arange(64)


def _eye3(eye) -> tuple[float, float, float]:
    return float(eye[0]), float(eye[1]), float(eye[2])


def los_blocked_samples(board: Board, eye, targets: np.ndarray) -> np.ndarray:
    """ENV-2: (n, 25) bool, True where the 3D segment from `eye` (x, y, z) to the sample is blocked.

    targets: (n, 5) array of x, y, r, base_z, current height. A sample is blocked when its segment passes
    through a blocks_los piece's solid (footprint interior extruded from the ground to its top). Miniatures
    never block. Sample s = row * 5 + col (rows from the bottom, 0.1..0.9 of the height).
    """
    targets = np.asarray(targets, dtype=float).reshape(-1, 5)
    eye = _eye3(eye)
    cols, zs, ux, uy, dist = _columns_rows(eye, targets)
    blocked, _, _, _ = _trace(board.los, eye, cols, zs, ux, uy, dist, 0.8 * targets[:, 2])
    if board.ceilings:                                      # TRT-SPIDER: a roof between the eye and a sample
        sx, sy, sz = silhouette_samples(eye, targets)
        for _, hit in ceiling_blocked(board, eye, sx, sy, sz):
            blocked |= hit
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
    eye = _eye3(eye)
    # the board is static, so the answer for one (eye, row) never changes: memoised on the board
    memo = board.cover_memo
    ek = (float(eye[0]), float(eye[1]), float(eye[2]))
    keys = [(ek, row) for row in map(tuple, targets.tolist())]
    missing = [i for i, k in enumerate(keys) if k not in memo]
    if missing:
        if len(memo) > COVER_MEMO_MAX:
            memo.clear()                          # bounded: then every row of this query is asked afresh
            missing = list(range(len(keys)))
        for i, res in zip(missing, _cover_query(board, eye, targets[missing])):
            memo[keys[i]] = res
    return [memo[k] for k in keys]


#: entries kept in a board's cover memo before it is cleared
COVER_MEMO_MAX = 200_000


def _cover_query(board: Board, eye, targets: np.ndarray) -> list[CoverResult]:
    n = len(targets)
    cols, zs, ux, uy, dist = _columns_rows(eye, targets)
    solids = board.los
    blocked, pg, pk, pair_blocked = _trace(solids, eye, cols, zs, ux, uy, dist, 0.8 * targets[:, 2])
    roofs = ceiling_blocked(board, eye, *silhouette_samples(eye, targets)) if board.ceilings else []
    for _, hit in roofs:                                    # TRT-SPIDER: a roof blocks like a solid (DEF 0 here)
        blocked = blocked | hit
    counts = blocked.sum(axis=1)
    main_id: list[str | None] = [None] * n
    main_def = [0] * n
    best: dict[int, tuple[int, int]] = {}
    if len(pg):
        # CMB-18: the piece blocking the most samples; ties: highest DEF, then board order (pairs come in
        # group order, then piece order, so the first best stays)
        defense = solids.defense_list
        for gi, ki, ci in zip(pg.tolist(), pk.tolist(), pair_blocked.sum(axis=1).tolist()):
            if ci and (gi not in best or (ci, defense[ki]) > best[gi]):
                best[gi] = (ci, defense[ki])
                main_id[gi] = solids.ids[ki]
                main_def[gi] = defense[ki]
    for bi, hit in roofs:                                   # a roof after the solids: it wins only on more samples
        roof = board.pieces[bi]
        for gi, ci in enumerate(hit.sum(axis=1).tolist()):
            if ci and (main_id[gi] is None or (ci, roof.defense) > best.get(gi, (0, 0))):
                best[gi] = (ci, roof.defense)
                main_id[gi] = roof.id
                main_def[gi] = roof.defense
    return [CoverResult(int(b), b / N_SAMPLES, b < N_SAMPLES, main_id[i], main_def[i])
            for i, b in enumerate(counts.tolist())]


def has_los(board: Board, eye, target_row) -> bool:
    """ENV-2: True if at least one of the 25 samples of the target (x, y, r, base_z, height) is visible."""
    return not bool(los_blocked_samples(board, eye, np.asarray(target_row, dtype=float).reshape(1, 5)).all())


def point_blocked(board: Board, eye, points) -> np.ndarray:
    """ENV-2 point targets: for each (x, y) point, True if the segment from `eye` to the point's single
    sample (0.5 K above the surface there) is blocked."""
    pts = np.asarray(points, dtype=float).reshape(-1, 2)
    eye = _eye3(eye)
    sz = np.array([[board.surface_height(x, y) + POINT_SAMPLE_HEIGHT] for x, y in pts.tolist()]).reshape(-1, 1)
    dx, dy = pts[:, 0] - eye[0], pts[:, 1] - eye[1]
    dist = np.hypot(dx, dy)
    ok = dist > 0.0
    inv = 1.0 / np.where(ok, dist, 1.0)
    ux, uy = np.where(ok, dx * inv, 1.0), dy * inv
    blocked, _, _, _ = _trace(board.los, eye, pts[:, None, :], sz, ux, uy, dist, np.zeros(len(pts)))
    for _, hit in ceiling_blocked(board, eye, pts[:, 0], pts[:, 1], sz[:, 0]):   # TRT-SPIDER: a roof
        blocked[:, 0] |= hit
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
