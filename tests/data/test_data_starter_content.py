"""The starter catalogue, the five army lists and the three scenarios shipped in scenarios/."""
from __future__ import annotations

from pathlib import Path

import pytest
from shapely.geometry import Polygon

from wartime.data.loader import load_army_list, load_catalogue, load_scenario
from wartime.data.validate import validate_path
from wartime.data.costs import archetype_cost, character_cost, list_cost

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
CATALOGUE = SCENARIOS / "catalogue" / "starter.toml"
LISTS = ["shooters", "brawlers", "armoured", "mixed", "grenadiers"]

#: Every starter archetype's cost, computed by hand from its formula and the tables.
HAND_COSTS = {
    # races, BLD-6: race_attribute_cost[CON] + [AGI] + [INT] + [VOL]
    "human": 5 + 10 + 5 + 5,  # CON 4, AGI 5, INT 4, VOL 4
    "veteran": 10 + 10 + 5 + 10,  # CON 5, AGI 5, INT 4, VOL 5
    "orc": 20 + 10 + 0 + 5,  # CON 6, AGI 5, INT 3, VOL 4
    "ogre": 40 + 5 - 5 + 10,  # CON 7, AGI 4, INT 2, VOL 5
    # weapons, BLD-15: table[ENE][DMG] + RNG + QUA + traits (Cargadores −5)
    "rifle": 16 + 20 + 4 - 5,  # ENE 4, DMG 4, RNG 20, QUA 4
    "smg": 13 + 15 + 4 - 5,  # ENE 3, DMG 3, RNG 15, QUA 4
    "pistol": 11 + 8 + 3 - 5,  # ENE 2, DMG 2, RNG 8, QUA 3
    "grenade_launcher": 16 + 13 + 4 - 5 + 7,  # ENE 4, DMG 4, RNG 13, QUA 4, Cargadores, Área R3 (+7, BLD-16)
    "knife": 1 + 0 + 4,  # ENE 3, DMG 2, RNG 0, QUA 4
    "sword": 13 + 0 + 5,  # ENE 3, DMG 3, RNG 0, QUA 5
    "axe": 16 + 0 + 6,  # ENE 4, DMG 4, RNG 0, QUA 6
    "great_axe": 19 + 0 + 6,  # ENE 5, DMG 5, RNG 0, QUA 6
    # protections, BLD-9: DEF × 3 + SIZ + QUA + traits − ENE
    "flak_vest": 2 * 3 + 4 + 4 - 2,
    "combat_vest": 2 * 3 + 5 + 4 - 2,
    "orc_leathers": 2 * 3 + 6 + 4 - 1,
    "plate": 4 * 3 + 5 + 6 - 3,
    "heavy_armour": 4 * 3 + 6 + 6 - 3,
    "ogre_hide": 2 * 3 + 7 + 5 - 0,
    "ogre_plate": 5 * 3 + 7 + 6 - 3,
    "shield": 2 * 3 + 0 + 5 - 1,
}

#: Every starter character's cost as the sum of its archetypes (BLD-4).
HAND_CHARACTER_COSTS = {
    "rifleman": 25 + 35 + 5 + 12,
    "gunner": 25 + 27 + 5 + 12,
    "marksman": 35 + 35 + 5 + 13,
    "officer": 35 + 17 + 18 + 13,
    "orc_brawler": 35 + 22 + 15,
    "orc_berserker": 35 + 25 + 15,
    "orc_shieldbearer": 35 + 18 + 15 + 10,
    "orc_raider": 35 + 18 + 15,
    "ogre": 50 + 25 + 18,
    "ogre_brute": 50 + 25 + 25,
    "orc_knight": 35 + 22 + 17 + 21 + 10,
    "heavy_rifleman": 35 + 35 + 5 + 20,
    "grenadier": 25 + 35 + 5 + 12,
}


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(CATALOGUE)


def test_BLD_2_starter_archetype_costs_match_hand_computation(catalogue) -> None:
    """BLD-2 (BLD-6, BLD-9, BLD-15): every starter archetype costs its hand-computed price."""
    assert set(catalogue.archetypes) == set(HAND_COSTS)
    for arch_id, expected in HAND_COSTS.items():
        assert archetype_cost(catalogue.archetypes[arch_id]) == expected, arch_id


def test_BLD_2_starter_archetype_costs_literal(catalogue) -> None:
    """BLD-15: the three guns spelled out (table cell + RNG + QUA − 5 for Cargadores)."""
    cost = {k: archetype_cost(a) for k, a in catalogue.archetypes.items()}
    assert cost["rifle"] == 16 + 20 + 4 - 5 == 35
    assert cost["smg"] == 13 + 15 + 4 - 5 == 27
    assert cost["pistol"] == 11 + 8 + 3 - 5 == 17


