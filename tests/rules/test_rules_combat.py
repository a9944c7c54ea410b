"""Combat through the rules engine: CMB-1..4, CMB-6..16, the combat actions CBA-1, CBA-7, CBA-10, CBA-12, CBA-15,
the modifiers MOD-1, MOD-2, MOD-4..8 and wounds WND-1..4, WND-6."""
from __future__ import annotations

import pytest

from rules_helpers import Game, M, armour, blade, piece, race, violation, weapon
from wartime.core.components import Life, Position
from wartime.core.errors import NotImplementedRule
from wartime.data.loader import archetype_from_dict
from wartime.data.models import CharacterSpec
from wartime.match.setup import check_traits
from wartime.rules.wounds import can_be_healed


def ranged(dist: float = 8.0, attacker: dict | None = None, target: dict | None = None, *extra: M,
           pieces=()) -> Game:
    """A red shooter at (5, 20) facing +x with a rifle (ENE 2, DMG 4, RNG 40) and a blue target `dist` K away."""
    ak = dict(x=5, y=20, AGI=5, VOL=6, weapons=(weapon(),))
    ak.update(attacker or {})
    tk = dict(side="blue", x=5 + dist + 1, y=20, CON=9, facing=180.0)
    tk.update(target or {})
    return Game(M(**ak), M(**tk), *extra, pieces=pieces)


def melee(attacker: dict | None = None, target: dict | None = None, *extra: M) -> Game:
    """A red fighter at (10, 20) with a blade (ENE 2, DMG 3) in base contact with a blue target at (11, 20)."""
    ak = dict(x=10, y=20, AGI=5, weapons=(blade(),))
    ak.update(attacker or {})
    tk = dict(side="blue", x=11, y=20, CON=9, facing=180.0)
    tk.update(target or {})
    return Game(M(**ak), M(**tk), *extra)


def shoot(g: Game, *dice: int, facing: float | None = None, weapon_index: int = 0) -> None:
    a, b = g.ids[0], g.ids[1]
    if g.engine.flow.active != a:
        g.start_activation(a, energy=10)
    g.dice.push(*dice)
    g.act(a, "ranged_attack", target=b, weapon=weapon_index, facing=facing)
    assert g.all_dice_used()


def strike(g: Game, *dice: int, key: str = "melee_attack") -> None:
    a, b = g.ids[0], g.ids[1]
    if g.engine.flow.active != a:
        g.start_activation(a, energy=10)
    g.dice.push(*dice)
    if key == "unarmed_attack":
        g.act(a, key, target=b)
    else:
        g.act(a, key, target=b, weapon=0)
    assert g.all_dice_used()


def wall_pieces(height: float = 0.75, defense: int = 3):
    """The ENV-2 wall, for a shooter at (5, 20) and a target 9 K away at (15, 20): 20 of 25 samples hidden."""
    return [piece("wall", "low", 13.9, 18, 14.1, 22, height=height, blocks_los=True, defense=defense)]


# --- CMB ---------------------------------------------------------------------------------------------------
def test_CMB_1_a_failed_hit_check_means_no_defence_check_and_no_wounds():
    """CMB-1: if the CH IMP fails, no CH DEF is rolled and no wounds are dealt."""
    g = ranged(target={"protections": (armour(2),)})
    shoot(g, 6)
    a, b = g.ids
    assert not g.check("IMP")["passed"] and g.checks("DEF") == [] and g.wounds(b) == 0
    assert g.events("miss") and not g.events("hit")


@pytest.mark.parametrize("die, hit", [(5, True), (6, False)])
def test_CMB_2_the_hit_check_is_a_CH_AGI(die, hit):
    """CMB-2: with AGI 5 and no modifiers, a rifle shot hits on a die of 5 and misses on a 6."""
    g = ranged()
    a, b = g.ids
    shoot(g, *((die, 9, 5) if hit else (die,)))
    imp = g.check("IMP")
    assert (imp["attribute"], imp["base"], imp["target"], imp["passed"]) == ("AGI", 5, 5, hit)
    assert bool(g.events("hit")) is hit


def test_CMB_3_CH_DEF_target_is_the_DEF_sum_and_cover_changes_only_the_target():
    """CMB-3: armour DEF 3 plus a shield DEF 1 give DEF 4. Behind >50% cover the CH DEF target is 6, but a
    passed check still subtracts 4."""
    g = ranged(9.0, {"weapons": (weapon(DMG=5),)}, {"protections": (armour(3, SIZ=4), armour(1, key="shield"))},
               pieces=wall_pieces())
    a, b = g.ids
    shoot(g, 2, 6, 5)                       # hit; CH DEF 6 passes against 6; CH PSI
    d = g.check("DEF")
    assert (d["base"], d["target"], d["passed"]) == (4, 6, True) and g.mods(d) == {"CMB-17": 2}
    assert g.events("damage")[0]["defense"] == 4 and g.wounds(b) == 1


@pytest.mark.parametrize("dmg, defense, die, wounds", [(5, 3, 3, 2), (5, 3, 4, 5), (2, 4, 4, 0)])
def test_CMB_4_wounds_are_DMG_minus_DEF_on_a_pass_DMG_on_a_fail(dmg, defense, die, wounds):
    """CMB-4: DMG 5 against DEF 3: a passed CH DEF gives 2 wounds, a failed one 5. DMG 2 against DEF 4 with a
    passed CH DEF gives 0 wounds."""
    g = ranged(attacker={"weapons": (weapon(DMG=dmg),)}, target={"protections": (armour(defense),)})
    a, b = g.ids
    shoot(g, 2, die, *((5,) if wounds else ()))
    assert g.wounds(b) == wounds
    assert g.events("damage")[0]["wounds"] == wounds


