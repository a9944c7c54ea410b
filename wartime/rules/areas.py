"""Area attacks (ARE-1..9, BAS-4): weapons with the trait Área place a template R, L or G, or start a jump chain
S, on a target mini or on a point; every mini it covers makes its own CH DEF, with cover measured from the area's
centre; a failed CH IMP disperses the area; and some areas stay on the board (Área permanente, Humo).

The geometry (templates, coverage, jump chains, dispersion, cover rays) lives in `wartime.geometry`; this
module applies the rules and writes the events:

* `noise` (ENV-6): the weapon's noise and who heard it (`heard_by`);
* `area_attack` (ARE-1..4): the declared area, aim point, target and distance;
* the CH IMP `check` (CMB-2), then on a failure `dispersion` (ARE-9: the dice, the angle, where it lands) and
  `area_lost` if it lands off the board; `miss` for an area that cannot disperse;
* `area_placed` (ARE-5): the final centre and every mini covered, fully or partly;
* one `hit` per covered mini (ARE-5 full DMG, ARE-6 half DMG) followed by its CH DEF (`check` with
  `hidden_fraction` measured from the area's centre, ARE-7) and its wounds;
* `area_effect_placed` / `area_effect` / `area_expired` for the areas that stay (TRT-PERSISTENT-AREA,
  TRT-SMOKE, TRT-DENSE-SMOKE).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np

from wartime.core.components import Posture, Stress
from wartime.core.errors import RuleViolation
from wartime.core.rounding import round_half_up
from wartime.geometry import grid as geo_grid
from wartime.geometry import heights, scatter, sight, templates
from wartime.rules import aim_correction, asking, fortune, parked, riding, scattered_shots, traits
from wartime.rules.area_effects import (AreaEffect, AreaElements, add_effect, effects,  # noqa: F401 (smoke_mods
                                        hitting, smoke_mods)                                # re-exported)
from wartime.rules.area_cover import _candidates, area_dmg, covered_minis  # noqa: F401 (re-exported)
from wartime.rules.parked_hits import parked_at
from wartime.rules.checks import combine, resolve_die, roll_check
from wartime.rules.checks import CheckResult
from wartime.rules.combat import (Cover, contest_mods, dodge_contest, double_hit, imp_fumble, melee_damage,
                                  place_hit_areas, resolve_hit, shot_stops, take_surprise, weapon_used)
from wartime.rules.reactions import counter_charge_mods
from wartime.rules.modifiers import attack_mods, character_mods, point_attack_mods, roll_character_check
from wartime.rules.noise import emit_noise, weapon_noise
from wartime.rules.odds import def_loss, p_pass, stress_distribution, use_stress, wounds_distribution
from wartime.rules.scattered_shots import disperse, scatters as out_of_view
from wartime.rules.state import GameState
from wartime.rules.stress_hits import resolve_stress_hit
from wartime.rules.traits.devices import aim_lost

#: ARE-1..4: the rule that defines each shape.
SHAPE_RULE = {"R": "ARE-1", "L": "ARE-2", "G": "ARE-3", "S": "ARE-4"}

_CODE = re.compile(r"^\s*([RLGS])\s*(\d+)(?:\s*/\s*(\d+))?\s*$", re.IGNORECASE)


def area_kind(code: str) -> tuple[str, int, int | None]:
    """ARE-1..4: the shape letter and numbers of an area code: 'R3' → ('R', 3, None), 'G4/3' → ('G', 4, 3)."""
    m = _CODE.match(code or "")
    if not m:
        raise RuleViolation("ARE-1", f"{code!r} is not an area code (R d, L l, G l/d or S n)")
    return m.group(1).upper(), int(m.group(2)), None if m.group(3) is None else int(m.group(3))


# --- aiming (CMB-10, ENV-1..5, MOV-11, MOV-12) -------------------------------------------------------------
@dataclass(frozen=True)
class AreaAim:
    """A declared area attack: the weapon, the area code and shape, the target mini (None for a point), the
    aim point P and its level (MOV-12: an area aimed at a level affects only that level), the BAS-3 distance
    from the attacker (ARE-9 dice, MOD-2) and the attacker's centre (the direction of L and G, ARE-2, ARE-3)."""
    weapon_index: int
    code: str
    kind: str
    target: int | None
    x: float
    y: float
    level: int
    distance: float
    ax: float
    ay: float
    dmg_plus: int = 0              # an area mode's DMG (TRT-FOCUSED-ARC: +2)
    melee: bool = False            # ARE-5: a melee area attack (Ataque CaC with an Área weapon, CBA-7 / CBA-8)
    parked: int | None = None      # MVA-17: the driverless transport a melee area attack is aimed at (target None)
    scatter: str | None = None     # TRT-INFINITE-RANGE: aimed outside the attacker's FOV, it always scatters


def point_elevation(gs: GameState, x: float, y: float, level: int) -> float:
    """MOV-10: the elevation of a point at `level` (0 for levels 3, 4 and −1, which only meet their own)."""
    z = heights.elevation(level, gs.board.surface_height(x, y))
    return 0.0 if z is None else z


def point_distance(gs: GameState, e: int, x: float, y: float, level: int) -> float:
    """BAS-3: from a mini to a point, r2 = 0 (with the vertical separation between levels 1 and 2); in the grid
    variant (MOV-15) the Chebyshev distance from its squares to the point's square − 1."""
    p = gs.pos(e)
    dz = gs.elevation(e) - point_elevation(gs, x, y, level)
    if gs.board.grid:
        g = float(max(0, geo_grid.edge_distance(gs.squares(e), [geo_grid.square_of(x, y)])))
    else:
        g = max(0.0, math.hypot(x - p.x, y - p.y) - gs.body(e).radius)
    return g if dz == 0 else math.hypot(g, dz)


