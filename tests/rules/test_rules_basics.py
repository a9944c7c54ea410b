"""Basic concepts through the rules engine: BAS-1, BAS-2, BAS-3, BAS-5, BAS-6, CHR-1, CHR-2, ENV-1, ENV-2."""
from __future__ import annotations

import math

import pytest

from rules_helpers import Game, M, armour, built_state, piece, race, violation, weapon
from wartime.core.components import Attributes, Position
from wartime.core.errors import DataError
from wartime.core.rng import ScriptedDice
from wartime.core.rounding import round_half_up
from wartime.core.world import World
from wartime.data.loader import archetype_from_dict, character_from_dict
from wartime.data.models import CharacterSpec
from wartime.rules.checks import percent


def test_BAS_1_a_human_sized_character_stands_on_a_disc_of_radius_half_a_klik():
    """BAS-1: a human-sized character at (4, 2) occupies the disc of radius 0.5 K centred on (4, 2)."""
    gs = built_state(("red", CharacterSpec(id="h", name="Human", race=race())),
                     ("blue", CharacterSpec(id="g", name="Giant", race=race(size=2.0))))
    human, giant = gs.minis()
    assert gs.body(human).radius == pytest.approx(0.5)
    assert gs.body(giant).radius == pytest.approx(1.0)      # s K base for a character s times as tall
    # The engine treats the base as that disc in every direction: another human may end its move touching
    # it (centres 1.0 K apart) from any bearing, and never 0.02 K closer.
    for bearing in (0, 30, 45, 90, 135, 180):
        a = math.radians(bearing)
        # (decisions are rounded to 1e-4 K, so "touching" is asked for 2e-4 K outside; still contact, CMB-11)
        for gap, legal in ((1.0002, True), (0.98, False)):
            g = Game(M(x=4, y=2), M(x=4 + 2.5 * math.cos(a), y=2 + 2.5 * math.sin(a), mov=5))
            still, mover = g.ids
            g.start_activation(mover, energy=10)
            end = [4 + gap * math.cos(a), 2 + gap * math.sin(a)]
            if legal:
                g.act(mover, "move", path=[end])
                assert g.gs.distance(still, mover) == pytest.approx(0.0, abs=3e-4)
                assert g.gs.in_contact(still, mover)
            else:
                assert violation(g.act, mover, "move", path=[end]).rule_id == "BAS-2"


def test_BAS_2_bases_may_not_overlap_touching_is_contact():
    """BAS-2: two 1 K bases with centres 0.9 K apart overlap (illegal); 1.0 K apart they are in legal contact."""
    g = Game(M(x=10, y=20), M(x=14, y=20, mov=5))
    ally, mover = g.ids
    g.start_activation(mover, energy=10)
    exc = violation(g.act, mover, "move", path=[[10.9, 20]])
    assert exc.rule_id == "BAS-2"
    assert exc.message == f"the base overlaps {g.gs.name(ally)}'s base at the end"     # named, never "#0"
    assert g.pos(mover) == (14, 20) and g.energy(mover) == 10          # nothing changed, nothing paid
    g.act(mover, "move", path=[[11.0, 20]])
    assert g.pos(mover) == (11.0, 20) and g.gs.in_contact(ally, mover)
    # ... and along the whole path: a move that would sweep through the ally's base is refused too
    g2 = Game(M(x=10, y=20), M(x=12, y=20, mov=5))
    ally, mover = g2.ids
    g2.start_activation(mover, energy=10)
    assert violation(g2.act, mover, "move", path=[[8, 20]]).rule_id == "BAS-2"


def test_BAS_3_distances_are_edge_to_edge_in_kliks():
    """BAS-3: two 1 K bases with centres 6 K apart are 5 K apart, so each is within 5 K of the other."""
    g = Game(M(x=10, y=20, weapons=(weapon(RNG=5),)), M(side="blue", x=16, y=20))
    a, b = g.ids
    assert g.gs.distance(a, b) == pytest.approx(5.0)
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "ranged_attack", {"target": b, "weapon": 0}) == 2   # "within 5 K" = ≤ 5
    g.set(b, Position(16.1, 20, 180.0))
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": b, "weapon": 0}).rule_id == "CMB-10"


