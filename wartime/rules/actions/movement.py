"""Movement actions: Mover, Correr, Esprintar, Agacharse, Cuerpo a tierra, Levantarse, Pivotar
(MVA-1..6, MVA-19) and the shared path legality (MOV-3, MOV-4, MOV-7..9, MOV-14, BAS-2, CMB-16), at every
altitude level (MOV-10, MOV-13) and on the square grid (MOV-15, MOV-16); moves are heard (ENV-7)."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from shapely.geometry import Point

from wartime.core.components import Climbing, Position, Posture, SilentArrival
from wartime.core.errors import RuleViolation
from wartime.geometry import movement as geo_move
from wartime.geometry.grid import squares_per_side
from wartime.geometry.measure import ENGAGED_GAP
from wartime.geometry.walls import GRAZE, wall_climb
from wartime.rules import driving, riding, traits
from wartime.rules.actions.base import Action, need_path, register
from wartime.rules.actions.flight import flight_levels, flight_restrictions, perched
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.areas import after_move
from wartime.rules.checks import Modifier
from wartime.rules.context import ActionContext
from wartime.rules.noise import movement_noise, who_hears
from wartime.rules.placed import first_trip, set_off
from wartime.rules.squares import anchor_of, check_grid_path, grid_contacts
from wartime.rules.state import GameState
from wartime.rules.wounds import apply_wounds


@dataclass
class MovePrep:
    path: list[tuple[float, float]]   # including the start point
    length: float
    surcharge: int
    allowance: float
    contacts: list[int]               # entity ids in base contact at the end
    end_facing: float | None


def end_contacts(gs: GameState, actor: int, end: tuple[float, float]) -> list[int]:
    if gs.board.grid:
        n = squares_per_side(2.0 * gs.body(actor).radius)
        return grid_contacts(gs, actor, anchor_of(end[0], end[1], n), n)
    r = gs.body(actor).radius
    ex, ey = end[0], end[1]
    return [o for o, x, y, orad in _contact_pool(gs, actor)
            if math.hypot(x - ex, y - ey) - r - orad <= ENGAGED_GAP + 1e-9]


def _contact_pool(gs: GameState, actor: int) -> tuple[tuple[int, float, float, float], ...]:
    """CMB-11 (`end_contacts`): (id, x, y, radius) of every other mini on the table at the actor's level, in id
    order; memoised per world version (issue 20: every candidate path of a move asks it; positions only)."""
    memo = gs._memo_table()
    key = ("contact_pool", actor)
    got = memo.get(key)
    if got is None:
        lvl = gs.pos(actor).level
        got = memo[key] = tuple((o, gs.pos(o).x, gs.pos(o).y, gs.body(o).radius) for o in gs.minis()
                                if o != actor and gs.on_table(o) and gs.pos(o).level == lvl)
    return got


def can_move(gs: GameState, actor: int) -> None:
    """`can_move` requirement: not prone (MVA-5 ruling: stand up or crouch first)."""
    if gs.world.get(actor, Posture).state == "prone":
        raise RuleViolation("MVA-5", f"{gs.name(actor)} is prone: use Stand up (Levantarse) or Crouch (Agacharse) before moving")


def keep_engaged_contacts(gs: GameState, actor: int, contacts) -> None:
    """MVA-1 ruling: an engaged model moves only while staying in contact with its enemies (leaving needs CBA-15)."""
    for enemy in gs.engaged_enemies(actor):
        if enemy not in contacts:
            raise RuleViolation("CBA-15", f"{gs.name(actor)} is engaged with {gs.name(enemy)}: "
                                "leaving base contact needs Destrabarse")


def end_facing(params: dict[str, Any]) -> float | None:
    """MOV-5: the optional facing at the end of a move (degrees, normalised), None when not given."""
    facing = params.get("end_facing")
    if facing is not None and not isinstance(facing, (int, float)):
        raise RuleViolation("MOV-5", "end_facing must be a number of degrees")
    return None if facing is None else float(facing) % 360.0


def prepare_path(gs: GameState, actor: int, params: dict[str, Any], rule: str, allowance: float, *,
                 extra_allowance: float = 0.0, keep_engaged: bool = True,
                 exempt_enemies: tuple[int, ...] = ()) -> MovePrep:
    """Validate a declared path (MOV-3 allowance and board edge, BAS-2 overlap, CMB-16 passing through a
    melee, MOV-14 the 1 K rule, MOV-8/MOV-9 obstacles) and price its terrain (MOV-7). At level 2 only pieces
    as tall as the flight elevation count (MOV-10); levels 3, 4 and −1 meet no terrain, and at level 3 every
    move uses its whole allowance (MOV-13). A character perched on a piece (level 2, no flying trait) cannot
    move off it; nor can a character under the water at level −1 without a trait to move there (TRT-FISH's dive:
    it moves with Nadar). On the grid (MOV-15, MOV-16) the path is a list of square centres (rules.squares)."""
    if gs.pos(actor).level == -1 and -1 not in flight_levels(gs, actor):
        raise RuleViolation("TRT-FISH", f"{gs.name(actor)} is under the water: it moves with Swim (Nadar), and "
                            "comes up with a swim")
    if perched(gs, actor):
        raise RuleViolation("MVA-9", f"{gs.name(actor)} stands on a piece top (level 2): it gets down with "
                            "Drop down (Dejarse caer)")
    if gs.hanging(actor):                                 # TRT-SPIDER: under a roof it goes on with Escalar
        raise RuleViolation("TRT-SPIDER", f"{gs.name(actor)} hangs under a roof: it goes along it and comes down "
                            "with Climb (Escalar)")
    climbing = gs.world.try_get(actor, Climbing)          # MVA-10: clinging to a wall or standing on its top
    if climbing is not None and traits.walks_on_walls(gs, actor) is None:        # TRT-SPIDER walks down it
        raise RuleViolation("MVA-10", f"{gs.name(actor)} is on a wall ({climbing.piece}): it goes on with Climb "
                            "(Escalar) or gets down with Drop down (Dejarse caer)")
    pts = need_path(params, rule)
    p0 = gs.pos(actor)
    traits.check_move_end(gs, actor, pts[-1])             # hook aura_move_end (TRT-STINKY)
    if gs.board.grid:
        return _prepare_grid_path(gs, actor, params, pts, allowance + extra_allowance, allowance, keep_engaged,
                                  exempt_enemies)
    path = [(p0.x, p0.y)] + pts
    riding.check_straight(gs, actor, path, end_facing(params))          # MOV-6: a transport drives straight
    contacts = end_contacts(gs, actor, path[-1])
    others, ids = gs.others_for_move(actor)
    ignore: set[int] = set()
    for c in contacts:                       # CMB-16: a free spot in a multiple melee may be reached over bases
        if gs.engaged(c):
            for m in gs.melee_group(c):
                if m in ids:
                    ignore.add(ids.index(m))
    if exempt_enemies:
        others = [geo_move.Other(o.x, o.y, o.r, o.enemy and ids[i] not in exempt_enemies) for i, o in enumerate(others)]
    crouched = gs.world.get(actor, Posture).state == "crouched"
    elevation = gs.elevation(actor) if p0.level == 2 else (0.0 if p0.level == 1 else math.inf)
    board = traits.move_board(gs, actor)               # hooks float_height, water_as_land (TRT-LEVITATOR, ...)
    chk = geo_move.check_path(board, path, gs.body(actor).radius, gs.chest_height(actor),
                              allowance + extra_allowance, others, crouched=crouched,
                              ignore_overlap=frozenset(ignore), elevation=elevation)
    if not chk.ok:
        raise path_violation(gs, chk, ids, rule)
    length = chk.length
    if p0.level == 1 and traits.walks_on_walls(gs, actor) is not None:           # TRT-SPIDER: over the walls
        length += _over_walls(gs, actor, path, allowance + extra_allowance, chk.length)
    if p0.level == 3 and chk.length < allowance - 1e-6:
        r = gs.body(actor).radius
        end = path[-1]
        at_edge = not gs.board.disc_inside(end[0], end[1], r + 1e-6)
        if not at_edge:
            raise RuleViolation("MOV-13", f"at level 3 a mini always moves its full allowance ({allowance:g} K), "
                                "unless the board edge stops it")
    if keep_engaged:
        keep_engaged_contacts(gs, actor, contacts)
    surcharge = traits.terrain_surcharge(gs, actor, chk.surcharge)        # hook terrain_class (TRT-LIMPING)
    return MovePrep(path, length, surcharge, allowance, contacts, end_facing(params))


def _over_walls(gs: GameState, actor: int, path, allowance: float, flat: float) -> float:
    """TRT-SPIDER: the K a path over walls climbs up and down their faces (geometry.walls.wall_climb), which count
    against the allowance (MOV-3, measured along the surfaces as easy terrain); from a face (Escalar's `Climbing`)
    the K it is up count as its way down. The move ends on the ground (to stay on a face or a top, Escalar)."""
    r = gs.body(actor).radius
    climb = wall_climb(gs.board, path, r, gs.chest_height(actor))
    down = 0.0
    clinging = gs.world.try_get(actor, Climbing)          # on a face (or a thin wall's top): it walks down first
    if clinging is not None and not gs.board.piece(clinging.piece).polygon.buffer(r - GRAZE).contains(
            Point(path[0])):
        down = clinging.height
    if climb.ends_on is not None:
        raise RuleViolation("TRT-SPIDER", f"{gs.name(actor)}'s move would end on {climb.ends_on}: a move over walls "
                            "ends on the ground (Climb, Escalar, stays on a face or a top)")
    if flat + climb.k + down > allowance + 1e-9:
        raise RuleViolation("MOV-3", f"the path is {flat:.2f} K long plus {climb.k + down:g} K up and down the "
                            f"faces of {', '.join(climb.pieces) or clinging.piece}: at most {allowance:g} K")
    return climb.k + down


def least_surcharge(gs: GameState, actor: int) -> int:
    """MOV-7, MOV-8, MVA-4 (issue 20): a lower bound of the surcharge `check_path` gives any path `prepare_path`
    accepts for `actor` now, before the traits change it: the terrain its base stands on, crouching, with
    `prepare_path`'s board (hook move_board) and elevation (MOV-10); 0 on the grid (MOV-15) and off the ground
    levels (no terrain)."""
    if gs.board.grid:
        return 0
    p0 = gs.pos(actor)
    crouched = gs.world.get(actor, Posture).state == "crouched"
    elevation = gs.elevation(actor) if p0.level == 2 else (0.0 if p0.level == 1 else math.inf)
    if elevation == math.inf:
        return geo_move.SURCHARGE_DIFFICULT if crouched else geo_move.SURCHARGE_EASY
    return geo_move.least_surcharge(traits.move_board(gs, actor), (p0.x, p0.y), gs.body(actor).radius,
                                    gs.chest_height(actor), crouched=crouched, elevation=elevation)


def path_violation(gs: GameState, chk, ids, rule: str) -> RuleViolation:
    """The RuleViolation of a failed path check (geometry.movement.check_path), with the base it runs into named
    (BAS-2, MOV-14: the geometry says "#<index in others>"; `ids` are the characters of those bases)."""
    msg = chk.message
    i = chk.blocker
    if i is not None and 0 <= i < len(ids):
        name = riding.base_name(gs, ids[i])
        msg = msg.replace(f"base #{i}", f"{name}'s base").replace(f"enemy #{i}", name)
    return RuleViolation(chk.rule_id or rule, msg)


def _prepare_grid_path(gs: GameState, actor: int, params: dict[str, Any], pts, max_length: float,
                       allowance: float, keep_engaged: bool, exempt_enemies) -> MovePrep:
    """MOV-15 / MOV-16: a move on the square grid (see rules.squares.check_grid_path)."""
    crouched = gs.world.get(actor, Posture).state == "crouched"
    path, steps, surcharge, contacts = check_grid_path(gs, actor, pts, max_length, crouched=crouched,
                                                       exempt_enemies=exempt_enemies)
    if keep_engaged:
        keep_engaged_contacts(gs, actor, contacts)
    surcharge = traits.terrain_surcharge(gs, actor, surcharge)            # hook terrain_class (TRT-LIMPING)
    return MovePrep(path, float(steps), surcharge, allowance, contacts, end_facing(params))


def apply_move(gs: GameState, ctx: ActionContext, prep: MovePrep, rule: str, *, silent: bool = False) -> None:
    """Move the base along the path; the character faces along its last segment unless an end facing was
    given (MOV-5). MOD-8: a movement of more than 5 K marks it fast until its next activation. ENV-7: the
    `moved` event records the move's noise (2 × K travelled) and `heard_by`, who hears it where it ends; a
    `silent` move (MVA-7) makes none and marks the mover with `SilentArrival` (CBA-11, GNA-9) until it moves
    again or its activation ends."""
    e = ctx.actor
    p0 = gs.pos(e)
    trip = first_trip(gs, e, prep.path, prep.length)       # TRT-ACTIVATION-AREA: a placed charge in the way
    if trip is not None:
        prep = _cut_at(gs, e, prep, trip.along)
    end = prep.path[-1]
    facing = prep.end_facing
    if facing is None:
        a, b = prep.path[-2], prep.path[-1]
        facing = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0 if (a != b) else p0.facing
    elif riding.rides(gs, e):
        facing = driving.end_turn(gs, ctx, e, p0.facing, facing)        # hook extra_turn (TRT-FIGHTER)
    gs.world.set(e, replace(p0, x=end[0], y=end[1], facing=facing))
    if gs.world.has(e, Climbing):                      # TRT-SPIDER: it walked down the face to the ground
        gs.world.remove(e, Climbing)
    gs.set_effects(e, fast_move=prep.length > 5.0 + 1e-9)
    if silent or traits.covert_arrival(gs, e):           # MVA-7 silently, or mimetic (CBA-11, GNA-9)
        gs.world.set(e, SilentArrival())
    elif gs.world.has(e, SilentArrival):
        gs.world.remove(e, SilentArrival)
    noise = 0.0 if silent else movement_noise(prep.length)   # ENV-7: 2 × K travelled, heard from where it ends
    gs.world.emit("moved", rule, who=e, path=[list(p) for p in prep.path], length=prep.length,
                  surcharge=prep.surcharge, facing=facing,
                  engaged=[c for c in prep.contacts if c in gs.enemies(e)],
                  noise=noise, heard_by=who_hears(gs, e, noise) if noise > 0 else [])
    riding.after_move(gs, e, prep.length)              # MVA-17 en marcha, MVA-18 K moved, BLD-19 c, passengers
    after_move(gs, ctx, e, (p0.x, p0.y))                                          # TRT-PERSISTENT-AREA
    if trip is not None:
        set_off(gs, ctx, trip.charge, e, trip.trigger.rule, at_intruder=trip.trigger.at_intruder)


def _cut_at(gs: GameState, e: int, prep: MovePrep, along: float) -> MovePrep:
    """TRT-ACTIVATION-AREA (our ruling): the move stops where it first comes within a placed charge's reach, `along`
    K from its start (the ENE paid for the whole move stays spent), unless its base would overlap another there (it
    then goes on to its end). On the grid (MOV-15) it stops on the first square centre of the path at or past
    that point."""
    pts = prep.path
    s = 0.0
    cut = [pts[0]]
    for a, b in zip(pts, pts[1:]):
        seg = math.hypot(b[0] - a[0], b[1] - a[1])
        if s + seg >= along - 1e-9 and seg > 0:
            if gs.board.grid:
                cut.append(b)
                s += seg
            else:
                t = min(1.0, max(0.0, (along - s) / seg))
                cut.append((round(a[0] + (b[0] - a[0]) * t, 4), round(a[1] + (b[1] - a[1]) * t, 4)))
                s = along
            break
        cut.append(b)
        s += seg
    end = cut[-1]
    r = gs.body(e).radius
    if len(cut) == len(pts) and end == pts[-1] or any(math.hypot(x - end[0], y - end[1]) < r + orad - 1e-6
                                                     for _, x, y, orad in _contact_pool(gs, e)):
        return prep
    if len(cut) >= 2 and cut[-1] == cut[-2]:
        cut.pop()
    if len(cut) < 2:
        cut.append(cut[0])
    gs.world.emit("move_cut", "TRT-ACTIVATION-AREA", who=e, at=list(end), length=round(s, 4))
    return MovePrep(cut, s, prep.surcharge, prep.allowance, end_contacts(gs, e, end), None)


class Boostable:
    """The optional boosts traits offer a movement action (hook move_boost, keyed by the action's ``key``): the
    ``boost`` parameter's choices, the reach it adds, its end condition and its wounds (TRT-FIRE-IN-THE-VEINS,
    TRT-CRY-OF-BLOOD). Mixed into the moves with an allowance and into Cargar (CBA-12)."""
    key: str

    def offered_boosts(self, gs, actor) -> list:
        """The boosts the ``boost`` parameter may take (hook move_boost)."""
        return traits.move_boosts(gs, actor, self.key)

    def offered_choices(self, gs, actor):
        boosts = self.offered_boosts(gs, actor)
        return {"boost": (None,) + tuple(b.rule for b in boosts)} if boosts else {}

    def boosted_reach(self, gs, actor, params, reach: float) -> float:
        """`reach` plus the K of the boost the parameters take (RuleViolation if no trait offers it)."""
        if params.get("boost") is None:
            return reach
        return reach + self._boost(gs, actor, params).k

    def _boost(self, gs, actor, params):
        got = [b for b in self.offered_boosts(gs, actor) if b.rule == params.get("boost")]
        if not got:
            raise RuleViolation("MOV-3", f"{gs.name(actor)} has no boost {params.get('boost')!r} for this move")
        return got[0]

    def _check_boost_end(self, gs, actor, params, prep) -> None:
        """A boost that must engage (TRT-THIRST-FOR-BLOOD): the move ends in base contact with an enemy."""
        if params.get("boost") is None:
            return
        b = self._boost(gs, actor, params)
        if b.must_engage and not [c for c in prep.contacts if c in gs.enemies(actor)]:
            raise RuleViolation(b.rule, f"{b.label}: only for a move that ends engaged with an enemy")

    def _pay_boost(self, gs, ctx) -> None:
        """The wounds of the boost taken (no CH DEF, no CH PSI, G7), once the move is made; a boost offered until
        the next move lapses (its mark leaves Effects.spent)."""
        for b in traits.move_boosts(gs, ctx.actor, self.key):
            if b.rule == ctx.params.get("boost") and b.wounds:
                apply_wounds(gs, ctx.actor, b.wounds, source=None, rule=b.rule)
            if b.until_next_move is not None:
                spent = gs.effects(ctx.actor).spent
                gs.set_effects(ctx.actor, spent=tuple(m for m in spent if m != b.until_next_move))


#: the ``boost`` parameter of a movement action (TRT-FIRE-IN-THE-VEINS)
BOOST_PARAM = Param("boost", "choice", "a trait's optional extra K for this move, at a cost in wounds (the trait ID: "
                    "TRT-FIRE-IN-THE-VEINS, +3 K and 1 wound)", optional=True)


class AnyMoveBoostable(Boostable):
    """The boosts offered on every movement action (``MoveBoost.any_move``, TRT-FIRE-IN-THE-VEINS), mixed into the
    terrain moves and jumps (Nadar, Escalar, Subir a un alto, Salto de longitud, Mover cargado, 180°): ``boost_k``
    is the K the parameters' boost adds to the action's own limit; the wounds are paid once the boost's K is used
    (the action moved the character: a failed check that moves it nothing costs none). The engage-again boosts
    (TRT-THIRST-FOR-BLOOD) are for the moves with an allowance only, and their marks are left alone."""

    def offered_boosts(self, gs, actor) -> list:
        return [b for b in traits.move_boosts(gs, actor, self.key) if b.any_move]

    def boost_k(self, gs, actor, params) -> float:
        """The K the boost the parameters take adds (0 without one; RuleViolation if no trait offers it)."""
        return self.boosted_reach(gs, actor, params, 0.0)

    def _pay_boost(self, gs, ctx) -> None:
        """TRT-FIRE-IN-THE-VEINS: the taken boost's wounds (no CH DEF, no CH PSI, G7)."""
        if ctx.params.get("boost") is None:
            return
        b = self._boost(gs, ctx.actor, ctx.params)
        if b.wounds:
            apply_wounds(gs, ctx.actor, b.wounds, source=None, rule=b.rule)


class _MoveBase(Boostable, Action):
    category = "movement"
    moves = True
    base_cost = 1
    bonus_k = 0

    def allowance(self, gs: GameState, actor: int) -> float:
        """MOV-3: MOV + the action's own bonus + the K the character's traits add (TRT-FAST)."""
        return float(gs.mov(actor) + self.bonus_k) + traits.allowance_bonus(gs, actor, self.key)

    params = (Param("path", "path", "MOV-3: waypoints [[x, y], ...] up to the allowance (the start is the base)"),
              Param("end_facing", "facing", "MOV-5: the facing at the end of the move (default: along the last leg)", optional=True),
              BOOST_PARAM)

    def candidates(self, gs, actor, space):
        if riding.drives(gs, actor):                   # MOV-6: a transport drives straight ahead
            return [Candidate(self.key, lambda pts=pts, f=f: {"path": pts, "end_facing": f}, label=label)
                    for pts, f, label in riding.straight_paths(gs, actor, self.key, self.allowance(gs, actor))]
        return self._with_boosts(gs, actor, space, self.allowance(gs, actor))

    def _with_boosts(self, gs, actor, space, reach: float):
        """The paths up to `reach`, then those up to `reach` + each boost a trait offers (hook move_boost)."""
        yield from space.paths(self.key, reach)
        for b in traits.move_boosts(gs, actor, self.key):
            for c in space.paths(self.key, reach + b.k, extra={"boost": b.rule}):
                yield replace(c, label=f"{c.label} ({b.label})")

    def available(self, gs, actor):
        can_move(gs, actor)

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        chained = bool(params.get("_chained"))
        # MOV-4: a chained move's CH AGI critical adds 1 K, so a chained path may be declared 1 K longer
        reach = self.boosted_reach(gs, actor, params, self.allowance(gs, actor))     # TRT-FIRE-IN-THE-VEINS
        prep = prepare_path(gs, actor, params, self.rule, reach, extra_allowance=1.0 if chained else 0.0)
        self._check_boost_end(gs, actor, params, prep)                                # TRT-THIRST-FOR-BLOOD
        return prep

    def cost(self, gs, actor, params, prepared):
        return self.base_cost + prepared.surcharge           # MOV-7

    def least_cost_prepared(self, gs, actor) -> MovePrep:
        """ENE-1, MOV-7 (`energy.least_price`, issue 20): a stand-in for the `MovePrep` of the cheapest path: its
        surcharge is `least_surcharge`, as the traits change it (hook terrain_class: TRT-HEAVY-EQUIPMENT's minimum,
        TRT-LIMPING's one level more, both non-decreasing), so no path costs less; the price reads no parameter but
        the prepared surcharge (no target, no weapon) and the candidates carry no free turn."""
        return MovePrep([], 0.0, traits.terrain_surcharge(gs, actor, least_surcharge(gs, actor)), 0.0, [], None)

    def resolve(self, gs, ctx, prepared):
        if prepared.length > prepared.allowance + 1e-9 and not ctx.params.get("_chain_critical"):
            gs.world.emit("action_void", "MOV-4", who=ctx.actor,
                          reason="path longer than the allowance needs a critical on the chained CH AGI")
            return
        apply_move(gs, ctx, prepared, self.rule)
        self._pay_boost(gs, ctx)                            # TRT-FIRE-IN-THE-VEINS


@register
class Move(_MoveBase):
    """MVA-1: Mover (1 ENE + terrain): up to MOV K; may end in base contact to engage."""
    key = "move"
    rule = "MVA-1"


@register
class Run(_MoveBase):
    """MVA-2: Correr (2 ENE + terrain): up to MOV + 1 K; next action CH AGI +1 if a movement action,
    −1 if not, nothing for Cargar."""
    key = "run"
    rule = "MVA-2"
    base_cost = 2
    bonus_k = 1

    def resolve(self, gs, ctx, prepared):
        super().resolve(gs, ctx, prepared)
        gs.set_effects(ctx.actor, next_action_mod=(("MVA-2", "run", 0),))


@register
class Sprint(_MoveBase):
    """MVA-3: Esprintar (3 ENE + terrain): up to MOV + 5 K, once per activation; next action CH ATR −3;
    no attacks for the rest of the turn; CH IMP −1 against it this turn."""
    key = "sprint"
    rule = "MVA-3"
    base_cost = 3
    bonus_k = 5

    def available(self, gs, actor):
        if gs.activation(actor).sprinted:
            raise RuleViolation("MVA-3", "Sprint (Esprintar) only once per activation")
        super().available(gs, actor)

    def resolve(self, gs, ctx, prepared):
        super().resolve(gs, ctx, prepared)
        turn = gs.world.resources["flow"].turn
        gs.set_effects(ctx.actor, next_action_mod=(("MVA-3", "sprint", turn),), sprint_turn=turn)
        gs.set_activation(ctx.actor, sprinted=True)


class _PostureBase(Action):
    """MVA-4 / MVA-5 / MVA-6: a change of posture. Ruling (the book is silent; what a player expects): a character
    clinging part-way up a wall (MVA-10) or hanging under a roof (TRT-SPIDER) holds on with its whole body and cannot
    crouch or go prone there (`lowers`); it may stand up (MVA-6), which changes nothing of how it holds on."""
    category = "movement"
    new_state = "standing"
    allowed_from: tuple[str, ...] = ()
    lowers = False                     # crouch / go prone: not while clinging (the ruling above)

    def available(self, gs, actor):
        state = gs.world.get(actor, Posture).state
        if state not in self.allowed_from:
            raise RuleViolation(self.rule, f"{gs.name(actor)} is {state}; this action needs "
                                f"{' or '.join(self.allowed_from)}")
        if self.lowers and gs.clinging(actor):
            where = "hangs under a roof" if gs.hanging(actor) else "clings to a wall"
            raise RuleViolation(self.rule, f"{gs.name(actor)} {where}: it holds on with its whole body and "
                                "cannot change its posture there (MVA-10)")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        return None

    def cost(self, gs, actor, params, prepared):
        return 1

    def resolve(self, gs, ctx, prepared):
        old = gs.world.get(ctx.actor, Posture).state
        gs.world.set(ctx.actor, Posture(self.new_state))
        gs.world.emit("posture", self.rule, who=ctx.actor, before=old, after=self.new_state)


@register
class Crouch(_PostureBase):
    """MVA-4: Agacharse (1): half height; easy terrain counts difficult; CH IMP +1 ranged / −1 melee;
    attackers −1 ranged beyond 3 K, +1 melee."""
    key = "crouch"
    rule = "MVA-4"
    new_state = "crouched"
    allowed_from = ("standing", "prone")
    lowers = True


@register
class GoProne(_PostureBase):
    """MVA-5: Cuerpo a tierra (1): prone; 100 % hidden behind cover; CH IMP +1 ranged / −2 melee;
    attackers −2 ranged beyond 3 K, +2 melee."""
    key = "go_prone"
    rule = "MVA-5"
    new_state = "prone"
    allowed_from = ("standing", "crouched")
    lowers = True


@register
class StandUp(_PostureBase):
    """MVA-6: Levantarse (1): stand up from crouched or prone."""
    key = "stand_up"
    rule = "MVA-6"
    new_state = "standing"
    allowed_from = ("crouched", "prone")


@register
class Pivot(Action):
    """MVA-19: Pivotar. A character pivots with this action only as a reaction (1 ENE); in its own
    activation it turns for free (MOV-5: the `facing` parameter of any decision)."""
    key = "pivot"
    rule = "MVA-19"
    category = "movement"
    reaction_only = True

    params = (Param("facing_to", "facing", "MVA-19: the new facing, in degrees"),)

    def candidates(self, gs, actor, space):
        for e in space.enemies():
            yield Candidate(self.key, lambda e=e: {"facing_to": space.facing_to(e)}, label=f"face {gs.name(e)}")

    def validate(self, gs, actor, params):
        facing = params.get("facing_to")
        if not isinstance(facing, (int, float)):
            raise RuleViolation("MVA-19", "facing_to (degrees) is required")
        flight_restrictions(gs, actor, self)                  # MOV-13: no Pivotar at level 3
        return float(facing) % 360.0

    def cost(self, gs, actor, params, prepared):
        return 1

    def resolve(self, gs, ctx, prepared):
        p = gs.pos(ctx.actor)
        gs.world.set(ctx.actor, replace(p, facing=prepared))
        gs.world.emit("pivot", "MVA-19", who=ctx.actor, facing=prepared)
