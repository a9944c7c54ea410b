"""Who may react in a reaction window and with what (REA-1..3, REA-5, REA-8, PSI-12, CBA-13, CBA-17): the action
keys a window offers a candidate and the survey of a window (triggers by sight and noise, and why everyone else may
not react). Above rules.actions: a reaction is any registered action (REA-1); the facts it asks (sight, noise,
energy, panic) are rules.reactions and rules.psychology."""
from __future__ import annotations

from dataclasses import dataclass

from wartime.core.components import Possessed
from wartime.rules import traits
from wartime.rules.actions import REGISTRY
from wartime.rules.reactions import (BY_NOISE, BY_SENSE, BY_SIGHT, COUNTERABLE, MELEE_ATTACKS, NOT_ABLE, NOT_ENOUGH_ENERGY,
                                     OWN_ACTIVATION_ONLY, PANICKED, Window, enemies_in_order, hearers,
                                     sight_reason)
from wartime.rules.state import GameState
from wartime.rules.traits.combat_feats import EXTRA_KEYS, extra_asked

# --- options (REA-1, REA-4, ACT-4, PSI-12) --------------------------------------------------------------------
_general_cache: dict[int, tuple[str, ...]] = {}


def general_keys() -> tuple[str, ...]:
    """REA-1: a reaction is any action the character could legally take: every registered action but the free
    ones (not actions), the reaction-only ones (listed apart) and those taken only in the own activation."""
    keys = _general_cache.get(len(REGISTRY))
    if keys is None:
        keys = tuple(sorted(k for k, a in REGISTRY.items() if not a.free and not a.reaction_only
                            and not a.trait_gated and k not in OWN_ACTIVATION_ONLY))
        _general_cache.clear()
        _general_cache[len(REGISTRY)] = keys
    return keys


def window_options(gs: GameState, w: Window, e: int) -> tuple[str, ...]:
    """The action keys `e` may try in window `w` (each still validated on declaration):
    - declaration window: any action as an early reaction (REA-4), Pivotar (MVA-19), Huir (CBA-24),
      Esquivar en CaC if it is the target of a melee attack (CBA-17), Contracarga if it is the target of a
      Cargar (CBA-13); inside a chain only the reactions with their own timing (ACT-4);
    - after-action window: any action, and Pivotar;
    - a panicking character: only Huir, in a declaration window (REA-1, PSI-12).
    Memoised per world version, `e`'s facing (the trait gates' key, `open_gated_keys`) and the window's kind
    (issue 20: the survey, `_may_react`, `_next_candidate`, `pending` and every reaction validated ask it;
    tests/rules/test_pending_memo.py compares it with `_window_options` at every decision)."""
    memo = gs._memo_table()
    key = ("window_options", e, gs.pos(e).facing, w.timing, w.chained, w.action, w.target, len(REGISTRY))
    got = memo.get(key)
    if got is None:
        got = memo[key] = _window_options(gs, w, e)
    return got


def _panicked_reactions(gs: GameState, e: int) -> tuple[str, ...]:
    """PSI-12 / REA-1: a panicking character reacts only with Huir (CBA-24), and only while Huir's own requirements
    (`Flee.available`: not engaged, CBA-24; not prone, MVA-5) accept it; otherwise it cannot react at all."""
    return ("flee",) if REGISTRY["flee"].refusal(gs, e) is None else ()


def _window_options(gs: GameState, w: Window, e: int) -> tuple[str, ...]:
    """`window_options` computed afresh."""
    if extra_asked(gs, e):
        return EXTRA_KEYS                       # TRT-VETERAN-CRY: asked for its extra attack, nothing else
    if gs.psyche(e).panic:
        return _panicked_reactions(gs, e) if w.timing == "declaration" else ()
    general = general_keys()
    key = (w.timing, w.chained, w.action in MELEE_ATTACKS and w.target == e, w.action == "charge" and w.target == e,
           general, w.action in COUNTERABLE)
    got = _options_cache.get(key)
    if got is None:
        got = _options_cache[key] = _window_keys(w, key, general)
    if got and (w.timing != "declaration" or not w.chained):
        gated = open_gated_keys(gs, e)
        if gated:
            got = tuple(sorted(set(got) | set(gated)))
    return got


