"""Areas that stay on the board (TRT-PERSISTENT-AREA, TRT-SMOKE, TRT-DENSE-SMOKE): the `AreaEffect` component,
the query of those on the board, and the CH IMP malus of smoke on a line of fire. Below rules.modifiers (which
prices smoke into every ranged attack); placing, expiring and hitting with them is rules.areas."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from wartime.geometry.measure import point_segment_distances
from wartime.rules.checks import Modifier, combine
from wartime.rules.state import GameState


@dataclass(frozen=True, slots=True)
class AreaEffect:
    """An area left on the board, as an entity of its own.

    kind 'persistent' (Área permanente, trait ruling: the template stays for the rest of the game; a mini that
    ends a movement action in it or starts its activation in it suffers the attack's DMG again, no CH IMP) or
    'smoke' (Humo / Humo denso, trait ruling: a sphere `radius` K around P until the start of its owner's next
    activation; ranged attacks into, out of or through it have CH IMP `malus`). (x, y) is P, (ux, uy) the
    template's direction, `dmg` the attack's DMG."""
    kind: str
    code: str
    x: float
    y: float
    ux: float
    uy: float
    level: int
    owner: int
    weapon: str
    dmg: int = 0
    radius: float = 0.0
    malus: int = 0
    rule: str = "TRT-PERSISTENT-AREA"


# State checksums name a component table by module and class (match.record): the table keeps the name of the
# module that defined it first (rules.areas, which re-exports it), so records written before the move verify.
AreaEffect.__module__ = "wartime.rules.areas"



@dataclass(frozen=True, slots=True)
class AreaElements:
    """The elements and substances an area left on the board delivers with its hits (rules.traits.protections
    ELEMENTS keys): an Área permanente template's, those its weapon's ammunition delivers (a fire weapon's template
    is a burning zone: TRT-ALLERGIC, TRT-INVULNERABLE, TRT-RESISTANCE meet its hits as the weapon's). A component of
    its own on the area's entity, set only when there are some (state checksums of areas delivering nothing stay as
    they were)."""
    elements: tuple[str, ...]


#: The kinds of area that hit a mini starting its activation in it or entering it (rules.areas): Área permanente's
#: template (TRT-PERSISTENT-AREA; its owner is exempt) and Munición radiactiva's R3 (TRT-RADIOACTIVE-AMMO: anyone).
HITTING = ("persistent", "radioactive")


def add_effect(gs: GameState, eff: AreaEffect) -> int:
    """Create the area effect entity `eff` and record it (`area_effect_placed`, named by its rule)."""
    eid = gs.world.create(eff)
    gs.world.emit("area_effect_placed", eff.rule, area=eid, kind=eff.kind, code=eff.code, centre=[eff.x, eff.y],
                  level=eff.level, owner=eff.owner, dmg=eff.dmg, radius=eff.radius, malus=eff.malus)
    return eid


def hitting(gs: GameState) -> list[tuple[int, AreaEffect]]:
    """The area effects that hit who starts in or enters them (``HITTING``), in id order."""
    return [(e, eff) for e, eff in effects(gs) if eff.kind in HITTING]


def effects(gs: GameState, kind: str | None = None) -> list[tuple[int, AreaEffect]]:
    """The area effects on the board, in id order (optionally of one kind)."""
    table = gs.world.tables.get(AreaEffect)
    if not table:
        return []
    return [(e, table[e]) for e in sorted(table) if kind is None or table[e].kind == kind]


def smoke_mods(gs: GameState, attacker: int, tx: float, ty: float, weapon=None) -> list[Modifier]:
    """TRT-SMOKE / TRT-DENSE-SMOKE: a ranged attack whose line from the attacker to the target (2D) enters,
    leaves or crosses a smoke sphere at the attacker's level has CH IMP −1 (Humo) or −3 (Humo denso); each kind
    counts once. The line starts at `weapon`'s muzzle (ENV-3: a transport's mounted weapon at its mount point, as
    sight measures it; else the attacker's centre)."""
    table = gs.world.tables.get(AreaEffect)
    if not table:
        return []
    p = gs.pos(attacker)
    x0, y0 = gs.muzzle(attacker, weapon)[:2]
    out = []
    for eid, eff in effects(gs, "smoke"):
        if eff.level != p.level:
            continue
        d = point_segment_distances(np.array([eff.x]), np.array([eff.y]), x0, y0, tx, ty)[0]
        if d <= eff.radius + 1e-9:
            out.append(Modifier(eff.rule, eff.malus, "smoke"))
    return list(combine(out))
