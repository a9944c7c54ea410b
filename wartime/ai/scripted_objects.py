"""The scripted controller's use of objects (GNA-16 Usar): which object to use on whom, chosen among the engine's
legal options only (`Engine.legal_options`: an object with a use left, a target within its RNG that its effect
applies to, ENE to pay). What an object does is the engine's business: an option is worth taking when its target
is wounded (today's usable objects heal: TRT-ELIXIR; the engine offers them only on a wounded target)."""
from __future__ import annotations

from wartime.ai.candidates import by_rule
from wartime.core.components import Life
from wartime.rules import objects, traits
from wartime.rules.actions.objects import scatters_use
from wartime.rules.energy import ENERGY_CAP
from wartime.rules.sequence import Decision, Pending
from wartime.rules.traits.stims import took_this_turn

#: A stim that gives ENE is taken when it adds at least this much (after paying its use).
STIM_ENE_GAIN = 3
#: The attribute an attacker raises with a stim that raises one (CMB-2: the CH IMP is a CH AGI).
ATTACK_ATTRIBUTE = "AGI"

#: A character with at least this share of its CON in wounds is "badly wounded": one more hit may take it out.
BADLY = 0.5


def use_object(match, p: Pending, *, urgent: bool) -> Decision | None:
    """GNA-16: the best legal Usar of the acting character: on an incapacitated ally first (it stands up again),
    then on the most wounded (share of CON), the cheapest first. `urgent` (before attacking): only on an
    incapacitated or badly wounded character; otherwise (nothing better to do) on any wounded one. None when no
    legal option is worth it. Not while engaged in melee unless urgent. A use that would scatter (TRT-INFINITE-RANGE:
    the target outside the field of view, beyond the object's RNG) is left alone: it lands on the wounded ally only by
    chance (rules.scattered_shots.landing_odds), when it lands on anyone."""
    key = by_rule(p, "GNA-16")
    if key is None:
        return None
    gs, e = match.gs, p.actor
    if gs.engaged(e) and not urgent:
        return None
    best = None
    for opt in match.engine.legal_options(key):
        ref = opt.params.get("item")
        hooks = traits.use_effects(objects.gear(gs, int(str(ref).split(":")[1]))) if ref is not None else ()
        if "use_coat" in hooks or "use_hex" in hooks:
            continue                # TRT-VENOM, TRT-HEX heal nothing (ai/scripted_combat_feats2.py, scripted_kinds2.py)
        t = opt.params.get("target", e)
        wounds = gs.wounds(t)
        if wounds <= 0:
            continue
        if scatters_use(gs, e, objects.gear(gs, int(str(ref).split(":")[1])), t) is not None:
            continue                # TRT-INFINITE-RANGE: outside the field of view it scatters: no gamble on a cure
        down = gs.world.get(t, Life).state == "incapacitated"
        share = wounds / max(1, gs.attrs(t).CON)
        if urgent and not down and share < BADLY:
            continue
        score = (down, share, -opt.cost)
        if best is None or score > best[0]:
            best = (score, opt)
    return None if best is None else best[1].decision(p.side, e)


def take_stim(match, p: Pending, attack_cost: int) -> Decision | None:
    """GNA-16: a stim on itself just before a shot or a charge (the caller has one ready costing `attack_cost`), when
    it helps: one that gives ENE (``use_ene``) when it adds at least STIM_ENE_GAIN after its use; one that raises an
    attribute (``use_boost``) on AGI (the CH IMP) when the attack stays affordable after it. At most one stim a turn
    (two combat drugs in one turn wound, TRT-COMBAT-DRUGS); only the engine's legal options."""
    key = by_rule(p, "GNA-16")
    gs, e = match.gs, p.actor
    if key is None or took_this_turn(gs, e):
        return None
    energy = gs.energy(e)
    for opt in match.engine.legal_options(key):
        if opt.params.get("target", e) != e:
            continue
        g = objects.gear(gs, int(str(opt.params["item"]).split(":")[1]))
        hooks = traits.use_effects(g)
        if "use_ene" in hooks and min(ENERGY_CAP, energy - opt.cost + 5) - energy >= STIM_ENE_GAIN:
            return opt.decision(p.side, e)
        if "use_boost" in hooks and opt.params.get("choice") == ATTACK_ATTRIBUTE \
                and energy - opt.cost >= attack_cost:
            return opt.decision(p.side, e)
    return None
