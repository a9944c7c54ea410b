"""Psychology through the rules engine: CMB-5, PSI-1, PSI-2, PSI-4..12, PSI-14, PSI-16."""
from __future__ import annotations

from dataclasses import replace

import pytest

from rules_helpers import Game, M, blade, violation, weapon
from wartime.core.components import Stress
from wartime.rules import psychology
from wartime.rules.odds import attack_odds
from wartime.rules.sequence import Decision


def shot_at(target: dict | None = None, dmg: int = 1, *extra: M) -> Game:
    """A blue shooter at (25, 20) facing −x (rifle ENE 2, DMG `dmg`) and a red target 8 K away at (16, 20)."""
    tk = dict(x=16, y=20, CON=9, VOL=5, AGI=5, weapons=(weapon(),))
    tk.update(target or {})
    return Game(M(side="blue", x=25, y=20, facing=180.0, AGI=5, weapons=(weapon(DMG=dmg),)), M(**tk), *extra)


def hit(g: Game, *dice: int) -> None:
    """The blue shooter (ids[0]) hits the red target (ids[1]): CH IMP 2, CH DEF 9 (DEF 0: fails), then `dice`."""
    s, t = g.ids[0], g.ids[1]
    if g.engine.flow.active != s:
        g.start_activation(s, energy=10)
    g.dice.push(2, 9, *dice)
    g.act(s, "ranged_attack", target=t, weapon=0)
    assert g.all_dice_used()


# --- CMB-5 / PSI-1 -------------------------------------------------------------------------------------------
def test_CMB_5_a_wounded_target_takes_a_CH_PSI_unless_unharmed_or_incapacitated():
    """CMB-5: a CON 5 target taking 2 wounds rolls a CH PSI. Taking 0 wounds, or reaching 5 wounds
    (incapacitated), it does not."""
    g = shot_at({"CON": 5}, 2)
    hit(g, 5)
    s, t = g.ids
    assert g.wounds(t) == 2 and g.check("PSI")["who"] == t
    g = shot_at({"CON": 5, "wounds": 3}, 2)
    hit(g)
    assert g.wounds(g.ids[1]) == 5 and g.checks("PSI") == []
    g = shot_at({"CON": 5, "protections": ()}, 2)
    s, t = g.ids
    g.start_activation(s, energy=10)
    g.dice.push(2, 1)                                  # CH DEF critical: 0 wounds
    g.act(s, "ranged_attack", target=t, weapon=0)
    assert g.wounds(t) == 0 and g.checks("PSI") == []


def test_PSI_1_one_CH_PSI_per_wounding_attack_and_stress_is_not_a_wound():
    """PSI-1: a character hit for 3 wounds by one attack rolls 1 CH PSI, not 3; gaining stress (its failed
    CH PSI) does not call for another one."""
    g = shot_at({"VOL": 5}, 3)
    hit(g, 7)
    s, t = g.ids
    assert g.wounds(t) == 3 and len(g.checks("PSI")) == 1 and g.stress(t) == 1


def test_PSI_1_a_failed_Curar_that_wounds_its_target_calls_a_CH_PSI():
    """PSI-1: a character makes a CH PSI when it suffers 1 or more wounds, whatever inflicts them: the extra
    wound of a failed Curar (GNA-5) too."""
    g = Game(M(x=10, y=20, INT=5), M(x=11, y=20, CON=4, wounds=1, VOL=5), M(side="blue", x=30, y=30))
    healer, patient, _ = g.ids
    g.start_activation(healer, energy=10)
    g.dice.push(7, 6)                                  # Curar fails: +1 wound; the patient's CH PSI fails
    g.act(healer, "heal", target=patient)
    assert g.wounds(patient) == 2
    psi = g.check("PSI")
    assert psi["who"] == patient and not psi["passed"] and g.stress(patient) == 1
    assert g.all_dice_used()


# --- PSI-2 ---------------------------------------------------------------------------------------------------
def outnumbered_game(n_enemies: int, **kw) -> Game:
    spots = [(24, 20), (16, 20), (20, 24), (20, 16), (23, 23)]
    enemies = [M(side="blue", x=x, y=y) for x, y in spots[:n_enemies]]
    return Game(M(x=20, y=20, VOL=3, **kw), M(x=20, y=22.5), *enemies, M(side="blue", x=35, y=35))


