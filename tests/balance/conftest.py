"""Shared batches of the balance tests: one small reference batch (2 worker processes) that the other tests
compare with, recount and report on. Every test module here marks itself `xdist_group("balance")` so that
under `-n auto --dist loadgroup` the batch is played once."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from wartime import __version__
from wartime.balance.runner import make_config, open_executor, pairings, run_batch, games_per_pairing
from wartime.balance.store import TIMING_COLUMNS, ResultStore
from wartime.match.record import rules_data_hash

ROOT = Path(__file__).resolve().parents[2]
SKIRMISH = ROOT / "scenarios" / "skirmish.toml"
# the two lists whose games are quickest (~0.15 s each): the batches here test plumbing, not balance
LISTS = [ROOT / "scenarios" / "lists" / f"{n}.toml" for n in ("shooters", "brawlers")]
THREE_LISTS = LISTS + [ROOT / "scenarios" / "lists" / "mixed.toml"]
GAMES = 12          # 2 ordered pairings × 6 games
SEED = 11


def reference_config():
    return make_config(SKIRMISH, LISTS, seed=SEED)


def new_store(path, config=None):
    config = config or reference_config()
    per = games_per_pairing(GAMES, len(pairings(config)))
    return ResultStore.create(path, config.to_json(), per, __version__, rules_data_hash()), per


def play(path, workers=2, backend="process", **kw):
    """Run the reference batch into a new store at `path`; return the summary."""
    config = reference_config()
    store, per = new_store(path, config)
    try:
        with open_executor(backend, workers) as (ex, slots):
            return run_batch(config, store, per, ex, slots, progress=False, **kw)
    finally:
        store.close()


def rows(path) -> dict[str, list[dict]]:
    """Every row of a store (plain sqlite3, ordered), without the timing columns."""
    conn = sqlite3.connect(str(path))
    conn.row_factory = sqlite3.Row
    try:
        games = [{k: r[k] for k in r.keys() if k not in TIMING_COLUMNS}
                 for r in conn.execute("SELECT * FROM games ORDER BY game_key")]
        chars = [dict(r) for r in conn.execute("SELECT * FROM characters ORDER BY game_key, entity")]
    finally:
        conn.close()
    return {"games": games, "characters": chars}


@pytest.fixture(scope="session")
def reference_store(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("balance") / "reference.sqlite"
    summary = play(path, workers=2)
    assert summary.played == GAMES
    return path
