"""Apagar el fuego (TRT-INCENDIARY-AMMO): a burning character puts the fire on it out with an action costing ENE 3
and a CH PSI (trait effect): passed, the fire is out; failed, it keeps burning (and the CH PSI's failure has its
usual effects: the action fails, +1 stress, PSI-5)."""
from __future__ import annotations

from wartime.core.errors import RuleViolation
from wartime.rules.actions.base import Action, register
from wartime.rules.burning import RULE, put_out
from wartime.rules.psychology import psi_check
from wartime.rules.traits.weapons_more import Burning

#: TRT-INCENDIARY-AMMO: "Putting the fire out costs ENE 3".
ENE = 3


@register
class PutOutFire(Action):
    """TRT-INCENDIARY-AMMO: Apagar el fuego: ENE 3 and a CH PSI; a pass puts the fire out."""
    key = "put_out_fire"
    rule = RULE
    category = "generic"
    has_check = True

    def available(self, gs, actor):
        if gs.world.try_get(actor, Burning) is None:
            raise RuleViolation(self.rule, f"{gs.name(actor)} is not on fire")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        return None

    def cost(self, gs, actor, params, prepared):
        return ENE

    def resolve(self, gs, ctx, prepared):
        r = psi_check(gs, ctx, ctx.actor, source=None, reason="put out the fire", rule=self.rule)
        if r.passed:
            put_out(gs, ctx.actor)
