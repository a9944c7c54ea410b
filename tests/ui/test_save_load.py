"""Save and load from the window (the game record plus a small .ui.json), and the autosave on quit."""
from __future__ import annotations

import json

import pygame

from ui_helpers import ROOT, answer_until_red_action, make_app, menu_index, pass_reactions, press, shot

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
    press(app, "save")                                        # the top bar's Save button: slots or a new file
    assert app.dialog.kind == "save"
    press(app, "save_new")
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

    press(app, "load")                                        # unsaved progress: asked first
    assert app.dialog.kind == "unsaved"
    press(app, "load_anyway")                                 # then the Load list
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


def test_named_slots_show_scenario_turn_and_date_and_the_load_list_names_them(tmp_path):
    """Issue 14 point 6: Save offers named slots, each saying what it holds; a slot written shows the scenario,
    turn, decisions and date in the Save and Load lists; the date is in the sidecar, not in the record."""
    app = make_app(tmp_path, seed=5, start=False)
    answer_until_red_action(app)
    press(app, "save")
    assert app.dialog.kind == "save" and any("Slot 2: empty" in b[0] for b in app.dialog.buttons)
    press(app, "save_slot", 2)
    slot = tmp_path / "saves" / "slot-2.jsonl"
    meta = json.loads(sidecar_path(slot).read_text())
    assert slot.exists() and meta["saved_at"] and "saved_at" not in slot.read_text().splitlines()[0]
    press(app, "save")
    label = next(b[0] for b in app.dialog.buttons if b[0].startswith("Slot 2:"))
    assert "Skirmish" in label and "turn 1" in label and meta["saved_at"] in label
    shot(app, "70-save-slots")
    press(app, "dismiss")
    press(app, "load")                                        # nothing since the save: straight to the list
    assert app.dialog.kind == "load"
    assert any(b[0].startswith("Slot 2 — Skirmish") for b in app.dialog.buttons)


def test_an_unsaved_game_warns_before_loading(tmp_path):
    app = make_app(tmp_path, seed=5, start=False)
    answer_until_red_action(app)
    press(app, "menu", menu_index(app, "crouch"))
    pass_reactions(app)
    press(app, "load")
    assert app.dialog.kind == "unsaved" and "since it was last saved" in app.dialog.lines[0]
    shot(app, "71-unsaved-warning")
    press(app, "dismiss")
    assert app.dialog is None


def test_saves_live_in_the_user_data_folder_not_the_working_directory(tmp_path, monkeypatch):
    """Issue 14 point 6: with no --saves the window saves under $WARTIME_DATA_DIR/saves (the tests' stand-in for
    the user's data folder, platformdirs), never in the folder it was started from."""
    from wartime.ui import saves
    from wartime.ui.adapter import HUMAN, Setup
    from wartime.ui.app import App
    monkeypatch.setenv("WARTIME_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    assert saves.default_saves_dir() == tmp_path / "data" / "saves"
    app = App(Setup(str(ROOT / "scenarios" / "skirmish.toml"), {"red": None, "blue": None}, 3,
                    {"red": HUMAN, "blue": HUMAN}), fixed_dt=1 / 60, start_screen=False)
    assert app.autosave().parent == tmp_path / "data" / "saves"
    assert not (tmp_path / "saves").exists()
    monkeypatch.delenv("WARTIME_DATA_DIR")
    assert "wartime" in str(saves.default_saves_dir())