def test_CMB_6_a_critical_hit_adds_1_DMG_and_ignores_cover():
    """CMB-6: a DMG 4 shot with a critical is DMG 5; the 80%-hidden target makes its CH DEF without +2."""
    g = ranged(9.0, target={"protections": (armour(2),)}, pieces=wall_pieces())
    a, b = g.ids
    shoot(g, 1, 5, 5)
    assert g.events("hit")[0]["dmg"] == 5 and g.events("hit")[0]["rule"] == "CMB-6"
    d = g.check("DEF")
    assert d["target"] == 2 and d["modifiers"] == []
    assert g.wounds(b) == 5
    # and it skips both checks of a 100%-hidden target (CMB-18)
    g = ranged(9.0, target={"posture": "prone", "protections": (armour(2),)},
               pieces=[piece("wall", "low", 13.9, 18, 14.1, 22, height=0.15, blocks_los=True, defense=4)])
    shoot(g, 1, 9, 5)
    assert g.checks("COVER") == [] and g.check("DEF")["target"] == 2


def test_CMB_7_a_critical_defence_in_melee_strikes_back_with_DMG_1():
    """CMB-7: the defender rolls 1 in melee and takes 0 wounds. The attacker (DEF 0) then rolls 5 on its CH DEF
    and takes 1 wound (and, wounded, rolls its CH PSI)."""
    g = melee({"CON": 6}, {"protections": (armour(2),)})
    a, b = g.ids
    strike(g, 3, 1, 5, 5)
    assert g.wounds(b) == 0 and g.wounds(a) == 1
    defs = g.checks("DEF")
    assert [d["who"] for d in defs] == [b, a] and defs[1]["target"] == 0
    assert g.events("automatic_hit")[0]["who"] == a
    assert g.check("PSI")["who"] == a


def test_CMB_7_no_chain_of_automatic_hits_and_none_at_range():
    """CMB-7: an automatic hit never generates another one; a ranged CH DEF critical gives only 0 wounds."""
    g = melee({"CON": 6}, {"protections": (armour(2),)})
    a, b = g.ids
    strike(g, 3, 1, 1)                      # the attacker's own CH DEF critical does not strike back
    assert g.wounds(a) == 0 and g.wounds(b) == 0 and len(g.events("automatic_hit")) == 1
    g = ranged()
    shoot(g, 3, 1)
    assert g.events("automatic_hit") == [] and g.wounds(g.ids[1]) == 0


def test_CMB_8_a_fumbled_hit_check_hits_the_attacker_and_wounds_the_weapon():
    """CMB-8: an attacker with DEF 2 fumbles with a DMG 3 weapon. It passes its CH DEF (0 wounds), and the
    weapon's wounds go 0 → 1, so its DMG becomes 2."""
    g = ranged(attacker={"weapons": (weapon(DMG=3),), "protections": (armour(2),)})
    a, b = g.ids
    shoot(g, 10, 2)
    d = g.check("DEF")
    assert d["who"] == a and d["target"] == 2 and d["passed"]
    w = g.gs.weapon(a, 0)
    assert w.wounds == 1 and w.current_dmg == 2
    assert g.wounds(a) == 0 and g.wounds(b) == 0
    # unarmed: no weapon to wound
    g = melee({"weapons": ()})
    a, b = g.ids
    strike(g, 10, 9, 5, key="unarmed_attack")
    assert g.wounds(a) == 1 and g.events("equipment_wound") == []


def test_CMB_9_a_fumbled_defence_adds_1_DMG_and_wounds_the_best_protection():
    """CMB-9: a DMG 3 attack against a DEF 3 armour fumble gives 4 wounds; the armour gains 1 wound, so its DEF
    becomes 2."""
    g = ranged(attacker={"weapons": (weapon(DMG=3),)},
               target={"protections": (armour(1, key="shield"), armour(3, key="armour"))})
    a, b = g.ids
    shoot(g, 2, 10, 5)
    assert g.wounds(b) == 4
    shield, arm = g.gs.equipment(b).protections
    assert (arm.wounds, arm.current_def) == (1, 2) and shield.wounds == 0


def test_CMB_10_ranged_attack_needs_range_and_the_attacker_not_engaged():
    """CMB-10: a target 12 K away with an RNG 10 weapon cannot be shot. An attacker in base contact with an
    enemy cannot shoot at all."""
    g = ranged(12.0, {"weapons": (weapon(RNG=10),)})
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "ranged_attack", target=b, weapon=0).rule_id == "CMB-10"
    assert g.energy(a) == 10
    g.set(b, Position(15, 20, 180.0))                                     # 9 K: now in range
    assert g.engine.check_action(a, "ranged_attack", {"target": b, "weapon": 0}) == 2
    g = ranged(8.0, None, None, M(side="blue", x=5, y=21, facing=270.0))
    a, b, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "ranged_attack", target=b, weapon=0).rule_id == "CMB-10"


