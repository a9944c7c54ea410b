"""The scripted controller's metahabilities (MET-2, MET-6, CBA-20, TRT-PSYCHIC-ENERGY), hooked into
ai/scripted.py: maintain what it cast last turn when it can afford it, draw psychic energy when low, cast the
metahability whose effect helps most (an enemy not yet under a hostile effect, an ally not yet under a friendly
one, an ally freed from an enemy effect), and counter an enemy neuromancer's CH INT. Every option comes from the
engine (the offered keys, the action's candidates, `check_action` / `check_reaction`); what a metahability does
comes from rules.metahabilities.preview."""
from __future__ import annotations

from wartime.ai.candidates import action, by_rule, legal_cost, legal_reaction_cost, reaction
from wartime.core.components import Stress
from wartime.rules import metahabilities as meta
from wartime.rules import scattered_shots
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.params import CandidateSpace
from wartime.rules.odds import p_pass
from wartime.rules.sequence import Decision, Pending

#: ENE it keeps after a metahability (a reaction or a cheap move later).
KEEP = 1


def act(match, p: Pending) -> Decision | None:
    """MET-6, TRT-PSYCHIC-ENERGY, MET-2 in that order; None: nothing worth it (the scripted plan goes on)."""
    gs, engine = match.gs, match.engine
    e = p.actor
    key = by_rule(p, "MET-6")
    if key is not None:
        for c in REGISTRY[key].candidates(gs, e, CandidateSpace(gs, e)):
            d = action(p, key, **c.build())
            cost = legal_cost(engine, d)
            if cost is not None and gs.energy(e) - cost >= KEEP:
                return d
    key = by_rule(p, "TRT-PSYCHIC-ENERGY")
    if key is not None and gs.energy(e) <= 4 and gs.world.get(e, Stress).value + 2 < gs.base_attrs(e).VOL:
        d = action(p, key)
        if legal_cost(engine, d) is not None:
            return d
    key = by_rule(p, "MET-2")
    if key is None:
        return None
    best = None
    for c in REGISTRY[key].candidates(gs, e, CandidateSpace(gs, e)):
        params = c.build()
        value = worth(gs, e, params["meta"], params["target"])
        if value <= 0.0 or (best is not None and value <= best[0]):
            continue
        d = action(p, key, **params)
        cost = legal_cost(engine, d)
        if cost is not None and gs.energy(e) - cost >= KEEP:
            best = (value, d)
    return best[1] if best is not None else None


def worth(gs, e: int, index: int, target: int, chance: float | None = None) -> float:
    """How much casting metahability `index` on `target` is worth (0: not at all): the chance its kind check
    passes (MOD-2 on a CH IMP: rules.metahabilities.cast_target) times what the effect does there, nothing where the
    same effect already lasts. A cast that scatters (TRT-INFINITE-RANGE: the target outside the field of view) is
    worth what it does to whoever it may land on (rules.scattered_shots.landing_odds), by the chance of the check
    aimed at `target`; a hostile effect landing on a friend counts against it."""
    m = meta.carried(gs, e)[index]
    if chance is None:
        chance = float(p_pass(meta.cast_target(gs, e, m, target)))
        if scattered_shots.scatters(gs, e, target, m) is not None:
            total = 0.0
            for who, q in scattered_shots.landing_odds(gs, e, target):
                total += q * worth(gs, e, index, who, chance)
                if meta.relation(gs, e, who) != "enemy" and meta.preview(gs, e, m, who)["grants"]:
                    total -= q * chance * 0.5                        # a calm, a malus on a friend
            return total
    if any(x.caster == e and x.index == index for x in meta.effects_on(gs, target)):
        return 0.0
    rel = meta.relation(gs, e, target)
    fx = meta.preview(gs, e, m, target)
    if rel == "enemy":
        if not (fx["grants"] or fx["psi"] or fx["moves"]                 # a forced move: TRT-MAGIC-MISDIRECT
                or fx["negates"] and set(fx["negates"]) & set(gs.traits(e))):
            return 0.0
        hostile = [x for x in meta.effects_on(gs, target) if gs.side(x.caster) != gs.side(target)]
        return chance * 0.5 * (0.5 if hostile else 1.0) * (1.0 + 0.1 * gs.attrs(target).AGI)
    if fx["grants"] or fx["psi"]:
        return 0.0                                  # a calm, a malus or a scare on a friend
    value = 0.0
    if fx["lends"]:
        value = 0.6 if target != e else 0.4
    if fx["negates"] and set(fx["negates"]) & set(gs.traits(target)):
        value = 0.7
    if fx["cancels"] is not None:
        value = 0.8
    return chance * value


def react(match, p: Pending) -> Decision | None:
    """CBA-20: counter an acting enemy neuromancer's CH INT when its own CH INT is the better or even and the ENE
    stays above −3."""
    key = by_rule(p, "CBA-20")
    if key is None:
        return None
    gs, engine = match.gs, match.engine
    e, a = p.actor, p.against
    if a is None or gs.attrs(e).INT < gs.attrs(a).INT:
        return None
    d = reaction(p, key)
    cost = legal_reaction_cost(engine, d)
    return d if cost is not None and gs.energy(e) - cost >= -3 else None
