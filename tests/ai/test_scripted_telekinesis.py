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


def tk_game(*, spell: str = TK, wounds: int = 1, wall: bool = False) -> Game:
    """A red neuromancer (INT 6, VOL 5, `wounds`) at (10, 20) with the spell and a wounded ally at (10, 16); a blue
    rifleman at (22, 20) facing them; a tall movable truck (CON 4) at (14..16, 24..26), off the lines between them;
    with `wall`, a blocking wall at x 12..12.5, y 14..20.6 hides both from the rifleman."""
    walls = [piece("wall", "blocking", 12, 14, 12.5, 20.6, height=3.0, blocks_los=True)] if wall else []
    g = Game(M(x=10, y=20, INT=6, VOL=5, wounds=wounds), M(side="blue", x=22, y=20, facing=180.0, weapons=(weapon(),)),
             M(x=10, y=16, wounds=wounds),
             pieces=[piece("truck", "high", 14, 24, 16, 26, height=2.0, blocks_los=True)] + walls)
    scenery_objects.install(g.gs, SimpleNamespace(terrain=[SimpleNamespace(id="truck", movable=MovableSpec(
        con=4, size="truck"))]))
    g.set(g.ids[0], Traits(("TRT-NEUROMANCER",)),
          Metahabilities((Metahability("hand", "Hand", 2, 10, 4, "TRT-INVOCATION", ("TRT-INVOCATION", spell), ()),)))
    return g


def test_TRT_MAGIC_TELEKINESIS_scripted_pulls_the_truck_into_the_shooters_line_of_sight():
    """Wounded, in the open: the truck is pulled across the rifleman's line of sight to the caster (or its ally)."""
    for wounds in (1, 0):                   # unwounded, the caster still takes cover when it stands in the open
        g = tk_game(wounds=wounds)
        a = g.ids[0]
        d = decide(g, a)
        assert d.action == "telekinesis" and d.params["object"] == "scenery:truck"
        moved = affinity.translate(g.gs.board.piece("truck").polygon, d.params["to"][0] - 15, d.params["to"][1] - 25)
        assert moved.intersects(LineString([(10, 20), (22, 20)])) or moved.intersects(LineString([(10, 16), (22, 20)]))


def test_TRT_MAGIC_TELEKINESIS_scripted_pushes_an_own_mine_into_the_enemys_path():
    """Hidden behind a wall (no line of sight to cut), an operative red mine (RNG 1) at (16.5, 23): it is moved
    between the enemy and the nearest of its side, just outside its reach of the enemy's base (1 + 0.5 + 0.3 K from
    its centre)."""
    g = tk_game(wounds=0, wall=True)
    a = g.ids[0]
    mine = g.world.create(Item("Mine", at=(16.5, 23.0), weapon=weapon(QUA=3, RNG=1, traits=("TRT-ACTIVATION-AREA",))),
                          PlacedCharge(a, 1, True))
    d = decide(g, a)
    assert d.action == "telekinesis" and d.params == {"meta": 0, "object": f"item:{mine}", "to": [20.2, 20.0]}


def test_TRT_MAGIC_TELEKINESIS_scripted_inert_without_the_trait_or_anything_to_do():
    assert decide(tk_game(spell="TRT-MAGIC-CALM"), 1).action != "telekinesis"
    assert decide(tk_game(wounds=0, wall=True), 1).action != "telekinesis"
