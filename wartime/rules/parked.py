"""MVA-17 (the driver's case, rules/riding.py `park`): a driverless transport (components.Parked) stays on the table
as equipment without a character: attacks and a neuromancer's hack may target it (the book's "any target", MET-8,
CBA-18; WND-4 / WND-5 for its wounds). The attack actions (CBA-1, CBA-7, CBA-8) and Corromper / Hackear ask here
when their target is a parked transport; nothing here is asked in a game where no driver got off.

The play model of such a target (no character: no attributes, posture, traits, reactions or psychology):

* who may target it: a character whose side is not the side of its last driver (Parked.owner), at its level;
* a ranged attack: the weapon's range, the attacker's FOV (ENV-1; outside it with Alcance infinito the shot
  scatters as a character's, TRT-INFINITE-RANGE) and the weapon's field of fire (ENV-5), a line of
  sight (ENV-2) with the transport's whole height seen (it stands: no posture); the attacker not engaged (CMB-10);
  a melee attack: base contact (CMB-11);
* the CH IMP (CMB-2) has the attacker's own modifiers (MOD-2 range, MOD-7 larger target, MOD-8 the attacker's fast
  move, MVA-4 / MVA-5 its posture; CMB-6 / CMB-8 criticals and fumbles); melee DMG adds MOD-1's CON term, and the
  attacker's and its weapon's DMG on structures (hook structure_dmg: TRT-WALLBREAKER +3 in melee);
* the CH DEF (CMB-3) is rolled against the transport's DEF plus its mounted protections' (BLD-19 b, BLD-20), with
  cover (CMB-17, CMB-18); a critical stops the hit, a fumble adds 1 DMG (CMB-7, CMB-9); wounds by CMB-4 go to the
  transport: disabled at QUA (WND-4), destroyed and exploding above it (WND-5, riding.explode: no one aboard);
* a neuromancer's Corromper / Hackear (INT only: a puppeteer corrupts living characters) within INT K, in FOV and
  LOS: CH DEF 1, its stress kept against its QUA (components.GearStress), as on a ridden transport."""
from __future__ import annotations

import math

from wartime.core.components import Parked
from wartime.core.errors import RuleViolation
from wartime.geometry import sight
from wartime.geometry.measure import ENGAGED_GAP
from wartime.rules import parked_hits, riding, scattered_shots, traits
from wartime.rules.area_cover import area_dmg
from wartime.rules.checks import Modifier, roll_check
from wartime.rules.combat import (Cover, imp_fumble, parked_hit, resolve_attack, resolve_hit, scattered_parked_hit,
                                  shot_stops, weapon_used)
from wartime.rules.modifiers import line_mods, own_posture_mods, ranged_mods, roll_character_check
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


def _seen(gs: GameState, actor: int, t: int, eye=None):
    return parked_hits.seen(gs, gs.eye(actor) if eye is None else eye, t)


def ranged_cover(gs: GameState, actor: int, t: int, weapon, rule: str, scatter_ok: bool = False) -> Cover:
    """CMB-10 against a parked transport: the attacker not engaged, the transport in its FOV (ENV-1; `scatter_ok`,
    the action's ``scatters_out_of_view``: with a weapon of no maximum range, TRT-INFINITE-RANGE, outside it too, as
    a character target: the shot scatters, `attack`'s `scatter`) and in a fixed weapon's 90° field of fire (ENV-5),
    within RNG (TRT-INFINITE-RANGE lifts it), with LOS from the muzzle (ENV-2, ENV-3). Returns its cover (CMB-17,
    CMB-18)."""
    name = riding.base_name(gs, t)
    if gs.engaged(actor):
        raise RuleViolation("CMB-10", f"{gs.name(actor)} is engaged in melee and cannot shoot")
    if not gs.in_fov(actor, t) and not (scatter_ok and traits.unlimited_range(weapon) is not None):
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


def check_charge(gs: GameState, actor: int, t: int, end: tuple[float, float]) -> None:
    """CBA-12 against a driverless transport: in FOV (ENV-1) and LOS (ENV-2) at declaration, and the charge's path
    ends in base contact with it (CMB-11's 0.05 K); it engages nobody (no character), the bonuses apply to the next
    melee attack on it."""
    name = riding.base_name(gs, t)
    if not gs.in_fov(actor, t):
        raise RuleViolation("ENV-1", f"{name} is not in {gs.name(actor)}'s field of view")
    if not _seen(gs, actor, t).has_los:
        raise RuleViolation("ENV-2", f"no line of sight to {name}")
    check_end_contact(gs, actor, t, end, "CBA-12")


def check_end_contact(gs: GameState, actor: int, t: int, end: tuple[float, float], rule: str) -> None:
    """CMB-11: a move of `actor` ending at `end` leaves its base in contact (0.05 K) with the driverless `t`."""
    p = gs.pos(t)
    if math.hypot(p.x - end[0], p.y - end[1]) - gs.body(t).radius - gs.body(actor).radius > ENGAGED_GAP + 1e-9:
        raise RuleViolation(rule, f"the move must end in base contact with {riding.base_name(gs, t)}")


