"""Corrector de puntería (TRT-AIM-CORRECTOR): the controller is asked whether it rerolls an area attack's dispersion.

Ruling (rules/traits/devices.py): the weapon's user (or the holder of an object carrying it) may reroll the
dispersion of its area attacks (ARE-9), once: the dice and the direction are rolled again and the second result
stands. The choice is the controller's: once the first dispersion is rolled, the attacker's side is asked, through
the probe run of rules/asking.py (shared with TRT-BODYGUARD and TRT-FORTUNE), whether it rerolls it. The question is
an ordinary `react` decision, `Pending("react", side, ("aim_reroll",), actor=attacker, window="aim_corrector")`:
declaring ``aim_reroll`` rerolls the dispersion, passing keeps it; the answer is recorded as any decision and a
replay applies it again. The question (world resource ``aim_corrector``) holds where the area was aimed and where it
landed, and whether the landing lost the aim (``aim_lost``: off the board, or the aimed point no longer covered).

Outside a probe run (a dry run, a direct call of the engine's action pipeline) nobody is asked and the engine takes
the plain rule it took before it asked: the dispersion is rerolled when it lost the aim. A match where no character
on the table carries the trait takes the plain path (no probe, nothing changes)."""
from __future__ import annotations

import sys
from dataclasses import dataclass

from wartime.core.components import Carried, Equipment, Gear, Identity, Life
from wartime.core.errors import RuleViolation
from wartime.rules import asking, traits
from wartime.rules.flow import Decision, Pending
from wartime.rules.state import GameState

AIM_CORRECTOR = "TRT-AIM-CORRECTOR"
#: the action key of the answer, the `Pending.window` of the question and its world resource
KEY = "aim_reroll"
WINDOW = RESOURCE = "aim_corrector"


@dataclass(frozen=True)
class AimQuestion:
    """A dispersion the attacker may reroll (the world resource ``aim_corrector``): `decision` the decision being
    applied (canonical JSON), `answers` the answers given so far in its run, `who` the attacker, `weapon` its weapon
    index, `area` the area code, `aimed` and `landed` the points (at `level`), `on_board` whether the landing is on
    the board, `lost` whether it lost the aim (the engine's plain rule would reroll it)."""
    decision: str
    answers: tuple[int, ...]
    who: int
    weapon: int
    area: str
    aimed: tuple[float, float]
    landed: tuple[float, float]
    on_board: bool
    lost: bool
    level: int = 0


class AimAsk(asking.Ask):
    """Raised at a dispersion whose reroll is not answered yet (caught by the probe run)."""

    def __init__(self, who: int, weapon: int, area: str, aimed, landed, on_board: bool, lost: bool, level: int):
        super().__init__("TRT-AIM-CORRECTOR: the attacker may reroll the dispersion")
        self.q = (who, weapon, area, tuple(aimed), tuple(landed), on_board, lost, level)

    def store(self, gs, decision: str, answers: tuple[int, ...]) -> None:
        gs.world.resources[RESOURCE] = q = AimQuestion(decision, answers, *self.q)
        gs.world.emit("aim_reroll_offered", AIM_CORRECTOR, who=q.who, area=q.area, aimed=list(q.aimed),
                      landed=list(q.landed), on_board=q.on_board, lost=q.lost)


def current(gs: GameState) -> AimQuestion | None:
    """The question waiting for an answer, or None."""
    return gs.world.resources.get(RESOURCE)


def _carries(gs: GameState, e: int) -> bool:
    if traits.scatter_reroll(None, gs, e) is not None:                   # a held object (ON_OBJECTS)
        return True
    return any(traits.scatter_reroll(w, gs, e) is not None for w in gs.equipment(e).weapons if w.area)


def in_play(gs: GameState) -> bool:
    """A question is waiting or some character on the table carries the trait (on an area weapon or a held object);
    asked at every decision: memoised per world version."""
    return asking.carried_in_play(gs, RESOURCE, _CARRIED, _carries, keep=_kept)


