"""What the window shows of metahabilities on a base's plate (MET-3..6): each effect on the character, its
duration and whether its caster maintained it; a possession (CBA-21: the base takes its possessor's side colour, the
plate says so in the colour of the side it belongs to) and a GNA-11 mark. Reads the game state only."""
from __future__ import annotations

from wartime.core.components import Metahabilities, Possessed
from wartime.rules import metahabilities
from wartime.rules.state import GameState
from wartime.rules.traits.devices import marked_by
from wartime.ui import theme
from wartime.ui.gear_possession_marks import gear_marks

#: the plate colours: an effect an ally cast (a buff), one an enemy cast (a debuff)
FRIEND = (150, 220, 255)
FOE = (255, 150, 200)


def effect_marks(gs: GameState, e: int, wide: bool) -> list[tuple[str, tuple[int, int, int]]]:
    """One (text, colour) per metahability effect on `e`: '✦' and its name's first word, then how long it lasts
    ('→start': to the start of the caster's next activation, MET-3; '→end': to the end of its own next activation,
    MET-4 / MET-5; '→now' once that activation has started), '↻' when it was maintained (MET-6). Narrow plates
    show '✦' and the duration only."""
    out = []
    for fx in metahabilities.effects_on(gs, e):
        when = "→start" if fx.ends == "start" else ("→now" if fx.armed else "→end")
        kept = "↻" if maintained(gs, fx) else ""
        name = fx.name.split(" ")[0] if wide else ""
        out.append((f"{kept}✦{name}{when}", FRIEND if gs.side(fx.caster) == gs.side(e) else FOE))
    return out + possession_marks(gs, e, wide)


def possession_marks(gs: GameState, e: int, wide: bool) -> list[tuple[str, tuple[int, int, int]]]:
    """CBA-21 / PSI-17: 'possessed' (narrow: 'pos') in the light colour of the side the character belongs to (its
    base is drawn in its possessor's colour meanwhile); GNA-11: 'marked' ('mk') when a possessor marked it."""
    out = []
    p = gs.world.try_get(e, Possessed)
    if p is not None:
        out.append(("possessed" if wide else "pos", theme.SIDE_LIGHT.get(p.owner, (230, 230, 230))))
    if _possession_marked(gs, e):
        out.append(("marked" if wide else "mk", FOE))
    return out + gear_marks(gs, e, wide)                  # CBA-21: its possessed equipment (ui/gear_possession_marks.py)


def _possession_marked(gs: GameState, e: int) -> bool:
    """GNA-11: a neuromancer or puppeteer marked `e` (the marks of Marcar un objetivo share TRT-TARGET-DESIGNATOR's
    state: a designator's mark shows too)."""
    return bool(marked_by(gs, e))


def maintained(gs: GameState, fx) -> bool:
    """MET-6: the caster kept this effect going this turn (paid its ENE again)."""
    comp = gs.world.try_get(fx.caster, Metahabilities)
    turn = gs.world.resources["flow"].turn
    return comp is not None and any(c.index == fx.index and c.target == fx.target and c.maintained and c.turn == turn
                                    for c in comp.casts)
