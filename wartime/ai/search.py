"""The search controller: plans with the engine itself (issue 15, point 2).

Algorithm — a one-step, depth-limited expectimax over the pending action (rollout policy improvement over the
scripted AI), chance sampled with determinised dice:

* What is searched: a pending 'action' of an acting character that is not panicked (PSI-12) and not taking a
  free action (a CMB-15 follow-up, a GNA-9 discovery roll). Every other decision — deployment, initiative,
  reactions, PSI-8 maluses and, unless `activations=True`, which character activates — is the scripted AI's
  (`ScriptedController`): those are cheap, many (reactions: 100-500 a game) or, measured, not improved.
* Candidates: the scripted AI's own choice first (the prior), then the alternatives built from the engine's
  legal options (`Engine.legal_options` of the offered attack keys, chosen by action metadata, never by a list of
  keys): the best legal ranged attack on each enemy in sight, the best legal melee attack on each engaged enemy
  (by expected wounds + 2 × incapacitation chance per ENE, the scripted AI's own measure), and the scripted
  AI's charge (`_best_charge`). With `moves=True` also its close-in, pull-back, advance, heal, guard and ending
  the activation. Duplicates dropped, at most `max_candidates`, each checked by `Engine.check_action`.
* Focus fire (`focus`, on): the first candidate — the incumbent the others must beat — is the legal attack worth
  most points per ENE (`_focused`: the target's expected wounds at ½ its cost / CON, its chance to go out of action
  at ½ its cost + `threat_weight` × `mini_threat`) when it beats the scripted choice's by `focus_margin`; the
  scripted choice is then an alternative. Only when the scripted choice is one of those single-target attacks.
* Chance nodes, determinised: rollout i of decision n sets the world's dice to the state of
  `Dice(derive_seed(seed, f"search:{n}:{i}"))` before the candidate is submitted — the same for every candidate
  (common random numbers: candidates are compared on the same dice, and compared in pairs).
* A rollout: restore the root snapshot (`World.snapshot` / `restore`), submit the candidate to the engine, let the
  scripted AI answer everything that follows (the enemy's reactions to it, both sides) until the acting character
  is asked for its next action (`follow_actions` = 0, the default; n lets it play n more actions of the
  activation), the activation ends (`horizon` = 1; 2 adds the next activation), the game ends, or
  `max_rollout_decisions`.
* The leaf evaluation, from the searching side's view, in points over the points of both lists: enemy losses
  minus own (a miniature out of action its cost; a wounded one ½ cost × wounds / CON; a panicked one 0.1 cost;
  prisoners taken in a 'prisoners' scenario count again; a won / lost game ± everything) minus `threat_weight`
  × what the enemy threatens next plus `threat_weight × own_threat` × what the searching side threatens
  (`threat`: each able miniature's best single attack where it stands, by the exact odds). The threat term is
  what lets a one-action horizon tell a kill of the enemy's most dangerous shooter from a wound on a harmless one.
* The choice (`_choose`): the scripted choice unless an alternative's rollouts, paired with the scripted
  choice's on the same dice, beat them on average by more than `margin` and by more than `z` standard errors of
  the paired differences. With a handful of rollouts a single die decides a shot, so without that guard the
  maximum over noisy means picks alternatives that only got lucky dice (in small trials, 16-48 games, that
  version did worse than the scripted AI); with it the search deviates rarely, where the evidence is consistent.
* Whole-activation plans (`plan`, off by default): the scripted AI's weaknesses are positioning and movement,
  which a one-action horizon cannot judge (moving raises the enemy's threat before it pays). With `plan=True`,
  at an activation's first action of a free character (not engaged, not panicked, not a follow-up or a free
  action) the candidates are the first steps of whole-activation plans (`_plans`): the scripted choice, the
  focused attack and the best shot (hold and shoot), the scripted charge, close-in, advance (to its spot with a
  shot, in cover first), pull-back and guard / end, at most `plan_candidates` (4). Each is rolled out with the
  scripted AI playing the rest of the activation AND the enemy's answers to the end of its next activation
  (`plan_horizon` = 2 activations; 1 stops at the end of the own activation): the enemy IS the scripted AI, so
  these rollouts model it exactly except for the dice (and its prior's seed). `plan_iterations` (8) rollouts are
  shared among the candidates and compared as below; only the chosen plan's first step is played (its later
  actions are searched shallowly, or left to the scripted AI). Measured: see the README (a deep rollout costs
  ~40-100 ms of CPU, so a plan decision takes 0.3-1 s: over the 100 ms target).
* Cheaper plans (session 17, all off by default; measured in the README): `plan_decisions` caps a deep rollout at
  that many decisions (a deterministic cost bound: the leaf is evaluated where it stops); `plan_moves_only` plans
  only where the scripted AI would not attack (positioning), leaving attacks to the shallow search; `plan_follow`
  leaves a free character's later actions in the activation to the scripted AI, as the plan's playouts assumed (one
  search an activation instead of one an action); `shallow=False` searches nothing but plans; `plan_wait` also
  offers Esperar (GNA-10: let the enemy move first). `by_count` makes the evaluation count casualties as a victory
  decided at the turn limit does (SEQ-1 'fewer_casualties', 'prisoners', an 'objective' never held: the number of
  casualties first, then the points): each miniature weighs the lists' mean cost (nine tenths) plus a tenth of
  its own.
* Budget: `iterations` rollouts per searched decision (default 12, deterministic), shared evenly among the
  candidates (at least one each); `time_budget_ms` additionally stops sampling once that much wall time is spent
  — the choice then depends on the machine's speed: not deterministic, off by default.

Why not MCTS over whole turns: a scripted decision costs 2-4 ms and the engine ~1.5 ms a submitted action, so
100 ms buys ~20 short rollouts; spent on deep trees they would sample each branch once or twice. A horizon of the
whole activation costs ~17 ms a rollout (p90 67 ms), one through the next enemy activation ~60 ms (median,
skirmish / ruins / crossroads states): 2-5 rollouts a decision, and small trials of those settings did not beat
the scripted AI. Letting the search also move (`moves=True`) made it passive: with a one-action horizon, moving
towards the enemy raises the enemy's threat more than it gains, so it ended activations instead (seen in trials).

Exactness: the search runs on the match's own world with its listeners detached (nothing is recorded) and
submits to `match.engine` directly (never `match.submit`); afterwards the world is restored to the root snapshot
(tables, resources, dice state, event log), its version reverted (the state is again that version's: caches keyed
on it stay valid, rollout versions are never reused) and the listeners put back, so the game goes on exactly as
if no search had happened. The controller keeps no state between decisions: its randomness is a pure function of
(seed, number of decisions the match has recorded), so a resumed or replayed game is the same; its two scripted
policies (prior and rollouts) keep nothing but their seed."""
from __future__ import annotations

