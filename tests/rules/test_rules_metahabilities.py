"""Metahabilities in play (MET-1..7, CMB-13, CBA-18, CBA-20, GNA-5's stress option; CBA-21 in test_rules_possession.py; CBA-19 in test_rules_mental.py) and
the metahability traits, with scripted dice."""
from __future__ import annotations

import pytest

from rules_helpers import Game, M, violation
from wartime.core.components import Metahabilities, Metahability, MetaEffects, Psyche, Traits
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.params import CandidateSpace
from wartime.rules import metahabilities as meta, traits

NEURO = ("TRT-NEUROMANCER",)


def mh(kind: str = "TRT-INVOCATION", *extra: str, ENE: int = 2, RNG: int = 10, QUA: int = 4, name: str = "Spell",
       params: tuple = ()) -> Metahability:
    return Metahability(name.lower(), name, ENE, RNG, QUA, kind, (kind,) + extra, params)


def give(g: Game, e: int, *metas: Metahability, bonuses: tuple = NEURO) -> None:
    g.set(e, Traits(tuple(bonuses)), Metahabilities(tuple(metas)))


def two(caster: dict | None = None, other: dict | None = None, side: str = "blue") -> Game:
    """A caster at (10, 20) facing east and another character 4 K in front of it."""
    return Game(M(**{"x": 10, "y": 20, **(caster or {})}), M(**{"side": side, "x": 15, "y": 20, "facing": 180.0,
                                                               **(other or {})}))


def effects(g: Game, e: int) -> tuple:
    fx = g.world.try_get(e, MetaEffects)
    return fx.active if fx is not None else ()


# --- MET-1, MET-2, CMB-13 ---------------------------------------------------------------------------------------------
def test_MET_1_a_neuromante_casts_an_invocation_against_its_INT_and_others_cannot():
    g = two({"INT": 6}, side="red")
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-PSYCHIC-ENERGY"))
    g.start_activation(a, energy=10)
    g.dice.push(6)
    g.act(a, "use_metahability", meta=0, target=b)
    c = g.check("ATR", rule="MET-2")
    assert c["attribute"] == "INT" and c["target"] == 6 and c["passed"]
    give(g, b, mh("TRT-INVOCATION"), bonuses=("TRT-KINETIC",))        # a Cinético cannot cast an invocation
    g.start_activation(b, energy=10)
    assert violation(g.act, b, "use_metahability", meta=0, target=a).rule_id == "MET-1"


def test_MET_2_a_bunkai_is_a_CH_AGI_and_costs_its_ENE():
    g = two({"AGI": 5}, side="red")
    a, b = g.ids
    give(g, a, mh("TRT-BUNKAI", "TRT-PSYCHIC-ENERGY", ENE=3), bonuses=("TRT-KINETIC",))
    g.start_activation(a, energy=10)
    g.dice.push(5)
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.check("ATR", rule="MET-2")["passed"] and g.energy(a) == 7
    assert [x.grants for x in effects(g, b)] == [("TRT-PSYCHIC-ENERGY",)]
    g.dice.push(6)                                                    # AGI 5 fails on a 6: no new effect
    g.act(a, "use_metahability", meta=0, target=a)
    assert g.energy(a) == 4 and effects(g, a) == ()


def test_MET_2_the_target_must_be_within_RNG():
    g = two(other={"x": 20})                                          # 9 K away
    a, b = g.ids
    give(g, a, mh(RNG=5))
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "use_metahability", meta=0, target=b).rule_id == "MET-2"


def test_CMB_13_an_invocation_aimed_at_an_enemy_is_a_CH_IMP_with_INT():
    g = two({"INT": 7, "VOL": 9}, {"VOL": 2})
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-COWING"))
    g.start_activation(a, energy=10)
    g.dice.push(7, 1, 9, 8)           # CH IMP 7 (INT 7), CH VOL ENF 1 against 9, then the target's CH PSI 8
    g.act(a, "use_metahability", meta=0, target=b)
    imp = g.check("IMP", rule="MET-2")
    assert imp["attribute"] == "INT" and imp["target"] == 7 and imp["passed"]


