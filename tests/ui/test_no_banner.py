"""Issue 14 (words): no pygame banner before the output of `main.py` or of any `wartime` command (it breaks
`--json` consumers). Run in fresh processes, without the test session's PYGAME_HIDE_SUPPORT_PROMPT."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    env["SDL_VIDEODRIVER"] = "dummy"
    r = subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    return r.stdout + r.stderr


def test_main_help_starts_with_usage_not_a_banner():
    assert _run("main.py", "--help").startswith("usage: main.py")


def test_wartime_cli_help_has_no_banner():
    assert "pygame" not in _run("-m", "wartime.cli", "--help").lower().split("usage")[0]
