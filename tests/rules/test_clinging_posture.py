"""MVA-4 / MVA-5 with MVA-10 and TRT-SPIDER: a character clinging part-way up a wall or hanging under a roof holds on
with its whole body: no Agacharse (MVA-4) and no Cuerpo a tierra (MVA-5) there (the project's ruling: the book is
silent), neither offered in its menu nor as a reaction; on the wall's top, or back on the ground, it may again."""
from __future__ import annotations

from rules_helpers import Game, M, violation
from test_rules_terrain_moves import CLIFF
from test_rules_traits_spider_ceiling import porch_game
from wartime.core.components import Climbing, Posture
from wartime.rules.options import offered_actions


def _offered(g, a) -> set[str]:
    return set(offered_actions(g.engine, a))


def test_MVA_4_MVA_5_MVA_10_a_climber_part_way_up_cannot_crouch_or_go_prone():
    g = Game(M(x=10.5, y=20, AGI=5, mov=2), M(side="blue", x=35, y=35), pieces=[CLIFF])
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert {"crouch", "go_prone"} <= _offered(g, a)              # on the ground: both offered
    g.dice.push(5)
    g.act(a, "climb", piece="cliff")
    assert g.world.get(a, Climbing) == Climbing("cliff", 2.0) and g.gs.clinging(a)
    assert not {"crouch", "go_prone"} & _offered(g, a)
    v = violation(g.act, a, "crouch")
    assert v.rule_id == "MVA-4" and "clings to a wall" in str(v)
    assert violation(g.act, a, "go_prone").rule_id == "MVA-5"
    assert g.world.get(a, Posture).state == "standing" and g.energy(a) == 7     # nothing spent
    g.act(a, "drop_down", to=[10.5, 20])                       # back on the ground (a 2 K fall: DMG 0)
    assert not g.gs.clinging(a)
    g.act(a, "crouch")
    assert g.world.get(a, Posture).state == "crouched"


def test_MVA_4_MVA_10_on_the_wall_top_it_is_not_clinging():
    """The 6 K cliff climbed in two goes: on its top (Climbing at the piece's height) the character stands on it and
    may crouch."""
    g = Game(M(x=10.5, y=20, AGI=5, mov=4), M(side="blue", x=35, y=35), pieces=[CLIFF])
    a, _ = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(5, 5)
    g.act(a, "climb", piece="cliff")
    g.act(a, "climb", piece="cliff")
    c = g.world.try_get(a, Climbing)
    assert c is not None and c.height == CLIFF.height and not g.gs.clinging(a)
    assert "crouch" in _offered(g, a)
    g.act(a, "crouch")
    assert g.world.get(a, Posture).state == "crouched"


def test_MVA_4_MVA_5_TRT_SPIDER_a_hanging_spider_cannot_crouch_or_go_prone():
    g = porch_game(M(side="blue", x=35, y=35))
    a = g.ids[0]
    g.start_activation(a, energy=10)
    g.act(a, "climb", piece="porch", height=3.0)
    assert g.gs.hanging(a) and g.gs.clinging(a)
    assert not {"crouch", "go_prone"} & _offered(g, a)
    v = violation(g.act, a, "go_prone")
    assert v.rule_id == "MVA-5" and "hangs under a roof" in str(v)
    g.act(a, "climb", piece="porch", height=0.0)               # down again: it may
    assert "go_prone" in _offered(g, a)
