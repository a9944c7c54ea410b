"""Actions a trait gives its bearer (the trait hook point ``grants_action``): their rule is the trait's ID and their
cost its catalogue row's. Only a character granted one is offered it."""
from __future__ import annotations

from wartime.core.components import Mimetic
from wartime.core.errors import RuleViolation
from wartime.rules import traits
from wartime.rules.actions.base import Action, register


@register
class SwitchMimetic(Action):
    """TRT-MIMETIC: "Activarlo o desactivarlo cuesta ENE 1": an action at ENE 1, no check, that switches
    Mimético on (own CH IMP −3, enemies attacking it CH IMP −3, its moves arrive mimetic for Ataque sorpresa,
    CBA-11) or off."""
    key = "switch_mimetic"
    rule = "TRT-MIMETIC"
    category = "generic"

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character whose traits grant no action
        (``traits.granted_actions`` asks only those hooks of its trait set)."""
        return traits.carries_on(gs, actor, "grants_action", "grants_extra_action")

    def available(self, gs, actor):
        if self.key not in traits.granted_actions(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} has no {traits.display_name(self.rule)} to switch")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        return None

    def cost(self, gs, actor, params, prepared):
        return 1

    def resolve(self, gs, ctx, prepared):
        on = not gs.world.has(ctx.actor, Mimetic)
        if on:
            gs.world.set(ctx.actor, Mimetic())
        else:
            gs.world.remove(ctx.actor, Mimetic)
        gs.world.emit("state_changed", self.rule, who=ctx.actor, state="mimetic", value=on)

