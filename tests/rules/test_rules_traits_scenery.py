"""Issue 12 / issue 16, group "scenery": darkness as a board feature (project ruling, rules/darkness.py,
docs/darkness.md) and the traits that see in it (TRT-LIGHT, TRT-RADAR, TRT-SUPER-SENSES), and Campo de oscuridad
(TRT-DARKNESS-FIELD, rules/traits/scenery.py); each set up with scripted dice and checked against its catalogue
effect and ruling, and priced at its catalogue cost."""
from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest

from rules_helpers import Game, M, piece, violation, weapon
from test_rules_traits_combat import attack, duel, imp_target, race
from tests.data.test_data_scenario_items import ROOT as ITEMS_ROOT, SCENARIO as ITEMS_SCENARIO
from wartime.core.components import Gear, Item, Life, Position, TraitState, TraitedProtection
from wartime.core.errors import DataError
from wartime.data.loader import load_scenario, priced_trait
from wartime.data.models import DarkArea, MovableSpec
from wartime.rules import darkness, scenery_objects, traits
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.scenery_throw import throw_odds
from wartime.rules.modifiers import point_attack_mods
from wartime.rules.placed import PlacedCharge
from wartime.rules.odds import attack_odds
from wartime.rules.traits import scenery
from wartime.rules.traits.devices import Designated, marked_by

#: a dark strip across the line of fire of `duel` (red at (10, 20) shooting blue at (20, 20))
STRIP = DarkArea(id="strip", polygon=((14.0, 15.0), (16.0, 15.0), (16.0, 25.0), (14.0, 25.0)))
#: a dark area away from that line
ASIDE = DarkArea(id="aside", polygon=((14.0, 30.0), (16.0, 30.0), (16.0, 35.0), (14.0, 35.0)))


def dark(g: Game, *areas: DarkArea, night: bool = False) -> Game:
    darkness.install(g.gs, SimpleNamespace(night=night, dark=areas))
    return g


def dark_mods(g: Game) -> dict[str, int]:
    """The darkness modifiers of the last CH IMP."""
    return {m["rule"]: m["value"] for m in g.checks("IMP")[-1]["modifiers"] if m["rule"] == "TRT-LIGHT"}


def price(trait: str, kind: str = "race", level: int | None = None) -> int:
    return priced_trait(trait, kind, "test", "traits", level).points


# --- darkness (the board feature) --------------------------------------------------------------------------------
def test_TRT_LIGHT_darkness_on_the_line_of_fire_is_CH_IMP_minus_2():
    """AGI 5 shooting 9 K: CH IMP 5 in the open; a dark strip crossing the line makes it 3 (die 4 misses); a dark
    area off the line changes nothing (die 9 misses at 5)."""
    g = dark(duel(), STRIP)
    attack(g, 4)
    assert imp_target(g) == 3 and dark_mods(g) == {"TRT-LIGHT": -2} and not g.check("IMP")["passed"]
    g = dark(duel(), ASIDE)
    attack(g, 9)
    assert imp_target(g) == 5 and dark_mods(g) == {}


@pytest.mark.parametrize("ax, tx", [(15.0, 25.0), (5.0, 15.0)])
def test_TRT_LIGHT_darkness_counts_at_either_end_of_the_line(ax, tx):
    """The attacker standing in the dark, or its target: CH IMP −2 all the same."""
    g = dark(duel({"x": ax}, {"x": tx}), STRIP)
    attack(g, 9)
    assert dark_mods(g) == {"TRT-LIGHT": -2}


def test_TRT_LIGHT_a_night_board_darkens_every_ranged_attack_and_no_melee_one():
    """night = true: the 9 K shot has CH IMP 3; a melee attack in base contact keeps 5."""
    g = dark(duel(), night=True)
    attack(g, 4)
    assert imp_target(g) == 3
    g = dark(duel(melee=True), night=True)
    attack(g, 9)
    assert imp_target(g) == 5


