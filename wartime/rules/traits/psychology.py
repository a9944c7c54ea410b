"""Psychological maluses (PSI-8 gives them in play; a race may carry them): TRT-VERY-FEARFUL (Muy miedoso),
TRT-INSANE (Loco), TRT-COWARD (Cobarde), TRT-CHICKEN (Gallina), TRT-INNER-ANIMAL (Animal interior),
TRT-BLOOD-CRAVING (Ansia de sangre), TRT-MURDEROUS-MADNESS (Locura asesina), TRT-FAINT-HEARTED (Pusilánime),
TRT-RADIANT (Radiante). Panic beats every forced attack (G10, core PSI-12: a panicking character makes none)."""
from __future__ import annotations

import math

from wartime.core.components import Attributes, Compelled
from wartime.core.errors import RuleViolation
from wartime.rules.checks import Modifier, percent
from wartime.rules.traits.auras import calmed
from wartime.rules.traits.registry import PsiCheck, register

#: TRT-MURDEROUS-MADNESS: the chance (a D100 at or under it) that it attacks the nearest miniature.
MADNESS_CHANCE = 20
#: TRT-RADIANT: the reach of its aura (K, G1).
RADIANT_K = 10.0


def very_fearful(gs, e: int, attribute: str, kind: str) -> Modifier | None:
    """TRT-VERY-FEARFUL: CH VOL −1 (ruling: CH PSI and CH LOC too, both made with VOL)."""
    return Modifier("TRT-VERY-FEARFUL", -1, "Muy miedoso") if attribute == "VOL" else None


def insane(gs, e: int, attribute: str, kind: str) -> Modifier | None:
    """TRT-INSANE: CH LOC −1."""
    return Modifier("TRT-INSANE", -1, "Loco") if kind == "LOC" else None


def coward(gs, e: int) -> PsiCheck:
    """TRT-COWARD: a CH PSI for each attack it declares, after its ENE is paid and before the CH IMP; a failure
    fails the attack (PSI-5), its ENE spent."""
    return PsiCheck("Cobarde attacks", "TRT-COWARD")


def melee_outnumbered(gs, e: int) -> bool:
    """Its side has fewer able characters than the enemy in its melee group (TRT-CHICKEN)."""
    group = gs.melee_group(e)
    mine = sum(1 for m in group if gs.side(m) == gs.side(e) and gs.able(m))
    return len([m for m in group if gs.side(m) != gs.side(e) and gs.able(m)]) > mine


def chicken(gs, e: int, key: str) -> None:
    """TRT-CHICKEN: engaged in a melee its side is losing, it must disengage (Destrabarse) or end its
    activation; any other action is refused."""
    if key not in ("disengage", "end") and gs.engaged(e) and melee_outnumbered(gs, e):
        raise RuleViolation("TRT-CHICKEN", f"{gs.name(e)} (Gallina) must disengage from a melee its "
                            "side is losing")


def _charge_first(gs, e: int, rule: str) -> Compelled | None:
    """Its first action this activation must be a charge (Cargar, CBA-12) at an enemy, if one is legal (the
    controller picks the target; rules/restrictions.py judges legality). Panic takes precedence."""
    if gs.psyche(e).panic:
        return None
    return Compelled(tuple(gs.enemies(e)), "charge", rule, first_only=True)


def inner_animal(gs, e: int) -> Compelled | None:
    """TRT-INNER-ANIMAL: if a legal charge exists at the start of its activation, its first action must be a
    charge (Cargar; the controller picks the target), unless a friendly Líder, Aura de obstinación or Presencia
    de honor is within 10 K then. Panic takes precedence (it makes no attacks); ending the activation stays
    allowed."""
    return None if calmed(gs, e) else _charge_first(gs, e, "TRT-INNER-ANIMAL")


def blood_craving(gs, e: int) -> Compelled | None:
    """TRT-BLOOD-CRAVING: as Animal interior, with no aura to calm it: if a legal charge exists at the start of
    its activation, its first action must be a charge."""
    return _charge_first(gs, e, "TRT-BLOOD-CRAVING")


def murderous_madness(gs, e: int, check) -> None:
    """TRT-MURDEROUS-MADNESS: at the start of its activation, if it is not in melee (nor panicking), a D100 ≤ 20
    makes its first action an attack on the nearest miniature of any side (BAS-3 distance; ties: the smaller
    centre distance, then the lower id, G10): a shot if it has a ranged weapon and line of sight, otherwise a
    charge; if neither is within reach nothing happens."""
    if gs.engaged(e) or gs.psyche(e).panic:
        return
    if not percent(gs.world, MADNESS_CHANCE, "TRT-MURDEROUS-MADNESS", f"{gs.name(e)}'s Locura asesina", who=e):
        return
    others = [o for o in gs.minis() if o != e and gs.on_table(o) and gs.able(o)]
    if not others:
        return
    p = gs.pos(e)
    nearest = min(others, key=lambda o: (round(gs.distance(e, o), 9),
                                         math.hypot(gs.pos(o).x - p.x, gs.pos(o).y - p.y), o))
    mode = "ranged" if gs.shot_in_reach(e, nearest) else "charge" if gs.charge_in_reach(e, nearest) else None
    if mode is None:
        gs.world.emit("compelled", "TRT-MURDEROUS-MADNESS", who=e, targets=[nearest], mode=None)
        return
    gs.world.set(e, Compelled((nearest,), mode, "TRT-MURDEROUS-MADNESS", first_only=True))
    gs.world.emit("compelled", "TRT-MURDEROUS-MADNESS", who=e, targets=[nearest], mode=mode)


