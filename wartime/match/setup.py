"""Building a game from data: scenario + army lists → board and world entities, and deterministic deployment."""
from __future__ import annotations

import math
from dataclasses import replace

from shapely.geometry import Point, Polygon

from wartime.core.components import (Activation, Attributes, Body, CarriedProtections, Effects, Energy, Equipment,
                                     Identity, Item, Life, Metahabilities, Metahability, MountedMetas, MountPoints,
                                     Position,
                                     Posture, Protection, Psyche, Race, Searchable, Stress, Tied, TraitedProtection, Traits,
                                     TraitState, UsableElement, Weapon, Wounds)
from wartime.core.errors import DataError, RefusedContent, RuleViolation
from wartime.core.rng import Dice
from wartime.core.rounding import round_half_up
from wartime.core.world import World
from wartime.geometry.board import Board
from wartime.data.combat_systems import check_name, system_params
from wartime.data.costs import character_cost
from wartime.data.loader import display_path, load_any, load_army_list
from wartime.data.tables import trait_by_id
from wartime.match import trait_gear, trait_params
from wartime.rules import alarm_flow, areas, burning, combat_systems, darkness, deployment, holds, objectives, objects, placed, traits
from wartime.rules.elements import install_doors
from wartime.rules import scenery_objects
from wartime.rules import scenery_breaking
from wartime.rules.traits import protections, scenery, weapons_more
from wartime.rules.squares import snap
from wartime.match import transports
from wartime.rules.state import GameState

#: The trait IDs whose effects the engine implements (the registry of rules.traits); any other trait on a
#: fielded character is refused with its ID (NotImplementedRule).
IMPLEMENTED_TRAITS = frozenset(traits.fieldable())
# TRT-DESTABILISING-AMMO: the registry learns which traits are bonuses (catalogue cost above 0) from the data
traits.registry.set_bonus_traits(sorted(t.id for t in trait_by_id().values() if t.cost is not None and t.cost > 0))


def fielding_problems(spec) -> list[tuple[str, str]]:
    """TRT-*: everything a character design carries that the engine does not play, one (rule ID, line) per
    occurrence: a trait not played (tier 3 ones are out of the engine's scope; others not implemented yet), or
    played only on other archetype kinds or together with another trait (the registry says which). Metahabilities
    (MET-1..7), objects (GNA-16), transports (MOV-2, rules/riding.py) and what is mounted on them (BLD-20:
    rules/objects.py `field_mounted`, rules/mounted_metas.py) are played: only their traits may be refused."""
    out: list[tuple[str, str]] = []
    catalogue = trait_by_id()
    owner = frozenset(t.trait_id for arch in spec.archetypes() for t in arch.traits)
    for arch in spec.archetypes():
        carried = {t.trait_id for t in arch.traits}
        for t in arch.traits:
            why = traits.fielding_problem(t.trait_id, arch.kind, carried, t.param, owner)
            if why is None:
                continue
            row = catalogue.get(t.trait_id)
            if row is not None and row.tier >= 3 and why == "is not implemented":
                why = "is a tier-3 trait: the engine does not play it"
            elif why == "is not implemented":
                why = f"is not implemented yet (tier {row.tier})" if row is not None else "is not implemented yet"
            name = f" ({row.name_es})" if row is not None else ""
            out.append((t.trait_id, f"{spec.name}: {arch.kind} {arch.name}: trait {t.trait_id}{name} {why}"))
    out += requires_problems(spec)                          # TRT-REQUIRES: a level or an object
    out += trait_params.problems(spec)                      # TRT-MASTERY's action or item
    out += trait_gear.problems(spec)                        # TRT-CLAWS-AND-TEETH: no equipment
    return out


