"""Traits played on more archetype kinds (rules/traits/kinds.py, rules/item_use.py): the use tests and Neuropsico
on a protection (each CH DEF its wearer makes) and the use tests on a transport (each drive)."""
from __future__ import annotations

import pytest

from rules_helpers import Game, M, ride, weapon
from wartime.core.components import Life, Stress, TraitedProtection
from wartime.core.rng import ScriptedDice
from wartime.rules import riding, traits

TESTS = [("TRT-AGILITY-TEST", "AGI"), ("TRT-CONSTITUTION-TEST", "CON"), ("TRT-INTELLIGENCE-TEST", "INT"),
         ("TRT-WILLPOWER-TEST", "VOL")]


def shot_at(*prot_traits: str, DEF: int = 3) -> Game:
    """A rifle (DMG 5) 10 K from a target (every attribute 5) wearing a DEF `DEF` protection with `prot_traits`
    and a plain DEF 1 shield."""
    armour = TraitedProtection("vest", "Vest", 0, DEF, 0, 5, traits=tuple(prot_traits))
    shield = TraitedProtection("shield", "Shield", 0, 1, 0, 5)
    g = Game(M(x=10, y=20, weapons=(weapon(DMG=5),)),
             M(side="blue", x=20, y=20, facing=180.0, CON=5, AGI=5, INT=5, VOL=5, protections=(armour, shield)))
    g.start_activation(g.ids[0], energy=10)
    return g


