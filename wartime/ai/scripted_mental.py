"""The scripted controller's mental combat (CBA-19 / MET-9), hooked into ai/scripted.py: a neuromancer or puppeteer
that a Corromper / Hackear targeted fights back when its exact odds of winning an exchange are at least its odds of
losing it (rules.mental.odds, with the better of its attributes) and the fight leaves it ENE and stress to spare; it
goes on while it is ahead (better odds, or even odds and more stress to spare than its opponent). Every option
comes from the engine (the pending decision's candidates, `check_reaction`); it never reads the opponent's answer
(it is kept secret in the fight until both are in)."""
from __future__ import annotations

from wartime.ai.candidates import legal_reaction_cost, reaction
from wartime.core.components import Stress
from wartime.rules import mental
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.params import CandidateSpace
from wartime.rules.sequence import Decision, Pending

#: the ENE it keeps at least after paying (a deep floor: the fight is an answer to an attack on itself)
FLOOR = -4


def spare(gs, e: int) -> int:
    """Stress it may still take before its stress reaches its VOL (PSI-14)."""
    return gs.base_attrs(e).VOL - gs.world.get(e, Stress).value


def react(match, p: Pending) -> Decision:
    """CBA-19: the answer to a mental combat's question (the offer, or go on?)."""
    gs, engine = match.gs, match.engine
    fight = mental.current(gs)
    e, o = p.actor, p.against
    best = None
    for c in REGISTRY[mental.KEY].candidates(gs, e, CandidateSpace(gs, e, against=o, reaction=True)):
        params = c.build()
        a = params.get("attribute") or fight.attribute(e)
        win, lose = mental.odds(gs, e, a, o, fight.attribute(o))
        d = reaction(p, mental.KEY, **params)
        cost = legal_reaction_cost(engine, d)
        if cost is None or gs.energy(e) - cost < max(FLOOR, fight.floor(e)):
            continue
        if best is None or win - lose > best[0]:
            best = (win - lose, d)
    if best is None or spare(gs, e) <= 1:
        return reaction(p, None)
    edge, d = best
    if edge > 0 or (edge == 0 and spare(gs, e) > spare(gs, o)):
        return d
    return reaction(p, None)
