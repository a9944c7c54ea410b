"""Movable scenery on the table (issue 16, scenery; rules/scenery_objects.py): the static layer draws every piece
where the scenario set it, so a piece that was thrown gets its old footprint covered with churned ground and is
drawn where it landed (a painted body with a darker roof and a dashed outline); a smashed one leaves only the
churned ground. Unmoved movable pieces get a thin dashed outline (they can be thrown). Breakable walls and doors
(rules/scenery_breaking.py) get a dashed crack-coloured outline and their wounds / CON; a destroyed one is covered
with rubble. Nothing is drawn in a game without movable or breakable pieces."""
from __future__ import annotations

import pygame

from wartime.core.components import BreakablePiece, MovedPiece
from wartime.rules.state import GameState
from wartime.ui import theme

GROUND = (86, 92, 60)
BODY = (150, 62, 48)
ROOF = (96, 40, 32)
OUTLINE = (235, 220, 170)
RUBBLE = (112, 104, 92)
RUBBLE_DOTS = (150, 142, 128)
CRACK = (240, 150, 90)


def _screen(view, poly) -> list:
    return [view.to_screen(x, y) for x, y in list(poly.exterior.coords)[:-1]]


def draw(view, surface: pygame.Surface, gs: GameState) -> None:
    """The movable pieces as they stand now and the breakable ones, under the miniatures."""
    draw_breakables(view, surface, gs)
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


def draw_breakables(view, surface: pygame.Surface, gs: GameState) -> None:
    """Breakable walls and doors (rules/scenery_breaking.py): a standing one gets a dashed outline and, once hit, its
    wounds / CON at its centre; a destroyed one is rubble on its footprint (the board no longer holds it)."""
    if gs.breakables is None:
        return
    for pid, el in gs.breakables.items():
        b = gs.world.get(el, BreakablePiece)
        poly = gs.scenario_board.piece(pid).polygon
        pts = _screen(view, poly)
        if b.gone:
            pygame.draw.polygon(surface, RUBBLE, pts)
            x0, y0, x1, y1 = poly.bounds
            step = 0.35
            k = 0
            y = y0 + step / 2
            while y < y1:                               # a fixed pattern of stones (no dice: drawing only)
                x = x0 + step / 2 + (step / 2 if k % 2 else 0.0)
                while x < x1:
                    sx, sy = view.to_screen(x, y)
                    pygame.draw.circle(surface, RUBBLE_DOTS, (int(sx), int(sy)), max(1, int(view.scale * 0.07)))
                    x += step
                y += step
                k += 1
            continue
        for a, c in zip(pts, pts[1:] + pts[:1]):
            theme.dashed_line(surface, CRACK, a, c, 4, 1)
        if b.wounds:
            cx, cy = view.to_screen(poly.centroid.x, poly.centroid.y)
            font = theme.font(11, bold=True)
            text = font.render(f"{b.wounds}/{b.con}", True, CRACK)
            surface.blit(text, (int(cx - text.get_width() / 2), int(cy - text.get_height() / 2)))
