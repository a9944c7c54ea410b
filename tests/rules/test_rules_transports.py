"""Transports in play (rules/riding.py, rules/actions/transport.py): MOV-2, MOV-6, BLD-19, BLD-20, MVA-15..19,
CBA-23, WND-4, WND-5 and the transport traits."""
from __future__ import annotations

import math
from dataclasses import replace

import pytest

from rules_helpers import Game, M, armour, blade, piece, ride, violation, weapon
from wartime.core.components import Body, Mount, MountPoints, Position, Traits
from wartime.rules import reactors, riding
from wartime.rules.reactions import Window
from wartime.rules.actions import REGISTRY


def driver(*others: M, x=10.0, y=20.0, facing=0.0, **kw) -> Game:
    g = Game(M(x=x, y=y, facing=facing, weapons=(blade(),)), *others)
    ride(g, g.ids[0], **kw)
    g.start_activation(g.ids[0], energy=10)
    return g


# --- MOV-2, MOV-6 ------------------------------------------------------------------------------------------------
def test_MOV_2_a_transport_moves_its_MOV_whatever_its_size():
    g = driver(MOV=8, size=1.0, paid=True)
    a = g.ids[0]
    assert g.gs.mov(a) == 8 and g.gs.natural_mov(a) == 1
    assert g.engine.check_action(a, "move", {"path": [[18, 20]]}) == 1
    assert violation(g.engine.check_action, a, "move", {"path": [[18.5, 20]]}).rule_id == "MOV-3"


def test_MOV_6_straight_ahead_then_at_most_45_degrees():
    g = driver(MOV=6, paid=True)
    a = g.ids[0]
    g.act(a, "move", path=[[16, 20]], end_facing=45)
    assert g.pos(a) == (16, 20) and g.gs.pos(a).facing == 45
    g2 = driver(MOV=6, paid=True)
    b = g2.ids[0]
    assert violation(g2.engine.check_action, b, "move", {"path": [[16, 20]], "end_facing": 60}).rule_id == "MOV-6"
    assert violation(g2.engine.check_action, b, "move", {"path": [[13, 20], [13, 23]]}).rule_id == "MOV-6"
    assert violation(g2.engine.check_action, b, "move", {"path": [[14, 24]]}).rule_id == "MOV-6"
    # no free turn (MOV-5 is the characters' rule)
    assert violation(g2.engine.check_action, b, "move", {"path": [[14, 20]]}, False, 90.0).rule_id == "MOV-6"


def test_MOV_6_the_engine_offers_straight_drives_only():
    import math
    from wartime.rules.actions.params import CandidateSpace
    g = driver(MOV=6, paid=True)
    a = g.ids[0]
    legal = []
    for c in REGISTRY["move"].candidates(g.gs, a, CandidateSpace(g.gs, a)):
        params = c.build()
        g.engine.check_action(a, "move", params, False, c.facing)      # every candidate is legal
        legal.append(params)
    assert len(legal) >= 10
    for params in legal:
        (x, y), = params["path"]
        assert riding.angle_between(math.degrees(math.atan2(y - 20, x - 10)), 0.0) < 0.5
        assert riding.angle_between(params["end_facing"], 0.0) <= 45


def test_MVA_19_a_transport_pivots_for_ENE_3_in_its_activation():
    g = driver()
    a = g.ids[0]
    assert g.engine.check_action(a, "transport_pivot", {"facing_to": 180}) == 3
    g.act(a, "transport_pivot", facing_to=180)
    assert g.gs.pos(a).facing == 180 and g.energy(a) == 7
    # a character without a transport has no such action; a transport has no character pivot reaction
    h = Game(M(x=10, y=20))
    h.start_activation(h.ids[0], energy=10)
    assert violation(h.engine.check_action, h.ids[0], "transport_pivot", {"facing_to": 90}).rule_id == "MVA-19"


def test_TRT_PIVOTING_the_transport_pivots_for_ENE_1():
    g = driver(traits=("TRT-PIVOTING",))
    assert g.engine.check_action(g.ids[0], "transport_pivot", {"facing_to": 90}) == 1


# --- BLD-19, BLD-20 -----------------------------------------------------------------------------------------------
def test_BLD_19_aboard_def_adds_transport_def_but_not_to_overload():
    g = Game(M(x=10, y=20, CON=1, protections=(armour(2),)))
    a = g.ids[0]
    from wartime.rules.modifiers import overload_penalty
    before = overload_penalty(g.gs, a)
    assert g.gs.total_def(a) == 2
    ride(g, a, MOV=4, DEF=2, ENE=2)
    g.start_activation(a, energy=10)
    assert g.gs.total_def(a) == 4
    assert overload_penalty(g.gs, a) == before == 1
    # Mover up to 4 K, Correr up to 5 K; the transport's ENE 2 is paid with its first move of the turn only
    assert g.engine.check_action(a, "run", {"path": [[15, 20]]}) == 2 + 2
    g.act(a, "move", path=[[14, 20]])
    assert g.energy(a) == 10 - 1 - 2
    g.act(a, "move", path=[[18, 20]])
    assert g.energy(a) == 7 - 1


