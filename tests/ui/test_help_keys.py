"""Issue 14 point 6: the keyboard shortcuts in the help are generated from the key tables, so every binding is
listed with what it does (a binding added without words fails here)."""
from __future__ import annotations

import pygame

from wartime.ui.input import COMMAND_WORDS, PLAY_HELP, PLAY_KEYS, REPLAY_HELP, REPLAY_KEYS, key_name


def test_every_key_binding_is_in_the_help_with_its_words():
    for table, help_lines in ((PLAY_KEYS, PLAY_HELP), (REPLAY_KEYS, REPLAY_HELP)):
        keys_section = help_lines[help_lines.index("## Keys") + 1:]
        for key, command in table.items():
            assert command in COMMAND_WORDS, f"no help words for the command {command!r}"
            line = next((ln for ln in keys_section if ln.endswith(": " + COMMAND_WORDS[command])), None)
            assert line is not None and key_name(key) in line.split(": ")[0].split(" / "), (key, command)


def test_key_names_read_like_keys():
    assert key_name(pygame.K_RETURN) == "Enter" and key_name(pygame.K_F5) == "F5"
    assert key_name(pygame.K_KP_PLUS) == "Keypad +" and key_name(pygame.K_ESCAPE) == "Esc"
