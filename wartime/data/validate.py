"""Whole-file validation: ``validate_path(path)`` → the ``file: field: problem`` lines (BLD-24, E1-E10).

* catalogue: every archetype and character (E1-E7, E9);
* list: its catalogue and units (E8); no points limit applies without a scenario;
* scenario: the scenario itself, each default list, and each list against the scenario's points_limit (E10).
"""
from __future__ import annotations

import os

from wartime.core.errors import DataError
from wartime.data.loader import check_list_against_scenario, load_any, load_army_list, printable_problems
from wartime.data.models import SIDES, Scenario

__all__ = ["validate_path"]


def validate_path(path: str | os.PathLike[str], *, allow_outside: bool = False) -> list[str]:
    """Validate any data file; returns its problem lines (empty when it is valid). Never raises DataError.
    ``allow_outside`` lets references leave their folders (``docs/data-formats.md``, "References")."""
    try:
        kind, model = load_any(path, allow_outside=allow_outside)
    except DataError as exc:
        return exc.lines()
    problems: list[tuple[str, str, str]] = []
    if kind == "scenario":
        assert isinstance(model, Scenario)
        for side in SIDES:
            list_path = model.default_lists.get(side)
            if list_path is None:
                continue
            try:
                army = load_army_list(list_path, allow_outside=allow_outside)
            except DataError as exc:
                problems.extend(exc.problems)
                continue
            problems.extend(check_list_against_scenario(army, model))
    return DataError(printable_problems(problems)).lines() if problems else []
