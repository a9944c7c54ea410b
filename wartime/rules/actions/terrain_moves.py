"""Movement actions over terrain (MVA-7, MVA-8, MVA-10..14): Mover sin hacer ruido, Mover cargado con un objeto,
Escalar, Nadar, Salto de longitud, Subir a un alto and 180°.

Heights (MOV-9, MOV-10). An obstacle taller than a mini's chest stops every move; when the scenario marks it
`climbable` (the default for low and high obstacles) a mini in base contact may climb it (Escalar, MOV K up per
action) or jump onto it (Subir a un alto). A climber part-way up is *clinging*: it stays at the foot at level 1,
its base elevation raised by the K climbed (component `Climbing`; GameState.elevation),
and it moves only with Escalar or comes down with Dejarse caer (MVA-9, the fall table for the height it drops).
On reaching the top it stands there: on a piece exactly 3 K high whose top holds its base it is at level 2, a
perch (MOV-10: Board.surface_height is 0 everywhere, so a roof is the level-2 plane); on any other top it stays
on the wall at level 1, raised by the wall's height (its base centre moved onto the top when the top holds the
base, else where it was), and comes down on either side with Dejarse caer.

Water (MVA-11) is a terrain kind that ordinary moves cannot enter (geometry.movement: "it needs Nadar"); a swim is
checked against the board without its water (`Board.dry`), so the rest of the terrain keeps its rules.

Noise (ENV-7): these moves are heard at 2 × the K travelled (a climb or a jump up: the K gained), except Mover sin
hacer ruido, which makes none and marks the mover with the component `SilentArrival` for Ataque sorpresa (CBA-11) and
Esconderse (GNA-9) until it moves again or its activation ends.

The square grid (MOV-15) has no climbing, swimming or jumping: those actions are refused there."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

import shapely
from shapely.geometry import LineString, Point

from wartime.core.components import Climbing, Parked, Posture
from wartime.core.errors import RuleViolation
from wartime.core.rounding import round_half_up
from wartime.geometry import movement as geo_move
from wartime.geometry import heights, walls
from wartime.geometry.heights import LEVEL_2_HEIGHT
from wartime.rules.actions.base import Action, need_path, register
from wartime.rules.actions.falling import FOOT_GAP, fall, perch_piece
from wartime.rules.actions.flight import flight_restrictions, perched
from wartime.rules.actions.movement import (BOOST_PARAM, AnyMoveBoostable, MovePrep, _MoveBase, apply_move, can_move,
                                            end_contacts, end_facing, keep_engaged_contacts, path_violation,
                                            prepare_path)
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.checks import CheckResult, Modifier
from wartime.rules.combat import resolve_hit
from wartime.rules.modifiers import roll_character_check
from wartime.rules import traits
from wartime.rules.noise import emit_noise, movement_noise
from wartime.rules.reactions import overlaps_any
from wartime.rules.state import GameState

#: MVA-10 / MVA-13: how far (K, edge to face) a base may stand from a surface and still be in contact with it
WALL_GAP = FOOT_GAP


# --- shared helpers ---------------------------------------------------------------------------------------------
def _no_grid(gs: GameState, rule: str) -> None:
    if gs.board.grid:
        raise RuleViolation(rule, "climbing, swimming and jumping are not implemented on the square grid (MOV-15)")


def _cut(path: list[tuple[float, float]], allowance: float) -> tuple[list[tuple[float, float]], float]:
    """The polyline `path` cut at `allowance` K (MOV-4: a critical's extra K is only used when rolled)."""
    out = [path[0]]
    done = 0.0
    for a, b in zip(path, path[1:]):
        seg = math.hypot(b[0] - a[0], b[1] - a[1])
        if done + seg <= allowance + 1e-9:
            out.append(b)
            done += seg
            continue
        f = max(0.0, allowance - done) / seg if seg > 0 else 0.0
        out.append((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f))
        done = allowance
        break
    return out, done


def _wall_gap(gs: GameState, e: int, piece) -> float:
    p = gs.pos(e)
    return piece.polygon.distance(Point(p.x, p.y)) - gs.body(e).radius


def needs_climbing(gs: GameState, e: int, piece) -> bool:
    """MOV-9: a climbable piece taller than the mini's chest (ordinary moves cannot cross it)."""
    return (piece.kind != "water" and piece.climbable
            and geo_move.terrain_class(piece.kind, piece.height, gs.chest_height(e)) is None)


def climbable_in_contact(gs: GameState, e: int) -> list:
    """MVA-10 / MVA-13: the climbable pieces taller than the chest whose face the mini's base touches (edge gap
    at most WALL_GAP), in board order. Issue 20: a pure function of the board, the base's centre, radius and chest
    height, memoised per board (`Board.contact_memo`: the offered keys ask it for Escalar and Saltar arriba at every
    listing)."""
    board = gs.board
    pieces = board.climbable()
    if not pieces:
        return []
    p = gs.pos(e)
    body = gs.body(e)
    key = ("climbable", p.x, p.y, body.radius, gs.chest_height(e))
    memo = board.contact_memo
    got = memo.get(key)
    if got is None:
        if len(memo) >= geo_move.PATH_MEMO_SIZE:
            memo.clear()
        got = memo[key] = tuple(_climbable_in_contact(gs, e, board, pieces))
    return list(got)


def _climbable_in_contact(gs: GameState, e: int, board, pieces) -> list:
    """`climbable_in_contact`'s work (the pieces' bounds read once per board)."""
    bounds = board.contact_memo.get("climbable_bounds")
    if bounds is None:
        bounds = board.contact_memo["climbable_bounds"] = tuple(pc.polygon.bounds for pc in pieces)
    p = gs.pos(e)
    reach = gs.body(e).radius + WALL_GAP + 1e-6
    out = []
    for pc, (x0, y0, x1, y1) in zip(pieces, bounds):                # cheap pre-filter before shapely
        if p.x < x0 - reach or p.x > x1 + reach or p.y < y0 - reach or p.y > y1 + reach:
            continue
        if needs_climbing(gs, e, pc) and -1e-6 <= _wall_gap(gs, e, pc) <= WALL_GAP + 1e-6:
            out.append(pc)
    return out


def on_wall(gs: GameState, e: int) -> bool:
    return gs.world.has(e, Climbing)


def set_climbing(gs: GameState, e: int, piece: str | None, height: float = 0.0) -> None:
    """MVA-10: put the mini on a wall (`Climbing`), or take it off (piece None)."""
    if piece is not None:
        gs.world.set(e, Climbing(piece, float(height)))
    elif gs.world.has(e, Climbing):
        gs.world.remove(e, Climbing)


def _ground_only(gs: GameState, e: int, rule: str) -> None:
    """The mini stands on the ground (level 1, not on a wall or a perch)."""
    if gs.pos(e).level != 1:
        raise RuleViolation(rule, f"{gs.name(e)} is at level {gs.pos(e).level}: this action starts on the ground")
    if on_wall(gs, e):
        raise RuleViolation(rule, f"{gs.name(e)} is on a wall: it goes on with Climb (Escalar) or gets "
                            "down with Drop down (Dejarse caer)")


def _piece_param(gs: GameState, params: dict, rule: str):
    pid = params.get("piece")
    if not isinstance(pid, str):
        raise RuleViolation(rule, "piece (the id of the terrain piece) is required")
    try:
        return gs.board.piece(pid)
    except KeyError:
        raise RuleViolation(rule, f"no terrain piece {pid!r}") from None


def _top_spot(gs: GameState, e: int, piece) -> tuple[float, float] | None:
    """The point of the piece's top nearest to the mini where its whole base fits, free of other bases at the
    level it would stand at; None when the top cannot hold it (a thin wall) or is taken there."""
    r = gs.body(e).radius
    inner = piece.polygon.buffer(-(r + 1e-6))
    if inner.is_empty:
        return None
    p = gs.pos(e)
    q = inner.exterior.interpolate(inner.exterior.project(Point(p.x, p.y))) if not inner.covers(Point(p.x, p.y)) \
        else Point(p.x, p.y)
    x, y = round(q.x, 4), round(q.y, 4)
    level = 2 if abs(piece.height - LEVEL_2_HEIGHT) <= 1e-9 else 1
    return None if overlaps_any(gs, e, x, y, level) else (x, y)


def reach_top(gs: GameState, e: int, piece, rule: str) -> None:
    """MVA-10 / MVA-13: the mini gets onto the top of `piece` (see the module docstring)."""
    spot = _top_spot(gs, e, piece)
    p = gs.pos(e)
    if spot is not None and abs(piece.height - LEVEL_2_HEIGHT) <= 1e-9:
        gs.world.set(e, replace(p, x=spot[0], y=spot[1], level=2))             # MOV-10: a perch
        set_climbing(gs, e, None)
    else:
        if spot is not None:
            gs.world.set(e, replace(p, x=spot[0], y=spot[1]))
        set_climbing(gs, e, piece.id, piece.height)
    q = gs.pos(e)
    gs.world.emit("on_top", rule, who=e, piece=piece.id, at=[q.x, q.y], level=q.level,
                  height=float(piece.height))


# --- MVA-7 --------------------------------------------------------------------------------------------------------
@register
class MoveSilently(_MoveBase):
    """MVA-7: Mover sin hacer ruido (2 ENE + terrain): up to MOV K like Mover, making no noise (ENV-7), so no enemy
    reacts to it by hearing it (REA-8); the mover counts as arriving silently (component `SilentArrival`) for
    Ataque sorpresa (CBA-11) and Esconderse (GNA-9) until it moves again or its activation ends."""
    key = "move_silently"
    rule = "MVA-7"
    base_cost = 2
    #: no public `allowance`: the scripted AI's plain moves (ai.candidates.path_moves: Mover, Correr, Esprintar)
    #: are the actions that declare one, and a silent move is not one of them
    allowance = None

    def _reach(self, gs: GameState, actor: int) -> float:
        return float(gs.mov(actor))

    def candidates(self, gs, actor, space):
        return self._with_boosts(gs, actor, space, self._reach(gs, actor))

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        chained = bool(params.get("_chained"))
        # MOV-4: a chained move's CH AGI critical adds 1 K, so a chained path may be declared 1 K longer
        reach = self.boosted_reach(gs, actor, params, self._reach(gs, actor))        # TRT-FIRE-IN-THE-VEINS
        prep = prepare_path(gs, actor, params, self.rule, reach, extra_allowance=1.0 if chained else 0.0)
        self._check_boost_end(gs, actor, params, prep)                                # TRT-THIRST-FOR-BLOOD
        return prep

    def resolve(self, gs, ctx, prepared):
        if prepared.length > prepared.allowance + 1e-9 and not ctx.params.get("_chain_critical"):
            gs.world.emit("action_void", "MOV-4", who=ctx.actor,
                          reason="path longer than the allowance needs a critical on the chained CH AGI")
            return
        ctx.params["_silent"] = True                   # REA-6: the reaction windows hear nothing from it
        apply_move(gs, ctx, prepared, self.rule, silent=True)
        self._pay_boost(gs, ctx)                            # TRT-FIRE-IN-THE-VEINS


# --- MVA-11 -------------------------------------------------------------------------------------------------------
#: TRT-FISH: where a swim ends (Nadar's `depth`): under the water (level −1) or at the surface (level 1).
DEPTHS = ("underwater", "surface")


@dataclass
class SwimPrep:
    path: list[tuple[float, float]]
    length: float
    surcharge: int
    end_facing: float | None
    boost: float = 0.0             # TRT-FIRE-IN-THE-VEINS: the K the boost adds
    start_level: int = 1           # TRT-FISH: 1 at the surface, −1 underwater
    end_level: int = 1             # TRT-FISH: −1 when the swim ends underwater


def _touches_water(gs: GameState, path, r: float) -> bool:
    """MVA-11: whether a base of radius `r` along `path` enters water (no geometry built on a board without any:
    issue 20, Saltar asks it of every candidate)."""
    water = gs.board.water()
    if not water:
        return False
    line = LineString(path) if len(path) >= 2 else Point(path[0])
    return any(line.distance(w.polygon) < r - 1e-9 for w in water)


def underwater(gs: GameState, e: int) -> bool:
    """TRT-FISH (MOV-10): `e` is under the water: at level −1, its base wholly inside the board's water."""
    p = gs.pos(e)
    return p.level == -1 and heights.base_underwater(gs.board, p.x, p.y, gs.body(e).radius)


def _bases_at(gs: GameState, e: int, level: int) -> tuple[list, list[int]]:
    """BAS-2 / MOV-14: the bases a move of `e` at `level` must respect (`GameState.others_for_move` at another
    level than its own: a fish that comes up or swims under)."""
    if level == gs.pos(e).level:
        return gs.others_for_move(e)
    mine = gs.side(e)
    ids = [o for o in gs.minis() if o != e and gs.on_table(o) and gs.pos(o).level == level]
    ids += [t for t in gs.world.query(Parked) if gs.pos(t).level == level]
    others = [geo_move.Other(gs.pos(o).x, gs.pos(o).y, gs.body(o).radius,
                             o in gs.minis() and gs.side(o) != mine and gs.able(o)) for o in ids]
    return others, ids


def as_mover_check(gs: GameState, ctx, e: int, key: str, rule: str) -> CheckResult:
    """The CH AGI of a terrain move (Nadar, Escalar), or, for a character whose trait makes it work like Mover
    (TRT-FISH, TRT-SPIDER), no check: a plain pass (no critical, no fumble)."""
    own = traits.moves_as_mover(gs, e, key)
    if own is None:
        return roll_character_check(gs, ctx, e, "ATR", "AGI", rule, key)
    gs.world.emit("trait_applied", own, who=e, action=key, effect="moves as with Mover: no CH AGI")
    return CheckResult("ATR", "AGI", gs.attrs(e).AGI, (), 0, 0, False, False, True)


@register
class Swim(AnyMoveBoostable, Action):
    """MVA-11: Nadar (2 ENE, CH AGI): a mini in or entering water swims up to MOV K (1 K more on a critical; 3 K more
    with TRT-FIRE-IN-THE-VEINS's boost); fail or fumble: it does not move (the ENE is spent). No surcharge for the
    water itself; other terrain on the path prices it as usual (MOV-7) and obstacles still stop it (MOV-9). The path
    is checked like a move (MOV-3, BAS-2, MOV-14) against the board without its water.

    TRT-FISH (ruling: "may stay at height −1"): a character that breathes underwater may end its swim under the
    water (`depth: "underwater"`, MOV-10 level −1) where its whole base lies inside the water, and swims on there; it
    comes up with a swim declared `depth: "surface"`. A dive swims at the surface and goes under at its end; a
    swim that comes up rises at its start; a swim from under the water to under the water stays in the water all
    along (its centre line never crosses dry land) and meets only the bases at level −1. Under the water it is at
    level −1 (MOV-11: it interacts only with minis at level −1: no line of sight, attack, melee, reaction or
    noise between it and the minis above); it moves only with Nadar (rules.actions.movement.prepare_path refuses
    the rest) and cannot dive while engaged (CBA-15: leaving contact needs Destrabarse). The declared swim of a
    dive is at most its allowance (MOV K with the boost's K): a fish rolls no CH AGI, so no critical K."""
    key = "swim"
    def world_gate(self, gs):
        """MVA-11: no water on the board, nobody swims (issue 20)."""
        return bool(gs.board.water())

    rule = "MVA-11"
    category = "movement"
    moves = True
    has_check = True
    params = (Param("path", "path", "MVA-11: waypoints [[x, y], ...] up to MOV K (MOV + 1 on a critical)"),
              Param("end_facing", "facing", "MOV-5: the facing at the end of the swim", optional=True), BOOST_PARAM,
              Param("depth", "choice", "TRT-FISH: 'underwater' ends the swim under the water (level −1), 'surface' "
                    "comes up; default: the level it swims at", optional=True, choices=DEPTHS))

    def rolls_no_check(self, gs, actor):
        """TRT-FISH / TRT-SPIDER: no CH AGI for a character whose trait makes this move work like Mover
        (``as_mover_check``)."""
        return traits.moves_as_mover(gs, actor, self.key) is not None

    def candidates(self, gs, actor, space):
        if not gs.board.water():
            return
        fish = traits.breathes_underwater(gs, actor) is not None
        below = gs.pos(actor).level == -1
        yield from space.paths(self.key, float(gs.mov(actor)))
        if fish:                                     # TRT-FISH: dive where it is, or come up there
            p = gs.pos(actor)
            here = {"path": [[round(p.x, 4), round(p.y, 4)]], "depth": "surface" if below else "underwater"}
            yield Candidate(self.key, lambda here=here: dict(here),
                            label="come up to the surface here" if below else "dive here (level −1)")
            for c in space.paths(self.key, float(gs.mov(actor)), extra={"depth": "surface" if below else "underwater"}):
                yield replace(c, label=f"{c.label} ({'coming up' if below else 'diving'})")
        for b in self.offered_boosts(gs, actor):                            # TRT-FIRE-IN-THE-VEINS
            for c in space.paths(self.key, gs.mov(actor) + b.k, extra={"boost": b.rule}):
                yield replace(c, label=f"{c.label} ({b.label})")

    def available(self, gs, actor):
        can_move(gs, actor)
        _no_grid(gs, self.rule)
        if not underwater(gs, actor):                # TRT-FISH: under the water it swims on
            _ground_only(gs, actor, self.rule)
        if not gs.board.water():
            raise RuleViolation(self.rule, "there is no water on this board")

    def offered_choices(self, gs, actor):
        """The boosts (TRT-FIRE-IN-THE-VEINS) and, for a fish, the way down or up (TRT-FISH), as entries."""
        out = dict(super().offered_choices(gs, actor))
        if traits.breathes_underwater(gs, actor) is not None and gs.board.water():
            out["depth"] = (None, "surface" if gs.pos(actor).level == -1 else "underwater")
        return out

    def _levels(self, gs, actor, params) -> tuple[int, int]:
        """TRT-FISH: the level the swim starts at and the level it ends at (`depth`)."""
        start = gs.pos(actor).level
        depth = params.get("depth")
        if depth is None:
            return start, start
        if depth not in DEPTHS:
            raise RuleViolation(self.rule, f"depth must be one of {DEPTHS}")
        under = depth == "underwater"
        if under and traits.breathes_underwater(gs, actor) is None:
            raise RuleViolation("TRT-FISH", f"{gs.name(actor)} does not breathe underwater: only a character "
                                "that does (TRT-FISH) may stay under the water")
        return start, (-1 if under else 1)

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        start, end = self._levels(gs, actor, params)
        pts = need_path(params, self.rule)
        p = gs.pos(actor)
        path = [(p.x, p.y)] + pts
        r = gs.body(actor).radius
        level = -1 if start == end == -1 else 1      # TRT-FISH: where the swim runs
        others, ids = _bases_at(gs, actor, level)
        crouched = gs.world.get(actor, Posture).state == "crouched"
        boost = self.boost_k(gs, actor, params)                            # TRT-FIRE-IN-THE-VEINS
        extra = 0.0 if end == -1 else 1.0                                  # a dive: no critical K (TRT-FISH)
        chk = geo_move.check_path(gs.board.dry(), path, r, gs.chest_height(actor), gs.mov(actor) + boost + extra,
                                  others, crouched=crouched)
        if not chk.ok:
            raise path_violation(gs, chk, ids, self.rule)
        if not _touches_water(gs, path, r):
            raise RuleViolation(self.rule, f"{gs.name(actor)} is not in water and the path enters none: swimming "
                                "needs water")
        if end == -1:
            x, y = path[-1]
            if not heights.base_underwater(gs.board, x, y, r):
                raise RuleViolation("TRT-FISH", f"{gs.name(actor)}'s base would not be wholly inside the water at "
                                    "the end of the swim: it cannot stay under there")
            if start == -1 and not heights.path_in_water(gs.board, path):
                raise RuleViolation("TRT-FISH", "under the water the swim stays in the water: this path crosses "
                                    "dry land (come up first)")
            if start == 1:
                if overlaps_any(gs, actor, x, y, -1):
                    raise RuleViolation("BAS-2", f"another base is under the water at ({x:g}, {y:g})")
                keep_engaged_contacts(gs, actor, [])           # CBA-15: diving leaves every contact
        if level == gs.pos(actor).level:
            keep_engaged_contacts(gs, actor, end_contacts(gs, actor, path[-1]))
        return SwimPrep(path, chk.length, traits.terrain_surcharge(gs, actor, chk.surcharge), end_facing(params),
                        boost, start, end)

    def cost(self, gs, actor, params, prepared):
        base = 1 if traits.moves_as_mover(gs, actor, self.key) is not None else 2   # TRT-FISH: as Mover, ENE 1
        return base + prepared.surcharge                   # MVA-11 ruling: no surcharge for the water itself

    def resolve(self, gs, ctx, prepared):
        e = ctx.actor
        r = as_mover_check(gs, ctx, e, self.key, self.rule)               # TRT-FISH: no CH AGI
        if not r.passed:
            gs.world.emit("no_progress", self.rule, who=e, action=self.key)
            return
        if prepared.start_level == -1 and prepared.end_level == 1:       # TRT-FISH: it comes up, then swims
            self._set_level(gs, e, 1)
        allowance = gs.mov(e) + prepared.boost + (1.0 if r.critical else 0.0)     # crit: 1 K more
        path, length = _cut(prepared.path, allowance)
        apply_move(gs, ctx, MovePrep(path, length, prepared.surcharge, allowance, end_contacts(gs, e, path[-1]),
                                     prepared.end_facing), self.rule)
        if prepared.start_level == 1 and prepared.end_level == -1 and gs.on_table(e) and gs.able(e) \
                and gs.pos(e).level == 1:                                 # TRT-FISH: it goes under at the end
            self._set_level(gs, e, -1)
        self._pay_boost(gs, ctx)                                          # TRT-FIRE-IN-THE-VEINS

    def _set_level(self, gs, e: int, level: int) -> None:
        """TRT-FISH: the fish goes under the water (level −1) or comes up (level 1) where it is."""
        p = gs.pos(e)
        gs.world.set(e, replace(p, level=level))
        gs.world.emit("underwater" if level == -1 else "surfaced", "TRT-FISH", who=e, at=[p.x, p.y], level=level)


# --- MVA-10 -------------------------------------------------------------------------------------------------------
@register
class Climb(AnyMoveBoostable, Action):
    """MVA-10: Escalar (3 ENE, CH AGI): a mini in base contact with a climbable piece taller than its chest (or
    already clinging to it) climbs up to MOV K (1 K more on a critical; 3 K more with TRT-FIRE-IN-THE-VEINS's boost,
    offered as a candidate where it reaches a top the climb would not), reaching the top if the K suffice, else
    clinging part-way. Fail: no progress. Fumble: it falls from the height it was at (MVA-9 table) to the foot.
    No terrain surcharge.

    TRT-SPIDER (walls as easy terrain, hook ``walks_on_walls``): a spider may also go along the face in a straight
    line (`to`: a spot where its base still touches the face; its edge never more than WALL_GAP from it on the way
    and never over it) and end at any `height` on it (up or down, above 0 and up to the top), the K along the face
    plus the K up or down at most MOV (with a boost's K); at the top's height it gets onto the top there.

    TRT-SPIDER under a roof (issue 12, a piece with ``ceiling``; `_under_roof`): a spider whose whole base is under
    the roof goes up a post to its underside (`height` = the roof's height) and hangs there, goes along the underside
    in a straight line (`to`, its whole base under the roof all the way) and comes down again (`height` 0), as
    easy terrain (ENE 1, no check): the K along plus the K up or down at most MOV; not while engaged (CBA-15)."""
    key = "climb"
    rule = "MVA-10"
    category = "movement"
    moves = True
    has_check = True
    params = (Param("piece", "choice", "MVA-10: the id of the piece to climb (the one it clings to, if any)"),
              BOOST_PARAM,
              Param("to", "point", "TRT-SPIDER: a spot along the face, reached in a straight line", optional=True),
              Param("height", "choice", "TRT-SPIDER: the K up the face it ends at (default: where it is)",
                    optional=True))

    def rolls_no_check(self, gs, actor):
        """TRT-FISH / TRT-SPIDER: no CH AGI for a character whose trait makes this move work like Mover
        (``as_mover_check``)."""
        return traits.moves_as_mover(gs, actor, self.key) is not None

    def candidates(self, gs, actor, space):
        if gs.board.ceilings and traits.walks_on_walls(gs, actor) is not None:      # TRT-SPIDER: under a roof
            yield from roof_candidates(gs, actor)
            if gs.hanging(actor):
                return
        climbing = gs.world.try_get(actor, Climbing)
        ids = [climbing.piece] if climbing is not None else [pc.id for pc in climbable_in_contact(gs, actor)]
        for pid in ids:
            yield Candidate(self.key, lambda pid=pid: {"piece": pid}, label=f"climb {pid}")
        for b in self.offered_boosts(gs, actor):                 # TRT-FIRE-IN-THE-VEINS: where it reaches the top
            for pid in ids:
                h0 = climbing.height if climbing is not None else 0.0
                if h0 + gs.mov(actor) < gs.board.piece(pid).height - 1e-9 <= h0 + gs.mov(actor) + b.k:
                    yield Candidate(self.key, lambda pid=pid, b=b: {"piece": pid, "boost": b.rule},
                                    label=f"climb {pid} ({b.label})")
        if climbing is not None and traits.walks_on_walls(gs, actor) is not None:    # TRT-SPIDER: along the face
            p = gs.pos(actor)
            piece = gs.board.piece(climbing.piece)
            if not piece.polygon.buffer(gs.body(actor).radius - 1e-6).contains(Point(p.x, p.y)):
                for spot in walls.face_spots(piece, p.x, p.y, gs.body(actor).radius, WALL_GAP, gs.mov(actor) / 2.0):
                    yield Candidate(self.key, lambda spot=spot: {"piece": climbing.piece, "to": list(spot),
                                                                 "height": climbing.height},
                                    label=f"along {climbing.piece} to ({spot[0]:g}, {spot[1]:g})")

    def available(self, gs, actor):
        can_move(gs, actor)
        _no_grid(gs, self.rule)
        if gs.pos(actor).level != 1:
            raise RuleViolation(self.rule, f"{gs.name(actor)} is at level {gs.pos(actor).level}: it climbs from "
                                "the ground")
        climbing = gs.world.try_get(actor, Climbing)
        if gs.board.ceilings and (gs.hanging(actor) or (climbing is None and roofs_over(gs, actor))) \
                and traits.walks_on_walls(gs, actor) is not None:             # TRT-SPIDER: up to a roof
            return
        if climbing is not None:
            if climbing.height >= gs.board.piece(climbing.piece).height - 1e-9 and \
                    traits.walks_on_walls(gs, actor) is None:                 # TRT-SPIDER: it may go down the face
                raise RuleViolation(self.rule, f"{gs.name(actor)} is already on top of {climbing.piece}")
            return
        if not climbable_in_contact(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} is not in base contact with a climbable surface "
                                "taller than its chest")

    def validate(self, gs, actor, params):
        if gs.board.ceilings:                                                 # TRT-SPIDER: under a roof
            piece = _piece_param(gs, params, self.rule)
            if piece.ceiling > 0 or gs.hanging(actor):
                can_move(gs, actor)
                _no_grid(gs, self.rule)
                if gs.pos(actor).level != 1:
                    raise RuleViolation(self.rule, f"{gs.name(actor)} is at level {gs.pos(actor).level}: it climbs "
                                        "from the ground")
                return _under_roof(gs, actor, params, piece, self.boost_k(gs, actor, params))
        self.available(gs, actor)
        piece = _piece_param(gs, params, self.rule)
        climbing = gs.world.try_get(actor, Climbing)
        climbed = climbing.piece if climbing is not None else None
        if climbed is not None and piece.id != climbed:
            raise RuleViolation(self.rule, f"{gs.name(actor)} clings to {climbed}: it can only climb on up it")
        if climbed is None and piece not in climbable_in_contact(gs, actor):
            raise RuleViolation(self.rule, f"{piece.id} is not a climbable surface taller than the chest in base "
                                f"contact with {gs.name(actor)}")
        boost = self.boost_k(gs, actor, params)                           # TRT-FIRE-IN-THE-VEINS: offered?
        if "to" in params or "height" in params:
            return self._along_face(gs, actor, params, piece, climbing, boost)
        if climbing is not None and climbing.height >= piece.height - 1e-9:
            raise RuleViolation(self.rule, f"{gs.name(actor)} is already on top of {climbing.piece}")
        return piece

    def _along_face(self, gs, actor, params, piece, climbing, boost: float) -> "FaceMove":
        """TRT-SPIDER: a move along the face and up or down it (see the class docstring)."""
        if traits.walks_on_walls(gs, actor) is None:
            raise RuleViolation("TRT-SPIDER", f"{gs.name(actor)} does not walk on walls: it climbs straight up "
                                "(only a character that does, TRT-SPIDER, goes along a face)")
        p = gs.pos(actor)
        r = gs.body(actor).radius
        if piece.polygon.buffer(r - 1e-6).contains(Point(p.x, p.y)):
            raise RuleViolation("TRT-SPIDER", f"{gs.name(actor)} stands on the top of {piece.id}: it leaves it "
                                "with a move (down a face) first")
        h0 = climbing.height if climbing is not None else 0.0
        h1 = params.get("height", h0)
        if not isinstance(h1, (int, float)) or isinstance(h1, bool) or not 0.0 < h1 <= piece.height + 1e-9:
            raise RuleViolation("TRT-SPIDER", f"height must be a number of K above 0 and at most {piece.id}'s "
                                f"{piece.height:g} K")
        to = params.get("to", [p.x, p.y])
        if not isinstance(to, (list, tuple)) or len(to) != 2 or not all(
                isinstance(v, (int, float)) and not isinstance(v, bool) for v in to):
            raise RuleViolation("TRT-SPIDER", "to must be a point [x, y]")
        x, y = float(to[0]), float(to[1])
        if not gs.board.disc_inside(x, y, r):
            raise RuleViolation("MOV-3", "the base would leave the board")
        if not walls.along_face(piece, (p.x, p.y), (x, y), r, WALL_GAP):
            raise RuleViolation("TRT-SPIDER", f"the way from ({p.x:g}, {p.y:g}) to ({x:g}, {y:g}) leaves the face "
                                f"of {piece.id} (a straight line along it, its base touching it)")
        if (x, y) != (p.x, p.y) and overlaps_any(gs, actor, x, y, 1):
            raise RuleViolation("BAS-2", f"another base is at ({x:g}, {y:g})")
        length = math.hypot(x - p.x, y - p.y) + abs(float(h1) - h0)
        reach = gs.mov(actor) + boost
        if length > reach + 1e-9:
            raise RuleViolation("MOV-3", f"{length:.2f} K along and up or down the face: at most {reach:g} K")
        return FaceMove(piece, (x, y), float(h1), length)

    def cost(self, gs, actor, params, prepared):
        return 1 if traits.moves_as_mover(gs, actor, self.key) is not None else 3    # TRT-SPIDER: as Mover

    def resolve(self, gs, ctx, prepared):
        if isinstance(prepared, FaceMove):
            self._resolve_face(gs, ctx, prepared)
            return
        if isinstance(prepared, RoofMove):
            self._resolve_roof(gs, ctx, prepared)
            return
        e = ctx.actor
        piece = prepared
        climbing = gs.world.try_get(e, Climbing)
        h0 = climbing.height if climbing is not None and climbing.piece == piece.id else 0.0
        r = as_mover_check(gs, ctx, e, self.key, self.rule)               # TRT-SPIDER: no CH AGI
        if not r.passed:
            gs.world.emit("climb", self.rule, who=e, piece=piece.id, before=h0, after=h0, top=False)
            if r.fumble:                              # it falls from where it was (MVA-9 table) to the foot
                set_climbing(gs, e, None)
                if h0 > 0:
                    fall(gs, ctx, e, h0, self.rule)
            return
        reach = gs.mov(e) + (1.0 if r.critical else 0.0)                 # crit: 1 K more
        reach += self.boost_k(gs, e, ctx.params)                          # TRT-FIRE-IN-THE-VEINS: 3 K more
        h1 = min(float(piece.height), h0 + reach)
        top = h1 >= piece.height - 1e-9
        gs.world.emit("climb", self.rule, who=e, piece=piece.id, before=h0, after=h1, top=top)
        if top:
            reach_top(gs, e, piece, self.rule)
        else:
            set_climbing(gs, e, piece.id, h1)
        emit_noise(gs, e, movement_noise(h1 - h0), "ENV-7", action=self.key)
        self._pay_boost(gs, ctx)                                          # TRT-FIRE-IN-THE-VEINS

    def _spider_start(self, gs, ctx):
        """TRT-SPIDER: a spider's Escalar as Mover (no CH AGI, ``as_mover_check``) starts here: the climber, the
        height it climbs from (0 on the ground) and its position."""
        e = ctx.actor
        as_mover_check(gs, ctx, e, self.key, self.rule)
        climbing = gs.world.try_get(e, Climbing)
        return e, (climbing.height if climbing is not None else 0.0), gs.pos(e)

    def _resolve_face(self, gs, ctx, fm: "FaceMove") -> None:
        """TRT-SPIDER: no CH AGI (Escalar as Mover); it goes along the face (a move: reactions, noise) and ends at
        its height on it, or on the top."""
        e, h0, p = self._spider_start(gs, ctx)
        start = (p.x, p.y)
        flat = math.hypot(fm.to[0] - p.x, fm.to[1] - p.y)
        if flat > 0:
            apply_move(gs, ctx, MovePrep([start, fm.to], fm.length, 0, fm.length, end_contacts(gs, e, fm.to), None),
                       self.rule)
        else:
            emit_noise(gs, e, movement_noise(fm.length), "ENV-7", action=self.key)
        top = fm.height >= fm.piece.height - 1e-9
        gs.world.emit("climb", self.rule, who=e, piece=fm.piece.id, before=h0, after=fm.height, top=top,
                      to=list(fm.to))
        if top:
            reach_top(gs, e, fm.piece, self.rule)
        else:
            set_climbing(gs, e, fm.piece.id, fm.height)
        self._pay_boost(gs, ctx)                                          # TRT-FIRE-IN-THE-VEINS

    def _resolve_roof(self, gs, ctx, rm: "RoofMove") -> None:
        """TRT-SPIDER: no CH AGI (as Mover); up to the underside, along it (a move: reactions, noise) or down."""
        e, h0, p = self._spider_start(gs, ctx)
        start = (p.x, p.y)
        if (rm.to[0] - p.x, rm.to[1] - p.y) != (0.0, 0.0):
            contacts = [o for o in end_contacts(gs, e, rm.to) if abs(gs.elevation(o) - h0) < 1e-6]
            apply_move(gs, ctx, MovePrep([start, rm.to], rm.length, 0, rm.length, contacts, None), self.rule)
        else:
            emit_noise(gs, e, movement_noise(rm.length), "ENV-7", action=self.key)
        gs.world.emit("climb", "TRT-SPIDER", who=e, piece=rm.piece.id, before=h0, after=rm.height, top=False,
                      to=list(rm.to), ceiling=True)
        set_climbing(gs, e, rm.piece.id if rm.height > 0 else None, rm.height)
        self._pay_boost(gs, ctx)                                          # TRT-FIRE-IN-THE-VEINS