def self_cast(ENE: int = 2) -> tuple[Game, int]:
    """A CON 6 Metamorfo (with an ally 4 K ahead) casts a mutation lending it Energía psíquica on itself (die 3)."""
    g = two({"CON": 6}, side="red")
    a, _ = g.ids
    give(g, a, mh("TRT-MUTATION", "TRT-PSYCHIC-ENERGY", ENE=ENE), bonuses=("TRT-METAMORPH",))
    g.start_activation(a, energy=10)
    g.dice.push(3)
    g.act(a, "use_metahability", meta=0, target=a)
    return g, a


# --- MET-3, MET-4, MET-5 ----------------------------------------------------------------------------------------------
def test_MET_3_an_effect_on_oneself_lasts_until_the_start_of_its_next_activation():
    g, a = self_cast()
    assert traits.stress_for_ene(g.gs, a) and effects(g, a)[0].ends == "start"
    g.engine._end_activation(a)
    assert traits.stress_for_ene(g.gs, a)                             # still there between its activations
    g.next_turn()
    g.start_activation(a)
    assert effects(g, a) == () and not traits.stress_for_ene(g.gs, a)
    assert g.events("metahability_effect_ended", rule="MET-3")


def test_MET_4_an_effect_on_an_ally_ends_with_the_allys_next_activation():
    """A VOL 7 caster buffs a VOL 4 ally in phase 7: the effect ends when the ally's activation (phase 4) ends."""
    g = two({"VOL": 7}, {"VOL": 4}, side="red")
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-PSYCHIC-ENERGY"))
    g.start_activation(a, energy=10)
    g.dice.push(2)
    g.act(a, "use_metahability", meta=0, target=b)
    g.engine._end_activation(a)
    assert traits.stress_for_ene(g.gs, b)
    g.start_activation(b)
    assert traits.stress_for_ene(g.gs, b)                             # usable in that activation
    g.act(b, "psychic_energy")
    g.engine._end_activation(b)
    assert not traits.stress_for_ene(g.gs, b) and g.events("metahability_effect_ended", rule="MET-4")


def test_MET_5_the_caster_must_win_a_CH_VOL_ENF_against_an_enemy():
    """The caster passes its CH INT; in the CH VOL ENF the caster (VOL 5) rolls 3, the target (VOL 6) 2: the
    target wins, no effect, the ENE stays spent."""
    g = two({"VOL": 5}, {"VOL": 6})
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-CALM", ENE=2))
    g.start_activation(a, energy=10)
    g.dice.push(2, 3, 2)
    g.act(a, "use_metahability", meta=0, target=b)
    assert effects(g, b) == () and g.energy(a) == 8 and g.events("metahability_resisted", rule="MET-5")
    g.dice.push(2, 2, 8)                                              # the caster wins: calmed
    g.act(a, "use_metahability", meta=0, target=b)
    assert effects(g, b)[0].grants == ("TRT-MAGIC-CALM",) and effects(g, b)[0].ends == "end"


def test_MET_5_an_enemy_effect_lasts_to_the_end_of_its_next_activation():
    g = two({"VOL": 7}, {"VOL": 2})
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-CALM"))
    g.start_activation(a, energy=10)
    g.dice.push(2, 2, 8)
    g.act(a, "use_metahability", meta=0, target=b)
    g.engine._end_activation(a)
    g.start_activation(b)
    assert effects(g, b)[0].armed
    g.engine._end_activation(b)
    assert effects(g, b) == () and g.events("metahability_effect_ended", rule="MET-5")


