"""Telequinesis (TRT-MAGIC-TELEKINESIS, issue 16): a caster uses a metahability with Magia: telekinesis on an
inanimate object (rules/telekinesis.py says which and where). Offered only to a character carrying one
(``trait_gated``)."""
from __future__ import annotations

import math
from dataclasses import dataclass

from wartime.core.components import Metahabilities
from wartime.core.errors import RuleViolation
from wartime.rules import metahabilities as meta, telekinesis as tk, traits
from wartime.rules.actions.base import Action, need, register
from wartime.rules.actions.metahability import pay_from_pools
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.item_use import use_passes
from wartime.rules.modifiers import roll_character_check

RULE = tk.RULE
#: the directions (degrees) and fractions of the reach the engine offers as destinations
DIRECTIONS = tuple(range(0, 360, 45))
FRACTIONS = (1.0, 0.5)


@dataclass(frozen=True)
class TkPrep:
    mover: tk.Mover
    thing: tk.Thing
    to: tuple[float, float]


def mover(gs, actor: int, index) -> tk.Mover:
    """The metahability number `index` of `actor`, of its kinds, that moves objects; RuleViolation otherwise."""
    m = meta.meta(gs, actor, index)
    meta.check_kind(gs, actor, m)
    for mv in tk.movers(gs, actor):
        if mv.index == index:
            return mv
    raise RuleViolation(RULE, f"{m.name} does not move objects ({traits.display_name(RULE)})")


def _passes(check, *args) -> bool:
    """Whether `check(*args)` raises no RuleViolation."""
    try:
        check(*args)
    except RuleViolation:
        return False
    return True


def reachable(gs, actor: int, mv: tk.Mover) -> list[tk.Thing]:
    """The objects `mv` may be used on now (MET-2 for objects: weight, RNG, FOV, LOS, level)."""
    return [t for t in tk.things(gs) if _passes(tk.check_reach, gs, actor, mv, t)]


def offered_points(gs, mv: tk.Mover, t: tk.Thing) -> list[list[float]]:
    """The destinations the engine offers (the caster may name any other legal point): eight directions at the
    full reach and at half of it, the legal ones."""
    points = [[round(t.x + f * mv.reach * math.cos(math.radians(deg)), 4),
               round(t.y + f * mv.reach * math.sin(math.radians(deg)), 4)] for f in FRACTIONS for deg in DIRECTIONS]
    return [to for to in points if _passes(tk.destination, gs, mv, t, to)]


