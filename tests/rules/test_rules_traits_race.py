"""More race traits of the catalogue played through the trait registry (issue 12): rules/traits/race_more.py and
rules/actions/race_actions.py, each set up with scripted dice and checked against its catalogue effect and ruling,
and priced at its catalogue cost."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from rules_helpers import Game, M, armour, blade, piece, violation, weapon
from test_rules_areas import area_weapon, blue as area_blue, fire, game as area_game
from test_rules_terrain_moves import CLIFF
from test_rules_traits_combat import attack, duel, hit_dmg, imp_target, race
from wartime.core.components import (Disposed, Energy, Identity, Life, NextActivation, Position, TraitParams,
                                     Traits)
from wartime.core.errors import DataError
from wartime.data.loader import archetype_from_dict, priced_trait
from wartime.data.models import CharacterSpec
from wartime.data.tables import action_table
from wartime.match import trait_params
from wartime.match.setup import fielding_problems
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.combat_special import opposed
from wartime.rules.actions.combat import charge_allowance
from wartime.rules.areas import aim_at_target, expected_area_value
from wartime.rules.combat import melee_damage
from wartime.rules.modifiers import character_mods, roll_character_check
from wartime.rules.odds import attack_odds
from wartime.rules.traits import action_check_mods, combat_terms


def price(trait: str, kind: str = "race") -> int:
    return priced_trait(trait, kind, "test", "traits").points


def mods_of(check: dict) -> dict[str, int]:
    return {m["rule"]: m["value"] for m in check["modifiers"]}


def melee_pair(red: dict | None = None, blue: dict | None = None) -> Game:
    """A red fighter (AGI 6, CON 7, a blade) at (10, 20) in base contact with a blue one (CON 4) facing it."""
    r = dict(x=10, y=20, AGI=6, CON=7, weapons=(blade(),))
    r.update(red or {})
    b = dict(side="blue", x=11, y=20, CON=4, AGI=5, facing=180.0, weapons=(blade(),))
    b.update(blue or {})
    return Game(M(**r), M(**b))


# --- the Señores: enemies' checks of one attribute against the bearer −2 ----------------------------------------
def push_checks(lord: int, *dice: int) -> tuple[Game, dict, dict]:
    """Empujar (CBA-16) by the red CON 7 at the blue CON 4 (melee_pair), the lord being g.ids[`lord`]: the game and
    the pusher's and the pushed's CH CON ENF check events."""
    g = melee_pair()
    a, b = g.ids
    race(g, g.ids[lord], "TRT-LORD-OF-HUNGER")
    g.start_activation(a, energy=10)
    g.dice.push(*dice)
    g.act(a, "push", target=b)
    assert g.all_dice_used()
    red, blue = g.checks("ATR")
    return g, red, blue


def test_TRT_LORD_OF_HUNGER_the_enemy_pushing_it_has_CH_CON_minus_2():
    """CON 7 against the lord's CON 4: the pusher's CH CON ENF target is 5 (die 6 fails), the lord's own CH CON is
    not touched (4): nobody wins, nothing happens."""
    g, red, blue = push_checks(1, 4, 6, 5)
    assert red["target"] == 5 and mods_of(red) == {"TRT-LORD-OF-HUNGER": -2}
    assert blue["target"] == 4 and "TRT-LORD-OF-HUNGER" not in mods_of(blue)
    assert g.pos(g.ids[1]) == (11.0, 20.0)


def test_TRT_LORD_OF_HUNGER_an_enemy_resisting_its_push_has_CH_CON_minus_2():
    _, red, blue = push_checks(0, 4, 6, 3)
    assert red["target"] == 7 and blue["target"] == 2 and mods_of(blue) == {"TRT-LORD-OF-HUNGER": -2}


def test_TRT_LORD_OF_CONFUSION_an_enemy_discovering_it_has_CH_INT_minus_2():
    """GNA-9's CH INT ENF: the INT 5 seeker's target is 3 against the hidden lord (INT 4); dice 3 and 2: both pass,
    the lower die wins: it stays hidden."""
    wall = piece("wall", "low", 11.0, 17, 11.4, 23, height=0.6, blocks_los=True)
    g = Game(M(x=10, y=20, INT=4), M(side="blue", x=20, y=20, facing=180.0, INT=5, weapons=(weapon(),)),
             pieces=[wall])
    a, b = g.ids
    race(g, a, "TRT-LORD-OF-CONFUSION")
    g.start_activation(a, energy=10)
    g.act(a, "hide")
    g.act(a, "end")
    g.start_activation(b, energy=10)
    g.dice.push(3, 2)
    g.act(b, "discover", target=a)
    assert [c["target"] for c in g.checks("ATR")] == [3, 4]
    assert g.events("discovery_failed")


@pytest.mark.parametrize("trait, attribute", [("TRT-LORD-OF-CONFUSION", "INT"), ("TRT-LORD-OF-HUNGER", "CON"),
                                              ("TRT-LORD-OF-SUBJUGATION", "VOL")])
def test_TRT_LORD_OF_SUBJUGATION_and_the_other_lords_weaken_only_enemies_and_only_their_attribute(trait, attribute):
    """An opposed CH <attribute> ENF (CHK-4) with the lord: the enemy's target −2; another attribute, an ally's
    check against it and the lord's own check are untouched."""
    g = Game(M(x=10, y=20, CON=5, INT=5, VOL=5), M(side="blue", x=11, y=20, CON=5, INT=5, VOL=5),
             M(x=9, y=20, CON=5, INT=5, VOL=5))
    a, b, ally = g.ids
    race(g, a, trait)
    g.dice.push(3, 3)
    opposed(g.gs, b, a, attribute, "CHK-4", "test")
    enemy, lord = g.checks("ATR")
    assert enemy["target"] == 3 and lord["target"] == 5
    other = next(x for x in ("INT", "CON", "VOL") if x != attribute)
    assert not any(m.rule == trait for m in character_mods(g.gs, b, other, "ATR", a))
    assert not any(m.rule == trait for m in character_mods(g.gs, ally, attribute, "ATR", a))


# --- Maestro guerrero -------------------------------------------------------------------------------------------
def test_TRT_MASTER_WARRIOR_rerolls_a_failed_melee_CH_IMP():
    """Melee, target 5: the 8 is rerolled, the 3 hits (DEF 0: CH DEF 9 fails; the wounded target's CH PSI)."""
    g = duel(melee=True)
    race(g, g.ids[0], "TRT-MASTER-WARRIOR")
    attack(g, 8, 3, 9, 5)
    imp = g.checks("IMP")
    assert [c["die"] for c in imp] == [8, 3] and imp[-1]["reroll"] == "TRT-MASTER-WARRIOR"
    assert g.wounds(g.ids[1]) > 0


def test_TRT_MASTER_WARRIOR_no_reroll_at_range_and_the_second_result_stands():
    g = duel()
    race(g, g.ids[0], "TRT-MASTER-WARRIOR")
    attack(g, 8)
    assert [c["die"] for c in g.checks("IMP")] == [8] and g.events("miss")
    g = duel(melee=True)
    race(g, g.ids[0], "TRT-MASTER-WARRIOR")
    attack(g, 8, 9)
    assert [c["die"] for c in g.checks("IMP")] == [8, 9] and g.events("miss")


def test_TRT_MASTER_WARRIOR_in_the_odds():
    """Exact odds in melee, target 5: P(hit) = 5/10 + 5/10 × 5/10 = 75/100; at range 5/10."""
    g = duel(melee=True)
    race(g, g.ids[0], "TRT-MASTER-WARRIOR")
    assert attack_odds(g.gs, *g.ids, weapon_index=0, ranged=False).p_hit == Fraction(75, 100)
    g = duel()
    race(g, g.ids[0], "TRT-MASTER-WARRIOR")
    assert attack_odds(g.gs, *g.ids, weapon_index=0, ranged=True).p_hit == Fraction(50, 100)