def test_BAS_5_rounding_half_up():
    """BAS-5: 2.5 → 3, 2.49 → 2; half of DMG 5 is 3 and half of DMG 1 is 1; negatives keep their sign."""
    assert round_half_up(2.5) == 3
    assert round_half_up(2.49) == 2
    assert round_half_up(5 / 2) == 3
    assert round_half_up(1 / 2) == 1
    assert round_half_up(-2.5) == -3
    # the engine rounds the fractional size factor of a character when it gives its natural MOV (MOV-1)
    gs = built_state(("red", CharacterSpec(id="a", name="A", race=race(size=2.5))),
                     ("blue", CharacterSpec(id="b", name="B", race=race(size=1.49))))
    big, small = gs.minis()
    assert gs.mov(big) == 3 and gs.mov(small) == 1


def test_BAS_6_percent_chances_roll_1d100_under_or_equal():
    """BAS-6: a 30% event happens on a roll of 30 and not on 31; no criticals or fumbles on 1D100."""
    world = World(ScriptedDice([30, 31, 100, 1]))
    assert percent(world, 30, "TEST", "30 happens") is True
    assert percent(world, 30, "TEST", "31 does not") is False
    assert percent(world, 100, "TEST", "100 is not a fumble") is True
    assert percent(world, 0, "TEST", "1 is not a critical") is False
    assert [e["die"] for e in world.events] == [30, 31, 100, 1]


# --- characters ---------------------------------------------------------------------------------------------
def _catalogue():
    def a(**d):
        return archetype_from_dict({"traits": [], **d})
    arch = [
        a(id="human", kind="race", name="Human", CON=4, AGI=5, INT=4, VOL=4),
        a(id="elf", kind="race", name="Elf", CON=3, AGI=6, INT=5, VOL=5),
        a(id="rifle", kind="weapon", name="Rifle", ENE=4, DMG=4, RNG=20, QUA=4),
        a(id="pistol", kind="weapon", name="Pistol", ENE=4, DMG=4, RNG=8, QUA=4),
        a(id="vest", kind="protection", name="Vest", ENE=2, DEF=2, SIZ=4, QUA=4),
        a(id="horse", kind="transport", name="Horse", ENE=2, MOV=4, DEF=2, QUA=3),
        a(id="bike", kind="transport", name="Bike", ENE=2, MOV=8, DEF=2, QUA=3),
    ]
    return {x.id: x for x in arch}


def test_CHR_1_exactly_one_race_and_at_most_one_transport():
    """CHR-1: 1 race, 2 weapons, 1 protection and 2 transports is invalid; with one transport it is valid."""
    cat = _catalogue()
    base = {"id": "c", "name": "C", "race": "human", "weapons": ["rifle", "pistol"], "protections": ["vest"]}
    with pytest.raises(DataError) as err:
        character_from_dict({**base, "transport": ["horse", "bike"]}, cat)
    assert any("transport" in line for line in err.value.lines())
    spec = character_from_dict({**base, "transport": "horse"}, cat)
    assert spec.race.id == "human" and len(spec.weapons) == 2 and spec.transport.id == "horse"
    # the role (race) archetype is mandatory and unique
    with pytest.raises(DataError):
        character_from_dict({k: v for k, v in base.items() if k != "race"}, cat)
    with pytest.raises(DataError):
        character_from_dict({**base, "race": ["human", "elf"]}, cat)


def test_CHR_2_attributes_of_each_archetype_type():
    """CHR-2: a protection has exactly ENE, DEF, SIZ, QUA; a metahability has no DMG; a race CON AGI INT VOL."""
    cat = _catalogue()
    assert set(cat["vest"].attributes()) == {"ENE", "DEF", "SIZ", "QUA"}
    assert set(cat["rifle"].attributes()) == {"ENE", "DMG", "RNG", "QUA"}
    assert set(cat["horse"].attributes()) == {"ENE", "MOV", "DEF", "QUA"}
    assert set(cat["human"].attributes()) == {"CON", "AGI", "INT", "VOL"}
    with pytest.raises(DataError) as err:
        archetype_from_dict({"id": "m", "kind": "metahability", "name": "M", "traits": [],
                             "ENE": 2, "RNG": 5, "QUA": 3, "DMG": 2})
    assert any("DMG" in line for line in err.value.lines())
    # in the engine, a character's CON/AGI/INT/VOL come only from its race; equipment keeps its own ENE
    gs = built_state(("red", character_from_dict({"id": "c", "name": "C", "race": "human", "weapons": ["rifle"],
                                                  "protections": ["vest"]}, cat)),
                     ("blue", character_from_dict({"id": "d", "name": "D", "race": "elf"}, cat)))
    red, blue = gs.minis()
    assert gs.attrs(red) == Attributes(4, 5, 4, 4)
    w, p = gs.equipment(red).weapons[0], gs.equipment(red).protections[0]
    assert (w.ENE, w.DMG, w.RNG, w.QUA) == (4, 4, 20, 4)
    assert (p.ENE, p.DEF, p.SIZ, p.QUA) == (2, 2, 4, 4)
    assert gs.energy(red) == 0                              # the equipment ENE is not the character's pool


