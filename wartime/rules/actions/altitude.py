"""Altitude: who can fly, Cambiar de altitud and Despegar / aterrizar (MOV-10..13, MVA-15, MVA-16).

Characters move at level 1 (MOV-10). A trait lets a character move at other levels (the trait catalogue has no
plain "wings" trait for races): Planeador (TRT-GLIDER) flies at level 2 and takes off and lands with its own
rule; Sub (TRT-SUB) goes down to level −1. A character at level 2 without a flying trait stands on a piece 3 K
high (a scenario `[[perch]]`: Board.surface_height is 0 everywhere, so the piece top is modelled as level 2).
"""
from __future__ import annotations

import math
from dataclasses import replace

from wartime.core.errors import RuleViolation
from wartime.geometry import movement as geo_move
from wartime.geometry.heights import LEVELS
from wartime.rules import riding, traits
from wartime.rules.actions.base import Action, register
# perched and flight_restrictions are re-exported: they were defined here first
from wartime.rules.actions.flight import can_fly, flight_levels, flight_restrictions, perched  # noqa: F401
from wartime.rules.actions.movement import BOOST_PARAM, AnyMoveBoostable, can_move, path_violation
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.modifiers import roll_character_check
from wartime.rules.noise import emit_noise, movement_noise
from wartime.rules.state import GameState
from wartime.rules.wounds import apply_wounds

#: MOV-10 / MVA-15: the order of the levels; a change moves one step along it.
LEVEL_ORDER = (-1, 1, 2, 3, 4)
def _ground_class(gs: GameState, e: int, x: float, y: float) -> int:
    """MVA-15 ruling (2): the terrain class of the ground under the base where it leaves or reaches level 1
    (0 easy, 1 difficult, 2 extreme; a low obstacle up to the chest is difficult, MOV-8)."""
    chk = geo_move.check_path(gs.board, [(x, y)], gs.body(e).radius, gs.chest_height(e), 0.0, [])
    return chk.surcharge


