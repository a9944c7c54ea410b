"""Situation tests of blunders of the scripted controller read in battle reports (issue 15 point 1), each fixed:
a shooter behind a house no longer shuffles along the wall but advances along the route round it (MOV-9: the
house is impassable); a fighter with a pistol closes in as a fighter; a fighter stops far enough for a charge
(CBA-12 needs 2 K of path) instead of 1.05 K away; the free follow-up after a kill is taken (CMB-15)."""
from __future__ import annotations

import math

from tests.ai.test_scripted_terrain_actions import decide
from tests.rules.rules_helpers import Game, M, blade, piece, weapon
from wartime.ai.scripted import ScriptedController
from wartime.geometry.navigation import plan

#: an impassable house between the shooter and its target (crossroads' ruined houses)
HOUSE = piece("house", "blocking", 6, 12, 14, 16, height=3.0, blocks_los=True)


def _end(d):
    return d.params["path"][-1]


def test_shooter_behind_a_house_advances_round_it_MOV_9():
    """MOV-9: the straight line to the enemy runs into the house. Out of range (RNG 10, 14 K away), the shooter
    takes the route round the house and ends nearer the enemy: not a sideways shuffle that ends where it was."""
    g = Game(M(side="red", x=10, y=10.8, facing=90.0, mov=2, weapons=(weapon(RNG=10),)),
             M(side="blue", x=10, y=26, facing=270.0, weapons=(weapon(),)), pieces=[HOUSE])
    a, b = g.ids
    gs = g.gs
    r, chest = gs.body(a).radius, gs.chest_height(a)

    def way(start):       # the length of the route round the house to a spot beside the enemy
        pts = plan(gs.board, start, (10, 24.5), r, chest, [])
        return sum(math.hypot(q[0] - p[0], q[1] - p[1]) for p, q in zip(pts, pts[1:]))

    before = way((10, 10.8))
    d = decide(g, a)
    assert d.action in ("move", "run", "sprint"), d
    x, y = _end(d)
    moved = sum(math.hypot(q[0] - p[0], q[1] - p[1]) for p, q in zip([(10, 10.8)] + d.params["path"],
                                                                       d.params["path"]))
    assert moved >= 1.0 and way((x, y)) < before - 0.8 * moved, (before, way((x, y)), moved)


def test_fighter_with_a_pistol_closes_in():
    """An axe (DMG 4 + CON) and a pistol (DMG 2, RNG 8): out of pistol range it advances as a fighter, towards a
    charge (the fighters' path ends 2.1 K short of the enemy, or as far as the allowance goes)."""
    g = Game(M(side="red", x=10, y=5, facing=90.0, weapons=(blade(DMG=4, ENE=4, key="axe"), weapon(RNG=8, DMG=2))),
             M(side="blue", x=10, y=25, facing=270.0, weapons=(weapon(),)))
    a, _ = g.ids
    assert ScriptedController()._fighter(g.gs, a)
    d = decide(g, a)
    assert d.action in ("run", "sprint"), d
    assert _end(d)[1] > 7.0


def test_fighter_stops_where_it_can_charge_next_CBA_12():
    """CBA-12: a charge needs 2 K of path. A fighter that cannot reach contact this action stops 2.1 K (edge to
    edge) from its target, not 1.05 K (from where only a plain move without the charge bonus reaches it)."""
    g = Game(M(side="red", x=10, y=10, facing=90.0, mov=2, weapons=(blade(),)),
             M(side="blue", x=10, y=15, facing=270.0, weapons=(blade(),)))
    a, b = g.ids
    d = decide(g, a, energy=2)           # one Correr (3 K at MOV 2) and nothing left for a charge
    assert d.action in ("run", "move"), d
    x, y = _end(d)
    gap = math.hypot(x - 10, y - 15) - 1.0
    assert gap >= 2.0 - 1e-6, f"stopped {gap:.2f} K from the enemy: too close to charge"


def test_follow_up_after_a_kill_engages_the_next_enemy_CMB_15():
    """CMB-15: after its target became a casualty, a fighter with ENE for another attack takes the free follow-up
    into contact with the enemy within 1 K that is not engaged."""
    g = Game(M(side="red", x=10, y=10, facing=90.0, weapons=(blade(),)),
             M(side="blue", x=10, y=11.5, facing=270.0, weapons=(blade(),)))
    a, b = g.ids
    g.start_activation(a, energy=6)
    g.gs.set_effects(a, followup=True)
    from types import SimpleNamespace
    p = g.pending
    assert "followup" in p.options
    d = ScriptedController().decide(SimpleNamespace(gs=g.gs, engine=g.engine, decisions=[]), p)
    assert d.action == "followup" and d.params.get("mode") == "engage" and d.params.get("target") == b, d


