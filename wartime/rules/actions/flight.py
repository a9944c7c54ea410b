"""Who flies and what flying forbids (MOV-10, MOV-13, MVA-15): the levels a character's traits reach, whether it
stands on a perch, and the level-3 limits on the actions it may take. Shared by the movement, altitude and combat
actions and by rules.restrictions; the altitude actions themselves are rules.actions.altitude."""
from __future__ import annotations

from wartime.core.errors import RuleViolation
from wartime.rules import traits
from wartime.rules.actions.base import REGISTRY
from wartime.rules.flying import can_fly, flight_levels, perched  # noqa: F401  (below the actions: shared)
from wartime.rules.state import GameState


def previous_action(gs: GameState, e: int) -> str | None:
    """The key of the last action `e` took in its current activation (None if none yet), read back from the
    event log (it is part of the state: snapshots restore it)."""
    for ev in reversed(gs.world.events):
        if ev.get("who") != e:
            continue
        if ev["type"] == "activation_start":
            return None
        if ev["type"] == "action":
            return ev.get("action")
    return None


def is_movement(action) -> bool:
    """MOV-13: movement actions are the MVA family and any action that moves the mini (Cargar...)."""
    return action.category == "movement" or bool(getattr(action, "moves", False))


def flight_restrictions(gs: GameState, actor: int, action) -> None:
    """MOV-13: at level 3 a mini cannot take 2 non-movement actions in a row within one activation, nor
    Pivotar or 180° (a trait may lift both: hook point `level3_limits`, TRT-AEROSTATIC). Raises RuleViolation."""
    if gs.pos(actor).level != 3 or action.free or traits.lifts_level3_limits(gs, actor):
        return
    if action.key in ("pivot", "turn_180"):
        raise RuleViolation("MOV-13", "at level 3 a mini cannot pivot or turn 180°")
    if is_movement(action):
        return
    flow = gs.world.resources.get("flow")
    if flow is None or getattr(flow, "active", None) != actor or getattr(flow, "stage", "action") != "action":
        return                   # "in a row" is within its own activation: a reaction is not part of it
    prev = previous_action(gs, actor)
    if prev is not None and prev in REGISTRY and not is_movement(REGISTRY[prev]):
        raise RuleViolation("MOV-13", "at level 3 a mini cannot take two non-movement actions in a row")
