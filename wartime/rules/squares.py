"""The optional square grid in the rules (MOV-15, MOV-16): a scenario with `grid = true` plays on 1 K squares.

A base of diameter d occupies n × n squares (n = d BAS-5 rounded, at least 1) and its centre is the centre of
that block. A move is a list of such centres, each one step (across a side or a corner) from the previous; every
step costs 1 K (MOV-15), a diagonal step needs both squares beside it free (MOV-16), and distances are Chebyshev
(`GameState.distance`). FOV, LOS and areas keep the continuous rules on the square centres (an area covers a
square if it contains its centre).
"""
from __future__ import annotations

import math
from typing import Iterable

from shapely import intersects_xy

from wartime.core.errors import RuleViolation
from wartime.geometry import grid
from wartime.geometry.movement import SURCHARGE_DIFFICULT, SURCHARGE_EASY, terrain_class
from wartime.rules.state import GameState

_TOL = 1e-6

Square = tuple[int, int]


def anchor_of(x: float, y: float, n: int) -> Square:
    """MOV-15: the lowest-left square of an n × n block centred at (x, y)."""
    return (math.floor(x - n / 2.0 + 0.5), math.floor(y - n / 2.0 + 0.5))


def centre_of(anchor: Square, n: int) -> tuple[float, float]:
    """MOV-15: the centre of the n × n block whose lowest-left square is `anchor`."""
    return (anchor[0] + n / 2.0, anchor[1] + n / 2.0)


def snap(x: float, y: float, diameter: float) -> tuple[float, float]:
    """MOV-15: the block centre nearest (x, y) for a base of that diameter."""
    n = grid.squares_per_side(diameter)
    return centre_of(anchor_of(x, y, n), n)


def square_terrain(gs: GameState, sq: Square):
    """MOV-15: the terrain pieces on a square: those whose footprint holds its centre (board order)."""
    if not gs.board.pieces:
        return []
    cx, cy = grid.square_centre(sq)
    hit = intersects_xy(gs.board.polygons, cx, cy)
    return [gs.board.pieces[i] for i, h in enumerate(hit.tolist()) if h]


def occupied(gs: GameState, actor: int) -> dict[Square, int]:
    """The squares held by the other bases at the actor's level (BAS-2 / MOV-11): square → entity."""
    lvl = gs.pos(actor).level
    out: dict[Square, int] = {}
    for o in gs.minis():
        if o != actor and gs.on_table(o) and gs.pos(o).level == lvl:
            for sq in gs.squares(o):
                out[sq] = o
    return out


def grid_contacts(gs: GameState, actor: int, anchor: Square, n: int) -> list[int]:
    """MOV-15: the minis at the actor's level in base contact with the block at `anchor` (adjacent squares,
    grid edge distance 0)."""
    mine = grid.footprint(anchor, n)
    lvl = gs.pos(actor).level
    return [o for o in gs.minis() if o != actor and gs.on_table(o) and gs.pos(o).level == lvl
            and grid.edge_distance(mine, gs.squares(o)) <= 0]


