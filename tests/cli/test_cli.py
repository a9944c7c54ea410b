"""The `wartime` command as a user runs it: simulate, validate, cost (no tracebacks, clear errors)."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from wartime.cli import main

ROOT = Path(__file__).resolve().parents[2]
SKIRMISH = str(ROOT / "scenarios" / "skirmish.toml")


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_simulate_prints_one_json_object_and_writes_the_record(tmp_path):
    out = tmp_path / "game.jsonl"
    r = run("simulate", "--scenario", SKIRMISH, "--seed", "7", "--json", "--out", str(out))
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert {"winner", "turns", "casualties", "seed", "record"} <= set(data)
    assert data["seed"] == 7 and data["record"] == str(out)
    assert set(data["casualties"]) == {"red", "blue"}
    lines = out.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["format"] == "wartime-record" and header["seed"] == 7
    assert any('"game_over"' in line for line in lines)


def test_simulate_controllers_and_lists_options(tmp_path):
    r = run("simulate", "--scenario", SKIRMISH, "--seed", "3", "--red", "random", "--blue", "scripted",
            "--red-list", str(ROOT / "scenarios/lists/mixed.toml"), "--blue-list",
            str(ROOT / "scenarios/lists/armoured.toml"), "--json", "--out", str(tmp_path / "g.jsonl"))
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["controllers"] == {"red": "random", "blue": "scripted"}
    assert data["lists"] == {"red": "Mixed", "blue": "Armoured"}


def test_simulate_bad_scenario_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\ntype = "scenario"\nname = "x"\n')
    r = run("simulate", "--scenario", str(bad), "--seed", "1")
    assert r.exit_code == 2
    assert "bad.toml: " in r.output and "Traceback" not in r.output


def test_BAS_2_simulate_names_the_list_that_does_not_fit_its_deployment_zone():
    """BAS-2: a list whose bases find no free spot in the side's zone is a data error naming the list file and the
    scenario (not a bare rule message)."""
    r = run("simulate", "--scenario", str(ROOT / "scenarios" / "scrapyard.toml"), "--red-list",
            str(ROOT / "scenarios/lists/convoy.toml"), "--seed", "3")
    assert r.exit_code == 2, r.output
    assert "convoy.toml: characters: they do not fit red's deployment zone of scenario 'Scrapyard'" in r.output
    assert "4 of 5 placed" in r.output and "Traceback" not in r.output


def test_validate_ok_and_broken_files(tmp_path):
    r = run("validate", SKIRMISH, str(ROOT / "scenarios/lists/shooters.toml"),
            str(ROOT / "scenarios/catalogue/starter.toml"))
    assert r.exit_code == 0, r.output
    broken_scenario = tmp_path / "s.toml"
    broken_scenario.write_text((ROOT / "scenarios/skirmish.toml").read_text().replace('kind = "difficult"',
                                                                                       'kind = "forrest"', 1))
    broken_list = tmp_path / "l.toml"
    broken_list.write_text('format = 1\ntype = "list"\nname = "L"\ncatalogue = "%s"\n[[unit]]\ncharacter = "riflemen"\n'
                           % (ROOT / "scenarios/catalogue/starter.toml").as_posix())
    broken_cat = tmp_path / "c.toml"
    broken_cat.write_text('format = 1\ntype = "catalogue"\nname = "C"\n[[archetype]]\nid = "gun"\nkind = "weapon"\n'
                          'name = "Gun"\nENE = 1\nDMG = 7\nRNG = 10\nQUA = 3\n')
    for f, field in ((broken_scenario, "terrain["), (broken_list, "unit[0].character"), (broken_cat, "archetype[0]")):
        r = run("validate", "--allow-outside", str(f))   # l.toml names its catalogue by an absolute path
        assert r.exit_code == 2, r.output
        assert f"{f.name}: {field}" in r.output or (field in r.output and f.name in r.output), r.output
        assert "Traceback" not in r.output


def test_cost_json_reports_every_archetype_character_and_list():
    r = run("cost", str(ROOT / "scenarios/lists/shooters.toml"), "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["archetypes"]["rifle"] == 35          # BLD-15: table(4,4)=16 + RNG 20 + QUA 4 − Cargadores 5
    assert data["lists"]["Shooters"]["cost"] == 300
