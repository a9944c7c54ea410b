"""The checks a use of an item asks of its user (BLD-9's "to use it" traits): Prueba de agilidad / constitución /
inteligencia / voluntad (hook ``use_check``: a passed CH of that attribute) and Neuropsico (hook ``use_psi``: a CH
PSI, PSI-5). Shared by Usar an object (GNA-16), a metahability (MET-2) and an attack with a weapon (the action
pipeline): each asks them after the ENE is paid and before the item does anything; a failure fails the use (the ENE
stays spent)."""
from __future__ import annotations

from wartime.rules import traits
from wartime.rules.modifiers import roll_character_check
from wartime.rules.psychology import psi_check
from wartime.rules.state import GameState


def use_passes(gs: GameState, ctx, e: int, item, rule: str, label: str) -> bool:
    """TRT-AGILITY-TEST, TRT-CONSTITUTION-TEST, TRT-INTELLIGENCE-TEST, TRT-WILLPOWER-TEST: each CH ATR the item's
    traits ask (the check event names `rule`, the use's own rule); TRT-NEUROPSYCHO: then a CH PSI per trait that
    asks one (PSI-5: a failure is +1 stress). False as soon as one fails (ctx.failed for a CH PSI)."""
    for _, attribute in traits.use_checks(gs, e, item):
        r = roll_character_check(gs, ctx, e, "ATR", attribute, rule, label)
        if not r.passed or (ctx is not None and ctx.failed):
            return False
    for trait, _ in traits.use_psis(gs, e, item):
        psi_check(gs, ctx, e, source=None, reason=f"using {item.name}", rule=trait)
        if ctx is not None and ctx.failed:
            return False
    return True


def attack_weapon(gs: GameState, e: int, params: dict):
    """The weapon an attack's parameters name (its `weapon` index among the character's weapons), or None."""
    i = params.get("weapon")
    if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(gs.equipment(e).weapons):
        return gs.weapon(e, i)
    return None
