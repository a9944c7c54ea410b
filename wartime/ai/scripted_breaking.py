"""The scripted controller's use of breakable walls and doors (rules/scenery_breaking.py; TRT-WALLBREAKER's DMG +3),
chosen among the engine's legal options only: when no route over the board leads to its nearest enemy (A* on the
static terrain, rules' own navigation) but one would with a breakable piece gone, a character with nothing better to
do (no shot, no charge) strikes that piece when it touches it (the engine's option with the most expected wounds on
it, `BreakScenery.strike_odds`, among its blows with a melee weapon, a firearm (CBA-8) or unarmed (CBA-10)),
else walks to it. A character whose traits add DMG against the piece (hook ``structure_dmg``: TRT-WALLBREAKER) also
takes a short cut: where a route exists but the piece's destruction would shorten it by at least `SHORTCUT` K and its
blows would destroy it in at most `SHORTCUT_HITS` hits. Inert on a board without breakable pieces: it returns at
once."""
from __future__ import annotations

import math

from shapely.geometry import Point
from shapely.ops import nearest_points

from wartime.ai.candidates import move_towards
from wartime.geometry import navigation
from wartime.geometry.board import Board
from wartime.rules import scenery_breaking, traits
from wartime.rules.actions import REGISTRY
from wartime.rules.combat import melee_damage
from wartime.rules.actions.scenery_break import BreakScenery
from wartime.rules.psychology import nearest_enemy
from wartime.rules.sequence import Decision, Pending

#: how far (K) short of the piece's face the walk aims: inside base contact (scenery_breaking.CONTACT)
GAP = 0.02
#: the least K a destroyed piece must take off the route to the nearest enemy for a wall breaker to smash through it
SHORTCUT = 4.0
#: the most hits (at its DMG, each failing the piece's CH DEF) a wall breaker spends on a short cut
SHORTCUT_HITS = 2


def _strike_keys(p: Pending) -> list[str]:
    """The offered keys of the engine's blows at scenery (a melee weapon, a firearm in melee, unarmed), in offered
    order."""
    return [k for k in p.options if isinstance(REGISTRY.get(k), BreakScenery)]


def _route_len(board: Board, gs, e: int, goal) -> float | None:
    """The length (K) of the route the static terrain of `board` leaves `e` to `goal` (bases left out), None when
    there is none."""
    p = gs.pos(e)
    path = navigation.plan(board, (p.x, p.y), goal, gs.body(e).radius, gs.chest_height(e), ())
    if path is None:
        return None
    return sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(path, path[1:]))


def _breaker_hits(gs, e: int, b) -> int | None:
    """The fewest hits (each failing the piece's CH DEF) `e`'s melee weapons need to destroy the piece `b` when its
    traits or its weapon's add DMG against it (``structure_dmg``), None otherwise."""
    best = None
    i = 0
    while (w := gs.weapon(e, i)) is not None:
        if w.RNG == 0 and w.area is None and scenery_breaking.dmg_bonus(gs, e, w, b.what) > 0:
            dmg = melee_damage(w.current_dmg, traits.strength(gs, e), gs.wounds(e)) \
                + scenery_breaking.dmg_bonus(gs, e, w, b.what)
            hits = -(-(b.con + 1 - b.wounds) // dmg)
            best = hits if best is None else min(best, hits)
        i += 1
    return best


def in_the_way(gs, e: int, enemy: int) -> list[str]:
    """The standing breakable pieces whose destruction alone opens a route from `e` to `enemy` when none exists now,
    in terrain order; when a route exists, those a wall breaker destroys in at most `SHORTCUT_HITS` hits that would
    shorten it by at least `SHORTCUT` K; [] otherwise."""
    pt = gs.pos(enemy)
    goal = (pt.x, pt.y)
    board = gs.board
    now = _route_len(board, gs, e, goal)
    out = []
    for b in scenery_breaking.standing(gs):
        if now is not None:
            hits = _breaker_hits(gs, e, b)
            if hits is None or hits > SHORTCUT_HITS:
                continue
        after = _route_len(board.without(b.piece), gs, e, goal)
        if after is not None and (now is None or after <= now - SHORTCUT):
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
    best = None
    for key in _strike_keys(p):
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