def test_BLD_4_starter_character_costs(catalogue) -> None:
    """BLD-4: every starter character costs the sum of its archetypes."""
    assert set(catalogue.characters) == set(HAND_CHARACTER_COSTS)
    for char_id, expected in HAND_CHARACTER_COSTS.items():
        assert character_cost(catalogue.characters[char_id]) == expected, char_id


def test_BLD_3_starter_content_uses_only_implemented_traits(catalogue) -> None:
    """BLD-3 / BLD-7: only Cargadores and Área are used (both implemented by the engine); worn protections fit
    their wearer (SIZ = CON, no penalty); carried DEF never overloads an unwounded character; at least two races,
    ranged and melee weapons, and one area weapon."""
    from wartime.match.setup import IMPLEMENTED_TRAITS
    kinds = [a.kind for a in catalogue.archetypes.values()]
    assert kinds.count("race") >= 2 and kinds.count("weapon") >= 5 and kinds.count("protection") >= 3
    assert len(catalogue.archetypes) >= 8
    assert any(a.is_ranged and a.magazine for a in catalogue.archetypes.values())
    assert any(a.is_melee for a in catalogue.archetypes.values())
    for arch in catalogue.archetypes.values():
        assert {t.trait_id for t in arch.traits} <= {"TRT-MAGAZINES", "TRT-AREA"} <= IMPLEMENTED_TRAITS, arch.id
        if arch.kind == "weapon" and arch.is_ranged:
            assert arch.magazine is not None, arch.id
    assert [a.id for a in catalogue.archetypes.values() if a.area] == ["grenade_launcher"]
    assert catalogue.archetypes["grenade_launcher"].area == "R3"
    for spec in catalogue.characters.values():
        assert spec.fit_penalty() == 0, spec.id
        assert spec.overload_penalty(0) == 0, spec.id
        assert spec.weapons, spec.id


def test_BLD_24_starter_lists_cost_the_same() -> None:
    """BLD-24: the five starter lists cost exactly 300 points each and field 3-6 characters."""
    costs = {}
    for name in LISTS:
        army = load_army_list(SCENARIOS / "lists" / f"{name}.toml")
        costs[name] = list_cost(army)
        assert 3 <= len(army.characters()) <= 6, name
    assert costs == {"shooters": 77 * 3 + 69, "brawlers": 72 + 75 * 2 + 78, "armoured": 100 + 105 + 95,
                     "mixed": 83 + 77 + 72 + 68, "grenadiers": 77 * 2 + 77 + 69}
    assert set(costs.values()) == {300}


def test_BLD_24_starter_lists_play_differently() -> None:
    """BLD-24: shooters are all ranged, brawlers all melee, armoured few and heavy, mixed both, grenadiers
    bring area weapons."""
    def armies(name: str):
        return load_army_list(SCENARIOS / "lists" / f"{name}.toml").characters()

    assert all(any(w.is_ranged for w in c.weapons) for c in armies("shooters"))
    assert all(all(w.is_melee for w in c.weapons) for c in armies("brawlers"))
    assert all(c.race.CON >= 6 and c.race.AGI >= 5 for c in armies("brawlers"))
    heavy = armies("armoured")
    assert len(heavy) == 3 and all(c.def_target() >= 4 for c in heavy)
    mixed = armies("mixed")
    assert any(all(w.is_melee for w in c.weapons) for c in mixed)
    assert any(any(w.is_ranged for w in c.weapons) for c in mixed)
    assert sum(1 for c in armies("grenadiers") if any(w.area for w in c.weapons)) == 2


@pytest.mark.parametrize("path", sorted(SCENARIOS.rglob("*.toml")), ids=lambda p: p.name)
def test_BLD_24_starter_files_validate(path: Path) -> None:
    """BLD-24: every shipped data file validates with no problem line (E1-E10)."""
    assert validate_path(path) == []


@pytest.mark.parametrize("name", ["skirmish", "crossroads", "ruins", "ruined-town"])
def test_BLD_22_starter_scenarios(name: str) -> None:
    """BLD-22: the scenarios' default lists fit their 300-point limit; deployment zones are free of high and
    blocking terrain and of each other."""
    sc = load_scenario(SCENARIOS / f"{name}.toml")
    assert sc.points_limit == 300
    assert set(sc.default_lists) == {"red", "blue"}
    for path in sc.default_lists.values():
        assert list_cost(load_army_list(path)) <= sc.points_limit
    red, blue = Polygon(sc.deployment["red"]), Polygon(sc.deployment["blue"])
    assert red.intersection(blue).area == 0
    for zone in (red, blue):
        for piece in sc.terrain:
            if piece.kind in ("high", "blocking"):
                assert zone.intersection(Polygon(piece.polygon)).area == 0, piece.id


