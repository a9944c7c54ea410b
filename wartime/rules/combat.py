"""Combat resolution: CH IMP, cover, CH DEF, damage and wounds (CMB-1..12, CMB-17, CMB-18, MOD-1)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from wartime.core.components import Surprise
from wartime.rules.area_effects import AreaEffect, add_effect
from wartime.rules.checks import CheckResult, Modifier, opposed_winner, percent, roll_check
from wartime.rules.context import ActionContext
from wartime.rules.cover_check import cover_mods
from wartime.rules.energy import ENERGY_CAP
from wartime.rules.item_use import protection_def_lost
from wartime.rules.traits.kinds import weapon_opposed_mods
from wartime.rules.modifiers import attack_mods, opposed, roll_character_check
from wartime.rules.psychology import add_stress, psi_check
from wartime.rules.reactions import counter_charge_mods
from wartime.rules.state import GameState
from wartime.rules.stress_hits import resolve_stress_hit
from wartime.rules import bodyguard, fortune, parked_hits, riding, scattered_shots, traits, wounds
from wartime.rules.wounds import (apply_wounds, heal_wounds, wound_best_protection, wound_weapon,  # noqa: F401
                                  wounds_after_def)
from wartime.rules.area_cover import area_dmg, covered_minis
from wartime.geometry.templates import round_template


def melee_damage(weapon_dmg: int, con: int, wounds: int) -> int:
    """MOD-1 / CMB-12: weapon DMG + CON − 4 − wounds suffered, minimum 1."""
    return max(1, weapon_dmg + con - 4 - wounds)


def attack_dmg(gs, attacker: int, target: int, natural: int | None, weapon, ranged: bool, unarmed: bool,
               base_dmg: int | None) -> int:
    """The DMG of an attack's hit before its ± terms (CMB-4): a natural weapon's (TRT-CLAWS-AND-TEETH), an unarmed
    blow's (CBA-10: MOD-1 with DMG 0, TRT-MULE's CON), a thrown or improvised thing's (CBA-6: its own DMG, no CON
    bonus; CBA-9: MOD-1 on its base DMG), a ranged weapon's current DMG (WND-6), a melee weapon's MOD-1. TRT-NEGATE
    (DMG, CON) on the target: the attacker's weapon DMG or CON counts 0 (traits.seen_attribute)."""
    if natural is not None:
        return natural
    con = traits.seen_attribute(gs, attacker, target, "CON", traits.strength(gs, attacker))
    if unarmed:
        return melee_damage(0, con, gs.wounds(attacker))
    if base_dmg is not None:
        own = traits.seen_attribute(gs, attacker, target, "DMG", base_dmg)
        return own if ranged else melee_damage(own, con, gs.wounds(attacker))
    own = traits.seen_attribute(gs, attacker, target, "DMG", weapon.current_dmg)
    return own if ranged else melee_damage(own, con, gs.wounds(attacker))


@dataclass
class Cover:
    """CMB-17 / CMB-18 inputs measured from the attacker's eye (ENV-2)."""
    blocked: int = 0
    piece_def: int = 0
    piece_id: str | None = None       # the terrain piece that blocks the most samples (CMB-18)

    @property
    def hidden_fraction(self) -> float:
        return self.blocked / 25.0

    @property
    def over_half(self) -> bool:
        """CMB-17: more than 50 % hidden = at least 13 of 25 samples blocked."""
        return self.blocked >= 13

    @property
    def full(self) -> bool:
        """CMB-18: all 25 samples blocked."""
        return self.blocked >= 25