# --- MET-6 -------------------------------------------------------------------------------------------------------------
def test_MET_6_maintaining_pays_the_ENE_again_without_a_roll():
    """A caster with ENE 5 maintains a 3-ENE mutation without rolling and has 2 ENE left."""
    g, a = self_cast(3)
    g.engine._end_activation(a)
    g.next_turn()
    g.start_activation(a, energy=5)
    assert effects(g, a) == ()                                        # MET-3: gone at the start
    assert "maintain_metahability" in g.engine.pending.options
    rolls = len(g.checks())
    g.act(a, "maintain_metahability", meta=0, target=a)
    assert g.energy(a) == 2 and len(g.checks()) == rolls and traits.stress_for_ene(g.gs, a)
    assert g.events("metahability_maintained", rule="MET-6")


def test_MET_6_only_at_the_start_of_the_activation_and_only_the_next_turn():
    g, a = self_cast()
    assert violation(g.act, a, "maintain_metahability", meta=0, target=a).rule_id == "MET-6"    # same turn
    g.engine._end_activation(a)
    g.next_turn()
    g.start_activation(a, energy=10)
    g.act(a, "crouch")
    assert violation(g.act, a, "maintain_metahability", meta=0, target=a).rule_id == "MET-6"    # not first


# --- MET-7 -------------------------------------------------------------------------------------------------------------
def test_MET_7_a_fumble_is_a_CH_PSI_and_the_metahability_fails():
    """A neuromancer rolls 10 on its CH INT, then passes the CH PSI: stress stays 0 and the invocation fails."""
    g = two(side="red")
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-PSYCHIC-ENERGY"))
    g.start_activation(a, energy=10)
    g.dice.push(10, 3)
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.stress(a) == 0 and effects(g, b) == () and g.check("PSI", rule="MET-7")["passed"]
    g.dice.push(10, 9)                                                # failed CH PSI: +1 stress
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.stress(a) == 1 and effects(g, b) == ()


# --- MET-8, CBA-18 -----------------------------------------------------------------------------------------------------
def hacker(bonuses: tuple = NEURO, *metas: Metahability, caster: dict | None = None) -> tuple[Game, int, int]:
    """A corrupter (INT 7, VOL 7) 4 K from a VOL 5 enemy, in its activation with ENE 10."""
    g = two({"INT": 7, "VOL": 7, **(caster or {})}, {"VOL": 5})
    a, b = g.ids
    give(g, a, *metas, bonuses=bonuses)
    g.start_activation(a, energy=10)
    return g, a, b


def test_CBA_18_corruption_stress_against_a_VOL_CH_DEF():
    """Neuromante INT 7 at 4 K: DMG 3; die 6 hits; a VOL 5 target with CH DEF die 4 takes 0, with die 8 takes 3."""
    g, a, b = hacker()
    g.dice.push(6, 4)
    g.act(a, "corrupt", target=b, attribute="INT")
    assert g.stress(b) == 0 and g.energy(a) == 7
    g.dice.push(6, 8)
    g.act(a, "corrupt", target=b, attribute="INT")
    assert g.stress(b) == 3


def test_MET_8_a_puppeteer_corrupts_only_living_characters():
    """A puppeteer (it carries a binding) cannot target a non-living robot; a neuromancer can."""
    g, a, b = hacker((), mh("TRT-BINDING", "TRT-MAGIC-CALM"))
    g.set(b, Traits(("TRT-NON-LIVING",)))
    assert violation(g.act, a, "corrupt", target=b, attribute="VOL").rule_id == "MET-8"
    assert violation(g.act, a, "corrupt", target=b, attribute="INT").rule_id == "MET-8"     # not a neuromancer
    give(g, a, mh("TRT-BINDING", "TRT-MAGIC-CALM"), bonuses=NEURO)
    g.dice.push(3, 9)
    g.act(a, "corrupt", target=b, attribute="INT")
    assert g.stress(b) == 3


