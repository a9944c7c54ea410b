"""The game loop, energy and actions in general: SEQ-1..7, ENE-1..4, ACT-1..5, GNA-10 (Esperar)."""
from __future__ import annotations

import pytest

from rules_helpers import Game, M, built_state, race, violation, weapon
from wartime.core.components import Life
from wartime.core.rng import ScriptedDice
from wartime.data.models import CharacterSpec
from wartime.rules.checks import Modifier, make_check
from wartime.rules.energy import action_cost
from wartime.rules.sequence import Decision, Engine


def starts(g: Game) -> list[tuple[int, int, bool]]:
    """(who, phase, resumed) of every activation start, in order."""
    return [(e["who"], e["phase"], e["resumed"]) for e in g.events("activation_start")]


def end(g: Game) -> None:
    p = g.engine.pending
    assert p.kind == "action"
    g.submit("action", p.side, action="end")


# --- SEQ ----------------------------------------------------------------------------------------------------
def test_SEQ_1_a_new_turn_starts_with_a_new_initiative_roll_when_everyone_has_acted():
    """SEQ-1: after every able character has taken its activation in turn 1, turn 2 starts with a new
    initiative roll."""
    g = Game(M(side="red", x=5, y=5), M(side="blue", x=30, y=30), rolls=[6, 4])
    a, b = g.ids
    g.begin()
    assert g.engine.flow.turn == 1 and g.engine.flow.order == ("red", "blue")
    assert g.engine.pending.actor == a
    end(g)
    assert g.engine.pending.actor == b and g.engine.flow.turn == 1
    assert len(g.events("initiative_roll")) == 2
    g.dice.push(3, 7)                         # turn 2 initiative
    end(g)
    assert g.engine.flow.turn == 2
    types = [e["type"] for e in g.world.events]
    i_end = types.index("turn_end")
    assert types[i_end + 1] == "turn_start" and g.events("turn_start")[-1]["turn"] == 2
    assert len(g.events("initiative_roll")) == 4
    assert g.engine.flow.order == ("blue", "red")           # the new roll decides turn 2
    assert g.engine.pending.actor == b
    assert g.all_dice_used()


def test_SEQ_2_initiative_is_1d10_plus_VOL_and_ties_reroll():
    """SEQ-2: A rolls 6 with VOL 5 (11), B rolls 4 with VOL 7 (11): tie; the reroll gives A 3 (8) and B 9 (16),
    so B has the initiative."""
    g = Game(M(side="red", VOL=5, x=5, y=5), M(side="red", VOL=2, x=7, y=5),
             M(side="blue", VOL=7, x=30, y=30), rolls=[6, 4, 3, 9])
    a, a2, b = g.ids
    g.begin()
    p = g.engine.pending                       # red has 2 characters: it chooses which one rolls
    assert p.kind == "initiative" and p.side == "red" and set(p.options) == {a, a2}
    g.submit("initiative", "red", choice=a)
    rolls = g.events("initiative_roll")
    assert [(r["side"], r["total"]) for r in rolls] == [("red", 11), ("blue", 11)]
    rerolls = g.events("initiative_reroll")
    assert [(r["side"], r["total"]) for r in rerolls] == [("red", 8), ("blue", 16)]
    assert g.engine.flow.order == ("blue", "red")
    assert g.all_dice_used()


def test_SEQ_2_the_die_is_a_plain_number_with_no_critical_or_fumble():
    """SEQ-2: the initiative die has no critical or fumble: a 10 simply adds 10."""
    g = Game(M(side="red", VOL=1, x=5, y=5), M(side="blue", VOL=1, x=30, y=30), rolls=[1, 10])
    g.begin()
    assert [r["total"] for r in g.events("initiative_roll")] == [2, 11]
    assert g.engine.flow.order == ("blue", "red")


def test_SEQ_3_the_initiative_winner_activates_first_in_every_phase():
    """SEQ-3: A won the initiative. In phase 7 A and B both have eligible characters, so A activates first.
    In phase 6 only B has one, so B activates."""
    g = Game(M(side="red", VOL=7, x=5, y=5), M(side="blue", VOL=7, x=30, y=30),
             M(side="blue", VOL=6, x=32, y=30), rolls=[9, 1])
    a, b7, b6 = g.ids
    g.begin()
    g.submit("initiative", "blue", choice=b7)
    end(g)
    end(g)
    end(g)
    assert starts(g) == [(a, 7, False), (b7, 7, False), (b6, 6, False)]


