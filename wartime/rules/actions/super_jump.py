"""Súper salto (TRT-SUPER-JUMP, issue 12 group D): the bearer's leap of up to 10 K in a straight line in any direction,
up included, for ENE 5 and a CH AGI (the profile is the trait's ``leap`` answer, rules/traits/combat_feats.py).
Offered only to a character whose traits give it (``trait_gated``)."""
from __future__ import annotations

import math
from dataclasses import replace

from shapely.geometry import Point

from wartime.core.errors import RuleViolation
from wartime.geometry import movement as geo_move
from wartime.rules import traits
from wartime.rules.actions.altitude import _ground_class
from wartime.rules.actions.base import Action, register
from wartime.rules.actions.movement import BOOST_PARAM, AnyMoveBoostable, MovePrep, apply_move, end_contacts
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.actions.terrain_moves import (_piece_param, _top_spot, _touches_water, jump_start, needs_climbing,
                                                 reach_top, set_climbing)
from wartime.rules.modifiers import roll_character_check
from wartime.rules.noise import emit_noise, movement_noise
from wartime.rules.reactions import overlaps_any
from wartime.rules.traits.combat_feats import SUPER_JUMP
from wartime.rules.wounds import apply_wounds


def _leap(gs, actor: int):
    got = traits.leap(gs, actor)
    if got is None:
        raise RuleViolation("TRT-SUPER-JUMP", f"{gs.name(actor)} has no trait that lets it leap")
    return got


