"""The scripted AI uses the choices the race traits of rules/traits/race_extra.py open (issue 12 point 5): each a
situation with the engine's own odds deciding."""
from __future__ import annotations

import pytest

from tests.rules.rules_helpers import Game, M, blade
from tests.ai.test_scripted_terrain_actions import decide
from wartime.core.components import Traits


@pytest.mark.parametrize("agi, want", [(9, "fencing_dmg"), (2, "fencing_imp")])
def test_TRT_FENCING_MASTER_the_scripted_AI_picks_the_better_melee_choice(agi, want):
    """A fencer (blade DMG 3, CON 5) in contact with a CON 9 enemy with no DEF: with AGI 9 the CH IMP +1 gains little
    (a 10 still fumbles), so it takes DMG +1; with AGI 2 the hit chance grows by half, so it takes CH IMP +1."""
    g = Game(M(x=10, y=20, AGI=agi, CON=5, weapons=(blade(),)),
             M(side="blue", x=11, y=20, facing=180.0, CON=9, weapons=(blade(),)))
    a, b = g.ids
    g.set(a, Traits(("TRT-FENCING-MASTER",)))
    d = decide(g, a)
    assert d.action == "melee_attack" and d.params.get("target") == b and d.params.get("stance") == want


@pytest.mark.parametrize("mana", [0, 2])
def test_TRT_MANA_the_scripted_AI_casts_what_its_mana_makes_affordable(mana):
    """A neuromancer with ENE 3 and a 3-ENE calming invocation on an enemy 4 K ahead: with no mana the cast would
    leave it no ENE (the AI keeps 1), so it does something else; with 2 mana the engine's price is 1 ENE and it
    casts (ai.scripted_meta reads the engine's legal cost, which the mana pays first)."""
    from wartime.core.components import Mana, Metahabilities, Metahability, TraitState
    from wartime.rules import traits
    g = Game(M(x=10, y=20, INT=7, weapons=(blade(),)), M(side="blue", x=15, y=20, facing=180.0, weapons=(blade(),)))
    a, b = g.ids
    spell = Metahability("calm", "Calm", 3, 10, 4, "TRT-INVOCATION", ("TRT-INVOCATION", "TRT-MAGIC-CALM"), ())
    g.set(a, Traits(("TRT-NEUROMANCER", "TRT-MANA")), Metahabilities((spell,)),
          TraitState(("TRT-MANA",), levels=(("TRT-MANA", max(mana, 1), max(mana, 1)),)))
    traits.turn_start(g.gs, 1)
    g.set(a, Mana(mana))
    d = decide(g, a, energy=3)
    assert (d.action == "use_metahability") == (mana > 0), d


def test_TRT_RESONATOR_the_scripted_AI_casts_through_an_allied_resonator_at_an_enemy_out_of_its_reach():
    """A neuromancer whose 5 K calming invocation cannot reach the enemy 12 K away casts it from the allied
    resonator 8 K ahead (4 K from the enemy): the engine offers the `origin`, the AI values the target the same."""
    from wartime.core.components import Metahabilities, Metahability
    g = Game(M(x=10, y=20, INT=7, weapons=(blade(),)), M(x=18, y=20, VOL=4, facing=0.0),
             M(side="blue", x=22, y=20, facing=180.0, weapons=(blade(),)))
    a, r, t = g.ids
    spell = Metahability("calm", "Calm", 2, 5, 4, "TRT-INVOCATION", ("TRT-INVOCATION", "TRT-MAGIC-CALM"), ())
    g.set(a, Traits(("TRT-NEUROMANCER",)), Metahabilities((spell,)))
    g.set(r, Traits(("TRT-RESONATOR",)))
    d = decide(g, a)
    assert d.action == "use_metahability" and d.params.get("origin") == r and d.params.get("target") == t, d
