"""The board and its terrain pieces (Preface: geometry; ENV-2 solids; MOV-7..9 classes).

A `Board` is built once per scenario: an STRtree of the footprints, prepared polygons, and numpy arrays of the
LOS-blocking solids split into convex parts (for the vectorised ray clipping in `sight.py`). Pickling keeps only
the plain data; unpickling rebuilds and re-prepares everything (prepared geometries lose their index when
pickled).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.polygon import orient

#: Terrain kinds (Preface): movement classes easy/difficult/extreme, obstacles low/high, impassable blocking,
#: water (MVA-11: only swimming crosses it).
KINDS = ("difficult", "extreme", "low", "high", "blocking", "water")

#: Tolerance in K used when a point or a disc is tested against the board edge.
EDGE_TOL = 1e-9
#: Convex parts of LOS solids are shrunk by this much (K) on real boundary edges (grazing a face does not
#: block) and grown by this much on internal edges (a ray along an internal diagonal still blocks).
SOLID_TOL = 1e-9


@dataclass(frozen=True)
class TerrainPiece:
    """Preface: a footprint polygon with a top height (K above the ground), a kind, a blocks_los flag and a DEF;
    `climbable` marks an obstacle Escalar may climb (MVA-10, MOV-9); `nooks` marks recovecos (TRT-SERPENT);
    `ceiling` > 0 is the height of the roof over a ground piece (TRT-SPIDER: a roofed open piece; its roof blocks a
    line of sight that crosses it, geometry.sight.ceiling_blocked)."""

    id: str
    kind: str
    polygon: Polygon
    height: float
    blocks_los: bool
    defense: int = 0
    climbable: bool = False
    nooks: bool = False
    ceiling: float = 0.0


def _clean_ring(coords: np.ndarray) -> np.ndarray:
    """Drop the closing point, repeated points and collinear vertices of a ring."""
    pts = np.asarray(coords, dtype=float)
    if len(pts) > 1 and np.all(pts[0] == pts[-1]):
        pts = pts[:-1]
    changed = True
    while changed and len(pts) > 3:
        changed = False
        prev = np.roll(pts, 1, axis=0)
        nxt = np.roll(pts, -1, axis=0)
        cross = (pts[:, 0] - prev[:, 0]) * (nxt[:, 1] - pts[:, 1]) - (pts[:, 1] - prev[:, 1]) * (nxt[:, 0] - pts[:, 0])
        dup = np.hypot(pts[:, 0] - prev[:, 0], pts[:, 1] - prev[:, 1]) < 1e-12
        scale = max(1.0, float(np.abs(pts).max()))
        bad = dup | (np.abs(cross) <= 1e-12 * scale * scale)
        if bad.any():
            first = int(np.argmax(bad))
            pts = np.delete(pts, first, axis=0)
            changed = True
    return pts


def _is_convex_ccw(pts: np.ndarray) -> bool:
    prev = np.roll(pts, 1, axis=0)
    nxt = np.roll(pts, -1, axis=0)
    cross = (pts[:, 0] - prev[:, 0]) * (nxt[:, 1] - pts[:, 1]) - (pts[:, 1] - prev[:, 1]) * (nxt[:, 0] - pts[:, 0])
    return bool(np.all(cross >= -1e-12))


def convex_parts(poly: Polygon) -> list[tuple[np.ndarray, np.ndarray]]:
    """Split a polygon (holes allowed) into convex parts: [(ccw vertices (k, 2), internal-edge flags (k,))].

    Edge i of a part runs from vertex i to vertex i+1; its flag is True when it is not on the polygon's
    boundary. Convex polygons give one part; others are triangulated (constrained Delaunay) and the triangles
    merged greedily while the union stays convex (Hertel-Mehlhorn). Deterministic.
    """
    poly = orient(poly, 1.0)
    if not poly.interiors and poly.convex_hull.area - poly.area <= 1e-12 * max(1.0, poly.area):
        pts = _clean_ring(np.asarray(poly.exterior.coords))
        return [(pts, np.zeros(len(pts), dtype=bool))]
    boundary: set[tuple] = set()
    for ring in (poly.exterior, *poly.interiors):
        c = [tuple(p) for p in np.asarray(ring.coords)]
        for a, b in zip(c[:-1], c[1:]):
            boundary.add((a, b) if a <= b else (b, a))
    tris = shapely.get_parts(shapely.constrained_delaunay_triangles(poly))
    parts: list[list[tuple]] = []
    for t in tris:
        t = orient(t, 1.0)
        c = [tuple(p) for p in np.asarray(t.exterior.coords)[:-1]]
        if Polygon(c).area > 0.0:
            parts.append(c)

    def key(a, b):
        return (a, b) if a <= b else (b, a)

    merged = True
    while merged:
        merged = False
        for i in range(len(parts)):
            pi = parts[i]
            for ei in range(len(pi)):
                a, b = pi[ei], pi[(ei + 1) % len(pi)]
                if key(a, b) in boundary:
                    continue
                for j in range(len(parts)):
                    if j == i:
                        continue
                    pj = parts[j]
                    n = len(pj)
                    hit = next((k for k in range(n) if pj[k] == b and pj[(k + 1) % n] == a), None)
                    if hit is None:
                        continue
                    # pi rotated to start at b and end at a; pj rotated to start at a and end at b.
                    ri = pi[ei + 1:] + pi[:ei + 1]
                    rj = pj[hit + 1:] + pj[:hit + 1]
                    cand = ri + rj[1:-1]
                    if _is_convex_ccw(np.asarray(cand, dtype=float)):
                        parts[i] = cand
                        del parts[j]
                        merged = True
                    break
                if merged:
                    break
            if merged:
                break
    out = []
    for c in parts:
        # Keep collinear vertices here: an edge's boundary / internal flag must stay exact.
        pts = np.asarray([v for k, v in enumerate(c) if v != c[k - 1]], dtype=float)
        flags = np.array([key(tuple(pts[k]), tuple(pts[(k + 1) % len(pts)])) not in boundary
                          for k in range(len(pts))], dtype=bool)
        out.append((pts, flags))
    return out


class SolidArrays:
    """Numpy arrays describing a list of extruded solids, each split into convex parts (ENV-2, ENV-8).

    Pieces k = 0..K-1; parts of a piece are contiguous, edges of a part are contiguous. For every edge: the
    unit outward normal (nx, ny), offset c (inside ⇔ n·p − c < 0) and tolerance tol (+SOLID_TOL shrinks real
    boundary edges, −SOLID_TOL grows internal ones).
    """

    def __init__(self, pieces: Sequence[TerrainPiece], index: Sequence[int]):
        self.index = np.asarray(index, dtype=np.intp)          # board piece index of each solid
        self.ids = [p.id for p in pieces]
        self.top = np.array([p.height for p in pieces], dtype=float)
        self.defense = np.array([p.defense for p in pieces], dtype=np.int64)
        self.defense_list = [int(p.defense) for p in pieces]
        k = len(pieces)
        self.bbox = np.zeros((k, 4))
        nx: list[np.ndarray] = []
        ny: list[np.ndarray] = []
        cc: list[np.ndarray] = []
        tol: list[np.ndarray] = []
        part_edge_start, part_edge_count, part_piece = [], [], []
        piece_part_start, piece_part_count, piece_edge_start, piece_edge_count = [], [], [], []
        e0 = 0
        for i, p in enumerate(pieces):
            self.bbox[i] = p.polygon.bounds
            parts = convex_parts(p.polygon)
            piece_part_start.append(len(part_piece))
            piece_part_count.append(len(parts))
            piece_edge_start.append(e0)
            n_edges = 0
            for pts, internal in parts:
                a = pts
                b = np.roll(pts, -1, axis=0)
                d = b - a
                length = np.hypot(d[:, 0], d[:, 1])
                # CCW polygon: outward normal of edge a→b is (dy, −dx) / |d|.
                ex = d[:, 1] / length
                ey = -d[:, 0] / length
                nx.append(ex)
                ny.append(ey)
                cc.append(ex * a[:, 0] + ey * a[:, 1])
                tol.append(np.where(internal, -SOLID_TOL, SOLID_TOL))
                part_edge_start.append(e0 + n_edges)
                part_edge_count.append(len(pts))
                part_piece.append(i)
                n_edges += len(pts)
            piece_edge_count.append(n_edges)
            e0 += n_edges
        cat = (lambda xs: np.concatenate(xs) if xs else np.zeros(0))
        self.nx, self.ny, self.c, self.tol = cat(nx), cat(ny), cat(cc), cat(tol)
        self.part_edge_start = np.asarray(part_edge_start, dtype=np.intp)
        self.part_edge_count = np.asarray(part_edge_count, dtype=np.intp)
        self.part_piece = np.asarray(part_piece, dtype=np.intp)
        self.piece_part_start = np.asarray(piece_part_start, dtype=np.intp)
        self.piece_part_count = np.asarray(piece_part_count, dtype=np.intp)
        self.piece_edge_start = np.asarray(piece_edge_start, dtype=np.intp)
        self.piece_edge_count = np.asarray(piece_edge_count, dtype=np.intp)
        self.all_convex = bool(np.all(self.piece_part_count == 1)) if k else True
        # bounding boxes as centres and half extents (filters in sight._trace)
        self.bcx = (self.bbox[:, 0] + self.bbox[:, 2]) / 2.0
        self.bcy = (self.bbox[:, 1] + self.bbox[:, 3]) / 2.0
        self.bhx = (self.bbox[:, 2] - self.bbox[:, 0]) / 2.0
        self.bhy = (self.bbox[:, 3] - self.bbox[:, 1]) / 2.0
        self.bc = np.stack((self.bcx, self.bcy))
        self.bh = np.stack((self.bhx, self.bhy))
        # tops lowered by SOLID_TOL: a ray grazing a top does not block
        self.top_tol = self.top - SOLID_TOL
        # the parts' half-planes padded to a (parts, max edges) matrix: inside ⇔ nx·x + ny·y − pc < 0 for
        # every column; padding columns are always satisfied (0·x + 0·y − 1 < 0)
        q = len(self.part_piece)
        emax = int(self.part_edge_count.max()) if q else 0
        self.pnx = np.zeros((q, emax))
        self.pny = np.zeros((q, emax))
        self.ppc = np.ones((q, emax))
        for j in range(q):
            a, n = self.part_edge_start[j], self.part_edge_count[j]
            self.pnx[j, :n] = self.nx[a:a + n]
            self.pny[j, :n] = self.ny[a:a + n]
            self.ppc[j, :n] = self.c[a:a + n] - self.tol[a:a + n]
        self.pn = np.stack((self.pnx, self.pny), axis=2)          # (parts, E, 2)
        self.pnt = np.ascontiguousarray(self.pn.transpose(0, 2, 1))  # (parts, 2, E)
        # Start of each part's edges relative to its piece's first edge.
        self.part_rel_start = (self.part_edge_start - self.piece_edge_start[self.part_piece]
                               if k else np.zeros(0, dtype=np.intp))

    def __len__(self) -> int:
        return len(self.ids)


class Board:
    """Preface / MOV-3: a width × height rectangle [0, width] × [0, height] in K with static terrain pieces."""

    def __init__(self, width: float, height: float, pieces: Sequence[TerrainPiece], grid: bool = False):
        self.width = float(width)
        self.height = float(height)
        self.pieces: tuple[TerrainPiece, ...] = tuple(pieces)
        self.grid = bool(grid)
        self._build()

    # -- construction ---------------------------------------------------------------------------------------
    def _build(self) -> None:
        if not (self.width > 0 and self.height > 0):
            raise ValueError(f"board size must be positive, got {self.width} × {self.height}")
        seen: set[str] = set()
        for p in self.pieces:
            if p.kind not in KINDS:
                raise ValueError(f"terrain {p.id!r}: kind {p.kind!r} is not one of {', '.join(KINDS)}")
            if p.id in seen:
                raise ValueError(f"terrain {p.id!r}: duplicate id")
            seen.add(p.id)
            if not isinstance(p.polygon, Polygon) or p.polygon.is_empty or not p.polygon.is_valid \
                    or p.polygon.area <= 0.0:
                raise ValueError(f"terrain {p.id!r}: footprint must be a valid polygon with positive area")
            if p.height < 0:
                raise ValueError(f"terrain {p.id!r}: height must be ≥ 0")
            if p.ceiling < 0 or (p.ceiling > 0 and p.kind not in ("difficult", "extreme")):
                raise ValueError(f"terrain {p.id!r}: a ceiling is a roof (> 0 K) over ground (difficult, extreme)")
        self.polygons = np.array([p.polygon for p in self.pieces], dtype=object)
        #: (xmin, ymin, xmax, ymax) of every footprint, for cheap pre-filters before shapely
        self.bounds: list[tuple[float, float, float, float]] = [tuple(p.polygon.bounds) for p in self.pieces]
        shapely.prepare(self.polygons)
        self.tree = shapely.STRtree(self.polygons)
        #: movement.check_path's memo of verdicts on this board (pure function of its arguments)
        self.path_memo: dict = {}
        #: movement.step_towards' memo of answers on this board (pure function of its arguments)
        self.step_memo: dict = {}
        #: the rules' memo of base-contact answers on this board (pure functions of a base's place and size, e.g.
        #: rules.actions.terrain_moves.climbable_in_contact; issue 20)
        self.contact_memo: dict = {}
        self.kinds = tuple(p.kind for p in self.pieces)
        self.heights = np.array([p.height for p in self.pieces], dtype=float)
        los = [i for i, p in enumerate(self.pieces) if p.blocks_los]
        self.los = SolidArrays([self.pieces[i] for i in los], los)
        self._walls: dict[float, SolidArrays] = {}
        self._edges: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self._by_id = {p.id: p for p in self.pieces}
        #: TRT-SPIDER: the roofed pieces (ceiling > 0), in board order
        self.ceilings: tuple[TerrainPiece, ...] = tuple(p for p in self.pieces if p.ceiling > 0)
        #: memo of `sight.cover_query` per (eye, target row): terrain is static, so the answer is a pure
        #: function of the floats (bounded; cleared when full)
        self.cover_memo: dict = {}
        #: memo of `navigation.plan` routes (same reasoning)
        self.plan_memo: dict = {}
        #: `without`'s boards, one per piece taken off (bounded; cleared when full)
        self._without: dict[str, Board] = {}

    #: boards `without` keeps at once (one per piece asked about)
    WITHOUT_KEPT = 64

    def without(self, piece_id: str) -> "Board":
        """This board with the piece `piece_id` taken off (a piece held up by telekinesis or a throw, which neither
        blocks nor covers it, TRT-MAGIC-TELEKINESIS / TRT-SUPER-STRENGTH; the AI's route past a breakable wall, GNA-16);
        the board itself when no piece has that id. The board is immutable, so each answer is built once and kept
        with its own memos (cover, routes, paths): issue 20, rebuilding the prepared geometry at every question was
        a third of a scripted scrapyard game."""
        got = self._without.get(piece_id)
        if got is None:
            if piece_id not in self._by_id:
                return self
            if len(self._without) >= self.WITHOUT_KEPT:
                self._without.clear()
            got = self._without[piece_id] = Board(self.width, self.height,
                                                  [p for p in self.pieces if p.id != piece_id], self.grid)
        return got

    @classmethod
    def from_specs(cls, width: float, height: float, specs: Iterable[Any], grid: bool = False) -> "Board":
        """Build from specs with attributes id, kind, polygon (tuple of (x, y)), height, blocks_los, defense and
        (optional) climbable, nooks and ceiling."""
        pieces = [TerrainPiece(id=str(s.id), kind=str(s.kind), polygon=Polygon([tuple(map(float, v)) for v in s.polygon]),
                               height=float(s.height), blocks_los=bool(s.blocks_los),
                               defense=int(getattr(s, "defense", 0) or 0),
                               climbable=bool(getattr(s, "climbable", False)),
                               nooks=bool(getattr(s, "nooks", False)),
                               ceiling=float(getattr(s, "ceiling", 0.0) or 0.0))
                  for s in specs]
        return cls(width, height, pieces, grid)

    def __getstate__(self) -> dict:
        return {"width": self.width, "height": self.height, "pieces": self.pieces, "grid": self.grid}

    def __setstate__(self, state: dict) -> None:
        self.width = state["width"]
        self.height = state["height"]
        self.pieces = tuple(state["pieces"])
        self.grid = state["grid"]
        self._build()

    def __repr__(self) -> str:
        return f"Board({self.width} × {self.height}, {len(self.pieces)} pieces{', grid' if self.grid else ''})"

    # -- queries --------------------------------------------------------------------------------------------
    def dry(self) -> "Board":
        """MVA-11 / MVA-12: the same board without its water pieces (a swim or a jump is checked against it);
        built once, then cached (`self` when there is no water)."""
        got = self.__dict__.get("_dry")
        if got is None:
            wet = [p for p in self.pieces if p.kind == "water"]
            got = self if not wet else Board(self.width, self.height,
                                             [p for p in self.pieces if p.kind != "water"], self.grid)
            self._dry = got
        return got

    def floating(self, height: float) -> "Board":
        """The board as a base floating `height` K above the ground meets it (TRT-LEVITATOR): without its water,
        its ground terrain (difficult, extreme) and its low obstacles lower than `height`; built once per height,
        then cached (`self` when nothing is left out)."""
        cache = self.__dict__.setdefault("_floating", {})
        got = cache.get(height)
        if got is None:
            keep = [p for p in self.pieces if p.kind not in ("water", "difficult", "extreme")
                    and not (p.kind == "low" and p.height < height)]
            got = cache[height] = self if len(keep) == len(self.pieces) else Board(self.width, self.height, keep,
                                                                                   self.grid)
        return got

    def without_nooks(self) -> "Board":
        """TRT-SERPENT: the same board without its pieces marked nooks (recovecos: moving through them is easy
        terrain); built once, then cached (`self` when there is none)."""
        got = self.__dict__.get("_no_nooks")
        if got is None:
            keep = [p for p in self.pieces if not p.nooks]
            got = self if len(keep) == len(self.pieces) else Board(self.width, self.height, keep, self.grid)
            self._no_nooks = got
        return got

    def water(self) -> tuple[TerrainPiece, ...]:
        """MVA-11: the water pieces, in board order (cached)."""
        got = self.__dict__.get("_water")
        if got is None:
            got = self._water = tuple(p for p in self.pieces if p.kind == "water")
        return got

    def climbable(self) -> tuple[TerrainPiece, ...]:
        """MVA-10 / MVA-13: the pieces marked climbable, in board order (cached)."""
        got = self.__dict__.get("_climbable")
        if got is None:
            got = self._climbable = tuple(p for p in self.pieces if p.climbable)
        return got

    def piece(self, piece_id: str) -> TerrainPiece:
        return self._by_id[piece_id]

    def point_inside(self, x: float, y: float) -> bool:
        """ARE-9: a point is on the board if 0 ≤ x ≤ width and 0 ≤ y ≤ height (the edge counts as on)."""
        return (-EDGE_TOL <= x <= self.width + EDGE_TOL) and (-EDGE_TOL <= y <= self.height + EDGE_TOL)

    def disc_inside(self, x: float, y: float, r: float) -> bool:
        """MOV-3: the whole base (disc of radius r at (x, y)) lies on the board (touching the edge is allowed)."""
        return (r - EDGE_TOL <= x <= self.width - r + EDGE_TOL) and (r - EDGE_TOL <= y <= self.height - r + EDGE_TOL)

    def discs_inside(self, xs, ys, r) -> np.ndarray:
        """MOV-3, vectorised disc_inside."""
        xs = np.asarray(xs, dtype=float)
        ys = np.asarray(ys, dtype=float)
        r = np.asarray(r, dtype=float)
        return ((xs >= r - EDGE_TOL) & (xs <= self.width - r + EDGE_TOL)
                & (ys >= r - EDGE_TOL) & (ys <= self.height - r + EDGE_TOL))

    def pieces_at(self, x: float, y: float) -> list[TerrainPiece]:
        """Pieces whose footprint contains (x, y), boundary included, in board order."""
        if not self.pieces:
            return []
        hit = shapely.intersects_xy(self.polygons, x, y)
        return [self.pieces[i] for i in np.flatnonzero(hit)]

    def surface_height(self, x: float, y: float) -> float:
        """Preface / MOV-10: elevation of the surface at (x, y). Slice 1: minis never stand on pieces, so 0."""
        return 0.0

    def piece_edges(self, i: int) -> tuple[np.ndarray, np.ndarray]:
        """Start and end points (k, 2) of every edge of piece i's footprint (all rings), cached."""
        e = self._edges.get(i)
        if e is None:
            poly = self.pieces[i].polygon
            rings = [np.asarray(g.coords) for g in (poly.exterior, *poly.interiors)]
            e = (np.concatenate([r[:-1] for r in rings]), np.concatenate([r[1:] for r in rings]))
            self._edges[i] = e
        return e

    def walls(self, min_height: float = 0.75) -> SolidArrays:
        """ENV-8: the blocks_los pieces taller than `min_height` as solid arrays (cached per height)."""
        arr = self._walls.get(min_height)
        if arr is None:
            idx = [i for i, p in enumerate(self.pieces) if p.blocks_los and p.height > min_height]
            arr = SolidArrays([self.pieces[i] for i in idx], idx)
            self._walls[min_height] = arr
        return arr
