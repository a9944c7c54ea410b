"""Weapon traits on the use of a weapon (issue 12 point 1): Arma pesada (TRT-HEAVY-WEAPON), Afilada (TRT-SHARP),
Acobardamiento (TRT-COWING), Dañino (TRT-HARMFUL), Defectuoso (TRT-DEFECTIVE), De Padrón (TRT-PADRON-PEPPER),
Aplasta (TRT-CRUSHING), Munición cegadora (TRT-BLINDING-AMMO), Munición paralizante (TRT-PARALYSING-AMMO),
Munición vida o muerte (TRT-LIFE-OR-DEATH-AMMO), Peligro (TRT-DANGER), Munición buscadora (TRT-SEEKER-AMMO),
Munición corrosiva (TRT-CORROSIVE-AMMO), Franco tirador (TRT-MARKSMAN), Malvado (TRT-EVIL), Munición atascada
(TRT-JAMMING-AMMO), Arma arrojada (TRT-THROWN-WEAPON); and Sangre de ácido (TRT-ACID-BLOOD), which wears its melee
opponents' protections. A weapon is "used" once per attack made with it (an area attack included), after the
attack is resolved."""
from __future__ import annotations

from dataclasses import replace

from wartime.core.components import Equipment
from wartime.core.errors import RuleViolation
from wartime.rules.checks import percent
from wartime.rules.traits.registry import Wear, register, substance_terms


def heavy_weapon(gs, e: int, weapon) -> None:
    """TRT-HEAVY-WEAPON: only a character with more CON than the weapon's DMG may use it (its ruling: strictly
    greater, the base CON against the profile DMG)."""
    con = gs.base_attrs(e).CON
    if con <= weapon.DMG:
        raise RuleViolation("TRT-HEAVY-WEAPON", f"{gs.name(e)} has CON {con}: {weapon.name} (a heavy weapon, "
                                                f"DMG {weapon.DMG}) needs CON above its DMG")


