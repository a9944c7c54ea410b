"""ActionContext: what one declared action carries through its resolution (the action-resolution
pipeline of the actions digest): the actor, parameters, the one-shot modifiers it consumed, and
whether it failed (PSI-5). A reaction (REA-1) has its own context; it names the acting character it
answers (`acting`) so that psychology can tell when the acting character's own action is hit (REA-4)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wartime.rules.checks import Modifier


@dataclass
class PendingMod:
    modifier: Modifier
    scope: str          # 'ATR' (every CH ATR), 'AGI' (every CH AGI), 'FIRST_ATR' (first CH ATR only)
    used: bool = False


@dataclass
class ActionContext:
    actor: int
    key: str
    params: dict[str, Any]
    chained: bool = False           # ACT-3: part of a chain of combined actions
    reaction: bool = False          # REA-1: taken outside the own activation, in a reaction window
    mods: list[PendingMod] = field(default_factory=list)
    failed: bool = False            # PSI-5: the action fails (a failed CH PSI while it was in progress)
    cost: int = 0
    end_activation: bool = False    # PSI-14: the activation ends after this action
    # --- reactions (REA-3, REA-4) -------------------------------------------------------------
    acting: int | None = None       # the acting character whose window this reaction was taken in
    early: bool = False             # REA-4: taken in the declaration window (before the action resolves)
    acting_failed: bool = False     # REA-4 / PSI-5: the acting character failed a CH PSI it caused
    acting_ends: bool = False       # PSI-14: the acting character's stress reached VOL (its activation ends)
    dodged_by: tuple[int, ...] = ()  # CBA-17: targets that answered this melee attack with Esquivar en CaC

    def atr_mods(self, attribute: str) -> list[Modifier]:
        """The action-scoped modifiers that apply to a CH ATR of `attribute` made by the actor."""
        out = []
        for pm in self.mods:
            if pm.scope == "ATR" or (pm.scope == "AGI" and attribute == "AGI"):
                out.append(pm.modifier)
            elif pm.scope == "FIRST_ATR" and not pm.used:
                pm.used = True
                out.append(pm.modifier)
        return out
