"""The ``[objective]`` of a ``victory = "objective"`` scenario (BLD-22; docs/data-formats.md, "Victory"): its side,
count and zone load; every mistake gets one line naming the file and the field."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from test_data_scenario_items import SCENARIO as ITEMS_SCENARIO
from wartime.core.errors import DataError
from wartime.data.loader import load_match_inputs, load_scenario

ROOT = Path(__file__).resolve().parents[2]

#: the scenario items tests' small board, with the victory left open
SCENARIO = ITEMS_SCENARIO.replace('victory = "elimination"', 'victory = "{victory}"')


def lines(tmp_path: Path, extra: str, victory: str = "objective") -> list[str]:
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO.format(extra=extra, victory=victory), encoding="utf-8")
    with pytest.raises(DataError) as exc:
        load_scenario(path)
    return exc.value.lines()


def test_BLD_22_an_objective_loads_with_its_side_count_and_zone(tmp_path: Path):
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO.format(victory="objective", extra='[objective]\nname = "Bridge"\nside = "blue"\n'
                                    'count = 2\ncircle = [10, 10, 3]'), encoding="utf-8")
    goal = load_scenario(path).objective
    assert (goal.name, goal.side, goal.count, len(goal.zone)) == ("Bridge", "blue", 2, 64)


def test_BLD_22_objective_mistakes_get_one_line_each(tmp_path: Path):
    f = str(tmp_path / "s.toml")
    assert lines(tmp_path, "") == [f"{f}: objective: missing (victory = \"objective\" needs an [objective] table: "
                                   "side, count and a zone)"]
    assert lines(tmp_path, '[objective]\nside = "green"\ncount = 0\nrect = [5, 5, 30, 8]') == [
        f"{f}: objective.side: 'green' is not one of red, blue",
        f"{f}: objective.count: must be 1 or more, got 0",
        f"{f}: objective.rect: goes outside the 20×20 K board",
    ]
    assert lines(tmp_path, '[objective]\nside = "red"\ncount = 1\nrect = [5, 5, 8, 8]\nsize = 3') == [
        f"{f}: objective.size: unknown key (expected one of: name, side, count, rect, polygon, circle)"]
    assert lines(tmp_path, '[objective]\nside = "red"\ncount = 1\nrect = [5, 5, 8, 8]', victory="elimination") == [
        f"{f}: objective: only for victory = \"objective\" (this scenario's victory is 'elimination')"]


def test_BLD_22_an_objective_count_beyond_the_list_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    shutil.copytree(ROOT / "scenarios", tmp_path / "scenarios")
    monkeypatch.chdir(tmp_path)
    path = Path("scenarios/convoy.toml")
    path.write_text(path.read_text(encoding="utf-8").replace("count = 3\nrect", "count = 9\nrect"), encoding="utf-8")
    with pytest.raises(DataError) as exc:
        load_match_inputs(path, {})
    assert exc.value.lines() == [
        "scenarios/convoy.toml: objective.count: red must hold 9 characters in the zone but its list "
        "scenarios/lists/convoy.toml fields only 5"]
