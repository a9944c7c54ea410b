"""BLD-20 / GNA-16: an object mounted on a transport (rules/objects.py `field_mounted`, components.MountedObject):
fielded with its character, used with Usar by the driver aboard, never handed over or dropped, left aboard when the
driver gets off (MVA-17) and used by whoever takes the transport over, gone when the transport is destroyed
(WND-5)."""
from __future__ import annotations

from dataclasses import replace

from rules_helpers import Game, M, blade, built_state, race, ride, violation
from wartime.core.components import Gear, Item, MountedObject
from wartime.data.loader import archetype_from_dict
from wartime.data.models import CharacterSpec
from wartime.rules import items, objects, riding
from wartime.rules.combat import resolve_hit

TRUCK = {"id": "ambulance", "kind": "transport", "name": "Ambulance", "ENE": 1, "MOV": 6, "DEF": 2, "QUA": 4,
         "size": 2}
KIT = {"id": "kit", "kind": "object", "name": "Field medkit", "ENE": 2, "RNG": 0, "QUA": 3,
       "traits": [{"name": "Elixir", "level": 1}]}


def medic_state():
    """A red driver with a medkit mounted on its ambulance (BLD-20) and a blue walker."""
    spec = CharacterSpec(id="medic", name="Medic", race=race(), transport=archetype_from_dict(TRUCK),
                         mounted=(archetype_from_dict(KIT),))
    gs = built_state(("red", spec), ("blue", CharacterSpec(id="b", name="B", race=race())))
    red = next(e for e in gs.minis() if gs.side(e) == "red")
    return gs, red


def test_BLD_20_a_mounted_object_is_fielded_held_by_the_driver_as_mounted():
    gs, red = medic_state()
    (item, g), = objects.held_gear(gs, red)
    assert g.name == "Field medkit" and g.ENE == 2 and objects.is_mounted(gs, item)
    assert riding.mounted_items(gs, red) == [item]
    assert f"item:{item}" not in items.item_refs(gs, red)              # not in hand: no Comerciar, Saquear, Soltar
    v = violation(items.parse_ref, gs, red, f"item:{item}", "GNA-3")
    assert v.rule_id == "BLD-20"
    assert items.parse_ref(gs, red, f"item:{item}", "GNA-16", mounted=True) == ("item", item)


def mounted_kit(g: Game, e: int) -> int:
    """`e` rides a truck (QUA 4) with a mounted medkit (ENE 2, Elixir 1), as match.setup fields one."""
    ride(g, e, QUA=4, size=2.0, paid=True)
    return g.world.create(Item("Field medkit", holder=e),
                          Gear("kit", "Field medkit", 2, 0, 3, ("TRT-ELIXIR",), (("TRT-ELIXIR", 1),)), MountedObject())


def test_GNA_16_the_driver_uses_the_mounted_object_aboard():
    """GNA-16 with a mounted medkit (ENE 2, Elixir 1, no check): the wounded driver uses it aboard: ENE 10 → 8, one
    wound healed (BLD-20: usable aboard); Soltar refuses it (BLD-20: part of the transport)."""
    g = Game(M(x=10, y=20, wounds=2, weapons=(blade(),)), M(side="blue", x=30, y=30))
    a, _ = g.ids
    kit = mounted_kit(g, a)
    g.start_activation(a, energy=10)
    assert {"item": f"item:{kit}"} in [o.params for o in g.engine.legal_options("use_object")]
    assert violation(g.engine.check_action, a, "drop_item", {"item": f"item:{kit}"}).rule_id == "BLD-20"
    g.act(a, "use_object", item=f"item:{kit}")
    assert g.wounds(a) == 1 and g.energy(a) == 8


def test_BLD_20_the_mounted_object_stays_aboard_and_goes_with_the_wreck():
    """MVA-17: the driver gets off, the medkit stays with the driverless transport (the driver no longer holds it);
    a character taking the transport over holds it; the transport destroyed (WND-5), the medkit is gone."""
    g = Game(M(x=10, y=20), M(side="blue", x=30, y=30))
    a, b = g.ids
    kit = mounted_kit(g, a)
    t = riding.park(g.gs, a, riding.free_spots(g.gs, a, a)[0])
    assert objects.held_gear(g.gs, a) == [] and g.world.get(kit, Item).holder == t
    g.set(b, replace(g.gs.pos(b), x=10.0, y=21.55))
    riding.take_over(g.gs, b, t)
    assert [i for i, _ in objects.held_gear(g.gs, b)] == [kit]
    g.dice.push(1, 1)                       # the CH DEF criticals of the new driver and of the old one beside it
    riding.wound_transport(g.gs, None, b, 5, None, resolve_hit, 0)       # 5 > QUA 4: destroyed, it explodes (DMG 2)
    assert not g.world.has(kit, Item) and not g.world.has(kit, Gear) and not g.world.has(kit, MountedObject)
    assert g.events("object_removed")[-1]["item"] == kit and g.events("object_removed")[-1]["rule"] == "WND-5"


def test_BLD_20_the_medevac_list_fields_its_ambulance_with_the_mounted_medkit():
    """Content: scenarios/lists/medevac.toml's ambulance driver is fielded with the medkit mounted on its field
    ambulance (motor-pool.toml), nothing refused."""
    from pathlib import Path
    from wartime.data.loader import load_army_list
    from wartime.match.setup import list_problems
    army = load_army_list(Path(__file__).resolve().parents[2] / "scenarios" / "lists" / "medevac.toml")
    assert list_problems(army.characters()) == []
    driver = next(c for c in army.characters() if c.id == "ambulance_driver")
    assert [a.id for a in driver.mounted] == ["ambulance_medkit"] and driver.transport.id == "field_ambulance"
    gs = built_state(("red", driver), ("blue", CharacterSpec(id="b", name="B", race=race())))
    red = next(e for e in gs.minis() if gs.side(e) == "red")
    (item, g), = objects.held_gear(gs, red)
    assert g.name == "Ambulance medkit" and g.charges == 3 and objects.is_mounted(gs, item) and riding.rides(gs, red)


def test_TRT_HUGE_a_huge_object_mounted_on_a_transport_is_fielded_carried_it_is_refused():
    """TRT-HUGE (Enorme) on an object: mounted on the transport it is fielded (BLD-20); carried by a character
    without Mega armadura the loader refuses it (E9)."""
    import pytest
    from wartime.core.errors import DataError
    from wartime.data.loader import character_from_dict
    from wartime.match.setup import fielding_problems
    winch = archetype_from_dict({"id": "winch", "kind": "object", "name": "Winch", "ENE": 1, "RNG": 0, "QUA": 3,
                                 "traits": [{"name": "Enorme"}, {"name": "Elixir", "level": 1}]})
    spec = CharacterSpec(id="d", name="Driver", race=race(), transport=archetype_from_dict(TRUCK), mounted=(winch,))
    assert fielding_problems(spec) == []
    parts = {"winch": winch, "truck": archetype_from_dict(TRUCK), "human": race()}
    with pytest.raises(DataError, match="Enorme"):
        character_from_dict({"id": "c", "name": "C", "race": "human", "objects": ["winch"]}, parts)
    assert character_from_dict({"id": "c", "name": "C", "race": "human", "transport": "truck",
                                "mounted": ["winch"]}, parts) is not None
