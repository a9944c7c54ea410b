"""BAS-4, ARE-8, ARE-9: dispersion of points and bases."""
import math

import numpy as np
from hypothesis import given, settings, strategies as st
from shapely.geometry import Point, box

from wartime.geometry.board import Board, TerrainPiece
from wartime.geometry.scatter import dispersion_dice, displace_base, scatter_point


def test_BAS_4_point_dispersion():
    b = Board(30, 30, [])
    r = scatter_point(b, 10, 10, [7], 90)
    assert (r.x, r.y, r.distance, r.on_board) == (10, 17, 7, True)


def test_ARE_9_number_of_dice_and_distance():
    assert dispersion_dice(31) == 3
    assert dispersion_dice(4) == 1
    assert dispersion_dice(0) == 1
    assert dispersion_dice(15) == 1 and dispersion_dice(15.01) == 2
    assert dispersion_dice(30.000000000000004) == 2
    b = Board(48, 48, [])
    r = scatter_point(b, 10, 10, [2, 5, 9], 0)
    assert r.distance == 16 and (r.x, r.y) == (26, 10)


def test_ARE_9_off_board_point_is_lost():
    b = Board(30, 30, [])
    assert not scatter_point(b, 25, 10, [7], 0).on_board
    assert scatter_point(b, 23, 10, [7], 0).on_board       # exactly on the edge counts as on the board


def test_BAS_4_base_stops_at_contact_obstacle_or_edge():
    b = Board(30, 30, [TerrainPiece("wall", "low", box(15, 0, 15.2, 30), 1.5, True, 0),
                       TerrainPiece("fence", "low", box(12, 0, 12.1, 30), 0.5, True, 0)])
    d = displace_base(b, 10, 10, 0.5, 8, 0, 0.75)
    assert d.stopped_by == "obstacle" and b.pieces[d.blocker].id == "wall"
    assert math.isclose(d.x, 14.5)           # the low fence is crossed, the 1.5 K wall stops it
    d = displace_base(b, 10, 10, 0.5, 8, 0, 0.75, others=[(13, 10.5, 0.5)])
    assert d.stopped_by == "contact" and d.blocker == 0
    assert math.isclose(math.hypot(d.x - 13, d.y - 10.5), 1.0)
    d = displace_base(b, 10, 10, 0.5, 30, 90, 0.75)
    assert d.stopped_by == "edge" and (d.x, d.y) == (10, 29.5)
    d = displace_base(b, 10, 10, 0.5, 3, 90, 0.75)
    assert d.stopped_by is None and (d.x, d.y) == (10, 13)
    # a giant steps over the 1.5 K wall
    d = displace_base(b, 10, 10, 1.0, 8, 0, 2.25)
    assert d.stopped_by is None and d.x == 18


@settings(max_examples=200, deadline=None)
@given(st.floats(0.5, 29.5), st.floats(0.5, 29.5), st.integers(1, 30), st.floats(0, 360),
       st.lists(st.tuples(st.floats(0, 30), st.floats(0, 30), st.floats(0.3, 1.5)), max_size=5))
def test_BAS_4_displaced_base_never_leaves_the_board_nor_overlaps(x, y, dist, ang, others):
    b = Board(30, 30, [TerrainPiece("house", "blocking", box(14, 14, 18, 18), 3, True, 0)])
    start_free = [o for o in others if math.hypot(o[0] - x, o[1] - y) >= 0.5 + o[2]]
    if Point(x, y).buffer(0.5).intersection(b.pieces[0].polygon).area > 0:
        return
    d = displace_base(b, x, y, 0.5, dist, ang, 0.75, others=start_free)
    assert b.disc_inside(d.x, d.y, 0.5)
    assert d.travelled <= dist + 1e-9
    for ox, oy, orad in start_free:
        assert math.hypot(d.x - ox, d.y - oy) >= 0.5 + orad - 1e-6
    assert Point(d.x, d.y).distance(b.pieces[0].polygon) >= 0.5 - 1e-6
