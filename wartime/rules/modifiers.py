"""The modifier pipeline: which modifiers apply to a character's checks (MOD-2..8, ACT-3, MVA-2..5, CBA-12,
GNA-1, GNA-4, PSI-4, PSI-10, and the traits' hook point `check_mod`). Each modifier names its rule ID."""
from __future__ import annotations

import math

from wartime.core.components import Attributes, Looted, Posture
from wartime.rules import traits
from wartime.rules.area_effects import AreaEffect, smoke_mods
from wartime.rules.checks import CheckResult, Modifier, opposed_winner, roll_check
from wartime.rules.darkness import dark_mods
from wartime.rules.state import GameState


def overload_penalty(gs: GameState, e: int) -> int:
    """MOD-4: −1 per point of total DEF above CON − wounds (BLD-7; the DEF worn or carried: a transport's does not
    count, BLD-19 b); the CON it counts as (TRT-MULE: +1)."""
    return max(0, gs.carried_def(e) - (traits.strength(gs, e) - gs.wounds(e)))


def fit_penalty(gs: GameState, e: int) -> int:
    """MOD-6 / BLD-7: −|SIZ − CON| for each worn protection with SIZ > 0 (race CON), less the points its traits
    forgive (hook fit_slack, TRT-ADJUSTABLE; minimum 0 per protection). TRT-NEGATE (SIZ): a character cancelling
    SIZ takes none on its checks (``character_mods``; the lead's ruling: its own protections' SIZ has no effect)."""
    con = gs.attrs(e).CON
    return sum(max(0, abs(p.SIZ - con) - traits.fit_slack(p)) for p in gs.equipment(e).protections if p.SIZ > 0)


def character_mods(gs: GameState, e: int, attribute: str | None, kind: str,
                   against: int | None = None) -> list[Modifier]:
    """Modifiers the character carries onto any check of `attribute` (kind 'ATR', 'IMP', 'PSI', 'LOC'), and
    those the traits of the character it is made `against` give it (TRT-LORD-OF-CONFUSION).
    CH DEF (attribute None) takes none of these (CHK-1: CH ATR modifiers do not apply to CH DEF)."""
    if attribute is None:
        return []
    mods: list[Modifier] = []
    if attribute == "AGI" and not traits.cancels(gs, e, "SIZ"):      # TRT-NEGATE (SIZ): its protections' SIZ
        fit = fit_penalty(gs, e)
        if fit:
            mods.append(Modifier("MOD-6", -fit, "SIZ vs CON"))
    if attribute == "AGI" or kind == "IMP":
        ov = overload_penalty(gs, e)
        if ov:
            mods.append(Modifier("MOD-4", -ov, "overload"))
    psyche = gs.psyche(e)
    if psyche.panic:
        mods.append(Modifier("PSI-10", -1, "panic"))
    if gs.effects(e).psi_bonus:
        mods.append(Modifier("PSI-4", 1, "CH PSI critical"))
    if attribute == "AGI":
        looted = gs.world.try_get(e, Looted)
        if looted is not None and looted.turn == gs.world.resources["flow"].turn:
            mods.append(Modifier("GNA-14", -looted.count, "looted this turn"))
    mods += traits.check_mods(gs, e, attribute, kind)       # TRT-VERY-FEARFUL, TRT-INSANE, ...
    mods += traits.aura_check_mods(gs, e, attribute, kind)  # allies' and enemies' auras (G1)
    mods += traits.status_mods(gs, e, attribute, kind)      # a state an enemy's trait left (TRT-STUN-AMMO)
    if against is not None:
        mods += traits.targeted_check_mods(gs, e, against, attribute, kind)   # TRT-LORD-OF-CONFUSION
    return mods


def range_penalty(distance: float) -> int:
    """MOD-2: −1 per started 10 K beyond the first 10 K (ceil((d − 10) / 10) when d > 10)."""
    if distance <= 10.0 + 1e-9:
        return 0
    return math.ceil((distance - 10.0) / 10.0 - 1e-9)


def ranged_mods(gs: GameState, attacker: int, target: int, distance: float, target_fast: bool) -> list[Modifier]:
    """MOD-2 range, MOD-7 a larger target (its natural MOV), MOD-8 either side moving more than 5 K (`target_fast`:
    the target's part)."""
    mods: list[Modifier] = []
    rp = range_penalty(distance)
    if rp:
        mods.append(Modifier("MOD-2", -rp, "range"))
    if gs.body(target).natural_mov > gs.body(attacker).natural_mov:
        mods.append(Modifier("MOD-7", 1, "larger target"))
    if gs.effects(attacker).fast_move or target_fast:
        mods.append(Modifier("MOD-8", -1, "moving more than 5 K"))
    return mods