def roofs_over(gs: GameState, e: int, x: float | None = None, y: float | None = None) -> list:
    """TRT-SPIDER: the roofed pieces (``ceiling``) the mini's whole base is under (at (x, y) if given), board
    order."""
    p = gs.pos(e)
    x, y = (p.x, p.y) if x is None else (x, y)
    r = gs.body(e).radius
    return [pc for pc in gs.board.ceilings if pc.polygon.buffer(-r + 1e-6).covers(Point(x, y))]


def _under_roof(gs: GameState, actor: int, params: dict, piece, boost: float) -> "RoofMove":
    """TRT-SPIDER under a roof (see Climb): up to the underside, along it or down, checked; the RoofMove."""
    if traits.walks_on_walls(gs, actor) is None:
        raise RuleViolation("TRT-SPIDER", f"{gs.name(actor)} cannot walk on a ceiling (only a character that walks "
                            "on walls, TRT-SPIDER, hangs under a roof)")
    climbing = gs.world.try_get(actor, Climbing)
    if climbing is not None and climbing.piece != piece.id:
        raise RuleViolation("TRT-SPIDER", f"{gs.name(actor)} is on {climbing.piece}: it can only go on along it")
    if piece.ceiling <= 0:
        raise RuleViolation("TRT-SPIDER", f"{piece.id} has no roof")
    p = gs.pos(actor)
    r = gs.body(actor).radius
    if climbing is None and piece not in roofs_over(gs, actor):
        raise RuleViolation("TRT-SPIDER", f"{gs.name(actor)}'s base is not wholly under the roof of {piece.id}")
    h0 = climbing.height if climbing is not None else 0.0
    h1 = params.get("height", h0)
    if not isinstance(h1, (int, float)) or isinstance(h1, bool) or float(h1) not in (0.0, piece.ceiling):
        raise RuleViolation("TRT-SPIDER", f"height must be {piece.ceiling:g} (hanging under the roof of {piece.id}) "
                            "or 0 (on the ground under it)")
    if h0 == 0.0 and float(h1) == 0.0:
        raise RuleViolation("TRT-SPIDER", f"{gs.name(actor)} walks on the ground under {piece.id} with a move")
    to = params.get("to", [p.x, p.y])
    if not isinstance(to, (list, tuple)) or len(to) != 2 or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in to):
        raise RuleViolation("TRT-SPIDER", "to must be a point [x, y]")
    x, y = float(to[0]), float(to[1])
    if (x, y) != (p.x, p.y) and h0 == 0.0:
        raise RuleViolation("TRT-SPIDER", f"{gs.name(actor)} goes up to the underside where it is, then along it")
    line = LineString([(p.x, p.y), (x, y)]) if (x, y) != (p.x, p.y) else Point(x, y)
    if not piece.polygon.buffer(-r + 1e-6).covers(line):
        raise RuleViolation("TRT-SPIDER", f"the way from ({p.x:g}, {p.y:g}) to ({x:g}, {y:g}) leaves the roof of "
                            f"{piece.id} (its whole base stays under it, in a straight line)")
    if float(h1) == 0.0:                                    # BAS-2: the spot on the ground below must be free
        if overlaps_any(gs, actor, x, y, 1):
            raise RuleViolation("BAS-2", f"another base is at ({x:g}, {y:g}) on the ground")
    elif (x, y) != (p.x, p.y) or h0 == 0.0:                 # BAS-2 under the roof: another hanging base
        for o in gs.minis():
            q = gs.pos(o)
            if o != actor and gs.on_table(o) and gs.hanging(o) and gs.world.get(o, Climbing).piece == piece.id \
                    and math.hypot(q.x - x, q.y - y) < r + gs.body(o).radius - 1e-6:
                raise RuleViolation("BAS-2", f"another base hangs at ({x:g}, {y:g})")
    keep_engaged_contacts(gs, actor, [])                    # CBA-15: an engaged spider disengages first
    length = math.hypot(x - p.x, y - p.y) + abs(float(h1) - h0)
    reach = gs.mov(actor) + boost
    if length > reach + 1e-9:
        raise RuleViolation("MOV-3", f"{length:.2f} K up, along or down under the roof: at most {reach:g} K")
    return RoofMove(piece, (x, y), float(h1), length)


