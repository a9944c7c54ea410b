"""The scripted controller's medic run (GNA-16 Usar, BLD-17 RNG): a character holding a healing object with a use
left (its own, or one mounted on the transport it drives: BLD-20) goes to a badly wounded or incapacitated ally out
of the object's reach, when one move this activation brings it into reach with the ENE left to use it there; the
next decision uses it (ai/scripted_objects.py `use_object`, urgent). Only the engine's legal options: the moves
are the engine's candidate paths or paths into base contact it accepts (`legal_cost`), the patient one the object's
own traits accept (``object_target``: an Elixir only on the wounded). Inert for a character with no such object."""
from __future__ import annotations

import math

from wartime.ai.candidates import action, contact_paths, legal_cost, options_of, path_moves
from wartime.ai.scripted_objects import BADLY
from wartime.core.components import Life
from wartime.core.errors import RuleViolation
from wartime.geometry.measure import ENGAGED_GAP
from wartime.rules import riding, traits
from wartime.rules.actions.objects import in_reach, usable_gear
from wartime.rules.sequence import Decision, Pending


def _kits(gs, e: int) -> list:
    """The objects `e` can use now whose use has an effect on a target (``object_effect``: a heal), cheapest first."""
    return sorted((g for _, g in usable_gear(gs, e) if "object_effect" in traits.use_effects(g)),
                  key=lambda g: (g.ENE, g.name))


def _patients(gs, e: int, kits: list) -> list[tuple[int, object]]:
    """(ally, the cheapest kit its traits accept on it) for each ally on the table, other than `e`, that is
    incapacitated or badly wounded (BADLY of its CON) and out of every kit's reach: incapacitated first, then the
    most wounded share, then the nearest."""
    out = []
    for a in gs.allies(e, able_only=False):
        if a == e or not gs.on_table(a) or gs.wounds(a) <= 0:
            continue
        down = gs.world.get(a, Life).state == "incapacitated"
        share = gs.wounds(a) / max(1, gs.attrs(a).CON)
        if not down and share < BADLY:
            continue
        if any(in_reach(gs, e, g, a) for g in kits):
            continue                                    # the use itself is `use_object`'s
        for g in kits:
            try:
                traits.check_object_target(gs, e, g, a)
            except RuleViolation:
                continue
            out.append(((not down, -share, gs.distance(e, a), a), a, g))
            break
    return [(a, g) for _, a, g in sorted(out, key=lambda x: x[0])]


def medic_run(match, p: Pending) -> Decision | None:
    """GNA-16: the move that brings `p.actor` into its healing object's reach (RNG 0: base contact; BLD-17) of the
    first patient (`_patients`) with the object's ENE left after it; None when none does."""
    gs, engine = match.gs, match.engine
    e = p.actor
    if gs.engaged(e) or not gs.on_table(e):
        return None
    kits = _kits(gs, e)
    if not kits:
        return None
    patients = _patients(gs, e, kits)
    if not patients:
        return None
    energy = gs.energy(e)
    moves = path_moves(gs, p)
    for a, g in patients:
        if riding.drives(gs, e):                        # MOV-6: a transport's own candidate drives
            d = _drive_to(match, p, a, g, energy, [k for k, _ in moves[:2]])
        else:
            d = _walk_to(match, p, a, g, energy, moves)
        if d is not None:
            return d
    return None


def _walk_to(match, p, a: int, g, energy: int, moves) -> Decision | None:
    """A path move (the shortest first: Mover, Correr, Esprintar, MVA-1..3) into base contact with `a` (RNG 0) or within the kit's RNG of it."""
    gs, engine = match.gs, match.engine
    e = p.actor
    for key, allowance in moves:
        if g.RNG == 0:
            paths = contact_paths(gs, e, a, allowance)
        else:
            pa, pt = gs.pos(e), gs.pos(a)
            gap = gs.distance(e, a) - g.RNG + 0.05
            if gap > allowance:
                continue
            d = math.hypot(pt.x - pa.x, pt.y - pa.y) or 1.0
            paths = [[[round(pa.x + (pt.x - pa.x) * gap / d, 4), round(pa.y + (pt.y - pa.y) * gap / d, 4)]]]
        for path in paths:
            dec = action(p, key, path=path)
            cost = legal_cost(engine, dec)
            if cost is not None and energy - cost >= g.ENE:
                return dec
    return None


def _drive_to(match, p, a: int, g, energy: int, keys: list[str]) -> Decision | None:
    """The engine's candidate drive (Mover, Correr) ending in the kit's reach of `a` (RNG 0: base contact) with the
    kit's ENE left, the cheapest first."""
    gs, engine = match.gs, match.engine
    e = p.actor
    r, ra, pt = gs.body(e).radius, gs.body(a).radius, gs.pos(a)
    best = None
    for o in options_of(engine, keys):
        (x, y), = o.params["path"]
        gap = math.hypot(pt.x - x, pt.y - y) - r - ra
        if gap > (ENGAGED_GAP if g.RNG == 0 else g.RNG) or energy - o.cost < g.ENE:
            continue
        if best is None or (o.cost, gap) < best[0]:
            best = ((o.cost, gap), o)
    return None if best is None else best[1].decision(p.side, e)
