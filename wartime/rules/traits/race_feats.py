"""Race traits of issue 12's batch that hook into existing points: Rematador's kills that stay dead
(TRT-FINISHER), Saltador's jumps and falls (TRT-JUMPER), Artillero's steady aim on transports (TRT-GUNNER) and
Reventamuros' blows against transports, walls and doors (TRT-WALLBREAKER). Rematador, Artillero and Reventamuros are also weapon
traits: the same handlers answer for the weapon (the attack hooks are asked for the weapon's traits too)."""
from __future__ import annotations

from fractions import Fraction

from wartime.core.components import Mount
from wartime.core.errors import RuleViolation
from wartime.core.rounding import round_half_up
from wartime.rules.checks import Modifier
from wartime.rules.traits.registry import register

R = ("race",)
RW = ("race", "weapon")


# --- Rematador: what it kills cannot be resurrected -----------------------------------------------------------------
def finisher(gs, bearer, attacker, target, weapon, ranged) -> bool:
    """TRT-FINISHER: whatever it (or an attack with the weapon carrying it) kills cannot be resurrected: the
    corpse is marked and TRT-RESURRECTION / TRT-PHOENIX never bring it back (rules.traits.race_more)."""
    return bearer == attacker


register("TRT-FINISHER", "Rematador", {"final_kill": finisher}, kinds=RW)


# --- Saltador: jumps +2 K, falls DMG / 2 ----------------------------------------------------------------------------
#: TRT-JUMPER: K added to Salto de longitud's horizontal distance (MVA-12).
JUMPER_K = 2.0


def jumper_allowance(gs, e: int, key: str) -> float | None:
    """TRT-JUMPER (ruling): jump distance +2 K: the horizontal distance of Salto de longitud (MVA-12) only, not
    the height of Subir a un alto nor Súper salto's 10 K."""
    return JUMPER_K if key == "long_jump" else None


def jumper_fall(gs, e: int, dmg: int) -> int:
    """TRT-JUMPER: DMG / 2 from falls (ruling: a multiplier in CMB-4's order, rounded once, x.5 up; a fall of
    DMG 0 stays 0)."""
    return round_half_up(float(Fraction(dmg, 2))) if dmg > 0 else dmg


def jumper_height(gs, e: int) -> bool:
    """TRT-JUMPER (ruling): it may jump over objects as tall as itself: its Subir a un alto reaches at least its own
    height (multiplier at least × 1, MVA-13) and its Salto de longitud clears obstacles up to its own height (not
    only its chest, MVA-12)."""
    return True


register("TRT-JUMPER", "Saltador", {"move_allowance": jumper_allowance, "fall_damage": jumper_fall,
                                    "jump_own_height": jumper_height}, kinds=R)


# --- Artillero: no malus for a moving transport -----------------------------------------------------------------------
def _moving_transport(gs, e: int) -> bool:
    """A miniature riding a transport (components.Mount) whose latest move covered more than 5 K (MOD-8)."""
    return gs.world.has(e, Mount) and gs.effects(e).fast_move


