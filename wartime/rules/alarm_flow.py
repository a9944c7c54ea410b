"""Alarm mode in the turn flow (ALM-1..ALM-40): the alarm's state, the start-of-turn window where the attacker
buys and places a wave (a 'wave' decision: ALM-33, ALM-35, ALM-37, ALM-38), the arrival handicap (ALM-36), the
hold zone and the carry-the-bell end event (ALM-37, ALM-39), and the end of the game (ALM-40).

Red is the defender (the heroes), blue the attacker (the monsters). The attacker's list is its *catalogue*
(ALM-32): the distinct characters it names are the profiles a wave may buy; none is on the table before the
first wave. The numbers (N, budgets, timeline, energy cap, verdict) are `rules.alarm`'s; this module applies them.

The engine hooks here with a few lines: `install` (match/setup.py), `begin` (the deploy stage, rules/turns.py),
`open_window` (start of a turn), `pending` / `submit_wave` (rules/sequence.py), `after_move` (every resolved
action or reaction that moves), `after_action` (every resolved action: a trigger or mechanism element searched),
`last_turn`, `check_victory` / `finish_at_limit` (rules/turns.py) and `may_react` (rules/windows.py); the end of
every activation runs `_after_activation` (the turn cut of ALM-34, the bell passing on). A scenario without an alarm passes through all of them unchanged."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping

import numpy as np
import shapely
from shapely.geometry import Point, Polygon

from wartime.core.components import Activation, AlarmArrival, Identity, Life, Searchable
from wartime.core.errors import NotImplementedRule, RuleViolation
from wartime.core.rounding import round_half_up
from wartime.geometry import sight
from wartime.rules import alarm, elements
from wartime.rules.deployment import BLOCKING_KINDS
from wartime.rules.state import GameState

DEFENDER, ATTACKER = "red", "blue"
#: ALM-38: a model is placed with its base within this many K of an eligible spawn marker
MARKER_REACH = 1.0
#: the lattice (K) of the spots offered for a wave's models (temporal: the spawn area; bell: around markers)
AREA_STEP, MARKER_STEP = 1.0, 0.5
#: ALM-41: the alarm tokens played in the window with the wave decision, and their token cost: the budget tokens
#: (ALM-25, ALM-26), Strident alarm (ALM-27), Hasty and Reckless waves (ALM-28, ALM-29, ALM-42)
BUDGET_TOKENS = {"reinforcements_1": 1, "reinforcements_2": 2}
TOKEN_COSTS = {**BUDGET_TOKENS, "strident_alarm": 1, "hasty_wave": 1, "reckless_wave": 1}
#: ALM-27, ALM-29: tokens for a temporal alarm only
TEMPORAL_TOKENS = ("strident_alarm", "reckless_wave")
#: ALM-24, ALM-30, ALM-43: tokens the engine does not play (`refuse_token` names the rule)
REFUSED_TOKENS = ("special_monster", "ambush", "false_information", "flight", "destiny_point")
#: ALM-40: the reasons an alarm game ends
END_REASONS = ("alarm_casualties", "alarm_cleared", "alarm_escaped", "alarm_held", "alarm_bell_lost",
               "alarm_not_started")
#: ALM-34: a trap marker is sprung by a defender ending a move with its base within this many K of it
TRAP_REACH = 1.0


@dataclass(frozen=True)
class WaveOffer:
    """One catalogue profile a wave may buy (ALM-33): its index in the catalogue, id, name, cost and base radius."""
    index: int
    character_id: str
    name: str
    cost: int
    radius: float


@dataclass(frozen=True)
class AlarmSetup:
    """The static side of an alarm game (not game state): the scenario's alarm, its shape for the points limit,
    the catalogue profiles and how to create a miniature of one (match/setup.py `create_character`, and the
    points a profile costs, `data.costs.character_cost`: both given by the match layer, which builds games)."""
    spec: Any
    shape: alarm.AlarmShape
    profiles: tuple
    offers: tuple[WaveOffer, ...]
    make: Callable[..., int]
    hold: Polygon | None
    goal: Polygon | None
    area: Polygon
    last_turn: int


@dataclass(frozen=True)
class AlarmState:
    """The alarm's game state (world resource 'alarm', so snapshots and checksums capture it)."""
    on: bool = True            # ALM-1: alarm mode until its end event (ALM-5, ALM-39)
    end_met: bool = False      # ALM-39: the bell reached the goal (carry-the-bell)
    held_vp: float = 0.0       # ALM-38: a wave held back for lack of an eligible marker
    budget: int = 0            # the open window's wave budget (points), while the stage is 'wave'
    wave_vp: float = 0.0       # ... and its VP
    tokens: int = 0            # ALM-41: alarm tokens left
    start_turn: int = 1        # ALM-34: the game turn that is alarm turn 1 (0: the start event is not met yet)
    cut_turn: bool = False     # ALM-34: the start event was met in this turn: it ends with the triggering activation
    carrier: int = 0           # ALM-38: the character carrying the bell (0: the bell is the whole side)
    latecomers: tuple[int, ...] = ()   # ALM-37 ruling: defenders outside the hold zone when the alarm started
    extra_rounds: int = 0      # ALM-27, ALM-41: the turns a Strident alarm added (0: not played; once per alarm)


def setup_of(gs: GameState) -> AlarmSetup | None:
    return getattr(gs, "alarm", None)


def state_of(gs: GameState) -> AlarmState:
    return gs.world.resources["alarm"]


