"""Issue 19: the report on exactly the lopsided results a balance run exists to expose (a list that never wins,
one that always wins) — the Wilson interval stays inside [0, 1] around its point, the figures get no negative
error bars, and every file of the report is written."""
from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from wartime import __version__
from wartime.balance.stats import rate, wilson_interval
from wartime.balance.store import ResultStore
from wartime.cli import main
from wartime.match.record import rules_data_hash

from .conftest import reference_config

pytestmark = pytest.mark.xdist_group("balance")

PNG = b"\x89PNG\r\n\x1a\n"
#: list → (name, designs fielded (character id, cost)); strength decides every game: strong > middle > weak
LISTS = {
    "strong": ("Strong", [("veteran", 100)] * 3),
    "middle": ("Middle", [("veteran", 100), ("recruit", 50), ("recruit", 50), ("recruit", 50), ("recruit", 50)]),
    "weak": ("Weak", [("recruit", 50)] * 6),
}
RANK = {"strong": 2, "middle": 1, "weak": 0}


def _character(entity: int, side: str, list_key: str, cid: str, cost: int, won: bool) -> dict:
    return {"entity": entity, "side": side, "list_key": list_key, "character_id": cid,
            "name": f"{side} {cid.title()} {entity}", "cost": cost, "damage_dealt": 2 if won else 0,
            "wounds_taken": 0 if won else 3, "kills": 1 if won else 0, "survived": int(won), "energy_spent": 5,
            "actions": 4, "hits": 2 if won else 0, "misses": 1, "reactions": 0}


def _game(red: str, blue: str, k: int, version: str, rules: str) -> dict:
    winner = "red" if RANK[red] > RANK[blue] else "blue"
    key = f"synthetic:{red}:{blue}:scripted:scripted:{k}"
    game = {"game_key": key, "k": k, "seed": 1000 + k, "scenario": "Synthetic", "scenario_key": "synthetic",
            "red_list": red, "blue_list": blue, "red_base_list": red, "blue_base_list": blue,
            "red_list_name": LISTS[red][0], "blue_list_name": LISTS[blue][0], "red_cost": 300, "blue_cost": 300,
            "red_controller": "scripted", "blue_controller": "scripted", "winner": winner,
            "reason": "elimination", "turns": 3 + k % 4,
            "casualties_red": 0 if winner == "red" else len(LISTS[red][1]),
            "casualties_blue": 0 if winner == "blue" else len(LISTS[blue][1]),
            "points_lost_red": 0 if winner == "red" else 300, "points_lost_blue": 0 if winner == "blue" else 300,
            "first_player": "red" if k % 2 else "blue", "decisions": 40, "engine_version": version,
            "rules_hash": rules, "elapsed_s": 0.1, "cpu_s": 0.1, "worker": "test:1", "finished_at": 1.0}
    chars, e = [], 1
    for side, lk in (("red", red), ("blue", blue)):
        for cid, cost in LISTS[lk][1]:
            chars.append(_character(e, side, lk, cid, cost, winner == side))
            e += 1
    return {"game": game, "characters": chars}


@pytest.fixture()
def lopsided_store(tmp_path):
    """A store built through the store's own API: 'strong' wins all of its games, 'weak' none."""
    path = tmp_path / "lopsided.sqlite"
    version, rules = __version__, rules_data_hash()
    with ResultStore.create(path, reference_config().to_json(), 10, version, rules) as store:
        for k in range(10):
            for red in LISTS:
                for blue in LISTS:
                    if red != blue:
                        store.add(_game(red, blue, k, version, rules))
    return path


@pytest.mark.parametrize("n", [1, 7, 120, 2000, 10**6])
def test_wilson_interval_is_inside_0_1_and_holds_its_point(n):
    for s in sorted({0, 0.5, 1, n / 3, n / 2, n - 1, n - 0.5, n}):
        if not 0 <= s <= n:
            continue
        lo, hi = wilson_interval(s, n)
        assert 0.0 <= lo <= s / n <= hi <= 1.0, (s, n, lo, hi)
    assert wilson_interval(0, n)[0] == 0.0 and wilson_interval(n, n)[1] == 1.0
    for r in (rate(0, 0, n), rate(n, 0, 0), rate(0, n, 0)):
        assert r["ci_low"] <= r["score"] <= r["ci_high"] and r["half_width"] >= 0


def test_report_of_a_list_that_never_wins_and_one_that_always_wins(lopsided_store, tmp_path):
    out = tmp_path / "report"
    r = CliRunner().invoke(main, ["report", str(lopsided_store), "--out", str(out)])
    assert r.exit_code == 0, r.output + repr(r.exception)
    assert "Traceback" not in r.output
    for name in ("report.md", "report.html", "summary.json"):
        assert (out / name).stat().st_size > 0
    pngs = sorted(out.glob("*.png"))
    assert len(pngs) >= 3 and all(p.read_bytes().startswith(PNG) for p in pngs)
    lists = {x["list"]: x for x in json.loads((out / "summary.json").read_text())["scenarios"]["synthetic"]["lists"]}
    weak, strong, middle = lists["weak"], lists["strong"], lists["middle"]
    assert (weak["wins"], weak["score"], weak["ci_low"]) == (0, 0.0, 0.0)
    assert 0.0 < weak["ci_high"] < 0.1 and weak["verdict"] == "unfavoured"
    assert (strong["losses"], strong["score"], strong["ci_high"]) == (0, 1.0, 1.0)
    assert 0.9 < strong["ci_low"] < 1.0 and strong["verdict"] == "favoured"
    assert middle["ci_low"] < middle["score"] == 0.5 < middle["ci_high"]
    for x in lists.values():
        assert 0.0 <= x["ci_low"] <= x["score"] <= x["ci_high"] <= 1.0
    md = (out / "report.md").read_text()
    assert "0.0–" in md and "–100.0 %" in md
    assert all(math.isfinite(v) for v in (weak["ci_high"], strong["ci_low"]))
