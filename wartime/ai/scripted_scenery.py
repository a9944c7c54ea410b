"""The scripted controller's use of scenery traits (issue 16, group "scenery"), chosen among the engine's legal
options only: Lanzar escenografía (TRT-SUPER-STRENGTH) throws a movable piece it touches at the enemy where the
throw's value (the action's ``utility``: P(CH CON) × the blow's expected wounds + 2 × P(incapacitate), by the engine's
odds, less the failed check's own wound) is positive and at least that of its best shot; a thrower with nothing
better to do (no shot, no charge) walks into base contact with a movable piece it can reach this activation when the
nearest enemy is within its throw's reach (MOV + CON K) of that piece and no farther from it than from the thrower
(`fetch_scenery`). Inert for a character without the trait or on a board without movable pieces: the engine offers
the action to neither, and the walk asks the same trait hook (``scenery_throw``)."""
from __future__ import annotations

import math

from shapely.geometry import Point
from shapely.ops import nearest_points

from wartime.ai.candidates import by_rule, move_towards
from wartime.rules import scenery_objects, traits
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.scenery_throw import throw_reach
from wartime.rules.psychology import nearest_enemy
from wartime.rules.sequence import Decision, Pending

#: the least value a throw must promise (the chance of hurting itself already counted)
MIN_VALUE = 0.25
#: how far (K) short of the piece's face the walk to it aims: inside base contact (scenery_objects.CONTACT)
GAP = 0.02


def throw_scenery(match, p: Pending, shot) -> Decision | None:
    """TRT-SUPER-STRENGTH: the best throw of scenery when the odds are good (see the module); None otherwise."""
    key = by_rule(p, "TRT-SUPER-STRENGTH")
    if key is None:
        return None
    gs, e = match.gs, p.actor
    best = None
    for opt in match.engine.legal_options(key):
        value = REGISTRY[key].utility(gs, e, opt.params["target"], opt.params)
        if best is None or value > best[0]:
            best = (value, opt)
    if best is None or best[0] < MIN_VALUE or (shot is not None and best[0] < shot[0]):
        return None
    return best[1].decision(p.side, e)


def fetch_scenery(match, p: Pending) -> Decision | None:
    """TRT-SUPER-STRENGTH: a walk into base contact with the nearest movable piece within the thrower's movement
    (MOV K, straight to its nearest face) when the nearest enemy is within the throw's reach of that piece (MOV + CON
    K) and no farther from the piece than from the thrower (the walk does not run away); None when the character has
    no trait that throws scenery, already touches a movable piece, or no piece fits."""
    gs, e = match.gs, p.actor
    if gs.movables is None or gs.pos(e).level != 1 or traits.throws_scenery(gs, e) is None or gs.engaged(e):
        return None
    enemy = nearest_enemy(gs, e)
    if enemy is None:
        return None
    pe, pf = gs.pos(e), gs.pos(enemy)
    here, foe = Point(pe.x, pe.y), Point(pf.x, pf.y)
    r, reach, mov = gs.body(e).radius, throw_reach(gs, e), gs.natural_mov(e)
    best = None
    for _, m in scenery_objects.movable_pieces(gs):
        pc = scenery_objects.piece_of(gs, m.piece)
        if pc is None:
            continue
        if scenery_objects.in_contact(gs, e, m.piece):
            return None
        d = pc.polygon.distance(here)
        if d > mov or pc.polygon.distance(foe) > min(reach, here.distance(foe)):
            continue
        if best is None or d < best[0]:
            best = (d, m.piece, pc)
    if best is None:
        return None
    q = nearest_points(best[2].polygon, here)[0]
    d = here.distance(q)
    if d <= 1e-9:
        return None
    goal = (round(q.x + (pe.x - q.x) / d * (r + GAP), 4), round(q.y + (pe.y - q.y) / d * (r + GAP), 4))
    if math.hypot(goal[0] - pe.x, goal[1] - pe.y) < 1e-3:
        return None
    return move_towards(match, p, goal)
