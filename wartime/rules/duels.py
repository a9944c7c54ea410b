"""Duels and Desenfundar (CBA-22 quick draw): a mixin of the `Engine` (rules/sequence.py) beside `ReactionWindows`
(rules/windows.py), which calls it when a reaction is declared and when a duel's window is answered.

The engine's reading of CBA-22:

* A duel (ruling 1) exists when, in the declaration window of an acting attack (`Action.is_attack`) whose target is
  the reactor, the reactor declares as a reaction (its CH VOL passed, or in bullet time, REA-2 / REA-5) an attack
  whose target is the acting character. The reactor has declared and paid its attack (REA-2, with the REA-4
  early −1 among its modifiers); it has not resolved. A reaction placed at a point of a moving attack's path (a
  charge, REA-4 `at`) happens there, before the attack, and is no duel.
* The duel's window: before the reactor's attack resolves, each duellist that may declare Desenfundar (able,
  ENE 1 payable: the reactor down to −10, the acting character, in its own activation, down to 0) is offered it
  through the ordinary `react` decision: `Pending("react", side, ("quick_draw",), actor=duellist,
  window="duel", against=the other duellist, against_action=its attack, against_target=its target)`; the
  acting character first (by default it resolves second, so it is the one with a reason to draw), then the
  reactor. Passing is a `react` decision with no action. The first declaration closes the window. A duellist
  facing a bearer of Niega (ENE) may not declare it (TRT-NEGATE, the lead's ruling: no reaction to the bearer or
  its actions; Desenfundar is declared in the bearer's attack's window).
* Declared (ruling 2): the declarer pays ENE 1; both roll CH AGI ENF (CHK-4: the acting character is side "a",
  the reactor side "b"; each with its own character modifiers and no early −1, ruling 3); crits and fumbles only
  decide the roll. Then:
  - the acting character wins: the reactor's attack waits in the window (`Window.duel`) and is resolved right
    after the acting attack (rules/pipeline.py `_after_declaration`) only if the reactor can still act (able,
    not panicking: PSI-12) and its target is still legal (re-validated); otherwise a `duel_attack_lost` event
    (CBA-22) says why;
  - the reactor wins: its attack resolves first, as REA-4 has it;
  - nobody wins (both fail): simultaneous. The engine resolves the reactor's attack first, but the acting
    attack then goes ahead even if that attack put its actor out of action or made it fail a CH PSI (the two
    shots are fired at the same moment; only the acting target's legality is still re-validated).
* Nobody declares: the core order stands (REA-4): the reactor's attack resolves first.

All duel state lives in the flow's window (`reactions.Duel`), so a save or snapshot taken in a duel's window
continues exactly. Events: `duel` (the duel exists and who may draw), `quick_draw` (declared, ENE paid), the two
`check`s and `opposed_resolved` (rule CBA-22), `duel_resolved` (whose attack goes first), `duel_attack_lost`."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from wartime.core.errors import RuleViolation
from wartime.rules import reactions, traits
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.combat_special import opposed
from wartime.rules.checks import Modifier, combine, p_opposed_win
from wartime.rules.context import ActionContext, PendingMod
from wartime.rules.energy import can_pay, price
from wartime.rules.flow import Decision, Pending, normalise_params
from wartime.rules.modifiers import character_mods
from wartime.rules.reactions import Duel, Window
from wartime.rules.state import GameState

#: CBA-22: the `Pending.window` of a duel's window, the action offered in it, and the outcomes of the roll.
DUEL_WINDOW = "duel"
QUICK_DRAW = "quick_draw"
ACTING, REACTOR, SIMULTANEOUS = "acting", "reactor", "simultaneous"


def is_duel(w: Window, reactor: int, action, params: dict) -> bool:
    """CBA-22 ruling (1): a reactive attack against the acting character, declared in the declaration window of
    the acting character's attack against the reactor."""
    acting = REGISTRY.get(w.action)
    return (w.timing == "declaration" and not w.chained and acting is not None and acting.is_attack
            and w.target == reactor and action.is_attack and params.get("target") == w.actor)


def agi_target(gs: GameState, e: int) -> int:
    """CBA-22 ruling (3): the target of `e`'s Desenfundar CH AGI: AGI and its own character modifiers (CHK-1)."""
    return gs.attrs(e).AGI + sum(m.value for m in combine(character_mods(gs, e, "AGI", "ATR")))


def quick_draw_odds(gs: GameState, declarer: int, other: int) -> Fraction:
    """CBA-22 / CHK-4: the exact probability that `declarer` wins the Desenfundar CH AGI ENF against `other`."""
    return p_opposed_win(agi_target(gs, declarer), agi_target(gs, other))


