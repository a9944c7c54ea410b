"""Lanzar escenografía (TRT-SUPER-STRENGTH, issue 16 group "scenery"): a character with Súper fuerza throws a movable
piece of scenery it touches (rules/scenery_objects.py), or a thing lying on the ground at its base (a dropped or thrown
weapon or object, a placed charge: an `Item` with `at`), at an enemy. Offered only to a character whose traits give
it (``trait_gated``) with such a piece or thing at hand."""
from __future__ import annotations

from dataclasses import dataclass

import math
from dataclasses import replace

from wartime.core.components import Item, Posture
from wartime.core.errors import RuleViolation
from wartime.rules import scenery_objects, traits
from wartime.rules.actions.base import Action, need, register
from wartime.rules.actions.combat import need_ranged_target
from wartime.rules.actions.combat_special import ground_spot
from wartime.rules.actions.flight import flight_restrictions
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.checks import Modifier
from wartime.rules.combat import Cover, resolve_attack
from wartime.rules.modifiers import character_mods, roll_character_check
from wartime.rules.odds import attack_odds, p_pass
from wartime.rules.placed import PlacedCharge
from wartime.rules.wounds import apply_wounds

RULE = "TRT-SUPER-STRENGTH"
#: the throw's ENE: Lanzar's (CBA-6)
ENE = 2
EPS = 1e-9
#: TRT-SUPER-STRENGTH (ruling): how far (K) beyond a base's edge a thing lying on the ground may lie to be lifted (one
#: dropped with Soltar lies 0.1 K out, GNA-15; one thrown 0.1 K from its target's base, CBA-6)
ITEM_REACH = 0.25
#: the size a thing lying on the ground is thrown as: "objetos" (CH CON, scenery_objects.THROW_MOD)
ITEM_SIZE = "object"


@dataclass
class ScenePrep:
    piece: str
    target: int
    cover: Cover
    mod: int


def thrower(gs, actor: int) -> str:
    """The trait that lets `actor` throw scenery (hook ``scenery_throw``), or RuleViolation."""
    got = traits.throws_scenery(gs, actor)
    if got is None:
        raise RuleViolation(RULE, f"{gs.name(actor)} has no trait that lets it throw scenery")
    return got


def lying_items(gs) -> list[tuple[int, Item, int]]:
    """(entity, item, level) of the things lying on the ground (`Item.at`), id order: a placed charge at the level
    it was placed at (GNA-15), anything else at level 1."""
    table = gs.world.tables.get(Item)
    if not table:
        return []
    charges = gs.world.tables.get(PlacedCharge, {})
    return [(n, table[n], charges[n].level if n in charges else 1) for n in sorted(table) if table[n].at is not None]


def items_at_hand(gs, actor: int) -> list[tuple[int, Item]]:
    """TRT-SUPER-STRENGTH (ruling): the things lying on the ground at `actor`'s base (within ITEM_REACH K of its
    edge, at its level, MOV-11) it may lift and throw."""
    p, r = gs.pos(actor), gs.body(actor).radius
    return [(n, it) for n, it, lvl in lying_items(gs)
            if lvl == p.level and math.hypot(it.at[0] - p.x, it.at[1] - p.y) <= r + ITEM_REACH + EPS]


def throwables(gs, actor: int) -> list[tuple[str, str]]:
    """(reference, size) of what `actor` could lift now: the movable pieces its base touches and no mini climbs or
    stands on (their id, terrain order; scenery_objects.borne_by's ruling), then the things lying at its base
    ('item:<id>', id order)."""
    out = [(m.piece, m.size) for _, m in scenery_objects.movable_pieces(gs)
           if scenery_objects.in_contact(gs, actor, m.piece) and not scenery_objects.borne_by(gs, m.piece)]
    return out + [(f"item:{n}", ITEM_SIZE) for n, _ in items_at_hand(gs, actor)]


def throw_reach(gs, actor: int) -> float:
    """TRT-SUPER-STRENGTH (ruling): a throw reaches as Lanzar does, MOV + CON K (CBA-6)."""
    return gs.natural_mov(actor) + gs.attrs(actor).CON


def check_target(gs, actor: int, size: str) -> int:
    """The CH CON target of lifting and throwing a piece of `size` (its modifier and the character's own)."""
    mods = character_mods(gs, actor, "CON", "ATR")
    return gs.attrs(actor).CON + scenery_objects.THROW_MOD[size] + sum(m.value for m in mods)


