"""Traits of protections (issue 12): a protection carries its traits in play and they act for its wearer while it is
worn and not disabled (traits G10); the tier-1/2 protection traits are played, each set up with scripted dice and
checked against its catalogue effect and ruling, and priced at its catalogue cost."""
from __future__ import annotations

from pathlib import Path

import pytest

from rules_helpers import Game, M, armour, blade, weapon
from test_rules_traits_combat import attack, duel, race
from wartime.core.components import Equipment, Protection, TraitedProtection, TraitState
from wartime.core.errors import RuleViolation
from wartime.core.rng import Dice, ScriptedDice
from wartime.data.loader import archetype_from_dict, load_army_list, load_scenario, priced_trait
from wartime.data.models import CharacterSpec
from wartime.data.tables import trait_by_id
from wartime.match.setup import build_state, fielding_problems, protection_of, trait_state
from wartime.rules import traits
from wartime.rules.combat import Cover, resolve_hit
from wartime.rules.hiding import hiding_problem
from wartime.rules.modifiers import character_mods, fit_penalty
from wartime.rules.options import offered_actions

ROOT = Path(__file__).resolve().parents[2]


def prot(DEF: int, *ids: str, SIZ: int = 0, QUA: int = 5, levels: dict | None = None, params: dict | None = None,
         wounds: int = 0, key: str = "armour") -> TraitedProtection:
    """A protection carrying the trait IDs `ids` (per-level traits at `levels`, parameters `params`)."""
    return TraitedProtection(key, key.title(), 0, DEF, SIZ, QUA, wounds, traits=ids,
                             levels=tuple((t, n, n) for t, n in (levels or {}).items()),
                             params=tuple((params or {}).items()))


def price(trait: str, kind: str = "protection", level: int | None = None) -> int:
    return priced_trait(trait, kind, "test", "traits", level).points


def defs(g: Game) -> list[tuple[int, int, str]]:
    return [(c["die"], c["target"], c["rule"]) for c in g.checks("DEF")]


def worn(g: Game, e: int) -> Protection:
    return g.gs.equipment(e).protections[0]


# --- a protection's traits act for its wearer ------------------------------------------------------------------
def test_TRT_REINFORCED_CH_DEF_plus_1_for_the_wearer():
    """DEF 3 + Refuerzo: CH DEF target 4 (the DEF subtracted stays 3): die 4 passes, DMG 4 − 3 = 1 wound. Without
    it the same die fails (4 wounds)."""
    g = duel(blue={"protections": (prot(3, "TRT-REINFORCED"),)})
    attack(g, 5, 4, 1)
    assert defs(g) == [(4, 4, "CMB-3")] and g.wounds(g.ids[1]) == 1
    g = duel(blue={"protections": (armour(3),)})
    attack(g, 5, 4, 1)
    assert g.wounds(g.ids[1]) == 4


def test_TRT_REINFORCED_two_protections_add_and_a_disabled_one_gives_nothing():
    """G10: Refuerzo on two worn protections gives CH DEF +2 (DEF 3 + 1: target 6); a disabled protection (wounds =
    QUA, WND-4) gives neither DEF nor its trait (target 3)."""
    g = duel(blue={"protections": (prot(3, "TRT-REINFORCED"), prot(1, "TRT-REINFORCED", key="shield"))})
    attack(g, 5, 6)
    assert defs(g) == [(6, 6, "CMB-3")] and g.wounds(g.ids[1]) == 0
    g = duel(blue={"protections": (armour(3), prot(2, "TRT-REINFORCED", QUA=2, wounds=2, key="shield"))})
    attack(g, 5, 4, 1)
    assert defs(g) == [(4, 3, "CMB-3")] and g.wounds(g.ids[1]) == 4
    assert "TRT-REINFORCED" not in traits.character_traits(g.gs, g.ids[1])


def test_TRT_COUNTERMEASURES_missiles_CH_IMP_minus_1_against_the_wearer():
    """A rocket (a weapon with Munición autopropulsada) shooting the wearer: CH IMP target 5 − 1 = 4 (die 5
    misses); a plain rifle's shot keeps 5; the wearer's own rocket shots keep theirs."""
    rocket = weapon(traits=("TRT-SELF-PROPELLED-AMMO",), key="rocket")
    g = duel(red={"weapons": (rocket,)}, blue={"protections": (prot(1, "TRT-COUNTERMEASURES"),)})
    attack(g, 5)
    assert g.check("IMP")["target"] == 4 and g.events("miss")
    g = duel(blue={"protections": (prot(1, "TRT-COUNTERMEASURES"),)})
    a, b = g.ids
    assert traits.combat_terms(g.gs, a, b, weapon(), True).imp == ()
    g = duel(red={"weapons": (rocket,), "protections": (prot(1, "TRT-COUNTERMEASURES"),)})
    assert traits.combat_terms(g.gs, *g.ids, rocket, True).imp == ()


