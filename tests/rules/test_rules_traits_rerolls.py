"""Rerolls (traits notes G2) and checks that always pass (G10): the Élite traits, De precisión and the Reyes, each
with scripted dice; the exact odds read them too."""
from __future__ import annotations

from fractions import Fraction

from rules_helpers import Game, M, armour, weapon
from wartime.core.components import Traits
from wartime.rules.modifiers import roll_character_check
from wartime.rules.odds import attack_odds, die_outcomes, p_pass


def one(trait: str = "", rolls=(), **m) -> Game:
    m.setdefault("weapons", (weapon(DMG=4),))
    g = Game(M(x=10, y=20, CON=5, AGI=5, INT=5, VOL=5, **m),
             M(side="blue", x=20, y=20, facing=180.0, CON=9), rolls=rolls)
    if trait:
        g.set(g.ids[0], Traits((trait,)))
    return g


def check(g: Game, attribute: str, kind: str = "ATR"):
    return roll_character_check(g.gs, None, g.ids[0], kind, attribute, "CHK-3", "test")


def _rerolls(trait: str, attribute: str, other: str) -> None:
    g = one(trait, rolls=[9, 3, 9])
    r = check(g, attribute)
    assert r.passed and r.die == 3 and g.checks()[-1]["reroll"] == trait
    assert not check(g, other).passed and g.all_dice_used()


def test_TRT_ELITE_BEAST_rerolls_CON_checks():
    _rerolls("TRT-ELITE-BEAST", "CON", "INT")


def test_TRT_ELITE_COMBAT_rerolls_AGI_checks_and_its_CH_IMP():
    _rerolls("TRT-ELITE-COMBAT", "AGI", "VOL")
    g = one("TRT-ELITE-COMBAT")
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(8, 4, 5, 5)                                   # CH IMP 8 fails, reroll 4 hits; CH DEF 5; CH PSI 5
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert [c["die"] for c in g.checks("IMP")] == [8, 4] and g.events("hit") and g.all_dice_used()


def test_TRT_ELITE_SCHOLAR_rerolls_INT_checks():
    _rerolls("TRT-ELITE-SCHOLAR", "INT", "CON")


def test_TRT_ELITE_BRAVE_rerolls_VOL_checks():
    _rerolls("TRT-ELITE-BRAVE", "VOL", "AGI")


def test_TRT_ELITE_ULTRA_rerolls_any_attribute_check_once():
    """TRT-ELITE-ULTRA: CON, AGI, INT, VOL; a reroll cannot be rerolled (9, 9: failed)."""
    for attribute in ("CON", "AGI", "INT", "VOL"):
        g = one("TRT-ELITE-ULTRA", rolls=[9, 2])
        assert check(g, attribute).passed
    g = one("TRT-ELITE-ULTRA", rolls=[9, 9])
    assert not check(g, "CON").passed and g.all_dice_used()


def test_TRT_ELITE_ARMOURED_rerolls_the_CH_DEF():
    """TRT-ELITE-ARMOURED: DEF 3: CH DEF 8 fails, the reroll 2 passes: DMG 4 − 3 = 1 wound."""
    g = Game(M(x=10, y=20, weapons=(weapon(DMG=4),)),
             M(side="blue", x=20, y=20, facing=180.0, CON=9, protections=(armour(3),)))
    a, b = g.ids
    g.set(b, Traits(("TRT-ELITE-ARMOURED",)))
    g.start_activation(a, energy=10)
    g.dice.push(5, 8, 2, 5)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert [c["die"] for c in g.checks("DEF")] == [8, 2] and g.wounds(b) == 1 and g.all_dice_used()


def test_TRT_PRECISION_rerolls_a_failed_CH_IMP_with_it_but_not_a_fumble():
    g = one(weapons=(weapon(DMG=4, traits=("TRT-PRECISION",)),))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(8, 3, 5, 5)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert [c["die"] for c in g.checks("IMP")] == [8, 3] and g.events("hit")
    f = one(weapons=(weapon(DMG=4, traits=("TRT-PRECISION",)),))
    a2, b2 = f.ids
    f.start_activation(a2, energy=10)
    f.dice.push(10, 9, 5)                                     # a fumble stands: CMB-8 hits the shooter (CH DEF 9)
    f.act(a2, "ranged_attack", target=b2, weapon=0)
    assert [c["die"] for c in f.checks("IMP")] == [10] and f.events("hit_fumble")


def _always(trait: str, attribute: str, kind: str = "ATR") -> None:
    g = one(trait, rolls=[10, 10])
    r = check(g, attribute, kind)
    assert r.passed and not r.fumble and g.checks()[-1]["always_pass"] == trait
    assert not check(g, "CON" if attribute != "CON" else "AGI").passed


def test_TRT_DRAGON_KING_always_passes_CH_VOL_even_a_CH_LOC_on_a_10():
    _always("TRT-DRAGON-KING", "VOL", "LOC")


def test_TRT_SORCERER_KING_always_passes_CH_INT():
    _always("TRT-SORCERER-KING", "INT")


def test_TRT_MONKEY_KING_always_passes_CH_AGI_and_never_misses():
    _always("TRT-MONKEY-KING", "AGI")
    g = one("TRT-MONKEY-KING")
    a, b = g.ids
    assert attack_odds(g.gs, a, b, weapon_index=0, ranged=True).p_hit == 1


def test_TRT_TITAN_KING_always_passes_CH_CON():
    _always("TRT-TITAN-KING", "CON")


def test_TRT_IMMORTAL_KING_always_passes_CH_DEF_and_still_takes_DMG_minus_DEF():
    g = Game(M(x=10, y=20, weapons=(weapon(DMG=4),)),
             M(side="blue", x=20, y=20, facing=180.0, CON=9, protections=(armour(1),)))
    a, b = g.ids
    g.set(b, Traits(("TRT-IMMORTAL-KING",)))
    g.start_activation(a, energy=10)
    g.dice.push(5, 10, 5)
    g.act(a, "ranged_attack", target=b, weapon=0)
    d = g.check("DEF")
    assert d["passed"] and not d["fumble"] and g.wounds(b) == 3


def test_G2_rerolls_in_the_exact_odds():
    """The odds of a rerolled check: P(pass) = p + (1 − p) p for 'any' (p = 1/2: 3/4); 'nofumble' leaves the
    10 standing (4 failing faces rerolled: 1/2 + 4/10 × 1/2 = 7/10)."""
    p = p_pass(5)
    assert sum(w for _, w, passed, _, _ in die_outcomes(5, reroll="any") if passed) == p + (1 - p) * p
    assert sum(w for _, w, passed, _, _ in die_outcomes(5, reroll="nofumble") if passed) == Fraction(7, 10)
    assert sum(w for _, w, *_ in die_outcomes(5, reroll="any")) == 1