def test_CMB_11_melee_needs_base_contact_within_005_K():
    """CMB-11: at an edge distance of 0.03 K the two are engaged; at 0.2 K they are not, and no melee attack
    is possible."""
    g = melee(target={"x": 11.03})
    a, b = g.ids
    assert g.gs.engaged(a) and g.gs.in_contact(a, b)
    strike(g, 9)
    g = melee(target={"x": 11.2})
    a, b = g.ids
    assert not g.gs.engaged(a)
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "melee_attack", target=b, weapon=0).rule_id == "CMB-11"
    assert violation(g.act, a, "unarmed_attack", target=b).rule_id == "CMB-11"


def test_CMB_12_melee_damage_adds_CON_minus_4_minus_wounds():
    """CMB-12: a DMG 3 weapon used by a CON 6 attacker with 1 wound deals DMG 4."""
    g = melee({"CON": 6, "wounds": 1})
    a, b = g.ids
    strike(g, 2, 9, 5)
    assert g.events("hit")[0]["dmg"] == 4 and g.wounds(b) == 4


def test_CMB_13_metahability_attacks_are_fielded_and_unplayed_traits_refused():
    """CMB-13: a character carrying a metahability is fielded (tests/rules/test_rules_metahabilities.py plays
    it); one whose metahability carries a trait the engine does not play yet is refused naming that trait."""
    calm = archetype_from_dict({"id": "calm", "kind": "metahability", "name": "Calm", "ENE": 2, "RNG": 10, "QUA": 4,
                                "traits": [{"name": "Invocación"}, {"name": "Magia: tranquilizar"}]})
    check_traits(CharacterSpec(id="n", name="Neuromancer", race=race(INT=7), metahabilities=(calm,)))
    raise_ = archetype_from_dict({"id": "raise", "kind": "metahability", "name": "Raise", "ENE": 2, "RNG": 10,
                                  "QUA": 4, "traits": [{"name": "Invocación"}, {"name": "Magia: resucitar"}]})
    with pytest.raises(NotImplementedRule) as exc:
        check_traits(CharacterSpec(id="n", name="Neuromancer", race=race(INT=7), metahabilities=(raise_,)))
    assert exc.value.rule_id == "TRT-MAGIC-RAISE-DEAD"


def test_CMB_14_one_opponent_per_melee_attack():
    """CMB-14: A is in base contact with B and C; each melee attack A makes targets B or C, never both."""
    g = melee(None, None, M(side="blue", x=10, y=21, CON=9, facing=270.0))
    a, b, c = g.ids
    assert set(g.gs.engaged_enemies(a)) == {b, c}
    strike(g, 2, 9, 5)
    assert [d["who"] for d in g.checks("DEF")] == [b] and g.wounds(c) == 0
    g.dice.push(2, 9, 5)
    g.act(a, "melee_attack", target=c, weapon=0)
    assert [d["who"] for d in g.checks("DEF")] == [b, c] and g.wounds(c) == 3


def test_CMB_15_after_a_casualty_the_attacker_may_engage_a_free_enemy_within_1_K():
    """CMB-15: A kills B. Enemy C, not engaged, is 0.8 K away, so A may move 0.8 K into contact with C for
    free."""
    g = melee(None, {"CON": 3}, M(side="blue", x=10, y=21.8, facing=270.0))
    a, b, c = g.ids
    strike(g, 2, 9)
    assert not g.gs.able(b) and g.events("followup_available")
    energy = g.energy(a)
    assert violation(g.act, a, "followup", mode="engage", target=c, path=[[10, 20.9]]).rule_id == "BAS-2"
    g.act(a, "followup", mode="engage", target=c, path=[[10, 20.8]])
    assert g.gs.in_contact(a, c) and g.energy(a) == energy
    assert violation(g.act, a, "followup", mode="step_away", path=[[9.5, 20.8]]).rule_id == "CMB-15"
    # an enemy more than 1 K away, or one already engaged, cannot be reached this way
    g = melee(None, {"CON": 3}, M(side="blue", x=10, y=22.2, facing=270.0))
    a, b, c = g.ids
    strike(g, 2, 9)
    assert violation(g.act, a, "followup", mode="engage", target=c, path=[[10, 21.2]]).rule_id == "CMB-15"
    g = melee(None, {"CON": 3}, M(side="blue", x=10, y=21.8, facing=270.0), M(side="red", x=10, y=22.8))
    a, b, c, _ = g.ids
    strike(g, 2, 9)
    assert violation(g.act, a, "followup", mode="engage", target=c, path=[[10, 20.8]]).rule_id == "CMB-15"


def test_CMB_15_stepping_away_and_the_follow_up_is_taken_at_once_or_lost():
    """CMB-15: (c) the attacker may move up to 1 K away, ending no closer to any enemy; the choice is made
    immediately (any other action first loses it); no casualty, no follow-up."""
    g = melee(None, {"CON": 3}, M(side="blue", x=10, y=23, facing=270.0))
    a, b, c = g.ids
    strike(g, 2, 9)
    assert violation(g.act, a, "followup", mode="step_away", path=[[10, 20.8]]).rule_id == "CMB-15"
    assert violation(g.act, a, "followup", mode="step_away", path=[[8.9, 20]]).rule_id == "MOV-3"
    g.act(a, "followup", mode="step_away", path=[[9, 20]])
    assert g.pos(a) == (9, 20)
    g = melee(None, {"CON": 3}, M(side="blue", x=10, y=21.8, facing=270.0))
    a, b, c = g.ids
    strike(g, 2, 9)
    g.act(a, "crouch")
    assert violation(g.act, a, "followup", mode="engage", target=c, path=[[10, 20.8]]).rule_id == "CMB-15"
    g = melee()
    a, b = g.ids
    strike(g, 9)
    assert violation(g.act, a, "followup", mode="step_away", path=[[9, 20]]).rule_id == "CMB-15"


