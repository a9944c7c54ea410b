"""The scripted controller's transport tactics (the play model: rules/riding.py): a passenger gets off near the
fight, a walker boards a nearby transport far from it, a driver carries its passengers to a drop point, drives
its transport towards the enemy (straight ahead, turning at the end of each move or pivoting), and rams when
it pays. Every choice is one of the engine's legal options (`options_of`); the controller asks here first
(`early`) and for a driver's movement (`drive`), and falls back to its usual tactics when nothing applies."""
from __future__ import annotations

import math

from wartime.ai.scripted_objective import attacker, holds_zone, zone_goal
from wartime.ai.scripted_transport_parked import attack_parked, leave_wreck, take_parked
from wartime.ai.candidates import action, by_rule, end_key, legal_cost, offered, options_of, path_moves, path_towards
from wartime.geometry import movement as geo_move
from wartime.rules import objectives, riding
from wartime.rules.actions import REGISTRY

#: A passenger gets off, and a driver with passengers stops to drop them, within this many K of an enemy.
DROP_RANGE = 10.0
#: In an objective game the attacker's passengers ride on to the zone unless an enemy is this close (K).
CLOSE_RANGE = 4.0
#: A walker boards an allied transport only when every enemy is farther than this (K).
BOARD_RANGE = 15.0
#: A driver turns with Pivotar de transporte when the enemy is more than this many degrees off its nose.
PIVOT_ANGLE = 100.0
#: How far ahead (K) a driver looks for terrain that would stop its next straight drive (MOV-6, MOV-9).
LOOK_AHEAD = 4.0
#: How far (K) a driver plans its route ahead.
ROUTE_LENGTH = 30.0
#: Headings tried, in degrees off the bearing to the enemy, when the road ahead is blocked.
DETOURS = (0.0, 20.0, -20.0, 40.0, -40.0, 60.0, -60.0, 90.0, -90.0, 120.0, -120.0)


def _key(p, rule: str, kind: str) -> str | None:
    """The offered key of rule `rule` whose parameters include one of `kind` (MVA-17: Embarcar takes an ally,
    Desembarcar a point), None if not offered."""
    return next((k for k in offered(p, kinds=(kind,)) if REGISTRY[k].rule == rule), None)


def _nearest_enemy(gs, e: int) -> tuple[int | None, float]:
    best, dist = None, math.inf
    for o in gs.enemies(e):
        d = gs.distance(e, o)
        if d < dist:
            best, dist = o, d
    return best, dist


def _from_carrier(gs, e: int) -> int:
    """The miniature a passenger's distances are measured from: its transport."""
    carrier = riding.carrier_of(gs, e)
    return carrier if carrier is not None else e


def early(match, p):
    """The transport tactics that come before the usual ones, or None: a driverless transport's (the driver of a
    disabled one gets off, a walker beside one takes it, one worth it is attacked: ai/scripted_transport_parked.py),
    a passenger's (get off near the enemy or when its transport cannot move, else stay aboard and end), a walker's
    boarding, a driver's drop run. In an objective game (ai/scripted_objective.py) the attacker's passengers ride on
    into the zone (they get off there, or when an enemy is within CLOSE_RANGE), and its drivers carry them there."""
    gs, engine = match.gs, match.engine
    e = p.actor
    d = leave_wreck(match, p) or take_parked(match, p) or attack_parked(match, p)     # MVA-17: driverless ones
    if d is not None:
        return d
    carrier = riding.carrier_of(gs, e)
    if carrier is not None and riding.is_parked(gs, carrier):     # MVA-17: aboard a driverless one: get off
        get_off = _key(p, "MVA-17", "point")
        opts = options_of(engine, [get_off]) if get_off is not None else []
        return opts[0].decision(p.side, e) if opts else action(p, end_key(p))
    if carrier is not None:
        _, dist = _nearest_enemy(gs, carrier)
        m = riding.mount(gs, carrier)
        get_off = _key(p, "MVA-17", "point")
        to_zone = attacker(gs, e)
        arrived = to_zone and objectives.in_zone(gs, carrier)
        if dist <= (CLOSE_RANGE if to_zone else DROP_RANGE) or arrived or m is None or m.disabled \
                or not gs.able(carrier):
            opts = options_of(engine, [get_off]) if get_off is not None else []
            if opts:
                _, enemy_xy = _enemy_centre(gs, carrier)
                goal = objectives.objective_of(gs)
                best = min(opts, key=lambda o: (to_zone and not goal.contains(*o.params["to"]),
                                                math.dist(o.params["to"], enemy_xy), o.params["to"]))
                return best.decision(p.side, e)
        return action(p, end_key(p))
    board = _key(p, "MVA-17", "ally")
    if not riding.rides(gs, e) and board is not None and not holds_zone(gs, e):
        _, dist = _nearest_enemy(gs, e)
        if dist > BOARD_RANGE:
            opts = options_of(engine, [board], lambda prm: "target" in prm)    # a driven transport, not a driverless one
            if opts:
                return opts[0].decision(p.side, e)
    m = riding.mount(gs, e)
    if m is not None and m.passengers and not m.disabled:
        if attacker(gs, e):          # BLD-22: carry them into the objective zone
            if objectives.in_zone(gs, e):
                return action(p, end_key(p))            # arrived: the passengers get off in the zone
            return drive(match, p)
        _, dist = _nearest_enemy(gs, e)
        if dist > DROP_RANGE:
            return drive(match, p, stop_at=DROP_RANGE)
        return action(p, end_key(p))            # stopped at the drop point: the passengers get off
    return None


