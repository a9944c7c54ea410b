"""The remaining combat actions: the ranged variants a bulto, a ciegas and a larga distancia (CBA-2, CBA-3, CBA-4),
Lanzar armas / objetos (CBA-6, a hand grenade included), Ataque CaC con objeto improvisado (CBA-9), Ataque sorpresa
(CBA-11), and the melee actions whose hit is followed by an opposed check instead of the CH DEF: Desarmar (CBA-14),
Empujar (CBA-16), Inmovilizar (CBA-25, with breaking free and tying up) and Noquear (CBA-26).

The states they leave (immobilised, knocked out, a declared surprise) live in rules/holds.py; items that drop or are
thrown lie on the ground as `Item` entities (rules/items.py). Things are named by reference strings
(``weapon:<index>``, ``item:<entity>``). Materials (CBA-6 / CBA-9 rulings): equipment and items count as steel
unless their data say otherwise (a `material` field: ``steel``, ``hard_rock``, ``wood``, anything else DMG 0)."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from wartime.core.components import Climbing, Immobilised, Item, Posture, SilentArrival, Tied
from wartime.core.errors import RuleViolation
from wartime.core.rounding import round_half_up
from wartime.geometry import sight
from shapely.geometry import Point
from shapely.ops import nearest_points

from wartime.geometry.movement import terrain_class
from wartime.rules import areas, holds, items, traits
from wartime.rules.actions.base import Action, any_of, need, register
from wartime.rules.actions.combat import (_after_melee, _cover_from, check_nearest, in_field_of_fire, line_of_fire,
                                          melee_target, need_ranged_target, need_weapon, target_refused)
from wartime.rules.actions.falling import fall, perch_piece
from wartime.rules.actions.flight import flight_restrictions, perched
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.checks import CheckResult, Modifier, combine, p_opposed_win
from wartime.rules.combat import Cover, resolve_attack
from wartime.rules.context import PendingMod
from wartime.rules.modifiers import character_mods, opposed  # noqa: F401  (opposed: moved to rules.modifiers)
from wartime.rules.noise import emit_noise, weapon_noise
from wartime.rules.odds import attack_odds
from wartime.rules.pushing import push_end
from wartime.rules.state import GameState

EPS = 1e-9

#: CBA-6 / CBA-9: the DMG of a thrown or improvised thing by material (others: 0)
MATERIAL_DMG = {"steel": 2, "hard_rock": 2, "wood": 1}


def material_dmg(thing) -> int:
    """CBA-6 / CBA-9: DMG 2 for steel or hard rock, 1 for wood, 0 for anything else; equipment and items count
    as steel unless their data name a `material` (ruling)."""
    return MATERIAL_DMG.get(getattr(thing, "material", None) or "steel", 0)


def held_thing(gs: GameState, e: int, ref: str):
    """The weapon or `Item` a held-thing reference names (protections are worn, not held: refused by the caller)."""
    kind, n = ref.split(":")
    return gs.equipment(e).weapons[int(n)] if kind == "weapon" else gs.world.get(int(n), Item)


def held_refs(gs: GameState, e: int) -> list[str]:
    """What `e` holds in its hands: its weapons and its held items (CBA-6, CBA-9, CBA-14)."""
    return [r for r in items.item_refs(gs, e) if not r.startswith("protection:")]


def need_held(gs: GameState, e: int, params: dict, name: str, rule: str) -> tuple[str, str, int]:
    ref = need(params, name, rule)
    kind, n = items.parse_ref(gs, e, ref, rule)
    if kind == "protection":
        raise RuleViolation(rule, f"{items.item_name(gs, e, ref)} is a protection: only a held weapon or object "
                            "can be used here")
    return ref, kind, n


def ground_spot(gs: GameState, target: int, away_from: int) -> tuple[float, float]:
    """A point on the ground in base contact with `target`, on the side away from `away_from` (kept on the
    board): where a dropped or thrown thing lands (CBA-6, CBA-14)."""
    pt, pa = gs.pos(target), gs.pos(away_from)
    d = math.hypot(pt.x - pa.x, pt.y - pa.y)
    ux, uy = ((pt.x - pa.x) / d, (pt.y - pa.y) / d) if d > EPS else (1.0, 0.0)
    r = gs.body(target).radius + 0.1
    x = min(max(pt.x + ux * r, 0.0), gs.board.width)
    y = min(max(pt.y + uy * r, 0.0), gs.board.height)
    return (round(x, 4), round(y, 4))


# --- CBA-2, CBA-3, CBA-4: ranged attacks a bulto, a ciegas, a larga distancia ---------------------------------------
#: variant → (rule, label of its CH IMP −1)
VARIANTS = {"view": ("CBA-2", "a bulto (beyond the field of view)"),
            "blind": ("CBA-3", "a ciegas (no line of sight)"),
            "long": ("CBA-4", "a larga distancia (beyond RNG)")}


@dataclass
class VariantPrep:
    target: int
    weapon_index: int
    cover: Cover
    variants: tuple[str, ...]
    area: Any = None


def ranged_variants(gs: GameState, actor: int, target: int, weapon) -> tuple[tuple[str, ...], Cover]:
    """`_ranged_variants` memoised per world version and the shooter's facing (each variant action and the AI ask
    it of every candidate: one cover query for all); a refusal is raised again as a new RuleViolation."""
    memo = gs._memo_table()
    key = ("variants", actor, target, weapon, gs.pos(actor).facing)
    got = memo.get(key)
    if got is None:
        try:
            got = memo[key] = _ranged_variants(gs, actor, target, weapon)
        except RuleViolation as exc:
            memo[key] = (exc.rule_id, exc.message, None)
            raise
    if got[-1] is None:
        raise RuleViolation(got[0], got[1])
    return got


def _ranged_variants(gs: GameState, actor: int, target: int, weapon) -> tuple[tuple[str, ...], Cover]:
    """CBA-2 / CBA-3 / CBA-4 on top of CMB-10: which variants a shot at `target` with `weapon` needs, and its cover.
    CBA-2: beyond the FOV range (VOL × 5 K) up to VOL × 7.5 K (book rounding), still within the 180° arc and with
    LOS; CBA-4: beyond the weapon's RNG up to RNG × 1.5 K (book rounding); the two combine (ruling). CBA-3: no LOS
    from the muzzle while an ally sees the target (in its FOV, with LOS); only LOS is waived, so the target must be
    within the FOV range and RNG (ruling), and the cover in the way still counts (usually 100 %: CMB-18).
    TRT-NEGATE (RNG): a target cancelling RNG is reached only in base contact."""
    if gs.engaged(actor):
        raise RuleViolation("CMB-10", f"{gs.name(actor)} is engaged in melee and cannot shoot")
    traits.check_reach_negated(gs, actor, target, "shot")        # TRT-NEGATE (RNG): only in base contact
    pa, pt = gs.pos(actor), gs.pos(target)
    if not sight.in_fov(pa.x, pa.y, pa.facing, pt.x, pt.y, gs.body(target).radius, math.inf):
        raise RuleViolation("ENV-1", f"{gs.name(target)} is outside {gs.name(actor)}'s 180° field of view")
    if not in_field_of_fire(gs, actor, weapon, target):
        raise RuleViolation("ENV-5", f"{gs.name(target)} is outside {weapon.name}'s 90° field of fire (fixed weapon)")
    d = gs.distance(actor, target)
    variants: list[str] = []
    fov = gs.fov_range(actor)
    if d > fov + EPS:
        far = round_half_up(gs.attrs(actor).VOL * 7.5)
        if d > far + EPS:
            raise RuleViolation("CBA-2", f"{gs.name(target)} is {d:.2f} K away, beyond VOL × 7.5 = {far} K (a bulto "
                                "reaches 50 % past the field of view)")
        variants.append("view")
    if d > weapon.RNG + EPS:
        far = round_half_up(weapon.RNG * 1.5)
        if d > far + EPS:
            raise RuleViolation("CBA-4", f"{gs.name(target)} is {d:.2f} K away, beyond RNG × 1.5 = {far} K")
        variants.append("long")
    c = _cover_from(gs, gs.muzzle(actor, weapon), target)
    if not c.has_los:
        if variants:
            raise RuleViolation("CBA-3", "a blind attack waives only the line of sight: the target must be within "
                                f"the field of view ({fov:g} K) and RNG ({weapon.RNG} K)")
        if not spotted(gs, actor, target):
            raise RuleViolation("CBA-3", f"no line of sight to {gs.name(target)} and no ally sees it")
        variants.append("blind")
    blocked = c.blocked
    if gs.world.get(target, Posture).state == "prone" and blocked > 0:
        blocked = 25        # MVA-5: prone behind cover counts as 100 % hidden
    return tuple(variants), Cover(blocked, c.main_piece_def, c.main_piece_id)


def spotted(gs: GameState, actor: int, target: int) -> bool:
    """CBA-3: some ally of `actor` sees `target` (in its FOV, with LOS or a trait's sight through obstacles,
    TRT-META-VISION): the spotter a blind shot needs. Independent of the shooter's facing."""
    return any(gs.in_fov(a, target) and gs.sees(a, target) for a in gs.allies(actor))


