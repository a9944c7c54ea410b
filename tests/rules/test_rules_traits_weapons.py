"""Weapon traits of the catalogue played through the trait registry (issue 12: ammunition and weapon-use traits,
rules/traits/ammo.py), each set up with scripted dice and checked against its catalogue effect and ruling, with the
exact odds where it changes CH IMP, CH DEF or DMG, and priced at its catalogue cost."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from rules_helpers import Game, M, armour, blade, violation, weapon
from test_rules_areas import fire, game, shooter, blue
from test_rules_traits_combat import attack, duel, hit_dmg, race
from wartime.data.loader import archetype_from_dict, priced_trait
from wartime.match.setup import weapon_of
from wartime.rules import traits
from wartime.rules.noise import weapon_noise
from wartime.rules.odds import attack_odds
from wartime.rules.options import legal_options


def price(trait: str, kind: str = "weapon") -> int:
    return priced_trait(trait, kind, "test", "traits").points


def gun(*trait_ids: str, **kw):
    """The duel's DMG 4 rifle (RNG 40) with these weapon traits."""
    return weapon(DMG=kw.pop("DMG", 4), traits=tuple(trait_ids), **kw)


def _archetype(*names, DMG: int = 4, RNG: int = 20, QUA: int = 4, magazine: int | None = None):
    entries = [{"name": n} for n in names]
    if magazine is not None:
        entries.append({"name": "Cargadores", "param": magazine})
    return archetype_from_dict({"id": "gun", "kind": "weapon", "name": "Gun", "ENE": 2, "DMG": DMG, "RNG": RNG,
                                "QUA": QUA, "traits": entries})


def odds(g: Game):
    a, b = g.ids
    return attack_odds(g.gs, a, b, weapon_index=0, ranged=not g.gs.in_contact(a, b))


# --- Más munición -------------------------------------------------------------------------------------------
def test_TRT_MORE_AMMO_doubles_the_magazine_in_play():
    """Cargadores (6) holds 6 rounds; with Más munición 12, and the weapon starts with them mounted."""
    assert weapon_of(_archetype(magazine=6)).magazine == 6
    w = weapon_of(_archetype("Más munición", magazine=6))
    assert (w.magazine, w.rounds) == (12, 12) and "TRT-MORE-AMMO" in w.traits
    assert weapon_of(_archetype("Más munición", DMG=4, magazine=None)).magazine is None


def test_TRT_MORE_AMMO_is_fielded_with_Cargadores_only():
    assert traits.fielding_problem("TRT-MORE-AMMO", "weapon", {"TRT-MORE-AMMO", "TRT-MAGAZINES"}) is None
    assert "TRT-MAGAZINES" in traits.fielding_problem("TRT-MORE-AMMO", "weapon", {"TRT-MORE-AMMO"})


def test_TRT_MORE_AMMO_four_shots_from_a_2_round_magazine_before_a_reload():
    """Cargadores (2) doubled: four shots (CH IMP 8 misses each), the fifth is refused (GNA-13)."""
    g = duel({"weapons": (weapon_of(_archetype("Más munición", magazine=2)),)})
    a, b = g.ids
    g.start_activation(a, energy=10)
    for _ in range(4):
        g.dice.push(8)
        g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.gs.weapon(a, 0).rounds == 0
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": b, "weapon": 0}).rule_id == "GNA-13"


# --- Munición silenciosa ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("facing, flank", [(180.0, False), (90.0, False), (60.0, True), (0.0, True)])
def test_TRT_SILENT_AMMO_CH_DEF_minus_1_from_a_flank_or_from_behind(facing, flank):
    """DEF 3: the target faces the shooter (180°) or has it on the edge of its front arc (90°): CH DEF 3, a 3
    passes: 4 − 3 = 1 wound; with the shooter outside its front 180° (facing 60° or away): CH DEF 2, the 3 fails:
    4 wounds. The odds see the same CH DEF target."""
    g = duel({"weapons": (gun("TRT-SILENT-AMMO"),)}, {"protections": (armour(3),), "facing": facing})
    a, b = g.ids
    assert odds(g).def_target == (2 if flank else 3)
    attack(g, 5, 3, 5)                                       # CH IMP 5; CH DEF 3; CH PSI 5
    assert g.check("DEF")["target"] == (2 if flank else 3)
    assert g.wounds(b) == (4 if flank else 1)


def test_TRT_SILENT_AMMO_the_weapon_makes_no_noise():
    assert weapon_noise(gun("TRT-SILENT-AMMO")) == 0.0 and weapon_noise(gun()) == 8.0


# --- Munición aliento de dragón -----------------------------------------------------------------------------------
def test_TRT_DRAGONS_BREATH_AMMO_RNG_halved_after_the_additions_and_CAL_minus_1():
    """RNG 20 /2 = 10; with Más alcance (20 + 5) / 2 = 12.5 → 13 (G5: one rounding x.5 up); QUA 4 − 1 = 3."""
    w = weapon_of(_archetype("Munición aliento de dragón"))
    assert (w.RNG, w.QUA) == (10, 3)
    assert weapon_of(_archetype("Munición aliento de dragón", "Más alcance")).RNG == 13
    assert weapon_of(_archetype("Munición aliento de dragón", QUA=1)).QUA == 1          # minimum 1


def test_TRT_DRAGONS_BREATH_AMMO_DMG_plus_2():
    """DMG 4 + 2 = 6: CH DEF 5 fails (DEF 0), 6 wounds; the odds expect the same DMG."""
    g = duel({"weapons": (gun("TRT-DRAGONS-BREATH-AMMO"),)})
    a, b = g.ids
    assert odds(g).expected_wounds == odds(duel({"weapons": (gun(DMG=6),)})).expected_wounds
    attack(g, 5, 5, 5)
    assert hit_dmg(g) == 6 and g.wounds(b) == 6


# --- Munición magnética -------------------------------------------------------------------------------------
@pytest.mark.parametrize("dmg, imp, final", [(4, 5, 2), (5, 5, 3), (5, 1, 3), (6, 5, 3)])
def test_TRT_MAGNETIC_AMMO_DMG_halved_against_a_target_without_energy_shields(dmg, imp, final):
    """DMG /2 rounded x.5 up (CMB-4 step 3, after the ± terms): 4 → 2, 5 → 3, a critical's (5 + 1) / 2 → 3,
    6 → 3; CH DEF 5 fails (DEF 0): that many wounds."""
    g = duel({"weapons": (gun("TRT-MAGNETIC-AMMO", DMG=dmg),)})
    a, b = g.ids
    attack(g, imp, 5, 5)
    assert hit_dmg(g) == final and g.wounds(b) == final


def test_TRT_MAGNETIC_AMMO_in_the_odds():
    """The odds halve DMG as the hit does: a DMG 4 shot expects half the wounds of the plain rifle's non-critical
    hits (2 instead of 4)."""
    plain, magnetic = duel(), duel({"weapons": (gun("TRT-MAGNETIC-AMMO"),)})
    assert odds(magnetic).expected_wounds < odds(plain).expected_wounds
    terms = traits.combat_terms(magnetic.gs, *magnetic.ids, magnetic.gs.weapon(magnetic.ids[0], 0), True)
    assert terms.dmg_factor == Fraction(1, 2) and terms.dmg(4) == 2 and terms.dmg(5) == 3


