"""The checks a transport's traits add to its driving (rules/riding.py is the play model; the traits:
rules/traits/vehicles.py): the extra turn after a move (hook ``extra_turn``: TRT-FIGHTER) and the strain of each
movement action on a damaged transport (hook ``drive_strain``: TRT-OVERHEATING)."""
from __future__ import annotations

from wartime.rules import riding, traits
from wartime.rules.checks import roll_check
from wartime.rules.combat import resolve_hit
from wartime.rules.modifiers import roll_character_check
from wartime.rules.state import GameState
from wartime.rules.wounds import apply_wounds


def end_turn(gs: GameState, ctx, e: int, start: float, facing: float) -> float:
    """TRT-FIGHTER (hook ``extra_turn``): a transport that ends a movement action turned more than MOV-6's 45°
    (riding.check_straight allowed up to 45° + the trait's) rolls the pilot's CH AGI; on a failure it ends turned
    45° only, towards the side it chose. Returns the facing it ends with."""
    d = ((facing - start + 180.0) % 360.0) - 180.0
    extra = traits.extra_turn(gs, e) if riding.rides(gs, e) else None
    if extra is None or abs(d) <= riding.END_TURN + 1e-6:
        return facing
    rule, _ = extra
    r = roll_character_check(gs, ctx, e, "ATR", "AGI", rule, "extra turn after moving")
    if r.passed:
        return facing
    gs.world.emit("action_failed", rule, who=e, reason=f"no extra turn: it ends turned {riding.END_TURN:g}°")
    return round((start + (riding.END_TURN if d > 0 else -riding.END_TURN)) % 360.0, 4)


def after_drive(gs: GameState, ctx, e: int) -> None:
    """TRT-OVERHEATING (hook ``drive_strain``): after each movement action of a transport with at least the
    trait's wounds (5), a CH DEF (the miniature's DEF aboard, BLD-19 b); on a failure the transport takes 1 wound
    (WND-4 / WND-5: it may be disabled or destroyed by it)."""
    m = riding.mount(gs, e)
    strain = traits.drive_strain(gs, e)
    if strain is not None and m is None:
        on_foot_strain(gs, e, strain)                  # a character overheated by Munición ígnea
        return
    if strain is None or m.wounds < strain[1]:
        return
    rule = strain[0]
    r = roll_check(gs.world, e, "DEF", None, gs.total_def(e), [], rule, "overheating")
    if not r.passed:
        riding.wound_transport(gs, ctx, e, 1, None, resolve_hit)


def on_foot_strain(gs: GameState, e: int, strain: tuple[str, int]) -> None:
    """TRT-IGNEOUS-AMMO's ruling: a character on foot with the malus Sobrecalentamiento (TRT-OVERHEATING) plays it as
    a transport does: after each of its movement actions with at least the malus' wounds (5), a CH DEF; on a
    failure 1 wound (no CH DEF, no CH PSI: WND-2 / WND-3 apply)."""
    rule, floor = strain
    if gs.wounds(e) < floor:
        return
    r = roll_check(gs.world, e, "DEF", None, gs.total_def(e), [], rule, "overheating")
    if not r.passed:
        apply_wounds(gs, e, 1, source=None, rule=rule)
