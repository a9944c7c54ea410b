"""Who flies (MOV-10, MVA-15, MVA-16): the levels a character's traits and its transport reach, and whether it
stands on a perch (level 2 without flying). Below the actions (rules.actions.flight re-exports them) so that a rule
outside an action can ask (rules/scenery_breaking.py: a perch on a destroyed piece)."""
from __future__ import annotations

from wartime.rules import riding, traits
from wartime.rules.state import GameState


def flight_levels(gs: GameState, e: int) -> frozenset[int]:
    """MOV-10 / MVA-15: the levels a character can move at: 1, plus those its traits give (trait hook point
    `flight_levels`: TRT-GLIDER, TRT-SUB); MVA-15 / MVA-16: a flying transport moves at levels 1 to 3."""
    m = riding.mount(gs, e)
    own = frozenset({1, 2, 3}) if m is not None and m.flies else frozenset()
    return frozenset({1}) | traits.flight_levels(gs, e) | own


def can_fly(gs: GameState, e: int) -> bool:
    """MVA-16 requirement: a model able to fly (to move at level 2 or above)."""
    return any(lv >= 2 for lv in flight_levels(gs, e))


def perched(gs: GameState, e: int) -> bool:
    """MOV-10: a character at level 2 that cannot fly stands on top of a piece 3 K high (a scenario perch)."""
    return gs.pos(e).level == 2 and not can_fly(gs, e)
