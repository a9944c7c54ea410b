"""Limbs (rules/traits/limbs.py, issue 12 point 3): A 2 manos (TRT-TWO-HANDED), Miembro extra (TRT-EXTRA-LIMB),
Sin miembro (TRT-MISSING-LIMB), each with scripted dice and its catalogue price."""
from __future__ import annotations

import pytest

from rules_helpers import Game, M, weapon
from test_rules_terrain_moves import CLIFF
from wartime.core.components import Traits
from wartime.data.loader import priced_trait
from wartime.rules.odds import attack_odds
from wartime.rules.traits.limbs import hands


def shooter(race=(), traits=("TRT-TWO-HANDED",)) -> Game:
    g = Game(M(x=10, y=20, AGI=5, CON=5, weapons=(weapon(DMG=4, traits=traits),)),
             M(side="blue", x=20, y=20, facing=180.0, CON=9))
    g.set(g.ids[0], Traits(tuple(race)))
    return g


def shot_target(g: Game, die: int = 5) -> int:
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(die, 5, 5)
    g.act(a, "ranged_attack", target=b, weapon=0)
    return g.check("IMP")["target"]


@pytest.mark.parametrize("race, target", [((), 5), (("TRT-MISSING-LIMB",), 4),
                                          (("TRT-MISSING-LIMB", "TRT-EXTRA-LIMB"), 5), (("TRT-EXTRA-LIMB",), 5)])
def test_TRT_TWO_HANDED_one_handed_use_is_CH_IMP_minus_1(race, target):
    """A 2 manos: two useful hands shoot normally (AGI 5 → 5); one hand (Sin miembro) shoots at −1; Miembro extra
    makes up for the missing hand. The exact odds use the same target."""
    g = shooter(race)
    a, b = g.ids
    assert attack_odds(g.gs, a, b, weapon_index=0, ranged=True).imp_target == target
    assert shot_target(g) == target
    mods = {m["rule"] for m in g.check("IMP")["modifiers"]}
    assert ("TRT-TWO-HANDED" in mods) == (target == 4)


def test_TRT_MISSING_LIMB_without_a_two_handed_weapon_shoots_normally():
    g = shooter(("TRT-MISSING-LIMB",), traits=())
    assert shot_target(g) == 5


@pytest.mark.parametrize("race, target", [((), 5), (("TRT-MISSING-LIMB",), 4), (("TRT-MISSING-LIMB", "TRT-EXTRA-LIMB"), 5)])
def test_TRT_MISSING_LIMB_climbing_needs_both_hands_and_is_difficult(race, target):
    """Sin miembro: Escalar (MVA-10) needs both hands: its CH AGI is Difficult, −1; Miembro extra makes up."""
    g = Game(M(x=10.5, y=20, AGI=5, mov=4), M(side="blue", x=35, y=35), pieces=[CLIFF])
    a, _ = g.ids
    g.set(a, Traits(tuple(race)))
    g.start_activation(a, energy=10)
    g.dice.push(3)
    g.act(a, "climb", piece="cliff")
    assert g.check("ATR")["target"] == target


def test_TRT_EXTRA_LIMB_counts_a_third_hand():
    g = shooter(("TRT-EXTRA-LIMB",))
    assert hands(g.gs, g.ids[0]) == 3
    g.set(g.ids[0], Traits(("TRT-MISSING-LIMB",)))
    assert hands(g.gs, g.ids[0]) == 1


@pytest.mark.parametrize("trait, kind, points", [("TRT-TWO-HANDED", "weapon", -3), ("TRT-EXTRA-LIMB", "race", 3),
                                                 ("TRT-MISSING-LIMB", "race", -5)])
def test_TRT_limb_traits_cost_their_catalogue_price(trait, kind, points):
    assert priced_trait(trait, kind, "test", "traits").points == points
