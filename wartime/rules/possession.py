"""Possession in play (MET-10, PSI-17, CBA-21 Poseer, GNA-11 Marcar un objetivo). The actions live in
rules/actions/metahability.py (Poseer, acting through the possessed) and rules/actions/generic_more.py (Marcar).

- Who may be possessed (MET-10, CBA-21): a character other than the possessor, on the table and not possessed,
  within INT (VOL) K, in FOV and LOS, whose stress is at least its VOL (rules.psychology.can_be_possessed), or that
  this possessor marked (GNA-11: the same mark state as TRT-TARGET-DESIGNATOR, rules/traits/devices.Designated,
  which Munición desestabilizadora and Campo de oscuridad already remove), or that volunteers. Ruling: a voluntary target is one its
  own controller offers; the engine reads an ally of the possessor as offered by declaring it (one player
  controls both); an enemy is never asked to volunteer (its stress or a mark is needed).
- A possessed character carries ``Possessed`` (core.components): its Identity side becomes the possessor's
  while it lasts (so its allies and enemies, the window's colours and the controller asked follow the
  possessor) and ``owner`` keeps its own side: its own side still activates it (turns `eligible_of`, by
  ``owner_side``) and counts it for victory and casualties. PSI-17: it is able while possessed
  (`GameState.able`): an unconscious one stands and falls again when the possession ends.
- Ruling (2): its activations pass: when its side activates it, no ENE gain, nothing is played; that passed
  activation is its next activation, and at its end the possession ends (ruling (1): a metahability on an
  enemy, MET-5; on an ally, MET-4 gives the same end). It takes no reactions (rules/reactors.py).
- Acting through it: in its own activation the possessor declares "act with <possessed>" (zero cost); once that
  action is over, the possessed acts at once with its own attributes and equipment, as under an order (the
  TRT-ORDERS pattern of rules/orders.py: its Activation is put back afterwards, no start- or end-of-activation
  rule). The possessor's ENE pays: it is handed to the possessed for that acting and handed back, whatever is
  left, when it ends (``PossessedActing`` keeps the possessed's own ENE meanwhile). Then the possessor carries on.
- Ruling (5): the possessed's actions count as the possessor's for combined actions (ACT-3): "act with" declared
  chained (itself a simple action of the chain: the possessor's CH AGI −1) makes the possessed's first action the
  chain's next, and the possessed's last action declared chained carries the chain back to the possessor's next
  action; no reaction window opens inside (ACT-4), the one after the chain's last action is that actor's, offered to
  whoever saw or heard either mini during the chain.
- Equipment (a transport, an object) is possessed by rules/possessed_gear.py; keeping a possession in the next turn
  (MET-6, ruling 1) is rules/possession_keep.py.
Components of this module are set only in games where a possession happens: other games' state is unchanged."""
from __future__ import annotations

from dataclasses import dataclass, replace

from wartime.core.components import Activation, Attributes, Identity, KnockedOut, Life, Possessed, Stress
from wartime.core.errors import RuleViolation
from wartime.rules import metahabilities as meta
from wartime.rules.modifiers import roll_character_check
from wartime.rules.psychology import can_be_possessed
from wartime.rules.state import GameState
from wartime.rules.traits.devices import Designated, marked_by


@dataclass(frozen=True, slots=True)
class Commanding:
    """CBA-21: the possessor declared acting through `target`, which acts once the declaring action is over."""
    target: int


@dataclass(frozen=True, slots=True)
class PossessedActing:
    """CBA-21: the possessed acts now on `possessor`'s ENE; `own_energy` and `before` (its Activation) are put back
    when it ends; `ends`: the possessor's activation ends when it resumes."""
    possessor: int
    own_energy: int
    ends: bool
    before: Activation


# --- who ------------------------------------------------------------------------------------------------------------
def owner_side(gs: GameState, e: int) -> str:
    """MET-10: the side a character belongs to (a possessed one's own, not its possessor's)."""
    p = gs.world.try_get(e, Possessed)
    return gs.side(e) if p is None else p.owner


