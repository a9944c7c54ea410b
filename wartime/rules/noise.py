"""Noise in the rules (ENV-6..8, REA-6, REA-7): how far an action is heard and who hears it.

The geometry (`geometry.noise.hear`) follows the straight 2D line from the source to each listener's nearest
base point and muffles the noise at every wall; this module turns weapons and moves into noise ranges, picks
the listeners (able minis at a level that can hear the source) and records who heard each noisy action in a
`noise` event (`heard_by`). The reactions (REA-8) ask `who_hears(gs, source, noise_range)`.
"""
from __future__ import annotations

import math
from typing import Iterable, Sequence

from wartime.geometry import noise as geo_noise
from wartime.geometry.heights import LEVEL_2_HEIGHT, can_interact
from wartime.rules import traits
from wartime.rules.state import GameState


def weapon_noise(weapon) -> float:
    """ENV-6 / REA-6: a weapon with RNG > 0 is heard at DMG × 2 K (its current DMG, WND-6, without CON or
    situational modifiers), except wind and string weapons (`quiet`) and those a trait silences (hook point
    `weapon_quiet`, e.g. TRT-SUPPRESSOR); a noisy melee weapon (`noisy_melee`, a chainsaw) is heard at DMG × 2
    too; other melee weapons make no noise."""
    if weapon is None or getattr(weapon, "quiet", False) or traits.weapon_is_quiet(weapon):
        return 0.0
    if weapon.RNG > 0 or getattr(weapon, "noisy_melee", False):
        return 2.0 * weapon.current_dmg
    return 0.0


def movement_noise(length: float) -> float:
    """ENV-7 / REA-6: a movement action is heard at 2 × the K actually travelled in it."""
    return 2.0 * max(0.0, float(length))


def _source(gs: GameState, source) -> tuple[float, float, float, int, int | None]:
    """(x, y, radius, level, entity) of a source: a mini (its base, ENV-6) or an (x, y) point at level 1."""
    if isinstance(source, int):
        p = gs.pos(source)
        return p.x, p.y, gs.body(source).radius, p.level, source
    x, y = source[0], source[1]
    level = int(source[2]) if len(source) > 2 else 1
    return float(x), float(y), 0.0, level, None


def who_hears(gs: GameState, source, noise_range: float, listeners: Iterable[int] | None = None) -> list[int]:
    """ENV-6..8, REA-6..8: the minis that hear a noise of `noise_range` K made by `source` (an entity: its base;
    or an (x, y[, level]) point), in id order.

    Listeners are `listeners` if given, else every able mini (not incapacitated, dead or unconscious) but the
    source, of any side. Levels (MOV-11, MOV-12): levels 1 and 2 hear each other across the 3 K between them
    (BAS-3 3D distance); levels 3, 4 and −1 hear only their own level. Walls (blocks_los pieces over 0.75 K) halve the range left where the line enters them and
    subtract their DEF (ENV-8, REA-7)."""
    if noise_range <= 0:
        return []
    sx, sy, sr, level, ent = _source(gs, source)
    cand = [e for e in (gs.minis() if listeners is None else listeners)
            if e != ent and gs.able(e) and can_interact(level, gs.pos(e).level, True)]
    # MOV-12 / BAS-3: a listener one level away (1 ↔ 2) is 3 K above or below: the noise must cover the 3D edge
    # distance √(g² + 3²), i.e. a horizontal gap of at most √(range² − 3²)
    flat = math.sqrt(max(0.0, noise_range * noise_range - LEVEL_2_HEIGHT * LEVEL_2_HEIGHT))
    groups: dict[float, list[int]] = {}
    for e in cand:
        p = gs.pos(e)
        reach = noise_range if p.level == level else flat
        if reach > 0 and math.hypot(p.x - sx, p.y - sy) - sr - gs.body(e).radius <= reach + 1e-9:
            groups.setdefault(reach, []).append(e)   # walls only shorten a noise: the distance is a cheap filter
    if not groups:
        return []
    if not len(gs.board.walls(geo_noise.WALL_MIN_HEIGHT)):
        return sorted(e for near in groups.values() for e in near)
    out = []
    for reach, near in groups.items():
        xs = [gs.pos(e).x for e in near]
        ys = [gs.pos(e).y for e in near]
        rs = [gs.body(e).radius for e in near]
        heard = geo_noise.hear(gs.board, sx, sy, sr, reach, xs, ys, rs)
        out += [e for e, h in zip(near, heard) if h.heard]
    return sorted(out)


def emit_noise(gs: GameState, source, noise_range: float, rule: str, **data) -> list[int]:
    """Record a noisy action: a `noise` event (ENV-6 / ENV-7) with its range and `heard_by`, the ids of the
    minis that hear it. A silent action (range 0) records nothing. Returns `heard_by`."""
    if noise_range <= 0:
        return []
    heard = who_hears(gs, source, noise_range)
    where: Sequence[float]
    if isinstance(source, int):
        p = gs.pos(source)
        where = (p.x, p.y)
        data.setdefault("who", source)
    else:
        where = (float(source[0]), float(source[1]))
    gs.world.emit("noise", rule, source=list(where), range=float(noise_range), heard_by=heard, **data)
    return heard
