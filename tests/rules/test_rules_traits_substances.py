"""Traits of substances and elements and the other group-A traits of issue 12 (rules/traits/substances.py), each set
up with scripted dice and checked against its catalogue effect and ruling, and priced at its catalogue cost."""
from __future__ import annotations

from dataclasses import replace

import pytest

from rules_helpers import armour, blade, violation, weapon
from test_rules_traits_combat import attack, duel, race
from test_rules_traits_protection import _race_problems, prot
from wartime.ai.scripted_substances import bonus_to_remove
from wartime.core.components import Life, TraitState
from wartime.data.loader import priced_trait
from wartime.rules import areas, burning, traits
from wartime.rules.combat import Cover, resolve_hit
from wartime.rules.flow import Decision
from wartime.rules.odds import attack_odds

ACID = ("TRT-CORROSIVE-AMMO",)        # a weapon delivering acid (rules.traits.protections ELEMENTS)


def substance_race(g, e: int, trait_id: str, param: str, *more: str) -> None:
    """`e`'s race carries `trait_id` with `param` (its TraitState, as match.setup builds it), and `more` traits."""
    race(g, e, trait_id, *more)
    g.set(e, TraitState((trait_id,), params=((trait_id, param),)))


# --- Alérgico () ---------------------------------------------------------------------------------------------------
def test_TRT_ALLERGIC_the_substance_named_deals_double_DMG():
    """Alérgico (ácido): an acid weapon of DMG 4 deals DMG 8 (CH DEF 9 fails: 8 wounds); a plain rifle DMG 4."""
    g = duel({"weapons": (weapon(DMG=4, traits=ACID),)})
    substance_race(g, g.ids[1], "TRT-ALLERGIC", "ácido")
    attack(g, 5, 9, 5)
    assert g.events("hit")[-1]["dmg"] == 8 and g.wounds(g.ids[1]) == 8
    g = duel()
    substance_race(g, g.ids[1], "TRT-ALLERGIC", "ácido")
    attack(g, 5, 9, 5)
    assert g.events("hit")[-1]["dmg"] == 4 and g.wounds(g.ids[1]) == 4


def test_TRT_ALLERGIC_is_a_factor_after_the_plus_terms_and_with_Softie_x4():
    """Ruling: a CMB-4 factor: with Blandito ×2 too, DMG 4 × 4 = 16; another substance does not double."""
    g = duel({"weapons": (weapon(DMG=4, traits=ACID),)})
    a, b = g.ids
    substance_race(g, b, "TRT-ALLERGIC", "acid", "TRT-SOFTIE")
    assert traits.combat_terms(g.gs, a, b, weapon(DMG=4, traits=ACID), True).dmg(4) == 16
    substance_race(g, b, "TRT-ALLERGIC", "fuego")
    assert traits.combat_terms(g.gs, a, b, weapon(DMG=4, traits=ACID), True).dmg(4) == 4


def test_TRT_ALLERGIC_a_burning_hit_of_fire_deals_double_DMG():
    """Alérgico (fuego), burning (Munición incendiaria): the DMG 1 hit at the start of its activation is DMG 2
    (CH DEF 9 fails: 2 wounds)."""
    g = duel({"weapons": (weapon(traits=("TRT-INCENDIARY-AMMO",)),)})
    burning.install(g.world)
    a, b = g.ids
    substance_race(g, b, "TRT-ALLERGIC", "fuego")
    attack(g, 5, 1)                                     # a critical CH DEF: no wound, but it burns
    g.dice.push(9, 5)
    g.start_activation(b)
    assert g.wounds(b) == 2 and g.all_dice_used()


def test_TRT_ALLERGIC_names_a_substance_the_engine_tells_apart():
    """A word naming no element (silver) and an attack type are refused naming the trait; fire, acid, radiation,
    explosives, a poison (a venom delivers it, TRT-VENOM) and ice (a cryo weapon delivers it) are fielded."""
    assert _race_problems({"name": "Alérgico", "param": "plata"}) == ["TRT-ALLERGIC"]
    assert _race_problems({"name": "Alérgico", "param": "CaC"}) == ["TRT-ALLERGIC"]
    for param in ("fuego", "ácido", "radiación", "explosivos", "veneno", "hielo"):
        assert _race_problems({"name": "Alérgico", "param": param}) == []


def test_TRT_ALLERGIC_costs_its_catalogue_price():
    assert priced_trait("TRT-ALLERGIC", "race", "test", "traits", param="fuego").points == -5