def test_CBA_18_Muro_protections_stop_stress():
    """CBA-18 "Muro protections stop stress" (TRT-WALL ruling: its DEF replaces CH VOL): DMG 3 against a Muro of
    DEF 2: CH DEF die 2 passes, 3 − 2 = 1 stress; die 5 fails, 3 stress."""
    from wartime.core.components import Equipment, TraitedProtection
    wall = TraitedProtection("wall", "Wall", 0, 2, 0, 5, 0, traits=("TRT-WALL",))
    for die, stress in ((2, 1), (5, 3)):
        g, a, b = hacker()
        g.set(b, Equipment((), (wall,)))
        g.dice.push(6, die)
        g.act(a, "corrupt", target=b, attribute="INT")
        assert g.stress(b) == stress
        assert g.events("check")[-1]["rule"] == "TRT-WALL" and g.events("check")[-1]["target"] == 2


def test_MET_8_a_neuromancer_hacks_an_object_and_a_transport():
    """The book's test: an object with CH DEF die 2 takes 3 stress (DMG 3; no VOL: CH DEF 1). A transport likewise;
    its CH DEF critical (die 1) stops it all. The holder / driver takes no stress."""
    from wartime.core.components import GearStress, Gear, Item
    from rules_helpers import ride
    g, a, b = hacker()
    item = g.world.create(Item("Scanner", holder=b), Gear("scanner", "Scanner", 1, 0, 3))
    assert {"target": b, "attribute": "INT", "aim": f"item:{item}"} in [
        c.build() for c in REGISTRY["corrupt"].candidates(g.gs, a, CandidateSpace(g.gs, a))]
    g.dice.push(6, 2)
    g.act(a, "corrupt", target=b, attribute="INT", aim=f"item:{item}")
    assert g.world.get(item, GearStress).value == 3 and g.stress(b) == 0
    ride(g, b, QUA=4)
    g.dice.push(6, 1)
    g.act(a, "corrupt", target=b, attribute="INT", aim="transport")
    assert not g.world.has(b, GearStress)
    g.start_activation(a, energy=10)
    g.dice.push(6, 7)
    g.act(a, "corrupt", target=b, attribute="INT", aim="transport")
    assert g.world.get(b, GearStress).value == 3 and g.stress(b) == 0
    assert g.events("equipment_stress")[-1]["QUA"] == 4
    assert violation(g.act, a, "corrupt", target=b, attribute="INT", aim="item:999").rule_id == "MET-8"


def test_MET_8_a_puppeteer_does_not_hack_equipment():
    from rules_helpers import ride
    g, a, b = hacker((), mh("TRT-BINDING", "TRT-MAGIC-CALM"))
    ride(g, b)
    assert violation(g.act, a, "corrupt", target=b, attribute="VOL", aim="transport").rule_id == "MET-8"


def test_TRT_SHIN_hacking_DMG_plus_1():
    g, a, b = hacker(NEURO + ("TRT-SHIN",))
    g.dice.push(6, 8)
    g.act(a, "corrupt", target=b, attribute="INT")
    assert g.stress(b) == 4


def test_CBA_19_mental_combat_is_no_own_activation_action():
    """Combate mental is declared only in a mental combat's decisions (tests/rules/test_rules_mental.py)."""
    g, a, b = hacker()
    assert "mental_combat" not in g.engine.pending.options
    assert violation(g.act, a, "mental_combat").rule_id == "CBA-19"


# --- CBA-20 ------------------------------------------------------------------------------------------------------------
def counter_game():
    """An acting INT 7 neuromante (VOL 4) casting on an ally; an enemy counter-mage INT 6 5 K away facing it."""
    g = Game(M(x=10, y=20, INT=7, VOL=4), M(x=11.5, y=20), M(side="blue", x=16, y=20, facing=180.0, INT=6))
    a, ally, c = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-PSYCHIC-ENERGY"))
    give(g, c, mh("TRT-INVOCATION", "TRT-MAGIC-CALM"))
    g.start_activation(a, energy=10)
    g.auto_pass = False
    return g, a, ally, c


