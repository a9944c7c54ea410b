"""Metahabilities in play (MET-1..7, CMB-13, CBA-18, CBA-20, GNA-5's stress option): who may use which kind, the
kind check, the extra CH VOL ENF against an enemy, fumbles, the effects with their durations (tracked on the
target in a `MetaEffects` component and lapsing at the start / end of activations), maintaining, counter-magic and
corruption. The actions that call this module live in rules/actions/metahability.py; what a metahability does is
the trait hook points ``meta_*`` of its traits (rules/traits/metahabilities.py).

Rulings of this module (the digest leaves them open):
- a metahability's target is the caster itself, an ally or an enemy within its RNG (BAS-3 distance; RNG 0: itself
  or a model in base contact), in FOV and LOS unless it is the caster (as every ranged action);
- the book has no Titiritero bonus (BLD-10 ruling): a character carrying a binding (Atadura) is a Titiritero;
- a metahability whose traits leave nothing lasting on the target (an attack with Acobardamiento) has only its
  immediate effect; MET-6 maintains the lasting ones."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from wartime.core.components import (Cast, Countered, GearStress, Life, MetaEffect, MetaEffects, Metahabilities, Mount,
                                     Parked,
                                     Stress)
from wartime.core.errors import RuleViolation
from wartime.geometry import movement as geo_move
from wartime.rules import fortune, objects, psychology, scattered_shots, traits
from wartime.rules.checks import Modifier, opposed_winner, roll_check
from wartime.rules.item_use import stress_def_kept, use_passes
from wartime.rules.stress_hits import stress_taken
from wartime.rules.modifiers import opposed, range_penalty, roll_character_check
from wartime.rules.psychology import add_stress, psi_check
from wartime.rules.state import GameState
from wartime.rules.wounds import apply_wounds

#: MET-1 ruling: the kind the book gives no bonus for (a binding's bearer is a Titiritero).
BINDING = "TRT-BINDING"


# --- who carries what (MET-1) ----------------------------------------------------------------------------------
def carried(gs: GameState, e: int) -> tuple:
    """The metahabilities character `e` carries (list order); () for most characters."""
    m = gs.world.try_get(e, Metahabilities)
    return m.items if m is not None else ()


def meta(gs: GameState, e: int, index: Any, rule: str = "MET-2"):
    items = carried(gs, e)
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(items):
        raise RuleViolation(rule, f"{gs.name(e)} has no metahability number {index!r}")
    return items[index]


def kind_attribute(m) -> str:
    """MET-1 / CMB-13: the attribute of the metahability's check, from its type trait (hook ``meta_kind``)."""
    got = traits.meta_kind(m)
    if got is None:
        raise RuleViolation("MET-1", f"{m.name} has no kind (a mutation, bunkai, invocation or binding)")
    return got


def kinds_of(gs: GameState, e: int) -> frozenset[str]:
    """MET-1: the metahability kinds (type trait IDs) character `e` may use: those its bonuses unlock (Metamorfo,
    Cinético, Neuromante: hook ``meta_school``), and bindings if it carries one (no Titiritero bonus exists)."""
    out = set(traits.meta_schools(gs, e))
    if any(m.kind == BINDING for m in carried(gs, e)):
        out.add(BINDING)
    return frozenset(out)


def is_neuromancer(gs: GameState, e: int) -> bool:
    """MET-1: a neuromancer has the bonus Neuromante (rules.psychology.is_neuromancer, PSI-13)."""
    return psychology.is_neuromancer(gs, e)


def is_puppeteer(gs: GameState, e: int) -> bool:
    """MET-1 / MET-8: a puppeteer (Titiritero) is a character carrying a binding (the book prints no bonus)."""
    return BINDING in kinds_of(gs, e)


def check_kind(gs: GameState, e: int, m) -> None:
    """MET-1: a character uses only metahabilities of its kinds (and one with uses left, hook weapon_usable:
    TRT-CHARGES)."""
    traits.check_weapon_usable(gs, e, m)
    if m.kind not in kinds_of(gs, e):
        raise RuleViolation("MET-1", f"{gs.name(e)} cannot use {m.name}: it lacks the bonus of its kind "
                            f"({traits.display_name(m.kind)})")


def relation(gs: GameState, caster: int, target: int) -> str:
    """MET-3..5: 'self', 'ally' or 'enemy'."""
    if target == caster:
        return "self"
    return "ally" if gs.side(target) == gs.side(caster) else "enemy"


