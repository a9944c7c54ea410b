"""The scripted controller's use of energy the next gain would cap anyway, of a firing posture and of waiting (issue
15, point 1: Concentrarse, Apoyar, Cuerpo a tierra and Esperar were never used).

* Concentrarse (GNA-4) before a shot: +1 on its CH IMP for 2 ENE, taken only when it costs nothing — the shots the
  character can still afford this activation are as many without those 2 ENE, and what is left after them still
  reaches the cap of 10 at the next gain (ENE-3; + `REACTION_RESERVE`). Again while that holds, to +3. (What is
  left may still pay reactions in the enemy's activation, `ScriptedController._react`, down to −2 or −5 ENE: 2 ENE
  less for them. A reserve of 2 for them made Concentrarse all but never happen; measured both ways, the README.)
* Apoyar (GNA-1) before ending the activation: +1 on the next CH ATR of an ally within 2 K (a character with a
  weapon, not a transport) that is still to act this turn with an enemy in view or engaged (its next check is then likely an attack), for 3 ENE the next gain
  would cap anyway; before going on guard (GNA-8, which needs 2 such ENE).
* Cuerpo a tierra (MVA-5) instead of Agacharse (MVA-4) before a shot from beyond 3 K when no enemy could reach the
  shooter in melee before its next activation and no terrain with height lies on the line to the target (prone,
  it has no height: such a piece could hide the target from it): prone it shoots with the same +1, ranged attacks against it from
  beyond 3 K take −2 instead of −1, and behind cover it counts as 100 % hidden; melee against it gains +2 (so not
  with a fighter near), and it must stand up before it moves (the advance does, MVA-6).
* Esperar (GNA-10) instead of a plain move (not into base contact, not a climb, a jump or a hide) as the first
  action of an activation with no attack, when no enemy sees the character and an enemy still to act this turn
  stands within one move of its attack reach: it acts in the next phase, after that enemy may have come into
  reach, rather than walking towards it first (`wait_for_enemy`; once a turn, not in an elimination game's last
  two turns).

Each choice is the engine's legal option (`by_rule` on the offered keys, `legal_cost`); nothing is decided here that
the engine would refuse."""
from __future__ import annotations

import math

from shapely.geometry import LineString

from wartime.ai.candidates import action, by_rule, legal_cost
from wartime.core.components import Posture
from wartime.geometry.measure import ENGAGED_GAP
from wartime.rules import hiding, riding
from wartime.rules.actions.combat import charge_allowance

#: ENE kept beyond the cap of the next gain before spending on Concentrarse or Apoyar (for reactions, see above)
REACTION_RESERVE = 0
#: K added to an enemy's move and charge reach when judging whether it could engage a prone shooter next turn
MELEE_MARGIN = 2.0


def energy_gain(gs, e: int) -> int:
    """ENE-3: what the start of `e`'s next activation adds (CON + AGI − wounds), before the cap of 10."""
    a = gs.attrs(e)
    return a.CON + a.AGI - gs.wounds(e)


def concentrate_first(match, p, shot_cost: int):
    """GNA-4 before the shot that costs `shot_cost` (see the module docstring), or None."""
    gs = match.gs
    e = p.actor
    key = by_rule(p, "GNA-4")
    if key is None or shot_cost <= 0 or gs.effects(e).concentrate >= 3:
        return None
    energy = gs.energy(e)
    shots = energy // shot_cost
    if shots < 1 or (energy - 2) // shot_cost != shots:
        return None
    left = energy - 2 - shots * shot_cost
    if left + energy_gain(gs, e) < 10 + REACTION_RESERVE:
        return None
    d = action(p, key)
    return d if legal_cost(match.engine, d) is not None else None


def support_ally(match, p):
    """GNA-1 before ending the activation (see the module docstring), or None: the ally nearest first."""
    gs = match.gs
    e = p.actor
    key = by_rule(p, "GNA-1")
    if key is None or gs.energy(e) + energy_gain(gs, e) - 3 < 10 + REACTION_RESERVE:
        return None
    engine = match.engine
    for a in sorted(gs.allies(e), key=lambda a: (gs.distance(e, a), a)):
        if gs.distance(e, a) > 2.0 or gs.effects(a).support or gs.activation(a).acted:
            continue
        if riding.mount(gs, a) is not None or not any(not w.disabled for w in gs.equipment(a).weapons):
            continue                                        # a transport (MVA-17) or no weapon: no attack to help
        if not (gs.engaged(a) or any(gs.sees(a, o) for o in gs.enemies(a))):
            continue
        d = action(p, key, target=a)
        if legal_cost(engine, d) is not None:
            return d
    return None


