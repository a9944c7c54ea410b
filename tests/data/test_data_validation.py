"""Loading and validating broken files: every problem is one exact ``file: field: problem`` line (BLD-24)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from wartime.core.errors import DataError
from wartime.data.loader import load_any, load_army_list, load_catalogue, load_scenario
from wartime.data.models import ArmyList, Catalogue, Scenario
from wartime.data.validate import validate_path
from wartime.data.cost_report import cost_report

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"

HUMAN = '[[archetype]]\nid = "human"\nkind = "race"\nname = "Human"\nCON = 4\nAGI = 5\nINT = 4\nVOL = 4\n'


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A scratch tree with the starter content, used as the working directory (relative file names)."""
    shutil.copytree(SCENARIOS, tmp_path / "scenarios")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(path: str, text: str) -> str:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(text, encoding="utf-8")
    return path


def test_BLD_24_broken_catalogue_lines(workdir: Path) -> None:
    """BLD-24: a broken catalogue reports every problem (E1, E3, E4, E6, E7, unknown keys and references)."""
    path = write("scenarios/catalogue/bad.toml", f"""format = 1
type = "catalogue"
{HUMAN}
[[archetype]]
id = "blaster"
kind = "weapon"
name = "Blaster"
ENE = 1
DMG = 7
RNG = 5
QUA = 4
colour = "red"
traits = [{{ name = "Área", param = "R12" }}, {{ name = "Cargadores", param = "lots" }}]

[[archetype]]
id = "troll"
kind = "race"
name = "Troll"
CON = 11
AGI = 3
INT = 1
VOL = 2

[[character]]
id = "trooper"
name = "Trooper"
weapons = ["blastr"]
""")
    assert validate_path(path) == [
        "scenarios/catalogue/bad.toml: archetype[1].colour: unknown key (expected one of: id, kind, name, "
        "description, traits, material, ENE, DMG, RNG, QUA, quiet_type, noisy_melee, fixed, mount_facing, mount_point, elements)",
        "scenarios/catalogue/bad.toml: archetype[1].DMG: ENE 1 with DMG 7 is an 'x' cell of the weapon table, "
        "an illegal combination (BLD-13, BLD-24 E4)",
        "scenarios/catalogue/bad.toml: archetype[1].traits[0].param: 'R12' is not a code of the area table "
        "(BLD-16, BLD-24 E6)",
        "scenarios/catalogue/bad.toml: archetype[1].traits[1].param: 'lots' is not a positive whole number",
        "scenarios/catalogue/bad.toml: archetype[2].CON: 11 is out of range 1-10 (BLD-24 E3)",
        "scenarios/catalogue/bad.toml: character[0].race: no race: a character needs exactly one race "
        "(BLD-3, BLD-24 E1)",
        "scenarios/catalogue/bad.toml: character[0].weapons[0]: unknown archetype 'blastr'",
    ]
    with pytest.raises(DataError) as exc:
        load_catalogue(path)
    assert len(exc.value.problems) == 7


def test_BLD_24_broken_catalogue_reference(workdir: Path) -> None:
    """BLD-24: an unknown archetype id names the field and suggests the closest id."""
    path = write("cat.toml", f'format = 1\ntype = "catalogue"\n{HUMAN}\n'
                             '[[character]]\nid = "x"\nname = "X"\nrace = "humna"\n')
    assert validate_path(path) == ["cat.toml: character[0].race: unknown archetype 'humna' (did you mean 'human'?)"]


def test_BLD_24_broken_list_lines(workdir: Path) -> None:
    """BLD-24: a broken list reports unknown characters, bad counts and unknown keys."""
    path = write("scenarios/lists/bad.toml", """format = 1
type = "list"
name = "Bad"
catalogue = "../catalogue/starter.toml"

[[unit]]
character = "rifleman"
count = 0

[[unit]]
character = "riflemen"

[[unit]]
character = "gunner"
colour = "blue"
""")
    assert validate_path(path) == [
        "scenarios/lists/bad.toml: unit[0].count: must be 1 or more, got 0",
        "scenarios/lists/bad.toml: unit[1].character: unknown character 'riflemen' (did you mean 'rifleman'?) "
        "(the catalogue scenarios/catalogue/starter.toml has: grenadier, gunner, heavy_rifleman, marksman, "
        "officer, ogre, "
        "ogre_brute, orc_berserker, orc_brawler, orc_knight, orc_raider, orc_shieldbearer, rifleman)",
        "scenarios/lists/bad.toml: unit[2].colour: unknown key (expected one of: character, count, aboard)",
    ]