def test_SEQ_3_the_winner_starts_the_next_phase_even_if_it_acted_last():
    """SEQ-3: each phase's first activation goes to the winner, even when the winner's character was the last
    to act in the previous phase."""
    g = Game(M(side="red", VOL=7, x=5, y=5), M(side="red", VOL=6, x=7, y=5),
             M(side="blue", VOL=6, x=30, y=30), rolls=[9, 1])
    a7, a6, b6 = g.ids
    g.begin()
    g.submit("initiative", "red", choice=a7)
    end(g)
    end(g)
    end(g)
    assert starts(g) == [(a7, 7, False), (a6, 6, False), (b6, 6, False)]


def test_SEQ_4_ten_phases_from_10_down_to_1():
    """SEQ-4: the phase after 8 is 7, and the last phase of a turn is 1."""
    g = Game(M(side="red", VOL=1, x=5, y=5), M(side="blue", VOL=1, x=30, y=30), rolls=[6, 4])
    a, b = g.ids
    g.begin()
    assert [e["phase"] for e in g.events("phase")] == [9, 8, 7, 6, 5, 4, 3, 2, 1]
    assert starts(g) == [(a, 1, False)]
    end(g)
    g.dice.push(5, 2)
    end(g)
    # after phase 1 the turn is over
    types = [e["type"] for e in g.world.events]
    assert types.index("turn_end") > types.index("activation_end")
    assert g.engine.flow.turn == 2


def test_SEQ_5_a_character_acts_in_the_phase_of_its_VOL_and_Esperar_resumes_one_phase_lower():
    """SEQ-5: a VOL 7 character acts in phase 7; if it uses Esperar there, it is eligible again in phase 6.
    A VOL 12 character acts in phase 10."""
    g = Game(M(side="red", VOL=7, x=5, y=5, energy=0), M(side="blue", VOL=12, x=30, y=30), rolls=[1, 9])
    a, b = g.ids
    g.begin()
    assert starts(g) == [(b, 10, False)]
    end(g)
    assert starts(g)[-1] == (a, 7, False)
    assert g.engine.eligible(a, 7) and not g.engine.eligible(a, 8)
    g.submit("action", "red", action="wait")
    assert g.events("waiting")[-1]["until_phase"] == 6
    assert starts(g)[-1] == (a, 6, True)
    assert g.engine.pending.actor == a and g.engine.flow.phase == 6


def test_SEQ_6_players_alternate_activations_and_choose_which_character_acts():
    """SEQ-6: in phase 6, A (the winner) has 2 eligible characters and B has 1. The order is A, B, A."""
    g = Game(M(side="red", VOL=6, x=5, y=5), M(side="red", VOL=6, x=7, y=5),
             M(side="blue", VOL=6, x=30, y=30), rolls=[9, 1])
    a1, a2, b = g.ids
    g.begin()
    g.submit("initiative", "red", choice=a1)
    p = g.engine.pending
    assert p.kind == "activate" and p.side == "red" and set(p.options) == {a1, a2}
    assert violation(g.submit, "activate", "blue", choice=b).rule_id == "SEQ-6"   # not blue's turn
    g.submit("activate", "red", choice=a2)               # the player chooses
    end(g)
    end(g)
    end(g)
    assert [s[0] for s in starts(g)] == [a2, b, a1]
    assert all(s[1] == 6 for s in starts(g))


def test_SEQ_7_empty_phases_are_skipped_and_unable_characters_never_act():
    """SEQ-7: if the highest VOL on the table is 6, phases 10-7 pass with no activations and phase 6 is the
    first with activations. Characters not able to act are skipped."""
    g = Game(M(side="red", VOL=6, x=5, y=5), M(side="blue", VOL=4, x=30, y=30),
             M(side="blue", VOL=9, CON=3, wounds=3, x=33, y=30), rolls=[5, 5, 6, 1])
    a, b, hurt = g.ids
    g.begin()
    g.submit("initiative", "blue", choice=b)
    assert g.world.get(hurt, Life).state == "incapacitated"
    assert starts(g) == [(a, 6, False)]
    phases_before = [e["phase"] for e in g.events("phase")]
    assert phases_before == [9, 8, 7, 6]
    end(g)
    end(g)
    assert [s[0] for s in starts(g)] == [a, b]
    assert hurt not in [s[0] for s in starts(g)]


