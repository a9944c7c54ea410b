"""Mental combat through the window (CBA-19 / MET-9): the hacked puppeteer's side is asked with a prompt that
carries the engine's odds of an exchange (whatever its reaction setting: it is no reaction), the menu lists the
engine's options, a click submits the engine's decision, and the log words the fight. Screenshot 84 in
docs/screenshots/ is taken here."""
from __future__ import annotations

import pytest
from ui_helpers import press, settle, shot, until_window

from test_metahability_window import mystics_window
from test_new_actions import place, to_action
from wartime.rules import mental, metahabilities
from wartime.rules.sequence import Decision
from wartime.match.narrate import describe


@pytest.mark.slow                   # ~3 s of window frames: the fast suite's budget (the rule tests are fast)
def test_CBA_19_mental_combat_prompt_menu_and_log(tmp_path):
    app, gs, neuro = mystics_window(tmp_path, blue="mystics.toml")
    puppet = next(e for e in gs.minis() if gs.side(e) == "blue" and metahabilities.is_puppeteer(gs, e))
    p = to_action(app, want=neuro)
    assert p.actor == neuro
    q = gs.pos(puppet)
    place(app, neuro, q.x - 3.0, q.y, facing=0.0)
    app.react_mode["blue"] = "never"                 # mental combat is asked anyway: it is not a reaction
    app.submit(Decision("action", "red", actor=neuro, action="corrupt", params={"target": puppet, "attribute": "INT"}))
    pend = until_window(app, mental.MENTAL_WINDOW)
    assert pend.window == mental.MENTAL_WINDOW and pend.actor == puppet
    settle(app)
    d = app.dialog
    assert d is not None and d.kind == "react_prompt" and d.extra["mental"]
    assert "mental combat" in d.title and any("wins an exchange" in line for line in d.lines)
    assert "is in a mental combat" in app._status()[0]
    shot(app, "84-mental-combat")
    press(app, "react_open")
    settle(app)
    rows = [e for e in app._menu(app.match.pending) if e.key == "mental_combat"]
    assert rows and all(r.enabled for r in rows)
    app.submit(Decision("react", "blue", actor=puppet, action="mental_combat", params={"attribute": "VOL"}))
    settle(app)
    assert any(ev["type"] == "mental_combat" for ev in app.match.world.events)
    said = [describe(ev, app.name) for ev in app.match.world.events if ev["type"].startswith("mental_combat")]
    assert any(line is not None and "fights back: mental combat" in line.text for line in said)

