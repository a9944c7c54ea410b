"""Traits that change what an action costs (ene_mod, ene_cap; G5 ENE: the cost ± terms, then caps, minimum 1)
and a weapon's range (rng_plus, rng_factor; BLD-14 / G5 RNG: (RNG + additions) × factors, rounded once)."""
from __future__ import annotations

from fractions import Fraction

from wartime.rules.traits.registry import register


def bloodless(gs, bearer, actor, action, weapon, target) -> int | None:
    """TRT-BLOODLESS: every weapon costs it ENE +1 to use."""
    return 1 if bearer == actor and weapon is not None else None


def master_butcher(gs, bearer, actor, action, weapon, target) -> int | None:
    """TRT-MASTER-BUTCHER: weapons whose CH IMP is made with AGI (every physical weapon: metahabilities are not
    weapons here) cost it ENE −1 to use, minimum 1 (ENE-1)."""
    return -1 if bearer == actor and weapon is not None else None


def rambo(gs, bearer, actor, action, weapon, target) -> int | None:
    """TRT-RAMBO: any weapon it uses costs at most ENE 4 (a cap on the final cost, after every ± term)."""
    return 4 if bearer == actor and weapon is not None else None


def slow(gs, bearer, actor, action, weapon, target) -> int | None:
    """TRT-SLOW: its movement actions cost ENE +1."""
    return 1 if bearer == actor and getattr(action, "category", "") == "movement" else None


def lord_of_freezing(gs, bearer, actor, action, weapon, target) -> int | None:
    """TRT-LORD-OF-FREEZING ruling: each enemy action aimed at it (melee or at range) costs ENE +2."""
    return 2 if bearer == target and bearer != actor and gs.side(actor) != gs.side(bearer) else None


def silent_mover(gs, bearer, actor, action, weapon, target) -> int | None:
    """TRT-SILENT-MOVER: Mover sin hacer ruido (MVA-7) costs it the same ENE as Mover: 1 instead of 2 (a ± term;
    the terrain's extra ENE still applies). Its noise_rule part is MVA-7's own: that move makes no noise."""
    return -1 if bearer == actor and getattr(action, "key", "") == "move_silently" else None


def more_range(weapon) -> int:
    """TRT-MORE-RANGE: RNG +5 K (added before any factor; may exceed the 5 × DMG cap)."""
    return 5


def much_more_range(weapon) -> int:
    """TRT-MUCH-MORE-RANGE: RNG +10 K (added before any factor)."""
    return 10


def self_propelled(weapon) -> Fraction:
    """TRT-SELF-PROPELLED-AMMO: RNG ×2 (a factor applied after the additions)."""
    return Fraction(2)


register("TRT-BLOODLESS", "Sin sangre", {"ene_mod": bloodless}, kinds=("race",))
register("TRT-MASTER-BUTCHER", "Maestro carnicero", {"ene_mod": master_butcher}, kinds=("race",))
register("TRT-RAMBO", "Rambo", {"ene_cap": rambo}, kinds=("race",))
register("TRT-SLOW", "Lento", {"ene_mod": slow}, kinds=("race",))
register("TRT-SILENT-MOVER", "Silencioso", {"ene_mod": silent_mover}, kinds=("race",))
register("TRT-LORD-OF-FREEZING", "Señor de la congelación", {"ene_mod": lord_of_freezing}, kinds=("race",))
register("TRT-MORE-RANGE", "Más alcance", {"rng_plus": more_range}, kinds=("weapon", "object", "metahability"))
register("TRT-MUCH-MORE-RANGE", "Mucho más alcance", {"rng_plus": much_more_range},
         kinds=("weapon", "object", "metahability"))
register("TRT-SELF-PROPELLED-AMMO", "Munición autopropulsada", {"rng_factor": self_propelled}, kinds=("weapon",))
