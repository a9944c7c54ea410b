"""CBA-21: possessed equipment switched off (components.PossessedGear with `off`), read by the checks that use it: an
object cannot be used and gives no trait (GNA-16: rules/actions/objects.py, traits.registry), a transport cannot
move and its mounted weapons cannot attack (rules/riding.py, rules/actions/combat.py). It imports only the core, so
that the trait registry and the riding rules can read it; rules/possessed_gear.py switches equipment on and off."""
from __future__ import annotations

from wartime.core.components import Mount, PossessedGear
from wartime.core.errors import RuleViolation


def is_off(world, e: int) -> bool:
    """CBA-21: the equipment on entity `e` (an object's `Item`, or the carrier of a transport's `Mount`) is switched
    off by its possessor."""
    table = world.tables.get(PossessedGear)
    return bool(table) and e in table and table[e].off


def check_on(world, e: int, name: str) -> None:
    """CBA-21: refuse the use of switched-off equipment."""
    if is_off(world, e):
        raise RuleViolation("CBA-21", f"{name} is switched off by its possessor")


def mounted_weapon_off(world, e: int, index: int) -> bool:
    """CBA-21: weapon `index` of `e` is mounted on its transport, which is switched off."""
    if not is_off(world, e):
        return False
    m = world.try_get(e, Mount)
    return m is not None and index in m.mounted