def check_target(gs: GameState, caster: int, m, target: Any, rule: str = "MET-2", origin: int | None = None) -> int:
    """MET-2: the target is the caster, or a character on the table within the metahability's RNG (RNG 0: base
    contact), in the caster's FOV and LOS, at its altitude level. With an `origin` (TRT-RESONATOR: an invocation
    cast from a resonator) the RNG, FOV, LOS and level are the origin's. TRT-INFINITE-RANGE on the metahability: no
    RNG, and a target outside the FOV (in LOS) is allowed: the cast scatters (`cast`). TRT-NEGATE (RNG): a target
    cancelling RNG (another than the caster) is reached only in base contact with the caster (or origin)."""
    if not isinstance(target, int) or isinstance(target, bool) or target not in gs.minis():
        raise RuleViolation(rule, f"no miniature with id {target!r}")
    if target == caster:
        traits.check_meta_target(gs, caster, target, m)
        return target
    if not gs.on_table(target):
        raise RuleViolation("WND-3", f"{gs.name(target)} is dead")
    src = caster if origin is None else origin
    if target == src:
        return target
    if gs.pos(target).level != gs.pos(src).level:
        raise RuleViolation("MOV-11", "miniatures interact only within their own altitude level")
    traits.check_reach_negated(gs, src, target, f"cast of {m.name}")    # TRT-NEGATE (RNG): base contact only
    reach = m.RNG
    unlimited = traits.unlimited_range(m) is not None     # TRT-INFINITE-RANGE on it: no maximum (traits/kinds2.py)
    if not unlimited and ((reach == 0 and not gs.in_contact(src, target)) or gs.distance(src, target) > reach + 1e-9):
        raise RuleViolation(rule, f"{gs.name(target)} is {gs.distance(src, target):.1f} K away from {gs.name(src)}: "
                            f"{m.name} reaches {reach} K")
    if not gs.in_fov(src, target):
        if not unlimited:
            raise RuleViolation("ENV-1", f"{gs.name(target)} is not in {gs.name(src)}'s field of view")
        # TRT-INFINITE-RANGE: outside the FOV, in LOS: the cast scatters (`cast`, rules.scattered_shots)
    if not traits.sees_target(gs, src, target, m):                 # hook sight_through (TRT-META-VISION)
        raise RuleViolation("ENV-2", f"no line of sight from {gs.name(src)} to {gs.name(target)}")
    traits.check_meta_target(gs, caster, target, m)             # hook meta_target (TRT-MAGIC-SLEEP: calm enemies)
    return target


def check_origin(gs: GameState, caster: int, m, origin: Any) -> int:
    """TRT-RESONATOR: an invocation may be cast from a resonator on the table and able (friend or foe), not the
    caster itself."""
    if not isinstance(origin, int) or isinstance(origin, bool) or origin not in gs.minis() or origin == caster:
        raise RuleViolation("MET-2", f"no other miniature with id {origin!r} to cast from")
    rule = traits.resonates(gs, origin)
    if rule is None:
        raise RuleViolation("MET-2", f"{gs.name(origin)} is no resonator: a metahability is cast from its caster")
    if not gs.able(origin):
        raise RuleViolation(rule, f"{gs.name(origin)} cannot act as a resonator now (not able)")
    if not int_checked(m):
        raise RuleViolation(rule, f"{m.name} is not an invocation: only invocations are cast from a resonator")
    return origin


def resonate(gs: GameState, ctx, caster: int, origin: int) -> bool:
    """TRT-RESONATOR: an invocation cast from `origin`: an enemy resonator resists with a CH VOL ENF against the
    caster (its controller always does: a friend never needs to); won, the cast fails (its ENE is spent). Otherwise
    the resonator takes 1 stress and makes a CH PSI. Returns whether the cast goes on."""
    rule = traits.resonates(gs, origin) or "MET-2"
    gs.world.emit("resonator", rule, who=origin, caster=caster)
    if gs.side(origin) != gs.side(caster):
        winner, _ = opposed(gs, origin, caster, "VOL", rule, "resists the neuromancer")
        if winner == "a":
            gs.world.emit("metahability_failed", rule, who=caster, target=origin, reason="the resonator resisted")
            return False
    add_stress(gs, ctx, origin, 1, rule, source=caster)
    if gs.able(origin):
        psi_check(gs, ctx, origin, source=caster, reason="resonator", rule=rule)
    return True


def forced_move(gs: GameState, caster: int, m, target: int, to: Any) -> tuple[float, float] | None:
    """TRT-MAGIC-MISDIRECT (hook ``forced_move``): the point `to` the metahability moves its target to, checked
    when the cast is declared: one straight line from the target's centre up to the trait's K, inside the board,
    overlapping no base at its end and crossing no terrain the target could not cross on foot (MOV-9, water); no
    1 K rule (MOV-14). None when the metahability moves no one."""
    reach = traits.forced_reach(gs, caster, m)
    if reach is None:
        return None
    rule, k = reach
    if not (isinstance(to, (list, tuple)) and len(to) == 2 and all(isinstance(v, (int, float)) for v in to)):
        raise RuleViolation(rule, "to must be the point [x, y] the enemy is moved to")
    p = gs.pos(target)
    end = (round(float(to[0]), 4), round(float(to[1]), 4))
    others, ids = gs.others_for_move(target)
    others = [geo_move.Other(o.x, o.y, o.r, False) for o in others]
    chk = geo_move.check_path(gs.board, [(p.x, p.y), end], gs.body(target).radius, gs.chest_height(target),
                              k + 1e-6, others)
    if not chk.ok:
        raise RuleViolation(rule, f"{gs.name(target)} cannot be moved there ({chk.message})")
    return end


