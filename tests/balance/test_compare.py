"""`wartime compare` (issue 18): the same scenario and lists under each combat system. One tiny compare (2 games
per system on the skirmish, in this process) is shared by the tests that read its report and stores."""
from __future__ import annotations

import json
import shutil
import sqlite3
import statistics
from pathlib import Path

import pytest
from click.testing import CliRunner

from wartime.balance.accumulator import AttackLog
from wartime.balance.compare import MAX_DEF, armour_value, scenario_lists
from wartime.balance.store import ResultStore, read_store
from wartime.cli import main

# its own worker (the balance group is the longest); whole compare runs: `.ci/run`'s slow pass (the fast suite's 5 min)
pytestmark = [pytest.mark.xdist_group("compare"), pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
SKIRMISH = ROOT / "scenarios" / "skirmish.toml"
SYSTEMS = ("wartime", "wrath-glory", "d6", "d20")


def run(*args):
    return CliRunner().invoke(main, ["compare", *[str(a) for a in args]])


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("compare") / "out"
    r = run("--scenario", SKIRMISH, "--games", 2, "--backend", "inline", "--no-progress", "--out", out)
    assert r.exit_code == 0, r.output
    return out


def stored_games(path: Path) -> list[dict]:
    conn = sqlite3.connect(str(path))
    conn.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in conn.execute("SELECT * FROM games ORDER BY game_key")]
    finally:
        conn.close()


def test_compare_writes_the_report_with_every_system_and_figure(tiny):
    md = (tiny / "compare.md").read_text(encoding="utf-8")
    for s in SYSTEMS:
        assert f"| {s} |" in md
    for measure in ("damage", "incapacitate", "length", "spread", "armour"):
        png = tiny / f"skirmish-{measure}.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f"]({png.name})" in md
    assert not list(tiny.glob(".*.tmp"))                      # nothing half-written left behind


def test_the_numbers_agree_with_the_stores(tiny):
    numbers = json.loads((tiny / "compare.json").read_text(encoding="utf-8"))
    for s in SYSTEMS:
        got = numbers["scenarios"]["skirmish"]["systems"][s]
        games = stored_games(tiny / "stores" / f"skirmish-{s}.sqlite")
        assert got["games"] == len(games) == 2
        assert got["length"]["turns"]["mean"] == pytest.approx(statistics.mean(g["turns"] for g in games))
        assert got["length"]["decisions"]["mean"] == pytest.approx(statistics.mean(g["decisions"] for g in games))
        logs = [json.loads(g["attack_stats"]) for g in games]
        attacks = sum(sum(log["wounds"].values()) for log in logs)
        wounds = sum(int(k) * v for log in logs for k, v in log["wounds"].items())
        dmg = got["damage_per_attack"]
        assert dmg["attacks"] == attacks > 0
        assert dmg["mean"]["mean"] == pytest.approx(wounds / attacks)
        assert sum(x["k"] for x in dmg["share"].values()) == attacks
        # every attack is a hit or a miss event: as many as the characters' hits and misses (no area weapons here)
        chars = read_store(tiny / "stores" / f"skirmish-{s}.sqlite")["characters"]
        assert attacks == sum(c["hits"] + c["misses"] for c in chars)
        # the spread is the shooters' score minus the brawlers', from the winners of the stored games
        side = {g["game_key"]: "red" if g["red_list"] == "shooters" else "blue" for g in games}
        score = sum(0.5 if g["winner"] is None else float(g["winner"] == side[g["game_key"]])
                    for g in games) / len(games)
        assert got["spread"]["spread"] == pytest.approx(2 * score - 1)


def test_every_system_plays_the_same_game_seeds(tiny):
    """Common random numbers: game k of a pairing has the same key and seed under every system."""
    seeds = {s: [(g["game_key"], g["seed"]) for g in stored_games(tiny / "stores" / f"skirmish-{s}.sqlite")]
             for s in SYSTEMS}
    assert all(v == seeds["wartime"] for v in seeds.values())
    assert len(seeds["wartime"]) == 2


