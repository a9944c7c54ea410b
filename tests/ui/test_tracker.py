"""The phase tracker strip (wartime/ui/tracker.py, SEQ-4 / SEQ-5): its label column fits the widest label it
shows, so "Before turn 1" and "Turn N/N" never run into the phase-10 cell (they did with a fixed 86 px column)."""
from __future__ import annotations

import pygame
import pytest

from ui_helpers import SKIRMISH
from wartime.data.loader import load_army_list, load_scenario
from wartime.match.match import Match
from wartime.ui import theme
from wartime.ui.panels import Gui
from wartime.ui.screen import init_pygame
from wartime.ui.tracker import draw_tracker


@pytest.mark.parametrize("turn, limit, started", [(0, 10, False), (10, 10, True), (12, 99, True)])
def test_SEQ_4_SEQ_5_tracker_label_ends_before_the_first_phase_cell(turn, limit, started):
    """SEQ-4 / SEQ-5: drawn before the game and at its last turn, the label (8 px in, bold 13) ends left of the
    phase-10 cell, whose hotspot is the first after the label's."""
    init_pygame()
    sc = load_scenario(SKIRMISH)
    m = Match(sc, {s: load_army_list(p) for s, p in sc.default_lists.items()}, 1)
    surface = pygame.Surface((900, 600))
    gui = Gui()
    strip = draw_tracker(surface, pygame.Rect(0, 0, 900, 600), gui, m.gs, turn, limit, 10, started)
    label = f"Turn {turn}/{limit}" if started else "Before turn 1"
    label_region, phase10 = gui.hotspots[0].rect, gui.hotspots[1].rect
    assert phase10.x >= label_region.right
    assert strip.x + 8 + theme.font(13, True).size(label)[0] < phase10.x
    assert gui.hotspots[1].tooltip[0].startswith("Phase 10")
