"""Noise through the rules (ENV-6..8, REA-6, REA-7): how far weapons and moves are heard, walls muffling them,
and who heard each noisy action (`heard_by`)."""
from __future__ import annotations

import pytest

from rules_helpers import Game, M, blade, piece, weapon
from wartime.core.components import Life, Position
from wartime.data.loader import archetype_from_dict
from wartime.match.setup import weapon_of
from wartime.rules.noise import movement_noise, weapon_noise, who_hears


def listeners_at(*xs: float, y: float = 20.0, **kw) -> list[M]:
    return [M(side="blue", x=x, y=y, CON=9, facing=180.0, **kw) for x in xs]


def test_ENV_6_a_rifle_is_heard_at_DMG_x_2_and_a_bow_not_at_all():
    """ENV-6: a rifle with DMG 4 is heard by minis within 8 K (edge to edge); a bow (string) with DMG 4 makes
    no noise, nor does a silenced gun (Silenciador)."""
    rifle, bow = weapon(DMG=4), weapon(DMG=4, key="bow", quiet=True)
    assert weapon_noise(rifle) == 8.0 and weapon_noise(bow) == 0.0
    g = Game(M(x=10, y=20, weapons=(rifle,)), *listeners_at(18.9, 19.1, 40 - 1))
    a, near, far, target = g.ids
    assert who_hears(g.gs, a, weapon_noise(rifle)) == [near]           # 7.9 K heard, 8.1 K not
    bow_arch = archetype_from_dict({"id": "bow", "kind": "weapon", "name": "Bow", "ENE": 2, "DMG": 4, "RNG": 20,
                                    "QUA": 4, "quiet_type": "string"})
    silenced = archetype_from_dict({"id": "gun", "kind": "weapon", "name": "Gun", "ENE": 2, "DMG": 4, "RNG": 20,
                                    "QUA": 4, "traits": [{"name": "Silenciador"}]})
    assert weapon_of(bow_arch).quiet and weapon_noise(weapon_of(silenced)) == 0.0 and not weapon_of(silenced).noisy_melee


def test_ENV_6_the_shot_records_who_heard_it():
    """ENV-6: a ranged attack's `noise` event names its range and the minis that heard it (any side)."""
    g = Game(M(x=10, y=20, weapons=(weapon(DMG=3),)), *listeners_at(30), M(x=10, y=25), M(x=10, y=28))
    a, t, ally_near, ally_far = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(9)
    g.act(a, "ranged_attack", target=t, weapon=0)
    ev = g.events("noise")[0]
    assert (ev["who"], ev["range"], ev["heard_by"], ev["rule"]) == (a, 6.0, [ally_near], "ENV-6")


def test_ENV_6_melee_is_silent_except_noisy_melee_weapons():
    """ENV-6: melee weapons make no noise, except noisy melee weapons (a chainsaw), heard at DMG × 2."""
    assert weapon_noise(blade(DMG=3)) == 0.0
    saw = blade(DMG=3, key="chainsaw", noisy_melee=True)
    assert weapon_noise(saw) == 6.0
    g = Game(M(x=10, y=20, weapons=(saw,)), *listeners_at(11, 15))
    a, t, other = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(9)
    g.act(a, "melee_attack", target=t, weapon=0)
    assert g.events("noise")[0]["heard_by"] == [t, other]


def test_ENV_6_a_damaged_weapon_is_quieter():
    """ENV-6 / WND-6: the noise uses the weapon's current DMG (DMG 4 with 1 wound: 6 K)."""
    assert weapon_noise(weapon(DMG=4, wounds=1)) == 6.0


def test_ENV_7_a_move_is_heard_at_twice_the_K_travelled_from_where_it_ends():
    """ENV-7 / REA-6: a human (MOV 1) that runs 2 K with Correr is heard within 4 K of where it ends; the
    `moved` event names the noise and who heard it."""
    g = Game(M(x=10, y=20), *listeners_at(16.9, 17.1))
    a, near, far = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "run", path=[[12, 20]])
    mv = g.events("moved")[0]
    assert (mv["noise"], mv["heard_by"]) == (4.0, [near])
    assert movement_noise(2.0) == 4.0


@pytest.mark.parametrize("defense, heard", [(0, True), (3, False)])
def test_ENV_8_REA_7_walls_halve_the_noise_then_subtract_their_DEF(defense, heard):
    """ENV-8 / REA-7: a noise with 6 K left reaches a wall: beyond it max(0, 6 / 2 − DEF) K are left. A DEF 0
    wall leaves 3 K (a listener 2 K further is heard); a DEF 3 wall leaves 0."""
    wall = piece("wall", "high", 16.5, 10, 16.7, 30, height=1.5, blocks_los=True, defense=defense)
    # source edge at 10.5; the wall 6 K away at 16.5; the listener's edge 2 K further at 18.5
    g = Game(M(x=10, y=20), *listeners_at(19), pieces=[wall])
    a, b = g.ids
    assert who_hears(g.gs, a, 12.0) == ([b] if heard else [])


def test_REA_6_who_hears_levels_and_able_listeners():
    """REA-6 / MOV-11 / MOV-12: levels 1 and 2 hear each other, level 3 hears only level 3; incapacitated minis
    hear nothing; a point may be the source."""
    g = Game(M(x=10, y=20), *listeners_at(12, 13, 14, 15))
    a, b, c, d, e = g.ids
    g.set(c, Position(13, 20, 180.0, 2))
    g.set(d, Position(14, 20, 180.0, 3))
    g.set(e, Life("incapacitated"))
    assert who_hears(g.gs, a, 10.0) == [b, c]
    assert who_hears(g.gs, (11.0, 20.0), 1.4) == [a, b]


def test_REA_6_a_listener_one_level_away_hears_across_the_3_K_between_levels():
    """REA-6 / MOV-12 / BAS-3 (bug: noise ignored the 3 K between levels 1 and 2): a level-2 flyer whose base is
    2 K (edge to edge) from a noise on the ground is √(2² + 3²) ≈ 3.61 K away: it hears a 4 K noise, not a 3.5 K
    one, while a level-1 listener at the same horizontal gap hears both."""
    g = Game(M(x=10, y=20), *listeners_at(13, y=20), *listeners_at(13, y=25))
    a, flyer, ground = g.ids
    g.set(flyer, Position(13, 20, 180.0, 2))
    g.set(ground, Position(13, 25, 180.0, 1))
    g.set(a, Position(10, 25, 0.0, 1))
    # the source is a point at level 1 two K (edge) from both listeners: (10.5, 20) and (10.5, 25) with r = 0
    assert who_hears(g.gs, (10.5, 20.0), 4.0) == [flyer]
    assert who_hears(g.gs, (10.5, 20.0), 3.5) == []
    assert who_hears(g.gs, (10.5, 25.0), 3.5) == [a, ground]
