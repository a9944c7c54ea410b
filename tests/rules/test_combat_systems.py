"""The peer combat systems (WNG-*, SWD6-*, SGD20-*): each rule with the digest's own example, dice scripted.
A game under a peer system is a Wartime game whose attacks hand over to `gs.combat` (rules.combat_systems)."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from rules_helpers import Game, M, armour, blade, weapon
from wartime.core.components import Life
from wartime.core.errors import NotImplementedRule, RuleViolation
from wartime.data.combat_systems import system_params
from wartime.rules import combat_systems
from wartime.rules.combat_systems import d6, d20, wrath_glory as wng
from wartime.rules.combat_systems.d6 import D6Stats
from wartime.rules.combat_systems.d20 import D20Stats
from wartime.rules.combat_systems.wrath_glory import WngStats
from wartime.rules.context import ActionContext
from wartime.rules.odds import attack_odds
from wartime.rules.combat import resolve_attack

P = system_params()


def under(system: str, *minis: M, **kw) -> Game:
    g = Game(*minis, **kw)
    combat_systems.install(g.gs, combat_systems.make_system(system, P))
    return g


def duel(system: str, dist: float = 8.0, attacker: dict | None = None, target: dict | None = None) -> Game:
    """A red shooter at (5, 20) facing +x and a blue target `dist` K away, under `system`."""
    ak = dict(x=5, y=20, AGI=5, VOL=9, weapons=(weapon(DMG=4, RNG=10),))
    ak.update(attacker or {})
    tk = dict(side="blue", x=5 + dist + 1, y=20, CON=4, VOL=9, facing=180.0)
    tk.update(target or {})
    return under(system, M(**ak), M(**tk))


def attack(g: Game, *dice: int, ranged: bool = True, dodged: bool = False, actions: int = 0) -> dict:
    a, b = g.ids
    g.dice.push(*dice)
    if actions:
        g.gs.set_activation(a, actions=actions)
    ctx = ActionContext(a, "ranged_attack" if ranged else "melee_attack", {})
    if dodged:
        ctx.dodged_by = (b,)
    out = g.gs.combat.resolve_attack(g.gs, ctx, a, b, weapon_index=0, ranged=ranged)
    assert g.dice.remaining == 0
    return out


def life(g: Game, e: int) -> str:
    return g.world.get(e, Life).state


# --- Wrath & Glory -------------------------------------------------------------------------------------------
def test_WNG_1_fours_and_fives_are_icons_sixes_exalted_icons():
    """WNG-1: Elena's 1, 2, 3, 3, 4, 6, 6 = 1 icon + 2 exalted = 5 icons; she passes DN 3."""
    assert wng.count_icons([1, 2, 3, 3, 4, 6, 6]) == 5
    assert wng.passes(5, 3)


def test_WNG_2_difficulty_numbers():
    """WNG-2: 4 icons fail a Challenging test (DN 5) and pass a Normal one (DN 3); the table from the data."""
    assert not wng.passes(4, wng.difficulty(P["wrath-glory"], "challenging"))
    assert wng.passes(4, wng.difficulty(P["wrath-glory"], "normal"))
    assert [wng.difficulty(P["wrath-glory"], n) for n in ("routine", "difficult", "extreme", "almost_impossible")] \
        == [1, 7, 9, 11]


def test_WNG_3_a_bonus_adds_dice_a_penalty_raises_the_DN():
    """WNG-3: a pool of 5 with one bonus die and DN +2 against DN 3 rolls 6 dice needing 5 icons."""
    assert wng.apply_bonus(5, 3, bonus_dice=1, dn_mod=2) == (6, 5)


