"""The **Test.** lines of the building rules (BLD-1..25), one test per entry, named by rule ID."""
from __future__ import annotations

import pytest

from data_test_helpers import (
    army,
    character,
    character_costing,
    errors_of,
    fixture_character,
    human,
    make,
    scenario,
)
from wartime.core.errors import DataError, RuleViolation
from wartime.data.loader import character_from_dict, check_list_against_scenario
from wartime.data.models import Archetype
from wartime.data.tables import area_shapes, race_attribute_costs, trait_catalogue, weapon_cost_table
from wartime.data.costs import (
    archetype_cost,
    character_cost,
    character_notice,
    character_raw_cost,
    list_cost,
    list_notices,
)

F = "<data>"  # file name of in-memory archetypes


def rifle(**overrides: object) -> Archetype:
    attrs = {"ENE": 4, "DMG": 4, "RNG": 20, "QUA": 4, **overrides}
    return make("weapon", "rifle", traits=[{"name": "Cargadores", "param": "6"}], **attrs)


# --- BLD-1 .. BLD-4 ------------------------------------------------------------------------------------------
def test_BLD_1_character_made_of_archetypes() -> None:
    """BLD-1: a race and two weapons are 3 archetypes with 4 + 4 + 4 = 12 attribute values."""
    c = character(human(), weapons=[rifle(), make("weapon", "knife", ENE=3, DMG=2, RNG=0, QUA=4)])
    assert len(c.archetypes()) == 3
    assert [list(a.attributes()) for a in c.archetypes()] == [
        ["CON", "AGI", "INT", "VOL"],
        ["ENE", "DMG", "RNG", "QUA"],
        ["ENE", "DMG", "RNG", "QUA"],
    ]
    assert sum(len(a.attributes()) for a in c.archetypes()) == 4 + 4 + 4 == 12


def test_CHR_3_attribute_index_list_gives_codes_and_the_canonical_order() -> None:
    """CHR-3: code 7 is QUA and code 10 is MOV; archetypes list their attributes in that order (a protection:
    ENE 4, DEF 8, SIZ 9, QUA 7 → ENE, QUA, DEF, SIZ)."""
    from wartime.data.models import ATTRIBUTE_CODES, ATTRIBUTES
    assert ATTRIBUTE_CODES["QUA"] == 7 and ATTRIBUTE_CODES["MOV"] == 10 and ATTRIBUTE_CODES["CON"] == 0
    assert [ATTRIBUTES[i] for i in range(11)] == ["CON", "AGI", "INT", "VOL", "ENE", "DMG", "RNG", "QUA", "DEF",
                                                  "SIZ", "MOV"]
    vest = make("protection", "vest", ENE=0, DEF=2, SIZ=0, QUA=4)
    names = list(vest.attributes())
    assert names == ["ENE", "QUA", "DEF", "SIZ"]
    assert [ATTRIBUTE_CODES[n] for n in names] == sorted(ATTRIBUTE_CODES[n] for n in names)


def test_BLD_2_points_add_up_to_the_list() -> None:
    """BLD-2: characters of 88 and 121 make a 209-point list, 9 over a 200-point limit (invalid)."""
    rifleman, _ = fixture_character("character_rifleman.toml")
    brawler, _ = fixture_character("character_brawler.toml")
    lst = army((rifleman, 1), (brawler, 1))
    assert list_cost(lst) == 88 + 121 == 209
    assert check_list_against_scenario(lst, scenario(200)) == [
        ("list.toml", "unit", "the list costs 209 points, 9 over the points_limit 200 of scenario 'Test' "
                              "(BLD-22, BLD-24 E10)")
    ]


def test_BLD_2_negative_archetype_costs_summed_at_face_value() -> None:
    """BLD-2: archetype costs may be negative and are summed at face value."""
    cheap = make("weapon", "junk", ENE=6, DMG=2, RNG=10, QUA=5)
    assert archetype_cost(cheap) == -140 + 10 + 5 == -125
    c = character(make("race", "big", CON=10, AGI=10, INT=3, VOL=3), weapons=[cheap])
    assert character_cost(c) == 600 - 125