def test_resume_plays_only_the_missing_games(tiny, tmp_path):
    out = tmp_path / "out"
    (out / "stores").mkdir(parents=True)
    shutil.copy(tiny / "stores" / "skirmish-wartime.sqlite", out / "stores")
    before = stored_games(out / "stores" / "skirmish-wartime.sqlite")
    r = run("--scenario", SKIRMISH, "--systems", "wartime", "--games", 4, "--backend", "inline", "--no-progress",
            "--resume", "--out", out)
    assert r.exit_code == 0, r.output
    after = stored_games(out / "stores" / "skirmish-wartime.sqlite")
    assert len(after) == 4 and len({g["game_key"] for g in after}) == 4
    kept = {g["game_key"]: g for g in after}
    for g in before:                                          # the stored games were not played again
        assert kept[g["game_key"]] == g
    again = run("--scenario", SKIRMISH, "--systems", "wartime", "--games", 4, "--backend", "inline",
                "--no-progress", "--resume", "--out", out)
    assert again.exit_code == 0, again.output
    assert "0 games to play" in again.output
    assert stored_games(out / "stores" / "skirmish-wartime.sqlite") == after


def test_a_new_compare_refuses_an_existing_store(tiny, tmp_path):
    out = tmp_path / "out"
    (out / "stores").mkdir(parents=True)
    shutil.copy(tiny / "stores" / "skirmish-d6.sqlite", out / "stores")
    r = run("--scenario", SKIRMISH, "--systems", "d6", "--games", 2, "--backend", "inline", "--out", out)
    assert r.exit_code == 2
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and "skirmish-d6.sqlite" in lines[0] and "--resume" in lines[0]


