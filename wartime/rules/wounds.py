"""Wounds, incapacitation and death (WND-1..4, WND-6), and equipment wounds (CMB-8, CMB-9)."""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from wartime.core.components import Life, Wounds
from wartime.core.errors import RuleViolation
from wartime.rules import traits
from wartime.rules.checks import percent
from wartime.rules.state import GameState


#: TRT-LIVING-BOMB: how a death blast is resolved (rules.combat.death_blast, put here by rules.combat, which imports
#: this module: a blast's hits are resolved there). A function, not game state.
DEATH_BLAST: list[Callable[..., None]] = []


def wounds_after_def(dmg: int, defense: int, passed: bool) -> int:
    """CMB-4: a passed CH DEF gives DMG − DEF wounds (never below 0), a failed one DMG."""
    return max(0, dmg - defense) if passed else max(0, dmg)


def life_state(con: int, wounds: int) -> str:
    """WND-2: wounds == CON → incapacitated; WND-3: wounds > CON → dead."""
    if wounds > con:
        return "dead"
    if wounds >= con:
        return "incapacitated"
    return "active"


def can_be_healed(con_or_qua: int, wounds: int) -> bool:
    """WND-1: healing or repair only while wounds do not exceed CON (or QUA)."""
    return wounds <= con_or_qua


def apply_wounds(gs: GameState, target: int, n: int, *, source: int | None, rule: str, blast: bool = True) -> str:
    """Add `n` wounds to a character and update its life state (WND-2, WND-3). Returns the new state. A character
    these wounds kill leaves the round areas its traits say (TRT-LIVING-BOMB: it explodes on any death, a boost's,
    a weapon's wear, a fumble's wounds too; TRT-FLAMMABLE: a flammable weapon it carries) unless `blast` is False: rules.combat.resolve_hit passes False and sets
    the blast off itself once the hit's other effects are resolved."""
    if n <= 0:
        return gs.world.get(target, Life).state
    before = gs.wounds(target)
    after = before + n
    gs.world.set(target, Wounds(after))
    old_state = gs.world.get(target, Life).state
    new_state = life_state(gs.attrs(target).CON, after)
    if new_state == "dead" and old_state != "dead" and traits.death_denied(gs, target) is not None:
        new_state = "incapacitated"                     # hook death_denied (TRT-HERO): down, not dead
    if old_state == "dead":
        new_state = "dead"
    gs.world.emit("wounds", rule, who=target, source=source, amount=n, before=before, after=after)
    if new_state != old_state:
        gs.world.set(target, Life(new_state))
        gs.world.emit("life", "WND-3" if new_state == "dead" else "WND-2", who=target, state=new_state)
    traits.wounds_counted(gs, target, source, n)                   # hook wounds_counted (TRT-POWERFUL)
    if blast and new_state == "dead" and old_state != "dead":
        # hook death_blast (TRT-LIVING-BOMB); hook death_explosion with no attack DMG (0): a flammable weapon's own
        # DMG (TRT-FLAMMABLE), nothing for the traits that deal the killing attack's (TRT-EXPLODES)
        for rule_id, (dmg, diameter) in traits.death_blasts(gs, target) + traits.death_explosions(gs, target, 0):
            for resolve in DEATH_BLAST:
                resolve(gs, None, target, rule_id, dmg, diameter)
        traits.died_of_no_attack(gs, target)             # hook explodes (TRT-DARKNESS-FIELD): any death explodes
    return new_state


def heal_wounds(gs: GameState, target: int, n: int, rule: str) -> None:
    """GNA-5 / WND-2: recover wounds (never below 0); healing below CON makes an incapacitated mini active. A
    character whose trait denies healing (hook point ``heal_denied``, TRT-NO-CURE) recovers none."""
    denied = traits.heal_denied(gs, target)
    if denied is not None:
        gs.world.emit("heal_denied", denied, who=target, wounds=gs.wounds(target))
        return
    before = gs.wounds(target)
    after = max(0, before - n)
    gs.world.set(target, Wounds(after))
    gs.world.emit("healed", rule, who=target, before=before, after=after)
    if gs.world.get(target, Life).state == "incapacitated" and after < gs.attrs(target).CON:
        gs.world.set(target, Life("active"))
        gs.world.emit("life", "WND-2", who=target, state="active")


def item_state(item) -> str:
    """WND-4 / WND-5: what a piece of equipment's wounds make of it: "destroyed" (more wounds than QUA: it is gone
    for good, WND-1: no repair), "disabled" (as many as QUA: it cannot be used) or "" (usable)."""
    if item.wounds > item.QUA:
        return "destroyed"
    return "disabled" if item.wounds >= item.QUA else ""


