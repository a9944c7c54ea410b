"""The game loop as a state machine (SEQ-1..7, ENE-3, ACT-1..4, REA-1..8): turns, initiative, phases 10 → 1,
alternating activations, reaction windows and bullet time, and the one decision interface (pending decision →
submit).

An action of the acting character goes through the actions digest pipeline: declare, validate, pay, the
declaration window (REA-3: early reactions, REA-4, and the reactions with their own timing), re-validation,
checks and effects, then the after-action window (for a chain of combined actions only after its last action,
ACT-4). A window with candidates stops the engine at a `react` pending decision for each of them in turn
(REA-3 order); the window and the acting action's context wait in the flow (`Flow.window`), so a snapshot,
a save or a replay taken there continues exactly. The engine never calls a controller."""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

from wartime.core.components import Activation, Attributes, Effects, Energy, Life, Posture, Psyche, Stress
from wartime.core.errors import RuleViolation
from wartime.rules import psychology, reactions
from wartime.rules.actions import REGISTRY
from wartime.rules.checks import Modifier
from wartime.rules.context import ActionContext, PendingMod
from wartime.rules.energy import action_cost, activation_energy, can_pay
from wartime.rules.modifiers import roll_character_check
from wartime.rules.reactions import Window
from wartime.rules.state import GameState


@dataclass(frozen=True)
class Flow:
    """Where the game is (stored as the world resource 'flow', so snapshots capture it)."""
    turn: int = 0
    phase: int = 10
    order: tuple[str, ...] = ()
    stage: str = "setup"           # 'initiative' | 'activate' | 'action' | 'react' | 'over'
    next_side: int = 0             # index in `order` of the side to activate next (SEQ-6)
    active: int | None = None
    init_choices: tuple[tuple[str, int], ...] = ()
    winner: str | None = None
    end_reason: str | None = None
    window: Window | None = None           # REA-3: the open reaction window (stage 'react')
    bullet_time: tuple[int, ...] = ()      # REA-5: reactors in bullet time with the active character
    chain_seen: tuple[int, ...] = ()       # ACT-4: enemies that saw the actor during its chain so far
    chain_heard: tuple[int, ...] = ()      # ACT-4 / REA-8: enemies that heard it during its chain so far


@dataclass(frozen=True)
class Pending:
    """The decision the engine waits for. `kind`: 'initiative' (choose the character whose VOL rolls),
    'activate' (choose an eligible character), 'action' (the active character's next action), 'react'
    (REA-3: may `actor`, of the reacting `side`, react in this window, and with what?).

    For 'react': `options` are the action keys the window allows it (each still validated when declared),
    `window` is 'declaration' (before the acting action resolves: early reactions, REA-4) or 'after',
    `against` the acting character, `against_action` its action key and `against_target` its target."""
    kind: str
    side: str
    options: tuple = ()
    actor: int | None = None
    window: str | None = None
    against: int | None = None
    against_action: str | None = None
    against_target: int | None = None


@dataclass(frozen=True)
class Decision:
    """An answer to a pending decision. For 'action': `action` key, `params` (target, weapon, path, ...),
    `chain` (ACT-3: chained to the next action) and `facing` (MOV-5: a free turn before acting).
    For 'react': `actor` the reactor, `action` its reaction's key with `params` (an early reaction against a
    move may add `at`: the K along the declared path where it happens, REA-4), or `action` None to pass."""
    kind: str
    side: str
    choice: int | None = None
    actor: int | None = None
    action: str | None = None
    params: dict = field(default_factory=dict)
    chain: bool = False
    facing: float | None = None

    def to_json(self) -> dict:
        d: dict[str, Any] = {"kind": self.kind, "side": self.side}
        if self.choice is not None:
            d["choice"] = self.choice
        if self.actor is not None:
            d["actor"] = self.actor
        if self.action is not None:
            d["action"] = self.action
            d["params"] = self.params
            d["chain"] = self.chain
        if self.facing is not None:
            d["facing"] = self.facing
        return d

    @classmethod
    def from_json(cls, d: dict) -> "Decision":
        return cls(kind=d["kind"], side=d["side"], choice=d.get("choice"), actor=d.get("actor"),
                   action=d.get("action"), params=dict(d.get("params") or {}), chain=bool(d.get("chain", False)),
                   facing=d.get("facing"))


