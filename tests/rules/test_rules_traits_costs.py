"""Traits that change an action's ENE cost (G5 ENE: ± terms, caps, minimum 1; ENE-1) and a weapon's range (BLD-14,
G5 RNG), with the engine pricing real decisions."""
from __future__ import annotations

from rules_helpers import Game, M, blade, weapon
from wartime.core.components import Traits
from wartime.data.loader import archetype_from_dict
from wartime.match.setup import weapon_of
from wartime.rules import traits


def priced(trait: str, key: str = "ranged_attack", *, on: int = 0, gun=None, **params) -> int:
    g = Game(M(x=10, y=20, weapons=(gun or weapon(ENE=3, DMG=4),)), M(side="blue", x=20, y=20, facing=180.0))
    a, b = g.ids
    if trait:
        g.set(g.ids[on], Traits((trait,)))
    g.start_activation(a, energy=10)
    if key == "ranged_attack":
        params = {"target": b, "weapon": 0, **params}
    return g.engine.check_action(a, key, params)


def test_TRT_BLOODLESS_every_weapon_costs_ENE_plus_1():
    assert priced("") == 3 and priced("TRT-BLOODLESS") == 4
    assert priced("TRT-BLOODLESS", "move", path=[[10, 21]]) == 1


def test_TRT_MASTER_BUTCHER_weapons_cost_ENE_minus_1_minimum_1():
    assert priced("TRT-MASTER-BUTCHER") == 2
    assert priced("TRT-MASTER-BUTCHER", gun=weapon(ENE=1, DMG=4)) == 1


def test_TRT_RAMBO_any_weapon_costs_at_most_ENE_4_after_the_other_terms():
    assert priced("TRT-RAMBO", gun=weapon(ENE=7, DMG=4)) == 4
    assert priced("TRT-RAMBO", gun=weapon(ENE=3, DMG=4)) == 3


def test_TRT_SLOW_movement_actions_cost_ENE_plus_1():
    assert priced("TRT-SLOW", "move", path=[[10, 21]]) == 2
    assert priced("TRT-SLOW") == 3


def test_TRT_SILENT_MOVER_moving_silently_costs_as_Mover():
    assert priced("", "move_silently", path=[[10, 21]]) == 2
    assert priced("TRT-SILENT-MOVER", "move_silently", path=[[10, 21]]) == 1
    assert priced("TRT-SILENT-MOVER", "move", path=[[10, 21]]) == 1
    assert priced("TRT-SILENT-MOVER") == 3


def test_TRT_LORD_OF_FREEZING_enemy_actions_against_it_cost_ENE_plus_2():
    assert priced("TRT-LORD-OF-FREEZING", on=1) == 5                 # the target is the lord
    assert priced("TRT-LORD-OF-FREEZING", on=0) == 3                 # its own attacks: no change


def test_TRT_LORD_OF_FREEZING_the_engine_charges_it():
    g = Game(M(x=10, y=20, weapons=(weapon(ENE=3, DMG=4),)), M(side="blue", x=20, y=20, facing=180.0, CON=9))
    a, b = g.ids
    g.set(b, Traits(("TRT-LORD-OF-FREEZING",)))
    g.start_activation(a, energy=10)
    g.dice.push(9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.energy(a) == 5


def _gun(*names: str, RNG: int = 20):
    return weapon_of(archetype_from_dict({"id": "gun", "kind": "weapon", "name": "Gun", "ENE": 2, "DMG": 4,
                                          "RNG": RNG, "QUA": 4, "traits": [{"name": n} for n in names]}))


def test_TRT_MORE_RANGE_RNG_plus_5_in_play():
    assert _gun().RNG == 20 and _gun("Más alcance").RNG == 25


def test_TRT_MUCH_MORE_RANGE_RNG_plus_10_in_play():
    assert _gun("Mucho más alcance").RNG == 30


def test_TRT_SELF_PROPELLED_AMMO_RNG_x2_after_the_additions():
    assert _gun("Munición autopropulsada").RNG == 40
    assert _gun("Más alcance", "Munición autopropulsada").RNG == 50
    assert traits.weapon_range(blade()) == 0


def test_TRT_MORE_RANGE_a_shot_at_23_K_is_legal_only_with_it():
    from rules_helpers import violation
    for gun, legal in ((_gun(), False), (_gun("Más alcance"), True)):
        g = Game(M(x=1, y=20, weapons=(gun,)), M(side="blue", x=25, y=20, facing=180.0))
        a, b = g.ids
        g.start_activation(a, energy=10)
        if legal:
            assert g.engine.check_action(a, "ranged_attack", {"target": b, "weapon": 0}) == 2
        else:
            assert violation(g.engine.check_action, a, "ranged_attack", {"target": b, "weapon": 0}).rule_id
