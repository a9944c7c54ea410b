"""Battle cries and death's bargains (issue 12, group B): Grito de venganza's last blow of a dying ally
(TRT-CRY-OF-VENGEANCE)."""
from __future__ import annotations

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