def test_CMB_16_moving_over_bases_to_a_free_spot_in_a_multiple_melee():
    """CMB-16: A's path to a free spot on the far side of enemy B crosses B's base. It is legal because it ends
    in contact in that melee and overlaps nothing."""
    g = melee({"mov": 3})
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "move", path=[[12, 20]])
    assert g.pos(a) == (12, 20) and g.gs.in_contact(a, b)
    # not ending in contact in that melee: the path over B is an overlap
    g = melee({"mov": 3})
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "move", path=[[12.5, 20]]).rule_id == "BAS-2"
    # ending on an occupied spot is never allowed
    g = melee({"mov": 3}, None, M(side="red", x=12, y=20.9))
    a, b, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "move", path=[[12, 20]]).rule_id == "BAS-2"
    # an enemy that is not in a melee cannot be crossed
    g = Game(M(x=10, y=20, mov=3), M(side="blue", x=11.5, y=20), M(side="blue", x=30, y=30))
    a, b, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "move", path=[[12.5, 21]]).rule_id == "BAS-2"


def test_CMB_17_more_than_half_hidden_gives_CH_DEF_plus_2():
    """CMB-17: in the ENV-2 setup 20 of 25 samples are blocked, so the target's CH DEF target is DEF + 2; a
    low fence that hides 2 rows (40%) gives no cover."""
    g = ranged(9.0, target={"protections": (armour(2),)}, pieces=wall_pieces())
    shoot(g, 2, 9, 5)
    assert g.check("DEF")["target"] == 4 and g.mods(g.check("DEF")) == {"CMB-17": 2}
    fence = [piece("fence", "low", 14.35, 18, 14.45, 22, height=0.4, blocks_los=True)]   # just in front
    g = ranged(9.0, target={"protections": (armour(2),)}, pieces=fence)
    a, b = g.ids
    assert g.gs.cover(a, [b])[0].blocked == 10
    shoot(g, 2, 9, 5)
    assert g.check("DEF")["target"] == 2


def test_CMB_18_a_100_percent_hidden_target_first_rolls_the_cover_DEF():
    """CMB-18: cover DEF 4. A cover roll of 3 stops the attack. A roll of 6 means the target (DEF 2) then rolls
    CH DEF against 4."""
    low_wall = [piece("wall", "low", 13.9, 18, 14.1, 22, height=0.15, blocks_los=True, defense=4)]
    g = ranged(9.0, target={"posture": "prone", "protections": (armour(2),)}, pieces=low_wall)
    a, b = g.ids
    shoot(g, 2, 3)
    cov = g.check("COVER")
    assert (cov["target"], cov["passed"]) == (4, True) and g.checks("DEF") == [] and g.wounds(b) == 0
    assert g.events("attack_stopped") and g.checks("PSI") == []
    g = ranged(9.0, target={"posture": "prone", "protections": (armour(2),)}, pieces=low_wall)
    a, b = g.ids
    shoot(g, 2, 6, 4, 5)                    # cover fails; CH DEF 4 passes against 2 + 2; CH PSI
    d = g.check("DEF")
    assert d["target"] == 4 and g.mods(d) == {"CMB-18": 2} and d["passed"]
    assert g.wounds(b) == 2                 # DMG 4 − DEF 2: the +2 is not subtracted


# --- CBA ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("def_die, wounds", [(2, 1), (5, 4)])
def test_CBA_1_ranged_attack(def_die, wounds):
    """CBA-1: AGI 6, VOL 6 (FOV 30 K), weapon ENE 2, DMG 4, RNG 40, target at 30 K with DEF 3: pays ENE 2; hits
    on 4 or less; die 4 hits; CH DEF die 2 gives 1 wound, die 5 gives 4 wounds."""
    g = Game(M(x=2, y=20, AGI=6, VOL=6, weapons=(weapon(ENE=2, DMG=4, RNG=40),)),
             M(side="blue", x=33, y=20, CON=9, facing=180.0, protections=(armour(3),)))
    a, b = g.ids
    assert g.gs.distance(a, b) == pytest.approx(30.0)
    shoot(g, 4, def_die, 5)
    imp = g.check("IMP")
    assert imp["target"] == 4 and g.mods(imp) == {"MOD-2": -2} and imp["passed"]
    assert g.energy(a) == 8 and g.wounds(b) == wounds


def test_CBA_1_requires_a_ranged_weapon():
    """CBA-1: the weapon must have RNG > 0."""
    g = ranged(attacker={"weapons": (blade(),)})
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "ranged_attack", target=b, weapon=0).rule_id == "CBA-1"


