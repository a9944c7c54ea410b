"""TRT-SPIDER under a roof (issue 12): a roofed open piece (`ceiling = h`) whose roof blocks the sight lines that
cross it, and a spider that goes up to its underside, along it and down again as easy terrain (Escalar as Mover:
ENE 1, no CH AGI), hanging there at the roof's height. Spiders roll nothing: no dice are scripted."""
from __future__ import annotations

import pytest
from shapely.geometry import box

from rules_helpers import Game, M, violation
from test_rules_traits_combat import race
from wartime.core.components import Climbing
from wartime.geometry import sight
from wartime.geometry.board import Board, TerrainPiece
from wartime.rules.options import legal_options

#: a porch: difficult ground x 10..20, y 10..20 under a roof 3 K high
PORCH = TerrainPiece("porch", "difficult", box(10, 10, 20, 20), 0.0, False, ceiling=3.0)


def porch_game(*more: M, spider: bool = True, mov: int = 8):
    g = Game(M(x=12, y=15, AGI=1, mov=mov), *more, pieces=[PORCH])
    if spider:
        race(g, g.ids[0], "TRT-SPIDER")
    return g


def test_TRT_SPIDER_ceiling_the_spider_goes_up_to_the_underside_and_along_it_for_1_ENE():
    """Up the post where it stands (3 K), then 4 K along the underside: each a Escalar at ENE 1 with no check; it
    hangs at the roof's height (elevation 3, level 1), then comes down (3 K) where it is."""
    g = porch_game(M(side="blue", x=35, y=35))
    a = g.ids[0]
    g.start_activation(a, energy=10)
    g.act(a, "climb", piece="porch", height=3.0)
    assert g.energy(a) == 9 and g.checks() == []
    assert g.world.get(a, Climbing) == Climbing("porch", 3.0) and g.gs.hanging(a)
    assert g.gs.elevation(a) == 3.0 and g.gs.pos(a).level == 1
    g.act(a, "climb", piece="porch", to=[16, 15], height=3.0)
    assert g.energy(a) == 8 and g.pos(a) == (16, 15) and g.gs.elevation(a) == 3.0
    assert g.events("climb", rule="TRT-SPIDER")[-1]["after"] == 3.0
    g.act(a, "climb", piece="porch", height=0.0)
    assert g.energy(a) == 7 and not g.world.has(a, Climbing) and g.gs.elevation(a) == 0.0


def test_TRT_SPIDER_ceiling_a_move_under_the_roof_is_at_most_MOV_K_and_stays_under_it():
    g = porch_game(mov=4)
    a = g.ids[0]
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "climb", piece="porch", height=3.0, to=[13, 15]).rule_id == "TRT-SPIDER"
    g.act(a, "climb", piece="porch", height=3.0)
    assert violation(g.act, a, "climb", piece="porch", to=[17, 15], height=3.0).rule_id == "MOV-3"   # 5 K > 4
    assert violation(g.act, a, "climb", piece="porch", to=[10.2, 15],
                     height=3.0).rule_id == "TRT-SPIDER"                                          # base sticks out
    assert violation(g.act, a, "move", path=[[13, 15]]).rule_id == "TRT-SPIDER"
    assert violation(g.act, a, "drop_down", to=[12, 15]).rule_id == "TRT-SPIDER"
    assert violation(g.act, a, "climb", piece="porch", height=1.5).rule_id == "TRT-SPIDER"


def test_TRT_SPIDER_ceiling_a_non_spider_cannot_go_up_to_the_underside():
    g = porch_game(spider=False)
    a = g.ids[0]
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "climb", piece="porch", height=3.0).rule_id == "TRT-SPIDER"
    assert not [o for o in legal_options(g.engine, "climb")]


def test_TRT_SPIDER_ceiling_an_engaged_spider_cannot_go_up_out_of_the_melee():
    g = porch_game(M(side="blue", x=13, y=15))
    a = g.ids[0]
    g.start_activation(a, energy=10)
    assert g.gs.engaged(a)
    assert violation(g.act, a, "climb", piece="porch", height=3.0).rule_id == "CBA-15"


def test_TRT_SPIDER_ceiling_a_base_not_wholly_under_the_roof_cannot_go_up():
    g = Game(M(x=10.2, y=15, mov=8), pieces=[PORCH])
    race(g, g.ids[0], "TRT-SPIDER")
    g.start_activation(g.ids[0], energy=10)
    assert violation(g.act, g.ids[0], "climb", piece="porch", height=3.0).rule_id == "TRT-SPIDER"


def test_TRT_SPIDER_ceiling_the_engine_offers_the_way_up_along_and_down():
    g = porch_game()
    a = g.ids[0]
    g.start_activation(a, energy=10)
    ups = [o.params for o in legal_options(g.engine, "climb")]
    assert {"piece": "porch", "height": 3.0} in ups
    g.act(a, "climb", piece="porch", height=3.0)
    got = [o.params for o in legal_options(g.engine, "climb")]
    assert {"piece": "porch", "height": 0.0} in got
    assert {"piece": "porch", "to": [16.0, 15.0], "height": 3.0} in got          # MOV/2 = 4 K east
    assert {"piece": "porch", "to": [8.0, 15.0], "height": 3.0} not in got       # west: out from under it
    assert not [o for o in legal_options(g.engine, "move")]


