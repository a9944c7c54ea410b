"""Situation tests of the scripted controller with the actions of issue 13: it climbs to a roof or jumps onto a
wall when the top gives it a shot (MVA-10, MVA-13), hides when it cannot shoot and stands in more than 50 % cover
(GNA-9) and tries to discover a hidden enemy it could shoot (GNA-9 ruling 2), throws an area weapon by hand when it
pays (CBA-6), frees itself when tied (GNA-6), and swims or leaps water only when the way round is too long
(MVA-11, MVA-12). Each builds a position with the rule-test helpers and asks the controller for its decision."""
from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from tests.rules.rules_helpers import Game, M, piece, weapon
from wartime.ai.scripted import ScriptedController
from wartime.core.components import Hidden, Tied


def stub(g: Game):
    return SimpleNamespace(gs=g.gs, engine=g.engine, decisions=[])


def decide(g: Game, e: int, energy: int = 10):
    g.start_activation(e, energy=energy)
    return ScriptedController().decide(stub(g), g.pending)


def climbable(*args, **kw):
    return replace(piece(*args, **kw), climbable=True)


#: a 3 K house (its roof a level-2 perch) between the shooter and a 2 K wall that hides the enemy from the ground
HOUSE = climbable("house", "blocking", 11, 10, 14, 13, height=3.0, blocks_los=True)
SCREEN = piece("screen", "high", 16, 5, 16.5, 20, height=2.0, blocks_los=True)


def test_scripted_climbs_to_the_roof_to_shoot():
    """MVA-10: at the foot of a climbable 3 K house, with no shot from the ground, the shooter climbs it: from the
    roof (level 2) it sees the enemy over the wall."""
    g = Game(M(side="red", x=10.45, y=11.5, facing=0.0, weapons=(weapon(),)),
             M(side="blue", x=22, y=11.5, facing=180.0, weapons=(weapon(),)), pieces=[HOUSE, SCREEN])
    a, _ = g.ids
    d = decide(g, a)
    assert (d.action, d.params) == ("climb", {"piece": "house"})


def test_scripted_walks_to_the_foot_of_a_near_roof_then_climbs():
    """MVA-10: 1.5 K from the house, it first walks (Mover: MOV 1 K) towards the foot of its nearest face. (The
    enemy has acted this turn: with it still to act in reach, the AI would wait for it instead, GNA-10,
    `tests/ai/test_scripted_spare.py`.)"""
    g = Game(M(side="red", x=9.0, y=11.5, facing=0.0, weapons=(weapon(),)),
             M(side="blue", x=22, y=11.5, facing=180.0, weapons=(weapon(),)), pieces=[HOUSE, SCREEN])
    a, b = g.ids
    g.gs.world.set(b, replace(g.gs.activation(b), acted=True))
    d = decide(g, a)
    assert d.action == "move"
    end = d.params["path"][-1]
    assert abs(end[0] - 10.0) < 0.01 and abs(end[1] - 11.5) < 0.01


def test_scripted_stays_on_the_ground_when_the_roof_sees_nothing_more():
    """MVA-10: no climb when the top gives no shot either (the enemy is out of the weapon's range)."""
    g = Game(M(side="red", x=10.45, y=11.5, facing=0.0, weapons=(weapon(RNG=5),)),
             M(side="blue", x=22, y=11.5, facing=180.0, weapons=(weapon(),)), pieces=[HOUSE, SCREEN])
    a, _ = g.ids
    assert decide(g, a).action != "climb"


def test_scripted_jumps_onto_a_wall_to_shoot():
    """MVA-13: against a 1.5 K climbable wall that hides the enemy, an AGI 5 human (it jumps up to 1.5 K) jumps onto
    it rather than climbing it twice: on the top its eyes are 1.5 K higher."""
    wall = climbable("wall", "high", 11, 5, 11.5, 20, height=1.5, blocks_los=True)
    screen = piece("screen", "high", 16, 5, 16.5, 20, height=1.5, blocks_los=True)
    g = Game(M(side="red", x=10.45, y=11.5, facing=0.0, AGI=5, weapons=(weapon(),)),
             M(side="blue", x=22, y=11.5, facing=180.0, weapons=(weapon(),)), pieces=[wall, screen])
    a, _ = g.ids
    d = decide(g, a)
    assert (d.action, d.params) == ("jump_up", {"piece": "wall"})


def test_scripted_hides_when_it_cannot_shoot():
    """GNA-9: with no shot and 3 ENE left, a shooter behind a 1.5 K wall (more than 50 % cover from the enemy) hides
    instead of stepping into the open; then it ends its activation (any action would reveal it)."""
    wall = piece("wall", "high", 11, 5, 11.5, 20, height=1.5, blocks_los=True)
    g = Game(M(side="red", x=10.4, y=11.5, facing=0.0, weapons=(weapon(),)),
             M(side="blue", x=22, y=11.5, facing=180.0, weapons=(weapon(),)), pieces=[wall])
    a, _ = g.ids
    d = decide(g, a, energy=3)
    assert d.action == "hide"
    g.act(a, "hide")
    assert ScriptedController().decide(stub(g), g.pending).action == "end"


