"""Transport traits of steering, strain and wreck, and Radar (rules/traits/vehicles.py, rules/driving.py,
rules/riding.py): TRT-STIFF-STEERING, TRT-FIGHTER, TRT-OVERHEATING, TRT-EJECTION-SEAT, TRT-EXPLODES, TRT-RADAR."""
from __future__ import annotations

from dataclasses import replace

import pytest

from rules_helpers import Game, M, blade, piece, ride, violation, weapon
from wartime.core.rng import ScriptedDice
from wartime.rules import riding
from wartime.rules.actions import REGISTRY
from wartime.rules.combat import resolve_hit


def driver(*others: M, rolls=(), angles=(), pieces=(), **kw) -> Game:
    g = Game(M(x=10, y=20, facing=0.0, AGI=5, weapons=(blade(),)), *others, width=60, pieces=pieces)
    g.dice = ScriptedDice(rolls=rolls, angles=angles)
    g.world.dice = g.dice
    ride(g, g.ids[0], **kw)
    g.start_activation(g.ids[0], energy=10)
    return g


def wounded(g: Game, e: int, n: int) -> None:
    g.set(e, replace(riding.mount(g.gs, e), wounds=n))


# --- TRT-STIFF-STEERING -------------------------------------------------------------------------------------------
def test_TRT_STIFF_STEERING_no_pivot_of_more_than_45_degrees():
    g = driver(traits=("TRT-STIFF-STEERING",))
    a = g.ids[0]
    assert violation(g.engine.check_action, a, "transport_pivot", {"facing_to": 90}).rule_id == "TRT-STIFF-STEERING"
    assert g.engine.check_action(a, "transport_pivot", {"facing_to": 315}) == 3
    g.act(a, "transport_pivot", facing_to=45)
    assert g.gs.pos(a).facing == 45
    # the pivots the engine offers are all within 45°; without the trait it pivots to any facing
    from wartime.rules.actions.params import CandidateSpace
    for c in REGISTRY["transport_pivot"].candidates(g.gs, a, CandidateSpace(g.gs, a)):
        g.engine.check_action(a, "transport_pivot", c.build())
    h = driver()
    assert h.engine.check_action(h.ids[0], "transport_pivot", {"facing_to": 180}) == 3


# --- TRT-FIGHTER --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("roll,facing", [(5, 80.0), (6, 45.0)])
def test_TRT_FIGHTER_extra_45_degree_turn_after_moving_with_CH_AGI(roll, facing):
    """AGI 5: a 5 passes and the transport ends turned 80°; a 6 fails and it ends turned 45° only."""
    g = driver(MOV=6, paid=True, traits=("TRT-FIGHTER",), rolls=[roll])
    a = g.ids[0]
    g.act(a, "move", path=[[16, 20]], end_facing=80)
    assert g.pos(a) == (16, 20) and g.gs.pos(a).facing == facing
    assert g.check("ATR")["rule"] == "TRT-FIGHTER"


def test_TRT_FIGHTER_no_check_within_45_and_nothing_beyond_90():
    g = driver(MOV=6, paid=True, traits=("TRT-FIGHTER",))
    a = g.ids[0]
    assert violation(g.engine.check_action, a, "move", {"path": [[16, 20]], "end_facing": 100}).rule_id \
        == "TRT-FIGHTER"
    g.act(a, "move", path=[[16, 20]], end_facing=315)
    assert g.gs.pos(a).facing == 315 and g.checks("ATR") == []
    # facing 315 now: the engine offers the fighter's 90° turns (45°, 225°: the scripted AI can take them)
    from wartime.rules.actions.params import CandidateSpace
    turns = {round(c.build()["end_facing"]) for c in REGISTRY["move"].candidates(g.gs, a, CandidateSpace(g.gs, a))}
    assert {0, 45, 225, 270} <= turns
    h = driver(MOV=6, paid=True)
    assert violation(h.engine.check_action, h.ids[0], "move", {"path": [[16, 20]], "end_facing": 80}).rule_id \
        == "MOV-6"


def test_TRT_STIFF_STEERING_caps_a_fighters_extra_turn():
    g = driver(MOV=6, paid=True, traits=("TRT-FIGHTER", "TRT-STIFF-STEERING"))
    assert violation(g.engine.check_action, g.ids[0], "move", {"path": [[16, 20]], "end_facing": 80}).rule_id \
        == "TRT-STIFF-STEERING"


# --- TRT-OVERHEATING ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("wounds,rolls,after", [(4, [], 4), (5, [2], 5), (5, [9], 6)])
def test_TRT_OVERHEATING_from_5_wounds_each_movement_action_asks_CH_DEF(wounds, rolls, after):
    """DEF 2 aboard (the transport's): with 4 wounds no check; with 5, a 2 passes, a 9 fails: 1 more wound."""
    g = driver(MOV=6, QUA=9, DEF=2, paid=True, traits=("TRT-OVERHEATING",), rolls=rolls)
    a = g.ids[0]
    wounded(g, a, wounds)
    g.act(a, "move", path=[[14, 20]])
    assert riding.mount(g.gs, a).wounds == after
    assert [c["rule"] for c in g.checks("DEF")] == ["TRT-OVERHEATING"] * len(rolls)


