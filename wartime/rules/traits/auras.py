"""Friendly auras on VOL checks (traits notes G1, G10: other friendly characters within N K, edge to edge, of a
bearer on the table and able to act; the same aura counts once however many bearers reach a character):
TRT-LEADER (Líder), TRT-PRESENCE-OF-HONOUR (Presencia de honor), TRT-AURA-OF-OBSTINACY (Aura de obstinación).
They also calm TRT-FAINT-HEARTED and TRT-INNER-ANIMAL within 10 K (`calmed`)."""
from __future__ import annotations

from dataclasses import replace

from wartime.rules.checks import Modifier
from wartime.rules.traits.registry import aura_bearers, charge_bonus, register

#: The auras that calm Pusilánime and Animal interior within 10 K (their rows name these three).
CALMING = ("TRT-LEADER", "TRT-AURA-OF-OBSTINACY", "TRT-PRESENCE-OF-HONOUR")
EPS = 1e-9


def allies_within(gs, e: int, bearers, k: float) -> list[int]:
    """G1: the bearers on `e`'s side, other than `e`, whose base is within `k` K of `e`'s (BAS-3)."""
    side = gs.side(e)
    return [b for b in bearers if b != e and gs.side(b) == side and gs.distance(e, b) <= k + EPS]


def calmed(gs, e: int) -> bool:
    """An ally with Líder, Aura de obstinación or Presencia de honor is within 10 K of `e` (TRT-FAINT-HEARTED,
    TRT-INNER-ANIMAL: their malus is lifted)."""
    return any(allies_within(gs, e, aura_bearers(gs, t), 10.0) for t in CALMING)


def leader_vol(gs, e: int, bearers, attribute: str, kind: str) -> int | None:
    """TRT-LEADER: allies within 5 K may use its VOL instead of their own for every VOL check (reaction,
    psychology, madness, panic); not for the initiative phase or the field of view (derived values). The best
    leader's VOL is offered."""
    if attribute != "VOL":
        return None
    near = allies_within(gs, e, bearers, 5.0)
    return max((gs.attrs(b).VOL for b in near), default=None)


def presence_of_honour(gs, e: int, bearers, attribute: str, kind: str) -> Modifier | None:
    """TRT-PRESENCE-OF-HONOUR: allies within 5 K have CH VOL +1 (the bearer is not included; several bearers
    give +1 once, G10)."""
    if attribute == "VOL" and allies_within(gs, e, bearers, 5.0):
        return Modifier("TRT-PRESENCE-OF-HONOUR", 1, "Presencia de honor")
    return None


def obstinacy(gs, e: int, bearers, attribute: str, kind: str) -> bool:
    """TRT-AURA-OF-OBSTINACY: allies within 5 K may reroll VOL checks (G2: once per check)."""
    return attribute == "VOL" and bool(allies_within(gs, e, bearers, 5.0))


register("TRT-LEADER", "Líder", {"aura_check_base": leader_vol}, kinds=("race",))
register("TRT-PRESENCE-OF-HONOUR", "Presencia de honor", {"aura_check_mod": presence_of_honour}, kinds=("race",))
register("TRT-AURA-OF-OBSTINACY", "Aura de obstinación", {"aura_reroll": obstinacy}, kinds=("race",))


# --- more auras: checks, attributes, attacks, DMG, ENE (G1, G10) --------------------------------------------------
def _foes_within(gs, e: int, bearers, k: float) -> list[int]:
    """G1: the bearers on another side than `e` whose base is within `k` K of `e`'s."""
    side = gs.side(e)
    return [b for b in bearers if gs.side(b) != side and gs.distance(e, b) <= k + EPS]


def _check_aura(trait_id: str, name: str, attribute: str, value: int, k: float, foes: bool):
    def handler(gs, e: int, bearers, attr, kind) -> Modifier | None:
        near = (_foes_within if foes else allies_within)(gs, e, bearers, k)
        return Modifier(trait_id, value, name) if attr == attribute and near else None
    who = "Enemies" if foes else "Allies"
    handler.__doc__ = f"{trait_id}: {who} within {k:g} K have CH {attribute} {value:+d} (G1; once however many bearers)."
    handler.__name__ = trait_id.lower().replace("-", "_")
    return handler


