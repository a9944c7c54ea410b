"""The scripted controller uses Magia: telekinesis (TRT-MAGIC-TELEKINESIS, issue 16): a wounded caster facing an
enemy shooter pulls a tall movable truck into the line of sight between them; an own mine is pushed into the
nearest enemy's path; nothing without the trait or with nothing to do. Each builds a position with the rule-test
helpers and asks the controller for its decision."""
from __future__ import annotations

import math
from types import SimpleNamespace

import pytest

from shapely import affinity
from shapely.geometry import LineString

from tests.ai.test_scripted_objects import decide
from tests.rules.rules_helpers import Game, M, piece, ride, weapon
from wartime.core.components import Item, Metahabilities, Metahability, Traits
from wartime.data.models import MovableSpec
from wartime.rules import riding, scenery_objects, telekinesis as tk
from wartime.rules.actions.telekinesis import offered_points
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


def test_TRT_MAGIC_TELEKINESIS_scripted_pushes_an_enemys_driverless_transport_away_from_its_driver():
    """No piece to move, no charge: a blue truck (QUA 4 ≤ VOL 5) parked at (17, 20), its driver beside it, is pushed
    to the engine's offered point farthest from the driver (at least 2 K farther than now); an own parked transport
    is left alone."""
    for side, moved in (("blue", True), ("red", False)):
        g = Game(M(x=10, y=20, INT=6, VOL=5), M(side=side, x=17, y=20, facing=180.0),
                 M(side="blue" if side == "red" else "red", x=30, y=35))
        a, d = g.ids[0], g.ids[1]
        g.set(a, Traits(("TRT-NEUROMANCER",)),
              Metahabilities((Metahability("hand", "Hand", 2, 10, 4, "TRT-INVOCATION", ("TRT-INVOCATION", TK), ()),)))
        ride(g, d, QUA=4, size=2.0, paid=True)
        t = riding.park(g.gs, d, riding.free_spots(g.gs, d, d)[0])
        dec = decide(g, a)
        if not moved:
            assert dec is None or dec.action != "telekinesis"
            continue
        assert dec.action == "telekinesis" and dec.params["object"] == f"transport:{t}"
        po, to = g.gs.pos(d), dec.params["to"]
        far = max(math.hypot(x - po.x, y - po.y) for x, y in offered_points(g.gs, tk.movers(g.gs, a)[0],
                                                                              tk.thing(g.gs, f"transport:{t}")))
        assert math.hypot(to[0] - po.x, to[1] - po.y) == pytest.approx(far)
        assert far >= math.hypot(17 - po.x, 20 - po.y) + 2.0


def test_TRT_MAGIC_TELEKINESIS_scripted_leaves_a_piece_that_already_cuts_every_line():
    """The truck already stands across both lines of sight from the rifleman (its centre at (20, 19.5)): no move cuts
    more, so the caster spends no ENE moving it (it once moved a crate onto its own spot on the scrapyard)."""
    g = tk_game(wounds=1)
    scenery_objects.move_piece(g.gs, "truck", (5.0, -5.5), TK, g.ids[0])
    poly = g.gs.board.piece("truck").polygon
    assert poly.intersects(LineString([(10, 20), (22, 20)])) and poly.intersects(LineString([(10, 16), (22, 20)]))
    assert decide(g, g.ids[0]).action != "telekinesis"
