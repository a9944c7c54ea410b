"""Issue 19: a full disk or an unwritable folder under `wartime batch --out` and `wartime report --out` is one
clear line and exit 2, never a traceback; the store keeps only whole games (a resume after freeing space
completes the batch exactly) and an earlier report is left as it was."""
from __future__ import annotations

import os

import pytest
from click.testing import CliRunner

from wartime.balance.store import ResultStore, StoreError, lock_path
from wartime.cli import main
from tests.disk_helpers import no_space, tiny_disk  # noqa: F401 (tiny_disk: a fixture)

from .conftest import GAMES, LISTS, SEED, SKIRMISH, rows
from .test_balance_lopsided import lopsided_store  # noqa: F401 - a fixture

pytestmark = pytest.mark.xdist_group("balance")


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


_no_space = no_space


def _ends_with_one_error_line(r, *words: str) -> str:
    assert r.exit_code == 2, (r.output, r.exception)
    assert "Traceback" not in r.output and isinstance(r.exception, SystemExit), r.output
    errors = [line for line in r.output.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and r.output.rstrip().splitlines()[-1] == errors[0], r.output
    assert all(w in errors[0] for w in words), errors[0]
    return errors[0]


def _batch(out, *extra):
    return cli("batch", "--scenario", SKIRMISH, "--lists", *LISTS, "--games", GAMES, "--seed", SEED,
               "--backend", "inline", "--no-progress", "--out", out, *extra)


def _whole_games_only(path) -> int:
    got = rows(path)
    keys = [g["game_key"] for g in got["games"]]
    assert len(keys) == len(set(keys))
    assert {c["game_key"] for c in got["characters"]} == set(keys)
    return len(keys)


# --- wartime batch --out ----------------------------------------------------------------------------
@pytest.mark.slow            # whole batches on a process pool: `.ci/run`'s slow pass (the fast suite's 5 min)
def test_batch_on_a_full_disk_stops_with_one_line_and_resumes_exactly(reference_store, tmp_path, monkeypatch):
    """SQLite's own "disk full" (SQLITE_FULL, injected with max_page_count once the store exists): the game
    being stored is rolled back, the error is one line, and a resume with room completes the batch."""
    add = ResultStore.add

    def add_on_a_full_disk(self, result):
        if not getattr(self, "_full", False):
            pages = self.conn.execute("PRAGMA page_count").fetchone()[0]
            self.conn.execute(f"PRAGMA max_page_count = {pages + 2}")
            self._full = True
        add(self, result)

    monkeypatch.setattr(ResultStore, "add", add_on_a_full_disk)
    out = tmp_path / "full.sqlite"
    line = _ends_with_one_error_line(_batch(out), str(out), "disk is full", "--resume")
    monkeypatch.undo()
    stored = _whole_games_only(out)
    assert stored < GAMES and f"{stored} finished games are stored" in line
    r = cli("batch", "--resume", "--out", out, "--workers", 1, "--no-progress")
    assert r.exit_code == 0, r.output
    assert rows(out) == rows(reference_store)


def test_batch_into_an_unwritable_folder_is_one_line(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    _ends_with_one_error_line(_batch(blocker / "results.sqlite"), str(blocker))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["not-a-folder"]


def test_batch_on_a_real_full_disk_is_one_line_and_keeps_whole_games(tiny_disk):
    out = tiny_disk / "results.sqlite"
    r = _batch(out)
    if r.exit_code == 0:
        pytest.skip("the batch fitted in the tiny disk")
    _ends_with_one_error_line(r, str(out))
    if out.exists() and out.stat().st_size:
        _whole_games_only(out)


# --- wartime report --out ---------------------------------------------------------------------------
def _tree(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_report_on_a_full_disk_is_one_line_and_keeps_the_earlier_report(lopsided_store, tmp_path,  # noqa: F811
                                                                          monkeypatch):
    out = tmp_path / "report"
    assert cli("report", lopsided_store, "--out", out).exit_code == 0
    before = _tree(out)
    monkeypatch.setattr(os, "fsync", _no_space)
    r = cli("report", lopsided_store, "--out", out)
    monkeypatch.undo()
    _ends_with_one_error_line(r, str(out), "No space left on device")
    assert _tree(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lopsided.sqlite", "report"]


def test_report_into_an_unwritable_folder_is_one_line(lopsided_store, tmp_path):  # noqa: F811
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file")
    _ends_with_one_error_line(cli("report", lopsided_store, "--out", blocker / "report"), str(blocker))


def test_report_on_a_real_full_disk_is_one_line_and_leaves_nothing(lopsided_store, tiny_disk):  # noqa: F811
    r = cli("report", lopsided_store, "--out", tiny_disk / "report")
    _ends_with_one_error_line(r, str(tiny_disk / "report"))
    assert list(tiny_disk.iterdir()) == []


def test_a_second_writer_of_a_results_store_stops_at_once(lopsided_store, tmp_path):  # noqa: F811
    """Robustness (issue 20's batch store): while one batch holds a store open to write, a second one on the same
    file (`wartime batch --resume --out`) stops at once with one line naming the store, before playing any game;
    once the first closes it, the store opens again and no lock file is left beside it."""
    first = ResultStore.open(lopsided_store)
    try:
        with pytest.raises(StoreError, match="another batch is writing"):
            ResultStore.open(lopsided_store)
        r = cli("batch", "--resume", "--out", lopsided_store, "--workers", "1")
        assert r.exit_code != 0 and "another batch is writing" in r.output, r.output
        assert "Traceback" not in r.output
    finally:
        first.close()
    assert not lock_path(lopsided_store).exists()
    ResultStore.open(lopsided_store).close()
