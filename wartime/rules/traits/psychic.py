"""Munición psíquica (TRT-PSYCHIC-AMMO, issue 12 group A): a weapon whose hits deal stress instead of wounds.

Ruling (the catalogue's): the damage is stress instead of wounds; the target makes a CH DEF with its Muro
protections' DEF (TRT-WALL), or like against Corromper (CBA-18: CH VOL, stress = DMG − VOL on a pass) without
them. rules.stress_hits resolves the hit (``stress_hit``); rules.combat and rules.areas hand it the hits of the
weapon, a single target's and each mini an area covers."""
from __future__ import annotations

from wartime.rules.traits.registry import register


def psychic_ammo(gs, bearer, attacker, target, weapon, ranged) -> bool:
    """TRT-PSYCHIC-AMMO: a hit with this weapon deals its DMG (CMB-4 with the traits' terms) as stress, not wounds:
    no wounds, no CH PSI for wounds; the stress thresholds apply (PSI-14, PSI-16)."""
    return bearer == attacker


register("TRT-PSYCHIC-AMMO", "Munición psíquica", {"stress_hit": psychic_ammo}, kinds=("weapon",))
