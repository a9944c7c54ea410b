"""MET-6 for Poseer (CBA-21 ruling 1: "it is kept in later turns by paying ENE 3 again with no check"): a possession
made or kept in the previous turn may be kept at the start of the possessor's activation (its first actions, as
Mantener una metahabilidad), for ENE 3, with no check, no range and no stress requirement (MET-6 ruling): the target
(a character, or its transport or object: rules/possessed_gear.py) is possessed again with a fresh duration, to the
end of its next activation, as if possessed now. The case that matters: the possessed's activation passed and ended
the possession before the possessor's activation of the next turn (ruling 2); keeping it gives the possessor its
control back for that activation. Keeping one still possessed changes nothing but its being keepable next turn.

What was possessed is read from the turn's events (the `state_changed` "possessed" / "equipment_possessed" events
and `possession_kept`), not from a component, so that games with a possession keep their state checksums."""
from __future__ import annotations

from dataclasses import replace

from wartime.core.components import Possessed, PossessedGear
from wartime.core.errors import RuleViolation
from wartime.rules import metahabilities as meta, possessed_gear, possession, riding
from wartime.rules.state import GameState

#: MET-6: the actions that keep the start of an activation open for more maintaining.
MAINTAINING = ("maintain_metahability", "keep_possession")
COST = 3


def _made_last_turn(gs: GameState, possessor: int) -> list[tuple[int, str | None]]:
    """(target, aim) of the possessions `possessor` made or kept in the previous turn (event order, no repeats)."""
    turn = gs.world.resources["flow"].turn
    out: list[tuple[int, str | None]] = []
    in_prev = False
    for ev in reversed(gs.world.events):
        t = ev["type"]
        if t == "turn_start":
            if ev["turn"] == turn:
                in_prev = True
                continue
            break
        if not in_prev:
            continue
        if t == "state_changed" and ev.get("by") == possessor and ev.get("value") is True \
                and ev.get("state") in ("possessed", "equipment_possessed"):
            key = (ev["who"], ev.get("aim"))
        elif t == "possession_kept" and ev.get("who") == possessor:
            key = (ev["target"], ev.get("aim"))
        else:
            continue
        if key not in out:
            out.append(key)
    return sorted(out, key=lambda k: (k[0], k[1] or ""))


def at_start(gs: GameState, e: int) -> bool:
    """MET-6 ruling: at the start of `e`'s activation (its actions so far only maintained or kept something)."""
    if gs.activation(e).actions == 0:
        return True
    for ev in reversed(gs.world.events):
        if ev["type"] == "activation_start" and ev.get("who") == e:
            return True
        if ev["type"] == "action" and ev.get("who") == e and ev.get("action") not in MAINTAINING:
            return False
    return False


def _still_there(gs: GameState, possessor: int, target: int, aim: str | None) -> bool:
    if aim is not None and riding.is_parked(gs, target):                 # MVA-17: a driverless transport
        p = gs.world.try_get(target, PossessedGear)
        return p is None or p.possessor == possessor
    if target not in gs.minis() or not gs.on_table(target):
        return False
    if aim is None:
        p = gs.world.try_get(target, Possessed)
        return p is None or p.possessor == possessor
    if aim not in meta.equipment_aims(gs, target):
        return False
    e = possessed_gear.entity_of(target, aim)
    if not possessed_gear.exists(gs, e, aim):
        return False
    p = gs.world.try_get(e, PossessedGear)
    return p is None or p.possessor == possessor


def keepable(gs: GameState, possessor: int) -> list[tuple[int, str | None]]:
    """MET-6 / CBA-21: the possessions `possessor` may keep now: made or kept in the previous turn, at the start of
    its activation, the target on the table and not possessed by another (its equipment still held by it)."""
    if not meta.corrupt_attributes(gs, possessor) or gs.world.has(possessor, Possessed) \
            or not at_start(gs, possessor):
        return []
    return [(t, a) for t, a in _made_last_turn(gs, possessor) if _still_there(gs, possessor, t, a)]


def check_keep(gs: GameState, actor: int, params: dict) -> tuple[int, str | None]:
    if params.get("_window") is not None:
        raise RuleViolation("MET-6", "a possession is kept in the possessor's own activation")
    key = (params.get("target"), params.get("aim"))
    if key not in keepable(gs, actor):
        raise RuleViolation("MET-6", f"{gs.name(actor)} did not possess {key[0]!r} last turn, or it is no longer "
                            "the start of its activation")
    return key


def keep(gs: GameState, possessor: int, target: int, aim: str | None) -> None:
    """MET-6: the target is possessed again (fresh duration), with no check."""
    gs.world.emit("possession_kept", "MET-6", who=possessor, target=target, aim=aim)
    if aim is None:
        p = gs.world.try_get(target, Possessed)
        if p is None:
            possession.start(gs, possessor, target)
        else:
            gs.world.set(target, replace(p, turn=gs.world.resources["flow"].turn))
        return
    e = possessed_gear.entity_of(target, aim)
    p = gs.world.try_get(e, PossessedGear)
    if p is None:
        possessed_gear.start(gs, possessor, target, aim)
    else:
        gs.world.set(e, replace(p, turn=gs.world.resources["flow"].turn, armed=False))