def requires_problems(spec) -> list[tuple[str, str]]:
    """TRT-REQUIRES naming an attribute level ("VOL 6"), a condition or an object: the design's race must have that
    level; a condition (protections.CONDITIONS) is checked when the item is used (every kind Requiere applies to:
    protections.CONDITION_KINDS); the design must carry another archetype (a weapon, protection or object, mounted or carried too)
    called as the object is, by name or id (case and accents aside); unknown text names nothing it carries and is
    refused naming the conditions played."""
    out: list[tuple[str, str]] = []
    parts = spec.archetypes()
    for arch in parts:
        for t in arch.traits:
            if t.trait_id != "TRT-REQUIRES":
                continue
            got = protections.requirement(t.param)
            if got is None or got[0] == "bonus":
                continue                                   # the registry's param_problem answers those
            if got[0] == "condition":
                continue                                   # checked when the item is used (CONDITION_KINDS)
            if got[0] == "level":
                value = getattr(spec.race, got[1])
                if value is None or value < got[2]:
                    out.append(breaks("TRT-REQUIRES", f"{spec.name}: {arch.kind} {arch.name}: requires {got[1]} "
                                      f"{got[2]}, and the race has {got[1]} {value}: it cannot use it"))
                continue
            if not any(a is not arch and a.kind in ("weapon", "protection", "object")
                       and got[1] in (weapons_more.plain(a.name), weapons_more.plain(a.id)) for a in parts):
                out.append(breaks("TRT-REQUIRES", f"{spec.name}: {arch.kind} {arch.name}: requires {t.param!r}: "
                                  "neither a bonus the engine plays, an attribute level (VOL 6), a condition it "
                                  f"plays ({', '.join(protections.CONDITIONS)}) nor a weapon, protection or object "
                                  "the character carries"))
    return out


def breaks(rule_id: str, line: str) -> tuple[str, str]:
    """One line of a RefusedContent for a design that breaks a rule the engine plays (the rule's own restriction: a
    character that does not meet an item's TRT-REQUIRES cannot be fielded with it), not a rule it refuses to play:
    tools/rules_coverage.py does not read these as refusals."""
    return rule_id, line


def refuse(rule_id: str, line: str) -> tuple[str, str]:
    """One line of a RefusedContent: a rule the engine refuses (tools/rules_coverage.py reads these calls as
    it reads NotImplementedRule)."""
    return rule_id, line


def list_problems(specs) -> list[tuple[str, str]]:
    """`fielding_problems` of several character designs, each design once (in order)."""
    seen: set[int] = set()
    out: list[tuple[str, str]] = []
    for spec in specs:
        if id(spec) not in seen:
            seen.add(id(spec))
            out += fielding_problems(spec)
    return out


def anti_names(specs) -> tuple[str, ...]:
    """TRT-ANTI-AMMO: the race or transport names (compared plain: case and accents aside) the Munición anti of
    these designs' weapons name, in order, each once ('no vivos' and a trait name are not names)."""
    out: dict[str, None] = {}
    for spec in specs:
        for arch in spec.archetypes():
            for t in arch.traits:
                if t.trait_id == "TRT-ANTI-AMMO" and weapons_more.anti_kind(t.param) == "name":
                    out[weapons_more.plain(t.param)] = None
    return tuple(out)


def refused_lines(path, *, allow_outside: bool = False) -> list[str]:
    """`wartime validate`: what a valid data file fields that the engine refuses, as ``file: rule ID: line``
    lines (a list's characters, a catalogue's character designs, a scenario's default lists)."""
    kind, model = load_any(path, allow_outside=allow_outside)
    if kind == "list":
        specs = model.characters()
    elif kind == "catalogue":
        specs = list(model.characters.values())
    else:
        lists = [load_army_list(p, allow_outside=allow_outside) for p in model.default_lists.values() if p is not None]
        specs = [s for lst in lists for s in lst.characters()]
    return [f"{path}: {rid}: {line}" for rid, line in list_problems(specs)]


def check_traits(spec) -> None:
    """Refuse a character design the engine cannot field, naming every problem at once (RefusedContent)."""
    problems = fielding_problems(spec)
    if problems:
        raise RefusedContent(problems)


#: boards built in this process, by the scenario's board content (issue 20): a balance batch's worker, the
#: benchmarks and the search evaluation play many games on one table, and a Board carries the memos of answers
#: that are pure functions of its static terrain (paths, routes, cover from an eye, wall contacts), so the games
#: after the first start with them warm. Nothing in a Board is game state (the doors, movable and breakable
#: pieces of a game are read from its world: `GameState.board`); the same game plays the same, byte for byte, on
#: a fresh board or a kept one (tests/match/test_board_cache.py). Bounded: emptied when full.
_BOARDS: dict[tuple, Board] = {}
BOARDS_MAX = 16


