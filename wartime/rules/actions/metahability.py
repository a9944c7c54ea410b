"""Metahability actions (rules/metahabilities.py does the work): Usar una metahabilidad (MET-2), Mantener
(MET-6), Corromper / Hackear (CBA-18, MET-8), Energía psíquica's +3 ENE (TRT-PSYCHIC-ENERGY), Combate mental
(CBA-19, MET-9: rules/mental.py runs it); Poseer (CBA-21, MET-10) and acting through the possessed (PSI-17:
rules/possession.py runs them). Contramagia (CBA-20) is a reaction
(rules/actions/reactions.py)."""
from __future__ import annotations

import math

from wartime.core.components import Metahabilities, Possessed
from wartime.core.errors import RuleViolation
from wartime.rules import mental, metahabilities as meta, parked, possessed_gear, possession, riding, traits
from wartime.rules.actions.base import Action, any_of, need, need_target, register
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.energy import price
from wartime.rules.psychology import add_stress


def pay_from_pools(gs, ctx, action, prepared) -> None:
    """The part of the action's price its ENE did not pay (ctx.cost) comes out of the actor's ENE pools
    (``ene_pool``: TRT-MANA), once the action is declared."""
    full = price(gs, ctx.actor, action, ctx.params, prepared, pools=False)
    if full > ctx.cost:
        traits.spend_ene_pool(gs, ctx.actor, action.key, full - ctx.cost)


def _targets(gs, actor: int, m, space, origin: int | None = None) -> list[int]:
    """The characters a metahability may be aimed at now: itself, then allies and enemies in range (id order); from
    a resonator `origin`, in its range."""
    out = [actor]
    for t in list(space.allies()) + list(space.enemies()):
        try:
            meta.check_target(gs, actor, m, t, origin=origin)
        except RuleViolation:
            continue
        out.append(t)
    return out


def forced_candidates(key: str, gs, actor: int, i: int, m, t: int):
    """TRT-MAGIC-MISDIRECT: the points the engine offers for a forced move of `t`: straight away from the caster,
    then to either side, at the trait's full reach and at half of it (the legal ones)."""
    _, k = traits.forced_reach(gs, actor, m)
    p, c = gs.pos(t), gs.pos(actor)
    away = math.atan2(p.y - c.y, p.x - c.x)
    for turn in (0.0, math.pi / 2, -math.pi / 2):
        for d in (k, k / 2.0):
            to = [round(p.x + d * math.cos(away + turn), 4), round(p.y + d * math.sin(away + turn), 4)]
            try:
                meta.check_target(gs, actor, m, t)
                meta.forced_move(gs, actor, m, t, to)
            except RuleViolation:
                continue
            yield Candidate(key, lambda to=to: {"meta": i, "target": t, "to": to},
                            label=f"{m.name}: move {gs.name(t)} {d:g} K")


def _resonators(gs, actor: int, m) -> list[int]:
    """TRT-RESONATOR: the resonators an invocation of `actor` may be cast from now (id order)."""
    if not meta.int_checked(m):
        return []
    out = []
    for o in gs.minis():
        if o != actor and gs.on_table(o) and traits.resonates(gs, o) is not None:
            try:
                out.append(meta.check_origin(gs, actor, m, o))
            except RuleViolation:
                continue
    return out