# --- environment ------------------------------------------------------------------------------------------
def test_ENV_1_field_of_view_is_a_180_degree_half_plane_of_range_VOL_x5():
    """ENV-1: a VOL 4 observer at (0, 0) facing +x (FOV 20 K): enemy at (−3, 0) out; (0, 5) in (half its
    base is at x ≥ 0); (20.5, 0) in (19.5 K); (21.5, 0) out (20.5 K)."""
    ox, oy = 5.0, 20.0
    for (dx, dy), inside in (((-3, 0), False), ((0, 5), True), ((20.5, 0), True), ((21.5, 0), False)):
        g = Game(M(x=ox, y=oy, VOL=4, weapons=(weapon(RNG=40),)), M(side="blue", x=ox + dx, y=oy + dy))
        a, b = g.ids
        g.start_activation(a, energy=10)
        assert g.gs.in_fov(a, b) is inside
        if inside:
            assert g.engine.check_action(a, "ranged_attack", {"target": b, "weapon": 0}) == 2
        else:
            assert violation(g.engine.check_action, a, "ranged_attack",
                             {"target": b, "weapon": 0}).rule_id == "ENV-1"
    # the arc follows the facing: turning to face the enemy behind brings it into view (MOV-5)
    g = Game(M(x=ox, y=oy, VOL=4, weapons=(weapon(RNG=40),)), M(side="blue", x=ox - 3, y=oy))
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "ranged_attack", {"target": b, "weapon": 0}, facing=180.0) == 2


def _wall_game(wall_height: float, *extra: M) -> Game:
    # ENV-2 setup shifted by (5, 20): attacker eye at (5, 20, 1), target at (15, 20), wall x 13.9-14.1
    wall = piece("wall", "low", 13.9, 18, 14.1, 22, height=wall_height, blocks_los=True, defense=3)
    return Game(M(x=5, y=20, AGI=5, VOL=6, weapons=(weapon(DMG=4, RNG=40),)),
                M(side="blue", x=15, y=20, CON=8, protections=(armour(2),)), *extra, pieces=[wall])


def test_ENV_2_line_of_sight_sampling_through_a_chest_high_wall():
    """ENV-2: a 0.75 K wall between an eye at (0, 0, 1) and a target at (10, 0): rows 0.1-0.7 blocked (the 0.7
    ray is at 0.73 K at x = 9), row 0.9 visible (0.91 K): 20/25 blocked, hidden 80%, LOS exists."""
    g = _wall_game(0.75)
    a, b = g.ids
    c = g.gs.cover(a, [b])[0]
    assert c.blocked == 20 and c.hidden_fraction == pytest.approx(0.8) and c.has_los
    g.start_activation(a, energy=10)
    g.dice.push(5, 5, 5)                      # CH IMP 5 hits; CH DEF 5; CH PSI 5
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.check("DEF")["hidden_fraction"] == pytest.approx(0.8)
    # a wall taller than both minis' eyes hides every sample: no LOS, no shot
    g = _wall_game(1.5)
    a, b = g.ids
    assert g.gs.cover(a, [b])[0].blocked == 25
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": b, "weapon": 0}).rule_id == "ENV-2"


def test_ENV_2_miniatures_never_block_line_of_sight():
    """ENV-2: miniatures never block LOS and never give cover."""
    g = Game(M(x=5, y=20, weapons=(weapon(),)), M(side="blue", x=15, y=20), M(side="blue", x=10, y=20))
    a, b, _ = g.ids
    c = g.gs.cover(a, [b])[0]
    assert c.blocked == 0 and c.has_los