def resolve_hit(gs: GameState, ctx: ActionContext | None, attacker: int | None, target: int, dmg: int, *,
                melee: bool, cover: Cover | None = None, automatic: bool = False,
                max_wounds: int | None = None, def_mods: list[Modifier] | None = None, rule: str = "CMB-3",
                def_malus: int = 0, terms: traits.CombatTerms = traits.NO_TERMS, psi: bool = True) -> int:
    """The target's side of a hit: cover check (CMB-18), CH DEF (CMB-3) with cover +2 (CMB-17), criticals
    (CMB-7) and fumbles (CMB-9), wounds (CMB-4), then CH PSI for a wounded target (CMB-5 / PSI-1).
    `def_malus` lowers the target's total DEF for this hit, minimum 0 (CBA-11 ruling 3: DEF −2). `terms` are the
    traits' numbers of the attack (traits.combat_terms): ± DEF, CH DEF modifiers, and DMG in CMB-4's order (the
    final DMG is known once the CH DEF is rolled: its fumble's +1 is one of the ± terms).
    `psi` False leaves the wounded target's CH PSI to the caller (TRT-EXPLOSIVE-AMMO: one after both hits).
    Returns the wounds dealt. A match played under a peer combat system (gs.combat) hands the hit to it."""
    if gs.combat is not None:
        return gs.combat.resolve_hit(gs, ctx, attacker, target, dmg, melee=melee, cover=cover, automatic=automatic,
                                     max_wounds=max_wounds, rule=rule, def_malus=def_malus)
    world = gs.world
    if terms.no_cover is not None:
        cover = None                                   # TRT-SEEKER-AMMO: no cover check, no cover CH DEF +2
    defense = max(0, gs.total_def(target) - def_malus + terms.def_plus)
    mods = list(def_mods or []) + list(terms.def_check)
    behind = cover_mods(world, target, cover)          # CMB-18: the cover's own CH DEF first; CMB-17 / CMB-18: +2
    if behind is None:
        return 0
    mods += behind
    if cover is not None and cover.over_half:
        defense += traits.cover_def_bonus(gs, target)                    # hook cover_def (TRT-SHADOW)
    if not melee and not automatic and traits.shield_stops(gs, target, terms.shield_halved):   # TRT-ENERGY-SHIELD
        return 0
    defense = max(0, defense - protection_def_lost(gs, ctx, target, rule))   # Prueba de ..., Neuropsico worn
    info = dict(hidden_fraction=None if cover is None else cover.hidden_fraction,
                cover=None if cover is None else {"samples_blocked": cover.blocked, "samples": 25,
                                                  "piece": cover.piece_id},
                fumble_min=traits.fumble_floor(gs, target))                # TRT-UNLUCKY
    always = traits.always_passes(gs, target, None, "DEF")                  # TRT-IMMORTAL-KING
    crit = traits.always_critical(gs, target, None, "DEF")                  # TRT-GOD-OF-STEEL
    d = roll_check(world, target, "DEF", None, defense, mods, rule, "CH DEF", always_pass=always,
                   always_critical=crit, **info)
    traits.got_hit(gs, target)                                       # hook effect_hit (TRT-MAGIC-SLEEP wakes)
    if not d.passed and terms.no_def_reroll is None:                       # TRT-LIFE-OR-DEATH-AMMO denies it
        via = traits.reroll_source(gs, target, None, "DEF")                 # G2 (TRT-ELITE-ARMOURED)
        if via is not None and traits.rerolls(via[1], d):
            traits.reroll_taken(gs, target, via[0])
            d = roll_check(world, target, "DEF", None, defense, mods, rule, "CH DEF", reroll=via[0], **info)
    elif d.passed and not d.critical and terms.forced_def_reroll is not None:
        # TRT-EXCEPTIONAL-AMMO: a passed non-critical first CH DEF is rerolled and the second result stands
        d = roll_check(world, target, "DEF", None, defense, mods, rule, "CH DEF", reroll=terms.forced_def_reroll,
                       always_pass=always, **info)
    d = confirm_def(gs, target, d, defense, mods, rule, info)                    # hook def_confirm
    for second in (False, True):
        if d.critical:
            world.emit("defence_critical", "CMB-7", who=target, wounds=0)
            if melee and not automatic and attacker is not None and gs.able(attacker):
                rip = traits.riposte_dmg(gs, target)                     # hook riposte_dmg (TRT-SPIKES)
                world.emit("automatic_hit", "CMB-7", who=attacker, dmg=rip)
                resolve_hit(gs, ctx, None, attacker, rip, melee=False, automatic=True, rule="CMB-7")
            return 0
        if d.fumble:
            dmg += 1
            world.emit("defence_fumble", "CMB-9", who=target, dmg=terms.dmg(dmg))
            wound_best_protection(gs, target, "CMB-9", by=attacker)        # TRT-NEGATE (QUA) by the attacker
        if d.passed or second or terms.second_def is None:
            break
        # CMB-3 ruling: a second CH DEF after a failed one (TRT-SEVEN-LIVES): a new check (the first one's fumble
        # kept its effects) with its DEF as the target and, on a pass, the DEF subtracted; it may be rerolled
        rule2, defense = terms.second_defense(defense)
        d = roll_check(world, target, "DEF", None, defense, mods, rule2, "second CH DEF", **info)
        if not d.passed and terms.no_def_reroll is None:
            via = traits.reroll_source(gs, target, None, "DEF")
            if via is not None and traits.rerolls(via[1], d):
                traits.reroll_taken(gs, target, via[0])
                d = roll_check(world, target, "DEF", None, defense, mods, rule2, "second CH DEF", reroll=via[0],
                               **info)
        d = confirm_def(gs, target, d, defense, mods, rule2, info)
    dmg = terms.dmg(dmg)                                            # CMB-4 steps 2-4 with the traits' terms
    if terms.coin is not None and percent(world, 50, terms.coin, "DMG 0", who=attacker):    # TRT-PADRON-PEPPER: step 4
        dmg = 0

    def dealt(k: int) -> int:             # the wounds DMG k deals this hit (TRT-FORTUNE's DMG +1 asks it too)
        k = terms.wounds(k, defense, d.passed)                       # CMB-4 wound stage (Larga vida, ...)
        return k if max_wounds is None else min(k, max_wounds)
    n = dealt(dmg)
    dmg, n = fortune.hit_dmg(gs, attacker, target, dmg, n, dealt)          # TRT-FORTUNE: DMG +1 on its hit
    if n > 0 and terms.lucky is not None:
        luck = world.dice.d10()                                      # TRT-LUCKY: on a 1 the hit is ignored
        cancelled = {}
        if fortune.die_cancelled(gs, target, "luck", luck, foe=attacker, unwanted=luck != 1, wounds=n):
            cancelled, luck = {"cancelled": luck}, world.dice.d10()  # TRT-FORTUNE: 'anular dado', rolled again
        world.emit("luck_roll", terms.lucky, who=target, die=luck, ignored=luck == 1, wounds=n, **cancelled)
        if luck == 1:
            n = 0
    if n > 0:
        n = fortune.ignore_damage(gs, target, attacker, n)                # TRT-FORTUNE: ignore the damage
    if n > 0:
        n = traits.absorb_wounds(gs, target, n)                      # hook wound_absorb (TRT-LEATHERY-SHIELD)
    world.emit("damage", "CMB-4", target=target, dmg=dmg, defense=defense, def_passed=d.passed, wounds=n)
    if n > 0 and riding.wound_transport(gs, ctx, target, n, attacker, resolve_hit, dmg):
        return n                                        # WND-4 / WND-5: the transport takes the hit's wounds
    if n > 0:
        state = apply_wounds(gs, target, n, source=attacker, rule="CMB-4", blast=False)   # its blast below
        for rule, hits in traits.wounded_splash(gs, target):             # hook wounded_splash (TRT-ACID-BLOOD)
            for who, k in hits:
                if gs.on_table(who):
                    apply_wounds(gs, who, k, source=target, rule=rule)
        for rule, hits in traits.wounded_stress(gs, target):             # hook wounded_stress (TRT-SAIKIKKU)
            for who, k in hits:
                if gs.on_table(who):
                    add_stress(gs, ctx, who, k, rule, source=target)
        if state == "dead" and terms.final_kill is not None:            # hook final_kill (TRT-FINISHER)
            gs.set_effects(target, spent=gs.effects(target).spent + (terms.final_kill,))
            world.emit("finished", terms.final_kill, who=target)
        traits.got_wounded(gs, target, attacker, melee, state)          # hook got_wounded (TRT-WRATH)
        if state == "dead":
            for rule, blast in traits.death_blasts(gs, target):          # hook death_blast (TRT-LIVING-BOMB)
                death_blast(gs, ctx, target, rule, *blast)
            for rule, blast in traits.death_explosions(gs, target, dmg):    # hook death_explosion (TRT-FLAMMABLE)
                death_blast(gs, ctx, target, rule, *blast)
        if attacker is not None and gs.able(attacker):
            traits.wounded_someone(gs, attacker, target, melee)              # hook wounded_someone (TRT-SANGUINARY)
            for rule, ene in traits.wounding_ene(gs, attacker):             # hook wounding_ene (TRT-PSYCHOPATH)
                gs.set_energy(attacker, min(ENERGY_CAP, gs.energy(attacker) + ene), rule, "wounded someone")
        if state == "dead" and attacker is not None and gs.on_table(attacker):
            traits.killed_someone(gs, attacker, target, melee)      # killed_someone (TRT-THIRST-FOR-BLOOD)
            for rule, healed in traits.kill_heal(gs, attacker, target, melee):     # hook kill_heal (TRT-SOUL-EATER)
                heal_wounds(gs, attacker, healed, rule)
            for rule, who in traits.kill_psi(gs, attacker, target, melee):  # hook kill_psi (TRT-FATALITY)
                for o in who:
                    if gs.able(o):
                        psi_check(gs, ctx, o, source=attacker, reason="kill", rule=rule)
        if psi and state == "active" and not gs.unconscious(target):
            # CMB-5 / PSI-1: one CH PSI per wounding attack, unless it left the target incapacitated or dead.
            psi_check(gs, ctx, target, source=attacker, reason="wounded", rule="CMB-5")
        if attacker is not None and (ctx is None or ctx.key != REPLY):
            proud = traits.wounded_reply(gs, target, attacker, melee)       # hook wounded_reply (TRT-PROUD)
            if (proud is not None and gs.able(target) and not gs.psyche(target).panic and gs.on_table(attacker)
                    and gs.in_contact(target, attacker)):
                reply_attack(gs, target, attacker, proud)
            if (state == "dead" and gs.able(attacker) and not gs.psyche(target).panic
                    and gs.in_contact(target, attacker)):
                avenger = traits.death_reply(gs, target, attacker, melee)     # TRT-CRY-OF-VENGEANCE
                if avenger is not None:
                    reply_attack(gs, target, attacker, avenger)
    return n