def test_TRT_LIGHT_the_odds_and_a_point_attack_count_darkness():
    """The odds of the darkened shot are 3/10 (5/10 in the open); an area aimed at a point through the strip takes
    the same −2."""
    g = dark(duel(), STRIP)
    a, b = g.ids
    assert attack_odds(g.gs, a, b, weapon_index=0, ranged=True).p_hit == Fraction(3, 10)
    assert [(m.rule, m.value) for m in point_attack_mods(g.gs, a, 9.0, (20.0, 20.0))] == [("TRT-LIGHT", -2)]
    assert point_attack_mods(g.gs, a, 9.0, (10.0, 30.0)) == []


def test_TRT_LIGHT_a_board_without_darkness_has_none():
    g = duel()
    assert g.gs.darkness is None
    darkness.install(g.gs, SimpleNamespace(night=False, dark=()))
    assert g.gs.darkness is None
    attack(g, 9)
    assert imp_target(g) == 5


# --- Luz, Radar, Súper sentidos ------------------------------------------------------------------------------------
@pytest.mark.parametrize("trait", ["TRT-LIGHT", "TRT-RADAR", "TRT-SUPER-SENSES"])
def test_TRT_LIGHT_TRT_RADAR_TRT_SUPER_SENSES_the_bearer_sees_in_the_dark(trait):
    """An attacker with Luz, Radar or Súper sentidos shoots through the dark strip at CH IMP 5 (die 4 hits where it
    would miss at 3), on a night board too; its odds say 5/10."""
    for g in (dark(duel(), STRIP), dark(duel(), night=True)):
        a, b = g.ids
        race(g, a, trait)
        assert attack_odds(g.gs, a, b, weapon_index=0, ranged=True).p_hit == Fraction(5, 10)
        attack(g, 4, 9, 9)
        assert imp_target(g) == 5 and dark_mods(g) == {} and g.check("IMP")["passed"]


def test_TRT_LIGHT_enemies_see_the_bearer_in_the_dark_as_if_lit():
    """Luz on the target: the shot through the strip keeps CH IMP 5; Radar or Súper sentidos on the target do not
    light it (CH IMP 3)."""
    g = dark(duel(), STRIP)
    race(g, g.ids[1], "TRT-LIGHT")
    attack(g, 9)
    assert imp_target(g) == 5
    for other in ("TRT-RADAR", "TRT-SUPER-SENSES"):
        g = dark(duel(), STRIP)
        race(g, g.ids[1], other)
        attack(g, 9)
        assert imp_target(g) == 3


def test_TRT_LIGHT_on_an_object_its_holder_sees_in_the_dark_and_is_lit():
    """A held lamp (an object with Luz): its holder's shot through the strip keeps CH IMP 5, and so does a shot at
    it; once dropped (no holder) it does nothing."""
    g = dark(duel(), STRIP)
    a, b = g.ids
    lamp = g.world.create(Item("Lamp", holder=a), Gear("lamp", "Lamp", 0, 0, 3, ("TRT-LIGHT",)))
    assert traits.sees_in_dark(g.gs, a) == "TRT-LIGHT" and traits.is_lit(g.gs, a) == "TRT-LIGHT"
    attack(g, 9)
    assert imp_target(g) == 5
    g.world.set(lamp, Item("Lamp", holder=None))
    assert traits.sees_in_dark(g.gs, a) is None


def test_TRT_LIGHT_costs_2_on_a_race_or_an_object():
    assert price("TRT-LIGHT") == 2 and price("TRT-LIGHT", "object") == 2
    assert traits.fielding_problem("TRT-LIGHT", "race", set()) is None
    assert traits.fielding_problem("TRT-LIGHT", "object", set()) is None


# --- the scenario's darkness (data) ----------------------------------------------------------------------------------
#: the scenario items tests' small 20 × 20 K board, with room for top-level keys (`night`)
SCENARIO = ITEMS_SCENARIO.replace('victory = "elimination"', 'victory = "elimination"\n{top}')


def scenario(tmp_path: Path, top: str = "", extra: str = ""):
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO.format(top=top, extra=extra), encoding="utf-8")
    return load_scenario(path)


