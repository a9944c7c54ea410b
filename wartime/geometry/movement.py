"""Path legality for moving a base (MOV-3, BAS-2, MOV-7..9, MOV-14, CMB-16) and a simple path helper.

Exact geometry, no sampling: the swept area of the base is the set of points within `radius` of the path
polyline, so it overlaps another base's interior iff the other centre is closer to the polyline than the sum
of radii (numpy point-to-segment distances), and it overlaps a terrain footprint with positive area iff the
polyline comes closer than `radius` to the footprint (shapely distance on the STRtree candidates).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import NamedTuple, Sequence

import numpy as np
import shapely

from wartime.geometry.board import EDGE_TOL, Board
from wartime.geometry.measure import CONTACT_TOL, ENGAGED_GAP

#: Tolerance (K) on lengths and distances compared with an allowance.
LENGTH_TOL = 1e-9
#: Penetration (K) below which a base merely touching a terrain footprint does not count as entering it.
TERRAIN_TOL = 1e-9

SURCHARGE_EASY, SURCHARGE_DIFFICULT, SURCHARGE_EXTREME = 0, 1, 2


class Other(NamedTuple):
    """Another base at the mover's level: centre, radius and whether it is an enemy of the mover."""

    x: float
    y: float
    r: float
    enemy: bool


@dataclass(frozen=True)
class PathCheck:
    """The verdict on a path: ok, or the first broken rule (rule_id, message).

    length: path length in K. surcharge: MOV-7 ENE surcharge (0 easy, 1 difficult, 2 extreme). end: final
    centre. contacts: indices of `others` in base contact at the end (edge gap ≤ ENGAGED_GAP), ascending.
    pieces: indices (board order) of the terrain pieces whose footprint the swept area overlaps.
    """

    ok: bool
    rule_id: str | None
    message: str
    length: float
    surcharge: int
    end: tuple[float, float]
    contacts: tuple[int, ...] = ()
    pieces: tuple[int, ...] = field(default=())
    #: BAS-2 / MOV-14: the index in `others` of the base the path breaks the rule against (its message says
    #: "#<index>": the rules layer, which knows who that is, names it)
    blocker: int | None = None


def path_length(path: Sequence[Sequence[float]]) -> float:
    """MOV-3: length of a polyline path of the base centre."""
    pts = np.asarray(path, dtype=float).reshape(-1, 2)
    if len(pts) < 2:
        return 0.0
    d = np.diff(pts, axis=0)
    return float(np.hypot(d[:, 0], d[:, 1]).sum())


def terrain_class(kind: str, height: float, chest_height: float) -> int | None:
    """MOV-7..9: surcharge of crossing one piece (0, 1, 2), or None when Escalar is needed / impassable.

    'difficult' → 1, 'extreme' → 2, a 'low' obstacle up to chest height → 1 (MOV-8); a 'low' obstacle taller
    than the chest, any 'high' obstacle and any 'blocking' piece → None (MOV-9); 'water' → None (only Nadar,
    MVA-11, crosses it: rules.actions.terrain_moves checks a swim against the board without its water).
    """
    if kind == "difficult":
        return SURCHARGE_DIFFICULT
    if kind == "extreme":
        return SURCHARGE_EXTREME
    if kind == "low":
        return SURCHARGE_DIFFICULT if height <= chest_height + LENGTH_TOL else None
    return None


def _fail(rule_id: str, message: str, length: float, end, contacts=(), blocker: int | None = None) -> PathCheck:
    return PathCheck(False, rule_id, message, length, 0, (float(end[0]), float(end[1])), tuple(contacts),
                     blocker=blocker)