def check_hack(gs: GameState, actor: int, t: int, attribute: str, aim) -> None:
    """MET-8 / CBA-18 on a parked transport: a neuromancer's (INT; a puppeteer corrupts living characters only), aimed
    at the transport itself, within INT K, in FOV and LOS."""
    name = riding.base_name(gs, t)
    if attribute != "INT":
        raise RuleViolation("MET-8", f"a puppeteer corrupts living characters only; {name} is not one")
    if aim not in (None, "transport"):
        raise RuleViolation("MET-8", f"{name} is a transport: aim 'transport' (or nothing)")
    check_reach(gs, actor, t, attribute, "CBA-18")


def check_reach(gs: GameState, actor: int, t: int, attribute: str, rule: str) -> None:
    """CBA-18, CBA-21 on a parked transport: within as many K as the actor's INT (VOL), in its FOV and LOS."""
    name = riding.base_name(gs, t)
    reach = getattr(gs.attrs(actor), attribute)
    if gs.distance(actor, t) > reach + 1e-9:
        raise RuleViolation(rule, f"{name} is beyond {reach} K ({attribute} K)")
    if not gs.in_fov(actor, t):
        raise RuleViolation("ENV-1", f"{name} is not in {gs.name(actor)}'s field of view")
    if not _seen(gs, actor, t).has_los:
        raise RuleViolation("ENV-2", f"no line of sight from {gs.name(actor)} to {name}")


def imp_mods(gs: GameState, attacker: int, t: int, ranged: bool, distance: float, weapon=None) -> list[Modifier]:
    """The CH IMP modifiers of an attack on a parked transport: the attacker's side of MOD-2, MOD-7, MOD-8, MVA-4 and
    MVA-5 (a transport has no posture and does not sprint: no MVA-3, no target posture; it is in no melee: no
    MOD-5), and a ranged attack's line of fire from `weapon`'s muzzle (ENV-3) to the transport's centre as a shot
    at a character's: smoke on it (TRT-SMOKE, TRT-DENSE-SMOKE) and darkness (TRT-LIGHT, project ruling,
    rules/darkness.py; no character: no light of its own cancels it). Its cover counts on its CH DEF (CMB-17,
    CMB-18: `ranged_cover`), as a character's."""
    mods = ranged_mods(gs, attacker, t, distance, False) if ranged else []
    mods += own_posture_mods(gs, attacker, ranged)
    if ranged:
        p = gs.pos(t)
        mods += line_mods(gs, attacker, None, p.x, p.y, weapon)
    return mods


def attack(gs: GameState, ctx, attacker: int, t: int, weapon_index: int, *, ranged: bool,
           cover: Cover | None = None, dmg_bonus: int = 0, second_imp: str | None = None,
           extra_imp: list[Modifier] | None = None, scatter: str | None = None) -> dict:
    """CMB-1 on a parked transport (MVA-17): the attacker's CH IMP (CMB-2; CMB-6 critical DMG +1 and no cover, CMB-8
    fumble), then the transport's CH DEF against its DEF (+ mounted protections' DEF, BLD-20) with cover (CMB-17,
    CMB-18; critical: no wounds, fumble: DMG +1, CMB-7 / CMB-9), wounds by CMB-4 to the transport (WND-4, WND-5:
    riding.wound_transport, which blows it up above QUA). Then the weapon's use costs (weapon_used). A shot
    stopped before its CH IMP (combat.shot_stops: TRT-JAMMING-AMMO) ends there, as at a character. `extra_imp`: more
    CH IMP modifiers (CBA-12: a charge's +1); `second_imp` (CBA-8, a firearm in melee): after a pass a second CH IMP
    with the same target value must pass too (a 10 on it has the fumble's effects). `scatter` (TRT-INFINITE-RANGE:
    the transport outside the attacker's FOV, rules.scattered_shots.scatters) as a character's shot: once the CH IMP
    passes the shot scatters from the transport's centre and hits whoever it lands on (`scattered_shots.landing`: a
    character, by rules.combat's attack with this CH IMP, or a driverless transport, this one or another, its cover
    seen from the muzzle), or is lost. Returns {"hit", "wounds", "critical", "fumble"}."""
    world = gs.world
    weapon = gs.weapon(attacker, weapon_index)
    if weapon.ranged and shot_stops(gs, attacker, weapon):         # hook shot_stopped (TRT-JAMMING-AMMO)
        weapon_used(gs, ctx, attacker, weapon_index)
        return {"hit": False, "wounds": 0, "critical": False, "fumble": False}
    distance = gs.distance(attacker, t)
    imp = roll_character_check(gs, ctx, attacker, "IMP", "AGI", "CMB-2", "CH IMP",
                               extra=imp_mods(gs, attacker, t, ranged, distance, weapon) + list(extra_imp or ()),
                               distance=round(distance, 6), weapon=weapon)
    out = {"hit": False, "wounds": 0, "critical": imp.critical, "fumble": imp.fumble}
    if imp.fumble:
        imp_fumble(gs, ctx, attacker, weapon_index)
    if imp.passed and not ctx.failed and second_imp is not None:                              # CBA-8
        second = roll_check(world, attacker, "IMP", "AGI", imp.base, imp.modifiers, second_imp, "second CH IMP",
                            against=t, fumble_min=traits.fumble_floor(gs, attacker))
        if second.fumble:
            imp_fumble(gs, ctx, attacker, weapon_index)
        if not second.passed:
            world.emit("miss", second_imp, attacker=attacker, target=t)
            weapon_used(gs, ctx, attacker, weapon_index)
            return out
    if not imp.passed or ctx.failed:
        if not imp.passed:
            world.emit("miss", "CMB-1", attacker=attacker, target=t)
        weapon_used(gs, ctx, attacker, weapon_index)
        return out
    if scatter is not None and ranged:                          # TRT-INFINITE-RANGE: the passed shot scatters
        landed = scattered_shots.scatter_shot(gs, attacker, t, scatter, parked=True, weapon=weapon.name)
        if landed is None:
            weapon_used(gs, ctx, attacker, weapon_index)
            return out
        if not is_parked(gs, landed):                           # a character: its side of the hit, this CH IMP
            c = gs.cover(attacker, [landed])[0]
            return resolve_attack(gs, ctx, attacker, landed, weapon_index=weapon_index, ranged=True,
                                  cover=Cover(c.blocked, c.main_piece_def, c.main_piece_id), dmg_bonus=dmg_bonus,
                                  preset_imp=imp, landed_by=scatter)
        if landed != t:
            out = scattered_parked_hit(gs, ctx, attacker, landed, weapon_index, imp, dmg_bonus)
            weapon_used(gs, ctx, attacker, weapon_index)
            return out
    out["hit"], out["wounds"] = True, parked_hit(gs, ctx, attacker, t, weapon, imp, ranged, cover, dmg_bonus)
    weapon_used(gs, ctx, attacker, weapon_index)
    return out


