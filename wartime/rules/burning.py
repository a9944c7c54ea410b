"""Burning characters (TRT-INCENDIARY-AMMO): a hit of Munición incendiaria sets its target on fire
(rules.traits.weapons_more.Burning); at the start of each of its activations a burning character takes a hit of
DMG 1 with a normal CH DEF (trait ruling); Apagar el fuego (rules/actions/fire_actions.py) puts it out."""
from __future__ import annotations

from typing import Any

from wartime.rules import traits
from wartime.rules.combat import resolve_hit
from wartime.rules.state import GameState
from wartime.rules.traits.weapons_more import Burning

RULE = "TRT-INCENDIARY-AMMO"


def install(world) -> None:
    """Register the burning hit at the start of each activation (idempotent)."""
    if getattr(world, "_burning_systems", False):
        return
    world._burning_systems = True
    world.add_system("start_of_activation", _start_of_activation)


def _start_of_activation(world, gs: GameState, who: int, **_: Any) -> None:
    """TRT-INCENDIARY-AMMO: a burning character starting its activation takes a hit of DMG 1: not an attack (no
    shield check), a normal CH DEF, its CH PSI if wounded (rules.combat.resolve_hit as an automatic hit)."""
    if world.try_get(who, Burning) is None or not gs.on_table(who) or not gs.able(who):
        return
    world.emit("burning", RULE, who=who, dmg=1)
    resolve_hit(gs, None, None, who, 1, melee=False, automatic=True, rule=RULE,
                terms=traits.substance_terms(gs, who, "fire"))        # hook substance_factor (TRT-ALLERGIC)


def put_out(gs: GameState, e: int) -> None:
    """TRT-INCENDIARY-AMMO: the fire on `e` is out."""
    gs.world.remove(e, Burning)
    gs.world.emit("fire_out", RULE, who=e)
