"""Energy (ENE-1..4, REA-2)."""
from __future__ import annotations

ENERGY_CAP = 10
REACTION_FLOOR = -10


def activation_energy(con: int, agi: int, wounds: int, current: int) -> int:
    """ENE-3: at the start of an activation add CON + AGI − wounds, capped at 10 (a value already above
    10 from a bonus is kept: no gain, no loss). Negative energy left by reactions is added to first."""
    if current > ENERGY_CAP:
        return current
    return min(ENERGY_CAP, current + con + agi - wounds)


def can_pay(current: int, cost: int, *, reaction: bool = False) -> bool:
    """ENE-4: in its own activation an action costs at most the current ENE (never below 0);
    REA-2: a reaction may take ENE down to −10."""
    floor = REACTION_FLOOR if reaction else 0
    return current - cost >= floor


def action_cost(base: int, surcharge: int = 0, *, free: bool = False) -> int:
    """ENE-1: every action costs at least 1 ENE (cost reductions cannot go below 1), except the printed
    zero-cost cases (free turning, MOV-5; the CMB-15 follow-up, which is not an action)."""
    if free:
        return 0
    return max(1, base + surcharge)
