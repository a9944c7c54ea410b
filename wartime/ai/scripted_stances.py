"""The scripted controller's price of a melee choice that leaves a mark lowering the attacker's DEF until its next
activation (``Stance.mark``; TRT-FRENZY: DMG +2, then DEF 0): the choice is weighed like any other melee attack,
less the wounds the DEF it gives up is likely to cost it before it acts again. A choice without a mark costs nothing
(TRT-FENCING-MASTER), so characters without such a trait are played as before."""
from __future__ import annotations

from wartime.rules import traits

#: The chance an enemy blow lands, for the price of the DEF given up (a CH IMP around AGI 5, ~50 %).
P_BLOW = 0.5


def stance_price(gs, e: int, stance) -> float:
    """What taking `stance` costs `e` in the value of its melee attack (expected wounds dealt + 2 × P(incapacitate)):
    none without a mark or one already taken this activation; else the DEF the mark takes away (its
    ``marked_def_mod``, the attack's DEF minimum 0) times the able enemies engaged with it, each landing one blow
    with P_BLOW before `e` acts again (each point of DEF is a wound more on a hit)."""
    if stance is None or not stance.mark or stance.rule in gs.effects(e).spent:
        return 0.0
    own = gs.total_def(e)
    plus = sum(h(gs, e, None, e, None, False) or 0 for t, h in traits.handlers("marked_def_mod") if t == stance.rule)
    lost = own - max(0, own + plus)
    foes = sum(1 for o in gs.engaged_enemies(e) if gs.able(o))
    return float(lost * foes) * P_BLOW
