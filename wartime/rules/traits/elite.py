"""Rerolls and checks that always pass (traits notes G2, G10): the Élite traits (TRT-ELITE-*: reroll a failed
check of one attribute, any attribute, or the CH DEF), De precisión (TRT-PRECISION: reroll this weapon's failed
CH IMP, not a fumble) and the Reyes (TRT-*-KING: always pass the checks of one attribute, or the CH DEF, even on
a 10). G3: a check "with AGI" includes the AGI-based CH IMP.

Issue 12 point 1: Entrenado para matar / para vivir (TRT-TRAINED-TO-KILL, TRT-TRAINED-TO-LIVE: reroll a fumbled
CH IMP / CH DEF; the reroll replaces the fumbled die before any of its effects, G2, and a second fumble stands)
and the Dioses (TRT-GOD-OF-*: every check of one attribute, or the CH DEF, is a critical success: it passes with
the critical's effects, e.g. a critical CH IMP's DMG +1 and a critical CH DEF's 0 wounds and melee riposte);
Control del CHI (TRT-CHI-CONTROL: one reroll per activation)."""
from __future__ import annotations

from wartime.rules.traits.registry import register


def _reroll(trait_id: str, attribute: str | None, doc: str):
    def handler(gs, e: int, attr: str | None, kind: str):
        if attribute == "ANY":
            return "any" if attr is not None else None
        if attribute is None:
            return "any" if kind == "DEF" else None
        return "any" if attr == attribute else None
    handler.__doc__ = f"{trait_id}: {doc} (G2: a failed result, a fumble too; the second roll stands)."
    handler.__name__ = trait_id.lower().replace("-", "_")
    return handler


def _always(trait_id: str, attribute: str | None, doc: str):
    def handler(gs, e: int, attr: str | None, kind: str) -> bool:
        return kind == "DEF" if attribute is None else attr == attribute
    handler.__doc__ = f"{trait_id}: {doc}, even on a 10 (no fumble)."
    handler.__name__ = trait_id.lower().replace("-", "_")
    return handler


def precision(gs, e: int, attr: str | None, kind: str):
    """TRT-PRECISION: a failed hit check (CH IMP) with this weapon may be rerolled, unless it was a fumble."""
    return "nofumble" if kind == "IMP" else None


for _tid, _name, _attr, _doc in (
        ("TRT-ELITE-BEAST", "Élite bestia", "CON", "may reroll CON checks"),
        ("TRT-ELITE-ARMOURED", "Élite blindado", None, "may reroll CH DEF checks"),
        ("TRT-ELITE-COMBAT", "Élite combate", "AGI", "may reroll AGI checks (its CH IMP included, G3)"),
        ("TRT-ELITE-SCHOLAR", "Élite erudito", "INT", "may reroll INT checks"),
        ("TRT-ELITE-ULTRA", "Élite ultra", "ANY", "may reroll attribute checks (CON, AGI, INT or VOL)"),
        ("TRT-ELITE-BRAVE", "Élite valiente", "VOL", "may reroll VOL checks")):
    register(_tid, _name, {"reroll": _reroll(_tid, _attr, _doc)}, kinds=("race",))

for _tid, _name, _attr, _doc in (
        ("TRT-DRAGON-KING", "Rey Dragón", "VOL", "always passes its CH VOL checks (CH PSI, CH LOC, reactions)"),
        ("TRT-SORCERER-KING", "Rey Hechicero", "INT", "always passes its CH INT checks"),
        ("TRT-IMMORTAL-KING", "Rey Inmortal", None, "always passes its CH DEF checks (it still takes DMG − DEF)"),
        ("TRT-MONKEY-KING", "Rey Mono", "AGI", "always passes its CH AGI checks (its CH IMP included)"),
        ("TRT-TITAN-KING", "Rey Titán", "CON", "always passes its CH CON checks")):
    register(_tid, _name, {"auto_pass": _always(_tid, _attr, _doc)}, kinds=("race",))

register("TRT-PRECISION", "De precisión", {"reroll": precision}, kinds=("weapon",))


def trained_to_kill(gs, e: int, attr: str | None, kind: str):
    """TRT-TRAINED-TO-KILL: a fumbled hit check (CH IMP) is rerolled; the reroll replaces the fumbled die before
    any of its effects (no CMB-8 self-hit or weapon wound); a second fumble stands (G2)."""
    return "fumble" if kind == "IMP" else None


def trained_to_live(gs, e: int, attr: str | None, kind: str):
    """TRT-TRAINED-TO-LIVE: a fumbled CH DEF is rerolled before any of its effects (no CMB-9 DMG +1 or
    protection wound); a second fumble stands (G2)."""
    return "fumble" if kind == "DEF" else None


register("TRT-TRAINED-TO-KILL", "Entrenado para matar", {"reroll": trained_to_kill}, kinds=("race",))
register("TRT-TRAINED-TO-LIVE", "Entrenado para vivir", {"reroll": trained_to_live}, kinds=("race",))


def _critical(trait_id: str, attribute: str | None, doc: str):
    def handler(gs, e: int, attr: str | None, kind: str) -> bool:
        return kind == "DEF" if attribute is None else attr == attribute
    handler.__doc__ = (f"{trait_id}: {doc}: every such check counts as a critical success (its ruling: stronger "
                       f"than the Rey's 'always passes'; the die is rolled and recorded, a 10 is no fumble).")
    handler.__name__ = trait_id.lower().replace("-", "_")
    return handler


for _tid, _name, _attr, _doc in (
        ("TRT-GOD-OF-ROCK", "Dios de la roca", "CON", "its CH CON checks"),
        ("TRT-GOD-OF-STEEL", "Dios del acero", None, "its CH DEF checks (0 wounds; in melee a DMG 1 riposte, CMB-7)"),
        ("TRT-GOD-OF-WATER", "Dios del agua", "INT", "its CH INT checks"),
        ("TRT-GOD-OF-FIRE", "Dios del fuego", "VOL", "its CH VOL checks (CH PSI and CH LOC included)"),
        ("TRT-GOD-OF-WIND", "Dios del viento", "AGI", "its CH AGI checks (its CH IMP included: DMG +1, CMB-6)")):
    register(_tid, _name, {"auto_critical": _critical(_tid, _attr, _doc)}, kinds=("race",))


def chi_control(gs, e: int, attr: str | None, kind: str):
    """TRT-CHI-CONTROL: one reroll of any of its own failed checks (the CH DEF included) between the start of one
    of its activations and the start of the next, reactions included (its ruling)."""
    return None if "TRT-CHI-CONTROL" in gs.effects(e).spent else "any"


def chi_spent(gs, e: int) -> None:
    """TRT-CHI-CONTROL: its reroll is spent until its next activation starts (Effects.spent)."""
    gs.set_effects(e, spent=gs.effects(e).spent + ("TRT-CHI-CONTROL",))


register("TRT-CHI-CONTROL", "Control del CHI", {"reroll": chi_control, "reroll_taken": chi_spent}, kinds=("race",))
