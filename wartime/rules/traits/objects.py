"""Traits of objects (BLD-17: everything an object does comes from its traits), played by the Use action (GNA-16,
rules/actions/objects.py):

* Elixir (TRT-ELIXIR, per level N): a use heals the target N wounds, then the object is removed from the game.
  Ruling: "removes effects such as poison" has nothing to remove (the engine plays no poison), and the target
  must have a wound to heal (WND-1: not beyond its CON; TRT-NO-CURE refuses it).
* Cargas (TRT-CHARGES, the number of uses in brackets, required by the loader): each use spends one; at 0 the object can
  no longer be used (it stays held: it can still be traded, dropped or thrown). An Elixir with Cargas heals once
  per use and is removed with its last one.
* Prueba de agilidad / constitución / inteligencia / voluntad (TRT-AGILITY-TEST, ...): a use needs a passed CH of
  that attribute; on a failure the ENE stays spent and nothing happens (GNA-16's test).
* Neuropsico (TRT-NEUROPSYCHO): each use makes its user take a CH PSI first; a failure fails the use.
* Dañino, Defectuoso, Malvado (TRT-HARMFUL, TRT-DEFECTIVE, TRT-EVIL) are the weapons' handlers (traits/equipment.py),
  asked with the object after each use.

The traits of a bearer (a race trait the catalogue also allows on objects: an aura, a cry, a presence, Afortunado,
Súper vista, ...) work for the character holding the object while it is held and not disabled (``ON_OBJECTS``:
``character_traits`` adds them). Ruling: "the bearer" of such a trait is the holder; an object handed over, looted
or dropped stops giving it to its old holder. Not given by objects: Sin cura (on an object it is about the object,
not its holder), Planeador (flight reads the race's own traits), and every trait not named here (refused when a
game is set up, naming its ID)."""
from __future__ import annotations

from dataclasses import replace

from wartime.core.errors import RuleViolation
from wartime.rules.traits.ammo import charges_left, charges_usable, charges_used  # a weapon's Cargas
from wartime.rules.traits.registry import ON_OBJECTS, ObjectEffect, heal_denied, register, with_trait_arg


# --- Elixir -----------------------------------------------------------------------------------------------------
def elixir_target(gs, e: int, gear, target: int) -> None:
    """TRT-ELIXIR: the target must have a wound it can recover (WND-1: wounds not above CON; TRT-NO-CURE)."""
    n = gs.wounds(target)
    if n == 0:
        raise RuleViolation("TRT-ELIXIR", f"{gs.name(target)} has no wounds to heal")
    if n > gs.attrs(target).CON:
        raise RuleViolation("WND-1", f"{gs.name(target)} has more wounds than CON and cannot be healed")
    denied = heal_denied(gs, target)
    if denied is not None:
        raise RuleViolation(denied, f"{gs.name(target)} cannot recover wounds")


def elixir_effect(gs, e: int, gear, target: int) -> ObjectEffect:
    """TRT-ELIXIR: heals 1 wound per level (N)."""
    return ObjectEffect("TRT-ELIXIR", heal=gear.level("TRT-ELIXIR"))


def elixir_used(gear):
    """TRT-ELIXIR: afterwards it is removed from the game. Ruling: with Cargas (N uses) it is removed when its last
    use is spent (TRT-CHARGES, which the ID order asks first, has already counted this one)."""
    return None if not gear.charges else gear


register("TRT-ELIXIR", "Elixir", {"object_target": elixir_target, "object_effect": elixir_effect,
                                  "object_used": elixir_used}, kinds=("object",))


# --- Cargas -----------------------------------------------------------------------------------------------------
def charge_spent(gear):
    """TRT-CHARGES: one of its uses per game is spent."""
    return replace(gear, charges=max(0, (gear.charges or 0) - 1))


