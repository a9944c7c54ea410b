"""The optional square grid through the rules (MOV-15, MOV-16): square-by-square paths, 1 K per step,
Chebyshev distances, the diagonal rule, areas covering square centres, and deployment on whole squares."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from rules_helpers import Game, M, piece, violation, weapon
from wartime.core.rng import ScriptedDice
from wartime.data.models import ArmyList, Unit
from wartime.geometry.board import Board


def grid_game(*minis: M, pieces=()) -> Game:
    """A Game on a 40 × 40 board played on the square grid (a scenario with grid = true)."""
    g = Game(*minis, pieces=pieces)
    g.board = Board(g.board.width, g.board.height, list(pieces), grid=True)
    g.gs.board = g.board
    return g


def test_MOV_15_each_step_costs_1_K_and_distances_are_Chebyshev():
    """MOV-15: moving from square (0, 0) to square (3, 2) costs 3 K (3 steps, diagonals included); the
    distance between two humans on squares (0, 0) and (3, 2) is max(3, 2) − 1 = 2 K (edge to edge)."""
    g = grid_game(M(x=0.5, y=0.5), M(side="blue", x=30.5, y=30.5))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "sprint", path=[[1.5, 1.5], [2.5, 2.5], [3.5, 2.5]])
    assert g.pos(a) == (3.5, 2.5) and g.events("moved")[0]["length"] == 3.0
    g2 = grid_game(M(x=0.5, y=0.5), M(side="blue", x=3.5, y=2.5))
    assert g2.gs.distance(*g2.ids) == 2.0


def test_MOV_15_a_path_goes_square_by_square_through_square_centres():
    """MOV-15: every point of a grid path is a square centre, one step (side or corner) from the previous."""
    g = grid_game(M(x=5.5, y=5.5), M(side="blue", x=30.5, y=30.5))
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "move", {"path": [[6.2, 5.5]]}).rule_id == "MOV-15"
    assert violation(g.engine.check_action, a, "run", {"path": [[7.5, 5.5]]}).rule_id == "MOV-15"
    assert violation(g.engine.check_action, a, "move", {"path": [[6.5, 5.5], [7.5, 5.5]]}).rule_id == "MOV-3"
    assert g.engine.check_action(a, "run", {"path": [[6.5, 6.5], [7.5, 5.5]]}) == 2


def test_MOV_16_a_diagonal_step_needs_both_side_squares_free():
    """MOV-16: a step from (0, 0) to (1, 1) is illegal if square (1, 0) holds a mini, even an ally, or terrain
    that blocks movement; with both free it is legal."""
    g = grid_game(M(x=0.5, y=0.5), M(x=1.5, y=0.5, name="ally"), M(side="blue", x=30.5, y=30.5))
    a, ally, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "move", {"path": [[1.5, 1.5]]}).rule_id == "MOV-16"
    g2 = grid_game(M(x=0.5, y=0.5), M(side="blue", x=30.5, y=30.5),
                   pieces=[piece("rock", "high", 0, 1, 1, 2, height=1.5, blocks_los=True)])
    g2.start_activation(g2.ids[0], energy=10)
    assert violation(g2.engine.check_action, g2.ids[0], "move", {"path": [[1.5, 1.5]]}).rule_id == "MOV-16"
    g3 = grid_game(M(x=0.5, y=0.5), M(side="blue", x=30.5, y=30.5))
    g3.start_activation(g3.ids[0], energy=10)
    assert g3.engine.check_action(g3.ids[0], "move", {"path": [[1.5, 1.5]]}) == 1


def test_MOV_15_terrain_and_bases_count_by_square():
    """MOV-15 / MOV-7 / BAS-2: a square whose centre is in difficult ground costs +1 ENE; a square held by
    another base cannot be entered; adjacent squares are base contact (engaged)."""
    mud = piece("mud", "difficult", 6, 5, 7, 6)
    g = grid_game(M(x=5.5, y=5.5), M(side="blue", x=8.5, y=5.5, facing=180.0), pieces=[mud])
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "move", {"path": [[6.5, 5.5]]}) == 2
    assert violation(g.engine.check_action, a, "sprint",
                     {"path": [[6.5, 5.5], [7.5, 5.5], [8.5, 5.5]]}).rule_id == "BAS-2"
    g.act(a, "run", path=[[6.5, 5.5], [7.5, 5.5]])
    assert g.gs.in_contact(a, b) and g.gs.engaged(a)
    assert g.events("moved")[0]["engaged"] == [b]


def test_MOV_15_a_large_base_takes_n_by_n_squares():
    """MOV-15: a base of diameter 1.5 (BAS-5: 2) occupies 2 × 2 squares, centred on their shared corner."""
    g = grid_game(M(x=5, y=5, size=1.5), M(side="blue", x=8.5, y=5.5))
    a, b = g.ids
    assert g.gs.squares(a) == ((4, 4), (4, 5), (5, 4), (5, 5))
    assert g.gs.distance(a, b) == 2.0                        # squares 5 and 8 along x: Chebyshev 3 − 1
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "move", {"path": [[5.5, 5]]}).rule_id == "MOV-15"
    assert g.engine.check_action(a, "run", {"path": [[6, 5]]}) == 2


def test_MOV_15_an_area_covers_the_squares_whose_centre_it_contains():
    """MOV-15: an R2 (radius 1) on a square centre covers only that square (the neighbours' centres are 1 K
    away, on its edge): the target is fully covered, a mini on the next square not at all."""
    g = grid_game(M(x=10.5, y=20.5, VOL=7, weapons=(weapon(area="R2", traits=("TRT-AREA",)),)),
                  M(side="blue", x=20.5, y=20.5, CON=9), M(side="blue", x=21.5, y=20.5, CON=9))
    a, t, n = g.ids
    g.dice = ScriptedDice(rolls=(3, 5, 2))
    g.world.dice = g.dice
    g.start_activation(a, energy=10)
    g.act(a, "ranged_attack", target=t, weapon=0)
    assert [(h["target"], h["coverage"]) for h in g.events("hit")] == [(t, "full")]


def test_MOV_15_deployment_puts_bases_on_whole_squares():
    """MOV-15: on a grid scenario every base is deployed on the centre of its block of squares."""
    from wartime.match.setup import build_state
    from rules_helpers import race
    from wartime.data.models import CharacterSpec
    human = CharacterSpec(id="h", name="H", race=race())
    ogre = CharacterSpec(id="o", name="O", race=race(size=1.5))
    scenario = SimpleNamespace(board_width=20.0, board_height=20.0, terrain=(), grid=True, turn_limit=8,
                               victory="elimination", perches=(),
                               deployment={"red": ((0, 0), (20, 0), (20, 5), (0, 5)),
                                           "blue": ((0, 15), (20, 15), (20, 20), (0, 20))})
    lists = {s: ArmyList(name=s, path=Path(f"{s}.toml"), units=(Unit(character=human, count=2), Unit(character=ogre)))
             for s in ("red", "blue")}
    gs = build_state(scenario, lists, ScriptedDice())
    for e in gs.minis():
        p = gs.pos(e)
        n = 2 if gs.body(e).radius > 0.5 else 1
        assert (p.x - n / 2) % 1 == 0 and (p.y - n / 2) % 1 == 0, (p.x, p.y)
    squares = [sq for e in gs.minis() for sq in gs.squares(e)]
    assert len(squares) == len(set(squares))
