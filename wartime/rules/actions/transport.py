"""Transport actions (the play model: rules/riding.py): Embarcar / desembarcar (MVA-17), Maniobrar (MVA-18),
Pivotar de transporte (MVA-19's transport case, MOV-6) and Embestir with a transport (CBA-23). A transport's own
movement (Mover, Correr, Esprintar, Cambiar de altitud, Despegar / aterrizar) is the movement actions' (MOV-2,
MOV-6: rules.actions.movement and altitude ask rules.riding)."""
from __future__ import annotations

import math
from dataclasses import replace

from wartime.core.components import Carried, Mount, Parked, Posture, Weapon
from wartime.core.errors import RuleViolation
from wartime.geometry import movement as geo_move
from wartime.geometry.measure import ENGAGED_GAP
from wartime.rules import bodyguard, parked, riding, traits
from wartime.rules.actions.base import REGISTRY, Action, any_of, need, need_target, register
from wartime.rules.actions.flight import previous_action
from wartime.rules.actions.movement import MovePrep, apply_move, can_move, path_violation, prepare_path
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.checks import Modifier
from wartime.rules.combat import resolve_hit
from wartime.rules.modifiers import roll_character_check
from wartime.rules.state import GameState
from wartime.rules.traits.vehicles import RETRO_ENE

#: CBA-23: the ram as the "weapon" of its attack terms (hook points see key 'ram': TRT-RAM's DMG +1).
RAM = Weapon("ram", "ram", 0, 0, 0, 99)


def _point(params: dict, name: str, rule: str) -> tuple[float, float]:
    v = need(params, name, rule)
    if not (isinstance(v, (list, tuple)) and len(v) == 2 and all(isinstance(c, (int, float)) for c in v)):
        raise RuleViolation(rule, f"{name} must be a point [x, y]")
    return (float(v[0]), float(v[1]))


def _gets_through(gs: GameState, ctx, carrier: int, reason: str, failed: str) -> bool:
    """MVA-17: boarding or leaving a transport "en marcha" needs a CH AGI D (−1); a parked one needs no roll. On a
    failure nothing happens (the ENE is spent)."""
    if not riding.en_marcha(gs, carrier):
        return True
    r = roll_character_check(gs, ctx, ctx.actor, "ATR", "AGI", "MVA-17", reason,
                             extra=[Modifier("MVA-17", -1, "transport en marcha")])
    if not r.passed:
        gs.world.emit("action_failed", "MVA-17", who=ctx.actor, reason=failed)
    return r.passed


@register
class Embark(Action):
    """MVA-17: Embarcar (1): a character in base contact with an allied transport that has free load levels
    (TRT-CAPACITY) gets in: it leaves the table as carried. CH AGI −1 only if the transport is en marcha (moved
    this turn); a failed check changes nothing (ENE spent). `transport` instead of `target`: its side's driverless
    transport (riding.park), boarded as a passenger: it waits aboard (it may only get off) until a character
    takes the transport over (TakeTransport) and drives it."""
    key = "embark"
    rule = "MVA-17"
    category = "movement"
    params = (Param("target", "ally", "MVA-17: the character whose transport it boards"),
              Param("transport", "choice", "MVA-17: or the entity id of its side's driverless transport in base "
                    "contact, boarded as a passenger (whoever takes it over drives them)", optional=True))

    def candidates(self, gs, actor, space):
        for a in space.allies():
            if riding.rides(gs, a):
                yield Candidate(self.key, lambda a=a: {"target": a}, label=f"board {gs.name(a)}")
        for t in _parked_in_contact(gs, actor):
            if _own_side(gs, actor, t):
                yield Candidate(self.key, lambda t=t: {"transport": t},
                                label=f"board the driverless {gs.world.get(t, Mount).name}")

    def available(self, gs, actor):
        if riding.rides(gs, actor):
            raise RuleViolation("MVA-17", f"{gs.name(actor)} drives a transport (BLD-19: one miniature with it): it "
                                "gets off (Desembarcar) before it boards another")
        can_move(gs, actor)

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        if "transport" in params and "target" not in params:
            return self._driverless(gs, actor, params["transport"])
        t = need_target(gs, actor, params, self.rule, enemy=False)
        if gs.side(t) != gs.side(actor):
            raise RuleViolation(self.rule, f"{gs.name(t)} is not an ally")
        if not riding.rides(gs, t):
            raise RuleViolation(self.rule, f"{gs.name(t)} has no transport")
        if not gs.in_contact(actor, t):
            raise RuleViolation(self.rule, f"{gs.name(actor)} must be in base contact with {gs.name(t)}'s transport")
        _check_load(gs, actor, t, f"{gs.name(t)}'s transport")
        return t

    def _driverless(self, gs, actor, t) -> int:
        """MVA-17: a passenger boards its side's driverless transport in base contact, with a free load level."""
        if t not in _parked_in_contact(gs, actor):
            raise RuleViolation(self.rule, f"{t!r} is not a driverless transport in base contact")
        if not _own_side(gs, actor, t):
            raise RuleViolation(self.rule, f"the driverless {gs.world.get(t, Mount).name} is not its side's")
        _check_load(gs, actor, t, riding.base_name(gs, t))
        return t

    def cost(self, gs, actor, params, prepared):
        return 1

    def resolve(self, gs, ctx, prepared):
        if _gets_through(gs, ctx, prepared, "boarding a moving transport", "did not get aboard"):
            self.get_in(gs, ctx.actor, prepared)

    @staticmethod
    def get_in(gs, who: int, carrier: int) -> None:
        riding.board(gs, who, carrier)


