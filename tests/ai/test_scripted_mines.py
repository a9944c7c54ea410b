"""Situation tests of the scripted controller's mines (ai/scripted_mines.py: GNA-15 bombs, TRT-REMOTE-CONTROL): it
lays a bomb facing an enemy that may come, sets off a remote charge when the blast hits enemies and no ally, and is
inert for a character without bombs."""
from __future__ import annotations

from types import SimpleNamespace

from tests.rules.rules_helpers import Game, M, weapon
from tests.rules.test_rules_traits_mines import laid, mine, remote
from wartime.ai.scripted import ScriptedController
from wartime.ai.scripted_mines import mines_act


def decide(g: Game):
    return ScriptedController().decide(SimpleNamespace(gs=g.gs, engine=g.engine, decisions=[]), g.pending)


def test_GNA_15_scripted_lays_a_bomb_facing_an_enemy_that_may_come():
    """An enemy 9 K away: the sapper drops its mine facing it (the mine lies between them)."""
    g = Game(M(x=10, y=20, weapons=(mine(), weapon(key="carbine"))), M(side="blue", x=20, y=24, facing=180.0))
    a, b = g.ids
    g.start_activation(a, energy=6)
    d = decide(g)
    assert (d.action, d.params) == ("drop_item", {"item": "weapon:0"})
    assert abs(d.facing - 21.8014) < 1e-3


def test_GNA_15_scripted_lays_no_bomb_when_the_enemy_is_far_or_without_one():
    g = Game(M(x=10, y=20, weapons=(mine(), weapon(key="carbine"))), M(side="blue", x=35, y=20, facing=180.0))
    g.start_activation(g.ids[0], energy=6)
    assert decide(g).action != "drop_item"
    g = Game(M(x=10, y=20, weapons=(weapon(key="carbine"),)), M(side="blue", x=20, y=20, facing=180.0))
    g.start_activation(g.ids[0], energy=6)
    assert mines_act(SimpleNamespace(gs=g.gs, engine=g.engine), g.pending) is None


def test_TRT_REMOTE_CONTROL_scripted_sets_off_a_charge_under_enemies_only():
    """A blue mini 1.4 K from the charge, the sapper 15 K away: it sets it off; with a red ally beside the charge too
    (one enemy, one ally), it does not."""
    g, c = laid(remote(), M(side="blue", x=12.5, y=20, facing=180.0))
    a = g.ids[0]
    g.start_activation(a, energy=6)
    d = mines_act(SimpleNamespace(gs=g.gs, engine=g.engine), g.pending)
    assert (d.action, d.params) == ("set_off_charge", {"item": c})
    g, c = laid(remote(), M(side="blue", x=12.5, y=20, facing=180.0), M(x=10.6, y=21.6))
    g.start_activation(g.ids[0], energy=6)
    d = mines_act(SimpleNamespace(gs=g.gs, engine=g.engine), g.pending)
    assert d is None or d.action != "set_off_charge"
