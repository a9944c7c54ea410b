"""TRT-FISH's dive (a fish may stay under the water, MOV-10 level −1) and TRT-SPIDER's walk over a wall (issue 12):
each set up with scripted dice (or none: both traits roll nothing) and checked against the trait's ruling."""
from __future__ import annotations

import pytest

from rules_helpers import Game, M, blade, piece, violation, weapon
from test_rules_terrain_moves import LAKE
from test_rules_traits_combat import race
from wartime.core.components import Position
from wartime.geometry import heights
from wartime.rules.options import legal_options


def fish_game(*more: M, x: float = 11.0, **kw):
    """A MOV 4 fish at the lake's edge (the lake is x 12..30, y 10..30) and a blue rifleman on the bank."""
    g = Game(M(x=x, y=20, AGI=1, mov=4, **kw), M(side="blue", x=35, y=20, facing=180.0, weapons=(weapon(),)),
             *more, **LAKE)
    race(g, g.ids[0], "TRT-FISH")
    return g


def test_TRT_FISH_geometry_base_and_path_under_the_water():
    g = fish_game()
    assert heights.base_underwater(g.board, 15, 20, 0.5) and not heights.base_underwater(g.board, 12.2, 20, 0.5)
    assert heights.path_in_water(g.board, [(15, 20), (20, 20)])
    assert not heights.path_in_water(g.board, [(15, 20), (15, 35)])


def test_TRT_FISH_ends_its_swim_under_the_water_level_minus_1():
    """A fish swims 4 K (ENE 1, no CH AGI) and goes under at the end: level −1, a 'underwater' event."""
    g = fish_game()
    a, _ = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "swim", path=[[15, 20]], depth="underwater")
    assert g.energy(a) == 9 and g.checks() == [] and g.pos(a) == (15, 20)
    assert g.world.get(a, Position).level == -1
    assert g.events("underwater", rule="TRT-FISH")


def test_TRT_FISH_under_the_water_it_cannot_be_shot_nor_shoot_from_the_bank():
    """MOV-11 at level −1: the rifleman on the bank has the fish in its FOV and range, but cannot target it, and no
    ranged attack on it is a legal option; it comes up (depth: surface) and can be shot again."""
    g = fish_game()
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "swim", path=[[15, 20]], depth="underwater")
    g.start_activation(b, energy=10)
    assert violation(g.act, b, "ranged_attack", target=a, weapon=0).rule_id == "MOV-11"
    assert not [o for o in legal_options(g.engine, "ranged_attack") if o.params.get("target") == a]
    g.start_activation(a, energy=10)
    g.act(a, "swim", path=[[16, 20]], depth="surface")
    assert g.world.get(a, Position).level == 1 and g.events("surfaced", rule="TRT-FISH")
    g.start_activation(b, energy=10)
    assert [o for o in legal_options(g.engine, "ranged_attack") if o.params.get("target") == a]


def test_TRT_FISH_only_a_fish_stays_under_the_water():
    g = Game(M(x=11, y=20, AGI=6, mov=4), M(side="blue", x=35, y=35), **LAKE)
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "swim", path=[[15, 20]], depth="underwater").rule_id == "TRT-FISH"
    assert not [o for o in legal_options(g.engine, "swim") if o.params.get("depth")]


def test_TRT_FISH_its_whole_base_must_end_inside_the_water():
    """Base radius 0.5: a dive ending with its centre 0.2 K inside the lake's edge is refused; 0.5 K in is fine."""
    g = fish_game()
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "swim", path=[[12.2, 20]], depth="underwater").rule_id == "TRT-FISH"
    g.act(a, "swim", path=[[12.5, 20]], depth="underwater")
    assert g.world.get(a, Position).level == -1


def test_TRT_FISH_under_the_water_it_moves_only_by_swimming_inside_the_water():
    """Level −1: Mover is refused (it swims); an underwater swim stays at level −1 by default and may not cross dry
    land; a swim that comes up may end on the bank, at level 1."""
    g = fish_game(x=15)
    a, _ = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "swim", path=[[15, 20]], depth="underwater")                   # dive where it is
    assert g.world.get(a, Position).level == -1
    assert violation(g.act, a, "move", path=[[16, 20]]).rule_id == "TRT-FISH"
    g.act(a, "swim", path=[[18, 20]])
    assert g.pos(a) == (18, 20) and g.world.get(a, Position).level == -1
    g.world.set(a, Position(25, 28, 0.0, level=-1))
    assert violation(g.act, a, "swim", path=[[25, 31]], depth="underwater").rule_id == "TRT-FISH"
    g.act(a, "swim", path=[[25, 31]], depth="surface")
    assert g.pos(a) == (25, 31) and g.world.get(a, Position).level == 1


def test_TRT_FISH_two_fish_under_the_water_meet_there():
    """MOV-11: two minis at level −1 interact: a fish under the water may attack another one in base contact, and
    a base already under the water is in the way of a dive (BAS-2)."""
    g = Game(M(x=15, y=20, mov=4, weapons=(blade(),)), M(side="blue", x=16, y=20), **LAKE)
    a, b = g.ids
    race(g, a, "TRT-FISH")
    race(g, b, "TRT-FISH")
    g.world.set(b, Position(16, 20, 180.0, level=-1))
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "swim", path=[[16.2, 20]], depth="underwater").rule_id == "BAS-2"
    g.act(a, "swim", path=[[15, 20]], depth="underwater")
    assert g.gs.in_contact(a, b)
    assert [o for o in legal_options(g.engine, "melee_attack") if o.params.get("target") == b]


def test_TRT_FISH_an_engaged_fish_cannot_dive_away():
    g = Game(M(x=15, y=20, mov=4), M(side="blue", x=16, y=20, weapons=(blade(),)), **LAKE)
    a, b = g.ids
    race(g, a, "TRT-FISH")
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "swim", path=[[15, 20]], depth="underwater").rule_id == "CBA-15"


def test_TRT_FISH_the_engine_offers_the_dive_and_the_way_up():
    g = fish_game(x=15)
    a, _ = g.ids
    g.start_activation(a, energy=10)
    dives = [o for o in legal_options(g.engine, "swim") if o.params.get("depth") == "underwater"]
    assert {"path": [[15.0, 20.0]], "depth": "underwater"} in [o.params for o in dives] and len(dives) > 1
    g.act(a, "swim", path=[[15, 20]], depth="underwater")
    ups = [o.params for o in legal_options(g.engine, "swim") if o.params.get("depth") == "surface"]
    assert {"path": [[15.0, 20.0]], "depth": "surface"} in ups
