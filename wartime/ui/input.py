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

#: What each key command does, in words for the help (the help's key lines are generated from the key tables, so
#: a new binding without words here fails tests/ui/test_help_keys.py)
COMMAND_WORDS = {
    "cancel": "cancel / close", "confirm": "confirm", "undo_waypoint": "remove the last waypoint",
    "skip": "skip the animation", "toggle_zones": "show the deployment zones",
    "toggle_chain": "chain the next action (ACT-3)", "face_mouse": "turn to face the pointer first (MOV-5, free)",
    "end_face": "end facing towards the pointer (swim, carry, 180°: MOV-5, MVA-14)", "help": "this help",
    "save": "save", "load": "load", "fit": "fit the board", "zoom_in": "zoom in", "zoom_out": "zoom out",
    "play_pause": "play / pause", "next_event": "next event", "prev_event": "previous event",
    "next_activation": "next activation", "prev_activation": "previous activation", "to_end": "go to the end",
    "to_start": "go to the start", "faster": "faster", "slower": "slower",
}


def key_name(key: int) -> str:
    """A key as the help shows it ('Enter', 'F5', 'Keypad +')."""
    name = pygame.key.name(key)
    return {"return": "Enter", "enter": "Keypad Enter", "escape": "Esc", "backspace": "Backspace", "space": "Space",
            "home": "Home", "end": "End", "page down": "PgDn", "page up": "PgUp", "[+]": "Keypad +",
            "[-]": "Keypad -"}.get(name, name.upper() if len(name) <= 3 else name.capitalize())


def key_lines(table: dict[int, str]) -> list[str]:
    """The help's key lines from a key table: each command once with every key bound to it, in table order."""
    by_command: dict[str, list[str]] = {}
    for key, command in table.items():
        by_command.setdefault(command, []).append(key_name(key))
    return [f"{' / '.join(keys)}: {COMMAND_WORDS.get(command, command.replace('_', ' '))}"
            for command, keys in by_command.items()]

PLAY_HELP = [
    "## Mouse",
    "Left click: select a miniature · choose it (click again or Enter) · add a waypoint · pick a target",
    "Right drag or arrow keys: pan · wheel: zoom at the pointer · Home: fit the board",
    "Hover an action, a rule ID or a terrain piece for its rule and the reason it is greyed out",
    "## Keys",
    "1-9: pick an action · arrow keys: pan the board",
    *key_lines(PLAY_KEYS),
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
    "Save (F5): five named slots or a new file, kept in your data folder (~/.local/share/wartime/saves on Linux;",
    "--saves DIR or $WARTIME_DATA_DIR elsewhere). Load (F9) lists them with scenario, turn and date and warns",
    "about unsaved progress. Closing the window always writes autosave.jsonl there first.",
]

REPLAY_HELP = [
    "## Replay viewer",
    "1-9: jump to turn · click the timeline to jump · right drag or arrow keys: pan · wheel: zoom",
    "click a miniature: its view",
    "## Keys",
    *key_lines(REPLAY_KEYS),
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
