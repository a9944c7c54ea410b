"""ENV-6, ENV-7, ENV-8, REA-6, REA-7: who hears a noise."""
from shapely.geometry import box

from wartime.geometry.board import Board, TerrainPiece
from wartime.geometry.noise import hear, heard_mask, muffle


def open_board():
    return Board(40, 40, [])


def test_ENV_6_rifle_heard_within_8K():
    # DMG 4 → 8 K; source base at (10, 10), listeners' edges 8 and 8.1 K away
    h = heard_mask(open_board(), 10, 10, 0.5, 2 * 4, [19, 19.1], [10, 10], 0.5)
    assert h.tolist() == [True, False]


def test_ENV_7_and_REA_6_movement_noise():
    # a 2 K Correr is heard within 4 K; a 3 K one within 6 K
    assert heard_mask(open_board(), 10, 10, 0.5, 2 * 2, [15, 15.1], [10, 10], 0.5).tolist() == [True, False]
    assert heard_mask(open_board(), 10, 10, 0.5, 2 * 3, [17, 17.1], [10, 10], 0.5).tolist() == [True, False]


def test_ENV_8_walls_halve_noise():
    # DMG 5 (10 K) through a DEF 2 wall 2 K away: 8 → 4 → 2 K left beyond it
    b = Board(40, 40, [TerrainPiece("wall", "high", box(12, 0, 12.1, 40), 1.5, True, 2)])
    near, far = hear(b, 10, 10, 0, 10, [12.1 + 1.5 + 0.5, 12.1 + 3 + 0.5], [10, 10], 0.5)
    assert near.heard and near.walls == ("wall",)
    assert abs(near.reach - 4.0) < 1e-6
    assert not far.heard


def test_ENV_8_only_walls_taller_than_chest_muffle():
    b = Board(40, 40, [TerrainPiece("fence", "low", box(12, 0, 12.1, 40), 0.75, True, 2),
                       TerrainPiece("hedge", "high", box(14, 0, 14.5, 40), 2.0, False, 2)])
    (h,) = hear(b, 10, 10, 0, 10, [19.5], [10], 0.5)
    assert h.heard and h.walls == ()


def test_REA_7_walls_subtract_their_def():
    assert muffle(6, 3) == 0
    assert muffle(8, 2) == 2
    b = Board(40, 40, [TerrainPiece("wall", "high", box(14, 0, 14.1, 40), 1.5, True, 3)])
    # 10 K noise, wall entered 4 K away with 6 K left → 0 K beyond it
    (h,) = hear(b, 10, 10, 0, 10, [14.1 + 0.01 + 0.5], [10], 0.5)
    assert not h.heard
    (h,) = hear(b, 10, 10, 0, 10, [13.5], [10], 0.5)   # before the wall: heard
    assert h.heard and h.walls == ()


def test_ENV_8_two_walls_in_order():
    b = Board(40, 40, [TerrainPiece("b", "high", box(16, 0, 16.1, 40), 1.5, True, 0),
                       TerrainPiece("a", "high", box(12, 0, 12.1, 40), 1.5, True, 0)])
    # 16 K: at a (2 K) 14 → 7, reach 9; at b (6 K) 3 left → 1.5, reach 7.5
    (h,) = hear(b, 10, 10, 0, 16, [17.4], [10], 0.5)
    assert h.walls == ("a", "b") and abs(h.reach - 7.5) < 1e-6 and h.heard
    (h,) = hear(b, 10, 10, 0, 16, [18.1], [10], 0.5)
    assert not h.heard
