"""Combat actions: Ataque a distancia, Ataque CaC, Ataque CaC sin armas, Cargar, Destrabarse
(CBA-1, CBA-7, CBA-10, CBA-12, CBA-15) and the CMB-15 follow-up. Ranged attacks with an Área weapon are area
attacks (ARE-1..9, `wartime.rules.areas`); fixed weapons fire in a 90° arc (ENV-5); noisy attacks are recorded
with who heard them (ENV-6)."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from wartime.core.components import Mount, Posture
from wartime.core.errors import NotImplementedRule, RuleViolation
from wartime.geometry import sight
from wartime.geometry.heights import can_interact
from wartime.rules import areas, hiding, parked, riding, scattered_shots, switched_off, traits
from wartime.rules.actions.base import Action, need, need_target, register
from wartime.rules.actions.flight import flight_restrictions
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.actions.movement import Boostable, MovePrep, apply_move, can_move, prepare_path
from wartime.rules.checks import Modifier
from wartime.rules.context import ActionContext
from wartime.rules.combat import Cover, resolve_attack
from wartime.rules.noise import emit_noise, weapon_noise
from wartime.rules.odds import attack_odds, p_pass
from wartime.rules.psychology import psi_check
from wartime.rules.state import GameState
from wartime.rules.wounds import check_usable


def need_weapon(gs: GameState, actor: int, params: dict, rule: str, *, ranged: bool):
    idx = need(params, "weapon", rule, int)
    w = gs.weapon(actor, idx)
    if w is None:
        raise RuleViolation(rule, f"{gs.name(actor)} has no weapon number {idx}")
    check_usable(w)                                            # WND-4 disabled, WND-5 destroyed
    if switched_off.mounted_weapon_off(gs.world, actor, idx):   # CBA-21: its possessed transport is switched off
        raise RuleViolation("CBA-21", f"{w.name} is mounted on a transport its possessor switched off")
    if ranged and not w.ranged:
        raise RuleViolation("CBA-1", f"{w.name} has RNG 0: it is a melee weapon")
    if not ranged and w.ranged:
        raise RuleViolation("CBA-7", f"{w.name} has RNG {w.RNG}: Ataque CaC needs a RNG 0 weapon (a firearm in "
                            "melee is CBA-8, Ataque CaC con arma de disparo)")
    traits.check_weapon_usable(gs, actor, w)                   # hook point weapon_usable (TRT-HEAVY-WEAPON)
    return idx, w


def need_ranged_target(gs: GameState, actor: int, params: dict, rule: str, weapon=None) -> int:
    """The enemy target of a ranged action: as `need_target`, except that levels 1 and 2 interact through
    ranged actions (MOV-11, MOV-12), and a `weapon` with TRT-ATA-WEAPON reaches every level (hook level_reach)."""
    t = need(params, "target", rule, int)
    if t not in gs.minis():
        raise RuleViolation(rule, f"no miniature with id {t}")
    if t == actor:
        raise RuleViolation(rule, "a character cannot target itself with this action")
    if not gs.on_table(t):
        raise RuleViolation("WND-3", f"{gs.name(t)} is dead")
    if gs.side(t) == gs.side(actor) and not gs.compelled_at(actor, t):
        raise RuleViolation(rule, f"{gs.name(t)} is not an enemy")
    if not can_interact(gs.pos(actor).level, gs.pos(t).level, True) and (weapon is None or
                                                                           traits.any_level(weapon) is None):
        raise RuleViolation("MOV-11", "miniatures interact only within their own altitude level (levels 1 and 2 "
                            "also at range, MOV-12)")
    hiding.check_target(gs, actor, t)           # GNA-9: a hidden enemy must be discovered first
    return t


def in_field_of_fire(gs: GameState, actor: int, weapon, target: int) -> bool:
    """ENV-4 / ENV-5: a carried weapon's field of fire is its bearer's 180° FOV arc; a fixed weapon's is the
    90° arc (45° each side) around its mount direction (the bearer's facing + `mount_facing`). Range is
    checked apart (CMB-10)."""
    if not getattr(weapon, "fixed", False):
        return True
    pa, pt = gs.pos(actor), gs.pos(target)
    return sight.in_arc(pa.x, pa.y, pa.facing + weapon.mount_facing, pt.x, pt.y, gs.body(target).radius, math.inf)


def ranged_target_check(gs: GameState, actor: int, target: int, rng, rule: str) -> Cover:
    """CMB-10: target in FOV (ENV-1: with a weapon of no maximum range, TRT-INFINITE-RANGE, a target outside it is
    allowed and the attack scatters, rules.scattered_shots) and the weapon's field of fire (ENV-4, ENV-5), within RNG (BAS-3, 3D
    between levels 1 and 2), with LOS (ENV-2) from the muzzle (ENV-3: a carried weapon's muzzle is the eye);
    the attacker not engaged. TRT-NEGATE (RNG): a target cancelling RNG is reached only in base contact (the
    weapon's RNG counts 0 against it; a reactive shot too). `rng` is the weapon (or its RNG). Returns the cover measured from the muzzle
    (CMB-17, CMB-18; MVA-4 / MVA-5: the target's current height, and prone behind any cover is 100 %)."""
    weapon = None if isinstance(rng, (int, float)) else rng
    rng = rng if weapon is None else weapon.RNG
    if gs.engaged(actor):
        raise RuleViolation("CMB-10", f"{gs.name(actor)} is engaged in melee and cannot shoot")
    traits.check_reach_negated(gs, actor, target, "shot")        # TRT-NEGATE (RNG): only in base contact
    if not gs.in_fov(actor, target):
        if weapon is None or traits.unlimited_range(weapon) is None:
            raise RuleViolation("ENV-1", f"{gs.name(target)} is not in {gs.name(actor)}'s field of view "
                                f"(180°, {gs.fov_range(actor):g} K)")
        # TRT-INFINITE-RANGE: a target outside the FOV but in LOS may be shot at: the attack scatters
        # (rules.scattered_shots, resolved in rules.combat / rules.areas)
    if weapon is not None and not in_field_of_fire(gs, actor, weapon, target):
        raise RuleViolation("ENV-5", f"{gs.name(target)} is outside {weapon.name}'s 90° field of fire (fixed "
                            f"weapon)")
    d = gs.distance(actor, target)
    if d > rng + 1e-9 and (weapon is None or traits.unlimited_range(weapon) is None):      # TRT-INFINITE-RANGE
        raise RuleViolation("CMB-10", f"{gs.name(target)} is {d:.2f} K away, beyond RNG {rng:g} K")
    c = gs.cover(actor, [target])[0] if weapon is None else _cover_from(gs, gs.muzzle(actor, weapon), target)
    if not c.has_los:
        raise RuleViolation("ENV-2", f"no line of sight from {gs.name(actor)} to {gs.name(target)}")
    blocked = c.blocked
    if gs.world.get(target, Posture).state == "prone" and blocked > 0:
        blocked = 25        # MVA-5: prone behind cover counts as 100 % hidden
    return Cover(blocked, c.main_piece_def, c.main_piece_id)


def shot_out_of_reach(gs: GameState, actor: int, target: int, weapon, mode) -> bool:
    """CMB-10, CBA-3, BAS-3, GNA-9, ENV-2 (issue 20): True when `RangedAttack.validate` surely refuses a shot of `weapon` (with
    fire `mode`, or None) at the enemy character `target`, whatever the actor's facing (MOV-5: the own activation's
    candidates turn first): the attacker is engaged in melee, or the target lies beyond the weapon's RNG (the mode's
    reach) edge to edge and the weapon has no unlimited range (TRT-INFINITE-RANGE), the target is hidden from the
    actor (`target_refused`) or no line of fire reaches it (`no_line_of_fire`). All are what the validation refuses,
    and none depends on facing (bases are circles). False says nothing: the
    validation still judges the candidate (FOV, field of fire, LOS, GNA-9, ENE ...). Compared with the full
    validation at every decision of shipped games (tests/rules/test_shot_prefilter.py)."""
    if gs.engaged(actor):
        return True
    if traits.unlimited_range(weapon) is None:
        rng = weapon.RNG if mode is None else mode.reach(weapon.RNG)
        if gs.distance(actor, target) > rng + 1e-9:
            return True
    return target_refused(gs, actor, target) or no_line_of_fire(gs, actor, target, weapon)


def target_refused(gs: GameState, actor: int, target: int) -> bool:
    """GNA-9 (issue 20): True when `need_ranged_target` surely refuses the enemy `target` whatever the actor's
    facing: it is hidden from the actor (not discovered, not seen 50 % covered or less: `hiding.check_target`, the
    very check the validation makes)."""
    if not hiding.hidden(gs, target):
        return False
    try:
        hiding.check_target(gs, actor, target)
    except RuleViolation:
        return True
    return False


def line_of_fire(gs: GameState, actor: int, target: int, weapon) -> bool | None:
    """ENV-2, ENV-3 (issue 20): whether a line of fire runs from the weapon's muzzle to `target` whatever the actor's
    facing (the cover query `ranged_target_check` makes, memoised per board), for a muzzle that does not turn with
    the actor (a carried weapon's is the eye); None for a rider, whose mounted weapon may have a mount point turned
    with the facing (not answered)."""
    if gs.world.has(actor, Mount):
        return None
    return _cover_from(gs, gs.muzzle(actor, weapon), target).has_los


def no_line_of_fire(gs: GameState, actor: int, target: int, weapon) -> bool:
    """ENV-2, ENV-3 (issue 20): True when surely no line of fire runs from the weapon's muzzle to `target`
    (`line_of_fire` False; a rider's is not answered: False)."""
    return line_of_fire(gs, actor, target, weapon) is False


def _cover_from(gs: GameState, eye, target: int):
    """ENV-2 / ENV-3: the 25-sample cover of `target` seen from a muzzle point."""
    import numpy as np
    return sight.cover_query(gs.board, eye, np.array([gs.target_row(target)], dtype=float))[0]


@dataclass
class AttackPrep:
    target: int | None
    weapon_index: int | None
    cover: Cover | None = None
    area: areas.AreaAim | None = None       # ARE-1..4: an area attack
    fire_mode: traits.FireMode | None = None  # a weapon trait's fire mode chosen for this attack (TRT-HEAVY-FIRE)
    stance: traits.Stance | None = None       # a melee choice of the attacker's traits (TRT-FENCING-MASTER)
    scatter: str | None = None                # TRT-INFINITE-RANGE: a single shot outside the FOV scatters


class _WeaponPriced:
    """ENE-1: an attack priced at its weapon's ENE plus its mode's (TRT-HEAVY-FIRE; `mode_ene`), and the stand-in of
    its cheapest parameter set for `energy.least_weapon_price` (issue 20): the weapon without a mode."""

    def cost(self, gs, actor, params, prepared):
        return gs.weapon(actor, prepared.weapon_index).ENE + mode_ene(prepared)

    def least_weapon_prepared(self, gs, actor, weapon_index, target):
        return AttackPrep(target, weapon_index)


@register
class RangedAttack(_WeaponPriced, Action):
    """CBA-1: Ataque a distancia (weapon ENE, CH IMP AGI with the range modifier). At an engaged target it
    is CBA-5, firing into a melee (a second CH IMP decides whether the chosen target is hit)."""
    key = "ranged_attack"
    rule = "CBA-1"
    category = "combat"
    has_check = True
    is_attack = True
    ranged = True
    scatters_out_of_view = True

    params = (Param("weapon", "weapon", "CBA-1: the index of a ranged weapon the character carries"),
              Param("target", "enemy", "CBA-1: the enemy shot at (or `aim` for an area weapon)", optional=True),
              Param("aim", "point", "ARE-1: the board point an area weapon is aimed at", optional=True),
              Param("mode", "choice", "a fire mode of the weapon's traits for this attack: the trait ID "
                    "(TRT-HEAVY-FIRE, TRT-LONG-RANGE-FIRE)", optional=True))

    def candidates(self, gs, actor, space):
        """Every ranged weapon at every enemy (turning to face it first in the own activation, MOV-5), then with
        each fire mode its traits offer; area weapons also aimed at each enemy's centre."""
        for i in space.weapons(ranged=True):
            w = gs.weapon(actor, i)
            area = w.area is not None
            modes = tuple((m, f) for m, f in traits.fire_modes(w).items()
                          if not f.melee and (f.area is not None) == area)
            for t in space.enemies():
                face = None if space.reaction else space.facing_to(t)
                yield Candidate(self.key, lambda i=i, t=t: {"target": t, "weapon": i}, face,
                                f"{gs.weapon(actor, i).name} at {gs.name(t)}",
                                refused=lambda t=t, w=w: shot_out_of_reach(gs, actor, t, w, None))
                for m, fm in modes:
                    yield Candidate(self.key, lambda i=i, t=t, m=m: {"target": t, "weapon": i, "mode": m}, face,
                                    f"{gs.weapon(actor, i).name} at {gs.name(t)} ({fm.label})",
                                    refused=lambda t=t, w=w, fm=fm: shot_out_of_reach(gs, actor, t, w, fm))
                if area:
                    p = gs.pos(t)
                    yield Candidate(self.key, lambda i=i, p=p: {"aim": [round(p.x, 4), round(p.y, 4)], "weapon": i},
                                    face, f"{gs.weapon(actor, i).name} aimed at {gs.name(t)}'s spot",
                                    refused=lambda: gs.engaged(actor))                      # CMB-10
                    for m, fm in modes:                                          # TRT-FOCUSED-ARC
                        yield Candidate(self.key, lambda i=i, p=p, m=m: {"aim": [round(p.x, 4), round(p.y, 4)],
                                                                         "weapon": i, "mode": m}, face,
                                        f"{gs.weapon(actor, i).name} aimed at {gs.name(t)}'s spot ({fm.label})",
                                        refused=lambda: gs.engaged(actor))                  # CMB-10
            if not area:
                for t in parked.enemy_parked(gs, actor):              # MVA-17: a driverless enemy transport
                    face = None if space.reaction else space.facing_to(t)
                    yield Candidate(self.key, lambda i=i, t=t: {"target": t, "weapon": i}, face,
                                    f"{gs.weapon(actor, i).name} at {riding.base_name(gs, t)}")
                    for m, fm in modes:
                        yield Candidate(self.key, lambda i=i, t=t, m=m: {"target": t, "weapon": i, "mode": m}, face,
                                        f"{gs.weapon(actor, i).name} at {riding.base_name(gs, t)} ({fm.label})")

    def validate(self, gs, actor, params):
        flight_restrictions(gs, actor, self)                     # MOV-13
        idx, w = need_weapon(gs, actor, params, self.rule, ranged=True)
        if w.area is not None and "aim" in params:
            # ARE-1..3: an area aimed at a point of the board
            if "target" in params:
                raise RuleViolation("ARE-1", "give either a target or an aim point, not both")
            if gs.engaged(actor):
                raise RuleViolation("CMB-10", f"{gs.name(actor)} is engaged in melee and cannot shoot")
            aim = with_area_mode(areas.aim_at_point(gs, actor, idx, w, params, self.rule), chosen_fire_mode(w, params))
            check_nearest(gs, actor, self, params, w, None, aim.distance)      # TRT-SHAKY-HANDS: no aim point
            self._check_magazine(w)
            return AttackPrep(None, idx, None, aim)
        if parked.is_parked(gs, params.get("target")):                # MVA-17: a driverless enemy transport
            return self._at_parked(gs, actor, params, idx, w)
        t = need_ranged_target(gs, actor, params, self.rule, w)
        self._check_magazine(w)
        mode = chosen_fire_mode(w, params)
        cover = ranged_target_check(gs, actor, t, w if mode is None else replace(w, RNG=mode.reach(w.RNG)),
                                    self.rule)
        check_nearest(gs, actor, self, params, w, t)             # TRT-SHAKY-HANDS
        stray = scattered_shots.scatters(gs, actor, t, w)         # TRT-INFINITE-RANGE: outside the FOV
        if stray is not None and not self.scatters_out_of_view:
            raise RuleViolation("ENV-1", f"{gs.name(t)} is not in {gs.name(actor)}'s field of view "
                                f"(180°, {gs.fov_range(actor):g} K)")
        if w.area is not None:                                                   # ARE-1..4
            return AttackPrep(t, idx, cover, with_area_mode(areas.aim_at_target(gs, actor, idx, w, t), mode))
        return AttackPrep(t, idx, cover, fire_mode=mode, scatter=stray)

    def _at_parked(self, gs, actor, params, idx, w) -> AttackPrep:
        """MVA-17: a shot at a driverless enemy transport (rules.parked), with a single-target fire mode if chosen
        (its RNG and DMG terms), also as a reaction in a window an enemy's action opened (REA-1 ruling: a reaction
        is any action the reactor could take; the transport itself never acts, so it opens no window). An area
        weapon is aimed at it as at a point (ARE-1: `aim`), and hits whoever the template covers."""
        t = parked.need_parked(gs, actor, params["target"], self.rule)
        if w.area is not None:
            raise RuleViolation("ARE-1", f"{w.name} is an area weapon: aim it at a point (`aim`) over "
                                f"{riding.base_name(gs, t)}")
        self._check_magazine(w)
        mode = chosen_fire_mode(w, params)
        reach = w if mode is None else replace(w, RNG=mode.reach(w.RNG))
        return AttackPrep(t, idx, parked.ranged_cover(gs, actor, t, reach, self.rule, self.scatters_out_of_view),
                          fire_mode=mode, scatter=scattered_shots.scatters(gs, actor, t, w))   # TRT-INFINITE-RANGE

    @staticmethod
    def _check_magazine(w) -> None:
        traits.check_weapon_ready(w)                 # hook point weapon_ready (TRT-MAGAZINES: GNA-13)

    def resolve(self, gs, ctx, prepared):
        w = gs.weapon(ctx.actor, prepared.weapon_index)
        fired = traits.weapon_fired(w)               # hook point weapon_fired (TRT-MAGAZINES: one round)
        if fired is not w:
            gs.set_weapon(ctx.actor, prepared.weapon_index, fired)
        if prepared.area is not None:
            areas.resolve_area_attack(gs, ctx, prepared.area)
            return
        emit_noise(gs, ctx.actor, weapon_noise(w), "ENV-6", action=self.key, weapon=w.name)
        mode = prepared.fire_mode
        if mode is not None:
            gs.world.emit("fire_mode", mode.rule, who=ctx.actor, weapon=w.name, mode=mode.label)
        if parked.is_parked(gs, prepared.target):                     # MVA-17: a driverless enemy transport
            parked.attack(gs, ctx, ctx.actor, prepared.target, prepared.weapon_index, ranged=True,
                          cover=prepared.cover, dmg_bonus=mode.dmg_plus if mode is not None else 0,
                          scatter=prepared.scatter)
            return
        resolve_attack(gs, ctx, ctx.actor, prepared.target, weapon_index=prepared.weapon_index, ranged=True,
                       cover=prepared.cover, dmg_bonus=mode.dmg_plus if mode is not None else 0,
                       scatter=prepared.scatter)


def mode_ene(prepared) -> int:
    """The ENE an attack mode adds to the weapon's (TRT-HEAVY-FIRE: +3; 0 without a mode)."""
    mode = getattr(prepared, "fire_mode", None)
    return mode.ene_plus if mode is not None else 0


def check_nearest(gs: GameState, actor: int, action, params: dict, weapon, target: int | None,
                  distance: float | None = None) -> None:
    """Hook point min_range (TRT-BLIND-ZONE): a shot at a target (or an aim point `distance` K away) within the
    weapon's blind zone is refused. Hook point shot_target (TRT-SHAKY-HANDS): a trait may require the shot's target
    to be the nearest enemy the same action could shoot at; the nearer candidates are probed with the action's own
    validation (the probe itself skips this check)."""
    d = gs.distance(actor, target) if target is not None else (math.inf if distance is None else distance)
    blind = traits.min_range(weapon)
    if blind is not None and d <= blind[1] + 1e-9:
        raise RuleViolation(blind[0], f"{weapon.name} cannot fire within its first {blind[1]:g} K "
                            f"({d:.2f} K away)")
    if params.get("_nearest_probe"):
        return
    if target is None:
        d = math.inf

    def nearer() -> int | None:
        probe = {k: v for k, v in params.items() if k != "aim"}
        for o in sorted(gs.enemies(actor), key=lambda o: (gs.distance(actor, o), o)):
            if o == target:
                continue
            if gs.distance(actor, o) >= d - 1e-9:
                return None
            try:
                action.validate(gs, actor, {**probe, "target": o, "_nearest_probe": True})
            except RuleViolation:
                continue
            return o
        return None
    traits.check_shot_target(gs, actor, weapon, target, nearer)


def chosen_fire_mode(weapon, params: dict, melee: bool = False) -> traits.FireMode | None:
    """The attack mode the decision's ``mode`` names (a trait ID of the weapon offering one: fire modes
    TRT-HEAVY-FIRE, TRT-LONG-RANGE-FIRE; melee modes TRT-LONG-GRIP; area modes TRT-FOCUSED-ARC), None without one;
    a mode the weapon does not offer for this kind of attack is refused (a single-target fire mode on an area
    weapon with NotImplementedRule)."""
    m = params.get("mode")
    if m is None:
        return None
    modes = {k: f for k, f in traits.fire_modes(weapon).items() if f.melee == melee}
    if m not in modes:
        raise RuleViolation("CBA-1", f"{weapon.name} has no fire mode {m!r} (its modes: "
                            f"{', '.join(modes) or 'none'})")
    if (weapon.area is not None) != (modes[m].area is not None):
        if weapon.area is None:
            raise RuleViolation(m, f"{weapon.name} has no area: {modes[m].label} is an area weapon's mode")
        raise NotImplementedRule(m, f"a fire mode with an area weapon ({weapon.name}, area {weapon.area})")
    return modes[m]


def chosen_stance(gs: GameState, actor: int, params: dict) -> traits.Stance | None:
    """The melee choice the decision's ``stance`` names among those the attacker's traits offer (TRT-FENCING-MASTER),
    None without one; one it is not offered is refused."""
    k = params.get("stance")
    if k is None:
        return None
    offered = traits.melee_stances(gs, actor)
    if k not in offered:
        raise RuleViolation("CBA-7", f"{gs.name(actor)} has no melee choice {k!r} (its choices: "
                            f"{', '.join(offered) or 'none'})")
    return offered[k]


def taken_stance(gs: GameState, ctx, prepared) -> tuple[int, list | None]:
    """The melee choice declared with the attack (TRT-FENCING-MASTER, TRT-FRENZY), taken before its CH IMP: its DMG
    term and its CH IMP modifiers (0 and None without one); a marking choice leaves its mark (Stance.mark)."""
    st = prepared.stance
    if st is None:
        return 0, None
    gs.world.emit("attack_stance", st.rule, who=ctx.actor, stance=st.label)
    if st.mark and st.rule not in gs.effects(ctx.actor).spent:        # TRT-FRENZY: DEF 0 until its next activation
        gs.set_effects(ctx.actor, spent=gs.effects(ctx.actor).spent + (st.rule,))
    return st.dmg_plus, st.imp_mods()


def with_area_mode(aim, mode):
    """An area aim as an area mode changes it (TRT-FOCUSED-ARC: the code, its shape, DMG +); as it is without."""
    if mode is None or mode.area is None:
        return aim
    return replace(aim, code=mode.area, kind=areas.area_kind(mode.area)[0], dmg_plus=aim.dmg_plus + mode.dmg_plus)


def melee_target(gs: GameState, actor: int, params: dict, rule: str) -> int:
    t = need_target(gs, actor, params, rule)
    if not gs.in_contact(actor, t):
        raise RuleViolation("CMB-11", f"{gs.name(t)} is not engaged in base contact with {gs.name(actor)}")
    return t


def in_reach(gs: GameState, actor: int, weapon, target: int) -> bool:
    """TRT-VERY-LONG-WEAPON (hook melee_reach): the weapon reaches `target` out of base contact: within its reach
    (BAS-3 distance) and seen (in the FOV, with LOS)."""
    reach = traits.melee_reach(weapon) if weapon is not None else 0.0
    return (reach > 0 and gs.distance(actor, target) <= reach + 1e-9 and gs.in_fov(actor, target)
            and gs.has_los(actor, target))


def reach_target(gs: GameState, actor: int, params: dict, rule: str) -> int:
    """The target of a weapon's melee attack: in base contact (CMB-11), or within the weapon's reach."""
    try:
        return melee_target(gs, actor, params, rule)
    except RuleViolation as exc:
        i = params.get("weapon")
        w = gs.weapon(actor, i) if isinstance(i, int) else None
        if exc.rule_id != "CMB-11" or w is None or not in_reach(gs, actor, w, params["target"]):
            raise
        return params["target"]


def _after_melee(gs: GameState, ctx, target: int, hit: dict | None = None) -> None:
    """CBA-12: the charge bonuses cover one melee combat action against the charged target;
    CMB-15: a casualty lets the attacker take the free follow-up (the bodyguard that took the blow, TRT-BODYGUARD,
    when one did: `hit` is the attack's outcome)."""
    eff = gs.effects(ctx.actor)
    if eff.charge_target == target:
        gs.set_effects(ctx.actor, charge_target=None)
    casualty = (hit or {}).get("guard", target)
    if not gs.able(casualty) and gs.able(ctx.actor):
        gs.set_effects(ctx.actor, followup=True)
        gs.world.emit("followup_available", "CMB-15", who=ctx.actor, casualty=casualty)


def charge_allowance(gs: GameState, actor: int) -> float:
    """CBA-12: a charge moves up to MOV + 3 K, plus what the charger's traits add (TRT-BERSERKER), plus the boosts
    offered until its next move that must engage (TRT-THIRST-FOR-BLOOD: +2 K; a charge always ends engaged, and
    they cost nothing, so the charge takes them)."""
    return (float(gs.mov(actor) + 3) + traits.allowance_bonus(gs, actor, "charge")
            + sum(b.k for b in charge_boosts(gs, actor)))


def charge_boosts(gs: GameState, actor: int) -> list:
    """The free engage-again boosts a charge takes (TRT-THIRST-FOR-BLOOD, TRT-CRY-OF-BLOOD): must engage, no
    wounds, offered until the next move."""
    return [b for b in traits.move_boosts(gs, actor, "charge")
            if b.must_engage and not b.wounds and b.until_next_move is not None]


def optional_charge_boosts(gs: GameState, actor: int) -> list:
    """The boosts a charge may take by its ``boost`` parameter, at their price (TRT-FIRE-IN-THE-VEINS: +3 K for 1
    wound): every move boost offered for Cargar except the free engage-again ones (charge_boosts)."""
    free = charge_boosts(gs, actor)
    return [b for b in traits.move_boosts(gs, actor, "charge") if b not in free]


class _WeaponMelee(_WeaponPriced, Action):
    """A melee attack with one of the attacker's weapons at an enemy in base contact (CMB-11): weapon ENE, CH IMP
    AGI with the melee modifiers, melee DMG (MOD-1), a charge's DMG +1 (CBA-12). `firearm`: CBA-8's weapon of
    RNG > 0 (one round fired, a second CH IMP); otherwise CBA-7's RNG 0 weapon."""
    category = "combat"
    has_check = True
    is_attack = True
    firearm = False

    def candidates(self, gs, actor, space):
        for t in space.enemies():
            contact = gs.in_contact(actor, t)
            for i in space.weapons(ranged=self.firearm):
                if contact or in_reach(gs, actor, gs.weapon(actor, i), t):
                    yield Candidate(self.key, lambda i=i, t=t: {"target": t, "weapon": i},
                                    label=f"{gs.weapon(actor, i).name} at {gs.name(t)}")
                    for m, f in traits.fire_modes(gs.weapon(actor, i)).items():      # TRT-LONG-GRIP
                        if f.melee:
                            yield Candidate(self.key, lambda i=i, t=t, m=m: {"target": t, "weapon": i, "mode": m},
                                            label=f"{gs.weapon(actor, i).name} at {gs.name(t)} ({f.label})")
                    for k, st in traits.melee_stances(gs, actor).items():          # TRT-FENCING-MASTER
                        yield Candidate(self.key, lambda i=i, t=t, k=k: {"target": t, "weapon": i, "stance": k},
                                        label=f"{gs.weapon(actor, i).name} at {gs.name(t)} ({st.label})")
        for t in parked.enemy_parked(gs, actor):                      # MVA-17: a driverless enemy transport
            if gs.in_contact(actor, t):
                for i in space.weapons(ranged=self.firearm):          # an area weapon too (ARE-5)
                    yield Candidate(self.key, lambda i=i, t=t: {"target": t, "weapon": i},
                                    label=f"{gs.weapon(actor, i).name} at {riding.base_name(gs, t)}")

    def validate(self, gs, actor, params):
        flight_restrictions(gs, actor, self)                     # MOV-13
        if parked.is_parked(gs, params.get("target")):                # MVA-17: a driverless transport
            t = parked.need_parked(gs, actor, params["target"], self.rule)
            parked.check_melee(gs, actor, t, self.rule)
            idx, w = need_weapon(gs, actor, params, self.rule, ranged=self.firearm)
            if self.firearm:
                traits.check_weapon_ready(w)                      # e.g. an empty magazine (GNA-13)
            if params.get("mode") is not None or params.get("stance") is not None:
                raise RuleViolation(self.rule, "a driverless transport is struck with a plain melee attack")
            if w.area is not None:          # ARE-5: a melee area attack, its template centred on the transport
                kind = areas.area_kind(traits.weapon_area(w))[0]
                pa, pt = gs.pos(actor), gs.pos(t)
                return AttackPrep(t, idx, area=areas.AreaAim(idx, traits.weapon_area(w), kind, None, pt.x, pt.y,
                                                             pt.level, gs.distance(actor, t), pa.x, pa.y, melee=True,
                                                             parked=t))
            return AttackPrep(t, idx)
        t = reach_target(gs, actor, params, self.rule)
        idx, w = need_weapon(gs, actor, params, self.rule, ranged=self.firearm)
        if self.firearm:
            traits.check_weapon_ready(w)                          # e.g. an empty magazine (GNA-13)
        mode = chosen_fire_mode(w, params, melee=True)
        aim = None
        if w.area is not None:              # ARE-5: a melee area attack, its template centred on the target
            aim = with_area_mode(areas.aim_at_target(gs, actor, idx, w, t, melee=True), mode)
        return AttackPrep(t, idx, area=aim, fire_mode=mode, stance=chosen_stance(gs, actor, params))

    def resolve(self, gs, ctx, prepared):
        w = gs.weapon(ctx.actor, prepared.weapon_index)
        if parked.is_parked(gs, prepared.target):                     # MVA-17: a driverless enemy transport
            self._at_parked(gs, ctx, prepared, w)
            return
        bonus = 1 if traits.charge_bonus(gs, ctx.actor, prepared.target) else 0     # CBA-12 DMG +1
        if bonus:
            traits.charge_attack(gs, ctx.actor, w, prepared.target)          # TRT-CHARGE-WEAPON: DEF −2
        mode = prepared.fire_mode
        if mode is not None:                                  # a melee mode chosen before the CH IMP (TRT-LONG-GRIP)
            gs.world.emit("attack_mode", mode.rule, who=ctx.actor, weapon=w.name, mode=mode.label)
            bonus += mode.dmg_plus
            if mode.mark and mode.rule not in gs.effects(ctx.actor).spent:
                gs.set_effects(ctx.actor, spent=gs.effects(ctx.actor).spent + (mode.rule,))
        if self.firearm:
            fired = traits.weapon_fired(w)           # it is fired: one round (TRT-MAGAZINES)
            if fired is not w:
                gs.set_weapon(ctx.actor, prepared.weapon_index, fired)
        if prepared.area is None:                             # an area's own resolution records its noise
            emit_noise(gs, ctx.actor, weapon_noise(w), "ENV-6", action=self.key, weapon=w.name)   # noisy melee
        plus, imp = taken_stance(gs, ctx, prepared)           # TRT-FENCING-MASTER
        bonus += plus
        second = self.firearm and traits.counts_as_melee(w) is None        # TRT-SHORT-WEAPON: no second CH IMP
        if prepared.area is not None:                         # ARE-5: a melee area attack
            if mode is not None and mode.area is not None:
                bonus -= mode.dmg_plus                        # an area mode's DMG is in the aim (with_area_mode)
            areas.resolve_area_attack(gs, ctx, prepared.area, dmg_bonus=bonus, extra_imp=imp,
                                      second_imp=self.rule if second else None)
            _after_melee(gs, ctx, prepared.target)
            return
        hit = resolve_attack(gs, ctx, ctx.actor, prepared.target, weapon_index=prepared.weapon_index, ranged=False,
                             dmg_bonus=bonus, second_imp=self.rule if second else None, extra_imp=imp)
        _after_melee(gs, ctx, prepared.target, hit)


    def _at_parked(self, gs, ctx, prepared, w) -> None:
        """MVA-17: a melee attack on a driverless enemy transport (rules.parked): a charge at it gives CH IMP +1 and
        DMG +1 (CBA-12); CBA-8's firearm fires one round and needs the second CH IMP."""
        t = prepared.target
        charged = gs.effects(ctx.actor).charge_target == t
        if self.firearm:
            fired = traits.weapon_fired(w)           # it is fired: one round (TRT-MAGAZINES)
            if fired is not w:
                gs.set_weapon(ctx.actor, prepared.weapon_index, fired)
        extra = [Modifier("CBA-12", 1, "charge")] if charged else None
        second = self.rule if self.firearm and traits.counts_as_melee(w) is None else None
        if prepared.area is not None:                                 # ARE-5: a melee area attack at it
            areas.resolve_area_attack(gs, ctx, prepared.area, dmg_bonus=1 if charged else 0, extra_imp=extra,
                                      second_imp=second)
        else:
            emit_noise(gs, ctx.actor, weapon_noise(w), "ENV-6", action=self.key, weapon=w.name)
            parked.attack(gs, ctx, ctx.actor, t, prepared.weapon_index, ranged=False, dmg_bonus=1 if charged else 0,
                          extra_imp=extra, second_imp=second)
        if charged:
            gs.set_effects(ctx.actor, charge_target=None)


@register
class MeleeAttack(_WeaponMelee):
    """CBA-7: Ataque CaC (weapon ENE, CH IMP AGI; DMG = weapon DMG + CON − 4 − wounds, min 1)."""
    key = "melee_attack"
    rule = "CBA-7"

    params = (Param("target", "enemy", "CBA-7: an enemy in base contact (CMB-11)"),
              Param("weapon", "weapon", "CBA-7: the index of a melee (RNG 0) weapon"),
              Param("mode", "choice", "a melee mode of the weapon's traits for this attack: the trait ID "
                    "(TRT-LONG-GRIP)", optional=True),
              Param("stance", "choice", "a melee choice of the attacker's traits for this attack (TRT-FENCING-MASTER: "
                    "fencing_imp, fencing_dmg)", optional=True))


@register
class MeleeAttackFirearm(_WeaponMelee):
    """CBA-8: Ataque CaC con arma de disparo (weapon ENE, CH IMP AGI): as Ataque CaC (CBA-7) with a weapon of
    RNG > 0 against an engaged enemy in base contact, but after a passed CH IMP (even a critical) a second CH IMP
    with the same target value must pass too, else it misses; DMG by the melee formula with this weapon's DMG
    (MOD-1); a 10 on either roll has the CH IMP fumble's effects (CMB-8)."""
    key = "melee_attack_firearm"
    rule = "CBA-8"
    firearm = True

    params = (Param("target", "enemy", "CBA-8: an enemy in base contact (CMB-11)"),
              Param("weapon", "weapon", "CBA-8: the index of a ranged (RNG > 0) weapon used in melee"),
              Param("mode", "choice", "a melee mode of the weapon's traits for this attack: the trait ID "
                    "(TRT-LONG-GRIP)", optional=True),
              Param("stance", "choice", "a melee choice of the attacker's traits for this attack (TRT-FENCING-MASTER: "
                    "fencing_imp, fencing_dmg)", optional=True))

    def utility(self, gs: GameState, actor: int, target: int, params: dict) -> float:
        """For the scripted AI: the melee odds with this weapon times the second CH IMP's pass chance (CBA-8)."""
        st = traits.melee_stances(gs, actor).get(params.get("stance"))          # TRT-FENCING-MASTER
        odds = attack_odds(gs, actor, target, weapon_index=params["weapon"], ranged=False,
                           dmg_bonus=st.dmg_plus if st is not None else 0, extra_imp=st.imp_mods() if st else ())
        second = p_pass(odds.imp_target) if traits.counts_as_melee(gs.weapon(actor, params["weapon"])) is None else 1
        return float((odds.expected_wounds + 2 * odds.p_incapacitate) * second)


@register
class UnarmedAttack(Action):
    """CBA-10: Ataque CaC sin armas (1, AGI): DMG CON − 4 − wounds (min 1); at most 1 wound, 2 on a critical."""
    key = "unarmed_attack"
    rule = "CBA-10"
    category = "combat"
    has_check = True
    is_attack = True

    params = (Param("target", "enemy", "CBA-10: an enemy in base contact (CMB-11)"),
              Param("stance", "choice", "a melee choice of the attacker's traits for this attack (TRT-FENCING-MASTER: "
                    "fencing_imp, fencing_dmg)", optional=True))

    def candidates(self, gs, actor, space):
        for t in space.enemies():
            if gs.in_contact(actor, t):
                yield Candidate(self.key, lambda t=t: {"target": t}, label=gs.name(t))
                for k, st in traits.melee_stances(gs, actor).items():          # TRT-FENCING-MASTER
                    yield Candidate(self.key, lambda t=t, k=k: {"target": t, "stance": k},
                                    label=f"{gs.name(t)} ({st.label})")

    def validate(self, gs, actor, params):
        return AttackPrep(melee_target(gs, actor, params, self.rule), None, stance=chosen_stance(gs, actor, params))

    def cost(self, gs, actor, params, prepared):
        return 1

    def resolve(self, gs, ctx, prepared):
        bonus = 1 if traits.charge_bonus(gs, ctx.actor, prepared.target) else 0
        plus, imp = taken_stance(gs, ctx, prepared)           # TRT-FENCING-MASTER
        hit = resolve_attack(gs, ctx, ctx.actor, prepared.target, weapon_index=None, ranged=False, unarmed=True,
                             dmg_bonus=bonus + plus, extra_imp=imp)
        _after_melee(gs, ctx, prepared.target, hit)


def charge_fallback(gs: GameState, actor: int, target: int, allowance: float) -> MovePrep | None:
    """CBA-12 ruling (3): if a reaction (e.g. Huir) put the target out of reach, the charger moves its full
    allowance towards it, stopping 1 K short of every enemy (MOV-14), is not engaged and loses the bonuses.
    Returns the prepared move (MovePrep) or None if no such move is legal."""
    pa, pt = gs.pos(actor), gs.pos(target)
    d = math.hypot(pt.x - pa.x, pt.y - pa.y)
    if d <= 1e-9:
        return None
    ux, uy = (pt.x - pa.x) / d, (pt.y - pa.y) / d
    reach = min(allowance, d - gs.body(actor).radius - gs.body(target).radius - 1.0 - 1e-3)
    for k in range(8):
        s = reach * (1.0 - k / 8)
        if s <= 1e-3:
            break
        goal = [[round(pa.x + ux * s, 4), round(pa.y + uy * s, 4)]]
        try:
            prep = prepare_path(gs, actor, {"path": goal}, "CBA-12", allowance, keep_engaged=False)
        except RuleViolation:
            continue
        if any(c in gs.enemies(actor) for c in prep.contacts):
            continue
        return prep
    return None


@register
class Charge(Boostable, Action):
    """CBA-12: Cargar (2 + terrain): target in FOV and LOS; move at least 2 K and up to MOV + 3 K into base
    contact; the next melee action against it has CH IMP +1 and DMG +1. A boost taken by choice adds its K
    (TRT-FIRE-IN-THE-VEINS: +3 K for 1 wound; the free engage-again ones are in charge_allowance). TRT-NEGATE (MOV):
    a target cancelling MOV cannot be charged (the charge's move would cover 0 K)."""
    key = "charge"
    rule = "CBA-12"
    category = "combat"
    moves = True
    is_attack = True

    params = (Param("target", "enemy", "CBA-12: the enemy charged (in FOV and LOS)"),
              Param("path", "path", "MOV-3: waypoints [[x, y], ...] up to the allowance (the start is the base)"),
              Param("end_facing", "facing", "MOV-5: the facing at the end of the move (default: along the last leg)", optional=True),
              Param("boost", "choice", "a trait's optional extra K for this charge (the trait ID: "
                    "TRT-FIRE-IN-THE-VEINS, +3 K and 1 wound)", optional=True))

    def candidates(self, gs, actor, space):
        """For each enemy: a path (planned around terrain) to its base-contact point, facing it first; then, for
        each boost a trait offers, the same with the boost where the plain charge does not reach."""
        reach = charge_allowance(gs, actor)
        for t in space.enemies():
            def make(t=t):
                path = space.path_to(space.contact_point(t), reach)
                return None if path is None else {"target": t, "path": path}
            # MOV-3, CMB-11: a target beyond the reach in a straight line is refused whatever path is built
            yield Candidate(self.key, make, None if space.reaction else space.facing_to(t), gs.name(t),
                            refused=lambda t=t: space.beyond_reach(t, reach) or self.target_refused(gs, actor, t))
        for t in parked.enemy_parked(gs, actor):                  # MVA-17: a driverless enemy transport
            def make_parked(t=t):
                path = space.path_to(space.contact_point(t), reach)
                return None if path is None else {"target": t, "path": path}
            yield Candidate(self.key, make_parked, None if space.reaction else space.facing_to(t),
                            riding.base_name(gs, t))
        for b in self.offered_boosts(gs, actor):
            for t in space.enemies():
                def boosted(t=t, b=b):
                    goal = space.contact_point(t)
                    plain = space.path_to(goal, reach)
                    if plain and math.hypot(plain[-1][0] - goal[0], plain[-1][1] - goal[1]) <= 1e-3:
                        return None                     # the plain charge reaches: no boost for nothing
                    path = space.path_to(goal, reach + b.k)
                    return None if path is None else {"target": t, "path": path, "boost": b.rule}
                yield Candidate(self.key, boosted, None if space.reaction else space.facing_to(t),
                                f"{gs.name(t)} ({b.label})", refused=lambda t=t, b=b: space.beyond_reach(t, reach + b.k)
                                or self.target_refused(gs, actor, t))

    def offered_boosts(self, gs, actor) -> list:
        """The boosts a charge takes by choice (TRT-FIRE-IN-THE-VEINS): the free engage-again ones are in its
        allowance already (charge_boosts)."""
        return optional_charge_boosts(gs, actor)

    def available(self, gs, actor):
        can_move(gs, actor)
        if gs.engaged(actor):
            raise RuleViolation("CBA-12", f"{gs.name(actor)} is engaged and cannot charge")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        if parked.is_parked(gs, params.get("target")):                # MVA-17: a driverless enemy transport
            t = parked.need_parked(gs, actor, params["target"], self.rule)
            prep = self._charge_path(gs, actor, params)
            parked.check_charge(gs, actor, t, prep.path[-1])
            return (t, prep)
        t = self._target(gs, actor, params)
        if not gs.in_fov(actor, t):
            raise RuleViolation("ENV-1", f"{gs.name(t)} is not in {gs.name(actor)}'s field of view")
        if not gs.has_los(actor, t):
            raise RuleViolation("ENV-2", f"no line of sight to {gs.name(t)}")
        prep = self._charge_path(gs, actor, params)
        if t not in prep.contacts:
            raise RuleViolation("CBA-12", f"the charge must end in base contact with {gs.name(t)}")
        return (t, prep)

    def _target(self, gs, actor, params) -> int:
        """CBA-12: the charged enemy (`need_target`: on the table, an enemy, at the actor's level, MOV-11, not hidden
        from it, GNA-9), not one that cancels MOV (TRT-NEGATE: the charge's move would cover 0 K)."""
        t = need_target(gs, actor, params, self.rule)
        traits.check_negated(gs, actor, t, "MOV", "charge")
        return t

    def target_refused(self, gs, actor, t: int) -> bool:
        """CBA-12, MOV-11, GNA-9, TRT-NEGATE, ENV-2 (issue 20): True when `validate` surely refuses a charge at the
        enemy character `t` whatever its path, boost and facing: its target checks (`_target`) refuse it, or no
        line of sight runs from the actor's eye to it (the eye does not turn with the facing). Asked before a path
        is planned (the candidates' `refused`, the scripted AI's charges); False says nothing (FOV after the turn,
        the path, ENE are still judged). A driverless transport (MVA-17) is judged by its own rules: never answered."""
        if parked.is_parked(gs, t):
            return False
        try:
            self._target(gs, actor, {"target": t})
        except RuleViolation:
            return True
        return not gs.has_los(actor, t)

    def _charge_path(self, gs, actor, params) -> MovePrep:
        """CBA-12: the charge's path, up to its allowance (with a boost chosen), at least 2 K."""
        reach = self.boosted_reach(gs, actor, params, charge_allowance(gs, actor))   # TRT-FIRE-IN-THE-VEINS
        prep = prepare_path(gs, actor, params, self.rule, reach, keep_engaged=False)
        if prep.length < 2.0 - 1e-9:
            raise RuleViolation("CBA-12", f"a charge moves at least 2 K (path {prep.length:.2f} K): use Mover")
        return prep

    def cost(self, gs, actor, params, prepared):
        return 2 + prepared[1].surcharge

    def resolve(self, gs, ctx, prepared):
        t, prep = prepared
        apply_move(gs, ctx, prep, self.rule)
        self._pay_boost(gs, ctx)                # TRT-FIRE-IN-THE-VEINS's wound; the engage-again marks lapse
        gs.set_effects(ctx.actor, charge_target=t)
        gs.world.emit("charged", "CBA-12", who=ctx.actor, target=t)


@register
class Disengage(Action):
    """CBA-15: Destrabarse (2 + terrain, [PSI]): move away up to 2 K out of contact; free if its side
    outnumbers the enemy side in that melee, else CH PSI: fail → the nearest enemy attacks free (CH IMP +1)."""
    key = "disengage"
    rule = "CBA-15"
    category = "combat"
    moves = True

    params = (Param("path", "path", "MOV-3: waypoints [[x, y], ...] up to the allowance (the start is the base)"), Param("end_facing", "facing", "MOV-5: the facing at the end of the move (default: along the last leg)", optional=True))

    def candidates(self, gs, actor, space):
        return space.paths(self.key, 2.0)

    def refusal(self, gs, actor):
        """CBA-15: `available` without raising (issue 20): its usual refusal tested first."""
        return "CBA-15" if not gs.engaged(actor) else super().refusal(gs, actor)

    def available(self, gs, actor):
        if not gs.engaged(actor):
            raise RuleViolation("CBA-15", f"{gs.name(actor)} is not engaged")
        can_move(gs, actor)

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        prep = prepare_path(gs, actor, params, self.rule, 2.0, keep_engaged=False)
        enemies_at_end = [c for c in prep.contacts if c in gs.enemies(actor)]
        if enemies_at_end:
            raise RuleViolation("CBA-15", "Disengage (Destrabarse) must end out of base contact with every enemy")
        return prep

    def cost(self, gs, actor, params, prepared):
        return 2 + prepared.surcharge

    def resolve(self, gs, ctx, prepared):
        e = ctx.actor
        group = gs.melee_group(e)
        mine = sum(1 for m in group if gs.side(m) == gs.side(e) and gs.able(m))
        theirs = sum(1 for m in group if gs.side(m) != gs.side(e) and gs.able(m))
        if mine > theirs:
            gs.world.emit("disengage_free", "CBA-15", who=e, mine=mine, theirs=theirs)
        else:
            r = psi_check(gs, ctx, e, source=None, reason="disengage", rule="CBA-15")
            ctx.failed = False          # CBA-15 ruling (4): the free attack replaces "the action fails"
            if not r.passed:
                engaged = gs.engaged_enemies(e)
                if engaged:
                    enemy = min(engaged, key=lambda o: (gs.distance(e, o), o))
                    free_attack(gs, enemy, e)
        if gs.able(e):
            apply_move(gs, ctx, prepared, self.rule)


def free_attack(gs: GameState, attacker: int, target: int) -> None:
    """CBA-15 ruling (2): an Ataque CaC with the attacker's melee weapon (CBA-10 unarmed if none), ENE 0,
    CH IMP +1, no reaction CH VOL."""
    weapons = gs.equipment(attacker).weapons
    melee = [i for i, w in enumerate(weapons) if not w.ranged and not w.disabled]
    ctx = ActionContext(attacker, "free_attack", {})
    gs.world.emit("free_attack", "CBA-15", attacker=attacker, target=target)
    extra = [Modifier("CBA-15", 1, "free attack on a failed disengage")]
    if melee:
        best = max(melee, key=lambda i: (weapons[i].current_dmg, -i))
        resolve_attack(gs, ctx, attacker, target, weapon_index=best, ranged=False, extra_imp=extra)
    else:
        resolve_attack(gs, ctx, attacker, target, weapon_index=None, ranged=False, unarmed=True, extra_imp=extra)


@register
class FollowUp(Action):
    """CMB-15: after its target becomes a casualty the attacker may, for free and at once, move up to 1 K
    into contact with an enemy within 1 K that is not engaged (mode 'engage'), or up to 1 K away ending no
    closer to any enemy (mode 'step_away'). Not an action: no ENE, no reaction window."""
    key = "followup"
    rule = "CMB-15"
    category = "free"
    free = True

    params = (Param("mode", "choice", "CMB-15: 'engage' an enemy within 1 K or 'step_away'",
                    choices=("engage", "step_away")),
              Param("target", "enemy", "CMB-15: with 'engage', the enemy moved into contact", optional=True),
              Param("path", "path", "MOV-3: waypoints [[x, y], ...] up to the allowance (the start is the base)"))

    def candidates(self, gs, actor, space):
        for t in space.enemies():
            if gs.distance(actor, t) <= 1.0 + 1e-9:
                def make(t=t):
                    path = space.path_to(space.contact_point(t), 1.0)
                    return None if path is None else {"mode": "engage", "target": t, "path": path}
                yield Candidate(self.key, make, label=f"engage {gs.name(t)}")
        yield from space.paths(self.key, 1.0, extra={"mode": "step_away"})

    def available(self, gs, actor):
        if not gs.effects(actor).followup:
            raise RuleViolation("CMB-15", "no casualty was just caused: no follow-up available")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        mode = need(params, "mode", self.rule, str)
        if mode == "engage":
            t = need_target(gs, actor, params, self.rule)
            if gs.engaged(t):
                raise RuleViolation("CMB-15", f"{gs.name(t)} is already engaged")
            if gs.distance(actor, t) > 1.0 + 1e-9:
                raise RuleViolation("CMB-15", f"{gs.name(t)} is more than 1 K away")
            prep = prepare_path(gs, actor, params, self.rule, 1.0, keep_engaged=False, exempt_enemies=(t,))
            if t not in prep.contacts:
                raise RuleViolation("CMB-15", f"the follow-up must end in contact with {gs.name(t)}")
            return prep
        if mode == "step_away":
            prep = prepare_path(gs, actor, params, self.rule, 1.0, keep_engaged=False)
            end = prep.path[-1]
            import math
            for o in gs.enemies(actor):
                p = gs.pos(o)
                p0 = gs.pos(actor)
                if math.hypot(p.x - end[0], p.y - end[1]) < math.hypot(p.x - p0.x, p.y - p0.y) - 1e-9:
                    raise RuleViolation("CMB-15", f"stepping away may not end closer to {gs.name(o)}")
            return prep
        raise RuleViolation("CMB-15", "mode must be 'engage' or 'step_away'")

    def cost(self, gs, actor, params, prepared):
        return 0

    def resolve(self, gs, ctx, prepared):
        gs.set_effects(ctx.actor, followup=False)
        apply_move(gs, ctx, prepared, self.rule)