class _RangedVariant(Action):
    """A ranged attack (CBA-1) under one of the variants CBA-2 / CBA-3 / CBA-4: weapon ENE, CH IMP AGI −1 per
    variant that applies (they add) plus every CBA-1 modifier; the rest as CBA-1 (CBA-5 into a melee, areas)."""
    variant: str = ""
    category = "combat"
    has_check = True
    is_attack = True
    ranged = True

    def candidates(self, gs, actor, space):
        for i in space.weapons(ranged=True):
            w = gs.weapon(actor, i)
            for t in space.enemies():
                face = None if space.reaction else space.facing_to(t)
                yield Candidate(self.key, lambda i=i, t=t: {"target": t, "weapon": i}, face,
                                f"{gs.weapon(actor, i).name} at {gs.name(t)}",
                                refused=lambda t=t, w=w: self.surely_refused(gs, actor, t, w))

    def surely_refused(self, gs, actor, target, weapon) -> bool:
        """CBA-2, CBA-3, CBA-4, CMB-10, GNA-9 (issue 20): True when `validate` surely refuses this variant's shot
        with `weapon` at the enemy character `target`, whatever the actor's facing (the own activation's candidates
        turn first, MOV-5): the attacker engaged; the target hidden from it (`combat.target_refused`); by distance
        alone (BAS-3, `_ranged_variants`' limits): beyond VOL × 7.5 K or RNG × 1.5 K, or not beyond the FOV range
        (CBA-2) / RNG (CBA-4) the variant needs, or beyond either for a blind shot (CBA-3 waives only LOS). False
        says nothing; and, for a weapon that does not turn with the actor (not a rider's), by the line of fire from its
        muzzle (ENV-2, ENV-3, `combat.line_of_fire`): a blind shot at a target in it, a CBA-2 / CBA-4 shot
        at one out of it (CBA-3 waives only LOS), and a blind shot at one out of it that no ally sees (`spotted`).
        Compared with the full validation in tests/rules/test_shot_prefilter.py."""
        if gs.engaged(actor):
            return True
        d = gs.distance(actor, target)
        beyond_view = d > gs.fov_range(actor) + EPS
        beyond_rng = d > weapon.RNG + EPS
        if beyond_view and d > round_half_up(gs.attrs(actor).VOL * 7.5) + EPS:
            return True
        if beyond_rng and d > round_half_up(weapon.RNG * 1.5) + EPS:
            return True
        if self.variant == "view" and not beyond_view or self.variant == "long" and not beyond_rng:
            return True
        if self.variant == "blind" and (beyond_view or beyond_rng):
            return True
        seen = line_of_fire(gs, actor, target, weapon)   # ENV-2, ENV-3: None for a rider's mount point
        if seen is not None and seen == (self.variant == "blind"):
            return True                         # CBA-3 is the shot without LOS; CBA-2 / CBA-4 need one
        if self.variant == "blind" and seen is False and not spotted(gs, actor, target):
            return True                         # CBA-3: without LOS, a blind shot needs an ally who sees it
        return target_refused(gs, actor, target)

    def validate(self, gs, actor, params):
        flight_restrictions(gs, actor, self)                     # MOV-13
        idx, w = need_weapon(gs, actor, params, self.rule, ranged=True)
        t = need_ranged_target(gs, actor, params, self.rule)
        traits.check_weapon_ready(w)                             # hook point weapon_ready (TRT-MAGAZINES)
        variants, cover = ranged_variants(gs, actor, t, w)
        if self.variant not in variants:
            raise RuleViolation(self.rule, {
                "view": f"{gs.name(t)} is within the field of view ({gs.fov_range(actor):g} K): use ranged_attack",
                "long": f"{gs.name(t)} is within RNG {w.RNG} K: use ranged_attack",
                "blind": f"{gs.name(actor)} sees {gs.name(t)}: use ranged_attack"}[self.variant])
        check_nearest(gs, actor, self, params, w, t)             # TRT-SHAKY-HANDS
        area = (areas.aim_at_target(gs, actor, idx, w, t, scatter_ok=self.scatters_out_of_view)   # ARE-1..4
                if w.area is not None else None)
        return VariantPrep(t, idx, cover, variants, area)

    def cost(self, gs, actor, params, prepared):
        return gs.weapon(actor, prepared.weapon_index).ENE

    def least_weapon_prepared(self, gs, actor, weapon_index, target):
        """ENE-1 (`energy.least_weapon_price`, issue 20): the variant's cost reads its weapon's ENE only."""
        return VariantPrep(target, weapon_index, Cover(), ())

    def attack_modifiers(self, gs, actor, params):
        """CBA-2 / CBA-3 / CBA-4: CH IMP −1 per variant the shot needs (they add)."""
        try:
            t, i = params["target"], params["weapon"]
            variants, _ = ranged_variants(gs, actor, t, gs.weapon(actor, i))
        except (KeyError, TypeError, AttributeError, RuleViolation):
            return []
        return [Modifier(VARIANTS[v][0], -1, VARIANTS[v][1]) for v in variants]

    def resolve(self, gs, ctx, prepared):
        w = gs.weapon(ctx.actor, prepared.weapon_index)
        fired = traits.weapon_fired(w)               # hook point weapon_fired (TRT-MAGAZINES: one round)
        if fired is not w:
            gs.set_weapon(ctx.actor, prepared.weapon_index, fired)
        mods = [Modifier(VARIANTS[v][0], -1, VARIANTS[v][1]) for v in prepared.variants]
        gs.world.emit("ranged_variant", self.rule, who=ctx.actor, target=prepared.target,
                      variants=[VARIANTS[v][0] for v in prepared.variants])
        if prepared.area is not None:
            # the area's CH IMP is rolled inside areas: the −1s ride on the action's context (every CH AGI of it)
            ctx.mods.extend(PendingMod(m, "AGI") for m in mods)
            areas.resolve_area_attack(gs, ctx, prepared.area)
            return
        emit_noise(gs, ctx.actor, weapon_noise(w), "ENV-6", action=self.key, weapon=w.name)
        resolve_attack(gs, ctx, ctx.actor, prepared.target, weapon_index=prepared.weapon_index, ranged=True,
                       cover=prepared.cover, extra_imp=mods)


