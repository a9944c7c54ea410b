"""Situation tests of the scripted controller against hidden and out-of-reach enemies, and in the last turns of an
elimination game (issue 15 point 1, battle reports of crossroads draws at the turn limit): after a failed
discovery roll it looks with Percibir (GNA-12) or walks round the enemy until it sees it exposed (GNA-9 ruling 1);
a fighter held off by a wall gets into base contact with the move that reaches (MVA-3); in the last turns a fighter
stops trading weak pistol shots and closes in (SEQ-1: the turn limit is a draw)."""
from __future__ import annotations

import math

from tests.ai.test_scripted_objects import FIRING_PREP, stub
from tests.rules.rules_helpers import Game, M, blade, piece, weapon
from wartime.ai import scripted_hidden
from wartime.ai.scripted import ScriptedController
from wartime.core.components import Hidden


def _failed_discovery(g: Game, a: int, b: int, energy: int = 10):
    """`a`'s activation started, `b` hidden and `a` already failed to discover it in it (GNA-9 ruling 2)."""
    g.start_activation(a, energy=energy)
    f = g.engine.flow
    g.set(b, Hidden(tried=((a, f.turn, f.active or 0),)))
    return ScriptedController().decide(stub(g), g.pending)


def test_GNA_12_scripted_perceives_a_hidden_enemy_it_failed_to_discover():
    """GNA-12 (GNA-9 ruling 4): the hidden enemy 2 K away cannot be rolled for again this activation; within INT 4 K,
    Percibir is the way to find it."""
    g = Game(M(side="red", x=10, y=11.5, facing=0.0, weapons=(blade(),)),
             M(side="blue", x=13, y=11.5, facing=180.0, weapons=(blade(),)))
    a, b = g.ids
    d = _failed_discovery(g, a, b)
    assert d.action == "perceive", d


def test_GNA_12_no_perceive_without_ENE_to_attack_after():
    """With 4 ENE, Percibir (2) would leave too little for the fight: not taken."""
    g = Game(M(side="red", x=10, y=11.5, facing=0.0, weapons=(blade(),)),
             M(side="blue", x=13, y=11.5, facing=180.0, weapons=(blade(),)))
    a, b = g.ids
    assert _failed_discovery(g, a, b, energy=4).action != "perceive"


#: a 2 K wall between the fighter and the hidden enemy, who stands behind it
WALL = piece("wall", "high", 17.6, 9.0, 18.2, 14.0, height=2.0, blocks_los=True)


def test_GNA_9_scripted_walks_round_a_hidden_enemy_to_see_it_exposed():
    """GNA-9 ruling (1): out of Percibir's reach (INT 1) and with the discovery roll spent, the fighter moves to a
    spot from which it sees the hidden enemy 50 % covered or less (it is then discovered with no roll), instead
    of standing where it is."""
    g = Game(M(side="red", x=14, y=11.5, facing=0.0, INT=1, mov=4, weapons=(blade(),)),
             M(side="blue", x=19.2, y=11.5, facing=180.0, weapons=(blade(),)), pieces=[WALL])
    a, b = g.ids
    gs = g.gs
    assert not scripted_hidden._exposed_from(gs, a, b, (14, 11.5))
    d = _failed_discovery(g, a, b)
    assert d.action in ("move", "run", "sprint"), d
    end = d.params["path"][-1]
    assert scripted_hidden._exposed_from(gs, a, b, (end[0], end[1])), end


def test_open_enemy_skips_a_hidden_enemy_already_tried():
    """GNA-9 ruling (2): the nearest enemy it may act on this activation is the farther, visible one."""
    g = Game(M(side="red", x=10, y=11.5, weapons=(blade(),)), M(side="blue", x=13, y=11.5, weapons=(blade(),)),
             M(side="blue", x=18, y=11.5, weapons=(blade(),)))
    a, b, c = g.ids
    _failed_discovery(g, a, b)
    assert scripted_hidden.open_enemy(g.gs, a) == c


#: a 2 K wall right between a slow fighter and its enemy: no line of sight, so no charge (CBA-12, ENV-2)
SCREEN = piece("screen", "high", 9.0, 11.3, 11.0, 11.7, height=2.0, blocks_los=True)


def test_MVA_3_fighter_behind_a_wall_gets_into_contact():
    """A wounded fighter with MOV 1, 2 K from an enemy behind a wall: no charge (no line of sight), no plain move
    reaches; it sprints round the wall into base contact (MVA-3: no attack this turn, but the enemy is held)."""
    g = Game(M(side="red", x=10, y=10.2, facing=90.0, mov=1, weapons=(blade(),)),
             M(side="blue", x=10, y=12.9, facing=270.0, weapons=(blade(),)), pieces=[SCREEN])
    a, b = g.ids
    g.start_activation(a, energy=10)
    d = ScriptedController().decide(stub(g), g.pending)
    assert d.action == "sprint", d
    end = d.params["path"][-1]
    gap = math.hypot(end[0] - 10, end[1] - 12.9) - 2 * g.gs.body(a).radius
    assert gap < 0.05, (end, gap)


def _fighter_with_pistol(turn: int):
    g = Game(M(side="red", x=10, y=5, facing=90.0, weapons=(blade(DMG=4, ENE=4, key="axe"), weapon(RNG=40, DMG=1))),
             M(side="blue", x=10, y=18, facing=270.0, weapons=(weapon(),)), turn=turn, turn_limit=8)
    a, _ = g.ids
    g.start_activation(a, energy=10)
    return ScriptedController().decide(stub(g), g.pending)


def test_SEQ_1_late_in_an_elimination_game_a_fighter_closes_in():
    """SEQ-1: the turn limit ends an elimination game in a draw. In its last turns a fighter whose best shot is a
    weak pistol shot moves to charge; earlier it takes the shot."""
    early = _fighter_with_pistol(turn=2)
    assert early.action.startswith("ranged_attack") or early.action in FIRING_PREP, early   # MVA-4/5, GNA-4 before a shot
    late = _fighter_with_pistol(turn=7)
    assert late.action in ("run", "sprint", "move"), late
