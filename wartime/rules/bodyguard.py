"""Guardaespaldas (TRT-BODYGUARD): "Puede asignarse el impacto de un ataque a un aliado a 3K. Cruza este Pj en la
LdF." Ruling: declared after the hit check succeeds; the bodyguard makes the DEF check; no reaction CH VOL, no ENE.

The engine's reading:

* Which hits: the hit of an attack at one character (rules.combat `resolve_attack`): a ranged one (a shot, a thrown
  weapon, a volley's or a burst's each hit, a stray shot's new target) or a melee one (an Ataque CaC, an unarmed
  blow, an improvised weapon, a charge's, a free attack or reply; a character's or a transport's ram, CBA-23, in
  rules.actions.transport: the rammer has ended in base contact, and its push then moves the bodyguard), once its
  CH IMP (and CBA-5's / CBA-8's second CH IMP, CBA-17's dodge contest) passed, before the DEF check. A hit replaced by an opposed check (CBA-14, CBA-16,
  CBA-25, CBA-26) has no DEF check to take (not offered).
* Not an area (template) attack's hits (rules.areas; the project's reading): "el impacto de un ataque a un aliado" is
  the one hit of an attack at that ally, taken by crossing its line. A template is no attack at a character: it
  covers a zone, and every mini in it makes its own CH DEF (ARE-5, ARE-6) with cover measured from the area's
  centre through terrain only (ARE-7: a base is no cover). A bodyguard crossing between the centre and the ally
  would stand in the zone too and stop nothing: the ally is still covered, so there is no hit of the ally's to take
  on itself, only a second one to add. Not offered.
* Who: an ally of the target (same side, not the target, not the attacker) carrying the trait, on the table, able
  to act (the aura rule G10: rules.traits `aura_bearers`), not panicking, not engaged in melee, at the target's
  level, within 3 K of it (BAS-3), with a spot to stand on (below). Several may: each is asked in id order
  until one takes it.
* Where, at a ranged hit ("cruza este Pj en la LdF"): its base is put on the segment from the attacker's centre to
  the target's, as near the target as it can stand: the first spot, from base contact with the target outwards by
  0.1 K, where its base is inside the board, off blocking, high, water and extreme terrain, overlapping no other
  base (rules.riding `spot_is_free`), between the two bases and no more than 3 K from the target. None: it cannot
  take the hit. It keeps its facing; it is a placement, not a move (no ENE, no path, no reaction window).
* Where, at a melee hit: a blow has no line of fire, so the bodyguard crosses the blow's line, from the attacker to
  the ally, where it can: in base contact with the attacker (0.01 K apart, CMB-11: it is engaged with it), on the
  attacker's side facing the ally, as near the line from the attacker's centre to the ally's as it can stand: the
  first spot of the angles 0°, +5°, −5°, +10°, … up to ±90° from that line (counter-clockwise first) where its base
  is on a free spot (as above) no more than 3 K from the ally. None: it cannot take the hit. A placement as above.
* Then the hit is the bodyguard's: the attack's DMG with the traits of the attack against it, its cover from the
  attacker (ranged), its CH DEF, wounds and CH PSI as any hit's. What the attack gave against the ally alone stays
  with the ally: a counter-charge's CH DEF +1 (CBA-13) and a surprise attack's DEF −2 (CBA-11) do not pass to the
  bodyguard; a charge's DMG +1 and a dodger's fumble DMG +1 (CBA-12, CBA-17) are the blow's and do. A bodyguard
  put out of action by a melee hit is the attacker's casualty (CMB-15's follow-up).
* Not counted in the odds shown before an attack (rules.odds, the dry runs of the controllers and the window): they
  price the hit on the target chosen; the question comes only in the attack's own run.

How the question is asked mid-attack: the attack is one synchronous call, so the engine answers a decision by a
probe run (rules/asking.py, shared with TRT-FORTUNE): when characters with the trait are on the table, the decision
is applied with the world's listeners held back; a hit that may be taken raises `GuardAsk`, the world is put back
exactly as before the decision (components, resources, dice, events), and the question is stored as the world resource ``bodyguard``
(snapshots and saves keep it) with the decision. Answered, the same decision is applied again from the same state:
the dice give the same results, so the same hit comes, and the answers given so far are used in order (a burst
may ask again for a later hit). When a run asks nothing, its events reach the listeners, each with the world put
back as it was when that event was emitted (rules.asking `deliver`). Every question is an
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
#: a melee hit: the step and the widest angle, in degrees, of the search round the attacker from the line to the ally
ANGLE_STEP = 5
ANGLE_MAX = 90


@dataclass(frozen=True)
class GuardQuestion:
    """A hit that a bodyguard may take (the world resource ``bodyguard``): `decision` the decision being applied
    (canonical JSON), `answers` the bodyguards that took the earlier hits of that decision's run (0: none),
    `attacker` / `target` / `critical` / `weapon` (the attacker's weapon index) the hit, `ask` the bodyguards still to ask (the first is asked now) and
    `spots` (bodyguard, x, y) where each would stand; `melee` a melee hit (the bodyguard stands in base contact with
    the attacker)."""
    decision: str
    answers: tuple[int, ...]
    attacker: int
    target: int
    critical: bool
    weapon: int | None
    ask: tuple[int, ...]
    spots: tuple[tuple[int, float, float], ...]
    melee: bool = False

    def spot(self, b: int) -> tuple[float, float]:
        return next((x, y) for e, x, y in self.spots if e == b)


class GuardAsk(asking.Ask):
    """Raised at a hit that a bodyguard may take whose answer is not known yet (caught by the probe run)."""

    def __init__(self, attacker: int, target: int, critical: bool, weapon: int | None, spots: tuple, melee: bool):
        super().__init__("TRT-BODYGUARD: a bodyguard may take this hit")
        self.attacker, self.target, self.critical, self.weapon, self.spots = attacker, target, critical, weapon, spots
        self.melee = melee

    def store(self, gs, decision: str, answers: tuple[int, ...]) -> None:
        gs.world.resources[RESOURCE] = GuardQuestion(decision, answers, self.attacker, self.target, self.critical,
                                                     self.weapon, tuple(s[0] for s in self.spots), self.spots,
                                                     self.melee)
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


def contact_spot(gs: GameState, b: int, attacker: int, target: int) -> tuple[float, float] | None:
    """TRT-BODYGUARD: where `b` would stand to take a melee hit of `attacker` on `target`: in base contact with the
    attacker, as near the line from it to the target as it can (module docstring), or None."""
    a, t = gs.pos(attacker), gs.pos(target)
    if math.hypot(t.x - a.x, t.y - a.y) <= 1e-9:
        return None
    rb, rt = gs.body(b).radius, gs.body(target).radius
    d = gs.body(attacker).radius + rb + GAP
    base = math.atan2(t.y - a.y, t.x - a.x)
    for k in range(ANGLE_MAX // ANGLE_STEP * 2 + 1):
        turn = math.radians((k + 1) // 2 * ANGLE_STEP * (1 if k % 2 else -1))
        x, y = round(a.x + d * math.cos(base + turn), 4), round(a.y + d * math.sin(base + turn), 4)
        if (math.hypot(x - t.x, y - t.y) - rt - rb <= REACH + 1e-9
                and spot_is_free(gs, b, x, y, rb, t.level)):
            return x, y
    return None


def guards(gs: GameState, attacker: int, target: int,
           melee: bool = False) -> tuple[tuple[int, float, float], ...]:
    """TRT-BODYGUARD: (bodyguard, x, y) of every ally of `target` that may take a hit `attacker` just landed on it
    (`melee`: a melee hit), in id order."""
    out = []
    side, level = gs.side(target), gs.pos(target).level
    for b in aura_bearers(gs, BODYGUARD):
        if (b in (target, attacker) or gs.side(b) != side or not gs.able(b) or not gs.on_table(b)
                or gs.psyche(b).panic or gs.engaged(b) or gs.pos(b).level != level
                or gs.distance(b, target) > REACH + 1e-9):
            continue
        spot = (contact_spot if melee else line_spot)(gs, b, attacker, target)
        if spot is not None:
            out.append((b, spot[0], spot[1]))
    return tuple(out)


def guard_hit(gs: GameState, attacker: int, target: int, critical: bool, weapon: int | None,
              ranged: bool = True) -> int | None:
    """TRT-BODYGUARD at a hit on `target` (rules.combat; `ranged` or melee): the bodyguard that takes it, already
    put on the line of fire (in base contact with the attacker for a melee hit), or None. Outside a probe run (a dry
    run, a direct call) nobody is asked and nobody takes it."""
    if asking.run_of(gs.world) is None or not gs.on_table(target):
        return None
    spots = guards(gs, attacker, target, not ranged)
    if not spots:
        return None
    b = asking.answer(gs.world, lambda: GuardAsk(attacker, target, critical, weapon, spots, not ranged))
    where = {e: (x, y) for e, x, y in spots}.get(b)
    if where is None:
        return None
    gs.world.set(b, replace(gs.pos(b), x=where[0], y=where[1]))
    gs.world.emit("bodyguard", BODYGUARD, who=b, ally=target, attacker=attacker, at=[where[0], where[1]],
                  **({} if ranged else {"melee": True}))
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
