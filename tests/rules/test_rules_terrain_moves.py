"""Movement over terrain (MVA-7, MVA-8, MVA-10..14): moving silently, carrying, climbing, swimming, long jumps,
jumping up and the 180° turn, with the scenario elements they need (water, climbable walls)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from rules_helpers import Game, M, armour, piece, violation
from wartime.core.components import Climbing, Position, SilentArrival
from wartime.rules.actions.terrain_moves import jump_up_multiplier, load_level, long_jump_max


def climbable(*args, **kw):
    return replace(piece(*args, **kw), climbable=True)


def at(g: Game, e: int, level: int) -> None:
    p = g.gs.pos(e)
    g.set(e, Position(p.x, p.y, p.facing, level))


# --- MVA-7 -------------------------------------------------------------------------------------------------------
def test_MVA_7_move_silently_costs_2_and_makes_no_noise():
    """MVA-7: MOV 4 on easy terrain: ENE 2, a path up to 4 K, no noise (ENV-7): an enemy 5 K away that hears a
    Mover of 4 K (8 K of noise) hears nothing; the mover arrived silently (CBA-11 reads it)."""
    g = Game(M(x=10, y=20, mov=4), M(side="blue", x=20, y=20, facing=180.0))
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert [o.key for o in g.engine.legal_options("move_silently")][:1] == ["move_silently"]
    assert violation(g.act, a, "move_silently", path=[[14.5, 20]]).rule_id == "MOV-3"
    g.act(a, "move_silently", path=[[14, 20]])
    assert g.energy(a) == 8 and g.pos(a) == (14, 20)
    ev = g.events("moved")[-1]
    assert ev["rule"] == "MVA-7" and ev["noise"] == 0.0 and ev["heard_by"] == []
    assert not g.events("noise")
    assert g.world.has(a, SilentArrival)
    g.act(a, "move", path=[[14, 16]])                     # a noisy move (8 K): heard, no longer silent
    assert g.events("moved")[-1]["heard_by"] == [b] and not g.world.has(a, SilentArrival)


def test_MVA_7_the_silent_arrival_lapses_at_the_end_of_the_activation():
    """MVA-7 / CBA-11: the silent arrival counts within the mover's activation only."""
    g = Game(M(x=10, y=20, mov=4), M(side="blue", x=30, y=30))
    a, _ = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "move_silently", path=[[12, 20]])
    assert g.world.has(a, SilentArrival)
    g.act(a, "end")
    assert not g.world.has(a, SilentArrival)


def test_MVA_7_a_prone_character_cannot_move_silently():
    g = Game(M(x=10, y=20, mov=4, posture="prone"), M(side="blue", x=30, y=30))
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "move_silently", {"path": [[11, 20]]}).rule_id == "MVA-5"


# --- MVA-11 ------------------------------------------------------------------------------------------------------
LAKE = dict(pieces=[piece("lake", "water", 12, 10, 30, 30)])


@pytest.mark.parametrize("die, end", [(6, (15.0, 20.0)), (1, (16.0, 20.0)), (7, (11.0, 20.0))])
def test_MVA_11_swim(die, end):
    """MVA-11: MOV 4, AGI 6 at the water's edge, a swim declared 5 K long: die 6 swims 4 K (the path is cut at
    MOV); die 1 (critical) 5 K; die 7 stays in place with ENE 2 spent."""
    g = Game(M(x=11, y=20, AGI=6, mov=4), M(side="blue", x=35, y=35), **LAKE)
    a, _ = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(die)
    g.act(a, "swim", path=[[16, 20]])
    assert g.energy(a) == 8 and g.pos(a) == pytest.approx(end)
    assert g.check("ATR")["target"] == 6
    if die == 7:
        assert g.events("no_progress", action="swim") and not g.events("moved")