def test_TRT_OVERHEATING_a_pivot_is_a_movement_action_too():
    g = driver(QUA=9, traits=("TRT-OVERHEATING",), rolls=[10])
    a = g.ids[0]
    wounded(g, a, 6)
    g.act(a, "transport_pivot", facing_to=90)
    assert riding.mount(g.gs, a).wounds == 7 and g.check("DEF")["rule"] == "TRT-OVERHEATING"


# --- TRT-EJECTION-SEAT, TRT-EXPLODES -------------------------------------------------------------------------------
def wreck(traits_, rolls, angles=(), dmg=0):
    """A driver at (10, 20) with a passenger aboard and an enemy 1 K from its base; its transport (MOV 4, DEF 3, QUA 1)
    takes 2 wounds from an attack of DMG `dmg`: destroyed (WND-5)."""
    g = driver(M(x=11.5, y=20), M(side="blue", x=12.5, y=20, facing=180.0), MOV=4, DEF=3, QUA=1, capacity=4,
               traits=traits_, rolls=rolls, angles=angles)
    a, p, b = g.ids
    riding.board(g.gs, p, a)
    riding.wound_transport(g.gs, None, a, 2, None, resolve_hit, dmg)
    return g, a, p, b


def test_TRT_EJECTION_SEAT_the_pilot_is_scattered_1D10_K_and_not_hit():
    """The core explosion (DMG 3) hits the passenger and the enemy; the pilot flies 4 K west (angle 180°)."""
    g, a, p, b = wreck(("TRT-EJECTION-SEAT",), rolls=[4] + [9] * 10, angles=[180.0])
    ev = g.events("ejected")[0]
    assert ev["rule"] == "TRT-EJECTION-SEAT" and ev["dice"] == [4] and g.pos(a) == (6.0, 20.0)
    assert set(g.events("transport_exploded")[0]["hit"]) == {p, b}
    assert {d["target"] for d in g.events("damage")} == {p, b} and g.wounds(a) == 0


def test_WND_5_without_an_ejection_seat_the_pilot_is_hit():
    g, a, p, b = wreck((), rolls=[9] * 10)
    assert g.events("ejected") == [] and a in {d["target"] for d in g.events("damage")}


def test_TRT_EXPLODES_50_percent_with_the_attacks_DMG_within_MOV_K():
    """D100 30 ≤ 50: DMG 7 (the attack's, not the transport's DEF 3) on the pilot, the passenger and the enemy
    (within MOV 4 K)."""
    g, a, p, b = wreck(("TRT-EXPLODES",), rolls=[30] + [9] * 10, dmg=7)
    boom = g.events("transport_exploded")[0]
    assert g.events("percent_roll")[0]["result"] is True
    assert boom["dmg"] == 7 and boom["radius"] == 4.0 and set(boom["hit"]) == {a, p, b}
    assert {d["dmg"] for d in g.events("damage")} == {7}


def test_TRT_EXPLODES_no_explosion_on_51_or_more():
    g, a, p, b = wreck(("TRT-EXPLODES",), rolls=[51], dmg=7)
    assert g.events("damage") == [] and g.events("transport_exploded")[0]["dmg"] == 0
    assert riding.mount(g.gs, a) is None and g.gs.on_table(p) and riding.carrier_of(g.gs, p) is None


def test_TRT_EXPLODES_blast_reaches_MOV_K_not_the_core_3_K_minimum():
    """MOV 2: the enemy 3 K from the transport's base is outside its blast (the core explosion reaches 3 K)."""
    g = driver(M(side="blue", x=14.5, y=20, facing=180.0), MOV=2, DEF=3, QUA=1, traits=("TRT-EXPLODES",),
               rolls=[10] + [9] * 5)
    a, b = g.ids
    riding.wound_transport(g.gs, None, a, 2, None, resolve_hit, 6)
    assert g.events("transport_exploded")[0]["hit"] == [a]


