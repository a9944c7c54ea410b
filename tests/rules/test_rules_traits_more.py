"""More traits of the catalogue played through the trait registry (issue 12 point 1), each set up with scripted
dice and checked against its catalogue effect and ruling, and priced at its catalogue cost."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules_helpers import Game, M, armour, blade, piece, weapon
from test_rules_traits_combat import attack, duel, hit_dmg, race
from wartime.core.components import Life, Position, Traits, Wounds
from wartime.core.errors import RuleViolation
from wartime.data.loader import priced_trait
from wartime.rules.modifiers import roll_character_check
from wartime.rules.odds import attack_odds, die_outcomes


def price(trait: str, kind: str) -> int:
    return priced_trait(trait, kind, "test", "traits").points


def own_check(g: Game, attribute: str, kind: str = "ATR"):
    return roll_character_check(g.gs, None, g.ids[0], kind, attribute, "CHK-3", "test")


# --- Entrenado para matar / para vivir: reroll a fumble ------------------------------------------------------
def test_TRT_TRAINED_TO_KILL_rerolls_a_fumbled_CH_IMP_before_its_effects():
    """CH IMP 10 is rerolled (4 hits): no CMB-8 self-hit, no weapon wound; DEF 0: CH DEF 5 fails, 4 wounds."""
    g = duel()
    race(g, g.ids[0], "TRT-TRAINED-TO-KILL")
    attack(g, 10, 4, 5, 5)
    a, b = g.ids
    assert [c["die"] for c in g.checks("IMP")] == [10, 4]
    assert g.checks("IMP")[-1]["reroll"] == "TRT-TRAINED-TO-KILL"
    assert not g.events("hit_fumble") and g.wounds(b) == 4 and g.wounds(a) == 0


def test_TRT_TRAINED_TO_KILL_does_not_reroll_a_plain_miss_and_a_second_fumble_stands():
    g = duel()
    race(g, g.ids[0], "TRT-TRAINED-TO-KILL")
    attack(g, 8)
    assert [c["die"] for c in g.checks("IMP")] == [8] and g.events("miss")
    g = duel()
    race(g, g.ids[0], "TRT-TRAINED-TO-KILL")
    attack(g, 10, 10, 5, 5)                                  # fumble, reroll fumbles: CMB-8 self-hit (CH DEF 5)
    assert [c["die"] for c in g.checks("IMP")] == [10, 10] and g.events("hit_fumble")


def test_TRT_TRAINED_TO_KILL_in_the_odds():
    """Exact odds: target 5, P(hit) = 5/10 + (1/10 fumble) × 5/10 = 55/100."""
    g = duel()
    race(g, g.ids[0], "TRT-TRAINED-TO-KILL")
    assert attack_odds(g.gs, *g.ids, weapon_index=0, ranged=True).p_hit == Fraction(55, 100)
    assert sum(p for _, p, passed, _, _ in die_outcomes(5, reroll="fumble") if passed) == Fraction(55, 100)


def test_TRT_TRAINED_TO_LIVE_rerolls_a_fumbled_CH_DEF_before_its_effects():
    """DEF 3: CH DEF 10 is rerolled (2 passes): no CMB-9 DMG +1, no protection wound; 4 − 3 = 1 wound."""
    g = duel(blue={"protections": (armour(3),)})
    race(g, g.ids[1], "TRT-TRAINED-TO-LIVE")
    attack(g, 5, 10, 2, 5)
    b = g.ids[1]
    assert [c["die"] for c in g.checks("DEF")] == [10, 2] and g.checks("DEF")[-1]["reroll"] == "TRT-TRAINED-TO-LIVE"
    assert not g.events("defence_fumble") and g.wounds(b) == 1


def test_TRT_TRAINED_TO_LIVE_does_not_reroll_a_plain_failure():
    g = duel(blue={"protections": (armour(3),)})
    race(g, g.ids[1], "TRT-TRAINED-TO-LIVE")
    attack(g, 5, 8, 5)                                       # CH DEF 8 fails: DMG 4 wounds, CH PSI 5
    assert [c["die"] for c in g.checks("DEF")] == [8] and g.wounds(g.ids[1]) == 4


# --- the Dioses: every check of one attribute a critical success --------------------------------------------
def _god(trait: str, attribute: str, other: str) -> None:
    """A 10 on a check of its attribute is a critical success; another attribute's 10 still fumbles."""
    g = duel()
    race(g, g.ids[0], trait)
    g.dice.push(10, 10)
    r = own_check(g, attribute)
    assert r.passed and r.critical and not r.fumble and g.checks()[-1]["always_critical"] == trait
    r = own_check(g, other)
    assert not r.passed and r.fumble and g.all_dice_used()


def test_TRT_GOD_OF_ROCK_every_CH_CON_is_a_critical():
    _god("TRT-GOD-OF-ROCK", "CON", "AGI")


def test_TRT_GOD_OF_WATER_every_CH_INT_is_a_critical():
    _god("TRT-GOD-OF-WATER", "INT", "CON")


def test_TRT_GOD_OF_FIRE_every_CH_VOL_is_a_critical_its_CH_PSI_too():
    _god("TRT-GOD-OF-FIRE", "VOL", "INT")
    g = duel()
    race(g, g.ids[0], "TRT-GOD-OF-FIRE")
    g.dice.push(10)
    assert own_check(g, "VOL", "PSI").critical


def test_TRT_GOD_OF_WIND_every_CH_AGI_is_a_critical():
    _god("TRT-GOD-OF-WIND", "AGI", "VOL")


def test_TRT_GOD_OF_WIND_its_CH_IMP_is_a_critical_hit():
    """CH IMP 9 (target 5) is a critical: DMG 4 + 1 (CMB-6); CH DEF 5 fails (DEF 0): 5 wounds; the odds agree."""
    g = duel()
    race(g, g.ids[0], "TRT-GOD-OF-WIND")
    a, b = g.ids
    assert attack_odds(g.gs, a, b, weapon_index=0, ranged=True).p_hit == 1
    attack(g, 9, 5, 5)
    assert g.check("IMP")["critical"] and hit_dmg(g) == 5 and g.wounds(b) == 5


def test_TRT_GOD_OF_STEEL_its_CH_DEF_is_a_critical():
    """CH DEF 10 is a critical (CMB-7): 0 wounds; in melee a DMG 1 riposte on the attacker. Odds: 0 wounds."""
    g = duel(melee=True)
    race(g, g.ids[1], "TRT-GOD-OF-STEEL")
    a, b = g.ids
    assert attack_odds(g.gs, a, b, weapon_index=0, ranged=False).expected_wounds == 0
    attack(g, 5, 10, 5, 5)                                   # hit; CH DEF 10 critical; riposte: CH DEF 5, CH PSI 5
    assert g.wounds(b) == 0 and g.events("defence_critical") and g.events("automatic_hit", who=a) and g.wounds(a) == 1


