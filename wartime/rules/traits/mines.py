"""Items left on the table (issue 12; GNA-15 Soltar's "bomb or similar"): TRT-ACTIVATION-AREA (Área de activación),
TRT-AUTONOMOUS-BOMB (Bomba autónoma) and TRT-REMOTE-CONTROL (Control remoto), on weapons.

A weapon carrying one of them is a bomb for Soltar (GNA-15): dropping it costs the weapon's ENE and it lies on the
table as a placed charge (rules/placed.py), operative once its dropper's activation ends. What sets it off:

* TRT-ACTIVATION-AREA: a mini, friend or foe, whose movement first comes within the weapon's RNG K of it (edge of the
  base to the item, at its level). The move stops at that point (the mover stepped into it); the charge goes off
  once, centred on the item, as a use of the weapon that needs no CH IMP (nobody aims it: it is where it goes off);
  every mini its area covers makes its own CH DEF (ARE-5..7). A weapon without Área hits the intruder alone.
* TRT-AUTONOMOUS-BOMB (with Área de activación; its ruling): it launches itself at the mini entering its area, only if
  that mini's movement action covers 5 K or less (faster minis slip past and it stays); the area is centred on that
  mini's base.
* TRT-REMOTE-CONTROL: its controller (ruling: the character who placed it), in its own activation, sets it off for
  ENE 1 without line of sight (rules/actions/charges.py); centred on the item; a weapon without Área hits the mini
  nearest the item within its RNG. Its prerequisite Vulnerable is one of the entries the source catalogue lost
  (traits notes G9): no archetype can carry it, so, as with Atadura's Titiritero, it is not asked for.

On an object (BLD-17: what it does is its use, GNA-16) the same: dropped with Soltar for its ENE it lies placed, and
going off it is used once, with no use check, on the mini that set it off (remotely: the mini nearest it within its
RNG), its effects as Usar's (ruling: "resolved as a normal use of the item"; rules/placed.py ``set_off_object``).
An object whose use chooses an option (Cóctel de vitaminas' attribute) takes the one its dropper chose with Soltar
(GNA-15's ``choice`` parameter, from the engine's legal options, kept on the charge and in the decision: the one who
lays it sets it up, GNA-15 / GNA-16; no option of an object the engine has depends on the mini that sets it off). A
use whose options are its user's own things (Ponzoña: the user's weapon it coats) has no user once laid: Soltar
refuses to lay it, naming that trait (rules/actions/generic_more.py ``DropItem``)."""
from __future__ import annotations

from wartime.rules.traits.registry import ProximityTrigger, register

#: where they are played: weapons and objects
WO = ("weapon", "object")
#: TRT-AUTONOMOUS-BOMB ruling: the fastest movement action (K) it still catches.
AUTONOMOUS_MAX_MOVE = 5.0


def activation_area(weapon) -> ProximityTrigger:
    """TRT-ACTIVATION-AREA: placed, it goes off when a mini comes within as many K as its RNG (once)."""
    return ProximityTrigger("TRT-ACTIVATION-AREA")


def autonomous_bomb(weapon) -> ProximityTrigger:
    """TRT-AUTONOMOUS-BOMB: it launches itself at a mini entering its activation area, if that mini's movement
    action covered 5 K or less."""
    return ProximityTrigger("TRT-AUTONOMOUS-BOMB", at_intruder=True, max_move=AUTONOMOUS_MAX_MOVE)


def remote_control(weapon) -> str:
    """TRT-REMOTE-CONTROL: placed, its controller sets it off whenever it wants (ENE 1), without line of sight."""
    return "TRT-REMOTE-CONTROL"


register("TRT-ACTIVATION-AREA", "Área de activación", {"proximity_trigger": activation_area}, kinds=WO)
register("TRT-AUTONOMOUS-BOMB", "Bomba autónoma", {"proximity_trigger": autonomous_bomb}, kinds=WO,
         requires=("TRT-ACTIVATION-AREA",))
register("TRT-REMOTE-CONTROL", "Control remoto", {"remote_trigger": remote_control}, kinds=WO)
