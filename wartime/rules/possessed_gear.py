"""Possessed equipment (CBA-21, MET-10, GNA-11): Poseer aimed at a character's transport ("transport") or at an
object it holds ("item:<id>"), the equipment a neuromancer hacks (MET-8: rules/metahabilities.equipment_aims).

- Who: equipment whose stress (components.GearStress, given by Corromper / Hackear) is at least its QUA, or that
  this possessor marked (GNA-11: components.GearMarked); its holder within INT (VOL) K, in FOV and LOS; the check and
  its fumble are Poseer's (rules/possession.py). Equipment never volunteers (MET-10 ruling: a voluntary target is a
  character). Weapons and worn protections are not aimed at: they carry no stress (MET-8's ruling names objects and
  transports) and could be marked only once possessed. A driverless transport (MVA-17, Parked) is no character's: it
  is not aimed at either.
- While possessed (components.PossessedGear on the object's `Item`, or on the entity carrying the `Mount`), its
  possessor may, once in each of its activations, switch it off or on again, or give it wounds with no CH DEF, up
  to QUA + 1 in all (QUA: disabled, WND-4; QUA + 1: destroyed, WND-5; a destroyed transport explodes, and so does
  an object with Inflamable or Explota: rules.objects.wound_gear). What
  "switched off" means (rules/switched_off.py): an object cannot be used (GNA-16) and gives its holder no trait; a
  transport cannot move (its occupants may still get off) and its mounted weapons cannot attack. It is on again
  when the possession ends.
- Duration (ruling 1, MET-5): to the end of its holder's next activation (the first that starts after the
  possession); the holder is the character that held it or rode it then. Kept with MET-6 (rules/possession_keep.py).
Components of this module are set only in games where equipment is possessed: other games' state is unchanged."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from wartime.core.components import Gear, GearMarked, GearStress, Item, Mount, Parked, PossessedGear
from wartime.core.errors import RuleViolation
from wartime.geometry.templates import round_template
from wartime.rules import metahabilities as meta, objects, parked, possession, riding, traits
from wartime.rules.area_cover import covered_minis
from wartime.rules.combat import resolve_hit
from wartime.rules.state import GameState

#: CBA-21: what the possessor does with possessed equipment.
OFF, ON, WOUNDS = "off", "on", "wounds"


# --- which equipment -----------------------------------------------------------------------------------------------
def entity_of(target: int, aim: str) -> int:
    """The entity carrying the equipment `aim` of character `target`: itself for its transport, the `Item`."""
    return target if aim == "transport" else int(aim.split(":")[1])


def quality(gs: GameState, e: int, aim: str) -> int:
    """MET-10: the equipment's QUA (CAL)."""
    return gs.world.get(e, Mount).QUA if aim == "transport" else gs.world.get(e, Gear).QUA


def name_of(gs: GameState, e: int, aim: str) -> str:
    """The equipment's name (a transport's from its `Mount`, even once its driver got off)."""
    return gs.world.get(e, Mount).name if aim == "transport" else gs.world.get(e, Item).name


def stress_of(gs: GameState, e: int) -> int:
    s = gs.world.try_get(e, GearStress)
    return 0 if s is None else s.value


def marked_by(gs: GameState, e: int) -> tuple[int, ...]:
    """GNA-11: who marked the equipment on entity `e`."""
    m = gs.world.try_get(e, GearMarked)
    return () if m is None else m.by


def exists(gs: GameState, e: int, aim: str) -> bool:
    """The equipment is still in play (a destroyed transport's `Mount` is gone; a removed object's `Gear` too)."""
    return gs.world.has(e, Mount if aim == "transport" else Gear)


def possessable(gs: GameState, actor: int, target: int, aim: str) -> bool:
    """MET-10 / GNA-11: stress at least QUA, or marked by `actor`, and not possessed already. TRT-NEGATE (QUA): an
    `actor` cancelling QUA meets the other's equipment with QUA 0 (any stress is enough)."""
    e = entity_of(target, aim)
    if not exists(gs, e, aim) or gs.world.has(e, PossessedGear):
        return False
    qua = 0 if traits.cancels(gs, actor, "QUA", target) else quality(gs, e, aim)
    return stress_of(gs, e) >= qua or actor in marked_by(gs, e)