def test_WNG_4_the_first_die_is_the_wrath_die_and_a_complication_is_not_rerolled():
    """WNG-4 / WNG-5 / WNG-7: pool 1, 2, 6 (AGI 3, no modifier), wrath die 1: a complication (the other side
    gains 1 Glory); on the Wrath reroll only the 2 is rerolled (to a 5): 3 icons < DN 4, a miss."""
    g = duel("wrath-glory", attacker={"AGI": 3})
    a, b = g.ids
    out = attack(g, 1, 2, 6, 5)
    assert not out["hit"]
    assert g.events("complication")[0]["who"] == a
    rr = g.events("wrath_reroll")[0]
    assert rr["rerolled"] == 1 and rr["dice"] == [1, 5, 6] and rr["icons"] == 3
    assert g.gs.combat.glory(g.gs, "blue")[0] == 1
    assert g.world.get(a, WngStats).wrath == 1


def test_WNG_4_a_wrath_die_six_gains_glory_whether_or_not_the_test_succeeds():
    """WNG-4: a wrath die of 6 gives the attacker's side 1 Glory."""
    g = duel("wrath-glory", attacker={"AGI": 3})
    attack(g, 6, 1, 1, 2, 3)                      # 2 icons: the Wrath reroll of the two 1s shows 2, 3: a miss
    assert g.gs.combat.glory(g.gs, "red")[0] == 1


def test_WNG_5_a_complication_gives_the_other_side_glory_up_to_its_cap():
    """WNG-5 (mapping): a complication gives the opposing side 1 Glory, never above its cap."""
    g = duel("wrath-glory", attacker={"AGI": 3})
    s = g.gs.combat
    s.add_glory(g.gs, "blue", 99, "WNG-8")
    full = s.glory(g.gs, "blue")
    attack(g, 1, 5, 5)                             # complication, 2 icons, nothing to reroll: a miss
    assert s.glory(g.gs, "blue") == full


def test_WNG_6_exalted_icons_beyond_the_DN_are_shifted_into_damage():
    """WNG-6: Daniel's 6 icons with 2 exalted vs DN 3 shift 1; James's 3 exalted left over DN 5 shift 3. On an
    attack each shift is +1 damage."""
    assert wng.shifts(6, 2, 3) == 1
    assert wng.shifts(11, 3, 5) == 3
    assert wng.shifts(2, 1, 3) == 0
    g = duel("wrath-glory", attacker={"AGI": 4}, target={"CON": 9})
    out = attack(g, 6, 6, 6, 4, 5)                # 7 icons vs DN 4, 3 exalted: 1 shift -> DMG 4 + 1; CH PSI 5
    assert out["hit"] and g.events("hit")[0]["dmg"] == 5


def test_WNG_7_wrath_two_per_character_spent_on_rerolls():
    """WNG-7: a character starts with 2 Wrath; after two rerolls it has none and cannot reroll again."""
    g = duel("wrath-glory", attacker={"AGI": 3})
    a, _ = g.ids
    assert g.world.get(a, WngStats).wrath == 2
    attack(g, 2, 2, 2, 2, 2, 2)
    attack(g, 2, 2, 2, 2, 2, 2)
    assert g.world.get(a, WngStats).wrath == 0
    attack(g, 2, 2, 2)
    assert len(g.events("wrath_reroll")) == 2


def test_WNG_8_glory_cap_is_max_6_or_characters_plus_2():
    """WNG-8: 5 characters cap 7, 3 characters cap 6; at the cap a gain adds nothing."""
    assert wng.glory_cap(P["wrath-glory"], 5) == 7
    assert wng.glory_cap(P["wrath-glory"], 3) == 6
    g = duel("wrath-glory")
    s = g.gs.combat
    s.add_glory(g.gs, "red", 10, "WNG-8")
    assert s.glory(g.gs, "red") == (6, 6)


def test_WNG_21_the_attack_pool_against_the_DN():
    """WNG-21 (mapping): pool = AGI with the Wartime modifiers as dice, DN = 4: 4 icons hit, 3 miss."""
    g = duel("wrath-glory", attacker={"AGI": 3}, target={"CON": 9})
    assert attack(g, 4, 4, 3, 3)["hit"] is False          # 2 icons; the Wrath reroll of the 3 shows a 3
    g = duel("wrath-glory", attacker={"AGI": 3}, target={"CON": 9})
    assert attack(g, 4, 4, 6, 5)["hit"] is True           # 4 icons (then the wounded target's CH PSI: 5)


