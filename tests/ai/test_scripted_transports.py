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


# --- BLD-22: the objective zone (ai/scripted_objective.py) ------------------------------------------------------
ZONE = ((30.0, 16.0), (38.0, 16.0), (38.0, 24.0), (30.0, 24.0))


def _objective(g: Game, side: str = "red", count: int = 2) -> None:
    from wartime.data.models import ObjectiveSpec
    from wartime.rules import objectives
    g.gs.victory = "objective"
    objectives.install(g.gs, ObjectiveSpec(name="Road", side=side, count=count, zone=ZONE))


def test_BLD_22_a_driver_carries_its_passengers_to_the_zone_not_to_the_enemy():
    """BLD-22: the truck with a trooper aboard drives east to the zone (34, 20), though the nearest enemy is north;
    without an objective it would have headed for the enemy."""
    def end_of_drive(objective: bool):
        g = Game(M(side="red", x=10.0, y=20.0, facing=0.0, weapons=(blade(),)), M(side="red", x=12.0, y=22.0),
                 M(side="blue", x=10.0, y=38.0, facing=270.0, weapons=(blade(),)), width=40.0, height=40.0)
        truck, trooper, _ = g.ids
        ride(g, truck, MOV=6, size=2.0, capacity=4, paid=True)
        riding.board(g.gs, trooper, truck)
        if objective:
            _objective(g)
        d = decide(g, truck)
        return d
    d = end_of_drive(True)
    assert d.action in ("move", "run"), d
    (x, y), = d.params["path"]
    assert x > 14.0 and abs(y - 20.0) < 3.0
    other = end_of_drive(False)
    assert other.action == "transport_pivot" or other.params["path"][0][1] > 21.0, other


def test_BLD_22_passengers_get_off_in_the_zone_and_the_holders_stay():
    """BLD-22, MVA-17: once its truck stands in the zone the passenger gets off, at a spot inside the zone; an
    attacker in the zone with no one to shoot or fight holds it (guard or end, no move out of it)."""
    g = Game(M(side="red", x=34.0, y=20.0, facing=0.0, weapons=(blade(),)), M(side="red", x=36.0, y=22.0),
             M(side="blue", x=5.0, y=5.0, facing=0.0, weapons=(blade(),)))
    truck, trooper, _ = g.ids
    ride(g, truck, MOV=6, size=2.0, capacity=4, paid=True)
    riding.board(g.gs, trooper, truck)
    _objective(g)
    d = decide(g, trooper)
    assert d.action == "disembark", d
    x, y = d.params["to"]
    assert 30.0 <= x <= 38.0 and 16.0 <= y <= 24.0
    riding.alight(g.gs, trooper, (x, y))
    g.gs.world.set(trooper, replace(g.gs.activation(trooper), acted=False, started=False))
    d = decide(g, trooper)
    assert d.action in ("on_guard", "end"), d


def test_BLD_22_an_attacker_out_of_the_zone_marches_to_it():
    """BLD-22: an attacker on foot with no shot and no charge heads for the zone instead of the enemy."""
    g = Game(M(side="red", x=10.0, y=20.0, facing=0.0, weapons=(blade(),)),
             M(side="blue", x=10.0, y=38.0, facing=270.0, weapons=(blade(),)))
    walker, _ = g.ids
    _objective(g)
    d = decide(g, walker)
    assert d.action in ("move", "run", "sprint"), d
    x, y = d.params["path"][-1]
    assert x > 12.0 and abs(y - 20.0) < 2.0


def test_BLD_22_the_defender_turns_on_the_enemy_nearest_the_zone():
    """BLD-22: blue covers the zone: of two red enemies it goes for the one 4 K from the zone, not the nearer one
    far from it."""
    from wartime.ai.scripted_objective import threat
    g = Game(M(side="blue", x=20.0, y=5.0, weapons=(blade(),)), M(side="red", x=20.0, y=9.0),
             M(side="red", x=27.0, y=20.0))
    blue, near, runner = g.ids
    _objective(g)
    assert threat(g.gs, blue) == runner
    assert threat(g.gs, near) is None                   # red is the attacker: no threat to answer


# --- MVA-16: the flyer takes off when flying helps (ai/scripted_flight.py) ------------------------------------------
def _gyro(*blue, pieces=()):
    g = Game(M(side="red", x=10.0, y=20.0, facing=0.0, weapons=(weapon(RNG=20),)), *blue, pieces=list(pieces))
    ride(g, g.ids[0], MOV=8, size=2.0, flies=True, paid=True)
    return g


