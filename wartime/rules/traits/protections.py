"""Traits of protections (issue 12): a trait on a worn protection acts for its wearer while the protection is worn
and not disabled (traits G10; ``registry.character_traits`` gives the wearer the traits of its protections, and
``registry.trait_copies`` counts a trait the race and a protection both carry twice for numbers). This module
plays the traits whose only or main home is a protection:

* CH IMP and CH DEF terms: TRT-COUNTERMEASURES (Contramedidas, missiles CH IMP −1), TRT-REINFORCED (Refuerzo,
  CH DEF +1), TRT-CURSED-ARMOUR (Maldita armadura, CH DEF −1), TRT-WALL (Muro: its DEF not against wounds),
  TRT-RESISTANCE (Resistencia a (), DEF +2 against the attack type named) and TRT-SHADOW (Sombra, DEF +1 behind
  cover; hides without cover).
* Levels lost in play (``Protection.levels`` and a race's ``TraitState``: current and bought level):
  TRT-ENERGY-SHIELD and TRT-ADVANCED-ENERGY-SHIELD (a shield DEF check against ranged attacks, recovered with an
  action, rules/actions/shield_actions.py) and TRT-LEATHERY-SHIELD (levels lost before wounds).
* TRT-PIRATE-SUPPLIER (Proveedor pirata: a passed CH DEF is rolled again), TRT-ADJUSTABLE (Ajustable: fit), and
  TRT-LABORIOUS (Laborioso: not traded with Comerciar).
* Equipment rules: TRT-HUGE (Enorme: only a Mega armadura wearer is equipped with it, loader E9 and Comerciar /
  Saquear), TRT-MEGA-ARMOUR (Mega armadura, the permission) and TRT-RELIC (Reliquia: the loader's E8).
* TRT-NEGATE (Niega (): the played trait named has no effect in any interaction with the bearer, registry hook
  ``negates``; a characteristic named counts 0 for the other side, registry.seen_attribute).
* TRT-REQUIRES (Requiere (): only a user with the bonus, attribute level or object named may use it: fielding and
  Comerciar / Saquear; a weapon or object naming a condition, ``CONDITIONS``, only in that state).
* ``WORN``: traits played on a race that act the same for a protection's wearer.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import replace

from wartime.core.elements import ELEMENT_WORDS, ELEMENTS, VENOM, delivered, delivers  # noqa: F401  (re-exported)
from wartime.core.components import Attributes, CarriedProtections, Gear, Item, Mount, Posture, TraitState
from wartime.core.errors import RuleViolation
from wartime.rules.checks import Modifier, roll_check
from wartime.rules.traits.registry import (NEGATED_CHARACTERISTICS, PURE_HELD_DENIALS, also_on, cancels,
                                           character_traits, plugins, register, registry_generation, trait_arg,
                                           weapon_area, worn_protections)

#: The archetype kinds the engine plays these traits on (race and protection, or protection only).
RP = ("race", "protection")
P = ("protection",)


def _against(bearer: int, target: int) -> bool:
    return bearer == target


# --- CH DEF and DEF terms ---------------------------------------------------------------------------------------
def reinforced(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-REINFORCED: CH DEF +1 for the wearer (the target number only, CMB-3 ruling)."""
    return Modifier("TRT-REINFORCED", 1, "Refuerzo") if _against(bearer, target) else None