def test_BLD_20_mounted_weapons_and_protections_in_play():
    from rules_helpers import built_state, race
    from wartime.data.loader import archetype_from_dict
    from wartime.data.models import CharacterSpec
    truck = archetype_from_dict({"id": "truck", "kind": "transport", "name": "Truck", "ENE": 1, "MOV": 6, "DEF": 2,
                                 "QUA": 4, "size": 2})
    cannon = archetype_from_dict({"id": "cannon", "kind": "weapon", "name": "Cannon", "ENE": 3, "DMG": 6, "RNG": 20,
                                  "QUA": 4})
    plate = archetype_from_dict({"id": "plate", "kind": "protection", "name": "Plate", "ENE": 0, "DEF": 1, "SIZ": 0,
                                 "QUA": 3})
    spec = CharacterSpec(id="gunner", name="Gunner", race=race(), transport=truck, mounted=(cannon, plate))
    foot = CharacterSpec(id="foot", name="Foot", race=race())
    gs = built_state(("red", spec), ("blue", foot))
    e = gs.minis()[0]
    assert [w.name for w in gs.equipment(e).weapons] == ["Cannon"]
    assert gs.total_def(e) == 2 + 1 and gs.carried_def(e) == 0
    assert gs.body(e).radius == 1.0 and gs.mov(e) == 6
    # WND-5: once the transport is destroyed the mounted equipment goes with it
    riding.dismount(gs, e)
    assert gs.equipment(e).weapons == () and gs.total_def(e) == 0 and gs.body(e).radius == 0.5


# --- MVA-17 -------------------------------------------------------------------------------------------------------
def carrier_and_walker(**kw) -> Game:
    g = Game(M(x=10, y=20, weapons=(blade(),)), M(x=11.5, y=20, AGI=5))     # edge to edge: 1.5 − 1 − 0.5 = 0
    ride(g, g.ids[0], capacity=4, size=2.0, **kw)
    return g


def test_MVA_17_boarding_a_parked_transport_needs_no_roll():
    g = carrier_and_walker()
    t, w = g.ids
    g.start_activation(w, energy=10)
    g.act(w, "embark", target=t)
    assert riding.carrier_of(g.gs, w) == t and not g.gs.on_table(w)
    assert g.checks() == [] and g.energy(w) == 9
    assert w not in g.gs.allies(t) and riding.mount(g.gs, t).passengers == (w,)


@pytest.mark.parametrize("die,aboard", [(4, True), (5, False)])
def test_MVA_17_boarding_a_moving_transport_needs_CH_AGI_minus_1(die, aboard):
    g2 = Game(M(x=10, y=20, weapons=(blade(),)), M(x=11.5, y=20, AGI=5), rolls=[die])
    ride(g2, g2.ids[0], capacity=4, size=2.0)
    t, w = g2.ids
    g2.set(t, replace(riding.mount(g2.gs, t), moved_turn=g2.engine.flow.turn))
    g2.start_activation(w, energy=10)
    g2.act(w, "embark", target=t)
    assert (riding.carrier_of(g2.gs, w) == t) is aboard
    assert g2.mods(g2.check("ATR")) == {"MVA-17": -1}


def test_MVA_17_a_passenger_moves_with_its_transport_and_gets_off_in_contact():
    g = carrier_and_walker(paid=True)
    t, w = g.ids
    g.start_activation(w, energy=10)
    g.act(w, "embark", target=t)
    # a passenger may only get off or end its activation
    assert violation(g.engine.check_action, w, "move", {"path": [[12, 20]]}).rule_id == "MVA-17"
    g.start_activation(t, energy=10)
    g.act(t, "move", path=[[16, 20]])
    assert g.pos(w) == (16, 20)
    g.next_turn()
    g.start_activation(w, energy=10)
    spots = riding.free_spots(g.gs, t, w)
    assert spots
    g.act(w, "disembark", to=list(spots[0]))
    assert riding.carrier_of(g.gs, w) is None and g.gs.on_table(w)
    assert g.gs.in_contact(t, w)


def test_TRT_CAPACITY_a_full_transport_takes_no_more_passengers():
    g = Game(M(x=10, y=20), M(x=11.5, y=20), M(x=8.5, y=20))
    ride(g, g.ids[0], capacity=1, size=2.0)
    t, a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "embark", target=t)                      # a human base: π × 0.25 → 1 load level
    g.start_activation(b, energy=10)
    assert violation(g.engine.check_action, b, "embark", {"target": t}).rule_id == "TRT-CAPACITY"


def test_TRT_CAPACITY_cost_is_3_per_load_level():
    from wartime.data.costs import archetype_cost
    from wartime.data.loader import archetype_from_dict
    base = dict(id="bus", kind="transport", name="Bus", ENE=2, MOV=6, DEF=2, QUA=4)
    plain = archetype_cost(archetype_from_dict(base))
    four = archetype_cost(archetype_from_dict({**base, "traits": [{"name": "Capacidad", "param": "4"}]}))
    assert plain == 6 + 6 + 4 - 2 and four == plain + 12


# --- MVA-18 -------------------------------------------------------------------------------------------------------
def test_MVA_18_manoeuvre_sidesteps_1_K_keeping_its_facing_after_a_move():
    g = Game(M(x=10, y=20, AGI=5, weapons=(blade(),)), rolls=[5])
    ride(g, g.ids[0], MOV=6, paid=True)
    a = g.ids[0]
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "manoeuvre", {"to": [10, 21]}).rule_id == "MVA-18"
    g.act(a, "move", path=[[16, 20]])
    g.act(a, "manoeuvre", to=[16, 22])                # declared 2 K: a plain pass moves 1 K
    assert g.pos(a) == (16, 21) and g.gs.pos(a).facing == 0
    assert g.mods(g.check("ATR")) == {}