def aim_at_target(gs: GameState, actor: int, weapon_index: int, weapon, target: int,
                  scatter_ok: bool = True, *, melee: bool = False) -> AreaAim:
    """ARE-1..4: an area centred on a target mini's base centre (its preconditions, CMB-10, are checked by the
    caller as for any ranged attack; a melee one's, CMB-11, by Ataque CaC). The area is at the target's level
    (MOV-12). `melee`: ARE-5's melee area attack (rules.areas `_resolve_area_attack`; it never scatters out of
    view). `scatter_ok` (the action's ``scatters_out_of_view``): a target outside the FOV with Alcance infinito makes
    the area scatter (TRT-INFINITE-RANGE); the core's CBA-2 shot past the FOV does not."""
    code = traits.weapon_area(weapon)                  # the area as declared (TRT-CLUSTER-AMMO: R(DMG/2))
    kind, _, _ = area_kind(code)
    pa, pt = gs.pos(actor), gs.pos(target)
    return AreaAim(weapon_index, code, kind, target, pt.x, pt.y, pt.level, gs.distance(actor, target),
                   pa.x, pa.y, melee=melee,
                   scatter=out_of_view(gs, actor, target, weapon) if scatter_ok and not melee else None)


def aim_at_point(gs: GameState, actor: int, weapon_index: int, weapon, params: dict, rule: str) -> AreaAim:
    """ARE-1..3 aimed at a point `aim: [x, y]` (optional `level`, default the attacker's): the point must be on
    the board, at a level the attacker reaches with ranged actions (MOV-11, MOV-12), in its FOV (ENV-1: the
    front half-plane and VOL × 5 K) and the weapon's field of fire (ENV-4, ENV-5), within RNG (BAS-3, r2 = 0)
    and in sight (ENV-2: one sample 0.5 K above the surface). An S area needs a target mini (ARE-4)."""
    code = traits.weapon_area(weapon)
    kind, _, _ = area_kind(code)
    if kind == "S":
        raise RuleViolation("ARE-4", f"{weapon.name} (area {weapon.area}) jumps from a target: give `target`")
    raw = params.get("aim")
    if not (isinstance(raw, (list, tuple)) and len(raw) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in raw)):
        raise RuleViolation(rule, "aim must be a point [x, y]")
    x, y = float(raw[0]), float(raw[1])
    pa = gs.pos(actor)
    level = params.get("level", pa.level)
    if level not in heights.LEVELS:
        raise RuleViolation("MOV-10", f"level must be one of {heights.LEVELS}")
    if not heights.can_interact(pa.level, level, True):
        raise RuleViolation("MOV-11", f"a level-{pa.level} miniature cannot aim at level {level}")
    if not gs.board.point_inside(x, y):
        raise RuleViolation(rule, f"the aim point ({x:g}, {y:g}) is off the board")
    d = point_distance(gs, actor, x, y, level)
    unseen = None
    if not sight.in_fov(pa.x, pa.y, pa.facing, x, y, 0.0, math.inf) or d > gs.fov_range(actor) + 1e-9:
        unseen = traits.unlimited_range(weapon)          # TRT-INFINITE-RANGE: allowed, and the area scatters
        if unseen is None:
            raise RuleViolation("ENV-1", f"({x:g}, {y:g}) is not in {gs.name(actor)}'s field of view "
                                f"(180°, {gs.fov_range(actor):g} K)")
    if weapon.fixed and not sight.in_arc(pa.x, pa.y, pa.facing + weapon.mount_facing, x, y, 0.0, math.inf):
        raise RuleViolation("ENV-5", f"({x:g}, {y:g}) is outside {weapon.name}'s 90° field of fire")
    if d > weapon.RNG + 1e-9 and traits.unlimited_range(weapon) is None:               # TRT-INFINITE-RANGE
        raise RuleViolation("CMB-10", f"the aim point is {d:.2f} K away, beyond RNG {weapon.RNG} K")
    eye = gs.muzzle(actor, weapon)
    z = point_elevation(gs, x, y, level) + sight.POINT_SAMPLE_HEIGHT
    if _segment_blocked(gs, eye, x, y, z) and traits.los_waived(gs, weapon, x, y, z) is None:
        raise RuleViolation("ENV-2", f"no line of sight from {gs.name(actor)} to ({x:g}, {y:g})")
    return AreaAim(weapon_index, code, kind, None, x, y, level, d, pa.x, pa.y, scatter=unseen)


def _segment_blocked(gs: GameState, eye, x: float, y: float, z: float) -> bool:
    """ENV-2 point target: the segment from `eye` to the point's one sample (x, y, z) passes through a
    blocks_los solid (a silhouette of no width and no height: all its samples are that point)."""
    row = np.array([[x, y, 0.0, z, 0.0]])
    return bool(sight.los_blocked_samples(gs.board, eye, row)[0, 0])


# --- who an area covers (ARE-4..6, MOV-11, MOV-15) ---------------------------------------------------------
def build_template(aim: AreaAim) -> templates.Template:
    """ARE-1..3: the template of an R, L or G area aimed from the attacker's centre at P."""
    return templates.template_from_code(aim.code, (aim.ax, aim.ay), (aim.x, aim.y))


def jump_chain(gs: GameState, n: int, level: int, attacker: int | None, *, start: int | None = None,
               point: tuple[float, float] | None = None) -> list[int]:
    """ARE-4: the minis an S n affects, in chain order: from `start` (the target), or (ARE-9, after dispersion)
    from the mini nearest `point` within 3 K; each jump to the nearest other mini within 3 K (edge distance), of
    any side, at the same level, not the attacker, not dead, not already affected; ties by centre distance
    then lower id. Empty if no mini starts the chain. MVA-17: a driverless transport's base is jumped to like a
    mini's (the book names no exemption)."""
    cand = _candidates(gs, attacker, level)
    if riding.parked(gs):
        cand = sorted(cand + parked_at(gs, level))
    if start is not None and start not in cand:
        cand = sorted(cand + [start])
    if not cand:
        return []
    xs = np.array([gs.pos(e).x for e in cand])
    ys = np.array([gs.pos(e).y for e in cand])
    rs = np.array([gs.body(e).radius for e in cand])
    ids = np.array(cand)
    if start is None:
        first = templates.nearest_within(point[0], point[1], xs, ys, rs, ids=ids)
        if first is None:
            return []
    else:
        first = cand.index(start)
    return [cand[i] for i in templates.jump_chain(first, n, xs, ys, rs, ids=ids)]


