"""Shared by the full-disk tests (tests/balance/test_balance_disk.py, tests/match/test_atomic_write.py): an
injected ENOSPC and a real tiny tmpfs."""
from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys

import pytest


def no_space(*_args, **_kw):
    """Stand-in for a write call on a full disk."""
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.fixture()
def tiny_disk(tmp_path):
    """A 64 kB tmpfs: a real full disk (needs root and mount; skipped elsewhere)."""
    if not sys.platform.startswith("linux") or os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("mounting a tiny tmpfs needs Linux and root")
    d = tmp_path / "tiny"
    d.mkdir()
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(d)], capture_output=True)
    if r.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {r.stderr.decode(errors='replace').strip()}")
    try:
        yield d
    finally:
        subprocess.run(["umount", "-l", str(d)], capture_output=True)