def _design(**refs: object) -> list[str]:
    archetypes = {
        "human": human(),
        "orc": make("race", "orc", CON=6, AGI=5, INT=3, VOL=4),
        "rifle": rifle(),
        "knife": make("weapon", "knife", ENE=3, DMG=2, RNG=0, QUA=4),
        "vest": make("protection", "vest", ENE=2, DEF=2, SIZ=4, QUA=4),
        "horse": make("transport", "horse", ENE=2, MOV=4, DEF=2, QUA=4),
    }
    try:
        character_from_dict({"id": "c", "name": "C", **refs}, archetypes, file=F)
    except DataError as exc:
        return exc.lines()
    return []


def test_BLD_3_composition_of_a_character() -> None:
    """BLD-3: race + 2 weapons + 1 protection is accepted; 0 races, 2 races, 2 transports are rejected."""
    assert _design(race="human", weapons=["rifle", "knife"], protections=["vest"]) == []
    assert _design(race="human", weapons=["rifle", "rifle"]) == []  # the same archetype twice is allowed
    assert _design(weapons=["rifle"]) == [
        f"{F}: character.race: no race: a character needs exactly one race (BLD-3, BLD-24 E1)"
    ]
    assert _design(race=["human", "orc"]) == [
        f"{F}: character.race: more than one race (2): a character needs exactly one (BLD-3, BLD-24 E1)"
    ]
    assert _design(race="human", transport=["horse", "horse"]) == [
        f"{F}: character.transport: more than one transport (2): a character has 0 or 1 (BLD-3, BLD-24 E2)"
    ]
    assert _design(race="rifle") == [f"{F}: character.race: 'rifle' is a weapon, not a race"]


def test_BLD_4_character_cost_is_the_sum_of_its_archetypes() -> None:
    """BLD-4: race 25 + rifle 35 + knife 5 + flak vest 12 + stim pack 11 = 88 (character_rifleman.toml)."""
    c, _ = fixture_character("character_rifleman.toml")
    assert [archetype_cost(a) for a in c.archetypes()] == [25, 35, 5, 12, 11]
    assert character_cost(c) == 25 + 35 + 5 + 12 + 11 == 88


def test_BLD_4_copies_are_each_paid() -> None:
    """BLD-4 / BLD-3: two identical pistols are both paid."""
    pistol = make("weapon", "pistol", ENE=2, DMG=2, RNG=8, QUA=3)
    assert character_cost(character(human(), weapons=[pistol, pistol])) == 25 + 2 * (11 + 8 + 3)


# --- BLD-5 .. BLD-9: races and protections ------------------------------------------------------------------
def test_BLD_5_race_attribute_range() -> None:
    """BLD-5: CON 1 and 10 are accepted; CON 0, CON 11 and AGI 4.5 are rejected (E3)."""
    assert errors_of("race", CON=1, AGI=4, INT=3, VOL=3) == []
    assert errors_of("race", CON=10, AGI=4, INT=3, VOL=3) == []
    assert errors_of("race", CON=0, AGI=4, INT=3, VOL=3) == [
        f"{F}: archetype.CON: 0 is out of range 1-10 (BLD-24 E3)"
    ]
    assert errors_of("race", CON=11, AGI=4, INT=3, VOL=3) == [
        f"{F}: archetype.CON: 11 is out of range 1-10 (BLD-24 E3)"
    ]
    assert errors_of("race", CON=5, AGI=4.5, INT=3, VOL=3) == [
        f"{F}: archetype.AGI: expected an integer, got 4.5 (BLD-24 E3)"
    ]
    assert errors_of("race", CON=5, AGI=4, INT=3) == [
        f"{F}: archetype.VOL: missing: a race needs CON, AGI, INT, VOL (BLD-24 E3)"
    ]