def test_WNG_23_melee_adds_strength_to_the_weapon_damage():
    """WNG-23 (mapping: Strength is Wartime's CON − 4 of MOD-1): blade DMG 3, CON 6 → damage 5."""
    g = under("wrath-glory", M(x=10, y=20, AGI=3, CON=6, weapons=(blade(DMG=3),)),
              M(side="blue", x=11, y=20, CON=9, VOL=9, facing=180.0))
    out = attack(g, 4, 4, 6, 5, ranged=False)      # 4 icons, no shift (then the CH PSI: 5)
    assert out["hit"] and g.events("hit")[0]["dmg"] == 5


def test_WNG_24_range_bands_of_the_weapon_range():
    """WNG-24: range 24: 10 K short (+1 die), 30 K long (DN +2), 49 K impossible."""
    s = combat_systems.make_system("wrath-glory", P)
    assert s.range_band(10, 24) == (1, 0)
    assert s.range_band(20, 24) == (0, 0)
    assert s.range_band(30, 24) == (0, 2)
    with pytest.raises(RuleViolation, match="WNG-24"):
        s.range_band(49, 24)


def test_WNG_27_damage_above_resilience_wounds_else_one_shock():
    """WNG-27: damage 9 vs Resilience 7 → 2 wounds; 7 vs 7 → 1 Shock. Resilience = ΣDEF + 1 (mapping)."""
    assert wng.harm_of(9, 7) == (2, 0)
    assert wng.harm_of(7, 7) == (0, 1)
    g = duel("wrath-glory", attacker={"AGI": 3}, target={"CON": 9, "protections": (armour(3),)})
    a, b = g.ids
    attack(g, 4, 4, 6)                            # a hit: DMG 4 vs Resilience 4: 1 Shock, no wound
    assert g.world.get(b, WngStats).shock_left == 8 and g.gs.wounds(b) == 0


def test_WNG_28_at_zero_shock_a_character_is_exhausted():
    """WNG-28: the Shock track (VOL) at 0 marks the character exhausted."""
    g = duel("wrath-glory", attacker={"AGI": 3}, target={"VOL": 1, "protections": (armour(3),)})
    attack(g, 4, 4, 6)
    assert g.events("exhausted")[0]["who"] == g.ids[1]


def test_WNG_29_twice_the_starting_wounds_in_one_attack_kill():
    """WNG-29: 5 starting wounds: 10 wounds in one attack kill; 9 knock unconscious (Wartime incapacitated)."""
    g = duel("wrath-glory", target={"CON": 5})
    b = g.ids[1]
    g.gs.combat.harm(g.gs, g.ids[0], b, 11, critical=False, melee=False, def_malus=0, rule="CMB-4")
    assert life(g, b) == "dead"
    g = duel("wrath-glory", target={"CON": 5})
    b = g.ids[1]
    g.dice.push(5)                                # the death test at once (WNG-31): stabilised
    g.gs.combat.harm(g.gs, g.ids[0], b, 10, critical=False, melee=False, def_malus=0, rule="CMB-4")
    assert life(g, b) == "incapacitated" and g.gs.wounds(b) == 5
    assert g.events("death_test")[0]["outcome"] == "stabilised"


def test_WNG_31_death_tests_three_failures_kill_a_six_wakes():
    """WNG-31: rolls 3 then 1 → 1 + 2 = 3 failures → dead; a 6 recovers a wound and wakes."""
    assert wng.death_test(3) == ("failure", 1) and wng.death_test(1) == ("failure", 2)
    assert wng.death_test(6) == ("wakes", 0) and wng.death_test(4) == ("stabilised", 0)
    assert wng.death_test(5, bonus=1) == ("wakes", 0)
    g = duel("wrath-glory", target={"CON": 5})
    a, b = g.ids
    g.dice.push(3)
    g.gs.combat.harm(g.gs, a, b, 6, critical=False, melee=False, def_malus=0, rule="CMB-4")
    assert g.world.get(b, WngStats).failures == 1
    g.dice.push(1)
    g.gs.combat._start_of_turn(g.world, g.gs)
    assert life(g, b) == "dead"
    g = duel("wrath-glory", target={"CON": 5})
    a, b = g.ids
    g.dice.push(6)
    g.gs.combat.harm(g.gs, a, b, 6, critical=False, melee=False, def_malus=0, rule="CMB-4")
    assert life(g, b) == "active" and g.world.get(b, WngStats).wounds_left == 1


