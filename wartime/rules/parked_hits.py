"""MVA-17: the target's side of a hit on a driverless transport (components.Parked: no character, no traits, no
psychology), shared by every attack that may reach one: a single-target attack (rules/parked.py), an area template
(ARE-5 / ARE-6, rules/areas.py), a blast (WND-5 explosions, TRT-LIVING-BOMB / TRT-FLAMMABLE death blasts). Its wounds
go to the transport by rules/riding.py `hit_parked` (WND-4 / WND-5), which calls `defend` here.

Below riding in the import order (riding's explosion hits parked transports too): this module names no action.
Every function only looks at the driverless transports on the table, so a game where no driver got off never meets
it (no die rolled, no event)."""
from __future__ import annotations

import numpy as np

from wartime.core.components import Mount, Parked
from wartime.geometry import sight, templates
from wartime.rules.area_cover import covered_bases
from wartime.rules.checks import roll_check
from wartime.rules.cover_check import cover_mods
from wartime.rules.state import GameState
from wartime.rules.wounds import wounds_after_def


def parked_at(gs: GameState, level: int) -> list[int]:
    """MOV-11: the driverless transports on the table at `level`, in id order."""
    return [t for t in gs.world.query(Parked) if gs.pos(t).level == level]


def covered(gs: GameState, template: templates.Template, level: int) -> list[tuple[int, bool]]:
    """ARE-5 / ARE-6 for driverless transports: (transport, fully covered) for each one the template covers at
    `level`, in id order, measured as covered_minis measures a character's base (continuous board: ≥ 99.9 % of the
    base inside is full, some area partial; grid, MOV-15: its squares)."""
    return covered_bases(gs, template, parked_at(gs, level))


def seen(gs: GameState, eye, t: int):
    """ENV-2: the driverless transport `t` seen from `eye` (its silhouette: no posture, its whole height): the
    25-sample cover query (has_los, blocked, the main piece)."""
    p, b = gs.pos(t), gs.body(t)
    row = np.array([(p.x, p.y, b.radius, gs.elevation(t), b.height)], dtype=float)
    return sight.cover_query(gs.board, eye, row)[0]


def defence(gs: GameState, t: int) -> int:
    """BLD-19 b / BLD-20: a driverless transport's CH DEF target: its DEF plus its mounted protections' DEF."""
    m = gs.world.get(t, Mount)
    return m.DEF + m.mounted_def


def defend(gs: GameState, t: int, dmg: int, cover=None) -> int:
    """CMB-3 for a driverless transport hit with `dmg`: the cover check and +2 first (CMB-18 / CMB-17; None: no
    cover), then its CH DEF against `defence` (CMB-7 critical: no wounds; CMB-9 fumble: DMG +1), wounds by CMB-4.
    Returns the wounds (0 when the cover stopped the hit)."""
    world = gs.world
    defense = defence(gs, t)
    mods = cover_mods(world, t, cover)
    if mods is None:
        return 0
    d = roll_check(world, t, "DEF", None, defense, mods, "CMB-3", "CH DEF of a driverless transport")
    if d.critical:
        world.emit("defence_critical", "CMB-7", who=t, wounds=0)
        return 0
    if d.fumble:
        dmg += 1
        world.emit("defence_fumble", "CMB-9", who=t, dmg=dmg)
    n = wounds_after_def(dmg, defense, d.passed)                                                # CMB-4
    world.emit("damage", "CMB-4", target=t, dmg=dmg, defense=defense, def_passed=d.passed, wounds=n)
    return n
