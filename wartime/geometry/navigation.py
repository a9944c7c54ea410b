"""Path planning for AI controllers: A* on a 0.5 K grid over the board, around terrain a base cannot
cross (MOV-9) and other bases (BAS-2, with a 1 K berth around enemies for MOV-14). The engine still judges
every path (`check_path`); this only proposes good ones."""
from __future__ import annotations

import heapq
import math

import numpy as np
import shapely
from shapely.geometry import Point

from wartime.geometry.board import Board
from wartime.geometry.movement import path_ok, terrain_class

CELL = 0.75
MAX_EXPANSIONS = 2500
#: static grids by board content (every match builds its own Board of the same scenario: a balance batch plays
#: thousands of games on one table), radius and chest height; bounded
_static: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}
STATIC_MAX = 256


def _board_signature(board: Board) -> tuple:
    sig = getattr(board, "_nav_signature", None)
    if sig is None:
        sig = (board.width, board.height, tuple((p.id, p.kind, p.height, p.polygon.wkb) for p in board.pieces))
        board._nav_signature = sig
    return sig


def _static_grid(board: Board, radius: float, chest: float) -> tuple[np.ndarray, np.ndarray]:
    """(blocked, cost) arrays [ix, iy] for static terrain; cached per board content, radius and chest height
    (read-only: callers copy before changing them)."""
    return _static_entry(board, radius, chest)[:2]


def _static_entry(board: Board, radius: float, chest: float) -> tuple[np.ndarray, np.ndarray, list]:
    """`_static_grid`'s (blocked, cost) and the cost as the flat list A* reads (`cost.ravel().tolist()`, made once
    per board, radius and chest height instead of once per route: issue 20)."""
    key = (_board_signature(board), round(radius, 3), round(chest, 3))
    got = _static.get(key)
    if got is not None:
        return got
    if len(_static) >= STATIC_MAX:
        _static.clear()
    cache = _static
    nx, ny = int(board.width / CELL), int(board.height / CELL)
    xs = (np.arange(nx) + 0.5) * CELL
    ys = (np.arange(ny) + 0.5) * CELL
    gx, gy = np.meshgrid(xs, ys, indexing="ij")
    blocked = (gx < radius) | (gy < radius) | (gx > board.width - radius) | (gy > board.height - radius)
    cost = np.ones((nx, ny))
    pts = shapely.points(gx.ravel(), gy.ravel())
    for piece in board.pieces:
        d = shapely.distance(piece.polygon, pts).reshape(nx, ny)
        cls = terrain_class(piece.kind, piece.height, chest)
        if cls is None:
            blocked |= d < radius + 0.1
        elif cls > 0:
            cost = np.where(d < radius, np.maximum(cost, 1.0 + 0.75 * cls), cost)
    blocked.setflags(write=False)
    cost.setflags(write=False)
    got = cache[key] = (blocked, cost, cost.ravel().tolist())
    return got


#: entries kept in a board's plan memo before it is cleared
PLAN_MEMO_MAX = 20_000


def plan(board: Board, start, goal, radius: float, chest: float, others, *, goal_free_radius: float = 0.0):
    """A* from start to goal avoiding static terrain and `others` (Other tuples). Returns a list of points
    (start first, goal last) or None. A pure function of its arguments and the static board: memoised on the
    board (candidate paths of several actions and allowances plan the same route)."""
    key = ((float(start[0]), float(start[1])), (float(goal[0]), float(goal[1])), float(radius), float(chest),
           tuple(map(tuple, others)), float(goal_free_radius))
    memo = board.plan_memo
    if key in memo:
        got = memo[key]
        return None if got is None else list(got)
    got = _plan(board, start, goal, radius, chest, others, goal_free_radius)
    if len(memo) > PLAN_MEMO_MAX:
        memo.clear()
    memo[key] = None if got is None else tuple(got)
    return got