def test_BLD_6_race_cost() -> None:
    """BLD-6: CON 5, AGI 4, INT 3, VOL 3 costs 15; with Mulo (+5) and Muy tonto (−10) 10; all 1s −40;
    all 10s 1200."""
    assert race_attribute_costs() == {1: -10, 2: -5, 3: 0, 4: 5, 5: 10, 6: 20, 7: 40, 8: 80, 9: 150, 10: 300}
    assert archetype_cost(make("race", CON=5, AGI=4, INT=3, VOL=3)) == 10 + 5 + 0 + 0 == 15
    traits = [{"name": "Mulo"}, {"name": "Muy tonto"}]
    assert archetype_cost(make("race", traits=traits, CON=5, AGI=4, INT=3, VOL=3)) == 15 + 5 - 10 == 10
    assert archetype_cost(make("race", CON=1, AGI=1, INT=1, VOL=1)) == -40
    assert archetype_cost(make("race", CON=10, AGI=10, INT=10, VOL=10)) == 1200


def test_BLD_7_fit_and_overload() -> None:
    """BLD-7: CON 4 with a coat (SIZ 6, DEF 4) and a shield (SIZ 0, DEF 2): CH DEF target 6, fit 2,
    overload 2, a rifle shot (CH IMP with AGI) at −4."""
    coat = make("protection", "coat", ENE=2, DEF=4, SIZ=6, QUA=4)
    shield = make("protection", "shield", ENE=1, DEF=2, SIZ=0, QUA=5)
    c = character(human(), protections=[coat, shield])
    assert c.def_target() == 6
    assert c.fit_penalty() == abs(6 - 4) == 2
    assert c.overload_penalty(wounds=0) == 6 - (4 - 0) == 2
    assert c.physical_check_penalty(wounds=0) == 2 + 2 == 4


def test_BLD_7_undersized_protection_is_penalised_too() -> None:
    """BLD-7: the fit penalty is |SIZ − CON|, so a SIZ 2 vest on CON 4 costs 2 too."""
    small = make("protection", "small", ENE=1, DEF=1, SIZ=2, QUA=2)
    assert character(human(), protections=[small]).fit_penalty() == 2


def test_BLD_8_protection_ranges() -> None:
    """BLD-8: ENE 0 / DEF 1 / SIZ 0 / QUA 1 is accepted; DEF 0, DEF 11, SIZ 11, QUA 0, ENE −1, ENE 11 are not."""
    base = {"ENE": 0, "DEF": 1, "SIZ": 0, "QUA": 1}
    assert errors_of("protection", **base) == []
    for key, value, message in [
        ("DEF", 0, "0 is out of range 1-10"),
        ("DEF", 11, "11 is out of range 1-10"),
        ("SIZ", 11, "11 is out of range 0-10"),
        ("QUA", 0, "0 is out of range 1-10"),
        ("ENE", -1, "-1 is out of range 0-10"),
        ("ENE", 11, "11 is out of range 0-10"),
    ]:
        assert errors_of("protection", **{**base, key: value}) == [
            f"{F}: archetype.{key}: {message} (BLD-24 E3)"
        ]


def test_BLD_9_protection_cost() -> None:
    """BLD-9: DEF×3 + SIZ + QUA + traits − ENE: 16, shield 10, hide 20."""
    assert archetype_cost(make("protection", ENE=2, DEF=3, SIZ=4, QUA=5)) == 9 + 4 + 5 - 2 == 16
    assert archetype_cost(make("protection", ENE=1, DEF=2, SIZ=0, QUA=5)) == 6 + 0 + 5 - 1 == 10
    assert archetype_cost(make("protection", ENE=0, DEF=3, SIZ=6, QUA=5)) == 9 + 6 + 5 - 0 == 20
    assert archetype_cost(make("protection", ENE=10, DEF=1, SIZ=0, QUA=1)) == 3 + 0 + 1 - 10 == -6


