"""A record is self-contained: the scenario, lists and catalogues it embeds rebuild the game even when the
original files are gone, whether they referred to each other by relative or absolute paths."""
from __future__ import annotations

import shutil

from wartime.match.record import load_record
from wartime.match.save import rebuild_inputs
from tests.replay.replay_helpers import ROOT, run


def _game_files(folder, absolute: bool):
    cat_dir, list_dir, sc_dir = folder / "cat", folder / "armies" / "deep", folder / "maps"
    for d in (cat_dir, list_dir, sc_dir):
        d.mkdir(parents=True)
    cat = cat_dir / "starter.toml"
    cat.write_bytes((ROOT / "scenarios/catalogue/starter.toml").read_bytes())
    ref = cat.as_posix() if absolute else "../../cat/starter.toml"
    lists = {}
    for side, character in (("red", "rifleman"), ("blue", "orc_raider")):
        lists[side] = list_dir / f"{side}.toml"
        lists[side].write_text(f'format = 1\ntype = "list"\nname = "{side}"\ncatalogue = "{ref}"\n\n'
                               f'[[unit]]\ncharacter = "{character}"\ncount = 2\n', encoding="utf-8")
    text = (ROOT / "scenarios/skirmish.toml").read_text(encoding="utf-8")
    for side in ("red", "blue"):
        old = {"red": "lists/shooters.toml", "blue": "lists/brawlers.toml"}[side]
        new = lists[side].as_posix() if absolute else f"../armies/deep/{side}.toml"
        text = text.replace(f'{side} = "{old}"', f'{side} = "{new}"')
    scenario = sc_dir / "skirmish.toml"
    scenario.write_text(text, encoding="utf-8")
    return scenario


def _check(tmp_path, absolute: bool):
    files = tmp_path / "files"
    scenario = _game_files(files, absolute)
    out = tmp_path / "game.jsonl"
    r = run("simulate", "--scenario", scenario, "--seed", 2, "--out", out, "--stop-after", 40, "--allow-outside")
    assert r.exit_code == 0, r.output
    shutil.rmtree(files)                                     # the record alone must do
    rec = load_record(out)
    scenario_model, lists = rebuild_inputs(rec)
    assert [c.id for c in lists["red"].characters()] == ["rifleman", "rifleman"]
    assert scenario_model.name == "Skirmish"
    r = run("replay", "verify", out)
    assert r.exit_code == 0, r.output


def test_relative_references(tmp_path):
    _check(tmp_path, absolute=False)


def test_absolute_references(tmp_path):
    _check(tmp_path, absolute=True)