# --- Regeneración -------------------------------------------------------------------------------------------------
def regen_game(wounds: int = 2) -> Game:
    g = Game(M(x=10, y=20, CON=5, wounds=wounds), M(side="blue", x=30, y=20))
    race(g, g.ids[0], "TRT-REGENERATION")
    g.start_activation(g.ids[0], energy=10)
    return g


def test_TRT_REGENERATION_ENE_3_and_a_passed_CH_CON_remove_1_wound():
    g = regen_game()
    a = g.ids[0]
    assert [o.params for o in g.engine.legal_options("regenerate")] == [{}]
    g.dice.push(5)
    g.act(a, "regenerate")
    assert g.check("ATR")["target"] == 5 and g.check("ATR")["rule"] == "TRT-REGENERATION"
    assert g.wounds(a) == 1 and g.energy(a) == 7


@pytest.mark.parametrize("die", [6, 10])
def test_TRT_REGENERATION_a_failed_or_fumbled_check_has_no_other_effect(die):
    g = regen_game()
    a = g.ids[0]
    g.dice.push(die)
    g.act(a, "regenerate")
    assert g.wounds(a) == 2 and g.energy(a) == 7 and g.all_dice_used()


def test_TRT_REGENERATION_only_for_a_wounded_bearer():
    g = regen_game(wounds=0)
    assert not list(g.engine.legal_options("regenerate"))
    assert violation(g.act, g.ids[0], "regenerate").rule_id == "TRT-REGENERATION"
    g = Game(M(x=10, y=20, CON=5, wounds=2), M(side="blue", x=30, y=20))
    g.start_activation(g.ids[0], energy=10)
    assert violation(g.act, g.ids[0], "regenerate").rule_id == "TRT-REGENERATION"


# --- Ira ----------------------------------------------------------------------------------------------------------
def test_TRT_WRATH_wounded_in_melee_its_next_activation_has_CH_IMP_and_DMG_plus_1_in_melee():
    """Blue wounds it in melee (it lives): in its next activation its melee CH IMP is 6 (AGI 5 + 1: the 6 hits)
    and its DMG the core melee DMG + 1; the activation after that, no bonus."""
    g = duel(red={"CON": 9}, blue={"CON": 4, "weapons": (blade(),)}, melee=True)
    a, b = g.ids
    race(g, a, "TRT-WRATH")
    g.start_activation(b, energy=10)
    g.dice.push(3, 9, 2)                                    # blue's CH IMP, red's CH DEF, red's CH PSI
    g.act(b, "melee_attack", target=a, weapon=0)
    g.act(b, "end")
    assert 0 < g.wounds(a) < 9 and g.world.get(a, NextActivation).marks == ("TRT-WRATH",)
    g.start_activation(a, energy=10)
    assert not g.world.has(a, NextActivation)
    g.dice.push(6, 9, 1)                                    # red's CH IMP, blue's CH DEF, blue's CH PSI
    g.act(a, "melee_attack", target=b, weapon=0)
    imp = g.check("IMP", who=a)
    assert imp["target"] == 6 and mods_of(imp)["TRT-WRATH"] == 1
    assert hit_dmg(g) == melee_damage(3, 9, g.wounds(a)) + 1
    g.act(a, "end")
    g.next_turn()
    g.start_activation(a, energy=10)
    assert "TRT-WRATH" not in g.gs.effects(a).spent
    terms = combat_terms(g.gs, a, b, g.gs.weapon(a, 0), False)
    assert not terms.imp and terms.dmg_plus == 0


def test_TRT_WRATH_not_when_wounded_at_range_and_no_bonus_at_range():
    g = duel(blue={"x": 20, "weapons": (weapon(),)})
    a, b = g.ids
    race(g, a, "TRT-WRATH")
    g.start_activation(b, energy=10)
    g.dice.push(3, 9, 2)
    g.act(b, "ranged_attack", target=a, weapon=0)
    assert g.wounds(a) > 0 and not g.world.has(a, NextActivation)
    g.set(a, NextActivation(("TRT-WRATH",)))
    g.act(b, "end")
    g.start_activation(a, energy=10)
    assert "TRT-WRATH" in g.gs.effects(a).spent
    g.dice.push(6)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert "TRT-WRATH" not in mods_of(g.check("IMP", who=a)) and g.events("miss")


# --- prices -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("trait, points", [
    ("TRT-LORD-OF-CONFUSION", 20), ("TRT-LORD-OF-HUNGER", 20), ("TRT-LORD-OF-SUBJUGATION", 20),
    ("TRT-MASTER-WARRIOR", 20), ("TRT-REGENERATION", 8), ("TRT-WRATH", 10), ("TRT-UNLUCKY", -15),
    ("TRT-BERSERKER-CRY", 20), ("TRT-NECROPHAGE", 8),
    ("TRT-THIRST-FOR-ENERGY", 5), ("TRT-MENTAL-RESISTANCE", 5), ("TRT-SUPER-SENSES", 5),
    ("TRT-EVASIVE-PILOT", 5), ("TRT-FAILED-GYM-CLASS", -10), ("TRT-NON-LIVING", 1),
    ("TRT-FIRE-IN-THE-VEINS", 5), ("TRT-GREATER-DEMON", 10),
    ("TRT-ANONYMOUS", 10), ("TRT-THIRST-FOR-BLOOD", 5), ("TRT-CRY-OF-BLOOD", 20),
    ("TRT-ORATOR", 5), ("TRT-RESURRECTION", 5), ("TRT-STINKY", -5), ("TRT-PHOENIX", 10)])
def test_TRT_race_traits_cost_their_catalogue_price(trait, points):
    assert price(trait) == points


# --- Sin suerte ---------------------------------------------------------------------------------------------------
def test_TRT_UNLUCKY_a_9_is_a_fumble_on_its_own_checks():
    """CON 9: a 9 would pass; with Sin suerte it is a fumble and fails; an 8 passes."""
    g = Game(M(x=10, y=20, CON=9), M(side="blue", x=30, y=20))
    a = g.ids[0]
    race(g, a, "TRT-UNLUCKY")
    g.dice.push(9, 8)
    r = roll_character_check(g.gs, None, a, "ATR", "CON", "CHK-3", "test")
    assert r.fumble and not r.passed and g.checks("ATR")[-1]["fumble_min"] == 9
    r = roll_character_check(g.gs, None, a, "ATR", "CON", "CHK-3", "test")
    assert r.passed and not r.fumble


def test_TRT_UNLUCKY_a_CH_IMP_of_9_fumbles_with_its_CMB_8_effects():
    """AGI 9: the CH IMP 9 fumbles: a miss, the CMB-8 automatic hit on itself (its CH DEF 5, CH PSI 5)."""
    g = duel(red={"AGI": 9})
    race(g, g.ids[0], "TRT-UNLUCKY")
    attack(g, 9, 5, 5)
    assert g.check("IMP")["fumble"] and g.events("hit_fumble") and g.events("miss")


def test_TRT_UNLUCKY_a_CH_DEF_of_9_fumbles_DMG_plus_1():
    """The unlucky target's CH DEF (DEF 9): the 9 would pass; it is a fumble: a failed CH DEF with CMB-9's DMG + 1
    (4 + 1 = 5)."""
    g = duel(blue={"protections": (armour(9),)})
    race(g, g.ids[1], "TRT-UNLUCKY")
    attack(g, 5, 9, 5)
    d = g.check("DEF")
    assert d["fumble"] and not d["passed"] and g.events("defence_fumble") and hit_dmg(g) == 5


def test_TRT_UNLUCKY_in_the_odds():
    """AGI 9, ranged: P(hit) = 8/10 (1-8), not 9/10; the unlucky target's CH DEF 9 passes on 1-8: P 8/10."""
    g = duel(red={"AGI": 9})
    assert attack_odds(g.gs, *g.ids, weapon_index=0, ranged=True).p_hit == Fraction(9, 10)
    race(g, g.ids[0], "TRT-UNLUCKY")
    assert attack_odds(g.gs, *g.ids, weapon_index=0, ranged=True).p_hit == Fraction(8, 10)
    g = duel(blue={"protections": (armour(9),)})
    race(g, g.ids[1], "TRT-UNLUCKY")
    assert attack_odds(g.gs, *g.ids, weapon_index=0, ranged=True).p_def == Fraction(8, 10)


