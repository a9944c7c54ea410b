"""Combat feats, second group (issue 12): Serpiente's easy way through recovecos (TRT-SERPENT) and Guardaespaldas,
who takes an ally's hit on itself (TRT-BODYGUARD: the question is asked by rules/bodyguard.py)."""
from __future__ import annotations

from wartime.rules.traits.registry import register


# --- Serpiente -------------------------------------------------------------------------------------------------------
def serpent(gs, e: int) -> bool:
    """TRT-SERPENT: "Mover por recovecos es terreno fácil". Ruling: recovecos = narrow gaps, rubble, ducts, tunnels.
    The terrain model has no such kind, so a scenario marks the pieces that are recovecos with ``nooks = true``
    (difficult, extreme or low terrain only: the loader refuses it elsewhere); the bearer's moves are checked
    against the board without them (traits.move_board), so crossing them costs no MOV-7 surcharge (a low one is no
    MOV-8 obstacle either). Other pieces, and the pieces not marked, cost it as anyone."""
    return True


register("TRT-SERPENT", "Serpiente", {"nooks_easy": serpent}, kinds=("race",))


# --- Guardaespaldas ------------------------------------------------------------------------------------------------
def bodyguard(gs, e: int, bearers) -> bool:
    """TRT-BODYGUARD: "Puede asignarse el impacto de un ataque a un aliado a 3K. Cruza este Pj en la LdF." A marker
    on an aura hook (its bearers able to act are found as an aura's, G10): rules/bodyguard.py asks the bearers
    within 3 K of an ally hit by a ranged attack whether they take the hit, and puts the one that does on the line of
    fire."""
    return True


register("TRT-BODYGUARD", "Guardaespaldas", {"aura_bodyguard": bodyguard}, kinds=("race",))
