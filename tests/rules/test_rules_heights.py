"""Altitude levels through the rules engine (MOV-10..13, MVA-15, MVA-16): elevations in distances and sight,
who interacts with whom, flying at level 3, perches on 3 K pieces, and the altitude actions."""
from __future__ import annotations

from pathlib import Path

import pytest

from rules_helpers import Game, M, blade, piece, violation, weapon
from wartime.core.components import Identity, Position, Traits
from wartime.rules import traits
from wartime.rules.actions import REGISTRY, altitude

ROOT = Path(__file__).resolve().parents[2]


def at(g: Game, e: int, level: int) -> None:
    p = g.gs.pos(e)
    g.set(e, Position(p.x, p.y, p.facing, level))


# --- MOV-10 / MOV-12: elevations --------------------------------------------------------------------------------
def test_MOV_10_a_level_2_flyer_is_3_K_above_the_ground():
    """MOV-10: a level-2 flyer over open ground has elevation 3 K; its eyes are 3 K + its height up."""
    g = Game(M(x=10, y=10))
    e = g.ids[0]
    at(g, e, 2)
    assert g.gs.elevation(e) == 3.0 and g.gs.eye(e) == (10.0, 10.0, 4.0)
    assert g.gs.target_row(e)[3] == 3.0


def test_MOV_12_distance_between_levels_1_and_2_is_3D():
    """MOV-12: a level-2 flyer's centre is 5 K horizontally from a level-1 rifleman's centre, both with 1 K
    bases: horizontal gap 4, dz 3, so the distance is 5 K; levels 1 and 2 shoot at each other."""
    g = Game(M(x=10, y=10, weapons=(weapon(RNG=6),)), M(side="blue", x=15, y=10, CON=9, facing=180.0))
    a, f = g.ids
    at(g, f, 2)
    assert g.gs.distance(a, f) == pytest.approx(5.0)
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "ranged_attack", {"target": f, "weapon": 0}) == 2
    g.set(a, Position(9.5, 10, 0.0))                     # 5.5 K horizontally: gap 4.5, 3D distance 5.41 K
    assert g.engine.check_action(a, "ranged_attack", {"target": f, "weapon": 0}) == 2
    g.set(a, Position(8, 10, 0.0))                       # gap 6, distance 6.7 K > RNG 6
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": f, "weapon": 0}).rule_id == "CMB-10"


def test_MOV_12_a_shooter_on_a_perch_sees_over_a_chest_high_wall():
    """MOV-12 / ENV-2 / CMB-17: a standing target right behind a chest-high wall is 80 % hidden from a ground
    shooter 10 K away (cover, CH DEF +2) but only 40 % from a perch 3 K up (level 2): no cover."""
    wall = piece("wall", "low", 18.9, 17, 19.1, 23, height=0.75, blocks_los=True, defense=3)
    g = Game(M(x=10, y=20), M(side="blue", x=20, y=20, facing=180.0), pieces=[wall])
    a, t = g.ids
    assert g.gs.cover(a, [t])[0].blocked == 20
    at(g, a, 2)
    seen = g.gs.cover(a, [t])[0]
    assert seen.blocked == 10 and not seen.cover


# --- MOV-11: interaction only within the same level ---------------------------------------------------------------
def test_MOV_11_a_level_1_rifleman_cannot_target_a_level_3_aircraft():
    """MOV-11: levels 1 and 3 never interact: the shot is refused."""
    g = Game(M(x=10, y=10, weapons=(weapon(),)), M(side="blue", x=15, y=10, facing=180.0))
    a, f = g.ids
    at(g, f, 3)
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": f, "weapon": 0}).rule_id == "MOV-11"


def test_MOV_11_no_melee_across_levels_and_bases_at_other_levels_do_not_block():
    """MOV-11: a level-1 character cannot fight a level-2 one in base contact below it (melee is not ranged),
    and a move may pass under a level-2 base (BAS-2 only within a level)."""
    g = Game(M(x=10, y=10, weapons=(blade(),)), M(side="blue", x=11, y=10, facing=180.0))
    a, f = g.ids
    at(g, f, 2)
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "melee_attack", {"target": f, "weapon": 0}).rule_id == "MOV-11"
    assert not g.gs.in_contact(a, f)
    assert g.engine.check_action(a, "move", {"path": [[11, 10]]}) == 1


