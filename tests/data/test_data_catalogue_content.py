"""The shipped catalogue (issue 12, point 4): enough archetypes and traits to build from, the building chapter's
worked examples at their book cost, and at least eight army lists of distinct styles, each valid, costed, within a
shipped scenario's points limit and fieldable by the engine.

The book values come from the worked-example fixtures (tests/data/fixtures, copied from the rules digest's
examples/) and are also spelled out here, so a wrong catalogue entry or a wrong formula both fail."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from wartime.ai import make_controller
from wartime.data.cost_report import cost_report
from wartime.data.costs import archetype_cost, character_cost, list_cost
from wartime.data.loader import check_list_against_scenario, load_army_list, load_catalogue, load_scenario
from wartime.data.models import CharacterSpec
from wartime.data.validate import validate_path
from wartime.match.match import Match, derive_seed
from wartime.match.setup import fielding_problems, refused_lines
from wartime.rules.traits.registry import fieldable
from wartime.rules.turns import END_REASONS

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
CATALOGUES = sorted((SCENARIOS / "catalogue").glob("*.toml"))
LISTS = sorted((SCENARIOS / "lists").glob("*.toml"))
SCENARIO_FILES = sorted(SCENARIOS.glob("*.toml"))
BOOK = SCENARIOS / "catalogue" / "book-examples.toml"
FIXTURES = Path(__file__).parent / "fixtures"

#: The styles issue 12 asks the shipped lists to cover; each list's description starts with "Style: <style>".
REQUIRED_STYLES = {"elite few", "horde", "snipers", "beasts", "armoured", "close combat", "fast movers", "mixed"}
#: The lists this content point added (played whole in the slow test).
NEW_LISTS = ("beasts", "horde", "elite", "snipers", "fast-movers")

#: book-examples.toml id -> (fixture file, fixture entry, book cost). The fixture entry is the archetype id in
#: archetypes.toml, or (section, index) in a character file.
WORKED_ARCHETYPES = {
    # archetypes.toml
    "alien_beast": ("archetypes.toml", "alien_beast", 15),            # BLD-6 race
    "chitin_hide": ("archetypes.toml", "chitin_hide", 20),            # BLD-9 protection
    "book_grenade_launcher": ("archetypes.toml", "grenade_launcher", 19),  # BLD-15 weapon (+ BLD-16 area)
    "sleep_spell": ("archetypes.toml", "sleep_spell", 20),            # BLD-11 metahability
    "war_horse": ("archetypes.toml", "war_horse", 17),                # BLD-21 transport
    # character_brawler.toml
    "heavy_human": ("character_brawler.toml", ("race", 0), 60),
    "sharp_war_axe": ("character_brawler.toml", ("weapon", 0), 30),
    "oversized_plate": ("character_brawler.toml", ("protection", 0), 21),
    "tower_shield": ("character_brawler.toml", ("protection", 1), 10),
    # character_rifleman.toml
    "human": ("character_rifleman.toml", ("race", 0), 25),
    "rifle": ("character_rifleman.toml", ("weapon", 0), 35),
    "knife": ("character_rifleman.toml", ("weapon", 1), 5),
    "flak_vest": ("character_rifleman.toml", ("protection", 0), 12),
    "stim_pack": ("character_rifleman.toml", ("object", 0), 11),     # BLD-18 object
}
#: The priced examples of the building rules' **Test.** lines (rules digest building.md), by rule: id -> book cost.
RULE_TEST_EXAMPLES = {
    "strong_dullard": ("BLD-6", 10),                      # CON 5, AGI 4, INT 3, VOL 3 + Mulo − Muy tonto: 15 + 5 − 10
    "padded_coat": ("BLD-9", 16),                         # ENE 2, DEF 3, SIZ 4, QUA 5: 9 + 4 + 5 − 2
    "exhausting_gun": ("BLD-15", -125),                   # ENE 6, DMG 2, RNG 10, QUA 5: −140 + 10 + 5
    "book_grenade_launcher_negligible": ("BLD-16", 15),   # the launcher + Área despreciable: 1 + 15 + 4 + 0 + 3 − 5 − 3
}
#: The worked characters (BLD-4), assembled from book-examples.toml: race, weapons, protections, objects.
#: The fixture file that states the book total (None: the total is in archetypes.toml's header comment).
WORKED_CHARACTERS = {
    "heavy-armoured brawler": (("heavy_human", ["sharp_war_axe"], ["oversized_plate", "tower_shield"], []), 121,
                               "character_brawler.toml"),
    "human rifleman": (("human", ["rifle", "knife"], ["flak_vest"], ["stim_pack"]), 88, "character_rifleman.toml"),
    "35-point beast": (("alien_beast", [], ["chitin_hide"], []), 35, None),
}
_KIND_OF_SECTION = {"race": "race", "weapon": "weapon", "protection": "protection", "object": "object"}
_ATTRS = ("CON", "AGI", "INT", "VOL", "ENE", "DMG", "RNG", "QUA", "DEF", "SIZ", "MOV")


def _fixture_entry(file: str, entry) -> dict:
    raw = tomllib.loads((FIXTURES / file).read_text(encoding="utf-8"))
    if isinstance(entry, str):
        return next(a for a in raw["archetype"] if a["id"] == entry)
    section, index = entry
    table = raw[section]
    out = dict(table if isinstance(table, dict) else table[index])
    out.setdefault("kind", _KIND_OF_SECTION[section])
    return out


@pytest.fixture(scope="module")
def catalogues():
    return {p.stem: load_catalogue(p) for p in CATALOGUES}


@pytest.fixture(scope="module")
def book():
    return load_catalogue(BOOK)


@pytest.fixture(scope="module")
def lists():
    return {p.stem: load_army_list(p) for p in LISTS}


# --- counts --------------------------------------------------------------------------------------------------
def test_the_shipped_catalogues_hold_40_archetypes_using_80_distinct_traits(catalogues) -> None:
    """At least 40 distinct archetype ids over the shipped catalogues (an id repeated in two files counts once)
    and at least 80 distinct trait IDs among their traits."""
    ids = {a for cat in catalogues.values() for a in cat.archetypes}
    traits = {t.trait_id for cat in catalogues.values() for a in cat.archetypes.values() for t in a.traits}
    assert len(ids) >= 40, sorted(ids)
    assert len(traits) >= 80, sorted(traits)


def test_every_trait_the_engine_plays_is_in_a_shipped_catalogue(catalogues) -> None:
    """A player can see every fieldable trait on some shipped archetype."""
    traits = {t.trait_id for cat in catalogues.values() for a in cat.archetypes.values() for t in a.traits}
    assert fieldable() <= traits, sorted(fieldable() - traits)


def test_at_least_8_lists_cover_the_required_styles(lists) -> None:
    """Each list's description starts with "Style: <style>."; the eight styles of issue 12 are all present and no
    two lists share a style."""
    assert len(lists) >= 8
    styles = {}
    for stem, army in lists.items():
        m = re.match(r"Style: ([^.(]+?)\s*[.(]", army.description or "")
        assert m, f"{stem}: description does not start with 'Style: ...'"
        styles[stem] = m.group(1).strip().lower()
    assert REQUIRED_STYLES <= set(styles.values()), sorted(REQUIRED_STYLES - set(styles.values()))
    assert len(set(styles.values())) == len(styles), styles


# --- every shipped file is valid and fieldable ---------------------------------------------------------------
@pytest.mark.parametrize("path", CATALOGUES + LISTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_shipped_catalogue_and_list_validates(path) -> None:
    """`wartime validate` accepts it: no data problem (BLD-24 E1-E9) and nothing the engine refuses to field."""
    assert validate_path(path) == []
    assert refused_lines(path) == []


@pytest.mark.parametrize("path", LISTS, ids=lambda p: p.stem)
def test_every_trait_of_a_shipped_list_is_fieldable(path) -> None:
    """Every trait on every archetype a shipped list fields is one the engine plays, on that archetype kind."""
    army = load_army_list(path)
    for spec in army.characters():
        for arch in spec.archetypes():
            assert arch.kind in ("race", "weapon", "protection", "object", "transport", "metahability"), \
                (spec.id, arch.id)                                          # GNA-16, MOV-2, MET-1: played
            for t in arch.traits:
                assert t.trait_id in fieldable(), (spec.id, arch.id, t.trait_id)
        assert fielding_problems(spec) == [], spec.id


# --- costs ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", LISTS, ids=lambda p: p.stem)
def test_BLD_24_list_cost_is_the_sum_of_its_characters(path) -> None:
    """BLD-24 (BLD-4, BLD-23): a list costs the sum of its recruited characters, each the sum of its archetypes
    (charged at least 10); `wartime cost` reports that sum, and the total stated in the file's header comment."""
    army = load_army_list(path)
    by_hand = sum(max(10, sum(archetype_cost(a) for a in spec.archetypes())) for spec in army.characters())
    assert list_cost(army) == by_hand
    report = cost_report(path)["lists"][army.name]
    assert report["cost"] == by_hand
    assert sum(c["subtotal"] for c in report["characters"]) == by_hand
    assert report["miniatures"] == len(army.characters())
    stated = re.search(r"= (\d+) points\)", path.read_text(encoding="utf-8").splitlines()[0])
    if stated:
        assert int(stated.group(1)) == by_hand


