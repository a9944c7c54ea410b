"""More race traits of the catalogue (issue 12): the Señores that weaken an enemy's checks against their bearer
(TRT-LORD-OF-CONFUSION, TRT-LORD-OF-HUNGER, TRT-LORD-OF-SUBJUGATION), Maestro guerrero's melee reroll
(TRT-MASTER-WARRIOR), Regeneración's action (TRT-REGENERATION), Ira's next-activation bonus (TRT-WRATH), Sin
suerte's fumbles (TRT-UNLUCKY), Grito berserker's charge aura (TRT-BERSERKER-CRY) and the traits bought for one
chosen action or weapon (TRT-MASTERY, TRT-INEPTITUDE, TRT-COMBAT-MASTERY, TRT-COMBAT-INEPTITUDE)."""
from __future__ import annotations

import math

from wartime.core.components import Disposed, Life, NextActivation, TraitParams, Wounds
from wartime.core.errors import RuleViolation
from wartime.geometry.measure import bases_overlap
from wartime.rules.checks import Modifier
from wartime.rules.traits.auras import allies_within
from wartime.rules.traits.registry import ACTION_KINDS, MoveBoost, StartPsi, handlers, register, vol_reach

R = ("race",)


# --- the Señores: enemies' checks of one attribute against the bearer −2 ---------------------------------------
def _lord(trait_id: str, name: str, attribute: str):
    def handler(gs, bearer: int, e: int, attr: str, kind: str) -> Modifier | None:
        if attr == attribute and gs.side(e) != gs.side(bearer):
            return Modifier(trait_id, -2, name)
        return None
    handler.__doc__ = (f"{trait_id}: enemies in melee or at range have CH {attribute} −2 against it (ruling: any CH "
                       f"{attribute} an enemy makes against it: its side of an opposed check with it, the check of "
                       "an action aimed at it).")
    handler.__name__ = trait_id.lower().replace("-", "_")
    return handler


for _tid, _name, _attr in (("TRT-LORD-OF-CONFUSION", "Señor de la confusión", "INT"),
                           ("TRT-LORD-OF-HUNGER", "Señor del hambre", "CON"),
                           ("TRT-LORD-OF-SUBJUGATION", "Señor del sometimiento", "VOL")):
    register(_tid, _name, {"targeted_check_mod": _lord(_tid, _name, _attr)}, kinds=R)


# --- Maestro guerrero: a failed melee CH IMP rerolled --------------------------------------------------------------
def master_warrior(gs, e: int, attribute: str | None, kind: str) -> str | None:
    """TRT-MASTER-WARRIOR ruling: one reroll of a failed melee CH IMP (the second result stands; G2). A CH IMP
    made while engaged is a melee one: an engaged character cannot shoot (CMB-10), and a charge's CH IMP is
    rolled in base contact."""
    return "any" if kind == "IMP" and gs.engaged(e) else None


register("TRT-MASTER-WARRIOR", "Maestro guerrero", {"reroll": master_warrior}, kinds=R)


# --- Regeneración and Necrófago: actions (rules/actions/race_actions.py) ----------------------------------------------------
#: TRT-REGENERATION: the action's key.
REGENERATE = "regenerate"


def regeneration_grants(gs, e: int) -> tuple[str, ...]:
    """TRT-REGENERATION: it may spend ENE 3 and pass a CH CON to remove 1 wound (an action of its own)."""
    return (REGENERATE,)


register("TRT-REGENERATION", "Regeneración", {"grants_extra_action": regeneration_grants}, kinds=R)

#: TRT-NECROPHAGE: the action's key.
FEED = "feed_on_corpse"


def necrophage_grants(gs, e: int) -> tuple[str, ...]:
    """TRT-NECROPHAGE: feeding on a corpse heals 1 wound (an action of its own at ENE 5)."""
    return (FEED,)


register("TRT-NECROPHAGE", "Necrófago", {"grants_extra_action": necrophage_grants}, kinds=R)

#: TRT-THIRST-FOR-ENERGY: the action's key.
STEAL = "steal_energy"


def thirst_for_energy_grants(gs, e: int) -> tuple[str, ...]:
    """TRT-THIRST-FOR-ENERGY: stealing 3 ENE is an action of its own (ENE 1, CH VOL)."""
    return (STEAL,)


register("TRT-THIRST-FOR-ENERGY", "Sed de energía", {"grants_extra_action": thirst_for_energy_grants}, kinds=R)