# --- Grito berserker ----------------------------------------------------------------------------------------------
def cry_game(*bearer_xy: tuple[float, float]) -> Game:
    """A red MOV 4 charger at (10, 20) with a blade, a blue enemy 8 K away edge to edge (19, 20), and red bearers
    of Grito berserker at `bearer_xy`."""
    g = Game(M(x=10, y=20, mov=4, weapons=(blade(),)), M(side="blue", x=19, y=20, facing=180.0),
             *(M(x=x, y=y) for x, y in bearer_xy))
    for b in g.ids[2:]:
        race(g, b, "TRT-BERSERKER-CRY")
    g.start_activation(g.ids[0], energy=10)
    return g


def test_TRT_BERSERKER_CRY_allies_within_5_K_charge_plus_2_K():
    """MOV 4: a charge reaches 7 K; with a bearer 4 K away (edge to edge: centres 5 K) 9 K: the enemy 8 K away is
    reached; a bearer 6 K away gives nothing; two bearers give +2 K once (G10)."""
    charge = {"path": [[18, 20]]}
    g = cry_game((10, 25))
    a, b = g.ids[:2]
    assert charge_allowance(g.gs, a) == 9.0
    assert g.engine.check_action(a, "charge", {"target": b, **charge}) == 2
    g = cry_game((10, 27))
    assert charge_allowance(g.gs, g.ids[0]) == 7.0
    assert violation(g.engine.check_action, g.ids[0], "charge", {"target": g.ids[1], **charge}).rule_id
    assert charge_allowance(cry_game((10, 25), (10, 15)).gs, g.ids[0]) == 9.0


def test_TRT_BERSERKER_CRY_not_the_bearer_nor_enemies_nor_other_moves():
    g = cry_game((10, 25))
    a, b, bearer = g.ids
    assert charge_allowance(g.gs, bearer) == g.gs.mov(bearer) + 3
    e = Game(M(x=10, y=20, mov=4), M(side="blue", x=13, y=20, facing=180.0))
    race(e, e.ids[1], "TRT-BERSERKER-CRY")
    assert charge_allowance(e.gs, e.ids[0]) == 7.0           # an enemy bearer 2 K away: nothing
    g = cry_game((10, 25))
    assert violation(g.engine.check_action, g.ids[0], "run", {"path": [[16, 20]]}).rule_id == "MOV-3"


# --- Maestría, Incapacidad, Maestría en combate, Incapacidad de combate --------------------------------------------
CHOSEN = {"TRT-MASTERY": ("Maestría", 1, ("generic", "movement")),
          "TRT-INEPTITUDE": ("Incapacidad", -1, ("generic", "movement")),
          "TRT-COMBAT-MASTERY": ("Maestría en combate", 1, ("combat",)),
          "TRT-COMBAT-INEPTITUDE": ("Incapacidad de combate", -1, ("combat",))}
ALLOWED = [(t, row["name_es"]) for t, (_, _, cats) in CHOSEN.items() for row in action_table().values()
           if row["category"] in cats]


def chosen_race(trait: str, param: str | None):
    entry = {"name": CHOSEN[trait][0], **({"param": param} if param is not None else {})}
    return archetype_from_dict({"id": "r", "kind": "race", "name": "R", "CON": 4, "AGI": 5, "INT": 4, "VOL": 4,
                                "traits": [entry]})


def chosen_spec(trait: str, param: str, weapons=()) -> CharacterSpec:
    return CharacterSpec(id="c", name="C", race=chosen_race(trait, param), weapons=tuple(weapons))


def with_params(g: Game, e: int, trait: str, *values: str) -> None:
    race(g, e, trait)
    g.set(e, TraitParams(tuple((trait, v) for v in values)))


@pytest.mark.parametrize("trait, param", ALLOWED)
def test_TRT_MASTERY_and_its_kin_take_every_action_of_their_categories(trait, param):
    """Every action of the allowed categories (actions.tsv, by its book name) is a valid parameter; fielded, it
    becomes the engine's keys of that action, and every check of those keys gets ±1 (another action's, nothing);
    an action the engine does not play is refused when the list is fielded, naming the trait."""
    arch = chosen_race(trait, param)
    assert arch.traits[0].param == param
    spec = chosen_spec(trait, param)
    row = next(r for r in action_table().values() if r["name_es"] == param)
    keys = [k for k, a in REGISTRY.items() if a.rule == row["id"] and a.category in CHOSEN[trait][2]]
    assert [v for _, v in trait_params.pairs(spec)] == keys
    if not keys:
        assert [r for r, _ in fielding_problems(spec)] == [trait]
        return
    assert fielding_problems(spec) == []
    g = Game(M(x=10, y=20), M(side="blue", x=30, y=20))
    a = g.ids[0]
    with_params(g, a, trait, *keys)
    value = CHOSEN[trait][1]
    for key in keys:
        got = {m.rule: m.value for m in action_check_mods(g.gs, a, key, "AGI", "ATR")}
        assert got == {trait: value}
    other = next(k for k in ("wait", "melee_attack") if k not in keys)
    assert action_check_mods(g.gs, a, other, "AGI", "ATR") == []
    assert action_check_mods(g.gs, a, keys[0], "VOL", "PSI") == []          # a CH PSI is not a CH ATR


@pytest.mark.parametrize("trait, param", [("TRT-MASTERY", "Cargar"), ("TRT-INEPTITUDE", "Ataque CaC"),
                                          ("TRT-COMBAT-MASTERY", "Mover"), ("TRT-COMBAT-INEPTITUDE", "Buscar")])
def test_TRT_MASTERY_and_its_kin_refuse_another_category_or_no_choice(trait, param):
    with pytest.raises(DataError, match="action"):
        chosen_race(trait, param)
    with pytest.raises(DataError, match="missing"):
        chosen_race(trait, None)


def test_TRT_MASTERY_Curar_CH_INT_plus_1_and_TRT_INEPTITUDE_minus_1():
    """Curar (GNA-5) itself, INT 4: with Maestría (Curar / Reparar) the CH INT target is 5 (the 5 heals); with
    Incapacidad 3 (the 4 fails: +1 wound)."""
    for trait, die, target, wounds in (("TRT-MASTERY", 5, 5, 1), ("TRT-INEPTITUDE", 4, 3, 3)):
        g = Game(M(x=10, y=20, INT=4, CON=6, wounds=2), M(side="blue", x=30, y=20))
        a = g.ids[0]
        with_params(g, a, trait, "heal")
        g.start_activation(a, energy=10)
        g.dice.push(die, 5)
        g.act(a, "heal")
        assert g.check("ATR")["target"] == target and g.wounds(a) == wounds


def test_TRT_COMBAT_MASTERY_Ataque_CaC_CH_IMP_plus_1_only_in_that_action():
    """Ataque CaC (CBA-7): CH IMP 5 + 1 = 6 (the 6 hits); its ranged attack keeps 5."""
    g = duel(melee=True)
    a = g.ids[0]
    with_params(g, a, "TRT-COMBAT-MASTERY", "melee_attack")
    attack(g, 6, 9, 5)
    imp = g.check("IMP")
    assert imp["target"] == 6 and mods_of(imp) == {"TRT-COMBAT-MASTERY": 1}
    g = duel()
    with_params(g, g.ids[0], "TRT-COMBAT-MASTERY", "melee_attack")
    attack(g, 6)
    assert imp_target(g) == 5 and g.events("miss")


def test_TRT_COMBAT_MASTERY_Empujar_its_CH_IMP_and_its_CH_CON_ENF_plus_1():
    g = melee_pair()
    a, b = g.ids
    with_params(g, a, "TRT-COMBAT-MASTERY", "push")
    g.start_activation(a, energy=10)
    g.dice.push(7, 8, 9)
    g.act(a, "push", target=b)
    assert g.check("IMP")["target"] == 7 and g.checks("ATR")[0]["target"] == 8


