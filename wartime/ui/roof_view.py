"""Roofed pieces and the spiders hanging under them (TRT-SPIDER, issue 12; a terrain piece with ``ceiling``): the
static layer draws the piece's ground as its terrain; over it goes a translucent roof with a dashed outline and its
height, under the miniatures (a miniature on the ground under the roof stays visible). A spider hanging under a roof
(GameState.hanging) gets a spider's legs round its base, drawn over it. Nothing is drawn in a game without a roof."""
from __future__ import annotations

import math

import pygame

from wartime.rules.state import GameState
from wartime.ui import theme

ROOF = (150, 120, 84)
ROOF_ALPHA = 70
OUTLINE = (240, 226, 190)
LEGS = (30, 26, 22)


def draw(view, surface: pygame.Surface, gs: GameState) -> None:
    """Every roof: a translucent fill, a dashed outline, and beams across it; its height written in a corner."""
    for piece in gs.board.ceilings:
        pts = [view.to_screen(x, y) for x, y in list(piece.polygon.exterior.coords)[:-1]]
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1, int(max(ys) - min(ys)) + 1)
        if box.w <= 0 or box.h <= 0:
            continue
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        local = [(x - box.x, y - box.y) for x, y in pts]
        pygame.draw.polygon(layer, (*ROOF, ROOF_ALPHA), local)
        step = max(6, int(view.scale * 1.0))                  # beams 1 K apart, as faint lines
        for x in range(0, box.w, step):
            pygame.draw.line(layer, (*OUTLINE, 28), (x, 0), (x, box.h))
        mask = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), local)
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surface.blit(layer, box.topleft)
        for a, b in zip(pts, pts[1:] + pts[:1]):
            theme.dashed_line(surface, OUTLINE, a, b, 7, 2)
        img = theme.text(f"roof {piece.ceiling:g} K", 11, OUTLINE, True)
        surface.blit(img, (box.x + 4, box.y + 3))


def draw_hanging(view, surface: pygame.Surface, gs: GameState) -> None:
    """A spider hanging under a roof: eight legs round its base, so it reads as clinging to the underside."""
    if not gs.board.ceilings:
        return
    for e in gs.minis():
        if not gs.on_table(e) or not gs.hanging(e):
            continue
        p = gs.pos(e)
        cx, cy = view.to_screen(p.x, p.y)
        r = max(5.0, gs.body(e).radius * view.scale)
        for k in range(8):
            a = math.radians(22.5 + 45.0 * k)
            knee = (cx + math.cos(a) * r * 1.35, cy + math.sin(a) * r * 1.35)
            foot = (cx + math.cos(a + 0.35) * r * 1.7, cy + math.sin(a + 0.35) * r * 1.7)
            pygame.draw.line(surface, LEGS, (cx + math.cos(a) * r * 0.9, cy + math.sin(a) * r * 0.9), knee, 2)
            pygame.draw.line(surface, LEGS, knee, foot, 2)
        pygame.draw.circle(surface, OUTLINE, (round(cx), round(cy)), round(r) + 2, 1)
