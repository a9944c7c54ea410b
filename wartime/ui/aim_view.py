"""Corrector de puntería in the window (TRT-AIM-CORRECTOR): the lines, title and status of the question after an area
attack dispersed (where it was aimed, where it landed, whether it lost the aim; the engine's value of the area at
each point). Read-only: the options come from the engine (rules/aim_correction.py)."""
from __future__ import annotations

from wartime.rules import aim_correction, areas


def aim_lines(gs, p, name) -> list[str]:
    """The prompt's lines for the pending aim corrector question `p` (`name`: the window's naming of a miniature)."""
    q = aim_correction.current(gs)
    if q is None:
        return []
    short = name(q.who).split(" ", 1)[-1]
    where = (f"({q.landed[0]:.1f}, {q.landed[1]:.1f})" if q.on_board else "off the board: the attack is lost")
    lines = [f"{short}'s {q.area} dispersed (ARE-9) from ({q.aimed[0]:.1f}, {q.aimed[1]:.1f}) to {where}"
             + (", losing the aim." if q.lost and q.on_board else "."),
             "Corrector de puntería: reroll the dispersion once (dice and direction); the second one stands."]
    aimed = areas.worth_at(gs, q.who, q.weapon, q.area, *q.aimed, q.level)
    landed = areas.worth_at(gs, q.who, q.weapon, q.area, *q.landed, q.level) if q.on_board else 0.0
    if aimed is not None and landed is not None:
        lines.append(f"Expected harm (enemies' wounds + 2 × casualties, less your own): where it landed "
                     f"{landed:.2f}, where aimed {aimed:.2f}.")
    return lines


def aim_title(side: str, p, name) -> str:
    return f"{side}: {name(p.actor).split(' ', 1)[-1]} — reroll the dispersion?"


def aim_status(side: str, p, name) -> str:
    return (f"{side}: {name(p.actor)} may reroll its area's dispersion (TRT-AIM-CORRECTOR: once, no ENE), or keep "
            "it.")