def test_TRT_COMBAT_MASTERY_with_a_weapon_CH_IMP_plus_1_with_it_only_and_in_the_odds():
    """Chosen weapon 'rifle': its attacks CH IMP 6 (P(hit) 6/10), the other weapon's 5."""
    g = duel(red={"weapons": (weapon(), weapon(key="carbine"))})
    a, b = g.ids
    with_params(g, a, "TRT-COMBAT-MASTERY", "weapon:rifle")
    assert attack_odds(g.gs, a, b, weapon_index=0, ranged=True).p_hit == Fraction(6, 10)
    assert attack_odds(g.gs, a, b, weapon_index=1, ranged=True).p_hit == Fraction(5, 10)
    attack(g, 6, 9, 5)
    assert imp_target(g) == 6 and mods_of(g.check("IMP")) == {"TRT-COMBAT-MASTERY": 1}


def test_TRT_COMBAT_INEPTITUDE_with_a_weapon_CH_IMP_minus_1_and_with_an_action():
    g = duel()
    a, b = g.ids
    with_params(g, a, "TRT-COMBAT-INEPTITUDE", "weapon:rifle")
    assert attack_odds(g.gs, a, b, weapon_index=0, ranged=True).p_hit == Fraction(4, 10)
    attack(g, 5)
    assert imp_target(g) == 4 and g.events("miss")
    g = duel()
    with_params(g, g.ids[0], "TRT-COMBAT-INEPTITUDE", "ranged_attack")
    attack(g, 5)
    assert imp_target(g) == 4 and g.events("miss")


def test_TRT_COMBAT_MASTERY_a_weapon_it_does_not_carry_or_an_object_is_refused():
    spec = chosen_spec("TRT-COMBAT-MASTERY", "rifle")
    assert [r for r, _ in fielding_problems(spec)] == ["TRT-COMBAT-MASTERY"]
    rifle = archetype_from_dict({"id": "rifle", "kind": "weapon", "name": "Rifle", "ENE": 4, "DMG": 4, "RNG": 20,
                                 "QUA": 4})
    spec = chosen_spec("TRT-COMBAT-MASTERY", "rifle", (rifle,))
    assert fielding_problems(spec) == [] and trait_params.pairs(spec) == (("TRT-COMBAT-MASTERY", "weapon:rifle"),)
    assert [r for r, _ in fielding_problems(chosen_spec("TRT-MASTERY", "rope"))] == ["TRT-MASTERY"]


@pytest.mark.parametrize("trait, points", [("TRT-MASTERY", 5), ("TRT-COMBAT-MASTERY", 10), ("TRT-INEPTITUDE", -5),
                                           ("TRT-COMBAT-INEPTITUDE", -10)])
def test_TRT_MASTERY_and_its_kin_cost_their_catalogue_price(trait, points):
    param = "Buscar" if CHOSEN[trait][2] != ("combat",) else "Cargar"
    assert chosen_race(trait, param).traits[0].points == points


# --- Necrófago ----------------------------------------------------------------------------------------------------
def necro_game(corpse_con: int = 2, wounds: int = 2) -> Game:
    """A wounded red Necrófago at (10, 20), a blue corpse (CON `corpse_con`, dead) in base contact, a blue fighter
    far away."""
    g = Game(M(x=10, y=20, CON=5, wounds=wounds), M(side="blue", x=11, y=20, CON=corpse_con, wounds=9),
             M(side="blue", x=30, y=20))
    race(g, g.ids[0], "TRT-NECROPHAGE")
    g.start_activation(g.ids[0], energy=10)
    return g


def test_TRT_NECROPHAGE_feeding_on_a_corpse_ENE_5_heals_1_wound_and_the_corpse_loses_1_CON():
    g = necro_game()
    a, corpse, _ = g.ids
    assert g.gs.world.get(corpse, Life).state == "dead"
    assert [o.params for o in g.engine.legal_options("feed_on_corpse")] == [{"target": corpse}]
    g.act(a, "feed_on_corpse", target=corpse)
    assert g.wounds(a) == 1 and g.energy(a) == 5 and g.gs.base_attrs(corpse).CON == 1 and not g.checks()
    g.act(a, "feed_on_corpse", target=corpse)
    assert g.wounds(a) == 0 and g.gs.base_attrs(corpse).CON == 0 and g.energy(a) == 0


def test_TRT_NECROPHAGE_not_a_corpse_at_CON_0_nor_a_living_one_nor_without_wounds():
    g = necro_game(corpse_con=0)
    a, corpse, other = g.ids
    assert not list(g.engine.legal_options("feed_on_corpse"))
    assert violation(g.act, a, "feed_on_corpse", target=corpse).rule_id == "TRT-NECROPHAGE"
    g = necro_game(wounds=0)
    assert violation(g.act, g.ids[0], "feed_on_corpse", target=g.ids[1]).rule_id == "TRT-NECROPHAGE"
    g = necro_game()
    assert violation(g.act, g.ids[0], "feed_on_corpse", target=g.ids[2]).rule_id == "TRT-NECROPHAGE"


# --- Sed de energía, Resistencia mental ---------------------------------------------------------------------------
def thirst_game(*others: M) -> Game:
    """A red VOL 6 thief at (10, 20) with 5 ENE (after its gain), then `others`."""
    g = Game(M(x=10, y=20, VOL=6), *others)
    race(g, g.ids[0], "TRT-THIRST-FOR-ENERGY")
    g.start_activation(g.ids[0], energy=5)
    return g


def test_TRT_THIRST_FOR_ENERGY_steals_3_ENE_from_an_enemy_that_opposes_with_CH_VOL_ENF():
    """An enemy 5 K away (VOL 6 K): CH VOL ENF 3 (target 6) against 8 (target 5): it steals 3 ENE: 10 → 7; the thief
    5 − 1 + 3 = 7. An enemy 7 K away is out of reach."""
    g = thirst_game(M(side="blue", x=16, y=20), M(side="blue", x=18, y=22))
    a, b, far = g.ids
    assert [o.params for o in g.engine.legal_options("steal_energy")] == [{"target": b}]
    assert violation(g.act, a, "steal_energy", target=far).rule_id == "TRT-THIRST-FOR-ENERGY"
    g.dice.push(3, 8)
    g.act(a, "steal_energy", target=b)
    assert [c["side_of_opposed"] for c in g.checks("ATR")] == ["a", "b"]
    assert g.energy(b) == 7 and g.energy(a) == 7


def test_TRT_THIRST_FOR_ENERGY_a_lost_contest_steals_nothing_an_ally_gives_on_a_plain_CH_VOL():
    g = thirst_game(M(side="blue", x=16, y=20))
    a, b = g.ids
    g.dice.push(5, 2)                                       # both pass: the lower die wins
    g.act(a, "steal_energy", target=b)
    assert g.energy(b) == 10 and g.energy(a) == 4
    g = thirst_game(M(x=14, y=20, energy=2))
    a, ally = g.ids
    g.dice.push(6)
    g.act(a, "steal_energy", target=ally)
    assert len(g.checks("ATR")) == 1 and g.energy(ally) == -1 and g.energy(a) == 7


def test_TRT_THIRST_FOR_ENERGY_not_while_engaged_and_capped_at_10():
    g = thirst_game(M(side="blue", x=11, y=20))
    assert violation(g.act, g.ids[0], "steal_energy", target=g.ids[1]).rule_id == "TRT-THIRST-FOR-ENERGY"
    g = thirst_game(M(side="blue", x=16, y=20))
    a, b = g.ids
    g.set(a, Energy(9))
    g.dice.push(3, 8)
    g.act(a, "steal_energy", target=b)
    assert g.energy(a) == 10 and g.energy(b) == 7


