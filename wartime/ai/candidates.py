"""Candidate decisions for controllers: concrete, parameterised actions an AI may try. Every key comes from the
pending decision's options (`Pending.options`) and is chosen by its action's metadata (`is_attack`, `moves`,
`category`, `rule`, the kinds of its declared `params`); discrete choices (targets, weapons) come from the
engine (`Engine.legal_options`); paths are the engine's own helper (`rules.actions.params.CandidateSpace`).
Legality is always decided by the engine (`Engine.check_action` / `Engine.check_reaction`), never here."""
from __future__ import annotations

from dataclasses import replace

import json
import math
from functools import lru_cache
from weakref import WeakKeyDictionary

from wartime.core.errors import RuleViolation
from wartime.rules import riding
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.params import CandidateSpace
from wartime.rules.sequence import Decision, Engine, Pending
from wartime.rules.state import GameState


def action(p: Pending, key: str, chain: bool = False, facing: float | None = None, **params) -> Decision:
    return Decision("action", p.side, actor=p.actor, action=key, params=params, chain=chain, facing=facing)


def legal_cost(engine: Engine, d: Decision) -> int | None:
    """The ENE cost if the decision is legal now, else None. Answered once per state (`_asked`): the tactics of one
    decision ask the same decision again (a charge weighed, then priced for a stim; the chosen decision checked
    before it is returned), and a third of the scripted AI's checks were repeats (issue 20)."""
    memo, key = _asked(engine, ("action", d.actor, d.action, d.params, d.chain, d.facing))
    if memo is not None and key in memo:
        return memo[key]
    try:
        cost = engine.check_action(d.actor, d.action, d.params, d.chain, d.facing)
    except RuleViolation:
        cost = None
    if memo is not None:
        memo[key] = cost
    return cost


#: {world: (version, {question: answer})}: the engine's dry-run answers (`legal_cost`, `legal_reaction_cost`) for
#: the world's current version only. A version names one state (versions are never reused, and a trial change undone
#: exactly gets its old version back: `World.revert_version`), and every rule a dry run reads is in the world (the
#: flow is a world resource), so an answer kept for a version is the engine's answer; the table is dropped as soon
#: as the version moves on (`tests/ai/test_scripted_shortcuts.py` compares it with fresh answers in whole games).
_ASKED: WeakKeyDictionary = WeakKeyDictionary()
#: a question's key: its canonical JSON (one encoder, not one per call as `json.dumps` builds)
_KEY = json.JSONEncoder(sort_keys=True, check_circular=False).encode


def _asked(engine: Engine, question: tuple) -> tuple[dict | None, str | None]:
    """The answers kept for the engine's world at its current version, and `question` as their key (None, None
    when the parameters are not plain JSON values: then nothing is kept)."""
    world = engine.gs.world
    try:
        key = _KEY(question)
    except (TypeError, ValueError, RecursionError):
        return None, None
    got = _ASKED.get(world)
    if got is None or got[0] != world.version:
        got = (world.version, {})
        _ASKED[world] = got
    return got[1], key


# --- which offered key does what (action metadata) ------------------------------------------------------
def param_kinds(key: str) -> frozenset[str]:
    return frozenset(q.kind for q in REGISTRY[key].params)


def offered(p: Pending, *, is_attack: bool | None = None, moves: bool | None = None, kinds: tuple = (),
            without: tuple = (), reaction_only: bool | None = None) -> list[str]:
    """The keys the pending decision offers whose action has the given metadata: `is_attack`, `moves`,
    `reaction_only` (None = either), every parameter kind in `kinds` and none in `without`."""
    return list(_offered(tuple(p.options), is_attack, moves, tuple(kinds), tuple(without), reaction_only,
                         len(REGISTRY)))


@lru_cache(maxsize=2048)
def _offered(options: tuple, is_attack, moves, kinds: tuple, without: tuple, reaction_only,
             registered: int) -> tuple[str, ...]:
    """`offered` memoised on the offered keys and the filter (`registered`: the registry's size, so a test
    that registers an action is not answered from before it)."""
    out = []
    for k in options:
        a = REGISTRY.get(k)
        if a is None or (is_attack is not None and a.is_attack != is_attack) or \
                (moves is not None and a.moves != moves) or \
                (reaction_only is not None and a.reaction_only != reaction_only):
            continue
        pk = param_kinds(k)
        if all(x in pk for x in kinds) and not any(x in pk for x in without):
            out.append(k)
    return tuple(out)