def _area_cover(gs: GameState, eye, t: int, centre: tuple[float, float] | None) -> Cover:
    """ARE-7 / CMB-17 / CMB-18: a driverless transport's cover seen from an area's `eye`; none when its base holds
    the area's centre."""
    p = gs.pos(t)
    if centre is not None and math.hypot(p.x - centre[0], p.y - centre[1]) <= gs.body(t).radius:
        return Cover(0, 0)
    c = _seen(gs, None, t, eye)
    return Cover(c.blocked, c.main_piece_def, c.main_piece_id)


def area_hits(gs: GameState, ctx, attacker: int, template, level: int, eye, centre: tuple[float, float], dmg: int,
              critical: bool, melee: bool = False) -> list[tuple[int, bool, int]]:
    """ARE-5 / ARE-6 on driverless transports (MVA-17: whoever is under the template is hit, the book names no
    exemption): after the characters, each one the template covers at `level` (id order) takes the area's DMG, half
    of it partly covered (BAS-5 rounding), with its CH DEF and its cover from the area's centre (ARE-7; none after a
    critical CH IMP, CMB-6). The weapon's traits that act on a character hit (ammunition effects, DMG by distance)
    have no character to act on: the plain DMG. `melee`: a melee area attack's (ARE-5), no cover (CMB-17 ruling).
    Returns (transport, fully covered, wounds) for each."""
    covered = parked_hits.covered(gs, template, level)
    return [_area_hit(gs, ctx, attacker, t, full, eye, centre, dmg, critical, melee)
            for t, full in covered if is_parked(gs, t)]            # (an earlier one's explosion: gone, WND-5)


def chain_hits(gs: GameState, ctx, attacker: int, chained: list, dmg: int, critical: bool,
               melee: bool = False) -> list:
    """ARE-4 on driverless transports: each one an S chain jumped to, given as (transport, eye, centre) in chain
    order, takes the area's full DMG with its CH DEF, its cover seen from the previous link (ARE-7). Returns
    (transport, True, wounds) for each still on the table."""
    return [_area_hit(gs, ctx, attacker, t, True, eye, centre, dmg, critical, melee)
            for t, eye, centre in chained if is_parked(gs, t)]


def _area_hit(gs: GameState, ctx, attacker: int, t: int, full: bool, eye, centre, dmg: int,
              critical: bool, melee: bool = False) -> tuple[int, bool, int]:
    """One area hit on the driverless transport `t` (ARE-5 full, ARE-6 half DMG): the `hit` event, then its CH DEF
    with its cover from `eye` (none after a critical CH IMP, CMB-6; none when its base holds `centre`)."""
    hit_dmg = area_dmg(dmg, full)
    gs.world.emit("hit", "ARE-5" if full else "ARE-6", attacker=attacker, target=t, dmg=hit_dmg,
                  critical=critical, coverage="full" if full else "partial")
    cover = None if critical or melee else _area_cover(gs, eye, t, centre)      # CMB-17: no cover in melee
    return t, full, riding.hit_parked(gs, ctx, t, hit_dmg, attacker, resolve_hit, cover)
