"""Movement through the rules engine: MOV-1, MOV-3, MOV-4, MOV-5, MOV-7, MOV-8, MOV-9, MOV-14 and the movement
actions MVA-1..6, MVA-19."""
from __future__ import annotations

import pytest

from rules_helpers import Game, M, armour, blade, built_state, piece, race, violation, weapon
from wartime.core.components import Energy, Posture
from wartime.data.models import CharacterSpec
from wartime.rules.sequence import Engine


def mover(**kw) -> Game:
    """A red mover at (10, 20) facing +x and a far-away enemy (so MOV-14 stays out of the way)."""
    return Game(M(x=10, y=20, **kw), M(side="blue", x=35, y=35))


# --- MOV ---------------------------------------------------------------------------------------------------
def test_MOV_1_natural_MOV_is_the_size_factor_rounded():
    """MOV-1: a human has MOV 1; a character 2.5 times human height has MOV 3 (BAS-5), and Mover uses it."""
    gs = built_state(("red", CharacterSpec(id="h", name="Human", race=race())),
                     ("blue", CharacterSpec(id="t", name="Troll", race=race(size=2.5))))
    human, troll = gs.minis()
    assert gs.mov(human) == 1 and gs.mov(troll) == 3
    engine = Engine(gs)
    for e in (human, troll):
        gs.world.set(e, Energy(10))
    p = gs.pos(troll)
    assert engine.check_action(troll, "move", {"path": [[p.x - 3.0, p.y]]}) == 1
    assert violation(engine.check_action, troll, "move", {"path": [[p.x - 3.2, p.y]]}).rule_id == "MOV-3"
    p = gs.pos(human)
    assert violation(engine.check_action, human, "move", {"path": [[p.x + 1.2, p.y]]}).rule_id == "MOV-3"


def test_MOV_3_a_move_is_a_polyline_no_longer_than_the_allowance():
    """MOV-3: a MOV 1 character using Mover may move 0.8 K but not 1.2 K; the whole polyline counts, and the
    base may not leave the board."""
    g = mover()
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "move", path=[[11.2, 20]]).rule_id == "MOV-3"
    assert violation(g.act, a, "move", path=[[10.6, 20], [10.6, 20.6]]).rule_id == "MOV-3"
    g.act(a, "move", path=[[10.8, 20]])
    assert g.pos(a) == (10.8, 20)
    g.act(a, "move", path=[[10.8, 20.4], [11.2, 20.4], [11.2, 20.2]])          # free changes of direction
    assert g.pos(a) == (11.2, 20.2)
    g = Game(M(x=0.8, y=20), M(side="blue", x=35, y=35))
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "move", path=[[0.4, 20]]).rule_id == "MOV-3"     # off the board edge


def test_MOV_4_a_critical_on_a_chained_move_adds_1_K():
    """MOV-4: a human who rolls 1 on a chained Mover's CH AGI may move up to 2 K."""
    g = mover(AGI=5)
    a, _ = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(1)
    g.act(a, "move", chain=True, path=[[12, 20]])
    assert g.check("ATR")["critical"] and g.pos(a) == (12, 20)
    # without the critical the extra K is not there: a 2 K chained Mover does not take the mini 2 K
    g = mover(AGI=5)
    a, _ = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(2)
    g.act(a, "move", chain=True, path=[[12, 20]])
    assert g.check("ATR")["passed"] and g.pos(a) != (12, 20)
    # a plain (unchained) Mover rolls nothing, so it can never get the extra K
    g = mover(AGI=5)
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "move", path=[[12, 20]]).rule_id == "MOV-3"


def test_MOV_5_turning_in_the_own_activation_is_free_but_not_outside_it():
    """MOV-5: a character shoots east, then turns west and shoots again, all at no extra ENE. During the enemy's
    activation it cannot turn (only the Pivotar reaction could)."""
    g = Game(M(side="red", x=20, y=20, VOL=5, weapons=(weapon(ENE=2),)),
             M(side="blue", x=26, y=20, CON=9, facing=180.0), M(side="blue", x=14, y=20, CON=9))
    a, east, west = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": west, "weapon": 0}).rule_id == "ENV-1"
    g.dice.push(9)
    g.act(a, "ranged_attack", target=east, weapon=0)
    g.dice.push(9)
    g.act(a, "ranged_attack", target=west, weapon=0, facing=180.0)
    assert g.energy(a) == 6                             # 2 + 2: the turn was free
    assert g.events("turned", who=a)[0]["facing"] == 180.0
    g.act(a, "end")
    # the enemy's activation: the red character's facing is fixed; it cannot act or turn
    g.start_activation(east, energy=10)
    assert violation(g.submit, "action", "red", actor=a, action="end", facing=0.0).rule_id == "SEQ-6"
    assert violation(g.submit, "action", "blue", actor=a, action="end", facing=0.0).rule_id == "SEQ-6"
    assert g.gs.pos(a).facing == 180.0