def test_MVA_18_minus_1_after_10_K_and_minus_3_after_20_K():
    g = Game(M(x=5, y=20, AGI=5, weapons=(blade(),)), rolls=[5, 5], width=60)
    ride(g, g.ids[0], MOV=10, paid=True)
    a = g.ids[0]
    g.start_activation(a, energy=10)
    g.act(a, "move", path=[[15, 20]])
    g.act(a, "manoeuvre", to=[15, 21])
    assert g.mods(g.checks("ATR")[-1]) == {"MVA-18": -1} and g.pos(a) == (15, 20)
    g.set(a, replace(riding.mount(g.gs, a), moved_k=20.0))
    g.act(a, "run", path=[[26, 20]])
    g.act(a, "manoeuvre", to=[26, 21])
    assert g.mods(g.checks("ATR")[-1]) == {"MVA-18": -3, "MVA-2": 1}       # Correr: +1 on the next move


# --- MVA-15, MVA-16 -----------------------------------------------------------------------------------------------
def test_MVA_16_a_flying_transport_takes_off_and_MVA_15_climbs_to_level_3():
    g = driver(MOV=8, flies=True, paid=True)
    a = g.ids[0]
    g.act(a, "take_off_land", level=2)
    assert g.gs.pos(a).level == 2
    g.act(a, "change_altitude", level=3, to=[18, 20])
    assert g.gs.pos(a).level == 3 and g.pos(a) == (18, 20)
    # straight ahead only (MOV-6) and a ground transport cannot fly
    assert violation(g.engine.check_action, a, "change_altitude", {"level": 2, "to": [18, 26]}).rule_id == "MOV-6"
    h = driver(MOV=8)
    assert violation(h.engine.check_action, h.ids[0], "take_off_land", {"level": 2}).rule_id == "MVA-16"


def test_MVA_15_a_flying_transport_climbs_to_level_3_and_then_moves_its_full_MOV():
    g = driver(MOV=8, flies=True, paid=True)
    a = g.ids[0]
    g.set(a, replace(g.gs.pos(a), level=2))
    g.act(a, "change_altitude", level=3)
    assert g.gs.pos(a).level == 3
    assert violation(g.engine.check_action, a, "move", {"path": [[14, 20]]}).rule_id == "MOV-13"
    assert g.engine.check_action(a, "move", {"path": [[18, 20]]}) == 1


def test_ENV_3_a_mounted_weapon_fires_from_the_transport_top_centre():
    g = driver(size=2.5)
    a = g.ids[0]
    assert g.gs.muzzle(a) == (10.0, 20.0, 2.5)          # its base centre at the transport's height


def test_ENV_3_a_mount_point_from_the_data_is_the_muzzle_turned_with_the_transport():
    """ENV-3: a mounted weapon with a mount point (0.9 K ahead, 0.5 K left, 0.4 K up) fires from there, turned with
    the transport's facing (90°: ahead is +y, left is −x); a weapon without one from the top centre."""
    hull = weapon(key="hull")
    g = Game(M(x=10, y=20, facing=90.0, weapons=(hull, weapon())))
    a = g.ids[0]
    ride(g, a, size=2.0)
    g.set(a, MountPoints((("hull", (0.9, 0.5, 0.4)),)))          # as match.setup fields it from the data
    assert g.gs.muzzle(a, g.gs.weapon(a, 0)) == pytest.approx((9.5, 20.9, 0.4))
    assert g.gs.muzzle(a, g.gs.weapon(a, 1)) == pytest.approx((10.0, 20.0, 2.0))


def test_ENV_3_a_low_mount_point_is_blocked_by_a_wall_the_top_centre_sees_over():
    """ENV-3 / ENV-2: a 1 K wall at x 14-14.2 between a size 2 truck at (10, 20) and a human at (20, 20): from the
    top centre (2 K up) the line of fire clears it (no cover), from a hull gun 0.4 K up it is blocked (ENV-2)."""
    wall = piece("wall", "low", 14.0, 18, 14.2, 22, height=1.0, blocks_los=True, defense=3)
    hull = weapon(key="hull")
    g = Game(M(x=10, y=20, weapons=(weapon(), hull)), M(side="blue", x=20, y=20, facing=180.0), pieces=[wall])
    a, b = g.ids
    ride(g, a, size=2.0)
    g.set(a, MountPoints((("hull", (0.0, 0.0, 0.4)),)))
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "ranged_attack", {"target": b, "weapon": 0}) == 2
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": b, "weapon": 1}).rule_id == "ENV-2"


def test_MVA_17_passengers_get_off_only_on_the_ground():
    g = Game(M(x=10, y=20), M(x=11.5, y=20))
    ride(g, g.ids[0], capacity=4, flies=True, paid=True)
    t, w = g.ids
    riding.board(g.gs, w, t)
    g.set(t, replace(g.gs.pos(t), level=2))
    g.start_activation(w, energy=10)
    assert violation(g.engine.check_action, w, "disembark", {"to": [12, 20]}).rule_id == "MVA-17"


def _get_off(g, a):
    """The driver `a` gets off at the first free spot the engine offers (the transport's rear)."""
    spot = next(c.build()["to"] for c in REGISTRY["disembark"].candidates(g.gs, a, _space(g, a)))
    g.act(a, "disembark", to=spot)
    return spot


