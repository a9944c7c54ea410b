"""The cover a hit's target is behind, before its defence check (CMB-17, CMB-18): shared by the CH DEF against
wounds (rules.combat.resolve_hit) and the check against a stress hit (rules.stress_hits)."""
from __future__ import annotations

from wartime.rules.checks import Modifier, roll_check


def cover_mods(world, target: int, cover) -> list[Modifier] | None:
    """CMB-18: fully hidden, first a CH DEF of the cover: passed, the attack is stopped (None; `attack_stopped`);
    failed, CH +2 on the target's check. CMB-17: more than 50 % hidden, CH +2. No cover (None): no modifier."""
    if cover is not None and cover.full:
        c = roll_check(world, target, "COVER", None, cover.piece_def, [], "CMB-18", "cover check",
                       hidden_fraction=cover.hidden_fraction)
        if c.passed:
            world.emit("attack_stopped", "CMB-18", target=target)
            return None
        return [Modifier("CMB-18", 2, "100% hidden")]
    if cover is not None and cover.over_half:
        return [Modifier("CMB-17", 2, "more than 50% hidden")]
    return []
