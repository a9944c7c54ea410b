"""The board to scale: Kliks to pixels with zoom and pan; a table mat in a wooden frame with terrain drawn as what it
is (ui/terrain_art.py, cached per zoom); miniatures as bases in their side's colour with an archetype icon
(ui/icons.py), a lit front rim and a facing wedge, each with a plate (name, energy, wounds, stress, states) placed
with every other label by a de-clutter pass (ui/labels.py); the field of view of the selected miniature clipped to
the table, deployment zones, and the previews the play screen asks for (paths, lines of sight).

Board coordinates are Kliks with y up (facing is counter-clockwise from +x, as in the rules); the screen's
y grows downwards, so y is flipped here and nowhere else."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from wartime.core.components import Activation, Climbing, Hidden, Immobilised, Life, Posture, Searchable, Stress, Tied
from wartime.core.components import UsableElement  # GNA-16: open doors
from wartime.rules.state import GameState
from wartime.ui import icons as terrain_icons
from wartime.ui import (charge_view, darkness_view, objective_view, roof_view, scenery_view, terrain_art, theme,
                        transport_view)
from wartime.ui.adapter import short_name
from wartime.ui.meta_marks import effect_marks
from wartime.ui.labels import Label, offsets, place

MIN_SCALE, MAX_SCALE = 6.0, 160.0
#: the table's wooden frame around the mat (px)
FRAME = 7


@dataclass
class DrawOptions:
    selected: int | None = None
    highlights: tuple[int, ...] = ()             # may be chosen now (pulsing ring)
    marked: dict[int, tuple] = field(default_factory=dict)   # e → ring colour (targets: legal / illegal)
    show_zones: bool = False
    fov: int | None = None                       # draw this miniature's field of view
    overrides: dict[int, tuple[float, float, float]] = field(default_factory=dict)   # animated x, y, facing
    path: list[tuple[float, float]] | None = None
    ring: tuple[float, float, float] | None = None   # x, y, radius (K): how far the drawn move may go
    trail: list | None = None                        # the path of the move being shown
    path_ok: bool = True
    path_radius: float = 0.5
    los: tuple[tuple[float, float], tuple[float, float], tuple] | None = None        # a, b, colour
    facing_ghost: tuple[int, float] | None = None
    dim_acted: bool = True
    time: float = 0.0
    state_key: object = None       # same key ⇒ same world state: derived statuses (engaged) are reused
    places: list = field(default_factory=list)       # adapter.choice_place results to outline (a piece, an element)
    template: object = None                          # a geometry.templates.Template to draw (an area attack)


class BoardView:
    def __init__(self, board, rect: pygame.Rect, deployment: dict | None = None,
                 names: dict[str, str] | None = None):
        self.board = board
        self.rect = pygame.Rect(rect)
        self.deployment = deployment or {}
        self.names = names or {}
        self.scale = 20.0
        self.pan = [0.0, 0.0]          # screen position of the board's top-left corner (x 0, y height)
        self._static: pygame.Surface | None = None
        self._static_key = None
        self._static_zones: pygame.Surface | None = None
        self._overlay: pygame.Surface | None = None
        self._engaged: set[int] = set()
        self._engaged_key = None
        self.art = terrain_art.TerrainCache(board.pieces, self.names)
        self._bases: dict[tuple, pygame.Surface] = {}
        self._shadows: dict[tuple, pygame.Surface] = {}
        self._faced: dict[tuple, pygame.Surface] = {}
        self._fixed_labels: tuple = (None, [], [])
        self._plates: dict[tuple, tuple] = {}
        self._layout_key = None
        self._infos: dict[tuple, tuple] = {}
        self._offsets: dict = {}
        self._layout: list = []
        #: what the last frame drew: each label's key and screen rect, each miniature's base box (tests read them)
        self.labels_drawn: list[tuple[tuple, pygame.Rect]] = []
        self.base_rects: dict[int, pygame.Rect] = {}
        self.fit()

    # --- transforms -------------------------------------------------------------------------------
    def set_rect(self, rect: pygame.Rect) -> None:
        if pygame.Rect(rect) != self.rect:
            self.rect = pygame.Rect(rect)
            self._overlay = None
            self.fit()

    def fit(self) -> None:
        margin = 28 + FRAME
        w, h = self.rect.width - 2 * margin, self.rect.height - 2 * margin
        self.scale = max(MIN_SCALE, min(w / self.board.width, h / self.board.height))
        bw, bh = self.board.width * self.scale, self.board.height * self.scale
        self.pan = [self.rect.x + (self.rect.width - bw) / 2, self.rect.y + (self.rect.height - bh) / 2]

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return (self.pan[0] + x * self.scale, self.pan[1] + (self.board.height - y) * self.scale)

    def to_board(self, sx: float, sy: float) -> tuple[float, float]:
        return ((sx - self.pan[0]) / self.scale, self.board.height - (sy - self.pan[1]) / self.scale)

    def zoom_at(self, factor: float, pos) -> None:
        bx, by = self.to_board(*pos)
        self.scale = max(MIN_SCALE, min(MAX_SCALE, self.scale * factor))
        sx, sy = self.to_screen(bx, by)
        self.pan[0] += pos[0] - sx
        self.pan[1] += pos[1] - sy

    def pan_by(self, dx: float, dy: float) -> None:
        self.pan[0] += dx
        self.pan[1] += dy

    def contains(self, pos) -> bool:
        return self.rect.collidepoint(pos)

    def on_board(self, x: float, y: float) -> bool:
        return 0 <= x <= self.board.width and 0 <= y <= self.board.height

    # --- picking ------------------------------------------------------------------------------------
    def mini_at(self, gs: GameState, pos, overrides=None) -> int | None:
        """The miniature under a screen point (its base, or within 6 px of a small base)."""
        best = None
        for e in gs.minis():
            if not gs.on_table(e):
                continue
            x, y = self._xy(gs, e, overrides)
            sx, sy = self.to_screen(x, y)
            r = max(6.0, gs.body(e).radius * self.scale)
            d = math.hypot(sx - pos[0], sy - pos[1])
            if d <= r and (best is None or d < best[0]):
                best = (d, e)
        return None if best is None else best[1]

    def terrain_at(self, pos):
        x, y = self.to_board(*pos)
        if not self.on_board(x, y):
            return None
        found = self.board.pieces_at(x, y)
        return found[-1] if found else None

    def _xy(self, gs, e, overrides=None):
        if overrides and e in overrides:
            return overrides[e][0], overrides[e][1]
        p = gs.pos(e)
        return p.x, p.y

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, gs: GameState, opts: DrawOptions | None = None) -> None:
        opts = opts or DrawOptions()
        surface.set_clip(self.rect)
        self._draw_static(surface, opts.show_zones)          # the zones are baked into a second static layer
        if opts.fov is not None and gs.on_table(opts.fov):
            self._draw_fov(surface, gs, opts.fov, opts.overrides, opts.facing_ghost)
        if opts.los is not None:
            a, b, colour = opts.los
            pygame.draw.line(surface, colour, self.to_screen(*a), self.to_screen(*b), 2)
        if opts.state_key is None or opts.state_key != self._engaged_key:
            # CMB-11 asks every pair: once per world state, not once per frame
            self._engaged = {e for e in gs.minis() if gs.able(e) and gs.engaged(e)}
            self._engaged_key = opts.state_key
        if opts.trail and len(opts.trail) >= 2:
            pts = [self.to_screen(x, y) for x, y in opts.trail]
            pygame.draw.lines(surface, (235, 235, 210), False, pts, 1)
            for p in pts[1:]:
                pygame.draw.circle(surface, (235, 235, 210), p, 3, 1)
        labels: list[Label] = []
        obstacles: list[pygame.Rect] = []
        self._draw_elements(surface, gs, labels, obstacles)
        scenery_view.draw(self, surface, gs)               # movable pieces moved (rules/scenery_objects.py)
        darkness_view.draw(self, surface, gs)              # night / [[dark]] areas (rules/darkness.py)
        objective_view.draw(self, surface, gs, labels)     # BLD-22: the objective zone, under the miniatures
        charge_view.draw(self, surface, gs, labels)        # GNA-15: placed bombs and their activation areas
        roof_view.draw(self, surface, gs)                  # TRT-SPIDER: roofed pieces (ceiling), under the minis
        for kind, where, _name in opts.places:
            self._draw_place(surface, kind, where, opts.time)
        if opts.template is not None:
            self._draw_template(surface, opts.template)
        self.base_rects = {}
        for e in gs.minis():
            if not transport_view.aboard(gs, e):          # MVA-17: passengers are drawn inside their transport
                self._draw_mini(surface, gs, e, opts, labels, obstacles)
        transport_view.draw(self, surface, gs, opts)
        roof_view.draw_hanging(self, surface, gs)          # TRT-SPIDER: a spider hanging under a roof
        if opts.ring is not None:
            x, y, rad = opts.ring
            pygame.draw.circle(surface, (235, 235, 235), self.to_screen(x, y), max(2, int(rad * self.scale)), 1)
        if opts.path:
            self._draw_path(surface, opts)
            pr = max(4, int(opts.path_radius * self.scale)) + 2
            for x, y in opts.path[1:]:                      # the waypoints and the end of a planned move stay clear
                sx, sy = self.to_screen(x, y)
                obstacles.append(pygame.Rect(round(sx) - pr, round(sy) - pr, 2 * pr, 2 * pr))
        if self._fixed_labels[0] != self._static_key:      # terrain and zone names move only with the view
            self._fixed_labels = (self._static_key, self._terrain_labels(), self._zone_labels())
        if opts.show_zones:
            labels.extend(self._fixed_labels[2])
        labels.extend(self._fixed_labels[1])
        self._draw_labels(surface, labels, obstacles)
        surface.set_clip(None)

    def _get_overlay(self) -> pygame.Surface:
        if self._overlay is None or self._overlay.get_size() != self.rect.size:
            self._overlay = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        self._overlay.fill((0, 0, 0, 0))
        return self._overlay

    def _local(self, x: float, y: float) -> tuple[float, float]:
        sx, sy = self.to_screen(x, y)
        return sx - self.rect.x, sy - self.rect.y

    # static layer: table mat, grid, ruler, terrain (rebuilt only when the view changes; terrain tiles are cached
    # per zoom level by terrain_art, so a pan only re-blits them)
    def table_rect(self) -> pygame.Rect:
        """The table on the screen."""
        x0, y0 = self.to_screen(0, self.board.height)
        x1, y1 = self.to_screen(self.board.width, 0)
        return pygame.Rect(round(x0), round(y0), round(x1) - round(x0), round(y1) - round(y0))

    def _draw_static(self, surface: pygame.Surface, zones: bool = False) -> None:
        key = (round(self.scale, 4), round(self.pan[0], 2), round(self.pan[1], 2), self.rect.size)
        if self._static is None or self._static_key != key:
            self._static = self._build_static()
            self._static_key = key
            self._static_zones = None
        if zones and self.deployment:
            if self._static_zones is None:
                self._static_zones = self._static.copy()
                overlay = pygame.Surface(self.rect.size, pygame.SRCALPHA)
                self._draw_zones(overlay)
                self._static_zones.blit(overlay, (0, 0))
            surface.blit(self._static_zones, self.rect.topleft)
        else:
            surface.blit(self._static, self.rect.topleft)

    def _build_static(self) -> pygame.Surface:
        s = pygame.Surface(self.rect.size)
        s.fill(theme.BG)
        w, h = self.board.width, self.board.height
        table = self.table_rect().move(-self.rect.x, -self.rect.y)
        # the table's wooden frame, then the mat (a seamless tile anchored to the table: it pans with it)
        frame = table.inflate(2 * FRAME, 2 * FRAME)
        pygame.draw.rect(s, theme.FRAME, frame, border_radius=4)
        pygame.draw.rect(s, terrain_art.shade(theme.FRAME, 0.25), frame, 2, border_radius=4)
        pygame.draw.line(s, terrain_art.shade(theme.FRAME, -0.45), frame.bottomleft, frame.bottomright, 2)
        pygame.draw.line(s, terrain_art.shade(theme.FRAME, -0.45), frame.topright, frame.bottomright, 2)
        tile = terrain_art.ground_tile()
        tw, th = tile.get_size()
        vis = table.clip(s.get_rect())
        s.set_clip(vis)
        ox = table.x + ((vis.x - table.x) // tw) * tw
        oy = table.y + ((vis.y - table.y) // th) * th
        for yy in range(oy, vis.bottom, th):
            for xx in range(ox, vis.right, tw):
                s.blit(tile, (xx, yy))
        # a faint grid: 5 K lines, and 1 K lines once zoomed in (a measuring mat, not a chessboard); opaque lines a
        # shade off the mat's mean colour (cheaper than a translucent layer, and it looks the same)
        x0, y0, x1, y1 = table.left, table.top, table.right, table.bottom
        step = 1 if self.scale >= 14 else 5
        for k in range(0, int(w) + 1, step):
            sx = x0 + k * self.scale
            pygame.draw.line(s, theme.TABLE_GRID_5 if k % 5 == 0 else theme.TABLE_GRID, (sx, y0), (sx, y1))
        for k in range(0, int(h) + 1, step):
            sy = y1 - k * self.scale
            pygame.draw.line(s, theme.TABLE_GRID_5 if k % 5 == 0 else theme.TABLE_GRID, (x0, sy), (x1, sy))
        # terrain: every shadow first (a shadow falls on the ground, never on another piece), then the pieces
        view = s.get_rect()
        shown = []
        for i, piece in enumerate(self.board.pieces):
            minx, miny, maxx, maxy = piece.polygon.bounds
            px, py = self._local(minx, maxy)
            reach = (piece.height * terrain_art.SHADOW_PER_K + 1.0) * self.scale
            box = pygame.Rect(px - self.scale, py - self.scale, (maxx - minx) * self.scale + reach + self.scale,
                              (maxy - miny) * self.scale + reach + self.scale)
            if box.colliderect(view):
                shown.append(((px, py), self.art.get(self.scale, i)))
        for (px, py), art in shown:
            if art.shadow is not None:
                _blit_art(s, art.shadow, art.shadow_at, (px, py), self.scale / art.scale)
        for (px, py), art in shown:
            _blit_art(s, art.body, art.body_at, (px, py), self.scale / art.scale)
        s.set_clip(None)
        pygame.draw.rect(s, theme.TABLE_EDGE, table.inflate(2, 2), 1)
        # ruler: Kliks every 5 along the bottom and left edges, outside the frame
        for k in range(0, int(w) + 1, 5):
            theme.blit_text(s, str(k), (x0 + k * self.scale, y1 + FRAME + 3), 11, theme.TEXT_DIM, anchor="midtop")
        for k in range(0, int(h) + 1, 5):
            theme.blit_text(s, str(k), (x0 - FRAME - 4, y1 - k * self.scale), 11, theme.TEXT_DIM, anchor="midright")
        theme.blit_text(s, "K", (x1 + FRAME + 4, y1 + FRAME + 3), 11, theme.TEXT_DIM)
        return s

    def _draw_zones(self, overlay: pygame.Surface) -> None:
        for side, zone in self.deployment.items():
            pts = [self._local(x, y) for x, y in list(zone.exterior.coords)[:-1]]
            col = theme.side_colour(side)
            pygame.draw.polygon(overlay, col + (46,), pts)
            pygame.draw.polygon(overlay, col + (190,), pts, 2)

    def _zone_labels(self) -> list[Label]:
        out = []
        for side, zone in self.deployment.items():
            minx, miny, maxx, maxy = zone.bounds
            img = theme.text(f"{side.capitalize()} deployment zone", 14, theme.SIDE_LIGHT.get(side, theme.TEXT), True)
            cy = (miny + maxy) / 2
            hw = img.get_width() / 2 / self.scale + 0.4
            spots = [self.to_screen(x, cy) for x in (minx + hw, (minx + maxx) / 2, maxx - hw)]
            spots += [self.to_screen(x, y) for y in (miny + 0.6, maxy - 0.6) for x in (minx + hw, maxx - hw)]
            out.append(Label(("zone", side), _plate(img, (12, 14, 16), 150), spots[0], priority=3, spots=spots,
                             leader=False))
        return out

    def _draw_fov(self, surface, gs, e, overrides, facing_ghost) -> None:
        """ENV-1: the 180° arc in front of the base, VOL × 5 K (edge to edge, so from the base's edge); clipped to
        the table (nothing is seen beyond its edge). Drawn on a translucent layer the size of the arc's box."""
        x, y = self._xy(gs, e, overrides)
        facing = overrides[e][2] if overrides and e in overrides else gs.pos(e).facing
        if facing_ghost is not None and facing_ghost[0] == e:
            facing = facing_ghost[1]
        rng = gs.fov_range(e) + gs.body(e).radius
        col = theme.side_colour(gs.side(e))
        pts = [self.to_screen(x, y)]
        n = 48
        for i in range(n + 1):
            a = math.radians(facing - 90 + 180 * i / n)
            pts.append(self.to_screen(x + rng * math.cos(a), y + rng * math.sin(a)))
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        box = pygame.Rect(math.floor(min(xs)) - 2, math.floor(min(ys)) - 2, math.ceil(max(xs) - min(xs)) + 5,
                          math.ceil(max(ys) - min(ys)) + 5)
        box = box.clip(self.table_rect()).clip(self.rect)
        if box.width <= 0 or box.height <= 0:
            return
        layer = self._overlay
        if layer is None or layer.get_width() < box.width or layer.get_height() < box.height:
            layer = self._overlay = pygame.Surface((max(box.width, self.rect.width), max(box.height, self.rect.height)),
                                                   pygame.SRCALPHA)
        area = pygame.Rect(0, 0, box.width, box.height)
        layer.fill((0, 0, 0, 0), area)
        layer.set_clip(area)
        local = [(px - box.x, py - box.y) for px, py in pts]
        pygame.draw.polygon(layer, col + (38,), local)
        pygame.draw.lines(layer, col + (170,), True, local, 2)
        layer.set_clip(None)
        surface.blit(layer, box.topleft, area)

    # --- miniatures ----------------------------------------------------------------------------------------
    def _base_surface(self, side: str, icon: str, r: int, tone: str) -> pygame.Surface:
        """A miniature's base seen from above, without its facing: a bevelled disc in the side's colour with the
        archetype icon (cached: bases only change with the zoom and the miniature's state)."""
        key = (side, icon, r, tone)
        got = self._bases.get(key)
        if got is not None:
            return got
        size = 2 * r + 4
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        c = (size / 2, size / 2)
        col = theme.side_colour(side)
        dark = theme.SIDE_DARK.get(side, (40, 40, 40))
        if tone == "out":
            col, dark = (112, 112, 112), (60, 60, 60)
        elif tone == "acted":
            col = tuple(int(a * 0.62 + b * 0.38) for a, b in zip(col, (70, 72, 70)))
        pygame.draw.circle(surf, (16, 16, 16), c, r)                                 # the base's edge
        pygame.draw.circle(surf, dark, c, r - 1)
        steps = max(2, r // 3)
        for i in range(steps):                                                        # a domed top, lit top left
            t = i / steps
            rr = (r - 2) * (1 - 0.55 * t)
            off = (r - 2) * 0.18 * t
            pygame.draw.circle(surf, terrain_art.shade(col, 0.22 * t), (c[0] - off, c[1] - off), rr)
        fill = (246, 244, 236) if tone != "out" else (190, 190, 190)
        terrain_icons.draw_icon(surf, icon, c, r * 1.25, fill, (18, 18, 18))
        if tone == "out":
            d = r * 0.55
            pygame.draw.line(surf, (30, 30, 30), (c[0] - d, c[1] - d), (c[0] + d, c[1] + d), 3)
            pygame.draw.line(surf, (30, 30, 30), (c[0] - d, c[1] + d), (c[0] + d, c[1] - d), 3)
        self._bases[key] = surf
        return surf

    def _faced_base(self, side: str, icon: str, r: int, tone: str, facing: int, shadow: bool) -> pygame.Surface:
        """The base turned to a facing (whole degrees): its shadow on the ground, the disc and icon, the front half
        of the rim lit in the side's light tint and the facing wedge on the rim; centred on the base's centre
        (cached, so a frame blits one picture per miniature)."""
        key = (side, icon, r, tone, facing, shadow)
        got = self._faced.get(key)
        if got is not None:
            return got
        wl = _wedge_len(r)
        half = int(math.ceil(r + wl)) + 4
        surf = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
        c = (half, half)
        if shadow:
            off = max(1.5, r * 0.18)
            sh = self._shadow_surface(r, 90)
            surf.blit(sh, (half - r - 2 + off, half - r - 2 + off))
        disc = self._base_surface(side, icon, r, tone)
        surf.blit(disc, (half - disc.get_width() // 2, half - disc.get_height() // 2))
        light = theme.SIDE_LIGHT.get(side, (230, 230, 230)) if tone != "out" else (190, 190, 190)
        a = math.radians(facing)
        rim = pygame.Rect(0, 0, 2 * r + 1, 2 * r + 1)
        rim.center = c
        pygame.draw.arc(surf, light, rim, a - math.pi / 2, a + math.pi / 2, max(2, r // 6))
        tri = terrain_icons.wedge(c, r - 1, facing, wl)
        pygame.draw.polygon(surf, (252, 250, 240), tri)
        pygame.draw.polygon(surf, (20, 20, 20), tri, 1)
        if len(self._faced) > 4000:
            self._faced.clear()
        self._faced[key] = surf
        return surf

    def _shadow_surface(self, r: int, alpha: int) -> pygame.Surface:
        got = self._shadows.get((r, alpha))
        if got is None:
            got = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
            pygame.draw.circle(got, (0, 0, 0, alpha), (r + 2, r + 2), r + 1)
            self._shadows[(r, alpha)] = got
        return got

    def _mini_info(self, gs: GameState, e: int, opts: DrawOptions) -> tuple:
        """What a miniature's drawing reads from the state (once per world state and view, not once per frame):
        life, side, base radius (px), tone, icon, elevation (K), full plate, compact plate."""
        state = (opts.state_key, getattr(gs.world, "version", None))     # the world's version: any change at all
        key = (state, e, self.scale, opts.selected == e, e in opts.highlights, e in opts.marked, opts.dim_acted)
        got = self._infos.get(key) if opts.state_key is not None else None
        if got is not None:
            return got
        life = gs.world.get(e, Life).state
        side = gs.side(e)
        r = max(5, round(gs.body(e).radius * self.scale))
        if life == "dead":
            got = (life, side, r, "dead", None, 0.0, None, None)
        else:
            able = gs.able(e)
            acted = gs.world.get(e, Activation).acted
            tone = "out" if not able else "acted" if acted and opts.dim_acted else "ready"
            pos = gs.pos(e)
            climbing = gs.world.try_get(e, Climbing)
            elev = (3.0 if pos.level == 2 else 0.0) + (climbing.height if climbing is not None else 0.0)
            full, chips = self._plate(gs, e, opts, elev, climbing, tone)
            got = (life, side, r, tone, terrain_icons.icon_for(gs, e), elev, full, chips)
        if opts.state_key is not None:
            if len(self._infos) > 4000 or (self._infos and next(iter(self._infos))[0] != state):
                self._infos.clear()
            self._infos[key] = got
        return got

    def _draw_mini(self, surface, gs: GameState, e: int, opts: DrawOptions, labels: list, obstacles: list) -> None:
        life, side, r, tone, icon, elev, full, chips = self._mini_info(gs, e, opts)
        x, y = self._xy(gs, e, opts.overrides)
        sx, sy = self.to_screen(x, y)
        if life == "dead":           # WND-3: removed; a casualty marker shows where it fell
            col = theme.SIDE_DARK.get(side, (90, 90, 90))
            pygame.draw.circle(surface, col, (sx, sy), max(3, r - 3), 2)
            img = theme.text("☠", max(9, min(22, int(r * 1.1))), terrain_art.shade(col, 0.35), True)
            surface.blit(img, img.get_rect(center=(round(sx), round(sy))))
            return
        # the shadow: as far from the base as it stands high (the terrain's light, terrain_art.SHADOW_PER_K); on the
        # ground it is part of the cached base picture
        if elev > 0:
            off = max(1.5, terrain_art.SHADOW_PER_K * elev * self.scale)
            surface.blit(self._shadow_surface(r, 60), (sx - r - 2 + off, sy - r - 2 + off))
        if e in opts.highlights:
            pulse = 0.5 + 0.5 * math.sin(opts.time * 5.0)
            pygame.draw.circle(surface, theme.ACCENT, (sx, sy), r + 5 + int(2 * pulse), 2)
        if e in opts.marked:
            pygame.draw.circle(surface, opts.marked[e], (sx, sy), r + 5, 3)
        facing = opts.overrides[e][2] if e in opts.overrides else gs.pos(e).facing
        base = self._faced_base(side, icon, r, tone, round(facing) % 360, elev <= 0)
        surface.blit(base, (round(sx) - base.get_width() // 2, round(sy) - base.get_height() // 2))
        if opts.selected == e:
            pygame.draw.circle(surface, (255, 255, 255), (sx, sy), r + 2, 2)
        wl = _wedge_len(r)
        if opts.facing_ghost is not None and opts.facing_ghost[0] == e:
            tri = terrain_icons.wedge((sx, sy), r - 1, opts.facing_ghost[1], wl)
            pygame.draw.polygon(surface, theme.ACCENT, tri)
            pygame.draw.polygon(surface, (20, 20, 20), tri, 1)
        box = pygame.Rect(0, 0, 2 * (r + wl) + 2, 2 * (r + wl) + 2)
        box.center = (round(sx), round(sy))
        obstacles.append(box)
        self.base_rects[e] = box
        # the miniature's plate (name, energy, wounds, stress and states) is placed by the de-clutter pass
        pri = 0 if opts.selected == e else 5 if e in opts.marked else 10 if e in opts.highlights else \
            25 if tone != "ready" else 20
        if self.rect.collidepoint(sx, sy):           # off the view: no plate pointing at nothing
            labels.append(Label(("mini", e), full, (sx, sy), box.width / 2, pri, compact=chips, rim=r))

    def _plate(self, gs, e, opts, elev, climbing, tone):
        """The plate of a miniature: (full plate, compact plate without the name)."""
        name = short_name(gs, e)
        shown = opts.selected == e or e in opts.highlights or e in opts.marked
        if self.scale >= 40:
            pass
        elif self.scale >= 15 or shown:
            name = compact(name)
        else:
            name = ""
        ene = gs.energy(e)
        con = gs.attrs(e).CON
        wounds = gs.wounds(e)
        stress = gs.world.try_get(e, Stress)
        st = []
        if gs.psyche(e).panic:
            st.append(("!", (250, 210, 60)))
        if e in self._engaged:
            st.append(("⚔", (255, 225, 190)))
        if gs.unconscious(e):
            st.append(("Zz", (200, 200, 255)))
        posture = gs.world.get(e, Posture).state
        if posture != "standing":
            word = posture if self.scale >= 30 else "▾" if posture == "crouched" else "▁"
            st.append((word, (230, 230, 230)))
        if gs.world.has(e, Hidden):
            st.append(("hid", (170, 220, 170)))
        if gs.world.has(e, Tied):
            st.append(("tied", (230, 190, 140)))
        elif gs.world.has(e, Immobilised):
            st.append(("held", (230, 190, 140)))
        if elev > 0:
            st.append((f"↑{elev:g}K", (200, 230, 255)))
        st += effect_marks(gs, e, self.scale >= 15)                     # MET-3..6 (ui/meta_marks.py)
        key = (name, gs.side(e), ene, wounds, con, stress.value if stress is not None else 0, tuple(st), tone,
               12 if self.scale >= 40 else 11 if self.scale >= 15 else 10)
        got = self._plates.get(key)
        if got is None:
            got = (self._make_plate(key, True), self._make_plate(key, False)) if name else \
                (self._make_plate(key, False), None)
            if len(self._plates) > 2000:
                self._plates.clear()
            self._plates[key] = got
        return got

    def _make_plate(self, key, with_name: bool) -> pygame.Surface:
        name, side, ene, wounds, con, stress, states, tone, size = key
        parts = []
        if with_name and name:
            parts.append(theme.text(name, size, (236, 236, 232) if tone == "ready" else (180, 180, 178)))
        parts.append(theme.text(f"⚡{ene}", size, (250, 222, 90) if ene >= 0 else theme.BAD, True))
        if wounds:
            parts.append(theme.text(f"♥{wounds}/{con}", size, (240, 96, 84), True))
        if stress:
            parts.append(theme.text(f"S{stress}", size, (196, 140, 245), True))
        for text, col in states:
            parts.append(theme.text(text, size, col, True))
        gap = 4
        w = sum(p.get_width() for p in parts) + gap * (len(parts) - 1) + 10
        h = max(p.get_height() for p in parts) + 2
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (14, 15, 17, 200), surf.get_rect(), border_radius=4)
        pygame.draw.rect(surf, theme.side_colour(side) + (255,), (0, 0, 3, h), border_top_left_radius=4,
                         border_bottom_left_radius=4)
        x = 6
        for p in parts:
            surf.blit(p, (x, (h - p.get_height()) // 2))
            x += p.get_width() + gap
        return surf

    def _terrain_labels(self) -> list[Label]:
        """Terrain names (the lowest priority): at the piece's centre, else just below or above it."""
        if self.scale < 12:
            return []
        out = []
        for piece in self.board.pieces:
            name = (self.names.get(piece.id) or piece.id.replace("_", " ")).split(" (")[0]
            if self.scale >= 30 and piece.kind in ("high", "blocking") and piece.height > 0:
                name += f" · {piece.height:g} K"          # zoomed in: how tall it stands
            img = theme.text(name, 11, (238, 232, 212))
            minx, miny, maxx, maxy = piece.polygon.bounds
            if img.get_width() > (maxx - minx) * self.scale + 40:
                continue
            c = piece.polygon.centroid
            hh = img.get_height() / 2 / self.scale + 0.15
            spots = [(c.x, c.y), (c.x, c.y - 0.6), (c.x, c.y + 0.6), (c.x, miny - hh), (c.x, maxy + hh)]
            if min(maxx - minx, maxy - miny) * self.scale < img.get_height() + 6:     # a thin wall: beside it
                spots = spots[3:] + spots[:3]
                if (maxy - miny) > (maxx - minx):
                    hw = img.get_width() / 2 / self.scale + 0.2
                    spots = [(maxx + hw, c.y), (minx - hw, c.y)] + spots
            out.append(Label(("terrain", piece.id), _plate(img, (10, 12, 10), 120), self.to_screen(c.x, c.y),
                             priority=40, spots=[self.to_screen(x, y) for x, y in spots], leader=False))
        return out

    def _draw_labels(self, surface, labels: list[Label], obstacles: list[pygame.Rect]) -> None:
        bounds = self.table_rect().inflate(2 * FRAME, 2 * FRAME).clip(self.rect.inflate(-4, -4))
        # the layout only changes when a label, a base or the view does: reuse it across still frames
        key = (tuple(bounds), tuple((lb.key, round(lb.anchor[0]), round(lb.anchor[1]), id(lb.surf), id(lb.compact),
                                     lb.priority) for lb in labels), tuple(tuple(r) for r in obstacles))
        if key == self._layout_key:
            placed = self._layout
        else:
            placed = place(labels, bounds, obstacles, self._offsets)
            self._layout_key, self._layout = key, placed
            self._offsets = offsets(placed)
        self.labels_drawn = []
        for p in placed:
            if p.leader is not None:
                pygame.draw.line(surface, (20, 20, 20), p.leader[0], p.leader[1], 3)
                pygame.draw.line(surface, (225, 225, 215), p.leader[0], p.leader[1], 1)
        for p in placed:
            surface.blit(p.surf, p.rect)
            self.labels_drawn.append((p.label.key, p.rect))

    def _draw_open_doors(self, surface, gs: GameState) -> None:
        """GNA-16: an open door (its terrain piece is off the board in play): the doorway as dark floor with a dashed
        outline over the static layer, which draws the scenario's closed door."""
        for door in gs.doors or ():
            if gs.world.get(gs.doors[door], UsableElement).open:
                pts = [self.to_screen(x, y) for x, y in list(gs.scenario_board.piece(door).polygon.exterior.coords)[:-1]]
                pygame.draw.polygon(surface, (58, 50, 40), pts)
                for a, b in zip(pts, pts[1:] + pts[:1]):
                    pygame.draw.line(surface, (176, 124, 64), a, b, 1)

    def _draw_elements(self, surface, gs: GameState, labels: list, obstacles: list) -> None:
        """Searchable scenario elements (GNA-2): a crate with its name; dimmed once searched."""
        self._draw_open_doors(surface, gs)
        for el_e in gs.world.query(Searchable):
            el = gs.world.get(el_e, Searchable)
            sx, sy = self.to_screen(el.x, el.y)
            r = max(4, int(el.radius * self.scale))
            wood = (112, 92, 70) if el.searched else (176, 124, 64)
            box = pygame.Rect(0, 0, int(r * 1.5), int(r * 1.5))
            box.center = (round(sx), round(sy))
            shadow = pygame.Surface(box.size, pygame.SRCALPHA)
            shadow.fill((0, 0, 0, 80))
            surface.blit(shadow, box.move(max(2, r // 4), max(2, r // 4)))
            pygame.draw.rect(surface, wood, box)
            step = max(3, box.height // 3)
            for yy in range(box.top + step, box.bottom, step):
                pygame.draw.line(surface, terrain_art.shade(wood, -0.35), (box.left, yy), (box.right - 1, yy))
            pygame.draw.line(surface, terrain_art.shade(wood, -0.45), box.topleft, box.bottomright, 2)
            pygame.draw.rect(surface, terrain_art.shade(wood, 0.35), box, 1)
            if el.searched:
                pygame.draw.rect(surface, (60, 50, 40), box.inflate(-box.w // 2, -box.h // 2))
            obstacles.append(box.inflate(2, 2))
            if self.scale >= 10 and self.rect.collidepoint(sx, sy):
                img = theme.text(el.name + (" (searched)" if el.searched else ""), 11, (240, 222, 186))
                labels.append(Label(("element", el.id), _plate(img, (24, 18, 12), 190), (sx, sy), r, priority=30))

    def _draw_place(self, surface, kind: str, where, time: float) -> None:
        """Outline what a menu entry names: a terrain piece (Climb: Wall) or an element (Search: Chest)."""
        col = theme.ACCENT
        width = 3 + int(2 * (0.5 + 0.5 * math.sin(time * 6)))
        if kind == "piece":
            pts = [self.to_screen(x, y) for x, y in list(where.polygon.exterior.coords)[:-1]]
            if len(pts) >= 3:
                pygame.draw.polygon(surface, col, pts, width)
        else:
            x, y, r = where
            pygame.draw.circle(surface, col, self.to_screen(x, y), max(6, int(r * self.scale)) + 4, width)

    def _draw_template(self, surface, tpl) -> None:
        """An area template (ARE-1..3) from its boundary: straight segments and circular arcs, sampled."""
        pts = []
        for ax, ay, bx, by in tpl.segments:
            pts.append(((ax, ay), (bx, by)))
        for ox, oy, rad, a0, a1 in tpl.arcs:
            n = max(8, int(abs(a1 - a0) * 12))
            arc = [(ox + rad * math.cos(a0 + (a1 - a0) * k / n), oy + rad * math.sin(a0 + (a1 - a0) * k / n))
                   for k in range(n + 1)]
            pts.extend(zip(arc, arc[1:]))
        overlay = self._get_overlay()
        for a, b in pts:
            pa = self.to_screen(*a)
            pb = self.to_screen(*b)
            pygame.draw.line(surface, (255, 140, 60), pa, pb, 3)
        if tpl.kind == "R":
            c = self.to_screen(tpl.px, tpl.py)
            overlay.fill((0, 0, 0, 0))
            pygame.draw.circle(overlay, (255, 140, 60, 70), (c[0] - self.rect.x, c[1] - self.rect.y),
                               int(tpl.diameter / 2 * self.scale))
            surface.blit(overlay, self.rect.topleft)

    def _draw_path(self, surface, opts: DrawOptions) -> None:
        colour = theme.GOOD if opts.path_ok else theme.BAD
        pts = [self.to_screen(x, y) for x, y in opts.path]
        if len(pts) >= 2:
            pygame.draw.lines(surface, colour, False, pts, 3)
        for p in pts[1:-1]:
            pygame.draw.circle(surface, colour, p, 4)
        if len(pts) >= 2:
            pygame.draw.circle(surface, colour, pts[-1], max(4, int(opts.path_radius * self.scale)), 2)



def _blit_art(s: pygame.Surface, img: pygame.Surface, at: tuple[int, int], origin, factor: float) -> None:
    """Blit a piece's picture whose corner lies `at` (its own px) from `origin` (screen); a picture drawn at a lower
    scale (factor > 1) is stretched, only the part that is seen."""
    if abs(factor - 1.0) < 1e-6:
        s.blit(img, (round(origin[0]) + at[0], round(origin[1]) + at[1]))
        return
    ax, ay = origin[0] + at[0] * factor, origin[1] + at[1] * factor
    whole = pygame.Rect(math.floor(ax), math.floor(ay), math.ceil(img.get_width() * factor),
                        math.ceil(img.get_height() * factor))
    vis = whole.clip(s.get_clip() if s.get_clip() else s.get_rect())
    if vis.width <= 0 or vis.height <= 0:
        return
    src = pygame.Rect(int((vis.x - ax) / factor), int((vis.y - ay) / factor), math.ceil(vis.width / factor) + 1,
                      math.ceil(vis.height / factor) + 1).clip(img.get_rect())
    if src.width <= 0 or src.height <= 0:
        return
    part = pygame.transform.scale(img.subsurface(src), (round(src.width * factor), round(src.height * factor)))
    s.blit(part, (round(ax + src.x * factor), round(ay + src.y * factor)))


def _wedge_len(r: int) -> float:
    """How far the facing wedge stands out of a base of radius r (px)."""
    return max(5.0, r * 0.55)


def _plate(img: pygame.Surface, colour, alpha: int) -> pygame.Surface:
    """A line of text on a translucent rounded plate (cached with the text)."""
    key = (id(img), colour, alpha)
    got = _PLATES.get(key)
    if got is None or got[0] is not img:
        w, h = img.get_width() + 8, img.get_height() + 2
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, colour + (alpha,), surf.get_rect(), border_radius=4)
        surf.blit(img, (4, 1))
        if len(_PLATES) > 500:
            _PLATES.clear()
        got = _PLATES[key] = (img, surf)
    return got[1]


_PLATES: dict[tuple, tuple] = {}


def initials(name: str) -> str:
    """'Orc berserker 2' → 'Be2', 'Rifleman 1' → 'Ri1' (a label that fits inside a small base; the side's
    colour tells the rest)."""
    words = name.split()
    num = words[-1] if words and words[-1].isdigit() else ""
    rest = words[:-1] if num else words
    word = rest[-1] if rest else name
    return word[:2].capitalize() + num


def compact(name: str) -> str:
    """'Orc berserker 2' → 'Berserker 2' (the side's colour and the card tell the race)."""
    words = name.split()
    num = words[-1] if words and words[-1].isdigit() else ""
    rest = words[:-1] if num else words
    return (rest[-1].capitalize() + (" " + num if num else "")) if rest else name
