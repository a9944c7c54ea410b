"""Psychological maluses (PSI-8 gives them in play; a race may carry them): TRT-VERY-FEARFUL (Muy miedoso),
TRT-INSANE (Loco), TRT-COWARD (Cobarde), TRT-CHICKEN (Gallina)."""
from __future__ import annotations

from wartime.core.errors import RuleViolation
from wartime.rules.checks import Modifier
from wartime.rules.traits.registry import PsiCheck, register


def very_fearful(gs, e: int, attribute: str, kind: str) -> Modifier | None:
    """TRT-VERY-FEARFUL: CH VOL −1 (ruling: CH PSI and CH LOC too, both made with VOL)."""
    return Modifier("TRT-VERY-FEARFUL", -1, "Muy miedoso") if attribute == "VOL" else None


def insane(gs, e: int, attribute: str, kind: str) -> Modifier | None:
    """TRT-INSANE: CH LOC −1."""
    return Modifier("TRT-INSANE", -1, "Loco") if kind == "LOC" else None


def coward(gs, e: int) -> PsiCheck:
    """TRT-COWARD: a CH PSI for each attack it declares, after its ENE is paid and before the CH IMP; a failure
    fails the attack (PSI-5), its ENE spent."""
    return PsiCheck("Cobarde attacks", "TRT-COWARD")


def melee_outnumbered(gs, e: int) -> bool:
    """Its side has fewer able characters than the enemy in its melee group (TRT-CHICKEN)."""
    group = gs.melee_group(e)
    mine = sum(1 for m in group if gs.side(m) == gs.side(e) and gs.able(m))
    return len([m for m in group if gs.side(m) != gs.side(e) and gs.able(m)]) > mine


def chicken(gs, e: int, key: str) -> None:
    """TRT-CHICKEN: engaged in a melee its side is losing, it must disengage (Destrabarse) or end its
    activation; any other action is refused."""
    if key not in ("disengage", "end") and gs.engaged(e) and melee_outnumbered(gs, e):
        raise RuleViolation("TRT-CHICKEN", f"{gs.name(e)} (Gallina) must disengage from a melee its "
                            "side is losing")


register("TRT-VERY-FEARFUL", "Muy miedoso", {"check_mod": very_fearful})
register("TRT-INSANE", "Loco", {"check_mod": insane})
register("TRT-COWARD", "Cobarde", {"before_attack": coward})
register("TRT-CHICKEN", "Gallina", {"action_restriction": chicken})
