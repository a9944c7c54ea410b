"""Alarm mode for the controllers (ALM-31..ALM-40): buying and placing a wave from the engine's offers, and
steering the scripted defender (hold the zone, carry the bell to the goal).

* `scripted_wave`: the attacker buys many small monsters (ALM-31): each time the dearest profile costing at most
  a third of the budget left (else the dearest it affords, ALM-33), and places each model on the engine's legal
  spot (`alarm_flow.spawn_spots`) nearest a defender, so the wave converges on the heroes and outnumbers them
  (ALM-1, ALM-31).
* `random_wave`: the random controller's wave: a random affordable profile while the budget lasts (it stops
  early one time in four at each pick), each on a random legal spot.
* `steer`: the scripted defender's action, adjusted: before the start event it goes to the trigger or trap marker
  and works the trigger (ALM-34: Buscar); in a temporal alarm a move that would end outside the hold zone is
  replaced (ALM-37: it would flee); in carry-the-bell each activation opens with a move towards the goal (or the
  mechanism marker, worked when reached: ALM-39) and every other move goes there too.

Every choice is among the engine's legal options; a game without an alarm is never touched."""
from __future__ import annotations

import math

from shapely.geometry import Point

from wartime.ai.candidates import action, end_key, legal_cost, move_towards, offered, path_moves, path_towards
from wartime.core.components import Searchable
from wartime.rules import alarm_flow
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.elements import UseElement
from wartime.rules.flow import Decision, Pending

#: a hero keeps its base centre this far inside the hold zone's edge (ALM-37: a hair outside is fleeing)
HOLD_MARGIN = 0.3


def _plan(gs, p: Pending, pick_offer, pick_spot) -> dict:
    """The 'wave' parameters: offers chosen by `pick_offer(affordable offers, budget left)` (None: stop) while
    the budget lasts, each placed on `pick_spot(legal spots)`; a model with no legal spot left is not bought."""
    budget = alarm_flow.state_of(gs).budget
    buy: list[list] = []
    placed: list[tuple[float, float, float]] = []
    left = budget
    while True:
        affordable = [o for o in p.options if o.cost <= left]
        if not affordable:
            break
        o = pick_offer(affordable, left)
        if o is None:
            break
        spots = alarm_flow.spawn_spots(gs, o.radius, placed)
        if not spots:
            break
        x, y = pick_spot(spots)
        buy.append([o.index, x, y])
        placed.append((x, y, o.radius))
        left -= o.cost
    return {"buy": buy}


def scripted_wave(match, p: Pending) -> Decision:
    """ALM-31, ALM-33: small monsters to outnumber the heroes (the dearest profile within a third of the budget left,
    else the dearest affordable); each model on the legal spot nearest a defender."""
    gs = match.gs
    heroes = [(gs.pos(e).x, gs.pos(e).y) for e in gs.minis() if gs.side(e) == alarm_flow.DEFENDER and gs.able(e)]

    def nearest(spots):
        return min(spots, key=lambda s: (min((math.hypot(s[0] - hx, s[1] - hy) for hx, hy in heroes),
                                             default=0.0), s))

    def offer(offers, left):
        small = [o for o in offers if 3 * o.cost <= left] or offers
        return max(small, key=lambda o: (o.cost, -o.index))

    params = _plan(gs, p, offer, nearest)
    return Decision("wave", p.side, params=params)


def random_wave(gs, p: Pending, pick_index) -> Decision:
    """A legal random wave: `pick_index(n)` draws 0 … n − 1 (the controller's own Dice)."""
    def offer(offers, left):
        return None if pick_index(4) == 0 else offers[pick_index(len(offers))]
    return Decision("wave", p.side, params=_plan(gs, p, offer, lambda spots: spots[pick_index(len(spots))]))


def _end_point(d: Decision):
    path = d.params.get("path") if d.kind == "action" else None
    return tuple(path[-1][:2]) if path else None


def steer(match, p: Pending, d: Decision) -> Decision:
    """The scripted defender's action under an alarm (see the module docstring); unchanged otherwise."""
    gs = match.gs
    s = alarm_flow.setup_of(gs)
    if s is None or p.kind != "action" or p.side != alarm_flow.DEFENDER or gs.psyche(p.actor).panic:
        return d
    st = alarm_flow.state_of(gs)
    target = _marker_goal(gs, s, st)
    if target is not None and not gs.engaged(p.actor):
        return _work_marker(match, p, *target) or d
    if s.hold is not None and st.on:
        end = _end_point(d)
        if end is not None and not s.hold.buffer(-HOLD_MARGIN).contains(Point(end)):
            return _inside_instead(match, p, s.hold.buffer(-HOLD_MARGIN))
        return d
    if s.goal is not None and not gs.engaged(p.actor):
        first = gs.activation(p.actor).actions == 0
        moving = d.action is not None and REGISTRY[d.action].moves and not REGISTRY[d.action].is_attack
        if first or moving or d.action == end_key(p):
            g = s.goal.centroid
            towards = _move_towards(match, p, (g.x, g.y))
            if towards is not None:
                return towards
    return d


def _marker_goal(gs, s, st) -> tuple[str, tuple[float, float]] | None:
    """(element id or '', point) the defender heads for: before the start event the trigger element or the trap
    point (ALM-34); in carry-the-bell with end = 'mechanism', the mechanism element until the end event (ALM-39)."""
    if not alarm_flow.started(gs):
        if s.spec.start == "at_setup":
            return None
        return (s.spec.marker, s.spec.trigger)
    if s.spec.kind == "carry_the_bell" and s.spec.end == "mechanism" and not st.end_met:
        for el in gs.world.query(Searchable):
            m = gs.world.get(el, Searchable)
            if m.id == s.spec.mechanism:
                return (m.id, (m.x, m.y))
    return None


def is_last_turn(match) -> bool:
    """ALM-40: whether this is the game's last turn, read from the state (an alarm set off mid-game or a strident
    alarm moves the end: rules/alarm_flow.last_turn); the scenario's turn limit without an alarm."""
    return match.engine.flow.turn >= alarm_flow.last_turn(match.gs)


def _work_marker(match, p: Pending, element: str, point) -> Decision | None:
    """ALM-34, ALM-39: Buscar (GNA-2) the element, or Usar it (GNA-16) when the scenario declares its use, when the
    engine allows it, else a move towards its point."""
    if element:
        for key in p.options:
            if key in REGISTRY and (REGISTRY[key].rule == "GNA-2" or key == UseElement.key):
                d = action(p, key, element=element)
                if legal_cost(match.engine, d) is not None:
                    return d
    return _move_towards(match, p, point)


def _move_towards(match, p: Pending, goal) -> Decision | None:
    """The longest offered path move towards `goal` the engine accepts (shorter allowances next)."""
    return move_towards(match, p, goal)


def _inside_instead(match, p: Pending, zone) -> Decision:
    """ALM-37: instead of leaving the hold zone: an attack the engine offers, else a move back towards the
    centre (when outside the margin), else the end of the activation."""
    gs, engine = match.gs, match.engine
    for key in offered(p, is_attack=True):
        for opt in engine.legal_options(key):
            end = opt.params.get("path")
            if not end or zone.contains(Point(end[-1][:2])):
                return opt.decision(p.side, p.actor)
    c = zone.centroid
    if not zone.contains(Point(gs.pos(p.actor).x, gs.pos(p.actor).y)):
        d = _move_towards(match, p, (c.x, c.y))
        if d is not None and zone.buffer(HOLD_MARGIN).contains(Point(_end_point(d))):
            return d
    return action(p, end_key(p))
