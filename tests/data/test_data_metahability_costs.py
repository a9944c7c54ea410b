"""BLD-10 / BLD-11: the shipped metahabilities (scenarios/catalogue/metahabilities.toml) cost RNG + QUA − ENE × 3 +
their traits, each trait at its catalogue price (Mutación, Bunkai, Invocación, Atadura 7; Acobardamiento 2;
Maleficio 1 flat; Energía psíquica, Magia: anular, Niega, Más alcance 5; Magia: tranquilizar 2; Mucho más alcance
10; Malvado, Dañino −10), and the races the bonuses of their kinds (Metamorfo, Cinético, Neuromante 1; Shin 5)."""
from __future__ import annotations

from pathlib import Path

import pytest

from wartime.data.costs import archetype_cost
from wartime.data.loader import load_catalogue

CATALOGUE = Path(__file__).resolve().parents[2] / "scenarios" / "catalogue" / "metahabilities.toml"


@pytest.fixture(scope="module")
def arch():
    return load_catalogue(CATALOGUE).archetypes


def points(a, name: str) -> int:
    return next(t.points for t in a.traits if t.name == name)


def test_BLD_11_TRT_MUTATION_TRT_PSYCHIC_ENERGY_adrenal_surge_costs_12(arch):
    a = arch["adrenal_surge"]
    assert points(a, "Mutación") == 7 and points(a, "Energía psíquica") == 5
    assert archetype_cost(a) == 0 + 3 - 1 * 3 + 7 + 5 == 12


def test_BLD_11_TRT_COWING_terror_maw_costs_10(arch):
    assert points(arch["terror_maw"], "Acobardamiento") == 2
    assert archetype_cost(arch["terror_maw"]) == 3 + 4 - 2 * 3 + 7 + 2 == 10


def test_BLD_11_TRT_BUNKAI_TRT_HEX_numbing_palm_costs_6(arch):
    a = arch["numbing_palm"]
    assert points(a, "Bunkai") == 7 and points(a, "Maleficio") == 1
    assert archetype_cost(a) == 0 + 4 - 2 * 3 + 7 + 1 == 6


def test_BLD_11_TRT_MORE_RANGE_kiai_costs_16(arch):
    assert points(arch["kiai"], "Más alcance") == 5
    assert archetype_cost(arch["kiai"]) == 5 + 3 - 2 * 3 + 7 + 2 + 5 == 16


def test_BLD_11_TRT_INVOCATION_TRT_MAGIC_CALM_calm_mind_costs_19(arch):
    a = arch["calm_mind"]
    assert points(a, "Invocación") == 7 and points(a, "Magia: tranquilizar") == 2
    assert archetype_cost(a) == 12 + 4 - 2 * 3 + 7 + 2 == 19


def test_BLD_11_mind_gift_costs_17(arch):
    assert archetype_cost(arch["mind_gift"]) == 8 + 3 - 2 * 3 + 7 + 5 == 17


def test_BLD_11_TRT_MAGIC_NULLIFY_dispel_costs_19(arch):
    assert points(arch["dispel"], "Magia: anular") == 5
    assert archetype_cost(arch["dispel"]) == 10 + 3 - 2 * 3 + 7 + 5 == 19


def test_BLD_11_TRT_BINDING_TRT_MUCH_MORE_RANGE_leaden_strings_costs_21(arch):
    a = arch["leaden_strings"]
    assert points(a, "Atadura") == 7 and points(a, "Mucho más alcance") == 10
    assert archetype_cost(a) == 5 + 4 - 2 * 3 + 7 + 1 + 10 == 21


def test_BLD_11_TRT_NEGATE_cut_strings_costs_20(arch):
    assert points(arch["cut_strings"], "Niega") == 5
    assert archetype_cost(arch["cut_strings"]) == 8 + 3 - 1 * 3 + 7 + 5 == 20


def test_BLD_11_TRT_EVIL_TRT_HARMFUL_dead_scream_costs_minus_5(arch):
    a = arch["dead_scream"]
    assert points(a, "Malvado") == -10 and points(a, "Dañino") == -10
    assert archetype_cost(a) == 10 + 5 - 3 * 3 + 7 + 2 - 10 - 10 == -5


def test_BLD_6_TRT_METAMORPH_TRT_KINETIC_TRT_NEUROMANCER_TRT_SHIN_race_bonuses_are_priced(arch):
    assert points(arch["shapeshifter_race"], "Metamorfo") == 1
    assert points(arch["kinetic_monk_race"], "Cinético") == 1
    assert points(arch["neuromancer_race"], "Neuromante") == 1 and points(arch["neuromancer_race"], "Shin") == 5
    plain = {k: v for k, v in arch["neuromancer_race"].__dict__.items()}
    assert archetype_cost(arch["neuromancer_race"]) - archetype_cost(
        type(arch["neuromancer_race"])(**{**plain, "traits": ()})) == 6