@pytest.mark.rules("TRT-CONSTITUTION-TEST", "TRT-INTELLIGENCE-TEST", "TRT-WILLPOWER-TEST")
@pytest.mark.parametrize("tid,attr", TESTS)
@pytest.mark.parametrize("roll,defense", [(3, 4), (8, 1)])
def test_TRT_AGILITY_TEST_and_the_other_tests_on_a_protection_before_each_CH_DEF(tid, attr, roll, defense):
    """Hit (2): the wearer's check for the vest comes before its CH DEF: 3 passes and the CH DEF is against DEF 4
    (vest 3 + shield 1), 8 fails and the vest's DEF is out of it: DEF 1 (target and subtracted); CH DEF 3."""
    g = shot_at(tid)
    a, b = g.ids
    g.dice.push(2, roll, 3, 9, 9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    use = [c for c in g.checks("ATR") if c["who"] == b][0]
    assert use["attribute"] == attr and use["rule"] == "CMB-3"
    d = g.check("DEF")
    assert d["target"] == defense and g.events("damage")[0]["defense"] == defense
    assert g.wounds(b) == (1 if defense == 4 else 5)  # CH DEF 3: passes against 4 (DMG 5 − 4), fails against 1
    failed = g.events("protection_use_failed")
    assert bool(failed) is (defense == 1)
    if failed:
        assert failed[0]["protection"] == "Vest" and failed[0]["def_lost"] == 3


def test_TRT_AGILITY_TEST_on_a_protection_no_check_without_a_CH_DEF():
    """A missed shot (CH IMP 9): no CH DEF, so the vest is not used and asks nothing."""
    g = shot_at("TRT-AGILITY-TEST")
    a, b = g.ids
    g.dice.push(9, 9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.checks("DEF") == [] and [c for c in g.checks("ATR") if c["who"] == b] == []


@pytest.mark.parametrize("psi,defense,stress", [(2, 4, 0), (9, 1, 1)])
def test_TRT_NEUROPSYCHO_on_a_protection_a_CH_PSI_before_each_CH_DEF(psi, defense, stress):
    """The vest asks a CH PSI (VOL 5) first: 2 passes (DEF 4), 9 fails: +1 stress (PSI-5) and DEF 1."""
    g = shot_at("TRT-NEUROPSYCHO")
    a, b = g.ids
    g.dice.push(2, psi, 3, 9, 9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.checks("PSI")[0]["rule"] == "TRT-NEUROPSYCHO" and g.checks("PSI")[0]["who"] == b
    assert g.check("DEF")["target"] == defense
    # passed: 1 wound, its CH PSI as a wounded target (the 9) fails: 1 stress; failed: 5 wounds put it out of
    # action (no such CH PSI), the stress is Neuropsico's
    assert g.world.get(b, Stress).value == 1 and [c["passed"] for c in g.checks("PSI")][0] is (stress == 0)
    assert g.wounds(b) == (1 if defense == 4 else 5)
    assert g.events("action_void") == []              # the attacker's action is not failed by the wearer's CH PSI


def test_TRT_AGILITY_TEST_on_a_disabled_protection_asks_nothing():
    """WND-4: a vest with QUA wounds gives no DEF and is not used: no check, CH DEF against the shield's 1."""
    g = shot_at("TRT-AGILITY-TEST")
    a, b = g.ids
    from dataclasses import replace
    from wartime.core.components import Equipment
    eq = g.gs.equipment(b)
    g.set(b, Equipment(eq.weapons, (replace(eq.protections[0], wounds=5), eq.protections[1])))
    g.dice.push(2, 3, 9, 9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert [c for c in g.checks("ATR") if c["who"] == b] == [] and g.check("DEF")["target"] == 1


# --- on a transport ---------------------------------------------------------------------------------------------
def driver(tid: str, *rolls: int) -> Game:
    g = Game(M(x=10, y=20, facing=0.0, CON=5, AGI=5, INT=5, VOL=5), width=60)
    g.dice = ScriptedDice(rolls=rolls)
    g.world.dice = g.dice
    ride(g, g.ids[0], MOV=6, ENE=1, traits=(tid,))
    g.start_activation(g.ids[0], energy=10)
    return g


@pytest.mark.rules("TRT-CONSTITUTION-TEST", "TRT-INTELLIGENCE-TEST", "TRT-WILLPOWER-TEST")
@pytest.mark.parametrize("tid,attr", TESTS)
@pytest.mark.parametrize("roll,moved", [(3, True), (8, False)])
def test_TRT_AGILITY_TEST_and_the_other_tests_on_a_transport_before_each_drive(tid, attr, roll, moved):
    """Mover (ENE 1 + the transport's ENE 1): the driver's check first; 3 passes and it moves 4 K, 8 fails: it
    stays, the ENE (2) is spent and the transport's ENE counts as paid for the turn (BLD-19 c)."""
    g = driver(tid, roll)
    a = g.ids[0]
    g.act(a, "move", path=[[14, 20]])
    c = g.check("ATR")
    assert c["attribute"] == attr and c["who"] == a
    assert g.pos(a) == ((14.0, 20.0) if moved else (10.0, 20.0))
    assert g.energy(a) == 8 and riding.engine_ene(g.gs, a) == 0
    assert bool(g.events("transport_use_failed")) is not moved


def test_TRT_AGILITY_TEST_on_a_transport_a_pivot_is_a_use_too():
    g = driver("TRT-AGILITY-TEST", 9)
    a = g.ids[0]
    g.act(a, "transport_pivot", facing_to=90)
    assert g.gs.pos(a).facing == 0 and g.events("transport_use_failed")[0]["transport"] == "Truck"


def test_TRT_AGILITY_TEST_on_a_transport_not_on_foot_nor_for_a_plain_transport():
    """No check for a transport without the trait, nor once on foot (the trait is the transport's)."""
    g = Game(M(x=10, y=20, AGI=5), width=60)
    ride(g, g.ids[0], MOV=6)
    g.start_activation(g.ids[0], energy=10)
    g.act(g.ids[0], "move", path=[[14, 20]])
    assert g.checks("ATR") == [] and g.pos(g.ids[0]) == (14.0, 20.0)


# --- fielding and price -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("tid", [t for t, _ in TESTS] + ["TRT-NEUROPSYCHO"])
def test_TRT_use_traits_fieldable_and_priced_on_protections_and_transports(tid):
    from test_rules_traits_more import price
    from wartime.data.tables import trait_by_id
    kinds = ("protection",) if tid == "TRT-NEUROPSYCHO" else ("protection", "transport")
    for kind in kinds:
        assert traits.fielding_problem(tid, kind, {tid}) is None
        assert price(tid, kind) == trait_by_id()[tid].cost
    if tid == "TRT-NEUROPSYCHO":
        assert traits.fielding_problem(tid, "transport", {tid}) is not None


# --- the runes on a held object -------------------------------------------------------------------------------------
def test_TRT_COMBAT_RUNES_on_a_held_object_its_holder_gets_CH_VOL_ENF_plus_1():
    """Robar energía: the thief (VOL 6) holding a runed amulet checks against 7; once the amulet is disabled
    (WND-4: as many wounds as its QUA) the bonus is gone."""
    from test_rules_objects import give
    from test_rules_traits_weapons2 import steal
    from wartime.rules.traits import opposed_mods
    g = steal(7, 9)
    assert g.checks("ATR")[0]["target"] == 6
    amulet = give(g, g.ids[0], "TRT-COMBAT-RUNES", name="Amulet")
    assert [m.value for m in opposed_mods(g.gs, g.ids[0], "VOL")] == [1]
    assert opposed_mods(g.gs, g.ids[0], "CON") == [] and opposed_mods(g.gs, g.ids[1], "VOL") == []
    from dataclasses import replace
    from wartime.core.components import Gear
    g.set(amulet, replace(g.world.get(amulet, Gear), wounds=3))
    assert opposed_mods(g.gs, g.ids[0], "VOL") == []


def test_TRT_REJECTION_RUNES_on_a_held_object_the_holder_rerolls_a_lost_CH_VOL_ENF():
    """As test_TRT_REJECTION_RUNES_Robar_energia...: the victim holds the runes on an object: its lost 9 is
    rerolled, 3 wins, 10 ENE kept."""
    from test_rules_objects import give
    from test_rules_traits_weapons2 import thirst_game
    from test_rules_traits_combat import race
    g = thirst_game(M(side="blue", x=16, y=20))
    race(g, g.ids[0], "TRT-THIRST-FOR-ENERGY")
    give(g, g.ids[1], "TRT-REJECTION-RUNES", name="Talisman")
    g.dice.push(6, 9, 3)
    g.act(g.ids[0], "steal_energy", target=g.ids[1])
    rolls = [c for c in g.checks("ATR") if c["who"] == g.ids[1]]
    assert [c["die"] for c in rolls] == [9, 3] and rolls[1]["reroll"] == "TRT-REJECTION-RUNES"
    assert g.energy(g.ids[1]) == 10


def test_TRT_PROTECTION_RUNES_on_a_held_object_a_fumbled_metahability_check_brings_no_CH_PSI():
    from test_rules_metahabilities import NEURO, give as give_meta, mh, two
    from test_rules_objects import give
    g = two(side="red")
    a, b = g.ids
    give_meta(g, a, mh("TRT-INVOCATION", "TRT-PSYCHIC-ENERGY"), bonuses=NEURO)
    give(g, a, "TRT-PROTECTION-RUNES", name="Charm")
    g.start_activation(a, energy=10)
    g.dice.push(10)
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.checks("PSI") == [] and g.stress(a) == 0
    assert g.events("fumble_danger_ignored")[0]["rule"] == "TRT-PROTECTION-RUNES"


@pytest.mark.parametrize("tid,points", [("TRT-COMBAT-RUNES", 10), ("TRT-REJECTION-RUNES", 10),
                                        ("TRT-PROTECTION-RUNES", 3)])
def test_TRT_runes_fieldable_and_priced_on_an_object(tid, points):
    from test_rules_traits_more import price
    assert traits.fielding_problem(tid, "object", {tid}) is None and price(tid, "object") == points


# --- Maleficio on a weapon ------------------------------------------------------------------------------------------
def hexed_shot(*dice: int):
    """The duel's rifle with Maleficio (Lento) (its malus carried as "TRT-HEX:Lento", as match.setup fields it);
    the red shooter fires with these dice."""
    from test_rules_traits_combat import attack, duel
    from test_rules_traits_weapons import gun
    g = duel({"weapons": (gun("TRT-HEX", "TRT-HEX:Lento"),)})
    attack(g, *dice)
    return g


def test_TRT_HEX_on_a_weapon_a_hit_puts_the_malus_on_the_target_until_its_next_activation_ends():
    """Hit (5), CH DEF 9 fails, CH PSI 9: the target is Lento: its Mover costs ENE 2 in its next activation, and
    ENE 1 again once that activation is over; the shooter is not slowed."""
    g = hexed_shot(5, 9, 9)
    a, b = g.ids
    ev = g.events("hexed")[0]
    assert (ev["rule"], ev["who"], ev["malus"]) == ("TRT-HEX", b, "TRT-SLOW")
    slowed_until_its_next_activation_ends(g, a, b, [19, 20])


def slowed_until_its_next_activation_ends(g: Game, a: int, b: int, to: list) -> None:
    """TRT-HEX (Lento): `b` is slowed and `a` is not; in `b`'s next activation its Mover to `to` costs ENE 2, and once
    that activation is over `b` is slowed no more."""
    assert "TRT-SLOW" in traits.character_traits(g.gs, b) and "TRT-SLOW" not in traits.character_traits(g.gs, a)
    g.engine._end_activation(a)
    g.start_activation(b, energy=10)
    assert g.engine.check_action(b, "move", {"path": [to]}) == 2
    g.engine._end_activation(b)
    assert "TRT-SLOW" not in traits.character_traits(g.gs, b)


def test_TRT_HEX_on_a_weapon_a_miss_leaves_no_malus():
    g = hexed_shot(9)
    assert g.events("hexed") == [] and "TRT-SLOW" not in traits.character_traits(g.gs, g.ids[1])


def test_TRT_HEX_on_a_weapon_fielded_with_its_malus_and_priced_1():
    """match.setup carries the malus on the weapon ("TRT-HEX:Lento"), a metahability keeps it in its params only;
    a malus the engine does not play is refused; the price is flat 1 (ruling)."""
    from wartime.data.loader import archetype_from_dict, priced_trait
    from wartime.match.setup import metahability_of, weapon_of
    w = archetype_from_dict({"id": "w", "kind": "weapon", "name": "Cursed pistol", "ENE": 2, "DMG": 3, "RNG": 10,
                             "QUA": 3, "traits": [{"name": "Maleficio", "param": "Lento"}]})
    assert weapon_of(w).traits == ("TRT-HEX", "TRT-HEX:Lento")
    m = archetype_from_dict({"id": "h", "kind": "metahability", "name": "Hex", "ENE": 2, "RNG": 5, "QUA": 3,
                             "traits": [{"name": "Atadura"}, {"name": "Maleficio", "param": "Lento"}]})
    assert "TRT-HEX:Lento" not in metahability_of(m).traits
    assert traits.fielding_problem("TRT-HEX", "weapon", {"TRT-HEX"}, "Lento") is None
    assert traits.fielding_problem("TRT-HEX", "weapon", {"TRT-HEX"}, "Torpe") is not None
    assert priced_trait("TRT-HEX", "weapon", "test", "traits", param="Lento").points == 1


# --- Runas de combate on a weapon -----------------------------------------------------------------------------------
@pytest.mark.parametrize("runes,winner,imp", [((), "a", 4), (("TRT-COMBAT-RUNES",), "b", 5)])
def test_TRT_COMBAT_RUNES_on_a_weapon_the_shooters_CH_VOL_ENF_against_a_manipulator(runes, winner, imp):
    """The VOL 6 manipulator rolls 6 (passes), the VOL 4 shooter 5: without runes the shooter fails and loses (CH IMP
    4); with a runed rifle its CH VOL ENF is against 5 and passes with the lower die: it wins (CH IMP 5)."""
    from test_rules_traits_combat import attack, duel, race
    from test_rules_traits_weapons import gun
    g = duel({"VOL": 4, "weapons": (gun(*runes),)}, {"VOL": 6})
    race(g, g.ids[1], "TRT-MANIPULATOR")
    attack(g, 6, 5, 9)
    shooter = [c for c in g.checks("ATR") if c["who"] == g.ids[0]][0]
    assert shooter["target"] == (5 if runes else 4)
    assert g.events("opposed_resolved", rule="TRT-MANIPULATOR", winner=winner)
    assert g.check("IMP")["target"] == imp


def test_TRT_COMBAT_RUNES_on_a_weapon_fieldable_and_priced_10():
    from test_rules_traits_more import price
    assert traits.fielding_problem("TRT-COMBAT-RUNES", "weapon", {"TRT-COMBAT-RUNES"}) is None
    assert price("TRT-COMBAT-RUNES", "weapon") == 10


# --- Levitador on a held object -------------------------------------------------------------------------------------
def test_TRT_LEVITATOR_on_a_held_object_its_holder_floats_over_terrain_and_water():
    """The mud, log and pond of the transport test: holding a levitation belt, a walker crosses them at ENE 1; the
    same walker without it is stopped by the log (MVA-11)."""
    from test_rules_objects import give
    from test_rules_transport_traits import FIELD
    from rules_helpers import violation
    g = Game(M(x=10, y=20, mov=10), pieces=FIELD, width=60)
    give(g, g.ids[0], "TRT-LEVITATOR", name="Levitation belt")
    g.start_activation(g.ids[0], energy=10)
    assert g.engine.check_action(g.ids[0], "move", {"path": [[19.5, 20]]}) == 1
    g.act(g.ids[0], "move", path=[[19.5, 20]])
    assert g.pos(g.ids[0]) == (19.5, 20)
    h = Game(M(x=10, y=20, mov=10), pieces=FIELD, width=60)
    h.start_activation(h.ids[0], energy=10)
    assert violation(h.engine.check_action, h.ids[0], "move", {"path": [[19.5, 20]]}).rule_id == "MVA-11"
    from test_rules_traits_more import price
    assert traits.fielding_problem("TRT-LEVITATOR", "object", {"TRT-LEVITATOR"}) is None
    assert price("TRT-LEVITATOR", "object") == 1


# --- Explota on a race ----------------------------------------------------------------------------------------------
def exploding(percent_die: int):
    """A blue CON 6 MOV 3 race with Explota at (11, 20) killed in melee by a red CON 9 blade (DMG 8: CH IMP 3, CH DEF
    9), then the D100; a blue CON 9 ally at (12.9, 20) and a mini far away."""
    from rules_helpers import blade
    from test_rules_traits_combat import race
    g = Game(M(x=10, y=20, CON=9, weapons=(blade(),)), M(side="blue", x=11, y=20, CON=6, mov=3, facing=180.0),
             M(side="blue", x=12.9, y=20, CON=9), M(side="blue", x=30, y=30))
    red, bomb, ally, far = g.ids
    race(g, bomb, "TRT-EXPLODES")
    g.start_activation(red, energy=10)
    g.dice.push(3, 9, percent_die, *([9, 1, 9, 1] if percent_die <= 50 else []))
    g.act(red, "melee_attack", target=bomb, weapon=0)
    assert g.all_dice_used()
    return g, red, bomb, ally, far


def test_TRT_EXPLODES_on_a_race_killed_by_an_attack_50_percent_its_DMG_within_MOV_K():
    """D100 50 ≤ 50: DMG 8 (the killing blow's) in a round area of radius MOV 3 K: the killer and the ally (fully
    covered) take it (CH DEF 9: 8 wounds, CH PSI 1), the far mini nothing."""
    g, red, bomb, ally, far = exploding(50)
    ev = g.events("death_blast")[-1]
    assert ev["rule"] == "TRT-EXPLODES" and ev["dmg"] == 8 and ev["diameter"] == 6 and ev["hit"] == [red, ally]
    assert g.wounds(red) == 8 and g.wounds(ally) == 8 and g.wounds(far) == 0


def test_TRT_EXPLODES_on_a_race_no_explosion_on_51():
    g, red, bomb, ally, far = exploding(51)
    assert g.events("death_blast") == [] and g.wounds(red) == 0 and g.gs.world.get(bomb, Life).state == "dead"


def test_TRT_EXPLODES_on_a_race_fieldable_and_priced_minus_10():
    from test_rules_traits_more import price
    assert traits.fielding_problem("TRT-EXPLODES", "race", {"TRT-EXPLODES"}) is None
    assert price("TRT-EXPLODES", "race") == -10          # on an object: test_rules_traits_kinds2.py


# --- Inflamable on a held object ------------------------------------------------------------------------------------
def test_TRT_FLAMMABLE_on_a_held_object_explodes_when_an_attack_kills_its_holder():
    """As the flammable race test: the CON 2 target holds a fuel can; killed by a DMG 6 shot, the can explodes: DMG 3
    (the killing DMG halved) in a round area of diameter 3, the friend beside it takes 2."""
    from test_rules_objects import give
    from test_rules_traits_more import price
    from test_rules_traits_substances import killed_flammable
    killed_flammable(lambda g, b: give(g, b, "TRT-FLAMMABLE", name="Fuel can"))
    assert traits.fielding_problem("TRT-FLAMMABLE", "object", {"TRT-FLAMMABLE"}) is None
    assert price("TRT-FLAMMABLE", "object") == -5


# --- Requiere on a weapon and a metahability ------------------------------------------------------------------------
def test_TRT_REQUIRES_on_a_weapon_only_a_user_with_the_bonus_is_fielded_with_it_or_handed_it():
    """Requiere (Camuflaje) on a knife: a human with Camuflaje is fielded with it, one without is refused naming
    TRT-REQUIRES (an attribute level its CON 4 race lacks, CON 5, too); the weapon carries its parameter ("TRT-REQUIRES:Camuflaje"), and
    Comerciar does not hand it to an ally without Camuflaje, and does to one with it."""
    from test_rules_traits_protection import _spec, handed_only_with_camouflage
    from wartime.match.setup import fielding_problems, weapon_of
    plain = {"name": "Refuerzo"}
    need = [{"name": "Requiere", "param": "Camuflaje"}]
    assert [r for r, _ in fielding_problems(_spec(plain, need, race_traits=[{"name": "Camuflaje"}]))] == []
    assert [r for r, _ in fielding_problems(_spec(plain, need))] == ["TRT-REQUIRES"]
    assert [r for r, _ in fielding_problems(_spec(plain, [{"name": "Requiere", "param": "CON 5"}],
                                                  race_traits=[{"name": "Camuflaje"}]))] == ["TRT-REQUIRES"]
    knife = weapon_of(_spec(plain, need).weapons[0])
    assert knife.traits == ("TRT-REQUIRES", "TRT-REQUIRES:Camuflaje")
    handed_only_with_camouflage({"weapons": (knife,)}, "weapon:0")


def test_TRT_REQUIRES_on_a_metahability_the_caster_must_carry_the_bonus():
    """Requiere (Neuromante) on an invocation: fielded on a neuromancer, refused on a character without it; the
    catalogue price (−3)."""
    assert traits.fielding_problem("TRT-REQUIRES", "metahability", {"TRT-REQUIRES"}, "Neuromante",
                                   frozenset({"TRT-NEUROMANCER"})) is None
    assert traits.fielding_problem("TRT-REQUIRES", "metahability", {"TRT-REQUIRES"}, "Neuromante",
                                   frozenset()) is not None
    from wartime.data.loader import priced_trait
    assert priced_trait("TRT-REQUIRES", "weapon", "test", "traits", param="Camuflaje").points == -3


# --- Meta visión on a metahability ----------------------------------------------------------------------------------
def seer_meta(x: float = 18.0, *others: str):
    """The transport tests' wall: a neuromancer (INT 7) whose Magia: tranquilizar carries Meta visión (index 0) and a
    plain copy (index 1), an enemy behind the wall."""
    from test_rules_metahabilities import give, mh
    from test_rules_transport_traits import WALL
    g = Game(M(x=10, y=20, INT=7, VOL=9), M(side="blue", x=x, y=20, facing=180.0, VOL=2), pieces=WALL, width=60)
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-CALM", "TRT-META-VISION"), mh("TRT-INVOCATION", "TRT-MAGIC-CALM"),
         bonuses=("TRT-NEUROMANCER",))
    g.start_activation(a, energy=10)
    return g, a, b


def test_TRT_META_VISION_on_a_metahability_its_casts_pick_a_target_through_a_wall_within_INT_K():
    """Its cast takes the enemy behind the wall 7 K away; the plain metahability does not, nor does its own cast 8.5
    K away (beyond INT 7); the caster's other actions see nothing through the wall."""
    from rules_helpers import violation
    g, a, b = seer_meta()
    assert not g.gs.has_los(a, b)
    assert g.engine.check_action(a, "use_metahability", {"meta": 0, "target": b}) == 2
    assert violation(g.engine.check_action, a, "use_metahability", {"meta": 1, "target": b}).rule_id == "ENV-2"
    assert traits.sight_through(g.gs, a) is None
    g2, a2, b2 = seer_meta(19.5)
    assert violation(g2.engine.check_action, a2, "use_metahability", {"meta": 0, "target": b2}).rule_id == "ENV-2"
    assert traits.fielding_problem("TRT-META-VISION", "metahability", {"TRT-META-VISION"}) is None
