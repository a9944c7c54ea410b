"""More weapon and protection traits through the trait registry (issue 12, points 1 and 5), and the exact odds of
an attack counting the target's protections as resolution does: energy shields (halved by Munición magnética),
Sombra behind cover and Escudo coriáceo levels (rules/odds.py against rules.combat.resolve_hit)."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest

from rules_helpers import Game, M, violation
from test_rules_areas import blue, fire, game, shooter
from test_rules_heights import at
from test_rules_metahabilities import NEURO, give, mh, two
from test_rules_metahabilities import effects as meta_effects
from test_rules_traits_combat import attack, duel, race
from test_rules_traits_race import thirst_game
from test_rules_traits_protection import prot, worn
from test_rules_traits_weapons import gun, odds, price
from wartime.data.loader import priced_trait
from wartime.rules import areas, burning, traits
from wartime.rules.combat import Cover, resolve_hit
from wartime.rules.odds import attack_odds
from wartime.rules.options import offered_actions
from wartime.rules.traits.weapons_more import Burning


def resolved_wounds(g: Game, dmg: int, *, checks: int, cover: Cover | None = None) -> Fraction:
    """The mean wounds resolution deals with a hit of `dmg` from the red attacker's weapon, over every result of the
    first `checks` D10 the hit rolls (shield checks, cover check, CH DEF): each sequence from the same state."""
    a, b = g.ids
    terms = traits.combat_terms(g.gs, a, b, g.gs.weapon(a, 0), True)
    snap = g.world.snapshot()
    total = 0
    for seq in product(range(1, 11), repeat=checks):
        g.world.restore(snap)
        g.dice._rolls, g.dice._pos = list(seq) + [5] * 4, 0          # the rest: a CH PSI, never a wound
        total += resolve_hit(g.gs, None, a, b, dmg, melee=False, cover=cover, terms=terms)
    g.world.restore(snap)
    return Fraction(total, 10 ** checks)


def expected(g: Game, *, checks: int, cover: Cover | None = None) -> Fraction:
    """The expected wounds of the whole shot by resolution: the CH IMP (AGI 5: die 1 a critical, DMG 4 + 1 and no
    cover; 2-5 a hit) over `resolved_wounds`."""
    return (Fraction(1, 10) * resolved_wounds(g, 5, checks=checks)
            + Fraction(4, 10) * resolved_wounds(g, 4, checks=checks, cover=cover))


def shot_odds(g: Game, cover: Cover | None = None):
    a, b = g.ids
    return attack_odds(g.gs, a, b, weapon_index=0, ranged=True, cover=cover)


# --- the odds count the target's protections (the AI's and the window's numbers) ---------------------------------
@pytest.mark.parametrize("trait, level", [("TRT-ENERGY-SHIELD", 1), ("TRT-ADVANCED-ENERGY-SHIELD", 3)])
def test_TRT_ENERGY_SHIELD_and_TRT_ADVANCED_ENERGY_SHIELD_in_the_odds_as_resolved(trait, level):
    """DEF 2 under a shield: the odds' expected wounds equal resolution's over every shield and CH DEF die."""
    g = duel(blue={"protections": (prot(2, trait, levels={trait: level}),)})
    o = shot_odds(g)
    assert o.expected_wounds == expected(g, checks=2)
    assert o.expected_wounds < shot_odds(duel(blue={"protections": (prot(2),)})).expected_wounds


def test_TRT_ENERGY_SHIELD_both_shields_in_the_odds_as_resolved():
    """A race shield and a worn advanced one: both checks in turn (ID order), then the CH DEF."""
    g = duel(blue={"protections": (prot(1, "TRT-ADVANCED-ENERGY-SHIELD", levels={"TRT-ADVANCED-ENERGY-SHIELD": 1}),
                                   prot(1, "TRT-ENERGY-SHIELD", levels={"TRT-ENERGY-SHIELD": 2}, key="belt"))})
    assert shot_odds(g).expected_wounds == expected(g, checks=3)


def test_TRT_ENERGY_SHIELD_no_level_left_no_shield_in_the_odds():
    g = duel(blue={"protections": (prot(2, "TRT-ENERGY-SHIELD", levels={"TRT-ENERGY-SHIELD": 0}),)})
    assert shot_odds(g) == shot_odds(duel(blue={"protections": (prot(2),)}))


def test_TRT_SHADOW_in_the_odds_as_resolved():
    """More than 50 % hidden: the odds' CH DEF target is resolution's (DEF 2 + Sombra 1 + cover 2 = 5) and their
    expected wounds equal resolution's (a critical ignores the cover and Sombra)."""
    g = duel(blue={"protections": (prot(2, "TRT-SHADOW"),)})
    o = shot_odds(g, Cover(13))
    g.dice.push(5, 5)
    resolve_hit(g.gs, None, *g.ids, 4, melee=False, cover=Cover(13))
    assert o.def_target == g.checks("DEF")[-1]["target"] == 5
    assert o.expected_wounds == expected(g, checks=1, cover=Cover(13))
    assert shot_odds(g).def_target == 2                                  # in the open: no Sombra


