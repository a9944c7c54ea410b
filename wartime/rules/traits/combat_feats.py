"""Combat feats (issue 12, group D): Munición desestabilizadora's hit that empties the target's weapons, wipes its
marks and suppresses its bonuses until its next activation (TRT-DESTABILISING-AMMO), Machina mors' reaction shots
(TRT-MACHINA-MORS: the reaction is rules/actions/machina_mors.py), Súper salto's 10 K leap (TRT-SUPER-JUMP: the
action is rules/actions/super_jump.py), Arma de enjambre's volley (TRT-SWARM-WEAPON: the action is
rules/actions/swarm_volley.py) and Órdenes (TRT-ORDERS: the action is rules/actions/orders.py, the ally's nested
acting rules/orders.py)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from wartime.rules import gear_marks
from wartime.rules.traits.auras import allies_within
from wartime.rules.traits.devices import Designated
from wartime.rules.traits.registry import ON_OBJECTS, Leap, register, suppress_bonuses

W = ("weapon",)


# --- Munición desestabilizadora --------------------------------------------------------------------------------------
def destabilising(gs, bearer, attacker, target, weapon, ranged) -> None:
    """TRT-DESTABILISING-AMMO: "Si el objetivo no muere, sus armas se descargarán, perderá los objetivos marcados, y
    anulará sus bonus hasta su siguiente actuación". Ruling: on every hit (a passed CH IMP), wounded or not, of a
    target that did not die: (1) its weapons that are loaded (a mounted magazine with rounds left: TRT-MAGAZINES,
    TRT-OUT-OF-AMMO) are emptied (rounds 0: Recargar, GNA-13, before they fire again; a weapon with no ammunition
    to count has nothing to unload); (2) every mark it set is lost (TRT-TARGET-DESIGNATOR: it is no longer among the
    markers of anyone); (3) its bonuses (traits of positive cost) stop working until its next activation starts
    (registry.Suppressed): those it carries, its weapons' (registry.switch_off_weapon_traits) and its body's flight
    levels, take-off rule and level-3 freedom (registry.body_traits)."""
    if bearer != attacker or weapon is None or "TRT-DESTABILISING-AMMO" not in weapon.traits \
            or not gs.on_table(target):
        return
    emptied = []
    for i, w in enumerate(gs.equipment(target).weapons):
        if w.rounds is not None and w.rounds > 0:
            gs.set_weapon(target, i, replace(w, rounds=0))
            emptied.append(w.name)
    lost = []
    for m, d in sorted(gs.world.tables.get(Designated, {}).items()):
        if target in d.by:
            left = tuple(b for b in d.by if b != target)
            if left:
                gs.world.set(m, Designated(left))
            else:
                gs.world.remove(m, Designated)
            lost.append(m)
    lost += gear_marks.drop_by(gs.world, target)                     # GNA-11: its marks on equipment too
    gs.world.emit("destabilised", "TRT-DESTABILISING-AMMO", who=attacker, target=target, unloaded=emptied,
                  marks_lost=lost)
    suppress_bonuses(gs, target, "TRT-DESTABILISING-AMMO")


register("TRT-DESTABILISING-AMMO", "Munición desestabilizadora", {"on_hit": destabilising}, kinds=W)


# --- Machina mors --------------------------------------------------------------------------------------------------
MACHINA = "TRT-MACHINA-MORS"


def machina_imp(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-MACHINA-MORS: "CH IMP 4": every hit check with the weapon has the fixed target 4, ignoring its user's AGI
    and every modifier (ruling: as Munición teledirigida; a 1 is still a critical and a 10 a fumble)."""
    return 4 if bearer == attacker else None


def machina_weapons(gs, e: int) -> list[int]:
    """TRT-MACHINA-MORS: the indexes of `e`'s weapons carrying the trait that are not disabled (WND-4)."""
    return [i for i, w in enumerate(gs.equipment(e).weapons) if MACHINA in w.traits and not w.disabled]


@dataclass(frozen=True, slots=True)
class MachinaShot:
    """TRT-MACHINA-MORS: the enemy action the bearer last fired its reaction shot at: (actor, turn, whether the
    actor's activation had started and was over, the number of actions it had finished in it before that one)."""
    action: tuple


def _action_of(gs, actor: int, timing: str | None) -> tuple:
    """The enemy action a window of `timing` belongs to: its actions count is raised once the action resolved, so
    the after-action window's action is one back from the declaration window's (the activation flags tell an acting
    under orders, TRT-ORDERS, from the activation)."""
    act = gs.activation(actor)
    n = act.actions - (1 if timing == "after" else 0)
    return (actor, gs.world.resources["flow"].turn, act.started, act.acted, n)


def machina_shot_taken(gs, e: int, actor: int, timing: str | None) -> bool:
    """TRT-MACHINA-MORS ruling: one reaction shot per enemy action: whether `e` already fired at this one."""
    got = gs.world.try_get(e, MachinaShot)
    return got is not None and got.action == _action_of(gs, actor, timing)


def machina_fired(gs, e: int, actor: int, timing: str | None) -> None:
    """TRT-MACHINA-MORS: `e` fires its reaction shot at `actor`'s current action."""
    gs.world.set(e, MachinaShot(_action_of(gs, actor, timing)))


register(MACHINA, "Machina mors", {"fixed_imp": machina_imp}, kinds=W)


