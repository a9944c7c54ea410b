"""Read-only rule tables shipped with the package (``wartime/data/tables/``).

Every table is parsed once (``functools.cache``) through :mod:`importlib.resources`, so the engine never
reads the rules digest at run time.

* :func:`race_attribute_costs` -- value → points of a race attribute (BLD-6).
* :func:`weapon_cost_table` -- (ENE, DMG) → base cost of a weapon, ``None`` for an illegal 'x' cell (BLD-13).
* :func:`area_shapes` -- code → :class:`AreaShape` with the points of the trait "Área (code)" (BLD-16).
* :func:`trait_catalogue` -- Spanish name → :class:`TraitDef` (the bonus/malus catalogue, TRT-*).
* :func:`action_table` -- rule ID → the row of ``actions.tsv`` (names, base ENE cost, check, requirements);
  ``tests/rules/test_rules_action_table.py`` binds every registered action's cost and check to it.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from functools import cache
from importlib import resources

__all__ = [
    "AreaShape",
    "TraitDef",
    "race_attribute_costs",
    "weapon_cost_table",
    "area_shapes",
    "trait_catalogue",
    "trait_by_id",
    "action_table",
]

#: The archetype kinds as spelled in the ``applies_to`` column of ``traits.tsv`` → model kinds.
_APPLIES_TO_KIND = {
    "race": "race",
    "weapon": "weapon",
    "protection": "protection",
    "metaability": "metahability",
    "metahability": "metahability",
    "object": "object",
    "transport": "transport",
}


@dataclass(frozen=True)
class AreaShape:
    """One row of the area table (BLD-16): ``points`` is the price of the trait "Área (code)"."""

    code: str
    shape: str  # round | line | jump | drop
    param_a: int  # diameter, length, number of jumps, or the drop's length l
    param_b: int | None  # the drop's diameter d
    area_k2: float
    points: int


@dataclass(frozen=True)
class TraitDef:
    """One trait of the bonus/malus catalogue (``traits.tsv``).

    ``cost`` is ``None`` only for "Área", whose cost is the area table's points (BLD-16).
    ``param`` describes the bracketed parameter the trait takes ('' when it takes none).
    ``applies_to`` holds model kinds (``metahability`` rather than the TSV's ``metaability``).
    """

    id: str
    name_es: str
    name_en: str
    cost: int | None
    per_level: bool
    max_level: int | None
    param: str
    applies_to: tuple[str, ...]
    hooks: tuple[str, ...]
    tier: int
    effect_en: str


def _read(name: str) -> str:
    return resources.files("wartime.data").joinpath("tables", name).read_text(encoding="utf-8")


@cache
def race_attribute_costs() -> dict[int, int]:
    """BLD-6: the points of a race attribute value 1-10 (1 → −10 … 10 → 300)."""
    rows = csv.DictReader(io.StringIO(_read("race_attribute_cost.csv")))
    return {int(r["value"]): int(r["points"]) for r in rows}


@cache
def weapon_cost_table() -> dict[tuple[int, int], int | None]:
    """BLD-13: (ENE, DMG) → the weapon's base cost; ``None`` marks an illegal 'x' cell.

    Always looked up, never derived: the values follow no exact formula.
    """
    table: dict[tuple[int, int], int | None] = {}
    for row in csv.DictReader(io.StringIO(_read("weapon_ene_dmg_cost.csv"))):
        ene = int(row["ene"])
        for dmg in range(1, 11):
            cell = row[f"dmg{dmg}"].strip()
            table[(ene, dmg)] = None if cell.lower() == "x" else int(cell)
    return table


@cache
def area_shapes() -> dict[str, AreaShape]:
    """BLD-16: the 47 buyable area codes (R1-R10, L1-L10/L12/L15/L20, S1-S10, G l/d)."""
    shapes: dict[str, AreaShape] = {}
    for row in csv.DictReader(io.StringIO(_read("area_shapes.csv"))):
        shapes[row["code"]] = AreaShape(
            code=row["code"],
            shape=row["shape"],
            param_a=int(row["param_a"]),
            param_b=int(row["param_b"]) if row["param_b"] else None,
            area_k2=float(row["area_k2"]),
            points=int(row["points"]),
        )
    return shapes


@cache
def trait_catalogue() -> dict[str, TraitDef]:
    """The trait catalogue keyed by its Spanish name (``name_es``), the lookup key of data files."""
    catalogue: dict[str, TraitDef] = {}
    reader = csv.DictReader(io.StringIO(_read("traits.tsv")), delimiter="\t", quoting=csv.QUOTE_NONE)
    for row in reader:
        if not row.get("id") or row["id"] == "id":  # tolerate a repeated header
            continue
        cost = row["cost"].strip()
        catalogue[row["name_es"]] = TraitDef(
            id=row["id"],
            name_es=row["name_es"],
            name_en=row["name_en"],
            cost=None if cost.upper() == "X" else int(cost),
            per_level=row["per_level"].strip() == "yes",
            max_level=int(row["max_level"]) if row["max_level"].strip() else None,
            param=row["param"].strip(),
            applies_to=tuple(
                _APPLIES_TO_KIND[k.strip()] for k in row["applies_to"].split(";") if k.strip()
            ),
            hooks=tuple(h.strip() for h in row["hooks"].split(";") if h.strip()),
            tier=int(row["tier"]),
            effect_en=row["effect_en"],
        )
    return catalogue


@cache
def trait_by_id() -> dict[str, TraitDef]:
    """The trait catalogue keyed by its ``TRT-*`` id."""
    return {t.id: t for t in trait_catalogue().values()}


@cache
def action_table() -> dict[str, dict[str, str]]:
    """The actions table (``actions.tsv``, the actions digest's): rule ID → its row, every column as text (``id``,
    ``name_es``, ``name_en``, ``key``, ``category``, ``ene_cost``, ``check``, ``requires``, ``tier``,
    ``summary_en``). ``ene_cost`` is a number, or ``X`` forms naming where the cost comes from (``weapon.ENE``,
    ``weapon.DMG``), ``a|b`` for two cases; an empty ``check`` is a simple action."""
    return {row["id"]: dict(row) for row in csv.DictReader(io.StringIO(_read("actions.tsv")), delimiter="\t")}
