"""Guardaespaldas (TRT-BODYGUARD): "Puede asignarse el impacto de un ataque a un aliado a 3K. Cruza este Pj en la
LdF." Ruling: declared after the hit check succeeds; the bodyguard makes the DEF check; no reaction CH VOL, no ENE.

The engine's reading:

* Which hits: the hit of a ranged attack at one character (rules.combat `resolve_attack`: a shot, a thrown weapon,
  a volley's or a burst's each hit, a stray shot's new target), once its CH IMP (and CBA-5's / CBA-8's second CH IMP)
  passed, before the DEF check. "LdF" is a line of fire: a melee attack has none (not offered), and an area
  (template) attack hits where its template lands, not a character (not offered: rules.areas). A hit replaced by
  an opposed check (CBA-14, CBA-16, CBA-25, CBA-26) has no DEF check to take (not offered).
* Who: an ally of the target (same side, not the target, not the attacker) carrying the trait, on the table, able
  to act (the aura rule G10: rules.traits `aura_bearers`), not panicking, not engaged in melee, at the target's
  level, within 3 K of it (BAS-3), with a spot on the line of fire (below). Several may: each is asked in id order
  until one takes it.
* Where ("cruza este Pj en la LdF"): its base is put on the segment from the attacker's centre to the target's,
  as near the target as it can stand: the first spot, from base contact with the target outwards by 0.1 K, where
  its base is inside the board, off blocking, high, water and extreme terrain, overlapping no other base
  (rules.riding `spot_is_free`), between the two bases and no more than 3 K from the target. None: it cannot take
  the hit. It keeps its facing; it is a placement, not a move (no ENE, no path, no reaction window).
* Then the hit is the bodyguard's: the attack's DMG with the traits of the attack against it, its cover from the
  attacker, its CH DEF, wounds and CH PSI as any hit's.

How the question is asked mid-attack: the attack is one synchronous call, so the engine answers a decision by a
probe run (rules/asking.py, shared with TRT-FORTUNE): when characters with the trait are on the table, the decision is applied with the world's
listeners held back; a hit that may be taken raises `GuardAsk`, the world is put back exactly as before the
decision (components, resources, dice, events), and the question is stored as the world resource ``bodyguard``
(snapshots and saves keep it) with the decision. Answered, the same decision is applied again from the same state:
the dice give the same results, so the same hit comes, and the answers given so far are used in order (a burst
may ask again for a later hit). When a run asks nothing, its events reach the listeners. Every question is an
ordinary `react` decision, `Pending("react", side, ("bodyguard",), actor=b, window="bodyguard", against=attacker,
against_target=target)`: declaring ``bodyguard`` takes the hit, passing leaves it to the next candidate or the
target. A match without a carrier on the table takes the plain path (no probe, nothing changes)."""
from __future__ import annotations

import math
import sys
from dataclasses import dataclass, replace

from wartime.core.errors import RuleViolation
from wartime.rules import asking
from wartime.rules.flow import Decision, Pending
from wartime.rules.riding import spot_is_free
from wartime.rules.state import GameState
from wartime.rules.traits import aura_bearers

BODYGUARD = "TRT-BODYGUARD"
#: the action key of the answer, the `Pending.window` of the question and its world resource
KEY = WINDOW = RESOURCE = "bodyguard"
#: "a un aliado a 3K"
REACH = 3.0
#: the step in K of the search for a spot on the line of fire, outwards from base contact with the target
STEP = 0.1
GAP = 0.01


@dataclass(frozen=True)
class GuardQuestion:
    """A hit that a bodyguard may take (the world resource ``bodyguard``): `decision` the decision being applied
    (canonical JSON), `answers` the bodyguards that took the earlier hits of that decision's run (0: none),
    `attacker` / `target` / `critical` / `weapon` (the attacker's weapon index) the hit, `ask` the bodyguards still to ask (the first is asked now) and
    `spots` (bodyguard, x, y) where each would stand."""
    decision: str
    answers: tuple[int, ...]
    attacker: int
    target: int
    critical: bool
    weapon: int | None
    ask: tuple[int, ...]
    spots: tuple[tuple[int, float, float], ...]

    def spot(self, b: int) -> tuple[float, float]:
        return next((x, y) for e, x, y in self.spots if e == b)


class GuardAsk(asking.Ask):
    """Raised at a hit that a bodyguard may take whose answer is not known yet (caught by the probe run)."""

    def __init__(self, attacker: int, target: int, critical: bool, weapon: int | None, spots: tuple):
        super().__init__("TRT-BODYGUARD: a bodyguard may take this hit")
        self.attacker, self.target, self.critical, self.weapon, self.spots = attacker, target, critical, weapon, spots

    def store(self, gs, decision: str, answers: tuple[int, ...]) -> None:
        gs.world.resources[RESOURCE] = GuardQuestion(decision, answers, self.attacker, self.target, self.critical,
                                                     self.weapon, tuple(s[0] for s in self.spots), self.spots)
        gs.world.emit("bodyguard_offered", BODYGUARD, attacker=self.attacker, target=self.target,
                      bodyguards=[s[0] for s in self.spots])


def current(gs: GameState) -> GuardQuestion | None:
    """The bodyguard question waiting for an answer, or None."""
    return gs.world.resources.get(RESOURCE)


