"""The game loop as a state machine (SEQ-1..7, ENE-3, ACT-1..4): turns, initiative, phases 10 → 1,
alternating activations, and the one decision interface (pending decision → submit)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

from wartime.core.components import Activation, Attributes, Effects, Energy, Life, Posture, Psyche, Stress
from wartime.core.errors import RuleViolation
from wartime.rules import psychology
from wartime.rules.actions import REGISTRY
from wartime.rules.checks import Modifier
from wartime.rules.context import ActionContext, PendingMod
from wartime.rules.energy import action_cost, activation_energy, can_pay
from wartime.rules.modifiers import roll_character_check
from wartime.rules.state import GameState


@dataclass(frozen=True)
class Flow:
    """Where the game is (stored as the world resource 'flow', so snapshots capture it)."""
    turn: int = 0
    phase: int = 10
    order: tuple[str, ...] = ()
    stage: str = "setup"           # 'initiative' | 'activate' | 'action' | 'over'
    next_side: int = 0             # index in `order` of the side to activate next (SEQ-6)
    active: int | None = None
    init_choices: tuple[tuple[str, int], ...] = ()
    winner: str | None = None
    end_reason: str | None = None


@dataclass(frozen=True)
class Pending:
    """The decision the engine waits for. `kind`: 'initiative' (choose the character whose VOL rolls),
    'activate' (choose an eligible character), 'action' (the active character's next action)."""
    kind: str
    side: str
    options: tuple[int, ...] = ()
    actor: int | None = None


@dataclass(frozen=True)
class Decision:
    """An answer to a pending decision. For 'action': `action` key, `params` (target, weapon, path, ...),
    `chain` (ACT-3: chained to the next action) and `facing` (MOV-5: a free turn before acting)."""
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
        gs = self.gs
        f = self.flow
        if not waiting:
            gs.set_activation(e, acted=True, waiting_until=0)
        eff = gs.effects(e)
        keep = tuple(m for m in eff.next_action_mod if m[1] == "sprint")      # MVA-2 lapses; MVA-3 to turn end
        gs.set_effects(e, next_action_mod=keep, charge_target=None, concentrate=0, concentrate_building=False,
                       psi_bonus=False, followup=False, support=0 if eff.support == 2 else eff.support)
        gs.world.run_systems("end_of_activation", gs=gs, who=e)
        gs.world.emit("activation_end", "SEQ-6", who=e, energy=gs.energy(e), waiting=waiting)
        idx = f.order.index(gs.side(e))
        self._set_flow(stage="activate", active=None, next_side=(idx + 1) % len(f.order))

    # --- actions (ACT-1..4, ENE-1, ENE-4) ---------------------------------------------------
    def legal_keys(self) -> list[str]:
        return sorted(k for k, a in REGISTRY.items() if not a.reaction_only)

    def perform(self, actor: int, key: str, params: dict, chain: bool, facing: float | None) -> None:
        """Declare, validate, pay and resolve one action of the acting character (actions digest pipeline).
        Nothing changes if the action is illegal. ACT-3: `chain` flags this action as chained to the next.
        ACT-4: no reaction window opens inside a chain — reaction windows (REA-*) are not implemented yet,
        so no window opens at all."""
        gs = self.gs
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
        if action.is_attack and "Cobarde" in psyche.maluses:
            psychology.psi_check(gs, ctx, actor, source=None, reason="Cobarde attacks", rule="TRT-COWARD")
        if chained and not action.has_check and not ctx.failed:
            # ACT-3: a simple action in a chain needs a CH AGI −1; a fail voids it (ENE spent)
            r = roll_character_check(gs, ctx, actor, "ATR", "AGI", "ACT-3", "chained simple action")
            if not r.passed:
                ctx.failed = True
            elif r.critical and action.moves:
                vparams["_chain_critical"] = True                      # MOV-4
        if ctx.failed:
            gs.world.emit("action_void", "PSI-5", who=actor, action=key)
        else:
            action.resolve(gs, ctx, prepared)
        gs.world.emit("action_resolved", action.rule, who=actor, action=key)
        gs.set_activation(actor, actions=gs.activation(actor).actions + 1, chain_next=bool(chain))
        if not gs.able(actor):
            self._end_activation(actor)
        elif ctx.end_activation:
            self._end_activation(actor, waiting=key == "wait")

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
            if not can_pay(gs.energy(actor), cost):
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
            raise RuleViolation(action.rule, f"{key} is taken only as a reaction; in its own activation a "
                                "character turns for free (MOV-5: the decision's `facing`)")
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
        standing = [s for s in self.gs.sides if self.gs.side_alive(s)]
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
