"""Candidate decisions for controllers: concrete, parameterised actions an AI may try. Legality is always
decided by the engine (`Engine.check_action`), never here."""
from __future__ import annotations

import math

from wartime.core.errors import RuleViolation
from wartime.geometry.navigation import route
from wartime.geometry.movement import step_towards
from wartime.rules.sequence import Decision, Engine, Pending
from wartime.rules.state import GameState


def action(p: Pending, key: str, chain: bool = False, facing: float | None = None, **params) -> Decision:
    return Decision("action", p.side, actor=p.actor, action=key, params=params, chain=chain, facing=facing)


def legal_cost(engine: Engine, d: Decision) -> int | None:
    """The ENE cost if the decision is legal now, else None."""
    try:
        return engine.check_action(d.actor, d.action, d.params, d.chain, d.facing)
    except RuleViolation:
        return None


def contact_point(gs: GameState, actor: int, target: int, gap: float = 0.02) -> tuple[float, float]:
    """The point on the actor's side of the target where the two bases touch (edge gap `gap`)."""
    pa, pt = gs.pos(actor), gs.pos(target)
    d = math.hypot(pa.x - pt.x, pa.y - pt.y) or 1.0
    r = gs.body(actor).radius + gs.body(target).radius + gap
    return (round(pt.x + (pa.x - pt.x) / d * r, 4), round(pt.y + (pa.y - pt.y) / d * r, 4))


def path_towards(gs: GameState, actor: int, goal: tuple[float, float], max_len: float, *, plan: bool = True) -> list | None:
    """A legal-looking path towards goal: the straight helper, and (plan=True) A* around obstacles."""
    others, _ = gs.others_for_move(actor)
    p = gs.pos(actor)
    r, chest = gs.body(actor).radius, gs.chest_height(actor)
    path = step_towards(gs.board, (p.x, p.y), goal, r, max_len, others, chest)
    if not plan:
        pass
    elif path and math.hypot(path[-1][0] - goal[0], path[-1][1] - goal[1]) > 1e-6 and \
            math.hypot(path[-1][0] - p.x, path[-1][1] - p.y) < max_len - 1e-6:
        # the straight helper fell short of both the goal and the allowance: plan around obstacles
        planned = route(gs.board, (p.x, p.y), goal, r, max_len, others, chest)
        if planned:
            path = planned
    elif not path:
        path = route(gs.board, (p.x, p.y), goal, r, max_len, others, chest)
    if not path:
        return None
    pts = [[round(x, 4), round(y, 4)] for x, y in path]
    if pts and pts[0] == [round(p.x, 4), round(p.y, 4)]:
        pts = pts[1:]
    return pts or None


def facing_to(gs: GameState, actor: int, target: int) -> float:
    pt = gs.pos(target)
    return round(gs.facing_to(actor, pt.x, pt.y), 4)


# --- reactions (REA-1..5) -------------------------------------------------------------------------------
def reaction(p: Pending, key: str | None, **params) -> Decision:
    """A `react` decision for the pending reactor: reaction `key` with `params`, or pass (key None)."""
    return Decision("react", p.side, actor=p.actor, action=key, params=params if key is not None else {})


def legal_reaction_cost(engine: Engine, d: Decision) -> int | None:
    """The ENE cost if the reaction is legal now (no CH VOL is rolled), else None."""
    try:
        return engine.check_reaction(d.actor, d.action, d.params)
    except RuleViolation:
        return None


def flee_path(gs: GameState, actor: int, away_from: int, angle_offset: float = 0.0, k: float = 3.0) -> list | None:
    """A Huir (CBA-24) path: up to `k` K straight away from `away_from` (turned by `angle_offset` degrees)."""
    pa, pt = gs.pos(actor), gs.pos(away_from)
    ang = math.atan2(pa.y - pt.y, pa.x - pt.x) + math.radians(angle_offset)
    goal = (pa.x + k * math.cos(ang), pa.y + k * math.sin(ang))
    return path_towards(gs, actor, goal, k, plan=False)
