"""Substances and elements (issue 12, group A): the traits that name a substance or element a hit delivers.

TRT-ALLERGIC, TRT-INVULNERABLE and TRT-RESISTANCE name a substance or element (protections.ATTACK_TYPES → an
ELEMENTS key). Project ruling (the book leaves substances open): the elements and substances are the rows of the data
table wartime/core/elements.py (fire, acid, radiation, explosive, poison, cold, electricity, disease, sonic,
plasma, light, by Spanish and English words); a parameter naming any of them is played, and applies to every
delivery of it (a game where nothing delivers it never triggers it). Every way the engine delivers one, and how the
three traits meet it:

* a weapon, by its ammunition traits (protections.ELEMENTS: fire, acid, radiation, explosive) and by the elements
  its catalogue entry declares (``elements = ["electricity"]``, a stun baton; ``["cold"]``, a cryo thrower): a hit with it
  (single target or each mini an area covers) takes ×2 (``dmg_factor``), DMG 0 (``hit_immunity``), DEF +2
  (``def_mod`` / ``area_def_mod``);
* a venom poured on a weapon (TRT-VENOM, Ponzoña (): its parameter, a poison (veneno) or any of the elements): the
  coated weapon delivers it like its ammunition until a wounding hit delivers it (protections.delivers);
* the hits of no weapon (``substance_terms``: ×2, DMG 0 and DEF +2 alike, hooks ``substance_factor`` and
  ``substance_def``): a burning character's fire (rules.burning); a radioactive area's radiation and an Área
  permanente template's hit, which delivers what the weapon that left it delivers by its ammunition (a fire
  weapon's template is a burning zone; a venom stays on the weapon: rules.areas); a blast of no weapon: Bomba
  viviente (TRT-LIVING-BOMB), Inflamable's and Explota's explosions (TRT-FLAMMABLE, TRT-EXPLODES) and a transport's
  wreck (WND-5). Reading (documented here, no ruling names it): the book says each of them "explota", an
  explosion, which is what Resistencia a (explosivos / explosiones) names: a blast delivers explosive, and nothing
  else (Inflamable's sets no one on fire). A template's or a blast's hit is an area's (ARE-5, ARE-6): a
  resistance to area attacks counts too;
* Sangre de ácido (TRT-ACID-BLOOD): acid, 1 wound with no CH DEF and no DMG: reading: the wound is its damage, so
  Alérgico (ácido) doubles it (2 wounds) and Invulnerable (ácido) is spared it (and its protection's QUA loss);
  Resistencia a (ácido) has no CH DEF nor DEF to raise: nothing (rules.traits.equipment).

Not substance deliveries, told apart: Distorsión envenenada (TRT-POISONED-DISTORTION: its effect is on invocation
rolls, no hit reaches anyone), Fuego en las venas (its own wound for a faster move), Dios del fuego, Grito de fuego /
de hielo (no damage), and metahabilities (they carry no DMG; TRT-HARMFUL's wounds to the user are its price).
A parameter naming no element of the table (nor, for Resistencia a, an attack type) is refused when a game is set up
(``element_param``, protections.resistance_param). TRT-NON-LIVING (No vivo: immune to diseases and poisons) meets a
delivery of poison or disease as Invulnerable does (rules/traits/race_more.py).

* TRT-ALLERGIC (Alérgico (): the substance named deals DMG ×2; a CMB-4 factor, after every ± term, with the other
  factors, one rounding: with Blandito ×4).
* TRT-INVULNERABLE (Invulnerable (): immune to the substance or element named: its hits leave no wounds).
* TRT-IGNEOUS-AMMO (Munición ígnea: a wounding hit gives the target the malus Sobrecalentamiento, TRT-OVERHEATING,
  for good; a fire weapon for the traits naming fire, ELEMENTS).
* TRT-POISONED-DISTORTION (Distorsión envenenada: within 5 K of the object, 9s and 10s are fumbles on invocations).
* TRT-BODY-OF-LIGHT (Cuerpo de luz: no damage from the invocations it casts itself).
* TRT-SAIKIKKU (Saikikku: wounded, 1 stress to everyone in melee with it and one bonus of each, its owner's
  choice among those it carries and its weapons', stops working until the end of their next activation).
* TRT-FLAMMABLE (Inflamable: it explodes when it dies; 30 % on a fumbled CH IMP, with a flammable weapon or by a
  flammable race: DMG/2 in an R(DMG/2); a race's DMG with no attack at hand is its CON).
"""
from __future__ import annotations

