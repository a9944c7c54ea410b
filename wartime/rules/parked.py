"""MVA-17 (the driver's case, rules/riding.py `park`): a driverless transport (components.Parked) stays on the table
as equipment without a character: attacks and a neuromancer's hack may target it (the book's "any target", MET-8,
CBA-18; WND-4 / WND-5 for its wounds). The attack actions (CBA-1, CBA-7, CBA-8) and Corromper / Hackear ask here
when their target is a parked transport; nothing here is asked in a game where no driver got off.

The play model of such a target (no character: no attributes, posture, traits, reactions or psychology):

* who may target it: a character whose side is not the side of its last driver (Parked.owner), at its level;
* a ranged attack: the weapon's range, the attacker's FOV (ENV-1) and the weapon's field of fire (ENV-5), a line of
  sight (ENV-2) with the transport's whole height seen (it stands: no posture); the attacker not engaged (CMB-10);
  a melee attack: base contact (CMB-11);
* the CH IMP (CMB-2) has the attacker's own modifiers (MOD-2 range, MOD-7 larger target, MOD-8 the attacker's fast
  move, MVA-4 / MVA-5 its posture; CMB-6 / CMB-8 criticals and fumbles); melee DMG adds MOD-1's CON term;
* the CH DEF (CMB-3) is rolled against the transport's DEF plus its mounted protections' (BLD-19 b, BLD-20), with
  cover (CMB-17, CMB-18); a critical stops the hit, a fumble adds 1 DMG (CMB-7, CMB-9); wounds by CMB-4 go to the
  transport: disabled at QUA (WND-4), destroyed and exploding above it (WND-5, riding.explode: no one aboard);
* a neuromancer's Corromper / Hackear (INT only: a puppeteer corrupts living characters) within INT K, in FOV and
  LOS: CH DEF 1, its stress kept against its QUA (components.GearStress), as on a ridden transport."""
from __future__ import annotations

import math

import numpy as np

from wartime.core.components import Mount, Parked
from wartime.core.errors import RuleViolation
from wartime.geometry import sight
from wartime.rules import riding, traits
from wartime.rules.checks import Modifier, roll_check
from wartime.rules.combat import Cover, imp_fumble, melee_damage, weapon_used, wounds_after_def, resolve_hit
from wartime.rules.cover_check import cover_mods
from wartime.rules.modifiers import own_posture_mods, ranged_mods, roll_character_check
from wartime.rules.state import GameState


is_parked = riding.is_parked


def enemy_parked(gs: GameState, actor: int) -> list[int]:
    """The driverless transports `actor` may target: the last driver's side is not `actor`'s, at `actor`'s level
    (MOV-11), in id order."""
    side, level = gs.side(actor), gs.pos(actor).level
    return [t for t in riding.parked(gs) if gs.side(gs.world.get(t, Parked).owner) != side
            and gs.pos(t).level == level]


def need_parked(gs: GameState, actor: int, t: int, rule: str) -> int:
    """The parked transport `t` as `actor`'s target (an enemy's, at its level), else a RuleViolation."""
    if t not in enemy_parked(gs, actor):
        raise RuleViolation(rule, f"{riding.base_name(gs, t)} is not a driverless enemy transport at "
                            f"{gs.name(actor)}'s level")
    return t


def _row(gs: GameState, t: int) -> np.ndarray:
    """ENV-2: the parked transport's silhouette (it has no posture: its whole height)."""
    p, b = gs.pos(t), gs.body(t)
    return np.array([(p.x, p.y, b.radius, gs.elevation(t), b.height)], dtype=float)


def _seen(gs: GameState, actor: int, t: int, eye=None):
    return sight.cover_query(gs.board, gs.eye(actor) if eye is None else eye, _row(gs, t))[0]


def ranged_cover(gs: GameState, actor: int, t: int, weapon, rule: str) -> Cover:
    """CMB-10 against a parked transport: the attacker not engaged, the transport in its FOV (ENV-1) and in a fixed
    weapon's 90° field of fire (ENV-5), within RNG (TRT-INFINITE-RANGE lifts it), with LOS from the muzzle (ENV-2,
    ENV-3). Returns its cover (CMB-17, CMB-18)."""
    name = riding.base_name(gs, t)
    if gs.engaged(actor):
        raise RuleViolation("CMB-10", f"{gs.name(actor)} is engaged in melee and cannot shoot")
    if not gs.in_fov(actor, t):
        raise RuleViolation("ENV-1", f"{name} is not in {gs.name(actor)}'s field of view")
    pa, pt = gs.pos(actor), gs.pos(t)
    if getattr(weapon, "fixed", False) and not sight.in_arc(pa.x, pa.y, pa.facing + weapon.mount_facing, pt.x, pt.y,
                                                             gs.body(t).radius, math.inf):
        raise RuleViolation("ENV-5", f"{name} is outside {weapon.name}'s 90° field of fire (fixed weapon)")
    d = gs.distance(actor, t)
    if d > weapon.RNG + 1e-9 and traits.unlimited_range(weapon) is None:
        raise RuleViolation("CMB-10", f"{name} is {d:.2f} K away, beyond RNG {weapon.RNG:g} K")
    c = _seen(gs, actor, t, gs.muzzle(actor, weapon))
    if not c.has_los:
        raise RuleViolation("ENV-2", f"no line of sight from {gs.name(actor)} to {name}")
    return Cover(c.blocked, c.main_piece_def, c.main_piece_id)


