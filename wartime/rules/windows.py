"""Reaction windows (REA-1..8, ACT-4, PSI-12): who may react to the acting character (sight, noise), the `react`
decisions one candidate at a time in REA-3 order, the reaction CH VOL and bullet time (REA-2, REA-5), early
reactions at a point of a declared path (REA-4), and closing a window to go on with the acting action. A mixin of
the `Engine` (rules/sequence.py); the acting action's pipeline is `ActionPipeline` (rules/pipeline.py)."""
from __future__ import annotations

import math
from dataclasses import replace

from wartime.core.errors import RuleViolation
from wartime.rules import alarm_flow, asking, hiding, mental, psychology, reactions, reactors, riding
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.params import CandidateSpace
from wartime.rules.checks import Modifier
from wartime.rules.context import ActionContext, PendingMod
from wartime.rules.energy import can_pay, price
from wartime.rules.flow import Decision, evolve, normalise_params
from wartime.rules import holds, traits
from wartime.rules.reactions import Window
from wartime.rules.state import GameState
from wartime.rules.traits.combat_feats import extra_asked, extra_first, settle_extra


class ReactionWindows:
    """REA-1..8: the open window lives in the flow (`Flow.window`), so a snapshot or a save taken there continues
    exactly."""

    gs: GameState

    # --- reaction windows (REA-1..8, ACT-4) -------------------------------------------------
    def _open_window(self, w: Window, track: list, *, ctx: ActionContext | None = None, noise: float = 0.0,
                     heard: set[int] | None = None) -> bool:
        """REA-3: survey who may react (REA-1 sight along `track`, REA-8 noise in the after-action window;
        bullet time, REA-5, only waives the CH VOL), explain it in a `reaction_window` event and, if anyone may, store the window with
        the acting action's context in the flow and stop at its first `react` decision. Returns True if the
        engine stopped."""
        gs = self.gs
        f = self.flow
        s = reactors.survey(gs, w, f.order, track, noise=noise, heard_now=heard,
                             seen_before=f.chain_seen if w.timing == "after"
                             else (), heard_before=f.chain_heard if w.timing == "after" else (),
                             memo=self._sight_memo)
        queue, triggers, excluded = list(s.queue), list(s.triggers), list(s.excluded)
        if queue:
            # REA-3 (issue 14): a window is offered only to characters with a legal reaction they can pay for
            probe = evolve(w, queue=tuple(queue))
            mute = [e for e in queue if not self._may_react(probe, e)]
            if mute:
                queue = [e for e in queue if e not in mute]
                triggers = [(e, by) for e, by in triggers if e not in mute]
                excluded += [(e, "no legal reaction it can pay for") for e in mute]
        queue, triggers = extra_first(gs, queue, triggers)       # TRT-VETERAN-CRY: an owed extra attack first
        gs.world.emit("reaction_window", "REA-3", window=w.timing, actor=w.actor, action=w.action, target=w.target,
                      chained=w.chained, candidates=[{"who": e, "by": by} for e, by in triggers],
                      excluded=[{"who": e, "why": why} for e, why in excluded])
        if not queue:
            return False
        if ctx is not None:
            w = replace(w, mods=tuple((m.modifier.rule, m.modifier.value, m.modifier.label, m.scope, m.used)
                                      for m in ctx.mods), failed=ctx.failed, end_activation=ctx.end_activation)
        self._set_flow(stage="react", window=evolve(w, queue=tuple(queue), triggers=tuple(triggers)))
        return True

    def _may_react(self, w: Window, e: int) -> bool:
        """REA-3: whether `e` has at least one legal reaction in window `w` that it can pay for (REA-2: down to ENE
        −10): the first candidate the engine accepts among the keys the window allows it (changing nothing)."""
        gs = self.gs
        if not alarm_flow.may_react(gs, e):
            return False                                       # ALM-36: no reactions in its arrival turn
        if refuses_every_reaction(gs, e):
            return False                 # issue 20: no candidate built or validated (A* paths) to learn it
        # actions without parameters first (Agacharse, Pivotar...): one cheap validation settles most candidates
        for key in _cheap_first(reactors.window_options(gs, w, e)):
            action = REGISTRY[key]
            space = CandidateSpace(gs, e, against=w.actor, reaction=True)
            for c in action.candidates(gs, e, space):
                params = c.build()
                if params is None:
                    continue
                try:
                    self._validate_reaction(w, e, key, params)
                except RuleViolation:
                    continue
                return True
        return False

    def _context_of(self, w: Window) -> ActionContext:
        """Rebuild the acting action's context stored in a window."""
        ctx = ActionContext(w.actor, w.action, dict(w.params), chained=w.chained, cost=w.cost)
        ctx.mods = [PendingMod(Modifier(r, v, label), scope, used) for r, v, label, scope, used in w.mods]
        ctx.failed = w.failed
        ctx.end_activation = w.end_activation
        return ctx

    # --- reacting (REA-1, REA-2, REA-4, REA-5) ----------------------------------------------------
    def _react(self, d: Decision) -> None:
        """One `react` decision: pass, or declare a reaction. A declared reaction is validated first (an illegal
        one raises and changes nothing); then the reaction CH VOL (REA-2; none in bullet time, REA-5): failed,
        nothing is spent and it may not try again in this window; passed, the reactor enters bullet time with
        the acting character, pays (down to ENE −10) and its reaction resolves in full (no window of its own).
        An early reaction against a move may pick the point of the declared path where it happens (`at`, in K):
        the mover is treated as being there (REA-4)."""
        gs = self.gs
        if mental.current(gs) is not None:
            self._mental_answer(d)                      # CBA-19: a mental combat's answer (rules/mental.py)
            return
        f = self.flow
        w = f.window
        if w.duel is not None and w.duel.ask:
            self._duel_answer(d)                        # CBA-22: the duel's window (rules/duels.py)
            return
        e = w.queue[0]
        if d.actor is not None and d.actor != e:
            if d.actor in dict(w.outcomes):
                raise RuleViolation("REA-3", f"{gs.name(d.actor)} already had its reaction attempt in this window")
            if d.actor not in w.queue or gs.side(d.actor) != gs.side(e) or not gs.able(d.actor):
                raise RuleViolation("REA-3", f"it is {gs.name(e)}'s turn to react, not {d.actor}'s")
            # REA-3: each player chooses the order of its characters: a side answering for another of its queued
            # candidates takes that one first (the others keep their order); the flow takes this order when the
            # candidate's answer is applied (_next_candidate), so an illegal reaction still changes nothing
            w = replace(w, queue=(d.actor,) + tuple(c for c in w.queue if c != d.actor))
            e = d.actor
        if d.facing is not None:
            raise RuleViolation("MOV-5", "outside its activation a character cannot turn for free: its reaction "
                                "may be Pivotar (MVA-19)")
        if d.action is None:
            gs.world.emit("reaction_passed", "REA-3", who=e, window=w.timing, acting=w.actor)
            self._next_candidate(w, e, reactions.PASSED)
            return
        key = d.action
        params = normalise_params(d.params)
        action, prepared, cost, vparams, at = self._validate_reaction(w, e, key, params)
        bullet = e in f.bullet_time
        if not bullet and not action.vol_free_reaction:         # TRT-MACHINA-MORS: no CH VOL, no bullet time
            r = reactions.reaction_vol(gs, e)
            if not r.passed:
                gs.world.emit("reaction_failed", "REA-2", who=e, action=key, window=w.timing, acting=w.actor)
                self._next_candidate(w, e, reactions.FAILED_VOL)
                return
            self._set_flow(bullet_time=self.flow.bullet_time + (e,))
            gs.world.emit("bullet_time", "REA-5", who=e, acting=w.actor, state="start")
        actor = w.actor
        turn = sense_turn(gs, w, e)
        if turn is not None:                                 # TRT-SPIDER-SENSE: no ENE, no CH VOL for the pivot
            gs.world.set(e, replace(gs.pos(e), facing=turn))
            gs.world.emit("turned", sense_rule(gs, w, e), who=e, facing=turn)
            prepared = action.validate(gs, e, vparams)
        moved_from = None
        if at is not None:
            moved_from = gs.pos(actor)
            gs.world.set(actor, replace(moved_from, x=at[0], y=at[1], facing=at[2]))
            prepared = action.validate(gs, e, vparams)
        early = w.timing == "declaration" and key not in reactions.NO_EARLY_PENALTY
        gs.world.emit("reaction", "REA-1", who=e, action=key, window=w.timing, acting=actor, early=early,
                      bullet_time=bullet, cost=cost, at=None if at is None else [at[0], at[1]],
                      params={k: v for k, v in params.items() if not k.startswith("_")})
        gs.set_energy(e, gs.energy(e) - cost, "REA-2", f"reaction: {key}")
        ctx = ActionContext(e, key, vparams, reaction=True, cost=cost, acting=actor, early=w.timing == "declaration")
        self._consume_one_shots(e, action, ctx)
        if early:
            ctx.mods.append(PendingMod(Modifier("REA-4", -1, "reacting before the action ends (MOD-3)"), "ATR"))
        if key != "on_guard":
            reactions.end_guard(gs, e)
        hiding.after_declaration(gs, e, key, params.get("target"))     # GNA-9: reacting ends hiding
        if at is None and self._open_duel(w, e, action, ctx):            # CBA-22: a duel stops for Desenfundar
            return
        self._next_candidate(self._resolve_reaction(w, e, action, ctx, prepared, moved_from, at), e,
                             reactions.REACTED)

    def _resolve_reaction(self, w: Window, e: int, action, ctx: ActionContext, prepared, moved_from=None,
                          at=None) -> Window:
        """A declared and paid reaction resolves in full (its traits' before-attack hook, its effects, PSI-3);
        returns the window updated with what it did to the acting character (REA-4, PSI-5, PSI-14, CBA-17)."""
        gs = self.gs
        key = action.key
        actor = w.actor
        if action.is_attack:
            psychology.before_attack(gs, ctx, e, action)      # trait hook point before_attack (TRT-COWARD)
        if ctx.failed:
            gs.world.emit("action_void", "PSI-5", who=e, action=key)
        else:
            action.resolve(gs, ctx, prepared)
        gs.world.emit("action_resolved", action.rule, who=e, action=key, reaction=True)
        if action.moves:
            alarm_flow.after_move(gs, e)                       # ALM-37 hold zone, ALM-39 goal
        psychology.trauma_checks(gs, ctx)
        w = replace(w, reacted=True, failed=w.failed or ctx.acting_failed,
                    end_activation=w.end_activation or ctx.acting_ends,
                    dodgers=w.dodgers + ((e,) if key == "dodge" and not ctx.failed else ()))
        if moved_from is not None:
            here = gs.pos(actor)
            if (not gs.able(actor) or w.failed) and (not gs.on_table(actor) or
                                                     not reactions.overlaps_any(gs, actor, here.x, here.y)):
                # REA-4: the move is lost where the reaction caught it: the mover stays at that point
                pts = [(w.start[0], w.start[1])] + [tuple(q) for q in w.params["path"]]
                done = [list(q) for q in pts if self._along(pts, q) < at[3] - 1e-9] + [[here.x, here.y]]
                gs.world.emit("moved", "REA-4", who=actor, path=done, length=at[3], surcharge=0,
                              facing=here.facing, engaged=[])
                w = replace(w, halted=True)
            else:
                gs.world.set(actor, moved_from)
        return w

    @staticmethod
    def _along(pts: list, q) -> float:
        """K along polyline `pts` to its vertex `q` (the first one equal to it)."""
        s = 0.0
        for a, b in zip(pts, pts[1:]):
            if tuple(a) == tuple(q):
                return s
            s += math.hypot(b[0] - a[0], b[1] - a[1])
        return s

    def _validate_reaction(self, w: Window, e: int, key: str, params: dict):
        """A reaction's legality, changing nothing: the window allows it (REA-1, REA-3, ACT-4, PSI-12), neither the
        window's actor nor the reaction's target cancels ENE (TRT-NEGATE: the reactor's ENE counts 0), the
        action's own requirements (a reactive shot still needs FOV, LOS and RNG), MVA-3, GNA-8, and its ENE down
        to −10 (REA-2). Returns (action, prepared, cost, params, at) — `at` = (x, y, facing, K) or None."""
        gs = self.gs
        action = REGISTRY.get(key)
        if action is None:
            raise RuleViolation("ACT-1", f"unknown action {key!r}")
        vparams = {k: v for k, v in params.items() if k != "at"}
        vparams.update(_window=w.timing, _against=w.actor, _against_action=w.action, _against_target=w.target,
                       _against_params=w.params, _chained=False)
        options = reactors.window_options(gs, w, e)
        if key not in options:
            if action.free or key in reactions.OWN_ACTIVATION_ONLY:
                raise RuleViolation(action.rule, f"{key} is taken only in the own activation, not as a reaction")
            if gs.psyche(e).panic:
                raise RuleViolation("PSI-12", f"{gs.name(e)} is panicking: it may react only with Huir (REA-1), "
                                    "and only right after an enemy declares an action")
            if action.reaction_only:
                action.validate(gs, e, vparams)          # its own requirement names the rule it breaks
            if w.chained and w.timing == "declaration":
                raise RuleViolation("ACT-4", f"no reaction window opens inside a chain: only the reactions with "
                                    f"their own timing ({', '.join(options)}) may be declared now")
            raise RuleViolation("REA-3", f"{key} cannot be declared in this {w.timing} window")
        denied = traits.reaction_denied(gs, e)                          # TRT-STUN-AMMO: stunned, no reactions
        if denied is not None:
            raise RuleViolation(denied, f"{gs.name(e)} cannot react now ({traits.display_name(denied)})")
        traits.check_negated(gs, e, w.actor, "ENE", f"reaction ({key})")   # TRT-NEGATE (ENE): not to the bearer's
        aimed = params.get("target")                                     # actions, nor aimed at the bearer
        if isinstance(aimed, int) and not isinstance(aimed, bool) and aimed in gs.minis():
            traits.check_negated(gs, e, aimed, "ENE", f"reaction ({key})")
        eff = gs.effects(e)
        if action.is_attack and eff.sprint_turn == self.flow.turn:
            raise RuleViolation("MVA-3", f"{gs.name(e)} sprinted this turn and cannot attack")
        if key == "pivot" and reactions.reactive(gs, e).on_guard:
            raise RuleViolation("GNA-8", f"{gs.name(e)} is on guard and cannot pivot")
        hiding.check_tied(gs, e, action, key, reaction=True)            # CBA-25 ruling 3: tied, no reactions
        holds.check_held(gs, e, action, key, reaction=True)             # CBA-25 ruling 2: immobilised, none
        riding.restrict(gs, e, action, key)        # MVA-17 passengers, MOV-6 (no character pivot), WND-4 disabled
        traits.restrict_reaction(gs, e, key)       # hook reaction_restriction (TRT-ANIMAL: no Desenfundar)
        at = None
        raw = params.get("at")
        if raw is not None:
            at = self._reaction_point(w, key, raw)
        moved_from = gs.pos(w.actor) if at is not None else None
        if at is not None:
            gs.world.set(w.actor, replace(moved_from, x=at[0], y=at[1], facing=at[2]))
        turn = sense_turn(gs, w, e)                          # TRT-SPIDER-SENSE: it faces the actor for free
        own = gs.pos(e)
        if turn is not None:
            gs.world.set(e, replace(own, facing=turn))
        try:
            prepared = action.validate(gs, e, vparams)
            cost = price(gs, e, action, vparams, prepared, free=action.vol_free_reaction and action.zero_cost)
        finally:
            if moved_from is not None:
                gs.world.set(w.actor, moved_from)
            if turn is not None:
                gs.world.set(e, own)
        if not can_pay(gs.energy(e), cost, reaction=True):
            raise RuleViolation("REA-2", f"{key} costs {cost} ENE: {gs.name(e)} has {gs.energy(e)} and a reaction "
                                "may not take it below −10")
        return action, prepared, cost, vparams, at

    def _reaction_point(self, w: Window, key: str, raw) -> tuple[float, float, float, float]:
        """REA-4: the point of a declared movement path where an early reaction happens (`at` K from its start)."""
        if w.timing != "declaration" or not REGISTRY[w.action].moves or not isinstance(w.params.get("path"), list):
            raise RuleViolation("REA-4", "`at` picks a point of a declared movement path, in its declaration window")
        if key in reactions.OWN_TIMING:
            raise RuleViolation("REA-4", f"{key} has its own timing: it does not pick a point of the path")
        if w.halted:
            raise RuleViolation("REA-4", "the move was already stopped by an earlier reaction")
        if not isinstance(raw, (int, float)) or isinstance(raw, bool):
            raise RuleViolation("REA-4", "`at` must be a number of K along the declared path")
        pts = [(w.start[0], w.start[1])] + [tuple(q) for q in w.params["path"]]
        total = sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(pts, pts[1:]))
        if not 0.0 <= float(raw) <= total + 1e-9:
            raise RuleViolation("REA-4", f"`at` must lie on the declared path (0 to {total:.2f} K)")
        x, y, heading = reactions.point_along(pts, float(raw))
        return (round(x, 4), round(y, 4), w.start[2] if heading is None else round(heading, 4), float(raw))

    def _next_candidate(self, w: Window, e: int, outcome: str) -> None:
        """REA-3: the next candidate, skipping those who can no longer react; when none is left, close the window
        and go on with the acting action (after the declaration window) or the activation (after the after-action
        window)."""
        gs = self.gs
        settle_extra(gs, e)                                    # TRT-VETERAN-CRY: taken or declined, it is gone
        w = evolve(w, queue=w.queue[1:], outcomes=w.outcomes + ((e, outcome),))
        queue, triggers = extra_first(gs, list(w.queue), list(w.triggers))   # a reaction's critical: asked next
        outcomes = list(w.outcomes)
        while queue:
            c = queue[0]
            why = None
            if not gs.able(w.actor):
                why = reactions.ACTOR_DOWN
            elif not gs.able(c):
                why = reactions.NOT_ABLE
            elif gs.energy(c) - 1 < -10 and not extra_asked(gs, c):
                why = reactions.NOT_ENOUGH_ENERGY
            elif not reactors.window_options(gs, w, c):
                why = reactions.PANICKED if gs.psyche(c).panic else reactions.NOT_ABLE
            if why is None:
                break
            settle_extra(gs, c)
            outcomes.append((c, why))
            queue.pop(0)
        w = evolve(w, queue=tuple(queue), outcomes=tuple(outcomes), triggers=tuple(triggers))
        if queue:
            self._set_flow(window=w)
            return
        gs.world.emit("reaction_window_closed", "REA-3", window=w.timing, actor=w.actor, action=w.action,
                      outcomes=[{"who": c, "outcome": o} for c, o in w.outcomes])
        self._set_flow(stage="action", window=None)
        if w.timing == "declaration":
            self._after_declaration(w)
        else:
            self._finish_action(w)

    def check_reaction(self, reactor: int, key: str, params: dict) -> int:
        """Dry run for controllers: raise RuleViolation if `reactor` may not declare this reaction in the open
        window now, else return its ENE cost. No state changes (no CH VOL is rolled)."""
        if mental.current(self.gs) is not None:
            return self._check_mental(reactor, key, normalise_params(params))          # CBA-19
        asked = asking.waiting(self.gs)
        if asked is not None:                                       # TRT-BODYGUARD, TRT-FORTUNE (rules/asking.py)
            return asked[0].check_answer(self.gs, reactor, key)
        w = self.flow.window
        if self.flow.stage != "react" or w is None or not w.queue:
            raise RuleViolation("REA-3", "no reaction window is open")
        if w.duel is not None and w.duel.ask:
            return self._check_quick_draw(w, reactor, key, normalise_params(params))     # CBA-22
        if reactor != w.queue[0]:
            raise RuleViolation("REA-3", f"it is {self.gs.name(w.queue[0])}'s turn to react")
        return self._validate_reaction(w, reactor, key, normalise_params(params))[2]