def _set_state(gs: GameState, **changes) -> None:
    gs.world.resources["alarm"] = replace(state_of(gs), **changes)
    gs.world.bump_version()


def _zone(points) -> Polygon | None:
    return Polygon(points) if points else None


def refuse_unplayed(spec) -> None:
    """ALM-21: the doors_spawn option is not played: refused when the game is set up, never played as something
    else."""
    if spec is not None and spec.doors_spawn:
        raise NotImplementedRule("ALM-21", "the option doors_spawn (monsters opening closed doors in sight)")


def install(gs: GameState, spec, points_limit: int, catalogue: list, make: Callable[..., int],
            cost_of: Callable[[Any], int]) -> None:
    """ALM-32, ALM-40: make `gs` an alarm game: the shape for the points limit, the catalogue's distinct profiles
    (file order), the last turn (`max_turns`), the alarm state (ALM-23: the scenario's `alarm_tokens`, none ever
    earned) and the systems of the arrival handicap."""
    refuse_unplayed(spec)
    profiles, seen = [], set()
    for c in catalogue:
        if c.id not in seen:
            seen.add(c.id)
            profiles.append(c)
    offers = tuple(WaveOffer(i, c.id, c.name, cost_of(c), c.race.size / 2) for i, c in enumerate(profiles))
    board = Polygon([(0, 0), (gs.board.width, 0), (gs.board.width, gs.board.height), (0, gs.board.height)])
    setup = AlarmSetup(spec, alarm.shape(spec, points_limit), tuple(profiles), offers, make,
                       _zone(spec.hold_zone) if spec.kind == "temporal" else None, _zone(spec.goal),
                       _zone(spec.spawn_area) or board, alarm.max_turns(spec))
    gs.alarm = setup
    gs.turn_limit = setup.last_turn
    at_setup = spec.start == "at_setup"
    gs.world.resources["alarm"] = AlarmState(on=at_setup, start_turn=1 if at_setup else 0, tokens=spec.alarm_tokens,
                                             carrier=_first_carrier(gs, spec))
    gs.world.add_system("start_of_activation", _arrival_energy)
    gs.world.add_system("end_of_activation", _after_activation)


def _first_carrier(gs: GameState, spec) -> int:
    """ALM-17, ALM-38: bell = 'character': the `bell_character`-th defender (1-based, list order with units
    expanded: the defenders' entity ids are in that order) carries it from the start; otherwise none yet."""
    if spec.kind != "carry_the_bell" or spec.bell != "character":
        return 0
    defenders = [e for e in gs.minis() if gs.side(e) == DEFENDER]
    if not 1 <= spec.bell_character <= len(defenders):
        raise RuleViolation("ALM-38", f"alarm.bell_character {spec.bell_character}: the defender's list has "
                            f"{len(defenders)} character(s)")
    return defenders[spec.bell_character - 1]


# --- the start event (ALM-3, ALM-34) and the bell (ALM-17, ALM-38) ------------------------------------------------
def started(gs: GameState) -> bool:
    """ALM-34: the start event has been met (always, for `at_setup`)."""
    return state_of(gs).start_turn > 0


def alarm_turn(gs: GameState, turn: int) -> int:
    """ALM-34: the alarm turn of game turn `turn` (alarm turn 1 is the turn after the start event's; 0 before)."""
    st = state_of(gs)
    return turn - st.start_turn + 1 if st.start_turn and turn >= st.start_turn else 0


def last_turn(gs: GameState) -> int:
    """ALM-40: the game's last turn: `max_turns` alarm turns from alarm turn 1 (ALM-34; the engine's ruling:
    before the start event the game lasts at most `max_turns` turns too). The scenario's turn limit without an
    alarm."""
    s = setup_of(gs)
    if s is None:
        return gs.turn_limit
    st = state_of(gs)
    return s.last_turn + (st.start_turn - 1 if st.start_turn else 0) + st.extra_rounds


def _marker_entity(gs: GameState, element_id: str) -> int | None:
    for el in gs.world.query(Searchable):
        if gs.world.get(el, Searchable).id == element_id:
            return el
    return None


def _start(gs: GameState, who: int, rule: str) -> None:
    """ALM-3, ALM-34: the start event is met by `who` in this turn: play switches to the alarm at once: this turn
    ends as soon as the triggering activation ends (`_after_activation`) and the next turn is alarm turn 1 (its
    window gets the first wave, the defender has its initiative without a roll). ALM-38: a bell marker is now
    carried by `who`. ALM-37 ruling: a defender outside the hold zone at this moment does not flee by ending a
    move outside it until it has once ended a move inside (it comes to hold; ALM-7: leaving is fleeing)."""
    s = setup_of(gs)
    turn = gs.world.resources["flow"].turn
    late = tuple(e for e in gs.minis() if gs.side(e) == DEFENDER and gs.on_table(e) and s.hold is not None
                 and not _inside(s.hold, gs, e))
    carrier = who if s.spec.kind == "carry_the_bell" and s.spec.bell == "marker" else state_of(gs).carrier
    _set_state(gs, on=True, start_turn=turn + 1, cut_turn=True, latecomers=late, carrier=carrier)
    gs.world.emit("alarm_start", rule, who=who, turn=turn, alarm_turn_1=turn + 1,
                  **({"carrier": carrier} if carrier else {}))


def _inside(zone: Polygon, gs: GameState, e: int) -> bool:
    p = gs.pos(e)
    return zone.buffer(1e-6).contains(Point(p.x, p.y))