def _enemy_centre(gs, e: int):
    """The nearest enemy and its centre (the board centre without one)."""
    t, _ = _nearest_enemy(gs, e)
    if t is None:
        return None, (gs.board.width / 2.0, gs.board.height / 2.0)
    q = gs.pos(t)
    return t, (q.x, q.y)


def drive(match, p, stop_at: float = 0.0):
    """A driver's movement: a ram when one is legal (at the weakest target, by CON) while the transport has taken less
    than half its QUA in wounds (the recoil hurts it too), else the legal drive (Mover,
    Correr) that ends nearest the nearest enemy without coming closer than `stop_at` K, after pivoting if the
    enemy is well behind; None when no move helps. In an objective game the attacker's drivers head for the zone
    instead, without ramming, and stop once in it (None: they hold it, ai/scripted_objective.py)."""
    gs, engine = match.gs, match.engine
    e = p.actor
    if holds_zone(gs, e):
        return None
    zone = zone_goal(gs, e)
    target, goal = (None, zone) if zone is not None else _enemy_centre(gs, e)
    ram = by_rule(p, "CBA-23")
    m = riding.mount(gs, e)
    if ram is not None and zone is None and stop_at == 0.0 and m is not None and 2 * m.wounds < m.QUA:
        rams = options_of(engine, [ram])
        if rams:
            return max(rams, key=lambda o: (-gs.attrs(o.params["target"]).CON, -o.params["target"])).decision(
                p.side, e)
    pos = gs.pos(e)
    via = _waypoint(gs, e, goal)                    # the next corner of a route around farms and walls
    bearing = math.degrees(math.atan2(via[1] - pos.y, via[0] - pos.x)) % 360.0
    pivot = by_rule(p, "MVA-19", free=False)
    if riding.angle_between(bearing, pos.facing) > PIVOT_ANGLE and pivot is not None:
        d = action(p, pivot, facing_to=round(bearing, 4))
        if legal_cost(engine, d) is not None:
            return d
    keys = [k for k, _ in path_moves(gs, p)[:2]]                   # Mover and Correr (MVA-1, MVA-2)
    best, best_score = None, math.inf
    rest = math.dist(via, goal)                     # the route's length beyond the waypoint
    here = math.dist((pos.x, pos.y), via) + rest
    for o in options_of(engine, keys):
        (x, y), = o.params["path"]
        d = math.dist((x, y), via) + rest
        gap = math.dist((x, y), goal) - gs.body(e).radius - (gs.body(target).radius if target is not None else 0.0)
        if gap < stop_at:
            continue
        end_facing = o.params.get("end_facing", pos.facing)
        turn = riding.angle_between(end_facing, math.degrees(math.atan2(via[1] - y, via[0] - x)) % 360.0)
        blocked = 0.0 if clear_ahead(gs, e, (x, y), end_facing) else 3.0   # a nose against a wall: stuck next time
        score = d + turn / 90.0 + 0.1 * o.cost + blocked
        if score < best_score and d < here - 0.5:
            best, best_score = o, score
    if best is None and pivot is not None:
        return detour(match, p, pivot, bearing)
    return None if best is None else best.decision(p.side, e)


def _waypoint(gs, e: int, goal: tuple[float, float]) -> tuple[float, float]:
    """Where a driver heads for: the first corner of the planned route to `goal` (A* around the terrain and the
    other bases, `path_towards`), or the goal itself when the road is straight or no route is found."""
    route = path_towards(gs, e, goal, ROUTE_LENGTH)
    if not route:
        return goal
    pos = gs.pos(e)
    for x, y in route:
        if math.dist((pos.x, pos.y), (x, y)) >= 2.0:
            return (x, y) if len(route) > 1 else goal
    return goal


def clear_ahead(gs, e: int, at: tuple[float, float], heading: float, length: float = LOOK_AHEAD) -> bool:
    """Whether a straight drive of `length` K from `at` along `heading` (degrees) crosses no terrain the
    transport cannot enter and stays on the board (MOV-6, MOV-9; other bases are left out: they move)."""
    rad = math.radians(heading)
    end = (at[0] + length * math.cos(rad), at[1] + length * math.sin(rad))
    chk = geo_move.check_path(gs.board, [at, end], gs.body(e).radius, gs.chest_height(e), length + 1e-6, [])
    return chk.ok


def detour(match, p, pivot: str, bearing: float):
    """Pivotar de transporte (MVA-19) to the heading nearest the bearing to the enemy whose road ahead is clear,
    when no straight drive brings the transport closer (its nose against a farm, a wall, the board edge); None
    when no such heading is legal."""
    gs, engine = match.gs, match.engine
    e = p.actor
    pos = gs.pos(e)
    for off in DETOURS:
        h = round((bearing + off) % 360.0, 4)
        if riding.angle_between(h, pos.facing) < 5.0 or not clear_ahead(gs, e, (pos.x, pos.y), h):
            continue
        d = action(p, pivot, facing_to=h)
        if legal_cost(engine, d) is not None:
            return d
    return None
