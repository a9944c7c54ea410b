"""What Magia: telekinesis (TRT-MAGIC-TELEKINESIS, the action rules/actions/telekinesis.py) moves, and where.

Rulings of this project (the book says only "mueve un objeto inanimado a distancia hasta tantos K como VOL. CON
máx. = VOL"; the catalogue adds "objects without CON use their CAL; cannot move characters"):

* The objects: a scenario's movable scenery pieces (``movable = {con, size}``, rules/scenery_objects.py; their
  CON) and the items lying on the ground (`Item.at`: what Soltar put down, a placed charge of GNA-15 among them;
  an object archetype's QUA, else its weapon's or protection's QUA, else 0) and the driverless transports standing
  on the table (MVA-17, components.Parked: no character, so an inanimate object; its QUA, having no CON; its base
  is its shape). Characters (a ridden transport is its driver's miniature, BLD-19) are not moved.
* What someone holds (an `Item` with a holder, or hidden inside an element) is not taken from it: telekinesis moves an
  object, it does not wrest one from a hand; the book gives no contest for it and taking a held thing is Desarmar's
  (CBA-14, an opposed check). Named, it is refused naming the rule.
* Reaching the object is as a metahability's target (MET-2): within the metahability's RNG (BAS-3: from the
  caster's base edge to the nearest point of the object; RNG 0: in contact), in the caster's field of view (some
  part of it in front) and line of sight (to the object's centre, the piece itself lifted), at its level (MOV-11:
  the ground, level 1, or the level a charge was placed at).
* The object's centre (a piece's centroid) moves in a straight line up to VOL K to the point `to` the caster
  chooses, through the air (nothing on the way is checked); there it must lie on the board. A piece must overlap
  no other terrain piece and no base on the table; an item must not lie inside a high or blocking piece; a driverless
  transport's base must overlap no high or blocking piece and no other base (what rides or is mounted on it moves
  with it).
* A moved charge keeps its owner, its level and whether it is operative. It is not set off by being moved: a
  proximity trigger answers a mini's movement coming within its reach (rules/placed.py ``first_trip``), and a mini
  the charge was moved next to sets it off only once it has left its reach and comes back into it.
* The moved piece blocks sight, cover and movement where it now lies (GameState.board rebuilds the board from the
  pieces' offsets: every LOS and cover query after the move sees it there)."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
from shapely import affinity
from shapely.geometry import Point, box

from wartime.core.components import Gear, Item, Mount
from wartime.core.errors import RuleViolation
from wartime.geometry import sight
from wartime.rules import metahabilities as meta, riding, scenery_objects, traits
from wartime.rules.placed import PlacedCharge
from wartime.rules.state import GameState

RULE = "TRT-MAGIC-TELEKINESIS"
EPS = 1e-9
#: the silhouette (radius, height K) line of sight is traced to for an item lying on the ground
ITEM_ROW = (0.25, 0.25)


@dataclass(frozen=True)
class Thing:
    """An inanimate object telekinesis may move: `ref` ('scenery:<piece id>' or 'item:<entity>'), its name, centre,
    weight (CON or QUA) and level."""
    ref: str
    name: str
    x: float
    y: float
    weight: int
    level: int = 1


@dataclass(frozen=True)
class Mover:
    """A metahability of the caster that moves objects: its index, itself, the trait, the K and the most weight."""
    index: int
    m: object
    rule: str
    reach: float
    cap: int


def movers(gs: GameState, e: int) -> list[Mover]:
    """The metahabilities of its kinds (MET-1) `e` carries that move objects (hook ``object_move``), list order;
    [] without metahabilities (nothing else is asked)."""
    items = meta.carried(gs, e)
    if not items:
        return []
    kinds = meta.kinds_of(gs, e)
    out = []
    for i, m in enumerate(items):
        got = traits.object_mover(gs, e, m) if m.kind in kinds else None
        if got is not None:
            out.append(Mover(i, m, *got))
    return out


def item_weight(gs: GameState, n: int, it: Item) -> int:
    """TRT-MAGIC-TELEKINESIS ruling: an item has no CON: its CAL (QUA): an object archetype's, else its weapon's or
    protection's; 0 for anything else."""
    gear = gs.world.try_get(n, Gear)
    if gear is not None:
        return gear.QUA
    prof = it.weapon or it.protection
    return prof.QUA if prof is not None else 0


