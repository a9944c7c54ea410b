"""Labels that never overlap (issue 14 point 5): a greedy de-clutter pass over the board's labels.

Each label names the point it belongs to (a miniature's base, a terrain piece, an element, a deployment zone)
and a priority; labels are placed in priority order, each in the first free slot among its candidates: around a
base (below, right, left, above, the diagonals), then further out on the same directions with a leader line back
to the base; a terrain label at its piece's centre, then nearby. A slot is free when it stays inside the view and
overlaps no miniature base and no label placed before it. A label with no free slot tries its compact form (a
miniature's chips without its name), and is otherwise left out: the lowest priorities (terrain names) give way
first, and the card and the tooltip still tell everything."""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import pygame

#: how far out (px beyond the base's rim) the rings of candidate slots lie; beyond the first, a leader line
RINGS = (2, 12, 26, 42, 62)
#: directions tried around a base, in order (dx, dy)
DIRECTIONS = ((0, 1), (1, 0), (-1, 0), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


@dataclass
class Label:
    key: tuple                                   # ("mini", e), ("terrain", id), ("element", id), ("zone", side)
    surf: pygame.Surface
    anchor: tuple[float, float]                  # screen point the label belongs to
    radius: float = 0.0                          # keep clear of this circle around the anchor (a base)
    priority: int = 50                           # lower is placed first
    compact: pygame.Surface | None = None        # a smaller form tried when the full one finds no room
    spots: list[tuple[float, float]] = field(default_factory=list)   # explicit centres to try (terrain, zones)
    leader: bool = True                          # may be pushed out with a leader line
    rim: float | None = None                     # where a leader line starts (px from the anchor; radius if None)


@dataclass
class Placed:
    label: Label
    rect: pygame.Rect
    surf: pygame.Surface
    leader: tuple[tuple[float, float], tuple[float, float]] | None = None


def _around(lab: Label, w: int, h: int, rings=RINGS):
    ax, ay = lab.anchor
    r = lab.radius
    for ring_i, d in enumerate(rings):
        if ring_i and not lab.leader:
            break
        g = r + d
        for dx, dy in DIRECTIONS:
            if dx and dy:
                k = g * 0.72
                x = ax + dx * k + (0 if dx > 0 else -w)
                y = ay + dy * k + (0 if dy > 0 else -h)
            elif dy:
                y = (ay + g) if dy > 0 else (ay - g - h)
                for x in (ax - w / 2, ax - r, ax + r - w):          # centred, then left- or right-aligned
                    yield pygame.Rect(round(x), round(y), w, h), ring_i > 0
                continue
            else:
                x, y = ((ax + g + 1) if dx > 0 else (ax - g - 1 - w)), ay - h / 2
            yield pygame.Rect(round(x), round(y), w, h), ring_i > 0


def _nearest(rect: pygame.Rect, p) -> tuple[float, float]:
    return (min(max(p[0], rect.left), rect.right), min(max(p[1], rect.top), rect.bottom))


def place(labels: list[Label], bounds: pygame.Rect, obstacles: list[pygame.Rect],
          previous: dict | None = None) -> list[Placed]:
    """Place the labels (see the module's docstring); returns only the placed ones, none overlapping another or
    an obstacle. `previous` (key → (dx, dy, pushed out, size), as `offsets` returns) is tried first for each label
    that sat next to its anchor, so that labels stay put while something else moves (an animated miniature does not
    shuffle the plates around it)."""
    taken = list(obstacles)
    out: list[Placed] = []
    previous = previous or {}
    for lab in sorted(labels, key=lambda lb: lb.priority):
        done = False
        for surf in (lab.surf, lab.compact):
            if surf is None:
                continue
            w, h = surf.get_size()
            if lab.spots:
                cands = []
                for cx, cy in lab.spots:
                    cands.append((pygame.Rect(round(cx - w / 2), round(cy - h / 2), w, h), False))
            else:
                cands = _around(lab, w, h)
            last = previous.get(lab.key)
            if last is not None and last[3] == (w, h) and not last[2]:    # a label pushed out may come back in
                first = (pygame.Rect(round(lab.anchor[0] + last[0]), round(lab.anchor[1] + last[1]), w, h), False)
                cands = itertools.chain((first,), cands)
            for rect, far in cands:
                if not bounds.contains(rect) or rect.inflate(2, 2).collidelist(taken) != -1:
                    continue
                leader = None
                if far:
                    end = _nearest(rect, lab.anchor)
                    dx, dy = end[0] - lab.anchor[0], end[1] - lab.anchor[1]
                    ln = max(1e-6, (dx * dx + dy * dy) ** 0.5)
                    rim = lab.radius if lab.rim is None else lab.rim
                    start = (lab.anchor[0] + dx / ln * rim, lab.anchor[1] + dy / ln * rim)
                    leader = (start, end)
                out.append(Placed(lab, rect, surf, leader))
                taken.append(rect)
                done = True
                break
            if done:
                break
    return out


def offsets(placed: list[Placed]) -> dict:
    """Where each placed label sits relative to its anchor (for `place`'s `previous`)."""
    return {p.label.key: (p.rect.x - p.label.anchor[0], p.rect.y - p.label.anchor[1], p.leader is not None,
                          p.rect.size) for p in placed}


def overlaps(rects: list[pygame.Rect]) -> list[tuple[int, int]]:
    """Pairs of indices of rectangles that overlap (for tests and debugging)."""
    bad = []
    for i, a in enumerate(rects):
        for j in a.collidelistall(rects[i + 1:]):
            bad.append((i, i + 1 + j))
    return bad