def roof_candidates(gs: GameState, e: int):
    """TRT-SPIDER: the engine's offers under a roof: up to the underside where it stands (within MOV K), and,
    hanging, down where it is and along the underside MOV/2 K east, north, west and south (those whose base
    stays under the roof)."""
    p = gs.pos(e)
    if gs.hanging(e):
        pid = gs.world.get(e, Climbing).piece
        h = gs.board.piece(pid).ceiling
        yield Candidate("climb", lambda: {"piece": pid, "height": 0.0}, label=f"down from under {pid}")
        step = gs.mov(e) / 2.0
        inside = gs.board.piece(pid).polygon.buffer(-gs.body(e).radius + 1e-6)
        for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
            spot = [round(p.x + dx * step, 4), round(p.y + dy * step, 4)]
            if not inside.covers(LineString([(p.x, p.y), tuple(spot)])):
                continue
            yield Candidate("climb", lambda spot=spot: {"piece": pid, "to": spot, "height": h},
                            label=f"under {pid} to ({spot[0]:g}, {spot[1]:g})")
        return
    if gs.world.has(e, Climbing):
        return
    for pc in roofs_over(gs, e):
        if pc.ceiling <= gs.mov(e) + 1e-9:
            yield Candidate("climb", lambda pc=pc: {"piece": pc.id, "height": pc.ceiling}, label=f"up under {pc.id}")


