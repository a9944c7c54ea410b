"""Guardaespaldas (TRT-BODYGUARD): the answer that takes an ally's hit, declared only in the bodyguard's question
(rules/bodyguard.py runs it; ``trait_gated``: no window of a character without the question lists it)."""
from __future__ import annotations

from wartime.core.errors import RuleViolation
from wartime.rules import bodyguard
from wartime.rules.actions.base import Action, register
from wartime.rules.actions.params import Candidate


@register
class TakeTheHit(Action):
    """TRT-BODYGUARD ruling: "declared after the hit check succeeds; the bodyguard makes the DEF check; no reaction
    VOL check or ENE needed". Declared in the question the engine asks (ENE 0, no CH VOL, no bullet time); the
    engine puts the bodyguard on the line of fire and resolves the hit on it."""
    key = bodyguard.KEY
    rule = bodyguard.BODYGUARD
    category = "combat"
    reaction_only = True
    trait_gated = True
    vol_free_reaction = True
    zero_cost = True

    def candidates(self, gs, actor, space):
        q = bodyguard.current(gs)
        if q is not None and q.ask and q.ask[0] == actor:
            yield Candidate(self.key, lambda: {}, label=f"take the hit for {gs.name(q.target)}")

    def available(self, gs, actor):
        bodyguard.check_declared(gs, actor)

    def validate(self, gs, actor, params):
        return bodyguard.check_declared(gs, actor)

    def cost(self, gs, actor, params, prepared):
        return 0

    def resolve(self, gs, ctx, prepared):
        raise RuleViolation(self.rule, "taking the hit is resolved by the engine's bodyguard question "
                            "(rules/bodyguard.py), not as an action")
