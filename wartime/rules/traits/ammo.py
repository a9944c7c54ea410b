"""Ammunition and weapon-use traits of the catalogue (issue 12): Munición silenciosa (TRT-SILENT-AMMO), Munición
aliento de dragón (TRT-DRAGONS-BREATH-AMMO), Munición magnética (TRT-MAGNETIC-AMMO), Munición teledirigida
(TRT-GUIDED-AMMO), Munición excepcional (TRT-EXCEPTIONAL-AMMO), Munición explosiva (TRT-EXPLOSIVE-AMMO), Munición de
parada (TRT-STOPPING-AMMO), Munición aturdiradora (TRT-STUN-AMMO), Sin munición (TRT-OUT-OF-AMMO), Arma de campaña
(TRT-FIELD-WEAPON) and Cargas (TRT-CHARGES). (Más munición is with Cargadores in rules.traits.weapons, Munición
estabilizadora with the areas in rules.traits.area.)

Each handler answers for its weapon's attacks (``bearer == attacker``: a weapon trait's bearer is its user)."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction

from wartime.core.components import Climbing
from wartime.core.errors import RuleViolation
from wartime.rules.checks import Modifier, percent
from wartime.rules.pushing import push_end
from wartime.rules.traits.registry import character_traits, register, trait_arg, weapon_index, with_trait_arg
from wartime.rules.traits.weapons import silent

#: Escudo de energía (avanzado): a target carrying one is not the "target without energy shields" of
#: TRT-MAGNETIC-AMMO (traits notes: energy shields are these two traits).
ENERGY_SHIELDS = ("TRT-ENERGY-SHIELD", "TRT-ADVANCED-ENERGY-SHIELD")


def _own(bearer: int, attacker: int) -> bool:
    return bearer == attacker


# --- Munición silenciosa: CH DEF −1 from a flank or from behind; no noise ------------------------------------
def from_behind_the_front(gs, attacker: int, target: int) -> bool:
    """TRT-SILENT-AMMO ruling: the attacker stands outside the target's front 180° arc (its centre behind the
    line through the target's centre square to its facing; on the line counts as the front)."""
    pa, pt = gs.pos(attacker), gs.pos(target)
    r = math.radians(pt.facing)
    return (pa.x - pt.x) * math.cos(r) + (pa.y - pt.y) * math.sin(r) < -1e-9


