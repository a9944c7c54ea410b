"""The search controller: plans with the engine itself (issue 15, point 2).

Algorithm — one-step rollout policy improvement over the scripted AI, with determinised dice:

* Only the decisions that matter are searched: a pending 'action' of an acting character. Every other decision
  (deployment, initiative, activation order, reactions, PSI-8 maluses) is the scripted AI's (`ScriptedController`).
* Candidates: the scripted AI's own choice first, then the alternatives its sub-policies propose for the pending
  decision — the best legal ranged attack on each enemy, the best legal melee attack on each engaged enemy, its
  charge, closing in, advance, pull back, heal, hide, guard and ending the activation — each built from the
  engine's legal options or checked by the engine (`Engine.check_action`); duplicates dropped, at most
  `max_candidates`. Nothing here keeps a list of actions: keys come from `Pending.options` by their metadata.
* Each candidate is scored by rollouts: the world is cloned (`World.snapshot`), the candidate submitted to the
  engine, and play continues with the scripted AI on both sides (reactions included) until the end of the current
  activation and of the next one (`horizon` activation ends), the end of the game, or `max_rollout_decisions`.
  Chance is determinised: rollout i of decision n sets the world's dice to
  `Dice(derive_seed(seed, f"search:{n}:{i}"))` before the candidate is submitted, the same for every candidate
  (common random numbers: candidates are compared on the same dice).
* The end state is scored by a material evaluation from the searching side's view: points of enemy miniatures
  put out of action minus own (a wounded miniature counts its cost × the fraction of its CON lost, × 0.5; a
  panicked one 0.1 of its cost), prisoners taken (a 'prisoners' scenario) counting again, a won / lost game
  ±(total points of both sides). The candidate with the best mean wins; the scripted choice is kept unless an
  alternative beats it by more than `margin` (ties and noise go to the scripted AI).
* Budget: `iterations` rollouts per searched decision (the default, deterministic), shared evenly among the
  candidates (each gets at least one rollout, the scripted choice first); `time_budget_ms` additionally stops
  sampling once the budget is spent — that makes the choice depend on the machine's speed (not deterministic).

Exactness: the search runs on the match's own world with its listeners detached (nothing is recorded) and
submits to `match.engine` directly (never `match.submit`); afterwards the world is restored to the root snapshot
(tables, resources, dice state, event log), its version reverted and the listeners put back, so the game goes on
exactly as if no search had happened. The controller keeps no state between decisions: its randomness is a pure
function of (seed, number of decisions the match has recorded), so a resumed or replayed game is the same."""
from __future__ import annotations

import json
import math
import time

from wartime.ai.candidates import action, by_rule, end_key, legal_cost, offered, options_of
from wartime.ai.scripted import ScriptedController
from wartime.core.components import Identity
from wartime.core.errors import RuleViolation
from wartime.core.rng import Dice, derive_seed
from wartime.rules import holds
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.combat import charge_allowance
from wartime.rules.combat import Cover
from wartime.rules.odds import attack_odds
from wartime.rules.sequence import Decision, Pending


