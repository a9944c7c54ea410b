"""The action pipeline of the acting character (ACT-1..5, ENE-1, ENE-4, the actions digest pipeline): declare,
validate, pay, the declaration window (REA-3, REA-4), re-validation, checks and effects, then the after-action
window (ACT-4: for a chain of combined actions only after its last action). A mixin of the `Engine`
(rules/sequence.py); the windows themselves are opened and closed by `ReactionWindows` (rules/windows.py), the
restrictions that do not depend on an action's own parameters live in rules/restrictions.py."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from wartime.core.components import Compelled
from wartime.core.errors import RuleViolation
from wartime.rules import alarm_flow, driving, hiding, psychology, reactions, reactors, restrictions, riding
from wartime.rules import orders, possession
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.combat import charge_allowance, charge_fallback
from wartime.rules.actions.movement import apply_move
from wartime.rules.checks import Modifier
from wartime.rules.context import ActionContext, PendingMod
from wartime.rules.energy import can_pay, price
from wartime.rules.flow import normalise_params
from wartime.rules.item_use import attack_weapon, drive_passes, use_passes
from wartime.rules.modifiers import roll_character_check
from wartime.rules.options import own_activation_keys
from wartime.rules.reactions import Window
from wartime.rules.state import GameState


@dataclass(frozen=True)
class _ChargeShort:
    """CBA-12 ruling (3): a charge whose target a reaction put out of reach moves towards it instead."""
    prep: Any


class ActionPipeline:
    """ACT-1..5: one action of the acting character from declaration to its after-action window."""

    gs: GameState

    # --- actions (ACT-1..4, ENE-1, ENE-4) ---------------------------------------------------
    def legal_keys(self) -> list[str]:
        """Every action a character may declare in its own activation (rules/options.py)."""
        return list(own_activation_keys())

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
        restrictions.check(gs, self.flow.turn, actor, action, key, params)
        if key == "end":
            self._check_must_flee(actor)                                # PSI-12
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
        compelled = gs.world.try_get(actor, Compelled)
        if compelled is not None and compelled.first_only:
            gs.world.remove(actor, Compelled)          # the first action is taken (TRT-MURDEROUS-MADNESS)
        if key != "on_guard":
            reactions.end_guard(gs, actor)                              # GNA-8: any other action ends it
        hiding.after_declaration(gs, actor, key, params.get("target"))  # GNA-9: acting ends hiding; seen targets
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
        duel = w.duel                   # CBA-22: a simultaneous duel spares the acting attack (rules/duels.py)
        if duel is not None and duel.spare_failed:
            ctx.failed = False
        if not gs.able(actor) and not (duel is not None and duel.spare_down):
            lost = "the actor was put out of action by a reaction"
        elif w.failed and not (duel is not None and duel.spare_failed):
            lost = "the actor failed a CH PSI caused by a reaction (PSI-5)"
        elif prepared is None:
            prepared, lost = self._revalidate(w, action, ctx)
        if lost is not None:
            gs.world.emit("action_void", "REA-4", who=actor, action=w.action, reason=lost)
        else:
            self._resolve_action(actor, action, ctx, prepared)
        self._duel_after(w, ctx)        # CBA-22: the duel's loser's attack, after the winner's
        gs.set_activation(actor, actions=gs.activation(actor).actions + 1, chain_next=bool(w.chain))
        moved_path, moved, heard = self._moved_since(mark, actor)
        start = (w.start[0], w.start[1]) if w.start else (gs.pos(actor).x, gs.pos(actor).y)
        pe = gs.pos(actor)
        track = reactions.sample_path([start] + moved_path + [(pe.x, pe.y)])
        noise = 0.0 if lost is not None else reactions.action_noise(gs, actor, w.action, ctx.params, moved)
        after = replace(w, timing="after", queue=(), triggers=(), outcomes=(), dodgers=(), reacted=False, duel=None,
                        end_activation=ctx.end_activation, waiting=w.action == "wait" and ctx.end_activation,
                        failed=ctx.failed)
        if not gs.able(actor):
            self._finish_action(after)
            return
        if w.chain:
            # ACT-4: no window inside a chain; remember who saw or heard the actor for the window after its end
            s = reactors.survey(gs, after, self.flow.order, track, noise=noise, heard_now=heard,
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
                prep = charge_fallback(gs, actor, w.target, charge_allowance(gs, actor))
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
        """Pipeline steps 5-6: the actor's checks (its traits' before an attack, e.g. TRT-COWARD's CH PSI; ACT-3's
        CH AGI for a chained simple action) and the action's effects; then the PSI-3 trauma hook."""
        gs = self.gs
        key = action.key
        if action.is_attack:
            psychology.before_attack(gs, ctx, actor, action)  # trait hook point before_attack (TRT-COWARD)
            weapon = attack_weapon(gs, actor, ctx.params)
            if weapon is not None and not ctx.failed and not use_passes(gs, ctx, actor, weapon, action.rule,
                                                                         f"using {weapon.name}"):
                gs.world.emit("weapon_use_failed", action.rule, who=actor, weapon=weapon.name)
                ctx.failed = True                         # Prueba de ..., TRT-NEUROPSYCHO on the weapon
        if not ctx.failed and not drive_passes(gs, ctx, actor, action):
            ctx.failed = True                             # Prueba de ... on the transport it drives
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
            apply_move(gs, ctx, prepared.prep, "CBA-12")
            gs.world.emit("charge_short", "CBA-12", who=actor, target=ctx.params.get("target"))
        else:
            action.resolve(gs, ctx, prepared)
        gs.world.emit("action_resolved", action.rule, who=actor, action=key)
        if action.moves:
            alarm_flow.after_move(gs, actor)                               # ALM-37 hold zone, ALM-39 goal
        if action.category == "movement" and not ctx.failed:
            driving.after_drive(gs, ctx, actor)                            # hook drive_strain (TRT-OVERHEATING)
        alarm_flow.after_action(gs, actor)                                 # ALM-34 trigger, ALM-39 mechanism
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
        if orders.hand_over(self, actor, w.end_activation):      # TRT-ORDERS: the ordered ally acts now
            return
        if possession.hand_over(self, actor, w.end_activation):  # CBA-21: the possessed acts on its possessor's ENE
            return
        if self.flow.active != actor:
            return
        if not gs.able(actor):
            self._end_activation(actor)
        elif w.end_activation:
            self._end_activation(actor, waiting=w.waiting)
        else:
            self._end_if_cornered(actor)

    # --- PSI-12: a panicking character must flee (revised ruling 2026-11) ---------------------------------
    def _flee_key(self, actor: int) -> str:
        """PSI-12: a panicking character flees with Correr, Destrabarse first when engaged."""
        return "disengage" if self.gs.engaged(actor) else "run"

    def _can_flee(self, actor: int) -> bool:
        """PSI-12: a legal flee move exists now (it has the ENE and a route), among the engine's options."""
        return next(iter(self.legal_options(self._flee_key(actor))), None) is not None

    def _fled_this_activation(self, actor: int) -> bool:
        """Whether the actor declared Correr since its activation started (scanning back to that event)."""
        for ev in reversed(self.gs.world.events):
            if ev.get("who") != actor:
                continue
            if ev["type"] == "activation_start":
                return False
            if ev["type"] == "action" and ev.get("action") == "run":
                return True
        return False

    def _check_must_flee(self, actor: int) -> None:
        """PSI-12 (revised): while it has the ENE for Correr and a legal flee route exists, a panicking character
        takes at least one Correr in its activation; only then may it end the activation early."""
        gs = self.gs
        if gs.psyche(actor).panic and not self._fled_this_activation(actor) and self._can_flee(actor):
            raise RuleViolation("PSI-12", f"{gs.name(actor)} is panicking and must flee "
                                f"({self._flee_key(actor)}) before it may end its activation")

    def _end_if_cornered(self, actor: int) -> None:
        """PSI-12 (revised): a panicking character with no legal flee route (cornered, or without the ENE) ends
        its activation, and the event says why."""
        gs = self.gs
        if self.flow.stage != "action" or self.flow.active != actor or not gs.psyche(actor).panic:
            return
        if self._can_flee(actor):
            return
        key = self._flee_key(actor)
        # Correr (MVA-2) and Destrabarse (CBA-15) both cost 2 + terrain
        why = "no energy to flee" if gs.energy(actor) < 2 else "no legal flee route (cornered)"
        gs.world.emit("flee_impossible", "PSI-12", who=actor, action=key, reason=why)
        self._end_activation(actor)

    def _validate(self, actor: int, action, key: str, vparams: dict, facing: float | None):
        """Validate an action (with the free turn applied temporarily) and price it; changes nothing."""
        gs = self.gs
        old_pos = gs.pos(actor)
        version = gs.world.version
        if facing is not None:
            riding.check_free_turn(gs, actor, facing)       # MOV-6: a transport has no free turn
            gs.world.set(actor, replace(old_pos, facing=float(facing) % 360.0))
            gs.facing_only_change(version)      # the memoised answers (who, where, engaged) still hold
        try:
            prepared = action.validate(gs, actor, vparams)
            if gs.psyche(actor).panic and key == "run":
                restrictions.check_flee(gs, actor, prepared)
            # GNA-15: a printed 0 (zero_cost) overrides ENE-1's minimum of 1
            cost = price(gs, actor, action, vparams, prepared, free=action.free or action.zero_cost)  # ENE-1, G5
            if not action.free and not can_pay(gs.energy(actor), cost, reaction=action.ene_debt):   # ENE-1, ENE-4
                raise RuleViolation("ENE-4", f"{key} costs {cost} ENE and {gs.name(actor)} has {gs.energy(actor)}")
        finally:
            if facing is not None:      # undo the free turn exactly: the state is the one `version` named
                gs.world.set(actor, old_pos)
                gs.world.revert_version(version)
        return prepared, cost

    def check_action(self, actor: int, key: str, params: dict, chain: bool = False,
                     facing: float | None = None) -> int:
        """Dry run: raise RuleViolation if the action is illegal now, else return its ENE cost. No state
        changes (used by controllers and the UI to grey out illegal options)."""
        action = REGISTRY.get(key)
        if action is None:
            raise RuleViolation("ACT-1", f"unknown action {key!r}")
        restrictions.check(self.gs, self.flow.turn, actor, action, key, params)
        if key == "end":
            self._check_must_flee(actor)                                # PSI-12
        act = self.gs.activation(actor)
        vparams = dict(normalise_params(params))
        vparams["_chained"] = (act.chain_next or chain) and not action.free
        if facing is not None and isinstance(facing, (int, float)):
            facing = normalise_params(float(facing))        # as submit applies it (1e-4 degrees)
        return self._validate(actor, action, key, vparams, facing)[1]

    def _one_shot_mods(self, actor: int, action, chained: bool) -> list[PendingMod]:
        """ACT-3 chain −1, MVA-2 run and MVA-3 sprint next-action modifiers, GNA-4 concentration: the one-shot
        modifiers an action of `actor` carries now, in the order they apply (pure: changes nothing)."""
        eff = self.gs.effects(actor)
        mods = []
        if chained:
            mods.append(PendingMod(Modifier("ACT-3", -1, "combined action"), "ATR"))
        for rule, kind, _ in eff.next_action_mod:
            if kind == "run" and action.key != "charge":
                val = 1 if action.category == "movement" else -1
                mods.append(PendingMod(Modifier("MVA-2", val, "after Correr"), "AGI"))
            elif kind == "sprint":
                mods.append(PendingMod(Modifier("MVA-3", -3, "after Esprintar"), "ATR"))
        if action.key != "concentrate" and eff.concentrate:
            mods.append(PendingMod(Modifier("GNA-4", eff.concentrate, "concentrate"), "FIRST_ATR"))
        return mods

    def pending_modifiers(self, actor: int, key: str, chain: bool = False, *, reaction: bool = False,
                          attribute: str = "AGI") -> list[Modifier]:
        """The one-shot modifiers (ACT-3 chain, MVA-2 run, MVA-3 sprint, GNA-4 concentration) that action `key` of
        `actor` would carry now on its first CH ATR of `attribute`, `chain` flagging it chained (ACT-3; never for
        a reaction, REA-1). Changes nothing: what the window shows as the odds and the AI scores."""
        action = REGISTRY[key]
        chained = not reaction and (self.gs.activation(actor).chain_next or chain) and not action.free
        ctx = ActionContext(actor, key, {}, chained=chained, reaction=reaction)
        ctx.mods = self._one_shot_mods(actor, action, chained)
        return ctx.atr_mods(attribute)

    def _consume_one_shots(self, actor: int, action, ctx: ActionContext) -> None:
        """ACT-3 chain −1, MVA-2 run and MVA-3 sprint next-action modifiers, GNA-4 concentration: added to the
        action's context (`_one_shot_mods`) and used up."""
        gs = self.gs
        eff = gs.effects(actor)
        ctx.mods.extend(self._one_shot_mods(actor, action, ctx.chained))
        changes: dict[str, Any] = {"next_action_mod": ()}
        if action.key == "concentrate":
            ctx.params["_concentrate_before"] = eff.concentrate if eff.concentrate_building else 0
        elif eff.concentrate:
            changes.update(concentrate=0, concentrate_building=False)
        else:
            changes.update(concentrate_building=False)
        gs.set_effects(actor, **changes)