@pytest.mark.parametrize("def_die, wounds", [(5, 4), (2, 2)])
def test_CBA_7_melee_attack(def_die, wounds):
    """CBA-7: CON 6 with 1 wound, weapon ENE 2, DMG 3, AGI 5: pays 2, die 5 hits, DMG 4; against DEF 2 a CH DEF
    die of 5 gives 4 wounds and a die of 2 gives 2 wounds."""
    g = melee({"CON": 6, "wounds": 1, "AGI": 5, "weapons": (blade(ENE=2, DMG=3),)}, {"protections": (armour(2),)})
    a, b = g.ids
    strike(g, 5, def_die, 5)
    assert g.check("IMP")["target"] == 5 and g.events("hit")[0]["dmg"] == 4
    assert g.energy(a) == 8 and g.wounds(b) == wounds


def test_CBA_7_requires_a_melee_weapon():
    """CBA-7: the weapon must have RNG 0 (melee with a firearm, CBA-8, is another action)."""
    g = melee({"weapons": (weapon(),)})
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "melee_attack", target=b, weapon=0).rule_id == "CBA-7"


@pytest.mark.parametrize("second, hit", [(7, False), (6, True)])
def test_CBA_8_melee_with_a_firearm_needs_a_second_CH_IMP(second, hit):
    """CBA-8: pistol ENE 1, DMG 3, CON 5, AGI 6: DMG 4 by the melee formula; dice 3 then 7 miss, dice 3 then 6 hit
    (then the CH DEF: DEF 0, die 5, and the wounded target's CH PSI). It pays the pistol's ENE."""
    g = melee({"CON": 5, "AGI": 6, "weapons": (weapon(ENE=1, DMG=3, RNG=15),)})
    a, b = g.ids
    strike(g, 3, second, *((5, 5) if hit else ()), key="melee_attack_firearm")   # CH DEF, CMB-5 CH PSI
    imps = g.checks("IMP")
    assert [c["die"] for c in imps] == [3, second] and imps[1]["target"] == imps[0]["target"] == 6
    assert imps[1]["rule"] == "CBA-8" and g.energy(a) == 9
    assert (g.events("hit")[0]["dmg"] if hit else None) == (4 if hit else None)
    assert g.wounds(b) == (4 if hit else 0)


def test_CBA_8_a_critical_still_needs_the_second_roll_and_a_10_on_it_is_a_fumble():
    """CBA-8 ruling: after a critical the second CH IMP is still rolled (the critical's DMG +1 stands if it passes);
    a 10 on the second roll has the CH IMP fumble's effects (CMB-8: an automatic DMG 1 hit on the attacker)."""
    g = melee({"CON": 5, "AGI": 6, "weapons": (weapon(ENE=1, DMG=3, RNG=15),)})
    a, b = g.ids
    strike(g, 1, 4, 5, 5, key="melee_attack_firearm")
    assert g.events("hit")[0]["dmg"] == 5 and g.events("hit")[0]["critical"]
    g2 = melee({"CON": 5, "AGI": 6, "weapons": (weapon(ENE=1, DMG=3, RNG=15),)})
    a2, b2 = g2.ids
    strike(g2, 3, 10, 9, 5, key="melee_attack_firearm")     # the fumble's hit: CH DEF 9, then CH PSI
    assert g2.events("hit_fumble", who=a2) and g2.wounds(b2) == 0 and g2.wounds(a2) == 1
    assert violation(g2.act, a2, "melee_attack_firearm", target=b2, weapon=9).rule_id == "CBA-8"
    g3 = melee()                                                    # a blade is no firearm
    a3, b3 = g3.ids
    g3.start_activation(a3, energy=10)
    assert violation(g3.act, a3, "melee_attack_firearm", target=b3, weapon=0).rule_id == "CBA-1"


def test_CBA_10_unarmed_attack_deals_CON_minus_4_and_at_most_1_wound():
    """CBA-10: CON 7, no wounds: DMG 3; a DEF 0 target whose CH DEF die is 5 takes 1 wound (cap); with CH IMP
    die 1 DMG is 4 and it takes 2 wounds; a CON 4 attacker does DMG 1."""
    g = melee({"CON": 7, "weapons": ()})
    a, b = g.ids
    strike(g, 3, 5, 5, key="unarmed_attack")
    assert g.energy(a) == 9 and g.events("hit")[0]["dmg"] == 3 and g.wounds(b) == 1
    g = melee({"CON": 7, "weapons": ()})
    a, b = g.ids
    strike(g, 1, 5, 5, key="unarmed_attack")
    assert g.events("hit")[0]["dmg"] == 4 and g.wounds(b) == 2
    g = melee({"CON": 4, "weapons": ()})
    a, b = g.ids
    strike(g, 3, 5, 5, key="unarmed_attack")
    assert g.events("hit")[0]["dmg"] == 1 and g.wounds(b) == 1
    # a CH DEF fumble's DMG +1 does not lift the cap
    g = melee({"CON": 7, "weapons": ()})
    a, b = g.ids
    strike(g, 3, 10, 5, key="unarmed_attack")
    assert g.wounds(b) == 1


