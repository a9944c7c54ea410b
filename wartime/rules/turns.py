"""Turn flow (SEQ-1..7, ENE-3): turns, initiative, phases 10 → 1, alternating activations, the start and end of an
activation, and victory. A mixin of the `Engine` (rules/sequence.py): it owns the `Flow` resource and asks the
action pipeline (`_end_activation` is called from there) nothing else."""
from __future__ import annotations

from wartime.core.components import Activation, Compelled, Identity, NextActivation, Stress
from wartime.core.components import SilentArrival  # MVA-7: a silent arrival lapses with the activation
from wartime.rules import alarm_flow, deployment, holds, mental, objectives, orders, possession, psychology, reactions
from wartime.rules import fortune, traits
from wartime.rules.modifiers import roll_character_check
from wartime.rules.context import ActionContext
from wartime.rules.energy import activation_energy
from wartime.rules.flow import Flow, evolve, phase_of
from wartime.rules.state import GameState
from wartime.rules.wounds import apply_wounds, heal_wounds

#: SEQ-1: every way a game ends ('prisoners' and 'fewer_casualties' are turn-limit verdicts; 'turn_limit' a draw;
#: 'objective' a zone held at the end of a turn, rules/objectives.py).
END_REASONS: tuple[str, ...] = ("elimination", "fewer_casualties", "prisoners", "turn_limit", objectives.REASON) \
    + alarm_flow.END_REASONS


