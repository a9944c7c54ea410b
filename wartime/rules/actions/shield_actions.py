"""Recovering a level of an energy shield (TRT-ENERGY-SHIELD: ENE 4; TRT-ADVANCED-ENERGY-SHIELD: ENE 6): an action
the trait grants its wearer (hook ``grants_action``) while a worn shield has level 1 or more and less than its
bought level (ruling: "recovery is an action, up to the bought level"). No check."""
from __future__ import annotations

from wartime.core.errors import RuleViolation
from wartime.rules import traits
from wartime.rules.actions.base import Action, register
from wartime.rules.traits.protections import SHIELDS, change_level


class _RecoverShield(Action):
    """TRT-ENERGY-SHIELD / TRT-ADVANCED-ENERGY-SHIELD: recover one level of the shield (the first worn protection,
    in equipment order, whose shield can recover one)."""
    category = "generic"

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character whose traits grant no action
        (``traits.granted_actions`` asks only those hooks of its trait set)."""
        return traits.carries_on(gs, actor, "grants_action", "grants_extra_action")

    def available(self, gs, actor):
        if self.key not in traits.granted_actions(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} has no {traits.display_name(self.rule)} with a level to "
                                "recover (it needs level 1 or more, below the level bought)")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        return None

    def cost(self, gs, actor, params, prepared):
        return SHIELDS[self.rule][2]

    def resolve(self, gs, ctx, prepared):
        change_level(gs, ctx.actor, self.rule, +1, self.rule, "level recovered", recoverable=True)


@register
class RecoverEnergyShield(_RecoverShield):
    """TRT-ENERGY-SHIELD: "Se puede recuperar un nivel con ENE 4 si tiene nivel 1 o más"."""
    key = SHIELDS["TRT-ENERGY-SHIELD"][3]
    rule = "TRT-ENERGY-SHIELD"


@register
class RecoverAdvancedEnergyShield(_RecoverShield):
    """TRT-ADVANCED-ENERGY-SHIELD: as Escudo de energía, recovering a level costs ENE 6."""
    key = SHIELDS["TRT-ADVANCED-ENERGY-SHIELD"][3]
    rule = "TRT-ADVANCED-ENERGY-SHIELD"