@dataclass(frozen=True)
class RoofMove:
    """TRT-SPIDER: a move under a roof: the roofed piece, the spot it ends at, its height (the roof's: hanging; 0:
    on the ground) and the K moved."""
    piece: Any
    to: tuple[float, float]
    height: float
    length: float


@dataclass(frozen=True)
class FaceMove:
    """TRT-SPIDER: a move along a face: the piece, the spot it ends at, the K up the face there and the K moved."""
    piece: Any
    to: tuple[float, float]
    height: float
    length: float


# --- MVA-13 -------------------------------------------------------------------------------------------------------
def jump_up_multiplier(agi: int) -> float:
    """MVA-13 (ruling 1): the height multiplier by AGI: ≤ 3 × 0.5, 4 × 1, 5 × 1.5, 6-7 × 2, ≥ 8 × 3."""
    if agi <= 3:
        return 0.5
    if agi == 4:
        return 1.0
    if agi == 5:
        return 1.5
    if agi <= 7:
        return 2.0
    return 3.0


def jump_helper(gs: GameState, e: int) -> int | None:
    """MVA-13 ruling (2): the first ally (id order) in base contact with the jumper, able, standing, at its level
    and not engaged: it adds 0.5 to the multiplier, spending nothing."""
    for a in gs.allies(e):
        if gs.pos(a).level == gs.pos(e).level and gs.in_contact(a, e) and not gs.engaged(a) \
                and gs.world.get(a, Posture).state == "standing" and not on_wall(gs, a):
            return a
    return None


