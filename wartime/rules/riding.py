"""Transports in play (MOV-2, MOV-6, BLD-19, BLD-20, MVA-17, MVA-18, WND-4, WND-5): the state questions and small
writers the movement, combat and transport actions share.

**The model.** A transport is part of its owner's character (BLD-3: at most one per character; BLD-19 ruling:
"the transport and its owner form one miniature"). The owner is its driver and rides it from deployment on. The
driver may get off (MVA-17, once its passengers are off): the transport stays where it stood, driverless
(components.Parked: it cannot move or act, no one targets it, its base occupies its space), and a character without
a transport in base contact may board it as its driver (Tomar el transporte; `park`, `take_over`). While it rides (components.Mount on the character):

* its base is the transport's base (``Body``: the transport's `size` as base diameter and height, its natural MOV
  kept), so sight, distances, overlap and contact all measure the transport;
* every movement action measured in MOV uses the transport's MOV (MOV-2, BLD-19 a: ``GameState.mov``); rules that
  name the natural MOV keep it (``GameState.natural_mov``);
* a movement action goes straight ahead along its facing and may end turned up to 45° (MOV-6); there is no free
  turn (MOV-5 does not apply) and it pivots with Pivotar de transporte (ENE 3);
* the transport's DEF and its mounted protections' DEF add to the CH DEF target (BLD-19 b, BLD-20) but count for
  neither overload nor fit; its mounted weapons are among the character's weapons (usable: it is always aboard);
* the transport's ENE is paid once per turn, with the first movement action it makes (BLD-19 c);
* the transport's traits are the character's while it rides (the hook points read them: TRT-FAST, TRT-SLOW, ...);
* an attack that wounds the miniature wounds the transport (WND-4: disabled at QUA wounds, it cannot move;
  WND-5: destroyed above QUA, it explodes), then, once it is destroyed, the character.

**Passengers** (MVA-17, TRT-CAPACITY): an allied character in base contact embarks in a transport with free load
levels (a base takes its area in K², rounded, minimum 1). A passenger (components.Carried) is off the table: no
one sees, targets or meets it, it moves with its transport, and in its activations it may only disembark or end
its activation. When the transport is destroyed every passenger is put on the table around the wreck and takes
the explosion's full DMG (WND-5)."""
from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from wartime.core.components import (Body, Carried, Equipment, Gear, GearMarked, GearStress, Item, Mount, MountedObject,
                                     MountLevels, Parked, PossessedGear, Position, Traits)
from wartime.core.errors import RuleViolation
from wartime.core.rounding import load_levels, round_half_up
from wartime.geometry import movement as geo_move
from wartime.geometry import scatter, templates
from wartime.geometry.measure import ENGAGED_GAP
from wartime.rules import fortune, mounted_metas, parked_hits, switched_off, traits
from wartime.rules.area_cover import area_dmg, covered_minis
from wartime.rules.reactions import overlaps_any
from wartime.rules.state import GameState

#: MOV-6: the largest turn at the end of a transport's movement action (degrees).
END_TURN = 45.0
#: MVA-19 (transport case): ENE of Pivotar de transporte.
PIVOT_ENE = 3
#: MOV-6 / BLD-19: what a transport does not do (it drives: Mover, Correr, Esprintar, Cargar, Maniobrar, Embestir,
#: the altitude actions, Pivotar de transporte): change posture, climb, jump, swim, turn 180° on the spot, carry a
#: load or creep silently.
NOT_FOR_TRANSPORTS = ("climb", "crouch", "drop_down", "go_prone", "jump_up", "long_jump", "move_carrying",
                      "move_silently", "stand_up", "swim", "turn_180")
#: WND-5: the smallest explosion radius (K).
MIN_BLAST = 3.0


def mount(gs: GameState, e: int) -> Mount | None:
    """The character's transport in play, None without one (or once it is destroyed)."""
    return gs.world.try_get(e, Mount)


def rides(gs: GameState, e: int) -> bool:
    return gs.world.has(e, Mount)


def drives(gs: GameState, e: int) -> bool:
    """MOV-6: the character moves as a vehicle (straight ahead, 45° at the end, no free turn): it rides a transport
    that does not walk as a character on foot (hook ``walks``: TRT-MECHA)."""
    return gs.world.has(e, Mount) and not traits.walks(gs, e)


def carrier_of(gs: GameState, e: int) -> int | None:
    """MVA-17: the character whose transport carries `e` (None: not a passenger)."""
    c = gs.world.try_get(e, Carried)
    return None if c is None else c.carrier


