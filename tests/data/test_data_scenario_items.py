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
        "element[0].size: unknown key (expected one of: id, name, at, radius, contents, use)",
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


DOOR = '[[terrain]]\nid = "gate"\nkind = "blocking"\nrect = [9, 5, 11, 6]\n'


def test_GNA_16_used_elements_load_with_their_cost_check_and_effect(tmp_path: Path):
    """GNA-16: `[element.use]` sets Usar's X (ene), the check (attribute and difficulty) and the effect: a door names
    its terrain piece (closed unless `open`); a mechanism is worked once. Set up, the element carries its use and the
    game state knows the door."""
    sc = load(tmp_path, DOOR + '[[element]]\nid = "lever"\nat = [12, 7]\n[element.use]\nene = 2\ncheck = "AGI"\n'
                              'modifier = -1\neffect = "door"\ndoor = "gate"\n'
                              '[[element]]\nid = "console"\nat = [4, 10]\n[element.use]\nene = 1\neffect = "mechanism"')
    lever, console = sc.elements
    assert (lever.use.ene, lever.use.check, lever.use.modifier, lever.use.effect, lever.use.door, lever.use.open) == \
        (2, "AGI", -1, "door", "gate", False)
    assert (console.use.ene, console.use.check, console.use.effect) == (1, None, "mechanism")
    lists = {s: load_army_list(ROOT / "scenarios" / "lists" / "brawlers.toml") for s in ("red", "blue")}
    gs = build_state(sc, lists, ScriptedDice())
    assert list(gs.doors) == ["gate"] and gs.board is gs.scenario_board


def test_GNA_16_used_element_errors_name_the_field(tmp_path: Path):
    """GNA-16: one clear line per bad field of `[element.use]` (file, field, problem)."""
    el = '[[element]]\nid = "lever"\nat = [12, 7]\n[element.use]\n'
    assert load(tmp_path, DOOR + el + 'ene = 11\ncheck = "STR"\neffect = "portal"\nspeed = 2') == [
        "element[0].use.speed: unknown key (expected one of: ene, check, modifier, effect, door, open)",
        "element[0].use.ene: 11 is out of range 0-10",
        "element[0].use.check: expected one of CON, AGI, INT, VOL, got 'STR'",
        "element[0].use.effect: expected one of door, mechanism, got 'portal'"]
    assert load(tmp_path, DOOR + el + 'ene = 1\neffect = "door"\ndoor = "gat"') == [
        "element[0].use.door: no [[terrain]] with id 'gat' (did you mean 'gate'?)"]
    assert load(tmp_path, DOOR + el + 'ene = 1\neffect = "door"') == ["element[0].use.door: missing (required)"]
    assert load(tmp_path, DOOR + el + 'ene = 1\nmodifier = 2\neffect = "mechanism"\nopen = true') == [
        "element[0].use.modifier: a difficulty needs a check (check = CON, AGI, INT or VOL)",
        "element[0].use.open: only a door (effect = 'door') has a terrain piece and a state"]
    assert load(tmp_path, '[[element]]\nid = "c"\nat = [4, 10]\ncontents = ["Key"]\n[element.use]\nene = 1\n'
                          'effect = "mechanism"') == [
        "element[0].contents: a used element (use) holds nothing: it is used, not searched"]
