"""Alérgico, Invulnerable and Resistencia a () against every way the engine delivers a substance or element
(rules/traits/substances.py): a venom poured on a weapon (a poison, TRT-VENOM), a burning character's fire, a
radioactive area, an Área permanente template (what its weapon's ammunition delivers: a fire weapon's is a burning
zone), a blast of no weapon (Bomba viviente, a transport's wreck: explosive, an area's hit) and Sangre de ácido;
and what is told apart (Distorsión envenenada delivers nothing). Each set up with scripted dice."""
from __future__ import annotations

import pytest

from rules_helpers import Game, M, armour, blade, ride, weapon
from test_rules_areas import blue, fire, game, shooter
from test_rules_objects import give
from test_rules_traits_combat import attack, duel, race
from test_rules_traits_protection import _race_problems
from test_rules_traits_substances import distorted, substance_race
from wartime.core.components import TraitState, Traits
from wartime.rules import areas, burning, riding, traits
from wartime.rules.combat import resolve_hit

VENOM = "TRT-VENOM"
FIRE = "TRT-IGNEOUS-AMMO"               # a weapon delivering fire whose only other effect is a malus on a wound


# --- a venom of poison (Ponzoña (veneno)) ----------------------------------------------------------------------------
def poisoned(trait: str, param: str, blue_def: int = 0, substance: str = "veneno"):
    """Red (a rifle, DMG 4) pours a venom of `substance` on it (Usar, ENE 1); blue (CON 9) 10 K away carries
    `trait` (`param`) on its race, and armour DEF `blue_def`."""
    g = Game(M(x=10, y=20, AGI=5, CON=5, weapons=(weapon(DMG=4),)),
             M(side="blue", x=20, y=20, facing=180.0, CON=9, protections=(armour(blue_def),) if blue_def else ()))
    a, b = g.ids
    substance_race(g, b, trait, param)
    kit = give(g, a, VENOM, f"{VENOM}:{substance}", name="Venom")
    g.start_activation(a, energy=10)
    g.act(a, "use_object", item=f"item:{kit}", choice="weapon:0")
    return g, a, b


def test_TRT_VENOM_a_poison_or_ice_is_fielded_a_non_element_is_refused_naming_the_trait():
    """Ponzoña (veneno) and (hielo) are played (elements of core/elements.py); Ponzoña (plata) names no element."""
    assert traits.fielding_problem(VENOM, "object", {VENOM}, param="veneno") is None
    assert traits.fielding_problem(VENOM, "object", {VENOM}, param="hielo") is None
    assert "plata" in traits.fielding_problem(VENOM, "object", {VENOM}, param="plata")
    g, a, b = poisoned("TRT-ALLERGIC", "veneno")
    assert traits.trait_arg(g.gs.equipment(a).weapons[0], VENOM) == "poison"


def test_TRT_ALLERGIC_a_venom_of_poison_doubles_the_DMG_of_the_coated_hit():
    """Alérgico (veneno): the coated rifle's hit (DMG 4) is DMG 8 (CH DEF 9 fails: 8 wounds) and the venom is
    delivered; the next, uncoated, hit is DMG 4 again."""
    g, a, b = poisoned("TRT-ALLERGIC", "veneno")
    g.dice.push(5, 9, 5)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.events("hit")[-1]["dmg"] == 8 and g.wounds(b) == 8 and g.events("venom_delivered")
    assert traits.combat_terms(g.gs, a, b, g.gs.equipment(a).weapons[0], True).dmg(4) == 4
    h, a, b = poisoned("TRT-ALLERGIC", "ácido")                # another substance: DMG 4
    h.dice.push(5, 9, 5)
    h.act(a, "ranged_attack", target=b, weapon=0)
    assert h.events("hit")[-1]["dmg"] == 4 and h.wounds(b) == 4


