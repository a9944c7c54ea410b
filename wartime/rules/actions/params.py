"""What an action asks for, and the candidate values the engine offers for it (ACT-1, ACT-5).

Every action declares its parameters (`Action.params`, a tuple of `Param`) and enumerates candidates for them
(`Action.candidates`). A candidate is *not* a promise: the engine validates each one with the same code that
validates a submitted decision (`Engine.check_action` / `Engine.check_reaction`), and `Engine.legal_options`
yields only the candidates that pass.

Discrete parameters (a target, a weapon, a level, a mode) are enumerated in full. Continuous ones (a path, an
aim point) come as a documented, deterministic candidate set, and any other value you supply is validated the
same way:
* **paths** (`kind='path'`, up to an allowance A): `CandidateSpace.paths` — the straight line towards each of the 8
  compass points (0°, 45°, …, 315°, east first, counter-clockwise) at distance A, then at A / 2, each stopped at
  the board edge; then a path to the base-contact point of every enemy and of every ally in id order (the
  straight or two-leg helper `geometry.movement.step_towards`, planned around terrain with A*,
  `geometry.navigation.route`, when it falls short), clipped to A. Duplicates are dropped.
* **aim points** (`kind='point'`): the centre of every enemy in id order.
Candidates are built lazily (`Candidate.build`), because planning a path costs far more than listing a key."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from wartime.geometry.measure import ENGAGED_GAP
from wartime.geometry.movement import step_towards
from wartime.geometry.navigation import route
from wartime.rules import riding
from wartime.rules.state import GameState

#: parameter kinds a controller or a window understands
PARAM_KINDS = ("enemy", "ally", "character", "weapon", "path", "point", "level", "choice", "facing",
               "metahability")                                       # MET-2 / MET-6: an index into Metahabilities


@dataclass(frozen=True)
class Param:
    """One parameter of an action: its `name` in the decision's params, its `kind` (PARAM_KINDS), whether it may
    be left out, the fixed `choices` of a 'choice' parameter, and a line of help naming the rule."""
    name: str
    kind: str
    doc: str
    optional: bool = False
    choices: tuple = ()


@dataclass(frozen=True)
class Candidate:
    """A candidate decision for one action key: `facing` is the free turn before acting (MOV-5, None = none), and
    `make()` returns the parameters (None when, e.g., no path exists). `label` says what it is for a human."""
    key: str
    make: Callable[[], dict | None]
    facing: float | None = None
    label: str = ""
    #: issue 20: a cheap test, True only when the engine refuses whatever `make` builds (or `make` builds None), so
    #: a controller that keeps only legal candidates may skip building it (e.g. `CandidateSpace.beyond_reach`)
    refused: Callable[[], bool] | None = None

    def build(self) -> dict | None:
        return self.make()

    def surely_refused(self) -> bool:
        """True when the engine would refuse this candidate whatever it builds (`refused`); False says nothing."""
        return self.refused is not None and self.refused()


def _rounded(pts) -> list[list[float]]:
    return [[round(float(x), 4), round(float(y), 4)] for x, y in pts]


def _within(start: tuple[float, float], pts: list[list[float]], allowance: float) -> list[list[float]]:
    """MOV-3: waypoints rounded to 4 decimals can make a path that used its whole allowance a hair longer than it
    (2.00003 K for 2 K) and the engine rejects it: pull the last waypoint back along its leg until the path,
    measured from the real start, is within the allowance again."""
    chain = [start] + [(q[0], q[1]) for q in pts]
    length = sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(chain, chain[1:]))
    if length <= allowance or len(chain) < 2:
        return pts
    (ax, ay), (bx, by) = chain[-2], chain[-1]
    leg = math.hypot(bx - ax, by - ay)
    excess = length - allowance + 2e-4                  # more than a 4-decimal rounding can add back
    if leg <= excess:
        return pts
    f = (leg - excess) / leg
    return pts[:-1] + [[round(ax + (bx - ax) * f, 4), round(ay + (by - ay) * f, 4)]]


#: the 8 compass directions of `path_goals`: (k, cos, sin) of 45°·k (computed once, the same floats)
_COMPASS = tuple((k, math.cos(math.radians(45.0 * k)), math.sin(math.radians(45.0 * k))) for k in range(8))


def _contact(gs: GameState, pa, ra: float, target: int, gap: float) -> tuple[float, float]:
    """`CandidateSpace.contact_point` for an actor standing at `pa` with base radius `ra`."""
    pt = gs.pos(target)
    d = math.hypot(pa.x - pt.x, pa.y - pt.y) or 1.0
    r = ra + gs.body(target).radius + gap
    return (round(pt.x + (pa.x - pt.x) / d * r, 4), round(pt.y + (pa.y - pt.y) / d * r, 4))


@dataclass
class CandidateSpace:
    """The situation candidates are drawn for: the acting (or reacting) character and, in a reaction window, the
    acting character it answers (`against`). Helpers here are deterministic functions of the game state."""
    gs: GameState
    actor: int
    against: int | None = None
    reaction: bool = False
    _paths: dict = field(default_factory=dict)
    #: issue 20: the one enemy a caller wants candidates against (`options.legal_options`' `target`): `enemies`
    #: names it alone (when it is one of them), so a generator drawing a candidate per enemy builds only its own
    only: int | None = None

    # --- characters --------------------------------------------------------------------------------------
    def enemies(self) -> list[int]:
        """Able enemies, the acting character a reaction answers first, then in id order (with `only`: that one, if
        it is among them)."""
        out = self.gs.enemies(self.actor)
        forced = self.gs.compelled_allies(self.actor)      # a compulsion may aim at an ally (TRT-MURDEROUS-MADNESS)
        if forced:
            out = out + forced
        if self.only is not None:
            return [self.only] if self.only in out else []
        if self.against is not None and self.against in out:
            out = [self.against] + [e for e in out if e != self.against]
        return out

    def allies(self) -> list[int]:
        return self.gs.allies(self.actor)

    def weapons(self, *, ranged: bool | None = None) -> list[int]:
        """Indexes of the actor's usable weapons (not disabled), ranged / melee / all."""
        out = []
        for i, w in enumerate(self.gs.equipment(self.actor).weapons):
            if getattr(w, "disabled", False):
                continue
            if ranged is None or bool(w.ranged) == ranged:
                out.append(i)
        return out

    def facing_to(self, target: int) -> float:
        """The facing towards `target`: a character's free turn before it acts (MOV-5). A transport has no free turn
        (MOV-6, rules/riding.py): for its driver this is its own facing, so candidates are taken as it stands."""
        if riding.drives(self.gs, self.actor):
            return self.gs.pos(self.actor).facing
        pt = self.gs.pos(target)
        return round(self.gs.facing_to(self.actor, pt.x, pt.y), 4)

    def contact_point(self, target: int, gap: float = 0.02) -> tuple[float, float]:
        """The point on the actor's side of `target` where the two bases touch (edge gap `gap`)."""
        gs = self.gs
        return _contact(gs, gs.pos(self.actor), gs.body(self.actor).radius, target, gap)

    def beyond_reach(self, target: int, reach: float) -> bool:
        """MOV-3, CMB-11 (issue 20): True when no path of at most `reach` K can end with the actor's base in contact
        with `target`'s: every spot in contact (edges at most CMB-11's gap apart) is farther than `reach` from the
        actor in a straight line, and a path is never shorter than the straight line to its end. False says nothing
        (and on the square grid, MOV-15, whose contacts are the squares', it is never answered)."""
        gs = self.gs
        if gs.board.grid:
            return False
        pa, pt = gs.pos(self.actor), gs.pos(target)
        touch = gs.body(self.actor).radius + gs.body(target).radius + ENGAGED_GAP
        return math.hypot(pa.x - pt.x, pa.y - pt.y) - touch > reach + 1e-6

    # --- paths ---------------------------------------------------------------------------------------------
    def path_to(self, goal: tuple[float, float], allowance: float, *, plan: bool = True) -> list | None:
        """A path (without the start point) from the actor towards `goal`, at most `allowance` K: the straight
        helper first, then (plan=True) A* around obstacles when the helper falls short of both the goal and the
        allowance. None when there is none. Memoised per (goal, allowance, plan) for this space."""
        key = (round(goal[0], 4), round(goal[1], 4), round(allowance, 4), plan)
        if key in self._paths:
            return self._paths[key]
        gs = self.gs
        others, _ = gs.others_for_move(self.actor)
        p = gs.pos(self.actor)
        r, chest = gs.body(self.actor).radius, gs.chest_height(self.actor)
        path = step_towards(gs.board, (p.x, p.y), goal, r, allowance, others, chest)
        if plan and (not path or (math.hypot(path[-1][0] - goal[0], path[-1][1] - goal[1]) > 1e-6
                                  and math.hypot(path[-1][0] - p.x, path[-1][1] - p.y) < allowance - 1e-6)):
            planned = route(gs.board, (p.x, p.y), goal, r, allowance, others, chest)
            if planned:
                path = planned
        out = None
        if path:
            pts = _rounded(path)
            if pts and pts[0] == [round(p.x, 4), round(p.y, 4)]:
                pts = pts[1:]
            out = _within((p.x, p.y), pts, allowance) if pts else None
        self._paths[key] = out
        return out

    def path_goals(self, allowance: float) -> list[tuple[str, tuple[float, float], bool]]:
        """The documented goal set of `paths`: (label, goal, plan) — 8 compass points at `allowance` and at half of
        it (straight lines, plan False), then the contact point of every enemy, then of every ally (planned)."""
        gs = self.gs
        p = gs.pos(self.actor)
        r = gs.body(self.actor).radius
        goals = []
        for dist in (allowance, allowance / 2.0):
            for k, dx, dy in _COMPASS:
                t = dist
                # stop at the board edge (the base stays on the table)
                if dx > 1e-9:
                    t = min(t, (gs.board.width - r - p.x) / dx)
                elif dx < -1e-9:
                    t = min(t, (r - p.x) / dx)
                if dy > 1e-9:
                    t = min(t, (gs.board.height - r - p.y) / dy)
                elif dy < -1e-9:
                    t = min(t, (r - p.y) / dy)
                if t > 0.05:
                    goals.append((f"{45 * k}° {t:.1f} K", (p.x + t * dx, p.y + t * dy), False))
        # the contact points (`contact_point`), the actor read once (issue 20)
        for e in self.enemies():
            goals.append((f"towards {gs.name(e)}", _contact(gs, p, r, e, 0.02), True))
        for a in self.allies():
            goals.append((f"towards {gs.name(a)}", _contact(gs, p, r, a, 0.02), True))
        return goals

    def paths(self, key: str, allowance: float, *, facing: float | None = None,
              extra: dict[str, Any] | None = None) -> Iterator[Candidate]:
        """Path candidates for action `key` (see the module docstring); `extra` params are added to each."""
        for label, goal, plan in self.path_goals(allowance):
            def make(goal=goal, plan=plan):
                if plan:
                    path = self.path_to(goal, allowance)
                else:                                    # a straight line: the engine judges it
                    path = _rounded([goal])
                return None if path is None else {**(extra or {}), "path": path}
            yield Candidate(key, make, facing, label)


def no_params(key: str) -> list[Candidate]:
    """The one candidate of an action without parameters."""
    return [Candidate(key, lambda: {})]