@register
class Telekinesis(Action):
    """TRT-MAGIC-TELEKINESIS: "Mueve un objeto inanimado a distancia hasta tantos K como VOL. CON máx. = VOL." Used
    as a metahability (MET-2: its ENE, its kind's CH ATR; MET-7 fumbles; an invocation may be countered, CBA-20) on
    an object, never a character: a movable scenery piece or an item lying on the ground (a placed charge too) of
    CON (or QUA) at most the caster's VOL, within the metahability's RNG, in FOV and LOS; passed, the object's
    centre moves up to VOL K to the point `to`. Nothing lasts (no MET-3..6 duration, nothing to maintain)."""
    key = "telekinesis"
    rule = RULE
    category = "generic"
    has_check = True
    trait_gated = True

    params = (Param("meta", "metahability", "TRT-MAGIC-TELEKINESIS: the index of a metahability that "
                    "moves objects"),
              Param("object", "choice", "TRT-MAGIC-TELEKINESIS: 'scenery:<piece id>' or 'item:<id>' lying on the "
                    "ground"),
              Param("to", "point", "TRT-MAGIC-TELEKINESIS: where the object's centre is moved (up to VOL K)"))

    #: the window's words for its point tool (ui/panels.py)
    point_help = "click where the object goes"
    point_word = "object moved"

    def allowance(self, gs, actor) -> float:
        """TRT-MAGIC-TELEKINESIS: the K the caster's metahabilities move an object (VOL): the window's ring."""
        return max((mv.reach for mv in tk.movers(gs, actor)), default=0.0)

    def point_origin(self, gs, actor, params):
        """TRT-MAGIC-TELEKINESIS: the window draws the move from the object's centre (None: not on the table)."""
        try:
            return tk.thing(gs, params.get("object"))
        except RuleViolation:
            return None

    def candidates(self, gs, actor, space):
        if space.reaction:
            return
        for mv in tk.movers(gs, actor):
            for t in reachable(gs, actor, mv):
                for to in offered_points(gs, mv, t):
                    yield Candidate(self.key, lambda i=mv.index, r=t.ref, to=to: {"meta": i, "object": r, "to": to},
                                    label=f"{mv.m.name}: move the {t.name} to ({to[0]:g}, {to[1]:g})")

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character that carries no metahability (``meta.carried``)."""
        return bool(meta.carried(gs, actor))

    gate_reads = (Metahabilities,)

    def gate_possible(self, gs, actor):
        """TRT-MAGIC-TELEKINESIS (REA-1, issue 20): `available`'s first test needs a metahability (`tk.movers`):
        the menu gate's test."""
        return self.menu_gate(gs, actor)

    def available(self, gs, actor):
        if not tk.movers(gs, actor):
            raise RuleViolation(RULE, f"{gs.name(actor)} has no metahability of its kinds that moves objects")
        if not tk.any_thing(gs):
            raise RuleViolation(RULE, "there is no object on the table telekinesis can move")

    def validate(self, gs, actor, params):
        if params.get("_window") is not None:
            raise RuleViolation(RULE, "telekinesis is used in the caster's own activation")
        self.available(gs, actor)
        mv = mover(gs, actor, need(params, "meta", self.rule))
        t = tk.thing(gs, need(params, "object", self.rule))
        tk.check_reach(gs, actor, mv, t)
        return TkPrep(mv, t, tk.destination(gs, mv, t, need(params, "to", self.rule)))

    def cost(self, gs, actor, params, prepared):
        m = prepared.mover.m
        return m.ENE + traits.meta_ene(gs, actor, m)                # TRT-RUNE-MASTER: −1 (minimum 1, ENE-1)

    def resolve(self, gs, ctx, prepared):
        pay_from_pools(gs, ctx, self, prepared)                         # TRT-MANA
        move_object(gs, ctx, ctx.actor, prepared)


def move_object(gs, ctx, caster: int, prep: TkPrep) -> bool:
    """MET-2 on an object: the metahability's use traits (Prueba de ..., Neuropsico), then the CH ATR of its kind
    (an invocation answered by a declared Contramagia, CBA-20); a fumble is MET-7's; passed, the object moves.
    Returns whether it moved."""
    mv, t = prep.mover, prep.thing
    m = mv.m
    if not use_passes(gs, ctx, caster, m, "MET-2", f"Usar {m.name}"):
        gs.world.emit("metahability_failed", "MET-2", who=caster, meta=m.name, object=t.ref)
        return False
    floor = traits.invocation_fumble_floor(gs, caster) if meta.int_checked(m) else 10    # TRT-POISONED-DISTORTION
    r = roll_character_check(gs, ctx, caster, "ATR", meta.kind_attribute(m), "MET-2", f"{m.name} on the {t.name}",
                             fumble_min=floor)
    ok = meta.counter_contest(gs, ctx, caster, r) if meta.int_checked(m) else r.passed
    meta.after_use(gs, ctx, caster, m)
    meta.spend_use(gs, caster, mv.index, m)
    if r.fumble:
        meta.fumble(gs, ctx, caster)
        return False
    if not ok or ctx.failed or not gs.able(caster):
        gs.world.emit("metahability_failed", "MET-2", who=caster, meta=m.name, object=t.ref)
        return False
    tk.move(gs, caster, t, prep.to, mv.rule)
    return True
