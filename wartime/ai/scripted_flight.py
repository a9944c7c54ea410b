"""The scripted controller takes off (MVA-16 Despegar) when flying helps: a character able to fly (a flying transport,
MVA-15, or a flying trait) standing at level 1 and not engaged takes off when an enemy could reach it in melee
next (MOV-12: from level 1 no melee reaches a flyer at level 2) or when its route to the enemy bends around
terrain (a flyer crosses it). Only the engine's legal option is submitted; None when flying does not help."""
from __future__ import annotations

import math

from wartime.ai.candidates import action, by_rule, legal_cost, path_towards
from wartime.rules.actions.flight import can_fly
from wartime.rules.psychology import nearest_enemy

#: An enemy this many K beyond its own two moves (a run and a charge) is no melee threat yet.
REACH_MARGIN = 1.0
#: How far ahead (K) the route to the enemy is planned to see whether terrain bends it.
ROUTE_LENGTH = 30.0
#: A route whose first leg turns more than this many degrees away from the straight line bends around terrain.
BEND = 15.0


def melee_threat(gs, e: int) -> bool:
    """An able enemy on the ground close enough to reach `e` in melee next (two of its moves, MOV-1)."""
    for o in gs.enemies(e):
        if gs.pos(o).level == 1 and gs.distance(e, o) <= 2 * gs.mov(o) + REACH_MARGIN:
            return True
    return False


def route_bends(gs, e: int, goal: tuple[float, float]) -> bool:
    """The planned route from `e` to `goal` (A* around the terrain, `path_towards`) turns off the straight line."""
    route = path_towards(gs, e, goal, ROUTE_LENGTH)
    if not route or len(route) < 2:
        return False
    p = gs.pos(e)
    first = route[0]
    straight = math.degrees(math.atan2(goal[1] - p.y, goal[0] - p.x))
    leg = math.degrees(math.atan2(first[1] - p.y, first[0] - p.x))
    return abs((leg - straight + 180.0) % 360.0 - 180.0) > BEND


def take_off(match, p):
    """MVA-16: Despegar when flying helps (`melee_threat` or `route_bends` to the nearest enemy), if legal."""
    gs, engine = match.gs, match.engine
    e = p.actor
    key = by_rule(p, "MVA-16")
    if key is None or gs.pos(e).level != 1 or gs.engaged(e) or not can_fly(gs, e):
        return None
    enemy = nearest_enemy(gs, e)
    if enemy is None:
        return None
    q = gs.pos(enemy)
    if not (melee_threat(gs, e) or route_bends(gs, e, (q.x, q.y))):
        return None
    d = action(p, key)
    return d if legal_cost(engine, d) is not None else None
