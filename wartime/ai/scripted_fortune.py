"""The scripted controller's use of Fortuna (TRT-FORTUNE, rules/fortune.py), inert for a character the engine asks no
such question. The engine asks only when the use is free and the alternative changes something; the controller
spends it by the engine's own odds (rules.odds `p_pass`, CHK-2) where it matters most, and otherwise keeps it for a
later, likelier need that turn:

* a fumble of its own check: cancel the die when the reroll passes at least half the time, else ignore the fumble
  (a 10 then passes only against a target of 10 or more, but its effects are gone);
* its own check missed by one: success target +1 (a sure pass);
* another failed check of its own: cancel the die when it is decisive (its CH DEF against a hit, a CH PSI or CH LOC)
  and the reroll passes at least 40 % of the time;
* an enemy's passed check against it (a CH IMP at it): cancel the die when the reroll misses at least 40 % of the
  time;
* a hit about to wound it: ignore the damage when the wounds would put it out of action (CON reached) or are 2 or
  more;
* its hit: DMG +1 when that wound puts the target out of action;
* its activation with wounds: recover one when it has 2 or more (one wound back, and ENE-3's gain counts it);
* dice of no check: its initiative die when 3 or less; the highest dispersion die of its own area when 6 or more
  (a new die is likelier smaller); the dispersion of an area landing on it, always; a percentage roll of its own that
  went against it when the reroll avoids it at least 40 % of the time (its wreck's Explota D100 and its 'yonki' roll
  included); its Asiento eyectable die when 8 or more (a new one likelier throws it less far from the fight); an enemy's Afortunado 1 ignoring its hit,
  always (its own Afortunado die is kept: a new one gives a 1 only 10 % of the time)."""
from __future__ import annotations

from fractions import Fraction

from wartime.rules import fortune
from wartime.rules.odds import p_pass
from wartime.rules.sequence import Decision, Pending
from wartime.rules.traits.fortune import (CANCEL_DIE, DMG_PLUS, IGNORE_DAMAGE, IGNORE_FUMBLE, RECOVER, TARGET_PLUS)

#: the checks whose failure the controller rerolls with Fortune (their reasons in the check events)
DECISIVE = ("CH DEF", "second CH DEF", "CH PSI", "CH LOC")


#: dice of no check (rules.fortune.die_cancelled, dispersion_cancelled): when the controller cancels one
NO_CHECK = {
    "initiative": lambda q: q.die <= 3,
    "dispersion": lambda q: q.die >= 6,
    "landing": lambda q: True,
    "percent": lambda q: 100 - q.target >= 40,
    "luck": lambda q: q.die == 1,
    "void_runes": lambda q: True,                   # asked only when the die went against it
    "ejection": lambda q: q.die >= 8,               # thrown far from the fight: a new die is likelier shorter
}


def _choice(gs, q: fortune.FortuneQuestion) -> str | None:
    offered = q.uses
    if TARGET_PLUS in offered:
        return TARGET_PLUS
    if IGNORE_FUMBLE in offered:
        return CANCEL_DIE if CANCEL_DIE in offered and p_pass(q.target) >= Fraction(1, 2) else IGNORE_FUMBLE
    if q.moment == "check" and CANCEL_DIE in offered:
        return CANCEL_DIE if q.check in DECISIVE and p_pass(q.target) >= Fraction(2, 5) else None
    if q.moment == "enemy_check" and CANCEL_DIE in offered:
        return CANCEL_DIE if 1 - p_pass(q.target) >= Fraction(2, 5) else None
    if CANCEL_DIE in offered and q.moment in NO_CHECK:
        return CANCEL_DIE if NO_CHECK[q.moment](q) else None
    if IGNORE_DAMAGE in offered:
        return IGNORE_DAMAGE if q.wounds >= 2 or gs.wounds(q.who) + q.wounds >= gs.attrs(q.who).CON else None
    if DMG_PLUS in offered and q.other is not None:
        con, before = gs.attrs(q.other).CON, gs.wounds(q.other)
        return DMG_PLUS if before + q.wounds < con <= before + q.more else None
    if RECOVER in offered:
        return RECOVER if q.wounds >= 2 else None
    return None


def fortune_answer(match, p: Pending) -> Decision | None:
    """The answer to a Fortune question (see the module docstring), or None when none is asked."""
    if p.window != fortune.WINDOW:
        return None
    q = fortune.current(match.gs)
    return Decision("react", p.side, actor=p.actor, action=_choice(match.gs, q))
