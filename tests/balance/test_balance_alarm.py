"""Balance runs of alarm scenarios (issue 17): every defender list plays red against the scenario's attacker
catalogue (blue), and the report gives the heroes' victory and survival rates with Wilson 95 % intervals against
the alarm's shape, with a figure."""
from __future__ import annotations

from pathlib import Path

import pytest

from wartime import __version__
from wartime.balance.report import write_report
from wartime.balance.runner import BatchError, make_config, open_executor, pairings, run_batch
from wartime.balance.store import ResultStore
from wartime.match.record import rules_data_hash

pytestmark = pytest.mark.xdist_group("balance")
ROOT = Path(__file__).resolve().parents[2]
VAULT = ROOT / "scenarios" / "alarm" / "hold-the-vault.toml"
HEROES = ROOT / "scenarios" / "alarm" / "lists" / "heroes.toml"


def test_alarm_batch_pairs_defenders_with_the_catalogue_only() -> None:
    config = make_config(VAULT, [HEROES])
    assert config.alarm_catalogue == "bestiary"
    assert [(a.key, b.key) for a, b in pairings(config)] == [("heroes", "bestiary")]
    with pytest.raises(BatchError, match="do not apply"):
        make_config(VAULT, [HEROES], handicap=True)


def test_alarm_report_gives_victory_and_survival_with_wilson_intervals(tmp_path: Path) -> None:
    config = make_config(VAULT, [HEROES], seed=3)
    path = tmp_path / "alarm.sqlite"
    store = ResultStore.create(path, config.to_json(), 2, __version__, rules_data_hash())
    with store, open_executor("inline") as (ex, slots):
        run_batch(config, store, 2, ex, slots, progress=False)
    out = write_report([path], tmp_path / "report")
    text = (out / "report.md").read_text(encoding="utf-8")
    assert "### Alarm: the heroes' victory and survival" in text
    assert "preset row `601-1200 / Normal`, lethal ratio r = 0.6" in text and "N = 14 points per VP" in text
    assert (out / "hold-the-vault-alarm.png").stat().st_size > 0
    import json
    rows = json.loads((out / "summary.json").read_text())["scenarios"]["hold-the-vault"]["alarm"]["defenders"]
    assert rows[0]["games"] == 2 and rows[0]["heroes"] == 6
    assert 0.0 <= rows[0]["survival_low"] <= rows[0]["survival_high"] <= 1.0
