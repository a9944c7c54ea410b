"""The scripted controller's use of La mano de la muerte (TRT-HAND-OF-DEATH, TRT-DOOMED; issue 12, group B), chosen
among the engine's legal options only: one wound of its own (or, with VOL 6, of an ally) onto an enemy that cannot
resist (incapacitated or unconscious: a plain CH VOL) or whose VOL is not above the bearer's (the CH VOL ENF is
at least even), a kill first; a doomed bearer whose doom is pending (Condenado) takes any such chance, an enemy of
higher VOL included, rather than lose a level of every attribute. And Desafiar (TRT-CHALLENGER): a challenger
armed for melee and not engaged calls out a shooter (an enemy with a ranged weapon and no melee one) whose VOL is
not above its own, not yet challenged, the hardest-hitting first. Inert for a character the engine offers no such
action: the keys are looked up by their rule among the offered ones."""
from __future__ import annotations

from wartime.ai.candidates import by_rule, options_of
from wartime.rules.sequence import Decision, Pending
from wartime.rules.traits.battle_cries import Challenged

RULE = "TRT-HAND-OF-DEATH"


def pass_wound(match, p: Pending) -> Decision | None:
    """The best legal Mano de la muerte onto an enemy (see the module docstring), or None."""
    key = by_rule(p, RULE)
    if key is None:
        return None
    gs, e = match.gs, p.actor
    spent = gs.effects(e).spent
    doom = "TRT-DOOMED" in spent and RULE not in spent
    vol = gs.attrs(e).VOL
    best = None
    for opt in options_of(match.engine, (key,)):
        t = opt.params["target"]
        if gs.side(t) == gs.side(e):
            continue
        free = not gs.able(t)
        if not (free or doom or gs.attrs(t).VOL <= vol):
            continue
        kills = gs.wounds(t) + 1 > gs.attrs(t).CON
        score = (opt.params.get("source", e) == e and doom, kills, free, -gs.attrs(t).VOL, -t)
        if best is None or score > best[0]:
            best = (score, opt)
    return None if best is None else best[1].decision(p.side, e)


def _armed(gs, e: int, ranged: bool) -> list:
    return [w for w in gs.equipment(e).weapons if w.ranged == ranged and not w.disabled]


def challenge(match, p: Pending) -> Decision | None:
    """The best legal Desafiar (see the module docstring), or None."""
    key = by_rule(p, "TRT-CHALLENGER")
    gs, e = match.gs, p.actor
    if key is None or gs.engaged(e) or not _armed(gs, e, False):
        return None
    best = None
    for opt in options_of(match.engine, (key,)):
        t = opt.params["target"]
        guns = _armed(gs, t, True)
        if (not guns or _armed(gs, t, False) or gs.engaged(t) or gs.attrs(t).VOL > gs.attrs(e).VOL
                or gs.world.has(t, Challenged)):
            continue
        score = (max(w.current_dmg for w in guns), -t)
        if best is None or score > best[0]:
            best = (score, opt)
    return None if best is None else best[1].decision(p.side, e)
