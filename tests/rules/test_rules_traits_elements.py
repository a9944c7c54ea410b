"""Elements a weapon's data declares it delivers (catalogue ``elements``, core/elements.py: a project ruling, the
book leaves substances open) against Alérgico, Invulnerable and Resistencia a (), and No vivo's immunity to diseases
and poisons; the catalogue's stun baton (electricity) and cryo thrower (cold) play each path with scripted dice."""
from __future__ import annotations

from pathlib import Path

import pytest

from rules_helpers import blade, weapon
from test_rules_traits_combat import attack, duel
from test_rules_traits_substance_paths import poisoned
from test_rules_traits_substances import substance_race
from wartime.core.errors import DataError
from wartime.data.loader import archetype_from_dict, load_catalogue
from wartime.match.setup import weapon_of
from wartime.rules import traits
from wartime.rules.odds import attack_odds

ROOT = Path(__file__).resolve().parents[2]
CAT = load_catalogue(ROOT / "scenarios" / "catalogue" / "substances.toml")


def gear(key: str):
    """The catalogue weapon `key` as carried in play (match.setup.weapon_of)."""
    return weapon_of(CAT.archetypes[key])


def test_TRT_ALLERGIC_a_stun_baton_delivers_electricity_DMG_x2():
    """Alérgico (electricidad), the catalogue's tin golem: the stun baton (DMG 3, elements = electricity) hits it
    twice as hard as a plain blade of DMG 3 (CH DEF 9 fails: 8 wounds against 4, the attacker's melee terms
    included)."""
    assert gear("stun_baton").elements == ("electricity",)
    g = duel({"weapons": (gear("stun_baton"),)}, melee=True)
    substance_race(g, g.ids[1], "TRT-ALLERGIC", "electricidad")
    attack(g, 5, 9, 5)
    assert g.events("hit")[-1]["dmg"] == 8 and g.wounds(g.ids[1]) == 8
    g = duel({"weapons": (blade(DMG=3),)}, melee=True)
    substance_race(g, g.ids[1], "TRT-ALLERGIC", "electricidad")
    attack(g, 5, 9, 5)
    assert g.events("hit")[-1]["dmg"] == 4 and g.wounds(g.ids[1]) == 4


def test_TRT_ALLERGIC_an_element_nothing_in_the_game_delivers_never_costs():
    """Alérgico (sonido) is fielded; in a game where nothing delivers sound, the rifle's hit is DMG 4 as ever."""
    assert traits.fielding_problem("TRT-ALLERGIC", "race", {"TRT-ALLERGIC"}, param="sonido") is None
    g = duel()
    substance_race(g, g.ids[1], "TRT-ALLERGIC", "sonido")
    attack(g, 5, 9, 5)
    assert g.events("hit")[-1]["dmg"] == 4 and g.wounds(g.ids[1]) == 4


def test_TRT_INVULNERABLE_a_cryo_thrower_leaves_a_cold_immune_target_unwounded():
    """Invulnerable (frío), the catalogue's frost wight: the cryo thrower's hit (cold) leaves no wound (CH DEF 9 fails:
    DMG 0) and the odds say 0; a rifle's hit wounds it (4)."""
    g = duel({"weapons": (gear("cryo_thrower"),)})
    a, b = g.ids
    substance_race(g, b, "TRT-INVULNERABLE", "hielo")
    assert attack_odds(g.gs, a, b, weapon_index=0, ranged=True).expected_wounds == 0
    attack(g, 5, 9)
    assert g.events("hit")[-1]["dmg"] == 0 and g.wounds(b) == 0
    g = duel()
    substance_race(g, g.ids[1], "TRT-INVULNERABLE", "frío")
    attack(g, 5, 9, 5)
    assert g.wounds(g.ids[1]) == 4


def test_TRT_RESISTANCE_cold_DEF_plus_2_against_the_cryo_thrower_only():
    """Resistencia a (hielo), the tin golem's: DEF +2 against the cryo thrower's hit (CH DEF target 2, die 2
    passes: DMG 4 − 2 leaves 2 wounds), none against a plain rifle's."""
    g = duel({"weapons": (gear("cryo_thrower"),)})
    a, b = g.ids
    substance_race(g, b, "TRT-RESISTANCE", "hielo")
    assert traits.combat_terms(g.gs, a, b, gear("cryo_thrower"), True).def_plus == 2
    assert traits.combat_terms(g.gs, a, b, weapon(), True).def_plus == 0
    attack(g, 5, 2, 5)
    assert g.checks("DEF")[-1]["target"] == 2 and g.wounds(b) == 2


