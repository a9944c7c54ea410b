"""More race traits of the catalogue (issue 12): Mulo's strength (TRT-MULE), Maestro rúnico's cheaper invocations
(TRT-RUNE-MASTER), Artificiero's DMG with fire and area weapons (TRT-DEMOLITIONS-EXPERT, on a race or an object),
Pez's swimming (TRT-FISH) and Maestro de esgrima's melee edge (TRT-FENCING-MASTER)."""
from __future__ import annotations

import math

from wartime.core.components import Gear, Item, Mana, Power, TraitState
from wartime.rules.checks import Modifier
from wartime.rules.traits.protections import delivers
from wartime.rules.traits.registry import ON_OBJECTS, Stance, register, vol_reach

R = ("race",)


# --- Mulo: CON +1 for melee DMG, overload and carrying -------------------------------------------------------------
def mule(gs, e: int) -> int:
    """TRT-MULE: counts as CON +1 when working out its melee DMG (MOD-1, CBA-10), carrying (MVA-8) and its overload
    (MOD-4), and its DMG when it rams on foot (Embestir, CBA-23: "Mulo CON +1"); not a real CON increase (its CON
    checks, wounds and fit penalty are not touched). A transport's ram uses the transport's own CON (its QUA)."""
    return 1


register("TRT-MULE", "Mulo", {"strength_plus": mule}, kinds=R)


# --- Maestro rúnico: invocations ENE −1 ---------------------------------------------------------------------------
def rune_master(gs, e: int, m) -> int | None:
    """TRT-RUNE-MASTER: the things with the bonus Invocación it uses cost ENE −1, minimum ENE 1 (ENE-1). Invocación
    applies to metahabilities only (an invocation: its kind, or a trait it carries), so the ruling reads
    "weapons" as the invocations it casts (MET-2) or maintains (MET-6)."""
    return -1 if m.kind == "TRT-INVOCATION" or "TRT-INVOCATION" in m.traits else None


register("TRT-RUNE-MASTER", "Maestro rúnico", {"meta_ene_mod": rune_master}, kinds=R)


# --- Artificiero: DMG +1 with fire and area weapons ------------------------------------------------------------------
def _uses_fire(weapon) -> bool:
    """TRT-DEMOLITIONS-EXPERT ruling: a weapon "that uses fire" delivers fire or explosions (incendiary, dragon's
    breath or explosive rounds: protections.ELEMENTS)."""
    return delivers(weapon, "fire") or delivers(weapon, "explosive")