def turn_of(gs: GameState) -> int:
    flow = gs.world.resources.get("flow")
    return getattr(flow, "turn", 0)


def load_of(radius: float) -> int:
    """TRT-CAPACITY ruling: a base takes as many load levels as its area in K², rounded, minimum 1."""
    return load_levels(2.0 * radius)


def free_load(gs: GameState, carrier: int) -> int:
    """TRT-CAPACITY: the load levels still free aboard `carrier`'s transport."""
    m = mount(gs, carrier)
    if m is None:
        return 0
    return m.capacity - sum(load_of(gs.body(p).radius) for p in m.passengers)


def en_marcha(gs: GameState, carrier: int) -> bool:
    """MVA-17 ruling (1): the transport "en marcha" has made a movement action in the current game turn."""
    m = mount(gs, carrier)
    return m is not None and m.moved_turn == turn_of(gs)


def moved_this_turn(gs: GameState, e: int) -> float:
    """MVA-18: the K the transport moved in the current game turn."""
    m = mount(gs, e)
    return m.moved_k if m is not None and m.moved_turn == turn_of(gs) else 0.0


def engine_ene(gs: GameState, e: int) -> int:
    """BLD-19 (c): the transport's ENE, due with its first movement action of the turn (0 once paid, or on foot)."""
    m = mount(gs, e)
    return m.ENE if m is not None and m.ene_turn != turn_of(gs) else 0


def check_can_drive(gs: GameState, e: int) -> None:
    """WND-4: a disabled transport cannot move (its occupants may still disembark); nor one whose TRT-REQUIRES names a
    condition its driver is not in (its use is being driven: the movement actions and Embestir are refused)."""
    m = mount(gs, e)
    if m is not None and m.disabled:
        raise RuleViolation("WND-4", f"{gs.name(e)}'s {m.name} is disabled ({m.wounds} wounds, QUA {m.QUA}): "
                            "it cannot move")
    if m is not None:
        switched_off.check_on(gs.world, e, f"{gs.name(e)}'s {m.name}")     # CBA-21: possessed and switched off
        unusable = traits.usable_refusal(gs, e, m)           # TRT-REQUIRES: a condition its driver is not in
        if unusable is not None:
            raise unusable


def check_straight(gs: GameState, e: int, path: list[tuple[float, float]], end_facing: float | None,
                   facing: float | None = None) -> None:
    """MOV-6: a transport's movement action moves it straight ahead along its facing (one segment), and it may
    end turned up to 45° (more needs Pivotar de transporte). `facing`: the facing to read instead of its own."""
    if not rides(gs, e):
        return
    check_can_drive(gs, e)
    if not drives(gs, e):
        return
    p = gs.pos(e) if facing is None else replace(gs.pos(e), facing=facing)
    legs = [(a, b) for a, b in zip(path, path[1:]) if math.hypot(b[0] - a[0], b[1] - a[1]) > 1e-9]
    if len(legs) > 1:
        raise RuleViolation("MOV-6", f"{gs.name(e)} drives a transport: it moves in one straight line")
    if legs:
        (ax, ay), (bx, by) = legs[0]
        heading = math.degrees(math.atan2(by - ay, bx - ax)) % 360.0
        if angle_between(heading, p.facing) > 0.5:
            raise RuleViolation("MOV-6", f"{gs.name(e)} drives a transport: it moves straight ahead along its "
                                f"facing ({p.facing:.0f}°), not towards {heading:.0f}°")
    rule, most = end_turn_limit(gs, e)
    if end_facing is not None and angle_between(end_facing, p.facing) > most + 1e-6:
        raise RuleViolation(rule, f"a transport turns at most {most:.0f}° at the end of its move; "
                            "more needs Pivotar de transporte")


def drive_refused(gs: GameState, e: int, path, facing: float | None = None) -> bool:
    """MOV-6 (issue 20): True when the engine surely refuses a decision of a movement action with the path `path`
    (waypoints without the start) and free turn `facing` (None: none) but no end facing: `check_free_turn` refuses
    the turn, or `check_straight` the path as the engine reads both (rounded to 1e-4, the path from the facing
    after the turn; off the grid, where `movement.prepare_path` checks it): `e` rides a transport it cannot drive
    now, or drives one and the path is not one straight leg along its facing. A controller asks it before
    validating a drawn path; False says nothing."""
    if not rides(gs, e):
        return False
    p = gs.pos(e)
    if facing is not None:
        facing = round(float(facing), 4) % 360.0
        if free_turn_refused(gs, e, facing):
            return True
    if gs.board.grid:                       # MOV-15: a grid path is judged square by square (rules.squares)
        return False
    try:
        check_straight(gs, e, [(p.x, p.y)] + [(round(float(q[0]), 4), round(float(q[1]), 4)) for q in path], None,
                       facing)
    except RuleViolation:
        return True
    return False


