"""Psychology: CH PSI, stress, CH LOC, panic and its recovery, stress cures and possession
(PSI-1..17, CHK-6).

Whose action fails: a failed CH PSI fails "the action of this character that required the check or was in
progress" (PSI-5). That is the context's own actor, or, when the check comes from an early reaction (REA-4),
the acting character the reaction answers (`ctx.acting`), whose declared action is then lost."""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterable

from wartime.core.components import Attributes, Identity, MalusDue, Psyche, Stress
from wartime.core.errors import RuleViolation
from wartime.rules import traits
from wartime.rules.checks import Modifier
from wartime.rules.modifiers import roll_character_check
from wartime.rules.state import GameState

#: PSI-8: the psychological maluses of the bonus list (race maluses whose hooks include psychology), in the
#: catalogue's order: Animal interior, Ansia de sangre, Cobarde, Gallina, Loco, Locura asesina, Muy miedoso,
#: Pusilánime, Radiante. The opposing player chooses among those the engine plays (the trait registry).
PSI8_MALUSES = ("TRT-INNER-ANIMAL", "TRT-BLOOD-CRAVING", "TRT-COWARD", "TRT-CHICKEN", "TRT-INSANE",
                "TRT-MURDEROUS-MADNESS", "TRT-VERY-FEARFUL", "TRT-FAINT-HEARTED", "TRT-RADIANT")
#: PSI-8: the digest's default order (Muy miedoso, Cobarde, Gallina, Loco): what a controller picks when it has no
#: better idea; the other maluses follow in catalogue order.
MALUS_ORDER = ("TRT-VERY-FEARFUL", "TRT-COWARD", "TRT-CHICKEN", "TRT-INSANE")


def psi_check(gs: GameState, ctx, e: int, *, source: int | None, reason: str, rule: str = "PSI-1",
              extra: list[Modifier] | None = None):
    """CHK-6 / PSI-4..6: a CH PSI is a CH VOL. Critical: CH ATR +1 until the end of the (next) activation;
    fail: the action fails (PSI-5) and +1 stress; fumble: as fail, then a CH LOC (PSI-6)."""
    r = roll_character_check(gs, ctx, e, "PSI", "VOL", rule, reason, extra=extra, source=source)
    if r.critical:
        gs.set_effects(e, psi_bonus=True)
        gs.world.emit("psi_outcome", "PSI-4", who=e, outcome="critical")
    elif r.passed:
        gs.world.emit("psi_outcome", "PSI-4", who=e, outcome="pass")
    else:
        own = ctx is not None and ctx.actor == e
        # REA-4: a CH PSI the acting character fails because of an early reaction loses its declared action
        interrupted = ctx is not None and not own and ctx.acting == e and ctx.early
        if own:
            ctx.failed = True
        if interrupted:
            ctx.acting_failed = True
        gs.world.emit("psi_outcome", "PSI-6" if r.fumble else "PSI-5", who=e,
                      outcome="fumble" if r.fumble else "fail", action_fails=own or interrupted)
        loc_done = add_stress(gs, ctx, e, 1, "PSI-6" if r.fumble else "PSI-5", source=source)
        if r.fumble and not loc_done and gs.able(e):
            loc_check(gs, ctx, e, source=source)
    return r


def psi_then_loc(gs: GameState, ctx, e: int, *, source: int | None, reason: str, rule: str, loc_malus: int) -> None:
    """A trait's CH PSI (PSI-4..6) whose failure calls a CH LOC at `loc_malus` (TRT-GREATER-DEMON), unless the
    failure already made one (its fumble, PSI-6, or stress reaching VOL, PSI-14) or left it unable to act."""
    seen = len(gs.world.events)
    r = psi_check(gs, ctx, e, source=source, reason=reason, rule=rule)
    if r.passed or not gs.able(e):
        return
    if any(ev["type"] == "check" and ev.get("kind") == "LOC" for ev in gs.world.events[seen:]):
        return
    loc_check(gs, ctx, e, source=source, extra=[Modifier(rule, loc_malus, reason)])


