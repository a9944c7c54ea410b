"""Issue 20: the scalar `check_path` (MOV-3, BAS-2, MOV-14, MOV-9, MOV-7, MOV-8, CMB-16) gives the verdicts of the
vectorised numpy reference it replaced, on thousands of random paths among bases and terrain (lengths may differ in
the last bit: math.hypot and numpy's hypot round differently once in a few hundred)."""
from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
import pytest
import shapely

from wartime.data.loader import load_scenario
from wartime.geometry.board import Board
from wartime.geometry.measure import CONTACT_TOL, ENGAGED_GAP, polyline_distances
from wartime.geometry.movement import (LENGTH_TOL, SURCHARGE_DIFFICULT, SURCHARGE_EASY, TERRAIN_TOL, Other,
                                       PathCheck, _fail, check_path, terrain_class)

ROOT = Path(__file__).resolve().parents[2]


def reference_check_path(board: Board, path: Sequence[Sequence[float]], radius: float, chest_height: float,
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
    pts = np.asarray(path, dtype=float).reshape(-1, 2)
    if len(pts) == 0:
        raise ValueError("a path needs at least its start point")
    seg = np.diff(pts, axis=0)
    length = float(np.hypot(seg[:, 0], seg[:, 1]).sum()) if len(seg) else 0.0
    end = (float(pts[-1, 0]), float(pts[-1, 1]))
    r = float(radius)
    # MOV-3: allowance
    if length > max_length + LENGTH_TOL:
        return _fail("MOV-3", f"path is {length:.3f} K long, more than the {max_length:g} K allowed", length, end)
    # MOV-3: the board edge (the board is convex, so the vertices' discs suffice)
    inside = board.discs_inside(pts[:, 0], pts[:, 1], r)
    if not inside.all():
        i = int(np.argmin(inside))
        return _fail("MOV-3", f"the base leaves the board at ({pts[i, 0]:.3f}, {pts[i, 1]:.3f})", length, end)
    # Other bases
    contacts: tuple[int, ...] = ()
    n = len(others)
    if n:
        oth = np.asarray(others, dtype=float).reshape(n, 4)
        ox, oy, orad, oenemy = oth[:, 0], oth[:, 1], oth[:, 2], oth[:, 3] > 0.5
        sumr = r + orad
        dmin = polyline_distances(pts, ox, oy)
        d_start = np.hypot(ox - pts[0, 0], oy - pts[0, 1])
        d_end = np.hypot(ox - end[0], oy - end[1])
        gap_end = d_end - sumr
        in_contact = gap_end <= ENGAGED_GAP
        contacts = tuple(int(i) for i in np.flatnonzero(in_contact))
        exempt_overlap = np.zeros(n, dtype=bool)
        for i in ignore_overlap:
            if 0 <= i < n:
                exempt_overlap[i] = True
        # BAS-2
        bad = (dmin < sumr - CONTACT_TOL) & ~exempt_overlap
        bad |= d_end < sumr - CONTACT_TOL
        if bad.any():
            i = int(np.argmax(bad))
            where = "at the end" if d_end[i] < sumr[i] - CONTACT_TOL else "along the path"
            return _fail("BAS-2", f"the base overlaps base #{i} {where}", length, end, contacts)
        # MOV-14
        exempt_keep = exempt_overlap | in_contact
        for i in keep_away_exempt:
            if 0 <= i < n:
                exempt_keep[i] = True
        gap0 = np.maximum(d_start - sumr, 0.0)
        gap_min = np.maximum(dmin - sumr, 0.0)
        bad = oenemy & ~exempt_keep & (gap_min < np.minimum(1.0, gap0) - LENGTH_TOL)
        if bad.any():
            i = int(np.argmax(bad))
            return _fail("MOV-14", f"the path comes within {gap_min[i]:.3f} K of enemy #{i} "
                                   f"(must stay at least {min(1.0, gap0[i]):.3f} K away)", length, end, contacts)
    # Terrain
    surcharge = SURCHARGE_DIFFICULT if crouched else SURCHARGE_EASY
    touched: tuple[int, ...] = ()
    if board.pieces:
        geom = shapely.linestrings(pts) if len(pts) >= 2 and length > 0.0 else shapely.points(pts[0])
        cand = board.tree.query(geom, predicate="dwithin", distance=r)
        if len(cand):
            cand = np.sort(cand)
            dist = shapely.distance(geom, board.polygons[cand])
            over = cand[dist < r - TERRAIN_TOL]
            if elevation > 0.0:
                over = over[board.heights[over] >= elevation]
            touched = tuple(int(i) for i in over)
            for i in touched:
                p = board.pieces[i]
                cls = terrain_class(p.kind, p.height, chest_height)
                if cls is None:
                    what = {"blocking": "impassable terrain"}.get(p.kind, f"a {p.height:g} K obstacle")
                    return _fail("MOV-9", f"the path enters {what} ({p.id}); it needs Escalar", length, end,
                                 contacts)
                surcharge = max(surcharge, cls)
    return PathCheck(True, None, "", length, surcharge, end, contacts, touched)


def _random_path(rng, w: float, h: float) -> tuple[list, list]:
    """A random path of 0-3 legs on a w × h board (rounded to 4 decimals as the engine's paths are) and 0-8 bases
    scattered near it, some touching its end (contacts), some overlapping."""
    x, y = rng.uniform(0, w), rng.uniform(0, h)
    path = [(x, y)]
    for _ in range(rng.choice([0, 1, 1, 2, 3])):
        x, y = x + rng.uniform(-6, 6), y + rng.uniform(-6, 6)
        path.append((round(x, 4), round(y, 4)))
    others = []
    for _ in range(rng.randint(0, 8)):
        px, py = rng.choice(path)
        others.append(Other(px + rng.uniform(-3, 3), py + rng.uniform(-3, 3), rng.choice([0.5, 0.75, 1.0]),
                            rng.random() < 0.5))
    return path, others


@pytest.mark.parametrize("name", ["skirmish.toml", "crossroads.toml", "ruins.toml"])
def test_MOV_3_BAS_2_MOV_14_MOV_9_scalar_check_path_matches_the_numpy_reference(name):
    from wartime.match.setup import build_state
    from wartime.core.rng import Dice
    from wartime.data.loader import load_army_list
    sc = load_scenario(ROOT / "scenarios" / name)
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    board = build_state(sc, lists, Dice(1)).board
    rng = random.Random(name)
    w, h = board.width, board.height
    verdicts = set()
    for _ in range(3000):
        path, others = _random_path(rng, w, h)
        if others and rng.random() < 0.3:
            ex, ey = path[-1]
            a = rng.uniform(0, 2 * math.pi)
            others.append(Other(ex + 1.0 * math.cos(a), ey + 1.0 * math.sin(a), 0.5, True))
        n = len(others)
        ignore = frozenset(rng.sample(range(n), k=min(n, rng.randint(0, 2)))) if n else frozenset()
        exempt = frozenset(rng.sample(range(n), k=min(n, rng.randint(0, 1)))) if n else frozenset()
        kw = dict(crouched=rng.random() < 0.2, ignore_overlap=ignore, keep_away_exempt=exempt,
                  elevation=rng.choice([0.0, 0.0, 3.0]))
        allowance = rng.choice([2.0, 4.0, 8.0, 12.0])
        r = rng.choice([0.5, 0.75])
        want = reference_check_path(board, path, r, 0.75, allowance, others, **kw)
        got = check_path(board, path, r, 0.75, allowance, others, **kw)
        assert (got.ok, got.rule_id, got.contacts, got.pieces, got.surcharge, got.end) == \
            (want.ok, want.rule_id, want.contacts, want.pieces, want.surcharge, want.end), (path, others, kw)
        assert got.length == pytest.approx(want.length, rel=1e-12, abs=1e-12)
        verdicts.add(got.rule_id)
    # the random cases reach every verdict
    assert verdicts >= {None, "MOV-3", "BAS-2", "MOV-14", "MOV-9"}


def test_MOV_14_BAS_2_far_bases_left_out_give_the_same_verdict(monkeypatch):
    """Issue 20: `_check_path` leaves out the bases farther than their reach + FAR_MARGIN from the path's bounding
    box; the whole PathCheck (verdict, message, blocker, contacts, length) is the one computed over every base,
    on random paths among bases spread over the table, some right at the margin."""
    from wartime.geometry import movement
    board = Board(48.0, 48.0, [])
    rng = random.Random(20)
    left_out = 0
    verdicts = set()
    for _ in range(1000):
        x, y = rng.uniform(2, 46), rng.uniform(2, 46)
        path = [(x, y)]
        for _ in range(rng.choice([0, 1, 1, 2])):
            x, y = min(46.0, max(2.0, x + rng.uniform(-6, 6))), min(46.0, max(2.0, y + rng.uniform(-6, 6)))
            path.append((round(x, 4), round(y, 4)))
        others = []
        for _ in range(rng.randint(1, 10)):
            px, py = rng.choice(path)
            spread = rng.choice([2.0, 4.0, 12.0])
            others.append(Other(px + rng.uniform(-spread, spread), py + rng.uniform(-spread, spread),
                                rng.choice([0.5, 1.0]), rng.random() < 0.6))
        r = rng.choice([0.5, 0.75])
        if rng.random() < 0.3:             # a base right at the margin of the path's box
            xs = [p[0] for p in path]
            others.append(Other(max(xs) + r + movement.FAR_MARGIN + 0.5 + rng.uniform(-1e-6, 1e-6), path[0][1],
                                0.5, True))
        n = len(others)
        kw = dict(ignore_overlap=frozenset(rng.sample(range(n), k=min(n, rng.randint(0, 1)))))
        board.path_memo.clear()
        got = check_path(board, path, r, 0.75, 8.0, others, **kw)
        board.path_memo.clear()
        monkeypatch.setattr(movement, "FAR_MARGIN", math.inf)
        want = check_path(board, path, r, 0.75, 8.0, others, **kw)
        monkeypatch.setattr(movement, "FAR_MARGIN", 2.0)
        assert got == want, (path, others, kw)
        verdicts.add(got.rule_id)
        bx = (min(p[0] for p in path) - r - 2.0, max(p[0] for p in path) + r + 2.0)
        left_out += sum(1 for o in others if o.x + o.r < bx[0] or o.x - o.r > bx[1])
    assert verdicts >= {None, "BAS-2", "MOV-14"} and left_out > 300


@pytest.mark.parametrize("name", ["skirmish.toml", "crossroads.toml", "ruins.toml", "scrapyard.toml"])
def test_MOV_3_BAS_2_MOV_14_MOV_9_path_ok_is_check_paths_verdict(name):
    """Issue 20: `path_ok`, the search helpers' yes/no (step_towards, navigation.route), is `check_path(...).ok` on
    random paths among bases and terrain (water included where the board has it), each verdict reached, with
    and without a memoised full answer."""
    from wartime.core.rng import Dice
    from wartime.data.loader import load_army_list
    from wartime.geometry import movement
    from wartime.match.setup import build_state
    sc = load_scenario(ROOT / "scenarios" / name)
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    board = build_state(sc, lists, Dice(1)).board
    rng = random.Random("path_ok " + name)
    verdicts = set()
    for i in range(3000):
        path, others = _random_path(rng, board.width, board.height)
        allowance, r, chest = rng.choice([2.0, 4.0, 8.0, 12.0]), rng.choice([0.5, 0.75]), rng.choice([0.5, 0.75, 2.0])
        crouched = rng.random() < 0.2
        if i % 2:       # a fresh board memo: the verdict is computed, not read back
            board.path_memo.clear()
            got = movement.path_ok(board, path, r, chest, allowance, others, crouched=crouched)
            want = check_path(board, path, r, chest, allowance, others, crouched=crouched)
        else:           # the full answer first: path_ok reads it from the memo
            want = check_path(board, path, r, chest, allowance, others, crouched=crouched)
            got = movement.path_ok(board, path, r, chest, allowance, others, crouched=crouched)
        assert got is want.ok, (path, others, r, chest, allowance)
        verdicts.add(want.rule_id)
    assert verdicts >= {None, "MOV-3", "BAS-2", "MOV-14", "MOV-9"}


def reference_step_towards(board, start, goal, radius, max_length, others, chest_height):
    """`step_towards` as the search it is: its candidate paths in order (`movement.step_candidates`), each judged by
    `check_path` over every base (no memo, no filter)."""
    from wartime.geometry import movement
    for path in movement.step_candidates(start, goal, max_length):
        board.path_memo.clear()
        if check_path(board, path, radius, chest_height, max_length, others).ok:
            return path
    return None


@pytest.mark.parametrize("name", ["skirmish.toml", "crossroads.toml", "ruins.toml", "scrapyard.toml"])
def test_MOV_3_BAS_2_MOV_14_MOV_9_step_towards_is_the_check_path_search(name):
    """Issue 20: `step_towards` reads the bases once per search and leaves out those too far from the start for any
    path within the allowance (`_bases_in_reach`); it returns the path the search over `check_path` verdicts
    with every base returns, on random starts, goals and bases spread over the table (some right at the margin
    of the reach, some in the way)."""
    from wartime.core.rng import Dice
    from wartime.data.loader import load_army_list
    from wartime.geometry import movement
    from wartime.match.setup import build_state
    sc = load_scenario(ROOT / "scenarios" / name)
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    board = build_state(sc, lists, Dice(1)).board
    rng = random.Random("step_towards " + name)
    w, h = board.width, board.height
    kinds = set()
    left_out = 0
    for _ in range(400):
        start = (rng.uniform(1, w - 1), rng.uniform(1, h - 1))
        goal = (start[0] + rng.uniform(-12, 12), start[1] + rng.uniform(-12, 12))
        allowance, r, chest = rng.choice([2.0, 4.0, 8.0]), rng.choice([0.5, 0.75]), rng.choice([0.5, 0.75, 2.0])
        others = []
        for _ in range(rng.randint(0, 12)):
            spread = rng.choice([3.0, 8.0, 20.0])
            others.append(Other(start[0] + rng.uniform(-spread, spread), start[1] + rng.uniform(-spread, spread),
                                rng.choice([0.5, 0.75, 1.0]), rng.random() < 0.5))
        if rng.random() < 0.4:             # a base right at the margin of the reach
            a, orad = rng.uniform(0, 2 * math.pi), 0.5
            d = allowance + r + movement.FAR_MARGIN + orad + rng.uniform(-0.02, 0.02)
            others.append(Other(start[0] + d * math.cos(a), start[1] + d * math.sin(a), orad, True))
        want = reference_step_towards(board, start, goal, r, allowance, others, chest)
        got = movement._step_towards(board, start, goal, r, allowance, others, chest)
        assert got == want, (start, goal, r, allowance, others, chest)
        kinds.add("none" if want is None else len(want))
        left_out += len(others) - len(movement._bases_in_reach(movement._bases(others), start[0], start[1], r,
                                                                allowance))
    assert kinds >= {"none", 2, 3} and left_out > 100
