"""The controllers' answers to `react` decisions (REA-1..5): the scripted one reacts to attacks on itself and
keeps its energy otherwise; the random one reacts randomly but legally."""
from __future__ import annotations

from types import SimpleNamespace

from rules_helpers import Game, M, blade, weapon
from wartime.ai.random_ai import RandomController
from wartime.ai.scripted import ScriptedController


def stub(g: Game):
    return SimpleNamespace(gs=g.gs, engine=g.engine, decisions=[])


def test_REA_4_scripted_shoots_first_at_an_enemy_shooting_at_it():
    """REA-4: the scripted controller answers a declared shot at itself with an early shot at the shooter."""
    g = Game(M(side="red", x=10, y=20, facing=0.0, weapons=(weapon(),)),
             M(side="blue", x=20, y=20, facing=180.0, energy=4, weapons=(weapon(),)))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "ranged_attack", target=b, weapon=0)
    d = ScriptedController().decide(stub(g), g.pending)
    assert (d.kind, d.actor, d.action, d.params) == ("react", b, "ranged_attack", {"target": a, "weapon": 0})


def test_REA_3_scripted_keeps_its_energy_when_nothing_threatens_it():
    """REA-3: an enemy that only crouches in view is no threat: with no energy to spare (the next gain would
    not cap it) the scripted controller passes."""
    g = Game(M(side="red", x=10, y=20, facing=0.0, weapons=(weapon(),)),
             M(side="blue", x=20, y=20, facing=180.0, energy=1, weapons=(weapon(),)))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "crouch")
    d = ScriptedController().decide(stub(g), g.pending)
    assert d.kind == "react" and d.action is None


def test_CBA_17_scripted_dodges_a_melee_attack_on_itself():
    """CBA-17: attacked in melee, an agile scripted character dodges."""
    g = Game(M(side="red", x=10, y=20, facing=0.0, weapons=(blade(),)),
             M(side="blue", x=11, y=20, facing=180.0, AGI=6, energy=3, weapons=(blade(),)))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "melee_attack", target=b, weapon=0)
    d = ScriptedController().decide(stub(g), g.pending)
    assert d.action == "dodge"


def test_REA_1_scripted_panicked_character_flees_with_Huir():
    """REA-1 / PSI-12: a panicking scripted character shot at answers only with Huir (CBA-24), away from the
    shooter."""
    g = Game(M(side="red", x=10, y=20, facing=0.0, weapons=(weapon(),)),
             M(side="blue", x=20, y=20, facing=180.0, panic=True, weapons=(weapon(),)))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "ranged_attack", target=b, weapon=0)
    d = ScriptedController().decide(stub(g), g.pending)
    assert d.action == "flee" and d.params["path"][-1][0] > 20
    assert g.engine.check_reaction(b, "flee", d.params) == 1


def test_REA_3_random_controller_reacts_legally():
    """REA-3: the random controller's `react` decisions are always legal (a reaction the engine accepts, or a
    pass), over many windows."""
    reacted = 0
    for seed in range(12):
        g = Game(M(side="red", x=10, y=20, facing=0.0, weapons=(weapon(),)),
                 M(side="blue", x=20, y=20, facing=180.0, energy=4, weapons=(weapon(), blade())),
                 M(side="blue", x=14, y=25, facing=0.0, energy=4, weapons=(weapon(),)))
        g.dice.push(*([5, 6] * 40))          # not all equal: a CBA-22 duel's full tie would be rerolled for ever
        ctrl = RandomController(seed)
        a = g.ids[0]
        g.start_activation(a, energy=10)
        g.declare(a, "ranged_attack", target=g.ids[1], weapon=0)
        while g.pending is not None and g.pending.kind == "react":
            d = ctrl.decide(stub(g), g.pending)
            assert d.kind == "react" and d.actor == g.pending.actor
            if d.action is not None:
                assert g.engine.check_reaction(d.actor, d.action, d.params) >= 1
                reacted += 1
            g.engine._react(d)
    assert reacted > 0
