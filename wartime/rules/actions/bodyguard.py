"""Guardaespaldas (TRT-BODYGUARD): the answer that takes an ally's hit, declared only in the bodyguard's question
(rules/bodyguard.py runs it; ``trait_gated``: no window of a character without the question lists it)."""
from __future__ import annotations

from wartime.rules import bodyguard
from wartime.rules.actions.base import QuestionAnswer, register
from wartime.rules.actions.params import Candidate


@register
class TakeTheHit(QuestionAnswer):
    """TRT-BODYGUARD ruling: "declared after the hit check succeeds; the bodyguard makes the DEF check; no reaction
    VOL check or ENE needed". Declared in the question the engine asks (ENE 0, no CH VOL, no bullet time); the
    engine puts the bodyguard on the line of fire and resolves the hit on it."""
    key = bodyguard.KEY
    rule = bodyguard.BODYGUARD
    question = bodyguard
    resolved_by = "taking the hit is resolved by the engine's bodyguard question (rules/bodyguard.py)"

    def candidates(self, gs, actor, space):
        q = bodyguard.current(gs)
        if q is not None and q.ask and q.ask[0] == actor:
            yield Candidate(self.key, lambda: {}, label=f"take the hit for {gs.name(q.target)}")
