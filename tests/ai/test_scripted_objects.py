"""The scripted controller uses objects (GNA-16 Usar) when they help: a medkit on itself when badly wounded, on an
incapacitated ally in base contact first, and never on the unwounded. Each builds a position with the rule-test
helpers and asks the controller for its decision."""
from __future__ import annotations

from types import SimpleNamespace

from tests.rules.rules_helpers import Game, M, weapon

#: what the scripted AI may do before a shot from beyond 3 K: crouch (MVA-4) or lie prone (MVA-5) for it, or
#: concentrate (GNA-4) with energy its next gain would cap (ai/scripted_spare.py)
FIRING_PREP = ("crouch", "go_prone", "concentrate")
from wartime.ai.scripted import ScriptedController
from wartime.core.components import Gear, Item
from wartime.rules.actions import REGISTRY


def stub(g: Game):
    return SimpleNamespace(gs=g.gs, engine=g.engine, decisions=[])


def decide(g: Game, e: int, energy: int = 10):
    g.start_activation(e, energy=energy)
    return ScriptedController().decide(stub(g), g.pending)


def medkit(g: Game, e: int) -> int:
    """A field medkit: Elixir 1 with Cargas (3), ENE 2, RNG 0."""
    return g.world.create(Item("Field medkit", holder=e),
                          Gear("field_medkit", "Field medkit", 2, 0, 3, ("TRT-CHARGES", "TRT-ELIXIR"),
                               (("TRT-ELIXIR", 1),), 3))


def scene(red_wounds: int = 0, ally_wounds: int | None = None) -> Game:
    minis = [M(x=10, y=20, CON=4, wounds=red_wounds, weapons=(weapon(RNG=40),))]
    if ally_wounds is not None:
        minis.append(M(x=11.02, y=20, CON=4, wounds=ally_wounds))
    minis.append(M(side="blue", x=30, y=20, facing=180.0, weapons=(weapon(),)))
    return Game(*minis)


def test_scripted_uses_a_medkit_when_badly_wounded_before_shooting():
    g = scene(red_wounds=2)
    a = g.ids[0]
    kit = medkit(g, a)
    d = decide(g, a)
    assert d.action == "use_object" and d.params == {"item": f"item:{kit}"}


def test_scripted_does_not_use_a_medkit_when_healthy():
    g = scene(red_wounds=0)
    a = g.ids[0]
    medkit(g, a)
    d = decide(g, a)
    assert d.action != "use_object"


def test_scripted_stands_an_incapacitated_ally_up_first():
    g = scene(red_wounds=1, ally_wounds=4)
    a, ally = g.ids[0], g.ids[1]
    kit = medkit(g, a)
    d = decide(g, a)
    assert d.action == "use_object" and d.params == {"item": f"item:{kit}", "target": ally}


def test_scripted_with_a_light_wound_shoots_first():
    """One wound of CON 4 is not urgent: with an enemy in its sights it shoots (crouching first, MVA-4) instead."""
    g = scene(red_wounds=1)
    a = g.ids[0]
    medkit(g, a)
    d = decide(g, a)
    assert d.action in FIRING_PREP or REGISTRY[d.action].is_attack


def combat_stim(g: Game, e: int) -> int:
    """Drogas de combate + Droga, Cargas (2), ENE 1."""
    return g.world.create(Item("Combat stim", holder=e),
                          Gear("combat_stim", "Combat stim", 1, 0, 2, ("TRT-CHARGES", "TRT-COMBAT-DRUGS", "TRT-DRUG"),
                               (), 2))


def cocktail(g: Game, e: int) -> int:
    return g.world.create(Item("Vitamins", holder=e),
                          Gear("vitamins", "Vitamins", 1, 0, 2, ("TRT-CHARGES", "TRT-VITAMIN-COCKTAIL"), (), 2))


def test_GNA_16_scripted_takes_combat_drugs_before_a_shot_when_short_of_ENE():
    """TRT-COMBAT-DRUGS: with ENE 3 and an enemy in its sights the rifleman takes the stim (+5 ENE) before shooting;
    with ENE 9 it would gain too little and shoots at once; with no enemy in range it takes none."""
    g = scene()
    a = g.ids[0]
    kit = combat_stim(g, a)
    d = decide(g, a, energy=3)
    assert d.action == "use_object" and d.params["item"] == f"item:{kit}"
    g = scene()
    combat_stim(g, g.ids[0])
    assert decide(g, g.ids[0], energy=9).action != "use_object"
    g = Game(M(x=10, y=20, weapons=(weapon(RNG=5),)), M(side="blue", x=60, y=60, weapons=(weapon(),)),
             width=80.0, height=80.0)
    combat_stim(g, g.ids[0])
    assert decide(g, g.ids[0], energy=3).action != "use_object"


def test_GNA_16_scripted_takes_a_vitamin_cocktail_on_AGI_before_a_shot_once_a_turn():
    """TRT-VITAMIN-COCKTAIL: before its shot the rifleman raises AGI (its CH IMP); having taken one this turn it
    goes on with its shot (crouching first, MVA-4, as it always does)."""
    g = scene()
    a = g.ids[0]
    kit = cocktail(g, a)
    d = decide(g, a, energy=8)
    assert d.action == "use_object" and d.params == {"item": f"item:{kit}", "choice": "AGI"}
    g.act(a, "use_object", **d.params)
    d = ScriptedController().decide(stub(g), g.pending)
    assert REGISTRY[d.action].is_attack or d.action in FIRING_PREP, d      # MVA-4/5, GNA-4 first, then the shot


