"""Actions a race trait grants its bearer (the trait hook point ``grants_action``; rule = the trait's ID, cost = its
catalogue row's): Regenerar (TRT-REGENERATION)."""
from __future__ import annotations

from wartime.core.errors import RuleViolation
from wartime.rules import traits
from wartime.rules.actions.base import Action, register
from wartime.rules.modifiers import roll_character_check
from wartime.rules.wounds import heal_wounds


@register
class Regenerate(Action):
    """TRT-REGENERATION: "puede gastar ENE 3 y superar una CH CON para eliminar 1 herida": an action at ENE 3 of a
    wounded bearer; a passed CH CON removes 1 wound (a critical too: the row gives no more); ruling: a failed
    check has no other effect (no wound for a fumble), and a dead character regenerates nothing (it cannot act)."""
    key = "regenerate"
    rule = "TRT-REGENERATION"
    category = "generic"
    has_check = True

    def available(self, gs, actor):
        if self.key not in traits.granted_actions(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} has no {traits.display_name(self.rule)}")
        if gs.wounds(actor) == 0:
            raise RuleViolation(self.rule, f"{gs.name(actor)} has no wounds to regenerate")
        denied = traits.heal_denied(gs, actor)                  # hook heal_denied (TRT-NO-CURE)
        if denied is not None:
            raise RuleViolation(denied, f"{gs.name(actor)} cannot recover wounds")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        return None

    def cost(self, gs, actor, params, prepared):
        return 3

    def resolve(self, gs, ctx, prepared):
        r = roll_character_check(gs, ctx, ctx.actor, "ATR", "CON", self.rule, "regeneration")
        if ctx.failed or not r.passed:
            return
        heal_wounds(gs, ctx.actor, 1, self.rule)