@pytest.mark.parametrize("path", LISTS, ids=lambda p: p.stem)
def test_BLD_22_every_list_fits_every_shipped_300_point_scenario(path) -> None:
    """BLD-22 (E10): each shipped list is within the points limit of every shipped scenario (all are 300)."""
    army = load_army_list(path)
    for sc_path in SCENARIO_FILES:
        sc = load_scenario(sc_path)
        assert check_list_against_scenario(army, sc) == [], (path.stem, sc_path.stem)
        assert list_cost(army) <= sc.points_limit


# --- the worked examples of the building chapter -------------------------------------------------------------
def test_book_examples_catalogue_holds_every_worked_archetype(book) -> None:
    """book-examples.toml holds exactly the fourteen archetypes of the three worked-example files and the four
    priced archetypes of the building rules' tests."""
    assert set(book.archetypes) == set(WORKED_ARCHETYPES) | set(RULE_TEST_EXAMPLES)


@pytest.mark.parametrize("arch_id", list(WORKED_ARCHETYPES))
def test_worked_example_is_the_book_archetype(book, arch_id) -> None:
    """Each book-examples archetype has the worked example's kind, attributes and traits (name, level, param,
    printed points)."""
    file, entry, _ = WORKED_ARCHETYPES[arch_id]
    want = _fixture_entry(file, entry)
    got = book.archetypes[arch_id]
    assert got.kind == want["kind"]
    for attr in _ATTRS:
        if attr in want:
            assert getattr(got, attr) == want[attr], attr
    assert [(t.name, t.level, None if t.param is None else str(t.param), t.points) for t in got.traits] == [
        (t["name"], t.get("level"), None if t.get("param") is None else str(t["param"]), t["points"])
        for t in want.get("traits", [])]


