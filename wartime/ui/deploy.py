"""Deployment in the window (issue 14, rules/deployment.py): before turn 1 a human side places its miniatures in its
zone: click one of its miniatures, then click where it should stand, or drag it there; every placement is checked
by the engine's own deployment rules at once (a refused spot is named with its rule and undone). "Deploy" submits
the plan as the side's 'deploy' decision, "Auto-deploy" keeps the default spots, "Reset" forgets the plan. The plan
is drawn as the miniatures' displayed positions (DrawOptions.overrides): nothing changes in the game until the
decision is submitted."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from wartime.core.errors import RuleViolation
from wartime.rules import deployment
from wartime.rules.sequence import Decision
from wartime.ui import theme


@dataclass
class DeployPlan:
    side: str
    plan: dict[int, tuple[float, float, float]] = field(default_factory=dict)   # id → x, y, facing
    dragging: int | None = None
    drag_from: tuple[float, float, float] | None = None

    def spot(self, gs, e: int) -> tuple[float, float, float]:
        if e in self.plan:
            return self.plan[e]
        p = gs.pos(e)
        return (p.x, p.y, p.facing)

    def params(self) -> dict:
        return {"positions": {str(e): [round(x, 2), round(y, 2), round(f, 1)]
                              for e, (x, y, f) in sorted(self.plan.items())}} if self.plan else {}

    def decision(self) -> Decision:
        return Decision("deploy", self.side, params=self.params())

    def place(self, gs, e: int, x: float, y: float) -> RuleViolation | None:
        """Try `e` at (x, y), facing the board centre; keep it only if the engine accepts the whole plan."""
        facing = math.degrees(math.atan2(gs.board.height / 2 - y, gs.board.width / 2 - x)) % 360.0
        trial = dict(self.plan)
        trial[e] = (round(x, 2), round(y, 2), round(facing, 1))
        try:
            deployment.check(gs, self.side, DeployPlan(self.side, trial).params())
        except RuleViolation as exc:
            return exc
        self.plan = trial
        return None

    def overrides(self) -> dict[int, tuple[float, float, float]]:
        return dict(self.plan)


def draw_panel(surface, area: pygame.Rect, gui, plan: DeployPlan, gs, name) -> None:
    """The side panel while a human side deploys: what to do, the three buttons, who has been moved."""
    x, y = area.x, area.y
    for line in theme.wrap("Click one of your miniatures, then where it should stand in your zone (or drag it). "
                           "Each spot is checked at once.", area.width, 13):
        theme.blit_text(surface, line, (x, y), 13, theme.TEXT_DIM)
        y += 17
    y += 6
    colour = theme.SIDE_DARK.get(plan.side)
    gui.button(surface, (x, y, area.width, 32), "Deploy here  (Enter)", "deploy_done", colour=colour)
    y += 38
    half = (area.width - 6) // 2
    gui.button(surface, (x, y, half, 26), "Auto-deploy", "deploy_auto", size=13,
               tooltip=("Deployment", "Keep the default spots: a lattice of the zone, nearest its centre first."))
    gui.button(surface, (x + half + 6, y, half, 26), "Reset", "deploy_reset", size=13)
    y += 34
    moved = [e for e in sorted(plan.plan)]
    theme.blit_text(surface, f"{len(moved)} moved" + (": " + ", ".join(name(e).split(' ', 1)[-1] for e in moved)
                                                      if moved else ""), (x, y), 12, theme.TEXT_DIM)