# --- ENE ----------------------------------------------------------------------------------------------------
def test_ENE_1_every_action_costs_at_least_1_and_is_paid_even_if_it_fails():
    """ENE-1: cost reductions cannot take a cost below 1; the cost is paid at declaration and not refunded if
    the action fails; turning during the character's own activation costs 0."""
    assert action_cost(1, 0) == 1
    assert action_cost(0, 0) == 1 and action_cost(-2, 0) == 1
    assert action_cost(0, 0, free=True) == 0
    g = Game(M(INT=5, wounds=2, x=10, y=20), M(side="blue", x=30, y=30), rolls=[7, 3])   # Curar; CH PSI
    a, _ = g.ids
    g.start_activation(a, energy=6)
    g.act(a, "heal")                                  # Curar (3, INT): die 7 fails
    assert g.energy(a) == 3 and g.wounds(a) == 3       # ENE spent, and the fail adds a wound
    g.act(a, "end", facing=180.0)                      # a free turn: no ENE
    assert g.energy(a) == 3 and g.gs.pos(a).facing == 180.0


def test_ENE_2_the_game_starts_with_ENE_0():
    """ENE-2: at game start a CON 4, AGI 4 character has ENE 0; at the start of its first activation, ENE 8."""
    gs = built_state(("red", CharacterSpec(id="a", name="A", race=race(CON=4, AGI=4, VOL=5))),
                     ("blue", CharacterSpec(id="b", name="B", race=race(CON=4, AGI=4, VOL=4))))
    a, b = gs.minis()
    assert gs.energy(a) == 0 and gs.energy(b) == 0
    gs.world.dice = ScriptedDice([6, 4])
    engine = Engine(gs)
    engine.start()
    for side in ("red", "blue"):                     # deployment: the default spots
        engine.submit(Decision("deploy", side))
    assert engine.pending.actor == a and gs.energy(a) == 8


@pytest.mark.parametrize("con, agi, wounds, before, after", [
    (3, 4, 1, -2, 4),       # negative ENE left by reactions is added to first
    (5, 6, 0, 3, 10),       # capped at 10
    (4, 4, 0, 12, 12),      # above 10 from a bonus: kept, no gain, no loss
])
def test_ENE_3_gain_CON_plus_AGI_minus_wounds_capped_at_10(con, agi, wounds, before, after):
    """ENE-3: CON 3, AGI 4, 1 wound and ENE −2 gives ENE 4; CON 5, AGI 6, 0 wounds and ENE 3 gives ENE 10."""
    g = Game(M(CON=con, AGI=agi, wounds=wounds, energy=before, x=10, y=20), M(side="blue", x=30, y=30))
    a, _ = g.ids
    g.start_activation(a)
    assert g.energy(a) == after


def test_ENE_3_the_gain_happens_once_per_turn_not_when_resuming_after_Esperar():
    """ENE-3 / GNA-10: the gain happens at the first start of the activation, not when it resumes."""
    g = Game(M(side="red", VOL=7, CON=3, AGI=3, energy=0, x=5, y=5), M(side="blue", VOL=1, x=30, y=30),
             rolls=[9, 1])
    a, _ = g.ids
    g.begin()
    assert g.energy(a) == 6
    g.submit("action", "red", action="wait")
    assert starts(g)[-1] == (a, 6, True)
    assert g.energy(a) == 5
    assert len(g.events("energy", rule="ENE-3", who=a)) == 1


def test_ENE_4_an_action_may_not_cost_more_than_the_current_ENE_and_unspent_ENE_carries_over():
    """ENE-4: with ENE 2 a character cannot declare a 3-ENE action. If it ends its activation with 2 ENE and
    has CON 3, AGI 3 and no wounds, it starts its next activation with 8."""
    g = Game(M(side="red", CON=3, AGI=3, VOL=5, energy=0, x=5, y=5), M(side="blue", VOL=4, x=30, y=30),
             rolls=[9, 1])
    a, b = g.ids
    g.begin()
    assert g.energy(a) == 6
    g.submit("action", "red", action="concentrate")
    g.submit("action", "red", action="concentrate")
    assert g.energy(a) == 2
    n_events = len(g.world.events)
    exc = violation(g.submit, "action", "red", action="sprint", params={"path": [[8, 5]]})
    assert exc.rule_id == "ENE-4"
    assert g.energy(a) == 2 and len(g.world.events) == n_events and g.pos(a) == (5, 5)
    end(g)
    g.dice.push(9, 1)         # turn 2 initiative
    end(g)                    # blue
    assert g.engine.flow.turn == 2
    assert g.engine.pending.actor == a and g.energy(a) == 8