#: the memo key of `in_play`'s pass over the miniatures (per version, and in the kept table)
_CARRIED = "aim_corrector_carried"
#: what `_carries` and `on_table` read with no object in play (Gear: its held objects' traits): the weapons' traits
#: (Equipment), who is on the table (Life, Carried), the miniatures (Identity); issue 20
_READS = (Identity, Equipment, Life, Carried)
#: and with objects in play: the held objects' traits (`traits.scatter_reroll` of a held object: the objects, their
#: holders and switches, GNA-16 / CBA-21, and the holder's trait set a ``held_denied`` handler judges): the trait
#: sets' tables, kept with `gear=True` as the trait sets themselves are
_GEAR_READS = _READS + traits.CARRIER_TYPES


def _kept(gs: GameState) -> dict | None:
    if not gs.world.tables.get(Gear):
        return traits.stable_table(gs, "aim_corrector_carried", _READS)
    table = traits.stable_table(gs, "aim_corrector_carried_gear", _GEAR_READS, gear=True)
    if table is None or _CARRIED in table:
        return table
    # about to be filled: only while every trait set is kept (one on ``negates``, TRT-NEGATE, reads more than its
    # tables), asked once per stamp as `traits.hook_carriers` does, not at every world version
    return table if all(traits.traits_kept(gs, e) for e in gs.minis()) else None


def rerolls(gs: GameState, attacker: int, weapon: int, area: str, aimed, landed, on_board: bool,
            lost: bool, level: int = 0) -> bool:
    """TRT-AIM-CORRECTOR, after the first dispersion of `attacker`'s area attack: whether it is rerolled. Inside a
    probe run the controller's answer (asked now if not known yet); outside one the plain rule (`lost`)."""
    got = asking.answer(gs.world, lambda: AimAsk(attacker, weapon, area, aimed, landed, on_board, lost,
                                                            level))
    rr = lost if got is None else got == 1
    if got is not None:
        gs.world.emit("aim_reroll_answered", AIM_CORRECTOR, who=attacker, reroll=rr)
    return rr


def pending(gs: GameState, q: AimQuestion) -> Pending:
    return Pending("react", gs.side(q.who), (KEY,), actor=q.who, window=WINDOW)


def check_declared(gs: GameState, actor: int) -> AimQuestion:
    """TRT-AIM-CORRECTOR: `actor` is the attacker asked now; the question."""
    q = current(gs)
    if q is None or q.who != actor:
        raise RuleViolation(AIM_CORRECTOR, f"{gs.name(actor)} is not asked to reroll a dispersion now")
    return q


def check_answer(gs: GameState, actor: int, key: str) -> int:
    """TRT-AIM-CORRECTOR: the ENE (none) of `actor` rerolling with `key`; raises when it may not."""
    check_declared(gs, actor)
    if key != KEY:
        raise RuleViolation(AIM_CORRECTOR, f"only {KEY!r} (reroll the dispersion) or passing answers the question")
    return 0


def answer(engine, d: Decision, q: AimQuestion) -> tuple[int, ...]:
    """Decision `d` answers the waiting question `q` (rules/asking.py): the answers to replay its decision with
    (1: reroll, 0: keep the dispersion)."""
    gs = engine.gs
    if d.kind != "react" or d.side != gs.side(q.who):
        raise RuleViolation(AIM_CORRECTOR, f"the engine waits for {gs.side(q.who)}'s answer: does {gs.name(q.who)} "
                                           "reroll the dispersion?")
    if d.actor is not None and d.actor != q.who:
        raise RuleViolation(AIM_CORRECTOR, f"it is {gs.name(q.who)} that is asked, not {d.actor}")
    if d.action not in (None, KEY):
        raise RuleViolation(AIM_CORRECTOR, f"only {KEY!r} (reroll the dispersion) or passing answers the question")
    del gs.world.resources[RESOURCE]
    gs.world.bump_version()
    return q.answers + (1 if d.action == KEY else 0,)


asking.register_kind(sys.modules[__name__])   # its questions go through the probe run
