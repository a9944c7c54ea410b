"""GNA-11 marks on equipment (components.GearMarked, placed by rules/possessed_gear.py) lost to the effects that remove
marks: Munición desestabilizadora takes a hit marker's marks (TRT-DESTABILISING-AMMO, rules/traits/combat_feats.py),
Campo de oscuridad the marks on what stands in its field (TRT-DARKNESS-FIELD, rules/traits/scenery.py). It imports
only the core, so that those trait modules can call it; nothing here runs in a game without marked equipment."""
from __future__ import annotations

from typing import Callable

from wartime.core.components import GearMarked, Item


def drop_by(world, marker: int) -> list[int]:
    """TRT-DESTABILISING-AMMO: `marker` loses its marks on equipment; the entities it no longer marks (id order)."""
    lost = []
    for e, m in sorted(world.tables.get(GearMarked, {}).items()):
        if marker in m.by:
            left = tuple(b for b in m.by if b != marker)
            if left:
                world.set(e, GearMarked(left))
            else:
                world.remove(e, GearMarked)
            lost.append(e)
    return lost


def carrier(world, e: int) -> int | None:
    """Where marked equipment stands: an object's holder (None when it lies or is hidden), or the entity carrying a
    transport."""
    item = world.try_get(e, Item)
    return e if item is None else item.holder


def drop_in_field(world, field_of: Callable[[int], str | None]) -> list[tuple[int, str, tuple[int, ...]]]:
    """TRT-DARKNESS-FIELD: equipment whose carrier is in a field (`field_of` gives the field's trait ID, or None)
    loses its marks; (entity, trait ID, markers) of each (id order)."""
    out = []
    for e, m in sorted(world.tables.get(GearMarked, {}).items()):
        at = carrier(world, e)
        rule = None if at is None else field_of(at)
        if rule is not None:
            world.remove(e, GearMarked)
            out.append((e, rule, m.by))
    return out