@register
class Disembark(Action):
    """MVA-17: Desembarcar (1): a passenger gets off and stands in base contact with its transport (`to`: a free
    spot); CH AGI −1 only if the transport is en marcha; a failed check keeps it aboard (ENE spent). Only on the
    ground (a flier lands first). A disabled transport's passengers may still get off (WND-4).

    The driver's case (ruling): the driver gets off the same way, once its passengers have got off (the engine keeps
    passengers with a driver); the transport stays where it stood, driverless (riding.park): it cannot move, and a
    character in base contact may board it as its new driver (TakeTransport)."""
    key = "disembark"
    world_reads = (Mount, Carried,)

    def world_gate(self, gs):
        """MVA-17: nobody rides or is carried aboard a transport (issue 20)."""
        return any_of(gs, Mount, Carried)

    rule = "MVA-17"
    category = "movement"
    params = (Param("to", "point", "MVA-17: where it stands, in base contact with the transport"),)

    def candidates(self, gs, actor, space):
        carrier = actor if riding.rides(gs, actor) else riding.carrier_of(gs, actor)
        if carrier is None:
            return
        for spot in riding.free_spots(gs, carrier, actor):
            yield Candidate(self.key, lambda s=spot: {"to": [s[0], s[1]]}, label=f"get off at {s_label(spot)}")

    def available(self, gs, actor):
        m = riding.mount(gs, actor)
        if m is not None and m.passengers:
            raise RuleViolation(self.rule, f"{gs.name(actor)} drives a transport with passengers aboard: they get "
                                "off first (the engine keeps passengers with a driver)")
        carrier = actor if m is not None else riding.carrier_of(gs, actor)
        if carrier is None:
            raise RuleViolation(self.rule, f"{gs.name(actor)} is not aboard a transport")
        if gs.pos(carrier).level != 1:
            raise RuleViolation(self.rule, f"{gs.name(carrier)}'s transport is at level {gs.pos(carrier).level}: "
                                "its occupants get off on the ground (it lands first, MVA-16)")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        carrier = actor if riding.rides(gs, actor) else riding.carrier_of(gs, actor)
        x, y = _point(params, "to", self.rule)
        c = gs.pos(carrier)
        r = riding.rider_radius(gs, actor)
        gap = math.hypot(x - c.x, y - c.y) - gs.body(carrier).radius - r
        if not (-1e-6 <= gap <= ENGAGED_GAP + 1e-6):
            raise RuleViolation(self.rule, "the passenger gets off in base contact with its transport")
        if not riding.spot_is_free(gs, actor, x, y, r, c.level):
            raise RuleViolation("BAS-2", "that spot is not free (terrain, board edge or another base)")
        return (round(x, 4), round(y, 4))

    def cost(self, gs, actor, params, prepared):
        return 1

    def resolve(self, gs, ctx, prepared):
        driver = riding.rides(gs, ctx.actor)
        carrier = ctx.actor if driver else riding.carrier_of(gs, ctx.actor)
        if _gets_through(gs, ctx, carrier, "leaving a moving transport", "stayed aboard"):
            if driver:
                riding.park(gs, ctx.actor, prepared)
            else:
                riding.alight(gs, ctx.actor, prepared)