@pytest.mark.parametrize("trait, kind, points", [
    ("TRT-TRAINED-TO-KILL", "race", 5), ("TRT-TRAINED-TO-LIVE", "race", 5), ("TRT-GOD-OF-ROCK", "race", 60),
    ("TRT-GOD-OF-STEEL", "race", 60), ("TRT-GOD-OF-WATER", "race", 60), ("TRT-GOD-OF-FIRE", "race", 60),
    ("TRT-GOD-OF-WIND", "race", 60)])
def test_TRT_rerolls_and_gods_cost_their_catalogue_price(trait, kind, points):
    assert price(trait, kind) == points


# --- the turn, the activation, the initiative and the field of view -----------------------------------------
def test_TRT_AWAKENING_its_VOL_is_the_turn_number_capped_at_10():
    """Each turn its base VOL becomes the turn's number: turn 2 → VOL 2 (FOV 10 K, stress threshold 2); others
    keep theirs; turn 12 → VOL 10."""
    g = Game(M(x=10, y=20, VOL=6), M(side="blue", x=30, y=20, VOL=6), turn_limit=20)
    a, b = g.ids
    race(g, a, "TRT-AWAKENING")
    g.next_turn()
    assert g.gs.base_attrs(a).VOL == 2 and g.gs.attrs(a).VOL == 2 and g.gs.fov_range(a) == 10
    assert g.gs.base_attrs(b).VOL == 6
    assert g.events("attribute", who=a)[-1]["rule"] == "TRT-AWAKENING"
    for _ in range(10):
        g.next_turn()
    assert g.engine.flow.turn == 12 and g.gs.base_attrs(a).VOL == 10


def test_TRT_TERMINALLY_ILL_takes_a_wound_after_each_activation_without_checks():
    g = Game(M(x=10, y=20, CON=5), M(side="blue", x=30, y=20))
    a, _ = g.ids
    race(g, a, "TRT-TERMINALLY-ILL")
    g.start_activation(a, energy=10)
    assert g.wounds(a) == 0
    g.act(a, "end")
    assert g.wounds(a) == 1 and g.events("wounds", who=a)[-1]["rule"] == "TRT-TERMINALLY-ILL"
    assert not g.checks() and g.all_dice_used()                  # no CH DEF, no CH PSI


def test_TRT_SOUL_EATER_removes_one_own_wound_on_a_melee_kill_only():
    """Blade DMG 3 + CON 5 − 4 − 1 wound = 3; the target (CON 2, 1 wound) fails CH DEF 5 (DEF 0): 3 wounds,
    dead (WND-3); the Devora almas heals 1 of its 1 wound. A ranged kill heals nothing."""
    for melee in (True, False):
        g = duel(blue={"CON": 2}, melee=melee)
        a, b = g.ids
        race(g, a, "TRT-SOUL-EATER")
        g.set(a, Wounds(1))
        g.set(b, Wounds(1))
        attack(g, 5, 5)
        assert g.gs.world.get(b, Life).state == "dead"
        assert g.wounds(a) == (0 if melee else 1)
        assert bool(g.events("healed", who=a, rule="TRT-SOUL-EATER")) == melee


def test_TRT_SOUL_EATER_an_incapacitating_hit_is_no_kill():
    """CON 3, 1 wound: blade DMG 2 → 3 wounds = CON: incapacitated (WND-2), not killed: no healing."""
    g = duel(blue={"CON": 3}, melee=True)
    a, b = g.ids
    race(g, a, "TRT-SOUL-EATER")
    g.set(a, Wounds(2))
    g.set(b, Wounds(1))
    attack(g, 5, 5)
    assert g.gs.world.get(b, Life).state == "incapacitated" and g.wounds(a) == 2


def test_TRT_SCOUT_plus_1_to_the_initiative_roll_it_makes():
    """Red rolls with its scout: 5 + VOL 5 + 1 = 11; blue rolls 5 + VOL 5 = 10: red has the initiative."""
    g = Game(M(side="red", VOL=5, x=5, y=5), M(side="blue", VOL=5, x=30, y=30), rolls=[5, 5])
    a, _ = g.ids
    race(g, a, "TRT-SCOUT")
    g.begin()
    rolls = g.events("initiative_roll")
    assert [(r["side"], r["total"]) for r in rolls] == [("red", 11), ("blue", 10)]
    assert rolls[0]["traits"] == {"TRT-SCOUT": 1} and g.engine.flow.order == ("red", "blue")


def test_TRT_SHORT_SIGHTED_FOV_range_minus_5_K_minimum_0():
    """VOL 4: 20 − 5 = 15 K: an enemy 18 K ahead is out of its field of view; VOL 1: 0 K."""
    g = Game(M(x=10, y=20, VOL=4), M(side="blue", x=28, y=20, facing=180.0, VOL=4))
    a, b = g.ids
    assert g.gs.fov_range(a) == 20 and g.gs.in_fov(a, b)
    race(g, a, "TRT-SHORT-SIGHTED")
    assert g.gs.fov_range(a) == 15 and not g.gs.in_fov(a, b) and g.gs.in_fov(b, a)
    g = Game(M(x=10, y=20, VOL=1), M(side="blue", x=28, y=20, facing=180.0))
    race(g, g.ids[0], "TRT-SHORT-SIGHTED")
    assert g.gs.fov_range(g.ids[0]) == 0


@pytest.mark.parametrize("trait, points", [("TRT-AWAKENING", 5), ("TRT-TERMINALLY-ILL", -10),
                                           ("TRT-SOUL-EATER", 8), ("TRT-SCOUT", 2), ("TRT-SHORT-SIGHTED", -5)])
def test_TRT_lifecycle_traits_cost_their_catalogue_price(trait, points):
    assert price(trait, "race") == points


# --- weapons: Arma pesada, Afilada, Acobardamiento --------------------------------------------------------------
def test_TRT_HEAVY_WEAPON_needs_base_CON_above_its_DMG():
    """DMG 4: CON 4 may not attack with it (refused naming the trait), CON 5 may (base CON, strictly greater)."""
    for con, legal in ((4, False), (5, True)):
        g = duel({"CON": con, "weapons": (weapon(DMG=4, traits=("TRT-HEAVY-WEAPON",)),)})
        a, b = g.ids
        g.start_activation(a, energy=10)
        if legal:
            assert g.engine.check_action(a, "ranged_attack", {"target": b, "weapon": 0}) == 2
        else:
            with pytest.raises(RuleViolation) as exc:
                g.engine.check_action(a, "ranged_attack", {"target": b, "weapon": 0})
            assert exc.value.rule_id == "TRT-HEAVY-WEAPON"


def test_TRT_SHARP_melee_DMG_plus_1():
    """Blade DMG 3 + CON 5 − 4 = 4, Afilada +1 = 5 (CH DEF 5 fails, DEF 0: 5 wounds)."""
    g = duel({"weapons": (blade(traits=("TRT-SHARP",)),)}, melee=True)
    attack(g, 5, 5, 5)
    assert hit_dmg(g) == 5 and g.wounds(g.ids[1]) == 5


