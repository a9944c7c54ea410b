"""Traits timed by the turn and the activation, and the initiative and the field of view (issue 12 point 1):
Despertando del letargo (TRT-AWAKENING), Enfermo terminal (TRT-TERMINALLY-ILL), Devora almas (TRT-SOUL-EATER),
Explorador (TRT-SCOUT), Corto de vista (TRT-SHORT-SIGHTED), Súper vista (TRT-SUPER-SIGHT); and two rules of the
generic actions: Mente centrada (TRT-FOCUSED-MIND, Concentrarse) and Sin cura (TRT-NO-CURE, healing); kills and
wounds dealt: Fatality (TRT-FATALITY), Psicópata (TRT-PSYCHOPATH), Sanguinario (TRT-SANGUINARY)."""
from __future__ import annotations

from dataclasses import replace

from wartime.core.components import Attributes
from wartime.rules.traits.registry import register

#: the highest attribute value (TRT-AWAKENING's cap)
MAX_VOL = 10


def awakening(gs, e: int, turn: int) -> None:
    """TRT-AWAKENING: at the start of each turn its base VOL becomes the turn's number (its ruling: it replaces the
    base VOL, capped at 10), so VOL's phase, FOV, checks and the stress threshold all follow it."""
    a = gs.world.get(e, Attributes)
    new = min(MAX_VOL, turn)
    if a.VOL != new:
        gs.world.set(e, replace(a, VOL=new))
        gs.world.emit("attribute", "TRT-AWAKENING", who=e, attribute="VOL", before=a.VOL, after=new)


def terminally_ill(gs, e: int) -> int:
    """TRT-TERMINALLY-ILL: +1 wound after each of its activations (its ruling: no CH DEF, no CH PSI)."""
    return 1


def soul_eater(gs, killer: int, victim: int, melee: bool) -> int | None:
    """TRT-SOUL-EATER: removes 1 of its own wounds when its melee attack kills (the victim dead, WND-3)."""
    return 1 if melee and gs.wounds(killer) > 0 else None


def scout(gs, e: int) -> int:
    """TRT-SCOUT: +1 to the initiative roll (1D10 + VOL) when its side rolls with it (its ruling)."""
    return 1


def short_sighted(gs, e: int) -> float:
    """TRT-SHORT-SIGHTED: field-of-view range −5 K (VOL × 5 − 5 K, minimum 0)."""
    return -5.0


def super_sight(gs, e: int) -> float:
    """TRT-SUPER-SIGHT: field-of-view range +5 K (VOL × 5 + 5 K)."""
    return 5.0


register("TRT-AWAKENING", "Despertando del letargo", {"turn_start": awakening}, kinds=("race",))
register("TRT-TERMINALLY-ILL", "Enfermo terminal", {"activation_end": terminally_ill}, kinds=("race",))
register("TRT-SOUL-EATER", "Devora almas", {"kill_heal": soul_eater}, kinds=("race",))
register("TRT-SCOUT", "Explorador", {"initiative_mod": scout}, kinds=("race",))
register("TRT-SHORT-SIGHTED", "Corto de vista", {"fov_mod": short_sighted}, kinds=("race",))
register("TRT-SUPER-SIGHT", "Súper vista", {"fov_mod": super_sight}, kinds=("race",))


def focused_mind(gs, e: int) -> int:
    """TRT-FOCUSED-MIND: each consecutive Concentrarse gives +2 instead of +1 (GNA-4; its ruling: the +3 cap
    still applies)."""
    return 2


def no_cure(gs, e: int) -> bool:
    """TRT-NO-CURE: it cannot recover wounds and cannot be healed (Curar on its wounds is refused; any other
    healing, e.g. TRT-SOUL-EATER's, gives none). Curing its stress (PSI-13) is not healing wounds."""
    return True


register("TRT-FOCUSED-MIND", "Mente centrada", {"concentrate_step": focused_mind}, kinds=("race",))
register("TRT-NO-CURE", "Sin cura", {"heal_denied": no_cure}, kinds=("race",))


#: TRT-FATALITY: the reach of its cowing (K)
FATALITY_K = 5.0


def fatality(gs, killer: int, victim: int, melee: bool) -> list[int]:
    """TRT-FATALITY: when it kills in melee (the victim dead, WND-3), enemies within 5 K of it suffer Cowing: each
    makes a CH PSI (the victim itself is out)."""
    if not melee:
        return []
    side = gs.side(killer)
    return [o for o in gs.minis() if o != victim and gs.side(o) != side and gs.able(o)
            and gs.distance(killer, o) <= FATALITY_K + 1e-9]


def psychopath(gs, attacker: int) -> int:
    """TRT-PSYCHOPATH: ENE +1 every time its attack wounds someone (its ruling: +1 per wounding attack, capped at
    ENE 10)."""
    return 1


register("TRT-FATALITY", "Fatality", {"kill_psi": fatality}, kinds=("race",))
register("TRT-PSYCHOPATH", "Psicópata", {"wounding_ene": psychopath}, kinds=("race",))


def sanguinary_mark(gs, attacker: int, target: int, melee: bool) -> None:
    """TRT-SANGUINARY: once it has wounded in melee in an activation, it is marked (Effects.spent) until its next
    activation starts (its ruling: resets each activation)."""
    spent = gs.effects(attacker).spent
    if melee and "TRT-SANGUINARY" not in spent:
        gs.set_effects(attacker, spent=spent + ("TRT-SANGUINARY",))


def sanguinary(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-SANGUINARY: DMG +1 in melee once it has wounded in melee in this activation (not cumulative)."""
    return 1 if bearer == attacker and not ranged and "TRT-SANGUINARY" in gs.effects(attacker).spent else None


register("TRT-SANGUINARY", "Sanguinario", {"wounded_someone": sanguinary_mark, "dmg_mod": sanguinary},
         kinds=("race",))