# --- Munición teledirigida ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("die, hit", [(8, True), (9, False)])
def test_TRT_GUIDED_AMMO_the_CH_IMP_target_is_always_8(die, hit):
    """AGI 5 with Muy torpe (−1) and the target's Camuflaje (−1): the CH IMP target is still 8, no modifier."""
    g = duel({"weapons": (gun("TRT-GUIDED-AMMO"),)})
    a, b = g.ids
    race(g, a, "TRT-VERY-CLUMSY")
    race(g, b, "TRT-CAMOUFLAGE")
    assert odds(g).imp_target == 8 and odds(g).p_hit == Fraction(8, 10)
    attack(g, *((die, 5, 5) if hit else (die,)))
    c = g.check("IMP")
    assert c["target"] == 8 and c["modifiers"] == [] and c["fixed_by"] == "TRT-GUIDED-AMMO"
    assert bool(g.events("hit")) == hit


def test_TRT_GUIDED_AMMO_a_1_is_a_critical_and_a_10_a_fumble():
    g = duel({"weapons": (gun("TRT-GUIDED-AMMO"),)})
    attack(g, 1, 5, 5)                                       # critical: DMG 4 + 1, CH DEF 5 fails, 5 wounds
    assert g.check("IMP")["critical"] and hit_dmg(g) == 5
    g = duel({"weapons": (gun("TRT-GUIDED-AMMO"),)})
    attack(g, 10, 5, 5)                                      # fumble: CMB-8 DMG 1 self-hit: CH DEF 5, CH PSI 5
    assert g.events("hit_fumble")


# --- Munición excepcional -------------------------------------------------------------------------------------
def test_TRT_EXCEPTIONAL_AMMO_a_passed_CH_DEF_is_rerolled_and_the_second_stands():
    """DEF 3: CH DEF 2 passes, so it is rerolled: 5 fails: 4 wounds (not 4 − 3 = 1)."""
    g = duel({"weapons": (gun("TRT-EXCEPTIONAL-AMMO"),)}, {"protections": (armour(3),)})
    b = g.ids[1]
    attack(g, 5, 2, 5, 5)                                    # CH IMP; CH DEF 2, rerolled 5; CH PSI 5
    assert [c["die"] for c in g.checks("DEF")] == [2, 5]
    assert g.checks("DEF")[-1]["reroll"] == "TRT-EXCEPTIONAL-AMMO" and g.wounds(b) == 4


def test_TRT_EXCEPTIONAL_AMMO_no_reroll_of_a_critical_or_a_failure():
    g = duel({"weapons": (gun("TRT-EXCEPTIONAL-AMMO"),)}, {"protections": (armour(3),)})
    attack(g, 5, 1)                                          # CH DEF 1: a critical, no wounds
    assert len(g.checks("DEF")) == 1 and g.wounds(g.ids[1]) == 0
    g = duel({"weapons": (gun("TRT-EXCEPTIONAL-AMMO"),)}, {"protections": (armour(3),)})
    attack(g, 5, 6, 5)                                       # CH DEF 6 fails: 4 wounds, no reroll
    assert len(g.checks("DEF")) == 1 and g.wounds(g.ids[1]) == 4


def test_TRT_EXCEPTIONAL_AMMO_in_the_odds():
    """CH DEF 3: P(pass) = P(critical 1) + P(2..3 then reroll passes) = 1/10 + 2/10 × 3/10 = 16/100."""
    g = duel({"weapons": (gun("TRT-EXCEPTIONAL-AMMO"),)}, {"protections": (armour(3),)})
    assert odds(g).p_def == Fraction(16, 100)
    plain = duel(blue={"protections": (armour(3),)})
    assert odds(plain).p_def == Fraction(3, 10) and odds(g).expected_wounds > odds(plain).expected_wounds


# --- Munición estabilizadora ------------------------------------------------------------------------------------
def test_TRT_STABILISED_AMMO_the_scatter_distance_is_halved():
    """ARE-9 at d = 24 K: 2 D10 (3 + 4 = 7 K), halved 3.5 → 4 K (x.5 up); the plain weapon moves 7 K."""
    for extra, moved in (((), 7.0), (("TRT-STABILISED-AMMO",), 4.0)):
        g = game(shooter(x=2, wkw={"traits": extra}), blue(26, 20), angles=[180.0])
        a, t = g.ids
        fire(g, 9, 3, 4, target=t)
        disp = g.events("dispersion")[0]
        assert disp["dice"] == [3, 4] and disp["distance"] == moved and disp["to"] == [26 - moved, 20.0]


def test_TRT_STABILISED_AMMO_is_fielded_with_an_area_only():
    assert "TRT-AREA" in traits.fielding_problem("TRT-STABILISED-AMMO", "weapon", {"TRT-STABILISED-AMMO"})


# --- Sin munición -------------------------------------------------------------------------------------------------
def test_TRT_OUT_OF_AMMO_a_10_percent_empty_weapon_until_reloaded():
    """1D100 10: no ammunition: no CH IMP, ENE 2 spent, the weapon is empty: another shot is refused; Recargar
    (ENE = DMG 4) gives the ammunition back; then 1D100 11: the shot goes on (CH IMP 8 misses)."""
    g = duel({"weapons": (gun("TRT-OUT-OF-AMMO"),)})
    a, b = g.ids
    attack(g, 10)
    assert g.events("shot_stopped")[-1]["rule"] == "TRT-OUT-OF-AMMO" and not g.checks("IMP") and g.energy(a) == 8
    assert g.gs.weapon(a, 0).rounds == 0
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": b, "weapon": 0}).rule_id == "TRT-OUT-OF-AMMO"
    assert g.engine.check_action(a, "reload", {"weapon": 0}) == 4
    g.act(a, "reload", weapon=0)
    assert g.gs.weapon(a, 0).rounds is None and g.energy(a) == 4
    assert violation(g.engine.check_action, a, "reload", {"weapon": 0}).rule_id == "GNA-13"
    g.dice.push(11, 8)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.events("percent_roll")[-1]["for_rule"] == "TRT-OUT-OF-AMMO" and g.events("miss")


def test_TRT_OUT_OF_AMMO_with_Cargadores_reload_mounts_a_full_magazine():
    w = gun("TRT-MAGAZINES", "TRT-OUT-OF-AMMO", magazine=5, rounds=0)
    assert traits.reloaded(w).rounds == 5


# --- Arma de campaña ------------------------------------------------------------------------------------------------
def test_TRT_FIELD_WEAPON_no_other_field_weapon_fires_in_that_activation():
    """After a shot with field gun 0 (CH IMP 8 misses) field gun 1 is refused; gun 0 fires again; a next
    activation lets gun 1 fire."""
    g = duel({"weapons": (gun("TRT-FIELD-WEAPON", key="a"), gun("TRT-FIELD-WEAPON", key="b"), gun(key="c"))})
    a, b = g.ids
    attack(g, 8)
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": b, "weapon": 1}).rule_id \
        == "TRT-FIELD-WEAPON"
    assert g.engine.check_action(a, "ranged_attack", {"target": b, "weapon": 0}) == 2
    assert g.engine.check_action(a, "ranged_attack", {"target": b, "weapon": 2}) == 2
    g.gs.set_activation(a, acted=False, started=False)
    attack(g, 8, weapon_index=1)
    assert len(g.events("miss")) == 2