def test_CBA_20_counter_magic_makes_the_CH_INT_an_opposed_check():
    """Actor 5, counter 3: the action fails (its ENE stays spent)."""
    g, a, ally, c = counter_game()
    g.declare(a, "use_metahability", meta=0, target=ally)
    assert g.pending.kind == "react" and g.pending.actor == c
    g.dice.push(1, 5, 3)                     # the reaction CH VOL (REA-2), then the CH INT ENF
    g.react(c, "counter_magic")
    g.auto_pass = True
    g.pass_reactions()
    assert effects(g, ally) == () and g.energy(a) == 8 and g.energy(c) == 7
    assert g.events("opposed_resolved", rule="CBA-20")[0]["winner"] == "b"


def test_CBA_20_a_natural_1_gives_the_other_side_stress_against_a_CH_VOL():
    """Counter die 1: the actor (VOL 4) rolls CH VOL die 6 and gains 1 stress."""
    g, a, ally, c = counter_game()
    g.declare(a, "use_metahability", meta=0, target=ally)
    g.dice.push(1, 5, 1, 6)                     # the reaction CH VOL (REA-2), then the CH INT ENF
    g.react(c, "counter_magic")
    g.auto_pass = True
    g.pass_reactions()
    assert g.stress(a) == 1 and effects(g, ally) == ()


def test_CBA_20_a_winning_actor_goes_on():
    g, a, ally, c = counter_game()
    g.declare(a, "use_metahability", meta=0, target=ally)
    g.dice.push(1, 2, 8)                     # the reaction CH VOL (REA-2), then the CH INT ENF
    g.react(c, "counter_magic")
    g.auto_pass = True
    g.pass_reactions()
    assert effects(g, ally)[0].grants == ("TRT-PSYCHIC-ENERGY",)


def test_CBA_20_only_a_neuromancers_INT_action_is_countered():
    g, a, ally, c = counter_game()
    g.declare(a, "crouch")
    exc = violation(g.react, c, "counter_magic")
    assert exc.rule_id in ("CBA-20", "REA-3")


# --- GNA-5, PSI-13 -----------------------------------------------------------------------------------------------------
def test_GNA_5_a_neuromante_cures_stress():
    """Pass: −1 stress; critical: −3; fail: +1 (GNA-5 ruling 3)."""
    g = Game(M(x=10, y=20, INT=6), M(x=11.0, y=20, stress=4, VOL=6))
    a, b = g.ids
    give(g, a)
    g.start_activation(a, energy=10)
    g.dice.push(4)
    g.act(a, "heal", target=b, cure="stress")
    assert g.stress(b) == 3
    g.dice.push(1)
    g.act(a, "heal", target=b, cure="stress")
    assert g.stress(b) == 0
    assert violation(g.act, a, "heal", target=b, cure="stress").rule_id == "GNA-5"      # nothing to cure


def test_PSI_13_only_a_neuromancer_cures_stress():
    g = Game(M(x=10, y=20, INT=6), M(x=11.0, y=20, stress=2))
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "heal", target=b, cure="stress").rule_id == "PSI-13"


# --- traits ------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind, bonus, attribute", [("TRT-MUTATION", "TRT-METAMORPH", "CON"),
                                                    ("TRT-BUNKAI", "TRT-KINETIC", "AGI"),
                                                    ("TRT-INVOCATION", "TRT-NEUROMANCER", "INT"),
                                                    ("TRT-BINDING", None, "VOL")])