def board_key(scenario) -> tuple:
    """What `build_board` reads of a scenario: two scenarios with equal keys get one Board."""
    return (float(scenario.board_width), float(scenario.board_height), bool(scenario.grid), tuple(scenario.terrain))


def build_board(scenario) -> Board:
    """The scenario's board as it is set up (every door closed), kept per board content (`_BOARDS`)."""
    key = board_key(scenario)
    got = _BOARDS.get(key)
    if got is None:
        if len(_BOARDS) >= BOARDS_MAX:
            _BOARDS.clear()
        got = _BOARDS[key] = Board.from_specs(scenario.board_width, scenario.board_height, scenario.terrain,
                                              scenario.grid)
    return got


def clear_boards() -> None:
    """Forget the kept boards (tests that compare a game on a fresh board with one on a kept board)."""
    _BOARDS.clear()


def deployment_spots(board: Board, zone: Polygon, radii: list[float], blocked: list) -> list[tuple[float, float]]:
    """Deterministic deployment: lattice points of the zone (spacing 1.5 × the largest base), nearest the
    zone's centroid first, skipping spots on terrain that blocks movement or overlapping another base. On the
    grid (MOV-15) each spot is snapped to the centre of the base's block of squares."""
    rmax = max(radii) if radii else 0.5
    step = max(1.5, 3.0 * rmax)
    minx, miny, maxx, maxy = zone.bounds
    cx, cy = zone.centroid.x, zone.centroid.y
    cands = []
    nx = int((maxx - minx) / step) + 1
    ny = int((maxy - miny) / step) + 1
    for i in range(nx + 1):
        for j in range(ny + 1):
            x = round(minx + rmax + i * step, 4)
            y = round(miny + rmax + j * step, 4)
            cands.append((math.hypot(x - cx, y - cy), x, y))
    cands.sort()
    spots: list[tuple[float, float]] = []
    taken: list[tuple[float, float, float]] = []
    for r in radii:
        for _, x, y in cands:
            if board.grid:
                x, y = snap(x, y, 2.0 * r)
            disc = Point(x, y).buffer(r, 32)
            if not zone.buffer(1e-6).contains(disc) or not board.disc_inside(x, y, r):
                continue
            if any(p.polygon.intersects(disc) for p in blocked):
                continue
            if any(math.hypot(x - tx, y - ty) < r + tr + 0.5 for tx, ty, tr in taken):
                continue
            spots.append((x, y))
            taken.append((x, y, r))
            break
        else:
            raise RuleViolation("BAS-2", f"the deployment zone has no free spot left for every miniature: "
                                f"{len(spots)} of {len(radii)} placed")
    return spots


def side_deployment(board: Board, scenario, side: str, army_list) -> tuple[dict, dict[int, tuple[float, float]]]:
    """Where a side's characters start (`build_state`'s deterministic placement): ({index in the list's
    characters: its scenario perch, MOV-10}, {index: (x, y) on the ground}). A list whose ground bases find no free
    spot in the side's zone (BAS-2) raises DataError naming the list file, its characters and the scenario."""
    specs = army_list.characters()
    perched = perch_assignment(board, [p for p in getattr(scenario, "perches", ()) if p.side == side], specs)
    ground = [i for i in range(len(specs)) if i not in perched]
    radii = [transports.base_size(specs[i]) / 2 for i in ground]                  # BLD-19: a transport's base
    blocked = [p for p in board.pieces if p.kind in deployment.BLOCKING_KINDS]
    try:
        spots = deployment_spots(board, Polygon(scenario.deployment[side]), radii, blocked)
    except RuleViolation as exc:
        raise DataError.one(display_path(army_list.path), "characters",
                            f"they do not fit {side}'s deployment zone of scenario '{scenario.name}' ({exc}): "
                            "field fewer or smaller bases") from None
    return perched, dict(zip(ground, spots))


def deployment_problems(scenario, army_list, sides=("red", "blue")) -> list[tuple[str, str, str]]:
    """BAS-2 at deployment: the DataError problems of fielding `army_list` on `sides` of `scenario` (empty when it
    fits every zone): a balance batch checks every list before it plays any game."""
    board = build_board(scenario)
    out = []
    for side in sides:
        if side not in scenario.deployment:
            continue
        try:
            side_deployment(board, scenario, side, army_list)
        except DataError as exc:
            out.extend(exc.problems)
    return out