def test_CBA_12_charge_6_K_then_the_melee_attack_gets_plus_1_and_DMG_plus_1():
    """CBA-12: MOV 5, AGI 5: an enemy 6 K away is charged and the following Ataque CaC hits on 6 or less with
    DMG +1; an enemy 1.5 K away or 9 K away cannot be charged."""
    g = Game(M(x=5, y=20, AGI=5, mov=5, weapons=(blade(DMG=3),)), M(side="blue", x=12, y=20, CON=9, facing=180.0))
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "charge", target=b, path=[[10, 20]]).rule_id == "CBA-12"     # not in contact
    g.act(a, "charge", target=b, path=[[11, 20]])
    assert g.energy(a) == 8 and g.gs.in_contact(a, b)
    g.dice.push(6, 9, 5)
    g.act(a, "melee_attack", target=b, weapon=0)
    imp = g.check("IMP")
    assert imp["target"] == 6 and g.mods(imp) == {"CBA-12": 1} and imp["passed"]
    assert g.events("hit")[0]["dmg"] == 4
    g.dice.push(9)                                  # the bonuses cover one melee action only
    g.act(a, "melee_attack", target=b, weapon=0)
    assert g.checks("IMP")[-1]["target"] == 5
    for x, rule in ((7.5, "CBA-12"), (15, "MOV-3")):
        g = Game(M(x=5, y=20, mov=5, weapons=(blade(),)), M(side="blue", x=x, y=20, facing=180.0))
        a, b = g.ids
        g.start_activation(a, energy=10)
        assert violation(g.act, a, "charge", target=b, path=[[x - 1, 20]]).rule_id == rule


def test_CBA_12_charge_needs_the_target_in_FOV_and_LOS_and_lapses_at_the_end_of_the_activation():
    """CBA-12: the target must be in FOV and LOS when the charge is declared; unused bonuses lapse at the end
    of the activation."""
    g = Game(M(x=15, y=20, mov=5, facing=180.0), M(side="blue", x=22, y=20))
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "charge", target=b, path=[[21, 20]]).rule_id == "ENV-1"
    g.act(a, "charge", target=b, path=[[21, 20]], facing=0.0)
    assert g.gs.effects(a).charge_target == b
    g.act(a, "end")
    assert g.gs.effects(a).charge_target is None
    wall = piece("wall", "high", 17.9, 15, 18.1, 25, height=1.5, blocks_los=True)
    g = Game(M(x=15, y=20, mov=5), M(side="blue", x=22, y=20), pieces=[wall])
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "charge", target=b, path=[[15, 26], [21, 26], [21, 21]]).rule_id in ("ENV-2",)


def test_CBA_15_disengage_alone_against_two_fails_its_CH_PSI_and_takes_a_free_attack():
    """CBA-15: VOL 5, engaged alone against 2 enemies: CH PSI die 7 fails, the nearer enemy attacks free with
    CH IMP +1, then the character moves 2 K away with +1 stress."""
    g = Game(M(x=10, y=20, VOL=5, CON=9, facing=0.0),
             M(side="blue", x=11, y=20, facing=180.0, weapons=(blade(),)),
             M(side="blue", x=10, y=21, facing=270.0, weapons=(blade(),)))
    a, b1, b2 = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(7, 9)                                # CH PSI 7 fails; the free attack's CH IMP 9 misses
    g.act(a, "disengage", path=[[8.6, 18.6]])
    psi = g.check("PSI")
    assert psi["who"] == a and psi["target"] == 5 and not psi["passed"]
    imp = g.check("IMP")
    assert imp["who"] == b1 and g.mods(imp)["CBA-15"] == 1
    assert g.energy(b1) == 10 and g.energy(a) == 8
    assert g.stress(a) == 1 and g.pos(a) == (8.6, 18.6) and not g.gs.engaged(a)
    assert g.all_dice_used()


def test_CBA_15_disengage_from_a_melee_its_side_outnumbers_is_free():
    """CBA-15: with 2 allies engaged against 1 enemy it leaves with no roll; it must end out of contact, moving
    at most 2 K."""
    g = Game(M(x=10, y=20), M(side="red", x=12, y=20), M(side="blue", x=11, y=20, facing=180.0))
    a, _, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "disengage", path=[[10, 19.9]]).rule_id == "CBA-15"   # still in contact
    assert violation(g.act, a, "disengage", path=[[7.9, 20]]).rule_id == "MOV-3"
    g.act(a, "disengage", path=[[8, 20]])
    assert g.checks() == [] and g.events("disengage_free") and g.pos(a) == (8, 20)
    assert g.energy(a) == 8
    g = Game(M(x=10, y=20), M(side="blue", x=30, y=30))
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "disengage", path=[[8, 20]]).rule_id == "CBA-15"      # not engaged


# --- MOD ---------------------------------------------------------------------------------------------------
def test_MOD_1_melee_damage_formula_minimum_1():
    """MOD-1: a DMG 2 weapon, CON 3 and 2 wounds give max(1, −1) = 1. With a critical hit the DMG is 2."""
    g = melee({"CON": 3, "wounds": 2, "weapons": (blade(DMG=2),)})
    strike(g, 2, 9, 5)
    assert g.events("hit")[0]["dmg"] == 1
    g = melee({"CON": 3, "wounds": 2, "weapons": (blade(DMG=2),)})
    strike(g, 1, 9, 5)
    assert g.events("hit")[0]["dmg"] == 2


@pytest.mark.parametrize("dist, penalty", [(10.0, 0), (10.5, -1), (20.0, -1), (25.0, -2)])
def test_MOD_2_range_penalty_per_started_10_K_beyond_10(dist, penalty):
    """MOD-2: d = 10 gives 0, d = 10.5 gives −1, d = 20 gives −1, and d = 25 gives −2."""
    g = ranged(dist)
    shoot(g, 9)
    assert g.mods(g.check("IMP")).get("MOD-2", 0) == penalty