# --- BLD-10, 11: metahabilities -----------------------------------------------------------------------------
def test_BLD_10_metahability_ranges() -> None:
    """BLD-10: ENE 0 is rejected, ENE 1 / RNG 0 / QUA 1 accepted, QUA 11 rejected."""
    assert errors_of("metahability", ENE=0, RNG=0, QUA=1) == [
        f"{F}: archetype.ENE: 0 is out of range 1-10 (BLD-24 E3)"
    ]
    assert errors_of("metahability", ENE=1, RNG=0, QUA=1) == []
    assert errors_of("metahability", ENE=1, RNG=0, QUA=11) == [
        f"{F}: archetype.QUA: 11 is out of range 1-10 (BLD-24 E3)"
    ]


def test_BLD_11_metahability_cost() -> None:
    """BLD-11: ENE 2, RNG 10, QUA 4 with Invocación (7) and Magia: dormir (5) costs 20; ENE 5 alone −14."""
    sleep = make("metahability", traits=[{"name": "Invocación"}, {"name": "Magia: dormir"}], ENE=2, RNG=10, QUA=4)
    assert archetype_cost(sleep) == 10 + 4 - 6 + 7 + 5 == 20
    assert archetype_cost(make("metahability", ENE=5, RNG=0, QUA=1)) == 0 + 1 - 15 == -14


# --- BLD-12 .. BLD-16: weapons and areas ---------------------------------------------------------------------
def test_BLD_12_weapon_attributes() -> None:
    """BLD-12: ENE 4 / DMG 4 / RNG 20 costs 4 ENE per attack, shoots to 20 K, is not melee; RNG 0 is melee."""
    gun = make("weapon", ENE=4, DMG=4, RNG=20, QUA=4)
    assert (gun.ENE, gun.RNG, gun.is_melee, gun.is_ranged) == (4, 20, False, True)
    blade = make("weapon", ENE=3, DMG=2, RNG=0, QUA=4)
    assert (blade.is_melee, blade.is_ranged) == (True, False)


def test_BLD_13_weapon_table_cells() -> None:
    """BLD-13: (3,4) → 31, (6,5) → 0, (8,2) → −620, (10,10) → 48; (1,7) is 'x' and rejected; 16 'x' cells."""
    table = weapon_cost_table()
    assert (table[(3, 4)], table[(6, 5)], table[(8, 2)], table[(10, 10)]) == (31, 0, -620, 48)
    x_cells = sorted(k for k, v in table.items() if v is None)
    assert x_cells == sorted(
        [(1, d) for d in range(7, 11)] + [(2, d) for d in range(8, 11)] + [(3, 9), (3, 10), (4, 10), (8, 1)]
        + [(9, 1), (9, 2)] + [(10, 1), (10, 2), (10, 3)]
    )
    assert len(x_cells) == 16 and len(table) == 100
    assert errors_of("weapon", ENE=1, DMG=7, RNG=0, QUA=4) == [
        f"{F}: archetype.DMG: ENE 1 with DMG 7 is an 'x' cell of the weapon table, an illegal combination "
        f"(BLD-13, BLD-24 E4)"
    ]
    with pytest.raises(RuleViolation) as exc:
        archetype_cost(Archetype(id="w", kind="weapon", name="W", ENE=1, DMG=7, RNG=0, QUA=4))
    assert exc.value.rule_id == "BLD-13"


def test_BLD_14_weapon_range_cap() -> None:
    """BLD-14: DMG 4 allows RNG 0-20: RNG 20 accepted, 21 rejected; RNG 20 + Más alcance is legal."""
    assert errors_of("weapon", ENE=4, DMG=4, RNG=20, QUA=4) == []
    assert errors_of("weapon", ENE=4, DMG=4, RNG=21, QUA=4) == [
        f"{F}: archetype.RNG: RNG 21 is over 5×DMG = 20 (BLD-14, BLD-24 E5)"
    ]
    assert errors_of("weapon", traits=[{"name": "Más alcance"}], ENE=4, DMG=4, RNG=20, QUA=4) == []


