"""Traits that change an attack's numbers (rules/traits/combat_numbers.py, the attack hook points of
traits.combat_terms), each set up with scripted dice and checked against its catalogue effect: CH IMP targets,
CH DEF targets, DEF subtracted, DMG in CMB-4's order (traits notes G4, G5, G10), and the exact odds agree."""
from __future__ import annotations

from rules_helpers import Game, M, armour, blade, weapon
from wartime.core.components import Traits
from wartime.rules.modifiers import character_mods
from wartime.rules.odds import attack_odds


def duel(red: dict | None = None, blue: dict | None = None, *, melee: bool = False, rolls=()) -> Game:
    """A red attacker at (10, 20) facing a blue target 9 K away (or in base contact for `melee`), CON 9, no DEF."""
    r = dict(x=10, y=20, AGI=5, CON=5, weapons=(blade(),) if melee else (weapon(DMG=4),))
    r.update(red or {})
    b = dict(side="blue", x=11 if melee else 20, y=20, facing=180.0, CON=9)
    b.update(blue or {})
    return Game(M(**r), M(**b), rolls=rolls)


def race(g: Game, e: int, *ids: str) -> None:
    g.set(e, Traits(tuple(ids)))


def attack(g: Game, *dice: int, key: str | None = None, weapon_index: int = 0) -> None:
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(*dice)
    melee = g.gs.in_contact(a, b)
    g.act(a, key or ("melee_attack" if melee else "ranged_attack"), target=b, weapon=weapon_index)
    assert g.all_dice_used()


def imp_target(g: Game) -> int:
    return g.check("IMP")["target"]


def hit_dmg(g: Game) -> int:
    return g.events("damage")[-1]["dmg"]


# --- plain ± CH ATR ---------------------------------------------------------------------------------------------
def _attr(trait: str, attribute: str) -> int:
    g = duel()
    race(g, g.ids[0], trait)
    return {m.rule: m.value for m in character_mods(g.gs, g.ids[0], attribute, "ATR")}.get(trait, 0)


def test_TRT_VERY_WEAK_CH_CON_minus_1():
    assert _attr("TRT-VERY-WEAK", "CON") == -1 and _attr("TRT-VERY-WEAK", "AGI") == 0


def test_TRT_VERY_DIM_CH_INT_minus_1():
    assert _attr("TRT-VERY-DIM", "INT") == -1 and _attr("TRT-VERY-DIM", "VOL") == 0


def test_TRT_VERY_CLUMSY_CH_AGI_minus_1_and_its_CH_IMP():
    """TRT-VERY-CLUMSY ruling: also the AGI-based CH IMP (5 − 1 = 4: die 5 misses)."""
    assert _attr("TRT-VERY-CLUMSY", "AGI") == -1
    g = duel()
    race(g, g.ids[0], "TRT-VERY-CLUMSY")
    attack(g, 5)
    assert imp_target(g) == 4 and g.events("miss")


def test_TRT_SHODDY_MAKE_CH_AGI_minus_1_and_its_CH_IMP():
    """TRT-SHODDY-MAKE on a race: CH AGI −1, the AGI-based CH IMP included (5 − 1 = 4: die 5 misses)."""
    assert _attr("TRT-SHODDY-MAKE", "AGI") == -1 and _attr("TRT-SHODDY-MAKE", "CON") == 0
    g = duel()
    race(g, g.ids[0], "TRT-SHODDY-MAKE")
    attack(g, 5)
    assert imp_target(g) == 4 and g.events("miss")


def test_TRT_BAD_OMEN_CH_ATR_minus_1_only_with_Hero():
    """TRT-BAD-OMEN ruling: with Héroe every CH ATR is −1; without it, no effect."""
    assert _attr("TRT-BAD-OMEN", "CON") == 0
    g = duel()
    race(g, g.ids[0], "TRT-BAD-OMEN", "TRT-HERO")
    for attribute in ("CON", "AGI", "INT", "VOL"):
        mods = {m.rule: m.value for m in character_mods(g.gs, g.ids[0], attribute, "ATR")}
        assert mods.get("TRT-BAD-OMEN") == -1


def test_TRT_PROFESSION_ACROBAT_CH_AGI_plus_1():
    assert _attr("TRT-PROFESSION-ACROBAT", "AGI") == 1