def test_TRT_FLAMMABLE_a_destroyed_transport_explodes_then_its_fuel_too():
    """Reading: both explosions. The wreck's (WND-5: DMG = DEF 3 within max(MOV 4, 3) K) hits the pilot, the
    passenger and the enemy; then Inflamable's: the destroying attack's DMG 7 halved (4, x.5 up) in a round area of
    diameter 4 centred on the wreck: the pilot set down there and the passenger set down beside it take a second
    hit of DMG 4 (CH DEF 9 fails: 3 + 4 wounds); the enemy, 2 K from the centre, is outside it (3 wounds)."""
    g, a, p, b = wreck(("TRT-FLAMMABLE",), rolls=[9] * 30, dmg=7)
    assert g.events("transport_exploded")[0]["dmg"] == 3
    fire = g.events("wreck_fire")[0]
    assert (fire["rule"], fire["dmg"], fire["diameter"], fire["at"]) == ("TRT-FLAMMABLE", 4, 4, [10.0, 20.0])
    assert fire["hit"] == [a, p] and [c["who"] for c in g.checks("DEF") if c["rule"] == "TRT-FLAMMABLE"] == [a, p]
    assert (g.wounds(a), g.wounds(p), g.wounds(b)) == (7, 7, 3)
    g, a, p, b = wreck((), rolls=[9] * 30, dmg=7)
    assert g.events("wreck_fire") == []


def test_TRT_FLAMMABLE_with_Explota_the_fuel_goes_after_the_replacing_explosion():
    """Explota replaces the wreck's explosion (D100 30: DMG 7 within MOV 4 K); Inflamable's fire follows (DMG 4,
    diameter 4); on D100 51 Explota's blast does not happen, the fire still does."""
    for d100, boom in ((30, 7), (51, 0)):
        g, a, p, b = wreck(("TRT-EXPLODES", "TRT-FLAMMABLE"), rolls=[d100] + [9] * 30, dmg=7)
        assert g.events("transport_exploded")[0]["dmg"] == boom
        assert (g.events("wreck_fire")[0]["dmg"], g.events("wreck_fire")[0]["diameter"]) == (4, 4)


def test_TRT_FLAMMABLE_fieldable_on_a_transport_at_its_price():
    from test_rules_traits_more import price as price_on
    from wartime.rules import traits
    assert traits.fielding_problem("TRT-FLAMMABLE", "transport", {"TRT-FLAMMABLE"}) is None
    assert price_on("TRT-FLAMMABLE", "transport") == -5


# --- TRT-DARKNESS-FIELD on a transport ------------------------------------------------------------------------------
def field_truck(level: int | None = 3):
    """A list driver whose transport carries Campo de oscuridad at `level` (None: none), fielded by match set-up."""
    from rules_helpers import built_state, race
    from test_rules_transports import _transport_spec
    from wartime.data.models import CharacterSpec
    spec = _transport_spec([] if level is None else [{"name": "Campo de oscuridad", "level": level}])
    gs = built_state(("red", spec), ("blue", CharacterSpec(id="b", name="B", race=race())))
    return gs, next(e for e in gs.minis() if gs.side(e) == "red")


def test_TRT_DARKNESS_FIELD_transport_fielded_with_its_level_the_rider_bears_the_field():
    """The transport's level is kept in play (MountLevels): its rider bears a level 3 field (marks lost within 6 K);
    a truck without it gives none; dismounted (WND-5) the level goes with the transport."""
    from wartime.core.components import MountLevels
    from wartime.rules.traits.scenery import field_level, field_reach
    gs, d = field_truck(3)
    assert gs.world.get(d, MountLevels).level("TRT-DARKNESS-FIELD") == 3
    assert field_level(gs, d) == 3 and field_reach(gs, d) == 6.0
    assert "TRT-DARKNESS-FIELD" in traits_of(gs, d)
    gs, d = field_truck(None)
    assert not gs.world.has(d, MountLevels) and "TRT-DARKNESS-FIELD" not in traits_of(gs, d)
    gs, d = field_truck(2)
    riding.dismount(gs, d)
    assert not gs.world.has(d, MountLevels) and "TRT-DARKNESS-FIELD" not in traits_of(gs, d)


def traits_of(gs, e):
    from wartime.rules import traits
    return traits.character_traits(gs, e)


def test_TRT_DARKNESS_FIELD_transport_a_mark_within_2_K_per_level_of_it_is_refused():
    """A driver riding a level 2 field: a target 3.5 K from the transport's base cannot be marked (refused naming
    the trait); 4.5 K away it can."""
    from wartime.core.components import MountLevels
    for gap, refused in ((3.5, True), (4.5, False)):
        g = Game(M(x=10, y=20, AGI=5, weapons=(weapon(DMG=4, traits=("TRT-TARGET-DESIGNATOR",)),)),
                 M(side="blue", x=20, y=20, facing=180.0, CON=9), M(side="blue", x=21.5 + gap, y=20, CON=9))
        a, b, d = g.ids
        ride(g, d, traits=("TRT-DARKNESS-FIELD",), size=2.0)
        g.set(d, MountLevels((("TRT-DARKNESS-FIELD", 2),)))
        g.start_activation(a, energy=10)
        if refused:
            assert violation(g.engine.check_action, a, "designate_target", {"target": b}).rule_id == \
                "TRT-DARKNESS-FIELD"
        else:
            assert g.engine.check_action(a, "designate_target", {"target": b}) is not None