def aims(gs: GameState, actor: int, target: int) -> list[str]:
    """CBA-21: the equipment of `target` `actor` could possess now (stress or mark; reach is checked on declaring)."""
    return [a for a in meta.equipment_aims(gs, target) if possessable(gs, actor, target, a)]


def _check_open(gs: GameState, actor: int, target: int, e: int, aim: str, name: str) -> None:
    """MET-10 / GNA-11: not possessed already; stress ≥ QUA, or marked by `actor`."""
    if gs.world.has(e, PossessedGear):
        raise RuleViolation("CBA-21", f"{name} is already possessed")
    if not possessable(gs, actor, target, aim):
        raise RuleViolation("MET-10", f"{name} has less stress ({stress_of(gs, e)}) than its QUA "
                            f"({quality(gs, e, aim)}) and is not marked by {gs.name(actor)} (GNA-11)")


def check_parked(gs: GameState, actor: int, t: int, aim, attribute: str) -> tuple[int, str]:
    """CBA-21 / MET-10 on a driverless enemy transport (MVA-17): stress ≥ QUA or marked, within INT (VOL) K, in FOV
    and LOS (rules/parked.py)."""
    parked.need_parked(gs, actor, t, "CBA-21")
    if aim != "transport":
        raise RuleViolation("CBA-21", f"{riding.base_name(gs, t)} is a transport: aim 'transport'")
    _check_open(gs, actor, t, t, aim, riding.base_name(gs, t))
    parked.check_reach(gs, actor, t, attribute, "CBA-21")
    return t, aim


def parked_aims(gs: GameState, actor: int) -> list[int]:
    """CBA-21: the driverless enemy transports `actor` could possess now (stress or mark; reach checked on declaring)."""
    return [t for t in parked.enemy_parked(gs, actor) if possessable(gs, actor, t, "transport")]


def check_target(gs: GameState, actor: int, target, aim, attribute: str) -> tuple[int, str]:
    """CBA-21 / MET-10: a character's transport or held object with stress ≥ QUA (or marked by `actor`, GNA-11), not
    possessed, its holder within INT (VOL) K, in FOV and LOS; or a driverless transport (`check_parked`). Returns
    (target, aim)."""
    if parked.is_parked(gs, target):
        return check_parked(gs, actor, target, aim, attribute)
    if not isinstance(target, int) or isinstance(target, bool) or target not in gs.minis():
        raise RuleViolation("CBA-21", f"{target!r} is not a character")
    if target == actor or not gs.on_table(target):
        raise RuleViolation("CBA-21", f"{gs.name(actor)} cannot possess {gs.name(target)}'s equipment")
    if aim not in meta.equipment_aims(gs, target):
        raise RuleViolation("CBA-21", f"{aim!r} is not {gs.name(target)}'s transport nor an object it holds")
    e = entity_of(target, aim)
    _check_open(gs, actor, target, e, aim, name_of(gs, e, aim))
    meta.check_reach(gs, actor, target, attribute, "CBA-21")
    return target, aim


# --- start and end ----------------------------------------------------------------------------------------------------
def start(gs: GameState, possessor: int, target: int, aim: str) -> None:
    """CBA-21: the equipment is possessed until the end of its holder's next activation (ruling 1)."""
    install(gs.world)
    e = entity_of(target, aim)
    holder = gs.world.get(target, Parked).owner if gs.world.has(target, Parked) else target
    gs.world.set(e, PossessedGear(possessor, holder, aim, gs.world.resources["flow"].turn))
    gs.world.emit("state_changed", "CBA-21", who=target, state="equipment_possessed", value=True, by=possessor,
                  aim=aim, equipment=name_of(gs, e, aim))


