"""Actions weapon ammunition traits give (issue 12): Apagar el fuego (TRT-INCENDIARY-AMMO): a burning character puts
the fire on it out with an action costing ENE 3 and a CH PSI (trait effect): passed, the fire is out; failed, it
keeps burning (and the CH PSI's failure has its usual effects: the action fails, +1 stress, PSI-5). Regenerar
munición (TRT-REGENERATING-AMMO): ENE 1 and a CH CAL against the weapon's CAL: passed, 1 round back into its
magazine; failed, the weapon's CAL −1 for good."""
from __future__ import annotations

from dataclasses import replace

from wartime.core.errors import RuleViolation
from wartime.rules import traits
from wartime.rules.actions.base import Action, any_of, need, register
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.checks import roll_check
from wartime.rules.burning import RULE, put_out
from wartime.rules.psychology import psi_check
from wartime.rules.traits.weapons_more import Burning

#: TRT-INCENDIARY-AMMO: "Putting the fire out costs ENE 3".
ENE = 3


@register
class PutOutFire(Action):
    """TRT-INCENDIARY-AMMO: Apagar el fuego: ENE 3 and a CH PSI; a pass puts the fire out."""
    key = "put_out_fire"
    world_reads = (Burning,)

    def world_gate(self, gs):
        """TRT-INCENDIARY-AMMO: nobody is on fire (issue 20)."""
        return any_of(gs, Burning)

    rule = RULE
    category = "generic"
    has_check = True

    def available(self, gs, actor):
        if gs.world.try_get(actor, Burning) is None:
            raise RuleViolation(self.rule, f"{gs.name(actor)} is not on fire")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        return None

    def cost(self, gs, actor, params, prepared):
        return ENE

    def resolve(self, gs, ctx, prepared):
        r = psi_check(gs, ctx, ctx.actor, source=None, reason="put out the fire", rule=self.rule)
        if r.passed:
            put_out(gs, ctx.actor)


@register
class RegenerateRound(Action):
    """TRT-REGENERATING-AMMO: Regenerar munición: ENE 1 and a CH CAL (the weapon's CAL as the target, no modifier):
    a pass puts 1 round back into the weapon's magazine (up to full); a failure lowers its CAL by 1 for good."""
    key = "regenerate_round"
    rule = "TRT-REGENERATING-AMMO"
    category = "generic"
    has_check = True

    params = (Param("weapon", "weapon", "TRT-REGENERATING-AMMO: the index of a weapon with regenerating ammunition"),)

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character none of whose weapons carries a trait on
        ``regenerates`` (a pure function of its Equipment)."""
        return any(traits.regenerates(w) is not None for w in gs.equipment(actor).weapons)

    def available(self, gs, actor):
        if not any(traits.regenerates(w) is not None for w in gs.equipment(actor).weapons):
            raise RuleViolation(self.rule, f"{gs.name(actor)} carries no weapon with "
                                f"{traits.display_name(self.rule)}")

    def candidates(self, gs, actor, space):
        for i in space.weapons():
            if traits.regenerates(gs.weapon(actor, i)) is not None:
                yield Candidate(self.key, lambda i=i: {"weapon": i}, label=gs.weapon(actor, i).name)

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        idx = need(params, "weapon", self.rule, int)
        w = gs.weapon(actor, idx)
        if w is None or traits.regenerates(w) is None:
            raise RuleViolation(self.rule, f"{gs.name(actor)} has no weapon {idx} with "
                                f"{traits.display_name(self.rule)}")
        if w.magazine is None or (w.rounds or 0) >= w.magazine:
            raise RuleViolation(self.rule, f"{w.name}'s magazine is full")
        return idx

    def cost(self, gs, actor, params, idx):
        return 1

    def resolve(self, gs, ctx, idx):
        w = gs.weapon(ctx.actor, idx)
        c = roll_check(gs.world, ctx.actor, "QUA", None, w.QUA, [], self.rule, "CH CAL", weapon=w.name)
        if c.passed:
            gs.set_weapon(ctx.actor, idx, replace(w, rounds=min(w.magazine, (w.rounds or 0) + 1)))
            gs.world.emit("round_regenerated", self.rule, who=ctx.actor, weapon=w.name, rounds=(w.rounds or 0) + 1)
        else:
            gs.set_weapon(ctx.actor, idx, replace(w, QUA=max(0, w.QUA - 1)))
            gs.world.emit("quality_lost", self.rule, who=ctx.actor, weapon=w.name, QUA=max(0, w.QUA - 1))