def place_hit_areas(gs: GameState, attacker: int, target: int, weapon, ranged: bool) -> None:
    """The areas a hit leaves where its target stands (hook point ``hit_area``; TRT-RADIOACTIVE-AMMO): an R template
    centred on the target at its level, owned by the attacker (rules.area_effects; rules.areas hits who starts in
    it or enters it)."""
    if weapon is None:
        return
    for a in traits.hit_areas(gs, attacker, target, weapon, ranged):
        p = gs.pos(target)
        add_effect(gs, AreaEffect(a.kind, a.code, float(p.x), float(p.y), 1.0, 0.0, int(p.level), attacker,
                                  weapon.name, a.dmg, rule=a.rule))


def contest_mods(gs: GameState, attacker: int, target: int, weapon=None) -> list[Modifier]:
    """TRT-MANIPULATOR ruling: before the CH IMP of a shot at it, the target whose trait allows it makes a CH VOL
    ENF against the shooter (free, no ENE, not a reaction; the engine makes it for its controller: losing costs
    nothing); won, the CH IMP has −1. The shooter's CH VOL ENF takes the shooting weapon's opposed-check traits too
    (TRT-COMBAT-RUNES on a weapon: G10, a weapon's trait works for the actions using it)."""
    rule = traits.ranged_contest(gs, target, attacker)
    if rule is None:
        return []
    winner, _ = opposed(gs, target, attacker, "VOL", rule, "CH VOL ENF against the shooter",
                        b_extra=weapon_opposed_mods(gs, attacker, weapon, "VOL"))
    return [Modifier(rule, -1, traits.display_name(rule))] if winner == "a" else []


#: The context key of a free reply attack (TRT-PROUD): a reply does not call another one.
REPLY = "reply_attack"