def area_cover(gs: GameState, eye, minis: list[int], centre: tuple[float, float] | None = None) -> list[Cover]:
    """ARE-7 / CMB-17 / CMB-18: the cover of each mini seen from `eye` (an area: 0.5 K above the surface at
    its centre P), one vectorised ray query; a mini whose base holds P has no cover (ARE-7); a prone mini behind
    any cover counts as 100 % hidden (MVA-5)."""
    if not minis:
        return []
    rows = np.array([gs.target_row(e) for e in minis], dtype=float)
    res = sight.cover_query(gs.board, eye, rows)
    out = []
    for e, c in zip(minis, res):
        p = gs.pos(e)
        if centre is not None and math.hypot(p.x - centre[0], p.y - centre[1]) <= gs.body(e).radius:
            out.append(Cover(0, 0))
            continue
        blocked = c.blocked
        if blocked > 0 and gs.world.get(e, Posture).state == "prone":
            blocked = 25
        out.append(Cover(blocked, c.main_piece_def, c.main_piece_id))
    return out


def area_eye(gs: GameState, x: float, y: float, level: int) -> tuple[float, float, float]:
    """ARE-7: the point an area's cover is measured from: 0.5 K above the surface at P (at P's level)."""
    return (float(x), float(y), point_elevation(gs, x, y, level) + sight.POINT_SAMPLE_HEIGHT)


def trait_area_dmg(gs: GameState, weapon, dmg: int, full: bool, e: int, px: float, py: float) -> int:
    """ARE-5 / ARE-6 with the weapon's area DMG traits in CMB-4's order: `dmg` (the critical's +1 included) plus the
    ± terms (TRT-WANING-AREA: −1 per K from the area's centre (px, py) to the nearest point of the mini's base,
    rounded; it may reach 0: no wound), then the factors (TRT-CLUSTER-AMMO: /2) and a partly covered mini's /2,
    rounded once (BAS-5)."""
    p = gs.pos(e)
    gap = max(0.0, math.hypot(p.x - px, p.y - py) - gs.body(e).radius)
    plus, factor = traits.area_dmg_terms(weapon, gap)
    d = max(0, dmg + plus)
    return round_half_up(d * factor * (1 if full else Fraction(1, 2)))


# --- resolution (ARE-5..9, BAS-4, CMB-2, CMB-6, CMB-8) -----------------------------------------------------
def dispersion_dice_count(weapon, distance: float) -> int:
    """ARE-9: n = max(1, ceil(d / 15)) D10; a trait's own rule (hook point `dispersion`; TRT-SCATTER: one per
    started 30 K) gives one D10 per started `k_per_die` K, at least one."""
    own = traits.dispersion(weapon, False, False)
    if own is not None:
        return max(1, math.ceil((float(distance) - 1e-9) / own.k_per_die))
    return scatter.dispersion_dice(distance)


def fortune_dispersion(gs: GameState, attacker: int, aim: AreaAim, template, at: tuple[float, float], res, n: int,
                       own_scatter, w) -> scatter.ScatterResult:
    """TRT-FORTUNE on an area's dispersion (ARE-9, a die of no check): the carrier whose area it is, then a carrier it
    lands on (covered by the dispersed template at its level), may cancel its highest distance die: rolled again,
    the other dice and the direction kept (rules.fortune.dispersion_cancelled); before the aim corrector's reroll
    (G2: another trait's reroll comes after Fortune's question)."""
    if asking.run_of(gs.world) is None or not fortune.in_play(gs):
        return res
    ev = gs.world.events[-1]                               # the dispersion just rolled (disperse's event)
    dice, angle = ev["dice"], ev["angle"]

    def covered() -> list[int]:
        if template is None or not res.on_board:
            return []
        moved = template.translate(res.x - at[0], res.y - at[1])
        return sorted(e for e, _ in covered_minis(gs, moved, aim.level, attacker))
    if fortune.dispersion_cancelled(gs, attacker, max(dice), covered) is None:
        return res
    return disperse(gs, at[0], at[1], n, own_scatter.rule if own_scatter is not None else "ARE-9",
                    traits.scatter_factor(w), redo=(dice, angle), attacker=attacker, area=aim.code,
                    cancelled=list(dice))


def area_aim_terms(gs: GameState, attacker: int, aim: AreaAim, weapon) -> traits.CombatTerms:
    """The traits' terms of an area attack's CH IMP (CMB-2 with traits notes G5): those of the attack on the mini it
    is aimed at (the attacker's, its weapon's and that mini's: CH IMP modifiers, a fixed target, the critical
    range); an area aimed at a point has no target to ask, so its CH IMP takes none."""
    if aim.target is None:
        return traits.NO_TERMS
    return traits.combat_terms(gs, attacker, aim.target, weapon, True)


def hit_terms(gs: GameState, attacker: int, e: int, weapon, critical: bool,
              ranged: bool = True) -> traits.CombatTerms:
    """The traits' terms of one area hit on the covered mini `e` (ARE-5, ARE-6): the attack's terms against it, as a
    single-target shot's (± DEF, CH DEF modifiers, energy-shield and wound-stage terms, its DMG terms applied to the
    area's DMG for that mini), the DEF of traits against area hits (``area_def``: TRT-RESISTANCE, whose single-shot
    handler leaves area weapons to it), with the critical's own terms on a critical CH IMP (CMB-6). `ranged` False:
    a melee area attack's (ARE-5), the traits' melee terms."""
    terms = traits.combat_terms(gs, attacker, e, weapon, ranged)
    resist = traits.area_def(gs, e, weapon)                             # TRT-RESISTANCE against area hits: DEF +2
    if resist:
        terms = replace(terms, def_plus=terms.def_plus + resist)
    return terms.on_critical() if critical else terms


def resolve_area_attack(gs: GameState, ctx, aim: AreaAim, **melee: Any) -> dict[str, Any]:
    """`_resolve_area_attack` (below), then what the use of its weapon costs (rules.combat.weapon_used)."""
    out = _resolve_area_attack(gs, ctx, aim, **melee)
    weapon_used(gs, ctx, ctx.actor, aim.weapon_index)
    return out


