"""MOV-3, MOV-7, MOV-8, MOV-9, MOV-14, BAS-2, CMB-11, CMB-16: path legality."""
import math

import numpy as np
import pytest
import shapely
from hypothesis import given, settings, strategies as st
from shapely.geometry import LineString, box

from wartime.geometry.board import Board, TerrainPiece
from wartime.geometry.movement import Other, check_path, path_length, step_towards

R = 0.5
CHEST = 0.75


def board(*pieces, size=30):
    return Board(size, size, list(pieces))


def piece(id_, kind, x0, y0, x1, y1, h=0.0, blocks=False, defense=0):
    return TerrainPiece(id_, kind, box(x0, y0, x1, y1), h, blocks, defense)


def test_MOV_3_allowance():
    b = board()
    assert check_path(b, [(5, 5), (5.8, 5)], R, CHEST, 1.0, []).ok
    res = check_path(b, [(5, 5), (6.2, 5)], R, CHEST, 1.0, [])
    assert not res.ok and res.rule_id == "MOV-3"
    # the whole polyline counts
    res = check_path(b, [(5, 5), (5.6, 5), (5.6, 5.6)], R, CHEST, 1.0, [])
    assert res.rule_id == "MOV-3" and res.length == pytest.approx(1.2)
    assert path_length([(0, 0), (3, 4), (3, 5)]) == pytest.approx(6)


def test_MOV_3_board_edge():
    b = board()
    assert check_path(b, [(5, 5), (0.5, 5)], R, CHEST, 10, []).ok
    res = check_path(b, [(5, 5), (0.4, 5)], R, CHEST, 10, [])
    assert res.rule_id == "MOV-3" and "board" in res.message
    res = check_path(b, [(5, 1), (1, 0.2), (5, 1)], R, CHEST, 20, [])
    assert res.rule_id == "MOV-3"


def test_BAS_2_no_overlap_along_the_path_or_at_the_end():
    b = board()
    ally = [Other(8, 5.9, 0.5, False)]
    res = check_path(b, [(5, 5), (11, 5)], R, CHEST, 10, ally)
    assert res.rule_id == "BAS-2"
    # passing at exactly 1.0 K between centres is touching, which is allowed
    assert check_path(b, [(5, 5), (11, 5)], R, CHEST, 10, [Other(8, 6.0, 0.5, False)]).ok
    res = check_path(b, [(5, 5), (7.1, 5.9)], R, CHEST, 10, [Other(8, 5.9, 0.5, False)])
    assert res.rule_id == "BAS-2" and "end" in res.message
    res = check_path(b, [(5, 5), (7, 5.9)], R, CHEST, 10, [Other(8, 5.9, 0.5, False)])
    assert res.ok and res.contacts == (0,)


def test_CMB_16_moving_through_a_multiple_melee():
    b = board()
    others = [Other(10, 10, 0.5, True), Other(9, 10, 0.5, False)]   # enemy B, ally in contact with B
    path = [(8, 11.2), (10, 11.0), (11, 10.0)]                       # over B's base to its far side
    res = check_path(b, path, R, CHEST, 5, others)
    assert res.rule_id == "BAS-2"
    res = check_path(b, path, R, CHEST, 5, others, ignore_overlap=frozenset({0, 1}))
    assert res.ok and res.contacts == (0,)
    # the end spot must still be free
    res = check_path(b, [(8, 11.2), (10, 10.5)], R, CHEST, 5, others, ignore_overlap=frozenset({0, 1}))
    assert res.rule_id == "BAS-2"


def test_MOV_14_keep_1K_from_enemies():
    b = board()
    enemy = [Other(10, 5, 0.5, True)]
    # start 3 K from the enemy (centres 4 K apart)
    assert check_path(b, [(6, 5), (8, 5)], R, CHEST, 5, enemy).ok                  # ends 1.0 K away
    res = check_path(b, [(6, 5), (8.1, 5)], R, CHEST, 5, enemy)                    # 0.9 K away
    assert not res.ok and res.rule_id == "MOV-14"
    res = check_path(b, [(6, 5), (9, 5)], R, CHEST, 5, enemy)                      # base contact: engages
    assert res.ok and res.contacts == (0,)
    # passing by within 1 K without ending in contact is illegal, too
    res = check_path(b, [(6, 6.2), (14, 6.2)], R, CHEST, 10, enemy)
    assert res.rule_id == "MOV-14"
    # allies do not count
    assert check_path(b, [(6, 5), (8.1, 5)], R, CHEST, 5, [Other(10, 5, 0.5, False)]).ok
    # already closer than 1 K: may move away or stay at that distance, not come closer
    assert check_path(b, [(8.5, 5), (7, 5)], R, CHEST, 5, enemy).ok
    assert check_path(b, [(8.5, 5), (8.5, 5)], R, CHEST, 5, enemy).ok
    assert check_path(b, [(8.5, 5), (8.6, 5)], R, CHEST, 5, enemy).rule_id == "MOV-14"
    # an Embestir target (or other exemption given by the rules layer)
    assert check_path(b, [(6, 5), (8.1, 5)], R, CHEST, 5, enemy, keep_away_exempt=frozenset({0})).ok


