"""More weapon and protection traits of the catalogue (issue 12, points 1 and 5): Anulador de escudo
(TRT-SHIELD-NULLIFIER), Arma ATA (TRT-ATA-WEAPON), Alcance infinito (TRT-INFINITE-RANGE), Munición anti
(TRT-ANTI-AMMO), Runas de combate (TRT-COMBAT-RUNES), Runas de rechazo (TRT-REJECTION-RUNES), Runas de protección
(TRT-PROTECTION-RUNES), Munición radiactiva (TRT-RADIOACTIVE-AMMO), Munición incendiaria (TRT-INCENDIARY-AMMO: the
burning state here, its hits in rules/burning.py, putting it out in rules/actions/fire_actions.py) and Munición
regenerativa (TRT-REGENERATING-AMMO: its action in rules/actions/fire_actions.py). (The energy shields' check halved
by Munición magnética is in rules.traits.ammo.)

A weapon trait's handlers answer for its weapon's attacks (``bearer == attacker``: its bearer is its user)."""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from wartime.core.components import Mount, Parked, Race

from wartime.rules.checks import Modifier
from wartime.rules.traits.ammo import ENERGY_SHIELDS
from wartime.rules.traits.metahabilities import not_living
from wartime.rules.traits.protections import change_level, shield_index, trait_named
from wartime.rules.traits.registry import HitArea, character_traits, register, trait_arg


# --- Anulador de escudo: no damage; a hit removes one energy-shield level ------------------------------------
def nullifier_no_damage(gs, bearer, attacker, target, weapon, ranged):
    """TRT-SHIELD-NULLIFIER: this weapon deals no damage (DMG 0, CMB-4 step 4: what the exact odds count)."""
    return "zero" if bearer == attacker else None


def nullifier_hit(gs, bearer, attacker, target, weapon, ranged) -> bool:
    """TRT-SHIELD-NULLIFIER: a hit makes no DEF check (no shield check, no CH DEF: rules.combat.resolve_attack and
    rules.areas skip resolve_hit)."""
    return bearer == attacker


def nullify_shield(gs, bearer, attacker, target, weapon, ranged) -> None:
    """TRT-SHIELD-NULLIFIER: if it hits it removes 1 level of the target's energy shield (Escudo de energía or
    avanzado; the first source with a level, trait-ID order: the race's, then the worn protections') with no DEF
    check. A target without a shield level left loses nothing."""
    if weapon is None or "TRT-SHIELD-NULLIFIER" not in getattr(weapon, "traits", ()):
        return
    for t in sorted(ENERGY_SHIELDS):
        if shield_index(gs, target, t) is not None:
            change_level(gs, target, t, -1, "TRT-SHIELD-NULLIFIER", "shield nullified")
            return


register("TRT-SHIELD-NULLIFIER", "Anulador de escudo",
         {"dmg_mod": nullifier_no_damage, "hit_without_def": nullifier_hit, "on_hit": nullify_shield},
         kinds=("weapon",))


# --- Arma ATA: attacks at any other altitude level -------------------------------------------------------------
def ata(weapon) -> bool:
    """TRT-ATA-WEAPON ruling: this weapon may attack minis at any other altitude level it can see (MOV-11 / MOV-12
    otherwise limit ranged actions to levels 1 and 2 between them); field of view, range (3D, BAS-3) and line of
    sight are checked as for any shot."""
    return True


register("TRT-ATA-WEAPON", "Arma ATA", {"level_reach": ata}, kinds=("weapon",))


# --- Munición anti (): DMG +2 against the target type named --------------------------------------------------------
#: The words a parameter may use for targets that are not alive (MET-8's not-living characters).
NOT_ALIVE = ("no vivo", "no vivos", "not alive", "not living", "non-living", "no muertos")


def plain(text: str | None) -> str:
    """TRT-ANTI-AMMO: a name as Munición anti compares it: stripped, case-folded and without accents ('Élfo' and
    'elfo' are the same name)."""
    folded = unicodedata.normalize("NFKD", (text or "").strip().casefold())
    return "".join(c for c in folded if not unicodedata.combining(c))


def _same_word(a: str, b: str) -> bool:
    """Two plain words are the same name, singular or plural aside ('tanque' / 'tanques', 'elfo' / 'elfos',
    'vehiculo' / 'vehiculos', 'camion' / 'camiones')."""
    return a == b or any(x == y + end for x, y in ((a, b), (b, a)) for end in ("s", "es"))