def weapon_of(a) -> Weapon:
    """A weapon archetype as carried in play: its profile, magazine (TRT-MAGAZINES), area (TRT-AREA), trait IDs,
    noise flags (ENV-6), fixed mount (ENV-5) and the elements its data declares it delivers (TRT-ALLERGIC...)."""
    w = Weapon(a.id, a.name, a.ENE, a.DMG, a.RNG, a.QUA, magazine=a.magazine, rounds=a.magazine, area=a.area,
               traits=tuple(t.trait_id for t in a.traits) + traits.weapon_trait_args(a.traits, "weapon"), quiet=a.quiet, noisy_melee=a.noisy_melee,
               fixed=a.fixed, mount_facing=a.mount_facing, elements=a.elements)
    rng = traits.weapon_range(w)                 # TRT-MORE-RANGE, TRT-SELF-PROPELLED-AMMO, ... (BLD-14, G5)
    qua = traits.weapon_quality(w)               # TRT-DRAGONS-BREATH-AMMO: CAL −1
    area = traits.weapon_area(w)                 # TRT-CLUSTER-AMMO: an area weapon, R(DMG / 2)
    return w if (rng, qua, area) == (w.RNG, w.QUA, w.area) else replace(w, RNG=rng, QUA=qua, area=area)


def metahability_of(a) -> Metahability:
    """MET-1 / BLD-10: a metahability archetype as carried in play: its kind (the one trait with hook
    ``meta_kind``), trait IDs with their parameters, and RNG after TRT-MORE-RANGE and the like (BLD-14, G5)."""
    ids = tuple(t.trait_id for t in a.traits)
    kind = traits.meta_kind_trait(ids)
    ids += traits.weapon_trait_args(a.traits)            # TRT-CHARGES: its uses left, as a weapon's
    m = Metahability(a.id, a.name, a.ENE, a.RNG, a.QUA, kind, ids,
                     tuple((t.trait_id, t.param) for t in a.traits if t.param is not None))
    rng = traits.weapon_range(m)
    return m if rng == m.RNG else replace(m, RNG=rng)


def protection_of(a) -> Protection:
    """A protection archetype as worn in play (BLD-7): its profile and, when it has traits, their IDs, the levels
    of its per-level traits (each starts at its bought level) and their parameters (TraitedProtection)."""
    if not a.traits:
        return Protection(a.id, a.name, a.ENE, a.DEF, a.SIZ, a.QUA)
    ids, levels, params = _trait_data(a.traits)
    return TraitedProtection(a.id, a.name, a.ENE, a.DEF, a.SIZ, a.QUA, traits=ids, levels=levels, params=params)


def trait_state(race) -> TraitState | None:
    """The levels (each at its bought level) and parameters of a race's traits that have them (TRT-LEATHERY-SHIELD,
    TRT-RESISTANCE), None when it has none (the character then carries no TraitState)."""
    kept = [t for t in race.traits if t.level or t.param]
    return TraitState(*_trait_data(kept)) if kept else None


def _trait_data(refs) -> tuple[tuple, tuple, tuple]:
    """(trait IDs, levels as (ID, bought level, bought level), parameters as (ID, parameter)) of TraitRefs."""
    return (tuple(t.trait_id for t in refs), tuple((t.trait_id, t.level, t.level) for t in refs if t.level),
            tuple((t.trait_id, t.param) for t in refs if t.param))


def perch_assignment(board: Board, perches, specs) -> dict[int, object]:
    """MOV-10 perches: each perch of a side (file order) takes the character of its list, not yet placed, with
    the longest-ranged weapon (ties: the first in list order) whose base fits on the piece top; a list with no
    ranged character leaves it empty. Returns {index in specs: perch}."""
    out: dict[int, object] = {}
    for perch in perches:
        top = board.piece(perch.piece).polygon.buffer(1e-6)
        best = None
        for i, spec in enumerate(specs):
            rng = max([a.RNG or 0 for a in spec.weapons] + [0])
            if i in out or rng <= 0 or (best is not None and rng <= best[0]):
                continue
            if top.covers(Point(perch.x, perch.y).buffer(spec.race.size / 2, 32)):
                best = (rng, i)
        if best is not None:
            out[best[1]] = perch
    return out


