"""The scripted controller takes a trait's charge boost when it helps (rules: TRT-FIRE-IN-THE-VEINS, CBA-12): a
blade fighter whose target is beyond the plain charge but within the boosted one charges with the boost; a fighter
the boost's wound would down does not. Each builds a position with the rule-test helpers and asks the controller."""
from __future__ import annotations

from tests.ai.test_scripted_objects import decide
from tests.rules.rules_helpers import Game, M, blade
from wartime.core.components import Traits


def scene(wounds: int = 0) -> Game:
    """A red MOV 4 blade fighter (charge 7 K) with Fuego en las venas, a blue fighter 9 K away (contact 8 K)."""
    g = Game(M(x=10, y=20, mov=4, CON=6, AGI=6, wounds=wounds, weapons=(blade(DMG=4),)),
             M(side="blue", x=19, y=20, facing=180.0, CON=4, weapons=(blade(),)))
    g.set(g.ids[0], Traits(("TRT-FIRE-IN-THE-VEINS",)))
    return g


def test_TRT_FIRE_IN_THE_VEINS_scripted_charges_with_the_boost_when_only_it_reaches():
    g = scene()
    d = decide(g, g.ids[0])
    assert d.action == "charge" and d.params["boost"] == "TRT-FIRE-IN-THE-VEINS" and d.params["target"] == g.ids[1]


def test_TRT_FIRE_IN_THE_VEINS_scripted_never_takes_a_boost_that_downs_it():
    g = scene(wounds=5)                                   # CON 6: one more wound and it is down
    d = decide(g, g.ids[0])
    assert not (d.action == "charge" and d.params.get("boost"))