def test_TRT_COUNTERMEASURES_shells_and_grenades_are_missiles_by_their_traits():
    """Ruling: a missile, shell or similar projectile is a shot with Munición autopropulsada or teledirigida, a
    scattering weapon (Dispersión: a mortar) or a ranged weapon bursting in a round area R (a grenade launcher);
    a flamethrower's drop G, a line L, a jump S and a plain bullet are not. A grenade launcher (R3) aimed at the
    wearer: CH IMP 5 − 1 = 4, die 5 fails and the area scatters (ARE-9); aimed at a mini without the trait, die 5
    hits."""
    from test_rules_areas import area_weapon
    g = duel(blue={"protections": (prot(1, "TRT-COUNTERMEASURES"),)})
    a, b = g.ids
    missiles = {"R3": area_weapon("R3"), "mortar": area_weapon("R3", traits=("TRT-SCATTER",)),
                "scatter only": weapon(traits=("TRT-SCATTER",)), "guided": weapon(traits=("TRT-GUIDED-AMMO",))}
    others = {"G4/3": area_weapon("G4/3"), "L5": area_weapon("L5"), "S2": area_weapon("S2"), "rifle": weapon(),
              "blade": blade()}
    for name, w in missiles.items():
        assert {m.rule: m.value for m in traits.combat_terms(g.gs, a, b, w, True).imp} == \
            {"TRT-COUNTERMEASURES": -1}, name
    for name, w in others.items():
        assert traits.combat_terms(g.gs, a, b, w, name != "blade").imp == (), name
    for prots, target, missed in (((prot(1, "TRT-COUNTERMEASURES"),), 4, True), ((), 5, False)):
        g = duel(red={"weapons": (area_weapon("R3"),)}, blue={"protections": prots})
        g.dice = ScriptedDice(rolls=(), angles=(90.0,))
        g.world.dice = g.dice
        a, b = g.ids
        g.start_activation(a, energy=10)
        g.dice.push(5, *([1] * 8))
        g.act(a, "ranged_attack", weapon=0, target=b)
        assert g.check("IMP")["target"] == target
        assert g.events("area_placed")[-1]["dispersed"] is missed and bool(g.events("dispersion")) is missed


def test_TRT_CURSED_ARMOUR_CH_DEF_minus_1_for_the_wearer():
    """DEF 4 + Maldita armadura: CH DEF target 3: die 4 fails (DMG 4 wounds); the DEF subtracted on a pass stays 4."""
    g = duel(blue={"protections": (prot(4, "TRT-CURSED-ARMOUR"),)})
    attack(g, 5, 4, 1)
    assert defs(g) == [(4, 3, "CMB-3")] and g.wounds(g.ids[1]) == 4
    g = duel(red={"weapons": (weapon(DMG=6),)}, blue={"protections": (prot(4, "TRT-CURSED-ARMOUR"),)})
    attack(g, 5, 3, 1)
    assert g.wounds(g.ids[1]) == 2


@pytest.mark.parametrize("param, ranged_def, melee_def", [
    ("a distancia", 5, 3), ("distancia", 5, 3), ("ranged", 5, 3), ("disparos", 5, 3),
    ("cuerpo a cuerpo", 3, 5), ("CaC", 3, 5), ("melee", 3, 5)])
def test_TRT_RESISTANCE_DEF_plus_2_against_the_attack_type_named(param, ranged_def, melee_def):
    """Resistencia a (): DEF +2 (the CH DEF target and the DEF subtracted) against the attack type named. Ranged
    DMG 4, DEF 3: die 5 passes at 5 (0 wounds) or fails at 3 (4 wounds); in melee the target is 5 or 3."""
    g = duel(blue={"protections": (prot(3, "TRT-RESISTANCE", params={"TRT-RESISTANCE": param}),)})
    attack(g, 5, 5, *(() if ranged_def == 5 else (1,)))
    assert defs(g)[0][1] == ranged_def and g.wounds(g.ids[1]) == (0 if ranged_def == 5 else 4)
    g = duel(melee=True, blue={"protections": (prot(3, "TRT-RESISTANCE", params={"TRT-RESISTANCE": param}),)})
    attack(g, 5, 2, *(() if melee_def == 5 else (1,)))
    assert g.checks("DEF")[0]["target"] == melee_def


def test_TRT_RESISTANCE_two_protections_resisting_add():
    """G10: two worn protections resisting ranged attacks give DEF +4; one resisting melee adds nothing to a shot."""
    g = duel(blue={"protections": (prot(3, "TRT-RESISTANCE", params={"TRT-RESISTANCE": "a distancia"}),
                                   prot(1, "TRT-RESISTANCE", params={"TRT-RESISTANCE": "ranged"}, key="cloak"),
                                   prot(1, "TRT-RESISTANCE", params={"TRT-RESISTANCE": "CaC"}, key="helm"))})
    a, b = g.ids
    assert traits.combat_terms(g.gs, a, b, weapon(), True).def_plus == 4
    assert traits.combat_terms(g.gs, a, b, blade(), False).def_plus == 2


def test_TRT_RESISTANCE_on_the_race_and_a_protection_add():
    """A race with Resistencia a (a distancia) (its parameter in TraitState) gets DEF +2 against shots; with a
    protection resisting them too, +4 (G10); none in melee."""
    g = duel(blue={"protections": (prot(1, "TRT-RESISTANCE", params={"TRT-RESISTANCE": "a distancia"}),)})
    a, b = g.ids
    race(g, b, "TRT-RESISTANCE")
    g.set(b, TraitState(("TRT-RESISTANCE",), params=(("TRT-RESISTANCE", "a distancia"),)))
    assert traits.combat_terms(g.gs, a, b, weapon(), True).def_plus == 4
    g.set(b, Equipment((), ()))
    assert traits.combat_terms(g.gs, a, b, weapon(), True).def_plus == 2
    assert traits.combat_terms(g.gs, a, b, blade(), False).def_plus == 0
    assert _race_problems({"name": "Resistencia a", "param": "plata"}) == ["TRT-RESISTANCE"]
    assert _race_problems({"name": "Resistencia a", "param": "CaC"}) == []


def test_TRT_RESISTANCE_a_word_naming_no_element_is_refused_when_fielded():
    """The engine tells attack types (melee, ranged, area) and the elements and substances of core/elements.py
    apart; a word naming none (silver) is refused naming the trait; the others are fielded, ice and electricity too."""
    for param in ("plata", "magia"):
        assert _problems({"name": "Resistencia a", "param": param}) == ["TRT-RESISTANCE"]
    for param in ("fuego", "área", "a distancia", "ácido", "radiación", "explosivos", "veneno", "hielo",
                  "electricidad", "enfermedad"):
        assert _problems({"name": "Resistencia a", "param": param}) == []