def test_MOV_7_terrain_surcharge_is_paid_once_for_the_worst_class_crossed():
    """MOV-7: a Mover (1 ENE) whose path crosses mud (difficult) costs 2 ENE; touching both difficult and
    extreme terrain costs 3 ENE; it is not paid per K."""
    mud = piece("mud", "difficult", 11, 15, 12, 25)
    bog = piece("bog", "extreme", 13, 15, 14, 25)
    g = Game(M(x=10, y=20, mov=5), M(side="blue", x=35, y=35), pieces=[mud, bog])
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "move", {"path": [[10, 24]]}) == 1        # easy ground
    g.act(a, "move", path=[[12.4, 20]])                                          # across the mud
    assert g.energy(a) == 8
    g = Game(M(x=10, y=20, mov=5), M(side="blue", x=35, y=35), pieces=[mud, bog])
    a, _ = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "move", path=[[14.8, 20]])                                          # mud and bog
    assert g.energy(a) == 7
    assert g.events("moved")[0]["surcharge"] == 2


def test_MOV_8_an_obstacle_up_to_the_chest_is_difficult_terrain():
    """MOV-8: a human crossing a 0.5 K wall pays Mover 2 ENE. A giant with h = 3 K (chest 2.25 K) crossing a
    2 K wall also pays +1."""
    wall = piece("wall", "low", 11.9, 15, 12.1, 25, height=0.5, blocks_los=True)
    g = Game(M(x=11, y=20, mov=2), M(side="blue", x=35, y=35), pieces=[wall])
    a, _ = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "move", path=[[13, 20]])
    assert g.energy(a) == 8 and g.pos(a) == (13, 20)
    big = piece("wall", "low", 11.9, 15, 12.1, 25, height=2.0, blocks_los=True)
    g = Game(M(x=10, y=20, size=3.0), M(side="blue", x=35, y=35), pieces=[big])
    a, _ = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "move", path=[[13, 20]])
    assert g.energy(a) == 8 and g.pos(a) == (13, 20)


def test_MOV_9_an_obstacle_taller_than_the_chest_cannot_be_crossed_by_moving():
    """MOV-9: a human whose Mover path crosses a 1.5 K wall is illegal (it needs Escalar)."""
    wall = piece("wall", "high", 11.9, 15, 12.1, 25, height=1.5, blocks_los=True)
    g = Game(M(x=11, y=20, mov=2), M(side="blue", x=35, y=35), pieces=[wall])
    a, _ = g.ids
    g.start_activation(a, energy=10)
    exc = violation(g.act, a, "move", path=[[13, 20]])
    assert exc.rule_id == "MOV-9"
    assert g.pos(a) == (11, 20) and g.energy(a) == 10
    # a 0.8 K wall is just above a human's chest (0.75 K): also a climb
    low = piece("wall", "low", 11.9, 15, 12.1, 25, height=0.8, blocks_los=True)
    g = Game(M(x=11, y=20, mov=2), M(side="blue", x=35, y=35), pieces=[low])
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "move", path=[[13, 20]]).rule_id == "MOV-9"


def test_MOV_14_a_mini_may_not_come_within_1_K_of_an_enemy_except_to_engage():
    """MOV-14: a mini 3 K from an enemy may end 1.0 K away but not 0.9 K away, unless it ends in base contact
    with that enemy."""
    for end_x, ok in ((16.0, True), (16.1, False), (17.0, True)):
        g = Game(M(x=14, y=20, mov=5), M(side="blue", x=18, y=20))
        a, b = g.ids
        g.start_activation(a, energy=10)
        if ok:
            g.act(a, "move", path=[[end_x, 20]])
            assert g.pos(a) == (end_x, 20)
        else:
            exc = violation(g.act, a, "move", path=[[end_x, 20]])
            assert exc.rule_id == "MOV-14" and f"K of {g.gs.name(b)} (must stay" in exc.message
    # the whole path counts, not only the end
    g = Game(M(x=14, y=18, mov=7), M(side="blue", x=16, y=20.2))
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "move", path=[[14, 19.2], [18, 19.2], [18, 18]]).rule_id == "MOV-14"
    # already closer than 1 K: may stay or move away, but not come closer
    g = Game(M(x=14.5, y=20, mov=5), M(side="blue", x=16, y=20))
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "move", path=[[14.6, 20]]).rule_id == "MOV-14"
    g.act(a, "move", path=[[14.5, 21]])
    assert g.pos(a) == (14.5, 21)