@register
class TakeTransport(Embark):
    """MVA-17 (ruling: the book's Embarcar, on a transport without a driver): Tomar el transporte (1): a character
    without a transport (BLD-3: at most one), in base contact with a driverless transport (riding.park), boards it
    as its driver, whoever fielded it (the book names no owner's right): the transport becomes its own (BLD-19:
    base, MOV, DEF, traits, mounted weapons). CH AGI −1 if the transport is en marcha (it moved this turn); a failed
    check leaves it outside (ENE spent)."""
    key = "take_transport"
    world_reads = (Parked,)

    def world_gate(self, gs):
        """MVA-17: no transport is parked (issue 20)."""
        return any_of(gs, Parked)

    rule = "MVA-17"
    category = "movement"
    trait_gated = True          # a reaction key only for a character in contact with a driverless transport
    params = (Param("transport", "choice", "MVA-17: the entity id of a driverless transport in base contact"),)

    def candidates(self, gs, actor, space):
        for t in _parked_in_contact(gs, actor):
            yield Candidate(self.key, lambda t=t: {"transport": t}, label=f"take the {gs.world.get(t, Mount).name}")

    def refusal(self, gs, actor):
        """MVA-17: `available` without raising (issue 20): its usual refusal tested first."""
        return self.rule if riding.rides(gs, actor) or not _parked_in_contact(gs, actor) else super().refusal(gs, actor)

    gate_reads = (Mount, Parked)

    def gate_possible(self, gs, actor):
        """MVA-17 (REA-1, issue 20): `refusal`'s first test without the positions: no transport of its own and some
        driverless transport on the table."""
        return not riding.rides(gs, actor) and bool(riding.parked(gs))

    def available(self, gs, actor):
        if riding.rides(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} already has a transport (BLD-3: one per character)")
        if not _parked_in_contact(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} is in base contact with no driverless transport")
        can_move(gs, actor)

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        t = need(params, "transport", self.rule)
        if t not in _parked_in_contact(gs, actor):
            raise RuleViolation(self.rule, f"{t!r} is not a driverless transport in base contact")
        why = traits.item_denied(gs, actor, gs.world.get(t, Mount))          # TRT-REQUIRES: only a driver with it
        if why is not None:
            raise RuleViolation(why, f"{gs.name(actor)} cannot take over the {gs.world.get(t, Mount).name}")
        return t

    @staticmethod
    def get_in(gs, who: int, carrier: int) -> None:
        riding.take_over(gs, who, carrier)


def _parked_in_contact(gs: GameState, actor: int) -> list[int]:
    """MVA-17: the driverless transports whose base touches `actor`'s (CMB-11's 0.05 K), at its level."""
    p, r = gs.pos(actor), gs.body(actor).radius
    return [t for t in riding.parked(gs) if gs.pos(t).level == p.level
            and math.hypot(gs.pos(t).x - p.x, gs.pos(t).y - p.y) - r - gs.body(t).radius <= ENGAGED_GAP + 1e-9]


def _check_load(gs: GameState, actor: int, carrier: int, label: str) -> None:
    """TRT-CAPACITY: `actor`'s base must find its load levels free aboard `carrier`'s transport (`label` names it)."""
    need_load = riding.load_of(gs.body(actor).radius)
    if need_load > riding.free_load(gs, carrier):
        raise RuleViolation("TRT-CAPACITY", f"{label} has {riding.free_load(gs, carrier)} free load levels; "
                            f"{gs.name(actor)} takes {need_load}")


def _own_side(gs: GameState, actor: int, t: int) -> bool:
    """MVA-17: the driverless transport `t` was last driven by `actor`'s side (components.Parked.owner)."""
    return gs.side(gs.world.get(t, Parked).owner) == gs.side(actor)


