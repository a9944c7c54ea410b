"""The shipped scrapyard (scenarios/scrapyard.toml; issues 12 and 16): movable wrecks (TRT-SUPER-STRENGTH throws them,
TRT-MAGIC-TELEKINESIS moves them) and a breakable crusher wall with its gate (TRT-WALLBREAKER), with its two default
lists (wreckers: Súper fuerza and Reventamuros; mind-movers: Magia: telekinesis). A whole game (the scripted
wreckers against random mind-movers) throws, moves and breaks scenery and replays to the same events; the scripted
telekinetics' moves are counted over the slow scripted-vs-random games (tests/ai/test_scripted_vs_random.py)."""
from __future__ import annotations

from tests.match.game_helpers import ROOT, make_match
from wartime.data.cost_report import cost_report
from wartime.data.loader import load_scenario
from wartime.match.record import load_record
from wartime.match.save import verify_record
from wartime.rules import scenery_breaking, telekinesis as tk, traits

SCRAPYARD = ROOT / "scenarios" / "scrapyard.toml"
#: a seed whose game (scripted red, random blue) throws a wreck, moves one by telekinesis and breaks the wall
SEED = 22


def test_TRT_SUPER_STRENGTH_the_scrapyard_has_movable_wrecks_and_a_breakable_wall():
    sc = load_scenario(SCRAPYARD)
    movable = {t.id: (t.movable.con, t.movable.size) for t in sc.terrain if t.movable is not None}
    assert movable == {"car_w": (4, "car"), "car_e": (4, "car"), "truck_w": (5, "truck"), "truck_e": (5, "truck"),
                       "crate_w": (2, "object"), "crate_e": (2, "object"), "barrel_w": (2, "object"),
                       "barrel_e": (2, "object")}
    breakable = {t.id: (t.breakable.con, t.breakable.what) for t in sc.terrain if t.breakable is not None}
    assert breakable == {"crusher_wall_south": (3, "wall"), "crusher_gate": (2, "door"),
                         "crusher_wall_north": (3, "wall")}
    report = cost_report(SCRAPYARD)
    assert {v["side"]: v["within_limit"] for v in report["lists"].values()} == {"red": True, "blue": True}


def test_TRT_WALLBREAKER_the_scrapyard_lists_field_the_three_traits():
    """Red fields two car throwers (Súper fuerza) and a wrecker (Reventamuros: DMG +3 at the wall); blue two
    mind-movers whose Mind hand moves a wreck of CON up to their VOL 6 (every wreck of the yard) and a yard hand."""
    m = make_match(SCRAPYARD, 1)
    gs = m.gs
    red = [e for e in gs.minis() if gs.side(e) == "red"]
    blue = [e for e in gs.minis() if gs.side(e) == "blue"]
    assert sum(traits.throws_scenery(gs, e) is not None for e in red) == 2
    assert sum(scenery_breaking.dmg_bonus(gs, e, None, "wall") == 3 for e in red) == 1
    movers = [mv for e in blue for mv in tk.movers(gs, e)]
    assert len(blue) == 3 and len(movers) == 2 and all(mv.cap == 6 for mv in movers)


def test_TRT_MAGIC_TELEKINESIS_a_scrapyard_game_throws_moves_and_breaks_and_replays(tmp_path):
    m = make_match(SCRAPYARD, SEED, red="scripted", blue="random")
    m.play()
    kinds = {ev["type"] for kind, ev in m.entries if kind == "e"}
    assert {"thrown", "object_moved", "scenery_destroyed"} <= kinds, kinds
    out = tmp_path / "scrapyard.jsonl"
    m.write_record(out)
    assert verify_record(load_record(out)).ok