def test_TRT_DARKNESS_FIELD_transport_destroyed_cancels_N_shield_levels_within_N_K():
    """'Si explota' = the transport destroyed (WND-5): a level 2 field's wreck takes up to 2 Escudo de energía
    levels off every mini within 2 K of its base (a level 3 shield 1 K away keeps 1), none off one 3 K away."""
    from test_rules_traits_scenery import shield
    from wartime.core.components import MountLevels
    g = driver(M(side="blue", x=12, y=20, protections=(shield(3),)),
               M(side="blue", x=14.6, y=20, protections=(shield(3),)), MOV=1, DEF=0, QUA=1,
               traits=("TRT-DARKNESS-FIELD",), rolls=[1] * 10)
    a, near, far = g.ids
    g.set(a, MountLevels((("TRT-DARKNESS-FIELD", 2),)))
    riding.wound_transport(g.gs, None, a, 2, None, resolve_hit, 3)
    levels = [g.gs.equipment(e).protections[0].level("TRT-ENERGY-SHIELD") for e in (near, far)]
    assert levels == [1, 3] and g.events("trait_level", rule="TRT-DARKNESS-FIELD")


# --- TRT-RADAR ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["race", "transport"])
def test_TRT_RADAR_ignores_the_targets_mimetic(kind):
    from wartime.core.components import Mimetic, Traits
    from wartime.rules.traits import combat_terms
    g = Game(M(x=10, y=20, weapons=(weapon(),)), M(side="blue", x=20, y=20, facing=180.0))
    a, b = g.ids
    g.set(b, Traits(("TRT-MIMETIC",)), Mimetic())
    assert {m.rule for m in combat_terms(g.gs, a, b, None, True).imp} == {"TRT-MIMETIC"}
    if kind == "race":
        g.set(a, Traits(("TRT-RADAR",)))
    else:
        ride(g, a, traits=("TRT-RADAR",))
    assert combat_terms(g.gs, a, b, None, True).imp == ()


# --- TRT-AMPHIBIOUS ----------------------------------------------------------------------------------------------
LAKE = (piece("lake", "water", 13, 10, 20, 30),)


def test_TRT_AMPHIBIOUS_drives_across_water_as_on_land():
    g = driver(MOV=8, paid=True, traits=("TRT-AMPHIBIOUS",), pieces=LAKE)
    a = g.ids[0]
    assert g.engine.check_action(a, "move", {"path": [[17, 20]]}) == 1          # ENE of a Mover, no surcharge
    g.act(a, "move", path=[[17, 20]])
    assert g.pos(a) == (17, 20) and g.checks("ATR") == []
    h = driver(MOV=8, paid=True, pieces=LAKE)
    assert violation(h.engine.check_action, h.ids[0], "move", {"path": [[17, 20]]}).rule_id == "MVA-11"


# --- TRT-LEVITATOR ------------------------------------------------------------------------------------------------
FIELD = (piece("mud", "extreme", 12, 10, 14, 30), piece("log", "low", 15, 10, 15.5, 30, height=0.4),
         piece("pond", "water", 16, 10, 18, 30))


@pytest.mark.parametrize("kind", ["race", "transport"])
def test_TRT_LEVITATOR_floats_over_ground_terrain_low_obstacles_and_water(kind):
    """Extreme mud, a 0.4 K log and a pond on the way: a levitator moves over them all at the ENE of easy ground."""
    from wartime.core.components import Traits
    g = driver(pieces=FIELD, MOV=10, paid=True, traits=("TRT-LEVITATOR",)) if kind == "transport" else None
    if g is None:
        g = Game(M(x=10, y=20, mov=10), pieces=FIELD, width=60)
        g.set(g.ids[0], Traits(("TRT-LEVITATOR",)))
        g.start_activation(g.ids[0], energy=10)
    a = g.ids[0]
    assert g.engine.check_action(a, "move", {"path": [[19.5, 20]]}) == 1
    g.act(a, "move", path=[[19.5, 20]])
    assert g.pos(a) == (19.5, 20) and g.gs.pos(a).level == 1


def test_TRT_LEVITATOR_a_half_K_obstacle_still_counts():
    """A 0.5 K wall is not lower than 1/2 K: it is the difficult low obstacle of MOV-8 (ENE +1)."""
    from wartime.core.components import Traits
    g = Game(M(x=10, y=20, mov=10), pieces=(piece("wall", "low", 12, 10, 12.5, 30, height=0.5),), width=60)
    g.set(g.ids[0], Traits(("TRT-LEVITATOR",)))
    g.start_activation(g.ids[0], energy=10)
    assert g.engine.check_action(g.ids[0], "move", {"path": [[15, 20]]}) == 2
    h = Game(M(x=10, y=20, mov=10), pieces=FIELD, width=60)
    h.start_activation(h.ids[0], energy=10)
    assert violation(h.engine.check_action, h.ids[0], "move", {"path": [[19.5, 20]]}).rule_id == "MVA-11"


