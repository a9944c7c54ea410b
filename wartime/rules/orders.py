"""Órdenes (TRT-ORDERS, issue 12 group D): the nested acting of an ordered ally. The giver's action Dar órdenes
(rules/actions/orders.py) grants an ally 3 ENE and marks the giver (``OrdersGiven``); when that action is over (its
after-action window closed), the ally acts at once: the flow's acting character becomes the ally, which carries
``UnderOrders`` (who gave it, its own Activation before) while the giver's activation waits (a component, not a flow
field: the flow of a game without the trait, and so its state checksums, stay as they were). The ally takes actions as in an activation of its own (reaction windows included) until it ends
them (Terminar, Esperar, out of action, panic cornered: every way ``_end_activation`` is reached); that is not its
activation (ruling): its ``Activation`` bookkeeping is put back as it was (it still activates this turn if it had
not), no start-of-activation rule (no ENE gain) and no end-of-activation rule is played for it. Then the giver carries
on with its activation (or ends it, if it is out of action or its action ended it). Engine functions taking the
`Engine` (rules/sequence.py), called from rules/pipeline.py and rules/turns.py with one line each."""
from __future__ import annotations

from dataclasses import dataclass

from wartime.core.components import Activation


@dataclass(frozen=True, slots=True)
class OrdersGiven:
    """TRT-ORDERS: the giver's order to `ally`, waiting for the giver's action to be over."""
    ally: int


@dataclass(frozen=True, slots=True)
class UnderOrders:
    """TRT-ORDERS: the character acts under `giver`'s order; `ends`: the giver's activation ends when it resumes;
    `before`: the character's Activation before it acted (put back afterwards)."""
    giver: int
    ends: bool
    before: Activation


def hand_over(engine, giver: int, ends: bool) -> bool:
    """After the giver's action (its after-action window closed): the ordered ally acts now, if it still can.
    `ends`: the giver's activation ends when it resumes (PSI-14 or Esperar in that action). True if the ally took
    over."""
    gs = engine.gs
    order = gs.world.try_get(giver, OrdersGiven)
    if order is None:
        return False
    gs.world.remove(giver, OrdersGiven)
    ally = order.ally
    if not gs.able(ally) or engine.flow.active != giver:
        gs.world.emit("orders_lapsed", "TRT-ORDERS", who=giver, ally=ally)
        return False
    gs.set_activation(giver, chain_next=False)                     # ACT-3: the order breaks a chain
    gs.world.set(ally, UnderOrders(giver, ends, gs.activation(ally)))
    gs.set_activation(ally, actions=0, chain_next=False)
    engine._set_flow(stage="action", active=ally, window=None, chain_seen=(), chain_heard=())
    gs.world.emit("ordered_acting", "TRT-ORDERS", who=ally, giver=giver, energy=gs.energy(ally))
    return True


def nested(engine, e: int) -> bool:
    """Whether `e` is acting under an order (its acting is not an activation)."""
    return engine.flow.active == e and engine.gs.world.has(e, UnderOrders)


def hand_back(engine, ally: int) -> None:
    """The ordered ally's acting is over: its Activation is put back, the giver carries on (or its activation ends:
    out of action, or its action ended it)."""
    gs = engine.gs
    order = gs.world.get(ally, UnderOrders)
    giver, ends = order.giver, order.ends
    gs.world.remove(ally, UnderOrders)
    gs.world.set(ally, order.before)
    gs.world.emit("ordered_acting_end", "TRT-ORDERS", who=ally, giver=giver, energy=gs.energy(ally))
    engine._set_flow(stage="action", active=giver, window=None, bullet_time=(), chain_seen=(), chain_heard=())
    if not gs.able(giver) or ends:
        engine._end_activation(giver)
    else:
        engine._end_if_cornered(giver)
