"""Save and load a game in progress: a save after decision N (header "complete": false) resumed with the same
controllers finishes with exactly the record of the game played straight through."""
from __future__ import annotations

import json

from wartime.ai import make_controller
from wartime.data.loader import load_army_list, load_scenario
from wartime.match.match import Match, derive_seed
from wartime.match.record import load_record
from wartime.match.save import resume
from tests.replay.replay_helpers import ROOT, SKIRMISH, run


def controllers(seed, red, blue):
    return {"red": make_controller(red, derive_seed(seed, "controller:red")),
            "blue": make_controller(blue, derive_seed(seed, "controller:blue"))}


def small_lists(folder, red="rifleman", blue="orc_brawler"):
    """Two-miniature lists (a short game) beside a copy of the starter catalogue, referenced relatively."""
    (folder / "catalogue").mkdir()
    (folder / "lists").mkdir()
    (folder / "catalogue" / "starter.toml").write_bytes((ROOT / "scenarios/catalogue/starter.toml").read_bytes())
    paths = {}
    for side, character in (("red", red), ("blue", blue)):
        paths[side] = folder / "lists" / f"{side}.toml"
        paths[side].write_text(f'format = 1\ntype = "list"\nname = "Two {character}"\n'
                               f'catalogue = "../catalogue/starter.toml"\n\n[[unit]]\ncharacter = "{character}"\n'
                               "count = 2\n", encoding="utf-8")
    return {side: load_army_list(p) for side, p in paths.items()}


def test_save_every_10th_decision_then_resume_gives_the_straight_record(tmp_path):
    """One game, scripted against random (the random controller's choices are a function of the seed and the
    decision index, so a resumed one needs no state): saved after every 10th decision while it is played,
    each save resumed and finished: every resumed record equals the straight one byte for byte."""
    seed, red, blue = 1, "scripted", "random"
    m = Match(load_scenario(SKIRMISH), small_lists(tmp_path), seed, controllers(seed, red, blue))
    saves = {}
    while m.step():
        n = len(m.decisions)
        if n % 10 == 0 and not m.over:
            saves[n] = tmp_path / f"save-{n}.jsonl"
            m.write_record(saves[n])              # a save of the game in progress, as --stop-after writes it
    straight = tmp_path / "straight.jsonl"
    m.write_record(straight)
    full = load_record(straight)
    assert full.complete and len(saves) >= 5
    expected = straight.read_bytes()
    for n, path in saves.items():
        if n in (10, max(saves)):
            save = load_record(path)
            assert not save.complete and len(save.decisions) == n
            assert path.read_text(encoding="utf-8") == full.cut_text(n)     # a save is the record cut there
        resumed = resume(path, controllers(seed, red, blue))
        assert len(resumed.decisions) == n and not resumed.over
        resumed.play()
        out = tmp_path / f"resumed-{n}.jsonl"
        resumed.write_record(out)
        assert out.read_bytes() == expected, f"resumed after decision {n} differs from the straight game"


def test_cli_stop_after_save_then_resume(tmp_path):
    straight, save, resumed = tmp_path / "straight.jsonl", tmp_path / "save.jsonl", tmp_path / "resumed.jsonl"
    common = ("--scenario", SKIRMISH, "--seed", 6, "--red", "random", "--blue", "scripted")
    assert run("simulate", *common, "--out", straight).exit_code == 0
    r = run("simulate", *common, "--stop-after", 25, "--save", save, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["complete"] is False and data["decisions"] == 25 and data["record"] == str(save)
    head = json.loads(save.read_text().split("\n")[0])
    assert head["complete"] is False and head["controllers"] == {"red": "random", "blue": "scripted"}
    r = run("resume", save, "--out", resumed, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["resumed_at"] == 25 and data["record"] == str(resumed) and data["winner"] in ("red", "blue", None)
    assert resumed.read_bytes() == straight.read_bytes()
    assert run("replay", "verify", save).exit_code == 0


def test_resume_with_other_controllers_and_a_complete_record(tmp_path):
    save, out = tmp_path / "save.jsonl", tmp_path / "out.jsonl"
    assert run("simulate", "--scenario", SKIRMISH, "--seed", 2, "--stop-after", 12, "--save", save).exit_code == 0
    r = run("resume", save, "--red", "random", "--out", out)
    assert r.exit_code == 0, r.output
    assert "resumed at decision 12" in r.stdout
    head = load_record(out).header
    assert head["controllers"] == {"red": "random", "blue": "scripted"} and head["complete"] is True
    # resuming a finished game plays nothing more and writes the same record
    again = tmp_path / "again.jsonl"
    assert run("resume", out, "--out", again).exit_code == 0
    assert again.read_bytes() == out.read_bytes()


def test_save_needs_stop_after():
    r = run("simulate", "--scenario", SKIRMISH, "--save", "x.jsonl")
    assert r.exit_code == 2 and "--stop-after" in r.stderr
