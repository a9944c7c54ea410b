"""Energy (ENE-1..4, REA-2)."""
from __future__ import annotations

from wartime.rules import riding
from wartime.rules.traits import registry as trait_hooks

ENERGY_CAP = 10
REACTION_FLOOR = -10


def activation_energy(con: int, agi: int, wounds: int, current: int, bonus: int = 0) -> int:
    """ENE-3: at the start of an activation add CON + AGI − wounds (+ `bonus`, the traits' auras: Genio estratega,
    Hálito de hambre), capped at 10 (a value already above 10 from a bonus is kept: no gain, no loss). Negative
    energy left by reactions is added to first."""
    if current > ENERGY_CAP:
        return current
    return min(ENERGY_CAP, current + con + agi - wounds + bonus)


def can_pay(current: int, cost: int, *, reaction: bool = False) -> bool:
    """ENE-4: in its own activation an action costs at most the current ENE (never below 0);
    REA-2: a reaction may take ENE down to −10."""
    floor = REACTION_FLOOR if reaction else 0
    return current - cost >= floor


def action_cost(base: int, surcharge: int = 0, *, free: bool = False) -> int:
    """ENE-1: every action costs at least 1 ENE (cost reductions cannot go below 1), except the printed
    zero-cost cases (free turning, MOV-5; the CMB-15 follow-up, which is not an action)."""
    if free:
        return 0
    return max(1, base + surcharge)


def price(gs, actor: int, action, params: dict, prepared, *, free: bool = False, pools: bool = True) -> int:
    """ENE-1 with the traits (G5 ENE costs): the action's own cost (with its terrain surcharge), plus every ± ENE
    term of the traits (``ene_mod``: the actor's own, its weapon's, and the target's for actions aimed at it), then
    caps (``ene_cap``), minimum 1; `free` (not an action, or a printed 0) costs 0 whatever the traits (a zero-cost
    action whose X is not 0 here, GNA-15 dropping a bomb, is priced as any). With `pools`, what the actor's own ENE
    pools pay for this action (``ene_pool``: TRT-MANA) is taken off: the ENE left to pay from its ENE (0 when a pool
    pays it all)."""
    base = action.cost(gs, actor, params, prepared)
    if free and (base == 0 or action.free):
        return 0                       # GNA-15: a printed 0; its X for a bomb (the weapon's ENE) is priced below
    if getattr(action, "moves", False):
        base += riding.engine_ene(gs, actor)          # BLD-19 (c): a transport's ENE, once per turn
    index = getattr(prepared, "weapon_index", None)
    weapon = gs.weapon(actor, index) if isinstance(index, int) else None
    target = params.get("target") if isinstance(params.get("target"), int) else None
    if target is not None and riding.is_parked(gs, target):
        target = None                                 # MVA-17: a driverless transport has no traits to price
    plus, cap = trait_hooks.cost_terms(gs, actor, action, weapon, target)
    cost = base + plus
    mode = getattr(prepared, "fire_mode", None)                 # a fire mode's ENE × (TRT-LONG-RANGE-FIRE)
    if mode is not None:
        cost *= mode.ene_factor
    if cap is not None:
        cost = min(cost, cap)
    cost = max(1, cost)
    return max(0, cost - trait_hooks.ene_pool(gs, actor, action.key)) if pools else cost


def least_price(gs, actor: int, action) -> int | None:
    """ENE-1, MOV-7 (issue 20): a lower bound of `price` over every parameter set of `action` for `actor` now, or None
    when the action declares none. An action declares one with ``least_cost_prepared(gs, actor)``: a stand-in for
    its `prepared` whose own cost (``action.cost``) is the least any parameters can give, for an action whose price
    reads nothing of its parameters but that cost (no target, no weapon, no fire mode) and whose candidates carry
    no free turn (MOV-5): the moves (rules/actions/movement.py, MOV-7's surcharge at its least). Every other term
    of `price` (the transport's ENE, the traits' ± ENE and caps, ENE-1's minimum, the ENE pools) is then the same
    for every parameter set, and `price` never falls as the action's own cost rises, so no candidate costs less."""
    least = getattr(action, "least_cost_prepared", None)
    stand_in = least(gs, actor) if least is not None else None
    if stand_in is None:
        return None
    return price(gs, actor, action, {}, stand_in, free=action.free or action.zero_cost)


def least_weapon_price(gs, actor: int, action, weapon_index: int, target: int | None) -> int | None:
    """ENE-1 (issue 20): a lower bound of `price` of attack `action` with weapon `weapon_index` at `target`, over
    its other parameters (a fire mode, a stance), in the state as it is now; None when the action declares no
    ``least_weapon_prepared(gs, actor, weapon_index, target)``: a stand-in for its `prepared` without a fire mode,
    for an attack whose own cost reads nothing but its weapon's ENE and its mode's (rules/actions/combat.py,
    combat_special.py). A mode only adds ENE (``FireMode.ene_plus`` ≥ 0) or multiplies the priced cost
    (``ene_factor`` ≥ 1) before the cap and ENE-1's minimum, and a stance is not priced, so no parameter set of the
    attack costs less; every other term of `price` (the traits' ± ENE and caps of the actor, the weapon and the
    target, the ENE pools) is the same for all of them."""
    least = getattr(action, "least_weapon_prepared", None)
    if least is None:
        return None
    return price(gs, actor, action, {"target": target, "weapon": weapon_index},
                 least(gs, actor, weapon_index, target), free=action.free or action.zero_cost)


def surely_unaffordable(gs, actor: int, action, *, reaction: bool = False) -> bool:
    """ENE-1, ENE-4 (issue 20): True when `Engine.check_action` refuses every parameter set of `action` for `actor`
    in its own activation now, because even `least_price` cannot be paid from its ENE (it would refuse each one
    with ENE-4, or an earlier violation). With `reaction`, REA-2: as a reaction (`check_reaction`), down to −10 ENE.
    False says nothing (a free action, a vol-free reaction, which may be priced free, or no lower bound declared)."""
    if action.free or (reaction and action.vol_free_reaction):
        return False
    least = least_price(gs, actor, action)
    return least is not None and not can_pay(gs.energy(actor), least, reaction=reaction or action.ene_debt)