def test_TRT_WALL_its_DEF_does_not_count_against_wounds():
    """Muro protects against stress instead of wounds: a vest DEF 2 and a Muro DEF 3: a shot's DEF is 2 (die 3
    fails: DMG 4 wounds; without Muro the same die passes at 5); two Muro protections both drop out (DEF 0)."""
    g = duel(blue={"protections": (armour(2, key="vest"), prot(3, "TRT-WALL", key="wall"))})
    attack(g, 5, 3, 1)
    assert defs(g) == [(3, 2, "CMB-3")] and g.wounds(g.ids[1]) == 4
    g = duel(blue={"protections": (armour(2, key="vest"), armour(3, key="plain"))})
    attack(g, 5, 3)
    assert g.wounds(g.ids[1]) == 0
    g = duel(blue={"protections": (prot(3, "TRT-WALL"), prot(2, "TRT-WALL", key="wall"))})
    a, b = g.ids
    assert traits.combat_terms(g.gs, a, b, weapon(), True).defense(g.gs.total_def(b)) == 0


def test_TRT_SHADOW_DEF_plus_1_behind_cover():
    """More than 50 % hidden (CMB-17, CH DEF +2): DEF 2 + Sombra 1 = 3 subtracted, target 3 + 2 = 5 (die 5 passes:
    DMG 4 − 3 = 1 wound); in the open no bonus (target 2)."""
    g = duel(blue={"protections": (prot(2, "TRT-SHADOW"),)})
    a, b = g.ids
    g.dice.push(5, 1)
    assert resolve_hit(g.gs, None, a, b, 4, melee=False, cover=Cover(13)) == 1
    assert g.checks("DEF")[-1]["target"] == 5
    g.dice.push(5, 1)
    assert resolve_hit(g.gs, None, a, b, 4, melee=False) == 4 and g.checks("DEF")[-1]["target"] == 2


def test_TRT_SHADOW_on_a_race_and_hiding_without_cover():
    """Sombra on the race works the same (DEF +1 behind cover); Esconderse needs no cover for its bearer."""
    g = duel()
    a, b = g.ids
    assert hiding_problem(g.gs, b) is not None
    race(g, b, "TRT-SHADOW")
    assert hiding_problem(g.gs, b) is None
    g.dice.push(3, 1)
    assert resolve_hit(g.gs, None, a, b, 4, melee=False, cover=Cover(13)) == 3      # DEF 0 + 1, target 1 + 2
    g2 = duel(blue={"protections": (prot(1, "TRT-SHADOW", key="cloak"),)})
    assert hiding_problem(g2.gs, g2.ids[1]) is None


# --- energy shields -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("trait, target", [("TRT-ENERGY-SHIELD", 4), ("TRT-ADVANCED-ENERGY-SHIELD", 6)])
def test_TRT_ENERGY_SHIELD_and_TRT_ADVANCED_ENERGY_SHIELD_a_passed_shield_check_stops_a_ranged_attack(trait, target):
    """Against a ranged attack a shield DEF check with target 4 (advanced: 6) comes before the CH DEF: a pass (die =
    target) stops the attack, no CH DEF, no wounds, the level stays."""
    g = duel(blue={"protections": (prot(2, trait, levels={trait: 2}),)})
    attack(g, 5, target)
    assert defs(g) == [(target, target, trait)] and g.wounds(g.ids[1]) == 0
    assert g.events("attack_stopped")[-1]["rule"] == trait and worn(g, g.ids[1]).level(trait) == 2


@pytest.mark.parametrize("trait, target", [("TRT-ENERGY-SHIELD", 4), ("TRT-ADVANCED-ENERGY-SHIELD", 6)])
def test_TRT_ENERGY_SHIELD_and_TRT_ADVANCED_ENERGY_SHIELD_a_failed_check_loses_a_level_then_CH_DEF(trait, target):
    """Die target + 1 fails: the shield loses a level (2 → 1) and the normal CH DEF follows (DEF 2, die 2 passes:
    DMG 4 − 2 = 2 wounds)."""
    g = duel(blue={"protections": (prot(2, trait, levels={trait: 2}),)})
    attack(g, 5, target + 1, 2, 1)
    assert defs(g) == [(target + 1, target, trait), (2, 2, "CMB-3")] and g.wounds(g.ids[1]) == 2
    assert worn(g, g.ids[1]).level(trait) == 1 and g.events("trait_level")[-1]["level"] == 1


@pytest.mark.parametrize("trait", ["TRT-ENERGY-SHIELD", "TRT-ADVANCED-ENERGY-SHIELD"])
@pytest.mark.parametrize("level", range(1, 11))
def test_TRT_ENERGY_SHIELD_and_TRT_ADVANCED_ENERGY_SHIELD_every_level_is_one_failed_check(trait, level):
    """At level N the shield makes N checks before it is gone: N failed checks (10s) take it to 0, and then a
    ranged attack meets no shield check."""
    g = duel(blue={"protections": (prot(2, trait, levels={trait: level}),)})
    b = g.ids[1]
    for n in range(level):
        g.dice.push(10)
        assert traits.shield_stops(g.gs, b) is None and worn(g, b).level(trait) == level - n - 1
    assert traits.shield_stops(g.gs, b) is None and g.all_dice_used()


@pytest.mark.parametrize("trait", ["TRT-ENERGY-SHIELD", "TRT-ADVANCED-ENERGY-SHIELD"])
def test_TRT_ENERGY_SHIELD_and_TRT_ADVANCED_ENERGY_SHIELD_no_shield_check_in_melee(trait):
    g = duel(melee=True, blue={"protections": (prot(2, trait, levels={trait: 1}),)})
    attack(g, 5, 2, 1)
    assert [c[2] for c in defs(g)] == ["CMB-3"]


