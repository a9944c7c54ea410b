"""MOV-15, MOV-16: the optional square grid."""
import pytest

from wartime.geometry.grid import (chebyshev, covered_squares, diagonal_step_legal, edge_distance, footprint,
                                   move_cost, path_cost, square_centre, square_of, squares_per_side)
from wartime.geometry.templates import round_template


def test_MOV_15_chebyshev_costs():
    assert move_cost((0, 0), (3, 2)) == 3
    assert chebyshev((1, 5), (4, 1)) == 4
    assert path_cost([(0, 0), (1, 1), (2, 2), (3, 2)]) == 3
    with pytest.raises(ValueError):
        path_cost([(0, 0), (2, 0)])


def test_MOV_15_squares_and_bases():
    assert squares_per_side(1) == 1 and squares_per_side(2.5) == 3 and squares_per_side(0.4) == 1
    assert footprint((2, 3), 2) == ((2, 3), (2, 4), (3, 3), (3, 4))
    assert edge_distance([(0, 0)], [(1, 1)]) == 0          # adjacent: base contact
    assert edge_distance([(0, 0)], [(3, 1)]) == 2
    assert edge_distance(footprint((0, 0), 2), [(4, 0)]) == 2
    assert square_of(3.7, 2.0) == (3, 2) and square_centre((3, 2)) == (3.5, 2.5)


def test_MOV_15_areas_cover_squares_by_centre():
    t = round_template(5.5, 5.5, 3)
    sq = [(i, j) for i in range(3, 9) for j in range(3, 9)]
    cov = covered_squares(t, sq)
    assert (5, 5) in cov and (4, 5) in cov and (4, 4) in cov and (3, 5) not in cov


def test_MOV_16_diagonal_needs_both_side_squares_free():
    occupied = {(1, 0)}
    free = lambda s: s not in occupied
    assert not diagonal_step_legal((0, 0), (1, 1), free)
    assert diagonal_step_legal((0, 0), (-1, 1), free)
    assert diagonal_step_legal((0, 0), (1, 0), lambda s: True)