def test_WNG_odds_are_the_enumerated_dice_with_the_wrath_reroll():
    """WNG-1 / WNG-4 / WNG-6 / WNG-7: the odds' distribution equals a brute-force enumeration of every face
    (and every reroll) of small pools."""
    for pool, dn, wrath in ((1, 1, False), (3, 4, True), (4, 3, True), (4, 5, False)):
        brute: dict[int, Fraction] = {}
        for faces in product(range(1, 7), repeat=pool):
            p0 = Fraction(1, 6 ** pool)
            tot = wng.count_icons(faces)
            if tot < dn and wrath:
                redo = [i for i, d in enumerate(faces) if wng.icons(d) == 0 and not (i == 0 and d == 1)]
                if redo:
                    for new in product(range(1, 7), repeat=len(redo)):
                        f2 = list(faces)
                        for i, v in zip(redo, new):
                            f2[i] = v
                        t2 = wng.count_icons(f2)
                        if t2 >= dn:
                            k = wng.shifts(t2, f2.count(6), dn)
                            brute[k] = brute.get(k, 0) + p0 / 6 ** len(redo)
                    continue
            if tot >= dn:
                k = wng.shifts(tot, list(faces).count(6), dn)
                brute[k] = brute.get(k, 0) + p0
        assert wng.attack_distribution(pool, dn, wrath) == brute


# --- D6 Star Wars --------------------------------------------------------------------------------------------
def test_SWD6_1_dice_codes_in_pips():
    """SWD6-1: 3D showing 3, 2, 6 → 11; 2D+2 showing 4, 1 → 7; below 1D cannot be rolled."""
    g = Game(M())
    g.dice.push(3, 2, 6, 4, 1)
    assert d6.roll_code(g.dice, 9)[0] == 11
    assert d6.roll_code(g.dice, 8)[0] == 7
    assert d6.roll_code(g.dice, 2) == (None, ())
    assert d6.code(10) == "3D+1"


def test_SWD6_2_success_when_the_roll_reaches_the_difficulty():
    """SWD6-2: 15 vs moderate passes, 14 fails."""
    assert d6.succeeds(15, 15) and not d6.succeeds(14, 15) and not d6.succeeds(None, 5)


def test_SWD6_3_ties_go_to_the_resister():
    """SWD6-3 ruling: attacker 12, resister 12 → the resister wins."""
    assert d6.opposed(12, 12) == "resister" and d6.opposed(13, 12) == "attacker"


def test_SWD6_4_wartime_attributes_become_codes():
    """SWD6-4 (mapping): attribute codes round(1.5 · A) pips: AGI 4 → 2D, 5 → 2D+2, 6 → 3D; a weapon skill
    of AGI + 2D: AGI 4 → 4D."""
    s = combat_systems.make_system("d6", P)
    assert [d6.code(s.attribute_pips(a)) for a in (4, 5, 6)] == ["2D", "2D+2", "3D"]
    g = duel("d6", attacker={"AGI": 4})
    st = g.world.get(g.ids[0], D6Stats)
    assert d6.code(st.dex + st.skill) == "4D"


def test_SWD6_7_difficulty_by_range_band_plus_cover():
    """SWD6-7: with RNG 30: point blank 5, short 10, medium 15, long 20; medium behind a wall → 20."""
    s = combat_systems.make_system("d6", P)
    from wartime.rules.combat_systems.base import AttackInput
    w = weapon(RNG=30)

    def diff(d, cover="none"):
        return s.difficulty(AttackInput(1, 2, w, True, False, d, cover, (), 0, 4))
    assert [diff(1.5), diff(8), diff(15), diff(25), diff(40)] == [5, 10, 15, 20, 25]
    assert diff(15, "over_half") == 20