def reply_attack(gs: GameState, e: int, attacker: int, rule: str) -> None:
    """TRT-PROUD ruling: a free melee attack of `e` at `attacker` (ENE 0, no CH VOL, not a reaction) with its best
    melee weapon by DMG (CBA-10 unarmed if none); the engine makes it for the controller (it costs nothing). A
    reply's own wounds call no reply back (one free attack per wounding attack, not an exchange without end).
    TRT-CRY-OF-VENGEANCE: the same last blow of an ally just killed in melee, as it stands (its wounds count in
    MOD-1's DMG, minimum 1)."""
    weapons = gs.equipment(e).weapons
    melee = [i for i, w in enumerate(weapons) if not w.ranged and not w.disabled]
    ctx = ActionContext(e, REPLY, {})
    gs.world.emit("free_attack", rule, attacker=e, target=attacker)
    if melee:
        best = max(melee, key=lambda i: (weapons[i].current_dmg, -i))
        resolve_attack(gs, ctx, e, attacker, weapon_index=best, ranged=False)
    else:
        resolve_attack(gs, ctx, e, attacker, weapon_index=None, ranged=False, unarmed=True)


def death_blast(gs: GameState, ctx, e: int, rule: str, dmg: int, diameter: int, spare: bool = True) -> None:
    """TRT-LIVING-BOMB: a round area of `diameter` centred on the dead character's base: every mini it covers at its
    level takes a hit of DMG (ARE-5) or half of it partly covered (ARE-6), with its CH DEF, in id order. `spare`
    False: `e` itself (alive) is hit too (TRT-FLAMMABLE: its weapon explodes in its hands)."""
    p = gs.pos(e)
    covered = [(o, full) for o, full in covered_minis(gs, round_template(p.x, p.y, diameter), p.level, None)
               if o != e or not spare]
    gs.world.emit("death_blast", rule, who=e, dmg=dmg, diameter=diameter, at=[p.x, p.y], hit=[o for o, _ in covered])
    for o, full in covered:
        if gs.on_table(o) and dmg > 0:
            # a blast of no weapon is an explosion: it delivers explosive, an area's hit (rules.traits.substances:
            # TRT-ALLERGIC, TRT-INVULNERABLE, TRT-RESISTANCE; hooks substance_factor / substance_def)
            resolve_hit(gs, ctx, None, o, area_dmg(dmg, full), melee=False, rule=rule,
                        terms=traits.substance_terms(gs, o, "explosive", area=True))
    for t, full in parked_hits.covered(gs, round_template(p.x, p.y, diameter), p.level) if dmg > 0 else []:
        if riding.is_parked(gs, t):                        # MVA-17: a driverless transport in the blast
            gs.world.emit("hit", rule, attacker=None, target=t, dmg=area_dmg(dmg, full))
            riding.hit_parked(gs, ctx, t, area_dmg(dmg, full), None, resolve_hit)


wounds.DEATH_BLAST[:] = [death_blast]       # a death of no attack explodes too (rules.wounds.apply_wounds)


def double_hit(gs: GameState, ctx, attacker: int | None, target: int, hit: Callable[[bool], int], rule: str) -> int:
    """TRT-EXPLOSIVE-AMMO ruling: the hit strikes twice: `hit(psi)` resolves one in full (its own CH DEF, critical,
    fumble, second CH DEF, wound stage) and is called again while the target is on the table; the target makes one
    CH PSI after both (CMB-5) if they wounded it and left it active and conscious. Returns the wounds dealt."""
    n = hit(False)
    if gs.on_table(target):
        gs.world.emit("second_hit", rule, attacker=attacker, target=target)
        n += hit(False)
    if n > 0 and gs.able(target) and not gs.unconscious(target):
        psi_check(gs, ctx, target, source=attacker, reason="wounded", rule="CMB-5")
    return n


def confirm_def(gs: GameState, target: int, d: CheckResult, defense: int, mods: list, rule: str,
                info: dict) -> CheckResult:
    """A passed CH DEF the target's trait makes it roll again (hook def_confirm, TRT-PIRATE-SUPPLIER): the second
    result stands (not rerolled). Traits that always pass or always crit still apply to it."""
    if not d.passed:
        return d
    via = traits.def_confirmation(gs, target)
    if via is None:
        return d
    return roll_check(gs.world, target, "DEF", None, defense, mods, via, "CH DEF confirmed",
                      always_pass=traits.always_passes(gs, target, None, "DEF"),
                      always_critical=traits.always_critical(gs, target, None, "DEF"), **info)


def weapon_used(gs: GameState, ctx, e: int, weapon_index: int | None) -> None:
    """After an attack with a weapon: what its traits say one use costs (hook point ``weapon_used``): wounds to
    the user (no CH DEF, no CH PSI; TRT-HARMFUL), to the weapon (WND-6; TRT-DEFECTIVE); then stress to the user
    (hook point ``use_stress``, no check; TRT-EVIL)."""
    w = gs.weapon(e, weapon_index) if weapon_index is not None else None
    if w is None or not w.traits:
        return
    for wear in traits.weapon_wear(gs, e, w):
        for _ in range(wear.item_wounds):
            wound_weapon(gs, e, weapon_index, wear.rule)
        if wear.user_wounds and gs.on_table(e):
            apply_wounds(gs, e, wear.user_wounds, source=None, rule=wear.rule)
    for rule, n in traits.use_stress(gs, e, w):
        if gs.able(e):
            add_stress(gs, ctx, e, n, rule, source=None)


def resolve_attack(gs: GameState, ctx: ActionContext, attacker: int, target: int, *, weapon_index: int | None,
                   **kw) -> dict:
    """One attack (`_resolve_attack`, below), then what the use of its weapon costs (`weapon_used`:
    TRT-HARMFUL, ...)."""
    out = _resolve_attack(gs, ctx, attacker, target, weapon_index=weapon_index, **kw)
    weapon_used(gs, ctx, attacker, weapon_index)
    return out