def after_action(gs: GameState, who: int) -> None:
    """After any resolved action of `who`: ALM-34, a defender's passed Buscar (GNA-2) of the trigger marker (a
    lever, chest or door element) is the start event; ALM-39, after the start, a defender's passed Buscar of the
    mechanism marker is the carry-the-bell end event. A marker that declares its use (``[element.use]``) is worked
    with Usar (GNA-16) instead: the scenario's X and check (rules/elements.py). The engine's ruling: only a defender works an alarm marker;
    an attacker's Buscar leaves it as it was (it may still be used)."""
    s = setup_of(gs)
    if s is None or (s.spec.start != "trigger_marker" and s.spec.end != "mechanism"):
        return
    for element_id, rule in ((s.spec.marker, "ALM-34"), (s.spec.mechanism, "ALM-39")):
        el = _marker_entity(gs, element_id) if element_id else None
        if el is None or not elements.worked(gs, el):               # searched (GNA-2) or used (GNA-16)
            continue
        st = state_of(gs)
        done = started(gs) if rule == "ALM-34" else st.end_met
        if done:
            continue
        if gs.side(who) != DEFENDER:
            elements.unwork(gs, el)
            gs.world.emit("alarm_marker_untouched", rule, who=who, element=element_id)
        elif rule == "ALM-34":
            _start(gs, who, rule)
        elif started(gs):
            _end_event(gs, who)
        else:           # the mechanism worked before the alarm sounds does nothing: it stays to be worked again
            elements.unwork(gs, el)


def _after_activation(world, gs: GameState, who: int) -> None:
    """At the end of every activation: ALM-34, the turn of the start event ends with the triggering activation
    (characters that have not acted lose their activation); ALM-38 ruling, a bell whose carrier fell passes on."""
    st = state_of(gs)
    if st.cut_turn:
        lost = [e for e in gs.minis() if gs.able(e) and not gs.activation(e).acted and e != who]
        for e in gs.minis():
            gs.set_activation(e, acted=True, waiting_until=0)
        _set_state(gs, cut_turn=False)
        gs.world.emit("alarm_turn_cut", "ALM-34", turn=world.resources["flow"].turn, lost=lost)
    pass_bell(gs)


def pass_bell(gs: GameState) -> None:
    """ALM-17, ALM-38 (the engine's ruling, the digest gives none): when the character carrying the bell is no
    longer able (a casualty) or off the table before the end event, the bell passes at once to the able defender
    on the table nearest it (centre to centre; ties: the lowest id), as the heroes take up the object or the
    monsters turn on the next hero; with none left it stays with the fallen one."""
    st = state_of(gs)
    if not st.carrier or st.end_met or (gs.able(st.carrier) and gs.on_table(st.carrier)):
        return
    p = gs.pos(st.carrier)
    heirs = sorted((math.hypot(gs.pos(e).x - p.x, gs.pos(e).y - p.y), e) for e in gs.minis()
                   if gs.side(e) == DEFENDER and gs.able(e) and gs.on_table(e))
    if heirs:
        _set_state(gs, carrier=heirs[0][1])
        gs.world.emit("alarm_bell", "ALM-38", carrier=heirs[0][1], fallen=st.carrier)


def _end_event(gs: GameState, who: int) -> None:
    _set_state(gs, end_met=True)
    gs.world.emit("alarm_end_event", "ALM-39", who=who, turn=gs.world.resources["flow"].turn)


def begin(gs: GameState) -> tuple[str, ...]:
    """ALM-34: the sides already deployed when the game begins: the attacker has nothing on the table before
    the start event (its first wave is placed in the window of alarm turn 1)."""
    return (ATTACKER,) if setup_of(gs) is not None else ()


# --- the timeline ---------------------------------------------------------------------------------
def alarm_sounding(gs: GameState, turn: int) -> bool:
    """ALM-5, ALM-37: a temporal alarm sounds in alarm turns 1 … d + 1 (the last wave's turn) and is off from
    d + 2; ALM-18, ALM-39: a carry-the-bell alarm sounds until its end event."""
    s = setup_of(gs)
    if not started(gs):
        return False
    if s.spec.kind == "temporal":
        return alarm_turn(gs, turn) <= s.shape.rounds + state_of(gs).extra_rounds + 1
    return not state_of(gs).end_met


def due_vp(gs: GameState, turn: int) -> float:
    """ALM-6, ALM-37, ALM-39: the VP of the wave due in the window of `turn` (with a wave held back, ALM-38)."""
    s, st = setup_of(gs), state_of(gs)
    if s.spec.kind == "carry_the_bell" and st.end_met:
        return 0.0                                   # ALM-39: no wave after the end event, a held-back one neither
    return alarm.wave_vp(s.shape, alarm_turn(gs, turn), end_met_before=st.end_met,
                         extra_rounds=st.extra_rounds) + st.held_vp