def test_SWD6_8_damage_against_strength_and_states():
    """SWD6-8: damage 14 vs Strength 7 incapacitated, 21 mortally wounded, 6 stunned, 7 wounded; a second
    wounded incapacitates."""
    assert [d6.damage_state(x, 7) for x in (14, 21, 6, 7)] == ["incapacitated", "mortal", "stunned", "wounded"]
    assert d6.worsen("wounded", "wounded") == "incapacitated" and d6.worsen("incapacitated", "stunned") == \
        "incapacitated"
    # AGI 4 shooter (4D) at 8 K with RNG 10: long (20). Hit 6+6+5+4 = 21; DMG 4 → 4D = 4+4+4+2 = 14 against
    # the target's Strength CON 4 → 2D: 3+4 = 7 → incapacitated.
    g = duel("d6", attacker={"AGI": 4})
    a, b = g.ids
    out = attack(g, 6, 6, 5, 4, 4, 4, 4, 2, 3, 4)
    assert out["hit"] and life(g, b) == "incapacitated"
    assert g.world.get(b, D6Stats).state == "incapacitated"


def test_SWD6_9_mortally_wounded_rolls_2D_against_the_rounds():
    """SWD6-9: at the end of the 4th round a 2D roll of 3 kills, 4 does not."""
    assert d6.mortal_roll_kills(3, 4) and not d6.mortal_roll_kills(4, 4)
    g = duel("d6")
    b = g.ids[1]
    from dataclasses import replace
    g.world.set(b, replace(g.world.get(b, D6Stats), state="mortal", mortal_rounds=3))
    g.world.set(b, Life("incapacitated"))
    g.dice.push(1, 2)
    g.gs.combat._end_of_turn(g.world, g.gs)
    assert life(g, b) == "dead"


def test_SWD6_10_armour_adds_to_strength_and_takes_off_dexterity():
    """SWD6-10: ΣDEF 2 armour = +1D: Strength 2D → 3D against damage, the weapon skill 1D lower."""
    g = duel("d6", attacker={"AGI": 4, "protections": (armour(2),)}, target={"protections": (armour(2),)})
    a, b = g.ids
    assert g.world.get(b, D6Stats).armour == 3
    assert g.gs.combat.dex_skill(g.gs, a) == 12 - 3


def test_SWD6_11_each_action_after_the_first_costs_1D():
    """SWD6-11: blaster 4D+2 with 3 uses → 2D+2; the third action of an activation rolls −2D."""
    assert 14 + d6.multiple_action_penalty(3) == 8
    g = duel("d6", attacker={"AGI": 4})
    a, _ = g.ids
    g.gs.set_activation(a, actions=2)
    assert g.gs.combat.dex_skill(g.gs, a) == 12 - 6


def test_SWD6_12_a_dodge_roll_adds_to_the_difficulty():
    """SWD6-12: the dodge (Wartime's Esquivar reaction) rolls the target's Dexterity skill and adds it: a
    melee attack at 10 + a dodge of 9 needs 19; 18 misses."""
    g = under("d6", M(x=10, y=20, AGI=4, weapons=(blade(),)), M(side="blue", x=11, y=20, AGI=2, facing=180.0))
    # the target's dodge code: AGI 2 → 1D + 2D = 3D: 3 + 3 + 3 = 9; the attack 4D: 6 + 6 + 3 + 3 = 18 < 19
    out = attack(g, 3, 3, 3, 6, 6, 3, 3, ranged=False, dodged=True)
    assert not out["hit"] and g.events("d6_roll")[0]["difficulty"] == 19


def test_SWD6_13_a_wounded_character_rolls_1D_less():
    """SWD6-13: a wounded character has −1D on skill use."""
    g = duel("d6", attacker={"AGI": 4})
    a, _ = g.ids
    from dataclasses import replace
    g.world.set(a, replace(g.world.get(a, D6Stats), state="wounded"))
    assert g.gs.combat.dex_skill(g.gs, a) == 12 - 3