#: the component tables `able_sides` reads: who the miniatures are and their sides (Identity), MET-10's own side
#: (Possessed), and what `GameState.able` reads (Life: WND-2, WND-3; Stress against Attributes' VOL: PSI-16;
#: KnockedOut: CBA-26; Possessed: PSI-17)
_ABLE_TYPES = (Identity, Possessed, Life, Stress, Attributes, KnockedOut)


def able_sides(gs: GameState) -> frozenset[str]:
    """WND-2, WND-3, PSI-16, PSI-17, MET-10: the sides with a miniature able to act (a possessed one counts for its
    own side, ``owner_side``). Issue 20: asked at every step of the flow (turns' elimination victory), and a pure
    function of the tables of ``_ABLE_TYPES``, so it is kept while their stamps (`World.stamp`) are unchanged."""
    stable = getattr(gs, "_stable", None)
    stamp = gs.world.stamp(_ABLE_TYPES) if stable is not None else None
    got = stable.get("able_sides") if stable is not None else None
    if got is not None and got[0] == stamp:
        return got[1]
    sides = frozenset(owner_side(gs, e) for e in gs.minis() if gs.able(e))
    if stable is not None:
        stable["able_sides"] = (stamp, sides)
    return sides


def possessed_by(gs: GameState, possessor: int) -> list[int]:
    """CBA-21: the characters on the table `possessor` possesses now (id order)."""
    return [e for e, p in sorted(gs.world.tables.get(Possessed, {}).items())
            if p.possessor == possessor and gs.on_table(e)]


def check_possessor(gs: GameState, actor: int, attribute: str | None) -> str:
    """CBA-21 / GNA-11: a neuromancer (INT) or a puppeteer (VOL) not acting as a possessed one; returns the
    attribute (CBA-18 ruling (2): one with both traits chooses; left out, its first)."""
    attrs = meta.corrupt_attributes(gs, actor)
    if not attrs:
        raise RuleViolation("CBA-21", f"{gs.name(actor)} is neither a neuromancer nor a puppeteer")
    if gs.world.has(actor, PossessedActing) or gs.world.has(actor, Possessed):
        raise RuleViolation("CBA-21", f"{gs.name(actor)} is possessed: it acts only as its possessor makes it")
    a = attrs[0] if attribute is None else attribute
    if a not in attrs:
        raise RuleViolation("CBA-21", f"{gs.name(actor)} cannot use {a!r}: INT needs a neuromancer, VOL a "
                            "puppeteer")
    return a


def volunteers(gs: GameState, possessor: int, target: int) -> bool:
    """MET-10 (the module's ruling): an ally is offered by its own controller, who declares the possession."""
    return gs.side(target) == gs.side(possessor)


def check_target(gs: GameState, actor: int, target, attribute: str) -> int:
    """CBA-21 / MET-10: a character on the table, not the possessor and not possessed, within INT (VOL) K, in FOV
    and LOS, with stress ≥ VOL, or marked by this possessor (GNA-11), or volunteering."""
    if not isinstance(target, int) or isinstance(target, bool) or target not in gs.minis():
        raise RuleViolation("CBA-21", f"{target!r} is not a character")
    if target == actor or not gs.on_table(target):
        raise RuleViolation("CBA-21", f"{gs.name(actor)} cannot possess {gs.name(target)}")
    if gs.world.has(target, Possessed):
        raise RuleViolation("CBA-21", f"{gs.name(target)} is already possessed")
    if not (can_be_possessed(gs, target) or actor in marked_by(gs, target) or volunteers(gs, actor, target)):
        raise RuleViolation("MET-10", f"{gs.name(target)} has less stress than its VOL, is not marked by "
                            f"{gs.name(actor)} (GNA-11) and does not volunteer")
    meta.check_reach(gs, actor, target, attribute, "CBA-21")
    return target


