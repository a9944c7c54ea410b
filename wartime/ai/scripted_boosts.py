"""The scripted controller's use of the move boosts traits offer a charge (CBA-12's ``boost`` parameter;
TRT-FIRE-IN-THE-VEINS: +3 K for 1 wound, TRT-CRY-OF-BLOOD and TRT-THIRST-FOR-BLOOD: +2 K after a melee kill): a
charge that reaches only with a boost is weighed like any other, less what its wounds cost the charger."""
from __future__ import annotations

from wartime.rules import traits


def charge_boosts(gs, e: int, key: str) -> list:
    """None (the plain charge) first, then each boost a trait offers `e`'s charge `key` (hook move_boost), except a
    boost whose wounds would down the charger itself (never worth it)."""
    left = gs.attrs(e).CON - gs.wounds(e)
    return [None, *(b for b in traits.move_boosts(gs, e, key) if b.wounds < left)]


def boost_price(boost) -> float:
    """What taking `boost` costs the charger in the charge's value (expected wounds dealt + 2 × P(incapacitate)):
    its own wounds count as much as wounds dealt."""
    return float(boost.wounds) if boost is not None else 0.0
