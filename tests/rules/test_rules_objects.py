"""Objects in play (BLD-17, GNA-16 Usar) and the object traits (rules/traits/objects.py), each with scripted dice
and checked against the book's numbers; every object trait priced at its catalogue cost on an object."""
from __future__ import annotations

import pytest

from rules_helpers import Game, M, built_state, race, violation, weapon
from test_rules_traits_more import price
from wartime.core.components import Gear, Item, Life, Stress
from wartime.core.errors import DataError
from wartime.data.loader import archetype_from_dict, priced_trait
from wartime.data.tables import trait_by_id
from wartime.data.models import CharacterSpec
from wartime.match.setup import fielding_problems
from wartime.rules import objects
from wartime.rules.actions import REGISTRY
from wartime.rules.modifiers import character_mods
from wartime.rules.traits import character_traits, fielding_problem
from wartime.rules.traits.objects import BEARER_TRAITS


def give(g: Game, e: int, *traits: str, ENE: int = 1, RNG: int = 0, QUA: int = 3, levels=(), charges=None,
         name: str = "Kit") -> int:
    """An object (Item + Gear) held by `e`; returns its entity."""
    return g.world.create(Item(name, holder=e), Gear(name.lower(), name, ENE, RNG, QUA, tuple(traits),
                                                     tuple(levels), charges))


def elixir(g: Game, e: int, n: int = 2, *more: str, **kw) -> int:
    return give(g, e, "TRT-ELIXIR", *more, levels=(("TRT-ELIXIR", n),), **kw)


def use_options(g: Game) -> list[dict]:
    return [o.params for o in g.engine.legal_options("use_object")]


# --- GNA-16: Usar ---------------------------------------------------------------------------------------------------
def test_GNA_16_using_an_object_with_ENE_2_costs_2_and_needs_no_check():
    """GNA-16 test: an object with ENE 2 costs 2; with no Prueba trait no die is rolled (TRT-ELIXIR 2 heals 2)."""
    g = Game(M(x=10, y=20, wounds=3), M(side="blue", x=30, y=30))
    a, _ = g.ids
    kit = elixir(g, a, 2, ENE=2)
    g.start_activation(a, energy=6)
    g.act(a, "use_object", item=f"item:{kit}")
    assert g.energy(a) == 4 and g.wounds(a) == 1 and g.checks() == []
    assert g.events("object_used")[-1]["rule"] == "GNA-16"


def test_GNA_16_a_failed_intelligence_test_keeps_the_ENE_spent():
    """GNA-16 test: with Prueba de inteligencia an INT 5 user rolling 6 fails and the ENE stays spent; 5 passes."""
    for die, healed in ((6, False), (5, True)):
        g = Game(M(x=10, y=20, INT=5, wounds=2), M(side="blue", x=30, y=30))
        a, _ = g.ids
        kit = elixir(g, a, 1, "TRT-INTELLIGENCE-TEST", ENE=2)
        g.start_activation(a, energy=6)
        g.dice.push(die)
        g.act(a, "use_object", item=f"item:{kit}")
        chk = g.check("ATR")
        assert chk["attribute"] == "INT" and chk["target"] == 5 and chk["passed"] is healed
        assert g.energy(a) == 4 and g.wounds(a) == (1 if healed else 2)
        assert g.world.has(kit, Gear) is not healed              # used up only when used (TRT-ELIXIR)


def test_GNA_16_RNG_0_reaches_the_user_and_base_contact_only():
    """BLD-17: RNG 0 targets the bearer or a model in base contact; RNG 4 a character within 4 K edge to edge."""
    g = Game(M(x=10, y=20, wounds=1), M(x=11.02, y=20, wounds=1), M(x=14, y=20, wounds=1), M(side="blue", x=30, y=30))
    a, touching, near, _ = g.ids
    kit = elixir(g, a, 1)
    g.start_activation(a, energy=10)
    ref = f"item:{kit}"
    assert use_options(g) == [{"item": ref}, {"item": ref, "target": touching}]
    assert violation(g.act, a, "use_object", item=ref, target=near).rule_id == "GNA-16"
    dart = elixir(g, a, 1, RNG=4)
    assert {"item": f"item:{dart}", "target": near} in use_options(g)        # 14 − 10 − 1 = 3 K ≤ 4
    g.act(a, "use_object", item=f"item:{dart}", target=near)
    assert g.wounds(near) == 0 and g.wounds(a) == 1