def in_play(gs: GameState) -> bool:
    """A question is waiting or some character able to act carries the trait (else the engine takes the plain
    path)."""
    return RESOURCE in gs.world.resources or bool(aura_bearers(gs, BODYGUARD))


def line_spot(gs: GameState, b: int, attacker: int, target: int) -> tuple[float, float] | None:
    """TRT-BODYGUARD: where `b` would stand on the line of fire from `attacker` to `target` (module docstring), or
    None."""
    a, t = gs.pos(attacker), gs.pos(target)
    dx, dy = a.x - t.x, a.y - t.y
    length = math.hypot(dx, dy)
    rb, rt, ra = gs.body(b).radius, gs.body(target).radius, gs.body(attacker).radius
    d = rt + rb + GAP
    if length <= 1e-9:
        return None
    ux, uy = dx / length, dy / length
    while d - rt - rb <= REACH + 1e-9 and d <= length - ra - rb - GAP + 1e-9:
        x, y = round(t.x + ux * d, 4), round(t.y + uy * d, 4)
        if spot_is_free(gs, b, x, y, rb, t.level):
            return x, y
        d += STEP
    return None


def guards(gs: GameState, attacker: int, target: int) -> tuple[tuple[int, float, float], ...]:
    """TRT-BODYGUARD: (bodyguard, x, y) of every ally of `target` that may take a hit `attacker` just landed on it,
    in id order."""
    out = []
    side, level = gs.side(target), gs.pos(target).level
    for b in aura_bearers(gs, BODYGUARD):
        if (b in (target, attacker) or gs.side(b) != side or not gs.able(b) or not gs.on_table(b)
                or gs.psyche(b).panic or gs.engaged(b) or gs.pos(b).level != level
                or gs.distance(b, target) > REACH + 1e-9):
            continue
        spot = line_spot(gs, b, attacker, target)
        if spot is not None:
            out.append((b, spot[0], spot[1]))
    return tuple(out)


def guard_hit(gs: GameState, attacker: int, target: int, critical: bool, weapon: int | None) -> int | None:
    """TRT-BODYGUARD at a ranged hit on `target` (rules.combat): the bodyguard that takes it, already put on the
    line of fire, or None. Outside a probe run (a dry run, a direct call) nobody is asked and nobody takes it."""
    if asking.run_of(gs.world) is None or not gs.on_table(target):
        return None
    spots = guards(gs, attacker, target)
    if not spots:
        return None
    b = asking.answer(gs.world, lambda: GuardAsk(attacker, target, critical, weapon, spots))
    where = {e: (x, y) for e, x, y in spots}.get(b)
    if where is None:
        return None
    gs.world.set(b, replace(gs.pos(b), x=where[0], y=where[1]))
    gs.world.emit("bodyguard", BODYGUARD, who=b, ally=target, attacker=attacker, at=[where[0], where[1]])
    return b


def pending(gs: GameState, q: GuardQuestion) -> Pending:
    b = q.ask[0]
    return Pending("react", gs.side(b), (KEY,), actor=b, window=WINDOW, against=q.attacker, against_target=q.target)


def check_declared(gs: GameState, actor: int) -> tuple[float, float]:
    """TRT-BODYGUARD: `actor` is the bodyguard asked now; its spot on the line of fire."""
    q = current(gs)
    if q is None or not q.ask or q.ask[0] != actor:
        raise RuleViolation(BODYGUARD, f"{gs.name(actor)} is not asked to take a hit now")
    return q.spot(actor)


def check_answer(gs: GameState, actor: int, key: str) -> int:
    """TRT-BODYGUARD: the ENE (none) of `actor` taking the hit with `key`; raises when it may not."""
    check_declared(gs, actor)
    if key != KEY:
        raise RuleViolation(BODYGUARD, f"only {KEY!r} (take the hit) or passing answers a bodyguard's question")
    return 0


def answer(engine, d: Decision, q: GuardQuestion) -> tuple[int, ...] | None:
    """Decision `d` answers the waiting question `q` (rules/asking.py): passing leaves the hit to the next candidate
    (None: the question stays) or, after the last one, to the target; the answers to replay `q`'s decision with."""
    gs = engine.gs
    b = q.ask[0]
    if d.kind != "react" or d.side != gs.side(b):
        raise RuleViolation(BODYGUARD, f"the engine waits for {gs.side(b)}'s answer: does {gs.name(b)} take the hit?")
    if d.actor is not None and d.actor != b:
        raise RuleViolation(BODYGUARD, f"it is {gs.name(b)} that is asked, not {d.actor}")
    if d.action not in (None, KEY):
        raise RuleViolation(BODYGUARD, f"only {KEY!r} (take the hit) or passing answers the question")
    if d.action is None and len(q.ask) > 1:
        gs.world.resources[RESOURCE] = replace(q, ask=q.ask[1:])
        gs.world.emit("bodyguard_declined", BODYGUARD, who=b, ally=q.target)
        return None
    del gs.world.resources[RESOURCE]
    gs.world.bump_version()
    return q.answers + (b if d.action == KEY else 0,)


asking.register_kind(sys.modules[__name__])   # its questions go through the probe run
