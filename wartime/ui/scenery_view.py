"""Movable scenery on the table (issue 16, scenery; rules/scenery_objects.py): the static layer draws every piece
where the scenario set it, so a piece that was thrown gets its old footprint covered with churned ground and is
drawn where it landed (a painted body with a darker roof and a dashed outline); a smashed one leaves only the
churned ground. Unmoved movable pieces get a thin dashed outline (they can be thrown). Nothing is drawn in a game
without movable pieces."""
from __future__ import annotations

import pygame

from wartime.core.components import MovedPiece
from wartime.rules.state import GameState
from wartime.ui import theme

GROUND = (86, 92, 60)
BODY = (150, 62, 48)
ROOF = (96, 40, 32)
OUTLINE = (235, 220, 170)


def _screen(view, poly) -> list:
    return [view.to_screen(x, y) for x, y in list(poly.exterior.coords)[:-1]]


def draw(view, surface: pygame.Surface, gs: GameState) -> None:
    """The movable pieces as they stand now, under the miniatures."""
    if gs.movables is None:
        return
    for pid, el in gs.movables.items():
        m = gs.world.get(el, MovedPiece)
        home = gs.scenario_board.piece(pid).polygon
        if not (m.dx or m.dy or m.gone):
            pts = _screen(view, home)
            for a, b in zip(pts, pts[1:] + pts[:1]):
                theme.dashed_line(surface, OUTLINE, a, b, 5, 1)
            continue
        pygame.draw.polygon(surface, GROUND, _screen(view, home))
        if m.gone:
            continue
        now = gs.board.piece(pid).polygon
        pts = _screen(view, now)
        pygame.draw.polygon(surface, BODY, pts)
        inner = now.buffer(-min(0.3, 0.25 * min(now.bounds[2] - now.bounds[0], now.bounds[3] - now.bounds[1])))
        if not inner.is_empty and inner.geom_type == "Polygon":
            pygame.draw.polygon(surface, ROOF, _screen(view, inner))
        for a, b in zip(pts, pts[1:] + pts[:1]):
            theme.dashed_line(surface, OUTLINE, a, b, 5, 1)