def preview(gs: GameState, caster: int, m, target: int) -> dict:
    """What the metahability would do to `target` if it took effect (for controllers and the window; pure): the
    traits it grants (`grants`: hostile ones, TRT-MAGIC-CALM / TRT-HEX; `lends`: friendly ones), negates, the
    effect it would suspend, whether a hit makes the target take a CH PSI, and the K it moves it (`moves`)."""
    return {"moves": (traits.forced_reach(gs, caster, m) or (None, 0.0))[1],"grants": traits.hostile_grants(gs, caster, target, m), "lends": traits.lent_bonuses(gs, caster, target, m),
            "negates": tuple(t for _, h in traits.meta_handlers("meta_negates", m) for t in h(gs, caster, target, m)),
            "cancels": next((h(gs, caster, target, m) for _, h in traits.meta_handlers("meta_cancels", m)), None),
            "psi": target != caster and traits.hit_psi(gs, caster, target, m, m.RNG > 0) is not None}


# --- casting (MET-2, MET-5, MET-7, CMB-13, CBA-20) -------------------------------------------------------------
def cast(gs: GameState, ctx, caster: int, index: int, target: int, origin: int | None = None) -> bool:
    """MET-2: the kind check (a CH IMP when it is aimed at an enemy, CMB-13, with MOD-2's range penalty), answered by a declared Contramagia
    (CBA-20) for an invocation; MET-7: a fumble is a CH PSI (no effect); MET-5: against an enemy the caster must
    then win a CH VOL ENF; on success the effect applies (`apply`) and the cast may be maintained (MET-6).
    Returns True when the metahability took effect."""
    m = carried(gs, caster)[index]
    if not use_passes(gs, ctx, caster, m, "MET-2", f"Usar {m.name}"):       # Prueba de ..., TRT-NEUROPSYCHO
        gs.world.emit("metahability_failed", "MET-2", who=caster, meta=m.name, target=target)
        return False
    if origin is not None and not resonate(gs, ctx, caster, origin):              # TRT-RESONATOR
        return False
    rel = relation(gs, caster, target)
    attr = kind_attribute(m)
    kind = "IMP" if rel == "enemy" else "ATR"
    src = caster if origin is None else origin
    floor = traits.invocation_fumble_floor(gs, caster) if int_checked(m) else 10    # TRT-POISONED-DISTORTION
    r = roll_character_check(gs, ctx, caster, kind, attr, "MET-2", m.name, against=target, fumble_min=floor,
                             extra=cast_mods(gs, src, target, kind, m))
    ok = counter_contest(gs, ctx, caster, r) if int_checked(m) else r.passed
    after_use(gs, ctx, caster, m)
    spend_use(gs, caster, index, m)
    if r.fumble:
        fumble(gs, ctx, caster)
        return False
    if not ok or ctx.failed or not gs.able(caster):
        gs.world.emit("metahability_failed", "MET-2", who=caster, meta=m.name, target=target)
        return False
    stray = scattered_shots.scatters(gs, src, target, m)
    if stray is not None:                         # TRT-INFINITE-RANGE: aimed outside the FOV, the cast scatters
        landed = scattered_shots.scatter_shot(gs, src, target, stray, meta=m.name)
        if landed is not None and landed != caster:
            try:
                traits.check_meta_target(gs, caster, landed, m)         # hook meta_target (TRT-MAGIC-SLEEP)
            except RuleViolation:
                landed = None
        if landed is None:
            gs.world.emit("metahability_failed", stray, who=caster, meta=m.name, target=target)
            return False
        target, rel = landed, relation(gs, caster, landed)
    if rel == "enemy" and not vol_contest(gs, caster, target):
        gs.world.emit("metahability_resisted", "MET-5", who=caster, meta=m.name, target=target)
        return False
    if rel == "enemy" and void_runes(gs, ctx, caster, target, m):                  # TRT-VOID-RUNES
        return False
    apply(gs, ctx, caster, index, target)
    remember(gs, caster, index, target, maintained=False)
    return True


def cast_mods(gs: GameState, src: int, target: int, kind: str, m=None) -> list:
    """MOD-2 on a cast's CH IMP with Alcance infinito (TRT-INFINITE-RANGE ruling: "the normal hit check -1 per 10 K
    beyond the first 10 K still applies"): −1 per started 10 K beyond the first 10 K from the caster (or its
    resonator, TRT-RESONATOR) to the target, on a metahability `m` used on an enemy (its check is a CH IMP: MET-2
    ruling, CMB-13). A cast within its own RNG takes none (the engine's reading of MET-2 since issue 16: a
    metahability's RNG is its reach, not a firearm's range bands); a check on oneself or an ally (a CH ATR) takes
    none. (Session 15 tried MOD-2 on every cast: it changes ordinary casts beyond 10 K, the mental-combat golden
    among them; left as an open question.)"""
    if kind != "IMP" or target == src or m is None or traits.unlimited_range(m) is None:
        return []
    rp = range_penalty(gs.distance(src, target))
    return [Modifier("MOD-2", -rp, "range")] if rp else []