def test_TRT_LEATHERY_SHIELD_in_the_odds_as_resolved():
    """Level 3 takes 3 wounds off the hit: the odds' expected wounds and chance to incapacitate equal resolution's."""
    g = duel(blue={"protections": (prot(1, "TRT-LEATHERY-SHIELD", levels={"TRT-LEATHERY-SHIELD": 3}),), "CON": 3})
    o = shot_odds(g)
    assert o.expected_wounds == expected(g, checks=1)
    # CON 3 falls only to a critical (DMG 5) with a CH DEF fumble (+1): 6 − 3 levels = 3 wounds
    assert o.p_incapacitate == Fraction(1, 10) * Fraction(1, 10)


# --- Munición magnética: the energy shield's check halved ------------------------------------------------------
@pytest.mark.parametrize("trait, halved", [("TRT-ENERGY-SHIELD", 2), ("TRT-ADVANCED-ENERGY-SHIELD", 3)])
@pytest.mark.parametrize("die", [2, 3, 4])
def test_TRT_MAGNETIC_AMMO_halves_the_energy_shield_check(trait, halved, die):
    """The shield check target 4 / 6 becomes 2 / 3: a die at or under it stops the shot, above it the shield loses a
    level and the CH DEF follows (DEF 2, die 9 fails: DMG 4, not halved, 4 wounds)."""
    g = duel({"weapons": (gun("TRT-MAGNETIC-AMMO"),)}, {"protections": (prot(2, trait, levels={trait: 2}),)})
    stops = die <= halved
    attack(g, *((5, die) if stops else (5, die, 9, 5)))
    shield = g.checks("DEF")[0]
    assert shield["target"] == halved and shield["halved_by"] == "TRT-MAGNETIC-AMMO"
    assert g.wounds(g.ids[1]) == (0 if stops else 4)
    assert worn(g, g.ids[1]).level(trait) == (2 if stops else 1)


def test_TRT_MAGNETIC_AMMO_shield_halving_in_the_odds_as_resolved():
    g = duel({"weapons": (gun("TRT-MAGNETIC-AMMO"),)},
             {"protections": (prot(2, "TRT-ENERGY-SHIELD", levels={"TRT-ENERGY-SHIELD": 1}),)})
    assert shot_odds(g).expected_wounds == expected(g, checks=2)
    plain = duel(blue={"protections": (prot(2, "TRT-ENERGY-SHIELD", levels={"TRT-ENERGY-SHIELD": 1}),)})
    assert shot_odds(g).expected_wounds > shot_odds(plain).expected_wounds


# --- area attacks through the same trait hooks (ARE-5, ARE-6) ------------------------------------------------------
def test_ARE_5_an_area_hit_takes_the_weapon_and_target_trait_terms():
    """An R3 shell with Munición aliento de dragón (DMG +2) and Munición silenciosa (CH DEF −1 from behind) on a
    target facing away: its hit has DMG 4 + 2 = 6 and its CH DEF target 0 − 1; the die 5 fails: 6 wounds."""
    g = game(shooter(wkw={"traits": ("TRT-DRAGONS-BREATH-AMMO", "TRT-SILENT-AMMO")}), blue(20, 20, facing=0.0))
    a, t = g.ids
    fire(g, 3, 5, 5, target=t)                                   # CH IMP 3; CH DEF 5; CH PSI 5
    assert g.events("hit")[-1]["dmg"] == 6 and g.check("DEF")["target"] == -1 and g.wounds(t) == 6


def test_ARE_5_an_area_aimed_at_a_mini_takes_its_CH_IMP_trait_terms():
    """Aimed at a Camuflaje target: the shell's CH IMP has the target's −1 (AGI 5 → 4), as a single shot's."""
    g = game(shooter(), blue(20, 20))
    a, t = g.ids
    race(g, t, "TRT-CAMOUFLAGE")
    fire(g, 4, 5, 5, target=t)
    imp = g.check("IMP")
    assert imp["target"] == 4 and g.mods(imp)["TRT-CAMOUFLAGE"] == -1


def test_ARE_5_an_area_hit_meets_the_energy_shield_halved_by_magnetic_ammo():
    """A magnetic shell on a target with Escudo de energía: the shield check target is 2 (die 2 stops the hit)."""
    g = game(shooter(wkw={"traits": ("TRT-MAGNETIC-AMMO",)}),
             blue(20, 20, protections=(prot(0, "TRT-ENERGY-SHIELD", levels={"TRT-ENERGY-SHIELD": 1}),)))
    a, t = g.ids
    fire(g, 3, 2, target=t)
    assert g.checks("DEF")[0]["target"] == 2 and g.wounds(t) == 0 and g.events("attack_stopped")


# --- Anulador de escudo --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("trait", ["TRT-ENERGY-SHIELD", "TRT-ADVANCED-ENERGY-SHIELD"])
def test_TRT_SHIELD_NULLIFIER_a_hit_removes_one_shield_level_with_no_DEF_check(trait):
    """The CH IMP 5 hits: no shield check, no CH DEF, no wounds; the shield goes 2 → 1. The odds expect no wound."""
    g = duel({"weapons": (gun("TRT-SHIELD-NULLIFIER"),)}, {"protections": (prot(2, trait, levels={trait: 2}),)})
    a, b = g.ids
    assert odds(g).expected_wounds == 0
    attack(g, 5)
    assert g.checks("DEF") == [] and g.wounds(b) == 0 and worn(g, b).level(trait) == 1
    assert g.events("trait_level")[-1]["rule"] == "TRT-SHIELD-NULLIFIER"


