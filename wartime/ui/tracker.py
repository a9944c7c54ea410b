"""The turn / phase tracker (issue 14 point 3): a strip over the top of the board with the phases of this turn,
10 → 1 (SEQ-4), the current one highlighted, and in each phase the miniatures that first become eligible there
and why: SEQ-5, a character first becomes eligible in phase clamp(VOL, 1, 10) (`rules.flow.phase_of`); one
waiting (GNA-10) is shown in the phase it waits for; those that already acted this turn are greyed."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from wartime.core.components import Activation
from wartime.rules.flow import phase_of
from wartime.rules.state import GameState
from wartime.ui import theme
from wartime.ui.adapter import long_name

CELL_H = 26
#: the least width of the label column (`label_width`: it grows to fit the widest label)
LABEL_W = 86


@dataclass(frozen=True)
class Entry:
    e: int
    side: str
    why: str          # "VOL 6" or "waits (GNA-10)"
    acted: bool


def phase_entries(gs: GameState) -> dict[int, list[Entry]]:
    """Phase → the able miniatures that become eligible in it this turn (SEQ-5, GNA-10), in id order."""
    rows: dict[int, list[Entry]] = {p: [] for p in range(10, 0, -1)}
    for e in gs.minis():
        if not gs.on_table(e) or not gs.able(e):
            continue
        act = gs.world.get(e, Activation)
        vol = gs.attrs(e).VOL
        if act.waiting_until and not act.acted:
            rows[max(1, min(10, act.waiting_until))].append(Entry(e, gs.side(e), f"waits until phase "
                                                                  f"{act.waiting_until} (GNA-10)", False))
            continue
        rows[phase_of(vol)].append(Entry(e, gs.side(e), f"VOL {vol}", act.acted))
    return rows


def label_width(turn_limit: int) -> int:
    """The label column's width: the widest label the game shows ("Before turn 1", "Turn N/N") with 8 px either
    side, at least LABEL_W (a fixed 86 px let "Before turn 1" run into the phase-10 cell)."""
    return max(LABEL_W, 16 + max(theme.font(13, True).size(t)[0]
                                 for t in ("Before turn 1", f"Turn {turn_limit}/{turn_limit}")))


def draw_tracker(surface, rect: pygame.Rect, gui, gs: GameState, turn: int, turn_limit: int, phase: int,
                 started: bool) -> pygame.Rect:
    """Draw the strip at the top of `rect` (the board); each phase cell has a tooltip naming its miniatures.
    Returns the strip's rectangle."""
    rows = phase_entries(gs)
    label = f"Turn {turn}/{turn_limit}" if started else "Before turn 1"
    label_w = label_width(turn_limit)
    cell_w = max(48, min(84, (rect.width - label_w - 16) // 10))
    strip = pygame.Rect(rect.x + 6, rect.y + 4, label_w + 10 * cell_w + 4, CELL_H)
    bg = pygame.Surface(strip.size, pygame.SRCALPHA)
    pygame.draw.rect(bg, (16, 17, 20, 215), bg.get_rect(), border_radius=5)
    surface.blit(bg, strip)
    theme.blit_text(surface, label, (strip.x + 8, strip.centery), 13, theme.TEXT, bold=True, anchor="midleft")
    gui.region((strip.x, strip.y, label_w, CELL_H), tooltip=(
        "Phase tracker (SEQ-4, SEQ-5)",
        ("Each turn: initiative, then phases 10 → 1. A character first becomes eligible in the phase equal to its "
        "VOL (SEQ-5; clamped to 1..10) and stays eligible in later phases until it has acted; the sides alternate, "
        "the initiative winner first. Dots: the miniatures that become eligible in that phase (grey: already "
        "acted). Hover a phase for their names.")))
    x = strip.x + label_w
    for p in range(10, 0, -1):
        cell = pygame.Rect(x, strip.y + 2, cell_w - 3, CELL_H - 4)
        current = started and p == phase
        past = started and p > phase
        col = theme.ACCENT if current else (48, 51, 58) if past else (70, 75, 86)
        pygame.draw.rect(surface, col, cell, 0 if current else 1, border_radius=4)
        num_col = (20, 20, 20) if current else theme.TEXT_FAINT if past else theme.TEXT
        theme.blit_text(surface, str(p), (cell.x + 5, cell.centery), 13, num_col, bold=True, anchor="midleft")
        dx = cell.x + 22
        entries = rows[p]
        room = max(1, (cell.right - dx - 2) // 9)
        for k, en in enumerate(entries[:room]):
            c = (120, 120, 120) if en.acted else theme.side_colour(en.side)
            centre = (dx + k * 9 + 4, cell.centery)
            pygame.draw.circle(surface, c, centre, 4)
            if en.why.startswith("waits"):
                pygame.draw.circle(surface, theme.TEXT, centre, 4, 1)
        if len(entries) > room:
            theme.blit_text(surface, "+", (cell.right - 2, cell.centery), 11, theme.TEXT, anchor="midright")
        names = [f"{long_name(gs, en.e)} ({en.why}{', acted' if en.acted else ''})" for en in entries]
        state = "now" if current else "over" if past else "to come"
        gui.region(cell, tooltip=(f"Phase {p} ({state})", ("Eligible from here: " + "; ".join(names)) if names
                                  else "No miniature becomes eligible in this phase."))
        x += cell_w
    return strip
