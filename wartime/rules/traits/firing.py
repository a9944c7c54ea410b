"""Attack modes a weapon trait offers per attack (hook point ``fire_mode``; the engine offers the attack with and
without each, as its ``mode`` parameter, so players, the AI and the window all see the choice): the fire modes
Fuego pesado (TRT-HEAVY-FIRE) and Fuego a larga (TRT-LONG-RANGE-FIRE), played on the plain Ataque a distancia
(CBA-1) of a single-target weapon (an area weapon's mode is refused, NotImplementedRule); the melee mode Empuñadura
larga (TRT-LONG-GRIP) on Ataque CaC (CBA-7, CBA-8)."""
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


# --- Empuñadura larga: a melee mode ------------------------------------------------------------------------------
LONG_GRIP = FireMode("TRT-LONG-GRIP", "Empuñadura larga", dmg_plus=1, melee=True, mark=True)


def long_grip(weapon) -> FireMode:
    """TRT-LONG-GRIP ruling: chosen before the CH IMP of a melee attack with this weapon: DMG +1 (a ± term of
    CMB-4), and its wielder has DEF −1 until the start of its next activation (the mark in Effects.spent)."""
    return LONG_GRIP


def long_grip_def(gs, bearer, attacker, target, weapon, ranged) -> int:
    """TRT-LONG-GRIP: DEF −1 (CH DEF target and DEF subtracted, CMB-3 ruling) of attacks on a wielder that took
    the long grip since the start of its activation."""
    return -1


register("TRT-LONG-GRIP", "Empuñadura larga", {"melee_mode": long_grip, "marked_def_mod": long_grip_def},
         kinds=("weapon",))
