"""Weapon traits: TRT-MAGAZINES (Cargadores: GNA-13), TRT-MORE-AMMO (Más munición: no handler, the data model
doubles the magazine, ``Archetype.magazine``, so it is fielded with Cargadores only), TRT-SUPPRESSOR (Silenciador:
ENV-6) and the silence shared with TRT-SILENT-AMMO (Munición silenciosa, registered in rules.traits.ammo with its
CH DEF −1 from a flank)."""
from __future__ import annotations

from dataclasses import replace

from wartime.core.errors import RuleViolation
from wartime.rules.traits.registry import register


def magazine_ready(weapon) -> None:
    """TRT-MAGAZINES / GNA-13: an empty magazine cannot shoot."""
    if weapon.magazine is not None and (weapon.rounds or 0) <= 0:
        raise RuleViolation("GNA-13", f"{weapon.name}'s magazine is empty: reload (Recargar) first")


def magazine_fired(weapon):
    """TRT-MAGAZINES: each attack spends one round of the mounted magazine."""
    return replace(weapon, rounds=weapon.rounds - 1) if weapon.magazine is not None else weapon


def magazine_reload(weapon):
    """TRT-MAGAZINES / GNA-13: Recargar mounts a full magazine (ruling: spares are unlimited)."""
    return replace(weapon, rounds=weapon.magazine) if weapon.magazine is not None else None


def silent(weapon) -> bool:
    """TRT-SUPPRESSOR, TRT-SILENT-AMMO: the weapon makes no noise (ENV-6)."""
    return True


register("TRT-MAGAZINES", "Cargadores", {"weapon_ready": magazine_ready, "weapon_fired": magazine_fired,
                                         "reload": magazine_reload})
register("TRT-SUPPRESSOR", "Silenciador", {"weapon_quiet": silent})
register("TRT-MORE-AMMO", "Más munición", kinds=("weapon",), requires=("TRT-MAGAZINES",))
