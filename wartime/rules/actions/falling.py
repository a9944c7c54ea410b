"""Falls (MVA-9): Dejarse caer from a perch, and the fall table every fall of the game uses (MVA-9 ruling 4).

A character perched on a piece top (level 2, MOV-10: it cannot fly) gets down with Dejarse caer: it steps off an
edge and lands at level 1 with its base touching the foot of the drop, directly below where it stepped off
(ruling 3), and suffers the fall's DMG as an automatic hit: no CH IMP, a normal CH DEF with its protections, never
cover (ruling 2)."""
from __future__ import annotations

import math
from dataclasses import replace

import shapely
from shapely.geometry import LineString, Point

from wartime.core.components import Climbing
from wartime.core.errors import RuleViolation
from wartime.geometry.movement import terrain_class
from wartime.rules.actions.base import Action, register
from wartime.rules.actions.flight import perched
from wartime.rules.actions.movement import MovePrep, apply_move, can_move, end_contacts
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.falls import fall, fall_damage  # noqa: F401  (MVA-9's table, shared by every fall)
from wartime.rules.state import GameState

#: MVA-9 ruling (3): how far the landing base may stand from the foot of the drop (its edge touches it)
FOOT_GAP = 0.1


def perch_piece(gs: GameState, actor: int):
    """The piece whose top the perched actor stands on (the one under its base centre), or None; for a climber
    (MVA-10: clinging to a wall or standing on its top) the piece it climbed."""
    climbed = gs.world.try_get(actor, Climbing)
    if climbed is not None:
        return gs.board.piece(climbed.piece)
    p = gs.pos(actor)
    pt = Point(p.x, p.y)
    for piece in gs.board.pieces:
        if piece.polygon.buffer(1e-6).covers(pt):
            return piece
    return None


@register
class DropDown(Action):
    """MVA-9: Dejarse caer (1): a perched character steps off the edge of its piece and lands at level 1 at `to`,
    its base touching the foot of the drop (the fall table's DMG: 3 K for a 1 K model is DMG 4)."""
    key = "drop_down"
    rule = "MVA-9"
    category = "movement"
    moves = True
    params = (Param("to", "point", "MVA-9: the landing point at the foot of the drop (the base touches the piece)"),)

    def available(self, gs, actor):
        can_move(gs, actor)
        on_wall = gs.world.has(actor, Climbing) and gs.pos(actor).level == 1                 # MVA-10
        if not (perched(gs, actor) or on_wall) or perch_piece(gs, actor) is None:
            raise RuleViolation("MVA-9", f"{gs.name(actor)} is not standing on a height to drop from")
        if gs.hanging(actor):                          # TRT-SPIDER: it comes down from a roof with Escalar
            raise RuleViolation("TRT-SPIDER", f"{gs.name(actor)} hangs under a roof: it comes down with Climb "
                                "(height 0)")

    def candidates(self, gs, actor, space):
        """The landing spot just off the piece's edge in each of the 8 compass directions (east first); a climber
        whose base centre is off the piece (clinging to a wall, or on a top too narrow for its base) gets the spot
        where it is, then those beyond the far edge."""
        piece = perch_piece(gs, actor)
        if piece is None:
            return
        p = gs.pos(actor)
        outside = not piece.polygon.covers(Point(p.x, p.y))
        if outside:
            gap = piece.polygon.distance(Point(p.x, p.y)) - gs.body(actor).radius
            if -1e-6 <= gap <= FOOT_GAP + 1e-6:
                here = [round(p.x, 4), round(p.y, 4)]
                yield Candidate(self.key, lambda to=here: {"to": to}, label="drop here")
        r = gs.body(actor).radius
        far = gs.board.width + gs.board.height
        for k in range(8):
            a = math.radians(45.0 * k)
            dx, dy = math.cos(a), math.sin(a)
            hit = LineString([(p.x, p.y), (p.x + far * dx, p.y + far * dy)]).intersection(piece.polygon.exterior)
            if hit.is_empty:
                continue
            # the crossing may be points or, along an edge, segments: take the nearest coordinate of any part
            # (from off the piece, MVA-10: the farthest one, beyond the far edge)
            pick = max if outside else min
            t = pick(math.hypot(qx - p.x, qy - p.y) for qx, qy in shapely.get_coordinates(hit)) + r + FOOT_GAP / 2
            to = [round(p.x + t * dx, 4), round(p.y + t * dy, 4)]
            yield Candidate(self.key, lambda to=to: {"to": to}, label=f"drop {45 * k}°")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        to = params.get("to")
        if not (isinstance(to, (list, tuple)) and len(to) == 2 and
                all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in to)):
            raise RuleViolation("MVA-9", "to must be the landing point [x, y]")
        x, y = float(to[0]), float(to[1])
        r = gs.body(actor).radius
        piece = perch_piece(gs, actor)
        gap = piece.polygon.distance(Point(x, y)) - r
        if gap < -1e-6 or gap > FOOT_GAP + 1e-6:
            raise RuleViolation("MVA-9", f"the landing base must touch the foot of the drop (its edge is "
                                f"{gap:.2f} K from the piece)")
        if not gs.board.disc_inside(x, y, r):
            raise RuleViolation("MOV-3", "the landing base would leave the board")
        chest = gs.chest_height(actor)
        disc = Point(x, y).buffer(r, 32)
        for other in gs.board.pieces:
            if other is not piece and terrain_class(other.kind, other.height, chest) is None and \
                    other.polygon.intersects(disc):
                raise RuleViolation("MOV-9", f"the landing spot is inside impassable terrain ({other.id})")
        for o in gs.minis():
            if o == actor or not gs.on_table(o) or gs.pos(o).level != 1:
                continue
            q = gs.pos(o)
            if math.hypot(q.x - x, q.y - y) < r + gs.body(o).radius - 1e-6:
                raise RuleViolation("BAS-2", f"the landing base would overlap {gs.name(o)}")
        drop = gs.elevation(actor) - gs.board.surface_height(x, y)
        return {"to": (x, y), "drop": drop}

    def cost(self, gs, actor, params, prepared):
        return 1

    def resolve(self, gs, ctx, prepared):
        e = ctx.actor
        p0 = gs.pos(e)
        x, y = prepared["to"]
        gs.world.set(e, replace(p0, level=1))                 # it lands on the surface below (level 1)
        if gs.world.has(e, Climbing):                         # MVA-10: off the wall
            gs.world.remove(e, Climbing)
        contacts = end_contacts(gs, e, (x, y))
        length = math.hypot(x - p0.x, y - p0.y)
        apply_move(gs, ctx, MovePrep([(p0.x, p0.y), (x, y)], length, 0, length, contacts, None), self.rule)
        fall(gs, ctx, e, prepared["drop"])