def test_TRT_SHIELD_NULLIFIER_a_miss_or_no_shield_changes_nothing():
    g = duel({"weapons": (gun("TRT-SHIELD-NULLIFIER"),)},
             {"protections": (prot(2, "TRT-ENERGY-SHIELD", levels={"TRT-ENERGY-SHIELD": 1}),)})
    attack(g, 8)                                                  # CH IMP 8 > AGI 5: a miss
    assert worn(g, g.ids[1]).level("TRT-ENERGY-SHIELD") == 1
    g = duel({"weapons": (gun("TRT-SHIELD-NULLIFIER"),)})
    attack(g, 5)
    assert g.wounds(g.ids[1]) == 0 and not g.events("trait_level") and g.checks("DEF") == []


def test_TRT_SHIELD_NULLIFIER_on_an_area_each_covered_mini_loses_a_level():
    shield = prot(0, "TRT-ENERGY-SHIELD", levels={"TRT-ENERGY-SHIELD": 3})
    g = game(shooter(wkw={"traits": ("TRT-SHIELD-NULLIFIER",)}), blue(20, 20, protections=(shield,)))
    a, t = g.ids
    fire(g, 3, target=t)
    assert g.checks("DEF") == [] and worn(g, t).level("TRT-ENERGY-SHIELD") == 2 and g.wounds(t) == 0


# --- Arma ATA ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("level", [2, 3])
def test_TRT_ATA_WEAPON_attacks_a_mini_at_another_altitude_level(level):
    """A level-1 rifleman may not shoot a level-3 aircraft (MOV-11); with Arma ATA it may, at level 3 and 2."""
    g = Game(M(x=10, y=10, weapons=(gun("TRT-ATA-WEAPON"), gun())), M(side="blue", x=15, y=10, facing=180.0))
    a, f = g.ids
    at(g, f, level)
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "ranged_attack", {"target": f, "weapon": 0}) == 2
    if level == 3:
        assert violation(g.engine.check_action, a, "ranged_attack", {"target": f, "weapon": 1}).rule_id == "MOV-11"
    g.dice.push(5, 5, 5)
    g.act(a, "ranged_attack", target=f, weapon=0)
    assert g.wounds(f) == 4


# --- Munición anti () ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("param, blue_traits, plus", [
    ("no vivos", ("TRT-NON-LIVING",), 2), ("no vivos", (), 0),
    ("Sombra", ("TRT-SHADOW",), 2), ("sombra", ("TRT-NON-LIVING",), 0)])
def test_TRT_ANTI_AMMO_DMG_plus_2_against_the_target_type_named(param, blue_traits, plus):
    """DMG 4 + 2 = 6 against the type named (not alive; a trait it carries), 4 against another; the odds agree."""
    g = duel({"weapons": (gun("TRT-ANTI-AMMO", f"TRT-ANTI-AMMO:{param}"),)})
    a, b = g.ids
    race(g, b, *blue_traits)
    assert odds(g).expected_wounds == odds(duel({"weapons": (gun(DMG=4 + plus),)})).expected_wounds
    attack(g, 5, 9, 5)
    assert g.events("damage")[-1]["dmg"] == 4 + plus and g.wounds(b) == 4 + plus


# --- Runas de combate ------------------------------------------------------------------------------------------
def steal(*dice: int, thief: tuple = (), victim: tuple = (), **blue) -> Game:
    """Robar energía (a CH VOL ENF) by the VOL 6 thief of test_rules_traits_race at a VOL 5 enemy 5 K away, with
    these dice; `thief` / `victim` traits besides the thief's Sed de energía."""
    g = thirst_game(M(side="blue", x=16, y=20, **blue))
    race(g, g.ids[0], "TRT-THIRST-FOR-ENERGY", *thief)
    if victim:
        race(g, g.ids[1], *victim)
    g.dice.push(*dice)
    g.act(g.ids[0], "steal_energy", target=g.ids[1])
    return g


def test_TRT_COMBAT_RUNES_CH_VOL_ENF_plus_1_on_either_side():
    """Robar energía (CH VOL ENF): the runed thief's check is VOL 6 + 1 = 7; a runed resister's 5 + 1 = 6."""
    g = steal(7, 9, thief=("TRT-COMBAT-RUNES",))
    thief, resister = g.checks("ATR")
    assert thief["target"] == 7 and g.mods(thief)["TRT-COMBAT-RUNES"] == 1 and resister["target"] == 5
    assert g.energy(g.ids[1]) == 7
    g = steal(9, 6, protections=(prot(0, "TRT-COMBAT-RUNES"),))
    assert [c["target"] for c in g.checks("ATR")] == [6, 6]


