"""MOV-10, MOV-11, MOV-12: altitude levels."""
import math

import pytest

from wartime.geometry.board import Board
from wartime.geometry.heights import blocks_at_elevation, can_interact, elevation, elevation_at
from wartime.geometry.measure import edge_distance


def test_MOV_10_elevations():
    assert elevation(2) == 3.0
    assert elevation(2, surface=2.0) == 5.0
    assert elevation(1, surface=2.0) == 2.0
    assert elevation(3) is None and elevation(4) is None and elevation(-1) is None
    assert elevation_at(Board(10, 10, []), 2, 5, 5) == 3.0
    with pytest.raises(ValueError):
        elevation(0)
    assert blocks_at_elevation(3.0, 0.0, 3.0) and not blocks_at_elevation(2.0, 0.0, 3.0)


def test_MOV_11_interaction_only_within_the_same_level():
    assert not can_interact(1, 3, ranged=True)        # rifleman vs aircraft
    assert not can_interact(1, 2, ranged=False)       # charging a flyer
    assert can_interact(3, 3, ranged=False)
    assert not can_interact(-1, 1, ranged=True)


def test_MOV_12_levels_1_and_2_interact_at_range():
    assert can_interact(1, 2, ranged=True) and can_interact(2, 1, ranged=True)
    assert math.isclose(edge_distance(0, 0, 0.5, elevation(2), 5, 0, 0.5, elevation(1)), 5.0)
