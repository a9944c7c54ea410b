"""Distances between bases (BAS-2, BAS-3, CMB-11). Pure numbers in Kliks; no game rules beyond measuring."""
from __future__ import annotations

import math

import numpy as np

#: BAS-2: touching bases (edge distance 0 within this tolerance, in K) are in contact, not overlapping.
CONTACT_TOL = 1e-6
#: CMB-11: two bases whose edge distance is at most this many K are engaged (in base contact).
ENGAGED_GAP = 0.05


def edge_distance(x1: float, y1: float, r1: float, z1: float,
                  x2: float, y2: float, r2: float, z2: float) -> float:
    """BAS-3: edge-to-edge distance, g = max(0, |c1 − c2| − r1 − r2), dz = z1 − z2, distance = √(g² + dz²).

    From a mini to a point, pass r2 = 0. Never rounded.
    """
    g = math.hypot(x1 - x2, y1 - y2) - r1 - r2
    if g < 0.0:
        g = 0.0
    return math.hypot(g, z1 - z2)


def edge_distances(x: float, y: float, r: float, z: float,
                   xs, ys, rs, zs) -> np.ndarray:
    """BAS-3, one to many: edge distances from one base to arrays of bases (same formula as edge_distance)."""
    xs = np.asarray(xs, dtype=float)
    ys = np.asarray(ys, dtype=float)
    g = np.hypot(xs - x, ys - y) - r - np.asarray(rs, dtype=float)
    np.maximum(g, 0.0, out=g)
    return np.hypot(g, np.asarray(zs, dtype=float) - z)


def horizontal_gap(x1: float, y1: float, r1: float, x2: float, y2: float, r2: float) -> float:
    """BAS-3: signed horizontal gap |c1 − c2| − r1 − r2 (negative when the discs overlap)."""
    return math.hypot(x1 - x2, y1 - y2) - r1 - r2


def bases_overlap(x1: float, y1: float, r1: float, x2: float, y2: float, r2: float) -> bool:
    """BAS-2: True if the two discs overlap by more than CONTACT_TOL (touching is legal base contact)."""
    return math.hypot(x1 - x2, y1 - y2) < r1 + r2 - CONTACT_TOL


def bases_in_contact(x1: float, y1: float, r1: float, x2: float, y2: float, r2: float) -> bool:
    """CMB-11: True if the horizontal edge gap is at most ENGAGED_GAP and the discs do not overlap (BAS-2).

    The caller checks that both minis are at the same level (MOV-11).
    """
    g = math.hypot(x1 - x2, y1 - y2) - r1 - r2
    return -CONTACT_TOL <= g <= ENGAGED_GAP


def point_segment_distances(px, py, ax, ay, bx, by) -> np.ndarray:
    """Exact distances from points (px, py) to segments (a, b), broadcast together (plain geometry).

    A zero-length segment is its point.
    """
    px = np.asarray(px, dtype=float)
    py = np.asarray(py, dtype=float)
    dx = np.asarray(bx, dtype=float) - ax
    dy = np.asarray(by, dtype=float) - ay
    qx = px - ax
    qy = py - ay
    dd = dx * dx + dy * dy
    t = (qx * dx + qy * dy) / np.where(dd > 0.0, dd, 1.0)
    np.clip(t, 0.0, 1.0, out=t)
    return np.hypot(qx - t * dx, qy - t * dy)


def polyline_distances(pts: np.ndarray, xs, ys) -> np.ndarray:
    """Exact minimum distance from each point (xs[i], ys[i]) to the polyline `pts` (shape (m, 2), m ≥ 1)."""
    xs = np.asarray(xs, dtype=float)
    ys = np.asarray(ys, dtype=float)
    if len(pts) == 1:
        return np.hypot(xs - pts[0, 0], ys - pts[0, 1])
    a = pts[:-1]
    b = pts[1:]
    d = point_segment_distances(xs[:, None], ys[:, None], a[None, :, 0], a[None, :, 1], b[None, :, 0], b[None, :, 1])
    return d.min(axis=1)