@pytest.mark.parametrize("arch_id", list(WORKED_ARCHETYPES))
def test_BLD_6_BLD_9_BLD_11_BLD_15_BLD_18_BLD_21_worked_example_costs_its_book_value(book, arch_id) -> None:
    """Race BLD-6, protection BLD-9, metahability BLD-11, weapon BLD-15 (area BLD-16), object BLD-18, transport
    BLD-21: `wartime cost` prices each worked example at the book's hand-computed value."""
    file, entry, book_cost = WORKED_ARCHETYPES[arch_id]
    assert _fixture_entry(file, entry)["expected_points"] == book_cost
    assert archetype_cost(book.archetypes[arch_id]) == book_cost
    assert cost_report(BOOK)["archetypes"][arch_id] == book_cost


def test_BLD_6_BLD_9_BLD_11_BLD_15_BLD_21_the_five_example_archetypes_literal(book) -> None:
    """The five stand-alone examples spelled out: alien beast 15, chitin hide 20, grenade launcher 19, sleep
    spell 20, war horse 17."""
    cost = {k: archetype_cost(a) for k, a in book.archetypes.items()}
    assert cost["alien_beast"] == (20 + 20 - 10 - 5) + (-10 + 5 - 5) == 15        # BLD-6
    assert cost["chitin_hide"] == 3 * 3 + 6 + 5 + 0 - 0 == 20                      # BLD-9
    assert cost["sleep_spell"] == 10 + 4 - 2 * 3 + 7 + 5 == 20                     # BLD-11
    assert cost["book_grenade_launcher"] == 1 + 15 + 4 + 7 - 5 - 3 == 19           # BLD-15
    assert cost["war_horse"] == 4 + 2 * 3 + 4 + 5 - 2 == 17                        # BLD-21


