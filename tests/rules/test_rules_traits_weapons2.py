"""More weapon and protection traits through the trait registry (issue 12, points 1 and 5), and the exact odds of
an attack counting the target's protections as resolution does: energy shields (halved by Munición magnética),
Sombra behind cover and Escudo coriáceo levels (rules/odds.py against rules.combat.resolve_hit)."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from rules_helpers import Game
from test_rules_areas import blue, fire, game, shooter
from test_rules_traits_combat import attack, duel, race
from test_rules_traits_protection import prot, worn
from test_rules_traits_weapons import gun, odds, price
from wartime.rules import traits
from wartime.rules.combat import Cover, resolve_hit
from wartime.rules.odds import attack_odds


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