def demolitions_dmg(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-DEMOLITIONS-EXPERT: DMG +1 on its single-target attacks with a weapon that uses fire (an area weapon's
    hits take ``demolitions_area`` instead: rules.areas asks the attack hooks for each hit too)."""
    return 1 if bearer == attacker and _uses_fire(weapon) and not _area(weapon) else None


def _area(weapon) -> bool:
    """An area weapon: its hits take the area hooks of these traits (area_dmg_bonus, area_attack_done), not the
    single-target ones, which rules.areas also asks for each hit."""
    return getattr(weapon, "area", None) is not None


def demolitions_area(gs, e: int, weapon) -> int:
    """TRT-DEMOLITIONS-EXPERT: DMG +1 on its area attacks (ARE > 0, fire or not), before ARE-6's half."""
    return 1


register("TRT-DEMOLITIONS-EXPERT", "Artificiero", {"dmg_mod": demolitions_dmg, "area_dmg_bonus": demolitions_area},
         kinds=R)
ON_OBJECTS.add("TRT-DEMOLITIONS-EXPERT")        # on an object: its holder is the expert (traits/objects.py)


# --- Pez: swims as it moves -----------------------------------------------------------------------------------------
def fish(gs, e: int, key: str) -> bool:
    """TRT-FISH: Nadar works like Mover (ruling: ENE 1 plus terrain, no CH AGI, up to MOV K)."""
    return key == "swim"


def fish_breathes(gs, e: int) -> bool:
    """TRT-FISH: it breathes underwater, so it may stay under the water (ruling: height −1, MOV-10's level −1): a
    swim may end there where its whole base is in the water, and it swims on there until a swim brings it up
    (rules.actions.terrain_moves.Swim). Under the water it interacts only with minis at level −1 (MOV-11)."""
    return True


register("TRT-FISH", "Pez", {"moves_as_mover": fish, "breathes_underwater": fish_breathes}, kinds=R)


# --- Araña: walls as easy terrain -------------------------------------------------------------------------------------
def spider(gs, e: int, key: str) -> bool:
    """TRT-SPIDER: it moves over walls as if they were easy terrain, no climbing needed: Escalar (MVA-10) works like
    Mover (ENE 1, no CH AGI, so no fumble and no fall; up to MOV K up the face), so it may stop on a face at any
    height or on a top."""
    return key == "climb"


def spider_walls(gs, e: int) -> bool:
    """TRT-SPIDER: its moves at level 1 (Mover, Correr, Esprintar, Cargar, ...) go over the pieces it would have to
    climb (MOV-9) as easy terrain: no Escalar, no CH AGI, no surcharge, the faces' height up and down counted as K
    of the move (geometry.walls; the move ends on the ground). Ceilings (issue 12): under a roofed piece
    (``ceiling``) it goes up to the underside, along it and down with Escalar as easy terrain, hanging there at
    the roof's height (rules.actions.terrain_moves._under_roof); others cannot."""
    return True


register("TRT-SPIDER", "Araña", {"moves_as_mover": spider, "walks_on_walls": spider_walls}, kinds=R)
ON_OBJECTS.add("TRT-SPIDER")                   # on an object (climbing gloves): its holder climbs so


# --- Maestro de esgrima: CH DEF +1 when attacked in melee -----------------------------------------------------------
def fencing_defence(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-FENCING-MASTER (ruling): attacked in melee, it picks CH DEF +1 for that attack (of its three choices the
    only one that acts on a defence, so the engine takes it for its controller)."""
    if bearer == target and not ranged:
        return Modifier("TRT-FENCING-MASTER", 1, "Maestro de esgrima")
    return None


#: TRT-FENCING-MASTER: the two choices of an attacking fencer (Ataque CaC's ``stance``).
FENCING = (Stance("fencing_imp", "TRT-FENCING-MASTER", "Maestro de esgrima: CH IMP +1", imp_plus=1),
           Stance("fencing_dmg", "TRT-FENCING-MASTER", "Maestro de esgrima: DMG +1", dmg_plus=1))


def fencing_attack(gs, e: int) -> tuple[Stance, ...]:
    """TRT-FENCING-MASTER: before each of its melee CH IMP it chooses CH IMP +1 or DMG +1 for that attack (the
    melee attack's ``stance`` parameter; an attack declared without one takes neither)."""
    return FENCING


register("TRT-FENCING-MASTER", "Maestro de esgrima", {"def_check_mod": fencing_defence,
                                                      "melee_stance": fencing_attack}, kinds=R)


# --- Orgulloso: wounded in melee and alive, a free attack back --------------------------------------------------
def proud(gs, e: int, attacker: int, melee: bool) -> bool:
    """TRT-PROUD: if it takes wounds in melee and does not die, it may make 1 free attack against its attacker
    (ruling: at once, ENE 0, no CH VOL; not if incapacitated or unconscious: rules.combat.reply_attack)."""
    return melee


register("TRT-PROUD", "Orgulloso", {"wounded_reply": proud}, kinds=R)


# --- Manipulador: a CH VOL ENF against a weaker-willed shooter ------------------------------------------------------
def manipulator(gs, e: int, attacker: int) -> bool:
    """TRT-MANIPULATOR: attacked at range by someone with less VOL than it, it may make a CH VOL ENF; won, the
    attacker has CH IMP −1 (ruling: free, declared before the CH IMP; rules.combat.contest_mods)."""
    return gs.attrs(e).VOL > gs.attrs(attacker).VOL


def puppeteer_only(param, owner: frozenset) -> str | None:
    """TRT-MANIPULATOR needs Titiritero: a puppeteer is a character carrying a binding (MET-1 ruling: no such bonus
    is printed)."""
    return None if "TRT-BINDING" in owner else "needs Titiritero: a binding (Atadura) among its metahabilities"


register("TRT-MANIPULATOR", "Manipulador", {"ranged_contest": manipulator}, kinds=R, param_problem=puppeteer_only)


# --- Poderoso: Power from wounds, spent for DMG ---------------------------------------------------------------------
POWER_MAX = 10


def power(gs, e: int) -> int:
    """TRT-POWERFUL: the Power `e` has gathered (components.Power; 0 without one)."""
    p = gs.world.try_get(e, Power)
    return p.value if p is not None else 0


def powerful_gain(gs, e: int, n: int, taken: bool) -> None:
    """TRT-POWERFUL: Power +1 per wound it takes or inflicts (ruling), at most 10."""
    before = power(gs, e)
    after = min(POWER_MAX, before + n)
    if after != before:
        gs.world.set(e, Power(after))
        gs.world.emit("power", "TRT-POWERFUL", who=e, before=before, after=after,
                      why="took wounds" if taken else "inflicted wounds")


def powerful_dmg(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-POWERFUL (ruling: 1 Power for DMG +1 on one attack, declared before the CH DEF): with Power left, its
    attack's DMG +1. The engine spends it for its controller on every hit (its only use; one per attack), so the
    odds count it whenever it has Power."""
    return 1 if bearer == attacker and power(gs, attacker) > 0 and not _area(weapon) else None


def powerful_spend(gs, bearer, attacker, target, weapon, ranged) -> None:
    """TRT-POWERFUL: a hit (a passed CH IMP) whose DMG took the +1 spends 1 Power, even if the CH DEF then passed."""
    if bearer == attacker and not _area(weapon):
        _spend_power(gs, attacker, "hit")


def powerful_area(gs, e: int, weapon) -> int | None:
    """TRT-POWERFUL: with Power left, its area attack's DMG +1 (before ARE-6's half)."""
    return 1 if power(gs, e) > 0 else None


def powerful_area_spent(gs, e: int, weapon) -> None:
    """TRT-POWERFUL: an area attack that affected someone with the +1 spends 1 Power (one attack)."""
    _spend_power(gs, e, "area_placed")


def _spend_power(gs, e: int, since: str) -> None:
    """Spend 1 Power if `e` had some when its attack's DMG was set: the Power it has now less what the attack's own
    wounds gave it since its `since` event (``hit``, ``area_placed``)."""
    if not gs.world.has(e, Power):
        return
    now = power(gs, e)
    if now - _gained_since(gs, e, since) <= 0:
        return
    gs.world.set(e, Power(now - 1))
    gs.world.emit("power", "TRT-POWERFUL", who=e, before=now, after=now - 1, why="DMG +1")


def _gained_since(gs, e: int, since: str) -> int:
    """The Power `e` gathered since its last `since` event (the wounds of the attack being resolved)."""
    gained = 0
    for ev in reversed(gs.world.events):
        if ev["type"] == since and ev.get("attacker") == e:
            break
        if ev["type"] == "power" and ev.get("who") == e:
            gained += ev["after"] - ev["before"]
    return gained


register("TRT-POWERFUL", "Poderoso", {"wounds_counted": powerful_gain, "dmg_mod": powerful_dmg,
                                      "on_hit": powerful_spend, "area_dmg_bonus": powerful_area,
                                      "area_attack_done": powerful_area_spent}, kinds=R)


# --- Maná: ENE for metahabilities each turn ---------------------------------------------------------------------------
#: TRT-MANA: the actions its pool pays for (the metahability actions: Usar, Mantener).
META_ACTIONS = ("use_metahability", "maintain_metahability")


def mana_level(gs, e: int) -> int:
    """TRT-MANA: the ENE its pool gets each turn: the level N (1 to 3) of its race's Maná (TraitState) plus that of
    each object it holds carrying it and not disabled (G10: the numbers of two sources add)."""
    ts = gs.world.try_get(e, TraitState)
    n = ts.level("TRT-MANA") if ts is not None and "TRT-MANA" in ts.traits else 0
    if "TRT-MANA" in gs.traits(e) and n == 0:
        n = 1                                            # a race record without its level: level 1
    gear, items = gs.world.tables.get(Gear, {}), gs.world.tables.get(Item, {})
    n += sum(g.level("TRT-MANA") for i, g in sorted(gear.items())
             if i in items and items[i].holder == e and not g.disabled and "TRT-MANA" in g.traits)
    return n


def mana_turn(gs, e: int, turn: int) -> None:
    """TRT-MANA: at the start of every turn its pool holds N ENE (what was left of the last turn is lost; ruling: a
    pool of its own, outside ENE-3's cap of 10)."""
    n = mana_level(gs, e)
    gs.world.set(e, Mana(n))
    gs.world.emit("mana", "TRT-MANA", who=e, value=n)


def mana_pool(gs, e: int, key: str) -> int:
    """TRT-MANA: the pool pays only for metahabilities (MET-2, MET-6)."""
    m = gs.world.try_get(e, Mana)
    return m.value if m is not None and key in META_ACTIONS else 0


def mana_spent(gs, e: int, key: str, n: int) -> int:
    """TRT-MANA: `n` ENE of a metahability paid from the pool (the engine pays from it first: mana left is lost at
    the next turn, ENE is not)."""
    have = mana_pool(gs, e, key)
    paid = min(have, n)
    if paid:
        gs.world.set(e, Mana(have - paid))
        gs.world.emit("mana_spent", "TRT-MANA", who=e, paid=paid, left=have - paid, action=key)
    return paid


register("TRT-MANA", "Maná", {"turn_start": mana_turn, "ene_pool": mana_pool, "ene_pool_spent": mana_spent},
         kinds=R)
ON_OBJECTS.add("TRT-MANA")                     # on an object: its holder gets the pool (traits/objects.py)


# --- Sentido arácnido: reacting to the hidden and the silent within VOL K -------------------------------------------
#: TRT-SPIDER-SENSE: the actions of a hidden or silently moving character (Esconderse, Mover sin hacer ruido).
UNSEEN_ACTIONS = ("hide", "move_silently")


def spider_sense(gs, e: int, actor: int, action: str, track) -> bool:
    """TRT-SPIDER-SENSE: it may react to characters hiding or moving silently (the engine plays no invisibility),
    even outside its FOV and unheard, within as many K as its VOL (vol_reach: base edge to base edge, at some point of
    the actor's path); reacting so, it pivots to face them without ENE or CH VOL (rules.windows.sense_turn)."""
    if action not in UNSEEN_ACTIONS:
        return False
    po, reach = gs.pos(e), vol_reach(gs, e)
    gap = gs.body(e).radius + gs.body(actor).radius
    points = list(track) or [(gs.pos(actor).x, gs.pos(actor).y)]
    return any(math.hypot(x - po.x, y - po.y) - gap <= reach + 1e-9 for x, y in points)


register("TRT-SPIDER-SENSE", "Sentido arácnido", {"senses": spider_sense}, kinds=R)


# --- Resonador: invocations cast from it ----------------------------------------------------------------------------
def resonator(gs, e: int) -> bool:
    """TRT-RESONATOR: a neuromancer can cast invocations from this character as their point of origin (ruling: RNG,
    FOV and LOS measured from it; any neuromancer, friend or foe); it then takes 1 stress and makes a CH PSI, or
    resists with a CH VOL ENF (rules.metahabilities.resonate: it resists an enemy caster, never a friend)."""
    return True


register("TRT-RESONATOR", "Resonador", {"resonator": resonator}, kinds=R)
ON_OBJECTS.add("TRT-RESONATOR")                # on an object (a resonance crystal): its holder resonates