def jump_up_reach(gs: GameState, e: int) -> tuple[float, int | None]:
    """MVA-13: the height (K) the mini reaches on a pass without a critical, and its helper (or None)."""
    helper = jump_helper(gs, e)
    mult = jump_up_multiplier(gs.attrs(e).AGI)
    if traits.jumps_own_height(gs, e):
        mult = max(mult, 1.0)                          # TRT-JUMPER: at least its own height
    mult += 0.5 if helper is not None else 0.0
    return gs.body(e).height * mult, helper


@register
class JumpUp(AnyMoveBoostable, Action):
    """MVA-13: Subir a un alto (3 ENE, CH AGI): a mini in base contact with a climbable piece taller than its chest
    jumps onto its top if it is at most its own height × 0.5 / 1 / 1.5 / 2 / 3 (AGI ≤ 3 / 4 / 5 / 6-7 / ≥ 8), × 0.5
    more with one helper (an ally in base contact, standing, not engaged); 1 K more on a critical, 3 K more with
    TRT-FIRE-IN-THE-VEINS's boost (offered where the top is out of the plain jump's reach). Fail or fumble: it stays
    at the foot, unharmed (a boosted jump costs no wound then). A top out of reach even with the critical is
    refused."""
    key = "jump_up"
    rule = "MVA-13"
    category = "movement"
    moves = True
    has_check = True
    params = (Param("piece", "choice", "MVA-13: the id of the piece to jump onto"), BOOST_PARAM)

    def candidates(self, gs, actor, space):
        for pc in climbable_in_contact(gs, actor):
            yield Candidate(self.key, lambda pid=pc.id: {"piece": pid}, label=f"jump onto {pc.id}")
        for b in self.offered_boosts(gs, actor):            # TRT-FIRE-IN-THE-VEINS: a top the plain pass misses
            reach = jump_up_reach(gs, actor)[0]
            for pc in climbable_in_contact(gs, actor):
                if reach < pc.height - 1e-9 <= reach + 1.0 + b.k:      # the plain jump needs a critical or more
                    yield Candidate(self.key, lambda pid=pc.id, b=b: {"piece": pid, "boost": b.rule},
                                    label=f"jump onto {pc.id} ({b.label})")

    def available(self, gs, actor):
        can_move(gs, actor)
        _no_grid(gs, self.rule)
        _ground_only(gs, actor, self.rule)
        if not climbable_in_contact(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} is not in base contact with a higher surface")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        piece = _piece_param(gs, params, self.rule)
        if piece not in climbable_in_contact(gs, actor):
            raise RuleViolation(self.rule, f"{piece.id} is not a higher surface in base contact with "
                                f"{gs.name(actor)}")
        reach, helper = jump_up_reach(gs, actor)
        reach += self.boost_k(gs, actor, params)                          # TRT-FIRE-IN-THE-VEINS: 3 K higher
        if piece.height > reach + 1.0 + 1e-9:
            raise RuleViolation(self.rule, f"{piece.id} is {piece.height:g} K high: {gs.name(actor)} jumps up to "
                                f"{reach:g} K ({reach + 1:g} K with a critical)")
        return {"piece": piece, "reach": reach, "helper": helper}

    def cost(self, gs, actor, params, prepared):
        return 3

    def resolve(self, gs, ctx, prepared):
        e = ctx.actor
        piece = prepared["piece"]
        r = roll_character_check(gs, ctx, e, "ATR", "AGI", self.rule, "jump up")
        reach = prepared["reach"] + (1.0 if r.critical else 0.0)          # crit: 1 K more height
        ok = r.passed and piece.height <= reach + 1e-9
        gs.world.emit("jump_up", self.rule, who=e, piece=piece.id, height=float(piece.height), reach=reach,
                      helper=prepared["helper"], success=ok)
        if not ok:
            return                                      # it stays at the foot; a failed jump does no damage
        reach_top(gs, e, piece, self.rule)
        emit_noise(gs, e, movement_noise(piece.height), "ENV-7", action=self.key)
        self._pay_boost(gs, ctx)                                          # TRT-FIRE-IN-THE-VEINS


