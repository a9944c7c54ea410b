"""The peer combat systems' parameters (wartime/data/combat/systems.toml, docs/combat-systems.md): loaded and
checked once; a bad file is a DataError naming file, field and problem."""
from __future__ import annotations

import hashlib
import tomllib
from functools import cache
from importlib import resources

from wartime.core.errors import DataError

FILE = "wartime/data/combat/systems.toml"
#: the systems a match may be played under (`--combat`), Wartime's own first
SYSTEMS = ("wartime", "wrath-glory", "d6", "d20")

_INTS = {
    "wrath-glory": ("base_dn", "cover_over_half_dn", "cover_full_dn", "short_range_dice", "long_range_dn",
                    "resilience_plus", "wrath", "glory_cap_min", "glory_cap_plus", "death_test_failures"),
    "d6": ("skill_pips", "point_blank", "short", "medium", "long", "beyond", "cover", "cover_full", "melee"),
    "d20": ("ability_mid", "defence_base", "threat_min", "error_max", "vitality_per_con", "dead_at",
            "fortitude_dc_base", "action_dice_per_character", "modifier_step", "cover", "cover_full"),
}
_NUMBERS = {"d6": ("attribute_pips_per_point", "point_blank_k", "armour_pips_per_def")}


def systems_text() -> str:
    return resources.files("wartime.data").joinpath("combat", "systems.toml").read_text(encoding="utf-8")


@cache
def systems_hash() -> str:
    """sha256 of the parameters file: a peer-system record names it so a replay under other numbers is refused."""
    return hashlib.sha256(systems_text().encode("utf-8")).hexdigest()


def parse_params(text: str, file: str = FILE) -> dict[str, dict]:
    """Every peer system's table, checked: each number present and of its type."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError.one(file, "<file>", f"not valid TOML: {exc}") from None
    problems = []
    if doc.get("format") != 1:
        problems.append((file, "format", f"{doc.get('format')!r} is not 1"))
    out: dict[str, dict] = {}
    for name in SYSTEMS[1:]:
        table = doc.get(name)
        if not isinstance(table, dict):
            problems.append((file, name, "the table is missing"))
            continue
        for key in ("label", "dice"):
            if not isinstance(table.get(key), str):
                problems.append((file, f"{name}.{key}", "missing or not a string"))
        for key in _INTS.get(name, ()):
            v = table.get(key)
            if not isinstance(v, int) or isinstance(v, bool):
                problems.append((file, f"{name}.{key}", f"{v!r} is not an integer" if key in table else "missing"))
        for key in _NUMBERS.get(name, ()):
            v = table.get(key)
            if not isinstance(v, (int, float)) or isinstance(v, bool) or v < 0:
                problems.append((file, f"{name}.{key}", f"{v!r} is not a number ≥ 0" if key in table else "missing"))
        out[name] = dict(table)
    if "wrath-glory" in out:
        diff = out["wrath-glory"].get("difficulties")
        if not isinstance(diff, dict) or not all(isinstance(v, int) for v in diff.values()):
            problems.append((file, "wrath-glory.difficulties", "must be a table of name = integer DN"))
    if problems:
        raise DataError(problems)
    return out


@cache
def system_params() -> dict[str, dict]:
    return parse_params(systems_text())


def check_name(name: str) -> str:
    """The system name as given to `--combat` or read from a record, refused with the list if unknown."""
    if name not in SYSTEMS:
        raise DataError.one("--combat", "combat", f"{name!r} is not one of {', '.join(SYSTEMS)}")
    return name
