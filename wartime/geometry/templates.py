"""Area templates R, L, G and the S jump chain (ARE-1..7, ARE-9, MOV-15), and who they cover.

Coverage is exact: the area of a base disc inside a template is integrated with Green's theorem over the
template's boundary (straight segments and circular arcs), in numpy for all bases at once; round templates
use the closed-form lens area. No polygonised circles.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from typing import Sequence

import numpy as np
from shapely.geometry import Point, Polygon

#: ARE-5: a base is fully covered when at least this fraction of its area is inside the template.
FULL_FRACTION = 0.999
#: ARE-6: overlap areas at or below this (K²) count as merely touching (not covered). A 1 K base pushed
#: 1e-6 K into a template edge overlaps it by about 1e-9 K².
AREA_EPS = 1e-9
#: ARE-4: a jump reaches minis within this edge distance (K).
JUMP_RANGE = 3.0
_TOL = 1e-9


@dataclass(frozen=True)
class Template:
    """ARE-1..3: a placed template. kind 'R' (round), 'L' (linear) or 'G' (teardrop).

    (px, py) is the aim point P, the area's centre for ARE-7; (ux, uy) the unit horizontal direction from the
    attacker to P ((1, 0) for R, or when the attacker is at P). length = l (L, G), diameter = d (R, G).
    segments: (k, 4) boundary segments ax, ay, bx, by; arcs: (m, 5) ox, oy, radius, a0, a1 (radians, a0 < a1);
    together they run counter-clockwise around the template.
    """

    kind: str
    px: float
    py: float
    ux: float
    uy: float
    length: float
    diameter: float
    segments: np.ndarray = field(repr=False, compare=False)
    arcs: np.ndarray = field(repr=False, compare=False)

    @property
    def code(self) -> str:
        if self.kind == "R":
            return f"R{self.diameter:g}"
        if self.kind == "L":
            return f"L{self.length:g}"
        return f"G{self.length:g}/{self.diameter:g}"

    def translate(self, dx: float, dy: float) -> "Template":
        """ARE-9: the same template moved by (dx, dy), keeping its orientation."""
        seg = self.segments + np.array([dx, dy, dx, dy])
        arcs = self.arcs.copy()
        if len(arcs):
            arcs[:, 0] += dx
            arcs[:, 1] += dy
        return replace(self, px=self.px + dx, py=self.py + dy, segments=seg, arcs=arcs)

    def contains(self, xs, ys) -> np.ndarray:
        """MOV-15 (grid areas cover the squares whose centre they contain): points strictly inside."""
        xs = np.asarray(xs, dtype=float)
        ys = np.asarray(ys, dtype=float)
        inside_poly = None
        if len(self.segments) and self.kind != "R":
            pts = _hull_points(self)
            inside_poly = _in_convex(pts, xs, ys)
        if self.kind == "L":
            return inside_poly
        rad = self.diameter / 2.0
        in_disc = np.hypot(xs - self.px, ys - self.py) < rad - _TOL
        return in_disc if inside_poly is None else (in_disc | inside_poly)

    def polygon(self, quad_segs: int = 32) -> Polygon:
        """A shapely polygon of the template (circles polygonised), for drawing and debugging."""
        if self.kind == "R":
            return Point(self.px, self.py).buffer(self.diameter / 2.0, quad_segs=quad_segs)
        if self.kind == "L":
            return Polygon(self.segments[:, :2])
        disc = Point(self.px, self.py).buffer(self.diameter / 2.0, quad_segs=quad_segs)
        tail = self.segments[-1]
        return disc.union(Polygon([tuple(tail[:2]), tuple(tail[2:]), (self.px, self.py)])).convex_hull


def _hull_points(t: Template) -> np.ndarray:
    """The straight-edge polygon of an L (its rectangle) or a G (tail segment + tangent points), CCW."""
    if t.kind == "G":
        s = t.segments
        return np.array([s[0, :2], s[0, 2:], s[1, :2], s[1, 2:]])
    return t.segments[:, :2]


def _in_convex(pts: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    a = pts
    b = np.roll(pts, -1, axis=0)
    cross = ((b[:, 0] - a[:, 0])[:, None] * (ys.ravel()[None, :] - a[:, 1][:, None])
             - (b[:, 1] - a[:, 1])[:, None] * (xs.ravel()[None, :] - a[:, 0][:, None]))
    lens = np.hypot(b[:, 0] - a[:, 0], b[:, 1] - a[:, 1])[:, None]
    return (cross / lens > _TOL).all(axis=0).reshape(xs.shape)


def _direction(ax: float, ay: float, px: float, py: float) -> tuple[float, float]:
    dx, dy = px - ax, py - ay
    d = math.hypot(dx, dy)
    if d <= 0.0:
        return 1.0, 0.0
    return dx / d, dy / d


def round_template(px: float, py: float, diameter: float) -> Template:
    """ARE-1: R d, a disc of radius d/2 centred on the aim point."""
    if diameter <= 0:
        raise ValueError("a round template needs a positive diameter")
    arcs = np.array([[px, py, diameter / 2.0, 0.0, 2.0 * math.pi]])
    return Template("R", float(px), float(py), 1.0, 0.0, 0.0, float(diameter), np.zeros((0, 4)), arcs)


def line_template(ax: float, ay: float, px: float, py: float, length: float) -> Template:
    """ARE-2: L l, a rectangle l K long and 1 K wide centred on P, long axis along attacker → P."""
    if length <= 0:
        raise ValueError("a linear template needs a positive length")
    ux, uy = _direction(ax, ay, px, py)
    vx, vy = -uy, ux
    h = length / 2.0
    c = [(px - h * ux - 0.5 * vx, py - h * uy - 0.5 * vy), (px + h * ux - 0.5 * vx, py + h * uy - 0.5 * vy),
         (px + h * ux + 0.5 * vx, py + h * uy + 0.5 * vy), (px - h * ux + 0.5 * vx, py - h * uy + 0.5 * vy)]
    seg = np.array([[*c[i], *c[(i + 1) % 4]] for i in range(4)], dtype=float)
    return Template("L", float(px), float(py), ux, uy, float(length), 0.0, seg, np.zeros((0, 5)))


def drop_template(ax: float, ay: float, px: float, py: float, length: float, diameter: float) -> Template:
    """ARE-3: G l/d, the convex hull of the disc of diameter d at P and the 1 K segment centred on
    T = P − l·u perpendicular to u (u: unit direction attacker → P)."""
    rad = diameter / 2.0
    if diameter <= 0 or length <= 0:
        raise ValueError("a teardrop template needs a positive length and diameter")
    if math.hypot(length, 0.5) <= rad + 1e-9:
        raise ValueError("a teardrop template needs its tail outside its disc (l > d/2)")
    ux, uy = _direction(ax, ay, px, py)
    vx, vy = -uy, ux
    tx, ty = px - length * ux, py - length * uy
    e_left = (tx + 0.5 * vx, ty + 0.5 * vy)
    e_right = (tx - 0.5 * vx, ty - 0.5 * vy)

    def tangent(e, side):
        wx, wy = e[0] - px, e[1] - py
        dist = math.hypot(wx, wy)
        wx, wy = wx / dist, wy / dist
        g = math.acos(rad / dist)
        cands = []
        for s in (1.0, -1.0):
            kx = math.cos(g) * wx - s * math.sin(g) * wy
            ky = math.cos(g) * wy + s * math.sin(g) * wx
            cands.append((px + rad * kx, py + rad * ky))
        return max(cands, key=lambda k: side * ((k[0] - px) * vx + (k[1] - py) * vy))

    k_left = tangent(e_left, 1.0)
    k_right = tangent(e_right, -1.0)
    theta_u = math.atan2(uy, ux)
    d0 = (theta_u - math.atan2(k_right[1] - py, k_right[0] - px)) % (2 * math.pi)
    d1 = (math.atan2(k_left[1] - py, k_left[0] - px) - theta_u) % (2 * math.pi)
    arcs = np.array([[px, py, rad, theta_u - d0, theta_u + d1]])
    # CCW: E_right → K_right, (arc K_right → K_left), K_left → E_left, E_left → E_right.
    seg = np.array([[*e_right, *k_right], [*k_left, *e_left], [*e_left, *e_right]], dtype=float)
    return Template("G", float(px), float(py), ux, uy, float(length), float(diameter), seg, arcs)


_CODE = re.compile(r"^\s*([RLG])\s*(\d+(?:\.\d+)?)(?:\s*/\s*(\d+(?:\.\d+)?))?\s*$", re.IGNORECASE)


def template_from_code(code: str, attacker: Sequence[float], aim: Sequence[float]) -> Template:
    """ARE-1..3: build 'R3', 'L4', 'G4/3' aimed from `attacker` (x, y) at `aim` (x, y). S is not a template
    (see jump_chain)."""
    m = _CODE.match(code)
    if not m:
        raise ValueError(f"not a template code: {code!r} (expected R d, L l or G l/d)")
    kind, a, b = m.group(1).upper(), float(m.group(2)), m.group(3)
    if kind == "R":
        if b is not None:
            raise ValueError(f"not a template code: {code!r}")
        return round_template(aim[0], aim[1], a)
    if kind == "L":
        if b is not None:
            raise ValueError(f"not a template code: {code!r}")
        return line_template(attacker[0], attacker[1], aim[0], aim[1], a)
    if b is None:
        raise ValueError(f"a teardrop needs l/d: {code!r}")
    return drop_template(attacker[0], attacker[1], aim[0], aim[1], a, float(b))


# ---------------------------------------------------------------------------------------------------------
# exact areas
# ---------------------------------------------------------------------------------------------------------
def _angle(ux, uy, vx, vy):
    return np.arctan2(ux * vy - uy * vx, ux * vx + uy * vy)


def _segment_terms(cx, cy, r, seg) -> np.ndarray:
    """Σ over segments of the signed area of disc(c, r) ∩ triangle(c, a, b); shapes (n,) × (k,) → (n,)."""
    ax = seg[None, :, 0] - cx[:, None]
    ay = seg[None, :, 1] - cy[:, None]
    bx = seg[None, :, 2] - cx[:, None]
    by = seg[None, :, 3] - cy[:, None]
    rr = (r * r)[:, None]
    dx = bx - ax
    dy = by - ay
    dd = dx * dx + dy * dy
    p = ax * dx + ay * dy
    q = ax * ax + ay * ay - rr
    disc = p * p - dd * q
    sq = np.sqrt(np.maximum(disc, 0.0))
    s1 = np.clip((-p - sq) / dd, 0.0, 1.0)
    s2 = np.clip((-p + sq) / dd, 0.0, 1.0)
    miss = disc <= 0.0
    s1[miss] = 0.0
    s2[miss] = 0.0
    p1x, p1y = ax + s1 * dx, ay + s1 * dy
    p2x, p2y = ax + s2 * dx, ay + s2 * dy
    out = 0.5 * rr * (_angle(ax, ay, p1x, p1y) + _angle(p2x, p2y, bx, by)) + 0.5 * (p1x * p2y - p1y * p2x)
    return out.sum(axis=1)


def _split_arcs(arcs: np.ndarray, max_len: float) -> np.ndarray:
    """Cut arcs (ox, oy, radius, a0, a1) into pieces of arc length at most max_len."""
    n = np.maximum(1, np.ceil(arcs[:, 2] * (arcs[:, 4] - arcs[:, 3]) / max_len)).astype(np.intp)
    rep = np.repeat(arcs, n, axis=0)
    k = np.arange(int(n.sum())) - np.repeat(np.cumsum(n) - n, n)
    step = (rep[:, 4] - rep[:, 3]) / np.repeat(n, n)
    a0 = rep[:, 3] + k * step
    rep[:, 4] = np.where(k == np.repeat(n, n) - 1, rep[:, 4], a0 + step)
    rep[:, 3] = a0
    return rep


def _arc_terms(cx, cy, r, arcs, max_len) -> np.ndarray:
    """Σ over CCW arcs of the signed area of disc(c, r) ∩ the fan from c to the arc.

    Arcs are first cut into pieces no longer than max_len (< π × the smallest radius), so the angle swept,
    seen from c, by any piece of arc outside the disc (all of it at least r from c) is below π and atan2
    gives it exactly. On each piece, the points inside the disc form one angular interval around the
    direction o → c (two once wrapped), found in closed form.
    """
    pa = _split_arcs(np.asarray(arcs, dtype=float), max_len)
    ox, oy, R, al, be = (pa[None, :, i] for i in range(5))
    rr = (r * r)[:, None]
    mx = ox - cx[:, None]
    my = oy - cy[:, None]
    D = np.hypot(mx, my)
    # inside ⇔ cos(θ − φ) < κ, φ the direction c → o: θ within δ of ψ = φ + π
    safe = np.where(D > 0.0, D, 1.0)
    # a centre a hair from o (D ~ 1e-300) overflows κ to ±inf: the clip below then gives what D = 0 gives
    with np.errstate(over="ignore"):
        kappa = np.where(D > 0.0, (rr - D * D - R * R) / (2.0 * R * safe), np.where(R < r[:, None], 2.0, -2.0))
    delta = np.pi - np.arccos(np.clip(kappa, -1.0, 1.0))
    psi = np.arctan2(my, mx) + np.pi
    psi = psi - (2.0 * np.pi) * np.floor((psi - al + np.pi) / (2.0 * np.pi))   # into [α − π, α + π)
    # breakpoints α ≤ I0a ≤ I0b ≤ I1a ≤ I1b ≤ β: pieces outside, inside, outside, inside, outside
    th = np.stack(np.broadcast_arrays(al, psi - delta, psi + delta, psi + 2.0 * np.pi - delta,
                                      psi + 2.0 * np.pi + delta, be))
    th = np.clip(th, al, be)                                                # (6, n, P)
    ct, st = np.cos(th), np.sin(th)
    X = mx + R * ct                                                         # arc points relative to c
    Y = my + R * st
    total = (0.5 * rr) * _angle(X[0::2], Y[0::2], X[1::2], Y[1::2]).sum(axis=0)
    sa, sb, ca, cb, ta, tb = st[1:5:2], st[2:5:2], ct[1:5:2], ct[2:5:2], th[1:5:2], th[2:5:2]
    total = total + 0.5 * (R * (mx * (sb - sa) - my * (cb - ca)) + R * R * (tb - ta)).sum(axis=0)
    return total.sum(axis=1)


def lens_areas(px: float, py: float, rad: float, xs, ys, rs) -> np.ndarray:
    """Exact intersection areas of the disc (P, rad) with the discs (xs, ys, rs)."""
    xs = np.asarray(xs, dtype=float)
    ys = np.asarray(ys, dtype=float)
    r = np.asarray(rs, dtype=float)
    d = np.hypot(xs - px, ys - py)
    R = float(rad)
    out = np.zeros_like(d)
    small = np.minimum(r, R)
    inner = d <= np.abs(R - r)
    out[inner] = math.pi * small[inner] ** 2
    part = (d < R + r) & ~inner
    if part.any():
        dp, rp = d[part], r[part]
        a1 = np.arccos(np.clip((dp * dp + rp * rp - R * R) / (2 * dp * rp), -1, 1))
        a2 = np.arccos(np.clip((dp * dp + R * R - rp * rp) / (2 * dp * R), -1, 1))
        k = (-dp + rp + R) * (dp + rp - R) * (dp - rp + R) * (dp + rp + R)
        out[part] = rp * rp * a1 + R * R * a2 - 0.5 * np.sqrt(np.maximum(k, 0.0))
    return out


def overlap_areas(t: Template, xs, ys, rs) -> np.ndarray:
    """ARE-5 / ARE-6: exact area (K²) of each base disc (xs, ys, rs) inside the template."""
    xs = np.atleast_1d(np.asarray(xs, dtype=float))
    ys = np.atleast_1d(np.asarray(ys, dtype=float))
    rs = np.broadcast_to(np.asarray(rs, dtype=float), xs.shape).astype(float)
    if t.kind == "R":
        return lens_areas(t.px, t.py, t.diameter / 2.0, xs, ys, rs)
    out = np.zeros(xs.shape)
    pos = rs > 0.0
    if not pos.any():
        return out
    cx, cy, r = xs[pos], ys[pos], rs[pos]
    # only bases near the template need the integral; the others are 0
    reach = np.hypot(cx - t.px, cy - t.py) < r + t.length + t.diameter / 2.0 + 1.0
    if not reach.any():
        return out
    cx, cy, r = cx[reach], cy[reach], r[reach]
    area = _segment_terms(cx, cy, r, t.segments) if len(t.segments) else np.zeros(len(cx))
    if len(t.arcs):
        area = area + _arc_terms(cx, cy, r, t.arcs, 0.9 * math.pi * float(r.min()))
    idx = np.flatnonzero(pos)[reach]
    out[idx] = np.clip(area, 0.0, math.pi * r * r)
    return out


def coverage(t: Template, xs, ys, rs) -> tuple[np.ndarray, np.ndarray]:
    """ARE-5 / ARE-6: (full, partial) bool arrays for bases (xs, ys, rs).

    full: at least 99.9% of the base area inside the template; partial: some area (more than a touch,
    AREA_EPS) but less. A base of radius 0 is a point: full if strictly inside. The caller leaves out the
    attacker and minis at another level (ARE-5).
    """
    xs = np.atleast_1d(np.asarray(xs, dtype=float))
    ys = np.atleast_1d(np.asarray(ys, dtype=float))
    rs = np.broadcast_to(np.asarray(rs, dtype=float), xs.shape)
    area = overlap_areas(t, xs, ys, rs)
    base = math.pi * rs * rs
    full = (area >= FULL_FRACTION * base) & (area > AREA_EPS)
    partial = (area > AREA_EPS) & ~full
    points = rs <= 0.0
    if points.any():
        full = full | (points & t.contains(xs, ys))
    return full, partial


def coverage_fractions(t: Template, xs, ys, rs) -> np.ndarray:
    """ARE-5 / ARE-6: fraction (0..1) of each base's area inside the template."""
    rs = np.asarray(rs, dtype=float)
    area = overlap_areas(t, xs, ys, rs)
    base = np.pi * np.broadcast_to(rs, area.shape) ** 2
    return np.divide(area, base, out=np.zeros_like(area), where=base > 0)