def test_TRT_MENTAL_RESISTANCE_an_enemy_acting_against_it_with_CH_VOL_ENF_has_minus_1():
    """The thief's CH VOL ENF against it: target 6 − 1 = 5 (the 6 fails); its own resisting check untouched; an
    opposed check of another attribute (Empujar's CON) untouched."""
    g = thirst_game(M(side="blue", x=16, y=20))
    a, b = g.ids
    race(g, b, "TRT-MENTAL-RESISTANCE")
    g.dice.push(6, 9)
    g.act(a, "steal_energy", target=b)
    thief, resister = g.checks("ATR")
    assert thief["target"] == 5 and mods_of(thief) == {"TRT-MENTAL-RESISTANCE": -1} and resister["target"] == 5
    assert g.energy(b) == 10
    g = melee_pair()
    race(g, g.ids[1], "TRT-MENTAL-RESISTANCE")
    g.start_activation(g.ids[0], energy=10)
    g.dice.push(4, 6, 5)
    g.act(g.ids[0], "push", target=g.ids[1])
    assert [c["target"] for c in g.checks("ATR")] == [7, 4]


def test_TRT_MENTAL_RESISTANCE_its_own_opposed_CH_VOL_gives_the_resisting_enemy_nothing():
    g = thirst_game(M(side="blue", x=16, y=20))
    a, b = g.ids
    race(g, a, "TRT-THIRST-FOR-ENERGY", "TRT-MENTAL-RESISTANCE")
    g.dice.push(6, 5)
    g.act(a, "steal_energy", target=b)
    assert [c["target"] for c in g.checks("ATR")] == [6, 5]


# --- Súper sentidos -----------------------------------------------------------------------------------------------
def test_TRT_SUPER_SENSES_smoke_on_its_line_of_fire_gives_no_malus_and_its_odds_agree():
    """A smoke screen (TRT-SMOKE) between the shooter and its target: CH IMP −1 for anyone else; with Súper
    sentidos the target stays 5 (the 5 hits) and the odds say 5/10."""
    smoke = area_weapon(traits=("TRT-SMOKE",))
    g = area_game(M(side="red", x=10, y=20, VOL=7, weapons=(smoke, weapon())), area_blue(20, 20))
    a, t = g.ids
    fire(g, 3, aim=[20, 23])
    g.set(a, Position(20, 28, 270.0))
    assert attack_odds(g.gs, a, t, weapon_index=1, ranged=True).p_hit == Fraction(4, 10)
    race(g, a, "TRT-SUPER-SENSES")
    assert attack_odds(g.gs, a, t, weapon_index=1, ranged=True).p_hit == Fraction(5, 10)
    g.dice.push(5, 9, 5)
    g.act(a, "ranged_attack", target=t, weapon=1)
    imp = g.checks("IMP")[-1]
    assert imp["target"] == 5 and "TRT-SMOKE" not in mods_of(imp) and imp["passed"]


# --- Piloto evasivo, Suspenso en gimnasia ------------------------------------------------------------------------
@pytest.mark.parametrize("trait, die, target, height", [("TRT-EVASIVE-PILOT", 6, 6, 4.0),
                                                        ("TRT-FAILED-GYM-CLASS", 5, 4, 0.0)])
def test_TRT_EVASIVE_PILOT_and_TRT_FAILED_GYM_CLASS_the_checks_of_its_movement_actions(trait, die, target, height):
    """Escalar (MVA-10), AGI 5 at the foot of a 6 K cliff: Piloto evasivo's CH AGI is 6 (the 6 climbs 4 K),
    Suspenso en gimnasia's 4 (the 5 makes no progress); neither touches Mover nor a generic action's check."""
    g = Game(M(x=10.5, y=20, AGI=5, mov=4), M(side="blue", x=35, y=35), pieces=[CLIFF])
    a = g.ids[0]
    race(g, a, trait)
    g.start_activation(a, energy=10)
    g.dice.push(die)
    g.act(a, "climb", piece="cliff")
    assert g.check("ATR")["target"] == target and g.gs.elevation(a) == height
    assert action_check_mods(g.gs, a, "move", "AGI", "ATR") == []
    assert action_check_mods(g.gs, a, "heal", "INT", "ATR") == []
    assert action_check_mods(g.gs, a, "search", "AGI", "ATR") == []


# --- No vivo ------------------------------------------------------------------------------------------------------
def test_TRT_NON_LIVING_is_fielded_and_Matamuertos_deals_it_DMG_plus_2():
    """A Matamuertos rifle (DMG 4) against a No vivo target: DMG 6 (CH IMP 5, CH DEF 9, CH PSI 5); the same shot
    at a living target: 4."""
    spec = CharacterSpec(id="c", name="C", race=archetype_from_dict(
        {"id": "r", "kind": "race", "name": "R", "CON": 4, "AGI": 5, "INT": 4, "VOL": 4,
         "traits": [{"name": "No vivo"}]}))
    assert fielding_problems(spec) == []
    for blue_traits, dmg in ((("TRT-NON-LIVING",), 6), ((), 4)):
        g = duel(red={"weapons": (weapon(DMG=4, traits=("TRT-UNDEAD-SLAYER",)),)})
        race(g, g.ids[1], *blue_traits)
        attack(g, 5, 9, 5)
        assert hit_dmg(g) == dmg


# --- Fuego en las venas -------------------------------------------------------------------------------------------
def test_TRT_FIRE_IN_THE_VEINS_a_move_may_take_plus_3_K_for_1_wound():
    """MOV 4: Mover reaches 4 K; with the boost 7 K (ENE 1, then 1 wound, no CH DEF, no CH PSI); the boosted
    paths are legal options with the boost parameter; without the boost 7 K is refused."""
    g = Game(M(x=10, y=20, mov=4), M(side="blue", x=35, y=35))
    a = g.ids[0]
    race(g, a, "TRT-FIRE-IN-THE-VEINS")
    g.start_activation(a, energy=10)
    boosted = [o for o in g.engine.legal_options("move") if o.params.get("boost") == "TRT-FIRE-IN-THE-VEINS"]
    assert boosted and max(o.params["path"][-1][0] for o in boosted) == pytest.approx(17.0)
    assert violation(g.engine.check_action, a, "move", {"path": [[17, 20]]}).rule_id == "MOV-3"
    g.act(a, "move", path=[[17, 20]], boost="TRT-FIRE-IN-THE-VEINS")
    assert g.pos(a) == (17.0, 20.0) and g.wounds(a) == 1 and g.energy(a) == 9 and not g.checks()


@pytest.mark.parametrize("key, reach", [("run", 5 + 3), ("sprint", 9 + 3), ("move_silently", 4 + 3)])
def test_TRT_FIRE_IN_THE_VEINS_on_every_move_with_an_allowance(key, reach):
    g = Game(M(x=10, y=20, mov=4), M(side="blue", x=35, y=35))
    a = g.ids[0]
    race(g, a, "TRT-FIRE-IN-THE-VEINS")
    g.start_activation(a, energy=10)
    g.act(a, key, path=[[10 + reach, 20]], boost="TRT-FIRE-IN-THE-VEINS")
    assert g.pos(a) == (10.0 + reach, 20.0) and g.wounds(a) == 1


def test_TRT_FIRE_IN_THE_VEINS_an_unboosted_move_costs_no_wound_and_no_trait_no_boost():
    g = Game(M(x=10, y=20, mov=4), M(side="blue", x=35, y=35))
    a = g.ids[0]
    race(g, a, "TRT-FIRE-IN-THE-VEINS")
    g.start_activation(a, energy=10)
    g.act(a, "move", path=[[13, 20]])
    assert g.wounds(a) == 0
    g = Game(M(x=10, y=20, mov=4), M(side="blue", x=35, y=35))
    g.start_activation(g.ids[0], energy=10)
    assert not [o for o in g.engine.legal_options("move") if "boost" in o.params]
    assert violation(g.engine.check_action, g.ids[0], "move",
                     {"path": [[13, 20]], "boost": "TRT-FIRE-IN-THE-VEINS"}).rule_id == "MOV-3"


FIRE = "TRT-FIRE-IN-THE-VEINS"


def fire_game(*minis: M, **kw) -> tuple[Game, int]:
    """The first mini carries Fuego en las venas and starts its activation with ENE 10."""
    g = Game(*minis, **kw)
    race(g, g.ids[0], FIRE)
    g.start_activation(g.ids[0], energy=10)
    return g, g.ids[0]


def boosted_options(g: Game, key: str) -> list:
    return [o for o in g.engine.legal_options(key) if o.params.get("boost") == FIRE]


