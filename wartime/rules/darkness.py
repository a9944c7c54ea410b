"""Darkness: a board feature of the project's own (the book defines none; project ruling, docs/darkness.md).

The rulebook names darkness only in three traits: Luz (TRT-LIGHT: "it sees and is seen in darkness"), Radar
(TRT-RADAR: "sees in the dark") and Súper sentidos (TRT-SUPER-SENSES: it ignores "night" in its line of sight).
The ruling, modelled on smoke (TRT-SMOKE, rules.area_effects.smoke_mods): a scenario may make the whole board
dark (``night = true``) or mark dark areas (``[[dark]]``); a ranged attack (at a mini or at a point) whose line of
fire from the attacker to the target (2D, any level) touches darkness (either end in it, or crossing it) has
CH IMP −2, once whatever the areas crossed, unless the attacker sees in the dark (hook ``dark_sight``: Luz,
Radar, Súper sentidos) or the target is lit (hook ``lit``: Luz, "enemies see it in darkness as if lit"). Darkness
is no visibility limit: line of sight, cover and melee are unchanged. A scenario without darkness has
``gs.darkness`` None and plays exactly as before."""
from __future__ import annotations

from dataclasses import dataclass

import shapely
from shapely.geometry import LineString, Point, Polygon

from wartime.rules.checks import Modifier
from wartime.rules.state import GameState
from wartime.rules.traits import registry as trait_hooks

#: the CH IMP of a ranged attack whose line of fire touches darkness (between Humo's −1 and Humo denso's −3)
DARK_MALUS = -2
#: the rule a darkness modifier names: Luz's ruling is where the catalogue defines darkness
DARK_RULE = "TRT-LIGHT"


@dataclass(frozen=True)
class Darkness:
    """TRT-LIGHT (project ruling): the scenario's darkness, static: the whole board (`night`) or its dark
    `areas` (prepared polygons, scenario order)."""
    night: bool
    areas: tuple[Polygon, ...] = ()

    def line_dark(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        """Whether the segment (x0, y0)-(x1, y1) touches darkness (an end inside, or crossing an area)."""
        if self.night:
            return True
        if not self.areas:
            return False
        geom = Point(x0, y0) if (x0, y0) == (x1, y1) else LineString([(x0, y0), (x1, y1)])
        return any(a.intersects(geom) for a in self.areas)

    def point_dark(self, x: float, y: float) -> bool:
        """Whether the point (x, y) is in darkness."""
        return self.line_dark(x, y, x, y)


def install(gs: GameState, scenario) -> None:
    """Set the scenario's darkness (``night``, ``dark``: data.models.Scenario) on the game state; None when the
    scenario has none (the ranged-attack modifiers then never look)."""
    night = bool(getattr(scenario, "night", False))
    dark = tuple(getattr(scenario, "dark", ()))
    if not night and not dark:
        gs.darkness = None
        return
    areas = tuple(Polygon(a.polygon) for a in dark)
    for a in areas:
        shapely.prepare(a)
    gs.darkness = Darkness(night, areas)


def darkness_of(gs: GameState) -> Darkness | None:
    return getattr(gs, "darkness", None)


def dark_mods(gs: GameState, attacker: int, target: int | None, tx: float, ty: float,
              weapon=None) -> list[Modifier]:
    """TRT-LIGHT (project ruling, docs/darkness.md): CH IMP −2 for a ranged attack by `attacker` at (tx, ty)
    (`target` the mini aimed at, None for a point) whose line of fire touches darkness (from the muzzle of
    `weapon`, ENV-3: a transport's mounted weapon from its mount point, as sight measures it; else the attacker's
    centre); none when the attacker sees in the dark (``dark_sight``: TRT-LIGHT, TRT-RADAR, TRT-SUPER-SENSES) or
    the target is lit (``lit``: TRT-LIGHT)."""
    d = darkness_of(gs)
    if d is None:
        return []
    x, y = gs.muzzle(attacker, weapon)[:2]
    if not d.line_dark(x, y, tx, ty):
        return []
    if trait_hooks.sees_in_dark(gs, attacker) or (target is not None and trait_hooks.is_lit(gs, target)):
        return []
    return [Modifier(DARK_RULE, DARK_MALUS, "darkness")]