def cast_target(gs: GameState, caster: int, m, target: int, origin: int | None = None) -> int:
    """The roll-under target of the kind check of casting `m` on `target` (MET-2, CMB-13: the kind's attribute;
    MOD-2 on a CH IMP, `cast_mods`), for controllers and the window; the caster's own standing modifiers are not
    counted."""
    kind = "IMP" if relation(gs, caster, target) == "enemy" else "ATR"
    src = caster if origin is None else origin
    return getattr(gs.attrs(caster), kind_attribute(m)) + sum(x.value for x in cast_mods(gs, src, target, kind, m))


def void_runes(gs: GameState, ctx, caster: int, target: int, m) -> bool:
    """TRT-VOID-RUNES: once per turn the target may cancel an enemy's metahability about to take effect on it with
    5 or less on 1D10 (hook ``meta_void``); on a 1 the caster also takes a stress level, its CH DEF a CH PSI
    (PSI-4..6's outcomes). True: the metahability has no effect."""
    rule = traits.meta_void(gs, target, caster) if gs.able(target) else None
    if rule is None:
        return False
    die, cancelled = gs.world.dice.d10(), {}
    if fortune.die_cancelled(gs, target, "void_runes", die, foe=caster, unwanted=die > 5):
        cancelled, die = {"fortune": die}, gs.world.dice.d10()       # TRT-FORTUNE: 'anular dado', rolled again
    gs.world.emit("void_runes", rule, who=target, caster=caster, meta=m.name, die=die, cancelled=die <= 5,
                  **cancelled)
    if die == 1 and gs.able(caster):
        psi_check(gs, ctx, caster, source=target, reason=traits.display_name(rule), rule=rule)
    return die <= 5


def int_checked(m) -> bool:
    """CBA-20 ruling (1): an invocation is checked with CH INT by a neuromancer."""
    return m.kind == "TRT-INVOCATION"


def fumble(gs: GameState, ctx, caster: int) -> None:
    """MET-7: a fumbled metahability check is a CH PSI with its normal outcomes (critical: no stress and CH ATR +1;
    pass: no stress; fail: +1 stress; fumble: +1 stress and a CH LOC); the metahability has no effect."""
    gs.world.emit("metahability_fumbled", "MET-7", who=caster)
    safe = traits.meta_fumble_safe(gs, caster)                         # TRT-PROTECTION-RUNES: no danger
    if safe is not None:
        gs.world.emit("fumble_danger_ignored", safe, who=caster)
        return
    psi_check(gs, ctx, caster, source=None, reason="metahability fumble", rule="MET-7")


def vol_contest(gs: GameState, caster: int, target: int) -> bool:
    """MET-5: caster and target make a CH VOL ENF (CHK-4, rerolled while tied); the caster must win."""
    while True:
        a = roll_character_check(gs, None, caster, "ATR", "VOL", "MET-5", "CH VOL ENF", side_of_opposed="a",
                                 against=target, extra=traits.opposed_mods(gs, caster, "VOL"))   # TRT-COMBAT-RUNES
        b = roll_character_check(gs, None, target, "ATR", "VOL", "MET-5", "CH VOL ENF", side_of_opposed="b",
                                 against=caster, extra=traits.opposed_mods(gs, target, "VOL"))
        winner = opposed_winner(a, b)
        via = traits.opposed_reroll(gs, target, "VOL") if winner == "a" else None      # TRT-REJECTION-RUNES
        if via is not None:
            b = roll_check(gs.world, target, "ATR", "VOL", b.base, b.modifiers, "MET-5", "CH VOL ENF",
                           side_of_opposed="b", against=caster, reroll=via)
            winner = opposed_winner(a, b)
        if winner != "reroll":
            break
    gs.world.emit("opposed_resolved", "MET-5", a=caster, b=target, winner=winner)
    return winner == "a"


def spend_use(gs: GameState, caster: int, index: int, m) -> None:
    """TRT-CHARGES (hook ``meta_used``): a cast spends one of the metahability's uses per game."""
    after, rules = traits.meta_used(m)
    if rules:
        items = list(carried(gs, caster))
        items[index] = after
        gs.world.set(caster, Metahabilities(tuple(items)))
        gs.world.emit("charge_used", rules[0], who=caster, meta=m.name)


def after_use(gs: GameState, ctx, caster: int, m) -> None:
    """What one use of the metahability costs its user, as for a weapon: stress (TRT-EVIL) and wounds
    (TRT-HARMFUL), no check; a user immune to the damage of its own invocations takes none (TRT-BODY-OF-LIGHT)."""
    for rule, n in traits.use_stress(gs, caster, m):
        add_stress(gs, ctx, caster, n, rule, source=None)
    for wear in traits.weapon_wear(gs, caster, m):
        if wear.user_wounds and gs.on_table(caster):
            immune = traits.own_meta_immune(gs, caster, m)               # hook own_meta_immunity (TRT-BODY-OF-LIGHT)
            if immune is not None:
                gs.world.emit("damage_ignored", immune, who=caster, meta=m.name, wounds=wear.user_wounds)
            else:
                apply_wounds(gs, caster, wear.user_wounds, source=None, rule=wear.rule)


# --- effects and durations (MET-3..6) --------------------------------------------------------------------------
def effects_on(gs: GameState, e: int) -> tuple[MetaEffect, ...]:
    fx = gs.world.try_get(e, MetaEffects)
    return fx.active if fx is not None else ()


