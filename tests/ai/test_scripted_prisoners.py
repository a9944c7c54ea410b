"""Situation tests of the scripted controller in a scenario whose victory counts prisoners (issue 13: it knocks out
instead of killing when the scenario rewards it, CBA-26) and of that victory itself (the turn limit ranks the sides
by prisoners held). Each builds a position with the rule-test helpers and asks the controller for its decision."""
from __future__ import annotations

from types import SimpleNamespace

from tests.rules.rules_helpers import Game, M, blade
from wartime.ai.scripted import ScriptedController
from wartime.rules import holds


def engaged_pair(victory: str) -> Game:
    """A red orc in base contact with a blue one, both with a blade: a melee attack or a knock-out."""
    g = Game(M(side="red", x=10, y=10, facing=0.0, CON=6, AGI=6, weapons=(blade(DMG=4),)),
             M(side="blue", x=11, y=10, facing=180.0, CON=4, AGI=4, weapons=(blade(),)))
    g.gs.victory = victory
    return g


def decide(g: Game, e: int):
    g.start_activation(e, energy=10)
    return ScriptedController().decide(SimpleNamespace(gs=g.gs, engine=g.engine, decisions=[]), g.pending)


def test_CBA_26_scripted_knocks_out_when_the_scenario_counts_prisoners():
    """CBA-26: engaged with a weaker enemy, it knocks it out (Noquear) where prisoners win the game..."""
    g = engaged_pair("prisoners")
    a, b = g.ids
    d = decide(g, a)
    assert (d.action, d.params.get("target")) == ("knock_out", b)


def test_CBA_26_scripted_attacks_to_wound_where_a_prisoner_is_just_a_casualty():
    """... and attacks with its blade where a knocked-out enemy is only one casualty among others."""
    g = engaged_pair("fewer_casualties")
    a, b = g.ids
    d = decide(g, a)
    assert d.action != "knock_out" and d.params.get("target") == b


def test_prisoners_victory_goes_to_the_side_holding_more_prisoners():
    """The 'prisoners' victory: at the turn limit the side holding more knocked-out or tied-up enemies wins, even
    with more casualties of its own."""
    g = Game(M(side="red", x=10, y=10), M(side="red", x=20, y=10, wounds=9),
             M(side="blue", x=11, y=10), M(side="blue", x=30, y=10))
    r1, r2, b1, b2 = g.ids
    g.gs.victory = "prisoners"
    holds.knock_out(g.gs, b1, r1)
    assert holds.prisoners_taken(g.gs, "red") == [b1] and holds.prisoners_taken(g.gs, "blue") == []
    g.engine._finish_at_limit()
    assert (g.engine.flow.winner, g.engine.flow.end_reason) == ("red", "prisoners")
