"""The scripted controller's use of the combat feats (issue 12, group D), chosen among the engine's legal options
only, inert for a character the engine offers no such action (the keys are looked up by their rule):

* Machina mors (TRT-MACHINA-MORS): its reaction shot costs no ENE and rolls no CH VOL, and its fixed CH IMP 4 takes
  no REA-4 malus, so a sentry fires at the first chance it gets at each enemy action, with the weapon whose exact
  odds (rules.odds, the fixed target included) promise the most.
* Súper salto (TRT-SUPER-JUMP): a fighter with a melee weapon and no shot or charge this decision leaps into base
  contact with the nearest enemy when none is within its plain move and one is within the leap, keeping ENE for a
  melee attack; one just beyond the leap is reached with a boost the leap may take (TRT-FIRE-IN-THE-VEINS: +3 K for
  1 wound) unless its wounds would down the leaper.
* Arma de enjambre (TRT-SWARM-WEAPON): the volley is fired instead of the best single shot when the sum of its
  weapons' exact odds (each alone: the DEF its criticals take off is a bonus on top) is worth more, keeping ENE at
  −2 or above (the volley may go down to −10, but the debt is paid in the next activation).
* Órdenes (TRT-ORDERS): the order is free (ENE 0) and the ally's acting is not its activation, so it is given as
  soon as an ally in reach can use it: one with a ranged weapon and an enemy in its view within that weapon's RNG,
  or one engaged in melee; the one with less ENE first (the 3 ENE count most for it).
* Grito de veterano (TRT-VETERAN-CRY): the extra attack costs nothing and is lost if declined, so it is always
  taken, at the target the exact odds favour most (an area weapon's first legal aim)."""
from __future__ import annotations

from wartime.ai.candidates import (action, by_rule, contact_point, legal_cost, legal_reaction_cost, options_of,
                                   reaction)
from wartime.rules.actions import REGISTRY
from wartime.rules.combat import Cover
from wartime.rules.odds import attack_odds
from wartime.rules.sequence import Decision, Pending
from wartime.rules.traits.combat_feats import ExtraAttackDue, machina_weapons


def machina_shot(match, p: Pending) -> Decision | None:
    """The best legal Machina mors reaction shot at the acting enemy, or None."""
    key = by_rule(p, "TRT-MACHINA-MORS")
    gs, e, a = match.gs, p.actor, p.against
    if key is None or a is None or not gs.able(a):
        return None
    best = None
    for i in machina_weapons(gs, e):
        d = reaction(p, key, target=a, weapon=i)
        if legal_reaction_cost(match.engine, d) is None:
            continue
        value = _value(gs, e, a, i)
        if value > 0 and (best is None or value > best[0]):
            best = (value, d)
    return None if best is None else best[1]


def leap_in(match, p: Pending, melee_cost: int) -> Decision | None:
    """A Súper salto into base contact with the nearest enemy beyond its plain move (MOV + 1 K) and within the
    leap, when a melee attack (`melee_cost`) stays affordable after it, or None."""
    key = by_rule(p, "TRT-SUPER-JUMP")
    gs, e = match.gs, p.actor
    if key is None or gs.engaged(e):
        return None
    left = gs.attrs(e).CON - gs.wounds(e)
    boosts = [None, *(b for b in REGISTRY[key].offered_boosts(gs, e) if b.wounds < left)]   # TRT-FIRE-IN-THE-VEINS
    far = 10.0 + max((b.k for b in boosts if b is not None), default=0.0)
    for t in sorted(gs.enemies(e), key=lambda o: (gs.distance(e, o), o)):
        dist = gs.distance(e, t)
        if dist <= gs.mov(e) + 1:
            return None                                 # a plain move reaches the nearest (Scripted._close_in)
        if dist > far:
            break
        if gs.engaged(t):
            continue
        x, y = contact_point(gs, e, t)
        for b in boosts:                                # the plain leap first, then a boosted one
            d = action(p, key, to=[round(x, 4), round(y, 4)], **({} if b is None else {"boost": b.rule}))
            cost = legal_cost(match.engine, d)
            if cost is not None and cost + melee_cost <= gs.energy(e):
                return d
    return None


def _value(gs, e: int, t: int, i: int) -> float:
    """Expected wounds plus twice the chance to put `t` out of action, of one shot of weapon `i` at it."""
    c = gs.cover(e, [t])[0]
    odds = attack_odds(gs, e, t, weapon_index=i, ranged=True, cover=Cover(c.blocked, c.main_piece_def))
    return float(odds.harm) + 2.0 * float(odds.p_incapacitate)


def volley(match, p: Pending, shot) -> Decision | None:
    """The best legal swarm volley when it is worth more than `shot` (value, decision, cost) or there is none."""
    key = by_rule(p, "TRT-SWARM-WEAPON")
    if key is None:
        return None
    gs, e = match.gs, p.actor
    best = None
    for opt in options_of(match.engine, (key,)):
        if gs.energy(e) - opt.cost < -2:
            continue
        t = opt.params["target"]
        preps = REGISTRY[key].validate(gs, e, opt.params)
        value = sum(_value(gs, e, t, q.weapon_index) for q in preps)
        if best is None or value > best[0]:
            best = (value, opt)
    if best is None or (shot is not None and best[0] <= shot[0]):
        return None
    return best[1].decision(p.side, e)


def order_ally(match, p: Pending) -> Decision | None:
    """The best legal Dar órdenes (see the module docstring), or None."""
    key = by_rule(p, "TRT-ORDERS")
    if key is None:
        return None
    gs, e = match.gs, p.actor
    best = None
    for opt in options_of(match.engine, (key,)):
        t = opt.params["target"]
        if gs.psyche(t).panic:
            continue
        shoots = any(w.ranged and not w.disabled and any(gs.distance(t, o) <= w.RNG and gs.in_fov(t, o)
                                                         for o in gs.enemies(t))
                     for w in gs.equipment(t).weapons)
        if not (shoots or gs.engaged(t)):
            continue
        score = (-gs.energy(t), -t)
        if best is None or score > best[0]:
            best = (score, opt)
    return None if best is None else best[1].decision(p.side, e)


def extra_attack(match, p: Pending) -> Decision | None:
    """The owed extra attack (see the module docstring), or None."""
    key = by_rule(p, "TRT-VETERAN-CRY")
    if key is None:
        return None
    gs, e = match.gs, p.actor
    due = gs.world.try_get(e, ExtraAttackDue)
    best = None
    for opt in options_of(match.engine, (key,)):
        t = opt.params.get("target")
        value = 0.0
        if t is not None and due is not None:
            c = gs.cover(e, [t])[0]
            ranged = due.key == "ranged_attack"
            odds = attack_odds(gs, e, t, weapon_index=due.weapon, ranged=ranged, unarmed=due.weapon is None,
                               cover=Cover(c.blocked, c.main_piece_def) if ranged else None)
            value = float(odds.harm) + 2.0 * float(odds.p_incapacitate)
        if best is None or value > best[0]:
            best = (value, opt)
    return None if best is None else best[1].decision(p.side, e)
