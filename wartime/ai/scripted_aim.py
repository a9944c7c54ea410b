"""The scripted controller's answer to Corrector de puntería's question (TRT-AIM-CORRECTOR, rules/aim_correction.py):
after its area attack dispersed, reroll the dispersion or keep it, by the engine's own odds. The area where it
landed is priced by rules.areas.expected_area_value (exact: each covered mini's CH DEF, wounds and casualties;
enemies minus its own side), per hit (the CH IMP has already been rolled: the area lands without another); the
same area where it was aimed gives what the attack was worth. It rerolls a landing off the board (ARE-9: the attack
is lost), and a landing worth nothing or less (no enemy hurt, or its own side hurt more) when the aimed point was
worth more; it keeps a landing that still does harm (a reroll may do worse, and the second one stands). An S chain
(no point of its own) follows the engine's plain rule: reroll when the aim was lost."""
from __future__ import annotations

from wartime.rules import aim_correction, areas
from wartime.rules.sequence import Decision, Pending


def _worth(gs, q, at) -> float | None:
    """rules.areas.worth_at of `q`'s area centred on `at`."""
    return areas.worth_at(gs, q.who, q.weapon, q.area, at[0], at[1], q.level)


def reroll_wanted(gs, q) -> bool:
    """TRT-AIM-CORRECTOR: whether the scripted controller rerolls the dispersion of question `q` (module docstring)."""
    if not q.on_board:
        return True
    landed, aimed = _worth(gs, q, q.landed), _worth(gs, q, q.aimed)
    if landed is None or aimed is None:
        return q.lost
    return landed <= 0 < aimed


def aim_answer(match, p: Pending) -> Decision | None:
    """The answer to the aim corrector's question, or None when none is asked."""
    if p.window != aim_correction.WINDOW:
        return None
    q = aim_correction.current(match.gs)
    if q is not None and reroll_wanted(match.gs, q):
        return Decision("react", p.side, actor=p.actor, action=aim_correction.KEY)
    return Decision("react", p.side, actor=p.actor)
