"""`wartime batch --alarm-shape` (issue 17): an alarm scenario played once per [alarm] shape, each shape validated
by the scenario loader, stored per game, and compared in the report (one row per shape and defender list)."""
from __future__ import annotations

import math
from pathlib import Path

import pytest

from wartime import __version__
from wartime.balance import alarm_report
from wartime.balance.alarm_shapes import ShapeError, check_shapes, load_shaped, parse_shape
from wartime.balance.runner import BatchError, game_seed, make_config, open_executor, plan_games, run_batch, units
from wartime.balance.store import ResultStore, read_store
from wartime.data.alarm_data import alarm_presets
from wartime.match.record import rules_data_hash
from wartime.rules import alarm

pytestmark = pytest.mark.xdist_group("balance")
ROOT = Path(__file__).resolve().parents[2]
VAULT = ROOT / "scenarios" / "alarm" / "hold-the-vault.toml"
HEROES = ROOT / "scenarios" / "alarm" / "lists" / "heroes.toml"


def test_ALM_32_bad_alarm_shape_values_are_one_line_each_naming_value_field_and_problem() -> None:
    with pytest.raises(ShapeError) as err:
        check_shapes(VAULT, ["preset=nope", "vpo=x", "foo=1", "divisor=3,vpo=6,vpl=13", "vpo=20,vpl=13", "vpo"])
    lines = str(err.value).splitlines()
    assert lines == [
        "--alarm-shape 'preset=nope': alarm.preset: ALM-14: unknown preset 'nope'"
        + lines[0].removeprefix("--alarm-shape 'preset=nope': alarm.preset: ALM-14: unknown preset 'nope'"),
        "--alarm-shape 'vpo=x': alarm.vpo: expected a number, got 'x'",
        "--alarm-shape 'foo=1': alarm.foo: not a shape field (one of preset, vpo, vpl, vpr, divisor, lethal_ratio, "
        "rounds)",
        "--alarm-shape 'divisor=3,vpo=6,vpl=13': alarm.divisor: ALM-10: the divisor is 4 or 2, got 3",
        "--alarm-shape 'vpo=20,vpl=13': alarm.vpo: ALM-11: VPo (20) must be less than VPl (13); it would give an "
        "alarm of 0 rounds or less",
        "--alarm-shape 'vpo': expected FIELD=VALUE[,FIELD=VALUE...], got 'vpo'",
    ]
    with pytest.raises(BatchError, match="alarm.divisor"):
        make_config(VAULT, [HEROES], alarm_shapes=["divisor=3"])
    with pytest.raises(BatchError, match="no \\[alarm\\] table"):
        make_config(ROOT / "scenarios" / "crossroads.toml", [HEROES, HEROES], alarm_shapes=["lethal_ratio=1"])


def test_ALM_14_preset_row_shape_replaces_the_scenario_row_spaces_optional() -> None:
    assert parse_shape("preset=0-600/Hard") == {"preset": "0-600 / Hard"}
    sc = load_shaped(VAULT, "preset=0-600 / Hard")
    row = alarm_presets()["0-600 / Hard"]
    assert (sc.alarm.preset, sc.alarm.vpo, sc.alarm.vpl, sc.alarm.vpr, sc.alarm.rounds) == \
        ("0-600 / Hard", row.vpo, row.vpl, row.vpr, row.rounds)
    assert sc.alarm.lethal_ratio == 0.6          # the file's other fields stay


def test_ALM_9_ALM_10_ALM_11_divisor_shape_replaces_the_preset_row() -> None:
    sc = load_shaped(VAULT, "vpo=6,vpl=13,divisor=2")
    a = sc.alarm
    assert (a.preset, a.vpo, a.vpl, a.divisor) == ("", 6, 13, 2)
    assert a.vpr == math.ceil(6 / 2) and a.rounds == math.ceil((13 - 6) / 3)


def test_ALM_32_lethal_ratio_shape_changes_N_points_per_VP() -> None:
    sc = load_shaped(VAULT, "lethal_ratio=0.8")
    assert sc.alarm.preset == "601-1200 / Normal"
    assert alarm.shape(sc.alarm, sc.points_limit).n == round(0.8 * sc.points_limit / sc.alarm.vpl)


def test_ALM_32_each_shape_is_a_variant_with_its_own_game_keys_and_seeds() -> None:
    plain = make_config(VAULT, [HEROES], seed=5)
    config = make_config(VAULT, [HEROES], seed=5, alarm_shapes=["lethal_ratio=0.80", "preset=601-1200/Normal",
                                                                 "lethal_ratio=0.8"])
    assert config.alarm_shapes == ("lethal_ratio=0.8", "preset=601-1200 / Normal")      # canonical, deduplicated
    assert units(config) == 2 and units(plain) == 1
    specs = plan_games(config, 2)
    assert [(s.alarm_shape, s.index) for s in specs] == [("lethal_ratio=0.8", 0), ("preset=601-1200 / Normal", 0),
                                                         ("lethal_ratio=0.8", 1), ("preset=601-1200 / Normal", 1)]
    assert specs[0].key == "hold-the-vault[lethal_ratio=0.8]:heroes:bestiary:scripted:scripted:0"
    assert all(s.seed == game_seed(5, s.key) for s in specs) and len({s.seed for s in specs}) == 4
    assert [s.key for s in plan_games(plain, 1)] == ["hold-the-vault:heroes:bestiary:scripted:scripted:0"]
    assert type(config).from_json(config.to_json()) == config and "alarm_shapes" not in plain.to_json()