def test_MVA_17_the_driver_gets_off_and_its_transport_stays_parked():
    g = driver(M(x=14, y=20), MOV=6, QUA=5, size=2.0, paid=True)
    a, w = g.ids
    assert g.engine.check_action(a, "disembark", {"to": [8.475, 20]}) == 1
    assert _get_off(g, a) == [8.475, 20] and g.gs.energy(a) == 9 and not g.events("check")
    (t,) = riding.parked(g.gs)
    assert not riding.rides(g.gs, a) and g.gs.body(a).radius == 0.5 and g.gs.mov(a) == 1
    assert g.pos(t) == (10, 20) and g.gs.body(t).radius == 1.0 and g.gs.world.get(t, Mount).MOV == 6
    assert t not in g.gs.minis() and t not in g.gs.enemies(w)           # no character: no one targets it
    # it occupies its space (BAS-2) and does not move: the walker cannot go through it
    g.start_activation(w, energy=10)
    assert violation(g.engine.check_action, w, "move", {"path": [[6, 20]]}).rule_id in ("BAS-2", "MOV-3")


def test_MVA_17_a_parked_transport_takes_its_space_where_others_get_off():
    """Two trucks side by side: once the first is parked, the second's driver cannot get off into its base."""
    g = driver(M(x=12.55, y=20), MOV=6, size=2.0, paid=True)
    a, b = g.ids
    ride(g, b, MOV=6, size=2.0, paid=True)
    _get_off(g, a)
    g.start_activation(b, energy=10)
    spots = [c.build()["to"] for c in REGISTRY["disembark"].candidates(g.gs, b, _space(g, b))]
    assert spots and all(math.dist(s, (10, 20)) >= 1.5 - 1e-6 for s in spots)
    assert violation(g.engine.check_action, b, "disembark", {"to": [11.025, 20]}).rule_id == "BAS-2"


def test_MVA_17_a_driver_leaving_a_moving_transport_rolls_CH_AGI_minus_1():
    for die, off in ((5, False), (4, True)):                         # AGI 5 − 1 (en marcha): target 4
        g = driver(MOV=6, paid=True)
        a = g.ids[0]
        g.act(a, "move", path=[[14, 20]])
        g.dice.push(die)
        g.act(a, "disembark", to=[12.475, 20])
        assert riding.rides(g.gs, a) is not off and g.gs.energy(a) == 10 - 1 - 1
        assert g.events("check")[-1]["modifiers"][0]["value"] == -1


def test_MVA_17_the_driver_gets_off_after_its_passengers_and_boards_nothing_while_driving():
    g = driver(M(x=11.55, y=20), capacity=4, paid=True)
    a, p = g.ids
    riding.board(g.gs, p, a)
    assert violation(g.engine.check_action, a, "disembark", {"to": [8.475, 20]}).rule_id == "MVA-17"
    h = Game(M(x=10, y=20), M(x=11.55, y=20))
    ride(h, h.ids[0], capacity=4)
    ride(h, h.ids[1], capacity=4)
    h.start_activation(h.ids[0], energy=10)
    v = violation(h.engine.check_action, h.ids[0], "embark", {"target": h.ids[1]})
    assert v.rule_id == "MVA-17" and "gets off" in str(v)


def test_MVA_17_a_character_takes_over_a_driverless_transport():
    g = driver(M(side="blue", x=14, y=20, weapons=(blade(),)), MOV=6, QUA=5, DEF=2, size=2.0, paid=True)
    a, b = g.ids
    from wartime.rules.combat import resolve_hit
    riding.wound_transport(g.gs, None, a, 2, None, resolve_hit)          # 2 wounds: they stay with the transport
    _get_off(g, a)
    (t,) = riding.parked(g.gs)
    g.start_activation(b, energy=10)
    assert violation(g.engine.check_action, b, "take_transport", {"transport": t}).rule_id == "MVA-17"  # not in contact
    g.set(b, replace(g.gs.pos(b), x=11.55))                             # in base contact with the parked transport
    assert g.engine.check_action(b, "take_transport", {"transport": t}) == 1
    g.act(b, "take_transport", transport=t)
    assert riding.parked(g.gs) == [] and riding.rides(g.gs, b) and g.gs.mov(b) == 6
    assert riding.mount(g.gs, b).wounds == 2 and g.pos(b) == (10, 20) and g.gs.body(b).radius == 1.0
    assert g.gs.equipment(b).weapons == (blade(),)                       # its own; the transport had none mounted
    assert violation(g.engine.check_action, b, "take_transport", {"transport": t}).rule_id == "MVA-17"


def test_MVA_17_a_parked_transport_blocks_a_move_by_name_and_a_ram_past_it():
    """A move into the driverless transport's base is refused naming it (its base has an id in the move's bases); a
    ram (a move that exempts its target's base) is checked with the parked base among the others."""
    g = driver(M(side="blue", x=10, y=24, AGI=6, CON=6, mov=4), M(side="red", x=14, y=24), MOV=6, size=2.0, paid=True)
    a, w, e = g.ids
    _get_off(g, a)
    g.start_activation(w, energy=10)
    v = violation(g.engine.check_action, w, "move", {"path": [[10, 21.2]]})
    assert v.rule_id in ("BAS-2", "MOV-3") and "driverless" in str(v)
    end = next(c.build()["path"][0] for c in REGISTRY["ram"].candidates(g.gs, w, _space(g, w))
               if c.build()["target"] == e)
    assert g.engine.check_action(w, "ram", {"target": e, "path": [end]}) == 4


