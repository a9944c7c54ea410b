"""Stims (rules/traits/stims.py): objects taken before a fight with Usar (GNA-16), each trait with scripted dice and
the book's numbers, and priced at its catalogue cost on an object."""
from __future__ import annotations

import pytest

from rules_helpers import Game, M, violation, weapon
from test_rules_objects import give
from test_rules_traits_more import price
from wartime.core.components import Attributes, Energy, Stress
from wartime.rules.actions import REGISTRY
from wartime.rules.modifiers import character_mods, roll_character_check
from wartime.rules.traits import reaction_denied
from wartime.rules.traits.stims import stims_of


def _drugs(g, e, charges=2):
    return give(g, e, "TRT-CHARGES", "TRT-COMBAT-DRUGS", "TRT-DRUG", ENE=1, charges=charges, name="Combat stim")


def _total(g, e, attribute, kind="ATR"):
    return sum(m.value for m in character_mods(g.gs, e, attribute, kind))


# --- Drogas de combate --------------------------------------------------------------------------------------------
def test_TRT_COMBAT_DRUGS_gives_5_ENE_capped_at_10_then_no_gain_and_no_reactions():
    """+5 ENE at once (ENE 4 − 1 for the use + 5 = 8; from 8: 7 + 5 capped at 10); the addiction roll (1D100 31:
    none); no reactions until the end of its next activation, which starts with no ENE gain."""
    g = Game(M(x=10, y=20, CON=4, AGI=5), M(side="blue", x=30, y=30))
    a, _ = g.ids
    kit = _drugs(g, a)
    g.start_activation(a, energy=4)
    g.dice.push(31)                                        # TRT-DRUG: 31 > 30, no addiction
    g.act(a, "use_object", item=f"item:{kit}")
    assert g.energy(a) == 8 and g.all_dice_used()
    assert reaction_denied(g.gs, a) == "TRT-COMBAT-DRUGS"
    g.engine._end_activation(a)
    assert reaction_denied(g.gs, a) == "TRT-COMBAT-DRUGS"          # still this turn, after its activation
    g.next_turn()
    assert reaction_denied(g.gs, a) == "TRT-COMBAT-DRUGS"          # next turn, before its activation ends
    g.start_activation(a)
    assert g.energy(a) == 8                                        # ENE-3 gain of CON + AGI = 9 cancelled
    g.engine._end_activation(a)
    assert reaction_denied(g.gs, a) is None
    g.next_turn()
    g.start_activation(a)
    assert g.energy(a) == 10                                       # the gain is back (8 + 9, capped)


def test_TRT_COMBAT_DRUGS_two_in_one_turn_give_5_wounds_at_the_end_of_the_activation():
    g = Game(M(x=10, y=20, CON=8), M(side="blue", x=30, y=30))
    a, _ = g.ids
    kit = _drugs(g, a)
    g.start_activation(a, energy=4)
    g.dice.push(31, 31)
    g.act(a, "use_object", item=f"item:{kit}")
    g.engine._end_activation(a)
    assert g.wounds(a) == 0                                        # one drug: no wounds
    g.start_activation(a, energy=4)
    g.act(a, "use_object", item=f"item:{kit}")
    assert g.energy(a) == 8 and g.wounds(a) == 0
    g.engine._end_activation(a)
    assert g.wounds(a) == 5 and any(ev["rule"] == "TRT-COMBAT-DRUGS" and ev["type"] != "stim_taken"
                                    for ev in g.world.events)


def test_TRT_COMBAT_DRUGS_costs_8_on_an_object_and_requires_a_drug():
    assert price("TRT-COMBAT-DRUGS", "object") == 8
    from wartime.rules.traits import plugins
    assert plugins()["TRT-COMBAT-DRUGS"].requires == ("TRT-DRUG",)


# --- Droga ----------------------------------------------------------------------------------------------------------
def test_TRT_DRUG_addiction_on_30_and_withdrawal_when_a_turn_is_missed():
    """1D100 30 ≤ 30: addicted. Used in turn 1, not in turn 2: at the start of its activation in turn 3, 1 stress,
    a CH PSI (VOL 5: 4 passes), CH ATR −1 for that activation; the 'yonki' roll (1D100 11 > 10: no)."""
    g = Game(M(x=10, y=20, VOL=5), M(side="blue", x=30, y=30))
    a, _ = g.ids
    kit = _drugs(g, a, charges=3)
    g.start_activation(a, energy=4)
    g.dice.push(30)
    g.act(a, "use_object", item=f"item:{kit}")
    assert stims_of(g.gs, a).addicted == ("combat stim",) and g.events("addicted")
    g.engine._end_activation(a)
    g.next_turn()
    g.start_activation(a)                                          # turn 2: it used it in turn 1: no withdrawal
    assert not g.events("withdrawal") and g.world.get(a, Stress).value == 0
    g.engine._end_activation(a)
    g.next_turn()
    g.dice.push(11, 4)                                             # yonki roll 11, then the CH PSI 4
    g.start_activation(a)
    assert g.events("withdrawal") and not g.events("yonki") and g.all_dice_used()
    assert g.world.get(a, Stress).value == 1
    assert g.check("PSI")["rule"] == "TRT-DRUG" and g.check("PSI")["passed"]
    assert _total(g, a, "AGI") == -1
    g.engine._end_activation(a)
    assert _total(g, a, "AGI") == 0