# --- the medic run (ai/scripted_medic.py) ---------------------------------------------------------------------------
def medic_scene(ally_wounds: int, ally_x: float = 14.0) -> Game:
    """A red medic at (10, 20) with no weapon, a red ally `ally_x` along with `ally_wounds` of CON 4, a blue enemy
    far off."""
    return Game(M(x=10, y=20, CON=4), M(x=ally_x, y=20, CON=4, wounds=ally_wounds),
                M(side="blue", x=50, y=40, facing=180.0, weapons=(weapon(),)))


def test_GNA_16_scripted_medic_goes_to_a_badly_wounded_ally_then_uses_the_medkit():
    """GNA-16 / BLD-17 (RNG 0: base contact): a medic (MOV 1) 3 K from an ally with 2 wounds of CON 4 sprints into base
    contact (Mover and Correr fall short; Usar is no attack, MVA-3), with the medkit's ENE 2 left, then uses it."""
    g = medic_scene(ally_wounds=2)
    a, ally, _ = g.ids
    kit = medkit(g, a)
    d = decide(g, a)
    assert REGISTRY[d.action].rule == "MVA-3" and d.params["path"]
    g.act(a, d.action, **d.params)
    assert g.gs.in_contact(a, ally)
    d = ScriptedController().decide(stub(g), g.pending)
    assert d.action == "use_object" and d.params == {"item": f"item:{kit}", "target": ally}


def medic_runs(ally_wounds: int, ally_x: float = 14.0, energy: int = 10):
    """The medic run (ai/scripted_medic.py) of `medic_scene`'s medic holding a medkit, with `energy`."""
    from wartime.ai.scripted_medic import medic_run
    g = medic_scene(ally_wounds=ally_wounds, ally_x=ally_x)
    a = g.ids[0]
    medkit(g, a)
    g.start_activation(a, energy=energy)
    return medic_run(stub(g), g.pending)


def test_GNA_16_scripted_medic_ignores_a_lightly_wounded_ally_and_out_of_reach_patients():
    """One wound of CON 4 is not worth the run; an ally 40 K away cannot be reached this activation: no run."""
    assert medic_runs(ally_wounds=1) is None
    assert medic_runs(ally_wounds=3, ally_x=50.0) is None
    assert medic_runs(ally_wounds=3) is not None                   # the same scene with a patient in reach


def test_GNA_16_scripted_medic_without_the_ene_to_use_it_there_does_not_run():
    """The sprint into contact costs ENE 3 and the medkit ENE 2: with ENE 4 the medic does not run, with 5 it does."""
    assert medic_runs(ally_wounds=3, energy=4) is None
    assert medic_runs(ally_wounds=3, energy=5) is not None


def test_BLD_20_scripted_ambulance_driver_drives_to_a_wounded_ally_and_uses_its_mounted_medkit():
    """BLD-20 / GNA-16: the driver of an ambulance (MOV 6) with a mounted medkit drives to a badly wounded trooper 6 K
    off (one of the engine's candidate drives ending in base contact with the medkit's ENE left), then uses it
    aboard on the trooper."""
    from tests.rules.rules_helpers import ride
    from wartime.core.components import MountedObject
    g = Game(M(x=10, y=20, CON=4), M(x=17.5, y=20, CON=4, wounds=3),
             M(side="blue", x=50, y=40, facing=180.0, weapons=(weapon(),)))
    a, ally, _ = g.ids
    ride(g, a, MOV=6, QUA=5, size=2.0, paid=True)
    kit = g.world.create(Item("Ambulance medkit", holder=a),
                         Gear("kit", "Ambulance medkit", 2, 0, 3, ("TRT-ELIXIR",), (("TRT-ELIXIR", 1),)),
                         MountedObject())
    d = decide(g, a)
    assert REGISTRY[d.action].rule in ("MVA-1", "MVA-2") and d.params["path"]
    g.act(a, d.action, **d.params)
    assert g.gs.in_contact(a, ally)
    d = ScriptedController().decide(stub(g), g.pending)
    assert d.action == "use_object" and d.params == {"item": f"item:{kit}", "target": ally}


def test_TRT_INFINITE_RANGE_scripted_does_not_gamble_a_cure_on_a_scattering_use():
    """A VOL 3 medic (field of view 15 K) with a far elixir (RNG 2, Alcance infinito): an ally 19 K away, out of view,
    is left alone (the use would scatter); 12 K away, in view, it is healed."""
    from wartime.ai.scripted_objects import use_object
    for x, used in ((30, False), (23, True)):
        g = Game(M(x=10, y=20, VOL=3), M(x=x, y=20, wounds=3), M(side="blue", x=40, y=40), width=60)
        a, b, _ = g.ids
        far = g.world.create(Item("Far", holder=a), Gear("far", "Far", 1, 2, 3, ("TRT-ELIXIR", "TRT-INFINITE-RANGE"),
                                                         (("TRT-ELIXIR", 2),), None))
        g.start_activation(a, energy=10)
        d = use_object(stub(g), g.pending, urgent=True)
        assert (d is not None and d.params == {"item": f"item:{far}", "target": b}) == used