# --- CBA-21: the roll, the start and the end --------------------------------------------------------------------------
def roll_possessor(gs: GameState, ctx, actor: int, target: int | None, attribute: str, rule: str, reason: str) -> bool:
    """CBA-21 / GNA-11: the CH INT (an INT one may be countered, CBA-20) or CH VOL; a fumble is a metahability
    fumble (MET-7). True on a pass."""
    r = roll_character_check(gs, ctx, actor, "ATR", attribute, rule, reason, against=target)
    ok = meta.counter_contest(gs, ctx, actor, r) if attribute == "INT" else r.passed
    if r.fumble:
        meta.fumble(gs, ctx, actor)
        return False
    return ok and not ctx.failed


def possess(gs: GameState, ctx, actor: int, target: int, attribute: str) -> bool:
    """CBA-21: Poseer: the check; on a pass the target is possessed (no CH VOL ENF, ruling (3))."""
    if not roll_possessor(gs, ctx, actor, target, attribute, "CBA-21", "Poseer"):
        gs.world.emit("possession_failed", "CBA-21", who=actor, target=target)
        return False
    start(gs, actor, target)
    return True


def start(gs: GameState, possessor: int, target: int) -> None:
    """CBA-21 / PSI-17: `target` is possessed: it is on its possessor's side until the possession ends; an
    unconscious one stands."""
    ident = gs.world.get(target, Identity)
    turn = gs.world.resources["flow"].turn
    gs.world.set(target, Possessed(possessor, ident.side, turn))
    gs.world.set(target, replace(ident, side=gs.side(possessor)))
    gs.world.emit("state_changed", "CBA-21", who=target, state="possessed", value=True, by=possessor)
    if gs.unconscious(target):
        gs.world.emit("stood_up", "PSI-17", who=target, by=possessor)


def end(gs: GameState, target: int, rule: str, why: str) -> None:
    """CBA-21 / PSI-17: the possession ends: the character is back on its own side; one still unconscious
    (stress above VOL, knocked out) falls again."""
    p = gs.world.get(target, Possessed)
    gs.world.remove(target, Possessed)
    gs.world.set(target, replace(gs.world.get(target, Identity), side=p.owner))
    gs.world.emit("state_changed", rule, who=target, state="possessed", value=False, by=p.possessor, why=why)
    if gs.unconscious(target):
        gs.world.emit("fell_unconscious", "PSI-17", who=target, stress=gs.world.get(target, Stress).value)


def passes(engine, e: int) -> bool:
    """CBA-21 ruling (2): a possessed character's activation passes (nothing is played, no ENE gain); it is its
    next activation, at whose end the possession ends (ruling (1), MET-5 / MET-4). True if it passed."""
    gs = engine.gs
    p = gs.world.try_get(e, Possessed)
    if p is None:
        return False
    engine._set_flow(stage="action", active=e)
    gs.world.emit("activation_passed", "CBA-21", who=e, possessor=p.possessor)
    end(gs, e, "CBA-21", "the end of its next activation")
    engine._end_activation(e)
    return True


# --- acting through the possessed (CBA-21, PSI-17) ---------------------------------------------------------------------
def check_command(gs: GameState, actor: int, target) -> int:
    """CBA-21: the possessor makes a character it possesses act: one on the table, able."""
    mine = possessed_by(gs, actor)
    if target not in mine:
        raise RuleViolation("CBA-21", f"{gs.name(actor)} does not possess {target!r}")
    if not gs.on_table(target) or not gs.able(target):
        raise RuleViolation("CBA-21", f"{gs.name(target)} cannot act now")
    return target