class _AltitudeBase(AnyMoveBoostable, Action):
    """MVA-15 / MVA-16: change one level, optionally moving in a straight line (`to: [x, y]`) up to MOV K
    (+1 K on a critical: a longer line is cut at MOV K otherwise; 3 K more with TRT-FIRE-IN-THE-VEINS's boost, for
    its wound). The destination must be legal at the new
    level (BAS-2 against the minis there, MOV-9 terrain, MOV-14). CH AGI only if the ground where the mini leaves
    or reaches level 1 (or −1) is difficult or extreme; the change happens even if it fails: fail ENE −3 (down to
    −10), fumble ENE −3 and 3 wounds (no CH DEF)."""
    category = "movement"
    moves = True
    has_check = True

    def _target_level(self, gs: GameState, actor: int, params: dict) -> int:
        raise NotImplementedError

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character that moves at one level only: without a transport
        (a flying one gives levels 1-3) and without an own trait on ``flight_levels`` (``flight_levels``)."""
        return riding.rides(gs, actor) or traits.own_carries_on(gs, actor, "flight_levels")

    def available(self, gs, actor):
        can_move(gs, actor)
        if len(flight_levels(gs, actor)) < 2:
            raise RuleViolation(self.rule, f"{gs.name(actor)} moves at one altitude level only (it needs a trait "
                                "such as TRT-GLIDER or TRT-SUB)")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        level = self._target_level(gs, actor, params)
        here = gs.pos(actor).level
        if level not in flight_levels(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} cannot move at level {level} (it needs a trait such "
                                "as TRT-GLIDER or TRT-SUB)")
        if abs(LEVEL_ORDER.index(level) - LEVEL_ORDER.index(here)) != 1:
            raise RuleViolation(self.rule, f"a change of altitude moves one level (from {here}, not to {level})")
        p = gs.pos(actor)
        to = params.get("to")
        if to is None:
            end = (p.x, p.y)
        elif isinstance(to, (list, tuple)) and len(to) == 2 and all(isinstance(v, (int, float)) for v in to):
            end = (float(to[0]), float(to[1]))
        else:
            raise RuleViolation(self.rule, "to must be a point [x, y]")
        length = math.hypot(end[0] - p.x, end[1] - p.y)
        reach = gs.mov(actor) + self.boost_k(gs, actor, params)          # TRT-FIRE-IN-THE-VEINS: 3 K more
        if length > reach + 1.0 + 1e-9:
            raise RuleViolation("MVA-15", f"the line is {length:.2f} K long: at most {reach:g} K (MOV, with its "
                                "boost), or 1 K more on a critical")
        riding.check_straight(gs, actor, [(p.x, p.y), end], None)        # MOV-6: a transport flies straight ahead
        self._check_spot(gs, actor, level, (p.x, p.y), end, reach)
        ground = (p.x, p.y) if here in (1, -1) and level not in (1, -1) else end
        needs_check = (here in (1, -1) or level in (1, -1)) and _ground_class(gs, actor, *ground) > 0
        return {"level": level, "from": here, "path": [(p.x, p.y), end], "length": length,
                "check": needs_check, "reach": reach}

    def _check_spot(self, gs: GameState, actor: int, level: int, start, end, reach: float) -> None:
        """The straight move is checked as a move at the destination level (ruling): BAS-2 against the bases
        at that level, MOV-14, the board edge, and terrain (MOV-9) only at levels 1 (ground) and 2 (pieces as
        tall as the flight elevation)."""
        mine = gs.side(actor)
        others, ids = [], []
        for o in gs.minis():
            if o == actor or not gs.on_table(o) or gs.pos(o).level != level:
                continue
            q = gs.pos(o)
            others.append(geo_move.Other(q.x, q.y, gs.body(o).radius, gs.side(o) != mine and gs.able(o)))
            ids.append(o)
        elevation = {1: 0.0, 2: 3.0}.get(level, math.inf)
        chk = geo_move.check_path(gs.board, [start, end], gs.body(actor).radius, gs.chest_height(actor),
                                  reach + 1.0, others, elevation=elevation)
        if not chk.ok:
            raise path_violation(gs, chk, ids, self.rule)

    def cost(self, gs, actor, params, prepared):
        return 1

    def resolve(self, gs, ctx, prepared):
        e = ctx.actor
        r = None
        if prepared["check"]:
            r = roll_character_check(gs, ctx, e, "ATR", "AGI", self.rule, "change of altitude over rough ground")
        length = prepared["length"]
        end = prepared["path"][-1]
        start = prepared["path"][0]
        allowance = prepared["reach"] + (1.0 if r is not None and r.critical else 0.0)   # MVA-15 crit: 1 K more
        if length > allowance + 1e-9:
            f = allowance / length
            end = (start[0] + (end[0] - start[0]) * f, start[1] + (end[1] - start[1]) * f)
            length = allowance
        self._fail_effects(gs, ctx, r)
        p = gs.pos(e)
        facing = p.facing if length <= 0 else math.degrees(math.atan2(end[1] - start[1], end[0] - start[0])) % 360.0
        gs.world.set(e, replace(p, x=end[0], y=end[1], level=prepared["level"], facing=facing))
        gs.world.emit("altitude", self.rule, who=e, before=prepared["from"], after=prepared["level"],
                      path=[list(start), list(end)], length=length)
        emit_noise(gs, e, movement_noise(length), "ENV-7", action=self.key)     # heard from where it ends
        riding.after_move(gs, e, length)        # a transport: en marcha, K moved, ENE paid, passengers (BLD-19)
        self._pay_boost(gs, ctx)                                          # TRT-FIRE-IN-THE-VEINS

    def _fail_effects(self, gs, ctx, r) -> None:
        """MVA-15: fail ENE −3 (to −10 at most); fumble also 3 wounds, with no CH DEF."""
        if r is None or r.passed:
            return
        e = ctx.actor
        gs.set_energy(e, max(-10, gs.energy(e) - 3), self.rule, "failed change of altitude")
        if r.fumble:
            apply_wounds(gs, e, 3, source=None, rule=self.rule)


@register
class ChangeAltitude(_AltitudeBase):
    """MVA-15: Cambiar de altitud (1, [AGI]): one level along −1, 1, 2, 3, 4 (`level`), for a model able to
    move at the new level."""
    key = "change_altitude"
    rule = "MVA-15"

    params = (Param("level", "level", "MVA-15: the new altitude level, one step along -1, 1, 2, 3, 4"),
              Param("to", "point", "MVA-15: a point up to MOV K away reached in a straight line", optional=True),
              BOOST_PARAM)

    def candidates(self, gs, actor, space):
        for level in LEVELS:
            yield Candidate(self.key, lambda level=level: {"level": level}, label=f"to level {level}")

    def _target_level(self, gs, actor, params):
        level = params.get("level")
        if level not in LEVELS:
            raise RuleViolation(self.rule, f"level must be one of {LEVELS}")
        return level


@register
class TakeOffLand(_AltitudeBase):
    """MVA-16: Despegar / aterrizar (1, [AGI]): from level 1 to 2, or from 2 to 1, for a model able to fly,
    with every rule of MVA-15, unless a trait has its own rule (hook point `take_off_landing`; TRT-GLIDER: ENE 3
    per take-off or landing; a CH AGI on difficult (or extreme) ground; a failure costs ENE −3 and calls a CH
    CON, and if that fails too, 3 wounds)."""
    key = "take_off_land"
    rule = "MVA-16"

    params = (Param("to", "point", "MVA-16: a point up to MOV K away reached in a straight line", optional=True),
              BOOST_PARAM)

    def _target_level(self, gs, actor, params):
        here = gs.pos(actor).level
        if here not in (1, 2):
            raise RuleViolation(self.rule, "take-off and landing go between levels 1 and 2")
        if not can_fly(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} cannot fly")
        return 2 if here == 1 else 1

    def validate(self, gs, actor, params):
        prepared = super().validate(gs, actor, params)
        check_strip(gs, actor)
        return prepared

    def cost(self, gs, actor, params, prepared):
        own = traits.take_off_landing(gs, actor)
        return own.cost if own is not None else 1

    def _fail_effects(self, gs, ctx, r) -> None:
        own = traits.take_off_landing(gs, ctx.actor)
        if own is None:
            super()._fail_effects(gs, ctx, r)
            return
        if r is None or r.passed:
            return
        e = ctx.actor
        gs.set_energy(e, max(-10, gs.energy(e) - own.fail_ene), own.rule, "failed take-off or landing")
        check = roll_character_check(gs, ctx, e, "ATR", own.fail_check, own.rule, own.reason)
        if not check.passed:
            apply_wounds(gs, e, own.fail_wounds, source=None, rule=own.rule)


def check_strip(gs: GameState, e: int) -> None:
    """TRT-LANDING-STRIP (hook ``strip_needed``): a take-off or landing needs a straight run of the trait's K ahead
    of the transport along its facing, from its base, inside the board, over easy ground (no terrain piece that
    costs or stops a move, MOV-7 / MOV-9) and meeting no base at level 1."""
    need = traits.strip_needed(gs, e)
    if need is None:
        return
    rule, k = need
    p = gs.pos(e)
    rad = math.radians(p.facing)
    end = (p.x + k * math.cos(rad), p.y + k * math.sin(rad))
    others = [geo_move.Other(gs.pos(o).x, gs.pos(o).y, gs.body(o).radius, False) for o in gs.minis()
              if o != e and gs.on_table(o) and gs.pos(o).level == 1]
    r = gs.body(e).radius
    chk = geo_move.check_path(gs.board, [(p.x, p.y), end], r, gs.chest_height(e), k + 1e-6, others)
    if not chk.ok or chk.surcharge > 0 or not gs.board.disc_inside(end[0], end[1], r):
        raise RuleViolation(rule, f"{gs.name(e)} needs {k:g} K of straight, clear ground ahead to take off or land")