def test_TRT_MUTATION_TRT_BUNKAI_TRT_INVOCATION_TRT_BINDING_TRT_METAMORPH_TRT_KINETIC_TRT_NEUROMANCER_kinds(
        kind, bonus, attribute):
    """Each kind is checked with its attribute and used by the bearer of its bonus (a binding by its bearer)."""
    g = two({"CON": 3, "AGI": 4, "INT": 5, "VOL": 6}, side="red")
    a, b = g.ids
    give(g, a, mh(kind, "TRT-PSYCHIC-ENERGY"), bonuses=(bonus,) if bonus else ())
    g.start_activation(a, energy=10)
    g.dice.push(1)
    g.act(a, "use_metahability", meta=0, target=b)
    c = g.check("ATR", rule="MET-2")
    assert c["attribute"] == attribute and c["target"] == {"CON": 3, "AGI": 4, "INT": 5, "VOL": 6}[attribute]
    if bonus:
        give(g, a, mh(kind, "TRT-PSYCHIC-ENERGY"), bonuses=())
        assert violation(g.act, a, "use_metahability", meta=0, target=b).rule_id == "MET-1"


def test_TRT_MAGIC_CALM_ends_panic_forbids_charges_and_reactions():
    g = two({"VOL": 9}, {"VOL": 2, "panic": True})
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-CALM"))
    g.start_activation(a, energy=10)
    g.dice.push(2, 2, 8)
    g.act(a, "use_metahability", meta=0, target=b)
    assert not g.gs.psyche(b).panic and traits.reactions_barred(g.gs, b) == "TRT-MAGIC-CALM"
    g.engine._end_activation(a)
    g.start_activation(b, energy=10)
    assert violation(g.act, b, "charge", target=a, path=[[12, 20]]).rule_id == "TRT-MAGIC-CALM"


def test_TRT_MAGIC_CALM_a_calmed_enemy_is_not_offered_a_reaction():
    g = Game(M(x=10, y=20, VOL=9), M(side="blue", x=15, y=20, facing=180.0, VOL=2))
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-CALM"))
    g.start_activation(a, energy=10)
    g.dice.push(2, 2, 8)
    g.act(a, "use_metahability", meta=0, target=b)
    g.auto_pass = False
    g.declare(a, "crouch")
    w = g.events("reaction_window")[-1]
    assert g.pending is None or g.pending.kind != "react"
    assert any(x["who"] == b and "TRT-MAGIC-CALM" in x["why"] for x in w["excluded"])


def test_TRT_HEX_the_named_malus_applies_to_the_target():
    """Maleficio (Lento): the hexed enemy's moves cost ENE +1 until the end of its next activation."""
    g = two({"VOL": 9}, {"VOL": 2})
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-HEX", params=(("TRT-HEX", "TRT-SLOW"),)))
    g.start_activation(a, energy=10)
    g.dice.push(2, 2, 8)
    g.act(a, "use_metahability", meta=0, target=b)
    g.engine._end_activation(a)
    g.start_activation(b, energy=10)
    assert g.engine.check_action(b, "move", {"path": [[16, 20]]}) == 2


def test_TRT_NEGATE_the_named_trait_has_no_effect_on_the_target():
    """Niega (Lento) on a slow ally: its moves cost ENE 1 again while the effect lasts."""
    g = two({"VOL": 9}, side="red")
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-NEGATE", params=(("TRT-NEGATE", "TRT-SLOW"),)))
    g.set(b, Traits(("TRT-SLOW",)))
    g.start_activation(b, energy=10)
    assert g.engine.check_action(b, "move", {"path": [[16, 20]]}) == 2
    g.engine._end_activation(b)
    g.start_activation(a, energy=10)
    g.dice.push(2)
    g.act(a, "use_metahability", meta=0, target=b)
    g.engine._end_activation(a)
    g.next_turn()
    g.start_activation(b, energy=10)
    assert g.engine.check_action(b, "move", {"path": [[16, 20]]}) == 1


