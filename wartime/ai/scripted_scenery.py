"""The scripted controller's use of scenery traits (issue 16, group "scenery"), chosen among the engine's legal
options only: Lanzar escenografía (TRT-SUPER-STRENGTH) throws a movable piece it touches at the enemy where the
throw's value (the action's ``utility``: P(CH CON) × the blow's expected wounds + 2 × P(incapacitate), by the engine's
odds, less the failed check's own wound) is positive and at least that of its best shot. Inert for a character
without the trait or on a board without movable pieces: the engine offers the action to neither."""
from __future__ import annotations

from wartime.ai.candidates import by_rule
from wartime.rules.actions import REGISTRY
from wartime.rules.sequence import Decision, Pending

#: the least value a throw must promise (the chance of hurting itself already counted)
MIN_VALUE = 0.25


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
