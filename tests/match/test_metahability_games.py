"""Metahabilities in whole games: the Mystics list (scenarios/lists/mystics.toml) plays headless to the end under the
scripted and the random controllers, its record re-simulates byte for byte, the scripted AI casts, maintains and
counters; a metahability of no kind is one clear DataError line."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.replay.replay_helpers import run
from wartime.ai import make_controller
from wartime.core.errors import DataError
from wartime.data.loader import load_army_list, load_catalogue, load_scenario
from wartime.match.match import Match, derive_seed
from wartime.rules.turns import END_REASONS

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
MYSTICS = SCENARIOS / "lists" / "mystics.toml"


def play(kind: str, seed: int, blue: str = "brawlers.toml") -> Match:
    sc = load_scenario(SCENARIOS / "skirmish.toml")
    armies = {"red": load_army_list(MYSTICS), "blue": load_army_list(SCENARIOS / "lists" / blue)}
    ctr = {s: make_controller(kind, derive_seed(seed, f"controller:{s}")) for s in ("red", "blue")}
    m = Match(sc, armies, seed, ctr)
    m.play()
    return m


@pytest.mark.parametrize("kind", ["scripted", "random"])
def test_MET_2_a_game_with_metahabilities_plays_to_the_end(kind):
    m = play(kind, 7)
    assert m.over and m.result()["reason"] in END_REASONS
    acts = [e["action"] for e in m.world.events if e["type"] == "action"]
    assert "use_metahability" in acts
    if kind == "scripted":
        assert "maintain_metahability" in acts                          # MET-6
        assert any(e["type"] == "metahability_effect" for e in m.world.events)


def test_CBA_20_the_scripted_AI_counters_an_enemy_invocation_in_a_game():
    """Mystics against mystics (seed 16; seed 8's game now ends in turn 4, before any invocation is countered, since
    the scripted fighters close in faster): a neuromancer adept answers the other's invocation with Contramagia."""
    m = play("scripted", 16, blue="mystics.toml")
    assert m.over and any(e["type"] == "counter_magic" for e in m.world.events)


def test_MET_2_a_record_with_metahabilities_verifies_byte_for_byte(tmp_path):
    out = tmp_path / "mystics.jsonl"
    r = run("simulate", "--scenario", SCENARIOS / "skirmish.toml", "--seed", 7, "--red-list", MYSTICS,
            "--out", out)
    assert r.exit_code == 0, r.output
    assert '"use_metahability"' in out.read_text(encoding="utf-8")
    v = run("replay", "verify", out)
    assert v.exit_code == 0 and "identical" in v.stdout, v.output


def test_MET_1_a_metahability_of_no_kind_is_one_clear_data_error(tmp_path):
    bad = tmp_path / "bad.toml"
    text = (SCENARIOS / "catalogue" / "metahabilities.toml").read_text(encoding="utf-8")
    bad.write_text(text.replace('traits = [{ name = "Mutación" }, { name = "Acobardamiento" }]',
                                'traits = [{ name = "Acobardamiento" }]'), encoding="utf-8")
    with pytest.raises(DataError) as exc:
        load_catalogue(bad)
    msg = str(exc.value)
    assert msg.count("\n") == 0, msg
    assert str(bad) in msg and "character[0].metahabilities[1]" in msg.replace("characters", "character") \
        and "unknown kind" in msg, msg
