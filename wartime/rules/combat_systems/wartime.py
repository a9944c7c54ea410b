"""Wartime's own combat behind the combat-system interface: the default. Its attacks never come here — a match
under Wartime keeps `gs.combat` None, so rules.combat and rules.odds run unchanged (CMB-*, byte for byte the same
records); this object only answers the window's and the reports' questions (name, dice)."""
from __future__ import annotations

from wartime.rules.combat_systems.base import CombatSystem
from wartime.rules.state import GameState


class WartimeCombat(CombatSystem):
    name = "wartime"
    label = "Wartime"
    dice = "1D10 roll-under: CH IMP ≤ AGI (1 critical, 10 fumble), CH DEF ≤ ΣDEF, wounds against CON"

    def status(self, gs: GameState, e: int) -> str:
        return f"wounds {gs.wounds(e)}/{gs.attrs(e).CON}"