# --- Invulnerable () -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("die", [2, 9])
def test_TRT_INVULNERABLE_hits_of_the_element_named_leave_no_wounds(die):
    """Invulnerable (ácido): an acid weapon DMG 4 leaves no wounds whether the CH DEF fails (9) or passes (2: not
    even Munición corrosiva's wound); the odds say 0; a plain rifle still wounds (4)."""
    g = duel({"weapons": (weapon(DMG=4, traits=ACID),)})
    a, b = g.ids
    substance_race(g, b, "TRT-INVULNERABLE", "ácido")
    assert attack_odds(g.gs, a, b, weapon_index=0, ranged=True).expected_wounds == 0
    attack(g, 5, die)
    assert g.events("hit")[-1]["dmg"] == 0 and g.wounds(b) == 0
    g = duel()
    substance_race(g, g.ids[1], "TRT-INVULNERABLE", "ácido")
    attack(g, 5, 9, 5)
    assert g.wounds(g.ids[1]) == 4


def test_TRT_INVULNERABLE_on_a_protection_while_worn_and_not_disabled():
    """A protection with Invulnerable (fuego): a fire weapon's hit (Munición incendiaria) leaves no wounds; the same
    protection disabled (wounds = QUA, WND-4) gives nothing: DMG 4 wounds."""
    fire = weapon(DMG=4, traits=("TRT-INCENDIARY-AMMO",))
    g = duel({"weapons": (fire,)}, {"protections": (prot(0, "TRT-INVULNERABLE",
                                                         params={"TRT-INVULNERABLE": "fuego"}),)})
    attack(g, 5, 9)
    assert g.wounds(g.ids[1]) == 0
    g = duel({"weapons": (fire,)}, {"protections": (prot(0, "TRT-INVULNERABLE", QUA=1, wounds=1,
                                                         params={"TRT-INVULNERABLE": "fuego"}),)})
    attack(g, 5, 9, 5)
    assert g.wounds(g.ids[1]) == 4


def test_TRT_INVULNERABLE_a_radioactive_area_leaves_no_wounds():
    """Invulnerable (radiación): standing in Munición radiactiva's area at the start of its activation it takes the
    hit (its CH DEF 9 fails) and no wounds."""
    g = duel({"weapons": (weapon(DMG=4, traits=("TRT-RADIOACTIVE-AMMO",)),)})
    areas.install(g.world)
    a, b = g.ids
    attack(g, 5, 9, 5)                                  # 4 wounds, the area is placed
    substance_race(g, b, "TRT-INVULNERABLE", "radiación")
    g.dice.push(9)
    g.start_activation(b)
    assert g.events("area_effect")[-1]["who"] == b and g.wounds(b) == 4 and g.all_dice_used()


def test_TRT_INVULNERABLE_costs_its_catalogue_price():
    assert priced_trait("TRT-INVULNERABLE", "race", "test", "traits", param="fuego").points == 8
    assert priced_trait("TRT-INVULNERABLE", "protection", "test", "traits", param="fuego").points == 8


# --- Frenesí -------------------------------------------------------------------------------------------------------
def frenzied_duel():
    """Red (Frenesí, armour DEF 3) in base contact with blue (a blade); red attacks taking the 'frenzy' choice: blade
    DMG 3 + CON: DMG 4 without it, 6 with it (CH IMP 5 passes, blue's CH DEF 9 fails, CH PSI 5)."""
    g = duel({"protections": (armour(3),)}, {"weapons": (blade(),)}, melee=True)
    a, b = g.ids
    race(g, a, "TRT-FRENZY")
    g.start_activation(a, energy=10)
    assert {o.params.get("stance") for o in g.engine.legal_options("melee_attack")} == {None, "frenzy"}
    g.dice.push(5, 9, 5)
    g.act(a, "melee_attack", target=b, weapon=0, stance="frenzy")
    return g


def test_TRT_FRENZY_DMG_plus_2_in_the_melee_attack_it_is_taken_in():
    g = frenzied_duel()
    assert g.events("hit")[-1]["dmg"] == 6 and g.wounds(g.ids[1]) == 6
    assert g.events("attack_stance", rule="TRT-FRENZY")
    g = duel({"protections": (armour(3),)}, {"weapons": (blade(),)}, melee=True)
    race(g, g.ids[0], "TRT-FRENZY")
    attack(g, 5, 9, 5)                                  # declared without the choice: DMG 4, no DEF 0
    assert g.events("hit")[-1]["dmg"] == 4 and "TRT-FRENZY" not in g.gs.effects(g.ids[0]).spent


