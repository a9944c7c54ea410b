"""The scripted controller's possession (CBA-21, MET-10, PSI-17), hooked into ai/scripted.py: a neuromancer or
puppeteer possesses an enemy the engine lets it (stress at least its VOL, or marked) when it keeps ENE to use it,
then makes it act once per activation; the possessed itself acts by the ordinary plan (its enemies are its own
side while it is possessed). Inert for a character the engine offers neither action (no Neuromante / Titiritero):
both keys are then absent from `Pending.options`. Equipment (CBA-21) and keeping (MET-6): ai/scripted_possess_gear.py."""
from __future__ import annotations

from wartime.ai.scripted_possess_gear import handle, keep, take_transport
from wartime.ai.candidates import action, legal_cost
from wartime.rules import possession
from wartime.rules.actions.metahability import CommandPossessed, Possess
from wartime.rules.sequence import Decision, Pending

#: ENE the possessor keeps after Poseer, for the possessed to act with (Mover 1 + an attack).
KEEP = 3


def commanded_this_activation(gs, e: int) -> bool:
    """Whether the possessed already acted for `e` in this activation (scanning back to its start)."""
    for ev in reversed(gs.world.events):
        if ev["type"] == "activation_start" and ev.get("who") == e:
            return False
        if ev["type"] == "possessed_acting" and ev.get("possessor") == e:
            return True
    return False


def possess_act(match, p: Pending) -> Decision | None:
    """CBA-21: make a possessed character act (once per activation), else possess the first enemy the engine
    accepts; None: nothing to do here (the scripted plan goes on)."""
    gs, engine = match.gs, match.engine
    e = p.actor
    d = keep(match, p, KEEP) or handle(match, p)   # MET-6; CBA-21
    if d is not None:
        return d
    if CommandPossessed.key in p.options and gs.energy(e) >= 2 and not commanded_this_activation(gs, e):
        for t in possession.possessed_by(gs, e):
            d = action(p, CommandPossessed.key, target=t)
            if legal_cost(engine, d) is not None:
                return d
    if Possess.key in p.options and gs.energy(e) - 3 >= KEEP:
        for t in gs.enemies(e):
            d = action(p, Possess.key, target=t)
            if legal_cost(engine, d) is not None:
                return d
    return take_transport(match, p, KEEP)                # MET-8, CBA-21: an enemy transport