def gated_keys() -> tuple[str, ...]:
    """The general reactions only a trait's carriers can take (``Action.trait_gated``), sorted."""
    keys = _gated_cache.get(len(REGISTRY))
    if keys is None:
        keys = tuple(sorted(k for k, a in REGISTRY.items() if a.trait_gated and not a.free and not a.reaction_only
                            and k not in OWN_ACTIVATION_ONLY))
        _gated_cache.clear()
        _gated_cache[len(REGISTRY)] = keys
    return keys


_gated_cache: dict[int, tuple[str, ...]] = {}


def open_gated_keys(gs: GameState, e: int) -> tuple[str, ...]:
    """The trait-gated keys whose gate `e` passes now (`_gate_open`), memoised per world version and its facing
    (issue 20: every window asks it of each candidate several times; each gate asks `Action.refusal`). Only the keys
    whose gate may open (`possible_gated_keys`, kept across versions) are asked: most characters have none."""
    possible = possible_gated_keys(gs, e)
    if not possible:
        return ()
    memo = gs._memo_table()
    key = ("gated", e, gs.pos(e).facing, possible)
    got = memo.get(key)
    if got is None:
        got = memo[key] = tuple(k for k in possible if _gate_open(gs, e, k))
    return got


def possible_gated_keys(gs: GameState, e: int) -> tuple[str, ...]:
    """REA-1 (issue 20): the trait-gated keys (`gated_keys` order) whose gate `e` may pass: those whose
    ``Action.gate_possible`` holds, a necessary condition of `_gate_open` read from the component tables the actions
    name (``gate_reads``), so the answer is kept across world versions while those tables are unchanged
    (`traits.stable_table`; tests/rules/test_gated_keys_kept.py compares it with every gate asked afresh)."""
    keys = gated_keys()
    kept = traits.stable_table(gs, "gated_possible", _gate_reads(keys), gear=True)
    got = None if kept is None else kept.get((e, keys))
    if got is None:
        got = tuple(k for k in keys if REGISTRY[k].gate_possible(gs, e))
        if kept is not None:
            kept[(e, keys)] = got
    return got


def _gate_reads(keys: tuple[str, ...]) -> tuple[type, ...]:
    """The component types the gates of `keys` (`gated_keys`) read (``Action.gate_reads``), each once, in first-named
    order; kept per registry size like `gated_keys`."""
    got = _READS_CACHE.get(len(REGISTRY))
    if got is None or got[0] != keys:
        reads: list[type] = []
        for k in keys:
            reads += [t for t in REGISTRY[k].gate_reads if t not in reads]
        _READS_CACHE.clear()
        got = _READS_CACHE[len(REGISTRY)] = (keys, tuple(reads))
    return got[1]


_READS_CACHE: dict[int, tuple[tuple[str, ...], tuple[type, ...]]] = {}


def _gate_open(gs: GameState, e: int, k: str) -> bool:
    """Whether `e` carries what a trait-gated action needs (its `available`, REA-1: any action it could take)."""
    return REGISTRY[k].refusal(gs, e) is None           # `available` without raising (issue 20)


def _window_keys(w: Window, key: tuple, general: tuple[str, ...]) -> tuple[str, ...]:
    """The keys of a window of `w`'s kind (``window_options``' cache key `key`), before trait-gated ones."""
    keys: list[str] = []
    if w.timing == "declaration":
        if not w.chained:
            keys += general
            keys.append("pivot")
        keys.append("flee")
        if key[2]:
            keys.append("dodge")
        if key[3]:
            keys.append("counter_charge")
        if key[5]:
            keys.append("counter_magic")            # CBA-20 (its validate checks the rest)
    else:
        keys += general
        keys.append("pivot")
    return tuple(sorted(set(keys)))