# ---------------------------------------------------------------------------------------------------------
# S: jump chains
# ---------------------------------------------------------------------------------------------------------
def _nearest(x: float, y: float, r: float, xs, ys, rs, ids, mask, max_gap: float) -> int | None:
    gap = np.maximum(np.hypot(xs - x, ys - y) - r - rs, 0.0)
    cand = mask & (gap <= max_gap + _TOL)
    if not cand.any():
        return None
    idx = np.flatnonzero(cand)
    centre = np.hypot(xs[idx] - x, ys[idx] - y)
    order = np.lexsort((ids[idx], np.round(centre, 9), np.round(gap[idx], 9)))
    return int(idx[order[0]])


def jump_chain(start: int, n: int, xs, ys, rs, eligible=None, ids=None, max_gap: float = JUMP_RANGE) -> list[int]:
    """ARE-4: indices of the minis an S n affects, starting with `start` (the target).

    Each jump goes from the last affected mini to the nearest other eligible, not yet affected mini with
    edge distance ≤ 3 K; ties: smaller centre distance, then lower id (`ids`, default the index). `eligible`
    (bool array) leaves out the attacker, minis at other levels and the dead. Stops early if none qualifies.
    """
    xs = np.asarray(xs, dtype=float)
    ys = np.asarray(ys, dtype=float)
    rs = np.broadcast_to(np.asarray(rs, dtype=float), xs.shape)
    ids = np.arange(len(xs)) if ids is None else np.asarray(ids)
    free = np.ones(len(xs), dtype=bool) if eligible is None else np.asarray(eligible, dtype=bool).copy()
    chain = [int(start)]
    free[start] = False
    while len(chain) < n:
        cur = chain[-1]
        nxt = _nearest(xs[cur], ys[cur], rs[cur], xs, ys, rs, ids, free, max_gap)
        if nxt is None:
            break
        chain.append(nxt)
        free[nxt] = False
    return chain


def nearest_within(x: float, y: float, xs, ys, rs, eligible=None, ids=None, max_gap: float = JUMP_RANGE) -> int | None:
    """ARE-9 (S after dispersion) / ARE-4 tie-breaks: the eligible mini nearest to the point (x, y) with
    edge distance ≤ 3 K, or None."""
    xs = np.asarray(xs, dtype=float)
    ys = np.asarray(ys, dtype=float)
    rs = np.broadcast_to(np.asarray(rs, dtype=float), xs.shape)
    ids = np.arange(len(xs)) if ids is None else np.asarray(ids)
    mask = np.ones(len(xs), dtype=bool) if eligible is None else np.asarray(eligible, dtype=bool)
    return _nearest(x, y, 0.0, xs, ys, rs, ids, mask, max_gap)