for _tid, _name, _attr, _v, _k, _foes in (
        ("TRT-BANNER", "Estandarte", "VOL", 1, 10.0, False),
        ("TRT-PRESENCE-OF-CLARITY", "Presencia de claridad", "INT", 1, 5.0, False),
        ("TRT-PRESENCE-OF-DEXTERITY", "Presencia de destreza", "AGI", 1, 5.0, False),
        ("TRT-PRESENCE-OF-STRENGTH", "Presencia de fuerza", "CON", 1, 5.0, False),
        ("TRT-BREATH-OF-WEAKNESS", "Hálito de debilidad", "CON", -1, 5.0, True),
        ("TRT-BREATH-OF-NUMBNESS", "Hálito de entumecimiento", "AGI", -1, 5.0, True),
        ("TRT-BREATH-OF-IMBECILITY", "Hálito de imbecilidad", "INT", -1, 5.0, True),
        ("TRT-BREATH-OF-FEAR", "Hálito de miedo", "VOL", -1, 5.0, True)):
    register(_tid, _name, {("foe_aura_check_mod" if _foes else "aura_check_mod"):
                           _check_aura(_tid, _name, _attr, _v, _k, _foes)}, kinds=("race",))


def _nullifier(trait_id: str, attribute: str):
    def handler(gs, e: int, bearers, attrs):
        if not _foes_within(gs, e, bearers, 2.0):
            return attrs
        return replace(attrs, **{attribute: (getattr(attrs, attribute) + 1) // 2})
    handler.__doc__ = (f"{trait_id} (ruling): enemies within 2 K of the bearer have their {attribute} halved (x.5 "
                       "up) for every check and value derived from it, while within 2 K.")
    handler.__name__ = trait_id.lower().replace("-", "_")
    return handler


for _tid, _name, _attr in (("TRT-AGILITY-NULLIFIER", "Anulador de agilidad", "AGI"),
                           ("TRT-INTELLIGENCE-NULLIFIER", "Anulador de inteligencia", "INT"),
                           ("TRT-WILLPOWER-NULLIFIER", "Anulador de voluntad", "VOL"),
                           ("TRT-PHYSICAL-NULLIFIER", "Anulador físico", "CON")):
    register(_tid, _name, {"foe_aura_attributes": _nullifier(_tid, _attr)}, kinds=("race",))


def _reroll_aura(trait_id: str, attribute: str | None, kind: str | None, doc: str):
    def handler(gs, e: int, bearers, attr, k) -> bool:
        if not allies_within(gs, e, bearers, 5.0):
            return False
        if kind is not None:
            return k == kind
        return attr == attribute
    handler.__doc__ = f"{trait_id}: allies within 5 K may reroll {doc} (G2)."
    handler.__name__ = trait_id.lower().replace("-", "_")
    return handler


for _tid, _name, _attr, _kind, _doc in (
        ("TRT-ARMOURED-AURA", "Aura blindada", None, "DEF", "DEF checks"),
        ("TRT-AURA-OF-STEEL", "Aura de acero", "CON", None, "CON checks"),
        ("TRT-AURA-OF-WISDOM", "Aura de sabiduría", "INT", None, "INT checks"),
        ("TRT-AURA-OF-TALENT", "Aura de talento", "AGI", None, "AGI checks (hit checks made with AGI included)"),
        ("TRT-WAR-CRY", "Grito de guerra", None, "IMP", "hit checks (CH IMP)")):
    register(_tid, _name, {"aura_reroll": _reroll_aura(_tid, _attr, _kind, _doc)}, kinds=("race",))


def _allied_attacker(gs, bearers, attacker: int, k: float = 5.0) -> bool:
    return bool(allies_within(gs, attacker, bearers, k))


def cry_of_fire(gs, bearers, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-CRY-OF-FIRE: allies within 5 K get hit check +1 in ranged combat."""
    return Modifier("TRT-CRY-OF-FIRE", 1, "Grito de fuego") if ranged and _allied_attacker(gs, bearers, attacker) \
        else None


def cry_of_hatred(gs, bearers, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-CRY-OF-HATRED: allies within 5 K get hit check +1 in melee."""
    return Modifier("TRT-CRY-OF-HATRED", 1, "Grito de odio") if not ranged and _allied_attacker(
        gs, bearers, attacker) else None


def cry_of_darkness(gs, bearers, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-CRY-OF-DARKNESS: enemies attacking allies within 5 K of the bearer get hit check −1."""
    shielded = [b for b in allies_within(gs, target, bearers, 5.0) if gs.side(b) != gs.side(attacker)]
    return Modifier("TRT-CRY-OF-DARKNESS", -1, "Grito de oscuridad") if shielded else None


def cry_of_aim(gs, bearers, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-CRY-OF-AIM: targets of ranged attacks by allies within 5 K get CH DEF −1."""
    return Modifier("TRT-CRY-OF-AIM", -1, "Grito de puntería") if ranged and _allied_attacker(
        gs, bearers, attacker) else None


def presence_of_protection(gs, bearers, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-PRESENCE-OF-PROTECTION: allies within 5 K have CH DEF +1 (the bearer not included)."""
    return Modifier("TRT-PRESENCE-OF-PROTECTION", 1, "Presencia de protección") if allies_within(
        gs, target, bearers, 5.0) else None


def breath_of_rot(gs, bearers, attacker, target, weapon, ranged) -> Modifier | None:
    """TRT-BREATH-OF-ROT: enemies within 5 K get CH DEF −1."""
    return Modifier("TRT-BREATH-OF-ROT", -1, "Hálito de podredumbre") if _foes_within(
        gs, target, bearers, 5.0) else None


def death_cry(gs, bearers, attacker, target, weapon, ranged) -> int | None:
    """TRT-DEATH-CRY: allies within 5 K get DMG +1 in melee when not charging (the attack is not the one a
    charge at this target set up, CBA-12)."""
    charging = gs.effects(attacker).charge_target == target
    return 1 if not ranged and not charging and _allied_attacker(gs, bearers, attacker) else None


def battle_cry(gs, bearers, attacker, target, weapon, ranged) -> int | None:
    """TRT-BATTLE-CRY: allies within 5 K get DMG +1 on their 1st attack when charging (the melee attack a charge
    at this target set up, CBA-12; not against TRT-COUNTER-CHARGE)."""
    charging = charge_bonus(gs, attacker, target)
    return 1 if not ranged and charging and _allied_attacker(gs, bearers, attacker) else None


def cry_of_ice(gs, bearers, attacker, target, weapon, ranged) -> int | None:
    """TRT-CRY-OF-ICE: enemies within 5 K have DMG −1 in melee (minimum 1)."""
    return -1 if not ranged and _foes_within(gs, attacker, bearers, 5.0) else None


def cry_of_mastery(gs, bearers, actor, action, weapon, target) -> int | None:
    """TRT-CRY-OF-MASTERY: weapons of allies within 5 K cost ENE −1 (minimum 1)."""
    return -1 if weapon is not None and allies_within(gs, actor, bearers, 5.0) else None


def strategic_genius(gs, e: int, bearers) -> int | None:
    """TRT-STRATEGIC-GENIUS: allies within 3 K gain ENE +1 when they start their activation (added to the ENE-3
    gain before the cap of 10)."""
    return 1 if allies_within(gs, e, bearers, 3.0) else None


def breath_of_hunger(gs, e: int, bearers) -> int | None:
    """TRT-BREATH-OF-HUNGER (ruling): enemies gain 1 ENE less at the start of an activation begun within 5 K."""
    return -1 if _foes_within(gs, e, bearers, 5.0) else None


register("TRT-CRY-OF-FIRE", "Grito de fuego", {"aura_attack_mod": cry_of_fire}, kinds=("race",))
register("TRT-CRY-OF-HATRED", "Grito de odio", {"aura_attack_mod": cry_of_hatred}, kinds=("race",))
register("TRT-CRY-OF-DARKNESS", "Grito de oscuridad", {"aura_attack_mod": cry_of_darkness}, kinds=("race",))
register("TRT-CRY-OF-AIM", "Grito de puntería", {"aura_def_check_mod": cry_of_aim}, kinds=("race",))
register("TRT-PRESENCE-OF-PROTECTION", "Presencia de protección", {"aura_def_check_mod": presence_of_protection},
         kinds=("race",))
register("TRT-BREATH-OF-ROT", "Hálito de podredumbre", {"foe_aura_def_check_mod": breath_of_rot}, kinds=("race",))
register("TRT-DEATH-CRY", "Grito de muerte", {"aura_dmg_mod": death_cry}, kinds=("race",))
register("TRT-BATTLE-CRY", "Grito de combate", {"aura_dmg_mod": battle_cry}, kinds=("race",))
register("TRT-CRY-OF-ICE", "Grito de hielo", {"foe_aura_dmg_mod": cry_of_ice}, kinds=("race",))
register("TRT-CRY-OF-MASTERY", "Grito de maestría", {"aura_ene_mod": cry_of_mastery}, kinds=("race",))
register("TRT-STRATEGIC-GENIUS", "Genio estratega", {"aura_ene_gain": strategic_genius}, kinds=("race",))
register("TRT-BREATH-OF-HUNGER", "Hálito de hambre", {"foe_aura_ene_gain": breath_of_hunger}, kinds=("race",))