# --- TRT-RETRO-THRUSTERS ------------------------------------------------------------------------------------------
def test_TRT_RETRO_THRUSTERS_stop_mid_air_at_level_3_for_ENE_1():
    g = driver(MOV=8, flies=True, paid=True, traits=("TRT-RETRO-THRUSTERS",))
    a = g.ids[0]
    assert violation(g.engine.check_action, a, "hover", {}).rule_id == "TRT-RETRO-THRUSTERS"     # level 1
    g.set(a, replace(g.gs.pos(a), level=3))
    assert violation(g.engine.check_action, a, "move", {"path": [[12, 20]]}).rule_id == "MOV-13"
    g.act(a, "hover")
    assert g.pos(a) == (10, 20) and g.energy(a) == 9 and g.events("hovered")[0]["who"] == a
    # a movement action: a ranged attack, then the stop, then another non-movement action is allowed (MOV-13)
    from wartime.rules.actions.flight import is_movement
    assert is_movement(REGISTRY["hover"])
    h = driver(MOV=8, flies=True, paid=True)
    h.set(h.ids[0], replace(h.gs.pos(h.ids[0]), level=3))
    assert violation(h.engine.check_action, h.ids[0], "hover", {}).rule_id == "TRT-RETRO-THRUSTERS"


# --- TRT-LANDING-STRIP --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("pieces,ok", [((), True), ((piece("rock", "difficult", 30, 18, 32, 22),), False),
                                       ((piece("rock", "difficult", 30, 0, 32, 2),), True)])
def test_TRT_LANDING_STRIP_needs_30_K_clear_straight_ahead(pieces, ok):
    """From (10, 20) facing east on a 60 K board: 30 K of easy ground ahead lets it take off; a difficult patch
    20 K ahead stops it (one off the line does not)."""
    g = driver(MOV=8, flies=True, paid=True, traits=("TRT-LANDING-STRIP",), pieces=pieces)
    a = g.ids[0]
    if ok:
        assert g.engine.check_action(a, "take_off_land", {}) == 1
    else:
        assert violation(g.engine.check_action, a, "take_off_land", {}).rule_id == "TRT-LANDING-STRIP"


def test_TRT_LANDING_STRIP_the_board_edge_and_bases_stop_it_too():
    g = driver(MOV=8, flies=True, paid=True, traits=("TRT-LANDING-STRIP",))
    a = g.ids[0]
    g.set(a, replace(g.gs.pos(a), facing=180.0))
    assert violation(g.engine.check_action, a, "take_off_land", {}).rule_id == "TRT-LANDING-STRIP"
    h = driver(M(side="blue", x=30, y=20), MOV=8, flies=True, paid=True, traits=("TRT-LANDING-STRIP",))
    assert violation(h.engine.check_action, h.ids[0], "take_off_land", {}).rule_id == "TRT-LANDING-STRIP"


# --- fielding and costs -------------------------------------------------------------------------------------------
IDS = ("TRT-MECHA", "TRT-LEVITATOR", "TRT-AMPHIBIOUS", "TRT-RETRO-THRUSTERS", "TRT-LANDING-STRIP", "TRT-STIFF-STEERING", "TRT-FIGHTER", "TRT-OVERHEATING", "TRT-EJECTION-SEAT", "TRT-EXPLODES", "TRT-RADAR")


def test_TRT_vehicle_traits_are_fieldable_on_a_transport():
    from wartime.rules import traits
    for tid in IDS:
        assert traits.fielding_problem(tid, "transport", {tid}) is None, tid
    assert traits.fielding_problem("TRT-RADAR", "race", {"TRT-RADAR"}) is None
    assert traits.fielding_problem("TRT-EXPLODES", "object", {"TRT-EXPLODES"}) is None   # held: kinds2 tests


@pytest.mark.parametrize("tid,name,points", [("TRT-MECHA", "Mecha", 1), ("TRT-LEVITATOR", "Levitador", 1), ("TRT-AMPHIBIOUS", "Anfibio", 2), ("TRT-RETRO-THRUSTERS", "Retros", 5),
                                             ("TRT-LANDING-STRIP", "Pista de aterrizaje", -5),
                                             ("TRT-STIFF-STEERING", "Dirección resistida", -5),
                                             ("TRT-FIGHTER", "Caza", 5), ("TRT-OVERHEATING", "Sobrecalentamiento", -10),
                                             ("TRT-EJECTION-SEAT", "Asiento eyectable", 3),
                                             ("TRT-EXPLODES", "Explota", -10), ("TRT-RADAR", "Radar", 4)])