def test_TRT_RESISTANCE_an_area_template_of_a_cold_weapon_delivers_cold():
    """A declared element is the weapon's own (not a coat): what an Área permanente template of it delivers too."""
    assert traits.delivered(gear("cryo_thrower"), venom=False) == ("cold",)
    assert traits.delivered(weapon(traits=("TRT-INCENDIARY-AMMO",), elements=("electricity",))) == \
        ("fire", "electricity")


@pytest.mark.parametrize("substance", ["enfermedad", "veneno"])
def test_TRT_NON_LIVING_immune_to_a_disease_or_a_poison_venom(substance):
    """No vivo: immune to diseases and poisons: the plague vial's coated hit (Ponzoña (enfermedad)) or a poison's
    leaves no wound (CH DEF 9 fails: DMG 0; the odds say 0); a living target takes 4."""
    g, a, b = poisoned("TRT-NON-LIVING", "", substance=substance)
    assert attack_odds(g.gs, a, b, weapon_index=0, ranged=True).expected_wounds == 0
    g.dice.push(5, 9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.events("hit")[-1]["dmg"] == 0 and g.wounds(b) == 0 and g.all_dice_used()
    h, a, b = poisoned("TRT-SOFTIE", "", substance=substance)       # alive (Blandito: DMG x2)
    h.dice.push(5, 9, 5)
    h.act(a, "ranged_attack", target=b, weapon=0)
    assert h.wounds(b) == 8


def test_TRT_NON_LIVING_a_hazard_of_disease_deals_it_DMG_0():
    g, a, b = poisoned("TRT-NON-LIVING", "")
    assert traits.substance_terms(g.gs, b, ("disease",)).dmg_zero == "TRT-NON-LIVING"
    assert traits.substance_terms(g.gs, b, ("fire",)) == traits.NO_TERMS


def test_TRT_ALLERGIC_catalogue_elements_are_validated_by_name():
    """A weapon's elements: Spanish or English words of core/elements.py, kept as keys; an unknown name is one
    error at ``archetype[i].elements[j]``; another kind has no elements."""
    base = {"id": "w", "kind": "weapon", "name": "W", "ENE": 2, "DMG": 3, "RNG": 0, "QUA": 4}
    assert archetype_from_dict({**base, "elements": ["electricidad", "cold", "electric"]}).elements == \
        ("electricity", "cold")
    with pytest.raises(DataError) as err:
        archetype_from_dict({**base, "elements": ["fire", "silver"]}, file="cat.toml", field="archetype[3]")
    assert "cat.toml: archetype[3].elements[1]: unknown element 'silver'" in str(err.value)
    with pytest.raises(DataError, match=r"archetype\.elements: expected a list"):
        archetype_from_dict({**base, "elements": "fire"})
    race = {"id": "r", "kind": "race", "name": "R", "CON": 5, "AGI": 5, "INT": 5, "VOL": 5}
    with pytest.raises(DataError, match="only a weapon has elements"):
        archetype_from_dict({**race, "elements": ["fire"]})


def test_TRT_RESISTANCE_element_words_name_every_element_and_the_catalogue_checks_them():
    """Every element is named by its own key and a Spanish word; the rules read the vocabulary the loader checks."""
    from wartime.core.elements import ELEMENT_KEYS, ELEMENT_WORDS
    from wartime.rules.traits.protections import ATTACK_TYPES
    assert ELEMENT_KEYS == ("fire", "acid", "radiation", "explosive", "poison", "cold", "electricity", "disease",
                            "sonic", "plasma", "light")
    assert all(ELEMENT_WORDS[k] == k and ATTACK_TYPES[k] == k for k in ELEMENT_KEYS)
    assert (ELEMENT_WORDS["hielo"], ELEMENT_WORDS["electricidad"], ELEMENT_WORDS["enfermedad"]) == \
        ("cold", "electricity", "disease")