def test_TRT_COMBAT_RUNES_no_bonus_on_other_checks():
    g = duel()
    race(g, g.ids[0], "TRT-COMBAT-RUNES")
    assert traits.opposed_mods(g.gs, g.ids[0], "CON") == []
    assert traits.check_mods(g.gs, g.ids[0], "VOL", "ATR") == []


@pytest.mark.parametrize("trait, kind, points", [
    ("TRT-SHIELD-NULLIFIER", "weapon", 5), ("TRT-ATA-WEAPON", "weapon", 1),
    ("TRT-COMBAT-RUNES", "race", 10), ("TRT-COMBAT-RUNES", "protection", 10), ("TRT-MAGNETIC-AMMO", "weapon", 5),
    ("TRT-RADIOACTIVE-AMMO", "weapon", 10)])
def test_TRT_more_weapon_traits_cost_their_catalogue_price(trait, kind, points):
    assert price(trait, kind) == points


def test_TRT_ANTI_AMMO_costs_its_catalogue_price():
    assert priced_trait("TRT-ANTI-AMMO", "weapon", "test", "traits", param="no vivos").points == 15


# --- Munición radiactiva ----------------------------------------------------------------------------------------
def test_TRT_RADIOACTIVE_AMMO_a_wounding_hit_leaves_a_permanent_R3_area_with_the_weapon_DMG():
    """The hit wounds (CH DEF 9 fails: 4 wounds): an R3 area of DMG 4 at the target's centre; when the target
    starts its next activation inside it, it takes that hit (CH DEF 9 fails: 4 more wounds)."""
    g = duel({"weapons": (gun("TRT-RADIOACTIVE-AMMO"),)})
    areas.install(g.world)                                        # as match.setup does
    a, b = g.ids
    attack(g, 5, 9, 5)
    placed = g.events("area_effect_placed")[-1]
    assert (placed["rule"], placed["kind"], placed["code"], placed["dmg"]) == ("TRT-RADIOACTIVE-AMMO", "radioactive",
                                                                                 "R3", 4)
    assert placed["centre"] == [20.0, 20.0] and g.wounds(b) == 4
    g.dice.push(9, 5)
    g.start_activation(b)
    assert g.events("area_effect")[-1]["rule"] == "TRT-RADIOACTIVE-AMMO" and g.wounds(b) == 8


def test_TRT_RADIOACTIVE_AMMO_no_area_without_wounds():
    """The CH DEF 1 is a critical: no wound, no area; a miss leaves none either."""
    g = duel({"weapons": (gun("TRT-RADIOACTIVE-AMMO"),)})
    attack(g, 5, 1)
    assert not g.events("area_effect_placed")
    g = duel({"weapons": (gun("TRT-RADIOACTIVE-AMMO"),)})
    attack(g, 8)
    assert not g.events("area_effect_placed")


def test_TRT_RADIOACTIVE_AMMO_the_area_hits_its_owner_too():
    """Unlike Área permanente's template, the radioactive area spares no one: the shooter starting its activation
    inside it takes the hit."""
    g = duel({"weapons": (gun("TRT-RADIOACTIVE-AMMO"),)})
    areas.install(g.world)                                        # as match.setup does
    a, b = g.ids
    attack(g, 5, 9, 5)
    g.set(b, replace(g.gs.pos(b), x=30.0, y=30.0))
    g.set(a, replace(g.gs.pos(a), x=20.0, y=20.0))                # fully inside the R3
    g.dice.push(9, 5)
    g.next_turn()
    g.start_activation(a)
    assert g.events("area_effect")[-1]["who"] == a and g.wounds(a) == 4


# --- Runas de rechazo ------------------------------------------------------------------------------------------------
def test_TRT_REJECTION_RUNES_the_target_rerolls_a_lost_CH_VOL_ENF_against_a_metahability():
    """MET-5: the caster (VOL 5) rolls 2, the runed target (VOL 6) 8 and loses: it rerolls, 1 wins: no effect."""
    g = two({"VOL": 5}, {"VOL": 6})
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-CALM", ENE=2))
    race(g, b, "TRT-REJECTION-RUNES")
    g.start_activation(a, energy=10)
    g.dice.push(2, 2, 8, 1)                                    # CH INT 2; CH VOL ENF 2 vs 8, rerolled: 1
    g.act(a, "use_metahability", meta=0, target=b)
    rolls = [c for c in g.checks("ATR") if c["who"] == b]
    assert [c["die"] for c in rolls] == [8, 1] and rolls[1]["reroll"] == "TRT-REJECTION-RUNES"
    assert meta_effects(g, b) == () and g.all_dice_used()


def test_TRT_REJECTION_RUNES_Robar_energia_and_no_reroll_when_it_wins():
    """Robar energía's CH VOL ENF: the thief's 6 passes (target 6), the runed target's 9 fails (target 5): it rerolls,
    3 passes and is the lower die: it wins, 10 ENE kept. Winning at once, it rolls once."""
    g = steal(6, 9, 3, victim=("TRT-REJECTION-RUNES",))
    assert g.energy(g.ids[1]) == 10 and len(g.checks("ATR")) == 3
    g = steal(6, 2, victim=("TRT-REJECTION-RUNES",))
    assert len(g.checks("ATR")) == 2 and g.energy(g.ids[1]) == 10


