"""Magia: telekinesis (TRT-MAGIC-TELEKINESIS, issue 16): "Mueve un objeto inanimado a distancia hasta tantos K como
VOL. CON máx. = VOL." Ruling (the catalogue's): objects without CON use their CAL (QUA); it cannot move characters.

A metahability carrying it is not aimed at a character (hook ``meta_target`` refuses every one, so Usar una
metahabilidad never offers it); it is used through the action Telequinesis (rules/actions/telekinesis.py; what can
be moved and where: rules/telekinesis.py).

Hook point: ``object_move(gs, caster, m) -> tuple[float, int]``: (the K the metahability moves an object, the most
CON / QUA that object may have); ``object_mover`` asks it."""
from __future__ import annotations

from wartime.core.errors import RuleViolation
from wartime.rules.traits.registry import _of, display_name, register

RULE = "TRT-MAGIC-TELEKINESIS"


def telekinesis_target(gs, caster: int, target: int, m) -> None:
    """TRT-MAGIC-TELEKINESIS ruling: it moves inanimate objects, never a character (the caster included)."""
    raise RuleViolation(RULE, f"{display_name(RULE)} moves inanimate objects: it cannot move {gs.name(target)}")


def telekinesis_reach(gs, caster: int, m) -> tuple[float, int]:
    """TRT-MAGIC-TELEKINESIS: up to as many K as the caster's VOL, an object of CON (or QUA) at most its VOL."""
    vol = gs.attrs(caster).VOL
    return float(vol), vol


register(RULE, "Magia: telekinesis", {"meta_target": telekinesis_target, "object_move": telekinesis_reach},
         kinds=("metahability",))


def object_mover(gs, caster: int, m) -> tuple[str, float, int] | None:
    """``object_move``: (trait ID, K, most CON / QUA) of the metahability `m` moving an object, or None."""
    for t, h in _of("object_move", m.traits):
        k, cap = h(gs, caster, m)
        return t, float(k), int(cap)
    return None
