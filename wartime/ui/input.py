"""Mouse and keyboard: the pointer (position from events only, so synthetic events drive the window exactly
like a real mouse), right-drag panning, wheel zoom, and the key bindings with their help text."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

#: key → command, for the play screen
PLAY_KEYS = {
    pygame.K_ESCAPE: "cancel",
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_BACKSPACE: "undo_waypoint",
    pygame.K_SPACE: "skip",
    pygame.K_z: "toggle_zones",
    pygame.K_c: "toggle_chain",
    pygame.K_t: "face_mouse",
    pygame.K_e: "end_face",
    pygame.K_F1: "help",
    pygame.K_h: "help",
    pygame.K_F5: "save",
    pygame.K_F9: "load",
    pygame.K_HOME: "fit",
    pygame.K_PLUS: "zoom_in",
    pygame.K_EQUALS: "zoom_in",
    pygame.K_KP_PLUS: "zoom_in",
    pygame.K_MINUS: "zoom_out",
    pygame.K_KP_MINUS: "zoom_out",
}

#: key → command, for the replay viewer
REPLAY_KEYS = {
    pygame.K_SPACE: "play_pause",
    pygame.K_PERIOD: "next_event",
    pygame.K_COMMA: "prev_event",
    pygame.K_PAGEDOWN: "next_activation",
    pygame.K_PAGEUP: "prev_activation",
    pygame.K_RIGHTBRACKET: "next_activation",
    pygame.K_LEFTBRACKET: "prev_activation",
    pygame.K_END: "to_end",
    pygame.K_HOME: "to_start",
    pygame.K_PLUS: "faster",
    pygame.K_EQUALS: "faster",
    pygame.K_KP_PLUS: "faster",
    pygame.K_MINUS: "slower",
    pygame.K_KP_MINUS: "slower",
    pygame.K_z: "toggle_zones",
    pygame.K_f: "fit",
    pygame.K_ESCAPE: "cancel",
    pygame.K_F1: "help",
    pygame.K_h: "help",
}

PAN_KEYS = {pygame.K_LEFT: (1, 0), pygame.K_RIGHT: (-1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}

PLAY_HELP = [
    "## Mouse",
    "Left click: select a miniature · choose it (click again or Enter) · add a waypoint · pick a target",
    "Right drag or arrow keys: pan · wheel: zoom at the pointer · Home: fit the board",
    "Hover an action, a rule ID or a terrain piece for its rule and the reason it is greyed out",
    "## Keys",
    "1-9: pick an action · Enter: confirm · Backspace: remove the last waypoint · Esc: cancel",
    "T: turn to face the pointer before the next action (MOV-5, free) · C: chain the action (ACT-3)",
    "E (drawing a swim, a carry or a 180°): the facing at the end is towards the pointer (MOV-5, MVA-14)",
    "Space: skip the animation · Z: deployment zones · F5: save · F9: load · F1 or H: this help",
    "## Table tools (free: they submit nothing)",
    "Hold M (or the Tape button) and drag: tape measure, edge to edge (BAS-3) and centre to centre",
    "G: a ghost of the selected miniature's base at the pointer: LOS, cover and shot odds to each enemy from there",
    "Click an enemy: its card · Ctrl+Z: undo a waypoint, the action being drawn, a turn, the selection, or (hot-seat)",
    "the last action of the activation if it rolled no die and the other player was not asked to react",
    "The strip over the board: the phases of the turn; hover one for who becomes eligible there (VOL, SEQ-5)",
    "## Turns and phases (hover the status line)",
    "Turn 1/8: the scenario's turn limit. Each turn: initiative (1D10 + VOL), then phases 10 → 1; a character",
    "acts from the phase equal to its VOL, the sides alternating, the initiative winner first (SEQ-1..7).",
    "## Deployment and reactions",
    "Before turn 1: click (or drag) your miniatures to spots of your zone, then Deploy; Auto-deploy keeps them.",
    "A reaction prompt lists your miniatures that may react: Space or Esc passes the whole window.",
    "The Reactions button: asked when an enemy targets you or ends a move in view / always / never.",
    "## Saving",
    "A save is the game record plus a small .ui.json beside it (saves/). Closing the window always",
    "writes saves/autosave.jsonl first; `python main.py --load saves/autosave.jsonl` resumes it.",
]

REPLAY_HELP = [
    "## Replay viewer",
    "Space: play / pause · . and , : next / previous event · ] and [ or PgDn / PgUp: next / previous activation",
    "Home / End: start / end · 1-9: jump to turn · + / -: speed · click the timeline to jump",
    "Right drag or arrow keys: pan · wheel: zoom · F: fit · Z: deployment zones · click a miniature: its view",
]


@dataclass
class Pointer:
    """Where the mouse is (from events) and whether the right button is dragging the board."""
    pos: tuple[int, int] = (0, 0)
    dragging: bool = False
    drag_from: tuple[int, int] = (0, 0)

    def update(self, event) -> tuple[int, int] | None:
        """Track an event; return the pan delta when the board is being dragged."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and hasattr(event, "pos"):
            self.pos = tuple(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.dragging = True
            self.drag_from = self.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.dragging = False
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            dx, dy = self.pos[0] - self.drag_from[0], self.pos[1] - self.drag_from[1]
            self.drag_from = self.pos
            return dx, dy
        return None


def number_key(event) -> int | None:
    """1..9 from the top row or the keypad."""
    if pygame.K_1 <= event.key <= pygame.K_9:
        return event.key - pygame.K_1 + 1
    if pygame.K_KP1 <= event.key <= pygame.K_KP9:
        return event.key - pygame.K_KP1 + 1
    return None