def test_PSI_2_outnumbered_at_the_start_of_the_activation():
    """PSI-2: VOL 3, 1 ally and 5 enemies within 5 K: 5 > 4, so it rolls a CH PSI. With 4 enemies it does
    not. (The enemy at 20+ K does not count.)"""
    g = outnumbered_game(5)
    me = g.ids[0]
    g.dice.push(3)
    g.start_activation(me)
    psi = g.check("PSI")
    assert psi["who"] == me and psi["rule"] == "PSI-2" and psi["passed"]
    assert psi["source"] == g.ids[2]                   # the nearest enemy
    g = outnumbered_game(4)
    g.start_activation(g.ids[0])
    assert g.checks() == []


def test_PSI_2_only_able_characters_count_and_only_once_per_activation():
    """PSI-2: enemies not able to act are not counted; the count is made once per activation (not again when
    it resumes after Esperar)."""
    g = outnumbered_game(5)
    from wartime.core.components import Life, Wounds
    g.set(g.ids[-2], Wounds(4), Life("incapacitated"))
    g.start_activation(g.ids[0])
    assert g.checks() == []
    g = Game(M(side="red", x=20, y=20, VOL=3), *[M(side="blue", x=x, y=y, VOL=1) for x, y in
                                                 ((24, 20), (16, 20), (20, 24), (20, 16))], rolls=[9, 1, 2])
    me = g.ids[0]
    g.begin()
    g.submit("initiative", "blue", choice=g.ids[1])
    assert g.check("PSI")["who"] == me
    g.submit("action", "red", action="wait")
    assert g.engine.flow.phase == 2 and g.engine.pending.actor == me
    assert len(g.checks("PSI")) == 1


# --- PSI-4..6 ------------------------------------------------------------------------------------------------
def test_PSI_4_a_critical_CH_PSI_gives_CH_ATR_plus_1_until_the_end_of_the_next_activation():
    """PSI-4: a VOL 4 character rolls 1 when wounded during the enemy's turn. During its next activation its
    CH IMP with AGI 5 has target 6 (and only then)."""
    g = shot_at({"VOL": 4, "AGI": 5, "facing": 0.0})
    s, t = g.ids
    hit(g, 1)
    assert g.events("psi_outcome", outcome="critical")
    g.act(s, "end")
    g.start_activation(t, energy=10)
    g.dice.push(9, 9)
    g.act(t, "ranged_attack", target=s, weapon=0)
    imp = g.checks("IMP")[-1]
    assert imp["target"] == 6 and g.mods(imp) == {"PSI-4": 1}
    g.act(t, "ranged_attack", target=s, weapon=0)          # all that activation
    assert g.checks("IMP")[-1]["target"] == 6
    g.act(t, "end")
    g.next_turn()
    g.start_activation(t, energy=10)
    g.dice.push(9)
    g.act(t, "ranged_attack", target=s, weapon=0)
    assert g.checks("IMP")[-1]["target"] == 5


def test_PSI_4_a_passed_CH_PSI_changes_nothing():
    """PSI-4: on a pass the character carries on normally: no stress, no bonus."""
    g = shot_at({"VOL": 4})
    hit(g, 4)
    t = g.ids[1]
    assert g.stress(t) == 0 and not g.gs.effects(t).psi_bonus and not g.gs.psyche(t).panic


@pytest.mark.rules("TRT-COWARD")
def test_PSI_5_a_failed_CH_PSI_fails_the_action_and_adds_1_stress():
    """PSI-5: a Cobarde character fails the CH PSI needed to attack. The attack does not happen, its ENE is
    spent, and stress goes 0 → 1. Wounded while idle, only the stress applies."""
    g = Game(M(x=5, y=20, VOL=5, maluses=("TRT-COWARD",), weapons=(weapon(ENE=2),)), M(side="blue", x=14, y=20))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.checks("IMP") == [] and g.events("action_void")
    assert g.energy(a) == 8 and g.stress(a) == 1 and g.all_dice_used()
    g = shot_at({"VOL": 5})
    hit(g, 8)
    assert g.stress(g.ids[1]) == 1 and g.engine.flow.active == g.ids[0]