def free_turn_refused(gs: GameState, e: int, facing: float) -> bool:
    """MOV-6: `check_free_turn`'s test (a driver turning away from its facing)."""
    return drives(gs, e) and angle_between(float(facing) % 360.0, gs.pos(e).facing) > 1e-4


def end_turn_limit(gs: GameState, e: int) -> tuple[str, float]:
    """MOV-6: (rule, degrees) of the largest turn at the end of a transport's movement action: 45°, plus a trait's
    extra turn (hook ``extra_turn``, TRT-FIGHTER: rolled by rules.driving), within a trait's cap on any one action's
    turn (hook ``turn_limit``, TRT-STIFF-STEERING)."""
    rule, most = "MOV-6", END_TURN
    extra = traits.extra_turn(gs, e)
    if extra is not None:
        rule, most = extra[0], END_TURN + extra[1]
    cap = traits.turn_limit(gs, e)
    if cap is not None and cap[1] < most:
        rule, most = cap
    return rule, most


def angle_between(a: float, b: float) -> float:
    d = abs((a - b) % 360.0)
    return min(d, 360.0 - d)


def check_free_turn(gs: GameState, e: int, facing: float) -> None:
    """MOV-6: a transport has no free turn (MOV-5 is the characters' rule): it turns at the end of a move or
    pivots with an action."""
    if free_turn_refused(gs, e, facing):                    # decisions round to 1e-4
        raise RuleViolation("MOV-6", f"{gs.name(e)} drives a transport: it turns only at the end of a move (up to "
                            "45°) or with Pivotar de transporte")


def straight_paths(gs: GameState, e: int, key: str, allowance: float):
    """Candidate drives of a transport (MOV-6): straight ahead along the facing, at a few lengths up to the
    allowance, each ending in one of a few turns within 45°. Yields (path, end_facing, label)."""
    p = gs.pos(e)
    rad = math.radians(p.facing)
    lengths = sorted({round(allowance, 4), round(allowance / 2.0, 4), round(min(1.0, allowance), 4)}, reverse=True)
    for k in lengths:
        if k <= 0:
            continue
        end = [round(p.x + k * math.cos(rad), 4), round(p.y + k * math.sin(rad), 4)]
        while math.hypot(end[0] - p.x, end[1] - p.y) > allowance:      # 4-decimal rounding must not overshoot
            k -= 1e-4
            end = [round(p.x + k * math.cos(rad), 4), round(p.y + k * math.sin(rad), 4)]
        most = end_turn_limit(gs, e)[1]
        turns = (0.0, 45.0, -45.0, 22.5, -22.5) + ((most, -most) if most > END_TURN else ())
        for turn in (t for t in turns if abs(t) <= most):
            yield [end], round((p.facing + turn) % 360.0, 4), f"{key} {k:g} K ahead, turn {turn:+g}°"


def after_move(gs: GameState, e: int, length: float) -> None:
    """After a movement action of a transport: it is "en marcha" this turn (MVA-17), adds `length` K to this
    turn's (MVA-18), its ENE is paid for the turn (BLD-19 c), and its passengers move with it."""
    m = mount(gs, e)
    if m is None:
        return
    turn = turn_of(gs)
    moved = (m.moved_k if m.moved_turn == turn else 0.0) + length
    gs.world.set(e, replace(m, moved_turn=turn, moved_k=round(moved, 6), ene_turn=turn))
    sync_passengers(gs, e)


def sync_passengers(gs: GameState, carrier: int) -> None:
    """Passengers stand at their transport's centre and level (they are off the table: nothing meets them)."""
    m = mount(gs, carrier)
    if m is None:
        return
    p = gs.pos(carrier)
    for q in m.passengers:
        gs.world.set(q, replace(gs.pos(q), x=p.x, y=p.y, level=p.level))