def test_GNA_16_only_an_object_with_an_effect_is_used():
    """A banner (a bearer trait only) is not usable; a disabled object (WND-4) is refused; a weapon is no object."""
    g = Game(M(x=10, y=20, wounds=1, weapons=(weapon(),)), M(side="blue", x=30, y=30))
    a, _ = g.ids
    banner = give(g, a, "TRT-BANNER")
    g.start_activation(a, energy=10)
    assert use_options(g) == []
    assert violation(g.act, a, "use_object", item=f"item:{banner}").rule_id == "GNA-16"
    assert violation(g.act, a, "use_object", item="weapon:0").rule_id == "GNA-16"
    broken = give(g, a, "TRT-ELIXIR", QUA=1)
    g.world.set(broken, Gear("kit", "Kit", 1, 0, 1, ("TRT-ELIXIR",), wounds=1))
    assert violation(g.act, a, "use_object", item=f"item:{broken}").rule_id == "WND-4"


def test_GNA_16_objects_are_fielded_as_held_items_that_change_hands():
    """A character design with a stim pack is fielded (no GNA-16 refusal) holding it as an Item with its Gear."""
    stim = archetype_from_dict({"id": "stim_pack", "kind": "object", "name": "Stim pack", "ENE": 1, "RNG": 0,
                                "QUA": 2, "traits": [{"name": "Elixir", "level": 2}]})
    spec = CharacterSpec(id="rifleman", name="Rifleman", race=race(), objects=(stim,))
    assert fielding_problems(spec) == []
    gs = built_state(("red", spec), ("blue", CharacterSpec(id="b", name="B", race=race())))
    red = next(e for e in gs.minis() if gs.side(e) == "red")
    [(item, g)] = objects.held_gear(gs, red)
    assert gs.world.get(item, Item).name == "Stim pack"
    assert (g.ENE, g.RNG, g.QUA, g.traits, g.level("TRT-ELIXIR"), g.charges) == (1, 0, 2, ("TRT-ELIXIR",), 2, None)


def test_GNA_16_is_taken_in_the_own_activation_not_as_a_reaction():
    g = Game(M(x=10, y=20, wounds=1), M(side="blue", x=30, y=30))
    a, _ = g.ids
    kit = elixir(g, a)
    use = REGISTRY["use_object"]
    assert use.validate(g.gs, a, {"item": f"item:{kit}"}) == (kit, a, None)
    assert violation(use.validate, g.gs, a, {"item": f"item:{kit}", "_window": "shot"}).rule_id == "GNA-16"


# --- TRT-ELIXIR -----------------------------------------------------------------------------------------------------
def test_TRT_ELIXIR_heals_N_wounds_and_is_removed_from_the_game():
    """Elixir 2 on a character with 3 wounds: 1 left; the object is gone (no Item, no Gear)."""
    g = Game(M(x=10, y=20, wounds=3), M(side="blue", x=30, y=30))
    a, _ = g.ids
    kit = elixir(g, a, 2)
    g.start_activation(a, energy=10)
    g.act(a, "use_object", item=f"item:{kit}")
    assert g.wounds(a) == 1 and not g.world.has(kit, Item) and not g.world.has(kit, Gear)
    assert g.events("healed")[-1]["rule"] == "TRT-ELIXIR" and g.events("object_removed")


