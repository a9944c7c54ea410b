"""TRT-FISH's dive (a fish may stay under the water, MOV-10 level −1) and TRT-SPIDER's walk over a wall (issue 12):
each set up with scripted dice (or none: both traits roll nothing) and checked against the trait's ruling."""
from __future__ import annotations

import pytest

from rules_helpers import Game, M, blade, piece, violation, weapon
from test_rules_terrain_moves import climbable
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


# --- Araña: over the walls ------------------------------------------------------------------------------------------
#: a 2 K high wall, 0.5 K thick, across the way (x 15..15.5), climbable; a blocking tower that is not
WALL = climbable("wall", "high", 15, 5, 15.5, 35, height=2.0, blocks_los=True)
TOWER = piece("tower", "blocking", 15, 36, 18, 39, height=5.0, blocks_los=True)


def spider_game(mov: int = 8, **kw):
    g = Game(M(x=12, y=20, AGI=1, mov=mov, **kw), M(side="blue", x=35, y=5), pieces=[WALL, TOWER])
    race(g, g.ids[0], "TRT-SPIDER")
    return g


def test_TRT_SPIDER_geometry_the_K_up_and_down_the_faces():
    from wartime.geometry.walls import over_walls, wall_climb
    g = spider_game()
    assert wall_climb(g.board, [(12, 20), (19, 20)], 0.5, 0.75).k == 4.0
    assert wall_climb(g.board, [(12, 20), (14, 20)], 0.5, 0.75).k == 0.0
    end_on = wall_climb(g.board, [(12, 20), (15.2, 20)], 0.5, 0.75)
    assert end_on.k == 2.0 and end_on.ends_on == "wall"
    assert [p.id for p in over_walls(g.board, 0.75).pieces] == ["tower"]


def test_TRT_SPIDER_moves_over_a_wall_as_easy_terrain():
    """Mover (ENE 1, no check) 7 K east over the 2 K wall: 7 K flat + 2 K up + 2 K down = 11 K > MOV 8: refused
    (MOV-3); 4 K flat + 4 K of faces = 8 K: it ends beyond the wall, ENE 1 paid, no surcharge, no roll. A plain
    character is stopped by the wall (MOV-9)."""
    g = spider_game()
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "move", path=[[19, 20]]).rule_id == "MOV-3"
    g.act(a, "move", path=[[16, 20]])
    assert g.pos(a) == (16, 20) and g.energy(a) == 9 and g.checks() == [] and g.all_dice_used()
    assert g.events("moved")[-1]["length"] == pytest.approx(8.0)
    g = Game(M(x=12, y=20, mov=8), M(side="blue", x=35, y=5), pieces=[WALL, TOWER])
    g.start_activation(g.ids[0], energy=10)
    assert violation(g.act, g.ids[0], "move", path=[[16, 20]]).rule_id == "MOV-9"


def test_TRT_SPIDER_a_move_ends_on_the_ground_and_a_piece_that_is_not_climbable_still_stops_it():
    g = spider_game()
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "move", path=[[15.2, 20]]).rule_id == "TRT-SPIDER"
    g.world.set(a, Position(16.5, 33, 90.0))
    assert violation(g.act, a, "move", path=[[16.5, 37.5]]).rule_id == "MOV-9"


def test_TRT_SPIDER_run_and_its_legal_moves_go_over_the_wall():
    """Correr works so too, and the engine's legal Mover options include ends beyond the wall (east)."""
    g = spider_game()
    a, _ = g.ids
    g.start_activation(a, energy=10)
    east = [o for o in legal_options(g.engine, "move") if o.params["path"][-1][0] > 15.5]
    assert east
    assert violation(g.act, a, "run", path=[[18, 20]]).rule_id == "MOV-3"          # 6 + 4 K: over its 9 K
    g.act(a, "run", path=[[17, 20]])
    assert g.pos(a) == (17, 20) and g.checks() == []