def test_MVA_17_take_transport_is_a_reaction_option_only_beside_a_parked_transport():
    """REA-1 offers every action as a reaction; Tomar el transporte joins a character's window keys once it stands in
    base contact with a parked transport (a game without one offers the keys it always did)."""
    g = driver(M(side="blue", x=14, y=20), MOV=6, size=2.0, paid=True)
    a, w = g.ids
    win = Window("after", a, "move", None)
    assert "take_transport" not in reactors.window_options(g.gs, win, w) and "embark" in reactors.window_options(
        g.gs, win, w)
    _get_off(g, a)
    assert "take_transport" not in reactors.window_options(g.gs, win, w)          # 2.5 K away
    g.set(w, replace(g.gs.pos(w), x=11.55))
    assert "take_transport" in reactors.window_options(g.gs, win, w)


# --- CBA-23 -------------------------------------------------------------------------------------------------------
def test_CBA_23_transport_ram_book_example():
    """QUA 5 transport, Mover (ENE 1 + 1 = 2), 4 K straight, driver AGI 6, die 5: DMG 9 on a CON 4 target, pushed
    5 K; the transport takes DMG 6 (4 + 2)."""
    g = Game(M(x=10, y=20, AGI=6), M(side="blue", x=15.5, y=20, CON=4, protections=(armour(5),)), rolls=[5, 5, 2],
             width=60)
    ride(g, g.ids[0], MOV=6, QUA=5, DEF=3, size=2.0, paid=True)
    a, t = g.ids
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "ram", {"target": t, "path": [[14.0, 20]]}) == 2
    g.act(a, "ram", target=t, path=[[14.0, 20]])
    assert [d["dmg"] for d in g.events("damage")] == [9, 6]
    assert g.events("pushed")[0]["distance"] == 5
    assert g.pos(t) == (20.5, 20)


def test_CBA_23_a_ram_needs_2_K():
    g = Game(M(x=10, y=20, AGI=6), M(side="blue", x=13, y=20), width=60)
    ride(g, g.ids[0], MOV=6, size=2.0, paid=True)
    a, t = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "ram", {"target": t, "path": [[11.5, 20]]}).rule_id == "CBA-23"
    h = Game(M(x=10, y=20), M(side="blue", x=12, y=20))
    h.start_activation(h.ids[0], energy=10)
    assert violation(h.engine.check_action, h.ids[0], "ram", {"target": h.ids[1], "path": [[11, 20]]}).rule_id \
        == "CBA-23"


def test_CBA_23_character_ram_book_example():
    """The book's test: a CON 6 character pays ENE 4 (X = 1 + Correr's 2, + 1) and does DMG 6 to a CON 4 target,
    displacing it 2 K; it receives no hit. Its run goes straight at the target, whatever its facing."""
    g = Game(M(x=10, y=20, AGI=6, CON=6, mov=4, facing=90.0),
             M(side="blue", x=14, y=20, CON=4, protections=(armour(5),)), rolls=[5, 5, 2],
             width=60)
    a, t = g.ids
    g.start_activation(a, energy=10)
    end = next(c.build()["path"][0] for c in REGISTRY["ram"].candidates(g.gs, a, _space(g, a)))
    assert g.engine.check_action(a, "ram", {"target": t, "path": [end]}) == 4
    g.act(a, "ram", target=t, path=[end])
    assert [(d["target"], d["dmg"]) for d in g.events("damage")] == [(t, 6)]
    assert g.events("pushed")[0]["distance"] == 2
    assert g.pos(t)[0] == 16 and g.wounds(a) == 0


def test_TRT_MULE_a_character_ram_counts_CON_plus_1():
    """The book's CBA-23 traits: "Mulo CON +1". The CON 6 mule of the book's example rams as CON 7: DMG 7 on the CON 4
    target, pushed 3 K; its CON is not raised."""
    g = Game(M(x=10, y=20, AGI=6, CON=6, mov=4, facing=90.0),
             M(side="blue", x=14, y=20, CON=4, protections=(armour(5),)), rolls=[5, 5, 2],
             width=60)
    a, t = g.ids
    g.set(a, Traits(("TRT-MULE",)))
    g.start_activation(a, energy=10)
    end = next(c.build()["path"][0] for c in REGISTRY["ram"].candidates(g.gs, a, _space(g, a)))
    g.act(a, "ram", target=t, path=[end])
    assert [(d["target"], d["dmg"]) for d in g.events("damage")] == [(t, 7)]
    assert g.events("pushed")[0]["distance"] == 3 and g.gs.attrs(a).CON == 6


def test_CBA_23_character_ram_reach_is_Correr_and_a_miss_leaves_them_engaged():
    """Ruling (2): a character rams within Correr's reach (MOV 4 + 1 = 5 K), in one straight leg; ruling (6): on a
    miss it stops in base contact, engaged, and nothing else happens."""
    g = Game(M(x=10, y=20, AGI=6, CON=6, mov=4), M(side="blue", x=17, y=20, CON=4), width=60)
    a, t = g.ids
    g.start_activation(a, energy=10)
    assert not list(REGISTRY["ram"].candidates(g.gs, a, _space(g, a)))       # contact 5.97 K away
    assert violation(g.engine.check_action, a, "ram", {"target": t, "path": [[15.97, 20]]}).rule_id == "CBA-23"
    h = Game(M(x=10, y=20, AGI=6, CON=6, mov=4), M(side="blue", x=14, y=20, CON=4), rolls=[9], width=60)
    a, t = h.ids
    h.start_activation(a, energy=10)
    assert violation(h.engine.check_action, a, "ram", {"target": t, "path": [[11.5, 21], [12.97, 20]]}).rule_id \
        == "CBA-23"
    end = next(c.build()["path"][0] for c in REGISTRY["ram"].candidates(h.gs, a, _space(h, a)))
    h.act(a, "ram", target=t, path=[end])
    assert not h.events("damage") and h.gs.engaged(a) and h.gs.energy(a) == 6


