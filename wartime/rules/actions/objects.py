"""GNA-16: Usar (X): use an object the character holds (rules/objects.py).

GNA-16 rulings for the other elements the digest names ("open a door, ... put on or activate a protection"):

* A scenario element is used "as the element or scenario says": the book gives no element an effect of its own,
  and the scenario format (docs/data-formats.md) has no usable element: its elements are searched (Buscar, GNA-2),
  so Usar has no scenario element to take (a reference to one is refused as not an object).
* A protection's ENE is what it costs to put on or activate (BLD-7; ENE 0: it cannot be taken off, BLD-8). A list
  fields its protections worn, except those its character names `carried` (rules/carried.py). Usar puts a carried
  one on (WearProtection, below): its ENE, no check, and from then on its DEF, fit, overload and traits count. A
  protection received by Comerciar or Saquear is SIZ 0 (only those change hands), not worn (BLD-8): it works as
  soon as it is held. No rule takes a protection off in play. The energy shields' own recovery actions are their
  traits' (rules/actions/shield_actions.py)."""
from __future__ import annotations

from wartime.core.errors import RuleViolation
from wartime.rules import carried, objects, scattered_shots, switched_off, traits
from wartime.core.components import CarriedProtections, Gear
from wartime.rules.actions.base import Action, any_of, need, need_target, register
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.item_use import use_passes
from wartime.rules.items import parse_ref
from wartime.rules.psychology import add_stress
from wartime.rules.wounds import apply_wounds, check_usable


def usable_gear(gs, e: int) -> list[tuple[int, object]]:
    """GNA-16: the objects `e` holds that it can use now: one with an effect (a trait on ``object_effect``), not
    disabled (WND-4) and with a use left (TRT-CHARGES)."""
    return [(i, g) for i, g in objects.held_gear(gs, e)
            if not g.disabled and g.charges != 0 and traits.object_usable(g) and not switched_off.is_off(gs.world, i)]


def in_reach(gs, e: int, g, target: int) -> bool:
    """BLD-17: RNG is the distance in K at which a target can be chosen; RNG 0: the user or a model in base
    contact. TRT-INFINITE-RANGE on it: besides, any target in its line of sight (traits/kinds2.py); beyond the
    object's RNG and outside the user's field of view the use scatters (`scatters_use`)."""
    if target == e:
        return True
    if traits.unlimited_range(g) is not None and gs.has_los(e, target):
        return True
    return _within_rng(gs, e, g, target)


def _within_rng(gs, e: int, g, target: int) -> bool:
    if g.RNG == 0:
        return gs.in_contact(e, target)
    return gs.distance(e, target) <= g.RNG + 1e-9


def scatters_use(gs, e: int, g, target: int) -> str | None:
    """TRT-INFINITE-RANGE: a use of object `g` on `target` beyond the object's own RNG and outside the user's field
    of view scatters (rules.scattered_shots): the rule, or None (within its RNG the object reaches as BLD-17 says,
    seen or not)."""
    if target == e or _within_rng(gs, e, g, target):
        return None
    return scattered_shots.scatters(gs, e, target, g)