@pytest.mark.parametrize("wounds, penalty", [(1, -2), (0, -1)])
def test_MOD_4_overload_penalises_CH_AGI_and_CH_IMP_once(wounds, penalty):
    """MOD-4: CON 4, 1 wound and DEF 5 give −2 on CH AGI and CH IMP. With 0 wounds the penalty is −1."""
    g = ranged(attacker={"CON": 4, "wounds": wounds, "protections": (armour(5),)})
    a, b = g.ids
    shoot(g, 9)
    assert g.mods(g.check("IMP")) == {"MOD-4": penalty}                 # once on an AGI hit check
    g.dice.push(9)
    g.act(a, "move", chain=True, path=[[5, 21]])                        # a CH AGI
    assert g.mods(g.check("ATR")) == {"ACT-3": -1, "MOD-4": penalty}
    g = ranged(8.0, {"weapons": (weapon(DMG=1),)},
               {"CON": 4, "wounds": wounds, "VOL": 5, "protections": (armour(5),)})
    shoot(g, 2, 9, 9)                                                   # its CH PSI (VOL) takes no MOD-4
    assert "MOD-4" not in g.mods(g.check("PSI"))


def test_MOD_5_numerical_superiority_in_a_multiple_melee():
    """MOD-5: in a 3-against-1 melee, each of the 3 gets +1; in a 2-against-2 melee, nobody does."""
    g = Game(M(x=19, y=20, weapons=(blade(),)), M(side="blue", x=20, y=20, CON=9, facing=180.0,
                                                   weapons=(blade(),)),
             M(x=21, y=20, weapons=(blade(),)), M(x=20, y=19, weapons=(blade(),)))
    r1, b, r2, r3 = g.ids
    for r in (r1, r2, r3):
        g.start_activation(r, energy=10)
        g.dice.push(9)
        g.act(r, "melee_attack", target=b, weapon=0)
        assert g.mods(g.checks("IMP")[-1]) == {"MOD-5": 1}
        g.act(r, "end")
    g.start_activation(b, energy=10)
    g.dice.push(9)
    g.act(b, "melee_attack", target=r1, weapon=0)
    assert g.mods(g.checks("IMP")[-1]) == {}
    g = Game(M(x=19, y=20, weapons=(blade(),)), M(side="blue", x=20, y=20, CON=9, facing=180.0),
             M(x=21, y=20, weapons=(blade(),)), M(side="blue", x=22, y=20, CON=9, facing=180.0))
    r1, b1, r2, b2 = g.ids
    assert len(g.gs.melee_group(r1)) == 4
    g.start_activation(r1, energy=10)
    g.dice.push(9)
    g.act(r1, "melee_attack", target=b1, weapon=0)
    assert g.mods(g.check("IMP")) == {}


@pytest.mark.parametrize("siz, penalty", [(6, -2), (3, -1), (0, 0)])
def test_MOD_6_SIZ_against_CON_penalises_CH_AGI(siz, penalty):
    """MOD-6: CON 4 with SIZ 6 armour gives CH AGI −2; with SIZ 3 armour, −1. A SIZ 0 shield gives 0. It does
    not lower the AGI attribute, so the ENE gain is unchanged."""
    g = ranged(attacker={"CON": 4, "AGI": 5, "energy": 0, "protections": (armour(1, SIZ=siz),)})
    a, b = g.ids
    g.start_activation(a)
    assert g.energy(a) == 9
    shoot(g, 9)
    assert g.mods(g.check("IMP")).get("MOD-6", 0) == penalty


@pytest.mark.parametrize("size, bonus", [(2.0, 1), (1.0, 0)])
def test_MOD_7_shooting_a_bigger_target(size, bonus):
    """MOD-7: a human (natural MOV 1) shooting at an ogre with size factor 2 (natural MOV 2) gets +1; shooting
    at another human gets 0."""
    g = ranged(target={"size": size, "x": 5 + 8 + 0.5 + size / 2})
    shoot(g, 9)
    assert g.mods(g.check("IMP")).get("MOD-7", 0) == bonus


def test_MOD_8_shooting_from_or_at_a_mini_that_moved_more_than_5_K():
    """MOD-8: a target that just moved 6 K is shot at: CH IMP −1. If the shooter also moved 6 K, it is still
    −1. The status lasts until the start of that mini's next activation."""
    g = Game(M(x=5, y=20, mov=6, weapons=(weapon(),)), M(side="blue", x=25, y=30, mov=6, weapons=(weapon(),)),
             M(x=5, y=10, mov=6))
    s, t, still = g.ids
    g.start_activation(t, energy=10)
    g.act(t, "move", path=[[25, 24]])
    g.act(t, "end")
    g.start_activation(s, energy=10)
    g.dice.push(9)
    g.act(s, "ranged_attack", target=t, weapon=0)
    assert g.mods(g.checks("IMP")[-1])["MOD-8"] == -1
    g.act(s, "move", path=[[5, 26]])
    g.dice.push(9)
    g.act(s, "ranged_attack", target=t, weapon=0, facing=0.0)
    imp = g.checks("IMP")[-1]
    assert [m["rule"] for m in imp["modifiers"]].count("MOD-8") == 1 and g.mods(imp)["MOD-8"] == -1
    g.act(s, "end")
    # the target's next activation: its own status is gone, the shooter's is not
    g.next_turn()
    g.start_activation(t, energy=10)
    g.dice.push(9, 9)
    g.act(t, "ranged_attack", target=still, weapon=0, facing=240.0)
    assert "MOD-8" not in g.mods(g.checks("IMP")[-1])
    g.act(t, "ranged_attack", target=s, weapon=0, facing=180.0)
    assert g.mods(g.checks("IMP")[-1])["MOD-8"] == -1
    # a move of exactly 5 K does not count
    g = Game(M(x=5, y=20, weapons=(weapon(),)), M(side="blue", x=25, y=30, mov=6))
    s, t = g.ids
    g.start_activation(t, energy=10)
    g.act(t, "move", path=[[25, 25]])
    g.act(t, "end")
    g.start_activation(s, energy=10)
    g.dice.push(9)
    g.act(s, "ranged_attack", target=t, weapon=0, facing=20.0)
    assert "MOD-8" not in g.mods(g.check("IMP"))


