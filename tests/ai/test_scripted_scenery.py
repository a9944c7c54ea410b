"""The scripted controller uses Súper fuerza (TRT-SUPER-STRENGTH, issue 16 group "scenery"): it throws a movable car
it touches at an enemy when the odds are good, and does not when it has no trait or the throw is a bad bet. Each
builds a position with the rule-test helpers and asks the controller for its decision."""
from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from tests.ai.test_scripted_objects import decide, stub
from tests.rules.rules_helpers import Game, M, piece
from wartime.core.components import Traits
from wartime.data.models import MovableSpec
from wartime.rules import scenery_objects


def thrower_game(*, trait: bool = True, CON: int = 5) -> Game:
    """An unarmed red thrower at (10, 20) touching a 2 × 2 K movable car east of it, a blue enemy 5 K away."""
    g = Game(M(x=10, y=20, CON=CON, AGI=5), M(side="blue", x=16, y=20, facing=180.0, CON=9),
             pieces=[piece("car", "low", 10.5, 19, 12.5, 21, height=0.5, blocks_los=True)])
    scenery_objects.install(g.gs, SimpleNamespace(terrain=[SimpleNamespace(id="car", movable=MovableSpec(con=4))]))
    if trait:
        g.set(g.ids[0], Traits(("TRT-SUPER-STRENGTH",)))
    return g


def test_TRT_SUPER_STRENGTH_scripted_throws_the_car_at_the_enemy():
    """An unarmed thrower (CON 5) touching a car, an enemy 5 K away: it throws the car."""
    g = thrower_game()
    a, b = g.ids
    d = decide(g, a)
    assert d.action == "throw_scenery" and d.params == {"piece": "car", "target": b}


def test_TRT_SUPER_STRENGTH_scripted_does_not_throw_without_the_trait_or_on_bad_odds():
    """Without Súper fuerza the throw is never chosen; with CON 1 (CH CON 1 for a car: a 90 % chance of wounding
    itself) it is not worth it."""
    g = thrower_game(trait=False)
    assert decide(g, g.ids[0]).action != "throw_scenery"
    g = thrower_game(CON=1)
    assert decide(g, g.ids[0]).action != "throw_scenery"


def _placed(*, trait: bool = True, red_x: float = 9.5, blue_x: float = 17.0) -> Game:
    g = thrower_game(trait=trait)
    a, b = g.ids
    g.set(a, replace(g.gs.pos(a), x=red_x))
    g.set(b, replace(g.gs.pos(b), x=blue_x))
    return g


def test_TRT_SUPER_STRENGTH_scripted_walks_to_a_car_within_its_move():
    """With nothing to shoot or charge, a thrower (MOV 1) 1 K from the car (its base 0.5 K short of it: within its
    MOV) whose enemy is within a throw's reach (MOV + CON = 6 K) of the car walks into base contact with it (the
    car's face at x 10.5, its centre a base's radius and a hair short); without the trait it does not head for the
    car's face; with the enemy behind it (nearer than the car) no walk to the car is asked."""
    from wartime.ai.scripted_scenery import fetch_scenery
    g = _placed()
    a = g.ids[0]
    d = decide(g, a)
    assert d.action in ("move", "run", "sprint"), d
    end = d.params["path"][-1]
    assert abs(end[0] - (10.5 - g.gs.body(a).radius - 0.02)) < 0.05 and abs(end[1] - 20.0) < 0.05
    g = _placed(trait=False)
    d = decide(g, g.ids[0])
    assert d.action != "throw_scenery"
    assert not (d.action in ("move", "run", "sprint") and abs(d.params["path"][-1][0] - 9.98) < 0.05
                and abs(d.params["path"][-1][1] - 20.0) < 0.05)
    g = _placed(blue_x=4.0)
    g.start_activation(g.ids[0], energy=10)
    assert fetch_scenery(stub(g), g.pending) is None
