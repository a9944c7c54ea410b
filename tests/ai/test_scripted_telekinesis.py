"""The scripted controller uses Magia: telekinesis (TRT-MAGIC-TELEKINESIS, issue 16): a wounded caster facing an
enemy shooter pulls a tall movable truck into the line of sight between them; an own mine is pushed into the
nearest enemy's path; nothing without the trait or with nothing to do. Each builds a position with the rule-test
helpers and asks the controller for its decision."""
from __future__ import annotations

from types import SimpleNamespace

from shapely import affinity
from shapely.geometry import LineString

from tests.ai.test_scripted_objects import decide
from tests.rules.rules_helpers import Game, M, piece, weapon
from wartime.core.components import Item, Metahabilities, Metahability, Traits
from wartime.data.models import MovableSpec
from wartime.rules import scenery_objects
from wartime.rules.placed import PlacedCharge

TK = "TRT-MAGIC-TELEKINESIS"


def tk_game(*, spell: str = TK, wounds: int = 1) -> Game:
    """A red neuromancer (INT 6, VOL 5, `wounds`) at (10, 20) with the spell; a blue rifleman at (22, 20) facing it;
    a tall movable truck (CON 4) at (14..16, 24..26), off the line between them."""
    g = Game(M(x=10, y=20, INT=6, VOL=5, wounds=wounds),
             M(side="blue", x=22, y=20, facing=180.0, weapons=(weapon(),)),
             pieces=[piece("truck", "high", 14, 24, 16, 26, height=2.0, blocks_los=True)])
    scenery_objects.install(g.gs, SimpleNamespace(terrain=[SimpleNamespace(id="truck", movable=MovableSpec(
        con=4, size="truck"))]))
    g.set(g.ids[0], Traits(("TRT-NEUROMANCER",)),
          Metahabilities((Metahability("hand", "Hand", 2, 10, 4, "TRT-INVOCATION", ("TRT-INVOCATION", spell), ()),)))
    return g


def test_TRT_MAGIC_TELEKINESIS_scripted_pulls_the_truck_into_the_shooters_line_of_sight():
    g = tk_game()
    a, b = g.ids
    d = decide(g, a)
    assert d.action == "telekinesis" and d.params["object"] == "scenery:truck"
    moved = affinity.translate(g.gs.board.piece("truck").polygon, d.params["to"][0] - 15, d.params["to"][1] - 25)
    assert moved.intersects(LineString([(10, 20), (22, 20)]))


def test_TRT_MAGIC_TELEKINESIS_scripted_pushes_an_own_mine_into_the_enemys_path():
    """Unwounded (no sight to block), an operative red mine (RNG 1) at (17, 21): it is moved between the enemy and
    the caster, just outside its reach of the enemy's base (1 + 0.5 + 0.3 K from its centre)."""
    g = tk_game(wounds=0)
    a, b = g.ids
    mine = g.world.create(Item("Mine", at=(17.0, 21.0), weapon=weapon(QUA=3, RNG=1, traits=("TRT-ACTIVATION-AREA",))),
                          PlacedCharge(a, 1, True))
    d = decide(g, a)
    assert d.action == "telekinesis" and d.params == {"meta": 0, "object": f"item:{mine}", "to": [20.2, 20.0]}


def test_TRT_MAGIC_TELEKINESIS_scripted_inert_without_the_trait_or_anything_to_do():
    assert decide(tk_game(spell="TRT-MAGIC-CALM"), 1).action != "telekinesis"
    assert decide(tk_game(wounds=0), 1).action != "telekinesis"