def silent_ammo_def(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-SILENT-AMMO: the target has CH DEF −1 when attacked from a flank or from behind (outside its front
    180° arc); a CH DEF modifier (the target number only, CMB-3 ruling)."""
    if _own(bearer, attacker) and from_behind_the_front(gs, attacker, target):
        return Modifier("TRT-SILENT-AMMO", -1, "Munición silenciosa (flank)")
    return None


# --- Munición aliento de dragón: RNG /2, DMG +2, CAL −1 -------------------------------------------------------
def dragons_breath_range(weapon) -> Fraction:
    """TRT-DRAGONS-BREATH-AMMO: RNG /2, a factor after the additions (Más alcance), one rounding x.5 up (G5)."""
    return Fraction(1, 2)


def dragons_breath_dmg(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-DRAGONS-BREATH-AMMO: DMG +2 (a ± term of CMB-4)."""
    return 2 if _own(bearer, attacker) else None


def dragons_breath_quality(weapon) -> int:
    """TRT-DRAGONS-BREATH-AMMO: CAL (QUA) −1, minimum 1 (registry.weapon_quality)."""
    return -1


# --- Munición magnética: DMG /2 against a target without energy shields ---------------------------------------
def shielded(gs, e: int) -> bool:
    """Whether `e` carries an energy shield (Escudo de energía, avanzado): as its own trait, or on a protection it
    wears that is not disabled (a protection's traits, where the engine carries them)."""
    if any(s in character_traits(gs, e) for s in ENERGY_SHIELDS):
        return True
    return any(s in getattr(p, "traits", ()) for p in gs.equipment(e).protections
               if not getattr(p, "disabled", False) for s in ENERGY_SHIELDS)


def magnetic_dmg(gs, bearer, attacker, target, weapon, ranged) -> Fraction | None:
    """TRT-MAGNETIC-AMMO: against a target without energy shields, DMG /2 (a factor in CMB-4's order: after
    the ± terms, with the other factors, rounded once x.5 up, minimum 1). A target with an energy shield takes no
    DMG /2: its shield's check is halved instead (``magnetic_shield``)."""
    if not _own(bearer, attacker) or shielded(gs, target):
        return None
    return Fraction(1, 2)


# --- Munición teledirigida: CH IMP target always 8 ---------------------------------------------------------
def guided(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-GUIDED-AMMO ruling: the CH IMP target is always 8, ignoring the user's AGI and every modifier (its
    rerolls too: the check is the ammunition's); a 1 is still a critical and a 10 a fumble."""
    return 8 if _own(bearer, attacker) and ranged else None


# --- Munición excepcional: the target rerolls a passed non-critical CH DEF --------------------------------------
def exceptional(gs, bearer, attacker, target, weapon, ranged) -> bool:
    """TRT-EXCEPTIONAL-AMMO ruling: the target must reroll its CH DEF unless it passed it with a critical: a passed
    non-critical first CH DEF is rerolled once and the second result stands (a failed CH DEF the target itself
    rerolls is not rerolled again: G2, one reroll per check)."""
    return _own(bearer, attacker)


# --- Munición aturdiradora: a hit target cannot react and has CH ATR −1 ---------------------------------------------
@dataclass(frozen=True, slots=True)
class Stunned:
    """TRT-STUN-AMMO: the character was hit by stun ammunition; it is stunned until the end of its activation in
    turn `until_turn` (its next activation)."""
    until_turn: int


def _turn(gs) -> int:
    return gs.world.resources["flow"].turn


def stun(gs, bearer, attacker, target, weapon, ranged) -> None:
    """TRT-STUN-AMMO ruling: a hit (even without wounds) stuns the target until the end of its next activation: this
    turn's if it has not started it yet, else next turn's (a character that has no activation that turn is stunned
    until the turn ends). A new hit restarts the duration."""
    if weapon is None or "TRT-STUN-AMMO" not in weapon.traits or not gs.on_table(target):
        return
    act = gs.activation(target)
    until = _turn(gs) + (1 if act.started or act.acted else 0)
    gs.world.set(target, Stunned(until))
    gs.world.emit("stunned", "TRT-STUN-AMMO", who=target, by=attacker, until_turn=until)


def stunned(gs, e: int) -> bool:
    """TRT-STUN-AMMO: whether `e` is stunned now (its activation in the stun's last turn not over yet)."""
    s = gs.world.try_get(e, Stunned)
    if s is None:
        return False
    turn = _turn(gs)
    return turn < s.until_turn or (turn == s.until_turn and not gs.activation(e).acted)


def stun_check(gs, e: int, attribute: str, kind: str) -> Modifier | None:
    """TRT-STUN-AMMO: a stunned character has CH ATR −1 (every check made with an attribute, G3; not cumulative)."""
    return Modifier("TRT-STUN-AMMO", -1, "stunned (Munición aturdiradora)") if stunned(gs, e) else None


def stun_no_reaction(gs, e: int) -> bool:
    """TRT-STUN-AMMO: a stunned character cannot react."""
    return stunned(gs, e)


# --- Sin munición: 10 % before each CH IMP that the weapon is empty -----------------------------------------------
def out_of_ammo(gs, e: int, weapon) -> bool:
    """TRT-OUT-OF-AMMO ruling: before each CH IMP, 1D100 ≤ 10: the weapon has no ammunition: the attack fails (its
    ENE spent) and the weapon is empty (rounds 0) until a Recargar (GNA-13)."""
    if not percent(gs.world, 10, "TRT-OUT-OF-AMMO", f"{weapon.name} fired", who=e):
        return False
    i = weapon_index(gs, e, weapon)
    if i is not None:
        gs.set_weapon(e, i, replace(weapon, rounds=0))
    return True


def out_of_ammo_ready(weapon) -> None:
    """TRT-OUT-OF-AMMO: an empty weapon cannot attack until it is reloaded."""
    if weapon.rounds is not None and weapon.rounds <= 0:
        raise RuleViolation("TRT-OUT-OF-AMMO", f"{weapon.name} has no ammunition: reload (Recargar) first")


def out_of_ammo_reload(weapon):
    """TRT-OUT-OF-AMMO / GNA-13: Recargar gives the weapon its ammunition back (a full magazine with Cargadores)."""
    return replace(weapon, rounds=weapon.magazine)


# --- Arma de campaña: one field weapon fired per activation ---------------------------------------------------
def _field_mark(i: int) -> str:
    return f"TRT-FIELD-WEAPON:{i}"


def field_weapon_usable(gs, e: int, weapon) -> None:
    """TRT-FIELD-WEAPON ruling: after firing a Field Weapon the character can fire no other Field Weapon for the
    rest of that activation (the same one may fire again)."""
    i = weapon_index(gs, e, weapon)
    spent = [m for m in gs.effects(e).spent if m.startswith("TRT-FIELD-WEAPON:")]
    if weapon.ranged and spent and _field_mark(i) not in spent:
        raise RuleViolation("TRT-FIELD-WEAPON", f"{gs.name(e)} has fired another Field Weapon (Arma de campaña) "
                            "in this activation")


def field_weapon_fired(gs, e: int, weapon) -> None:
    """TRT-FIELD-WEAPON: firing it (an attack with RNG > 0) marks the activation (Effects.spent)."""
    i = weapon_index(gs, e, weapon)
    mark = _field_mark(i)
    if weapon.ranged and i is not None and mark not in gs.effects(e).spent:
        gs.set_effects(e, spent=gs.effects(e).spent + (mark,))
    return None


register("TRT-SILENT-AMMO", "Munición silenciosa", {"weapon_quiet": silent, "def_check_mod": silent_ammo_def},
         kinds=("weapon",))
register("TRT-DRAGONS-BREATH-AMMO", "Munición aliento de dragón",
         {"rng_factor": dragons_breath_range, "dmg_mod": dragons_breath_dmg, "qua_plus": dragons_breath_quality},
         kinds=("weapon",))
def magnetic_shield(gs, bearer, attacker, target, weapon, ranged) -> bool:
    """TRT-MAGNETIC-AMMO: the DEF of the target's energy shields is halved: their shield check targets 4 / 6 become
    2 / 3 (traits notes; rules.traits.protections.shield_check_target)."""
    return _own(bearer, attacker)


register("TRT-MAGNETIC-AMMO", "Munición magnética", {"dmg_factor": magnetic_dmg, "shield_halved": magnetic_shield},
         kinds=("weapon",))
register("TRT-GUIDED-AMMO", "Munición teledirigida", {"fixed_imp": guided}, kinds=("weapon",))
register("TRT-EXCEPTIONAL-AMMO", "Munición excepcional", {"def_reroll_forced": exceptional}, kinds=("weapon",))
register("TRT-STUN-AMMO", "Munición aturdiradora", {"on_hit": stun, "status_check_mod": stun_check,
                                                     "reaction_denied": stun_no_reaction}, kinds=("weapon",))
register("TRT-OUT-OF-AMMO", "Sin munición", {"shot_stopped": out_of_ammo, "weapon_ready": out_of_ammo_ready,
                                             "reload": out_of_ammo_reload}, kinds=("weapon",))
register("TRT-FIELD-WEAPON", "Arma de campaña", {"weapon_usable": field_weapon_usable,
                                                 "weapon_used": field_weapon_fired}, kinds=("weapon",))


def explosive(gs, bearer, attacker, target, weapon, ranged) -> bool:
    """TRT-EXPLOSIVE-AMMO ruling: each hit strikes twice: the target makes 2 separate CH DEF, each against the
    attack's full DMG (a CH IMP critical's +1 counts for both, a CH DEF fumble's +1 only for its own hit), and one
    CH PSI after both (rules.combat.double_hit); on an area each covered mini takes two hits. On-hit effects of
    other traits happen once per attack."""
    return bearer is None or bearer == attacker


register("TRT-EXPLOSIVE-AMMO", "Munición explosiva", {"double_hit": explosive}, kinds=("weapon",))


# --- Munición de parada: the hit target is pushed back ----------------------------------------------------------------
def last_hit_dmg(gs, attacker: int, target: int) -> int | None:
    """The final DMG (CMB-4, DEF not subtracted) of `attacker`'s latest hit on `target`: the last `damage` event on it
    since that `hit` event (None if the hit dealt none, e.g. stopped by its cover)."""
    dmg = None
    for ev in reversed(gs.world.events):
        t = ev["type"]
        if t == "damage" and ev.get("target") == target and dmg is None:
            dmg = ev["dmg"]
        elif t == "hit" and ev.get("attacker") == attacker and ev.get("target") == target:
            return dmg
    return None


def stopping(gs, bearer, attacker, target, weapon, ranged) -> None:
    """TRT-STOPPING-AMMO ruling: after the wounds, wounded or not, the hit target is pushed (DMG + 2 − its CON) K
    directly away from the attacker (DMG: the attack's final DMG against it, DEF not subtracted); nothing if that is
    0 or less; it stops at obstacles, other models and the board edge (Empujar's push, rules.pushing). Ruling: a
    target off the ground (on a height it stands or clings on, or flying) is not pushed: the edge holds it."""
    if weapon is None or "TRT-STOPPING-AMMO" not in weapon.traits or not gs.on_table(target):
        return
    dmg = last_hit_dmg(gs, attacker, target)
    push = (dmg or 0) + 2 - gs.attrs(target).CON
    if dmg is None or push <= 0:
        return
    p0 = gs.pos(target)
    if p0.level != 1 or gs.world.has(target, Climbing):
        gs.world.emit("push_held", "TRT-STOPPING-AMMO", who=attacker, target=target, wanted=push)
        return
    end = push_end(gs, attacker, target, float(push))
    gs.world.set(target, replace(p0, x=end[0], y=end[1]))
    gs.world.emit("pushed", "TRT-STOPPING-AMMO", who=attacker, target=target, path=[[p0.x, p0.y], list(end)],
                  length=round(math.hypot(end[0] - p0.x, end[1] - p0.y), 4), wanted=push, over_the_edge=False)


register("TRT-STOPPING-AMMO", "Munición de parada", {"on_hit": stopping}, kinds=("weapon",))


# --- Cargas: a number of uses per game ------------------------------------------------------------------------------
def charges_left(weapon) -> int | None:
    """TRT-CHARGES: the uses the weapon has left this game (its parameter at the start), None without the trait."""
    left = trait_arg(weapon, "TRT-CHARGES")
    return None if left is None else int(left)


def charges_usable(gs, e: int, weapon) -> None:
    """TRT-CHARGES: a weapon whose uses are spent cannot be used again this game."""
    if charges_left(weapon) == 0:
        raise RuleViolation("TRT-CHARGES", f"{weapon.name} has used all its charges (Cargas) this game")


def charges_used(gs, e: int, weapon) -> None:
    """TRT-CHARGES: each use (an attack with it, hit or miss) spends one of its uses (the count rides on the
    weapon, in its traits: ``TRT-CHARGES:<left>``)."""
    left, i = charges_left(weapon), weapon_index(gs, e, weapon)
    if left is not None and left > 0 and i is not None:
        gs.set_weapon(e, i, with_trait_arg(gs.weapon(e, i), "TRT-CHARGES", left - 1))
        gs.world.emit("charge_used", "TRT-CHARGES", who=e, weapon=weapon.name, left=left - 1)
    return None


# TRT-CHARGES is registered with its objects' handlers in rules.traits.objects (one trait, two kinds).
