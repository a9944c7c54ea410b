"""BLD-20: metahabilities mounted on a transport (components.MountedMetas). The book lets a transport be equipped with
"invocaciones" (metahability archetypes of any kind), paid by the character and usable only while it is aboard.

The play model: while its driver rides the transport, the mounted metahabilities are the last entries of the
driver's own list (components.Metahabilities), so Usar metahabilidad offers them as the driver's: the driver casts
them (MET-1: it needs the bonus of their kind, Metamorfo, Cinético or Neuromante, or carries a binding), with the
kind's attribute (CON, AGI, INT, VOL: CMB-13), measuring RNG, FOV and LOS from its base, which is the transport's
(BLD-19: one miniature). When the driver gets off (MVA-17, riding.park) they stay aboard the driverless transport
(its casts of them can no longer be maintained, MET-6: a use, and uses are aboard only; effects already cast run
their course); whoever takes it over (Tomar el transporte) uses them; a destroyed transport (WND-5) takes them with
it. Below riding in the import order; nothing here runs for a transport without one."""
from __future__ import annotations

from dataclasses import replace

from wartime.core.components import Metahabilities, MountedMetas
from wartime.rules.state import GameState


def hand_over(gs: GameState, src: int, dst: int | None) -> None:
    """BLD-20 / MVA-17: the mounted metahabilities leave `src` (a rider: taken off the end of its list, with their
    current state, e.g. TRT-CHARGES' uses left, and its casts of them forgotten; or a driverless transport) for
    `dst` (a driverless transport, or a new rider: added at the end of its list). `dst` None: they are gone (WND-5)."""
    world = gs.world
    mm = world.try_get(src, MountedMetas)
    if mm is None:
        return
    items = mm.items
    comp = world.try_get(src, Metahabilities)
    if comp is not None:                                        # a rider: they are the end of its own list
        start = len(comp.items) - len(items)
        items = comp.items[start:]
        world.set(src, Metahabilities(comp.items[:start], tuple(c for c in comp.casts if c.index < start)))
    world.remove(src, MountedMetas)
    if dst is None:
        return
    if dst in gs.minis():                                       # a new rider: at the end of its own list
        own = world.try_get(dst, Metahabilities)
        world.set(dst, Metahabilities(items) if own is None else replace(own, items=own.items + items))
    world.set(dst, MountedMetas(items))
