"""The scripted controller's movers keep out of placed charges (TRT-ACTIVATION-AREA, TRT-AUTONOMOUS-BOMB;
rules/placed.py): a path move it chose that would set one off (the engine's own `placed.first_trip`: operative
charges with a proximity trigger, at the mover's level, within their RNG K) is replaced by a detour round the charge's
activation area that ends near the planned end (within NEAR of the move's allowance, at least 1 K) and sets nothing
off, the nearest such one the engine accepts; with none, the planned move stands. Every charge on the table is
known to both sides (placed charges are not hidden). Inert without a placed charge: the first question is whether the
placed-charge table is empty, nothing else is asked and no option is tried."""
from __future__ import annotations

import math

from wartime.ai.candidates import action, legal_cost, path_moves
from wartime.core.components import Item
from wartime.rules import placed

#: K of clearance a detour keeps beyond the activation area (its RNG K plus the mover's base radius)
MARGIN = 0.3
#: a detour must end within this share of the move's allowance (at least 1 K) of the planned end
NEAR = 0.5


def _length(pts: list) -> float:
    return sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(pts, pts[1:]))


def _trip(gs, e: int, pts: list):
    """TRT-ACTIVATION-AREA: the charge the move along `pts` (the start included) would set off, as the engine asks."""
    return placed.first_trip(gs, e, pts, _length(pts))


def _clip(pts: list, max_len: float) -> list:
    """`pts` (the start included) cut at `max_len` K, without the start, rounded to 4 decimals (MOV-3)."""
    out, s = [], 0.0
    for a, b in zip(pts, pts[1:]):
        seg = math.hypot(b[0] - a[0], b[1] - a[1])
        if s + seg >= max_len:
            t = (max_len - s) / seg if seg > 1e-12 else 0.0
            out.append([round(a[0] + t * (b[0] - a[0]), 4), round(a[1] + t * (b[1] - a[1]), 4)])
            return out
        out.append([round(b[0], 4), round(b[1], 4)])
        s += seg
    return out


def _detours(start: tuple, goal: tuple, centre: tuple, radius: float, along: float) -> list[list]:
    """Candidate polylines (the start included) from `start` round the disc (`centre`, `radius`) towards `goal`
    (pushed out of the disc when inside it): along the sides of the square that bounds the disc, on either side, at
    two widths; and the planned way stopped short `along` K before the disc."""
    cx, cy = centre
    gx, gy = goal
    dg = math.hypot(gx - cx, gy - cy)
    if dg < radius:
        if dg < 1e-9:
            gx, gy, dg = cx, cy + radius, radius
        else:
            gx, gy = cx + (gx - cx) / dg * radius, cy + (gy - cy) / dg * radius
    dx, dy = gx - start[0], gy - start[1]
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    nx, ny = -uy, ux
    out = []
    for side in (1.0, -1.0):
        for k in (1.0, 1.3):
            r = radius * k
            before = (cx + r * (side * nx - ux), cy + r * (side * ny - uy))
            beside = (cx + r * side * nx, cy + r * side * ny)
            after = (cx + r * (side * nx + ux), cy + r * (side * ny + uy))
            out += [[start, beside, (gx, gy)], [start, before, after, (gx, gy)]]
    if along > 0.05:
        t = (along - 0.05) / d
        out.append([start, (start[0] + t * dx, start[1] + t * dy)])
    return out


def avoid_charges(match, p, d):
    """TRT-ACTIVATION-AREA: `d`, or when it is a path move (MVA-1..3) that would set off a placed charge, the detour
    (`_detours`) that sets none off, ends nearest the planned end (within NEAR of the allowance) and is legal."""
    gs = match.gs
    if d is None or not placed.charges(gs) or d.kind != "action" or gs.board.grid:
        return d
    path = (d.params or {}).get("path")
    moves = dict(path_moves(gs, p)) if path else {}
    if d.action not in moves:
        return d
    e = p.actor
    me = gs.pos(e)
    pts = [(me.x, me.y)] + [(q[0], q[1]) for q in path]
    trip = _trip(gs, e, pts)
    if trip is None:
        return d
    at = gs.world.get(trip.charge, Item).at
    radius = placed.reach(placed.profile(gs, trip.charge)) + gs.body(e).radius + MARGIN
    allowance = moves[d.action] - 1e-3
    goal = pts[-1]
    tolerance = max(1.0, NEAR * allowance)
    best = None
    for cand in _detours(pts[0], goal, at, radius, trip.along):
        way = _clip(cand, allowance)
        if not way:
            continue
        miss = math.hypot(way[-1][0] - goal[0], way[-1][1] - goal[1])
        if miss > tolerance or (best is not None and miss >= best[0]) or _trip(gs, e, [pts[0]] + way) is not None:
            continue
        c = action(p, d.action, chain=d.chain, facing=d.facing, **{**d.params, "path": way})
        if legal_cost(match.engine, c) is not None:
            best = (miss, c)
    return d if best is None else best[1]