# --- the start-of-turn window (ALM-35) ---------------------------------------------------------------
def open_window(engine) -> None:
    """ALM-35, ALM-8: at the start of a turn, before the initiative roll (reinforcements join then, never in the
    middle of a turn): the wave due this turn, if any, is bought and
    placed (a 'wave' decision of the attacker); ALM-38: a carry-the-bell wave with no eligible marker is held
    back to the next window; then the initiative (`close_window`)."""
    gs = engine.gs
    if setup_of(gs) is None:
        return
    turn = engine.flow.turn
    if alarm_turn(gs, turn) > 1 and state_of(gs).on and not alarm_sounding(gs, turn):
        _set_state(gs, on=False)
        gs.world.emit("alarm_off", "ALM-5" if setup_of(gs).spec.kind == "temporal" else "ALM-39", turn=turn)
    vp = due_vp(gs, turn)
    if vp > 0 and setup_of(gs).spec.kind == "carry_the_bell" and not eligible_markers(gs):
        _set_state(gs, held_vp=vp)
        gs.world.emit("alarm_wave_held", "ALM-38", turn=turn, vp=vp)
        vp = 0
    if vp > 0:
        budget = round_half_up(vp * setup_of(gs).shape.n)
        _set_state(gs, budget=budget, wave_vp=vp, held_vp=0.0)
        engine._set_flow(stage="wave")
        gs.world.emit("alarm_window", "ALM-35", turn=turn, vp=vp, budget=budget, cap=cap(gs),
                      markers=[m.id for m in eligible_markers(gs)] if setup_of(gs).spec.kind != "temporal" else [])
        return
    close_window(engine)


def close_window(engine) -> None:
    """ALM-35 step 3 / ALM-34 / ALM-3 (the start event switches to a combat turn at once): after the wave, the
    initiative: in alarm turn 1 the defender has it without rolling
    (acting first in every phase); ALM-35, so it has when the attacker has no live character on the table; other
    turns roll as usual (SEQ-2)."""
    gs = engine.gs
    bare = not any(gs.side(e) == ATTACKER and gs.able(e) for e in gs.minis())
    first = alarm_turn(gs, engine.flow.turn) == 1
    if first or bare:
        order = (DEFENDER, ATTACKER)
        gs.world.emit("initiative", "ALM-34" if first else "ALM-35", order=list(order))
        engine._set_flow(order=order, stage="activate", phase=10, next_side=0)
    else:
        engine._set_flow(stage="initiative")


def cap(gs: GameState) -> int:
    """ALM-33: the per-character cap, VPr × N points ("Normal category")."""
    return setup_of(gs).shape.per_character_cap


def pending_offers(gs: GameState) -> tuple[WaveOffer, ...]:
    """ALM-33: the profiles the open wave may buy: within the per-character cap, at least 10 points, and
    affordable from the budget (the options of the 'wave' decision)."""
    return tuple(o for o in setup_of(gs).offers
                 if alarm.MIN_CHARACTER_COST <= o.cost <= min(cap(gs), state_of(gs).budget))


def budget_with(gs: GameState, tokens) -> int:
    """ALM-33, ALM-41 (ALM-25, ALM-26): the open wave's budget with the budget tokens played."""
    st = state_of(gs)
    s = setup_of(gs)
    bonus = alarm.token_bonus_vp(s.shape.vpr, [t for t in tokens if t in BUDGET_TOKENS])
    return round_half_up((st.wave_vp + bonus) * s.shape.n)


# --- placement (ALM-15, ALM-19, ALM-20, ALM-37, ALM-38) ----------------------------------------------
def eligible_markers(gs: GameState) -> list:
    """ALM-38: the spawn markers no able defender has a LOS to (straight line from the eyes to the marker's
    point; facing and FOV range ignored)."""
    s = setup_of(gs)
    eyes = [gs.eye(e) for e in gs.minis() if gs.side(e) == DEFENDER and gs.able(e)]
    out = []
    for m in s.spec.spawn:
        if all(bool(sight.point_blocked(gs.board, eye, [(m.x, m.y)])[0]) for eye in eyes):
            out.append(m)
    return out


def _placement_area(gs: GameState, radius: float) -> Polygon:
    """Where a base of `radius` may stand by the area rule: temporal, wholly inside the spawn area (ALM-37,
    default the whole table); carry-the-bell, its base within 1 K of an eligible marker (ALM-38)."""
    s = setup_of(gs)
    if s.spec.kind == "temporal":
        return s.area.buffer(1e-6).buffer(-radius, 32)
    discs = [Point(m.x, m.y).buffer(MARKER_REACH + radius, 32) for m in eligible_markers(gs)]
    return shapely.union_all(discs) if discs else Polygon()


def _bases(gs: GameState, placed) -> list[tuple[float, float, float, bool]]:
    """Every base on the table (x, y, radius, is a defender) and the models placed so far in this wave."""
    out = [(gs.pos(e).x, gs.pos(e).y, gs.body(e).radius, gs.side(e) == DEFENDER)
           for e in gs.minis() if gs.on_table(e)]
    return out + [(x, y, r, False) for x, y, r in placed]


def _lattice_ok(gs: GameState, radius: float, placed, xs: np.ndarray, ys: np.ndarray,
                area: Polygon) -> tuple[np.ndarray, np.ndarray]:
    """(legal by area, board, terrain and overlap; and also wholly outside every deadly zone) per point."""
    w, h = gs.board.width, gs.board.height
    ok = (xs >= radius - 1e-9) & (xs <= w - radius + 1e-9) & (ys >= radius - 1e-9) & (ys <= h - radius + 1e-9)
    ok &= shapely.contains_xy(area.buffer(1e-6), xs, ys) if not area.is_empty else np.zeros(len(xs), bool)
    blocking = [p.polygon for p in gs.board.pieces if p.kind in BLOCKING_KINDS]
    if blocking:
        ok &= ~shapely.intersects_xy(shapely.union_all(blocking).buffer(radius, 32), xs, ys)
    clear = np.ones(len(xs), bool)
    k = setup_of(gs).spec.deadly_zone_k
    for bx, by, br, defender in _bases(gs, placed):
        d = np.hypot(xs - bx, ys - by)
        ok &= d >= radius + br - 1e-6
        if defender:
            clear &= d - br - radius >= k - 1e-6
    return ok, ok & clear


