"""Issue 12, group D: combat feats of the catalogue played through the trait registry
(rules/traits/combat_feats.py), each set up with scripted dice and checked against its catalogue effect and ruling,
and priced at its catalogue cost."""
from __future__ import annotations

import pytest

from rules_helpers import Game, RuleViolation, M, armour, weapon
from test_rules_traits_combat import attack, duel, race
from wartime.data.loader import priced_trait
from wartime.rules import traits
from wartime.rules.traits.devices import Designated, marked_by


def price(trait: str, kind: str = "weapon") -> int:
    return priced_trait(trait, kind, "test", "traits").points


# --- Munición desestabilizadora -----------------------------------------------------------------------------------
DESTAB = "TRT-DESTABILISING-AMMO"


def destabilised_duel(CON: int = 9) -> Game:
    """Red shoots blue (9 K) with a destabilising rifle (DMG 4); blue wears DEF 3 and carries Duro (a bonus, DEF +1)
    and Cobarde (a malus), a loaded magazine rifle, and has marked red with a target designator."""
    g = duel({"weapons": (weapon(DMG=4, traits=(DESTAB,)),)},
             {"CON": CON, "weapons": (weapon(DMG=3, magazine=5, rounds=5),), "protections": (armour(3),)})
    a, b = g.ids
    race(g, b, "TRT-TOUGH", "TRT-COWARD")
    g.set(a, Designated((b,)))
    return g


def test_TRT_DESTABILISING_AMMO_a_hit_unloads_wipes_marks_and_suppresses_bonuses_not_maluses():
    g = destabilised_duel()
    a, b = g.ids
    attack(g, 2, 4)                             # CH IMP 2 hits; CH DEF 4 passes (DEF 3 + Duro): 4 − 4 = 0 wounds
    assert g.events("destabilised")[0]["marks_lost"] == [a]
    assert g.gs.weapon(b, 0).rounds == 0
    assert marked_by(g.gs, a) == ()
    carried = traits.character_traits(g.gs, b)
    assert "TRT-TOUGH" not in carried and "TRT-COWARD" in carried
    assert g.gs.wounds(b) == 0                  # the hit itself still met Duro: the trait is suppressed after it


def test_TRT_DESTABILISING_AMMO_bonuses_come_back_when_its_next_activation_starts():
    g = destabilised_duel()
    a, b = g.ids
    attack(g, 2, 4)
    g.engine._end_activation(a)
    g.start_activation(b)
    assert "TRT-TOUGH" in traits.character_traits(g.gs, b)
    assert g.events("bonuses_restored")[0]["who"] == b


def test_TRT_DESTABILISING_AMMO_a_suppressed_bonus_does_not_work_on_the_next_hit():
    """Duro's DEF +1 is gone: the same CH DEF 4 now fails (DEF 3): DMG 4, 4 wounds, and a CH PSI (CMB-5)."""
    g = destabilised_duel()
    a, b = g.ids
    attack(g, 2, 4)
    g.dice.push(2, 4, 1)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.all_dice_used()
    assert g.gs.wounds(b) == 4


def test_TRT_DESTABILISING_AMMO_an_unloaded_weapon_must_be_reloaded_to_fire():
    g = destabilised_duel()
    a, b = g.ids
    attack(g, 2, 4)
    g.engine._end_activation(a)
    g.start_activation(b)
    with pytest.raises(RuleViolation):
        g.act(b, "ranged_attack", target=a, weapon=0)
    g.act(b, "reload", weapon=0)
    assert g.gs.weapon(b, 0).rounds == 5


def test_TRT_DESTABILISING_AMMO_a_miss_or_a_kill_does_nothing():
    g = destabilised_duel()
    a, b = g.ids
    attack(g, 9)                                # CH IMP 9 misses (AGI 5)
    assert not g.events("destabilised") and g.gs.weapon(b, 0).rounds == 5
    g = destabilised_duel(CON=3)
    a, b = g.ids
    attack(g, 2, 9)                             # 4 wounds on CON 3: dead
    assert not g.gs.on_table(b) and not g.events("destabilised")


def test_TRT_DESTABILISING_AMMO_is_fielded_on_weapons_and_costs_5():
    assert traits.fielding_problem(DESTAB, "weapon", {DESTAB}) is None
    assert traits.fielding_problem(DESTAB, "race", {DESTAB}) is not None
    assert price(DESTAB) == 5
