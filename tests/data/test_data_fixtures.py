"""The hand-computed example fixtures (tests/data/fixtures, copied from the rules digest's examples/)."""
from __future__ import annotations

import pytest

from data_test_helpers import fixture_archetype, fixture_character, read_fixture
from wartime.data.costs import archetype_cost, character_cost

ARCHETYPES = read_fixture("archetypes.toml")["archetype"]


@pytest.mark.parametrize("raw", ARCHETYPES, ids=[a["id"] for a in ARCHETYPES])
def test_BLD_2_example_archetypes_expected_points(raw: dict) -> None:
    """BLD-2 (BLD-6, BLD-9, BLD-11, BLD-15, BLD-16, BLD-21): each example archetype costs its
    expected_points (alien_beast 15, chitin_hide 20, grenade_launcher 19, sleep_spell 20, war_horse 17)."""
    arch = fixture_archetype(raw)
    assert archetype_cost(arch) == raw["expected_points"]
    assert [t.points for t in arch.traits] == [t["points"] for t in raw.get("traits", [])]


def test_BLD_2_example_archetype_totals() -> None:
    """BLD-2: the fixture's stated totals, and alien_beast + chitin_hide = a 35-point beast."""
    costs = {raw["id"]: archetype_cost(fixture_archetype(raw)) for raw in ARCHETYPES}
    assert costs == {"alien_beast": 15, "chitin_hide": 20, "grenade_launcher": 19, "sleep_spell": 20,
                     "war_horse": 17}
    assert costs["alien_beast"] + costs["chitin_hide"] == 35


@pytest.mark.parametrize("name", ["character_rifleman.toml", "character_brawler.toml"])
def test_BLD_4_example_characters_expected_points(name: str) -> None:
    """BLD-4: the example characters cost 88 (rifleman) and 121 (brawler), archetype by archetype."""
    c, raw = fixture_character(name)
    assert [archetype_cost(a) for a in c.archetypes()] == raw["character"]["archetype_points"]
    assert character_cost(c) == raw["character"]["expected_points"]
    assert archetype_cost(c.race) == raw["race"]["expected_points"]


def test_BLD_7_example_rifleman_derived_values() -> None:
    """BLD-7: the rifleman's CH DEF target 2, fit 0, overload 0 with no wounds and 1 with 3 wounds."""
    c, raw = fixture_character("character_rifleman.toml")
    d = raw["derived"]
    assert c.def_target() == d["def_check_target"] == 2
    assert c.fit_penalty() == d["fit_penalty_agi"] == 0
    assert c.overload_penalty(0) == d["overload_penalty_0_wounds"] == 0
    assert c.overload_penalty(3) == d["overload_penalty_3_wounds"] == 1
    assert c.weapons[0].magazine == 6


def test_BLD_7_example_brawler_derived_values() -> None:
    """BLD-7: the brawler's CH DEF target 7, fit 1, overload CON 8 (Mulo), overload 0 / 1 at 0 / 2 wounds,
    melee attack at −2 with 2 wounds (fit and overload each applied once)."""
    c, raw = fixture_character("character_brawler.toml")
    d = raw["derived"]
    assert c.def_target() == d["def_check_target"] == 7
    assert c.fit_penalty() == d["fit_penalty_agi"] == 1
    assert c.overload_con == d["overload_con"] == 8
    assert c.overload_penalty(0) == d["overload_penalty_0_wounds"] == 0
    assert c.overload_penalty(2) == d["overload_penalty_2_wounds"] == 1
    assert c.physical_check_penalty(2) == d["melee_attack_penalty_2_wounds"] == 2