# --- the catalogue prices -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("trait, points", [
    ("TRT-MORE-AMMO", 5), ("TRT-SILENT-AMMO", 10), ("TRT-DRAGONS-BREATH-AMMO", 5), ("TRT-MAGNETIC-AMMO", 5),
    ("TRT-GUIDED-AMMO", 10), ("TRT-EXCEPTIONAL-AMMO", 20), ("TRT-STABILISED-AMMO", 5), ("TRT-OUT-OF-AMMO", -5),
    ("TRT-FIELD-WEAPON", -5)])
def test_TRT_weapon_ammo_traits_cost_their_catalogue_price(trait, points):
    assert price(trait) == points


# --- fire modes chosen per attack: Fuego pesado, Fuego a larga ------------------------------------------------------
def test_TRT_HEAVY_FIRE_is_offered_per_attack_with_ENE_plus_3_and_DMG_plus_3():
    """The engine offers the shot with and without Fuego pesado (ENE 2 / 5); the heavy shot hits with DMG 4 + 3 = 7:
    CH DEF 5 fails (DEF 0): 7 wounds; the odds see DMG 7."""
    g = duel({"weapons": (gun("TRT-HEAVY-FIRE"),)})
    a, b = g.ids
    g.start_activation(a, energy=10)
    opts = [(o.params, o.cost) for o in legal_options(g.engine, "ranged_attack")]
    assert opts == [({"target": b, "weapon": 0}, 2), ({"target": b, "weapon": 0, "mode": "TRT-HEAVY-FIRE"}, 5)]
    heavy = attack_odds(g.gs, a, b, weapon_index=0, ranged=True, dmg_bonus=3)
    assert heavy.expected_wounds == odds(duel({"weapons": (gun(DMG=7),)})).expected_wounds
    g.dice.push(5, 5, 5)
    g.act(a, "ranged_attack", target=b, weapon=0, mode="TRT-HEAVY-FIRE")
    assert g.events("fire_mode")[-1]["rule"] == "TRT-HEAVY-FIRE" and hit_dmg(g) == 7 and g.wounds(b) == 7
    assert g.energy(a) == 5


def test_TRT_HEAVY_FIRE_a_weapon_without_it_has_no_mode():
    g = duel()
    a, b = g.ids
    g.start_activation(a, energy=10)
    err = violation(g.engine.check_action, a, "ranged_attack", {"target": b, "weapon": 0, "mode": "TRT-HEAVY-FIRE"})
    assert err.rule_id == "CBA-1"


def test_TRT_LONG_RANGE_FIRE_RNG_x2_at_ENE_x2():
    """RNG 8: a target 10 K away is out of range; with Fuego a larga RNG 16 it is in range at ENE 2 × 2 = 4; with
    Sin sangre (ENE +1) (2 + 1) × 2 = 6, and Rambo caps it at 4 afterwards (ENE-1, G5)."""
    g = duel({"weapons": (gun("TRT-LONG-RANGE-FIRE", RNG=8),)})
    a, b = g.ids
    g.start_activation(a, energy=10)
    plain = {"target": b, "weapon": 0}
    assert violation(g.engine.check_action, a, "ranged_attack", plain).rule_id == "CMB-10"
    assert g.engine.check_action(a, "ranged_attack", {**plain, "mode": "TRT-LONG-RANGE-FIRE"}) == 4
    race(g, a, "TRT-BLOODLESS")
    assert g.engine.check_action(a, "ranged_attack", {**plain, "mode": "TRT-LONG-RANGE-FIRE"}) == 6
    race(g, a, "TRT-BLOODLESS", "TRT-RAMBO")
    assert g.engine.check_action(a, "ranged_attack", {**plain, "mode": "TRT-LONG-RANGE-FIRE"}) == 4
    race(g, a)
    g.dice.push(8)
    g.act(a, "ranged_attack", target=b, weapon=0, mode="TRT-LONG-RANGE-FIRE")
    assert g.events("miss") and g.energy(a) == 6


def test_ENE_1_TRT_HEAVY_FIRE_TRT_LONG_RANGE_FIRE_least_weapon_price_is_the_cheapest_parameter_set():
    """ENE-1, G5 (issue 20): `energy.least_weapon_price` of a shot is the price of its cheapest legal parameter set
    whatever the fire modes offered (Fuego pesado +3 ENE, Fuego a larga × 2: never cheaper), with the traits' ± ENE
    (Sin sangre +1) and caps (Rambo: 4); a melee attack's too; an action that declares no stand-in has none."""
    from wartime.rules.actions import REGISTRY
    from wartime.rules.energy import least_weapon_price
    g = duel({"weapons": (gun("TRT-HEAVY-FIRE", "TRT-LONG-RANGE-FIRE", RNG=8),)}, {"x": 16})
    a, b = g.ids
    g.start_activation(a, energy=10)
    for traits_, cheapest in (((), 2), (("TRT-BLOODLESS",), 3), (("TRT-BLOODLESS", "TRT-RAMBO"), 3)):
        race(g, a, *traits_)
        costs = sorted(o.cost for o in legal_options(g.engine, "ranged_attack"))
        assert len(costs) == 3 and costs[0] == cheapest, (traits_, costs)
        assert least_weapon_price(g.gs, a, REGISTRY["ranged_attack"], 0, b) == cheapest
    m = duel(melee=True)
    a, b = m.ids
    m.start_activation(a, energy=10)
    assert least_weapon_price(m.gs, a, REGISTRY["melee_attack"], 0, b) == min(
        o.cost for o in legal_options(m.engine, "melee_attack")) == 2
    assert least_weapon_price(m.gs, a, REGISTRY["charge"], 0, b) is None


def test_TRT_LONG_RANGE_FIRE_a_mode_on_an_area_weapon_is_refused():
    from wartime.core.errors import NotImplementedRule
    g = game(shooter(wkw={"traits": ("TRT-LONG-RANGE-FIRE",)}), blue(20, 20))
    a, t = g.ids
    g.start_activation(a, energy=10)
    with pytest.raises(NotImplementedRule):
        g.engine.check_action(a, "ranged_attack", {"target": t, "weapon": 0, "mode": "TRT-LONG-RANGE-FIRE"})
    assert all("mode" not in o.params for o in legal_options(g.engine, "ranged_attack"))


@pytest.mark.parametrize("trait, points", [("TRT-HEAVY-FIRE", 5), ("TRT-LONG-RANGE-FIRE", 5)])
def test_TRT_fire_modes_cost_their_catalogue_price(trait, points):
    assert price(trait) == points


# --- consecutive shots: Fuego automático, Fuego a ráfagas, Fuego sostenido ----------------------------------------
def shoot(g: Game, *dice: int, target: int | None = None, weapon_index: int = 0) -> None:
    """The red attacker (already activated) fires again with these dice."""
    a = g.ids[0]
    g.dice.push(*dice)
    g.act(a, "ranged_attack", target=g.ids[1] if target is None else target, weapon=weapon_index)
    assert g.all_dice_used()