# --- ACT ----------------------------------------------------------------------------------------------------
def test_ACT_1_one_action_at_a_time_each_resolved_before_the_next_is_asked():
    """ACT-1: a character declares Mover; only after the move is resolved is it asked for its next action.
    An action must be legal when declared; an illegal one changes nothing."""
    g = Game(M(side="red", VOL=5, x=5, y=5), M(side="blue", VOL=4, x=30, y=30), rolls=[9, 1])
    a, _ = g.ids
    g.begin()
    g.submit("action", "red", action="move", params={"path": [[6, 5]]})
    assert g.pos(a) == (6, 5)
    # then its after-action reaction window (REA-3), here with nobody able to react
    assert [e["type"] for e in g.world.events][-3:] == ["moved", "action_resolved", "reaction_window"]
    p = g.engine.pending
    assert p.kind == "action" and p.actor == a
    before = (g.energy(a), len(g.world.events))
    assert violation(g.submit, "action", "red", action="teleport").rule_id == "ACT-1"
    assert violation(g.submit, "action", "red", action="move", params={"path": [[9, 5]]}).rule_id == "MOV-3"
    assert (g.energy(a), len(g.world.events)) == before
    assert violation(g.submit, "initiative", "red", choice=a).rule_id == "ACT-1"   # not the pending kind


def test_ACT_2_simple_actions_roll_nothing_complex_ones_roll_and_pay_even_on_a_fail():
    """ACT-2: a simple action (Mover) has no check; a complex one (Curar, CH INT) has a check, its ENE is paid
    at declaration and spent even if the check fails; a difficult check (D) is at −1: AGI 5 passes on 4,
    fails on 5."""
    g = Game(M(INT=5, wounds=1, x=10, y=20), M(side="blue", x=30, y=30))
    a, _ = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "move", path=[[11, 20]])
    assert g.checks() == [] and g.energy(a) == 9
    g.dice.push(6, 3)                                      # CH INT 6 fails; the extra wound's CH PSI
    g.act(a, "heal")
    c = g.check("ATR")
    assert (c["attribute"], c["target"], c["passed"]) == ("INT", 5, False)
    assert g.energy(a) == 6 and g.wounds(a) == 2            # failed: no effect but its own (1 extra wound)
    # the difficult −1, as the check pipeline applies it
    d = [Modifier("ACT-2", -1, "difficult")]
    assert make_check("ATR", "AGI", 5, d, 4).passed and not make_check("ATR", "AGI", 5, d, 5).passed


def test_ACT_3_chained_actions_take_CH_ATR_minus_1_and_a_failed_simple_action_is_void():
    """ACT-3: an AGI 6 character chains Mover + a ranged attack at 8 K. Mover needs a CH AGI at target 5: with
    a die of 6 it does not move (1 ENE spent). The attack is then made with a CH IMP target of 5."""
    g = Game(M(AGI=6, x=5, y=20, weapons=(weapon(ENE=2),)), M(side="blue", x=14, y=20, CON=8))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(6)
    g.act(a, "move", chain=True, path=[[6, 20]])
    c = g.check("ATR")
    assert (c["attribute"], c["target"], g.mods(c)) == ("AGI", 5, {"ACT-3": -1})
    assert g.pos(a) == (5, 20) and g.energy(a) == 9
    g.dice.push(6, 1)                                 # CH IMP 6 misses target 5
    g.act(a, "ranged_attack", target=b, weapon=0)     # follows the last flag: still in the chain
    imp = g.check("IMP")
    assert imp["target"] == 5 and g.mods(imp) == {"ACT-3": -1} and not imp["passed"]
    # the chain is over: the next action is not penalised
    g.dice.push(6, 1)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.checks("IMP")[-1]["target"] == 6


