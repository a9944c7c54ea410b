"""The scripted controller's play for an objective zone (BLD-22, rules/objectives.py): the side that must reach the
zone heads for it once it has no better shot or charge (its drivers carry their passengers there, ai/
scripted_transport.py) and holds it once there; the defender goes first for the enemy nearest the zone when one
comes close to it. Every choice is one of the engine's legal options; outside an objective game nothing here
applies (each function answers None / False)."""
from __future__ import annotations

import math

from shapely.geometry import Point

from wartime.ai.candidates import move_towards
from wartime.rules import objectives
from wartime.rules.state import GameState

#: The defender turns on the enemy nearest the zone when that enemy is within this many K of the zone.
THREAT_RANGE = 14.0


def attacker(gs: GameState, e: int) -> bool:
    """Whether `e`'s side must reach the objective zone."""
    goal = objectives.objective_of(gs)
    return goal is not None and gs.side(e) == goal.side


def zone_goal(gs: GameState, e: int) -> tuple[float, float] | None:
    """Where an attacker not yet in the zone heads for (the zone's centre); None for anyone else."""
    if not attacker(gs, e) or objectives.in_zone(gs, e):
        return None
    return objectives.objective_of(gs).centre()


def holds_zone(gs: GameState, e: int) -> bool:
    """An attacker standing in the zone: it stays there (it shoots, fights what comes, but does not advance)."""
    return attacker(gs, e) and objectives.in_zone(gs, e)


def march(match, p):
    """An attacker out of the zone with nothing better to do moves towards it along the route (A* around the
    terrain), with its longest offered move that is legal (Esprintar, Correr, Mover: MVA-1..3); None otherwise."""
    goal = zone_goal(match.gs, p.actor)
    return None if goal is None else move_towards(match, p, goal)


def threat(gs: GameState, e: int) -> int | None:
    """For the defender: the enemy nearest the zone when one is within THREAT_RANGE K of it (ties: the lower id),
    else None (the usual nearest enemy applies)."""
    goal = objectives.objective_of(gs)
    if goal is None or gs.side(e) == goal.side:
        return None
    best, best_d = None, math.inf
    for o in gs.enemies(e):
        if not gs.on_table(o):
            continue
        q = gs.pos(o)
        d = goal.zone.distance(Point(q.x, q.y))
        if d < best_d:
            best, best_d = o, d
    return best if best_d <= THREAT_RANGE else None
