"""Helpers shared by the data tests: build archetypes, characters, lists and scenarios in memory."""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from wartime.core.errors import DataError
from wartime.data.loader import archetype_from_dict
from wartime.data.models import Archetype, ArmyList, CharacterSpec, Scenario, Unit

FIXTURES = Path(__file__).parent / "fixtures"

#: Keys of the example fixtures that document the hand computation and are not archetype data.
_FIXTURE_ONLY = {"expected_points", "attribute_points", "trait_points", "table_points", "mounted"}


def arch_data(kind: str, id: str = "a", traits: list[dict[str, Any]] | None = None, **attrs: Any) -> dict[str, Any]:
    """A ``[[archetype]]`` table as a dict."""
    return {"id": id, "kind": kind, "name": id.title(), "traits": traits or [], **attrs}


def make(kind: str, id: str = "a", traits: list[dict[str, Any]] | None = None, **attrs: Any) -> Archetype:
    """A validated archetype (raises DataError if invalid)."""
    return archetype_from_dict(arch_data(kind, id, traits, **attrs))


def errors_of(kind: str, id: str = "a", traits: list[dict[str, Any]] | None = None, **attrs: Any) -> list[str]:
    """The DataError lines of an archetype (``[]`` when valid)."""
    try:
        archetype_from_dict(arch_data(kind, id, traits, **attrs))
    except DataError as exc:
        return exc.lines()
    return []


def human() -> Archetype:
    """CON 4, AGI 5, INT 4, VOL 4: 25 points."""
    return make("race", "human", CON=4, AGI=5, INT=4, VOL=4)


def character(race: Archetype, id: str = "c", **groups: Any) -> CharacterSpec:
    """A character model built directly (no builder validation)."""
    return CharacterSpec(id=id, name=id.title(), race=race, **{k: tuple(v) if isinstance(v, list) else v
                                                               for k, v in groups.items()})


def character_costing(total: int, id: str = "c") -> CharacterSpec:
    """A character whose archetypes add up to exactly ``total``: a race at all 1s (−40) and an object
    ENE 1, QUA 1, RNG total + 40 (cost RNG + QUA − ENE = RNG)."""
    race = make("race", "weakling", CON=1, AGI=1, INT=1, VOL=1)
    gadget = make("object", "gadget", ENE=1, RNG=total + 40, QUA=1)
    return character(race, id=id, objects=[gadget])


def army(*units: tuple[CharacterSpec, int], name: str = "Test list", path: str = "list.toml") -> ArmyList:
    return ArmyList(name=name, path=Path(path), units=tuple(Unit(character=c, count=n) for c, n in units))


def scenario(points_limit: int, name: str = "Test") -> Scenario:
    return Scenario(
        name=name,
        path=Path("scenario.toml"),
        board_width=36,
        board_height=24,
        points_limit=points_limit,
        turn_limit=8,
        victory="elimination",
        deployment={"red": ((0, 0), (36, 0), (36, 4), (0, 4)), "blue": ((0, 20), (36, 20), (36, 24), (0, 24))},
    )


def read_fixture(name: str) -> dict[str, Any]:
    return tomllib.loads((FIXTURES / name).read_text(encoding="utf-8"))


def fixture_archetype(raw: dict[str, Any], kind: str | None = None, id: str | None = None) -> Archetype:
    """An archetype from an example fixture table: fixture-only keys dropped, trait ``line`` dropped (the
    trait ``points`` stay and are cross-checked against the catalogue price by the loader)."""
    data = {k: v for k, v in raw.items() if k not in _FIXTURE_ONLY}
    data["traits"] = [{k: v for k, v in t.items() if k != "line"} for t in raw.get("traits", [])]
    if kind is not None:
        data["kind"] = kind
    if id is not None:
        data["id"] = id
    return archetype_from_dict(data, file="fixture", field=str(data.get("id")))


def fixture_character(name: str) -> tuple[CharacterSpec, dict[str, Any]]:
    """The example character fixture ``name`` as a model, plus the raw fixture."""
    raw = read_fixture(name)
    race = fixture_archetype(raw["race"], "race", "race")
    groups: dict[str, list[Archetype]] = {"weapons": [], "protections": [], "objects": []}
    for section, group, kind in (("weapon", "weapons", "weapon"), ("protection", "protections", "protection"),
                                 ("object", "objects", "object")):
        for i, table in enumerate(raw.get(section, [])):
            groups[group].append(fixture_archetype(table, kind, f"{section}{i}"))
    return character(race, id=raw["character"]["name"], **groups), raw