def melee_area_dmg(gs: GameState, attacker: int, weapon, aim: AreaAim, dmg_bonus: int = 0) -> int:
    """ARE-5 (melee): the DMG a melee area attack deals before coverage, the melee formula's (MOD-1 / CMB-12: weapon
    DMG + CON − 4 − wounds, minimum 1) plus the attack's bonuses (a charge's +1, CBA-12; a mode's or a stance's);
    a ranged one's is the weapon's DMG (WND-6)."""
    if not aim.melee:
        return weapon.current_dmg + aim.dmg_plus + dmg_bonus
    return melee_damage(weapon.current_dmg, traits.strength(gs, attacker), gs.wounds(attacker)) + aim.dmg_plus + \
        dmg_bonus


def in_the_melee(gs: GameState, attacker: int, e: int, aim: AreaAim) -> bool:
    """ARE-5 (melee, project ruling): a mini a melee area attack hits is hit in melee (CMB-7: its critical CH DEF
    strikes the attacker back) when it is in base contact with the attacker; the others the template reaches,
    the attacker itself included, are hit as by any area."""
    return aim.melee and e != attacker and gs.in_contact(attacker, e)


def _resolve_area_attack(gs: GameState, ctx, aim: AreaAim, *, dmg_bonus: int = 0, extra_imp: list | None = None,
                         second_imp: str | None = None) -> dict[str, Any]:
    """ARE-1..9: resolve an area attack declared with `aim` by the acting character `ctx.actor`.

    1. ENV-6 noise; the `area_attack` event. 2. CH IMP (CMB-2) with the attack's modifiers (against the target,
    or MOD-2 / MOD-8 / posture for a point). A fumble has its own effects (CMB-8). 3. ARE-8: a failed CH IMP of
    an area weapon with RNG > 0 and without the malus Dispersión disperses (ARE-9: n = max(1, ceil(d / 15))
    D10 K, then a direction, BAS-4); with Dispersión (TRT-SCATTER) every attack but a critical disperses, one
    D10 per started 30 K; aimed outside the attacker's FOV with Alcance infinito (TRT-INFINITE-RANGE) it always
    disperses (rules.scattered_shots); off the board the attack is lost; an area that cannot disperse misses.
    4. The template (or S chain) is placed at the final point and resolved as a hit without another CH IMP: every covered mini
    at that level but the attacker (ARE-5) takes the full DMG if fully covered, half if partly (ARE-6), each
    with its own cover check and CH DEF from the area's centre (ARE-7, CMB-17, CMB-18) and its own CH PSI
    (CMB-5). A critical CH IMP gives every affected mini DMG +1 and ignores cover (CMB-6).
    5. A trait may leave an area where it lands (hook point `area`: TRT-PERSISTENT-AREA the template, TRT-SMOKE
    and TRT-DENSE-SMOKE smoke; see `place_effect`).

    ARE-5 melee area attacks (`aim.melee`: Ataque CaC, CBA-7, or CBA-8 with a firearm, with an Área weapon at an
    enemy in base contact; the book has no rule of their own, so the area rules apply to a melee attack as written):
    the template is centred on the target (ARE-1..4, its direction from the attacker); the CH IMP takes the melee
    modifiers (CMB-11..) and `extra_imp` (a charge's +1, a stance's), Ataque sorpresa's automatic hit (CBA-11: no
    die, the target's DEF −2), Esquivar en CaC's contest (CBA-17) and CBA-8's `second_imp`; a failure misses (ARE-8:
    RNG 0) or, for a firearm (RNG > 0), disperses as any; the DMG is the melee formula's (MOD-1) + `dmg_bonus`; no
    covered mini has cover (CMB-17 ruling: melee attacks never benefit from it); a counter-charge's CH DEF +1
    (CBA-13) is the target's; a mini in base contact with the attacker is hit in melee (CMB-7), see
    `in_the_melee`. At a driverless transport (MVA-17: `aim.parked`, no target mini) the template is centred on it
    and its CH IMP takes the modifiers of a melee attack on it (rules.parked.imp_mods)."""
    world = gs.world
    attacker = ctx.actor
    w = gs.weapon(attacker, aim.weapon_index)
    kind, number, _ = area_kind(aim.code)
    melee = aim.melee
    emit_noise(gs, attacker, weapon_noise(w), "ENV-6", action="melee_attack" if melee else "ranged_attack",
               weapon=w.name)
    world.emit("area_attack", SHAPE_RULE[kind], attacker=attacker, weapon=w.name, area=aim.code,
               aim=[aim.x, aim.y], level=aim.level, target=aim.target, distance=aim.distance,
               **({"melee": True} if melee else {}))
    if aim.target is not None:
        mods = attack_mods(gs, attacker, aim.target, not melee, aim.distance, w) + list(extra_imp or [])
    elif aim.parked is not None:                       # MVA-17: a melee area attack at a driverless transport
        mods = parked.imp_mods(gs, attacker, aim.parked, not melee, aim.distance, w) + list(extra_imp or [])
    else:
        mods = point_attack_mods(gs, attacker, aim.distance, (aim.x, aim.y), w)
    if (w.ranged or not melee) and shot_stops(gs, attacker, w):                        # TRT-JAMMING-AMMO
        return {"hit": False, "critical": False, "fumble": False, "dispersed": False, "lost": False,
                "affected": [], "point": (aim.x, aim.y)}
    if aim.target is not None and gs.able(aim.target) and not melee:
        mods = mods + contest_mods(gs, attacker, aim.target, w)        # hook ranged_contest (TRT-MANIPULATOR)
    aimed = area_aim_terms(gs, attacker, aim, w)
    on_mini = melee and aim.target is not None
    def_mods = counter_charge_mods(gs, attacker, aim.target) if on_mini else []    # CBA-13: the target's CH DEF +1
    surprise = on_mini and take_surprise(gs, attacker, aim.target)                 # CBA-11

    def roll_imp():
        if aimed.fixed_imp is not None:                  # TRT-GUIDED-AMMO: a fixed target, no AGI, no modifier
            return roll_check(world, attacker, "IMP", "AGI", aimed.fixed_imp[1], [], "CMB-2", "CH IMP",
                              crit_max=aimed.crit_max, against=aim.target, distance=round(aim.distance, 6),
                              aim=[aim.x, aim.y], area=aim.code, fixed_by=aimed.fixed_imp[0])
        return roll_character_check(gs, ctx, attacker, "IMP", "AGI", "CMB-2", "CH IMP", extra=mods + list(aimed.imp),
                                    against=aim.target, distance=round(aim.distance, 6), aim=[aim.x, aim.y],
                                    area=aim.code, crit_max=aimed.crit_max)
    dodge_dmg = 0
    if surprise:                                         # CBA-11 ruling (2): no die, no critical, no fumble
        imp = CheckResult("IMP", "AGI", gs.attrs(attacker).AGI, (), 0, 0, False, False, True)
        world.emit("surprise_hit", "CBA-11", attacker=attacker, target=aim.target, def_malus=2)
    else:
        imp = roll_imp()
        if melee and ctx is not None and aim.target in ctx.dodged_by and gs.able(aim.target):
            imp, dodge_dmg = dodge_contest(gs, ctx, attacker, aim.target, imp, roll_imp)   # CBA-17
    passed = imp.passed
    out: dict[str, Any] = {"hit": passed, "critical": imp.critical, "fumble": imp.fumble, "dispersed": False,
                           "lost": False, "affected": [], "point": (aim.x, aim.y)}
    if imp.critical:
        traits.critical_rolled(gs, attacker, aim.weapon_index, not melee)   # hook aura_crit_extra (TRT-VETERAN-CRY)
    if imp.fumble:
        imp_fumble(gs, ctx, attacker, aim.weapon_index)                 # CMB-8 (with the weapon's fumble traits)
    if passed and second_imp is not None and not surprise:    # CBA-8: a firearm in melee, a second CH IMP
        second = roll_check(world, attacker, "IMP", "AGI", imp.base, imp.modifiers, second_imp, "second CH IMP",
                            against=aim.target, fumble_min=traits.fumble_floor(gs, attacker))
        if second.fumble:
            imp_fumble(gs, ctx, attacker, aim.weapon_index)
        passed = out["hit"] = second.passed
    px, py = aim.x, aim.y
    own_scatter = traits.dispersion(w, passed, imp.critical and passed)   # TRT-SCATTER
    scatters = own_scatter.scatters if own_scatter is not None else not passed
    scatters = scatters or aim.scatter is not None                      # TRT-INFINITE-RANGE: outside the FOV
    if scatters and w.RNG <= 0:
        world.emit("miss", "ARE-8", attacker=attacker, target=aim.target, area=aim.code)
        return out
    template = build_template(aim) if kind != "S" else None
    if scatters:
        n = dispersion_dice_count(w, aim.distance)
        why = aim.scatter if aim.scatter is not None else own_scatter.rule if own_scatter is not None else "ARE-9"
        res = disperse(gs, px, py, n, why,
                       traits.scatter_factor(w), attacker=attacker, area=aim.code)     # TRT-STABILISED-AMMO
        res = fortune_dispersion(gs, attacker, aim, template, (px, py), res, n, own_scatter, w)
        corrector = traits.scatter_reroll(w, gs, attacker)              # TRT-AIM-CORRECTOR: the controller may
        moved = template.translate(res.x - px, res.y - py) if template is not None else None      # reroll it
        if corrector is not None and aim_correction.rerolls(gs, attacker, aim.weapon_index, aim.code, (px, py),
                                                            (res.x, res.y), res.on_board,
                                                            aim_lost(moved, px, py, res.x, res.y, res.on_board),
                                                            aim.level):
            res = disperse(gs, px, py, n, corrector, traits.scatter_factor(w), attacker=attacker, area=aim.code,
                           reroll=True)
        out["dispersed"] = True
        if not res.on_board:
            world.emit("area_lost", "ARE-9", attacker=attacker, area=aim.code, to=[res.x, res.y])
            out["lost"] = True
            return out
        if template is not None:
            template = template.translate(res.x - px, res.y - py)      # ARE-9: keeps its orientation
        px, py = res.x, res.y
        out["point"] = (px, py)
    # WND-6 (a melee one's MOD-1), an area mode's DMG, CBA-17's dodger fumble, CMB-6
    dmg = melee_area_dmg(gs, attacker, w, aim, dmg_bonus) + dodge_dmg + (1 if imp.critical else 0)
    dmg += traits.area_dmg_bonus(gs, attacker, w)                        # TRT-DEMOLITIONS-EXPERT: DMG +1
    # who is affected, fully or partly, and the eye each one's cover is seen from (ARE-7, ARE-4)
    chained: list = []                                  # MVA-17: driverless transports an S chain jumps to
    if template is not None:
        affected = covered_minis(gs, template, aim.level, attacker)
        covers = area_cover(gs, area_eye(gs, px, py, aim.level), [e for e, _ in affected], (px, py))
    else:
        first = aim.target if aim.target is not None else aim.parked
        chain = jump_chain(gs, number, aim.level, attacker, start=None if scatters else first,
                           point=(px, py) if scatters else None)
        affected, covers = [], []
        for i, e in enumerate(chain):
            if i == 0 and not scatters:
                eye, centre = gs.muzzle(attacker, w), None
            elif i == 0:
                eye, centre = area_eye(gs, px, py, aim.level), (px, py)
            else:
                prev = gs.pos(chain[i - 1])
                eye, centre = area_eye(gs, prev.x, prev.y, aim.level), None
            if riding.is_parked(gs, e):                # MVA-17: a driverless transport in the chain (after the minis)
                chained.append((e, eye, centre))
                continue
            affected.append((e, True))
            covers += area_cover(gs, eye, [e], centre)
    if melee:
        covers = [None] * len(affected)                 # CMB-17 ruling: melee attacks never benefit from cover
    world.emit("area_placed", "ARE-5", attacker=attacker, area=aim.code, centre=[px, py], level=aim.level,
               dispersed=bool(scatters), critical=imp.critical, **({"melee": True} if melee else {}),
               affected=[{"who": e, "coverage": "full" if full else "partial"} for e, full in affected])
    ranged = not melee
    for (e, full), cov in zip(affected, covers):
        hit_dmg = trait_area_dmg(gs, w, dmg, full, e, px, py) if traits.has_area_dmg(w) else area_dmg(dmg, full)
        terms = hit_terms(gs, attacker, e, w, imp.critical, ranged)
        world.emit("hit", "ARE-5" if full else "ARE-6", attacker=attacker, target=e, dmg=terms.dmg(hit_dmg),
                   critical=imp.critical, area=aim.code, coverage="full" if full else "partial")
        aimed_at = melee and e == aim.target        # CBA-13's and CBA-11's DEF terms are the target's
        def hit(psi: bool = True, e=e, hit_dmg=hit_dmg, cov=cov, terms=terms, aimed_at=aimed_at) -> int:
            return resolve_hit(gs, ctx, attacker, e, hit_dmg, melee=in_the_melee(gs, attacker, e, aim),
                               cover=None if imp.critical else cov, psi=psi, terms=terms,
                               def_mods=def_mods if aimed_at else None,
                               def_malus=2 if aimed_at and surprise else 0)
        twice = traits.double_hits(w)                                   # TRT-EXPLOSIVE-AMMO: two hits each
        if traits.hits_without_def(gs, attacker, e, w, ranged) is not None:    # TRT-SHIELD-NULLIFIER: no DEF check
            n = 0
        elif traits.stress_hits(gs, attacker, e, w, ranged) is not None:     # TRT-PSYCHIC-AMMO: stress instead
            n = 0
            resolve_stress_hit(gs, ctx, attacker, e, terms.dmg(hit_dmg), cover=None if imp.critical else cov)
        else:
            n = hit() if twice is None else double_hit(gs, ctx, attacker, e, hit, twice)
        if gs.on_table(e):
            traits.after_hit(gs, attacker, e, w, ranged)                # hook point on_hit (TRT-STUN-AMMO)
        place_hit_areas(gs, attacker, e, w, ranged)                     # hook point hit_area (TRT-RADIOACTIVE-AMMO)
        out["affected"].append((e, full, n))
    if template is not None and riding.parked(gs):              # MVA-17: driverless transports under the template
        out["parked"] = parked.area_hits(gs, ctx, attacker, template, aim.level, area_eye(gs, px, py, aim.level),
                                         (px, py), dmg, imp.critical, melee)
    elif template is None and chained:                           # MVA-17: those an S chain jumped to
        out["parked"] = parked.chain_hits(gs, ctx, attacker, chained, dmg, imp.critical, melee)
    if affected:
        traits.area_attack_done(gs, attacker, w)                        # hook area_attack_done (TRT-POWERFUL)
    for left in traits.left_areas(w, kind, bool(affected)):            # hook point `area`
        if left.kind == "persistent":
            place_effect(gs, "persistent", aim.code, px, py, template.ux, template.uy, aim.level, attacker, w.name,
                         dmg, rule=left.rule, elements=traits.delivered(w, venom=False))
        else:
            place_effect(gs, "smoke", f"R{left.diameter:g}", px, py, 1.0, 0.0, aim.level, attacker, w.name, 0,
                         radius=left.diameter / 2.0, malus=left.malus, rule=left.rule)
    return out