def gunner(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-GUNNER: no negative modifiers when shooting from and/or at a moving transport: the shot's MOD-8 −1
    (the shooter's or the target's transport moved more than 5 K) is cancelled by a +1 of its own (the one −1
    whichever moved; a malus of a character on foot stays). On a race (its shots) or a weapon (shots with it)."""
    if bearer != attacker or not ranged:
        return None
    if _moving_transport(gs, attacker) or _moving_transport(gs, target):
        return Modifier("TRT-GUNNER", 1, "Artillero: no moving-transport malus")
    return None


register("TRT-GUNNER", "Artillero", {"attack_mod": gunner}, kinds=RW)


# --- Reventamuros: DMG +3 in melee against doors, walls and transports ------------------------------------------------
def wallbreaker(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-WALLBREAKER: DMG +3 in melee against doors, walls and tanks (ruling: tanks = transports: a target riding
    a transport, components.Mount). On a race or a melee weapon. Walls, doors and driverless transports are no
    characters: `wallbreaker_structure` answers for them."""
    if bearer == attacker and not ranged and gs.world.has(target, Mount):
        return 3
    return None


def wallbreaker_structure(gs, bearer, attacker, what, weapon, ranged) -> int | None:
    """TRT-WALLBREAKER: DMG +3 in melee against a breakable wall or door (rules/scenery_breaking.py) and a driverless
    transport (MVA-17, rules/parked.py)."""
    if bearer == attacker and not ranged and what in ("wall", "door", "transport"):
        return 3
    return None


register("TRT-WALLBREAKER", "Reventamuros", {"dmg_mod": wallbreaker, "structure_dmg": wallbreaker_structure}, kinds=RW)


# --- Garras y dientes: unarmed DMG CON / 2, no equipment --------------------------------------------------------------
def claws_dmg(gs, e: int) -> int:
    """TRT-CLAWS-AND-TEETH: unarmed melee DMG equals CON / 2 (ruling: it replaces CBA-10's CON − 4 − wounds, x.5 up,
    and the unarmed 1-wound cap does not apply)."""
    return max(1, round_half_up(gs.attrs(e).CON / 2))


def claws_gear(kind: str, ene: int, rng: int, natural: bool) -> bool:
    """TRT-CLAWS-AND-TEETH: it cannot pick up equipment (ruling: it cannot wield weapons or objects nor take any,
    Comerciar or Saquear; natural protections, ENE 0, allowed)."""
    return kind in ("weapon", "object", "transport") or (kind == "protection" and ene > 0)


register("TRT-CLAWS-AND-TEETH", "Garras y dientes", {"natural_dmg": claws_dmg, "gear_denied": claws_gear}, kinds=R)


# --- Héroe: its wounds never kill it ----------------------------------------------------------------------------------
def hero_survives(gs, e: int) -> bool:
    """TRT-HERO (ruling): if its wounds are equal to or greater than its CON it is unconscious: it does not die from
    wounds (more than CON is also down: WND-2's incapacitated state, a casualty while down)."""
    return True


def hero_recovers(gs, e: int) -> int:
    """TRT-HERO (ruling): down, it removes 1 wound at the start of each of its activations and gets up when its
    wounds are below CON. A downed character does not activate: the engine heals the wound at the start of each
    turn, where its activation would come (rules.turns with rules.wounds.heal_wounds: it gets up below CON;
    TRT-NO-CURE denies it)."""
    return 1


register("TRT-HERO", "Héroe", {"death_denied": hero_survives, "down_recovery": hero_recovers}, kinds=R)


# --- Bomba viviente: it explodes when it dies -------------------------------------------------------------------------
def living_bomb(gs, e: int) -> tuple[int, int]:
    """TRT-LIVING-BOMB: if it dies it explodes: DMG = CON / 2, area = AGI / 2 (ruling: a round area R whose diameter
    is AGI / 2 centred on its base; halves rounded x.5 up, BAS-5). rules.combat resolves it: every miniature the
    area covers at its level takes a hit with its CH DEF (ARE-5: the full DMG fully covered, ARE-6: half partly
    covered), in id order. On any death: when an attack kills it (after the hit's other effects) and when wounds of
    no attack do (rules.wounds.apply_wounds: a fumble's, a weapon's wear, a burn's)."""
    a = gs.attrs(e)
    return round_half_up(a.CON / 2), round_half_up(a.AGI / 2)


register("TRT-LIVING-BOMB", "Bomba viviente", {"death_blast": living_bomb}, kinds=R)


# --- Animal: no points, no purely human actions ------------------------------------------------------------------------
#: TRT-ANIMAL (ruling): the purely human actions: Buscar, Comerciar, Curar / Reparar, Recargar, Saquear, Usar,
#: Desenfundar, Marcar un objetivo (by the engine's action keys).
HUMAN_ACTIONS = ("search", "trade", "heal", "reload", "loot", "use_object", "quick_draw", "mark_target")


def animal_actions(gs, e: int, key: str) -> None:
    """TRT-ANIMAL (ruling): it cannot perform purely human actions: Buscar, Comerciar, Curar / Reparar, Recargar,
    Saquear, Usar, Desenfundar, Marcar un objetivo. It claims no victory or objective points: the engine's only
    points are a side's prisoners ('prisoners' victory), which no character claims."""
    if key in HUMAN_ACTIONS:
        raise RuleViolation("TRT-ANIMAL", f"{gs.name(e)} is an animal (Animal): no {key} (a purely human action)")


def animal_gear(kind: str, ene: int, rng: int, natural: bool) -> bool:
    """TRT-ANIMAL (ruling): it does not drive a transport nor attack with non-natural weapons of RNG > 0 (refused
    when fielded: a weapon of RNG > 0 whose material is not natural, match.trait_gear)."""
    return kind == "transport" or (kind == "weapon" and rng > 0 and not natural)


def animal_reactions(gs, e: int, key: str) -> None:
    """TRT-ANIMAL (ruling): no purely human action as a reaction either (Desenfundar, CBA-22)."""
    animal_actions(gs, e, key)


register("TRT-ANIMAL", "Animal", {"action_ban": animal_actions, "reaction_restriction": animal_reactions,
                                  "gear_ban": animal_gear}, kinds=R)