def test_TRT_LIGHT_a_scenario_sets_night_and_dark_areas(tmp_path: Path):
    s = scenario(tmp_path, "night = true", '[[dark]]\nid = "cellar"\nrect = [2, 5, 6, 9]\n'
                                           '[[dark]]\npolygon = [[10, 10], [14, 10], [12, 14]]')
    assert s.night and [a.id for a in s.dark] == ["cellar", "dark-1"]
    assert s.dark[0].polygon == ((2.0, 5.0), (6.0, 5.0), (6.0, 9.0), (2.0, 9.0))
    plain = scenario(tmp_path)
    assert not plain.night and plain.dark == ()


def test_TRT_LIGHT_darkness_mistakes_get_one_line_each(tmp_path: Path):
    f = str(tmp_path / "s.toml")
    with pytest.raises(DataError) as exc:
        scenario(tmp_path, 'night = "yes"', '[[dark]]\nrect = [2, 5, 26, 9]\n[[dark]]\nrect = [1, 1, 2, 2]\n'
                                            '[[dark]]\nid = "dark-1"\nrect = [3, 3, 4, 4]\nlux = 1')
    assert exc.value.lines() == [
        f"{f}: night: expected true or false, got 'yes'",
        f"{f}: dark[0].rect: goes outside the 20×20 K board",
        f"{f}: dark[2].lux: unknown key (expected one of: id, name, rect, polygon)",
        f"{f}: dark[2].id: duplicate dark area id 'dark-1' (first at dark[1])",
    ]


# --- Campo de oscuridad --------------------------------------------------------------------------------------------
def field_game(level: int, distance: float) -> Game:
    """A red marker with a designator at (10, 20), a blue target at (20, 20) and a blue bearer of Campo de oscuridad
    at level `level` whose base is `distance` K (edge to edge) from the target's, behind it."""
    g = Game(M(x=10, y=20, AGI=5, weapons=(weapon(DMG=4, traits=("TRT-TARGET-DESIGNATOR",)),)),
             M(side="blue", x=20, y=20, facing=180.0, CON=9), M(side="blue", x=21 + distance, y=20, CON=9))
    bearer = g.ids[2]
    g.set(bearer, TraitState(("TRT-DARKNESS-FIELD",), ((("TRT-DARKNESS-FIELD", level, level)),)))
    race(g, bearer, "TRT-DARKNESS-FIELD")
    return g


@pytest.mark.parametrize("level", range(1, 6))
def test_TRT_DARKNESS_FIELD_no_mark_can_be_placed_within_2_K_per_level(level):
    """At level N a target whose base is 2N K from the bearer's cannot be marked (refused naming the trait); at
    2N + 0.5 K it can."""
    g = field_game(level, 2.0 * level)
    a, b, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "designate_target", {"target": b}).rule_id == "TRT-DARKNESS-FIELD"
    assert not list(g.engine.legal_options("designate_target"))
    g = field_game(level, 2.0 * level + 0.5)
    a, b, _ = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "designate_target", target=b)
    assert marked_by(g.gs, b) == (a,)


def test_TRT_DARKNESS_FIELD_a_marked_target_inside_the_field_is_lost():
    """Marked outside the field (level 1, 2.5 K away), the target's mark gives CH IMP 6; once the bearer stands
    within 2 K the mark gives nothing (CH IMP 5), and at the end of the activation it is removed (marks_lost)."""
    g = field_game(1, 2.5)
    a, b, c = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "designate_target", target=b)
    g.dice.push(7)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.checks("IMP")[-1]["target"] == 6
    g.set(c, Position(22.5, 20, 0.0))                      # 1.5 K from the target's base
    g.dice.push(7)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.checks("IMP")[-1]["target"] == 5 and marked_by(g.gs, b) == (a,)
    darkness_sweep(g)
    assert g.world.try_get(b, Designated) is None
    lost = g.events("marks_lost")[-1]
    assert (lost["rule"], lost["target"], lost["markers"]) == ("TRT-DARKNESS-FIELD", b, [a])


def darkness_sweep(g: Game) -> None:
    """Run the end-of-activation systems as the sequence does (the mark sweep is one, installed by match set-up)."""
    scenery.install(g.world)
    g.world.run_systems("end_of_activation", gs=g.gs, who=g.ids[0])


