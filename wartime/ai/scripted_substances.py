"""The scripted controller's answer to a Saikikku's question (TRT-SAIKIKKU: its side chooses which bonus of an enemy
in melee with it stops working until the end of that enemy's next activation: a 'bonus_loss' decision)."""
from __future__ import annotations

from wartime.data.tables import trait_by_id


def bonus_to_remove(options) -> str:
    """The bonus worth most by its catalogue cost (the points the book prices it at: what the enemy paid for it),
    ties by trait ID."""
    table = trait_by_id()
    return min(options, key=lambda t: (-(table[t].cost or 0) if t in table else 0, t))