def test_BLD_24_list_with_missing_catalogue(workdir: Path) -> None:
    """BLD-24: a missing catalogue file is a clear line, not a traceback."""
    path = write("scenarios/lists/orphan.toml", 'format = 1\ntype = "list"\nname = "Orphan"\n'
                                                 'catalogue = "../catalogue/nope.toml"\n'
                                                 '[[unit]]\ncharacter = "rifleman"\n')
    assert validate_path(path) == [
        "scenarios/lists/orphan.toml: catalogue: file not found: scenarios/catalogue/nope.toml"
    ]


def test_BLD_24_list_with_broken_catalogue(workdir: Path) -> None:
    """BLD-24: the problems of a list's catalogue are reported with the catalogue's own file name."""
    write("cat.toml", 'format = 1\ntype = "catalogue"\n[[archetype]]\nid = "x"\nkind = "race"\nname = "X"\n'
                      'CON = 4\nAGI = 4\nINT = 4\nVOL = 0\n')
    path = write("list.toml", 'format = 1\ntype = "list"\nname = "L"\ncatalogue = "cat.toml"\n'
                              '[[unit]]\ncharacter = "x"\n')
    assert validate_path(path) == [
        "list.toml: catalogue: cat.toml has 1 problem(s), listed below",
        "cat.toml: archetype[0].VOL: 0 is out of range 1-10 (BLD-24 E3)",
    ]


def test_BLD_22_broken_scenario_lines(workdir: Path) -> None:
    """BLD-22: a broken scenario reports terrain, deployment, limits and missing default lists."""
    path = write("scenarios/x.toml", """format = 1
type = "scenario"
name = "X"
points_limit = 0
turn_limit = 8
victory = "annihilation"
[board]
width = 20
height = 20
[[terrain]]
kind = "low"
rect = [1, 1, 3, 2]
[[terrain]]
kind = "high"
polygon = [[0, 0], [2, 2], [2, 0], [0, 2]]
[[terrain]]
kind = "forrest"
rect = [5, 5, 25, 6]
[deployment.red]
rect = [0, 0, 20, 4]
[deployment.blue]
rect = [0, 3, 20, 7]
[default_lists]
red = "lists/shooters.toml"
blue = "lists/nope.toml"
""")
    assert validate_path(path) == [
        "scenarios/x.toml: points_limit: must be 1 or more, got 0",
        "scenarios/x.toml: victory: 'annihilation' is not one of elimination, fewer_casualties, prisoners, objective",
        "scenarios/x.toml: terrain[1].polygon: is not a simple polygon (its edges cross or it has no area)",
        "scenarios/x.toml: terrain[2].kind: 'forrest' is not one of difficult, extreme, low, high, blocking, water",
        "scenarios/x.toml: terrain[2].rect: goes outside the 20×20 K board",
        "scenarios/x.toml: deployment.blue: overlaps the red deployment zone",
        "scenarios/x.toml: default_lists.blue: file not found: scenarios/lists/nope.toml",
    ]


def test_BLD_22_scenario_deployment_blocked(workdir: Path) -> None:
    """BLD-22: a deployment zone covered by blocking terrain leaves no room to deploy."""
    path = write("s.toml", 'format = 1\ntype = "scenario"\nname = "S"\npoints_limit = 100\nturn_limit = 5\n'
                           'victory = "elimination"\n[board]\nwidth = 10\nheight = 10\n'
                           '[[terrain]]\nid = "house"\nkind = "blocking"\nrect = [0, 0, 10, 2.5]\n'
                           '[deployment.red]\nrect = [0, 0, 10, 2]\n[deployment.blue]\nrect = [0, 8, 10, 10]\n')
    assert validate_path(path) == ["s.toml: deployment.red: no room for a 1 K base outside high and blocking terrain"]


def test_BLD_22_scenario_default_list_over_limit_E10(workdir: Path) -> None:
    """BLD-22 / BLD-24 E10: validating a scenario checks its default lists against its points_limit."""
    text = (workdir / "scenarios" / "skirmish.toml").read_text(encoding="utf-8")
    path = write("scenarios/small.toml", text.replace("points_limit = 300", "points_limit = 250"))
    assert validate_path(path) == [
        "scenarios/lists/shooters.toml: unit: the list costs 300 points, 50 over the points_limit 250 of scenario "
        "'Skirmish' (BLD-22, BLD-24 E10)",
        "scenarios/lists/brawlers.toml: unit: the list costs 300 points, 50 over the points_limit 250 of scenario "
        "'Skirmish' (BLD-22, BLD-24 E10)",
    ]


