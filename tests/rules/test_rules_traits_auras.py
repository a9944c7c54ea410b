"""Auras (traits notes G1: other characters within N K edge to edge of a bearer on the table and able; G10: an
aura counts once however many bearers reach a character): on checks, attributes, attacks, DMG and ENE, each
checked with scripted dice or the engine's own numbers, within and beyond its reach."""
from __future__ import annotations

from rules_helpers import Game, M, blade, weapon
from wartime.core.components import Energy, Traits
from wartime.rules.modifiers import character_mods
from wartime.rules.traits import combat_terms


def scene(trait: str, bearer_side: str, bx: float, by: float = 20.0, *, melee: bool = False) -> Game:
    """Red attacker at (10, 20) with a rifle (or a blade in contact), blue target at (20, 20) (or (11, 20)), and
    a bearer of `trait` on `bearer_side` at (bx, by)."""
    tx = 11 if melee else 20
    g = Game(M(x=10, y=20, weapons=(blade(),) if melee else (weapon(DMG=4),)),
             M(side="blue", x=tx, y=20, facing=180.0, CON=9), M(side=bearer_side, x=bx, y=by, facing=90.0))
    g.set(g.ids[2], Traits((trait,)))
    return g


def mods(g: Game, who: int, attribute: str, trait: str) -> int:
    return {m.rule: m.value for m in character_mods(g.gs, who, attribute, "ATR")}.get(trait, 0)


def _check_aura(trait: str, attribute: str, value: int, reach: float, foes: bool) -> None:
    side = "blue" if foes else "red"
    near = scene(trait, side, 10, 20 - 1 - reach + 0.5)               # edge to edge reach − 0.5 K from red
    assert mods(near, near.ids[0], attribute, trait) == value
    far = scene(trait, side, 10, 20 - 1 - reach - 0.5)
    assert mods(far, far.ids[0], attribute, trait) == 0


def test_TRT_BANNER_allies_within_10K_VOL_plus_1():
    _check_aura("TRT-BANNER", "VOL", 1, 10.0, False)


def test_TRT_PRESENCE_OF_CLARITY_allies_within_5K_INT_plus_1():
    _check_aura("TRT-PRESENCE-OF-CLARITY", "INT", 1, 5.0, False)


def test_TRT_PRESENCE_OF_DEXTERITY_allies_within_5K_AGI_plus_1():
    _check_aura("TRT-PRESENCE-OF-DEXTERITY", "AGI", 1, 5.0, False)


def test_TRT_PRESENCE_OF_STRENGTH_allies_within_5K_CON_plus_1():
    _check_aura("TRT-PRESENCE-OF-STRENGTH", "CON", 1, 5.0, False)


def test_TRT_BREATH_OF_WEAKNESS_enemies_within_5K_CON_minus_1():
    _check_aura("TRT-BREATH-OF-WEAKNESS", "CON", -1, 5.0, True)


def test_TRT_BREATH_OF_NUMBNESS_enemies_within_5K_AGI_minus_1():
    _check_aura("TRT-BREATH-OF-NUMBNESS", "AGI", -1, 5.0, True)


def test_TRT_BREATH_OF_IMBECILITY_enemies_within_5K_INT_minus_1():
    _check_aura("TRT-BREATH-OF-IMBECILITY", "INT", -1, 5.0, True)


def test_TRT_BREATH_OF_FEAR_enemies_within_5K_VOL_minus_1_not_allies():
    _check_aura("TRT-BREATH-OF-FEAR", "VOL", -1, 5.0, True)
    g = scene("TRT-BREATH-OF-FEAR", "red", 10, 17)
    assert mods(g, g.ids[0], "VOL", "TRT-BREATH-OF-FEAR") == 0


def _nullified(trait: str, attribute: str) -> None:
    near = scene(trait, "blue", 10, 17.5)                               # 1.5 K edge to edge
    assert getattr(near.gs.attrs(near.ids[0]), attribute) == (getattr(near.gs.base_attrs(near.ids[0]), attribute)
                                                             + 1) // 2
    far = scene(trait, "blue", 10, 16.5)                                # 2.5 K
    assert near.gs.base_attrs(near.ids[0]) == far.gs.attrs(far.ids[0])