def test_CMB_11_contacts_within_engaged_gap():
    b = board()
    others = [Other(10, 5, 0.5, True), Other(10, 7, 0.5, True)]
    res = check_path(b, [(6, 5), (8.97, 5)], R, CHEST, 5, others)
    assert res.ok and res.contacts == (0,)
    res = check_path(b, [(6, 5), (8.8, 5)], R, CHEST, 5, others)
    assert res.rule_id == "MOV-14"                      # 0.2 K away: not engaged and too close


def test_MOV_7_terrain_surcharge():
    b = board(piece("mud", "difficult", 6, 0, 7, 10), piece("rubble", "extreme", 8, 0, 9, 10))
    assert check_path(b, [(2, 5), (5, 5)], R, CHEST, 5, []).surcharge == 0
    res = check_path(b, [(4, 5), (7.2, 5)], R, CHEST, 5, [])
    assert res.ok and res.surcharge == 1                # Mover 1 + 1 = 2 ENE
    res = check_path(b, [(5, 5), (9.6, 5)], R, CHEST, 5, [])
    assert res.ok and res.surcharge == 2                # difficult and extreme: 1 + 2 = 3 ENE
    assert [b.pieces[i].id for i in res.pieces] == ["mud", "rubble"]
    # touching the edge of the mud is not entering it (positive area needed)
    assert check_path(b, [(2, 5), (5.5, 5)], R, CHEST, 5, []).surcharge == 0
    assert check_path(b, [(2, 5), (5.51, 5)], R, CHEST, 5, []).surcharge == 1


def test_MVA_4_crouched_makes_easy_terrain_difficult():
    b = board(piece("rubble", "extreme", 8, 0, 9, 10))
    assert check_path(b, [(2, 5), (5, 5)], R, CHEST, 5, [], crouched=True).surcharge == 1
    assert check_path(b, [(6, 5), (8, 5)], R, CHEST, 5, [], crouched=True).surcharge == 2


def test_MOV_8_low_obstacles_are_difficult():
    b = board(piece("wall", "low", 6, 0, 6.2, 10, h=0.5, blocks=True))
    res = check_path(b, [(5, 5), (7, 5)], R, CHEST, 2, [])
    assert res.ok and res.surcharge == 1
    giant = board(piece("wall", "low", 6, 0, 6.2, 10, h=2.0, blocks=True))
    res = check_path(giant, [(4, 5), (8, 5)], 1.5, 2.25, 4, [])
    assert res.ok and res.surcharge == 1
    # the same 2 K wall for a human needs Escalar
    assert check_path(giant, [(5, 5), (7, 5)], R, CHEST, 2, []).rule_id == "MOV-9"


def test_MOV_9_taller_obstacles_must_be_climbed():
    b = board(piece("wall", "low", 6, 0, 6.2, 10, h=1.5, blocks=True),
              piece("house", "blocking", 10, 0, 14, 4, h=3, blocks=True),
              piece("cliff", "high", 10, 10, 14, 14, h=0.7, blocks=True))
    res = check_path(b, [(5, 5), (7, 5)], R, CHEST, 2, [])
    assert not res.ok and res.rule_id == "MOV-9" and "wall" in res.message
    assert check_path(b, [(9, 6), (11, 4.4)], R, CHEST, 3, []).rule_id == "MOV-9"
    assert check_path(b, [(9, 9), (10.2, 9.8)], R, CHEST, 3, []).rule_id == "MOV-9"
    # brushing along the wall's face is fine
    assert check_path(b, [(5.5, 12), (5.5, 10.5), (7, 10.5)], R, CHEST, 5, []).ok


