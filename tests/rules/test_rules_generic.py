"""Generic actions through the rules engine: GNA-1 (Apoyar), GNA-4 (Concentrarse), GNA-5 (Curar),
GNA-13 (Recargar). Esperar (GNA-10) is tested with the sequence."""
from __future__ import annotations

import pytest

from rules_helpers import Game, M, violation, weapon


def support_game(ally_dy: float = 2.5) -> Game:
    """A red supporter at (10, 20), a red AGI 5 shooter 1.5 K away at (10, 22.5) facing +x, a blue target 8 K
    from the shooter."""
    return Game(M(x=10, y=20), M(x=10, y=20 + ally_dy, AGI=5, weapons=(weapon(),)),
                M(side="blue", x=19, y=20 + ally_dy, CON=9, facing=180.0))


def test_GNA_1_Apoyar_gives_an_ally_within_2_K_plus_1_on_its_next_CH_ATR():
    """GNA-1: an AGI 5 ally 1.5 K away: its next shot at 8 K hits on 6 or less; a second Apoyar before that
    shot still gives +1 only."""
    g = support_game()
    sup, ally, enemy = g.ids
    g.start_activation(sup, energy=10)
    g.act(sup, "support", target=ally)
    g.act(sup, "support", target=ally)
    assert g.energy(sup) == 4
    g.act(sup, "end")
    g.start_activation(ally, energy=10)
    g.dice.push(9, 9)
    g.act(ally, "ranged_attack", target=enemy, weapon=0)
    imp = g.checks("IMP")[-1]
    assert imp["target"] == 6 and g.mods(imp) == {"GNA-1": 1}
    g.act(ally, "ranged_attack", target=enemy, weapon=0)        # used up
    assert g.checks("IMP")[-1]["target"] == 5


def test_GNA_1_needs_an_ally_within_2_K_and_lapses_at_the_end_of_its_next_activation():
    """GNA-1: the ally must be another character of the same side within 2 K; an unused bonus lapses at the
    end of the ally's next activation; it does not apply to CH DEF."""
    g = support_game(ally_dy=3.01)
    sup, ally, enemy = g.ids
    g.start_activation(sup, energy=10)
    assert violation(g.act, sup, "support", target=ally).rule_id == "GNA-1"          # 2.01 K
    assert violation(g.act, sup, "support", target=enemy).rule_id == "GNA-1"
    assert violation(g.act, sup, "support", target=sup).rule_id == "GNA-1"
    assert g.energy(sup) == 10
    g = support_game()
    sup, ally, enemy = g.ids
    g.start_activation(sup, energy=10)
    g.act(sup, "support", target=ally)
    g.act(sup, "end")
    g.start_activation(ally, energy=10)
    g.act(ally, "move", path=[[10.5, 22.5]])
    g.act(ally, "end")
    g.next_turn()
    g.start_activation(ally, energy=10)
    g.dice.push(9)
    g.act(ally, "ranged_attack", target=enemy, weapon=0)
    assert g.check("IMP")["target"] == 5


def test_GNA_1_the_bonus_does_not_apply_to_CH_DEF():
    """GNA-1: the +1 waits for the ally's next attribute check; a CH DEF is not one."""
    g = Game(M(x=10, y=20), M(x=10, y=21.5, VOL=5, CON=9), M(side="blue", x=19, y=21.5, facing=180.0,
                                                             weapons=(weapon(DMG=1),)))
    sup, ally, enemy = g.ids
    g.start_activation(sup, energy=10)
    g.act(sup, "support", target=ally)
    g.act(sup, "end")
    g.start_activation(enemy, energy=10)
    g.dice.push(2, 9, 6)                 # hit; the ally's CH DEF (no +1); its CH PSI 6 passes with the +1
    g.act(enemy, "ranged_attack", target=ally, weapon=0)
    assert g.check("DEF")["modifiers"] == []
    psi = g.check("PSI")
    assert psi["target"] == 6 and g.mods(psi) == {"GNA-1": 1} and psi["passed"]


def test_GNA_4_Concentrarse_adds_plus_1_per_consecutive_use_up_to_3():
    """GNA-4: three Concentrarse (ENE 6) then a shot at 8 K with AGI 5: hits on 8 or less; a fourth
    Concentrarse would add nothing."""
    for n, bonus in ((3, 3), (4, 3), (1, 1)):
        g = Game(M(x=5, y=20, AGI=5, weapons=(weapon(ENE=1),)), M(side="blue", x=14, y=20, CON=9, facing=180.0))
        a, b = g.ids
        g.start_activation(a, energy=10)
        for _ in range(n):
            g.act(a, "concentrate")
        assert g.energy(a) == 10 - 2 * n
        g.dice.push(9)
        g.act(a, "ranged_attack", target=b, weapon=0)
        imp = g.check("IMP")
        assert imp["target"] == 5 + bonus and g.mods(imp) == {"GNA-4": bonus}


