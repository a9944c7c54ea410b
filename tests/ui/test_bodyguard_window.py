"""Guardaespaldas through the window (TRT-BODYGUARD): the bodyguard's side is asked, whatever its reaction setting
(it is no reaction), with a prompt of its own carrying the engine's odds of the hit on the target and on the
bodyguard; the menu lists the engine's option and a click on it submits the engine's decision. Screenshot 85 in
docs/screenshots/ is taken here."""
from __future__ import annotations

import pytest
from ui_helpers import ROOT, press, settle, shot, until_window

from test_new_actions import place, to_action, window
from wartime.core.rng import ScriptedDice
from wartime.rules import bodyguard
from wartime.rules.sequence import Decision

CATALOGUE = ROOT / "scenarios" / "catalogue" / "combat-feats2.toml"


def guards_window(tmp_path, red_list: str):
    """Skirmish: red `red_list` against two close-protection guards, the first red character about to act; returns
    the window, that character, the guard to be hit and its bodyguard."""
    guards = tmp_path / "guards.toml"
    guards.write_text(f'format = 1\ntype = "list"\nname = "Guards"\ncatalogue = "{CATALOGUE}"\n'
                      '[[unit]]\ncharacter = "close_protection"\ncount = 2\n', encoding="utf-8")
    app = window(tmp_path, ROOT / "scenarios" / "skirmish.toml",
                 {"red": ROOT / "scenarios" / "lists" / red_list, "blue": guards})
    gs = app.match.gs
    attacker = next(e for e in gs.minis() if gs.side(e) == "red")
    target, guard = [e for e in gs.minis() if gs.side(e) == "blue"]
    assert to_action(app, want=attacker).actor == attacker
    return app, attacker, target, guard


@pytest.mark.slow                   # ~3 s of window frames: the fast suite's budget (the rule tests are fast)
def test_TRT_BODYGUARD_question_prompt_and_menu(tmp_path):
    app, rifleman, target, guard = guards_window(tmp_path, "shooters.toml")
    gs = app.match.gs
    place(app, target, 18.0, 12.0, facing=180.0)
    place(app, guard, 18.0, 14.0, facing=180.0)
    place(app, rifleman, 8.0, 12.0, facing=0.0)
    app.react_mode["blue"] = "never"                 # the question is asked anyway: it is not a reaction
    gs.world.dice = ScriptedDice([2] + [5] * 40)     # the CH IMP hits; the rest plain
    app.submit(Decision("action", "red", actor=rifleman, action="ranged_attack", params={"target": target,
                                                                                          "weapon": 0}))
    pend = until_window(app, bodyguard.WINDOW)
    assert pend.window == bodyguard.WINDOW and pend.actor == guard and pend.against_target == target
    settle(app)
    d = app.dialog
    assert d is not None and d.kind == "react_prompt" and "take the hit" in d.title
    assert any("Guardaespaldas" in line for line in d.lines) and any("wounds expected" in line for line in d.lines)
    assert "may take the hit" in app._status()[0] or "may react" in app._status()[0]
    shot(app, "89-bodyguard-question")
    press(app, "react_open")
    settle(app)
    rows = [e for e in app._menu(app.match.pending) if e.key == "bodyguard"]
    assert rows and all(r.enabled for r in rows)
    app.submit(Decision("react", "blue", actor=guard, action="bodyguard"))
    settle(app)
    hits = [ev for ev in app.match.world.events if ev["type"] == "damage"]
    assert hits and hits[0]["target"] == guard and any(ev["type"] == "bodyguard" for ev in app.match.world.events)


@pytest.mark.slow                   # window frames, as above
def test_TRT_BODYGUARD_melee_question_prompt(tmp_path):
    """A brawler's blow on a guard in base contact: the other guard is asked (a prompt naming the step in front of
    the blow, in base contact with the attacker, and the melee odds); taking it puts it there. Screenshot 96."""
    app, brawler, target, guard = guards_window(tmp_path, "brawlers.toml")
    gs = app.match.gs
    gap = gs.body(brawler).radius + gs.body(target).radius + 0.01
    place(app, target, 18.0, 12.0, facing=180.0)
    place(app, guard, 18.5, 14.0, facing=180.0)
    place(app, brawler, 18.0 - gap, 12.0, facing=0.0)
    melee = next(i for i, w in enumerate(gs.equipment(brawler).weapons) if not w.ranged)
    app.react_mode["blue"] = "never"
    gs.world.dice = ScriptedDice([2] + [5] * 40)     # the CH IMP hits; the rest plain
    app.submit(Decision("action", "red", actor=brawler, action="melee_attack", params={"target": target,
                                                                                        "weapon": melee}))
    pend = until_window(app, bodyguard.WINDOW)
    assert pend.actor == guard and pend.against_target == target and bodyguard.current(gs).melee
    settle(app)
    d = app.dialog
    assert d is not None and d.kind == "react_prompt" and "take the hit" in d.title
    assert any("in base contact with the attacker" in line for line in d.lines)
    assert any("wounds expected" in line for line in d.lines)
    shot(app, "96-bodyguard-melee")
    spot = bodyguard.current(gs).spot(guard)
    app.submit(Decision("react", "blue", actor=guard, action="bodyguard"))
    settle(app)
    assert (gs.pos(guard).x, gs.pos(guard).y) == spot and gs.in_contact(guard, brawler)
    assert [ev["target"] for ev in app.match.world.events if ev["type"] == "damage"][:1] == [guard]