@register
class UseMetahability(Action):
    """MET-2: Usar una metahabilidad (its ENE; CH ATR of its kind, MET-1 / CMB-13): on the caster, an ally or an
    enemy within its RNG (MET-3..5); a fumble is MET-7's; an invocation may be countered (CBA-20)."""
    key = "use_metahability"
    rule = "MET-2"
    category = "generic"
    has_check = True

    params = (Param("meta", "metahability", "MET-2: the index of one of the actor's metahabilities"),
              Param("target", "character", "MET-2: the character it is used on (itself, an ally or an enemy)"),
              Param("origin", "character", "TRT-RESONATOR: a resonator an invocation is cast from (its RNG, FOV and "
                    "LOS)", optional=True),
              Param("to", "point", "TRT-MAGIC-MISDIRECT: where a metahability that moves its target moves it",
                    optional=True))

    def candidates(self, gs, actor, space):
        kinds = meta.kinds_of(gs, actor)
        for i, m in enumerate(meta.carried(gs, actor)):
            if m.kind not in kinds:
                continue
            direct = _targets(gs, actor, m, space)
            for t in direct:
                if traits.forced_reach(gs, actor, m) is not None:
                    yield from forced_candidates(self.key, gs, actor, i, m, t)
                    continue
                yield Candidate(self.key, lambda i=i, t=t: {"meta": i, "target": t},
                                label=f"{m.name} on {gs.name(t)}")
            for o in _resonators(gs, actor, m):                                 # TRT-RESONATOR
                for t in _targets(gs, actor, m, space, origin=o):
                    if t not in direct:
                        yield Candidate(self.key, lambda i=i, t=t, o=o: {"meta": i, "target": t, "origin": o},
                                        label=f"{m.name} on {gs.name(t)} from {gs.name(o)}")

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character that carries no metahability (``meta.carried``)."""
        return bool(meta.carried(gs, actor))

    def refusal(self, gs, actor):
        """MET-1: `available` without raising (issue 20): its usual refusal tested first."""
        return "MET-1" if not meta.carried(gs, actor) else super().refusal(gs, actor)

    def available(self, gs, actor):
        kinds = meta.kinds_of(gs, actor)
        if not any(m.kind in kinds for m in meta.carried(gs, actor)):
            raise RuleViolation("MET-1", f"{gs.name(actor)} has no metahability of its kinds")

    def validate(self, gs, actor, params):
        m = meta.meta(gs, actor, need(params, "meta", self.rule))
        meta.check_kind(gs, actor, m)
        origin = params.get("origin")
        if origin is not None:
            origin = meta.check_origin(gs, actor, m, origin)
        t = meta.check_target(gs, actor, m, need(params, "target", self.rule), origin=origin)
        meta.forced_move(gs, actor, m, t, params.get("to"))           # TRT-MAGIC-MISDIRECT's point
        return (params["meta"], t) if origin is None else (params["meta"], t, origin)

    def cost(self, gs, actor, params, prepared):
        m = meta.carried(gs, actor)[prepared[0]]
        return m.ENE + traits.meta_ene(gs, actor, m)                # TRT-RUNE-MASTER: −1 (minimum 1, ENE-1)

    def resolve(self, gs, ctx, prepared):
        pay_from_pools(gs, ctx, self, prepared)                         # TRT-MANA
        meta.cast(gs, ctx, ctx.actor, *prepared)


@register
class MaintainMetahability(Action):
    """MET-6: Mantener una metahabilidad: at the start of its activation (before any other action) the caster pays
    the ENE of a metahability it cast successfully (or maintained) in the previous turn: same target, no check, no
    CH VOL ENF, no range; a fresh duration."""
    key = "maintain_metahability"
    rule = "MET-6"
    category = "generic"

    params = (Param("meta", "metahability", "MET-6: the index of the metahability cast last turn"),
              Param("target", "character", "MET-6: the character it was cast on"))

    def candidates(self, gs, actor, space):
        for c in meta.maintainable(gs, actor):
            m = meta.carried(gs, actor)[c.index]
            yield Candidate(self.key, lambda c=c: {"meta": c.index, "target": c.target},
                            label=f"keep {m.name} on {gs.name(c.target)}")

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character with no cast to maintain (``meta.maintainable`` reads
        its Metahabilities' casts first)."""
        comp = gs.world.try_get(actor, Metahabilities)
        return comp is not None and bool(comp.casts)

    def available(self, gs, actor):
        if not meta.maintainable(gs, actor):
            raise RuleViolation("MET-6", f"{gs.name(actor)} has nothing to maintain now (a metahability cast "
                                "successfully last turn, at the start of its activation)")

    def validate(self, gs, actor, params):
        if params.get("_window") is not None:
            raise RuleViolation("MET-6", "a metahability is maintained in the caster's own activation")
        i, t = need(params, "meta", self.rule), need(params, "target", self.rule)
        for c in meta.maintainable(gs, actor):
            if c.index == i and c.target == t:
                return c
        raise RuleViolation("MET-6", f"{gs.name(actor)} did not cast metahability {i!r} on {t!r} last turn, or it "
                            "is no longer the start of its activation")

    def cost(self, gs, actor, params, prepared):
        m = meta.carried(gs, actor)[prepared.index]
        return m.ENE + traits.meta_ene(gs, actor, m)                # TRT-RUNE-MASTER: −1 (minimum 1, ENE-1)

    def resolve(self, gs, ctx, c):
        pay_from_pools(gs, ctx, self, c)                                # TRT-MANA
        meta.maintain(gs, ctx, ctx.actor, c)