def check_grid_path(gs: GameState, actor: int, points: Iterable, max_length: float, *, crouched: bool = False,
                    exempt_enemies: Iterable[int] = ()) -> tuple[list[tuple[float, float]], int, int, list[int]]:
    """MOV-15 / MOV-16: validate a grid move of `actor` through the block centres `points` (its start left
    out). Returns (path of centres with the start, length in K = steps, terrain surcharge, contacts at the end).

    Checks, in order: every point is a block centre one step from the previous (MOV-15); steps ≤ max_length
    (MOV-3); the block stays on the board (MOV-3); no block along the way shares a square with another base at
    this level (BAS-2); a diagonal step needs both blocks beside it free of minis and of terrain that blocks
    movement (MOV-16); no square entered holds terrain that needs Escalar or is impassable (MOV-9); enemies not
    in contact at the end stay at least min(1, d0) K away, Chebyshev (MOV-14). The surcharge is the worst class
    of the squares entered (MOV-7, MOV-8; crouched makes easy difficult, MVA-4)."""
    n = grid.squares_per_side(2.0 * gs.body(actor).radius)
    p0 = gs.pos(actor)
    a0 = anchor_of(p0.x, p0.y, n)
    anchors = [a0]
    for q in points:
        x, y = float(q[0]), float(q[1])
        a = anchor_of(x, y, n)
        cx, cy = centre_of(a, n)
        if abs(cx - x) > _TOL or abs(cy - y) > _TOL:
            raise RuleViolation("MOV-15", f"({x:g}, {y:g}) is not the centre of a {n}×{n} block of squares "
                                f"(try ({cx:g}, {cy:g}))")
        if not grid.is_step(anchors[-1], a):
            raise RuleViolation("MOV-15", f"({x:g}, {y:g}) is not one step (across a side or a corner) from the "
                                "previous square")
        anchors.append(a)
    steps = len(anchors) - 1
    if steps > max_length + 1e-9:
        raise RuleViolation("MOV-3", f"the path is {steps} squares ({steps} K), more than the {max_length:g} K allowed")
    taken = occupied(gs, actor)
    chest = gs.chest_height(actor)
    blocked_cache: dict[Square, bool] = {}

    def blocks_movement(sq: Square) -> bool:
        if sq not in blocked_cache:
            blocked_cache[sq] = any(terrain_class(p.kind, p.height, chest) is None for p in square_terrain(gs, sq))
        return blocked_cache[sq]

    def block_free(anchor: Square) -> bool:
        return all(sq not in taken and not blocks_movement(sq) for sq in grid.footprint(anchor, n))

    W, H = gs.board.width, gs.board.height
    surcharge = SURCHARGE_DIFFICULT if crouched else SURCHARGE_EASY
    for a, b in zip(anchors[:-1], anchors[1:]):
        if b[0] < 0 or b[1] < 0 or b[0] + n > W + _TOL or b[1] + n > H + _TOL:
            raise RuleViolation("MOV-3", f"the base leaves the board at square {b}")
        for sq in grid.footprint(b, n):
            if sq in taken:
                raise RuleViolation("BAS-2", f"square {sq} is held by {gs.name(taken[sq])}")
        if not grid.diagonal_step_legal(a, b, block_free):
            raise RuleViolation("MOV-16", f"the diagonal step {a} → {b} needs both squares beside it free")
        for sq in grid.footprint(b, n):
            for p in square_terrain(gs, sq):
                cls = terrain_class(p.kind, p.height, chest)
                if cls is None:
                    if p.kind == "water":          # MVA-11: swimming is not played on the grid
                        raise RuleViolation("MVA-11", f"square {sq} is water ({p.id}): it needs Swim (Nadar), which is not "
                                            "implemented on the grid")
                    raise RuleViolation("MOV-9", f"square {sq} is {p.kind} terrain ({p.id}): it needs Climb (Escalar)")
                surcharge = max(surcharge, cls)
    end = anchors[-1]
    contacts = grid_contacts(gs, actor, end, n)
    exempt = set(exempt_enemies) | set(contacts)
    mine = gs.side(actor)
    for o in gs.minis():
        if o == actor or o in exempt or not gs.able(o) or gs.side(o) == mine or gs.pos(o).level != p0.level:
            continue
        theirs = gs.squares(o)
        d0 = max(0, grid.edge_distance(grid.footprint(a0, n), theirs))
        keep = min(1, d0)
        for a in anchors[1:]:
            if grid.edge_distance(grid.footprint(a, n), theirs) < keep:
                raise RuleViolation("MOV-14", f"the path comes within {keep} K of {gs.name(o)} (MOV-14, Chebyshev)")
    path = [centre_of(a, n) for a in anchors]
    return path, steps, surcharge, contacts
