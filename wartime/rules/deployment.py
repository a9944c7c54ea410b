"""Deployment before turn 1 (the book leaves it to the adventure: the scenario's deployment zones). The engine's
ruling: the sides deploy one after the other in scenario order, each in one 'deploy' decision, before the first
initiative roll (SEQ-1 starts the turns after it). The game is set up with every miniature on a default spot of its
zone (match.setup.deployment_spots); a side's decision keeps them there (auto-deploy, no `positions`) or moves any
of its miniatures standing on the ground to new spots, each

* with its base wholly inside its side's zone and on the board,
* off terrain that stops movement (low and high obstacles, blocking pieces, water: MOV-9, MVA-11),
* not overlapping another base where everyone stands once the decision applies (BAS-2),
* on whole squares on a grid board (MOV-15),

facing where the decision says (default: as it stood, towards the board centre). Miniatures on a scenario perch
(level 2, MOV-10) stay there. An illegal deployment raises RuleViolation naming the rule and changes nothing."""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Any, Mapping

import numpy as np
import shapely
from shapely.geometry import Point

from wartime.core.errors import RuleViolation
from wartime.rules import riding
from wartime.rules.squares import snap
from wartime.rules.state import GameState

#: what the deployment checks name when a spot is outside the side's zone or the board
ZONE_RULE = "SEQ-1"
#: terrain a base may not be deployed on (MOV-9: needs Escalar; MVA-11: only Nadar enters water)
BLOCKING_KINDS = ("low", "high", "blocking", "water")


def deployable(gs: GameState, side: str) -> tuple[int, ...]:
    """The miniatures `side` may place: its characters on the ground (level 1), by id."""
    return tuple(e for e in gs.minis() if gs.side(e) == side and gs.on_table(e) and gs.pos(e).level == 1)


def free_spots(gs: GameState, side: str, radius: float, step: float = 1.0) -> list[tuple[float, float]]:
    """The spots of a lattice (`step` K) where a base of `radius` may stand in `side`'s zone by itself: wholly
    inside the zone and the board, off blocking terrain (what `check` asks, except other bases), in lattice order.
    Vectorised (shapely 2): controllers pick among these instead of asking `check` spot by spot."""
    zone = gs.deployment.get(side)
    if zone is None:
        return []
    minx, miny, maxx, maxy = zone.bounds
    xs = np.arange(minx + radius, maxx - radius + 1e-9, step)
    ys = np.arange(miny + radius, maxy - radius + 1e-9, step)
    if not len(xs) or not len(ys):
        return []
    gx, gy = np.meshgrid(np.round(xs, 4), np.round(ys, 4), indexing="ij")
    gx, gy = gx.ravel(), gy.ravel()
    if gs.board.grid:
        pts = sorted({snap(float(x), float(y), 2.0 * radius) for x, y in zip(gx, gy)})
        gx = np.array([x for x, _ in pts])
        gy = np.array([y for _, y in pts])
    ok = shapely.contains_xy(zone.buffer(1e-6).buffer(-radius, 32), gx, gy)
    w, h = gs.board.width, gs.board.height
    ok &= (gx >= radius - 1e-9) & (gx <= w - radius + 1e-9) & (gy >= radius - 1e-9) & (gy <= h - radius + 1e-9)
    blocking = [p.polygon for p in gs.board.pieces if p.kind in BLOCKING_KINDS]
    if blocking:
        ok &= ~shapely.intersects_xy(shapely.union_all(blocking).buffer(radius, 32), gx, gy)
    return [(float(x), float(y)) for x, y in zip(gx[ok], gy[ok])]


def _number(v: Any, what: str) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise RuleViolation(ZONE_RULE, f"deployment: {what} must be a number, not {v!r}")
    return float(v)


def check(gs: GameState, side: str, params: Mapping[str, Any]) -> dict[int, tuple[float, float, float]]:
    """Validate a 'deploy' decision's parameters (`positions`: {character id: [x, y] or [x, y, facing]}, keys as
    strings or ints; absent or empty: auto-deploy) and return the new spot of every miniature it moves."""
    extra = set(params) - {"positions"}
    if extra:
        raise RuleViolation(ZONE_RULE, f"deployment: unknown parameter(s) {', '.join(sorted(extra))}")
    raw = params.get("positions") or {}
    if not isinstance(raw, Mapping):
        raise RuleViolation(ZONE_RULE, "deployment: `positions` maps character ids to [x, y] or [x, y, facing]")
    mine = deployable(gs, side)
    zone = gs.deployment.get(side)
    out: dict[int, tuple[float, float, float]] = {}
    for key, spot in sorted(raw.items(), key=lambda kv: str(kv[0])):
        e, new = _spot(gs, side, mine, zone, key, spot)
        out[e] = new
    # BAS-2 against everyone where they will stand
    where = _where(gs, out)
    for e in out:
        _no_overlap(gs, e, where)
    return out


