"""The scripted controller breaks through a breakable wall that blocks the only way to its enemy (rules/
scenery_breaking.py, TRT-WALLBREAKER ruling): it walks to the wall, then strikes it; it leaves a wall alone when a way
round exists. Each builds a position with the rule-test helpers and asks the controller for its decision."""
from __future__ import annotations

from dataclasses import replace
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
    """The wall only spans y 10-30: the route goes round it, so a fighter without Reventamuros touching it does not
    strike it; nor does a breacher when the way round is short (the wall spans y 19-21: about 2 K more, under
    `SHORTCUT`)."""
    g = walled(13.5, span=(10.0, 30.0))
    g.set(g.ids[0], Traits(()))
    assert decide(g, g.ids[0]).action != "melee_attack_scenery"
    g = walled(13.5, span=(19.0, 21.0))
    assert decide(g, g.ids[0]).action != "melee_attack_scenery"


def test_TRT_WALLBREAKER_scripted_breacher_smashes_a_short_cut():
    """A breacher (blade DMG 3 + CON 5 − 4 = 4, +3: 7 destroys the CON 3 wall in one hit that fails its CH DEF)
    touching a wall that spans y 10-30: the way round is 9 K longer than through it, so it strikes the wall; 1 K
    away it walks to its face first."""
    from wartime.ai import scripted_breaking
    g = walled(13.5, span=(10.0, 30.0))
    assert scripted_breaking.in_the_way(g.gs, g.ids[0], g.ids[1]) == ["wall"]
    d = decide(g, g.ids[0])
    assert d.action == "melee_attack_scenery" and d.params == {"piece": "wall", "weapon": 0}
    g = walled(12.5, span=(10.0, 30.0))
    d = decide(g, g.ids[0])
    assert d.action in ("move", "run", "sprint") and abs(d.params["path"][-1][0] - 13.48) < 0.05


def test_TRT_WALLBREAKER_scripted_strikes_unarmed_without_a_melee_weapon():
    """CBA-10 at scenery: a breacher with a gun only (no melee weapon) and no shot through the wall strikes it with
    its fists (CON 5 − 4 = 1, +3 = 4: one wound a hit) or the gun's butt (CBA-8: DMG 4 + 1 + 3, two CH IMP): the
    engine's option with the most expected wounds."""
    from tests.rules.rules_helpers import weapon
    g = walled(13.5)
    g.set(g.ids[0], replace(g.gs.equipment(g.ids[0]), weapons=(weapon(ENE=2, DMG=4, RNG=10, key="gun"),)))
    d = decide(g, g.ids[0])
    assert d.action in ("unarmed_attack_scenery", "melee_attack_firearm_scenery")
    from wartime.rules.actions import REGISTRY
    fists = REGISTRY["unarmed_attack_scenery"].strike_odds(g.gs, g.ids[0], {"piece": "wall"})["expected"]
    gun = REGISTRY["melee_attack_firearm_scenery"].strike_odds(g.gs, g.ids[0], {"piece": "wall", "weapon": 0})
    assert d.action == ("unarmed_attack_scenery" if fists > gun["expected"] else "melee_attack_firearm_scenery")
