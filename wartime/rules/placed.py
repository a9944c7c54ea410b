"""Charges placed on the table (GNA-15 Soltar's "bomb or similar"; TRT-ACTIVATION-AREA, TRT-AUTONOMOUS-BOMB,
TRT-REMOTE-CONTROL: rules/traits/mines.py).

A bomb dropped with Soltar is an `Item` lying on the ground (rules/items.py: it keeps its weapon profile) with a
`PlacedCharge` beside it: who placed it (its owner and controller), the level it lies at and whether it is
operative: it is once the activation it was dropped in is over (GNA-15; a pause with Esperar counts, `install`'s
system). A movement that first comes within its RNG K sets off one with a proximity trigger (`first_trip`, asked by
rules/actions/movement.py ``apply_move``, which stops the mover at that point); its controller sets off one with a
remote trigger (rules/actions/charges.py). Going off (`set_off`) is the weapon's area (or a single hit without Área)
with no CH IMP: each mini it covers makes its own CH DEF with cover from the blast's centre (ARE-5..7); then the
charge is gone. Components are frozen and the item keeps both while it lies, so records, replays and saves carry it
as world state. A game without a placed charge asks only whether the component's table is empty.

A placed object whose use chooses an option (TRT-VITAMIN-COCKTAIL's attribute) carries the option its dropper chose
with Soltar (GNA-15's ``choice`` parameter, in the decision: replays re-simulate it) as a `ChargeChoice` beside its
`PlacedCharge` (GNA-15 ruling: the bomb is set up when it is placed, as a use of it is made by whoever sets it up;
GNA-16: the use is the object's own, so its option is fixed before it goes off)."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from wartime.core.components import Gear, Item
from wartime.core.errors import RuleViolation
from wartime.geometry import templates
from wartime.rules import objects, traits
from wartime.rules.area_cover import area_dmg, covered_minis
from wartime.rules.areas import area_cover, area_eye, area_kind, hit_terms, jump_chain, trait_area_dmg
from wartime.rules.combat import resolve_hit
from wartime.rules.noise import emit_noise, weapon_noise
from wartime.rules.state import GameState


@dataclass(frozen=True, slots=True)
class PlacedCharge:
    """GNA-15: a bomb lying on the table, on its `Item` entity: `owner` placed it (and controls it,
    TRT-REMOTE-CONTROL ruling), `level` is the level it lies at; `armed` once the activation it was placed in is over
    (operative)."""
    owner: int
    level: int
    armed: bool = False


@dataclass(frozen=True, slots=True)
class ChargeChoice:
    """GNA-15 / GNA-16 on a placed object (TRT-ACTIVATION-AREA, TRT-AUTONOMOUS-BOMB, TRT-REMOTE-CONTROL): the option
    its use takes when it goes off (``traits.object_choices``: TRT-VITAMIN-COCKTAIL's attribute), chosen by its dropper
    with Soltar. Only a placed object whose use chooses has one (every other charge's state is unchanged)."""
    choice: str


@dataclass(frozen=True)
class Trip:
    """A movement that sets off a placed charge: the charge, the K along the mover's path where it first comes
    within the charge's reach, and the trigger."""
    charge: int
    along: float
    trigger: traits.ProximityTrigger


def install(world) -> None:
    """Register the system that makes placed charges operative when their owner's activation ends (idempotent)."""
    if getattr(world, "_placed_systems", False):
        return
    world._placed_systems = True
    world.add_system("end_of_activation", _arm)


def _arm(world, gs: GameState, who: int, **_) -> None:
    """GNA-15: "la bomba será operativa después de que el personaje actuando termine su actuación"."""
    for c, pc, _it in charges(gs):
        if pc.owner == who and not pc.armed:
            world.set(c, replace(pc, armed=True))
            world.emit("charge_armed", "GNA-15", item=c, owner=who)


def place(gs: GameState, item: int, owner: int, choice: str | None = None) -> None:
    """GNA-15: the dropped bomb `item` becomes a charge placed by `owner`, operative after this activation; `choice`:
    the option a placed object's use takes when it goes off (``ChargeChoice``), chosen by `owner` as it drops it."""
    install(gs.world)
    it = gs.world.get(item, Item)
    gs.world.set(item, PlacedCharge(owner, gs.pos(owner).level))
    more = {}
    if choice is not None:
        gs.world.set(item, ChargeChoice(choice))
        more["choice"] = choice
    gs.world.emit("charge_placed", "GNA-15", item=item, owner=owner, at=list(it.at), weapon=it.name, **more)


def charge_choice(gs: GameState, charge: int) -> str | None:
    """The option the placed object `charge`'s use takes when it goes off (``ChargeChoice``), or None."""
    c = gs.world.try_get(charge, ChargeChoice)
    return None if c is None else c.choice


def profile(gs: GameState, charge: int):
    """The profile whose traits make the placed charge go off: the dropped weapon's (`Item.weapon`), or the dropped
    object's (its `Gear`: an object with Área de activación or Control remoto, a use that takes effect once placed)."""
    it = gs.world.get(charge, Item)
    return it.weapon if it.weapon is not None else gs.world.get(charge, Gear)


def is_object(gs: GameState, charge: int) -> bool:
    """The placed charge is an object (a `Gear`), not a weapon: going off, it is used on a mini (``set_off``)."""
    return gs.world.get(charge, Item).weapon is None


def charges(gs: GameState) -> list[tuple[int, PlacedCharge, Item]]:
    """The placed charges on the table, in id order (none: the table is empty, nothing else is asked)."""
    table = gs.world.tables.get(PlacedCharge)
    if not table:
        return []
    items = gs.world.tables.get(Item, {})
    return [(e, table[e], items[e]) for e in sorted(table) if e in items]


def armed(gs: GameState, charge: PlacedCharge) -> bool:
    """GNA-15: the bomb is operative once the activation it was placed in is over."""
    return charge.armed


def reach(prof) -> float:
    """TRT-ACTIVATION-AREA: the activation area is as many K as the item's RNG (`prof`: the weapon or object
    profile, ``profile``; a weapon's `Item` is taken for its weapon)."""
    if isinstance(prof, Item):
        prof = prof.weapon
    return float(traits.weapon_range(prof))


def remote_charges(gs: GameState, e: int) -> list[int]:
    """TRT-REMOTE-CONTROL: the operative charges with a remote trigger that `e` placed, in id order."""
    return [c for c, pc, it in charges(gs) if pc.owner == e and armed(gs, pc)
            and traits.remote_trigger(profile(gs, c))]


def entry_along(path: list, point: tuple[float, float], radius: float) -> float | None:
    """The K along the polyline `path` (base centres) where it first comes from farther than `radius` to within it of
    `point` (the base's edge within reach: `radius` = reach + base radius); None if it never enters. A path that
    starts inside enters only after it has left."""
    px, py = point
    s = 0.0
    inside = math.hypot(path[0][0] - px, path[0][1] - py) <= radius + 1e-9
    for a, b in zip(path, path[1:]):
        dx, dy = b[0] - a[0], b[1] - a[1]
        seg = math.hypot(dx, dy)
        if seg <= 1e-12:
            continue
        # |a + t (b − a) − P|² = r²: t² seg² + 2 t (a−P)·d + |a−P|² − r² = 0
        fx, fy = a[0] - px, a[1] - py
        qa, qb, qc = seg * seg, 2 * (fx * dx + fy * dy), fx * fx + fy * fy - radius * radius
        disc = qb * qb - 4 * qa * qc
        if disc < 0:
            inside = False                  # this leg stays outside the circle
        else:
            root = math.sqrt(disc)
            t_in, t_out = (-qb - root) / (2 * qa), (-qb + root) / (2 * qa)
            if not inside and t_in <= 1.0 and t_out >= 0.0:
                return s + max(0.0, t_in) * seg
            if inside and t_out < 1.0:
                inside = False              # it leaves on this leg (a disc is convex: no way back on it)
        s += seg
    return None


def first_trip(gs: GameState, e: int, path: list, length: float) -> Trip | None:
    """TRT-ACTIVATION-AREA: the first operative charge with a proximity trigger the move of `e` along `path` (its
    declared `length` K) comes within reach of, at `e`'s level (TRT-AUTONOMOUS-BOMB: only if the move covers at most
    5 K); ties by charge id. None (and nothing asked) when no charge lies on the table."""
    found = charges(gs)
    if not found or not gs.on_table(e):
        return None
    level = gs.pos(e).level
    r = gs.body(e).radius
    best = None
    for c, pc, it in found:
        prof = profile(gs, c)
        trig = traits.proximity_trigger(prof)
        if trig is None or pc.level != level or not armed(gs, pc):
            continue
        if trig.max_move is not None and length > trig.max_move + 1e-9:
            continue                                    # TRT-AUTONOMOUS-BOMB: a faster mini slips past
        s = entry_along(path, it.at, reach(prof) + r)
        if s is not None and (best is None or s < best.along - 1e-9):
            best = Trip(c, s, trig)
    return best


def set_off(gs: GameState, ctx, charge: int, intruder: int | None, rule: str, *, at_intruder: bool = False) -> None:
    """TRT-ACTIVATION-AREA / TRT-AUTONOMOUS-BOMB / TRT-REMOTE-CONTROL: the placed charge goes off once, as a use of
    its weapon with no CH IMP: its area centred on the item (on the intruder's base for TRT-AUTONOMOUS-BOMB; an L or
    G points from the intruder to it), every mini it covers at its level hit with the full DMG or half (ARE-5,
    ARE-6) and its own CH DEF with cover from the centre (ARE-7); an S chain starts at the intruder (or the mini
    nearest the item within 3 K). Without Área it hits the intruder alone, or (set off remotely) the mini nearest
    the item within its RNG. Then the charge is gone. ENV-6: going off is a use of the weapon, so it is heard at its
    DMG × 2 K (unless quiet) from the blast's centre (a `noise` event naming no mini: it is nobody's action heard,
    REA-8, and the controller is not revealed by it)."""
    w = gs.world
    pc, it = w.get(charge, PlacedCharge), w.get(charge, Item)
    if it.weapon is None:
        set_off_object(gs, ctx, charge, intruder, rule)
        return
    weapon = it.weapon
    cx, cy = it.at
    if at_intruder and intruder is not None and gs.on_table(intruder):
        cx, cy = gs.pos(intruder).x, gs.pos(intruder).y
    owner = pc.owner
    code = traits.weapon_area(weapon)
    w.emit("charge_set_off", rule, item=charge, owner=owner, weapon=weapon.name, by=intruder, centre=[cx, cy],
           area=code)
    emit_noise(gs, (cx, cy, pc.level), weapon_noise(weapon), "ENV-6", item=charge, weapon=weapon.name)   # a use
    affected = victims(gs, charge, intruder, (cx, cy))
    w.remove(charge, PlacedCharge)
    w.remove(charge, Item)                                           # the bomb is used up
    w.emit("area_placed", rule, attacker=owner, area=code, centre=[cx, cy], level=pc.level, dispersed=False,
           critical=False, affected=[{"who": e, "coverage": "full" if full else "partial"} for e, full in affected])
    covers = area_cover(gs, area_eye(gs, cx, cy, pc.level), [e for e, _ in affected], (cx, cy))
    for (e, full), cov in zip(affected, covers):
        dmg = weapon.current_dmg
        hit_dmg = trait_area_dmg(gs, weapon, dmg, full, e, cx, cy) if traits.has_area_dmg(weapon) \
            else area_dmg(dmg, full)
        terms = hit_terms(gs, owner, e, weapon, False)
        w.emit("hit", "ARE-5" if full else "ARE-6", attacker=owner, target=e, dmg=terms.dmg(hit_dmg),
               critical=False, area=code, coverage="full" if full else "partial")
        resolve_hit(gs, ctx, owner, e, hit_dmg, melee=False, cover=cov, terms=terms)


def set_off_object(gs: GameState, ctx, charge: int, intruder: int | None, rule: str) -> None:
    """TRT-ACTIVATION-AREA / TRT-AUTONOMOUS-BOMB / TRT-REMOTE-CONTROL on an object (ruling: "resolved as a normal
    use of the item"): the placed object is used once, by nobody's hand, on the mini that set it off (set off
    remotely: the mini nearest it within its RNG at its level, ties by id; none: it is spent on nobody): its traits'
    effects on that mini, as Usar's (GNA-16: a heal, ENE, a boost, a hex...), with no use check (nobody uses it, as
    a placed weapon needs no CH IMP) and no wear on a user; its owner counts as the user its effects name. Then it
    is gone (a charge goes off once). A use that chooses an option (TRT-VITAMIN-COCKTAIL's attribute) takes the one
    its dropper chose with Soltar (``ChargeChoice``; GNA-15); a use whose options are its user's own things
    (TRT-VENOM: the user's weapon it coats) is refused when the object is dropped (rules.actions.generic_more's
    Soltar: placed, it is used by nobody on the mini that sets it off)."""
    w = gs.world
    pc, it, g = w.get(charge, PlacedCharge), w.get(charge, Item), w.get(charge, Gear)
    choice = charge_choice(gs, charge)
    target = next((e for e, _ in victims(gs, charge, intruder)), None)
    more = {} if choice is None else {"choice": choice}
    w.emit("charge_set_off", rule, item=charge, owner=pc.owner, weapon=it.name, by=intruder, centre=list(it.at),
           area=None, target=target, **more)
    w.remove(charge, PlacedCharge)
    if choice is not None:
        w.remove(charge, ChargeChoice)
    objects.set_gear(gs, charge, None, rule)                         # used up: it goes off once
    if target is not None and gs.on_table(target):
        objects.use_on(gs, pc.owner, g, target, choice, rule)


def victims(gs: GameState, charge: int, intruder: int | None = None,
            centre: tuple[float, float] | None = None) -> list[tuple[int, bool]]:
    """(mini, fully covered) of everyone the placed charge would hit going off now, centred on its item (or
    `centre`), set off by `intruder` (None: remotely), in id order (`set_off`; the scripted AI weighs it). A placed
    object is used on one mini (``set_off_object``)."""
    pc, it = gs.world.get(charge, PlacedCharge), gs.world.get(charge, Item)
    cx, cy = centre if centre is not None else it.at
    prof = profile(gs, charge)
    code = traits.weapon_area(prof) if it.weapon is not None else None
    intruder = intruder if intruder is not None and gs.on_table(intruder) else None
    if code is None:
        return [(e, True) for e in _single_target(gs, intruder, pc.level, cx, cy, reach(prof))]
    if area_kind(code)[0] == "S":
        return [(e, True) for e in jump_chain(gs, area_kind(code)[1], pc.level, None, start=intruder,
                                              point=None if intruder is not None else (cx, cy))]
    ax, ay = (gs.pos(intruder).x, gs.pos(intruder).y) if intruder is not None else (cx - 1.0, cy)
    if math.hypot(cx - ax, cy - ay) < 1e-6:
        ax, ay = cx - 1.0, cy
    return covered_minis(gs, templates.template_from_code(code, (ax, ay), (cx, cy)), pc.level, None)


def _single_target(gs: GameState, intruder: int | None, level: int, x: float, y: float, rng: float) -> list[int]:
    """A charge without Área (or an object) hits the mini that set it off, or (set off remotely) the mini nearest
    (x, y) within `rng` K at its level (ties by id); none if there is none."""
    if intruder is not None:
        return [intruder] if gs.on_table(intruder) else []
    near = [(math.hypot(gs.pos(e).x - x, gs.pos(e).y - y) - gs.body(e).radius, e) for e in gs.minis()
            if gs.on_table(e) and gs.pos(e).level == level]
    near = [(d, e) for d, e in near if d <= rng + 1e-9]
    return [min(near)[1]] if near else []


def need_remote(gs: GameState, e: int, params: dict, rule: str) -> int:
    """TRT-REMOTE-CONTROL: the `item` parameter names an operative remote charge `e` placed."""
    c = params.get("item")
    if isinstance(c, bool) or not isinstance(c, int) or c not in remote_charges(gs, e):
        raise RuleViolation(rule, f"{gs.name(e)} controls no operative remote charge {c!r} (it must have placed it, "
                            "and the activation it was placed in must be over)")
    return c
