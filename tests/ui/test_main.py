"""`python main.py` and its options: both players, either side the AI, the army lists."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from ui_helpers import ROOT

from wartime.ui.adapter import AI, HUMAN
from wartime.ui.app import parse_args, run, setup_from_args


def test_run_opens_the_default_scenario_and_stops_after_max_frames(tmp_path):
    assert run(["--seed", "5", "--size", "1000x700", "--saves", str(tmp_path)], max_frames=3) == 0


def test_sides_and_lists_from_the_command_line():
    s = setup_from_args(parse_args(["--seed", "1"]))
    assert s.controllers == {"red": HUMAN, "blue": HUMAN} and s.lists == {"red": None, "blue": None}
    s = setup_from_args(parse_args(["--blue", "ai"]))
    assert s.controllers == {"red": HUMAN, "blue": AI} and s.lists["blue"] is None
    s = setup_from_args(parse_args(["--red", "ai:scenarios/lists/mixed.toml", "--blue", "scenarios/lists/armoured.toml"]))
    assert s.controllers == {"red": AI, "blue": HUMAN}
    assert s.lists == {"red": "scenarios/lists/mixed.toml", "blue": "scenarios/lists/armoured.toml"}
    s = setup_from_args(parse_args(["--red-ai", "--red-list", "scenarios/lists/mixed.toml"]))
    assert s.controllers["red"] == AI and s.lists["red"] == "scenarios/lists/mixed.toml"
    with pytest.raises(SystemExit):
        setup_from_args(parse_args(["--red", "a.toml", "--red-list", "b.toml"]))


def test_main_py_help_and_a_bad_list(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "main.py", "--help"], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0 and "ai:LIST" in out.stdout and "--blue-ai" in out.stdout
    out = subprocess.run([sys.executable, "main.py", "--red", "nowhere.toml", "--frames", "2"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "nowhere.toml" in out.stderr
    out = subprocess.run([sys.executable, "main.py", "--frames", "2", "--seed", "1", "--saves", str(tmp_path)],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