def test_PSI_6_a_fumbled_CH_PSI_adds_stress_then_a_CH_LOC():
    """PSI-6: a VOL 5 character rolls 10 on a CH PSI. Its stress goes 0 → 1 and it makes 1 CH LOC."""
    g = shot_at({"VOL": 5})
    hit(g, 10, 5)
    t = g.ids[1]
    assert g.stress(t) == 1 and len(g.checks("LOC")) == 1 and g.check("LOC")["passed"]


def test_PSI_6_only_one_CH_LOC_when_the_stress_also_reaches_VOL():
    """PSI-6: stress first, then the thresholds, then the CH LOC; if the threshold (PSI-14) also calls for a
    CH LOC, only 1 is made."""
    g = shot_at({"VOL": 2, "stress": 1})
    hit(g, 10, 2)
    t = g.ids[1]
    assert g.stress(t) == 2 and len(g.checks("LOC")) == 1


# --- PSI-7..9 ------------------------------------------------------------------------------------------------
def test_PSI_7_a_critical_CH_LOC_forces_a_charge_against_its_source():
    """PSI-7: a character rolls 1 on a CH LOC caused by enemy E, which is in charge range. Its next action is
    Cargar against E."""
    g = Game(M(x=10, y=20, mov=3, weapons=(blade(),)), M(side="blue", x=15, y=20, facing=180.0),
             M(side="blue", x=10, y=24, facing=270.0))
    c, e, f = g.ids
    g.dice.push(1)
    psychology.loc_check(g.gs, None, c, source=e)
    assert g.gs.psyche(c).forced_charge == e
    g.start_activation(c, energy=10)
    assert violation(g.act, c, "move", path=[[10, 21]]).rule_id == "PSI-7"
    assert violation(g.act, c, "charge", target=f, path=[[10, 23]]).rule_id == "PSI-7"
    g.act(c, "charge", target=e, path=[[14, 20]])
    assert g.gs.in_contact(c, e) and g.gs.psyche(c).forced_charge is None


def test_PSI_7_if_the_charge_is_not_legal_the_critical_has_no_effect():
    """PSI-7: if the charge is not legal (here the source is out of reach), the critical has no effect."""
    g = Game(M(x=10, y=20, mov=1), M(side="blue", x=30, y=20, facing=180.0))
    c, e = g.ids
    g.dice.push(1)
    psychology.loc_check(g.gs, None, c, source=e)
    g.start_activation(c, energy=10)
    g.act(c, "move", path=[[11, 20]])
    assert g.pos(c) == (11, 20)


def test_PSI_8_a_failed_CH_LOC_panics_and_the_opposing_player_chooses_the_malus():
    """PSI-8: a character with no malus fails a CH LOC. It panics at once and owes a malus: the engine's next
    decision is the opposing player's ('malus', side blue), offering the psychological maluses of the bonus list
    the engine plays. The choice is given for good; a pass changes nothing; a malus it has, or one not in the
    list, is refused naming PSI-8."""
    g = shot_at({"VOL": 5})
    s, t = g.ids
    g.dice.push(5)
    psychology.loc_check(g.gs, None, t, source=s)
    assert not g.gs.psyche(t).panic and g.pending.kind != "malus"
    g.dice.push(7)
    psychology.loc_check(g.gs, None, t, source=s)
    assert g.gs.psyche(t).panic and g.gs.psyche(t).maluses == ()
    p = g.pending
    assert (p.kind, p.side, p.actor) == ("malus", "blue", t)
    assert {"TRT-VERY-FEARFUL", "TRT-COWARD", "TRT-CHICKEN", "TRT-INSANE"} <= set(p.options)
    assert set(p.options) <= set(psychology.PSI8_MALUSES)
    assert violation(g.engine.submit, Decision("malus", "red", actor=t, action="TRT-COWARD")).rule_id == "SEQ-6"
    assert violation(g.engine.submit, Decision("malus", "blue", actor=t, action="TRT-FLIGHT")).rule_id == "PSI-8"
    g.engine.submit(Decision("malus", "blue", actor=t, action="TRT-COWARD"))
    assert g.gs.psyche(t).maluses == ("TRT-COWARD",)
    ev = g.events("malus_gained")[-1]
    assert ev["malus"] == "Cobarde" and ev["chosen_by"] == "blue" and ev["rule"] == "PSI-8"
    assert g.pending is None or g.pending.kind != "malus"
    # the next failure: Cobarde is no longer offered
    g.dice.push(9)
    psychology.loc_check(g.gs, None, t, source=s)
    assert "TRT-COWARD" not in g.pending.options
    assert violation(g.engine.submit, Decision("malus", "blue", actor=t, action="TRT-COWARD")).rule_id == "PSI-8"
    g.give_default_malus()                      # the digest's default: Muy miedoso first
    assert g.gs.psyche(t).maluses == ("TRT-COWARD", "TRT-VERY-FEARFUL")
    # a character carrying every malus the engine plays gains none
    g.set(t, replace(g.gs.psyche(t), maluses=tuple(psychology.malus_options(g.gs, t)) + g.gs.psyche(t).maluses))
    g.dice.push(9)
    psychology.loc_check(g.gs, None, t, source=s)
    assert g.pending is None or g.pending.kind != "malus"
    assert g.events("panic")[-1]["malus_due"] is False