def check_usable(item) -> None:
    """WND-4 / WND-5: a disabled piece of equipment cannot be used; a destroyed one is gone."""
    state = item_state(item)
    if state:
        raise RuleViolation("WND-5" if state == "destroyed" else "WND-4",
                            f"{item.name} is {state} ({item.wounds} wounds, QUA {item.QUA})")


def destroyed_field(item) -> dict:
    """WND-5: the `destroyed` field an equipment event carries once the item has more wounds than QUA (left out
    before, so that records of games where nothing is destroyed keep their form)."""
    return {"destroyed": True} if item.wounds > item.QUA else {}


def wound_weapon(gs: GameState, e: int, index: int, rule: str) -> None:
    """CMB-8: the weapon used gains 1 wound (WND-6 lowers its DMG, WND-4 disables it at QUA, WND-5 destroys it
    above QUA: a flammable one explodes then, ``item_destroyed``)."""
    w = gs.weapon(e, index)
    if w is None:
        return
    nw = replace(w, wounds=w.wounds + 1)
    gs.set_weapon(e, index, nw)
    gs.world.emit("equipment_wound", rule, who=e, item=w.name, wounds=nw.wounds,
                  dmg=nw.current_dmg, disabled=nw.disabled, **destroyed_field(nw))
    if nw.destroyed and not w.destroyed:
        item_destroyed(gs, e, w, 1)


def item_destroyed(gs: GameState, holder: int, before, dmg: int) -> None:
    """WND-5: the weapon or object `before` (as it was before the blow) its holder carries has just been destroyed
    by a blow of DMG `dmg` (its wounds: a fumble's or a use's wear, a possessor's wounds with no CH DEF, CBA-21):
    what its traits set off then (hook ``item_blast``), a round area centred on the holder that hits the holder too
    (TRT-FLAMMABLE: "si muere explota", the ruling's 'muere' is the item destroyed: DMG / 2 in an R of that;
    TRT-EXPLODES on an object: 50 %, the destroying blow's DMG within the holder's MOV K). Resolved as a death
    blast (rules.combat.death_blast, `spare` False). Then what else its traits do when it is destroyed (hook
    ``wrecked``, measured from its holder's base: TRT-DARKNESS-FIELD's shield loss)."""
    if not gs.on_table(holder):
        return
    for rule_id, (chance, blast_dmg, diameter) in traits.item_blasts(gs, holder, before, dmg):
        if chance < 100 and not percent(gs.world, chance, rule_id, f"{before.name} destroyed", who=holder):
            continue
        gs.world.emit("item_exploded", rule_id, who=holder, item=before.name, dmg=blast_dmg, diameter=diameter)
        for resolve in DEATH_BLAST:
            resolve(gs, None, holder, rule_id, blast_dmg, diameter, spare=False)
    if gs.on_table(holder) and isinstance(getattr(before, "levels", None), tuple):
        p = gs.pos(holder)              # hook wrecked (TRT-DARKNESS-FIELD on an object: 'si explota'), at its holder
        levels = tuple(lv[:2] for lv in before.levels)
        traits.wrecked(gs, traits.Wreck(holder, before.traits, levels, p.x, p.y, gs.body(holder).radius, p.level))


def wound_best_protection(gs: GameState, e: int, rule: str, by: int | None = None) -> None:
    """CMB-9: the protection with the highest current DEF gains 1 wound (ties: first in order); a destroyed one
    (WND-5) is gone and takes none. TRT-NEGATE (QUA): when the attack is `by` a character cancelling QUA the
    protection's QUA counts 0, so its 1 wound is more than that: destroyed at once (WND-5)."""
    eq = gs.equipment(e)
    left = [i for i, p in enumerate(eq.protections) if not p.destroyed]
    if not left:
        return
    best = max(left, key=lambda i: (eq.protections[i].current_def, -i))
    p = eq.protections[best]
    negated = traits.cancels(gs, by, "QUA", e)               # TRT-NEGATE (QUA): 1 wound > QUA 0
    np_ = replace(p, wounds=max(p.wounds + 1, p.QUA + 1) if negated else p.wounds + 1)
    prots = list(eq.protections)
    prots[best] = np_
    gs.world.set(e, replace(eq, protections=tuple(prots)))
    gs.world.emit("equipment_wound", rule, who=e, item=p.name, wounds=np_.wounds, defense=np_.current_def,
                  **destroyed_field(np_), **({"negated": by} if negated else {}))