def same_name(a: str | None, b: str | None) -> bool:
    """TRT-ANTI-AMMO: whether two names are the same target type: word by word, case, accents and singular or plural
    aside ('Vehículos blindados' names a 'vehículo blindado')."""
    wa, wb = plain(a).split(), plain(b).split()
    return bool(wa) and len(wa) == len(wb) and all(_same_word(x, y) for x, y in zip(wa, wb))


def anti_kind(param: str | None) -> str:
    """TRT-ANTI-AMMO: the kind of target type a parameter names: 'not_alive' (MET-8), 'trait' (a trait the engine
    plays, by its book name) or 'name' (a race or a transport by its catalogue name, id or one of its ``classes``:
    match.setup checks that one exists)."""
    if plain(param) in {plain(w) for w in NOT_ALIVE}:
        return "not_alive"
    return "trait" if trait_named(param) is not None else "name"


def anti_param(param: str | None, owner: frozenset = frozenset()) -> str | None:
    """TRT-ANTI-AMMO: why its parameter cannot be played (None: it can): the engine tells apart targets that are not
    alive (MET-8), targets carrying a trait it plays (by its book name: 'Volador', 'Gigante'...) and targets of a
    race or riding a transport named by its catalogue name, id or one of the classes its data gives it
    (``classes = ["tanque", "vehículo"]``: 'tanques'), case, accents and singular or plural aside (``same_name``);
    whether such a race or transport exists is checked when a game is set up (match.setup: the lists' catalogues).
    An empty one names nothing."""
    if not plain(param):
        return ("anti (): the parameter names no target type ('no vivos', a trait by its book name, a race or a "
                "transport by its catalogue name)")
    return None


def anti_matches(gs, target: int, param: str | None) -> bool:
    """TRT-ANTI-AMMO: whether `target` is of the type `param` names (see `anti_param`): a race by its archetype's
    name, id or classes (the ``Race`` match.setup keeps for it), a transport (a vehicle) the target rides by its name,
    id or classes."""
    kind = anti_kind(param)
    if kind == "not_alive":
        return not_living(gs, target)
    if kind == "trait":
        return trait_named(param) in character_traits(gs, target)
    race = gs.world.try_get(target, Race)
    if race is not None and any(same_name(param, x) for x in (race.key, race.name, *race.classes)):
        return True
    mount = gs.world.try_get(target, Mount)
    return mount is not None and not gs.world.has(target, Parked) and any(
        same_name(param, x) for x in (mount.key, mount.name, *mount.classes))