def apply(gs: GameState, ctx, caster: int, index: int, target: int) -> MetaEffect | None:
    """MET-3..5: the metahability's immediate effects (hook ``meta_effect``), then its lasting one on the target:
    the traits it grants (``meta_grants``) or negates (``meta_negates``) and the effect it suspends
    (``meta_cancels``), lasting to the start of the caster's next activation on itself (MET-3), to the end of the
    target's next activation on anyone else (MET-4, MET-5); a suspension lasts to the start of the caster's next
    activation (TRT-MAGIC-NULLIFY). A fresh cast of the same metahability on the same target replaces its
    effect (MET-6: a fresh duration)."""
    install(gs.world)
    m = carried(gs, caster)[index]
    for _, h in traits.meta_handlers("meta_effect", m):
        h(gs, ctx, caster, target, m)
    try:
        to = forced_move(gs, caster, m, target, ctx.params.get("to")) if ctx is not None else None
    except RuleViolation as exc:
        if target == ctx.params.get("target"):
            raise
        # TRT-INFINITE-RANGE: a scattered cast landed on another character: the point chosen for the one aimed at
        # is one it cannot be moved to (its own straight line and reach): it stays where it is
        gs.world.emit("forced_move_lost", exc.rule_id, who=target, by=caster, to=ctx.params.get("to"),
                      why=str(exc))
        to = None
    if to is not None and gs.on_table(target):
        p = gs.pos(target)
        gs.world.set(target, replace(p, x=to[0], y=to[1]))
        gs.world.emit("forced_move", traits.forced_reach(gs, caster, m)[0], who=target, by=caster,
                      path=[[p.x, p.y], list(to)])
    if target != caster and gs.able(target) and traits.hit_psi(gs, caster, target, m, m.RNG > 0):
        psi_check(gs, ctx, target, source=caster, reason=m.name, rule="TRT-COWING")   # hook hit_psi
    grants = traits.meta_grants(gs, caster, target, m)
    negates = tuple(g for _, h in traits.meta_handlers("meta_negates", m) for g in h(gs, caster, target, m))
    cancels = None
    for _, h in traits.meta_handlers("meta_cancels", m):
        cancels = h(gs, caster, target, m) if cancels is None else cancels
    kept = tuple(x for x in effects_on(gs, target) if not (x.caster == caster and x.index == index))
    if not grants and not negates and cancels is None:
        if len(kept) != len(effects_on(gs, target)):
            gs.world.set(target, MetaEffects(kept))
        return None
    ends = "start" if target == caster or cancels is not None else "end"
    uid = gs.world.resources.get("meta_uid", 0) + 1
    gs.world.resources["meta_uid"] = uid
    fx = MetaEffect(uid, caster, index, m.name, target, ends, grants=grants, negates=negates, cancels=cancels)
    gs.world.set(target, MetaEffects(kept + (fx,)))
    gs.world.emit("metahability_effect", "MET-3" if ends == "start" and target == caster else
                  ("MET-4" if relation(gs, caster, target) == "ally" else "MET-5"),
                  who=target, caster=caster, meta=m.name, uid=uid, ends=ends, grants=list(grants),
                  negates=list(negates), cancels=cancels)
    return fx


def end_effect(gs: GameState, e: int, fx: MetaEffect, rule: str, why: str) -> None:
    gs.world.set(e, MetaEffects(tuple(x for x in effects_on(gs, e) if x.uid != fx.uid)))
    gs.world.emit("metahability_effect_ended", rule, who=e, caster=fx.caster, meta=fx.name, uid=fx.uid, why=why)


def install(world) -> None:
    """Register the lapses of metahability effects (idempotent; only games where one was cast have them)."""
    if getattr(world, "_meta_systems", False):
        return
    world._meta_systems = True
    world.add_system("start_of_activation", _start_of_activation)
    world.add_system("end_of_activation", _end_of_activation)


traits.registry.EFFECT_LAPSES.append(install)         # TRT-HEX on a weapon leaves a lasting effect too


def _start_of_activation(world, gs: GameState, who: int, **_: Any) -> None:
    """MET-3 (ENE-3 step 2): effects `who` cast on itself, and its suspensions (TRT-MAGIC-NULLIFY), lapse; `who`'s
    next activation has started: the effects that last to its end are armed (MET-4, MET-5)."""
    for e in list(world.query(MetaEffects)):
        for fx in effects_on(gs, e):
            if fx.ends == "start" and fx.caster == who:
                end_effect(gs, e, fx, "MET-3", "the caster's next activation starts")
    mine = effects_on(gs, who)
    if any(fx.ends == "end" and not fx.armed for fx in mine):
        world.set(who, MetaEffects(tuple(replace(fx, armed=True) if fx.ends == "end" else fx for fx in mine)))


