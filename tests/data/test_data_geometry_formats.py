"""The format extensions of the geometry issue: weapon noise flags (ENV-6), fixed weapons (ENV-5), scenario
perches on 3 K pieces (MOV-10), and which traits a fielded character may carry (ARE-*, MVA-15, MVA-16)."""
from __future__ import annotations

from pathlib import Path

import pytest

from data_test_helpers import character, errors_of, human, make
from wartime.core.errors import DataError, NotImplementedRule
from wartime.data.loader import load_scenario
from wartime.match.setup import IMPLEMENTED_TRAITS, check_traits, weapon_of

GUN = dict(ENE=2, DMG=4, RNG=20, QUA=4)


def test_ENV_6_weapon_noise_flags_load_and_are_checked():
    """ENV-6: `quiet_type` is "wind" or "string" (the weapon makes no noise); `noisy_melee` marks a melee weapon
    heard at DMG × 2 and is refused on a ranged weapon; material "string" or "wind" and Silenciador are quiet too."""
    bow = make("weapon", "bow", quiet_type="string", **GUN)
    assert bow.quiet and weapon_of(bow).quiet
    assert make("weapon", "blowpipe", material="wind", **GUN).quiet
    saw = make("weapon", "saw", noisy_melee=True, ENE=3, DMG=3, RNG=0, QUA=4)
    assert weapon_of(saw).noisy_melee and not saw.quiet
    assert errors_of("weapon", quiet_type="laser", **GUN) == [
        "<data>: archetype.quiet_type: 'laser' is not one of wind, string (ENV-6)"]
    assert errors_of("weapon", noisy_melee=True, **GUN) == [
        "<data>: archetype.noisy_melee: only a melee weapon (RNG 0) can be a noisy melee weapon (ENV-6)"]
    assert errors_of("race", quiet_type="wind", CON=4, AGI=4, INT=4, VOL=4) == [
        "<data>: archetype.quiet_type: only a weapon has quiet_type"]


def test_ENV_5_fixed_weapons_and_their_mount_facing():
    """ENV-5: `fixed = true` gives a weapon a 90° field of fire around its mount direction, `mount_facing`
    degrees from the bearer's facing (default 0, only with fixed)."""
    gun = make("weapon", "gun", fixed=True, mount_facing=-90, **GUN)
    w = weapon_of(gun)
    assert (w.fixed, w.mount_facing) == (True, 270.0)
    assert errors_of("weapon", mount_facing=90, **GUN) == [
        "<data>: archetype.mount_facing: only a fixed weapon (fixed = true) has a mount facing (ENV-5)"]
    assert errors_of("weapon", fixed="yes", **GUN) == ["<data>: archetype.fixed: expected true or false, got 'yes'"]


SCENARIO = """format = 1
type = "scenario"
name = "Perch test"
points_limit = 300
turn_limit = 8
victory = "elimination"

[board]
width = 20
height = 20

[[terrain]]
id = "tower"
kind = "blocking"
rect = [8, 8, 11, 11]
height = {height}

[[perch]]
{perch}

[deployment.red]
rect = [0, 0, 20, 3]
[deployment.blue]
rect = [0, 17, 20, 20]
"""


def scenario_lines(tmp_path: Path, perch: str, height: float = 3) -> list[str]:
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO.format(perch=perch, height=height), encoding="utf-8")
    try:
        sc = load_scenario(path)
    except DataError as exc:
        return [line.split(": ", 1)[1] for line in exc.lines()]
    return [repr(sc.perches)]


def test_MOV_10_a_perch_stands_on_a_3_K_piece(tmp_path: Path):
    """MOV-10: a `[[perch]]` names a side, a point and a high or blocking piece exactly 3 K high (its top is
    level 2) on which a 1 K base fits."""
    ok = scenario_lines(tmp_path, 'side = "red"\nat = [9.5, 9.5]\non = "tower"')
    assert ok == ["(Perch(side='red', x=9.5, y=9.5, piece='tower'),)"]
    assert scenario_lines(tmp_path, 'side = "red"\nat = [9.5, 9.5]\non = "towr"') == [
        "perch[0].on: unknown terrain id 'towr' (did you mean 'tower'?)"]
    assert scenario_lines(tmp_path, 'side = "red"\nat = [9.5, 9.5]\non = "tower"', height=4) == [
        "perch[0].on: a perch stands on a high or blocking piece exactly 3 K high (MOV-10, level 2); 'tower' is "
        "a blocking piece 4 K high"]
    assert scenario_lines(tmp_path, 'side = "red"\nat = [8.2, 9.5]\non = "tower"') == [
        "perch[0].at: a 1 K base centred there does not fit on top of 'tower'"]
    assert scenario_lines(tmp_path, 'side = "green"\nat = [9.5, 9.5]\non = "tower"') == [
        "perch[0].side: 'green' is not one of red, blue"]


