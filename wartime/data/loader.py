"""Loaders of the TOML data files: catalogues, army lists and scenarios (format 1, ``docs/data-formats.md``).

Every loader collects *every* problem it finds and raises one :class:`~wartime.core.errors.DataError` whose
lines read ``file: field.path[3].sub: problem`` (indices count from 0). Broken TOML, unknown keys, wrong
types, missing fields, unknown references and missing files are all reported this way, never as a traceback.

The builder errors of BLD-24 are enforced here:

* E1 no race / more than one race, E2 more than one transport (BLD-3);
* E3 attribute missing, not an integer or out of range (BLD-5, BLD-8, BLD-10, BLD-14, BLD-17, BLD-20);
* E4 weapon ENE/DMG pair on an 'x' cell (BLD-13); E5 weapon RNG over 5 × DMG (BLD-14);
* E6 Área code not in the area table (BLD-16);
* E7 unknown trait, same trait with the same parameter twice, per-level trait with no level or over its
  maximum level (also: a trait bought on a kind it does not apply to, a level or parameter it does not take);
* E8 a Reliquia archetype repeated in a list; E9 an Enorme archetype not mounted on a transport (BLD-20);
* E10 a list over the scenario's points (BLD-22): :func:`check_list_against_scenario`.

A character under 10 points is legal and charged 10 (BLD-23): see :func:`wartime.data.costs.list_notices`.
"""
from __future__ import annotations

import difflib
import hashlib
import math
import os
import re
import stat
import tomllib
from collections.abc import Mapping
from pathlib import Path, PureWindowsPath
from typing import Any

import numpy as np
from shapely.geometry import Polygon, box
from shapely.ops import unary_union

from wartime.core.errors import DataError
from wartime.data.costs import list_cost
from wartime.data.alarm_data import alarm_duration, alarm_presets, reinforcement_vp
from wartime.core.rounding import load_levels
from wartime.data.models import (
    ARCHETYPE_KINDS,
    AlarmSpec,
    ObjectiveSpec,
    ATTRIBUTE_RANGES,
    ATTRIBUTES,
    SIDES,
    TERRAIN_DEFAULTS,
    TERRAIN_KINDS,
    VICTORY_KINDS,
    Archetype,
    ArmyList,
    Captive,
    DarkArea,
    MOVABLE_SIZES,
    MovableSpec,
    BREAKABLE_WHAT,
    BreakableSpec,
    Catalogue,
    CharacterSpec,
    Element,
    ElementUse,
    Perch,
    Scenario,
    SpawnMarker,
    TerrainSpec,
    TraitRef,
    Unit,
)
from wartime.core.elements import ELEMENT_KEYS, ELEMENT_WORDS
from wartime.data.tables import action_table, area_shapes, trait_catalogue, weapon_cost_table

__all__ = [
    "FORMAT_VERSION",
    "FILE_TYPES",
    "load_catalogue",
    "load_army_list",
    "load_scenario",
    "load_any",
    "archetype_from_dict",
    "character_from_dict",
    "check_list_against_scenario",
    "load_match_inputs",
    "display_path",
    "LIMITS",
]

FORMAT_VERSION = 1
FILE_TYPES: tuple[str, ...] = ("catalogue", "list", "scenario")

#: Chest height of a human-sized miniature (MOV-8): the tallest "low" obstacle.
LOW_OBSTACLE_MAX_HEIGHT = 0.75
#: Radius of a human-sized base (BAS-1): a deployment zone must hold at least one.
HUMAN_BASE_RADIUS = 0.5

_Problem = tuple[str, str, str]

_HEADER_KEYS = ("format", "type")
_ARCHETYPE_KEYS = ("id", "kind", "name", "description", "traits", "material")
#: Keys only a weapon takes: ENV-6 noise flags and ENV-5 fixed mounts.
_WEAPON_KEYS = ("quiet_type", "noisy_melee", "fixed", "mount_facing", "mount_point")
#: ENV-6: the quiet weapon types (they make no noise).
QUIET_TYPES: tuple[str, ...] = ("wind", "string")
_TRAIT_KEYS = ("name", "level", "param", "points")
#: MET-1 / BLD-10: a metahability's kind is its one type trait (its check: CH CON, AGI, INT, VOL, CMB-13).
METAHABILITY_KINDS = ("Mutación", "Bunkai", "Invocación", "Atadura")
_CHARACTER_GROUPS = ("weapons", "protections", "objects", "metahabilities")
_GROUP_KIND = {"weapons": "weapon", "protections": "protection", "objects": "object", "metahabilities": "metahability"}
_CHARACTER_KEYS = ("id", "name", "description", "race", *_CHARACTER_GROUPS, "transport", "mounted", "carried")
_CATALOGUE_KEYS = (*_HEADER_KEYS, "name", "description", "archetype", "character")
_LIST_KEYS = (*_HEADER_KEYS, "name", "description", "catalogue", "unit")
_UNIT_KEYS = ("character", "count", "aboard")
_SCENARIO_KEYS = (
    *_HEADER_KEYS,
    "name",
    "description",
    "board",
    "points_limit",
    "turn_limit",
    "victory",
    "grid",
    "terrain",
    "perch",
    "element",
    "captive",
    "deployment",
    "default_lists",
    "alarm",
    "objective",
    "night",
    "dark",
)
_TERRAIN_KEYS = ("id", "name", "kind", "rect", "polygon", "height", "blocks_los", "defense", "climbable", "movable",
                 "nooks", "breakable", "ceiling")
_MOVABLE_KEYS = ("con", "size")
_BREAKABLE_KEYS = ("con", "what")
_PERCH_KEYS = ("side", "at", "on")
_DARK_KEYS = ("id", "name", "rect", "polygon")
_ELEMENT_KEYS = ("id", "name", "at", "radius", "contents", "use")
_ELEMENT_USE_KEYS = ("ene", "check", "modifier", "effect", "door", "open")
#: GNA-16: what using a scenario element does (``[element.use]`` effect)
ELEMENT_EFFECTS = ("door", "mechanism")
#: GNA-16: the attributes a scenario element's check may name (Prueba de constitución/agilidad/inteligencia/voluntad)
ELEMENT_CHECKS = ("CON", "AGI", "INT", "VOL")
_CAPTIVE_KEYS = ("side", "character", "bonds")
#: GNA-6: what a captive's bonds are made of (steel needs two natural 1s in a row to undo)
BONDS = ("rope", "steel")
#: MOV-10: a perch stands on a piece exactly this high, so that a mini on it is at level 2 (3 K above level 1).
PERCH_HEIGHT = 3.0
_ZONE_KEYS = ("rect", "polygon")

# ---------------------------------------------------------------------------------------------------
# resource limits (docs/data-formats.md, "Limits"): each is checked before the work it bounds, so that no
# file, however large or strange, costs more than a few seconds and a few MB, and each refusal names it.
# ---------------------------------------------------------------------------------------------------
MAX_FILE_BYTES = 1_048_576      # a data file, checked before it is read
MAX_NESTING = 16                # arrays / inline tables inside each other, checked before parsing
MAX_KEY_PARTS = 16              # parts of one dotted key (a.b.c), checked before parsing
MAX_TEXT = 200                  # characters of an id, name, trait name or parameter, material or file reference
MAX_DESCRIPTION = 10_000        # characters of a description
MAX_BOARD = 200.0               # K, board width and height
MAX_TERRAIN = 500               # [[terrain]] pieces in a scenario
MAX_VERTICES = 500              # points of one polygon
MAX_PERCHES = 20                # [[perch]] spots in a scenario
MAX_ELEMENTS = 100              # [[element]] searchable elements in a scenario (GNA-2)
MAX_CONTENTS = 20               # items inside one element
MAX_CAPTIVES = 20               # [[captive]] characters that start tied up (GNA-6)
MAX_TERRAIN_HEIGHT = 100.0      # K
MAX_TURN_LIMIT = 100
MAX_POINTS_LIMIT = 100_000
MAX_ARCHETYPES = 500            # [[archetype]] tables in a catalogue
MAX_CHARACTERS = 500            # [[character]] tables in a catalogue
MAX_TRAITS = 20                 # traits on one archetype
MAX_PARTS = 30                  # archetypes of one character (race, weapons, ..., transport, mounted)
MAX_MINIATURES = 40             # miniatures in an army list (the units' counts summed)
MIN_SIZE, MAX_SIZE = 0.1, 10.0  # a race's size factor
MAX_MAGAZINE = 1000             # Cargadores: rounds per magazine
MAX_CAPACITY = 100              # Capacidad: load levels
MAX_PROBLEMS = 100              # problem lines reported per load (the rest are counted)
#: Every limit by name (for docs and tests).
LIMITS: dict[str, float] = {name: value for name, value in globals().items()
                            if name.startswith(("MAX_", "MIN_")) and isinstance(value, (int, float))}


# ---------------------------------------------------------------------------------------------------
# small helpers
# ---------------------------------------------------------------------------------------------------
def display_path(path: str | os.PathLike[str]) -> str:
    """The file name used in problem lines: the path as given, normalised (``a/lists/../b`` → ``a/b``)."""
    return os.path.normpath(os.fspath(path))


class _Collector:
    """Accumulates (file, field, problem) triples for one file."""

    def __init__(self, file: str):
        self.file = file
        self.problems: list[_Problem] = []

    def add(self, field: str, problem: str) -> None:
        self.problems.append((self.file, field, problem))

    def extend(self, problems: list[_Problem]) -> None:
        self.problems.extend(problems)

    def raise_if_any(self) -> None:
        if self.problems:
            raise DataError(_capped(self.problems))


#: Characters that would break a problem line in two or cannot be printed: control characters, line and
#: paragraph separators, lone surrogates (file names).
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def _escape(text: str) -> str:
    """`text` on one printable line: every character of _UNPRINTABLE written as an escape (\\x0d, \\u2028)."""
    return _UNPRINTABLE.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100
                            else f"\\u{ord(m.group()):04x}", text)


def _capped(problems: list[_Problem]) -> list[_Problem]:
    """At most MAX_PROBLEMS problems, and one line counting the rest; each part escaped onto one line (a file
    may name a key or an id with a line break in it)."""
    out = [(_escape(str(f)), _escape(field), _escape(problem)) for f, field, problem in problems[:MAX_PROBLEMS]]
    if len(problems) > MAX_PROBLEMS:
        rest = len(problems) - MAX_PROBLEMS
        out.append((out[0][0], "(file)", f"{rest} more problem(s) not shown (at most {MAX_PROBLEMS} are listed)"))
    return out


#: The public name of _capped: problem lines ready to print (wartime.data.validate).
printable_problems = _capped


def _one(file: str, field: str, problem: str) -> DataError:
    """A DataError of one problem, escaped onto one line."""
    return DataError(_capped([(str(file), field, problem)]))


def _show(value: Any) -> str:
    """A value as written in TOML, for messages (long strings and numbers shortened)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"'{value}'" if len(value) <= 60 else f"'{value[:40]}…' ({len(value)} characters)"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list" if value else "an empty list"
    if isinstance(value, int) and abs(value) >= 10 ** 15:
        return f"a {len(str(abs(value)))}-digit integer"
    return repr(value)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: Integers beyond this are not numbers we can measure with (and math.isfinite() overflows on huge ones).
_MAX_EXACT_INT = 2 ** 53


def _is_number(value: Any) -> bool:
    """A finite int or float (not a bool); an integer too large to be a float exactly is not a number."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return abs(value) <= _MAX_EXACT_INT
    return isinstance(value, float) and math.isfinite(value)