def test_TRT_AUTOMATIC_FIRE_second_consecutive_shot_ENE_minus_1_and_CH_IMP_minus_1():
    """ENE 2 rifle: the first shot costs 2 at CH IMP 5; the second (consecutive) 1 at CH IMP 4, and so does the
    third (not cumulative); after another action in between (Agacharse) the next shot is a first one again."""
    g = duel({"weapons": (gun("TRT-AUTOMATIC-FIRE", ENE=2),)})
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert odds(g).imp_target == 5
    shoot(g, 8)
    assert g.energy(a) == 8 and g.check("IMP")["target"] == 5
    assert odds(g).imp_target == 4 and g.engine.check_action(a, "ranged_attack", {"target": b, "weapon": 0}) == 1
    shoot(g, 8)
    assert g.energy(a) == 7 and g.checks("IMP")[-1]["target"] == 4
    shoot(g, 8)
    assert g.energy(a) == 6 and g.checks("IMP")[-1]["target"] == 4
    g.act(a, "crouch")
    assert g.engine.check_action(a, "ranged_attack", {"target": b, "weapon": 0}) == 2
    terms = traits.combat_terms(g.gs, a, b, g.gs.weapon(a, 0), True)
    assert [m.rule for m in terms.imp] == []


def test_TRT_AUTOMATIC_FIRE_another_weapon_in_between_breaks_the_run():
    g = duel({"weapons": (gun("TRT-AUTOMATIC-FIRE", ENE=3), gun(key="b"))})
    a, b = g.ids
    g.start_activation(a, energy=10)
    shoot(g, 8)
    shoot(g, 8, weapon_index=1)
    assert g.engine.check_action(a, "ranged_attack", {"target": b, "weapon": 0}) == 3


def test_TRT_BURST_FIRE_the_4th_consecutive_shot_at_the_same_target_costs_ENE_minus_1():
    """ENE 3: three shots at B cost 3 each; the 4th and 5th at B cost 2; a shot at C costs 3 and restarts the run."""
    g = Game(M(x=10, y=20, AGI=5, weapons=(gun("TRT-BURST-FIRE", ENE=2),)),
             M(side="blue", x=20, y=20, facing=180.0, CON=9), M(side="blue", x=20, y=24, facing=180.0, CON=9))
    a, b, c = g.ids
    g.start_activation(a, energy=10)
    costs = []
    for _ in range(4):
        costs.append(g.engine.check_action(a, "ranged_attack", {"target": b, "weapon": 0}))
        shoot(g, 8, target=b)
    assert costs == [2, 2, 2, 1]
    assert g.engine.check_action(a, "ranged_attack", {"target": b, "weapon": 0}) == 1
    assert g.engine.check_action(a, "ranged_attack", {"target": c, "weapon": 0}) == 2


def test_TRT_SUSTAINED_FIRE_DMG_plus_1_per_consecutive_hit_on_the_same_enemy():
    """DMG 2 on a CON 9, DEF 0 target: hit 1 DMG 2, hit 2 DMG 3, hit 3 DMG 4 (CH DEF 5 fails, CH PSI 1 passes);
    a miss resets the run: the next hit is DMG 2 again; the odds see the bonus before the shot."""
    g = duel({"weapons": (gun("TRT-SUSTAINED-FIRE", DMG=2, ENE=1),)}, {"CON": 20})
    a, b = g.ids
    g.start_activation(a, energy=10)
    dmgs = []
    for _ in range(3):
        shoot(g, 5, 5, 1)
        dmgs.append(hit_dmg(g))
    assert dmgs == [2, 3, 4]
    assert odds(g).expected_wounds == odds(duel({"weapons": (gun(DMG=5),)}, {"CON": 20})).expected_wounds
    shoot(g, 8)                                              # a miss
    shoot(g, 5, 5, 1)
    assert hit_dmg(g) == 2


@pytest.mark.parametrize("trait, points", [("TRT-AUTOMATIC-FIRE", 5), ("TRT-BURST-FIRE", 5),
                                           ("TRT-SUSTAINED-FIRE", 5)])
def test_TRT_consecutive_fire_traits_cost_their_catalogue_price(trait, points):
    assert price(trait) == points


# --- Empuñadura larga: a melee mode ------------------------------------------------------------------------------
def test_TRT_LONG_GRIP_DMG_plus_1_and_the_wielder_DEF_minus_1_until_its_next_activation():
    """Blade DMG 3, CON 5: melee DMG 4; with the long grip 5 (CH DEF 5 fails, DEF 0: 5 wounds). The wielder
    (DEF 2) then has DEF −1 against the enemy's attacks (CH DEF target 1, DEF subtracted 1) until its next
    activation starts; the odds agree."""
    g = duel({"weapons": (blade(traits=("TRT-LONG-GRIP",)),), "protections": (armour(2),)}, melee=True)
    a, b = g.ids
    g.start_activation(a, energy=10)
    opts = [o.params for o in legal_options(g.engine, "melee_attack")]
    assert opts == [{"target": b, "weapon": 0}, {"target": b, "weapon": 0, "mode": "TRT-LONG-GRIP"}]
    g.dice.push(5, 5, 1)
    g.act(a, "melee_attack", target=b, weapon=0, mode="TRT-LONG-GRIP")
    assert hit_dmg(g) == 5 and g.wounds(b) == 5 and g.events("attack_mode")[-1]["rule"] == "TRT-LONG-GRIP"
    back = attack_odds(g.gs, b, a, weapon_index=None, ranged=False, unarmed=True)
    assert back.def_target == 1
    assert traits.combat_terms(g.gs, b, a, None, False).defense(2) == 1
    g.gs.set_activation(a, acted=False, started=False)
    g.start_activation(a, energy=10)
    assert attack_odds(g.gs, b, a, weapon_index=None, ranged=False, unarmed=True).def_target == 2


def test_TRT_LONG_GRIP_is_a_melee_mode_only():
    g = duel({"weapons": (gun("TRT-LONG-GRIP"),)})
    a, b = g.ids
    g.start_activation(a, energy=10)
    err = violation(g.engine.check_action, a, "ranged_attack", {"target": b, "weapon": 0, "mode": "TRT-LONG-GRIP"})
    assert err.rule_id == "CBA-1"


def test_TRT_LONG_GRIP_costs_its_catalogue_price():
    assert price("TRT-LONG-GRIP") == 3


# --- Arma corta --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rng, second", [(5, False), (6, True)])
def test_TRT_SHORT_WEAPON_RNG_up_to_5_counts_as_RNG_0_in_melee(rng, second):
    """A DMG 3 pistol in melee (CBA-8), CON 5: one CH IMP (3) with RNG 5 and Arma corta, then CH DEF 5 fails (DEF
    0): melee DMG 3 + 5 − 4 = 4 wounds; with RNG 6 the trait does not apply: a second CH IMP (3) as CBA-8."""
    g = duel({"weapons": (gun("TRT-SHORT-WEAPON", DMG=3, RNG=rng),)}, melee=True)
    a, b = g.ids
    dice = (3, 3, 5, 5) if second else (3, 5, 5)
    attack(g, *dice, key="melee_attack_firearm")
    assert len(g.checks("IMP")) == (2 if second else 1) and g.wounds(b) == 4