def s_label(spot) -> str:
    return f"({spot[0]:.1f}, {spot[1]:.1f})"


@register
class TransportPivot(Action):
    """MVA-19 (transport case) / MOV-6: Pivotar de transporte (3): in its own activation a transport turns on the
    spot to any facing; not at level 3 (MOV-13). TRT-PIVOTING makes it ENE 1 (hook point ene_mod)."""
    key = "transport_pivot"
    rule = "MVA-19"
    category = "movement"
    params = (Param("facing_to", "facing", "MVA-19: the transport's new facing, in degrees"),)

    def candidates(self, gs, actor, space):
        for e in space.enemies():
            q = gs.pos(e)
            yield Candidate(self.key, lambda q=q: {"facing_to": round(gs.facing_to(actor, q.x, q.y), 4)},
                            label=f"turn to {gs.name(e)}")
        p = gs.pos(actor)
        cap = traits.turn_limit(gs, actor)
        for turn in (90.0, -90.0, 180.0) if cap is None else (cap[1], -cap[1]):
            yield Candidate(self.key, lambda f=(p.facing + turn) % 360.0: {"facing_to": round(f, 4)},
                            label=f"turn {turn:+g}°")

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character without a transport (``riding.rides``)."""
        return riding.rides(gs, actor)

    def available(self, gs, actor):
        if not riding.rides(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} has no transport (a character turns for free, MOV-5)")
        if gs.pos(actor).level == 3 and not traits.lifts_level3_limits(gs, actor):
            raise RuleViolation("MOV-13", "at level 3 a mini cannot pivot")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        if params.get("_window") is not None:
            raise RuleViolation(self.rule, "a transport pivots in its own activation, not as a reaction")
        facing = params.get("facing_to")
        if not isinstance(facing, (int, float)):
            raise RuleViolation(self.rule, "facing_to (degrees) is required")
        cap = traits.turn_limit(gs, actor)                          # hook turn_limit (TRT-STIFF-STEERING)
        if cap is not None and riding.angle_between(float(facing), gs.pos(actor).facing) > cap[1] + 1e-6:
            raise RuleViolation(cap[0], f"{gs.name(actor)}'s transport turns at most {cap[1]:g}° per action")
        return float(facing) % 360.0

    def cost(self, gs, actor, params, prepared):
        return riding.PIVOT_ENE

    def resolve(self, gs, ctx, prepared):
        p = gs.pos(ctx.actor)
        gs.world.set(ctx.actor, replace(p, facing=prepared))
        gs.world.emit("pivot", self.rule, who=ctx.actor, facing=prepared)


@register
class Manoeuvre(Action):
    """MVA-18: Maniobrar (1, AGI): right after its Mover or Correr, a transport moves up to 1 K in any direction
    keeping its facing (crit: up to 2 K; fail: it does not move). The driver's CH AGI has −1 if the transport moved
    10 K or more this turn, −3 if 20 K or more. `to` may be declared up to 2 K away: without a critical it stops
    after 1 K along the line."""
    key = "manoeuvre"
    rule = "MVA-18"
    category = "movement"
    moves = True
    has_check = True
    params = (Param("to", "point", "MVA-18: where the transport's centre goes (1 K, 2 K on a critical)"),)

    def candidates(self, gs, actor, space):
        p = gs.pos(actor)
        for i in range(8):
            a = math.radians(p.facing + 45.0 * i)
            yield Candidate(self.key, lambda a=a: {"to": [round(p.x + math.cos(a), 4), round(p.y + math.sin(a), 4)]},
                            label=f"sidestep {45 * i}°")

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character without a transport (``riding.rides``)."""
        return riding.rides(gs, actor)

    def available(self, gs, actor):
        if not riding.rides(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} has no transport")
        riding.check_can_drive(gs, actor)
        if previous_action(gs, actor) not in ("move", "run"):
            raise RuleViolation(self.rule, "Maniobrar comes right after the transport's Mover or Correr")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        p = gs.pos(actor)
        end = _point(params, "to", self.rule)
        length = math.hypot(end[0] - p.x, end[1] - p.y)
        if length > 2.0 + 1e-9:
            raise RuleViolation(self.rule, f"a manoeuvre moves up to 1 K (2 K on a critical), not {length:.2f} K")
        others, ids = gs.others_for_move(actor)
        elevation = gs.elevation(actor) if p.level == 2 else (0.0 if p.level == 1 else math.inf)
        chk = geo_move.check_path(gs.board, [(p.x, p.y), end], gs.body(actor).radius, gs.chest_height(actor),
                                  2.0, others, elevation=elevation)
        if not chk.ok:
            raise path_violation(gs, chk, ids, self.rule)
        return MovePrep([(p.x, p.y), end], length, chk.surcharge, 1.0, [], p.facing)

    def cost(self, gs, actor, params, prepared):
        return 1

    def resolve(self, gs, ctx, prepared):
        e = ctx.actor
        moved = riding.moved_this_turn(gs, e)
        extra = [Modifier("MVA-18", -3, "moved 20 K or more")] if moved >= 20 - 1e-9 else (
            [Modifier("MVA-18", -1, "moved 10 K or more")] if moved >= 10 - 1e-9 else [])
        r = roll_character_check(gs, ctx, e, "ATR", "AGI", self.rule, "manoeuvre", extra=extra)
        if not r.passed:
            gs.world.emit("action_failed", self.rule, who=e, reason="the transport does not move")
            return
        reach = 2.0 if r.critical else 1.0
        (sx, sy), (ex, ey) = prepared.path
        if prepared.length > reach:
            f = reach / prepared.length
            prepared = replace(prepared, path=[(sx, sy), (round(sx + (ex - sx) * f, 4), round(sy + (ey - sy) * f, 4))],
                               length=reach)
        apply_move(gs, ctx, prepared, self.rule)