# --- Runas de protección -------------------------------------------------------------------------------------------
def test_TRT_PROTECTION_RUNES_a_fumbled_metahability_check_brings_no_CH_PSI():
    """MET-7: the neuromancer fumbles (10): with the runes no CH PSI (no stress whatever), the metahability fails."""
    g = two(side="red")
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-PSYCHIC-ENERGY"), bonuses=NEURO + ("TRT-PROTECTION-RUNES",))
    g.start_activation(a, energy=10)
    g.dice.push(10)
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.checks("PSI") == [] and g.stress(a) == 0 and meta_effects(g, b) == ()
    assert g.events("fumble_danger_ignored")[0]["rule"] == "TRT-PROTECTION-RUNES" and g.all_dice_used()


@pytest.mark.parametrize("trait, kind, points", [("TRT-REJECTION-RUNES", "race", 10),
                                                 ("TRT-REJECTION-RUNES", "protection", 10),
                                                 ("TRT-PROTECTION-RUNES", "race", 3),
                                                 ("TRT-PROTECTION-RUNES", "protection", 3)])
def test_TRT_rune_traits_cost_their_catalogue_price(trait, kind, points):
    assert price(trait, kind) == points


# --- Alcance infinito -------------------------------------------------------------------------------------------
def test_TRT_INFINITE_RANGE_no_maximum_range_and_the_range_modifier_stays():
    """A RNG 10 rifle at a target 19 K away: refused (CMB-10) without the trait; with Alcance infinito the shot is
    legal, its CH IMP has MOD-2's −1 (10-20 K): AGI 5 − 1 = 4, the 4 hits."""
    for traits_, legal in (((), False), (("TRT-INFINITE-RANGE",), True)):
        g = Game(M(x=10, y=20, VOL=7, weapons=(gun(*traits_, RNG=10),)), M(side="blue", x=30, y=20, facing=180.0,
                                                                            CON=9))
        a, b = g.ids
        g.start_activation(a, energy=10)
        if not legal:
            assert violation(g.engine.check_action, a, "ranged_attack", {"target": b, "weapon": 0}).rule_id == "CMB-10"
            continue
        g.dice.push(4, 9, 5)
        g.act(a, "ranged_attack", target=b, weapon=0)
        imp = g.check("IMP")
        assert imp["target"] == 4 and g.mods(imp)["MOD-2"] == -1 and g.wounds(b) == 4


def far_shot(*others, VOL: int = 3, traits_=("TRT-INFINITE-RANGE",), area=None, angles=(90.0,)):
    """A red AGI 5, VOL 3 shooter (field of view 15 K) at (10, 20) facing east with a DMG 4, RNG 10 rifle (Alcance
    infinito), a CON 9 blue target at (30, 20), 19 K away (outside the field of view: 2 dispersion dice, ARE-9),
    and `others` (blue M's); scripted angles."""
    from test_rules_areas import area_weapon, game
    w = gun(*traits_, RNG=10) if area is None else area_weapon(area, RNG=10, traits=traits_)
    g = game(M(x=10, y=20, AGI=5, VOL=VOL, weapons=(w,)), M(side="blue", x=30, y=20, facing=180.0, CON=9),
             *others, angles=angles)
    g.start_activation(g.ids[0], energy=10)
    return g


def test_TRT_INFINITE_RANGE_a_target_outside_the_field_of_view_can_be_shot_without_the_trait_not():
    """VOL 3: field of view 15 K: a target 19 K away is out of it: refused (ENV-1) without the trait, allowed with it
    (in line of sight)."""
    g = far_shot(traits_=())
    a, b = g.ids
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": b, "weapon": 0}).rule_id in ("ENV-1",
                                                                                                          "CMB-10")
    g = far_shot()
    g.engine.check_action(a, "ranged_attack", {"target": b, "weapon": 0})


def test_TRT_INFINITE_RANGE_out_of_view_the_passed_shot_scatters_onto_the_mini_it_lands_on():
    """CH IMP 3 (AGI 5, MOD-2 −1: 4) passes; 19 K: 2 D10 (2 + 2 = 4 K) at 90°: the point moves from (30, 20) to
    (30, 24), the base of the other blue: it takes the hit (CH DEF 9 fails: 4 wounds; CH PSI 5), the target none."""
    g = far_shot(M(side="blue", x=30, y=24, facing=180.0, CON=9))
    a, b, c = g.ids
    g.dice.push(3, 2, 2, 9, 5)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.all_dice_used()
    imp = g.check("IMP")
    assert imp["target"] == 4 and g.mods(imp)["MOD-2"] == -1
    disp = g.events("dispersion")[0]
    assert (disp["rule"], disp["dice"], disp["to"]) == ("TRT-INFINITE-RANGE", [2, 2], [30.0, 24.0])
    assert g.events("stray_shot")[0]["target"] == c
    assert (g.wounds(b), g.wounds(c)) == (0, 4)