def test_TRT_MAGIC_NULLIFY_suspends_an_effect_until_the_nullifiers_next_activation():
    g = Game(M(x=10, y=20, VOL=9), M(side="blue", x=15, y=20, facing=180.0, VOL=2),
             M(side="blue", x=16, y=21, facing=180.0, VOL=9, INT=9))
    a, b, n = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-CALM"))
    give(g, n, mh("TRT-INVOCATION", "TRT-MAGIC-NULLIFY"))
    g.start_activation(a, energy=10)
    g.dice.push(2, 2, 8)
    g.act(a, "use_metahability", meta=0, target=b)
    g.engine._end_activation(a)
    assert traits.reactions_barred(g.gs, b) is not None
    g.start_activation(n, energy=10)
    g.dice.push(2)
    g.act(n, "use_metahability", meta=0, target=b)
    assert traits.reactions_barred(g.gs, b) is None                  # the calm is suspended
    g.engine._end_activation(n)
    g.next_turn()
    g.start_activation(n, energy=10)                                  # the suspension lapses (MET-3 timing)
    assert traits.reactions_barred(g.gs, b) is not None


def test_TRT_PSYCHIC_ENERGY_plus_1_stress_for_plus_3_ENE_once_per_activation():
    g = Game(M(x=10, y=20, VOL=5))
    a, = g.ids
    g.set(a, Traits(("TRT-PSYCHIC-ENERGY",)))
    g.start_activation(a, energy=4)
    g.act(a, "psychic_energy")
    assert g.energy(a) == 7 and g.stress(a) == 1
    assert violation(g.act, a, "psychic_energy").rule_id == "TRT-PSYCHIC-ENERGY"


def test_TRT_COWING_a_metahability_hit_makes_the_target_take_a_CH_PSI():
    g = two({"INT": 7, "VOL": 9}, {"VOL": 2})
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-COWING"))
    g.start_activation(a, energy=10)
    g.dice.push(3, 1, 9, 8)
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.check("PSI", who=b)["passed"] is False and g.stress(b) == 1


def test_TRT_EVIL_and_TRT_HARMFUL_on_a_metahability_cost_its_user():
    g = two(side="red")
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-PSYCHIC-ENERGY", "TRT-EVIL", "TRT-HARMFUL"))
    g.start_activation(a, energy=10)
    g.dice.push(2)
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.stress(a) == 1 and g.wounds(a) == 1


def test_TRT_MORE_RANGE_on_a_metahability_adds_5_K():
    from wartime.match.setup import metahability_of
    from wartime.data.loader import archetype_from_dict
    arch = archetype_from_dict({"id": "s", "kind": "metahability", "name": "S", "ENE": 2, "RNG": 6, "QUA": 3,
                                "traits": [{"name": "Invocación"}, {"name": "Más alcance"}]})
    m = metahability_of(arch)
    assert m.RNG == 11 and m.kind == "TRT-INVOCATION"


def test_CBA_20_the_scripted_controller_counters_when_offered():
    """The scripted controller answers a pending react decision offering counter_magic with it when its INT is at
    least the actor's (ai/scripted_meta)."""
    from wartime.ai.scripted import ScriptedController
    from wartime.core.components import Attributes
    g, a, ally, c = counter_game()
    g.set(c, Attributes(4, 5, 7, 5))
    g.declare(a, "use_metahability", meta=0, target=ally)
    p = g.pending
    assert p.kind == "react" and "counter_magic" in p.options

    class View:                                                         # what a controller reads of a match
        gs, engine = g.gs, g.engine
    d = ScriptedController(1).decide(View(), p)
    assert d.action == "counter_magic" and d.actor == c


def test_MET_2_the_scripted_controller_calms_an_enemy_and_maintains_it():
    from wartime.ai.scripted import ScriptedController
    g = Game(M(x=10, y=20, VOL=9, INT=7), M(side="blue", x=18, y=20, facing=180.0, VOL=2))
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-CALM"))
    g.start_activation(a, energy=10)

    class View:
        gs, engine = g.gs, g.engine
    d = ScriptedController(1).decide(View(), g.pending)
    assert d.action == "use_metahability" and d.params == {"meta": 0, "target": b}


