"""What the window shows of possessed equipment (CBA-21, rules/possessed_gear.py) on its holder's plate: '⚙' and the
equipment's name (narrow plates: '⚙' alone), 'off' when its possessor switched it off, in the light colour of the
possessor's side; GNA-11: '⚙mk' for equipment a possessor marked. Reads the game state only."""
from __future__ import annotations

from wartime.core.components import GearMarked, Item, Mount, PossessedGear
from wartime.rules.state import GameState
from wartime.ui import theme


def _carried_by(gs: GameState, e: int) -> list[tuple[int, str]]:
    """(entity, name) of the equipment `e` carries: its transport (on `e` itself), then the objects it holds (id order)."""
    out = []
    m = gs.world.try_get(e, Mount)
    if m is not None:
        out.append((e, m.name))
    items = gs.world.tables.get(Item, {})
    for i in sorted(gs.world.tables.get(PossessedGear, {}).keys() | gs.world.tables.get(GearMarked, {}).keys()):
        if i != e and i in items and items[i].holder == e:
            out.append((i, items[i].name))
    return out


def gear_marks(gs: GameState, e: int, wide: bool) -> list[tuple[str, tuple[int, int, int]]]:
    """CBA-21 / GNA-11: one (text, colour) per possessed or marked piece of equipment `e` carries."""
    if not gs.world.tables.get(PossessedGear) and not gs.world.tables.get(GearMarked):
        return []
    out = []
    for g, name in _carried_by(gs, e):
        p = gs.world.try_get(g, PossessedGear)
        if p is not None:
            colour = theme.SIDE_LIGHT.get(gs.side(p.possessor), (230, 230, 230))
            text = f"⚙{name}" if wide else "⚙"
            out.append((text + (" off" if p.off else ""), colour))
        if gs.world.has(g, GearMarked):
            out.append(("⚙mk", (255, 150, 200)))
    return out