# --- areas that stay on the board (TRT-PERSISTENT-AREA, TRT-SMOKE, TRT-DENSE-SMOKE; the component and the
# smoke malus are in rules.area_effects) ------------------------------------------------------------------------
def install(world) -> None:
    """Register the systems of the areas that stay (idempotent): at the start of each activation smoke of the
    activating character lapses and a persistent area hits a mini that starts inside it; at the end of each
    turn the smoke of owners out of action lapses."""
    if getattr(world, "_area_systems", False):
        return
    world._area_systems = True
    world.add_system("start_of_activation", _start_of_activation)
    world.add_system("end_of_turn", _end_of_turn)


def place_effect(gs: GameState, kind: str, code: str, x: float, y: float, ux: float, uy: float, level: int,
                 owner: int, weapon: str, dmg: int, *, radius: float = 0.0, malus: int = 0,
                 rule: str = "TRT-PERSISTENT-AREA", elements: tuple[str, ...] = ()) -> int:
    """Create an area effect entity at P and record it (`area_effect_placed`); `elements`: what its hits deliver
    (an Área permanente template's weapon's ammunition: AreaElements)."""
    install(gs.world)
    eid = add_effect(gs, AreaEffect(kind, code, float(x), float(y), float(ux), float(uy), int(level), owner, weapon,
                                    int(dmg), float(radius), int(malus), rule))
    if elements:
        gs.world.set(eid, AreaElements(tuple(elements)))
    return eid