import json
import math
import time

from wartime.ai.candidates import action, by_rule, end_key, legal_cost, offered, options_of
from wartime.ai.scripted import ScriptedController
from wartime.core.components import Identity
from wartime.core.errors import RuleViolation
from wartime.core.rng import Dice, derive_seed
from wartime.rules import holds, traits
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.combat import charge_allowance
from wartime.rules.combat import Cover
from wartime.rules.odds import attack_odds
from wartime.rules.sequence import Decision, Pending


class SearchController:
    kind = "search"

    def __init__(self, seed: int = 0, iterations: int = 12, time_budget_ms: float | None = None, *,
                 max_candidates: int = 6, horizon: int = 1, follow_actions: int = 0, max_rollout_decisions: int = 60,
                 margin: float = 0.01, threat_weight: float = 0.5, own_threat: float = 0.5,
                 moves: bool = False, activations: bool = False, z: float = 1.0, focus: bool = True,
                 focus_margin: float = 0.1, plan: bool = False, plan_iterations: int = 8,
                 plan_candidates: int = 4, plan_horizon: int = 2, plan_decisions: int | None = None,
                 plan_moves_only: bool = False, plan_wait: bool = False, by_count: bool = False,
                 shallow: bool = True, plan_follow: bool = False):
        self.seed = int(seed)
        self.iterations = int(iterations)
        self.time_budget_ms = time_budget_ms
        self.max_candidates = int(max_candidates)
        self.horizon = int(horizon)
        self.follow_actions = int(follow_actions)
        self.max_rollout_decisions = int(max_rollout_decisions)
        self.margin = float(margin)
        self.threat_weight = float(threat_weight)
        self.own_threat = float(own_threat)
        #: also offer the scripted AI's movement and ending alternatives (off by default: see the docstring)
        self.moves = bool(moves)
        #: also search which character to activate (SEQ-5): each eligible one, scored the same way
        self.activations = bool(activations)
        #: standard errors by which an alternative's paired gain must exceed 0 (noise control)
        self.z = float(z)
        #: the incumbent attack is the one worth most points per ENE (`_focused`), not the scripted choice
        self.focus = bool(focus)
        self.focus_margin = float(focus_margin)
        self._focus: dict[str, tuple[float, Decision]] = {}
        #: at an activation's first action, compare whole-activation plans by deep rollouts (`_plans`)
        self.plan = bool(plan)
        self.plan_iterations = int(plan_iterations)
        self.plan_candidates = int(plan_candidates)
        self.plan_horizon = int(plan_horizon)
        #: a deep rollout stops after this many decisions (deterministic cost bound; None: max_rollout_decisions)
        self.plan_decisions = None if plan_decisions is None else int(plan_decisions)
        #: plans only where the scripted AI positions (its choice is not an attack): attacks are searched shallowly
        self.plan_moves_only = bool(plan_moves_only)
        #: also offer Esperar (GNA-10) as a plan: let the enemy move first
        self.plan_wait = bool(plan_wait)
        #: the evaluation counts casualties as the victory does (`evaluate`'s `by_count`)
        self.by_count = bool(by_count)
        #: search the decisions plans do not take (an activation's later actions, attacks) one action deep
        self.shallow = bool(shallow)
        #: with `plan`: a free character's later actions follow the scripted AI, as its plan's playouts assumed
        #: (no shallow search there; engaged characters' attacks are still searched)
        self.plan_follow = bool(plan_follow)
        #: the prior and candidate generator (stateless: only its seed)
        self.scripted = ScriptedController(derive_seed(self.seed, "prior"))
        #: the rollout policy, both sides (stateless: only its seed)
        self.rollout_policy = ScriptedController(derive_seed(self.seed, "rollout"))
        #: statistics of the last searched decision (for tests and benchmarks; never read by the search)
        self.last_stats: dict = {}
        self._calls = 0

    # --- the decision interface ------------------------------------------------------------------------------
    def decide(self, match, p: Pending) -> Decision:
        n = self._decision_index(match)
        prior = self.scripted.decide(match, p)
        if p.kind == "activate" and self.activations and len(p.options) > 1:
            cands = [prior] + [Decision("activate", p.side, choice=e) for e in p.options
                               if e != prior.choice][:self.max_candidates - 1]
            return self._search(match, p, cands, n)
        if p.kind != "action":
            return prior
        if self.plan and match.gs.activation(p.actor).actions == 0 and not (
                self.plan_moves_only and _is_attack(prior)):
            cands = self._plans(match, p, prior)
            if len(cands) >= 2:
                return self._search(match, p, cands, n, deep=True)
        follows = self.plan and self.plan_follow and match.gs.activation(p.actor).actions > 0 and \
            not match.gs.engaged(p.actor)
        cands = self.candidates(match, p, prior) if self.shallow and not follows else [prior]
        if len(cands) < 2:
            self.last_stats = {"candidates": len(cands), "rollouts": 0}
            return prior
        return self._search(match, p, cands, n)

    def _decision_index(self, match) -> int:
        decisions = getattr(match, "decisions", None)
        n = len(decisions) if decisions is not None else self._calls
        self._calls += 1
        return n

    # --- candidates ------------------------------------------------------------------------------------------
    def candidates(self, match, p: Pending, prior: Decision) -> list[Decision]:
        """The scripted choice first, then the alternatives (engine-validated, no duplicates), at most
        `max_candidates`."""
        gs, engine = match.gs, match.engine
        e = p.actor
        s = self.scripted
        if gs.psyche(e).panic or gs.effects(e).followup:
            return [prior]                               # PSI-12 / CMB-15: the scripted rule-following answer
        pool = _Candidates(engine, prior, self.max_candidates)
        out, add = pool.out, pool.add

        engaged = gs.engaged(e)
        if engaged:
            melee = self._attacks(match, p, melee=True)
            out[0] = self._focused(prior)
            pool.seen = {_key(out[0])}
            add(prior)
            for d in melee:
                add(d)
            if self.moves:
                add(action(p, end_key(p)))
            return out
        if gs.energy(e) <= 0:
            return out
        if REGISTRY.get(prior.action or "") is not None and REGISTRY[prior.action].free:
            return out                                   # a free action (a discovery roll): the scripted AI's
        shots = self._attacks(match, p, melee=False)
        out[0] = self._focused(prior)
        pool.seen = {_key(out[0])}
        add(prior)
        for d in shots[:2]:
            add(d)
        charge = s._best_charge(match, p)
        add(charge[1] if charge is not None else None)
        if not self.moves:
            for d in shots[2:]:
                add(d)
            return out
        for fn in (s._close_in, s._pull_back, s._advance, s._heal):
            try:
                add(fn(match, p))
            except RuleViolation:
                pass
        for d in shots[2:]:
            add(d)
        add(s._guard_or_end(match, p))
        add(action(p, end_key(p)))
        return out

    def _plans(self, match, p: Pending, prior: Decision) -> list[Decision]:
        """With `plan`, at an activation's first action: the first steps of whole-activation plans — the scripted
        choice, the best shot (hold and shoot), the scripted charge, close-in, advance, pull-back and guard /
        end — each played on by the scripted AI to the end of the activation and the enemy's reply (`plan_horizon`
        activations), at most `plan_candidates`, engine-validated. Only a free, standing character: engaged,
        panicked, a follow-up or a free action are the shallow search's."""
        gs, engine = match.gs, match.engine
        e = p.actor
        s = self.scripted
        if gs.psyche(e).panic or gs.effects(e).followup or gs.engaged(e) or gs.energy(e) <= 0:
            return [prior]
        if REGISTRY.get(prior.action or "") is not None and REGISTRY[prior.action].free:
            return [prior]
        pool = _Candidates(engine, prior, self.plan_candidates)
        out, add = pool.out, pool.add

        shots = self._attacks(match, p, melee=False)
        builders = [lambda: self._focused(prior) if shots else None, lambda: shots[0] if shots else None,
                    lambda: (s._best_charge(match, p) or (None, None))[1], lambda: s._close_in(match, p),
                    lambda: s._advance(match, p), lambda: s._pull_back(match, p),
                    lambda: s._guard_or_end(match, p)]
        if self.plan_wait:
            wait = by_rule(p, "GNA-10")
            builders.insert(2, lambda: action(p, wait) if wait is not None else None)
        for fn in builders:
            try:
                add(fn())
            except RuleViolation:
                pass
        return out

    def _attacks(self, match, p: Pending, melee: bool) -> list[Decision]:
        """The best legal attack (expected wounds + 2 × incapacitation chance, as the scripted AI values them)
        on each enemy: ranged attacks that do not move, or melee ones on engaged enemies; best first."""
        gs, engine = match.gs, match.engine
        e = p.actor
        engaged = set(gs.engaged_enemies(e)) if melee else set()
        best: dict[int, tuple[float, Decision]] = {}
        focus: dict[str, tuple[float, Decision]] = {}
        threats: dict[int, float] = {}
        capture = holds.rewards_prisoners(gs)

        def accept(prm):
            i = prm.get("weapon")
            w = gs.weapon(e, i) if isinstance(i, int) else None
            if melee:
                return prm.get("target") in engaged and not (w is not None and w.ranged)
            return w is not None and bool(w.ranged) and w.area is None and isinstance(prm.get("target"), int)

        keys = offered(p, is_attack=True, moves=False) if melee else \
            offered(p, is_attack=True, moves=False, kinds=("weapon",))
        for opt in options_of(engine, keys, accept):
            t = opt.params.get("target")
            i = opt.params.get("weapon")
            w = gs.weapon(e, i) if isinstance(i, int) else None
            if not isinstance(t, int):
                continue
            utility = getattr(REGISTRY[opt.key], "utility", None)
            mode = traits.fire_modes(w).get(opt.params.get("mode")) if w is not None else None
            plus = mode.dmg_plus if mode is not None else 0             # TRT-HEAVY-FIRE, TRT-LONG-GRIP
            odds = None
            if utility is not None:
                value = float(utility(gs, e, t, opt.params))
            elif melee:
                bonus = 1 if traits.charge_bonus(gs, e, t) else 0
                odds = attack_odds(gs, e, t, weapon_index=i, ranged=False, unarmed=w is None,
                                   dmg_bonus=bonus + plus)
                value = float(odds.harm) + 2.0 * float(odds.p_incapacitate)
            else:
                c = gs.cover(e, [t])[0]
                own = REGISTRY[opt.key].attack_modifiers(gs, e, opt.params)
                odds = attack_odds(gs, e, t, weapon_index=i, ranged=True,
                                   cover=Cover(c.blocked, c.main_piece_def), extra_imp=own, dmg_bonus=plus)
                value = float(odds.harm) + 2.0 * float(odds.p_incapacitate)
            value /= max(1, opt.cost)
            if odds is not None and not capture and \
                    self.scripted._blast_risk(gs, e, t, float(odds.expected_wounds)) <= 0:
                if t not in threats:
                    threats[t] = mini_threat(gs, t)
                cost = gs.world.get(t, Identity).cost
                gain = float(odds.harm) * 0.5 * cost / max(1, gs.attrs(t).CON) + \
                    float(odds.p_incapacitate) * (0.5 * cost + self.threat_weight * threats[t])
                d = opt.decision(p.side, e)
                focus[_key(d)] = (gain / max(1, opt.cost), d)
            if t not in best or value > best[t][0]:
                best[t] = (value, opt.decision(p.side, e))
        ranked = sorted(best.items(), key=lambda kv: (-kv[1][0], kv[0]))
        self._focus = focus
        return [d for _, (_, d) in ranked]

    def _focused(self, prior: Decision) -> Decision:
        """With `focus`: the attack of the last `_attacks` call with the most points per ENE — the target's
        expected wounds at ½ its cost / CON each, plus the chance to put it out of action times ½ its cost and
        `threat_weight` × what it threatens next (`mini_threat`) — when it beats the scripted choice's by
        `focus_margin` (relative); else the scripted choice. Only when the scripted choice is itself one of those
        attacks (an area shot, a grenade, a crouch first... are left alone)."""
        focus = self._focus
        mine = focus.get(_key(prior))
        if not self.focus or mine is None:
            return prior
        k, (v, d) = max(focus.items(), key=lambda kv: (kv[1][0], kv[0]))
        if v <= mine[0] * (1.0 + self.focus_margin) + 1e-9:
            return prior
        return d

    # --- search ----------------------------------------------------------------------------------------------
    def _search(self, match, p: Pending, cands: list[Decision], n: int, deep: bool = False) -> Decision:
        world, engine = match.world, match.engine
        horizon, follow = (self.plan_horizon, 10_000) if deep else (self.horizon, self.follow_actions)
        iterations = self.plan_iterations if deep else self.iterations
        side = p.side
        version = world.version
        root = world.snapshot()
        listeners = world.listeners
        world.listeners = []
        k = max(1, iterations // len(cands))
        deadline = None if self.time_budget_ms is None else time.perf_counter() + self.time_budget_ms / 1000.0
        values: list[list[float]] = [[] for _ in cands]
        refused = [False] * len(cands)
        rollouts = 0
        try:
            for i in range(k):
                state = Dice(derive_seed(self.seed, f"search:{n}:{i}")).state()
                for j, d in enumerate(cands):
                    if deadline is not None and rollouts and time.perf_counter() > deadline:
                        break
                    if refused[j]:
                        continue
                    world.restore(root)
                    world.dice.set_state(state)
                    value = self._rollout(match, d, side, horizon, follow,
                                          self.plan_decisions if deep else None)
                    rollouts += 1
                    if value is None:          # the engine refused the candidate: never chosen
                        refused[j] = True
                        continue
                    values[j].append(value)
                else:
                    continue
                break
        finally:
            world.restore(root)
            world.revert_version(version)
            world.listeners = listeners
        best, gain = self._choose(values, refused)
        means = [sum(v) / len(v) if v else float("-inf") for v in values]
        self.last_stats = {"candidates": len(cands), "rollouts": rollouts, "means": means, "chosen": best,
                           "gain": gain, "deep": deep}
        return cands[best]

    def _choose(self, values: list[list[float]], refused: list[bool]) -> tuple[int, float]:
        """The candidate to play: an alternative replaces the scripted choice (index 0) only when its rollouts,
        paired with the scripted choice's on the same dice (common random numbers), beat them on average by
        more than `margin` and by more than `z` standard errors of the paired differences; the best such
        alternative by mean gain. A candidate cut short by a time budget (fewer rollouts) does not compete."""
        base = values[0]
        best, gain = 0, 0.0
        if refused[0] or not base:
            # the scripted choice itself refused (never seen): the best mean of the others
            ranked = [(sum(v) / len(v), -j) for j, v in enumerate(values) if v and not refused[j]]
            return (-max(ranked)[1], 0.0) if ranked else (0, 0.0)
        k = len(base)
        for j in range(1, len(values)):
            v = values[j]
            if refused[j] or len(v) != k:
                continue
            diffs = [a - b for a, b in zip(v, base)]
            mean = sum(diffs) / k
            if mean <= self.margin:
                continue
            if k >= 2:
                var = sum((x - mean) ** 2 for x in diffs) / (k - 1)
                if mean <= self.z * math.sqrt(var / k):
                    continue
            if mean > gain:
                best, gain = j, mean
        return best, gain

    def _rollout(self, match, d: Decision, side: str, horizon: int | None = None,
                 follow: int | None = None, limit: int | None = None) -> float | None:
        """Submit `d` and play on with the scripted policy to the horizon; the evaluation of the end state."""
        engine = match.engine
        horizon = self.horizon if horizon is None else horizon
        follow = self.follow_actions if follow is None else follow
        try:
            engine.submit(d)
        except RuleViolation:
            return None
        policy = self.rollout_policy
        ends = 0
        actions = 0
        was_action = True
        for _ in range(self.max_rollout_decisions if limit is None else limit):
            q = engine.pending
            if q is None:
                break
            if q.kind in ("activate", "initiative"):
                if was_action:
                    ends += 1
                    if ends >= horizon:
                        break
                was_action = False
            elif q.kind == "action":
                was_action = True
                actions += 1
                # an activation candidate plays its character's first action too (else nothing would differ)
                if actions > follow + (d.kind == "activate"):
                    break
            try:
                engine.submit(policy.decide(match, q))
            except RuleViolation:
                if not _fallback(engine, q):
                    break
        return evaluate(match, side, self.threat_weight, self.own_threat, self.by_count)


def _is_attack(d: Decision) -> bool:
    """Whether `d` is an attack action (by its action's metadata)."""
    a = REGISTRY.get(d.action or "") if d.kind == "action" else None
    return a is not None and bool(a.is_attack)


def _fallback(engine, q: Pending) -> bool:
    """A rollout decision the engine refused: its first legal option, else passing / ending."""
    try:
        if q.kind in ("action", "react"):
            opt = next(iter(engine.legal_options()), None)
            if opt is not None:
                engine.submit(opt.decision(q.side, q.actor))
                return True
            if q.kind == "react":
                engine.submit(Decision("react", q.side, actor=q.actor))
                return True
        return False
    except RuleViolation:
        return False



class _Candidates:
    """The candidate decisions of one searched decision: the prior first, then each one `add` is given that is new
    (by ``_key``), legal (``legal_cost``) and within `limit`."""

    def __init__(self, engine, prior: Decision, limit: int):
        self.engine, self.limit = engine, limit
        self.out: list[Decision] = [prior]
        self.seen = {_key(prior)}

    def add(self, d: Decision | None) -> None:
        if d is None or len(self.out) >= self.limit:
            return
        k = _key(d)
        if k in self.seen or legal_cost(self.engine, d) is None:
            return
        self.seen.add(k)
        self.out.append(d)

def _key(d: Decision) -> str:
    return json.dumps(d.to_json(), sort_keys=True)


def threat(gs, by: str) -> float:
    """What `by`'s able miniatures threaten next, in points: for each, its best single attack on an enemy where
    they stand — a ranged weapon in range with a line of sight (the engine's cover), or a melee attack on an enemy
    within charge reach — valued as the evaluation values losses (expected wounds × ½ cost / CON, + the chance
    to put it out of action × ½ cost). Facing is ignored (it may turn first)."""
    return sum(mini_threat(gs, a) for a in gs.minis() if gs.side(a) == by)


def mini_threat(gs, a: int) -> float:
    """What miniature `a` threatens next (`threat`'s term for one miniature; 0 if it cannot act)."""
    if not gs.able(a) or not gs.on_table(a) or gs.psyche(a).panic:
        return 0.0
    targets = [t for t in gs.enemies(a) if gs.on_table(t)]
    if not targets:
        return 0.0
    weapons = [(i, w) for i, w in enumerate(gs.equipment(a).weapons) if not w.disabled]
    best = 0.0
    ranged = [(i, w) for i, w in weapons if w.ranged and w.area is None and (w.magazine is None or w.rounds)]
    reach = charge_allowance(gs, a)
    near = [t for t in targets if gs.distance(a, t) <= max([reach] + [w.RNG for _, w in ranged])]
    if not near:
        return 0.0
    covers = gs.cover(a, near) if ranged else [None] * len(near)
    for t, c in zip(near, covers):
        d = gs.distance(a, t)
        cost = gs.world.get(t, Identity).cost
        per_wound = 0.5 * cost / max(1, gs.attrs(t).CON)
        odds_list = []
        if c is not None and c.has_los:
            for i, w in ranged:
                if d <= w.RNG:
                    odds_list.append(attack_odds(gs, a, t, weapon_index=i, ranged=True,
                                                 cover=Cover(c.blocked, c.main_piece_def)))
        if d <= reach:
            melee = [(i, w) for i, w in weapons if not w.ranged] or [(None, None)]
            for i, w in melee:
                odds_list.append(attack_odds(gs, a, t, weapon_index=i, ranged=False, unarmed=w is None))
        for o in odds_list:
            best = max(best, float(o.harm) * per_wound + float(o.p_incapacitate) * 0.5 * cost)
    return best


#: SEQ-1: the victories decided at the turn limit by how MANY miniatures each side lost (then points)
COUNTED = ("fewer_casualties", "prisoners", "objective")


def evaluate(match, side: str, threat_weight: float = 0.0, own_threat: float = 0.5, by_count: bool = False) -> float:
    """The material value of the world for `side`: enemy losses minus own (points), prisoners, the result; with
    `threat_weight`, minus that share of what the enemy threatens next (`threat`) and plus half of it for what
    `side` threatens. With `by_count`, in a game decided at the turn limit by the number of casualties (SEQ-1:
    'fewer_casualties', 'prisoners', an 'objective' never held) every miniature weighs the same (the lists' mean
    cost) plus a tenth of its own cost (the tie-break by points lost), so a cheap casualty is not traded for a
    wound on a dear one."""
    gs = match.gs
    minis = gs.minis()
    costs = {e: gs.world.get(e, Identity).cost for e in minis}
    total = sum(costs.values())
    if by_count and gs.victory in COUNTED and minis:
        mean = total / len(minis)
        weight = {e: 0.9 * mean + 0.1 * c for e, c in costs.items()}
    else:
        weight = costs
    value = 0.0
    for e in minis:
        cost = weight[e]
        if not gs.able(e):
            loss = float(cost)
        else:
            con = max(1, gs.attrs(e).CON)
            loss = 0.5 * cost * min(1.0, gs.wounds(e) / con)
            if gs.psyche(e).panic:
                loss += 0.1 * cost
        value += loss if gs.side(e) != side else -loss
    if holds.rewards_prisoners(gs):
        for s in gs.sides:
            for e in holds.prisoners_taken(gs, s):
                cost = weight.get(e, costs.get(e, 0))
                value += cost if s == side else -cost
    f = match.engine.flow
    if f.stage == "over":
        if f.winner is not None:
            value += total if f.winner == side else -total
    elif threat_weight:
        for s in gs.sides:
            value += threat_weight * (own_threat * threat(gs, s) if s == side else -threat(gs, s))
    return value / max(1, total)