@register
class Corrupt(Action):
    """CBA-18 / MET-8: Corromper / Hackear (3, INT or VOL): a neuromancer with INT on any target (a character, its
    transport or an object it holds: `aim`), a puppeteer with VOL on a living character, within that many K, in
    FOV and LOS: stress DMG = attribute − 4 (minimum 1), the target's CH DEF is a CH VOL (Muro protections: a CH
    DEF against their DEF; equipment: CH DEF 1)."""
    key = "corrupt"
    rule = "CBA-18"
    category = "combat"
    has_check = True
    is_attack = True

    params = (Param("target", "enemy", "CBA-18: an enemy within INT (VOL) K"),
              Param("attribute", "choice", "CBA-18 ruling (2): INT (a neuromancer) or VOL (a puppeteer)", optional=True,
                    choices=("INT", "VOL")),
              Param("aim", "choice", "MET-8: a neuromancer's equipment target: 'transport' (the target's) or "
                    "'item:<id>' (an object it holds); left out: the character", optional=True))

    def candidates(self, gs, actor, space):
        attrs = meta.corrupt_attributes(gs, actor)
        for t in space.enemies():
            for a in attrs:
                yield Candidate(self.key, lambda t=t, a=a: {"target": t, "attribute": a},
                                label=f"{gs.name(t)} ({a})")
            if "INT" in attrs:
                for aim in meta.equipment_aims(gs, t):
                    yield Candidate(self.key, lambda t=t, aim=aim: {"target": t, "attribute": "INT", "aim": aim},
                                    label=f"{gs.name(t)}'s {aim} (INT)")
        if "INT" in attrs and not space.reaction:
            for t in parked.enemy_parked(gs, actor):                  # MVA-17 / MET-8: a driverless transport
                yield Candidate(self.key, lambda t=t: {"target": t, "attribute": "INT", "aim": "transport"},
                                label=f"{riding.base_name(gs, t)} (INT)")

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character that is neither a neuromancer nor a puppeteer, and
        only one whose traits unlock a school or that carries a binding may be one (``meta.may_corrupt``)."""
        return meta.may_corrupt(gs, actor)

    def refusal(self, gs, actor):
        """MET-8: `available` without raising (issue 20): its usual refusal tested first."""
        return "MET-8" if not meta.corrupt_attributes(gs, actor) else super().refusal(gs, actor)

    def available(self, gs, actor):
        if not meta.corrupt_attributes(gs, actor):
            raise RuleViolation("MET-8", f"{gs.name(actor)} is neither a neuromancer nor a puppeteer")

    def validate(self, gs, actor, params):
        attrs = meta.corrupt_attributes(gs, actor)
        a = params.get("attribute", attrs[0] if attrs else "INT")
        if parked.is_parked(gs, params.get("target")):                # MVA-17 / MET-8: a driverless transport
            t = parked.need_parked(gs, actor, params["target"], self.rule)
            if a not in attrs:
                raise RuleViolation("MET-8", f"{gs.name(actor)} cannot corrupt with {a}")
            parked.check_hack(gs, actor, t, a, params.get("aim"))
            return (t, a, "transport")
        t = need_target(gs, actor, params, self.rule)
        meta.check_corrupt(gs, actor, t, a)
        aim = params.get("aim")
        if aim is not None:
            if a != "INT":
                raise RuleViolation("MET-8", "a puppeteer corrupts living characters only, not their equipment")
            if aim not in meta.equipment_aims(gs, t):
                raise RuleViolation("MET-8", f"{aim!r} is not {gs.name(t)}'s transport nor an object it holds")
        return (t, a, aim)

    def cost(self, gs, actor, params, prepared):
        return 3

    def resolve(self, gs, ctx, prepared):
        meta.corrupt(gs, ctx, ctx.actor, *prepared)
        mental.offer(gs, ctx.actor, *prepared)                         # CBA-19 / MET-9: the target may answer


@register
class MentalCombat(Action):
    """CBA-19 / MET-9: Combate mental (3, INT or VOL): the neuromancer or puppeteer target of a Corromper / Hackear
    starts it right after (not a reaction: no CH VOL, no FOV; ENE down to −10), or a fighter goes on after an
    exchange. Declared only in the mental combat's decisions; the engine runs the exchanges (rules/mental.py)."""
    key = "mental_combat"
    rule = "CBA-19"
    category = "combat"
    has_check = True
    reaction_only = True

    params = (Param("attribute", "choice", "CBA-19: INT (a neuromancer) or VOL (a puppeteer), when it starts",
                    optional=True, choices=("INT", "VOL")),)

    def candidates(self, gs, actor, space):
        fight = mental.current(gs)
        if fight is None or not fight.ask or fight.ask[0] != actor:
            return
        if fight.stage == mental.GO_ON:
            yield Candidate(self.key, lambda: {}, label="go on")
            return
        for a in meta.corrupt_attributes(gs, actor):
            yield Candidate(self.key, lambda a=a: {"attribute": a}, label=f"fight back ({a})")

    def validate(self, gs, actor, params):
        return mental.check_declared(gs, actor, params)

    def cost(self, gs, actor, params, prepared):
        return mental.COST

    def resolve(self, gs, ctx, prepared):
        raise RuleViolation("CBA-19", "Combate mental is resolved by the engine's mental combat decisions "
                            "(rules/mental.py), not as an action")


