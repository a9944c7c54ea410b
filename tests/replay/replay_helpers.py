"""Shared helpers of the replay and save tests."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from wartime.cli import main
from wartime.match.record import load_record, record_text

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
GOLDENS = sorted(GOLDEN.glob("*.jsonl"))
SKIRMISH = ROOT / "scenarios" / "skirmish.toml"
CROSSROADS = ROOT / "scenarios" / "crossroads.toml"


def run(*args):
    """The `wartime` command in process (click's runner keeps stdout and stderr apart)."""
    return CliRunner().invoke(main, [str(a) for a in args])


def rechain(path: Path, edit) -> None:
    """Rewrite a record after `edit(entries)` changed its entries, with a valid hash chain: a record that is
    intact as a file but whose content no longer matches the game (for divergence tests)."""
    rec = load_record(path)
    header = {k: v for k, v in rec.header.items() if k != "h"}
    entries = [(k, json.loads(json.dumps(p))) for k, p in rec.entries]
    edit(entries)
    path.write_text(record_text(header, entries), encoding="utf-8")