_VARIANT_PARAMS = (Param("weapon", "weapon", "the index of a ranged weapon the character carries"),
                   Param("target", "enemy", "the enemy shot at"))


@register
class RangedAttackBeyondView(_RangedVariant):
    """CBA-2: Ataque a distancia a bulto (weapon ENE, CH AGI D): a target beyond the FOV range, up to VOL × 7.5 K."""
    key = "ranged_attack_beyond_view"
    rule = "CBA-2"
    variant = "view"
    params = _VARIANT_PARAMS


@register
class RangedAttackBlind(_RangedVariant):
    """CBA-3: Ataque a distancia a ciegas (weapon ENE, CH AGI D): no LOS, an ally sees the target; cover counts."""
    key = "ranged_attack_blind"
    rule = "CBA-3"
    variant = "blind"
    params = _VARIANT_PARAMS


@register
class RangedAttackLong(_RangedVariant):
    """CBA-4: Ataque a distancia a larga distancia (weapon ENE, CH AGI D): beyond RNG, up to RNG × 1.5 K."""
    key = "ranged_attack_long"
    rule = "CBA-4"
    variant = "long"
    params = _VARIANT_PARAMS


# --- CBA-6: throw a weapon or object ---------------------------------------------------------------------------------
@dataclass
class ThrowPrep:
    target: int
    ref: str
    cover: Cover
    area: Any = None