def test_TRT_INVULNERABLE_a_venom_of_poison_coated_hit_leaves_no_wound():
    """Invulnerable (veneno): the coated hit leaves no wound (its CH DEF 9 fails: DMG 0), so the venom stays on the
    weapon; the exact odds say 0 too."""
    g, a, b = poisoned("TRT-INVULNERABLE", "veneno")
    from wartime.rules.odds import attack_odds
    assert attack_odds(g.gs, a, b, weapon_index=0, ranged=True).expected_wounds == 0
    g.dice.push(5, 9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.events("hit")[-1]["dmg"] == 0 and g.wounds(b) == 0 and not g.events("venom_delivered")
    assert traits.trait_arg(g.gs.equipment(a).weapons[0], VENOM) == "poison" and g.all_dice_used()


@pytest.mark.parametrize("param, target", [("veneno", 5), ("fuego", 3)])
def test_TRT_RESISTANCE_a_venom_of_poison_DEF_plus_2(param, target):
    """Resistencia a (veneno) with armour DEF 3: the coated shot's CH DEF target is 5; die 5 passes, DMG 4 − DEF 5
    leaves no wound. Resistencia a (fuego): 3, die 5 fails: 4 wounds (and a CH PSI)."""
    g, a, b = poisoned("TRT-RESISTANCE", param, blue_def=3)
    g.dice.push(5, 5, *(() if target == 5 else (5,)))
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.checks("DEF")[-1]["target"] == target and g.wounds(b) == (0 if target == 5 else 4)
    assert g.all_dice_used()


# --- a burning character's fire --------------------------------------------------------------------------------------
def burning_target(trait: str, param: str):
    g = duel({"weapons": (weapon(traits=("TRT-INCENDIARY-AMMO",)),)})
    burning.install(g.world)
    a, b = g.ids
    substance_race(g, b, trait, param)
    attack(g, 5, 1)                                     # a critical CH DEF: no wound, but it burns
    return g, b


@pytest.mark.parametrize("param, target", [("fuego", 2), ("ácido", 0)])
def test_TRT_RESISTANCE_a_burning_hit_of_fire_DEF_plus_2(param, target):
    """Resistencia a (fuego), burning: the DMG 1 hit at the start of its activation has CH DEF target 2 (DEF 0 + 2):
    die 2 passes, DMG 1 − 2: no wound. Against acid nothing: target 0, die 2 fails: 1 wound (CH PSI)."""
    g, b = burning_target("TRT-RESISTANCE", param)
    g.dice.push(2, *(() if target == 2 else (1,)))
    g.start_activation(b)
    assert g.checks("DEF")[-1]["target"] == target and g.wounds(b) == (0 if target == 2 else 1)
    assert g.all_dice_used()


def test_TRT_INVULNERABLE_a_burning_hit_of_fire_leaves_no_wound():
    g, b = burning_target("TRT-INVULNERABLE", "fuego")
    g.dice.push(9)
    g.start_activation(b)
    assert g.events("burning") and g.wounds(b) == 0 and g.all_dice_used()


# --- a radioactive area ----------------------------------------------------------------------------------------------
def irradiated(trait: str, param: str):
    """Blue stands in Munición radiactiva's R3 area (DMG 4, placed by a wounding shot: 4 wounds, CON 9)."""
    g = duel({"weapons": (weapon(DMG=4, traits=("TRT-RADIOACTIVE-AMMO",)),)})
    areas.install(g.world)
    a, b = g.ids
    attack(g, 5, 9, 5)
    substance_race(g, b, trait, param)
    return g, b


def test_TRT_ALLERGIC_a_radioactive_area_deals_double_DMG():
    g, b = irradiated("TRT-ALLERGIC", "radiación")
    g.dice.push(9)                                      # 12 wounds on CON 9: down, no CH PSI
    g.start_activation(b)
    assert g.events("damage")[-1]["dmg"] == 8 and g.wounds(b) == 4 + 8 and g.all_dice_used()


@pytest.mark.parametrize("param, target", [("radiación", 2), ("área", 2), ("a distancia", 0)])
def test_TRT_RESISTANCE_a_radioactive_area_DEF_plus_2(param, target):
    """Resistencia a (radiación) or (área: a template left on the board is an area's hit): CH DEF target 2; a
    resistance to ranged attacks: 0 (the template is no shot)."""
    g, b = irradiated("TRT-RESISTANCE", param)
    g.dice.push(9, 1)
    g.start_activation(b)
    assert g.checks("DEF")[-1]["target"] == target and g.wounds(b) == 8 and g.all_dice_used()


# --- an Área permanente template: what its weapon delivers (a burning zone) ----------------------------------------
def zone(ammo: str, trait: str, param: str):
    """Red's Área permanente R3 weapon with `ammo` (DMG 4) hits t at (20, 20) and the template stays; m at
    (20, 22.6) carries `trait` (`param`) and steps into it (half covered: DMG 2)."""
    g = game(shooter(wkw={"traits": ("TRT-PERSISTENT-AREA", ammo)}), blue(20, 20), blue(20, 22.6, facing=270.0))
    a, t, m = g.ids
    substance_race(g, m, trait, param)
    fire(g, 3, 5, 2, target=t)
    assert len(areas.effects(g.gs, "persistent")) == 1
    g.start_activation(m, energy=10)
    return g, m


def test_TRT_ALLERGIC_a_persistent_template_of_a_fire_weapon_deals_double_DMG():
    """Alérgico (fuego): the burning zone's half hit (DMG 2) is DMG 4 (CH DEF 5 fails: 4 wounds, CH PSI 2)."""
    g, m = zone(FIRE, "TRT-ALLERGIC", "fuego")
    g.dice.push(5, 2)
    g.act(m, "move", path=[[20, 21.6]])
    assert g.events("area_effect", who=m)[0]["dmg"] == 2 and g.wounds(m) == 4 and g.all_dice_used()


def test_TRT_ALLERGIC_a_persistent_template_of_another_element_is_not_doubled():
    g, m = zone("TRT-CORROSIVE-AMMO", "TRT-ALLERGIC", "fuego")
    g.dice.push(5, 2)
    g.act(m, "move", path=[[20, 21.6]])
    assert g.wounds(m) == 2 and g.all_dice_used()


def test_TRT_INVULNERABLE_a_persistent_template_of_a_fire_weapon_leaves_no_wound():
    g, m = zone(FIRE, "TRT-INVULNERABLE", "fuego")
    g.dice.push(5)
    g.act(m, "move", path=[[20, 21.6]])
    assert g.events("area_effect", who=m) and g.wounds(m) == 0 and g.all_dice_used()


@pytest.mark.parametrize("param, target", [("fuego", 2), ("área", 2), ("radiación", 0)])
def test_TRT_RESISTANCE_a_persistent_template_of_a_fire_weapon_DEF_plus_2(param, target):
    """Resistencia a (fuego) or (área): the zone's hit has CH DEF target 2 (die 5 still fails: 2 wounds)."""
    g, m = zone(FIRE, "TRT-RESISTANCE", param)
    g.dice.push(5, 2)
    g.act(m, "move", path=[[20, 21.6]])
    assert g.checks("DEF")[-1]["target"] == target and g.wounds(m) == 2 and g.all_dice_used()


def test_TRT_ALLERGIC_a_persistent_template_does_not_carry_its_weapons_venom():
    """A venom coat stays with the weapon (its next wounding hit): the template left by a coated weapon delivers
    only what the ammunition delivers (none here)."""
    w = weapon(traits=("TRT-AREA", "TRT-PERSISTENT-AREA", VENOM, f"{VENOM}:fire"), area="R3")
    assert traits.delivered(w) == ("fire",) and traits.delivered(w, venom=False) == ()


# --- a blast of no weapon: explosive, an area's hit ----------------------------------------------------------------
def bomb_kill(trait: str | None, param: str = "explosivos", *dice: int) -> Game:
    """A blue CON 6 AGI 8 Bomba viviente killed in melee by red (CON 9, DEF 0, carrying `trait`): DMG 3 in R 4."""
    g = Game(M(x=10, y=20, CON=9, weapons=(blade(),)), M(side="blue", x=11, y=20, CON=6, AGI=8, facing=180.0))
    red, bomb = g.ids
    race(g, bomb, "TRT-LIVING-BOMB")
    if trait is not None:
        g.set(red, Traits((trait,)), TraitState((trait,), params=((trait, param),)))
    g.start_activation(red, energy=10)
    g.dice.push(3, 9, *dice)
    g.act(red, "melee_attack", target=bomb, weapon=0)
    assert g.events("death_blast") and g.all_dice_used()
    return g


@pytest.mark.parametrize("trait, param, dice, wounds, target", [
    (None, "", (9, 1), 3, 0),
    ("TRT-ALLERGIC", "explosivos", (9, 1), 6, 0),
    ("TRT-INVULNERABLE", "explosiones", (9,), 0, 0),
    ("TRT-RESISTANCE", "explosivos", (9, 1), 3, 2),
    ("TRT-RESISTANCE", "área", (9, 1), 3, 2),
    ("TRT-ALLERGIC", "fuego", (9, 1), 3, 0)])
def test_TRT_LIVING_BOMB_its_blast_is_explosive_for_ALLERGIC_INVULNERABLE_RESISTANCE(trait, param, dice, wounds,
                                                                                      target):
    """Reading (rules/traits/substances.py): the blast is an explosion: Alérgico (explosivos) takes DMG 3 × 2,
    Invulnerable (explosiones) no wound, Resistencia a (explosivos) or (área) CH DEF target +2; fire is not it."""
    g = bomb_kill(trait, param, *dice)
    red = g.ids[0]
    assert g.wounds(red) == wounds and g.checks("DEF")[-1]["target"] == target


def test_TRT_INVULNERABLE_a_transport_wreck_explosion_is_explosive():
    """WND-5: a destroyed transport (DEF 3) explodes: b, Invulnerable (explosivos), takes DMG 0; c, Alérgico
    (explosivos), DMG 6; both fail CH DEF 9."""
    g = Game(M(x=10, y=20, CON=4), M(side="blue", x=12.5, y=20, CON=9), M(side="blue", x=10, y=22.5, CON=9),
             rolls=[9] * 10)
    ride(g, g.ids[0], MOV=2, DEF=3, QUA=1, capacity=4, size=2.0)
    a, b, c = g.ids
    substance_race(g, b, "TRT-INVULNERABLE", "explosivos")
    substance_race(g, c, "TRT-ALLERGIC", "explosivos")
    riding.wound_transport(g.gs, None, a, 2, None, resolve_hit)
    assert set(g.events("transport_exploded")[0]["hit"]) >= {b, c}
    dmg = {ev["target"]: ev["dmg"] for ev in g.events("damage")}
    assert dmg[b] == 0 and g.wounds(b) == 0 and dmg[c] == 6 and g.wounds(c) == 6


# --- Sangre de ácido ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("trait, wounds, qua", [(None, 1, 4), ("TRT-ALLERGIC", 2, 4), ("TRT-INVULNERABLE", 0, 5),
                                                ("TRT-RESISTANCE", 1, 4)])
