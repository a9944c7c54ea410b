"""Race traits of rules/traits/race_extra.py (issue 12): Mulo, Maestro rúnico, Artificiero, Pez, Maestro de esgrima,
and Sed de sangre's charge; each set up with scripted dice and checked against its catalogue effect and ruling, and
priced at its catalogue cost."""
from __future__ import annotations

from pathlib import Path

import pytest

from rules_helpers import Game, M, armour, blade, built_state, violation, weapon
from test_rules_areas import area_weapon, blue as area_blue, fire, game as area_game, hits
from test_rules_metahabilities import give, mh, two
from test_rules_terrain_moves import LAKE
from test_rules_traits_combat import attack, duel, hit_dmg, imp_target, race
from test_rules_traits_race import blood_game, price
from wartime.core.components import Gear, Item, Position, TraitState, Wounds
from wartime.data.loader import load_catalogue
from wartime.data.models import CharacterSpec
from wartime.match.setup import fielding_problems
from wartime.rules.actions.combat import charge_allowance
from wartime.rules.areas import aim_at_target, expected_area_value
from wartime.rules.modifiers import overload_penalty
from wartime.rules.odds import attack_odds
from wartime.rules import traits

BOOK = Path(__file__).resolve().parents[2] / "scenarios" / "catalogue" / "book-examples.toml"


@pytest.mark.parametrize("trait, points", [("TRT-MULE", 5), ("TRT-RUNE-MASTER", 10), ("TRT-DEMOLITIONS-EXPERT", 5),
                                           ("TRT-FISH", 2), ("TRT-FENCING-MASTER", 10), ("TRT-PROUD", 15),
                                           ("TRT-POWERFUL", 10), ("TRT-SPIDER-SENSE", 5)])
def test_TRT_MULE_TRT_RUNE_MASTER_TRT_DEMOLITIONS_EXPERT_TRT_FISH_TRT_FENCING_MASTER_TRT_PROUD_TRT_POWERFUL_cost(
        trait, points):
    """Each costs its catalogue price."""
    assert price(trait) == points


def test_TRT_DEMOLITIONS_EXPERT_on_an_object_costs_its_price_and_is_fielded():
    assert price("TRT-DEMOLITIONS-EXPERT", "object") == 5
    assert traits.fielding_problem("TRT-DEMOLITIONS-EXPERT", "object", {"TRT-DEMOLITIONS-EXPERT"}, None,
                                   frozenset()) is None


# --- Mulo ----------------------------------------------------------------------------------------------------------
def test_TRT_MULE_melee_DMG_counts_CON_plus_1():
    """Blade DMG 3, CON 5: MOD-1 DMG 3 + 5 − 4 = 4; a mule hits as CON 6: DMG 5 (CH DEF 5 fails against DEF 0); the
    odds agree; its CON checks are not touched (CH CON target 5)."""
    g = duel(melee=True)
    attack(g, 5, 5, 5)
    assert hit_dmg(g) == 4
    g = duel(melee=True)
    a, b = g.ids
    race(g, a, "TRT-MULE")
    assert attack_odds(g.gs, a, b, weapon_index=0, ranged=False).expected_wounds > attack_odds(
        duel(melee=True).gs, a, b, weapon_index=0, ranged=False).expected_wounds
    attack(g, 5, 5, 5)
    assert hit_dmg(g) == 5
    assert g.gs.attrs(a).CON == 5


def test_TRT_MULE_unarmed_DMG_counts_CON_plus_1():
    """CBA-10 unarmed: DMG 0 + CON − 4 (minimum 1): CON 6 → 2, a mule → 3."""
    g = duel({"CON": 6, "weapons": ()}, melee=True)
    race(g, g.ids[0], "TRT-MULE")
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(5, 5, 5)
    g.act(a, "unarmed_attack", target=b)
    assert hit_dmg(g) == 3


def test_TRT_MULE_overload_counts_CON_plus_1():
    """The brawler's derived values (examples/character_brawler.toml): CON 7 wearing DEF 7: overload 0 at 0 wounds
    (7 ≤ 8), 1 at 2 wounds (7 − (8 − 2)); without Mulo 0 → 0 and 2."""
    g = Game(M(CON=7, protections=(armour(5, key="plate"), armour(2, key="shield"))), M(side="blue", x=30))
    a = g.ids[0]
    assert overload_penalty(g.gs, a) == 0
    g.set(a, Wounds(2))
    assert overload_penalty(g.gs, a) == 2
    race(g, a, "TRT-MULE")
    assert overload_penalty(g.gs, a) == 1
    g.set(a, Wounds(0))
    assert overload_penalty(g.gs, a) == 0


def test_TRT_MULE_carries_as_CON_plus_1():
    """MVA-8: a load of CON 7 is too heavy for a CON 6 carrier alone; a CON 6 mule carries it (≤ CON 7: extreme,
    ENE 3)."""
    g = Game(M(x=10, y=20, CON=6, mov=3), M(side="blue", x=11.02, y=20, CON=7, wounds=7))
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "move_carrying", {"target": b, "path": [[10, 23]]}).rule_id == "MVA-8"
    race(g, a, "TRT-MULE")
    g.act(a, "move_carrying", target=b, path=[[10, 23]])
    assert g.energy(a) == 7 and g.pos(a) == (10, 23)


