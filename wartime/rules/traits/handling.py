"""How a weapon is handled: Campo ciego (TRT-BLIND-ZONE), Arma de carga (TRT-CHARGE-WEAPON), Arma corta
(TRT-SHORT-WEAPON), Arma muy larga (TRT-VERY-LONG-WEAPON), Artillero requerido (TRT-CREW-REQUIRED) and Miedo en las
manos (TRT-SHAKY-HANDS: on a race, its every shot; on a weapon, the shots with it)."""
from __future__ import annotations

from dataclasses import dataclass

from wartime.core.errors import RuleViolation
from wartime.rules.traits.registry import charge_bonus, register, trait_arg

#: TRT-SHORT-WEAPON: the largest RNG that counts as RNG 0 in melee
SHORT_WEAPON_RNG = 5


def short_weapon(weapon) -> bool:
    """TRT-SHORT-WEAPON: a weapon with RNG up to 5 counts as RNG 0 in melee: its melee attack (Ataque CaC con arma
    de disparo, CBA-8) is a normal melee attack, with no second CH IMP (ruling: it is still fired: one round of a
    magazine, the weapon's noise)."""
    return 0 < weapon.RNG <= SHORT_WEAPON_RNG


register("TRT-SHORT-WEAPON", "Arma corta", {"melee_as_rng0": short_weapon}, kinds=("weapon",))


def shaky_hands(gs, e: int, weapon, target, nearer) -> None:
    """TRT-SHAKY-HANDS ruling: when shooting, it must choose the nearest valid enemy (one the same ranged attack
    could target: visible, in range) as its target; ruling: an area weapon may not be aimed at a point (that is no
    enemy)."""
    if target is None:
        raise RuleViolation("TRT-SHAKY-HANDS", f"{gs.name(e)} must shoot at the nearest enemy, not at a point "
                            "(Miedo en las manos)")
    o = nearer()
    if o is not None:
        raise RuleViolation("TRT-SHAKY-HANDS", f"{gs.name(e)} must shoot at the nearest enemy it can, "
                            f"{gs.name(o)} (Miedo en las manos)")


register("TRT-SHAKY-HANDS", "Miedo en las manos", {"shot_target": shaky_hands}, kinds=("race", "weapon"))


#: TRT-VERY-LONG-WEAPON: the reach of its melee attacks out of base contact, K
VERY_LONG_REACH = 2.0


def very_long(weapon) -> float | None:
    """TRT-VERY-LONG-WEAPON: this weapon, with RNG 0, can make melee attacks without being engaged, against an
    enemy up to 2 K away (BAS-3 distance; ruling: one it sees, in its FOV and with LOS)."""
    return VERY_LONG_REACH if weapon.RNG == 0 else None


register("TRT-VERY-LONG-WEAPON", "Arma muy larga", {"melee_reach": very_long}, kinds=("weapon",))


def crew(gs, e: int) -> list[int]:
    """TRT-CREW-REQUIRED ruling: the allies that can serve as its crew: able, not engaged, in base contact."""
    return [o for o in gs.allies(e) if gs.in_contact(e, o) and not gs.engaged(o)]


def crew_required(gs, e: int, weapon) -> None:
    """TRT-CREW-REQUIRED ruling: the weapon needs 1 extra character to be used: another friendly character, able and
    not engaged, in base contact with the user (it spends no ENE)."""
    if not crew(gs, e):
        raise RuleViolation("TRT-CREW-REQUIRED", f"{weapon.name} needs a crew member: an ally in base contact with "
                            f"{gs.name(e)}, not engaged (Artillero requerido)")


register("TRT-CREW-REQUIRED", "Artillero requerido", {"weapon_usable": crew_required}, kinds=("weapon",))


# --- Arma de carga ----------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChargeExposed:
    """TRT-CHARGE-WEAPON: the wielder charged with it; DEF −2 while it stays engaged with one of `foes` (the
    enemies in base contact when it struck)."""
    foes: tuple[int, ...]


def charge_weapon_dmg(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-CHARGE-WEAPON ruling: when charging (the melee attack its charge set up, CBA-12, unless Contracarga denies
    the charge's bonuses), DMG +2 on top of the charge's +1."""
    if ranged or bearer != attacker or not charge_bonus(gs, attacker, target):
        return None
    return 2


def charge_weapon_struck(gs, e: int, weapon, target: int) -> None:
    """TRT-CHARGE-WEAPON: the charging attack with it leaves its wielder exposed (DEF −2) for that melee."""
    foes = tuple(sorted(set(gs.engaged_enemies(e)) | {target}))
    gs.world.set(e, ChargeExposed(foes))
    gs.world.emit("charge_exposed", "TRT-CHARGE-WEAPON", who=e, foes=list(foes), def_malus=2)


def charge_weapon_def(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-CHARGE-WEAPON ruling: after charging with it, DEF −2 (CH DEF target and DEF subtracted, CMB-3 ruling;
    a malus Contracarga does not remove) until the wielder is no longer engaged in that melee (in base contact with
    none of the enemies it fought when it struck)."""
    c = gs.world.try_get(target, ChargeExposed)
    if c is None:
        return None
    return -2 if any(gs.on_table(f) and gs.in_contact(target, f) for f in c.foes) else None


register("TRT-CHARGE-WEAPON", "Arma de carga", {"dmg_mod": charge_weapon_dmg, "charge_attack": charge_weapon_struck,
                                                "status_def_mod": charge_weapon_def}, kinds=("weapon",))


# --- Campo ciego ------------------------------------------------------------------------------------------------------
def blind_zone(weapon) -> float | None:
    """TRT-BLIND-ZONE: this weapon cannot fire at targets within its first 5 K per level (level N: 5 × N K, up to
    25 K at level 5; ruling: a target, or an aim point, at that BAS-3 distance or nearer)."""
    level = trait_arg(weapon, "TRT-BLIND-ZONE")
    return 5.0 * int(level) if level is not None else None


register("TRT-BLIND-ZONE", "Campo ciego", {"min_range": blind_zone}, kinds=("weapon",), args=True)