def test_TRT_FRENZY_then_DEF_0_until_the_start_of_its_next_activation():
    """After the frenzy attack, blue's blow on red (armour DEF 3): CH DEF target 0 (a 2 fails) and nothing is
    subtracted from the DMG; at the start of red's next activation its DEF 3 is back."""
    g = frenzied_duel()
    a, b = g.ids
    g.start_activation(b, energy=10)
    g.dice.push(5, 2, 5)
    g.act(b, "melee_attack", target=a, weapon=0)
    dmg = g.events("hit")[-1]["dmg"]
    assert g.check("DEF", who=a)["target"] == 0 and g.wounds(a) == dmg
    assert traits.combat_terms(g.gs, b, a, blade(), False).defense(g.gs.total_def(a)) == 0
    g.next_turn()
    g.start_activation(a)
    assert "TRT-FRENZY" not in g.gs.effects(a).spent
    assert traits.combat_terms(g.gs, b, a, blade(), False).defense(g.gs.total_def(a)) == 3


def test_TRT_FRENZY_DEF_0_overrides_Sombra_behind_cover():
    """Ruling: DEF = 0 overrides the DEF bonuses: a frenzied red that also has Sombra, shot at more than 50 %
    hidden (CMB-17) with DMG 4: the CH DEF target is 0 + 2 (cover) and nothing is subtracted (die 2 passes: 4
    wounds), Sombra's +1 not added; once its next activation starts, armour 3 + Sombra 1 = 4 (target 6, die 2
    passes: DMG 4 − 4 = 0 wounds)."""
    g = frenzied_duel()
    a, b = g.ids
    race(g, a, "TRT-FRENZY", "TRT-SHADOW")
    g.dice.push(2, 1)
    terms = traits.combat_terms(g.gs, b, a, weapon(), True)
    assert resolve_hit(g.gs, None, b, a, 4, melee=False, cover=Cover(13), terms=terms) == 4
    assert g.checks("DEF")[-1]["target"] == 2
    g.next_turn()
    g.start_activation(a)
    g.dice.push(2)
    terms = traits.combat_terms(g.gs, b, a, weapon(), True)
    assert resolve_hit(g.gs, None, b, a, 4, melee=False, cover=Cover(13), terms=terms) == 0
    assert g.checks("DEF")[-1]["target"] == 6


def test_TRT_FRENZY_costs_its_catalogue_price():
    assert priced_trait("TRT-FRENZY", "race", "test", "traits").points == 5


def test_TRT_FRENZY_the_scripted_AI_prices_the_DEF_it_gives_up():
    """The scripted controller weighs the frenzy attack less the DEF it gives up: armour DEF 3, one able enemy
    engaged: 3 × 0.5 = 1.5 wounds; a choice without a mark (Maestro de esgrima) and a character already frenzied
    this activation pay nothing."""
    from wartime.ai.scripted_stances import stance_price
    from wartime.rules.traits.frenzy import FRENZY
    from wartime.rules.traits.race_extra import FENCING
    g = duel({"protections": (armour(3),)}, {"weapons": (blade(),)}, melee=True)
    a = g.ids[0]
    assert stance_price(g.gs, a, FRENZY[0]) == 1.5
    assert stance_price(g.gs, a, FENCING[1]) == 0.0 and stance_price(g.gs, a, None) == 0.0
    g.gs.set_effects(a, spent=("TRT-FRENZY",))
    assert stance_price(g.gs, a, FRENZY[0]) == 0.0


# --- Munición psíquica -----------------------------------------------------------------------------------------------
PSYCHIC = ("TRT-PSYCHIC-AMMO",)


@pytest.mark.parametrize("die, stress", [(3, 2), (9, 8), (1, 0), (10, 9)])
def test_TRT_PSYCHIC_AMMO_without_Muro_a_CH_VOL_and_stress_DMG_minus_VOL(die, stress):
    """A psychic rifle DMG 8 hits a target (VOL 6, no Muro): like against Corromper, a CH VOL: passed (3) stress
    8 − 6 = 2, failed (9) 8, critical (1) 0, fumble (10) 9; never a wound; stress above VOL: unconscious (PSI-16)."""
    g = duel({"weapons": (weapon(DMG=8, traits=PSYCHIC),)}, {"VOL": 6})
    b = g.ids[1]
    attack(g, 5, die)
    assert g.check("ATR", who=b)["target"] == 6 and g.stress(b) == stress and g.wounds(b) == 0
    assert bool(g.events("unconscious", who=b)) == (stress > 6)
    assert g.events("stress_hit")[-1]["stress"] == stress


@pytest.mark.parametrize("die, stress", [(2, 1), (5, 4)])
def test_TRT_PSYCHIC_AMMO_Muro_protections_give_the_CH_DEF_against_it(die, stress):
    """The target wears a Muro protection DEF 3 (and plain armour DEF 2, which does not count against stress): its
    CH DEF target is 3; passed (2) stress 4 − 3 = 1, failed (5) 4."""
    from test_rules_traits_protection import prot
    g = duel({"weapons": (weapon(DMG=4, traits=PSYCHIC),)},
             {"VOL": 6, "protections": (armour(2, key="vest"), prot(3, "TRT-WALL", key="wall"))})
    b = g.ids[1]
    attack(g, 5, die)
    assert g.check("DEF", who=b)["target"] == 3 and g.stress(b) == stress and g.wounds(b) == 0


