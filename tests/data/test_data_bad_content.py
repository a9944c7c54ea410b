"""Bad input for the issue-16 content (metahabilities, objects, transports): each mistake gets exactly one clear
line naming the file and the field (docs/data-formats.md, "Problems")."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from wartime.core.errors import DataError
from wartime.data.loader import load_army_list, load_catalogue

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of scenarios/ (lists refer to their catalogues by relative paths), as the working folder."""
    shutil.copytree(ROOT / "scenarios", tmp_path / "scenarios")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "scenarios"


def one_line(load, rel: str, old: str, new: str) -> str:
    """The one problem line of the file `rel` (relative to the working folder) with `old` replaced by `new`."""
    path = Path(rel)
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as exc:
        load(rel)
    lines = exc.value.lines()
    assert len(lines) == 1, lines
    return lines[0]


def test_MET_1_a_metahability_of_an_unknown_kind_is_one_line(shipped: Path):
    line = one_line(load_catalogue, "scenarios/catalogue/metahabilities.toml", 'traits = [{ name = "Mutación" }, { name = "Acobardamiento" }]',
                    'traits = [{ name = "Acobardamiento" }]')
    assert line == ("scenarios/catalogue/metahabilities.toml: character[0].metahabilities[1]: 'terror_maw' is of an "
                    "unknown kind: a metahability has exactly one of Mutación, Bunkai, Invocación, Atadura (MET-1), "
                    "it has none")


def test_MET_1_an_archetype_kind_misspelt_is_one_line(shipped: Path):
    line = one_line(load_catalogue, "scenarios/catalogue/metahabilities.toml", 'kind = "metahability"',
                    'kind = "metahabilty"')
    assert line.startswith("scenarios/catalogue/metahabilities.toml: archetype[") and line.endswith(
        "].kind: 'metahabilty' is not one of race, weapon, protection, metahability, object, transport")


def test_TRT_CAPACITY_passengers_over_the_capacity_are_one_line(shipped: Path):
    line = one_line(load_army_list, "scenarios/lists/convoy.toml", "count = 3\naboard", "count = 7\naboard")
    assert line == ("scenarios/lists/convoy.toml: unit[1].aboard: the passengers aboard 'truck_driver' need 7 load "
                    "levels and its Cargo truck carries 6 (Capacidad 6, TRT-CAPACITY)")


@pytest.mark.parametrize("rng,problem", [("-3", "must be 0 or more, got -3 (BLD-24 E3)"),
                                         ("4.5", "expected an integer, got 4.5 (BLD-24 E3)"),
                                         ('"far"', "expected an integer, got 'far' (BLD-24 E3)")])
def test_BLD_17_an_object_with_an_impossible_range_is_one_line(shipped: Path, rng: str, problem: str):
    line = one_line(load_catalogue, "scenarios/catalogue/quartermaster.toml", "ENE = 2\nRNG = 4\nQUA = 2",
                    f"ENE = 2\nRNG = {rng}\nQUA = 2")
    assert line.startswith("scenarios/catalogue/quartermaster.toml: archetype[") and line.endswith(f"].RNG: {problem}")