def check_path(board: Board, path: Sequence[Sequence[float]], radius: float, chest_height: float,
               max_length: float, others: Sequence[Other], *, crouched: bool = False,
               ignore_overlap: frozenset[int] = frozenset(),
               keep_away_exempt: frozenset[int] = frozenset(),
               elevation: float = 0.0) -> PathCheck:
    """MOV-3, BAS-2, MOV-14, MOV-9, MOV-7, MOV-8, CMB-16: check a move of a base along a polyline path.

    `path` starts at the current centre. `others` are the other bases at the mover's level (MOV-11); the
    caller leaves the mover out. Checks, in order, reporting the first violation:
    MOV-3 length ≤ max_length; MOV-3 the base stays on the board; BAS-2 the swept area overlaps no other base
    (indices in `ignore_overlap` are exempt along the path, CMB-16, but the end spot must be free);
    MOV-14 enemies not ending in base contact keep an edge distance ≥ min(1, d0) all along (enemies in
    `ignore_overlap`, the melee group of CMB-16, and in `keep_away_exempt`, e.g. an Embestir target, are exempt);
    MOV-9 no high / blocking piece, nor an obstacle taller than chest_height, is entered.
    Then the surcharge (MOV-7): worst class whose footprint the swept area overlaps with positive area; a
    low obstacle up to the chest counts difficult (MOV-8); crouched makes easy terrain difficult (MVA-4).
    `elevation` (MOV-10, level 2: 3 K above the ground) ignores pieces whose top is below it.
    """
    pts = tuple((float(q[0]), float(q[1])) for q in path)
    if not pts:
        raise ValueError("a path needs at least its start point")
    # The verdict is a pure function of its arguments: the same path is asked about several times in a
    # decision (an AI's candidate, then its legality check, then the engine's submit), so it is memoised
    # per board (issue 20). Bounded: the memo is emptied when it grows past PATH_MEMO_SIZE entries.
    key = (pts, float(radius), float(chest_height), float(max_length), tuple(map(tuple, others)), crouched,
           ignore_overlap, keep_away_exempt, float(elevation))
    memo = board.path_memo
    got = memo.get(key)
    if got is None:
        if len(memo) >= PATH_MEMO_SIZE:
            memo.clear()
        got = memo[key] = _check_path(board, pts, radius, chest_height, max_length, others, crouched,
                                      ignore_overlap, keep_away_exempt, elevation)
    return got


#: K beyond a base's reach (its radius plus the mover's) at which `_check_path` leaves it out: more than MOV-14's
#: 1 K keep-away, CMB-11's contact gap and every tolerance
FAR_MARGIN = 2.0


#: Entries of a board's check_path memo before it is emptied (a game asks about a few thousand distinct paths).
PATH_MEMO_SIZE = 4096


