"""Fire modes a weapon trait offers per attack (hook point ``fire_mode``; the engine offers Ataque a distancia with
and without each, as its ``mode`` parameter, so players, the AI and the window all see the choice): Fuego pesado
(TRT-HEAVY-FIRE) and Fuego a larga (TRT-LONG-RANGE-FIRE). Modes are played on the plain Ataque a distancia (CBA-1)
of a single-target weapon; an area weapon's mode is refused (NotImplementedRule)."""
from __future__ import annotations

from fractions import Fraction

from wartime.rules.traits.registry import FireMode, register

HEAVY_FIRE = FireMode("TRT-HEAVY-FIRE", "Fuego pesado", ene_plus=3, dmg_plus=3)
LONG_RANGE_FIRE = FireMode("TRT-LONG-RANGE-FIRE", "Fuego a larga", ene_factor=2, rng_factor=Fraction(2))


def heavy_fire(weapon) -> FireMode:
    """TRT-HEAVY-FIRE ruling: an optional fire mode chosen per attack: ENE +3 and DMG +3 (a ± term of CMB-4)."""
    return HEAVY_FIRE


def long_range_fire(weapon) -> FireMode:
    """TRT-LONG-RANGE-FIRE ruling: chosen per attack: RNG ×2 (of the RNG in play, after the additions; not capped
    by 5 × DMG) at ENE ×2 (after the ENE ± terms, before caps such as Rambo)."""
    return LONG_RANGE_FIRE


register("TRT-HEAVY-FIRE", "Fuego pesado", {"fire_mode": heavy_fire}, kinds=("weapon",))
register("TRT-LONG-RANGE-FIRE", "Fuego a larga", {"fire_mode": long_range_fire}, kinds=("weapon",))