def test_TRT_MULE_the_book_brawler_fields_and_hits_as_CON_8():
    """The building chapter's heavy-armoured brawler (book-examples.toml: Mulo, a sharpened war axe, oversized plate,
    a tower shield) is fielded with no refusal; in play its axe hits for DMG 5 + 8 − 4 + 1 (Afilada) = 10."""
    a = load_catalogue(BOOK).archetypes
    spec = CharacterSpec(id="brawler", name="Brawler", race=a["heavy_human"], weapons=(a["sharp_war_axe"],),
                         protections=(a["oversized_plate"], a["tower_shield"]))
    assert fielding_problems(spec) == []
    gs = built_state(("red", spec), ("blue", CharacterSpec(id="h", name="H", race=a["human"])))
    e = next(x for x in gs.minis() if gs.side(x) == "red")
    assert traits.strength(gs, e) == 8 and gs.attrs(e).CON == 7 and overload_penalty(gs, e) == 0


# --- Maestro rúnico -------------------------------------------------------------------------------------------------
def test_TRT_RUNE_MASTER_an_invocation_costs_ENE_minus_1_minimum_1():
    """An invocation of ENE 3 costs a rune master 2 (ENE 10 → 8); one of ENE 1 still costs 1; a bunkai is not an
    invocation (ENE 3)."""
    g = two({"INT": 6}, side="red")
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-PSYCHIC-ENERGY", ENE=3), mh("TRT-INVOCATION", "TRT-PSYCHIC-ENERGY", ENE=1),
         bonuses=("TRT-NEUROMANCER", "TRT-RUNE-MASTER"))
    g.start_activation(a, energy=10)
    g.dice.push(6)
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.energy(a) == 8
    g.dice.push(6)
    g.act(a, "use_metahability", meta=1, target=b)
    assert g.energy(a) == 7
    give(g, a, mh("TRT-BUNKAI", "TRT-PSYCHIC-ENERGY", ENE=3), bonuses=("TRT-KINETIC", "TRT-RUNE-MASTER"))
    g.dice.push(5)
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.energy(a) == 4


def next_activation(g: Game, e: int, energy: int) -> None:
    """`e`'s activation ends, the next turn begins and `e` starts its next activation with `energy`."""
    g.engine._end_activation(e)
    g.next_turn()
    g.start_activation(e, energy=energy)


def test_TRT_RUNE_MASTER_maintaining_an_invocation_costs_ENE_minus_1():
    """An ENE 3 invocation cast on itself (die 6 passes INT 6) is maintained the next turn for 2 (ENE 5 → 3)."""
    g = two({"INT": 6}, side="red")
    a = g.ids[0]
    give(g, a, mh("TRT-INVOCATION", "TRT-PSYCHIC-ENERGY", ENE=3), bonuses=("TRT-NEUROMANCER", "TRT-RUNE-MASTER"))
    g.start_activation(a, energy=10)
    g.dice.push(6)
    g.act(a, "use_metahability", meta=0, target=a)
    next_activation(g, a, 5)
    g.act(a, "maintain_metahability", meta=0, target=a)
    assert g.energy(a) == 3


# --- Artificiero --------------------------------------------------------------------------------------------------
def test_TRT_DEMOLITIONS_EXPERT_area_DMG_plus_1_full_and_half():
    """An R3 of DMG 4 aimed at a target: DMG 4 on it; an expert's DMG 5; a mini partly covered takes half of 5 = 3
    (BAS-5), in the odds too."""
    g = area_game(M(side="red", x=10, y=20, AGI=9, weapons=(area_weapon(),)), area_blue(20, 20))
    a, t = g.ids
    w = g.gs.weapon(a, 0)
    plain = expected_area_value(g.gs, aim_at_target(g.gs, a, 0, w, t), a)[0]
    race(g, a, "TRT-DEMOLITIONS-EXPERT")
    assert expected_area_value(g.gs, aim_at_target(g.gs, a, 0, w, t), a)[0] > plain
    fire(g, 3, 5, 5, target=t)                       # CH IMP 3; CH DEF 5 fails (DEF 0); CH PSI
    assert hits(g) == {t: (5, "full")}


def test_TRT_DEMOLITIONS_EXPERT_fire_weapons_DMG_plus_1_others_not():
    """A rifle with incendiary rounds hits for DMG 4 + 1; a plain rifle for 4; a blade in melee for its MOD-1 DMG."""
    g = duel({"weapons": (weapon(DMG=4, traits=("TRT-INCENDIARY-AMMO",)),)})
    race(g, g.ids[0], "TRT-DEMOLITIONS-EXPERT")
    assert traits.combat_terms(g.gs, g.ids[0], g.ids[1], g.gs.weapon(g.ids[0], 0), True).dmg_plus == 1
    g = duel()
    race(g, g.ids[0], "TRT-DEMOLITIONS-EXPERT")
    attack(g, 5, 5, 5)
    assert hit_dmg(g) == 4
    g = duel({"weapons": (weapon(DMG=4, traits=("TRT-EXPLOSIVE-AMMO",)),)})
    race(g, g.ids[0], "TRT-DEMOLITIONS-EXPERT")
    assert traits.combat_terms(g.gs, g.ids[0], g.ids[1], g.gs.weapon(g.ids[0], 0), True).dmg_plus == 1


