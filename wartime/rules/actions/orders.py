"""Dar órdenes (TRT-ORDERS, issue 12 group D): the bearer grants an ally 3 ENE and the ally acts at once (its nested
acting is rules/orders.py). Offered only to a character whose traits grant it (hook ``grants_action``)."""
from __future__ import annotations

from wartime.core.errors import RuleViolation
from wartime.rules import orders, traits
from wartime.rules.actions.base import Action, need, register
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.energy import ENERGY_CAP
from wartime.rules.traits.combat_feats import orders_used, use_orders

#: TRT-ORDERS: "puede dar 3 ENE a un aliado".
GRANT = 3


def orderable(gs, giver: int, ally: int) -> bool:
    """TRT-ORDERS: an able ally (not the giver) within as many K as the giver's VOL (traits.vol_reach)."""
    return (ally != giver and gs.side(ally) == gs.side(giver) and gs.able(ally)
            and gs.distance(giver, ally) <= traits.vol_reach(gs, giver) + 1e-9)


@register
class GiveOrders(Action):
    """TRT-ORDERS: "1 vez por turno, puede dar 3 ENE a un aliado a tantos K como VOL. Ese aliado actuará. Cuanto
    termine, seguirá este Pj." Ruling: an action of the giver's own activation (not a reaction, not while it acts
    under an order itself), once per turn, at ENE 0 (the row prints no cost); the ally (able, within VOL K) gains
    3 ENE (capped at 10, ENE-1; not taken from the giver) and, once this action is over, acts at once: its acting is
    not its activation (rules/orders.py); when it ends, the giver carries on with its activation."""
    key = "give_orders"
    rule = "TRT-ORDERS"
    category = "generic"
    zero_cost = True
    trait_gated = True

    params = (Param("target", "ally", "TRT-ORDERS: an able ally within VOL K"),)

    def candidates(self, gs, actor, space):
        for t in space.allies():
            if orderable(gs, actor, t):
                yield Candidate(self.key, lambda t=t: {"target": t}, label=gs.name(t))

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character whose traits grant no action
        (``traits.granted_actions`` asks only those hooks of its trait set)."""
        return traits.carries_on(gs, actor, "grants_action", "grants_extra_action")

    def available(self, gs, actor):
        if self.key not in traits.granted_actions(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} has no {traits.display_name(self.rule)}")
        if orders_used(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} already gave its order this turn")
        if gs.world.has(actor, orders.UnderOrders):
            raise RuleViolation(self.rule, f"{gs.name(actor)} acts under an order: it cannot give one now")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        t = need(params, "target", self.rule, int)
        if t not in gs.minis() or not orderable(gs, actor, t):
            raise RuleViolation(self.rule, f"the order goes to an able ally within {traits.vol_reach(gs, actor):g} K "
                                           f"(its VOL)")
        return t

    def cost(self, gs, actor, params, t):
        return 0

    def resolve(self, gs, ctx, t):
        use_orders(gs, ctx.actor)
        gs.set_energy(t, min(ENERGY_CAP, gs.energy(t) + GRANT), self.rule, "orders")
        gs.world.set(ctx.actor, orders.OrdersGiven(t))
        gs.world.emit("orders_given", self.rule, who=ctx.actor, ally=t)