def test_TRT_SHARP_no_bonus_at_range():
    g = duel({"weapons": (weapon(DMG=4, traits=("TRT-SHARP",)),)})
    attack(g, 5, 5, 5)
    assert hit_dmg(g) == 4


def test_TRT_SHARP_is_lost_for_the_game_on_a_fumbled_hit_check_with_it():
    """CH IMP 10 (CMB-8: self-hit CH DEF 5 fails, 1 wound, CH PSI 5): the blade is no longer sharp; the next
    attack: blade DMG 3 − 1 wound + CON 5 − 4 − 1 wound = 2, no +1."""
    g = duel({"weapons": (blade(traits=("TRT-SHARP",)),)}, melee=True)
    a, b = g.ids
    attack(g, 10, 5, 5)
    assert g.gs.weapon(a, 0).traits == () and g.gs.weapon(a, 0).wounds == 1
    g.gs.set_activation(a, acted=False, started=False)
    attack(g, 5, 5, 5)
    assert hit_dmg(g) == 2


def test_TRT_SHARP_kept_when_TRT_TRAINED_TO_KILL_rerolls_the_fumble():
    g = duel({"weapons": (blade(traits=("TRT-SHARP",)),)}, melee=True)
    race(g, g.ids[0], "TRT-TRAINED-TO-KILL")
    attack(g, 10, 4, 5, 5)
    assert g.gs.weapon(g.ids[0], 0).traits == ("TRT-SHARP",) and hit_dmg(g) == 5


def test_TRT_COWING_a_hit_without_wounds_still_makes_the_target_take_a_CH_PSI():
    """DEF 5 against DMG 4: CH DEF 3 passes, 0 wounds; Acobardamiento: CH PSI (die 5); without it, none."""
    for cowing in (True, False):
        g = duel({"weapons": (weapon(DMG=4, traits=("TRT-COWING",) if cowing else ()),)},
                 {"protections": (armour(5),)})
        attack(g, *((5, 3, 5) if cowing else (5, 3)))
        assert g.wounds(g.ids[1]) == 0
        assert [c["rule"] for c in g.checks("PSI")] == (["TRT-COWING"] if cowing else [])


def test_TRT_COWING_a_wounding_hit_makes_only_one_CH_PSI():
    g = duel({"weapons": (weapon(DMG=4, traits=("TRT-COWING",)),)})
    attack(g, 5, 8, 5)                                       # CH DEF 8 fails: 4 wounds; CMB-5 CH PSI only
    assert g.wounds(g.ids[1]) == 4 and [c["rule"] for c in g.checks("PSI")] == ["CMB-5"]


def test_TRT_HARMFUL_each_use_gives_its_user_a_wound_without_checks():
    """A missed shot (CH IMP 8) is still a use: the shooter takes 1 wound (no CH DEF, no CH PSI); a hit too."""
    g = duel({"weapons": (weapon(DMG=4, traits=("TRT-HARMFUL",)),)})
    a, b = g.ids
    attack(g, 8)
    assert g.wounds(a) == 1 and g.events("wounds", who=a)[-1]["rule"] == "TRT-HARMFUL" and len(g.checks()) == 1
    g.gs.set_activation(a, acted=False, started=False)
    attack(g, 5, 5, 5)                                       # hit: CH DEF 5 fails, 4 wounds, CH PSI 5
    assert g.wounds(a) == 2 and g.wounds(b) == 4


def test_TRT_DEFECTIVE_each_use_has_a_10_percent_chance_of_a_weapon_wound():
    """1D100 10 ≤ 10: the weapon gains 1 wound (DMG 4 → 3, WND-6), not its user; 11: nothing."""
    for roll, wounds in ((10, 1), (11, 0)):
        g = duel({"weapons": (weapon(DMG=4, traits=("TRT-DEFECTIVE",)),)})
        a, _ = g.ids
        attack(g, 8, roll)
        w = g.gs.weapon(a, 0)
        assert w.wounds == wounds and w.current_dmg == 4 - wounds and g.wounds(a) == 0
        assert g.events("percent_roll")[-1]["for_rule"] == "TRT-DEFECTIVE"


@pytest.mark.parametrize("trait, points", [("TRT-HEAVY-WEAPON", -5), ("TRT-SHARP", 5), ("TRT-COWING", 2),
                                           ("TRT-HARMFUL", -10), ("TRT-DEFECTIVE", -5)])
def test_TRT_weapon_use_traits_cost_their_catalogue_price(trait, points):
    assert price(trait, "weapon") == points


# --- the wound stage: 7 vidas, Afortunado -----------------------------------------------------------------------
def seven(dice, dmg: int = 6) -> Game:
    g = duel({"weapons": (weapon(DMG=dmg),)}, {"protections": (armour(4),)})
    race(g, g.ids[1], "TRT-SEVEN-LIVES")
    attack(g, *dice)
    return g


def test_TRT_SEVEN_LIVES_a_second_CH_DEF_at_DEF_minus_1():
    """Core CMB-3's example: DEF 4, DMG 6: CH DEF 8 fails; the second at target 3 passes (3): 6 − 3 = 3 wounds."""
    g = seven((5, 8, 3, 5))
    defs = g.checks("DEF")
    assert [(c["die"], c["target"], c["rule"]) for c in defs] == [(8, 4, "CMB-3"), (3, 3, "TRT-SEVEN-LIVES")]
    assert g.wounds(g.ids[1]) == 3


def test_TRT_SEVEN_LIVES_a_failed_second_check_gives_DMG_and_a_first_fumble_keeps_its_effects():
    g = seven((5, 8, 4, 5))                                  # second check 4 > 3 fails: DMG 6 wounds
    assert g.wounds(g.ids[1]) == 6
    g = seven((5, 10, 2, 5))                                 # first fumble: DMG 7, armour wound; second passes
    assert g.events("defence_fumble") and g.gs.equipment(g.ids[1]).protections[0].wounds == 1
    assert g.wounds(g.ids[1]) == 7 - 3
    g = seven((5, 3, 5))                                     # a passed first check: no second (6 − 4 = 2)
    assert len(g.checks("DEF")) == 1 and g.wounds(g.ids[1]) == 2


def test_TRT_SEVEN_LIVES_in_the_odds():
    """The exact odds: E[wounds | DMG 6, DEF 4] = 3/10 × 2 + 5/10 × 4.9 + 1/10 × 5.8 = 3.63 (the second check
    after a fumble at DMG 7); the attack's expectation is that of a hit (4/10) and a critical (1/10, DMG 7)."""
    from wartime.rules.odds import wounds_distribution
    from wartime.rules.traits import CombatTerms
    terms = CombatTerms(second_def=(("TRT-SEVEN-LIVES", "plus", -1),))
    e6 = sum(n * p for n, p in wounds_distribution(6, 4, 4, None, None, terms).items())
    e7 = sum(n * p for n, p in wounds_distribution(7, 4, 4, None, None, terms).items())
    assert e6 == Fraction(363, 100)
    g = duel({"weapons": (weapon(DMG=6),)}, {"protections": (armour(4),)})
    race(g, g.ids[1], "TRT-SEVEN-LIVES")
    assert attack_odds(g.gs, *g.ids, weapon_index=0, ranged=True).expected_wounds == Fraction(4, 10) * e6 + e7 / 10