_options_cache: dict[tuple, tuple[str, ...]] = {}


def possessed_reason(gs: GameState, e: int) -> str | None:
    """CBA-21 ruling (2): a possessed character takes no reactions (for either side)."""
    return "CBA-21 (possessed)" if gs.world.has(e, Possessed) else None


# --- the survey of a window (REA-1..3, REA-5, REA-8) ---------------------------------------------------------
@dataclass
class Survey:
    queue: list[int]
    triggers: list[tuple[int, str]]
    excluded: list[tuple[int, str]]


def survey(gs: GameState, w: Window, order: tuple[str, ...], track: list[tuple[float, float]], *,
           noise: float = 0.0, heard_now: set[int] | None = None, seen_before: tuple[int, ...] = (),
           heard_before: tuple[int, ...] = (), memo: dict | None = None) -> Survey:
    """Who may react in window `w`, in order, and why everyone else may not.

    Triggers (REA-1, REA-8): the actor seen at some point of `track` (or
    during an earlier action of its chain, ACT-4: `seen_before`); in the after-action window, its noise heard
    (`heard_now`, the listeners the action's `noise` events name, else computed from its `noise` K; or earlier
    in the chain: `heard_before`). Then: able to act, not facing an actor that cancels ENE (TRT-NEGATE: the others'
    ENE counts 0 for a reaction to it), ENE above −10 (REA-2), and
    some reaction this window allows (a panicking character only Huir, PSI-12). Bullet time (REA-5) waives
    the CH VOL, not these requirements: a reactor in bullet time is a candidate by sight or noise like any
    other."""
    s = Survey([], [], [])
    pending: list[int] = []
    reasons: dict[int, str] = {}
    enemies = enemies_in_order(gs, w.actor, order)
    unpaid = traits.cancels(gs, w.actor, "ENE")         # TRT-NEGATE (ENE): no reaction to the bearer's actions
    for e in enemies:
        if not gs.able(e):
            reasons[e] = NOT_ABLE
            continue
        if unpaid:
            reasons[e] = "cannot react (TRT-NEGATE)"
            continue
        if gs.energy(e) - 1 < -10:
            reasons[e] = NOT_ENOUGH_ENERGY       # REA-2: no reaction is possible anyway (no need to look)
            continue
        if gs.psyche(e).panic and w.timing == "after":
            reasons[e] = PANICKED                # REA-1 / PSI-12: Huir only, and only in a declaration window
            continue
        barred = traits.reactions_barred(gs, e) or possessed_reason(gs, e)  # hook no_reactions (TRT-MAGIC-CALM)
        if barred is not None:
            reasons[e] = f"cannot react ({barred})"
            continue
        if e in seen_before:
            reasons[e] = BY_SIGHT
        else:
            reasons[e] = sight_reason(gs, e, w.actor, track, memo)
        pending.append(e)
    if w.timing == "after":
        deaf = [e for e in pending if reasons[e] != BY_SIGHT]
        if heard_now is not None:
            heard = {e for e in deaf if e in heard_before or e in heard_now}
        else:
            heard = {e for e in deaf if e in heard_before} | hearers(gs, w.actor, noise,
                                                                    [e for e in deaf if e not in heard_before])
        for e in heard:
            reasons[e] = BY_NOISE
    for e in pending:
        if reasons[e] not in (BY_SIGHT, BY_NOISE) and traits.senses(gs, e, w.actor, w.action, track) is not None:
            reasons[e] = BY_SENSE                # TRT-SPIDER-SENSE: a hidden or silent actor within its VOL K
    for e in enemies:
        why = reasons.get(e)
        if why is None:
            continue
        if why not in (BY_SIGHT, BY_NOISE, BY_SENSE):
            s.excluded.append((e, why))
        elif not window_options(gs, w, e):
            s.excluded.append((e, PANICKED if gs.psyche(e).panic else NOT_ABLE))
        else:
            s.queue.append(e)
            s.triggers.append((e, why))
    return s