@pytest.mark.parametrize("trait, key, ene", [("TRT-ENERGY-SHIELD", "recover_energy_shield", 4),
                                             ("TRT-ADVANCED-ENERGY-SHIELD", "recover_advanced_energy_shield", 6)])
def test_TRT_ENERGY_SHIELD_and_TRT_ADVANCED_ENERGY_SHIELD_recovering_a_level_costs_its_ENE(trait, key, ene):
    """Level 1 of 2: the recovery action costs ENE 4 (advanced: 6) and gives the level back; at its bought level,
    or at level 0, the action is refused naming the trait."""
    shield = TraitedProtection("s", "S", 0, 2, 0, 5, traits=(trait,), levels=((trait, 1, 2),))
    g = Game(M(x=10, y=20, protections=(shield,)), M(side="blue", x=30, y=20))
    a = g.ids[0]
    g.start_activation(a, energy=10)
    assert key in offered_actions(g.engine, a) and g.engine.check_action(a, key, {}) == ene
    g.act(a, key)
    assert worn(g, a).level(trait) == 2 and g.energy(a) == 10 - ene
    assert key not in offered_actions(g.engine, a)
    with pytest.raises(RuleViolation) as exc:
        g.engine.check_action(a, key, {})
    assert exc.value.rule_id == trait
    g.set(a, Equipment((), (TraitedProtection("s", "S", 0, 2, 0, 5, traits=(trait,), levels=((trait, 0, 2),)),)))
    with pytest.raises(RuleViolation):
        g.engine.check_action(a, key, {})


# --- Escudo coriáceo ---------------------------------------------------------------------------------------------
def test_TRT_LEATHERY_SHIELD_levels_absorb_wounds_before_the_wearer():
    """Level 3, DMG 4 and a failed CH DEF (DEF 0): 3 levels absorb 3 wounds, the wearer takes 1 and its CH PSI."""
    g = duel(blue={"protections": (prot(1, "TRT-LEATHERY-SHIELD", levels={"TRT-LEATHERY-SHIELD": 3}),)})
    attack(g, 5, 9, 1)
    b = g.ids[1]
    assert g.wounds(b) == 1 and worn(g, b).level("TRT-LEATHERY-SHIELD") == 0
    assert g.events("damage")[-1]["wounds"] == 1 and g.checks("PSI")


def test_TRT_LEATHERY_SHIELD_no_psychology_check_while_levels_absorb():
    """Level 5 absorbs all 4 wounds: no wound, no CH PSI, level 1 left (levels do not recover)."""
    g = duel(blue={"protections": (prot(1, "TRT-LEATHERY-SHIELD", levels={"TRT-LEATHERY-SHIELD": 5}),)})
    attack(g, 5, 9)
    b = g.ids[1]
    assert g.wounds(b) == 0 and not g.checks("PSI") and worn(g, b).level("TRT-LEATHERY-SHIELD") == 1


def test_TRT_LEATHERY_SHIELD_on_a_race_and_a_protection():
    """On the race (levels in TraitState, from the data at the bought level) it absorbs first, then the
    protection's levels: race 1 + armour 2 absorb 3 of 4 wounds (1 wound, CH PSI)."""
    beast = archetype_from_dict({"id": "b", "kind": "race", "name": "Beast", "CON": 6, "AGI": 4, "INT": 2, "VOL": 4,
                                 "traits": [{"name": "Escudo coriáceo", "level": 1}]})
    own = trait_state(beast)
    assert own == TraitState(("TRT-LEATHERY-SHIELD",), (("TRT-LEATHERY-SHIELD", 1, 1),))
    assert _race_problems({"name": "Escudo coriáceo", "level": 1}) == []
    g = duel(blue={"protections": (prot(1, "TRT-LEATHERY-SHIELD", levels={"TRT-LEATHERY-SHIELD": 2}),)})
    b = g.ids[1]
    race(g, b, "TRT-LEATHERY-SHIELD")
    g.set(b, own)
    attack(g, 5, 9, 1)
    assert g.wounds(b) == 1 and g.gs.world.get(b, TraitState).level("TRT-LEATHERY-SHIELD") == 0
    assert [ev["source"] for ev in g.events("trait_level")] == ["race", "Armour", "Armour"]
    assert worn(g, b).level("TRT-LEATHERY-SHIELD") == 0


@pytest.mark.parametrize("level", range(1, 11))
def test_TRT_LEATHERY_SHIELD_every_level_absorbs_one_wound(level):
    g = duel(blue={"protections": (prot(1, "TRT-LEATHERY-SHIELD", levels={"TRT-LEATHERY-SHIELD": level}),)})
    b = g.ids[1]
    assert traits.absorb_wounds(g.gs, b, 12) == 12 - level
    assert worn(g, b).level("TRT-LEATHERY-SHIELD") == 0 and traits.absorb_wounds(g.gs, b, 3) == 3


# --- Proveedor pirata -------------------------------------------------------------------------------------------
def test_TRT_PIRATE_SUPPLIER_a_passed_CH_DEF_is_rolled_again_and_the_second_stands():
    """DEF 3: die 2 passes, the second CH DEF (7) fails: DMG 4 wounds. A first failure is not rolled again."""
    g = duel(blue={"protections": (prot(3, "TRT-PIRATE-SUPPLIER"),)})
    attack(g, 5, 2, 7, 1)
    assert defs(g) == [(2, 3, "CMB-3"), (7, 3, "TRT-PIRATE-SUPPLIER")] and g.wounds(g.ids[1]) == 4
    g = duel(blue={"protections": (prot(3, "TRT-PIRATE-SUPPLIER"),)})
    attack(g, 5, 2, 3, 1)
    assert g.wounds(g.ids[1]) == 1
    g = duel(blue={"protections": (prot(3, "TRT-PIRATE-SUPPLIER"),)})
    attack(g, 5, 8, 1)
    assert len(defs(g)) == 1 and g.wounds(g.ids[1]) == 4


