"""The scripted controller uses La mano de la muerte (TRT-HAND-OF-DEATH, TRT-DOOMED; issue 12, group B): a wound of
its own onto an enemy in contact that cannot out-will it, and any chance when its doom is pending. Each builds a
position with the rule-test helpers and asks the controller for its decision."""
from __future__ import annotations

from tests.ai.test_scripted_objects import decide
from tests.rules.rules_helpers import Game, M, blade, weapon
from wartime.core.components import Traits


def engaged(trait: str, *, VOL: int = 5, enemy_VOL: int = 4, wounds: int = 2) -> Game:
    g = Game(M(x=10, y=20, VOL=VOL, CON=6, wounds=wounds, weapons=(blade(),)),
             M(side="blue", x=11, y=20, facing=180.0, VOL=enemy_VOL, CON=5, weapons=(blade(),)))
    g.set(g.ids[0], Traits((trait,)))
    return g


def test_TRT_HAND_OF_DEATH_scripted_passes_its_wound_to_a_weaker_willed_enemy():
    g = engaged("TRT-HAND-OF-DEATH")
    d = decide(g, g.ids[0])
    assert d.action == "hand_of_death" and d.params["target"] == g.ids[1]
    g = engaged("TRT-HAND-OF-DEATH", enemy_VOL=7)                    # the enemy out-wills it: it fights instead
    assert decide(g, g.ids[0]).action != "hand_of_death"
    g = engaged("TRT-HAND-OF-DEATH", wounds=0)                       # nothing to pass
    assert decide(g, g.ids[0]).action != "hand_of_death"


def test_TRT_DOOMED_scripted_passes_a_wound_even_to_a_stronger_willed_enemy():
    g = engaged("TRT-DOOMED", enemy_VOL=7)
    assert decide(g, g.ids[0]).action == "hand_of_death"


def test_TRT_CHALLENGER_scripted_calls_out_a_shooter_it_out_wills():
    """A blade-armed challenger (VOL 6) and a rifleman (VOL 4) 4 K away: it challenges; a blade-armed enemy, or a
    rifleman of VOL 7, is not worth it."""
    def game(enemy_weapons, VOL=4):
        g = Game(M(x=10, y=20, VOL=6, weapons=(blade(),)),
                 M(side="blue", x=15, y=20, facing=180.0, VOL=VOL, weapons=enemy_weapons))
        g.set(g.ids[0], Traits(("TRT-CHALLENGER",)))
        return g
    g = game((weapon(),))
    d = decide(g, g.ids[0])
    assert d.action == "challenge" and d.params["target"] == g.ids[1]
    g = game((blade(),))
    assert decide(g, g.ids[0]).action != "challenge"
    g = game((weapon(),), VOL=7)
    assert decide(g, g.ids[0]).action != "challenge"
