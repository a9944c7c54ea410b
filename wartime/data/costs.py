"""Point costs of archetypes, characters and game lists (BLD-2, BLD-4, BLD-6..24).

attribute points → archetype cost (its kind's formula + the price of each trait, ``TraitRef.points``) →
character cost (sum of its archetypes, charged at least 10) → list cost (sum of recruited characters).
All costs are integers; archetype costs may be negative and are summed at face value (BLD-2). The price tables
(BLD-6, BLD-13) ship with the data (data.tables), so the costs live beside them, above rules/; the report of a
file's costs (`wartime cost`) is data.cost_report.
"""
from __future__ import annotations

import os

from wartime.core.errors import RuleViolation
from wartime.data.models import Archetype, ArmyList, CharacterSpec
from wartime.data.tables import race_attribute_costs, weapon_cost_table

__all__ = [
    "CHARACTER_MINIMUM",
    "archetype_cost",
    "trait_points",
    "character_raw_cost",
    "character_cost",
    "character_notice",
    "list_cost",
    "list_notices",
]

#: BLD-23: the minimum cost of any character.
CHARACTER_MINIMUM = 10


def _attr(a: Archetype, name: str, rule: str) -> int:
    value = getattr(a, name)
    if value is None:
        raise RuleViolation(rule, f"{a.kind} '{a.id}' has no {name}")
    return int(value)


def trait_points(a: Archetype) -> int:
    """The summed price of the archetype's traits (BLD-6, BLD-15, BLD-16): printed cost, × level for
    per-level traits, area table points for "Área" (0 with "Área despreciable")."""
    return sum(t.points for t in a.traits)


def archetype_cost(a: Archetype) -> int:
    """The cost of one archetype by its kind's formula, traits included.

    * race (BLD-6): Σ race_attribute_cost[CON, AGI, INT, VOL] + traits;
    * weapon (BLD-15): weapon_table[ENE][DMG] (BLD-13) + RNG + QUA + traits (Área priced by BLD-16);
    * protection (BLD-9): DEF × 3 + SIZ + QUA + traits − ENE;
    * metahability (BLD-11): RNG + QUA − ENE × 3 + traits;
    * object (BLD-18): RNG + QUA + traits − ENE;
    * transport (BLD-21): MOV + DEF × 3 + QUA + traits − ENE.

    Raises :class:`RuleViolation` for a value no table prices (e.g. a weapon on an 'x' cell, BLD-13).
    """
    traits = trait_points(a)
    if a.kind == "race":
        table = race_attribute_costs()
        total = 0
        for name in ("CON", "AGI", "INT", "VOL"):
            value = _attr(a, name, "BLD-5")
            if value not in table:
                raise RuleViolation("BLD-5", f"race '{a.id}' has {name} {value}, outside 1-10")
            total += table[value]
        return total + traits
    if a.kind == "weapon":
        ene, dmg = _attr(a, "ENE", "BLD-13"), _attr(a, "DMG", "BLD-13")
        base = weapon_cost_table().get((ene, dmg))
        if base is None:
            raise RuleViolation("BLD-13", f"weapon '{a.id}': ENE {ene} with DMG {dmg} is not a legal combination")
        return base + _attr(a, "RNG", "BLD-14") + _attr(a, "QUA", "BLD-15") + traits
    if a.kind == "protection":
        return (_attr(a, "DEF", "BLD-8") * 3 + _attr(a, "SIZ", "BLD-8") + _attr(a, "QUA", "BLD-8") + traits
                - _attr(a, "ENE", "BLD-8"))
    if a.kind == "metahability":
        return _attr(a, "RNG", "BLD-10") + _attr(a, "QUA", "BLD-10") - _attr(a, "ENE", "BLD-10") * 3 + traits
    if a.kind == "object":
        return _attr(a, "RNG", "BLD-17") + _attr(a, "QUA", "BLD-17") + traits - _attr(a, "ENE", "BLD-17")
    if a.kind == "transport":
        return (_attr(a, "MOV", "BLD-20") + _attr(a, "DEF", "BLD-20") * 3 + _attr(a, "QUA", "BLD-20") + traits
                - _attr(a, "ENE", "BLD-20"))
    raise RuleViolation("BLD-1", f"unknown archetype kind {a.kind!r}")  # pragma: no cover - Literal-typed


def character_raw_cost(c: CharacterSpec) -> int:
    """BLD-4: the sum of the costs of every archetype of the character, each copy paid, mounted archetypes
    included (BLD-20), before the 10-point minimum."""
    return sum(archetype_cost(a) for a in c.archetypes())


def character_cost(c: CharacterSpec) -> int:
    """BLD-4 + BLD-23: the charged cost, max(10, sum of the archetypes)."""
    return max(CHARACTER_MINIMUM, character_raw_cost(c))


def character_notice(c: CharacterSpec) -> str | None:
    """BLD-23: the builder's notice (not an error) for a character whose archetypes add up to under 10."""
    raw = character_raw_cost(c)
    if raw >= CHARACTER_MINIMUM:
        return None
    return (f"character '{c.id}': its archetypes add up to {raw} points; it is charged the minimum of "
            f"{CHARACTER_MINIMUM} (BLD-23)")


def list_cost(army: ArmyList) -> int:
    """BLD-24: the sum of the charged costs of every recruited miniature (each copy pays in full)."""
    return sum(character_cost(u.character) * u.count for u in army.units)


def list_notices(army: ArmyList) -> list[str]:
    """BLD-23 notices of a list, one per unit whose character is charged the 10-point minimum."""
    out = []
    for i, unit in enumerate(army.units):
        notice = character_notice(unit.character)
        if notice is not None:
            out.append(f"{os.path.normpath(army.path)}: unit[{i}].character: {notice}")
    return out
