"""A whole game with mines (GNA-15 bombs, TRT-ACTIVATION-AREA, TRT-AUTONOMOUS-BOMB: rules/placed.py): the catalogue's
sappers (scenarios/catalogue/mines.toml) against the shipped brawlers on the skirmish, scripted on both sides; charges
are laid, armed and set off, and the record re-simulates byte for byte (placed charges are world state)."""
from __future__ import annotations

from collections import Counter

import pytest

from tests.match.game_helpers import ROOT
from wartime.ai import make_controller
from wartime.data.loader import load_army_list, load_scenario
from wartime.match.match import Match
from wartime.match.record import load_record
from wartime.match.save import verify_record

MINES = ROOT / "scenarios" / "catalogue" / "mines.toml"


@pytest.mark.slow
def test_GNA_15_a_game_with_placed_mines_resimulates_byte_for_byte(tmp_path) -> None:
    sappers = tmp_path / "sappers.toml"
    sappers.write_text('format = 1\ntype = "list"\nname = "Sappers"\n'
                       f'catalogue = "{MINES.as_posix()}"\n'
                       + "".join(f'[[unit]]\ncharacter = "{d}"\ncount = 1\n'
                                 for d in ("mine_layer", "hunter_sapper", "demolition_sapper")), encoding="utf-8")
    red = load_army_list(sappers, allow_outside=True)
    lists = {"red": red, "blue": load_army_list(ROOT / "scenarios" / "lists" / "brawlers.toml")}
    # seed 2: the scripted brawlers walk round the charges they see (ai/scripted_minesafe.py), so seed 1 sets none
    # off any more; in seed 2 one still goes off
    m = Match(load_scenario(ROOT / "scenarios" / "skirmish.toml"), lists, 2,
              {"red": make_controller("scripted", 1), "blue": make_controller("scripted", 2)})
    m.play()
    seen = Counter(e["type"] for k, e in m.entries if k == "e")
    assert seen["charge_placed"] >= 2 and seen["charge_armed"] >= 2 and seen["charge_set_off"] >= 1
    out = tmp_path / "mines.jsonl"
    m.write_record(out)
    assert verify_record(load_record(out)).ok
