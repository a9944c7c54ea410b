"""Traits that change an attack's numbers (the attack hook points of ``combat_terms``; traits notes G4, G5, G10):
CH IMP (attack_mod), CH DEF (def_check_mod), DEF (def_mod), DMG (dmg_mod, dmg_factor), and the plain ± CH ATR
traits (check_mod). Each handler answers for its bearer's side of the attack: ``bearer == attacker`` for its own
attacks (and for a weapon's trait), ``bearer == target`` for attacks against it."""
from __future__ import annotations

from fractions import Fraction

from wartime.rules.checks import Modifier
from wartime.rules.traits.registry import character_traits, register, weapon_range


def _own(bearer: int, attacker: int) -> bool:
    return bearer == attacker


def _against(bearer: int, target: int) -> bool:
    return bearer == target


# --- plain ± CH ATR (check_mod: every check of that attribute, G3, CH IMP with AGI included) ----------------------
def _attribute_mod(trait_id: str, attribute: str, value: int, label: str):
    def handler(gs, e: int, attr: str, kind: str) -> Modifier | None:
        return Modifier(trait_id, value, label) if attr == attribute else None
    handler.__doc__ = f"{trait_id}: CH {attribute} {value:+d} (every check made with {attribute}, G3)."
    handler.__name__ = trait_id.lower().replace("-", "_")
    return handler


for _tid, _name, _attr, _v in (("TRT-VERY-WEAK", "Muy débil", "CON", -1), ("TRT-VERY-DIM", "Muy tonto", "INT", -1),
                               ("TRT-VERY-CLUMSY", "Muy torpe", "AGI", -1),
                               ("TRT-PROFESSION-ACROBAT", "Profesión acróbata", "AGI", 1),
                               ("TRT-PROFESSION-BARBARIAN", "Profesión bárbaro", "CON", 1),
                               ("TRT-PROFESSION-MAGE", "Profesión mago", "VOL", 1),
                               ("TRT-PROFESSION-SAGE", "Profesión sabio", "INT", 1)):
    register(_tid, _name, {"check_mod": _attribute_mod(_tid, _attr, _v, _name)}, kinds=("race",))

register("TRT-SHODDY-MAKE", "Mala hechura",
         {"check_mod": _attribute_mod("TRT-SHODDY-MAKE", "AGI", -1, "Mala hechura")}, kinds=("race",))


def bad_omen(gs, e: int, attr: str, kind: str) -> Modifier | None:
    """TRT-BAD-OMEN ruling: if the character also has Héroe (TRT-HERO), all its CH ATR are −1; otherwise no
    effect."""
    if kind == "ATR" and "TRT-HERO" in character_traits(gs, e):
        return Modifier("TRT-BAD-OMEN", -1, "Mal agujero")
    return None


register("TRT-BAD-OMEN", "Mal agujero", {"check_mod": bad_omen}, kinds=("race",))