# --- MOV-10: perches ------------------------------------------------------------------------------------------------
def test_MOV_10_a_perched_character_stands_on_the_piece_and_cannot_walk_off():
    """MOV-10: a character at level 2 without a flying trait stands on a 3 K piece (a scenario perch): it
    shoots from 3 K up, but cannot walk off it: getting down is Dejarse caer (MVA-9)."""
    tower = piece("tower", "blocking", 9, 9, 12, 12, height=3.0, blocks_los=True)
    g = Game(M(x=10.5, y=10.5, weapons=(weapon(),)), M(side="blue", x=20, y=10.5, facing=180.0), pieces=[tower])
    a, t = g.ids
    at(g, a, 2)
    assert altitude.perched(g.gs, a)
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "move", {"path": [[10.5, 11]]}).rule_id == "MVA-9"
    assert g.engine.check_action(a, "ranged_attack", {"target": t, "weapon": 0}) == 2


def test_MOV_10_scenario_perches_deploy_the_first_ranged_character_at_level_2():
    """MOV-10: the ruins scenario puts each side's longest-ranged shooter (a rifleman, RNG 20, before the
    grenadiers' RNG 13) on its watchtower (level 2)."""
    from wartime.data.loader import load_army_list, load_scenario
    from wartime.core.rng import Dice
    from wartime.match.setup import build_state
    sc = load_scenario(ROOT / "scenarios" / "ruins.toml")
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    gs = build_state(sc, lists, Dice(1))
    up = [e for e in gs.minis() if gs.pos(e).level == 2]
    assert [(gs.side(e), (gs.pos(e).x, gs.pos(e).y)) for e in up] == [("red", (5.5, 7.5)), ("blue", (26.5, 16.5))]
    assert all(gs.world.get(e, Identity).character_id == "rifleman" and gs.elevation(e) == 3.0 for e in up)


# --- MOV-13: flying at level 3 ------------------------------------------------------------------------------------
def level3() -> Game:
    g = Game(M(x=10, y=10, weapons=(weapon(),)), M(side="blue", x=20, y=10, CON=9, facing=180.0))
    for e in g.ids:
        at(g, e, 3)
    return g


def test_MOV_13_at_level_3_no_two_non_movement_actions_in_a_row():
    """MOV-13: at level 3, two ranged attacks in a row are illegal; attack, Mover, attack is legal."""
    g = level3()
    a, t = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(9)
    g.act(a, "ranged_attack", target=t, weapon=0)
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": t, "weapon": 0}).rule_id == "MOV-13"
    g.act(a, "move", path=[[10, 11]])
    assert g.engine.check_action(a, "ranged_attack", {"target": t, "weapon": 0}, facing=0.0) == 2


def test_MOV_13_at_level_3_every_move_uses_its_whole_allowance_and_there_is_no_pivot():
    """MOV-13: a MOV 10 flyer cannot move only 6 K (here a MOV 1 mini cannot move 0.5 K with Mover); it cannot
    Pivotar; the board edge may stop it early."""
    g = level3()
    a, t = g.ids
    g.set(a, Position(10, 10, 0.0, 3))
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "move", {"path": [[10.5, 10]]}).rule_id == "MOV-13"
    assert g.engine.check_action(a, "move", {"path": [[11, 10]]}) == 1
    g.set(a, Position(10, 0.75, 270.0, 3))
    assert g.engine.check_action(a, "move", {"path": [[10, 0.5]]}) == 1          # the edge stops it
    assert violation(altitude.flight_restrictions, g.gs, a, REGISTRY["pivot"]).rule_id == "MOV-13"


@pytest.mark.rules("TRT-AEROSTATIC")
def test_MOV_13_Aerostatico_lifts_the_level_3_action_limits():
    """MOV-13 / TRT-AEROSTATIC: with Aerostático two attacks in a row are allowed at level 3."""
    g = level3()
    a, t = g.ids
    g.set(a, Traits(("TRT-AEROSTATIC",)))
    g.start_activation(a, energy=10)
    g.dice.push(9)
    g.act(a, "ranged_attack", target=t, weapon=0)
    assert g.engine.check_action(a, "ranged_attack", {"target": t, "weapon": 0}) == 2