def test_TRT_DEMOLITIONS_EXPERT_an_object_gives_its_holder_the_area_DMG():
    g = area_game(M(side="red", x=10, y=20, AGI=9, weapons=(area_weapon(),)), area_blue(20, 20))
    a, t = g.ids
    g.world.create(Item("Blasting kit", holder=a), Gear("kit", "Blasting kit", 0, 0, 3, ("TRT-DEMOLITIONS-EXPERT",)))
    assert traits.area_dmg_bonus(g.gs, a, g.gs.weapon(a, 0)) == 1
    fire(g, 3, 5, 5, target=t)
    assert hits(g) == {t: (5, "full")}


# --- Pez ------------------------------------------------------------------------------------------------------------
def test_TRT_FISH_swims_as_it_moves_ENE_1_and_no_CH_AGI():
    """MVA-11: MOV 4 at the water's edge, a swim 4 K long: a fish pays ENE 1, rolls nothing (AGI 1 would fail any
    die) and swims the 4 K; a plain swimmer pays 2 and rolls its CH AGI."""
    g = Game(M(x=11, y=20, AGI=1, mov=4), M(side="blue", x=35, y=35), **LAKE)
    a, _ = g.ids
    race(g, a, "TRT-FISH")
    g.start_activation(a, energy=10)
    g.act(a, "swim", path=[[15, 20]])
    assert g.energy(a) == 9 and g.pos(a) == (15, 20) and g.checks() == [] and g.all_dice_used()
    assert g.events("trait_applied", rule="TRT-FISH")
    g = Game(M(x=11, y=20, AGI=6, mov=4), M(side="blue", x=35, y=35), **LAKE)
    g.start_activation(g.ids[0], energy=10)
    g.dice.push(3)
    g.act(g.ids[0], "swim", path=[[15, 20]])
    assert g.energy(g.ids[0]) == 8 and g.check("ATR")["target"] == 6


def test_TRT_FISH_swims_no_further_than_MOV():
    g = Game(M(x=11, y=20, mov=4), M(side="blue", x=35, y=35), **LAKE)
    a, _ = g.ids
    race(g, a, "TRT-FISH")
    g.start_activation(a, energy=10)
    g.act(a, "swim", path=[[16, 20]])
    assert g.pos(a) == pytest.approx((15, 20))


# --- Maestro de esgrima ---------------------------------------------------------------------------------------------
def test_TRT_FENCING_MASTER_attacking_it_chooses_CH_IMP_plus_1_or_DMG_plus_1():
    """Blade DMG 3, CON 5, AGI 5: the CH IMP +1 choice makes the target 6 (DMG 4); the DMG +1 choice DMG 5 (target
    5); no choice, neither; both are offered as the attack's `stance`."""
    g = duel(melee=True)
    a, b = g.ids
    race(g, a, "TRT-FENCING-MASTER")
    g.start_activation(a, energy=10)
    offered = {o.params.get("stance") for o in g.engine.legal_options("melee_attack")}
    assert offered == {None, "fencing_imp", "fencing_dmg"}
    g.dice.push(6, 5, 5)
    g.act(a, "melee_attack", target=b, weapon=0, stance="fencing_imp")
    assert imp_target(g) == 6 and hit_dmg(g) == 4 and g.events("attack_stance", rule="TRT-FENCING-MASTER")
    g = duel(melee=True)
    race(g, g.ids[0], "TRT-FENCING-MASTER")
    g.start_activation(g.ids[0], energy=10)
    g.dice.push(5, 5, 5)
    g.act(g.ids[0], "melee_attack", target=g.ids[1], weapon=0, stance="fencing_dmg")
    assert imp_target(g) == 5 and hit_dmg(g) == 5
    g = duel(melee=True)
    race(g, g.ids[0], "TRT-FENCING-MASTER")
    attack(g, 5, 5, 5)
    assert imp_target(g) == 5 and hit_dmg(g) == 4


def test_TRT_FENCING_MASTER_a_stance_it_does_not_have_is_refused():
    g = duel(melee=True)
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "melee_attack",
                     {"target": b, "weapon": 0, "stance": "fencing_imp"}).rule_id == "CBA-7"
    assert {o.params.get("stance") for o in g.engine.legal_options("melee_attack")} == {None}


def test_TRT_FENCING_MASTER_attacked_in_melee_CH_DEF_plus_1_not_at_range():
    """Armour DEF 2: attacked in melee, its CH DEF target is 3; shot at, 2."""
    g = duel(blue={"protections": (armour(2),)}, melee=True)
    race(g, g.ids[1], "TRT-FENCING-MASTER")
    attack(g, 5, 3, 5)
    assert g.check("DEF")["target"] == 3 and g.check("DEF")["passed"]
    g = duel(blue={"protections": (armour(2),)})
    race(g, g.ids[1], "TRT-FENCING-MASTER")
    attack(g, 5, 3, 5)
    assert g.check("DEF")["target"] == 2


# --- Sed de sangre: the charge ------------------------------------------------------------------------------------
@pytest.mark.parametrize("trait, killer_traits, bearer", [("TRT-THIRST-FOR-BLOOD", ("TRT-THIRST-FOR-BLOOD",), False),
                                                          ("TRT-CRY-OF-BLOOD", (), True)])