# --- fit, trade --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("SIZ, plain, adjustable", [(4, 0, 0), (5, 1, 0), (3, 1, 0), (6, 2, 1), (2, 2, 1)])
def test_TRT_ADJUSTABLE_ignores_one_point_of_SIZ_against_CON(SIZ, plain, adjustable):
    """CON 4: the fit penalty |SIZ − CON| (MOD-6, either way) less 1 point with Ajustable."""
    g = Game(M(CON=4, protections=(armour(2, SIZ=SIZ),)), M(side="blue", x=30))
    assert fit_penalty(g.gs, g.ids[0]) == plain
    g.set(g.ids[0], Equipment((), (prot(2, "TRT-ADJUSTABLE", SIZ=SIZ),)))
    assert fit_penalty(g.gs, g.ids[0]) == adjustable


@pytest.mark.parametrize("give", ["protection:0", "weapon:0"])
def test_TRT_LABORIOUS_cannot_be_traded(give):
    """Comerciar refuses a Laborioso shield or weapon (naming the trait) and does not offer it; a plain one trades."""
    shield = prot(1, "TRT-LABORIOUS", key="shield")
    g = Game(M(x=10, y=20, weapons=(blade(traits=("TRT-LABORIOUS",)),), protections=(shield,)),
             M(x=11, y=20), M(side="blue", x=30, y=20))
    a, b, _ = g.ids
    g.start_activation(a, energy=10)
    with pytest.raises(RuleViolation) as exc:
        g.engine.check_action(a, "trade", {"target": b, "give": give})
    assert exc.value.rule_id == "TRT-LABORIOUS"
    g.set(a, Equipment((blade(),), (armour(1, key="shield"),)))
    assert g.engine.check_action(a, "trade", {"target": b, "give": give}) == 1


# --- Niega ---------------------------------------------------------------------------------------------------------
def _negate(name: str) -> TraitedProtection:
    return prot(1, "TRT-NEGATE", params={"TRT-NEGATE": name}, key="ward")


def test_TRT_NEGATE_cancels_the_named_bonus_of_whoever_it_attacks():
    """A shooter wearing Niega (Camuflaje) shoots a Camuflaje target without its CH IMP −1; the target's Refuerzo
    is cancelled by a Niega (Refuerzo) the shooter wears (CH DEF 1 + 0); without Niega both count."""
    g = duel(red={"protections": (_negate("Camuflaje"),)}, blue={"protections": (prot(1, "TRT-REINFORCED"),)})
    a, b = g.ids
    race(g, b, "TRT-CAMOUFLAGE")
    assert traits.negated(g.gs, a) == {"TRT-CAMOUFLAGE"}
    terms = traits.combat_terms(g.gs, a, b, weapon(), True)
    assert [m.rule for m in terms.imp] == [] and [m.rule for m in terms.def_check] == ["TRT-REINFORCED"]
    g.set(a, Equipment((weapon(),), (_negate("Refuerzo"),)))
    terms = traits.combat_terms(g.gs, a, b, weapon(), True)
    assert [m.rule for m in terms.imp] == ["TRT-CAMOUFLAGE"] and terms.def_check == ()
    attack(g, 5)                                             # Camuflaje counts now: CH IMP 5 at 5 − 1 misses
    assert g.check("IMP")["target"] == 4 and g.checks("DEF") == []


def test_TRT_NEGATE_cancels_an_attackers_bonus_its_own_and_an_aura_it_meets():
    """Niega (Munición perforante) on the target: the attacker's weapon trait gives no DEF −1; Niega (Lento) on
    itself: its moves cost ENE 1; Niega (Presencia de honor): an ally's aura gives it no CH VOL +1."""
    g = duel(red={"weapons": (weapon(traits=("TRT-PIERCING-AMMO",)),)},
             blue={"protections": (prot(3), _negate("Munición perforante"))})
    a, b = g.ids
    assert traits.combat_terms(g.gs, a, b, g.gs.equipment(a).weapons[0], True).def_plus == 0
    g.set(b, Equipment((), (prot(3),)))
    assert traits.combat_terms(g.gs, a, b, g.gs.equipment(a).weapons[0], True).def_plus < 0
    slow = Game(M(x=10, y=20, protections=(prot(1, "TRT-SLOW"), _negate("Lento"))), M(side="blue", x=30, y=20))
    slow.start_activation(slow.ids[0], energy=10)
    assert slow.engine.check_action(slow.ids[0], "move", {"path": [[10, 21]]}) == 1
    h = Game(M(x=10, y=20), M(x=12, y=20), M(side="blue", x=30, y=20))
    race(h, h.ids[1], "TRT-PRESENCE-OF-HONOUR")
    assert "TRT-PRESENCE-OF-HONOUR" in [m.rule for m in character_mods(h.gs, h.ids[0], "VOL", "PSI")]
    h.set(h.ids[0], Equipment((), (_negate("Presencia de honor"),)))
    assert "TRT-PRESENCE-OF-HONOUR" not in [m.rule for m in character_mods(h.gs, h.ids[0], "VOL", "PSI")]


