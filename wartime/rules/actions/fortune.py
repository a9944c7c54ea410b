"""Fortuna (TRT-FORTUNE): the answers to a Fortune question, one small action per alternative, declared only in the
question the engine asks (rules/fortune.py runs them; ``trait_gated``: no window of a character without the question
lists them)."""
from __future__ import annotations

from wartime.core.errors import RuleViolation
from wartime.rules import fortune
from wartime.rules.actions.base import Action, register
from wartime.rules.actions.params import Candidate
from wartime.rules.traits.fortune import CANCEL_DIE, DMG_PLUS, IGNORE_DAMAGE, IGNORE_FUMBLE, RECOVER, TARGET_PLUS


class FortuneUse(Action):
    """TRT-FORTUNE ruling: "six alternatives, one use per turn": the answer taking this alternative (ENE 0, no
    CH VOL, no bullet time); the engine applies it where the question was asked (rules/fortune.py)."""
    rule = fortune.FORTUNE
    category = "generic"
    reaction_only = True
    trait_gated = True
    vol_free_reaction = True
    zero_cost = True

    def candidates(self, gs, actor, space):
        q = fortune.current(gs)
        if q is not None and q.who == actor and self.key in q.uses:
            yield Candidate(self.key, lambda: {}, label=f"Fortune: {fortune.LABELS[self.key]}")

    def available(self, gs, actor):
        fortune.check_declared(gs, actor, self.key)

    def validate(self, gs, actor, params):
        return fortune.check_declared(gs, actor, self.key)

    def cost(self, gs, actor, params, prepared):
        return 0

    def resolve(self, gs, ctx, prepared):
        raise RuleViolation(self.rule, "a use of Fortune is applied by the engine's question (rules/fortune.py), "
                            "not as an action")


@register
class IgnoreDamage(FortuneUse):
    """TRT-FORTUNE: "ignorar DAÑ": the hit about to wound the carrier deals none."""
    key = IGNORE_DAMAGE


@register
class IgnoreFumble(FortuneUse):
    """TRT-FORTUNE: "ignorar pifia": the carrier's fumbled die is judged as a plain die."""
    key = IGNORE_FUMBLE


@register
class CancelDie(FortuneUse):
    """TRT-FORTUNE: "anular dado": the die just rolled (the carrier's failed one or an enemy's passed one against
    it) is rolled again."""
    key = CANCEL_DIE


@register
class Recover(FortuneUse):
    """TRT-FORTUNE: "recuperar 1 herida", at the start of its activation."""
    key = RECOVER


@register
class TargetPlus(FortuneUse):
    """TRT-FORTUNE: "éxito +1": its check missed by 1 passes."""
    key = TARGET_PLUS


@register
class DmgPlus(FortuneUse):
    """TRT-FORTUNE: "DAÑ+1" on its hit."""
    key = DMG_PLUS
