"""Who an area covers and how much DMG it deals them (ARE-5, ARE-6, MOV-11): shared by the area attacks
(rules/areas.py) and the areas a trait leaves when its bearer dies (TRT-LIVING-BOMB, rules/combat.py). Reads the
game state only (no trait registry: rules.traits may not import it back)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from wartime.core.rounding import round_half_up
from wartime.geometry import grid as geo_grid
from wartime.geometry import templates

if TYPE_CHECKING:
    from wartime.rules.state import GameState


def _candidates(gs: GameState, attacker: int | None, level: int) -> list[int]:
    """MOV-11: the minis an area can reach: on the table (not dead), at the area's level, in id order, except
    `attacker` (pass None to include it: a template covers the attacker like anyone else, ARE-5 revised 2026-11;
    only an S chain never jumps to its attacker, ARE-4)."""
    return [e for e in gs.minis() if e != attacker and gs.on_table(e) and gs.pos(e).level == level]


def covered_minis(gs: GameState, template: templates.Template, level: int,
                  attacker: int | None) -> list[tuple[int, bool]]:
    """ARE-5 / ARE-6: (mini, fully covered) for every mini the template covers at `level`, in id order.

    Continuous board: full = at least 99.9 % of the base inside, partial = some area but less (a touch is not
    covered). Grid variant (MOV-15): the area covers the squares whose centre it contains; a mini is fully
    covered if all its squares are, partly if some are. ARE-5 (revised 2026-11): the book names no exemption, so
    the attacker's own base is covered like anyone's (`attacker` is kept for the callers' symmetry)."""
    return covered_bases(gs, template, _candidates(gs, None, level))


def covered_bases(gs: GameState, template: templates.Template, cand: list[int]) -> list[tuple[int, bool]]:
    """ARE-5 / ARE-6: (base, fully covered) for each of the bases `cand` (entities with a Position and a Body) the
    template covers, in their order, as `covered_minis` measures them."""
    if not cand:
        return []
    if gs.board.grid:
        out = []
        for e in cand:
            sq = gs.squares(e)
            n = len(geo_grid.covered_squares(template, sq))
            if n:
                out.append((e, n == len(sq)))
        return out
    xs = np.array([gs.pos(e).x for e in cand])
    ys = np.array([gs.pos(e).y for e in cand])
    rs = np.array([gs.body(e).radius for e in cand])
    full, partial = templates.coverage(template, xs, ys, rs)
    return [(e, bool(f)) for e, f, p in zip(cand, full.tolist(), partial.tolist()) if f or p]


def area_dmg(dmg: int, full: bool) -> int:
    """ARE-5 / ARE-6: a fully covered mini takes the attack's DMG, a partly covered one half of it, BAS-5
    rounded (after DMG modifiers such as the critical +1, before DEF)."""
    return dmg if full else round_half_up(dmg / 2)