def refuses_every_reaction(gs: GameState, e: int) -> bool:
    """REA-3 (issue 14, `_may_react`): whether `_validate_reaction` refuses every reaction of `e` now whatever its key
    and parameters, by the checks it makes before the action's own: a trait denies it reactions (TRT-STUN-AMMO), it
    is tied or immobilised (CBA-25 rulings 2 and 3). The same answer as trying each candidate (issue 20: a held
    character's window probe built and validated every candidate path first)."""
    if traits.reaction_denied(gs, e) is not None:
        return True
    try:
        hiding.check_tied(gs, e, None, "", reaction=True)
        holds.check_held(gs, e, None, "", reaction=True)
    except RuleViolation:
        return True
    return False


def _cheap_first(keys: tuple[str, ...]) -> tuple[str, ...]:
    """REA-3 (`_may_react`): the window's keys, actions without parameters first, then by key; memoised per keys
    tuple (issue 20: a window asks it of every candidate, and windows offer a handful of distinct key sets)."""
    actions = tuple(map(REGISTRY.get, keys))           # an action registered anew under a key sorts anew
    got = _CHEAP_FIRST.get(keys)
    if got is None or got[0] != actions:
        if len(_CHEAP_FIRST) > 256:
            _CHEAP_FIRST.clear()
        got = _CHEAP_FIRST[keys] = (actions, tuple(sorted(keys, key=lambda k: (len(REGISTRY[k].params), k))))
    return got[1]


_CHEAP_FIRST: dict[tuple[str, ...], tuple[tuple, tuple[str, ...]]] = {}


def sense_turn(gs, w, e: int) -> float | None:
    """TRT-SPIDER-SENSE: a candidate triggered by its sense (reactions.BY_SENSE) that does not have the actor in its
    FOV may pivot to face it without ENE or CH VOL: the facing it takes when it reacts (None: it keeps its own)."""
    if (e, reactions.BY_SENSE) not in w.triggers or gs.in_fov(e, w.actor):
        return None
    p = gs.pos(w.actor)
    return round(gs.facing_to(e, p.x, p.y), 4)


def sense_rule(gs, w, e: int) -> str:
    """The trait whose sense triggered candidate `e` (the actor's path: where it declared, its declared waypoints and
    where it is)."""
    p = gs.pos(w.actor)
    path = w.params.get("path") if isinstance(w.params.get("path"), list) else []
    track = ([tuple(w.start[:2])] if w.start else []) + [tuple(q[:2]) for q in path] + [(p.x, p.y)]
    return traits.senses(gs, e, w.actor, w.action, track) or "REA-1"