# --- MVA-15 / MVA-16 ----------------------------------------------------------------------------------------------
@pytest.mark.rules("TRT-SUB")
def test_MVA_15_change_altitude_needs_a_trait_and_moves_one_level():
    """MVA-15: Sub goes down from level 1 to level −1 (ENE 1, no check on easy ground); without a trait, or
    two levels at once, the change is refused."""
    g = Game(M(x=10, y=10, AGI=5), M(side="blue", x=30, y=30))
    a = g.ids[0]
    g.start_activation(a, energy=4)
    assert violation(g.engine.check_action, a, "change_altitude", {"level": -1}).rule_id == "MVA-15"
    g.set(a, Traits(("TRT-SUB",)))
    assert violation(g.engine.check_action, a, "change_altitude", {"level": 2}).rule_id == "MVA-15"
    g.act(a, "change_altitude", level=-1)
    assert g.gs.pos(a).level == -1 and g.energy(a) == 3 and g.checks() == []
    assert g.events("altitude")[0]["after"] == -1


@pytest.mark.parametrize("die, energy, wounds", [(3, 3, 0), (7, 0, 0), (10, 0, 3)])
def test_MVA_15_rough_ground_needs_a_CH_AGI_fail_costs_3_ENE_fumble_3_wounds(die, energy, wounds):
    """MVA-15: a mini with AGI 5 and ENE 4 changes level on difficult ground: pays 1 (ENE 3); die 7 still
    changes with ENE 0; die 10 with ENE 0 and 3 wounds (no CH DEF)."""
    mud = piece("mud", "difficult", 5, 5, 15, 15)
    g = Game(M(x=10, y=10, AGI=5, CON=9), M(side="blue", x=30, y=30), pieces=[mud])
    a = g.ids[0]
    g.set(a, Traits(("TRT-SUB",)))
    g.start_activation(a, energy=4)
    g.dice.push(die)
    g.act(a, "change_altitude", level=-1)
    assert g.gs.pos(a).level == -1
    assert (g.energy(a), g.wounds(a)) == (energy, wounds)


def test_MVA_16_a_flyer_takes_off_from_easy_ground_for_1_ENE():
    """MVA-16: a flyer (a trait with no rule of its own) taking off from easy terrain pays ENE 1, rolls nothing
    and ends at altitude 2; landing brings it back to 1. It may move in a straight line up to its MOV."""
    with traits.registered("TRT-TEST-WINGS", {"flight_levels": lambda gs, e: frozenset({1, 2})}):
        g = Game(M(x=10, y=10), M(side="blue", x=30, y=30))
        a = g.ids[0]
        g.set(a, Traits(("TRT-TEST-WINGS",)))
        g.start_activation(a, energy=4)
        g.act(a, "take_off_land", to=[11, 10])
        assert (g.gs.pos(a).level, g.pos(a), g.energy(a)) == (2, (11.0, 10.0), 3) and g.checks() == []
        g.act(a, "take_off_land")
        assert g.gs.pos(a).level == 1 and g.energy(a) == 2


@pytest.mark.rules("TRT-GLIDER")
@pytest.mark.parametrize("agi_die, con_die, energy, wounds", [(4, None, 7, 0), (8, 3, 4, 0), (8, 9, 4, 3)])
def test_MVA_16_Planeador_lands_with_its_own_rule(agi_die, con_die, energy, wounds):
    """MVA-16 / TRT-GLIDER: a glider's take-off or landing costs ENE 3; on difficult ground a CH AGI; a failure
    costs ENE −3 and calls a CH CON, and if that fails too, 3 wounds."""
    mud = piece("mud", "difficult", 5, 5, 15, 15)
    g = Game(M(x=10, y=10, AGI=5, CON=5), M(side="blue", x=30, y=30), pieces=[mud])
    a = g.ids[0]
    g.set(a, Traits(("TRT-GLIDER",)))
    at(g, a, 2)
    g.start_activation(a, energy=10)
    g.dice.push(*(d for d in (agi_die, con_die) if d is not None))
    g.act(a, "take_off_land")
    assert g.gs.pos(a).level == 1 and (g.energy(a), g.wounds(a)) == (energy, wounds)
    assert g.all_dice_used()