@register
class Ram(Action):
    """CBA-23: Embestir with a transport (X + 1, CH IMP = the driver's CH AGI): one straight move of at least 2 K
    and at most MOV K along its facing, ending in base contact with the target; X is Mover's ENE with its terrain
    (1 + surcharge). On a hit: DMG = CAL (QUA) + K, at most CAL × 2, CH DEF as usual; the transport then takes an
    automatic hit of DMG = the target's CON + K/2 (its own CH DEF), and the target is pushed (DMG − its CON) K
    straight on (stopping at obstacles). A miss stops it in contact; a crit DMG +1; a fumble: an automatic DMG 1 hit
    on the rammer.

    The character case (no transport): X = 1 + Correr's ENE with its terrain (ruling 3: ENE 4 on easy terrain), the
    run is one straight leg in any direction (it turns for free, MOV-5) of at least 2 K and at most Correr's reach
    (MOV + 1 K, ruling 2), CH IMP = its CH AGI; on a hit DMG = its CON (ruling 4: min(CON + K, CON); crit +1), the
    target's CH DEF as usual and a push of (DMG − its CON) K; the rammer receives no hit. TRT-MULE: its CON counts
    +1 (the book's "Mulo CON +1", hook ``strength_plus``). A miss leaves the two in
    base contact, engaged (ruling 6). TRT-NEGATE (MOV): a target cancelling MOV cannot be rammed (the run that is part
    of the action on it covers 0 K), on foot or with a transport."""
    key = "ram"
    rule = "CBA-23"
    category = "combat"
    moves = True
    has_check = True
    is_attack = True
    params = (Param("target", "enemy", "CBA-23: the character rammed"),
              Param("path", "path", "CBA-23: one straight leg ahead, ending in base contact"))

    def candidates(self, gs, actor, space):
        for t in space.enemies():
            end = _contact_point(gs, actor, t)
            if end is not None:
                yield Candidate(self.key, lambda t=t, end=end: {"target": t, "path": [end]}, label=f"ram {gs.name(t)}",
                                refused=lambda t=t: self.target_refused(gs, actor, t))
        for t in parked.enemy_parked(gs, actor):                      # MVA-17: a driverless enemy transport
            end = _contact_point(gs, actor, t)
            if end is not None:
                yield Candidate(self.key, lambda t=t, end=end: {"target": t, "path": [end]},
                                label=f"ram {riding.base_name(gs, t)}")

    def refusal(self, gs, actor):
        """CBA-23: `available` without raising (issue 20): on foot, its tests without building the message (which
        asks Correr's reach again)."""
        if riding.rides(gs, actor):
            return super().refusal(gs, actor)
        if gs.world.get(actor, Posture).state == "prone":
            return "MVA-5"                                            # can_move
        # on foot the run heads straight at the target, so its length is the centres' distance less the bases and
        # half the contact gap, to within 1e-12 K: an enemy surely under 2 K or beyond the reach (RUN_MARGIN) is
        # not asked `_contact_point`'s trigonometry (issue 20: most of a listing's Embestir probe)
        p = gs.pos(actor)
        near = gs.body(actor).radius + ENGAGED_GAP / 2.0
        reach = _ReachOnce(self, gs, actor)
        for t in gs.enemies(actor):
            q = gs.pos(t)
            if q.level != p.level:
                continue
            run = math.hypot(q.x - p.x, q.y - p.y) - near - gs.body(t).radius
            if run < 2.0 - RUN_MARGIN or run > reach() + RUN_MARGIN:
                continue
            if _contact_point(gs, actor, t, reach) is not None:
                return None
        return self.rule

    def available(self, gs, actor):
        if riding.rides(gs, actor):
            riding.check_can_drive(gs, actor)
        can_move(gs, actor)
        reach = _ReachOnce(self, gs, actor)
        if not riding.rides(gs, actor) and not any(_contact_point(gs, actor, t, reach) is not None
                                                   for t in gs.enemies(actor)):
            raise RuleViolation(self.rule, f"no enemy {gs.name(actor)} could ram: a straight run of 2 K to Correr's "
                                f"reach ({self.reach(gs, actor):g} K) ending in base contact")

    def reach(self, gs, actor) -> float:
        """CBA-23 ruling (2): a transport rams within Mover's reach (its MOV), a character within Correr's."""
        return float(gs.mov(actor)) if riding.rides(gs, actor) else REGISTRY["run"].allowance(gs, actor)

    def target_refused(self, gs, actor, t: int) -> bool:
        """CBA-23, MOV-11, GNA-9, TRT-NEGATE (issue 20): True when `validate` surely refuses a ram of the enemy
        character `t` whatever its path: the target cancels MOV, or `need_target` refuses it (another altitude
        level, hidden from the rammer). A driverless transport (MVA-17) is judged by its own rules: never answered."""
        if parked.is_parked(gs, t):
            return False
        try:
            traits.check_negated(gs, actor, t, "MOV", "ram")
            need_target(gs, actor, {"target": t}, self.rule)
        except RuleViolation:
            return True
        return False

    def validate(self, gs, actor, params):
        aimed = params.get("target")
        if isinstance(aimed, int) and not isinstance(aimed, bool) and aimed in gs.minis():
            traits.check_negated(gs, actor, aimed, "MOV", "ram")     # TRT-NEGATE (MOV): no ram on the bearer
        self.available(gs, actor)
        driverless = parked.is_parked(gs, params.get("target"))       # MVA-17: a driverless enemy transport
        t = (parked.need_parked(gs, actor, params["target"], self.rule) if driverless
             else need_target(gs, actor, params, self.rule))
        prep = prepare_path(gs, actor, params, self.rule, self.reach(gs, actor), keep_engaged=False,
                            exempt_enemies=(t,))
        if sum(1 for a, b in zip(prep.path, prep.path[1:]) if math.dist(a, b) > 1e-9) > 1:
            raise RuleViolation(self.rule, "a ram is one straight run")
        if prep.length < 2.0 - 1e-9:
            raise RuleViolation(self.rule, f"a ram needs a straight run of at least 2 K (this one is {prep.length:.2f} K)")
        if driverless:
            parked.check_end_contact(gs, actor, t, prep.path[-1], self.rule)
        elif t not in prep.contacts:
            raise RuleViolation(self.rule, f"the ram must end in base contact with {gs.name(t)}")
        return (t, prep)

    def cost(self, gs, actor, params, prepared):
        if riding.mount(gs, actor) is None:
            return 1 + (REGISTRY["run"].base_cost + prepared[1].surcharge) + 1    # X = 1 + Correr (+ terrain), + 1
        return 1 + prepared[1].surcharge + 1                      # X (Mover: 1 + terrain) + 1

    def resolve(self, gs, ctx, prepared):
        e = ctx.actor
        t, prep = prepared
        start = prep.path[0]
        apply_move(gs, ctx, prep, self.rule)
        driverless = parked.is_parked(gs, t)                          # MVA-17: a driverless enemy transport
        if not gs.able(e) or not (driverless or gs.able(t)):
            return
        k = prep.length
        r = roll_character_check(gs, ctx, e, "IMP", "AGI", self.rule, "ram")
        if r.fumble:
            gs.world.emit("automatic_hit", self.rule, who=e, dmg=1)
            resolve_hit(gs, ctx, None, e, 1, melee=False, automatic=True, rule=self.rule)
            return
        if not r.passed:
            return
        mounted = riding.mount(gs, e)
        if mounted is None:
            dmg = traits.strength(gs, e) + (1 if r.critical else 0)    # ruling (4): min(CON + K, CON); Mulo CON +1
        else:
            dmg = min(mounted.QUA + round(k), 2 * mounted.QUA) + (1 if r.critical else 0)
        if driverless:
            con = self._hit_parked(gs, ctx, e, t, dmg, start, prep.path[-1])
        else:
            guard = bodyguard.guard_hit(gs, e, t, r.critical, None, ranged=False)    # TRT-BODYGUARD: an ally may
            t = t if guard is None else guard                                           # take it (rules/bodyguard.py)
            terms = traits.combat_terms(gs, e, t, RAM, False)       # TRT-RAM DMG +1, the target's own terms
            con = gs.attrs(t).CON
            resolve_hit(gs, ctx, e, t, dmg, melee=False, terms=terms, rule=self.rule)
            push = terms.dmg(dmg) - con
            if push > 0 and gs.on_table(t) and riding.carrier_of(gs, t) is None:
                _push(gs, t, start, prep.path[-1], push)
        if gs.on_table(e) and riding.rides(gs, e):
            recoil = con + (k / 2.0)
            gs.world.emit("automatic_hit", self.rule, who=e, dmg=round(recoil))
            resolve_hit(gs, ctx, None, e, round(recoil), melee=False, automatic=True, rule=self.rule)

    def _hit_parked(self, gs, ctx, e: int, t: int, dmg: int, start, end) -> int:
        """CBA-23 on a driverless transport (MVA-17; ruling 1: a target without CON uses its CAL, QUA): the hit, its
        CH DEF (riding.hit_parked), then a push of (DMG − its QUA) K along the ram line (ruling 5) if it still stands.
        As every attack on a driverless transport (rules.parked), the traits' attack terms are not asked (their
        hooks read a character target). Returns its QUA (the "CON" of the rammer's recoil). TRT-NEGATE (QUA): a rammer
    cancelling QUA meets it with CAL 0 (no push threshold, no recoil for its CON)."""
        qua = 0 if traits.cancels(gs, e, "QUA") else gs.world.get(t, Mount).QUA   # TRT-NEGATE (QUA): the CON it has
        gs.world.emit("hit", self.rule, attacker=e, target=t, dmg=dmg, critical=False)
        riding.hit_parked(gs, ctx, t, dmg, e, resolve_hit)
        if dmg - qua > 0 and parked.is_parked(gs, t):
            _push(gs, t, start, end, dmg - qua, others=gs.others_for_move(e)[0] + [_base_of(gs, e)])
        return qua


