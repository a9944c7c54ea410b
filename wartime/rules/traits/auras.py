"""Friendly auras on VOL checks (traits notes G1, G10: other friendly characters within N K, edge to edge, of a
bearer on the table and able to act; the same aura counts once however many bearers reach a character):
TRT-LEADER (Líder), TRT-PRESENCE-OF-HONOUR (Presencia de honor), TRT-AURA-OF-OBSTINACY (Aura de obstinación).
They also calm TRT-FAINT-HEARTED and TRT-INNER-ANIMAL within 10 K (`calmed`)."""
from __future__ import annotations

from wartime.rules.checks import Modifier
from wartime.rules.traits.registry import aura_bearers, register

#: The auras that calm Pusilánime and Animal interior within 10 K (their rows name these three).
CALMING = ("TRT-LEADER", "TRT-AURA-OF-OBSTINACY", "TRT-PRESENCE-OF-HONOUR")
EPS = 1e-9


def allies_within(gs, e: int, bearers, k: float) -> list[int]:
    """G1: the bearers on `e`'s side, other than `e`, whose base is within `k` K of `e`'s (BAS-3)."""
    side = gs.side(e)
    return [b for b in bearers if b != e and gs.side(b) == side and gs.distance(e, b) <= k + EPS]


def calmed(gs, e: int) -> bool:
    """An ally with Líder, Aura de obstinación or Presencia de honor is within 10 K of `e` (TRT-FAINT-HEARTED,
    TRT-INNER-ANIMAL: their malus is lifted)."""
    return any(allies_within(gs, e, aura_bearers(gs, t), 10.0) for t in CALMING)


def leader_vol(gs, e: int, bearers, attribute: str, kind: str) -> int | None:
    """TRT-LEADER: allies within 5 K may use its VOL instead of their own for every VOL check (reaction,
    psychology, madness, panic); not for the initiative phase or the field of view (derived values). The best
    leader's VOL is offered."""
    if attribute != "VOL":
        return None
    near = allies_within(gs, e, bearers, 5.0)
    return max((gs.attrs(b).VOL for b in near), default=None)


def presence_of_honour(gs, e: int, bearers, attribute: str, kind: str) -> Modifier | None:
    """TRT-PRESENCE-OF-HONOUR: allies within 5 K have CH VOL +1 (the bearer is not included; several bearers
    give +1 once, G10)."""
    if attribute == "VOL" and allies_within(gs, e, bearers, 5.0):
        return Modifier("TRT-PRESENCE-OF-HONOUR", 1, "Presencia de honor")
    return None


def obstinacy(gs, e: int, bearers, attribute: str, kind: str) -> bool:
    """TRT-AURA-OF-OBSTINACY: allies within 5 K may reroll VOL checks (G2: once per check)."""
    return attribute == "VOL" and bool(allies_within(gs, e, bearers, 5.0))


register("TRT-LEADER", "Líder", {"aura_check_base": leader_vol}, kinds=("race",))
register("TRT-PRESENCE-OF-HONOUR", "Presencia de honor", {"aura_check_mod": presence_of_honour}, kinds=("race",))
register("TRT-AURA-OF-OBSTINACY", "Aura de obstinación", {"aura_reroll": obstinacy}, kinds=("race",))
