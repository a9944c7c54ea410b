"""ARE-1..7, ARE-9: area templates, coverage and jump chains."""
import math

import numpy as np
import pytest
from hypothesis import assume, given, settings, strategies as st
from shapely.geometry import Point, box

from wartime.core.rounding import round_half_up
from wartime.geometry.board import Board, TerrainPiece
from wartime.geometry.sight import area_eye, cover_query
from wartime.geometry.templates import (FULL_FRACTION, coverage, coverage_fractions, drop_template, jump_chain,
                                        line_template, nearest_within, overlap_areas, round_template,
                                        template_from_code)


def test_ARE_1_round_area_is_a_disc_of_diameter_d():
    t = template_from_code("R4", (0, 0), (0, 0))
    full, partial = coverage(t, [1.5, 2.0], [0, 0], [0.5, 0.5])
    assert full.tolist() == [True, False] and partial.tolist() == [False, True]
    assert t.code == "R4"
    assert overlap_areas(round_template(0, 0, 1), [0], [0], [5])[0] == pytest.approx(0.785398, abs=1e-6)


def test_ARE_2_linear_area_rectangle():
    t = template_from_code("L4", (0, 0), (10, 0))
    assert t.polygon().equals(box(8, -0.5, 12, 0.5))
    full, partial = coverage(t, [10, 12.5, 11.6], [0, 0, 0], 0.5)
    assert full.tolist() == [True, False, False] and partial.tolist() == [False, False, True]
    # the long axis follows attacker → aim point
    t = line_template(0, 0, 0, 10, 4)
    assert t.polygon().equals(box(-0.5, 8, 0.5, 12))


def test_ARE_3_teardrop_area():
    t = template_from_code("G3/2", (0, 0), (10, 0))
    hull = Point(10, 0).buffer(1, quad_segs=256).union(box(7, -0.5, 7, 0.5).buffer(1e-9)).convex_hull
    assert t.polygon(quad_segs=256).symmetric_difference(hull).area < 1e-3
    full, partial = coverage(t, [8], [0], [0.5])
    assert full[0] and not partial[0]
    # its area matches the table's 3l + π(d/2)² only as a points scale; the exact hull area is smaller
    assert t.polygon(256).area < 12.14
    assert t.contains([10, 7.2, 6.9], [0, 0, 0]).tolist() == [True, True, False]


def test_ARE_4_jump_chain():
    xs, ys = [0, 3, -3.5, 5], [0, 0, 0, 0]
    assert jump_chain(0, 3, xs, ys, 0.5) == [0, 1, 3]
    assert jump_chain(0, 2, xs, ys, 0.5) == [0, 1]
    # ties: equal edge distance → smaller centre distance → lower id
    xs, ys, rs = [0, 3, -3.5], [0, 0, 0], [0.5, 0.5, 1.0]     # B gap 2.0, C gap 2.0 (bigger base)
    assert jump_chain(0, 2, xs, ys, rs) == [0, 1]
    xs, ys = [0, 0, 3, -3], [0, 3, 0, 0]
    assert jump_chain(0, 2, xs, ys, 0.5, ids=[10, 12, 13, 11]) == [0, 3]
    # ineligible minis (attacker, other level, dead) are skipped; the chain stops early
    assert jump_chain(0, 3, [0, 3, 6], [0, 0, 0], 0.5, eligible=[True, False, True]) == [0]
    assert nearest_within(2.9, 0, [0, 3, 20], [0, 0, 0], 0.5) == 1
    assert nearest_within(10, 10, [0, 3], [0, 0], 0.5) is None


def test_ARE_4_chain_reaches_back_through_the_chain():
    # from D (5, 0) the nearest unaffected is C (−3.5, 0)? it is 7.5 K away: out of reach, so B, D, then stop
    assert jump_chain(0, 10, [0, 3, -3.5, 5], [0, 0, 0, 0], 0.5) == [0, 1, 3]


def test_ARE_5_full_coverage():
    t = round_template(0, 0, 3)
    full, partial = coverage(t, [0, 1.2, 2.1], [0, 0, 0], 0.5)
    assert full.tolist() == [True, False, False]
    assert partial.tolist() == [False, True, False]