def test_fighter_crosses_a_field_of_fire_from_cover_to_cover_ENV_2():
    """ENV-2: two rifles watch the straight approach; a detour of the same sprint ends behind a wall, hidden from
    both, for less than 2 K of ground: the brawler takes it (score: K gained − 1.5 per exposed shooter)."""
    wall = piece("wall", "high", 11.2, 12.8, 18, 13.4, height=2.5, blocks_los=True)
    g = Game(M(side="red", x=10, y=5, facing=90.0, mov=2, weapons=(blade(),)),
             M(side="blue", x=9, y=30, facing=270.0, weapons=(weapon(),)),
             M(side="blue", x=11, y=30, facing=270.0, weapons=(weapon(),)), pieces=[wall])
    a = g.ids[0]
    d = decide(g, a)
    sc = ScriptedController()
    assert d.action == "sprint", d
    assert sc._exposure(g.gs, a, (10, 12)) == 2.0                   # the straight 7 K: both rifles see it
    assert sc._exposure(g.gs, a, _end(d)) == 0.0, d


def test_wounded_shooter_pulls_back_out_of_sight_WND_2():
    """WND-2: one wound from going down (wounds = CON − 1), with no shot (its pistol does not reach) and a rifle
    watching it, a shooter moves (Mover) to a spot behind the wall where no enemy gun sees it."""
    wall = piece("wall", "high", 7.0, 12.0, 9.0, 12.5, height=2.5, blocks_los=True)
    g = Game(M(side="red", x=10, y=10, facing=90.0, mov=2, wounds=3, weapons=(weapon(RNG=8, DMG=2),)),
             M(side="blue", x=10, y=30, facing=270.0, weapons=(weapon(),)), pieces=[wall])
    a = g.ids[0]
    sc = ScriptedController()
    assert sc._exposure(g.gs, a, (10, 10)) > 0.0
    d = decide(g, a)
    assert d.action == "move", d
    assert sc._exposure(g.gs, a, _end(d)) == 0.0, d


def test_heals_itself_out_of_sight_when_likely_GNA_5():
    """GNA-5: wounded, with no shot and no enemy gun seeing it, a CON 6 character with INT 6 (the CH INT passes 6
    times in 10) heals itself; with INT 4 (4 in 10, and a failure adds a wound) it does not."""
    wall = piece("wall", "high", 8.0, 12.0, 12.0, 12.5, height=2.5, blocks_los=True)

    def game(INT):
        return Game(M(side="red", x=10, y=10, facing=90.0, INT=INT, CON=6, wounds=1, weapons=(weapon(RNG=8, DMG=2),)),
                    M(side="blue", x=10, y=30, facing=270.0, weapons=(weapon(),)), pieces=[wall])
    g = game(6)
    assert decide(g, g.ids[0]).action == "heal"
    g = game(4)
    assert decide(g, g.ids[0]).action != "heal"


def test_does_not_heal_when_a_fumble_would_put_it_down_GNA_5():
    """GNA-5 / WND-2: out of sight with INT 7, a CON 6 character with 1 wound heals itself; with 2 wounds it does not:
    the fumble's 3 wounds (1 in 10) would leave it one wound short of incapacitation, where its own next fumbled
    shot puts it down (the scrapyard's telekinetics did so against random play). A CON 5 one with 1 wound, or a
    CON 3 one, does not either."""
    wall = piece("wall", "high", 8.0, 12.0, 12.0, 12.5, height=2.5, blocks_los=True)

    def game(wounds, con=6):
        return Game(M(side="red", x=10, y=10, facing=90.0, INT=7, CON=con, wounds=wounds,
                      weapons=(weapon(RNG=8, DMG=2),)),
                    M(side="blue", x=10, y=30, facing=270.0, weapons=(weapon(),)), pieces=[wall])
    g = game(1)
    assert decide(g, g.ids[0]).action == "heal"
    g = game(2)
    assert decide(g, g.ids[0]).action != "heal"
    for con in (5, 3):
        g = game(1, con=con)
        assert decide(g, g.ids[0]).action != "heal"