def test_TRT_vehicle_traits_cost_BLD_21(tid, name, points):
    """BLD-21: MOV + DEF × 3 + QUA + traits − ENE: each trait adds its catalogue points."""
    from wartime.data.costs import archetype_cost
    from wartime.data.loader import archetype_from_dict
    base = dict(id="car", kind="transport", name="Car", ENE=2, MOV=6, DEF=2, QUA=4)
    got = archetype_from_dict({**base, "traits": [{"name": name}]})
    assert [r.trait_id for r in got.traits] == [tid]
    assert archetype_cost(got) == 14 + points


# --- TRT-META-VISION ----------------------------------------------------------------------------------------------
WALL = (piece("wall", "blocking", 14, 10, 15, 30, height=3.0, blocks_los=True),)


def seer(kind: str, INT: int = 7, x: float = 18.0):
    """A neuromancer (INT `INT`) at (10, 20) with Magia: tranquilizar, a wall 4 K ahead, an enemy behind it."""
    from test_rules_metahabilities import give, mh
    from wartime.core.components import Traits
    g = Game(M(x=10, y=20, INT=INT, VOL=9), M(side="blue", x=x, y=20, facing=180.0, VOL=2), pieces=WALL, width=60)
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-CALM"), bonuses=("TRT-NEUROMANCER",) + (
        ("TRT-META-VISION",) if kind == "race" else ()))
    if kind == "object":
        from test_rules_objects import give as hold
        hold(g, a, "TRT-META-VISION")
    g.start_activation(a, energy=10)
    return g, a, b


@pytest.mark.parametrize("kind", ["race", "object"])
def test_TRT_META_VISION_picks_a_target_through_a_wall_within_INT_K(kind):
    """INT 7: the enemy behind the wall 7 K away (base edges) is a metahability target; 8.5 K away it is not."""
    g, a, b = seer(kind)
    assert not g.gs.has_los(a, b)
    assert g.engine.check_action(a, "use_metahability", {"meta": 0, "target": b}) == 2
    g2, a2, b2 = seer(kind, x=19.5)
    assert violation(g2.engine.check_action, a2, "use_metahability", {"meta": 0, "target": b2}).rule_id == "ENV-2"


def test_TRT_META_VISION_without_it_the_wall_hides_the_target():
    g, a, b = seer("none")
    assert violation(g.engine.check_action, a, "use_metahability", {"meta": 0, "target": b}).rule_id == "ENV-2"


@pytest.mark.parametrize("tid", ["TRT-META-VISION", "TRT-RADAR"])
def test_TRT_META_VISION_and_RADAR_on_a_held_object_ignore_mimetic(tid):
    from test_rules_objects import give as hold
    from wartime.core.components import Mimetic, Traits
    from wartime.rules.traits import combat_terms
    g = Game(M(x=10, y=20, weapons=(weapon(),)), M(side="blue", x=20, y=20, facing=180.0))
    a, b = g.ids
    g.set(b, Traits(("TRT-MIMETIC",)), Mimetic())
    hold(g, a, tid)
    assert combat_terms(g.gs, a, b, None, True).imp == ()
    from wartime.data.costs import archetype_cost
    from wartime.data.loader import archetype_from_dict
    base = {"id": "o", "kind": "object", "name": "O", "ENE": 1, "RNG": 0, "QUA": 3}
    name = {"TRT-META-VISION": "Meta visión", "TRT-RADAR": "Radar"}[tid]
    assert archetype_cost(archetype_from_dict({**base, "traits": [{"name": name}]})) - archetype_cost(
        archetype_from_dict(base)) == {"TRT-META-VISION": 10, "TRT-RADAR": 4}[tid]


# --- TRT-COUNTERMEASURES on a transport or an object, TRT-COMMUNICATOR ---------------------------------------------
@pytest.mark.parametrize("kind", ["transport", "object"])
def test_TRT_COUNTERMEASURES_a_missile_has_CH_IMP_minus_1_against_a_transport_or_holder(kind):
    from test_rules_objects import give as hold
    from wartime.rules.traits import combat_terms
    g = Game(M(x=10, y=20), M(side="blue", x=20, y=20, facing=180.0))
    a, b = g.ids
    if kind == "transport":
        ride(g, a, traits=("TRT-COUNTERMEASURES",))
    else:
        hold(g, a, "TRT-COUNTERMEASURES")
    rocket = weapon(traits=("TRT-SELF-PROPELLED-AMMO",), key="rocket")
    assert {m.rule: m.value for m in combat_terms(g.gs, b, a, rocket, True).imp} == {"TRT-COUNTERMEASURES": -1}
    assert combat_terms(g.gs, b, a, weapon(), True).imp == ()
    from wartime.rules import traits
    assert traits.fielding_problem("TRT-COUNTERMEASURES", kind, {"TRT-COUNTERMEASURES"}) is None


def test_TRT_COMMUNICATOR_fielded_on_an_object_at_1_point():
    """Fielded on an object at its catalogue price (1 point)."""
    from test_rules_traits_more import price
    from wartime.rules import traits
    assert traits.fielding_problem("TRT-COMMUNICATOR", "object", {"TRT-COMMUNICATOR"}) is None
    assert price("TRT-COMMUNICATOR", "object") == 1


