"""Situation tests of the scripted controller with issue 16's metahability effects (ai/scripted_meta.py reads
rules.metahabilities.preview and the engine's legality): Magia: dormir is cast on an enemy it has calmed."""
from __future__ import annotations

from tests.ai.test_scripted_terrain_actions import stub
from tests.rules.rules_helpers import Game, M
from wartime.ai.scripted import ScriptedController
from wartime.core.components import Metahabilities, Metahability, Traits


def spell(name: str, effect: str, ENE: int) -> Metahability:
    return Metahability(name, name, ENE, 12, 4, "TRT-INVOCATION", ("TRT-INVOCATION", effect))


def test_TRT_MAGIC_SLEEP_the_scripted_neuromancer_puts_its_calmed_enemy_to_sleep():
    """Calm mind (0) and Dream sleep (1): against a fresh enemy only the calm is legal; once that enemy is calmed
    the controller casts the sleep on it."""
    g = Game(M(x=10, y=20, INT=7, VOL=9), M(side="blue", x=15, y=20, facing=180.0, VOL=2))
    a, b = g.ids
    g.set(a, Traits(("TRT-NEUROMANCER",)), Metahabilities((spell("calm", "TRT-MAGIC-CALM", 2),
                                                             spell("sleep", "TRT-MAGIC-SLEEP", 3))))
    g.start_activation(a, energy=10)
    d = ScriptedController().decide(stub(g), g.pending)
    assert (d.action, d.params) == ("use_metahability", {"meta": 0, "target": b})
    g.dice.push(2, 2, 8)
    g.act(a, "use_metahability", meta=0, target=b)
    d = ScriptedController().decide(stub(g), g.pending)
    assert (d.action, d.params) == ("use_metahability", {"meta": 1, "target": b})
