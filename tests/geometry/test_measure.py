"""BAS-1, BAS-2, BAS-3, CMB-11: distances between bases."""
import math

import numpy as np
from hypothesis import given, strategies as st

from wartime.geometry.measure import (CONTACT_TOL, ENGAGED_GAP, bases_in_contact, bases_overlap, edge_distance,
                                      edge_distances, polyline_distances)


def test_BAS_1_human_base_is_a_disc_of_radius_half():
    # A human at (4, 2) occupies the disc of radius 0.5: (4.5, 2) is on its edge, (4.6, 2) is outside.
    assert edge_distance(4, 2, 0.5, 0, 4.5, 2, 0, 0) == 0.0
    assert math.isclose(edge_distance(4, 2, 0.5, 0, 4.6, 2, 0, 0), 0.1)
    assert edge_distance(4, 2, 0.5, 0, 4.2, 2.2, 0, 0) == 0.0


def test_BAS_2_bases_overlap_or_touch():
    assert bases_overlap(0, 0, 0.5, 0.9, 0, 0.5)
    assert not bases_overlap(0, 0, 0.5, 1.0, 0, 0.5)
    assert not bases_overlap(0, 0, 0.5, 1.0 - CONTACT_TOL / 2, 0, 0.5)
    assert bases_in_contact(0, 0, 0.5, 1.0, 0, 0.5)


def test_BAS_3_edge_to_edge_distance():
    assert edge_distance(0, 0, 0.5, 0, 6, 0, 0.5, 0) == 5.0
    assert edge_distance(0, 0, 0.5, 0, 6, 0, 0.5, 0) <= 5.0


def test_BAS_3_vertical_separation_is_included():
    # MOV-12 test: horizontal gap 4, dz 3 → 5.
    assert math.isclose(edge_distance(0, 0, 0.5, 0, 5, 0, 0.5, 3), 5.0)
    # overlapping horizontally: only dz remains
    assert edge_distance(0, 0, 0.5, 0, 0.2, 0, 0.5, 3) == 3.0


def test_CMB_11_engaged_within_005():
    assert bases_in_contact(0, 0, 0.5, 1.03, 0, 0.5)
    assert not bases_in_contact(0, 0, 0.5, 1.2, 0, 0.5)
    assert ENGAGED_GAP == 0.05


finite = st.floats(-50, 50, allow_nan=False)
rad = st.floats(0, 3, allow_nan=False)


@given(finite, finite, rad, finite, finite, rad, st.floats(-5, 5))
def test_BAS_3_vectorised_matches_scalar_and_is_symmetric(x1, y1, r1, x2, y2, r2, dz):
    d = edge_distance(x1, y1, r1, 0, x2, y2, r2, dz)
    assert d >= 0
    assert math.isclose(d, edge_distance(x2, y2, r2, dz, x1, y1, r1, 0), abs_tol=1e-12)
    v = edge_distances(x1, y1, r1, 0, [x2], [y2], [r2], [dz])
    assert math.isclose(v[0], d, abs_tol=1e-12)


def test_polyline_distances_exact():
    pts = np.array([[0.0, 0.0], [10.0, 0.0], [10.0, 10.0]])
    d = polyline_distances(pts, [5, -3, 12, 10], [2, 4, 5, 12])
    assert np.allclose(d, [2, 5, 2, 2])
    assert np.allclose(polyline_distances(pts[:1], [3], [4]), [5])
