"""The scripted controller's use of weapons whose hit does something else than wounds (issue 12 point 5), chosen
among the engine's legal options only: an Anulador de escudo shot (TRT-SHIELD-NULLIFIER: no damage, the hit strips
a level of the target's energy shield) at the enemy whose shields stop most of the attacker's other shots. What the
shot does is the engine's business (``traits.hits_without_def``); how much the shields stop is the exact odds'
(``traits.shield_targets``, as rules.odds reads them). And putting out the fire a Munición incendiaria hit lit on it
(TRT-INCENDIARY-AMMO: Apagar el fuego, offered by the engine only to a burning character), and a round regenerated
into an empty magazine it cannot afford to reload (TRT-REGENERATING-AMMO)."""
from __future__ import annotations

from wartime.ai.candidates import action, by_rule, legal_cost, offered, options_of
from wartime.rules import traits
from wartime.rules.odds import p_pass
from wartime.rules.sequence import Decision, Pending

#: A shield that stops at least this share of the attacker's shots is worth a shot to strip a level.
WORTH = 0.3


def shield_stop(gs, target: int) -> float:
    """P(the target's energy shields stop a ranged hit now): each rolls its check in turn (rules.combat)."""
    keep = 1.0
    for t in traits.shield_targets(gs, target):
        keep *= 1.0 - float(p_pass(t))
    return 1.0 - keep


def nullify_shield(match, p: Pending) -> Decision | None:
    """The legal shot with a weapon whose hit makes no DEF check (Anulador de escudo) at the enemy whose energy
    shields stop the most (at least ``WORTH``), the cheapest first; None when there is none."""
    gs, e = match.gs, p.actor
    if not any(traits.hits_without_def(gs, e, e, w, True) for w in gs.equipment(e).weapons):
        return None                                      # the usual case: no such weapon, no options to list
    best = None
    keys = offered(p, is_attack=True, moves=False, kinds=("weapon",))

    def nullifier(prm) -> bool:
        i, t = prm.get("weapon"), prm.get("target")
        if not isinstance(i, int) or t is None:
            return False
        return traits.hits_without_def(gs, e, t, gs.weapon(e, i), True) is not None

    for opt in options_of(match.engine, keys, nullifier):
        stop = shield_stop(gs, opt.params["target"])
        if stop < WORTH:
            continue
        score = (stop, -opt.cost)
        if best is None or score > best[0]:
            best = (score, opt)
    return None if best is None else best[1].decision(p.side, e)


def put_out_fire(match, p: Pending) -> Decision | None:
    """TRT-INCENDIARY-AMMO: a burning character (the engine offers the action only then) puts the fire out when it
    is legal (ENE 3) and it is not engaged in melee: each activation on fire costs a DMG 1 hit."""
    key = by_rule(p, "TRT-INCENDIARY-AMMO")
    if key is None or match.gs.engaged(p.actor):
        return None
    d = action(p, key)
    return d if legal_cost(match.engine, d) is not None else None


def regenerate_round(match, p: Pending) -> Decision | None:
    """TRT-REGENERATING-AMMO: with an empty weapon whose magazine it cannot afford to reload (GNA-13 costs its DMG in
    ENE), a round back for ENE 1 (Regenerar munición, a legal option of the engine's)."""
    key = by_rule(p, "TRT-REGENERATING-AMMO")
    if key is None:
        return None
    gs, e = match.gs, p.actor
    for opt in match.engine.legal_options(key):
        w = gs.weapon(e, opt.params["weapon"])
        if not w.rounds and gs.energy(e) < w.DMG:
            return opt.decision(p.side, e)
    return None