def _check_path(board, pts, radius, chest_height, max_length, others, crouched, ignore_overlap,
                keep_away_exempt, elevation) -> PathCheck:
    """check_path's work, on a path already read as a tuple of float points."""
    hypot = math.hypot
    length = 0.0
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        length += hypot(bx - ax, by - ay)
    end = pts[-1]
    r = float(radius)
    # MOV-3: allowance
    if length > max_length + LENGTH_TOL:
        return _fail("MOV-3", f"path is {length:.3f} K long, more than the {max_length:g} K allowed", length, end)
    # MOV-3: the board edge (the board is convex, so the vertices' discs suffice)
    lo, hx, hy = r - EDGE_TOL, board.width - r + EDGE_TOL, board.height - r + EDGE_TOL
    for x, y in pts:
        if not (lo <= x <= hx and lo <= y <= hy):
            return _fail("MOV-3", f"the base leaves the board at ({x:.3f}, {y:.3f})", length, end)
    # Other bases (scalar loops: paths have a few points and tables a few dozen bases; exact geometry)
    contacts: tuple[int, ...] = ()
    if others:
        x0, y0 = pts[0]
        ex, ey = end
        segs = [(ax, ay, bx - ax, by - ay) for (ax, ay), (bx, by) in zip(pts, pts[1:])]
        # issue 20: a base farther than its reach + FAR_MARGIN from the path's bounding box can neither touch the
        # path (BAS-2), end in contact, nor come within 1 K of it (MOV-14): its row would change nothing
        bx0, bx1, by0, by1 = _reach_box(pts, r)
        rows = []
        for i, o in enumerate(others):
            ox, oy, orad = float(o[0]), float(o[1]), float(o[2])
            if ox + orad < bx0 or ox - orad > bx1 or oy + orad < by0 or oy - orad > by1:
                continue
            dmin = _path_distance(ox, oy, segs, x0, y0)
            sumr = r + orad
            d_end = hypot(ox - ex, oy - ey)
            rows.append((i, dmin, hypot(ox - x0, oy - y0), d_end, sumr, float(o[3]) > 0.5,
                         d_end - sumr <= ENGAGED_GAP))
        contacts = tuple(row[0] for row in rows if row[6])
        # BAS-2
        for i, dmin, _, d_end, sumr, _, _ in rows:
            at_end = d_end < sumr - CONTACT_TOL
            if at_end or (dmin < sumr - CONTACT_TOL and i not in ignore_overlap):
                where = "at the end" if at_end else "along the path"
                return _fail("BAS-2", f"the base overlaps base #{i} {where}", length, end, contacts, blocker=i)
        # MOV-14
        for i, dmin, d_start, _, sumr, enemy, in_contact in rows:
            if not enemy or in_contact or i in ignore_overlap or i in keep_away_exempt:
                continue
            gap0 = max(d_start - sumr, 0.0)
            gap_min = max(dmin - sumr, 0.0)
            if gap_min < min(1.0, gap0) - LENGTH_TOL:
                return _fail("MOV-14", f"the path comes within {gap_min:.3f} K of enemy #{i} "
                                       f"(must stay at least {min(1.0, gap0):.3f} K away)", length, end, contacts,
                             blocker=i)
    # Terrain
    surcharge = SURCHARGE_DIFFICULT if crouched else SURCHARGE_EASY
    touched: tuple[int, ...] = ()
    near = _pieces_near(board, pts, r) if board.pieces else None
    if near:
        arr = np.asarray(pts, dtype=float)
        geom = shapely.linestrings(arr) if len(arr) >= 2 and length > 0.0 else shapely.points(arr[0])
        # issue 20: the pieces whose box comes within r of the path's box (a superset of those within r, in board
        # order) are measured directly: the same distances, without an STRtree query per path
        cand = np.asarray(near, dtype=np.intp)
        if len(cand):
            dist = shapely.distance(geom, board.polygons[cand])
            over = cand[dist < r - TERRAIN_TOL]
            if elevation > 0.0:
                over = over[board.heights[over] >= elevation]
            touched = tuple(int(i) for i in over)
            for i in touched:
                p = board.pieces[i]
                cls = terrain_class(p.kind, p.height, chest_height)
                if cls is None:
                    if p.kind == "water":         # MVA-11: water is crossed only by swimming
                        return _fail("MVA-11", f"the path enters water ({p.id}); it needs Swim (Nadar)", length, end,
                                     contacts)
                    what = {"blocking": "impassable terrain"}.get(p.kind, f"a {p.height:g} K obstacle")
                    return _fail("MOV-9", f"the path enters {what} ({p.id}); it needs Climb (Escalar)", length, end,
                                 contacts)
                surcharge = max(surcharge, cls)
    return PathCheck(True, None, "", length, surcharge, end, contacts, touched)


def least_surcharge(board: Board, start: Sequence[float], radius: float, chest_height: float, *,
                    crouched: bool = False, elevation: float = 0.0) -> int:
    """MOV-7, MOV-8, MVA-4 (issue 20): a lower bound of the surcharge `check_path` gives any legal path from
    `start` with these arguments: every swept area holds the start disc, so a piece the start disc overlaps (by a
    margin wider than the float error of measuring from the whole centre line instead of its first point) is
    touched by every path; its class counts (a piece no move may enter refuses the path, so it bounds nothing and
    is left out), and so does crouching. The least a controller's move can cost (rules.energy.least_price)."""
    surcharge = SURCHARGE_DIFFICULT if crouched else SURCHARGE_EASY
    r = float(radius)
    pt = (float(start[0]), float(start[1]))
    near = _pieces_near(board, (pt,), r) if board.pieces else None
    if not near:
        return surcharge
    cand = np.asarray(near, dtype=np.intp)
    dist = shapely.distance(shapely.points(np.asarray(pt, dtype=float)), board.polygons[cand])
    over = cand[dist < r - TERRAIN_TOL - 1e-7]
    if elevation > 0.0:
        over = over[board.heights[over] >= elevation]
    for i in over:
        p = board.pieces[int(i)]
        cls = terrain_class(p.kind, p.height, chest_height)
        if cls is not None:
            surcharge = max(surcharge, cls)
    return surcharge


