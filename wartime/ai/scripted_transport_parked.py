"""The scripted controller's play with driverless transports (MVA-17, the driver's case: rules/riding.py `park`,
`take_over`): a driver whose transport is disabled (WND-4: it cannot move, and one more wound blows it up with the
driver aboard taking the full DMG, WND-5) gets off once its passengers are off; a character on foot beside a
driverless transport that can still move takes it over when every enemy is far (the walk would be long) or when it
attacks an objective zone it is not in; a character with no enemy character to attack strikes an enemy's driverless
transport worth it (`attack_parked`). Every choice is one of the engine's legal options; asked by
ai/scripted_transport.py `early` before the other transport tactics. A list without transports never reaches
here: no transport, no Desembarcar or Tomar el transporte on offer, no driverless transport to attack."""
from __future__ import annotations

import math

from wartime.ai.candidates import by_rule, options_of
from wartime.ai.scripted_objective import attacker
from wartime.core.components import Mount, Parked
from wartime.rules import objectives, parked, riding

#: A walker takes a driverless transport beside it only when every enemy is farther than this (K), as it boards
#: an allied one (ai/scripted_transport.py BOARD_RANGE).
TAKE_RANGE = 15.0
#: MVA-17: the attacks tried on a driverless enemy transport, by rule, base contact first: a melee attack (CBA-7), a
#: firearm in melee (CBA-8), a ram (CBA-23), then a shot (CBA-1); the plain attack (no fire or melee mode).
PARKED_ATTACK_RULES = ("CBA-7", "CBA-8", "CBA-23", "CBA-1")


def _nearest_enemy_xy(gs, e: int) -> tuple[float, tuple[float, float]]:
    """(distance, centre) of the nearest enemy of `e` (inf and the board centre without one)."""
    best = (math.inf, (gs.board.width / 2.0, gs.board.height / 2.0))
    for o in gs.enemies(e):
        d = gs.distance(e, o)
        if d < best[0]:
            best = (d, (gs.pos(o).x, gs.pos(o).y))
    return best


def leave_wreck(match, p):
    """MVA-17 / WND-4: the driver of a disabled transport with no one aboard gets off: a fighter (no ranged weapon)
    on the side of the nearest enemy, a shooter on the far side (the wreck between them). None otherwise."""
    gs, e = match.gs, p.actor
    m = riding.mount(gs, e)
    if m is None or not m.disabled or m.passengers or "disembark" not in p.options:
        return None
    opts = options_of(match.engine, ["disembark"])
    if not opts:
        return None
    _, enemy = _nearest_enemy_xy(gs, e)
    shooter = any(w.ranged and not w.disabled for i, w in enumerate(gs.equipment(e).weapons) if i not in m.mounted)
    sign = -1.0 if shooter else 1.0                    # a shooter: farthest from the enemy; a fighter: nearest
    best = min(opts, key=lambda o: (sign * math.dist(o.params["to"], enemy), o.params["to"]))
    return best.decision(p.side, e)


def take_parked(match, p):
    """MVA-17: a character on foot in base contact with a driverless transport that can move (not disabled, WND-4)
    takes it over (Tomar el transporte) when every enemy is farther than TAKE_RANGE, or when it attacks an objective
    zone it is not in (BLD-22: the transport carries it there faster). None otherwise."""
    gs, e = match.gs, p.actor
    if "take_transport" not in p.options or riding.rides(gs, e):
        return None
    far = _nearest_enemy_xy(gs, e)[0] > TAKE_RANGE
    to_zone = attacker(gs, e) and not objectives.in_zone(gs, e)
    if not (far or to_zone):
        return None
    opts = [o for o in options_of(match.engine, ["take_transport"])
            if not gs.world.get(o.params["transport"], Mount).disabled]
    return opts[0].decision(p.side, e) if opts else None



def worth_attacking(gs, t: int) -> bool:
    """MVA-17: the driverless enemy transport `t` is worth an attack: it carries passengers (destroyed, they take its
    explosion's full DMG, WND-5), or its side could use it again (it can still move, WND-4, or has mounted weapons or
    objects, BLD-20) and a character of that side on foot stands within TAKE_RANGE of it to take it over."""
    m = gs.world.get(t, Mount)
    if m.passengers:
        return True
    if m.disabled and not gs.world.get(t, Parked).weapons and not riding.mounted_items(gs, t):
        return False
    side = gs.side(gs.world.get(t, Parked).owner)
    return any(gs.side(o) == side and gs.able(o) and gs.on_table(o) and not riding.rides(gs, o)
               and gs.distance(o, t) <= TAKE_RANGE for o in gs.minis())


def attack_parked(match, p):
    """MVA-17: a character with no enemy character to attack (none of its attack options is legal) strikes a
    driverless enemy transport worth it (`worth_attacking`): in base contact first (a melee attack, a firearm in
    melee), then a ram, else a shot (`attack_keys`); the plain attack (no mode). None otherwise (and always in a
    game with no driverless transport)."""
    gs, e = match.gs, p.actor
    if not riding.parked(gs):
        return None
    targets = [t for t in parked.enemy_parked(gs, e) if worth_attacking(gs, t)]
    keys = attack_keys(p)
    if not targets or not keys or options_of(match.engine, keys):
        return None
    for k in keys:
        for o in match.engine.legal_options(k, lambda prm: prm.get("target") in targets and "mode" not in prm):
            return o.decision(p.side, e)
    return None



def attack_keys(p) -> list[str]:
    """The offered keys of the attacks tried on a driverless transport, in this order (`PARKED_ATTACK_RULES`)."""
    return [k for k in (by_rule(p, r) for r in PARKED_ATTACK_RULES) if k is not None]
