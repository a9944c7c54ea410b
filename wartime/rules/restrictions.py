"""Restrictions on an action that do not depend on its own legality (the actions digest pipeline, step 2):
reaction-only actions, panic (PSI-12), a forced charge after a critical CH LOC (PSI-7), no attack after a sprint
(MVA-3), PSI-13's stress cure, the trait hook point `action_restriction` (e.g. TRT-CHICKEN) and flight at level 3
(MOV-13). Each raises RuleViolation naming the rule; nothing changes."""
from __future__ import annotations

import math
from dataclasses import replace

from shapely.geometry import Point

from wartime.core.components import Compelled
from wartime.core.errors import RuleViolation
from wartime.rules import hiding, psychology, traits
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.flight import flight_restrictions
from wartime.rules.actions.params import CandidateSpace
from wartime.rules.energy import can_pay, price
from wartime.rules.reactions import MELEE_ATTACKS
from wartime.rules import holds, riding
from wartime.rules.state import GameState


def check(gs: GameState, turn: int, actor: int, action, key: str, params: dict | None = None, *,
          probe: bool = False) -> None:
    """Requirements that do not depend on the action's own legality (PSI-12, PSI-7, MVA-3, traits, MOV-13);
    `turn` is the current turn (MVA-3). `probe`: asked for the key alone (rules/options.py), with no parameters
    yet: a requirement on a parameter (PSI-7's charge target, PSI-13's cure) counts as one that some parameters
    may meet."""
    if action.reaction_only:
        hint = ("; in its own activation a character turns for free (MOV-5: the decision's `facing`)"
                if key == "pivot" else "")
        raise RuleViolation(action.rule, f"{key} is taken only as a reaction{hint}")
    if key == "heal" and not probe and (params or {}).get("cure") == "stress":
        t = (params or {}).get("target", actor)
        psychology.check_stress_cure(gs, actor, t if isinstance(t, int) else actor)     # PSI-13
    quick = kept_filter(gs, turn, actor)
    if quick is not None and quick(action):
        # issue 20: no actor-level restriction applies (`probe_filter`) and the action passes MVA-3 and the
        # actor's trait restrictions: only the target's remains (a refusal takes the full path below, which
        # raises the violation `check` always names)
        target = (params or {}).get("target")
        if not probe and isinstance(target, int) and target != actor and target in gs.minis():
            traits.restrict_targeting(gs, actor, action, target)      # target_restriction (TRT-ANONYMOUS)
        return
    eff = gs.effects(actor)
    psyche = gs.psyche(actor)
    # restrictions that do not depend on the action's own parameters
    if psyche.panic and key not in ("run", "disengage", "end"):
        raise RuleViolation("PSI-12", f"{gs.name(actor)} is panicking: it may only flee (Run, Correr; "
                            "Disengage, Destrabarse, first if engaged) or end its activation")
    if psyche.panic and key == "run" and gs.engaged(actor):
        raise RuleViolation("PSI-12", "a panicking engaged character must Disengage (Destrabarse) first")
    # PSI-7: the next action must be Cargar against the source (a charge at anyone else is not it)
    if psyche.forced_charge is not None and key != "end" and not (
            key == "charge" and (probe or (params or {}).get("target") == psyche.forced_charge)):
        check_forced_charge(gs, actor)
    if action.is_attack and eff.sprint_turn == turn:
        raise RuleViolation("MVA-3", f"{gs.name(actor)} sprinted this turn and cannot attack")
    compelled = gs.world.try_get(actor, Compelled)
    if compelled is not None:
        check_compelled(gs, actor, compelled, action, key, params, probe)
    traits.restrict_action(gs, actor, key)      # trait hook point action_restriction (TRT-CHICKEN)
    traits.restrict_movement(gs, actor, key)    # movement_restriction (TRT-BURDENED: no Correr, Esprintar)
    target = (params or {}).get("target")
    if not probe and isinstance(target, int) and target != actor and target in gs.minis():
        traits.restrict_targeting(gs, actor, action, target)      # target_restriction (TRT-ANONYMOUS)
    holds.check_held(gs, actor, action, key)    # CBA-25 ruling 2: immobilised, it may only break free
    hiding.check_tied(gs, actor, action, key)   # CBA-25 ruling 3 / GNA-6: tied, no moves, pivots or attacks
    flight_restrictions(gs, actor, action)      # MOV-13: flying at level 3
    riding.restrict(gs, actor, action, key)     # MVA-17 passengers, MOV-6 no character pivot, WND-4 disabled


