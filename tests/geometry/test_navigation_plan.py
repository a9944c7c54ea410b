"""Issue 20: the flat-array A* with scalar string-pulling (`navigation.plan`, memoised on the board) proposes
exactly the routes of the tuple-and-dict, numpy-sampled A* it replaced, on random starts, goals and bases on
every shipped board."""
from __future__ import annotations

import heapq
import math
import random
from pathlib import Path

import numpy as np
import pytest

from wartime.core.rng import Dice
from wartime.data.loader import load_army_list, load_scenario
from wartime.geometry.movement import Other
from wartime.geometry.navigation import CELL, MAX_EXPANSIONS, POCKET_MAX, _enclosed, _static_grid, plan
from wartime.match.setup import build_state

ROOT = Path(__file__).resolve().parents[2]


def reference_plan(board: Board, start, goal, radius: float, chest: float, others, *, goal_free_radius: float = 0.0):
    """A* from start to goal avoiding static terrain and `others` (Other tuples). Returns a list of points
    (start first, goal last) or None."""
    blocked, cost = _static_grid(board, radius, chest)
    blocked = blocked.copy()
    nx, ny = blocked.shape
    xs = (np.arange(nx) + 0.5) * CELL
    ys = (np.arange(ny) + 0.5) * CELL
    for o in others:
        berth = radius + o.r + (1.0 if o.enemy else 0.05)
        if math.hypot(o.x - goal[0], o.y - goal[1]) < berth + goal_free_radius:
            berth = radius + o.r          # the goal may touch this base (contact, CMB-11)
        ix0, ix1 = max(0, int((o.x - berth) / CELL)), min(nx, int((o.x + berth) / CELL) + 2)
        iy0, iy1 = max(0, int((o.y - berth) / CELL)), min(ny, int((o.y + berth) / CELL) + 2)
        sub_x, sub_y = np.meshgrid(xs[ix0:ix1], ys[iy0:iy1], indexing="ij")
        blocked[ix0:ix1, iy0:iy1] |= np.hypot(sub_x - o.x, sub_y - o.y) < berth
    s = (min(nx - 1, int(start[0] / CELL)), min(ny - 1, int(start[1] / CELL)))
    g = (min(nx - 1, max(0, int(goal[0] / CELL))), min(ny - 1, max(0, int(goal[1] / CELL))))
    blocked[s] = False
    blocked[g] = False
    sq2 = math.sqrt(2)
    steps = ((1, 0, 1.0), (-1, 0, 1.0), (0, 1, 1.0), (0, -1, 1.0), (1, 1, sq2), (1, -1, sq2), (-1, 1, sq2), (-1, -1, sq2))

    gx_, gy_ = g
    k = sq2 - 1

    def h(c):
        dx, dy = abs(c[0] - gx_), abs(c[1] - gy_)
        return dx + k * dy if dx > dy else dy + k * dx

    blocked_l = blocked.tolist()
    cost_l = cost.tolist()
    openq = [(h(s), 0.0, s)]
    came = {s: None}
    best = {s: 0.0}
    found = False
    expansions = 0
    while openq:
        _, gc, c = heapq.heappop(openq)
        if c == g:
            found = True
            break
        if gc > best.get(c, math.inf):
            continue
        expansions += 1
        if expansions > MAX_EXPANSIONS:
            break
        for dx, dy, w in steps:
            n = (c[0] + dx, c[1] + dy)
            if not (0 <= n[0] < nx and 0 <= n[1] < ny) or blocked_l[n[0]][n[1]]:
                continue
            if dx and dy and (blocked_l[c[0] + dx][c[1]] or blocked_l[c[0]][c[1] + dy]):
                continue
            ng = gc + w * cost_l[n[0]][n[1]]
            if ng < best.get(n, math.inf):
                best[n] = ng
                came[n] = c
                heapq.heappush(openq, (ng + h(n), ng, n))
    if not found:
        return None
    cells = []
    c = g
    while c is not None:
        cells.append(c)
        c = came[c]
    cells.reverse()
    pts = [tuple(start)] + [((i + 0.5) * CELL, (j + 0.5) * CELL) for i, j in cells[1:-1]] + [tuple(goal)]
    return reference_smooth(pts, blocked)




def reference_free_line(a, b, blocked) -> bool:
    nx, ny = blocked.shape
    d = math.hypot(b[0] - a[0], b[1] - a[1])
    n = max(2, int(d / (CELL / 2)) + 1)
    t = np.linspace(0.0, 1.0, n)
    ix = np.clip(((a[0] + (b[0] - a[0]) * t) / CELL).astype(int), 0, nx - 1)
    iy = np.clip(((a[1] + (b[1] - a[1]) * t) / CELL).astype(int), 0, ny - 1)
    return not blocked[ix[1:-1], iy[1:-1]].any()


def reference_smooth(pts, blocked):
    out = [pts[0]]
    i = 0
    while i < len(pts) - 1:
        j = len(pts) - 1
        while j > i + 1 and not reference_free_line(pts[i], pts[j], blocked):
            j -= 1
        out.append(pts[j])
        i = j
    return out


