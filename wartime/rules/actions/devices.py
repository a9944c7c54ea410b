"""Actions device traits give (issue 12, group C): Marcar con el marcador (TRT-TARGET-DESIGNATOR): ENE 1, no check;
an enemy in the marker's field of view and line of sight (ruling: needs LdV), within the ALC of one of its designators
(a weapon carrying the trait, its RNG as its traits set it, or an object it holds, not disabled), is marked for the
rest of the game (rules.traits.devices: CH IMP +1 for the marker's attacks on it). Corrector de puntería
(TRT-AIM-CORRECTOR): the answer that rerolls an area attack's dispersion, declared only in the question the engine
asks (rules/aim_correction.py)."""
from __future__ import annotations

from wartime.core.components import Equipment, Gear, Item
from wartime.core.errors import RuleViolation
from wartime.rules import aim_correction, traits
from wartime.rules.actions.base import Action, QuestionAnswer, need_target, register
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.objects import held_gear
from wartime.rules.traits.devices import DESIGNATOR, mark, marked_by

#: TRT-TARGET-DESIGNATOR: "marcar un objetivo (acción, ENE 1)".
ENE = 1


def designator_reach(gs, e: int) -> int | None:
    """TRT-TARGET-DESIGNATOR: the longest ALC (K) of `e`'s usable designators: its weapons carrying the trait (their
    RNG in play) and the objects with it it holds (not disabled, WND-4); None: it has none."""
    reaches = [traits.weapon_range(w) for w in gs.equipment(e).weapons
               if DESIGNATOR in w.traits and not getattr(w, "disabled", False)]
    reaches += [g.RNG for _, g in held_gear(gs, e) if DESIGNATOR in g.traits and not g.disabled]
    return max(reaches, default=None)


@register
class DesignateTarget(Action):
    """TRT-TARGET-DESIGNATOR: Marcar con el marcador: ENE 1, an enemy in FOV (ENV-1) and LOS (ENV-2) within the
    designator's ALC (BAS-3 distance), not marked by this character yet; the mark lasts the game. TRT-NEGATE (RNG):
    a target cancelling RNG is marked only in base contact."""
    key = "designate_target"
    rule = DESIGNATOR
    category = "generic"
    trait_gated = True

    params = (Param("target", "character", "TRT-TARGET-DESIGNATOR: an enemy in view within the designator's ALC"),)

    def candidates(self, gs, actor, space):
        for t in space.enemies():
            yield Candidate(self.key, lambda t=t: {"target": t}, label=gs.name(t))

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character with no usable designator (``designator_reach``: its
        Equipment's weapons and the objects it holds; with an object in play nothing is kept)."""
        return designator_reach(gs, actor) is not None

    def refusal(self, gs, actor):
        """TRT-TARGET-DESIGNATOR: `available` without raising (issue 20): its usual refusal tested first."""
        return self.rule if designator_reach(gs, actor) is None else super().refusal(gs, actor)

    gate_reads = (Equipment, Gear, Item)

    def gate_possible(self, gs, actor):
        """TRT-TARGET-DESIGNATOR (REA-1, issue 20): the menu gate (`refusal`'s first test)."""
        return self.menu_gate(gs, actor)

    def available(self, gs, actor):
        if designator_reach(gs, actor) is None:
            raise RuleViolation(self.rule, f"{gs.name(actor)} has no usable {traits.display_name(self.rule)}")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        t = need_target(gs, actor, params, self.rule)
        if actor in marked_by(gs, t):
            raise RuleViolation(self.rule, f"{gs.name(actor)} has already marked {gs.name(t)}")
        field = traits.mark_field(gs, t)
        if field is not None:                    # TRT-DARKNESS-FIELD: no mark can be placed inside a field
            raise RuleViolation(field, f"{gs.name(t)} is inside a {traits.display_name(field)}: no mark holds there")
        traits.check_reach_negated(gs, actor, t, "designator")   # TRT-NEGATE (RNG): its ALC counts 0
        reach = designator_reach(gs, actor)
        if gs.distance(actor, t) > reach + 1e-9:
            raise RuleViolation(self.rule, f"{gs.name(t)} is beyond the designator's ALC ({reach} K)")
        if not gs.in_fov(actor, t):
            raise RuleViolation("ENV-1", f"{gs.name(t)} is not in {gs.name(actor)}'s field of view")
        if not gs.has_los(actor, t):
            raise RuleViolation("ENV-2", f"no line of sight to {gs.name(t)}")
        return t

    def cost(self, gs, actor, params, t):
        return ENE

    def resolve(self, gs, ctx, t):
        mark(gs, ctx.actor, t)


@register
class RerollDispersion(QuestionAnswer):
    """TRT-AIM-CORRECTOR ruling: the user may reroll an area attack's dispersion once (the second stands). Declared in
    the question the engine asks after the first dispersion (ENE 0, no CH VOL, no bullet time); the engine rolls it
    again where it was asked (rules/aim_correction.py)."""
    key = aim_correction.KEY
    rule = aim_correction.AIM_CORRECTOR
    question = aim_correction
    resolved_by = "a dispersion's reroll is applied by the engine's question (rules/aim_correction.py)"

    def candidates(self, gs, actor, space):
        q = aim_correction.current(gs)
        if q is not None and q.who == actor:
            yield Candidate(self.key, lambda: {}, label="reroll the dispersion (TRT-AIM-CORRECTOR)")
