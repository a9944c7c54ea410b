"""Limbs (issue 12 point 3): A 2 manos (TRT-TWO-HANDED), Miembro extra (TRT-EXTRA-LIMB), Sin miembro
(TRT-MISSING-LIMB).

Ruling (the traits notes: A 2 manos "needs limb tracking (Miembro extra, Sin miembro)"; Sin miembro "the missing
limb is named when bought"): a character has two useful hands; Miembro extra gives it one more, Sin miembro takes
one away (the limb the engine's actions name is a hand: no action of the rules needs a leg the character lacks,
MOV stays the race's). `hands(gs, e)` counts them.

* TRT-TWO-HANDED (weapon): normal use needs two useful hands; with fewer the weapon is used one-handed at CH IMP
  −1 (its ruling: one-handed use is allowed at −1), an ``attack_mod`` of the weapon.
* TRT-MISSING-LIMB (race): an action that needs both hands is Difficult, its check −1 (``action_check_mod``):
  climbing (MVA-10), jumping up and hauling oneself over the edge (MVA-13) and swimming (MVA-11); a two-handed
  weapon's attack is A 2 manos' own −1 (not twice). Miembro extra makes up for the missing hand.
* TRT-EXTRA-LIMB (race): no handler of its own: it is the +1 of `hands`, which lifts both penalties."""
from __future__ import annotations

from wartime.rules.checks import Modifier
from wartime.rules.traits.registry import character_traits, register

#: the hands of a character without limb traits
HANDS = 2
#: the actions (keys) that need both hands: climbing, jumping up, swimming
BOTH_HANDS = frozenset({"climb", "jump_up", "swim"})


def hands(gs, e: int) -> int:
    """The character's useful hands: 2, +1 with Miembro extra, −1 with Sin miembro."""
    carried = character_traits(gs, e)
    return HANDS + ("TRT-EXTRA-LIMB" in carried) - ("TRT-MISSING-LIMB" in carried)


def two_handed(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-TWO-HANDED: attacking with this weapon with fewer than two useful hands, CH IMP −1."""
    if bearer == attacker and hands(gs, attacker) < 2:
        return Modifier("TRT-TWO-HANDED", -1, "A 2 manos with one hand")
    return None


def missing_limb(gs, e: int, key: str, attribute: str | None, kind: str) -> Modifier | None:
    """TRT-MISSING-LIMB: the check of an action that needs both hands −1 (Difficult), unless Miembro extra
    makes up for the missing one."""
    if key in BOTH_HANDS and hands(gs, e) < 2:
        return Modifier("TRT-MISSING-LIMB", -1, "Sin miembro")
    return None


register("TRT-TWO-HANDED", "A 2 manos", {"attack_mod": two_handed}, kinds=("weapon",))
register("TRT-MISSING-LIMB", "Sin miembro", {"action_check_mod": missing_limb}, kinds=("race",))
register("TRT-EXTRA-LIMB", "Miembro extra", kinds=("race",))      # the +1 of `hands`