def test_TRT_INFINITE_RANGE_out_of_view_a_shot_landing_on_no_base_is_lost():
    """The same shot scattered 4 K at 0°: (34, 20) holds no base: the shot is lost, no CH DEF is rolled."""
    g = far_shot(M(side="blue", x=30, y=24, facing=180.0, CON=9), angles=(0.0,))
    a, b, c = g.ids
    g.dice.push(3, 2, 2)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.all_dice_used() and g.events("shot_lost") and not g.events("hit")
    assert (g.wounds(b), g.wounds(c)) == (0, 0)


def test_TRT_INFINITE_RANGE_out_of_view_a_failed_CH_IMP_misses_without_scattering():
    """CH IMP 8 against 4 fails: a non-area attack that fails simply misses (ARE-8 ruling): no dispersion."""
    g = far_shot(M(side="blue", x=30, y=24, facing=180.0, CON=9))
    a, b, c = g.ids
    g.dice.push(8)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.all_dice_used() and g.events("miss") and not g.events("dispersion")


def test_TRT_INFINITE_RANGE_in_view_the_shot_does_not_scatter():
    """VOL 4: field of view 20 K: the target 19 K away is in it: the shot hits it as usual."""
    g = far_shot(VOL=4)
    a, b = g.ids
    g.dice.push(3, 9, 5)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.all_dice_used() and not g.events("dispersion") and g.wounds(b) == 4


def test_TRT_INFINITE_RANGE_a_target_behind_the_arc_in_line_of_sight_is_allowed():
    """A target 5 K behind the shooter (outside the 180° arc, within VOL × 5 K): allowed with the trait (it scatters,
    1 D10), refused (ENV-1) without."""
    from test_rules_areas import game
    for traits_, legal in (((), False), (("TRT-INFINITE-RANGE",), True)):
        g = game(M(x=10, y=20, VOL=3, weapons=(gun(*traits_, RNG=10),)), M(side="blue", x=4, y=20, CON=9),
                 angles=(90.0,))
        a, b = g.ids
        g.start_activation(a, energy=10)
        if not legal:
            assert violation(g.engine.check_action, a, "ranged_attack", {"target": b, "weapon": 0}).rule_id == "ENV-1"
            continue
        g.dice.push(3, 7)
        g.act(a, "ranged_attack", target=b, weapon=0)
        assert g.events("dispersion")[0]["dice"] == [7] and g.events("shot_lost")


def test_TRT_INFINITE_RANGE_out_of_view_an_area_scatters_even_when_its_CH_IMP_passes():
    """An R4 (radius 2 K) with Alcance infinito: the CH IMP 3 passes, yet outside the field of view the area scatters
    (2 D10: 1 + 1 = 2 K at 90°) to (30, 22): the target (its base 1.5 to 2.5 K from the centre) is partly covered
    (half DMG: 2)."""
    g = far_shot(area="R4", traits_=("TRT-INFINITE-RANGE",))
    a, b = g.ids
    g.dice.push(3, 1, 1, 9, 5)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.all_dice_used()
    disp = g.events("dispersion")[0]
    assert disp["rule"] == "TRT-INFINITE-RANGE" and disp["to"] == [30.0, 22.0]
    assert g.events("area_placed")[0]["affected"] == [{"who": b, "coverage": "partial"}] and g.wounds(b) == 2


def test_TRT_INFINITE_RANGE_costs_its_catalogue_price():
    assert price("TRT-INFINITE-RANGE") == 5


# --- Munición incendiaria -------------------------------------------------------------------------------------------
def burning_duel() -> Game:
    g = duel({"weapons": (gun("TRT-INCENDIARY-AMMO"),)})
    burning.install(g.world)                                      # as match.setup does
    return g


def test_TRT_INCENDIARY_AMMO_a_hit_sets_the_target_on_fire_even_without_wounds():
    """The CH DEF 1 is a critical (no wound): the target is burning all the same."""
    g = burning_duel()
    attack(g, 5, 1)
    assert g.gs.world.try_get(g.ids[1], Burning) == Burning(g.ids[0]) and g.wounds(g.ids[1]) == 0
    g = burning_duel()
    attack(g, 8)                                                  # a miss: no fire
    assert g.gs.world.try_get(g.ids[1], Burning) is None


@pytest.mark.parametrize("die, wounds", [(9, 1), (1, 0)])
def test_TRT_INCENDIARY_AMMO_a_DMG_1_hit_at_the_start_of_each_activation(die, wounds):
    """Burning, the target starts its activation: a hit of DMG 1 with a normal CH DEF (DEF 0: a 9 fails, 1 wound
    and its CH PSI; a 1 is a critical, none); hit again it still burns once: one hit per activation."""
    g = burning_duel()
    a, b = g.ids
    attack(g, 5, 1)
    attack(g, 5, 1)                                               # hit again: still burning once
    g.dice.push(die, *([5] if wounds else []))
    g.start_activation(b)
    assert [e["who"] for e in g.events("burning")] == [b] and g.wounds(b) == wounds and g.all_dice_used()


