"""The scripted controller and a fish's depth (TRT-FISH, ai.scripted_water): it dives at the end of a swim enemy guns
would see, swims on under the water towards the enemy and comes up near it; a character that cannot stay under the
water swims at the surface."""
from __future__ import annotations

from tests.rules.rules_helpers import Game, M, piece, weapon
from tests.ai.test_scripted_terrain_actions import decide
from wartime.core.components import Position, Traits

#: a lake across the whole board (no way round) between the fighter and a rifleman on the far bank
LAKE = piece("lake", "water", 0, 14, 40, 30)


def game(fish: bool = True, y: float = 13.45, level: int = 1):
    g = Game(M(side="red", x=20, y=y, facing=90.0, mov=4), M(side="blue", x=20, y=35, facing=270.0,
                                                              weapons=(weapon(),)), pieces=[LAKE])
    a, _ = g.ids
    if fish:
        g.set(a, Traits(("TRT-FISH",)))
    g.world.set(a, Position(20, y, 90.0, level=level))
    return g


def test_TRT_FISH_scripted_dives_where_the_rifleman_would_see_it():
    g = game()
    d = decide(g, g.ids[0])
    assert d.action == "swim" and d.params.get("depth") == "underwater" and d.params["path"][-1][1] > 14.0
    g = game(fish=False)
    d = decide(g, g.ids[0])
    assert d.action == "swim" and "depth" not in d.params


def test_TRT_FISH_scripted_swims_on_under_the_water_then_comes_up_near_the_enemy():
    g = game(y=18.0, level=-1)
    d = decide(g, g.ids[0])
    assert d.action == "swim" and d.params.get("depth") is None and d.params["path"][-1][1] > 18.0
    g = game(y=27.0, level=-1)
    d = decide(g, g.ids[0])
    assert d.action == "swim" and d.params.get("depth") == "surface"
