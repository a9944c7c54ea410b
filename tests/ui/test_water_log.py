"""TRT-FISH: the log narrates a fish's dive and its way up (ui.narrate)."""
from __future__ import annotations

from wartime.ui.narrate import describe


def test_TRT_FISH_the_log_narrates_the_dive_and_the_way_up():
    down = describe({"type": "underwater", "rule": "TRT-FISH", "who": 1, "at": [15, 20], "level": -1},
                    lambda e: "Carp")
    up = describe({"type": "surfaced", "rule": "TRT-FISH", "who": 1, "at": [15, 20], "level": 1}, lambda e: "Carp")
    assert "Carp dives under the water" in str(down) and "Carp comes up" in str(up)