@register
class Throw(Action):
    """CBA-6: Lanzar armas / objetos (2, AGI): a held weapon or object at an enemy within MOV + CON K, in FOV and
    LOS, not engaged. A ranged attack in every other respect (range modifier, cover, crits, CBA-5) with DMG 2 for
    steel or hard rock, 1 for wood (no CON bonus); the thing lands on the ground in base contact with the target,
    hit or miss; on a fumble it takes the weapon wound. A thrown area weapon (a hand grenade) is its area attack
    (ARE-1..9) at the throw's range and is used up."""
    key = "throw"
    rule = "CBA-6"
    category = "combat"
    has_check = True
    is_attack = True
    ranged = True

    params = (Param("item", "choice", "CBA-6: the thrown weapon or object ('weapon:<i>' or 'item:<id>')"),
              Param("target", "enemy", "CBA-6: the enemy aimed at (within MOV + CON K)"))

    def candidates(self, gs, actor, space):
        for ref in held_refs(gs, actor):
            for t in space.enemies():
                face = None if space.reaction else space.facing_to(t)
                yield Candidate(self.key, lambda ref=ref, t=t: {"item": ref, "target": t}, face,
                                f"throw {items.item_name(gs, actor, ref)} at {gs.name(t)}")

    def refusal(self, gs, actor):
        """CBA-6: `available` without raising (issue 20): its usual refusal tested first."""
        return "CBA-6" if not held_refs(gs, actor) else super().refusal(gs, actor)

    def available(self, gs, actor):
        if not held_refs(gs, actor):
            raise RuleViolation("CBA-6", f"{gs.name(actor)} holds no weapon or object to throw")
        if gs.engaged(actor):
            raise RuleViolation("CMB-10", f"{gs.name(actor)} is engaged in melee and cannot throw")

    def validate(self, gs, actor, params):
        flight_restrictions(gs, actor, self)                     # MOV-13
        self.available(gs, actor)
        ref, kind, n = need_held(gs, actor, params, "item", self.rule)
        t = need_ranged_target(gs, actor, params, self.rule)
        traits.check_reach_negated(gs, actor, t, "throw")        # TRT-NEGATE (RNG): only in base contact
        if not gs.in_fov(actor, t):
            raise RuleViolation("ENV-1", f"{gs.name(t)} is not in {gs.name(actor)}'s field of view "
                                f"(180°, {gs.fov_range(actor):g} K)")
        own_reach = traits.throw_profile(gs, actor, held_thing(gs, actor, ref))[0] if kind == "weapon" else None
        reach = gs.natural_mov(actor) + gs.attrs(actor).CON if own_reach is None else own_reach    # TRT-THROWN-WEAPON
        d = gs.distance(actor, t)
        if d > reach + EPS:
            how = "MOV + CON" if own_reach is None else "its own reach"
            raise RuleViolation("CBA-6", f"{gs.name(t)} is {d:.2f} K away: a throw reaches {how} = {reach:g} K")
        c = gs.cover(actor, [t])[0]
        if not c.has_los:
            raise RuleViolation("ENV-2", f"no line of sight from {gs.name(actor)} to {gs.name(t)}")
        blocked = c.blocked
        if gs.world.get(t, Posture).state == "prone" and blocked > 0:
            blocked = 25        # MVA-5
        thing = held_thing(gs, actor, ref)
        area = None
        if kind == "weapon" and thing.area is not None:
            area = areas.aim_at_target(gs, actor, n, thing, t)                       # a hand grenade: ARE-1..4
        return ThrowPrep(t, ref, Cover(blocked, c.main_piece_def, c.main_piece_id), area)

    def cost(self, gs, actor, params, prepared):
        return 2

    def resolve(self, gs, ctx, prepared):
        e, t, ref = ctx.actor, prepared.target, prepared.ref
        kind, n = ref.split(":")
        thing = held_thing(gs, e, ref)
        own_dmg = traits.throw_profile(gs, e, thing)[1] if kind == "weapon" else None    # TRT-THROWN-WEAPON
        dmg = material_dmg(thing) if own_dmg is None else own_dmg
        gs.world.emit("thrown", "CBA-6", who=e, target=t, item=items.item_name(gs, e, ref),
                      dmg=None if prepared.area is not None else dmg)
        if prepared.area is not None:
            areas.resolve_area_attack(gs, ctx, prepared.area)
            eq = gs.equipment(e)                                  # the grenade went off: used up
            gs.world.set(e, replace(eq, weapons=tuple(w for i, w in enumerate(eq.weapons) if i != int(n))))
            gs.world.emit("item_used_up", "CBA-6", who=e, item=thing.name)
            return
        resolve_attack(gs, ctx, e, t, weapon_index=int(n) if kind == "weapon" else None, ranged=True,
                       cover=prepared.cover, base_dmg=dmg)
        at = ground_spot(gs, t, e)                               # hit or miss, it lands at the target
        got = items.put_down(gs, e, ref, at)
        gs.world.emit("item_moved", "CBA-6", item=got, name=thing.name, at=list(at), by=e, how="thrown")