def _space(g, a):
    from wartime.rules.actions.params import CandidateSpace
    return CandidateSpace(g.gs, a)


def test_TRT_RAM_ram_DMG_plus_1():
    g = Game(M(x=10, y=20, AGI=6), M(side="blue", x=15.5, y=20, CON=4), rolls=[5, 9, 9], width=60)
    ride(g, g.ids[0], MOV=6, QUA=5, DEF=0, size=2.0, paid=True, traits=("TRT-RAM",))
    a, t = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "ram", target=t, path=[[14.0, 20]])
    assert g.events("damage")[0]["dmg"] == 10


# --- WND-4, WND-5 -------------------------------------------------------------------------------------------------
def test_WND_4_hits_wound_the_transport_and_a_disabled_one_cannot_move():
    g = Game(M(x=10, y=20, CON=4), M(side="blue", x=20, y=20, facing=180, weapons=(weapon(DMG=6),)),
             rolls=[2, 9])
    ride(g, g.ids[0], DEF=2, QUA=6, paid=True)
    a, s = g.ids
    g.start_activation(s, energy=10)
    g.act(s, "ranged_attack", target=a, weapon=0)
    m = riding.mount(g.gs, a)
    assert g.wounds(a) == 0 and m.wounds == 6 and m.disabled
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "move", {"path": [[12, 20]]}).rule_id == "WND-4"


def test_WND_5_a_destroyed_transport_explodes_and_drops_its_passengers():
    g = Game(M(x=10, y=20, CON=4), M(x=11.5, y=20), M(side="blue", x=14, y=20), rolls=[9] * 10)
    ride(g, g.ids[0], MOV=2, DEF=3, QUA=1, capacity=4, size=2.0)
    a, p, b = g.ids
    riding.board(g.gs, p, a)
    from wartime.rules.combat import resolve_hit
    riding.wound_transport(g.gs, None, a, 2, None, resolve_hit)
    boom = g.events("transport_exploded")[0]
    assert boom["dmg"] == 3 and boom["radius"] == 3.0
    assert set(boom["hit"]) == {a, p, b}                 # the driver, the passenger, and b within 3 K
    assert riding.mount(g.gs, a) is None and g.gs.body(a).radius == 0.5
    assert riding.carrier_of(g.gs, p) is None and g.gs.on_table(p)


def test_WND_5_a_base_partly_in_the_blast_takes_half_the_DMG():
    """ARE-5 / ARE-6 as WND-5's ruling says: the blast is the transport's base (radius 1) buffered by 3 K: a disc of
    4 K round its centre. b at 2.5 K is wholly inside (full DMG 3); c at 4 K is half out (DMG 2, 1.5 rounded up)."""
    g = Game(M(x=10, y=20), M(side="blue", x=12.5, y=20), M(side="blue", x=10, y=24), rolls=[9] * 10)
    ride(g, g.ids[0], MOV=2, DEF=3, QUA=1, size=2.0)
    a, b, c = g.ids
    from wartime.rules.combat import resolve_hit
    riding.wound_transport(g.gs, None, a, 2, None, resolve_hit)
    boom = g.events("transport_exploded")[0]
    assert boom["hit"] == [a, b, c] and boom["partly"] == [c]
    dmg = {ev["target"]: ev["dmg"] for ev in g.events("damage")}
    assert dmg == {a: 3, b: 3, c: 2}


# --- traits that play on a transport as on a race -------------------------------------------------------------------
def test_TRT_FAST_on_a_transport_runs_plus_1_K():
    g = driver(MOV=4, paid=True, traits=("TRT-FAST",))
    assert g.engine.check_action(g.ids[0], "run", {"path": [[16, 20]]}) == 2


def test_TRT_SLOW_on_a_transport_movement_costs_plus_1():
    g = driver(MOV=4, paid=True, traits=("TRT-SLOW",))
    assert g.engine.check_action(g.ids[0], "move", {"path": [[14, 20]]}) == 2


def test_TRT_BURDENED_on_a_transport_cannot_run():
    g = driver(MOV=4, paid=True, traits=("TRT-BURDENED",))
    assert violation(g.engine.check_action, g.ids[0], "run", {"path": [[12, 20]]}).rule_id == "TRT-BURDENED"


def test_TRT_STEEL_PLATING_on_a_transport_DEF_plus_1():
    from wartime.rules import traits
    g = Game(M(x=10, y=20), M(side="blue", x=20, y=20, weapons=(weapon(),)))
    ride(g, g.ids[0], traits=("TRT-STEEL-PLATING",))
    terms = traits.combat_terms(g.gs, g.ids[1], g.ids[0], weapon(), True)
    assert terms.def_plus == 1


def test_TRT_IMPACT_ABSORPTION_on_a_transport_DMG_minus_1():
    from wartime.rules import traits
    g = Game(M(x=10, y=20), M(side="blue", x=20, y=20, weapons=(weapon(),)))
    ride(g, g.ids[0], traits=("TRT-IMPACT-ABSORPTION",))
    assert traits.combat_terms(g.gs, g.ids[1], g.ids[0], weapon(), True).dmg(5) == 4