# --- Ira: wounded in melee and alive, CH IMP +1 and DMG +1 in melee in its next activation ------------------------
def wrath_wounded(gs, e: int, attacker, melee: bool, state: str) -> None:
    """TRT-WRATH: wounded in melee without dying, its next activation is marked (components.NextActivation: the
    mark moves into Effects.spent when that activation starts, and lapses when the one after starts)."""
    if not melee or state == "dead":
        return
    nxt = gs.world.try_get(e, NextActivation) or NextActivation()
    if "TRT-WRATH" not in nxt.marks:
        gs.world.set(e, NextActivation(nxt.marks + ("TRT-WRATH",)))
        gs.world.emit("trait_primed", "TRT-WRATH", who=e, until="next activation")


def _wrathful(gs, bearer: int, attacker: int, ranged: bool) -> bool:
    return bearer == attacker and not ranged and "TRT-WRATH" in gs.effects(attacker).spent


def wrath_imp(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-WRATH: in the activation after it was wounded in melee, CH IMP +1 in melee."""
    return Modifier("TRT-WRATH", 1, "Ira") if _wrathful(gs, bearer, attacker, ranged) else None


def wrath_dmg(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-WRATH: in the activation after it was wounded in melee, DMG +1 in melee."""
    return 1 if _wrathful(gs, bearer, attacker, ranged) else None


register("TRT-WRATH", "Ira", {"got_wounded": wrath_wounded, "attack_mod": wrath_imp, "dmg_mod": wrath_dmg}, kinds=R)


# --- Sin suerte: 9 and 10 fumble ------------------------------------------------------------------------------------
def unlucky(gs, e: int) -> int:
    """TRT-UNLUCKY: rolls of 9 and 10 are fumbles (ruling: on all of its checks: its CH ATR, CH IMP, CH DEF, CH PSI
    and opposed checks; a 9 fails whatever the target and has the fumble's effects; "always passes" beats it,
    G10)."""
    return 9


register("TRT-UNLUCKY", "Sin suerte", {"fumble_range": unlucky}, kinds=R)


# --- Grito berserker: allies within 5 K charge +2 K ----------------------------------------------------------------
def berserker_cry(gs, e: int, bearers, key: str) -> float | None:
    """TRT-BERSERKER-CRY: allies within 5 K of a bearer (G1: not the bearer itself; G10: +2 K once however many
    bearers) get charge distance +2 K (Cargar's allowance, CBA-12)."""
    return 2.0 if key == "charge" and allies_within(gs, e, bearers, 5.0) else None


register("TRT-BERSERKER-CRY", "Grito berserker", {"aura_move_allowance": berserker_cry}, kinds=R)


# --- Maestría, Incapacidad and their combat kin: ±1 on one chosen action or item ------------------------------------
def _params(gs, e: int, trait_id: str) -> tuple[str, ...]:
    """The values of `e`'s parameters of `trait_id` (components.TraitParams: action keys, "weapon:<id>")."""
    tp = gs.world.try_get(e, TraitParams)
    return tuple(v for t, v in tp.params if t == trait_id) if tp is not None else ()


def _chosen(trait_id: str, name: str, value: int):
    def on_action(gs, e: int, key: str, attribute: str | None, kind: str) -> Modifier | None:
        if kind in ("ATR", "IMP") and key in _params(gs, e, trait_id):
            return Modifier(trait_id, value, f"{name} ({key})")
        return None
    on_action.__doc__ = (f"{trait_id}: CH ATR {value:+d} on every check of the chosen action (its CH IMP included; "
                         "the parameter, match.trait_params), not its CH PSI.")
    on_action.__name__ = trait_id.lower().replace("-", "_") + "_action"

    def on_weapon(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
        if bearer == attacker and weapon is not None and f"weapon:{weapon.key}" in _params(gs, bearer, trait_id):
            return Modifier(trait_id, value, f"{name} ({weapon.name})")
        return None
    on_weapon.__doc__ = f"{trait_id}: CH IMP {value:+d} on every attack made with the chosen weapon."
    on_weapon.__name__ = trait_id.lower().replace("-", "_") + "_weapon"

    def on_object(gs, e: int, gear) -> Modifier | None:
        if f"object:{getattr(gear, 'key', None)}" in _params(gs, e, trait_id):
            return Modifier(trait_id, value, f"{name} ({gear.name})")
        return None
    on_object.__doc__ = f"{trait_id}: CH ATR {value:+d} on every check made using the chosen object (Usar's CH ATR)."
    on_object.__name__ = trait_id.lower().replace("-", "_") + "_object"
    return on_action, on_weapon, on_object


for _tid, _name, _v, _combat in (("TRT-MASTERY", "Maestría", 1, False), ("TRT-INEPTITUDE", "Incapacidad", -1, False),
                                 ("TRT-COMBAT-MASTERY", "Maestría en combate", 1, True),
                                 ("TRT-COMBAT-INEPTITUDE", "Incapacidad de combate", -1, True)):
    _on_action, _on_weapon, _on_object = _chosen(_tid, _name, _v)
    register(_tid, _name, {"action_check_mod": _on_action,
                           **({"attack_mod": _on_weapon} if _combat else {"object_check_mod": _on_object})},
             kinds=R)


# --- Resistencia mental: an enemy's opposed CH VOL against it −1 ---------------------------------------------------
def mental_resistance(gs, bearer: int, e: int, attribute: str, kind: str) -> Modifier | None:
    """TRT-MENTAL-RESISTANCE: actions against it that need an opposed CH VOL (CH VOL ENF) are made at CH ATR −1:
    the acting enemy's CH VOL ENF against it (ruling: the −1 is on that check, the one the action requires)."""
    if kind == "ENF" and attribute == "VOL" and gs.side(e) != gs.side(bearer):
        return Modifier("TRT-MENTAL-RESISTANCE", -1, "Resistencia mental")
    return None


register("TRT-MENTAL-RESISTANCE", "Resistencia mental", {"targeted_check_mod": mental_resistance}, kinds=R)


# --- Súper sentidos: smoke on its line of fire is no malus ------------------------------------------------------
def super_senses(gs, e: int) -> bool:
    """TRT-SUPER-SENSES: it ignores thin things in its line of sight (smoke, paper walls, night...); ruling: smoke
    and darkness modifiers do not apply to it: smoke's CH IMP malus (TRT-SMOKE, TRT-DENSE-SMOKE) and darkness's
    (a scenario's night or dark areas, project ruling, rules/darkness.py) on its ranged attacks."""
    return True


register("TRT-SUPER-SENSES", "Súper sentidos", {"smoke_sight": super_senses, "dark_sight": super_senses}, kinds=R)


# --- Piloto evasivo, Suspenso en gimnasia: the checks of its movement actions ----------------------------------------
def _movement_action(key: str, complex_only: bool = False) -> bool:
    """Whether action `key` is a movement action (with a check of its own, `complex_only`)."""
    category, has_check = ACTION_KINDS.get(key, ("", False))
    return category == "movement" and (has_check or not complex_only)


#: Movement actions whose CH AGI is conditional (their `has_check` is False) that TRT-EVASIVE-PILOT counts complex
#: all the same: Embarcar / desembarcar en marcha (MVA-17; traits/transport.py adds them).
CONDITIONAL_COMPLEX: list[str] = []


def evasive_pilot(gs, e: int, key: str, attribute: str | None, kind: str) -> Modifier | None:
    """TRT-EVASIVE-PILOT: CH AGI +1 in complex movement actions (the movement actions that need a check: Escalar,
    Nadar, saltos, 180°, altitude changes, embarking on a moving transport...; not Mover's chained CH AGI, ACT-3);
    on a race or a transport (traits/transport.py)."""
    if attribute == "AGI" and kind == "ATR" and (_movement_action(key, complex_only=True)
                                                 or key in CONDITIONAL_COMPLEX):
        return Modifier("TRT-EVASIVE-PILOT", 1, "Piloto evasivo")
    return None


def failed_gym_class(gs, e: int, key: str, attribute: str | None, kind: str) -> Modifier | None:
    """TRT-FAILED-GYM-CLASS (truncated row, ruling): every movement action except Mover is difficult: its checks
    −1 (the CH ATR of Escalar, Nadar, saltos, 180°...; Mover's chained CH AGI, ACT-3, is not touched)."""
    if kind == "ATR" and key != "move" and _movement_action(key):
        return Modifier("TRT-FAILED-GYM-CLASS", -1, "Suspenso en gimnasia")
    return None


register("TRT-EVASIVE-PILOT", "Piloto evasivo", {"action_check_mod": evasive_pilot}, kinds=R)
register("TRT-FAILED-GYM-CLASS", "Suspenso en gimnasia", {"action_check_mod": failed_gym_class}, kinds=R)


# --- No vivo: a tag -------------------------------------------------------------------------------------------------
#: TRT-NON-LIVING (No vivo): not alive; immune to diseases and poisons. The tag TRT-UNDEAD-SLAYER (Matamuertos: DMG +2
#: against it) and MET-8 read; its immunity meets every delivery of poison or disease (a venom coat, a weapon whose
#: catalogue entry declares ``elements = ["poison"]`` or ``["disease"]``, a hazard delivering them) as
#: TRT-INVULNERABLE (veneno) and (enfermedad) would (rules/traits/substances.py): the hit leaves no wounds.
IMMUNE_TO = ("poison", "disease")


def non_living(gs, e: int) -> bool:
    """TRT-NON-LIVING: not a living character, so a puppeteer cannot corrupt it (MET-8)."""
    return True


def non_living_immunity(gs, e: int) -> tuple[str, ...]:
    """TRT-NON-LIVING: immune to diseases and poisons: a hit with a weapon delivering poison or disease (its data's
    elements, a venom coat: core.elements.delivers) leaves it no wounds (DMG 0, as TRT-INVULNERABLE's immunity; its
    CH DEF is still rolled), a hit of no weapon delivering them deals it DMG 0 (``substance_immunity``)."""
    return IMMUNE_TO


register("TRT-NON-LIVING", "No vivo", {"not_living": non_living, "substance_immunity": non_living_immunity},
         kinds=R)


# --- Fuego en las venas: +3 K to a move for 1 wound --------------------------------------------------------------
FIRE_BOOST = MoveBoost("TRT-FIRE-IN-THE-VEINS", 3.0, 1, "Fuego en las venas: +3 K, 1 wound", any_move=True)


def fire_in_the_veins(gs, e: int, key: str) -> MoveBoost:
    """TRT-FIRE-IN-THE-VEINS: it may add +3 K to any movement action; if it does, it gains 1 wound (ignoring DEF,
    G7). Offered on every movement action as its ``boost`` parameter (the controller chooses it when declaring):
    the moves with an allowance (Mover, Correr, Esprintar, Mover sin hacer ruido) and Cargar go 3 K farther, and so
    do the terrain moves (``any_move``): Nadar, Escalar (3 K higher), Mover cargado and 180° go 3 K farther, the
    jumps' limits grow 3 K (Salto de longitud's length, Subir a un alto's height), and so does Súper salto's leap
    (TRT-SUPER-JUMP: 13 K; rules/actions/super_jump.py)."""
    return FIRE_BOOST


register("TRT-FIRE-IN-THE-VEINS", "Fuego en las venas", {"move_boost": fire_in_the_veins}, kinds=R)


# --- Gran demonio: enemies within VOL K, a CH PSI and then a CH LOC −2 ---------------------------------------------
def greater_demon(gs, e: int, bearers) -> StartPsi | None:
    """TRT-GREATER-DEMON (ruling): an enemy within as many K as the bearer's VOL makes a psychology check (CH PSI,
    PSI-4..6) at the start of each of its activations; if it fails, a madness check (CH LOC, PSI-7..9) at −2. Several
    bearers: one check (G10), the nearest in reach is its source."""
    near = [b for b in bearers if gs.distance(e, b) <= vol_reach(gs, b) + 1e-9]
    if not near:
        return None
    source = min(near, key=lambda b: (gs.distance(e, b), b))
    return StartPsi("TRT-GREATER-DEMON", "Gran demonio", source, -2)


register("TRT-GREATER-DEMON", "Gran demonio", {"aura_start_psi": greater_demon}, kinds=R)


# --- Anónimo: no charge at it; no shot at it in a crowd ------------------------------------------------------------
ANONYMOUS_K = 3.0


def anonymous(gs, bearer: int, actor: int, action) -> None:
    """TRT-ANONYMOUS: enemies cannot charge it (Cargar, Contracarga); they cannot shoot at it (the ranged attacks:
    CBA-1..4, Lanzar CBA-6) while another character is within 3 K of it. Ruling: 'otro Pj' = any other character,
    friend or foe, on the table, other than the shooter itself (edge to edge, BAS-3); area attacks aimed at a point
    still catch it."""
    if gs.side(actor) == gs.side(bearer):
        return
    if action.key in ("charge", "counter_charge"):
        raise RuleViolation("TRT-ANONYMOUS", f"{gs.name(bearer)} is anonymous (Anónimo): enemies cannot charge it")
    if action.ranged:
        crowd = [o for o in gs.minis() if o not in (bearer, actor) and gs.on_table(o)
                 and gs.distance(bearer, o) <= ANONYMOUS_K + 1e-9]
        if crowd:
            raise RuleViolation("TRT-ANONYMOUS", f"{gs.name(bearer)} is anonymous (Anónimo) and {gs.name(crowd[0])} "
                                "is within 3 K of it: enemies cannot shoot at it")


register("TRT-ANONYMOUS", "Anónimo", {"target_restriction": anonymous}, kinds=R)


# --- Sed de sangre, Grito de sangre: +2 K after a melee kill, to engage again ----------------------------------------
def _blood_boost(trait_id: str, label: str) -> MoveBoost:
    return MoveBoost(trait_id, 2.0, 0, label, must_engage=True, until_next_move=trait_id)


THIRST_BOOST = _blood_boost("TRT-THIRST-FOR-BLOOD", "Sed de sangre: +2 K to engage again")
CRY_BOOST = _blood_boost("TRT-CRY-OF-BLOOD", "Grito de sangre: +2 K to engage again")


def _mark(gs, e: int, mark: str) -> None:
    spent = gs.effects(e).spent
    if mark not in spent:
        gs.set_effects(e, spent=spent + (mark,))
        gs.world.emit("trait_primed", mark, who=e, until="next move this activation")


def thirst_for_blood_kill(gs, killer: int, victim: int, melee: bool) -> None:
    """TRT-THIRST-FOR-BLOOD: after it kills its melee opponent it is marked (Effects.spent) for its next move of
    that activation."""
    if melee:
        _mark(gs, killer, "TRT-THIRST-FOR-BLOOD")


def thirst_for_blood_boost(gs, e: int, key: str) -> MoveBoost | None:
    """TRT-THIRST-FOR-BLOOD: marked, its next move (Mover, Correr, Esprintar, Mover sin hacer ruido) may go +2 K if
    that move ends engaged with an enemy (the move's ``boost`` parameter); the mark lapses after that move, or
    when its next activation starts."""
    return THIRST_BOOST if "TRT-THIRST-FOR-BLOOD" in gs.effects(e).spent else None


def cry_of_blood_kill(gs, killer: int, bearers, victim: int, melee: bool) -> None:
    """TRT-CRY-OF-BLOOD: an ally within 5 K of a bearer (G1) that kills in melee is marked for its next move of
    that activation (as Sed de sangre)."""
    if melee and allies_within(gs, killer, bearers, 5.0):
        _mark(gs, killer, "TRT-CRY-OF-BLOOD")


def cry_of_blood_boost(gs, e: int, bearers, key: str) -> MoveBoost | None:
    """TRT-CRY-OF-BLOOD (ruling): the marked ally's next move that activation may go +2 K if it ends engaged (while
    a bearer is on the table and able: an aura)."""
    return CRY_BOOST if "TRT-CRY-OF-BLOOD" in gs.effects(e).spent else None


register("TRT-THIRST-FOR-BLOOD", "Sed de sangre", {"killed_someone": thirst_for_blood_kill,
                                                   "move_boost": thirst_for_blood_boost}, kinds=R)
register("TRT-CRY-OF-BLOOD", "Grito de sangre", {"aura_killed_someone": cry_of_blood_kill,
                                                 "aura_move_boost": cry_of_blood_boost}, kinds=R)


# --- Orador: its "VOL K" reaches doubled ------------------------------------------------------------------------------
def orator(gs, e: int) -> int:
    """TRT-ORATOR (ruling): every effect of its whose range is "as many K as its VOL" reaches VOL × 2 K (those the
    engine plays: Sed de energía's theft, Gran demonio's aura; rules.traits.vol_reach)."""
    return 2


register("TRT-ORATOR", "Orador", {"vol_reach_factor": orator}, kinds=R)


# --- Resurrección, Ave Fénix: a corpse that comes back ----------------------------------------------------------
def _may_come_back(gs, e: int) -> bool:
    """A corpse may come back where it fell: not destroyed (GNA-7), not killed by a hit that finishes (final_kill,
    TRT-FINISHER) and no other miniature standing on the spot."""
    if gs.world.has(e, Disposed):
        return False
    if any(t in gs.effects(e).spent for t, _ in handlers("final_kill")):
        return False                                    # killed by a TRT-FINISHER hit: it stays dead
    p, r = gs.pos(e), gs.body(e).radius
    return not any(o != e and gs.on_table(o) and gs.pos(o).level == p.level
                   and bases_overlap(p.x, p.y, r, gs.pos(o).x, gs.pos(o).y, gs.body(o).radius) for o in gs.minis())


def _come_back(gs, e: int, wounds: int, rule: str) -> None:
    gs.world.set(e, Wounds(wounds))
    gs.world.set(e, Life("active"))
    gs.world.emit("life", rule, who=e, state="active", wounds=wounds)


def resurrection(gs, e: int, turn: int) -> None:
    """TRT-RESURRECTION: after it dies it rolls 1D10 at the start of each turn; on a critical (1) it comes back to
    life with wounds = CON − 1, where it fell (ruling). A destroyed corpse (GNA-7) cannot come back; nor can it
    while another miniature stands on the spot where it fell (it rolls again next turn)."""
    if not _may_come_back(gs, e):
        return
    die = gs.world.dice.d10()
    gs.world.emit("resurrection_roll", "TRT-RESURRECTION", who=e, die=die, revived=die == 1)
    if die == 1:
        _come_back(gs, e, max(0, gs.base_attrs(e).CON - 1), "TRT-RESURRECTION")


def phoenix(gs, e: int) -> None:
    """TRT-PHOENIX: when it dies it rolls 1D10: a critical (1) brings it back with no wounds, 2 to 5 with CON − 1
    wounds, 6 to 9 it waits, a fumble (10) leaves it a casualty. Ruling: while it waits it rolls again at the start
    of each turn, until it comes back or fumbles; it comes back where it fell (not a destroyed corpse, GNA-7; not
    while another miniature stands there: it waits). A casualty is marked in Effects.spent (a corpse never
    activates, so the mark stays)."""
    if "TRT-PHOENIX" in gs.effects(e).spent or not _may_come_back(gs, e):
        return
    die = gs.world.dice.d10()
    outcome = "back" if die <= 5 else ("waits" if die <= 9 else "casualty")
    gs.world.emit("phoenix_roll", "TRT-PHOENIX", who=e, die=die, outcome=outcome)
    if outcome == "back":
        _come_back(gs, e, 0 if die == 1 else max(0, gs.base_attrs(e).CON - 1), "TRT-PHOENIX")
    elif outcome == "casualty":
        gs.set_effects(e, spent=gs.effects(e).spent + ("TRT-PHOENIX",))


def phoenix_died(gs, e: int, attacker, melee: bool) -> None:
    """TRT-PHOENIX: its roll when an attack kills it (a death by other means rolls at the next turn start)."""
    phoenix(gs, e)


def phoenix_turn(gs, e: int, turn: int) -> None:
    """TRT-PHOENIX: while it waits, a roll at the start of each turn."""
    phoenix(gs, e)


register("TRT-RESURRECTION", "Resurrección", {"dead_turn_start": resurrection}, kinds=R)
register("TRT-PHOENIX", "Ave Fénix", {"died": phoenix_died, "dead_turn_start": phoenix_turn}, kinds=R)

# --- Apestoso: no ally ends a move within 3 K of it -----------------------------------------------------------------
STINKY_K = 3.0


def stinky(gs, e: int, bearers, end) -> None:
    """TRT-STINKY: no friendly character may end its movement less than 3 K from it (ruling: base to base; allies
    already within 3 K are not displaced when it moves, but a move of theirs must end 3 K away or more)."""
    r = gs.body(e).radius
    for b in bearers:
        if gs.side(b) != gs.side(e):
            continue
        q = gs.pos(b)
        gap = math.hypot(end[0] - q.x, end[1] - q.y) - r - gs.body(b).radius
        if gap < STINKY_K - 1e-9:
            raise RuleViolation("TRT-STINKY", f"{gs.name(b)} stinks (Apestoso): {gs.name(e)} may not end its move "
                                f"less than 3 K from it ({max(0.0, gap):.1f} K)")


register("TRT-STINKY", "Apestoso", {"aura_move_end": stinky}, kinds=R)