def test_TRT_NEGATE_names_a_played_trait():
    """Its parameter is a trait the engine plays, by its book name or ID, or a characteristic (AGI, MOV: all eleven
    are played since issue 16); anything else (no trait, no characteristic) is refused naming TRT-NEGATE; on a race
    its parameter rides in TraitState."""
    assert _problems({"name": "Niega", "param": "Camuflaje"}) == []
    assert _problems({"name": "Niega", "param": "AGI"}) == []
    assert _problems({"name": "Niega", "param": "MOV"}) == []
    assert _problems({"name": "Niega", "param": "Velocidad"}) == ["TRT-NEGATE"]
    assert _race_problems({"name": "Niega", "param": "Refuerzo"}) == []
    g = duel(blue={"protections": (prot(1, "TRT-REINFORCED"),)})
    a, b = g.ids
    race(g, a, "TRT-NEGATE")
    g.set(a, TraitState(("TRT-NEGATE",), params=(("TRT-NEGATE", "TRT-REINFORCED"),)))
    assert traits.combat_terms(g.gs, a, b, weapon(), True).def_check == ()


# --- Requiere ------------------------------------------------------------------------------------------------------
def test_TRT_REQUIRES_only_a_user_with_the_bonus_named_uses_it():
    """Requiere (Camuflaje) on a shield: a human with Camuflaje is fielded with it, one without is refused naming
    TRT-REQUIRES, and a condition or a level (CON 5) is refused too. In play Comerciar does not hand the shield to
    an ally without Camuflaje, and does to one with it."""
    need = {"name": "Requiere", "param": "Camuflaje"}
    assert [rid for rid, _ in fielding_problems(_spec(need, race_traits=[{"name": "Camuflaje"}]))] == []
    assert _problems(need) == ["TRT-REQUIRES"]
    assert [rid for rid, _ in fielding_problems(_spec({"name": "Requiere", "param": "CON 5"},
                                                      race_traits=[{"name": "Camuflaje"}]))] == ["TRT-REQUIRES"]
    shield = prot(1, "TRT-REQUIRES", params={"TRT-REQUIRES": "Camuflaje"}, key="shield")
    handed_only_with_camouflage({"protections": (shield,)}, "protection:0")


def handed_only_with_camouflage(gear: dict, ref: str) -> None:
    """TRT-REQUIRES (Camuflaje): a camouflaged holder of the item `ref` (`gear`: M's weapons / protections) cannot
    hand it to an ally without Camuflaje (Comerciar refused naming TRT-REQUIRES), and can to one with it."""
    g = Game(M(x=10, y=20, **gear), M(x=11, y=20), M(side="blue", x=30, y=20))
    a, b, _ = g.ids
    race(g, a, "TRT-CAMOUFLAGE")
    g.start_activation(a, energy=10)
    with pytest.raises(RuleViolation) as exc:
        g.engine.check_action(a, "trade", {"target": b, "give": ref})
    assert exc.value.rule_id == "TRT-REQUIRES"
    race(g, b, "TRT-CAMOUFLAGE")
    assert g.engine.check_action(a, "trade", {"target": b, "give": ref}) == 1


# --- Enorme, Mega armadura, Reliquia ---------------------------------------------------------------------------
def test_TRT_HUGE_and_TRT_MEGA_ARMOUR_a_huge_weapon_goes_only_to_a_mega_armour_wearer():
    """An Enorme weapon is fielded on a character wearing Mega armadura (the loader's E9 refuses it otherwise); an
    Enorme protection is fielded mounted on a transport (E9 refuses it anywhere else but on a Mega armadura wearer:
    tests/data/test_data_building_rules.py). In play, Comerciar does not hand the weapon to an ally without Mega
    armadura (refused naming TRT-HUGE) and does to one wearing it, not disabled."""
    mega = {"name": "Mega armadura"}
    assert _problems(mega) == []
    spec = _spec(mega, weapon_traits=[{"name": "Enorme"}])
    assert fielding_problems(spec) == []
    from test_rules_transports import _transport_spec
    from wartime.data.loader import archetype_from_dict
    plate = archetype_from_dict({"id": "plate", "kind": "protection", "name": "Plate", "ENE": 0, "DEF": 2, "SIZ": 0,
                                 "QUA": 3, "traits": [{"name": "Enorme"}]})
    assert fielding_problems(_transport_spec([], [plate])) == []
    cannon = weapon(DMG=6, traits=("TRT-HUGE",), key="cannon")
    g = Game(M(x=10, y=20, weapons=(cannon,), protections=(prot(3, "TRT-MEGA-ARMOUR"),)), M(x=11, y=20),
             M(side="blue", x=30, y=20))
    a, b, _ = g.ids
    g.start_activation(a, energy=10)
    with pytest.raises(RuleViolation) as exc:
        g.engine.check_action(a, "trade", {"target": b, "give": "weapon:0"})
    assert exc.value.rule_id == "TRT-HUGE"
    g.set(b, Equipment((), (prot(2, "TRT-MEGA-ARMOUR", QUA=2, wounds=2),)))                  # disabled
    with pytest.raises(RuleViolation):
        g.engine.check_action(a, "trade", {"target": b, "give": "weapon:0"})
    g.set(b, Equipment((), (prot(2, "TRT-MEGA-ARMOUR"),)))
    assert g.engine.check_action(a, "trade", {"target": b, "give": "weapon:0"}) == 1
    g.act(a, "trade", target=b, give="weapon:0")
    assert g.gs.equipment(b).weapons[0].key == "cannon"


def test_TRT_RELIC_is_fielded_once_in_a_list():
    """Reliquia is a list-building rule (its note): the loader's E8 refuses a list repeating it
    (tests/data/test_data_building_rules.py); a character with a relic race, weapon or protection is fielded."""
    assert _problems({"name": "Reliquia"}) == []
    assert fielding_problems(_spec({"name": "Refuerzo"}, weapon_traits=[{"name": "Reliquia"}])) == []


