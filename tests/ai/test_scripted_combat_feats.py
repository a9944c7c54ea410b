"""The scripted controller uses the combat feats (issue 12, group D): Machina mors' free reaction shot at an enemy
acting in its field of fire, and Súper salto into melee with an enemy beyond its plain move. Each builds a position
with the rule-test helpers and asks the controller for its decision."""
from __future__ import annotations

from tests.ai.test_scripted_objects import decide, stub
from tests.rules.rules_helpers import Game, M, blade, weapon
from wartime.ai.scripted import ScriptedController
from wartime.core.components import Traits


def test_TRT_MACHINA_MORS_scripted_fires_its_free_reaction_shot_at_a_mover():
    """A sentry at ENE −8 (no other reaction it could pay for well) fires at once in the declaration window."""
    for machina, expect in ((True, "machina_mors"), (False, None)):
        gun = weapon(DMG=4, traits=("TRT-MACHINA-MORS",) if machina else ())
        g = Game(M(x=10, y=20, CON=9), M(side="blue", x=20, y=20, facing=180.0, energy=-8, weapons=(gun,)))
        a, b = g.ids
        g.auto_pass = False
        g.start_activation(a, energy=10)
        g.declare(a, "move", path=[[10, 21]])
        if g.pending is None or g.pending.kind != "react":
            assert expect is None
            continue
        d = ScriptedController().decide(stub(g), g.pending)
        assert d.action == expect
        if expect:
            assert d.params == {"target": a, "weapon": 0}


def test_TRT_SUPER_JUMP_scripted_leaps_into_melee_with_a_far_enemy():
    """A blade-armed leaper 8 K from an unarmed target leaps into base contact; without the trait it does not."""
    for carries in (True, False):
        g = Game(M(x=10, y=20, AGI=6, weapons=(blade(),)), M(side="blue", x=19, y=20, facing=180.0))
        if carries:
            g.set(g.ids[0], Traits(("TRT-SUPER-JUMP",)))
        d = decide(g, g.ids[0])
        assert (d.action == "super_jump") == carries
        if carries:
            x, y = d.params["to"]
            assert abs(x - 18.0) < 0.1 and abs(y - 20.0) < 0.1


def test_TRT_FIRE_IN_THE_VEINS_scripted_boosts_a_super_jump_only_to_reach_a_far_enemy():
    """An enemy 12 K away is beyond the plain leap: a leaper with Fuego en las venas leaps with the boost; 8 K away
    it leaps without it; one whose last wound the boost would take does not take it."""
    for x_enemy, wounds, boost in ((22, 0, "TRT-FIRE-IN-THE-VEINS"), (19, 0, None), (22, 2, "none")):
        g = Game(M(x=10, y=20, AGI=6, CON=3, wounds=wounds, weapons=(blade(),)),
                 M(side="blue", x=x_enemy, y=20, facing=180.0))
        g.set(g.ids[0], Traits(("TRT-SUPER-JUMP", "TRT-FIRE-IN-THE-VEINS")))
        d = decide(g, g.ids[0])
        if boost == "none":
            assert d.action != "super_jump"
            continue
        assert d.action == "super_jump" and d.params.get("boost") == boost


def test_TRT_SWARM_WEAPON_scripted_fires_the_volley_rather_than_one_weapon():
    for swarm in (True, False):
        guns = tuple(weapon(DMG=4, traits=("TRT-SWARM-WEAPON",) if swarm else (), key=f"g{i}") for i in range(2))
        g = Game(M(x=10, y=20, weapons=guns), M(side="blue", x=20, y=20, facing=180.0))
        d = decide(g, g.ids[0])
        assert (d.action == "swarm_volley") == swarm
        if swarm:
            assert d.params == {"target": g.ids[1]}


def test_TRT_ORDERS_scripted_orders_an_ally_that_can_shoot():
    """An officer with Órdenes and a rifleman 3 K away with an enemy in its sights: it gives the order; with the enemy
    behind the rifleman (out of its view) it does not."""
    for facing, expect in ((0.0, "give_orders"), (180.0, None)):
        g = Game(M(x=10, y=20, VOL=5), M(x=14, y=20, facing=facing, weapons=(weapon(),)),
                 M(side="blue", x=30, y=20, facing=180.0))
        g.set(g.ids[0], Traits(("TRT-ORDERS",)))
        d = decide(g, g.ids[0])
        assert (d.action == "give_orders") == (expect is not None)
        if expect:
            assert d.params == {"target": g.ids[1]}


def test_TRT_VETERAN_CRY_scripted_takes_its_extra_attack():
    g = Game(M(x=10, y=24), M(x=10, y=20, weapons=(weapon(DMG=4),)),
             M(side="blue", x=20, y=20, facing=180.0, CON=10, weapons=(weapon(),)))
    s, r, b = g.ids
    g.set(s, Traits(("TRT-VETERAN-CRY",)))
    g.auto_pass = False
    g.start_activation(r, energy=10)
    g.dice.push(1, 9, 5)
    g.declare(r, "ranged_attack", target=b, weapon=0)
    while g.pending.kind == "react" and g.pending.actor != r:
        g.react(g.pending.actor)
    d = ScriptedController().decide(stub(g), g.pending)
    assert d.action == "extra_attack" and d.params["target"] == b