def _expire(gs: GameState, eid: int, eff: AreaEffect, reason: str) -> None:
    gs.world.remove(eid, AreaEffect)
    gs.world.emit("area_expired", eff.rule, area=eid, kind=eff.kind, owner=eff.owner, reason=reason)


def _exposed(eff: AreaEffect, who: int) -> bool:
    """Whether the area hits `who`: Área permanente spares its owner (its ruling); Munición radiactiva's area hits
    any mini (TRT-RADIOACTIVE-AMMO ruling: "a model")."""
    return eff.kind == "radioactive" or who != eff.owner


def _effect_template(eff: AreaEffect) -> templates.Template:
    return templates.template_from_code(eff.code, (eff.x - eff.ux, eff.y - eff.uy), (eff.x, eff.y))


def _effect_hits(gs: GameState, ctx, eid: int, eff: AreaEffect, who: int, reason: str) -> None:
    """TRT-PERSISTENT-AREA: the area's DMG again on a mini it covers (half if partly, ARE-6), no CH IMP, CH DEF
    with cover from the area's centre (ARE-7)."""
    cov = covered_minis(gs, _effect_template(eff), eff.level, eff.owner)
    full = next((f for e, f in cov if e == who), None)
    if full is None:
        return
    dmg = area_dmg(eff.dmg, full)
    cover = area_cover(gs, area_eye(gs, eff.x, eff.y, eff.level), [who], (eff.x, eff.y))[0]
    gs.world.emit("area_effect", eff.rule, area=eid, who=who, reason=reason, dmg=dmg,
                  coverage="full" if full else "partial")
    terms = traits.substance_terms(gs, who, area_elements(gs, eid, eff), area=True)
    resolve_hit(gs, ctx, eff.owner, who, dmg, melee=False, cover=cover, terms=terms)   # hook substance_factor / _def


