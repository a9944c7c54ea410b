"""Situation tests of the scripted controller's mental combat (CBA-19 / MET-9, ai/scripted_mental.py): a puppeteer
hacked by a neuromancer fights back when its odds are good, goes on while ahead, and declines otherwise."""
from __future__ import annotations

from types import SimpleNamespace

from tests.rules.rules_helpers import Game, M
from wartime.ai.scripted import ScriptedController
from wartime.core.components import Metahabilities, Metahability, Traits
from wartime.rules import mental

BINDING = Metahability("calm", "Calm", 2, 10, 4, "TRT-BINDING", ("TRT-BINDING", "TRT-MAGIC-CALM"), ())


def offered(target_vol: int, corrupter_int: int = 5) -> tuple[Game, int, int]:
    """A red neuromancer (INT `corrupter_int`) hacks a blue puppeteer (VOL `target_vol`) and misses: the offer."""
    g = Game(M(x=10, y=20, INT=corrupter_int, VOL=7),
             M(side="blue", x=14, y=20, facing=180.0, VOL=target_vol, energy=10))
    a, b = g.ids
    g.set(a, Traits(("TRT-NEUROMANCER",)))
    g.set(b, Traits(()), Metahabilities((BINDING,)))
    g.start_activation(a, energy=10)
    g.dice.push(9)
    g.declare(a, "corrupt", target=b, attribute="INT")
    while g.pending.window != mental.MENTAL_WINDOW:
        g.react(g.pending.actor)
    return g, a, b


def decide(g: Game):
    return ScriptedController().decide(SimpleNamespace(gs=g.gs, engine=g.engine, decisions=[]), g.pending)


def test_CBA_19_scripted_fights_back_with_good_odds_and_declines_with_bad():
    g, a, b = offered(target_vol=8, corrupter_int=5)
    d = decide(g)
    assert (d.actor, d.action, d.params) == (b, "mental_combat", {"attribute": "VOL"})
    g, a, b = offered(target_vol=4, corrupter_int=8)
    assert decide(g).action is None


def test_CBA_19_scripted_goes_on_while_ahead_and_stops_when_behind():
    g, a, b = offered(target_vol=8, corrupter_int=5)
    g.dice.push(9, 9)                                   # nobody wins the first exchange
    g.engine.submit(decide(g))
    p = g.pending
    assert p.actor == a and p.window == mental.MENTAL_WINDOW
    assert decide(g).action is None                     # the corrupter (INT 5 against VOL 8) is behind: it stops
    g.engine.submit(decide(g))
    assert decide(g).action == "mental_combat"          # the puppeteer is ahead: it goes on