def test_TRT_THIRST_FOR_BLOOD_and_TRT_CRY_OF_BLOOD_a_charge_after_the_kill_goes_plus_2_K(trait, killer_traits, bearer):
    """After the melee kill the killer's charge reaches MOV 4 + 3 + 2 = 9 K (the charge always ends engaged, and the
    +2 K costs nothing, so it takes it), and the charge spends the mark."""
    g = blood_game(killer_traits, bearer)
    a, _, other = g.ids[:3]
    assert charge_allowance(g.gs, a) == 9.0
    g.set(g.ids[1], Position(11.0, 35.0, 180.0))                      # the corpse out of the way
    g.set(other, Position(18.5, 20.0, 180.0))                        # 7.5 K away edge to edge: beyond 7 K
    opts = [o for o in g.engine.legal_options("charge") if o.params.get("target") == other]
    assert opts
    g.act(a, "charge", **opts[0].params)
    assert g.gs.in_contact(a, other) and trait not in g.gs.effects(a).spent
    assert charge_allowance(g.gs, a) == 7.0


def test_TRT_THIRST_FOR_BLOOD_the_charge_spends_the_mark():
    g = blood_game(("TRT-THIRST-FOR-BLOOD",))
    a, _, other = g.ids[:3]
    g.set(other, Position(18.0, 20.0, 180.0))
    g.engine._end_activation(a)
    g.next_turn()
    g.start_activation(a, energy=10)
    assert "TRT-THIRST-FOR-BLOOD" not in g.gs.effects(a).spent             # lapsed with the activation
    g = blood_game(("TRT-THIRST-FOR-BLOOD",))
    a, _, other = g.ids[:3]
    g.set(g.ids[1], Position(11.0, 30.0, 180.0))      # the corpse out of the way
    opts = [o for o in g.engine.legal_options("charge") if o.params.get("target") == other]
    assert opts
    g.act(a, "charge", **opts[0].params)
    assert g.gs.in_contact(a, other) and "TRT-THIRST-FOR-BLOOD" not in g.gs.effects(a).spent


# --- Resistencia a (): elements, substances and area attacks -----------------------------------------------------
def _resistant(g: Game, e: int, param: str) -> None:
    race(g, e, "TRT-RESISTANCE")
    g.set(e, TraitState(("TRT-RESISTANCE",), params=(("TRT-RESISTANCE", param),)))


@pytest.mark.parametrize("param, ammo", [("fuego", "TRT-INCENDIARY-AMMO"), ("fire", "TRT-DRAGONS-BREATH-AMMO"),
                                         ("ácido", "TRT-CORROSIVE-AMMO"), ("radiación", "TRT-RADIOACTIVE-AMMO"),
                                         ("explosivos", "TRT-EXPLOSIVE-AMMO")])
def test_TRT_RESISTANCE_DEF_plus_2_against_a_weapon_delivering_the_element(param, ammo):
    """Resistencia a (fuego): DEF +2 against a shot with incendiary rounds, none against a plain rifle's."""
    g = duel(blue={"protections": (armour(3),)})
    a, b = g.ids
    _resistant(g, b, param)
    assert traits.combat_terms(g.gs, a, b, weapon(traits=(ammo,)), True).def_plus == 2
    assert traits.combat_terms(g.gs, a, b, weapon(), True).def_plus == 0
    assert traits.combat_terms(g.gs, a, b, blade(), False).def_plus == 0


def test_TRT_RESISTANCE_fire_shot_CH_DEF_target_and_DEF_subtracted():
    """DEF 3, resisting fire, shot with incendiary rounds of DMG 4: the CH DEF target is 5 (die 5 passes: DMG 4 − 5:
    no wound)."""
    g = duel({"weapons": (weapon(DMG=4, traits=("TRT-INCENDIARY-AMMO",)),)}, {"protections": (armour(3),)})
    _resistant(g, g.ids[1], "fuego")
    attack(g, 5, 5)
    assert g.check("DEF")["target"] == 5 and g.wounds(g.ids[1]) == 0


@pytest.mark.parametrize("param, resists", [("área", True), ("a distancia", True), ("CaC", False),
                                            ("fuego", False)])
def test_TRT_RESISTANCE_area_hits_DEF_plus_2(param, resists):
    """An R3 of DMG 4 on a DEF 2 target resisting area attacks (or ranged ones: an area attack is ranged): its CH DEF
    target 4, die 4 passes, 4 − 4 = 0 wounds; resisting melee or fire (the launcher delivers none), target 2, die 4
    fails: 4 wounds; the area odds count the DEF."""
    g = area_game(M(side="red", x=10, y=20, AGI=9, weapons=(area_weapon(),)),
                  area_blue(20, 20, protections=(armour(2),)))
    a, t = g.ids
    w = g.gs.weapon(a, 0)
    plain = expected_area_value(g.gs, aim_at_target(g.gs, a, 0, w, t), a)[0]
    _resistant(g, t, param)
    value = expected_area_value(g.gs, aim_at_target(g.gs, a, 0, w, t), a)[0]
    assert (value < plain) == resists
    fire(g, 3, 4, *(() if resists else (5,)), target=t)
    assert g.check("DEF")["target"] == (4 if resists else 2)
    assert g.wounds(t) == (0 if resists else 4)