def by_rule(p: Pending, rule: str, *, free: bool | None = None) -> str | None:
    """The offered key whose action implements rule `rule` (e.g. 'MVA-4' Agacharse), None if not offered: the
    strategy knows what a rule does, the engine says whether it is on offer. `free` tells apart two actions of one
    rule by their metadata (GNA-9: Esconderse costs ENE, the discovery roll is free; None = either)."""
    return _by_rule(tuple(p.options), rule, free, len(REGISTRY))


@lru_cache(maxsize=4096)
def _by_rule(options: tuple, rule: str, free: bool | None, registered: int) -> str | None:
    """`by_rule` memoised on the offered keys (issue 20: the scripted AI asks it ~20 times a decision over the
    same few dozen keys; `registered` as in `_offered`)."""
    return next((k for k in options if k in REGISTRY and REGISTRY[k].rule == rule
                 and (free is None or bool(REGISTRY[k].free) == free)), None)


def end_key(p: Pending) -> str:
    """ENE-4: the key that ends the activation (a free action without parameters)."""
    for k in list(p.options) + sorted(REGISTRY):
        a = REGISTRY.get(k)
        if a is not None and a.free and not a.params and a.rule == "ENE-4":
            return k
    raise LookupError("no action ends an activation (ENE-4)")


def path_moves(gs: GameState, p: Pending) -> list[tuple[str, float]]:
    """(key, allowance) of the offered movement actions that take a drawn path and say how far they go
    (`allowance`: MVA-1..3), shortest allowance first."""
    out = []
    for k in offered(p, is_attack=False, moves=True, kinds=("path",)):
        fn = getattr(REGISTRY[k], "allowance", None)
        if fn is not None:
            out.append((k, float(fn(gs, p.actor))))
    return sorted(out, key=lambda ka: (ka[1], ka[0]))


def move_towards(match, p: Pending, goal: tuple[float, float]) -> Decision | None:
    """The longest offered path move (MVA-1..3) towards `goal` along the route (`path_towards`) the engine
    accepts, shorter allowances next; None when none is legal."""
    gs, engine = match.gs, match.engine
    for key, allowance in reversed(path_moves(gs, p)):
        path = path_towards(gs, p.actor, goal, allowance)
        if not path:
            continue
        d = action(p, key, path=path)
        if legal_cost(engine, d) is not None:
            return d
    return None


def options_of(engine: Engine, keys, accept=None, target: int | None = None) -> list:
    """The engine's legal options (`Engine.legal_options`) of `keys`, in order; `accept` (a predicate on the
    parameters) narrows the candidates before the engine validates them (`target`: the one enemy it accepts
    options against, drawn alone: issue 20). The scripted tactics weigh characters:
    an attack or hack on a driverless transport (MVA-17, rules.parked: no casualty, no victory points) is left
    out of them."""
    gs = engine.gs
    if riding.parked(gs):
        def accept(params, _given=accept):
            return not riding.is_parked(gs, params.get("target")) and (_given is None or _given(params))
    out = []
    for k in keys:
        out.extend(engine.legal_options(k, accept, target))
    return out


# --- geometry helpers (the engine's own) ------------------------------------------------------------------
def contact_point(gs: GameState, actor: int, target: int, gap: float = 0.02) -> tuple[float, float]:
    """The point on the actor's side of the target where the two bases touch (`CandidateSpace.contact_point`)."""
    return CandidateSpace(gs, actor).contact_point(target, gap)


def free_contact_points(gs: GameState, actor: int, target: int, gap: float = 0.02) -> list[tuple[float, float]]:
    """Where the actor's base may touch the target's: the point on the actor's side, then points turned ±35°, ±70°
    round the target; only those no other base on the table overlaps (BAS-2: an ally down beside the target may
    hold the first). A cheap geometric filter: the engine still judges each path."""
    pa, pt = gs.pos(actor), gs.pos(target)
    ra = gs.body(actor).radius
    r = ra + gs.body(target).radius + gap
    base = math.atan2(pa.y - pt.y, pa.x - pt.x)
    spots = [contact_point(gs, actor, target, gap)]
    for deg in (35, -35, 70, -70):
        a = base + math.radians(deg)
        spots.append((round(pt.x + math.cos(a) * r, 4), round(pt.y + math.sin(a) * r, 4)))
    others = [(gs.pos(o), gs.body(o).radius) for o in gs.minis()
              if o not in (actor, target) and gs.on_table(o) and gs.pos(o).level == pa.level]
    return [q for q in spots
            if all(math.hypot(q[0] - po.x, q[1] - po.y) >= ra + ro - 1e-6 for po, ro in others)]


