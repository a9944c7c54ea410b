"""Battle cries and death's bargains (issue 12, group B): Grito de venganza's last blow of a dying ally
(TRT-CRY-OF-VENGEANCE), Runas de vacío's once-a-turn escape from an enemy's metahability (TRT-VOID-RUNES), La mano
de la muerte's wound passing (TRT-HAND-OF-DEATH: the action is rules/actions/death_hand.py), Condenado's doom
(TRT-DOOMED) and Desafiante's challenge (TRT-CHALLENGER: the action is rules/actions/challenge.py)."""
from __future__ import annotations

from dataclasses import dataclass

from wartime.core.components import Attributes, Compelled, Life
from wartime.rules.traits.auras import allies_within
from wartime.rules.traits.registry import ON_OBJECTS, register

R = ("race",)


# --- Grito de venganza: an ally killed in melee strikes its killer ------------------------------------------------
def cry_of_vengeance(gs, e: int, bearers, killer: int, melee: bool) -> bool:
    """TRT-CRY-OF-VENGEANCE (ruling): an ally within 5 K of a bearer (G1: not the bearer itself) killed by a melee
    attack makes one melee attack at ENE 0 against its killer before it is removed (rules.combat.resolve_hit makes
    it, as a free reply: no CH VOL, not a reaction)."""
    return melee and gs.side(killer) != gs.side(e) and bool(allies_within(gs, e, bearers, 5.0))


register("TRT-CRY-OF-VENGEANCE", "Grito de venganza", {"aura_death_reply": cry_of_vengeance}, kinds=R)
ON_OBJECTS.add("TRT-CRY-OF-VENGEANCE")      # GNA-16: on an object it works for the holder (traits/objects.py)


# --- Runas de vacío: once per turn, 5 or less on 1D10 cancels an enemy's metahability on it ---------------------
@dataclass(frozen=True, slots=True)
class VoidRunesUsed:
    """TRT-VOID-RUNES: the turn in which the bearer last used its runes (once per turn)."""
    turn: int


def void_runes(gs, e: int, caster: int) -> bool:
    """TRT-VOID-RUNES (ruling): when an enemy's metahability is about to take effect on the bearer (a cast that beat
    its CH VOL ENF, MET-5, or a maintained one, MET-6), the engine uses the runes for its controller if they are not
    used yet this turn (the obvious choice: an ally's metahability is never cancelled); answering yes uses them
    up for the turn. rules.metahabilities.void_runes rolls the 1D10 (5 or less cancels; a 1 makes the caster
    take a CH PSI: its CH DEF against the stress level)."""
    turn = gs.world.resources["flow"].turn
    used = gs.world.try_get(e, VoidRunesUsed)
    if used is not None and used.turn == turn:
        return False
    gs.world.set(e, VoidRunesUsed(turn))
    return True


register("TRT-VOID-RUNES", "Runas de vacío", {"meta_void": void_runes}, kinds=("race", "protection"))
ON_OBJECTS.add("TRT-VOID-RUNES")            # GNA-16: on an object it works for the holder (traits/objects.py)


# --- La mano de la muerte and Condenado ------------------------------------------------------------------------------
def hand_of_death(gs, e: int) -> tuple[str, ...]:
    """TRT-HAND-OF-DEATH (and TRT-DOOMED, which gains it): the action La mano de la muerte
    (rules/actions/death_hand.py)."""
    return ("hand_of_death",)


def doomed_start(gs, e: int, check) -> None:
    """TRT-DOOMED: an activation it starts with wounds is marked (Effects.spent): its doom falls when it ends."""
    if gs.wounds(e) > 0:
        gs.set_effects(e, spent=gs.effects(e).spent + ("TRT-DOOMED",))
        gs.world.emit("doom_pending", "TRT-DOOMED", who=e, wounds=gs.wounds(e))


def doomed_end(gs, e: int) -> None:
    """TRT-DOOMED ruling: when an activation it started with wounds ends (not a pause with Esperar) and it did not
    pass one of its own wounds on with La mano de la muerte in it, it loses 1 level of CON, AGI, INT and VOL for
    good ('REA' in the row is a typo, ignored; ruling: none below 1). A CON below its wounds puts it down or kills
    it (WND-2, WND-3)."""
    spent = gs.effects(e).spent
    if "TRT-DOOMED" not in spent or "TRT-HAND-OF-DEATH" in spent or not gs.on_table(e):
        return
    a = gs.base_attrs(e)
    after = Attributes(*(max(1, v - 1) for v in (a.CON, a.AGI, a.INT, a.VOL)))
    gs.world.set(e, after)
    gs.world.emit("doomed", "TRT-DOOMED", who=e, CON=after.CON, AGI=after.AGI, INT=after.INT, VOL=after.VOL)
    n = gs.wounds(e)                     # WND-2 / WND-3 thresholds (rules.wounds.life_state imports this package)
    state = "dead" if n > after.CON else ("incapacitated" if n == after.CON else "active")
    if state != "active" and gs.world.get(e, Life).state == "active":
        gs.world.set(e, Life(state))
        gs.world.emit("life", "WND-3" if state == "dead" else "WND-2", who=e, state=state)


register("TRT-HAND-OF-DEATH", "La mano de la muerte", {"grants_action": hand_of_death}, kinds=R)
register("TRT-DOOMED", "Condenado", {"grants_action": hand_of_death, "on_activation_start": doomed_start,
                                     "activation_over": doomed_end}, kinds=R)


# --- Desafiante: a challenged enemy must charge the challenger --------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Challenged:
    """TRT-CHALLENGER: the character lost a challenge (Desafiar) to `by`; read at the start of its next
    activation, in turn `turn` (this turn's if it has not activated yet, else the next: a mark whose activation
    passed while its challenger was down is stale)."""
    by: int
    turn: int


def challenger(gs, e: int) -> tuple[str, ...]:
    """TRT-CHALLENGER: the action Desafiar (rules/actions/challenge.py)."""
    return ("challenge",)


def challenged(gs, e: int, bearers) -> Compelled | None:
    """TRT-CHALLENGER ruling: at the start of the challenged enemy's next activation (the mark is used up), while
    its challenger is on the table and able (one of ``bearers``), its first action must be a charge or a melee
    attack at the challenger if one is legal (Compelled, 'melee', first only; rules/restrictions.py): one already
    in base contact with it attacks it in melee."""
    mark = gs.world.try_get(e, Challenged)
    if mark is None:
        return None
    gs.world.remove(e, Challenged)
    live = mark.by in bearers and gs.world.resources["flow"].turn <= mark.turn
    return Compelled((mark.by,), "melee", "TRT-CHALLENGER", first_only=True) if live else None


register("TRT-CHALLENGER", "Desafiante", {"grants_action": challenger, "foe_aura_compulsion": challenged}, kinds=R)