def test_TRT_ELIXIR_wakes_an_incapacitated_ally_and_refuses_the_unwounded():
    """WND-2: an ally with wounds = CON healed by 1 is active again; a target with no wound is refused."""
    g = Game(M(x=10, y=20), M(x=11.02, y=20, CON=4, wounds=4), M(side="blue", x=30, y=30))
    a, b, _ = g.ids
    kit = elixir(g, a, 1)
    g.start_activation(a, energy=10)
    assert g.world.get(b, Life).state == "incapacitated"
    assert violation(g.act, a, "use_object", item=f"item:{kit}").rule_id == "TRT-ELIXIR"      # itself: no wound
    g.act(a, "use_object", item=f"item:{kit}", target=b)
    assert g.wounds(b) == 3 and g.world.get(b, Life).state == "active"


def test_TRT_ELIXIR_costs_5_per_level_on_an_object():
    assert price("TRT-ELIXIR", "object") == 5
    assert priced_trait("TRT-ELIXIR", "object", "test", "traits", level=2).points == 10
    stim = archetype_from_dict({"id": "s", "kind": "object", "name": "S", "ENE": 1, "RNG": 0, "QUA": 2,
                                "traits": [{"name": "Elixir", "level": 2}]})
    assert stim.traits[0].points == 10


# --- TRT-CHARGES ----------------------------------------------------------------------------------------------------
def test_TRT_CHARGES_counts_the_uses_and_an_elixir_goes_with_the_last():
    """Cargas (2) on Elixir 1: two uses heal 1 each; the object is removed after the second."""
    g = Game(M(x=10, y=20, wounds=3), M(side="blue", x=30, y=30))
    a, _ = g.ids
    kit = elixir(g, a, 1, "TRT-CHARGES", charges=2)
    g.start_activation(a, energy=10)
    g.act(a, "use_object", item=f"item:{kit}")
    assert g.wounds(a) == 2 and g.world.get(kit, Gear).charges == 1
    g.act(a, "use_object", item=f"item:{kit}")
    assert g.wounds(a) == 1 and not g.world.has(kit, Gear)


def test_TRT_CHARGES_an_object_without_uses_left_is_refused():
    g = Game(M(x=10, y=20, wounds=3), M(side="blue", x=30, y=30))
    a, _ = g.ids
    kit = elixir(g, a, 1, "TRT-CHARGES", charges=0)
    g.start_activation(a, energy=10)
    assert use_options(g) == []
    assert violation(g.act, a, "use_object", item=f"item:{kit}").rule_id == "TRT-CHARGES"


def test_TRT_CHARGES_parameter_sets_the_uses_when_fielded():
    arch = archetype_from_dict({"id": "m", "kind": "object", "name": "Medkit", "ENE": 2, "RNG": 0, "QUA": 3,
                                "traits": [{"name": "Elixir", "level": 1}, {"name": "Cargas", "param": 3}]})
    assert objects.gear_of(arch).charges == 3


def test_TRT_CHARGES_costs_minus_5_on_an_object_and_needs_its_number_of_uses():
    arch = archetype_from_dict({"id": "m", "kind": "object", "name": "Medkit", "ENE": 2, "RNG": 0, "QUA": 3,
                                "traits": [{"name": "Cargas", "param": 3}]})
    assert arch.traits[0].points == -5
    for bad in ({"name": "Cargas"}, {"name": "Cargas", "param": "three"}, {"name": "Cargas", "param": 0}):
        with pytest.raises(DataError, match="param"):
            archetype_from_dict({"id": "m", "kind": "object", "name": "Medkit", "ENE": 2, "RNG": 0, "QUA": 3,
                                 "traits": [bad]})