# --- MVA ---------------------------------------------------------------------------------------------------
def test_MVA_1_Mover_over_difficult_terrain():
    """MVA-1: a character with MOV 5 moving over difficult terrain pays ENE 2 and its path may be at most
    5 K long."""
    mud = piece("mud", "difficult", 5, 5, 35, 35)
    g = Game(M(x=10, y=20, mov=5), M(side="blue", x=36, y=36), pieces=[mud])
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "move", path=[[15.2, 20]]).rule_id == "MOV-3"
    g.act(a, "move", path=[[13, 20], [13, 22]])
    assert g.energy(a) == 8 and g.pos(a) == (13, 22)


def test_MVA_1_ending_in_base_contact_engages_without_charge_bonus_and_leaving_needs_Destrabarse():
    """MVA-1: ending a Mover in base contact with an enemy engages it, without any Cargar bonus; an engaged
    model may move only while staying engaged."""
    g = Game(M(x=10, y=20, mov=3, weapons=(blade(),)), M(side="blue", x=13, y=20, CON=9, facing=180.0))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "move", path=[[12, 20]])
    assert g.gs.engaged(a) and g.events("moved")[-1]["engaged"] == [b]
    assert g.gs.effects(a).charge_target is None
    g.dice.push(9)
    g.act(a, "melee_attack", target=b, weapon=0)
    assert g.mods(g.check("IMP")) == {}
    assert violation(g.act, a, "move", path=[[10, 20]]).rule_id == "CBA-15"
    g.act(a, "move", path=[[13, 21]])                         # around the enemy, still in contact
    assert g.gs.in_contact(a, b)


def test_MVA_2_Correr_moves_MOV_plus_1_and_sets_the_next_actions_CH_AGI():
    """MVA-2: AGI 5, MOV 5: Correr moves up to 6 K; a following movement action's CH AGI gets +1 (a chained
    Mover: AGI 5 − 1 + 1 = 5); a following ranged attack at 8 K passes on 4 or less."""
    g = Game(M(x=5, y=20, AGI=5, mov=5, weapons=(weapon(),)), M(side="blue", x=30, y=20, CON=9, facing=180.0))
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "run", path=[[11.2, 20]]).rule_id == "MOV-3"
    g.act(a, "run", path=[[11, 20]])
    assert g.energy(a) == 8 and g.pos(a) == (11, 20)
    g.dice.push(5)
    g.act(a, "move", chain=True, path=[[12, 20]])
    c = g.check("ATR")
    assert c["target"] == 5 and g.mods(c) == {"ACT-3": -1, "MVA-2": 1}
    # the shot after a Correr: target 8 K away (a 5 K run, so that MOD-8 stays out of it)
    g = Game(M(x=5, y=20, AGI=5, mov=5, weapons=(weapon(),)),
             M(side="blue", x=19, y=20, CON=9, facing=180.0, mov=5))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "run", path=[[10, 20]])
    g.dice.push(5)
    g.act(a, "ranged_attack", target=b, weapon=0)
    imp = g.check("IMP")
    assert imp["target"] == 4 and g.mods(imp) == {"MVA-2": -1} and not imp["passed"]
    # the modifier is used up by that action
    g.dice.push(9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.checks("IMP")[-1]["target"] == 5


def test_MVA_2_Correr_does_not_affect_Cargar_nor_the_attack_after_it():
    """MVA-2: if the next action is Cargar neither modifier applies, and the −1 is not carried into the melee
    attack that follows the charge."""
    g = Game(M(x=5, y=20, AGI=5, mov=5, weapons=(blade(),)), M(side="blue", x=17, y=20, CON=9, facing=180.0))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "run", path=[[10, 20]])
    g.act(a, "charge", target=b, path=[[16, 20]])
    g.dice.push(9)
    g.act(a, "melee_attack", target=b, weapon=0)
    imp = g.check("IMP")
    assert imp["target"] == 6 and g.mods(imp) == {"CBA-12": 1}


