"""The scripted controller's possessed equipment (CBA-21, MET-8, MET-6), hooked into ai/scripted_possess.py: a
neuromancer hacks an enemy transport within reach until its stress reaches its QUA, possesses it, then destroys it
(QUA + 1 wounds, no CH DEF) unless its explosion would reach one of its own side, in which case it switches it off (it
cannot move, its mounted weapons cannot fire); possessed objects are destroyed, unless one that explodes (Inflamable,
Explota: whatever its D100) would reach one of its own side. A possession of last turn is kept
(MET-6) at the start of the activation when ENE allows. Inert without a neuromancer facing an enemy transport, or
without a possession: the keys it asks for are then absent from `Pending.options`."""
from __future__ import annotations

from wartime.ai.candidates import action, legal_cost
from wartime.core.components import Gear, Mount
from wartime.rules import possessed_gear, possession_keep
from wartime.rules.actions.metahability import Corrupt, Possess
from wartime.rules.actions.possession_acts import ControlEquipment, KeepPossession
from wartime.rules.sequence import Decision, Pending


def _legal(engine, d: Decision) -> Decision | None:
    return d if legal_cost(engine, d) is not None else None


def keep(match, p: Pending, spare: int) -> Decision | None:
    """MET-6: keep last turn's possession when `spare` ENE is left after it."""
    gs = match.gs
    if KeepPossession.key not in p.options or gs.energy(p.actor) - possession_keep.COST < spare:
        return None
    for t, aim in possession_keep.keepable(gs, p.actor):
        d = _legal(match.engine, action(p, KeepPossession.key, target=t, **({} if aim is None else {"aim": aim})))
        if d is not None:
            return d
    return None


def handle(match, p: Pending) -> Decision | None:
    """CBA-21: destroy possessed equipment (only if its blast, a transport's or an exploding object's, spares the
    actor's side), else switch it off."""
    gs = match.gs
    if ControlEquipment.key not in p.options:
        return None
    e = p.actor
    for g, pg in possessed_gear.to_handle(gs, e):
        left = [n for do, n in possessed_gear.choices(gs, g, pg) if do == possessed_gear.WOUNDS]
        wounds = gs.world.get(g, Mount).wounds if pg.aim == "transport" else gs.world.get(g, Gear).wounds
        need = possessed_gear.quality(gs, g, pg.aim) + 1 - wounds
        spares = not any(gs.side(o) == gs.side(e) for o in possessed_gear.blast_reach(gs, g, need))
        if spares and need in left:
            d = _legal(match.engine, action(p, ControlEquipment.key, equipment=g, do=possessed_gear.WOUNDS,
                                            wounds=need))
        elif not pg.off:
            d = _legal(match.engine, action(p, ControlEquipment.key, equipment=g, do=possessed_gear.OFF))
        else:
            d = None
        if d is not None:
            return d
    return None


def take_transport(match, p: Pending, keep_ene: int) -> Decision | None:
    """MET-8 then CBA-21: possess an enemy transport whose stress reached its QUA, else hack one (INT)."""
    gs, engine = match.gs, match.engine
    e = p.actor
    if gs.energy(e) - 3 < keep_ene:
        return None
    riders = [t for t in gs.enemies(e) if gs.world.has(t, Mount)]
    if Possess.key in p.options:
        for t in riders:
            if "transport" in possessed_gear.aims(gs, e, t):
                d = _legal(engine, action(p, Possess.key, target=t, aim="transport"))
                if d is not None:
                    return d
    if Corrupt.key in p.options:
        for t in riders:
            d = _legal(engine, action(p, Corrupt.key, target=t, attribute="INT", aim="transport"))
            if d is not None:
                return d
    return None