# --- Prueba de ... --------------------------------------------------------------------------------------------------
def _tested(trait: str, attribute: str) -> None:
    """The user's CH of `attribute` (value 5): a 6 fails (no healing, ENE spent), a 5 passes (healed)."""
    for die, passed in ((6, False), (5, True)):
        g = Game(M(x=10, y=20, CON=5, AGI=5, INT=5, VOL=5, wounds=2), M(side="blue", x=30, y=30))
        a, _ = g.ids
        kit = elixir(g, a, 1, trait, ENE=1)
        g.start_activation(a, energy=5)
        g.dice.push(die)
        g.act(a, "use_object", item=f"item:{kit}")
        chk = g.check("ATR")
        assert (chk["attribute"], chk["passed"]) == (attribute, passed)
        assert g.wounds(a) == (1 if passed else 2) and g.energy(a) == 4
        assert bool(g.events("object_use_failed")) is not passed


def test_TRT_AGILITY_TEST_using_the_object_needs_a_CH_AGI():
    _tested("TRT-AGILITY-TEST", "AGI")


def test_TRT_CONSTITUTION_TEST_using_the_object_needs_a_CH_CON():
    _tested("TRT-CONSTITUTION-TEST", "CON")


def test_TRT_INTELLIGENCE_TEST_using_the_object_needs_a_CH_INT():
    _tested("TRT-INTELLIGENCE-TEST", "INT")


def test_TRT_WILLPOWER_TEST_using_the_object_needs_a_CH_VOL():
    _tested("TRT-WILLPOWER-TEST", "VOL")


@pytest.mark.rules("TRT-AGILITY-TEST", "TRT-CONSTITUTION-TEST", "TRT-INTELLIGENCE-TEST", "TRT-WILLPOWER-TEST")
@pytest.mark.parametrize("trait", ["TRT-AGILITY-TEST", "TRT-CONSTITUTION-TEST", "TRT-INTELLIGENCE-TEST",
                                   "TRT-WILLPOWER-TEST"])
def test_TRT_use_tests_cost_minus_10_on_an_object(trait):
    assert price(trait, "object") == -10


# --- Dañino, Defectuoso, Malvado with objects ------------------------------------------------------------------------
def test_TRT_HARMFUL_each_use_of_an_object_gives_its_user_a_wound():
    """Elixir 2 on 3 wounds heals 2, then Dañino gives 1 (no CH DEF, no CH PSI): 2 wounds."""
    g = Game(M(x=10, y=20, wounds=3), M(side="blue", x=30, y=30))
    a, _ = g.ids
    kit = elixir(g, a, 2, "TRT-HARMFUL")
    g.start_activation(a, energy=10)
    g.act(a, "use_object", item=f"item:{kit}")
    assert g.wounds(a) == 2 and g.events("wounds", who=a)[-1]["rule"] == "TRT-HARMFUL" and g.checks() == []


def test_TRT_DEFECTIVE_each_use_of_an_object_has_a_10_percent_chance_of_a_wound_to_it():
    """Cargas 3: 1D100 10 wounds the object (QUA 1: disabled, WND-4), 11 does not."""
    for roll, disabled in ((10, True), (11, False)):
        g = Game(M(x=10, y=20, wounds=3), M(side="blue", x=30, y=30))
        a, _ = g.ids
        kit = elixir(g, a, 1, "TRT-CHARGES", "TRT-DEFECTIVE", charges=3, QUA=1)
        g.start_activation(a, energy=10)
        g.dice.push(roll)
        g.act(a, "use_object", item=f"item:{kit}")
        assert g.world.get(kit, Gear).disabled is disabled and g.wounds(a) == 2
        assert (use_options(g) == []) is disabled


def test_TRT_EVIL_each_use_of_an_object_gives_its_user_1_stress():
    g = Game(M(x=10, y=20, wounds=3, VOL=5), M(side="blue", x=30, y=30))
    a, _ = g.ids
    kit = elixir(g, a, 1, "TRT-EVIL")
    g.start_activation(a, energy=10)
    g.act(a, "use_object", item=f"item:{kit}")
    assert g.world.get(a, Stress).value == 1 and g.wounds(a) == 2


@pytest.mark.parametrize("trait, points", [("TRT-HARMFUL", -10), ("TRT-DEFECTIVE", -5), ("TRT-EVIL", -10)])
def test_TRT_HARMFUL_DEFECTIVE_EVIL_cost_their_catalogue_price_on_an_object(trait, points):
    assert price(trait, "object") == points


