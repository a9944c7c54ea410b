"""A whole scripted game on the breakable-wall fixture (tests/match/fixtures/breach.toml, not shipped): the wall
splits the yard, so a breacher strikes it down (TRT-WALLBREAKER ruling, rules/scenery_breaking.py) and the fight
follows; the record replays to the same events and state (the board without the wall is rebuilt from the world)."""
from __future__ import annotations

from tests.match.game_helpers import ROOT, make_match
from wartime.match.record import load_record
from wartime.match.save import verify_record


def test_TRT_WALLBREAKER_whole_game_breaks_the_wall_and_replays_identically(tmp_path):
    m = make_match(ROOT / "tests" / "match" / "fixtures" / "breach.toml", 3)
    m.play()
    events = [ev for kind, ev in m.entries if kind == "e"]
    broken = [ev for ev in events if ev["type"] == "scenery_destroyed"]
    assert broken and broken[0]["piece"] in ("yard-wall", "gate")
    first = events.index(broken[0])
    assert any(ev["type"] == "hit" for ev in events[first:])            # the enemies meet through the breach
    out = tmp_path / "breach.jsonl"
    m.write_record(out)
    assert verify_record(load_record(out)).ok