def test_TRT_PROFESSION_BARBARIAN_CH_CON_plus_1():
    assert _attr("TRT-PROFESSION-BARBARIAN", "CON") == 1


def test_TRT_PROFESSION_MAGE_CH_VOL_plus_1():
    assert _attr("TRT-PROFESSION-MAGE", "VOL") == 1 and _attr("TRT-PROFESSION-MAGE", "INT") == 0


def test_TRT_PROFESSION_SAGE_CH_INT_plus_1():
    assert _attr("TRT-PROFESSION-SAGE", "INT") == 1


# --- CH IMP ------------------------------------------------------------------------------------------------------
def test_TRT_COMPLICATED_WEAPON_CH_IMP_minus_1_with_it():
    g = duel({"weapons": (weapon(DMG=4, traits=("TRT-COMPLICATED-WEAPON",)),)})
    attack(g, 5)
    assert imp_target(g) == 4 and g.events("miss")


def test_TRT_TRACER_AMMO_CH_IMP_plus_2_at_range():
    g = duel({"weapons": (weapon(DMG=4, traits=("TRT-TRACER-AMMO",)),)})
    attack(g, 7, 5, 5)                                       # 7 ≤ 7 hits; CH DEF 5 fails (DEF 0); CH PSI 5
    assert imp_target(g) == 7 and hit_dmg(g) == 4


def test_TRT_CAMOUFLAGE_enemies_CH_IMP_minus_1_at_range_only():
    g = duel()
    race(g, g.ids[1], "TRT-CAMOUFLAGE")
    attack(g, 5)
    assert imp_target(g) == 4
    m = duel(melee=True)
    race(m, m.ids[1], "TRT-CAMOUFLAGE")
    attack(m, 6)
    assert imp_target(m) == 5


def test_TRT_HARD_TO_KILL_enemies_CH_IMP_minus_1():
    for melee in (False, True):
        g = duel(melee=melee)
        race(g, g.ids[1], "TRT-HARD-TO-KILL")
        attack(g, 6)
        assert imp_target(g) == 4


def test_TRT_GLOWING_enemies_CH_IMP_plus_1_at_range():
    g = duel()
    race(g, g.ids[1], "TRT-GLOWING")
    attack(g, 6, 5, 5)
    assert imp_target(g) == 6 and g.events("hit")


def test_TRT_SMALL_own_melee_minus_1_and_enemies_minus_1_against_it():
    g = duel(melee=True)
    race(g, g.ids[0], "TRT-SMALL")
    attack(g, 6)
    assert imp_target(g) == 4
    shot = duel()
    race(shot, shot.ids[0], "TRT-SMALL")                       # its own ranged attacks: no malus
    attack(shot, 6)
    assert imp_target(shot) == 5
    t = duel()
    race(t, t.ids[1], "TRT-SMALL")                             # enemies at range against it: −1
    attack(t, 6)
    assert imp_target(t) == 4


def test_TRT_PROFESSION_ARCHER_ranged_CH_IMP_plus_1():
    g = duel()
    race(g, g.ids[0], "TRT-PROFESSION-ARCHER")
    attack(g, 7)
    assert imp_target(g) == 6
    m = duel(melee=True)
    race(m, m.ids[0], "TRT-PROFESSION-ARCHER")
    attack(m, 7)
    assert imp_target(m) == 5


def test_TRT_PROFESSION_GLADIATOR_melee_CH_IMP_plus_1():
    m = duel(melee=True)
    race(m, m.ids[0], "TRT-PROFESSION-GLADIATOR")
    attack(m, 7)
    assert imp_target(m) == 6
    g = duel()
    race(g, g.ids[0], "TRT-PROFESSION-GLADIATOR")
    attack(g, 7)
    assert imp_target(g) == 5


def test_TRT_TWO_WEAPON_FIGHTING_plus_1_with_two_melee_weapons():
    two = duel({"weapons": (blade(), blade(key="blade2"))}, melee=True)
    race(two, two.ids[0], "TRT-TWO-WEAPON-FIGHTING")
    attack(two, 7)
    assert imp_target(two) == 6
    one = duel({"weapons": (blade(), weapon())}, melee=True)
    race(one, one.ids[0], "TRT-TWO-WEAPON-FIGHTING")
    attack(one, 7)
    assert imp_target(one) == 5