def test_MVA_3_Esprintar_MOV_plus_5_then_minus_3_no_attacks_and_harder_to_hit():
    """MVA-3: MOV 5, AGI 6: Esprintar moves up to 10 K; the next action's CH ATR is at −3; later that turn an
    enemy with AGI 5 shooting it from 8 K hits on 4 or less; a Cargar declared by the sprinter that turn is
    refused; only once per activation."""
    g = Game(M(x=5, y=20, AGI=6, mov=5), M(side="blue", x=35, y=35))
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "sprint", path=[[15.2, 20]]).rule_id == "MOV-3"
    g.act(a, "sprint", path=[[15, 20]])
    assert g.energy(a) == 7 and g.pos(a) == (15, 20)
    # (a 5 K sprint below keeps MOD-8 out of the shot; both sides MOV 5 keeps MOD-7 out)
    g = Game(M(x=5, y=20, AGI=6, INT=6, mov=5, wounds=1, weapons=(weapon(),)),
             M(side="blue", x=19, y=20, AGI=5, mov=5, facing=180.0, weapons=(weapon(),)))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "sprint", path=[[10, 20]])
    g.dice.push(3)
    g.act(a, "heal")                                         # CH INT 6 − 3 = 3
    c = g.check("ATR")
    assert c["target"] == 3 and g.mods(c) == {"MVA-3": -3} and c["passed"]
    assert violation(g.act, a, "charge", target=b, path=[[18, 20]]).rule_id == "MVA-3"
    assert violation(g.act, a, "ranged_attack", target=b, weapon=0).rule_id == "MVA-3"
    assert violation(g.act, a, "sprint", path=[[14, 20]]).rule_id == "MVA-3"
    g.act(a, "end")
    # the enemy shoots it from 8 K in the same turn
    g.start_activation(b, energy=10)
    g.dice.push(5)
    g.act(b, "ranged_attack", target=a, weapon=0)
    imp = g.check("IMP")
    assert imp["target"] == 4 and g.mods(imp) == {"MVA-3": -1} and not imp["passed"]


def test_MVA_4_Agacharse_halves_height_and_sets_the_crouched_modifiers():
    """MVA-4: a crouched AGI 5 shooter at 8 K hits on 6 or less; an AGI 5 enemy shooting it from 8 K hits on 4
    or less, from 3 K on 5 or less; a 4 K Mover over easy terrain costs it ENE 2."""
    g = Game(M(x=5, y=20, AGI=5, weapons=(weapon(),)),
             M(side="blue", x=14, y=20, AGI=5, CON=9, facing=180.0, weapons=(weapon(),)),
             M(side="blue", x=9, y=20, AGI=5, CON=9, facing=180.0, weapons=(weapon(),)))
    a, far, near = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "crouch")
    assert g.energy(a) == 9 and g.world.get(a, Posture).state == "crouched"
    assert g.gs.current_height(a) == pytest.approx(0.5)
    g.dice.push(9)
    g.act(a, "ranged_attack", target=far, weapon=0)
    imp = g.check("IMP")
    assert imp["target"] == 6 and g.mods(imp) == {"MVA-4": 1}
    g.act(a, "end")
    for shooter, target in ((far, 4), (near, 5)):
        g.start_activation(shooter, energy=10)
        g.dice.push(9)
        g.act(shooter, "ranged_attack", target=a, weapon=0)
        assert g.checks("IMP")[-1]["target"] == target
        g.act(shooter, "end")
    g2 = mover(mov=4)
    c, _ = g2.ids
    g2.start_activation(c, energy=10)
    g2.act(c, "crouch")
    g2.act(c, "move", path=[[14, 20]])
    assert g2.energy(c) == 7                                  # 1 (crouch) + 2 (Mover, easy counts difficult)


def test_MVA_4_crouched_in_melee():
    """MVA-4: a crouched character attacks in melee at CH IMP −1, and melee attacks against it get +1."""
    g = Game(M(x=10, y=20, AGI=5, CON=9, posture="crouched", weapons=(blade(),)),
             M(side="blue", x=11, y=20, AGI=5, CON=9, facing=180.0, weapons=(blade(),)))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(9)
    g.act(a, "melee_attack", target=b, weapon=0)
    assert g.checks("IMP")[-1]["target"] == 4
    g.act(a, "end")
    g.start_activation(b, energy=10)
    g.dice.push(9)
    g.act(b, "melee_attack", target=a, weapon=0)
    assert g.checks("IMP")[-1]["target"] == 6


