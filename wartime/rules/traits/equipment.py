"""Weapon traits on the use of a weapon (issue 12 point 1): Arma pesada (TRT-HEAVY-WEAPON), Afilada (TRT-SHARP),
Acobardamiento (TRT-COWING), Dañino (TRT-HARMFUL), Defectuoso (TRT-DEFECTIVE). A weapon is "used" once per attack
made with it (an area attack included), after the attack is resolved."""
from __future__ import annotations

from dataclasses import replace

from wartime.core.errors import RuleViolation
from wartime.rules.checks import percent
from wartime.rules.traits.registry import Wear, register


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
register("TRT-COWING", "Acobardamiento", {"hit_psi": cowing}, kinds=("weapon",))


def harmful(gs, e: int, weapon) -> Wear:
    """TRT-HARMFUL: each use of the weapon gives its user 1 wound (its ruling: the user, no CH DEF)."""
    return Wear("TRT-HARMFUL", user_wounds=1)


def defective(gs, e: int, weapon) -> Wear | None:
    """TRT-DEFECTIVE: each use of the weapon has a 10 % chance (1D100 ≤ 10, BAS-6) of 1 wound, to the weapon
    itself (its ruling: the item, WND-6: DMG −1 per wound; disabled at QUA wounds, WND-4)."""
    if percent(gs.world, 10, "TRT-DEFECTIVE", f"{weapon.name} used"):
        return Wear("TRT-DEFECTIVE", item_wounds=1)
    return None


register("TRT-HARMFUL", "Dañino", {"weapon_used": harmful}, kinds=("weapon",))
register("TRT-DEFECTIVE", "Defectuoso", {"weapon_used": defective}, kinds=("weapon",))
