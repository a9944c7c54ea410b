"""Metahability effects of issue 16 (rules/metahabilities.py plays them through the ``meta_*`` hook points):

* Magia: dormir (TRT-MAGIC-SLEEP): puts one calm enemy to sleep. Rulings (the catalogue's): "calm" = under Magia:
  tranquilizar now; asleep = unconscious as after Noquear (components.KnockedOut: no actions or reactions, a
  casualty; Curar / Reparar by a third character wakes it, CBA-26) until the end of its next activation or until
  hit. An unconscious character has no activation, so the engine counts the one it would have had: it wakes at the
  start of the next game turn if it had not yet acted in this one, else at the start of the turn after. "Hit" =
  an attack that reaches its CH DEF (hook ``effect_hit``), whatever the wounds; an attack its cover stops does not.

* Magia: despistar (TRT-MAGIC-MISDIRECT): moves one enemy up to as many K as the caster's INT. Rulings (the
  catalogue's): the caster chooses where (the cast's `to`: one straight line from the enemy's centre, rules.
  metahabilities.forced_move checks it when the cast is declared: inside the board, no base overlapped at the end,
  no terrain it could not cross on foot: MOV-9, water); the move provokes no reactions and ignores MOV-14; the
  extra opposed CH VOL of MET-5 applies. It leaves no lasting effect.

Prueba de agilidad / constitución / inteligencia / voluntad and Neuropsico (registered for objects in
traits/objects.py) play the same on a metahability (each use: MET-2, before its kind check) and on a weapon (each
attack with it, after the attack's ENE and its CH PSI of the bearer's traits, before the CH IMP): rules/item_use.py.
On a protection (wearing it) or a transport (driving it) they stay refused.

Hook point: ``meta_target(gs, caster, target, m) -> None`` raises RuleViolation when `target` is not one the
metahability's trait can take (rules.metahabilities.check_target asks it)."""
from __future__ import annotations

from wartime.core.components import KnockedOut, MetaEffects
from wartime.core.errors import RuleViolation
from wartime.rules.traits.registry import _of, also_on, character_traits, display_name, register

SLEEP = "TRT-MAGIC-SLEEP"
#: TRT-MAGIC-SLEEP: the state a sleeping target must be in (Magia: tranquilizar's, ruling).
CALM = "TRT-MAGIC-CALM"
#: world resource: ((sleeper, game turn at whose start it wakes), ...) in the order they fell asleep.
ASLEEP = "asleep"


def sleep_target(gs, caster: int, target: int, m) -> None:
    """TRT-MAGIC-SLEEP: the target is an enemy that is calm (under Magia: tranquilizar) now."""
    if target == caster or gs.side(target) == gs.side(caster):
        raise RuleViolation(SLEEP, f"{display_name(SLEEP)} puts an enemy to sleep")
    if CALM not in character_traits(gs, target):
        raise RuleViolation(SLEEP, f"{gs.name(target)} is not calm ({display_name(CALM)}): it cannot be put to "
                            "sleep")


def _turn(gs) -> int:
    return getattr(gs.world.resources.get("flow"), "turn", 0)


def sleep_effect(gs, ctx, caster: int, target: int, m) -> None:
    """TRT-MAGIC-SLEEP: the target falls asleep (unconscious, KnockedOut by the caster) until the end of its next
    activation: the start of the next turn if it has not acted in this one, else the turn after."""
    wake = _turn(gs) + (2 if gs.activation(target).acted else 1)
    gs.world.set(target, KnockedOut(caster))
    gs.world.resources[ASLEEP] = tuple(x for x in gs.world.resources.get(ASLEEP, ()) if x[0] != target) + (
        (target, wake),)
    gs.world.emit("state_changed", SLEEP, who=target, state="unconscious", value=True, by=caster, until_turn=wake)


def sleep_grants(gs, caster: int, target: int, m) -> tuple[str, ...]:
    """TRT-MAGIC-SLEEP: the sleeper carries the effect (its hooks wake it) while it lasts."""
    return (SLEEP,)


