"""Pushing a miniature along the ground (CBA-16 ruling 2): Empujar (rules.actions.combat_special) and
TRT-STOPPING-AMMO (rules.traits.ammo) push a target straight away from its pusher, stopped by obstacles."""
from __future__ import annotations

import math

from wartime.geometry.movement import Other, check_path


def push_end(gs, pusher: int, target: int, distance: float) -> tuple[float, float]:
    """CBA-16 ruling (2): straight away along the line from the pusher's centre through the target's, up to
    `distance` K; it stops at the first obstacle (any terrain piece but open ground), model or the board edge."""
    pa, pt = gs.pos(pusher), gs.pos(target)
    d = math.hypot(pt.x - pa.x, pt.y - pa.y)
    ux, uy = ((pt.x - pa.x) / d, (pt.y - pa.y) / d) if d > 1e-9 else (math.cos(math.radians(pa.facing)),
                                                                       math.sin(math.radians(pa.facing)))
    others_raw, _ = gs.others_for_move(target)
    others = [Other(o.x, o.y, o.r, False) for o in others_raw]      # a push is not a move: MOV-14 does not apply
    r = gs.body(target).radius
    chest = gs.chest_height(target)
    best = (pt.x, pt.y)
    steps = max(1, int(math.ceil(distance / 0.1)))
    for k in range(1, steps + 1):
        s = min(distance, k * 0.1)
        end = (round(pt.x + ux * s, 4), round(pt.y + uy * s, 4))
        chk = check_path(gs.board, [(pt.x, pt.y), end], r, chest, s + 1e-6, others)
        blocked = not chk.ok or any(gs.board.pieces[i].kind not in ("difficult", "extreme") for i in chk.pieces)
        if blocked:
            break
        best = end
    return best