def test_BLD_22_skirmish_and_crossroads_settings() -> None:
    """BLD-22: the two scenarios' board, limits, victory and terrain kinds are as designed."""
    sk = load_scenario(SCENARIOS / "skirmish.toml")
    assert (sk.board_width, sk.board_height, sk.turn_limit, sk.victory) == (36, 24, 8, "fewer_casualties")
    assert {t.kind for t in sk.terrain} == {"difficult", "low", "blocking"}
    assert [p.name for p in sk.default_lists.values()] == ["shooters.toml", "brawlers.toml"]
    wall = next(t for t in sk.terrain if t.id == "wall_south")
    assert (wall.height, wall.blocks_los, wall.defense) == (0.5, True, 3)
    wood = next(t for t in sk.terrain if t.id == "wood")
    assert (wood.height, wood.blocks_los) == (0.0, False)
    assert Polygon(sk.deployment["red"]).bounds == (0, 0, 36, 4)
    cr = load_scenario(SCENARIOS / "crossroads.toml")
    assert (cr.board_width, cr.board_height, cr.turn_limit, cr.victory) == (30, 30, 10, "elimination")
    assert {"extreme", "high", "blocking", "difficult", "low"} <= {t.kind for t in cr.terrain}
    assert [p.name for p in cr.default_lists.values()] == ["armoured.toml", "mixed.toml"]
    assert next(t for t in cr.terrain if t.kind == "high").height == 1.5


def test_BLD_22_ruins_settings() -> None:
    """BLD-22 / MOV-10: the ruins board has a chest-high wall line (cover), ruins, two 3 K watchtowers whose
    tops are the sides' perches (level 2), grenadiers against shooters by default."""
    sc = load_scenario(SCENARIOS / "ruins.toml")
    assert (sc.board_width, sc.board_height, sc.turn_limit, sc.victory) == (32, 24, 8, "fewer_casualties")
    walls = [t for t in sc.terrain if t.id.startswith("wall_")]
    assert len(walls) == 3 and all((t.kind, t.height, t.blocks_los) == ("low", 0.75, True) for t in walls)
    towers = {t.id: t for t in sc.terrain if t.id.startswith("tower_")}
    assert {(p.side, p.piece) for p in sc.perches} == {("red", "tower_red"), ("blue", "tower_blue")}
    assert all(t.height == 3.0 and t.kind == "blocking" for t in towers.values())
    assert [p.name for p in sc.default_lists.values()] == ["grenadiers.toml", "shooters.toml"]


def test_BLD_22_ruined_town_settings() -> None:
    """BLD-22 / issue 13: the ruined town has a canal (water) with two dry crossings, climbable 1.5 K walls and 3 K
    houses (MVA-10: their roofs are level-2 tops), searchable elements (GNA-2) and one captive per side (GNA-6); it
    is point-symmetric about the board centre."""
    sc = load_scenario(SCENARIOS / "ruined-town.toml")
    assert (sc.board_width, sc.board_height, sc.turn_limit, sc.victory) == (32, 24, 8, "fewer_casualties")
    water = [t for t in sc.terrain if t.kind == "water"]
    wet = Polygon(water[0].polygon).union(Polygon(water[1].polygon)).union(Polygon(water[2].polygon))
    assert wet.bounds[0] == 0 and wet.bounds[2] == 32 and wet.geom_type == "MultiPolygon"   # crossings between
    walls = [t for t in sc.terrain if t.kind == "high"]
    assert walls and all(t.climbable and t.height == 1.5 for t in walls)
    roofs = [t for t in sc.terrain if t.kind == "blocking" and t.climbable]
    assert len(roofs) == 4 and all(t.height == 3.0 for t in roofs)
    assert len(sc.elements) == 4 and all(el.contents for el in sc.elements)
    assert {(c.side, c.character) for c in sc.captives} == {("red", 1), ("blue", 1)}   # fits every list
    for t in sc.terrain:                      # (x, y) -> (32 - x, 24 - y)
        mirrored = Polygon([(32 - x, 24 - y) for x, y in t.polygon])
        assert any(o.kind == t.kind and Polygon(o.polygon).symmetric_difference(mirrored).area < 1e-9
                   for o in sc.terrain), t.id
    assert [p.name for p in sc.default_lists.values()] == ["grenadiers.toml", "mixed.toml"]