# --- the traits of a bearer on an object ------------------------------------------------------------------------------
@pytest.mark.rules("TRT-AGILITY-NULLIFIER", "TRT-INTELLIGENCE-NULLIFIER", "TRT-WILLPOWER-NULLIFIER",
                   "TRT-PHYSICAL-NULLIFIER", "TRT-ARMOURED-AURA", "TRT-AURA-OF-OBSTINACY", "TRT-AURA-OF-STEEL",
                   "TRT-AURA-OF-TALENT", "TRT-AURA-OF-WISDOM", "TRT-BANNER", "TRT-BATTLE-CRY", "TRT-CRY-OF-AIM",
                   "TRT-CRY-OF-DARKNESS", "TRT-CRY-OF-FIRE", "TRT-CRY-OF-HATRED", "TRT-CRY-OF-ICE",
                   "TRT-CRY-OF-MASTERY", "TRT-DEATH-CRY", "TRT-WAR-CRY", "TRT-BREATH-OF-FEAR",
                   "TRT-BREATH-OF-HUNGER", "TRT-BREATH-OF-IMBECILITY", "TRT-BREATH-OF-NUMBNESS",
                   "TRT-BREATH-OF-ROT", "TRT-BREATH-OF-WEAKNESS", "TRT-PRESENCE-OF-CLARITY",
                   "TRT-PRESENCE-OF-DEXTERITY", "TRT-PRESENCE-OF-HONOUR", "TRT-PRESENCE-OF-PROTECTION",
                   "TRT-PRESENCE-OF-STRENGTH", "TRT-BURDENED", "TRT-FALL-WITH-STYLE", "TRT-LUCKY",
                   "TRT-SHODDY-MAKE", "TRT-SUPER-SIGHT", "TRT-MIMETIC", "TRT-RADIANT")
@pytest.mark.parametrize("trait", BEARER_TRAITS)
def test_TRT_bearer_traits_on_an_object_work_for_its_holder_and_cost_their_price(trait, request):
    """The holder carries the object's bearer trait (fieldable on an object, at its catalogue cost); a disabled
    object (WND-4) or one handed over stops giving it; the new holder gets it. The marker names exactly the
    module's BEARER_TRAITS."""
    assert price(trait, "object") == trait_by_id()[trait].cost
    assert fielding_problem(trait, "object", {trait}) is None
    marked = {a for m in request.node.iter_markers("rules") for a in m.args}
    assert marked == set(BEARER_TRAITS)
    g = Game(M(x=10, y=20), M(x=11.02, y=20), M(side="blue", x=30, y=30))
    a, b, _ = g.ids
    thing = give(g, a, trait, QUA=2)
    assert trait in character_traits(g.gs, a) and trait not in character_traits(g.gs, b)
    g.world.set(thing, Item("Kit", holder=b))
    assert trait not in character_traits(g.gs, a) and trait in character_traits(g.gs, b)
    g.world.set(thing, Gear("kit", "Kit", 1, 0, 2, (trait,), wounds=2))
    assert trait not in character_traits(g.gs, b)


def test_TRT_BANNER_on_an_object_gives_allies_within_10K_CH_VOL_plus_1():
    """An ally 9.5 K from the banner's holder has CH VOL +1; 10.5 K away, none; the banner dropped, none."""
    for y, bonus in ((20 - 1 - 9.5, 1), (20 - 1 - 10.5, 0)):
        g = Game(M(x=10, y=20), M(x=10, y=y), M(side="blue", x=30, y=30))
        a, holder, _ = g.ids
        banner = give(g, holder, "TRT-BANNER")
        got = {m.rule: m.value for m in character_mods(g.gs, a, "VOL", "ATR")}.get("TRT-BANNER", 0)
        assert got == bonus
        g.world.set(banner, Item("Banner", at=(0.0, 0.0)))
        assert "TRT-BANNER" not in {m.rule for m in character_mods(g.gs, a, "VOL", "ATR")}


