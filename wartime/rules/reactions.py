"""Reactions (REA-1..8, ACT-4, MOD-3): the reaction state and window records, sight along a path, noise, the
reaction CH VOL (REA-2, GNA-8), and the hook combat calls for Contracarga (CBA-13). Who may react and with which
actions is rules.reactors (above the actions, since any action may be a reaction); Esquivar en CaC (CBA-17) is
rules.combat.dodge_contest. The engine (rules.sequence) drives the windows; this module only answers questions
and applies small state changes.

A window (REA-3) is stored in the flow as a frozen `Window`, so snapshots, saves and replays capture it.
Candidates are asked in the turn's player order, non-acting sides only, and within a side in entity-id
order; REA-3 lets the side choose its order: answering for another of its queued candidates takes that one
first (rules/windows.py `_react`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Callable

import numpy as np

from wartime.core.components import Climbing, Parked
from wartime.core.errors import RuleViolation
from wartime.geometry import sight
from wartime.geometry.heights import LEVEL_2_HEIGHT
from wartime.rules import noise
from wartime.rules.checks import CheckResult, Modifier
from wartime.rules.modifiers import roll_character_check
from wartime.rules.state import GameState

#: REA-1 path sampling: a moving actor is looked for every 0.5 K of its path.
PATH_STEP = 0.5

# --- reason codes of the `reaction_window` event ("why did my unit not react?") ---------------------------
NOT_IN_FOV = "not_in_fov"              # REA-1 / ENV-1: the actor never was in the 180° arc
OUT_OF_RANGE = "out_of_range"          # REA-1 / ENV-1: in the arc, but beyond VOL × 5 K (and not heard)
NO_LOS = "no_los"                      # REA-1 / ENV-2: in the FOV, but no line of sight (and not heard)
NOT_ENOUGH_ENERGY = "not_enough_energy"  # REA-2: ENE −10: any reaction would go below the floor
ALREADY_REACTED = "already_reacted"    # REA-3: one attempt per window
FAILED_VOL = "failed_vol"              # REA-2: the reaction CH VOL failed
PANICKED = "panicked"                  # REA-1 / PSI-12: panicked, and Huir is not possible here
NOT_ABLE = "not_able"                  # REA-1 / WND-2 / PSI-16: incapacitated or unconscious
PASSED = "passed"                      # the player declined
REACTED = "reacted"
ACTOR_DOWN = "actor_down"              # the acting character was put out of action before its turn came

#: REA-1: how a candidate was triggered (BY_SENSE: a trait's sense of a hidden or silent actor, TRT-SPIDER-SENSE).
BY_SIGHT, BY_NOISE, BY_SENSE = "sight", "noise", "sense"

#: Actions taken only in the own activation (never as a reaction).
OWN_ACTIVATION_ONLY = frozenset({"wait", "on_guard",
                                 "surprise_attack", "break_free",    # CBA-11; CBA-25 ruling (2)
                                 "maintain_metahability", "psychic_energy",    # MET-6; TRT-PSYCHIC-ENERGY
                                 "hand_of_death", "challenge",       # TRT-HAND-OF-DEATH, TRT-CHALLENGER rulings
                                 "give_orders",                      # TRT-ORDERS ruling
                                 "command_possessed",                # CBA-21: in the possessor's activation
                                 "control_equipment", "keep_possession",   # CBA-21; MET-6
                                 "set_off_charge",                   # TRT-REMOTE-CONTROL ruling
                                 "use_scenario_element",             # GNA-16 (rules/elements.py)
                                 "melee_attack_scenery",             # TRT-WALLBREAKER ruling (scenery_breaking)
                                 "melee_attack_firearm_scenery",     # its CBA-8 and CBA-10 blows
                                 "unarmed_attack_scenery",
                                 "use_protection"})                  # GNA-16 (rules/carried.py)
#: Reactions with their own declared timing (ACT-4: they keep it inside a chain) and no REA-4 −1.
OWN_TIMING = frozenset({"flee", "dodge", "counter_charge", "counter_magic", "quick_draw"})
#: REA-4 / MOD-3: reactions whose window is part of their definition take no "early" −1; nor does Pivotar
#: (it has no check).
NO_EARLY_PENALTY = OWN_TIMING | {"pivot", "extra_attack"}          # TRT-VETERAN-CRY: taken at once
#: CBA-20 ruling (1): the actions whose CH INT a Contramagia may answer (rules.metahabilities.counterable says
#: which uses of them).
COUNTERABLE = frozenset({"use_metahability", "corrupt", "heal", "possess", "mark_target"})
#: CBA-17: the melee combat actions Esquivar en CaC answers.
MELEE_ATTACKS = frozenset({"melee_attack", "unarmed_attack",
                           "melee_attack_improvised", "disarm", "push", "immobilise", "knock_out"})   # CBA-9..26


@dataclass(frozen=True, slots=True)
class Reactive:
    """Reaction state of a character: on guard (GNA-8) and the charger it counter-charged (CBA-13)."""
    on_guard: bool = False
    counter_charge: int | None = None


def reactive(gs: GameState, e: int) -> Reactive:
    return gs.world.try_get(e, Reactive) or Reactive()


def set_reactive(gs: GameState, e: int, **changes: Any) -> None:
    gs.world.set(e, replace(reactive(gs, e), **changes))


@dataclass(frozen=True)
class Duel:
    """CBA-22: a duel in a declaration window (rules/duels.py): the reactor's attack against the acting character,
    declared and paid but not yet resolved, with everything needed to resolve it later (saves and snapshots taken
    in the duel's window continue exactly).

    `ask`: the duellists still to be offered Desenfundar, in order (the acting character first, then the reactor);
    `first`: None while it is offered, then 'acting' (the acting attack first; the reactor's waits in this record),
    'reactor' or 'simultaneous' (CHK-4: nobody won); `spare_down` / `spare_failed`: a simultaneous attack of the
    reactor put the acting character out of action / made it fail a CH PSI, and its attack goes ahead anyway."""
    reactor: int
    action: str
    params: dict = field(default_factory=dict)
    cost: int = 0
    mods: tuple = ()                    # (rule, value, label, scope, used) of the reactor attack's PendingMods
    ask: tuple[int, ...] = ()
    first: str | None = None
    spare_down: bool = False
    spare_failed: bool = False


@dataclass(frozen=True)
class Window:
    """A reaction window of one declared action (REA-3), as stored in the flow.

    `timing`: 'declaration' (after the action is declared and paid, before any check: early reactions,
    REA-4, and the reactions with their own timing) or 'after' (after it resolves; for a chain, after its
    last action, ACT-4). The acting action's context is kept here while the window is open: key, params,
    chain flags, cost, its one-shot modifiers and whether a reaction already voided it."""
    timing: str
    actor: int
    action: str
    target: int | None
    params: dict = field(default_factory=dict)
    chain: bool = False                 # ACT-3: flagged chained to the next action
    chained: bool = False               # ACT-3: part of a chain
    cost: int = 0
    mods: tuple = ()                    # (rule, value, label, scope, used) of the action's PendingMods
    failed: bool = False                # REA-4 / PSI-5: the acting character failed a CH PSI in this window
    end_activation: bool = False        # PSI-14 (or Esperar): the activation ends after this action
    waiting: bool = False               # GNA-10: the activation pauses after this action
    start: tuple = ()                   # (x, y, facing) of the actor when the action was declared
    queue: tuple[int, ...] = ()         # candidates still to be asked, in order (REA-3)
    triggers: tuple[tuple[int, str], ...] = ()
    outcomes: tuple[tuple[int, str], ...] = ()
    dodgers: tuple[int, ...] = ()       # CBA-17: Esquivar en CaC declared against this melee attack
    reacted: bool = False               # at least one reaction was resolved in this window
    halted: bool = False                # REA-4: a moving actor lost its move at a point of its path
    duel: Duel | None = None            # CBA-22: the duel declared in this declaration window, if any


# --- sight (REA-1) and noise (REA-6..8) ----------------------------------------------------------------------
def sample_path(points: list[tuple[float, float]], step: float = PATH_STEP) -> list[tuple[float, float]]:
    """REA-1: the points of a polyline every `step` K, both ends included."""
    pts: list[tuple[float, float]] = []
    for q in points:
        q = (float(q[0]), float(q[1]))
        if not pts or math.hypot(q[0] - pts[-1][0], q[1] - pts[-1][1]) > 1e-9:
            pts.append(q)
    if not pts:
        return []
    out = [pts[0]]
    for a, b in zip(pts, pts[1:]):
        seg = math.hypot(b[0] - a[0], b[1] - a[1])
        n = int(seg / step)
        for k in range(1, n + 1):
            t = k * step / seg
            if t < 1.0 - 1e-9:
                out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
        out.append(tuple(b))
    return out


def point_along(points: list[tuple[float, float]], s: float) -> tuple[float, float, float]:
    """REA-4: the point `s` K along a polyline and the direction of travel there (degrees)."""
    left = max(0.0, float(s))
    for a, b in zip(points, points[1:]):
        seg = math.hypot(b[0] - a[0], b[1] - a[1])
        heading = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0 if seg > 0 else None
        if left <= seg + 1e-9 and seg > 0:
            t = min(1.0, left / seg)
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, heading)
        left -= seg
    a, b = points[-2], points[-1]
    return (b[0], b[1], math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0)


def sight_reason(gs: GameState, reactor: int, actor: int, track: list[tuple[float, float]],
                 memo: dict | None = None) -> str:
    """REA-1: 'sight' if the actor's base, at some point of `track`, is in the reactor's FOV (ENV-1, vectorised
    `fov_mask`) with LOS (ENV-2, one `cover_query` for all those points); otherwise the reason it is not:
    not in the arc at any point, in the arc but out of range, or in the FOV without LOS.
    A reactor seeing through opaque obstacles (TRT-META-VISION, ``GameState.sight_reach``) sees the points in its
    FOV within that reach (BAS-3 edge distance) without LOS.
    `memo` caches answers by everything they depend on (both bases, both levels, facing, heights, the reactor's eye
    point — raised while it clings to a wall, MVA-10, or hanging under a roof, TRT-SPIDER —, FOV range, the track,
    that reach):
    the declaration and after-action windows of an action that does not move usually ask the same question.
    Issue 20: at one level, two exact pre-filters answer first: the whole track behind the reactor (`behind_reason`,
    no FOV range needed), or clearly beyond its FOV range (`out_of_fov_reason`); each fact is read once."""
    po, pa = gs.pos(reactor), gs.pos(actor)
    # MOV-11: only within one level, except levels 1 and 2, which see each other at range (MOV-12)
    if not track or (po.level != pa.level and {po.level, pa.level} != {1, 2}):
        return NOT_IN_FOV
    r = gs.body(actor).radius
    if po.level == pa.level:           # issue 20: behind or far from every point of the track, no LOS is traced
        quick = behind_reason(po.x, po.y, po.facing, r, track)
        if quick is not None:
            return quick
    range_k = gs.fov_range(reactor)
    orad = gs.body(reactor).radius
    if po.level == pa.level:
        quick = out_of_fov_reason(po.x, po.y, po.facing, range_k, orad, r, track)
        if quick is not None:
            return quick
    if memo is not None:
        key = (po.x, po.y, po.facing, po.level, range_k, gs.eye(reactor), orad, r, pa.level,
               gs.current_height(actor), _climb_key(gs, actor, pa), tuple(track), gs.sight_reach(reactor))
        got = memo.get(key)
        if got is None:
            if len(memo) > 4096:
                memo.clear()
            got = memo[key] = _traced_reason(gs, reactor, actor, track, po, pa, range_k, orad, r)
        return got
    return _traced_reason(gs, reactor, actor, track, po, pa, range_k, orad, r)


def _traced_reason(gs: GameState, reactor: int, actor: int, track: list[tuple[float, float]], po, pa,
                   range_k: float, orad: float, r: float) -> str:
    """REA-1 (`sight_reason` past its pre-filters): the FOV test of every point of `track`, then one LOS query for
    those in the FOV. `po`, `pa`: both positions; `range_k`, `orad`, `r`: the reactor's FOV range and both radii.
    At one level the FOV test is `sight.fov_mask`'s, point by point in scalars (issue 20: a track is a point or a
    few; the same IEEE operations, numpy's own hypot, so the same floats: `_traced_reason_arrays` is the array form,
    compared in tests/rules/test_reaction_prefilter.py); between levels 1 and 2, the array form."""
    if po.level != pa.level:
        return _traced_reason_arrays(gs, reactor, actor, track, po, pa, range_k, orad, r)
    ox, oy = po.x, po.y
    a = math.radians(po.facing)
    c, s = math.cos(a), math.sin(a)
    pts = [(float(p[0]), float(p[1])) for p in track]
    seen: list[tuple[float, float]] = []
    in_arc = False
    for x, y in pts:
        if (x - ox) * c + (y - oy) * s + r >= -1e-9:       # ENV-1 arc (fov_mask's `ahead + rs >= -1e-9`)
            in_arc = True
            if max(float(_hypot(x - ox, y - oy)) - orad - r, 0.0) <= range_k:    # BAS-3 edge distance (ENV-1)
                seen.append((x, y))
    if not seen:
        return OUT_OF_RANGE if in_arc else NOT_IN_FOV
    h = gs.current_height(actor)
    lift = LEVEL_2_HEIGHT if pa.level == 2 else 0.0           # MOV-10: a level-2 base is 3 K above the surface
    rows = np.array([_track_row(gs, actor, pa, x, y, r, lift, h) for x, y in seen], dtype=float)
    if any(c.has_los for c in sight.cover_query(gs.board, gs.eye(reactor), rows)):
        return BY_SIGHT
    reach = gs.sight_reach(reactor)          # TRT-META-VISION: it sees through opaque obstacles within its reach
    if reach is not None:
        xs = np.array([p[0] for p in seen], dtype=float)
        ys = np.array([p[1] for p in seen], dtype=float)
        gap = np.maximum(0.0, np.hypot(xs - po.x, ys - po.y) - r - orad)
        if (gap <= reach + 1e-9).any():
            return BY_SIGHT
    return NO_LOS


def _climb_key(gs: GameState, actor: int, pa):
    """The part of a sight memo key `_track_row` reads beyond the track: the actor's climb and spot (None on the
    ground)."""
    climb = gs.world.try_get(actor, Climbing)
    return None if climb is None else (climb, pa.x, pa.y)


def _track_row(gs: GameState, actor: int, pa, x: float, y: float, r: float, lift: float, h: float) -> tuple:
    """ENV-2: the actor's silhouette row at a point of its track: on the surface there (+3 K at level 2, MOV-10);
    at its own spot while it clings to a wall or hangs under a roof (MVA-10, TRT-SPIDER), the row an attack on it
    traces (`GameState.target_row`: raised by the K it climbed, or hanging down from the roof)."""
    if x == pa.x and y == pa.y and gs.world.has(actor, Climbing):
        return gs.target_row(actor)
    return (x, y, r, gs.board.surface_height(x, y) + lift, h)


_hypot = np.hypot               # numpy's hypot (math.hypot may differ in the last bit): the floats of fov_mask


def _traced_reason_arrays(gs: GameState, reactor: int, actor: int, track: list[tuple[float, float]], po, pa,
                          range_k: float, orad: float, r: float) -> str:
    """`_traced_reason` with numpy arrays over the whole track (`sight.fov_mask`): the only form between levels 1
    and 2 (MOV-12's 3D edge distance), the reference form at one level."""
    xs = np.fromiter((p[0] for p in track), float, len(track))
    ys = np.fromiter((p[1] for p in track), float, len(track))
    rs = np.full(len(track), r)
    if po.level == pa.level:
        fov = sight.fov_mask(po.x, po.y, po.facing, range_k, xs, ys, rs, orad=orad)
    else:
        # MOV-12 / BAS-3: between levels 1 and 2 the FOV range is a 3D edge distance (dz = LEVEL_2_HEIGHT)
        fov = sight.fov_mask(po.x, po.y, po.facing, math.inf, xs, ys, rs, orad=orad)
        gap = np.maximum(0.0, np.hypot(xs - po.x, ys - po.y) - r - orad)
        fov &= np.hypot(gap, LEVEL_2_HEIGHT) <= range_k + 1e-9
    if not fov.any():
        a = math.radians(po.facing)
        ahead = (xs - po.x) * math.cos(a) + (ys - po.y) * math.sin(a)
        return OUT_OF_RANGE if (ahead + r >= -1e-9).any() else NOT_IN_FOV
    h = gs.current_height(actor)
    lift = LEVEL_2_HEIGHT if pa.level == 2 else 0.0           # MOV-10: a level-2 base is 3 K above the surface
    rows = np.array([_track_row(gs, actor, pa, x, y, r, lift, h) for x, y, ok in zip(xs, ys, fov) if ok],
                    dtype=float)
    if any(c.has_los for c in sight.cover_query(gs.board, gs.eye(reactor), rows)):
        return BY_SIGHT
    reach = gs.sight_reach(reactor)          # TRT-META-VISION: it sees through opaque obstacles within its reach
    if reach is not None:
        gap = np.maximum(0.0, np.hypot(xs - po.x, ys - po.y) - r - orad)
        if po.level != pa.level:
            gap = np.hypot(gap, LEVEL_2_HEIGHT)
        if (fov & (gap <= reach + 1e-9)).any():
            return BY_SIGHT
    return NO_LOS


def behind_reason(ox: float, oy: float, facing: float, r: float, track: list[tuple[float, float]]) -> str | None:
    """REA-1 / ENV-1, the arc pre-filter of `sight_reason` (issue 20): at one level, if the actor's base (radius
    `r`) is wholly behind the reactor's front line at every point of `track` (the very expression of
    `sight.fov_mask`'s arc test, float for float, failing everywhere), no point is in its FOV whatever its range,
    and the answer is NOT_IN_FOV; None when some point touches the arc."""
    a = math.radians(facing)
    c, s = math.cos(a), math.sin(a)
    for p in track:
        if (p[0] - ox) * c + (p[1] - oy) * s + r >= -1e-9:
            return None
    return NOT_IN_FOV


#: K by which every point of a track must lie beyond the FOV range for `out_of_fov_reason` to answer (far above
#: the last-ulp difference between math.hypot and numpy's hypot)
FOV_MARGIN = 1e-6


def out_of_fov_reason(ox: float, oy: float, facing: float, range_k: float, orad: float, r: float,
                      track: list[tuple[float, float]]) -> str | None:
    """REA-1 / ENV-1, the cheap pre-filter of `sight_reason` (issue 20: most reaction windows end "no reaction",
    and most watchers are far or facing away): at one level, if every point of `track` is clearly beyond the
    reactor's FOV range (edge distance > range + FOV_MARGIN), no point is in its FOV, and the answer is the one
    `sight_reason` gives then: OUT_OF_RANGE if some point is in the arc (the very expression of `sight.fov_mask`,
    float for float), else NOT_IN_FOV. None when some point is near or within range: ask the full question."""
    limit = range_k + orad + r + FOV_MARGIN
    for p in track:
        if math.hypot(p[0] - ox, p[1] - oy) <= limit:
            return None
    return NOT_IN_FOV if behind_reason(ox, oy, facing, r, track) is not None else OUT_OF_RANGE


def action_noise(gs: GameState, actor: int, key: str, params: dict, moved: float) -> float:
    """REA-6 / ENV-6 / ENV-7: the noise of one resolved action: its weapon's (DMG × 2) for an attack, 2 × the
    K actually travelled for an action that moved the actor; the larger if both (rules.noise)."""
    # MVA-7: a silent move (Mover sin hacer ruido marks its params `_silent`) makes no movement noise
    out = noise.movement_noise(moved) if moved > 0 and not params.get("_silent") else 0.0
    if key in ("ranged_attack", "melee_attack") and isinstance(params.get("weapon"), int):
        out = max(out, noise.weapon_noise(gs.weapon(actor, params["weapon"])))
    return out


def hearers(gs: GameState, actor: int, noise_range: float, listeners: list[int]) -> set[int]:
    """REA-8: the listeners that hear a noise of `noise_range` K from the actor's base, walls muffling it (ENV-8,
    REA-7) and levels applying (rules.noise.who_hears)."""
    if noise_range <= 0 or not listeners:
        return set()
    return set(noise.who_hears(gs, actor, noise_range, listeners))


# --- the survey of a window (REA-1..3, REA-5, REA-8; the survey itself is rules.reactors) --------------------
def enemies_in_order(gs: GameState, actor: int, order: tuple[str, ...]) -> list[int]:
    """REA-3: the non-acting players in the turn's player order; within a side, entity-id order."""
    mine = gs.side(actor)
    sides = [s for s in order if s != mine] + [s for s in gs.sides if s != mine and s not in order]
    by_side: dict[str, list[int]] = {s: [] for s in sides}
    for e in gs.minis():                   # one pass over the miniatures (issue 20: asked at every window)
        got = by_side.get(gs.side(e))
        if got is not None and gs.on_table(e):
            got.append(e)
    out = []
    for s in sides:
        out += by_side[s]
    return out


# --- the reaction CH VOL (REA-2, GNA-8) ----------------------------------------------------------------------
def reaction_vol(gs: GameState, e: int) -> CheckResult:
    """REA-2: reacting needs a CH VOL (the character's own modifiers apply: panic, Muy miedoso, PSI-4, Apoyar).
    GNA-8: on guard, its target is raised by 2 and the state ends (the bonus is used)."""
    extra = []
    if reactive(gs, e).on_guard:
        extra.append(Modifier("GNA-8", 2, "on guard"))
        end_guard(gs, e)
    return roll_character_check(gs, None, e, "ATR", "VOL", "REA-2", "reaction CH VOL", extra=extra)


def end_guard(gs: GameState, e: int) -> None:
    """GNA-8: the on-guard state ends when its bonus is used or the character takes any other action."""
    if reactive(gs, e).on_guard:
        set_reactive(gs, e, on_guard=False)
        gs.world.emit("state_changed", "GNA-8", who=e, state="on_guard", value=False)


# --- hooks for combat (CBA-13; Esquivar en CaC, CBA-17, is rules.combat.dodge_contest) ----------------------
def counter_charge_mods(gs: GameState, attacker: int, target: int) -> list[Modifier]:
    """CBA-13: CH DEF +1 against the charger's one charge-boosted melee combat action (used up by it)."""
    r = gs.world.try_get(target, Reactive)
    if r is None or r.counter_charge != attacker or gs.effects(attacker).charge_target != target:
        return []
    set_reactive(gs, target, counter_charge=None)
    return [Modifier("CBA-13", 1, "counter-charge")]


def lapse_counter_charges(gs: GameState, charger: int) -> None:
    """CBA-13: the counter-charge lapses with the charge bonuses, at the end of the charger's activation."""
    table = gs.world.tables.get(Reactive, {})
    for e in sorted(table):
        if table[e].counter_charge == charger:
            set_reactive(gs, e, counter_charge=None)


# --- what re-validation needs (REA-4, CBA-12) ----------------------------------------------------------------
def overlaps_any(gs: GameState, e: int, x: float, y: float, level: int | None = None) -> bool:
    """BAS-2: would `e`'s base at (x, y) overlap another base on the table at its level (or at `level`)?"""
    r = gs.body(e).radius
    lvl = gs.pos(e).level if level is None else level
    for o in gs.minis():
        if o == e or not gs.on_table(o) or gs.pos(o).level != lvl:
            continue
        p = gs.pos(o)
        if math.hypot(p.x - x, p.y - y) < r + gs.body(o).radius - 1e-6:
            return True
    return any(gs.pos(t).level == lvl and math.hypot(gs.pos(t).x - x, gs.pos(t).y - y) < r + gs.body(t).radius - 1e-6
               for t in gs.world.query(Parked))                     # MVA-17: a driverless transport's base


def longest_legal_prefix(validate: Callable[[dict], Any], params: dict, start: tuple[float, float],
                         iterations: int = 8):
    """REA-4 / digest pipeline step 4: after a reaction "a move still goes as far as it can": the longest
    prefix of the declared path that is still legal (bisection on its length). Returns (prepared, params) or
    None."""
    pts = [tuple(start)] + [tuple(p) for p in params["path"]]
    total = sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(pts, pts[1:]))
    if total <= 1e-6:
        return None

    def prefix(s: float) -> list:
        out, left = [], s
        for a, b in zip(pts, pts[1:]):
            seg = math.hypot(b[0] - a[0], b[1] - a[1])
            if left >= seg:
                out.append([b[0], b[1]])
                left -= seg
                continue
            t = left / seg if seg else 0.0
            out.append([round(a[0] + (b[0] - a[0]) * t, 4), round(a[1] + (b[1] - a[1]) * t, 4)])
            break
        return out

    best = None
    lo, hi = 0.0, total
    for _ in range(iterations):
        mid = (lo + hi) / 2
        trial = dict(params, path=prefix(mid))
        try:
            best = (validate(trial), trial)
            lo = mid
        except RuleViolation:
            hi = mid
    return best