def add_stress(gs: GameState, ctx, e: int, n: int, rule: str, *, source: int | None) -> bool:
    """Add stress and apply the thresholds: stress = VOL ends the activation and calls a CH LOC (PSI-14);
    stress > VOL makes the character unconscious (PSI-16). Returns True if a CH LOC was made."""
    before = gs.world.get(e, Stress).value
    after = max(0, before + n)
    gs.world.set(e, Stress(after))
    gs.world.emit("stress", rule, who=e, before=before, after=after)
    vol = gs.base_attrs(e).VOL          # stress thresholds compare with the VOL attribute itself
    if after > vol:
        gs.world.emit("unconscious", "PSI-16", who=e, stress=after, vol=vol)
        _end_own_activation(ctx, e)
        return False
    if after == vol and before != vol:
        if _end_own_activation(ctx, e):
            gs.world.emit("activation_ends", "PSI-14", who=e)
        loc_check(gs, ctx, e, source=source)
        return True
    return False


def _end_own_activation(ctx, e: int) -> bool:
    """PSI-14: during its own activation the activation ends right after the current action. `e` is in its own
    activation if it is the context's actor (outside a reaction), or the acting character a reaction
    answers. Returns True if it was in its own activation."""
    if ctx is None:
        return False
    if ctx.actor == e and not ctx.reaction:
        ctx.end_activation = True
        return True
    if ctx.acting == e and ctx.actor != e:
        ctx.acting_ends = True
        return True
    return False


def loc_check(gs: GameState, ctx, e: int, *, source: int | None, extra: list[Modifier] | None = None):
    """PSI-7..9: CH LOC (a CH VOL; `extra`: a trait's modifiers on it, TRT-GREATER-DEMON). Critical: next action
    must be Cargar against the source; pass: carry on; fail: panic and a malus; fumble: panic, a malus and VOL −1
    permanently (minimum 1)."""
    r = roll_character_check(gs, ctx, e, "LOC", "VOL", "PSI-7", "CH LOC", extra=extra, source=source)
    psyche = gs.psyche(e)
    if r.critical:
        if source is not None:
            gs.world.set(e, replace(psyche, forced_charge=source))
        gs.world.emit("loc_outcome", "PSI-7", who=e, outcome="critical", must_charge=source)
        return r
    if r.passed:
        gs.world.emit("loc_outcome", "PSI-8", who=e, outcome="pass")
        return r
    panic(gs, e, rule="PSI-9" if r.fumble else "PSI-8")
    if r.fumble:
        a = gs.base_attrs(e)
        new_vol = max(1, a.VOL - 1)
        gs.world.set(e, replace(a, VOL=new_vol))
        gs.world.emit("attribute", "PSI-9", who=e, attribute="VOL", before=a.VOL, after=new_vol)
        if new_vol != a.VOL:
            vol_fell(gs, ctx, e, a.VOL, source=source)
    return r


def vol_fell(gs: GameState, ctx, e: int, old_vol: int, *, source: int | None) -> None:
    """PSI-14 / PSI-16 are checked whenever VOL falls too: falling to the stress value ends the character's
    own activation and calls a CH LOC; falling below it makes the character unconscious."""
    stress = gs.world.get(e, Stress).value
    vol = gs.base_attrs(e).VOL
    if stress > vol and stress <= old_vol:
        gs.world.emit("unconscious", "PSI-16", who=e, stress=stress, vol=vol)
        _end_own_activation(ctx, e)
    elif stress == vol:
        if _end_own_activation(ctx, e):
            gs.world.emit("activation_ends", "PSI-14", who=e)
        loc_check(gs, ctx, e, source=source)


def panic(gs: GameState, e: int, rule: str) -> None:
    """PSI-8 / PSI-10: the character panics and gains a malus chosen by the opposing player. The panic is on at
    once; the malus is owed (`MalusDue`) and the engine asks the opposing player for it as soon as the step that
    caused the panic has resolved (a 'malus' decision, `Engine.pending`): a choice cannot pause a resolution, and
    none of these maluses changes a check of the action in progress. A character already carrying every malus
    the engine plays (gained before or its race's own) gains none. A character that never panics (hook point
    ``panic_immunity``, TRT-FANATIC) still owes the malus, but does not panic."""
    immune = traits.panic_immune(gs, e)
    if immune is None:
        gs.world.set(e, replace(gs.psyche(e), panic=True))
    due = gs.world.try_get(e, MalusDue)
    owed = due.count if due is not None else 0
    gains = len(malus_options(gs, e)) > owed
    if gains:
        gs.world.set(e, MalusDue(owed + 1, due.rule if due is not None else rule))
    if immune is None:
        gs.world.emit("panic", rule, who=e, malus_due=gains)
    else:
        gs.world.emit("panic_ignored", immune, who=e, malus_due=gains)