def _join(field: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{field}[{key}]"
    return f"{field}.{key}" if field else key


def _suggest(name: str, options: list[str]) -> str:
    close = difflib.get_close_matches(name, options, n=1, cutoff=0.75)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _check_keys(table: Mapping[str, Any], allowed: tuple[str, ...], field: str, c: _Collector) -> None:
    for key in table:
        if key not in allowed:
            c.add(_join(field, key), f"unknown key (expected one of: {', '.join(allowed)})")


def _get_str(table: Mapping[str, Any], key: str, field: str, c: _Collector, *, required: bool = True,
             default: str | None = None, max_len: int = MAX_TEXT) -> str | None:
    if key not in table:
        if required:
            c.add(_join(field, key), "missing (required)")
        return default
    value = table[key]
    if not isinstance(value, str):
        c.add(_join(field, key), f"expected a string, got {_show(value)}")
        return None
    if len(value) > max_len:
        c.add(_join(field, key), f"{len(value)} characters is more than the {max_len} limit")
        return None
    if required and not value.strip():
        c.add(_join(field, key), "must not be empty")
        return None
    return value


def _get_int(table: Mapping[str, Any], key: str, field: str, c: _Collector, *, low: int | None = None,
             high: int | None = None, required: bool = True, default: int | None = None,
             limit: int | None = None) -> int | None:
    """An integer in [low, high] (a rule's range) and at most ``limit`` (a resource limit, named as such)."""
    if key not in table:
        if required:
            c.add(_join(field, key), "missing (required)")
        return default
    value = table[key]
    if not _is_int(value):
        c.add(_join(field, key), f"expected an integer, got {_show(value)}")
        return None
    if (low is not None and value < low) or (high is not None and value > high):
        c.add(_join(field, key), _out_of_range(value, low, high))
        return None
    if limit is not None and value > limit:
        c.add(_join(field, key), f"{_show(value)} is more than the {limit} limit")
        return None
    return value


def _get_number(table: Mapping[str, Any], key: str, field: str, c: _Collector, *, required: bool = True,
                default: float | None = None, positive: bool = False, low: float | None = None,
                high: float | None = None, unit: str = "") -> float | None:
    if key not in table:
        if required:
            c.add(_join(field, key), "missing (required)")
        return default
    value = table[key]
    if not _is_number(value):
        c.add(_join(field, key), f"expected a number, got {_show(value)}")
        return None
    if high is not None and value > high:
        c.add(_join(field, key), f"{value:g}{unit} is more than the {high:g}{unit} limit")
        return None
    if low is not None and value < low:
        c.add(_join(field, key), f"{value:g}{unit} is less than the {low:g}{unit} limit")
        return None
    if positive and value <= 0:
        c.add(_join(field, key), f"must be greater than 0, got {value:g}")
        return None
    if value < 0:
        c.add(_join(field, key), f"must be 0 or more, got {value:g}")
        return None
    return float(value)


def _get_bool(table: Mapping[str, Any], key: str, field: str, c: _Collector, default: bool) -> bool | None:
    if key not in table:
        return default
    value = table[key]
    if not isinstance(value, bool):
        c.add(_join(field, key), f"expected true or false, got {_show(value)}")
        return None
    return value


def _get_table(table: Mapping[str, Any], key: str, field: str, c: _Collector, *,
               required: bool = True) -> dict[str, Any] | None:
    if key not in table:
        if required:
            c.add(_join(field, key), "missing (required)")
        return None
    value = table[key]
    if not isinstance(value, dict):
        c.add(_join(field, key), f"expected a table, got {_show(value)}")
        return None
    return value


def _get_tables(table: Mapping[str, Any], key: str, field: str, c: _Collector,
                limit: int | None = None) -> list[tuple[int, dict[str, Any]]]:
    """An array of tables (``[[key]]``), as (index, table) pairs; wrong entries are reported and skipped. More
    than ``limit`` entries are refused as a whole, before any is parsed."""
    if key not in table:
        return []
    value = table[key]
    if not isinstance(value, list):
        c.add(_join(field, key), f"expected an array of tables ([[{key}]]), got {_show(value)}")
        return []
    if limit is not None and len(value) > limit:
        c.add(_join(field, key), f"{len(value)} [[{key}]] entries is more than the {limit} limit")
        return []
    out = []
    for i, item in enumerate(value):
        if isinstance(item, dict):
            out.append((i, item))
        else:
            c.add(_join(_join(field, key), i), f"expected a table, got {_show(item)}")
    return out


def _out_of_range(value: int, low: int | None, high: int | None) -> str:
    if high is None:
        return f"must be {low} or more, got {_show(value)}"
    return f"{_show(value)} is out of range {low}-{high}"


def _one_of(value: Any, options: tuple[str, ...]) -> str:
    return f"{_show(value)} is not one of {', '.join(options)}"


# ---------------------------------------------------------------------------------------------------
# reading files
# ---------------------------------------------------------------------------------------------------
_TOML_POSITION = re.compile(r"\s*\((at line (\d+), column (\d+)|at end of document)\)\s*$")


#: TOML strings (multi-line first) and comments: the structure scan looks past them.
_STRINGS_AND_COMMENTS = re.compile(
    # an unterminated string runs to its line end (or the end of the text): never a failed match to retry
    r'''"""[\s\S]*?(?:(?<!\\)"""|\Z)|\'\'\'[\s\S]*?(?:\'\'\'|\Z)|"(?:[^"\\\n]|\\.|\\$)*(?:"|$)|'[^'\n]*(?:'|$)|#[^\n]*''',
    re.MULTILINE)
#: A dotted key of more than MAX_KEY_PARTS parts, at a line start, in a table header or in an inline table.
_PART = r"""(?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')"""
_LONG_KEY = re.compile(rf"(?:^|[{{,])[ \t]*\[{{0,2}}[ \t]*{_PART}(?:[ \t]*\.[ \t]*{_PART}){{{MAX_KEY_PARTS},}}",
                       re.MULTILINE)


def _blank_string(m: re.Match[str]) -> str:
    """A string becomes "" and a comment nothing, keeping the line breaks (for line numbers)."""
    text = m.group()
    return ("" if text[0] == "#" else '""') + "\n" * text.count("\n")


def _check_structure(text: str, file: str) -> None:
    """Refuse, before parsing, what tomllib would take too deep or too long on: arrays and inline tables nested
    more than MAX_NESTING deep (tomllib recurses: RecursionError) and dotted keys of more than MAX_KEY_PARTS
    parts (tomllib's time grows with the square of their length). Linear time (regular expressions, numpy)."""
    bare = _STRINGS_AND_COMMENTS.sub(_blank_string, text)
    code = np.frombuffer(bare.encode("utf-8", "surrogatepass"), dtype=np.uint8)
    steps = (code == ord("[")).astype(np.int32) + (code == ord("{")) - (code == ord("]")) - (code == ord("}"))
    depth = np.cumsum(steps)
    if depth.size and depth.max() > MAX_NESTING:
        at = int(np.argmax(depth > MAX_NESTING))
        line = int(np.count_nonzero(code[:at] == ord("\n"))) + 1
        raise _one(file, f"line {line}", f"arrays or inline tables nested more than {MAX_NESTING} deep "
                                                  f"(the limit)")
    m = _LONG_KEY.search(bare)
    if m is not None:
        raise _one(file, f"line {bare.count(chr(10), 0, m.start()) + 1}",
                            f"a dotted key of more than {MAX_KEY_PARTS} parts (the limit)")


def _read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file; a missing file, a file over MAX_FILE_BYTES, nesting over the limits or a syntax error
    becomes a DataError line."""
    file = display_path(path)
    try:
        info = path.stat()
    except FileNotFoundError:
        raise _one(file, "(file)", "file not found") from None
    except (OSError, ValueError) as exc:  # a name too long, a NUL in the name, no permission...
        raise _one(file, "(file)", f"cannot be read: {getattr(exc, 'strerror', None) or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise _one(file, "(file)", "not a regular file")
    if info.st_size > MAX_FILE_BYTES:
        raise _one(file, "(file)", f"{info.st_size} bytes is more than the {MAX_FILE_BYTES} byte "
                                            f"limit of a data file")
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise _one(file, "(file)", f"cannot be read: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:  # it grew since stat()
        raise _one(file, "(file)", f"more than the {MAX_FILE_BYTES} byte limit of a data file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _one(file, "(file)", "not UTF-8 text") from None
    _check_structure(text, file)
    try:
        return tomllib.loads(text)
    except RecursionError:  # the structure scan makes this unreachable; kept as a last guard
        raise _one(file, "(file)", f"nested too deep (limit {MAX_NESTING})") from None
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = _TOML_POSITION.search(message)
        field = "(syntax)"
        if match:
            message = message[: match.start()]
            if match.group(2):
                field = f"line {match.group(2)}, column {match.group(3)}"
            else:
                field = "end of file"
        raise _one(file, field, f"invalid TOML: {message}") from None
    except ValueError as exc:  # e.g. an integer of more than 4300 digits (sys.get_int_max_str_digits)
        raise _one(file, "(file)", f"invalid TOML: {str(exc).split(':')[0]}") from None


def _resolve_ref(ref: str, path: Path, root: Path, root_text: str, field: str, c: _Collector,
                 allow_outside: bool) -> Path | None:
    """The file ``ref`` (a reference written in the file ``path``) names, or None with a problem.

    Unless ``allow_outside``, a reference must be relative, must not be a symbolic link and must resolve (links
    followed) inside ``root``: a scenario's own folder for its default lists, the parent of a list's folder for
    its catalogue (``docs/data-formats.md``, "References")."""
    if len(ref) > MAX_TEXT:
        c.add(field, f"{len(ref)} characters is more than the {MAX_TEXT} limit of a file reference")
        return None
    if "\x00" in ref:
        c.add(field, f"{_show(ref)} is not a file name (it holds a NUL character)")
        return None
    target = Path(os.path.normpath(path.parent / ref))
    shown = display_path(target)
    try:
        if not allow_outside:
            if os.path.isabs(ref) or PureWindowsPath(ref).is_absolute() or ref.startswith(("/", "\\")):
                c.add(field, f"'{ref}' is an absolute path: a referenced file is given relative to this file, "
                             f"inside {root_text} (--allow-outside lifts this)")
                return None
            real_root = os.path.realpath(root)
            if os.path.islink(target):
                c.add(field, f"{shown} is a symbolic link: refused (--allow-outside lifts this)")
                return None
            real = os.path.realpath(target)
            if os.path.commonpath([real_root, real]) != real_root:
                c.add(field, f"{shown} is outside {root_text}: refused (--allow-outside lifts this)")
                return None
        if not target.is_file():
            c.add(field, f"file not found: {shown}")
            return None
    except (OSError, ValueError) as exc:  # a name too long, a bad character, a loop of links...
        c.add(field, f"{shown} cannot be read: {getattr(exc, 'strerror', None) or exc}")
        return None
    return target


def _check_header(data: Mapping[str, Any], expected: str | None, c: _Collector) -> str | None:
    """Check ``format = 1`` and ``type``; returns the file type when it is a known one."""
    if "format" not in data:
        c.add("format", f"missing (required: format = {FORMAT_VERSION})")
    elif not _is_int(data["format"]) or data["format"] != FORMAT_VERSION:
        c.add("format", f"unsupported format {_show(data['format'])} (this version reads format {FORMAT_VERSION})")
    kind = data.get("type")
    if kind is None:
        c.add("type", f"missing (required: one of {', '.join(FILE_TYPES)})")
        return None
    if kind not in FILE_TYPES:
        c.add("type", _one_of(kind, FILE_TYPES))
        return None
    if expected is not None and kind != expected:
        c.add("type", f"expected a {expected} file, got type = '{kind}'")
        return None
    return kind


# ---------------------------------------------------------------------------------------------------
# archetypes and traits
# ---------------------------------------------------------------------------------------------------
def _parse_trait_param(value: Any, field: str, c: _Collector) -> str | None:
    if isinstance(value, str) and len(value) > MAX_TEXT:
        c.add(field, f"{len(value)} characters is more than the {MAX_TEXT} limit")
        return None
    if isinstance(value, str) and value.strip():
        return value.strip()
    if _is_int(value) and abs(value) <= _MAX_EXACT_INT:
        return str(value)
    c.add(field, f"expected a string or an integer, got {_show(value)}")
    return None


#: Traits bought for one chosen action or item (their ``param``): TRT-ID → (the action categories it may name,
#: the item kind it may name instead). The param is the action's book name (``name_es`` of actions.tsv) or the
#: archetype id of the item.
ACTION_PARAM_TRAITS: dict[str, tuple[tuple[str, ...], str]] = {
    "TRT-MASTERY": (("generic", "movement"), "object"),
    "TRT-INEPTITUDE": (("generic", "movement"), "object"),
    "TRT-COMBAT-MASTERY": (("combat",), "weapon"),
    "TRT-COMBAT-INEPTITUDE": (("combat",), "weapon"),
}


def action_param(trait_id: str, param: str) -> dict[str, str] | None:
    """The actions-table row a TRT-MASTERY-like trait's `param` names (by its book name), None when the param
    names an item instead."""
    return next((row for row in action_table().values() if row["name_es"] == param), None)


def action_param_problem(trait_id: str, param: str | None) -> str | None:
    """Why `param` is not a value `trait_id` takes (None: it is): an action of another category, or nothing."""
    categories, item = ACTION_PARAM_TRAITS[trait_id]
    what = f"a {' or '.join(categories)} action (its book name, e.g. '{_example_action(categories)}') or the id of a {item}"
    if param is None:
        return f"missing: it is bought for one chosen action or {item}: {what}"
    row = action_param(trait_id, param)
    if row is not None and row["category"] not in categories:
        return f"'{param}' is a {row['category']} action ({row['id']}): this trait takes {what}"
    if row is None and not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", param):
        return f"'{param}' is neither an action nor an archetype id: this trait takes {what}"
    return None


def _example_action(categories: tuple[str, ...]) -> str:
    return next(row["name_es"] for row in action_table().values() if row["category"] in categories)


def trait_by_id(trait_id: str):
    """The catalogue entry (`tables.TraitDef`) of a TRT-* id, or None."""
    return next((t for t in trait_catalogue().values() if t.id == trait_id), None)


def priced_trait(trait_id: str, kind: str, source: str, field: str, level: int | None = None,
                 param: str | None = None) -> TraitRef:
    """A trait bought on an archetype of `kind` by its TRT-* id, validated and priced exactly as a data file's
    trait is (BLD-6, BLD-15, BLD-16; a per-level trait at `level`, default 1; a trait that takes a parameter with
    `param`). DataError naming `source` and `field` when the trait is unknown, does not apply to the kind or needs
    a parameter it was not given."""
    c = _Collector(source)
    tdef = trait_by_id(trait_id)
    if tdef is None:
        c.add(field, f"unknown trait id '{trait_id}'")
        c.raise_if_any()
    entry: dict[str, Any] = {"name": tdef.name_es}
    if tdef.per_level:
        entry["level"] = 1 if level is None else level
    if tdef.param and param is None:
        c.add(field, f"'{trait_id}' takes a parameter ({tdef.param}): price it on a list that buys it")
        c.raise_if_any()
    if param is not None:
        entry["param"] = param
    refs = _parse_traits([entry], field, kind, c)
    c.raise_if_any()
    assert refs is not None
    return refs[0]


def _parse_traits(raw: Any, field: str, kind: str | None, c: _Collector) -> tuple[TraitRef, ...] | None:
    """Parse and price an archetype's traits (BLD-6, BLD-15, BLD-16; errors E6, E7)."""
    if not isinstance(raw, list):
        c.add(field, f"expected a list of trait tables, got {_show(raw)}")
        return None
    if len(raw) > MAX_TRAITS:
        c.add(field, f"{len(raw)} traits is more than the {MAX_TRAITS} limit")
        return None
    catalogue = trait_catalogue()
    areas = area_shapes()
    start = len(c.problems)
    refs: list[TraitRef] = []
    seen: dict[tuple[str, str | None], int] = {}
    for j, entry in enumerate(raw):
        tf = _join(field, j)
        entry_start = len(c.problems)
        if not isinstance(entry, dict):
            c.add(tf, f"expected a table like {{ name = \"Cargadores\", param = 6 }}, got {_show(entry)}")
            continue
        _check_keys(entry, _TRAIT_KEYS, tf, c)
        name = _get_str(entry, "name", tf, c)
        if name is None:
            continue
        tdef = catalogue.get(name)
        if tdef is None:
            c.add(_join(tf, "name"), f"unknown trait '{name}'{_suggest(name, list(catalogue))} (BLD-24 E7)")
            continue
        if kind is not None and kind not in tdef.applies_to:
            c.add(_join(tf, "name"), f"'{name}' cannot be bought on a {kind} (it applies to: "
                                     f"{', '.join(tdef.applies_to)})")
        # level (E7)
        level: int | None = None
        if tdef.per_level:
            if "level" not in entry:
                c.add(_join(tf, "level"), f"missing: '{name}' is bought per level, 1-{tdef.max_level} (BLD-24 E7)")
            else:
                value = entry["level"]
                if not _is_int(value):
                    c.add(_join(tf, "level"), f"expected an integer, got {_show(value)}")
                elif value < 1 or (tdef.max_level is not None and value > tdef.max_level):
                    c.add(_join(tf, "level"),
                          f"level {value} of '{name}' is out of range 1-{tdef.max_level} (BLD-24 E7)")
                else:
                    level = value
        elif "level" in entry:
            c.add(_join(tf, "level"), f"'{name}' has no levels")
        # parameter (E6)
        param: str | None = None
        if "param" in entry:
            if not tdef.param:
                c.add(_join(tf, "param"), f"'{name}' takes no parameter")
            else:
                param = _parse_trait_param(entry["param"], _join(tf, "param"), c)
        if name == "Área":
            if param is None and "param" not in entry:
                c.add(_join(tf, "param"), "missing: 'Área' needs an area code such as R3, L5, S2 or G4/3 (BLD-16)")
            elif param is not None and param not in areas:
                c.add(_join(tf, "param"), f"'{param}' is not a code of the area table (BLD-16, BLD-24 E6)")
                param = None
        elif name in ("Cargadores", "Capacidad", "Cargas") and param is not None:
            top = MAX_CAPACITY if name == "Capacidad" else MAX_MAGAZINE
            if not (param.isascii() and param.isdigit()) or int(param) < 1:  # isdigit alone accepts '²'
                c.add(_join(tf, "param"), f"{_show(param)} is not a positive whole number")
                param = None
            elif int(param) > top:
                c.add(_join(tf, "param"), f"{int(param)} is more than the {top} limit of '{name}'")
                param = None
        if name == "Capacidad" and "param" not in entry:
            c.add(_join(tf, "param"), "missing: 'Capacidad' needs its number of load levels")
        if tdef.id in ACTION_PARAM_TRAITS:
            problem = action_param_problem(tdef.id, param if "param" in entry else None)
            if problem is not None:
                c.add(_join(tf, "param"), problem)
        if name == "Cargas" and "param" not in entry:                # TRT-CHARGES: "el número entre paréntesis"
            c.add(_join(tf, "param"), "missing: 'Cargas' needs its number of uses")
        # duplicates (E7)
        key = (name, param)
        if key in seen:
            what = f"'{name}'" + (f" ({param})" if param is not None else "")
            c.add(_join(tf, "name"), f"{what} appears twice on this archetype (first at {_join(field, seen[key])}; "
                                     f"BLD-24 E7)")
            continue
        seen[key] = j
        # price (BLD-16: with "Área despreciable" on the archetype the area costs 0, so a written price of 0 is right)
        if name == "Área":
            negligible = any(isinstance(x, dict) and x.get("name") == "Área despreciable" for x in raw)
            points = 0 if negligible else (areas[param].points if param is not None else 0)
        elif name == "Capacidad":
            # Ruling in the trait notes: 3 points per load level.
            points = (tdef.cost or 0) * (int(param) if param is not None else 0)
        elif tdef.per_level:
            points = (tdef.cost or 0) * (level or 0)
        else:
            points = tdef.cost or 0
        if "points" in entry:
            given = entry["points"]
            if not _is_int(given):
                c.add(_join(tf, "points"), f"expected an integer, got {_show(given)}")
            elif given != points and len(c.problems) == entry_start:
                c.add(_join(tf, "points"), f"{given} does not match the catalogue price {points} of '{name}'")
        refs.append(TraitRef(name=name, trait_id=tdef.id, level=level, param=param, points=points))
    if len(c.problems) > start:
        return None
    # BLD-16: "Área despreciable" makes the area cost 0.
    if any(t.name == "Área despreciable" for t in refs):
        refs = [t.model_copy(update={"points": 0}) if t.name == "Área" else t for t in refs]
    return tuple(refs)


def _parse_archetype(raw: Mapping[str, Any], field: str, c: _Collector) -> Archetype | None:
    """One archetype table (BLD-1): keys, attributes by kind (E3-E5) and traits (E6-E7)."""
    start = len(c.problems)
    arch_id = _get_str(raw, "id", field, c)
    name = _get_str(raw, "name", field, c)
    kind = raw.get("kind")
    if "kind" not in raw:
        c.add(_join(field, "kind"), f"missing (required: one of {', '.join(ARCHETYPE_KINDS)})")
        kind = None
    elif kind not in ARCHETYPE_KINDS:
        c.add(_join(field, "kind"), _one_of(kind, ARCHETYPE_KINDS))
        kind = None
    _get_str(raw, "description", field, c, required=False, max_len=MAX_DESCRIPTION)
    material = _get_str(raw, "material", field, c, required=False, default="steel")
    if kind is None:
        _check_keys(raw, (*_ARCHETYPE_KEYS, *ATTRIBUTES, "size", "flies", "elements", "classes", *_WEAPON_KEYS),
                    field, c)
        return None
    ranges = ATTRIBUTE_RANGES[kind]
    for key in raw:
        if key in _ARCHETYPE_KEYS or key in ranges or (key == "size" and kind in ("race", "transport")) \
                or (key in _WEAPON_KEYS and kind == "weapon") or (key == "flies" and kind == "transport") \
                or (key == "elements" and kind == "weapon") or (key == "classes" and kind in ("race", "transport")):
            continue
        if key in ATTRIBUTES:
            c.add(_join(field, key), f"a {kind} has no {key} (its attributes: {', '.join(ranges)})")
        elif key == "size":
            c.add(_join(field, key), "only a race or a transport has a size factor")
        elif key == "flies":
            c.add(_join(field, key), "only a transport flies (MVA-16)")
        elif key in _WEAPON_KEYS or key == "elements":
            c.add(_join(field, key), f"only a weapon has {key}")
        elif key == "classes":
            c.add(_join(field, key), "only a race or a transport has classes (TRT-ANTI-AMMO)")
        else:
            allowed = (*_ARCHETYPE_KEYS, *ranges, *(("size", "classes") if kind in ("race", "transport") else ()),
                       *(("flies",) if kind == "transport" else ()),
                       *((*_WEAPON_KEYS, "elements") if kind == "weapon" else ()))
            c.add(_join(field, key), f"unknown key (expected one of: {', '.join(allowed)})")
    values: dict[str, int] = {}
    for attr, (low, high) in ranges.items():
        af = _join(field, attr)
        if attr not in raw:
            c.add(af, f"missing: a {kind} needs {', '.join(ranges)} (BLD-24 E3)")
            continue
        value = raw[attr]
        if not _is_int(value):
            c.add(af, f"expected an integer, got {_show(value)} (BLD-24 E3)")
        elif value < low or (high is not None and value > high):
            c.add(af, f"{_out_of_range(value, low, high)} (BLD-24 E3)")
        else:
            values[attr] = value
    if kind == "weapon" and "ENE" in values and "DMG" in values:
        if weapon_cost_table()[(values["ENE"], values["DMG"])] is None:  # BLD-13, E4
            c.add(_join(field, "DMG"), f"ENE {values['ENE']} with DMG {values['DMG']} is an 'x' cell of the weapon "
                                       f"table, an illegal combination (BLD-13, BLD-24 E4)")
        if "RNG" in values and values["RNG"] > 5 * values["DMG"]:  # BLD-14, E5
            c.add(_join(field, "RNG"), f"RNG {values['RNG']} is over 5×DMG = {5 * values['DMG']} (BLD-14, BLD-24 E5)")
    size = 1.0
    if kind in ("race", "transport"):
        got = _get_number(raw, "size", field, c, required=False, default=1.0, positive=True, low=MIN_SIZE,
                          high=MAX_SIZE)
        size = got if got is not None else 1.0
    traits = _parse_traits(raw.get("traits", []), _join(field, "traits"), kind, c)
    weapon_flags: dict[str, Any] = {}
    if kind == "weapon":
        weapon_flags = _parse_weapon_flags(raw, field, values.get("RNG"), c)
        if "elements" in raw:
            weapon_flags["elements"] = _parse_elements_list(raw["elements"], _join(field, "elements"), c)
    if kind in ("race", "transport") and "classes" in raw:
        weapon_flags["classes"] = _parse_classes(raw["classes"], _join(field, "classes"), c)
    if len(c.problems) > start or arch_id is None or name is None or traits is None:
        return None
    if kind == "transport" and _get_bool(raw, "flies", field, c, False):
        weapon_flags["flies"] = True                                    # MVA-16: an aircraft
    if len(c.problems) > start:
        return None
    return Archetype(id=arch_id, kind=kind, name=name, traits=traits, size=size,
                     material=material or "steel", **values, **weapon_flags)


def _strings(value: Any, field: str, what: str, c: _Collector) -> list[tuple[int, str]]:
    """A list of short non-empty strings (its index and text), each problem reported at ``field[j]``."""
    if not isinstance(value, list):
        c.add(field, f"expected a list of {what}, got {_show(value)}")
        return []
    out = []
    for j, item in enumerate(value):
        if not isinstance(item, str) or not item.strip():
            c.add(_join(field, j), f"expected a non-empty string ({what}), got {_show(item)}")
        elif len(item) > MAX_TEXT:
            c.add(_join(field, j), f"longer than {MAX_TEXT} characters")
        else:
            out.append((j, item.strip()))
    return out


def _parse_elements_list(value: Any, field: str, c: _Collector) -> tuple[str, ...]:
    """A weapon's ``elements``: the elements and substances its hits deliver besides those its traits imply
    (TRT-ALLERGIC, TRT-INVULNERABLE, TRT-RESISTANCE; project ruling: the book leaves substances open), each a word of
    ``core/elements.py`` (Spanish or English) stored as its key, each once, in the order given."""
    words = ELEMENT_WORDS
    out: list[str] = []
    for j, item in _strings(value, field, "element names", c):
        key = words.get(item.lower())
        if key is None:
            c.add(_join(field, j), f"unknown element {item!r} (expected one of: "
                                   f"{', '.join(ELEMENT_KEYS)}, or their Spanish names)")
        elif key not in out:
            out.append(key)
    return tuple(out)


def _parse_classes(value: Any, field: str, c: _Collector) -> tuple[str, ...]:
    """A race's or transport's ``classes`` ("tanque", "vehículo"): what a Munición anti () may name besides its
    name and id (TRT-ANTI-AMMO), kept as written."""
    return tuple(dict.fromkeys(item for _, item in _strings(value, field, "class names", c)))


def _parse_weapon_flags(raw: Mapping[str, Any], field: str, rng: int | None, c: _Collector) -> dict[str, Any]:
    """The weapon-only keys: ENV-6 `quiet_type` ("wind" or "string": no noise) and `noisy_melee` (a chainsaw:
    heard at DMG × 2), ENV-5 `fixed` (a 90° field of fire) and `mount_facing` (its direction in degrees
    counter-clockwise from the bearer's facing, default 0; only with fixed = true)."""
    out: dict[str, Any] = {}
    if "quiet_type" in raw:
        value = raw["quiet_type"]
        if value not in QUIET_TYPES:
            c.add(_join(field, "quiet_type"), _one_of(value, QUIET_TYPES) + " (ENV-6)")
        else:
            out["quiet_type"] = value
    noisy = _get_bool(raw, "noisy_melee", field, c, False)
    if noisy:
        if rng is not None and rng > 0:
            c.add(_join(field, "noisy_melee"), "only a melee weapon (RNG 0) can be a noisy melee weapon (ENV-6)")
        out["noisy_melee"] = True
    fixed = _get_bool(raw, "fixed", field, c, False)
    if fixed:
        out["fixed"] = True
    if "mount_facing" in raw:
        value = raw["mount_facing"]
        if not _is_number(value):
            c.add(_join(field, "mount_facing"), f"expected a number of degrees, got {_show(value)}")
        elif not fixed:
            c.add(_join(field, "mount_facing"), "only a fixed weapon (fixed = true) has a mount facing (ENV-5)")
        else:
            out["mount_facing"] = float(value) % 360.0
    if "mount_point" in raw:                 # ENV-3: a mounted weapon's muzzle (checked on its transport: E10)
        value = raw["mount_point"]
        if not (isinstance(value, (list, tuple)) and len(value) == 3 and all(_is_number(v) for v in value)):
            got = repr(list(value)) if isinstance(value, (list, tuple)) and len(value) < 8 else _show(value)
            c.add(_join(field, "mount_point"), "expected [ahead, left, height] in K (ENV-3: where the weapon, "
                  f"mounted on a transport, fires from, from the transport's centre and base), got {got}")
        elif value[2] < 0:
            c.add(_join(field, "mount_point"), f"the height {value[2]:g} K is below the transport's base (ENV-3)")
        else:
            out["mount_point"] = tuple(float(v) for v in value)
    return out


def archetype_from_dict(data: Mapping[str, Any], *, file: str = "<data>", field: str = "archetype") -> Archetype:
    """Build and validate one archetype from a TOML-like mapping (the ``[[archetype]]`` format).

    Raises :class:`DataError` listing every problem.
    """
    c = _Collector(file)
    arch = _parse_archetype(data, field, c)
    c.raise_if_any()
    assert arch is not None
    return arch


# ---------------------------------------------------------------------------------------------------
# characters
# ---------------------------------------------------------------------------------------------------
def _lookup(ref: Any, field: str, want: tuple[str, ...], archetypes: Mapping[str, Archetype],
            c: _Collector) -> Archetype | None:
    if not isinstance(ref, str):
        c.add(field, f"expected an archetype id (a string), got {_show(ref)}")
        return None
    arch = archetypes.get(ref)
    if arch is None:
        c.add(field, f"unknown archetype '{ref}'{_suggest(ref, list(archetypes))}")
        return None
    if arch.kind not in want:
        c.add(field, f"'{ref}' is a {arch.kind}, not a {' or '.join(want)}")
        return None
    return arch


def _id_list(raw: Mapping[str, Any], key: str, field: str, c: _Collector) -> list[tuple[str, Any]]:
    if key not in raw:
        return []
    value = raw[key]
    if not isinstance(value, list):
        c.add(_join(field, key), f"expected a list of archetype ids, got {_show(value)}")
        return []
    if len(value) > MAX_PARTS:
        c.add(_join(field, key), f"{len(value)} archetypes is more than the {MAX_PARTS} limit of a character")
        return []
    return [(_join(_join(field, key), i), v) for i, v in enumerate(value)]


def _parse_character(raw: Mapping[str, Any], field: str, archetypes: Mapping[str, Archetype],
                     c: _Collector) -> CharacterSpec | None:
    """One character design (CHR-1, BLD-3, BLD-20; errors E1, E2, E9)."""
    start = len(c.problems)
    _check_keys(raw, _CHARACTER_KEYS, field, c)
    char_id = _get_str(raw, "id", field, c)
    name = _get_str(raw, "name", field, c)
    _get_str(raw, "description", field, c, required=False, max_len=MAX_DESCRIPTION)
    # E1: exactly one race.
    race: Archetype | None = None
    rf = _join(field, "race")
    race_refs: list[tuple[str, Any]]
    if isinstance(raw.get("race"), list):
        race_refs = _id_list(raw, "race", field, c)
    elif "race" in raw:
        race_refs = [(rf, raw["race"])]
    else:
        race_refs = []
    if not race_refs:
        c.add(rf, "no race: a character needs exactly one race (BLD-3, BLD-24 E1)")
    elif len(race_refs) > 1:
        c.add(rf, f"more than one race ({len(race_refs)}): a character needs exactly one (BLD-3, BLD-24 E1)")
    else:
        race = _lookup(race_refs[0][1], race_refs[0][0], ("race",), archetypes, c)
    groups: dict[str, list[Archetype]] = {}
    for group in _CHARACTER_GROUPS:
        groups[group] = []
        for gf, ref in _id_list(raw, group, field, c):
            arch = _lookup(ref, gf, (_GROUP_KIND[group],), archetypes, c)
            if arch is not None:
                groups[group].append(arch)
    # E2: at most one transport.
    transport: Archetype | None = None
    tf = _join(field, "transport")
    if isinstance(raw.get("transport"), list):
        t_refs = _id_list(raw, "transport", field, c)
    elif "transport" in raw:
        t_refs = [(tf, raw["transport"])]
    else:
        t_refs = []
    if len(t_refs) > 1:
        c.add(tf, f"more than one transport ({len(t_refs)}): a character has 0 or 1 (BLD-3, BLD-24 E2)")
    elif t_refs:
        transport = _lookup(t_refs[0][1], t_refs[0][0], ("transport",), archetypes, c)
    mounted: list[Archetype] = []
    m_refs = _id_list(raw, "mounted", field, c)
    if m_refs and not t_refs:
        c.add(_join(field, "mounted"), "mounted archetypes need a transport (BLD-20)")
    for mf, ref in m_refs:
        arch = _lookup(ref, mf, ("weapon", "protection", "metahability", "object"), archetypes, c)
        if arch is not None:
            mounted.append(arch)
            if arch.mount_point is not None and transport is not None and \
                    math.hypot(arch.mount_point[0], arch.mount_point[1]) > transport.size / 2.0 + 1e-9:
                c.add(mf, f"'{arch.id}' has its mount point {math.hypot(*arch.mount_point[:2]):g} K from the "
                      f"centre of '{transport.id}', outside its base (radius {transport.size / 2.0:g} K, ENV-3)")
    for arch in groups["weapons"]:
        if arch.mount_point is not None:
            c.add(_join(field, "weapons"), f"'{arch.id}' has a mount point (ENV-3): only a weapon mounted on a "
                  "transport has one (list it under `mounted`)")
    # GNA-16 / BLD-7: protections carried, not worn at the start (put on or activated with Usar at their ENE).
    carried: list[Archetype] = []
    for cf, ref in _id_list(raw, "carried", field, c):
        arch = _lookup(ref, cf, ("protection",), archetypes, c)
        if arch is not None and not arch.ENE:
            c.add(cf, f"'{arch.id}' has ENE 0: it cannot be taken off (BLD-8), so it is worn, not carried")
        elif arch is not None:
            carried.append(arch)
    # MET-1: a metahability a character carries is of exactly one kind (its type trait).
    for k, arch in enumerate(groups["metahabilities"]):
        kinds = [t.name for t in arch.traits if t.name in METAHABILITY_KINDS]
        if len(kinds) != 1:
            c.add(_join(_join(field, "metahabilities"), k),
                  f"'{arch.id}' is of an unknown kind: a metahability has exactly one of "
                  f"{', '.join(METAHABILITY_KINDS)} (MET-1), it has " + (", ".join(kinds) if kinds else "none"))
    # E9: Enorme only on a transport, unless the character wears Mega armadura.
    mega = any(p.has_trait("Mega armadura") for p in groups["protections"])
    if not mega:
        for group in _CHARACTER_GROUPS:
            for k, arch in enumerate(groups[group]):
                if arch.has_trait("Enorme"):
                    c.add(_join(_join(field, group), k),
                          f"'{arch.id}' is Enorme: it can only be mounted on a transport unless the character "
                          f"wears Mega armadura (BLD-20, BLD-24 E9)")
    parts = 1 + sum(len(g) for g in groups.values()) + (transport is not None) + len(mounted) + len(carried)
    if parts > MAX_PARTS:
        c.add(field, f"{parts} archetypes is more than the {MAX_PARTS} limit of a character")
    if len(c.problems) > start or race is None or char_id is None or name is None:
        return None
    return CharacterSpec(
        id=char_id,
        name=name,
        race=race,
        weapons=tuple(groups["weapons"]),
        protections=tuple(groups["protections"]),
        objects=tuple(groups["objects"]),
        metahabilities=tuple(groups["metahabilities"]),
        transport=transport,
        mounted=tuple(mounted),
        carried=tuple(carried),
    )


def character_from_dict(data: Mapping[str, Any], archetypes: Mapping[str, Archetype], *, file: str = "<data>",
                        field: str = "character") -> CharacterSpec:
    """Build and validate one character design from a ``[[character]]``-style mapping whose references name
    ``archetypes`` by id. Raises :class:`DataError` listing every problem."""
    c = _Collector(file)
    spec = _parse_character(data, field, archetypes, c)
    c.raise_if_any()
    assert spec is not None
    return spec


# ---------------------------------------------------------------------------------------------------
# catalogue
# ---------------------------------------------------------------------------------------------------
def _catalogue_from_data(data: Mapping[str, Any], path: Path, c: _Collector) -> Catalogue | None:
    _check_keys(data, _CATALOGUE_KEYS, "", c)
    name = _get_str(data, "name", "", c, required=False, default=path.stem)
    description = _get_str(data, "description", "", c, required=False, default="", max_len=MAX_DESCRIPTION)
    archetypes: dict[str, Archetype] = {}
    first_seen: dict[str, int] = {}
    for i, raw in _get_tables(data, "archetype", "", c, MAX_ARCHETYPES):
        field = _join("archetype", i)
        arch_id = raw.get("id")
        if isinstance(arch_id, str) and arch_id in first_seen:
            c.add(_join(field, "id"), f"duplicate archetype id '{arch_id}' (first at archetype[{first_seen[arch_id]}])")
            continue
        if isinstance(arch_id, str):
            first_seen[arch_id] = i
        arch = _parse_archetype(raw, field, c)
        if arch is not None:
            archetypes[arch.id] = arch
    # Characters may only refer to valid archetypes; broken ones are already reported, so references to them
    # are not reported a second time.
    broken = set(first_seen) - set(archetypes)
    characters: dict[str, CharacterSpec] = {}
    char_seen: dict[str, int] = {}
    for i, raw in _get_tables(data, "character", "", c, MAX_CHARACTERS):
        field = _join("character", i)
        char_id = raw.get("id")
        if isinstance(char_id, str) and char_id in char_seen:
            c.add(_join(field, "id"), f"duplicate character id '{char_id}' (first at character[{char_seen[char_id]}])")
            continue
        if isinstance(char_id, str):
            char_seen[char_id] = i
        sub = _Collector(c.file)
        spec = _parse_character(raw, field, archetypes, sub)
        c.extend([p for p in sub.problems if not any(f"unknown archetype '{b}'" in p[2] for b in broken)])
        if spec is not None:
            characters[spec.id] = spec
    if c.problems:
        return None
    return Catalogue(name=name or path.stem, path=path, archetypes=archetypes, characters=characters,
                     description=description or "")


def load_catalogue(path: str | os.PathLike[str]) -> Catalogue:
    """Load a ``type = "catalogue"`` file: ``[[archetype]]`` and ``[[character]]`` tables (BLD-1..21, E1-E7, E9).

    Raises :class:`DataError` with every problem found.
    """
    path = Path(path)
    key = _catalogue_key(path)
    if key is not None and key in _CATALOGUES:
        return _CATALOGUES[key]
    data = _read_toml(path)
    c = _Collector(display_path(path))
    if _check_header(data, "catalogue", c) is None:
        c.raise_if_any()
    cat = _catalogue_from_data(data, path, c)
    c.raise_if_any()
    assert cat is not None
    if key is not None:
        if len(_CATALOGUES) >= _CATALOGUE_CACHE_SIZE:
            _CATALOGUES.pop(next(iter(_CATALOGUES)))       # the oldest entry (insertion order)
        _CATALOGUES[key] = cat
    return cat


#: Catalogues already loaded, by (path as given, sha256 of the file's bytes): a catalogue is a frozen model that
#: depends on its file alone, and every army list loads its catalogue (a balance batch, the price planner and the
#: tests load the same few hundred times). A changed file has another key; only valid catalogues are kept.
_CATALOGUES: dict[tuple[str, str], Catalogue] = {}
_CATALOGUE_CACHE_SIZE = 64


def _catalogue_key(path: Path) -> tuple[str, str] | None:
    """The cache key of a catalogue file, or None when it cannot be read as a regular file of at most
    MAX_FILE_BYTES (then `_read_toml` says why)."""
    try:
        if not path.is_file() or path.stat().st_size > MAX_FILE_BYTES:
            return None
        raw = path.read_bytes()
    except (OSError, ValueError):
        return None
    return str(path), hashlib.sha256(raw).hexdigest()


# ---------------------------------------------------------------------------------------------------
# army lists
# ---------------------------------------------------------------------------------------------------
def _list_from_data(data: Mapping[str, Any], path: Path, c: _Collector, allow_outside: bool = False) -> ArmyList | None:
    _check_keys(data, _LIST_KEYS, "", c)
    name = _get_str(data, "name", "", c)
    description = _get_str(data, "description", "", c, required=False, default="", max_len=MAX_DESCRIPTION)
    cat_ref = _get_str(data, "catalogue", "", c)
    catalogue: Catalogue | None = None
    cat_path: Path | None = None
    if cat_ref is not None:
        root = Path(os.path.abspath(path)).parent.parent
        cat_path = _resolve_ref(cat_ref, path, root, "the folder above the list's folder", "catalogue", c,
                                allow_outside)
        if cat_path is not None:
            try:
                catalogue = load_catalogue(cat_path)
            except DataError as exc:
                c.add("catalogue", f"{display_path(cat_path)} has {len(exc.problems)} problem(s), listed below")
                c.extend(exc.problems)
    if "unit" not in data:
        c.add("unit", "missing: a list needs at least one [[unit]]")
    units: list[Unit] = []
    miniatures = 0
    for i, raw in _get_tables(data, "unit", "", c, MAX_MINIATURES):
        field = _join("unit", i)
        _check_keys(raw, _UNIT_KEYS, field, c)
        ref = _get_str(raw, "character", field, c)
        count = _get_int(raw, "count", field, c, low=1, required=False, default=1)
        if count is not None and count > MAX_MINIATURES:
            c.add(_join(field, "count"), f"{count} miniatures is more than the {MAX_MINIATURES} limit of a list")
            count = None
        miniatures += count or 0
        if ref is None or catalogue is None:
            continue
        spec = catalogue.characters.get(ref)
        if spec is None:
            known = ", ".join(sorted(catalogue.characters)) or "none"
            c.add(_join(field, "character"),
                  f"unknown character '{ref}'{_suggest(ref, list(catalogue.characters))} (the catalogue "
                  f"{display_path(catalogue.path)} has: {known})")
            continue
        aboard = _get_str(raw, "aboard", field, c, required=False)
        if count is not None:
            units.append(Unit(character=spec, count=count, aboard=aboard))
    c.extend(_passenger_problems(units, c.file))
    if isinstance(data.get("unit"), list) and not data["unit"]:
        c.add("unit", "a list needs at least one [[unit]]")
    if miniatures > MAX_MINIATURES:
        c.add("unit", f"the list has {miniatures} miniatures, more than the {MAX_MINIATURES} limit of a list")
    if c.problems:
        return None
    army = ArmyList(name=name or path.stem, path=path, units=tuple(units), catalogue=cat_path,
                    description=description or "")
    c.extend(_relic_problems(army, c.file))
    return None if c.problems else army


def _passenger_problems(units: list[Unit], file: str) -> list[_Problem]:
    """MVA-17 / TRT-CAPACITY: a unit `aboard` another unit's transport names a character of the list that has a
    transport with Capacidad, and the passengers aboard it take no more load levels than it carries (a base takes
    its area in K², rounded, minimum 1)."""
    problems: list[_Problem] = []
    by_id = {u.character.id: u for u in units}
    load: dict[str, int] = {}
    for i, u in enumerate(units):
        if u.aboard is None:
            continue
        f = f"unit[{i}].aboard"
        carrier = by_id.get(u.aboard)
        t = carrier.character.transport if carrier is not None else None
        if carrier is None:
            problems.append((file, f, f"'{u.aboard}' is not a character of this list"))
        elif t is None or not t.capacity:
            problems.append((file, f, f"'{u.aboard}' has no transport with Capacidad to carry passengers "
                                      "(MVA-17, TRT-CAPACITY)"))
        elif u.character.transport is not None:
            problems.append((file, f, "a character with its own transport rides it, it is no passenger (MVA-17)"))
        else:
            size = u.character.race.size
            load[u.aboard] = load.get(u.aboard, 0) + u.count * load_levels(size)
            levels = t.capacity
            if load[u.aboard] > levels:
                problems.append((file, f, f"the passengers aboard '{u.aboard}' need {load[u.aboard]} load levels "
                                          f"and its {t.name} carries {levels} (Capacidad {levels}, TRT-CAPACITY)"))
    return problems


def _relic_problems(army: ArmyList, file: str) -> list[_Problem]:
    """E8 (BLD-24): an archetype with Reliquia may appear only once in the whole list."""
    problems: list[_Problem] = []
    counts: dict[str, int] = {}
    reported: set[str] = set()
    for i, unit in enumerate(army.units):
        for _ in range(unit.count):
            for arch in unit.character.archetypes():
                if not arch.has_trait("Reliquia"):
                    continue
                counts[arch.id] = counts.get(arch.id, 0) + 1
                if counts[arch.id] > 1 and arch.id not in reported:
                    reported.add(arch.id)
                    problems.append((file, f"unit[{i}].character",
                                     f"archetype '{arch.id}' has Reliquia and may appear only once in a list "
                                     f"(BLD-24 E8)"))
    return problems


def load_army_list(path: str | os.PathLike[str], *, allow_outside: bool = False) -> ArmyList:
    """Load a ``type = "list"`` file: its catalogue (relative to the list file, inside the folder above the
    list's folder unless ``allow_outside``) and ``[[unit]]`` entries (BLD-22..24, E8). Raises
    :class:`DataError` with every problem found."""
    path = Path(path)
    data = _read_toml(path)
    c = _Collector(display_path(path))
    if _check_header(data, "list", c) is None:
        c.raise_if_any()
    army = _list_from_data(data, path, c, allow_outside)
    c.raise_if_any()
    assert army is not None
    return army


def check_list_against_scenario(army_list: ArmyList, scenario: Scenario) -> list[_Problem]:
    """E10 (BLD-22, BLD-24): the problems of ``army_list`` against ``scenario``'s points limit.

    The limit is a ceiling: a list costing the limit or less is legal. Returns DataError problem triples
    (empty when the list fits).
    """
    cost = list_cost(army_list)
    if cost <= scenario.points_limit:
        return []
    return [(display_path(army_list.path), "unit",
             f"the list costs {cost} points, {cost - scenario.points_limit} over the points_limit "
             f"{scenario.points_limit} of scenario '{scenario.name}' (BLD-22, BLD-24 E10)")]


# ---------------------------------------------------------------------------------------------------
# scenarios
# ---------------------------------------------------------------------------------------------------
def _parse_shape(raw: Mapping[str, Any], field: str, board: Polygon | None, board_text: str,
                 c: _Collector) -> tuple[tuple[float, float], ...] | None:
    """A footprint from ``rect = [x0, y0, x1, y1]`` or ``polygon = [[x, y], ...]`` (≥ 3 points, simple, inside
    the board)."""
    has_rect, has_poly = "rect" in raw, "polygon" in raw
    if has_rect == has_poly:
        c.add(field, "needs exactly one of rect = [x0, y0, x1, y1] or polygon = [[x, y], ...]")
        return None
    points: tuple[tuple[float, float], ...]
    if has_rect:
        sf = _join(field, "rect")
        rect = raw["rect"]
        if not (isinstance(rect, list) and len(rect) == 4 and all(_is_number(v) for v in rect)):
            c.add(sf, f"expected 4 numbers [x0, y0, x1, y1], got {_show(rect)}")
            return None
        x0, y0, x1, y1 = (float(v) for v in rect)
        if not (x0 < x1 and y0 < y1):
            c.add(sf, "needs x0 < x1 and y0 < y1")
            return None
        points = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    else:
        sf = _join(field, "polygon")
        poly = raw["polygon"]
        if not isinstance(poly, list) or len(poly) < 3:
            c.add(sf, f"expected a list of at least 3 [x, y] points, got {_show(poly)}")
            return None
        if len(poly) > MAX_VERTICES:
            c.add(sf, f"{len(poly)} points is more than the {MAX_VERTICES} limit of a polygon")
            return None
        pts: list[tuple[float, float]] = []
        for k, pt in enumerate(poly):
            if not (isinstance(pt, list) and len(pt) == 2 and all(_is_number(v) for v in pt)):
                c.add(_join(sf, k), f"expected a point [x, y], got {_show(pt)}")
                return None
            pts.append((float(pt[0]), float(pt[1])))
        if len(pts) > 3 and pts[0] == pts[-1]:
            pts.pop()  # a closed ring is accepted
        shape = Polygon(pts)
        if not shape.is_valid or shape.area <= 0 or len(set(pts)) < 3:
            c.add(sf, "is not a simple polygon (its edges cross or it has no area)")
            return None
        points = tuple(pts)
    if board is not None and not board.buffer(1e-9).covers(Polygon(points)):
        c.add(sf, f"goes outside the {board_text} board")
        return None
    return points


def _parse_terrain(raw: Mapping[str, Any], i: int, board: Polygon | None, board_text: str,
                   c: _Collector) -> TerrainSpec | None:
    field = _join("terrain", i)
    start = len(c.problems)
    _check_keys(raw, _TERRAIN_KEYS, field, c)
    kind = raw.get("kind")
    if "kind" not in raw:
        c.add(_join(field, "kind"), f"missing (required: one of {', '.join(TERRAIN_KINDS)})")
        kind = None
    elif kind not in TERRAIN_KINDS:
        c.add(_join(field, "kind"), _one_of(kind, TERRAIN_KINDS))
        kind = None
    terrain_id = _get_str(raw, "id", field, c, required=False, default=f"{kind or 'terrain'}-{i}")
    _get_str(raw, "name", field, c, required=False)
    polygon = _parse_shape(raw, field, board, board_text, c)
    default_height, default_los = TERRAIN_DEFAULTS.get(kind or "", (0.0, False))
    height = _get_number(raw, "height", field, c, required=False, default=default_height,
                         high=MAX_TERRAIN_HEIGHT, unit=" K")
    blocks_los = _get_bool(raw, "blocks_los", field, c, default_los)
    defense = _get_int(raw, "defense", field, c, low=0, high=10, required=False, default=0)
    if kind is not None and height is not None and "height" in raw:
        hf = _join(field, "height")
        if kind == "low" and not 0 < height <= LOW_OBSTACLE_MAX_HEIGHT:
            c.add(hf, f"a low obstacle is over 0 and at most chest height {LOW_OBSTACLE_MAX_HEIGHT} K (MOV-8), "
                      f"got {height}")
        elif kind == "high" and height <= LOW_OBSTACLE_MAX_HEIGHT:
            c.add(hf, f"a high obstacle is taller than chest height {LOW_OBSTACLE_MAX_HEIGHT} K (MOV-9), got {height:g}")
        elif kind == "blocking" and height <= 0:
            c.add(hf, "a blocking piece needs a height over 0")
    # MVA-10 / MOV-9: obstacles may be climbed (low and high ones by default, a blocking building when marked)
    climbable = _get_bool(raw, "climbable", field, c, kind in ("low", "high"))
    if climbable and kind in ("difficult", "extreme", "water"):
        c.add(_join(field, "climbable"), f"only obstacles (low, high, blocking) can be climbed, not {kind} terrain "
                                         "(MVA-10)")
    # TRT-SERPENT: recovecos (narrow gaps, rubble, ducts, tunnels) are ground or a low obstacle
    nooks = _get_bool(raw, "nooks", field, c, False)
    if nooks and kind in ("high", "blocking", "water"):
        c.add(_join(field, "nooks"), f"only difficult, extreme or low terrain can be nooks (recovecos), not {kind}")
    movable = _parse_movable(raw, field, kind, c)
    breakable = _parse_breakable(raw, field, kind, c)
    if movable is not None and breakable is not None:
        c.add(_join(field, "breakable"), "a piece is either movable or breakable, not both")
    ceiling = _parse_ceiling(raw, field, kind, height, blocks_los, c)
    if len(c.problems) > start or kind is None or polygon is None or terrain_id is None:
        return None
    return TerrainSpec(id=terrain_id, kind=kind, polygon=polygon, height=height, blocks_los=blocks_los,
                       defense=defense, climbable=bool(climbable), movable=movable, nooks=bool(nooks),
                       breakable=breakable, ceiling=ceiling or 0.0)


def _parse_ceiling(raw: Mapping[str, Any], field: str, kind: Any, height: Any, blocks_los: Any,
                   c: _Collector) -> float | None:
    """``ceiling = 3`` (TRT-SPIDER, issue 12): the roof height (K, over 0, at most MAX_TERRAIN_HEIGHT) of a roofed
    open piece; only on ground (difficult, extreme), whose own height stays 0 and which does not block sight itself
    (its roof does, geometry.sight). None when absent or wrong (each problem added to `c`)."""
    if "ceiling" not in raw:
        return None
    cf = _join(field, "ceiling")
    n0 = len(c.problems)
    value = _get_number(raw, "ceiling", field, c, positive=True, high=MAX_TERRAIN_HEIGHT, unit=" K")
    if kind is not None and kind not in ("difficult", "extreme"):
        c.add(cf, f"only ground (difficult, extreme) can have a roof over it, not {kind} terrain")
    if height:
        c.add(cf, f"a roofed piece's ground has height 0 (its roof is at `ceiling` K), got height {height:g}")
    if blocks_los:
        c.add(cf, "a roofed piece does not block sight itself (its roof does): leave blocks_los false")
    return None if len(c.problems) > n0 else value


def _parse_breakable(raw: Mapping[str, Any], field: str, kind: Any, c: _Collector) -> BreakableSpec | None:
    """``breakable = {con = 3, what = "wall"}`` (TRT-WALLBREAKER ruling: doors and walls melee attacks can break):
    an obstacle (low, high or blocking); con 1-10, what one of BREAKABLE_WHAT (default wall). Its DEF is the piece's
    ``defense``."""
    got = _obstacle_table(raw, field, kind, c, "breakable", _BREAKABLE_KEYS, "what", BREAKABLE_WHAT, "wall",
                          'con = 3, what = "wall"')
    return None if got is None else BreakableSpec(con=got[0], what=got[1])


def _parse_movable(raw: Mapping[str, Any], field: str, kind: Any, c: _Collector) -> MovableSpec | None:
    """``movable = {con = 4, size = "car"}`` (issue 16, scenery): an obstacle (low, high or blocking) that can be
    thrown (TRT-SUPER-STRENGTH); con 1-10, size one of MOVABLE_SIZES (default car)."""
    got = _obstacle_table(raw, field, kind, c, "movable", _MOVABLE_KEYS, "size", MOVABLE_SIZES, "car",
                          'con = 4, size = "car"')
    return None if got is None else MovableSpec(con=got[0], size=got[1])


def _obstacle_table(raw: Mapping[str, Any], field: str, kind: Any, c: _Collector, key: str, keys, choice: str,
                    choices, default: str, example: str) -> tuple[int, str] | None:
    """The ``key = {con = N, <choice> = "<one of choices>"}`` table of an obstacle piece (`movable`, `breakable`):
    (con, choice), or None when it is absent or has a problem (each one added to `c`)."""
    if key not in raw:
        return None
    kf = _join(field, key)
    table = raw[key]
    if not isinstance(table, dict):
        c.add(kf, f"expected a table {{{example}}}, got {_show(table)}")
        return None
    n0 = len(c.problems)
    _check_keys(table, keys, kf, c)
    con = _get_int(table, "con", kf, c, low=1, high=10)
    value = table.get(choice, default)
    if value not in choices:
        c.add(_join(kf, choice), _one_of(value, choices))
    if kind is not None and kind not in ("low", "high", "blocking"):
        c.add(kf, f"only obstacles (low, high, blocking) can be {key}, not {kind} terrain")
    if len(c.problems) > n0 or con is None:
        return None
    return con, value


def _parse_perches(data: Mapping[str, Any], terrain: list[TerrainSpec], c: _Collector) -> tuple[Perch, ...]:
    """``[[perch]]``: side, ``at = [x, y]`` and ``on`` (a terrain id). MOV-10: Board.surface_height is 0
    everywhere, so standing on a piece is modelled as level 2 (3 K above level 1): the piece must be a high or
    blocking piece exactly 3 K high, and a 1 K base centred at ``at`` must fit on its top."""
    from shapely.geometry import Point

    pieces = {t.id: t for t in terrain}
    out: list[Perch] = []
    for i, raw in _get_tables(data, "perch", "", c, MAX_PERCHES):
        field = _join("perch", i)
        start = len(c.problems)
        _check_keys(raw, _PERCH_KEYS, field, c)
        side = _get_side(raw, field, c)
        at = raw.get("at")
        if not (isinstance(at, list) and len(at) == 2 and all(_is_number(v) for v in at)):
            c.add(_join(field, "at"), f"expected a point [x, y], got {_show(at) if 'at' in raw else 'nothing'}")
            at = None
        on = _get_str(raw, "on", field, c)
        piece = None
        if on is not None:
            piece = pieces.get(on)
            if piece is None:
                c.add(_join(field, "on"), f"unknown terrain id '{on}'{_suggest(on, list(pieces))}")
            elif piece.kind not in ("high", "blocking") or abs(piece.height - PERCH_HEIGHT) > 1e-9:
                c.add(_join(field, "on"), f"a perch stands on a high or blocking piece exactly {PERCH_HEIGHT:g} K "
                                          f"high (MOV-10, level 2); '{on}' is a {piece.kind} piece "
                                          f"{piece.height:g} K high")
                piece = None
        if at is not None and piece is not None:
            disc = Point(float(at[0]), float(at[1])).buffer(HUMAN_BASE_RADIUS, 32)
            if not Polygon(piece.polygon).buffer(1e-6).covers(disc):
                c.add(_join(field, "at"), f"a 1 K base centred there does not fit on top of '{piece.id}'")
            elif any(math.hypot(p.x - at[0], p.y - at[1]) < 2 * HUMAN_BASE_RADIUS for p in out):
                c.add(_join(field, "at"), "overlaps another perch")
        if len(c.problems) == start:
            out.append(Perch(side=side, x=float(at[0]), y=float(at[1]), piece=piece.id))
    return tuple(out)


def _parse_element_use(raw: Mapping[str, Any], field: str, terrain, c: _Collector) -> ElementUse | None:
    """``[element.use]`` (GNA-16): ``ene`` (Usar's X, 0-10), ``check`` (CON, AGI, INT or VOL; none when left out),
    ``modifier`` (the check's difficulty, -5..5; only with a check), ``effect`` ('door' or 'mechanism'), a door's
    ``door`` (the id of a [[terrain]] piece that blocks movement: it is the closed door) and ``open`` (a door's
    state at setup, default closed)."""
    use = _get_table(raw, "use", field, c, required=False)
    if use is None:
        return None
    field = _join(field, "use")
    start = len(c.problems)
    _check_keys(use, _ELEMENT_USE_KEYS, field, c)
    ene = _get_int(use, "ene", field, c, low=0, high=10)
    check = use.get("check")
    if check is not None and check not in ELEMENT_CHECKS:
        c.add(_join(field, "check"), f"expected one of {', '.join(ELEMENT_CHECKS)}, got {_show(check)}")
    modifier = _get_int(use, "modifier", field, c, low=-5, high=5, required=False, default=0)
    if modifier and check is None:
        c.add(_join(field, "modifier"), "a difficulty needs a check (check = CON, AGI, INT or VOL)")
    effect = use.get("effect")
    if effect not in ELEMENT_EFFECTS:
        c.add(_join(field, "effect"), f"expected one of {', '.join(ELEMENT_EFFECTS)}, got "
                                      f"{_show(effect) if 'effect' in use else 'nothing'}")
    door = _get_str(use, "door", field, c, required=effect == "door", default="")
    is_open = _get_bool(use, "open", field, c, False)
    if effect == "door" and door:
        piece = next((t for t in terrain if t.id == door), None)
        if piece is None:
            c.add(_join(field, "door"), f"no [[terrain]] with id '{door}'{_suggest(door, [t.id for t in terrain])}")
        elif piece.kind not in ("low", "high", "blocking"):
            c.add(_join(field, "door"), f"terrain '{door}' is {piece.kind}: a door is a low, high or blocking piece")
        elif piece.breakable is not None and piece.breakable.what != "door":
            c.add(_join(field, "door"), f"terrain '{door}' is a breakable {piece.breakable.what}: a door's breakable "
                                        "piece says what = \"door\"")
    elif effect != "door" and (door or "open" in use):
        c.add(_join(field, "door" if door else "open"), "only a door (effect = 'door') has a terrain piece and a state")
    if len(c.problems) != start:
        return None
    return ElementUse(ene=ene, check=check, modifier=modifier, effect=effect, door=door, open=is_open)


def _parse_elements(data: Mapping[str, Any], board: Polygon | None, c: _Collector, terrain=()) -> tuple[Element, ...]:
    """``[[element]]`` (GNA-2): a searchable element: ``id`` (unique), ``name``, ``at = [x, y]``, ``radius`` (K, default
    0.5, at most 5) and ``contents`` (the names of the items a Buscar finds there); the disc must lie on the board.
    With ``[element.use]`` (GNA-16, `_parse_element_use`) it is used with Usar instead, and holds no contents."""
    out: list[Element] = []
    for i, raw in _get_tables(data, "element", "", c, MAX_ELEMENTS):
        field = _join("element", i)
        start = len(c.problems)
        _check_keys(raw, _ELEMENT_KEYS, field, c)
        eid = _get_str(raw, "id", field, c)
        name = _get_str(raw, "name", field, c, required=False, default=eid)
        at = raw.get("at")
        if not (isinstance(at, list) and len(at) == 2 and all(_is_number(v) for v in at)):
            c.add(_join(field, "at"), f"expected a point [x, y], got {_show(at) if 'at' in raw else 'nothing'}")
            at = None
        radius = _get_number(raw, "radius", field, c, required=False, default=0.5, positive=True, high=5.0,
                             unit=" K")
        contents = raw.get("contents", [])
        if not isinstance(contents, list) or not all(isinstance(v, str) and v.strip() and len(v) <= MAX_TEXT
                                                     for v in contents):
            c.add(_join(field, "contents"), f"expected a list of item names, got {_show(contents)}")
            contents = []
        elif len(contents) > MAX_CONTENTS:
            c.add(_join(field, "contents"), f"{len(contents)} items is more than the {MAX_CONTENTS} limit")
        use = _parse_element_use(raw, field, terrain, c)             # GNA-16
        if use is not None and contents:
            c.add(_join(field, "contents"), "a used element (use) holds nothing: it is used, not searched")
        if use is not None and use.effect == "door" and any(e.use and e.use.door == use.door for e in out):
            c.add(_join(field, "use.door"), f"terrain '{use.door}' is already another element's door")
        if eid is not None and any(e.id == eid for e in out):
            c.add(_join(field, "id"), f"duplicate element id '{eid}'")
        if at is not None and radius is not None and board is not None:
            x0, y0, x1, y1 = board.bounds
            if not (x0 <= at[0] - radius and at[0] + radius <= x1 and y0 <= at[1] - radius and at[1] + radius <= y1):
                c.add(_join(field, "at"), f"the element (radius {radius:g} K) must lie on the board")
        if len(c.problems) == start:
            out.append(Element(id=eid, name=name or eid, x=float(at[0]), y=float(at[1]), radius=radius,
                               contents=tuple(contents), use=use))
    return tuple(out)


def _get_side(raw: Mapping[str, Any], field: str, c: _Collector):
    """A required ``side`` key (one of SIDES); a missing or unknown one is a problem of `field`."""
    side = raw.get("side")
    if "side" not in raw:
        c.add(_join(field, "side"), f"missing (required: one of {', '.join(SIDES)})")
    elif side not in SIDES:
        c.add(_join(field, "side"), _one_of(side, SIDES))
    return side


def _parse_captives(data: Mapping[str, Any], c: _Collector) -> tuple[Captive, ...]:
    """``[[captive]]`` (GNA-6): ``side``, ``character`` (1-based place in that side's list, units expanded; checked
    against the list when the game is set up) and ``bonds`` (rope, the default, or steel)."""
    out: list[Captive] = []
    for i, raw in _get_tables(data, "captive", "", c, MAX_CAPTIVES):
        field = _join("captive", i)
        start = len(c.problems)
        _check_keys(raw, _CAPTIVE_KEYS, field, c)
        side = _get_side(raw, field, c)
        index = _get_int(raw, "character", field, c, low=1, limit=MAX_CHARACTERS)
        bonds = raw.get("bonds", "rope")
        if bonds not in BONDS:
            c.add(_join(field, "bonds"), _one_of(bonds, BONDS))
        if len(c.problems) == start:
            if any(o.side == side and o.character == index for o in out):
                c.add(_join(field, "character"), f"{side}'s character {index} is already a captive")
                continue
            out.append(Captive(side=side, character=index, bonds=bonds))
    return tuple(out)


_ALARM_KEYS = ("kind", "preset", "vpo", "vpl", "vpr", "rounds", "divisor", "lethal_ratio", "start", "trigger",
               "hold_zone", "spawn_area", "spawn", "bell", "bell_character", "goal", "doors_spawn",
               "deadly_zone_k", "alarm_tokens", "max_turns", "marker", "end", "mechanism", "exit")
ALARM_KINDS = ("temporal", "carry_the_bell")
ALARM_STARTS = ("at_setup", "trigger_marker", "trap_marker")
BELL_KINDS = ("side", "character", "marker")
ALARM_ENDS = ("goal", "mechanism")
_HOLD_KEYS = ("rect", "polygon", "circle")
_SPAWN_KEYS = ("id", "at", "door")
MAX_SPAWN_MARKERS = 64
MAX_ALARM_TOKENS = 99
#: ALM-37: the default hold zone is a circle of this radius (K) on the trigger marker.
DEFAULT_HOLD_RADIUS = 5.0


def _get_point(raw: Mapping[str, Any], key: str, field: str, board: Polygon | None, board_text: str,
               c: _Collector) -> tuple[float, float] | None:
    value = raw[key]
    f = _join(field, key)
    if not (isinstance(value, list) and len(value) == 2 and all(_is_number(v) for v in value)):
        c.add(f, f"expected a point [x, y], got {_show(value)}")
        return None
    x, y = float(value[0]), float(value[1])
    if board is not None and not (board.bounds[0] <= x <= board.bounds[2] and board.bounds[1] <= y <= board.bounds[3]):
        c.add(f, f"[{x:g}, {y:g}] is outside the {board_text} board")
        return None
    return x, y


def _parse_zone_or_circle(raw: Mapping[str, Any], field: str, board: Polygon | None, board_text: str,
                          c: _Collector) -> tuple[tuple[float, float], ...] | None:
    """A zone from rect, polygon or ``circle = [x, y, radius]`` (a 64-gon), inside the board."""
    _check_keys(raw, _HOLD_KEYS, field, c)
    if "circle" in raw:
        if "rect" in raw or "polygon" in raw:
            c.add(field, "needs exactly one of rect, polygon or circle = [x, y, radius]")
            return None
        circle = raw["circle"]
        if not (isinstance(circle, list) and len(circle) == 3 and all(_is_number(v) for v in circle)
                and circle[2] > 0):
            c.add(_join(field, "circle"), f"expected [x, y, radius] with radius > 0, got {_show(circle)}")
            return None
        return _circle_points(float(circle[0]), float(circle[1]), float(circle[2]))
    return _parse_shape(raw, field, board, board_text, c)


def _circle_points(x: float, y: float, r: float) -> tuple[tuple[float, float], ...]:
    return tuple((round(x + r * math.cos(2 * math.pi * k / 64), 9), round(y + r * math.sin(2 * math.pi * k / 64), 9))
                 for k in range(64))


def _alarm_element(raw: Mapping[str, Any], key: str, elements: tuple[Element, ...], why: str,
                   c: _Collector) -> Element | None:
    """ALM-34, ALM-39: the ``[[element]]`` an alarm key names (a trigger or mechanism marker); a problem if missing
    or unknown."""
    if key not in raw:
        c.add(_join("alarm", key), f"missing ({why}: the id of a [[element]])")
        return None
    wanted = _get_str(raw, key, "alarm", c)
    found = next((e for e in elements if e.id == wanted), None)
    if wanted is not None and found is None:
        c.add(_join("alarm", key), f"no [[element]] with id '{wanted}'{_suggest(wanted, [e.id for e in elements])}")
    if found is not None and found.use is not None and found.use.effect != "mechanism":
        c.add(_join("alarm", key), f"element '{wanted}' is a {found.use.effect}: a marker is searched or used as a "
                                   "mechanism (GNA-16: use.effect = 'mechanism')")
    return found


def _parse_alarm(data: Mapping[str, Any], board: Polygon | None, board_text: str,
                 c: _Collector, elements: tuple[Element, ...] = ()) -> AlarmSpec | None:
    """The ``[alarm]`` table (ALM-2, ALM-9..ALM-14, ALM-32..ALM-41): kind, shape (a preset row, or VPo / VPl /
    divisor), lethal ratio, start event (a trigger element or a trap point), hold zone or bell, goal or mechanism
    element, exit, spawn markers, tokens."""
    raw = _get_table(data, "alarm", "", c, required=False)
    if raw is None:
        return None
    n0 = len(c.problems)
    _check_keys(raw, _ALARM_KEYS, "alarm", c)
    kind = raw.get("kind")
    if "kind" not in raw:
        c.add("alarm.kind", f"missing (ALM-2: one of {', '.join(ALARM_KINDS)})")
    elif kind not in ALARM_KINDS:
        c.add("alarm.kind", f"ALM-2: {_one_of(kind, ALARM_KINDS)}")
        kind = None
    divisor = _get_int(raw, "divisor", "alarm", c, required=False, default=4)
    if divisor is not None and divisor not in (2, 4):
        c.add("alarm.divisor", f"ALM-10: the divisor is 4 or 2, got {_show(divisor)}")
        divisor = None
    vpo = vpl = vpr = None
    rounds: int | None = None
    preset = ""
    if "preset" in raw:
        preset = _get_str(raw, "preset", "alarm", c) or ""
        for key in ("vpo", "vpl", "vpr", "rounds"):
            if key in raw:
                c.add(_join("alarm", key), "not with a preset (ALM-14: the preset row gives it)")
        row = alarm_presets().get(preset) if preset else None
        if preset and row is None:
            c.add("alarm.preset", f"ALM-14: unknown preset '{preset}'{_suggest(preset, list(alarm_presets()))}")
        elif row is not None:
            vpo, vpl, vpr, rounds = row.vpo, row.vpl, row.vpr, row.rounds
    else:
        vpo = _get_number(raw, "vpo", "alarm", c, positive=True, high=1000)
        vpl = _get_number(raw, "vpl", "alarm", c, positive=True, high=1000)
        vpr = _get_number(raw, "vpr", "alarm", c, required=False, positive=True, high=1000)
        rounds = _get_int(raw, "rounds", "alarm", c, low=1, required=False, limit=MAX_TURN_LIMIT)
        if vpo is not None and vpl is not None:
            if vpo >= vpl:
                c.add("alarm.vpo", f"ALM-11: VPo ({vpo:g}) must be less than VPl ({vpl:g}); "
                                   "it would give an alarm of 0 rounds or less")
            elif divisor is not None:
                if vpr is None and "vpr" not in raw:
                    vpr = float(reinforcement_vp(vpo, divisor))
                if vpr is not None and rounds is None and "rounds" not in raw:
                    rounds = alarm_duration(vpo, vpl, vpr)
    ratio = _get_number(raw, "lethal_ratio", "alarm", c, required=False, default=2.0, positive=True, high=100)
    start = raw.get("start", "at_setup")
    if start not in ALARM_STARTS:
        c.add("alarm.start", f"ALM-34: {_one_of(start, ALARM_STARTS)}")
    trigger = _get_point(raw, "trigger", "alarm", board, board_text, c) if "trigger" in raw else None
    marker = None
    if start == "trigger_marker":
        marker = _alarm_element(raw, "marker", elements, "ALM-34: start = 'trigger_marker' needs its marker", c)
        if "trigger" in raw:
            c.add("alarm.trigger", "not with start = 'trigger_marker' (ALM-34: the marker element is the trigger)")
        elif marker is not None:
            trigger = (marker.x, marker.y)
    elif "marker" in raw:
        c.add("alarm.marker", "only with start = 'trigger_marker' (ALM-34)")
    if start == "trap_marker" and "trigger" not in raw:
        c.add("alarm.trigger", "missing (ALM-34: a start event 'trap_marker' needs the trap's point [x, y])")
    hold: tuple[tuple[float, float], ...] = ()
    hold_raw = _get_table(raw, "hold_zone", "alarm", c, required=False)
    if hold_raw is not None:
        hold = _parse_zone_or_circle(hold_raw, "alarm.hold_zone", board, board_text, c) or ()
    elif kind == "temporal":
        if trigger is None:
            c.add("alarm.hold_zone", "missing (ALM-37: a temporal alarm needs a hold zone, or a trigger point "
                                     "for the default 5 K circle)")
        else:
            hold = _circle_points(trigger[0], trigger[1], DEFAULT_HOLD_RADIUS)
    spawn_area: tuple[tuple[float, float], ...] = ()
    area_raw = _get_table(raw, "spawn_area", "alarm", c, required=False)
    if area_raw is not None:
        spawn_area = _parse_zone_or_circle(area_raw, "alarm.spawn_area", board, board_text, c) or ()
    markers: list[SpawnMarker] = []
    seen: set[str] = set()
    for i, m in _get_tables(raw, "spawn", "alarm", c, MAX_SPAWN_MARKERS):
        mf = _join(_join("alarm", "spawn"), i)
        _check_keys(m, _SPAWN_KEYS, mf, c)
        mid = _get_str(m, "id", mf, c, max_len=MAX_TEXT)
        at = _get_point(m, "at", mf, board, board_text, c) if "at" in m else None
        if "at" not in m:
            c.add(_join(mf, "at"), "missing (required)")
        door = _get_bool(m, "door", mf, c, False)
        if mid is not None and mid in seen:
            c.add(_join(mf, "id"), f"duplicate spawn marker id '{mid}'")
            continue
        if mid is not None and at is not None and door is not None:
            seen.add(mid)
            markers.append(SpawnMarker(id=mid, x=at[0], y=at[1], door=door))
    bell = raw.get("bell", "side")
    if bell not in BELL_KINDS:
        c.add("alarm.bell", f"ALM-38: {_one_of(bell, BELL_KINDS)}")
    bell_character = _get_int(raw, "bell_character", "alarm", c, low=1, required=False, default=0, limit=1000)
    if bell == "character" and not bell_character:
        c.add("alarm.bell_character", "missing (ALM-38: bell = 'character' names the 1-based character of the "
                                      "defender's list that carries it)")
    goal: tuple[tuple[float, float], ...] = ()
    goal_raw = _get_table(raw, "goal", "alarm", c, required=False)
    if goal_raw is not None:
        goal = _parse_zone_or_circle(goal_raw, "alarm.goal", board, board_text, c) or ()
    end = raw.get("end", "goal")
    if end not in ALARM_ENDS:
        c.add("alarm.end", f"ALM-39: {_one_of(end, ALARM_ENDS)}")
    mechanism = None
    if end == "mechanism":
        mechanism = _alarm_element(raw, "mechanism", elements, "ALM-39: end = 'mechanism' needs its marker", c)
    elif "mechanism" in raw:
        c.add("alarm.mechanism", "only with end = 'mechanism' (ALM-39)")
    exit_zone: tuple[tuple[float, float], ...] = ()
    exit_raw = _get_table(raw, "exit", "alarm", c, required=False)
    if exit_raw is not None:
        exit_zone = _parse_zone_or_circle(exit_raw, "alarm.exit", board, board_text, c) or ()
    if kind == "carry_the_bell":
        if goal_raw is None and end == "goal":
            c.add("alarm.goal", "missing (ALM-39: a carry-the-bell alarm needs the goal zone where it stops, or "
                                "end = 'mechanism')")
        if "spawn" not in raw:
            c.add("alarm.spawn", "missing (ALM-38: a carry-the-bell alarm needs [[alarm.spawn]] markers)")
        if bell == "marker" and start != "trigger_marker":
            c.add("alarm.bell", "ALM-38: bell = 'marker' is picked up by the start event: it needs "
                                "start = 'trigger_marker' (the marker element is the bell)")
        if bell != "character" and "bell_character" in raw:
            c.add("alarm.bell_character", "only with bell = 'character' (ALM-38)")
    elif kind == "temporal":
        for key in ("goal", "bell", "bell_character", "doors_spawn", "end", "mechanism"):
            if key in raw:
                c.add(_join("alarm", key), "only for a carry-the-bell alarm (ALM-38, ALM-39)")
    doors_spawn = _get_bool(raw, "doors_spawn", "alarm", c, False)
    deadly = _get_number(raw, "deadly_zone_k", "alarm", c, required=False, default=1.0, high=10, unit=" K")
    tokens = _get_int(raw, "alarm_tokens", "alarm", c, low=0, required=False, default=0, limit=MAX_ALARM_TOKENS)
    max_turns = _get_int(raw, "max_turns", "alarm", c, low=1, required=False, default=0, limit=MAX_TURN_LIMIT)
    if len(c.problems) > n0 or kind is None or vpo is None or vpl is None or vpr is None or rounds is None:
        return None
    return AlarmSpec(kind=kind, preset=preset, vpo=vpo, vpl=vpl, vpr=vpr, rounds=rounds, divisor=divisor or 4,
                     lethal_ratio=ratio or 2.0, start=start, trigger=trigger, hold_zone=hold, spawn_area=spawn_area,
                     spawn=tuple(markers), bell=bell, bell_character=bell_character or 0, goal=goal,
                     doors_spawn=bool(doors_spawn), deadly_zone_k=deadly if deadly is not None else 1.0,
                     alarm_tokens=tokens or 0, max_turns=max_turns or 0, marker=marker.id if marker else "",
                     end=end if end in ALARM_ENDS else "goal", mechanism=mechanism.id if mechanism else "",
                     exit=exit_zone)


_OBJECTIVE_KEYS = ("name", "side", "count", *_HOLD_KEYS)
#: the most characters an objective may ask for
MAX_OBJECTIVE_COUNT = 100


def _parse_objective(data: Mapping[str, Any], victory: Any, board: Polygon | None, board_text: str,
                     c: _Collector) -> ObjectiveSpec | None:
    """BLD-22: the ``[objective]`` of a ``victory = "objective"`` scenario: the side that must reach the zone, how
    many able characters it must hold there at the end of a turn, and the zone (rect, polygon or circle)."""
    raw = _get_table(data, "objective", "", c, required=False)
    if raw is None:
        if victory == "objective":
            c.add("objective", 'missing (victory = "objective" needs an [objective] table: side, count and a zone)')
        return None
    if victory != "objective":
        c.add("objective", f'only for victory = "objective" (this scenario\'s victory is {_show(victory)})')
        return None
    _check_keys(raw, _OBJECTIVE_KEYS, "objective", c)
    n0 = len(c.problems)
    name = _get_str(raw, "name", "objective", c, required=False, default="Objective", max_len=MAX_TEXT)
    side = raw.get("side")
    if "side" not in raw:
        c.add("objective.side", f"missing (required: the side that must reach the zone, one of {', '.join(SIDES)})")
    elif side not in SIDES:
        c.add("objective.side", _one_of(side, SIDES))
    count = _get_int(raw, "count", "objective", c, low=1, limit=MAX_OBJECTIVE_COUNT)
    shape = {k: v for k, v in raw.items() if k in _HOLD_KEYS}
    zone = _parse_zone_or_circle(shape, "objective", board, board_text, c)
    if len(c.problems) > n0 or zone is None or count is None:
        return None
    return ObjectiveSpec(name=name or "Objective", side=side, count=count, zone=zone)


def _parse_dark(data: Mapping[str, Any], board: Polygon | None, board_text: str,
                c: _Collector) -> tuple[DarkArea, ...]:
    """Darkness (project ruling, docs/darkness.md): ``[[dark]]`` areas, each an optional unique ``id`` and
    ``name`` and a ``rect`` or ``polygon`` inside the board."""
    out: list[DarkArea] = []
    seen: dict[str, int] = {}
    for i, raw in _get_tables(data, "dark", "", c, MAX_TERRAIN):
        field = _join("dark", i)
        n0 = len(c.problems)
        _check_keys(raw, _DARK_KEYS, field, c)
        dark_id = _get_str(raw, "id", field, c, required=False, default=f"dark-{i}")
        _get_str(raw, "name", field, c, required=False)
        polygon = _parse_shape(raw, field, board, board_text, c)
        if dark_id in seen:
            c.add(_join(field, "id"), f"duplicate dark area id '{dark_id}' (first at dark[{seen[dark_id]}])")
        if len(c.problems) > n0 or polygon is None or dark_id is None:
            continue
        seen[dark_id] = i
        out.append(DarkArea(id=dark_id, polygon=polygon))
    return tuple(out)


def _scenario_from_data(data: Mapping[str, Any], path: Path, c: _Collector,
                        allow_outside: bool = False) -> Scenario | None:
    _check_keys(data, _SCENARIO_KEYS, "", c)
    name = _get_str(data, "name", "", c)
    description = _get_str(data, "description", "", c, required=False, default="", max_len=MAX_DESCRIPTION)
    width = height = None
    board_raw = _get_table(data, "board", "", c)
    if board_raw is not None:
        _check_keys(board_raw, ("width", "height"), "board", c)
        width = _get_number(board_raw, "width", "board", c, positive=True, high=MAX_BOARD, unit=" K")
        height = _get_number(board_raw, "height", "board", c, positive=True, high=MAX_BOARD, unit=" K")
    board = box(0, 0, width, height) if width and height else None
    board_text = f"{width:g}×{height:g} K" if width and height else ""
    points_limit = _get_int(data, "points_limit", "", c, low=1, limit=MAX_POINTS_LIMIT)
    turn_limit = _get_int(data, "turn_limit", "", c, low=1, limit=MAX_TURN_LIMIT)
    victory = data.get("victory")
    if "victory" not in data:
        c.add("victory", f"missing (required: one of {', '.join(VICTORY_KINDS)})")
    elif victory not in VICTORY_KINDS:
        c.add("victory", _one_of(victory, VICTORY_KINDS))
    grid = _get_bool(data, "grid", "", c, False)
    # terrain
    terrain: list[TerrainSpec] = []
    seen_ids: dict[str, int] = {}
    for i, raw in _get_tables(data, "terrain", "", c, MAX_TERRAIN):
        piece = _parse_terrain(raw, i, board, board_text, c)
        if piece is None:
            continue
        if piece.id in seen_ids:
            c.add(_join(_join("terrain", i), "id"), f"duplicate terrain id '{piece.id}' "
                                                    f"(first at terrain[{seen_ids[piece.id]}])")
            continue
        seen_ids[piece.id] = i
        terrain.append(piece)
    perches = _parse_perches(data, terrain, c)
    elements = _parse_elements(data, board, c, terrain)      # GNA-2, GNA-16
    captives = _parse_captives(data, c)                      # GNA-6
    alarm = _parse_alarm(data, board, board_text, c, elements)   # ALM-2, ALM-32..ALM-41
    objective = _parse_objective(data, victory, board, board_text, c)    # BLD-22: victory = "objective"
    night = _get_bool(data, "night", "", c, False)                      # darkness (docs/darkness.md)
    dark = _parse_dark(data, board, board_text, c)
    # deployment zones
    deployment: dict[str, tuple[tuple[float, float], ...]] = {}
    dep_raw = _get_table(data, "deployment", "", c)
    if dep_raw is not None:
        for side in dep_raw:
            if side not in SIDES:
                c.add(_join("deployment", side), f"unknown side (expected: {', '.join(SIDES)})")
        for side in SIDES:
            zone_raw = _get_table(dep_raw, side, "deployment", c)
            if zone_raw is None:
                continue
            zf = _join("deployment", side)
            _check_keys(zone_raw, _ZONE_KEYS, zf, c)
            zone = _parse_shape(zone_raw, zf, board, board_text, c)
            if zone is not None:
                deployment[side] = zone
    if len(deployment) == 2 and Polygon(deployment["red"]).intersection(Polygon(deployment["blue"])).area > 1e-9:
        c.add("deployment.blue", "overlaps the red deployment zone")
    obstacles = [Polygon(t.polygon) for t in terrain if t.kind in ("high", "blocking")]
    if obstacles:
        solid = unary_union(obstacles)
        for side, zone in deployment.items():
            free = Polygon(zone).difference(solid).buffer(-HUMAN_BASE_RADIUS)
            if free.is_empty:
                c.add(_join("deployment", side), "no room for a 1 K base outside high and blocking terrain")
    # default lists
    default_lists: dict[str, Path] = {}
    lists_raw = _get_table(data, "default_lists", "", c, required=False)
    if lists_raw is not None:
        for side, ref in lists_raw.items():
            lf = _join("default_lists", side)
            if side not in SIDES:
                c.add(lf, f"unknown side (expected: {', '.join(SIDES)})")
                continue
            if not isinstance(ref, str) or not ref.strip():
                c.add(lf, f"expected a list file path, got {_show(ref)}")
                continue
            list_path = _resolve_ref(ref, path, Path(os.path.abspath(path)).parent, "the scenario's folder", lf,
                                     c, allow_outside)
            if list_path is not None:
                default_lists[side] = list_path
    if c.problems:
        return None
    return Scenario(
        name=name or path.stem,
        path=path,
        board_width=width,
        board_height=height,
        points_limit=points_limit,
        turn_limit=turn_limit,
        victory=victory,
        terrain=tuple(terrain),
        perches=perches,
        elements=elements,
        captives=captives,
        deployment=deployment,
        default_lists=default_lists,
        grid=bool(grid),
        description=description or "",
        alarm=alarm,
        objective=objective,
        night=bool(night),
        dark=dark,
    )


def load_scenario(path: str | os.PathLike[str], *, allow_outside: bool = False,
                  alarm_shape: Mapping[str, Any] | None = None) -> Scenario:
    """Load a ``type = "scenario"`` file: board, limits (BLD-22), victory, terrain, deployment zones and
    default lists (paths resolved relative to the scenario file, inside its folder unless ``allow_outside``;
    each must exist). Raises :class:`DataError` with every problem found. The default lists themselves are
    validated by :func:`wartime.data.validate.validate_path`. ``alarm_shape`` (ALM-32, ALM-9..ALM-14:
    `wartime batch --alarm-shape`) overrides fields of the ``[alarm]`` table before it is validated."""
    path = Path(path)
    data = _read_toml(path)
    if alarm_shape:
        data = override_alarm_shape(data, alarm_shape)
    c = _Collector(display_path(path))
    if _check_header(data, "scenario", c) is None:
        c.raise_if_any()
    scenario = _scenario_from_data(data, path, c, allow_outside)
    c.raise_if_any()
    assert scenario is not None
    return scenario


#: the [alarm] fields a shape override may set (`wartime batch --alarm-shape`)
ALARM_SHAPE_KEYS = ("preset", "vpo", "vpl", "vpr", "divisor", "lethal_ratio", "rounds")


def override_alarm_shape(data: Mapping[str, Any], shape: Mapping[str, Any]) -> dict[str, Any]:
    """ALM-32, ALM-9..ALM-14: a scenario's raw data with fields of its ``[alarm]`` table replaced. A preset row
    replaces VPo / VPl / VPr / rounds / divisor; VPo, VPl, VPr, rounds or the divisor replace the preset (the other
    shape fields of the file stay). Validation is the loader's, as for a file."""
    out = dict(data)
    raw = out.get("alarm")
    alarm_raw = dict(raw) if isinstance(raw, Mapping) else {}
    if "preset" in shape:
        for key in ("vpo", "vpl", "vpr", "rounds", "divisor"):
            alarm_raw.pop(key, None)
    elif any(k in shape for k in ("vpo", "vpl", "vpr", "rounds", "divisor")):
        alarm_raw.pop("preset", None)
    alarm_raw.update(shape)
    out["alarm"] = alarm_raw
    return out


# ---------------------------------------------------------------------------------------------------
# any file
# ---------------------------------------------------------------------------------------------------
def load_any(path: str | os.PathLike[str], *,
             allow_outside: bool = False) -> tuple[str, Catalogue | ArmyList | Scenario]:
    """Load a data file of any type, chosen by its ``type`` key: returns ``(type, model)``. ``allow_outside``
    lets its references leave their folders (see :func:`load_scenario`, :func:`load_army_list`)."""
    path = Path(path)
    data = _read_toml(path)
    c = _Collector(display_path(path))
    kind = _check_header(data, None, c)
    if kind is None:
        c.raise_if_any()
    model: Catalogue | ArmyList | Scenario | None = None
    if kind == "catalogue":
        model = _catalogue_from_data(data, path, c)
    elif kind == "list":
        model = _list_from_data(data, path, c, allow_outside)
    elif kind == "scenario":
        model = _scenario_from_data(data, path, c, allow_outside)
    c.raise_if_any()
    assert kind is not None and model is not None
    return kind, model


def load_match_inputs(scenario_path: str | os.PathLike[str], lists: Mapping[str, Any],
                      option: str = "--{side}-list", *,
                      allow_outside: bool = False) -> tuple[Scenario, dict[str, ArmyList]]:
    """Load a scenario and the two army lists of a match (`lists[side]` a path, or None for the scenario's
    default list), checking each against the scenario's points (BLD-22; not blue's in an alarm scenario, whose list is
    the attacker's catalogue, ALM-32). Every problem is collected into one DataError; `option` names the
    command-line option that gives a missing list."""
    scenario = load_scenario(scenario_path, allow_outside=allow_outside)
    out: dict[str, ArmyList] = {}
    problems: list[_Problem] = []
    for side in SIDES:
        path = lists.get(side) or scenario.default_lists.get(side)
        if path is None:
            problems.append((str(scenario_path), f"default_lists.{side}",
                             f"no list given: use {option.format(side=side)}"))
            continue
        try:
            out[side] = load_army_list(path, allow_outside=allow_outside)
        except DataError as exc:
            problems.extend(exc.problems)
            continue
        if not (scenario.alarm is not None and side == "blue"):     # ALM-32: the attacker's catalogue has no limit
            problems.extend(check_list_against_scenario(out[side], scenario))
        goal = scenario.objective
        if goal is not None and goal.side == side and len(out[side].characters()) < goal.count:
            problems.append((display_path(Path(scenario_path)), "objective.count",
                             f"{side} must hold {goal.count} characters in the zone but its list "
                             f"{display_path(out[side].path)} fields only {len(out[side].characters())}"))
    if problems:
        raise DataError(_capped(problems))
    return scenario, out