def test_SWD6_14_melee_difficulty_10_and_strength_plus_weapon_damage():
    """SWD6-14 ruling: melee difficulty 10; damage = weapon dice + the attacker's Strength (STR+xD)."""
    g = under("d6", M(x=10, y=20, AGI=4, CON=4, weapons=(blade(DMG=1),)), M(side="blue", x=11, y=20, facing=180.0))
    # hit 4D: 3+3+2+2 = 10 ≥ 10; damage: blade DMG 1 → 1D + Strength (CON 4) 2D = 3D: 4, 3, 5 = 12 against the
    # target's Strength 2D: 3, 4 = 7 → 12 ≥ 7 and < 14: wounded
    out = attack(g, 3, 3, 2, 2, 4, 3, 5, 3, 4, 5, ranged=False)     # (and the wounded target's CH PSI: 5)
    assert out["hit"] and g.events("damage")[0]["damage"] == "3D"
    assert g.world.get(g.ids[1], D6Stats).state == "wounded"


# --- d20 Stargate --------------------------------------------------------------------------------------------
def test_SGD20_4_attack_total_reaches_defence():
    """SGD20-4: d20 11 + BAB 3 + Dex 1 = 15 hits Defence 15; a natural 20 always hits, a 1 always misses."""
    assert d20.attack_total(11, 3, 1) == 15 and d20.attack_hits(11, 15, 15)
    assert d20.attack_hits(20, 5, 30) and not d20.attack_hits(1, 40, 10)


def test_SGD20_5_defence():
    """SGD20-5: class +3, Dex +2 → 15; armour +4 (Dex +1) → 15; mapping: 10 + ΣDEF + (AGI − 5)."""
    assert d20.defence(10, 3, 2) == 15 and d20.defence(10, 4, 1) == 15
    g = duel("d20", target={"AGI": 6, "protections": (armour(2),)})
    from wartime.rules.combat_systems.base import AttackInput
    inp = AttackInput(g.ids[0], g.ids[1], None, True, False, 8.0, "none", (), 0, 4)
    assert g.gs.combat.defence_of(g.gs, inp) == 13


def test_SGD20_6_vitality_then_wounds_fatigue_and_the_fortitude_save():
    """SGD20-6: VP 3, WP 12, hit for 8 → VP 0, WP 7, fatigued; a failed Fortitude save stuns 1d6 rounds."""
    st, emptied = d20.apply_damage(D20Stats(3, 3, 12, 12, 12), 8, False)
    assert (st.vp, st.wp, st.fatigued, emptied) == (0, 7, True, True)
    assert d20.condition(0, -10) == "unconscious" and d20.condition(-1, -10) == "dying"
    assert d20.condition(-10, -10) == "dead"
    # AGI 5 shooter vs Defence 10 (AGI 5, no armour): a 15 hits; DMG 4 vs VP 8 (CON 4): VP 4
    g = duel("d20")
    a, b = g.ids
    attack(g, 15)
    assert g.world.get(b, D20Stats).vp == 4 and life(g, b) == "active"
    attack(g, 15, 2, 3)                            # VP 0: Fortitude 2 fails (DC 14), stunned 3 rounds
    st = g.world.get(b, D20Stats)
    assert st.vp == 0 and st.fatigued and st.stunned_until == 3
    attack(g, 15)                                  # WP 4 → 0: unconscious (Wartime incapacitated)
    assert life(g, b) == "incapacitated"


def test_SGD20_6_a_dying_character_loses_a_wound_point_unless_its_d100_holds():
    """SGD20-6: each round a d% ≤ Con score (2 · CON) holds; else −1 WP."""
    g = duel("d20")
    b = g.ids[1]
    from dataclasses import replace
    g.world.set(b, replace(g.world.get(b, D20Stats), vp=0, wp=-1))
    g.world.set(b, Life("incapacitated"))
    g.dice.push(50, 8)
    g.gs.combat._end_of_turn(g.world, g.gs)
    assert g.world.get(b, D20Stats).wp == -2
    g.gs.combat._end_of_turn(g.world, g.gs)
    assert g.world.get(b, D20Stats).wp == -2