def test_TRT_SHORT_WEAPON_costs_its_catalogue_price():
    assert price("TRT-SHORT-WEAPON") == 1


# --- Miedo en las manos ------------------------------------------------------------------------------------------
def shaky(where: str, *, behind: bool = False) -> Game:
    """Red at (10, 20) facing +x; B 10 K ahead, C 6 K ahead (or 6 K behind the shooter, out of its FOV)."""
    red = dict(x=10, y=20, AGI=5, weapons=(gun("TRT-SHAKY-HANDS" if where == "weapon" else "TRT-SUPPRESSOR"),
                                           gun(key="b")))
    g = Game(M(**red), M(side="blue", x=20, y=20, facing=180.0), M(side="blue", x=4 if behind else 16, y=20,
                                                                    facing=180.0))
    if where == "race":
        race(g, g.ids[0], "TRT-SHAKY-HANDS")
    g.start_activation(g.ids[0], energy=10)
    return g


@pytest.mark.parametrize("where", ["race", "weapon"])
def test_TRT_SHAKY_HANDS_must_shoot_at_the_nearest_valid_enemy(where):
    """C (6 K) is nearer than B (10 K): a shot at B is refused, at C legal; the engine offers only C."""
    g = shaky(where)
    a, b, c = g.ids
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": b, "weapon": 0}).rule_id \
        == "TRT-SHAKY-HANDS"
    assert g.engine.check_action(a, "ranged_attack", {"target": c, "weapon": 0}) == 2
    assert {o.params["target"] for o in legal_options(g.engine, "ranged_attack") if o.params["weapon"] == 0} == {c}
    # on a race every shot is shaky; on a weapon only the shots with it
    other = {"target": b, "weapon": 1}
    if where == "race":
        assert violation(g.engine.check_action, a, "ranged_attack", other).rule_id == "TRT-SHAKY-HANDS"
    else:
        assert g.engine.check_action(a, "ranged_attack", other) == 2


def test_TRT_SHAKY_HANDS_a_nearer_enemy_it_cannot_shoot_does_not_count():
    """C stands 6 K behind the shooter, outside its field of view: B is the nearest valid enemy."""
    g = shaky("race", behind=True)
    a, b, c = g.ids
    assert g.engine.check_action(a, "ranged_attack", {"target": b, "weapon": 0}) == 2


def test_TRT_SHAKY_HANDS_costs_its_catalogue_price():
    assert price("TRT-SHAKY-HANDS", "race") == -5 and price("TRT-SHAKY-HANDS", "weapon") == -5


# --- Arma muy larga ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("gap, legal", [(1.5, True), (2.0, True), (2.5, False)])
def test_TRT_VERY_LONG_WEAPON_melee_attacks_an_enemy_up_to_2_K_away(gap, legal):
    """A pike (DMG 3, CON 5) and an enemy `gap` K away (edge to edge), not engaged: within 2 K the engine offers the
    melee attack and it hits with melee DMG 3 + 5 − 4 = 4 (CH DEF 5 fails, DEF 0); beyond, CMB-11 refuses it."""
    g = Game(M(x=10, y=20, AGI=5, CON=5, weapons=(blade(traits=("TRT-VERY-LONG-WEAPON",)),)),
             M(side="blue", x=11 + gap, y=20, facing=180.0, CON=9))
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert not g.gs.engaged(a)
    params = {"target": b, "weapon": 0}
    if not legal:
        assert violation(g.engine.check_action, a, "melee_attack", params).rule_id == "CMB-11"
        assert list(legal_options(g.engine, "melee_attack")) == []
        return
    assert [o.params for o in legal_options(g.engine, "melee_attack")] == [params]
    g.dice.push(5, 5, 5)
    g.act(a, "melee_attack", **params)
    assert hit_dmg(g) == 4 and g.wounds(b) == 4


def test_TRT_VERY_LONG_WEAPON_a_plain_blade_needs_base_contact():
    g = Game(M(x=10, y=20, weapons=(blade(),)), M(side="blue", x=12.5, y=20, facing=180.0))
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "melee_attack", {"target": b, "weapon": 0}).rule_id == "CMB-11"


def test_TRT_VERY_LONG_WEAPON_and_short_weapon_cost_their_catalogue_price():
    assert price("TRT-VERY-LONG-WEAPON") == 3 and price("TRT-SHORT-WEAPON") == 1


# --- Munición aturdiradora -----------------------------------------------------------------------------------------
def test_TRT_STUN_AMMO_a_hit_target_cannot_react_and_has_CH_ATR_minus_1():
    """DEF 5 target: the hit (CH IMP 5) is stopped by its CH DEF 2 (5 − 5 = 0 wounds) yet stuns it: CH AGI, CH VOL
    and its CH IMP −1 (not a CH DEF), and the next shot opens no reaction window for it; when its own activation of
    this turn is over, the stun is gone."""
    from wartime.rules.modifiers import character_mods
    g = duel({"weapons": (gun("TRT-STUN-AMMO"),)}, {"protections": (armour(5),), "weapons": (gun(),)})
    a, b = g.ids
    assert not traits.reaction_denied(g.gs, b)
    attack(g, 5, 2)
    assert g.wounds(b) == 0 and g.events("stunned")[-1]["who"] == b
    for attribute, kind in (("AGI", "ATR"), ("VOL", "PSI"), ("AGI", "IMP")):
        assert {m.rule: m.value for m in character_mods(g.gs, b, attribute, kind)}["TRT-STUN-AMMO"] == -1
    assert attack_odds(g.gs, b, a, weapon_index=0, ranged=True).imp_target == 4
    assert traits.reaction_denied(g.gs, b) == "TRT-STUN-AMMO"
    g.auto_pass = False
    g.dice.push(9)
    g.declare(a, "ranged_attack", target=b, weapon=0)           # no window for the stunned target: it resolves
    assert g.pending is None or g.pending.actor != b
    g.gs.set_activation(b, started=True, acted=True)
    assert not traits.reaction_denied(g.gs, b) and not character_mods(g.gs, b, "AGI", "ATR")


def test_TRT_STUN_AMMO_without_the_stun_the_target_is_offered_a_reaction():
    g = duel({"weapons": (gun(),)}, {"protections": (armour(5),), "weapons": (gun(),)})
    a, b = g.ids
    attack(g, 5, 2)
    g.auto_pass = False
    g.declare(a, "ranged_attack", target=b, weapon=0)
    assert g.pending.kind == "react" and g.pending.actor == b


def test_TRT_STUN_AMMO_hit_in_its_own_activation_lasts_through_the_next_one():
    """Hit after its activation of the turn started: stunned until the end of its activation next turn."""
    g = duel({"weapons": (gun("TRT-STUN-AMMO"),)}, {"protections": (armour(5),)})
    a, b = g.ids
    g.gs.set_activation(b, started=True)
    attack(g, 5, 2)
    assert g.events("stunned")[-1]["until_turn"] == g.world.resources["flow"].turn + 1
    g.gs.set_activation(b, acted=True)
    assert traits.reaction_denied(g.gs, b) == "TRT-STUN-AMMO"