@pytest.mark.parametrize("die, out", [(5, True), (6, False)])
def test_TRT_INCENDIARY_AMMO_putting_the_fire_out_costs_ENE_3_and_a_CH_PSI(die, out):
    """Apagar el fuego: ENE 3 and a CH PSI (VOL 5): a 5 passes, the fire is out; a 6 fails (+1 stress), it burns."""
    g = burning_duel()
    a, b = g.ids
    attack(g, 5, 1)
    assert "put_out_fire" not in offered_actions(g.engine, a)
    g.dice.push(1)                                                # the burning hit's CH DEF: a critical
    g.start_activation(b, energy=10)
    assert g.engine.check_action(b, "put_out_fire", {}) == 3
    g.dice.push(die)
    g.act(b, "put_out_fire")
    assert (g.gs.world.try_get(b, Burning) is None) == out and g.energy(b) == 7 and g.stress(b) == (0 if out else 1)


def test_TRT_INCENDIARY_AMMO_costs_its_catalogue_price():
    assert price("TRT-INCENDIARY-AMMO") == 5


# --- Munición regenerativa ------------------------------------------------------------------------------------------
def regen_gun(rounds: int = 0, QUA: int = 4):
    return gun("TRT-REGENERATING-AMMO", "TRT-MAGAZINES", magazine=3, rounds=rounds, QUA=QUA)


@pytest.mark.parametrize("die, rounds, qua", [(4, 1, 4), (5, 0, 3)])
def test_TRT_REGENERATING_AMMO_a_round_back_for_ENE_1_and_a_CH_CAL(die, rounds, qua):
    """An empty magazine of 3, CAL 4: Regenerar munición costs ENE 1; CH CAL 4 passes: 1 round; 5 fails: CAL 3."""
    g = duel({"weapons": (regen_gun(),)})
    a = g.ids[0]
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "regenerate_round", {"weapon": 0}) == 1
    g.dice.push(die)
    g.act(a, "regenerate_round", weapon=0)
    w = g.gs.weapon(a, 0)
    assert (w.rounds, w.QUA) == (rounds, qua) and g.energy(a) == 9 and g.checks("QUA")[0]["target"] == 4


def test_TRT_REGENERATING_AMMO_not_on_a_full_magazine_and_needs_Cargadores():
    g = duel({"weapons": (regen_gun(rounds=3), gun())})
    a = g.ids[0]
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "regenerate_round", {"weapon": 0}).rule_id == "TRT-REGENERATING-AMMO"
    assert violation(g.engine.check_action, a, "regenerate_round", {"weapon": 1}).rule_id == "TRT-REGENERATING-AMMO"
    assert "TRT-MAGAZINES" in traits.fielding_problem("TRT-REGENERATING-AMMO", "weapon", {"TRT-REGENERATING-AMMO"})


def test_TRT_REGENERATING_AMMO_costs_its_catalogue_price():
    assert price("TRT-REGENERATING-AMMO") == 2


def _numeric_landing(g, a, b, who, steps: int = 7200) -> float:
    """P(a scatter from b's centre, ARE-9's dice over the a-b distance, lands in `who`'s base), by summing the dice
    exactly and the direction over `steps` evenly spaced angles (an independent check of the closed form)."""
    import math
    from itertools import product as dice_product
    from wartime.geometry.scatter import dispersion_dice
    gs = g.gs
    pb, pw = gs.pos(b), gs.pos(who)
    n = dispersion_dice(gs.distance(a, b))
    total = 0.0
    for roll in dice_product(range(1, 11), repeat=n):
        s = sum(roll)
        inside = sum(1 for k in range(steps)
                     if math.hypot(pb.x + s * math.cos(2 * math.pi * k / steps) - pw.x,
                                   pb.y + s * math.sin(2 * math.pi * k / steps) - pw.y) <= gs.body(who).radius)
        total += inside / steps / 10 ** n
    return total


def test_TRT_INFINITE_RANGE_odds_an_out_of_view_shot_never_lands_on_a_1K_base_target():
    """One D10 moves the point at least 1 K: a 1 K base (radius 0.5) is never hit: the odds say 0; in view (VOL 4)
    the same shot has its plain odds."""
    g = far_shot()
    a, b = g.ids
    odds = attack_odds(g.gs, a, b, weapon_index=0, ranged=True)
    assert odds.p_hit == 0 and odds.expected_wounds == 0
    assert attack_odds(g.gs, a, b, weapon_index=0, ranged=True, scatter=False).p_hit == Fraction(4, 10)
    g = far_shot(VOL=4)
    assert attack_odds(g.gs, g.ids[0], g.ids[1], weapon_index=0, ranged=True).p_hit == Fraction(4, 10)


