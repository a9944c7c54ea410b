"""Combat feats, second group (issue 12): Serpiente's easy way through recovecos (TRT-SERPENT), Guardaespaldas,
who takes an ally's hit on itself (TRT-BODYGUARD: the question is asked by rules/bodyguard.py), and Ponzoña, a venom
poured on a weapon (TRT-VENOM)."""
from __future__ import annotations

from dataclasses import replace

from wartime.core.errors import RuleViolation
from wartime.rules.traits.protections import VENOM, attack_type
from wartime.rules.traits.registry import ObjectEffect, register, trait_arg, weapon_index
from wartime.rules.traits.substances import element_param
from wartime.rules.traits.weapons_more import last_hit_wounds


# --- Serpiente -------------------------------------------------------------------------------------------------------
def serpent(gs, e: int) -> bool:
    """TRT-SERPENT: "Mover por recovecos es terreno fácil". Ruling: recovecos = narrow gaps, rubble, ducts, tunnels.
    The terrain model has no such kind, so a scenario marks the pieces that are recovecos with ``nooks = true``
    (difficult, extreme or low terrain only: the loader refuses it elsewhere); the bearer's moves are checked
    against the board without them (traits.move_board), so crossing them costs no MOV-7 surcharge (a low one is no
    MOV-8 obstacle either). Other pieces, and the pieces not marked, cost it as anyone."""
    return True


register("TRT-SERPENT", "Serpiente", {"nooks_easy": serpent}, kinds=("race",))


# --- Guardaespaldas ------------------------------------------------------------------------------------------------
def bodyguard(gs, e: int, bearers) -> bool:
    """TRT-BODYGUARD: "Puede asignarse el impacto de un ataque a un aliado a 3K. Cruza este Pj en la LdF." A marker
    on an aura hook (its bearers able to act are found as an aura's, G10): rules/bodyguard.py asks the bearers
    within 3 K of an ally hit by a ranged attack whether they take the hit, and puts the one that does on the line of
    fire."""
    return True


register("TRT-BODYGUARD", "Guardaespaldas", {"aura_bodyguard": bodyguard}, kinds=("race",))


# --- Ponzoña ----------------------------------------------------------------------------------------------------------
def venom_of(gear) -> str:
    """TRT-VENOM: the element or substance the object's venom is (its parameter, e.g. ácido → acid)."""
    return attack_type(trait_arg(gear, VENOM))


def venom_choices(gs, e: int, gear) -> tuple[str, ...]:
    """TRT-VENOM: a use coats one of the user's weapons that is not disabled (``weapon:<index>``)."""
    return tuple(f"weapon:{i}" for i, w in enumerate(gs.equipment(e).weapons) if not w.disabled)


def venom_target(gs, e: int, gear, target: int) -> None:
    """TRT-VENOM: it is poured on the user's own weapon (the Use's target is the user)."""
    if target != e:
        raise RuleViolation(VENOM, f"{gear.name} is poured on its user's own weapon, not on {gs.name(target)}")


def venom_coat(gs, e: int, gear, target: int, choice=None) -> ObjectEffect:
    """TRT-VENOM: "Se puede verter sobre armas para infectar al objetivo con la sustancia entre (); debe quedar
    herido para que funcione". Ruling: a Usar action coats one weapon; the next wounding hit delivers it. The coated
    weapon carries ``"TRT-VENOM:<substance>"`` (and the ID, for its ``on_hit``): it delivers the substance like a
    weapon of that element (protections.delivers), so a target allergic to it (TRT-ALLERGIC) takes its hits at DMG
    ×2 (CMB-4's factor, before the CH DEF), one resistant or invulnerable to it as its trait says. The poison has no
    effect of its own (the book defines none): on anyone else the coat does nothing. A second coat on a coated weapon
    replaces the first."""
    i = int(str(choice).split(":")[1])
    w = gs.equipment(e).weapons[i]
    kept = tuple(t for t in w.traits if t != VENOM and not t.startswith(VENOM + ":"))
    gs.set_weapon(e, i, replace(w, traits=kept + (VENOM, f"{VENOM}:{venom_of(gear)}")))
    gs.world.emit("venom_coated", VENOM, who=e, weapon=w.name, substance=venom_of(gear))
    return ObjectEffect(VENOM)


def venom_delivered(gs, bearer, attacker, target, weapon, ranged) -> None:
    """TRT-VENOM: a hit with the coated weapon that wounds its target delivers the venom: the coat is gone (a hit
    that leaves no wound delivers nothing: the coat stays for the next one)."""
    if bearer != attacker or weapon is None or trait_arg(weapon, VENOM) is None:
        return
    if last_hit_wounds(gs, attacker, target) <= 0:
        return
    i = weapon_index(gs, attacker, weapon)
    if i is None:
        return
    w = gs.equipment(attacker).weapons[i]
    substance = trait_arg(w, VENOM)
    gs.set_weapon(attacker, i, replace(w, traits=tuple(t for t in w.traits
                                                       if t != VENOM and not t.startswith(VENOM + ":"))))
    gs.world.emit("venom_delivered", VENOM, who=attacker, target=target, weapon=w.name, substance=substance)


register(VENOM, "Ponzoña", {"use_choice": venom_choices, "object_target": venom_target, "use_coat": venom_coat,
                            "on_hit": venom_delivered}, kinds=("object",), param_problem=element_param,
         object_args=True)