def sharp(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-SHARP: DMG +1 in melee with this weapon (until it is lost: see `sharp_lost`)."""
    return 1 if bearer == attacker and not ranged else None


def sharp_lost(weapon):
    """TRT-SHARP: its ruling: the bonus is lost for the rest of the game on a fumbled hit check made with this
    weapon (the fumble that stands: a rerolled one, TRT-TRAINED-TO-KILL, loses nothing)."""
    return replace(weapon, traits=tuple(t for t in weapon.traits if t != "TRT-SHARP"))


def cowing(gs, bearer, attacker, target, weapon, ranged) -> bool:
    """TRT-COWING: a hit with this weapon (a passed CH IMP) makes the target take a CH PSI even if it takes no
    wounds; a wounding hit's CH PSI (CMB-5) is the only one (its ruling)."""
    return bearer == attacker


register("TRT-HEAVY-WEAPON", "Arma pesada", {"weapon_usable": heavy_weapon}, kinds=("weapon",))
register("TRT-SHARP", "Afilada", {"dmg_mod": sharp, "weapon_fumbled": sharp_lost}, kinds=("weapon",))
register("TRT-COWING", "Acobardamiento", {"hit_psi": cowing}, kinds=("weapon", "metahability"))


def harmful(gs, e: int, weapon) -> Wear:
    """TRT-HARMFUL: each use of the weapon gives its user 1 wound (its ruling: the user, no CH DEF)."""
    return Wear("TRT-HARMFUL", user_wounds=1)


def defective(gs, e: int, weapon) -> Wear | None:
    """TRT-DEFECTIVE: each use of the weapon has a 10 % chance (1D100 ≤ 10, BAS-6) of 1 wound, to the weapon
    itself (its ruling: the item, WND-6: DMG −1 per wound; disabled at QUA wounds, WND-4)."""
    if percent(gs.world, 10, "TRT-DEFECTIVE", f"{weapon.name} used", who=e):
        return Wear("TRT-DEFECTIVE", item_wounds=1)
    return None


register("TRT-HARMFUL", "Dañino", {"weapon_used": harmful}, kinds=("weapon", "object", "metahability"))
register("TRT-DEFECTIVE", "Defectuoso", {"weapon_used": defective}, kinds=("weapon", "object"))


def padron_pepper(gs, bearer, attacker, target, weapon, ranged) -> bool:
    """TRT-PADRON-PEPPER: each hit with this weapon has a 50 % chance (1D100 ≤ 50, rolled per hit after the CH
    DEF) that its final DMG is 0 whatever the other modifiers (its ruling: CMB-4 step 4)."""
    return bearer == attacker



def _lose_quality(gs, e: int, eq, i: int, rule: str) -> None:
    """Protection `i` of `e` loses 1 QUA (WND-4: disabled once its wounds reach its QUA; WND-5: destroyed once they
    exceed it, the event then says so); the event names `rule`."""
    p = eq.protections[i]
    prots = list(eq.protections)
    prots[i] = replace(p, QUA=p.QUA - 1)
    gs.world.set(e, replace(eq, protections=tuple(prots)))
    gone = {"destroyed": True} if prots[i].destroyed else {}          # WND-5 (rules.wounds.destroyed_field's form)
    gs.world.emit("equipment_quality", rule, who=e, item=p.name, QUA=p.QUA - 1, disabled=prots[i].wounds >= prots[i].QUA,
                  **gone)


def crushing(gs, bearer, attacker, target, weapon, ranged) -> None:
    """TRT-CRUSHING: a hit with this weapon takes 1 QUA off one of the target's protections, permanently, even
    without wounds (its ruling; the attacker chooses: the engine takes the one closest to being disabled, QUA −
    wounds, WND-4, then the highest current DEF, then the first)."""
    if not gs.on_table(target):
        return
    eq = gs.world.get(target, Equipment)
    worn = [i for i, p in enumerate(eq.protections) if p.QUA > 0]
    if not worn:
        return
    i = min(worn, key=lambda k: (eq.protections[k].QUA - eq.protections[k].wounds, -eq.protections[k].current_def, k))
    _lose_quality(gs, target, eq, i, "TRT-CRUSHING")


register("TRT-PADRON-PEPPER", "De Padrón", {"dmg_coin": padron_pepper}, kinds=("weapon",))
register("TRT-CRUSHING", "Aplasta", {"on_hit": crushing}, kinds=("weapon",))


#: the ENE floor (ENE-3 / REA-2): a character's ENE never goes below −10
ENE_FLOOR = -10


def _drain(gs, target: int, n: int, rule: str) -> None:
    if gs.on_table(target) and n > 0:
        gs.set_energy(target, max(ENE_FLOOR, gs.energy(target) - n), rule, "hit")


def blinding_ammo(gs, bearer, attacker, target, weapon, ranged) -> None:
    """TRT-BLINDING-AMMO: a hit target loses 3 ENE (its ruling: below 0 down to −10, the debt carries into its
    next activation)."""
    _drain(gs, target, 3, "TRT-BLINDING-AMMO")


def paralysing_ammo(gs, bearer, attacker, target, weapon, ranged) -> None:
    """TRT-PARALYSING-AMMO: a hit target loses as much ENE as the weapon's DMG (its current DMG, WND-6; floor −10
    as TRT-BLINDING-AMMO)."""
    _drain(gs, target, weapon.current_dmg, "TRT-PARALYSING-AMMO")


register("TRT-BLINDING-AMMO", "Munición cegadora", {"on_hit": blinding_ammo}, kinds=("weapon",))
register("TRT-PARALYSING-AMMO", "Munición paralizante", {"on_hit": paralysing_ammo}, kinds=("weapon",))


def life_or_death(gs, bearer, attacker, target, weapon, ranged) -> bool:
    """TRT-LIFE-OR-DEATH-AMMO: the target cannot reroll its CH DEF against this weapon (its ruling: rerolls only;
    a second CH DEF trait still gives its check, which cannot be rerolled either)."""
    return bearer == attacker


def danger(weapon) -> int:
    """TRT-DANGER: on a fumbled CH IMP with this weapon the automatic hit on its user has DMG 2 (its ruling)."""
    return 2


register("TRT-LIFE-OR-DEATH-AMMO", "Munición vida o muerte", {"def_reroll_denied": life_or_death}, kinds=("weapon",))
register("TRT-DANGER", "Peligro", {"fumble_dmg": danger}, kinds=("weapon",))


def seeker_ammo(gs, bearer, attacker, target, weapon, ranged) -> bool:
    """TRT-SEEKER-AMMO: the target gets no DEF bonus from cover (its ruling: no cover CH DEF +2, CMB-17, and no
    extra cover CH DEF for 100 % cover, CMB-18)."""
    return bearer == attacker


def corrosive_ammo(gs, bearer, attacker, target, weapon, ranged) -> bool:
    """TRT-CORROSIVE-AMMO: a target that passes its CH DEF still takes 1 wound, on top of DMG − DEF (its ruling:
    core CMB-4's wound stage)."""
    return bearer == attacker


def corrosive_fumble(weapon) -> int:
    """TRT-CORROSIVE-AMMO: on a fumbled CH IMP the attacker takes that 1 wound itself, no CH DEF, after the core
    CMB-8 fumble (its ruling: added to it, not instead; at most one CH PSI: CMB-8's)."""
    return 1


def marksman(gs, bearer, attacker, target, weapon, ranged) -> bool:
    """TRT-MARKSMAN: shooting at an enemy engaged in melee it makes no second hit check (CBA-5) and never hits
    another fighter (its ruling: not an automatic hit; formations are not modelled apart from melee)."""
    return bearer == attacker and ranged


register("TRT-SEEKER-AMMO", "Munición buscadora", {"cover_denied": seeker_ammo}, kinds=("weapon",))
register("TRT-CORROSIVE-AMMO", "Munición corrosiva", {"corrosion": corrosive_ammo, "fumble_wounds": corrosive_fumble},
         kinds=("weapon",))
register("TRT-MARKSMAN", "Franco tirador", {"sure_shot": marksman}, kinds=("race", "weapon"))


def evil(gs, e: int, weapon) -> int:
    """TRT-EVIL: whoever uses the weapon gains +1 stress each use (its ruling: no check against it)."""
    return 1


def jamming_ammo(gs, e: int, weapon) -> bool:
    """TRT-JAMMING-AMMO: each time it is fired, 1D100 ≤ 10 jams it: rolled after the ENE is paid and before the
    CH IMP, the action ends there (no CH IMP: no hit, critical, fumble or scatter; the ENE is spent); it works
    normally on the next action (its ruling)."""
    return percent(gs.world, 10, "TRT-JAMMING-AMMO", f"{weapon.name} fired", who=e)


register("TRT-EVIL", "Malvado", {"use_stress": evil}, kinds=("weapon", "object", "metahability"))
register("TRT-JAMMING-AMMO", "Munición atascada", {"shot_stopped": jamming_ammo}, kinds=("weapon",))


def thrown_reach(gs, e: int, weapon) -> float:
    """TRT-THROWN-WEAPON: thrown with Lanzar (CBA-6) it reaches the thrower's CON + AGI K instead of MOV + CON."""
    a = gs.attrs(e)
    return float(a.CON + a.AGI)


def thrown_dmg(gs, e: int, weapon) -> int:
    """TRT-THROWN-WEAPON: thrown, its DMG is its own DMG +1 (its ruling: not the throw's improvised 2 / 1; its
    current DMG, WND-6); it lands at the target as any thrown thing."""
    return weapon.current_dmg + 1


register("TRT-THROWN-WEAPON", "Arma arrojada", {"throw_reach": thrown_reach, "throw_dmg": thrown_dmg},
         kinds=("weapon",))


def acid_blood(gs, e: int) -> list[tuple[int, int]]:
    """TRT-ACID-BLOOD: once per attack that wounds it, everyone in melee with it (the enemies in base contact) takes
    1 wound with no CH DEF and one of their protections loses 1 QUA (its ruling: each owner picks: the engine takes
    for the owner the one farthest from being disabled, QUA − wounds, then the lowest current DEF, then the
    first). The blood is acid (rules.traits.substances; reading: the wound is its damage): one allergic to acid
    (TRT-ALLERGIC) takes it ×2, 2 wounds; one invulnerable to acid (TRT-INVULNERABLE) neither the wound nor the
    QUA loss; a resistance (TRT-RESISTANCE) has no CH DEF to raise."""
    side = gs.side(e)
    near = [o for o in gs.minis() if o != e and gs.on_table(o) and gs.side(o) != side and gs.in_contact(e, o)]
    hit = []
    for o in near:
        acid = substance_terms(gs, o, "acid")             # hook substance_factor (TRT-ALLERGIC, TRT-INVULNERABLE)
        if acid.dmg_zero is not None:
            gs.world.emit("acid_blood_spared", acid.dmg_zero, who=o, source=e)
            continue
        hit.append((o, acid.dmg(1)))
        eq = gs.world.get(o, Equipment)
        worn = [i for i, p in enumerate(eq.protections) if p.QUA > 0]
        if not worn:
            continue
        i = max(worn, key=lambda k: (eq.protections[k].QUA - eq.protections[k].wounds,
                                     -eq.protections[k].current_def, -k))
        _lose_quality(gs, o, eq, i, "TRT-ACID-BLOOD")
    return hit


register("TRT-ACID-BLOOD", "Sangre de ácido", {"wounded_splash": acid_blood}, kinds=("race",))
