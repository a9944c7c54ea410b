"""Grito de veterano's extra attack (TRT-VETERAN-CRY, issue 12 group D): the attack an ally owes after a critical,
at ENE 0, taken at once as the first answer of the next reaction window (rules/windows.py, rules.traits.combat_feats
``extra_first``). Offered only to a character owed one (``trait_gated``)."""
from __future__ import annotations

from wartime.core.errors import RuleViolation
from wartime.rules.actions.base import REGISTRY, Action, any_of, register
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.traits.combat_feats import ExtraAttackDue, ExtraAttacking, extra_asked, settle_extra


def _strip(params: dict | None) -> dict | None:
    return None if params is None else {k: v for k, v in params.items() if k != "weapon"}


@register
class ExtraAttack(Action):
    """TRT-VETERAN-CRY ruling: "taken at once, after the critical attack is resolved and before any reaction
    window, also when the critical came in a reaction (ENE 0, no reaction CH VOL); if not taken then, it is lost.
    Same weapon, any legal target". The attack of the critical (a shot, a melee attack, a firearm in melee, an
    unarmed attack) with the same weapon at any target it may legally take now, as a reaction at ENE 0 with no CH
    VOL (``vol_free_reaction``) and no REA-4 −1; a critical on it owes nothing more."""
    key = "extra_attack"
    world_reads = (ExtraAttackDue,)

    def world_gate(self, gs):
        """TRT-VETERAN-CRY: nobody is owed an extra attack (issue 20)."""
        return any_of(gs, ExtraAttackDue)

    rule = "TRT-VETERAN-CRY"
    category = "combat"
    has_check = True
    is_attack = True
    trait_gated = True
    vol_free_reaction = True
    zero_cost = True

    params = (Param("target", "enemy", "TRT-VETERAN-CRY: the target of the extra attack", optional=True),
              Param("aim", "point", "TRT-VETERAN-CRY: an area weapon's aim point", optional=True))

    def _due(self, gs, actor) -> ExtraAttackDue:
        due = gs.world.try_get(actor, ExtraAttackDue)
        if due is None or not extra_asked(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} is owed no extra attack now")
        return due

    def candidates(self, gs, actor, space):
        due = gs.world.try_get(actor, ExtraAttackDue)
        if due is None:
            return
        for c in REGISTRY[due.key].candidates(gs, actor, space):
            built = c.build()
            if built is not None and built.get("weapon") == due.weapon:
                yield Candidate(self.key, lambda b=built: _strip(b), c.facing, c.label)

    def refusal(self, gs, actor):
        """TRT-VETERAN-CRY: `available` without raising (issue 20): its usual refusal tested first."""
        return self.rule if gs.world.try_get(actor, ExtraAttackDue) is None else super().refusal(gs, actor)

    gate_reads = (ExtraAttackDue,)

    def gate_possible(self, gs, actor):
        """TRT-VETERAN-CRY (REA-1, issue 20): `refusal`'s first test (an extra attack is owed)."""
        return gs.world.has(actor, ExtraAttackDue)

    def available(self, gs, actor):
        self._due(gs, actor)

    def validate(self, gs, actor, params):
        due = self._due(gs, actor)
        if params.get("_window") is None:
            raise RuleViolation(self.rule, "the extra attack is taken at once, in the reaction window that asks it")
        if "weapon" in params and params["weapon"] != due.weapon:
            raise RuleViolation(self.rule, "the extra attack is made with the weapon of the critical")
        p = dict(params)
        if due.weapon is not None:
            p["weapon"] = due.weapon
        base = REGISTRY[due.key]
        return base, base.validate(gs, actor, p), due.weapon

    def cost(self, gs, actor, params, prepared):
        return 0

    def resolve(self, gs, ctx, prepared):
        base, inner, weapon = prepared
        settle_extra(gs, ctx.actor)
        if weapon is not None:
            ctx.params["weapon"] = weapon
        gs.world.set(ctx.actor, ExtraAttacking())
        try:
            base.resolve(gs, ctx, inner)
        finally:
            if gs.world.has(ctx.actor, ExtraAttacking):
                gs.world.remove(ctx.actor, ExtraAttacking)