def _plan(board: Board, start, goal, radius: float, chest: float, others, goal_free_radius: float):
    blocked, cost, cost_f = _static_entry(board, radius, chest)
    blocked = blocked.copy()
    nx, ny = blocked.shape
    discs = []
    for o in others:
        berth = radius + o.r + (1.0 if o.enemy else 0.05)
        if math.hypot(o.x - goal[0], o.y - goal[1]) < berth + goal_free_radius:
            berth = radius + o.r          # the goal may touch this base (contact, CMB-11)
        ix0, ix1 = max(0, int((o.x - berth) / CELL)), min(nx, int((o.x + berth) / CELL) + 2)
        iy0, iy1 = max(0, int((o.y - berth) / CELL)), min(ny, int((o.y + berth) / CELL) + 2)
        if ix1 > ix0 and iy1 > iy0:
            discs.append((o.x, o.y, berth, ix0, ix1, iy0, iy1))
    if discs:
        _block_discs(blocked, discs)
    s = (min(nx - 1, int(start[0] / CELL)), min(ny - 1, int(start[1] / CELL)))
    g = (min(nx - 1, max(0, int(goal[0] / CELL))), min(ny - 1, max(0, int(goal[1] / CELL))))
    blocked[s] = False
    blocked[g] = False
    sq2 = math.sqrt(2)
    gx_, gy_ = g
    k = sq2 - 1
    # cells as flat indices i * ny + j (their order is the (i, j) order, so heap ties break as before)
    blocked_f = blocked.ravel().tolist()
    steps = [(dx, dy, w, dx * ny + dy) for dx, dy, w in
             ((1, 0, 1.0), (-1, 0, 1.0), (0, 1, 1.0), (0, -1, 1.0), (1, 1, sq2), (1, -1, sq2), (-1, 1, sq2),
              (-1, -1, sq2))]
    si, gi = s[0] * ny + s[1], gx_ * ny + gy_
    if si != gi and (_enclosed(blocked_f, gi, si, nx, ny) or _enclosed(blocked_f, si, gi, nx, ny)):
        return None                 # the goal (or start) lies in a small pocket without the other: unreachable
    inf = math.inf
    best = [inf] * (nx * ny)
    came = [-1] * (nx * ny)
    best[si] = 0.0
    dx0, dy0 = abs(s[0] - gx_), abs(s[1] - gy_)
    openq = [(dx0 + k * dy0 if dx0 > dy0 else dy0 + k * dx0, 0.0, si)]
    heappop, heappush = heapq.heappop, heapq.heappush
    found = False
    expansions = 0
    while openq:
        _, gc, c = heappop(openq)
        if c == gi:
            found = True
            break
        if gc > best[c]:
            continue
        expansions += 1
        if expansions > MAX_EXPANSIONS:
            break
        ci, cj = divmod(c, ny)
        for dx, dy, w, off in steps:
            ni, nj = ci + dx, cj + dy
            if not (0 <= ni < nx and 0 <= nj < ny):
                continue
            n = c + off
            if blocked_f[n]:
                continue
            if dx and dy and (blocked_f[c + dx * ny] or blocked_f[c + dy]):
                continue
            ng = gc + w * cost_f[n]
            if ng < best[n]:
                best[n] = ng
                came[n] = c
                hx, hy = abs(ni - gx_), abs(nj - gy_)
                heappush(openq, (ng + (hx + k * hy if hx > hy else hy + k * hx), ng, n))
    if not found:
        return None
    cells = []
    c = gi
    while c != -1:
        cells.append(divmod(c, ny))
        c = came[c] if c != si else -1
    cells.reverse()
    pts = [tuple(start)] + [((i + 0.5) * CELL, (j + 0.5) * CELL) for i, j in cells[1:-1]] + [tuple(goal)]
    return _smooth(pts, blocked)


def _block_discs(blocked: np.ndarray, discs: list) -> None:
    """Block, in place, the cells of `blocked` whose centre lies within a disc: `discs` holds (x, y, berth, ix0,
    ix1, iy0, iy1), the disc's centre and radius and the window of cells [ix0, ix1) × [iy0, iy1) it may cover.

    Issue 20: one numpy pass for every base instead of one per base. Each cell's test is the one a window of its
    own made, `hypot(xs[i] - x, ys[j] - y) < berth` on the same float64 values, so the same cells are blocked;
    the windows are padded to the widest and the padding masked out."""
    nx, ny = blocked.shape
    ox = np.array([d[0] for d in discs], dtype=float)
    oy = np.array([d[1] for d in discs], dtype=float)
    berth = np.array([d[2] for d in discs], dtype=float)
    ix0 = np.array([d[3] for d in discs], dtype=np.intp)
    ix1 = np.array([d[4] for d in discs], dtype=np.intp)
    iy0 = np.array([d[5] for d in discs], dtype=np.intp)
    iy1 = np.array([d[6] for d in discs], dtype=np.intp)
    ix = ix0[:, None] + np.arange(int((ix1 - ix0).max()))
    iy = iy0[:, None] + np.arange(int((iy1 - iy0).max()))
    inside = (ix < ix1[:, None])[:, :, None] & (iy < iy1[:, None])[:, None, :]
    ix = np.minimum(ix, nx - 1)
    iy = np.minimum(iy, ny - 1)
    dx = (ix + 0.5) * CELL - ox[:, None]
    dy = (iy + 0.5) * CELL - oy[:, None]
    n, i, j = np.nonzero((np.hypot(dx[:, :, None], dy[:, None, :]) < berth[:, None, None]) & inside)
    blocked[ix[n, i], iy[n, j]] = True


