"""Movable scenery (issue 16, group "scenery"): terrain pieces a scenario marks ``movable = {con, size}`` (a car,
a truck, a crate...). They block sight and movement as any obstacle of their kind; a character with Súper fuerza
(TRT-SUPER-STRENGTH, the action rules/actions/scenery_throw.py) may pick one up and throw it. Each movable piece has
a ``MovedPiece`` entity (created at set-up only when the scenario has movable pieces) holding how far it now stands
from where the scenario set it; GameState.board moves it there. A scenario without movable pieces keeps
``gs.movables`` None and plays exactly as before."""
from __future__ import annotations

import math

import numpy as np
from shapely import affinity
from shapely.geometry import Point, box

from wartime.core.components import Climbing, MovedPiece
from wartime.geometry import sight
from wartime.geometry.board import Board
from wartime.rules.state import GameState

#: TRT-SUPER-STRENGTH: the CH CON modifier of throwing a piece of each size ("coches (CH CON), camiones (CH CON
#: Difícil −2) o cosas más grandes (−4)"); a smaller object is a car's check
THROW_MOD = {"object": 0, "car": 0, "truck": -2, "bigger": -4}
#: how close (K) a base must be to a piece to lift it (base contact, BAS-2's tolerance)
CONTACT = 0.05
#: the step (K) by which a thrown piece's landing spot is drawn back towards its thrower until it is clear
STEP = 0.25


def install(gs: GameState, scenario) -> None:
    """Create a ``MovedPiece`` per movable terrain piece of the scenario (terrain order) and name them on the game
    state; nothing (``gs.movables`` None) without any."""
    movables = {}
    for t in getattr(scenario, "terrain", ()):
        m = getattr(t, "movable", None)
        if m is not None:
            movables[t.id] = gs.world.create(MovedPiece(t.id, m.con, m.size))
    gs.movables = movables or None


def movable_pieces(gs: GameState) -> list[tuple[int, MovedPiece]]:
    """(entity, state) of the movable pieces still on the table, in terrain order."""
    if gs.movables is None:
        return []
    out = []
    for el in gs.movables.values():
        m = gs.world.get(el, MovedPiece)
        if not m.gone:
            out.append((el, m))
    return out


def piece_of(gs: GameState, piece_id: str):
    """The terrain piece `piece_id` as it stands now (moved), or None."""
    try:
        return gs.board.piece(piece_id)
    except (KeyError, ValueError):
        return None


def borne_by(gs: GameState, piece_id: str) -> list[int]:
    """The minis on the table climbing the piece or standing on its top (MVA-10 / MVA-13: `Climbing`), id order.
    Project ruling (TRT-SUPER-STRENGTH, TRT-MAGIC-TELEKINESIS): a piece that bears a mini is not lifted (the book
    says nothing of a thrown car's passengers), so neither a throw nor telekinesis leaves a climber on nothing."""
    table = gs.world.tables.get(Climbing)
    if not table:
        return []
    return [e for e in sorted(table) if table[e].piece == piece_id and gs.on_table(e)]


def in_contact(gs: GameState, e: int, piece_id: str) -> bool:
    """BAS-2: `e`'s base touches the movable piece where it stands now."""
    pc = piece_of(gs, piece_id)
    if pc is None:
        return False
    p = gs.pos(e)
    return pc.polygon.distance(Point(p.x, p.y)) <= gs.body(e).radius + CONTACT


def board_without(gs: GameState, piece_id: str) -> Board:
    """The board as it stands with the piece `piece_id` lifted off it (the thrower holds it up: it neither blocks
    nor covers the throw): `Board.without`, kept with the board."""
    return gs.board.without(piece_id)


def cover_without(gs: GameState, observer: int, target: int, piece_id: str):
    """ENV-2: line of sight and cover from `observer` to `target` with the lifted piece off the board."""
    rows = np.array([gs.target_row(target)], dtype=float)
    return sight.cover_query(board_without(gs, piece_id), gs.eye(observer), rows)[0]


def landing(gs: GameState, piece_id: str, thrower: int, target: int) -> tuple[float, float] | None:
    """TRT-SUPER-STRENGTH (ruling): where a thrown piece comes to rest: its centre at the target's, drawn back
    towards the thrower in steps of 0.25 K until it lies on the board, touches no base on the table and overlaps no
    other piece that blocks movement (high or blocking); the (dx, dy) it moves by, or None (no such spot: it is
    smashed)."""
    pc = piece_of(gs, piece_id)
    c = pc.polygon.centroid
    pt, pa = gs.pos(target), gs.pos(thrower)
    d = math.hypot(pt.x - pa.x, pt.y - pa.y)
    ux, uy = ((pa.x - pt.x) / d, (pa.y - pt.y) / d) if d > 1e-9 else (0.0, 0.0)
    table = box(0.0, 0.0, gs.board.width, gs.board.height)
    solid = [p.polygon for p in gs.board.pieces if p.id != piece_id and p.kind in ("high", "blocking")]
    bases = [Point(gs.pos(o).x, gs.pos(o).y).buffer(gs.body(o).radius) for o in gs.minis() if gs.on_table(o)]
    steps = int(d / STEP) + 1
    for k in range(steps + 1):
        x, y = pt.x + ux * STEP * k, pt.y + uy * STEP * k
        dx, dy = round(x - c.x, 4), round(y - c.y, 4)
        moved = affinity.translate(pc.polygon, dx, dy)
        if not table.contains(moved):
            continue
        if any(moved.intersects(s) for s in solid) or any(moved.intersects(b) for b in bases):
            continue
        return dx, dy
    return None


def move_piece(gs: GameState, piece_id: str, offset: tuple[float, float] | None, rule: str, by: int) -> None:
    """Put the piece where it landed (`offset` added to where it stands), or smash it off the table (None); a
    ``scenery_moved`` event."""
    el = gs.movables[piece_id]
    m = gs.world.get(el, MovedPiece)
    if offset is None:
        gs.world.set(el, MovedPiece(m.piece, m.con, m.size, m.dx, m.dy, True))
        gs.world.emit("scenery_moved", rule, piece=piece_id, by=by, smashed=True)
        return
    dx, dy = round(m.dx + offset[0], 4), round(m.dy + offset[1], 4)
    gs.world.set(el, MovedPiece(m.piece, m.con, m.size, dx, dy, False))
    gs.world.emit("scenery_moved", rule, piece=piece_id, by=by, smashed=False, offset=[dx, dy])
