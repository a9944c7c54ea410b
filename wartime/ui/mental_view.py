"""Mental combat in the window (CBA-19 / MET-9): the lines of the question's prompt (who fights whom, with which
attribute, the engine's exact odds of the next exchange, the ENE it costs and the stress so far); its events are worded in match/narrate.py. Read-only: the options come from the engine (rules/mental.py)."""
from __future__ import annotations

from wartime.core.components import Stress
from wartime.rules import mental
from wartime.rules import metahabilities as meta


def mental_lines(gs, p, name) -> list[str]:
    """The prompt's lines for the pending mental combat question `p` (`name`: the window's naming of a miniature)."""
    fight = mental.current(gs)
    if fight is None:
        return []
    e, o = p.actor, p.against
    short = lambda x: name(x).split(" ", 1)[-1]              # noqa: E731 (a local shorthand)
    mine = [fight.attribute(e)] if fight.stage == mental.GO_ON else list(meta.corrupt_attributes(gs, e))
    out = [f"{name(o)} tried to corrupt {short(e)} (Corromper / Hackear)." if fight.stage == mental.START else
           f"Mental combat, after {fight.exchanges} exchange(s): {short(e)} stress "
           f"{gs.world.get(e, Stress).value}/{gs.base_attrs(e).VOL}, {short(o)} stress "
           f"{gs.world.get(o, Stress).value}/{gs.base_attrs(o).VOL}."]
    for a in mine:
        win, lose = mental.odds(gs, e, a, o, fight.attribute(o))
        out.append(f"With {a} {mental.target_of(gs, e, a)} against {fight.attribute(o)} "
                   f"{mental.target_of(gs, o, fight.attribute(o))}: wins an exchange {float(win):.0%}, "
                   f"loses it {float(lose):.0%} (the loser takes 1 stress, no CH DEF).")
    out.append(f"It costs {mental.COST} ENE (ENE {gs.energy(e)}; not below {fight.floor(e)})."
               + (" Not a reaction: no CH VOL (MET-9)." if fight.stage == mental.START else
                  " Both sides answer in secret; stopping while the other goes on costs 1 stress."))
    return out