class SearchController:
    kind = "search"

    def __init__(self, seed: int = 0, iterations: int = 20, time_budget_ms: float | None = None, *,
                 max_candidates: int = 6, horizon: int = 1, follow_actions: int = 0, max_rollout_decisions: int = 60,
                 margin: float = 0.01, threat_weight: float = 0.5, own_threat: float = 0.5,
                 moves: bool = False, activations: bool = False, z: float = 1.0):
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
        cands = self.candidates(match, p, prior)
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
        out: list[Decision] = [prior]
        seen = {_key(prior)}

        def add(d):
            if d is None or len(out) >= self.max_candidates:
                return
            k = _key(d)
            if k in seen or legal_cost(engine, d) is None:
                return
            seen.add(k)
            out.append(d)

        engaged = gs.engaged(e)
        if engaged:
            for d in self._attacks(match, p, melee=True):
                add(d)
            if self.moves:
                add(action(p, end_key(p)))
            return out
        if gs.energy(e) <= 0:
            return out
        if REGISTRY.get(prior.action or "") is not None and REGISTRY[prior.action].free:
            return out                                   # a free action (a discovery roll): the scripted AI's
        shots = self._attacks(match, p, melee=False)
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

    def _attacks(self, match, p: Pending, melee: bool) -> list[Decision]:
        """The best legal attack (expected wounds + 2 × incapacitation chance, as the scripted AI values them)
        on each enemy: ranged attacks that do not move, or melee ones on engaged enemies; best first."""
        gs, engine = match.gs, match.engine
        e = p.actor
        engaged = set(gs.engaged_enemies(e)) if melee else set()
        best: dict[int, tuple[float, Decision]] = {}

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
            if utility is not None:
                value = float(utility(gs, e, t, opt.params))
            elif melee:
                bonus = 1 if gs.effects(e).charge_target == t else 0
                odds = attack_odds(gs, e, t, weapon_index=i, ranged=False, unarmed=w is None, dmg_bonus=bonus)
                value = float(odds.expected_wounds) + 2.0 * float(odds.p_incapacitate)
            else:
                c = gs.cover(e, [t])[0]
                own = REGISTRY[opt.key].attack_modifiers(gs, e, opt.params)
                odds = attack_odds(gs, e, t, weapon_index=i, ranged=True,
                                   cover=Cover(c.blocked, c.main_piece_def), extra_imp=own)
                value = float(odds.expected_wounds) + 2.0 * float(odds.p_incapacitate)
            value /= max(1, opt.cost)
            if t not in best or value > best[t][0]:
                best[t] = (value, opt.decision(p.side, e))
        ranked = sorted(best.items(), key=lambda kv: (-kv[1][0], kv[0]))
        return [d for _, (_, d) in ranked]

    # --- search ----------------------------------------------------------------------------------------------
    def _search(self, match, p: Pending, cands: list[Decision], n: int) -> Decision:
        world, engine = match.world, match.engine
        side = p.side
        version = world.version
        root = world.snapshot()
        listeners = world.listeners
        world.listeners = []
        k = max(1, self.iterations // len(cands))
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
                    value = self._rollout(match, d, side)
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
                           "gain": gain}
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

    def _rollout(self, match, d: Decision, side: str) -> float | None:
        """Submit `d` and play on with the scripted policy to the horizon; the evaluation of the end state."""
        engine = match.engine
        try:
            engine.submit(d)
        except RuleViolation:
            return None
        policy = self.rollout_policy
        ends = 0
        actions = 0
        was_action = True
        for _ in range(self.max_rollout_decisions):
            q = engine.pending
            if q is None:
                break
            if q.kind in ("activate", "initiative"):
                if was_action:
                    ends += 1
                    if ends >= self.horizon:
                        break
                was_action = False
            elif q.kind == "action":
                was_action = True
                actions += 1
                if actions > self.follow_actions:
                    break
            try:
                engine.submit(policy.decide(match, q))
            except RuleViolation:
                if not _fallback(engine, q):
                    break
        return evaluate(match, side, self.threat_weight, self.own_threat)


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


def _key(d: Decision) -> str:
    return json.dumps(d.to_json(), sort_keys=True)


def threat(gs, by: str) -> float:
    """What `by`'s able miniatures threaten next, in points: for each, its best single attack on an enemy where
    they stand — a ranged weapon in range with a line of sight (the engine's cover), or a melee attack on an enemy
    within charge reach — valued as the evaluation values losses (expected wounds × ½ cost / CON, + the chance
    to put it out of action × ½ cost). Facing is ignored (it may turn first)."""
    total = 0.0
    for a in gs.minis():
        if gs.side(a) != by or not gs.able(a) or not gs.on_table(a) or gs.psyche(a).panic:
            continue
        targets = [t for t in gs.enemies(a) if gs.on_table(t)]
        if not targets:
            continue
        weapons = [(i, w) for i, w in enumerate(gs.equipment(a).weapons) if not w.disabled]
        best = 0.0
        ranged = [(i, w) for i, w in weapons if w.ranged and w.area is None and (w.magazine is None or w.rounds)]
        reach = charge_allowance(gs, a)
        near = [t for t in targets if gs.distance(a, t) <= max([reach] + [w.RNG for _, w in ranged])]
        if not near:
            continue
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
                best = max(best, float(o.expected_wounds) * per_wound + float(o.p_incapacitate) * 0.5 * cost)
        total += best
    return total


def evaluate(match, side: str, threat_weight: float = 0.0, own_threat: float = 0.5) -> float:
    """The material value of the world for `side`: enemy losses minus own (points), prisoners, the result; with
    `threat_weight`, minus that share of what the enemy threatens next (`threat`) and plus half of it for what
    `side` threatens."""
    gs = match.gs
    total = 0
    value = 0.0
    for e in gs.minis():
        cost = gs.world.get(e, Identity).cost
        total += cost
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
                cost = gs.world.get(e, Identity).cost
                value += cost if s == side else -cost
    f = match.engine.flow
    if f.stage == "over":
        if f.winner is not None:
            value += total if f.winner == side else -total
    elif threat_weight:
        for s in gs.sides:
            value += threat_weight * (own_threat * threat(gs, s) if s == side else -threat(gs, s))
    return value / max(1, total)