def malus_options(gs: GameState, e: int) -> tuple[str, ...]:
    """PSI-8: the maluses the opposing player may give `e`: the psychological maluses of the bonus list that the
    engine plays (registered traits) and that `e` does not carry yet, in catalogue order."""
    has = traits.character_traits(gs, e)
    playable = traits.fieldable()
    return tuple(m for m in PSI8_MALUSES if m in playable and m not in has)


def default_malus(options) -> str:
    """PSI-8: the digest's default among `options` (Muy miedoso, Cobarde, Gallina, Loco, then catalogue order)."""
    return min(options, key=lambda m: (MALUS_ORDER.index(m) if m in MALUS_ORDER else len(MALUS_ORDER),
                                       PSI8_MALUSES.index(m)))


def malus_due(gs: GameState) -> int | None:
    """PSI-8: the first character (by id) owed a malus, or None (cheap: asked at every pending decision)."""
    table = gs.world.tables.get(MalusDue)
    return min(table) if table else None


def give_malus(gs: GameState, e: int, malus: str, chooser: str) -> None:
    """PSI-8: the opposing player's choice: `e` gains `malus` (one of `malus_options`) for the rest of the
    adventure. Anything else is refused naming PSI-8; nothing changes."""
    due = gs.world.try_get(e, MalusDue)
    if due is None:
        raise RuleViolation("PSI-8", f"{gs.name(e)} is owed no malus")
    options = malus_options(gs, e)
    if malus not in options:
        names = ", ".join(f"{m} ({traits.display_name(m)})" for m in options)
        raise RuleViolation("PSI-8", f"{malus!r} is not a psychological malus {gs.name(e)} may gain; "
                            f"choose one of: {names}")
    psyche = gs.psyche(e)
    gs.world.set(e, replace(psyche, maluses=psyche.maluses + (malus,)))
    if due.count > 1 and len(options) > 1:
        gs.world.set(e, MalusDue(due.count - 1, due.rule))
    else:
        gs.world.remove(e, MalusDue)
    gs.world.emit("malus_gained", due.rule, who=e, malus=traits.display_name(malus), trait=malus, chosen_by=chooser)


def before_attack(gs: GameState, ctx, e: int, action=None) -> None:
    """The checks a character's traits ask for before it attacks (hook point `before_attack`, e.g. TRT-COWARD),
    and those its target's traits ask of it (`target_before_attack`, e.g. TRT-HORROR for a melee attack): each a
    CH PSI after the attack's ENE is paid and before its CH IMP, until one fails (PSI-5)."""
    target = ctx.params.get("target") if ctx is not None else None
    melee = action is not None and not getattr(action, "ranged", False)
    if isinstance(target, int) and not gs.world.has(target, Identity):
        target = None                                  # MVA-17: a driverless transport (no traits) is the target
    for req in traits.before_attack(gs, e, target if isinstance(target, int) else None, melee):
        psi_check(gs, ctx, e, source=None, reason=req.reason, rule=req.rule)
        if ctx.failed:
            break


def outnumbered(gs: GameState, e: int) -> bool:
    """PSI-2: more able enemies within 5 K than VOL + able allies within 5 K."""
    enemies = sum(1 for o in gs.enemies(e) if gs.distance(e, o) <= 5.0 + 1e-9)
    allies = sum(1 for o in gs.allies(e) if gs.distance(e, o) <= 5.0 + 1e-9)
    return enemies > gs.attrs(e).VOL + allies


def calm_allies_within(gs: GameState, e: int, k: float = 5.0) -> int:
    """PSI-11: allies able to act and not in panic within 5 K."""
    return sum(1 for o in gs.allies(e) if not gs.psyche(o).panic and gs.distance(e, o) <= k + 1e-9)


