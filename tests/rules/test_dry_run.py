"""rules/dry_run.py: the exact band probabilities and opposed odds from target numbers (CHK-2, CHK-4), and a dry run
that leaves the game untouched."""
from __future__ import annotations

from fractions import Fraction

import pytest

from wartime.rules.dry_run import band_probability, p_opposed_win, p_pass


@pytest.mark.parametrize("target", range(-2, 13))
def test_CHK_2_bands_add_up_and_match_the_pass_chance(target):
    bands = {b: band_probability(target, b) for b in ("critical", "pass", "fail", "fumble")}
    assert sum(bands.values()) == 1
    assert bands["critical"] + bands["pass"] == p_pass(target)
    assert bands["critical"] == bands["fumble"] == Fraction(1, 10)


@pytest.mark.parametrize("a,b", [(4, 4), (5, 3), (2, 8), (0, 0), (9, 9), (12, -1)])
def test_CHK_4_opposed_odds_are_symmetric_and_leave_room_for_nobody(a, b):
    pa, pb = p_opposed_win(a, b), p_opposed_win(b, a)
    nobody = (1 - p_pass(a)) * (1 - p_pass(b))
    tie = Fraction(sum(1 for d in range(1, 11) if d == 1 or (d != 10 and d <= a)), 100) if a == b else Fraction(0)
    # the full ties (equal dice, equal targets) are rerolled: the three outcomes share what is left
    assert pa + pb + nobody / (1 - tie) == 1
    if a == b:
        assert pa == pb
