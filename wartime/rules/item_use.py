"""The checks a use of an item asks of its user (BLD-9's "to use it" traits): Prueba de agilidad / constitución /
inteligencia / voluntad (hook ``use_check``: a passed CH of that attribute) and Neuropsico (hook ``use_psi``: a CH
PSI, PSI-5). Shared by Usar an object (GNA-16), a metahability (MET-2) and an attack with a weapon (the action
pipeline): each asks them after the ENE is paid and before the item does anything; a failure fails the use (the ENE
stays spent)."""
from __future__ import annotations

from dataclasses import replace

from wartime.core.components import Mount
from wartime.rules import riding, traits
from wartime.rules.modifiers import roll_character_check
from wartime.rules.psychology import psi_check
from wartime.rules.state import GameState


def use_passes(gs: GameState, ctx, e: int, item, rule: str, label: str) -> bool:
    """TRT-AGILITY-TEST, TRT-CONSTITUTION-TEST, TRT-INTELLIGENCE-TEST, TRT-WILLPOWER-TEST: each CH ATR the item's
    traits ask (the check event names `rule`, the use's own rule); TRT-NEUROPSYCHO: then a CH PSI per trait that
    asks one (PSI-5: a failure is +1 stress). False as soon as one fails (ctx.failed for a CH PSI of the acting
    character; `e` may also be another, the wearer of a protection hit during someone's action)."""
    own = ctx is not None and ctx.actor == e
    for _, attribute in traits.use_checks(gs, e, item):
        r = roll_character_check(gs, ctx, e, "ATR", attribute, rule, label,
                                 extra=traits.object_check_mods(gs, e, item))      # TRT-MASTERY bought for it
        if not r.passed or (own and ctx.failed):
            return False
    for trait, _ in traits.use_psis(gs, e, item):
        r = psi_check(gs, ctx, e, source=None, reason=f"using {item.name}", rule=trait)
        if not r.passed or (own and ctx.failed):
            return False
    return True


def protection_def_lost(gs: GameState, ctx, e: int, rule: str) -> int:
    """TRT-AGILITY-TEST, TRT-CONSTITUTION-TEST, TRT-INTELLIGENCE-TEST, TRT-WILLPOWER-TEST, TRT-NEUROPSYCHO on a
    protection. Ruling "check before each use": a protection is worn from the start (no action puts it on), so its
    use is protecting: each CH DEF its wearer `e` makes against a hit (CMB-3, `rule`) first asks, for each worn
    protection (not disabled) carrying such a trait, its checks (a failed CH PSI is +1 stress, PSI-5); a failure
    leaves that protection's DEF out of this CH DEF (its target and the DEF subtracted). Returns the DEF lost; no
    die is rolled for a character whose protections carry none of these traits."""
    return sum(p.current_def for p in _failed_protections(gs, ctx, e, rule, traits.worn_protections(gs, e)))


def stress_def_kept(gs: GameState, ctx, e: int, rule: str) -> int | None:
    """The same use traits on a protection whose DEF makes its wearer's CH DEF against stress (TRT-WALL's Muro:
    TRT-PSYCHIC-AMMO hits, Corromper / Hackear): each such protection carrying one asks its checks first; a failure
    leaves its DEF out of that CH DEF, and when every one failed the wearer defends as wearing none (CH VOL: None).
    Returns the DEF the CH DEF is made against (None: CH VOL); no die without such a protection."""
    wall = traits.stress_defense(gs, e)
    if wall is None:
        return None
    among = traits.stress_protections(gs, e)
    failed = _failed_protections(gs, ctx, e, rule, among)
    if failed and len(failed) == len(among):
        return None
    return max(0, wall - sum(p.current_def for p in failed))


def _failed_protections(gs: GameState, ctx, e: int, rule: str, among) -> list:
    """The protections of `among` (worn by `e`) carrying use traits whose checks failed now (each a
    ``protection_use_failed`` event), in order; none is rolled for a protection without such traits. TRT-REQUIRES:
    a protection naming a condition (``traits.protections.CONDITIONS``) its wearer is not in now is not in use: its
    DEF is left out with no die (project reading: a protection's use is protecting, as for the use tests)."""
    out = []
    for p in among:
        unusable = traits.usable_refusal(gs, e, p)          # TRT-REQUIRES: a condition its wearer is not in
        if unusable is not None:
            gs.world.emit("protection_use_failed", rule, who=e, protection=p.name, def_lost=p.current_def,
                          why=unusable.rule_id)
            out.append(p)
            continue
        if not (traits.use_checks(gs, e, p) or traits.use_psis(gs, e, p)):
            continue
        if not use_passes(gs, ctx, e, p, rule, f"wearing {p.name}"):
            gs.world.emit("protection_use_failed", rule, who=e, protection=p.name, def_lost=p.current_def)
            out.append(p)
    return out


def drive_passes(gs: GameState, ctx, e: int, action) -> bool:
    """TRT-AGILITY-TEST, TRT-CONSTITUTION-TEST, TRT-INTELLIGENCE-TEST, TRT-WILLPOWER-TEST on a transport. Ruling
    "check before each use": a transport is used by each movement action of its driver aboard (as TRT-OVERHEATING's
    strain counts them: Mover, Correr, Pivotar de transporte, ...) and by each action that moves it (Embestir),
    getting off it (MVA-17) excepted; its checks come after the ENE is paid and before the action does anything. A
    failure fails the action (its ENE, the transport's BLD-19 (c) share included, stays spent). True without a
    ridden transport carrying such a trait."""
    m = gs.world.try_get(e, Mount)
    if m is None or not m.traits or action.key == "disembark":
        return True
    if not (action.moves or action.category == "movement") or not traits.use_checks(gs, e, m):
        return True
    if use_passes(gs, ctx, e, m, action.rule, f"driving {m.name}"):
        return True
    gs.world.emit("transport_use_failed", action.rule, who=e, transport=m.name)
    if action.moves:                                    # BLD-19 (c): the transport's ENE was paid with it
        gs.world.set(e, replace(m, ene_turn=riding.turn_of(gs)))
    return False


def attack_weapon(gs: GameState, e: int, params: dict):
    """The weapon an attack's parameters name (its `weapon` index among the character's weapons), or None."""
    i = params.get("weapon")
    if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(gs.equipment(e).weapons):
        return gs.weapon(e, i)
    return None
