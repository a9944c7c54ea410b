"""The objective zone of a ``victory = "objective"`` scenario (BLD-22: an adventure sets its own objectives;
rules/objectives.py, the end-of-turn check in rules/turns.py): the side that must reach the zone wins when it ends
a turn with enough able characters on the table there; passengers and casualties do not count; at the turn limit
an objective never held is judged as 'fewer_casualties'."""
from __future__ import annotations

from rules_helpers import Game, M, ride

from wartime.core.components import Life
from wartime.data.models import ObjectiveSpec
from wartime.rules import objectives, riding

ZONE = ((30.0, 10.0), (38.0, 10.0), (38.0, 18.0), (30.0, 18.0))


def _game(*minis, count=2, turn=1, turn_limit=8):
    g = Game(*minis, turn=turn, turn_limit=turn_limit)
    g.gs.victory = "objective"
    objectives.install(g.gs, ObjectiveSpec(name="Road", side="red", count=count, zone=ZONE))
    return g


def test_BLD_22_a_side_ending_a_turn_with_enough_characters_in_the_zone_wins():
    g = _game(M(x=32, y=12), M(x=36, y=16), M(side="blue", x=34, y=14))
    g.engine._end_turn()
    assert g.engine.flow.stage == "over" and g.engine.flow.winner == "red"
    assert g.engine.flow.end_reason == "objective"
    assert g.events("game_over", winner="red", reason="objective")


def test_BLD_22_too_few_in_the_zone_and_the_game_goes_on():
    g = _game(M(x=32, y=12), M(x=20, y=12), M(side="blue", x=34, y=14))
    assert objectives.holders(g.gs) == [g.ids[0]]
    assert objectives.reached(g.gs) is None
    assert objectives.in_zone(g.gs, g.ids[2])            # the defender stands in it too: it counts for nobody


def test_BLD_22_a_base_centre_on_the_edge_counts_and_one_outside_does_not():
    g = _game(M(x=30.0, y=12), M(x=29.6, y=12))
    assert objectives.in_zone(g.gs, g.ids[0]) and not objectives.in_zone(g.gs, g.ids[1])


def test_BLD_22_casualties_and_passengers_do_not_hold_the_zone():
    g = _game(M(x=32, y=12), M(x=34, y=16), M(x=36, y=12), M(side="blue", x=5, y=5), count=2)
    g.set(g.ids[1], Life("incapacitated"))
    ride(g, g.ids[0], capacity=4, size=2.0)
    riding.board(g.gs, g.ids[2], g.ids[0])              # aboard: off the table, inside the zone all the same
    assert objectives.holders(g.gs) == [g.ids[0]] and objectives.reached(g.gs) is None
    riding.alight(g.gs, g.ids[2], (33.0, 14.0))          # MVA-17: off in the zone, it holds it
    assert objectives.holders(g.gs) == [g.ids[0], g.ids[2]] and objectives.reached(g.gs) == "red"


def test_BLD_22_at_the_turn_limit_an_objective_never_held_is_judged_by_casualties():
    g = _game(M(x=5, y=12), M(x=5, y=16), M(side="blue", x=34, y=14), M(side="blue", x=34, y=16),
              turn=8, turn_limit=8)
    g.set(g.ids[3], Life("incapacitated"))
    g.engine._end_turn()
    assert g.engine.flow.winner == "red" and g.engine.flow.end_reason == "fewer_casualties"
