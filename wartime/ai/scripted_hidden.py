"""The scripted AI against hidden enemies (GNA-9, GNA-12).

A hidden enemy may be acted on only once discovered: one free CH INT ENF per enemy per activation (GNA-9 ruling 2,
ScriptedController._discover), Percibir (GNA-12, ruling 4), or seeing it 50 % covered or less (ruling 1). A
fighter that failed its roll used to stand 3 K from the enemy it could not charge, turn after turn, and drew games
at the turn limit: here it looks for it once with Percibir, then walks round it to a spot from which it sees it
exposed (and can still charge it: CBA-12 needs 2 K of path), or heads for an enemy it may act on."""
from __future__ import annotations

import math

from wartime.ai.candidates import action, at_spot, by_rule, legal_cost, path_moves, path_towards
from wartime.rules import hiding
from wartime.rules.actions.flight import previous_action
from wartime.rules.actions import REGISTRY
from wartime.rules.sequence import Decision, Pending

#: distances from the hidden enemy's centre tried when walking round it (K), and the bearings (degrees)
FLANK_RADII = (2.8, 3.6)
FLANK_BEARINGS = tuple(range(0, 360, 30))


def failed_on(gs, e: int) -> list[int]:
    """The hidden enemies `e` already failed to discover in this activation (GNA-9 ruling 2), nearest first."""
    return sorted((t for t in gs.enemies(e) if hiding.hidden(gs, t) and hiding.tried(gs, e, t)),
                  key=lambda t: (gs.distance(e, t), t))


def open_enemy(gs, e: int) -> int | None:
    """The nearest enemy `e` may act on in this activation (not a hidden one it failed to discover)."""
    shut = set(failed_on(gs, e))
    return min((t for t in gs.enemies(e) if t not in shut), key=lambda t: (gs.distance(e, t), t), default=None)


def perceive(match, p: Pending) -> Decision | None:
    """GNA-12: once per activation, Percibir (ENE 2, CH INT) when a hidden enemy this character failed to discover
    stands within INT K, with ENE left to attack it afterwards."""
    gs, engine = match.gs, match.engine
    e = p.actor
    key = by_rule(p, "GNA-12")
    if key is None or gs.energy(e) < 5:
        return None
    prev = REGISTRY.get(previous_action(gs, e) or "")
    if prev is not None and prev.rule == "GNA-12":
        return None
    reach = float(gs.attrs(e).INT)
    if not any(gs.distance(e, t) <= reach for t in failed_on(gs, e)):
        return None
    d = action(p, key)
    return d if legal_cost(engine, d) is not None else None


def _exposed_from(gs, e: int, t: int, spot: tuple[float, float]) -> bool:
    """GNA-9 ruling (1): from `spot`, `e` would see `t` 50 % covered or less (a trial move, undone exactly)."""
    return at_spot(gs, e, spot, lambda: hiding.sees_exposed(gs, e, t))


def flank(match, p: Pending) -> Decision | None:
    """GNA-9 ruling (1): the nearest hidden enemy this character failed to discover, within a move: the shortest
    plain move (MVA-1, else the next path move) to a spot 2.8-3.6 K from it that sees it exposed, keeping ENE for
    a charge (2) after it."""
    gs, engine = match.gs, match.engine
    e = p.actor
    targets = [t for t in failed_on(gs, e) if gs.distance(e, t) <= gs.mov(e) + 4.0]
    moves = path_moves(gs, p)
    if not targets or not moves:
        return None
    t = targets[0]
    pe, pt = gs.pos(e), gs.pos(t)
    spots = [(pt.x + r * math.cos(math.radians(b)), pt.y + r * math.sin(math.radians(b)))
             for r in FLANK_RADII for b in FLANK_BEARINGS]
    for key, allowance in moves:
        best = None              # ((length, index), decision): the shortest, the first of equals
        for bound, n, spot in _nearest_first(pe, spots, allowance):
            if best is not None and bound > best[0][0]:
                break                               # no spot left can end nearer than the best
            path = path_towards(gs, e, spot, allowance)
            if not path or math.hypot(path[-1][0] - spot[0], path[-1][1] - spot[1]) > FLANK_NEAR:
                continue
            end = (path[-1][0], path[-1][1])
            length = math.hypot(end[0] - pe.x, end[1] - pe.y)
            if best is not None and (length, n) >= best[0]:
                continue
            if not _exposed_from(gs, e, t, end):
                continue
            d = action(p, key, path=path)
            cost = legal_cost(engine, d)
            if cost is not None and cost + 2 <= gs.energy(e):
                best = ((length, n), d)
        if best is not None:
            return best[1]
    return None


#: how near a flanking path must end to its spot (K)
FLANK_NEAR = 0.3
#: slack on the bounds below for 4-decimal rounding of path points and float error (far more than either)
BOUND_SLACK = 1e-3


def _nearest_first(pe, spots, allowance: float):
    """(bound, index, spot) of the flanking spots a path of `allowance` K from `pe` may end within FLANK_NEAR of,
    by the least length such a path's end can have (the triangle inequality: |spot − pe| − FLANK_NEAR), least
    first, then in `spots` order. `flank` picks the shortest acceptable end, the first of equals: trying spots in
    this order and stopping once the bound passes the best found picks the same spot while planning fewer paths
    (issue 20). A spot farther than allowance + FLANK_NEAR cannot be reached by a path of `allowance` K."""
    out = []
    for n, spot in enumerate(spots):
        far = math.hypot(spot[0] - pe.x, spot[1] - pe.y)
        if far <= allowance + FLANK_NEAR + BOUND_SLACK:
            out.append((far - FLANK_NEAR - BOUND_SLACK, n, spot))
    return sorted(out)