def test_TRT_STUN_AMMO_costs_its_catalogue_price():
    assert price("TRT-STUN-AMMO") == 5


# --- Artillero requerido -----------------------------------------------------------------------------------------
def test_TRT_CREW_REQUIRED_needs_an_ally_in_base_contact_not_engaged():
    """Alone, the crewed gun is refused; with an ally in base contact it fires (ENE 2, the ally spends none); an
    ally engaged with an enemy is no crew."""
    g = Game(M(x=10, y=20, weapons=(gun("TRT-CREW-REQUIRED"),)), M(side="blue", x=20, y=20, facing=180.0),
             M(x=10, y=21.02), M(side="blue", x=10, y=22.04, facing=270.0))
    a, b, ally, foe = g.ids
    g.start_activation(a, energy=10)
    shot_at = {"target": b, "weapon": 0}
    assert g.gs.in_contact(a, ally) and g.gs.engaged(ally)
    assert violation(g.engine.check_action, a, "ranged_attack", shot_at).rule_id == "TRT-CREW-REQUIRED"
    g.world.set(foe, replace(g.gs.pos(foe), x=30.0, y=30.0))
    assert not g.gs.engaged(ally)
    assert g.engine.check_action(a, "ranged_attack", shot_at) == 2
    g.world.set(ally, replace(g.gs.pos(ally), x=15.0, y=30.0))
    assert violation(g.engine.check_action, a, "ranged_attack", shot_at).rule_id == "TRT-CREW-REQUIRED"


def test_TRT_CREW_REQUIRED_costs_its_catalogue_price():
    assert price("TRT-CREW-REQUIRED") == -5


# --- Munición de racimo, Área manguante -----------------------------------------------------------------------------
def test_TRT_CLUSTER_AMMO_a_round_area_of_half_the_DMG_with_DMG_halved():
    """DMG 5: the attack gets an R3 area (5 / 2 = 2.5 → 3); A at the centre takes 5 / 2 → 3, B partly covered
    5 × 1/4 = 1.25 → 1 (one rounding); CH DEF 5 fails (DEF 0), each CH PSI 2 passes."""
    w = weapon_of(_archetype("Munición de racimo", DMG=5))
    assert w.area == "R3" and weapon_of(_archetype("Munición de racimo", DMG=1, RNG=5)).area == "R1"
    g = game(M(x=10, y=20, AGI=5, VOL=7, weapons=(w,)), blue(20, 20), blue(20, 21.2))
    a, ta, tb = g.ids
    fire(g, 3, 5, 2, 5, 2, target=ta)
    assert g.events("area_attack")[0]["area"] == "R3"
    assert {ev["target"]: ev["dmg"] for ev in g.events("hit")} == {ta: 3, tb: 1}
    assert (g.wounds(ta), g.wounds(tb)) == (3, 1)


def test_TRT_CLUSTER_AMMO_a_critical_adds_1_before_the_halving():
    """Critical: (5 + 1) / 2 = 3 to A, (5 + 1) / 4 = 1.5 → 2 to B (a critical ignores cover)."""
    g = game(M(x=10, y=20, AGI=5, VOL=7, weapons=(weapon_of(_archetype("Munición de racimo", DMG=5)),)),
             blue(20, 20), blue(20, 21.2))
    a, ta, tb = g.ids
    fire(g, 1, 5, 2, 5, 2, target=ta)
    assert {ev["target"]: ev["dmg"] for ev in g.events("hit")} == {ta: 3, tb: 2}


def test_TRT_WANING_AREA_DMG_minus_1_per_K_from_the_centre():
    """R4 (radius 2), DMG 4: A at the centre takes 4; B (centre 1.2 K away: its base 0.7 K → 1) 4 − 1 = 3; C partly
    covered (base 1.6 K → 2) (4 − 2) / 2 = 1."""
    w = weapon(ENE=2, DMG=4, RNG=40, key="launcher", area="R4", traits=("TRT-AREA", "TRT-WANING-AREA"))
    g = game(M(x=10, y=20, AGI=5, VOL=7, weapons=(w,)), blue(20, 20), blue(20, 21.2), blue(22.1, 20))
    a, ta, tb, tc = g.ids
    fire(g, 3, 5, 2, 5, 2, 5, 2, target=ta)
    assert {ev["target"]: (ev["dmg"], ev["coverage"]) for ev in g.events("hit")} == \
        {ta: (4, "full"), tb: (3, "full"), tc: (1, "partial")}


def test_TRT_WANING_AREA_DMG_may_fall_to_0():
    w = weapon(ENE=2, DMG=1, RNG=40, key="launcher", area="R4", traits=("TRT-AREA", "TRT-WANING-AREA"))
    g = game(M(x=10, y=20, AGI=5, VOL=7, weapons=(w,)), blue(20, 20), blue(20, 21.2))
    a, ta, tb = g.ids
    fire(g, 3, 5, 2, 5, target=ta)
    assert {ev["target"]: ev["dmg"] for ev in g.events("hit")} == {ta: 1, tb: 0} and g.wounds(tb) == 0


@pytest.mark.parametrize("trait, points", [("TRT-CLUSTER-AMMO", 5), ("TRT-WANING-AREA", -3)])
def test_TRT_cluster_and_waning_area_cost_their_catalogue_price(trait, points):
    assert price(trait) == points


# --- Munición explosiva ----------------------------------------------------------------------------------------------
def test_TRT_EXPLOSIVE_AMMO_each_hit_strikes_twice_with_one_CH_PSI_after_both():
    """DEF 2, DMG 4, CON 20: CH DEF 2 passes (4 − 2 = 2 wounds), the second CH DEF 5 fails (4 wounds): 6 wounds and
    one CH PSI; the odds expect twice one hit's wounds."""
    g = duel({"weapons": (gun("TRT-EXPLOSIVE-AMMO"),)}, {"protections": (armour(2),), "CON": 20})
    a, b = g.ids
    plain = duel(blue={"protections": (armour(2),), "CON": 20})
    assert odds(g).expected_wounds == 2 * odds(plain).expected_wounds
    attack(g, 5, 2, 5, 1)
    assert [c["die"] for c in g.checks("DEF")] == [2, 5] and len(g.checks("PSI")) == 1
    assert g.wounds(b) == 6 and g.events("second_hit")[-1]["rule"] == "TRT-EXPLOSIVE-AMMO"


def test_TRT_EXPLOSIVE_AMMO_a_critical_hit_adds_1_to_both():
    g = duel({"weapons": (gun("TRT-EXPLOSIVE-AMMO"),)}, {"CON": 20})
    attack(g, 1, 5, 5, 1)                                    # critical: DMG 5 twice, both CH DEF fail: 10 wounds
    assert g.wounds(g.ids[1]) == 10


