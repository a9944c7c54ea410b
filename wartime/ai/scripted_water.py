"""The scripted controller's use of a swim's depth (TRT-FISH, MOV-10 level −1), chosen among what the engine offers:
Nadar's ``depth`` choice (the action's `offered_choices`) and the legality of each swim (`legal_cost`). A fish whose
swim towards the enemy would end where enemy guns see it (the controller's exposure) dives at the end of it;
under the water it swims on towards the enemy, staying under while the way is in the water and the enemy more than
its MOV + 2 K away, and comes up (to charge or shoot next) otherwise, or where it is when no swim on is legal.
Inert for a character the engine offers no depth to (no trait to stay under the water)."""
from __future__ import annotations

import math

from wartime.ai.candidates import action, by_rule, legal_cost
from wartime.rules.actions import REGISTRY
from wartime.rules.sequence import Decision, Pending


def depths(match, p: Pending) -> tuple:
    """The depths the engine offers the actor's swim now (() without a swim or a way under the water)."""
    swim = by_rule(p, "MVA-11")
    if swim is None:
        return ()
    return tuple(v for v in REGISTRY[swim].offered_choices(match.gs, p.actor).get("depth", ()) if v is not None)


def dive_instead(match, p: Pending, d: Decision, exposure) -> Decision:
    """TRT-FISH: the same swim ending under the water when its end is exposed (`exposure(spot) > 0`) and the engine
    allows it; `d` otherwise."""
    if "underwater" not in depths(match, p) or exposure(tuple(d.params["path"][-1])) <= 0.0:
        return d
    under = action(p, d.action, path=d.params["path"], depth="underwater")
    return under if legal_cost(match.engine, under) is not None else d


def swim_under(match, p: Pending, enemy: int) -> Decision | None:
    """TRT-FISH under the water: a swim of MOV K straight towards the enemy, staying under while it can and the
    enemy is more than MOV + 2 K from its end, else coming up (shorter swims, then where it is)."""
    gs, engine = match.gs, match.engine
    e = p.actor
    swim = by_rule(p, "MVA-11")
    if swim is None or gs.pos(e).level != -1 or "surface" not in depths(match, p):
        return None
    pe, pt = gs.pos(e), gs.pos(enemy)
    dist = math.hypot(pt.x - pe.x, pt.y - pe.y) or 1.0
    ux, uy = (pt.x - pe.x) / dist, (pt.y - pe.y) / dist
    mov = float(gs.mov(e))
    for s in (mov, mov * 0.75, mov * 0.5, mov * 0.25, 0.0):
        s = min(s, max(0.0, dist - gs.body(e).radius - gs.body(enemy).radius - 0.05))
        path = [[round(pe.x + ux * s, 4), round(pe.y + uy * s, 4)]]
        far = dist - s > mov + 2.0
        for depth in ((None, "surface") if far else ("surface",)):
            d = action(p, swim, path=path) if depth is None else action(p, swim, path=path, depth=depth)
            if legal_cost(engine, d) is not None:
                return d
    return None