def test_TRT_HEX_naming_a_trait_the_engine_does_not_play_is_refused_when_fielded():
    from wartime.core.errors import NotImplementedRule as Refused
    from wartime.data.loader import archetype_from_dict
    from wartime.data.models import CharacterSpec
    from wartime.match.setup import check_traits
    from rules_helpers import race
    hex_ = archetype_from_dict({"id": "h", "kind": "metahability", "name": "Hex", "ENE": 2, "RNG": 5, "QUA": 3,
                                "traits": [{"name": "Atadura"}, {"name": "Maleficio", "param": "Lento"}]})
    check_traits(CharacterSpec(id="p", name="P", race=race(VOL=7), metahabilities=(hex_,)))
    bad = hex_.model_copy(update={"traits": (hex_.traits[0], hex_.traits[1].model_copy(update={"param": "Torpe"}))})
    with pytest.raises(Refused) as exc:
        check_traits(CharacterSpec(id="p", name="P", race=race(VOL=7), metahabilities=(bad,)))
    assert exc.value.rule_id == "TRT-HEX"


# --- TRT-SHIN on a metahability (traits notes G10: the hacking made with the power of its kind) --------------------
def test_TRT_SHIN_on_an_invocation_adds_1_to_the_neuromancers_hacking():
    """INT 7: DMG 3, +1 from the invocation's Shin = 4; the VOL 5 target fails its CH VOL (die 8): 4 stress."""
    g, a, b = hacker(NEURO, mh("TRT-INVOCATION", "TRT-MAGIC-CALM", "TRT-SHIN"))
    g.dice.push(6, 8)
    g.act(a, "corrupt", target=b, attribute="INT")
    assert g.stress(b) == 4


def test_TRT_SHIN_on_an_invocation_without_it_the_hacking_keeps_its_DMG():
    g, a, b = hacker(NEURO, mh("TRT-INVOCATION", "TRT-MAGIC-CALM"))
    g.dice.push(6, 8)
    g.act(a, "corrupt", target=b, attribute="INT")
    assert g.stress(b) == 3


def test_TRT_SHIN_on_a_race_and_an_invocation_add_up():
    """G10: the same trait from two archetypes adds its numbers: DMG 3 + 1 + 1 = 5 (reaching its VOL 5, the target
    rolls a CH LOC, PSI-14: die 1)."""
    g, a, b = hacker(NEURO + ("TRT-SHIN",), mh("TRT-INVOCATION", "TRT-MAGIC-CALM", "TRT-SHIN"))
    g.dice.push(6, 8, 1)
    g.act(a, "corrupt", target=b, attribute="INT")
    assert g.stress(b) == 5


def test_TRT_SHIN_on_an_invocation_does_not_reach_a_corruption_made_with_VOL():
    """A neuromancer and puppeteer corrupting with VOL 7 (DMG 3): the invocation's Shin (INT) does not add."""
    g, a, b = hacker(NEURO, mh("TRT-INVOCATION", "TRT-MAGIC-CALM", "TRT-SHIN"), mh("TRT-BINDING", "TRT-MAGIC-CALM"))
    g.dice.push(6, 8)
    g.act(a, "corrupt", target=b, attribute="VOL")
    assert g.stress(b) == 3


def test_TRT_SHIN_on_an_invocation_passed_CH_VOL_takes_the_target_VOL_off():
    """DMG 4 (3 + Shin) against a VOL 3 target passing its CH VOL (die 2): 1 stress."""
    g = two({"INT": 7, "VOL": 7}, {"VOL": 3})
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-CALM", "TRT-SHIN"))
    g.start_activation(a, energy=10)
    g.dice.push(6, 2)
    g.act(a, "corrupt", target=b, attribute="INT")
    assert g.stress(b) == 1


def test_TRT_SHIN_fieldable_and_priced_5_on_a_metahability():
    from test_rules_traits_more import price
    from wartime.rules import traits
    assert traits.fielding_problem("TRT-SHIN", "metahability", {"TRT-SHIN", "TRT-INVOCATION"}) is None
    assert price("TRT-SHIN", "metahability") == 5 and price("TRT-SHIN", "race") == 5