def test_MVA_5_Cuerpo_a_tierra_modifiers_and_no_movement():
    """MVA-5: a prone character in the open shot from 5 K by an AGI 6 enemy is hit on 4 or less; an AGI 5
    enemy in melee hits it on 7 or less; the prone character shooting with AGI 5 at 8 K hits on 6 or less.
    A prone model takes no action that moves it."""
    g = Game(M(x=5, y=20, AGI=5, CON=9, weapons=(weapon(),)),
             M(side="blue", x=14, y=20, AGI=5, CON=9, facing=180.0),
             M(side="blue", x=11, y=20, AGI=6, facing=180.0, weapons=(weapon(),)),
             M(side="blue", x=5, y=22, AGI=5, facing=270.0, weapons=(blade(),)))
    a, target, shooter, brawler = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "go_prone")
    assert g.energy(a) == 9 and g.gs.current_height(a) == pytest.approx(0.25)
    assert violation(g.act, a, "move", path=[[5, 19]]).rule_id == "MVA-5"
    assert violation(g.act, a, "run", path=[[5, 19]]).rule_id == "MVA-5"
    g.dice.push(9)
    g.act(a, "ranged_attack", target=target, weapon=0)
    imp = g.check("IMP")
    assert imp["target"] == 6 and g.mods(imp) == {"MVA-5": 1}
    g.act(a, "end")
    g.start_activation(shooter, energy=10)
    g.dice.push(9)
    g.act(shooter, "ranged_attack", target=a, weapon=0)
    assert g.checks("IMP")[-1]["target"] == 4
    g.act(shooter, "end")
    g.start_activation(brawler, energy=10)
    g.act(brawler, "move", path=[[5, 21]])
    g.dice.push(9)
    g.act(brawler, "melee_attack", target=a, weapon=0)
    assert g.checks("IMP")[-1]["target"] == 7


def test_MVA_5_prone_behind_cover_is_100_percent_hidden():
    """MVA-5: behind cover a prone character counts as 100% hidden (CMB-18: the cover's CH DEF first); in the
    open only the modifiers apply."""
    wall = piece("wall", "low", 13.9, 18, 14.1, 22, height=0.15, blocks_los=True, defense=4)
    g = Game(M(x=5, y=20, AGI=6, weapons=(weapon(),)),
             M(side="blue", x=15, y=20, CON=9, posture="prone", protections=(armour(2),)), pieces=[wall])
    a, b = g.ids
    c = g.gs.cover(a, [b])[0]
    assert 0 < c.blocked < 25 and c.has_los
    g.start_activation(a, energy=10)
    g.dice.push(2, 3)                                    # hit; the cover check (DEF 4) passes: stopped
    g.act(a, "ranged_attack", target=b, weapon=0)
    cov = g.check("COVER")
    assert cov["target"] == 4 and cov["passed"] and g.wounds(b) == 0
    assert g.checks("DEF") == []


def test_MVA_6_Levantarse_ends_the_prone_modifiers():
    """MVA-6: a prone character uses Levantarse (ENE 1); afterwards an AGI 5 enemy shooting it from 8 K hits on
    5 or less instead of 3 or less."""
    g = Game(M(x=5, y=20, posture="prone", CON=9), M(side="blue", x=14, y=20, AGI=5, facing=180.0,
                                                     weapons=(weapon(),)))
    a, b = g.ids
    g.start_activation(b, energy=10)
    g.dice.push(9)
    g.act(b, "ranged_attack", target=a, weapon=0)
    assert g.checks("IMP")[-1]["target"] == 3
    g.act(b, "end")
    g.start_activation(a, energy=10)
    g.act(a, "stand_up")
    assert g.energy(a) == 9 and g.world.get(a, Posture).state == "standing"
    assert violation(g.act, a, "stand_up").rule_id == "MVA-6"           # already standing
    g.act(a, "end")
    g.start_activation(b, energy=10)
    g.dice.push(9)
    g.act(b, "ranged_attack", target=a, weapon=0)
    assert g.checks("IMP")[-1]["target"] == 5


def test_MVA_19_a_character_does_not_pivot_with_the_action_in_its_own_activation():
    """MVA-19: a character pivots with Pivotar only as a reaction; in its own activation the action is refused
    and it turns for free instead (MOV-5, the decision's `facing`)."""
    g = mover()
    a, _ = g.ids
    g.start_activation(a, energy=10)
    exc = violation(g.act, a, "pivot", facing_to=90.0)
    assert exc.rule_id == "MVA-19"
    assert g.energy(a) == 10 and g.gs.pos(a).facing == 0.0
    g.act(a, "end", facing=90.0)
    assert g.energy(a) == 10 and g.gs.pos(a).facing == 90.0