@pytest.mark.parametrize("trait, kind, points", [("TRT-HUGE", "weapon", -5), ("TRT-HUGE", "protection", -5),
                                                 ("TRT-MEGA-ARMOUR", "protection", 3),
                                                 ("TRT-RELIC", "protection", -20), ("TRT-RELIC", "weapon", -20)])
def test_TRT_HUGE_MEGA_ARMOUR_RELIC_cost_their_catalogue_price(trait, kind, points):
    assert price(trait, kind) == points


# --- traits played on a race, now on a protection too ------------------------------------------------------------
def test_TRT_STEEL_PLATING_on_a_protection_and_on_the_race_adds():
    """Baño de acero on the armour: DEF 3 + 1 = 4 (target and DEF subtracted: die 4 passes, DMG 6 − 4 = 2); on the
    race and the armour both (G10: numbers add): DEF 5, 1 wound."""
    g = duel(red={"weapons": (weapon(DMG=6),)}, blue={"protections": (prot(3, "TRT-STEEL-PLATING"),)})
    attack(g, 5, 4, 1)
    assert defs(g) == [(4, 4, "CMB-3")] and g.wounds(g.ids[1]) == 2
    g = duel(red={"weapons": (weapon(DMG=6),)}, blue={"protections": (prot(3, "TRT-STEEL-PLATING"),)})
    race(g, g.ids[1], "TRT-STEEL-PLATING")
    attack(g, 5, 4, 1)
    assert defs(g) == [(4, 5, "CMB-3")] and g.wounds(g.ids[1]) == 1


def test_TRT_SHODDY_MAKE_on_the_race_and_a_protection_gives_CH_AGI_minus_2():
    """G10: Mala hechura on the race and on the armour: two CH AGI −1 modifiers (numbers add); the armour alone: −1;
    a CH INT takes none."""
    g = duel(blue={"protections": (prot(1, "TRT-SHODDY-MAKE"),)})
    b = g.ids[1]
    assert [m.value for m in character_mods(g.gs, b, "AGI", "ATR") if m.rule == "TRT-SHODDY-MAKE"] == [-1]
    race(g, b, "TRT-SHODDY-MAKE")
    assert [m.value for m in character_mods(g.gs, b, "AGI", "ATR") if m.rule == "TRT-SHODDY-MAKE"] == [-1, -1]
    assert not [m for m in character_mods(g.gs, b, "INT", "ATR") if m.rule == "TRT-SHODDY-MAKE"]


def test_TRT_SLOW_on_a_protection_and_on_the_race_adds():
    """Lento on the armour: Mover costs ENE 1 + 1; on the race too (G10): 1 + 2."""
    g = Game(M(x=10, y=20, protections=(prot(1, "TRT-SLOW"),)), M(side="blue", x=30, y=20))
    a = g.ids[0]
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "move", {"path": [[10, 21]]}) == 2
    race(g, a, "TRT-SLOW")
    assert g.engine.check_action(a, "move", {"path": [[10, 21]]}) == 3


def test_TRT_LONG_LIFE_on_a_protection_works_only_while_it_is_not_disabled():
    """Larga vida on the armour: a passed CH DEF gives no wounds; with the armour disabled (wounds = QUA) the
    trait is gone and the DEF too (CH DEF 1 fails at target 0)."""
    g = duel(blue={"protections": (prot(2, "TRT-LONG-LIFE"),)})
    attack(g, 5, 2)
    assert g.wounds(g.ids[1]) == 0
    g = duel(blue={"protections": (prot(2, "TRT-LONG-LIFE", QUA=1, wounds=1),)})
    attack(g, 5, 1)
    assert g.wounds(g.ids[1]) == 0 and g.checks("DEF")[0]["critical"]


def test_TRT_worn_traits_are_fielded_on_protections():
    """Every trait the engine plays on a protection is fielded on a protection archetype (those with a parameter
    with one it plays); the ones played only on a race (or a weapon) are refused there naming the trait."""
    for t, p in traits.plugins().items():
        if "protection" not in p.kinds or t == "TRT-REQUIRES":       # its own test: it needs a bonus to carry
            continue
        row = trait_by_id()[t]
        entry = {"name": row.name_es, **({"level": 1} if row.per_level else {}),
                 **({"param": {"TRT-NEGATE": "Camuflaje", "TRT-INVULNERABLE": "fuego"}.get(t, "a distancia")}
                    if row.param else {})}
        assert _problems(entry) == [], t
    assert _problems({"name": "Sin cura"}) == ["TRT-NO-CURE"]