@pytest.mark.parametrize("trait_id", ["TRT-AREA", "TRT-PERSISTENT-AREA", "TRT-SCATTER", "TRT-SMOKE",
                                      "TRT-DENSE-SMOKE", "TRT-SUPPRESSOR", "TRT-GLIDER", "TRT-SUB", "TRT-MAGAZINES"])
def test_ARE_1_the_traits_the_engine_implements(trait_id):
    """ARE-1..9, ENV-6, MVA-15, MVA-16: the traits fielded characters may carry (Área, Área permanente,
    Dispersión, Humo, Humo denso, Silenciador, Planeador, Sub, Cargadores)."""
    assert trait_id in IMPLEMENTED_TRAITS


def test_ARE_8_area_riders_need_an_area_and_flight_traits_a_race():
    """ARE-8 / TRT-SCATTER: Dispersión (and Área permanente, Humo) act where an area lands: without Área they
    are refused; Planeador is implemented on races only (MVA-16)."""
    scatter = make("weapon", "mortar", traits=[{"name": "Dispersión"}], **GUN)
    with pytest.raises(NotImplementedRule) as exc:
        check_traits(character(human(), weapons=[scatter]))
    assert exc.value.rule_id == "TRT-SCATTER"
    area = make("weapon", "mortar", traits=[{"name": "Área", "param": "R3"}, {"name": "Dispersión"}], **GUN)
    check_traits(character(human(), weapons=[area]))
    glider = make("race", "harpy", traits=[{"name": "Planeador"}], CON=4, AGI=5, INT=4, VOL=4)
    check_traits(character(glider))


def test_ENV_3_mount_point_of_a_mounted_weapon_loads_and_is_checked():
    """ENV-3: a weapon's `mount_point = [ahead, left, height]` (K from its transport's centre and base) loads; a
    malformed one, a height below the base, one outside the transport's base (a size 2 truck:
    radius 1 K) and one on a weapon carried by hand (not `mounted`) are refused with a clear error."""
    from wartime.data.loader import character_from_dict
    turret = make("weapon", "turret", mount_point=[0.5, 0, 2.5], **GUN)
    assert turret.mount_point == (0.5, 0.0, 2.5) and make("weapon", "gun", **GUN).mount_point is None
    assert errors_of("weapon", mount_point=[1, 2], **GUN) == [
        "<data>: archetype.mount_point: expected [ahead, left, height] in K (ENV-3: where the weapon, mounted on a "
        "transport, fires from, from the transport's centre and base), got [1, 2]"]
    assert errors_of("weapon", mount_point=[0, 0, -1], **GUN) == [
        "<data>: archetype.mount_point: the height -1 K is below the transport's base (ENV-3)"]
    cat = {"human": human(), "turret": turret, "wide": make("weapon", "wide", mount_point=[0.8, 0.8, 1], **GUN),
           "truck": make("transport", "truck", size=2, ENE=2, MOV=4, DEF=2, QUA=4)}

    def design(**refs) -> list[str]:
        try:
            character_from_dict({"id": "c", "name": "C", "race": "human", **refs}, cat, file="<data>")
        except DataError as exc:
            return exc.lines()
        return []

    assert design(transport="truck", mounted=["turret"]) == []
    assert design(transport="truck", mounted=["wide"]) == [
        "<data>: character.mounted[0]: 'wide' has its mount point 1.13137 K from the centre of 'truck', outside its "
        "base (radius 1 K, ENV-3)"]
    assert design(weapons=["turret"]) == [
        "<data>: character.weapons: 'turret' has a mount point (ENV-3): only a weapon mounted on a transport has one "
        "(list it under `mounted`)"]
