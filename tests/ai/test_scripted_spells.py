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


def test_TRT_INFINITE_RANGE_scripted_caster_values_a_scattering_cast_by_where_it_may_land():
    """A VOL 3 neuromancer (field of view 15 K) with a far calm (Alcance infinito): every enemy is beyond 15 K, so the
    cast scatters. Aimed at the enemy standing 3 K from another enemy it may calm that one (worth > 0); aimed at the
    enemy beside the caster's ally it may calm the ally (worth < 0). Its kind check takes MOD-2 (INT 7, 22.4 K: −2)."""
    from wartime.ai.scripted_meta import worth
    from wartime.rules import metahabilities as meta
    calm = Metahability("far", "Far calm", 2, 10, 4, "TRT-INVOCATION",
                        ("TRT-INVOCATION", "TRT-MAGIC-CALM", "TRT-INFINITE-RANGE"))
    g = Game(M(x=10, y=20, INT=7, VOL=3), M(side="blue", x=30, y=8, facing=180.0),
             M(side="blue", x=30, y=11, facing=180.0), M(side="blue", x=30, y=32, facing=180.0),
             M(x=30, y=35), width=60)
    a, p1, p2, lone, ally = g.ids
    g.set(a, Traits(("TRT-NEUROMANCER",)), Metahabilities((calm,)))
    assert meta.cast_target(g.gs, a, calm, p1) == 5            # INT 7, MOD-2 −2 (22.4 K: two started bands)
    assert worth(g.gs, a, 0, p1) > 0 > worth(g.gs, a, 0, lone)
