"""The scripted controller breaks through a breakable wall that blocks the only way to its enemy (rules/
scenery_breaking.py, TRT-WALLBREAKER ruling): it walks to the wall, then strikes it; it leaves a wall alone when a way
round exists. Each builds a position with the rule-test helpers and asks the controller for its decision."""
from __future__ import annotations

from types import SimpleNamespace

from tests.ai.test_scripted_objects import decide
from tests.rules.rules_helpers import Game, M, blade, piece
from wartime.core.components import Traits
from wartime.data.models import BreakableSpec
from wartime.rules import scenery_breaking


def walled(red_x: float, *, span: tuple[float, float] = (0.0, 40.0)) -> Game:
    """A red breacher (Reventamuros, a blade) at (`red_x`, 20) west of a breakable 2 K high wall (x 14-14.5, y over
    `span`; DEF 2, CON 3) and a blue enemy at (30, 20) beyond it."""
    g = Game(M(x=red_x, y=20, CON=5, AGI=5, weapons=(blade(),)), M(side="blue", x=30, y=20, facing=180.0, CON=9),
             pieces=[piece("wall", "blocking", 14.0, span[0], 14.5, span[1], height=2.0, blocks_los=True,
                           defense=2)])
    scenery_breaking.install(g.gs, SimpleNamespace(terrain=[SimpleNamespace(
        id="wall", defense=2, breakable=BreakableSpec(con=3))]))
    g.set(g.ids[0], Traits(("TRT-WALLBREAKER",)))
    return g


def test_TRT_WALLBREAKER_scripted_walks_to_the_wall_in_the_way_then_strikes_it():
    g = walled(11.0)
    a, _ = g.ids
    assert scenery_breaking.reachable(g.gs, a) == []
    d = decide(g, a)
    assert d.action in ("move", "run", "sprint")
    end = d.params["path"][-1]
    assert abs(end[0] - 13.48) < 0.05 and abs(end[1] - 20.0) < 0.05      # in base contact with the wall's face
    g = walled(13.5)
    d = decide(g, g.ids[0])
    assert d.action == "melee_attack_scenery" and d.params == {"piece": "wall", "weapon": 0}


def test_TRT_WALLBREAKER_scripted_leaves_a_wall_alone_when_a_way_round_exists():
    """The wall only spans y 10-30: the route goes round it, so the fighter touching it does not strike it."""
    g = walled(13.5, span=(10.0, 30.0))
    assert decide(g, g.ids[0]).action != "melee_attack_scenery"
