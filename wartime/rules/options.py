"""The legal options of a pending decision (ACT-1, ACT-5, REA-3): the engine says what is legal.

* `offered_actions` — the action keys a `Pending("action")` carries (`Pending.options`): every registered action
  that is not reaction-only and whose restrictions independent of its parameters pass (panic PSI-12, forced
  charge PSI-7, MVA-3, trait restrictions, MOV-13; rules/restrictions.py) and whose own requirements that need no
  parameter pass (`Action.available`: posture, engagement, once-per limits). A key may still have no legal choice
  of parameters (a boxed-in mover); `legal_options(key)` says which choices are legal.
* `legal_options` — for the pending decision ('action' or 'react'), the candidate parameter sets each action
  enumerates (rules/actions/params.py: discrete parameters in full, paths and aim points as a documented
  deterministic set), each validated by the very code that validates a submitted decision
  (`Engine.check_action`, `Engine.check_reaction`), duplicates dropped. Any other value a controller supplies
  is validated the same way when submitted.
* `action_menu` — every own-activation action with its first legal option or the RuleViolation that forbids it
  (the window greys these out and names the rule).

Controllers, the window and the tests read these; nobody outside rules/ keeps a list of action keys."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Iterator, Protocol

from wartime.core.errors import RuleViolation
from wartime.rules import restrictions
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.base import Action
from wartime.rules.actions.params import Candidate, CandidateSpace
from wartime.rules.energy import can_pay
from wartime.rules.flow import Decision, Flow, Pending
from wartime.rules.refusals import refuses_every_candidate
from wartime.rules.state import GameState
from wartime.rules.traits import registry as trait_hooks


class Engine(Protocol):
    """What the options ask of the engine (rules.sequence.Engine, which imports this module: a protocol, not an
    import, keeps the graph acyclic)."""
    gs: GameState

    @property
    def flow(self) -> Flow: ...

    @property
    def pending(self) -> Pending | None: ...

    def check_action(self, actor: int, key: str, params: dict, chain: bool, facing: float | None) -> int: ...

    def check_reaction(self, actor: int, key: str, params: dict) -> int: ...


@dataclass(frozen=True)
class Option:
    """A legal choice: action `key` with `params`, the free turn `facing` (MOV-5; None = none), its ENE `cost`
    and a short `label`. `decision(side, actor)` turns it into the `Decision` to submit."""
    key: str
    params: dict = field(default_factory=dict)
    facing: float | None = None
    cost: int = 0
    label: str = ""
    kind: str = "action"

    def decision(self, side: str, actor: int, *, chain: bool = False) -> Decision:
        if self.kind == "react":
            return Decision("react", side, actor=actor, action=self.key, params=dict(self.params))
        return Decision("action", side, actor=actor, action=self.key, params=dict(self.params), chain=chain,
                        facing=self.facing)


def own_activation_keys() -> tuple[str, ...]:
    """Every registered action a character may declare in its own activation, sorted (cached until the registry
    grows, like reactors.general_keys)."""
    keys = _own_cache.get(len(REGISTRY))
    if keys is None:
        keys = tuple(sorted(k for k, a in REGISTRY.items() if not a.reaction_only))
        _own_cache.clear()
        _own_cache[len(REGISTRY)] = keys
    return keys


_own_cache: dict[int, tuple[str, ...]] = {}


def menu_keys(gs: GameState, actor: int) -> tuple[str, ...]:
    """ACT-5 (issue 20): the own-activation keys (`own_activation_keys`, sorted) whose menu gate lets `actor` through
    (``Action.menu_gate``: a necessary condition of `available` read from the actor's trait set, equipment,
    metahabilities and transport): the keys `offered_actions` probes. Kept per actor while the tables the gates read
    and the registry are unchanged (`traits.menu_table`) and the actor's trait set is itself kept
    (`traits.traits_kept`); computed afresh otherwise. The same offered keys as probing every key
    (`tests/rules/test_menu_gates.py` compares them at every decision of games on the shipped scenarios)."""
    keys = own_activation_keys()
    table = trait_hooks.menu_table(gs)
    if table is not None:
        got = table.get(actor)
        if got is not None and got[0] is keys:
            return got[1]
    got = tuple(k for k in keys if REGISTRY[k].menu_gate(gs, actor))
    if table is not None and trait_hooks.traits_kept(gs, actor):
        table[actor] = (keys, got)
    return got


def _world_gated() -> tuple[tuple[str, ...], tuple[type, ...]]:
    """The own-activation keys that declare a world gate (``Action.world_gate``) and the union of the component
    types those gates read (cached until the registry grows)."""
    got = _world_cache.get(len(REGISTRY))
    if got is None:
        keys = tuple(k for k in own_activation_keys() if type(REGISTRY[k]).world_gate is not Action.world_gate)
        reads = []
        for k in keys:
            reads.extend(t for t in REGISTRY[k].world_reads if t not in reads)
        got = (keys, tuple(reads))
        _world_cache.clear()
        _world_cache[len(REGISTRY)] = got
    return got


_world_cache: dict[int, tuple[tuple[str, ...], tuple[type, ...]]] = {}


def world_shut(gs: GameState) -> frozenset[str]:
    """ACT-5 (issue 20): the own-activation keys whose world gate is shut (``Action.world_gate``: `available` refuses
    every character), e.g. no searchable element, nobody on fire, no water on the board. Kept while the tables the
    gates read (`traits.stable_table` over their `world_reads`), the board and the registry are unchanged; computed
    afresh otherwise (`tests/rules/test_world_gates.py` compares it with a fresh answer at every decision of games on
    the shipped scenarios, and each shut gate with `available` for every miniature)."""
    keys, reads = _world_gated()
    board = gs.board
    table = trait_hooks.stable_table(gs, "world_gates", reads, gear=True)
    if table is not None:
        got = table.get("shut")
        if got is not None and got[0] is keys and got[1] is board:
            return got[2]
    shut = frozenset(k for k in keys if not REGISTRY[k].world_gate(gs))
    if table is not None:
        table["shut"] = (keys, board, shut)
    return shut


def offered_actions(engine: Engine, actor: int) -> tuple[str, ...]:
    """The keys of `Pending("action").options` (see the module docstring), sorted; the keys whose menu gate is shut
    for `actor` (`menu_keys`) or whose world gate is shut for everyone (`world_shut`) are not probed: `available`
    would refuse them."""
    out = []
    gs, turn = engine.gs, engine.flow.turn
    quick = restrictions.kept_filter(gs, turn, actor)        # the per-actor part of the probe, once a version
    shut = world_shut(gs)
    for key in menu_keys(gs, actor):
        if key in shut:
            continue
        action = REGISTRY[key]
        if quick is None:
            try:
                restrictions.check(gs, turn, actor, action, key, None, probe=True)
            except RuleViolation:
                continue
        elif not quick(action):
            continue
        if action.refusal(gs, actor) is None:       # `available` without raising (issue 20)
            out.append(key)
    return tuple(out)


def candidates(engine: Engine, key: str, p: Pending | None = None, target: int | None = None) -> list[Candidate]:
    """The unvalidated candidates of `key` for the pending decision `p` (default: the engine's; 'action': the
    acting character; 'react': the reactor, against the acting character). [] if the key is unknown or nothing is
    pending. `target`: only the candidates drawn per enemy against that one (`CandidateSpace.only`; the others a
    key draws, not per enemy, are kept: a caller filters them)."""
    p = engine.pending if p is None else p
    action = REGISTRY.get(key)
    if p is None or action is None or p.kind not in ("action", "react"):
        return []
    space = CandidateSpace(engine.gs, p.actor, against=p.against, reaction=p.kind == "react", only=target)
    return list(action.candidates(engine.gs, p.actor, space))


def unaffordable(engine: Engine, key: str, p: Pending | None = None) -> bool:
    """ENE-1, ENE-4 (issue 20): True when no candidate of `key` can be legal for the pending 'action' decision `p`
    (default: the engine's) whatever its parameters, because even ENE-1's minimum price, 1 ENE, cannot be paid
    now: the key is an action (not free, no printed 0, no ENE debt) and no ENE pool of the actor pays for it
    (``ene_pool``). `Engine.check_action` would refuse every candidate (ENE-4, or an earlier violation), so a
    controller may skip building and validating them and keep its draws and order. False says nothing (a
    'react' decision, or an affordable key)."""
    p = engine.pending if p is None else p
    if p is None or p.kind != "action":
        return False
    action = REGISTRY.get(key)
    if action is None or action.free or action.zero_cost or action.ene_debt:
        return False
    gs = engine.gs
    if can_pay(gs.energy(p.actor), 1):
        return False
    return trait_hooks.ene_pool(gs, p.actor, key) <= 0


def validate_candidate(engine: Engine, c: Candidate, params: dict, p: Pending | None = None) -> int:
    """The ENE cost of the candidate if legal now for the pending decision `p` (default: the engine's); raises
    RuleViolation otherwise (no state change)."""
    p = engine.pending if p is None else p
    if p.kind == "react":
        return engine.check_reaction(p.actor, c.key, params)
    return engine.check_action(p.actor, c.key, params, False, c.facing)


def legal_options(engine: Engine, key: str | None = None, accept=None, target: int | None = None) -> Iterator[Option]:
    """The legal options of the pending 'action' or 'react' decision, for `key` or for every key the pending
    decision offers (in `Pending.options` order), each validated by the engine; lazily built. `accept`, if
    given, is a predicate on a candidate's parameters: candidates it rejects are skipped before validation (a
    controller that only wants, say, attacks on one target; the options it keeps are the same, in order).
    `target` (issue 20; with an `accept` that keeps only options whose ``target`` is it): the per-enemy
    candidates are drawn against that enemy alone (`candidates`), the same options in the same order without
    building the others."""
    p = engine.pending
    if p is None or p.kind not in ("action", "react"):
        return
    keys = [key] if key is not None else list(p.options)
    kind = p.kind
    for k in keys:
        if unaffordable(engine, k, p) or refuses_every_candidate(engine, k, p):
            continue                    # ENE-4, ACT-5: every candidate would be refused (no option, none built)
        seen: set[str] = set()
        for c in candidates(engine, k, p, target):
            if c.surely_refused():      # refused whatever it builds (a twin built later is refused as well)
                continue
            params = c.build()
            if params is None or (accept is not None and not accept(params)):
                continue
            sig = json.dumps([params, c.facing], sort_keys=True)
            if sig in seen:
                continue
            seen.add(sig)
            try:
                cost = validate_candidate(engine, c, params, p)
            except RuleViolation:
                continue
            yield Option(k, params, c.facing, cost, c.label, kind)


def first_violation(engine: Engine, key: str) -> tuple[Option | None, RuleViolation | None]:
    """The first legal option of `key` for the pending decision, or the violation that forbids it: a restriction
    independent of parameters first, else the first candidate's own violation (ACT-1 if it has no candidate)."""
    p = engine.pending
    if p is not None and p.kind == "action":
        try:
            restrictions.check(engine.gs, engine.flow.turn, p.actor, REGISTRY[key], key, None, probe=True)
            REGISTRY[key].available(engine.gs, p.actor)
        except RuleViolation as exc:
            return None, exc
    first: RuleViolation | None = None
    for c in candidates(engine, key, p):
        params = c.build()
        if params is None:
            continue
        try:
            cost = validate_candidate(engine, c, params, p)
        except RuleViolation as exc:
            first = first or exc
            continue
        return Option(key, params, c.facing, cost, c.label, p.kind), None
    return None, first or RuleViolation(REGISTRY[key].rule if key in REGISTRY else "ACT-1",
                                        f"{key}: no legal choice now")


def action_menu(engine: Engine) -> list[tuple[str, Option | None, RuleViolation | None]]:
    """For the pending 'action' (or 'react') decision: every key it could take, each with its first legal option
    or the violation that forbids it."""
    p = engine.pending
    if p is None or p.kind not in ("action", "react"):
        return []
    keys = own_activation_keys() if p.kind == "action" else p.options
    return [(k, *first_violation(engine, k)) for k in keys]
