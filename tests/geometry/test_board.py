"""Board construction, queries and pickling (Preface geometry, MOV-3)."""
import pickle

import numpy as np
import pytest
from hypothesis import given, strategies as st
from shapely.geometry import Point, Polygon, box

from wartime.geometry.board import Board, TerrainPiece, convex_parts
from wartime.geometry.sight import cover_query


class Spec:
    def __init__(self, **kw):
        self.__dict__.update(kw)


def make_board():
    return Board.from_specs(24, 24, [
        Spec(id="wall", kind="high", polygon=((8.9, 2), (9.1, 2), (9.1, 6), (8.9, 6)), height=1.5,
             blocks_los=True, defense=3),
        Spec(id="mud", kind="difficult", polygon=((0, 10), (5, 10), (5, 15), (0, 15)), height=0.0,
             blocks_los=False, defense=0),
        Spec(id="L", kind="blocking", polygon=((12, 12), (16, 12), (16, 13), (13, 13), (13, 16), (12, 16)),
             height=3.0, blocks_los=True, defense=5),
    ])


def test_MOV_3_disc_inside_board():
    b = make_board()
    assert b.disc_inside(0.5, 0.5, 0.5)
    assert not b.disc_inside(0.4, 5, 0.5)
    assert b.disc_inside(23.5, 23.5, 0.5)
    assert not b.disc_inside(23.6, 10, 0.5)


def test_pieces_at_and_surface():
    b = make_board()
    assert [p.id for p in b.pieces_at(9.0, 3.0)] == ["wall"]
    assert [p.id for p in b.pieces_at(2.0, 12.0)] == ["mud"]
    assert b.pieces_at(20, 20) == []
    assert [p.id for p in b.pieces_at(14.5, 14.5)] == []        # inside the L's notch
    assert b.surface_height(9.0, 3.0) == 0.0


def test_invalid_terrain_is_refused():
    with pytest.raises(ValueError, match="kind"):
        Board(10, 10, [TerrainPiece("a", "forrest", box(0, 0, 1, 1), 0, False, 0)])
    with pytest.raises(ValueError, match="duplicate"):
        Board(10, 10, [TerrainPiece("a", "low", box(0, 0, 1, 1), 0.5, False, 0)] * 2)
    with pytest.raises(ValueError, match="valid"):
        Board(10, 10, [TerrainPiece("a", "low", Polygon([(0, 0), (1, 1), (1, 0), (0, 1)]), 0.5, False, 0)])


def test_pickle_rebuilds_prepared_geometry():
    b = make_board()
    b2 = pickle.loads(pickle.dumps(b))
    assert b2.width == 24 and [p.id for p in b2.pieces] == ["wall", "mud", "L"]
    assert [p.id for p in b2.pieces_at(9.0, 3.0)] == ["wall"]
    eye = (0.0, 4.0, 1.0)
    t = np.array([[15.0, 4.0, 0.5, 0.0, 1.0], [17.0, 17.5, 0.5, 0.0, 1.0]])
    assert cover_query(b, eye, t) == cover_query(b2, eye, t)
    assert len(b2.tree.query(Point(9, 3))) == 1


def test_convex_parts_cover_the_polygon():
    L = Polygon([(0, 0), (4, 0), (4, 1), (1, 1), (1, 4), (0, 4)])
    parts = convex_parts(L)
    assert len(parts) == 2
    assert sum(Polygon(p).area for p, _ in parts) == pytest.approx(L.area)
    ring = box(0, 0, 4, 4).difference(box(1, 1, 3, 3))
    parts = convex_parts(ring)
    assert sum(Polygon(p).area for p, _ in parts) == pytest.approx(ring.area)
    for p, _ in parts:
        assert Polygon(p).convex_hull.area == pytest.approx(Polygon(p).area)


@given(st.floats(-2, 26), st.floats(-2, 26), st.floats(0.05, 3))
def test_MOV_3_disc_inside_matches_shapely(x, y, r):
    b = Board(24, 24, [])
    exact = box(0, 0, 24, 24).buffer(1e-7).contains(Point(x, y).buffer(r, quad_segs=64))
    clear_in = box(0, 0, 24, 24).buffer(-1e-6).contains(Point(x, y).buffer(r * (1 + 1e-6) + 1e-6, quad_segs=64))
    if clear_in:
        assert b.disc_inside(x, y, r)
    if not exact:
        assert not b.disc_inside(x, y, r)


def test_ENV_2_board_without_a_piece_is_kept_and_answers_as_a_fresh_board():
    """TRT-MAGIC-TELEKINESIS / TRT-SUPER-STRENGTH: a lifted piece neither blocks nor covers; `Board.without` builds
    that board once per piece (issue 20) and answers every sight question as a board built without it."""
    b = make_board()
    lifted = b.without("wall")
    assert lifted is b.without("wall")                          # kept, with its memos
    assert [p.id for p in lifted.pieces] == ["mud", "L"]
    assert b.without("no such piece") is b
    fresh = Board(b.width, b.height, [p for p in b.pieces if p.id != "wall"], b.grid)
    eye = (5.0, 4.0, 1.2)
    rows = np.array([(13.0, 4.0, 0.5, 0.0, 1.5), (14.5, 17.0, 0.5, 0.0, 1.5)], dtype=float)
    assert not cover_query(b, eye, rows)[0].has_los or cover_query(b, eye, rows)[0].hidden_fraction > 0
    assert [(c.has_los, c.hidden_fraction) for c in cover_query(lifted, eye, rows)] == \
        [(c.has_los, c.hidden_fraction) for c in cover_query(fresh, eye, rows)]
    assert cover_query(lifted, eye, rows)[0].hidden_fraction == 0.0   # the wall no longer hides the target
    assert [p.id for p in pickle.loads(pickle.dumps(lifted)).pieces] == ["mud", "L"]
