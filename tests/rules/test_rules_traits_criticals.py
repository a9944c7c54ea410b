"""Criticals and the wound stage (CMB-4's order, traits notes G10), with scripted dice; the exact odds agree."""
from __future__ import annotations

from fractions import Fraction

from rules_helpers import Game, M, armour, blade, weapon
from wartime.core.components import Traits
from wartime.rules.odds import attack_odds


def shot(red_weapon=None, blue=None, red_traits=(), blue_traits=(), dice=(), melee=False) -> Game:
    b = dict(side="blue", x=11 if melee else 20, y=20, facing=180.0, CON=9)
    b.update(blue or {})
    g = Game(M(x=10, y=20, AGI=5, CON=5, weapons=(red_weapon or (blade() if melee else weapon(DMG=4)),)), M(**b))
    if red_traits:
        g.set(g.ids[0], Traits(tuple(red_traits)))
    if blue_traits:
        g.set(g.ids[1], Traits(tuple(blue_traits)))
    a, t = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(*dice)
    g.act(a, "melee_attack" if melee else "ranged_attack", target=t, weapon=0)
    assert g.all_dice_used()
    return g


def test_TRT_SNIPER_WEAPON_criticals_on_1_or_2():
    """TRT-SNIPER-WEAPON: a 2 is a critical (DMG 4 + 1); the odds count two critical faces."""
    g = shot(weapon(DMG=4, traits=("TRT-SNIPER-WEAPON",)), dice=(2, 5, 5))
    assert g.check("IMP")["critical"] and g.events("hit")[0]["dmg"] == 5
    a, b = g.ids
    assert attack_odds(g.gs, a, b, weapon_index=0, ranged=True).p_hit == Fraction(5, 10)


def test_TRT_TOOTHLESS_no_criticals_and_it_beats_the_sniper_range():
    """TRT-TOOTHLESS: a 1 is an ordinary pass (DMG 4, no +1); with Arma de francotirador too, a 2 is no
    critical either (G10: the prohibition wins)."""
    g = shot(red_traits=("TRT-TOOTHLESS",), dice=(1, 5, 5))
    assert not g.check("IMP")["critical"] and g.events("hit")[0]["dmg"] == 4
    s = shot(weapon(DMG=4, traits=("TRT-SNIPER-WEAPON",)), red_traits=("TRT-TOOTHLESS",), dice=(2, 5, 5))
    assert not s.check("IMP")["critical"]


def test_TRT_EXTRA_DAMAGE_DMG_plus_1_on_a_critical_only():
    assert shot(weapon(DMG=4, traits=("TRT-EXTRA-DAMAGE",)), dice=(1, 5, 5)).events("hit")[0]["dmg"] == 6
    assert shot(weapon(DMG=4, traits=("TRT-EXTRA-DAMAGE",)), dice=(3, 5, 5)).events("hit")[0]["dmg"] == 4


def test_TRT_SLAUGHTERER_melee_critical_DMG_plus_2_instead_of_plus_1():
    """TRT-SLAUGHTERER: blade DMG 3, CON 5: MOD-1 DMG 4; a melee critical makes it 6 (not 5); at range, 5."""
    assert shot(red_traits=("TRT-SLAUGHTERER",), dice=(1, 5, 5), melee=True).events("hit")[0]["dmg"] == 6
    assert shot(red_traits=("TRT-SLAUGHTERER",), dice=(1, 5, 5)).events("hit")[0]["dmg"] == 5


def test_TRT_ULTRA_PIERCING_AMMO_DEF_minus_5_on_a_critical():
    """TRT-ULTRA-PIERCING-AMMO: DEF 6 armour; a critical leaves DEF 1 (the CH DEF target is 1); a plain hit meets
    DEF 6 (die 2 passes: DMG 4 − 6 leaves no wounds)."""
    g = shot(weapon(DMG=4, traits=("TRT-ULTRA-PIERCING-AMMO",)), {"protections": (armour(6),)}, dice=(1, 1))
    assert g.check("DEF")["target"] == 1
    p = shot(weapon(DMG=4, traits=("TRT-ULTRA-PIERCING-AMMO",)), {"protections": (armour(6),)}, dice=(3, 2))
    assert p.check("DEF")["target"] == 6 and p.wounds(p.ids[1]) == 0


def test_TRT_LONG_LIFE_no_wounds_on_a_passed_CH_DEF():
    """TRT-LONG-LIFE: DEF 2, DMG 4: a passed CH DEF (die 2) leaves no wounds (not 2); a failed one (9) all 4."""
    g = shot(blue={"protections": (armour(2),)}, blue_traits=("TRT-LONG-LIFE",), dice=(5, 2))
    assert g.wounds(g.ids[1]) == 0
    f = shot(blue={"protections": (armour(2),)}, blue_traits=("TRT-LONG-LIFE",), dice=(5, 9, 5))
    assert f.wounds(f.ids[1]) == 4


def test_TRT_GREAT_BEAST_only_DMG_above_half_its_CON_wounds():
    """TRT-GREAT-BEAST: CON 9 (half 5, x.5 up): DMG 4 does nothing, DMG 6 wounds fully (failed CH DEF)."""
    g = shot(blue_traits=("TRT-GREAT-BEAST",), dice=(5, 9))
    assert g.wounds(g.ids[1]) == 0
    big = shot(weapon(DMG=6), blue_traits=("TRT-GREAT-BEAST",), dice=(5, 9, 5))
    assert big.wounds(big.ids[1]) == 6
    a, b = g.ids
    assert attack_odds(g.gs, a, b, weapon_index=0, ranged=True).expected_wounds < Fraction(1, 10)


def test_TRT_CAVALRY_charge_DMG_plus_2_instead_of_plus_1():
    """TRT-CAVALRY: after a charge the melee attack's DMG is MOD-1 4 + 2 = 6 (a charger without it: 5)."""
    for traits_, dmg in (((), 5), (("TRT-CAVALRY",), 6)):
        g = Game(M(x=10, y=20, AGI=5, CON=5, mov=4, weapons=(blade(),)), M(side="blue", x=16, y=20, facing=180.0,
                                                                         CON=9))
        a, b = g.ids
        if traits_:
            g.set(a, Traits(traits_))
        g.start_activation(a, energy=10)
        g.act(a, "charge", target=b, path=[[15, 20]])
        g.dice.push(5, 9, 5)
        g.act(a, "melee_attack", target=b, weapon=0)
        assert g.events("hit")[-1]["dmg"] == dmg
