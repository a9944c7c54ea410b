"""What the window shows of metahabilities on a base's plate (MET-3..6): each effect on the character, its
duration and whether its caster maintained it. Reads the game state only."""
from __future__ import annotations

from wartime.core.components import Metahabilities
from wartime.rules import metahabilities
from wartime.rules.state import GameState

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
    return out


def maintained(gs: GameState, fx) -> bool:
    """MET-6: the caster kept this effect going this turn (paid its ENE again)."""
    comp = gs.world.try_get(fx.caster, Metahabilities)
    turn = gs.world.resources["flow"].turn
    return comp is not None and any(c.index == fx.index and c.target == fx.target and c.maintained and c.turn == turn
                                    for c in comp.casts)