def test_TRT_CAVALRY_on_a_war_horse_charge_DMG_plus_2():
    """As on a race (tests/rules/test_rules_traits_criticals.py): after a charge the DMG is 4 + 2 = 6 (5 without)."""
    for traits_, dmg in (((), 5), (("TRT-CAVALRY",), 6)):
        g = Game(M(x=10, y=20, AGI=5, CON=5, weapons=(blade(),)), M(side="blue", x=16, y=20, facing=180.0, CON=9))
        a, b = g.ids
        ride(g, a, MOV=4, size=1.0, DEF=1, paid=True, traits=traits_)
        g.start_activation(a, energy=10)
        g.act(a, "charge", target=b, path=[[15, 20]])
        g.dice.push(5, 9, 5)
        g.act(a, "melee_attack", target=b, weapon=0)
        assert g.events("hit")[-1]["dmg"] == dmg


def test_transport_traits_are_fieldable_on_a_transport():
    from wartime.rules import traits
    for tid in ("TRT-CAVALRY", "TRT-FAST", "TRT-SLOW", "TRT-BURDENED", "TRT-IMPACT-ABSORPTION", "TRT-STEEL-PLATING",
                "TRT-CAPACITY", "TRT-PIVOTING", "TRT-RAM", "TRT-EVASIVE-PILOT", "TRT-REINFORCED"):
        assert traits.fielding_problem(tid, "transport", {tid}) is None, tid


def test_TRT_EVASIVE_PILOT_CH_AGI_plus_1_on_a_manoeuvre():
    g = Game(M(x=10, y=20, AGI=5, weapons=(blade(),)), rolls=[6])
    ride(g, g.ids[0], MOV=6, paid=True, traits=("TRT-EVASIVE-PILOT",))
    a = g.ids[0]
    g.start_activation(a, energy=10)
    g.act(a, "move", path=[[16, 20]])
    g.act(a, "manoeuvre", to=[16, 21])
    assert g.mods(g.check("ATR")) == {"TRT-EVASIVE-PILOT": 1} and g.pos(a) == (16, 21)


def test_TRT_EVASIVE_PILOT_covers_every_movement_action_with_a_check():
    from wartime.rules.traits.transport import COMPLEX_MOVES
    checked = {k for k, a in REGISTRY.items() if a.category == "movement" and a.has_check}
    assert checked <= set(COMPLEX_MOVES) and set(COMPLEX_MOVES) - checked == {"embark", "disembark"}


def test_TRT_REINFORCED_CH_DEF_plus_1():
    from wartime.rules import traits
    g = Game(M(x=10, y=20), M(side="blue", x=20, y=20, weapons=(weapon(),)))
    ride(g, g.ids[0], traits=("TRT-REINFORCED",))
    terms = traits.combat_terms(g.gs, g.ids[1], g.ids[0], weapon(), True)
    assert [m.value for m in terms.def_check if m.rule == "TRT-REINFORCED"] == [1]


@pytest.mark.parametrize("name,points", [("Rápido", 5), ("Lento", -10), ("Lastrado", -5), ("Caballería", 5),
                                         ("Absorción de impacto", 10), ("Baño de acero", 15), ("Pivotante", 5),
                                         ("Ariete", 5), ("Piloto evasivo", 5), ("Refuerzo", 15)])
def test_TRT_transport_traits_cost_BLD_21(name, points):
    """BLD-21: MOV + DEF × 3 + QUA + traits − ENE: each transport trait adds its catalogue points."""
    from wartime.data.costs import archetype_cost
    from wartime.data.loader import archetype_from_dict
    base = dict(id="car", kind="transport", name="Car", ENE=2, MOV=6, DEF=2, QUA=4)
    assert archetype_cost(archetype_from_dict({**base, "traits": [{"name": name}]})) == 14 + points


def test_MOV_6_a_transport_does_not_crouch_climb_or_jump():
    g = driver(paid=True)
    for key, params in (("crouch", {}), ("long_jump", {"path": [[13, 20]]}), ("turn_180", {"path": [[12, 20]]})):
        assert violation(g.engine.check_action, g.ids[0], key, params).rule_id == "MOV-6"


def _transport_spec(traits_, mounted=()):
    from rules_helpers import race
    from wartime.data.loader import archetype_from_dict
    from wartime.data.models import CharacterSpec
    t = archetype_from_dict({"id": "t", "kind": "transport", "name": "Car", "ENE": 1, "MOV": 6, "DEF": 2, "QUA": 4,
                             "traits": [n if isinstance(n, dict) else {"name": n} for n in traits_]})
    return CharacterSpec(id="d", name="Driver", race=race(), transport=t, mounted=tuple(mounted))


def test_MOV_2_a_transport_is_fielded_and_its_unplayed_traits_are_refused_naming_their_IDs():
    from wartime.match.setup import fielding_problems
    assert fielding_problems(_transport_spec(["Rápido", "Pivotante"])) == []
    lines = fielding_problems(_transport_spec(["Hielo", "Planeador"]))
    assert [rid for rid, _ in lines] == ["TRT-ICE", "TRT-GLIDER"]
    # Planeador is played on races only: on a transport it stays refused
    assert "tier-3" in lines[0][1] and "on race archetypes only, not on a transport" in lines[1][1]


def test_BLD_20_a_mounted_metahability_and_a_mounted_object_are_fielded():
    from wartime.data.loader import archetype_from_dict
    from wartime.match.setup import fielding_problems
    radio = archetype_from_dict({"id": "radio", "kind": "object", "name": "Radio", "ENE": 1, "RNG": 0, "QUA": 3})
    spell = archetype_from_dict({"id": "spell", "kind": "metahability", "name": "Spell", "ENE": 1, "RNG": 5,
                                 "QUA": 3, "traits": [{"name": "Invocación"}]})
    assert fielding_problems(_transport_spec([], [radio])) == []
    assert fielding_problems(_transport_spec([], [radio, spell])) == []          # rules/mounted_metas.py


