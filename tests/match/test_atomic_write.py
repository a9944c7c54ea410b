"""Issue 19: nothing the project writes is ever half-written. The atomic writer of records and saves leaves the
previous file intact when the write fails (a full disk, an unwritable folder) or the process is killed in the
middle; `wartime simulate --out` then says so in one line and exits 2."""
from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from wartime.cli import main
from wartime.match.record import atomic_write_text
from tests.disk_helpers import no_space, tiny_disk  # noqa: F401 (tiny_disk: a fixture)

ROOT = Path(__file__).resolve().parents[2]
SKIRMISH = ROOT / "scenarios" / "skirmish.toml"
OLD = '{"the": "previous file"}\n'


_no_space = no_space


def _only_file(path: Path) -> None:
    """`path` holds the previous content and nothing else was left beside it (no temporary file)."""
    assert path.read_text() == OLD
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


# --- the writer ------------------------------------------------------------------------------------------
def test_a_failed_write_leaves_the_previous_file_and_names_the_target(tmp_path, monkeypatch):
    path = tmp_path / "game.jsonl"
    path.write_text(OLD)
    monkeypatch.setattr(os, "fsync", _no_space)
    with pytest.raises(OSError) as info:
        atomic_write_text(path, "new\n" * 100_000)
    assert info.value.errno == errno.ENOSPC and info.value.filename == str(path)
    monkeypatch.undo()
    _only_file(path)


def test_a_write_into_a_folder_that_cannot_be_made_fails_cleanly(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    with pytest.raises(OSError) as info:
        atomic_write_text(blocker / "game.jsonl", "new\n")
    assert info.value.filename == str(blocker / "game.jsonl")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["not-a-folder"]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_write_into_a_read_only_folder_fails_cleanly(tmp_path):
    path = tmp_path / "game.jsonl"
    path.write_text(OLD)
    tmp_path.chmod(0o555)
    try:
        with pytest.raises(PermissionError):
            atomic_write_text(path, "new\n")
    finally:
        tmp_path.chmod(0o755)
    _only_file(path)


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_a_process_killed_while_writing_leaves_the_previous_file(tmp_path):
    """A subprocess writes a 16 MB record through the atomic writer and is killed with SIGKILL after the data is
    written and before the rename (its fsync waits to be killed): the previous file is whole and unchanged."""
    path = tmp_path / "game.jsonl"
    path.write_text(OLD)
    script = textwrap.dedent(f"""
        import os, sys, time
        from wartime.match.record import atomic_write_text
        def fsync(fd):
            print("written", flush=True)
            time.sleep(60)
        os.fsync = fsync
        atomic_write_text({str(path)!r}, '{{"event": "x"}}\\n' * 1_000_000)
        print("renamed", flush=True)
    """)
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert proc.stdout.readline().strip() == "written"
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == -signal.SIGKILL
    assert path.read_text() == OLD
    # the killed writer's temporary file is hidden beside it (never read), complete or not
    left = [p.name for p in tmp_path.iterdir() if p.name != path.name]
    assert all(n.startswith(".game.jsonl.") and n.endswith(".tmp") for n in left)


def test_a_real_full_disk_leaves_the_previous_file(tiny_disk):
    path = tiny_disk / "game.jsonl"
    path.write_text(OLD)
    with pytest.raises(OSError) as info:
        atomic_write_text(path, "x" * 200_000)
    assert info.value.errno == errno.ENOSPC and info.value.filename == str(path)
    _only_file(path)


# --- wartime simulate --out ------------------------------------------------------------------------------
def _simulate(out: Path, *extra: str) -> tuple[int, str]:
    r = CliRunner().invoke(main, ["simulate", "--scenario", str(SKIRMISH), "--seed", "3", *extra, "--out", str(out)])
    return r.exit_code, r.output


def _one_clear_line(code: int, output: str, *words: str) -> None:
    assert code == 2, output
    lines = output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in output, output
    assert all(w in lines[0] for w in words), output


def test_simulate_on_a_full_disk_is_one_line_and_exit_2(tmp_path, monkeypatch):
    out = tmp_path / "game.jsonl"
    out.write_text(OLD)
    monkeypatch.setattr(os, "fsync", _no_space)
    code, output = _simulate(out, "--stop-after", "30")
    monkeypatch.undo()
    _one_clear_line(code, output, "No space left on device", str(out))
    _only_file(out)


def test_simulate_into_an_unwritable_folder_is_one_line_and_exit_2(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file")
    code, output = _simulate(blocker / "game.jsonl", "--stop-after", "30")
    _one_clear_line(code, output, str(blocker / "game.jsonl"))


def test_simulate_on_a_real_full_disk_is_one_line_and_exit_2(tiny_disk):
    out = tiny_disk / "game.jsonl"
    out.write_text(OLD)
    code, output = _simulate(out)               # a whole game's record: ~1 MB
    _one_clear_line(code, output, "No space left on device", str(out))
    _only_file(out)