def restrict(gs: GameState, e: int, action, key: str) -> None:
    """The action restrictions of transports (rules.restrictions.check): a passenger may only disembark or end
    its activation (MVA-17); a character pivot reaction is not a transport's (MVA-19: it pivots with Pivotar de
    transporte in its activation, MOV-6); a disabled transport makes no movement action that moves it (WND-4)."""
    if carrier_of(gs, e) is not None:
        if key not in ("disembark", "end"):
            raise RuleViolation("MVA-17", f"{gs.name(e)} is aboard a transport: it may only disembark "
                                "(Desembarcar) or end its activation")
        return
    if not rides(gs, e):
        return
    walking = key in ("pivot", "turn_180") and not drives(gs, e)        # TRT-MECHA turns as a character on foot
    if key == "pivot" and not walking:
        raise RuleViolation("MOV-6", "a transport pivots with Pivotar de transporte (ENE 3) in its own activation")
    if key in NOT_FOR_TRANSPORTS and not walking:
        raise RuleViolation("MOV-6", f"{gs.name(e)} rides a transport: it drives (Mover, Correr, Esprintar, Cargar, "
                            f"Maniobrar, Embestir, altitude changes), it does not {key.replace('_', ' ')}")
    if getattr(action, "moves", False) and key not in ("disembark", "embark"):
        check_can_drive(gs, e)


def spot_in_contact(gs: GameState, carrier: int, radius: float, bearing: float) -> tuple[float, float]:
    """MVA-17: the centre of a base of `radius` in base contact with `carrier` at `bearing` degrees."""
    p = gs.pos(carrier)
    d = gs.body(carrier).radius + radius + ENGAGED_GAP / 2.0
    return (round(p.x + d * math.cos(math.radians(bearing)), 4), round(p.y + d * math.sin(math.radians(bearing)), 4))


def spot_is_free(gs: GameState, e: int, x: float, y: float, radius: float, level: int) -> bool:
    """BAS-2: `e`'s base (of `radius`) at (x, y) inside the board, not on blocking or extreme terrain, overlapping
    no base at `level`."""
    if not gs.board.disc_inside(x, y, radius):
        return False
    chk = geo_move.check_path(gs.board, [(x, y)], radius, 0.75 * 2 * radius, 0.0, [])
    if not chk.ok or chk.surcharge >= 2:
        return False
    if radius == gs.body(e).radius:
        return not overlaps_any(gs, e, x, y, level)
    return not any(gs.pos(o).level == level and math.hypot(gs.pos(o).x - x, gs.pos(o).y - y)    # a driver getting
                   < radius + gs.body(o).radius - 1e-6                                           # off: its own base
                   for o in [o for o in gs.minis() if o != e and gs.on_table(o)] + parked(gs))


def rider_radius(gs: GameState, who: int) -> float:
    """The radius of `who`'s own base: a driver's own (its body is the transport's while it rides)."""
    m = mount(gs, who)
    return gs.body(who).radius if m is None else m.rider_body.radius