def test_TRT_AGILITY_NULLIFIER_enemies_within_2K_AGI_halved():
    _nullified("TRT-AGILITY-NULLIFIER", "AGI")


def test_TRT_INTELLIGENCE_NULLIFIER_enemies_within_2K_INT_halved():
    _nullified("TRT-INTELLIGENCE-NULLIFIER", "INT")


def test_TRT_WILLPOWER_NULLIFIER_enemies_within_2K_VOL_halved_and_the_field_of_view():
    _nullified("TRT-WILLPOWER-NULLIFIER", "VOL")
    g = scene("TRT-WILLPOWER-NULLIFIER", "blue", 10, 17.5)
    assert g.gs.fov_range(g.ids[0]) == 15.0                            # VOL 5 → 3: 15 K


def test_TRT_PHYSICAL_NULLIFIER_enemies_within_2K_CON_halved():
    _nullified("TRT-PHYSICAL-NULLIFIER", "CON")


def _reroll(trait: str, check, dice=(9, 2)) -> None:
    g = scene(trait, "red", 10, 17)
    g.dice.push(*dice)
    r = check(g)
    assert r.passed and g.checks()[-1].get("reroll") == trait


def test_TRT_AURA_OF_STEEL_allies_reroll_CON_checks():
    from wartime.rules.modifiers import roll_character_check
    _reroll("TRT-AURA-OF-STEEL", lambda g: roll_character_check(g.gs, None, g.ids[0], "ATR", "CON", "CHK-3", "t"))


def test_TRT_AURA_OF_WISDOM_allies_reroll_INT_checks():
    from wartime.rules.modifiers import roll_character_check
    _reroll("TRT-AURA-OF-WISDOM", lambda g: roll_character_check(g.gs, None, g.ids[0], "ATR", "INT", "CHK-3", "t"))


def test_TRT_AURA_OF_TALENT_allies_reroll_AGI_checks():
    from wartime.rules.modifiers import roll_character_check
    _reroll("TRT-AURA-OF-TALENT", lambda g: roll_character_check(g.gs, None, g.ids[0], "ATR", "AGI", "CHK-3", "t"))


def test_TRT_WAR_CRY_allies_reroll_hit_checks():
    g = scene("TRT-WAR-CRY", "red", 10, 17)
    a, b = g.ids[:2]
    g.start_activation(a, energy=10)
    g.dice.push(8, 3, 5, 5)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert [c["die"] for c in g.checks("IMP")] == [8, 3] and g.events("hit")


def test_TRT_ARMOURED_AURA_allies_reroll_DEF_checks():
    g = scene("TRT-ARMOURED-AURA", "blue", 20, 23)
    a, b = g.ids[:2]
    g.start_activation(a, energy=10)
    g.dice.push(5, 8, 1)                                      # CH DEF 8 fails (DEF 0), the reroll 1 is a critical
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert [c["die"] for c in g.checks("DEF")] == [8, 1] and g.wounds(b) == 0


def _terms(g: Game, ranged: bool = True):
    a, b = g.ids[:2]
    return combat_terms(g.gs, a, b, g.gs.weapon(a, 0), ranged)


def test_TRT_CRY_OF_FIRE_allies_within_5K_ranged_hit_plus_1():
    assert [m.value for m in _terms(scene("TRT-CRY-OF-FIRE", "red", 10, 17)).imp] == [1]
    assert _terms(scene("TRT-CRY-OF-FIRE", "red", 10, 12)).imp == ()
    assert _terms(scene("TRT-CRY-OF-FIRE", "red", 10, 17, melee=True), False).imp == ()