def test_TRT_SUPER_SIGHT_on_an_object_adds_5K_to_its_holders_field_of_view():
    g = Game(M(x=10, y=20, VOL=4), M(side="blue", x=30, y=30))
    a, _ = g.ids
    assert g.gs.fov_range(a) == 20.0
    give(g, a, "TRT-SUPER-SIGHT")
    assert g.gs.fov_range(a) == 25.0


def test_TRT_NO_CURE_and_tier_3_traits_on_an_object_are_refused_naming_the_ID():
    """Sin cura on an object (about the object, not its holder), a tier-3 trait (Invisible), a trait not played
    (Drogas de combate) and a weapon's area trait played on weapons only (Dispersión, Humo) are refused."""
    for name, tid in (("Sin cura", "TRT-NO-CURE"), ("Invisible", "TRT-INVISIBLE"), ("Drogas de combate",
                                                                                  "TRT-COMBAT-DRUGS"),
                      ("Dispersión", "TRT-SCATTER"), ("Humo", "TRT-SMOKE")):
        arch = archetype_from_dict({"id": "o", "kind": "object", "name": "O", "ENE": 1, "RNG": 0, "QUA": 2,
                                    "traits": [{"name": name}]})
        spec = CharacterSpec(id="c", name="C", race=race(), objects=(arch,))
        assert [rid for rid, _ in fielding_problems(spec)] == [tid]


# --- the other rules that move objects: Comerciar (GNA-3) and Soltar (GNA-15) ---------------------------------------
def test_GNA_16_an_object_traded_or_dropped_keeps_its_uses_and_leaves_its_old_holder():
    """GNA-3: a medkit with 2 uses left handed to an ally is the ally's, uses and all (it can use it, the giver
    cannot); GNA-15: dropped, no one holds it."""
    g = Game(M(x=10, y=20, wounds=1), M(x=11.02, y=20, wounds=1, energy=3), M(side="blue", x=30, y=30))
    a, b, _ = g.ids
    kit = elixir(g, a, 1, "TRT-CHARGES", charges=2)
    g.start_activation(a, energy=10)
    g.act(a, "trade", target=b, give=f"item:{kit}")
    assert g.world.get(kit, Item).holder == b and g.world.get(kit, Gear).charges == 2
    assert objects.held_gear(g.gs, a) == [] and use_options(g) == []
    g.start_activation(b, energy=10)
    g.act(b, "use_object", item=f"item:{kit}")
    assert g.wounds(b) == 0 and g.world.get(kit, Gear).charges == 1
    g.act(b, "drop_item", item=f"item:{kit}")
    assert objects.held_gear(g.gs, b) == [] and g.world.get(kit, Item).at is not None


# --- Más alcance, Mucho más alcance on objects ---------------------------------------------------------------------
def _ranged(*names: str, rng: int = 4):
    return archetype_from_dict({"id": "d", "kind": "object", "name": "Dart injector", "ENE": 2, "RNG": rng, "QUA": 2,
                                "traits": [{"name": "Elixir", "level": 1}, *({"name": n} for n in names)]})


def test_TRT_MORE_RANGE_an_object_reaches_5K_further():
    """A dart injector of RNG 4 with Más alcance reaches 9 K in play; RNG 0 stays base contact (as a weapon's)."""
    assert objects.gear_of(_ranged("Más alcance")).RNG == 9
    assert objects.gear_of(_ranged("Más alcance", rng=0)).RNG == 0
    spec = CharacterSpec(id="c", name="C", race=race(), objects=(_ranged("Más alcance"),))
    assert fielding_problems(spec) == []


def test_TRT_MUCH_MORE_RANGE_an_object_reaches_10K_further():
    assert objects.gear_of(_ranged("Mucho más alcance")).RNG == 14