def test_TRT_ALLERGIC_INVULNERABLE_acid_blood_splash(trait, wounds, qua):
    """Sangre de ácido wounded in melee splashes its attacker with acid: 1 wound (no CH DEF) and 1 QUA of its
    armour; Alérgico (ácido): 2 wounds; Invulnerable (ácido): nothing (its armour keeps QUA 5); Resistencia a
    (ácido): no CH DEF to raise, 1 wound."""
    g = Game(M(x=10, y=20, AGI=5, CON=5, weapons=(blade(),), protections=(armour(1, QUA=5),)),
             M(side="blue", x=11, y=20, facing=180.0, CON=9))
    a, b = g.ids
    race(g, b, "TRT-ACID-BLOOD")
    if trait is not None:
        g.set(a, Traits((trait,)), TraitState((trait,), params=((trait, "ácido"),)))
    g.start_activation(a, energy=10)
    g.dice.push(5, 5, 5)
    g.act(a, "melee_attack", target=b, weapon=0)
    assert g.wounds(b) == 4 and g.wounds(a) == wounds and g.gs.equipment(a).protections[0].QUA == qua
    assert g.all_dice_used() and bool(g.events("acid_blood_spared")) == (trait == "TRT-INVULNERABLE")


# --- told apart ----------------------------------------------------------------------------------------------------------
def test_TRT_INVULNERABLE_poisoned_distortion_delivers_no_substance():
    """Distorsión envenenada acts on invocation rolls and delivers nothing: a caster Invulnerable (veneno) within
    5 K still fumbles on a 9 (only Runas de protección spare it, TRT-PROTECTION-RUNES)."""
    g, a, b = distorted("friend")
    g.set(a, Traits(g.gs.traits(a) + ("TRT-INVULNERABLE",)),
          TraitState(("TRT-INVULNERABLE",), params=(("TRT-INVULNERABLE", "veneno"),)))
    g.dice.push(9, 3)
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.check("ATR", rule="MET-2")["fumble"] and g.all_dice_used()


@pytest.mark.parametrize("trait", ["TRT-ALLERGIC", "TRT-INVULNERABLE", "TRT-RESISTANCE"])
def test_TRT_ALLERGIC_INVULNERABLE_RESISTANCE_refuse_only_what_names_no_element(trait):
    """Every element of the table is fielded (race), ice, electricity, a disease too (a catalogue weapon may deliver
    them); a word naming no element is refused naming the trait."""
    name = {"TRT-ALLERGIC": "Alérgico", "TRT-INVULNERABLE": "Invulnerable", "TRT-RESISTANCE": "Resistencia a"}[trait]
    for param in ("fuego", "ácido", "radiación", "explosivos", "explosiones", "veneno", "toxina"):
        assert traits.fielding_problem(trait, "race", {trait}, param=param) is None, param
    for param in ("hielo", "frío", "electricidad", "enfermedad", "sonido", "plasma", "luz"):
        assert traits.fielding_problem(trait, "race", {trait}, param=param) is None, param
    for param in ("plata", "agua bendita"):
        assert param in (traits.fielding_problem(trait, "race", {trait}, param=param) or "")
        assert _race_problems({"name": name, "param": param}) == [trait]