#: ALM-37: the exact regions are polygons (circles as 64-gons); a clear region thinner than this (K) is ignored
REGION_MARGIN = 0.01


def _regions(gs: GameState, radius: float, placed, area: Polygon) -> tuple[Polygon, Polygon]:
    """ALM-37, ALM-38: the exact regions where the centre of a base of `radius` may stand: (legal by area, board,
    terrain and overlap; and also wholly outside every deadly zone, shrunk by REGION_MARGIN so each of its points
    is clear on the lattice test too)."""
    w, h = gs.board.width, gs.board.height
    if area.is_empty or 2 * radius > min(w, h):
        return Polygon(), Polygon()
    box = shapely.box(radius, radius, w - radius, h - radius).intersection(area.buffer(1e-6))
    blocking = [p.polygon.buffer(radius, 64) for p in gs.board.pieces if p.kind in BLOCKING_KINDS]
    k = setup_of(gs).spec.deadly_zone_k
    bases, zones = [], []
    for bx, by, br, defender in _bases(gs, placed):
        bases.append(Point(bx, by).buffer(radius + br, 64))
        if defender:
            zones.append(Point(bx, by).buffer(radius + br + k, 64))
    legal = box.difference(shapely.union_all(blocking + bases)) if blocking or bases else box
    clear = legal.difference(shapely.union_all(zones)) if zones else legal
    return legal, clear.buffer(-REGION_MARGIN)


def spawn_spots(gs: GameState, radius: float, placed=()) -> list[tuple[float, float]]:
    """ALM-37, ALM-38: the lattice points where a model of `radius` may be placed now (after the models `placed`,
    (x, y, r), of this wave): legal by area, board, terrain and overlap, and wholly outside every deadly zone (when
    the lattice misses a clear region the exact geometry finds, a point of that region); only if there is none
    anywhere, the legal-by-overlap point farthest from the nearest defender (`_farthest`)."""
    area = _placement_area(gs, radius)
    if area.is_empty:
        return []
    xs, ys = _lattice(gs, area)
    ok, clear = _lattice_ok(gs, radius, placed, xs, ys, area)
    if clear.any():
        return [(float(x), float(y)) for x, y in zip(xs[clear], ys[clear])]
    legal, exact = _regions(gs, radius, placed, area)
    if not exact.is_empty:
        p = exact.representative_point()
        return [(round(p.x, 4), round(p.y, 4))]
    best = _farthest(gs, xs[ok], ys[ok], legal)
    return [best[:2]] if best is not None else []


def _lattice(gs: GameState, area: Polygon) -> tuple[np.ndarray, np.ndarray]:
    """The lattice points (AREA_STEP or MARKER_STEP K) over the bounds of `area`."""
    minx, miny, maxx, maxy = area.bounds
    step = AREA_STEP if setup_of(gs).spec.kind == "temporal" else MARKER_STEP
    gx, gy = np.meshgrid(np.round(np.arange(math.floor(minx), maxx + 1e-9, step), 4),
                         np.round(np.arange(math.floor(miny), maxy + 1e-9, step), 4), indexing="ij")
    return gx.ravel(), gy.ravel()


def _farthest(gs: GameState, xs: np.ndarray, ys: np.ndarray, legal: Polygon) -> tuple[float, float, float] | None:
    """ALM-37: the unavoidable spot: among the legal lattice points and the vertices of the exact legal region, the
    one farthest from the nearest defender (ties: the first); (x, y, that distance)."""
    verts = [c for g in getattr(legal, "geoms", [legal]) if not g.is_empty for c in g.exterior.coords]
    cx = np.concatenate([xs, np.round(np.array([v[0] for v in verts], float), 4)])
    cy = np.concatenate([ys, np.round(np.array([v[1] for v in verts], float), 4)])
    if not len(cx):
        return None
    far = _nearest_defender(gs, cx, cy)
    k = int(np.argmax(far))
    return float(cx[k]), float(cy[k]), float(far[k])