def test_TRT_DARKNESS_FIELD_a_down_bearer_has_no_field():
    """An incapacitated bearer (able to act no more, G10) does not stop a mark."""
    g = field_game(1, 0.5)
    b, c = g.ids[1:]
    assert traits.mark_field(g.gs, b) == "TRT-DARKNESS-FIELD"
    g.set(c, Life("incapacitated"))
    assert traits.mark_field(g.gs, b) is None


def shield(level: int) -> TraitedProtection:
    return TraitedProtection("s", "S", 0, 0, 0, 5, traits=("TRT-ENERGY-SHIELD",),
                             levels=(("TRT-ENERGY-SHIELD", level, level),))


def field_blast_levels(field) -> tuple[Game, list[int]]:
    """A bearer (CON 2) shot dead (DMG 12, a critical hit and a failed CH DEF), `field(g, bearer)` having given it a
    level 2 darkness field; a blue and a red mini within 2 K and a blue one 3 K away wear level 3 shields. Returns the
    game and their shield levels after the death."""
    g = Game(M(x=10, y=20, AGI=5, weapons=(weapon(DMG=12),)), M(side="blue", x=20, y=20, facing=180.0, CON=2),
             M(side="blue", x=23, y=20, protections=(shield(3),)), M(x=20, y=23, protections=(shield(3),)),
             M(side="blue", x=20, y=16, protections=(shield(3),)))
    a, bearer, *others = g.ids
    field(g, bearer)
    g.start_activation(a, energy=10)
    g.dice.push(1, 10)                                     # a critical hit, a failed CH DEF: dead
    g.act(a, "ranged_attack", target=bearer, weapon=0)
    assert g.world.get(bearer, Life).state == "dead"
    return g, [g.gs.equipment(e).protections[0].level("TRT-ENERGY-SHIELD") for e in others]


def race_field(g: Game, bearer: int) -> None:
    g.set(bearer, TraitState(("TRT-DARKNESS-FIELD",), (("TRT-DARKNESS-FIELD", 2, 2),)))
    race(g, bearer, "TRT-DARKNESS-FIELD")


def test_TRT_DARKNESS_FIELD_when_it_explodes_it_cancels_N_shield_levels_within_N_K_friend_and_foe():
    """A level 2 bearer shot dead (DMG 12 on CON 2): a red and a blue mini within 2 K with shields of level 3 keep
    1 level; one 3 K away keeps 3."""
    g, levels = field_blast_levels(race_field)
    assert levels == [1, 1, 3]
    assert [ev["rule"] for ev in g.events("trait_level")] == ["TRT-DARKNESS-FIELD"] * 4


def test_TRT_DARKNESS_FIELD_costs_2_per_level_up_to_5_on_a_transport_too():
    assert [price("TRT-DARKNESS-FIELD", level=n) for n in range(1, 6)] == [2, 4, 6, 8, 10]
    with pytest.raises(DataError):
        price("TRT-DARKNESS-FIELD", level=6)
    assert traits.fielding_problem("TRT-DARKNESS-FIELD", "race", set()) is None
    assert traits.fielding_problem("TRT-DARKNESS-FIELD", "object", set()) is None     # held: traits/kinds2.py
    assert traits.fielding_problem("TRT-DARKNESS-FIELD", "transport", set()) is None  # its rider bears it


# --- Súper fuerza: throwing movable scenery -------------------------------------------------------------------------
def thrower_game(size: str = "car", *, trait: bool = True, car_x: float = 10.5, target_x: float = 16.0) -> Game:
    """A red thrower (CON 5, AGI 5, MOV 1: a throw reaches 6 K) at (10, 20) touching a 2 × 2 K movable car (low,
    0.5 K) east of it; a blue target (CON 9) at (`target_x`, 20), 5 K away, facing it."""
    g = Game(M(x=10, y=20, CON=5, AGI=5), M(side="blue", x=target_x, y=20, facing=180.0, CON=9),
             pieces=[piece("car", "low", car_x, 19, car_x + 2, 21, height=0.5, blocks_los=True)])
    scenery_objects.install(g.gs, SimpleNamespace(terrain=[SimpleNamespace(id="car", movable=MovableSpec(con=4, size=size))]))
    if trait:
        race(g, g.ids[0], "TRT-SUPER-STRENGTH")
    return g