def test_BLD_15_weapon_cost() -> None:
    """BLD-15: ENE 4, DMG 4, RNG 20, QUA 4, Cargadores: 35; ENE 6, DMG 2, RNG 10, QUA 5: −125."""
    assert archetype_cost(rifle()) == 16 + 20 + 4 - 5 == 35
    assert rifle().magazine == 6
    assert make("weapon", traits=[{"name": "Cargadores"}], ENE=4, DMG=4, RNG=20, QUA=4).magazine == 10 - 4
    assert archetype_cost(make("weapon", ENE=6, DMG=2, RNG=10, QUA=5)) == -140 + 10 + 5 == -125
    assert make("weapon", ENE=6, DMG=2, RNG=10, QUA=5).magazine is None


def test_BLD_16_area_costs() -> None:
    """BLD-16: Área (G4/3) 19, Área (R4) 13; grenade launcher 19, with Área despreciable 15; 47 codes."""
    areas = area_shapes()
    assert len(areas) == 47
    assert (areas["G4/3"].points, areas["R4"].points) == (19, 13)
    assert [areas[f"L{n}"].points for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20)] == [
        3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 36, 45, 60]
    launcher = [{"name": "Área", "param": "R3"}, {"name": "Cargadores", "param": 1}, {"name": "A 2 manos"}]
    gl = make("weapon", traits=launcher, ENE=4, DMG=3, RNG=15, QUA=4)
    assert gl.area == "R3" and gl.magazine == 1
    assert [t.points for t in gl.traits] == [7, -5, -3]
    assert archetype_cost(gl) == 1 + 15 + 4 + 7 - 5 - 3 == 19
    cheap = make("weapon", traits=[*launcher, {"name": "Área despreciable"}], ENE=4, DMG=3, RNG=15, QUA=4)
    assert [t.points for t in cheap.traits] == [0, -5, -3, 3]
    assert archetype_cost(cheap) == 1 + 15 + 4 + 0 + 3 - 5 - 3 == 15


def test_BLD_16_a_written_area_price_beside_area_despreciable_is_0() -> None:
    """BLD-16: beside Área despreciable the area costs 0, so a file may write `points = 0` on the Área (and a
    written 7, the table price, is the mismatch)."""
    free = [{"name": "Área", "param": "R3", "points": 0}, {"name": "Área despreciable", "points": 3}]
    assert archetype_cost(make("weapon", traits=free, ENE=4, DMG=3, RNG=15, QUA=4)) == 1 + 15 + 4 + 0 + 3 == 23
    priced = [{"name": "Área", "param": "R3", "points": 7}, {"name": "Área despreciable"}]
    assert errors_of("weapon", traits=priced, ENE=4, DMG=3, RNG=15, QUA=4) == [
        f"{F}: archetype.traits[0].points: 7 does not match the catalogue price 0 of 'Área'"]


@pytest.mark.parametrize("code", ["L11", "R12", "G8/2", "G3/4", "r3"])
def test_BLD_16_unknown_area_codes_rejected(code: str) -> None:
    """BLD-16 / BLD-24 E6: only the 47 listed codes can be bought."""
    assert errors_of("weapon", traits=[{"name": "Área", "param": code}], ENE=4, DMG=3, RNG=15, QUA=4) == [
        f"{F}: archetype.traits[0].param: '{code}' is not a code of the area table (BLD-16, BLD-24 E6)"
    ]


# --- BLD-17 .. BLD-21: objects and transports (tier 2, cheap) ------------------------------------------------
def test_BLD_17_object_ranges() -> None:
    """BLD-17: ENE 0 rejected; ENE 1, RNG 0, QUA 1 accepted; QUA 0 rejected."""
    assert errors_of("object", ENE=0, RNG=0, QUA=1) == [f"{F}: archetype.ENE: 0 is out of range 1-10 (BLD-24 E3)"]
    assert errors_of("object", ENE=1, RNG=0, QUA=1) == []
    assert errors_of("object", ENE=1, RNG=0, QUA=0) == [f"{F}: archetype.QUA: 0 is out of range 1-10 (BLD-24 E3)"]