def test_MVA_11_water_is_entered_only_by_swimming():
    """MVA-11: a Mover into water is refused (it needs Nadar); Nadar on dry land is refused; the engine offers
    Nadar at the water's edge; a swimmer leaves the water with Nadar."""
    g = Game(M(x=11, y=20, mov=4), M(x=5, y=5, mov=4), M(side="blue", x=35, y=35), **LAKE)
    a, b, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "move", path=[[13, 20]]).rule_id == "MVA-11"
    assert "swim" in g.engine.pending.options and g.engine.legal_options("swim")
    g.dice.push(3)
    g.act(a, "swim", path=[[14, 20]])
    assert violation(g.act, a, "move", path=[[10, 20]]).rule_id == "MVA-11"     # still in water
    g.dice.push(3)
    g.act(a, "swim", path=[[10.5, 20]])
    assert g.pos(a) == (10.5, 20)
    g.start_activation(b, energy=10)
    assert violation(g.engine.check_action, b, "swim", {"path": [[7, 5]]}).rule_id == "MVA-11"


def test_MVA_11_loader_accepts_water_and_rejects_climbable_water(tmp_path):
    """MVA-11 / MVA-10: the scenario format has a `water` kind; `climbable` is for obstacles only, with defaults
    true for low and high obstacles and false for blocking pieces."""
    from wartime.core.errors import DataError
    from wartime.data.loader import load_scenario
    base = ('format = 1\ntype = "scenario"\nname = "T"\npoints_limit = 100\nturn_limit = 3\n'
            'victory = "elimination"\n[board]\nwidth = 20\nheight = 20\n'
            '[deployment.red]\nrect = [0, 0, 20, 3]\n[deployment.blue]\nrect = [0, 17, 20, 20]\n')
    ok = tmp_path / "ok.toml"
    ok.write_text(base + '[[terrain]]\nid = "pond"\nkind = "water"\nrect = [5, 5, 9, 9]\n'
                  '[[terrain]]\nid = "wall"\nkind = "high"\nrect = [10, 5, 11, 9]\n'
                  '[[terrain]]\nid = "house"\nkind = "blocking"\nheight = 3\nclimbable = true\nrect = [12, 5, 15, 9]\n'
                  '[[terrain]]\nid = "keep"\nkind = "blocking"\nrect = [16, 5, 18, 9]\n')
    sc = load_scenario(ok, allow_outside=True)
    assert [(t.kind, t.climbable) for t in sc.terrain] == [("water", False), ("high", True), ("blocking", True),
                                                           ("blocking", False)]
    bad = tmp_path / "bad.toml"
    bad.write_text(base + '[[terrain]]\nid = "pond"\nkind = "water"\nclimbable = true\nrect = [5, 5, 9, 9]\n')
    with pytest.raises(DataError) as exc:
        load_scenario(bad, allow_outside=True)
    assert "terrain[0].climbable" in str(exc.value)


# --- MVA-10 ------------------------------------------------------------------------------------------------------
CLIFF = climbable("cliff", "high", 11, 10, 14, 30, height=6.0, blocks_los=True)


@pytest.mark.parametrize("die, height", [(5, 4.0), (1, 5.0), (6, 0.0)])
def test_MVA_10_climb(die, height):
    """MVA-10: MOV 4, AGI 5 at the foot of a 6 K cliff: die 5 climbs 4 K (clinging, its base 4 K up); die 1
    (critical) 5 K; die 6 makes no progress. ENE 3 each time, no terrain surcharge."""
    g = Game(M(x=10.5, y=20, AGI=5, mov=4), M(side="blue", x=35, y=35), pieces=[CLIFF])
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert [o.params for o in g.engine.legal_options("climb")] == [{"piece": "cliff"}]
    g.dice.push(die)
    g.act(a, "climb", piece="cliff")
    assert g.energy(a) == 7 and g.check("ATR")["target"] == 5
    assert g.gs.elevation(a) == height
    assert g.world.try_get(a, Climbing) == (Climbing("cliff", height) if height else None)


def test_MVA_10_a_fumble_falls_from_the_height_reached():
    """MVA-10: 2 K up the wall with model height 1 K, die 10 makes it fall 2 K (MVA-9 table: DMG 0); it is back
    on the ground at the foot."""
    g = Game(M(x=10.5, y=20, AGI=5, mov=2), M(side="blue", x=35, y=35), pieces=[CLIFF])
    a, _ = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(5)
    g.act(a, "climb", piece="cliff")
    assert g.world.get(a, Climbing) == Climbing("cliff", 2.0)
    g.dice.push(10)
    g.act(a, "climb", piece="cliff")
    assert g.events("fall")[-1]["drop"] == 2.0 and g.events("fall")[-1]["dmg"] == 0
    assert not g.world.has(a, Climbing) and g.gs.elevation(a) == 0.0 and g.wounds(a) == 0


