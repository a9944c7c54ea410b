"""Issue 18 in the window: under a peer combat system (`--combat wrath-glory|d6|d20`) the odds box words the
attack in that system's dice (WNG-21 pool against DN, SWD6-2 code against difficulty, SGD20-4 d20 + bonus
against Defence) with the exact odds that system enumerates, the unit card shows the system's health track, the
dice tray shows its dice and the log narrates its rolls and damage."""
from __future__ import annotations

import pytest

from ui_helpers import (SKIRMISH, answer_until_red_action, click, make_app, menu_index, mini_pos, move_to, pass_reactions, press,
                        shot)

from wartime.ai import make_controller
from wartime.data.loader import load_army_list, load_scenario
from wartime.match.match import Match
from wartime.rules import combat_systems
from wartime.rules.odds import attack_odds
from wartime.match.narrate import TRAY_EVENTS, describe, tray_roll

ROLL_WORDS = {"wrath-glory": ("d6", "DN"), "d6": ("vs difficulty",), "d20": ("d20", "Defence")}
TRAY_SIDES = {"wrath-glory": 6, "d6": 6, "d20": 20}


@pytest.mark.parametrize("system", ["wrath-glory", "d6", "d20"])
def test_odds_box_card_tray_and_log_speak_the_active_system(tmp_path, system):
    """WNG-21 / SWD6-2 / SGD20-4: the hovered attack's odds are the system's own exact odds, worded in its
    dice; after the attack the tray and the log show the system's roll."""
    app = make_app(tmp_path, seed=7, start=False, combat=system)
    gs = app.match.gs
    assert gs.combat is not None and gs.combat.name == system
    answer_until_red_action(app)
    actor = app.match.pending.actor
    target = 7
    press(app, "menu", menu_index(app, "ranged_attack", weapon=0))
    assert app.tool.entry.options[target].error is None
    move_to(app, mini_pos(app, target))
    pv = app.tool.attack
    assert pv is not None and pv.target == target and pv.odds is not None
    expected = attack_odds(gs, actor, target, weapon_index=0, ranged=True, cover=pv.cover)
    assert pv.odds == expected                                   # the system's own enumeration
    view = combat_systems.active(gs).odds_view(pv.odds)
    assert all(w in view.roll for w in ROLL_WORDS[system]), view.roll
    assert [r[1] for r in view.rows] == [pv.odds.p_hit, pv.odds.p_def, pv.odds.expected_wounds,
                                         pv.odds.p_incapacitate]
    assert gs.combat.label in app._title()
    shot(app, f"41-odds-{system}")
    # attack: the tray gets the system's dice, the log its words
    n0 = len(app.match.world.events)
    click(app, mini_pos(app, target))                  # the player clicks the target: the attack is declared
    pass_reactions(app)
    evs = app.match.world.events[n0:]
    rolls = [e for e in evs if e["type"] in TRAY_EVENTS and e["type"] != "check"]
    assert rolls, [e["type"] for e in evs]
    tray = tray_roll(rolls[0])
    assert tray is not None and tray.sides == TRAY_SIDES[system] and tray.faces
    for ev in evs:
        line = describe(ev, app.name)
        if line is not None:
            assert "None" not in line.text, line.text
    for _ in range(90):                                 # let the dice stop tumbling for the picture
        app.step()
    shot(app, f"42-dice-{system}")


@pytest.mark.parametrize("system", ["wrath-glory", "d6", "d20"])
def test_every_peer_event_of_a_game_has_its_own_log_words(system):
    """WNG-* / SWD6-* / SGD20-*: every event a peer system emits in a whole game is narrated in words (not the
    generic field dump) and names no missing field."""
    sc = load_scenario(SKIRMISH)
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    m = Match(sc, lists, 3, {"red": make_controller("scripted", 1), "blue": make_controller("scripted", 2)},
              checkpoints=False, combat=system)
    m.play()
    seen = set()
    for ev in m.world.events:
        rule = str(ev.get("rule") or "")
        if not rule.startswith(("WNG-", "SWD6-", "SGD20-")):
            continue
        line = describe(ev, lambda e: f"#{e}")
        assert line is not None, ev
        assert "None" not in line.text and not line.text.startswith(str(ev["type"]).replace("_", " ").capitalize()
                                                                     + ":"), (ev, line.text)
        seen.add(ev["type"])
    assert seen, "the game resolved no attack under the system"
