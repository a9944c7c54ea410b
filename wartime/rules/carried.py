"""GNA-16 / BLD-7: protections carried but not worn (components.CarriedProtections). The book gives every protection
an ENE, "the energy a character spends to put on or activate" it (BLD-7; ENE 0: it cannot be taken off, BLD-8). A
list fields its protections worn (the ruling: it deploys equipped) unless its character names them `carried`. A
carried protection adds no DEF, no fit penalty, no overload and none of its traits until Usar
(rules/actions/objects.py WearProtection) puts it on at its ENE: it then joins the character's `Equipment` like a worn
one. Ruling: a protection received by Comerciar or Saquear (GNA-3, GNA-14) is worn at once: only SIZ 0 protections
change hands (easy to take), and SIZ 0 marks a protection that is not worn (BLD-8: a shield, an amulet), so there is
nothing to put on; one that needs activating is a trait's (the energy shields' own actions). Nothing here runs for a
character without a carried protection."""
from __future__ import annotations

from dataclasses import replace

from wartime.core.components import CarriedProtections
from wartime.core.errors import RuleViolation
from wartime.rules.state import GameState


def carried(gs: GameState, e: int) -> tuple:
    """The protections `e` carries but does not wear (list order); () for most characters."""
    c = gs.world.try_get(e, CarriedProtections)
    return c.items if c is not None else ()


def protection(gs: GameState, e: int, n, rule: str = "GNA-16"):
    """The carried protection number `n` of `e`, else a RuleViolation."""
    items = carried(gs, e)
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < len(items):
        raise RuleViolation(rule, f"{gs.name(e)} carries no protection number {n!r} to put on")
    return items[n]


def put_on(gs: GameState, e: int, n: int) -> None:
    """GNA-16 / BLD-7: `e` puts on (or activates) its carried protection `n`: it joins the end of its worn
    protections (its DEF, fit and overload count from now on, BLD-7, and its traits act for it)."""
    items = carried(gs, e)
    p = items[n]
    rest = items[:n] + items[n + 1:]
    if rest:
        gs.world.set(e, CarriedProtections(rest))
    else:
        gs.world.remove(e, CarriedProtections)
    eq = gs.equipment(e)
    gs.world.set(e, replace(eq, protections=eq.protections + (p,)))
    gs.world.emit("protection_put_on", "GNA-16", who=e, protection=p.name, ENE=p.ENE, DEF=p.DEF)
