"""Terrain drawn as what it is (issue 14 point 5): a felt-and-flock table mat, woods with tree canopies over
undergrowth, stone walls and hedges, houses with roofs (flat roofs one climbs onto are drawn with a parapet: they
are level-2 perches, MOV-10), burnt-out ruins, rubble, barrels, water with ripples, bog with reeds, tables and
woodpiles. Everything is drawn by code, deterministically (a private `core.rng.Stream` seeded from the piece id,
never the global `random`), and cached per zoom level: a frame only blits the cached tiles.

Heights read as heights: every piece with a height casts a shadow towards the lower right, as long as the piece
is tall (a 3 K house far more than a chest-high wall), and obstacles get a bevel (a lit top-left face, a dark
bottom-right face) as thick as they are tall. The footprint itself is never shifted: what the rules measure is
exactly what is drawn.

The rules model only the terrain kind (difficult, extreme, low, high, blocking, water); the *look* is read from
the piece's id and scenario name ("wood", "hedge", "house", "canal", ...), falling back on the kind."""
from __future__ import annotations

import math
import zlib
from dataclasses import dataclass

import numpy as np
import pygame
import shapely
from shapely.affinity import translate
from shapely.geometry import Point, Polygon
from shapely.geometry.polygon import orient
from shapely.prepared import prep

from wartime.core.rng import Stream

#: light comes from the top left of the screen; shadows fall this many K right and down per K of height
SHADOW_PER_K = 0.32
#: the height a piece is drawn with when its kind has no height (difficult / extreme / water lie flat)
FLAT = 0.0

#: look → keywords found in the piece's id or name (first match wins, in this order)
LOOKS = (
    ("woods", ("wood ", "woods", "wood(", "forest", "copse", "trees", "orchard", "grove")),
    ("hedge", ("hedge", "bush")),
    ("ruin", ("ruin", "burnt", "burned")),
    ("tower", ("tower",)),
    ("house", ("house", "farm", "barn", "church", "building", "shed")),
    ("water", ("canal", "river", "stream", "pond", "lake", "water")),
    ("bog", ("bog", "marsh", "mud", "swamp")),
    ("barrels", ("barrel", "crates")),
    ("woodpile", ("woodpile", "logs", "log pile")),
    ("planks", ("counter", "table", "bench", "cart")),
    ("barricade", ("barricade", "sandbag")),
    ("rubble", ("rubble", "debris", "scree")),
    ("wall", ("wall", "embankment", "fence")),
)
#: the look of a piece nothing above names, by kind
KIND_LOOK = {"difficult": "scrub", "extreme": "bog", "low": "wall", "high": "wall", "blocking": "house",
             "water": "water"}


def look_of(piece, name: str = "") -> str:
    """The drawing style of a terrain piece: from its id and display name, else from its kind."""
    text = f" {piece.id.replace('_', ' ')} {name} ".lower()
    for look, words in LOOKS:
        if any(w in text for w in words):
            # a 'ruined house' that is not impassable is rubble; a 'wall' that is blocking is a building
            if look == "ruin" and piece.kind not in ("blocking", "high"):
                return "rubble"
            if look in ("house", "tower", "ruin") and piece.kind in ("low", "difficult", "extreme"):
                continue
            return look
    return KIND_LOOK.get(piece.kind, "scrub")


#: the most texture features (leaves, stones, ripples...) of one kind drawn on a piece: a huge piece stays quick to draw
MAX_FEATURES = 4000


def _count(poly, per_k2: float) -> int:
    """How many features of a density (per K²) a footprint gets, at most MAX_FEATURES."""
    return min(int(poly.area * per_k2), MAX_FEATURES)


def _rng(piece_id: str, salt: int = 0) -> Stream:
    return Stream(zlib.crc32(piece_id.encode("utf-8")) * 31 + salt)


def shade(col, f: float):
    """A colour lightened (f > 0) or darkened (f < 0) by the fraction |f|."""
    if f >= 0:
        return tuple(min(255, int(c + (255 - c) * f)) for c in col[:3])
    return tuple(max(0, int(c * (1 + f))) for c in col[:3])


def jitter(col, rng: Stream, amount: int = 10):
    d = rng.randint(-amount, amount)
    return tuple(max(0, min(255, c + d + rng.randint(-2, 2))) for c in col[:3])


# --- the table mat --------------------------------------------------------------------------------------------
_GROUND: dict[int, pygame.Surface] = {}