def test_TRT_CRY_OF_HATRED_allies_within_5K_melee_hit_plus_1():
    assert [m.value for m in _terms(scene("TRT-CRY-OF-HATRED", "red", 10, 17, melee=True), False).imp] == [1]
    assert _terms(scene("TRT-CRY-OF-HATRED", "red", 10, 17)).imp == ()


def test_TRT_CRY_OF_DARKNESS_enemies_attacking_allies_within_5K_hit_minus_1():
    assert [m.value for m in _terms(scene("TRT-CRY-OF-DARKNESS", "blue", 20, 23)).imp] == [-1]
    assert _terms(scene("TRT-CRY-OF-DARKNESS", "blue", 20, 28)).imp == ()


def test_TRT_CRY_OF_AIM_targets_of_allied_ranged_attacks_CH_DEF_minus_1():
    assert [m.value for m in _terms(scene("TRT-CRY-OF-AIM", "red", 10, 17)).def_check] == [-1]


def test_TRT_PRESENCE_OF_PROTECTION_allies_within_5K_CH_DEF_plus_1():
    g = scene("TRT-PRESENCE-OF-PROTECTION", "blue", 20, 23)
    a, b = g.ids[:2]
    g.start_activation(a, energy=10)
    g.dice.push(5, 9, 5)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.check("DEF")["target"] == 1


def test_TRT_BREATH_OF_ROT_enemies_within_5K_CH_DEF_minus_1():
    assert [m.value for m in _terms(scene("TRT-BREATH-OF-ROT", "red", 20, 23)).def_check] == [-1]


def test_TRT_DEATH_CRY_allies_melee_DMG_plus_1_when_not_charging():
    g = scene("TRT-DEATH-CRY", "red", 10, 17, melee=True)
    assert _terms(g, False).dmg_plus == 1
    g.gs.set_effects(g.ids[0], charge_target=g.ids[1])
    assert _terms(g, False).dmg_plus == 0


def test_TRT_BATTLE_CRY_allies_DMG_plus_1_on_the_charge_attack():
    g = scene("TRT-BATTLE-CRY", "red", 10, 17, melee=True)
    assert _terms(g, False).dmg_plus == 0
    g.gs.set_effects(g.ids[0], charge_target=g.ids[1])
    assert _terms(g, False).dmg_plus == 1


def test_TRT_CRY_OF_ICE_enemies_within_5K_melee_DMG_minus_1():
    """TRT-CRY-OF-ICE: the red attacker (CON 4) is 3 K from a blue bearer: its blade's DMG 3 (MOD-1: 3 + 4 − 4)
    becomes 2."""
    g = scene("TRT-CRY-OF-ICE", "blue", 10, 16, melee=True)
    a, b = g.ids[:2]
    g.start_activation(a, energy=10)
    g.dice.push(5, 9, 5)
    g.act(a, "melee_attack", target=b, weapon=0)
    assert g.events("damage")[-1]["dmg"] == 2


def test_TRT_CRY_OF_MASTERY_allied_weapons_cost_ENE_minus_1():
    g = scene("TRT-CRY-OF-MASTERY", "red", 10, 17)
    a, b = g.ids[:2]
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "ranged_attack", {"target": b, "weapon": 0}) == 1


def test_TRT_STRATEGIC_GENIUS_allies_within_3K_gain_ENE_plus_1():
    g = scene("TRT-STRATEGIC-GENIUS", "red", 10, 17.5)
    a = g.ids[0]
    g.set(a, Energy(0))
    g.start_activation(a)
    assert g.energy(a) == 10                                     # CON 4 + AGI 5 + 1
    far = scene("TRT-STRATEGIC-GENIUS", "red", 10, 15)
    far.set(far.ids[0], Energy(0))
    far.start_activation(far.ids[0])
    assert far.energy(far.ids[0]) == 9


def test_TRT_BREATH_OF_HUNGER_enemies_within_5K_gain_1_ENE_less():
    g = scene("TRT-BREATH-OF-HUNGER", "blue", 10, 16)
    a = g.ids[0]
    g.set(a, Energy(0))
    g.start_activation(a)
    assert g.energy(a) == 8
