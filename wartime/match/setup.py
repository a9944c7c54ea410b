"""Building a game from data: scenario + army lists → board and world entities, and deterministic deployment."""
from __future__ import annotations

import math

from shapely.geometry import Point, Polygon

from wartime.core.components import (Activation, Attributes, Body, Effects, Energy, Equipment, Identity, Life,
                                     Position, Posture, Protection, Psyche, Stress, Weapon, Wounds)
from wartime.core.errors import NotImplementedRule, RuleViolation
from wartime.core.rng import Dice
from wartime.core.rounding import round_half_up
from wartime.core.world import World
from wartime.geometry.board import Board
from wartime.rules.costs import character_cost
from wartime.rules.state import GameState

#: Traits whose effects the engine implements; any other trait on a fielded character is refused (TRT IDs).
IMPLEMENTED_TRAITS = {"Cargadores"}


def check_traits(spec) -> None:
    for arch in spec.archetypes():
        for t in arch.traits:
            if t.name not in IMPLEMENTED_TRAITS:
                raise NotImplementedRule(t.trait_id, f"trait {t.name!r} (on {arch.name} of {spec.name})")
    if spec.transport is not None:
        raise NotImplementedRule("MOV-2", f"transports ({spec.transport.name} of {spec.name})")
    if spec.metahabilities:
        names = ", ".join(a.name for a in spec.metahabilities)
        raise NotImplementedRule("MET-1", f"metahabilities ({names} of {spec.name})")
    if spec.objects:
        raise NotImplementedRule("GNA-16", f"objects ({', '.join(a.name for a in spec.objects)} of {spec.name})")


def build_board(scenario) -> Board:
    return Board.from_specs(scenario.board_width, scenario.board_height, scenario.terrain, scenario.grid)


def deployment_spots(board: Board, zone: Polygon, radii: list[float], blocked: list) -> list[tuple[float, float]]:
    """Deterministic deployment: lattice points of the zone (spacing 1.5 × the largest base), nearest the
    zone's centroid first, skipping spots on terrain that blocks movement or overlapping another base."""
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
            raise RuleViolation("BAS-2", "the deployment zone has no free spot left for every miniature")
    return spots


def build_state(scenario, lists: dict, dice: Dice) -> GameState:
    """Create the world: one entity per recruited character (BLD-24: each copy is a miniature), deployed in
    its side's zone facing the board centre, with ENE 0 (ENE-2)."""
    board = build_board(scenario)
    world = World(dice)
    zones = {s: Polygon(p) for s, p in scenario.deployment.items()}
    blocked = [p for p in board.pieces if p.kind in ("low", "high", "blocking")]
    bx, by = scenario.board_width / 2, scenario.board_height / 2
    for side in ("red", "blue"):
        specs = lists[side].characters()
        for spec in specs:
            check_traits(spec)
        radii = [spec.race.size / 2 for spec in specs]
        spots = deployment_spots(board, zones[side], radii, blocked)
        counts: dict[str, int] = {}
        for spec, (x, y) in zip(specs, spots):
            counts[spec.id] = counts.get(spec.id, 0) + 1
            race = spec.race
            weapons = tuple(Weapon(a.id, a.name, a.ENE, a.DMG, a.RNG, a.QUA, magazine=a.magazine,
                                   rounds=a.magazine, area=a.area) for a in spec.weapons)
            prots = tuple(Protection(a.id, a.name, a.ENE, a.DEF, a.SIZ, a.QUA) for a in spec.protections)
            facing = round(math.degrees(math.atan2(by - y, bx - x)) % 360.0, 4)
            world.create(
                Identity(f"{side} {spec.name} {counts[spec.id]}", side, spec.id, character_cost(spec)),
                Attributes(race.CON, race.AGI, race.INT, race.VOL),
                Body(race.size / 2, race.size, race.size, max(1, round_half_up(race.size))),   # MOV-1
                Position(x, y, facing),
                Posture(), Energy(0), Wounds(0), Stress(0), Equipment(weapons, prots), Life(), Activation(),
                Effects(), Psyche(),
            )
    return GameState(world, board, turn_limit=scenario.turn_limit, victory=scenario.victory, deployment=zones)