class Duels:
    """CBA-22: the duel's window, Desenfundar and the order of the duellists' attacks (see the module docstring)."""

    gs: GameState

    def _open_duel(self, w: Window, e: int, action, ctx: ActionContext) -> bool:
        """CBA-22: after reactor `e` declared and paid `action` in window `w` (the reactor at the head of its queue):
        if it makes a duel and a duellist may declare Desenfundar, store the duel in the window and stop at the
        duel's window. Returns True if the engine stopped (the reaction is then resolved by `_duel_answer`)."""
        if not is_duel(w, e, action, ctx.params):
            return False
        gs = self.gs
        duel = Duel(e, action.key, {k: v for k, v in ctx.params.items() if not k.startswith("_")}, ctx.cost,
                    tuple((m.modifier.rule, m.modifier.value, m.modifier.label, m.scope, m.used) for m in ctx.mods))
        probe = replace(w, duel=duel)
        ask = tuple(x for x in (w.actor, e) if self._may_quick_draw(probe, x))
        gs.world.emit("duel", "CBA-22", acting=w.actor, reactor=e, action=w.action, reaction=action.key,
                      may_draw=list(ask))
        if not ask:
            return False
        self._set_flow(window=replace(w, duel=replace(duel, ask=ask)))
        return True

    def _duel_pending(self, w: Window) -> Pending:
        """CBA-22: the `react` decision of the duellist asked now (see the module docstring)."""
        d = w.duel
        x = d.ask[0]
        if x == w.actor:
            other, other_action, other_target = d.reactor, d.action, w.actor
        else:
            other, other_action, other_target = w.actor, w.action, w.target
        return Pending("react", self.gs.side(x), (QUICK_DRAW,), actor=x, window=DUEL_WINDOW, against=other,
                       against_action=other_action, against_target=other_target)

    def _may_quick_draw(self, w: Window, x: int) -> bool:
        try:
            self._validate_quick_draw(w, x, QUICK_DRAW, {})
        except RuleViolation:
            return False
        return True

    def _validate_quick_draw(self, w: Window, x: int, key: str, params: dict) -> int:
        """CBA-22: whether duellist `x` may declare `key` in the duel's window of `w` (only Desenfundar; the
        action's own requirements; ENE 1 down to −10 for the reactor, to 0 for the acting character, ENE-4 /
        REA-2). Returns its cost; changes nothing."""
        gs = self.gs
        d = w.duel
        if key != QUICK_DRAW:
            raise RuleViolation("CBA-22", f"only Desenfundar (quick_draw) may be declared in a duel's window, "
                                f"not {key!r}")
        action = REGISTRY[QUICK_DRAW]
        other = d.reactor if x == w.actor else w.actor
        traits.check_negated(gs, x, other, "ENE", "Desenfundar")    # TRT-NEGATE (ENE): not against the bearer's attack
        vparams = dict(params, _window=DUEL_WINDOW, _against=other, _duel=[w.actor, d.reactor])
        prepared = action.validate(gs, x, vparams)
        cost = price(gs, x, action, vparams, prepared)
        reaction = x != w.actor
        if not can_pay(gs.energy(x), cost, reaction=reaction):
            raise RuleViolation("REA-2" if reaction else "ENE-4",
                                f"Desenfundar costs {cost} ENE: {gs.name(x)} has {gs.energy(x)}"
                                + (" and a reaction may not take it below −10" if reaction else
                                   " and in its own activation it may not go below 0"))
        return cost

    def _check_quick_draw(self, w: Window, x: int, key: str, params: dict) -> int:
        """CBA-22: `check_reaction` in a duel's window (a dry run: the cost, or the RuleViolation)."""
        d = w.duel
        if x not in (w.actor, d.reactor):
            raise RuleViolation("CBA-22", f"{self.gs.name(x)} is not one of the duellists "
                                f"({self.gs.name(w.actor)}, {self.gs.name(d.reactor)}): only they may declare "
                                "Desenfundar")
        if x != d.ask[0]:
            raise RuleViolation("REA-3", f"it is {self.gs.name(d.ask[0])}'s turn to answer the duel")
        return self._validate_quick_draw(w, x, key, params)

    def _duel_answer(self, d: Decision) -> None:
        """CBA-22: one `react` decision in the duel's window: pass (the next duellist is asked; when none is left
        the REA-4 order stands), or declare Desenfundar: pay, roll the CH AGI ENF and order the two attacks. An
        illegal decision raises and changes nothing."""
        gs = self.gs
        w = self.flow.window
        duel = w.duel
        x = duel.ask[0] if d.actor is None else d.actor
        if d.facing is not None:
            raise RuleViolation("MOV-5", "outside its activation a character cannot turn for free")
        if d.action is None:
            if x not in (w.actor, duel.reactor) or x != duel.ask[0]:
                self._check_quick_draw(w, x, QUICK_DRAW, {})          # names the rule it breaks
            gs.world.emit("reaction_passed", "REA-3", who=x, window=DUEL_WINDOW, acting=w.actor)
            if duel.ask[1:]:
                self._set_flow(window=replace(w, duel=replace(duel, ask=duel.ask[1:])))
                return
            self._duel_resolve(w, REACTOR, None)                   # nobody drew: REA-4, the reactor first
            return
        cost = self._check_quick_draw(w, x, d.action, normalise_params(d.params))
        other = duel.reactor if x == w.actor else w.actor
        gs.world.emit("quick_draw", "CBA-22", who=x, against=other, cost=cost)
        gs.set_energy(x, gs.energy(x) - cost, "CBA-22", "Desenfundar")
        winner = opposed(gs, w.actor, duel.reactor, "AGI", "CBA-22", "Desenfundar")[0]
        self._duel_resolve(w, {"a": ACTING, "b": REACTOR, None: SIMULTANEOUS}[winner], x)

    def _duel_resolve(self, w: Window, first: str, declarer: int | None) -> None:
        """CBA-22 ruling (2): order the duel's attacks; the reactor's resolves now (it won, nobody drew, or
        simultaneous) or waits in the window (the acting character won); then the window's next candidate."""
        gs = self.gs
        duel = replace(w.duel, ask=(), first=first)
        w = replace(w, duel=duel)
        e = duel.reactor
        gs.world.emit("duel_resolved", "CBA-22", acting=w.actor, reactor=e, declarer=declarer, first=first)
        if first == ACTING:
            self._next_candidate(replace(w, reacted=True), e, reactions.REACTED)
            return
        action, ctx, prepared, why = self._duel_attack(w)
        if prepared is None:                    # nothing changed since it was declared: defensive only
            gs.world.emit("duel_attack_lost", "CBA-22", who=e, action=duel.action, reason=why)
            self._next_candidate(replace(w, reacted=True), e, reactions.REACTED)
            return
        able, failed = gs.able(w.actor), w.failed
        w = self._resolve_reaction(w, e, action, ctx, prepared)
        if first == SIMULTANEOUS:
            w = replace(w, duel=replace(w.duel, spare_down=able and not gs.able(w.actor),
                                        spare_failed=not failed and w.failed))
        self._next_candidate(w, e, reactions.REACTED)

    def _duel_attack(self, w: Window):
        """The reactor's stored attack: (action, its context with its modifiers, prepared or None, why not)."""
        gs = self.gs
        d = w.duel
        action = REGISTRY[d.action]
        vparams = dict(d.params, _window=w.timing, _against=w.actor, _against_action=w.action,
                       _against_target=w.target, _chained=False)
        ctx = ActionContext(d.reactor, d.action, vparams, reaction=True, cost=d.cost, acting=w.actor, early=True)
        ctx.mods = [PendingMod(Modifier(r, v, label), scope, used) for r, v, label, scope, used in d.mods]
        try:
            return action, ctx, action.validate(gs, d.reactor, vparams), None
        except RuleViolation as exc:
            return action, ctx, None, f"its attack became illegal ({exc.rule_id}: {exc.message})"

    def _duel_after(self, w: Window, acting_ctx: ActionContext) -> None:
        """CBA-22 ruling (2): the acting character won the duel and its attack was resolved (or lost): the
        reactor's attack now resolves, only if the reactor can still act and its target is still legal. It keeps
        its REA-4 −1 but no longer interrupts the acting action (that one is over)."""
        d = w.duel
        if d is None or d.first != ACTING:
            return
        gs = self.gs
        e = d.reactor
        why = None
        if not gs.able(e):
            why = f"{gs.name(e)} was put out of action"
        elif gs.psyche(e).panic:
            why = f"{gs.name(e)} panics (PSI-12: it may only flee)"
        else:
            action, ctx, prepared, why = self._duel_attack(w)
        if why is not None:
            gs.world.emit("duel_attack_lost", "CBA-22", who=e, action=d.action, reason=why)
            return
        ctx.early = False
        self._resolve_reaction(w, e, action, ctx, prepared)
        if ctx.acting_ends:
            acting_ctx.end_activation = True                       # PSI-14
