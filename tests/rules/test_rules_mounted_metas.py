"""BLD-20: a metahability mounted on a transport (rules/mounted_metas.py, components.MountedMetas): fielded with its
character after its own metahabilities, cast by the driver aboard (its school, its attribute, measured from the
transport's base), left aboard when the driver gets off (MVA-17) and cast by whoever takes the transport over, gone
when the transport is destroyed (WND-5). Scripted dice."""
from __future__ import annotations

from dataclasses import replace

from rules_helpers import Game, M, built_state, race, ride, violation
from wartime.core.components import Metahabilities, Metahability, MetaEffects, MountedMetas, Traits
from wartime.data.loader import archetype_from_dict
from wartime.data.models import CharacterSpec
from wartime.rules import metahabilities as meta, riding
from wartime.rules.combat import resolve_hit

NEURO = ("TRT-NEUROMANCER",)
#: an invocation mounted on the war wagon: Energía psíquica on a target within 3 K (a lasting effect, MET-4)
SHRINE = Metahability("shrine", "Wagon shrine", 2, 3, 4, "TRT-INVOCATION", ("TRT-INVOCATION", "TRT-PSYCHIC-ENERGY"))
OWN = Metahability("spark", "Spark", 1, 5, 4, "TRT-INVOCATION", ("TRT-INVOCATION", "TRT-PSYCHIC-ENERGY"))


def wagon(g: Game, e: int) -> None:
    """`e` (a neuromancer with its own Spark) rides a war wagon (2 K across) carrying the mounted Wagon shrine, as
    match.setup fields one."""
    g.set(e, Traits(NEURO), Metahabilities((OWN, SHRINE)), MountedMetas((SHRINE,)))
    ride(g, e, MOV=6, DEF=2, QUA=4, size=2.0, paid=True)


def effects(g: Game, e: int) -> tuple:
    fx = g.world.try_get(e, MetaEffects)
    return fx.active if fx is not None else ()


def test_BLD_20_the_driver_casts_the_mounted_metahability_from_the_transports_base():
    """The driver (INT 6) casts the shrine (RNG 3) at an ally 4.4 K from its centre: 2.9 K from the wagon's base edge
    (within RNG; from a 1 K base on foot it would be 3.4 K). MET-2: CH INT die 6 passes; ENE 2 spent; the ally gets
    Energía psíquica."""
    g = Game(M(x=10.0, y=20.0, facing=0.0, INT=6), M(x=14.4, y=20.0, facing=180.0))
    a, b = g.ids
    wagon(g, a)
    g.start_activation(a, energy=10)
    g.dice.push(6)
    g.act(a, "use_metahability", meta=1, target=b)
    c = g.check("ATR", rule="MET-2")
    assert c["attribute"] == "INT" and c["target"] == 6 and c["passed"] and g.energy(a) == 8
    assert [x.grants for x in effects(g, b)] == [("TRT-PSYCHIC-ENERGY",)]
    assert g.all_dice_used()


def test_BLD_20_the_driver_needs_the_bonus_of_the_mounted_metahabilitys_kind():
    """MET-1: a driver without Neuromante cannot cast the mounted invocation."""
    g = Game(M(x=10.0, y=20.0, facing=0.0), M(x=14.4, y=20.0, facing=180.0))
    a, b = g.ids
    wagon(g, a)
    g.set(a, Traits(riding.mount(g.gs, a).traits))
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "use_metahability", meta=1, target=b).rule_id == "MET-1"


def test_BLD_20_the_mounted_metahability_stays_aboard_a_driverless_transport_and_goes_with_it():
    """MVA-17: the driver gets off: it keeps its own Spark only (the shrine's cast is refused, MET-2: no such number);
    the shrine waits aboard the driverless wagon; a neuromancer who takes the wagon over finds it at the end of its
    own list and casts it; when the wagon is destroyed (WND-5) it is gone."""
    g = Game(M(x=10.0, y=20.0, facing=0.0, INT=6), M(x=10.0, y=23.0, INT=6), M(side="blue", x=35.0, y=35.0))
    a, b, _ = g.ids
    wagon(g, a)
    t = riding.park(g.gs, a, (10.0, 18.475))
    assert meta.carried(g.gs, a) == (OWN,) and not g.world.has(a, MountedMetas)
    assert g.world.get(t, MountedMetas).items == (SHRINE,)
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "use_metahability", {"meta": 1, "target": a}).rule_id == "MET-2"
    g.set(a, replace(g.gs.pos(a), x=4.0, y=4.0))
    g.set(b, Traits(NEURO), replace(g.gs.pos(b), y=21.55))
    riding.take_over(g.gs, b, t)
    assert meta.carried(g.gs, b) == (SHRINE,) and g.world.get(b, MountedMetas).items == (SHRINE,)
    g.start_activation(b, energy=10)
    g.dice.push(5)
    g.act(b, "use_metahability", meta=0, target=b)
    assert [x.grants for x in effects(g, b)] == [("TRT-PSYCHIC-ENERGY",)]
    g.dice.push(1)                                             # the driver's CH DEF against the blast: a critical
    riding.wound_transport(g.gs, None, b, 5, None, resolve_hit, 0)
    assert meta.carried(g.gs, b) == () and not g.world.has(b, MountedMetas) and g.all_dice_used()


def test_BLD_20_a_character_with_a_mounted_metahability_is_fielded():
    """A list character with a transport and a metahability mounted on it is fielded (no longer refused): the mounted
    one after its own metahabilities, marked as mounted."""
    wagon_arch = archetype_from_dict({"id": "wagon", "kind": "transport", "name": "War wagon", "ENE": 1, "MOV": 6,
                                      "DEF": 2, "QUA": 4, "size": 2})
    shrine = archetype_from_dict({"id": "shrine", "kind": "metahability", "name": "Wagon shrine", "ENE": 2, "RNG": 3,
                                  "QUA": 4, "traits": [{"name": "Invocación"}, {"name": "Energía psíquica"}]})
    spec = CharacterSpec(id="mystic", name="Mystic", race=race(), transport=wagon_arch, mounted=(shrine,))
    gs = built_state(("red", spec), ("blue", CharacterSpec(id="b", name="B", race=race())))
    red = next(e for e in gs.minis() if gs.side(e) == "red")
    assert [m.name for m in meta.carried(gs, red)] == ["Wagon shrine"]
    assert [m.name for m in gs.world.get(red, MountedMetas).items] == ["Wagon shrine"]