def test_ARE_6_partial_coverage_and_touching():
    t = round_template(0, 0, 3)
    full, partial = coverage(t, [2.0, 2.0 - 1e-3], [0, 0], 0.5)      # touching the edge: not covered
    assert not full[0] and not partial[0]
    assert partial[1]
    assert round_half_up(5 / 2) == 3 and round_half_up(1 / 2) == 1


def test_ARE_7_cover_is_measured_from_the_area_centre():
    b = Board(30, 30, [TerrainPiece("wall", "high", box(10.6, 8, 10.7, 12), 1.5, True, 3)])
    t = round_template(10, 10, 3)
    full, partial = coverage(t, [11.2], [10], [0.5])
    assert partial[0]
    (r,) = cover_query(b, area_eye(b, 10, 10), [[11.2, 10, 0.5, 0, 1]])
    assert r.full_cover and r.main_piece_def == 3
    # a mini at P has no cover
    (r,) = cover_query(b, area_eye(b, 10, 10), [[10, 10, 0.5, 0, 1]])
    assert r.blocked == 0


def test_ARE_9_translated_template_keeps_its_orientation():
    t = drop_template(0, 0, 10, 0, 4, 2)
    m = t.translate(0, 5)
    assert (m.px, m.py, m.ux, m.uy) == (10, 5, 1.0, 0.0)
    assert m.polygon().equals_exact(t.polygon().__class__(
        [(x, y + 5) for x, y in t.polygon().exterior.coords]), 1e-9)
    f1 = coverage_fractions(t, [9], [0.3], 0.5)
    f2 = coverage_fractions(m, [9], [5.3], 0.5)
    assert f1 == pytest.approx(f2)


def test_template_codes():
    with pytest.raises(ValueError):
        template_from_code("S3", (0, 0), (1, 1))
    with pytest.raises(ValueError):
        template_from_code("G4", (0, 0), (1, 1))
    assert template_from_code("g4/3", (0, 0), (1, 1)).code == "G4/3"


# ---- properties -------------------------------------------------------------------------------------------
@given(st.integers(1, 10), st.floats(0, 8), st.floats(0, 2 * math.pi), st.floats(0.2, 1.5))
def test_ARE_1_full_iff_centre_within_d2_minus_r(d, dist, ang, r):
    """Full coverage ⇔ centre within d/2 − r, up to the 99.9% area tolerance of ARE-5 (which also counts as
    full a base poking out by a sliver of under 0.1% of its area: at most ~0.01 K further)."""
    t = round_template(3, 4, d)
    x, y = 3 + dist * math.cos(ang), 4 + dist * math.sin(ang)
    full, partial = coverage(t, [x], [y], [r])
    if dist <= d / 2 - r:
        assert full[0]
    elif dist > d / 2 - r + 0.02:
        assert not full[0]
    assert not (full[0] and partial[0])
    if dist >= d / 2 + r:
        assert not full[0] and not partial[0]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["L2", "L5", "G3/2", "G4/3", "G7/4", "R3"]), st.floats(-20, 20), st.floats(-20, 20),
       st.lists(st.tuples(st.floats(-6, 6), st.floats(-6, 6), st.floats(0.2, 1.5)), min_size=1, max_size=8))
def test_ARE_5_exact_areas_match_polygonised_shapely(code, ax, ay, bases):
    assume(math.hypot(ax, ay) > 0.5)
    t = template_from_code(code, (ax, ay), (0, 0))
    poly = t.polygon(quad_segs=512)
    xs, ys, rs = (np.array(v) for v in zip(*bases))
    got = overlap_areas(t, xs, ys, rs)
    ref = np.array([poly.intersection(Point(x, y).buffer(r, quad_segs=512)).area for x, y, r in bases])
    assert np.allclose(got, ref, atol=2e-5)
    full, partial = coverage(t, xs, ys, rs)
    frac = coverage_fractions(t, xs, ys, rs)
    assert (full == (frac >= FULL_FRACTION)).all()
    assert not (full & partial).any()