def throw(g: Game, *dice: int) -> None:
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(*dice)
    g.act(a, "throw_scenery", piece="car", target=b)


def test_TRT_SUPER_STRENGTH_a_thrown_car_is_a_ranged_attack_with_DMG_CON_and_lands_at_the_target():
    """CH CON 5 (die 3 passes), CH IMP 5 (die 2 hits), CH DEF 0 fails (9): DMG = CON 5 → 5 wounds on CON 9. The car
    lands on the target's line drawn back until clear of its base: its centre at x 14.25 (moved 2.75 K); ENE 2."""
    g = thrower_game()
    a, b = g.ids
    throw(g, 3, 2, 9, 1)
    assert [(c["kind"], c["attribute"], c["target"]) for c in g.checks()[:2]] == [("ATR", "CON", 5), ("IMP", "AGI", 5)]
    assert g.events("damage")[-1]["dmg"] == 5 and g.wounds(b) == 5 and g.energy(a) == 8
    assert g.gs.board.piece("car").polygon.bounds == (13.25, 19.0, 15.25, 21.0)
    assert g.events("scenery_moved")[-1]["offset"] == [2.75, 0.0]


def test_TRT_SUPER_STRENGTH_a_missed_throw_lands_all_the_same():
    g = thrower_game()
    throw(g, 3, 9)
    assert g.wounds(g.ids[1]) == 0 and g.gs.board.piece("car").polygon.bounds == (13.25, 19.0, 15.25, 21.0)


@pytest.mark.parametrize("size, target", [("car", 5), ("object", 5), ("truck", 3), ("bigger", 1)])
def test_TRT_SUPER_STRENGTH_a_failed_check_is_one_wound_without_CH_DEF_and_the_piece_stays(size, target):
    """CH CON 5 for a car or an object, 3 for a truck (−2), 1 for bigger (−4): the die target + 1 fails: +1 wound on
    the thrower, no CH DEF, no CH IMP, the piece where it was."""
    g = thrower_game(size)
    a = g.ids[0]
    throw(g, target + 1)
    assert [(c["attribute"], c["target"]) for c in g.checks()] == [("CON", target)] and g.all_dice_used()
    assert g.wounds(a) == 1 and g.events("scenery_throw_failed")
    assert g.gs.board.piece("car").polygon.bounds == (10.5, 19.0, 12.5, 21.0)


def test_TRT_SUPER_STRENGTH_needs_the_trait_contact_and_reach():
    """Without Súper fuerza (or on a board without movable pieces) the throw is not offered; a car 1 K off its base
    cannot be lifted; a target beyond MOV + CON K is refused."""
    g = thrower_game(trait=False)
    g.start_activation(g.ids[0], energy=10)
    assert not list(g.engine.legal_options("throw_scenery"))
    g = thrower_game(car_x=11.5)
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert not list(g.engine.legal_options("throw_scenery"))
    assert violation(g.engine.check_action, a, "throw_scenery", {"piece": "car", "target": b}).rule_id == \
        "TRT-SUPER-STRENGTH"
    g = thrower_game(target_x=17.5)
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "throw_scenery", {"piece": "car", "target": b}).rule_id == \
        "TRT-SUPER-STRENGTH"
    g = thrower_game()
    g.start_activation(g.ids[0], energy=10)
    assert [o.params for o in g.engine.legal_options("throw_scenery")] == [{"piece": "car", "target": g.ids[1]}]


