"""Combat systems a match can be played under (`--combat wartime|wrath-glory|d6|d20`): Wartime's own (the
default) and three peer games' (WNG-*, SWD6-*, SGD20-*), behind the interface of `base.CombatSystem`."""
from __future__ import annotations

from wartime.rules.combat_systems.base import CombatSystem, PeerSystem
from wartime.rules.combat_systems.d20 import D20Stargate
from wartime.rules.combat_systems.d6 import D6StarWars
from wartime.rules.combat_systems.wartime import WartimeCombat
from wartime.rules.combat_systems.wrath_glory import WrathGlory
from wartime.rules.state import GameState

CLASSES: dict[str, type[CombatSystem]] = {"wartime": WartimeCombat, "wrath-glory": WrathGlory, "d6": D6StarWars,
                                          "d20": D20Stargate}


def make_system(name: str, params: dict[str, dict]) -> CombatSystem:
    """The system called `name` with its table of parameters (data.combat_systems.system_params())."""
    cls = CLASSES[name]
    return cls() if name == "wartime" else cls(params[name])


def install(gs: GameState, system: CombatSystem) -> None:
    """Put the match under `system`: a peer system converts the characters and takes over attacks (gs.combat);
    Wartime's leaves the state untouched (gs.combat stays None)."""
    if isinstance(system, PeerSystem):
        gs.combat = system
        system.install(gs)


def active(gs: GameState) -> CombatSystem:
    """The system a state is played under (Wartime's when none is installed)."""
    return gs.combat if gs.combat is not None else WartimeCombat()
