"""Object archetypes in data files (BLD-17): an impossible value is one clear ``file: field: problem`` line, and
the shipped quartermaster catalogue prices each object by BLD-18 (RNG + QUA + traits − ENE)."""
from __future__ import annotations

from pathlib import Path

import pytest

from wartime.core.errors import DataError
from wartime.data.costs import archetype_cost
from wartime.data.loader import load_catalogue

ROOT = Path(__file__).resolve().parents[2]
QUARTERMASTER = ROOT / "scenarios" / "catalogue" / "quartermaster.toml"

OBJECT = """format = 1
type = "catalogue"
name = "Bad"

[[archetype]]
id = "medkit"
kind = "object"
name = "Medkit"
ENE = 2
RNG = {rng}
QUA = 3
traits = [{{ name = "Elixir", level = 1 }}]
"""


@pytest.mark.parametrize("rng, problem", [("-3", "must be 0 or more, got -3"),
                                          ('"far"', "expected an integer, got 'far'")])
def test_BLD_17_an_object_with_an_impossible_range_is_one_DataError_line(tmp_path, rng, problem):
    path = tmp_path / "bad.toml"
    path.write_text(OBJECT.format(rng=rng), encoding="utf-8")
    with pytest.raises(DataError) as exc:
        load_catalogue(path)
    lines = str(exc.value).splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{path}: archetype[0].RNG: {problem}"), lines


#: quartermaster.toml: id -> (RNG, QUA, traits' points, ENE) as its comments spell them out (BLD-18)
BOOK = {"stim_pack": (0, 2, 10, 1), "field_medkit": (0, 3, 5 - 5, 2), "surgeons_kit": (0, 3, 15 - 10, 3),
        "morphine": (0, 1, 5 - 10 - 5, 1), "dart_injector": (4, 2, 10 - 10, 2), "blood_idol": (0, 3, 15 - 10 - 10, 2),
        "bitter_tonic": (0, 2, 10 - 10, 1), "nerve_tonic": (0, 2, 10 - 20, 1), "regimental_banner": (0, 3, 30, 1), "lucky_charm": (0, 1, 7, 1),
        "field_glasses": (0, 2, 3, 1), "bugle": (0, 2, 25 - 5, 1)}


@pytest.mark.parametrize("arch_id", sorted(BOOK))
def test_BLD_18_each_shipped_object_costs_RNG_plus_QUA_plus_traits_minus_ENE(arch_id):
    a = load_catalogue(QUARTERMASTER).archetypes[arch_id]
    rng, qua, traits, ene = BOOK[arch_id]
    assert a.kind == "object" and (a.RNG, a.QUA, sum(t.points for t in a.traits), a.ENE) == (rng, qua, traits, ene)
    assert archetype_cost(a) == rng + qua + traits - ene
