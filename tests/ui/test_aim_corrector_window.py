"""Corrector de puntería through the window (TRT-AIM-CORRECTOR): after the attacker's area dispersed, its side is
asked, whatever its reaction setting (it is no reaction), with a prompt of its own saying where the area was aimed
and where it landed and the engine's value of each; the menu lists the engine's option and a click submits the
engine's decision. Screenshot 97 in docs/screenshots/ is taken here."""
from __future__ import annotations

import pytest
from ui_helpers import ROOT, press, settle, shot, until_window

from test_new_actions import place, to_action, window
from wartime.core.rng import ScriptedDice
from wartime.rules import aim_correction
from wartime.rules.sequence import Decision

CATALOGUE = ROOT / "scenarios" / "catalogue" / "devices.toml"


@pytest.mark.slow                   # ~3 s of window frames: the fast suite's budget (the rule tests are fast)
def test_TRT_AIM_CORRECTOR_question_prompt_and_menu(tmp_path):
    mortar = tmp_path / "mortar.toml"
    mortar.write_text(f'format = 1\ntype = "list"\nname = "Mortar"\ncatalogue = "{CATALOGUE}"\n'
                      '[[unit]]\ncharacter = "mortar_spotter"\ncount = 1\n', encoding="utf-8")
    app = window(tmp_path, ROOT / "scenarios" / "skirmish.toml",
                 {"red": mortar, "blue": ROOT / "scenarios" / "lists" / "shooters.toml"})
    gs = app.match.gs
    spotter = next(e for e in gs.minis() if gs.side(e) == "red")
    enemy = next(e for e in gs.minis() if gs.side(e) == "blue")
    p = to_action(app, want=spotter)
    assert p.actor == spotter
    place(app, enemy, 20.0, 12.0, facing=180.0)
    place(app, spotter, 8.0, 12.0, facing=0.0)
    app.react_mode["red"] = "never"                  # the question is asked anyway: it is not a reaction
    app.react_mode["blue"] = "never"
    # the CH IMP misses (9); 1 D10 (12 K): 5 K at 180°, the aimed point left outside the R3; rerolled: 1 K at 90°
    gs.world.dice = ScriptedDice([9, 5, 1] + [5] * 40, angles=[180.0, 90.0])
    app.submit(Decision("action", "red", actor=spotter, action="ranged_attack", params={"target": enemy,
                                                                                        "weapon": 0}))
    pend = until_window(app, aim_correction.WINDOW)
    assert pend.window == aim_correction.WINDOW and pend.actor == spotter and pend.options == (aim_correction.KEY,)
    settle(app)
    d = app.dialog
    assert d is not None and d.kind == "react_prompt" and "reroll the dispersion" in d.title
    assert any("dispersed" in line for line in d.lines) and any("Expected harm" in line for line in d.lines)
    assert "reroll" in app._status()[0] or "may react" in app._status()[0]
    shot(app, "98-aim-corrector-question")
    press(app, "react_open")
    settle(app)
    rows = [e for e in app._menu(app.match.pending) if e.key == aim_correction.KEY]
    assert rows and all(r.enabled for r in rows)
    app.submit(Decision("react", "red", actor=spotter, action=aim_correction.KEY))
    settle(app)
    disp = [ev for ev in app.match.world.events if ev["type"] == "dispersion"]
    assert [ev["rule"] for ev in disp] == ["ARE-9", "TRT-AIM-CORRECTOR"]
