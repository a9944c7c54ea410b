"""The scripted controller's use of device traits (issue 12, group C), chosen among the engine's legal options only:
Marcar con el marcador (TRT-TARGET-DESIGNATOR) on the target of the shot it is about to take, when the mark gives
that shot its CH IMP +1 (``traits.devices.designator_helps``) and it can still afford the shot after the mark's ENE
(the next decision weighs the shot again, with the +1). Inert for a character without a designator: the engine
offers the action only to one that has it."""
from __future__ import annotations

from wartime.ai.candidates import by_rule
from wartime.rules.sequence import Decision, Pending
from wartime.rules.traits.devices import DESIGNATOR, designator_helps, marked_by


def designate_first(match, p: Pending, shot) -> Decision | None:
    """TRT-TARGET-DESIGNATOR: mark the target of `shot` (value, decision, ENE cost) first when it helps; None
    otherwise."""
    key = by_rule(p, DESIGNATOR)
    if key is None or shot is None:
        return None
    gs, e = match.gs, p.actor
    _, d, cost = shot
    t, i = d.params.get("target"), d.params.get("weapon")
    if t is None or not isinstance(i, int) or e in marked_by(gs, t):
        return None
    if not designator_helps(gs, e, gs.weapon(e, i)):
        return None
    for opt in match.engine.legal_options(key, lambda prm: prm.get("target") == t):
        if gs.energy(e) >= opt.cost + cost:
            return opt.decision(p.side, e)
    return None