def meta_charge_spent(m):
    """TRT-CHARGES on a metahability: each use (a cast, whatever its result) spends one of its uses per game (the
    count rides in its traits, ``TRT-CHARGES:<left>``, as a weapon's); with none left it cannot be used (hook
    ``weapon_usable``, the weapons' handler)."""
    left = charges_left(m)
    return m if not left else with_trait_arg(m, "TRT-CHARGES", left - 1)


register("TRT-CHARGES", "Cargas", {"object_used": charge_spent, "meta_used": meta_charge_spent,
                                   "weapon_usable": charges_usable,
                                   "weapon_used": charges_used}, kinds=("object", "weapon"), args=True)


# --- Prueba de ... ---------------------------------------------------------------------------------------------
def _test(trait_id: str, attribute: str):
    def use_check(gs, e: int, gear) -> str:
        return attribute
    use_check.__doc__ = f"{trait_id}: using the object needs a passed CH {attribute}."
    return use_check


for _tid, _name, _attr in (("TRT-AGILITY-TEST", "Prueba de agilidad", "AGI"),
                           ("TRT-CONSTITUTION-TEST", "Prueba de constitución", "CON"),
                           ("TRT-INTELLIGENCE-TEST", "Prueba de inteligencia", "INT"),
                           ("TRT-WILLPOWER-TEST", "Prueba de voluntad", "VOL")):
    register(_tid, _name, {"use_check": _test(_tid, _attr)}, kinds=("object",))


# --- Neuropsico ------------------------------------------------------------------------------------------------
def neuropsycho(gs, e: int, gear) -> bool:
    """TRT-NEUROPSYCHO: the user must make a CH PSI every time the object is used. Ruling: rolled after the ENE is
    paid and any Prueba check, before the effect; a failure fails the use (PSI-5: +1 stress, ENE spent)."""
    return True


register("TRT-NEUROPSYCHO", "Neuropsico", {"use_psi": neuropsycho}, kinds=("object",))


# --- Laborioso -------------------------------------------------------------------------------------------------
# Laborioso (TRT-LABORIOUS) is registered once, for weapons, protections and objects, in traits/protections.py.


#: The bearer traits an object gives its holder (see the module docstring), each played on races already.
BEARER_TRAITS = (
    "TRT-AGILITY-NULLIFIER", "TRT-INTELLIGENCE-NULLIFIER", "TRT-WILLPOWER-NULLIFIER", "TRT-PHYSICAL-NULLIFIER",
    "TRT-ARMOURED-AURA", "TRT-AURA-OF-OBSTINACY", "TRT-AURA-OF-STEEL", "TRT-AURA-OF-TALENT", "TRT-AURA-OF-WISDOM",
    "TRT-BANNER", "TRT-BATTLE-CRY", "TRT-CRY-OF-AIM", "TRT-CRY-OF-DARKNESS", "TRT-CRY-OF-FIRE", "TRT-CRY-OF-HATRED",
    "TRT-CRY-OF-ICE", "TRT-CRY-OF-MASTERY", "TRT-DEATH-CRY", "TRT-WAR-CRY",
    "TRT-BREATH-OF-FEAR", "TRT-BREATH-OF-HUNGER", "TRT-BREATH-OF-IMBECILITY", "TRT-BREATH-OF-NUMBNESS",
    "TRT-BREATH-OF-ROT", "TRT-BREATH-OF-WEAKNESS",
    "TRT-PRESENCE-OF-CLARITY", "TRT-PRESENCE-OF-DEXTERITY", "TRT-PRESENCE-OF-HONOUR", "TRT-PRESENCE-OF-PROTECTION",
    "TRT-PRESENCE-OF-STRENGTH",
    "TRT-BURDENED", "TRT-FALL-WITH-STYLE", "TRT-LUCKY", "TRT-SHODDY-MAKE", "TRT-SUPER-SIGHT", "TRT-MIMETIC",
    "TRT-RADIANT",
)
ON_OBJECTS.update(BEARER_TRAITS)