def radio(g: Game, e: int) -> int:
    from test_rules_objects import give as hold
    return hold(g, e, "TRT-COMMUNICATOR", name="Radio")


def test_TRT_COMMUNICATOR_a_carrier_spots_a_blind_shot_for_another_carrier_at_any_distance():
    """Ruling: a carrier is the spotter for another carrier's Ataque a distancia a ciegas (CBA-3) at any distance.
    The shooter (AGI 5) has the target 8 K away behind a wall; the spotter, 44 K from the shooter on the far side,
    sees the target (VOL 8: FOV 40 K): the blind shot is allowed (CH IMP 4: CBA-3's −1) and hits; CBA-3 puts no
    limit on the spotter's distance, so the communicator lifts none (CBA-3 ruling: no communicator is needed)."""
    wall = piece("wall", "blocking", 10, 17, 11, 23, height=5.0, blocks_los=True, defense=3)
    g = Game(M(x=5, y=20, AGI=5, VOL=6, weapons=(weapon(ENE=2, DMG=4, RNG=40),)),
             M(side="blue", x=14, y=20, CON=9, facing=180.0),
             M(x=49, y=20, VOL=8, facing=180.0, name="spotter"), pieces=[wall], width=60.0)
    a, b, s = g.ids
    radio(g, a)
    radio(g, s)
    assert g.gs.distance(a, s) > 40.0 and g.gs.in_fov(s, b) and g.gs.sees(s, b) and not g.gs.sees(a, b)
    g.start_activation(a, energy=10)
    g.dice.push(4, 5, 9, 5)
    g.act(a, "ranged_attack_blind", target=b, weapon=0)
    imp = g.check("IMP")
    assert imp["target"] == 4 and g.mods(imp) == {"CBA-3": -1} and imp["passed"]


def test_TRT_COMMUNICATOR_location_markers_are_shared_between_carriers():
    """Ruling: location markers are shared between carriers. Percibir's markers (GNA-12 ruling 2) are seen by both
    players and end the marked enemy's hiding for everyone: after a carrier's pass (INT 6, die 4) on a hidden enemy
    5 K away behind a wall, another carrier 8 K off, which sees it over 50 % covered by a low wall, may shoot it;
    before, the hidden enemy could not be its target (GNA-9: not discovered)."""
    from wartime.core.components import Hidden
    w1 = piece("w1", "high", 12.0, 17, 12.4, 23, height=1.5, blocks_los=True)
    w2 = piece("w2", "low", 13.0, 21.0, 19.0, 21.4, height=0.6, blocks_los=True)
    g = Game(M(x=10, y=20, INT=6), M(side="blue", x=16, y=20),
             M(x=16, y=28, facing=270.0, AGI=6, VOL=6, weapons=(weapon(ENE=2, DMG=4, RNG=40),)), pieces=[w1, w2])
    a, near, c = g.ids
    radio(g, a)
    radio(g, c)
    g.set(near, Hidden())
    g.start_activation(c, energy=10)
    assert g.gs.cover(c, [near])[0].blocked >= 13
    assert violation(g.engine.check_action, c, "ranged_attack", {"target": near, "weapon": 0}).rule_id == "GNA-9"
    g.engine._end_activation(c)
    g.start_activation(a, energy=10)
    g.dice.push(4)
    g.act(a, "perceive")
    assert g.events("perceived")[-1]["found"] == [near] and g.events("perceived")[-1]["placed"] == "markers"
    assert not g.world.has(near, Hidden)
    g.engine._end_activation(a)
    g.start_activation(c, energy=10)
    assert g.engine.check_action(c, "ranged_attack", {"target": near, "weapon": 0}) == 2


# --- TRT-MECHA ----------------------------------------------------------------------------------------------------
def test_TRT_MECHA_walks_turns_and_pivots_as_a_character_on_foot():
    """A mecha (MOV 6) moves along a bent path and ends facing anywhere, and turns for free before an action
    (MOV-5), where a plain transport is held to MOV-6."""
    g = driver(MOV=6, paid=True, traits=("TRT-MECHA",))
    a = g.ids[0]
    g.act(a, "move", path=[[13, 20], [13, 23]], end_facing=200)
    assert g.pos(a) == (13, 23) and g.gs.pos(a).facing == 200
    assert g.engine.check_action(a, "move", {"path": [[14, 23]]}, False, 0.0) == 1
    h = driver(MOV=6, paid=True)
    assert violation(h.engine.check_action, h.ids[0], "move", {"path": [[13, 20], [13, 23]]}).rule_id == "MOV-6"
    assert violation(h.engine.check_action, h.ids[0], "move", {"path": [[14, 20]]}, False, 90.0).rule_id == "MOV-6"