def test_TRT_FIRE_IN_THE_VEINS_a_swim_goes_3_K_farther_for_1_wound():
    """Nadar (MVA-11), MOV 4, AGI 6 at the lake's edge: 5 K is the plain swim's limit (with a critical), so 7 K is
    refused; with the boost 7 K (die 6 passes): ENE 2, 1 wound; the boosted swims are legal options."""
    g, a = fire_game(M(x=11, y=20, AGI=6, mov=4), M(side="blue", x=35, y=35),
                     pieces=[piece("lake", "water", 12, 10, 30, 30)])
    assert boosted_options(g, "swim")
    assert violation(g.engine.check_action, a, "swim", {"path": [[18, 20]]}).rule_id == "MOV-3"
    g.dice.push(6)
    g.act(a, "swim", path=[[18, 20]], boost=FIRE)
    assert g.pos(a) == pytest.approx((18.0, 20.0)) and g.wounds(a) == 1 and g.energy(a) == 8


def test_TRT_FIRE_IN_THE_VEINS_a_failed_swim_moves_nothing_and_costs_no_wound():
    g, a = fire_game(M(x=11, y=20, AGI=6, mov=4), M(side="blue", x=35, y=35),
                     pieces=[piece("lake", "water", 12, 10, 30, 30)])
    g.dice.push(7)
    g.act(a, "swim", path=[[18, 20]], boost=FIRE)
    assert g.pos(a) == (11.0, 20.0) and g.wounds(a) == 0 and g.energy(a) == 8


@pytest.mark.parametrize("die, top, wounds", [(5, True, 1), (6, False, 0)])
def test_TRT_FIRE_IN_THE_VEINS_a_climb_goes_3_K_higher(die, top, wounds):
    """Escalar (MVA-10), MOV 4, AGI 5 at the foot of a 6 K cliff: the plain climb reaches 4 K, the boosted one 7 K,
    the top (offered as a candidate since only the boost reaches it); die 5 climbs to the top for 1 wound, die 6
    makes no progress and costs no wound."""
    g, a = fire_game(M(x=10.5, y=20, AGI=5, mov=4), M(side="blue", x=35, y=35), pieces=[CLIFF])
    assert [o.params for o in g.engine.legal_options("climb")] == [{"piece": "cliff"},
                                                                   {"piece": "cliff", "boost": FIRE}]
    g.dice.push(die)
    g.act(a, "climb", piece="cliff", boost=FIRE)
    assert g.events("climb")[-1]["top"] is top and g.wounds(a) == wounds and g.energy(a) == 7
    assert g.events("climb")[-1]["after"] == (6.0 if top else 0.0)


def test_TRT_FIRE_IN_THE_VEINS_a_jump_up_reaches_3_K_higher():
    """Subir a un alto (MVA-13), AGI 5, 1 K tall: 1.5 K (2.5 K with the critical) does not reach a 3 K wall;
    boosted, 4.5 K does (die 5): on top, 1 wound."""
    wall = replace(piece("wall", "high", 11, 10, 14, 30, height=3.0, blocks_los=True), climbable=True)
    g, a = fire_game(M(x=10.5, y=20, AGI=5), M(side="blue", x=35, y=35), pieces=[wall])
    assert violation(g.engine.check_action, a, "jump_up", {"piece": "wall"}).rule_id == "MVA-13"
    assert [o.params for o in g.engine.legal_options("jump_up")] == [{"piece": "wall", "boost": FIRE}]
    g.dice.push(5)
    g.act(a, "jump_up", piece="wall", boost=FIRE)
    assert g.events("jump_up")[-1]["success"] and g.events("jump_up")[-1]["reach"] == 4.5 and g.wounds(a) == 1


def test_TRT_FIRE_IN_THE_VEINS_a_long_jump_goes_3_K_farther():
    """Salto de longitud (MVA-12), MOV 4, AGI 5: 8 K (9 K with a critical); boosted 11 K (die 5): it lands 11 K
    away for ENE 3 and 1 wound; the boosted jumps are offered at 11 K."""
    g, a = fire_game(M(x=10, y=20, AGI=5, mov=4), M(side="blue", x=35, y=35))
    assert violation(g.engine.check_action, a, "long_jump", {"to": [21, 20]}).rule_id == "MVA-12"
    assert {o.params["to"][0] for o in boosted_options(g, "long_jump") if o.params["to"][1] == 20} == {21.0}
    g.dice.push(5)
    g.act(a, "long_jump", to=[21, 20], boost=FIRE)
    assert g.pos(a) == (21.0, 20.0) and g.wounds(a) == 1 and g.energy(a) == 7


def test_TRT_FIRE_IN_THE_VEINS_a_180_turn_runs_3_K_farther():
    """180° (MVA-14), MOV 5: MOV + 4 = 9 K, boosted 12 K; die 3 (target 3) turns back; 1 wound."""
    g, a = fire_game(M(x=5, y=20, CON=5, AGI=4, mov=5), M(side="blue", x=35, y=35))
    assert violation(g.engine.check_action, a, "turn_180", {"path": [[17, 20]]}).rule_id == "MOV-3"
    g.dice.push(3)
    g.act(a, "turn_180", path=[[17, 20]], boost=FIRE)
    assert g.pos(a) == (17.0, 20.0) and g.gs.pos(a).facing == 180.0 and g.wounds(a) == 1 and g.energy(a) == 6


def test_TRT_FIRE_IN_THE_VEINS_carrying_goes_3_K_farther():
    """Mover cargado (MVA-8), CON 6, MOV 3 carrying a CON 3 body: 6 K with the boost (ENE 2, 1 wound), the load
    with it; 6 K unboosted is refused."""
    g, a = fire_game(M(x=10, y=20, CON=6, mov=3), M(side="blue", x=11.02, y=20, CON=3, wounds=3))
    b = g.ids[1]
    assert violation(g.engine.check_action, a, "move_carrying", {"target": b, "path": [[10, 26]]}).rule_id == "MOV-3"
    assert boosted_options(g, "move_carrying")
    g.act(a, "move_carrying", target=b, path=[[10, 26]], boost=FIRE)
    assert g.pos(a) == (10, 26) and g.pos(b) == pytest.approx((11.02, 26)) and g.wounds(a) == 1 and g.energy(a) == 8


def test_TRT_FIRE_IN_THE_VEINS_a_change_of_altitude_flies_3_K_farther():
    """Cambiar de altitud (MVA-15) with Sub, MOV 4: a straight line of 7 K is refused (MOV 4, 5 K with a
    critical); boosted it goes down to level −1 7 K away (ENE 1, 1 wound)."""
    g, a = fire_game(M(x=10, y=10, mov=4), M(side="blue", x=30, y=30))
    g.set(a, Traits((FIRE, "TRT-SUB")))
    assert violation(g.engine.check_action, a, "change_altitude", {"level": -1, "to": [17, 10]}).rule_id == "MVA-15"
    g.act(a, "change_altitude", level=-1, to=[17, 10], boost=FIRE)
    assert g.gs.pos(a).level == -1 and g.pos(a) == (17.0, 10.0) and g.wounds(a) == 1 and g.energy(a) == 9


def test_TRT_FIRE_IN_THE_VEINS_no_trait_no_boost_on_the_terrain_moves():
    """Without the trait no boosted terrain move is offered and one declared is refused."""
    g = Game(M(x=10, y=20, AGI=5, mov=4), M(side="blue", x=35, y=35))
    a = g.ids[0]
    g.start_activation(a, energy=10)
    assert not [o for k in ("long_jump", "turn_180") for o in g.engine.legal_options(k) if "boost" in o.params]
    assert violation(g.engine.check_action, a, "long_jump", {"to": [15, 20], "boost": FIRE}).rule_id == "MOV-3"


# --- Gran demonio -------------------------------------------------------------------------------------------------
def demon_game(*demons: M) -> Game:
    """A blue VOL 5 character at (10, 20) about to activate, and red `demons` carrying Gran demonio."""
    g = Game(M(side="blue", x=10, y=20, VOL=5), *demons)
    for d in g.ids[1:]:
        race(g, d, "TRT-GREATER-DEMON")
    return g


