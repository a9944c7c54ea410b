"""GNA-16: Usar (X) on a scenario element (a door, a lever, the bell's mechanism, a console): rules/elements.py."""
from __future__ import annotations

from wartime.core.components import Searchable, UsableElement
from wartime.core.errors import RuleViolation
from wartime.rules import elements as scenario_elements
from wartime.rules.actions.base import Action, any_of, need, register
from wartime.rules.actions.generic_more import element_in_contact
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.checks import Modifier
from wartime.rules.modifiers import roll_character_check


def _in_reach(gs, actor: int) -> list[int]:
    """GNA-16: the used elements in base contact with `actor` that it can use now, in entity order."""
    return [el for el in gs.world.query(UsableElement)
            if element_in_contact(gs, actor, gs.world.get(el, Searchable)) and scenario_elements.why_not(gs, el) is None]


@register
class UseElement(Action):
    """GNA-16: Usar (X) a scenario element in base contact (``[element.use]``): X is the ENE the scenario sets, the
    check its attribute with its difficulty (none when it sets none); a failure spends the ENE and does nothing; a
    pass opens or closes a door or works a mechanism (rules/elements.py). Taken in the own activation only."""
    key = "use_scenario_element"
    world_reads = (UsableElement,)

    def world_gate(self, gs):
        """GNA-16: the scenario has no element to use (issue 20)."""
        return any_of(gs, UsableElement)

    rule = "GNA-16"
    category = "generic"
    may_check = True

    params = (Param("element", "choice", "GNA-16: the id of a used scenario element in base contact"),)

    def candidates(self, gs, actor, space):
        for el in _in_reach(gs, actor):
            s, u = gs.world.get(el, Searchable), gs.world.get(el, UsableElement)
            what = ("close" if u.open else "open") if u.effect == "door" else "work"
            yield Candidate(self.key, lambda i=s.id: {"element": i}, label=f"{what} {s.name}")

    def available(self, gs, actor):
        if gs.world.tables.get(UsableElement) is None or not _in_reach(gs, actor):
            raise RuleViolation("GNA-16", f"no scenario element {gs.name(actor)} can use is in base contact")

    def validate(self, gs, actor, params):
        if params.get("_window") is not None:
            raise RuleViolation("GNA-16", "Use (Usar) is taken in the own activation only, not as a reaction")
        wanted = need(params, "element", self.rule, str)
        for el in gs.world.query(UsableElement):
            s = gs.world.get(el, Searchable)
            if s.id != wanted:
                continue
            if not element_in_contact(gs, actor, s):
                raise RuleViolation("GNA-16", f"{s.name} is not in base contact with {gs.name(actor)}")
            scenario_elements.check_usable(gs, el)
            return el
        raise RuleViolation("GNA-16", f"no scenario element {wanted!r} to use (Usar) on the table")

    def cost(self, gs, actor, params, prepared):
        return gs.world.try_get(prepared, UsableElement).ene

    def resolve(self, gs, ctx, el):
        u, s = gs.world.get(el, UsableElement), gs.world.get(el, Searchable)
        if u.check is not None:
            extra = [Modifier("GNA-16", u.modifier, f"{s.name}: difficulty")] if u.modifier else None
            r = roll_character_check(gs, ctx, ctx.actor, "ATR", u.check, "GNA-16", f"Usar {s.name}", extra=extra)
            if ctx.failed or not r.passed:
                gs.world.emit("element_use_failed", "GNA-16", who=ctx.actor, element=s.id)
                return
        scenario_elements.apply_use(gs, ctx.actor, el)
