"""Aiming and marking devices (issue 12, group C): TRT-AIM-CORRECTOR (Corrector de puntería) and
TRT-TARGET-DESIGNATOR (Marcador de objetivos).

TRT-AIM-CORRECTOR is played on weapons: their user may reroll an area attack's dispersion (ARE-9; dice and
direction, once; the second one stands). The choice is the controller's: the engine asks it after the first
dispersion (rules/aim_correction.py, through the probe run of rules/asking.py); where nobody can be asked (a dry run,
a direct call of the action pipeline) it takes one plain rule (``aim_lost``): the dispersion is rerolled when it lost
the attack off the board or left the aimed point outside the area. On an object (a ballistic computer, a rangefinder) the holder carries it (``ON_OBJECTS``): the dispersion of
every area attack it makes, with any weapon, is rerolled the same way while it holds the object (not disabled: WND-4);
an object makes no area attack of its own (Área on an object is refused), so this is the one thing it can correct.

TRT-TARGET-DESIGNATOR is played on weapons and objects: its carrier may mark a target (the action Marcar con el
marcador, rules/actions/devices.py: ENE 1, a character in line of sight within the item's ALC) and has CH IMP +1
against the characters it marked (``Designated`` on the target), for the rest of the game. On an object the holder
carries it (``ON_OBJECTS``): the +1 applies to all its attacks; on a weapon, as every weapon trait (G10), to the
attacks with that weapon (the sight it is mounted on), twice when both carry it (G10's numbers)."""
from __future__ import annotations

import math
from dataclasses import dataclass

from wartime.geometry.templates import JUMP_RANGE
from wartime.rules.checks import Modifier
from wartime.rules.traits.registry import ON_OBJECTS, character_traits, mark_field, register

DESIGNATOR = "TRT-TARGET-DESIGNATOR"


def aim_corrector(weapon) -> bool:
    """TRT-AIM-CORRECTOR: the weapon's user may reroll the dispersion (scatter) of its area attacks."""
    return True


def aim_lost(template, aim_x: float, aim_y: float, to_x: float, to_y: float, on_board: bool) -> bool:
    """TRT-AIM-CORRECTOR: whether a dispersion that took the area's point from the aimed (aim_x, aim_y) to
    (to_x, to_y) lost the aim, so the controller rerolls it: it left the board (ARE-9: the attack is lost), or the
    moved `template` no longer covers the aimed point (an S chain, no template: it landed farther than an ARE-4 jump,
    3 K, from it)."""
    if not on_board:
        return True
    if template is None:
        return math.hypot(to_x - aim_x, to_y - aim_y) > JUMP_RANGE
    return not bool(template.contains([aim_x], [aim_y])[0])


register("TRT-AIM-CORRECTOR", "Corrector de puntería", {"scatter_reroll": aim_corrector},
         kinds=("weapon", "object"))
ON_OBJECTS.add("TRT-AIM-CORRECTOR")   # on an object (a ballistic computer): its holder's area attacks (traits/objects.py)


# --- Marcador de objetivos ------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Designated:
    """TRT-TARGET-DESIGNATOR: the character has been marked by the characters `by` (in marking order), until the
    end of the game (ruling: or until a trait makes the mark lost)."""
    by: tuple[int, ...]


def marked_by(gs, target: int) -> tuple[int, ...]:
    """TRT-TARGET-DESIGNATOR: who has marked `target` (none: ())."""
    d = gs.world.try_get(target, Designated)
    return () if d is None else d.by


def mark(gs, marker: int, target: int) -> None:
    """TRT-TARGET-DESIGNATOR: `marker` marks `target` (once: marking it again changes nothing)."""
    by = marked_by(gs, target)
    if marker not in by:
        gs.world.set(target, Designated(by + (marker,)))
    gs.world.emit("target_marked", DESIGNATOR, marker=marker, target=target)


def designated_imp(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-TARGET-DESIGNATOR: CH IMP +1 for the marker's attacks on a target it marked (ruling: the marker only);
    none while the target stands in a darkness field (TRT-DARKNESS-FIELD: the mark is lost there)."""
    if bearer != attacker or attacker not in marked_by(gs, target) or mark_field(gs, target) is not None:
        return None                      # TRT-DARKNESS-FIELD: a mark inside a darkness field is lost
    return Modifier(DESIGNATOR, 1, "marked target")


register(DESIGNATOR, "Marcador de objetivos", {"attack_mod": designated_imp},
         kinds=("object", "weapon"))
ON_OBJECTS.add(DESIGNATOR)           # on an object: its holder is the marker (traits/objects.py)


def designator_helps(gs, e: int, weapon) -> bool:
    """TRT-TARGET-DESIGNATOR: whether a mark would give `e`'s attack with `weapon` its CH IMP +1 (a held
    designator, or one on that weapon), for a controller weighing Marcar con el marcador before a shot."""
    return DESIGNATOR in character_traits(gs, e) or DESIGNATOR in getattr(weapon, "traits", ())