@pytest.mark.parametrize("traits_, target, wounds", [(("TRT-SECOND-CHANCE",), 2, 4), (("TRT-SAFEGUARD",), 5, 1),
                                                     (("TRT-SEVEN-LIVES", "TRT-SECOND-CHANCE"), 3, 3)])
def test_TRT_SECOND_CHANCE_and_TRT_SAFEGUARD_second_CH_DEF(traits_, target, wounds):
    """Core CMB-3's example, DEF 4 and DMG 6, first CH DEF 8 fails: Otra oportunidad DEF / 2 = 2 (a 2 passes:
    4 wounds), Salvaguarda DEF 5 (1 wound); with 7 vidas too, one second check, the highest DEF (3: 3 wounds)."""
    g = duel({"weapons": (weapon(DMG=6),)}, {"protections": (armour(4),)})
    race(g, g.ids[1], *traits_)
    attack(g, 5, 8, 2, 5)
    second = g.checks("DEF")[-1]
    assert len(g.checks("DEF")) == 2 and second["target"] == target and g.wounds(g.ids[1]) == wounds
    assert second["rule"] == {2: "TRT-SECOND-CHANCE", 5: "TRT-SAFEGUARD", 3: "TRT-SEVEN-LIVES"}[target]


def test_TRT_SECOND_CHANCE_half_DEF_rounds_up_and_TRT_SAFEGUARD_ignores_its_own_DEF():
    from wartime.rules.traits import CombatTerms
    half = CombatTerms(second_def=(("TRT-SECOND-CHANCE", "half", None),))
    five = CombatTerms(second_def=(("TRT-SAFEGUARD", "set", 5),))
    assert half.second_defense(5) == ("TRT-SECOND-CHANCE", 3) and half.second_defense(0) == ("TRT-SECOND-CHANCE", 0)
    assert five.second_defense(0) == ("TRT-SAFEGUARD", 5) and five.second_defense(8) == ("TRT-SAFEGUARD", 5)


def test_TRT_LUCKY_a_1_on_1D10_ignores_a_wounding_hit():
    """DEF 0, DMG 4: CH DEF 5 fails, 4 wounds would be taken: luck 1 ignores the hit (no CH PSI); luck 2 does not."""
    for luck, wounds in ((1, 0), (2, 4)):
        g = duel()
        race(g, g.ids[1], "TRT-LUCKY")
        attack(g, *((5, 5, 1) if luck == 1 else (5, 5, 2, 5)))
        assert g.wounds(g.ids[1]) == wounds and g.events("luck_roll")[-1]["ignored"] == (luck == 1)
        assert len(g.checks("PSI")) == (0 if luck == 1 else 1)


def test_TRT_LUCKY_no_roll_without_wounds_and_in_the_odds():
    g = duel(blue={"protections": (armour(5),)})
    race(g, g.ids[1], "TRT-LUCKY")
    attack(g, 5, 3)                                          # CH DEF 3 passes: 4 − 5 → 0 wounds, no luck die
    assert not g.events("luck_roll")
    plain = duel()
    lucky = duel()
    race(lucky, lucky.ids[1], "TRT-LUCKY")
    odds = [attack_odds(x.gs, *x.ids, weapon_index=0, ranged=True).expected_wounds for x in (plain, lucky)]
    assert odds[1] == odds[0] * Fraction(9, 10)


@pytest.mark.parametrize("trait, points", [("TRT-SEVEN-LIVES", 20), ("TRT-LUCKY", 7), ("TRT-SECOND-CHANCE", 15),
                                           ("TRT-SAFEGUARD", 20)])
def test_TRT_wound_stage_traits_cost_their_catalogue_price(trait, points):
    assert price(trait, "race") == points


# --- terrain: Cojitranco -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("path, plain, limping", [([[10, 24]], 1, 2), ([[12.4, 20]], 2, 3), ([[14.8, 20]], 3, 3)])
def test_TRT_LIMPING_terrain_counts_one_level_worse(path, plain, limping):
    """Mover (1 ENE): easy ground 1 → 2 (as difficult), across mud (difficult) 2 → 3 (as extreme), across the bog
    (extreme) stays 3 (no ENE +3 step: its ruling)."""
    mud = piece("mud", "difficult", 11, 15, 12, 25)
    bog = piece("bog", "extreme", 13, 15, 14, 25)
    for trait, cost in (("", plain), ("TRT-LIMPING", limping)):
        g = Game(M(x=10, y=20, mov=5), M(side="blue", x=35, y=35), pieces=[mud, bog])
        a, _ = g.ids
        race(g, a, *([trait] if trait else []))
        g.start_activation(a, energy=10)
        assert g.engine.check_action(a, "move", {"path": path}) == cost


def test_TRT_LIMPING_after_crouching_sets_easy_to_difficult():
    """Crouched (MVA-4) easy ground is difficult; limping makes it extreme: Mover 1 + 2 = 3."""
    g = Game(M(x=10, y=20, mov=5, posture="crouched"), M(side="blue", x=35, y=35))
    a, _ = g.ids
    race(g, a, "TRT-LIMPING")
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "move", {"path": [[10, 22]]}) == 3


def test_TRT_LIMPING_costs_its_catalogue_price():
    assert price("TRT-LIMPING", "race") == -5


@pytest.mark.parametrize("con, cost", [(4, 2), (5, 1)])
def test_TRT_HEAVY_EQUIPMENT_with_CON_4_or_less_easy_ground_counts_as_difficult(con, cost):
    """A weapon with Equipo pesado: CON 4 moves over easy ground as difficult (Mover 1 + 1); CON 5 normally."""
    g = Game(M(x=10, y=20, mov=5, CON=con, weapons=(weapon(traits=("TRT-HEAVY-EQUIPMENT",)),)),
             M(side="blue", x=35, y=35))
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "move", {"path": [[10, 24]]}) == cost


def test_TRT_HEAVY_EQUIPMENT_leaves_harder_terrain_and_comes_before_TRT_LIMPING():
    """Across mud (difficult) it stays difficult (1 + 1); with Cojitranco too, easy ground: difficult (minimum),
    then one level worse: extreme (1 + 2)."""
    mud = piece("mud", "difficult", 11, 15, 12, 25)
    g = Game(M(x=10, y=20, mov=5, CON=4, weapons=(weapon(traits=("TRT-HEAVY-EQUIPMENT",)),)),
             M(side="blue", x=35, y=35), pieces=[mud])
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "move", {"path": [[12.4, 20]]}) == 2
    race(g, a, "TRT-LIMPING")
    assert g.engine.check_action(a, "move", {"path": [[10, 24]]}) == 3