def test_TRT_SUPER_STRENGTH_a_piece_bearing_a_mini_is_not_thrown():
    """Project ruling (scenery_objects.borne_by): the car with a red ally standing on its top (Climbing at its 0.5 K)
    is neither offered nor accepted; off it again, the throw is offered."""
    from wartime.core.components import Climbing
    g = Game(M(x=10, y=20, CON=5, AGI=5), M(side="blue", x=16.0, y=20, facing=180.0, CON=9), M(x=11.5, y=20.5),
             pieces=[piece("car", "low", 10.5, 19, 12.5, 21, height=0.5, blocks_los=True)])
    scenery_objects.install(g.gs, SimpleNamespace(terrain=[SimpleNamespace(id="car", movable=MovableSpec(con=4,
                                                                                                         size="car"))]))
    a, b, c = g.ids
    race(g, a, "TRT-SUPER-STRENGTH")
    g.set(c, Climbing("car", 0.5))
    g.start_activation(a, energy=10)
    assert scenery_objects.borne_by(g.gs, "car") == [c]
    assert list(g.engine.legal_options("throw_scenery")) == []
    assert violation(g.engine.check_action, a, "throw_scenery", {"piece": "car", "target": b}).rule_id == \
        "TRT-SUPER-STRENGTH"
    g.world.remove(c, Climbing)
    assert [o.params for o in g.engine.legal_options("throw_scenery")] == [{"piece": "car", "target": b}]


def test_TRT_SUPER_STRENGTH_a_board_without_movable_pieces_has_none():
    g = duel()
    race(g, g.ids[0], "TRT-SUPER-STRENGTH")
    assert g.gs.movables is None
    scenery_objects.install(g.gs, SimpleNamespace(terrain=[]))
    assert g.gs.movables is None and g.gs.board is g.gs.scenario_board
    g.start_activation(g.ids[0], energy=10)
    assert not list(g.engine.legal_options("throw_scenery"))


def test_TRT_SUPER_STRENGTH_its_utility_weighs_the_check():
    """The scripted AI's value: P(CH CON 5) = 1/2 times the blow's value (the engine's odds: CH IMP 5, DMG CON),
    less 1/2 for the wound of a failure."""
    g = thrower_game()
    a, b = g.ids
    odds = throw_odds(g.gs, a, b)
    want = 0.5 * (float(odds.expected_wounds) + 2.0 * float(odds.p_incapacitate)) - 0.5
    got = REGISTRY["throw_scenery"].utility(g.gs, a, b, {"piece": "car", "target": b})
    assert got == pytest.approx(want) and odds.p_hit == Fraction(5, 10)


def test_TRT_SUPER_STRENGTH_costs_10_on_a_race():
    assert price("TRT-SUPER-STRENGTH") == 10
    assert traits.fielding_problem("TRT-SUPER-STRENGTH", "race", set()) is None


def test_TRT_SUPER_STRENGTH_a_scenario_marks_movable_pieces(tmp_path: Path):
    s = scenario(tmp_path, extra='[[terrain]]\nid = "car"\nkind = "low"\nrect = [5, 5, 7, 6]\n'
                                 'movable = { con = 4, size = "truck" }')
    assert s.terrain[0].movable == MovableSpec(con=4, size="truck")
    f = str(tmp_path / "s.toml")
    with pytest.raises(DataError) as exc:
        scenario(tmp_path, extra='[[terrain]]\nkind = "difficult"\nrect = [5, 5, 7, 6]\n'
                                 'movable = { con = 11, size = "boat", mass = 3 }')
    assert exc.value.lines() == [
        f"{f}: terrain[0].movable.mass: unknown key (expected one of: con, size)",
        f"{f}: terrain[0].movable.con: 11 is out of range 1-10",
        f"{f}: terrain[0].movable.size: 'boat' is not one of object, car, truck, bigger",
        f"{f}: terrain[0].movable: only obstacles (low, high, blocking) can be movable, not difficult terrain",
    ]


def test_TRT_LIGHT_and_TRT_SUPER_STRENGTH_a_game_set_up_from_a_scenario_gets_its_darkness_and_movable_pieces(
        tmp_path: Path):
    """match.setup installs the scenario's darkness (a night board) and a MovedPiece per movable piece; a scenario
    with neither leaves both None."""
    from wartime.core.components import MovedPiece
    from wartime.core.rng import ScriptedDice
    from wartime.data.loader import load_army_list
    from wartime.match.setup import build_state
    lists = {s: load_army_list(ITEMS_ROOT / "scenarios" / "lists" / "brawlers.toml") for s in ("red", "blue")}
    sc = scenario(tmp_path, "night = true", '[[terrain]]\nid = "car"\nkind = "low"\nrect = [5, 9, 7, 10]\n'
                                            'movable = { con = 4 }')
    gs = build_state(sc, lists, ScriptedDice())
    assert gs.darkness.night and gs.darkness.point_dark(1.0, 1.0)
    (el,) = gs.movables.values()
    assert gs.world.get(el, MovedPiece) == MovedPiece("car", 4, "car") and gs.board is gs.scenario_board
    gs = build_state(scenario(tmp_path), lists, ScriptedDice())
    assert gs.darkness is None and gs.movables is None


