"""Transport traits (the catalogue rows whose applies_to includes transport; the play model: rules/riding.py).

A transport's trait IDs are its rider's while it rides (match/transports.py joins them to ``Traits``), so the hook
points read them as the miniature's own. Played here: TRT-CAPACITY (load levels: rules/riding.py and the list
loader), TRT-PIVOTING (Pivotar de transporte at ENE 1), TRT-RAM (Embestir DMG +1), TRT-EVASIVE-PILOT (CH AGI +1 on
movement actions with a check); and, as on a race or a protection, TRT-FAST, TRT-SLOW, TRT-BURDENED, TRT-CAVALRY,
TRT-IMPACT-ABSORPTION, TRT-STEEL-PLATING, TRT-REINFORCED (CH DEF +1: rules.traits.protections) and
TRT-COUNTERMEASURES. Steering, strain, wreck, water, flight and sensor traits are in rules/traits/vehicles.py. The
other transport traits are refused when fielded (not registered, or registered for other kinds only)."""
from __future__ import annotations

from wartime.rules.checks import Modifier
from wartime.rules.traits.race_more import CONDITIONAL_COMPLEX
from wartime.rules.traits.registry import ON_OBJECTS, also_on, register

#: Race traits of the whole miniature that play the same on a transport (its rider's while it rides).
SAME_ON_TRANSPORT = ("TRT-FAST", "TRT-SLOW", "TRT-BURDENED", "TRT-CAVALRY", "TRT-IMPACT-ABSORPTION",
                     "TRT-STEEL-PLATING", "TRT-REINFORCED")
#: TRT-EVASIVE-PILOT: the movement actions that roll a CH AGI (a test binds it to the actions' `has_check`), and
#: Embarcar / desembarcar, whose CH AGI comes with a transport en marcha (MVA-17).
COMPLEX_MOVES = ("change_altitude", "climb", "disembark", "embark", "jump_up", "long_jump", "manoeuvre", "swim",
                 "super_jump", "take_off_land", "turn_180")
#: MVA-19 (transport case): Pivotar de transporte's ENE 3 becomes 1 with TRT-PIVOTING.
PIVOTING_ENE = 1


def pivoting(gs, bearer, actor, action, weapon, target) -> int | None:
    """TRT-PIVOTING: the transport pivots for ENE 1 (Pivotar de transporte costs ENE 3)."""
    if bearer == actor and getattr(action, "key", "") == "transport_pivot":
        return PIVOTING_ENE - action.cost(gs, actor, {}, None)
    return None


def ram(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-RAM: DMG +1 when ramming (Embestir, CBA-23: its attack terms carry the 'ram' weapon)."""
    return 1 if bearer == attacker and getattr(weapon, "key", None) == "ram" else None


register("TRT-CAPACITY", "Capacidad", {}, kinds=("transport",))
register("TRT-PIVOTING", "Pivotante", {"ene_mod": pivoting}, kinds=("transport",))
register("TRT-RAM", "Ariete", {"dmg_mod": ram}, kinds=("race", "transport"))
# TRT-EVASIVE-PILOT is registered for races in traits/race_more.py: the same handler on a transport, and
# Embarcar / desembarcar en marcha count as complex moves
also_on("TRT-EVASIVE-PILOT", "transport")
CONDITIONAL_COMPLEX.extend(("disembark", "embark"))
for _tid in SAME_ON_TRANSPORT:
    also_on(_tid, "transport")
# TRT-COUNTERMEASURES (traits/protections.py: a missile's CH IMP −1 against its bearer) on a transport is its
# rider's (the whole miniature), and held on an object it is its holder's (GNA-16, traits/objects.py)
also_on("TRT-COUNTERMEASURES", "transport")
ON_OBJECTS.add("TRT-COUNTERMEASURES")
# TRT-HUGE on a protection: the loader's E9 lets it only be mounted on a transport (BLD-20: its DEF is the
# transport's mounted DEF) or worn by a Mega armadura wearer, whom Comerciar / Saquear alone may hand it to
# (traits/protections.py huge, asked for every item)
also_on("TRT-HUGE", "protection")
# TRT-HUGE on an object: likewise mounted on a transport (BLD-20: used aboard by its driver, components.MountedObject)
# or held by a Mega armadura wearer (the loader's E9 refuses it anywhere else)
also_on("TRT-HUGE", "object")
# TRT-COMMUNICATOR ("Puede comunicarse con otro con comunicador"; ruling: a carrier can be the spotter for a blind
# ranged attack by another carrier at any distance; location markers are shared between carriers): no handler, as
# both parts are what the engine plays for every character. CBA-3 ("Un aliado debe ver el objetivo") asks of the
# spotter only that it is an ally seeing the target (in its FOV, with LOS) when the attack is declared: no distance
# to the shooter, no LOS to it, no communicator (CBA-3 ruling), so a carrier spots for another at any distance and
# the communicator lifts no limit (combat_special._ranged_variants). Location markers are Percibir's (GNA-12): its
# ruling (2) has them seen by both players and ending the marked enemy's hiding for everyone (rules/hiding.py), so
# every carrier shares them; Marcar un objetivo (GNA-11) places no location marker.
register("TRT-COMMUNICATOR", "Comunicador", {}, kinds=("object",))
