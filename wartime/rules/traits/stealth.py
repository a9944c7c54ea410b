"""Traits that hide their bearer: TRT-MIMETIC (Mimético). (TRT-INVISIBLE is tier 3: refused when a list is
validated.)"""
from __future__ import annotations

from wartime.core.components import Mimetic
from wartime.rules.checks import Modifier
from wartime.rules.traits.registry import register
from wartime.rules.traits.vehicles import sees_hidden

#: TRT-MIMETIC: the action that switches it on or off (rules/actions/trait_actions.py).
SWITCH_MIMETIC = "switch_mimetic"


def mimetic_grants(gs, e: int) -> tuple[str, ...]:
    """TRT-MIMETIC: switching it on or off is an action at ENE 1 (rules/actions/trait_actions.py)."""
    return (SWITCH_MIMETIC,)


def mimetic_own_imp(gs, e: int, attribute: str, kind: str) -> Modifier | None:
    """TRT-MIMETIC: while it is on, the bearer's own CH IMP −3."""
    if kind == "IMP" and gs.world.has(e, Mimetic):
        return Modifier("TRT-MIMETIC", -3, "Mimético")
    return None


def mimetic_attackers(gs, bearer: int, attacker: int, target: int, weapon, ranged: bool) -> Modifier | None:
    """TRT-MIMETIC: while it is on, any enemy attacking the bearer has CH IMP −3 (at range and in melee, G4),
    unless the attacker sees through it (hook ``sees_hidden``: TRT-RADAR, TRT-META-VISION)."""
    if bearer == target and gs.world.has(target, Mimetic) and sees_hidden(gs, attacker) is None:
        return Modifier("TRT-MIMETIC", -3, "target mimetic")
    return None


def mimetic_arrival(gs, e: int) -> bool:
    """TRT-MIMETIC: a move made with it on arrives mimetic, which allows Ataque sorpresa (CBA-11)."""
    return gs.world.has(e, Mimetic)


register("TRT-MIMETIC", "Mimético", {"grants_action": mimetic_grants, "check_mod": mimetic_own_imp,
                                     "attack_mod": mimetic_attackers, "covert_arrival": mimetic_arrival},
         kinds=("race",))
