"""Issue 12: the second group of combat feats played through the trait registry (rules/traits/combat_feats2.py):
Serpiente (TRT-SERPENT) and Guardaespaldas (TRT-BODYGUARD, rules/bodyguard.py), each set up with scripted dice and
checked against its catalogue effect and ruling, and priced at its catalogue cost."""
from __future__ import annotations

from dataclasses import replace

import pytest
from shapely.geometry import box

from rules_helpers import Game, M, RuleViolation, weapon
from wartime.core.components import Traits
from wartime.core.errors import DataError
from wartime.data.loader import priced_trait
from wartime.geometry.board import TerrainPiece
from wartime.rules import traits


def price(trait: str, kind: str = "race") -> int:
    return priced_trait(trait, kind, "test", "traits").points


# --- Serpiente -----------------------------------------------------------------------------------------------------
SERPENT = "TRT-SERPENT"


def nook(id_: str, kind: str, x0: float, x1: float, nooks: bool = True, height: float = 0.0) -> TerrainPiece:
    """A strip of terrain across the way from (10, 20) east, marked recovecos or not."""
    return TerrainPiece(id_, kind, box(x0, 10, x1, 30), height, False, 0, nooks=nooks)


def crawler(*pieces: TerrainPiece, serpent: bool = True) -> Game:
    g = Game(M(x=10, y=20, mov=10), pieces=pieces, width=60)
    if serpent:
        g.set(g.ids[0], Traits((SERPENT,)))
    g.start_activation(g.ids[0], energy=10)
    return g


@pytest.mark.parametrize("kind,height", [("difficult", 0.0), ("extreme", 0.0), ("low", 0.5)])
def test_TRT_SERPENT_moves_through_nooks_as_easy_terrain(kind, height):
    """Rubble (difficult or extreme ground, or a 0.5 K low heap) marked nooks on the way: the serpent's Mover costs
    the ENE of easy ground (1); the same move of a character without the trait pays MOV-7's / MOV-8's surcharge."""
    strip = nook("rubble", kind, 12, 14, height=height)
    g = crawler(strip)
    assert g.engine.check_action(g.ids[0], "move", {"path": [[16, 20]]}) == 1
    g.act(g.ids[0], "move", path=[[16, 20]])
    assert g.pos(g.ids[0]) == (16, 20) and g.energy(g.ids[0]) == 9
    h = crawler(strip, serpent=False)
    assert h.engine.check_action(h.ids[0], "move", {"path": [[16, 20]]}) == 1 + (2 if kind == "extreme" else 1)


def test_TRT_SERPENT_terrain_not_marked_nooks_costs_as_for_anyone():
    """A difficult wood not marked nooks next to nooks: the serpent pays its ENE +1 (only recovecos are easy)."""
    g = crawler(nook("rubble", "extreme", 12, 13), nook("wood", "difficult", 14, 15, nooks=False))
    assert g.engine.check_action(g.ids[0], "move", {"path": [[13.5, 20]]}) == 1
    assert g.engine.check_action(g.ids[0], "move", {"path": [[17, 20]]}) == 2


def test_TRT_SERPENT_nooks_only_on_ground_or_low_terrain_and_validated(tmp_path):
    """The loader reads `nooks` on difficult, extreme and low pieces and refuses it on others with one line."""
    from wartime.data.loader import load_scenario
    base = ('format = 1\ntype = "scenario"\nname = "t"\nturn_limit = 4\npoints_limit = 200\nvictory = "elimination"\n[board]\nwidth = 20\nheight = 20\n'
            '[deployment.red]\nrect = [0, 0, 20, 2]\n[deployment.blue]\nrect = [0, 18, 20, 20]\n')
    ok = tmp_path / "ok.toml"
    ok.write_text(base + '[[terrain]]\nid = "rubble"\nkind = "extreme"\nrect = [5, 5, 8, 8]\nnooks = true\n')
    sc = load_scenario(ok)
    assert [t.nooks for t in sc.terrain] == [True]
    bad = tmp_path / "bad.toml"
    bad.write_text(base + '[[terrain]]\nid = "house"\nkind = "blocking"\nrect = [5, 5, 8, 8]\nnooks = true\n')
    with pytest.raises(DataError, match=r"terrain\[0\]\.nooks: only difficult, extreme or low"):
        load_scenario(bad)


def test_TRT_SERPENT_is_fielded_on_races_and_costs_2():
    assert traits.fielding_problem(SERPENT, "race", {SERPENT}) is None
    assert traits.fielding_problem(SERPENT, "weapon", {SERPENT}) is not None
    assert price(SERPENT) == 2