@pytest.mark.parametrize("arch_id", list(RULE_TEST_EXAMPLES))
def test_BLD_6_BLD_9_BLD_15_BLD_16_rule_test_examples_cost_their_book_value(book, arch_id) -> None:
    """The priced examples of BLD-6 (race 10), BLD-9 (protection 16), BLD-15 (a weapon at −125: costs may be
    negative, BLD-2) and BLD-16 (Área despreciable makes the R3 area free: 15) cost the book's values."""
    _, book_cost = RULE_TEST_EXAMPLES[arch_id]
    assert archetype_cost(book.archetypes[arch_id]) == book_cost
    assert cost_report(BOOK)["archetypes"][arch_id] == book_cost


@pytest.mark.parametrize("name", list(WORKED_CHARACTERS))
def test_BLD_4_worked_characters_cost_their_book_value(book, name) -> None:
    """BLD-4: the worked characters, assembled from book-examples.toml, cost the book's totals (brawler 121,
    rifleman 88, the 35-point beast)."""
    (race, weapons, protections, objects), book_cost, file = WORKED_CHARACTERS[name]
    a = book.archetypes
    spec = CharacterSpec(id="x", name=name, race=a[race], weapons=tuple(a[w] for w in weapons),
                         protections=tuple(a[p] for p in protections), objects=tuple(a[o] for o in objects))
    assert character_cost(spec) == book_cost
    if file is not None:
        raw = tomllib.loads((FIXTURES / file).read_text(encoding="utf-8"))
        assert raw["character"]["name"].lower() == name
        assert raw["character"]["expected_points"] == book_cost
        assert [archetype_cost(x) for x in spec.archetypes()] == raw["character"]["archetype_points"]


# --- every new list plays a whole game -----------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("stem", NEW_LISTS)
def test_each_new_list_plays_a_whole_scripted_game(stem) -> None:
    """A seeded scripted game of the new list (red) against the brawlers (blue) on the skirmish scenario ends
    properly within the turn limit."""
    sc = load_scenario(SCENARIOS / "skirmish.toml")
    armies = {"red": load_army_list(SCENARIOS / "lists" / f"{stem}.toml"),
              "blue": load_army_list(SCENARIOS / "lists" / "brawlers.toml")}
    seed = 7
    ctr = {s: make_controller("scripted", derive_seed(seed, f"controller:{s}")) for s in ("red", "blue")}
    m = Match(sc, armies, seed, ctr)
    result = m.play()
    assert m.over
    assert 1 <= result["turns"] <= sc.turn_limit
    assert result["reason"] in END_REASONS