from dataclasses import replace

from wartime.core.rounding import round_half_up
from wartime.rules.traits.protections import ELEMENT_WORDS, ELEMENTS, attack_type, delivers, params
from wartime.rules.traits.registry import display_name, owe_bonus_loss, register, spared
from wartime.rules.traits.weapons_more import last_hit_wounds

R = ("race",)
RP = ("race", "protection")


def _element(param: str | None) -> str | None:
    """The element or substance a parameter names (an ELEMENTS key), None if it names none the engine tells apart."""
    t = attack_type(param)
    return t if t in ELEMENTS else None


def element_param(param: str | None, owner: frozenset = frozenset()) -> str | None:
    """TRT-ALLERGIC, TRT-INVULNERABLE, TRT-VENOM: why the parameter cannot be played (None: it can): it must name an
    element or substance of the table (protections.ELEMENT_WORDS, wartime/core/elements.py). Any of them is
    played, delivered or not in the game: its effect applies to every delivery of it, and a game where nothing
    delivers it never triggers it (project ruling: Alérgico then is a malus that never costs, as the book prices it).
    An attack type (melee, ranged, area) is not a substance."""
    if _element(param) is None:
        return (f"names {param!r}: not an element or substance of wartime/core/elements.py "
                f"({', '.join(sorted(ELEMENT_WORDS))})")
    return None


def _named(gs, e: int, trait_id: str) -> set[str]:
    """The elements the sources of `trait_id` on `e` name (race and worn protections)."""
    return {t for t in (_element(p) for p in params(gs, e, trait_id)) if t is not None}