def test_GNA_4_the_bonus_is_used_up_by_the_next_action_and_lost_at_the_end_of_the_activation():
    """GNA-4: the bonus is used up by the next action even if it has no check, and lost if the activation
    ends first; it applies to the first CH ATR of that action only."""
    g = Game(M(x=5, y=20, AGI=5, weapons=(weapon(ENE=1),)), M(side="blue", x=14, y=20, CON=9, facing=180.0))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "concentrate")
    g.act(a, "concentrate")
    g.act(a, "move", path=[[5, 20.5]])
    g.dice.push(9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.check("IMP")["target"] == 5
    g = Game(M(x=5, y=20, AGI=5, weapons=(weapon(ENE=1),)), M(side="blue", x=14, y=20, CON=9, facing=180.0))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "concentrate")
    g.act(a, "end")
    g.next_turn()
    g.start_activation(a, energy=10)
    g.dice.push(9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.check("IMP")["target"] == 5
    # concentration broken by another action starts again from +1
    g = Game(M(x=5, y=20, AGI=5, weapons=(weapon(ENE=1),)), M(side="blue", x=14, y=20, CON=9, facing=180.0))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "concentrate")
    g.act(a, "concentrate")
    g.act(a, "move", path=[[5, 20.5]])
    g.act(a, "concentrate")
    g.dice.push(9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.check("IMP")["target"] == 6


@pytest.mark.parametrize("die, wounds_after, extra_dice", [(1, 0, ()), (4, 1, ()), (7, 3, (5,)), (10, 5, ())])
def test_GNA_5_Curar_heals_1_critical_3_fail_hurts_1_fumble_3(die, wounds_after, extra_dice):
    """GNA-5: INT 5 healing an ally with CON 4 and 2 wounds: die 1 leaves 0 wounds, die 4 leaves 1, die 7
    leaves 3, die 10 leaves 5 (dead). It costs ENE 3."""
    g = Game(M(x=10, y=20, INT=5), M(x=11, y=20, CON=4, wounds=2), M(side="blue", x=30, y=30))
    healer, ally, _ = g.ids
    g.start_activation(healer, energy=10)
    g.dice.push(die, *extra_dice)
    g.act(healer, "heal", target=ally)
    assert g.energy(healer) == 7 and g.wounds(ally) == wounds_after
    assert g.checks("DEF") == [] and g.all_dice_used()
    if wounds_after == 5:
        assert not g.gs.on_table(ally)


def test_GNA_5_Curar_needs_the_target_itself_or_in_contact_and_wounded():
    """GNA-5: the target is the healer itself or a character in base contact, with wounds to heal."""
    g = Game(M(x=10, y=20, INT=5, wounds=1), M(x=11.2, y=20, CON=4, wounds=2), M(x=9, y=20),
             M(side="blue", x=30, y=30))
    healer, far, whole, _ = g.ids
    g.start_activation(healer, energy=10)
    assert violation(g.act, healer, "heal", target=far).rule_id == "GNA-5"
    assert violation(g.act, healer, "heal", target=whole).rule_id == "GNA-5"
    assert g.energy(healer) == 10
    g.dice.push(4)
    g.act(healer, "heal")
    assert g.wounds(healer) == 0


def test_GNA_13_Recargar_costs_the_weapons_profile_DMG():
    """GNA-13: a DMG 4 weapon costs ENE 4 to reload, still 4 if the weapon has 2 wounds; it is allowed while
    engaged; a weapon without magazines cannot be reloaded; an empty magazine cannot shoot."""
    g = Game(M(x=10, y=20, weapons=(weapon(DMG=4, magazine=3, rounds=0, wounds=2), weapon(key="bow"))),
             M(side="blue", x=11, y=20, facing=180.0))
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert g.gs.engaged(a)
    g.act(a, "reload", weapon=0)
    assert g.energy(a) == 6 and g.gs.weapon(a, 0).rounds == 3
    assert violation(g.act, a, "reload", weapon=0).rule_id == "GNA-13"      # already full
    assert violation(g.act, a, "reload", weapon=1).rule_id == "GNA-13"      # no magazines
    g = Game(M(x=5, y=20, weapons=(weapon(DMG=4, magazine=1, rounds=1),)),
             M(side="blue", x=14, y=20, CON=9, facing=180.0))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.gs.weapon(a, 0).rounds == 0
    assert violation(g.act, a, "ranged_attack", target=b, weapon=0).rule_id == "GNA-13"
    g.act(a, "reload", weapon=0)
    assert g.energy(a) == 4
