"""Colours, fonts and cached text for the window. Fonts: DejaVu Sans Condensed from `assets/fonts` (Bitstream
Vera licence, `assets/fonts/LICENSE-DejaVu.txt`); pygame's bundled default font if the assets are missing."""
from __future__ import annotations

import math
from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parents[2] / "assets"

# --- colours ----------------------------------------------------------------------------------------
BG = (24, 26, 30)
PANEL = (34, 37, 43)
PANEL_EDGE = (62, 67, 77)
TEXT = (226, 228, 232)
TEXT_DIM = (150, 155, 165)
TEXT_FAINT = (105, 110, 120)
ACCENT = (240, 200, 90)
GOOD = (110, 205, 120)
BAD = (230, 95, 85)
WARN = (240, 170, 70)
BUTTON = (54, 59, 69)
BUTTON_HOVER = (72, 79, 92)
BUTTON_OFF = (42, 45, 51)

TABLE = (58, 84, 56)            # the tabletop (under the mat texture of ui/terrain_art.ground_tile)
TABLE_GRID = (78, 94, 64)       # grid lines on the mat: 1 K, 5 K
TABLE_GRID_5 = (96, 112, 80)
TABLE_EDGE = (20, 22, 20)
FRAME = (96, 68, 44)            # the table's wooden frame (board_view.FRAME px wide)

SIDE = {"red": (200, 62, 58), "blue": (62, 112, 206)}
SIDE_DARK = {"red": (110, 30, 28), "blue": (28, 55, 115)}
SIDE_LIGHT = {"red": (245, 150, 140), "blue": (150, 185, 245)}

#: terrain kinds (Preface) in words (tooltips); the board draws each piece as what it is (ui/terrain_art.py)
TERRAIN = {
    "difficult": {"label": "difficult ground"},
    "extreme": {"label": "extreme ground"},
    "low": {"label": "low obstacle"},
    "high": {"label": "high obstacle"},
    "blocking": {"label": "blocking"},
    "water": {"label": "water (swim)"},
}


def side_colour(side: str) -> tuple[int, int, int]:
    return SIDE.get(side, (180, 180, 180))


def side_title(side: str) -> str:
    return side.capitalize()


# --- fonts and text -----------------------------------------------------------------------------------
_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}
_TEXT: dict[tuple, pygame.Surface] = {}


def reset() -> None:
    """Forget fonts and rendered text (they die with pygame.font.quit())."""
    _FONTS.clear()
    _TEXT.clear()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        reset()
        pygame.font.init()
    key = (size, bold)
    f = _FONTS.get(key)
    if f is None:
        path = ASSETS / "fonts" / ("DejaVuSansCondensed-Bold.ttf" if bold else "DejaVuSansCondensed.ttf")
        f = pygame.font.Font(str(path) if path.exists() else None, size)
        _FONTS[key] = f
    return f


def text(s: str, size: int = 14, colour=TEXT, bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached (rendering is the costly part of a frame's text)."""
    key = (s, size, colour, bold)
    surf = _TEXT.get(key)
    if surf is None:
        if len(_TEXT) > 4000:
            _TEXT.clear()
        surf = font(size, bold).render(s, True, colour)
        _TEXT[key] = surf
    return surf


def blit_text(surface: pygame.Surface, s: str, pos, size: int = 14, colour=TEXT, bold: bool = False,
              anchor: str = "topleft") -> pygame.Rect:
    img = text(s, size, colour, bold)
    r = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    surface.blit(img, r)
    return r


def wrap(s: str, width: int, size: int = 14, bold: bool = False) -> list[str]:
    """Split text into lines that fit `width` pixels."""
    f = font(size, bold)
    out: list[str] = []
    for para in s.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            cand = w if not line else line + " " + w
            if f.size(cand)[0] <= width:
                line = cand
                continue
            if line:
                out.append(line)
            while f.size(w)[0] > width and len(w) > 1:      # a word longer than the line (a path): cut it
                k = len(w)
                while k > 1 and f.size(w[:k])[0] > width:
                    k -= 1
                out.append(w[:k])
                w = w[k:]
            line = w
        out.append(line)
    return out


def dashed_line(surface, col, a, b, dash: int = 8, width: int = 2) -> None:
    """A dashed line from screen point `a` to `b` (`dash` px on, `dash` px off)."""
    d = math.hypot(b[0] - a[0], b[1] - a[1])
    if d < 1:
        return
    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
    s = 0.0
    while s < d:
        e = min(d, s + dash)
        pygame.draw.line(surface, col, (a[0] + ux * s, a[1] + uy * s), (a[0] + ux * e, a[1] + uy * e), width)
        s += 2 * dash