# --- MVA-12 -------------------------------------------------------------------------------------------------------
def jump_start(gs: GameState, actor: int, rule: str, what: str) -> None:
    """MVA-12 (and TRT-SUPER-JUMP's leap): a jump starts on the ground or on a perch, not from a wall it clings to,
    not prone (MVA-5), not while engaged, not on the square grid."""
    can_move(gs, actor)
    _no_grid(gs, rule)
    if on_wall(gs, actor):
        raise RuleViolation(rule, f"{gs.name(actor)} is on a wall: it goes on with Climb (Escalar) or "
                            "gets down with Drop down (Dejarse caer)")
    if gs.pos(actor).level not in (1, 2) or (gs.pos(actor).level == 2 and not perched(gs, actor)):
        raise RuleViolation(rule, f"a {what} starts on the ground or on a perch")
    if gs.engaged(actor):
        raise RuleViolation(rule, f"{gs.name(actor)} is engaged: no {what}")


def long_jump_max(gs: GameState, e: int) -> float:
    """MVA-12: the longest jump (K) without a critical: MOV × 1 / 2 / 3 / 4 for AGI ≤ 3 / 4-5 / 6-7 / ≥ 8 (ruling 1:
    the attribute value, not the check's modifiers), plus the K its traits add (TRT-JUMPER: +2 K)."""
    agi = gs.attrs(e).AGI
    band = 1 if agi <= 3 else 2 if agi <= 5 else 3 if agi <= 7 else 4
    return float(gs.mov(e) * band) + traits.allowance_bonus(gs, e, "long_jump")


def _roof_under(gs: GameState, x: float, y: float, r: float):
    """MVA-12: the 3 K piece whose top holds a base of radius r centred at (x, y) (a level-2 landing), or None."""
    disc = Point(x, y).buffer(r, 32)
    for pc in gs.board.pieces:
        if abs(pc.height - LEVEL_2_HEIGHT) <= 1e-9 and pc.polygon.buffer(1e-6).covers(disc):
            return pc
    return None


@register
class LongJump(AnyMoveBoostable, Action):
    """MVA-12: Salto de longitud (3 ENE, CH AGI): a straight horizontal jump to `to`, at most MOV × 1 / 2 / 3 / 4 K
    for AGI ≤ 3 / 4-5 / 6-7 / ≥ 8 (1 K more on a critical, 3 K more with TRT-FIRE-IN-THE-VEINS's boost); not while
    engaged. From the ground it clears water and
    difficult or extreme ground (no surcharge) and obstacles up to the chest, never taller ones (MOV-9), and lands
    out of the water. From a perch (level 2) it lands on the top of another (or the same) 3 K piece. A fail (or a
    landing beyond the reach rolled) falls into the gap: from a perch it drops 3 K to the foot of the take-off
    piece along the jump line (MVA-9 table); from the ground, with nothing to fall into, it stays where it was."""
    key = "long_jump"
    rule = "MVA-12"
    category = "movement"
    moves = True
    has_check = True
    params = (Param("to", "point", "MVA-12: the landing point (base centre), in a straight line"), BOOST_PARAM)

    def candidates(self, gs, actor, space):
        """The 8 compass points (east first) at the longest jump and at half of it; then, for each boost offered
        (TRT-FIRE-IN-THE-VEINS), the 8 at the longest boosted jump."""
        p = gs.pos(actor)
        far = long_jump_max(gs, actor)
        plain = [(dist, {}, "") for dist in (far, far / 2.0)]
        boosted = [(far + b.k, {"boost": b.rule}, f" ({b.label})") for b in self.offered_boosts(gs, actor)]
        for dist, extra, tag in plain + boosted:
            for k in range(8):
                a = math.radians(45.0 * k)
                to = [round(p.x + dist * math.cos(a), 4), round(p.y + dist * math.sin(a), 4)]
                yield Candidate(self.key, lambda to=to, extra=extra: {**extra, "to": to},
                                label=f"jump {45 * k}° {dist:g} K{tag}")

    def available(self, gs, actor):
        jump_start(gs, actor, self.rule, "long jump")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        to = params.get("to")
        if not (isinstance(to, (list, tuple)) and len(to) == 2 and
                all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in to)):
            raise RuleViolation(self.rule, "to must be the landing point [x, y]")
        p = gs.pos(actor)
        x, y = float(to[0]), float(to[1])
        length = math.hypot(x - p.x, y - p.y)
        if length <= 1e-9:
            raise RuleViolation(self.rule, "the landing point is where the jump starts")
        far = long_jump_max(gs, actor) + self.boost_k(gs, actor, params)   # TRT-FIRE-IN-THE-VEINS: 3 K longer
        if length > far + 1.0 + 1e-9:
            raise RuleViolation(self.rule, f"the jump is {length:.2f} K: at most {far:g} K ({far + 1:g} K with a "
                                "critical)")
        r = gs.body(actor).radius
        others, ids = gs.others_for_move(actor)
        if gs.pos(actor).level == 1:
            clear = gs.body(actor).height if traits.jumps_own_height(gs, actor) else gs.chest_height(actor)
            chk = geo_move.check_path(gs.board.dry(), [(p.x, p.y), (x, y)], r, clear,   # TRT-JUMPER: its height
                                      far + 1.0, others)
            if not chk.ok:
                raise path_violation(gs, chk, ids, self.rule)
            if _touches_water(gs, [(x, y)], r):
                raise RuleViolation(self.rule, "the landing spot is in water (use Nadar)")
        else:
            if not gs.board.disc_inside(x, y, r):
                raise RuleViolation("MOV-3", "the landing base would leave the board")
            if _roof_under(gs, x, y, r) is None:
                raise RuleViolation(self.rule, "from a perch the jump must land on the top of a 3 K piece that "
                                    "holds the base")
            for o in others:
                if math.hypot(o.x - x, o.y - y) < r + o.r - 1e-6:
                    raise RuleViolation("BAS-2", "the landing base would overlap another base")
        return {"to": (x, y), "length": length, "max": far}

    def cost(self, gs, actor, params, prepared):
        return 3

    def least_cost_prepared(self, gs, actor) -> dict:
        """ENE-1 (`energy.least_price`, issue 20): the price reads no parameter (3 ENE, no target, no weapon) and the
        candidates carry no free turn: any stand-in prices every jump."""
        return {}

    def _gap_landing(self, gs: GameState, e: int, to) -> tuple[float, float] | None:
        """MVA-12 ruling (2): where a jumper falling off its perch lands: just past the take-off piece's edge along
        the jump line, the first free spot on the ground (0.25 K steps towards the landing point); None if none."""
        piece = perch_piece(gs, e)
        p = gs.pos(e)
        r = gs.body(e).radius
        length = math.hypot(to[0] - p.x, to[1] - p.y)
        dx, dy = (to[0] - p.x) / length, (to[1] - p.y) / length
        hit = LineString([(p.x, p.y), to]).intersection(piece.polygon.exterior) if piece is not None else None
        t0 = 0.0
        if hit is not None and not hit.is_empty:
            t0 = min(math.hypot(qx - p.x, qy - p.y) for qx, qy in shapely.get_coordinates(hit))
        t = t0 + r + FOOT_GAP / 2
        chest = gs.chest_height(e)
        while t <= length + r + 1e-9:
            x, y = p.x + t * dx, p.y + t * dy
            disc = Point(x, y).buffer(r, 32)
            free = gs.board.disc_inside(x, y, r) and not any(
                pc.polygon.intersects(disc) and geo_move.terrain_class(pc.kind, pc.height, chest) is None
                for pc in gs.board.pieces)
            if free:
                for o in gs.minis():
                    if o != e and gs.on_table(o) and gs.pos(o).level == 1 and \
                            math.hypot(gs.pos(o).x - x, gs.pos(o).y - y) < r + gs.body(o).radius - 1e-6:
                        free = False
                        break
            if free:
                return (round(x, 4), round(y, 4))
            t += 0.25
        return None

    def resolve(self, gs, ctx, prepared):
        e = ctx.actor
        r = roll_character_check(gs, ctx, e, "ATR", "AGI", self.rule, "long jump")
        reach = prepared["max"] + (1.0 if r.critical else 0.0)            # crit: 1 K more
        p0 = gs.pos(e)
        start, to = (p0.x, p0.y), prepared["to"]
        ok = r.passed and prepared["length"] <= reach + 1e-9
        gs.world.emit("long_jump", self.rule, who=e, to=list(to), length=prepared["length"], reach=reach, success=ok)
        if ok:
            apply_move(gs, ctx, MovePrep([start, to], prepared["length"], 0, reach, end_contacts(gs, e, to), None),
                       self.rule)
            self._pay_boost(gs, ctx)                                      # TRT-FIRE-IN-THE-VEINS
            return
        if p0.level != 2:
            return                                     # nothing to fall into: it stays at the take-off point
        spot = self._gap_landing(gs, e, to)
        if spot is None:
            return
        drop = gs.elevation(e) - gs.board.surface_height(*spot)
        gs.world.set(e, replace(p0, level=1))          # it falls into the gap, at the foot of the take-off piece
        length = math.hypot(spot[0] - start[0], spot[1] - start[1])
        apply_move(gs, ctx, MovePrep([start, spot], length, 0, length, end_contacts(gs, e, spot), None), self.rule)
        fall(gs, ctx, e, drop, self.rule)