def _nearest_defender(gs: GameState, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    best = np.full(len(xs), np.inf)
    for bx, by, br, defender in _bases(gs, ()):
        if defender:
            best = np.minimum(best, np.hypot(xs - bx, ys - by) - br)
    return best


def refuse_token(t: str) -> None:
    """The tokens the engine refuses, each naming its rule: Alerted special monster (ALM-30, ALM-43), the four
    ordinary dungeon tokens whose effects the source does not give (ALM-24)."""
    if t == "special_monster":
        raise NotImplementedRule("ALM-30", "the alarm token Alerted special monster (ALM-43)")
    raise NotImplementedRule("ALM-24", f"the ordinary dungeon token '{t}' (its effect is not defined)")


def check_wave(gs: GameState, params: Mapping[str, Any]) -> tuple[list[tuple[int, float, float]], list[str]]:
    """Validate a 'wave' decision (`buy`: [[catalogue index, x, y], ...], `tokens`: budget tokens played) and
    return its purchases and tokens. ALM-33: profiles offered, within the cap and the budget; ALM-37 / ALM-38:
    each model where `spawn_spots` would offer it (or, inside a deadly zone, only when no spot outside is left);
    ALM-41: tokens the attacker still has. Raises RuleViolation naming the rule; changes nothing."""
    s = setup_of(gs)
    extra = set(params) - {"buy", "tokens"}
    if extra:
        raise RuleViolation("ALM-33", f"wave: unknown parameter(s) {', '.join(sorted(extra))}")
    tokens = list(params.get("tokens") or [])
    for t in tokens:
        if t in REFUSED_TOKENS:
            refuse_token(t)
        if t not in TOKEN_COSTS:
            raise RuleViolation("ALM-41", f"wave: '{t}' is not an alarm token")
        if t in TEMPORAL_TOKENS and s.spec.kind != "temporal":
            raise RuleViolation("ALM-27" if t == "strident_alarm" else "ALM-29",
                                f"wave: '{t}' is played in a temporal alarm only")
        if tokens.count(t) > 1:
            raise RuleViolation("ALM-41", f"wave: '{t}' is played once in a window")
        if t == "strident_alarm" and state_of(gs).extra_rounds:
            raise RuleViolation("ALM-27", "wave: Strident alarm is played once per alarm")
    if sum(TOKEN_COSTS[t] for t in tokens) > state_of(gs).tokens:
        raise RuleViolation("ALM-41", f"wave: the attacker has {state_of(gs).tokens} alarm token(s) left")
    budget = budget_with(gs, tokens)
    buys: list[tuple[int, float, float]] = []
    for item in params.get("buy") or []:
        if not isinstance(item, (list, tuple)) or len(item) != 3 or isinstance(item[0], bool) \
                or not isinstance(item[0], int) or not all(isinstance(v, (int, float)) for v in item[1:]):
            raise RuleViolation("ALM-33", f"wave: each purchase is [catalogue index, x, y], not {item!r}")
        if not 0 <= item[0] < len(s.offers):
            raise RuleViolation("ALM-33", f"wave: no catalogue profile {item[0]}")
        buys.append((int(item[0]), float(item[1]), float(item[2])))
    alarm.check_purchase([s.offers[i].cost for i, _, _ in buys], budget, cap(gs))
    placed: list[tuple[float, float, float]] = []
    for i, x, y in buys:
        r = s.offers[i].radius
        area = _placement_area(gs, r)
        ok, clear = _lattice_ok(gs, r, placed, np.array([x]), np.array([y]), area)
        if not ok[0]:
            rule = "ALM-37" if s.spec.kind == "temporal" else "ALM-38"
            raise RuleViolation(rule, f"wave: {s.offers[i].name} at ({x:g}, {y:g}) is off the spawn area or the "
                                "board, on impassable terrain or overlapping a base"
                                + ("" if s.spec.kind == "temporal" else " (within 1 K of an unseen marker)"))
        if not clear[0] and "reckless_wave" not in tokens:       # ALM-29, ALM-42: Reckless wave may go there
            legal, exact = _regions(gs, r, placed, area)
            if not exact.is_empty:
                raise RuleViolation("ALM-37", f"wave: {s.offers[i].name} at ({x:g}, {y:g}) is inside a deadly "
                                    "zone (within 1 K of a defender) while a spot outside is free")
            lx, ly = _lattice(gs, area)
            lok, _ = _lattice_ok(gs, r, placed, lx, ly, area)
            best = _farthest(gs, lx[lok], ly[lok], legal)
            here = _nearest_defender(gs, np.array([x]), np.array([y]))[0]
            if best is not None and here < best[2] - REGION_MARGIN:
                raise RuleViolation("ALM-37", f"wave: {s.offers[i].name} at ({x:g}, {y:g}) is inside a deadly zone "
                                    f"but not as far from the defenders as it can be ({best[0]:g}, {best[1]:g})")
        placed.append((x, y, r))
    return buys, tokens


def submit_wave(engine, params: Mapping[str, Any]) -> None:
    """ALM-33, ALM-36..ALM-38: place the wave the attacker bought (validated first). Temporal reinforcements
    (not the first wave) carry the arrival handicap for this turn; carry-the-bell arrivals, the first wave
    included, count as having already acted. Then the initiative (ALM-35 step 3)."""
    gs = engine.gs
    s = setup_of(gs)
    buys, tokens = check_wave(gs, params)
    turn = engine.flow.turn
    st = state_of(gs)
    budget = budget_with(gs, tokens)
    counts: dict[str, int] = {}
    for e in gs.minis():
        cid = gs.world.get(e, Identity).character_id
        if gs.side(e) == ATTACKER:
            counts[cid] = counts.get(cid, 0) + 1
    handicap = arrival_handicap(s.spec.kind, alarm_turn(gs, turn), "hasty_wave" in tokens)
    extra = 0
    if "strident_alarm" in tokens:          # ALM-27, ALM-41: 1D2 + 1 more turns, the 1D2 as ⌈1D10 / 5⌉
        extra = _roll_strident(gs, "window")
    made = []
    for i, x, y in buys:
        spec = s.profiles[i]
        counts[spec.id] = counts.get(spec.id, 0) + 1
        target = _nearest_defender_point(gs, x, y)
        facing = round(math.degrees(math.atan2(target[1] - y, target[0] - x)) % 360.0, 4)
        e = s.make(gs.world, ATTACKER, spec, counts[spec.id], round(x, 4), round(y, 4), facing, 1)
        if handicap:
            gs.world.set(e, AlarmArrival(turn, handicap))
        if handicap == "lost_turn":
            gs.world.set(e, Activation(acted=True))       # ALM-22, ALM-36: it appears instead of acting
        made.append(e)
    spent = sum(s.offers[i].cost for i, _, _ in buys)
    _set_state(gs, budget=0, wave_vp=0.0, tokens=st.tokens - sum(TOKEN_COSTS[t] for t in tokens),
               extra_rounds=st.extra_rounds + extra)
    gs.world.emit("alarm_wave", "ALM-33", turn=turn, budget=budget, spent=spent, lost=budget - spent,
                  tokens=tokens, arrivals=[[e, gs.pos(e).x, gs.pos(e).y] for e in made], handicap=handicap or None)
    close_window(engine)


def _roll_strident(gs: GameState, when: str, **data) -> int:
    """ALM-27, ALM-41: Strident alarm's 1D2 + 1 more turns, the 1D2 rolled as ⌈1D10 / 5⌉ (the event names when it
    was played: 'window' or 'activation_end')."""
    d10 = gs.world.dice.d10()
    extra = alarm.strident_rounds(d10)
    gs.world.emit("alarm_strident", "ALM-27", d10=d10, extra=extra, last_turn=last_turn(gs) + extra, when=when,
                  **data)
    return extra


def strident_refusal(gs: GameState, who: int) -> str | None:
    """ALM-27 (ruling: Strident alarm is played in the window or at the end of any attacker activation, once per
    alarm, temporal only): why attacker `who` may not play it at the end of its activation now (None: it may): an
    alarm game, temporal, sounding, `who` an attacker, a token left and none played before."""
    s = setup_of(gs)
    if s is None:
        return "there is no alarm in this game"
    st = state_of(gs)
    if s.spec.kind != "temporal":
        return "Strident alarm is played in a temporal alarm only"
    if gs.side(who) != ATTACKER:
        return "only the attacker plays alarm tokens"
    if not started(gs) or not alarm_sounding(gs, gs.world.resources["flow"].turn):
        return "the alarm is not sounding"
    if st.extra_rounds:
        return "Strident alarm is played once per alarm"
    if st.tokens < TOKEN_COSTS["strident_alarm"]:
        return f"the attacker has {st.tokens} alarm token(s) left"
    return None


def play_strident(gs: GameState, who: int) -> None:
    """ALM-27, ALM-41: the attacker plays Strident alarm (1 token) as `who`'s activation ends: the alarm lasts
    1D2 + 1 more turns (more waves, ALM-37, and a later end, ALM-40). Raises RuleViolation when it may not."""
    why = strident_refusal(gs, who)
    if why is not None:
        raise RuleViolation("ALM-27", why)
    extra = _roll_strident(gs, "activation_end", who=who)
    st = state_of(gs)
    _set_state(gs, tokens=st.tokens - TOKEN_COSTS["strident_alarm"], extra_rounds=st.extra_rounds + extra)


def arrival_handicap(kind: str, turn_of_alarm: int, hasty: bool) -> str:
    """ALM-36: a wave's arrival handicap: carry-the-bell arrivals lose their turn ('lost_turn'), temporal
    reinforcements (not the first wave) get half their gain and no reactions ('half_energy'); ALM-28, ALM-42, with
    Hasty wave one step less: temporal arrivals keep their full gain and may react ('hasty'), carry-the-bell ones
    get the temporal handicap."""
    if kind == "carry_the_bell":
        return "half_energy" if hasty else "lost_turn"
    if turn_of_alarm <= 1:
        return ""
    return "hasty" if hasty else "half_energy"


def _nearest_defender_point(gs: GameState, x: float, y: float) -> tuple[float, float]:
    best = None
    for e in gs.minis():
        if gs.side(e) == DEFENDER and gs.able(e):
            d = math.hypot(gs.pos(e).x - x, gs.pos(e).y - y)
            if best is None or d < best[0]:
                best = (d, gs.pos(e).x, gs.pos(e).y)
    return (best[1], best[2]) if best else (gs.board.width / 2, gs.board.height / 2)


# --- the arrival handicap (ALM-16, ALM-22, ALM-36) ---------------------------------------------------
def arrived_now(gs: GameState, e: int) -> AlarmArrival | None:
    """ALM-36: `e`'s arrival handicap if it arrived this turn (None otherwise)."""
    a = gs.world.try_get(e, AlarmArrival)
    return a if a is not None and a.turn == gs.world.resources["flow"].turn else None


def _arrival_energy(world, gs: GameState, who: int) -> None:
    """ALM-16, ALM-36: a temporal reinforcement's first activation in its arrival turn: ENE capped at half the
    gain (it arrived at ENE 0, so the gain is its ENE now), .5 up."""
    a = arrived_now(gs, who)
    if a is None or a.handicap != "half_energy":
        return
    gain = gs.energy(who)
    capped = alarm.arrival_energy(0, 0, kind="temporal", gain=gain)
    if capped < gain:
        gs.set_energy(who, capped, "ALM-36", "arrival turn: half the energy gain")


def may_react(gs: GameState, e: int) -> bool:
    """ALM-36: a character may not react in its arrival turn (ALM-42: unless a temporal Hasty wave brought it)."""
    a = arrived_now(gs, e)
    return a is None or alarm.may_react_on_arrival("temporal", hasty=a.handicap == "hasty")


# --- hold zone and goal (ALM-7, ALM-37, ALM-39) ------------------------------------------------------
def exit_zone(gs: GameState) -> Polygon | None:
    """ALM-40: where defenders may leave the table once the alarm is off: the scenario's `exit`, else (carry the
    bell) the goal zone; a temporal alarm without an exit has none."""
    s = setup_of(gs)
    return _zone(s.spec.exit) or s.goal


def after_move(gs: GameState, who: int) -> None:
    """After a resolved move of `who`: ALM-34, before the start event, a defender ending a move within 1 K (base
    edge) of the trap marker springs it; ALM-7 / ALM-37, while a temporal alarm sounds a defender that ends a move
    with its base centre outside the hold zone has fled (removed, a casualty; one outside when the alarm started
    only once it has come inside); ALM-39, the bell (its carrier, or any defender when the bell is the side) ending
    a move in the goal zone meets the carry-the-bell end event; ALM-40, once the alarm is off (temporal) or the end
    event met (bell), a defender ending a later move in the exit leaves the table there (escaped, not a casualty;
    the engine's ruling: leaving is automatic)."""
    s = setup_of(gs)
    if s is None or gs.side(who) != DEFENDER or not gs.on_table(who):
        return
    st = state_of(gs)
    p = gs.pos(who)
    if not started(gs):
        if s.spec.start == "trap_marker" and \
                math.hypot(p.x - s.spec.trigger[0], p.y - s.spec.trigger[1]) - gs.body(who).radius <= TRAP_REACH + 1e-9:
            _start(gs, who, "ALM-34")
        return
    if s.hold is not None and st.on:
        if not _inside(s.hold, gs, who):
            if who not in st.latecomers:
                gs.world.set(who, Life("fled"))
                gs.world.emit("life", "ALM-37", who=who, state="fled")
        elif who in st.latecomers:
            _set_state(gs, latecomers=tuple(e for e in st.latecomers if e != who))
        return
    pass_bell(gs)
    bell = not st.carrier or who == state_of(gs).carrier
    if s.spec.kind == "carry_the_bell" and not st.end_met:
        if s.spec.end == "goal" and bell and _inside(s.goal, gs, who):
            _end_event(gs, who)
        return
    way_out = exit_zone(gs)
    if way_out is not None and _inside(way_out, gs, who):
        gs.world.set(who, Life("escaped"))         # ALM-40: the defender leaves the table through the exit
        gs.world.emit("life", "ALM-40", who=who, state="escaped")


# --- end of the game (ALM-40) ----------------------------------------------------------------------------
def check_victory(engine) -> bool | None:
    """ALM-40 (ALM-4: the end event ends the alarm, not the fight): the game ends when no defender is left on the table (the attacker wins), or no attacker is left
    after the alarm is off (temporal: turn d + 2 on; carry-the-bell: end event met; the defender wins). None for
    a game without an alarm (the ordinary rule applies)."""
    gs = engine.gs
    if setup_of(gs) is None:
        return None
    if engine.flow.stage in ("over", "setup", "deploy"):
        return engine.flow.stage == "over"
    defenders = [e for e in gs.minis() if gs.side(e) == DEFENDER and gs.able(e)]
    if not defenders:
        if escaped(gs):
            engine._finish(DEFENDER, "alarm_escaped")
        else:
            engine._finish(ATTACKER, "alarm_casualties")
        return True
    attackers = [e for e in gs.minis() if gs.side(e) == ATTACKER and gs.able(e)]
    off = (started(gs) and not state_of(gs).on) if setup_of(gs).spec.kind == "temporal" else state_of(gs).end_met
    if off and not attackers:
        engine._finish(DEFENDER, "alarm_cleared")
        return True
    return False


def escaped_one(gs: GameState, e: int) -> bool:
    """ALM-40: `e` left the table through the exit."""
    return gs.world.get(e, Life).state == "escaped"


def escaped(gs: GameState) -> list[int]:
    """ALM-40: the defenders that left the table through the exit (not casualties)."""
    return [e for e in gs.minis() if gs.world.get(e, Life).state == "escaped"]


def finish_at_limit(engine) -> bool:
    """ALM-40: at the end of the last turn the defender wins if one of its characters stands (carry-the-bell: and
    the end event was met); otherwise the attacker. False for a game without an alarm."""
    gs = engine.gs
    s = setup_of(gs)
    if s is None:
        return False
    if not started(gs):          # ALM-40 (the engine's ruling): the heroes never set the alarm off: they failed
        engine._finish(ATTACKER, "alarm_not_started")
        return True
    left = len([e for e in gs.minis() if gs.side(e) == DEFENDER and gs.able(e)]) + len(escaped(gs))
    won = alarm.winner(s.spec.kind, left, state_of(gs).end_met, engine.flow.turn, last_turn(gs))
    engine._finish(won, "alarm_held" if won == DEFENDER else "alarm_bell_lost")
    return True


def status(gs: GameState) -> dict:
    """The alarm as the window and reports show it: kind, turn and last turn, whether it sounds, rounds left
    (temporal) or the end event (bell), the next wave's budget, eligible markers and the arrivals of this turn."""
    s = setup_of(gs)
    turn = gs.world.resources["flow"].turn
    st = state_of(gs)
    nxt = due_vp(gs, turn + 1) if turn else due_vp(gs, 1)
    out = {"kind": s.spec.kind, "turn": turn, "last_turn": last_turn(gs), "on": st.on, "started": started(gs),
           "alarm_turn": alarm_turn(gs, turn), "carrier": st.carrier,
           "next_budget": round_half_up(nxt * s.shape.n), "cap": cap(gs), "tokens": st.tokens,
           "arrivals": [e for e in gs.minis() if gs.on_table(e) and arrived_now(gs, e) is not None]}
    if s.spec.kind == "temporal":
        d = s.shape.rounds + st.extra_rounds
        out["rounds_left"] = max(0, d + 1 - alarm_turn(gs, turn)) if started(gs) else d + 1
    else:
        out["end_met"] = st.end_met
        out["markers"] = [m.id for m in eligible_markers(gs)]
    return out