#: CBA-23 (issue 20, `Ram.refusal`): the margin (K) beyond which the straight run's length estimated from the centres'
#: distance surely falls on the same side of 2 K and of the reach as `_contact_point`'s own (their difference is
#: rounding, under 1e-12 K on any board)
RUN_MARGIN = 1e-7


class _ReachOnce:
    """CBA-23: the ram's reach (`Ram.reach`), computed at most once for a pass over the enemies (issue 20:
    `Ram.available` asks it of every enemy each time the offered actions are listed)."""

    def __init__(self, ram, gs: GameState, actor: int):
        self.ram, self.gs, self.actor, self.k = ram, gs, actor, None

    def __call__(self) -> float:
        if self.k is None:
            self.k = self.ram.reach(self.gs, self.actor)
        return self.k


def _contact_point(gs: GameState, actor: int, t: int, ram_reach=None) -> list[float] | None:
    """CBA-23: the point where the rammer's base touches `t`'s: straight ahead for a transport (None if its line
    misses it), straight towards `t` for a character; None outside 2 K .. the ram's reach (`ram_reach`: a callable
    giving it, e.g. a `_ReachOnce`; by default Ram.reach)."""
    p, q = gs.pos(actor), gs.pos(t)
    if p.level != q.level:
        return None
    dx, dy = q.x - p.x, q.y - p.y
    heading = p.facing if riding.rides(gs, actor) else math.degrees(math.atan2(dy, dx))
    ux, uy = math.cos(math.radians(heading)), math.sin(math.radians(heading))
    along = dx * ux + dy * uy
    perp = abs(-dx * uy + dy * ux)
    reach = gs.body(actor).radius + gs.body(t).radius + ENGAGED_GAP / 2.0
    if along <= 0 or perp >= reach:
        return None
    s = along - math.sqrt(reach * reach - perp * perp)
    if s < 2.0 or s > (REGISTRY["ram"].reach(gs, actor) if ram_reach is None else ram_reach()):
        return None
    return [round(p.x + s * ux, 4), round(p.y + s * uy, 4)]