# --- BLD-9: the protection built from data carries its traits ---------------------------------------------------------
def test_BLD_9_a_protection_is_worn_from_deployment_and_its_ENE_is_not_spent(tmp_path):
    """BLD-9 / GNA-16: a protection's ENE is what Usar costs to put it on or activate it; the engine deploys every
    character wearing its protections (BLD-7) and Usar is not played (GNA-16 is refused), so no ENE is spent on
    them in play: a game set up from data starts its characters at ENE 0 (ENE-2) whatever their protections' ENE,
    wearing them with their DEF, traits, levels (at the bought level) and parameters; a race's levels and
    parameters ride in its TraitState, a race without them has none, a protection without traits stays plain."""
    (tmp_path / "cat.toml").write_text(
        'format = 1\ntype = "catalogue"\n'
        '[[archetype]]\nid = "beast"\nkind = "race"\nname = "Beast"\nCON = 6\nAGI = 4\nINT = 2\nVOL = 4\n'
        'traits = [{ name = "Escudo coriáceo", level = 2 }]\n'
        '[[archetype]]\nid = "human"\nkind = "race"\nname = "Human"\nCON = 4\nAGI = 5\nINT = 4\nVOL = 4\n'
        '[[archetype]]\nid = "shield"\nkind = "protection"\nname = "Shield"\nENE = 3\nDEF = 2\nSIZ = 0\nQUA = 4\n'
        'traits = [{ name = "Escudo de energía", level = 3 }, { name = "Resistencia a", param = "CaC" }, '
        '{ name = "Refuerzo" }]\n'
        '[[archetype]]\nid = "vest"\nkind = "protection"\nname = "Vest"\nENE = 2\nDEF = 2\nSIZ = 4\nQUA = 4\n'
        '[[character]]\nid = "guard"\nname = "Guard"\nrace = "beast"\nprotections = ["shield"]\n'
        '[[character]]\nid = "grunt"\nname = "Grunt"\nrace = "human"\nprotections = ["vest"]\n',
        encoding="utf-8")
    for side, who in (("red", "guard"), ("blue", "grunt")):
        (tmp_path / f"{side}.toml").write_text(f'format = 1\ntype = "list"\nname = "{side}"\ncatalogue = "cat.toml"\n'
                                               f'[[unit]]\ncharacter = "{who}"\n', encoding="utf-8")
    gs = build_state(load_scenario(ROOT / "scenarios" / "skirmish.toml"),
                     {s: load_army_list(tmp_path / f"{s}.toml") for s in ("red", "blue")}, Dice(1))
    guard, grunt = gs.minis()
    p = gs.equipment(guard).protections[0]
    assert gs.energy(guard) == 0 and gs.energy(grunt) == 0 and gs.total_def(guard) == 2
    assert p.ENE == 3 and p.traits == ("TRT-ENERGY-SHIELD", "TRT-RESISTANCE", "TRT-REINFORCED")
    assert p.levels == (("TRT-ENERGY-SHIELD", 3, 3),) and p.param("TRT-RESISTANCE") == "CaC"
    assert gs.world.get(guard, TraitState).level("TRT-LEATHERY-SHIELD") == 2
    assert "TRT-REINFORCED" in traits.character_traits(gs, guard)
    assert type(gs.equipment(grunt).protections[0]) is Protection and gs.world.try_get(grunt, TraitState) is None
    plain = protection_of(archetype_from_dict({"id": "v", "kind": "protection", "name": "Vest", "ENE": 2, "DEF": 2,
                                               "SIZ": 4, "QUA": 4}))
    assert type(plain) is Protection and plain.traits == ()


# --- costs ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("trait, kind, points", [
    ("TRT-REINFORCED", "protection", 15), ("TRT-CURSED-ARMOUR", "protection", -10),
    ("TRT-PIRATE-SUPPLIER", "protection", -20), ("TRT-ADJUSTABLE", "protection", 3),
    ("TRT-LABORIOUS", "protection", -5), ("TRT-LABORIOUS", "weapon", -5), ("TRT-SHADOW", "protection", 5),
    ("TRT-SHADOW", "race", 5), ("TRT-WALL", "protection", 5), ("TRT-COUNTERMEASURES", "protection", 10)])
def test_TRT_protection_traits_cost_their_catalogue_price(trait, kind, points):
    assert price(trait, kind) == points


@pytest.mark.parametrize("level", range(1, 11))
@pytest.mark.parametrize("trait, per_level", [("TRT-ENERGY-SHIELD", 5), ("TRT-ADVANCED-ENERGY-SHIELD", 10),
                                              ("TRT-LEATHERY-SHIELD", 5)])
def test_TRT_shield_traits_cost_their_price_per_level(trait, per_level, level):
    assert price(trait, "protection", level) == per_level * level


@pytest.mark.parametrize("name, param, points", [("Resistencia a", "a distancia", 10),
                                                 ("Resistencia a", "cuerpo a cuerpo", 10), ("Niega", "Camuflaje", 5),
                                                 ("Requiere", "Camuflaje", -3)])
def test_TRT_RESISTANCE_NEGATE_REQUIRES_cost_their_catalogue_price(name, param, points):
    a = archetype_from_dict({"id": "p", "kind": "protection", "name": "P", "ENE": 0, "DEF": 1, "SIZ": 0, "QUA": 1,
                             "traits": [{"name": name, "param": param}]})
    assert a.traits[0].points == points


def _spec(trait_entry: dict, weapon_traits: list | None = None, race_traits: list | None = None) -> CharacterSpec:
    """A human (with `race_traits`) wearing a protection with the one trait `trait_entry` (and, given
    `weapon_traits`, a knife with them)."""
    weapons = () if weapon_traits is None else (archetype_from_dict(
        {"id": "w", "kind": "weapon", "name": "W", "ENE": 2, "DMG": 3, "RNG": 0, "QUA": 4, "traits": weapon_traits}),)
    return CharacterSpec(
        id="c", name="C",
        race=archetype_from_dict({"id": "h", "kind": "race", "name": "Human", "CON": 4, "AGI": 4, "INT": 4, "VOL": 4,
                                  "traits": race_traits or []}),
        weapons=weapons,
        protections=(archetype_from_dict({"id": "p", "kind": "protection", "name": "P", "ENE": 0, "DEF": 1, "SIZ": 0,
                                          "QUA": 1, "traits": [trait_entry]}),))


def _race_problems(trait_entry: dict) -> list[str]:
    """The trait IDs fielding_problems refuses on a human race with the one trait `trait_entry`."""
    spec = CharacterSpec(id="c", name="C", race=archetype_from_dict(
        {"id": "h", "kind": "race", "name": "Human", "CON": 4, "AGI": 4, "INT": 4, "VOL": 4, "traits": [trait_entry]}))
    return [rid for rid, _ in fielding_problems(spec)]


def _problems(trait_entry: dict) -> list[str]:
    """The trait IDs fielding_problems refuses on a human wearing a protection with the one trait `trait_entry`."""
    return [rid for rid, _ in fielding_problems(_spec(trait_entry))]