@register
class SuperJump(AnyMoveBoostable, Action):
    """TRT-SUPER-JUMP: "Puede saltar 10 K (ENE 5 y CH AGI). Si despega o cae en terreno difícil, CH AGI. Si falla,
    ENE-2 y CH CON. Si falla, 3 her." Ruling: 10 K in any direction, up included: the straight-line distance from
    where it stands (the ground, or a perch, MOV-10) to where it lands, the height gained or lost counted, is at most
    the reach. It lands on the ground (`to`: a free spot on the board, out of water, where a base may stand, MOV-9)
    or on the top of a piece taller than its chest (`piece`: the top spot nearest to it, MVA-13's landing: a 3 K top
    is a perch at level 2). The leap goes over whatever lies between (no path check), not while engaged, not from a
    wall it clings to. A failed CH AGI: it does not leap (ENE spent). After a leap that took off from or landed on
    difficult or extreme ground (MOV-7, MOV-8: the ground under the base), one more CH AGI; failed, ENE −2 (down to
    −10) and a CH CON; failed too, 3 wounds (no CH DEF).

    TRT-FIRE-IN-THE-VEINS ("puede añadir +3 K a cualquier acción de movimiento"): the leap is a movement action, so
    its bearer may take the boost (the ``boost`` parameter): the leap reaches 3 K farther (13 K) and, once it has
    leapt (a failed CH AGI moves it nothing and costs no wound), it gains 1 wound (no CH DEF, G7)."""
    key = "super_jump"
    rule = "TRT-SUPER-JUMP"
    category = "movement"
    moves = True
    has_check = True
    trait_gated = True

    params = (Param("to", "point", "TRT-SUPER-JUMP: the landing point on the ground (base centre)", optional=True),
              Param("piece", "choice", "TRT-SUPER-JUMP: the id of a piece whose top it lands on", optional=True),
              BOOST_PARAM)

    def candidates(self, gs, actor, space):
        """The 8 compass points (east first) at the full reach and at half of it, then the tops within reach; then,
        for each boost offered (TRT-FIRE-IN-THE-VEINS), the 8 at the boosted reach and the tops only it reaches."""
        leap = traits.leap(gs, actor)
        if leap is None:
            return
        p = gs.pos(actor)
        plain = [((leap.reach, leap.reach / 2.0), leap.reach, 0.0, {}, "")]
        boosted = [((leap.reach + b.k,), leap.reach + b.k, leap.reach, {"boost": b.rule}, f" ({b.label})")
                   for b in self.offered_boosts(gs, actor)]
        for dists, top_reach, beyond, extra, tag in plain + boosted:
            for dist in dists:
                for k in range(8):
                    a = math.radians(45.0 * k)
                    to = [round(p.x + dist * math.cos(a), 4), round(p.y + dist * math.sin(a), 4)]
                    yield Candidate(self.key, lambda to=to, extra=extra: {**extra, "to": to},
                                    label=f"super jump {45 * k}° {dist:g} K{tag}")
            for pc in gs.board.climbable():
                d = pc.polygon.distance(Point(p.x, p.y))
                if needs_climbing(gs, actor, pc) and (beyond == 0.0 or d > beyond) and d <= top_reach:
                    yield Candidate(self.key, lambda pid=pc.id, extra=extra: {**extra, "piece": pid},
                                    label=f"super jump onto {pc.id}{tag}")

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character whose trait set holds no trait on ``leap``
        (``traits.leap`` asks only that hook of it)."""
        return traits.carries_on(gs, actor, "leap")

    def refusal(self, gs, actor):
        """TRT-SUPER-JUMP: `available` without raising (issue 20): its usual refusal tested first."""
        return "TRT-SUPER-JUMP" if traits.leap(gs, actor) is None else super().refusal(gs, actor)

    gate_reads = traits.CARRIER_TYPES

    def gate_possible(self, gs, actor):
        """TRT-SUPER-JUMP (REA-1, issue 20): `traits.leap` answers only for a carrier of a trait on its hook."""
        return actor in traits.hook_carriers(gs, "leap")

    def available(self, gs, actor):
        _leap(gs, actor)
        jump_start(gs, actor, self.rule, "super jump")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        leap = _leap(gs, actor)
        p = gs.pos(actor)
        if ("to" in params) == ("piece" in params):
            raise RuleViolation(self.rule, "give either a landing point `to` or a `piece` to land on")
        if "piece" in params:
            piece = _piece_param(gs, params, self.rule)
            if not needs_climbing(gs, actor, piece):
                raise RuleViolation(self.rule, f"{piece.id} is no top to land on (land on the ground with `to`)")
            spot = _top_spot(gs, actor, piece)
            if spot is None:
                raise RuleViolation(self.rule, f"{piece.id}'s top cannot hold {gs.name(actor)}'s base there")
            rise = piece.height - gs.elevation(actor)
            x, y = spot
        else:
            to = params["to"]
            if not (isinstance(to, (list, tuple)) and len(to) == 2 and
                    all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in to)):
                raise RuleViolation(self.rule, "to must be the landing point [x, y]")
            x, y = float(to[0]), float(to[1])
            r = gs.body(actor).radius
            if not gs.board.disc_inside(x, y, r):
                raise RuleViolation("MOV-3", "the landing base would leave the board")
            if _touches_water(gs, [(x, y)], r):
                raise RuleViolation(self.rule, "the landing spot is in water (use Nadar)")
            chk = geo_move.check_path(gs.board.dry(), [(x, y)], r, gs.chest_height(actor), 0.0, [])
            if not chk.ok:
                raise RuleViolation("MOV-9", "no base can stand at the landing spot")
            if overlaps_any(gs, actor, x, y, 1):
                raise RuleViolation("BAS-2", "the landing base would overlap another base")
            piece, rise = None, -gs.elevation(actor)
        length = math.hypot(math.hypot(x - p.x, y - p.y), rise)
        if length <= 1e-9:
            raise RuleViolation(self.rule, "the landing point is where the jump starts")
        far = leap.reach + self.boost_k(gs, actor, params)                   # TRT-FIRE-IN-THE-VEINS: 3 K farther
        if length > far + 1e-9:
            raise RuleViolation(self.rule, f"the jump is {length:.2f} K: at most {far:g} K")
        return {"to": (x, y), "piece": piece, "length": length, "leap": leap}

    def cost(self, gs, actor, params, prepared):
        return (traits.leap(gs, actor) or SUPER_JUMP).cost     # the catalogue's profile for a bearer-less probe

    def resolve(self, gs, ctx, prepared):
        e = ctx.actor
        leap, piece, to = prepared["leap"], prepared["piece"], prepared["to"]
        r = roll_character_check(gs, ctx, e, "ATR", "AGI", self.rule, "super jump")
        gs.world.emit("super_jump", self.rule, who=e, to=list(to), piece=piece.id if piece is not None else None,
                      length=round(prepared["length"], 4), success=r.passed)
        if not r.passed:
            return                                          # it does not leap: it stays where it was
        p0 = gs.pos(e)
        rough = p0.level == 1 and _ground_class(gs, e, p0.x, p0.y) > 0           # a take-off on difficult ground
        if piece is not None:
            reach_top(gs, e, piece, self.rule)
            emit_noise(gs, e, movement_noise(prepared["length"]), "ENV-7", action=self.key)
        else:
            if p0.level != 1:
                gs.world.set(e, replace(p0, level=1))       # down from a perch onto the ground
                set_climbing(gs, e, None)
            start = (p0.x, p0.y)
            apply_move(gs, ctx, MovePrep([start, to], prepared["length"], 0, prepared["length"],
                                         end_contacts(gs, e, to), None), self.rule)
            rough = rough or _ground_class(gs, e, to[0], to[1]) > 0                # a landing on difficult ground
        self._pay_boost(gs, ctx)                                                 # TRT-FIRE-IN-THE-VEINS: it leapt
        if rough and gs.able(e):
            landing = roll_character_check(gs, ctx, e, "ATR", "AGI", self.rule, "rough take-off or landing")
            if not landing.passed:
                gs.set_energy(e, max(-10, gs.energy(e) - leap.fail_ene), self.rule, "rough take-off or landing")
                check = roll_character_check(gs, ctx, e, "ATR", leap.fail_check, self.rule, "rough landing")
                if not check.passed:
                    apply_wounds(gs, e, leap.fail_wounds, source=None, rule=self.rule)