def test_PSI_8_the_default_malus_order_and_its_effect():
    """PSI-8: by default (the digest's order) a character with no malus gains Muy miedoso (CH VOL −1), which
    applies to its next CH LOC."""
    g = shot_at({"VOL": 5})
    s, t = g.ids
    g.dice.push(7)
    psychology.loc_check(g.gs, None, t, source=s)
    g.give_default_malus()
    assert g.gs.psyche(t).maluses == ("TRT-VERY-FEARFUL",)
    g.dice.push(9)
    r = psychology.loc_check(g.gs, None, t, source=s)
    assert {m.rule: m.value for m in r.modifiers} == {"TRT-VERY-FEARFUL": -1, "PSI-10": -1}
    g.give_default_malus()
    assert g.gs.psyche(t).maluses == ("TRT-VERY-FEARFUL", "TRT-COWARD")


def test_PSI_8_the_malus_is_asked_before_the_game_goes_on():
    """PSI-8: a malus owed stops the game loop: nothing else happens (no activation starts) until the opposing
    player has chosen it."""
    g = Game(M(x=5, y=20, VOL=3, stress=3), M(side="blue", x=30, y=30))
    a, b = g.ids
    g.auto_malus = False
    g.dice.push(9)                                    # PSI-15: the CH LOC fails: panic
    g.start_activation(a, energy=10)
    p = g.pending
    assert p.kind == "malus" and p.side == "blue" and p.actor == a
    starts = len(g.events("activation_start"))
    g.engine.submit(Decision("malus", "blue", action=p.options[0]))
    assert g.gs.psyche(a).maluses == (p.options[0],)
    types = [ev["type"] for ev in g.world.events]
    # the panicked character is cornered (PSI-12): its activation ended; blue's starts only after the choice
    assert types.index("malus_gained") < len(types) - 1 and types[types.index("malus_gained") + 1] == "activation_start"
    assert len(g.events("activation_start")) == starts + 1 and g.pending.actor == b


def test_PSI_9_a_fumbled_CH_LOC_also_costs_1_VOL_for_good():
    """PSI-9: a VOL 4 character fumbles a CH LOC. It is in panic with 1 malus and has VOL 3, so it now acts in
    phase 3. VOL never drops below 1."""
    g = shot_at({"VOL": 4})
    s, t = g.ids
    g.dice.push(10)
    psychology.loc_check(g.gs, None, t, source=s)
    assert g.pending.kind == "malus" and g.events("panic")[-1]["rule"] == "PSI-9"
    g.give_default_malus()
    assert g.events("malus_gained")[-1]["rule"] == "PSI-9"
    assert g.gs.psyche(t).panic and len(g.gs.psyche(t).maluses) == 1 and g.gs.attrs(t).VOL == 3
    assert g.engine.eligible(t, 3) and not g.engine.eligible(t, 4)
    assert g.gs.fov_range(t) == 15
    g = shot_at({"VOL": 1})
    g.dice.push(10)
    psychology.loc_check(g.gs, None, g.ids[1], source=g.ids[0])
    assert g.gs.attrs(g.ids[1]).VOL == 1


