"""Either side can be the AI: it answers through the same Pending / Decision door and its moves are
animated along their paths. A finished game shows the result screen."""
from __future__ import annotations

import pygame
import pytest

from ui_helpers import click, make_app, menu_index, mini_pos, press, shot

from wartime.ui.adapter import AI, HUMAN


def test_ai_moves_are_animated_along_their_path(tmp_path):
    app = make_app(tmp_path, seed=7, red=HUMAN, blue=AI, speed=1.0, start=False)
    caught = None
    for _ in range(4000):
        cur = app.presenter.current
        if cur is not None and cur[0]["type"] == "moved" and app.match.gs.side(cur[0]["who"]) == "blue":
            app.step()
            over = app.presenter.overrides()
            if over and 0.2 < app.presenter.t / max(app.presenter.duration, 1e-9) < 0.8:
                caught = (cur[0], over)
                break
            continue
        p = app.match.pending
        if app.presenter.busy or (p is not None and not app.is_human(p.side)):
            app.step()
            continue
        if app.dialog is not None:
            press(app, "react_pass" if app.dialog.kind == "react_prompt" else "dismiss")
        elif p.kind == "react":
            press(app, "pass_reaction")
        elif p.kind == "action":
            press(app, "menu", menu_index(app, "end"))
        else:
            click(app, mini_pos(app, p.options[0]))
            click(app, mini_pos(app, p.options[0]))
    assert caught is not None, "no blue move was seen part-way"
    ev, over = caught
    x, y, _ = over[ev["who"]]
    start, end = ev["path"][0], ev["path"][-1]
    assert (x, y) != tuple(start) and (x, y) != tuple(end)
    shot(app, "17-ai-moving")


def test_ai_against_ai_to_the_result_screen(tmp_path):
    app = make_app(tmp_path, seed=7, red=AI, blue=AI, speed=60.0)
    press(app, "start")
    for _ in range(5000):
        if app.dialog is not None and app.dialog.kind == "result":
            break
        app.step()
    assert app.match.over and app.dialog.kind == "result"
    r = app.match.result()
    text = "\n".join(app.dialog.lines)
    for side in ("red", "blue"):
        assert f"{r['casualties'][side]} casualties, {r['points_lost'][side]} points lost" in text
    app.step()
    shot(app, "18-result")
    press(app, "watch_replay")                  # the result screen opens the replay of this game
    viewer = app.next_screen
    assert viewer is not None and len(viewer.session) == len(app.match.world.events)
    assert viewer.session.desync is None


@pytest.mark.slow          # a whole AI-vs-AI game in the window (~7 s); test_ai_against_ai_to_the_result_screen runs by default
def test_the_replay_viewer_opened_from_the_result_screen_returns_to_it(tmp_path):
    """Issue 14 point 6: closing the replay viewer opened from the result screen returns to the game's window
    (the result still shown), not out of the program; closing the window from the viewer returns to the game,
    which asks about quitting (autosave first)."""
    app = make_app(tmp_path, seed=7, red=AI, blue=AI, speed=60.0)
    press(app, "start")
    for _ in range(5000):
        if app.dialog is not None and app.dialog.kind == "result":
            break
        app.step()
    app.step()
    press(app, "watch_replay")
    viewer = app.next_screen
    viewer.step()
    press(viewer, "quit")                       # the "Back to the game" button
    assert viewer.running and viewer.next_screen is app and app.next_screen is None
    assert app.step() and app.dialog is not None and app.dialog.kind == "result"
    press(app, "watch_replay")
    again = app.next_screen
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert again.step() and again.next_screen is app
    app.step()
    assert app.running and app.dialog is not None and app.dialog.kind == "quit"