def cursed_armour(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-CURSED-ARMOUR: CH DEF −1 for the wearer (the target number only, CMB-3 ruling)."""
    return Modifier("TRT-CURSED-ARMOUR", -1, "Maldita armadura") if _against(bearer, target) else None


#: TRT-RESISTANCE's parameter: the attack types the engine tells apart by the words a data file may use (Spanish and
#: English) → the type; the elements and substances (ALLERGIC, INVULNERABLE, RESISTANCE) are ``ELEMENT_WORDS``.
_ATTACK_WORDS = {
    "cuerpo a cuerpo": "melee", "cac": "melee", "melee": "melee",
    "a distancia": "ranged", "distancia": "ranged", "disparos": "ranged", "ranged": "ranged",
    "área": "area", "area": "area", "áreas": "area", "areas": "area", "ataques de área": "area",
    "area attacks": "area",
}
#: The elements and substances (ALLERGIC, INVULNERABLE, RESISTANCE; project ruling, wartime/core/elements.py) by
#: their words, the weapon traits delivering each, and what a weapon delivers (its traits, its data, a venom).
ATTACK_TYPES = {**_ATTACK_WORDS, **ELEMENT_WORDS}


def attack_type(param: str | None) -> str | None:
    """The attack type, element or substance a TRT-RESISTANCE parameter names, None if it names none."""
    return ATTACK_TYPES.get((param or "").strip().lower())


def resistance_param(param: str | None, owner: frozenset = frozenset()) -> str | None:
    """TRT-RESISTANCE: why its parameter cannot be played (None: it can): it must name an attack type or an element
    of the table (a game where nothing delivers it never triggers it)."""
    if attack_type(param) is None:
        return (f"resists {param!r}: not an attack type (melee, ranged, area) nor an element or substance of "
                f"wartime/core/elements.py ({', '.join(sorted(ATTACK_TYPES))})")
    return None


def _resists(gs, target: int, weapon, kinds: tuple[str, ...]) -> int | None:
    """DEF +2 per TRT-RESISTANCE source of `target` whose parameter names one of `kinds` or an element `weapon`
    delivers."""
    n = 0
    for p in params(gs, target, "TRT-RESISTANCE"):
        t = attack_type(p)
        if t in kinds or (t in ELEMENTS and delivers(weapon, t)):
            n += 2
    return n or None


def resistance(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-RESISTANCE: DEF +2 (the CH DEF target and the DEF subtracted, CMB-3 ruling) against the attack type its
    parameter names (melee or ranged) or an attack with a weapon delivering the element or substance it names
    (ELEMENTS). The race and each worn protection with a matching parameter give their own +2 (G10: numbers add)."""
    if not _against(bearer, target) or getattr(weapon, "area", None) is not None:
        return None                             # an area weapon's hits: resistance_area (rules.areas.hit_terms)
    return _resists(gs, target, weapon, ("ranged",) if ranged else ("melee",))


def resistance_area(gs, e: int, weapon) -> int | None:
    """TRT-RESISTANCE: DEF +2 against the hits of an area attack (ARE-5, ARE-6) when its parameter names area
    attacks or an element the area weapon delivers (an area attack is a ranged one too: "ranged" counts)."""
    return _resists(gs, e, weapon, ("area", "ranged"))


def resistance_hazard(gs, e: int, elements: tuple[str, ...], area: bool) -> int | None:
    """TRT-RESISTANCE: DEF +2 against a hit of no weapon (``substance_terms``) of an element or substance its
    parameter names (a burning character's fire, a radioactive area's radiation, the element an Área permanente
    template's weapon delivered, a blast's explosion), or against area attacks when the hit is a template's or a
    blast's (`area`: an area left on the board and a blast are round areas, ARE-5 / ARE-6). Each source adds (G10)."""
    n = 0
    for p in params(gs, e, "TRT-RESISTANCE"):
        t = attack_type(p)
        if t in elements or (area and t == "area"):
            n += 2
    return n or None


#: TRT-COUNTERMEASURES ("cualquier misil, torpedo, obús o proyectil similar"): the weapon traits that make a shot a
#: missile, shell or similar projectile: self-propelled rounds (Munición autopropulsada: rockets), guided rounds
#: (Munición teledirigida: missiles; their fixed CH IMP 8 ignores every modifier, the −1 too, G5) and a scattering
#: weapon (Dispersión: a lobbed shell, a mortar's round). Besides (``is_missile``), a ranged weapon bursting in a
#: round area R is one (a grenade or a shell landing at the point it is fired at: grenade launchers, mortars).
MISSILES = ("TRT-SELF-PROPELLED-AMMO", "TRT-GUIDED-AMMO", "TRT-SCATTER")


def is_missile(weapon) -> bool:
    """TRT-COUNTERMEASURES ruling: the weapon fires a missile, a shell or a similar projectile: its traits say so
    (``MISSILES``), or it is a ranged weapon (RNG > 0, BLD-12) whose attack is a round area R (a grenade or shell
    bursting where it lands). A line L, a drop G (a flamethrower's stream, a spray) or a jump S (a chain of
    lightning) is no projectile, nor is a melee weapon or a plain bullet."""
    if any(t in MISSILES for t in weapon.traits):
        return True
    code = weapon_area(weapon)
    return weapon.RNG > 0 and code is not None and code.startswith("R")


def countermeasures(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-COUNTERMEASURES: any missile, torpedo, shell or similar projectile has CH IMP −1 against it (G4: aimed at
    the bearer; an area attack's CH IMP when it is aimed at the wearer, rules.areas): a shot with a weapon that
    ``is_missile``."""
    if _against(bearer, target) and ranged and weapon is not None and is_missile(weapon):
        return Modifier("TRT-COUNTERMEASURES", -1, "Contramedidas")
    return None


def wall(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-WALL: this protection protects against stress instead of wounds (ruling: its DEF counts only for the CH
    DEF against stress attacks, replacing CH VOL there, not against wounds): against an attack that wounds, the
    current DEF of each worn Muro protection is taken off the attack's DEF (target and DEF subtracted). A hit
    dealing stress (TRT-PSYCHIC-AMMO) or Corromper / Hackear (CBA-18) is defended with its DEF instead
    (``wall_stress``)."""
    if not _against(bearer, target):
        return None
    return -sum(p.current_def for p in worn_protections(gs, target) if "TRT-WALL" in p.traits) or None


def wall_stress(gs, e: int) -> int | None:
    """TRT-WALL: against a hit that deals stress (TRT-PSYCHIC-AMMO, rules.stress_hits) or Corromper / Hackear (CBA-18,
    rules.metahabilities) the wearer's CH DEF is made
    with the DEF of its worn Muro protections (summed; their ruling: instead of CH VOL). None without one worn."""
    walls = wall_worn(gs, e)
    return sum(p.current_def for p in walls) if walls else None


def wall_worn(gs, e: int) -> tuple:
    """TRT-WALL: the worn Muro protections (not disabled) whose DEF makes the CH DEF against stress."""
    return tuple(p for p in worn_protections(gs, e) if "TRT-WALL" in p.traits)


def shadow(gs, e: int) -> int | None:
    """TRT-SHADOW: DEF +1 (the CH DEF target and the DEF subtracted) against a ranged or area attack for which it is
    more than 50 % hidden (CMB-17) or 100 % hidden (its own CH DEF after the cover check, CMB-18); not in melee and
    not when a critical hit ignores cover (the engine asks only when the cover counts)."""
    return 1


def shadow_hides(gs, e: int) -> bool:
    """TRT-SHADOW: it may take Esconderse (GNA-9) without being behind cover."""
    return True


# --- levels and parameters: the race's (TraitState) and each worn protection's --------------------------------------
RACE = -1        # the holder index of the race's TraitState


def holders(gs, e: int, trait_id: str) -> list[tuple[int, object]]:
    """(index, holder) of the sources of `trait_id` that carry levels or a parameter: the race's TraitState (index
    RACE) when the race has the trait, then each worn protection carrying it that is not disabled (index in its
    Equipment), in that order (traits G10: each source counts)."""
    out: list[tuple[int, object]] = []
    own = gs.world.try_get(e, TraitState)
    if own is not None and trait_id in own.traits and trait_id in gs.traits(e):
        out.append((RACE, own))
    out += [(i, p) for i, p in enumerate(gs.equipment(e).protections) if trait_id in p.traits and not p.disabled]
    return out


def params(gs, e: int, trait_id: str) -> list[str | None]:
    """The parameter of `trait_id` on each of its sources (``holders``)."""
    return [h.param(trait_id) for _, h in holders(gs, e, trait_id)]


def _set_level(gs, e: int, index: int, trait_id: str, level: int) -> str:
    """Set the current level of `trait_id` on holder `index`; returns the holder's name for the event."""
    def step(h):
        return replace(h, levels=tuple((t, level if t == trait_id else cur, top) for t, cur, top in h.levels))
    if index == RACE:
        gs.world.set(e, step(gs.world.get(e, TraitState)))
        return "race"
    eq = gs.equipment(e)
    prots = list(eq.protections)
    prots[index] = step(prots[index])
    gs.world.set(e, replace(eq, protections=tuple(prots)))
    return prots[index].name


def shield_index(gs, e: int, trait_id: str, *, recoverable: bool = False) -> int | None:
    """The first source of `trait_id` (``holders``: the race, then the worn protections) with a level left
    (`recoverable`: one level or more and below its bought level); None if none."""
    for i, h in holders(gs, e, trait_id):
        top = next((b for t, _, b in h.levels if t == trait_id), 0)
        cur = h.level(trait_id)
        if cur >= 1 and (not recoverable or cur < top):
            return i
    return None


def change_level(gs, e: int, trait_id: str, step: int, rule: str, reason: str, *, recoverable: bool = False) -> None:
    """Take `step` (±) levels of `trait_id` on its first source that has one (see `shield_index`) and emit
    ``trait_level``."""
    i = shield_index(gs, e, trait_id, recoverable=recoverable)
    h = gs.world.get(e, TraitState) if i == RACE else gs.equipment(e).protections[i]
    level = h.level(trait_id) + step
    where = _set_level(gs, e, i, trait_id, level)
    gs.world.emit("trait_level", rule, who=e, source=where, level=level, reason=reason)


def shield_check_target(target: int, halved: str | None) -> int:
    """TRT-MAGNETIC-AMMO: an energy shield's check target halved (4 → 2, 6 → 3: x.5 up, BAS-5) against its
    attack."""
    return (target + 1) // 2 if halved is not None else target


def _energy_shield(trait_id: str, target: int, name: str):
    def handler(gs, e: int, halved: str | None = None) -> bool:
        if shield_index(gs, e, trait_id) is None:
            return False
        n = shield_check_target(target, halved)
        c = roll_check(gs.world, e, "DEF", None, n, [], trait_id, f"{name} shield check",
                       **({"halved_by": halved} if halved is not None else {}))
        if c.passed:
            gs.world.emit("attack_stopped", trait_id, target=e)
            return True
        change_level(gs, e, trait_id, -1, trait_id, "shield check failed")
        return False
    handler.__doc__ = (f"{trait_id}: against a ranged attack, while it has level 1 or more, a shield DEF check with "
                       f"target {target} (no modifiers; a 1 passes, a 10 fails; halved against Munición magnética) "
                       "before the CH DEF: a pass stops the attack (no wounds); a failure removes one level and the "
                       "normal CH DEF follows (ruling).")
    handler.__name__ = trait_id.lower().replace("-", "_")
    return handler


def _shield_target(trait_id: str, target: int):
    def handler(gs, e: int, halved: str | None = None) -> int | None:
        return None if shield_index(gs, e, trait_id) is None else shield_check_target(target, halved)
    handler.__doc__ = f"{trait_id}: the target of its shield check ({target}, halved by TRT-MAGNETIC-AMMO) while it has a level."
    handler.__name__ = trait_id.lower().replace("-", "_") + "_target"
    return handler


def leathery_shield(gs, e: int, wounds: int) -> int:
    """TRT-LEATHERY-SHIELD: before it suffers wounds it loses levels of this bonus: each wound it would take
    removes 1 level instead (levels do not recover); applied last at the wound stage (core CMB-4, after Larga vida,
    Afortunado and the like); wounds absorbed give no psychology check. Returns the wounds absorbed."""
    absorbed = 0
    while absorbed < wounds and shield_index(gs, e, "TRT-LEATHERY-SHIELD") is not None:
        change_level(gs, e, "TRT-LEATHERY-SHIELD", -1, "TRT-LEATHERY-SHIELD", "wound absorbed")
        absorbed += 1
    return absorbed


def leathery_levels(gs, e: int) -> int:
    """TRT-LEATHERY-SHIELD: the wounds its levels can still absorb (every source's current level, G10)."""
    return sum(h.level("TRT-LEATHERY-SHIELD") for _, h in holders(gs, e, "TRT-LEATHERY-SHIELD"))


# --- CH DEF confirmation, fit, trade ---------------------------------------------------------------------------
def pirate_supplier(gs, e: int) -> bool:
    """TRT-PIRATE-SUPPLIER: whenever the wearer passes a CH DEF it must make another one; the second result stands
    (ruling: a pass must be confirmed)."""
    return True


def adjustable(protection) -> int:
    """TRT-ADJUSTABLE: no penalty for a 1-point difference between CON and SIZ: this protection's fit penalty
    (MOD-6 / BLD-7, |SIZ − CON| either way) ignores 1 point of difference."""
    return 1


def laborious(item) -> bool:
    """TRT-LABORIOUS: this item (a weapon, a protection or an object) cannot be traded (Comerciar, GNA-3). Ruling:
    it can still be dropped, looted or thrown."""
    return True


def trait_named(param: str | None) -> str | None:
    """The played trait a parameter names (TRT-NEGATE, TRT-REQUIRES: its book name, any case, or its ID), None if
    none. A pure function of the parameter and the registry: kept per registry generation (issue 20: TRT-REQUIRES'
    held objects asked it at every trait set, a scan of the whole sorted registry each time)."""
    key = (param or "").strip().lower()
    memo_key = (registry_generation(), key)
    got = _NAMED.get(memo_key, _UNSEEN)
    if got is _UNSEEN:
        if len(_NAMED) > 4096:
            _NAMED.clear()
        got = _NAMED[memo_key] = next((t for t, p in plugins().items()
                                       if key in (p.name.lower(), t.lower()) and p.fieldable), None)
    return got


_NAMED: dict[tuple[int, str], str | None] = {}
_UNSEEN = object()


#: TRT-NEGATE: the characteristics (archetype attributes, the book's "Atributos.- Cada una de las características de
#: un arquetipo"); a Niega may cancel each of them (registry.NEGATED_CHARACTERISTICS: CON, AGI, INT, VOL, DEF, DMG
#: counting 0 for the other side, ``seen_attribute``; ENE, RNG, QUA, SIZ, MOV where their number works against the
#: bearer, ``cancels``)
CHARACTERISTICS = ("CON", "AGI", "INT", "VOL", "ENE", "DMG", "RNG", "QUA", "DEF", "SIZ", "MOV")


def negated_name(param: str | None) -> str | None:
    """TRT-NEGATE: what a parameter cancels: a played trait's ID (its book name or ID), or the code of a
    characteristic of ``NEGATED_CHARACTERISTICS`` (any case), None otherwise."""
    code = (param or "").strip().upper()
    if code in NEGATED_CHARACTERISTICS:
        return code
    return trait_named(param)


def negate_param(param: str | None, owner: frozenset = frozenset()) -> str | None:
    """TRT-NEGATE: why its parameter cannot be played (None: it can): a trait the engine plays, or a characteristic
    (all eleven, ``CHARACTERISTICS``); anything else is refused, as a trait it does not play."""
    if negated_name(param) is not None:
        return None
    return (f"negates {param!r}: the engine cancels a trait it plays, named by its book name, or a characteristic "
            f"({', '.join(NEGATED_CHARACTERISTICS)})")


#: TRT-NEGATE: what a cancelled characteristic stops in an action on its bearer (``check_negated``)
_STOPPED = {"RNG": "its RNG counts 0: it reaches {t} only in base contact",
            "MOV": "its MOV counts 0: a movement that is part of an action on {t} covers 0 K",
            "ENE": "its ENE counts 0: it cannot pay for a reaction to {t} or to its actions"}


def check_negated(gs, actor: int, bearer: int | None, code: str, what: str) -> None:
    """TRT-NEGATE (RNG, MOV, ENE; the lead's rulings, issue 16): `actor`'s `what` (an action on `bearer`) is refused,
    naming TRT-NEGATE, when `bearer` cancels the characteristic `code` that action needs (registry.cancels)."""
    if bearer is not None and bearer != actor and cancels(gs, bearer, code, actor):
        raise RuleViolation("TRT-NEGATE", f"{gs.name(bearer)} negates {code} (Niega): {gs.name(actor)}'s {what}: "
                            + _STOPPED[code].format(t=gs.name(bearer)))


def check_reach_negated(gs, actor: int, target: int | None, what: str) -> None:
    """TRT-NEGATE (RNG): `actor`'s `what` (a shot, a cast, an object used) reaches a `target` that cancels RNG only
    in base contact (the weapon's, metahability's or object's RNG counts 0 against it)."""
    if target is not None and target != actor and cancels(gs, target, "RNG", actor) and not gs.in_contact(actor, target):
        check_negated(gs, actor, target, "RNG", what)


def negate(gs, e: int) -> frozenset[str]:
    """TRT-NEGATE: the bonus or characteristic named in () has no effect in any interaction with the bearer or its
    actions (ruling): its own, those of whoever it attacks or is attacked by (the attacker's weapon included), the
    ENE terms of actions between them, the auras it meets, the effects of others' traits on it (registry.facing,
    registry.spared); a characteristic (CON, AGI, INT, VOL, DEF, DMG): the other's counts 0 in an interaction with
    the bearer (registry.seen_attribute: the target's DEF in the bearer's attack, the DMG and CON of an attack on the
    bearer, the base of every check naming the other side); ENE, RNG, QUA, SIZ, MOV (the lead's rulings, issue 16:
    the bearer cancels the number that would work against it, registry.cancels): RNG, the other's RNG counts 0 in
    an action on the bearer (base contact only); QUA, the other's QUA counts 0 (its protection wounded by the
    bearer's attack is destroyed at once, a driverless transport rammed by it has CON 0, possession by the bearer
    needs no stress); MOV, no Cargar / Embestir on the bearer; ENE, no reaction to the bearer or its actions; SIZ,
    no MOD-6 on the bearer's checks. Each source (race, worn protection) cancels its own parameter."""
    return frozenset(n for p in params(gs, e, "TRT-NEGATE") if (n := negated_name(p)) is not None)


#: TRT-REQUIRES: an attribute level a parameter may name ("VOL 6", "agi 5+": at least that value)
_LEVEL = re.compile(r"^\s*(CON|AGI|INT|VOL)\s*(\d{1,2})\s*\+?\s*$", re.IGNORECASE)


def _plain(text: str | None) -> str:
    """A name as Requiere compares it: stripped, case-folded, without accents."""
    folded = unicodedata.normalize("NFKD", (text or "").strip().casefold())
    return "".join(c for c in folded if not unicodedata.combining(c))


#: TRT-REQUIRES: the conditions the engine plays, by the words a parameter may use (case and accents aside) → the
#: condition. Project reading: the book's Requiere () names "una condición" without an example and the catalogue
#: uses bonuses only, so the set is the user's states the engine keeps: its posture (MVA-4 / MVA-5: standing,
#: crouched, prone) and whether it rides a transport (BLD-19: mounted, on foot). A condition is checked when the
#: item is used (an attack with the weapon, Usar of the object); it does not keep the item from being carried.
CONDITIONS = {
    "de pie": "standing", "en pie": "standing", "standing": "standing", "erguido": "standing",
    "agachado": "crouched", "crouched": "crouched", "crouching": "crouched",
    "tumbado": "prone", "cuerpo a tierra": "prone", "prone": "prone", "lying down": "prone",
    "montado": "mounted", "a bordo": "mounted", "en un transporte": "mounted", "mounted": "mounted",
    "riding": "mounted",
    "a pie": "on_foot", "desmontado": "on_foot", "on foot": "on_foot", "dismounted": "on_foot",
}
#: The kinds an item with a condition may be (those whose use the engine refuses when it is not met: an attack, Usar,
#: a cast; a protection's use is protecting: its DEF is left out of its wearer's CH DEF while the condition is not met,
#: rules.item_use; a transport's is being driven: its movement actions are refused, rules.riding.check_can_drive).
CONDITION_KINDS = ("weapon", "object", "metahability", "protection", "transport")


def condition_met(gs, e: int, condition: str) -> bool:
    """TRT-REQUIRES: whether `e` is in the state `condition` (``CONDITIONS``) now."""
    if condition in ("standing", "crouched", "prone"):
        posture = gs.world.try_get(e, Posture)
        return (posture.state if posture is not None else "standing") == condition
    return gs.world.has(e, Mount) == (condition == "mounted")


def requirement(param: str | None) -> tuple | None:
    """TRT-REQUIRES: what a parameter demands of the user: ("bonus", trait ID) for a trait the engine plays (its book
    name or ID), ("condition", state) for a condition (``CONDITIONS``: standing, crouched, prone, mounted, on foot),
    ("level", attribute, n) for an attribute level ("VOL 6": at least 6), ("object", name) for anything else, an
    object the user must have (a weapon, protection or object it carries, by its name or id, case and accents
    aside: match.setup refuses one its character does not carry, naming the conditions it plays); None when
    empty."""
    if not (param or "").strip():
        return None
    need = trait_named(param)
    if need is not None:
        return ("bonus", need)
    cond = {_plain(k): v for k, v in CONDITIONS.items()}.get(" ".join(_plain(param).split()))
    if cond is not None:
        return ("condition", cond)
    m = _LEVEL.match(param)
    if m is not None:
        return ("level", m.group(1).upper(), int(m.group(2)))
    return ("object", _plain(param))


def requirement_label(param: str | None) -> str:
    """How an error names a requirement: the bonus's book name, the level, or the object's name."""
    got = requirement(param)
    if got is not None and got[0] == "bonus":
        return plugins()[got[1]].name
    return (param or "").strip()


def requires_param(param: str | None, owner: frozenset = frozenset()) -> str | None:
    """TRT-REQUIRES: why a character whose archetypes carry the trait IDs `owner` cannot use the item (None: it can,
    as far as its traits tell): a bonus it must carry; an attribute level or an object is checked against the
    character's design when a game is set up (match.setup ``requires_problems``)."""
    got = requirement(param)
    if got is None:
        return "requires (): the parameter names nothing (a bonus, an attribute level such as VOL 6, or an object)"
    if got[0] == "bonus" and got[1] not in owner:
        return f"requires {plugins()[got[1]].name} ({got[1]}), which the character does not carry: it cannot use it"
    return None


def has_object(gs, e: int, name: str, item=None) -> bool:
    """TRT-REQUIRES: whether `e` has an object called `name` (plain): a weapon it carries, a protection it wears or
    carries, an object it holds (by name or key), other than `item` itself."""
    def called(x) -> bool:
        return x is not item and name in (_plain(getattr(x, "name", "")), _plain(getattr(x, "key", "")))
    eq = gs.equipment(e)
    carried = gs.world.try_get(e, CarriedProtections)
    if any(called(x) for x in (*eq.weapons, *eq.protections, *(carried.protections if carried else ()))):
        return True
    items = gs.world.tables.get(Item, {})
    return any(i in items and items[i].holder == e and called(g) for i, g in sorted(gs.world.tables.get(Gear, {}).items()))


def unmet(gs, e: int, item, carried, attrs) -> bool:
    """TRT-REQUIRES: whether `e` fails the item's requirement, given the trait IDs `carried` and the attributes
    `attrs` it has (see ``requires``)."""
    got = requirement(item.param("TRT-REQUIRES") if hasattr(item, "param") else trait_arg(item, "TRT-REQUIRES"))
    if got is None:
        return False
    if got[0] == "bonus":
        return got[1] not in carried and not any(got[1] in w.traits for w in gs.equipment(e).weapons)
    if got[0] == "level":
        return getattr(attrs, got[1]) < got[2]
    if got[0] == "condition":
        return False                    # checked when the item is used (``condition_unmet``), not to carry it
    return not has_object(gs, e, got[1], item)


def condition_unmet(gs, e: int, item) -> str | None:
    """TRT-REQUIRES: the condition the item names that `e` is not in now (None: none, or met)."""
    if callable(getattr(item, "param", None)):
        param = item.param("TRT-REQUIRES")
    elif hasattr(item, "params"):                           # a metahability: (trait ID, parameter) pairs
        param = next((p for t, p in item.params if t == "TRT-REQUIRES"), None)
    else:
        param = trait_arg(item, "TRT-REQUIRES")
    got = requirement(param)
    if got is None or got[0] != "condition" or condition_met(gs, e, got[1]):
        return None
    return got[1]


def requires_weapon(gs, e: int, weapon) -> None:
    """TRT-REQUIRES on a weapon or a metahability naming a condition (``CONDITIONS``): an attack with the weapon, a
    cast of the metahability (MET-1's check, rules.metahabilities.check_kind) is refused to a user that is not in
    that state (a weapon fired only standing, only mounted...)."""
    cond = condition_unmet(gs, e, weapon)
    if cond is not None:
        raise RuleViolation("TRT-REQUIRES", f"{weapon.name} can only be used {cond.replace('_', ' ')}")


def held_requires(gs, e: int, gear, carried) -> bool:
    """TRT-REQUIRES on a held object: its passive effects (the bearer traits it gives, G10) do not reach a holder that
    does not meet its requirement, however it came by it (a Buscar, a taken-over transport's mounted object): judged
    on the traits it has besides its objects' and its race's attributes (not those its traits change: they would
    ask its objects again)."""
    return unmet(gs, e, gear, carried, gs.world.get(e, Attributes))


def requires(gs, e: int, item) -> bool:
    """TRT-REQUIRES: the item can only be used by a user who has the named bonus (on its race or on an item it
    carries: its traits, its protections' or its weapons'), the named attribute level (its current value) or the
    named object (another item it has): a character without it is not handed the protection or the weapon
    (Comerciar, Saquear; a weapon carries its parameter as "TRT-REQUIRES:<param>"); a design without it is refused
    when a game is set up (on a metahability too, which is never handed over)."""
    return unmet(gs, e, item, character_traits(gs, e), gs.attrs(e))


def huge(gs, e: int, item) -> bool:
    """TRT-HUGE: only a transport can be equipped with it (the loader's E9), or a character wearing a
    TRT-MEGA-ARMOUR protection that is not disabled: Comerciar and Saquear do not hand it to anyone else."""
    return not any("TRT-MEGA-ARMOUR" in p.traits for p in worn_protections(gs, e))


register("TRT-REINFORCED", "Refuerzo", {"def_check_mod": reinforced}, kinds=P)
register("TRT-CURSED-ARMOUR", "Maldita armadura", {"def_check_mod": cursed_armour}, kinds=P)
register("TRT-COUNTERMEASURES", "Contramedidas", {"attack_mod": countermeasures}, kinds=P)
register("TRT-RESISTANCE", "Resistencia a", {"def_mod": resistance, "area_def_mod": resistance_area,
                                             "substance_def": resistance_hazard}, kinds=RP,
         param_problem=resistance_param,
         per_protection=True)
register("TRT-WALL", "Muro", {"def_mod": wall, "stress_def": wall_stress, "stress_def_from": wall_worn}, kinds=P,
         per_protection=True)
register("TRT-SHADOW", "Sombra", {"cover_def": shadow, "hide_anywhere": shadow_hides}, kinds=RP)
#: The shield traits: trait ID → (book name, shield check target, ENE to recover a level, recovery action key).
SHIELDS = {
    "TRT-ENERGY-SHIELD": ("Escudo de energía", 4, 4, "recover_energy_shield"),
    "TRT-ADVANCED-ENERGY-SHIELD": ("Escudo de energía avanzado", 6, 6, "recover_advanced_energy_shield"),
}


def _recovery(trait_id: str, key: str):
    def handler(gs, e: int) -> tuple[str, ...]:
        return (key,) if shield_index(gs, e, trait_id, recoverable=True) is not None else ()
    handler.__doc__ = (f"{trait_id}: a level can be recovered with an action (its ENE, "
                       "rules/actions/shield_actions.py) while the shield has level 1 or more, up to the bought "
                       "level (ruling).")
    handler.__name__ = f"{key}_granted"
    return handler


for _tid, (_name, _target, _ene, _key) in SHIELDS.items():
    register(_tid, _name, {"shield_check": _energy_shield(_tid, _target, _name),
                           "shield_target": _shield_target(_tid, _target),
                           "grants_action": _recovery(_tid, _key)}, kinds=P)
register("TRT-LEATHERY-SHIELD", "Escudo coriáceo", {"wound_absorb": leathery_shield,
                                                          "absorb_levels": leathery_levels}, kinds=RP, per_protection=True)
register("TRT-PIRATE-SUPPLIER", "Proveedor pirata", {"def_confirm": pirate_supplier}, kinds=P)
register("TRT-ADJUSTABLE", "Ajustable", {"fit_slack": adjustable}, kinds=P)
register("TRT-LABORIOUS", "Laborioso", {"trade_denied": laborious}, kinds=("weapon", "protection", "object"))
# An Enorme weapon is fielded on a character wearing Mega armadura (loader E9: otherwise a data error); an Enorme
# protection belongs on a transport, where Enorme is not played yet (registered for weapons only). Mega armadura is the permission huge() reads.
register("TRT-HUGE", "Enorme", {"equip_denied": huge}, kinds=("weapon",))
register("TRT-MEGA-ARMOUR", "Mega armadura", kinds=P)
# Reliquia is a list-building rule only (its catalogue note): the loader's E8 refuses a list repeating it.
register("TRT-RELIC", "Reliquia", kinds=("race", "weapon", "protection"))
def negate_on_target(gs, caster: int, target: int, m) -> tuple[str, ...]:
    """TRT-NEGATE on a metahability (MET-3..5): the trait named has no effect on its target while the effect lasts
    (rules.metahabilities.apply)."""
    return tuple(n for t, p in m.params if t == "TRT-NEGATE" and (n := negated_name(p)) is not None)


register("TRT-NEGATE", "Niega", {"negates": negate, "meta_negates": negate_on_target}, kinds=RP + ("metahability",),
         param_problem=negate_param)
def requires_use(gs, e: int, gear, target: int) -> None:
    """TRT-REQUIRES on an object: Usar is refused to a user without the named bonus, however the object came to it
    (traits/kinds2.py), or not in the condition named (``CONDITIONS``)."""
    if requires(gs, e, gear):
        raise RuleViolation("TRT-REQUIRES", f"{gear.name} can only be used by a user with "
                            f"{requirement_label(trait_arg(gear, 'TRT-REQUIRES'))}")
    cond = condition_unmet(gs, e, gear)
    if cond is not None:
        raise RuleViolation("TRT-REQUIRES", f"{gear.name} can only be used {cond.replace('_', ' ')} "
                            f"({trait_arg(gear, 'TRT-REQUIRES')})")


register("TRT-REQUIRES", "Requiere", {"equip_denied": requires, "object_target": requires_use,
                                      "held_denied": held_requires, "weapon_usable": requires_weapon},
         kinds=P + ("weapon", "metahability", "object", "transport"), param_problem=requires_param,
         args=("weapon",), object_args=True)     # a weapon, an object, a transport carry "TRT-REQUIRES:<bonus>"
#: issue 20: `held_requires` reads the holder's Attributes, Equipment, CarriedProtections and the held Items and Gear,
#: and the trait set it is given: a trait set with an object in play may be kept (registry.stable_table)
PURE_HELD_DENIALS.add(held_requires)


#: Traits already played on a race (or a weapon) whose catalogue row applies to protections too and whose effect is
#: the wearer's (traits G10: "on a protection, while worn and not disabled"): the same handlers act for the wearer
#: through ``character_traits``. Left out: those whose effect is the item's own use or repair (TRT-DEFECTIVE,
#: TRT-EVIL: "each time it is used", and using a protection, Usar GNA-16, is not played; TRT-NO-CURE: "cannot be
#: repaired" is the item's, not the wearer's healing).
WORN = ("TRT-BURDENED", "TRT-CAMOUFLAGE", "TRT-ELITE-ARMOURED", "TRT-GLOWING", "TRT-GOD-OF-STEEL",
        "TRT-HEAVY-EQUIPMENT", "TRT-IMPACT-ABSORPTION", "TRT-LONG-LIFE", "TRT-MIMETIC", "TRT-RADIANT", "TRT-SAFEGUARD",
        "TRT-SCRAWNY", "TRT-SECOND-CHANCE", "TRT-SEVEN-LIVES", "TRT-SHODDY-MAKE", "TRT-SLOW", "TRT-SPIKES",
        "TRT-STEEL-PLATING", "TRT-TOUGH", "TRT-TRAINED-TO-LIVE")
for _tid in WORN:
    also_on(_tid, "protection")