def probe_filter(gs: GameState, turn: int, actor: int):
    """`check(..., probe=True)` of an own-activation action, made once per actor (rules/options.py asks it of
    every registered action each time it lists the offered keys): when none of the actor-level restrictions
    applies (no panic, PSI-12; no forced charge, PSI-7; no compulsion; not immobilised or tied, CBA-25; not at
    level 3, MOV-13; not aboard another's transport, MVA-17), the probe of an action reduces to MVA-3 (no attack
    after a sprint this turn), the actor's traits on ``action_restriction`` / ``action_ban`` /
    ``movement_restriction`` (TRT-CHICKEN, TRT-BURDENED, TRT-ANIMAL...: each handler a function of the state and
    the key, asked once per key) and, for a character riding its transport, `riding.restrict` (MOV-6, WND-4: a
    function of the state, the key and whether the action moves, asked once per key), and the returned predicate
    answers it; otherwise None (run `check` for each action). The same answers as `check`, without its per-action
    cost."""
    psyche = gs.psyche(actor)
    if psyche.panic or psyche.forced_charge is not None or gs.world.try_get(actor, Compelled) is not None:
        return None
    if holds.holder_of(gs, actor) is not None or hiding.tied(gs, actor):
        return None
    if gs.pos(actor).level == 3 or riding.carrier_of(gs, actor) is not None:
        return None
    rider = riding.rides(gs, actor)
    sprinted = gs.effects(actor).sprint_turn == turn
    if not rider and not traits.restricts_actions(gs, actor):
        return lambda action: not (sprinted and action.is_attack)
    refused: dict[str, bool] = {}

    def quick(action) -> bool:
        if sprinted and action.is_attack:
            return False
        key = action.key
        got = refused.get(key)
        if got is None:
            try:
                traits.restrict_action(gs, actor, key)       # action_restriction / action_ban (TRT-CHICKEN)
                traits.restrict_movement(gs, actor, key)     # movement_restriction (TRT-BURDENED)
                if rider:
                    riding.restrict(gs, actor, action, key)      # MOV-6, WND-4 (MVA-19: no character pivot)
                got = False
            except RuleViolation:
                got = True
            refused[key] = got
        return not got
    return quick


def kept_filter(gs: GameState, turn: int, actor: int):
    """`probe_filter` of `actor`, memoised per world version (issue 20: `check` asks it for every candidate the
    engine validates; what it reads ignores facings, so a dry run's free turn may share it)."""
    memo = gs._memo_table()
    key = ("probe_filter", actor, turn)
    if key in memo:
        return memo[key]
    got = memo[key] = probe_filter(gs, turn, actor)
    return got


def _legal(gs: GameState, actor: int, action, params: dict, facing: float | None) -> bool:
    """Whether `action` with `params` validates and can be paid now, after the free turn `facing` (MOV-5; put
    back exactly, as the engine's own check does). Changes nothing."""
    old = gs.pos(actor)
    version = gs.world.version
    if facing is not None:
        gs.world.set(actor, replace(old, facing=float(facing) % 360.0))
        gs.facing_only_change(version)
    try:
        prepared = action.validate(gs, actor, params)
        return can_pay(gs.energy(actor), price(gs, actor, action, params, prepared), reaction=action.ene_debt)
    except RuleViolation:
        return False
    finally:
        if facing is not None:
            gs.world.set(actor, old)
            gs.world.revert_version(version)


#: a 'melee' compulsion (TRT-CHALLENGER): a charge or a melee combat action (CBA-8..26, the melee attack with a
#: firearm too) at one of its targets
MELEE_COMPELLED = frozenset({"charge", "melee_attack_firearm"}) | MELEE_ATTACKS


def compelled_kind(action, key: str, mode: str) -> bool:
    """Whether action `key` is an attack of the compulsion's kind `mode` ('charge': Cargar; 'melee': Cargar or a
    melee combat action; 'ranged': a ranged attack)."""
    if mode == "charge":
        return key == "charge"
    if mode == "melee":
        return key in MELEE_COMPELLED
    return bool(getattr(action, "ranged", False))