def _end_of_activation(world, gs: GameState, who: int, **_: Any) -> None:
    """MET-4 / MET-5: at the end of the target's next activation the effects on it lapse (not at a pause,
    GNA-10); a Contramagia that found no CH INT lapses."""
    if world.has(who, Countered):
        world.remove(who, Countered)
    if not gs.activation(who).acted:
        return
    for fx in effects_on(gs, who):
        if fx.ends == "end" and fx.armed:
            end_effect(gs, who, fx, "MET-4" if gs.side(fx.caster) == gs.side(who) else "MET-5",
                       "the end of its next activation")


def remember(gs: GameState, caster: int, index: int, target: int, *, maintained: bool) -> None:
    """MET-6: the caster's successful cast (or maintenance) of metahability `index` on `target` this turn."""
    comp = gs.world.get(caster, Metahabilities)
    turn = gs.world.resources["flow"].turn
    casts = tuple(c for c in comp.casts if not (c.index == index and c.target == target))
    gs.world.set(caster, replace(comp, casts=casts + (Cast(index, target, turn, maintained),)))


def maintainable(gs: GameState, caster: int) -> list[Cast]:
    """MET-6: casts of the previous turn the caster may maintain now: at the start of its activation (before any
    other action of it), on a target still on the table, of a metahability with a lasting effect (ruling: an
    attack's one-off effect, Acobardamiento's CH PSI, is not kept going without a new check)."""
    comp = gs.world.try_get(caster, Metahabilities)
    if comp is None or not comp.casts:
        return []
    turn = gs.world.resources["flow"].turn
    act = gs.activation(caster)
    if act.actions > sum(1 for c in comp.casts if c.turn == turn and c.maintained):
        return []
    return [c for c in comp.casts if c.turn == turn - 1 and gs.on_table(c.target)
            and lasting(comp.items[c.index])]


def lasting(m) -> bool:
    """MET-3..5: whether the metahability leaves an effect that lasts (grants, negates or suspends traits)."""
    return any(traits.meta_handlers(h, m) for h in ("meta_grants", "hex_malus", "lent_bonus", "meta_negates",
                                                    "meta_cancels"))


def maintain(gs: GameState, ctx, caster: int, cast_: Cast) -> None:
    """MET-6: paying the ENE again keeps the effect on the same target with no kind check, no CH VOL ENF, no range
    check and no fumble; it gets a fresh duration, as if cast now."""
    m = carried(gs, caster)[cast_.index]
    gs.world.emit("metahability_maintained", "MET-6", who=caster, meta=m.name, target=cast_.target)
    if relation(gs, caster, cast_.target) == "enemy" and void_runes(gs, ctx, caster, cast_.target, m):
        for fx in effects_on(gs, cast_.target):                                    # TRT-VOID-RUNES
            if fx.caster == caster and fx.index == cast_.index:
                end_effect(gs, cast_.target, fx, "TRT-VOID-RUNES", "cancelled")
        return
    apply(gs, ctx, caster, cast_.index, cast_.target)
    remember(gs, caster, cast_.index, cast_.target, maintained=True)


# --- counter-magic (CBA-20) ------------------------------------------------------------------------------------
def counterable(gs: GameState, actor: int, key: str | None, params: dict) -> bool:
    """CBA-20 ruling (1): the acting neuromancer's action is checked with its CH INT as a neuromancer: an
    invocation (Usar una metahabilidad), Corromper, Poseer or Marcar un objetivo with INT, or Curar choosing
    stress."""
    if not is_neuromancer(gs, actor):
        return False
    if key in ("use_metahability", "telekinesis"):            # TRT-MAGIC-TELEKINESIS: its use on an object
        items = carried(gs, actor)
        i = params.get("meta")
        return isinstance(i, int) and 0 <= i < len(items) and int_checked(items[i])
    if key in ("corrupt", "possess", "mark_target"):             # CBA-18, CBA-21, GNA-11 with INT
        return params.get("attribute", "INT") == "INT"
    return key == "heal" and params.get("cure") == "stress"


def counter_contest(gs: GameState, ctx, actor: int, r) -> bool:
    """CBA-20: a declared Contramagia turns the acting neuromancer's CH INT `r` into a CH INT ENF against the
    counter-mage: if the actor wins its action goes on, otherwise it fails (nobody winning fails it too). A
    natural 1 gives the other side 1 stress, a natural 10 the roller; the receiver avoids it with a CH VOL (its
    CH DEF). Without a Contramagia the check stands. Returns whether the action goes on."""
    c = gs.world.try_get(actor, Countered)
    if c is None:
        return r.passed
    gs.world.remove(actor, Countered)
    by = c.by
    while True:
        d = roll_character_check(gs, None, by, "ATR", "INT", "CBA-20", "Contramagia", side_of_opposed="b",
                                 against=actor)
        winner = opposed_winner(r, d)
        if winner != "reroll":
            break
        r = roll_character_check(gs, ctx, actor, r.kind, "INT", "CBA-20", "CH INT ENF", side_of_opposed="a",
                                 against=by)
    gs.world.emit("opposed_resolved", "CBA-20", a=actor, b=by, winner=winner)
    for roll, roller, other in ((r, actor, by), (d, by, actor)):
        if roll.die == 1:
            counter_stress(gs, ctx, other, roller)
        elif roll.die == 10:
            counter_stress(gs, ctx, roller, other)
    return winner == "a"