def test_PSI_14_when_VOL_falls_to_the_stress_value_the_threshold_applies_too():
    """PSI-14 (with PSI-9): the check is made whenever VOL falls to the stress value: a VOL 4 character with
    3 stress that fumbles a CH LOC drops to VOL 3 = stress, and makes the PSI-14 CH LOC."""
    g = shot_at({"VOL": 4, "stress": 3})
    s, t = g.ids
    g.dice.push(10, 5)
    psychology.loc_check(g.gs, None, t, source=s)
    assert g.gs.attrs(t).VOL == 3
    assert len(g.checks("LOC")) == 2 and g.all_dice_used()


# --- PSI-10..12 ----------------------------------------------------------------------------------------------
def test_PSI_10_panic_gives_CH_ATR_minus_1():
    """PSI-10: a panicking AGI 6 character shoots with a CH IMP target of 5; the −1 applies to every CH ATR
    (its CH PSI too) and not to CH DEF."""
    g = shot_at({"AGI": 6, "VOL": 5, "panic": True, "facing": 0.0})
    s, t = g.ids
    assert attack_odds(g.gs, t, s, weapon_index=0, ranged=True).imp_target == 5
    hit(g, 5)
    psi = g.check("PSI")
    assert psi["target"] == 4 and g.mods(psi) == {"PSI-10": -1}
    assert g.check("DEF")["modifiers"] == []


def test_PSI_11_panic_recovery_at_the_start_of_the_activation():
    """PSI-11: VOL 4 with 2 calm allies within 5 K gives a target of 4 + 2 − 1 = 5. A die of 5 recovers; a 6
    does not (and it must flee)."""
    for die, recovers in ((5, True), (6, False)):
        g = Game(M(x=20, y=20, VOL=4, panic=True, mov=3), M(x=22, y=20), M(x=20, y=22),
                 M(x=18, y=20, panic=True), M(side="blue", x=35, y=35))
        me = g.ids[0]
        g.dice.push(die)
        g.start_activation(me)
        c = g.check("ATR")
        assert (c["rule"], c["attribute"], c["target"], c["passed"]) == ("PSI-11", "VOL", 5, recovers)
        assert g.gs.psyche(me).panic is not recovers
        if recovers:
            g.act(me, "move", path=[[20, 19]])
        else:
            assert violation(g.act, me, "move", path=[[20, 19]]).rule_id == "PSI-12"


def test_PSI_12_a_panicking_character_may_only_flee_with_Correr():
    """PSI-12: a panicked character's Correr that ends closer to the nearest enemy is illegal. A Correr that
    moves it away from the enemy and towards an ally is legal. It makes no attacks and may end early."""
    g = Game(M(x=20, y=20, panic=True, mov=2, weapons=(weapon(),)), M(x=12, y=20, panic=True),
             M(side="blue", x=26, y=20, facing=180.0))
    me, ally, enemy = g.ids
    g.dice.push(9)                                    # PSI-11: it does not recover
    g.start_activation(me, energy=10)
    assert violation(g.act, me, "run", path=[[22, 20]]).rule_id == "PSI-12"      # towards the enemy
    assert violation(g.act, me, "run", path=[[20, 17]]).rule_id == "PSI-12"      # not towards any refuge
    assert violation(g.act, me, "move", path=[[19, 20]]).rule_id == "PSI-12"
    assert violation(g.act, me, "ranged_attack", target=enemy, weapon=0).rule_id == "PSI-12"
    g.act(me, "run", path=[[17, 20]])
    assert g.pos(me) == (17, 20)
    g.act(me, "end")


def test_PSI_12_an_engaged_panicking_character_must_disengage_first():
    """PSI-12: if it is engaged, Destrabarse must come first."""
    g = Game(M(x=20, y=20, panic=True, mov=2), M(x=16, y=20), M(side="blue", x=21, y=20, facing=180.0),
             M(side="red", x=21, y=21))
    me = g.ids[0]
    g.dice.push(9)                                    # PSI-11: it does not recover
    g.start_activation(me, energy=10)
    assert violation(g.act, me, "run", path=[[18, 20]]).rule_id == "PSI-12"
    g.act(me, "disengage", path=[[18.5, 20]])        # its side outnumbers the enemy: free
    g.act(me, "run", path=[[17.1, 20]])
    assert g.pos(me) == (17.1, 20)