def test_TRT_FALL_WITH_STYLE_no_damage_from_a_fall():
    """MVA-9: a 3 K drop is DMG 4 (a CH DEF); Caer con estilo: DMG 0, no hit, no dice."""
    tower = piece("tower", "blocking", 9, 9, 12, 12, height=3.0, blocks_los=True)
    g = Game(M(x=10.5, y=10.5, CON=9), M(side="blue", x=30, y=30), pieces=[tower])
    a, _ = g.ids
    race(g, a, "TRT-FALL-WITH-STYLE")
    p = g.gs.pos(a)
    g.set(a, Position(p.x, p.y, p.facing, 2))                 # perched on the tower
    g.start_activation(a, energy=10)
    g.act(a, "drop_down", to=[12.55, 10.5])
    assert g.gs.pos(a).level == 1 and g.events("fall")[-1]["dmg"] == 0 and g.wounds(a) == 0
    assert not g.checks() and g.all_dice_used()


@pytest.mark.parametrize("trait, kind, points", [("TRT-HEAVY-EQUIPMENT", "weapon", -5),
                                                 ("TRT-FALL-WITH-STYLE", "race", 5)])
def test_TRT_heavy_equipment_and_fall_with_style_cost_their_catalogue_price(trait, kind, points):
    assert price(trait, kind) == points


# --- De Padrón, Aplasta ------------------------------------------------------------------------------------------
def test_TRT_PADRON_PEPPER_half_the_hits_do_DMG_0():
    """DEF 0, DMG 4: CH DEF 5 fails; 1D100 50 ≤ 50: DMG 0, no wounds, no CH PSI; 51: 4 wounds."""
    for roll, wounds in ((50, 0), (51, 4)):
        g = duel({"weapons": (weapon(DMG=4, traits=("TRT-PADRON-PEPPER",)),)})
        attack(g, *((5, 5, roll) if wounds == 0 else (5, 5, roll, 5)))
        assert g.wounds(g.ids[1]) == wounds and hit_dmg(g) == (0 if wounds == 0 else 4)
        assert g.events("percent_roll")[-1]["for_rule"] == "TRT-PADRON-PEPPER"


def test_TRT_PADRON_PEPPER_halves_the_expected_wounds_in_the_odds():
    plain = duel()
    pepper = duel({"weapons": (weapon(DMG=4, traits=("TRT-PADRON-PEPPER",)),)})
    odds = [attack_odds(x.gs, *x.ids, weapon_index=0, ranged=True) for x in (plain, pepper)]
    assert odds[1].expected_wounds == odds[0].expected_wounds / 2 and odds[1].p_hit == odds[0].p_hit


def test_TRT_CRUSHING_a_hit_takes_1_QUA_off_a_protection_even_without_wounds():
    """DMG 3 against DEF 3: CH DEF 2 passes, 0 wounds; the armour (QUA 5) drops to QUA 4. A miss crushes nothing."""
    g = duel({"weapons": (weapon(DMG=3, traits=("TRT-CRUSHING",)),)}, {"protections": (armour(3, QUA=5),)})
    a, b = g.ids
    attack(g, 5, 2)
    assert g.wounds(b) == 0 and g.gs.equipment(b).protections[0].QUA == 4
    g.gs.set_activation(a, acted=False, started=False)
    attack(g, 8)
    assert g.gs.equipment(b).protections[0].QUA == 4


def test_TRT_CRUSHING_takes_the_protection_closest_to_being_disabled():
    """Armour QUA 5, shield QUA 2 with 1 wound: the shield drops to QUA 1 = its wounds: disabled (WND-4)."""
    g = duel({"weapons": (weapon(DMG=3, traits=("TRT-CRUSHING",)),)},
             {"protections": (armour(3, QUA=5), armour(1, QUA=2, wounds=1, key="shield"))})
    b = g.ids[1]
    attack(g, 5, 2)                                          # DEF 3 + 1: CH DEF 2 passes, 3 − 4: 0 wounds
    armour_, shield = g.gs.equipment(b).protections
    assert armour_.QUA == 5 and shield.QUA == 1 and shield.current_def == 0


@pytest.mark.parametrize("trait, points", [("TRT-PADRON-PEPPER", -10), ("TRT-CRUSHING", 2)])
def test_TRT_pepper_and_crushing_cost_their_catalogue_price(trait, points):
    assert price(trait, "weapon") == points


# --- Contracarga ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("counter", [False, True])
def test_TRT_COUNTER_CHARGE_chargers_get_no_charge_bonus(counter):
    """CBA-12: a charge gives the melee attack CH IMP +1 and DMG +1, Caballería one more DMG (blade 3 + CON 4 − 4
    = 3 → 5); against Contracarga none of them: target 5, DMG 3. The charge itself still happens."""
    g = Game(M(x=5, y=20, AGI=5, mov=5, weapons=(blade(DMG=3),)), M(side="blue", x=12, y=20, CON=9, facing=180.0))
    a, b = g.ids
    race(g, a, "TRT-CAVALRY")
    if counter:
        race(g, b, "TRT-COUNTER-CHARGE")
    g.start_activation(a, energy=10)
    g.act(a, "charge", target=b, path=[[11, 20]])
    assert g.gs.in_contact(a, b)
    g.dice.push(5, 9, 5)
    g.act(a, "melee_attack", target=b, weapon=0)
    assert g.check("IMP")["target"] == (5 if counter else 6)
    assert hit_dmg(g) == (3 if counter else 5) and g.all_dice_used()


def test_TRT_COUNTER_CHARGE_costs_its_catalogue_price():
    assert price("TRT-COUNTER-CHARGE", "race") == 5


def test_TRT_SUPER_SIGHT_FOV_range_plus_5_K():
    """VOL 3: 15 + 5 = 20 K: an enemy 18 K ahead is now in its field of view."""
    g = Game(M(x=10, y=20, VOL=3), M(side="blue", x=28, y=20, facing=180.0))
    a, b = g.ids
    assert g.gs.fov_range(a) == 15 and not g.gs.in_fov(a, b)
    race(g, a, "TRT-SUPER-SIGHT")
    assert g.gs.fov_range(a) == 20 and g.gs.in_fov(a, b)


def _drains(trait: str, loss: int) -> None:
    """A hit drains the target's ENE even without wounds (DEF 5 passes), never below −10; a miss drains nothing."""
    g = duel({"weapons": (weapon(DMG=4, traits=(trait,)),)}, {"protections": (armour(5),), "energy": 2})
    a, b = g.ids
    attack(g, 5, 3)
    assert g.wounds(b) == 0 and g.energy(b) == 2 - loss
    assert g.events("energy", who=b)[-1]["rule"] == trait
    g.gs.set_energy(b, -9, "test", "test")
    g.gs.set_activation(a, acted=False, started=False)
    attack(g, 5, 3)
    assert g.energy(b) == -10
    g.gs.set_activation(a, acted=False, started=False)
    attack(g, 8)
    assert g.energy(b) == -10 and len(g.events("energy", who=b, rule=trait)) == 2


