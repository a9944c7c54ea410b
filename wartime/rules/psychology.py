"""Psychology: CH PSI, stress, CH LOC, panic and its recovery (PSI-1..12, PSI-14, PSI-16, CHK-6)."""
from __future__ import annotations

from dataclasses import replace

from wartime.core.components import Attributes, Psyche, Stress
from wartime.rules.checks import Modifier
from wartime.rules.modifiers import roll_character_check
from wartime.rules.state import GameState

#: PSI-8: the engine's default malus order (the opposing player's choice by default).
MALUS_ORDER = ("Muy miedoso", "Cobarde", "Gallina", "Loco")


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
        if ctx is not None and ctx.actor == e:
            ctx.failed = True
        gs.world.emit("psi_outcome", "PSI-6" if r.fumble else "PSI-5", who=e,
                      outcome="fumble" if r.fumble else "fail", action_fails=ctx is not None and ctx.actor == e)
        loc_done = add_stress(gs, ctx, e, 1, "PSI-6" if r.fumble else "PSI-5", source=source)
        if r.fumble and not loc_done and gs.able(e):
            loc_check(gs, ctx, e, source=source)
    return r


def add_stress(gs: GameState, ctx, e: int, n: int, rule: str, *, source: int | None) -> bool:
    """Add stress and apply the thresholds: stress = VOL ends the activation and calls a CH LOC (PSI-14);
    stress > VOL makes the character unconscious (PSI-16). Returns True if a CH LOC was made."""
    before = gs.world.get(e, Stress).value
    after = max(0, before + n)
    gs.world.set(e, Stress(after))
    gs.world.emit("stress", rule, who=e, before=before, after=after)
    vol = gs.attrs(e).VOL
    if after > vol:
        gs.world.emit("unconscious", "PSI-16", who=e, stress=after, vol=vol)
        if ctx is not None and ctx.actor == e:
            ctx.end_activation = True
        return False
    if after == vol and before != vol:
        if ctx is not None and ctx.actor == e:
            ctx.end_activation = True
            gs.world.emit("activation_ends", "PSI-14", who=e)
        loc_check(gs, ctx, e, source=source)
        return True
    return False


def loc_check(gs: GameState, ctx, e: int, *, source: int | None):
    """PSI-7..9: CH LOC (a CH VOL). Critical: next action must be Cargar against the source; pass: carry on;
    fail: panic and a malus; fumble: panic, a malus and VOL −1 permanently (minimum 1)."""
    r = roll_character_check(gs, ctx, e, "LOC", "VOL", "PSI-7", "CH LOC", source=source)
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
        a = gs.attrs(e)
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
    vol = gs.attrs(e).VOL
    own = ctx is not None and ctx.actor == e
    if stress > vol and stress <= old_vol:
        gs.world.emit("unconscious", "PSI-16", who=e, stress=stress, vol=vol)
        if own:
            ctx.end_activation = True
    elif stress == vol:
        if own:
            ctx.end_activation = True
            gs.world.emit("activation_ends", "PSI-14", who=e)
        loc_check(gs, ctx, e, source=source)


def panic(gs: GameState, e: int, rule: str) -> None:
    """PSI-8 / PSI-10: the character panics and gains the first default malus it lacks."""
    psyche = gs.psyche(e)
    malus = next((m for m in MALUS_ORDER if m not in psyche.maluses), None)
    maluses = psyche.maluses + ((malus,) if malus else ())
    gs.world.set(e, replace(psyche, panic=True, maluses=maluses))
    gs.world.emit("panic", rule, who=e, malus=malus)


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