def test_MVA_16_a_glider_flies_over_walls_at_level_2_but_not_through_tall_buildings():
    """MOV-10 / MVA-16: at level 2 (3 K up) only pieces as tall as that block a move: a 1.5 K wall does not, a
    10 K building does."""
    wall = piece("wall", "high", 10.6, 5, 10.8, 15, height=1.5, blocks_los=True)
    house = piece("house", "blocking", 9, 11.4, 11, 13, height=10.0, blocks_los=True)
    g = Game(M(x=10, y=10), M(side="blue", x=30, y=30), pieces=[wall, house])
    a = g.ids[0]
    g.set(a, Traits(("TRT-GLIDER",)))
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "move", {"path": [[11, 10]]}).rule_id == "MOV-9"
    g.act(a, "take_off_land")
    assert g.engine.check_action(a, "move", {"path": [[11, 10]]}) == 1
    assert violation(g.engine.check_action, a, "move", {"path": [[10, 11]]}).rule_id == "MOV-9"


# --- MVA-9: Dejarse caer -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("drop, dmg", [(2.0, 0), (2.5, 4), (3.0, 4), (3.5, 7), (4.0, 7), (5.0, 10)])
def test_MVA_9_the_fall_table(drop, dmg):
    """MVA-9: model height 1 K: h ≤ 2m DMG 0; ≤ 3m DMG 4; ≤ 4m DMG 7; more DMG 10."""
    from wartime.rules.actions.falling import fall_damage
    assert fall_damage(drop, 1.0) == dmg


@pytest.mark.parametrize("def_die, wounds", [(2, 1), (5, 4)])
def test_MVA_9_a_perched_character_drops_down_and_takes_the_fall(def_die, wounds):
    """MVA-9: from a 3 K tower a 1 K model falls 3 K (≤ 3m: DMG 4), an automatic hit with a normal CH DEF and
    its protections (DEF 3: a 2 passes, 1 wound; a 5 fails, 4 wounds); it lands at level 1 with its base touching
    the foot of the tower, for ENE 1; the engine offers the landing spots."""
    from rules_helpers import armour
    tower = piece("tower", "blocking", 9, 9, 12, 12, height=3.0, blocks_los=True)
    g = Game(M(x=10.5, y=10.5, CON=9, protections=(armour(3),)), M(side="blue", x=30, y=30), pieces=[tower])
    a, _ = g.ids
    at(g, a, 2)
    g.start_activation(a, energy=10)
    assert "drop_down" in g.engine.pending.options
    spots = [o.params["to"] for o in g.engine.legal_options("drop_down")]
    assert [12.55, 10.5] in spots and len(spots) == 8
    g.dice.push(def_die, 1)                           # CH DEF; CH PSI (if wounded and still up)
    g.act(a, "drop_down", to=[12.55, 10.5])
    assert g.gs.pos(a).level == 1 and g.pos(a) == (12.55, 10.5)
    assert g.events("fall")[-1]["dmg"] == 4 and g.wounds(a) == wounds
    assert g.gs.energy(a) == 9
    assert not g.checks("IMP")


def test_MVA_9_the_landing_must_touch_the_foot_of_the_drop():
    """MVA-9 ruling (3): it lands directly below where it stepped off: a spot 2 K from the tower is refused,
    as is a drop by a character standing on the ground."""
    tower = piece("tower", "blocking", 9, 9, 12, 12, height=3.0, blocks_los=True)
    g = Game(M(x=10.5, y=10.5), M(x=14, y=14), M(side="blue", x=30, y=30), pieces=[tower])
    a, b, _ = g.ids
    at(g, a, 2)
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "drop_down", {"to": [14.5, 10.5]}).rule_id == "MVA-9"
    assert g.engine.check_action(a, "drop_down", {"to": [12.55, 10.5]}) == 1
    g.start_activation(b, energy=10)
    assert violation(g.engine.check_action, b, "drop_down", {"to": [14.5, 14]}).rule_id == "MVA-9"