# --- Súper fuerza: throwing things lying on the ground ---------------------------------------------------------------
def lying_game(dx: float = 0.1, *, charge: bool = False) -> tuple[Game, int]:
    """A red thrower (CON 5, AGI 5, MOV 1) at (10, 20), no movable pieces on the board; a rifle lying on the ground
    `dx` K beyond its base's east edge (a placed, operative charge of blue's with RNG 1 when `charge`); a blue target
    (CON 9) at (16, 20), 6 K away, facing it."""
    g = Game(M(x=10, y=20, CON=5, AGI=5), M(side="blue", x=16, y=20, facing=180.0, CON=9))
    race(g, g.ids[0], "TRT-SUPER-STRENGTH")
    x = 10 + g.gs.body(g.ids[0]).radius + dx
    if charge:
        n = g.world.create(Item("Mine", at=(x, 20.0), weapon=weapon(QUA=3, RNG=1, key="mine")),
                           PlacedCharge(g.ids[1], 1, True))
    else:
        n = g.world.create(Item("Rifle", at=(x, 20.0), weapon=weapon()))
    return g, n


def test_TRT_SUPER_STRENGTH_throws_a_thing_lying_at_its_base_with_DMG_CON_and_it_lands_at_the_target():
    """A dropped rifle at the thrower's base (no movable piece anywhere): offered; CH CON 5 (an object, no modifier,
    die 3), CH IMP (die 2), CH DEF fails (9): DMG = CON 5 (not Lanzar's DMG 2) → 5 wounds; the rifle lies in base
    contact with the target on its far side; ENE 2."""
    g, n = lying_game()
    a, b = g.ids
    assert g.gs.movables is None
    g.start_activation(a, energy=10)
    assert [o.params for o in g.engine.legal_options("throw_scenery")] == [{"piece": f"item:{n}", "target": b}]
    g.dice.push(3, 2, 9, 1)
    g.act(a, "throw_scenery", piece=f"item:{n}", target=b)
    assert [(c["kind"], c["attribute"], c["target"]) for c in g.checks()[:2]] == [("ATR", "CON", 5), ("IMP", "AGI", 5)]
    assert g.events("damage")[-1]["dmg"] == 5 and g.wounds(b) == 5 and g.energy(a) == 8
    at = g.world.get(n, Item).at
    assert at[0] == pytest.approx(16 + g.gs.body(b).radius + 0.1) and at[1] == pytest.approx(20.0)
    assert g.events("item_moved")[-1]["rule"] == "TRT-SUPER-STRENGTH"


def test_TRT_SUPER_STRENGTH_a_failed_throw_of_a_lying_thing_wounds_the_thrower_and_it_stays():
    g, n = lying_game()
    a, b = g.ids
    before = g.world.get(n, Item).at
    g.start_activation(a, energy=10)
    g.dice.push(6)
    g.act(a, "throw_scenery", piece=f"item:{n}", target=b)
    assert g.wounds(a) == 1 and g.wounds(b) == 0 and g.world.get(n, Item).at == before and g.all_dice_used()


def test_TRT_SUPER_STRENGTH_a_thrown_charge_keeps_its_owner_and_is_not_set_off_by_landing():
    """An operative blue mine (RNG 1) thrown at the blue target: the blow hits (DMG CON), the mine lies at the
    target's base, still blue's, operative, at level 1, and nothing goes off (no area event)."""
    g, n = lying_game(charge=True)
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(3, 2, 9, 1)
    g.act(a, "throw_scenery", piece=f"item:{n}", target=b)
    assert g.world.get(n, PlacedCharge) == PlacedCharge(b, 1, True) and g.wounds(b) == 5
    assert math.hypot(g.world.get(n, Item).at[0] - 16, g.world.get(n, Item).at[1] - 20) < 1
    assert not g.events("charge_set_off") and not g.events("area")