# --- MVA-14 -------------------------------------------------------------------------------------------------------
@register
class Turn180(AnyMoveBoostable, Action):
    """MVA-14: 180° (4 ENE + terrain, CH AGI − D): a mini with MOV ≥ 4 moves up to MOV + 4 K (3 K more with
    TRT-FIRE-IN-THE-VEINS's boost) in a straight line,
    then rolls CH AGI − D, D = max(1, CON − AGI), −1 more over difficult terrain, −2 over extreme (the worst crossed,
    the move's surcharge). Pass: it turns to `turn_to` (default: back the way it came); critical: 1 K more along
    the line first (if that is legal); fail: no turn; fumble: no turn and DMG = the K moved (book rounding), an
    automatic hit with a normal CH DEF. Not at level 3 (MOV-13)."""
    key = "turn_180"
    rule = "MVA-14"
    category = "movement"
    moves = True
    has_check = True
    params = (Param("path", "path", "MVA-14: one point, the end of the straight line (at most MOV + 4 K)"),
              Param("turn_to", "facing", "MVA-14: the facing after the turn (default: the reverse of the line)",
                    optional=True), BOOST_PARAM)

    def candidates(self, gs, actor, space):
        if gs.mov(actor) < 4:
            return
        yield from space.paths(self.key, float(gs.mov(actor) + 4))
        for b in self.offered_boosts(gs, actor):                            # TRT-FIRE-IN-THE-VEINS
            for c in space.paths(self.key, gs.mov(actor) + 4 + b.k, extra={"boost": b.rule}):
                yield replace(c, label=f"{c.label} ({b.label})")

    def available(self, gs, actor):
        can_move(gs, actor)
        flight_restrictions(gs, actor, self)                  # MOV-13: no 180° at level 3
        if gs.mov(actor) < 4:
            raise RuleViolation(self.rule, f"{gs.name(actor)} has MOV {gs.mov(actor)}: 180° needs MOV 4 or more")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        pts = need_path(params, self.rule)
        if len(pts) != 1:
            raise RuleViolation(self.rule, "180° moves in a straight line: the path is one point")
        turn_to = params.get("turn_to")
        if turn_to is not None and (not isinstance(turn_to, (int, float)) or isinstance(turn_to, bool)):
            raise RuleViolation(self.rule, "turn_to must be a number of degrees")
        reach = gs.mov(actor) + 4 + self.boost_k(gs, actor, params)       # TRT-FIRE-IN-THE-VEINS: 3 K more
        prep = prepare_path(gs, actor, {"path": pts}, self.rule, float(reach))
        return {"prep": prep, "turn_to": None if turn_to is None else float(turn_to) % 360.0}

    def cost(self, gs, actor, params, prepared):
        return 4 + (prepared["prep"].surcharge if isinstance(prepared, dict) else prepared.surcharge)

    def resolve(self, gs, ctx, prepared):
        e = ctx.actor
        prep = prepared["prep"]
        start, end = prep.path[0], prep.path[-1]
        heading = math.degrees(math.atan2(end[1] - start[1], end[0] - start[0])) % 360.0 if prep.length > 0 \
            else gs.pos(e).facing
        apply_move(gs, ctx, replace(prep, end_facing=heading), self.rule)
        a = gs.attrs(e)
        mods = [Modifier(self.rule, -max(1, a.CON - a.AGI), "difficult: D = CON − AGI")]
        if prep.surcharge > 0:
            mods.append(Modifier(self.rule, -prep.surcharge, "difficult or extreme terrain"))
        r = roll_character_check(gs, ctx, e, "ATR", "AGI", self.rule, "180° turn", extra=mods)
        moved = prep.length
        if r.passed and r.critical and prep.length > 0:                  # crit: 1 K more in the same line
            ux, uy = (end[0] - start[0]) / prep.length, (end[1] - start[1]) / prep.length
            more = (round(end[0] + ux, 4), round(end[1] + uy, 4))
            try:
                extra = prepare_path(gs, e, {"path": [list(more)]}, self.rule, 1.0)
            except RuleViolation:
                extra = None
            if extra is not None:
                apply_move(gs, ctx, replace(extra, end_facing=heading), self.rule)
                moved += extra.length
        if r.passed:
            facing = prepared["turn_to"] if prepared["turn_to"] is not None else (heading + 180.0) % 360.0
            gs.world.set(e, replace(gs.pos(e), facing=facing))
            gs.world.emit("turned", self.rule, who=e, facing=facing)
        elif r.fumble:
            dmg = round_half_up(moved)
            if dmg > 0:
                resolve_hit(gs, ctx, None, e, dmg, melee=False, automatic=True, rule=self.rule)
        self._pay_boost(gs, ctx)                    # TRT-FIRE-IN-THE-VEINS: the line ran the boost's K (once turned)


# --- MVA-8 --------------------------------------------------------------------------------------------------------
def load_level(load: int, con: int) -> int | None:
    """MVA-8 (rulings 2, 3): the terrain class a load sets at least, carried alone by a character of CON `con`:
    ≤ CON/2 (book rounding: CON 5 → 3) difficult (1); ≤ CON extreme (2); more: None (not alone)."""
    if load <= round_half_up(con / 2):
        return geo_move.SURCHARGE_DIFFICULT
    if load <= con:
        return geo_move.SURCHARGE_EXTREME
    return None


def carryable(gs: GameState, carrier: int, body: int) -> bool:
    """MVA-8: what a character can carry: another miniature on the table at its level, an ally (ruling 3: a body
    or character weighs its own CON) or an enemy that cannot resist (incapacitated or unconscious)."""
    return (body != carrier and gs.on_table(body) and gs.pos(body).level == gs.pos(carrier).level
            and not on_wall(gs, body) and (gs.side(body) == gs.side(carrier) or not gs.able(body)))


