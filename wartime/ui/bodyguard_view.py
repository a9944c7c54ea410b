"""Guardaespaldas in the window (TRT-BODYGUARD): the lines and the title of the bodyguard's question (who was hit by
whom, where the bodyguard would stand: on the line of fire, or in base contact with a melee attacker; the engine's
odds of the hit on each of them). Read-only: the options come from the engine (rules/bodyguard.py)."""
from __future__ import annotations

from wartime.rules import bodyguard
from wartime.rules.odds import attack_odds


def _after_hit(gs, attacker: int, who: int, weapon: int | None, melee: bool) -> str:
    odds = attack_odds(gs, attacker, who, weapon_index=weapon, ranged=not melee, unarmed=weapon is None)
    if odds.p_hit <= 0:
        return "no odds"
    return (f"CH DEF {float(odds.p_def):.0%}, {float(odds.expected_wounds / odds.p_hit):.1f} wounds expected, "
            f"out of action {float(odds.p_incapacitate / odds.p_hit):.0%}")


def bodyguard_lines(gs, p, name) -> list[str]:
    """The prompt's lines for the pending bodyguard question `p` (`name`: the window's naming of a miniature)."""
    q = bodyguard.current(gs)
    if q is None:
        return []
    short = lambda x: name(x).split(" ", 1)[-1]              # noqa: E731 (a local shorthand)
    x, y = q.spot(p.actor)
    return [f"{name(q.attacker)} hit {short(q.target)}" + (" with a critical." if q.critical else "."),
            f"{short(p.actor)} may take the hit (Guardaespaldas): it steps "
            + ("between them, in base contact with the attacker," if q.melee else "onto the line of fire")
            + f" at ({x:.1f}, {y:.1f}) and makes the CH DEF itself. No CH VOL, no ENE.",
            f"On {short(q.target)}: {_after_hit(gs, q.attacker, q.target, q.weapon, q.melee)}.",
            f"On {short(p.actor)}: {_after_hit(gs, q.attacker, p.actor, q.weapon, q.melee)}."]


def bodyguard_title(side: str, p, name) -> str:
    return f"{side}: {name(p.actor).split(' ', 1)[-1]} — take the hit (Guardaespaldas)?"


def bodyguard_status(side: str, p, name) -> str:
    return (f"{side}: {name(p.actor)} may take the hit meant for {name(p.against_target)} (Guardaespaldas, "
            "TRT-BODYGUARD: no CH VOL, no ENE), or pass.")