def test_TRT_BLINDING_AMMO_a_hit_target_loses_3_ENE():
    _drains("TRT-BLINDING-AMMO", 3)


def test_TRT_PARALYSING_AMMO_a_hit_target_loses_ENE_equal_to_the_weapon_DMG():
    _drains("TRT-PARALYSING-AMMO", 4)


@pytest.mark.parametrize("trait, kind, points", [("TRT-SUPER-SIGHT", "race", 3), ("TRT-BLINDING-AMMO", "weapon", 5),
                                                 ("TRT-PARALYSING-AMMO", "weapon", 10)])
def test_TRT_sight_and_draining_ammo_cost_their_catalogue_price(trait, kind, points):
    assert price(trait, kind) == points


# --- Munición vida o muerte, Pinchos, Peligro -------------------------------------------------------------------
@pytest.mark.parametrize("ammo", [False, True])
def test_TRT_LIFE_OR_DEATH_AMMO_the_target_cannot_reroll_its_CH_DEF(ammo):
    """Élite blindado rerolls a failed CH DEF (8, then 2: 4 − 3 = 1 wound); against Munición vida o muerte the 8
    stands: 4 wounds. The exact odds drop the reroll too."""
    g = duel({"weapons": (weapon(DMG=4, traits=("TRT-LIFE-OR-DEATH-AMMO",) if ammo else ()),)},
             {"protections": (armour(3),)})
    a, b = g.ids
    race(g, b, "TRT-ELITE-ARMOURED")
    plain = duel(blue={"protections": (armour(3),)})
    odds = attack_odds(g.gs, a, b, weapon_index=0, ranged=True).expected_wounds
    assert (odds == attack_odds(plain.gs, *plain.ids, weapon_index=0, ranged=True).expected_wounds) == ammo
    attack(g, *((5, 8, 5) if ammo else (5, 8, 2, 5)))
    assert [c["die"] for c in g.checks("DEF")] == ([8] if ammo else [8, 2]) and g.wounds(b) == (4 if ammo else 1)


def test_TRT_LIFE_OR_DEATH_AMMO_leaves_a_second_CH_DEF_but_not_its_reroll():
    """DEF 4, DMG 6: 7 vidas still gives its second check (target 3; a 7 fails: 6 wounds), not rerolled."""
    g = duel({"weapons": (weapon(DMG=6, traits=("TRT-LIFE-OR-DEATH-AMMO",)),)}, {"protections": (armour(4),)})
    race(g, g.ids[1], "TRT-SEVEN-LIVES", "TRT-ELITE-ARMOURED")
    attack(g, 5, 8, 7, 5)
    assert [c["die"] for c in g.checks("DEF")] == [8, 7] and g.wounds(g.ids[1]) == 6


def test_TRT_SPIKES_a_critical_CH_DEF_in_melee_ripostes_with_DMG_2():
    """CH DEF 1 (critical, CMB-7): the attacker takes an automatic DMG 2 hit (its CH DEF 5 fails, DEF 0: 2 wounds)."""
    g = duel(melee=True)
    a, b = g.ids
    race(g, b, "TRT-SPIKES")
    attack(g, 5, 1, 5, 5)
    assert g.events("automatic_hit", who=a)[-1]["dmg"] == 2 and g.wounds(a) == 2 and g.wounds(b) == 0


def test_TRT_DANGER_the_fumble_self_hit_has_DMG_2():
    """CH IMP 10 (CMB-8): the shooter's automatic hit has DMG 2 (its CH DEF 5 fails, DEF 0: 2 wounds)."""
    for danger, wounds in ((False, 1), (True, 2)):
        g = duel({"weapons": (weapon(DMG=4, traits=("TRT-DANGER",) if danger else ()),)})
        attack(g, 10, 5, 5)
        assert g.wounds(g.ids[0]) == wounds and g.gs.weapon(g.ids[0], 0).wounds == 1


@pytest.mark.parametrize("trait, kind, points", [("TRT-LIFE-OR-DEATH-AMMO", "weapon", 8), ("TRT-SPIKES", "race", 5),
                                                 ("TRT-DANGER", "weapon", -5)])
def test_TRT_ammo_spikes_danger_cost_their_catalogue_price(trait, kind, points):
    assert price(trait, kind) == points


# --- Munición buscadora, Munición corrosiva, Franco tirador -----------------------------------------------------
def test_TRT_SEEKER_AMMO_no_cover_bonus_to_the_CH_DEF():
    """The ENV-2 wall hides 20 of 25 samples (CMB-17: CH DEF 2 + 2 = 4); Munición buscadora: target 2 (a 3
    fails: 4 wounds, where it passed: 4 − 2 = 2); the odds agree."""
    from test_rules_combat import ranged as ranged_game, shoot, wall_pieces
    from wartime.rules.combat import Cover
    for seeker, target in ((False, 4), (True, 2)):
        g = ranged_game(9.0, {"weapons": (weapon(traits=("TRT-SEEKER-AMMO",) if seeker else ()),)},
                        {"protections": (armour(2),)}, pieces=wall_pieces())
        a, b = g.ids
        c = g.gs.cover(a, [b])[0]
        cov = Cover(c.blocked, c.main_piece_def, c.main_piece_id)
        assert attack_odds(g.gs, a, b, weapon_index=0, ranged=True, cover=cov).def_target == target
        shoot(g, 2, 3, 5)                                    # CH IMP 2; CH DEF 3; CH PSI 5
        assert g.check("DEF")["target"] == target and g.wounds(b) == (4 if seeker else 2)


def test_TRT_CORROSIVE_AMMO_a_passed_CH_DEF_still_takes_1_wound_more():
    """DMG 4 against DEF 3: a passed CH DEF gives 4 − 3 + 1 = 2 wounds; against DEF 5: 0 + 1 = 1; a failed one
    DMG 4. The odds count it."""
    for dfn, die, wounds in ((3, 2, 2), (5, 2, 1), (3, 8, 4)):
        g = duel({"weapons": (weapon(DMG=4, traits=("TRT-CORROSIVE-AMMO",)),)}, {"protections": (armour(dfn),)})
        attack(g, 5, die, 5)
        assert g.wounds(g.ids[1]) == wounds
    g = duel({"weapons": (weapon(DMG=4, traits=("TRT-CORROSIVE-AMMO",)),)}, {"protections": (armour(5),)})
    odds = attack_odds(g.gs, *g.ids, weapon_index=0, ranged=True)
    assert odds.expected_wounds > 0                            # DEF 5 stops DMG 4 without it


