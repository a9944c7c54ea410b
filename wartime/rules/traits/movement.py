"""Traits on movement (mov_mod): allowances (move_allowance) and movement actions a trait forbids
(movement_restriction): TRT-FAST (Rápido), TRT-BERSERKER (Berserker), TRT-BURDENED (Lastrado),
TRT-VERY-SHORT-LEGS (Piernas muy cortas, with its melee CH IMP −1); and the terrain class (terrain_class):
TRT-LIMPING (Cojitranco), TRT-HEAVY-EQUIPMENT (Equipo pesado); and falls: TRT-FALL-WITH-STYLE (Caer con
estilo)."""
from __future__ import annotations

from wartime.core.errors import RuleViolation
from wartime.rules.checks import Modifier
from wartime.rules.traits.registry import register


def fast(gs, e: int, key: str) -> float | None:
    """TRT-FAST: Correr and Esprintar move +1 K."""
    return 1.0 if key in ("run", "sprint") else None


def berserker(gs, e: int, key: str) -> float | None:
    """TRT-BERSERKER: charge distance +2 K (only useful when it reaches melee: a charge must end in contact)."""
    return 2.0 if key == "charge" else None


def burdened(gs, e: int, key: str) -> None:
    """TRT-BURDENED: it cannot run (Correr) or sprint (Esprintar)."""
    if key in ("run", "sprint"):
        raise RuleViolation("TRT-BURDENED", f"{gs.name(e)} is burdened (Lastrado): it cannot run or sprint")


def very_short_legs(gs, e: int, key: str) -> None:
    """TRT-VERY-SHORT-LEGS: it cannot sprint (Esprintar)."""
    if key == "sprint":
        raise RuleViolation("TRT-VERY-SHORT-LEGS", f"{gs.name(e)} has very short legs (Piernas muy cortas): "
                            "it cannot sprint")


def very_short_legs_melee(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-VERY-SHORT-LEGS: its CH IMP −1 in melee."""
    if bearer == attacker and not ranged:
        return Modifier("TRT-VERY-SHORT-LEGS", -1, "Piernas muy cortas")
    return None


register("TRT-FAST", "Rápido", {"move_allowance": fast}, kinds=("race",))
register("TRT-BERSERKER", "Berserker", {"move_allowance": berserker}, kinds=("race",))
register("TRT-BURDENED", "Lastrado", {"movement_restriction": burdened}, kinds=("race",))
register("TRT-VERY-SHORT-LEGS", "Piernas muy cortas", {"movement_restriction": very_short_legs,
                                                       "attack_mod": very_short_legs_melee}, kinds=("race",))


#: MOV-7's worst terrain class: extreme (ENE +2)
EXTREME = 2


def limping(gs, e: int, surcharge: int) -> int:
    """TRT-LIMPING: terrain counts one level more difficult (its ruling): easy as difficult (ENE +1), difficult as
    extreme (ENE +2), extreme stays extreme; after any minimum its state or load sets (crouched, carrying)."""
    return min(EXTREME, surcharge + 1)


register("TRT-LIMPING", "Cojitranco", {"terrain_class": limping}, kinds=("race",))


#: TRT-HEAVY-EQUIPMENT: the highest CON it slows down
HEAVY_EQUIPMENT_CON = 4


def heavy_equipment(gs, e: int, surcharge: int) -> int:
    """TRT-HEAVY-EQUIPMENT (on a weapon it carries): with CON 4 or less the character moves as in difficult
    terrain (its ruling: easy counts as difficult, harder terrain unchanged); a minimum, before TRT-LIMPING."""
    return max(1, surcharge) if gs.attrs(e).CON <= HEAVY_EQUIPMENT_CON else surcharge


def fall_with_style(gs, e: int, dmg: int) -> int:
    """TRT-FALL-WITH-STYLE: it takes no damage when falling from a height (DMG 0: no hit, MVA-9)."""
    return 0


register("TRT-HEAVY-EQUIPMENT", "Equipo pesado", {"terrain_class": heavy_equipment}, kinds=("weapon",))
register("TRT-FALL-WITH-STYLE", "Caer con estilo", {"fall_damage": fall_with_style}, kinds=("race",))
