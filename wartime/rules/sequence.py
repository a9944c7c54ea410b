"""The game loop as a state machine with one decision interface (SEQ-1..7, ACT-1, REA-3): the `Engine` stops at a
pending decision and waits for `submit`. It never calls a controller.

The engine is assembled from three rooms, each readable on its own:
* `rules/turns.py` (`TurnFlow`): turns, initiative, phases 10 → 1, alternation, activations, victory;
* `rules/pipeline.py` (`ActionPipeline`): one action of the acting character from declaration to its
  after-action window (ACT-1..5), with `check_action` (a dry run);
* `rules/windows.py` (`ReactionWindows`): reaction windows, `react` decisions, bullet time (REA-1..8), with
  `check_reaction`.
* `rules/duels.py` (`Duels`): a duel's window and Desenfundar, ordering the duellists' attacks (CBA-22).
* `rules/mental.py` (`MentalCombats`): Combate mental's decisions after a Corromper / Hackear (CBA-19, MET-9).
Restrictions that do not depend on an action's own parameters (panic, forced charge, sprint, traits) are in
`rules/restrictions.py`; the legal options of a pending decision in `rules/options.py`; the flow state and the
decision records in `rules/flow.py` (re-exported here)."""
from __future__ import annotations

from wartime.core.errors import RuleViolation
from wartime.rules.flow import Decision, Flow, Pending, normalise_params, phase_of
from wartime.rules.pipeline import ActionPipeline
from wartime.rules import (alarm_flow, asking, deployment, mental, options as legal, possession, psychology,
                           reactors, traits)
from wartime.rules.actions import REGISTRY
from wartime.rules.traits import registry as trait_hooks
from wartime.rules import aim_correction, bodyguard, fortune  # noqa: F401  (their questions register: rules/asking.py)
from wartime.rules.duels import Duels
from wartime.rules.mental import MentalCombats
from wartime.rules.state import GameState
from wartime.rules.turns import TurnFlow
from wartime.rules.windows import ReactionWindows

__all__ = ["Decision", "Engine", "Flow", "Pending", "normalise_params", "phase_of"]