def things(gs: GameState) -> list[Thing]:
    """Every object on the table telekinesis could move: the movable pieces (terrain order), the items lying on the
    ground (id order), then the driverless transports (id order)."""
    out = []
    for _, mp in scenery_objects.movable_pieces(gs):
        pc = scenery_objects.piece_of(gs, mp.piece)
        if pc is not None:
            c = pc.polygon.centroid
            out.append(Thing(f"scenery:{mp.piece}", mp.piece, c.x, c.y, mp.con))
    table = gs.world.tables.get(Item)
    if table:
        charges = gs.world.tables.get(PlacedCharge, {})
        for n in sorted(table):
            it = table[n]
            if it.at is not None:
                lvl = charges[n].level if n in charges else 1
                out.append(Thing(f"item:{n}", it.name, it.at[0], it.at[1], item_weight(gs, n, it), lvl))
    for n in riding.parked(gs):
        p, m = gs.pos(n), gs.world.get(n, Mount)
        out.append(Thing(f"transport:{n}", m.name, p.x, p.y, m.QUA, p.level))
    return out


def any_thing(gs: GameState) -> bool:
    """Whether `things` lists anything (issue 20: the offered keys ask it at every listing of a telekinetic; no
    centroid computed, no list built)."""
    for _, mp in scenery_objects.movable_pieces(gs):
        if scenery_objects.piece_of(gs, mp.piece) is not None:
            return True
    table = gs.world.tables.get(Item)
    if table and any(it.at is not None for it in table.values()):
        return True
    return bool(riding.parked(gs))


def thing(gs: GameState, ref) -> Thing:
    for t in things(gs):
        if t.ref == ref:
            return t
    held = _held(gs, ref)
    if held is not None:
        raise RuleViolation(RULE, f"the {held} is held: telekinesis moves objects lying free, it does not wrest one "
                            "from its holder (project ruling; taking a held thing is Desarmar, CBA-14)")
    raise RuleViolation(RULE, f"{ref!r} is no object on the table telekinesis can move ('scenery:<piece>' or "
                        "'item:<id>' lying on the ground)")


def _held(gs: GameState, ref) -> str | None:
    """The name of the item 'item:<id>' when someone holds it (or it is hidden inside an element), else None."""
    if not (isinstance(ref, str) and ref.startswith("item:") and ref[5:].isdigit()):
        return None
    it = gs.world.try_get(int(ref[5:]), Item)
    return it.name if it is not None and it.at is None else None


def _entity(t: Thing) -> int:
    return int(t.ref.split(":")[1])


def _shape(gs: GameState, t: Thing):
    if t.ref.startswith("scenery:"):
        return scenery_objects.piece_of(gs, t.name).polygon
    if t.ref.startswith("transport:"):
        return Point(t.x, t.y).buffer(gs.body(_entity(t)).radius)
    return Point(t.x, t.y)


def check_reach(gs: GameState, caster: int, mv: Mover, t: Thing) -> None:
    """MET-2 for an object (see the module): its weight at most the trait's cap, within the metahability's RNG, in
    the caster's FOV and LOS, at its level; a piece bearing a mini (climbing it or on its top) is not moved (project
    ruling, scenery_objects.borne_by)."""
    if t.ref.startswith("scenery:") and scenery_objects.borne_by(gs, t.name):
        raise RuleViolation(RULE, f"the {t.name} bears a miniature (climbing it or on its top): telekinesis does not "
                            "move a piece bearing a mini (project ruling)")
    if t.weight > mv.cap:
        raise RuleViolation(mv.rule, f"the {t.name} has CON/QUA {t.weight}: {gs.name(caster)} moves objects of at most "
                            f"{mv.cap} (its VOL)")
    p = gs.pos(caster)
    if p.level != t.level:
        raise RuleViolation("MOV-11", "miniatures interact only within their own altitude level")
    shape = _shape(gs, t)
    d = shape.distance(Point(p.x, p.y)) - gs.body(caster).radius
    reach = mv.m.RNG if mv.m.RNG > 0 else scenery_objects.CONTACT
    if d > reach + EPS:
        raise RuleViolation("MET-2", f"the {t.name} is {max(d, 0.0):.1f} K away: {mv.m.name} reaches {mv.m.RNG} K")
    pts = list(shape.exterior.coords) if hasattr(shape, "exterior") else [(t.x, t.y)]
    a = math.radians(p.facing)
    if d > EPS and max((x - p.x) * math.cos(a) + (y - p.y) * math.sin(a) for x, y in pts) < -EPS:
        raise RuleViolation("ENV-1", f"the {t.name} is not in {gs.name(caster)}'s field of view")
    if not sees(gs, caster, t):
        raise RuleViolation("ENV-2", f"no line of sight from {gs.name(caster)} to the {t.name}")