# --- CBA-9: improvised melee weapon ----------------------------------------------------------------------------------
@register
class ImprovisedMeleeAttack(Action):
    """CBA-9: Ataque CaC con objeto improvisado (3, AGI −1): a held object (or a weapon used as one) against an
    engaged enemy; base DMG 2 steel or hard rock, 1 wood, in the melee formula (+ CON − 4 − wounds, minimum 1);
    normal CH DEF; on a fumble a weapon used takes the weapon wound."""
    key = "melee_attack_improvised"
    rule = "CBA-9"
    category = "combat"
    has_check = True
    is_attack = True

    params = (Param("target", "enemy", "CBA-9: an enemy in base contact (CMB-11)"),
              Param("item", "choice", "CBA-9: the held object ('item:<id>') or weapon ('weapon:<i>') swung"))

    def candidates(self, gs, actor, space):
        for t in space.enemies():
            if gs.in_contact(actor, t):
                for ref in held_refs(gs, actor):
                    yield Candidate(self.key, lambda ref=ref, t=t: {"target": t, "item": ref},
                                    label=f"{items.item_name(gs, actor, ref)} at {gs.name(t)}")

    def refusal(self, gs, actor):
        """CBA-9: `available` without raising (issue 20): its usual refusal tested first."""
        return "CBA-9" if not held_refs(gs, actor) else super().refusal(gs, actor)

    def available(self, gs, actor):
        if not held_refs(gs, actor):
            raise RuleViolation("CBA-9", f"{gs.name(actor)} holds no object")

    def validate(self, gs, actor, params):
        flight_restrictions(gs, actor, self)
        t = melee_target(gs, actor, params, self.rule)
        ref, kind, n = need_held(gs, actor, params, "item", self.rule)
        return (t, ref)

    def cost(self, gs, actor, params, prepared):
        return 3

    def resolve(self, gs, ctx, prepared):
        t, ref = prepared
        kind, n = ref.split(":")
        thing = held_thing(gs, ctx.actor, ref)
        bonus = 1 if traits.charge_bonus(gs, ctx.actor, t) else 0                       # CBA-12 DMG +1
        hit = resolve_attack(gs, ctx, ctx.actor, t, weapon_index=int(n) if kind == "weapon" else None, ranged=False,
                             extra_imp=[Modifier("CBA-9", -1, "improvised weapon")], dmg_bonus=bonus,
                             base_dmg=material_dmg(thing))
        _after_melee(gs, ctx, t, hit)

    def utility(self, gs: GameState, actor: int, target: int, params: dict) -> float:
        """For the scripted AI: expected wounds + 2 × P(incapacitate), estimated as an unarmed blow (at most 1 wound)
        carrying the object's base DMG and the CH IMP −1 (a lower bound: the object lifts the unarmed cap)."""
        thing = held_thing(gs, actor, params["item"])
        odds = attack_odds(gs, actor, target, weapon_index=None, ranged=False, unarmed=True,
                           dmg_bonus=material_dmg(thing), extra_imp=[Modifier("CBA-9", -1, "improvised weapon")])
        return float(odds.expected_wounds) + 2.0 * float(odds.p_incapacitate)


# --- CBA-11: surprise attack -----------------------------------------------------------------------------------------
def in_rear(gs: GameState, actor: int, target: int) -> bool:
    """The rear of a model: the half-plane behind it, outside its 180° FOV arc (actions digest conventions): the
    actor's base does not touch the target's front half-plane."""
    pa, pt = gs.pos(actor), gs.pos(target)
    return not sight.in_fov(pt.x, pt.y, pt.facing, pa.x, pa.y, gs.body(actor).radius, math.inf)


@register
class SurpriseAttack(Action):
    """CBA-11: Ataque sorpresa (0): in its own activation, after arriving silently (a move with no noise, Mover sin
    hacer ruido, MVA-7) in base contact with the defender's rear, the attacker's next melee combat action against it
    in this activation hits with no CH IMP and the defender has DEF −2 (rules/combat.py). Arriving mimetic (a move
    with TRT-MIMETIC switched on) counts as well; TRT-INVISIBLE is a tier-3 trait, refused when a list is
    validated, so no character arrives invisible."""
    key = "surprise_attack"
    world_reads = (SilentArrival,)

    def world_gate(self, gs):
        """CBA-11: nobody arrived silently (issue 20)."""
        return any_of(gs, SilentArrival)

    rule = "CBA-11"
    category = "combat"
    zero_cost = True

    params = (Param("target", "enemy", "CBA-11: the enemy whose rear the attacker reached silently"),)

    def candidates(self, gs, actor, space):
        for t in space.enemies():
            if gs.in_contact(actor, t):
                yield Candidate(self.key, lambda t=t: {"target": t}, label=gs.name(t))

    def available(self, gs, actor):
        if not gs.world.has(actor, SilentArrival):
            raise RuleViolation("CBA-11", f"{gs.name(actor)} did not arrive silently: a surprise attack needs a last "
                                "move with no noise (Mover sin hacer ruido, MVA-7) or a move made mimetic (TRT-MIMETIC)")

    def validate(self, gs, actor, params):
        if params.get("_window") is not None:
            raise RuleViolation("CBA-11", "a surprise attack is declared only in the own activation")
        self.available(gs, actor)
        t = melee_target(gs, actor, params, self.rule)
        if not in_rear(gs, actor, t):
            raise RuleViolation("CBA-11", f"{gs.name(actor)} is not at {gs.name(t)}'s rear (it is in its field of "
                                "view)")
        return t

    def cost(self, gs, actor, params, prepared):
        return 0

    def resolve(self, gs, ctx, t):
        holds.declare_surprise(gs, ctx.actor, t)