def contact_paths(gs: GameState, actor: int, target: int, allowance: float):
    """Paths into base contact with `target` within `allowance` K (a charge, a close-in move): straight to each
    free contact point in reach, then along the A* route to the first free one it reaches. A path that stops short of contact
    is no use here, so no shortened or detoured straight line is tried (the engine judges each path)."""
    pa = gs.pos(actor)
    spots = free_contact_points(gs, actor, target)
    for q in spots:
        if math.hypot(q[0] - pa.x, q[1] - pa.y) <= allowance - 1e-4:
            yield [[q[0], q[1]]]
    space = CandidateSpace(gs, actor)
    for q in spots:                     # along the A* route: the first free spot it reaches (a wall in between)
        if math.hypot(q[0] - pa.x, q[1] - pa.y) > allowance + 2e-3:
            continue                    # out of reach: a path of `allowance` K cannot end within 1e-3 K of it
        path = space.path_to(q, allowance)
        if path and len(path) > 1 and math.hypot(path[-1][0] - q[0], path[-1][1] - q[1]) < 1e-3:
            yield path
            return


def straight_path(gs: GameState, actor: int, heading: float, length: float) -> list | None:
    """A one-leg path of `length` K (a hair less: 4-decimal rounding, MOV-3) from the actor at `heading` radians,
    None if its end leaves the board; the engine judges the rest (terrain, bases) when the decision is checked.
    A cheap candidate for spots scored by what is seen from them (no shortened or detoured variants)."""
    p, r = gs.pos(actor), gs.body(actor).radius
    d = max(0.0, length - 1e-3)
    x, y = p.x + d * math.cos(heading), p.y + d * math.sin(heading)
    if d <= 0.0 or not (r <= x <= gs.board.width - r and r <= y <= gs.board.height - r):
        return None
    return [[round(x, 4), round(y, 4)]]


def path_towards(gs: GameState, actor: int, goal: tuple[float, float], max_len: float, *, plan: bool = True) -> list | None:
    """A path towards goal of at most `max_len` K (`CandidateSpace.path_to`: straight, A* around obstacles)."""
    return CandidateSpace(gs, actor).path_to(goal, max_len, plan=plan)


def facing_to(gs: GameState, actor: int, target: int) -> float:
    return CandidateSpace(gs, actor).facing_to(target)


# --- reactions (REA-1..5) -------------------------------------------------------------------------------
def reaction(p: Pending, key: str | None, **params) -> Decision:
    """A `react` decision for the pending reactor: reaction `key` with `params`, or pass (key None)."""
    return Decision("react", p.side, actor=p.actor, action=key, params=params if key is not None else {})


def legal_reaction_cost(engine: Engine, d: Decision) -> int | None:
    """The ENE cost if the reaction is legal now (no CH VOL is rolled), else None; answered once per state as
    `legal_cost`."""
    memo, key = _asked(engine, ("react", d.actor, d.action, d.params))
    if memo is not None and key in memo:
        return memo[key]
    try:
        cost = engine.check_reaction(d.actor, d.action, d.params)
    except RuleViolation:
        cost = None
    if memo is not None:
        memo[key] = cost
    return cost


def flee_path(gs: GameState, actor: int, away_from: int, angle_offset: float = 0.0, k: float = 3.0) -> list | None:
    """A Huir (CBA-24) path: up to `k` K straight away from `away_from` (turned by `angle_offset` degrees)."""
    pa, pt = gs.pos(actor), gs.pos(away_from)
    ang = math.atan2(pa.y - pt.y, pa.x - pt.x) + math.radians(angle_offset)
    goal = (pa.x + k * math.cos(ang), pa.y + k * math.sin(ang))
    return path_towards(gs, actor, goal, k, plan=False)


def at_spot(gs: GameState, e: int, spot: tuple[float, float], ask):
    """`ask()` answered with `e` standing at `spot` (a trial move, undone exactly: the world version too)."""
    old = gs.pos(e)
    version = gs.world.version
    gs.world.set(e, replace(old, x=spot[0], y=spot[1]))
    try:
        return ask()
    finally:
        gs.world.set(e, old)
        gs.world.revert_version(version)