def faint_hearted(gs, e: int, attrs: Attributes) -> Attributes:
    """TRT-FAINT-HEARTED: CON, AGI, INT and VOL halved (x.5 up, BAS-5) for checks and derived values (ENE gain,
    FOV range, initiative phase) unless an ally within 10 K has Líder, Aura de obstinación or Presencia de honor.
    Stress is compared with the VOL attribute itself (PSI-14..16 are thresholds of the attribute, not values
    derived from it)."""
    if calmed(gs, e):
        return attrs
    return Attributes(*((v + 1) // 2 for v in (attrs.CON, attrs.AGI, attrs.INT, attrs.VOL)))


def radiant(gs, e: int, bearers, check) -> None:
    """TRT-RADIANT: an enemy within 10 K of a Radiante (G1) with a ranged weapon makes one CH VOL at the start of
    its activation (one per activation, however many Radiantes); on a failure its ranged attacks this activation
    must target a Radiante within 10 K while one is within reach of a shot (components.Compelled)."""
    near = [b for b in bearers if gs.distance(e, b) <= RADIANT_K + 1e-9]
    if not near or not gs.ranged_weapons(e) or gs.world.has(e, Compelled):
        return
    r = check(e, "VOL", "TRT-RADIANT", "Radiante")
    if not r.passed:
        gs.world.set(e, Compelled(tuple(near), "ranged", "TRT-RADIANT"))
        gs.world.emit("compelled", "TRT-RADIANT", who=e, targets=list(near), mode="ranged")


register("TRT-VERY-FEARFUL", "Muy miedoso", {"check_mod": very_fearful})
register("TRT-INSANE", "Loco", {"check_mod": insane})
register("TRT-COWARD", "Cobarde", {"before_attack": coward})
register("TRT-CHICKEN", "Gallina", {"action_restriction": chicken})
register("TRT-INNER-ANIMAL", "Animal interior", {"compulsion": inner_animal}, kinds=("race",))
register("TRT-BLOOD-CRAVING", "Ansia de sangre", {"compulsion": blood_craving}, kinds=("race",))
register("TRT-MURDEROUS-MADNESS", "Locura asesina", {"on_activation_start": murderous_madness}, kinds=("race",))
register("TRT-FAINT-HEARTED", "Pusilánime", {"attributes": faint_hearted}, kinds=("race",))
register("TRT-RADIANT", "Radiante", {"aura_activation_start": radiant}, kinds=("race",))


# --- more psychology: Fanático, Horror, Borracho, Servus, Retirada ordenada ------------------------------------
def fanatic(gs, e: int) -> bool:
    """TRT-FANATIC: it never panics (ruling: a failed CH LOC still gives the malus and a fumble's VOL loss, but no
    panic)."""
    return True


def fanatic_never_flees(gs, e: int, key: str) -> None:
    """TRT-FANATIC: it never flees (the reaction Huir is refused)."""
    if key == "flee":
        raise RuleViolation("TRT-FANATIC", f"{gs.name(e)} is fanatic (Fanático): it never flees")


def horror(gs, attacker: int, target: int, melee: bool) -> PsiCheck | None:
    """TRT-HORROR: an enemy must pass a CH PSI to attack it in melee: one for each melee attack action declared
    against it, after its ENE is paid and before its CH IMP; a failure fails the attack (PSI-5)."""
    return PsiCheck("attacks a Horror in melee", "TRT-HORROR") if melee else None


def drunk(gs, e: int, attribute: str, kind: str) -> Modifier | None:
    """TRT-DRUNK: after the 3rd turn, attribute checks −1, cumulative each turn (turn 4: −1, turn 5: −2...)."""
    turn = gs.world.resources["flow"].turn
    return Modifier("TRT-DRUNK", -(turn - 3), "Borracho") if turn > 3 else None


def servus(gs, e: int, attrs: Attributes) -> Attributes:
    """TRT-SERVUS (ruling): CON +1 and AGI +1, a real attribute increase (checks, ENE gain, melee DMG), max 10."""
    return Attributes(min(10, attrs.CON + 1), min(10, attrs.AGI + 1), attrs.INT, attrs.VOL)


def orderly_retreat(gs, e: int, key: str, attribute: str, kind: str) -> Modifier | None:
    """TRT-ORDERLY-RETREAT: CH ATR +2 when disengaging from melee (Destrabarse, CBA-15)."""
    return Modifier("TRT-ORDERLY-RETREAT", 2, "Retirada ordenada") if key == "disengage" else None


register("TRT-FANATIC", "Fanático", {"panic_immunity": fanatic, "action_restriction": fanatic_never_flees},
         kinds=("race",))
register("TRT-HORROR", "Horror", {"target_before_attack": horror}, kinds=("race",))
register("TRT-DRUNK", "Borracho", {"check_mod": drunk}, kinds=("race",))
register("TRT-SERVUS", "Servus", {"attributes": servus}, kinds=("race",))
register("TRT-ORDERLY-RETREAT", "Retirada ordenada", {"action_check_mod": orderly_retreat}, kinds=("race",))