def test_SGD20_7_a_threat_that_hits_spends_an_action_die_and_goes_to_wounds():
    """SGD20-7: a natural 19 that hits is a critical with an action die: its damage comes off WP, VP kept."""
    g = duel("d20", target={"CON": 9})
    a, b = g.ids
    dice_before = g.gs.combat.action_dice(g.gs, "red")
    out = attack(g, 19, 5)                         # (and the wounded target's CH PSI: 5)
    st = g.world.get(b, D20Stats)
    assert out["critical"] and st.vp == 18 and st.wp == 5
    assert g.gs.combat.action_dice(g.gs, "red") == dice_before - 1


def test_SGD20_8_a_natural_1_fails_every_save():
    """SGD20-8: Fortitude +9 vs DC 10 with a natural 1 fails; a natural 20 succeeds."""
    assert not d20.save_succeeds(1, 9, 10) and d20.save_succeeds(20, -5, 30) and d20.save_succeeds(5, 5, 10)


# --- all three: refusals and odds ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["wrath-glory", "d6", "d20"])
def test_peer_rules_wartime_cannot_play_are_refused_naming_their_ID(name):
    s = combat_systems.make_system(name, P)
    assert s.REFUSED
    for rid in s.REFUSED:
        with pytest.raises(NotImplementedRule, match=rid):
            s.require(rid)


@pytest.mark.parametrize("name", ["wrath-glory", "d6", "d20"])
def test_peer_odds_match_the_frequencies_of_the_resolver(name):
    """The exact odds of each system against 3000 resolved attacks with real dice (a loose 4-sigma band)."""
    from wartime.core.rng import Dice
    g = duel(name, attacker={"AGI": 5}, target={"CON": 6})
    g.gs.world.dice = Dice(7)
    odds = attack_odds(g.gs, g.ids[0], g.ids[1], weapon_index=0, ranged=True)
    snap = g.world.snapshot()
    hits = 0
    n = 1500
    for _ in range(n):
        hits += g.gs.combat.resolve_attack(g.gs, ActionContext(g.ids[0], "x", {}), g.ids[0], g.ids[1],
                                           weapon_index=0, ranged=True)["hit"]
        state = g.world.dice.state()
        g.world.restore(snap)                      # the same situation again, the dice going on
        g.world.dice.set_state(state)
    p = float(odds.p_hit)
    sigma = (p * (1 - p) / n) ** 0.5
    assert abs(hits / n - p) < 4 * sigma + 1e-9, (hits / n, p)


def test_TRT_INFINITE_RANGE_under_a_peer_system_the_shot_scatters_first():
    """A VOL 2 shooter (field of view 10 K) with Alcance infinito, the target 14 K away under the d6 system: the
    odds count the scatter (a 1 K base is never landed on: P(hit) 0); the shot scatters first (1 D10: 4 K at 0°, onto
    no base): lost, no peer roll."""
    from wartime.core.rng import ScriptedDice
    g = duel("d6", dist=14.0, attacker={"VOL": 2, "weapons": (weapon(DMG=4, RNG=10, traits=("TRT-INFINITE-RANGE",)),)})
    g.dice = ScriptedDice(rolls=(), angles=(0.0,))
    g.world.dice = g.dice
    a, b = g.ids
    assert not g.gs.in_fov(a, b)
    assert attack_odds(g.gs, a, b, weapon_index=0, ranged=True).p_hit == 0
    g.dice.push(4)
    from wartime.rules.scattered_shots import scatters
    out = resolve_attack(g.gs, ActionContext(a, "ranged_attack", {}), a, b, weapon_index=0, ranged=True,
                         scatter=scatters(g.gs, a, b, g.gs.weapon(a, 0)))
    assert g.dice.remaining == 0 and out["hit"] is False and g.events("shot_lost")
