"""The scripted controller's use of breakable walls and doors (rules/scenery_breaking.py; TRT-WALLBREAKER's DMG +3),
chosen among the engine's legal options only: when no route over the board leads to its nearest enemy (A* on the
static terrain, rules' own navigation) but one would with a breakable piece gone, a character with nothing better to
do (no shot, no charge) strikes that piece when it touches it (the engine's option with the most expected wounds on
it, `BreakScenery.strike_odds`), else walks to it. Inert on a board without breakable pieces: it returns at once."""
from __future__ import annotations

import math

from shapely.geometry import Point
from shapely.ops import nearest_points

from wartime.ai.candidates import move_towards
from wartime.geometry import navigation
from wartime.geometry.board import Board
from wartime.rules import scenery_breaking
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.scenery_break import BreakScenery
from wartime.rules.psychology import nearest_enemy
from wartime.rules.sequence import Decision, Pending

#: how far (K) short of the piece's face the walk aims: inside base contact (scenery_breaking.CONTACT)
GAP = 0.02


def _strike_key(p: Pending) -> str | None:
    """The offered key of the engine's blow at scenery, None when not offered."""
    return next((k for k in p.options if isinstance(REGISTRY.get(k), BreakScenery)), None)


def _route(board: Board, gs, e: int, goal) -> bool:
    """Whether the static terrain of `board` leaves `e` a route to `goal` (bases left out)."""
    p = gs.pos(e)
    return navigation.plan(board, (p.x, p.y), goal, gs.body(e).radius, gs.chest_height(e), ()) is not None


def in_the_way(gs, e: int, enemy: int) -> list[str]:
    """The standing breakable pieces whose destruction alone opens a route from `e` to `enemy` when none exists now,
    in terrain order; [] when a route exists (or none would)."""
    pt = gs.pos(enemy)
    goal = (pt.x, pt.y)
    board = gs.board
    if _route(board, gs, e, goal):
        return []
    out = []
    for b in scenery_breaking.standing(gs):
        without = Board(board.width, board.height, [q for q in board.pieces if q.id != b.piece], board.grid)
        if _route(without, gs, e, goal):
            out.append(b.piece)
    return out


def break_through(match, p: Pending) -> Decision | None:
    """A blow at (or a walk to) the breakable piece in the way of the nearest enemy (see the module); None otherwise."""
    gs, e = match.gs, p.actor
    if gs.breakables is None or gs.pos(e).level != 1:
        return None
    enemy = nearest_enemy(gs, e)
    if enemy is None:
        return None
    pieces = in_the_way(gs, e, enemy)
    if not pieces:
        return None
    key = _strike_key(p)
    if key is not None:
        best = None
        for opt in match.engine.legal_options(key):
            if opt.params["piece"] not in pieces:
                continue
            value = REGISTRY[key].strike_odds(gs, e, opt.params)["expected"]
            if best is None or value > best[0]:
                best = (value, opt)
        if best is not None:
            return best[1].decision(p.side, e)
    pe = gs.pos(e)
    r = gs.body(e).radius
    here = Point(pe.x, pe.y)
    best_goal = None
    for pid in pieces:                                  # the nearest face of the nearest piece in the way
        poly = gs.board.piece(pid).polygon
        q = nearest_points(poly, here)[0]
        d = here.distance(q)
        if d <= 1e-9:
            continue
        goal = (round(q.x + (pe.x - q.x) / d * (r + GAP), 4), round(q.y + (pe.y - q.y) / d * (r + GAP), 4))
        if best_goal is None or d < best_goal[0]:
            best_goal = (d, goal)
    if best_goal is None or math.hypot(best_goal[1][0] - pe.x, best_goal[1][1] - pe.y) < 1e-3:
        return None
    return move_towards(match, p, best_goal[1])