def test_TRT_SPIDER_ceiling_the_roof_blocks_a_line_from_under_it_to_above_it():
    """A line from an eye under the roof (1 K) to a point above it (5 K) crossing the footprint is blocked; a line
    wholly under it (open sides) and one wholly above it pass; one that crosses the plane outside the footprint
    passes."""
    board = Board(40, 40, [PORCH])
    under = (15.0, 15.0, 1.0)
    assert not sight.has_los(board, under, (15.0, 15.0, 0.5, 4.0, 1.0))       # straight up through the roof
    assert not sight.has_los(board, (16.0, 15.0, 5.0), (12.0, 15.0, 0.5, 0.0, 1.0))   # from above: blocked
    assert sight.has_los(board, under, (30.0, 15.0, 0.5, 0.0, 1.0))            # out through the open side
    assert sight.has_los(board, (12.0, 12.0, 4.0), (18.0, 18.0, 0.5, 4.0, 1.0))   # over the roof
    assert sight.has_los(board, (30.0, 15.0, 5.0), (25.0, 15.0, 0.5, 0.0, 1.0))   # beside the porch
    res = sight.cover_query(board, (16.0, 15.0, 5.0), sight.targets_array([(15.0, 15.0, 0.5, 0.0, 1.0)]))[0]
    assert res.full_cover and res.main_piece_id == "porch"
    # a partly roofed silhouette: the rows above the roof are seen, those under it are not (cover counts them)
    part = sight.cover_query(board, (13.0, 15.0, 6.0), sight.targets_array([(10.6, 15.0, 0.5, 2.0, 2.0)]))[0]
    assert part.blocked == 10 and part.main_piece_id == "porch"                 # its 2 rows under 3 K
    assert sight.has_los_point(board, (15.0, 15.0, 1.0), 30.0, 15.0)
    assert not sight.has_los_point(board, (15.0, 15.0, 5.0), 15.0, 15.0)


def test_TRT_SPIDER_ceiling_the_hanging_spider_sees_under_the_roof_not_over_it():
    """Hanging, its body hangs from the roof (eye 3 − 1 = 2 K, under the roof): it sees the blue on the ground under
    the porch and out through the open side, not the one standing on a tall (8 K) crate beyond it, above the roof; no one on the
    ground is in base contact with it (3 K up)."""
    crate = TerrainPiece("crate", "blocking", box(30, 14, 32, 16), 8.0, False)
    g = Game(M(x=12, y=15, mov=8), M(side="blue", x=15, y=15, facing=180.0), M(side="blue", x=31, y=15),
             pieces=[PORCH, crate])
    a, b, c = g.ids
    race(g, a, "TRT-SPIDER")
    g.world.set(c, Climbing("crate", 8.0))
    g.start_activation(a, energy=10)
    g.act(a, "climb", piece="porch", height=3.0)
    assert g.gs.eye(a) == (12, 15, 2.0)
    assert g.gs.has_los(a, b) and g.gs.has_los(b, a)
    assert not g.gs.has_los(a, c) and not g.gs.has_los(c, a)
    g.act(a, "climb", piece="porch", to=[14.5, 15], height=3.0)      # right over b's base: no contact 3 K up
    assert g.pos(a) == (14.5, 15) and not g.gs.in_contact(a, b)


def test_TRT_SPIDER_ceiling_a_bad_ceiling_value_names_the_file_and_field(tmp_path):
    from wartime.core.errors import DataError
    from wartime.data.loader import load_scenario
    base = ('format = 1\ntype = "scenario"\nname = "T"\npoints_limit = 100\nturn_limit = 3\n'
            'victory = "elimination"\n[board]\nwidth = 20\nheight = 20\n'
            '[deployment.red]\nrect = [0, 0, 20, 3]\n[deployment.blue]\nrect = [0, 17, 20, 20]\n')
    ok = tmp_path / "ok.toml"
    ok.write_text(base + '[[terrain]]\nid = "porch"\nkind = "difficult"\nceiling = 3\nrect = [5, 5, 9, 9]\n')
    sc = load_scenario(ok, allow_outside=True)
    assert sc.terrain[0].ceiling == 3.0
    for value, kind in (("0", "difficult"), ("-2", "difficult"), ('"high"', "difficult"), ("3", "high"),
                        ("500", "extreme")):
        bad = tmp_path / "bad_roof.toml"
        bad.write_text(base + f'[[terrain]]\nid = "porch"\nkind = "{kind}"\nceiling = {value}\nrect = [5, 5, 9, 9]\n')
        with pytest.raises(DataError) as exc:
            load_scenario(bad, allow_outside=True)
        assert "terrain[0].ceiling" in str(exc.value) and "bad_roof.toml" in str(exc.value), (value, kind)