# --- melee CH IMP and DMG ----------------------------------------------------------------------------------------
def test_TRT_HATRED_melee_CH_IMP_plus_1_DMG_plus_1_and_twice_from_race_and_weapon():
    """TRT-HATRED: blade DMG 3, CON 5: MOD-1 DMG 4, +1 = 5 (CH DEF 5 fails against DEF 0); on the race and the
    weapon both, CH IMP +2 and DMG +2 (G10: each archetype's numbers add)."""
    g = duel(melee=True)
    race(g, g.ids[0], "TRT-HATRED")
    attack(g, 6, 5, 5)
    assert imp_target(g) == 6 and hit_dmg(g) == 5
    both = duel({"weapons": (blade(traits=("TRT-HATRED",)),)}, melee=True)
    race(both, both.ids[0], "TRT-HATRED")
    attack(both, 7, 5, 5)
    assert imp_target(both) == 7 and hit_dmg(both) == 6
    shot = duel()
    race(shot, shot.ids[0], "TRT-HATRED")
    attack(shot, 5, 5, 5)
    assert imp_target(shot) == 5 and hit_dmg(shot) == 4


def test_TRT_HATED_enemies_in_melee_plus_1_and_DMG_plus_1_against_it():
    g = duel(melee=True)
    race(g, g.ids[1], "TRT-HATED")
    attack(g, 6, 5, 5)
    assert imp_target(g) == 6 and hit_dmg(g) == 5


def test_TRT_FURY_melee_plus_1_plus_1_and_DEF_minus_1_while_engaged():
    """TRT-FURY: its melee CH IMP +1 and DMG +1; attacked in melee while engaged, DEF −1 (armour DEF 2 → 1: the
    CH DEF target 1 and the DEF subtracted 1)."""
    g = duel(melee=True)
    race(g, g.ids[0], "TRT-FURY")
    attack(g, 6, 5, 5)
    assert imp_target(g) == 6 and hit_dmg(g) == 5
    d = duel(blue={"protections": (armour(2),)}, melee=True)
    race(d, d.ids[1], "TRT-FURY")
    attack(d, 5, 1, 9, 5)       # CH DEF critical (CMB-7: an automatic DMG 1 hit back: its CH DEF 9, CH PSI 5)
    assert d.checks("DEF", who=d.ids[1])[0]["target"] == 1


# --- CH DEF and DEF ----------------------------------------------------------------------------------------------
def test_TRT_PROFESSION_KNIGHT_CH_DEF_plus_1_target_only():
    """TRT-PROFESSION-KNIGHT: DEF 2 armour: CH DEF target 3, die 3 passes and DMG 4 − DEF 2 = 2 wounds."""
    g = duel(blue={"protections": (armour(2),)})
    race(g, g.ids[1], "TRT-PROFESSION-KNIGHT")
    attack(g, 5, 3, 5)
    assert g.check("DEF")["target"] == 3 and g.wounds(g.ids[1]) == 2


def test_TRT_LORD_OF_CORROSION_targets_CH_DEF_minus_2_against_its_attacks():
    g = duel(blue={"protections": (armour(4),)})
    race(g, g.ids[0], "TRT-LORD-OF-CORROSION")
    attack(g, 5, 3, 5)                                       # target 4 − 2 = 2: die 3 fails → 4 wounds
    assert g.check("DEF")["target"] == 2 and g.wounds(g.ids[1]) == 4


def _def_after(trait: str, armour_def: int = 2, weapon_traits=()) -> tuple[int, int]:
    g = duel({"weapons": (weapon(DMG=4, traits=weapon_traits),)}, {"protections": (armour(armour_def),)})
    if trait:
        race(g, g.ids[1], trait)
    attack(g, 5, 2, 5)                                       # CH DEF die 2
    dmg = g.events("damage")[-1]
    return g.check("DEF")["target"], dmg["defense"]


def test_TRT_STEEL_PLATING_DEF_plus_1():
    assert _def_after("TRT-STEEL-PLATING") == (3, 3)


