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
