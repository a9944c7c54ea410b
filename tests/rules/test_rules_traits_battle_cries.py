"""Group B traits of rules/traits/battle_cries.py (issue 12): each set up with scripted dice and checked against its
catalogue effect and ruling, and priced at its catalogue cost."""
from __future__ import annotations

import pytest

from rules_helpers import Game, M, blade
from test_rules_traits_combat import race
from wartime.core.components import Life
from test_rules_traits_race import price
from test_rules_objects import give
from wartime.rules.traits import fielding_problem


@pytest.mark.parametrize("trait, points, kinds", [("TRT-CRY-OF-VENGEANCE", 20, ("race", "object"))])
def test_TRT_CRY_OF_VENGEANCE_cost(trait, points, kinds):
    """Each costs its catalogue price on every kind of archetype it is fielded on."""
    for kind in kinds:
        assert price(trait, kind) == points
        assert fielding_problem(trait, kind, {trait}) is None


# --- Grito de venganza --------------------------------------------------------------------------------------------
def vengeance(bearer_at: float = 23.0, *, blue: dict | None = None, bearer_side: str = "blue") -> Game:
    """Red (AGI 5, CON 5, a DMG 3 blade: melee DMG 4) in contact with blue (CON 3, a DMG 7 blade), and a third
    character carrying Grito de venganza at (11, bearer_at)."""
    b = dict(side="blue", x=11, y=20, facing=180.0, CON=3, weapons=(blade(DMG=7),))
    b.update(blue or {})
    g = Game(M(x=10, y=20, AGI=5, CON=5, weapons=(blade(),)), M(**b), M(side=bearer_side, x=11, y=bearer_at))
    race(g, g.ids[2], "TRT-CRY-OF-VENGEANCE")
    return g


def strike(g: Game, *dice: int) -> None:
    """Red (the first character) attacks blue (the second) in melee with its blade, with these dice."""
    a, b = g.ids[:2]
    g.start_activation(a, energy=10)
    g.dice.push(*dice)
    g.act(a, "melee_attack", target=b, weapon=0)
    assert g.all_dice_used()


def test_TRT_CRY_OF_VENGEANCE_an_ally_killed_in_melee_strikes_its_killer():
    """Red's CH IMP 5 hits, blue's CH DEF 5 fails against DEF 0: 4 wounds on CON 3, dead. The bearer stands 2 K away:
    before removal blue strikes red at once (ENE unchanged, no CH VOL): CH IMP 3 hits, red's CH DEF 9 fails, DMG
    7 + 3 − 4 − 4 wounds = 2, red takes 2 wounds and passes its CH PSI with a 1."""
    g = vengeance()
    a, b, c = g.ids
    ene = g.energy(b)
    strike(g, 5, 5, 3, 9, 1)
    assert g.gs.world.get(b, Life).state == "dead"
    assert g.events("free_attack", rule="TRT-CRY-OF-VENGEANCE", attacker=b, target=a)
    assert g.events("damage")[-1]["dmg"] == 2 and g.wounds(a) == 2 and g.energy(b) == ene


def test_TRT_CRY_OF_VENGEANCE_not_beyond_5_K_not_for_the_bearer_or_an_enemy_not_when_shot_or_only_wounded():
    """The bearer 6 K away (edge to edge: centres 7 K apart): no blow. The bearer on red's side, or the dying one
    the bearer itself (G1): none. Blue only wounded (CON 9): none (that is Orgulloso's)."""
    g = vengeance(27.0)
    strike(g, 5, 5)
    assert not g.events("free_attack")
    g = vengeance(bearer_side="red")
    strike(g, 5, 5)
    assert not g.events("free_attack")
    g = vengeance()
    race(g, g.ids[2])
    race(g, g.ids[1], "TRT-CRY-OF-VENGEANCE")
    strike(g, 5, 5)
    assert not g.events("free_attack")
    g = vengeance(blue={"CON": 9})
    strike(g, 5, 5, 5)
    assert not g.events("free_attack") and g.wounds(g.ids[1]) == 4


def test_TRT_CRY_OF_VENGEANCE_on_an_object_works_for_its_holder():
    """The bearer holds an object with the trait instead (GNA-16): the killed ally strikes back the same."""
    g = vengeance()
    race(g, g.ids[2])
    give(g, g.ids[2], "TRT-CRY-OF-VENGEANCE")
    strike(g, 5, 5, 3, 9, 1)
    assert g.events("free_attack", rule="TRT-CRY-OF-VENGEANCE") and g.wounds(g.ids[0]) == 2