def test_BLD_18_object_cost() -> None:
    """BLD-18: a stim pack ENE 1, RNG 0, QUA 2, Elixir level 2 (5 × 2) costs 0 + 2 + 10 − 1 = 11."""
    stim = make("object", traits=[{"name": "Elixir", "level": 2}], ENE=1, RNG=0, QUA=2)
    assert stim.traits[0].points == 10 and stim.traits[0].level == 2
    assert archetype_cost(stim) == 0 + 2 + 10 - 1 == 11


def test_BLD_19_transport_def_aboard() -> None:
    """BLD-19: a DEF 2 vest aboard a DEF 2 transport: CH DEF 4 aboard, 2 on foot; overload uses DEF 2 only."""
    vest = make("protection", "vest", ENE=2, DEF=2, SIZ=4, QUA=4)
    mount = make("transport", "mount", ENE=2, MOV=4, DEF=2, QUA=4)
    c = character(human(), protections=[vest], transport=mount)
    assert (c.def_target(aboard=True), c.def_target(aboard=False)) == (4, 2)
    assert c.overload_penalty(wounds=2) == 2 - (4 - 2) == 0
    assert c.overload_penalty(wounds=3) == 2 - (4 - 3) == 1


def test_BLD_20_transport_ranges_and_mounted_equipment() -> None:
    """BLD-20: ENE 0, MOV 0 and DEF 11 are rejected; a 40-point cannon mounted on a 17-point transport adds
    57 points; an Enorme weapon must be mounted (E9) unless the character wears Mega armadura."""
    base = {"ENE": 2, "MOV": 4, "DEF": 2, "QUA": 4}
    assert errors_of("transport", **base) == []
    assert errors_of("transport", **{**base, "ENE": 0}) == [f"{F}: archetype.ENE: 0 is out of range 1-10 (BLD-24 E3)"]
    assert errors_of("transport", **{**base, "MOV": 0}) == [f"{F}: archetype.MOV: must be 1 or more, got 0 (BLD-24 E3)"]
    assert errors_of("transport", **{**base, "DEF": 11}) == [f"{F}: archetype.DEF: 11 is out of range 1-10 (BLD-24 E3)"]
    horse = make("transport", "horse", traits=[{"name": "Caballería"}], **base)
    cannon = make("weapon", "cannon", traits=[{"name": "Enorme"}], ENE=4, DMG=4, RNG=20, QUA=9)
    assert (archetype_cost(horse), archetype_cost(cannon)) == (17, 16 + 20 + 9 - 5) == (17, 40)
    on_foot = character(human())
    rider = character(human(), transport=horse, mounted=[cannon])
    assert character_cost(rider) - character_cost(on_foot) == 40 + 17 == 57
    plate = make("protection", "mega", traits=[{"name": "Mega armadura"}], ENE=3, DEF=4, SIZ=4, QUA=6)
    cat = {"human": human(), "horse": horse, "cannon": cannon, "mega": plate}

    def design(**refs: object) -> list[str]:
        try:
            character_from_dict({"id": "c", "name": "C", "race": "human", **refs}, cat, file=F)
        except DataError as exc:
            return exc.lines()
        return []

    assert design(transport="horse", mounted=["cannon"]) == []
    assert design(weapons=["cannon"]) == [
        f"{F}: character.weapons[0]: 'cannon' is Enorme: it can only be mounted on a transport unless the "
        f"character wears Mega armadura (BLD-20, BLD-24 E9)"
    ]
    assert design(weapons=["cannon"], protections=["mega"]) == []
    assert design(mounted=["cannon"]) == [f"{F}: character.mounted: mounted archetypes need a transport (BLD-20)"]


def test_BLD_21_transport_cost() -> None:
    """BLD-21: a war horse ENE 2, MOV 4, DEF 2, QUA 4 with Caballería (+5) costs 4 + 6 + 4 + 5 − 2 = 17."""
    horse = make("transport", traits=[{"name": "Caballería"}], ENE=2, MOV=4, DEF=2, QUA=4)
    assert archetype_cost(horse) == 4 + 6 + 4 + 5 - 2 == 17