def area_elements(gs: GameState, eid: int, eff: AreaEffect) -> tuple[str, ...]:
    """What an area left on the board delivers with its hits (TRT-ALLERGIC, TRT-INVULNERABLE, TRT-RESISTANCE):
    Munición radiactiva's area radiation (TRT-RADIOACTIVE-AMMO); an Área permanente template what its weapon's
    ammunition delivered (AreaElements: a fire weapon's template is a burning zone); nothing else."""
    if eff.kind == "radioactive":
        return ("radiation",)
    own = gs.world.try_get(eid, AreaElements)
    return () if own is None else own.elements


def _covers(gs: GameState, eff: AreaEffect, who: int, x: float, y: float) -> bool:
    t = _effect_template(eff)
    if gs.board.grid:
        n = len(gs.squares(who))
        anchor = (math.floor(x - n / 2.0 + 0.5), math.floor(y - n / 2.0 + 0.5))
        return bool(geo_grid.covered_squares(t, geo_grid.footprint(anchor, n)))
    full, partial = templates.coverage(t, [x], [y], [gs.body(who).radius])
    return bool(full[0] or partial[0])


def after_move(gs: GameState, ctx, who: int, start: tuple[float, float]) -> None:
    """TRT-PERSISTENT-AREA ruling: a mini that enters a persistent area suffers its effect. Entering = covered
    where a movement action ends and not where it began (passing through is not entering)."""
    if not gs.world.tables.get(AreaEffect) or not gs.on_table(who):
        return
    p = gs.pos(who)
    for eid, eff in hitting(gs):
        if not _exposed(eff, who) or eff.level != p.level:
            continue
        if _covers(gs, eff, who, p.x, p.y) and not _covers(gs, eff, who, start[0], start[1]):
            _effect_hits(gs, ctx, eid, eff, who, "entered")


def _start_of_activation(world, gs: GameState, who: int, **_: Any) -> None:
    for eid, eff in effects(gs):
        if eff.kind == "smoke" and eff.owner == who:
            _expire(gs, eid, eff, "the owner's next activation starts")
    for eid, eff in hitting(gs):                     # Área permanente (not its owner), Munición radiactiva
        if _exposed(eff, who) and gs.on_table(who) and gs.able(who) and gs.pos(who).level == eff.level:
            _effect_hits(gs, None, eid, eff, who, "starts its activation inside")


def _end_of_turn(world, gs: GameState, **_: Any) -> None:
    for eid, eff in effects(gs, "smoke"):
        if not gs.able(eff.owner):
            _expire(gs, eid, eff, "the owner is out of action")


# --- odds for controllers (exact, no sampling) --------------------------------------------------------------
def area_reach(gs: GameState, aim: AreaAim, attacker: int) -> tuple[tuple[int, bool], ...]:
    """Who an area attack hits if it lands where aimed (dispersion not counted): each character the template covers
    at the aim's level and whether fully (ARE-5: full DMG) or only partly (ARE-6: half), the attacker too when
    covered (ARE-5: a melee area attack covers its striker), in id order; an S area's chain (ARE-4: each full).
    Driverless transports are left out (the value counts characters). The window's odds box lists them (ARE-5: an
    area's figures for its target are one of several hits) and `expected_area_value` prices them."""
    kind, number, _ = area_kind(aim.code)
    if kind == "S":
        return tuple((e, True) for e in jump_chain(gs, number, aim.level, attacker, start=aim.target)
                     if not riding.is_parked(gs, e))                     # MVA-17: characters only
    return tuple(covered_minis(gs, build_template(aim), aim.level, attacker))


