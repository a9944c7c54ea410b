"""Fortuna through the window (TRT-FORTUNE): the carrier's side is asked, whatever its reaction setting (it is no
reaction), with a prompt of its own saying what was rolled and the alternatives offered; the menu lists the engine's
options and a click on one submits the engine's decision. Screenshot 92 in docs/screenshots/ is taken here."""
from __future__ import annotations

import pytest
from ui_helpers import ROOT, press, settle, shot, until_window

from test_new_actions import place, to_action, window
from wartime.core.rng import ScriptedDice
from wartime.rules import fortune
from wartime.rules.sequence import Decision

CATALOGUE = ROOT / "scenarios" / "catalogue" / "combat-feats2.toml"


@pytest.mark.slow                   # ~3 s of window frames: the fast suite's budget (the rule tests are fast)
def test_TRT_FORTUNE_question_prompt_and_menu(tmp_path):
    lucky = tmp_path / "lucky.toml"
    lucky.write_text(f'format = 1\ntype = "list"\nname = "Lucky"\ncatalogue = "{CATALOGUE}"\n'
                     '[[unit]]\ncharacter = "fortunate_gunman"\ncount = 1\n', encoding="utf-8")
    app = window(tmp_path, ROOT / "scenarios" / "skirmish.toml",
                 {"red": ROOT / "scenarios" / "lists" / "shooters.toml", "blue": lucky})
    gs = app.match.gs
    rifleman = next(e for e in gs.minis() if gs.side(e) == "red")
    gunman = next(e for e in gs.minis() if gs.side(e) == "blue")
    p = to_action(app, want=rifleman)
    assert p.actor == rifleman
    place(app, gunman, 18.0, 12.0, facing=180.0)
    place(app, rifleman, 8.0, 12.0, facing=0.0)
    app.react_mode["blue"] = "never"                 # the question is asked anyway: it is not a reaction
    gs.world.dice = ScriptedDice([2, 8] + [5] * 40)  # the CH IMP hits (2); cancelled, it misses (8)
    app.submit(Decision("action", "red", actor=rifleman, action="ranged_attack", params={"target": gunman,
                                                                                          "weapon": 0}))
    pend = until_window(app, fortune.WINDOW)
    assert pend.window == fortune.WINDOW and pend.actor == gunman and pend.options == (fortune.CANCEL_DIE,)
    settle(app)
    d = app.dialog
    assert d is not None and d.kind == "react_prompt" and "Fortune" in d.title
    assert any("Fortuna" in line for line in d.lines) and any("cancel the die" in line for line in d.lines)
    assert "Fortune" in app._status()[0] or "may react" in app._status()[0]
    shot(app, "92-fortune-question")
    press(app, "react_open")
    settle(app)
    rows = [e for e in app._menu(app.match.pending) if e.key == fortune.CANCEL_DIE]
    assert rows and all(r.enabled for r in rows)
    app.submit(Decision("react", "blue", actor=gunman, action=fortune.CANCEL_DIE))
    settle(app)
    imp = [ev for ev in app.match.world.events if ev["type"] == "check" and ev["kind"] == "IMP"]
    assert [ev["die"] for ev in imp] == [2, 8] and gs.wounds(gunman) == 0


def test_TRT_FORTUNE_prompt_lines_for_dice_of_no_check():
    """The prompt says which die of no check is offered for cancelling (initiative, a dispersion, a 1D100 with its
    chance of repeating)."""
    from types import SimpleNamespace
    from wartime.ui.fortune_view import fortune_lines
    world = SimpleNamespace(resources={})
    gs = SimpleNamespace(world=world)
    name = lambda e: f"red {'Gunman' if e == 1 else 'Rifleman'}"          # noqa: E731
    Q = fortune.FortuneQuestion
    world.resources[fortune.RESOURCE] = Q("", (), 1, (fortune.CANCEL_DIE,), "percent", None, "Rifle fired", 7, 10)
    lines = fortune_lines(gs, None, name)
    assert "1D100 for Rifle fired went against it: 7 against 10 %" in lines[0] and "10 %" in lines[-1]
    world.resources[fortune.RESOURCE] = Q("", (), 1, (fortune.CANCEL_DIE,), "landing", 2, die=4)
    lines = fortune_lines(gs, None, name)
    assert "Rifleman's area dispersed onto it" in lines[0] and "new die stands" in lines[-1]


def test_TRT_FORTUNE_the_odds_second_figure_in_words():
    """The attack preview's note: the attacker's figure with Fortune spent on its CH IMP, and the target's flag."""
    from fractions import Fraction
    from wartime.rules.odds import AttackOdds
    from wartime.ui.fortune_view import fortune_odds_note
    plain = AttackOdds(5, 0, Fraction(1, 2), Fraction(0), Fraction(2), Fraction(0))
    assert fortune_odds_note(plain) is None
    best = AttackOdds(5, 0, Fraction(4, 5), Fraction(0), Fraction(16, 5), Fraction(0))
    note = fortune_odds_note(AttackOdds(5, 0, Fraction(1, 2), Fraction(0), Fraction(2), Fraction(0),
                                        with_fortune=best, target_fortune=True))
    assert note == "Fortuna: with its Fortune on the CH IMP: hits 80%, 3.20 wounds; the target's Fortune may ignore " \
                   "the damage"
