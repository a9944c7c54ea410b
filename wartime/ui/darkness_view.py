"""Darkness on the table (project ruling, rules/darkness.py, docs/darkness.md): each dark area a deep blue veil
with a dotted outline; a night board veiled whole. Nothing is drawn in a game without darkness."""
from __future__ import annotations

import pygame

from wartime.rules import darkness
from wartime.rules.state import GameState
from wartime.ui import theme

#: the veil's colour and alpha (a dark area), and the alpha of a whole night board (lighter: the whole table)
VEIL = (10, 12, 40)
AREA_ALPHA = 120
NIGHT_ALPHA = 70
OUTLINE = (90, 100, 170)


def draw(view, surface: pygame.Surface, gs: GameState) -> None:
    """The darkness under the miniatures."""
    d = darkness.darkness_of(gs)
    if d is None:
        return
    if d.night:
        x0, y0 = view.to_screen(0, 0)
        x1, y1 = view.to_screen(view.board.width, view.board.height)
        box = pygame.Rect(int(min(x0, x1)), int(min(y0, y1)), int(abs(x1 - x0)) + 1, int(abs(y1 - y0)) + 1)
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        veil.fill(VEIL + (NIGHT_ALPHA,))
        surface.blit(veil, box.topleft)
    for area in d.areas:
        pts = [view.to_screen(x, y) for x, y in list(area.exterior.coords)[:-1]]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2, int(max(ys) - min(ys)) + 2)
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.polygon(veil, VEIL + (AREA_ALPHA,), [(x - box.x, y - box.y) for x, y in pts])
        surface.blit(veil, box.topleft)
        for a, b in zip(pts, pts[1:] + pts[:1]):
            theme.dashed_line(surface, OUTLINE, a, b, 4, 1)
