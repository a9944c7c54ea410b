"""ALM-27: Strident alarm played at the end of an attacker activation (rules/alarm_flow.py `play_strident`; in the
start-of-turn window it is a token of the 'wave' decision)."""
from __future__ import annotations

from wartime.core.errors import RuleViolation
from wartime.rules import alarm_flow
from wartime.rules.actions.base import Action, register


@register
class StridentAlarm(Action):
    """ALM-27 (ruling: "at the end of any attacker activation", once per alarm, temporal only; ALM-41: 1 token):
    a free decision that ends the acting attacker's activation and plays the token: the alarm lasts 1D2 + 1 more
    turns. Offered only in a temporal alarm game, to an attacker, while the token may be played."""
    key = "strident_alarm"
    rule = "ALM-27"
    category = "free"
    free = True

    def world_gate(self, gs):
        """ALM-27: no temporal alarm in this game (its setup, `gs.alarm`, is fixed at setup), nobody plays the token
        (issue 20)."""
        s = alarm_flow.setup_of(gs)
        return s is not None and s.spec.kind == "temporal"

    def available(self, gs, actor):
        why = alarm_flow.strident_refusal(gs, actor)
        if why is not None:
            raise RuleViolation("ALM-27", why)

    def validate(self, gs, actor, params):
        if params.get("_window") is not None:
            raise RuleViolation("ALM-27", "Strident alarm is played at the end of the attacker's own activation")
        self.available(gs, actor)

    def cost(self, gs, actor, params, prepared):
        return 0

    def resolve(self, gs, ctx, prepared):
        alarm_flow.play_strident(gs, ctx.actor)
        ctx.end_activation = True