# --- Súper salto ---------------------------------------------------------------------------------------------------
#: TRT-SUPER-JUMP: "Puede saltar 10 K (ENE 5 y CH AGI). Si despega o cae en terreno difícil, CH AGI. Si falla, ENE-2 y
#: CH CON. Si falla, 3 her."
SUPER_JUMP = Leap("TRT-SUPER-JUMP", reach=10.0, cost=5, fail_ene=2, fail_check="CON", fail_wounds=3)


def super_jump(gs, e: int) -> Leap:
    """TRT-SUPER-JUMP: the action Súper salto (rules/actions/super_jump.py) with its profile."""
    return SUPER_JUMP


register("TRT-SUPER-JUMP", "Súper salto", {"leap": super_jump}, kinds=("race",))
ON_OBJECTS.add("TRT-SUPER-JUMP")            # GNA-16: on an object it works for the holder (traits/objects.py)


# --- Arma de enjambre ----------------------------------------------------------------------------------------------
def swarm(weapon) -> bool:
    """TRT-SWARM-WEAPON: "Disparar con otras armas de enjambre a la vez": the weapon fires in its bearer's volley
    (rules/actions/swarm_volley.py, which plays the criticals, fumbles and ENE of the row)."""
    return True


register("TRT-SWARM-WEAPON", "Arma de enjambre", {"volley": swarm}, kinds=W)


# --- Órdenes -------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class OrdersUsed:
    """TRT-ORDERS: the turn in which the bearer last gave an order (once per turn)."""
    turn: int


def orders_used(gs, e: int) -> bool:
    """TRT-ORDERS: whether `e` already gave its order this turn."""
    used = gs.world.try_get(e, OrdersUsed)
    return used is not None and used.turn == gs.world.resources["flow"].turn


def use_orders(gs, e: int) -> None:
    gs.world.set(e, OrdersUsed(gs.world.resources["flow"].turn))


def give_orders(gs, e: int) -> tuple[str, ...]:
    """TRT-ORDERS: the action Dar órdenes (rules/actions/orders.py)."""
    return ("give_orders",)


register("TRT-ORDERS", "Órdenes", {"grants_action": give_orders}, kinds=("race",))


# --- Grito de veterano ------------------------------------------------------------------------------------------------
#: TRT-VETERAN-CRY: the action of the extra attack (rules/actions/extra_attack.py)
EXTRA_KEYS = ("extra_attack",)


@dataclass(frozen=True, slots=True)
class ExtraAttackDue:
    """TRT-VETERAN-CRY: an extra attack owed to the character at ENE 0, with the attack `key` of its critical
    ('ranged_attack', 'melee_attack', 'melee_attack_firearm', 'unarmed_attack') and the same weapon `weapon` (None:
    unarmed); `asked`: it has been put at the head of a reaction window's queue (answered or passed, it is gone)."""
    key: str
    weapon: int | None
    asked: bool = False


@dataclass(frozen=True, slots=True)
class ExtraAttacking:
    """TRT-VETERAN-CRY: the character is making its extra attack (a critical on it does not chain)."""


def veteran_cry(gs, e: int, bearers, weapon_index: int | None, ranged: bool) -> bool:
    """TRT-VETERAN-CRY: "Aliados a 5K con crítico en CH IMP ganan ataque extra (ENE 0)". An ally within 5 K of a
    bearer (G1: not the bearer itself) that rolls a critical on a hit check is owed one extra attack (several bearers
    give one, G10; a critical on the extra attack does not chain): marked here, asked at once (rules/windows.py puts
    it at the head of the next reaction window, before any reaction; ruling: taken then or lost)."""
    if gs.world.has(e, ExtraAttacking) or gs.world.has(e, ExtraAttackDue) or not allies_within(gs, e, bearers, 5.0):
        return False
    w = gs.weapon(e, weapon_index) if weapon_index is not None else None
    key = ("unarmed_attack" if w is None else "ranged_attack" if ranged
           else "melee_attack_firearm" if w.ranged else "melee_attack")
    gs.world.set(e, ExtraAttackDue(key, weapon_index))
    gs.world.emit("extra_attack_due", "TRT-VETERAN-CRY", who=e, attack=key)
    return True


def extra_asked(gs, e: int) -> bool:
    """TRT-VETERAN-CRY: `e` is being asked for its extra attack (the only answer it may give then, or pass)."""
    due = gs.world.try_get(e, ExtraAttackDue)
    return due is not None and due.asked


def extra_first(gs, queue: list[int], triggers: list) -> tuple[list[int], list]:
    """TRT-VETERAN-CRY ruling: a reaction window's queue with every able, unpanicked character owed an extra attack
    at its head, in id order (marked asked), before any reaction; one that cannot take it loses it."""
    table = gs.world.tables.get(ExtraAttackDue)
    if not table:
        return queue, triggers
    first = []
    for e in sorted(table):
        due = table[e]
        if gs.able(e) and not gs.psyche(e).panic:
            if not due.asked:
                gs.world.set(e, replace(due, asked=True))
            first.append(e)
        else:
            gs.world.remove(e, ExtraAttackDue)
    return first + [q for q in queue if q not in first], triggers + [(e, "extra") for e in first
                                                                      if e not in dict(triggers)]


def settle_extra(gs, e: int) -> None:
    """TRT-VETERAN-CRY: `e` answered (or was skipped in) the window that asked for its extra attack: it is gone."""
    if extra_asked(gs, e):
        gs.world.remove(e, ExtraAttackDue)


register("TRT-VETERAN-CRY", "Grito de veterano", {"aura_crit_extra": veteran_cry}, kinds=("race",))
ON_OBJECTS.add("TRT-VETERAN-CRY")           # GNA-16: on an object it works for the holder (traits/objects.py)