def expected_area_value(gs: GameState, aim: AreaAim, attacker: int, *, dmg_bonus: int = 0,
                        extra_imp: tuple = ()) -> tuple[float, float, float]:
    """The value of an area attack for a controller, if it lands where aimed (dispersion is not priced):
    (expected wounds to enemies + 2 × P(enemy casualties), the same for allies and the attacker's side,
    P(hit)). Exact over the dice of the CH IMP and each covered mini's CH DEF (CMB-4, CMB-6, CMB-7, CMB-9,
    CMB-17, CMB-18, ARE-5, ARE-6), its protections' use tests before it (TRT-AGILITY-TEST, TRT-CONSTITUTION-TEST,
    TRT-INTELLIGENCE-TEST, TRT-WILLPOWER-TEST, TRT-NEUROPSYCHO: rules.odds.def_loss, a failed CH PSI's stress
    counted as a wound), or its check against a stress hit (TRT-PSYCHIC-AMMO: each stress counted as a wound,
    unconscious as a casualty). A melee area attack (ARE-5, `aim.melee`) takes the melee modifiers and `extra_imp`,
    the melee DMG (MOD-1) + `dmg_bonus` and no cover (CMB-17 ruling). TRT-INFINITE-RANGE: an area aimed outside the
    attacker's FOV (`aim.scatter`) always scatters, and is priced where it may land (`scattered_area_value`)."""
    if aim.scatter is not None:
        return scattered_area_value(gs, aim, attacker)
    w = gs.weapon(attacker, aim.weapon_index)
    if aim.target is not None:
        mods = attack_mods(gs, attacker, aim.target, not aim.melee, aim.distance, w) + list(extra_imp)
    else:
        mods = point_attack_mods(gs, attacker, aim.distance, (aim.x, aim.y), w)
    aimed = area_aim_terms(gs, attacker, aim, w)
    mods += character_mods(gs, attacker, "AGI", "IMP") + list(aimed.imp)
    imp_target = gs.attrs(attacker).AGI + sum(m.value for m in combine(mods))
    if aimed.fixed_imp is not None:
        imp_target = aimed.fixed_imp[1]                                   # TRT-GUIDED-AMMO
    kind, _, _ = area_kind(aim.code)
    affected = list(area_reach(gs, aim, attacker))
    if kind == "S":
        covers = [None] * len(affected)
    else:
        covers = area_cover(gs, area_eye(gs, aim.x, aim.y, aim.level), [e for e, _ in affected], (aim.x, aim.y))
    if aim.melee:
        covers = [None] * len(affected)                 # CMB-17 ruling: melee attacks never benefit from cover
    fumble = traits.fumble_floor(gs, attacker)                            # TRT-UNLUCKY: 9 fumbles too
    dice = [resolve_die(d, imp_target, aimed.crit_max, fumble) for d in range(1, 11)]
    p_crit = Fraction(sum(1 for _, crit, _ in dice if crit), 10)
    p_norm = Fraction(sum(1 for passed, _, _ in dice if passed), 10) - p_crit
    mine = gs.side(attacker)
    good = bad = Fraction(0)
    for (e, full), cov in zip(affected, covers):
        left = gs.attrs(e).CON - gs.wounds(e)
        absorb = traits.absorb_capacity(gs, e)                            # TRT-LEATHERY-SHIELD
        stress = traits.stress_hits(gs, attacker, e, w, True) is not None   # TRT-PSYCHIC-AMMO: stress instead
        v = Fraction(0)
        for p, crit in ((p_norm, False), (p_crit, True)):
            if p <= 0:
                continue
            terms = hit_terms(gs, attacker, e, w, crit, not aim.melee)
            dmg = area_dmg(melee_area_dmg(gs, attacker, w, aim, dmg_bonus) + traits.area_dmg_bonus(gs, attacker, w)
                           + (1 if crit else 0), full)
            c = None if crit else cov
            if stress:                 # rules.stress_hits: stress counted as wounds, unconscious as a casualty
                before, vol = gs.world.get(e, Stress).value, gs.base_attrs(e).VOL
                for n, q in stress_distribution(gs, attacker, e, terms.dmg(dmg), c):
                    v += p * q * (n + (2 if before + n > vol else 0))
                continue
            keep = Fraction(1)
            for t in traits.shield_targets(gs, e, terms.shield_halved):   # TRT-ENERGY-SHIELD: a check stops it
                keep *= 1 - p_pass(t)
            counts = c is not None and (c.over_half or c.full)
            defense = terms.defense(gs.total_def(e)) + (traits.cover_def_bonus(gs, e) if counts else 0)   # Sombra
            dt = defense + (2 if counts else 0) + sum(m.value for m in terms.def_check)
            for lost, ql in def_loss(gs, e):            # the protections' use tests (TRT-AGILITY-TEST, ...)
                dd = max(0, defense - lost)
                for n, q in wounds_distribution(dmg, dd, dt - defense + dd, c, None, terms=terms,
                                                def_fumble=traits.fumble_floor(gs, e)).items():
                    n = max(0, n - absorb)
                    v += p * keep * ql * q * (n + (2 if n >= left > 0 else 0))
            pre = use_stress(gs, e)                     # TRT-NEUROPSYCHO worn: +1 stress per failed CH PSI
            if pre:
                v += p * keep * pre * (1 - (p_pass(c.piece_def) if c is not None and c.full else 0))
        if gs.side(e) == mine:
            bad += v
        else:
            good += v
    return float(good), float(bad), float(p_norm + p_crit)


#: TRT-INFINITE-RANGE: the directions a scattered area's landing is averaged over (BAS-4's uniform angle, integrated
#: numerically; ARE-9's dice are enumerated exactly).
SCATTER_DIRECTIONS = 16


def scattered_area_value(gs: GameState, aim: AreaAim, attacker: int) -> tuple[float, float, float]:
    """TRT-INFINITE-RANGE: the value of an area aimed outside the attacker's FOV, which always scatters (ARE-9's n D10
    from the aim point, BAS-4's direction) and is resolved as a hit where it lands (ARE-8: no further CH IMP): the
    mean over the landings (the dice's sum exactly, SCATTER_DIRECTIONS evenly spaced directions) of what the template
    does there, given a hit (`expected_area_value` of an aim at that point over its P(hit); the critical's +1 is not
    priced); a landing off the board is lost; an S chain's landing is not priced (0). Returns (good, bad, 1.0): the
    area always comes down somewhere."""
    kind, _, _ = area_kind(aim.code)
    good = bad = 0.0
    if kind == "S":
        return good, bad, 1.0
    n = dispersion_dice_count(gs.weapon(attacker, aim.weapon_index), aim.distance)
    plain = replace(aim, scatter=None, target=None)
    for total, weight in scattered_shots.sum_distribution(n).items():
        for k in range(SCATTER_DIRECTIONS):
            ux, uy = scatter.unit_vector(360.0 * k / SCATTER_DIRECTIONS)
            x, y = aim.x + total * ux, aim.y + total * uy
            if not gs.board.point_inside(x, y):
                continue
            moved = replace(plain, x=x, y=y)
            if not covered_minis(gs, build_template(moved), aim.level, attacker):
                continue
            g, b, p = expected_area_value(gs, moved, attacker)
            if p > 0:
                share = float(weight) / SCATTER_DIRECTIONS / p
                good, bad = good + share * g, bad + share * b
    return good, bad, 1.0


def worth_at(gs: GameState, attacker: int, weapon_index: int, code: str, x: float, y: float,
             level: int) -> float | None:
    """The value for `attacker`'s side of its area `code` (weapon `weapon_index`) landing centred on (x, y) at
    `level`, per hit (`expected_area_value` over its P(hit)): enemies' expected wounds + 2 × casualties minus its own
    side's; None for an S chain (no point of its own). The question of TRT-AIM-CORRECTOR shows it and the scripted
    controller answers by it (rules/aim_correction.py)."""
    kind, _, _ = area_kind(code)
    if kind == "S":
        return None
    pa = gs.pos(attacker)
    aim = AreaAim(weapon_index, code, kind, None, x, y, level, point_distance(gs, attacker, x, y, level), pa.x, pa.y)
    good, bad, p_hit = expected_area_value(gs, aim, attacker)
    return (good - bad) / p_hit if p_hit > 0 else good - bad
