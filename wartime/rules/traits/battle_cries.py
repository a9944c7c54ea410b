"""Battle cries and death's bargains (issue 12, group B): Grito de venganza's last blow of a dying ally
(TRT-CRY-OF-VENGEANCE) and Runas de vacío's once-a-turn escape from an enemy's metahability (TRT-VOID-RUNES)."""
from __future__ import annotations

from dataclasses import dataclass

from wartime.rules.traits.auras import allies_within
from wartime.rules.traits.registry import ON_OBJECTS, register

R = ("race",)


# --- Grito de venganza: an ally killed in melee strikes its killer ------------------------------------------------
def cry_of_vengeance(gs, e: int, bearers, killer: int, melee: bool) -> bool:
    """TRT-CRY-OF-VENGEANCE (ruling): an ally within 5 K of a bearer (G1: not the bearer itself) killed by a melee
    attack makes one melee attack at ENE 0 against its killer before it is removed (rules.combat.resolve_hit makes
    it, as a free reply: no CH VOL, not a reaction)."""
    return melee and gs.side(killer) != gs.side(e) and bool(allies_within(gs, e, bearers, 5.0))


register("TRT-CRY-OF-VENGEANCE", "Grito de venganza", {"aura_death_reply": cry_of_vengeance}, kinds=R)
ON_OBJECTS.add("TRT-CRY-OF-VENGEANCE")      # GNA-16: on an object it works for the holder (traits/objects.py)


# --- Runas de vacío: once per turn, 5 or less on 1D10 cancels an enemy's metahability on it ---------------------
@dataclass(frozen=True, slots=True)
class VoidRunesUsed:
    """TRT-VOID-RUNES: the turn in which the bearer last used its runes (once per turn)."""
    turn: int


def void_runes(gs, e: int, caster: int) -> bool:
    """TRT-VOID-RUNES (ruling): when an enemy's metahability is about to take effect on the bearer (a cast that beat
    its CH VOL ENF, MET-5, or a maintained one, MET-6), the engine uses the runes for its controller if they are not
    used yet this turn (the obvious choice: an ally's metahability is never cancelled); answering yes uses them
    up for the turn. rules.metahabilities.void_runes rolls the 1D10 (5 or less cancels; a 1 makes the caster
    take a CH PSI: its CH DEF against the stress level)."""
    turn = gs.world.resources["flow"].turn
    used = gs.world.try_get(e, VoidRunesUsed)
    if used is not None and used.turn == turn:
        return False
    gs.world.set(e, VoidRunesUsed(turn))
    return True


register("TRT-VOID-RUNES", "Runas de vacío", {"meta_void": void_runes}, kinds=("race", "protection"))
ON_OBJECTS.add("TRT-VOID-RUNES")            # GNA-16: on an object it works for the holder (traits/objects.py)