@register
class ThrowScenery(Action):
    """TRT-SUPER-STRENGTH: "Puede lanzar objetos como coches (CH CON), camiones (CH CON Difícil −2) o cosas más
    grandes (−4). Si falla la prueba, +1 herida sin CH DEF." Ruling: ENE 2 (as Lanzar, CBA-6); a movable piece its
    base touches (a 'car' or an 'object': CH CON, a 'truck': −2, 'bigger': −4), or a thing lying on the ground at
    its base ('item:<id>': a dropped or thrown weapon or object, a placed charge; an object: CH CON), at an enemy
    within MOV + CON K in its field of view and line of sight (a lifted piece neither blocks nor covers the throw),
    not engaged. A failed CH CON: +1 wound without CH DEF and the thing stays. A passed one: a ranged attack in
    every other respect (CH IMP with range, cover, crits) with DMG = the thrower's CON (the ruling: Súper fuerza's
    own throw, not Lanzar's DMG 2 / 1), hit or miss a piece lands at the target, drawn back towards the thrower
    until it lies clear of every base and of high or blocking pieces (smashed off the table if no such spot); a
    thing lands on the ground in base contact with the target (as CBA-6), a placed charge at the target's level,
    keeping its owner and whether it is operative, and is not set off by landing (as a charge moved by
    Telequinesis: it answers a movement that later comes within its reach, rules/placed.py)."""
    key = "throw_scenery"
    rule = RULE
    category = "combat"
    has_check = True
    is_attack = True
    ranged = True
    trait_gated = True

    params = (Param("piece", "choice", "TRT-SUPER-STRENGTH: the id of a movable piece in base contact, or "
                    "'item:<id>' lying on the ground at the base"),
              Param("target", "enemy", "TRT-SUPER-STRENGTH: the enemy aimed at (within MOV + CON K)"))

    def candidates(self, gs, actor, space):
        if traits.throws_scenery(gs, actor) is None:
            return
        for ref, _size in throwables(gs, actor):
            name = thing_name(gs, ref)
            for t in space.enemies():
                face = None if space.reaction else space.facing_to(t)
                yield Candidate(self.key, lambda pid=ref, t=t: {"piece": pid, "target": t}, face,
                                f"throw the {name} at {gs.name(t)}")

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character whose trait set holds no trait on ``scenery_throw``
        (``traits.throws_scenery`` asks only that hook of it)."""
        return traits.carries_on(gs, actor, "scenery_throw")

    def refusal(self, gs, actor):
        """TRT-SUPER-STRENGTH: `available` without raising (issue 20): its usual refusal tested first."""
        return RULE if traits.throws_scenery(gs, actor) is None else super().refusal(gs, actor)

    gate_reads = traits.CARRIER_TYPES

    def gate_possible(self, gs, actor):
        """TRT-SUPER-STRENGTH (REA-1, issue 20): `traits.throws_scenery` answers only for a carrier of a trait on its
        hook."""
        return actor in traits.hook_carriers(gs, "scenery_throw")

    def available(self, gs, actor):
        thrower(gs, actor)
        if not throwables(gs, actor):
            raise RuleViolation(RULE, f"{gs.name(actor)} touches no movable piece of scenery and nothing lying on "
                                "the ground")
        if gs.engaged(actor):
            raise RuleViolation("CMB-10", f"{gs.name(actor)} is engaged in melee and cannot throw")

    def validate(self, gs, actor, params):
        flight_restrictions(gs, actor, self)                     # MOV-13
        self.available(gs, actor)
        pid = need(params, "piece", self.rule, str)
        if pid.startswith("item:"):
            if pid not in {f"item:{n}" for n, _it, _lvl in lying_items(gs)}:
                raise RuleViolation(RULE, f"'{pid}' is nothing lying on the ground")
        elif pid not in {m.piece for _, m in scenery_objects.movable_pieces(gs)}:
            raise RuleViolation(RULE, f"'{pid}' is no movable piece on the table")
        if not pid.startswith("item:") and scenery_objects.borne_by(gs, pid):
            raise RuleViolation(RULE, f"the {thing_name(gs, pid)} bears a miniature (climbing it or on its top): a "
                                "piece bearing a mini is not lifted (project ruling)")
        size = dict(throwables(gs, actor)).get(pid)
        if size is None:
            raise RuleViolation(RULE, f"{gs.name(actor)}'s base does not touch the {thing_name(gs, pid)}")
        t = need_ranged_target(gs, actor, params, self.rule)
        traits.check_reach_negated(gs, actor, t, "throw")        # TRT-NEGATE (RNG): only in base contact
        if not gs.in_fov(actor, t):
            raise RuleViolation("ENV-1", f"{gs.name(t)} is not in {gs.name(actor)}'s field of view")
        d, reach = gs.distance(actor, t), throw_reach(gs, actor)
        if d > reach + EPS:
            raise RuleViolation(RULE, f"{gs.name(t)} is {d:.2f} K away: a throw reaches MOV + CON = {reach:g} K")
        c = gs.cover(actor, [t])[0] if pid.startswith("item:") else scenery_objects.cover_without(gs, actor, t, pid)
        if not c.has_los:
            raise RuleViolation("ENV-2", f"no line of sight from {gs.name(actor)} to {gs.name(t)}")
        blocked = 25 if gs.world.get(t, Posture).state == "prone" and c.blocked > 0 else c.blocked    # MVA-5
        return ScenePrep(pid, t, Cover(blocked, c.main_piece_def, c.main_piece_id), scenery_objects.THROW_MOD[size])

    def cost(self, gs, actor, params, prepared):
        return ENE

    def resolve(self, gs, ctx, prepared):
        e, t, pid = ctx.actor, prepared.target, prepared.piece
        extra = [Modifier(RULE, prepared.mod, "throwing a truck" if prepared.mod == -2 else "throwing something bigger")] \
            if prepared.mod else []
        name = thing_name(gs, pid)
        check = roll_character_check(gs, ctx, e, "ATR", "CON", RULE, f"throw the {name}", extra=extra)
        if not check.passed:
            gs.world.emit("scenery_throw_failed", RULE, who=e, piece=pid)
            apply_wounds(gs, e, 1, source=None, rule=RULE)       # +1 wound, no CH DEF; the thing stays
            return
        dmg = gs.attrs(e).CON
        gs.world.emit("thrown", RULE, who=e, target=t, item=pid if not pid.startswith("item:") else name, dmg=dmg)
        resolve_attack(gs, ctx, e, t, weapon_index=None, ranged=True, cover=prepared.cover, base_dmg=dmg)
        if pid.startswith("item:"):
            land_item(gs, int(pid.split(":")[1]), e, t)
            return
        scenery_objects.move_piece(gs, pid, scenery_objects.landing(gs, pid, e, t), RULE, e)

    def utility(self, gs, actor: int, target: int, params: dict) -> float:
        """For the scripted AI: P(CH CON) × (expected wounds + 2 × P(incapacitate)) of a ranged blow with DMG CON,
        less the failed check's wound (the thrower's own)."""
        p = p_pass(check_target(gs, actor, dict(throwables(gs, actor)).get(params["piece"], ITEM_SIZE)))
        odds = throw_odds(gs, actor, target)
        return float(p) * (float(odds.expected_wounds) + 2.0 * float(odds.p_incapacitate)) - float(1 - p)


def thing_name(gs, ref: str) -> str:
    """A piece's id, or the name of the thing 'item:<id>' lying on the ground."""
    if ref.startswith("item:"):
        it = gs.world.try_get(int(ref.split(":")[1]), Item)
        return it.name if it is not None else ref
    return ref


def land_item(gs, n: int, thrower: int, target: int) -> None:
    """TRT-SUPER-STRENGTH (as CBA-6): the thrown thing `n` lies on the ground in base contact with the target, on
    its far side; a placed charge at the target's level, its owner and operative state kept, not set off."""
    at = ground_spot(gs, target, thrower)
    it = gs.world.get(n, Item)
    gs.world.set(n, replace(it, at=at))
    pc = gs.world.try_get(n, PlacedCharge)
    if pc is not None:
        gs.world.set(n, replace(pc, level=gs.pos(target).level))
    gs.world.emit("item_moved", RULE, item=n, name=it.name, at=list(at), by=thrower, how="thrown")


def throw_odds(gs, actor: int, target: int):
    """The odds of the thrown piece's attack: a ranged attack with DMG = the thrower's CON (under a peer combat
    system, estimated as an unarmed blow)."""
    if gs.combat is not None:
        return attack_odds(gs, actor, target, weapon_index=None, ranged=True, unarmed=True)
    return attack_odds(gs, actor, target, weapon_index=None, ranged=True, base_dmg=gs.attrs(actor).CON)
