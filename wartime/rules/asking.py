"""Questions asked in the middle of a decision's resolution: the probe run (TRT-BODYGUARD, TRT-FORTUNE).

A decision is applied by one synchronous call, but some traits let a side choose in the middle of it (a bodyguard
takes an ally's hit, Fortune cancels a die). The engine answers a decision by a *probe run* (`submit`): when such a
question may be asked (a kind's ``in_play``), the decision is applied with the world's listeners held back; a rule
that needs an answer calls `answer`, which raises its kind's `Ask` when the answer is not known yet; the world is
then put back exactly as before the decision (components, resources, dice, events) and the `Ask` stores the
question as a world resource (snapshots and saves keep it) with the decision and the answers given so far. Answered
(the kind's ``answer``), the same decision is applied again from the same state: the dice give the same results,
so the same questions come in the same order, and the answers are used in order (one sequence shared by every kind
of question). When a run asks nothing, its events reach the listeners, each with the world as it was when that
event was emitted (`deliver`).

A kind of question is a module registered with `register_kind`: ``in_play(gs)`` (a question waits or may come: a
match where it is False for every kind takes the plain path, no probe), ``current(gs)`` (the waiting question or
None), ``pending(gs, q)`` (its decision), ``check_answer(gs, actor, key)`` (a controller's dry run: the ENE of the
answer, raises when it may not be given) and ``answer(engine, d, q)`` (validate the decision `d` answering `q`,
clear or update the question; return the answers to replay the question's decision with, or None when the
question was updated in place)."""
from __future__ import annotations

import json
import weakref
from typing import Any, Callable


class Ask(Exception):
    """Raised inside a probe run at a question whose answer is not known yet (caught by `probe`)."""

    def store(self, gs, decision: str, answers: tuple[int, ...]) -> None:
        """Keep the question as a world resource (the world is already put back) and emit its offer event."""
        raise NotImplementedError


class Run:
    """The probe run in progress on a world: the answers to use, how many were used, its game state."""
    __slots__ = ("answers", "used", "gs")

    def __init__(self, answers: tuple[int, ...], gs):
        self.answers, self.used, self.gs = answers, 0, gs


#: the probe run in progress per world (not game state: only during `submit`)
_RUNS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
#: the registered kinds of question, in registration order
KINDS: list[Any] = []
#: hooks called by rules.checks.roll_check for every check rolled inside a probe run:
#: ``hook(gs, who, result, event_data, reroll) -> CheckResult`` (TRT-FORTUNE); ``reroll(**data)`` rolls the same
#: check again
CHECK_HOOKS: list[Callable[..., Any]] = []


#: hooks called by rules.checks.percent inside a probe run for a percentage roll of a character's own that went
#: against it: ``hook(gs, who, die, chance, reason) -> bool`` (True: the die is cancelled and rolled again;
#: TRT-FORTUNE)
DIE_HOOKS: list[Callable[..., Any]] = []


def register_kind(kind) -> None:
    if kind not in KINDS:
        KINDS.append(kind)


def run_of(world) -> Run | None:
    """The probe run in progress on `world`, or None (a dry run, a direct call, a match without questions)."""
    return _RUNS.get(world)


def answer(world, ask: Callable[[], Ask]) -> int | None:
    """The next answer of the probe run in progress: None outside a run (nobody is asked: the caller takes its
    default); raises ``ask()`` when the answers given so far are used up."""
    run = _RUNS.get(world)
    if run is None:
        return None
    if run.used >= len(run.answers):
        raise ask()
    run.used += 1
    return run.answers[run.used - 1]


def in_play(gs) -> bool:
    return any(k.in_play(gs) for k in KINDS)


def waiting(gs):
    """(kind, question) of the question waiting for an answer, or None."""
    for k in KINDS:
        q = k.current(gs)
        if q is not None:
            return k, q
    return None


def submit(engine, d) -> None:
    """Apply decision `d` (or answer the waiting question with it) through a probe run (module docstring)."""
    w = waiting(engine.gs)
    if w is None:
        probe(engine, d, ())
        return
    kind, q = w
    answers = kind.answer(engine, d, q)
    if answers is not None:
        probe(engine, type(d).from_json(json.loads(q.decision)), answers)


def probe(engine, d, answers: tuple[int, ...]) -> None:
    """Apply `d` with `answers` for its questions; at an unanswered question put the world back and store it."""
    gs = engine.gs
    world = gs.world
    snap = world.snapshot()
    listeners, held = world.listeners, []
    if listeners:           # each event with the world as it was emitted, for `deliver`
        world.listeners = [lambda ev: held.append((ev, world.snapshot()))]
    else:
        world.listeners = []
    _RUNS[world] = Run(answers, gs)
    try:
        engine._submit(d)
    except Ask as ask:
        world.listeners = listeners
        world.restore(snap)
        ask.store(gs, json.dumps(d.to_json(), sort_keys=True), answers)
        return
    finally:
        _RUNS.pop(world, None)
        world.listeners = listeners
    deliver(world, held)


def deliver(world, held: list) -> None:
    """The events of a run that asked nothing reach the listeners, in order, each with the world put back as it was
    when it was emitted (its tables, resources, dice and the log up to it), as a run without the probe gives them:
    a listener that reads the world at an event (the window's frames, a replay's seek, an invariant check) sees the
    state of that moment, not the decision's end. The world is then put back at the end of the run, at the same
    version (its state is the one that version named)."""
    if not held:
        return
    end, events, version = world.snapshot(), list(world.events), world.version
    try:
        for ev, at in held:
            world.restore(at)
            world.events.extend(events[len(world.events):at.n_events])
            for listener in world.listeners:
                listener(ev)
    finally:
        world.restore(end)
        world.events.extend(events[len(world.events):])
        world.revert_version(version)


def carried_in_play(gs, resource: str, memo_key: str, carries: Callable[[Any, int], bool], *,
                    among: Callable[[Any], Any] | None = None, keep: Callable[[Any], dict | None] | None = None
                    ) -> bool:
    """Whether a kind of question may come up (the plain path otherwise): one is waiting (its `resource` is in the
    world's resources) or some character on the table `carries` its trait. Asked at every decision of every match,
    so the pass over the miniatures is memoised per world version under `memo_key` (TRT-FORTUNE,
    TRT-AIM-CORRECTOR). Issue 20: `among(gs)` names the only miniatures that may carry it (default: all);
    `keep(gs)`, a table kept while what `carries` and `on_table` read is unchanged (`traits.stable_table`; None:
    none now), keeps the pass across world versions."""
    if resource in gs.world.resources:
        return True
    memo = gs._memo_table()
    got = memo.get(memo_key)
    if got is None:
        kept = None if keep is None else keep(gs)
        got = None if kept is None else kept.get(memo_key)
        if got is None:
            who = gs.minis() if among is None else among(gs)
            got = any(carries(gs, e) for e in who if gs.on_table(e))
            if kept is not None:
                kept[memo_key] = got
        memo[memo_key] = got
    return got