#: cells a pocket may hold for `_enclosed` to prove a goal unreachable before A* spends its budget on it
POCKET_MAX = 300


def _enclosed(blocked_f, cell: int, other: int, nx: int, ny: int) -> bool:
    """Whether `cell` lies in a closed pocket of at most POCKET_MAX open cells that does not hold `other` (the
    moves A* makes are symmetric, so then neither reaches the other: A* would only exhaust its budget).

    Issue 20: A* steps diagonally only when both orthogonal cells beside the step are open, so the cells it can
    reach are those joined by orthogonal steps (each diagonal step has an orthogonal detour through open cells,
    and every orthogonal step is one of its own). The flood fill therefore walks the 4 orthogonal neighbours only:
    it visits the same pocket as the 8-neighbour walk with A*'s corner rule, and its answer (`other` not in the
    pocket and the pocket no larger than POCKET_MAX) does not depend on the order cells are visited in."""
    seen = {cell}
    todo = [cell]
    last = nx * ny - ny                 # the first cell of the last column
    while todo:
        c = todo.pop()
        j = c % ny
        for n in (c + ny if c < last else -1, c - ny if c >= ny else -1,
                  c + 1 if j < ny - 1 else -1, c - 1 if j else -1):
            if n < 0 or n in seen or blocked_f[n]:
                continue
            if n == other:
                return False
            seen.add(n)
            if len(seen) > POCKET_MAX:
                return False
            todo.append(n)
    return True


def _free_line(a, b, rows, nx: int, ny: int) -> bool:
    """No blocked cell (`rows[ix][iy]`) under the segment a-b, sampled every half cell (the ends excluded)."""
    d = math.hypot(b[0] - a[0], b[1] - a[1])
    n = max(2, int(d / (CELL / 2)) + 1)
    step = 1.0 / (n - 1)                    # the samples numpy's linspace(0, 1, n) gives, bit for bit
    ax, ay, dx, dy = a[0], a[1], b[0] - a[0], b[1] - a[1]
    for k in range(1, n - 1):
        t = k * step + 0.0
        ix = int((ax + dx * t) / CELL)
        iy = int((ay + dy * t) / CELL)
        ix = 0 if ix < 0 else (nx - 1 if ix > nx - 1 else ix)
        iy = 0 if iy < 0 else (ny - 1 if iy > ny - 1 else iy)
        if rows[ix][iy]:
            return False
    return True


def _smooth(pts, blocked):
    """String-pulling: keep a point only when the straight line past it would cross a blocked cell."""
    rows = blocked.tolist()
    nx, ny = blocked.shape
    out = [pts[0]]
    i = 0
    while i < len(pts) - 1:
        j = len(pts) - 1
        while j > i + 1 and not _free_line(pts[i], pts[j], rows, nx, ny):
            j -= 1
        out.append(pts[j])
        i = j
    return out


def truncate(path, max_len: float):
    """The prefix of a polyline of at most `max_len`."""
    out = [path[0]]
    left = max_len
    for a, b in zip(path, path[1:]):
        d = math.hypot(b[0] - a[0], b[1] - a[1])
        if d <= left:
            out.append(b)
            left -= d
            continue
        if left > 1e-6:
            f = left / d
            out.append((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f))
        break
    return out


def route(board: Board, start, goal, radius: float, max_len: float, others, chest: float, *, crouched=False):
    """A legal path of at most `max_len` along the planned route to `goal`, or None."""
    full = plan(board, start, goal, radius, chest, others)
    if full is None:
        return None
    for f in (1.0, 0.8, 0.6, 0.4, 0.2):
        path = truncate(full, max_len * f)
        path = [(round(x, 4), round(y, 4)) for x, y in path]
        if len(path) < 2:
            return None
        if path_ok(board, path, radius, chest, max_len, others, crouched=crouched):
            return path
    return None