def test_ACT_3_the_minus_1_is_per_action_not_cumulative_and_a_fail_does_not_break_the_chain():
    """ACT-3: every action in the chain takes −1 (not −2, −3 along the chain); a failed check does not break
    the chain."""
    g = Game(M(AGI=6, x=5, y=20, mov=3), M(side="blue", x=30, y=30))
    a, _ = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(7, 7, 2)
    g.act(a, "move", chain=True, path=[[6, 20]])
    g.act(a, "move", chain=True, path=[[7, 20]])
    g.act(a, "move", path=[[8, 20]])
    assert [c["target"] for c in g.checks("ATR")] == [5, 5, 5]
    assert g.pos(a) == (8, 20) and g.energy(a) == 7


def test_ACT_4_no_other_decision_is_asked_inside_a_chain():
    """ACT-4: nothing interrupts a chain of combined actions; the engine keeps asking the acting character
    until the action after the last flag is resolved. (Here nobody can react; the reaction windows around a
    chain are tested in test_rules_reactions.py.)"""
    g = Game(M(side="red", VOL=5, AGI=6, x=5, y=5, mov=3), M(side="blue", VOL=4, x=30, y=30), rolls=[9, 1])
    a, _ = g.ids
    g.begin()
    g.dice.push(2, 2)
    g.submit("action", "red", action="move", params={"path": [[6, 5]]}, chain=True)
    assert g.engine.pending.kind == "action" and g.engine.pending.actor == a
    assert g.gs.activation(a).chain_next
    g.submit("action", "red", action="move", params={"path": [[7, 5]]})
    assert not g.gs.activation(a).chain_next
    assert g.engine.pending.actor == a
    assert [e["chained"] for e in g.events("action")] == [True, True]


def test_ACT_5_requirements_are_checked_at_declaration_against_current_values():
    """ACT-5: a requirement that depends on an attribute is checked at declaration against its current value,
    and an action that fails it cannot be declared (nothing is spent). Here: the FOV reach (VOL × 5) a ranged
    attack needs, after a permanent VOL −1 (PSI-9). (No implemented action has a minimum-attribute
    requirement such as 180°'s MOV ≥ 4: that action is not implemented yet.)"""
    g = Game(M(VOL=5, x=5, y=20, weapons=(weapon(RNG=40),)), M(side="blue", x=28, y=20))
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "ranged_attack", {"target": b, "weapon": 0}) == 2    # 22 K ≤ 25 K
    from dataclasses import replace
    g.set(a, replace(g.gs.attrs(a), VOL=4))
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": b, "weapon": 0}).rule_id == "ENV-1"
    assert violation(g.act, a, "ranged_attack", target=b, weapon=0).rule_id == "ENV-1"
    assert g.energy(a) == 10


# --- GNA-10 -------------------------------------------------------------------------------------------------
def test_GNA_10_Esperar_pauses_the_activation_until_the_next_phase_without_a_second_gain():
    """GNA-10: a VOL 7 character with ENE 6 after its gain waits in phase 7 (ENE 5) and acts in phase 6 with
    ENE 5."""
    g = Game(M(side="red", VOL=7, CON=3, AGI=3, energy=0, x=5, y=5), M(side="blue", VOL=1, x=30, y=30),
             rolls=[9, 1])
    a, _ = g.ids
    g.begin()
    assert g.energy(a) == 6 and g.engine.flow.phase == 7
    g.submit("action", "red", action="wait")
    assert g.engine.flow.phase == 6 and g.engine.pending.actor == a and g.energy(a) == 5
    assert not g.gs.activation(a).acted
    # it may wait again, as the first action of the resumed activation
    g.submit("action", "red", action="wait")
    assert g.engine.flow.phase == 5 and g.energy(a) == 4


def test_GNA_10_Esperar_only_first_not_engaged_not_in_phase_1():
    """GNA-10: only as the first action of its activation, not while engaged, and not in phase 1."""
    g = Game(M(VOL=5, x=10, y=20), M(side="blue", x=11, y=20), M(side="blue", x=30, y=30))
    a, b, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "wait").rule_id == "GNA-10"          # engaged
    g = Game(M(VOL=5, x=10, y=20), M(side="blue", x=30, y=30))
    a, _ = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "move", path=[[11, 20]])
    assert violation(g.act, a, "wait").rule_id == "GNA-10"          # not the first action
    g = Game(M(VOL=1, x=10, y=20), M(side="blue", x=30, y=30))
    a, _ = g.ids
    g.start_activation(a, energy=10, phase=1)
    assert violation(g.act, a, "wait").rule_id == "GNA-10"          # phase 1
    assert g.energy(a) == 10