def sees(gs: GameState, caster: int, t: Thing) -> bool:
    """ENV-2: line of sight from the caster's eye to the object's centre (a piece: itself lifted off the board, up
    to its height; an item: a small silhouette on the ground)."""
    if t.ref.startswith("scenery:"):
        board = scenery_objects.board_without(gs, t.name)
        row = (t.x, t.y, 0.25, 0.0, max(ITEM_ROW[1], scenery_objects.piece_of(gs, t.name).height))
    elif t.ref.startswith("transport:"):
        board = gs.board
        n = _entity(t)                                    # no posture: its whole height (rules/parked.py)
        row = (t.x, t.y, gs.body(n).radius, gs.elevation(n), gs.body(n).height)
    else:
        board = gs.board
        row = (t.x, t.y, ITEM_ROW[0], 0.0, ITEM_ROW[1])
    return sight.cover_query(board, gs.eye(caster), np.array([row], dtype=float))[0].has_los


def destination(gs: GameState, mv: Mover, t: Thing, to) -> tuple[float, float]:
    """TRT-MAGIC-TELEKINESIS: the point `to` the object's centre is moved to: at most the trait's K away, on the
    board; a piece overlapping no other piece and no base on the table, an item not inside a high or blocking
    piece (see the module)."""
    if not (isinstance(to, (list, tuple)) and len(to) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in to)):
        raise RuleViolation(mv.rule, "to must be the point [x, y] the object's centre is moved to")
    x, y = round(float(to[0]), 4), round(float(to[1]), 4)
    d = math.hypot(x - t.x, y - t.y)
    if d > mv.reach + 1e-6:
        raise RuleViolation(mv.rule, f"the {t.name} would move {d:.2f} K: telekinesis moves it up to {mv.reach:g} K "
                            "(the caster's VOL)")
    b = gs.board
    table = box(0.0, 0.0, b.width, b.height)
    if t.ref.startswith("scenery:"):
        moved = affinity.translate(scenery_objects.piece_of(gs, t.name).polygon, x - t.x, y - t.y)
        if not table.contains(moved):
            raise RuleViolation(mv.rule, f"the {t.name} would not lie on the board there")
        for p in b.pieces:
            if p.id != t.name and moved.intersects(p.polygon) and not moved.touches(p.polygon):
                raise RuleViolation(mv.rule, f"the {t.name} would overlap the terrain piece {p.id}")
        for o in gs.minis():
            if gs.on_table(o) and moved.distance(Point(gs.pos(o).x, gs.pos(o).y)) < gs.body(o).radius - EPS:
                raise RuleViolation(mv.rule, f"the {t.name} would overlap {gs.name(o)}'s base")
        return x, y
    if t.ref.startswith("transport:"):
        n = _entity(t)
        moved = Point(x, y).buffer(gs.body(n).radius)
        if not table.contains(moved):
            raise RuleViolation(mv.rule, f"the {t.name} would not lie on the board there")
        for p in b.pieces:
            if p.kind in ("high", "blocking") and moved.intersects(p.polygon) and not moved.touches(p.polygon):
                raise RuleViolation(mv.rule, f"the {t.name} would overlap the terrain piece {p.id}")
        others = [(o, gs.name(o)) for o in gs.minis() if gs.on_table(o)]
        others += [(o, gs.world.get(o, Mount).name) for o in riding.parked(gs) if o != n]
        for o, name in others:
            if math.hypot(gs.pos(o).x - x, gs.pos(o).y - y) < gs.body(o).radius + gs.body(n).radius - EPS:
                raise RuleViolation(mv.rule, f"the {t.name} would overlap {name}'s base")
        return x, y
    if not table.contains(Point(x, y)):
        raise RuleViolation(mv.rule, f"the {t.name} would not lie on the board there")
    for p in b.pieces:
        if p.kind in ("high", "blocking") and p.polygon.contains(Point(x, y)):
            raise RuleViolation(mv.rule, f"the {t.name} cannot lie inside the terrain piece {p.id}")
    return x, y


def move(gs: GameState, caster: int, t: Thing, to: tuple[float, float], rule: str) -> None:
    """TRT-MAGIC-TELEKINESIS: the object's centre is now at `to` (a piece: its offset, rules/scenery_objects.py; an
    item: where it lies); an ``object_moved`` event."""
    gs.world.emit("object_moved", rule, who=caster, object=t.ref, name=t.name, frm=[round(t.x, 4), round(t.y, 4)],
                  to=list(to))
    if t.ref.startswith("scenery:"):
        scenery_objects.move_piece(gs, t.name, (round(to[0] - t.x, 4), round(to[1] - t.y, 4)), rule, caster)
        return
    n = _entity(t)
    if t.ref.startswith("transport:"):
        gs.world.set(n, replace(gs.pos(n), x=to[0], y=to[1]))
        return
    gs.world.set(n, replace(gs.world.get(n, Item), at=to))