# --- CH IMP of an attack (attack_mod) --------------------------------------------------------------------------
def complicated_weapon(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-COMPLICATED-WEAPON: hit checks (CH IMP) with this weapon −1."""
    return Modifier("TRT-COMPLICATED-WEAPON", -1, "Arma complicada") if _own(bearer, attacker) else None


def tracer_ammo(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-TRACER-AMMO: CH IMP +2 on ranged attacks with this weapon."""
    return Modifier("TRT-TRACER-AMMO", 2, "Munición trazadora") if ranged and _own(bearer, attacker) else None


def camouflage(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-CAMOUFLAGE: enemies have CH IMP −1 attacking it at range."""
    return Modifier("TRT-CAMOUFLAGE", -1, "Camuflaje") if ranged and _against(bearer, target) else None


def hard_to_kill(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-HARD-TO-KILL: enemies have CH IMP −1 against it (at range and in melee, G4)."""
    return Modifier("TRT-HARD-TO-KILL", -1, "Difícil de matar") if _against(bearer, target) else None


def glowing(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-GLOWING: enemies have CH IMP +1 against it at range (a malus: the bonus is the attackers')."""
    return Modifier("TRT-GLOWING", 1, "Fosforito") if ranged and _against(bearer, target) else None


def small(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-SMALL: its own CH IMP −1 in melee; enemies have CH IMP −1 against it (ruling: melee and ranged)."""
    if _own(bearer, attacker):
        return None if ranged else Modifier("TRT-SMALL", -1, "Pequeño (melee)")
    return Modifier("TRT-SMALL", -1, "Pequeño target")


def profession_archer(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-PROFESSION-ARCHER: CH IMP +1 on its ranged attacks."""
    return Modifier("TRT-PROFESSION-ARCHER", 1, "Profesión arquero") if ranged and _own(bearer, attacker) else None


def profession_gladiator(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-PROFESSION-GLADIATOR: CH IMP +1 on its melee attacks."""
    if not ranged and _own(bearer, attacker):
        return Modifier("TRT-PROFESSION-GLADIATOR", 1, "Profesión gladiador")
    return None


def two_weapons(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-TWO-WEAPON-FIGHTING: CH IMP +1 in melee when it fights with two melee weapons (it carries two usable
    RNG 0 weapons and attacks with one)."""
    if ranged or not _own(bearer, attacker) or weapon is None or weapon.RNG > 0:
        return None
    melee = [w for w in gs.equipment(attacker).weapons if w.RNG == 0 and not w.disabled]
    return Modifier("TRT-TWO-WEAPON-FIGHTING", 1, "Lucha con 2 armas") if len(melee) >= 2 else None


# --- Odio, Odiado, Rabia: CH IMP and DMG in melee ----------------------------------------------------------------
def hatred_imp(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-HATRED: CH IMP +1 in melee (on the race and on a weapon: each source counts, G10)."""
    return Modifier("TRT-HATRED", 1, "Odio") if not ranged and _own(bearer, attacker) else None


def hatred_dmg(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-HATRED: DMG +1 in melee."""
    return 1 if not ranged and _own(bearer, attacker) else None


def hated_imp(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-HATED: enemies in melee with it have CH IMP +1 against it."""
    return Modifier("TRT-HATED", 1, "Odiado") if not ranged and _against(bearer, target) else None


def hated_dmg(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-HATED: enemies in melee with it have DMG +1 against it."""
    return 1 if not ranged and _against(bearer, target) else None


def fury_imp(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-FURY: in melee, its CH IMP +1."""
    return Modifier("TRT-FURY", 1, "Rabia") if not ranged and _own(bearer, attacker) else None


def fury_dmg(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-FURY: in melee, its DMG +1."""
    return 1 if not ranged and _own(bearer, attacker) else None


def fury_def(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-FURY ruling: DEF −1 against melee attacks while it is engaged (a DEF change: CH DEF target and DEF
    subtracted, minimum 0)."""
    return -1 if not ranged and _against(bearer, target) and gs.engaged(target) else None


# --- CH DEF and DEF ---------------------------------------------------------------------------------------------
def profession_knight(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-PROFESSION-KNIGHT: CH DEF +1 (the target number only, CMB-3 ruling)."""
    return Modifier("TRT-PROFESSION-KNIGHT", 1, "Profesión caballero") if _against(bearer, target) else None


def lord_of_corrosion(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-LORD-OF-CORROSION: enemies have CH DEF −2 against its attacks (melee or ranged)."""
    return Modifier("TRT-LORD-OF-CORROSION", -2, "Señor de la corrosión") if _own(bearer, attacker) else None


def _def_plus(trait_id: str, value: int, doc: str):
    def handler(gs, bearer, attacker, target, weapon, ranged) -> int | None:
        return value if _against(bearer, target) else None
    handler.__doc__ = f"{trait_id}: {doc}"
    handler.__name__ = trait_id.lower().replace("-", "_")
    return handler


def piercing_ammo(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-PIERCING-AMMO: the target has DEF −2 against this weapon's attacks (CH DEF target and DEF subtracted,
    minimum 0). Energy shields, which it does not pierce, are not modelled (no protection carries one)."""
    return -2 if _own(bearer, attacker) else None


def lord_of_medusa(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-LORD-OF-MEDUSA: enemies in melee or at range have CH AGI −2 against it; ruling: the AGI-based CH IMP
    included (the CH IMP is the AGI check an enemy makes against it in an attack, G4)."""
    return Modifier("TRT-LORD-OF-MEDUSA", -2, "Señor de Medusa") if _against(bearer, target) else None


def consummate_fighter(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-CONSUMMATE-FIGHTER: enemies in a multiple melee gain no bonus for numerical superiority against it: a
    −1 that cancels MOD-5's +1 exactly when MOD-5 gives it (rules.modifiers.attack_mods: the attacker's able side
    outnumbers the other in its melee group)."""
    if ranged or not _against(bearer, target):
        return None
    group = gs.melee_group(attacker)
    mine = sum(1 for m in group if gs.side(m) == gs.side(attacker) and gs.able(m))
    theirs = sum(1 for m in group if gs.side(m) != gs.side(attacker) and gs.able(m))
    return Modifier("TRT-CONSUMMATE-FIGHTER", -1, "Luchador consumado") if mine > theirs else None


# --- DMG --------------------------------------------------------------------------------------------------------
def impact_absorption(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-IMPACT-ABSORPTION: every attack against it has DMG −1 (a ± term of CMB-4; minimum 1)."""
    return -1 if _against(bearer, target) else None


def blunt_edge(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-BLUNT-EDGE: this weapon's DMG −1 (minimum 1)."""
    return -1 if _own(bearer, attacker) else None


def reinforced_ammo(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-REINFORCED-AMMO: DMG +1 on this weapon's ranged attacks."""
    return 1 if ranged and _own(bearer, attacker) else None


def undead_slayer(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-UNDEAD-SLAYER: DMG +2 against enemies that are not alive (trait TRT-NON-LIVING)."""
    return 2 if _own(bearer, attacker) and "TRT-NON-LIVING" in character_traits(gs, target) else None


def blessed_ammo(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-BLESSED-AMMO: DMG +2 against targets with INT 6 or more."""
    return 2 if _own(bearer, attacker) and gs.attrs(target).INT >= 6 else None


def pulse_ammo(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-PULSE-AMMO: DMG +2 against targets with Vulnerable, DMG −2 against any other (minimum 1). Vulnerable
    is one of the entries the source catalogue lost (traits notes G9), so no target carries it: always −2."""
    if not _own(bearer, attacker):
        return None
    return 2 if "TRT-VULNERABLE" in character_traits(gs, target) else -2


def lord_of_laceration(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-LORD-OF-LACERATION: enemies have DMG −2 against it (melee or ranged; minimum 1)."""
    return -2 if _against(bearer, target) else None


def vital_energy(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-VITAL-ENERGY ruling: in melee, before the DEF check, it may add DMG +X, X = the wounds currently on it
    (offsets the core melee −wounds penalty). A larger DMG never hurts its bearer, so it is always taken."""
    if ranged or not _own(bearer, attacker):
        return None
    return gs.wounds(bearer) or None


def experimental_ammo(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-EXPERIMENTAL-AMMO ruling: DMG +3 only against targets within half the weapon's ALC (its RNG after
    every trait, BLD-14; the distance edge to edge, BAS-3), not ALC halved."""
    if not ranged or not _own(bearer, attacker) or weapon is None:
        return None
    return 3 if 2 * gs.distance(attacker, target) <= weapon_range(weapon) else None


def no_damage(gs, bearer, attacker, target, weapon, ranged):
    """TRT-NO-DAMAGE: this weapon inflicts no wounds (DMG 0, CMB-4 step 4; on-hit effects still apply)."""
    return "zero" if _own(bearer, attacker) else None


def softie(gs, bearer, attacker, target, weapon, ranged) -> Fraction | None:
    """TRT-SOFTIE: it suffers double damage: DMG ×2, a factor of CMB-4 step 3 (after every ± term)."""
    return Fraction(2) if _against(bearer, target) else None


R, W, RW = ("race",), ("weapon",), ("race", "weapon")
register("TRT-COMPLICATED-WEAPON", "Arma complicada", {"attack_mod": complicated_weapon}, kinds=W)
register("TRT-TRACER-AMMO", "Munición trazadora", {"attack_mod": tracer_ammo}, kinds=W)
register("TRT-CAMOUFLAGE", "Camuflaje", {"attack_mod": camouflage}, kinds=R)
register("TRT-HARD-TO-KILL", "Difícil de matar", {"attack_mod": hard_to_kill}, kinds=R)
register("TRT-GLOWING", "Fosforito", {"attack_mod": glowing}, kinds=R)
register("TRT-SMALL", "Pequeño", {"attack_mod": small}, kinds=R)
register("TRT-PROFESSION-ARCHER", "Profesión arquero", {"attack_mod": profession_archer}, kinds=R)
register("TRT-PROFESSION-GLADIATOR", "Profesión gladiador", {"attack_mod": profession_gladiator}, kinds=R)
register("TRT-TWO-WEAPON-FIGHTING", "Lucha con 2 armas", {"attack_mod": two_weapons}, kinds=R)
register("TRT-HATRED", "Odio", {"attack_mod": hatred_imp, "dmg_mod": hatred_dmg}, kinds=RW)
register("TRT-HATED", "Odiado", {"attack_mod": hated_imp, "dmg_mod": hated_dmg}, kinds=R)
register("TRT-FURY", "Rabia", {"attack_mod": fury_imp, "dmg_mod": fury_dmg, "def_mod": fury_def}, kinds=R)
register("TRT-PROFESSION-KNIGHT", "Profesión caballero", {"def_check_mod": profession_knight}, kinds=R)
register("TRT-LORD-OF-CORROSION", "Señor de la corrosión", {"def_check_mod": lord_of_corrosion}, kinds=R)
register("TRT-STEEL-PLATING", "Baño de acero",
         {"def_mod": _def_plus("TRT-STEEL-PLATING", 1, "DEF +1 (CH DEF target and DEF subtracted).")}, kinds=R)
register("TRT-TOUGH", "Duro", {"def_mod": _def_plus("TRT-TOUGH", 1, "DEF +1; not a protection's DEF, so it does "
                                                     "not count for overload (MOD-4).")}, kinds=R)
register("TRT-SCRAWNY", "Escuchimizado", {"def_mod": _def_plus("TRT-SCRAWNY", -1, "DEF −1 (minimum 0).")}, kinds=R)
register("TRT-PIERCING-AMMO", "Munición perforante", {"def_mod": piercing_ammo}, kinds=W)
register("TRT-IMPACT-ABSORPTION", "Absorción de impacto", {"dmg_mod": impact_absorption}, kinds=R)
register("TRT-BLUNT-EDGE", "Filo romo", {"dmg_mod": blunt_edge}, kinds=W)
register("TRT-REINFORCED-AMMO", "Munición reforzada", {"dmg_mod": reinforced_ammo}, kinds=W)
register("TRT-UNDEAD-SLAYER", "Matamuertos", {"dmg_mod": undead_slayer}, kinds=RW)
register("TRT-BLESSED-AMMO", "Munición bendecida", {"dmg_mod": blessed_ammo}, kinds=W)
register("TRT-PULSE-AMMO", "Munición de pulso", {"dmg_mod": pulse_ammo}, kinds=W)
register("TRT-LORD-OF-LACERATION", "Señor de la laceración", {"dmg_mod": lord_of_laceration}, kinds=R)
register("TRT-NO-DAMAGE", "Sin daño", {"dmg_mod": no_damage}, kinds=W)
register("TRT-SOFTIE", "Blandito", {"dmg_factor": softie}, kinds=R)
register("TRT-LORD-OF-MEDUSA", "Señor de Medusa", {"attack_mod": lord_of_medusa}, kinds=R)
register("TRT-CONSUMMATE-FIGHTER", "Luchador consumado", {"attack_mod": consummate_fighter}, kinds=R)
register("TRT-VITAL-ENERGY", "Energía vital", {"dmg_mod": vital_energy}, kinds=R)
register("TRT-EXPERIMENTAL-AMMO", "Munición experimental", {"dmg_mod": experimental_ammo}, kinds=W)