def _base_of(gs: GameState, e: int) -> geo_move.Other:
    p = gs.pos(e)
    return geo_move.Other(p.x, p.y, gs.body(e).radius, False)


def _push(gs: GameState, t: int, start, end, k: float, others=None) -> None:
    """CBA-23 ruling (5): the rammed model is displaced `k` K straight away along the ram line, stopping at the
    first obstacle or base (half-K steps back from the full push). `others`: the bases in the way (default: those
    `t` itself meets when it moves; its own base at its centre is left out)."""
    p = gs.pos(t)
    length = math.hypot(end[0] - start[0], end[1] - start[1]) or 1.0
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    others = gs.others_for_move(t)[0] if others is None else others
    others = [o for o in others if math.hypot(o.x - p.x, o.y - p.y) > 1e-6]
    d = float(k)
    while d > 0:
        dest = (round(p.x + d * ux, 4), round(p.y + d * uy, 4))
        chk = geo_move.check_path(gs.board, [(p.x, p.y), dest], gs.body(t).radius, gs.chest_height(t), d + 1e-6,
                                  [o._replace(enemy=False) for o in others])
        if chk.ok:
            gs.world.set(t, replace(p, x=dest[0], y=dest[1]))
            gs.world.emit("pushed", "CBA-23", who=t, to=[dest[0], dest[1]], distance=d)
            return
        d -= 0.5


