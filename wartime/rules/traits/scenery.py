"""Traits of darkness and scenery (issue 12 / issue 16, group "scenery"): TRT-LIGHT (Luz), TRT-DARKNESS-FIELD
(Campo de oscuridad) and TRT-SUPER-STRENGTH (Súper fuerza: the action Lanzar escenografía,
rules/actions/scenery_throw.py, throws a scenario's movable pieces, rules/scenery_objects.py). TRT-RADAR and TRT-SUPER-SENSES see in the dark too (their modules register ``dark_sight``).

* Luz (TRT-LIGHT), on a race or held on an object: "it sees and is seen in darkness". Ruling: the bearer ignores
  darkness for its own line of sight (hook ``dark_sight``: darkness on its line of fire gives its ranged attacks
  no CH IMP −2) and enemies see it in darkness as if lit (hook ``lit``: their ranged attacks on it get none).
  Darkness is the project's board feature (a scenario's ``night = true`` or ``[[dark]]`` areas; rules/darkness.py,
  docs/darkness.md).
* Campo de oscuridad (TRT-DARKNESS-FIELD), on a race, levels 1 to 5: "A 2 K/N se perderán los objetivos marcados.
  Si explota, anula tantos niveles de escudo de energía y a tantos K como nivel". Ruling: the marks on minis within
  2 × N K of an able bearer (Marcador de objetivos' ``Designated``, TRT-TARGET-DESIGNATOR: the only mark the engine
  keeps) give nothing while they are there (no CH IMP +1), cannot be placed there (Marcar con el marcador is
  refused) and are removed at the end and at the start of every activation (a ``marks_lost`` event); 'explodes' =
  the bearer dies, killed by an attack (``registry.got_wounded``) or by wounds of no attack (a fumble's, a poison's,
  a burn's: ``registry.died_of_no_attack`` from rules.wounds.apply_wounds): every mini within N K of it, friend or
  foe, loses up to N levels of energy shield in all: Escudo de energía (TRT-ENERGY-SHIELD) first, then Escudo de
  energía avanzado (TRT-ADVANCED-ENERGY-SHIELD: "como escudo de energía", its levels are energy-shield levels
  too), each the race's then the worn protections' (protections.SHIELDS' order). Held on an object, its holder is the bearer (traits/kinds2.py); on a
  transport its rider bears it while aboard (the transport's level kept in components.MountLevels, added to the
  rider's own), and 'explodes' is the transport destroyed (WND-5; hook ``wrecked``).

Hook points: ``scenery_throw(gs, e) -> bool`` (Súper fuerza), ``aura_mark_field(gs, bearer) -> float | None`` (the K within which marks are lost) and
``explodes(gs, e) -> None`` (the bearer's rule when it dies, by an attack or of no attack); ``registry.mark_field`` asks the
first."""
from __future__ import annotations

import math

from wartime.core.components import GearMarked, Mount, MountLevels, TraitState
from wartime.rules import gear_marks
from wartime.rules.traits.devices import Designated
from wartime.rules.traits.protections import SHIELDS, change_level, shield_index
from wartime.rules.traits.registry import ON_OBJECTS, handlers, held_levels, mark_field, register

LIGHT = "TRT-LIGHT"
FIELD = "TRT-DARKNESS-FIELD"
SHIELD = "TRT-ENERGY-SHIELD"
#: TRT-DARKNESS-FIELD: the energy shields whose levels an explosion cancels, in the order they are taken
SHIELD_KINDS = tuple(SHIELDS)
EPS = 1e-9


# --- Luz ------------------------------------------------------------------------------------------------------------
def light_sees(gs, e: int) -> bool:
    """TRT-LIGHT: the bearer ignores darkness for its own line of sight (its ranged attacks take no darkness
    malus)."""
    return True


def light_lit(gs, e: int) -> bool:
    """TRT-LIGHT: enemies see the bearer in darkness as if lit (their ranged attacks on it take no darkness
    malus)."""
    return True


register(LIGHT, "Luz", {"dark_sight": light_sees, "lit": light_lit}, kinds=("race", "object"))
ON_OBJECTS.add(LIGHT)              # on an object: its holder carries the light (traits/objects.py)


# --- Campo de oscuridad -----------------------------------------------------------------------------------------------
def field_level(gs, e: int) -> int:
    """TRT-DARKNESS-FIELD: the level N (1 to 5) of the bearer's field (its race's TraitState; a record without
    its level: 1), plus the level of each field it holds on an object (G10: the same trait from two archetypes,
    its numbers add; traits/kinds2.py) and that of the transport it rides (its MountLevels; the rider bears the
    transport's traits while aboard)."""
    held = sum(held_levels(gs, e, FIELD))
    m = gs.world.try_get(e, Mount)
    own = m.rider_traits if m is not None else gs.traits(e)
    ride = 0
    if m is not None and FIELD in m.traits:
        ml = gs.world.try_get(e, MountLevels)
        ride = (ml.level(FIELD) if ml is not None else 0) or 1
    race = 0
    if FIELD in own:
        ts = gs.world.try_get(e, TraitState)
        race = (ts.level(FIELD) if ts is not None else 0) or 1
    return race + ride + held


