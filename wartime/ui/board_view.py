"""The board to scale: Kliks to pixels with zoom and pan, terrain drawn by kind, miniatures as round bases
with their side's colour, facing tick, name, wounds, energy and statuses, the field of view of the selected
miniature, deployment zones, and the previews the play screen asks for (paths, lines of sight).

Board coordinates are Kliks with y up (facing is counter-clockwise from +x, as in the rules); the screen's
y grows downwards, so y is flipped here and nowhere else."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from wartime.core.components import Activation, Life, Posture, Searchable, Stress
from wartime.rules.state import GameState
from wartime.ui import theme
from wartime.ui.adapter import short_name

MIN_SCALE, MAX_SCALE = 6.0, 160.0


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
        self._overlay: pygame.Surface | None = None
        self._engaged: set[int] = set()
        self._engaged_key = None
        self.fit()

    # --- transforms -------------------------------------------------------------------------------
    def set_rect(self, rect: pygame.Rect) -> None:
        if pygame.Rect(rect) != self.rect:
            self.rect = pygame.Rect(rect)
            self._overlay = None
            self.fit()

    def fit(self) -> None:
        margin = 28
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
        self._draw_static(surface)
        overlay = self._get_overlay()
        used = False
        if opts.show_zones:
            self._draw_zones(overlay)
            used = True
        if opts.fov is not None and gs.on_table(opts.fov):
            self._draw_fov(overlay, gs, opts.fov, opts.overrides, opts.facing_ghost)
            used = True
        if used:
            surface.blit(overlay, self.rect.topleft)
        if opts.show_zones:
            self._draw_zone_labels(surface)
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
        self._draw_elements(surface, gs)
        for kind, where, _name in opts.places:
            self._draw_place(surface, kind, where, opts.time)
        if opts.template is not None:
            self._draw_template(surface, opts.template)
        for e in gs.minis():
            self._draw_mini(surface, gs, e, opts)
        if opts.ring is not None:
            x, y, rad = opts.ring
            pygame.draw.circle(surface, (235, 235, 235), self.to_screen(x, y), max(2, int(rad * self.scale)), 1)
        if opts.path:
            self._draw_path(surface, opts)
        surface.set_clip(None)

    def _get_overlay(self) -> pygame.Surface:
        if self._overlay is None or self._overlay.get_size() != self.rect.size:
            self._overlay = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        self._overlay.fill((0, 0, 0, 0))
        return self._overlay

    def _local(self, x: float, y: float) -> tuple[float, float]:
        sx, sy = self.to_screen(x, y)
        return sx - self.rect.x, sy - self.rect.y

    # static layer: table, grid, ruler, terrain (rebuilt only when the view changes)
    def _draw_static(self, surface: pygame.Surface) -> None:
        key = (round(self.scale, 4), round(self.pan[0], 2), round(self.pan[1], 2), self.rect.size)
        if self._static is None or self._static_key != key:
            self._static = self._build_static()
            self._static_key = key
        surface.blit(self._static, self.rect.topleft)

    def _build_static(self) -> pygame.Surface:
        s = pygame.Surface(self.rect.size)
        s.fill(theme.BG)
        w, h = self.board.width, self.board.height
        x0, y0 = self._local(0, h)
        x1, y1 = self._local(w, 0)
        table = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
        pygame.draw.rect(s, theme.TABLE, table)
        # 1 K grid, every 5 K stronger
        step = 1 if self.scale >= 8 else 5
        for k in range(0, int(w) + 1, step):
            sx = x0 + k * self.scale
            pygame.draw.line(s, theme.TABLE_GRID_5 if k % 5 == 0 else theme.TABLE_GRID, (sx, y0), (sx, y1))
        for k in range(0, int(h) + 1, step):
            sy = y1 - k * self.scale
            pygame.draw.line(s, theme.TABLE_GRID_5 if k % 5 == 0 else theme.TABLE_GRID, (x0, sy), (x1, sy))
        for piece in self.board.pieces:
            self._draw_piece(s, piece)
        pygame.draw.rect(s, theme.TABLE_EDGE, table, 2)
        # ruler: Kliks every 5 along the bottom and left edges
        for k in range(0, int(w) + 1, 5):
            theme.blit_text(s, str(k), (x0 + k * self.scale, y1 + 4), 11, theme.TEXT_DIM, anchor="midtop")
        for k in range(0, int(h) + 1, 5):
            theme.blit_text(s, str(k), (x0 - 5, y1 - k * self.scale), 11, theme.TEXT_DIM, anchor="midright")
        theme.blit_text(s, "K", (x1 + 6, y1 + 4), 11, theme.TEXT_DIM)
        return s

    def _draw_piece(self, s: pygame.Surface, piece) -> None:
        style = theme.TERRAIN.get(piece.kind, theme.TERRAIN["low"])
        pts = [self._local(x, y) for x, y in list(piece.polygon.exterior.coords)[:-1]]
        if len(pts) < 3:
            return
        minx = min(p[0] for p in pts)
        miny = min(p[1] for p in pts)
        maxx = max(p[0] for p in pts)
        maxy = max(p[1] for p in pts)
        bw, bh = int(maxx - minx) + 3, int(maxy - miny) + 3
        if bw <= 0 or bh <= 0 or bw > 8000 or bh > 8000:
            return
        local = [(p[0] - minx + 1, p[1] - miny + 1) for p in pts]
        tile = pygame.Surface((bw, bh), pygame.SRCALPHA)
        tile.fill(style["fill"] + (255,))
        self._pattern(tile, style["pattern"], style["edge"])
        mask = pygame.Surface((bw, bh), pygame.SRCALPHA)
        mask.fill((255, 255, 255, 0))
        pygame.draw.polygon(mask, (255, 255, 255, 255), local)
        for hole in piece.polygon.interiors:
            hp = [self._local(x, y) for x, y in list(hole.coords)[:-1]]
            pygame.draw.polygon(mask, (255, 255, 255, 0), [(p[0] - minx + 1, p[1] - miny + 1) for p in hp])
        tile.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        s.blit(tile, (minx - 1, miny - 1))
        width = 3 if piece.kind in ("blocking", "high") else 2 if piece.kind == "low" else 1
        pygame.draw.polygon(s, style["edge"], pts, width)
        # name at the centroid when it fits
        name = self.names.get(piece.id) or piece.id.replace("_", " ")
        name = name.split(" (")[0]
        c = piece.polygon.centroid
        cx, cy = self._local(c.x, c.y)
        img = theme.text(name, 11, theme.TEXT)
        if img.get_width() < (maxx - minx) + 30 and self.scale >= 12:
            r = img.get_rect(center=(cx, cy))
            if piece.kind in ("low", "high") and (maxy - miny) < 14:
                r.midtop = (cx, maxy + 2)
            s.blit(img, r)

    def _pattern(self, tile: pygame.Surface, pattern: str, colour) -> None:
        w, h = tile.get_size()
        step = max(5, int(self.scale * 0.5))
        if pattern == "dots":
            for yy in range(2, h, step):
                off = (yy // step) % 2 * step // 2
                for xx in range(2 + off, w, step):
                    pygame.draw.circle(tile, colour, (xx, yy), max(1, step // 5))
        elif pattern == "waves":
            for yy in range(3, h, step):
                for xx in range(0, w, step):
                    pygame.draw.arc(tile, colour, (xx, yy, step, step // 2 + 2), 0, math.pi, 1)
        elif pattern == "bricks":
            bh = max(4, step // 2 + 2)
            for row, yy in enumerate(range(0, h, bh)):
                pygame.draw.line(tile, colour, (0, yy), (w, yy))
                off = (row % 2) * step // 2
                for xx in range(off, w, step):
                    pygame.draw.line(tile, colour, (xx, yy), (xx, yy + bh))
        elif pattern == "cross":
            for k in range(-h, w, step):
                pygame.draw.line(tile, colour, (k, 0), (k + h, h))
                pygame.draw.line(tile, colour, (k + h, 0), (k, h))

    def _draw_zones(self, overlay: pygame.Surface) -> None:
        for side, zone in self.deployment.items():
            pts = [self._local(x, y) for x, y in list(zone.exterior.coords)[:-1]]
            col = theme.side_colour(side)
            pygame.draw.polygon(overlay, col + (60,), pts)
            pygame.draw.polygon(overlay, col + (200,), pts, 2)

    def _draw_zone_labels(self, surface: pygame.Surface) -> None:
        for side, zone in self.deployment.items():
            minx, miny, maxx, maxy = zone.bounds
            theme.blit_text(surface, f"{side.capitalize()} deployment zone", self.to_screen(minx + 0.5, (miny + maxy) / 2),
                            15, theme.SIDE_LIGHT.get(side, theme.TEXT), bold=True, anchor="midleft")

    def _draw_fov(self, overlay, gs, e, overrides, facing_ghost) -> None:
        """ENV-1: the 180° arc in front of the base, VOL × 5 K (edge to edge, so from the base's edge)."""
        x, y = self._xy(gs, e, overrides)
        facing = overrides[e][2] if overrides and e in overrides else gs.pos(e).facing
        if facing_ghost is not None and facing_ghost[0] == e:
            facing = facing_ghost[1]
        rng = gs.fov_range(e) + gs.body(e).radius
        col = theme.side_colour(gs.side(e))
        pts = [self._local(x, y)]
        n = 48
        for i in range(n + 1):
            a = math.radians(facing - 90 + 180 * i / n)
            pts.append(self._local(x + rng * math.cos(a), y + rng * math.sin(a)))
        pygame.draw.polygon(overlay, col + (34,), pts)
        pygame.draw.lines(overlay, col + (170,), True, pts, 2)

    def _draw_mini(self, surface, gs: GameState, e: int, opts: DrawOptions) -> None:
        life = gs.world.get(e, Life).state
        x, y = self._xy(gs, e, opts.overrides)
        sx, sy = self.to_screen(x, y)
        r = max(4, int(round(gs.body(e).radius * self.scale)))
        side = gs.side(e)
        if life == "dead":           # WND-3: removed; a faint marker shows where it fell
            col = theme.SIDE_DARK.get(side, (90, 90, 90))
            d = r * 0.6
            pygame.draw.line(surface, col, (sx - d, sy - d), (sx + d, sy + d), 2)
            pygame.draw.line(surface, col, (sx - d, sy + d), (sx + d, sy - d), 2)
            return
        able = gs.able(e)
        acted = gs.world.get(e, Activation).acted
        col = theme.side_colour(side)
        if not able:
            col = (110, 110, 110)
        elif acted and opts.dim_acted:
            col = tuple(int(c * 0.6 + b * 0.4) for c, b in zip(col, theme.BG))
        if e in opts.highlights:
            pulse = 0.5 + 0.5 * math.sin(opts.time * 5.0)
            pygame.draw.circle(surface, theme.ACCENT, (sx, sy), r + 4 + int(2 * pulse), 2)
        if e in opts.marked:
            pygame.draw.circle(surface, opts.marked[e], (sx, sy), r + 4, 3)
        pygame.draw.circle(surface, col, (sx, sy), r)
        pygame.draw.circle(surface, theme.SIDE_DARK.get(side, (40, 40, 40)), (sx, sy), r, 2)
        if opts.selected == e:
            pygame.draw.circle(surface, (255, 255, 255), (sx, sy), r + 2, 2)
        # facing tick (and the free turn being prepared, as a ghost)
        facing = opts.overrides[e][2] if e in opts.overrides else gs.pos(e).facing
        self._tick(surface, sx, sy, r, facing, (250, 250, 250))
        if opts.facing_ghost is not None and opts.facing_ghost[0] == e:
            self._tick(surface, sx, sy, r, opts.facing_ghost[1], theme.ACCENT)
        # posture badge (MVA-4 crouched: a chevron; MVA-5 prone: a bar) at the base's lower left
        posture = gs.world.get(e, Posture).state
        if posture != "standing":
            bx, by = int(sx - r * 0.8 - 4), int(sy + r * 0.8)
            pygame.draw.circle(surface, (235, 235, 235), (bx, by), 7)
            pygame.draw.circle(surface, (20, 20, 20), (bx, by), 7, 1)
            if posture == "crouched":
                pygame.draw.lines(surface, (20, 20, 20), False, [(bx - 4, by - 2), (bx, by + 2), (bx + 4, by - 2)], 2)
            else:
                pygame.draw.line(surface, (20, 20, 20), (bx - 4, by), (bx + 4, by), 3)
        if not able:
            d = r * 0.55
            pygame.draw.line(surface, (30, 30, 30), (sx - d, sy - d), (sx + d, sy + d), 2)
            pygame.draw.line(surface, (30, 30, 30), (sx - d, sy + d), (sx + d, sy - d), 2)
        # statuses: panic (!), engaged (crossed blades), unconscious (Zz)
        bx = sx - r - 2
        if gs.psyche(e).panic:
            pygame.draw.polygon(surface, (250, 210, 60), [(bx - 6, sy - r - 1), (bx + 1, sy - r - 13), (bx + 8, sy - r - 1)])
            theme.blit_text(surface, "!", (bx + 1, sy - r - 1), 11, (20, 20, 20), bold=True, anchor="midbottom")
            bx -= 14
        if e in self._engaged:
            cx, cy = sx + r + 4, sy - r - 4
            pygame.draw.line(surface, (255, 235, 200), (cx - 5, cy - 5), (cx + 5, cy + 5), 2)
            pygame.draw.line(surface, (255, 235, 200), (cx - 5, cy + 5), (cx + 5, cy - 5), 2)
            pygame.draw.line(surface, (255, 235, 200), (cx - 6, cy + 2), (cx - 2, cy + 6), 2)
            pygame.draw.line(surface, (255, 235, 200), (cx + 6, cy + 2), (cx + 2, cy + 6), 2)
        if gs.unconscious(e):
            theme.blit_text(surface, "Zz", (sx, sy - r - 3), 11, (200, 200, 255), bold=True, anchor="midbottom")
        # wounds: one box per point of CON, filled per wound; stress in purple below it
        con = gs.attrs(e).CON
        wounds = gs.wounds(e)
        box = 4 if self.scale < 30 else 6
        total = (box + 1) * con
        wx = sx - total / 2
        wy = sy + r + 2
        for i in range(con):
            rect = pygame.Rect(int(wx + i * (box + 1)), int(wy), box, box)
            if i < wounds:
                pygame.draw.rect(surface, (230, 60, 50), rect)
            else:
                pygame.draw.rect(surface, (230, 230, 230), rect, 1)
        if wounds > con:
            theme.blit_text(surface, f"+{wounds - con}", (wx + total + 2, wy - 3), 10, (230, 60, 50))
        stress = gs.world.try_get(e, Stress)
        label_y = wy + box + 1
        if stress is not None and stress.value > 0:
            for i in range(stress.value):
                pygame.draw.circle(surface, (185, 120, 235), (int(wx + 2 + i * (box + 1)), int(label_y + 2)), 2)
            label_y += 5
        # energy badge (ENE, may be negative after reactions)
        ene = gs.energy(e)
        theme.blit_text(surface, str(ene), (sx + r + 2, sy + 1), 12, (250, 225, 90) if ene >= 0 else theme.BAD,
                        bold=True, anchor="midleft")
        # name: in full when zoomed in, else initials inside the base (the tooltip and card give the rest)
        name = short_name(gs, e)
        if self.scale >= 34:
            if self.scale < 60:
                name = compact(name)
            theme.blit_text(surface, name, (sx, label_y), 12, (235, 235, 235), anchor="midtop")
        else:
            theme.blit_text(surface, initials(name), (sx, sy), 10 if r < 12 else 12, (15, 15, 15), bold=True,
                            anchor="center")

    def _tick(self, surface, sx, sy, r, facing, colour) -> None:
        a = math.radians(facing)
        ux, uy = math.cos(a), -math.sin(a)
        pygame.draw.line(surface, colour, (sx, sy), (sx + ux * (r + 5), sy + uy * (r + 5)), 2)
        tip = (sx + ux * (r + 8), sy + uy * (r + 8))
        left = (sx + ux * (r + 3) - uy * 4, sy + uy * (r + 3) + ux * 4)
        right = (sx + ux * (r + 3) + uy * 4, sy + uy * (r + 3) - ux * 4)
        pygame.draw.polygon(surface, colour, [tip, left, right])

    def _draw_elements(self, surface, gs: GameState) -> None:
        """Searchable scenario elements (GNA-2): a crate-coloured disc with its name; dimmed once searched."""
        for el_e in gs.world.query(Searchable):
            el = gs.world.get(el_e, Searchable)
            sx, sy = self.to_screen(el.x, el.y)
            r = max(4, int(el.radius * self.scale))
            fill = (95, 80, 60) if el.searched else (170, 120, 60)
            pygame.draw.circle(surface, fill, (sx, sy), r)
            pygame.draw.circle(surface, (235, 200, 140), (sx, sy), r, 2)
            if self.scale >= 10:
                theme.blit_text(surface, el.name + (" (searched)" if el.searched else ""), (sx, sy + r + 2), 11,
                                theme.TEXT, anchor="midtop")

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