@pytest.mark.parametrize("trait, points", [("TRT-MORE-RANGE", 5), ("TRT-MUCH-MORE-RANGE", 10)])
def test_TRT_MORE_RANGE_and_MUCH_MORE_RANGE_cost_their_catalogue_price_on_an_object(trait, points):
    assert price(trait, "object") == points


# --- Neuropsico on objects --------------------------------------------------------------------------------------------
def test_TRT_NEUROPSYCHO_each_use_of_an_object_asks_a_CH_PSI_and_a_failure_fails_it():
    """VOL 5: CH PSI 5 passes, the elixir heals; 7 fails: no healing, +1 stress (PSI-5), the ENE is spent."""
    for die, passed in ((5, True), (7, False)):
        g = Game(M(x=10, y=20, VOL=5, wounds=2), M(side="blue", x=30, y=30))
        a, _ = g.ids
        kit = elixir(g, a, 1, "TRT-NEUROPSYCHO")
        g.start_activation(a, energy=5)
        g.dice.push(die)
        g.act(a, "use_object", item=f"item:{kit}")
        chk = g.check("PSI")
        assert chk["rule"] == "TRT-NEUROPSYCHO" and chk["passed"] is passed
        assert g.wounds(a) == (1 if passed else 2) and g.energy(a) == 4
        assert g.world.get(a, Stress).value == (0 if passed else 1)


def test_TRT_NEUROPSYCHO_costs_minus_20_on_an_object():
    assert price("TRT-NEUROPSYCHO", "object") == -20


# --- Laborioso ------------------------------------------------------------------------------------------------------
def test_TRT_LABORIOUS_an_object_or_a_weapon_cannot_be_traded_but_can_be_dropped():
    """Comerciar refuses a Laborioso object and a Laborioso weapon (naming the trait) and does not offer them; the
    ally's plain pistol is still traded; the object can still be dropped (GNA-15)."""
    g = Game(M(x=10, y=20, weapons=(weapon(key="cannon", traits=("TRT-LABORIOUS",)),)),
             M(x=11.02, y=20, energy=3, weapons=(weapon(key="pistol"),)), M(side="blue", x=30, y=30))
    a, b, _ = g.ids
    bugle = give(g, a, "TRT-LABORIOUS", "TRT-CRY-OF-FIRE", name="Bugle")
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "trade", target=b, give=f"item:{bugle}").rule_id == "TRT-LABORIOUS"
    assert violation(g.act, a, "trade", target=b, give="weapon:0").rule_id == "TRT-LABORIOUS"
    offered = [o.params for o in g.engine.legal_options("trade")]
    assert offered == [{"target": b, "receive": "weapon:0"}]
    g.act(a, "drop_item", item=f"item:{bugle}")
    assert objects.held_gear(g.gs, a) == []


def test_TRT_LABORIOUS_costs_minus_5_on_an_object_and_a_weapon():
    assert price("TRT-LABORIOUS", "object") == -5 and price("TRT-LABORIOUS", "weapon") == -5


def test_GNA_16_a_handed_protection_works_at_once_and_elements_or_protections_are_no_Usar_targets():
    """GNA-16 rulings (rules/actions/objects.py): a protection easy to take (SIZ 0: not worn) counts as soon as it is
    held, with no Usar to put it on; Usar takes objects only: a protection or a scenario element is no target."""
    from rules_helpers import armour
    g = Game(M(x=10, y=20, protections=(armour(2, key="amulet"),)), M(x=11.02, y=20))
    a, b = g.ids
    g.start_activation(a, energy=5)
    assert g.gs.total_def(b) == 0
    g.act(a, "trade", target=b, give="protection:0")
    assert g.gs.total_def(b) == 2 and g.gs.total_def(a) == 0
    g.start_activation(b, energy=5)
    assert violation(g.engine.check_action, b, "use_object", {"item": "protection:0"}).rule_id == "GNA-16"
    assert violation(g.engine.check_action, b, "use_object", {"item": "element:chest"}).rule_id == "GNA-16"
