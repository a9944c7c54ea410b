"""The scripted controller's Magia: telekinesis (TRT-MAGIC-TELEKINESIS; rules/telekinesis.py, the action
rules/actions/telekinesis.py), chosen among the engine's legal options only (`legal_cost`):

* a movable piece that blocks sight (``blocks_los``: a low wall gives cover, a tall truck hides) is moved across the
  lines of sight from enemies to wounded allies, or to the caster itself when it stands in the open: the point that cuts the most such lines, tried at
  a few points along each line (drawn back within the caster's reach), only where it cuts more lines than where it
  stands and at least `MIN_SHIFT` K away;
* otherwise an operative charge of its own side with a proximity trigger is moved into the path of the nearest enemy
  (between that enemy and the nearest of its allies, just outside the charge's reach, so the enemy's next move
  towards them sets it off);
* otherwise an enemy's driverless transport (MVA-17: its last driver, Parked.owner, may take it over from base
  contact) is pushed to the engine's offered point farthest from that driver, when that gains at least `STRAND` K.

Inert for a character without the trait: the engine offers the action to nobody else (``by_rule`` finds no key and
nothing more is asked)."""
from __future__ import annotations

import math

from shapely import affinity
from shapely.geometry import LineString

from wartime.ai.candidates import action, by_rule, legal_cost
from wartime.core.components import Parked
from wartime.rules import placed, scenery_objects, telekinesis as tk, traits
from wartime.rules.actions.telekinesis import offered_points, reachable

#: the fractions of a line of sight (from the ally to the enemy) at which a piece's centre is tried
ALONG = (0.2, 0.35, 0.5, 0.65, 0.8)
#: the K kept between a moved charge's reach and the enemy's base
MARGIN = 0.3
#: the least K a push must add between an enemy's driverless transport and its driver
STRAND = 2.0
#: the least K a piece moved across lines of sight must travel (a shorter move spends the ENE for nothing)
MIN_SHIFT = 0.5


def _lines(gs, e: int) -> list[tuple[int, int]]:
    """(enemy, ally) pairs worth cutting: an enemy with a line of sight to a wounded ally, or to the caster itself
    standing in the open (no sample of its silhouette hidden from that enemy)."""
    out = []
    for a in [e] + gs.allies(e):
        if not gs.on_table(a) or (a != e and gs.wounds(a) == 0):
            continue
        for f in gs.enemies(a):
            c = gs.cover(f, [a])[0] if gs.on_table(f) else None
            if c is not None and c.has_los and (gs.wounds(a) > 0 or c.blocked == 0):
                out.append((f, a))
    return out


def _cut(gs, poly, pairs) -> int:
    """How many of the lines `pairs` the polygon crosses (centre to centre)."""
    return sum(1 for f, a in pairs if poly.intersects(LineString([(gs.pos(f).x, gs.pos(f).y),
                                                                  (gs.pos(a).x, gs.pos(a).y)])))


def _block(match, p, key: str, mv: tk.Mover, t: tk.Thing, pairs):
    gs, e = match.gs, p.actor
    pc = scenery_objects.piece_of(gs, t.name)
    if pc is None or not pc.blocks_los or pc.height <= 0.0:
        return None
    best = None
    now = _cut(gs, pc.polygon, pairs)               # the lines it already cuts where it stands: a move must add some
    for f, a in pairs:
        pf, pa = gs.pos(f), gs.pos(a)
        for s in ALONG:
            x, y = pa.x + s * (pf.x - pa.x), pa.y + s * (pf.y - pa.y)
            far = math.hypot(x - t.x, y - t.y)
            if far > mv.reach:                  # drawn back towards where it stands: its bulk may still cut the line
                x, y = t.x + (x - t.x) * mv.reach / far, t.y + (y - t.y) * mv.reach / far
            to = [round(x, 4), round(y, 4)]
            if math.hypot(to[0] - t.x, to[1] - t.y) < MIN_SHIFT:
                continue
            n = _cut(gs, affinity.translate(pc.polygon, to[0] - t.x, to[1] - t.y), pairs)
            if n > now and (best is None or n > best[0]):
                d = action(p, key, meta=mv.index, object=t.ref, to=to)
                if legal_cost(match.engine, d) is not None:
                    best = (n, d)
    return best


def _charge_in_path(match, p, key: str, mv: tk.Mover, t: tk.Thing):
    gs, e = match.gs, p.actor
    if not t.ref.startswith("item:"):
        return None
    n = int(t.ref.split(":")[1])
    pc = gs.world.try_get(n, placed.PlacedCharge)
    if pc is None or not pc.armed or gs.side(pc.owner) != gs.side(e):
        return None
    prof = placed.profile(gs, n)
    if traits.proximity_trigger(prof) is None:
        return None
    foes = sorted((math.hypot(gs.pos(f).x - t.x, gs.pos(f).y - t.y), f) for f in gs.enemies(e) if gs.on_table(f))
    mine = [a for a in [e] + gs.allies(e) if gs.on_table(a)]
    if not foes or not mine:
        return None
    f = foes[0][1]
    pf = gs.pos(f)
    ally = min(mine, key=lambda a: (math.hypot(gs.pos(a).x - pf.x, gs.pos(a).y - pf.y), a))
    pa = gs.pos(ally)
    d = math.hypot(pa.x - pf.x, pa.y - pf.y)
    if d < 1e-6:
        return None
    gap = placed.reach(prof) + gs.body(f).radius + MARGIN
    if gap >= d:
        return None
    to = [round(pf.x + (pa.x - pf.x) * gap / d, 4), round(pf.y + (pa.y - pf.y) * gap / d, 4)]
    dec = action(p, key, meta=mv.index, object=t.ref, to=to)
    return dec if legal_cost(match.engine, dec) is not None else None


def _strand(match, p, key: str, mv: tk.Mover, t: tk.Thing):
    """An enemy's driverless transport pushed to the offered point farthest from its driver (see the module)."""
    gs, e = match.gs, p.actor
    if not t.ref.startswith("transport:"):
        return None
    owner = gs.world.get(int(t.ref.split(":")[1]), Parked).owner
    if gs.side(owner) == gs.side(e) or not gs.on_table(owner):
        return None
    po = gs.pos(owner)
    now = math.hypot(t.x - po.x, t.y - po.y)
    best = None
    for to in offered_points(gs, mv, t):
        d = math.hypot(to[0] - po.x, to[1] - po.y)
        if d >= now + STRAND and (best is None or d > best[0]):
            dec = action(p, key, meta=mv.index, object=t.ref, to=to)
            if legal_cost(match.engine, dec) is not None:
                best = (d, dec)
    return None if best is None else best[1]


def telekinesis_act(match, p):
    """TRT-MAGIC-TELEKINESIS: block the most enemy lines of sight to wounded allies with a piece, else put an own
    charge in the nearest enemy's path, else push an enemy's driverless transport away from its driver (see the
    module); None when none is worth it or legal."""
    key = by_rule(p, tk.RULE)
    if key is None:
        return None
    gs, e = match.gs, p.actor
    pairs = _lines(gs, e)
    best = None
    for mv in tk.movers(gs, e):
        for t in reachable(gs, e, mv):
            if pairs and t.ref.startswith("scenery:"):
                got = _block(match, p, key, mv, t, pairs)
                if got is not None and (best is None or got[0] > best[0]):
                    best = got
    if best is not None:
        return best[1]
    for mv in tk.movers(gs, e):
        for t in reachable(gs, e, mv):
            d = _charge_in_path(match, p, key, mv, t) or _strand(match, p, key, mv, t)
            if d is not None:
                return d
    return None