def free_spots(gs: GameState, carrier: int, who: int) -> list[tuple[float, float]]:
    """MVA-17: the free spots in base contact with the transport where `who` may be placed, every 30° from the
    transport's rear (the usual door) round (`who` may be its driver: its own base then)."""
    p = gs.pos(carrier)
    r = rider_radius(gs, who)
    out = []
    for i in range(12):
        bearing = (p.facing + 180.0 + 30.0 * (i // 2 + i % 2) * (1 if i % 2 else -1)) % 360.0
        x, y = spot_in_contact(gs, carrier, r, bearing)
        if spot_is_free(gs, who, x, y, r, p.level) and (x, y) not in out:
            out.append((x, y))
    return out


def board(gs: GameState, who: int, carrier: int, *, announce: bool = True) -> None:
    """MVA-17: `who` embarks: off the table, carried by `carrier`'s transport (`announce`: emit `embarked`; not
    when a list deploys it aboard, match.transports: the setup is not in the event log)."""
    m = mount(gs, carrier)
    gs.world.set(carrier, replace(m, passengers=m.passengers + (who,)))
    gs.world.set(who, Carried(carrier))
    p = gs.pos(carrier)
    gs.world.set(who, replace(gs.pos(who), x=p.x, y=p.y, level=p.level))
    if announce:
        gs.world.emit("embarked", "MVA-17", who=who, carrier=carrier)


def alight(gs: GameState, who: int, spot: tuple[float, float], rule: str = "MVA-17") -> None:
    """MVA-17: `who` leaves the transport that carries it and stands at `spot` (in base contact with it)."""
    carrier = carrier_of(gs, who)
    m = mount(gs, carrier) if carrier is not None else None
    if m is not None:
        gs.world.set(carrier, replace(m, passengers=tuple(q for q in m.passengers if q != who)))
    gs.world.remove(who, Carried)
    p = gs.pos(who)
    facing = p.facing
    if carrier is not None:
        c = gs.pos(carrier)
        facing = round(math.degrees(math.atan2(spot[1] - c.y, spot[0] - c.x)) % 360.0, 4)
    gs.world.set(who, replace(p, x=spot[0], y=spot[1], facing=facing, level=1))
    gs.world.emit("disembarked", rule, who=who, carrier=carrier, at=[spot[0], spot[1]])


def base_name(gs: GameState, e: int) -> str:
    """The name a message gives the base of `e`: a character's name, or a driverless transport's (MVA-17)."""
    return f"the driverless {gs.world.get(e, Mount).name}" if gs.world.has(e, Parked) else gs.name(e)


def is_parked(gs: GameState, t) -> bool:
    """MVA-17: `t` is a driverless transport on the table (an entity id with components.Parked)."""
    return isinstance(t, int) and not isinstance(t, bool) and gs.world.has(t, Parked)


def parked(gs: GameState) -> list[int]:
    """MVA-17: the driverless transports on the table (components.Parked), in id order."""
    return list(gs.world.query(Parked))


def park(gs: GameState, driver: int, spot: tuple[float, float]) -> int:
    """MVA-17 (the driver's case): the driver gets off its transport and stands at `spot`, in base contact. The
    transport stays where it stood, driverless (components.Parked: it cannot move, act or be attacked, and
    occupies its space), with its wounds, its ENE paid and its "en marcha" kept; its mounted weapons stay aboard.
    The character gets its own base, traits and weapons back (as when the transport is destroyed, WND-5).
    Returns the parked transport's entity."""
    m = mount(gs, driver)
    eq = gs.equipment(driver)
    weapons = tuple(w for i, w in enumerate(eq.weapons) if i in m.mounted)
    t = gs.world.create(gs.pos(driver), gs.body(driver), replace(m, mounted=(), passengers=()),
                        Parked(driver, weapons))
    _move_gear_stress(gs, driver, t)                                       # MET-8: the hacked transport's stress
    _hand_mounted(gs, driver, t)                                           # BLD-20: its mounted objects stay aboard
    mounted_metas.hand_over(gs, driver, t)                                 # BLD-20: and its metahabilities
    c = gs.pos(driver)
    dismount(gs, driver)
    facing = round(math.degrees(math.atan2(spot[1] - c.y, spot[0] - c.x)) % 360.0, 4)
    gs.world.set(driver, replace(gs.pos(driver), x=spot[0], y=spot[1], facing=facing, level=1))
    gs.world.emit("disembarked", "MVA-17", who=driver, carrier=driver, at=[spot[0], spot[1]], parked=t,
                  transport=m.name)
    return t


def take_over(gs: GameState, who: int, t: int) -> None:
    """MVA-17 (ruling): `who` boards the driverless transport `t` as its driver: it becomes that character's
    transport (BLD-19: its base, MOV, DEF, traits and mounted weapons, as match.transports fields one) where it
    stands, with its wounds, ENE paid and en marcha kept; `t` leaves the table as an entity of its own."""
    m = gs.world.get(t, Mount)
    weapons = gs.world.get(t, Parked).weapons
    at, size = gs.pos(t), gs.body(t).size
    body, own, eq = gs.body(who), gs.traits(who), gs.equipment(who)
    n = len(eq.weapons)
    gs.world.set(who, replace(m, rider_body=body, rider_traits=own, mounted=tuple(range(n, n + len(weapons)))))
    gs.world.set(who, Equipment(eq.weapons + weapons, eq.protections))
    gs.world.set(who, mounted_body(body, size))
    gs.world.set(who, Traits(own + tuple(x for x in m.traits if x not in own and ":" not in x)))   # (no arguments)
    gs.world.set(who, replace(gs.pos(who), x=at.x, y=at.y, facing=at.facing, level=at.level))
    _move_gear_stress(gs, t, who)
    _hand_mounted(gs, t, who)                                              # BLD-20: the new driver uses them
    mounted_metas.hand_over(gs, t, who)
    for q in m.passengers:                                                 # MVA-17: who boarded it stays aboard
        gs.world.set(q, Carried(who))
    for comp in (Position, Body, Mount, Parked):
        gs.world.remove(t, comp)
    gs.world.emit("embarked", "MVA-17", who=who, carrier=who, parked=t, transport=m.name)


def remove_parked(gs: GameState, t: int) -> None:
    """WND-5 on a driverless transport (MVA-17): once destroyed it leaves the table (its entity keeps no component
    of play; the events name it by its id)."""
    for comp in (Position, Body, Mount, Parked, GearStress):
        gs.world.remove(t, comp)
    _lose_mounted(gs, t)
    mounted_metas.hand_over(gs, t, None)                                   # BLD-20: gone with it


def mounted_items(gs: GameState, holder: int) -> list[int]:
    """BLD-20: the objects mounted on the transport `holder` rides or is (components.MountedObject), in id order."""
    return [i for i in gs.world.query(MountedObject, Item) if gs.world.get(i, Item).holder == holder]


def _hand_mounted(gs: GameState, src: int, dst: int) -> None:
    """BLD-20 / MVA-17: the transport's mounted objects go with it from one carrying entity to the other."""
    for i in mounted_items(gs, src):
        gs.world.set(i, replace(gs.world.get(i, Item), holder=dst))


def _lose_mounted(gs: GameState, holder: int) -> None:
    """WND-5: the destroyed transport's mounted objects are gone with it."""
    for i in mounted_items(gs, holder):
        name = gs.world.get(i, Item).name
        for comp in (Item, Gear, MountedObject, GearStress):
            gs.world.remove(i, comp)
        gs.world.emit("object_removed", "WND-5", item=i, name=name)


def _move_gear_stress(gs: GameState, src: int, dst: int) -> None:
    """MET-8: a transport's stress (components.GearStress) goes with it from one carrying entity to another; so do
    its possession and marks (CBA-21, GNA-11: components.PossessedGear, GearMarked)."""
    for comp in (GearStress, PossessedGear, GearMarked, MountLevels):        # and its trait levels
        if gs.world.has(src, comp):
            gs.world.set(dst, gs.world.get(src, comp))
            gs.world.remove(src, comp)


def wound_transport(gs: GameState, ctx, target: int, n: int, attacker: int | None, hit, dmg: int = 0) -> bool:
    """WND-4 / WND-5: an attack's `n` wounds on a riding character go to its transport. At QUA wounds it is
    disabled; above QUA it is destroyed and explodes (`explode`; `hit` is rules.combat.resolve_hit, passed in
    because combat calls this module; `dmg` the attack's DMG, for TRT-EXPLODES). Returns False when the character
    has no transport to take them."""
    m = mount(gs, target)
    if m is None:
        return False
    after = m.wounds + n
    gs.world.set(target, replace(m, wounds=after))
    gs.world.emit("transport_wounds", "WND-4", who=target, transport=m.name, source=attacker, amount=n,
                  before=m.wounds, after=after, disabled=after >= m.QUA, destroyed=after > m.QUA)
    if after > m.QUA:
        explode(gs, ctx, target, hit, dmg)
    return True


def blast_reach(gs: GameState, owner: int) -> list[int]:
    """WND-5: the miniatures on the table (not aboard) at the transport's level within max(MOV, 3) K of it,
    which its explosion would hit besides itself and its passengers (id order)."""
    m = mount(gs, owner)
    if m is None:
        return []
    level, blast = gs.pos(owner).level, max(float(m.MOV), MIN_BLAST)
    return [o for o in gs.minis() if o != owner and gs.on_table(o) and carrier_of(gs, o) is None
            and gs.pos(o).level == level and gs.distance(owner, o) <= blast + 1e-9]


def explode(gs: GameState, ctx, owner: int, hit, attack_dmg: int = 0) -> None:
    """WND-5: a destroyed transport explodes with DMG = its DEF within max(MOV, 3) K of its base edge (from its
    centre), then is removed: the driver gets its own base back where the transport stood, passengers are put on
    the table around the wreck, and each of them takes the full DMG (a hit with its CH DEF); every other miniature
    on the table at that level within the radius is hit too (id order): the full DMG if its base lies wholly inside
    the blast (ARE-5), half of it (rounded half up) if only partly (ARE-6, as the core's ruling says).
    TRT-EXPLODES (hook ``wreck_blast``) replaces the explosion: D100 within its chance, DMG = the destroying attack's
    (`attack_dmg`) within MOV K; otherwise no explosion (the wreck is removed, its passengers put down unhurt).
    TRT-EJECTION-SEAT (hook ``ejection``): the driver is not hit; it is scattered 1D10 K (BAS-4). TRT-FLAMMABLE
    (hook ``wreck_fire``): then its own explosion, the destroying blow's DMG halved (``wreck_fire``). Last, what
    the transport's traits do when it is destroyed (hook ``wrecked``: TRT-DARKNESS-FIELD)."""
    m = mount(gs, owner)
    p = gs.pos(owner)
    radius = gs.body(owner).radius
    levels = gs.world.try_get(owner, MountLevels)
    wreck_at = traits.Wreck(owner, m.traits, levels.levels if levels is not None else (), p.x, p.y, radius, p.level)
    blast = max(float(m.MOV), MIN_BLAST)
    dmg = m.DEF
    own = traits.wreck_blast(m.traits)
    if own is not None:
        booms = _wreck_blows(gs, owner, own[0], own[1], not gs.world.has(owner, Parked))
        blast, dmg = float(m.MOV), (attack_dmg if booms else 0)
    near = [o for o in blast_reach(gs, owner) if gs.distance(owner, o) <= blast + 1e-9]
    level = p.level
    wrecks = [t for t in parked_hits.parked_at(gs, level) if t != owner                 # MVA-17: driverless ones
              and gs.distance(owner, t) <= blast + 1e-9]
    wreck = gs.world.has(owner, Parked)                # MVA-17: a driverless transport: no pilot (it goes last)
    if not wreck:
        dismount(gs, owner)
    victims = [] if wreck else [owner]
    seat = None if wreck else traits.ejection(m.traits)
    if seat is not None:
        victims = []
        eject(gs, owner, seat[0], seat[1])
    aboard = []
    for q in m.passengers:
        spots = free_spots(gs, owner, q) or [spot_in_contact(gs, owner, gs.body(q).radius, p.facing + 180.0)]
        alight(gs, q, spots[0], rule="WND-5")
        aboard.append(q)
    if wreck:
        remove_parked(gs, owner)
    full = blast_fully_covered(gs, p.x, p.y, radius + blast, near + wrecks)
    extra = {"parked": wrecks, "parked_partly": [t for t in wrecks if not full[t]]} if wrecks else {}
    gs.world.emit("transport_exploded", "WND-5", who=owner, transport=m.name, dmg=dmg, radius=blast,
                  at=[p.x, p.y], base_radius=radius, hit=[*victims, *aboard, *near],
                  partly=[o for o in near if not full[o]], **extra)
    for victim in [*victims, *aboard, *near] if dmg > 0 else []:
        if gs.on_table(victim):
            share = dmg if full.get(victim, True) else round_half_up(dmg / 2)        # ARE-5 / ARE-6
            if share > 0:                               # an explosion: explosive, an area's hit (rules.traits.
                hit(gs, ctx, None, victim, share, melee=False,   # substances: TRT-ALLERGIC, -INVULNERABLE, -RESISTANCE)
                    rule="WND-5" if full.get(victim, True) else "ARE-6",
                    terms=traits.substance_terms(gs, victim, "explosive", area=True))
    for t in wrecks if dmg > 0 else []:                         # MVA-17: a driverless transport in the blast
        if is_parked(gs, t):
            share = dmg if full[t] else round_half_up(dmg / 2)
            if share > 0:
                gs.world.emit("hit", "WND-5" if full[t] else "ARE-6", attacker=None, target=t, dmg=share)
                hit_parked(gs, ctx, t, share, None, hit)
    for rule, (fire, diameter) in traits.wreck_fires(m.traits, attack_dmg):     # TRT-FLAMMABLE: the fuel goes too
        wreck_fire(gs, ctx, rule, (p.x, p.y), level, fire, diameter, hit)
    traits.wrecked(gs, wreck_at)                                  # hook wrecked (TRT-DARKNESS-FIELD: 'si explota')


def _wreck_blows(gs: GameState, owner: int, rule: str, chance: int, ask: bool) -> bool:
    """TRT-EXPLODES on a destroyed transport: D100 ≤ `chance` and it explodes (BAS-6). TRT-FORTUNE: a die of no check
    of the driver's own (its transport's) that went against it when it blows up (the driver is in the blast): a
    driver with a free Fortune may cancel it, and the new D100 stands (rules.fortune.die_cancelled; `ask` False: a
    driverless wreck has nobody to ask, or the die is already the new one)."""
    roll = gs.world.dice.d100()
    booms = roll <= chance
    gs.world.emit("percent_roll", rule, who=owner, roll=roll, chance=chance, result=booms)
    if booms and ask and fortune.die_cancelled(gs, owner, "percent", roll, check="explodes", target=chance):
        return _wreck_blows(gs, owner, rule, chance, False)
    return booms


def wreck_fire(gs: GameState, ctx, rule: str, at: tuple[float, float], level: int, dmg: int, diameter: int,
               hit) -> None:
    """TRT-FLAMMABLE on a destroyed transport (hook ``wreck_fire``): after the wreck's explosion, a round area of
    `diameter` centred on where it stood: every mini it covers at its level (the driver and passengers set down
    included) takes DMG (ARE-5) or half of it partly covered (ARE-6) with its CH DEF, in id order; a driverless
    transport in it takes the hit on its own CH DEF (MVA-17)."""
    template = templates.round_template(at[0], at[1], diameter)
    covered = covered_minis(gs, template, level, None)
    gs.world.emit("wreck_fire", rule, at=list(at), dmg=dmg, diameter=diameter, hit=[o for o, _ in covered])
    for o, full in covered:
        if gs.on_table(o):
            hit(gs, ctx, None, o, area_dmg(dmg, full), melee=False, rule=rule)
    for t, full in parked_hits.covered(gs, template, level):
        if is_parked(gs, t):
            gs.world.emit("hit", rule, attacker=None, target=t, dmg=area_dmg(dmg, full))
            hit_parked(gs, ctx, t, area_dmg(dmg, full), None, hit)


def hit_parked(gs: GameState, ctx, t: int, dmg: int, attacker: int | None, hit, cover=None) -> int:
    """MVA-17: a hit of `dmg` on the driverless transport `t`: its CH DEF (parked_hits.defend, with `cover`), then
    its wounds to the transport (WND-4 / WND-5: `wound_transport`; `hit` is rules.combat.resolve_hit for its own
    explosion). Returns the wounds."""
    n = parked_hits.defend(gs, t, dmg, cover)
    if n > 0:
        wound_transport(gs, ctx, t, n, attacker, hit, dmg)
    return n


def blast_fully_covered(gs: GameState, x: float, y: float, reach: float, near: list[int]) -> dict[int, bool]:
    """WND-5 ruling (ARE-5 / ARE-6): whether each base in the explosion's reach lies wholly inside the blast (the
    transport's base buffered by the radius: a disc of `reach` K round its centre), as area templates measure it;
    a base only partly inside takes half the DMG."""
    if not near:
        return {}
    xs = np.array([gs.pos(o).x for o in near])
    ys = np.array([gs.pos(o).y for o in near])
    rs = np.array([gs.body(o).radius for o in near])
    full, _ = templates.coverage(templates.round_template(x, y, 2.0 * reach), xs, ys, rs)
    return {o: bool(f) for o, f in zip(near, full.tolist())}


def eject(gs: GameState, owner: int, rule: str, dice: int) -> None:
    """TRT-EJECTION-SEAT: the pilot of the exploding transport is scattered `dice` D10 K in a random direction
    (BAS-4: it stops at a base, an obstacle it could not cross or the board edge). TRT-FORTUNE: dice of no check of
    the pilot's own: with a free Fortune it may cancel the highest of them, rolled again before the direction (as an
    area's dispersion, rules.fortune.dispersion_cancelled); the new die stands."""
    rolls = [gs.world.dice.d10() for _ in range(dice)]
    cancelled = None
    if fortune.die_cancelled(gs, owner, "ejection", max(rolls)):   # TRT-FORTUNE: the highest die, rolled again
        cancelled = max(rolls)
        rolls[rolls.index(cancelled)] = gs.world.dice.d10()
    angle = gs.world.dice.angle()
    p = gs.pos(owner)
    others, _ = gs.others_for_move(owner)
    d = scatter.displace_base(gs.board, p.x, p.y, gs.body(owner).radius, float(sum(rolls)), angle,
                              gs.chest_height(owner), [(o.x, o.y, o.r) for o in others])
    gs.world.set(owner, replace(p, x=round(d.x, 4), y=round(d.y, 4)))
    gs.world.emit("ejected", rule, who=owner, dice=rolls, angle=angle, to=[round(d.x, 4), round(d.y, 4)],
                  distance=round(d.travelled, 4), **({"cancelled": cancelled} if cancelled is not None else {}))


def dismount(gs: GameState, owner: int) -> None:
    """WND-5: the transport is removed: the character gets its own base and traits back and loses the mounted
    weapons."""
    m = mount(gs, owner)
    eq = gs.equipment(owner)
    weapons = tuple(w for i, w in enumerate(eq.weapons) if i not in m.mounted)
    gs.world.set(owner, Equipment(weapons, eq.protections))
    gs.world.set(owner, m.rider_body)
    gs.world.set(owner, Traits(m.rider_traits))
    pos = gs.world.get(owner, Position)
    if pos.level != 1:
        gs.world.set(owner, replace(pos, level=1))
    gs.world.remove(owner, Mount)
    gs.world.remove(owner, GearStress)                                     # MET-8: the transport's, gone with it
    gs.world.remove(owner, MountLevels)                                    # its trait levels too
    _lose_mounted(gs, owner)                                               # BLD-20: its mounted objects too
    mounted_metas.hand_over(gs, owner, None)                               # and its metahabilities


def mounted_body(rider: Body, size: float) -> Body:
    """BLD-19: aboard, the miniature's base is the transport's (`size` K across and high); its natural MOV stays."""
    return Body(size / 2.0, size, size, rider.natural_mov)