def own_posture_mods(gs: GameState, attacker: int, ranged: bool) -> list[Modifier]:
    """MVA-4 / MVA-5: the attacker's own posture (crouched: ranged +1, melee −1; prone: ranged +1, melee −2)."""
    own = gs.world.get(attacker, Posture).state
    if own == "crouched":
        return [Modifier("MVA-4", 1 if ranged else -1, "attacker crouched")]
    if own == "prone":
        return [Modifier("MVA-5", 1 if ranged else -2, "attacker prone")]
    return []


def attack_mods(gs: GameState, attacker: int, target: int, ranged: bool, distance: float,
                weapon=None) -> list[Modifier]:
    """Situational CH IMP modifiers of an attack (MOD-2, MOD-5, MOD-7, MOD-8, MVA-3..5, CBA-12), and a ranged one's
    smoke and darkness on its line of fire from `weapon`'s muzzle (ENV-3: a mounted weapon's mount point)."""
    mods: list[Modifier] = []
    if ranged:
        mods += ranged_mods(gs, attacker, target, distance, gs.effects(target).fast_move)
    else:
        group = gs.melee_group(attacker)
        mine = sum(1 for m in group if gs.side(m) == gs.side(attacker) and gs.able(m))
        theirs = sum(1 for m in group if gs.side(m) != gs.side(attacker) and gs.able(m))
        if mine > theirs:
            mods.append(Modifier("MOD-5", 1, "numerical superiority"))
    # MVA-3: attacks against a sprinter this turn
    if gs.effects(target).sprint_turn == gs.world.resources["flow"].turn:
        mods.append(Modifier("MVA-3", -1, "target sprinted"))
    tgt = gs.world.get(target, Posture).state
    mods += own_posture_mods(gs, attacker, ranged)                 # MVA-4 / MVA-5: own posture
    # target posture: ranged only from more than 3 K (strictly)
    if tgt == "crouched":
        if not ranged:
            mods.append(Modifier("MVA-4", 1, "target crouched"))
        elif distance > 3.0 + 1e-9:
            mods.append(Modifier("MVA-4", -1, "target crouched"))
    elif tgt == "prone":
        if not ranged:
            mods.append(Modifier("MVA-5", 2, "target prone"))
        elif distance > 3.0 + 1e-9:
            mods.append(Modifier("MVA-5", -2, "target prone"))
    if not ranged and traits.charge_bonus(gs, attacker, target):         # CBA-12 (TRT-COUNTER-CHARGE denies it)
        mods.append(Modifier("CBA-12", 1, "charge"))
    if ranged:
        pt = gs.pos(target)
        mods += line_mods(gs, attacker, target, pt.x, pt.y, weapon)
    return mods


def point_attack_mods(gs: GameState, attacker: int, distance: float, point: tuple[float, float],
                      weapon=None) -> list[Modifier]:
    """Situational CH IMP modifiers of a ranged attack aimed at a point (an area's aim point, ARE-1): the range
    (MOD-2), the attacker's own speed (MOD-8), posture (MVA-4, MVA-5) and smoke and darkness on the line (TRT-SMOKE;
    from `weapon`'s muzzle, ENV-3); nothing that depends on a target mini."""
    mods: list[Modifier] = []
    rp = range_penalty(distance)
    if rp:
        mods.append(Modifier("MOD-2", -rp, "range"))
    if gs.effects(attacker).fast_move:
        mods.append(Modifier("MOD-8", -1, "moving more than 5 K"))
    own = gs.world.get(attacker, Posture).state
    if own == "crouched":
        mods.append(Modifier("MVA-4", 1, "attacker crouched"))
    elif own == "prone":
        mods.append(Modifier("MVA-5", 1, "attacker prone"))
    mods += line_mods(gs, attacker, None, point[0], point[1], weapon)
    return mods


def line_mods(gs: GameState, attacker: int, target: int | None, x: float, y: float, weapon=None) -> list[Modifier]:
    """The CH IMP modifiers of a ranged attack's line of fire from `weapon`'s muzzle (ENV-3) to (x, y): smoke on it
    (TRT-SMOKE, TRT-DENSE-SMOKE) and darkness (TRT-LIGHT, project ruling, rules/darkness.py; `target` the character
    aimed at, whose light may cancel it; None for a point or a driverless transport)."""
    return _smoke(gs, attacker, x, y, weapon) + dark_mods(gs, attacker, target, x, y, weapon)


def _smoke(gs: GameState, attacker: int, x: float, y: float, weapon=None) -> list[Modifier]:
    """TRT-SMOKE / TRT-DENSE-SMOKE: smoke on the line of fire (see rules.area_effects.smoke_mods); none for an
    attacker whose trait sees through smoke (hook ``sees_through_smoke``, TRT-SUPER-SENSES)."""
    if not gs.world.tables.get(AreaEffect) or traits.sees_through_smoke(gs, attacker):
        return []
    return smoke_mods(gs, attacker, x, y, weapon)