# --- Orgulloso ------------------------------------------------------------------------------------------------------
def test_TRT_PROUD_wounded_in_melee_it_attacks_back_free():
    """Red hits the proud blue (CON 9) in melee: DMG 4 against DEF 0 (CH DEF 5 fails), 4 wounds, its CH PSI 5 passes;
    at once it attacks back (ENE unchanged, no CH VOL), unarmed as it has no weapon: CH IMP 3 hits, red's CH DEF 9
    fails, red takes CBA-10's DMG 0 + 9 − 4 − 4 wounds = 1 and its CH PSI 1 passes. With a blade (DMG 3) the reply
    deals 3 + 1 = 4."""
    g = duel(melee=True)
    a, b = g.ids
    race(g, b, "TRT-PROUD")
    ene = g.energy(b)
    attack(g, 5, 5, 5, 3, 9, 1)
    assert g.wounds(b) == 4 and g.wounds(a) == 1 and g.energy(b) == ene
    g = duel(melee=True, blue={"weapons": (blade(),)})
    race(g, g.ids[1], "TRT-PROUD")
    attack(g, 5, 5, 5, 3, 9, 1)
    assert g.wounds(g.ids[0]) == 4
    assert g.events("free_attack", rule="TRT-PROUD", attacker=b, target=a)


def test_TRT_PROUD_no_reply_when_shot_dead_or_not_wounded():
    g = duel()
    race(g, g.ids[1], "TRT-PROUD")
    attack(g, 5, 5, 5)                                   # a shot: wounded, but not in melee
    assert g.wounds(g.ids[1]) == 4 and not g.events("free_attack")
    g = duel(melee=True, blue={"CON": 3})
    race(g, g.ids[1], "TRT-PROUD")
    attack(g, 5, 5)                                      # 4 wounds on CON 3: dead
    assert not g.events("free_attack")
    g = duel(melee=True)
    race(g, g.ids[1], "TRT-PROUD")
    attack(g, 6)                                         # a miss
    assert not g.events("free_attack")


def test_TRT_PROUD_two_proud_fighters_one_reply_only():
    """Both proud: red's blow is answered once; the reply's wounds on red call no reply back."""
    g = duel(melee=True)
    a, b = g.ids
    race(g, a, "TRT-PROUD")
    race(g, b, "TRT-PROUD")
    attack(g, 5, 5, 5, 3, 9, 1)
    assert len(g.events("free_attack")) == 1 and g.wounds(a) == 1


# --- Manipulador ----------------------------------------------------------------------------------------------------
def test_TRT_MANIPULATOR_wins_a_CH_VOL_ENF_and_the_shot_has_CH_IMP_minus_1():
    """Shot at by a VOL 4 rifleman (AGI 5), the VOL 6 manipulator rolls 2 (passes), the shooter 7 (fails): the CH IMP
    target is 4 and a 5 misses."""
    g = duel({"VOL": 4}, {"VOL": 6})
    race(g, g.ids[1], "TRT-MANIPULATOR")
    attack(g, 2, 7, 5)
    assert g.events("opposed_resolved", rule="TRT-MANIPULATOR", winner="a")
    assert imp_target(g) == 4 and g.events("miss")


def test_TRT_MANIPULATOR_a_lost_contest_an_equal_VOL_or_a_melee_attack_changes_nothing():
    g = duel({"VOL": 4}, {"VOL": 6})
    race(g, g.ids[1], "TRT-MANIPULATOR")
    attack(g, 7, 2, 5, 5, 5)                                     # the shooter wins: target 5, hits
    assert imp_target(g) == 5 and g.events("opposed_resolved", winner="b")
    g = duel({"VOL": 6}, {"VOL": 6})
    race(g, g.ids[1], "TRT-MANIPULATOR")
    attack(g, 5, 5, 5)                                           # not less VOL: no contest
    assert imp_target(g) == 5 and not g.events("opposed_resolved")
    g = duel({"VOL": 4}, {"VOL": 6}, melee=True)
    race(g, g.ids[1], "TRT-MANIPULATOR")
    attack(g, 5, 5, 5)
    assert imp_target(g) == 5 and not g.events("opposed_resolved")


def test_TRT_MANIPULATOR_needs_a_binding_when_fielded():
    assert traits.fielding_problem("TRT-MANIPULATOR", "race", {"TRT-MANIPULATOR"}, None, frozenset()) is not None
    assert traits.fielding_problem("TRT-MANIPULATOR", "race", {"TRT-MANIPULATOR"}, None,
                                   frozenset({"TRT-MANIPULATOR", "TRT-BINDING"})) is None
    assert price("TRT-MANIPULATOR") == 3


# --- Poderoso -------------------------------------------------------------------------------------------------------
def test_TRT_POWERFUL_gains_Power_per_wound_inflicted_and_taken_up_to_10():
    """Its shot (DMG 4, no Power: no +1) deals 4 wounds: Power 4; 3 wounds taken from a fall or a hit: 7; 5 more:
    10, not 12."""
    from wartime.rules.traits.race_extra import power
    from wartime.rules.wounds import apply_wounds
    g = duel(blue={"CON": 12})
    a, b = g.ids
    race(g, a, "TRT-POWERFUL")
    attack(g, 5, 5, 5)
    assert hit_dmg(g) == 4 and power(g.gs, a) == 4
    apply_wounds(g.gs, a, 3, source=None, rule="test")
    assert power(g.gs, a) == 7
    apply_wounds(g.gs, b, 5, source=a, rule="test")
    assert power(g.gs, a) == 10 and g.events("power", rule="TRT-POWERFUL")[-1]["after"] == 10


