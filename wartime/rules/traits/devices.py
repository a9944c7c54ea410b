"""Aiming and marking devices (issue 12, group C): TRT-AIM-CORRECTOR (Corrector de puntería).

TRT-AIM-CORRECTOR is played on weapons: their user may reroll an area attack's dispersion (ARE-9). The choice is the
controller's; the engine takes it for them by one plain rule (``aim_lost``), as it takes a G2 reroll of a failed
check: the first dispersion is rerolled (dice and direction, once; the second one stands) when it lost the attack
off the board or left the aimed point outside the area, so that a reroll can only bring the area back where it was
aimed. On an object the trait is refused (no object of the catalogue makes an area attack)."""
from __future__ import annotations

import math

from wartime.geometry.templates import JUMP_RANGE
from wartime.rules.traits.registry import register


def aim_corrector(weapon) -> bool:
    """TRT-AIM-CORRECTOR: the weapon's user may reroll the dispersion (scatter) of its area attacks."""
    return True


def aim_lost(template, aim_x: float, aim_y: float, to_x: float, to_y: float, on_board: bool) -> bool:
    """TRT-AIM-CORRECTOR: whether a dispersion that took the area's point from the aimed (aim_x, aim_y) to
    (to_x, to_y) lost the aim, so the controller rerolls it: it left the board (ARE-9: the attack is lost), or the
    moved `template` no longer covers the aimed point (an S chain, no template: it landed farther than an ARE-4 jump,
    3 K, from it)."""
    if not on_board:
        return True
    if template is None:
        return math.hypot(to_x - aim_x, to_y - aim_y) > JUMP_RANGE
    return not bool(template.contains([aim_x], [aim_y])[0])


register("TRT-AIM-CORRECTOR", "Corrector de puntería", {"scatter_reroll": aim_corrector}, kinds=("weapon",))