def test_TRT_TOUGH_DEF_plus_1_not_counted_for_overload():
    from wartime.rules.modifiers import overload_penalty
    g = duel(blue={"CON": 2, "protections": (armour(2),)})
    race(g, g.ids[1], "TRT-TOUGH")
    assert overload_penalty(g.gs, g.ids[1]) == 0
    assert _def_after("TRT-TOUGH") == (3, 3)


def test_TRT_SCRAWNY_DEF_minus_1_minimum_0():
    assert _def_after("TRT-SCRAWNY") == (1, 1)
    assert _def_after("TRT-SCRAWNY", armour_def=0)[1] == 0


def test_TRT_PIERCING_AMMO_target_DEF_minus_2():
    assert _def_after("", armour_def=3, weapon_traits=("TRT-PIERCING-AMMO",)) == (1, 1)


# --- DMG ---------------------------------------------------------------------------------------------------------
def _dmg(red=None, blue=None, red_traits=(), blue_traits=(), dice=(5, 5, 5), melee=False) -> int:
    g = duel(red, blue, melee=melee)
    if red_traits:
        race(g, g.ids[0], *red_traits)
    if blue_traits:
        race(g, g.ids[1], *blue_traits)
    attack(g, *dice)
    return hit_dmg(g)


def test_TRT_IMPACT_ABSORPTION_DMG_minus_1_and_the_CMB_4_worked_example():
    """TRT-IMPACT-ABSORPTION; CMB-4's test: DMG 4 with a critical against Absorción de impacto and Blandito:
    (4 + 1 − 1) × 2 = 8."""
    assert _dmg(blue_traits=("TRT-IMPACT-ABSORPTION",)) == 3
    assert _dmg(blue_traits=("TRT-IMPACT-ABSORPTION", "TRT-SOFTIE"), dice=(1, 5, 5)) == 8


def test_TRT_SOFTIE_suffers_double_damage():
    assert _dmg(blue_traits=("TRT-SOFTIE",)) == 8


def test_TRT_BLUNT_EDGE_DMG_minus_1_minimum_1():
    assert _dmg({"weapons": (weapon(DMG=4, traits=("TRT-BLUNT-EDGE",)),)}) == 3
    assert _dmg({"weapons": (weapon(DMG=1, traits=("TRT-BLUNT-EDGE",)),)}) == 1


def test_TRT_REINFORCED_AMMO_DMG_plus_1_at_range():
    assert _dmg({"weapons": (weapon(DMG=4, traits=("TRT-REINFORCED-AMMO",)),)}) == 5


def test_TRT_UNDEAD_SLAYER_DMG_plus_2_against_the_non_living():
    assert _dmg(red_traits=("TRT-UNDEAD-SLAYER",), blue_traits=("TRT-NON-LIVING",)) == 6
    assert _dmg(red_traits=("TRT-UNDEAD-SLAYER",)) == 4


def test_TRT_BLESSED_AMMO_DMG_plus_2_against_INT_6_or_more():
    gun = (weapon(DMG=4, traits=("TRT-BLESSED-AMMO",)),)
    assert _dmg({"weapons": gun}, {"INT": 6}) == 6 and _dmg({"weapons": gun}, {"INT": 5}) == 4


def test_TRT_PULSE_AMMO_DMG_minus_2_against_anything_not_vulnerable():
    assert _dmg({"weapons": (weapon(DMG=4, traits=("TRT-PULSE-AMMO",)),)}) == 2
    assert _dmg({"weapons": (weapon(DMG=2, traits=("TRT-PULSE-AMMO",)),)}) == 1


def test_TRT_LORD_OF_LACERATION_enemies_DMG_minus_2_against_it():
    assert _dmg(blue_traits=("TRT-LORD-OF-LACERATION",)) == 2


def test_TRT_NO_DAMAGE_inflicts_no_wounds():
    g = duel({"weapons": (weapon(DMG=4, traits=("TRT-NO-DAMAGE",)),)})
    attack(g, 5, 5)
    assert hit_dmg(g) == 0 and g.wounds(g.ids[1]) == 0


