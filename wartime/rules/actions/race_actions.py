"""Actions a race trait grants its bearer (the trait hook point ``grants_action``; rule = the trait's ID, cost = its
catalogue row's): Regenerar (TRT-REGENERATION), feeding on a corpse (TRT-NECROPHAGE),
stealing energy (TRT-THIRST-FOR-ENERGY)."""
from __future__ import annotations

from dataclasses import replace

from wartime.core.errors import RuleViolation
from wartime.rules import traits
from wartime.rules.actions.base import Action, need, need_target, register
from wartime.rules.actions.combat_special import opposed
from wartime.rules.actions.generic_more import corpses_in_contact
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.energy import ENERGY_CAP, REACTION_FLOOR
from wartime.rules.modifiers import roll_character_check
from wartime.rules.wounds import heal_wounds


def _wounded(gs, actor: int, rule: str) -> None:
    """A healing trait action needs wounds to remove and a bearer that may recover them (TRT-NO-CURE)."""
    if gs.wounds(actor) == 0:
        raise RuleViolation(rule, f"{gs.name(actor)} has no wounds to heal")
    denied = traits.heal_denied(gs, actor)                  # hook heal_denied (TRT-NO-CURE)
    if denied is not None:
        raise RuleViolation(denied, f"{gs.name(actor)} cannot recover wounds")


@register
class Regenerate(Action):
    """TRT-REGENERATION: "puede gastar ENE 3 y superar una CH CON para eliminar 1 herida": an action at ENE 3 of a
    wounded bearer; a passed CH CON removes 1 wound (a critical too: the row gives no more); ruling: a failed
    check has no other effect (no wound for a fumble), and a dead character regenerates nothing (it cannot act)."""
    key = "regenerate"
    rule = "TRT-REGENERATION"
    category = "generic"
    has_check = True

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character whose traits grant no action
        (``traits.granted_actions`` asks only those hooks of its trait set)."""
        return traits.carries_on(gs, actor, "grants_action", "grants_extra_action")

    def available(self, gs, actor):
        if self.key not in traits.granted_actions(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} has no {traits.display_name(self.rule)}")
        _wounded(gs, actor, self.rule)

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        return None

    def cost(self, gs, actor, params, prepared):
        return 3

    def resolve(self, gs, ctx, prepared):
        r = roll_character_check(gs, ctx, ctx.actor, "ATR", "CON", self.rule, "regeneration")
        if ctx.failed or not r.passed:
            return
        heal_wounds(gs, ctx.actor, 1, self.rule)


@register
class FeedOnCorpse(Action):
    """TRT-NECROPHAGE: "se cura 1 herida alimentándose de un cadáver (acción, ENE 5); por cada herida recuperada
    el cadáver pierde 1 CON": an action at ENE 5 of a wounded bearer; ruling: a corpse in base contact (one not
    destroyed, GNA-7), no check, and a corpse at CON 0 cannot be fed on."""
    key = "feed_on_corpse"
    rule = "TRT-NECROPHAGE"
    category = "generic"

    params = (Param("target", "character", "TRT-NECROPHAGE: a corpse in base contact with CON above 0"),)

    def candidates(self, gs, actor, space):
        for c in corpses_in_contact(gs, actor):
            yield Candidate(self.key, lambda c=c: {"target": c}, label=gs.name(c))

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character whose traits grant no action
        (``traits.granted_actions`` asks only those hooks of its trait set)."""
        return traits.carries_on(gs, actor, "grants_action", "grants_extra_action")

    def refusal(self, gs, actor):
        """TRT-NECROPHAGE: `available` without raising (issue 20): its usual refusal tested first."""
        return self.rule if self.key not in traits.granted_actions(gs, actor) else super().refusal(gs, actor)

    def available(self, gs, actor):
        if self.key not in traits.granted_actions(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} has no {traits.display_name(self.rule)}")
        _wounded(gs, actor, self.rule)
        if not [c for c in corpses_in_contact(gs, actor) if gs.base_attrs(c).CON > 0]:
            raise RuleViolation(self.rule, f"no corpse with CON left is in base contact with {gs.name(actor)}")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        t = need(params, "target", self.rule, int)
        if t not in corpses_in_contact(gs, actor):
            raise RuleViolation(self.rule, f"{t} is not a corpse in base contact with {gs.name(actor)}")
        if gs.base_attrs(t).CON <= 0:
            raise RuleViolation(self.rule, f"{gs.name(t)}'s corpse has no CON left to feed on")
        return t

    def cost(self, gs, actor, params, prepared):
        return 5

    def resolve(self, gs, ctx, t):
        before = gs.wounds(ctx.actor)
        heal_wounds(gs, ctx.actor, 1, self.rule)
        healed = before - gs.wounds(ctx.actor)
        if healed:
            a = gs.base_attrs(t)
            gs.world.set(t, replace(a, CON=a.CON - healed))
            gs.world.emit("corpse_fed_on", self.rule, who=ctx.actor, corpse=t, con=a.CON - healed)


@register
class StealEnergy(Action):
    """TRT-THIRST-FOR-ENERGY: "puede robar 3 ENE a otro Pj a tantos K como su VOL (acción: ENE 1 y CH VOL); el
    objetivo puede oponerse con una CH VOL ENF; no trabado en CaC". The target is any other character within VOL K
    (edge to edge, BAS-3). An enemy opposes (CHK-4: opposing only ever helps it, so the engine takes it for its
    controller); an ally does not, and a plain CH VOL decides. Ruling: on a success the target loses 3 ENE (floor
    −10) and the thief gains 3 (max 10)."""
    key = "steal_energy"
    rule = "TRT-THIRST-FOR-ENERGY"
    category = "generic"
    has_check = True

    params = (Param("target", "character", "TRT-THIRST-FOR-ENERGY: another character within VOL K"),)

    def candidates(self, gs, actor, space):
        for t in sorted(set(space.enemies()) | set(space.allies())):
            if gs.distance(actor, t) <= traits.vol_reach(gs, actor) + 1e-9:
                yield Candidate(self.key, lambda t=t: {"target": t}, label=gs.name(t))

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character whose traits grant no action
        (``traits.granted_actions`` asks only those hooks of its trait set)."""
        return traits.carries_on(gs, actor, "grants_action", "grants_extra_action")

    def available(self, gs, actor):
        if self.key not in traits.granted_actions(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} has no {traits.display_name(self.rule)}")
        if gs.engaged(actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} is engaged in melee: it cannot steal energy")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        t = need_target(gs, actor, params, self.rule, enemy=False)
        reach = traits.vol_reach(gs, actor)                     # VOL K (TRT-ORATOR: × 2)
        if gs.distance(actor, t) > reach + 1e-9:
            raise RuleViolation(self.rule, f"{gs.name(t)} is more than {reach:g} K (its VOL) away")
        return t

    def cost(self, gs, actor, params, prepared):
        return 1

    def resolve(self, gs, ctx, t):
        if gs.side(t) != gs.side(ctx.actor):
            won = opposed(gs, ctx.actor, t, "VOL", self.rule, "steal energy", key=ctx.key)[0] == "a"
        else:
            won = roll_character_check(gs, ctx, ctx.actor, "ATR", "VOL", self.rule, "steal energy", against=t).passed
        if ctx.failed or not won:
            return
        gs.set_energy(t, max(REACTION_FLOOR, gs.energy(t) - 3), self.rule, "energy stolen")
        gs.set_energy(ctx.actor, min(ENERGY_CAP, gs.energy(ctx.actor) + 3), self.rule, "energy stolen")