def _reach_box(pts, r: float) -> tuple[float, float, float, float]:
    """The path's bounding box grown by the base radius `r` and FAR_MARGIN (x0, x1, y0, y1): a base wholly outside
    it is too far to matter to BAS-2 or MOV-14 (issue 20)."""
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return (min(xs) - r - FAR_MARGIN, max(xs) + r + FAR_MARGIN, min(ys) - r - FAR_MARGIN, max(ys) + r + FAR_MARGIN)


def _path_distance(ox: float, oy: float, segs, x0: float, y0: float) -> float:
    """The distance from (ox, oy) to the path's centre line: its segments `segs` ((ax, ay, dx, dy) each), or its
    start (x0, y0) when it has none (a standing path). Scalar: a path has a few segments (BAS-2, MOV-14)."""
    if not segs:
        return math.hypot(ox - x0, oy - y0)
    dmin = math.inf
    for ax, ay, dx, dy in segs:
        qx, qy = ox - ax, oy - ay
        dd = dx * dx + dy * dy
        t = (qx * dx + qy * dy) / (dd if dd > 0.0 else 1.0)
        t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
        d = math.hypot(qx - t * dx, qy - t * dy)
        if d < dmin:
            dmin = d
    return dmin


def path_ok(board: Board, path: Sequence[Sequence[float]], radius: float, chest_height: float, max_length: float,
            others: Sequence[Other], *, crouched: bool = False) -> bool:
    """`check_path(...).ok` (MOV-3, BAS-2, MOV-14, MOV-9, MVA-11) without the report, for the search helpers that
    try many candidate paths and keep the first legal one (`step_towards`, `navigation.route`; issue 20). The
    verdict is `check_path`'s, float for float: a memoised full answer is used when there is one; otherwise the
    same tests run without building messages or contact lists, stop at the first failure (any failure makes the
    verdict False, whatever its order), and measure the distance to a terrain piece only when entering it would be
    refused (a passable piece changes the surcharge, never the verdict)."""
    pts = tuple((float(q[0]), float(q[1])) for q in path)
    if not pts:
        raise ValueError("a path needs at least its start point")
    key = (pts, float(radius), float(chest_height), float(max_length), tuple(map(tuple, others)), crouched,
           frozenset(), frozenset(), 0.0)
    got = board.path_memo.get(key)
    if got is not None:
        return got.ok
    return _path_ok(board, pts, float(radius), float(max_length), _bases(others), _refusing(board, chest_height))


def _bases(others: Sequence[Other]) -> tuple:
    """`others` as `_path_ok` reads them: (x, y, r, enemy) floats and a bool."""
    return tuple((float(o[0]), float(o[1]), float(o[2]), float(o[3]) > 0.5) for o in others)


#: K added to a base's reach in `_bases_in_reach`: far more than any rounding of the distances compared
REACH_SLACK = 0.01


def _bases_in_reach(bases: tuple, sx: float, sy: float, r: float, max_length: float) -> tuple:
    """The bases (`_bases`) that may refuse some path of at most `max_length` K from (sx, sy) (issue 20: one
    filter for the many candidate paths of a search). Every point of such a path lies within max_length (+
    LENGTH_TOL) of its start, so a base whose edge is farther than that + r + FAR_MARGIN from the start is more
    than FAR_MARGIN (2 K) from the path's swept area all along and at its end: no overlap (BAS-2), no contact
    at the end and no approach within 1 K (MOV-14). `_path_ok` would find nothing against it; a longer path is
    refused (MOV-3) before the bases are read."""
    reach = max_length + LENGTH_TOL + r + FAR_MARGIN + REACH_SLACK
    hypot = math.hypot
    return tuple(b for b in bases if hypot(b[0] - sx, b[1] - sy) - b[2] <= reach)