def test_MVA_10_a_climber_moves_only_by_climbing_or_dropping():
    """MVA-10: clinging part-way it cannot walk away (Escalar or Dejarse caer, MVA-9: from 2 K, DMG 0); a
    character not touching a climbable surface cannot climb; a blocking piece not marked climbable is not
    climbable."""
    keep = piece("keep", "blocking", 20, 10, 24, 14, height=10.0, blocks_los=True)
    g = Game(M(x=10.5, y=20, mov=2), M(x=19.5, y=12, mov=2), M(side="blue", x=35, y=35), pieces=[CLIFF, keep])
    a, b, _ = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(5)
    g.act(a, "climb", piece="cliff")
    assert violation(g.act, a, "move", path=[[8, 20]]).rule_id == "MVA-10"
    assert {"to": [10.5, 20]} in [o.params for o in g.engine.legal_options("drop_down")]
    g.act(a, "drop_down", to=[10.5, 20])
    assert not g.world.has(a, Climbing) and g.events("fall")[-1]["drop"] == 2.0
    g.act(a, "move", path=[[9, 20]])
    assert violation(g.engine.check_action, a, "climb", {"piece": "cliff"}).rule_id == "MVA-10"
    g.start_activation(b, energy=10)
    assert violation(g.engine.check_action, b, "climb", {"piece": "keep"}).rule_id == "MVA-10"


def test_MVA_10_climbing_onto_a_3_K_roof_makes_a_perch():
    """MVA-10 / MOV-10: reaching the top of a 3 K house whose roof holds the base puts the climber on it at
    level 2 (a perch), its base just inside the edge; it gets down with Dejarse caer (3 K: DMG 4)."""
    house = climbable("house", "blocking", 11, 10, 15, 14, height=3.0, blocks_los=True)
    g = Game(M(x=10.5, y=12, AGI=5, mov=3, CON=9), M(side="blue", x=35, y=35), pieces=[house])
    a, _ = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(4)
    g.act(a, "climb", piece="house")
    assert g.gs.pos(a).level == 2 and g.pos(a) == pytest.approx((11.5, 12), abs=1e-3)
    assert not g.world.has(a, Climbing) and g.gs.elevation(a) == 3.0
    assert g.events("on_top")[-1]["level"] == 2
    g.dice.push(5, 1)                                      # CH DEF, CH PSI
    g.act(a, "drop_down", to=[10.45, 12])
    assert g.gs.pos(a).level == 1 and g.events("fall")[-1]["dmg"] == 4


@pytest.mark.rules("MVA-9", "MOV-9")
def test_MVA_10_over_a_thin_wall_and_down_the_far_side():
    """MVA-10 / MOV-9: a 1.5 K wall 0.4 K thick needs Escalar; MOV 2 reaches the top (it stays on the wall, 1.5 K
    up); Dejarse caer lands beyond the far face (1.5 K, DMG 0)."""
    wall = piece("wall", "high", 11, 10, 11.4, 30, height=1.5, blocks_los=True)
    g = Game(M(x=10.5, y=20, AGI=5, mov=2), M(side="blue", x=35, y=35), pieces=[replace(wall, climbable=True)])
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "move", path=[[12.5, 20]]).rule_id == "MOV-9"
    g.dice.push(5)
    g.act(a, "climb", piece="wall")
    assert g.world.get(a, Climbing) == Climbing("wall", 1.5) and g.events("climb")[-1]["top"]
    assert violation(g.engine.check_action, a, "climb", {"piece": "wall"}).rule_id == "MVA-10"
    spots = [o.params["to"] for o in g.engine.legal_options("drop_down")]
    assert [10.5, 20] in spots and [11.95, 20.0] in spots
    g.act(a, "drop_down", to=[11.95, 20])
    assert g.pos(a) == (11.95, 20) and g.events("fall")[-1]["dmg"] == 0 and g.gs.elevation(a) == 0.0


