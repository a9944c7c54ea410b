"""The scripted controller's possessed equipment and kept possessions (ai/scripted_possess_gear.py: CBA-21, MET-8,
MET-6), decided from small positions."""
from __future__ import annotations

from tests.ai.test_scripted_terrain_actions import decide, stub
from tests.rules.rules_helpers import Game, M, ride
from wartime.ai.scripted import ScriptedController
from wartime.core.components import GearStress, PossessedGear, Traits

NEURO = ("TRT-NEUROMANCER",)


def table(ally_near: bool = False, stress: int = 0) -> tuple[Game, int, int]:
    """A red neuromancer (INT 6) 5 K from a blue driver (its QUA 4 transport at `stress`); a red ally beside the
    transport or far away."""
    g = Game(M(x=10, y=20, INT=6, VOL=7), M(side="blue", x=16, y=20, facing=180.0),
             M(x=19 if ally_near else 35, y=20 if ally_near else 35))
    a, b, _ = g.ids
    g.set(a, Traits(NEURO))
    ride(g, b, QUA=4, MOV=3)
    if stress:
        g.world.set(b, GearStress(stress))
    return g, a, b


def test_CBA_21_the_scripted_neuromancer_hacks_an_enemy_transport_then_possesses_it():
    g, a, b = table()
    d = decide(g, a)
    assert d.action == "corrupt" and d.params == {"target": b, "attribute": "INT", "aim": "transport"}
    g, a, b = table(stress=4)
    d = decide(g, a)
    assert d.action == "possess" and d.params["aim"] == "transport" and d.params["target"] == b


def test_CBA_21_the_scripted_possessor_destroys_a_possessed_transport_unless_the_blast_reaches_its_own():
    for near, expect in ((False, ("wounds", 5)), (True, ("off", None))):
        g, a, b = table(ally_near=near, stress=4)
        g.start_activation(a, energy=10)
        g.dice.push(6)
        g.act(a, "possess", target=b, aim="transport")
        assert g.world.has(b, PossessedGear)
        d = ScriptedController().decide(stub(g), g.pending)
        assert d.action == "control_equipment" and (d.params["do"], d.params.get("wounds")) == expect


def test_TRT_EXPLODES_the_scripted_possessor_destroys_an_exploding_object_unless_its_blast_reaches_its_own():
    """A possessed QUA 3 kit with Explota held by the blue target (MOV 4: the blast's radius, whatever the D100):
    with the red ally 3 K behind the holder it is switched off; with the ally far away it is destroyed (4 wounds);
    a kit that does not explode is destroyed with the ally beside it."""
    from wartime.core.components import Gear, Item
    for near, ids, expect in ((True, ("TRT-EXPLODES",), ("off", None)), (False, ("TRT-EXPLODES",), ("wounds", 4)),
                              (True, (), ("wounds", 4))):
        g = Game(M(x=10, y=20, INT=6, VOL=7), M(side="blue", x=16, y=20, facing=180.0, mov=4),
                 M(x=19 if near else 35, y=20 if near else 35))
        a, b, _ = g.ids
        g.set(a, Traits(NEURO))
        item = g.world.create(Item("Kit", holder=b), Gear("kit", "Kit", 1, 0, 3, ("TRT-ELIXIR",) + ids,
                                                             (("TRT-ELIXIR", 1),)), GearStress(3))
        g.start_activation(a, energy=10)
        g.dice.push(6)
        g.act(a, "possess", target=b, aim=f"item:{item}")
        d = ScriptedController().decide(stub(g), g.pending)
        assert d.action == "control_equipment" and (d.params["do"], d.params.get("wounds")) == expect, (near, ids)


def test_MET_6_the_scripted_possessor_keeps_last_turns_possession():
    g = Game(M(x=10, y=20, INT=6, VOL=7), M(side="blue", x=16, y=20, facing=180.0, VOL=4, stress=4))
    a, b = g.ids
    g.set(a, Traits(NEURO))
    g.start_activation(a, energy=10)
    g.dice.push(6)
    g.act(a, "possess", target=b)
    g.act(a, "end")
    g.start_activation(b)
    g.next_turn()
    d = decide(g, a)
    assert d.action == "keep_possession" and d.params == {"target": b}