# --- PSI-14, PSI-16 ------------------------------------------------------------------------------------------
def test_PSI_14_stress_reaching_VOL_in_the_own_activation_ends_it_with_a_CH_LOC():
    """PSI-14: a VOL 3 character at 2 stress gains 1 stress during its own activation. Its activation ends and
    it makes a CH LOC."""
    g = Game(M(x=5, y=20, VOL=3, stress=2, maluses=("TRT-COWARD",), weapons=(weapon(),)), M(side="blue", x=14, y=20))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(9, 3)                                 # Cobarde's CH PSI fails; the CH LOC passes
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.stress(a) == 3 and len(g.checks("LOC")) == 1
    assert g.gs.activation(a).acted and g.engine.flow.active is None and g.events("activation_ends")


def test_PSI_14_outside_the_own_activation_there_is_only_the_CH_LOC():
    """PSI-14: outside its activation only the CH LOC is made (the acting enemy goes on)."""
    g = shot_at({"VOL": 3, "stress": 2})
    s, t = g.ids
    hit(g, 8, 3)
    assert g.stress(t) == 3 and len(g.checks("LOC")) == 1
    assert g.engine.flow.active == s


def test_PSI_14_stress_reaching_VOL_at_the_start_of_the_activation_ends_it():
    """PSI-14: a VOL 3 character at 2 stress that fails its outnumbered CH PSI (PSI-2) at the start of its
    activation reaches stress = VOL during its own activation: the activation ends, after the CH LOC."""
    g = Game(M(x=20, y=20, VOL=3, stress=2), *[M(side="blue", x=x, y=y) for x, y in
                                               ((24, 20), (16, 20), (20, 24), (20, 16))])
    me = g.ids[0]
    g.dice.push(9, 3)
    g.start_activation(me)
    assert g.stress(me) == 3 and len(g.checks("LOC")) == 1
    assert g.gs.activation(me).acted and g.engine.flow.active is None


def test_PSI_16_stress_above_VOL_makes_the_character_unconscious():
    """PSI-16: a VOL 3 character that reaches 4 stress is skipped in the initiative sequence. It is counted as
    a casualty at the end of the adventure unless cured first; it stays on the table."""
    g = Game(M(x=5, y=20, VOL=3, stress=3, maluses=("TRT-COWARD",), weapons=(weapon(),)), M(side="blue", x=14, y=20))
    a, b = g.ids
    g.dice.push(3)                                    # PSI-15: it starts at stress = VOL: a CH LOC, passed
    g.start_activation(a, energy=10)
    g.dice.push(9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.stress(a) == 4 and g.events("unconscious") and not g.gs.able(a)
    assert g.engine.flow.active is None and not g.engine.eligible(a, 1)
    assert a in g.engine.casualties("red") and g.gs.on_table(a)
    g = Game(M(side="red", VOL=3, stress=4, x=5, y=5), M(side="red", VOL=2, x=8, y=5),
             M(side="blue", VOL=1, x=30, y=30), rolls=[5, 5])
    out, awake, b = g.ids
    g.begin()
    g.submit("initiative", "red", choice=awake)
    assert [e["who"] for e in g.events("activation_start")] == [awake]
    assert g.engine.pending.actor == awake and g.engine.flow.phase == 2
    assert not g.engine.eligible(out, 2)
    g.world.set(out, Stress(3))                         # its stress drops to VOL: it wakes
    assert g.gs.able(out) and g.engine.eligible(out, 2)


# --- PSI-3, PSI-13, PSI-15, PSI-17 ----------------------------------------------------------------------------
def test_PSI_3_no_trauma_check_in_a_plain_skirmish_and_a_declared_trauma_calls_a_CH_PSI():
    """PSI-3: the book does not define traumatic situations; with no scenario trigger no CH PSI is rolled. A
    game that declares one (`gs.trauma_triggers`) gets a CH PSI (rule PSI-3) with the usual results."""
    g = Game(M(x=5, y=20, weapons=(weapon(),)), M(side="blue", x=30, y=30, facing=180.0))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "crouch")
    assert g.checks() == []
    g.gs.trauma_triggers = (lambda gs, ctx: [(b, a, "sees a comrade fall")] if ctx.key == "stand_up" else [],)
    g.dice.push(8)
    g.act(a, "stand_up")
    psi = g.check("PSI")
    assert (psi["who"], psi["rule"], psi["passed"]) == (b, "PSI-3", False) and g.stress(b) == 1


