"""The objective zone of a ``victory = "objective"`` scenario (BLD-22: an adventure sets its own objectives; the
format: docs/data-formats.md, "Victory").

One side must reach a zone: it wins as soon as it ends a turn (SEQ-1) with at least `count` able characters on the
table whose base centres lie inside the zone (a passenger aboard a transport is off the table and does not count:
it must get off there, MVA-17). Otherwise the game goes on, and at the turn limit it is judged as a
``fewer_casualties`` game (rules/turns.py). The zone is static setup, like the board: `GameState.objective`."""
from __future__ import annotations

from dataclasses import dataclass

import shapely
from shapely.geometry import Point, Polygon

from wartime.rules.state import GameState

#: SEQ-1: the end reason of a game won on the objective.
REASON = "objective"


@dataclass(frozen=True)
class Objective:
    """BLD-22: the zone `side` must hold with `count` able characters at the end of a turn."""

    name: str
    side: str
    count: int
    zone: Polygon

    def contains(self, x: float, y: float) -> bool:
        """Whether the point lies in the zone or on its edge."""
        return self.zone.covers(Point(x, y))

    def centre(self) -> tuple[float, float]:
        """A point inside the zone (its representative point: the centroid when the zone is convex)."""
        c = self.zone.centroid if self.zone.contains(self.zone.centroid) else self.zone.representative_point()
        return (c.x, c.y)


def install(gs: GameState, spec) -> None:
    """Set the scenario's objective (data.models.ObjectiveSpec, or None) on the game state."""
    if spec is None:
        gs.objective = None
        return
    zone = Polygon(spec.zone)
    shapely.prepare(zone)                       # many point tests per game: prepared once
    gs.objective = Objective(spec.name, spec.side, spec.count, zone)


def objective_of(gs: GameState) -> Objective | None:
    return getattr(gs, "objective", None)


def in_zone(gs: GameState, e: int) -> bool:
    """BLD-22: `e` stands in the objective zone (its base centre; on the table: not a passenger, not removed)."""
    goal = objective_of(gs)
    if goal is None or not gs.on_table(e):
        return False
    p = gs.pos(e)
    return goal.contains(p.x, p.y)


def holders(gs: GameState) -> list[int]:
    """BLD-22: the able characters of the objective's side in the zone now, in id order."""
    goal = objective_of(gs)
    if goal is None:
        return []
    return [e for e in gs.minis() if gs.side(e) == goal.side and gs.able(e) and in_zone(gs, e)]


def reached(gs: GameState) -> str | None:
    """BLD-22, checked at the end of each turn: the objective's side when it holds the zone with enough able
    characters, else None."""
    goal = objective_of(gs)
    if goal is None:
        return None
    return goal.side if len(holders(gs)) >= goal.count else None