def test_TRT_PSYCHIC_AMMO_costs_its_catalogue_price():
    assert priced_trait("TRT-PSYCHIC-AMMO", "weapon", "test", "traits").points == 5


# --- Munición ígnea --------------------------------------------------------------------------------------------------
IGNEOUS = ("TRT-IGNEOUS-AMMO",)


def test_TRT_IGNEOUS_AMMO_a_wounding_hit_gives_the_malus_Overheating_for_good():
    """The hit wounds (CH DEF 9 fails: 4 wounds): the target gains Sobrecalentamiento (once, hit again it does not
    gain it twice); a hit that wounds nothing (CH DEF 1, a critical) gives nothing."""
    g = duel({"weapons": (weapon(DMG=4, traits=IGNEOUS),)})
    b = g.ids[1]
    attack(g, 5, 9, 5)
    assert g.gs.psyche(b).maluses == ("TRT-OVERHEATING",) and "TRT-OVERHEATING" in traits.character_traits(g.gs, b)
    attack(g, 5, 9, 5)
    assert g.gs.psyche(b).maluses == ("TRT-OVERHEATING",)
    g = duel({"weapons": (weapon(DMG=4, traits=IGNEOUS),)})
    attack(g, 5, 1)
    assert g.gs.psyche(g.ids[1]).maluses == () and not g.events("malus_gained")


@pytest.mark.parametrize("wounds, rolls, after", [(4, (), 4), (5, (2,), 5), (5, (9,), 6)])
def test_TRT_IGNEOUS_AMMO_an_overheating_character_checks_after_each_movement_action(wounds, rolls, after):
    """Ruling: on a character it works as on a transport: with 4 wounds no check after its move; with 5 a CH DEF
    (armour DEF 3): a 2 passes, a 9 fails: 1 more wound."""
    from dataclasses import replace as _replace
    from wartime.core.components import Wounds
    g = duel(blue={"protections": (armour(3),)})
    b = g.ids[1]
    g.set(b, _replace(g.gs.psyche(b), maluses=("TRT-OVERHEATING",)), Wounds(wounds))
    g.start_activation(b, energy=10)
    g.dice.push(*rolls)
    g.act(b, "move", path=[[19.5, 20]])
    assert g.wounds(b) == after and g.all_dice_used()
    assert [c["rule"] for c in g.checks("DEF")] == ["TRT-OVERHEATING"] * len(rolls)


def test_TRT_IGNEOUS_AMMO_is_fire_for_Allergic():
    """Munición ígnea delivers fire: Alérgico (fuego) takes its DMG 4 × 2 = 8."""
    g = duel({"weapons": (weapon(DMG=4, traits=IGNEOUS),)})
    substance_race(g, g.ids[1], "TRT-ALLERGIC", "fuego")
    assert traits.combat_terms(g.gs, *g.ids, weapon(DMG=4, traits=IGNEOUS), True).dmg(4) == 8


def test_TRT_IGNEOUS_AMMO_costs_its_catalogue_price():
    assert priced_trait("TRT-IGNEOUS-AMMO", "weapon", "test", "traits").points == 5