@register
class UseObject(Action):
    """GNA-16: Usar (X = the object's ENE): an object the character holds, on itself or on a character within the
    object's RNG (BLD-17; RNG 0: base contact). No check unless a trait of the object asks one (Prueba de ...:
    a failure spends the ENE and does nothing; Neuropsico: a CH PSI, PSI-5 on a failure); with Alcance infinito
    (TRT-INFINITE-RANGE) a target beyond its RNG and outside the user's field of view makes the use scatter: it
    takes effect on whoever it lands on, or on no one (the use is spent all the same); the effect is its traits'
    (rules/traits/objects.py); then what a
    use costs the object and its user (Dañino, Defectuoso, Malvado) and a use spent (Cargas) or the object removed
    (Elixir). TRT-NEGATE (RNG): a target cancelling RNG is reached only in base contact."""
    key = "use_object"
    world_reads = (Gear,)

    def world_gate(self, gs):
        """GNA-16: no object is in play (issue 20)."""
        return any_of(gs, Gear)

    rule = "GNA-16"
    category = "generic"
    may_check = True

    params = (Param("item", "choice", "GNA-16: the object used ('item:<id>')"),
              Param("target", "character", "GNA-16: the character it is used on (the user when left out), within "
                    "the object's RNG (RNG 0: base contact)", optional=True),
              Param("choice", "choice", "what a use of this object chooses (TRT-VITAMIN-COCKTAIL: the attribute it "
                    "raises: CON, AGI, INT or VOL)", optional=True))

    def candidates(self, gs, actor, space):
        others = [a for a in gs.allies(actor, able_only=False)] + gs.enemies(actor)
        for i, g in usable_gear(gs, actor):
            ref = f"item:{i}"
            for c in traits.object_choices(g, gs, actor) or (None,):
                more = {} if c is None else {"choice": c}
                tag = "" if c is None else f" ({c})"
                yield Candidate(self.key, lambda ref=ref, more=more: {"item": ref, **more},
                                label=f"{g.name}{tag} (itself)")
                for t in sorted(others):
                    if in_reach(gs, actor, g, t):
                        yield Candidate(self.key, lambda ref=ref, t=t, more=more: {"item": ref, "target": t, **more},
                                        label=f"{g.name}{tag} on {gs.name(t)}")

    def available(self, gs, actor):
        if not usable_gear(gs, actor):
            raise RuleViolation("GNA-16", f"{gs.name(actor)} holds no object it can use")

    def validate(self, gs, actor, params):
        if params.get("_window") is not None:
            raise RuleViolation("GNA-16", "Use (Usar) is taken in the own activation only, not as a reaction")
        ref = need(params, "item", self.rule, str)
        kind, item = parse_ref(gs, actor, ref, self.rule, mounted=True)          # BLD-20: a mounted one too
        g = objects.gear(gs, item) if kind == "item" else None
        if g is None:
            raise RuleViolation("GNA-16", f"{ref} is not an object (only objects are used with Usar)")
        check_usable(g)                                         # WND-4 disabled, WND-5 destroyed
        switched_off.check_on(gs.world, item, g.name)           # CBA-21: possessed and switched off
        if g.charges == 0:
            raise RuleViolation("TRT-CHARGES", f"{g.name} has no use left")
        if not traits.object_usable(g):
            raise RuleViolation("GNA-16", f"{g.name} has nothing to use (no trait with an effect)")
        target = actor
        if "target" in params and params["target"] != actor:
            target = need_target(gs, actor, params, self.rule, enemy=False)
            traits.check_reach_negated(gs, actor, target, f"use of {g.name}")   # TRT-NEGATE (RNG): contact only
            if not in_reach(gs, actor, g, target):
                where = "in base contact" if g.RNG == 0 else f"within {g.RNG} K (its RNG)"
                if traits.unlimited_range(g) is not None:
                    where = "in its line of sight (TRT-INFINITE-RANGE)"
                raise RuleViolation("GNA-16", f"{gs.name(target)} is not {where}")
        traits.check_object_target(gs, actor, g, target)
        choices = traits.object_choices(g, gs, actor)
        choice = params.get("choice")
        if choices and choice not in choices:
            raise RuleViolation("GNA-16", f"using {g.name} chooses one of {', '.join(choices)} (choice), got {choice!r}")
        if not choices and choice is not None:
            raise RuleViolation("GNA-16", f"{g.name} has nothing to choose (no choice parameter)")
        return item, target, choice

    def cost(self, gs, actor, params, prepared):
        return objects.gear(gs, prepared[0]).ENE

    def resolve(self, gs, ctx, prepared):
        item, target, choice = prepared
        e = ctx.actor
        g = objects.gear(gs, item)
        if not use_passes(gs, ctx, e, g, "GNA-16", f"Usar {g.name}"):    # Prueba de ..., TRT-NEUROPSYCHO
            gs.world.emit("object_use_failed", "GNA-16", who=e, item=g.name)
            return
        stray = scatters_use(gs, e, g, target)
        if stray is not None:                     # TRT-INFINITE-RANGE: outside the FOV the use scatters
            landed = scattered_shots.scatter_shot(gs, e, target, stray, item=g.name)
            if landed is not None:
                try:
                    traits.check_object_target(gs, e, g, landed)
                except RuleViolation:
                    landed = None
            target = landed
        if target is None:
            gs.world.emit("object_use_failed", stray, who=e, item=g.name)
        else:
            gs.world.emit("object_used", "GNA-16", who=e, item=g.name, target=target)
            objects.use_on(gs, e, g, target, choice, "GNA-16")
        for wear in traits.weapon_wear(gs, e, g):            # TRT-HARMFUL, TRT-DEFECTIVE with objects
            if wear.item_wounds:
                objects.wound_gear(gs, e, item, wear.item_wounds, wear.rule)
            if wear.user_wounds and gs.on_table(e):
                apply_wounds(gs, e, wear.user_wounds, source=None, rule=wear.rule)
        for rule, n in traits.use_stress(gs, e, g):           # TRT-EVIL
            if gs.able(e):
                add_stress(gs, ctx, e, n, rule, source=None)
        after = objects.gear(gs, item)
        objects.set_gear(gs, item, traits.object_used(after), "GNA-16")


@register
class WearProtection(Action):
    """GNA-16 / BLD-7: Usar (X = the protection's ENE) on a protection the character carries but does not wear
    (rules/carried.py): it puts it on, or activates it; no check. In the own activation only."""
    key = "use_protection"
    world_reads = (CarriedProtections,)

    def world_gate(self, gs):
        """GNA-16: nobody carries a protection to put on (issue 20)."""
        return any_of(gs, CarriedProtections)

    rule = "GNA-16"
    category = "generic"

    params = (Param("protection", "choice", "GNA-16: the index of a carried protection (not worn) to put on"),)

    def candidates(self, gs, actor, space):
        for n, p in enumerate(carried.carried(gs, actor)):
            yield Candidate(self.key, lambda n=n: {"protection": n}, label=f"put on {p.name} (DEF {p.DEF})")

    def available(self, gs, actor):
        if not carried.carried(gs, actor):
            raise RuleViolation("GNA-16", f"{gs.name(actor)} carries no protection to put on")

    def validate(self, gs, actor, params):
        if params.get("_window") is not None:
            raise RuleViolation("GNA-16", "Use (Usar) is taken in the own activation only, not as a reaction")
        n = need(params, "protection", self.rule, int)
        carried.protection(gs, actor, n)
        return n

    def cost(self, gs, actor, params, prepared):
        return carried.carried(gs, actor)[prepared].ENE                 # BLD-7: its ENE to put on or activate

    def resolve(self, gs, ctx, prepared):
        carried.put_on(gs, ctx.actor, prepared)