def _resolve_attack(gs: GameState, ctx: ActionContext, attacker: int, target: int, *, weapon_index: int | None,
                    ranged: bool, cover: Cover | None = None, extra_imp: list[Modifier] | None = None,
                    dmg_bonus: int = 0, unarmed: bool = False, free_attack: bool = False,
                    base_dmg: int | None = None, on_hit: Callable[[CheckResult], None] | None = None,
                    second_imp: str | None = None, preset_imp: CheckResult | None = None,
                    def_malus: int = 0, scatter: str | None = None, landed_by: str | None = None) -> dict:
    """CMB-1: the attacker's CH IMP (CMB-2, an AGI check with the attack modifiers), then on a hit the
    target's side (resolve_hit). Criticals: CMB-6 (DMG +1, ignores cover); fumbles: CMB-8 (automatic
    DMG 1 hit on the attacker, the weapon gains 1 wound). Melee DMG by MOD-1; unarmed CBA-10. Reactions:
    Esquivar en CaC turns the CH IMP into a CH AGI ENF (CBA-17); Contracarga gives CH DEF +1 (CBA-13).
    `base_dmg` replaces the weapon's DMG (CBA-6 thrown things, CBA-9 improvised weapons: melee adds MOD-1's
    CON − 4 − wounds); `on_hit` replaces the damage after a hit (CBA-14, CBA-16, CBA-25, CBA-26: an opposed
    check instead of the CH DEF). CBA-11: a melee attack on the target of the attacker's declared Ataque
    sorpresa hits with no die (no critical, no fumble, no dodge) and the target's DEF is −2. `second_imp` (a rule
    ID, CBA-8: a firearm in melee): after a passed CH IMP, even a critical, a second CH IMP with the same target
    value must pass too (a 10 on it has the CH IMP fumble's effects); the critical's effects come from the
    first. `preset_imp`: a passed CH IMP already rolled for this attack (`volley_imp`: TRT-SWARM-WEAPON rolls every
    weapon's before any hit resolves), so no shot stop, contest or roll here; `def_malus` lowers the target's DEF
    for the hit (TRT-SWARM-WEAPON's net criticals; minimum 0). A match played under a peer combat system (gs.combat)
    hands the whole attack to it. `scatter` (TRT-INFINITE-RANGE, the rule the action found: a target outside the
    attacker's field of view, rules.scattered_shots.scatters): the shot scatters once its CH IMP passes: it hits
    whoever it lands on (no CBA-5 second CH IMP: the shot did not fly at the melee; a driverless transport:
    `scattered_parked_hit`; under a peer system characters only), or is lost. `landed_by` (the same rule):
    `target` is where a scattered shot aimed at a driverless transport landed, `preset_imp` its CH IMP
    (rules.parked.attack): no CBA-5 either."""
    if gs.combat is not None:
        weapon = gs.weapon(attacker, weapon_index) if weapon_index is not None else None
        stray = scatter if ranged and on_hit is None else None
        if stray is not None:
            # TRT-INFINITE-RANGE under a peer system: its roll is its own, so the shot scatters first and the system
            # resolves the attack on whoever it lands on (or it is lost)
            landed = scattered_shots.scatter_shot(gs, attacker, target, stray, weapon=weapon.name)
            if landed is None:
                return {"hit": False, "wounds": 0, "critical": False, "fumble": False}
            if landed != target and cover is not None:
                c = gs.cover(attacker, [landed])[0]
                cover = Cover(c.blocked, c.main_piece_def, c.main_piece_id)
            target = landed
        return gs.combat.resolve_attack(gs, ctx, attacker, target, weapon_index=weapon_index, ranged=ranged,
                                        cover=cover, extra_imp=extra_imp, dmg_bonus=dmg_bonus, unarmed=unarmed,
                                        base_dmg=base_dmg, on_hit=on_hit, second_imp=second_imp)
    world = gs.world
    distance = gs.distance(attacker, target)
    weapon = gs.weapon(attacker, weapon_index) if weapon_index is not None else None
    terms = traits.combat_terms(gs, attacker, target, weapon, ranged)          # the traits' numbers (G5)
    mods = attack_mods(gs, attacker, target, ranged, distance, weapon) + list(extra_imp or []) + list(terms.imp)
    if weapon is not None and weapon.ranged and preset_imp is None and shot_stops(gs, attacker, weapon):
        return {"hit": False, "wounds": 0, "critical": False, "fumble": False}
    if ranged and gs.able(target) and preset_imp is None:
        mods += contest_mods(gs, attacker, target, weapon)           # hook ranged_contest (TRT-MANIPULATOR)
    # CBA-13: a counter-charge gives the target CH DEF +1 against the charger's boosted attack (used up by it)
    def_mods = [] if ranged else counter_charge_mods(gs, attacker, target)
    surprise = not ranged and take_surprise(gs, attacker, target)                    # CBA-11

    def roll_imp():
        return hit_check(gs, ctx, attacker, target, weapon, terms, mods, distance)
    if surprise:
        # CBA-11 ruling (2): the automatic hit rolls no die: no critical, no fumble
        imp = CheckResult("IMP", "AGI", gs.attrs(attacker).AGI, (), 0, 0, False, False, True)
        world.emit("surprise_hit", "CBA-11", attacker=attacker, target=target, def_malus=2)
    elif preset_imp is not None:
        imp = preset_imp                                 # TRT-SWARM-WEAPON: rolled with the volley's others
    else:
        imp = roll_imp()
    dodge_dmg = 0
    if not surprise and not ranged and ctx is not None and target in ctx.dodged_by and gs.able(target):
        imp, dodge_dmg = dodge_contest(gs, ctx, attacker, target, imp, roll_imp)      # CBA-17
    out = {"hit": False, "wounds": 0, "critical": imp.critical, "fumble": imp.fumble}
    if imp.critical:
        traits.critical_rolled(gs, attacker, weapon_index, ranged)    # hook aura_crit_extra (TRT-VETERAN-CRY)
    if imp.fumble:
        imp_fumble(gs, ctx, attacker, weapon_index)
    if not imp.passed:
        world.emit("miss", "CMB-1", attacker=attacker, target=target)
        return out
    if ctx.failed:
        return out
    if second_imp is not None and not surprise:
        second = roll_check(world, attacker, "IMP", "AGI", imp.base, imp.modifiers, second_imp, "second CH IMP",
                            against=target, fumble_min=traits.fumble_floor(gs, attacker))
        if second.fumble:
            imp_fumble(gs, ctx, attacker, weapon_index)
        if not second.passed:
            world.emit("miss", second_imp, attacker=attacker, target=target)
            return out
    stray = scatter if ranged and on_hit is None else None
    if stray is not None:
        # TRT-INFINITE-RANGE: a target outside the FOV: the passed shot scatters and hits whoever it lands on
        landed = scattered_shots.scatter_shot(gs, attacker, target, stray, parked=True, weapon=weapon.name)
        if landed is None:
            return out
        if riding.is_parked(gs, landed):                 # MVA-17: a driverless transport holds the landing point
            return scattered_parked_hit(gs, ctx, attacker, landed, weapon_index, imp, dmg_bonus)
        if landed != target:
            target = landed
            terms = traits.combat_terms(gs, attacker, target, weapon, ranged)   # the new target's traits
            if cover is not None:
                c = gs.cover(attacker, [target])[0]
                cover = Cover(c.blocked, c.main_piece_def, c.main_piece_id)
            def_mods, surprise = [], False
    if on_hit is not None:
        world.emit("hit", "CMB-6" if imp.critical else "CMB-2", attacker=attacker, target=target, dmg=0,
                   critical=imp.critical)
        out["hit"] = True
        on_hit(imp)
        return out
    if (ranged and not imp.critical and gs.engaged(target) and terms.sure_shot is None and stray is None
            and landed_by is None):                                                              # TRT-MARKSMAN
        # CBA-5: firing into a melee — unless the first CH IMP was a critical, a second CH IMP with the same
        # target value: a pass hits the chosen target, a fail hits the other fighter nearest the attacker.
        second = roll_check(world, attacker, "IMP", "AGI", imp.base, imp.modifiers, "CBA-5",
                            "second CH IMP into a melee", against=target,
                            fumble_min=traits.fumble_floor(gs, attacker))
        if second.fumble:
            imp_fumble(gs, ctx, attacker, weapon_index)
        if not second.passed:
            others = [o for o in gs.minis() if o not in (target, attacker) and gs.on_table(o)
                      and gs.in_contact(o, target)]
            if others:
                new = min(others, key=lambda o: (gs.distance(attacker, o), o))
                world.emit("stray_shot", "CBA-5", attacker=attacker, intended=target, target=new)
                target = new
                terms = traits.combat_terms(gs, attacker, target, weapon, ranged)   # the new target's traits
                if cover is not None:
                    c = gs.cover(attacker, [target])[0]
                    cover = Cover(c.blocked, c.main_piece_def, c.main_piece_id)
    # TRT-BODYGUARD: an ally may take the hit (rules/bodyguard.py asks it)
    guard = bodyguard.guard_hit(gs, attacker, target, imp.critical, weapon_index, ranged)
    if guard is not None:
        target = out["guard"] = guard
        terms = traits.combat_terms(gs, attacker, target, weapon, ranged)   # the bodyguard's traits
        if cover is not None:
            c = gs.cover(attacker, [target])[0]
            cover = Cover(c.blocked, c.main_piece_def, c.main_piece_id)
        def_mods, surprise = [], False      # the ally's counter-charge (CBA-13) and surprise (CBA-11) stay its own
    # damage
    natural = traits.natural_dmg(gs, attacker) if unarmed else None    # hook natural_dmg (TRT-CLAWS-AND-TEETH)
    dmg = attack_dmg(gs, attacker, target, natural[1] if natural is not None else None, weapon, ranged, unarmed,
                     base_dmg)
    dmg += dmg_bonus + dodge_dmg                                     # CBA-17 dodger's fumble: DMG +1
    if imp.critical:
        dmg += 1                                                     # CMB-6
        terms = terms.on_critical()                                  # the traits' critical terms (Matarife, ...)
    world.emit("hit", "CMB-6" if imp.critical else "CMB-2", attacker=attacker, target=target, dmg=terms.dmg(dmg),
               critical=imp.critical)
    out["hit"] = True
    if traits.hits_without_def(gs, attacker, target, weapon, ranged) is not None:     # TRT-SHIELD-NULLIFIER
        traits.after_hit(gs, attacker, target, weapon, ranged)
        return out
    use_cover = cover if (ranged and not imp.critical) else None     # CMB-6: a critical ignores cover
    max_w = (2 if imp.critical else 1) if unarmed and natural is None else None      # CBA-10 wound cap
    if traits.stress_hits(gs, attacker, target, weapon, ranged) is not None:     # TRT-PSYCHIC-AMMO: stress
        out["stress"] = resolve_stress_hit(gs, ctx, attacker, target, terms.dmg(dmg), cover=use_cover)
        traits.after_hit(gs, attacker, target, weapon, ranged)
        return out
    def hit(psi: bool = True) -> int:
        return resolve_hit(gs, ctx, attacker, target, dmg, melee=not ranged, cover=use_cover, max_wounds=max_w,
                           def_mods=def_mods, def_malus=(2 if surprise else 0) + def_malus, terms=terms, psi=psi)
    out["wounds"] = hit() if terms.double_hit is None else double_hit(gs, ctx, attacker, target, hit,
                                                                       terms.double_hit)
    traits.after_hit(gs, attacker, target, weapon, ranged)             # hook point on_hit (TRT-CRUSHING)
    place_hit_areas(gs, attacker, target, weapon, ranged)              # hook point hit_area (TRT-RADIOACTIVE-AMMO)
    cowing = traits.hit_psi(gs, attacker, target, weapon, ranged)      # hook point hit_psi (TRT-COWING)
    if cowing is not None and out["wounds"] == 0 and gs.able(target):
        psi_check(gs, ctx, target, source=attacker, reason="hit", rule=cowing)   # one CH PSI per hit
    return out


