"""La mano de la muerte (TRT-HAND-OF-DEATH, also given by TRT-DOOMED): the action that passes one wound from one
character to another (issue 12, group B). Offered only to a character whose traits grant it (hook
``grants_action``, rules/traits/battle_cries.py)."""
from __future__ import annotations

from wartime.core.errors import RuleViolation
from wartime.rules import traits
from wartime.rules.actions.base import Action, need, register
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.modifiers import opposed, roll_character_check
from wartime.rules.wounds import apply_wounds, heal_wounds

RULE = "TRT-HAND-OF-DEATH"
#: The VOL from which the bearer chooses both source and destination within VOL K ("Con VOL6", ruling: 6 or more).
FAR_VOL = 6


def far(gs, actor: int) -> bool:
    """TRT-HAND-OF-DEATH ruling: with VOL 6 or more the source and the destination may be any characters within
    VOL K (traits.vol_reach: TRT-ORATOR doubles it); below, the source is the bearer and the destination a
    character in base contact."""
    return gs.attrs(actor).VOL >= FAR_VOL


def resists(gs, actor: int, t: int) -> bool:
    """An enemy destination that is able (neither incapacitated nor unconscious) is not willing: CH VOL ENF."""
    return gs.side(t) != gs.side(actor) and gs.able(t)


def sources(gs, actor: int) -> list[int]:
    """TRT-HAND-OF-DEATH ruling: the wound comes from the bearer, or with VOL 6 from the bearer or an ally within
    VOL K (a willing character; an enemy's wound is never taken off it), with a wound that may be removed
    (TRT-NO-CURE keeps its wounds)."""
    if far(gs, actor):
        reach = traits.vol_reach(gs, actor)
        pool = [actor] + [o for o in gs.minis() if o != actor and gs.on_table(o) and gs.side(o) == gs.side(actor)
                          and gs.pos(o).level == gs.pos(actor).level and gs.distance(actor, o) <= reach + 1e-9]
    else:
        pool = [actor]
    return [s for s in pool if gs.wounds(s) > 0 and traits.heal_denied(gs, s) is None]


def destinations(gs, actor: int, source: int) -> list[int]:
    """Any other character on the table at the bearer's level: in base contact with the bearer, or with VOL 6 within
    VOL K of it (the bearer itself included)."""
    out = []
    for o in gs.minis():
        if o == source or not gs.on_table(o) or gs.pos(o).level != gs.pos(actor).level:
            continue
        if far(gs, actor):
            if o == actor or gs.distance(actor, o) <= traits.vol_reach(gs, actor) + 1e-9:
                out.append(o)
        elif gs.in_contact(actor, o):
            out.append(o)
    return out


@register
class HandOfDeath(Action):
    """TRT-HAND-OF-DEATH: "puede (ENE 3, CH VOL) pasar 1 herida a otro Pj voluntario o inconsciente. Con VOL6,
    puede elegir origen y destino a VOL K. Con enemigo, CH VOL ENF." An action at ENE 3: a passed CH VOL (a won CH
    VOL ENF against an able enemy destination) removes 1 wound from the source and adds it to the destination
    without CH DEF (apply_wounds: it may incapacitate or kill it). Without VOL 6 the source is the bearer and the
    destination a character in base contact. Ruling: an action of its own activation, not a reaction
    (rules.reactions.OWN_ACTIVATION_ONLY; Condenado's doom is lifted by one taken in its activation)."""
    key = "hand_of_death"
    rule = RULE
    category = "generic"
    has_check = True

    params = (Param("target", "character", "TRT-HAND-OF-DEATH: the character that takes the wound"),
              Param("source", "character", "TRT-HAND-OF-DEATH: the wounded character it comes from (the bearer "
                    "unless VOL 6: an ally within VOL K)", optional=True))

    def candidates(self, gs, actor, space):
        for s in sources(gs, actor):
            for t in destinations(gs, actor, s):
                yield Candidate(self.key, lambda s=s, t=t: {"target": t, "source": s},
                                label=f"{gs.name(s)} → {gs.name(t)}")

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character whose traits grant no action
        (``traits.granted_actions`` asks only those hooks of its trait set)."""
        return traits.carries_on(gs, actor, "grants_action", "grants_extra_action")

    def available(self, gs, actor):
        if self.key not in traits.granted_actions(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} has no {traits.display_name(self.rule)}")
        if not any(destinations(gs, actor, s) for s in sources(gs, actor)):
            raise RuleViolation(self.rule, f"{gs.name(actor)} has no wound to pass to anyone in reach")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        s = params.get("source", actor)
        t = need(params, "target", self.rule, int)
        if s not in sources(gs, actor):
            raise RuleViolation(self.rule, f"{s} is not a wounded character whose wound {gs.name(actor)} may pass")
        if t not in destinations(gs, actor, s):
            reach = "within its VOL K" if far(gs, actor) else "in base contact"
            raise RuleViolation(self.rule, f"{t} is not another character on the table {reach}")
        return s, t

    def cost(self, gs, actor, params, prepared):
        return 3

    def resolve(self, gs, ctx, prepared):
        s, t = prepared
        e = ctx.actor
        if resists(gs, e, t):
            won = opposed(gs, e, t, "VOL", self.rule, "hand of death", key=ctx.key)[0] == "a"
        else:
            won = roll_character_check(gs, ctx, e, "ATR", "VOL", self.rule, "hand of death", against=t).passed
        if ctx.failed or not won:
            return
        gs.world.emit("wound_passed", self.rule, who=e, source=s, target=t)
        heal_wounds(gs, s, 1, self.rule)
        apply_wounds(gs, t, 1, source=e, rule=self.rule)
        if s == e:           # it passed one of its own wounds this activation (TRT-DOOMED reads the mark)
            gs.set_effects(e, spent=gs.effects(e).spent + (self.rule,))
