"""The costs of any data file (``wartime cost PATH --json``): its archetypes, characters and lists priced by
data.costs (BLD-2, BLD-4, BLD-22, BLD-24)."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from wartime.data.costs import archetype_cost, character_cost, list_cost, list_notices
from wartime.data.loader import load_any, load_army_list, load_catalogue
from wartime.data.models import ArmyList, Catalogue, Scenario


def _catalogue_part(cat: Catalogue, into: dict[str, Any]) -> None:
    into.setdefault("archetypes", {}).update({k: archetype_cost(a) for k, a in cat.archetypes.items()})
    into.setdefault("characters", {}).update({k: character_cost(c) for k, c in cat.characters.items()})


def _list_part(army: ArmyList) -> dict[str, Any]:
    return {
        "path": os.path.normpath(army.path),
        "cost": list_cost(army),
        "characters": [
            {
                "id": u.character.id,
                "name": u.character.name,
                "count": u.count,
                "cost": character_cost(u.character),
                "subtotal": character_cost(u.character) * u.count,
            }
            for u in army.units
        ],
        "miniatures": sum(u.count for u in army.units),
        "notices": list_notices(army),
    }


def cost_report(path: str | os.PathLike[str], *, allow_outside: bool = False) -> dict[str, Any]:
    """The costs of any data file, as a JSON-ready dict (used by ``wartime cost PATH --json``).

    * catalogue: ``{"type", "name", "archetypes": {id: cost}, "characters": {id: charged cost}}``;
    * list: the same for its catalogue, plus ``"lists": {name: {"path", "cost", "characters": [{"id",
      "name", "count", "cost", "subtotal"}], "miniatures", "notices"}}``;
    * scenario: ``"points_limit"`` and ``"lists"`` for its default lists, each also with ``"side"`` and
      ``"within_limit"`` (BLD-22), plus their catalogues' archetypes and characters.

    Raises :class:`~wartime.core.errors.DataError` for an invalid file.
    """
    kind, model = load_any(Path(path), allow_outside=allow_outside)
    report: dict[str, Any] = {"type": kind, "name": getattr(model, "name", "")}
    if isinstance(model, Catalogue):
        _catalogue_part(model, report)
    elif isinstance(model, ArmyList):
        if model.catalogue is not None:
            _catalogue_part(load_catalogue(model.catalogue), report)
        report["lists"] = {model.name: _list_part(model)}
    elif isinstance(model, Scenario):
        report["points_limit"] = model.points_limit
        report["turn_limit"] = model.turn_limit
        report.setdefault("archetypes", {})
        report.setdefault("characters", {})
        lists: dict[str, Any] = {}
        for side, list_path in model.default_lists.items():
            army = load_army_list(list_path, allow_outside=allow_outside)
            if army.catalogue is not None:
                _catalogue_part(load_catalogue(army.catalogue), report)
            part = _list_part(army)
            part["side"] = side
            part["within_limit"] = part["cost"] <= model.points_limit
            key = army.name if army.name not in lists else f"{army.name} ({side})"
            lists[key] = part
        report["lists"] = lists
    return report