def test_TRT_MECHA_uses_the_transports_QUA_as_CON():
    """The pilot's CON 4 becomes the mecha's QUA 7 (its AGI stays the pilot's); on foot again it is 4."""
    g = driver(MOV=6, QUA=7, traits=("TRT-MECHA",))
    a = g.ids[0]
    assert g.gs.attrs(a).CON == 7 and g.gs.attrs(a).AGI == 5
    riding.dismount(g.gs, a)
    assert g.gs.attrs(a).CON == 4


def test_TRT_FLAMMABLE_the_log_words_an_item_destroyed_and_a_wreck_on_fire():
    from wartime.match.narrate import describe
    line = describe({"type": "item_exploded", "rule": "TRT-FLAMMABLE", "who": 2, "item": "Kit", "dmg": 2,
                     "diameter": 2}, lambda e: f"Mini {e}")
    assert (line.text, line.rule) == ("Mini 2's Kit is destroyed and explodes: DMG 2, R2", "TRT-FLAMMABLE")
    line = describe({"type": "wreck_fire", "rule": "TRT-FLAMMABLE", "at": [1, 2], "dmg": 4, "diameter": 4, "hit": []},
                    lambda e: f"Mini {e}")
    assert line.text == "The wreck's fuel explodes: DMG 4, R4"


@pytest.mark.parametrize("kind", ["race", "object"])
def test_TRT_META_VISION_a_reactor_sees_an_enemy_move_behind_a_wall_within_INT_K(kind):
    """REA-1 with TRT-META-VISION (the engine's sight query, not per caller): the INT 7 neuromancer watches the
    enemy behind the wall 7 K away: it sees it (a reaction window opens for it), with no line of sight and no
    line of fire; 8.5 K away, beyond INT K, it does not; without the trait the wall hides it."""
    from wartime.rules import reactions
    g, a, b = seer(kind)
    p = g.gs.pos(b)
    track = [(p.x, p.y), (p.x, p.y + 1.0)]
    assert not g.gs.has_los(a, b) and g.gs.sees(a, b)
    assert reactions.sight_reason(g.gs, a, b, track) == reactions.BY_SIGHT
    assert reactions.sight_reason(g.gs, a, b, track, memo={}) == reactions.BY_SIGHT
    g2, a2, b2 = seer(kind, x=19.5)
    p2 = g2.gs.pos(b2)
    assert not g2.gs.sees(a2, b2)
    assert reactions.sight_reason(g2.gs, a2, b2, [(p2.x, p2.y), (p2.x, p2.y + 1.0)]) == reactions.NO_LOS
    g3, a3, b3 = seer("none")
    assert not g3.gs.sees(a3, b3) and reactions.sight_reason(g3.gs, a3, b3, track) == reactions.NO_LOS


@pytest.mark.parametrize("INT, hides", [(9, False), (8, True)])
def test_TRT_META_VISION_an_enemy_seeing_through_the_cover_keeps_a_character_from_hiding(INT, hides):
    """GNA-9 with TRT-META-VISION: the hider is 60 % covered by a low wall from the only enemy, 9 K away (edges).
    That enemy with Meta visión and INT 9 sees through the wall: the hider is seen uncovered, hiding is refused
    (GNA-9); with INT 8 the hider is beyond its reach: it hides (ENE 2)."""
    from wartime.core.components import Hidden, Traits
    wall = piece("wall", "low", 11.0, 17, 11.4, 23, height=0.6, blocks_los=True)
    g = Game(M(x=10, y=20, INT=4), M(side="blue", x=20, y=20, facing=180.0, INT=INT), pieces=[wall])
    a, b = g.ids
    g.set(b, Traits(("TRT-META-VISION",)))
    assert g.gs.distance(a, b) == pytest.approx(9.0)
    g.start_activation(a, energy=10)
    if hides:
        g.act(a, "hide")
        assert g.world.has(a, Hidden) and g.energy(a) == 8
    else:
        assert violation(g.act, a, "hide").rule_id == "GNA-9" and g.energy(a) == 10


def test_TRT_META_VISION_Percibir_counts_an_enemy_it_sees_through_a_wall_as_seen():
    """GNA-12: an INT 6 perceiver with Meta visión sees the enemy behind a high wall 5 K away (not hidden): it is
    not an unseen enemy, so a passed Percibir (die 4) finds nothing; without the trait it is found."""
    from wartime.core.components import Traits
    w = piece("w1", "high", 12.0, 17, 12.4, 23, height=1.5, blocks_los=True)
    for carried, found in ((("TRT-META-VISION",), False), ((), True)):
        g = Game(M(x=10, y=20, INT=6), M(side="blue", x=16, y=20), pieces=[w])
        a, b = g.ids
        g.set(a, Traits(carried))
        g.start_activation(a, energy=10)
        g.dice.push(4)
        g.act(a, "perceive")
        assert g.events("perceived")[-1]["found"] == ([b] if found else [])
