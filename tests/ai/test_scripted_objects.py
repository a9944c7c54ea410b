"""The scripted controller uses objects (GNA-16 Usar) when they help: a medkit on itself when badly wounded, on an
incapacitated ally in base contact first, and never on the unwounded. Each builds a position with the rule-test
helpers and asks the controller for its decision."""
from __future__ import annotations

from types import SimpleNamespace

from tests.rules.rules_helpers import Game, M, weapon
from wartime.ai.scripted import ScriptedController
from wartime.core.components import Gear, Item
from wartime.rules.actions import REGISTRY


def stub(g: Game):
    return SimpleNamespace(gs=g.gs, engine=g.engine, decisions=[])


def decide(g: Game, e: int, energy: int = 10):
    g.start_activation(e, energy=energy)
    return ScriptedController().decide(stub(g), g.pending)


def medkit(g: Game, e: int) -> int:
    """A field medkit: Elixir 1 with Cargas (3), ENE 2, RNG 0."""
    return g.world.create(Item("Field medkit", holder=e),
                          Gear("field_medkit", "Field medkit", 2, 0, 3, ("TRT-CHARGES", "TRT-ELIXIR"),
                               (("TRT-ELIXIR", 1),), 3))


def scene(red_wounds: int = 0, ally_wounds: int | None = None) -> Game:
    minis = [M(x=10, y=20, CON=4, wounds=red_wounds, weapons=(weapon(RNG=40),))]
    if ally_wounds is not None:
        minis.append(M(x=11.02, y=20, CON=4, wounds=ally_wounds))
    minis.append(M(side="blue", x=30, y=20, facing=180.0, weapons=(weapon(),)))
    return Game(*minis)


def test_scripted_uses_a_medkit_when_badly_wounded_before_shooting():
    g = scene(red_wounds=2)
    a = g.ids[0]
    kit = medkit(g, a)
    d = decide(g, a)
    assert d.action == "use_object" and d.params == {"item": f"item:{kit}"}


def test_scripted_does_not_use_a_medkit_when_healthy():
    g = scene(red_wounds=0)
    a = g.ids[0]
    medkit(g, a)
    d = decide(g, a)
    assert d.action != "use_object"


def test_scripted_stands_an_incapacitated_ally_up_first():
    g = scene(red_wounds=1, ally_wounds=4)
    a, ally = g.ids[0], g.ids[1]
    kit = medkit(g, a)
    d = decide(g, a)
    assert d.action == "use_object" and d.params == {"item": f"item:{kit}", "target": ally}


def test_scripted_with_a_light_wound_shoots_first():
    """One wound of CON 4 is not urgent: with an enemy in its sights it shoots (crouching first, MVA-4) instead."""
    g = scene(red_wounds=1)
    a = g.ids[0]
    medkit(g, a)
    d = decide(g, a)
    assert d.action == "crouch" or REGISTRY[d.action].is_attack
