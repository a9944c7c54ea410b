"""Generic actions: Apoyar, Concentrarse, Curar/Reparar, Esperar, Recargar (GNA-1, GNA-4, GNA-5, GNA-10,
GNA-13), and ending the activation (ENE-4)."""
from __future__ import annotations

from wartime.core.components import Stress
from wartime.core.errors import RuleViolation
from wartime.rules import holds, metahabilities, traits
from wartime.rules.actions.base import Action, need, need_target, register
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.modifiers import roll_character_check
from wartime.rules.psychology import psi_check
from wartime.rules.wounds import apply_wounds, can_be_healed, heal_wounds


@register
class Support(Action):
    """GNA-1: Apoyar (3): an ally within 2 K gets +1 on its next CH ATR (not cumulative)."""
    key = "support"
    rule = "GNA-1"
    category = "generic"

    params = (Param("target", "ally", "GNA-1: an ally within 2 K"),)

    def candidates(self, gs, actor, space):
        for a in space.allies():
            yield Candidate(self.key, lambda a=a: {"target": a}, label=gs.name(a))

    def validate(self, gs, actor, params):
        t = need_target(gs, actor, params, self.rule, enemy=False)
        if gs.side(t) != gs.side(actor):
            raise RuleViolation("GNA-1", f"{gs.name(t)} is not an ally")
        if gs.distance(actor, t) > 2.0 + 1e-9:
            raise RuleViolation("GNA-1", f"{gs.name(t)} is more than 2 K away")
        return t

    def cost(self, gs, actor, params, prepared):
        return 3

    def resolve(self, gs, ctx, t):
        gs.set_effects(t, support=1)
        gs.world.emit("supported", "GNA-1", who=ctx.actor, ally=t)


@register
class Concentrate(Action):
    """GNA-4: Concentrarse (2): +1 per consecutive use (max +3) on the first CH ATR of the next action."""
    key = "concentrate"
    rule = "GNA-4"
    category = "generic"

    def cost(self, gs, actor, params, prepared):
        return 2

    def resolve(self, gs, ctx, prepared):
        # the engine carries a running total while Concentrarse actions follow each other
        step = traits.concentrate_step(gs, ctx.actor)           # hook concentrate_step (TRT-FOCUSED-MIND: +2)
        level = min(3, ctx.params.get("_concentrate_before", 0) + step)
        gs.set_effects(ctx.actor, concentrate=level, concentrate_building=True)
        gs.world.emit("concentrating", "GNA-4", who=ctx.actor, bonus=level)


@register
class Heal(Action):
    """GNA-5: Curar / Reparar (3, INT): self or a character in contact whose wounds do not exceed its CON
    (WND-1). Pass: 1 wound recovered; critical: 3; fail: +1 wound; fumble: +3 wounds (no CH DEF)."""
    key = "heal"
    rule = "GNA-5"
    category = "generic"
    has_check = True

    params = (Param("target", "character", "GNA-5: the character healed (itself when left out) or one in contact",
                    optional=True),
              Param("cure", "choice", "PSI-13: 'stress' cures stress instead of wounds", optional=True,
                    choices=("wounds", "stress")))

    def candidates(self, gs, actor, space):
        yield Candidate(self.key, lambda: {}, label="itself")
        for a in space.allies():
            if gs.in_contact(actor, a):
                yield Candidate(self.key, lambda a=a: {"target": a}, label=gs.name(a))
        if metahabilities.is_neuromancer(gs, actor):          # GNA-5 / PSI-13: the Neuromante's stress cure
            yield Candidate(self.key, lambda: {"cure": "stress"}, label="its own stress")
            for a in space.allies():
                if gs.in_contact(actor, a):
                    yield Candidate(self.key, lambda a=a: {"target": a, "cure": "stress"},
                                    label=f"{gs.name(a)}'s stress")
        for a in gs.allies(actor, able_only=False):          # CBA-26: attending to a knocked-out ally wakes it
            if holds.can_wake(gs, a, actor) and gs.in_contact(actor, a):
                yield Candidate(self.key, lambda a=a: {"target": a}, label=f"{gs.name(a)} (knocked out)")

    def validate(self, gs, actor, params):
        t = params.get("target", actor)
        if t != actor:
            t = need_target(gs, actor, params, self.rule, enemy=False)
            if not gs.in_contact(actor, t):
                raise RuleViolation("GNA-5", f"{gs.name(t)} is not in base contact")
        if not can_be_healed(gs.attrs(t).CON, gs.wounds(t)):
            raise RuleViolation("WND-1", f"{gs.name(t)} has more wounds than CON and cannot be healed")
        if params.get("cure") == "stress":
            if gs.world.get(t, Stress).value == 0:
                raise RuleViolation("GNA-5", f"{gs.name(t)} has no stress to cure")
            return t
        if gs.wounds(t) == 0 and not holds.can_wake(gs, t, actor):
            raise RuleViolation("GNA-5", f"{gs.name(t)} has no wounds to heal")
        denied = traits.heal_denied(gs, t)                      # hook heal_denied (TRT-NO-CURE)
        if denied is not None and params.get("cure") != "stress" and not holds.can_wake(gs, t, actor):
            raise RuleViolation(denied, f"{gs.name(t)} cannot recover wounds")
        return t

    def cost(self, gs, actor, params, prepared):
        return 3

    def resolve(self, gs, ctx, t):
        holds.wake(gs, t, ctx.actor)            # CBA-26 ruling (1): attended to, it wakes whatever the result
        r = roll_character_check(gs, ctx, ctx.actor, "ATR", "INT", "GNA-5", "Curar", against=t)
        if ctx.params.get("cure") == "stress":                 # GNA-5 ruling (3), PSI-13; CBA-20 may answer it
            if not metahabilities.countered(gs, ctx, ctx.actor, r) and not ctx.failed:
                metahabilities.heal_stress(gs, ctx, ctx.actor, t, r)
            return
        if ctx.failed:
            return
        if r.critical:
            heal_wounds(gs, t, 3, "GNA-5")
        elif r.passed:
            heal_wounds(gs, t, 1, "GNA-5")
        else:
            state = apply_wounds(gs, t, 3 if r.fumble else 1, source=ctx.actor, rule="GNA-5")
            if state == "active" and not gs.unconscious(t):
                # PSI-1: suffering wounds calls for a CH PSI (not when they incapacitate or kill, CMB-5); the
                # source (PSI-7) is the healer only if it is an enemy
                psi_check(gs, ctx, t, source=ctx.actor if gs.side(ctx.actor) != gs.side(t) else None,
                          reason="wounded", rule="PSI-1")


