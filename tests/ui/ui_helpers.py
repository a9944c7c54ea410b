"""Drive the real app with synthetic pygame events (pygame.event.post), one frame at a time."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pygame

from wartime.rules.sequence import Decision
from wartime.ui.adapter import AI, HUMAN, Setup

ROOT = Path(__file__).resolve().parents[2]
#: Where the UI tests save their screenshots: docs/screenshots/ when WARTIME_SCREENSHOTS=1 (refreshing the
#: documentation deliberately), else a temporary folder, so that a test run leaves the working tree clean.
SHOTS = (ROOT / "docs" / "screenshots" if os.environ.get("WARTIME_SCREENSHOTS") == "1"
         else Path(tempfile.gettempdir()) / "wartime-screenshots")
SHOTS.mkdir(parents=True, exist_ok=True)
SKIRMISH = ROOT / "scenarios" / "skirmish.toml"
CROSSROADS = ROOT / "scenarios" / "crossroads.toml"
DT = 1 / 60


def make_app(tmp_path, *, scenario=SKIRMISH, seed=7, red=HUMAN, blue=HUMAN, speed=4.0, start=True, lists=None,
             deploy: bool = True, combat: str = "wartime"):
    """The window on a game; `deploy` (default) answers the sides' deployment with their default spots first, as
    the game started before deployment existed (tests/ui/test_deployment_window.py plays it through the window)."""
    from wartime.ui.app import App
    setup = Setup(str(scenario), dict(lists or {"red": None, "blue": None}), seed, {"red": red, "blue": blue},
                  combat=combat)
    app = App(setup, fixed_dt=DT, speed=speed, saves_dir=tmp_path / "saves", start_screen=start)
    if deploy:
        auto_deploy(app.match)
    app.step()
    return app


def auto_deploy(match) -> None:
    """Both sides keep their default spots (the 'deploy' decisions before turn 1)."""
    while match.pending is not None and match.pending.kind == "deploy":
        match.submit(Decision("deploy", match.pending.side))


def move_to(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(map(int, pos)), rel=(0, 0), buttons=(0, 0, 0)))
    app.step()


def click(app, pos, button: int = 1) -> None:
    pos = tuple(map(int, pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.step()


def key(app, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    app.step()


def screen_pos(app, x: float, y: float):
    return app.view.to_screen(x, y)


def mini_pos(app, e):
    p = app.match.gs.pos(e)
    return app.view.to_screen(p.x, p.y)


def hotspot(app, command: str, payload=None):
    """The on-screen rectangle of a button or menu row drawn in the last frame (a menu row scrolled out of the
    panel is scrolled into it first, as a player would with the wheel)."""
    for h in reversed(app.gui.hotspots):
        if h.command == command and (payload is None or h.payload == payload):
            return h
    if command == "menu" and isinstance(payload, int) and getattr(app, "menu", None) is not None:
        app.menu_scroll = max(0, payload - 2)
        app.step()
        for h in reversed(app.gui.hotspots):
            if h.command == command and h.payload == payload:
                return h
    raise AssertionError(f"no hotspot {command!r} {payload!r}; have "
                         f"{[(h.command, h.payload) for h in app.gui.hotspots]}")


def press(app, command: str, payload=None) -> None:
    click(app, hotspot(app, command, payload).rect.center)


def settle(app, max_frames: int = 3000) -> None:
    """Run frames until nothing is being shown and nobody but a human is to decide."""
    for _ in range(max_frames):
        p = app.match.pending
        ai_turn = p is not None and not app.is_human(p.side) and app.mode == "play" and app.dialog is None
        if not app.presenter.busy and not ai_turn:
            return
        app.step()
    raise AssertionError("the app did not settle")


def menu_index(app, key: str, weapon: int | None = None) -> int:
    p = app.match.pending
    for i, e in enumerate(app._menu(p)):
        if e.key == key and (weapon is None or e.params.get("weapon") == weapon):
            return i
    raise AssertionError(f"no menu entry {key}")


def shot(app, name: str) -> Path:
    return app.screenshot(SHOTS / f"{name}.png")


def answer_until_red_action(app, red_pick=None, shots: bool = False) -> list[str]:
    """Play the hot-seat start of a game through the window: each side picks its first option for initiative;
    blue ends any activation it gets; red activates `red_pick` (default: its first option). Hand-over screens
    are dismissed with their button. Returns the kinds of dialog seen."""
    seen = []
    for _ in range(60):
        settle(app)
        if app.dialog is not None:
            seen.append(app.dialog.kind)
            if shots and app.dialog.kind == "handover" and seen.count("handover") == 1:
                shot(app, "03-handover")
            close_dialog(app)
            continue
        p = app.match.pending
        if p.kind == "react":
            press(app, "pass_reaction")
            continue
        if p.kind == "initiative":
            if shots and p.side == "red":
                shot(app, "02-initiative")
            e = p.options[0]
            click(app, mini_pos(app, e))      # select
            click(app, mini_pos(app, e))      # choose
            continue
        if p.kind == "activate":
            e = p.options[0] if p.side == "blue" or red_pick is None else red_pick
            click(app, mini_pos(app, e))
            key(app, pygame.K_RETURN)
            continue
        if p.side == "blue":
            press(app, "menu", menu_index(app, "end"))
            continue
        return seen
    raise AssertionError("red never got to act")


def legal_waypoint(app, length: float = 0.9):
    """Hover points around the actor like a player would and take the first the preview shows legal."""
    import math
    p = app.match.pending
    pos = app.match.gs.pos(p.actor)
    for ang in range(90, 450, 15):
        pt = (pos.x + length * math.cos(math.radians(ang)), pos.y + length * math.sin(math.radians(ang)))
        move_to(app, screen_pos(app, *pt))
        if app.tool.preview is not None and app.tool.preview.error is None:
            return pt
    raise AssertionError("no legal waypoint around the actor")


def write_ai_record(path, scenario=SKIRMISH, seed: int = 7) -> Path:
    """A whole scripted-vs-scripted game written as a game record."""
    from wartime.ui.adapter import new_match
    m = new_match(Setup(str(scenario), {"red": None, "blue": None}, seed, {"red": AI, "blue": AI}))
    m.play()
    m.write_record(path)
    return Path(path)


def pass_reactions(app, max_rounds: int = 40) -> int:
    """Answer every reaction window with "Don't react" (the hand-over's button or the side panel's) and
    dismiss hand-overs back to the acting player. Returns how many windows were passed."""
    passed = 0
    for _ in range(max_rounds):
        settle(app)
        p = app.match.pending
        if app.dialog is not None and app.dialog.kind == "react_prompt":
            press(app, "react_pass")
            passed += 1
            continue
        if app.dialog is not None and app.dialog.kind == "handover":
            press(app, "dismiss")
            continue
        if p is not None and p.kind == "react" and app.is_human(p.side):
            press(app, "pass_reaction")
            passed += 1
            continue
        return passed
    raise AssertionError("reactions never ended")


def until_window(app, window: str, rounds: int = 40):
    """Pass every other reaction window (the engine's decision, straight) until the pending decision is a question
    of `window` (CBA-19's mental combat, TRT-BODYGUARD's question); returns that pending decision."""
    pend = None
    for _ in range(rounds):
        settle(app)
        pend = app.match.pending
        if pend.kind == "react" and pend.window == window:
            break
        if pend.kind == "react":
            app.submit(Decision("react", pend.side, actor=pend.actor))
    return pend


def through_handover(app, word: str, kind: str) -> str:
    """Past the hot-seat hand-over (if any; it names `word`) to the `kind` dialog: its text."""
    if app.dialog is not None and app.dialog.kind == "handover":
        assert word in " ".join(app.dialog.lines)
        press(app, "dismiss")
        app.step()
    assert app.dialog is not None and app.dialog.kind == kind
    return " ".join(app.dialog.lines)


def close_dialog(app) -> None:
    """Answer the open dialog the way a player who only wants to go on would: a reaction prompt passes the
    window, anything else is dismissed."""
    kind = app.dialog.kind
    if kind == "react_prompt":
        press(app, "react_pass")
    elif kind in ("malus", "bonus_loss"):
        press(app, kind, app.dialog.buttons[0][2])
    else:
        press(app, "dismiss")
