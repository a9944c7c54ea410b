"""Fortuna in the window (TRT-FORTUNE): the lines, title and status of a Fortune question (what was rolled or dealt,
the alternatives offered, the engine's odds of a reroll). Read-only: the options come from the engine
(rules/fortune.py)."""
from __future__ import annotations

from wartime.rules import fortune
from wartime.rules.odds import p_pass

MOMENTS = {
    "check": "its own {check} failed: die {die} against {target}",
    "enemy_check": "{other}'s {check} against it passed: die {die} against {target}",
    "hit": "its hit deals {wounds} wound(s); DMG +1 would deal {more}",
    "damage": "a hit would deal it {wounds} wound(s)",
    "activation": "its activation starts with {wounds} wound(s)",
    "initiative": "its initiative die is {die}",
    "dispersion": "its area dispersed: its highest distance die is {die}",
    "landing": "{other}'s area dispersed onto it: the highest distance die is {die}",
    "percent": "its 1D100 for {check} went against it: {die} against {target} %",
    "luck": "Afortunado's 1D10 is {die}",
    "void_runes": "Runas de vacío's 1D10 is {die} (5 or less cancels the metahability)",
}


def fortune_lines(gs, p, name) -> list[str]:
    """The prompt's lines for the pending Fortune question `p` (`name`: the window's naming of a miniature)."""
    q = fortune.current(gs)
    if q is None:
        return []
    short = lambda x: name(x).split(" ", 1)[-1]              # noqa: E731 (a local shorthand)
    what = MOMENTS[q.moment].format(check=q.check, die=q.die, target=q.target, wounds=q.wounds, more=q.more,
                                    other=short(q.other) if q.other is not None else "")
    lines = [f"{short(q.who)} (Fortuna): {what}.",
             "Once per turn: " + "; ".join(fortune.LABELS[u] for u in q.uses) + ", or pass and keep it."]
    if fortune.CANCEL_DIE in q.uses and q.moment in ("check", "enemy_check"):
        lines.append(f"A new die passes {float(p_pass(q.target)):.0%} of the time (CHK-2).")
    elif fortune.CANCEL_DIE in q.uses and q.moment == "percent":
        lines.append(f"A new 1D100 repeats it {q.target} % of the time (BAS-6).")
    elif fortune.CANCEL_DIE in q.uses:
        lines.append("Cancelling rolls that die again; the new die stands.")
    return lines


def fortune_odds_note(odds) -> str | None:
    """The odds' Fortune figures (rules.odds.AttackOdds `with_fortune`, `target_fortune`) in words, or None."""
    parts = []
    best = getattr(odds, "with_fortune", None)
    if best is not None:
        parts.append(f"with its Fortune on the CH IMP: hits {float(best.p_hit):.0%}, "
                     f"{float(best.expected_wounds):.2f} wounds")
    if getattr(odds, "target_fortune", False):
        parts.append("the target's Fortune may ignore the damage")
    return "Fortuna: " + "; ".join(parts) if parts else None


def fortune_title(side: str, p, name) -> str:
    return f"{side}: {name(p.actor).split(' ', 1)[-1]} — use Fortune (once per turn)?"


def fortune_status(side: str, p, name) -> str:
    return f"{side}: {name(p.actor)} may use its Fortune (TRT-FORTUNE, once per turn: no CH VOL, no ENE), or pass."
