"""The objective zone on the table (BLD-22, rules/objectives.py): a dashed outline and a light wash in the colour of
the side that must reach it, and a label with its name, how many able characters that side must hold there at the
end of a turn and how many stand there now. Nothing is drawn in a game without an objective."""
from __future__ import annotations

import pygame

from wartime.rules import objectives
from wartime.rules.state import GameState
from wartime.ui import theme
from wartime.ui.labels import Label

#: the dash and gap of the zone's outline (px)
DASH = 10


def caption(gs: GameState) -> str:
    """'East road · red needs 3 here at a turn's end (1 now)'; empty without an objective."""
    goal = objectives.objective_of(gs)
    if goal is None:
        return ""
    return f"{goal.name} · {goal.side} needs {goal.count} here at a turn's end ({len(objectives.holders(gs))} now)"


def draw(view, surface: pygame.Surface, gs: GameState, labels: list) -> None:
    """The zone under the miniatures, its label among the board's labels (placed with the others)."""
    goal = objectives.objective_of(gs)
    if goal is None:
        return
    col = theme.side_colour(goal.side)
    pts = [view.to_screen(x, y) for x, y in list(goal.zone.exterior.coords)[:-1]]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2, int(max(ys) - min(ys)) + 2)
    wash = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(wash, col + (40,), [(x - box.x, y - box.y) for x, y in pts])
    surface.blit(wash, box.topleft)
    for a, b in zip(pts, pts[1:] + pts[:1]):
        theme.dashed_line(surface, col, a, b, DASH, 3)
    img = theme.text(caption(gs), 13, theme.SIDE_LIGHT.get(goal.side, theme.TEXT), True)
    plate = pygame.Surface((img.get_width() + 8, img.get_height() + 4), pygame.SRCALPHA)
    plate.fill((12, 14, 16, 170))
    plate.blit(img, (4, 2))
    minx, miny, maxx, maxy = goal.zone.bounds
    cx, cy = goal.centre()
    half = plate.get_width() / 2 / view.scale
    spots = [view.to_screen(min(max(cx, minx + half), view.board.width - half), y)     # above, below, inside
             for y in (maxy + 0.7, miny - 0.7, cy)]
    labels.append(Label(("objective", goal.name), plate, view.to_screen(cx, cy), priority=4, spots=spots,
                        leader=False))