# --- melee hits followed by an opposed check: CBA-14, CBA-16, CBA-25, CBA-26 -----------------------------------------
class _MeleeContest(Action):
    """Como "ataque CaC", pero si pasa el CH IMP, en lugar de CH DEF ...: CH IMP AGI with the melee modifiers
    (empty-handed: no weapon), then on a hit the action's own opposed check. A CH IMP critical adds nothing (no
    damage); a fumble has the core effect (automatic DMG 1 hit on the attacker)."""
    category = "combat"
    has_check = True
    is_attack = True

    def melee_candidates(self, gs, actor, space):
        for t in space.enemies():
            if gs.in_contact(actor, t):
                yield t

    def candidates(self, gs, actor, space):
        for t in self.melee_candidates(gs, actor, space):
            yield Candidate(self.key, lambda t=t: {"target": t}, label=gs.name(t))

    def validate(self, gs, actor, params):
        flight_restrictions(gs, actor, self)
        return melee_target(gs, actor, params, self.rule)

    def target_of(self, prepared) -> int:
        return prepared

    def contest(self, gs, ctx, prepared, imp: CheckResult) -> None:
        raise NotImplementedError

    #: the opposed attribute after the hit, and what winning is worth to a utility AI next to an attack's
    #: expected wounds + 2 × P(incapacitate) (knocked out = a casualty; immobilised, disarmed, pushed: less)
    opposed_attribute = "CON"
    worth = 0.0

    def utility(self, gs: GameState, actor: int, target: int, params: dict) -> float:
        """P(hit) × P(win the opposed check) × `worth`: the value of the action for the scripted AI (exact dice)."""
        p_hit = attack_odds(gs, actor, target, weapon_index=None, ranged=False, unarmed=True).p_hit
        a = self.opposed_attribute
        own = (character_mods(gs, actor, a, "ATR") + traits.targeted_check_mods(gs, actor, target, a, "ENF")
               + traits.action_check_mods(gs, actor, self.key, a, "ATR"))
        ta = getattr(gs.attrs(actor), a) + sum(m.value for m in combine(own))
        theirs = character_mods(gs, target, a, "ATR") + traits.targeted_check_mods(gs, target, actor, a, "ENF-DEF")
        tb = getattr(gs.attrs(target), a) + sum(m.value for m in combine(theirs))
        return float(p_hit * p_opposed_win(ta, tb)) * self.worth

    def resolve(self, gs, ctx, prepared):
        t = self.target_of(prepared)
        resolve_attack(gs, ctx, ctx.actor, t, weapon_index=None, ranged=False,
                       on_hit=lambda imp: self.contest(gs, ctx, prepared, imp))
        _after_melee(gs, ctx, t)


@register
class Disarm(_MeleeContest):
    """CBA-14: Desarmar (3, AGI; AGI ENF): on a hit, a CH AGI ENF instead of the CH DEF; if the attacker wins the held
    item it chose (a weapon or object) drops to the ground in base contact with the defender. No wounds."""
    key = "disarm"
    rule = "CBA-14"
    opposed_attribute = "AGI"
    worth = 0.5

    params = (Param("target", "enemy", "CBA-14: an enemy in base contact (CMB-11)"),
              Param("item", "choice", "CBA-14: the defender's held weapon ('weapon:<i>') or object ('item:<id>') "
                    "to knock to the ground"))

    def candidates(self, gs, actor, space):
        for t in self.melee_candidates(gs, actor, space):
            for ref in held_refs(gs, t):
                yield Candidate(self.key, lambda ref=ref, t=t: {"target": t, "item": ref},
                                label=f"{items.item_name(gs, t, ref)} of {gs.name(t)}")

    def validate(self, gs, actor, params):
        t = super().validate(gs, actor, params)
        if not held_refs(gs, t):
            raise RuleViolation("CBA-14", f"{gs.name(t)} holds nothing to disarm")
        ref, _, _ = need_held(gs, t, params, "item", self.rule)
        return (t, ref)

    def target_of(self, prepared):
        return prepared[0]

    def cost(self, gs, actor, params, prepared):
        return 3

    def contest(self, gs, ctx, prepared, imp):
        t, ref = prepared
        winner, _ = opposed(gs, ctx.actor, t, "AGI", "CBA-14", "Desarmar", key=ctx.key)
        if winner != "a":
            gs.world.emit("disarm_failed", "CBA-14", who=ctx.actor, target=t)
            return
        name = items.item_name(gs, t, ref)
        at = ground_spot(gs, t, ctx.actor)
        got = items.put_down(gs, t, ref, at)
        gs.world.emit("disarmed", "CBA-14", who=ctx.actor, target=t, item=name)
        gs.world.emit("item_moved", "CBA-14", item=got, name=name, at=list(at), by=ctx.actor, how="disarmed")


def push_limit(gs: GameState, pusher: int, target: int) -> int:
    """CBA-16: up to (pusher CON − target CON) K, at least 1 K."""
    return max(1, gs.attrs(pusher).CON - gs.attrs(target).CON)


def shove(gs: GameState, ctx, pusher: int, t: int, dist: float, rule: str) -> bool:
    """CBA-16 ruling (2): `t` is pushed `dist` K straight away from `pusher` (push_end; from a height
    push_from_height, and over an edge it falls, MVA-9); the `pushed` event names `rule`. Returns whether `t` is
    still able to act."""
    p0 = gs.pos(t)
    land = None
    if on_height(gs, t) and perch_piece(gs, t) is not None:
        elev = gs.elevation(t)
        end, land = push_from_height(gs, pusher, t, dist)
    else:
        end = push_end(gs, pusher, t, dist)
    gs.world.set(t, replace(p0, x=end[0], y=end[1], level=1 if land is not None else p0.level))
    moved = math.hypot(end[0] - p0.x, end[1] - p0.y)
    gs.world.emit("pushed", rule, who=pusher, target=t, path=[[p0.x, p0.y], list(end)],
                  length=round(moved, 4), wanted=dist, over_the_edge=land is not None)
    if land is not None:                                 # ruling (2): over an edge the target falls (MVA-9)
        if gs.world.has(t, Climbing):
            gs.world.remove(t, Climbing)
        fall(gs, ctx, t, elev - gs.board.surface_height(*land))
    return gs.able(t)


def _direction(gs: GameState, pusher: int, target: int) -> tuple[float, float]:
    pa, pt = gs.pos(pusher), gs.pos(target)
    d = math.hypot(pt.x - pa.x, pt.y - pa.y)
    if d > EPS:
        return (pt.x - pa.x) / d, (pt.y - pa.y) / d
    return math.cos(math.radians(pa.facing)), math.sin(math.radians(pa.facing))


def on_height(gs: GameState, e: int) -> bool:
    """A character standing on a height it can fall from: perched on a roof (level 2, MOV-10) or on a wall it
    climbed (MVA-10)."""
    return perched(gs, e) or gs.world.has(e, Climbing)