# --- BLD-22 .. BLD-25: lists -------------------------------------------------------------------------------
def test_BLD_22_points_limit_is_a_ceiling() -> None:
    """BLD-22: in a 150-point adventure lists of 150 and 121 are accepted, 151 is rejected."""
    limit = scenario(150)
    assert check_list_against_scenario(army((character_costing(150), 1)), limit) == []
    assert check_list_against_scenario(army((character_costing(121), 1)), limit) == []
    assert check_list_against_scenario(army((character_costing(151), 1)), limit) == [
        ("list.toml", "unit", "the list costs 151 points, 1 over the points_limit 150 of scenario 'Test' "
                              "(BLD-22, BLD-24 E10)")
    ]


def test_BLD_23_ten_point_character_minimum() -> None:
    """BLD-23: archetypes adding up to 7 or −25 are charged 10; 10 and 88 are charged 10 and 88; a notice,
    not an error."""
    for raw, charged in [(7, 10), (-25, 10), (10, 10), (88, 88)]:
        c = character_costing(raw)
        assert (character_raw_cost(c), character_cost(c)) == (raw, charged)
    assert character_notice(character_costing(7)) == (
        "character 'c': its archetypes add up to 7 points; it is charged the minimum of 10 (BLD-23)")
    assert character_notice(character_costing(10)) is None
    lst = army((character_costing(-25), 2))
    assert list_cost(lst) == 20
    assert list_notices(lst) == [
        "list.toml: unit[0].character: character 'c': its archetypes add up to -25 points; it is charged the "
        "minimum of 10 (BLD-23)"
    ]


def test_BLD_24_list_cost_and_points_limit() -> None:
    """BLD-24: two 88-point riflemen and one 121-point brawler make 297: legal at 300, E10 at 250."""
    rifleman, _ = fixture_character("character_rifleman.toml")
    brawler, _ = fixture_character("character_brawler.toml")
    lst = army((rifleman, 2), (brawler, 1))
    assert len(lst.characters()) == 3
    assert list_cost(lst) == 2 * 88 + 121 == 297
    assert check_list_against_scenario(lst, scenario(300)) == []
    assert check_list_against_scenario(lst, scenario(250)) == [
        ("list.toml", "unit", "the list costs 297 points, 47 over the points_limit 250 of scenario 'Test' "
                              "(BLD-22, BLD-24 E10)")
    ]


def test_BLD_24_trait_errors_E7() -> None:
    """BLD-24 E7: unknown trait, the same trait and parameter twice, per-level trait without level or over
    its maximum."""
    w = {"ENE": 4, "DMG": 4, "RNG": 20, "QUA": 4}
    assert errors_of("weapon", traits=[{"name": "Cargadore"}], **w) == [
        f"{F}: archetype.traits[0].name: unknown trait 'Cargadore' (did you mean 'Cargadores'?) (BLD-24 E7)"
    ]
    assert errors_of("weapon", traits=[{"name": "Cargadores", "param": 6}, {"name": "Cargadores", "param": "6"}],
                     **w) == [
        f"{F}: archetype.traits[1].name: 'Cargadores' (6) appears twice on this archetype "
        f"(first at archetype.traits[0]; BLD-24 E7)"
    ]
    o = {"ENE": 1, "RNG": 0, "QUA": 2}
    assert errors_of("object", traits=[{"name": "Elixir"}], **o) == [
        f"{F}: archetype.traits[0].level: missing: 'Elixir' is bought per level, 1-5 (BLD-24 E7)"
    ]
    assert errors_of("object", traits=[{"name": "Elixir", "level": 6}], **o) == [
        f"{F}: archetype.traits[0].level: level 6 of 'Elixir' is out of range 1-5 (BLD-24 E7)"
    ]
    assert errors_of("weapon", traits=[{"name": "Mulo"}], **w) == [
        f"{F}: archetype.traits[0].name: 'Mulo' cannot be bought on a weapon (it applies to: race)"
    ]


