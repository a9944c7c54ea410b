"""Archetype icons for miniature bases (issue 14 point 5): small vector glyphs drawn by code (no image assets), so
they stay crisp at every zoom. A miniature's icon comes from its first usable weapon (rifle, submachine gun,
pistol, grenade launcher, sword, axe, great axe; a shield bearer shows a shield; no weapon: a fist); the base's
colour tells the side."""
from __future__ import annotations

import math

import pygame

from wartime.core.components import Equipment

#: weapon archetype key → icon; other weapons by their profile (see icon_for)
WEAPON_ICONS = {"rifle": "rifle", "smg": "smg", "pistol": "pistol", "grenade_launcher": "launcher",
                "knife": "knife", "sword": "sword", "axe": "axe", "great_axe": "great_axe"}

# glyphs in a unit box (0..1, y down): lists of (shape, points or params)
_G = {
    "rifle": [("poly", [(0.06, 0.78), (0.22, 0.62), (0.3, 0.7), (0.16, 0.86)]),                  # stock
              ("poly", [(0.2, 0.62), (0.88, 0.06), (0.94, 0.12), (0.3, 0.72)]),                   # barrel
              ("poly", [(0.36, 0.56), (0.46, 0.48), (0.52, 0.62), (0.44, 0.66)])],                # bolt / grip
    "smg": [("poly", [(0.14, 0.44), (0.86, 0.44), (0.86, 0.56), (0.14, 0.56)]),
            ("poly", [(0.86, 0.47), (0.96, 0.47), (0.96, 0.53), (0.86, 0.53)]),
            ("poly", [(0.44, 0.56), (0.56, 0.56), (0.5, 0.9), (0.4, 0.9)]),                         # magazine
            ("poly", [(0.18, 0.56), (0.28, 0.56), (0.24, 0.76), (0.14, 0.76)])],                    # grip
    "pistol": [("poly", [(0.16, 0.3), (0.84, 0.3), (0.84, 0.46), (0.16, 0.46)]),
               ("poly", [(0.2, 0.46), (0.42, 0.46), (0.38, 0.86), (0.16, 0.86)])],
    "launcher": [("poly", [(0.1, 0.5), (0.7, 0.5), (0.7, 0.66), (0.1, 0.66)]),
                 ("poly", [(0.28, 0.66), (0.38, 0.66), (0.36, 0.88), (0.26, 0.88)]),
                 ("circle", (0.78, 0.34, 0.17))],                                                   # the grenade
    "knife": [("poly", [(0.3, 0.9), (0.4, 0.66), (0.48, 0.7), (0.4, 0.94)]),
              ("poly", [(0.3, 0.62), (0.58, 0.74), (0.6, 0.68), (0.32, 0.56)]),
              ("poly", [(0.46, 0.62), (0.84, 0.1), (0.56, 0.68)])],
    "sword": [("poly", [(0.2, 0.92), (0.28, 0.76), (0.34, 0.8), (0.26, 0.96)]),                    # grip
              ("poly", [(0.14, 0.7), (0.4, 0.9), (0.44, 0.84), (0.2, 0.64)]),                       # crossguard
              ("poly", [(0.3, 0.74), (0.84, 0.1), (0.92, 0.08), (0.9, 0.16), (0.36, 0.8)])],        # blade
    "axe": [("poly", [(0.18, 0.92), (0.66, 0.2), (0.72, 0.24), (0.26, 0.96)]),                      # haft
            ("poly", [(0.56, 0.14), (0.9, 0.06), (0.94, 0.4), (0.72, 0.4)])],                       # blade
    "great_axe": [("poly", [(0.46, 0.96), (0.46, 0.1), (0.54, 0.1), (0.54, 0.96)]),
                  ("poly", [(0.54, 0.16), (0.9, 0.06), (0.94, 0.5), (0.54, 0.4)]),
                  ("poly", [(0.46, 0.16), (0.1, 0.06), (0.06, 0.5), (0.46, 0.4)])],
    "shield": [("poly", [(0.18, 0.12), (0.82, 0.12), (0.82, 0.5), (0.5, 0.92), (0.18, 0.5)])],
    "fist": [("poly", [(0.22, 0.36), (0.78, 0.36), (0.8, 0.7), (0.62, 0.9), (0.34, 0.9), (0.2, 0.7)]),
             ("poly", [(0.22, 0.36), (0.22, 0.22), (0.78, 0.22), (0.78, 0.36)])],
}
ICONS = tuple(_G)


def icon_for(gs, e: int) -> str:
    """The icon of a miniature: its first weapon's archetype (by key, else by profile: an area weapon a
    launcher, a ranged one with a big magazine a submachine gun, a long-ranged one a rifle, other ranged ones a
    pistol; melee by damage); a shield among its protections when its weapon is a one-handed melee one."""
    eq = gs.world.try_get(e, Equipment)
    weapons = [w for w in eq.weapons if not w.disabled] if eq is not None else []
    if not weapons:
        return "fist"
    w = weapons[0]
    icon = WEAPON_ICONS.get(w.key)
    if icon is None:
        if w.area:
            icon = "launcher"
        elif w.ranged:
            icon = "smg" if (w.magazine or 0) >= 15 else "rifle" if w.RNG >= 12 else "pistol"
        else:
            icon = "great_axe" if w.DMG >= 5 else "axe" if w.DMG >= 4 else "sword"
    if icon in ("sword", "axe", "knife") and any("shield" in p.key for p in eq.protections):
        return "shield"
    return icon


def draw_icon(surface: pygame.Surface, icon: str, center, size: float, fill, outline=(20, 20, 20)) -> None:
    """Draw a glyph in a size × size box centred on `center`, filled, with a 1 px outline for contrast."""
    shapes = _G.get(icon, _G["fist"])
    x0, y0 = center[0] - size / 2, center[1] - size / 2
    for kind, data in shapes:
        if kind == "poly":
            pts = [(x0 + u * size, y0 + v * size) for u, v in data]
            pygame.draw.polygon(surface, fill, pts)
            pygame.draw.polygon(surface, outline, pts, 1)
        else:
            u, v, r = data
            c = (x0 + u * size, y0 + v * size)
            pygame.draw.circle(surface, fill, c, max(1.5, r * size))
            pygame.draw.circle(surface, outline, c, max(1.5, r * size), 1)
    if icon == "shield":             # a boss on the shield
        pygame.draw.circle(surface, outline, (x0 + 0.5 * size, y0 + 0.42 * size), max(1, size * 0.1))


def wedge(center, r: float, facing_deg: float, length: float, half_width_deg: float = 24.0):
    """The facing wedge on a base's rim: a triangle from the rim pointing out in the facing direction (screen
    coordinates: y down, facing counter-clockwise from +x)."""
    a = math.radians(facing_deg)
    ux, uy = math.cos(a), -math.sin(a)
    tip = (center[0] + ux * (r + length), center[1] + uy * (r + length))
    hw = math.radians(half_width_deg)
    left = (center[0] + r * math.cos(a + hw), center[1] - r * math.sin(a + hw))
    right = (center[0] + r * math.cos(a - hw), center[1] - r * math.sin(a - hw))
    return [tip, left, right]
