"""Reaction actions and En guardia: Huir (CBA-24), Esquivar en CaC (CBA-17), Contracarga (CBA-13), En guardia
(GNA-8); Desenfundar (CBA-22, declared in a duel's window: rules/duels.py); Contramagia (CBA-20; the contest
is rules.metahabilities.counter_contest).
Pivotar as a reaction (MVA-19) lives with the movement actions.

The engine gives a reaction's `validate` the window it is declared in, as private parameters: `_window`
('declaration' | 'after'), `_against` (the acting character), `_against_action` (its action key) and
`_against_target` (its target, if any)."""
from __future__ import annotations

from wartime.core.errors import RuleViolation
from wartime.rules import metahabilities
from wartime.rules.actions.base import Action, register
from wartime.rules.actions.params import Param
from wartime.rules.actions.movement import apply_move, can_move, prepare_path
from wartime.rules.psychology import psi_check
from wartime.rules.reactions import MELEE_ATTACKS, set_reactive


def _declaration_window(params: dict, rule: str, what: str) -> int:
    """The acting enemy, if this is a declaration window (REA-3); else refuse naming `rule`."""
    if params.get("_window") != "declaration" or params.get("_against") is None:
        raise RuleViolation(rule, f"{what} is declared only right after the acting enemy declares its action "
                            "(declaration window, REA-3)")
    return params["_against"]


def _sees(gs, reactor: int, enemy: int, rule: str) -> None:
    if not gs.in_fov(reactor, enemy):
        raise RuleViolation(rule, f"{gs.name(enemy)} is not in {gs.name(reactor)}'s field of view (ENV-1)")
    if not gs.sees(reactor, enemy):                    # ENV-2, or TRT-META-VISION's sight through obstacles
        raise RuleViolation(rule, f"no line of sight from {gs.name(reactor)} to {gs.name(enemy)} (ENV-2)")


@register
class Flee(Action):
    """CBA-24: Huir (1 + terrain, PSI), a reaction declared right after the acting enemy declares its action and
    target: a character that is not engaged and can move moves up to 3 K in any direction keeping its facing
    (MOV-14 applies), then makes a CH PSI: the move stands whatever the result (critical CH ATR +1, fail
    +1 stress, fumble +1 stress and a CH LOC). The only reaction a panicking character may take (REA-1)."""
    key = "flee"
    rule = "CBA-24"
    category = "combat"
    moves = True
    has_check = True
    reaction_only = True

    params = (Param("path", "path", "MOV-3: waypoints [[x, y], ...] up to 3 K (the start is the base)"),)

    def candidates(self, gs, actor, space):
        return space.paths(self.key, 3.0)

    def available(self, gs, actor):
        """CBA-24, MVA-5: not engaged, not prone (the parameterless requirements; `refusal` answers them for the
        random controller's draws, rules/refusals.py)."""
        if gs.engaged(actor):
            raise RuleViolation("CBA-24", f"{gs.name(actor)} is engaged in melee and cannot flee")
        can_move(gs, actor)

    def validate(self, gs, actor, params):
        _declaration_window(params, self.rule, "Huir")
        self.available(gs, actor)
        facing = gs.pos(actor).facing
        given = params.get("end_facing")
        if given is not None and (not isinstance(given, (int, float)) or abs((float(given) - facing + 180) % 360
                                                                              - 180) > 1e-6):
            raise RuleViolation("CBA-24", "a fleeing character keeps its facing (only Pivotar turns it, MVA-19)")
        return prepare_path(gs, actor, dict(params, end_facing=facing), self.rule, 3.0, keep_engaged=False)

    def cost(self, gs, actor, params, prepared):
        return 1 + prepared.surcharge

    def resolve(self, gs, ctx, prepared):
        apply_move(gs, ctx, prepared, self.rule)
        psi_check(gs, ctx, ctx.actor, source=ctx.acting, reason="Huir", rule="CBA-24")
        ctx.failed = False          # CBA-24 ruling (3): the move stands whatever the CH PSI