def countered(gs: GameState, ctx, actor: int, r) -> bool:
    """CBA-20: True when a Contramagia was declared against the acting neuromancer and it did not win the CH INT
    ENF (its action fails); without one its own check `r` decides as usual."""
    return gs.world.has(actor, Countered) and not counter_contest(gs, ctx, actor, r)


def counter_stress(gs: GameState, ctx, e: int, source: int) -> None:
    """CBA-20 ruling (3): 1 stress, avoided by passing a CH VOL (its CH DEF)."""
    if not gs.able(e):
        return
    r = roll_character_check(gs, None, e, "ATR", "VOL", "CBA-20", "stress from Contramagia (CH DEF = CH VOL)")
    if not r.passed:
        add_stress(gs, ctx, e, 1, "CBA-20", source=source)


def check_counter_magic(gs: GameState, reactor: int, params: dict) -> int:
    """CBA-20: Contramagia is declared in the declaration window of an acting enemy neuromancer's CH INT action
    (`counterable`), by a Neuromante with that enemy within its INT K and in its FOV. Returns the acting enemy."""
    if params.get("_window") != "declaration" or params.get("_against") is None:
        raise RuleViolation("CBA-20", "Contramagia is declared only right after an acting neuromancer declares an "
                            "action checked with its CH INT (declaration window)")
    actor = params["_against"]
    if not is_neuromancer(gs, reactor):
        raise RuleViolation("CBA-20", f"{gs.name(reactor)} is not a neuromancer")
    if gs.side(actor) == gs.side(reactor):
        raise RuleViolation("CBA-20", "Contramagia answers an enemy")
    if not counterable(gs, actor, params.get("_against_action"), params.get("_against_params") or {}):
        raise RuleViolation("CBA-20", f"{gs.name(actor)}'s action is not a neuromancer's CH INT (CBA-20 ruling 1)")
    if gs.distance(reactor, actor) > gs.attrs(reactor).INT + 1e-9:
        raise RuleViolation("CBA-20", f"{gs.name(actor)} is beyond {gs.name(reactor)}'s INT K")
    if not gs.in_fov(reactor, actor):
        raise RuleViolation("CBA-20", f"{gs.name(actor)} is not in {gs.name(reactor)}'s field of view (ENV-1)")
    return actor


def declare_counter(gs: GameState, reactor: int, actor: int) -> None:
    install(gs.world)
    gs.world.set(actor, Countered(reactor))
    gs.world.emit("counter_magic", "CBA-20", who=reactor, against=actor)


# --- corruption / hacking (MET-8, CBA-18) ----------------------------------------------------------------------
def may_corrupt(gs: GameState, e: int) -> bool:
    """MET-8 / CBA-21 (issue 20): False only when `corrupt_attributes` is () whatever else the state holds: a
    neuromancer needs a trait on ``meta_school`` (``traits.meta_schools``), a puppeteer one or a binding carried
    (`kinds_of`). Reads only the trait set and the metahabilities carried (``Action.menu_gate``)."""
    return traits.carries_on(gs, e, "meta_school") or any(m.kind == BINDING for m in carried(gs, e))


def corrupt_attributes(gs: GameState, e: int) -> tuple[str, ...]:
    """MET-8 / CBA-18 ruling (2): INT as a neuromancer, VOL as a puppeteer (both: either). Memoised per world
    version (issue 20: the offered keys ask it for every corruption and possession key of a listing)."""
    memo = gs._memo_table()
    key = ("corrupt_attributes", e)
    got = memo.get(key)
    if got is None:
        got = memo[key] = tuple(a for a, ok in (("INT", is_neuromancer(gs, e)), ("VOL", is_puppeteer(gs, e))) if ok)
    return got


def living(gs: GameState, e: int) -> bool:
    """MET-8: a living character is not dead and lacks the bonus No vivo (hook ``not_living``)."""
    return gs.world.get(e, Life).state != "dead" and not traits.not_living(gs, e)


def check_corrupt(gs: GameState, actor: int, target: int, attribute: str) -> None:
    """MET-8 / CBA-18: a neuromancer (INT) on any character, a puppeteer (VOL) on a living one; within INT (VOL)
    K, in FOV and LOS."""
    if attribute not in corrupt_attributes(gs, actor):
        raise RuleViolation("MET-8", f"{gs.name(actor)} cannot corrupt with {attribute}: "
                            + ("INT needs a neuromancer" if attribute == "INT"
                               else "VOL needs a puppeteer (a character carrying a binding)"))
    if attribute == "VOL" and not living(gs, target):
        raise RuleViolation("MET-8", f"a puppeteer corrupts living characters only; {gs.name(target)} is not one")
    check_reach(gs, actor, target, attribute, "CBA-18")