def attackable(gs: GameState, actor: int, mode: str, among: tuple[int, ...] | None = None) -> frozenset[int]:
    """The characters (of `among`, default: any) a legal attack of kind `mode` ('charge': Cargar; 'melee': Cargar
    or a melee combat action; 'ranged': any ranged attack, CBA-1..4 and CBA-6) reaches now: the engine's own
    candidates of those actions, validated and priced as a decision would be (memoised per world version and
    facing); a candidate the engine surely refuses (`Candidate.surely_refused`) is not built (issue 20)."""
    memo = gs._memo_table()
    key = ("attackable", actor, mode, gs.pos(actor).facing, among)
    got = memo.get(key)
    if got is not None:
        return got
    keys = ("charge",) if mode == "charge" else tuple(k for k, a in REGISTRY.items()
                                                      if compelled_kind(a, k, mode) and not a.reaction_only)
    space = CandidateSpace(gs, actor)
    out: set[int] = set()
    for k in keys:
        action = REGISTRY[k]
        try:
            action.available(gs, actor)
        except RuleViolation:
            continue
        for c in action.candidates(gs, actor, space):
            if c.surely_refused():
                continue
            params = c.build()
            t = None if params is None else params.get("target")
            if isinstance(t, int) and t not in out and (among is None or t in among) \
                    and _legal(gs, actor, action, params, c.facing):
                out.add(t)
    got = memo[key] = frozenset(out)
    return got


def compelled_targets(gs: GameState, actor: int, c: Compelled) -> list[int]:
    """The targets of a trait's compulsion that a legal attack of its kind (a charge or a shot) reaches now."""
    reach = attackable(gs, actor, c.mode, tuple(c.targets))
    return [t for t in c.targets if t in reach]


def check_compelled(gs: GameState, actor: int, c: Compelled, action, key: str, params: dict | None,
                    probe: bool) -> None:
    """A trait's compulsion (components.Compelled; TRT-MURDEROUS-MADNESS, TRT-RADIANT, TRT-CHALLENGER): while one of
    its targets is within reach, an attack of its kind (a ranged attack, CBA-1..4 and CBA-6, Cargar, or Cargar or a
    melee combat action) must aim at one of
    them, and a `first_only` compulsion makes that attack the first action. Ending the activation stays allowed;
    once no target is within reach the compulsion has no effect."""
    if key == "end" or (c.first_only and gs.activation(actor).actions > 0) or gs.psyche(actor).panic:
        return                                  # panic beats a compulsion (G10, PSI-12)
    of_kind = compelled_kind(action, key, c.mode)
    if not of_kind and not c.first_only:
        return
    targets = compelled_targets(gs, actor, c)
    if not targets:
        return
    if of_kind and (probe or (params or {}).get("target") in targets):
        return
    names = " or ".join(gs.name(t) for t in targets)
    what = {"charge": "charge", "melee": "charge or attack in melee"}.get(c.mode, "shoot at")
    first = "first " if c.first_only else ""
    raise RuleViolation(c.rule, f"{gs.name(actor)} must {first}{what} {names} ({traits.display_name(c.rule)})")


def check_forced_charge(gs: GameState, actor: int) -> None:
    """PSI-7: after a critical CH LOC the next action must be Cargar against the source, if legal."""
    src = gs.psyche(actor).forced_charge
    if src is not None and gs.charge_in_reach(actor, src):   # if the charge is not legal the critical has no effect (cleared when it next acts)
        raise RuleViolation("PSI-7", f"{gs.name(actor)} must charge {gs.name(src)} (critical CH LOC)")


def check_flee(gs: GameState, actor: int, prep) -> None:
    """PSI-12: each Correr of a panicking character ends farther from the nearest enemy and closer to the
    nearest ally, the nearest blocks_los terrain piece, or its deployment zone."""
    start, end = prep.path[0], prep.path[-1]
    enemy = psychology.nearest_enemy(gs, actor)
    if enemy is not None:
        p = gs.pos(enemy)
        if math.hypot(end[0] - p.x, end[1] - p.y) <= math.hypot(start[0] - p.x, start[1] - p.y) + 1e-9:
            raise RuleViolation("PSI-12", "a fleeing character must end farther from the nearest enemy")
    refuges = []
    allies = gs.allies(actor)
    if allies:
        a = min(allies, key=lambda o: (gs.distance(actor, o), o))
        refuges.append(lambda x, y, a=a: math.hypot(x - gs.pos(a).x, y - gs.pos(a).y))
    los_pieces = [pc for pc in gs.board.pieces if pc.blocks_los]
    if los_pieces:
        near = min(los_pieces, key=lambda pc: (pc.polygon.distance(Point(start)), pc.id))
        refuges.append(lambda x, y, pc=near: pc.polygon.distance(Point(x, y)))
    zone = gs.deployment.get(gs.side(actor))
    if zone is not None:
        refuges.append(lambda x, y, z=zone: z.distance(Point(x, y)))
    if refuges and not any(f(*end) < f(*start) - 1e-9 for f in refuges):
        raise RuleViolation("PSI-12", "a fleeing character must end closer to an ally, cover or its "
                            "deployment zone")

