"""Traits that move a character at other altitude levels (MOV-10, MOV-13, MVA-15, MVA-16): TRT-GLIDER
(Planeador), TRT-SUB (Sub), and TRT-AEROSTATIC's lifting of the level-3 limits (its flight is not played: it
is not fieldable yet)."""
from __future__ import annotations

from wartime.rules.traits.registry import TakeOff, register

#: TRT-GLIDER: ENE 3 per take-off or landing; a failed CH AGI costs ENE 3 and calls a CH CON; failing that too
#: gives 3 wounds.
GLIDER_TAKE_OFF = TakeOff(rule="TRT-GLIDER", cost=3, fail_ene=3, fail_check="CON", fail_wounds=3,
                          reason="glider's rough take-off or landing")


def glider_levels(gs, e: int) -> frozenset[int]:
    """TRT-GLIDER: it may act at level 2 (MVA-16)."""
    return frozenset({1, 2})


def glider_take_off(gs, e: int) -> TakeOff:
    """TRT-GLIDER: its own take-off and landing rule (MVA-16; ruling: ENE 3 each way)."""
    return GLIDER_TAKE_OFF


def sub_levels(gs, e: int) -> frozenset[int]:
    """TRT-SUB: it may move at level −1 (MVA-15; the book's −3 read as the core's underground level −1)."""
    return frozenset({-1, 1})


def aerostatic(gs, e: int) -> bool:
    """TRT-AEROSTATIC: at level 3 it may pivot and chain non-movement actions (MOV-13's limits lifted)."""
    return True


register("TRT-GLIDER", "Planeador", {"flight_levels": glider_levels, "take_off_landing": glider_take_off},
         kinds=("race",))
register("TRT-SUB", "Sub", {"flight_levels": sub_levels}, kinds=("race",))
register("TRT-AEROSTATIC", "Aerostático", {"level3_limits": aerostatic}, fieldable=False)