def _refusing(board: Board, chest_height: float) -> tuple[tuple[int, float, float, float, float], ...]:
    """The pieces a base with that chest may not enter (`terrain_class` None: MOV-9, MVA-11), in board order, each
    as (board index, xmin, ymin, xmax, ymax of its footprint). Issue 20: a function of the static board and the
    chest height, so kept on the board per chest height (every path check of the match reads it)."""
    memo = board.__dict__.setdefault("_refusing_memo", {})
    key = float(chest_height)
    got = memo.get(key)
    if got is None:
        got = memo[key] = tuple((i,) + tuple(board.bounds[i]) for i, p in enumerate(board.pieces)
                                if terrain_class(p.kind, p.height, chest_height) is None)
    return got


def _path_ok(board: Board, pts, r: float, max_length: float, bases: tuple, refusing: tuple) -> bool:
    """`path_ok`'s work: `_check_path`'s tests at elevation 0 with no exemptions, in its expressions, given the
    other bases read by `_bases` and the pieces that refuse the move (`_refusing`)."""
    hypot = math.hypot
    length = 0.0
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        length += hypot(bx - ax, by - ay)
    if length > max_length + LENGTH_TOL:                                         # MOV-3
        return False
    lo, hx, hy = r - EDGE_TOL, board.width - r + EDGE_TOL, board.height - r + EDGE_TOL
    for x, y in pts:
        if not (lo <= x <= hx and lo <= y <= hy):
            return False
    if bases:
        x0, y0 = pts[0]
        ex, ey = pts[-1]
        segs = [(ax, ay, bx - ax, by - ay) for (ax, ay), (bx, by) in zip(pts, pts[1:])]
        bx0, bx1, by0, by1 = _reach_box(pts, r)
        for ox, oy, orad, enemy in bases:
            if ox + orad < bx0 or ox - orad > bx1 or oy + orad < by0 or oy - orad > by1:
                continue
            dmin = _path_distance(ox, oy, segs, x0, y0)
            sumr = r + orad
            d_end = hypot(ox - ex, oy - ey)
            if d_end < sumr - CONTACT_TOL or dmin < sumr - CONTACT_TOL:              # BAS-2
                return False
            if enemy and not d_end - sumr <= ENGAGED_GAP:                            # MOV-14
                gap0 = max(hypot(ox - x0, oy - y0) - sumr, 0.0)
                if max(dmin - sumr, 0.0) < min(1.0, gap0) - LENGTH_TOL:
                    return False
    if not refusing:
        return True
    # the refused pieces among `_pieces_near`'s (the same test on their boxes, in board order)
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    lx, hx, ly, hy = min(xs) - r, max(xs) + r, min(ys) - r, max(ys) + r
    near = [i for i, bx0, by0, bx1, by1 in refusing if bx0 <= hx and bx1 >= lx and by0 <= hy and by1 >= ly]
    if not near:                    # MOV-7, MOV-8: only a refused piece (MOV-9, MVA-11) can make the verdict False
        return True
    arr = np.asarray(pts, dtype=float)
    geom = shapely.linestrings(arr) if len(arr) >= 2 and length > 0.0 else shapely.points(arr[0])
    cand = np.asarray(near, dtype=np.intp)
    return not bool((shapely.distance(geom, board.polygons[cand]) < r - TERRAIN_TOL).any())


def _pieces_near(board: Board, pts, r: float) -> list[int]:
    """The indices (board order) of the pieces whose footprint's bounding box comes within `r` of the path's
    bounding box: every piece within `r` of the path is among them (none: shapely need not be asked)."""
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    x0, x1, y0, y1 = min(xs) - r, max(xs) + r, min(ys) - r, max(ys) + r
    return [i for i, (bx0, by0, bx1, by1) in enumerate(board.bounds)
            if bx0 <= x1 and bx1 >= x0 and by0 <= y1 and by1 >= y0]