def test_PSI_13_stress_is_cured_only_by_a_neuromancer():
    """PSI-13: a stressed character healed by a non-neuromancer keeps its stress: the cure is refused."""
    g = Game(M(x=10, y=20, INT=6), M(x=11, y=20, stress=2, wounds=1), M(side="blue", x=30, y=30))
    healer, patient, _ = g.ids
    g.start_activation(healer, energy=10)
    exc = violation(g.act, healer, "heal", target=patient, cure="stress")
    assert exc.rule_id == "PSI-13" and g.stress(patient) == 2 and g.energy(healer) == 10
    assert violation(psychology.cure_stress, g.gs, healer, patient, 1).rule_id == "PSI-13"
    assert g.stress(patient) == 2
    # a non-neuromancer's Curar heals wounds (GNA-5) and leaves the stress as it was
    g.dice.push(4)
    g.act(healer, "heal", target=patient)
    assert g.wounds(patient) == 0 and g.stress(patient) == 2 and g.all_dice_used()


def test_PSI_15_starting_an_activation_at_stress_equal_to_VOL_makes_a_CH_LOC_and_it_acts_on():
    """PSI-15: a VOL 3 character with 3 stress starts its activation: it rolls a CH LOC, passes, and acts
    normally (the activation does not end); it can be possessed (MET-10)."""
    g = Game(M(x=5, y=20, VOL=3, stress=3), M(side="blue", x=30, y=30))
    a, _ = g.ids
    g.dice.push(3)
    g.start_activation(a, energy=10)
    loc = g.check("LOC")
    assert loc["who"] == a and loc["passed"]
    assert g.engine.flow.active == a and g.pending.kind == "action"
    assert psychology.can_be_possessed(g.gs, a)
    g.act(a, "move", path=[[6, 20]])
    assert g.pos(a) == (6, 20)


def test_PSI_12_a_panicking_character_must_flee_before_it_may_end_its_activation():
    """PSI-12 (revised 2026-11): while it has the ENE for Correr and a legal flee route exists, a panicking
    character takes at least one Correr in its activation; only then may it end the activation early."""
    g = Game(M(x=20, y=20, panic=True, mov=2), M(x=12, y=20), M(side="blue", x=26, y=20, facing=180.0))
    me = g.ids[0]
    g.dice.push(9)                                    # PSI-11: it does not recover
    g.start_activation(me, energy=10)
    assert violation(g.act, me, "end").rule_id == "PSI-12"
    assert g.engine.pending.options == ("end", "run")   # PSI-12: the engine offers only Correr and ending
    assert any(o.key == "run" for o in g.engine.legal_options("run"))
    g.act(me, "run", path=[[17, 20]])
    g.act(me, "end")
    assert g.gs.activation(me).acted


def test_PSI_12_a_cornered_panicking_character_ends_its_activation_and_says_why():
    """PSI-12 (revised 2026-11): with no legal flee route (here: no ENE for Correr) its activation ends at once,
    with a `flee_impossible` event giving the reason."""
    g = Game(M(x=20, y=20, panic=True, mov=2, energy=-10), M(x=12, y=20), M(side="blue", x=26, y=20, facing=180.0))
    me = g.ids[0]
    g.dice.push(9)                                    # PSI-11: it does not recover
    g.start_activation(me)                            # ENE −10 + CON 4 + AGI 5 = −1: no ENE for Correr
    ev = g.events("flee_impossible")
    assert ev and ev[-1]["who"] == me and ev[-1]["reason"] == "no energy to flee"
    assert g.gs.activation(me).acted and g.engine.flow.active is None


def test_PSI_11_a_panic_caused_at_the_start_of_the_activation_gets_no_immediate_recovery_roll():
    """PSI-11 with PSI-15 (bug: a character that panicked from the CH LOC at the start of its activation rolled
    to recover at once): the failed CH LOC panics it, and no CH VOL recovery follows in this activation."""
    g = Game(M(x=5, y=20, VOL=3, stress=3), M(side="blue", x=30, y=30))
    a, _ = g.ids
    g.dice.push(9)                                    # PSI-15: the CH LOC fails: panic
    g.start_activation(a, energy=10)
    assert g.gs.psyche(a).panic
    assert not [c for c in g.checks("ATR") if c["rule"] == "PSI-11"]
    assert g.all_dice_used()
