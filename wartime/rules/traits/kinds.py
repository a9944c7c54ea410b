"""Traits played on more archetype kinds than their first module fielded them on (issues 12 and 16: "a trait on a
kind it applies to is played as its effect says for that kind"). Each entry extends a registered trait with
``also_on`` (its handlers unchanged) once the rules play it on that kind; where it is played is said here.

* Prueba de agilidad / constitución / inteligencia / voluntad (TRT-AGILITY-TEST, TRT-CONSTITUTION-TEST,
  TRT-INTELLIGENCE-TEST, TRT-WILLPOWER-TEST) and Neuropsico (TRT-NEUROPSYCHO) on a protection: its use is
  protecting, so each CH DEF of its wearer first asks the checks; a failure leaves its DEF out of that CH DEF
  (rules.item_use.protection_def_lost, from rules.combat.resolve_hit).
* The four Prueba de ... on a transport: each movement action of its driver aboard (and Embestir) first asks the
  check; a failure fails the action, its ENE spent (rules.item_use.drive_passes, from the action pipeline).
  Neuropsico does not apply to transports (the catalogue's applies_to).
* Runas de combate / de rechazo / de protección (TRT-COMBAT-RUNES, TRT-REJECTION-RUNES, TRT-PROTECTION-RUNES) on an
  object: G10, a passive effect of an object works while it is carried, so the holder has them as on its race
  (``ON_OBJECTS``: while held and not disabled, WND-4; traits/weapons_more.py plays them).
* Runas de combate on a weapon: G10, a weapon's trait works for the actions using it: the only opposed CH VOL of
  an action with a weapon is the shooter's against a Manipulador target (TRT-MANIPULATOR, rules.combat.contest_mods),
  which takes +1 (``weapon_opposed_mods``).
* Levitador (TRT-LEVITATOR) on an object: held (and not disabled), its holder floats as a levitating race does
  (G10: an object's passive effect while carried; ``ON_OBJECTS``; traits/vehicles.py plays it).
* Inflamable (TRT-FLAMMABLE) on an object: the ruling's 'muere' is the bearer dying (the item with it) or the item
  destroyed; held, it explodes as a flammable race does when an attack kills its holder (the killing attack's DMG
  halved, R of that: traits/substances.py; ``ON_OBJECTS``); destroyed apart from its holder (WND-5: a possessor's
  wounds, CBA-21) it explodes in its holder's hands, the blow's DMG halved (hook ``item_blast``), as a flammable
  weapon destroyed does with its own DMG. An object has no CH IMP to fumble (its use's fumble does not explode).

Played in the trait's own module (each registration names the new kind): Maleficio on a weapon (TRT-HEX, a hit's
lasting malus: traits/metahabilities.py), Explota on a race (TRT-EXPLODES, hook ``death_explosion``:
traits/vehicles.py), Requiere on a weapon or a metahability (TRT-REQUIRES: traits/protections.py) and Meta visión on
a metahability (TRT-META-VISION, its casts' line of sight: traits/vehicles.py)."""
from __future__ import annotations

from wartime.rules.traits.registry import ON_OBJECTS, _of, also_on

#: the use traits (rules.item_use): a check before each use of the item
USE_TESTS = ("TRT-AGILITY-TEST", "TRT-CONSTITUTION-TEST", "TRT-INTELLIGENCE-TEST", "TRT-WILLPOWER-TEST")

for _tid in USE_TESTS:
    also_on(_tid, "protection", "transport")
also_on("TRT-NEUROPSYCHO", "protection")

#: the runes a held object gives its holder (G10: an object's passive effects work while it is carried)
RUNES = ("TRT-COMBAT-RUNES", "TRT-PROTECTION-RUNES", "TRT-REJECTION-RUNES")
ON_OBJECTS.update(RUNES)
ON_OBJECTS.add("TRT-LEVITATOR")                # a levitation belt: its holder floats
ON_OBJECTS.add("TRT-FLAMMABLE")                # a fuel can: it explodes when its holder is killed

also_on("TRT-COMBAT-RUNES", "weapon")


def weapon_opposed_mods(gs, e: int, weapon, attribute: str) -> list:
    """``opposed_check_mod`` of the traits of the weapon `e` acts with: its opposed checks of `attribute` in that
    action (TRT-COMBAT-RUNES on a weapon: CH VOL ENF +1). Empty without a weapon or such a trait."""
    if weapon is None:
        return []
    return [m for _, h in _of("opposed_check_mod", getattr(weapon, "traits", ())) if (m := h(gs, e, attribute))]