def test_TRT_GREATER_DEMON_an_enemy_within_its_VOL_K_a_CH_PSI_then_a_CH_LOC_minus_2():
    """The demon (VOL 4) 3 K away: the blue's activation starts with a CH PSI 8 (fails: stress 1), then a CH LOC
    at 5 − 2 = 3: the 4 fails (panic and a malus)."""
    g = demon_game(M(x=14, y=20, VOL=4))
    b, demon = g.ids
    g.dice.push(8, 4)
    g.start_activation(b, energy=10)
    psi, loc = g.checks("PSI"), g.checks("LOC")
    assert [c["rule"] for c in psi] == ["TRT-GREATER-DEMON"] and not psi[0]["passed"] and g.stress(b) == 1
    assert loc[0]["target"] == 3 and mods_of(loc[0]) == {"TRT-GREATER-DEMON": -2} and g.gs.psyche(b).panic
    assert g.all_dice_used()


def test_TRT_GREATER_DEMON_a_passed_CH_PSI_no_CH_LOC_out_of_reach_nothing_two_demons_one_check():
    g = demon_game(M(x=14, y=20, VOL=4))
    g.dice.push(3)
    g.start_activation(g.ids[0], energy=10)
    assert len(g.checks("PSI")) == 1 and not g.checks("LOC") and g.all_dice_used()
    g = demon_game(M(x=14, y=20, VOL=2))                     # 3 K away, VOL 2: out of reach
    g.start_activation(g.ids[0], energy=10)
    assert not g.checks()
    g = Game(M(side="blue", x=10, y=20, VOL=5), M(x=14, y=20, VOL=4), M(x=10, y=24, VOL=4),
             M(side="blue", x=8, y=20))
    for d in g.ids[1:3]:
        race(g, d, "TRT-GREATER-DEMON")
    g.dice.push(3)
    g.start_activation(g.ids[0], energy=10)
    assert len(g.checks("PSI")) == 1 and g.all_dice_used()
    g = Game(M(x=10, y=20, VOL=5), M(x=14, y=20, VOL=4))
    race(g, g.ids[1], "TRT-GREATER-DEMON")
    g.start_activation(g.ids[0], energy=10)
    assert not g.checks()


def test_TRT_GREATER_DEMON_a_fumbled_CH_PSI_makes_one_CH_LOC_only():
    """A fumbled CH PSI makes its own CH LOC (PSI-6): no second one at −2."""
    g = demon_game(M(x=14, y=20, VOL=4))
    g.dice.push(10, 2)
    g.start_activation(g.ids[0], energy=10)
    assert len(g.checks("LOC")) == 1 and "TRT-GREATER-DEMON" not in mods_of(g.checks("LOC")[0])


# --- Anónimo ------------------------------------------------------------------------------------------------------
def test_TRT_ANONYMOUS_enemies_cannot_charge_it():
    """A MOV 4 charger 4 K from it: refused (naming TRT-ANONYMOUS) and no charge option at it; the same charge at
    a character without the trait is legal."""
    g = Game(M(x=10, y=20, mov=4, weapons=(blade(),)), M(side="blue", x=15, y=20, facing=180.0))
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "charge", {"target": b, "path": [[14, 20]]}) == 2
    race(g, b, "TRT-ANONYMOUS")
    assert violation(g.engine.check_action, a, "charge", {"target": b, "path": [[14, 20]]}).rule_id == "TRT-ANONYMOUS"
    assert not list(g.engine.legal_options("charge"))


def test_TRT_ANONYMOUS_no_shot_at_it_while_another_character_is_within_3_K():
    """Alone, it can be shot; with another character (of either side) 2 K from it, the shot is refused and no
    ranged option aims at it."""
    g = Game(M(x=10, y=20, weapons=(weapon(),)), M(side="blue", x=20, y=20, facing=180.0),
             M(side="blue", x=30, y=30))
    a, b, other = g.ids
    race(g, b, "TRT-ANONYMOUS")
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "ranged_attack", {"target": b, "weapon": 0}) == 2
    for x, y, side in ((23, 20, "blue"), (20, 23, "red")):
        g.set(other, Position(float(x), float(y), 0.0))
        g.set(other, replace(g.world.get(other, Identity), side=side))
        assert violation(g.engine.check_action, a, "ranged_attack",
                         {"target": b, "weapon": 0}).rule_id == "TRT-ANONYMOUS"
        assert b not in [o.params["target"] for o in g.engine.legal_options("ranged_attack")]


# --- Sed de sangre, Grito de sangre -------------------------------------------------------------------------------
def blood_game(killer_traits=(), bearer: bool = False) -> Game:
    """A red MOV 4, CON 9 killer with a blade at (10, 20) in contact with a blue CON 2 victim at (11, 20); another
    blue 6 K away (edge to edge) at (17, 20); with `bearer`, a red Grito de sangre bearer at (10, 24)."""
    minis = [M(x=10, y=20, mov=4, CON=9, weapons=(blade(),)), M(side="blue", x=11, y=20, CON=2, facing=180.0),
             M(side="blue", x=17, y=20, facing=180.0)]
    if bearer:
        minis.append(M(x=10, y=24))
    g = Game(*minis)
    race(g, g.ids[0], *killer_traits)
    if bearer:
        race(g, g.ids[3], "TRT-CRY-OF-BLOOD")
    g.start_activation(g.ids[0], energy=10)
    g.dice.push(3, 9)
    g.act(g.ids[0], "melee_attack", target=g.ids[1], weapon=0)
    assert g.gs.world.get(g.ids[1], Life).state == "dead"
    return g


@pytest.mark.parametrize("trait, killer_traits, bearer", [("TRT-THIRST-FOR-BLOOD", ("TRT-THIRST-FOR-BLOOD",), False),
                                                          ("TRT-CRY-OF-BLOOD", (), True)])
def test_TRT_THIRST_FOR_BLOOD_and_TRT_CRY_OF_BLOOD_after_a_melee_kill_plus_2_K_to_engage_again(trait, killer_traits,
                                                                                           bearer):
    """After the kill its next move may go 4 + 2 = 6 K, only if it ends engaged: Mover to the other enemy 6 K away
    with the boost; a boosted move that ends free is refused; the mark lapses after the move."""
    g = blood_game(killer_traits, bearer)
    a, _, other = g.ids[:3]
    assert any(o.params.get("boost") == trait for o in g.engine.legal_options("move"))
    assert violation(g.engine.check_action, a, "move", {"path": [[10, 15]], "boost": trait}).rule_id == trait
    assert violation(g.engine.check_action, a, "move", {"path": [[16, 20]]}).rule_id == "MOV-3"
    g.act(a, "move", path=[[16, 20]], boost=trait)
    assert g.gs.in_contact(a, other) and g.wounds(a) == 0 and trait not in g.gs.effects(a).spent
    assert not any(o.params.get("boost") for o in g.engine.legal_options("move"))


def test_TRT_THIRST_FOR_BLOOD_a_plain_move_spends_it_and_no_kill_no_boost():
    g = blood_game(("TRT-THIRST-FOR-BLOOD",))
    a = g.ids[0]
    g.act(a, "move", path=[[10, 22]])
    assert "TRT-THIRST-FOR-BLOOD" not in g.gs.effects(a).spent
    g = Game(M(x=10, y=20, mov=4), M(side="blue", x=17, y=20))
    race(g, g.ids[0], "TRT-THIRST-FOR-BLOOD")
    g.start_activation(g.ids[0], energy=10)
    assert not any(o.params.get("boost") for o in g.engine.legal_options("move"))


def test_TRT_CRY_OF_BLOOD_not_for_a_killer_beyond_5_K_of_the_bearer():
    g = Game(M(x=10, y=20, mov=4, CON=9, weapons=(blade(),)), M(side="blue", x=11, y=20, CON=2, facing=180.0),
             M(x=10, y=30))
    race(g, g.ids[2], "TRT-CRY-OF-BLOOD")
    g.start_activation(g.ids[0], energy=10)
    g.dice.push(3, 9)
    g.act(g.ids[0], "melee_attack", target=g.ids[1], weapon=0)
    assert "TRT-CRY-OF-BLOOD" not in g.gs.effects(g.ids[0]).spent