def test_TRT_EXPLOSIVE_AMMO_the_odds_of_a_kill_count_both_hits():
    """CON 5, DEF 0: one DMG 4 hit never kills; two can (both CH DEF failing): P(incapacitated) > 0."""
    plain = duel(blue={"CON": 5})
    g = duel({"weapons": (gun("TRT-EXPLOSIVE-AMMO"),)}, {"CON": 5})
    assert odds(plain).p_incapacitate < odds(g).p_incapacitate


def test_TRT_EXPLOSIVE_AMMO_on_an_area_each_covered_mini_takes_two_hits():
    w = weapon(ENE=2, DMG=4, RNG=40, key="launcher", area="R3", traits=("TRT-AREA", "TRT-EXPLOSIVE-AMMO"))
    g = game(M(x=10, y=20, AGI=5, VOL=7, weapons=(w,)), blue(20, 20, CON=20))
    a, t = g.ids
    fire(g, 3, 5, 5, 2, target=t)                            # two CH DEF 5 (DEF 0): 8 wounds; one CH PSI
    assert g.wounds(t) == 8 and len(g.checks("PSI")) == 1


def test_TRT_EXPLOSIVE_AMMO_costs_its_catalogue_price():
    assert price("TRT-EXPLOSIVE-AMMO") == 20


# --- Munición de parada --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("con, dmg, pushed", [(4, 4, 2.0), (6, 4, 0.0), (4, 6, 4.0)])
def test_TRT_STOPPING_AMMO_pushes_the_hit_target_DMG_plus_2_minus_CON_K_away(con, dmg, pushed):
    """DEF 5 stops every wound (CH DEF 2 passes) yet the target is pushed (DMG + 2 − CON) K straight away from the
    shooter: DMG 4, CON 4: 2 K; CON 6: 0, no push; DMG 6: 4 K."""
    g = duel({"weapons": (gun("TRT-STOPPING-AMMO", DMG=dmg),)}, {"protections": (armour(5 if dmg == 4 else 7),),
                                                                "CON": con})
    a, b = g.ids
    x0 = g.pos(b)[0]
    attack(g, 5, 2)
    assert g.wounds(b) == 0
    assert g.pos(b)[0] == pytest.approx(x0 + pushed) and bool(g.events("pushed")) == (pushed > 0)


def test_TRT_STOPPING_AMMO_a_push_stops_at_an_obstacle():
    """A wall 1 K behind the target's base: pushed 2 K, it stops against it (about 1 K)."""
    from rules_helpers import piece
    g = Game(M(x=10, y=20, AGI=5, weapons=(gun("TRT-STOPPING-AMMO"),)),
             M(side="blue", x=20, y=20, facing=180.0, CON=4, protections=(armour(5),)),
             pieces=[piece("wall", "blocking", 21.5, 15, 22.5, 25, height=3.0)])
    a, b = g.ids
    attack(g, 5, 2)
    assert 20.9 <= g.pos(b)[0] <= 21.0 + 1e-6 and g.events("pushed")[-1]["rule"] == "TRT-STOPPING-AMMO"


def test_TRT_STOPPING_AMMO_costs_its_catalogue_price():
    assert price("TRT-STOPPING-AMMO") == 5


# --- Arma de carga ---------------------------------------------------------------------------------------------------
def charged(weapons, *, red_def: int = 3) -> Game:
    """Red (AGI 5, CON 4, DEF `red_def`) charges blue (CON 9) 6 K away: in base contact, the charge bonuses set."""
    g = Game(M(x=5, y=20, AGI=5, mov=5, weapons=weapons, protections=(armour(red_def),)),
             M(side="blue", x=12, y=20, CON=9, facing=180.0))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "charge", target=b, path=[[11, 20]])
    return g


def test_TRT_CHARGE_WEAPON_charging_DMG_plus_2_more_and_DEF_minus_2_for_that_melee():
    """Blade DMG 3, CON 4: the charging attack deals 3 + 1 (charge) + 2 = 6 (CH DEF 5 fails); the wielder's DEF 3
    is then 1 against the enemy while they stay in contact, 3 again once apart; the next attack has no bonus."""
    g = charged((blade(DMG=3, traits=("TRT-CHARGE-WEAPON",)),))
    a, b = g.ids
    assert odds(g).expected_wounds == odds(charged((blade(DMG=5),))).expected_wounds
    g.dice.push(6, 5, 1)
    g.act(a, "melee_attack", target=b, weapon=0)
    assert hit_dmg(g) == 6 and g.events("charge_exposed")[-1]["who"] == a
    back = attack_odds(g.gs, b, a, weapon_index=None, ranged=False, unarmed=True)
    assert back.def_target == 1
    g.dice.push(9)
    g.act(a, "melee_attack", target=b, weapon=0)
    assert len(g.events("hit")) == 1                         # the second attack (CH IMP 9 misses) had no bonus
    assert traits.combat_terms(g.gs, a, b, g.gs.weapon(a, 0), False).dmg_plus == 0
    g.world.set(b, replace(g.gs.pos(b), x=20.0))
    assert traits.combat_terms(g.gs, b, a, None, True).defense(3) == 3


def test_TRT_CHARGE_WEAPON_an_attack_without_a_charge_gets_nothing():
    g = duel({"weapons": (blade(DMG=3, traits=("TRT-CHARGE-WEAPON",)),), "CON": 4}, melee=True)
    a, b = g.ids
    attack(g, 5, 5, 1)
    assert hit_dmg(g) == 3 and not g.events("charge_exposed")


def test_TRT_CHARGE_WEAPON_costs_its_catalogue_price():
    assert price("TRT-CHARGE-WEAPON") == 5


# --- Campo ciego, Cargas: a level and a parameter carried into play --------------------------------------------------
@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_TRT_BLIND_ZONE_no_shot_within_the_first_5_K_per_level(level):
    """Level N: a target 5 × N K away (or nearer) is refused, one 0.5 K beyond is legal; the level rides on the
    weapon in play (weapon_of) and the card shows it."""
    from wartime.ui.adapter import trait_lines
    w = weapon_of(archetype_from_dict({"id": "gun", "kind": "weapon", "name": "Gun", "ENE": 4, "DMG": 8, "RNG": 40,
                                       "QUA": 4, "traits": [{"name": "Campo ciego", "level": level}]}))
    assert traits.trait_arg(w, "TRT-BLIND-ZONE") == str(level) and traits.min_range(w) == ("TRT-BLIND-ZONE", 5 * level)
    for gap, legal in ((5.0 * level, False), (5.0 * level + 0.5, True)):
        g = Game(M(x=2, y=20, VOL=9, weapons=(w,)), M(side="blue", x=3 + gap, y=20, facing=180.0))
        a, b = g.ids
        g.start_activation(a, energy=10)
        params = {"target": b, "weapon": 0}
        if legal:
            assert g.engine.check_action(a, "ranged_attack", params) == 4
        else:
            assert violation(g.engine.check_action, a, "ranged_attack", params).rule_id == "TRT-BLIND-ZONE"
    assert [(t.trait_id, t.name) for t in trait_lines(g.gs, a)] == [("TRT-BLIND-ZONE", f"Blind Zone ({level})")]


