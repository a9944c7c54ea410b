"""Actions a race trait grants its bearer (the trait hook point ``grants_action``; rule = the trait's ID, cost = its
catalogue row's): Regenerar (TRT-REGENERATION), feeding on a corpse (TRT-NECROPHAGE)."""
from __future__ import annotations

from dataclasses import replace

from wartime.core.errors import RuleViolation
from wartime.rules import traits
from wartime.rules.actions.base import Action, need, register
from wartime.rules.actions.generic_more import corpses_in_contact
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.modifiers import roll_character_check
from wartime.rules.wounds import heal_wounds


def _wounded(gs, actor: int, rule: str) -> None:
    """A healing trait action needs wounds to remove and a bearer that may recover them (TRT-NO-CURE)."""
    if gs.wounds(actor) == 0:
        raise RuleViolation(rule, f"{gs.name(actor)} has no wounds to heal")
    denied = traits.heal_denied(gs, actor)                  # hook heal_denied (TRT-NO-CURE)
    if denied is not None:
        raise RuleViolation(denied, f"{gs.name(actor)} cannot recover wounds")


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
        _wounded(gs, actor, self.rule)

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


@register
class FeedOnCorpse(Action):
    """TRT-NECROPHAGE: "se cura 1 herida alimentándose de un cadáver (acción, ENE 5); por cada herida recuperada
    el cadáver pierde 1 CON": an action at ENE 5 of a wounded bearer; ruling: a corpse in base contact (one not
    destroyed, GNA-7), no check, and a corpse at CON 0 cannot be fed on."""
    key = "feed_on_corpse"
    rule = "TRT-NECROPHAGE"
    category = "generic"

    params = (Param("target", "character", "TRT-NECROPHAGE: a corpse in base contact with CON above 0"),)

    def candidates(self, gs, actor, space):
        for c in corpses_in_contact(gs, actor):
            yield Candidate(self.key, lambda c=c: {"target": c}, label=gs.name(c))

    def available(self, gs, actor):
        if self.key not in traits.granted_actions(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} has no {traits.display_name(self.rule)}")
        _wounded(gs, actor, self.rule)
        if not [c for c in corpses_in_contact(gs, actor) if gs.base_attrs(c).CON > 0]:
            raise RuleViolation(self.rule, f"no corpse with CON left is in base contact with {gs.name(actor)}")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        t = need(params, "target", self.rule, int)
        if t not in corpses_in_contact(gs, actor):
            raise RuleViolation(self.rule, f"{t} is not a corpse in base contact with {gs.name(actor)}")
        if gs.base_attrs(t).CON <= 0:
            raise RuleViolation(self.rule, f"{gs.name(t)}'s corpse has no CON left to feed on")
        return t

    def cost(self, gs, actor, params, prepared):
        return 5

    def resolve(self, gs, ctx, t):
        before = gs.wounds(ctx.actor)
        heal_wounds(gs, ctx.actor, 1, self.rule)
        healed = before - gs.wounds(ctx.actor)
        if healed:
            a = gs.base_attrs(t)
            gs.world.set(t, replace(a, CON=a.CON - healed))
            gs.world.emit("corpse_fed_on", self.rule, who=ctx.actor, corpse=t, con=a.CON - healed)