def ground_tile(size: int = 256) -> pygame.Surface:
    """A seamless grass-and-earth mat tile (periodic low-pass noise, so it tiles without seams), made once."""
    tile = _GROUND.get(size)
    if tile is not None:
        return tile
    rs = np.random.default_rng(14)
    f = np.fft.fftfreq(size)
    fx, fy = np.meshgrid(f, f)
    rad = np.hypot(fx, fy)

    def noise(sigma):
        w = rs.standard_normal((size, size))
        out = np.real(np.fft.ifft2(np.fft.fft2(w) * np.exp(-(rad / sigma) ** 2)))
        return (out - out.mean()) / (out.std() + 1e-9)

    big = noise(0.012)           # patches of worn grass and earth
    mid = noise(0.05)
    fine = rs.standard_normal((size, size))
    grass = np.array([62, 88, 52], float)
    earth = np.array([92, 86, 58], float)
    t = np.clip(0.5 + 0.28 * big + 0.12 * mid, 0, 1)[..., None]
    t = t ** 1.6
    img = grass * (1 - t) + earth * t
    img += (5.0 * mid + 6.0 * fine)[..., None]
    img = np.clip(img, 0, 255).astype(np.uint8)
    tile = pygame.surfarray.make_surface(np.ascontiguousarray(img.transpose(1, 0, 2)))
    _GROUND[size] = tile
    return tile


# --- pieces -----------------------------------------------------------------------------------------------------
@dataclass
class PieceArt:
    """A piece drawn at one scale: `body` (its footprint and whatever stands over it) and `shadow`, each with the
    screen offset of its top-left corner from the board point (minx, maxy) of the piece's bounds."""
    body: pygame.Surface
    body_at: tuple[int, int]
    shadow: pygame.Surface | None
    shadow_at: tuple[int, int]
    look: str
    scale: float          # px per K it was drawn at: the view's, or less for a piece too big to draw whole


#: the longest side (px) a piece is drawn at; a bigger piece (a 200 K board zoomed in) is drawn at a lower scale and
#: stretched where it is seen (board_view), so memory stays bounded
MAX_TILE = 3000


class _Ctx:
    """Coordinates of one piece's tile: board K → tile pixels."""

    def __init__(self, piece, scale: float, pad: int):
        self.piece = piece
        self.s = scale
        self.pad = pad
        minx, miny, maxx, maxy = piece.polygon.bounds
        self.minx, self.maxy = minx, maxy
        self.w = math.ceil((maxx - minx) * scale) + 2 * pad + 1
        self.h = math.ceil((maxy - miny) * scale) + 2 * pad + 1

    def p(self, x: float, y: float) -> tuple[float, float]:
        return ((x - self.minx) * self.s + self.pad, (self.maxy - y) * self.s + self.pad)

    def ring(self, coords) -> list[tuple[float, float]]:
        return [self.p(x, y) for x, y in list(coords)[:-1]]

    def k(self, v: float) -> float:
        """K → pixels."""
        return v * self.s