def test_TRT_BLIND_ZONE_an_area_aimed_at_a_point_inside_it_is_refused():
    w = weapon(ENE=2, DMG=4, RNG=40, key="launcher", area="R3",
               traits=("TRT-AREA", "TRT-BLIND-ZONE", "TRT-BLIND-ZONE:2"))
    g = game(M(x=10, y=20, AGI=5, VOL=7, weapons=(w,)), blue(30, 20))
    a, t = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "ranged_attack", {"aim": [18, 20], "weapon": 0}).rule_id \
        == "TRT-BLIND-ZONE"
    assert g.engine.check_action(a, "ranged_attack", {"aim": [22, 20], "weapon": 0}) == 2


@pytest.mark.parametrize("uses", [1, 2, 3])
def test_TRT_CHARGES_a_limited_number_of_uses_per_game(uses):
    """Cargas (n): n attacks (each a miss, CH IMP 8), then the weapon is refused for the rest of the game."""
    w = weapon_of(archetype_from_dict({"id": "gun", "kind": "weapon", "name": "Gun", "ENE": 1, "DMG": 4, "RNG": 20,
                                       "QUA": 4, "traits": [{"name": "Cargas", "param": uses}]}))
    g = duel({"weapons": (w,)})
    a, b = g.ids
    g.start_activation(a, energy=10)
    for k in range(uses):
        shoot(g, 8)
        assert traits.trait_arg(g.gs.weapon(a, 0), "TRT-CHARGES") == str(uses - k - 1)
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": b, "weapon": 0}).rule_id == "TRT-CHARGES"
    g.gs.set_activation(a, acted=False, started=False)
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": b, "weapon": 0}).rule_id == "TRT-CHARGES"


def test_TRT_CHARGES_its_number_of_uses_is_a_positive_whole_number():
    from wartime.core.errors import DataError
    with pytest.raises(DataError):
        archetype_from_dict({"id": "gun", "kind": "weapon", "name": "Gun", "ENE": 1, "DMG": 4, "RNG": 20, "QUA": 4,
                             "traits": [{"name": "Cargas", "param": "many"}]})
    with pytest.raises(DataError):
        archetype_from_dict({"id": "gun", "kind": "weapon", "name": "Gun", "ENE": 1, "DMG": 4, "RNG": 20, "QUA": 4,
                             "traits": [{"name": "Cargas"}]})


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_TRT_BLIND_ZONE_costs_its_catalogue_price_per_level(level):
    assert priced_trait("TRT-BLIND-ZONE", "weapon", "test", "traits", level=level).points == -5 * level


def test_TRT_CHARGES_costs_its_catalogue_price():
    gun_ = archetype_from_dict({"id": "gun", "kind": "weapon", "name": "Gun", "ENE": 1, "DMG": 4, "RNG": 20, "QUA": 4,
                                "traits": [{"name": "Cargas", "param": 3}]})
    assert [t.points for t in gun_.traits] == [-5]


# --- Golpe de los dioses ------------------------------------------------------------------------------------------------
def test_TRT_STRIKE_OF_THE_GODS_a_point_under_open_sky_without_line_of_sight():
    """A 3 K wall hides the point (22, 20) from the shooter: a plain scatter launcher may not aim there (ENV-2); with
    Golpe de los dioses it may; a point under a roofed piece (a 3 K high block over (22, 26)) still may not."""
    from rules_helpers import piece
    wall = piece("wall", "blocking", 15, 10, 16, 24, height=3.0, blocks_los=True)
    roof = piece("house", "blocking", 21, 25, 23, 27, height=3.0, blocks_los=True)
    for extra, legal in (((), False), (("TRT-STRIKE-OF-THE-GODS",), True)):
        w = weapon(ENE=2, DMG=4, RNG=40, key="mortar", area="R3", traits=("TRT-AREA", "TRT-SCATTER") + extra)
        g = game(M(x=10, y=20, AGI=5, VOL=7, weapons=(w,)), blue(30, 20), pieces=[wall, roof])
        a, t = g.ids
        g.start_activation(a, energy=10)
        at = {"aim": [22, 20], "weapon": 0}
        if legal:
            assert g.engine.check_action(a, "ranged_attack", at) == 2
            err = violation(g.engine.check_action, a, "ranged_attack", {"aim": [22, 26], "weapon": 0})
            assert err.rule_id == "ENV-2"
        else:
            assert violation(g.engine.check_action, a, "ranged_attack", at).rule_id == "ENV-2"


def test_TRT_STRIKE_OF_THE_GODS_is_fielded_with_Dispersion_and_costs_its_catalogue_price():
    assert "TRT-SCATTER" in traits.fielding_problem("TRT-STRIKE-OF-THE-GODS", "weapon", {"TRT-STRIKE-OF-THE-GODS"})
    assert price("TRT-STRIKE-OF-THE-GODS") == 10


# --- Arco concentrado --------------------------------------------------------------------------------------------------
def test_TRT_FOCUSED_ARC_a_drop_area_fired_as_a_line_with_DMG_plus_2():
    """A G4/3 flamer: the engine offers the shot with and without the focused mode; focused, the area is an L4 with
    DMG 4 + 2 = 6 (CH DEF 5 fails, DEF 0; CH PSI 2)."""
    w = weapon(ENE=2, DMG=4, RNG=20, key="flamer", area="G4/3", traits=("TRT-AREA", "TRT-FOCUSED-ARC"))
    g = game(M(x=10, y=20, AGI=5, VOL=7, weapons=(w,)), blue(15, 20, CON=20))
    a, t = g.ids
    g.start_activation(a, energy=10)
    modes = {o.params.get("mode") for o in legal_options(g.engine, "ranged_attack")}
    assert modes == {None, "TRT-FOCUSED-ARC"}
    fire(g, 3, 5, 2, target=t, mode="TRT-FOCUSED-ARC")
    assert g.events("area_attack")[0]["area"] == "L4" and g.events("hit")[-1]["dmg"] == 6 and g.wounds(t) == 6


def test_TRT_FOCUSED_ARC_no_mode_on_a_round_area():
    w = weapon(ENE=2, DMG=4, RNG=20, key="launcher", area="R3", traits=("TRT-AREA", "TRT-FOCUSED-ARC"))
    g = game(M(x=10, y=20, AGI=5, VOL=7, weapons=(w,)), blue(15, 20))
    a, t = g.ids
    g.start_activation(a, energy=10)
    assert {o.params.get("mode") for o in legal_options(g.engine, "ranged_attack")} == {None}
    err = violation(g.engine.check_action, a, "ranged_attack", {"target": t, "weapon": 0, "mode": "TRT-FOCUSED-ARC"})
    assert err.rule_id == "CBA-1"


def test_TRT_FOCUSED_ARC_costs_its_catalogue_price():
    assert price("TRT-FOCUSED-ARC") == 15


def test_TRT_MAGNETIC_AMMO_no_DMG_halving_against_an_energy_shield():
    """A target carrying Escudo de energía is not one 'without energy shields': DMG 4 stays 4."""
    g = duel({"weapons": (gun("TRT-MAGNETIC-AMMO"),)})
    a, b = g.ids
    race(g, b, "TRT-ENERGY-SHIELD")
    assert traits.combat_terms(g.gs, a, b, g.gs.weapon(a, 0), True).dmg_factor == 1