def test_scripted_does_not_hide_in_the_open_or_when_it_can_shoot():
    """GNA-9: in the open (the enemy sees it uncovered) the engine refuses Esconderse, and with a shot it shoots."""
    g = Game(M(side="red", x=10, y=11.5, facing=0.0, weapons=(weapon(ENE=2),)),
             M(side="blue", x=22, y=11.5, facing=180.0, weapons=(weapon(),)))
    a, _ = g.ids
    assert decide(g, a, energy=3).action == "ranged_attack"
    g2 = Game(M(side="red", x=10, y=11.5, facing=0.0, weapons=(weapon(ENE=4),)),
              M(side="blue", x=22, y=11.5, facing=180.0, weapons=(weapon(),)))
    assert decide(g2, g2.ids[0], energy=3).action != "hide"


def test_scripted_tries_to_discover_a_hidden_enemy_in_range():
    """GNA-9 ruling (2): a hidden enemy within its weapon's range is first rolled for with the free discovery."""
    g = Game(M(side="red", x=10, y=11.5, facing=0.0, weapons=(weapon(),)),
             M(side="blue", x=22, y=11.5, facing=180.0, weapons=(weapon(),)))
    a, b = g.ids
    g.set(b, Hidden())
    d = decide(g, a)
    assert (d.action, d.params) == ("discover", {"target": b})


def test_scripted_throws_a_grenade():
    """CBA-6: in the last turn a grenade launcher (an area weapon) has no later use: with the enemy within MOV + CON
    = 5 K it is thrown by hand (ENE 2, the area attack) rather than fired (ENE 4)."""
    launcher = weapon(ENE=4, DMG=4, RNG=13, key="launcher", area="R3", magazine=4, rounds=4,
                      traits=("TRT-AREA", "TRT-MAGAZINES"))
    g = Game(M(side="red", x=10, y=11.5, facing=0.0, weapons=(launcher,)),
             M(side="blue", x=14, y=11.5, facing=180.0, weapons=(weapon(),)), turn=8, turn_limit=8)
    a, b = g.ids
    d = decide(g, a)
    assert (d.action, d.params) == ("throw", {"item": "weapon:0", "target": b})


def test_scripted_fires_the_launcher_before_the_last_turn():
    """CBA-6: a launcher that can still fire is kept (a thrown area weapon is used up) while turns remain."""
    launcher = weapon(ENE=4, DMG=4, RNG=13, key="launcher", area="R3", magazine=4, rounds=4,
                      traits=("TRT-AREA", "TRT-MAGAZINES"))
    g = Game(M(side="red", x=10, y=11.5, facing=0.0, weapons=(launcher,)),
             M(side="blue", x=14, y=11.5, facing=180.0, weapons=(weapon(),)), turn=3, turn_limit=8)
    a, _ = g.ids
    assert decide(g, a).action != "throw"


def test_scripted_frees_itself_when_tied():
    """GNA-6: a tied character spends its activation on Desatarse."""
    g = Game(M(side="red", x=10, y=11.5, facing=0.0, weapons=(weapon(),)),
             M(side="blue", x=22, y=11.5, facing=180.0, weapons=(weapon(),)))
    a, _ = g.ids
    g.set(a, Tied())
    assert decide(g, a).action == "untie"


#: a canal across the whole board between the two sides (no bridge), and one with a bridge next to the fighter
CANAL = piece("canal", "water", 0, 14, 40, 15.5)


def test_scripted_swims_when_no_bridge_crosses_the_water():
    """MVA-11: a fighter on the bank of water with no way round swims across towards the enemy."""
    g = Game(M(side="red", x=20, y=13.45, facing=90.0), M(side="blue", x=20, y=25, facing=270.0),
             pieces=[CANAL])
    a, _ = g.ids
    d = decide(g, a)
    assert d.action == "swim" and d.params["path"][-1][1] > 13.45


def test_scripted_leaps_a_narrow_canal():
    """MVA-12: a 1 K wide canal (an AGI 5 human leaps MOV × 2 = 2 K) with no way round: it jumps across."""
    narrow = piece("canal", "water", 0, 14, 40, 15)
    g = Game(M(side="red", x=20, y=13.5, facing=90.0, AGI=5), M(side="blue", x=20, y=25, facing=270.0),
             pieces=[narrow])
    a, _ = g.ids
    d = decide(g, a)
    assert d.action == "long_jump" and d.params["to"][1] > 15.0


def test_scripted_walks_over_a_near_bridge():
    """MVA-11: with a bridge a few K away the water is not crossed by swimming: the route goes round."""
    west, east = piece("canal-w", "water", 0, 14, 18, 15.5), piece("canal-e", "water", 20, 14, 40, 15.5)
    g = Game(M(side="red", x=20, y=13.45, facing=90.0), M(side="blue", x=20, y=25, facing=270.0),
             pieces=[west, east])
    a, _ = g.ids
    assert decide(g, a).action not in ("swim", "long_jump")