class _Doc:
    def __init__(self) -> None:
        self.text: list[str] = []
        self.rows: list[list] = []

    def h(self, level, text):
        self.text.append(text)

    def p(self, text):
        self.text.append(text)

    def table(self, head, rows):
        self.rows = rows

    def img(self, f, alt):
        self.text.append(f)


class _Plots:
    bars: list[dict] = []

    def win_rate_bars(self, bars, path, title, xlabel=""):
        self.bars = bars


def _game(key: str, shape: str | None, winner: str) -> dict:
    return {"game_key": key, "alarm_shape": shape, "red_list": "heroes", "red_list_name": "Heroes", "red_cost": 240,
            "winner": winner, "reason": "alarm_held" if winner == "red" else "alarm_casualties", "turns": 6,
            "scenario": "Hold the vault"}


def test_ALM_13_ALM_32_report_gives_one_row_per_shape_and_defender_with_wilson_rates(tmp_path: Path) -> None:
    configs = [{"scenario": {"key": "hold-the-vault", "path": str(VAULT)}, "alarm_catalogue": "bestiary",
                "alarm_shapes": ["vpo=6,vpl=13,divisor=2", "lethal_ratio=0.8"]}]
    games = [_game("a", "lethal_ratio=0.8", "blue"), _game("b", "lethal_ratio=0.8", "blue"),
             _game("c", "vpo=6,vpl=13,divisor=2", "red"), _game("d", "vpo=6,vpl=13,divisor=2", "blue")]
    chars = [{"game_key": g, "side": "red", "survived": s} for g, s in (("a", 0), ("b", 1), ("c", 1), ("d", 0))]
    doc, plots = _Doc(), _Plots()
    out = alarm_report.section(doc, configs, "hold-the-vault", games, chars, tmp_path, plots)
    assert [s["alarm_shape"] for s in out["shapes"]] == ["vpo=6,vpl=13,divisor=2", "lethal_ratio=0.8"]
    assert [r[0] for r in doc.rows] == ["S1: VPo 6, VPl 13, divisor 2, r 0.6, N 14 pts/VP, d 3",
                                        "S2: preset row `601-1200 / Normal`, r 0.8, N 18 pts/VP, d 4"]
    assert [(r[3], r[4], r[5]) for r in doc.rows] == [(2, 1, "50.0 %"), (2, 0, "0.0 %")]
    s1 = out["shapes"][0]["defenders"][0]
    assert (round(s1["ci_low"], 4), round(s1["ci_high"], 4)) == (0.0945, 0.9055)       # Wilson 95 %, 1 of 2
    assert [b["name"] for b in plots.bars] == ["S1 Heroes: victory", "S1 Heroes: survival", "S2 Heroes: victory",
                                               "S2 Heroes: survival"]
    one = alarm_report.section(_Doc(), configs, "hold-the-vault", games[:2], chars[:2], tmp_path, _Plots())
    assert "r = 0.8" in one["shape"] and "defenders" in one                # one shape: the section as before


@pytest.mark.slow        # plays whole games (~1.2 s)
def test_ALM_32_tiny_batch_of_two_shapes_stores_each_variant_under_its_planned_key(tmp_path: Path) -> None:
    config = make_config(VAULT, [HEROES], seed=3, alarm_shapes=["lethal_ratio=0.8", "vpo=6,vpl=13,divisor=2"])
    path = tmp_path / "shapes.sqlite"
    store = ResultStore.create(path, config.to_json(), 1, __version__, rules_data_hash())
    with store, open_executor("inline") as (ex, slots):
        run_batch(config, store, 1, ex, slots, progress=False)
        assert store.done_keys() == {s.key for s in plan_games(config, 1)}
    games = read_store(path)["games"]
    assert sorted(g["alarm_shape"] for g in games) == ["lethal_ratio=0.8", "vpo=6,vpl=13,divisor=2"]


def compare_cli(*args):
    from click.testing import CliRunner
    from wartime.cli import main
    return CliRunner().invoke(main, ["compare", *[str(a) for a in args]])


def test_ALM_32_compare_plays_each_alarm_shape_as_batch_does(tmp_path):
    """`wartime compare --alarm-shape` (the option `wartime batch` has, one definition): an alarm scenario's games
    are played once per shape, --games shared among them, each stored with its shape; a bad shape is refused
    before anything is played, one line per problem, as batch does."""
    from wartime.cli_balance import batch
    from wartime.cli_compare import compare
    shapes = ("preset=601-1200/Normal", "vpo=6,vpl=13,divisor=2")
    vault = VAULT
    out = tmp_path / "out"
    r = compare_cli("--scenario", vault, "--systems", "wartime", "--games", 2, "--backend", "inline", "--no-progress",
            *[a for s in shapes for a in ("--alarm-shape", s)], "--out", out)
    assert r.exit_code == 0, r.output
    games = read_store(out / "stores" / "hold-the-vault-wartime.sqlite")["games"]
    assert sorted(g["alarm_shape"] for g in games) == ["preset=601-1200 / Normal", "vpo=6,vpl=13,divisor=2"]
    bad = compare_cli("--scenario", vault, "--systems", "wartime", "--alarm-shape", "divisor=3,vpo=6,vpl=13", "--out",
              tmp_path / "bad")
    assert bad.exit_code == 2 and "alarm.divisor: ALM-10: the divisor is 4 or 2, got 3" in bad.output
    assert not (tmp_path / "bad" / "stores").exists()
    ours = [p for p in compare.params if p.name == "alarm_shape"][0]
    theirs = [p for p in batch.params if p.name == "alarm_shape"][0]
    assert (ours.opts, ours.help, ours.multiple) == (theirs.opts, theirs.help, True)