def check_melee(gs: GameState, actor: int, t: int, rule: str) -> None:
    """CMB-11 against a parked transport: in base contact."""
    if gs.pos(actor).level != gs.pos(t).level or gs.distance(actor, t) > 0.05 + 1e-9:
        raise RuleViolation("CMB-11", f"{riding.base_name(gs, t)} is not in base contact with {gs.name(actor)}")


def check_hack(gs: GameState, actor: int, t: int, attribute: str, aim) -> None:
    """MET-8 / CBA-18 on a parked transport: a neuromancer's (INT; a puppeteer corrupts living characters only), aimed
    at the transport itself, within INT K, in FOV and LOS."""
    name = riding.base_name(gs, t)
    if attribute != "INT":
        raise RuleViolation("MET-8", f"a puppeteer corrupts living characters only; {name} is not one")
    if aim not in (None, "transport"):
        raise RuleViolation("MET-8", f"{name} is a transport: aim 'transport' (or nothing)")
    reach = gs.attrs(actor).INT
    if gs.distance(actor, t) > reach + 1e-9:
        raise RuleViolation("CBA-18", f"{name} is beyond {reach} K (INT K)")
    if not gs.in_fov(actor, t):
        raise RuleViolation("ENV-1", f"{name} is not in {gs.name(actor)}'s field of view")
    if not _seen(gs, actor, t).has_los:
        raise RuleViolation("ENV-2", f"no line of sight from {gs.name(actor)} to {name}")


def _imp_mods(gs: GameState, attacker: int, t: int, ranged: bool, distance: float) -> list[Modifier]:
    """The CH IMP modifiers of an attack on a parked transport: the attacker's side of MOD-2, MOD-7, MOD-8, MVA-4 and
    MVA-5 (a transport has no posture and does not sprint)."""
    mods = ranged_mods(gs, attacker, t, distance, False) if ranged else []
    return mods + own_posture_mods(gs, attacker, ranged)


def attack(gs: GameState, ctx, attacker: int, t: int, weapon_index: int, *, ranged: bool,
           cover: Cover | None = None, dmg_bonus: int = 0) -> dict:
    """CMB-1 on a parked transport (MVA-17): the attacker's CH IMP (CMB-2; CMB-6 critical DMG +1 and no cover, CMB-8
    fumble), then the transport's CH DEF against its DEF (+ mounted protections' DEF, BLD-20) with cover (CMB-17,
    CMB-18; critical: no wounds, fumble: DMG +1, CMB-7 / CMB-9), wounds by CMB-4 to the transport (WND-4, WND-5:
    riding.wound_transport, which blows it up above QUA). Then the weapon's use costs (weapon_used). Returns
    {"hit", "wounds", "critical", "fumble"}."""
    world = gs.world
    weapon = gs.weapon(attacker, weapon_index)
    distance = gs.distance(attacker, t)
    imp = roll_character_check(gs, ctx, attacker, "IMP", "AGI", "CMB-2", "CH IMP",
                               extra=_imp_mods(gs, attacker, t, ranged, distance), distance=round(distance, 6),
                               weapon=weapon)
    out = {"hit": False, "wounds": 0, "critical": imp.critical, "fumble": imp.fumble}
    if imp.fumble:
        imp_fumble(gs, ctx, attacker, weapon_index)
    if not imp.passed or ctx.failed:
        if not imp.passed:
            world.emit("miss", "CMB-1", attacker=attacker, target=t)
        weapon_used(gs, ctx, attacker, weapon_index)
        return out
    dmg = weapon.current_dmg if ranged else melee_damage(weapon.current_dmg, traits.strength(gs, attacker),
                                                         gs.wounds(attacker))                  # WND-6, MOD-1
    dmg += dmg_bonus + (1 if imp.critical else 0)                                              # CMB-6
    world.emit("hit", "CMB-6" if imp.critical else "CMB-2", attacker=attacker, target=t, dmg=dmg,
               critical=imp.critical)
    out["hit"] = True
    m = world.get(t, Mount)
    defense = m.DEF + m.mounted_def                                                            # BLD-19 b, BLD-20
    use_cover = cover if ranged and not imp.critical else None
    mods = cover_mods(world, t, use_cover)                           # CMB-18 cover check first; CMB-17 / -18 +2
    if mods is None:
        weapon_used(gs, ctx, attacker, weapon_index)
        return out
    d = roll_check(world, t, "DEF", None, defense, mods, "CMB-3", "CH DEF of a driverless transport")
    if d.critical:
        world.emit("defence_critical", "CMB-7", who=t, wounds=0)
        n = 0
    else:
        if d.fumble:
            dmg += 1
            world.emit("defence_fumble", "CMB-9", who=t, dmg=dmg)
        n = wounds_after_def(dmg, defense, d.passed)                                            # CMB-4
        world.emit("damage", "CMB-4", target=t, dmg=dmg, defense=defense, def_passed=d.passed, wounds=n)
        if n > 0:
            riding.wound_transport(gs, ctx, t, n, attacker, resolve_hit, dmg)              # WND-4 / WND-5
    out["wounds"] = n
    weapon_used(gs, ctx, attacker, weapon_index)
    return out