def test_TRT_SPIDER_walks_down_from_a_face_or_a_top_with_a_move():
    """Escalar 4 K up the 6 K cliff (x 11..14): from the face a Mover 3.5 K west costs 3.5 + 4 K down = 7.5 K
    (MOV 8: 8 K would be over), and it stands on the ground (no Climbing). Up on the cliff's top (6 K), a move
    east off it counts 6 K down: 1.5 K flat + 6 = 7.5 K. A plain climber on the face cannot move (MVA-10)."""
    from test_rules_terrain_moves import CLIFF
    from wartime.core.components import Climbing
    g = Game(M(x=10.5, y=20, AGI=1, mov=8), M(side="blue", x=35, y=35), pieces=[CLIFF])
    a, _ = g.ids
    race(g, a, "TRT-SPIDER")
    g.start_activation(a, energy=10)
    g.world.set(a, Climbing("cliff", 4.0))
    assert violation(g.act, a, "move", path=[[6, 20]]).rule_id == "MOV-3"
    g.act(a, "move", path=[[7, 20]])
    assert g.pos(a) == (7, 20) and not g.world.has(a, Climbing) and g.gs.elevation(a) == 0.0
    assert g.events("moved")[-1]["length"] == pytest.approx(7.5)
    g.world.set(a, Position(13.0, 20, 0.0))
    g.world.set(a, Climbing("cliff", 6.0))
    assert g.gs.elevation(a) == 6.0
    g.act(a, "move", path=[[14.5, 20]])
    assert g.events("moved")[-1]["length"] == pytest.approx(7.5) and not g.world.has(a, Climbing)
    g = Game(M(x=10.5, y=20, mov=8), M(side="blue", x=35, y=35), pieces=[CLIFF])
    g.start_activation(g.ids[0], energy=10)
    g.world.set(g.ids[0], Climbing("cliff", 4.0))
    assert violation(g.act, g.ids[0], "move", path=[[7, 20]]).rule_id == "MVA-10"


def test_TRT_SPIDER_goes_along_a_face_and_stops_at_a_height_on_it():
    """Clinging 1 K up the 2 K wall (its base at x 14.5, touching the face x = 15): Escalar along the face 4 K north
    and 0.5 K up = 4.5 K (MOV 8): ENE 1, no check, it clings 1.5 K up at (14.5, 24); 8 K along + 0.5 up is over
    MOV (MOV-3); a spot off the face is refused; the engine offers spots along the face; a plain climber cannot."""
    from wartime.core.components import Climbing
    g = spider_game()
    a, _ = g.ids
    g.world.set(a, Position(14.5, 20, 0.0))
    g.world.set(a, Climbing("wall", 1.0))
    g.start_activation(a, energy=10)
    along = [o.params for o in legal_options(g.engine, "climb") if "to" in o.params]
    assert along and all(p["piece"] == "wall" and p["height"] == 1.0 for p in along)
    assert violation(g.act, a, "climb", piece="wall", to=[14.5, 28], height=1.5).rule_id == "MOV-3"
    assert violation(g.act, a, "climb", piece="wall", to=[12, 24], height=1.5).rule_id == "TRT-SPIDER"
    g.act(a, "climb", piece="wall", to=[14.5, 24], height=1.5)
    assert g.pos(a) == (14.5, 24) and g.world.get(a, Climbing) == Climbing("wall", 1.5)
    assert g.energy(a) == 9 and g.checks() == [] and g.gs.elevation(a) == 1.5
    g.act(a, "climb", piece="wall", height=0.5)                       # straight down the face, where it is
    assert g.world.get(a, Climbing) == Climbing("wall", 0.5) and g.pos(a) == (14.5, 24)
    g = Game(M(x=14.5, y=20, mov=8), M(side="blue", x=35, y=5), pieces=[WALL, TOWER])
    g.world.set(g.ids[0], Climbing("wall", 1.0))
    g.start_activation(g.ids[0], energy=10)
    assert violation(g.act, g.ids[0], "climb", piece="wall", to=[14.5, 24], height=1.0).rule_id == "TRT-SPIDER"