def test_TRT_DRUG_no_addiction_above_30():
    g = Game(M(x=10, y=20), M(side="blue", x=30, y=30))
    a, _ = g.ids
    kit = _drugs(g, a)
    g.start_activation(a, energy=4)
    g.dice.push(31)
    g.act(a, "use_object", item=f"item:{kit}")
    assert stims_of(g.gs, a).addicted == ()


def test_TRT_DRUG_costs_minus_5_on_an_object():
    assert price("TRT-DRUG", "object") == -5


# --- Cóctel de vitaminas --------------------------------------------------------------------------------------------
def cocktails(n: int, choice: str = "AGI", **kw) -> tuple[Game, int]:
    """A red character (CON 4, AGI 5, INT 4, VOL 5 unless `kw` says) takes `n` cocktails on `choice` in its
    activation (ENE 6)."""
    g = Game(M(**{"x": 10, "y": 20, **kw}), M(side="blue", x=30, y=30))
    a, _ = g.ids
    kit = give(g, a, "TRT-CHARGES", "TRT-VITAMIN-COCKTAIL", charges=2, name="Vitamins")
    g.start_activation(a, energy=6)
    for _ in range(n):
        g.act(a, "use_object", item=f"item:{kit}", choice=choice)
    return g, a


def test_TRT_VITAMIN_COCKTAIL_raises_the_chosen_attribute_then_lowers_every_one_next_activation():
    """Two cocktails on AGI: AGI 7 for the rest of the activation (a CH AGI against 7; INT unchanged); in the next
    activation every attribute 2 lower (CH VOL against 3); the one after, nothing. A use must choose CON, AGI, INT or
    VOL."""
    g = Game(M(x=10, y=20), M(side="blue", x=30, y=30))
    a, _ = g.ids
    kit = give(g, a, "TRT-CHARGES", "TRT-VITAMIN-COCKTAIL", charges=2, name="Vitamins")
    g.start_activation(a, energy=6)
    use = REGISTRY["use_object"]
    assert violation(use.validate, g.gs, a, {"item": f"item:{kit}"}).rule_id == "GNA-16"
    assert violation(use.validate, g.gs, a, {"item": f"item:{kit}", "choice": "DMG"}).rule_id == "GNA-16"
    assert {o.params["choice"] for o in g.engine.legal_options("use_object")} == {"CON", "AGI", "INT", "VOL"}
    g, a = cocktails(2)
    assert g.gs.attrs(a) == Attributes(4, 7, 4, 5) and g.checks() == []
    g.dice.push(7)
    assert roll_character_check(g.gs, None, a, "ATR", "AGI", "CHK-3", "test").target == 7
    g.engine._end_activation(a)
    assert g.gs.attrs(a) == Attributes(4, 5, 4, 5)                 # its activation is over
    g.next_turn()
    assert g.gs.attrs(a) == Attributes(4, 5, 4, 5)                 # not before its next activation starts
    g.start_activation(a)
    assert g.gs.attrs(a) == Attributes(2, 3, 2, 3)
    g.dice.push(3)
    assert roll_character_check(g.gs, None, a, "PSI", "VOL", "CHK-3", "test").target == 3
    g.engine._end_activation(a)
    g.next_turn()
    g.start_activation(a)
    assert g.gs.attrs(a) == Attributes(4, 5, 4, 5)


def test_TRT_VITAMIN_COCKTAIL_next_activation_gains_less_ENE():
    """ENE-3 in the next activation counts CON and AGI one lower per cocktail: after two, from ENE 0 the gain is
    (4 − 2) + (5 − 2) = 5; with none it is 4 + 5 = 9."""
    for n, gain in ((2, 5), (0, 9)):
        g, a = cocktails(n)
        g.engine._end_activation(a)
        g.next_turn()
        g.set(a, Energy(0))
        g.start_activation(a)
        assert g.energy(a) == gain


@pytest.mark.parametrize("n,dmg", [(0, 3), (1, 4)])
def test_TRT_VITAMIN_COCKTAIL_on_CON_raises_melee_DMG(n, dmg):
    """MOD-1: melee DMG = weapon DMG + CON − 4: a CON 4 fighter with a DMG 3 knife hits for 3, for 4 after a
    cocktail on CON (CH IMP 2, CH DEF 9 failed on a CON 9 target: that many wounds)."""
    g = Game(M(x=10, y=20, CON=4, weapons=(weapon(DMG=3, RNG=0),)), M(side="blue", x=11, y=20, facing=180.0, CON=9))
    a, b = g.ids
    kit = give(g, a, "TRT-CHARGES", "TRT-VITAMIN-COCKTAIL", charges=2, name="Vitamins")
    g.start_activation(a, energy=10)
    for _ in range(n):
        g.act(a, "use_object", item=f"item:{kit}", choice="CON")
    g.dice.push(2, 9, 9)
    g.act(a, "melee_attack", target=b, weapon=0)
    assert g.events("damage")[-1]["dmg"] == dmg and g.wounds(b) == dmg


def test_TRT_VITAMIN_COCKTAIL_costs_3_on_an_object():
    assert price("TRT-VITAMIN-COCKTAIL", "object") == 3