def check_reach(gs: GameState, actor: int, target: int, attribute: str, rule: str) -> None:
    """CBA-18, CBA-21: the target within as many K as the actor's INT (VOL), in its FOV and LOS."""
    reach = getattr(gs.attrs(actor), attribute)
    if gs.distance(actor, target) > reach + 1e-9:
        raise RuleViolation(rule, f"{gs.name(target)} is beyond {reach} K ({attribute} K)")
    if not gs.in_fov(actor, target):
        raise RuleViolation("ENV-1", f"{gs.name(target)} is not in {gs.name(actor)}'s field of view")
    if not traits.sees_target(gs, actor, target):                  # hook sight_through (TRT-META-VISION)
        raise RuleViolation("ENV-2", f"no line of sight from {gs.name(actor)} to {gs.name(target)}")


def corrupt(gs: GameState, ctx, actor: int, target: int, attribute: str, aim: str | None = None) -> int:
    """CBA-18: CH IMP with INT / VOL (an INT one may be countered, CBA-20); stress DMG = attribute − 4, minimum 1
    (+1 on a critical, + TRT-SHIN); the target's CH DEF is a CH VOL: pass, stress = DMG − its VOL (minimum 0);
    fail, DMG; critical 0; fumble DMG + 1. A CH IMP fumble is a metahability fumble (MET-7). Returns the stress.

    TRT-WALL (its protections stop stress; hook ``stress_def``): a target wearing them rolls its CH DEF against
    their DEF instead of its VOL, and a pass takes that DEF off. `aim` (MET-8: a neuromancer's "any target"): None
    the character; "transport" its transport; "item:<id>" an object it holds. Equipment has no VOL: its CH DEF is
    1 (ruling 4: it passes only on a critical) and its stress counts against its QUA (components.GearStress)."""
    foe = None if gs.world.has(target, Parked) else target         # MVA-17: a driverless transport has no traits
    r = roll_character_check(gs, ctx, actor, "IMP", attribute, "CBA-18", "Corromper / Hackear", against=foe)
    ok = counter_contest(gs, ctx, actor, r) if attribute == "INT" else r.passed
    if r.fumble:
        fumble(gs, ctx, actor)
        return 0
    if not ok or ctx.failed:
        gs.world.emit("corrupted", "CBA-18", who=actor, target=target, stress=0, hit=False, aim=aim)
        return 0
    dmg = (max(1, getattr(gs.attrs(actor), attribute) - 4) + (1 if r.critical else 0)
           + traits.hack_dmg(gs, actor, attribute))                     # TRT-SHIN: a race's, a metahability's
    wall = stress_def_kept(gs, ctx, target, "CBA-18") if aim is None else None    # TRT-WALL, its use checks first
    if aim is not None:
        d = roll_check(gs.world, target, "DEF", None, 1, [], "CBA-18", "CH DEF 1: equipment has no VOL")
        resist = 1
    elif wall is not None:
        d = roll_check(gs.world, target, "DEF", None, wall, [], "TRT-WALL", "CH DEF of TRT-WALL protections against Corromper")
        resist = wall
    else:
        d = roll_character_check(gs, None, target, "ATR", "VOL", "CBA-18", "CH DEF = CH VOL against Corromper",
                                 against=actor)
        resist = gs.attrs(target).VOL
    stress = stress_taken(dmg, resist, d)
    gs.world.emit("corrupted", "CBA-18", who=actor, target=target, stress=stress, hit=True, aim=aim)
    if stress and aim is not None:
        stress_equipment(gs, target, aim, stress)
    elif stress:
        add_stress(gs, ctx, target, stress, "CBA-18", source=actor)
    return stress


def equipment_aims(gs: GameState, target: int) -> list[str]:
    """MET-8: the equipment of `target` a neuromancer may aim at: its transport ("transport") and the objects it
    holds ("item:<id>", id order)."""
    out = ["transport"] if gs.world.has(target, Mount) else []
    return out + [f"item:{i}" for i, _ in objects.held_gear(gs, target)]


def stress_equipment(gs: GameState, target: int, aim: str, n: int) -> None:
    """MET-8 / CBA-18: `n` stress on `target`'s transport or object `aim` (components.GearStress; counted against its
    QUA, CBA-21 ruling)."""
    holder = target if aim == "transport" else int(aim.split(":")[1])
    before = gs.world.get(holder, GearStress).value if gs.world.has(holder, GearStress) else 0
    gs.world.set(holder, GearStress(before + n))
    qua = gs.world.get(holder, Mount).QUA if aim == "transport" else objects.gear(gs, holder).QUA
    gs.world.emit("equipment_stress", "MET-8", who=target, aim=aim, before=before, after=before + n, QUA=qua)


# --- the Neuromante's stress cure (GNA-5, PSI-13) --------------------------------------------------------------
def heal_stress(gs: GameState, ctx, healer: int, target: int, r) -> None:
    """GNA-5 ruling (3) / PSI-13: a Neuromante's Curar choosing stress: pass −1 stress, critical −3; fail +1,
    fumble +3 (never below 0); the stress thresholds apply (PSI-14, PSI-16); a character whose stress drops to VOL
    or below wakes."""
    before = gs.world.get(target, Stress).value
    if r.passed:
        after = max(0, before - (3 if r.critical else 1))
        gs.world.set(target, Stress(after))
        gs.world.emit("stress", "GNA-5", who=target, before=before, after=after)
    else:
        add_stress(gs, ctx, target, 3 if r.fumble else 1, "GNA-5", source=None)