@pytest.mark.parametrize("args, names", [
    (["--systems", "wartime,gurps"], "'gurps'"),
    (["--scenario", "no/such/scenario.toml"], "no/such/scenario.toml"),
    (["--systems", ","], "--systems"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, names):
    r = run(*args, "--games", 2, "--backend", "inline", "--out", tmp_path / "out")
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and names in lines[0] and "Traceback" not in r.output
    assert not (tmp_path / "out" / "stores").exists()


def test_armour_lowers_the_expected_wounds_under_every_system():
    """The value of armour, exact: under each system a higher ΣDEF never makes the reference attacks more harmful,
    and the full range ΣDEF 0 → MAX_DEF does lower them — Wartime: CMB-3 / CMB-4 (CH DEF against ΣDEF, wounds
    DMG − ΣDEF); Wrath & Glory: WNG-27 (Resilience = ΣDEF + 1 soaks damage); D6: SWD6-8 / SWD6-10 (Strength +
    armour code against the damage roll); d20: SGD20-5 (Defence = 10 + ΣDEF + Dex: fewer hits)."""
    red, blue = scenario_lists(SKIRMISH, None, None)
    v = armour_value(SKIRMISH, red, blue, SYSTEMS)
    assert [r["kind"] for r in v["references"]] == ["ranged", "melee"]
    for ref in v["references"]:
        for s in SYSTEMS:
            series = ref["systems"][s]
            assert [x["def"] for x in series] == list(range(MAX_DEF + 1))
            for key in ("expected_wounds", "p_hit", "p_incapacitate"):
                vals = [x[key] for x in series]
                assert all(a >= b for a, b in zip(vals, vals[1:])), (ref["kind"], s, key, vals)
            first, last = series[0], series[-1]
            # d20's armour only turns hits into misses (its criticals hit anyway: the wounds come from them)
            harm = "p_hit" if s == "d20" else "expected_wounds"
            assert last[harm] < first[harm], (ref["kind"], s)


def test_the_attack_log_counts_wounds_per_attack_and_attacks_until_a_casualty():
    class FakeGs:
        @staticmethod
        def minis():
            return [1, 2, 3]

    class FakeMatch:
        gs = FakeGs()

    log = AttackLog()
    log.before(FakeMatch())
    events = [
        {"type": "turn_start", "turn": 1},
        {"type": "miss", "attacker": 1, "target": 2},
        {"type": "hit", "attacker": 1, "target": 2, "dmg": 4},
        {"type": "wounds", "who": 2, "source": 1, "amount": 2},
        {"type": "wounds", "who": 1, "source": None, "amount": 1},       # a fumble's own wound: not the attack's
        {"type": "action_resolved", "who": 1},
        {"type": "turn_start", "turn": 2},
        {"type": "hit", "attacker": 3, "target": 2, "dmg": 5},
        {"type": "wounds", "who": 2, "source": 3, "amount": 4},
        {"type": "life", "who": 2, "state": "incapacitated"},
        {"type": "hit", "attacker": 3, "target": 1, "area": 7},         # an area hit: received, not an attack
        {"type": "life", "who": 2, "state": "dead"},                    # fell once
    ]
    log.steps([("e", e) for e in events] + [("d", {})])
    assert log.summary() == {"wounds": {"0": 1, "2": 1, "4": 1}, "down": [3], "up": [1, 0], "first_down": 2}


def test_a_store_without_the_attack_stats_column_stays_readable(tmp_path):
    """Stores written before `attack_stats` existed: resumable (games added without it) and readable (None)."""
    from wartime import __version__
    from wartime.balance.runner import make_config, plan_games
    from wartime.balance.worker import run_game
    from wartime.match.record import rules_data_hash
    red, blue = scenario_lists(SKIRMISH, None, None)
    config = make_config(SKIRMISH, [red, blue], seed=5)
    path = tmp_path / "old.sqlite"
    ResultStore.create(path, config.to_json(), 1, __version__, rules_data_hash()).close()
    conn = sqlite3.connect(str(path))
    conn.execute("ALTER TABLE games DROP COLUMN attack_stats")
    conn.close()
    with ResultStore.open(path) as store:
        store.add(run_game(plan_games(config, 1)[0]))
    games = read_store(path)["games"]
    assert len(games) == 1 and games[0]["attack_stats"] is None


def test_a_damaged_attack_stats_value_is_one_line_naming_the_store(tiny, tmp_path):
    out = tmp_path / "out"
    (out / "stores").mkdir(parents=True)
    shutil.copy(tiny / "stores" / "skirmish-wartime.sqlite", out / "stores")
    conn = sqlite3.connect(str(out / "stores" / "skirmish-wartime.sqlite"))
    conn.execute("UPDATE games SET attack_stats = '{\"wounds\": 5}'")
    conn.commit()
    conn.close()
    r = run("--scenario", SKIRMISH, "--systems", "wartime", "--games", 2, "--backend", "inline", "--no-progress",
            "--resume", "--out", out)
    assert r.exit_code == 2, r.output
    last = r.output.strip().splitlines()[-1]
    assert "skirmish-wartime.sqlite: damaged results store" in last and "Traceback" not in r.output


def test_report_only_plays_nothing_and_reports_what_is_stored(tiny, tmp_path):
    out = tmp_path / "out"
    shutil.copytree(tiny / "stores", out / "stores")
    r = run("--scenario", SKIRMISH, "--games", 50, "--report-only", "--out", out)
    assert r.exit_code == 0, r.output
    numbers = json.loads((out / "compare.json").read_text(encoding="utf-8"))
    assert {s: numbers["scenarios"]["skirmish"]["systems"][s]["games"] for s in SYSTEMS} == dict.fromkeys(SYSTEMS, 2)
    assert stored_games(out / "stores" / "skirmish-d20.sqlite") == stored_games(tiny / "stores" / "skirmish-d20.sqlite")
    first = (out / "compare.json").read_bytes()
    assert run("--scenario", SKIRMISH, "--report-only", "--out", out).exit_code == 0
    assert (out / "compare.json").read_bytes() == first                 # deterministic (seeded bootstrap)
    assert (out / "compare.md").read_bytes() == (tiny / "compare.md").read_bytes()
    missing = run("--scenario", SKIRMISH, "--report-only", "--out", tmp_path / "none")
    assert missing.exit_code == 2 and len(missing.output.strip().splitlines()) == 1
    assert "no such results store" in missing.output
