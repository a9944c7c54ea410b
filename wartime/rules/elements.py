"""Scenario elements used with Usar (GNA-16, ``[element.use]``): a door opens and closes a terrain piece (the board
without the open doors is `GameState.board`, read from the world), a mechanism is worked once and the scenario's
event that names it reads it (ALM-34 trigger marker, ALM-39 carry-the-bell mechanism: rules/alarm_flow.py).

The action is rules/actions/elements.py; a scenario without used elements has no `UsableElement` and nothing here
runs (``gs.doors`` stays None)."""
from __future__ import annotations

from dataclasses import replace

import shapely
from shapely.geometry import Point

from wartime.core.components import BreakablePiece, Searchable, UsableElement
from wartime.core.errors import RuleViolation
from wartime.rules.state import GameState


def install_doors(gs: GameState) -> None:
    """GNA-16: the doors of the scenario ({terrain id: element entity}, element order) on the game state, so that
    its board leaves the open ones out; None (the board as set up) when the scenario has no door."""
    doors = {}
    for el in gs.world.query(UsableElement):
        u = gs.world.get(el, UsableElement)
        if u.effect == "door":
            doors[u.door] = el
    gs.doors = doors or None


def usable(gs: GameState, el: int) -> UsableElement | None:
    """GNA-16: the element's use (None: a searchable element, GNA-2)."""
    return gs.world.try_get(el, UsableElement)


def worked(gs: GameState, el: int) -> bool:
    """ALM-34, ALM-39: the marker element was worked: searched (Buscar, GNA-2) or, a mechanism, used (Usar, GNA-16)."""
    u = usable(gs, el)
    return u.used if u is not None else gs.world.get(el, Searchable).searched


def unwork(gs: GameState, el: int) -> None:
    """ALM-34, ALM-39: the marker is as before (an attacker's work, or the mechanism worked before the alarm)."""
    u = usable(gs, el)
    if u is not None:
        gs.world.set(el, replace(u, used=False))
    else:
        gs.world.set(el, replace(gs.world.get(el, Searchable), searched=False))


def why_not(gs: GameState, el: int) -> str | None:
    """GNA-16: why the element cannot be used now (None: it can): a mechanism is worked once; a door is not closed on
    a miniature standing in its doorway; a destroyed door (rules/scenery_breaking.py) is used no more."""
    u = gs.world.get(el, UsableElement)
    name = gs.world.get(el, Searchable).name
    if u.effect == "mechanism" and u.used:
        return f"{name} was already worked"
    if u.effect == "door" and gs.breakables is not None and u.door in gs.breakables \
            and gs.world.get(gs.breakables[u.door], BreakablePiece).gone:
        return f"{name} was destroyed: its doorway stays open"
    if u.effect == "door" and u.open:
        piece = gs.scenario_board.piece(u.door)
        for m in gs.minis():
            if gs.on_table(m):
                p = gs.pos(m)
                if shapely.intersects(piece.polygon, Point(p.x, p.y).buffer(gs.body(m).radius - 1e-6)):
                    return f"{name} cannot close: {gs.name(m)} stands in the doorway"
    return None


def apply_use(gs: GameState, who: int, el: int) -> None:
    """GNA-16: the element's effect: a door opens or closes (movement and LOS through it change at once), a
    mechanism is worked (the scenario's event that names it follows: rules/alarm_flow.after_action)."""
    u = gs.world.get(el, UsableElement)
    eid = gs.world.get(el, Searchable).id
    if u.effect == "door":
        gs.world.set(el, replace(u, open=not u.open))
        gs.world.emit("door_opened" if not u.open else "door_closed", "GNA-16", who=who, element=eid, door=u.door)
    else:
        gs.world.set(el, replace(u, used=True))
        gs.world.emit("mechanism_worked", "GNA-16", who=who, element=eid)


def check_usable(gs: GameState, el: int) -> None:
    """GNA-16: raise RuleViolation when the element cannot be used now (`why_not`)."""
    why = why_not(gs, el)
    if why is not None:
        raise RuleViolation("GNA-16", why)