@pytest.mark.parametrize("name", ["skirmish.toml", "crossroads.toml", "ruins.toml"])
def test_plan_gives_the_reference_routes(name):
    sc = load_scenario(ROOT / "scenarios" / name)
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    board = build_state(sc, lists, Dice(1)).board
    rng = random.Random(name)
    found = 0
    for _ in range(120):
        start = (rng.uniform(1, board.width - 1), rng.uniform(1, board.height - 1))
        goal = (rng.uniform(1, board.width - 1), rng.uniform(1, board.height - 1))
        others = [Other(rng.uniform(0, board.width), rng.uniform(0, board.height), 0.5, rng.random() < 0.5)
                  for _ in range(rng.randint(0, 10))]
        want = reference_plan(board, start, goal, 0.5, 0.75, others)
        assert plan(board, start, goal, 0.5, 0.75, others) == want
        assert plan(board, start, goal, 0.5, 0.75, others) == want          # from the memo
        found += want is not None
    assert found > 30


def reference_enclosed(blocked_f, cell: int, other: int, nx: int, ny: int) -> bool:
    """The pocket test as it was: an 8-neighbour flood fill with A*'s corner rule (a diagonal step needs both
    orthogonal cells beside it open)."""
    seen = {cell}
    todo = [cell]
    while todo:
        c = todo.pop()
        ci, cj = divmod(c, ny)
        for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
            ni, nj = ci + di, cj + dj
            if not (0 <= ni < nx and 0 <= nj < ny):
                continue
            n = ni * ny + nj
            if n in seen or blocked_f[n]:
                continue
            if di and dj and (blocked_f[c + di * ny] or blocked_f[c + dj]):
                continue
            if n == other:
                return False
            seen.add(n)
            if len(seen) > POCKET_MAX:
                return False
            todo.append(n)
    return True


@pytest.mark.parametrize("density", [0.3, 0.45, 0.55, 0.65])
def test_MOV_9_BAS_2_pocket_test_with_orthogonal_steps_is_the_corner_rule_answer(density):
    """Issue 20: `_enclosed` walks orthogonal steps only; on random grids (many pockets, some open, cells on
    every edge) it answers as the 8-neighbour flood with the corner rule did, whichever cell and other cell."""
    rng = random.Random(f"pockets {density}")
    answers = set()
    for _ in range(60):
        nx, ny = rng.randint(3, 40), rng.randint(3, 40)
        blocked_f = [rng.random() < density for _ in range(nx * ny)]
        for _ in range(20):
            cell, other = rng.randrange(nx * ny), rng.randrange(nx * ny)
            grid = list(blocked_f)
            grid[cell] = grid[other] = False           # as `_plan` opens its start and goal cells
            want = reference_enclosed(grid, cell, other, nx, ny)
            assert _enclosed(grid, cell, other, nx, ny) == want
            answers.add(want)
    assert answers == {True, False}


@pytest.mark.parametrize("name", ["skirmish.toml", "crossroads.toml", "ruins.toml"])
def test_BAS_2_MOV_14_bases_blocked_in_one_pass_are_the_cells_each_base_blocks(name):
    """Issue 20: `_block_discs` blocks every base's disc of cells in one numpy pass; the grid is the one the loop
    over bases made (each base's window, `hypot(xs - x, ys - y) < berth`), cell for cell, with bases anywhere:
    on the table, over its edges and off it, enemies (1 K berth) and allies, at float and at round positions."""
    from wartime.geometry.navigation import _block_discs
    sc = load_scenario(ROOT / "scenarios" / name)
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    board = build_state(sc, lists, Dice(1)).board
    base, _ = _static_grid(board, 0.5, 0.75)
    nx, ny = base.shape
    xs = (np.arange(nx) + 0.5) * CELL
    ys = (np.arange(ny) + 0.5) * CELL
    rng = random.Random("discs " + name)
    blocked_cells = 0
    for _ in range(300):
        discs = []
        want = base.copy()
        for _ in range(rng.randint(1, 14)):
            x = rng.choice([rng.uniform(-2, board.width + 2), round(rng.uniform(0, board.width) / CELL) * CELL])
            y = rng.choice([rng.uniform(-2, board.height + 2), (round(rng.uniform(0, board.height) / CELL) + 0.5) * CELL])
            berth = rng.choice([0.5, 0.75, 1.0]) + rng.choice([0.5, 1.0]) + rng.choice([1.0, 0.05, 0.0])
            ix0, ix1 = max(0, int((x - berth) / CELL)), min(nx, int((x + berth) / CELL) + 2)
            iy0, iy1 = max(0, int((y - berth) / CELL)), min(ny, int((y + berth) / CELL) + 2)
            want[ix0:ix1, iy0:iy1] |= np.hypot(xs[ix0:ix1, None] - x, ys[None, iy0:iy1] - y) < berth
            if ix1 > ix0 and iy1 > iy0:
                discs.append((x, y, berth, ix0, ix1, iy0, iy1))
        got = base.copy()
        if discs:
            _block_discs(got, discs)
        assert np.array_equal(got, want)
        blocked_cells += int((want & ~base).sum())
    assert blocked_cells > 1000
