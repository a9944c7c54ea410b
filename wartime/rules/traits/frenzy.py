"""Frenesí (TRT-FRENZY, issue 12 group A): a melee choice of DMG +2 paid with DEF 0 until the next activation.

The choice is a ``Stance`` of Ataque CaC (its ``stance`` parameter, as Maestro de esgrima's), declared before the
attack's CH IMP (ruling: '1 combate CaC' = one melee attack action); taking it leaves the trait's mark in
``Effects.spent`` (cleared when the character next activates), and while it is there every attack on the
character has DEF 0 (``marked_def_mod``)."""
from __future__ import annotations

from wartime.rules.traits.registry import Stance, register

#: TRT-FRENZY's choice: DMG +2 for this melee attack, then DEF 0 (the mark).
FRENZY = (Stance("frenzy", "TRT-FRENZY", "Frenesí: DMG +2, DEF 0", dmg_plus=2, mark=True),)
#: A ± DEF below any DEF in play: with it the attack's DEF (CMB-3 ruling: the protections' sum plus every ± DEF,
#: minimum 0) is 0 whatever the protections and DEF bonuses.
NO_DEF = -1000


def frenzy(gs, e: int) -> tuple[Stance, ...]:
    """TRT-FRENZY: before each of its melee CH IMP it may take DMG +2 for that attack (a ± term of CMB-4), and then
    has DEF = 0 until the start of its next activation (the melee attack's ``stance`` 'frenzy')."""
    return FRENZY


def frenzy_def(gs, bearer, attacker, target, weapon, ranged) -> int:
    """TRT-FRENZY ruling: DEF = 0 is a fixed DEF (core CMB-3): the CH DEF target is 0 plus its check modifiers
    (cover), nothing is subtracted from DMG, and it overrides the DEF bonuses (every ± DEF of the attack)."""
    return NO_DEF


def frenzy_fixed(gs, e: int) -> bool:
    """TRT-FRENZY ruling: DEF = 0 overrides the DEF bonuses, Sombra's cover DEF (added after the attack's DEF, hook
    ``cover_def``) too, while the frenzy's mark lasts (until its next activation starts)."""
    return "TRT-FRENZY" in gs.effects(e).spent


register("TRT-FRENZY", "Frenesí", {"melee_dmg_stance": frenzy, "marked_def_mod": frenzy_def,
                                   "def_fixed": frenzy_fixed}, kinds=("race",))