def field_reach(gs, bearer: int) -> float:
    """TRT-DARKNESS-FIELD: marked targets within 2 K per level (2 × N K) of the bearer are lost."""
    return 2.0 * field_level(gs, bearer)


def field_blast(gs, e: int) -> None:
    """TRT-DARKNESS-FIELD: when it explodes (ruling: the bearer dies, killed by an attack or by wounds of no attack),
    every mini within N K of it, friend or foe, loses up to N levels of energy shield (``cancel_shields``: Escudo de
    energía, then Escudo de energía avanzado; the race's, then the worn protections')."""
    n = field_level(gs, e)
    for m in gs.minis():
        if m == e or not gs.on_table(m) or gs.distance(e, m) > n + EPS:
            continue
        cancel_shields(gs, m, n)


def cancel_shields(gs, m: int, n: int) -> None:
    """TRT-DARKNESS-FIELD: "anula tantos niveles de escudo de energía como nivel": `m` loses up to `n` energy-shield
    levels in all, Escudo de energía's first, then Escudo de energía avanzado's (each a ``trait_level`` event)."""
    lost = 0
    for kind in SHIELD_KINDS:
        while lost < n and shield_index(gs, m, kind) is not None:
            change_level(gs, m, kind, -1, FIELD, "darkness field exploded")
            lost += 1


def field_wreck(gs, wreck) -> None:
    """TRT-DARKNESS-FIELD on a transport or an object: 'si explota' is the transport or the object destroyed (WND-5,
    whether or not Explota's D100 blew it up; an object apart from its holder: a possessor's wounds): every mini on
    the table at its level whose base lies within N K of the wreck's base (the holder's, for an object; N the
    item's field level), friend or foe, its driver, passengers or holder included, loses up to N levels of Escudo de
    energía, as a bearer killed by an attack does (``field_blast``)."""
    n = wreck.trait_level(FIELD) or 1
    for m in gs.minis():
        if not gs.on_table(m) or gs.pos(m).level != wreck.level:
            continue
        p = gs.pos(m)
        if math.hypot(p.x - wreck.x, p.y - wreck.y) - wreck.radius - gs.body(m).radius > n + EPS:
            continue
        cancel_shields(gs, m, n)


register(FIELD, "Campo de oscuridad", {"aura_mark_field": field_reach, "explodes": field_blast,
                                       "wrecked": field_wreck}, kinds=("race", "transport"))


# --- Súper fuerza ---------------------------------------------------------------------------------------------------
def super_strength(gs, e: int) -> bool:
    """TRT-SUPER-STRENGTH: the bearer can throw objects such as cars (CH CON), trucks (−2) or bigger things (−4); a
    failed check is +1 wound with no CH DEF (the action Lanzar escenografía, rules/actions/scenery_throw.py, on the
    scenario's movable pieces, rules/scenery_objects.py)."""
    return True


register("TRT-SUPER-STRENGTH", "Súper fuerza", {"scenery_throw": super_strength}, kinds=("race",))


# --- the mark sweep -------------------------------------------------------------------------------------------------
def lose_marks(world, *, gs, **_) -> None:
    """TRT-DARKNESS-FIELD: remove every mark (TRT-TARGET-DESIGNATOR's ``Designated``) on a mini inside a field
    (a system at the start and the end of every activation; nothing to do without marks on the table)."""
    table = gs.world.tables.get(Designated)
    gear = gs.world.tables.get(GearMarked)                       # GNA-11: marks on equipment
    if not (table or gear) or not handlers("aura_mark_field"):
        return
    for m in sorted(table or {}):
        rule = mark_field(gs, m)
        if rule is not None:
            by = table[m].by
            gs.world.remove(m, Designated)
            gs.world.emit("marks_lost", rule, target=m, markers=list(by))
    if gear:
        for e, rule, by in gear_marks.drop_in_field(gs.world, lambda at: mark_field(gs, at)):
            gs.world.emit("marks_lost", rule, target=e, markers=list(by), equipment=True)


def install(world) -> None:
    """Register the mark sweep of TRT-DARKNESS-FIELD (idempotent)."""
    if getattr(world, "_mark_field_systems", False):
        return
    world._mark_field_systems = True
    world.add_system("start_of_activation", lose_marks)
    world.add_system("end_of_activation", lose_marks)