def test_check_order_reports_the_first_violation():
    b = board(piece("wall", "low", 6, 0, 6.2, 10, h=1.5, blocks=True))
    enemy = [Other(8, 5, 0.5, True)]
    res = check_path(b, [(5, 5), (7.0, 5)], R, CHEST, 1.0, enemy)
    assert res.rule_id == "MOV-3"
    res = check_path(b, [(5, 5), (7.2, 5)], R, CHEST, 5.0, enemy)
    assert res.rule_id == "BAS-2"
    res = check_path(b, [(5, 5), (6.9, 5)], R, CHEST, 5.0, enemy)
    assert res.rule_id == "MOV-14"
    res = check_path(b, [(5, 5), (6.5, 5)], R, CHEST, 5.0, [Other(9, 5, 0.5, True)])
    assert res.rule_id == "MOV-9"


def test_step_towards():
    b = board(piece("house", "blocking", 10, 3, 12, 7, h=3, blocks=True))
    path = step_towards(b, (5, 5), (8, 5), R, 6, [], CHEST)
    assert path == [(5.0, 5.0), (8.0, 5.0)]
    path = step_towards(b, (5, 5), (20, 5), R, 6, [], CHEST)
    assert path is not None and check_path(b, path, R, CHEST, 6, []).ok
    assert path_length(path) <= 6 + 1e-9
    assert step_towards(b, (5, 5), (20, 5), R, 6, [], CHEST) == path          # deterministic
    assert step_towards(b, (5, 5), (5, 5), R, 6, [], CHEST) is None
    boxed = board(piece("a", "blocking", 3, 3, 7, 4.4, h=3), piece("b", "blocking", 3, 5.6, 7, 7, h=3),
                  piece("c", "blocking", 3, 3, 4.4, 7, h=3), piece("d", "blocking", 5.6, 3, 7, 7, h=3))
    assert step_towards(boxed, (5, 5), (20, 5), R, 6, [], CHEST) is None


# ---- properties -------------------------------------------------------------------------------------------
pt = st.tuples(st.floats(1, 29), st.floats(1, 29))


@settings(max_examples=200, deadline=None)
@given(st.lists(pt, min_size=1, max_size=4), st.lists(st.tuples(st.floats(0, 30), st.floats(0, 30),
                                                                 st.floats(0.3, 1.5), st.booleans()),
                                                       max_size=5))
def test_BAS_2_swept_area_overlap_matches_shapely(path, others):
    b = board()
    res = check_path(b, path, R, CHEST, 1e9, [Other(*o) for o in others])
    geom = LineString(path) if len(path) > 1 and path_length(path) > 0 else shapely.Point(path[0])
    clear = True
    doubtful = False
    for x, y, r, _ in others:
        d = geom.distance(shapely.Point(x, y))
        if d < R + r - 1e-4:
            clear = False
        elif d < R + r + 1e-4:
            doubtful = True
    inside = all(b.disc_inside(x, y, R) for x, y in path)
    if not inside:
        assert res.rule_id == "MOV-3"
    elif not clear:
        assert res.rule_id == "BAS-2"
    elif not doubtful:
        assert res.rule_id != "BAS-2"


@settings(max_examples=150, deadline=None)
@given(st.lists(pt, min_size=2, max_size=4), st.floats(1, 28), st.floats(1, 28), st.floats(0.2, 4),
       st.floats(0.2, 4), st.sampled_from(["difficult", "extreme"]))
def test_MOV_7_surcharge_matches_shapely_buffer(path, x0, y0, w, h, kind):
    b = board(piece("p", kind, x0, y0, x0 + w, y0 + h))
    res = check_path(b, path, R, CHEST, 1e9, [])
    if not res.ok:
        return
    area = LineString(path).buffer(R, quad_segs=64).intersection(b.pieces[0].polygon).area
    dist = LineString(path).distance(b.pieces[0].polygon)
    if abs(dist - R) < 1e-3:
        return
    expected = {"difficult": 1, "extreme": 2}[kind] if area > 0 else 0
    assert res.surcharge == expected


def test_MOV_10_level_2_ignores_terrain_below_its_elevation():
    b = board(piece("wall", "low", 6, 0, 6.2, 10, h=1.5, blocks=True),
              piece("tower", "blocking", 10, 0, 12, 10, h=5, blocks=True),
              piece("mud", "difficult", 7, 0, 9, 10))
    res = check_path(b, [(5, 5), (9.4, 5)], R, CHEST, 5, [], elevation=3.0)
    assert res.ok and res.surcharge == 0
    assert check_path(b, [(5, 5), (9.6, 5)], R, CHEST, 5, [], elevation=3.0).rule_id == "MOV-9"