def check_added(gs: GameState, side: str, placed: Mapping[int, tuple[float, float, float]], key: Any,
                spot: Any) -> tuple[int, tuple[float, float, float]]:
    """`check` of the positions `placed` (which `check` accepted, as it returned them) plus `key`'s `spot`, answered
    for the new spot alone (issue 20: a controller trying spots one miniature at a time checks each in O(n), not
    every placed one again): the same acceptance as `check` of the whole map — the placed spots were valid and
    apart from everyone, the new spot is checked by itself (ZONE_RULE, MOV-9, MVA-11) and against everyone where
    they will stand (BAS-2), and a placed base never overlapped the new miniature's old spot either (it would have
    failed before). Returns (character id, its new spot); RuleViolation as `check`."""
    e, new = _spot(gs, side, deployable(gs, side), gs.deployment.get(side), key, spot)
    _no_overlap(gs, e, _where(gs, {**placed, e: new}))
    return e, new


def _spot(gs: GameState, side: str, mine, zone, key: Any, spot: Any) -> tuple[int, tuple[float, float, float]]:
    """ZONE_RULE, MOV-9, MVA-11, MOV-15 (`check`): one miniature's spot by itself: its id, on the board, wholly in
    the zone, on no blocking terrain (snapped to whole squares on the grid)."""
    try:
        e = int(key)
    except (TypeError, ValueError):
        raise RuleViolation(ZONE_RULE, f"deployment: {key!r} is not a character id") from None
    if e not in mine:
        raise RuleViolation(ZONE_RULE, f"deployment: {e} is not a miniature {side} places (its own, on the "
                            "ground)")
    if not isinstance(spot, (list, tuple)) or len(spot) not in (2, 3):
        raise RuleViolation(ZONE_RULE, f"deployment: {gs.name(e)}'s spot must be [x, y] or [x, y, facing]")
    x, y = _number(spot[0], "x"), _number(spot[1], "y")
    facing = _number(spot[2], "facing") % 360.0 if len(spot) == 3 else gs.pos(e).facing
    r = gs.body(e).radius
    if gs.board.grid:                                      # MOV-15: whole squares
        x, y = snap(x, y, 2.0 * r)
    disc = Point(x, y).buffer(r, 32)
    if not gs.board.disc_inside(x, y, r):
        raise RuleViolation(ZONE_RULE, f"deployment: {gs.name(e)} at ({x:g}, {y:g}) is off the board")
    if zone is None or not zone.buffer(1e-6).contains(disc):
        raise RuleViolation(ZONE_RULE, f"deployment: {gs.name(e)} at ({x:g}, {y:g}) is not wholly inside "
                            f"{side}'s deployment zone")
    for p in gs.board.pieces:
        if p.kind in BLOCKING_KINDS and p.polygon.intersects(disc):
            rule = "MVA-11" if p.kind == "water" else "MOV-9"
            raise RuleViolation(rule, f"deployment: {gs.name(e)} at ({x:g}, {y:g}) stands on {p.kind} "
                                f"terrain ({p.id})")
    return e, (round(x, 4), round(y, 4), round(facing, 4))


def _where(gs: GameState, out: Mapping[int, tuple[float, float, float]]) -> dict[int, tuple[float, float]]:
    """BAS-2 (`check`): where every miniature on the ground will stand: its spot in `out`, else where it stands."""
    where = {o: (gs.pos(o).x, gs.pos(o).y) for o in gs.minis() if gs.on_table(o) and gs.pos(o).level == 1}
    where.update({e: (x, y) for e, (x, y, _) in out.items()})
    return where


def _no_overlap(gs: GameState, e: int, where: Mapping[int, tuple[float, float]]) -> None:
    """BAS-2: `e`'s base, where it will stand, overlaps no other base where that one will stand."""
    x, y = where[e]
    r = gs.body(e).radius
    for o, (ox, oy) in where.items():
        if o != e and math.hypot(x - ox, y - oy) < r + gs.body(o).radius - 1e-6:
            raise RuleViolation("BAS-2", f"deployment: {gs.name(e)}'s base overlaps {gs.name(o)}'s")


def apply(gs: GameState, side: str, spots: Mapping[int, tuple[float, float, float]]) -> None:
    """Put the miniatures on their new spots and log where every miniature of `side` stands (`deployed`)."""
    for e, (x, y, facing) in spots.items():
        gs.world.set(e, replace(gs.pos(e), x=x, y=y, facing=facing))
        riding.sync_passengers(gs, e)                   # MVA-17: passengers deploy aboard their transport
    gs.world.emit("deployed", ZONE_RULE, side=side, auto=not spots,
                  positions=[[e, gs.pos(e).x, gs.pos(e).y, gs.pos(e).facing]
                             for e in gs.minis() if gs.side(e) == side and gs.on_table(e)])