def push_from_height(gs: GameState, pusher: int, target: int, distance: float):
    """CBA-16 ruling (2) on a height: the target slides along the top of its piece (stopped by another model up
    there) and, when its base centre goes past the edge, falls (MVA-9) to the foot of the drop beyond it, unless
    the ground there is taken (off the board, impassable terrain, another base): then it stops at the edge. A
    climber clinging to a wall face falls at once, straight down beside the wall. Returns (end point, landing point
    or None)."""
    piece = perch_piece(gs, target)
    pt = gs.pos(target)
    ux, uy = _direction(gs, pusher, target)
    r = gs.body(target).radius
    top = piece.polygon
    if not top.covers(Point(pt.x, pt.y)):                    # clinging to the wall face: nothing to stand on
        near = nearest_points(top, Point(pt.x, pt.y))[0]
        d = math.hypot(pt.x - near.x, pt.y - near.y)
        away = ((pt.x - near.x) / d, (pt.y - near.y) / d) if d > EPS else (ux, uy)
        land = _landing(gs, target, piece, pt.x, pt.y, *away)
        return ((pt.x, pt.y), None) if land is None else (land, land)
    elev = gs.elevation(target)
    up_there = [o for o in gs.minis() if o != target and gs.on_table(o) and gs.pos(o).level == pt.level
                and abs(gs.elevation(o) - elev) < 1e-6]
    best = (pt.x, pt.y)
    steps = max(1, int(math.ceil(distance / 0.1)))
    for k in range(1, steps + 1):
        s = min(distance, k * 0.1)
        x, y = pt.x + ux * s, pt.y + uy * s
        if not top.covers(Point(x, y)):
            land = _landing(gs, target, piece, x, y, ux, uy)
            return (best, land) if land is None else (land, land)
        if any(math.hypot(gs.pos(o).x - x, gs.pos(o).y - y) < r + gs.body(o).radius - 1e-6 for o in up_there
               if o != pusher):
            break
        best = (round(x, 4), round(y, 4))
    return best, None


def _landing(gs: GameState, e: int, piece, x: float, y: float, ux: float, uy: float):
    """MVA-9: the spot at the foot of the drop, along the push, where the falling base clears the piece; None if
    it is off the board, in impassable terrain or on another base at level 1."""
    r = gs.body(e).radius
    t = 0.0
    while piece.polygon.distance(Point(x + ux * t, y + uy * t)) < r and t < 2 * r + 1.0:
        t += 0.05
    lx, ly = round(x + ux * t, 4), round(y + uy * t, 4)
    if not gs.board.disc_inside(lx, ly, r):
        return None
    chest = gs.chest_height(e)
    disc = Point(lx, ly).buffer(r, 32)
    for other in gs.board.pieces:
        if other is not piece and terrain_class(other.kind, other.height, chest) is None and \
                other.polygon.intersects(disc):
            return None
    for o in gs.minis():
        if o != e and gs.on_table(o) and gs.pos(o).level == 1 and not gs.world.has(o, Climbing):
            q = gs.pos(o)
            if math.hypot(q.x - lx, q.y - ly) < r + gs.body(o).radius - 1e-6:
                return None
    return (lx, ly)


@register
class Push(_MeleeContest):
    """CBA-16: Empujar (1, AGI; CON ENF): on a hit, a CH CON ENF instead of the CH DEF; if the pusher wins, the
    target is pushed straight away up to the chosen distance (1 K to max(1, CON − target CON) K), stopping at the
    first obstacle or model; a natural 1 on either of the pusher's rolls also knocks it prone. Not allowed against
    a target with twice the pusher's CON, or twice its CON in DEF. No wounds; the pusher does not follow."""
    key = "push"
    rule = "CBA-16"
    worth = 0.2

    params = (Param("target", "enemy", "CBA-16: an enemy in base contact (CMB-11)"),
              Param("distance", "choice", "CBA-16: K to push, from 1 to max(1, CON − target CON) (default: the most)",
                    optional=True))

    def candidates(self, gs, actor, space):
        for t in self.melee_candidates(gs, actor, space):
            top = push_limit(gs, actor, t)
            yield Candidate(self.key, lambda t=t: {"target": t}, label=f"{gs.name(t)} ({top} K)")
            if top > 1:
                yield Candidate(self.key, lambda t=t: {"target": t, "distance": 1}, label=f"{gs.name(t)} (1 K)")

    def validate(self, gs, actor, params):
        t = super().validate(gs, actor, params)
        con = gs.attrs(actor).CON
        if gs.attrs(t).CON >= 2 * con:
            raise RuleViolation("CBA-16", f"{gs.name(t)} has CON {gs.attrs(t).CON}, twice {gs.name(actor)}'s {con} "
                                "or more: it cannot be pushed")
        if gs.total_def(t) >= 2 * con:
            raise RuleViolation("CBA-16", f"{gs.name(t)} has DEF {gs.total_def(t)}, twice {gs.name(actor)}'s CON "
                                f"{con} or more: it cannot be pushed")
        top = push_limit(gs, actor, t)
        dist = params.get("distance", top)
        if isinstance(dist, bool) or not isinstance(dist, (int, float)) or not 1 - EPS <= dist <= top + EPS:
            raise RuleViolation("CBA-16", f"the push distance is from 1 to {top} K, not {dist!r}")
        return (t, float(dist))

    def target_of(self, prepared):
        return prepared[0]

    def cost(self, gs, actor, params, prepared):
        return 1

    def contest(self, gs, ctx, prepared, imp):
        t, dist = prepared
        winner, roll = opposed(gs, ctx.actor, t, "CON", "CBA-16", "Empujar", key=ctx.key)
        if winner != "a":
            gs.world.emit("push_failed", "CBA-16", who=ctx.actor, target=t)
            return
        if not shove(gs, ctx, ctx.actor, t, dist, "CBA-16"):
            return
        if imp.critical or roll.critical:                    # ruling (3): a natural 1 on either roll
            gs.world.set(t, Posture("prone"))
            gs.world.emit("state_changed", "CBA-16", who=t, state="prone", value=True, by=ctx.actor)