def wake(gs, e: int, why: str) -> None:
    """TRT-MAGIC-SLEEP: the sleeper wakes: no longer unconscious, and the effect on it ends."""
    gs.world.resources[ASLEEP] = tuple(x for x in gs.world.resources.get(ASLEEP, ()) if x[0] != e)
    if gs.world.has(e, KnockedOut):
        gs.world.remove(e, KnockedOut)
        gs.world.emit("state_changed", SLEEP, who=e, state="unconscious", value=False, how=why)
    fx = gs.world.try_get(e, MetaEffects)
    if fx is not None:
        gone = [x for x in fx.active if SLEEP in x.grants]
        if gone:
            gs.world.set(e, MetaEffects(tuple(x for x in fx.active if SLEEP not in x.grants)))
            for x in gone:
                gs.world.emit("metahability_effect_ended", SLEEP, who=e, caster=x.caster, meta=x.name, uid=x.uid,
                              why=why)


def sleep_turn_start(gs, e: int, turn: int) -> None:
    """TRT-MAGIC-SLEEP: at the start of the turn it wakes in, the sleeper wakes."""
    due = dict(gs.world.resources.get(ASLEEP, ())).get(e)
    if due is None or turn >= due:
        wake(gs, e, "the end of its next activation")


def sleep_hit(gs, e: int) -> None:
    """TRT-MAGIC-SLEEP: an attack that hits the sleeper wakes it."""
    wake(gs, e, "hit")


MISDIRECT = "TRT-MAGIC-MISDIRECT"


def misdirect_target(gs, caster: int, target: int, m) -> None:
    """TRT-MAGIC-MISDIRECT: the target is an enemy."""
    if target == caster or gs.side(target) == gs.side(caster):
        raise RuleViolation(MISDIRECT, f"{display_name(MISDIRECT)} moves an enemy")


def misdirect_reach(gs, caster: int, m) -> float:
    """TRT-MAGIC-MISDIRECT: the enemy is moved up to as many K as the caster's INT."""
    return float(gs.attrs(caster).INT)


register(MISDIRECT, "Magia: despistar", {"meta_target": misdirect_target, "forced_move": misdirect_reach},
         kinds=("metahability",))
register(SLEEP, "Magia: dormir", {"meta_target": sleep_target, "meta_effect": sleep_effect,
                                  "meta_grants": sleep_grants, "effect_turn_start": sleep_turn_start,
                                  "effect_hit": sleep_hit}, kinds=("metahability",))

# Cargas on a metahability (traits/objects.py registers its handlers, meta_used among them)
also_on("TRT-CHARGES", "metahability")

USE_TRAITS = ("TRT-AGILITY-TEST", "TRT-CONSTITUTION-TEST", "TRT-INTELLIGENCE-TEST", "TRT-WILLPOWER-TEST",
              "TRT-NEUROPSYCHO")
for _tid in USE_TRAITS:
    also_on(_tid, "metahability", "weapon")


# --- helpers the rules call ---------------------------------------------------------------------------------------
def check_meta_target(gs, caster: int, target: int, m) -> None:
    """``meta_target``: each of the metahability's traits may refuse the target (RuleViolation naming it)."""
    for _, h in _of("meta_target", m.traits):
        h(gs, caster, target, m)


def forced_reach(gs, caster: int, m) -> tuple[str, float] | None:
    """``forced_move``: (trait ID, K) of the move the metahability forces on its target, or None."""
    for t, h in _of("forced_move", m.traits):
        return t, float(h(gs, caster, m))
    return None


def meta_used(m) -> tuple:
    """``meta_used``: (the metahability after one use, the trait IDs that changed it) (TRT-CHARGES: a use spent)."""
    rules = []
    for t, h in _of("meta_used", m.traits):
        after = h(m)
        if after != m:
            m = after
            rules.append(t)
    return m, tuple(rules)