def roll_character_check(gs: GameState, ctx, e: int, kind: str, attribute: str, rule: str, reason: str,
                         extra: list[Modifier] | None = None, base: int | None = None, weapon=None,
                         crit_max: int = 1, fumble_min: int = 10, **event_data):
    """Roll a CH ATR-type check for character `e` (CHK-1, CHK-3): base = the attribute's current value,
    plus situational `extra`, the character's own modifiers, the action's one-shot modifiers (ACT-3,
    MVA-2, MVA-3, GNA-4) when `e` is the acting character, and a pending Apoyar +1 (GNA-1, consumed)."""
    mods: list[Modifier] = list(extra or [])
    mods += character_mods(gs, e, attribute, kind, event_data.get("against"))
    if ctx is not None and ctx.actor == e:
        mods += ctx.atr_mods(attribute)
        mods += traits.action_check_mods(gs, e, ctx.key, attribute, kind)      # TRT-ORDERLY-RETREAT
    eff = gs.effects(e)
    if eff.support:
        mods.append(Modifier("GNA-1", 1, "support"))
        gs.set_effects(e, support=0)
    if base is None:
        value, via = traits.check_base(gs, e, attribute, kind, getattr(gs.attrs(e), attribute))
        if via is not None:                    # an ally's aura lends its attribute (TRT-LEADER)
            event_data = {**event_data, "base_from": via}
    else:
        value = base
    other = event_data.get("against", event_data.get("source"))
    if isinstance(other, int) and traits.seen_attribute(gs, e, other, attribute, 1) == 0:
        value = 0                              # TRT-NEGATE: the other side cancels this characteristic
        event_data = {**event_data, "negated": other}
    always = traits.always_passes(gs, e, attribute, kind)         # TRT-MONKEY-KING, ...
    crit = traits.always_critical(gs, e, attribute, kind)         # TRT-GOD-OF-WIND, ...
    fumble_min = min(fumble_min, traits.fumble_floor(gs, e))       # TRT-UNLUCKY; the caller's (TRT-POISONED-DISTORTION)
    result = roll_check(gs.world, e, kind, attribute, value, mods, rule, reason, always_pass=always,
                        always_critical=crit, crit_max=crit_max, fumble_min=fumble_min, **event_data)
    if not result.passed:
        via = traits.reroll_source(gs, e, attribute, kind, weapon)   # G2: one reroll (TRT-ELITE-*, auras)
        if via is not None and traits.rerolls(via[1], result):
            traits.reroll_taken(gs, e, via[0])                     # a limited reroll is spent (TRT-CHI-CONTROL)
            result = roll_check(gs.world, e, kind, attribute, value, mods, rule, reason, crit_max=crit_max,
                                fumble_min=fumble_min,
                                **{**event_data, "reroll": via[0]})
    return result


def opposed(gs: GameState, a: int, b: int, attribute: str, rule: str, reason: str,
            key: str | None = None, b_extra: list[Modifier] | None = None) -> tuple[str | None, CheckResult]:
    """CHK-4: a CH <attribute> ENF between `a` and `b`, each with its own character modifiers (and `a`'s on the
    checks of its action `key`: TRT-COMBAT-MASTERY; `b_extra`: `b`'s from the item it acts with, TRT-COMBAT-RUNES
    on a weapon); a full tie rerolls both. Returns the winner ('a', 'b' or None) and `a`'s last roll (its natural
    1 counts for CBA-16)."""
    world = gs.world
    own = traits.action_check_mods(gs, a, key, attribute, "ATR") if key is not None else []

    def enf(e: int, other: int, kind: str) -> list:    # the other side's traits on a check against it
        return traits.targeted_check_mods(gs, e, other, attribute, kind)
    # TRT-NEGATE: a side that cancels the attribute makes the other's count 0
    va = traits.seen_attribute(gs, a, b, attribute, getattr(gs.attrs(a), attribute))
    vb = traits.seen_attribute(gs, b, a, attribute, getattr(gs.attrs(b), attribute))
    while True:
        ra = roll_check(world, a, "ATR", attribute, va,
                        character_mods(gs, a, attribute, "ATR") + enf(a, b, "ENF") + own
                        + traits.opposed_mods(gs, a, attribute), rule, reason, side_of_opposed="a", against=b,
                        fumble_min=traits.fumble_floor(gs, a))
        rb = roll_check(world, b, "ATR", attribute, vb,
                        character_mods(gs, b, attribute, "ATR") + enf(b, a, "ENF-DEF")
                        + traits.opposed_mods(gs, b, attribute) + list(b_extra or []), rule, reason,
                        side_of_opposed="b", against=a,
                        fumble_min=traits.fumble_floor(gs, b))
        w = opposed_winner(ra, rb)
        via = traits.opposed_reroll(gs, b, attribute) if w == "a" else None     # TRT-REJECTION-RUNES
        if via is not None:
            rb = roll_check(world, b, "ATR", attribute, rb.base, rb.modifiers, rule, reason, side_of_opposed="b",
                            against=a, fumble_min=traits.fumble_floor(gs, b), reroll=via)
            w = opposed_winner(ra, rb)
        if w != "reroll":
            world.emit("opposed_resolved", rule, a=a, b=b, winner=w)
            return w, ra