@register
class Immobilise(_MeleeContest):
    """CBA-25: Inmovilizar enemigo (1, AGI; CON ENF): on a hit, a CH CON ENF instead of the CH DEF; if the attacker
    wins the target is immobilised until the start of the attacker's next activation (rules/holds.py)."""
    key = "immobilise"
    rule = "CBA-25"
    worth = 0.5

    params = (Param("target", "enemy", "CBA-25: an enemy in base contact (CMB-11)"),)

    def cost(self, gs, actor, params, prepared):
        return 1

    def contest(self, gs, ctx, t, imp):
        winner, _ = opposed(gs, ctx.actor, t, "CON", "CBA-25", "Inmovilizar", key=ctx.key)
        if winner == "a":
            holds.immobilise(gs, t, ctx.actor)
        else:
            gs.world.emit("immobilise_failed", "CBA-25", who=ctx.actor, target=t)


@register
class BreakFree(Action):
    """CBA-25: an immobilised character frees itself with an action of ENE 3 and a CH CON ENF against its holder
    (winning frees it), in its own activation."""
    key = "break_free"
    world_reads = (Immobilised,)

    def world_gate(self, gs):
        """CBA-25: nobody is held immobilised (issue 20)."""
        return any_of(gs, Immobilised)

    rule = "CBA-25"
    category = "combat"
    has_check = True

    def refusal(self, gs, actor):
        """CBA-25: `available` without raising (issue 20): its usual refusal tested first."""
        return "CBA-25" if not holds.immobilised(gs, actor) else super().refusal(gs, actor)

    def available(self, gs, actor):
        if not holds.immobilised(gs, actor):
            raise RuleViolation("CBA-25", f"{gs.name(actor)} is not immobilised")

    def validate(self, gs, actor, params):
        if params.get("_window") is not None:
            raise RuleViolation("CBA-25", "breaking free is an action of the own activation")
        self.available(gs, actor)
        return holds.holder_of(gs, actor)

    def cost(self, gs, actor, params, prepared):
        return 3

    def resolve(self, gs, ctx, holder):
        winner, _ = opposed(gs, ctx.actor, holder, "CON", "CBA-25", "break free", key=ctx.key)
        if winner == "a" and not ctx.failed:
            holds.release(gs, ctx.actor, "broke free")
        else:
            gs.world.emit("still_immobilised", "CBA-25", who=ctx.actor, holder=holder)


@register
class TieUp(Action):
    """CBA-25 ruling (3): while it holds an enemy immobilised and in base contact, the holder may tie it up with an
    action of ENE 3 and a new CH CON ENF: winning ties it (no moves, pivots, attacks or reactions until Desatarse,
    GNA-6). Steel bonds need handcuffs or chains, which no item models yet: the bonds are rope."""
    key = "tie_up"
    world_reads = (Immobilised,)

    def world_gate(self, gs):
        """CBA-25: nobody is held immobilised (issue 20)."""
        return any_of(gs, Immobilised)

    rule = "CBA-25"
    category = "combat"
    has_check = True

    params = (Param("target", "enemy", "CBA-25: the enemy this character holds immobilised"),)

    def candidates(self, gs, actor, space):
        for t in holds.held_by(gs, actor):
            yield Candidate(self.key, lambda t=t: {"target": t}, label=gs.name(t))

    def available(self, gs, actor):
        if not holds.held_by(gs, actor):
            raise RuleViolation("CBA-25", f"{gs.name(actor)} holds nobody immobilised")

    def validate(self, gs, actor, params):
        t = need(params, "target", self.rule, int)
        if t not in holds.held_by(gs, actor):
            raise RuleViolation("CBA-25", f"{gs.name(actor)} does not hold that character immobilised")
        return t

    def cost(self, gs, actor, params, prepared):
        return 3

    def resolve(self, gs, ctx, t):
        winner, _ = opposed(gs, ctx.actor, t, "CON", "CBA-25", "tie up", key=ctx.key)
        if winner == "a" and not ctx.failed:
            holds.release(gs, t, "tied up")
            gs.world.set(t, Tied(steel=False))
            gs.world.emit("state_changed", "CBA-25", who=t, state="tied", value=True, by=ctx.actor)
        else:
            gs.world.emit("tie_failed", "CBA-25", who=ctx.actor, target=t)


@register
class KnockOut(_MeleeContest):
    """CBA-26: Noquear (1, AGI; CON ENF): on a hit, a CH CON ENF instead of the CH DEF and wounds; if the attacker wins
    the target is unconscious with no wounds until a third character attends to it (Curar / Reparar, GNA-5): no
    actions or reactions, a casualty while unconscious (rules/holds.py)."""
    key = "knock_out"
    rule = "CBA-26"
    worth = 2.0
    #: the knocked-out enemy is a prisoner (holds.prisoners_taken) in a 'prisoners' scenario
    takes_prisoner = True

    params = (Param("target", "enemy", "CBA-26: an enemy in base contact (CMB-11)"),)

    def cost(self, gs, actor, params, prepared):
        return 1

    def contest(self, gs, ctx, t, imp):
        winner, _ = opposed(gs, ctx.actor, t, "CON", "CBA-26", "Noquear", key=ctx.key)
        if winner == "a":
            holds.knock_out(gs, t, ctx.actor)
        else:
            gs.world.emit("knock_out_failed", "CBA-26", who=ctx.actor, target=t)
