"""Situation tests of the scripted controller's transport play (ai/scripted_transport.py, ai/scripted.py), from
blunders read in convoy games: a driver whose nose is against a farm turns onto a clear road (MOV-6, MVA-19)
instead of standing still all game; a shooter does not finish off an enemy transport whose explosion would hit
more of its own side than the enemy's (WND-5)."""
from __future__ import annotations

from dataclasses import replace

from tests.ai.test_scripted_terrain_actions import decide, stub
from tests.rules.rules_helpers import Game, M, armour, blade, piece, ride, weapon
from wartime.ai.scripted import ScriptedController
from wartime.ai.scripted_transport import clear_ahead
from wartime.core.components import Mount
from wartime.rules import riding

#: a ruined farm right in front of the driver (impassable)
FARM = piece("farm", "blocking", 12, 14, 17, 26, height=3.0, blocks_los=True)


def test_MOV_6_a_driver_against_a_farm_pivots_onto_a_clear_road_MVA_19():
    """MOV-6: a transport drives straight ahead. Its nose against the farm and the enemy beyond it, no straight
    drive brings it closer: it pivots (MVA-19) to a heading whose road ahead is clear, not an idle end."""
    g = Game(M(side="red", x=10.0, y=20.0, facing=0.0, weapons=(blade(),)),
             M(side="blue", x=40.0, y=20.0, facing=180.0, weapons=(weapon(),)), pieces=[FARM])
    a, _ = g.ids
    ride(g, a, MOV=6, size=2.0, paid=True)
    assert not clear_ahead(g.gs, a, (10.0, 20.0), 0.0)
    d = decide(g, a)
    assert d.action == "transport_pivot", d
    heading = d.params["facing_to"]
    assert riding.angle_between(heading, 0.0) >= 20.0 and clear_ahead(g.gs, a, (10.0, 20.0), heading)


def _wrecked(g: Game, e: int) -> None:
    """The transport of `e` with wounds = its QUA: disabled, one more wound destroys it (WND-4)."""
    m = g.gs.world.get(e, Mount)
    g.set(e, replace(m, wounds=m.QUA))


def test_WND_5_no_shot_that_blows_a_wreck_up_among_its_own_side():
    """WND-5: the wrecked enemy truck (unarmoured, one wound from destruction) is the juiciest shot, but it would
    explode on the shooter's ally beside it and on no other enemy: the scripted shooter takes the armoured target
    instead. With the ally away from the wreck it shoots the wreck."""
    def best_target(ally_near: bool) -> int:
        g = Game(M(side="red", x=10.0, y=10.0, facing=90.0, weapons=(weapon(DMG=6),)),
                 M(side="blue", x=10.0, y=22.0, facing=270.0, weapons=(blade(),)),
                 M(side="blue", x=30.0, y=10.0, facing=180.0, weapons=(blade(),), protections=(armour(6),)),
                 M(side="red", x=12.5 if ally_near else 30.0, y=22.0 if ally_near else 30.0, weapons=(blade(),)))
        shooter, truck, _, _ = g.ids
        ride(g, truck, MOV=6, DEF=0, QUA=5, size=2.0)
        _wrecked(g, truck)
        assert (ScriptedController._blast_risk(g.gs, shooter, truck, 1.0) > 0.0) == ally_near
        g.start_activation(shooter, energy=10)
        _, d, _ = ScriptedController()._best_shot(stub(g), g.pending)
        return d.params["target"]

    assert best_target(ally_near=False) == 2
    assert best_target(ally_near=True) == 3