#: CBA-21, GNA-11: the possessor's check attribute (CBA-18 ruling (2)).
POSSESSOR_ATTRIBUTE = Param("attribute", "choice", "CBA-18 ruling (2): INT (a neuromancer) or VOL (a puppeteer)",
                            optional=True, choices=("INT", "VOL"))


def ungated_candidate(key: str) -> Candidate:
    """Poseer and Marcar are not ``trait_gated``: shipped games' reaction windows have always listed their keys, with
    one empty candidate (validated, and refused, for a character that cannot take them); gating them, or offering no
    candidate, would change a random controller's draws. This is that candidate."""
    return Candidate(key, lambda: {})


@register
class Possess(Action):
    """CBA-21 / MET-10: Poseer (3, INT or VOL): a neuromancer (INT) or puppeteer (VOL) takes control of a character
    within that many K, in FOV and LOS, whose stress is at least its VOL, or that it marked (GNA-11), or that
    volunteers (rules/possession.py); a fumble is a metahability fumble (MET-7). With `aim`, the character's
    transport or an object it holds, whose stress is at least its QUA or that it marked (rules/possessed_gear.py:
    then switched on / off, or given wounds up to QUA + 1, with Manejar el equipo poseído)."""
    key = "possess"
    rule = "CBA-21"
    category = "generic"
    has_check = True
    # not trait_gated: see ungated_candidate

    params = (Param("target", "character", "CBA-21: a character with stress ≥ VOL, marked by the actor, or an ally"),
              POSSESSOR_ATTRIBUTE,
              Param("aim", "choice", "CBA-21: the target's equipment instead: 'transport' (its transport) or "
                    "'item:<id>' (an object it holds), with stress ≥ QUA or marked by the actor", optional=True))

    def candidates(self, gs, actor, space):
        if not meta.corrupt_attributes(gs, actor):
            yield ungated_candidate(self.key)
            return
        for t in list(space.allies()) + list(space.enemies()):
            for a in meta.corrupt_attributes(gs, actor):
                yield Candidate(self.key, lambda t=t, a=a: {"target": t, "attribute": a},
                                label=f"{gs.name(t)} ({a})")
        for t in space.enemies():                                      # equipment: only what stress or a mark opens
            for aim in possessed_gear.aims(gs, actor, t):
                for a in meta.corrupt_attributes(gs, actor):
                    yield Candidate(self.key, lambda t=t, a=a, aim=aim: {"target": t, "attribute": a, "aim": aim},
                                    label=f"{gs.name(t)}'s {aim} ({a})")
        if not space.reaction:
            for t in possessed_gear.parked_aims(gs, actor):             # MVA-17: a driverless transport
                for a in meta.corrupt_attributes(gs, actor):
                    yield Candidate(self.key, lambda t=t, a=a: {"target": t, "attribute": a, "aim": "transport"},
                                    label=f"{riding.base_name(gs, t)} ({a})")

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character that is neither a neuromancer nor a puppeteer, and
        only one whose traits unlock a school or that carries a binding may be one (``meta.may_corrupt``)."""
        return meta.may_corrupt(gs, actor)

    def available(self, gs, actor):
        possession.check_possessor(gs, actor, None)

    def validate(self, gs, actor, params):
        a = possession.check_possessor(gs, actor, params.get("attribute"))
        if params.get("aim") is not None:
            return possessed_gear.check_target(gs, actor, need(params, "target", self.rule), params["aim"], a) + (a,)
        return possession.check_target(gs, actor, need(params, "target", self.rule), a), None, a

    def cost(self, gs, actor, params, prepared):
        return 3

    def resolve(self, gs, ctx, prepared):
        t, aim, a = prepared
        if aim is None:
            possession.possess(gs, ctx, ctx.actor, t, a)
        else:
            possessed_gear.possess(gs, ctx, ctx.actor, t, a, aim)


@register
class CommandPossessed(Action):
    """CBA-21 / PSI-17: in its own activation the possessor makes a character it possesses act (zero cost): once
    this action is over the possessed acts at once, with its own attributes and equipment, paying with the
    possessor's ENE (rules/possession.py); then the possessor carries on."""
    key = "command_possessed"
    world_reads = (Possessed,)

    def world_gate(self, gs):
        """CBA-21: nobody is possessed (issue 20)."""
        return any_of(gs, Possessed)

    rule = "CBA-21"
    category = "generic"
    zero_cost = True
    trait_gated = True

    params = (Param("target", "character", "CBA-21: a character the actor possesses"),)

    def candidates(self, gs, actor, space):
        for t in possession.possessed_by(gs, actor):
            yield Candidate(self.key, lambda t=t: {"target": t}, label=f"act with {gs.name(t)}")

    def available(self, gs, actor):
        if not possession.possessed_by(gs, actor):
            raise RuleViolation("CBA-21", f"{gs.name(actor)} possesses nobody")

    def validate(self, gs, actor, params):
        if params.get("_window") is not None:
            raise RuleViolation("CBA-21", "the possessed acts in its possessor's activation")
        return possession.check_command(gs, actor, need(params, "target", self.rule))

    def cost(self, gs, actor, params, prepared):
        return 0

    def resolve(self, gs, ctx, t):
        gs.world.set(ctx.actor, possession.Commanding(t))
        gs.world.emit("possessed_commanded", self.rule, who=ctx.actor, target=t)