def parked_hit(gs: GameState, ctx, attacker: int, t: int, weapon, imp, ranged: bool, cover: Cover | None,
               dmg_bonus: int) -> int:
    """MVA-17: a passed CH IMP's hit on the driverless transport `t` (rules.parked.attack): its DMG (the weapon's;
    melee by MOD-1 and WND-6; structure DMG, TRT-WALLBREAKER; CMB-6 +1), the `hit` event, its CH DEF and wounds
    (riding.hit_parked), with `cover` unless melee or critical. Returns the wounds."""
    dmg = weapon.current_dmg if ranged else melee_damage(weapon.current_dmg, traits.strength(gs, attacker),
                                                         gs.wounds(attacker))                  # WND-6, MOD-1
    dmg += traits.structure_dmg(gs, attacker, weapon, "transport", ranged)                     # TRT-WALLBREAKER
    dmg += dmg_bonus + (1 if imp.critical else 0)                                              # CMB-6
    gs.world.emit("hit", "CMB-6" if imp.critical else "CMB-2", attacker=attacker, target=t, dmg=dmg,
                  critical=imp.critical)
    use_cover = cover if ranged and not imp.critical else None
    return riding.hit_parked(gs, ctx, t, dmg, attacker, resolve_hit, use_cover)       # CMB-3 / CMB-4, WND-4 / WND-5