def hand_over(engine, possessor: int, ends: bool) -> bool:
    """CBA-21: after the possessor's "act with" action (its after-action window closed), the possessed acts on the
    possessor's ENE. True if it took over."""
    gs = engine.gs
    c = gs.world.try_get(possessor, Commanding)
    if c is None:
        return False
    gs.world.remove(possessor, Commanding)
    t = c.target
    p = gs.world.try_get(t, Possessed)
    if p is None or p.possessor != possessor or not gs.able(t) or engine.flow.active != possessor:
        gs.world.emit("possessed_acting_lapsed", "CBA-21", who=possessor, target=t)
        return False
    chained = gs.activation(possessor).chain_next                  # ruling (5): "act with" flagged chained
    gs.set_activation(possessor, chain_next=False)
    gs.world.set(t, PossessedActing(possessor, gs.energy(t), ends, gs.activation(t)))
    lent = gs.energy(possessor)
    gs.set_energy(possessor, 0, "CBA-21", "its ENE pays for the possessed")
    gs.set_energy(t, lent, "CBA-21", "the possessor's ENE")
    gs.set_activation(t, actions=0, chain_next=chained)
    if chained:
        engine._set_flow(stage="action", active=t, window=None)
    else:
        engine._set_flow(stage="action", active=t, window=None, chain_seen=(), chain_heard=())
    gs.world.emit("possessed_acting", "CBA-21", who=t, possessor=possessor, energy=lent)
    return True


def nested(engine, e: int) -> bool:
    """Whether `e` is acting as a possessed character now (its acting is not an activation)."""
    return engine.flow.active == e and engine.gs.world.has(e, PossessedActing)


def hand_back(engine, e: int) -> bool:
    """CBA-21: the possessed's acting is over: the ENE left goes back to the possessor, the possessed's own ENE
    and Activation are put back, the possessor carries on (or its activation ends). False if `e` was not acting
    as a possessed character."""
    gs = engine.gs
    acting = gs.world.try_get(e, PossessedActing)
    if acting is None:
        return False
    gs.world.remove(e, PossessedActing)
    chained = gs.activation(e).chain_next                          # ruling (5): its last action flagged chained
    gs.world.set(e, acting.before)
    left = gs.energy(e)
    gs.set_energy(e, acting.own_energy, "CBA-21", "its own ENE back")
    gs.set_energy(acting.possessor, left, "CBA-21", "the ENE the possessed did not spend")
    gs.world.emit("possessed_acting_end", "CBA-21", who=e, possessor=acting.possessor, energy=left)
    giver = acting.possessor
    if chained:
        gs.set_activation(giver, chain_next=True)
        engine._set_flow(stage="action", active=giver, window=None, bullet_time=())
    else:
        engine._set_flow(stage="action", active=giver, window=None, bullet_time=(), chain_seen=(), chain_heard=())
    if not gs.able(giver) or acting.ends:
        engine._end_activation(giver)
    else:
        engine._end_if_cornered(giver)
    return True


# --- GNA-11 -------------------------------------------------------------------------------------------------------------
def check_mark(gs: GameState, actor: int, target, attribute: str | None) -> tuple[int, str]:
    """GNA-11: a neuromancer or puppeteer marks a character it possesses now."""
    a = check_possessor(gs, actor, attribute)
    if target not in possessed_by(gs, actor):
        raise RuleViolation("GNA-11", f"{gs.name(actor)} marks only a target it possesses now")
    return target, a


def mark(gs: GameState, ctx, actor: int, target: int, attribute: str) -> bool:
    """GNA-11: on a passed CH INT (VOL) the target is marked by the actor: later it may be possessed by it whatever
    its stress (the mark lasts to the game's end, or until the marker or target dies or a rule removes marks)."""
    if not roll_possessor(gs, ctx, actor, target, attribute, "GNA-11", "Marcar un objetivo"):
        gs.world.emit("mark_failed", "GNA-11", who=actor, target=target)
        return False
    by = marked_by(gs, target)
    if actor not in by:
        gs.world.set(target, Designated(by + (actor,)))
    gs.world.emit("target_marked", "GNA-11", marker=actor, target=target)
    return True