def test_MVA_19_a_transport_does_not_pivot_as_a_reaction():
    g = Game(M(x=10, y=20, facing=0.0), M(side="blue", x=20, y=20, facing=180.0))
    a, b = g.ids
    ride(g, a)
    g.start_activation(b, energy=10)
    g.declare(b, "move", path=[[19, 20]])
    assert g.pending is not None and g.pending.kind == "react" and g.pending.actor == a
    assert violation(g.engine.check_reaction, a, "pivot", {"facing_to": 90}).rule_id == "MOV-6"
    assert violation(g.engine.check_reaction, a, "transport_pivot", {"facing_to": 90}).rule_id == "MVA-19"


def test_ENV_3_match_setup_fields_the_mount_points_of_the_mounted_weapons():
    """ENV-3: a character riding a size 2 truck with a mounted turret whose data give `mount_point = [0.5, 0, 2.5]`
    fires the turret from 0.5 K ahead of the truck's centre and 2.5 K up (above its 2 K top), a hand-held pistol
    from its eye (the truck's top centre); a character without a mount point gets no MountPoints component."""
    from rules_helpers import built_state
    from tests.data.data_test_helpers import character, human, make
    truck = make("transport", "truck", size=2, ENE=2, MOV=4, DEF=2, QUA=4)
    turret = make("weapon", "turret", mount_point=[0.5, 0, 2.5], ENE=2, DMG=4, RNG=20, QUA=4)
    pistol = make("weapon", "pistol", ENE=1, DMG=2, RNG=10, QUA=3)
    gs = built_state(("red", character(human(), id="tank", weapons=[pistol], transport=truck, mounted=[turret])),
                     ("blue", character(human(), id="walker", weapons=[pistol])))
    tank = next(e for e in gs.minis() if gs.side(e) == "red")
    walker = next(e for e in gs.minis() if gs.side(e) == "blue")
    p = gs.pos(tank)
    keys = [w.key for w in gs.equipment(tank).weapons]
    turret_w, pistol_w = gs.weapon(tank, keys.index("turret")), gs.weapon(tank, keys.index("pistol"))
    ahead = (p.x + 0.5 * math.cos(math.radians(p.facing)), p.y + 0.5 * math.sin(math.radians(p.facing)))
    assert gs.muzzle(tank, turret_w) == pytest.approx((*ahead, gs.elevation(tank) + 2.5))
    assert gs.muzzle(tank, pistol_w) == pytest.approx(gs.eye(tank))
    assert not gs.world.has(walker, MountPoints)


# --- ENV-3: smoke and darkness measured from the mount point (issue 16) ---------------------------------------------
def hull_shot(put):
    """A size 2 truck at (10, 20) facing east with a hull gun mounted 0.9 K ahead and 0.9 K left (its muzzle at
    (10.9, 20.9)), a blue 8.5 K east at (20, 20); `put(g)` lays smoke or darkness; the shot's CH IMP (die 9) misses.
    Returns the CH IMP's smoke and darkness modifiers."""
    hull = weapon(key="hull")
    g = Game(M(x=10, y=20, facing=0.0, weapons=(hull,)), M(side="blue", x=20, y=20, facing=180.0, CON=9))
    a, b = g.ids
    ride(g, a, size=2.0)
    g.set(a, MountPoints((("hull", (0.9, 0.9, 0.4)),)))
    put(g)
    g.start_activation(a, energy=10)
    g.dice.push(9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.all_dice_used()
    return {m["rule"]: m["value"] for m in g.check("IMP")["modifiers"] if m["rule"] in ("TRT-SMOKE", "TRT-LIGHT")}


def smoke_at(x, y, r):
    from wartime.rules.areas import place_effect
    return lambda g: place_effect(g.gs, "smoke", "R2", x, y, 1.0, 0.0, 1, g.ids[1], "grenade", 0, radius=r,
                                  malus=-1, rule="TRT-SMOKE")


def test_ENV_3_TRT_SMOKE_the_line_of_fire_of_a_mounted_weapon_starts_at_its_mount_point():
    """A smoke sphere (r 0.8) at (15, 19.3) lies across the line from the truck's centre but 1.2 K from the line from
    the mount point: no CH IMP −1; one (r 0.5) at (15, 20.8) misses the centre's line and lies on the mount point's:
    −1."""
    assert hull_shot(smoke_at(15.0, 19.3, 0.8)) == {}
    assert hull_shot(smoke_at(15.0, 20.8, 0.5)) == {"TRT-SMOKE": -1}


def test_ENV_3_TRT_LIGHT_darkness_on_a_mounted_weapons_line_is_measured_from_its_mount_point():
    """A dark strip x 14-16, y 20.3-21.5 misses the line from the truck's centre (y 20) and crosses the line from the
    mount point (y 20.9 → 20): CH IMP −2 (project ruling, rules/darkness.py)."""
    from types import SimpleNamespace
    from wartime.rules import darkness
    from wartime.data.models import DarkArea
    strip = DarkArea(id="strip", polygon=((14.0, 20.3), (16.0, 20.3), (16.0, 21.5), (14.0, 21.5)))
    assert hull_shot(lambda g: darkness.install(g.gs, SimpleNamespace(night=False, dark=(strip,)))) == {
        "TRT-LIGHT": -2}
