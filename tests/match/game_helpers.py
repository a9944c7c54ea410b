"""Shared helpers for whole-game tests."""
from __future__ import annotations

from pathlib import Path

from wartime.ai import make_controller
from wartime.data.loader import load_army_list, load_scenario
from wartime.match.match import Match, derive_seed

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.toml"))
LISTS = sorted((ROOT / "scenarios" / "lists").glob("*.toml"))


def make_match(scenario_path, seed: int, red: str = "scripted", blue: str = "scripted", lists=None) -> Match:
    sc = load_scenario(scenario_path)
    if lists is None:
        lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    ctr = {"red": make_controller(red, derive_seed(seed, "controller:red")),
           "blue": make_controller(blue, derive_seed(seed, "controller:blue"))}
    return Match(sc, lists, seed, ctr)