@register
class Wait(Action):
    """GNA-10: Esperar (1): only as the first action of the activation, not engaged, not in phase 1; the
    character acts again from the next phase, continuing the same activation (no second ENE gain)."""
    key = "wait"
    rule = "GNA-10"
    category = "generic"

    def validate(self, gs, actor, params):
        return self.available(gs, actor)

    def available(self, gs, actor):
        flow = gs.world.resources["flow"]
        if gs.activation(actor).actions > 0:
            raise RuleViolation("GNA-10", "Esperar must be the first action of the activation")
        if flow.phase <= 1:
            raise RuleViolation("GNA-10", "Esperar cannot be used in phase 1")
        if gs.engaged(actor):
            raise RuleViolation("GNA-10", f"{gs.name(actor)} is engaged in melee")
        return flow.phase - 1

    def cost(self, gs, actor, params, prepared):
        return 1

    def resolve(self, gs, ctx, next_phase):
        gs.set_activation(ctx.actor, waiting_until=next_phase)
        ctx.end_activation = True
        gs.world.emit("waiting", "GNA-10", who=ctx.actor, until_phase=next_phase)


@register
class Reload(Action):
    """GNA-13: Recargar (X = the weapon's profile DMG): a weapon whose traits can be reloaded (hook point
    `reload`: TRT-MAGAZINES mounts a full magazine)."""
    key = "reload"
    rule = "GNA-13"
    category = "generic"

    params = (Param("weapon", "weapon", "GNA-13: the index of a weapon with magazines (TRT-MAGAZINES)"),)

    def candidates(self, gs, actor, space):
        for i in space.weapons():
            if traits.reloaded(gs.weapon(actor, i)) is not None:
                yield Candidate(self.key, lambda i=i: {"weapon": i}, label=gs.weapon(actor, i).name)

    def validate(self, gs, actor, params):
        idx = need(params, "weapon", self.rule, int)
        w = gs.weapon(actor, idx)
        if w is None:
            raise RuleViolation("GNA-13", f"{gs.name(actor)} has no weapon number {idx}")
        full = traits.reloaded(w)
        if full is None:
            raise RuleViolation("GNA-13", f"{w.name} has nothing to reload (no trait such as TRT-MAGAZINES)")
        if full == w:
            raise RuleViolation("GNA-13", f"{w.name}'s magazine is already full")
        return idx

    def cost(self, gs, actor, params, idx):
        return gs.weapon(actor, idx).DMG

    def resolve(self, gs, ctx, idx):
        w = traits.reloaded(gs.weapon(ctx.actor, idx))
        gs.set_weapon(ctx.actor, idx, w)
        gs.world.emit("reloaded", "GNA-13", who=ctx.actor, weapon=w.name, rounds=w.rounds)


@register
class EndActivation(Action):
    """ENE-4: the character may end its activation at any moment and keep its remaining ENE."""
    key = "end"
    rule = "ENE-4"
    category = "free"
    free = True

    def cost(self, gs, actor, params, prepared):
        return 0

    def resolve(self, gs, ctx, prepared):
        ctx.end_activation = True
