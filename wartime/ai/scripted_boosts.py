"""The scripted controller's use of the move boosts a charge takes by choice (CBA-12's ``boost`` parameter;
TRT-FIRE-IN-THE-VEINS: +3 K for 1 wound): a
charge that reaches only with a boost is weighed like any other, less what its wounds cost the charger. (The free
engage-again boosts, TRT-THIRST-FOR-BLOOD and TRT-CRY-OF-BLOOD, are in the charge's allowance already.)"""
from __future__ import annotations

from wartime.rules.actions.combat import optional_charge_boosts


def boost_choices(gs, e: int) -> list:
    """None (the plain charge, the free engage-again boosts included) first, then each boost `e`'s charge may take
    by choice (rules.actions.combat.optional_charge_boosts), except one whose wounds would down the charger itself
    (never worth it)."""
    left = gs.attrs(e).CON - gs.wounds(e)
    return [None, *(b for b in optional_charge_boosts(gs, e) if b.wounds < left)]


def boost_price(boost) -> float:
    """What taking `boost` costs the charger in the charge's value (expected wounds dealt + 2 × P(incapacitate)):
    its own wounds count as much as wounds dealt."""
    return float(boost.wounds) if boost is not None else 0.0