class TurnFlow:
    """SEQ-1..7: the turn / phase / activation state machine over `self.gs` (a GameState)."""

    gs: GameState

    # --- flow helpers -----------------------------------------------------------------------
    @property
    def flow(self) -> Flow:
        return self.world.resources["flow"]

    def _set_flow(self, **changes) -> None:
        self.world.resources["flow"] = evolve(self.flow, **changes)
        self.world.bump_version()              # the flow is state too: answers cached on world.version go stale

    @property
    def over(self) -> bool:
        return self.flow.stage == "over"

    def start(self) -> None:
        """The game begins with deployment (rules/deployment.py): each side in scenario order, then turn 1."""
        if self.flow.stage == "setup":
            self._set_flow(stage="deploy", deployed=alarm_flow.begin(self.gs))     # ALM-34: no attacker yet

    def _deploy(self, side: str, params: dict) -> None:
        """One side's 'deploy' decision (validated first: an illegal one changes nothing); after the last side,
        turn 1 begins (SEQ-1)."""
        spots = deployment.check(self.gs, side, params)
        deployment.apply(self.gs, side, spots)
        self._set_flow(deployed=self.flow.deployed + (side,))
        if len(self.flow.deployed) == len(self.gs.sides):
            self._new_turn()

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
        return [e for e in self.gs.minis() if possession.owner_side(self.gs, e) == side and self.eligible(e)]


    def _rolling_sides(self) -> list[str]:
        """SEQ-2: a player with no living character on the board does not roll (MET-10: a possessed one is its own
        side's)."""
        gs = self.gs
        return [s for s in gs.sides if any(possession.owner_side(gs, e) == s and gs.on_table(e) for e in gs.minis())]


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
        traits.turn_start(gs, turn)                       # hook point turn_start (TRT-AWAKENING)
        for e in gs.minis():                              # hook down_recovery (TRT-HERO: down, 1 wound a turn)
            for rule, n in traits.down_recoveries(gs, e):
                heal_wounds(gs, e, n, rule)
        gs.world.run_systems("start_of_turn", gs=gs)
        alarm_flow.open_window(self)                      # ALM-35: the alarm's wave before the initiative

    def _initiative_die(self, e: int) -> tuple[int, dict]:
        """SEQ-2: the 1D10 of the character `e` rolling its side's initiative, and the event field of a die cancelled
        (TRT-FORTUNE 'anular dado': its carrier may cancel its own initiative die below 10, rolled again; the new
        die stands)."""
        die = self.gs.world.dice.d10()
        if die < 10 and fortune.die_cancelled(self.gs, e, "initiative", die):
            return self.gs.world.dice.d10(), {"cancelled": die}
        return die, {}

    def _roll_initiative(self) -> None:
        """SEQ-2: each player rolls 1D10 + the chosen character's VOL; tied leaders reroll with the same
        characters until one is strictly highest; order is by descending total."""
        gs = self.gs
        choices = dict(self.flow.init_choices)
        totals: dict[str, list[int]] = {}
        for side in self._rolling_sides():
            e = choices[side]
            die, cancelled = self._initiative_die(e)
            bonus = traits.initiative_bonus(gs, e)                 # hook point initiative_mod (TRT-SCOUT)
            totals[side] = [die + gs.attrs(e).VOL + sum(n for _, n in bonus)]
            gs.world.emit("initiative_roll", "SEQ-2", side=side, character=e, die=die, vol=gs.attrs(e).VOL,
                          total=totals[side][0], **({"traits": dict(bonus)} if bonus else {}), **cancelled)

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
                    die, cancelled = self._initiative_die(choices[s])
                    totals[s].append(die + gs.attrs(choices[s]).VOL
                                     + sum(n for _, n in traits.initiative_bonus(gs, choices[s])))
                    gs.world.emit("initiative_reroll", "SEQ-2", side=s, character=choices[s], die=die,
                                  total=totals[s][-1], **cancelled)
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
            if psychology.malus_due(self.gs) is not None:
                return          # PSI-8: the opposing player chooses a malus before anything else happens
            if mental.current(self.gs) is not None:
                return          # CBA-19: a mental combat's answers first (rules/mental.py)
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
        holder = objectives.reached(gs)                    # BLD-22: the objective zone held at the end of a turn
        if holder is not None:
            self._finish(holder, objectives.REASON)
            return
        if self.flow.turn >= alarm_flow.last_turn(gs):     # ALM-34, ALM-40: an alarm counts from its start
            if not alarm_flow.finish_at_limit(self):      # ALM-40: an alarm's verdict
                self._finish_at_limit()
            return
        self._new_turn()

    # --- activations (ENE-3, SEQ-5, SEQ-6) --------------------------------------------------
    def _start_activation(self, e: int) -> None:
        """ENE-3 start-of-activation order: 1 ENE gain (once per turn), 2 expiries, 3 CH LOC for stress = VOL
        (PSI-15), 4 panic recovery (PSI-11), 5 outnumbered CH PSI (PSI-2)."""
        gs = self.gs
        if possession.passes(self, e):             # CBA-21 ruling (2): a possessed character's activation passes
            return
        act = gs.activation(e)
        self._set_flow(stage="action", active=e)
        gs.world.emit("activation_start", "SEQ-6", who=e, phase=self.flow.phase, resumed=act.started)
        if not act.started:
            traits.lift_suppression(gs, e)          # TRT-DESTABILISING-AMMO: its bonuses work again from here
            traits.bonus_loss_activation_start(gs, e)       # TRT-SAIKIKKU: the activation that gives it back
            fortune.recover(gs, e)                  # TRT-FORTUNE: recover 1 wound, before the ENE gain
            a = gs.attrs(e)
            new = activation_energy(a.CON, a.AGI, gs.wounds(e), gs.energy(e), traits.ene_gain_bonus(gs, e))
            gs.set_energy(e, new, "ENE-3", "activation start")
            eff = gs.effects(e)
            nxt = gs.world.try_get(e, NextActivation)           # marks for this activation (TRT-WRATH)
            if nxt is not None:
                gs.world.remove(e, NextActivation)
            gs.set_effects(e, fast_move=False, support=2 if eff.support else 0,   # MOD-8 expires; GNA-1 armed
                           spent=nxt.marks if nxt is not None else ())   # once-per-activation uses come back
            gs.set_activation(e, started=True, actions=0, chain_next=False)
            gs.world.run_systems("start_of_activation", gs=gs, who=e)
            # the start-of-activation checks happen inside its own activation: stress reaching VOL there
            # ends it (PSI-14)
            start = ActionContext(e, "start_of_activation", {})
            # PSI-11: only a panic it began the activation with is rolled off; one caused by this activation's
            # own CH LOC (PSI-15) lasts until its next activation
            panicking_before = gs.psyche(e).panic
            if gs.world.get(e, Stress).value == gs.base_attrs(e).VOL:
                psychology.loc_check(gs, start, e, source=psychology.nearest_enemy(gs, e))      # PSI-15
            if panicking_before and gs.psyche(e).panic and gs.able(e) and not start.end_activation:
                psychology.panic_recovery(gs, e)                                               # PSI-11
            if gs.able(e) and not start.end_activation and psychology.outnumbered(gs, e):      # PSI-2
                psychology.psi_check(gs, start, e, source=psychology.nearest_enemy(gs, e),
                                     reason="outnumbered", rule="PSI-2")
            for t in traits.start_psi(gs, e):                     # enemy auras' CH PSI (TRT-GREATER-DEMON)
                if t.stress and gs.able(e) and not start.end_activation:          # TRT-DRUG: withdrawal
                    psychology.add_stress(gs, start, e, t.stress, t.rule, source=None)
                if gs.able(e) and not start.end_activation and t.loc_malus is None:
                    psychology.psi_check(gs, start, e, source=t.source, reason=t.reason, rule=t.rule)
                elif gs.able(e) and not start.end_activation:
                    psychology.psi_then_loc(gs, start, e, source=t.source, reason=t.reason, rule=t.rule,
                                            loc_malus=t.loc_malus)
            if gs.able(e) and not start.end_activation:          # traits' start-of-activation rules
                traits.activation_start(gs, e, lambda who, attribute, rule, reason: roll_character_check(
                    gs, start, who, "ATR", attribute, rule, reason))
            if start.end_activation and gs.able(e):
                self._end_activation(e)
                return
        else:
            gs.set_activation(e, waiting_until=0, actions=0, chain_next=False)
        if not gs.able(e):
            self._end_activation(e)
        else:
            self._end_if_cornered(e)                                   # PSI-12: cornered, it cannot flee

    def _end_activation(self, e: int, waiting: bool = False) -> None:
        """The activation ends (or pauses with Esperar, GNA-10). Bullet time with it ends too (REA-5), a chain
        in progress is over (ACT-4), and counter-charges against it lapse with its charge bonuses (CBA-13)."""
        gs = self.gs
        f = self.flow
        # TRT-ORDERS, CBA-21: an ordered ally's, or a possessed character's, acting is not its activation
        ordered = orders.nested(self, e) or possession.nested(self, e)
        if not waiting and not ordered:
            gs.set_activation(e, acted=True, waiting_until=0)
        eff = gs.effects(e)
        keep = tuple(m for m in eff.next_action_mod if m[1] == "sprint")      # MVA-2 lapses; MVA-3 to turn end
        gs.set_effects(e, next_action_mod=keep, charge_target=None, concentrate=0, concentrate_building=False,
                       psi_bonus=False, followup=False, support=0 if eff.support == 2 else eff.support)
        if gs.world.has(e, SilentArrival):
            gs.world.remove(e, SilentArrival)                            # MVA-7 / CBA-11: within its activation
        if not waiting and gs.world.has(e, Compelled):
            gs.world.remove(e, Compelled)                                # a trait's compulsion: this activation
        reactions.lapse_counter_charges(gs, e)
        if not waiting and not ordered:
            traits.activation_over(gs, e)                            # hook point activation_over (TRT-DOOMED)
            traits.bonus_loss_activation_end(gs, e)                  # TRT-SAIKIKKU: the lost bonus returns
            for rule, n in traits.activation_end_wounds(gs, e):     # hook point activation_end (TRT-TERMINALLY-ILL)
                apply_wounds(gs, e, n, source=None, rule=rule)
        for r in f.bullet_time:
            gs.world.emit("bullet_time", "REA-5", who=r, acting=e, state="end")
        if ordered:
            if not possession.hand_back(self, e):
                orders.hand_back(self, e)
            return
        gs.world.run_systems("end_of_activation", gs=gs, who=e)
        gs.world.emit("activation_end", "SEQ-6", who=e, energy=gs.energy(e), waiting=waiting)
        idx = f.order.index(gs.side(e))
        self._set_flow(stage="activate", active=None, next_side=(idx + 1) % len(f.order), window=None,
                       bullet_time=(), chain_seen=(), chain_heard=())

    # --- victory ----------------------------------------------------------------------------
    def casualties(self, side: str) -> list[int]:
        """WND-2, WND-3, PSI-16: incapacitated, dead or unconscious characters of a side (ALM-40: one that escaped
        is not a casualty)."""
        return [e for e in self.gs.minis() if possession.owner_side(self.gs, e) == side and not self.gs.able(e)
                and not alarm_flow.escaped_one(self.gs, e)]

    def _check_victory(self) -> bool:
        if self.flow.stage == "over":
            return True
        if self.flow.stage == "setup":
            return False
        by_alarm = alarm_flow.check_victory(self)           # ALM-40: an alarm game ends by its own rule
        if by_alarm is not None:
            return by_alarm
        gs = self.gs
        alive = possession.able_sides(gs)              # MET-10: a possessed one's own
        standing = [s for s in gs.sides if s in alive]
        if len(standing) <= 1:
            winner = standing[0] if standing else None
            self._finish(winner, "elimination")
            return True
        return False

    def _finish_at_limit(self) -> None:
        """At the turn limit: 'elimination' scenarios end in a draw; 'fewer_casualties' scenarios go to the side
        with fewer casualties, then fewer points lost, else a draw; 'prisoners' scenarios go to the side holding
        more prisoners (enemies knocked out or tied up, `holds.prisoners_taken`), then as 'fewer_casualties';
        'objective' scenarios whose zone was never held (BLD-22) as 'fewer_casualties'."""
        gs = self.gs
        if gs.victory in ("fewer_casualties", "prisoners", objectives.REASON):
            prisoners = gs.victory == "prisoners"
            score = {s: ((-len(holds.prisoners_taken(gs, s)),) if prisoners else ()) + (
                         len(self.casualties(s)), sum(gs.world.get(e, Identity).cost for e in self.casualties(s)))
                     for s in gs.sides}
            ranked = sorted(gs.sides, key=lambda s: score[s])
            if score[ranked[0]] < score[ranked[1]]:
                by_prisoners = prisoners and score[ranked[0]][0] < score[ranked[1]][0]
                self._finish(ranked[0], "prisoners" if by_prisoners else "fewer_casualties")
                return
        self._finish(None, "turn_limit")

    def _finish(self, winner: str | None, reason: str) -> None:
        self._set_flow(stage="over", winner=winner, end_reason=reason, active=None)
        self.world.emit("game_over", "SEQ-1", winner=winner, reason=reason, turn=self.flow.turn)