def scattered_parked_hit(gs: GameState, ctx, attacker: int, t: int, weapon_index: int, imp,
                         dmg_bonus: int) -> dict:
    """TRT-INFINITE-RANGE: a scattered single shot (its CH IMP `imp` passed) landed on the driverless transport `t`
    (rules.scattered_shots.landing; aimed at a character or at another transport): a hit on it as rules.parked.attack
    deals one, its cover seen from the muzzle (ENV-3). The weapon's use costs are the caller's (`weapon_used`).
    Returns {"hit", "wounds", "critical", "fumble"}."""
    weapon = gs.weapon(attacker, weapon_index)
    c = parked_hits.seen(gs, gs.muzzle(attacker, weapon), t)
    cover = Cover(c.blocked, c.main_piece_def, c.main_piece_id)
    n = parked_hit(gs, ctx, attacker, t, weapon, imp, True, cover, dmg_bonus)
    return {"hit": True, "wounds": n, "critical": imp.critical, "fumble": imp.fumble}


def hit_check(gs: GameState, ctx, attacker: int, target: int, weapon, terms, mods: list,
              distance: float) -> CheckResult:
    """CMB-2: the attacker's CH IMP (AGI with the attack modifiers `mods`), or a trait's fixed target with no AGI and
    no modifier (``fixed_imp``: TRT-GUIDED-AMMO, TRT-MACHINA-MORS)."""
    if terms.fixed_imp is not None:
        return roll_check(gs.world, attacker, "IMP", "AGI", terms.fixed_imp[1], [], "CMB-2", "CH IMP",
                          crit_max=terms.crit_max, against=target, distance=round(distance, 6),
                          fixed_by=terms.fixed_imp[0])
    return roll_character_check(gs, ctx, attacker, "IMP", "AGI", "CMB-2", "CH IMP", extra=mods, against=target,
                                distance=round(distance, 6), weapon=weapon, crit_max=terms.crit_max)


def volley_imp(gs: GameState, ctx, attacker: int, target: int, weapon_index: int) -> CheckResult | None:
    """TRT-SWARM-WEAPON: one ranged weapon's CH IMP in a volley, rolled before any hit of the volley resolves, as
    `_resolve_attack` rolls it (a stopped shot, TRT-MANIPULATOR's contest, the fumble's effects, a miss); None for a
    stopped shot. A passed one is handed back to `resolve_attack(preset_imp=...)`."""
    weapon = gs.weapon(attacker, weapon_index)
    distance = gs.distance(attacker, target)
    terms = traits.combat_terms(gs, attacker, target, weapon, True)
    mods = attack_mods(gs, attacker, target, True, distance, weapon) + list(terms.imp)
    if shot_stops(gs, attacker, weapon):
        return None
    if gs.able(target):
        mods += contest_mods(gs, attacker, target, weapon)
    imp = hit_check(gs, ctx, attacker, target, weapon, terms, mods, distance)
    if imp.fumble:
        imp_fumble(gs, ctx, attacker, weapon_index)
    if not imp.passed:
        gs.world.emit("miss", "CMB-1", attacker=attacker, target=target)
    return imp