# --- Alérgico (): DMG ×2 -------------------------------------------------------------------------------------------
def allergic(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-ALLERGIC: a hit on the bearer with a weapon delivering the substance named deals DMG ×2 (ruling: a factor
    of core CMB-4 step 3, after every ± DMG term, combined with the other factors, one rounding; before the DEF)."""
    if bearer != target or weapon is None:
        return None
    return 2 if any(delivers(weapon, t) for t in _named(gs, target, "TRT-ALLERGIC")) else None


def allergic_hazard(gs, e: int, elements: tuple[str, ...]) -> int | None:
    """TRT-ALLERGIC: a hit of no weapon delivering the substance named (``SOURCES``) deals DMG ×2 (one factor
    however many of the named substances it delivers, as a weapon's hit)."""
    return 2 if _named(gs, e, "TRT-ALLERGIC") & set(elements) else None


# --- Invulnerable (): immune --------------------------------------------------------------------------------------
def invulnerable(gs, bearer, attacker, target, weapon, ranged) -> bool:
    """TRT-INVULNERABLE: a hit on the bearer with a weapon delivering the substance or element named leaves no wounds
    (DMG 0, and no corrosion wound on a passed CH DEF: ``hit_immunity``). Its CH DEF is still rolled (a hit)."""
    return (bearer == target and weapon is not None
            and any(delivers(weapon, t) for t in _named(gs, target, "TRT-INVULNERABLE")))


def invulnerable_hazard(gs, e: int, elements: tuple[str, ...]) -> int | None:
    """TRT-INVULNERABLE: a hit of no weapon delivering the element or substance named (``SOURCES``) deals DMG 0."""
    return 0 if _named(gs, e, "TRT-INVULNERABLE") & set(elements) else None


register("TRT-ALLERGIC", "Alérgico", {"dmg_factor": allergic, "substance_factor": allergic_hazard}, kinds=R,
         param_problem=element_param)
register("TRT-INVULNERABLE", "Invulnerable", {"hit_immunity": invulnerable, "substance_factor": invulnerable_hazard},
         kinds=RP, param_problem=element_param)


# --- Munición ígnea: the target overheats ------------------------------------------------------------------------
OVERHEATING = "TRT-OVERHEATING"


def igneous(gs, bearer, attacker, target, weapon, ranged) -> None:
    """TRT-IGNEOUS-AMMO: if the hit wounds, the target gains the malus Sobrecalentamiento (TRT-OVERHEATING) for good
    (ruling: permanent; a character as a transport: from 5 wounds on each of its movement actions asks a CH DEF, 1
    wound on a failure, rules.driving.after_drive). Gained once; a ridden transport's miniature overheats with its
    transport's wounds (the malus joins the miniature's traits)."""
    if bearer != attacker or last_hit_wounds(gs, attacker, target, transport=True) <= 0 or not gs.on_table(target):
        return
    psyche = gs.psyche(target)
    if OVERHEATING in psyche.maluses:
        return
    gs.world.set(target, replace(psyche, maluses=psyche.maluses + (OVERHEATING,)))
    gs.world.emit("malus_gained", "TRT-IGNEOUS-AMMO", who=target, malus=display_name(OVERHEATING), trait=OVERHEATING,
                  chosen_by=None)


register("TRT-IGNEOUS-AMMO", "Munición ígnea", {"on_hit": igneous}, kinds=("weapon",))


# --- Distorsión envenenada: 9s fumble invocations near the object -------------------------------------------------
#: TRT-POISONED-DISTORTION: (the lowest fumbling die, the reach in K of the object).
DISTORTION = (9, 5.0)


def poisoned_distortion(gear) -> tuple[int, float]:
    """TRT-POISONED-DISTORTION: within 5 K of this object, rolls of 9 and 10 on 1D10 count as fumbles when performing
    invocations (the MET-2 check of an invocation; ruling: every character within 5 K, friend and foe, its holder
    too). A fumbled invocation is MET-7's (a CH PSI, no effect)."""
    return DISTORTION


register("TRT-POISONED-DISTORTION", "Distorsión envenenada", {"invocation_fumble": poisoned_distortion},
         kinds=("object",))


# --- Inflamable: it explodes ----------------------------------------------------------------------------------------
#: TRT-FLAMMABLE: the chance (%) that a fumble with a flammable weapon sets it off.
FLAMMABLE_FUMBLE = 30


def _explosion(dmg: int) -> tuple[int, int] | None:
    """TRT-FLAMMABLE's explosion (ruling): DMG = DMG / 2 (x.5 up, BAS-5), a round area whose diameter is that halved
    DMG (R(DMG) read after DMG is redefined, as Munición de racimo); None when nothing is left to explode."""
    half = round_half_up(dmg / 2)
    return (half, half) if half > 0 else None


def race_dmg(gs, e: int) -> int:
    """TRT-FLAMMABLE on a race when no attack's DMG is at hand (project reading: the ruling names the killing
    attack's DMG, and a death of no attack or a fumble has none): the DMG halved is the bearer's CON, its body being
    what burns (as Bomba viviente's "DAÑ = CON/2", TRT-LIVING-BOMB)."""
    return int(gs.attrs(e).CON)


def flammable_death(gs, e: int, weapon, dmg: int) -> tuple[int, int] | None:
    """TRT-FLAMMABLE: if it dies it explodes (ruling: 'muere' = the bearer dies, the flammable item with it): a round
    area centred on its base: a flammable weapon's DMG (its current DMG, WND-6) halved, on any death of its bearer
    (an attack's kill, or wounds of no attack: rules.wounds.apply_wounds asks with `dmg` 0); for a flammable race
    the killing attack's DMG halved, and on a death of no attack (a fumble's, a poison's, a burn's wounds: no DMG to
    halve) its CON halved (``race_dmg``). Every other mini it covers takes the hit (ARE-5, ARE-6,
    rules.combat.death_blast)."""
    if weapon is not None:
        return _explosion(int(weapon.current_dmg))
    return _explosion(dmg if dmg > 0 else race_dmg(gs, e))


def flammable_fumble(weapon) -> tuple[int, int, int] | None:
    """TRT-FLAMMABLE: a fumbled CH IMP with a flammable weapon (CMB-8) has a 30 % chance (BAS-6) to make it explode
    in its user's hands: the weapon's DMG halved, in a round area of that diameter centred on the user, who is hit
    too."""
    blast = _explosion(int(weapon.current_dmg))
    return None if blast is None else (FLAMMABLE_FUMBLE, *blast)


def flammable_own_fumble(gs, e: int) -> tuple[int, int, int] | None:
    """TRT-FLAMMABLE on a race: "si pifia, 30% de explotar": the bearer's fumbled CH IMP (CMB-8, with any weapon or
    unarmed; the project's rulings put Inflamable's 30 % among a CH IMP fumble's effects, TRT-TRAINED-TO-KILL, and
    a fumble rerolled away sets nothing off) has a 30 % chance (BAS-6) to make it explode: its CON halved
    (``race_dmg``: no attack DMG is dealt), a round area of that diameter centred on it, itself hit too (as a
    flammable weapon's, after it)."""
    blast = _explosion(race_dmg(gs, e))
    return None if blast is None else (FLAMMABLE_FUMBLE, *blast)


def flammable_destroyed(gs, holder: int, item, dmg: int) -> tuple[int, int, int] | None:
    """TRT-FLAMMABLE: "si muere explota", the ruling's 'muere' being the item destroyed too (WND-5, apart from its
    holder: a fumble's or a use's wound, a possessor's wounds): a flammable weapon's DMG (its current DMG before the
    blow, WND-6), halved; an object's (no DMG of its own) the destroying blow's DMG, halved; a round area of that
    diameter centred on its holder, who is hit too (it explodes in its hands, as on a fumble); always (100 %)."""
    own = getattr(item, "current_dmg", None)
    blast = _explosion(int(own) if own is not None else dmg)
    return None if blast is None else (100, *blast)


def flammable_wreck(carried, dmg: int) -> tuple[int, int] | None:
    """TRT-FLAMMABLE on a transport: "si muere explota" (ruling: 'muere' = destroyed, WND-5; the DMG is the
    destroying blow's, as for a race or an object, halved, in an R of that). Project reading (no ruling says how it
    combines with the wreck's own explosion, WND-5): both happen, the wreck's first, then the fuel's around the
    wreck's centre, hitting every mini it covers (the driver and passengers set down included): Inflamable is a
    drawback (a negative cost) naming a cause of its own, as different rules on one event all apply (traits notes
    G10); Explota says it replaces the core explosion, Inflamable says nothing of the kind. A blow of no DMG (none
    to halve) sets off no fire."""
    return _explosion(dmg) if dmg > 0 else None


register("TRT-FLAMMABLE", "Inflamable", {"death_explosion": flammable_death, "fumble_blast": flammable_fumble,
                                         "own_fumble_blast": flammable_own_fumble,
                                         "item_blast": flammable_destroyed, "wreck_fire": flammable_wreck},
         kinds=("race", "weapon", "transport"))


# --- Cuerpo de luz: its own invocations do not hurt it -------------------------------------------------------------
def body_of_light(gs, e: int, m) -> bool:
    """TRT-BODY-OF-LIGHT: this character is immune to the damage of the invocations it casts itself. In play the only
    damage an invocation deals its caster is the wounds one use of it costs (TRT-HARMFUL on the invocation: rules.
    metahabilities.after_use); an invocation hits no one with DMG (metahabilities carry no DMG: MET-3..5 effects),
    and an area never hits its own attacker (ARE-5)."""
    return m.kind == "TRT-INVOCATION" or "TRT-INVOCATION" in m.traits


register("TRT-BODY-OF-LIGHT", "Cuerpo de luz", {"own_meta_immunity": body_of_light}, kinds=R)


# --- Saikikku: its wounds hurt the minds around it ----------------------------------------------------------------
def saikikku(gs, e: int) -> list[tuple[int, int]]:
    """TRT-SAIKIKKU: if it is wounded (by an attack), everyone in melee with it (the able enemies in base contact,
    CMB-11) gains 1 stress, with no CH DEF; and one bonus of each of them stops working until the end of its next
    activation (ruling), its owner's choice: each is owed the loss (``owe_bonus_loss``) and the bearer's side is
    asked which bonus (a 'bonus_loss' decision) as soon as the hit has resolved."""
    around = spared(gs, "TRT-SAIKIKKU", gs.engaged_enemies(e))       # TRT-NEGATE: not one that cancels it
    for o in around:
        owe_bonus_loss(gs, o, "TRT-SAIKIKKU", gs.side(e))
    return [(o, 1) for o in around]


register("TRT-SAIKIKKU", "Saikikku", {"wounded_stress": saikikku}, kinds=R)