def test_TRT_UNLUCKY_in_an_area_attack_s_value():
    """An area weapon (R3) aimed at a target, AGI 9: P(hit) 9/10, unlucky 8/10 (rules.areas.expected_area_value)."""
    g = area_game(M(side="red", x=10, y=20, AGI=9, weapons=(area_weapon(),)), area_blue(20, 20))
    a, t = g.ids
    w = g.gs.weapon(a, 0)
    assert expected_area_value(g.gs, aim_at_target(g.gs, a, 0, w, t), a)[2] == pytest.approx(0.9)
    race(g, a, "TRT-UNLUCKY")
    assert expected_area_value(g.gs, aim_at_target(g.gs, a, 0, w, t), a)[2] == pytest.approx(0.8)


# --- Orador -------------------------------------------------------------------------------------------------------
def test_TRT_ORATOR_its_VOL_K_reaches_are_doubled():
    """VOL 3: Sed de energía reaches 6 K (an enemy 5 K away: allowed, refused without Orador); Gran demonio with VOL
    2 and Orador reaches an enemy 3 K away (4 K)."""
    g = Game(M(x=10, y=20, VOL=3), M(side="blue", x=16, y=20))
    a, b = g.ids
    race(g, a, "TRT-THIRST-FOR-ENERGY")
    g.start_activation(a, energy=5)
    assert violation(g.engine.check_action, a, "steal_energy", {"target": b}).rule_id == "TRT-THIRST-FOR-ENERGY"
    race(g, a, "TRT-THIRST-FOR-ENERGY", "TRT-ORATOR")
    assert g.engine.check_action(a, "steal_energy", {"target": b}) == 1
    g = demon_game(M(x=14, y=20, VOL=2))
    race(g, g.ids[1], "TRT-GREATER-DEMON", "TRT-ORATOR")
    g.dice.push(3)
    g.start_activation(g.ids[0], energy=10)
    assert [c["rule"] for c in g.checks("PSI")] == ["TRT-GREATER-DEMON"]


# --- Resurrección -------------------------------------------------------------------------------------------------
def dead_game(*others: M) -> Game:
    """A dead red CON 4 character with Resurrección at (10, 20), a blue fighter far away, then `others`."""
    g = Game(M(x=10, y=20, CON=4, wounds=9), M(side="blue", x=30, y=30), *others)
    race(g, g.ids[0], "TRT-RESURRECTION")
    assert g.gs.world.get(g.ids[0], Life).state == "dead"
    return g


def test_TRT_RESURRECTION_a_1_at_a_turn_start_brings_it_back_with_CON_minus_1_wounds():
    """Turn start: a 5 leaves it dead; next turn a 1 brings it back where it fell, active, with 4 − 1 = 3 wounds."""
    g = dead_game()
    a = g.ids[0]
    g.dice.push(5)
    g.next_turn()
    assert g.gs.world.get(a, Life).state == "dead" and g.events("resurrection_roll", die=5)
    g.dice.push(1)
    g.next_turn()
    assert g.gs.world.get(a, Life).state == "active" and g.wounds(a) == 3 and g.pos(a) == (10.0, 20.0)
    g.next_turn()                                                # alive: no more rolls
    assert len(g.events("resurrection_roll")) == 2 and g.all_dice_used()


def test_TRT_RESURRECTION_not_a_destroyed_corpse_nor_under_another_miniature():
    g = dead_game()
    g.set(g.ids[0], Disposed(g.ids[1]))
    g.next_turn()
    assert not g.events("resurrection_roll")
    g = dead_game(M(side="blue", x=10.3, y=20))
    g.next_turn()
    assert not g.events("resurrection_roll") and g.gs.world.get(g.ids[0], Life).state == "dead"


# --- Apestoso -----------------------------------------------------------------------------------------------------
def test_TRT_STINKY_no_ally_ends_a_move_less_than_3_K_from_it():
    """An ally of the bearer (at 16, 20) moves: ending 3 K from it (12, 20) is allowed, 2 K (13, 20) refused naming
    TRT-STINKY; an enemy ends where it likes; the bearer itself moves freely."""
    g = Game(M(x=10, y=20, mov=4), M(x=16, y=20, mov=4), M(side="blue", x=10, y=30, mov=4))
    a, bearer, foe = g.ids
    race(g, bearer, "TRT-STINKY")
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "move", {"path": [[12, 20]]}) == 1
    assert violation(g.engine.check_action, a, "move", {"path": [[13, 20]]}).rule_id == "TRT-STINKY"
    assert all(o.params["path"][-1][0] <= 12.0 + 1e-6 or abs(o.params["path"][-1][1] - 20) > 1
               for o in g.engine.legal_options("move"))
    g.act(a, "end")
    g.start_activation(foe, energy=10)
    assert g.engine.check_action(foe, "move", {"path": [[13, 28]]}) == 1
    g.act(foe, "end")
    g.start_activation(bearer, energy=10)
    assert g.engine.check_action(bearer, "move", {"path": [[13, 21]]}) == 1


# --- Ave Fénix ----------------------------------------------------------------------------------------------------
def phoenix_kill(*dice: int) -> Game:
    """A blue CON 2 Ave Fénix in contact with a red CON 9 blade fighter, killed by its attack (CH IMP 3, CH DEF 9),
    then `dice` (the phoenix's 1D10)."""
    g = Game(M(x=10, y=20, CON=9, weapons=(blade(),)), M(side="blue", x=11, y=20, CON=2, facing=180.0),
             M(side="blue", x=30, y=30))
    race(g, g.ids[1], "TRT-PHOENIX")
    g.start_activation(g.ids[0], energy=10)
    g.dice.push(3, 9, *dice)
    g.act(g.ids[0], "melee_attack", target=g.ids[1], weapon=0)
    return g


@pytest.mark.parametrize("die, state, wounds", [(1, "active", 0), (2, "active", 1), (5, "active", 1),
                                                (6, "dead", None), (10, "dead", None)])
def test_TRT_PHOENIX_its_death_roll(die, state, wounds):
    """Killed: 1 → back with no wounds; 2-5 → back with CON − 1 = 1; 6-9 → it waits; 10 → a casualty."""
    g = phoenix_kill(die)
    b = g.ids[1]
    assert g.events("phoenix_roll", die=die) and g.gs.world.get(b, Life).state == state
    if wounds is not None:
        assert g.wounds(b) == wounds and g.pos(b) == (11.0, 20.0)


def test_TRT_PHOENIX_waiting_it_rolls_each_turn_start_a_fumble_ends_it():
    g = phoenix_kill(7)
    b = g.ids[1]
    g.dice.push(8)
    g.next_turn()
    assert g.gs.world.get(b, Life).state == "dead"
    g.dice.push(10)
    g.next_turn()
    g.next_turn()                                           # a casualty: no more rolls
    assert [e["die"] for e in g.events("phoenix_roll")] == [7, 8, 10] and g.all_dice_used()
    g = phoenix_kill(9)
    g.dice.push(3)
    g.next_turn()
    assert g.gs.world.get(g.ids[1], Life).state == "active" and g.wounds(g.ids[1]) == 1


def test_TRT_MASTERY_priced_alone_takes_its_action_as_the_parameter():
    """`priced_trait` (wartime batch --price, the trait zoo) with the chosen action as `param`, at the catalogue
    price; without one it is refused."""
    for trait, param, points in (("TRT-MASTERY", "Mover", 5), ("TRT-INEPTITUDE", "Mover", -5),
                                 ("TRT-COMBAT-MASTERY", "Ataque a distancia", 10),
                                 ("TRT-COMBAT-INEPTITUDE", "Ataque a distancia", -10)):
        ref = priced_trait(trait, "race", "test", "traits", param=param)
        assert (ref.param, ref.points) == (param, points)
        with pytest.raises(DataError):
            priced_trait(trait, "race", "test", "traits")
