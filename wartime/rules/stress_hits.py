"""Hits that deal stress instead of wounds (TRT-PSYCHIC-AMMO, Munición psíquica; hook ``stress_hit``).

Ruling (the catalogue's): the damage is stress instead of wounds; the target defends with a CH DEF of its Muro
protections (TRT-WALL: their DEF counts against stress, hook ``stress_def``), or, wearing none, like against
Corromper (CBA-18): a CH VOL, stress = DMG − VOL on a pass. Either check: a critical takes no stress, a fumble
DMG + 1, a failure the DMG (CMB-3, CMB-4, CMB-7, CMB-9 as for wounds). The hit's cover counts as for a CH DEF:
a CMB-18 cover check first when fully hidden (passed: the attack is stopped), CH +2 when more than half hidden
(CMB-17). The stress thresholds apply (PSI-14, PSI-16); no CH PSI follows (no wounds)."""
from __future__ import annotations

from wartime.rules import traits
from wartime.rules.checks import roll_check
from wartime.rules.cover_check import cover_mods
from wartime.rules.item_use import stress_def_kept
from wartime.rules.modifiers import roll_character_check
from wartime.rules.psychology import add_stress
from wartime.rules.state import GameState

RULE = "TRT-PSYCHIC-AMMO"


def stress_taken(dmg: int, defense: int, check) -> int:
    """The stress of a stress hit of DMG `dmg` after the target's check (`defense` subtracted on a pass)."""
    if check.critical:
        return 0
    if check.fumble:
        return dmg + 1
    return max(0, dmg - defense) if check.passed else dmg


def resolve_stress_hit(gs: GameState, ctx, attacker: int | None, target: int, dmg: int, *, cover=None,
                       rule: str = RULE) -> int:
    """TRT-PSYCHIC-AMMO: the target's side of a hit that deals `dmg` stress (module docstring). Returns the stress."""
    world = gs.world
    mods = cover_mods(world, target, cover)                      # CMB-18 cover check, CMB-17 / CMB-18 CH +2
    if mods is None:
        return 0
    wall = stress_def_kept(gs, ctx, target, rule)                # hook stress_def (TRT-WALL), its use checks first
    if wall is not None:
        d = roll_check(world, target, "DEF", None, wall, mods, rule, "CH DEF against stress",
                       fumble_min=traits.fumble_floor(gs, target))
        defense = wall
    else:
        d = roll_character_check(gs, None, target, "ATR", "VOL", rule, "CH DEF = CH VOL against stress", extra=mods,
                                 against=attacker)
        defense = gs.attrs(target).VOL
    traits.got_hit(gs, target)                                   # hook effect_hit (TRT-MAGIC-SLEEP wakes)
    stress = stress_taken(dmg, defense, d)
    world.emit("stress_hit", rule, who=target, attacker=attacker, dmg=dmg, stress=stress)
    if stress:
        add_stress(gs, ctx, target, stress, rule, source=attacker)
    return stress