def test_MVA_16_the_gyrocopter_takes_off_out_of_reach_of_a_brawler():
    """MOV-12: a brawler (MOV 4) 4.5 K away could charge it next; at level 2 no melee from level 1 reaches it: it
    takes off. Ten K farther it shoots instead."""
    g = _gyro(M(side="blue", x=16.0, y=20.0, facing=180.0, mov=4, weapons=(blade(),)))
    d = decide(g, g.ids[0])
    assert d.action == "take_off_land", d
    g = _gyro(M(side="blue", x=26.0, y=20.0, facing=180.0, mov=4, weapons=(blade(),)))
    assert decide(g, g.ids[0]).action != "take_off_land"


def test_MVA_16_the_gyrocopter_takes_off_to_cross_a_farm_and_stays_down_on_open_ground():
    """The road to the enemy bends around the farm: it takes off (a flyer crosses it). On open ground, the enemy
    far off, it does not."""
    far = M(side="blue", x=38.0, y=20.0, facing=180.0, weapons=(blade(),))
    g = _gyro(far, pieces=[FARM])
    assert decide(g, g.ids[0]).action == "take_off_land"
    g = _gyro(M(side="blue", x=38.0, y=20.0, facing=180.0, weapons=(blade(),)))
    assert decide(g, g.ids[0]).action != "take_off_land"


# --- MVA-17: driverless transports (ai/scripted_transport_parked.py) --------------------------------------------
def test_MVA_17_the_driver_of_a_disabled_transport_gets_off_towards_the_fight():
    """WND-4: a disabled truck cannot move, and one more wound blows it up with its driver aboard (WND-5): the
    swordsman driving it gets off (Desembarcar) on the enemy's side; with the truck whole it stays aboard."""
    def first(disabled: bool):
        g = Game(M(side="red", x=10.0, y=20.0, facing=0.0, weapons=(blade(),)),
                 M(side="blue", x=30.0, y=20.0, facing=180.0, weapons=(blade(),)))
        a, _ = g.ids
        ride(g, a, MOV=6, size=2.0, paid=True)
        if disabled:
            _wrecked(g, a)
        return decide(g, a)
    d = first(disabled=True)
    assert d.action == "disembark" and d.params["to"][0] > 11.0, d
    assert first(disabled=False).action != "disembark"


def test_MVA_17_a_walker_takes_a_driverless_transport_when_the_enemy_is_far():
    """A trooper beside a driverless truck (its driver got off, MVA-17) takes it over (Tomar el transporte) when
    the enemy is 25 K away; with the enemy 8 K away it fights on foot; a disabled truck (WND-4) is never taken."""
    def first(enemy_x: float, disabled: bool = False):
        g = Game(M(side="red", x=10.0, y=20.0, facing=0.0), M(side="red", x=10.0, y=23.0, weapons=(blade(),)),
                 M(side="blue", x=enemy_x, y=20.0, facing=180.0, weapons=(blade(),)))
        driver, trooper, _ = g.ids
        ride(g, driver, MOV=6, size=2.0, paid=True)
        if disabled:
            _wrecked(g, driver)
        t = riding.park(g.gs, driver, (10.0, 18.475))
        g.set(driver, replace(g.gs.pos(driver), x=4.0, y=4.0))
        g.set(trooper, replace(g.gs.pos(trooper), y=21.55))             # in base contact with the truck
        return decide(g, trooper), t
    d, t = first(38.0)
    assert d.action == "take_transport" and d.params["transport"] == t, d
    assert first(21.0)[0].action != "take_transport"
    assert first(38.0, disabled=True)[0].action != "take_transport"


def test_MVA_17_a_shooter_with_no_enemy_in_reach_shoots_a_driverless_truck_its_enemy_could_retake():
    """A red rifleman (RNG 10) with no blue character in reach shoots blue's driverless truck 9 K away, which a blue
    walker 13 K from it could take over; a disabled truck with nothing mounted (WND-4: of no use to blue) is left
    alone, and so is any truck when a blue character can be shot instead."""
    def first(disabled: bool = False, walker_x: float = 28.0):
        g = Game(M(side="red", x=5.0, y=20.0, facing=0.0, weapons=(weapon(RNG=10),)),
                 M(side="blue", x=14.0, y=20.0, facing=180.0, weapons=(blade(),)))
        a, driver = g.ids
        ride(g, driver, MOV=6, size=2.0, paid=True)
        if disabled:
            _wrecked(g, driver)
        t = riding.park(g.gs, driver, (14.0, 21.525))
        g.set(driver, replace(g.gs.pos(driver), x=walker_x, y=20.0))
        return decide(g, a), t
    d, t = first()
    assert d.action == "ranged_attack" and d.params == {"target": t, "weapon": 0}, d
    assert first(disabled=True)[0].params.get("target") != first(disabled=True)[1]
    d, t = first(walker_x=12.0)
    assert d.params.get("target") != t