# --- WND ---------------------------------------------------------------------------------------------------
def test_WND_1_healing_only_while_wounds_do_not_exceed_CON():
    """WND-1: a CON 4 character with 4 wounds can be healed; with 5 wounds it cannot. A QUA 3 weapon with 3
    wounds can be repaired; with 4 it cannot."""
    g = Game(M(x=10, y=20, INT=5), M(x=11, y=20, CON=4, wounds=4), M(side="blue", x=30, y=30))
    healer, hurt, _ = g.ids
    assert g.world.get(hurt, Life).state == "incapacitated"
    g.start_activation(healer, energy=10)
    g.dice.push(4)
    g.act(healer, "heal", target=hurt)
    assert g.wounds(hurt) == 3 and g.world.get(hurt, Life).state == "active"
    g = Game(M(x=10, y=20, INT=5), M(x=11, y=20, CON=4, wounds=5), M(side="blue", x=30, y=30))
    healer, dead, _ = g.ids
    g.start_activation(healer, energy=10)
    assert violation(g.act, healer, "heal", target=dead).rule_id in ("WND-1", "WND-3")
    assert g.energy(healer) == 10
    assert can_be_healed(4, 4) and not can_be_healed(4, 5)
    assert can_be_healed(3, 3) and not can_be_healed(3, 4)


def test_WND_2_as_many_wounds_as_CON_incapacitates():
    """WND-2: a CON 3 character taking its 3rd wound is incapacitated (no CH PSI, no actions, still occupying
    its base). After being healed 1 wound it can act again."""
    g = ranged(8.0, {"weapons": (weapon(DMG=1),)}, {"CON": 3, "wounds": 2},
               M(side="blue", x=14, y=21, INT=5), M(side="blue", x=35, y=35))
    a, b, healer, _ = g.ids
    shoot(g, 2, 9)
    assert g.world.get(b, Life).state == "incapacitated" and g.checks("PSI") == []
    assert not g.gs.able(b) and not g.engine.eligible(b, 1)
    g.act(a, "end")
    g.start_activation(healer, energy=10)
    assert violation(g.act, healer, "move", path=[[14, 20.5]]).rule_id == "BAS-2"      # its base is still there
    g.dice.push(4)
    g.act(healer, "heal", target=b)
    assert g.world.get(b, Life).state == "active" and g.engine.eligible(b, 5)


def test_WND_3_more_wounds_than_CON_is_death():
    """WND-3: a CON 3 character with 2 wounds that takes 2 more (4 in total) is dead and cannot be healed; its
    base is removed."""
    g = ranged(8.0, {"weapons": (weapon(DMG=2),)}, {"CON": 3, "wounds": 2},
               M(side="blue", x=14, y=21, INT=5, mov=3), M(side="blue", x=35, y=35))
    a, b, healer, _ = g.ids
    shoot(g, 2, 9)
    assert g.wounds(b) == 4 and g.world.get(b, Life).state == "dead"
    g.act(a, "end")
    g.start_activation(healer, energy=10)
    assert violation(g.act, healer, "heal", target=b).rule_id in ("WND-1", "WND-3")
    g.act(healer, "move", path=[[14, 18]])                    # straight across where the body lay
    assert g.pos(healer) == (14, 18)


def test_WND_4_disabled_equipment_cannot_be_used():
    """WND-4: a QUA 2 weapon with 2 wounds cannot be used to attack; a disabled protection adds no DEF."""
    g = ranged(attacker={"weapons": (weapon(QUA=2, wounds=2), weapon(key="pistol"))},
               target={"protections": (armour(3, QUA=2, wounds=2), armour(1, key="shield"))})
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "ranged_attack", target=b, weapon=0).rule_id == "WND-4"
    shoot(g, 2, 9, 5, weapon_index=1)
    assert g.check("DEF")["target"] == 1


def test_WND_6_damaged_weapons_and_protections():
    """WND-6: a DMG 4 weapon with 2 wounds has DMG 2. A DEF 2, QUA 5 armour with 3 wounds has DEF 1."""
    g = ranged(attacker={"weapons": (weapon(DMG=4, wounds=2),)},
               target={"protections": (armour(2, QUA=5, wounds=3),)})
    a, b = g.ids
    shoot(g, 2, 9, 5)
    assert g.events("hit")[0]["dmg"] == 2
    assert g.check("DEF")["target"] == 1 and g.wounds(b) == 2