def firing_posture(match, p, target, energy: int, shot_cost: int):
    """The posture to take before a shot at `target` from beyond 3 K: Cuerpo a tierra when no enemy could engage
    the shooter before its next activation, else Agacharse (its old choice); None when neither pays (it keeps ENE
    for two shots and the posture) or it already lies prone."""
    gs = match.gs
    e = p.actor
    state = gs.world.get(e, Posture).state
    if state == "prone" or energy < 2 * shot_cost + 1:
        return None
    if target is not None and gs.distance(e, target) <= 3.0:
        return None
    keys = []
    if not melee_threat(gs, e) and (target is None or open_line(gs, e, target)):
        keys.append(by_rule(p, "MVA-5"))
    if state == "standing":
        keys.append(by_rule(p, "MVA-4"))
    for key in keys:
        if key is None:
            continue
        d = action(p, key)
        if legal_cost(match.engine, d) is not None:
            return d
    return None


def open_line(gs, e: int, target: int) -> bool:
    """Whether the line between the two base centres crosses no terrain piece with any height (MVA-5 ruling: a
    prone model has no height above its base, so from the ground any such piece crossed may hide the target from
    it as it hides it from the target: lying prone there could cost the shot it lay down for)."""
    a, b = gs.pos(e), gs.pos(target)
    board = gs.board
    line = LineString([(a.x, a.y), (b.x, b.y)])
    return not any(board.pieces[int(i)].height > 0 or board.pieces[int(i)].blocks_los
                   for i in board.tree.query(line, predicate="intersects"))


def melee_threat(gs, e: int) -> bool:
    """Whether an able enemy could reach `e` in melee before `e` acts again: one within a move (MOV) and a charge
    (CBA-12's allowance) + `MELEE_MARGIN` K of it."""
    return any(gs.distance(e, o) <= gs.mov(o) + charge_allowance(gs, o) + MELEE_MARGIN for o in gs.enemies(e))


def resumed(gs, e: int) -> bool:
    """Whether `e`'s current activation is one resumed after Esperar (GNA-10): the last `activation_start` event
    (its own: the activation is under way) says so. The AI waits once a turn; the rule would let it wait again."""
    for ev in reversed(gs.world.events):
        if ev["type"] == "activation_start":
            return ev["who"] == e and bool(ev["resumed"])
    return False


def attack_reach(gs, e: int, fighter: bool) -> float:
    """How far from `e` an enemy may stand for `e` to attack it in its next actions: a charge's allowance (CBA-12)
    for a fighter, else its longest usable ranged weapon's RNG."""
    if fighter:
        return charge_allowance(gs, e)
    return max((float(w.RNG) for w in gs.equipment(e).weapons if w.ranged and not w.disabled), default=0.0)


def wait_for_enemy(match, p, fighter, move):
    """Esperar (GNA-10) instead of `move`, a plain move (MVA-1..3: not a climb, a jump or a hide) that does not end
    in base contact with an enemy, when `e` has no attack now: the activation's first action (the
    engine's offer: not engaged, not in phase 1), not resumed after a wait already, no enemy sees `e` where it
    stands, and an enemy still to act this turn, not hidden (GNA-9: one is walked round, `scripted_hidden.flank`),
    stands within one move (MOV) of `e`'s attack reach (`attack_reach`): waiting, `e` acts after it, when it may
    have come into reach, instead of walking towards it first. Not in an elimination game's last two turns (a draw
    at the limit looms), nor in an alarm game. `fighter()` says whether `e` fights in melee first (asked only once
    the cheap tests pass). Returns the decision or None."""
    gs = match.gs
    e = p.actor
    key = by_rule(p, "GNA-10")
    if key is None or gs.alarm is not None or gs.energy(e) < 2 or resumed(gs, e):
        return None
    if gs.victory == "elimination" and match.engine.flow.turn > gs.turn_limit - 2:
        return None
    path = move.params.get("path")
    if not path:
        return None
    end = path[-1]
    radius = gs.body(e).radius
    enemies = gs.enemies(e)
    for o in enemies:
        q = gs.pos(o)
        if math.hypot(end[0] - q.x, end[1] - q.y) - radius - gs.body(o).radius < ENGAGED_GAP:
            return None                                 # the move engages it (CMB-11): no waiting
    reach = attack_reach(gs, e, fighter())
    if reach <= 0.0:
        return None
    if not any(not gs.activation(o).acted and gs.able(o) and not hiding.hidden(gs, o)
               and gs.distance(e, o) <= reach + gs.mov(o) for o in enemies):
        return None
    if any(gs.sees(o, e) for o in enemies):             # the line of sight last: the dearest test
        return None
    d = action(p, key)
    return d if legal_cost(match.engine, d) is not None else None