def possess(gs: GameState, ctx, actor: int, target: int, attribute: str, aim: str) -> bool:
    """CBA-21: Poseer aimed at equipment: Poseer's check (possession.roll_possessor); on a pass it is possessed."""
    foe = None if gs.world.has(target, Parked) else target        # MVA-17: a driverless transport has no traits
    if not possession.roll_possessor(gs, ctx, actor, foe, attribute, "CBA-21", "Poseer"):
        gs.world.emit("possession_failed", "CBA-21", who=actor, target=target, aim=aim)
        return False
    start(gs, actor, target, aim)
    return True


def end(gs: GameState, e: int, rule: str, why: str) -> None:
    """CBA-21: the possession ends; switched-off equipment is on again."""
    p = gs.world.get(e, PossessedGear)
    gs.world.remove(e, PossessedGear)
    gs.world.emit("state_changed", rule, who=p.holder, state="equipment_possessed", value=False, by=p.possessor,
                  aim=p.aim, why=why)


def install(world) -> None:
    """Register the end of equipment possessions (idempotent; only games where equipment was possessed have it)."""
    if getattr(world, "_gear_possession", False):
        return
    world._gear_possession = True
    world.add_system("start_of_activation", _arm)
    world.add_system("end_of_activation", _lapse)


def _arm(world, gs: GameState, who: int, **_: Any) -> None:
    """Ruling 1 (MET-5): the holder's next activation has started: the possession ends at its end. One whose holder
    is off the table (it has no next activation) ends when its possessor's next activation starts."""
    for e, p in sorted(world.tables.get(PossessedGear, {}).items()):
        if p.possessor == who and not gs.on_table(p.holder):
            end(gs, e, "CBA-21", "its holder is off the table: its possessor's next activation")
        elif p.holder == who and not p.armed:
            world.set(e, replace(p, armed=True))


def _lapse(world, gs: GameState, who: int, **_: Any) -> None:
    for e, p in sorted(world.tables.get(PossessedGear, {}).items()):
        if p.holder == who and p.armed:
            end(gs, e, "CBA-21", "the end of its holder's next activation")


# --- what the possessor does with it --------------------------------------------------------------------------------
def controlled_by(gs: GameState, possessor: int) -> list[tuple[int, PossessedGear]]:
    """CBA-21: the equipment `possessor` possesses now (entity id order)."""
    return [(e, p) for e, p in sorted(gs.world.tables.get(PossessedGear, {}).items())
            if p.possessor == possessor and exists(gs, e, p.aim)]


def _tag(e: int) -> str:
    return f"CBA-21:{e}"


def to_handle(gs: GameState, possessor: int) -> list[tuple[int, PossessedGear]]:
    """CBA-21: the possessed equipment `possessor` has not handled yet in this activation."""
    spent = gs.effects(possessor).spent
    return [(e, p) for e, p in controlled_by(gs, possessor) if _tag(e) not in spent]


def choices(gs: GameState, e: int, p: PossessedGear) -> list[tuple[str, int]]:
    """CBA-21: (what, wounds) the possessor may do with it now: switch it off (or on again), or 1..N wounds, N the
    QUA + 1 not yet given."""
    out = [(ON if p.off else OFF, 0)]
    return out + [(WOUNDS, n) for n in range(1, quality(gs, e, p.aim) + 2 - p.wounds)]


def check_control(gs: GameState, actor: int, params: dict) -> tuple[int, str, int]:
    """CBA-21: once per activation for each piece, in the possessor's activation, a choice `choices` offers."""
    if params.get("_window") is not None:
        raise RuleViolation("CBA-21", "possessed equipment is handled in its possessor's activation")
    e = params.get("equipment")
    mine = dict(controlled_by(gs, actor))
    if e not in mine:
        raise RuleViolation("CBA-21", f"{gs.name(actor)} does not possess equipment {e!r}")
    if _tag(e) in gs.effects(actor).spent:
        raise RuleViolation("CBA-21", "possessed equipment is handled once in each activation of its possessor")
    do, n = params.get("do"), params.get("wounds", 0)
    if (do, n) not in choices(gs, e, mine[e]):
        raise RuleViolation("CBA-21", f"{name_of(gs, e, mine[e].aim)} cannot be given {do!r} {n!r}: switch it "
                            f"off or on, or up to {quality(gs, e, mine[e].aim) + 1} wounds in all (QUA + 1)")
    return e, do, n