def shot_stops(gs: GameState, attacker: int, weapon) -> bool:
    """Whether a shot of `attacker` with `weapon` stops after its ENE is paid and before its CH IMP (hook
    shot_stopped: TRT-JAMMING-AMMO's jam), recorded as `shot_stopped` naming the trait. Asked by every attack with
    a shot (`_resolve_attack`, `volley_imp`, rules.areas, rules.parked)."""
    stopped = traits.shot_stopped(gs, attacker, weapon)
    if stopped is None:
        return False
    gs.world.emit("shot_stopped", stopped, attacker=attacker, weapon=weapon.name)
    return True


def imp_fumble(gs: GameState, ctx, attacker: int, weapon_index: int | None) -> None:
    """CMB-8: a fumbled CH IMP (the first, or CBA-5's / CBA-8's second): an automatic DMG 1 hit on the attacker,
    and the weapon used gains 1 wound."""
    gs.world.emit("hit_fumble", "CMB-8", who=attacker)
    self_dmg = traits.fumble_dmg(gs.weapon(attacker, weapon_index) if weapon_index is not None else None)
    if weapon_index is not None:
        w = gs.weapon(attacker, weapon_index)
        after = traits.weapon_fumbled(w) if w is not None else w    # hook point weapon_fumbled (TRT-SHARP)
        if after is not w:
            gs.set_weapon(attacker, weapon_index, after)
        wound_weapon(gs, attacker, weapon_index, "CMB-8")
    resolve_hit(gs, ctx, None, attacker, self_dmg, melee=False, automatic=True, rule="CMB-8")   # TRT-DANGER: 2
    w = gs.weapon(attacker, weapon_index) if weapon_index is not None else None
    for rule, n in traits.fumble_wounds(w):                 # TRT-CORROSIVE-AMMO: 1 wound, no CH DEF, no CH PSI
        if gs.on_table(attacker):
            apply_wounds(gs, attacker, n, source=None, rule=rule)
    for rule, (chance, dmg, diameter) in traits.fumble_blasts(w):     # TRT-FLAMMABLE: 30 %, centred on the user
        if gs.on_table(attacker) and percent(gs.world, chance, rule, f"{w.name} fumbled", who=attacker):
            death_blast(gs, ctx, attacker, rule, dmg, diameter, spare=False)
    for rule, (chance, dmg, diameter) in traits.own_fumble_blasts(gs, attacker):   # TRT-FLAMMABLE on a race: 30 %
        if gs.on_table(attacker) and percent(gs.world, chance, rule, f"{gs.name(attacker)} fumbled",
                                                        who=attacker):
            death_blast(gs, ctx, attacker, rule, dmg, diameter, spare=False)


def take_surprise(gs: GameState, attacker: int, target: int) -> bool:
    """CBA-11: whether `attacker` declared Ataque sorpresa against `target` in this activation; the declaration
    is used up by this melee combat action."""
    s = gs.world.try_get(attacker, Surprise)
    if s is None or s.target != target:
        return False
    gs.world.remove(attacker, Surprise)
    return True


#: CMB-13 / MET-1: the attribute of a metahability attack's CH IMP, by the metahability's type trait.
METAHABILITY_ATTACK_ATTRIBUTE = {"Mutación": "CON", "Bunkai": "AGI", "Invocación": "INT", "Atadura": "VOL"}


def metahability_attack_attribute(type_trait: str) -> str:
    """CMB-13: a mutation hits with CH CON, a bunkai with CH AGI, an invocation with CH INT, a binding
    (atadura) with CH VOL. (Using metahabilities in play is refused until MET-* lands.)"""
    try:
        return METAHABILITY_ATTACK_ATTRIBUTE[type_trait]
    except KeyError:
        raise ValueError(f"{type_trait!r} is not a metahability type (Mutación, Bunkai, Invocación, Atadura)")


def dodge_contest(gs: GameState, ctx, attacker: int, target: int, imp: CheckResult,
                  reroll_imp: Callable[[], CheckResult]) -> tuple[CheckResult, int]:
    """CBA-17: Esquivar en CaC (a reaction, rules.actions.reactions) turns the attacker's CH IMP into a CH AGI ENF (CHK-4): the attacker's roll is its
    CH IMP with every hit modifier; the dodger rolls CH AGI. The attack hits only if the attacker wins (both
    failing is a miss). The dodger's natural 1 gives the attacker an automatic DMG 1 hit (it rolls its CH DEF);
    its natural 10 gives the attack DMG +1 (if it hits). Returns the CH IMP with `passed` = the attacker won,
    and the DMG bonus."""
    while True:
        d = roll_character_check(gs, None, target, "ATR", "AGI", "CBA-17", "Esquivar en CaC", side_of_opposed="b",
                                 against=attacker)
        winner = opposed_winner(imp, d)
        if winner != "reroll":
            break
        imp = reroll_imp()
    gs.world.emit("opposed_resolved", "CBA-17", a=attacker, b=target, winner=winner)
    if d.critical and gs.able(attacker):
        gs.world.emit("automatic_hit", "CBA-17", who=attacker, dmg=1)
        resolve_hit(gs, ctx, None, attacker, 1, melee=False, automatic=True, rule="CBA-17")
    return replace(imp, passed=winner == "a"), (1 if d.fumble else 0)
