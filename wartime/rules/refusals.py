"""What a controller may skip (issue 20): a key of the pending decision whose every candidate the engine would
refuse whatever its parameters, so that a controller drawing candidates (ai/random_ai.py) keeps its draws and their
order but builds and validates none of them.

* an 'action' decision: the cheapest parameter set cannot be paid (ENE-1, ENE-4, MOV-7: `energy.surely_unaffordable`);
* a 'react' decision in an ordinary reaction window: the action's own requirements that need no parameter refuse
  the reactor (ACT-5: `Action.refusal`, which `validate` asks first, `Action.available`'s contract). The window's
  validation (`ReactionWindows._validate_reaction`) validates a candidate in the state as it stands unless the
  candidate picks a point of the declared path (`at`, REA-4: no engine candidate does) or the reactor turns to
  face the actor by TRT-SPIDER-SENSE first (`windows.sense_turn`: then nothing is answered), and its own checks
  before the action's only refuse more. A mental combat (CBA-19), a question (rules/asking.py) or a duel's
  Desenfundar (CBA-22) validate otherwise: nothing is answered there either.

True is a promise (compared with the full validation at every decision of shipped games,
tests/rules/test_draw_prefilter.py); False says nothing."""
from __future__ import annotations

from wartime.rules import asking, mental
from wartime.rules.actions import REGISTRY
from wartime.rules.energy import surely_unaffordable
from wartime.rules.windows import sense_turn


def refuses_every_candidate(engine, key: str, p) -> bool:
    """ACT-5, ENE-4, REA-3 (see the module docstring): True when the engine refuses every candidate of `key` for the
    pending decision `p` (an 'action' or a 'react' one) whatever its parameters."""
    action = REGISTRY.get(key)
    if action is None or p is None:
        return False
    gs = engine.gs
    if p.kind == "action":
        return surely_unaffordable(gs, p.actor, action)
    if p.kind != "react" or mental.current(gs) is not None or asking.waiting(gs) is not None:
        return False
    f = engine.flow
    w = f.window
    if f.stage != "react" or w is None or not w.queue or w.queue[0] != p.actor:
        return False
    if w.duel is not None and w.duel.ask:
        return False
    if sense_turn(gs, w, p.actor) is not None:
        return False
    # REA-2: or even the cheapest parameter set would take its ENE below −10 (`energy.least_price` bounds the price
    # `_validate_reaction` computes: the same terms)
    return action.refusal(gs, p.actor) is not None or surely_unaffordable(gs, p.actor, action, reaction=True)