def step_towards(board: Board, start: Sequence[float], goal: Sequence[float], radius: float, max_length: float,
                 others: Sequence[Other], chest_height: float, *, crouched: bool = False
                 ) -> list[tuple[float, float]] | None:
    """Helper for simple AIs: a legal (check_path) straight or two-segment path from `start` towards `goal`.

    Tries, in this order: the straight line (up to max_length, stopping at the goal), then 3/4, 1/2 and 1/4
    of it; then detours whose first leg turns 30°, 60° and 90° left, then right, of the goal direction
    (half of the allowance, then the rest straight at the goal; then the same scaled to 1/2). Returns the
    first legal path as a list of points (start first), or None if none is legal or start == goal.
    Deterministic.
    """
    # Issue 20: a pure function of its arguments and the static board; a controller asks the same one again in
    # later world versions (an ENE spent, an enemy's turn) while nothing it reads has moved: memoised per board.
    # Bounded like check_path's memo.
    key = (float(start[0]), float(start[1]), float(goal[0]), float(goal[1]), float(radius), float(max_length),
           tuple(map(tuple, others)), float(chest_height), crouched)
    memo = board.step_memo
    if key in memo:
        got = memo[key]
    else:
        if len(memo) >= PATH_MEMO_SIZE:
            memo.clear()
        got = memo[key] = _step_towards(board, start, goal, radius, max_length, others, chest_height,
                                        crouched=crouched)
        if got is not None:
            got = memo[key] = tuple(got)
    return None if got is None else list(got)


def _step_towards(board: Board, start: Sequence[float], goal: Sequence[float], radius: float, max_length: float,
                  others: Sequence[Other], chest_height: float, *, crouched: bool = False
                  ) -> list[tuple[float, float]] | None:
    """`step_towards`' work: the first of its candidate paths (`step_candidates`) that `_path_ok` accepts."""
    sx, sy = float(start[0]), float(start[1])
    # issue 20: the other bases and the refusing pieces are read once for every candidate (path_ok's work)
    r, allowance = float(radius), float(max_length)
    bases, refusing = _bases_in_reach(_bases(others), sx, sy, r, allowance), _refusing(board, chest_height)
    for path in step_candidates(start, goal, max_length):
        if _path_ok(board, tuple((float(q[0]), float(q[1])) for q in path), r, allowance, bases, refusing):
            return path
    return None


def step_candidates(start: Sequence[float], goal: Sequence[float], max_length: float):
    """The candidate paths `step_towards` tries, in its order (see its docstring); none when start == goal or
    there is no allowance."""
    sx, sy = float(start[0]), float(start[1])
    gx, gy = float(goal[0]), float(goal[1])
    dist = math.hypot(gx - sx, gy - sy)
    if dist <= LENGTH_TOL or max_length <= 0.0:
        return
    ux, uy = (gx - sx) / dist, (gy - sy) / dist
    reach = min(max_length, dist)
    for f in (1.0, 0.75, 0.5, 0.25):
        d = reach * f
        yield [(sx, sy), (sx + ux * d, sy + uy * d)]
    for scale in (1.0, 0.5):
        budget = max_length * scale
        for sign in (1.0, -1.0):
            for deg in (30.0, 60.0, 90.0):
                a = math.radians(deg) * sign
                vx = ux * math.cos(a) - uy * math.sin(a)
                vy = ux * math.sin(a) + uy * math.cos(a)
                leg1 = min(budget / 2.0, dist)
                wx, wy = sx + vx * leg1, sy + vy * leg1
                rem = budget - leg1
                dw = math.hypot(gx - wx, gy - wy)
                if dw <= LENGTH_TOL or rem <= LENGTH_TOL:
                    yield [(sx, sy), (wx, wy)]
                else:
                    leg2 = min(rem, dw)
                    yield [(sx, sy), (wx, wy), (wx + (gx - wx) / dw * leg2, wy + (gy - wy) / dw * leg2)]