@register
class Hover(Action):
    """TRT-RETRO-THRUSTERS (hook ``hover``): Parar en el aire (ENE 1): at level 3 a transport with retros stops its
    movement mid-air: it stays where it is (MOV-13's "always the whole allowance" asks nothing of it); it counts
    as a movement action (MOV-13: between two non-movement actions)."""
    key = "hover"
    rule = "TRT-RETRO-THRUSTERS"
    category = "movement"

    def candidates(self, gs, actor, space):
        yield Candidate(self.key, lambda: {}, label="stop mid-air")

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character whose trait set holds no trait on ``hover``
        (``traits.hover`` asks only that hook of it) or that has no transport (``riding.rides``)."""
        return traits.carries_on(gs, actor, "hover") and riding.rides(gs, actor)

    def available(self, gs, actor):
        if traits.hover(gs, actor) is None or not riding.rides(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} has no transport with {traits.display_name(self.rule)}")
        if gs.pos(actor).level != 3:
            raise RuleViolation(self.rule, "a transport stops mid-air at level 3 only")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        return None

    def cost(self, gs, actor, params, prepared):
        return RETRO_ENE

    def resolve(self, gs, ctx, prepared):
        riding.after_move(gs, ctx.actor, 0.0)          # BLD-19 c: a movement action of the transport
        gs.world.emit("hovered", self.rule, who=ctx.actor)