def test_TRT_CORROSIVE_AMMO_a_fumble_also_gives_the_attacker_1_wound_without_a_check():
    """CH IMP 10: CMB-8's DMG 1 hit (its CH DEF 2 passes with DEF 0: 1 − 0 = 1 wound, CH PSI 5), then the
    corrosive wound with no CH DEF and no CH PSI: 2 wounds."""
    g = duel({"weapons": (weapon(DMG=4, traits=("TRT-CORROSIVE-AMMO",)),)})
    attack(g, 10, 2, 5)
    assert g.wounds(g.ids[0]) == 2 and g.events("wounds", who=g.ids[0])[-1]["rule"] == "TRT-CORROSIVE-AMMO"
    assert len(g.checks("PSI")) == 1


def test_TRT_MARKSMAN_shoots_into_a_melee_without_a_second_hit_check():
    """CBA-5 setup: the first CH IMP 4 passes; Franco tirador makes no second CH IMP: the chosen target is hit."""
    g = Game(M(x=2, y=20, AGI=6, VOL=6, weapons=(weapon(ENE=2, DMG=4, RNG=40),)),
             M(side="blue", x=12, y=20, CON=9, facing=0.0), M(side="red", x=13.0, y=20, CON=9, facing=180.0))
    a, b, ally = g.ids
    race(g, a, "TRT-MARKSMAN")
    assert attack_odds(g.gs, a, b, weapon_index=0, ranged=True).p_hit == Fraction(6, 10)
    g.start_activation(a, energy=10)
    g.dice.push(4, 5, 5)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert len(g.checks("IMP")) == 1 and not g.events("stray_shot") and g.wounds(b) == 4 and g.all_dice_used()


@pytest.mark.parametrize("trait, kind, points", [("TRT-SEEKER-AMMO", "weapon", 5), ("TRT-CORROSIVE-AMMO", "weapon", 10),
                                                 ("TRT-MARKSMAN", "race", 5), ("TRT-MARKSMAN", "weapon", 5)])
def test_TRT_seeker_corrosive_marksman_cost_their_catalogue_price(trait, kind, points):
    assert price(trait, kind) == points


# --- Malvado, Munición atascada ---------------------------------------------------------------------------------
def test_TRT_EVIL_each_use_gives_its_user_1_stress_without_a_check():
    g = duel({"VOL": 5, "weapons": (weapon(DMG=4, traits=("TRT-EVIL",)),)})
    a, _ = g.ids
    attack(g, 8)                                             # a miss is still a use
    assert g.stress(a) == 1 and g.events("stress", who=a)[-1]["rule"] == "TRT-EVIL" and len(g.checks()) == 1


def test_TRT_JAMMING_AMMO_a_10_percent_jam_ends_the_shot_before_its_CH_IMP():
    """1D100 10: jammed: no CH IMP, the ENE (2) is spent; 11: the shot goes on (CH IMP 8 misses)."""
    for roll, jammed in ((10, True), (11, False)):
        g = duel({"weapons": (weapon(DMG=4, traits=("TRT-JAMMING-AMMO",)),)})
        a, _ = g.ids
        attack(g, *((roll,) if jammed else (roll, 8)))
        assert bool(g.events("shot_stopped")) == jammed and len(g.checks("IMP")) == (0 if jammed else 1)
        assert g.energy(a) == 8 and g.events("percent_roll")[-1]["for_rule"] == "TRT-JAMMING-AMMO"


@pytest.mark.parametrize("trait, points", [("TRT-EVIL", -10), ("TRT-JAMMING-AMMO", -5)])
def test_TRT_evil_and_jamming_cost_their_catalogue_price(trait, points):
    assert price(trait, "weapon") == points


# --- Control del CHI --------------------------------------------------------------------------------------------
def test_TRT_CHI_CONTROL_one_reroll_per_activation():
    """A failed CH CON 9 is rerolled (3 passes); the next failure (9) is not, until its next activation starts;
    then it may reroll again (the CH DEF too)."""
    g = Game(M(x=10, y=20, CON=5, AGI=5), M(side="blue", x=30, y=20))
    a, _ = g.ids
    race(g, a, "TRT-CHI-CONTROL")
    g.start_activation(a, energy=10)
    g.dice.push(9, 3, 9)
    assert own_check(g, "CON").passed and g.checks()[-1]["reroll"] == "TRT-CHI-CONTROL"
    assert not own_check(g, "AGI").passed and g.all_dice_used()
    g.next_turn()
    g.start_activation(a, energy=10)
    g.dice.push(9, 2)
    assert own_check(g, "AGI").passed and g.all_dice_used()


def test_TRT_CHI_CONTROL_is_kept_when_an_unlimited_reroll_applies():
    """With Élite bestia a failed CH CON is rerolled by Élite; Control del CHI is still there for a CH AGI."""
    g = Game(M(x=10, y=20, CON=5, AGI=5), M(side="blue", x=30, y=20))
    a, _ = g.ids
    race(g, a, "TRT-CHI-CONTROL", "TRT-ELITE-BEAST")
    g.start_activation(a, energy=10)
    g.dice.push(9, 3, 9, 4)
    assert own_check(g, "CON").passed and g.checks()[-1]["reroll"] == "TRT-ELITE-BEAST"
    assert own_check(g, "AGI").passed and g.checks()[-1]["reroll"] == "TRT-CHI-CONTROL" and g.all_dice_used()


def test_TRT_CHI_CONTROL_costs_its_catalogue_price():
    assert price("TRT-CHI-CONTROL", "race") == 8


# --- Arma arrojada ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("thrown", [False, True])
def test_TRT_THROWN_WEAPON_reaches_CON_plus_AGI_and_hits_with_its_DMG_plus_1(thrown):
    """MOV 3, CON 4, AGI 6: a throw reaches MOV + CON = 7 K, an Arma arrojada CON + AGI = 10 K: a target 9 K away
    is refused, or hit (die 2) with the blade's DMG 3 + 1 = 4 (not the throw's steel 2): CH DEF 5 fails, 4 wounds."""
    from test_rules_combat import ranged as ranged_game
    g = ranged_game(9.0, {"CON": 4, "AGI": 6, "mov": 3,
                          "weapons": (blade(traits=("TRT-THROWN-WEAPON",) if thrown else ()),)})
    a, b = g.ids
    g.start_activation(a, energy=10)
    if not thrown:
        with pytest.raises(RuleViolation) as exc:
            g.engine.check_action(a, "throw", {"item": "weapon:0", "target": b})
        assert exc.value.rule_id == "CBA-6"
        return
    g.dice.push(2, 5, 5)
    g.act(a, "throw", item="weapon:0", target=b)
    assert hit_dmg(g) == 4 and g.wounds(b) == 4 and g.gs.equipment(a).weapons == () and g.all_dice_used()


def test_TRT_THROWN_WEAPON_costs_its_catalogue_price():
    assert price("TRT-THROWN-WEAPON", "weapon") == 10


