"""Machina mors' reaction shot (TRT-MACHINA-MORS, issue 12 group D): a weapon carrying the trait may fire as a
reaction at an enemy acting inside its field of fire, at ENE 0 and with no reaction CH VOL (REA-2; no bullet time
either, REA-5); its CH IMP target is a fixed 4 (the weapon's ``fixed_imp`` handler, rules/traits/combat_feats.py).
Offered only to a character carrying such a weapon (``trait_gated``)."""
from __future__ import annotations

from wartime.core.components import Equipment
from wartime.core.errors import RuleViolation
from wartime.rules import traits
from wartime.rules.actions.base import register
from wartime.rules.actions.combat import RangedAttack
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.traits.combat_feats import MACHINA, machina_fired, machina_shot_taken, machina_weapons


@register
class MachinaMorsShot(RangedAttack):
    """TRT-MACHINA-MORS: "Este arma puede reaccionar disparando con ENE 0 y sin CH VOL a todo en su CdT. CH IMP 4".
    A reaction only (a reaction window's `_window`), with a weapon carrying the trait, at the acting enemy (the
    window's actor) inside that weapon's field of fire: its FOV, the fixed weapon's 90° arc (ENV-5), RNG and LOS, as
    any shot (CMB-10). Ruling: one reaction shot per enemy action (the declaration window or the after-action one,
    not both); ENE 0, no CH VOL, CH IMP 4 ignoring modifiers (1 crit, 10 fumble); area weapons fire at the actor."""
    key = "machina_mors"
    rule = MACHINA
    trait_gated = True
    vol_free_reaction = True
    zero_cost = True
    scatters_out_of_view = False        # "a todo en su CdT": its field of fire, even with Alcance infinito

    params = (Param("weapon", "weapon", "TRT-MACHINA-MORS: the index of a weapon carrying the trait"),
              Param("target", "enemy", "TRT-MACHINA-MORS: the acting enemy, inside the weapon's field of fire"))

    def candidates(self, gs, actor, space):
        if space.against is None:
            return
        for i in machina_weapons(gs, actor):
            yield Candidate(self.key, lambda i=i: {"target": space.against, "weapon": i},
                            label=f"{gs.weapon(actor, i).name} at {gs.name(space.against)}")

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character with no usable weapon with the trait
        (``machina_weapons``, a pure function of its Equipment)."""
        return bool(machina_weapons(gs, actor))

    def refusal(self, gs, actor):
        """TRT-MACHINA-MORS: `available` without raising (issue 20): its usual refusal tested first."""
        return self.rule if not machina_weapons(gs, actor) else super().refusal(gs, actor)

    gate_reads = (Equipment,)

    def gate_possible(self, gs, actor):
        """TRT-MACHINA-MORS (REA-1, issue 20): the menu gate (`refusal`'s first test)."""
        return self.menu_gate(gs, actor)

    def available(self, gs, actor):
        if not machina_weapons(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} carries no usable weapon with "
                                           f"{traits.display_name(self.rule)}")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        against = params.get("_against")
        if params.get("_window") is None or against is None:
            raise RuleViolation(self.rule, "the trait's weapon fires only as a reaction to an enemy acting in its "
                                           "field of fire")
        if params.get("weapon") not in machina_weapons(gs, actor):
            raise RuleViolation(self.rule, "the reaction shot needs a usable weapon carrying the trait")
        if params.get("target") != against:
            raise RuleViolation(self.rule, "the reaction shot is fired at the acting character")
        if machina_shot_taken(gs, actor, against, params["_window"]):
            raise RuleViolation(self.rule, f"{gs.name(actor)} already fired its reaction shot at this action")
        if "aim" in params or "mode" in params:
            raise RuleViolation(self.rule, "the reaction shot is fired at the acting character, with no fire mode")
        return super().validate(gs, actor, params)

    def cost(self, gs, actor, params, prepared):
        return 0

    def resolve(self, gs, ctx, prepared):
        machina_fired(gs, ctx.actor, ctx.acting, ctx.params.get("_window"))
        super().resolve(gs, ctx, prepared)
