"""Falls (MVA-9 ruling 4: the fall table every fall of the game uses): the table's DMG and the fall itself, an
automatic hit. Below the actions (rules/actions/falling.py re-exports them) so that a rule outside an action can
make a character fall (rules/scenery_breaking.py: a destroyed piece under a climber)."""
from __future__ import annotations

from wartime.rules import traits
from wartime.rules.combat import resolve_hit
from wartime.rules.state import GameState


def fall_damage(drop: float, model_height: float) -> int:
    """MVA-9: DMG of a fall of `drop` K for a model `model_height` K tall: h ≤ 2m → 0; ≤ 3m → 4; ≤ 4m → 7;
    more → 10."""
    m = model_height
    if drop <= 2 * m + 1e-9:
        return 0
    if drop <= 3 * m + 1e-9:
        return 4
    if drop <= 4 * m + 1e-9:
        return 7
    return 10


def fall(gs: GameState, ctx, e: int, drop: float, rule: str = "MVA-9") -> int:
    """MVA-9 ruling (2) and (4): a fall of `drop` K: the table's DMG as an automatic hit (no CH IMP, a normal
    CH DEF, no cover); DMG 0 does nothing. Returns the wounds dealt."""
    dmg = traits.fall_dmg(gs, e, fall_damage(drop, gs.body(e).height))      # hook fall_damage (TRT-FALL-WITH-STYLE)
    gs.world.emit("fall", rule, who=e, drop=round(drop, 4), dmg=dmg)
    if dmg <= 0:
        return 0
    return resolve_hit(gs, ctx, None, e, dmg, melee=False, automatic=True, rule=rule)