def test_BLD_24_broken_toml_syntax(workdir: Path) -> None:
    """BLD-24: broken TOML syntax is one line with its position, never a traceback."""
    path = write("broken.toml", 'format = 1\ntype = "list"\nname = "unterminated\n')
    assert validate_path(path) == ["broken.toml: line 3, column 21: invalid TOML: Illegal character '\\n'"]
    path = write("dup.toml", "format = 1\nformat = 1\n")
    with pytest.raises(DataError) as exc:
        load_any(path)
    assert exc.value.lines()[0].startswith("dup.toml: ")
    assert "invalid TOML" in exc.value.lines()[0]


def test_BLD_24_missing_file_and_header(workdir: Path) -> None:
    """BLD-24: a missing file, a missing or unknown type, a wrong format, and a file of the wrong type."""
    assert validate_path("nowhere.toml") == ["nowhere.toml: (file): file not found"]
    assert validate_path(write("a.toml", 'name = "x"\n')) == [
        "a.toml: format: missing (required: format = 1)",
        "a.toml: type: missing (required: one of catalogue, list, scenario)",
    ]
    assert validate_path(write("b.toml", 'format = 3\ntype = "army"\n')) == [
        "b.toml: format: unsupported format 3 (this version reads format 1)",
        "b.toml: type: 'army' is not one of catalogue, list, scenario",
    ]
    with pytest.raises(DataError) as exc:
        load_scenario("scenarios/lists/mixed.toml")
    assert exc.value.lines() == ["scenarios/lists/mixed.toml: type: expected a scenario file, got type = 'list'"]


def test_BLD_24_load_any_dispatches_on_type(workdir: Path) -> None:
    """BLD-24: load_any returns (type, model) for each kind of file."""
    kind, cat = load_any("scenarios/catalogue/starter.toml")
    assert kind == "catalogue" and isinstance(cat, Catalogue) and cat.name == "Starter"
    kind, army = load_any("scenarios/lists/mixed.toml")
    assert kind == "list" and isinstance(army, ArmyList)
    assert army.catalogue == Path("scenarios/catalogue/starter.toml")
    assert [c.id for c in army.characters()] == ["officer", "rifleman", "orc_brawler", "orc_raider"]
    kind, sc = load_any("scenarios/skirmish.toml")
    assert kind == "scenario" and isinstance(sc, Scenario)
    assert sc.default_lists == {"red": Path("scenarios/lists/shooters.toml"),
                                "blue": Path("scenarios/lists/brawlers.toml")}
    assert load_army_list("scenarios/lists/shooters.toml").name == "Shooters"


def test_BLD_24_cost_report(workdir: Path) -> None:
    """BLD-24: ``wartime cost --json`` data for a catalogue, a list and a scenario (JSON-serialisable)."""
    cat = cost_report("scenarios/catalogue/starter.toml")
    assert cat["archetypes"]["rifle"] == 35 and cat["characters"]["rifleman"] == 77
    assert "lists" not in cat
    lst = cost_report("scenarios/lists/shooters.toml")
    assert lst["lists"]["Shooters"]["cost"] == 300
    assert lst["lists"]["Shooters"]["characters"][0] == {"id": "rifleman", "name": "Rifleman", "count": 3,
                                                          "cost": 77, "subtotal": 231}
    assert lst["characters"]["gunner"] == 69
    sc = cost_report("scenarios/crossroads.toml")
    assert sc["points_limit"] == 300
    assert {k: (v["side"], v["cost"], v["within_limit"]) for k, v in sc["lists"].items()} == {
        "Armoured": ("red", 300, True), "Mixed": ("blue", 300, True)}
    json.dumps([cat, lst, sc])
    with pytest.raises(DataError):
        cost_report("nowhere.toml")


def test_BLD_15_trait_points_cross_check(workdir: Path) -> None:
    """BLD-15: an optional ``points`` on a trait must match the catalogue price (here Cargadores −5)."""
    path = write("c.toml", 'format = 1\ntype = "catalogue"\n[[archetype]]\nid = "gun"\nkind = "weapon"\n'
                           'name = "Gun"\nENE = 4\nDMG = 4\nRNG = 20\nQUA = 4\n'
                           'traits = [{ name = "Cargadores", param = 6, points = -3 }, { name = "Mulo", level = 1 }]\n')
    assert validate_path(path) == [
        "c.toml: archetype[0].traits[0].points: -3 does not match the catalogue price -5 of 'Cargadores'",
        "c.toml: archetype[0].traits[1].name: 'Mulo' cannot be bought on a weapon (it applies to: race)",
        "c.toml: archetype[0].traits[1].level: 'Mulo' has no levels",
    ]