# --- MVA-13 ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("agi, mult", [(3, 0.5), (4, 1.0), (5, 1.5), (6, 2.0), (7, 2.0), (8, 3.0)])
def test_MVA_13_the_height_multiplier(agi, mult):
    assert jump_up_multiplier(agi) == mult


CRATE = climbable("crate", "high", 11, 18, 14, 22, height=2.0, blocks_los=True)


def test_MVA_13_a_helper_adds_half_the_height():
    """MVA-13: model height 1 K, AGI 5: it reaches 1.5 K, so a 2 K crate needs a critical (die 1) or a standing
    ally in base contact (× 2: 2 K): die 5 then gets it onto the crate, for ENE 3; the helper spends nothing."""
    g = Game(M(x=10.5, y=20, AGI=5), M(x=10.5, y=21.02), M(side="blue", x=35, y=35), pieces=[CRATE])
    a, h, _ = g.ids
    g.start_activation(a, energy=10)
    assert g.engine.legal_options("jump_up")
    g.dice.push(5)
    g.act(a, "jump_up", piece="crate")
    ev = g.events("jump_up")[-1]
    assert ev["reach"] == 2.0 and ev["helper"] == h and ev["success"]
    assert g.world.get(a, Climbing) == Climbing("crate", 2.0) and g.gs.elevation(a) == 2.0 and g.energy(a) == 7
    assert g.gs.energy(h) == 10
    assert g.pos(a) == pytest.approx((11.5, 20), abs=1e-3)


@pytest.mark.parametrize("die, success", [(5, False), (1, True), (7, False)])
def test_MVA_13_alone_a_2_K_crate_needs_a_critical(die, success):
    """MVA-13: AGI 5 alone reaches 1.5 K: die 5 passes but falls short (it stays at the foot), die 1 adds 1 K
    (2.5 K: on the crate), die 7 fails (at the foot, no damage)."""
    g = Game(M(x=10.5, y=20, AGI=5), M(side="blue", x=35, y=35), pieces=[CRATE])
    a, _ = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(die)
    g.act(a, "jump_up", piece="crate")
    assert g.events("jump_up")[-1]["success"] is success
    assert g.world.has(a, Climbing) is success and g.wounds(a) == 0 and g.energy(a) == 7


def test_MVA_13_a_top_out_of_reach_is_refused():
    """MVA-13: a 3 K wall is beyond AGI 5's 1.5 K even with the critical's 1 K; AGI 7 reaches 2 K (3 K with the
    critical) and may try."""
    wall = climbable("wall", "high", 11, 10, 14, 30, height=3.0, blocks_los=True)
    g = Game(M(x=10.5, y=20, AGI=5), M(x=10.5, y=15, AGI=7), M(side="blue", x=35, y=35), pieces=[wall])
    a, b, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "jump_up", {"piece": "wall"}).rule_id == "MVA-13"
    g.start_activation(b, energy=10)
    assert g.engine.check_action(b, "jump_up", {"piece": "wall"}) == 3


# --- MVA-12 ------------------------------------------------------------------------------------------------------
def test_MVA_12_the_longest_jump_by_AGI():
    """MVA-12: MOV 4: AGI 3 jumps 4 K, AGI 5 8 K, AGI 7 12 K, AGI 8 16 K."""
    g = Game(*(M(x=5 + 3 * i, y=5, AGI=agi, mov=4) for i, agi in enumerate((3, 5, 7, 8))))
    assert [long_jump_max(g.gs, e) for e in g.ids] == [4.0, 8.0, 12.0, 16.0]


def test_MVA_12_a_long_jump_clears_a_stream():
    """MVA-12: MOV 4, AGI 5: an 8 K jump over a stream lands (die 5) for ENE 3 and no surcharge; a 9 K jump needs
    the critical (die 6: it stays on the bank); a landing in the water is refused."""
    stream = piece("stream", "water", 12, 0, 16, 40)
    g = Game(M(x=10, y=20, AGI=5, mov=4), M(side="blue", x=35, y=35), pieces=[stream])
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert g.engine.legal_options("long_jump")
    assert violation(g.engine.check_action, a, "long_jump", {"to": [14, 20]}).rule_id == "MVA-12"
    assert violation(g.engine.check_action, a, "long_jump", {"to": [19.5, 20]}).rule_id == "MVA-12"
    g.dice.push(6)
    g.act(a, "long_jump", to=[19, 20])
    assert g.pos(a) == (10, 20) and not g.events("long_jump")[-1]["success"] and g.energy(a) == 7
    g.dice.push(5)
    g.act(a, "long_jump", to=[18, 20])
    assert g.pos(a) == (18, 20) and g.energy(a) == 4