def test_BLD_24_relic_once_per_list_E8(tmp_path) -> None:
    """BLD-24 E8: an archetype with Reliquia may appear only once in a list."""
    from wartime.data.loader import load_army_list

    (tmp_path / "cat.toml").write_text(
        'format = 1\ntype = "catalogue"\n'
        '[[archetype]]\nid = "human"\nkind = "race"\nname = "Human"\nCON = 4\nAGI = 5\nINT = 4\nVOL = 4\n'
        '[[archetype]]\nid = "holy_sword"\nkind = "weapon"\nname = "Holy sword"\nENE = 3\nDMG = 3\nRNG = 0\n'
        'QUA = 5\ntraits = [{ name = "Reliquia" }]\n'
        '[[character]]\nid = "paladin"\nname = "Paladin"\nrace = "human"\nweapons = ["holy_sword"]\n',
        encoding="utf-8")
    one = tmp_path / "one.toml"
    one.write_text('format = 1\ntype = "list"\nname = "One"\ncatalogue = "cat.toml"\n'
                   '[[unit]]\ncharacter = "paladin"\n', encoding="utf-8")
    assert archetype_cost(load_army_list(one).units[0].character.weapons[0]) == 13 + 0 + 5 - 20
    two = tmp_path / "two.toml"
    two.write_text('format = 1\ntype = "list"\nname = "Two"\ncatalogue = "cat.toml"\n'
                   '[[unit]]\ncharacter = "paladin"\ncount = 2\n', encoding="utf-8")
    with pytest.raises(DataError) as exc:
        load_army_list(two)
    assert exc.value.lines() == [
        f"{two}: unit[0].character: archetype 'holy_sword' has Reliquia and may appear only once in a list "
        f"(BLD-24 E8)"
    ]


def test_BLD_25_overload_applied_once() -> None:
    """BLD-25: CON 4, 1 wound, equipped DEF 5: −2 on CH IMP from Por sobrecarga (5 − (4 − 1)), not −4."""
    armour = make("protection", "armour", ENE=2, DEF=5, SIZ=4, QUA=5)
    c = character(human(), protections=[armour])
    assert c.overload_penalty(wounds=1) == 5 - (4 - 1) == 2
    assert c.physical_check_penalty(wounds=1) == 0 + 2


def test_BLD_6_trait_catalogue_keys() -> None:
    """BLD-6 / BLD-15: traits are looked up by their Spanish name; per-level traits carry max levels."""
    cat = trait_catalogue()
    assert cat["Cargadores"].id == "TRT-MAGAZINES" and cat["Cargadores"].cost == -5
    assert cat["Área"].cost is None
    assert (cat["Elixir"].per_level, cat["Elixir"].max_level) == (True, 5)
    assert "metahability" in cat["Invocación"].applies_to


def test_TRT_NEGATE_SIZ_catalogue_fit_penalty_is_zero() -> None:
    """TRT-NEGATE (Niega (SIZ)) with BLD-7: the catalogue's fit penalty (and the physical check penalty built on it)
    is 0 for a character whose ward cancels SIZ, as the engine's CH AGI counts it (no MOD-6); the same armour
    without the ward keeps |SIZ − CON|; overload still counts."""
    coat = make("protection", "coat", ENE=2, DEF=4, SIZ=7, QUA=4)
    ward = make("object", "ward", traits=[{"name": "Niega", "param": "SIZ"}], ENE=1, RNG=0, QUA=2)
    plain = character(human(), protections=[coat])
    warded = character(human(), protections=[coat], objects=[ward])
    assert plain.fit_penalty() == 3 and not plain.negates_size()
    assert warded.negates_size() and warded.fit_penalty() == 0
    assert warded.physical_check_penalty(wounds=0) == warded.overload_penalty(0) == 4 - 4
    other = make("object", "lento_ward", traits=[{"name": "Niega", "param": "Lento"}], ENE=1, RNG=0, QUA=2)
    assert character(human(), protections=[coat], objects=[other]).fit_penalty() == 3