def test_TRT_combat_terms_the_exact_odds_use_them():
    """The exact odds (rules/odds.py) read the same terms: Blandito doubles the expected wounds of a DEF 0 target
    whose CH DEF only passes on a 1 (critical: 0 wounds), Camuflaje lowers the CH IMP target."""
    g = duel()
    a, b = g.ids
    plain = attack_odds(g.gs, a, b, weapon_index=0, ranged=True)
    race(g, b, "TRT-SOFTIE")
    soft = attack_odds(g.gs, a, b, weapon_index=0, ranged=True)
    assert soft.imp_target == plain.imp_target and soft.expected_wounds == 2 * plain.expected_wounds
    race(g, b, "TRT-CAMOUFLAGE")
    assert attack_odds(g.gs, a, b, weapon_index=0, ranged=True).imp_target == plain.imp_target - 1


def test_TRT_LORD_OF_MEDUSA_enemies_CH_IMP_minus_2_against_it():
    """TRT-LORD-OF-MEDUSA: the attacker's AGI-based CH IMP 5 − 2 = 3: die 4 misses (at range and in melee)."""
    for melee in (False, True):
        g = duel(melee=melee)
        race(g, g.ids[1], "TRT-LORD-OF-MEDUSA")
        attack(g, 4)
        assert imp_target(g) == 3 and g.events("miss")


def test_TRT_VITAL_ENERGY_melee_DMG_plus_its_wounds():
    """TRT-VITAL-ENERGY: with 2 wounds on it, its melee DMG is 2 more than without the trait; none at range nor
    with no wounds."""
    base = _dmg({"wounds": 2}, dice=(1, 5, 5), melee=True)
    assert _dmg({"wounds": 2}, red_traits=("TRT-VITAL-ENERGY",), dice=(1, 5, 5), melee=True) == base + 2
    assert _dmg(red_traits=("TRT-VITAL-ENERGY",), melee=True) == _dmg(melee=True)
    assert _dmg({"wounds": 2}, red_traits=("TRT-VITAL-ENERGY",), dice=(1, 5, 5)) == _dmg({"wounds": 2},
                                                                                        dice=(1, 5, 5))


def test_TRT_EXPERIMENTAL_AMMO_DMG_plus_3_within_half_its_RNG():
    """TRT-EXPERIMENTAL-AMMO: RNG 40, target 9 K away (≤ 20): DMG 4 + 3 = 7; RNG 16 (half 8 < 9 K): DMG 4."""
    assert _dmg({"weapons": (weapon(DMG=4, traits=("TRT-EXPERIMENTAL-AMMO",)),)}) == 7
    assert _dmg({"weapons": (weapon(DMG=4, RNG=16, traits=("TRT-EXPERIMENTAL-AMMO",)),)}) == 4


def test_TRT_CONSUMMATE_FIGHTER_no_numerical_superiority_bonus_against_it():
    """TRT-CONSUMMATE-FIGHTER: in a 3-against-1 melee MOD-5's +1 is cancelled against it (net 0); one on the
    attackers' side changes nothing for them."""
    g = Game(M(x=19, y=20, weapons=(blade(),)), M(side="blue", x=20, y=20, CON=9, facing=180.0,
                                                    weapons=(blade(),)),
             M(x=21, y=20, weapons=(blade(),)), M(x=20, y=19, weapons=(blade(),)))
    r1, b, r2, r3 = g.ids
    race(g, b, "TRT-CONSUMMATE-FIGHTER")
    g.start_activation(r1, energy=10)
    g.dice.push(9)
    g.act(r1, "melee_attack", target=b, weapon=0)
    mods = g.mods(g.checks("IMP")[-1])
    assert mods == {"MOD-5": 1, "TRT-CONSUMMATE-FIGHTER": -1} and sum(mods.values()) == 0
    h = Game(M(x=19, y=20, weapons=(blade(),)), M(side="blue", x=20, y=20, CON=9, facing=180.0),
             M(x=21, y=20, weapons=(blade(),)), M(x=20, y=19, weapons=(blade(),)))
    race(h, h.ids[0], "TRT-CONSUMMATE-FIGHTER")
    h.start_activation(h.ids[0], energy=10)
    h.dice.push(9)
    h.act(h.ids[0], "melee_attack", target=h.ids[1], weapon=0)
    assert h.mods(h.checks("IMP")[-1]) == {"MOD-5": 1}
