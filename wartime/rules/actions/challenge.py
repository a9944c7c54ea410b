"""Desafiar (TRT-CHALLENGER): the challenge that makes an enemy come and fight the challenger in melee (issue 12,
group B). Offered only to a character whose traits grant it (hook ``grants_action``, rules/traits/battle_cries.py);
the compulsion itself is set at the start of the challenged enemy's next activation (rules.traits.battle_cries)."""
from __future__ import annotations

from wartime.core.errors import RuleViolation
from wartime.rules import traits
from wartime.rules.actions.base import Action, need_target, register
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.modifiers import opposed
from wartime.rules.traits.battle_cries import Challenged


def challengeable(gs, actor: int, t: int) -> bool:
    """TRT-CHALLENGER ruling: an able enemy in the challenger's field of view within as many K as its VOL
    (traits.vol_reach: TRT-ORATOR doubles it)."""
    return (gs.able(t) and gs.distance(actor, t) <= traits.vol_reach(gs, actor) + 1e-9 and gs.in_fov(actor, t))


@register
class Challenge(Action):
    """TRT-CHALLENGER: "puede realizar la acción Desafiar (ENE 3 y CH VOL ENF) para que otro Pj le ataque en CaC".
    An action at ENE 3 against an able enemy in its FOV within VOL K: a won CH VOL ENF (CHK-4) marks the enemy
    (battle_cries.Challenged); at the start of its next activation, while the challenger is on the table and able,
    its first action must be a charge (Cargar) or a melee attack at the challenger when one is legal (an enemy
    already in base contact with it attacks it in melee; components.Compelled 'melee', rules/restrictions.py;
    panic beats it, G10). Ruling: an action of its own activation, not a reaction."""
    key = "challenge"
    rule = "TRT-CHALLENGER"
    category = "generic"
    has_check = True

    params = (Param("target", "enemy", "TRT-CHALLENGER: an able enemy in its FOV within VOL K"),)

    def candidates(self, gs, actor, space):
        for t in space.enemies():
            if challengeable(gs, actor, t):
                yield Candidate(self.key, lambda t=t: {"target": t}, label=gs.name(t))

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character whose traits grant no action
        (``traits.granted_actions`` asks only those hooks of its trait set)."""
        return traits.carries_on(gs, actor, "grants_action", "grants_extra_action")

    def refusal(self, gs, actor):
        """TRT-CHALLENGER: `available` without raising (issue 20): its usual refusal tested first."""
        return self.rule if self.key not in traits.granted_actions(gs, actor) else super().refusal(gs, actor)

    def available(self, gs, actor):
        if self.key not in traits.granted_actions(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} has no {traits.display_name(self.rule)}")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        t = need_target(gs, actor, params, self.rule)
        if not challengeable(gs, actor, t):
            raise RuleViolation(self.rule, f"{gs.name(t)} is not an able enemy in {gs.name(actor)}'s field of view "
                                           f"within {traits.vol_reach(gs, actor):g} K (its VOL)")
        return t

    def cost(self, gs, actor, params, prepared):
        return 3

    def resolve(self, gs, ctx, t):
        won = opposed(gs, ctx.actor, t, "VOL", self.rule, "challenge", key=ctx.key)[0] == "a"
        if ctx.failed or not won:
            return
        act = gs.activation(t)
        turn = gs.world.resources["flow"].turn + (1 if act.started or act.acted else 0)
        gs.world.set(t, Challenged(ctx.actor, turn))
        gs.world.emit("challenged", self.rule, who=ctx.actor, target=t)