def test_TRT_IGNEOUS_AMMO_a_ridden_transport_overheats():
    """The hit wounds the target's transport (DMG 6: 6 wounds on it, QUA 9): the miniature gains Sobrecalentamiento,
    and its next move (6 wounds ≥ 5) asks the transport's CH DEF: a 9 fails, 1 more wound on the transport."""
    from rules_helpers import ride
    from wartime.rules import riding
    g = duel({"weapons": (weapon(DMG=6, traits=IGNEOUS),)})
    a, b = g.ids
    ride(g, b, QUA=9, DEF=0)
    g.start_activation(a, energy=10)
    g.dice.push(5, 9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert riding.mount(g.gs, b).wounds == 6 and g.gs.psyche(b).maluses == ("TRT-OVERHEATING",)
    g.start_activation(b, energy=10)
    g.dice.push(9)
    g.act(b, "move", path=[[18, 20]])
    assert riding.mount(g.gs, b).wounds == 7 and g.check("DEF", rule="TRT-OVERHEATING") and g.all_dice_used()


# --- Distorsión envenenada ---------------------------------------------------------------------------------------------
def distorted(holder: str | None, at=None):
    """A neuromancer (red) about to cast an invocation on a friend 4 K away; a Distorsión envenenada object held by
    the friend (`holder` 'friend'), by the caster ('caster'), or lying at `at`."""
    from test_rules_metahabilities import give, mh, two
    from wartime.core.components import Gear, Item
    g = two(side="red")
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-PSYCHIC-ENERGY"))
    who = {"friend": b, "caster": a}.get(holder)
    g.world.create(Item("Poisoned idol", holder=who, at=at),
                   Gear("idol", "Poisoned idol", 1, 0, 3, ("TRT-POISONED-DISTORTION",)))
    g.start_activation(a, energy=10)
    return g, a, b


@pytest.mark.parametrize("holder, at", [("friend", None), ("caster", None), (None, (14.0, 20.0))])
def test_TRT_POISONED_DISTORTION_a_9_fumbles_an_invocation_within_5_K(holder, at):
    """Within 5 K of the object (held by the target 4 K away, by the caster itself, or lying 4 K from its centre), the
    caster's CH INT of 9 is a fumble (MET-7: a CH PSI, 3 passes; the invocation fails)."""
    g, a, b = distorted(holder, at)
    g.dice.push(9, 3)
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.check("ATR", rule="MET-2")["fumble"] and g.check("PSI", rule="MET-7")["passed"] and g.all_dice_used()


def test_TRT_POISONED_DISTORTION_farther_than_5_K_a_9_is_only_a_failure():
    """The object lies 20 K away: the 9 is an ordinary failure (no CH PSI)."""
    g, a, b = distorted(None, (30.0, 30.0))
    g.dice.push(9)
    g.act(a, "use_metahability", meta=0, target=b)
    assert not g.check("ATR", rule="MET-2")["fumble"] and not g.checks("PSI") and g.all_dice_used()


def test_TRT_POISONED_DISTORTION_costs_its_catalogue_price():
    assert priced_trait("TRT-POISONED-DISTORTION", "object", "test", "traits").points == 10


# --- Inflamable ------------------------------------------------------------------------------------------------------
FLAMMABLE = ("TRT-FLAMMABLE",)


def test_TRT_FLAMMABLE_a_flammable_race_killed_explodes_with_half_the_killing_DMG():
    """A flammable target (CON 2) killed by a DMG 6 shot (CH DEF 9 fails) explodes: DMG 3 in a round area of
    diameter 3 centred on it (ruling: the killing attack's DMG halved, R of the halved DMG); a friend beside it,
    partly covered, takes half of it (ARE-6: 2; its CH DEF 9 fails: 2 wounds)."""
    killed_flammable(lambda g, b: race(g, b, *FLAMMABLE))


def killed_flammable(make_flammable) -> None:
    """The CON 2 target (`make_flammable(g, target)` makes it flammable) killed by a DMG 6 shot (CH DEF 9) explodes:
    DMG 3 in a round area of diameter 3; the friend beside it, partly covered, takes 2 (CH DEF 9)."""
    from rules_helpers import Game, M
    g = Game(M(x=10, y=20, AGI=5, CON=5, weapons=(weapon(DMG=6),)),
             M(side="blue", x=20, y=20, facing=180.0, CON=2), M(side="blue", x=21.2, y=20, CON=9))
    a, b, c = g.ids
    make_flammable(g, b)
    g.start_activation(a, energy=10)
    g.dice.push(5, 9, 9, 5)
    g.act(a, "ranged_attack", target=b, weapon=0)
    blast = g.events("death_blast")[-1]
    assert (blast["rule"], blast["dmg"], blast["diameter"], blast["hit"]) == ("TRT-FLAMMABLE", 3, 3, [c])
    assert g.wounds(c) == 2 and g.all_dice_used()


def test_TRT_FLAMMABLE_a_flammable_weapon_explodes_when_its_bearer_dies():
    """The target carries a flammable rifle DMG 4 (no trait on its race): killed, the rifle explodes: DMG 2, R2."""
    g = duel({"weapons": (weapon(DMG=6),)}, {"CON": 2, "weapons": (weapon(DMG=4, traits=FLAMMABLE),)})
    attack(g, 5, 9)
    blast = g.events("death_blast")[-1]
    assert (blast["rule"], blast["dmg"], blast["diameter"], blast["who"]) == ("TRT-FLAMMABLE", 2, 2, g.ids[1])


@pytest.mark.parametrize("on, blasts, dmg", [("weapon", 1, 2), ("race", 1, 1)])
def test_TRT_FLAMMABLE_a_death_of_no_attack(on, blasts, dmg):
    """A CON 2 character with 1 wound and Sub fumbles a change of altitude on mud (die 10, MVA-15: 3 wounds, no
    attack) and dies: a flammable rifle DMG 4 it carries explodes (DMG 2, R2, before it moves: a blue enemy beside
    it, partly covered, takes 1, ARE-6: CH DEF 9, CH PSI 1); a flammable race, with no killing DMG to halve, halves
    its CON (project reading, substances.race_dmg): DMG 1 in an R1, the enemy partly covered takes 1 too. An
    attack's kill explodes once (the rifle, above)."""
    from rules_helpers import Game, M, piece
    gun = weapon(DMG=4, traits=FLAMMABLE if on == "weapon" else ())
    g = Game(M(x=10, y=10, CON=2, wounds=1, weapons=(gun,)), M(side="blue", x=10.9, y=10, CON=9),
             pieces=[piece("mud", "difficult", 5, 5, 15, 15)])
    a, b = g.ids
    race(g, a, "TRT-SUB", *(FLAMMABLE if on == "race" else ()))
    g.start_activation(a, energy=10)
    g.dice.push(10, *((9, 1) if blasts else ()))
    g.act(a, "change_altitude", level=-1)
    assert g.gs.world.get(a, Life).state == "dead" and len(g.events("death_blast")) == blasts and g.all_dice_used()
    assert g.wounds(b) == blasts
    ev = g.events("death_blast")[-1]
    assert (ev["rule"], ev["dmg"], ev["diameter"], ev["hit"]) == ("TRT-FLAMMABLE", dmg, dmg, [b])
    g = duel({"weapons": (weapon(DMG=6),)}, {"CON": 2, "weapons": (weapon(DMG=4, traits=FLAMMABLE),)})
    attack(g, 5, 9)
    assert len(g.events("death_blast")) == 1


@pytest.mark.parametrize("d100, explodes", [(30, True), (31, False)])
def test_TRT_FLAMMABLE_a_fumble_with_the_weapon_explodes_30_percent_of_the_time(d100, explodes):
    """A fumbled CH IMP (10) with a flammable rifle DMG 4: CMB-8's DMG 1 hit on the shooter (CH DEF 1: a
    critical), then 1D100 ≤ 30: the rifle explodes in its hands: DMG 2, diameter 2, the shooter hit too (CH DEF 9
    fails: 2 wounds); 31: nothing."""
    g = duel({"weapons": (weapon(DMG=4, traits=FLAMMABLE),)})
    a = g.ids[0]
    attack(g, 10, 1, d100, *((9, 5) if explodes else ()))
    assert bool(g.events("death_blast", rule="TRT-FLAMMABLE")) == explodes
    assert g.wounds(a) == (2 if explodes else 0)


@pytest.mark.parametrize("d100, explodes", [(30, True), (31, False)])
def test_TRT_FLAMMABLE_a_flammable_race_fumbling_its_CH_IMP_explodes_30_percent_of_the_time(d100, explodes):
    """A flammable shooter (CON 6, no flammable weapon) fumbles its CH IMP (10): CMB-8's DMG 1 hit on it (CH DEF 1:
    a critical), then 1D100 ≤ 30: it explodes: its CON halved (project reading, substances.race_dmg), DMG 3 in a
    round area of diameter 3 centred on it, itself hit too (CH DEF 9 fails: 3 wounds, CH PSI 1); 31: nothing."""
    g = duel({"CON": 6, "weapons": (weapon(DMG=4),)})
    a = g.ids[0]
    race(g, a, *FLAMMABLE)
    attack(g, 10, 1, d100, *((9, 1) if explodes else ()))
    blasts = g.events("death_blast", rule="TRT-FLAMMABLE")
    assert bool(blasts) == explodes
    if explodes:
        assert (blasts[0]["who"], blasts[0]["dmg"], blasts[0]["diameter"], blasts[0]["hit"]) == (a, 3, 3, [a])
    assert g.wounds(a) == (3 if explodes else 0)
    assert g.events("percent_roll")[0]["for_rule"] == "TRT-FLAMMABLE"


def test_TRT_FLAMMABLE_a_flammable_race_rerolling_its_fumble_away_does_not_explode():
    """Entrenado para matar rerolls the fumbled CH IMP before any of its effects (ruling, G2): the new die (5) hits,
    no 1D100 is rolled for Inflamable (CH DEF 9 of the target: 4 wounds)."""
    g = duel({"CON": 6, "weapons": (weapon(DMG=4),)}, {"CON": 9})
    a = g.ids[0]
    race(g, a, "TRT-TRAINED-TO-KILL", *FLAMMABLE)
    attack(g, 10, 5, 9, 5)
    assert g.events("percent_roll") == [] and g.events("death_blast") == []


def test_TRT_FLAMMABLE_a_flammable_weapon_destroyed_explodes_in_its_holders_hands_once():
    """Ruling: 'muere' is the item destroyed too. A flammable rifle DMG 6, QUA 2, with 2 wounds (disabled; current
    DMG 4, WND-6) gains a wound (CMB-8's or its wear's): destroyed (WND-5), it explodes: DMG 4 / 2 = 2 in a round
    area of diameter 2 centred on its holder, who is hit (CH DEF 9 fails: 2 wounds, CH PSI 1). Gone, it does not
    explode again when its holder dies, nor on a fumble."""
    from wartime.rules.wounds import wound_weapon
    gun = weapon(DMG=6, QUA=2, traits=FLAMMABLE)
    g = duel({"CON": 9, "weapons": (replace(gun, wounds=2),)})
    a = g.ids[0]
    g.dice.push(9, 1)
    wound_weapon(g.gs, a, 0, "CMB-8")
    ev = g.events("death_blast")[-1]
    assert (ev["rule"], ev["who"], ev["dmg"], ev["diameter"], ev["hit"]) == ("TRT-FLAMMABLE", a, 2, 2, [a])
    assert g.wounds(a) == 2 and g.all_dice_used()
    assert traits.death_explosions(g.gs, a, 5) == [] and traits.fumble_blasts(g.gs.weapon(a, 0)) == []
    g = duel({"CON": 9, "weapons": (replace(gun, wounds=1),)})
    wound_weapon(g.gs, g.ids[0], 0, "CMB-8")
    assert g.events("death_blast") == [] and g.all_dice_used()


def test_TRT_FLAMMABLE_costs_its_catalogue_price():
    assert priced_trait("TRT-FLAMMABLE", "race", "test", "traits").points == -5
    assert priced_trait("TRT-FLAMMABLE", "weapon", "test", "traits").points == -5


# --- Cuerpo de luz -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("bonuses, wounds", [(("TRT-NEUROMANCER", "TRT-BODY-OF-LIGHT"), 0), (("TRT-NEUROMANCER",), 1)])
def test_TRT_BODY_OF_LIGHT_its_own_invocations_do_not_hurt_it(bonuses, wounds):
    """A neuromancer casts a Dañino invocation (each use: 1 wound to its user) on a friend (CH INT 3 passes): with
    Cuerpo de luz it takes none; without, 1. A non-invocation (a Bunkai) is not covered."""
    from test_rules_metahabilities import give, mh, two
    g = two(side="red")
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-PSYCHIC-ENERGY", "TRT-HARMFUL"), bonuses=bonuses)
    g.start_activation(a, energy=10)
    g.dice.push(3)
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.wounds(a) == wounds and bool(g.events("damage_ignored", rule="TRT-BODY-OF-LIGHT")) == (wounds == 0)
    assert traits.own_meta_immune(g.gs, a, mh("TRT-BUNKAI", "TRT-HARMFUL")) is None


def test_TRT_BODY_OF_LIGHT_costs_its_catalogue_price():
    assert priced_trait("TRT-BODY-OF-LIGHT", "race", "test", "traits").points == 3


# --- Saikikku ----------------------------------------------------------------------------------------------------------
def test_TRT_SAIKIKKU_wounded_everyone_in_melee_with_it_gains_1_stress():
    """Blue (Saikikku) in base contact with two reds; one wounds it in melee (CH DEF 9 fails): both reds gain 1
    stress, no check; a hit that wounds nothing (CH DEF 1, a critical: CMB-7's blow back, its CH DEF 1) gives none."""
    from rules_helpers import Game, M
    def fight():
        g = Game(M(x=10, y=20, AGI=5, CON=5, weapons=(blade(),)), M(side="blue", x=11, y=20, facing=180.0, CON=9),
                 M(x=12, y=20, facing=180.0))
        race(g, g.ids[1], "TRT-SAIKIKKU")
        g.start_activation(g.ids[0], energy=10)
        return g
    g = fight()
    a, b, c = g.ids
    g.dice.push(5, 9, 5)
    g.act(a, "melee_attack", target=b, weapon=0)
    assert g.wounds(b) > 0 and (g.stress(a), g.stress(c)) == (1, 1) and g.all_dice_used()
    assert [e["rule"] for e in g.events("stress")] == ["TRT-SAIKIKKU"] * 2
    g = fight()
    g.dice.push(5, 1, 1)
    g.act(g.ids[0], "melee_attack", target=g.ids[1], weapon=0)
    assert (g.stress(g.ids[0]), g.stress(g.ids[2])) == (0, 0)


def saikikku_fight(*red_traits: str):
    """Red (`red_traits`, a blade) wounds blue (Saikikku) in base contact (CH IMP 5, CH DEF 9 fails, CH PSI 5)."""
    g = duel(blue={"CON": 9}, melee=True)
    a, b = g.ids
    race(g, a, *red_traits)
    race(g, b, "TRT-SAIKIKKU")
    g.start_activation(a, energy=10)
    g.dice.push(5, 9, 5)
    g.act(a, "melee_attack", target=b, weapon=0)
    return g


def test_TRT_SAIKIKKU_its_side_chooses_the_bonus_that_stops_until_the_end_of_the_next_activation():
    """Red (Rápido, Frenesí and the malus Suspenso en gimnasia) wounds the Saikikku: 1 stress, and blue is asked
    which of red's bonuses stops working (the malus is not offered); blue takes Frenesí: red's melee attacks offer
    no frenzy any more, through the rest of this activation and all its next one; at the end of that one it is
    back."""
    g = saikikku_fight("TRT-FAST", "TRT-FRENZY", "TRT-FAILED-GYM-CLASS")
    a, b = g.ids
    assert g.stress(a) == 1
    p = g.pending
    assert (p.kind, p.side, p.actor, p.options) == ("bonus_loss", "blue", a, ("TRT-FAST", "TRT-FRENZY"))
    assert violation(g.engine.submit, Decision("bonus_loss", "red", actor=a, action="TRT-FRENZY")).rule_id == "SEQ-6"
    assert violation(g.engine.submit, Decision("bonus_loss", "blue", actor=a,
                                               action="TRT-FAILED-GYM-CLASS")).rule_id == "TRT-SAIKIKKU"
    g.engine.submit(Decision("bonus_loss", "blue", actor=a, action="TRT-FRENZY"))
    g.pass_reactions()                                   # the attack's reaction window comes after the choice
    assert g.events("bonus_lost", rule="TRT-SAIKIKKU", who=a, trait="TRT-FRENZY", chosen_by="blue")
    stances = lambda: {o.params.get("stance") for o in g.engine.legal_options("melee_attack")}   # noqa: E731
    assert "TRT-FRENZY" not in traits.character_traits(g.gs, a) and stances() == {None}
    assert "TRT-FAST" in traits.character_traits(g.gs, a)
    g.act(a, "end")
    g.next_turn()
    g.start_activation(a, energy=10)
    assert stances() == {None} and not g.events("bonus_restored")
    g.act(a, "end")
    assert g.events("bonus_restored", rule="TRT-SAIKIKKU", who=a, trait="TRT-FRENZY")
    assert "TRT-FRENZY" in traits.character_traits(g.gs, a)


def test_TRT_SAIKIKKU_no_bonus_nothing_asked():
    """An enemy in melee with no bonus (only a malus) gains its stress and nothing is asked."""
    g = saikikku_fight("TRT-FAILED-GYM-CLASS")
    assert g.stress(g.ids[0]) == 1 and g.pending.kind == "action" and not g.events("bonus_loss_due")


def test_TRT_SAIKIKKU_the_scripted_AI_takes_the_priciest_bonus():
    """The scripted side answers the question with the bonus the book prices highest (Anónimo, 10 points, over
    Rápido and Frenesí, 5), ties by trait ID; the random controller picks any of the options."""
    assert bonus_to_remove(("TRT-ANONYMOUS", "TRT-FAST", "TRT-FRENZY")[::-1]) == "TRT-ANONYMOUS"
    assert bonus_to_remove(("TRT-FRENZY", "TRT-FAST")) == "TRT-FAST"


def test_TRT_SAIKIKKU_costs_its_catalogue_price():
    assert priced_trait("TRT-SAIKIKKU", "race", "test", "traits").points == 5


def test_TRT_PSYCHIC_AMMO_an_area_deals_stress_to_each_mini_it_covers():
    """An R3 launcher with Munición psíquica (DMG 4) on target A (VOL 6; full: DMG 4) with B partly covered (DMG 2):
    each makes a CH VOL (A 9 fails: 4 stress; B 2 passes: 2 − 6 → 0); no wounds, no CH PSI."""
    from test_rules_areas import area_weapon, blue as area_blue, fire, game as area_game, shooter
    g = area_game(shooter(weapons=(area_weapon("R3", traits=PSYCHIC),)), area_blue(20, 20, VOL=6),
                  area_blue(20, 21.2, VOL=6))
    a, ta, tb = g.ids
    fire(g, 3, 9, 2, target=ta)
    assert (g.stress(ta), g.stress(tb)) == (4, 0) and (g.wounds(ta), g.wounds(tb)) == (0, 0)
    assert [e["who"] for e in g.events("stress_hit")] == [ta, tb]


def test_TRT_PSYCHIC_AMMO_cover_over_half_gives_the_CH_VOL_plus_2():
    """CMB-17: a target more than 50 % hidden gets CH +2 on its check against the stress (VOL 6: target 8)."""
    from wartime.rules.combat import Cover
    from wartime.rules.stress_hits import resolve_stress_hit
    g = duel(blue={"VOL": 6})
    a, b = g.ids
    g.dice.push(8)
    assert resolve_stress_hit(g.gs, None, a, b, 8, cover=Cover(13)) == 2
    assert g.check("ATR", who=b)["target"] == 8
