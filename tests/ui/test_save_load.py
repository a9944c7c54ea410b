"""Save and load from the window (the game record plus a small .ui.json), and the autosave on quit."""
from __future__ import annotations

import json

import pygame

from ui_helpers import answer_until_red_action, make_app, menu_index, pass_reactions, press, shot

from wartime.ui.adapter import sidecar_path


def _state(match):
    snap = match.world.snapshot()
    return snap.tables, snap.resources, list(match.decisions), len(match.world.events)


def test_save_then_load_restores_the_game(tmp_path):
    app = make_app(tmp_path, seed=11, start=False)
    answer_until_red_action(app)
    press(app, "menu", menu_index(app, "crouch"))
    pass_reactions(app)
    saved = _state(app.match)
    press(app, "save")                                        # the top bar's Save button
    files = sorted((tmp_path / "saves").glob("*.jsonl"))
    assert len(files) == 1 and files[0].name.startswith("skirmish-seed11-turn1-")
    meta = json.loads(sidecar_path(files[0]).read_text())
    assert meta["seed"] == 11 and meta["controllers"] == {"red": "human", "blue": "human"}
    assert meta["decisions"] == len(saved[2])

    press(app, "menu", menu_index(app, "end"))                 # play on: the state moves away from the save
    pass_reactions(app)
    if app.dialog is not None:
        press(app, "dismiss")                                 # the hand-over to blue
    assert _state(app.match)[2] != saved[2]

    press(app, "load")                                        # the top bar's Load button lists the saves
    assert app.dialog.kind == "load"
    shot(app, "15-load")
    press(app, "open_save", str(files[0]))
    assert app.dialog is None
    assert _state(app.match) == saved
    assert app.match.pending.kind == "action"
    # the window shows the loaded game's log
    assert any("crouch" in ln.text.lower() for ln in app.log)


def test_load_from_the_command_line(tmp_path):
    from wartime.ui.app import run
    app = make_app(tmp_path, seed=3, start=False)
    answer_until_red_action(app)
    path = app.save(tmp_path / "saves" / "mine.jsonl")
    pygame.quit()
    assert run(["--load", str(path), "--saves", str(tmp_path / "saves")], max_frames=3) == 0


def test_closing_the_window_autosaves_and_asks(tmp_path):
    app = make_app(tmp_path, seed=5, start=False)
    answer_until_red_action(app)
    decisions = list(app.match.decisions)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()
    auto = tmp_path / "saves" / "autosave.jsonl"
    assert auto.is_file() and sidecar_path(auto).is_file()
    assert app.dialog.kind == "quit" and app.running
    shot(app, "16-quit")
    press(app, "dismiss")                                      # keep playing
    assert app.dialog is None and app.running
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()
    press(app, "quit_now")
    assert not app.running
    # the autosave resumes the same game
    from wartime.ui.adapter import rebuild_match
    rebuilt = rebuild_match(auto)
    assert rebuilt.desync is None and rebuilt.match.decisions == decisions
