"""Magia: telekinesis (TRT-MAGIC-TELEKINESIS, issue 16; rules/telekinesis.py, rules/actions/telekinesis.py): a
metahability that moves an inanimate object up to the caster's VOL K, CON (or QUA) at most VOL, never a character;
each case with scripted dice."""
from __future__ import annotations

import math
from dataclasses import replace
from types import SimpleNamespace

import pytest

from rules_helpers import Game, M, piece, ride, violation, weapon
from test_rules_metahabilities import give, mh
from wartime.core.components import Item, Stress
from wartime.data.models import MovableSpec
from wartime.rules import riding, scenery_objects, traits
from wartime.rules.placed import PlacedCharge

TK = "TRT-MAGIC-TELEKINESIS"


def caster_game(con: int = 4, *, vol: int = 5, spell: tuple = ("TRT-INVOCATION", TK), x0: float = 14.0,
                y0: float = 24.0, energy: int = 10, height: float = 40.0) -> Game:
    """A red neuromancer (INT 6, VOL `vol`) at (10, 20) facing east with the spell (ENE 2, RNG 10) as metahability
    0; a blue character at (20, 20) facing it; a high movable truck (2 × 2 K, 2 K tall, CON `con`) with its corner
    at (`x0`, `y0`), off the line between them."""
    g = Game(M(x=10, y=20, INT=6, VOL=vol), M(side="blue", x=20, y=20, facing=180.0),
             pieces=[piece("truck", "high", x0, y0, x0 + 2, y0 + 2, height=2.0, blocks_los=True)], height=height)
    scenery_objects.install(g.gs, SimpleNamespace(terrain=[SimpleNamespace(id="truck", movable=MovableSpec(
        con=con, size="truck"))]))
    give(g, g.ids[0], mh(*spell))
    g.start_activation(g.ids[0], energy=energy)
    return g


def test_TRT_MAGIC_TELEKINESIS_moves_a_piece_up_to_VOL_K_and_it_blocks_the_line_of_sight_there():
    """VOL 5: the truck's centre (15, 25) moves 5 K to (15, 20), between the caster and the blue character: CH INT 6
    passes on 2, ENE 2 spent, and the line of sight between them is now blocked (the board is rebuilt)."""
    g = caster_game()
    a, b = g.ids
    assert g.gs.has_los(a, b) and g.gs.has_los(b, a)
    g.dice.push(2)
    g.act(a, "telekinesis", meta=0, object="scenery:truck", to=[15, 20])
    assert [(c["attribute"], c["target"]) for c in g.checks("ATR")] == [("INT", 6)] and g.all_dice_used()
    assert g.gs.board.piece("truck").polygon.bounds == (14.0, 19.0, 16.0, 21.0) and g.energy(a) == 8
    assert g.events("object_moved")[0]["rule"] == TK
    assert not g.gs.has_los(a, b) and not g.gs.has_los(b, a)


def test_TRT_MAGIC_TELEKINESIS_beyond_VOL_K_or_onto_a_base_or_off_the_board_is_refused():
    g = caster_game()
    a, b = g.ids
    assert violation(g.engine.check_action, a, "telekinesis",
                     {"meta": 0, "object": "scenery:truck", "to": [15, 19.9]}).rule_id == TK          # 5.1 K
    k = caster_game(x0=17.0, y0=22.0)
    assert violation(k.engine.check_action, k.ids[0], "telekinesis",
                     {"meta": 0, "object": "scenery:truck", "to": [20, 21]}).rule_id == TK            # on b's base
    h = caster_game(height=28.0)
    assert violation(h.engine.check_action, h.ids[0], "telekinesis",
                     {"meta": 0, "object": "scenery:truck", "to": [15, 28]}).rule_id == TK            # off the board
    assert g.engine.check_action(a, "telekinesis", {"meta": 0, "object": "scenery:truck", "to": [15, 30]}) == 2


def test_TRT_MAGIC_TELEKINESIS_refuses_an_object_heavier_than_VOL_naming_the_rule():
    """CON 6 against VOL 5: refused, and not offered; CON 5 is fine."""
    g = caster_game(con=6)
    a = g.ids[0]
    err = violation(g.engine.check_action, a, "telekinesis", {"meta": 0, "object": "scenery:truck", "to": [15, 29]})
    assert err.rule_id == TK and "at most 5" in str(err)
    assert not list(g.engine.legal_options("telekinesis"))
    g = caster_game(con=5)
    assert list(g.engine.legal_options("telekinesis"))


def test_TRT_MAGIC_TELEKINESIS_cannot_move_a_character():
    """Usar una metahabilidad on a character (an enemy, the caster) is refused naming the trait, and not offered."""
    g = caster_game()
    a, b = g.ids
    for t in (a, b):
        assert violation(g.engine.check_action, a, "use_metahability", {"meta": 0, "target": t}).rule_id == TK
    assert not list(g.engine.legal_options("use_metahability"))
    assert violation(g.engine.check_action, a, "telekinesis",
                     {"meta": 0, "object": f"character:{b}", "to": [20, 24]}).rule_id == TK