class Engine(TurnFlow, ActionPipeline, ReactionWindows, Duels, MentalCombats):
    """The rules state machine over a GameState. Never calls a controller: it stops at `pending`."""

    def __init__(self, gs: GameState):
        self.gs = gs
        self.world = gs.world
        if "flow" not in self.world.resources:
            self.world.resources["flow"] = Flow()
        #: REA-1: a cache of sight answers (a pure function of positions and the static board; not game state)
        self._sight_memo: dict = {}
        #: (state key, offered action keys) of the last 'action' pending decision (not game state)
        self._offered: tuple = (None, ())
        #: ((world version, registry sizes), the resources' items, Pending) of the last `pending` answer (not game
        #: state)
        self._pending_memo: tuple | None = None

    # --- pending ----------------------------------------------------------------------------
    @property
    def pending(self) -> Pending | None:
        """SEQ-1: the decision the engine waits for (None: the game is over). A pure function of the world (its
        components and resources: the flow, a question asked, a mental combat) and the registries of actions and
        traits, so the answer is kept while the world's version, every resource (the same objects: a resource
        written without a version bump is seen) and the registries are unchanged (issue 20: `Match.step`, the
        controller's `legal_options` and `submit` ask it of one state; tests/rules/test_pending_memo.py compares it
        with `_pending` at every decision)."""
        res = self.world.resources
        got = self._pending_memo
        version = (self.world.version, len(REGISTRY), trait_hooks.registry_generation())
        if (got is not None and got[0] == version and len(got[1]) == len(res)
                and all(k == k2 and v is v2 for (k, v), (k2, v2) in zip(got[1], res.items()))):
            return got[2]
        items = tuple(res.items())
        p = self._pending()
        if p is None or isinstance(p.options, tuple):        # a list of options could be changed by its reader
            self._pending_memo = (version, items, p)
        return p

    def _pending(self) -> Pending | None:
        """`pending` computed afresh."""
        f = self.flow
        if f.stage not in ("over", "setup"):
            owed = psychology.malus_due(self.gs)
            if owed is not None:     # PSI-8: the opposing player chooses a panicked character's malus first
                return Pending("malus", self.malus_chooser(owed), psychology.malus_options(self.gs, owed),
                               actor=owed)
            lost = traits.bonus_loss_due(self.gs)
            if lost is not None:     # TRT-SAIKIKKU: the Saikikku bearer's side chooses which bonus stops working
                return Pending("bonus_loss", self.gs.world.get(lost, traits.BonusLossDue).chooser,
                               traits.bonus_options(self.gs, lost), actor=lost)
            fight = mental.current(self.gs)
            if fight is not None:    # CBA-19: a mental combat's answers come before anything else (rules/mental.py)
                return self._mental_pending(fight)
            asked = asking.waiting(self.gs)
            if asked is not None:    # TRT-BODYGUARD, TRT-FORTUNE: a question asked mid-resolution (rules/asking.py)
                return asked[0].pending(self.gs, asked[1])
        if f.stage == "deploy":
            side = next(s for s in self.gs.sides if s not in f.deployed)
            return Pending("deploy", side, deployment.deployable(self.gs, side))
        if f.stage == "wave":      # ALM-33, ALM-35: the attacker buys and places this turn's wave
            return Pending("wave", alarm_flow.ATTACKER, alarm_flow.pending_offers(self.gs))
        if f.stage == "initiative":
            chosen = {s for s, _ in f.init_choices}
            for side in self._rolling_sides():
                if side not in chosen:
                    opts = tuple(e for e in self.gs.minis()                 # MET-10: a possessed one is its own side's
                                 if possession.owner_side(self.gs, e) == side and self.gs.on_table(e))
                    return Pending("initiative", side, opts)
            return None
        if f.stage == "activate":
            side = f.order[f.next_side]
            return Pending("activate", side, tuple(self.eligible_of(side)))
        if f.stage == "action":
            key = self.world.version     # flow changes touch the world too (TurnFlow._set_flow)
            if self._offered[0] != key:       # a pure function of the state: recomputed only when it changes
                self._offered = (key, legal.offered_actions(self, f.active))
            return Pending("action", self.gs.side(f.active), self._offered[1], actor=f.active)
        if f.stage == "react" and f.window is not None and f.window.queue:
            w = f.window
            if w.duel is not None and w.duel.ask:
                return self._duel_pending(w)                   # CBA-22: a duel's window (rules/duels.py)
            e = w.queue[0]
            return Pending("react", self.gs.side(e), reactors.window_options(self.gs, w, e), actor=e,
                           window=w.timing, against=w.actor, against_action=w.action, against_target=w.target)
        return None

    # --- submit -----------------------------------------------------------------------------
    def submit(self, d: Decision) -> None:
        """Apply one decision. An illegal decision raises RuleViolation and changes nothing."""
        if asking.in_play(self.gs):      # TRT-BODYGUARD, TRT-FORTUNE: a question may come (rules/asking.py)
            asking.submit(self, d)
            return
        self._submit(d)

    def _submit(self, d: Decision) -> None:
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
        elif p.kind == "deploy":
            self._deploy(p.side, normalise_params(d.params))
        elif p.kind == "wave":
            alarm_flow.submit_wave(self, normalise_params(d.params))
        elif p.kind == "malus":
            if d.actor is not None and d.actor != p.actor:
                raise RuleViolation("PSI-8", f"the malus owed is {self.gs.name(p.actor)}'s, not {d.actor}'s")
            psychology.give_malus(self.gs, p.actor, d.action or "", p.side)
        elif p.kind == "bonus_loss":
            if d.actor is not None and d.actor != p.actor:
                raise RuleViolation("TRT-SAIKIKKU", f"the bonus lost is {self.gs.name(p.actor)}'s, not {d.actor}'s")
            traits.lose_bonus(self.gs, p.actor, d.action or "", p.side)
        self._advance()


    def malus_chooser(self, e: int) -> str:
        """PSI-8: the opposing player who chooses `e`'s malus: the first other side in initiative order (the
        scenario's order before the first initiative; the scenario's when the turn's order names no other side)."""
        sides = tuple(self.flow.order or ()) + tuple(self.gs.sides)
        me = self.gs.side(e)
        return next(s for s in sides if s != me)

    # --- legal options (ACT-1, ACT-5, REA-3; rules/options.py) --------------------------------------------
    def legal_options(self, key: str | None = None, accept=None, target: int | None = None):
        """The legal options (`options.Option`) of the pending 'action' or 'react' decision, for `key` or every
        key it offers; each validated by `check_action` / `check_reaction`. Lazy. `accept`: an optional
        predicate on the parameters, applied before validation; `target`: the one enemy `accept` keeps options
        against, so per-enemy candidates are drawn against it alone (rules/options.py)."""
        return legal.legal_options(self, key, accept, target)

    def action_menu(self):
        """Every action the pending decision could take, with its first legal option or the violation."""
        return legal.action_menu(self)
