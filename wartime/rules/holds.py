"""States the special melee actions leave (rules/actions/combat_special.py): immobilised (CBA-25), knocked out
(CBA-26) and a declared surprise attack (CBA-11).

* Immobilised (`Immobilised(holder)`): no moves, pivots, attacks or reactions; in its own activation it may only
  try to break free (`break_free`) or end the activation (CBA-25 ruling 2). The hold ends at the start of the
  holder's next activation (ruling 1), or as soon as the holder leaves base contact or is out of action (ruling 2:
  `immobilised` then answers False; the component is dropped at the next start of an activation).
* Knocked out (`KnockedOut(by)`): unconscious (`GameState.unconscious`): no actions or reactions, a casualty, until
  a third character attends to it with Curar / Reparar (GNA-5; `wake`).
* Surprise (`Surprise(target)`): the next melee combat action of its bearer against `target` hits automatically
  against DEF −2 (rules/combat.py `take_surprise`); it lapses at the end of the bearer's activation.

The lapses run as world systems (`install`, idempotent, called when one of these states is first created)."""
from __future__ import annotations

from typing import Any

from wartime.core.components import Immobilised, KnockedOut, Surprise, Tied
from wartime.core.errors import RuleViolation
from wartime.rules.state import GameState

#: CBA-25 ruling (2): what an immobilised character may still declare in its own activation
WHILE_IMMOBILISED = ("break_free", "end")


def holder_of(gs: GameState, e: int) -> int | None:
    """CBA-25: who holds `e` immobilised now (None: nobody). The hold needs the holder able and in base contact."""
    h = gs.world.try_get(e, Immobilised)
    if h is None:
        return None
    if not gs.on_table(h.holder) or not gs.able(h.holder) or not gs.in_contact(e, h.holder):
        return None
    return h.holder


def immobilised(gs: GameState, e: int) -> bool:
    return holder_of(gs, e) is not None


def held_by(gs: GameState, holder: int) -> list[int]:
    """CBA-25: the characters `holder` holds immobilised now, in id order."""
    return [e for e in gs.world.query(Immobilised) if holder_of(gs, e) == holder]


def check_held(gs: GameState, e: int, action, key: str, *, reaction: bool = False) -> None:
    """CBA-25 ruling (2): an immobilised character makes no moves, pivots, attacks or reactions; in its own
    activation it may only try to break free (or end the activation)."""
    holder = holder_of(gs, e)
    if holder is None:
        return
    if reaction:
        raise RuleViolation("CBA-25", f"{gs.name(e)} is immobilised by {gs.name(holder)}: no reactions")
    if key not in WHILE_IMMOBILISED:
        raise RuleViolation("CBA-25", f"{gs.name(e)} is immobilised by {gs.name(holder)}: it may only try to break "
                            "free (break_free, ENE 3, CH CON ENF)")


def immobilise(gs: GameState, target: int, holder: int) -> None:
    install(gs.world)
    gs.world.set(target, Immobilised(holder))
    gs.world.emit("state_changed", "CBA-25", who=target, state="immobilised", value=True, by=holder)


def release(gs: GameState, e: int, how: str) -> None:
    """CBA-25: the hold on `e` ends."""
    if gs.world.has(e, Immobilised):
        gs.world.remove(e, Immobilised)
        gs.world.emit("state_changed", "CBA-25", who=e, state="immobilised", value=False, how=how)


def knock_out(gs: GameState, target: int, by: int) -> None:
    gs.world.set(target, KnockedOut(by))
    gs.world.emit("state_changed", "CBA-26", who=target, state="unconscious", value=True, by=by)
    for e in list(gs.world.query(Immobilised)):        # an unconscious holder holds nobody (CBA-25 ruling 2)
        if gs.world.get(e, Immobilised).holder == target:
            release(gs, e, "holder knocked out")


def prisoners_taken(gs: GameState, side: str) -> list[int]:
    """The scenario victory 'prisoners' (BLD-22: an adventure sets its own objectives): the enemy characters of
    `side` still on the table that are knocked out (CBA-26) or tied up (CBA-25 ruling 3, GNA-6)."""
    return [e for e in gs.minis() if gs.side(e) != side and gs.on_table(e)
            and (gs.world.has(e, KnockedOut) or gs.world.has(e, Tied))]


def rewards_prisoners(gs: GameState) -> bool:
    """Whether the game's victory counts prisoners (`prisoners_taken`): knocking out beats killing there."""
    return gs.victory == "prisoners"


def knocked_out(gs: GameState, e: int) -> bool:
    return gs.world.has(e, KnockedOut)


def can_wake(gs: GameState, e: int, attendant: int) -> bool:
    """CBA-26 ruling (1): a third character (neither the knocked-out one nor who knocked it out) attends to it."""
    k = gs.world.try_get(e, KnockedOut)
    return k is not None and attendant not in (e, k.by)


def wake(gs: GameState, e: int, attendant: int) -> None:
    """CBA-26 ruling (1): attended to with Curar / Reparar, it wakes whatever that check's result."""
    if can_wake(gs, e, attendant):
        gs.world.remove(e, KnockedOut)
        gs.world.emit("state_changed", "CBA-26", who=e, state="unconscious", value=False, by=attendant,
                      how="attended (GNA-5)")


def declare_surprise(gs: GameState, attacker: int, target: int) -> None:
    install(gs.world)
    gs.world.set(attacker, Surprise(target))
    gs.world.emit("surprise_declared", "CBA-11", who=attacker, target=target)


# --- systems ----------------------------------------------------------------------------------------------------
def install(world) -> None:
    """Register the lapses (idempotent): at the start of an activation the holds of that character end (CBA-25
    ruling 1) and holds whose holder is out of action or out of contact are dropped; at the end of an activation
    its declared surprise lapses (CBA-11 ruling 1)."""
    if getattr(world, "_holds_systems", False):
        return
    world._holds_systems = True
    world.add_system("start_of_activation", _start_of_activation)
    world.add_system("end_of_activation", _end_of_activation)


def _start_of_activation(world, gs: GameState, who: int, **_: Any) -> None:
    for e in list(world.query(Immobilised)):
        h = world.get(e, Immobilised)
        if h.holder == who:
            release(gs, e, "the holder's next activation")
        elif holder_of(gs, e) is None:
            release(gs, e, "the holder is out of action or out of contact")


def _end_of_activation(world, gs: GameState, who: int, **_: Any) -> None:
    if world.has(who, Surprise):
        world.remove(who, Surprise)
        world.emit("surprise_lapsed", "CBA-11", who=who)
