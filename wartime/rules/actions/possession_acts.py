"""What a possessor does beyond Poseer and "act with" (rules/actions/metahability.py): Manejar el equipo poseído
(CBA-21: switching possessed equipment off or on, or wounding it, rules/possessed_gear.py) and Mantener la posesión
(MET-6 for Poseer, CBA-21 ruling 1: rules/possession_keep.py). Both are offered only to a character that possesses
equipment, or made a possession in the previous turn: other games' options are unchanged."""
from __future__ import annotations

from wartime.core.errors import RuleViolation
from wartime.rules import metahabilities, possessed_gear, possession_keep
from wartime.core.components import PossessedGear
from wartime.rules.actions.base import Action, any_of, register
from wartime.rules.actions.params import Candidate, Param


@register
class ControlEquipment(Action):
    """CBA-21: Manejar el equipo poseído (0): once in each of its activations for each possessed piece of equipment,
    the possessor switches it off (or on again), or gives it wounds with no CH DEF, up to QUA + 1 in all. The book
    prints no cost: the possession's own action (Poseer, 3) paid for the control, as "act with" is free for a
    possessed character."""
    key = "control_equipment"
    world_reads = (PossessedGear,)

    def world_gate(self, gs):
        """CBA-21: no equipment is possessed (issue 20)."""
        return any_of(gs, PossessedGear)

    rule = "CBA-21"
    category = "generic"
    zero_cost = True
    trait_gated = True

    params = (Param("equipment", "choice", "CBA-21: the possessed equipment's entity"),
              Param("do", "choice", "CBA-21: 'off', 'on' or 'wounds'", choices=("off", "on", "wounds")),
              Param("wounds", "choice", "CBA-21: how many wounds (1 .. QUA + 1 in all), with 'wounds'", optional=True))

    def candidates(self, gs, actor, space):
        for e, p in possessed_gear.to_handle(gs, actor):
            what = possessed_gear.name_of(gs, e, p.aim)
            for do, n in possessed_gear.choices(gs, e, p):
                more = {"wounds": n} if do == possessed_gear.WOUNDS else {}
                yield Candidate(self.key, lambda e=e, do=do, more=more: {"equipment": e, "do": do, **more},
                                label=f"{what}: {do}{f' {n}' if more else ''}")

    def available(self, gs, actor):
        if not possessed_gear.to_handle(gs, actor):
            raise RuleViolation("CBA-21", f"{gs.name(actor)} possesses no equipment it has not handled in this "
                                "activation")

    def validate(self, gs, actor, params):
        return possessed_gear.check_control(gs, actor, params)

    def cost(self, gs, actor, params, prepared):
        return 0

    def resolve(self, gs, ctx, prepared):
        possessed_gear.control(gs, ctx, ctx.actor, *prepared)


@register
class KeepPossession(Action):
    """MET-6 / CBA-21 ruling (1): Mantener la posesión (3): at the start of its activation the possessor keeps a
    possession it made or kept in the previous turn, with no check, no range and no stress requirement: the target is
    possessed again with a fresh duration (rules/possession_keep.py)."""
    key = "keep_possession"
    rule = "MET-6"
    category = "generic"
    trait_gated = True

    params = (Param("target", "character", "MET-6: a character the actor possessed last turn (or whose equipment)"),
              Param("aim", "choice", "CBA-21: its equipment possessed last turn ('transport', 'item:<id>')",
                    optional=True))

    def candidates(self, gs, actor, space):
        for t, aim in possession_keep.keepable(gs, actor):
            more = {} if aim is None else {"aim": aim}
            yield Candidate(self.key, lambda t=t, more=more: {"target": t, **more},
                            label=f"keep {gs.name(t)}{'' if aim is None else f' ({aim})'}")

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character that is neither a neuromancer nor a puppeteer, and
        only one whose traits unlock a school or that carries a binding may be one (``metahabilities.may_corrupt``)."""
        return metahabilities.may_corrupt(gs, actor)

    def available(self, gs, actor):
        if not possession_keep.keepable(gs, actor):
            raise RuleViolation("MET-6", f"{gs.name(actor)} has no possession of last turn to keep now")

    def validate(self, gs, actor, params):
        return possession_keep.check_keep(gs, actor, params)

    def cost(self, gs, actor, params, prepared):
        return possession_keep.COST

    def resolve(self, gs, ctx, prepared):
        possession_keep.keep(gs, ctx.actor, *prepared)
