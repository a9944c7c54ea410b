"""Charges placed on the table (GNA-15 bombs; rules/placed.py): a small mine in its owner's colour where it lies, its
activation area (TRT-ACTIVATION-AREA: a dashed circle as many K around it as its RNG, within which a base's edge sets
it off) and a label with its name and state (waiting for the activation to end, armed, remote). Nothing is drawn in
a game without a placed charge."""
from __future__ import annotations

import math

import pygame

from wartime.core.components import Item
from wartime.rules import placed, traits
from wartime.rules.state import GameState
from wartime.ui import theme
from wartime.ui.labels import Label

#: the dash of the activation circle (px) and the mine's radius on the table (K)
DASH = 6
MINE_K = 0.3


def caption(gs: GameState, charge: int) -> str:
    """'Proximity mine · armed, 1 K' / 'Demolition charge · remote (not yet armed)'."""
    pc = gs.world.get(charge, placed.PlacedCharge)
    it = gs.world.get(charge, Item)
    prof = placed.profile(gs, charge)                  # a weapon, or an object placed (its Gear)
    state = "armed" if placed.armed(gs, pc) else "not yet armed"
    parts = []
    if traits.proximity_trigger(prof) is not None:
        parts.append(f"{placed.reach(prof):g} K")
    if traits.remote_trigger(prof) is not None:
        parts.append("remote")
    return f"{it.name} · {state}, {', '.join(parts)}"


def draw(view, surface: pygame.Surface, gs: GameState, labels: list) -> None:
    """Every placed charge under the miniatures, its label among the board's labels."""
    for c, pc, it in placed.charges(gs):
        col = theme.side_colour(gs.side(pc.owner))
        sx, sy = view.to_screen(*it.at)
        prof = placed.profile(gs, c)
        if traits.proximity_trigger(prof) is not None:
            rad = max(3, int(placed.reach(prof) * view.scale))
            n = max(12, int(2 * math.pi * rad / (2 * DASH)))
            ring = [(sx + rad * math.cos(2 * math.pi * k / n), sy + rad * math.sin(2 * math.pi * k / n))
                    for k in range(n + 1)]
            for k, (a, b) in enumerate(zip(ring, ring[1:])):
                if k % 2 == 0:
                    pygame.draw.line(surface, col if pc.armed else (150, 150, 150), a, b, 2)
        r = max(3, int(MINE_K * view.scale))
        pygame.draw.circle(surface, (30, 30, 30), (round(sx), round(sy)), r + 1)
        pygame.draw.circle(surface, col if pc.armed else (120, 120, 120), (round(sx), round(sy)), r)
        pygame.draw.line(surface, (240, 200, 60), (sx - r, sy), (sx + r, sy), 1)
        pygame.draw.line(surface, (240, 200, 60), (sx, sy - r), (sx, sy + r), 1)
        if view.scale >= 10 and view.rect.collidepoint(sx, sy):
            img = theme.text(caption(gs, c), 11, theme.SIDE_LIGHT.get(gs.side(pc.owner), theme.TEXT))
            plate = pygame.Surface((img.get_width() + 8, img.get_height() + 4), pygame.SRCALPHA)
            plate.fill((12, 14, 16, 170))
            plate.blit(img, (4, 2))
            labels.append(Label(("charge", c), plate, (sx, sy), r, priority=25))