def test_TRT_INFINITE_RANGE_odds_a_large_target_is_hit_when_the_scatter_stays_on_its_base():
    """A size-4 target (radius 2 K) 17.5 K away (2 D10): its base holds every point within 2 K of its centre: 2 D10 sum to
    2 only on (1, 1): P(land) = 1/100, so P(hit) = 4/10 × 1/100."""
    from test_rules_areas import game
    g = game(M(x=10, y=20, AGI=5, VOL=3, weapons=(gun("TRT-INFINITE-RANGE", RNG=10),)),
             M(side="blue", x=30, y=20, facing=180.0, CON=9, size=4.0))
    a, b = g.ids
    assert g.gs.body(b).radius == 2.0 and not g.gs.in_fov(a, b)
    odds = attack_odds(g.gs, a, b, weapon_index=0, ranged=True)
    plain = attack_odds(g.gs, a, b, weapon_index=0, ranged=True, scatter=False)
    assert abs(float(odds.p_hit) - float(plain.p_hit) / 100) < 1e-9
    assert abs(float(odds.expected_wounds) - float(plain.expected_wounds) / 100) < 1e-9


def test_TRT_INFINITE_RANGE_scattered_outcomes_price_the_minis_around_the_target():
    """Neighbours 4 K and 7 K from the target: the chance the scatter lands on each matches a direct sum over the dice
    and the directions; P(hit) there = P(CH IMP) 4/10 × that chance."""
    from wartime.rules.odds import scattered_outcomes
    from wartime.rules.scattered_shots import landing_odds
    g = far_shot(M(side="blue", x=30, y=24, facing=180.0, CON=9), M(side="red", x=37, y=20, CON=9))
    a, b, c, d = g.ids
    got = dict(landing_odds(g.gs, a, b))
    assert set(got) == {c, d}
    for who in (c, d):
        assert abs(got[who] - _numeric_landing(g, a, b, who)) < 2e-4
    outs = dict(scattered_outcomes(g.gs, a, b, weapon_index=0))
    assert abs(float(outs[c].p_hit) - 0.4 * got[c]) < 1e-6 and outs[c].expected_wounds > 0


def test_TRT_INFINITE_RANGE_an_out_of_view_area_is_priced_where_it_may_land():
    """An R10 (radius 5 K) aimed at the out-of-view target scatters 2 to 20 K: the value counts the landings that
    still catch it or the blue beside it (good > 0), and those that come down on the shooter itself (ARE-5: its own
    base is covered like anyone's; bad > 0); with a red ally beside the target instead of the blue, good drops and
    bad grows. The area always lands: P = 1."""
    from test_rules_areas import blue
    values = {}
    for other, side in ((blue(30, 23), "blue"), (M(x=30, y=23, CON=9), "red")):
        g = far_shot(other, area="R10")
        a, b, c = g.ids
        aim = areas.aim_at_target(g.gs, a, 0, g.gs.weapon(a, 0), b)
        assert aim.scatter == "TRT-INFINITE-RANGE"
        good, bad, p = areas.expected_area_value(g.gs, aim, a)
        assert p == 1.0 and good > 0 and bad > 0
        values[side] = (good, bad)
    assert values["red"][0] < values["blue"][0] and values["red"][1] > values["blue"][1]


def test_TRT_INFINITE_RANGE_the_core_shot_beyond_view_CBA_2_does_not_scatter():
    """CBA-2 (Ataque a distancia fuera del CdV: up to VOL × 7.5 K, CH IMP −1) is the core's own way past the field of
    view: taken with an Alcance infinito rifle, it does not scatter (only the trait's own permission does): VOL 3,
    the target 19 K away (≤ 22.5 K, within the rifle's RNG 20): CH IMP 5 − 1 (MOD-2) − 1 (CBA-2) = 3, die 3 hits
    it."""
    from test_rules_areas import game
    g = game(M(x=10, y=20, AGI=5, VOL=3, weapons=(gun("TRT-INFINITE-RANGE", RNG=20),)),
             M(side="blue", x=30, y=20, facing=180.0, CON=9), angles=(90.0,))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(3, 9, 5)
    g.act(a, "ranged_attack_beyond_view", target=b, weapon=0)
    assert g.all_dice_used() and not g.events("dispersion") and g.wounds(b) == 4
    assert g.check("IMP")["target"] == 3


def test_TRT_INFINITE_RANGE_machina_mors_fires_only_in_its_field_of_fire():
    """Machina mors' reaction shot is fired 'a todo en su CdT': an Alcance infinito machina weapon still refuses an
    actor outside the field of view (ENV-1) instead of scattering."""
    from wartime.rules.actions import REGISTRY
    assert REGISTRY["ranged_attack"].scatters_out_of_view and not REGISTRY["machina_mors"].scatters_out_of_view
    assert not REGISTRY["ranged_attack_beyond_view"].scatters_out_of_view


def test_TRT_INFINITE_RANGE_an_area_shot_beyond_view_by_CBA_2_does_not_scatter():
    """The same way past the field of view with an Alcance infinito launcher (RNG 20): its area is not made to
    scatter by the trait (a passed CH IMP lands where aimed, ARE-8)."""
    from test_rules_areas import area_weapon, game
    g = game(M(x=10, y=20, AGI=5, VOL=3, weapons=(area_weapon("R3", RNG=20, traits=("TRT-INFINITE-RANGE",)),)),
             M(side="blue", x=30, y=20, facing=180.0, CON=9), angles=(90.0,))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(3, 9, 5)
    g.act(a, "ranged_attack_beyond_view", target=b, weapon=0)
    assert g.all_dice_used() and not g.events("dispersion") and g.wounds(b) == 4