@pytest.mark.parametrize("die", [5, 6])
def test_MVA_12_roof_to_roof(die):
    """MVA-12: from a 3 K roof across a 2 K alley to another: die 5 lands on the far roof (level 2); die 6 falls
    into the gap, 3 K with model height 1 K (DMG 4), landing at the foot of the take-off roof."""
    r1 = piece("r1", "blocking", 5, 10, 12, 30, height=3.0, blocks_los=True)
    r2 = piece("r2", "blocking", 14, 10, 20, 30, height=3.0, blocks_los=True)
    g = Game(M(x=11, y=20, AGI=5, mov=2, CON=9), M(side="blue", x=35, y=35), pieces=[r1, r2])
    a, _ = g.ids
    at(g, a, 2)
    g.start_activation(a, energy=10)
    g.dice.push(die, 5, 1)                                 # CH AGI, then on a fall CH DEF and CH PSI
    g.act(a, "long_jump", to=[15, 20])
    if die == 5:
        assert g.gs.pos(a).level == 2 and g.pos(a) == (15, 20)
    else:
        assert g.gs.pos(a).level == 1 and g.pos(a) == pytest.approx((12.55, 20))
        assert g.events("fall")[-1]["drop"] == 3.0 and g.events("fall")[-1]["dmg"] == 4


def test_MVA_12_no_long_jump_while_engaged():
    g = Game(M(x=10, y=20, mov=4), M(side="blue", x=11.01, y=20, facing=180.0))
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "long_jump", {"to": [6, 20]}).rule_id == "MVA-12"


# --- MVA-14 ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("die, turned", [(3, True), (4, False)])
def test_MVA_14_180_turn(die, turned):
    """MVA-14: CON 5, AGI 4, MOV 5 on easy terrain: up to 9 K in a straight line for ENE 4; CH AGI target 3
    (4 − D 1): die 3 turns back (facing 180°), die 4 does not (facing 0°)."""
    g = Game(M(x=5, y=20, CON=5, AGI=4, mov=5), M(side="blue", x=35, y=35))
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert g.engine.legal_options("turn_180")
    assert violation(g.engine.check_action, a, "turn_180", {"path": [[14.5, 20]]}).rule_id == "MOV-3"
    g.dice.push(die)
    g.act(a, "turn_180", path=[[14, 20]])
    assert g.check("ATR")["target"] == 3 and g.energy(a) == 6 and g.pos(a) == (14, 20)
    assert g.gs.pos(a).facing == (180.0 if turned else 0.0)


def test_MVA_14_a_fumble_deals_the_K_moved():
    """MVA-14: die 10 after 9 K: no turn and DMG 9, an automatic hit with a normal CH DEF (DEF 3, die 2 passes:
    9 − 3 = 6 wounds, CON 9 survives)."""
    g = Game(M(x=5, y=20, CON=9, AGI=4, mov=5, protections=(armour(3),)), M(side="blue", x=35, y=35))
    a, _ = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(10, 2, 1)                               # CH AGI, CH DEF, CH PSI
    g.act(a, "turn_180", path=[[14, 20]])
    assert g.gs.pos(a).facing == 0.0 and g.wounds(a) == 6 and not g.checks("IMP")