def test_TRT_SUPER_STRENGTH_a_thing_out_of_reach_or_without_the_trait_is_not_thrown():
    """A rifle 1 K beyond the base's edge is not offered and is refused naming the rule; without Súper fuerza
    nothing is offered; a name that is nothing lying on the ground is refused."""
    g, n = lying_game(dx=1.0)
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert not list(g.engine.legal_options("throw_scenery"))
    assert violation(g.engine.check_action, a, "throw_scenery", {"piece": f"item:{n}", "target": b}).rule_id == \
        "TRT-SUPER-STRENGTH"
    g, n = lying_game()
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "throw_scenery", {"piece": f"item:{n + 99}", "target": b}).rule_id \
        == "TRT-SUPER-STRENGTH"
    g = Game(M(x=10, y=20), M(side="blue", x=16, y=20, facing=180.0))
    g.world.create(Item("Rifle", at=(10.6, 20.0), weapon=weapon()))
    g.start_activation(g.ids[0], energy=10)
    assert not list(g.engine.legal_options("throw_scenery"))


def adv_shield(level: int) -> TraitedProtection:
    return TraitedProtection("a", "A", 0, 0, 0, 5, traits=("TRT-ADVANCED-ENERGY-SHIELD",),
                             levels=(("TRT-ADVANCED-ENERGY-SHIELD", level, level),))


def test_TRT_DARKNESS_FIELD_cancels_advanced_energy_shield_levels_too_N_in_all():
    """A level 2 bearer shot dead: a mini within 2 K with Escudo de energía 1 and Escudo de energía avanzado 3 loses
    the plain level, then one advanced level (2 in all); one with only an advanced shield 3 loses 2."""
    g = Game(M(x=10, y=20, AGI=5, weapons=(weapon(DMG=12),)), M(side="blue", x=20, y=20, facing=180.0, CON=2),
             M(side="blue", x=23, y=20, protections=(shield(1), adv_shield(3))),
             M(x=20, y=23, protections=(adv_shield(3),)))
    a, bearer, both, adv = g.ids
    race_field(g, bearer)
    g.start_activation(a, energy=10)
    g.dice.push(1, 10)                                     # a critical hit, a failed CH DEF: dead
    g.act(a, "ranged_attack", target=bearer, weapon=0)
    assert g.world.get(bearer, Life).state == "dead"
    worn = g.gs.equipment(both).protections
    assert (worn[0].level("TRT-ENERGY-SHIELD"), worn[1].level("TRT-ADVANCED-ENERGY-SHIELD")) == (0, 2)
    assert g.gs.equipment(adv).protections[0].level("TRT-ADVANCED-ENERGY-SHIELD") == 1


def test_TRT_DARKNESS_FIELD_a_death_of_no_attack_explodes_too():
    """A level 2 bearer (CON 1) fumbles a shot with corrosive ammunition: the CMB-8 self-hit (CH DEF failed) leaves it
    incapacitated, the corrosive wound with no CH DEF kills it: dead of no attack, the field explodes: a red mini 2 K
    away with a level 3 shield keeps 1."""
    g = Game(M(x=10, y=20, AGI=5, CON=1, weapons=(weapon(DMG=3, traits=("TRT-CORROSIVE-AMMO",)),)),
             M(side="blue", x=20, y=20, facing=180.0), M(x=10, y=22, protections=(shield(3),)))
    bearer, target, near = g.ids
    race_field(g, bearer)
    g.start_activation(bearer, energy=10)
    g.dice.push(10, 5)                                     # a fumbled CH IMP; the self-hit's CH DEF fails
    g.act(bearer, "ranged_attack", target=target, weapon=0)
    assert g.world.get(bearer, Life).state == "dead"
    assert [ev["rule"] for ev in g.events("wounds") if ev["who"] == bearer] == ["CMB-4", "TRT-CORROSIVE-AMMO"]
    assert g.gs.equipment(near).protections[0].level("TRT-ENERGY-SHIELD") == 1
    assert [ev["rule"] for ev in g.events("trait_level")] == ["TRT-DARKNESS-FIELD"] * 2