@register
class Dodge(Action):
    """CBA-17: Esquivar en CaC (3, AGI ENF), a reaction declared after an enemy declares a melee combat action
    with this character as its target, before the CH IMP; the attacker in its FOV. The attacker's CH IMP then
    becomes a CH AGI ENF against the dodger (rules.reactions.dodge_contest), with no early −1."""
    key = "dodge"
    rule = "CBA-17"
    category = "combat"
    has_check = True
    reaction_only = True

    def validate(self, gs, actor, params):
        attacker = _declaration_window(params, self.rule, "Esquivar en CaC")
        if params.get("_against_action") not in MELEE_ATTACKS or params.get("_against_target") != actor:
            raise RuleViolation("CBA-17", f"Esquivar en CaC answers a melee attack against {gs.name(actor)}")
        _sees(gs, actor, attacker, self.rule)
        return attacker

    def cost(self, gs, actor, params, prepared):
        return 3

    def resolve(self, gs, ctx, attacker):
        gs.world.emit("dodging", "CBA-17", who=ctx.actor, attacker=attacker)


@register
class CounterCharge(Action):
    """CBA-13: Contracarga (3), a reaction declared right after an enemy declares Cargar against this character,
    the charger in its FOV: CH DEF +1 against the charger's one charge-boosted melee combat action (no early
    −1: its window is part of its definition)."""
    key = "counter_charge"
    rule = "CBA-13"
    category = "combat"
    reaction_only = True

    def validate(self, gs, actor, params):
        charger = _declaration_window(params, self.rule, "Contracarga")
        if params.get("_against_action") != "charge" or params.get("_against_target") != actor:
            raise RuleViolation("CBA-13", f"Contracarga answers a Cargar against {gs.name(actor)}")
        _sees(gs, actor, charger, self.rule)
        return charger

    def cost(self, gs, actor, params, prepared):
        return 3

    def resolve(self, gs, ctx, charger):
        set_reactive(gs, ctx.actor, counter_charge=charger)
        gs.world.emit("state_changed", "CBA-13", who=ctx.actor, state="counter_charge", value=charger)


@register
class OnGuard(Action):
    """GNA-8: En guardia (2), in the own activation: the character watches a fixed 180° arc and cannot pivot
    (MVA-19); its next reaction CH VOL has its target raised by 2. The state ends when that bonus is used or the
    character takes any other action (it lasts across activations until then)."""
    key = "on_guard"
    rule = "GNA-8"
    category = "generic"

    def cost(self, gs, actor, params, prepared):
        return 2

    def resolve(self, gs, ctx, prepared):
        set_reactive(gs, ctx.actor, on_guard=True)
        gs.world.emit("state_changed", "GNA-8", who=ctx.actor, state="on_guard", value=True)


@register
class QuickDraw(Action):
    """CBA-22: Desenfundar (1, AGI ENF) decides whose attack of a duel resolves first. Only a duellist declares it,
    in the duel's window the engine opens when the acting character's target answers its attack with an attack
    against it (rules/duels.py, which pays, rolls the CH AGI ENF and orders the two attacks). The engine gives
    `validate` `_window` 'duel' and `_duel` [acting, reactor]; anywhere else it is refused naming CBA-22."""
    key = "quick_draw"
    rule = "CBA-22"
    category = "combat"
    has_check = True                # AGI ENF (actions.tsv)
    reaction_only = True

    def validate(self, gs, actor, params):
        duellists = params.get("_duel") or ()
        if params.get("_window") != "duel" or not duellists:
            raise RuleViolation("CBA-22", "Desenfundar is declared only in a duel's window: after the target of an "
                                "acting attack declares, as a reaction, an attack against the acting character "
                                "(CBA-22 ruling 1)")
        if actor not in duellists:
            raise RuleViolation("CBA-22", f"{gs.name(actor)} is not one of the duellists: only they may declare "
                                "Desenfundar")
        if not gs.able(actor):
            raise RuleViolation("WND-2", f"{gs.name(actor)} cannot act")

    def cost(self, gs, actor, params, prepared):
        return 1


@register
class CounterMagic(Action):
    """CBA-20: Contramagia (3, INT ENF), a reaction declared when an acting enemy Neuromante declares an action
    checked with its CH INT (an invocation, Corromper with INT, Curar choosing stress), within the reactor's INT K
    and in its FOV: that CH INT becomes a CH INT ENF against the reactor (rules.metahabilities.counter_contest)."""
    key = "counter_magic"
    rule = "CBA-20"
    category = "combat"
    has_check = True                # INT ENF (actions.tsv)
    reaction_only = True

    def validate(self, gs, actor, params):
        return metahabilities.check_counter_magic(gs, actor, params)

    def cost(self, gs, actor, params, prepared):
        return 3

    def resolve(self, gs, ctx, acting):
        metahabilities.declare_counter(gs, ctx.actor, acting)
