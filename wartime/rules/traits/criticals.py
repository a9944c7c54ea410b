"""Traits on criticals and on the wound stage (CMB-4's order; traits notes G10): TRT-SNIPER-WEAPON (Arma de
francotirador: criticals on 1-2), TRT-TOOTHLESS (Sin dientes: no criticals, beats the wider range), TRT-EXTRA-DAMAGE
(Daño extra), TRT-SLAUGHTERER (Matarife), TRT-ULTRA-PIERCING-AMMO (Munición ultraperforante), TRT-LONG-LIFE
(Larga vida), TRT-GREAT-BEAST (Gran bestia); and TRT-CAVALRY (Caballería: a charge's DMG +2 instead of +1).
Issue 12 point 1: TRT-SEVEN-LIVES (7 vidas: a second CH DEF at DEF − 1), TRT-SECOND-CHANCE (Otra oportunidad: at
DEF / 2), TRT-SAFEGUARD (Salvaguarda: at DEF 5), and TRT-LUCKY (Afortunado: 1D10, a 1
ignores a wounding hit), TRT-COUNTER-CHARGE (Contracarga: chargers get no charge bonus), TRT-SPIKES (Pinchos: a
DMG 2 riposte)."""
from __future__ import annotations

from wartime.rules.traits.registry import charge_bonus, register


def sniper(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-SNIPER-WEAPON: hit checks with this weapon are criticals on a roll of 1 or 2."""
    return 2 if bearer == attacker else None


def toothless(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-TOOTHLESS: it cannot score criticals (a 1 is an ordinary roll); it beats a wider critical range
    (G10: the prohibition wins). On a weapon, only that weapon's hit checks."""
    return 0 if bearer == attacker else None


def extra_damage(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-EXTRA-DAMAGE: DMG +1 on a critical hit check (on top of the core critical +1)."""
    return 1 if bearer == attacker else None


def slaughterer(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-SLAUGHTERER: on a critical CH IMP in melee, DMG +2 instead of the core +1 (one more)."""
    return 1 if bearer == attacker and not ranged else None


def ultra_piercing(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-ULTRA-PIERCING-AMMO: on a critical CH IMP the target has DEF −5 (CH DEF target and DEF subtracted,
    minimum 0), on top of the critical's DMG +1."""
    return -5 if bearer == attacker else None


def long_life(gs, bearer, attacker, target, weapon, ranged) -> bool:
    """TRT-LONG-LIFE: it takes no wounds when it passes the CH DEF (instead of DMG − DEF)."""
    return bearer == target


def great_beast(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-GREAT-BEAST: only a final DMG greater than half its CON (x.5 up) wounds it."""
    return (gs.attrs(target).CON + 1) // 2 if bearer == target else None


def cavalry(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-CAVALRY: when charging, DMG +2 instead of +1: one more on the melee attack its charge set up
    (CBA-12's bonus target)."""
    if bearer == attacker and not ranged and charge_bonus(gs, attacker, target):
        return 1
    return None


register("TRT-SNIPER-WEAPON", "Arma de francotirador", {"crit_range": sniper}, kinds=("weapon",))
register("TRT-TOOTHLESS", "Sin dientes", {"crit_range": toothless}, kinds=("race", "weapon"))
register("TRT-EXTRA-DAMAGE", "Daño extra", {"crit_dmg_mod": extra_damage}, kinds=("weapon",))
register("TRT-SLAUGHTERER", "Matarife", {"crit_dmg_mod": slaughterer}, kinds=("race", "weapon"))
register("TRT-ULTRA-PIERCING-AMMO", "Munición ultraperforante", {"crit_def_mod": ultra_piercing}, kinds=("weapon",))
register("TRT-LONG-LIFE", "Larga vida", {"wounds_on_pass": long_life}, kinds=("race",))
register("TRT-GREAT-BEAST", "Gran bestia", {"wound_threshold": great_beast}, kinds=("race",))
register("TRT-CAVALRY", "Caballería", {"dmg_mod": cavalry}, kinds=("race",))


def seven_lives(gs, bearer, attacker, target, weapon, ranged):
    """TRT-SEVEN-LIVES: after its CH DEF finally fails (after any reroll) it makes a second CH DEF with DEF − 1, as
    the target and, on a pass, as the DEF subtracted; the second result stands (its ruling and core CMB-3's
    second CH DEF: a new check, so a first fumble keeps its DMG +1 and protection wound)."""
    return ("plus", -1) if bearer == target else None


def second_chance(gs, bearer, attacker, target, weapon, ranged):
    """TRT-SECOND-CHANCE: after its CH DEF finally fails it makes a second CH DEF with DEF / 2 (x.5 up), as the
    target and, on a pass, as the DEF subtracted (its ruling; core CMB-3's second CH DEF)."""
    return ("half", None) if bearer == target else None


def safeguard(gs, bearer, attacker, target, weapon, ranged):
    """TRT-SAFEGUARD: after its CH DEF finally fails it makes a second CH DEF with DEF = 5 whatever its own DEF, as
    the target and, on a pass, as the DEF subtracted (its ruling; core CMB-3's second CH DEF)."""
    return ("set", 5) if bearer == target else None


def lucky(gs, bearer, attacker, target, weapon, ranged) -> bool:
    """TRT-LUCKY: each time it would suffer damage it rolls 1D10: on a 1 the damage is ignored (its ruling:
    rolled after the CH DEF, only when at least 1 wound would be taken; the whole hit is ignored, no CH PSI)."""
    return bearer == target


register("TRT-SEVEN-LIVES", "7 vidas", {"second_def": seven_lives}, kinds=("race",))
register("TRT-SECOND-CHANCE", "Otra oportunidad", {"second_def": second_chance}, kinds=("race",))
register("TRT-SAFEGUARD", "Salvaguarda", {"second_def": safeguard}, kinds=("race",))
register("TRT-LUCKY", "Afortunado", {"luck": lucky}, kinds=("race",))


def counter_charge(gs, bearer, attacker, target) -> bool:
    """TRT-COUNTER-CHARGE: enemies charging it get no bonus that exists because they charged (its ruling: Cargar's
    CH IMP +1 and DMG +1, TRT-CAVALRY's, TRT-BATTLE-CRY's); the charge move and charge maluses stand. The passive
    trait is not the Contracarga reaction (CBA-13: CH DEF +1), and both may apply."""
    return bearer == target


register("TRT-COUNTER-CHARGE", "Contracarga", {"charge_bonus_denied": counter_charge}, kinds=("race",))


def spikes(gs, e: int) -> int:
    """TRT-SPIKES: on its critical CH DEF in melee the automatic hit on the attacker has DMG 2 instead of 1
    (CMB-7)."""
    return 2


register("TRT-SPIKES", "Pinchos", {"riposte_dmg": spikes}, kinds=("race",))