def test_TRT_POWERFUL_spends_1_Power_for_DMG_plus_1_on_a_hit():
    """With Power 2 its shot hits for DMG 5 (CH DEF 5 fails: 5 wounds, Power 2 + 5 − 1 = 6); the odds count the +1;
    a hit whose CH DEF passes still spends it; a miss does not."""
    from wartime.core.components import Power
    from wartime.rules.traits.race_extra import power
    g = duel(blue={"CON": 12})
    a, b = g.ids
    race(g, a, "TRT-POWERFUL")
    plain = attack_odds(g.gs, a, b, weapon_index=0, ranged=True).expected_wounds
    g.set(a, Power(2))
    assert attack_odds(g.gs, a, b, weapon_index=0, ranged=True).expected_wounds > plain
    attack(g, 5, 5, 5)
    assert hit_dmg(g) == 5 and power(g.gs, a) == 6
    g = duel(blue={"protections": (armour(5),)})
    race(g, g.ids[0], "TRT-POWERFUL")
    g.set(g.ids[0], Power(1))
    attack(g, 5, 5)                                          # CH DEF 5 passes at DEF 5: no wound
    assert power(g.gs, g.ids[0]) == 0
    g = duel()
    race(g, g.ids[0], "TRT-POWERFUL")
    g.set(g.ids[0], Power(1))
    attack(g, 8)
    assert power(g.gs, g.ids[0]) == 1 and g.events("miss")


# --- Maná -----------------------------------------------------------------------------------------------------------
def mana_caster(level: int, *metas) -> tuple[Game, int, int]:
    g = two({"INT": 6}, side="red")
    a, b = g.ids
    give(g, a, *metas, bonuses=("TRT-NEUROMANCER", "TRT-MANA"))
    g.set(a, TraitState(("TRT-MANA",), levels=(("TRT-MANA", level, level),)))
    traits.turn_start(g.gs, 1)
    return g, a, b


@pytest.mark.parametrize("level", [1, 2, 3])
def test_TRT_MANA_each_turn_N_ENE_that_pay_for_metahabilities_first(level):
    """Level N: an invocation of ENE 3 costs 3 − N ENE (0 at level 3, as the pool pays it all), the pool is emptied;
    a plain action is paid from ENE; the next turn the pool holds N again (what was left is lost)."""
    from wartime.core.components import Mana
    g, a, b = mana_caster(level, mh("TRT-INVOCATION", "TRT-PSYCHIC-ENERGY", ENE=3))
    assert g.gs.world.get(a, Mana).value == level
    g.start_activation(a, energy=5)
    g.dice.push(6)
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.energy(a) == 5 - (3 - level) and g.gs.world.get(a, Mana).value == 0
    traits.turn_start(g.gs, 2)
    assert g.gs.world.get(a, Mana).value == level


def test_TRT_MANA_pays_only_metahabilities_and_lets_a_short_caster_cast():
    """Level 3, ENE 1: a 4-ENE invocation is legal (1 ENE + 3 mana) and leaves ENE 0; the pool does not pay a move;
    an ENE 2 invocation with the pool at 3 leaves mana 1, which the next turn replaces."""
    from wartime.core.components import Mana
    g, a, b = mana_caster(3, mh("TRT-INVOCATION", "TRT-PSYCHIC-ENERGY", ENE=4),
                          mh("TRT-INVOCATION", "TRT-PSYCHIC-ENERGY", ENE=2))
    g.start_activation(a, energy=1)
    assert g.engine.check_action(a, "use_metahability", {"meta": 0, "target": b}) == 1
    assert g.engine.check_action(a, "move", {"path": [[10, 21]]}) == 1
    g.dice.push(6)
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.energy(a) == 0 and g.gs.world.get(a, Mana).value == 0
    g, a, b = mana_caster(3, mh("TRT-INVOCATION", "TRT-PSYCHIC-ENERGY", ENE=2))
    g.start_activation(a, energy=5)
    g.dice.push(6)
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.energy(a) == 5 and g.gs.world.get(a, Mana).value == 1
    assert g.events("mana_spent", rule="TRT-MANA")[-1]["paid"] == 2
    assert price("TRT-MANA") == 5


@pytest.mark.parametrize("level, points", [(1, 5), (2, 10), (3, 15)])
def test_TRT_MANA_costs_5_per_level_up_to_3(level, points):
    from wartime.core.errors import DataError
    from wartime.data.loader import priced_trait
    assert priced_trait("TRT-MANA", "race", "test", "traits", level).points == points
    with pytest.raises(DataError):
        priced_trait("TRT-MANA", "race", "test", "traits", 4)


def test_TRT_FENCING_MASTER_an_unarmed_attack_takes_its_choice_too():
    """CBA-10 unarmed, CON 6: DMG 2; with the DMG +1 choice 3 (at most 1 wound, 2 on a critical: a critical 1 gives
    2); with CH IMP +1, target 6."""
    g = duel({"CON": 6, "weapons": ()}, melee=True)
    a, b = g.ids
    race(g, a, "TRT-FENCING-MASTER")
    g.start_activation(a, energy=10)
    assert {o.params.get("stance") for o in g.engine.legal_options("unarmed_attack")} == {None, "fencing_imp",
                                                                                          "fencing_dmg"}
    g.dice.push(6, 5, 5)
    g.act(a, "unarmed_attack", target=b, stance="fencing_imp")
    assert imp_target(g) == 6
    g = duel({"CON": 6, "weapons": ()}, melee=True)
    race(g, g.ids[0], "TRT-FENCING-MASTER")
    g.start_activation(g.ids[0], energy=10)
    g.dice.push(5, 5, 5)
    g.act(g.ids[0], "unarmed_attack", target=g.ids[1], stance="fencing_dmg")
    assert hit_dmg(g) == 3