def carry_helpers(gs: GameState, carrier: int, body: int) -> list[int]:
    """MVA-8 ruling (4): the allies that may help: able, at the carrier's level, on the ground, not prone, not
    engaged, in base contact with the carried body, in id order."""
    return [a for a in gs.allies(carrier) if a != body and gs.pos(a).level == gs.pos(carrier).level
            and not on_wall(gs, a) and not gs.engaged(a) and gs.in_contact(a, body)
            and gs.world.get(a, Posture).state != "prone"]             # a helper can move (MVA-5)


@dataclass
class CarryPrep:
    path: list[tuple[float, float]]
    length: float
    surcharge: int                 # MVA-8: max(terrain surcharge, load level): X = 1 + surcharge
    body: int
    helpers: tuple[int, ...]
    offsets: dict                  # member → (dx, dy) from the carrier's centre
    end_facing: float | None


@register
class MoveCarrying(AnyMoveBoostable, Action):
    """MVA-8: Mover cargado con un objeto (X = 1 + the worse of the real terrain's surcharge and the load's level):
    a character moves up to MOV K carrying `target` — an ally or a helpless enemy (incapacitated or unconscious) in
    base contact, whose load is its CON — picking it up at the start and setting it down at the end of the action
    (so ruling 5, moving only with this action while carrying, never spans two actions). Alone: a load ≤ CON/2
    counts at least difficult, ≤ CON at least extreme, more is refused. With `helpers` (allies in base contact with
    the load, not engaged) whose CON added to the carrier's covers the load, it counts at least difficult; all move
    together along the same path (each member's path is the carrier's, shifted), no longer than the lowest MOV
    among the carriers (the carrier's 3 K more with TRT-FIRE-IN-THE-VEINS's boost), and each helper pays X too,
    outside its activation, down to ENE −10 (no CH VOL)."""
    key = "move_carrying"
    rule = "MVA-8"
    category = "movement"
    moves = True
    params = (Param("target", "character", "MVA-8: the ally or helpless enemy carried (in base contact)"),
              Param("path", "path", "MVA-8: waypoints [[x, y], ...] up to MOV K (the lowest MOV of the carriers)"),
              Param("helpers", "choice", "MVA-8 ruling (4): a list of allies carrying with it", optional=True),
              Param("end_facing", "facing", "MOV-5: the facing at the end of the move", optional=True), BOOST_PARAM)

    def _allowance(self, gs, actor, helpers, boost: float) -> float:
        """MVA-8: the lowest MOV among the carriers, the carrier's with its boost's K (TRT-FIRE-IN-THE-VEINS)."""
        return float(min([gs.mov(actor) + boost] + [gs.mov(m) for m in helpers]))

    def candidates(self, gs, actor, space):
        boosts = self.offered_boosts(gs, actor)                              # TRT-FIRE-IN-THE-VEINS
        for b in gs.minis():
            if not carryable(gs, actor, b) or not gs.in_contact(actor, b):
                continue
            load = gs.attrs(b).CON
            extra: dict[str, Any] = {"target": b}
            helpers = []
            if load_level(load, traits.strength(gs, actor)) is None:
                helpers = carry_helpers(gs, actor, b)
                extra["helpers"] = helpers
            yield from space.paths(self.key, self._allowance(gs, actor, helpers, 0.0), extra=extra)
            for bo in boosts:
                for c in space.paths(self.key, self._allowance(gs, actor, helpers, bo.k),
                                     extra={**extra, "boost": bo.rule}):
                    yield replace(c, label=f"{c.label} ({bo.label})")

    def available(self, gs, actor):
        can_move(gs, actor)
        _no_grid(gs, self.rule)
        _ground_only(gs, actor, self.rule)
        if gs.engaged(actor):
            raise RuleViolation("CBA-15", f"{gs.name(actor)} is engaged: it cannot carry a load away")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        body = params.get("target")
        if not isinstance(body, int) or isinstance(body, bool) or body not in gs.minis():
            raise RuleViolation(self.rule, "target (the miniature carried) is required")
        if not carryable(gs, actor, body):
            raise RuleViolation(self.rule, f"{gs.name(actor)} cannot carry {gs.name(body)} (an ally, or an enemy "
                                "that is incapacitated or unconscious, at its level)")
        if not gs.in_contact(actor, body):
            raise RuleViolation(self.rule, f"{gs.name(body)} is not in base contact with {gs.name(actor)}")
        raw = params.get("helpers") or []
        if not isinstance(raw, (list, tuple)) or not all(isinstance(h, int) and not isinstance(h, bool) for h in raw):
            raise RuleViolation(self.rule, "helpers must be a list of allies' ids")
        helpers = tuple(dict.fromkeys(raw))
        allowed = carry_helpers(gs, actor, body)
        for h in helpers:
            if h not in allowed:
                raise RuleViolation(self.rule, f"{h} cannot help: a helper is an able ally in base contact with "
                                    "the load, at the carrier's level and not engaged")
        load = gs.attrs(body).CON
        if helpers:
            total = traits.strength(gs, actor) + sum(traits.strength(gs, h) for h in helpers)
            if load > total:
                raise RuleViolation(self.rule, f"{gs.name(body)} weighs {load} (CON): the carriers' CON add up to "
                                    f"{total} only")
            level = geo_move.SURCHARGE_DIFFICULT
        else:
            level = load_level(load, traits.strength(gs, actor))
            if level is None:
                raise RuleViolation(self.rule, f"{gs.name(body)} weighs {load} (CON), more than "
                                    f"{gs.name(actor)}'s CON {traits.strength(gs, actor)}: it needs helpers")
        members = (actor,) + helpers
        allowance = self._allowance(gs, actor, helpers, self.boost_k(gs, actor, params))
        pts = need_path(params, self.rule)
        p = gs.pos(actor)
        path = [(p.x, p.y)] + pts
        group = set(members) | {body}
        mine = gs.side(actor)
        ids = [o for o in gs.minis() if o not in group and gs.on_table(o) and gs.pos(o).level == p.level]
        others = [geo_move.Other(gs.pos(o).x, gs.pos(o).y, gs.body(o).radius, gs.side(o) != mine and gs.able(o))
                  for o in ids]
        chest = gs.chest_height(actor)
        surcharge = 0
        offsets = {}
        for m in members + (body,):
            q = gs.pos(m)
            dx, dy = q.x - p.x, q.y - p.y
            offsets[m] = (dx, dy)
            crouched = m != body and gs.world.get(m, Posture).state == "crouched"
            chk = geo_move.check_path(gs.board, [(x + dx, y + dy) for x, y in path], gs.body(m).radius,
                                      gs.chest_height(m) if m != body else chest, allowance, others,
                                      crouched=crouched)
            if not chk.ok:
                who = "" if m == actor else f" ({gs.name(m)}'s part of the move)"
                exc = path_violation(gs, chk, ids, self.rule)
                raise RuleViolation(exc.rule_id, exc.message + who)
            if m != body:
                surcharge = max(surcharge, chk.surcharge)
        for m in helpers:
            x = traits.terrain_surcharge(gs, m, max(surcharge, level)) + 1     # TRT-LIMPING: a helper's own class
            if gs.energy(m) - x < -10:
                raise RuleViolation(self.rule, f"{gs.name(m)} cannot pay ENE {x}: a helper goes down to ENE −10 "
                                    "at most")
        facing = end_facing(params)
        length = geo_move.path_length(path)
        return CarryPrep(path, length, max(surcharge, level), body, helpers, offsets, facing)

    def cost(self, gs, actor, params, prepared):
        # MVA-8 ruling (2): X = 1 + max(terrain, load level), then the traits' class (hook terrain_class)
        return 1 + traits.terrain_surcharge(gs, actor, prepared.surcharge)

    def resolve(self, gs, ctx, prepared):
        e = ctx.actor
        for h in prepared.helpers:                      # ruling (4): each helper pays X from its own ENE
            x = 1 + traits.terrain_surcharge(gs, h, prepared.surcharge)
            gs.set_energy(h, max(-10, gs.energy(h) - x), self.rule, "helps carry")
        for m in (prepared.body,) + prepared.helpers:
            dx, dy = prepared.offsets[m]
            end = prepared.path[-1]
            q = gs.pos(m)
            gs.world.set(m, replace(q, x=end[0] + dx, y=end[1] + dy))
        gs.world.emit("carried", self.rule, who=e, load=prepared.body, helpers=list(prepared.helpers),
                      length=prepared.length)
        apply_move(gs, ctx, MovePrep(prepared.path, prepared.length, prepared.surcharge, prepared.length,
                                     end_contacts(gs, e, prepared.path[-1]), prepared.end_facing), self.rule)
        self._pay_boost(gs, ctx)                                          # TRT-FIRE-IN-THE-VEINS