@register
class PsychicEnergy(Action):
    """TRT-PSYCHIC-ENERGY: its bearer (by race, or lent by a metahability) may take +1 stress to gain +3 ENE (capped
    at 10), once per activation, in its activation (the trait's ruling); a printed cost of 0."""
    key = "psychic_energy"
    rule = "TRT-PSYCHIC-ENERGY"
    category = "generic"
    zero_cost = True

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character whose trait set holds no trait on ``stress_for_ene``
        (``traits.stress_for_ene`` asks only that hook of it)."""
        return traits.carries_on(gs, actor, "stress_for_ene")

    def available(self, gs, actor):
        if not traits.stress_for_ene(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} has no psychic energy to draw on")
        if self.rule in gs.effects(actor).spent:
            raise RuleViolation(self.rule, "psychic energy is drawn once per activation")

    def validate(self, gs, actor, params):
        if params.get("_window") is not None:
            raise RuleViolation(self.rule, "psychic energy is drawn in the own activation")
        self.available(gs, actor)

    def cost(self, gs, actor, params, prepared):
        return 0

    def resolve(self, gs, ctx, prepared):
        e = ctx.actor
        gs.set_effects(e, spent=gs.effects(e).spent + (self.rule,))
        gs.set_energy(e, min(10, gs.energy(e) + 3), self.rule, "+1 stress for +3 ENE")
        add_stress(gs, ctx, e, 1, self.rule, source=None)