def test_TRT_MAGIC_TELEKINESIS_a_failed_check_moves_nothing_and_a_fumble_is_MET_7():
    """CH INT 6: 9 fails (the ENE is spent, the truck stays); 10 fumbles: a CH PSI (VOL 5) failed on 8 is +1 stress."""
    g = caster_game()
    a = g.ids[0]
    g.dice.push(9)
    g.act(a, "telekinesis", meta=0, object="scenery:truck", to=[15, 20])
    assert g.gs.board.piece("truck").polygon.bounds == (14.0, 24.0, 16.0, 26.0) and g.energy(a) == 8
    assert g.events("metahability_failed") and not g.events("object_moved")
    g = caster_game()
    a = g.ids[0]
    g.dice.push(10, 8)
    g.act(a, "telekinesis", meta=0, object="scenery:truck", to=[15, 20])
    assert g.events("metahability_fumbled")[0]["rule"] == "MET-7" and g.world.get(a, Stress).value == 1
    assert not g.events("object_moved")


def test_TRT_MAGIC_TELEKINESIS_needs_range_sight_and_the_trait():
    """The truck 11 K away is beyond the spell's RNG 10 (MET-2); behind the caster it is out of its FOV (ENV-1);
    a metahability without the trait is not offered the action."""
    g = caster_game(x0=22.0, y0=30.0)
    assert violation(g.engine.check_action, g.ids[0], "telekinesis",
                     {"meta": 0, "object": "scenery:truck", "to": [23, 29]}).rule_id == "MET-2"
    g = caster_game(x0=5.0, y0=19.0)
    assert violation(g.engine.check_action, g.ids[0], "telekinesis",
                     {"meta": 0, "object": "scenery:truck", "to": [6, 16]}).rule_id == "ENV-1"
    g = caster_game(spell=("TRT-INVOCATION", "TRT-MAGIC-CALM"))
    assert not list(g.engine.legal_options("telekinesis"))
    assert violation(g.engine.check_action, g.ids[0], "telekinesis",
                     {"meta": 0, "object": "scenery:truck", "to": [15, 20]}).rule_id == TK


def test_TRT_MAGIC_TELEKINESIS_a_placed_charge_is_moved_and_not_set_off():
    """Blue's operative mine (QUA 3) lying at (13, 20) is moved 4 K to (13, 24): it lies there, still blue's and
    operative, and does not go off (a mini's movement sets it off, not its own); a QUA 6 mine is too heavy."""
    g = caster_game()
    a, b = g.ids
    mine = g.world.create(Item("Mine", at=(13.0, 20.0), weapon=weapon(QUA=3, RNG=1)), PlacedCharge(b, 1, True))
    g.dice.push(2)
    g.act(a, "telekinesis", meta=0, object=f"item:{mine}", to=[13, 24])
    assert g.world.get(mine, Item).at == (13.0, 24.0) and g.world.get(mine, PlacedCharge) == PlacedCharge(b, 1, True)
    assert not g.events("charge_set_off")
    heavy = g.world.create(Item("Big mine", at=(13.0, 16.0), weapon=weapon(QUA=6)), PlacedCharge(b, 1, True))
    assert violation(g.engine.check_action, a, "telekinesis",
                     {"meta": 0, "object": f"item:{heavy}", "to": [13, 18]}).rule_id == TK


def test_TRT_MAGIC_TELEKINESIS_is_fieldable_on_a_metahability_and_costs_5():
    from wartime.data.costs import archetype_cost
    from wartime.data.loader import archetype_from_dict
    assert traits.fielding_problem(TK, "metahability", {TK}) is None
    base = {"id": "s", "kind": "metahability", "name": "S", "ENE": 2, "RNG": 10, "QUA": 4}
    with_ = archetype_from_dict({**base, "traits": [{"name": "Invocación"}, {"name": "Magia: telekinesis"}]})
    without = archetype_from_dict({**base, "traits": [{"name": "Invocación"}]})
    assert archetype_cost(with_) - archetype_cost(without) == 5


@pytest.mark.parametrize("vol", [3, 7])
def test_TRT_MAGIC_TELEKINESIS_reach_and_weight_follow_VOL(vol):
    """VOL 3: a 3 K move is offered at most, CON 4 too heavy; VOL 7: 7 K, CON 4 fine."""
    g = caster_game(vol=vol)
    opts = [o.params for o in g.engine.legal_options("telekinesis")]
    if vol == 3:
        assert opts == []
    else:
        assert opts and max(math.hypot(o["to"][0] - 15, o["to"][1] - 25) for o in opts) == pytest.approx(7)