def _mask(tile: pygame.Surface, ctx: _Ctx, poly: Polygon | None = None) -> None:
    """Keep only the pixels inside the polygon (its holes cut out)."""
    poly = poly if poly is not None else ctx.piece.polygon
    m = pygame.Surface(tile.get_size(), pygame.SRCALPHA)
    m.fill((255, 255, 255, 0))
    pygame.draw.polygon(m, (255, 255, 255, 255), ctx.ring(poly.exterior.coords))
    for hole in poly.interiors:
        pygame.draw.polygon(m, (255, 255, 255, 0), ctx.ring(hole.coords))
    tile.blit(m, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def _bevel(tile, ctx: _Ctx, height: float, col, poly: Polygon | None = None) -> None:
    """Height shading on the footprint's edges: faces towards the light (up / left) lit, the others dark; the
    band is as wide as the piece is tall (a taller wall reads thicker)."""
    poly = poly if poly is not None else ctx.piece.polygon
    pts = ctx.ring(orient(poly, 1.0).exterior.coords)
    width = max(1, min(round(ctx.k(0.09 + 0.07 * height)), 8))
    n = len(pts)
    for i in range(n):
        a, b = pts[i], pts[(i + 1) % n]
        dx, dy = b[0] - a[0], b[1] - a[1]
        ln = math.hypot(dx, dy) or 1.0
        # outward normal (screen coordinates) of a ring counter-clockwise in board space
        nx, ny = -dy / ln, dx / ln
        lit = nx * -0.6 + ny * -0.8         # how much the face looks towards the light (from the top left)
        face = shade(col, 0.35) if lit > 0.2 else shade(col, -0.45) if lit < -0.2 else shade(col, -0.1)
        pygame.draw.line(tile, face, a, b, width * 2)
    _mask(tile, ctx, poly)
    # the outline
    pygame.draw.polygon(tile, shade(col, -0.65), pts, 1)


def shadow_polygon(poly: Polygon, height: float) -> Polygon:
    """The ground shadow of an extruded footprint: the footprint swept towards the lower right (board +x, −y) by
    SHADOW_PER_K × height."""
    d = SHADOW_PER_K * height
    moved = translate(poly, d, -d)
    parts = [poly, moved]
    coords = list(poly.exterior.coords)
    for a, b in zip(coords[:-1], coords[1:]):
        quad = Polygon([a, b, (b[0] + d, b[1] - d), (a[0] + d, a[1] - d)])
        if quad.is_valid and quad.area > 0:
            parts.append(quad)
    return shapely.unary_union(parts)


# each look: fn(tile, ctx, rng, height) draws inside the tile; masked to the footprint unless it returns False
def _woods(tile, ctx, rng, height):
    poly = ctx.piece.polygon
    under = (44, 66, 36)
    pygame.draw.polygon(tile, under, ctx.ring(poly.exterior.coords))
    minx, miny, maxx, maxy = poly.bounds
    # undergrowth: leaf litter and bushes
    for _ in range(_count(poly, 14)):
        x, y = rng.uniform(minx, maxx), rng.uniform(miny, maxy)
        pygame.draw.circle(tile, jitter((58, 80, 42) if rng.random() < 0.6 else (76, 70, 44), rng, 8), ctx.p(x, y),
                           max(1, ctx.k(rng.uniform(0.05, 0.16))))
    _mask(tile, ctx)
    pygame.draw.polygon(tile, (30, 46, 26), ctx.ring(poly.exterior.coords), max(1, int(ctx.k(0.06))))
    # tree canopies on a jittered grid inside the footprint (they overhang its edge a little, as trees do)
    prepared = prep(poly.buffer(-0.35))
    spots = []
    step = 1.25 * max(1.0, math.sqrt(poly.area / 1500.0))      # a huge wood: fewer, as many as fit MAX_FEATURES
    y = miny + 0.5
    row = 0
    while y < maxy:
        x = minx + 0.5 + (step / 2 if row % 2 else 0)
        while x < maxx:
            jx, jy = x + rng.uniform(-0.35, 0.35), y + rng.uniform(-0.35, 0.35)
            if prepared.contains(Point(jx, jy)):
                spots.append((jx, jy, rng.uniform(0.55, 0.8)))
            x += step
        y += step * 0.87
        row += 1
    spots.sort(key=lambda t: (-t[1], t[0]))          # back (top of the screen) first
    for x, y, r in spots:
        cx, cy = ctx.p(x, y)
        rp = ctx.k(r)
        pygame.draw.circle(tile, (20, 34, 18, 150), (cx + rp * 0.25, cy + rp * 0.3), rp)       # canopy shadow
    for x, y, r in spots:
        cx, cy = ctx.p(x, y)
        rp = ctx.k(r)
        base = jitter((48, 86, 40), rng, 10)
        pygame.draw.circle(tile, shade(base, -0.35), (cx, cy), rp)
        for k in range(5):                            # leaf clumps, lit from the top left
            a = rng.uniform(0, 2 * math.pi)
            d = rp * rng.uniform(0.2, 0.5)
            pygame.draw.circle(tile, shade(base, -0.1 + 0.05 * k), (cx + d * math.cos(a), cy + d * math.sin(a)),
                               rp * rng.uniform(0.4, 0.6))
        pygame.draw.circle(tile, shade(base, 0.22), (cx - rp * 0.3, cy - rp * 0.32), rp * 0.36)
        pygame.draw.circle(tile, shade(base, 0.38), (cx - rp * 0.4, cy - rp * 0.42), max(1, rp * 0.14))
    return False


def _hedge(tile, ctx, rng, height):
    poly = ctx.piece.polygon
    minx, miny, maxx, maxy = poly.bounds
    long_x = (maxx - minx) >= (maxy - miny)
    thick = (maxy - miny) if long_x else (maxx - minx)
    length = (maxx - minx) if long_x else (maxy - miny)
    pygame.draw.polygon(tile, (34, 58, 30), ctx.ring(poly.exterior.coords))
    n = max(2, int(length / (thick * 0.7)))
    for i in range(n + 1):
        t = i / n
        x = minx + t * (maxx - minx) if long_x else (minx + maxx) / 2
        y = (miny + maxy) / 2 if long_x else miny + t * (maxy - miny)
        x += rng.uniform(-0.05, 0.05)
        y += rng.uniform(-0.05, 0.05)
        r = ctx.k(thick * rng.uniform(0.55, 0.75))
        c = ctx.p(x, y)
        base = jitter((52, 92, 44), rng, 8)
        pygame.draw.circle(tile, shade(base, -0.3), c, r)
        pygame.draw.circle(tile, base, (c[0] - r * 0.15, c[1] - r * 0.15), r * 0.75)
        pygame.draw.circle(tile, shade(base, 0.25), (c[0] - r * 0.35, c[1] - r * 0.35), max(1, r * 0.3))
    return False


def _stones(tile, ctx, rng, col, course: float = 0.25, mortar=None) -> None:
    """Courses of stones along the piece's long axis, each stone a slightly different shade."""
    w, h = tile.get_size()
    minx, miny, maxx, maxy = ctx.piece.polygon.bounds
    long_x = (maxx - minx) >= (maxy - miny)
    ch = max(3, int(ctx.k(course)))
    mortar = mortar or shade(col, -0.4)
    tile.fill(mortar)
    if long_x:
        for row, y in enumerate(range(0, h, ch)):
            x = -rng.randint(0, ch)
            while x < w:
                sw = int(ch * rng.uniform(1.2, 2.2))
                pygame.draw.rect(tile, jitter(col, rng, 12), (x + 1, y + 1, sw - 1, ch - 1))
                x += sw
    else:
        for col_i, x in enumerate(range(0, w, ch)):
            y = -rng.randint(0, ch)
            while y < h:
                sh = int(ch * rng.uniform(1.2, 2.2))
                pygame.draw.rect(tile, jitter(col, rng, 12), (x + 1, y + 1, ch - 1, sh - 1))
                y += sh


def _wall(tile, ctx, rng, height):
    col = (150, 142, 128) if ctx.piece.kind != "high" else (138, 128, 118)
    if "brick" in ctx.piece.id:
        col = (150, 92, 70)
    _stones(tile, ctx, rng, col, course=0.22 if height < 1 else 0.28)
    _mask(tile, ctx)
    _bevel(tile, ctx, height, col)
    if "broken" in ctx.piece.id:                    # a few missing stones on top
        minx, miny, maxx, maxy = ctx.piece.polygon.bounds
        for _ in range(max(1, int(ctx.piece.polygon.length / 3))):
            x, y = rng.uniform(minx, maxx), rng.uniform(miny, maxy)
            r = ctx.k(rng.uniform(0.12, 0.22))
            pygame.draw.circle(tile, shade(col, -0.5), ctx.p(x, y), r)
    return False


def _planks(tile, ctx, rng, height, col=(128, 88, 52)):
    w, h = tile.get_size()
    minx, miny, maxx, maxy = ctx.piece.polygon.bounds
    long_x = (maxx - minx) >= (maxy - miny)
    tile.fill(col)
    step = max(3, int(ctx.k(0.22)))
    for i in range(0, w if not long_x else h, step):
        c = jitter(col, rng, 10)
        if long_x:
            pygame.draw.rect(tile, c, (0, i, w, step - 1))
            pygame.draw.line(tile, shade(col, -0.45), (0, i + step - 1), (w, i + step - 1))
            x = rng.randint(0, max(1, w))
            pygame.draw.line(tile, shade(col, -0.3), (x, i), (x, i + step - 1))
        else:
            pygame.draw.rect(tile, c, (i, 0, step - 1, h))
            pygame.draw.line(tile, shade(col, -0.45), (i + step - 1, 0), (i + step - 1, h))
            y = rng.randint(0, max(1, h))
            pygame.draw.line(tile, shade(col, -0.3), (i, y), (i + step - 1, y))
    _mask(tile, ctx)
    _bevel(tile, ctx, height, col)
    return False


def _woodpile(tile, ctx, rng, height):
    poly = ctx.piece.polygon
    minx, miny, maxx, maxy = poly.bounds
    long_x = (maxx - minx) >= (maxy - miny)
    tile.fill((70, 52, 34))
    r = 0.17
    step = 2 * r * 0.95
    length = (maxx - minx) if long_x else (maxy - miny)
    across = (maxy - miny) if long_x else (maxx - minx)
    n_rows = max(1, int(across / step))
    for j in range(n_rows):
        c0 = (miny if long_x else minx) + r + j * (across - 2 * r) / max(1, n_rows - 1) if n_rows > 1 \
            else ((miny + maxy) / 2 if long_x else (minx + maxx) / 2)
        bark = jitter((98, 70, 44), rng, 10)
        a = ctx.p(minx + 0.05, c0) if long_x else ctx.p(c0, maxy - 0.05)
        b = ctx.p(maxx - 0.05, c0) if long_x else ctx.p(c0, miny + 0.05)
        pygame.draw.line(tile, bark, a, b, max(2, int(ctx.k(2 * r))))
        pygame.draw.line(tile, shade(bark, 0.25), (a[0], a[1] - ctx.k(r) * 0.5) if long_x else
                         (a[0] - ctx.k(r) * 0.5, a[1]), (b[0], b[1] - ctx.k(r) * 0.5) if long_x else
                         (b[0] - ctx.k(r) * 0.5, b[1]), 1)
        # log ends along one side: pale rings
        for end in (a, b):
            pygame.draw.circle(tile, (196, 160, 110), end, max(2, ctx.k(r)))
            pygame.draw.circle(tile, (140, 104, 66), end, max(1, ctx.k(r * 0.5)), 1)
    del length
    _mask(tile, ctx)
    _bevel(tile, ctx, height, (98, 70, 44))
    return False


def _barricade(tile, ctx, rng, height):
    _planks(tile, ctx, rng, height, col=(112, 84, 56))
    minx, miny, maxx, maxy = ctx.piece.polygon.bounds
    # sandbags along it
    long_x = (maxx - minx) >= (maxy - miny)
    n = max(2, int(((maxx - minx) if long_x else (maxy - miny)) / 0.55))
    for i in range(n):
        t = (i + 0.5) / n
        x = minx + t * (maxx - minx) if long_x else (minx + maxx) / 2
        y = (miny + maxy) / 2 if long_x else miny + t * (maxy - miny)
        c = ctx.p(x, y)
        rw, rh = (ctx.k(0.5), ctx.k(0.34)) if long_x else (ctx.k(0.34), ctx.k(0.5))
        rect = pygame.Rect(0, 0, max(3, rw), max(3, rh))
        rect.center = c
        sand = jitter((176, 160, 118), rng, 10)
        pygame.draw.ellipse(tile, shade(sand, -0.35), rect.move(1, 1))
        pygame.draw.ellipse(tile, sand, rect)
    return False


def _barrels(tile, ctx, rng, height):
    poly = ctx.piece.polygon
    minx, miny, maxx, maxy = poly.bounds
    tile.fill((86, 74, 56))
    _mask(tile, ctx)
    r = 0.3
    y = maxy - r - 0.05
    row = 0
    while y - r > miny - 0.1:
        x = minx + r + 0.05 + (r if row % 2 else 0)
        while x + r < maxx + 0.1:
            c = ctx.p(x + rng.uniform(-0.04, 0.04), y + rng.uniform(-0.04, 0.04))
            rp = ctx.k(r)
            pygame.draw.circle(tile, (30, 24, 18, 170), (c[0] + rp * 0.25, c[1] + rp * 0.3), rp)
            wood = jitter((128, 86, 50), rng, 12)
            pygame.draw.circle(tile, shade(wood, -0.35), c, rp)
            pygame.draw.circle(tile, wood, c, rp * 0.86)
            pygame.draw.circle(tile, (70, 70, 72), c, rp * 0.86, max(1, int(rp * 0.12)))       # iron hoop
            pygame.draw.circle(tile, shade(wood, 0.18), (c[0] - rp * 0.2, c[1] - rp * 0.2), rp * 0.35)
            x += 2 * r + 0.04
        y -= 2 * r * 0.87
        row += 1
    return False


def _scrub(tile, ctx, rng, height, base=(70, 92, 50)):
    poly = ctx.piece.polygon
    minx, miny, maxx, maxy = poly.bounds
    tile.fill(base)
    for _ in range(_count(poly, 22)):
        x, y = rng.uniform(minx, maxx), rng.uniform(miny, maxy)
        c = ctx.p(x, y)
        g = jitter((96, 120, 60), rng, 14)
        for k in range(3):
            a = -math.pi / 2 + (k - 1) * 0.45
            ln = ctx.k(0.2)
            pygame.draw.line(tile, g, c, (c[0] + ln * math.cos(a), c[1] + ln * math.sin(a)), 1)
    _mask(tile, ctx)
    pygame.draw.polygon(tile, shade(base, -0.35), ctx.ring(poly.exterior.coords), 1)
    return False


def _rubble(tile, ctx, rng, height):
    poly = ctx.piece.polygon
    minx, miny, maxx, maxy = poly.bounds
    tile.fill((96, 88, 76))
    for _ in range(_count(poly, 30)):          # grit
        x, y = rng.uniform(minx, maxx), rng.uniform(miny, maxy)
        pygame.draw.circle(tile, jitter((120, 110, 96), rng, 18), ctx.p(x, y), max(1, ctx.k(0.04)))
    for _ in range(_count(poly, 9)):           # stones and broken bricks, lit from the top left
        x, y = rng.uniform(minx, maxx), rng.uniform(miny, maxy)
        r = rng.uniform(0.1, 0.26)
        n = rng.randint(4, 6)
        a0 = rng.uniform(0, math.pi)
        pts = [ctx.p(x + r * rng.uniform(0.7, 1.1) * math.cos(a0 + 2 * math.pi * i / n),
                     y + r * rng.uniform(0.7, 1.1) * math.sin(a0 + 2 * math.pi * i / n)) for i in range(n)]
        stone = jitter((150, 140, 126) if rng.random() < 0.7 else (150, 96, 74), rng, 16)
        pygame.draw.polygon(tile, (40, 36, 32), [(px + 2, py + 2) for px, py in pts])
        pygame.draw.polygon(tile, stone, pts)
        pygame.draw.line(tile, shade(stone, 0.35), pts[-1], pts[0], 1)
    _mask(tile, ctx)
    pygame.draw.polygon(tile, (70, 64, 56), ctx.ring(poly.exterior.coords), 1)
    return False


def _water(tile, ctx, rng, height):
    poly = ctx.piece.polygon
    deep = (30, 70, 124)
    tile.fill((46, 96, 156))
    inner = poly.buffer(-min(0.22, 0.25 * math.sqrt(poly.area) / 4 + 0.12))
    if not inner.is_empty and inner.geom_type == "Polygon":
        pygame.draw.polygon(tile, (38, 84, 142), ctx.ring(inner.exterior.coords))
        inner2 = poly.buffer(-0.45)
        if not inner2.is_empty and inner2.geom_type == "Polygon":
            pygame.draw.polygon(tile, deep, ctx.ring(inner2.exterior.coords))
    minx, miny, maxx, maxy = poly.bounds
    for _ in range(_count(poly, 6) + 2):        # ripples
        x, y = rng.uniform(minx, maxx), rng.uniform(miny, maxy)
        c = ctx.p(x, y)
        wpx = ctx.k(rng.uniform(0.3, 0.6))
        col = (84, 134, 190) if rng.random() < 0.75 else (130, 178, 224)
        r = pygame.Rect(0, 0, max(4, wpx), max(2, wpx * 0.35))
        r.center = c
        pygame.draw.arc(tile, col, r, 0.2, math.pi - 0.2, 1)
    _mask(tile, ctx)
    # masonry bank (a canal) or muddy bank
    bank = (120, 116, 106) if _is_canal(ctx.piece) else (84, 74, 52)
    pygame.draw.polygon(tile, bank, ctx.ring(poly.exterior.coords), max(1, int(ctx.k(0.08))))
    return False


def _is_canal(piece) -> bool:
    return "canal" in piece.id


def _bog(tile, ctx, rng, height):
    poly = ctx.piece.polygon
    minx, miny, maxx, maxy = poly.bounds
    tile.fill((70, 74, 46))
    for _ in range(_count(poly, 1.2) + 2):       # pools of dark water
        x, y = rng.uniform(minx, maxx), rng.uniform(miny, maxy)
        rw, rh = ctx.k(rng.uniform(0.4, 1.0)), ctx.k(rng.uniform(0.25, 0.5))
        r = pygame.Rect(0, 0, max(3, rw), max(2, rh))
        r.center = ctx.p(x, y)
        pygame.draw.ellipse(tile, (52, 54, 36), r.inflate(4, 4))
        pygame.draw.ellipse(tile, (40, 62, 70), r)
        pygame.draw.arc(tile, (110, 140, 150), r.inflate(-r.w // 3, -r.h // 3), 0.4, 2.6, 1)
    for _ in range(_count(poly, 3)):             # reed tufts
        x, y = rng.uniform(minx, maxx), rng.uniform(miny, maxy)
        c = ctx.p(x, y)
        g = jitter((112, 120, 62), rng, 12)
        for k in range(4):
            a = -math.pi / 2 + (k - 1.5) * 0.3
            ln = ctx.k(rng.uniform(0.2, 0.35))
            pygame.draw.line(tile, g, c, (c[0] + ln * math.cos(a), c[1] + ln * math.sin(a)), 1)
    _mask(tile, ctx)
    pygame.draw.polygon(tile, (56, 58, 36), ctx.ring(poly.exterior.coords), max(1, int(ctx.k(0.05))))
    return False


def _roof_faces(ctx) -> list[tuple[list, float]]:
    """Roof faces of a footprint: a hip roof on a rectangle (a ridge along its long side), a pyramid otherwise;
    each with how lit it is (−1 … 1)."""
    poly = ctx.piece.polygon
    minx, miny, maxx, maxy = poly.bounds
    is_rect = abs(poly.area - (maxx - minx) * (maxy - miny)) < 1e-6
    faces = []
    if is_rect:
        w, h = maxx - minx, maxy - miny
        cy, cx = (miny + maxy) / 2, (minx + maxx) / 2
        if w >= h:
            a, b = (minx + h / 2, cy), (maxx - h / 2, cy)
            faces = [([(minx, maxy), (maxx, maxy), b, a], (0, 1)), ([(minx, miny), a, b, (maxx, miny)], (0, -1)),
                     ([(minx, miny), (minx, maxy), a], (-1, 0)), ([(maxx, miny), b, (maxx, maxy)], (1, 0))]
        else:
            a, b = (cx, miny + w / 2), (cx, maxy - w / 2)
            faces = [([(minx, miny), (minx, maxy), b, a], (-1, 0)), ([(maxx, miny), a, b, (maxx, maxy)], (1, 0)),
                     ([(minx, miny), a, (maxx, miny)], (0, -1)), ([(minx, maxy), (maxx, maxy), b], (0, 1))]
    else:
        c = poly.centroid
        coords = list(poly.exterior.coords)
        for p, q in zip(coords[:-1], coords[1:]):
            mx, my = (p[0] + q[0]) / 2 - c.x, (p[1] + q[1]) / 2 - c.y
            ln = math.hypot(mx, my) or 1.0
            faces.append(([p, q, (c.x, c.y)], (mx / ln, my / ln)))
    out = []
    for pts, (nx, ny) in faces:
        lit = nx * -0.6 + ny * 0.8          # light from the top left: board (−x, +y)
        out.append(([ctx.p(x, y) for x, y in pts], lit))
    return out


def _house(tile, ctx, rng, height):
    """A pitched (hip) roof of tiles: each face shaded by how it faces the light, tile courses along the eaves."""
    roof = (150, 74, 56) if rng.random() < 0.6 else (120, 104, 96)
    tile.fill(shade(roof, -0.5))
    for pts, lit in _roof_faces(ctx):
        col = shade(roof, 0.28 * lit) if lit >= 0 else shade(roof, 0.4 * lit)
        pygame.draw.polygon(tile, col, pts)
        # courses of tiles: lines parallel to the eave (first edge of the face)
        (ax, ay), (bx, by) = pts[0], pts[1]
        ex, ey = bx - ax, by - ay
        ln = math.hypot(ex, ey) or 1.0
        nx, ny = -ey / ln, ex / ln
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        if (cx - ax) * nx + (cy - ay) * ny < 0:
            nx, ny = -nx, -ny
        step = max(3, int(ctx.k(0.3)))
        face = pygame.Surface(tile.get_size(), pygame.SRCALPHA)
        for d in range(step, int(ctx.k(8)), step):
            p0 = (ax + nx * d - ex * 2, ay + ny * d - ey * 2)
            p1 = (bx + nx * d + ex * 2, by + ny * d + ey * 2)
            pygame.draw.line(face, shade(col, -0.3) + (255,), p0, p1, 1)
        m = pygame.Surface(tile.get_size(), pygame.SRCALPHA)
        m.fill((255, 255, 255, 0))
        pygame.draw.polygon(m, (255, 255, 255, 255), pts)
        face.blit(m, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        tile.blit(face, (0, 0))
        pygame.draw.polygon(tile, shade(roof, -0.55), pts, 1)
    _mask(tile, ctx)
    pygame.draw.polygon(tile, (30, 22, 20), ctx.ring(ctx.piece.polygon.exterior.coords), max(1, int(ctx.k(0.06))))
    return False


def _flat_roof(tile, ctx, rng, height, tower: bool = False):
    """A flat roof one can stand on (a level-2 perch, MOV-10): a parapet rim around it, planks on a tower."""
    poly = ctx.piece.polygon
    if tower:
        _planks(tile, ctx, rng, 0.0, col=(122, 96, 64))
    else:
        tile.fill((112, 108, 100))
        minx, miny, maxx, maxy = poly.bounds
        for _ in range(_count(poly, 12)):
            x, y = rng.uniform(minx, maxx), rng.uniform(miny, maxy)
            pygame.draw.circle(tile, jitter((100, 96, 90), rng, 10), ctx.p(x, y), max(1, ctx.k(0.08)))
        _mask(tile, ctx)
    rim = poly.buffer(-0.22)
    col = (164, 156, 144) if not tower else (140, 112, 76)
    pygame.draw.polygon(tile, col, ctx.ring(poly.exterior.coords), max(2, int(ctx.k(0.22))))
    if not rim.is_empty and rim.geom_type == "Polygon":
        pygame.draw.polygon(tile, shade(col, -0.45), ctx.ring(rim.exterior.coords), 1)     # parapet's inner face
        c = rim.centroid
        if not tower:           # a roof hatch
            hs = ctx.k(0.45)
            r = pygame.Rect(0, 0, hs, hs)
            r.center = ctx.p(c.x + 0.4, c.y + 0.3)
            pygame.draw.rect(tile, (70, 60, 50), r)
            pygame.draw.rect(tile, (150, 140, 120), r, 1)
    if tower:                   # corner posts
        for x, y in list(poly.exterior.coords)[:-1]:
            p = ctx.p(x, y)
            pygame.draw.circle(tile, (86, 62, 40), p, max(2, ctx.k(0.18)))
    pygame.draw.polygon(tile, (28, 24, 20), ctx.ring(poly.exterior.coords), 1)
    return False


def _ruin(tile, ctx, rng, height):
    """A burnt-out house seen from above: charred floor with fallen beams and rubble inside broken walls."""
    poly = ctx.piece.polygon
    minx, miny, maxx, maxy = poly.bounds
    tile.fill((54, 48, 44))
    for _ in range(_count(poly, 16)):
        x, y = rng.uniform(minx, maxx), rng.uniform(miny, maxy)
        pygame.draw.circle(tile, jitter((80, 72, 64), rng, 16), ctx.p(x, y), max(1, ctx.k(rng.uniform(0.04, 0.12))))
    for _ in range(max(2, _count(poly, 0.5))):     # fallen beams
        x, y = rng.uniform(minx + 0.4, maxx - 0.4), rng.uniform(miny + 0.4, maxy - 0.4)
        a = rng.uniform(0, math.pi)
        ln = rng.uniform(0.8, 1.8)
        p = ctx.p(x - ln / 2 * math.cos(a), y - ln / 2 * math.sin(a))
        q = ctx.p(x + ln / 2 * math.cos(a), y + ln / 2 * math.sin(a))
        pygame.draw.line(tile, (26, 20, 16), (p[0] + 2, p[1] + 2), (q[0] + 2, q[1] + 2), max(2, int(ctx.k(0.16))))
        pygame.draw.line(tile, (74, 50, 32), p, q, max(2, int(ctx.k(0.14))))
    _mask(tile, ctx)
    # the broken walls: thick, uneven stonework along the outline
    wall = (128, 118, 106)
    coords = list(poly.exterior.coords)
    thick = max(2, int(ctx.k(0.28)))
    for a, b in zip(coords[:-1], coords[1:]):
        ln = math.dist(a, b)
        n = max(1, int(ln / 0.5))
        for i in range(n):
            t0, t1 = i / n, (i + 1) / n
            p = ctx.p(a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
            q = ctx.p(a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
            c = jitter(wall, rng, 14)
            pygame.draw.line(tile, c, p, q, thick + rng.randint(-1, 1) * (thick // 3))
    inner = poly.buffer(-0.3)
    if not inner.is_empty and inner.geom_type == "Polygon":
        pygame.draw.polygon(tile, (34, 30, 28), ctx.ring(inner.exterior.coords), 1)
    pygame.draw.polygon(tile, (30, 26, 24), ctx.ring(coords), 1)
    return False


DRAW = {"woods": _woods, "hedge": _hedge, "wall": _wall, "planks": _planks, "woodpile": _woodpile,
        "barricade": _barricade, "barrels": _barrels, "scrub": _scrub, "rubble": _rubble, "water": _water,
        "bog": _bog, "house": _house, "ruin": _ruin,
        "tower": lambda t, c, r, h: _flat_roof(t, c, r, h, tower=True)}


def draw_height(piece, look: str) -> float:
    """How tall a piece is drawn (its shadow): its height; hedges and woods by their look."""
    if look == "woods":
        return 0.0          # the canopies cast their own shadows
    if look == "hedge":
        return max(piece.height, 0.8)
    return piece.height if piece.kind in ("low", "high", "blocking") else FLAT


def render_piece(piece, name: str, scale: float) -> PieceArt:
    """One piece at one scale (px per K; at most MAX_TILE px on its longest side)."""
    minx, miny, maxx, maxy = piece.polygon.bounds
    longest = max(maxx - minx, maxy - miny) + 2.0
    scale = min(scale, MAX_TILE / longest)
    look = look_of(piece, name)
    if look == "house" and piece.climbable:
        look = "flat_roof"
    height = draw_height(piece, look)
    pad = math.ceil(scale * 0.5) + 2
    ctx = _Ctx(piece, scale, pad)
    tile = pygame.Surface((ctx.w, ctx.h), pygame.SRCALPHA)
    tile.fill((0, 0, 0, 0))
    rng = _rng(piece.id)
    fn = _flat_roof if look == "flat_roof" else DRAW.get(look, _scrub)
    if fn(tile, ctx, rng, height) is not False:
        _mask(tile, ctx)
    shadow = None
    shadow_at = (0, 0)
    if height > 0:
        sp = shadow_polygon(piece.polygon, height)
        sminx, sminy, smaxx, smaxy = sp.bounds
        sctx = _Ctx(piece, scale, 1)
        sctx.minx, sctx.maxy = sminx, smaxy
        sw = math.ceil((smaxx - sminx) * scale) + 3
        sh = math.ceil((smaxy - sminy) * scale) + 3
        shadow = pygame.Surface((sw, sh), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 0))
        alpha = 95 if height >= 2 else 80
        geoms = list(sp.geoms) if hasattr(sp, "geoms") else [sp]
        for g in geoms:
            pygame.draw.polygon(shadow, (8, 12, 6, alpha), sctx.ring(g.exterior.coords))
        minx, _miny, _maxx, maxy = piece.polygon.bounds
        shadow_at = (round((sminx - minx) * scale) - 1, round((maxy - smaxy) * scale) - 1)
    return PieceArt(tile, (-pad, -pad), shadow, shadow_at, look, scale)


class TerrainCache:
    """Rendered pieces per zoom level, each drawn the first time it is seen at that zoom (zoomed in, only the pieces
    in view are drawn); the last few scales are kept, so zooming back and forth stays fast."""

    def __init__(self, pieces, names: dict[str, str], keep: int = 4):
        self.pieces = list(pieces)
        self.names = names
        self.keep = keep
        self._by_scale: dict[float, list[PieceArt | None]] = {}

    def get(self, scale: float, i: int) -> PieceArt:
        key = round(scale, 3)
        arts = self._by_scale.get(key)
        if arts is None:
            while len(self._by_scale) >= self.keep:
                self._by_scale.pop(next(iter(self._by_scale)))
            arts = self._by_scale[key] = [None] * len(self.pieces)
        art = arts[i]
        if art is None:
            p = self.pieces[i]
            art = arts[i] = render_piece(p, self.names.get(p.id, ""), scale)
        return art

    def at(self, scale: float) -> list[PieceArt]:
        """Every piece at this scale."""
        return [self.get(scale, i) for i in range(len(self.pieces))]