def normalise_params(value: Any) -> Any:
    """Decisions are recorded; floats are rounded to 1e-4 K (or degrees) before use, so that the recorded
    decision and the applied one are identical (determinism across processes)."""
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return value
    if isinstance(value, float):
        v = round(value, 4)
        return 0.0 if v == 0 else v
    if isinstance(value, dict):
        return {str(k): normalise_params(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [normalise_params(v) for v in value]
    raise RuleViolation("ACT-1", f"parameter value {value!r} is not a number, string or list")


@dataclass(frozen=True)
class _ChargeShort:
    """CBA-12 ruling (3): a charge whose target a reaction put out of reach moves towards it instead."""
    prep: Any


def phase_of(vol: int) -> int:
    """SEQ-5: a character first becomes eligible in phase clamp(VOL, 1, 10)."""
    return max(1, min(10, vol))


class Engine:
    """The rules state machine over a GameState. Never calls a controller: it stops at `pending`."""

    def __init__(self, gs: GameState):
        self.gs = gs
        self.world = gs.world
        if "flow" not in self.world.resources:
            self.world.resources["flow"] = Flow()
        #: REA-1: a cache of sight answers (a pure function of positions and the static board; not game state)
        self._sight_memo: dict = {}

    # --- flow helpers -----------------------------------------------------------------------
    @property
    def flow(self) -> Flow:
        return self.world.resources["flow"]

    def _set_flow(self, **changes) -> None:
        self.world.resources["flow"] = replace(self.flow, **changes)

    @property
    def over(self) -> bool:
        return self.flow.stage == "over"

    def start(self) -> None:
        if self.flow.stage == "setup":
            self._new_turn()
            self._advance()

    # --- eligibility (SEQ-5) ----------------------------------------------------------------
    def eligible(self, e: int, phase: int | None = None) -> bool:
        """SEQ-5: not yet acted this turn (or resuming after Esperar), able to act, and
        clamp(VOL, 1, 10) ≥ phase (a waiting character from the phase it waits until)."""
        gs = self.gs
        phase = self.flow.phase if phase is None else phase
        if not gs.able(e):
            return False
        act = gs.activation(e)
        if act.acted:
            return False
        start = act.waiting_until if act.waiting_until else phase_of(gs.attrs(e).VOL)
        return start >= phase

    def eligible_of(self, side: str) -> list[int]:
        return [e for e in self.gs.minis() if self.gs.side(e) == side and self.eligible(e)]

    # --- pending ----------------------------------------------------------------------------
    @property
    def pending(self) -> Pending | None:
        f = self.flow
        if f.stage == "initiative":
            chosen = {s for s, _ in f.init_choices}
            for side in self._rolling_sides():
                if side not in chosen:
                    opts = tuple(e for e in self.gs.minis() if self.gs.side(e) == side and self.gs.on_table(e))
                    return Pending("initiative", side, opts)
            return None
        if f.stage == "activate":
            side = f.order[f.next_side]
            return Pending("activate", side, tuple(self.eligible_of(side)))
        if f.stage == "action":
            return Pending("action", self.gs.side(f.active), actor=f.active)
        if f.stage == "react" and f.window is not None and f.window.queue:
            w = f.window
            e = w.queue[0]
            return Pending("react", self.gs.side(e), reactions.window_options(self.gs, w, e), actor=e,
                           window=w.timing, against=w.actor, against_action=w.action, against_target=w.target)
        return None

    def _rolling_sides(self) -> list[str]:
        """SEQ-2: a player with no living character on the board does not roll."""
        return [s for s in self.gs.sides if any(self.gs.side(e) == s and self.gs.on_table(e) for e in self.gs.minis())]

    # --- submit -----------------------------------------------------------------------------
    def submit(self, d: Decision) -> None:
        """Apply one decision. An illegal decision raises RuleViolation and changes nothing."""
        p = self.pending
        if p is None:
            raise RuleViolation("SEQ-1", "the game is over: no decision is pending")
        if d.kind != p.kind:
            raise RuleViolation("ACT-1", f"the engine waits for a {p.kind!r} decision, not {d.kind!r}")
        if d.side != p.side:
            raise RuleViolation("SEQ-6", f"it is {p.side}'s decision, not {d.side}'s")
        if p.kind == "initiative":
            if d.choice not in p.options:
                raise RuleViolation("SEQ-2", f"{d.choice} is not a living character of {p.side} on the board")
            self._set_flow(init_choices=self.flow.init_choices + ((p.side, d.choice),))
            if self.pending is None:
                self._roll_initiative()
        elif p.kind == "activate":
            if d.choice not in p.options:
                raise RuleViolation("SEQ-5", f"{d.choice} is not an eligible character of {p.side} in phase "
                                    f"{self.flow.phase}")
            self._start_activation(d.choice)
        elif p.kind == "action":
            if d.actor is not None and d.actor != p.actor:
                raise RuleViolation("SEQ-6", f"{p.actor} is the acting character, not {d.actor}")
            self.perform(p.actor, d.action or "", normalise_params(d.params), d.chain,
                         None if d.facing is None else normalise_params(float(d.facing)))
        elif p.kind == "react":
            self._react(d)
        self._advance()

    # --- turn and initiative (SEQ-1, SEQ-2) -------------------------------------------------
    def _new_turn(self) -> None:
        gs = self.gs
        turn = self.flow.turn + 1
        for e in gs.minis():
            gs.world.set(e, Activation())
            eff = gs.effects(e)
            if eff.next_action_mod and any(k == "sprint" for _, k, _ in eff.next_action_mod):
                gs.set_effects(e, next_action_mod=())   # MVA-3: the sprint's −3 lapses at the end of the turn
        self._set_flow(turn=turn, phase=10, stage="initiative", init_choices=(), active=None, next_side=0)
        gs.world.emit("turn_start", "SEQ-1", turn=turn)
        gs.world.run_systems("start_of_turn", gs=gs)

    def _roll_initiative(self) -> None:
        """SEQ-2: each player rolls 1D10 + the chosen character's VOL; tied leaders reroll with the same
        characters until one is strictly highest; order is by descending total."""
        gs = self.gs
        choices = dict(self.flow.init_choices)
        totals: dict[str, list[int]] = {}
        for side in self._rolling_sides():
            e = choices[side]
            die = gs.world.dice.d10()
            totals[side] = [die + gs.attrs(e).VOL]
            gs.world.emit("initiative_roll", "SEQ-2", side=side, character=e, die=die, vol=gs.attrs(e).VOL,
                          total=totals[side][0])

        def rank(group: list[str]) -> list[str]:
            # order a group of sides by their current last totals; tied sides reroll (SEQ-2)
            ordered: list[str] = []
            by_total: dict[int, list[str]] = {}
            for s in group:
                by_total.setdefault(totals[s][-1], []).append(s)
            for total in sorted(by_total, reverse=True):
                tied = by_total[total]
                if len(tied) == 1:
                    ordered += tied
                    continue
                for s in tied:
                    die = gs.world.dice.d10()
                    totals[s].append(die + gs.attrs(choices[s]).VOL)
                    gs.world.emit("initiative_reroll", "SEQ-2", side=s, character=choices[s], die=die,
                                  total=totals[s][-1])
                ordered += rank(tied)
            return ordered

        order = tuple(rank(list(totals)))
        gs.world.emit("initiative", "SEQ-2", order=list(order))
        self._set_flow(order=order, stage="activate", phase=10, next_side=0)

    # --- advancing (SEQ-3..7) ---------------------------------------------------------------
    def _advance(self) -> None:
        """Move the flow forward until a real decision is needed: skip empty phases (SEQ-7), pass players
        without eligible characters (SEQ-6), auto-pick a lone eligible character, end turns (SEQ-1)."""
        while True:
            if self._check_victory():
                return
            f = self.flow
            if f.stage == "initiative":
                p = self.pending
                if p is not None and len(p.options) == 1:
                    self._set_flow(init_choices=f.init_choices + ((p.side, p.options[0]),))
                    if self.pending is None:
                        self._roll_initiative()
                    continue
                return
            if f.stage != "activate":
                return
            n = len(f.order)
            for k in range(n):
                idx = (f.next_side + k) % n
                if self.eligible_of(f.order[idx]):
                    if k:
                        self._set_flow(next_side=idx)
                    break
            else:
                # SEQ-7: no eligible character in this phase
                if f.phase > 1:
                    self._set_flow(phase=f.phase - 1, next_side=0)   # SEQ-3: the winner starts each phase
                    self.world.emit("phase", "SEQ-4", phase=f.phase - 1)
                else:
                    self._end_turn()
                continue
            opts = self.eligible_of(self.flow.order[self.flow.next_side])
            if len(opts) == 1:
                self._start_activation(opts[0])
                continue
            return

    def _end_turn(self) -> None:
        gs = self.gs
        gs.world.run_systems("end_of_turn", gs=gs)
        gs.world.emit("turn_end", "SEQ-7", turn=self.flow.turn)
        if self.flow.turn >= gs.turn_limit:
            self._finish_at_limit()
            return
        self._new_turn()

    # --- activations (ENE-3, SEQ-5, SEQ-6) --------------------------------------------------
    def _start_activation(self, e: int) -> None:
        """ENE-3 start-of-activation order: 1 ENE gain (once per turn), 2 expiries, 3 CH LOC for stress = VOL
        (PSI-15), 4 panic recovery (PSI-11), 5 outnumbered CH PSI (PSI-2)."""
        gs = self.gs
        act = gs.activation(e)
        self._set_flow(stage="action", active=e)
        gs.world.emit("activation_start", "SEQ-6", who=e, phase=self.flow.phase, resumed=act.started)
        if not act.started:
            a = gs.attrs(e)
            new = activation_energy(a.CON, a.AGI, gs.wounds(e), gs.energy(e))
            gs.set_energy(e, new, "ENE-3", "activation start")
            eff = gs.effects(e)
            gs.set_effects(e, fast_move=False, support=2 if eff.support else 0)   # MOD-8 expires; GNA-1 armed
            gs.set_activation(e, started=True, actions=0, chain_next=False)
            gs.world.run_systems("start_of_activation", gs=gs, who=e)
            # the start-of-activation checks happen inside its own activation: stress reaching VOL there
            # ends it (PSI-14)
            start = ActionContext(e, "start_of_activation", {})
            if gs.world.get(e, Stress).value == a.VOL:
                psychology.loc_check(gs, start, e, source=psychology.nearest_enemy(gs, e))      # PSI-15
            if gs.psyche(e).panic and gs.able(e) and not start.end_activation:
                psychology.panic_recovery(gs, e)                                               # PSI-11
            if gs.able(e) and not start.end_activation and psychology.outnumbered(gs, e):      # PSI-2
                psychology.psi_check(gs, start, e, source=psychology.nearest_enemy(gs, e),
                                     reason="outnumbered", rule="PSI-2")
            if start.end_activation and gs.able(e):
                self._end_activation(e)
                return
        else:
            gs.set_activation(e, waiting_until=0, actions=0, chain_next=False)
        if not gs.able(e):
            self._end_activation(e)

    def _end_activation(self, e: int, waiting: bool = False) -> None:
        """The activation ends (or pauses with Esperar, GNA-10). Bullet time with it ends too (REA-5), a chain
        in progress is over (ACT-4), and counter-charges against it lapse with its charge bonuses (CBA-13)."""
        gs = self.gs
        f = self.flow
        if not waiting:
            gs.set_activation(e, acted=True, waiting_until=0)
        eff = gs.effects(e)
        keep = tuple(m for m in eff.next_action_mod if m[1] == "sprint")      # MVA-2 lapses; MVA-3 to turn end
        gs.set_effects(e, next_action_mod=keep, charge_target=None, concentrate=0, concentrate_building=False,
                       psi_bonus=False, followup=False, support=0 if eff.support == 2 else eff.support)
        reactions.lapse_counter_charges(gs, e)
        for r in f.bullet_time:
            gs.world.emit("bullet_time", "REA-5", who=r, acting=e, state="end")
        gs.world.run_systems("end_of_activation", gs=gs, who=e)
        gs.world.emit("activation_end", "SEQ-6", who=e, energy=gs.energy(e), waiting=waiting)
        idx = f.order.index(gs.side(e))
        self._set_flow(stage="activate", active=None, next_side=(idx + 1) % len(f.order), window=None,
                       bullet_time=(), chain_seen=(), chain_heard=())

    # --- actions (ACT-1..4, ENE-1, ENE-4) ---------------------------------------------------
    def legal_keys(self) -> list[str]:
        return sorted(k for k, a in REGISTRY.items() if not a.reaction_only)

    def perform(self, actor: int, key: str, params: dict, chain: bool, facing: float | None) -> None:
        """Declare, validate and pay one action of the acting character, then run the rest of the actions digest
        pipeline: the declaration window (REA-3, REA-4), re-validation, checks and effects, and the after-action
        window (ACT-4: only after the last action of a chain). Nothing changes if the action is illegal.
        ACT-3: `chain` flags this action as chained to the next. The engine may stop at a window: the rest of
        the pipeline then runs when its last `react` decision is submitted."""
        gs = self.gs
        if self.flow.stage == "react":
            raise RuleViolation("REA-3", "a reaction window is open: the acting character waits for it")
        action = REGISTRY.get(key)
        if action is None:
            raise RuleViolation("ACT-1", f"unknown action {key!r}; known: {', '.join(self.legal_keys())}")
        if facing is not None and not isinstance(facing, (int, float)):
            raise RuleViolation("MOV-5", "facing must be a number of degrees")
        self._restrictions(actor, action, key, params)
        eff = gs.effects(actor)
        psyche = gs.psyche(actor)
        act = gs.activation(actor)
        chained = (act.chain_next or chain) and not action.free
        vparams = dict(params)
        vparams["_chained"] = chained
        old_pos = gs.pos(actor)
        prepared, cost = self._validate(actor, action, key, vparams, facing)
        # MOV-5: the free turn happens first, so FOV-dependent requirements saw the new facing
        if facing is not None:
            gs.world.set(actor, replace(old_pos, facing=float(facing) % 360.0))
        # --- committed from here on ---
        if facing is not None and float(facing) % 360.0 != old_pos.facing:
            gs.world.emit("turned", "MOV-5", who=actor, facing=float(facing) % 360.0)
        if eff.followup and key != "followup":
            gs.set_effects(actor, followup=False)       # CMB-15: the follow-up is taken at once or lost
        if action.free:
            ctx = ActionContext(actor, key, vparams)
            action.resolve(gs, ctx, prepared)
            gs.world.emit("action_resolved", action.rule, who=actor, action=key)
            if ctx.end_activation:
                self._end_activation(actor)
            return
        gs.world.emit("action", action.rule, who=actor, action=key, chained=chained,
                      params={k: v for k, v in params.items() if not k.startswith("_")}, cost=cost)
        gs.set_energy(actor, gs.energy(actor) - cost, "ENE-1", key)
        ctx = ActionContext(actor, key, vparams, chained=chained, cost=cost)
        self._consume_one_shots(actor, action, ctx)
        if psyche.forced_charge is not None:
            gs.world.set(actor, replace(gs.psyche(actor), forced_charge=None))
        if key != "on_guard":
            reactions.end_guard(gs, actor)                              # GNA-8: any other action ends it
        p0 = gs.pos(actor)
        target = params.get("target")
        w = Window("declaration", actor, key, target if isinstance(target, int) else None, params=dict(vparams),
                   chain=bool(chain), chained=chained, cost=cost, start=(p0.x, p0.y, p0.facing))
        track = [(p0.x, p0.y)]
        if action.moves and isinstance(vparams.get("path"), list):
            track = reactions.sample_path([(p0.x, p0.y)] + [tuple(q) for q in vparams["path"]])
        # REA-3: the declaration window opens after payment, before any check
        if self._open_window(w, track, ctx=ctx):
            return
        self._after_declaration(w, ctx, prepared)

    # --- reaction windows (REA-1..8, ACT-4) -------------------------------------------------
    def _open_window(self, w: Window, track: list, *, ctx: ActionContext | None = None, noise: float = 0.0,
                     heard: set[int] | None = None) -> bool:
        """REA-3: survey who may react (REA-1 sight along `track`, REA-8 noise in the after-action window;
        bullet time, REA-5, only waives the CH VOL), explain it in a `reaction_window` event and, if anyone may, store the window with
        the acting action's context in the flow and stop at its first `react` decision. Returns True if the
        engine stopped."""
        gs = self.gs
        f = self.flow
        s = reactions.survey(gs, w, f.order, track, noise=noise, heard_now=heard,
                             seen_before=f.chain_seen if w.timing == "after"
                             else (), heard_before=f.chain_heard if w.timing == "after" else (),
                             memo=self._sight_memo)
        gs.world.emit("reaction_window", "REA-3", window=w.timing, actor=w.actor, action=w.action, target=w.target,
                      chained=w.chained, candidates=[{"who": e, "by": by} for e, by in s.triggers],
                      excluded=[{"who": e, "why": why} for e, why in s.excluded])
        if not s.queue:
            return False
        if ctx is not None:
            w = replace(w, mods=tuple((m.modifier.rule, m.modifier.value, m.modifier.label, m.scope, m.used)
                                      for m in ctx.mods), failed=ctx.failed, end_activation=ctx.end_activation)
        self._set_flow(stage="react", window=replace(w, queue=tuple(s.queue), triggers=tuple(s.triggers)))
        return True

    def _context_of(self, w: Window) -> ActionContext:
        """Rebuild the acting action's context stored in a window."""
        ctx = ActionContext(w.actor, w.action, dict(w.params), chained=w.chained, cost=w.cost)
        ctx.mods = [PendingMod(Modifier(r, v, label), scope, used) for r, v, label, scope, used in w.mods]
        ctx.failed = w.failed
        ctx.end_activation = w.end_activation
        return ctx

    def _after_declaration(self, w: Window, ctx: ActionContext | None = None, prepared=None) -> None:
        """REA-4 then the checks and effects: after the declaration window the acting action is re-validated; it
        is lost (ENE spent) if the actor is incapacitated, dead or unconscious, failed a CH PSI caused by a
        reaction (PSI-5), or the action became illegal — except that a move still goes as far as it can and a
        charge whose target got out of reach moves towards it (CBA-12 ruling 3). Then it resolves."""
        gs = self.gs
        actor = w.actor
        action = REGISTRY[w.action]
        if ctx is None:
            ctx = self._context_of(w)
        ctx.dodged_by = w.dodgers
        mark = len(gs.world.events)
        lost = None
        if not gs.able(actor):
            lost = "the actor was put out of action by a reaction"
        elif w.failed:
            lost = "the actor failed a CH PSI caused by a reaction (PSI-5)"
        elif prepared is None:
            prepared, lost = self._revalidate(w, action, ctx)
        if lost is not None:
            gs.world.emit("action_void", "REA-4", who=actor, action=w.action, reason=lost)
        else:
            self._resolve_action(actor, action, ctx, prepared)
        gs.set_activation(actor, actions=gs.activation(actor).actions + 1, chain_next=bool(w.chain))
        moved_path, moved, heard = self._moved_since(mark, actor)
        start = (w.start[0], w.start[1]) if w.start else (gs.pos(actor).x, gs.pos(actor).y)
        pe = gs.pos(actor)
        track = reactions.sample_path([start] + moved_path + [(pe.x, pe.y)])
        noise = 0.0 if lost is not None else reactions.action_noise(gs, actor, w.action, ctx.params, moved)
        after = replace(w, timing="after", queue=(), triggers=(), outcomes=(), dodgers=(), reacted=False,
                        end_activation=ctx.end_activation, waiting=w.action == "wait" and ctx.end_activation,
                        failed=ctx.failed)
        if not gs.able(actor):
            self._finish_action(after)
            return
        if w.chain:
            # ACT-4: no window inside a chain; remember who saw or heard the actor for the window after its end
            s = reactions.survey(gs, after, self.flow.order, track, noise=noise, heard_now=heard,
                                 memo=self._sight_memo)
            f = self.flow
            self._set_flow(chain_seen=tuple(sorted(set(f.chain_seen) | {e for e, by in s.triggers if by == "sight"})),
                           chain_heard=tuple(sorted(set(f.chain_heard) | {e for e, by in s.triggers if by == "noise"})))
            self._finish_action(after)
            return
        if self._open_window(after, track, noise=noise, heard=heard):
            return
        self._finish_action(after)

    def _moved_since(self, mark: int, actor: int) -> tuple[list, float, set[int] | None]:
        """From the events since `mark`: the path points and K the actor moved (REA-1 track, ENV-7 noise) and who
        heard its action (REA-8: the `heard_by` of its `noise` and `moved` events; None if they carry none)."""
        pts: list = []
        length = 0.0
        heard: set[int] | None = None
        for ev in self.gs.world.events[mark:]:
            t = ev["type"]
            if t == "moved" and ev.get("who") == actor:
                pts += [tuple(q) for q in ev["path"]]
                length += float(ev.get("length") or 0.0)
            if t in ("moved", "noise") and ev.get("who") == actor and "heard_by" in ev:
                heard = (heard or set()) | set(ev["heard_by"])
        return pts, length, heard

    def _revalidate(self, w: Window, action, ctx: ActionContext):
        """REA-4 / pipeline step 4: the acting action against the state the declaration window left. Returns
        (prepared, None) or (None, why it is lost)."""
        gs = self.gs
        actor = w.actor
        params = dict(w.params)
        try:
            return action.validate(gs, actor, params), None
        except RuleViolation as exc:
            why = f"it became illegal ({exc.rule_id}: {exc.message})"
            if w.action == "charge" and w.target is not None and gs.on_table(w.target):
                prep = reactions.charge_fallback(gs, actor, w.target, float(gs.mov(actor) + 3))
                if prep is not None:
                    return _ChargeShort(prep), None
                return None, why
            if action.moves and isinstance(params.get("path"), list) and w.start:
                got = reactions.longest_legal_prefix(lambda p: action.validate(gs, actor, p), params,
                                                     (w.start[0], w.start[1]))
                if got is not None:
                    prepared, short = got
                    ctx.params = short
                    gs.world.emit("move_shortened", "REA-4", who=actor, action=w.action, path=short["path"],
                                  reason=why)
                    return prepared, None
            return None, why

    def _resolve_action(self, actor: int, action, ctx: ActionContext, prepared) -> None:
        """Pipeline steps 5-6: the actor's checks (Cobarde's CH PSI, ACT-3's CH AGI for a chained simple action)
        and the action's effects; then the PSI-3 trauma hook."""
        gs = self.gs
        key = action.key
        if action.is_attack and "Cobarde" in gs.psyche(actor).maluses:
            psychology.psi_check(gs, ctx, actor, source=None, reason="Cobarde attacks", rule="TRT-COWARD")
        if ctx.chained and not action.has_check and not ctx.failed:
            # ACT-3: a simple action in a chain needs a CH AGI −1; a fail voids it (ENE spent)
            r = roll_character_check(gs, ctx, actor, "ATR", "AGI", "ACT-3", "chained simple action")
            if not r.passed:
                ctx.failed = True
            elif r.critical and action.moves:
                ctx.params["_chain_critical"] = True                      # MOV-4
        if ctx.failed:
            gs.world.emit("action_void", "PSI-5", who=actor, action=key)
        elif isinstance(prepared, _ChargeShort):
            from wartime.rules.actions.movement import apply_move
            apply_move(gs, ctx, prepared.prep, "CBA-12")
            gs.world.emit("charge_short", "CBA-12", who=actor, target=ctx.params.get("target"))
        else:
            action.resolve(gs, ctx, prepared)
        gs.world.emit("action_resolved", action.rule, who=actor, action=key)
        psychology.trauma_checks(gs, ctx)                                  # PSI-3 (no-op by default)

    def _finish_action(self, w: Window) -> None:
        """After the after-action window: the activation ends if the actor is out of action, or a rule (PSI-14)
        or Esperar (GNA-10) ends or pauses it; otherwise the acting character is asked for its next action."""
        gs = self.gs
        actor = w.actor
        if self.flow.stage == "react":
            self._set_flow(stage="action", window=None)
        if not w.chain:
            self._set_flow(chain_seen=(), chain_heard=())
        if self.flow.active != actor:
            return
        if not gs.able(actor):
            self._end_activation(actor)
        elif w.end_activation:
            self._end_activation(actor, waiting=w.waiting)

    # --- reacting (REA-1, REA-2, REA-4, REA-5) ----------------------------------------------------
    def _react(self, d: Decision) -> None:
        """One `react` decision: pass, or declare a reaction. A declared reaction is validated first (an illegal
        one raises and changes nothing); then the reaction CH VOL (REA-2; none in bullet time, REA-5): failed,
        nothing is spent and it may not try again in this window; passed, the reactor enters bullet time with
        the acting character, pays (down to ENE −10) and its reaction resolves in full (no window of its own).
        An early reaction against a move may pick the point of the declared path where it happens (`at`, in K):
        the mover is treated as being there (REA-4)."""
        gs = self.gs
        f = self.flow
        w = f.window
        e = w.queue[0]
        if d.actor is not None and d.actor != e:
            if d.actor in dict(w.outcomes):
                raise RuleViolation("REA-3", f"{gs.name(d.actor)} already had its reaction attempt in this window")
            raise RuleViolation("REA-3", f"it is {gs.name(e)}'s turn to react, not {d.actor}'s")
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
        if not bullet:
            r = reactions.reaction_vol(gs, e)
            if not r.passed:
                gs.world.emit("reaction_failed", "REA-2", who=e, action=key, window=w.timing, acting=w.actor)
                self._next_candidate(w, e, reactions.FAILED_VOL)
                return
            self._set_flow(bullet_time=self.flow.bullet_time + (e,))
            gs.world.emit("bullet_time", "REA-5", who=e, acting=w.actor, state="start")
        actor = w.actor
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
        if action.is_attack and "Cobarde" in gs.psyche(e).maluses:
            psychology.psi_check(gs, ctx, e, source=None, reason="Cobarde attacks", rule="TRT-COWARD")
        if ctx.failed:
            gs.world.emit("action_void", "PSI-5", who=e, action=key)
        else:
            action.resolve(gs, ctx, prepared)
        gs.world.emit("action_resolved", action.rule, who=e, action=key, reaction=True)
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
        self._next_candidate(w, e, reactions.REACTED)

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
        """A reaction's legality, changing nothing: the window allows it (REA-1, REA-3, ACT-4, PSI-12), the
        action's own requirements (a reactive shot still needs FOV, LOS and RNG), MVA-3, GNA-8, and its ENE down
        to −10 (REA-2). Returns (action, prepared, cost, params, at) — `at` = (x, y, facing, K) or None."""
        gs = self.gs
        action = REGISTRY.get(key)
        if action is None:
            raise RuleViolation("ACT-1", f"unknown action {key!r}")
        vparams = {k: v for k, v in params.items() if k != "at"}
        vparams.update(_window=w.timing, _against=w.actor, _against_action=w.action, _against_target=w.target,
                       _chained=False)
        options = reactions.window_options(gs, w, e)
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
        eff = gs.effects(e)
        if action.is_attack and eff.sprint_turn == self.flow.turn:
            raise RuleViolation("MVA-3", f"{gs.name(e)} sprinted this turn and cannot attack")
        if key == "pivot" and reactions.reactive(gs, e).on_guard:
            raise RuleViolation("GNA-8", f"{gs.name(e)} is on guard and cannot pivot")
        at = None
        raw = params.get("at")
        if raw is not None:
            at = self._reaction_point(w, key, raw)
        moved_from = gs.pos(w.actor) if at is not None else None
        if at is not None:
            gs.world.set(w.actor, replace(moved_from, x=at[0], y=at[1], facing=at[2]))
        try:
            prepared = action.validate(gs, e, vparams)
            cost = action_cost(action.cost(gs, e, vparams, prepared))
        finally:
            if moved_from is not None:
                gs.world.set(w.actor, moved_from)
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
        w = replace(w, queue=w.queue[1:], outcomes=w.outcomes + ((e, outcome),))
        queue = list(w.queue)
        outcomes = list(w.outcomes)
        while queue:
            c = queue[0]
            why = None
            if not gs.able(w.actor):
                why = reactions.ACTOR_DOWN
            elif not gs.able(c):
                why = reactions.NOT_ABLE
            elif gs.energy(c) - 1 < -10:
                why = reactions.NOT_ENOUGH_ENERGY
            elif not reactions.window_options(gs, w, c):
                why = reactions.PANICKED if gs.psyche(c).panic else reactions.NOT_ABLE
            if why is None:
                break
            outcomes.append((c, why))
            queue.pop(0)
        w = replace(w, queue=tuple(queue), outcomes=tuple(outcomes))
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
        w = self.flow.window
        if self.flow.stage != "react" or w is None or not w.queue:
            raise RuleViolation("REA-3", "no reaction window is open")
        if reactor != w.queue[0]:
            raise RuleViolation("REA-3", f"it is {self.gs.name(w.queue[0])}'s turn to react")
        return self._validate_reaction(w, reactor, key, normalise_params(params))[2]

    def _validate(self, actor: int, action, key: str, vparams: dict, facing: float | None):
        """Validate an action (with the free turn applied temporarily) and price it; changes nothing."""
        gs = self.gs
        old_pos = gs.pos(actor)
        if facing is not None:
            gs.world.set(actor, replace(old_pos, facing=float(facing) % 360.0))
        try:
            prepared = action.validate(gs, actor, vparams)
            if gs.psyche(actor).panic and key == "run":
                self._check_flee(actor, prepared)
            cost = action_cost(action.cost(gs, actor, vparams, prepared), free=action.free)
            if not action.free and not can_pay(gs.energy(actor), cost):     # free: not actions (ENE-1)
                raise RuleViolation("ENE-4", f"{key} costs {cost} ENE and {gs.name(actor)} has {gs.energy(actor)}")
        finally:
            gs.world.set(actor, old_pos)
        return prepared, cost

    def check_action(self, actor: int, key: str, params: dict, chain: bool = False,
                     facing: float | None = None) -> int:
        """Dry run: raise RuleViolation if the action is illegal now, else return its ENE cost. No state
        changes (used by controllers and the UI to grey out illegal options)."""
        action = REGISTRY.get(key)
        if action is None:
            raise RuleViolation("ACT-1", f"unknown action {key!r}")
        self._restrictions(actor, action, key, params)
        act = self.gs.activation(actor)
        vparams = dict(normalise_params(params))
        vparams["_chained"] = (act.chain_next or chain) and not action.free
        return self._validate(actor, action, key, vparams, facing)[1]

    def _restrictions(self, actor: int, action, key: str, params: dict | None = None) -> None:
        """Requirements that do not depend on the action's own legality (PSI-12, PSI-7, MVA-3, Gallina)."""
        gs = self.gs
        if action.reaction_only:
            hint = ("; in its own activation a character turns for free (MOV-5: the decision's `facing`)"
                    if key == "pivot" else "")
            raise RuleViolation(action.rule, f"{key} is taken only as a reaction{hint}")
        if key == "heal" and (params or {}).get("cure") == "stress":
            t = (params or {}).get("target", actor)
            psychology.check_stress_cure(gs, actor, t if isinstance(t, int) else actor)     # PSI-13
        eff = gs.effects(actor)
        psyche = gs.psyche(actor)
        turn = self.flow.turn
        # restrictions that do not depend on the action's own parameters
        if psyche.panic and key not in ("run", "disengage", "end"):
            raise RuleViolation("PSI-12", f"{gs.name(actor)} is panicking: it may only flee (Correr; "
                                "Destrabarse first if engaged) or end its activation")
        if psyche.panic and key == "run" and gs.engaged(actor):
            raise RuleViolation("PSI-12", "a panicking engaged character must use Destrabarse first")
        # PSI-7: the next action must be Cargar against the source (a charge at anyone else is not it)
        if psyche.forced_charge is not None and key != "end" and not (
                key == "charge" and (params or {}).get("target") == psyche.forced_charge):
            self._check_forced_charge(actor)
        if action.is_attack and eff.sprint_turn == turn:
            raise RuleViolation("MVA-3", f"{gs.name(actor)} sprinted this turn and cannot attack")
        if "Gallina" in psyche.maluses and key not in ("disengage", "end") and gs.engaged(actor) \
                and self._melee_outnumbered(actor):
            raise RuleViolation("TRT-CHICKEN", f"{gs.name(actor)} (Gallina) must disengage from a melee its "
                                "side is losing")
        from wartime.rules.actions.altitude import flight_restrictions
        flight_restrictions(gs, actor, action)      # MOV-13: flying at level 3

    def _consume_one_shots(self, actor: int, action, ctx: ActionContext) -> None:
        """ACT-3 chain −1, MVA-2 run and MVA-3 sprint next-action modifiers, GNA-4 concentration."""
        gs = self.gs
        eff = gs.effects(actor)
        if ctx.chained:
            ctx.mods.append(PendingMod(Modifier("ACT-3", -1, "combined action"), "ATR"))
        for rule, kind, _ in eff.next_action_mod:
            if kind == "run" and action.key != "charge":
                val = 1 if action.category == "movement" else -1
                ctx.mods.append(PendingMod(Modifier("MVA-2", val, "after Correr"), "AGI"))
            elif kind == "sprint":
                ctx.mods.append(PendingMod(Modifier("MVA-3", -3, "after Esprintar"), "ATR"))
        changes: dict[str, Any] = {"next_action_mod": ()}
        if action.key == "concentrate":
            ctx.params["_concentrate_before"] = eff.concentrate if eff.concentrate_building else 0
        elif eff.concentrate:
            ctx.mods.append(PendingMod(Modifier("GNA-4", eff.concentrate, "concentrate"), "FIRST_ATR"))
            changes.update(concentrate=0, concentrate_building=False)
        else:
            changes.update(concentrate_building=False)
        gs.set_effects(actor, **changes)

    def _melee_outnumbered(self, e: int) -> bool:
        gs = self.gs
        group = gs.melee_group(e)
        mine = sum(1 for m in group if gs.side(m) == gs.side(e) and gs.able(m))
        return len([m for m in group if gs.side(m) != gs.side(e) and gs.able(m)]) > mine

    def _check_forced_charge(self, actor: int) -> None:
        """PSI-7: after a critical CH LOC the next action must be Cargar against the source, if legal."""
        gs = self.gs
        src = gs.psyche(actor).forced_charge
        ok = (src is not None and gs.able(src) and not gs.engaged(actor) and gs.in_fov(actor, src)
              and 2.0 <= gs.distance(actor, src) <= gs.mov(actor) + 3
              and gs.has_los(actor, src) and gs.world.get(actor, Posture).state != "prone")
        if ok:   # if the charge is not legal the critical has no effect (cleared when it next acts)
            raise RuleViolation("PSI-7", f"{gs.name(actor)} must charge {gs.name(src)} (critical CH LOC)")

    def _check_flee(self, actor: int, prep) -> None:
        """PSI-12: each Correr of a panicking character ends farther from the nearest enemy and closer to the
        nearest ally, the nearest blocks_los terrain piece, or its deployment zone."""
        gs = self.gs
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
        from shapely.geometry import Point
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

    # --- victory ----------------------------------------------------------------------------
    def casualties(self, side: str) -> list[int]:
        """WND-2, WND-3, PSI-16: incapacitated, dead or unconscious characters of a side."""
        return [e for e in self.gs.minis() if self.gs.side(e) == side and not self.gs.able(e)]

    def _check_victory(self) -> bool:
        if self.flow.stage == "over":
            return True
        if self.flow.stage == "setup":
            return False
        gs = self.gs
        alive = {gs.side(e) for e in gs.minis() if gs.able(e)}          # one pass over the minis
        standing = [s for s in gs.sides if s in alive]
        if len(standing) <= 1:
            winner = standing[0] if standing else None
            self._finish(winner, "elimination")
            return True
        return False

    def _finish_at_limit(self) -> None:
        """At the turn limit: 'elimination' scenarios end in a draw; 'fewer_casualties' scenarios go to the side
        with fewer casualties, then fewer points lost, else a draw."""
        gs = self.gs
        if gs.victory == "fewer_casualties":
            from wartime.core.components import Identity
            score = {s: (len(self.casualties(s)),
                         sum(gs.world.get(e, Identity).cost for e in self.casualties(s))) for s in gs.sides}
            ranked = sorted(gs.sides, key=lambda s: score[s])
            if score[ranked[0]] < score[ranked[1]]:
                self._finish(ranked[0], "fewer_casualties")
                return
        self._finish(None, "turn_limit")

    def _finish(self, winner: str | None, reason: str) -> None:
        self._set_flow(stage="over", winner=winner, end_reason=reason, active=None)
        self.world.emit("game_over", "SEQ-1", winner=winner, reason=reason, turn=self.flow.turn)