def place_captives(world: World, scenario, lists: dict) -> None:
    """GNA-6 / CBA-25 ruling (3): the scenario's captives (``[[captive]]``) start tied up, in rope or steel bonds."""
    for i, cap in enumerate(getattr(scenario, "captives", ())):
        minis = [e for e in world.query(Identity) if world.get(e, Identity).side == cap.side]
        if cap.character > len(minis):
            raise DataError([(str(scenario.path), f"captive[{i}].character",
                              f"{cap.side}'s list has {len(minis)} miniatures, not {cap.character}")])
        world.set(minis[cap.character - 1], Tied(steel=cap.bonds == "steel"))


def place_elements(world: World, scenario) -> None:
    """GNA-2: one entity per searchable element (``[[element]]``, file order), then one `Item` per name of its
    contents, hidden inside it until a Buscar finds it."""
    for el in getattr(scenario, "elements", ()):
        el_e = world.create(Searchable(el.id, el.name, el.x, el.y, el.radius))
        if el.use is not None:                                       # GNA-16: used with Usar, not searched
            u = el.use
            world.set(el_e, UsableElement(u.ene, u.check, u.modifier, u.effect, u.door, u.open))
        for name in el.contents:
            world.create(Item(name, inside=el_e))


def create_character(world: World, side: str, spec, number: int, x: float, y: float, facing: float,
                     level: int = 1) -> int:
    """One miniature of a character design (BLD-24: each copy is a miniature), named "<side> <name> <number>",
    with ENE 0 (ENE-2), standing at (x, y, level) facing `facing`; its race's trait levels and parameters, if any
    (TraitState)."""
    race = spec.race
    weapons = tuple(weapon_of(a) for a in spec.weapons)
    prots = tuple(protection_of(a) for a in spec.protections)
    body, weapons, ids, mount = transports.mount_parts(           # BLD-19 / BLD-20: riding its transport
        spec, Body(race.size / 2, race.size, race.size, max(1, round_half_up(race.size))),   # MOV-1
        weapons, tuple(t.trait_id for t in race.traits), weapon_of)
    e = world.create(
        Identity(f"{side} {spec.name} {number}", side, spec.id, character_cost(spec)),
        Attributes(race.CON, race.AGI, race.INT, race.VOL), body,
        Position(x, y, facing, level),
        Posture(), Energy(0), Wounds(0), Stress(0), Equipment(weapons, prots), Life(), Activation(),
        Effects(), Psyche(), Traits(ids),
        *trait_params.components(spec),                        # TRT-MASTERY's action or item
    )
    if mount is not None:
        world.set(e, mount)
        points = tuple((a.id, a.mount_point) for a in spec.mounted if a.kind == "weapon" and a.mount_point)
        if points:                                          # ENV-3: mounted weapons' muzzles from the data
            world.set(e, MountPoints(points))
        levels = transports.mount_levels(spec)              # TRT-DARKNESS-FIELD on the transport: its level
        if levels is not None:
            world.set(e, levels)
    mounted_metas = tuple(metahability_of(a) for a in spec.mounted if a.kind == "metahability")
    if spec.metahabilities or mounted_metas:               # MET-1: only those carrying one
        world.set(e, Metahabilities(tuple(metahability_of(a) for a in spec.metahabilities) + mounted_metas))
    if mounted_metas:                                      # BLD-20: the last ones, mounted on its transport
        world.set(e, MountedMetas(mounted_metas))
    if spec.carried:                                       # GNA-16: carried, put on with Usar
        world.set(e, CarriedProtections(tuple(protection_of(a) for a in spec.carried)))
    own = trait_state(race)
    if own is not None:
        world.set(e, own)
    named = world.resources.get("anti_named", ())
    if named and any(weapons_more.same_name(n, x) for n in named for x in (race.id, race.name, *race.classes)):
        world.set(e, Race(race.id, race.name, race.classes))   # TRT-ANTI-AMMO: a Munición anti names its race
    return e


def create_arrival(world: World, side: str, spec, number: int, x: float, y: float, facing: float,
                   level: int = 1) -> int:
    """ALM-8: a wave's miniature arriving in play: `create_character` holding its objects at once (GNA-16)."""
    e = create_character(world, side, spec, number, x, y, facing, level)
    objects.field_objects(world, e, spec.objects)
    objects.field_mounted(world, e, mounted_objects(spec))                # BLD-20
    return e