def test_TRT_MAGIC_TELEKINESIS_the_log_words_the_move():
    """The window's log (match/narrate.py, pure text) words an object_moved event: who moved what, how far, where to."""
    from wartime.match.narrate import describe
    ev = {"type": "object_moved", "rule": "TRT-MAGIC-TELEKINESIS", "who": 1, "object": "scenery:wall",
          "name": "wall_south", "frm": [16.0, 6.75], "to": [16.0, 3.75]}
    line = describe(ev, lambda e: f"Telekinetic {e}")
    assert line.text == "Telekinetic 1 moves the wall_south 3.0 K to (16.0, 3.8) by telekinesis"
    assert line.rule == "TRT-MAGIC-TELEKINESIS"


# --- driverless transports and held items (project ruling, rules/telekinesis.py) -------------------------------------
def parked_game(QUA: int = 4) -> tuple[Game, int]:
    """caster_game, the blue character having left its truck (QUA `QUA`, 2 K across) parked where it stood (20, 20)
    and walked off to (30, 30)."""
    g = caster_game()
    a, b = g.ids
    ride(g, b, QUA=QUA, size=2.0, paid=True)
    t = riding.park(g.gs, b, riding.free_spots(g.gs, b, b)[0])
    g.set(b, replace(g.gs.pos(b), x=30.0, y=30.0))
    return g, t


def test_TRT_MAGIC_TELEKINESIS_moves_a_driverless_transport_up_to_VOL_K():
    """A parked truck is an inanimate object of QUA 4 (no CON) ≤ VOL 5: offered, CH INT 6 passes on 2, its base
    centre moves 5 K from (20, 20) to (20, 15), ENE 2."""
    g, t = parked_game()
    a = g.ids[0]
    assert any(o.params["object"] == f"transport:{t}" for o in g.engine.legal_options("telekinesis"))
    g.dice.push(2)
    g.act(a, "telekinesis", meta=0, object=f"transport:{t}", to=[20, 15])
    assert (g.gs.pos(t).x, g.gs.pos(t).y) == (20.0, 15.0) and g.energy(a) == 8 and g.all_dice_used()
    assert g.events("object_moved")[-1]["object"] == f"transport:{t}"


def test_TRT_MAGIC_TELEKINESIS_a_heavy_transport_or_onto_a_base_is_refused():
    """QUA 6 > VOL 5: refused naming the rule; a QUA 4 truck moved onto the caster's base: refused."""
    g, t = parked_game(QUA=6)
    a = g.ids[0]
    assert violation(g.engine.check_action, a, "telekinesis",
                     {"meta": 0, "object": f"transport:{t}", "to": [20, 16]}).rule_id == TK
    g, t = parked_game()
    assert violation(g.engine.check_action, g.ids[0], "telekinesis",
                     {"meta": 0, "object": f"transport:{t}", "to": [11.5, 20]}).rule_id == TK
    assert g.engine.check_action(g.ids[0], "telekinesis", {"meta": 0, "object": f"transport:{t}", "to": [20, 16]}) == 2


def test_TRT_MAGIC_TELEKINESIS_a_held_item_is_not_taken_from_its_holder():
    """A knife the blue character holds (an item entity with a holder) is refused naming the rule (held), and not
    offered; dropped on the ground, the same knife is offered."""
    g = caster_game()
    a, b = g.ids
    n = g.world.create(Item("Knife", holder=b, weapon=weapon(QUA=2, RNG=0)))
    err = violation(g.engine.check_action, a, "telekinesis", {"meta": 0, "object": f"item:{n}", "to": [20, 22]})
    assert err.rule_id == TK and "held" in str(err)
    assert not any(o.params["object"] == f"item:{n}" for o in g.engine.legal_options("telekinesis"))
    g.set(n, replace(g.world.get(n, Item), holder=None, at=(19.0, 20.0)))
    assert any(o.params["object"] == f"item:{n}" for o in g.engine.legal_options("telekinesis"))


def test_TRT_MAGIC_TELEKINESIS_a_piece_bearing_a_mini_is_not_moved():
    """Project ruling (scenery_objects.borne_by): the truck with the blue character climbing it is refused, naming the
    rule, and not among the reachable objects; off it, the truck moves."""
    from wartime.core.components import Climbing
    from wartime.rules.actions.telekinesis import reachable
    from wartime.rules import telekinesis as tk
    g = caster_game()
    a, b = g.ids
    g.set(b, Climbing("truck", 1.0))
    assert violation(g.engine.check_action, a, "telekinesis", {"meta": 0, "object": "scenery:truck",
                                                               "to": [15, 20]}).rule_id == TK
    assert [t.ref for mv in tk.movers(g.gs, a) for t in reachable(g.gs, a, mv)] == []
    g.world.remove(b, Climbing)
    g.dice.push(2)
    g.act(a, "telekinesis", meta=0, object="scenery:truck", to=[15, 20])
    assert g.events("object_moved")[0]["object"] == "scenery:truck"