def test_TRT_POWERFUL_an_area_attack_takes_the_DMG_plus_1_and_spends_1_Power():
    """Power 1: its R3 of DMG 4 deals 5 to the covered target (CH DEF 5 fails: 5 wounds on CON 9), Power 1 + 5 − 1 = 5;
    with no Power the area deals 4 and the wounds still give Power."""
    from wartime.core.components import Power
    from wartime.rules.traits.race_extra import power
    g = area_game(M(side="red", x=10, y=20, AGI=9, weapons=(area_weapon(),)), area_blue(20, 20))
    a, t = g.ids
    race(g, a, "TRT-POWERFUL")
    g.set(a, Power(1))
    fire(g, 3, 5, 5, target=t)
    assert hits(g) == {t: (5, "full")} and power(g.gs, a) == 5
    g = area_game(M(side="red", x=10, y=20, AGI=9, weapons=(area_weapon(),)), area_blue(20, 20))
    a, t = g.ids
    race(g, a, "TRT-POWERFUL")
    fire(g, 3, 5, 5, target=t)
    assert hits(g) == {t: (4, "full")} and power(g.gs, a) == 4


def test_TRT_MANIPULATOR_an_area_attack_aimed_at_it_opens_the_contest_too():
    """An R3 aimed at the VOL 6 manipulator by a VOL 4, AGI 9 shooter: the manipulator wins (2 against 7): the CH IMP
    target is 8."""
    g = area_game(M(side="red", x=10, y=20, AGI=9, VOL=4, weapons=(area_weapon(),)), area_blue(20, 20, VOL=6))
    a, t = g.ids
    race(g, t, "TRT-MANIPULATOR")
    fire(g, 2, 7, 3, 5, 5, target=t)
    assert g.check("IMP")["target"] == 8 and g.events("opposed_resolved", rule="TRT-MANIPULATOR", winner="a")


def test_TRT_MANA_on_an_object_gives_its_holder_the_pool():
    """A held mana stone of level 2 gives its (race-less) holder 2 mana each turn; with a race Maná 1 too, 3 (G10);
    disabled or handed over, none."""
    from dataclasses import replace as _replace
    from wartime.core.components import Mana
    g = two({"INT": 6}, side="red")
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-PSYCHIC-ENERGY", ENE=3))
    stone = g.world.create(Item("Mana stone", holder=a), Gear("stone", "Mana stone", 1, 0, 3, ("TRT-MANA",),
                                                               (("TRT-MANA", 2),)))
    traits.turn_start(g.gs, 1)
    assert g.gs.world.get(a, Mana).value == 2
    g.start_activation(a, energy=5)
    g.dice.push(6)
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.energy(a) == 4
    give(g, a, mh("TRT-INVOCATION", "TRT-PSYCHIC-ENERGY", ENE=3), bonuses=("TRT-NEUROMANCER", "TRT-MANA"))
    g.set(a, TraitState(("TRT-MANA",), levels=(("TRT-MANA", 1, 1),)))
    traits.turn_start(g.gs, 2)
    assert g.gs.world.get(a, Mana).value == 3
    g.set(stone, _replace(g.world.get(stone, Item), holder=b))
    traits.turn_start(g.gs, 3)
    assert g.gs.world.get(a, Mana).value == 1
    assert traits.fielding_problem("TRT-MANA", "object", {"TRT-MANA"}) is None


# --- Araña ----------------------------------------------------------------------------------------------------------
def test_TRT_SPIDER_climbs_a_wall_as_it_moves_ENE_1_no_CH_AGI():
    """MVA-10 at the foot of a 6 K cliff, MOV 4, AGI 1: a spider pays ENE 1 (not 3), rolls nothing and climbs 4 K;
    again: at the top; a plain climber pays 3 and rolls."""
    from test_rules_terrain_moves import CLIFF
    from wartime.core.components import Climbing
    g = Game(M(x=10.5, y=20, AGI=1, mov=4), M(side="blue", x=35, y=35), pieces=[CLIFF])
    a, _ = g.ids
    race(g, a, "TRT-SPIDER")
    g.start_activation(a, energy=10)
    g.act(a, "climb", piece="cliff")
    assert g.energy(a) == 9 and g.checks() == [] and g.world.try_get(a, Climbing) == Climbing("cliff", 4.0)
    assert g.events("trait_applied", rule="TRT-SPIDER")
    g.act(a, "climb", piece="cliff")
    assert g.energy(a) == 8 and g.gs.elevation(a) == 6.0 and g.events("climb")[-1]["top"]
    g = Game(M(x=10.5, y=20, AGI=5, mov=4), M(side="blue", x=35, y=35), pieces=[CLIFF])
    g.start_activation(g.ids[0], energy=10)
    g.dice.push(5)
    g.act(g.ids[0], "climb", piece="cliff")
    assert g.energy(g.ids[0]) == 7 and g.check("ATR")["target"] == 5
    assert price("TRT-SPIDER") == 5 and price("TRT-SPIDER", "object") == 5
    assert traits.fielding_problem("TRT-SPIDER", "object", {"TRT-SPIDER"}) is None