def mounted_objects(spec) -> list:
    """BLD-20: the object archetypes mounted on the character's transport."""
    return [a for a in spec.mounted if a.kind == "object"]


def build_state(scenario, lists: dict, dice: Dice, combat: str = "wartime") -> GameState:
    """Create the world: one entity per recruited character (BLD-24: each copy is a miniature), deployed in
    its side's zone facing the board centre, with ENE 0 (ENE-2). A scenario perch (MOV-10) holds a ranged
    character at level 2 on top of a 3 K piece. On the grid (MOV-15) bases stand on whole squares."""
    alarm_spec = getattr(scenario, "alarm", None)
    alarm_flow.refuse_unplayed(alarm_spec)                 # ALM-34, ALM-38: start events and bells not played
    board = build_board(scenario)
    world = World(dice)
    areas.install(world)                                   # areas that stay on the board (ARE, TRT rulings)
    holds.install(world)                                   # CBA-11 / CBA-25 lapses
    burning.install(world)                                 # TRT-INCENDIARY-AMMO: the burning hit
    placed.install(world)                                  # GNA-15: a placed bomb is operative after the activation
    zones = {s: Polygon(p) for s, p in scenario.deployment.items()}
    bx, by = scenario.board_width / 2, scenario.board_height / 2
    problems = [(rid, f"{side} list {lists[side].name}: {line}") for side in ("red", "blue")
                for rid, line in list_problems(lists[side].characters())]
    every = [s for side in ("red", "blue") for s in lists[side].characters()]
    named = anti_names(every)
    if named:                                              # TRT-ANTI-AMMO: a race or a transport by name (a name
        world.resources["anti_named"] = named              # nothing answers to never bites); create_character keeps
                                                           # those races (Race)
    if problems:
        raise RefusedContent(problems)                     # every occurrence at once, each naming its ID
    carried = []                                           # GNA-16, BLD-20: (character, its design)
    fielded: dict[str, list[int]] = {}
    for side in ("red", "blue"):
        if alarm_spec is not None and side == alarm_flow.ATTACKER:
            continue                                       # ALM-32: its list is a catalogue, bought wave by wave
        specs = lists[side].characters()
        fielded[side] = []
        perched, spots = side_deployment(board, scenario, side, lists[side])
        counts: dict[str, int] = {}
        for i, spec in enumerate(specs):
            counts[spec.id] = counts.get(spec.id, 0) + 1
            if i in perched:
                x, y, level = perched[i].x, perched[i].y, 2
            else:
                (x, y), level = spots[i], 1
            facing = round(math.degrees(math.atan2(by - y, bx - x)) % 360.0, 4)
            e = create_character(world, side, spec, counts[spec.id], x, y, facing, level)
            fielded[side].append(e)
            carried.append((e, spec))
    for e, spec in carried:                                # after every character: their entity ids stay
        objects.field_objects(world, e, spec.objects)
        objects.field_mounted(world, e, mounted_objects(spec))             # BLD-20: on its transport
    place_captives(world, scenario, lists)
    place_elements(world, scenario)
    gs = GameState(world, board, turn_limit=scenario.turn_limit, victory=scenario.victory, deployment=zones)
    install_doors(gs)                                                # GNA-16: a door element's terrain piece
    objectives.install(gs, getattr(scenario, "objective", None))      # BLD-22: victory = "objective"
    darkness.install(gs, scenario)                                    # night / [[dark]] (rules/darkness.py)
    scenery.install(world)                                            # TRT-DARKNESS-FIELD: the mark sweep
    scenery_objects.install(gs, scenario)                             # movable pieces (TRT-SUPER-STRENGTH)
    scenery_breaking.install(gs, scenario)                            # breakable walls and doors (TRT-WALLBREAKER)
    for side, ids in fielded.items():
        transports.embark_at_start(gs, ids, lists[side])      # MVA-17: units deployed `aboard`
    # the match's combat system (`--combat`): a peer game's converts the characters now (WNG, SWD6, SGD20)
    combat_systems.install(gs, combat_systems.make_system(check_name(combat), system_params()))
    if alarm_spec is not None:
        alarm_flow.install(gs, alarm_spec, scenario.points_limit, lists[alarm_flow.ATTACKER].characters(),
                           create_arrival, character_cost)
    return gs