def anti_dmg(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-ANTI-AMMO: DMG +2 (a ± term of CMB-4) against the target type named in ()."""
    if bearer != attacker or weapon is None:
        return None
    return 2 if anti_matches(gs, target, trait_arg(weapon, "TRT-ANTI-AMMO")) else None


register("TRT-ANTI-AMMO", "Munición anti", {"dmg_mod": anti_dmg}, kinds=("weapon",), args=True,
         param_problem=anti_param)


# --- Runas de combate: CH VOL ENF +1 ---------------------------------------------------------------------------
def combat_runes(gs, e: int, attribute: str) -> Modifier | None:
    """TRT-COMBAT-RUNES: CH VOL ENF +1: its bearer's opposed VOL checks (CHK-4; Robar energía, the MET-5 contest of
    a metahability, either side), on the race or a worn protection."""
    return Modifier("TRT-COMBAT-RUNES", 1, "Runas de combate") if attribute == "VOL" else None


register("TRT-COMBAT-RUNES", "Runas de combate", {"opposed_check_mod": combat_runes}, kinds=("race", "protection"))


# --- Munición radiactiva: a wounding hit leaves a permanent R3 area -------------------------------------------------
def last_hit_wounds(gs, attacker: int, target: int, transport: bool = False) -> int:
    """The wounds `attacker`'s latest hit on `target` dealt (its `damage` events since that `hit` event: both hits
    of a double hit); with `transport`, the wounds its ridden transport took too (WND-4 ``transport_wounds``)."""
    n = 0
    for ev in reversed(gs.world.events):
        if ev["type"] == "damage" and ev.get("target") == target:
            n += ev["wounds"]
        elif transport and ev["type"] == "transport_wounds" and ev.get("who") == target:
            n += ev["amount"]
        elif ev["type"] == "hit" and ev.get("attacker") == attacker and ev.get("target") == target:
            return n
    return 0


def radioactive(gs, bearer, attacker, target, weapon, ranged) -> HitArea | None:
    """TRT-RADIOACTIVE-AMMO: if the hit wounds or kills, a permanent R3 area is created at that point (the target's
    centre, at its level) with DMG = the weapon's DMG (its current DMG, WND-6). Ruling: a mini starting its
    activation in it or entering it takes that hit (CH DEF allowed, ARE-6's half when partly covered), any mini,
    the shooter too (rules.areas: kind 'radioactive'; rules.combat.place_hit_areas places it)."""
    if bearer != attacker or weapon is None or last_hit_wounds(gs, attacker, target) <= 0:
        return None
    return HitArea("TRT-RADIOACTIVE-AMMO", "radioactive", "R3", int(weapon.current_dmg))


register("TRT-RADIOACTIVE-AMMO", "Munición radiactiva", {"hit_area": radioactive}, kinds=("weapon",))


# --- Runas de rechazo: reroll a lost CH VOL ENF as the target of an action -------------------------------------------
def rejection_runes(gs, e: int, attribute: str) -> bool:
    """TRT-REJECTION-RUNES: it may reroll an opposed CH VOL (CH VOL ENF) when it is the target of an action (Robar
    energía, a metahability's MET-5 contest): the engine rerolls it when it lost (a reroll never makes a lost
    contest worse); once per contest (G2)."""
    return attribute == "VOL"


register("TRT-REJECTION-RUNES", "Runas de rechazo", {"opposed_reroll": rejection_runes},
         kinds=("race", "protection"))


# --- Runas de protección: no dangers of metahabilities -----------------------------------------------------------
def protection_runes(gs, e: int) -> bool:
    """TRT-PROTECTION-RUNES ruling: immune to the +1 stress of a fumbled metahability check: the bearer makes no
    MET-7 CH PSI (its stress and its CH LOC); the metahability still has no effect. Immune to Distorsión envenenada
    too (its invocations do not fumble on a 9 near such an object: registry.invocation_fumble_floor). Distorsión
    psíquica, the other aura the ruling names, is tier 3 and refused when a list fields it (match/setup.py), so no
    game has one to be immune to: the ruling is played whole for every game the engine accepts."""
    return True


register("TRT-PROTECTION-RUNES", "Runas de protección", {"meta_fumble_safe": protection_runes},
         kinds=("race", "protection"))


# --- Alcance infinito: no maximum range ----------------------------------------------------------------------------
def infinite_range(weapon) -> bool:
    """TRT-INFINITE-RANGE: no maximum range (CMB-10's RNG); the target must be in line of sight (ENV-2, checked as
    for any shot) and the CH IMP keeps MOD-2's −1 per 10 K beyond the first 10 (ruling). A target outside the
    attacker's field of view (ENV-1) may be shot at and the attack scatters, 1D10 K per 15 K to the target (ruling;
    rules.scattered_shots: an area always, a single shot once its CH IMP passes, onto whoever it lands on)."""
    return True


register("TRT-INFINITE-RANGE", "Alcance infinito", {"rng_unlimited": infinite_range}, kinds=("weapon",))


# --- Munición incendiaria: a hit sets the target on fire --------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Burning:
    """TRT-INCENDIARY-AMMO: the character is on fire, set so by `by`'s hit (until put out: rules/burning.py)."""
    by: int


def incendiary(gs, bearer, attacker, target, weapon, ranged) -> None:
    """TRT-INCENDIARY-AMMO: a hit (wounds or not) sets the target on fire (rules/burning.py: a DMG 1 hit at the
    start of each of its activations; Apagar el fuego, ENE 3 and a CH PSI, puts it out). A burning target hit again
    is still burning once (G10)."""
    if weapon is None or "TRT-INCENDIARY-AMMO" not in getattr(weapon, "traits", ()) or not gs.on_table(target):
        return
    if gs.world.try_get(target, Burning) is None:
        gs.world.set(target, Burning(attacker))
        gs.world.emit("set_on_fire", "TRT-INCENDIARY-AMMO", who=target, by=attacker)


register("TRT-INCENDIARY-AMMO", "Munición incendiaria", {"on_hit": incendiary}, kinds=("weapon",))


# --- Munición regenerativa: one round back with an action ---------------------------------------------------------
def regenerating(weapon) -> bool:
    """TRT-REGENERATING-AMMO: the weapon regains 1 round with its own action (rules/actions/fire_actions.py,
    Regenerar munición: ENE 1 and a CH CAL against the weapon's CAL; a failure costs CAL −1 for good). Ruling: 1
    round into the mounted magazine (Cargadores, which it needs here: Cargas on a weapon is not played)."""
    return True


register("TRT-REGENERATING-AMMO", "Munición regenerativa", {"regenerates": regenerating}, kinds=("weapon",),
         requires=("TRT-MAGAZINES",))
