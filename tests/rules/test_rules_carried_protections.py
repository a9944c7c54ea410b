"""GNA-16 / BLD-7 / BLD-9: protections carried but not worn (rules/carried.py, components.CarriedProtections): a list's
`carried` protections count for nothing until Usar puts them on at their ENE; a SIZ 0 protection received by
Comerciar / Saquear works at once (not worn, BLD-8). No dice: Usar on a protection has no check."""
from __future__ import annotations

import pytest

from rules_helpers import Game, M, built_state, race, violation
from wartime.core.components import CarriedProtections, Protection
from wartime.core.errors import DataError
from wartime.data.costs import character_cost
from wartime.data.loader import archetype_from_dict, character_from_dict
from wartime.data.models import CharacterSpec
from wartime.rules import carried, items
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.params import CandidateSpace

VEST = Protection("vest", "Flak vest", 2, 3, 4, 5)                 # ENE 2, DEF 3, SIZ 4, QUA 5
SHIELD = Protection("shield", "Riot shield", 1, 2, 0, 5)           # ENE 1, DEF 2, SIZ 0


def test_GNA_16_a_carried_protection_is_put_on_with_Usar_at_its_ENE():
    """A CON 4 trooper carrying a flak vest (ENE 2, DEF 3, SIZ 4): its CH DEF target is 0 while carried; Usar is
    offered, costs ENE 2 and rolls nothing; then the vest is worn: DEF 3 (BLD-7), and nothing is left to put on."""
    g = Game(M(x=10.0, y=20.0), M(side="blue", x=30.0, y=20.0))
    a, _ = g.ids
    g.set(a, CarriedProtections((VEST,)))
    assert g.gs.total_def(a) == 0
    opts = [c.build() for c in REGISTRY["use_protection"].candidates(g.gs, a, CandidateSpace(g.gs, a))]
    assert opts == [{"protection": 0}]
    g.start_activation(a, energy=10)
    assert "use_protection" in g.engine.pending.options
    g.act(a, "use_protection", protection=0)
    assert g.energy(a) == 8 and not g.checks() and g.gs.total_def(a) == 3
    assert g.gs.equipment(a).protections == (VEST,) and carried.carried(g.gs, a) == ()
    assert g.events("protection_put_on")[-1]["protection"] == "Flak vest"
    assert "use_protection" not in g.engine.pending.options


def test_GNA_16_putting_on_a_protection_is_no_reaction_and_needs_one_carried():
    """Usar is refused as a reaction (own activation only) and for a protection number it does not carry."""
    g = Game(M(x=10.0, y=20.0), M(side="blue", x=30.0, y=20.0))
    a, _ = g.ids
    g.set(a, CarriedProtections((VEST,)))
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "use_protection", {"protection": 1}).rule_id == "GNA-16"
    v = violation(REGISTRY["use_protection"].validate, g.gs, a, {"protection": 0, "_window": 1})
    assert v.rule_id == "GNA-16"


def test_GNA_16_a_shield_received_by_Comerciar_works_at_once():
    """Ruling (rules/carried.py): a protection that changes hands is SIZ 0, not worn (BLD-8): an ally's riot shield
    (ENE 1, DEF 2) handed over counts at once (DEF 2) and nothing waits to be put on."""
    g = Game(M(x=10.0, y=20.0), M(x=11.05, y=20.0), M(side="blue", x=30.0, y=20.0))
    a, b, _ = g.ids
    g.set(b, g.gs.equipment(b).__class__((), (SHIELD,)))
    items.transfer(g.gs, b, ["protection:0"], a)
    assert g.gs.equipment(a).protections == (SHIELD,) and carried.carried(g.gs, a) == () and g.gs.total_def(a) == 2



def test_GNA_3_a_transfer_to_the_same_holder_moves_and_never_copies():
    """GNA-3 / GNA-14 (rules/items.transfer): handing items to their own holder moves them to the end of its
    equipment; nothing is duplicated (the equipment was read before the removal and the items came back twice)."""
    g = Game(M(x=10.0, y=20.0), M(side="blue", x=30.0, y=20.0))
    a, _ = g.ids
    g.set(a, g.gs.equipment(a).__class__((), (SHIELD, VEST)))
    assert items.transfer(g.gs, a, ["protection:0"], a) == ["Riot shield"]
    assert g.gs.equipment(a).protections == (VEST, SHIELD)

LIB = {a["id"]: archetype_from_dict(a) for a in (
    {"id": "human", "kind": "race", "name": "Human", "CON": 4, "AGI": 5, "INT": 4, "VOL": 4},
    {"id": "vest", "kind": "protection", "name": "Flak vest", "ENE": 2, "DEF": 3, "SIZ": 4, "QUA": 5},
    {"id": "skin", "kind": "protection", "name": "Hide", "ENE": 0, "DEF": 3, "SIZ": 6, "QUA": 5},
)}


def test_BLD_9_a_carried_protection_is_paid_like_a_worn_one():
    """BLD-9: the carried flak vest costs 9 + 4 + 5 − 2 = 16 points on top of the race (BLD-6), as when it is worn;
    the character is fielded carrying it, not wearing it."""
    worn = character_from_dict({"id": "w", "name": "W", "race": "human", "protections": ["vest"]}, LIB)
    spec = character_from_dict({"id": "c", "name": "C", "race": "human", "carried": ["vest"]}, LIB)
    assert [a.id for a in spec.carried] == ["vest"] and spec.protections == ()
    assert character_cost(spec) == character_cost(worn)
    gs = built_state(("red", spec), ("blue", CharacterSpec(id="b", name="B", race=race())))
    red = next(e for e in gs.minis() if gs.side(e) == "red")
    assert [p.name for p in carried.carried(gs, red)] == ["Flak vest"] and gs.total_def(red) == 0


def test_BLD_8_a_protection_with_ENE_0_cannot_be_carried():
    """BLD-8: ENE 0 marks a protection that cannot be taken off (skin): a list naming it `carried` gets one clear
    line naming the field."""
    with pytest.raises(DataError) as err:
        character_from_dict({"id": "c", "name": "C", "race": "human", "carried": ["skin"]}, LIB)
    assert "carried" in str(err.value) and "ENE 0" in str(err.value)