def control(gs: GameState, ctx, actor: int, e: int, do: str, n: int) -> None:
    """CBA-21: switch the equipment off or on, or give it `n` wounds with no CH DEF (WND-4 at QUA, WND-5 above)."""
    gs.set_effects(actor, spent=gs.effects(actor).spent + (_tag(e),))
    p = gs.world.get(e, PossessedGear)
    if do in (OFF, ON):
        gs.world.set(e, replace(p, off=do == OFF))
        gs.world.emit("state_changed", "CBA-21", who=p.holder, state="equipment_off", value=do == OFF, by=actor,
                      aim=p.aim)
        return
    gs.world.set(e, replace(p, wounds=p.wounds + n))
    if p.aim == "transport":
        riding.wound_transport(gs, ctx, e, n, actor, resolve_hit, n)    # the blow's DMG: its wounds (TRT-EXPLODES)
    else:
        objects.wound_gear(gs, p.holder, e, n, "CBA-21")
    if gear_destroyed(gs, e, p.aim):
        end(gs, e, "WND-5", "destroyed")


def blast_reach(gs: GameState, e: int, n: int) -> list[int]:
    """WND-5: the miniatures the explosion of the possessed equipment on `e` could hit if `n` more wounds destroyed
    it, whatever its D100 (id order): a transport's wreck (rules.riding.blast_reach); an object's traits' blasts
    around its holder, the holder included (TRT-FLAMMABLE, TRT-EXPLODES: rules.wounds.item_destroyed, the blow's
    DMG being the `n` wounds); none for an object that does not explode. Read by the scripted AI."""
    p = gs.world.get(e, PossessedGear)
    if p.aim == "transport":
        return riding.blast_reach(gs, e)
    g = gs.world.get(e, Gear)
    if not gs.on_table(p.holder):
        return []
    diameter = max((d for _, (_, _, d) in traits.item_blasts(gs, p.holder, g, n)), default=0)
    if diameter <= 0:
        return []
    at = gs.pos(p.holder)
    return sorted(o for o, _ in covered_minis(gs, round_template(at.x, at.y, diameter), at.level, None))


def gear_destroyed(gs: GameState, e: int, aim: str) -> bool:
    """WND-5: an object with more wounds than QUA is destroyed (a destroyed transport's `Mount` is gone)."""
    if not gs.world.has(e, PossessedGear):
        return False
    if aim == "transport":
        return not gs.world.has(e, Mount)
    g = gs.world.try_get(e, Gear)
    return g is None or g.wounds > g.QUA


# --- GNA-11 ---------------------------------------------------------------------------------------------------------
def check_mark(gs: GameState, actor: int, e) -> int:
    """GNA-11: equipment the actor possesses now."""
    if e not in dict(controlled_by(gs, actor)):
        raise RuleViolation("GNA-11", f"{gs.name(actor)} marks only equipment it possesses now")
    return e


def mark(gs: GameState, ctx, actor: int, e: int, attribute: str) -> bool:
    """GNA-11: on a passed CH INT (VOL) the equipment is marked by `actor` (Poseer then waives its stress
    requirement); the check and its fumble are Poseer's."""
    p = gs.world.get(e, PossessedGear)
    foe = None if gs.world.has(e, Parked) or not gs.on_table(p.holder) else p.holder
    if not possession.roll_possessor(gs, ctx, actor, foe, attribute, "GNA-11", "Marcar un objetivo"):
        gs.world.emit("mark_failed", "GNA-11", who=actor, target=p.holder, aim=p.aim)
        return False
    by = marked_by(gs, e)
    if actor not in by:
        gs.world.set(e, GearMarked(by + (actor,)))
    gs.world.emit("target_marked", "GNA-11", marker=actor, target=p.holder, aim=p.aim)
    return True