# --- Sentido arácnido -----------------------------------------------------------------------------------------------
def test_TRT_SPIDER_SENSE_it_reacts_to_a_silent_move_within_VOL_K_outside_its_FOV():
    """MVA-7: after Mover sin hacer ruido no one hears the mover; a blue VOL 5 with spider sense 5 K away, facing
    away, is a candidate 'by sense' (the mover ends 5 K from it edge to edge); without the trait, or with VOL 3, it
    is not."""
    for vol, trait, sensed in ((5, True, True), (5, False, False), (3, True, False)):
        g = Game(M(x=10, y=20, mov=4), M(side="blue", x=20, y=20, facing=0.0, VOL=vol))
        a, b = g.ids
        if trait:
            race(g, b, "TRT-SPIDER-SENSE")
        g.start_activation(a, energy=10)
        g.declare(a, "move_silently", path=[[14, 20]])
        cands = [c for ev in g.events("reaction_window") for c in ev["candidates"] if c["who"] == b]
        assert (cands == [{"who": b, "by": "sense"}] if sensed else not cands), (vol, trait, cands)


def test_TRT_SPIDER_SENSE_reacting_it_pivots_to_face_the_actor_for_free():
    """Sensed behind it (blue facing east, the silent mover coming from the west), the spider pivots for free to face
    it and shoots: a shot needs the target in its FOV, which the free turn gives; its ENE pays the shot only (2).
    Dice: reaction CH VOL 1, CH IMP 5, CH DEF 5 (4 wounds on CON 4: incapacitated, no CH PSI)."""
    from rules_helpers import weapon as gun
    g = Game(M(x=10, y=20, mov=4), M(side="blue", x=20, y=20, facing=0.0, VOL=5, weapons=(gun(),)))
    a, b = g.ids
    race(g, b, "TRT-SPIDER-SENSE")
    g.start_activation(a, energy=10)
    g.declare(a, "move_silently", path=[[14, 20]])
    assert g.pending.kind == "react" and g.pending.actor == b
    ene = g.energy(b)
    g.dice.push(1, 5, 5)
    g.react(b, "ranged_attack", target=a, weapon=0)
    turned = g.events("turned", rule="TRT-SPIDER-SENSE")
    assert turned and turned[-1]["facing"] == 180.0 and g.gs.pos(b).facing == 180.0
    assert g.energy(b) == ene - 2 and g.events("hit") and g.all_dice_used()


# --- Resonador ------------------------------------------------------------------------------------------------------
def resonance(resonator_side: str = "red") -> tuple[Game, int, int, int]:
    """A neuromancer (INT 6, VOL 5) at (10, 20) facing east with a 5 K invocation (calm); a resonator 8 K ahead at
    (18, 20) facing east; an enemy target 4 K beyond it at (22, 20), 12 K from the caster."""
    g = Game(M(x=10, y=20, INT=6, VOL=5), M(side=resonator_side, x=18, y=20, VOL=4, facing=0.0),
             M(side="blue", x=22, y=20, facing=180.0, VOL=3))
    a, r, t = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-CALM", ENE=2, RNG=5))
    race(g, r, "TRT-RESONATOR")
    return g, a, r, t


def test_TRT_RESONATOR_an_invocation_cast_from_an_allied_resonator_reaches_from_it():
    """The target 12 K away is beyond the invocation's 5 K: refused directly, offered and legal from the resonator
    (4 K from it); the resonator takes 1 stress and a CH PSI (die 2 passes); the cast (CH IMP INT die 3, CH VOL ENF
    3 against 7) calms the target."""
    g, a, r, t = resonance()
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "use_metahability", {"meta": 0, "target": t}).rule_id == "MET-2"
    assert any(o.params.get("origin") == r and o.params.get("target") == t
               for o in g.engine.legal_options("use_metahability"))
    g.dice.push(2, 3, 3, 7)
    g.act(a, "use_metahability", meta=0, target=t, origin=r)
    assert g.stress(r) == 1 and g.checks("PSI", who=r) and g.all_dice_used()
    assert g.events("metahability_effect", who=t)


def test_TRT_RESONATOR_an_enemy_resonator_resists_with_a_CH_VOL_ENF():
    """An enemy resonator (VOL 4) resists: die 2 against the caster's 6 (fails): it wins, the cast fails with its ENE
    spent, no stress; losing (7 against 2) it takes 1 stress and a CH PSI, and the cast goes on."""
    g, a, r, t = resonance("blue")
    g.start_activation(a, energy=10)
    g.dice.push(2, 6)
    g.act(a, "use_metahability", meta=0, target=t, origin=r)
    assert g.energy(a) == 8 and g.stress(r) == 0 and g.events("metahability_failed", rule="TRT-RESONATOR")
    g.dice.push(7, 2, 2, 3, 3, 7)
    g.act(a, "use_metahability", meta=0, target=t, origin=r)
    assert g.stress(r) == 1 and g.events("metahability_effect", who=t) and g.all_dice_used()


def test_TRT_RESONATOR_only_invocations_and_only_from_a_resonator():
    g, a, r, t = resonance()
    give(g, a, mh("TRT-BUNKAI", "TRT-PSYCHIC-ENERGY", ENE=2, RNG=5), bonuses=("TRT-KINETIC",))
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "use_metahability",
                     {"meta": 0, "target": t, "origin": r}).rule_id == "TRT-RESONATOR"
    g, a, r, t = resonance()
    race(g, r)
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "use_metahability",
                     {"meta": 0, "target": t, "origin": r}).rule_id == "MET-2"
    assert price("TRT-RESONATOR") == 5 and price("TRT-RESONATOR", "object") == 5