def panic_recovery(gs: GameState, e: int) -> bool:
    """PSI-11: at the start of its activation a panicked character makes a CH VOL with +1 per calm ally
    within 5 K (the panic −1 applies). Pass: no longer in panic. Returns True if it recovered."""
    bonus = calm_allies_within(gs, e)
    extra = [Modifier("PSI-11", bonus, "calm allies within 5 K")] if bonus else []
    r = roll_character_check(gs, None, e, "ATR", "VOL", "PSI-11", "panic recovery", extra=extra)
    if r.passed:
        gs.world.set(e, replace(gs.psyche(e), panic=False))
        gs.world.emit("panic_over", "PSI-11", who=e)
        return True
    return False


def nearest_enemy(gs: GameState, e: int) -> int | None:
    enemies = gs.enemies(e)
    if not enemies:
        return None
    return min(enemies, key=lambda o: (gs.distance(e, o), o))


# --- PSI-3: traumatic situations -------------------------------------------------------------------------
#: A trauma trigger: called after every resolved action or reaction with (gs, ctx); yields (character, source,
#: reason) for each character that suffers a traumatic situation. Scenarios or bonuses attach triggers to a
#: game as `gs.trauma_triggers` (a tuple); the engine has none by default.
TraumaTrigger = Callable[..., Iterable[tuple[int, "int | None", str]]]


def traumatic_situation(gs: GameState, ctx, e: int, *, source: int | None, reason: str):
    """PSI-3: a character that suffers a traumatic situation makes a CH PSI (with the usual PSI-4..6 results).
    The book does not list the situations: a scenario or bonus text declares them (see `trauma_checks`)."""
    return psi_check(gs, ctx, e, source=source, reason=f"traumatic situation: {reason}", rule="PSI-3")


def trauma_checks(gs: GameState, ctx) -> None:
    """PSI-3: the hook the engine calls after every resolved action and reaction. It does nothing unless the
    game carries trauma triggers (`gs.trauma_triggers`): in a plain skirmish no CH PSI is rolled for trauma."""
    triggers = getattr(gs, "trauma_triggers", ())
    for trigger in triggers:
        for e, source, reason in trigger(gs, ctx):
            if gs.able(e):
                traumatic_situation(gs, ctx, e, source=source, reason=reason)


# --- PSI-13: stress is cured only by a neuromancer ---------------------------------------------------------
NEUROMANCER_TRAIT = "TRT-NEUROMANCER"


def is_neuromancer(gs: GameState, e: int) -> bool:
    """MET-1: a character is a neuromancer if it has the bonus Neuromante (the bonus that unlocks invocations,
    hook ``meta_school``)."""
    return "TRT-INVOCATION" in traits.meta_schools(gs, e)


def check_stress_cure(gs: GameState, healer: int, target: int) -> None:
    """PSI-13: stress is cured only by the "Curar" action performed by a neuromancer (the Neuromante stress option
    of GNA-5, rules.metahabilities.heal_stress). Any other cure is refused (PSI-13)."""
    if not is_neuromancer(gs, healer):
        raise RuleViolation("PSI-13", f"stress is cured only by Heal (Curar) performed by a neuromancer; "
                            f"{gs.name(healer)} is not one, so {gs.name(target)} keeps its stress")


def cure_stress(gs: GameState, healer: int, target: int, amount: int) -> None:
    """PSI-13 / PSI-16: remove stress (never below 0); a character whose stress drops to VOL or below wakes.
    Only a neuromancer's Curar may do it (`check_stress_cure`)."""
    check_stress_cure(gs, healer, target)
    before = gs.world.get(target, Stress).value
    after = max(0, before - amount)
    gs.world.set(target, Stress(after))
    gs.world.emit("stress", "PSI-13", who=target, before=before, after=after)


# --- PSI-14..17: possession --------------------------------------------------------------------------------
def can_be_possessed(gs: GameState, e: int) -> bool:
    """PSI-14 / PSI-15 / PSI-16 / MET-10: a character whose stress is at least its VOL (stress = VOL, or
    unconscious with stress > VOL) is a valid Poseer target (possession itself: rules/possession.py)."""
    return gs.on_table(e) and gs.world.get(e, Stress).value >= gs.base_attrs(e).VOL
