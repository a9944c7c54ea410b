"""Whole games with transports (scenarios/convoy.toml: a cargo truck with passengers, a war horse, a gyrocopter and a
gun buggy with a mounted cannon) under the scripted and random controllers; their records re-simulate byte for
byte; a list over a transport's capacity is one clear data error."""
from __future__ import annotations

import collections
from pathlib import Path

import pytest
from click.testing import CliRunner

from wartime.ai.random_ai import RandomController
from wartime.ai.scripted import ScriptedController
from wartime.cli import main
from wartime.core.components import Identity
from wartime.core.errors import DataError
from wartime.data.loader import load_army_list, load_scenario
from wartime.match.match import Match

ROOT = Path(__file__).resolve().parents[2]
CONVOY = ROOT / "scenarios" / "convoy.toml"


def play(kind: str, seed: int) -> Match:
    sc = load_scenario(CONVOY)
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    make = ScriptedController if kind == "scripted" else RandomController
    m = Match(sc, lists, seed, {s: make(seed) for s in ("red", "blue")}, checkpoints=False)
    while m.step():
        pass
    return m


@pytest.mark.parametrize("kind", ["scripted", "random"])
def test_MVA_17_a_convoy_game_plays_to_the_end(kind):
    """The convoy game ends; the truck drives (MOV-2, MOV-6) and its three troopers get off (MVA-17): every
    disembarking is one of the three deployed aboard or follows an embarking (a random player may board again)."""
    m = play(kind, 1)
    assert m.over
    events = [ev for k, ev in m.entries if k == "e"]
    types = collections.Counter(ev["type"] for ev in events)
    assert types["disembarked"] >= 3 if kind == "scripted" else types["disembarked"] >= 1
    # passengers (a driver getting off its own transport, MVA-17, is its own carrier; taking one over is "embarked"
    # with who == carrier too)
    off = [ev for ev in events if ev["type"] == "disembarked" and ev["who"] != ev["carrier"]]
    on = [ev for ev in events if ev["type"] == "embarked" and ev["who"] != ev["carrier"]]
    assert len(off) <= 3 + len(on)
    truck = next(e for e in m.gs.minis() if m.gs.world.get(e, Identity).character_id == "truck_driver")
    assert any(ev["type"] == "moved" and ev["who"] == truck for ev in events)


def test_MVA_17_the_scripted_driver_carries_its_passengers_and_they_get_off():
    """Convoy is an objective game (BLD-22): the truck carries its troopers towards the east road; they get off
    (MVA-17) in the zone or when an enemy comes close (in other games one still aboard when the truck blows up is
    thrown out of the wreck instead, WND-5)."""
    m = play("scripted", 1)        # seed 3 until session 20 (its truck now blows up first)
    drops = [ev for k, ev in m.entries if k == "e" and ev["type"] == "disembarked"]
    assert sorted({ev["who"] for ev in drops if ev["carrier"] == 1}) == [2, 3, 4]
    assert {ev["rule"] for ev in drops} <= {"MVA-17", "WND-5"}
    assert any(ev["rule"] == "MVA-17" for ev in drops)


def test_a_convoy_record_re_simulates_byte_for_byte(tmp_path):
    out = tmp_path / "convoy.jsonl"
    r = CliRunner().invoke(main, ["simulate", "--scenario", str(CONVOY), "--seed", "2", "--red", "random",
                                  "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "embark" in out.read_text(encoding="utf-8") or "disembarked" in out.read_text(encoding="utf-8")
    v = CliRunner().invoke(main, ["replay", "verify", str(out)])
    assert v.exit_code == 0 and "identical" in v.stdout, v.output


def test_TRT_CAPACITY_a_list_over_the_capacity_is_one_data_error(tmp_path):
    (tmp_path / "catalogue").mkdir()
    (tmp_path / "catalogue" / "motor-pool.toml").write_text(
        (ROOT / "scenarios" / "catalogue" / "motor-pool.toml").read_text(encoding="utf-8"), encoding="utf-8")
    bad = tmp_path / "overfull.toml"
    bad.write_text('format = 1\ntype = "list"\nname = "Overfull"\ncatalogue = "catalogue/motor-pool.toml"\n\n'
                   '[[unit]]\ncharacter = "truck_driver"\n\n'
                   '[[unit]]\ncharacter = "trooper"\ncount = 7\naboard = "truck_driver"\n', encoding="utf-8")
    with pytest.raises(DataError) as exc:
        load_army_list(bad)
    lines = exc.value.lines()
    assert len(lines) == 1
    assert lines[0].startswith(f"{bad}: unit[1].aboard: ") and "7 load levels" in lines[0] and "carries 6" in lines[0]
