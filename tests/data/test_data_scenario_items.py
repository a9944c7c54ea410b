"""The scenario sections of the generic actions: searchable elements with their contents (``[[element]]``, GNA-2) and
characters that start tied up (``[[captive]]``, GNA-6): loaded, checked with clear errors, and placed in the world
when a game is set up."""
from __future__ import annotations

from pathlib import Path

from wartime.core.components import Item, Searchable, Tied
from wartime.core.errors import DataError
from wartime.core.rng import ScriptedDice
from wartime.data.loader import load_army_list, load_scenario
from wartime.match.setup import build_state

ROOT = Path(__file__).resolve().parents[2]

SCENARIO = """format = 1
type = "scenario"
name = "Search test"
points_limit = 300
turn_limit = 8
victory = "elimination"

[board]
width = 20
height = 20

{extra}

[deployment.red]
rect = [0, 0, 20, 3]
[deployment.blue]
rect = [0, 17, 20, 20]
"""


def load(tmp_path: Path, extra: str):
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO.format(extra=extra), encoding="utf-8")
    try:
        return load_scenario(path)
    except DataError as exc:
        return [line.split(": ", 1)[1] for line in exc.lines()]


def test_GNA_2_searchable_elements_load_with_their_contents(tmp_path: Path):
    """GNA-2: `[[element]]` names an id, a point on the board, a radius (default 0.5 K) and the items inside."""
    sc = load(tmp_path, '[[element]]\nid = "chest"\nname = "Old chest"\nat = [10, 10]\ncontents = ["Key", "Medkit"]')
    (el,) = sc.elements
    assert (el.id, el.name, el.x, el.y, el.radius, el.contents) == ("chest", "Old chest", 10.0, 10.0, 0.5,
                                                                     ("Key", "Medkit"))


def test_GNA_2_element_errors_name_the_field(tmp_path: Path):
    assert load(tmp_path, '[[element]]\nid = "c"\nat = [19.8, 10]') == [
        "element[0].at: the element (radius 0.5 K) must lie on the board"]
    assert load(tmp_path, '[[element]]\nat = [10, 10]\ncontents = "Key"') == [
        "element[0].id: missing (required)", "element[0].contents: expected a list of item names, got 'Key'"]
    assert load(tmp_path, '[[element]]\nid = "c"\nat = [10, 10]\nradius = 0\nsize = 2') == [
        "element[0].size: unknown key (expected one of: id, name, at, radius, contents)",
        "element[0].radius: must be greater than 0, got 0"]
    assert load(tmp_path, '[[element]]\nid = "c"\nat = [10, 10]\n[[element]]\nid = "c"\nat = [5, 5]') == [
        "element[1].id: duplicate element id 'c'"]


def test_GNA_6_captives_load_and_are_checked(tmp_path: Path):
    """GNA-6: `[[captive]]` names a side, the character's place in its list and its bonds (rope or steel)."""
    sc = load(tmp_path, '[[captive]]\nside = "blue"\ncharacter = 2\nbonds = "steel"')
    (cap,) = sc.captives
    assert (cap.side, cap.character, cap.bonds) == ("blue", 2, "steel")
    assert load(tmp_path, '[[captive]]\nside = "green"\ncharacter = 0\nbonds = "silk"') == [
        "captive[0].side: 'green' is not one of red, blue", "captive[0].character: must be 1 or more, got 0",
        "captive[0].bonds: 'silk' is not one of rope, steel"]


def test_GNA_2_GNA_6_set_up_places_elements_items_and_captives(tmp_path: Path):
    """Set-up: one entity per element and one held-inside `Item` per content; the captive is `Tied`; a captive beyond
    its list's length is a DataError naming the field."""
    sc = load(tmp_path, '[[element]]\nid = "chest"\nat = [10, 10]\ncontents = ["Key"]\n'
                        '[[captive]]\nside = "red"\ncharacter = 1\nbonds = "steel"')
    lists = {s: load_army_list(ROOT / "scenarios" / "lists" / "brawlers.toml") for s in ("red", "blue")}
    gs = build_state(sc, lists, ScriptedDice())
    (el,) = list(gs.world.query(Searchable))
    (key,) = list(gs.world.query(Item))
    assert gs.world.get(key, Item).inside == el and gs.world.get(key, Item).name == "Key"
    red = [e for e in gs.minis() if gs.side(e) == "red"]
    assert gs.world.get(red[0], Tied).steel and not any(gs.world.has(e, Tied) for e in red[1:])
    sc = load(tmp_path, '[[captive]]\nside = "red"\ncharacter = 99')
    try:
        build_state(sc, lists, ScriptedDice())
    except DataError as exc:
        assert exc.lines()[0].endswith("captive[0].character: red's list has "
                                       f"{len(red)} miniatures, not 99")
    else:
        raise AssertionError("expected a DataError")
