"""The scripted controller's use of the second group of combat feats (issue 12), inert for a character the engine
asks no such question:

* Guardaespaldas (TRT-BODYGUARD): asked whether it takes a hit just landed on an ally, the bodyguard takes it when
  the engine's own odds of that hit (rules.odds `attack_odds` of the attacker's weapon, ranged or melee as the hit
  is, divided by its P(hit): the
  CH DEF, wounds and incapacitation that follow a hit) say the side loses less that way: the points of the one put
  out of action times the chance of it, plus a wound's worth (one point) per expected wound. A critical's DMG +1
  counts the same for both, so it is left out. A ram (CBA-23, no weapon) is priced as an unarmed blow of the
  rammer, the same for both, as the odds have no ram of their own.
* Ponzoña (TRT-VENOM): the venom does nothing but to a target allergic to its substance (DMG ×2), so it is poured
  (Usar) only when an enemy on the table is allergic to it, on the weapon of the most DMG that is not coated yet
  (the engine's legal options only), keeping ENE for a shot or a blow with it afterwards."""
from __future__ import annotations

from fractions import Fraction

from wartime.ai.candidates import by_rule
from wartime.core.components import Identity
from wartime.rules import bodyguard, objects, traits
from wartime.rules.traits.combat_feats2 import venom_of
from wartime.rules.traits.protections import VENOM, attack_type, params
from wartime.rules.odds import attack_odds
from wartime.rules.sequence import Decision, Pending


def _loss(gs, attacker: int, who: int, weapon: int | None, melee: bool = False) -> Fraction | None:
    """Points the side is expected to lose if `who` takes the hit (None: the odds give no hit to divide by)."""
    odds = attack_odds(gs, attacker, who, weapon_index=weapon, ranged=not melee, unarmed=weapon is None)
    if odds.p_hit <= 0:
        return None
    cost = gs.world.get(who, Identity).cost
    return (odds.p_incapacitate * cost + odds.harm) / odds.p_hit


def take_hit(match, p: Pending) -> Decision | None:
    """The answer to a bodyguard's question (see the module docstring), or None when none is asked."""
    if p.window != bodyguard.WINDOW:
        return None
    gs = match.gs
    q = bodyguard.current(gs)
    mine = _loss(gs, q.attacker, p.actor, q.weapon, q.melee)
    theirs = _loss(gs, q.attacker, q.target, q.weapon, q.melee)
    if mine is not None and theirs is not None and mine < theirs:
        return Decision("react", p.side, actor=p.actor, action=bodyguard.KEY)
    return Decision("react", p.side, actor=p.actor)


def _allergic_to(gs, e: int, substance: str) -> bool:
    """TRT-ALLERGIC: whether `e` is allergic to `substance` (an element key)."""
    return any(attack_type(p) == substance for p in params(gs, e, "TRT-ALLERGIC"))


def coat_weapon(match, p: Pending) -> Decision | None:
    """The venom's Usar (see the module docstring), or None."""
    key = by_rule(p, "GNA-16")
    if key is None:
        return None
    gs, e = match.gs, p.actor
    if not any("use_coat" in traits.use_effects(g) for _, g in objects.held_gear(gs, e)):
        return None                                     # no venom held: nothing asked of the engine
    best = None
    for opt in match.engine.legal_options(key):
        ref = opt.params.get("item")
        g = None if ref is None else objects.gear(gs, int(str(ref).split(":")[1]))
        if g is None or "use_coat" not in traits.use_effects(g) or opt.params.get("target", e) != e:
            continue
        substance = venom_of(g)
        if not any(_allergic_to(gs, o, substance) for o in gs.enemies(e)):
            continue
        w = gs.equipment(e).weapons[int(str(opt.params["choice"]).split(":")[1])]
        if traits.trait_arg(w, VENOM) == substance or gs.energy(e) - opt.cost < w.ENE:
            continue
        if best is None or w.current_dmg > best[0]:
            best = (w.current_dmg, opt)
    return None if best is None else best[1].decision(p.side, e)