# --- Mente centrada, Sin cura -------------------------------------------------------------------------------------
@pytest.mark.parametrize("n, bonus", [(1, 2), (2, 3)])
def test_TRT_FOCUSED_MIND_Concentrarse_gives_plus_2_per_use_capped_at_3(n, bonus):
    """GNA-4 with Mente centrada: one Concentrarse +2, two +3 (the cap): a shot with AGI 5 hits on 5 + bonus."""
    g = Game(M(x=5, y=20, AGI=5, weapons=(weapon(ENE=1),)), M(side="blue", x=14, y=20, CON=9, facing=180.0))
    a, b = g.ids
    race(g, a, "TRT-FOCUSED-MIND")
    g.start_activation(a, energy=10)
    for _ in range(n):
        g.act(a, "concentrate")
    g.dice.push(9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.check("IMP")["target"] == 5 + bonus


def test_TRT_NO_CURE_cannot_be_healed():
    """Curar on an ally with Sin cura (2 wounds) is refused naming the trait; TRT-SOUL-EATER's kill heals nothing."""
    g = Game(M(x=10, y=20, INT=5), M(x=11, y=20, CON=4, wounds=2), M(side="blue", x=30, y=30))
    healer, ally, _ = g.ids
    g.start_activation(healer, energy=10)
    assert g.engine.check_action(healer, "heal", {"target": ally}) == 3
    race(g, ally, "TRT-NO-CURE")
    with pytest.raises(RuleViolation) as exc:
        g.engine.check_action(healer, "heal", {"target": ally})
    assert exc.value.rule_id == "TRT-NO-CURE"
    k = duel(blue={"CON": 2}, melee=True)
    a, b = k.ids
    race(k, a, "TRT-SOUL-EATER", "TRT-NO-CURE")
    k.set(a, Wounds(1))
    k.set(b, Wounds(1))
    attack(k, 5, 5)
    assert k.gs.world.get(b, Life).state == "dead" and k.wounds(a) == 1 and k.events("heal_denied", who=a)


@pytest.mark.parametrize("trait, points", [("TRT-FOCUSED-MIND", 5), ("TRT-NO-CURE", -20)])
def test_TRT_focused_mind_and_no_cure_cost_their_catalogue_price(trait, points):
    assert price(trait, "race") == points


# --- Fatality, Psicópata ------------------------------------------------------------------------------------------
def test_TRT_FATALITY_a_melee_kill_makes_enemies_within_5_K_take_a_CH_PSI():
    """The victim (CON 2, 1 wound) dies to a blade hit (DMG 3; CH DEF 5 fails): its ally 4 K away makes a CH PSI
    (die 5), the one 8 K away does not."""
    g = Game(M(x=10, y=20, AGI=5, CON=5, weapons=(blade(),)), M(side="blue", x=11, y=20, facing=180.0, CON=2),
             M(side="blue", x=15, y=20, facing=180.0), M(side="blue", x=19, y=20, facing=180.0))
    a, b, near, far = g.ids
    race(g, a, "TRT-FATALITY")
    g.set(b, Wounds(1))
    g.start_activation(a, energy=10)
    g.dice.push(5, 5, 5)
    g.act(a, "melee_attack", target=b, weapon=0)
    assert g.gs.world.get(b, Life).state == "dead" and g.all_dice_used()
    assert [(c["who"], c["rule"]) for c in g.checks("PSI")] == [(near, "TRT-FATALITY")]


def test_TRT_PSYCHOPATH_gains_1_ENE_when_it_wounds():
    """ENE 10 − 2 for the shot = 8; 4 wounds: +1 = 9. Against DEF 5 a passed CH DEF leaves 0 wounds: no ENE."""
    g = duel()
    a, _ = g.ids
    race(g, a, "TRT-PSYCHOPATH")
    attack(g, 5, 5, 5)
    assert g.energy(a) == 9 and g.events("energy", who=a)[-1]["rule"] == "TRT-PSYCHOPATH"
    g = duel(blue={"protections": (armour(5),)})
    race(g, g.ids[0], "TRT-PSYCHOPATH")
    attack(g, 5, 2)
    assert g.energy(g.ids[0]) == 8


@pytest.mark.parametrize("trait, points", [("TRT-FATALITY", 5), ("TRT-PSYCHOPATH", 5)])
def test_TRT_fatality_and_psychopath_cost_their_catalogue_price(trait, points):
    assert price(trait, "race") == points


# --- Sangre de ácido ----------------------------------------------------------------------------------------------
def test_TRT_ACID_BLOOD_wounded_it_splashes_its_melee_opponents():
    """The attacker's blade wounds it (DMG 3 + CON 5 − 4 = 4, CH DEF 5 fails, CH PSI 5): the attacker, in melee
    with it, takes 1 wound with no CH DEF and its armour loses 1 QUA (5 → 4; its shield, 1 QUA from being
    disabled, is spared); an enemy of it 8 K away is untouched."""
    g = Game(M(x=10, y=20, AGI=5, CON=5, weapons=(blade(),),
               protections=(armour(1, QUA=5), armour(1, QUA=2, wounds=1, key="shield"))),
             M(side="blue", x=11, y=20, facing=180.0, CON=9), M(x=19, y=20))
    a, b, far = g.ids
    race(g, b, "TRT-ACID-BLOOD")
    g.start_activation(a, energy=10)
    g.dice.push(5, 5, 5)
    g.act(a, "melee_attack", target=b, weapon=0)
    assert g.wounds(b) == 4 and g.wounds(a) == 1 and g.all_dice_used()
    assert [p.QUA for p in g.gs.equipment(a).protections] == [4, 2]
    assert g.events("wounds", who=a)[-1]["rule"] == "TRT-ACID-BLOOD" and g.wounds(far) == 0


def test_TRT_ACID_BLOOD_costs_its_catalogue_price():
    assert price("TRT-ACID-BLOOD", "race") == 5


# --- Sanguinario --------------------------------------------------------------------------------------------------
def test_TRT_SANGUINARY_DMG_plus_1_in_melee_once_it_has_wounded_in_this_activation():
    """Blade DMG 3 + CON 5 − 4 = 4: the first melee hit wounds (4); the next one in the activation has DMG 5, the
    third still 5 (not cumulative); a new activation starts again at 4."""
    g = duel(melee=True)
    a, b = g.ids
    race(g, a, "TRT-SANGUINARY")
    attack(g, 5, 5, 5)
    assert hit_dmg(g) == 4
    for _ in range(2):
        g.set(b, Wounds(0))                                  # keep the target standing (CON 9)
        g.dice.push(5, 5, 5)
        g.act(a, "melee_attack", target=b, weapon=0)
        assert hit_dmg(g) == 5
    g.gs.set_activation(a, acted=False, started=False)
    g.set(b, Wounds(0))
    attack(g, 5, 5, 5)
    assert hit_dmg(g) == 4


def test_TRT_SANGUINARY_costs_its_catalogue_price():
    assert price("TRT-SANGUINARY", "race") == 5