def test_MVA_14_target_and_terrain():
    """MVA-14: CON 3, AGI 6: D = max(1, −3) = 1, target 5 on easy ground (ENE 4); over difficult ground −1 more
    (target 4) and ENE 5; the line must be straight; a MOV 3 character cannot."""
    mud = piece("mud", "difficult", 8, 0, 9, 40)
    g = Game(M(x=3, y=20, CON=3, AGI=6, mov=4), M(x=5, y=10, mov=3), M(side="blue", x=35, y=35), pieces=[mud])
    a, b, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "turn_180", {"path": [[5, 20], [5, 22]]}).rule_id == "MVA-14"
    g.dice.push(9)
    g.act(a, "turn_180", path=[[7, 20]])
    assert g.check("ATR")["target"] == 5 and g.energy(a) == 6
    g.dice.push(9)
    g.act(a, "turn_180", path=[[12, 20]])
    assert g.checks("ATR")[-1]["target"] == 4 and g.energy(a) == 1
    g.start_activation(b, energy=10)
    assert violation(g.engine.check_action, b, "turn_180", {"path": [[6, 10]]}).rule_id == "MVA-14"


# --- MVA-8 -------------------------------------------------------------------------------------------------------
def test_MVA_8_the_load_sets_a_minimum_terrain():
    """MVA-8 ruling (3): CON 5 → CON/2 = 3 (book rounding)."""
    assert [load_level(x, 5) for x in (3, 4, 5, 6)] == [1, 2, 2, None]


@pytest.mark.parametrize("load, cost", [(3, 2), (5, 3)])
def test_MVA_8_carrying_costs_by_load(load, cost):
    """MVA-8: CON 6 on easy terrain: an incapacitated enemy of CON 3 costs ENE 2 (at least difficult), of CON 5
    ENE 3 (at least extreme); the load moves with the carrier, staying in contact; the engine offers it."""
    g = Game(M(x=10, y=20, CON=6, mov=3), M(side="blue", x=11.02, y=20, CON=load, wounds=load))
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert any(o.params.get("target") == b for o in g.engine.legal_options("move_carrying"))
    g.act(a, "move_carrying", target=b, path=[[10, 23]])
    assert g.energy(a) == 10 - cost and g.pos(a) == (10, 23) and g.pos(b) == pytest.approx((11.02, 23))
    assert g.events("carried")[-1]["load"] == b


def test_MVA_8_a_heavy_load_needs_helpers():
    """MVA-8: a load of 7 is refused to a CON 6 carrier alone; two CON 4 allies carry it, each paying ENE 2 (at
    least difficult), moving together."""
    g = Game(M(x=10, y=20, CON=4, mov=3), M(x=12.04, y=20, CON=4, mov=3), M(x=11.02, y=20, CON=7, wounds=7),
             M(x=11.02, y=21.04, CON=6, mov=3), M(side="blue", x=35, y=35))
    a, h, body, c, _ = g.ids
    g.start_activation(c, energy=10)
    assert violation(g.engine.check_action, c, "move_carrying",
                     {"target": body, "path": [[11.02, 23]]}).rule_id == "MVA-8"
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "move_carrying",
                     {"target": body, "path": [[10, 17]]}).rule_id == "MVA-8"
    assert violation(g.engine.check_action, a, "move_carrying",
                     {"target": body, "helpers": [g.ids[4]], "path": [[10, 17]]}).rule_id == "MVA-8"
    g.act(a, "move_carrying", target=body, helpers=[h], path=[[10, 17]])
    assert g.energy(a) == 8 and g.gs.energy(h) == 8
    assert g.pos(a) == (10, 17) and g.pos(h) == pytest.approx((12.04, 17)) and g.pos(body) == pytest.approx((11.02, 17))


@pytest.mark.parametrize("key, heard", [("move", True), ("move_silently", False)])
def test_MVA_7_no_enemy_reacts_to_a_silent_move_by_hearing_it(key, heard):
    """MVA-7 / REA-8: an enemy 5 K away facing away (the mover is out of its FOV) may react to a Mover of 4 K,
    which it hears (8 K of noise); after Mover sin hacer ruido no reaction window opens for it."""
    g = Game(M(x=10, y=20, mov=4), M(side="blue", x=20, y=20, facing=0.0))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, key, path=[[14, 20]])
    after = [ev for ev in g.events("reaction_window") if ev.get("window") == "after"]
    if heard:
        assert after[-1]["candidates"] == [{"who": b, "by": "noise"}]
        assert g.pending.kind == "react" and g.pending.actor == b
    else:
        assert not any(c["who"] == b for ev in after for c in ev["candidates"])
        assert g.pending is None or g.pending.kind != "react"
