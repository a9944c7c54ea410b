"""The scripted controller's use of the second group of combat feats (issue 12), inert for a character the engine
asks no such question:

* Guardaespaldas (TRT-BODYGUARD): asked whether it takes a hit just landed on an ally, the bodyguard takes it when
  the engine's own odds of that hit (rules.odds `attack_odds` of the attacker's weapon, divided by its P(hit): the
  CH DEF, wounds and incapacitation that follow a hit) say the side loses less that way: the points of the one put
  out of action times the chance of it, plus a wound's worth (one point) per expected wound. A critical's DMG +1
  counts the same for both, so it is left out."""
from __future__ import annotations

from fractions import Fraction

from wartime.core.components import Identity
from wartime.rules import bodyguard
from wartime.rules.odds import attack_odds
from wartime.rules.sequence import Decision, Pending


def _loss(gs, attacker: int, who: int, weapon: int | None) -> Fraction | None:
    """Points the side is expected to lose if `who` takes the hit (None: the odds give no hit to divide by)."""
    odds = attack_odds(gs, attacker, who, weapon_index=weapon, ranged=True, unarmed=weapon is None)
    if odds.p_hit <= 0:
        return None
    cost = gs.world.get(who, Identity).cost
    return (odds.p_incapacitate * cost + odds.expected_wounds) / odds.p_hit


def take_hit(match, p: Pending) -> Decision | None:
    """The answer to a bodyguard's question (see the module docstring), or None when none is asked."""
    if p.window != bodyguard.WINDOW:
        return None
    gs = match.gs
    q = bodyguard.current(gs)
    mine = _loss(gs, q.attacker, p.actor, q.weapon)
    theirs = _loss(gs, q.attacker, q.target, q.weapon)
    if mine is not None and theirs is not None and mine < theirs:
        return Decision("react", p.side, actor=p.actor, action=bodyguard.KEY)
    return Decision("react", p.side, actor=p.actor)
