"""Weapon traits that count consecutive shots within one activation: Fuego automático (TRT-AUTOMATIC-FIRE), Fuego a
ráfagas (TRT-BURST-FIRE) and Fuego sostenido (TRT-SUSTAINED-FIRE).

'Consecutive' (their rulings): ranged attacks with this weapon by the same character with no other action of its
own in between, within one of its activations (free turning is not an action). The shots are read back from the
event log of the character's current activation (`finished_shots`): the log is part of the game state (snapshots
and replays restore it), so the count is the same whoever asks (the engine pricing and resolving the attack, the
odds the AI weighs before declaring it)."""
from __future__ import annotations

from dataclasses import dataclass

from wartime.rules.checks import Modifier
from wartime.rules.traits.registry import register, weapon_index

#: the keys of the ranged attack actions (CBA-1 and its variants CBA-2 / CBA-3 / CBA-4)
RANGED_ATTACKS = ("ranged_attack", "ranged_attack_view", "ranged_attack_blind", "ranged_attack_long")


@dataclass(frozen=True)
class Shot:
    """One finished action of the character's activation: its key, weapon index, target, and whether it hit
    that target (a `hit` event of this attacker on it)."""
    key: str
    weapon: int | None
    target: int | None
    hit: bool


def finished_actions(gs, e: int) -> list[Shot]:
    """The actions `e` has finished (declared, then resolved or void) in its current activation, oldest first;
    the one being resolved now is not among them. [] outside its own activation."""
    act = gs.activation(e)
    if not act.started or act.acted:
        return []
    out: list[Shot] = []
    closed = False
    hit_targets: set = set()
    for ev in reversed(gs.world.events):
        t = ev["type"]
        if t == "hit":
            if closed and ev.get("attacker") == e:
                hit_targets.add(ev.get("target"))
            continue
        if ev.get("who") != e:
            continue
        if t == "activation_start":
            break
        if t in ("action_resolved", "action_void") and not ev.get("reaction"):
            closed, hit_targets = True, set()
        elif t == "action":
            if closed:
                params = ev.get("params") or {}
                target = params.get("target")
                out.append(Shot(ev.get("action"), params.get("weapon"), target, target in hit_targets))
            closed = False
    out.reverse()
    return out


def trailing_shots(gs, e: int, weapon, target: int | None = None) -> list[Shot]:
    """The unbroken run of `e`'s latest finished actions that are ranged attacks with `weapon` (and at `target`
    if given), latest last."""
    i = weapon_index(gs, e, weapon)
    run: list[Shot] = []
    for s in reversed(finished_actions(gs, e)):
        if s.key not in RANGED_ATTACKS or s.weapon != i or (target is not None and s.target != target):
            break
        run.append(s)
    run.reverse()
    return run


def _shooting(action) -> bool:
    return getattr(action, "key", None) in RANGED_ATTACKS


# --- Fuego automático --------------------------------------------------------------------------------------------
def automatic_ene(gs, bearer, actor, action, weapon, target) -> int | None:
    """TRT-AUTOMATIC-FIRE ruling: the 2nd and later consecutive ranged attacks with this weapon in the same
    activation cost ENE −1 (not cumulative; minimum 1, ENE-1)."""
    if bearer == actor and weapon is not None and _shooting(action) and trailing_shots(gs, actor, weapon):
        return -1
    return None


def automatic_imp(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-AUTOMATIC-FIRE ruling: the 2nd and later consecutive ranged attacks with this weapon have CH IMP −1
    (not cumulative; on top of a chained action's −1)."""
    if ranged and bearer == attacker and weapon is not None and trailing_shots(gs, attacker, weapon):
        return Modifier("TRT-AUTOMATIC-FIRE", -1, "Fuego automático")
    return None


# --- Fuego a ráfagas -----------------------------------------------------------------------------------------------
def burst_ene(gs, bearer, actor, action, weapon, target) -> int | None:
    """TRT-BURST-FIRE ruling: after 3 consecutive ranged attacks with this weapon against the same target, the
    4th and later ones against it cost ENE −1 each (not cumulative; minimum 1)."""
    if bearer != actor or weapon is None or target is None or not _shooting(action):
        return None
    return -1 if len(trailing_shots(gs, actor, weapon, target)) >= 3 else None


# --- Fuego sostenido ------------------------------------------------------------------------------------------------
def sustained_dmg(gs, bearer, attacker, target, weapon, ranged) -> int | None:
    """TRT-SUSTAINED-FIRE ruling: DMG +1 for each consecutive hit on the same enemy before this attack (the first
    hit has no bonus, the 2nd +1, the 3rd +2...): the unbroken run of this weapon's latest ranged attacks in this
    activation at this target, each a hit (a miss, another target or another action resets it)."""
    if not ranged or bearer != attacker or weapon is None:
        return None
    n = 0
    for s in reversed(trailing_shots(gs, attacker, weapon, target)):
        if not s.hit:
            break
        n += 1
    return n or None


register("TRT-AUTOMATIC-FIRE", "Fuego automático", {"ene_mod": automatic_ene, "attack_mod": automatic_imp},
         kinds=("weapon",))
register("TRT-BURST-FIRE", "Fuego a ráfagas", {"ene_mod": burst_ene}, kinds=("weapon",))
register("TRT-SUSTAINED-FIRE", "Fuego sostenido", {"dmg_mod": sustained_dmg}, kinds=("weapon",))
