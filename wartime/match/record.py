"""The game record (format 1): canonical JSON lines — a header, then decisions, events and state checksums in
the order they happened, each line chained to the previous one by a running sha256, and an end line.

Written atomically (temporary file + fsync + rename). Read by `load_record`, which refuses anything that is
not an intact format-1 record with one `RecordError` line (`FILE: problem`), never a traceback and never a
misreading. The format is documented in docs/record-format.md.
"""
from __future__ import annotations

import array
import dataclasses
import enum
import hashlib
import json
import os
import stat
import sys
import tempfile
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from wartime.core.errors import WartimeError
from wartime.core.events import canonical
from wartime.data.combat_systems import SYSTEMS, systems_hash

FORMAT_NAME = "wartime-record"
FORMAT_VERSION = 1
# Limits of what a reader takes (docs/record-format.md, "Limits"): anything over them is refused at once, with
# the limit named, before it can cost much time or memory. A full 8-turn game of 8 miniatures is ~1 MB and
# ~3,000 lines; its header (the embedded scenario, lists and catalogue) ~60 kB.
#: Records larger than this are refused unread.
MAX_RECORD_BYTES = 64 * 1024 * 1024
#: The header line (it embeds up to four data files of at most 1 MB each).
MAX_HEADER_BYTES = 16 * 1024 * 1024
#: Any other line (an event, a decision, a checksum).
MAX_LINE_BYTES = 1024 * 1024
#: Lines in a record.
MAX_LINES = 500_000
#: Arrays and objects inside each other in one line (an event is at most ~5 deep).
MAX_NESTING = 32
_SIDES = ("red", "blue")
_DECISION_KINDS = ("initiative", "activate", "action", "react")


class RecordError(WartimeError):
    """A file that is not an intact, readable format-1 record; `str()` is one line: `FILE: problem`."""

    def __init__(self, file: str | os.PathLike, problem: str):
        self.file = str(file)
        self.problem = problem
        super().__init__(f"{self.file}: {problem}")


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@cache
def rules_data_hash() -> str:
    """A hash of the rules data in force (the packaged tables), so records of other rules are told apart."""
    from importlib import resources
    h = hashlib.sha256()
    tables = resources.files("wartime.data") / "tables"
    for name in sorted(p.name for p in tables.iterdir() if p.name.endswith((".csv", ".tsv"))):
        h.update(name.encode())
        h.update((tables / name).read_bytes())
    return h.hexdigest()


def _current_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _current_umask()


def atomic_write_text(path: str | Path, text: str) -> None:
    """Write a file atomically: a temporary file in the same folder, fsync, then os.replace (and an fsync of the
    folder, so the new name survives a power cut). If anything fails (a full disk, an unwritable folder) or the
    process dies before the rename, the previous file is untouched and no temporary file is left behind (one
    killed mid-write may leave a hidden ``.NAME.*.tmp``; it is never read). An OSError names `path` (its
    ``filename``), not the temporary file."""
    path = Path(path)
    try:
        _atomic_write_text(path, text)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from None


def _atomic_write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)      # keep the mode of the file replaced
    except OSError:
        mode = 0o666 & ~_UMASK                           # a new file: as open() would create it
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=str(path.parent))
    try:
        os.chmod(tmp, mode)       # mkstemp makes 0600 files
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_folder(path.parent)


def fsync_folder(folder: str | Path) -> None:
    """Make a rename in `folder` durable (POSIX); a no-op where folders cannot be opened (Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# --- state checksums (Wesnoth-style checkups) -----------------------------------------------------------
_FIELDS: dict[type, tuple[str, ...] | None] = {}


def _fields_of(t: type) -> tuple[str, ...] | None:
    names = _FIELDS.get(t, ())
    if names == ():
        names = tuple(f.name for f in dataclasses.fields(t)) if dataclasses.is_dataclass(t) else None
        _FIELDS[t] = names
    return names


def _plain(value: Any) -> Any:
    """A component, resource or dice state as plain JSON data, deterministically: floats in the canonical
    6-decimal form, a dataclass as {"<class>": [field values in declaration order]}."""
    t = type(value)
    if t is int or t is str or t is bool or value is None:
        return value
    if t is float:
        v = round(value, 6)
        return 0.0 if v == 0 else v
    if t is tuple or t is list:
        return [_plain(v) for v in value]
    if t is dict:
        return {str(k): _plain(v) for k, v in value.items()}
    names = _fields_of(t)
    if names is not None:
        return {t.__qualname__: [_plain(getattr(value, n)) for n in names]}
    if isinstance(value, (int, float, str)):          # bool, IntEnum, str subclasses
        return _plain(value.value if isinstance(value, enum.Enum) else t.__mro__[1](value)) \
            if not isinstance(value, bool) else bool(value)
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_plain(v) for v in value), key=_dumps)
    if isinstance(value, enum.Enum):
        return _plain(value.value)
    if hasattr(value, "item") and callable(value.item):          # numpy scalars
        return _plain(value.item())
    text = repr(value)
    # a default repr names a memory address, which differs between processes: keep only the type
    return t.__qualname__ if " at 0x" in text else text


#: JSON text of components already seen, by id: components are immutable and the cache holds a reference to
#: each, so an id is never reused while it is cached. Cleared when it grows past _CACHE_LIMIT.
_JSON_CACHE: dict[int, tuple[Any, str]] = {}
_CACHE_LIMIT = 50_000


def _component_json(comp: Any) -> str:
    hit = _JSON_CACHE.get(id(comp))
    if hit is not None and hit[0] is comp:
        return hit[1]
    if len(_JSON_CACHE) >= _CACHE_LIMIT:
        _JSON_CACHE.clear()
    text = _dumps(_plain(comp))
    _JSON_CACHE[id(comp)] = (comp, text)
    return text


_TABLE_HEADS: dict[type, tuple[str, bytes]] = {}


def _table_head(ctype: type) -> tuple[str, bytes]:
    """(sort name, canonical JSON of [name, field names]) of a component type, computed once."""
    head = _TABLE_HEADS.get(ctype)
    if head is None:
        name = f"{ctype.__module__}.{ctype.__qualname__}"
        head = _TABLE_HEADS[ctype] = (name, _dumps([name, _fields_of(ctype)]).encode("utf-8"))
    return head


def _checksum(tables: Mapping[type, Mapping[int, Any]], resources: Mapping[str, Any], next_id: int,
              dice_state: Any) -> str:
    parts: list[str] = []
    for name, head, table in sorted((*_table_head(t), tab) for t, tab in tables.items() if tab):
        parts.append(head.decode("utf-8"))
        parts.append("[" + ",".join([f"[{eid},{_component_json(table[eid])}]" for eid in sorted(table)]) + "]\n")
    parts.append(_dumps({"next_id": next_id, "resources": {str(k): _plain(v) for k, v in resources.items()}}))
    h = hashlib.sha256("".join(parts).encode("utf-8"))
    h.update(_dice_bytes(dice_state))
    return h.hexdigest()


def _dice_bytes(state: Any) -> bytes:
    """The dice state as bytes: a Mersenne Twister state (version, 625 ints < 2**32, gauss) as the ints in
    little-endian uint32 then repr((version, gauss)); any other state (scripted dice) as its repr."""
    try:
        version, ints, gauss = state
        arr = array.array("I", ints)
    except (TypeError, ValueError, OverflowError):
        return repr(state).encode("utf-8")
    if arr.itemsize != 4:
        arr = array.array("L", ints) if array.array("L").itemsize == 4 else None
        if arr is None:
            return repr(state).encode("utf-8")
    if sys.byteorder == "big":
        arr.byteswap()
    return arr.tobytes() + repr((version, gauss)).encode("utf-8")


def state_checksum(world) -> str:
    """sha256 of the whole game state (docs/record-format.md, "State checksums"): every non-empty component
    table in type-name order with its field names, its entities in id order, each component as canonical JSON
    of its field values (floats in the 6-decimal form); then the next entity id and the resources (the flow:
    turn, phase, stage, order, reaction window, ...); then the dice state. Equal states give equal checksums
    in any process."""
    return _checksum(world.tables, world.resources, world._next_id, world.dice.state())


def snapshot_checksum(snap) -> str:
    """`state_checksum` of a `World.snapshot()`. A match keeps a snapshot after each decision (~10 µs) and
    hashes them when it writes its record: components are frozen and replaced, never mutated (the invariant
    snapshots rely on), so a snapshot hashed later gives the checksum of its moment."""
    return _checksum(snap.tables, snap.resources, snap.next_id, snap.dice_state)


# --- writing ----------------------------------------------------------------------------------------------
def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def chain_hash(previous: str, body: str) -> str:
    """h_n = sha256(h_{n-1} + body_n), body_n being the line's canonical JSON without its "h" member."""
    return hashlib.sha256((previous + body).encode("utf-8")).hexdigest()


def record_lines(header: dict, entries: Iterable[tuple[str, Any]]) -> list[str]:
    """Canonical chained lines: the header, then `("e", event)`, `("d", decision)` and `("c", checksum)`
    entries with running indices (a checksum takes the index of the decision it follows), then the end line."""
    head = canonical({k: v for k, v in header.items() if k != "h"})
    h = hashlib.sha256(_dumps(head).encode("utf-8")).hexdigest()
    head["h"] = h
    lines = [_dumps(head)]
    nd = ne = 0
    for kind, payload in entries:
        if kind == "d":
            obj = {"d": canonical(payload), "i": nd}
            nd += 1
        elif kind == "e":
            obj = {"e": canonical(payload), "i": ne}
            ne += 1
        elif kind == "c":
            obj = {"c": payload, "i": nd - 1}
        else:
            raise ValueError(f"unknown record entry kind {kind!r}")
        h = chain_hash(h, _dumps(obj))
        obj["h"] = h
        lines.append(_dumps(obj))
    end = {"end": {"decisions": nd, "events": ne}}
    end["h"] = chain_hash(h, _dumps(end))
    lines.append(_dumps(end))
    return lines


def record_text(header: dict, entries: Iterable[tuple[str, Any]]) -> str:
    return "\n".join(record_lines(header, entries)) + "\n"


def write_record(path: str | Path, header: dict, entries: Iterable[tuple[str, Any]]) -> None:
    atomic_write_text(path, record_text(header, entries))


# --- reading ----------------------------------------------------------------------------------------------
@dataclass
class Record:
    """A loaded, checked record. `entries` keeps the order of the file: ("e", event), ("d", decision),
    ("c", checksum). `event_start[n]` is the index of the first event decision n caused."""
    path: str
    header: dict
    entries: list[tuple[str, Any]]
    decisions: list[dict] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)
    checksums: list[str] = field(default_factory=list)
    event_start: list[int] = field(default_factory=list)
    event_lines: list[str] = field(default_factory=list)    # canonical JSON of each event, as recorded

    @property
    def seed(self) -> int:
        return self.header["seed"]

    @property
    def complete(self) -> bool:
        return self.header["complete"]

    @property
    def controllers(self) -> dict[str, str]:
        return dict(self.header.get("controllers") or {})

    def decision_of_event(self, i: int) -> int | None:
        """The decision that caused event i (None: the events before the first decision)."""
        import bisect
        d = bisect.bisect_right(self.event_start, i) - 1
        return None if d < 0 else d

    def cut_entries(self, n: int) -> list[tuple[str, Any]]:
        """The entries up to and including decision n-1's events and checksum (the first n decisions)."""
        if not 0 <= n <= len(self.decisions):
            raise ValueError(f"cut after {n} decisions: the record has {len(self.decisions)}")
        out, seen = [], 0
        for kind, payload in self.entries:
            if kind == "d":
                if seen == n:
                    break
                seen += 1
            out.append((kind, payload))
        return out

    def cut_text(self, n: int) -> str:
        """The text of a save made after the first n decisions (header "complete": false)."""
        header = {k: v for k, v in self.header.items() if k != "h"}
        header["complete"] = n == len(self.decisions) and self.complete
        return record_text(header, self.cut_entries(n))


def _reject_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def _parse(text: str) -> Any:
    return json.loads(text, parse_constant=_reject_constant)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_embedded(file: str, what: str, value: Any, with_catalogue: bool = False) -> None:
    if not isinstance(value, dict):
        raise RecordError(file, f"header: {what} is not an embedded file")
    for key in ("path", "sha256", "text"):
        if not isinstance(value.get(key), str):
            raise RecordError(file, f"header: {what}.{key} is missing or not a string")
    allowed = {"path", "sha256", "text"} | ({"catalogue"} if with_catalogue else set())
    extra = sorted(set(value) - allowed)
    if extra:
        raise RecordError(file, f"header: {what} has unknown keys {', '.join(extra)}")
    if sha256_text(value["text"]) != value["sha256"]:
        raise RecordError(file, f"header: the embedded {what} text does not match its sha256 (edited?)")
    if with_catalogue and "catalogue" in value:
        _check_embedded(file, f"{what}.catalogue", value["catalogue"])


def check_header(file: str, header: Any, *, check_rules: bool = True) -> None:
    """Refuse a header that is not format 1 of this engine's rules, naming the problem."""
    if not isinstance(header, dict) or header.get("format") != FORMAT_NAME:
        raise RecordError(file, "not a wartime record (the first line is not a record header)")
    if "format_version" not in header:
        raise RecordError(file, "the record header has no format_version")
    version = header["format_version"]
    if version != FORMAT_VERSION or not _is_int(version):
        raise RecordError(file, f"record format version {json.dumps(version)} is not supported: this engine "
                          f"reads format version {FORMAT_VERSION} only")
    if "h" not in header:
        raise RecordError(file, "a pre-release draft of format 1 (no state checksums, no hash chain): "
                          "re-record the game with this engine")
    for key in ("engine_version", "rules_hash"):
        if not isinstance(header.get(key), str):
            raise RecordError(file, f"header: {key} is missing or not a string")
    if not _is_int(header.get("seed")):
        raise RecordError(file, "header: seed is missing or not an integer")
    if not isinstance(header.get("complete"), bool):
        raise RecordError(file, "header: complete is missing or not true/false")
    ctrls = header.get("controllers", {})
    if not isinstance(ctrls, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in ctrls.items()):
        raise RecordError(file, "header: controllers is not a table of side → controller name")
    _check_embedded(file, "scenario", header.get("scenario"))
    lists = header.get("lists")
    if not isinstance(lists, dict) or sorted(lists) != sorted(_SIDES):
        raise RecordError(file, "header: lists must embed exactly the red and blue army lists")
    for side in _SIDES:
        _check_embedded(file, f"lists.{side}", lists[side], with_catalogue=True)
    combat = header.get("combat", "wartime")           # no field: Wartime's own combat (every older record)
    if combat not in SYSTEMS:
        raise RecordError(file, f"header: combat {json.dumps(combat)} is not one of {', '.join(SYSTEMS)}")
    if check_rules and combat != "wartime" and header.get("combat_params") != systems_hash():
        raise RecordError(file, f"recorded under other {combat} combat parameters (combat_params is not the hash "
                          "of wartime/data/combat/systems.toml): it cannot be replayed here")
    if check_rules and header["rules_hash"] != rules_data_hash():
        raise RecordError(file, f"recorded under other rules data (rules_hash {header['rules_hash'][:12]}…, this "
                          f"engine has {rules_data_hash()[:12]}…, engine {header['engine_version']}): it cannot "
                          "be replayed here")


def _check_decision(file: str, where: str, d: Any) -> None:
    if not isinstance(d, dict):
        raise RecordError(file, f"{where}: the decision is not an object")
    kind = d.get("kind")
    if not isinstance(kind, str) or not kind.replace("_", "").isalpha() or not kind.isascii():
        raise RecordError(file, f"{where}: decision kind {json.dumps(kind)} is not a decision kind "
                          f"(e.g. {', '.join(_DECISION_KINDS)})")
    if d.get("side") not in _SIDES:
        raise RecordError(file, f"{where}: decision side {json.dumps(d.get('side'))} is not red or blue")
    for key in ("choice", "actor"):
        if key in d and not _is_int(d[key]):
            raise RecordError(file, f"{where}: decision {key} is not an integer")
    if "action" in d and not isinstance(d["action"], str):
        raise RecordError(file, f"{where}: decision action is not a string")
    if "params" in d and not isinstance(d["params"], dict):
        raise RecordError(file, f"{where}: decision params is not an object")
    if "chain" in d and not isinstance(d["chain"], bool):
        raise RecordError(file, f"{where}: decision chain is not true/false")
    if "facing" in d and (isinstance(d["facing"], bool) or not isinstance(d["facing"], (int, float))):
        raise RecordError(file, f"{where}: decision facing is not a number")


def _read_bytes(path: Path) -> bytes:
    try:
        with open(path, "rb") as fh:
            size = os.fstat(fh.fileno()).st_size
            if size > MAX_RECORD_BYTES:
                raise RecordError(path, f"{size} bytes is larger than the {MAX_RECORD_BYTES // (1024 * 1024)} MB "
                                  "limit of a record: not read")
            data = fh.read(MAX_RECORD_BYTES + 1)
    except FileNotFoundError:
        raise RecordError(path, "no such file") from None
    except IsADirectoryError:
        raise RecordError(path, "is a directory, not a record") from None
    except OSError as exc:
        raise RecordError(path, f"cannot be read: {exc.strerror or exc}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(path, f"larger than the {MAX_RECORD_BYTES // (1024 * 1024)} MB limit of a record: "
                          "not read")
    return data


def load_record(path: str | os.PathLike, *, check_rules: bool = True) -> Record:
    """Read and check a record: format and version, rules data, every line canonical and chained, the
    grammar `event* (decision event* checksum)* end`. Raises `RecordError` (one line) for anything else.
    The file is only read."""
    path = Path(path)
    return parse_record(_read_bytes(path), str(path), check_rules=check_rules)


def parse_record(data: bytes, file: str = "<record>", *, check_rules: bool = True) -> Record:
    try:
        return _parse_record(data, file, check_rules)
    except RecordError:
        raise
    except (ValueError, TypeError, KeyError, RecursionError, UnicodeError) as exc:   # safety net
        raise RecordError(file, f"unreadable record ({type(exc).__name__}: {str(exc)[:200]})") from None
    except MemoryError:
        raise RecordError(file, "unreadable record: out of memory") from None


def _too_deep(value: Any) -> bool:
    """True if arrays and objects nest more than MAX_NESTING deep in `value` (iterative: no recursion)."""
    stack = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, dict):
            v = list(v.values())
        elif not isinstance(v, list):
            continue
        if depth > MAX_NESTING:
            return True
        stack.extend((x, depth + 1) for x in v if isinstance(x, (dict, list)))
    return False


def _check_sizes(file: str, data: bytes) -> None:
    """The line count and line lengths, checked on the bytes before anything is parsed."""
    n = data.count(b"\n")
    if n > MAX_LINES:
        raise RecordError(file, f"{n} lines is more than the {MAX_LINES} line limit of a record: not read")
    start = 0
    for number in range(1, n + 2):
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        limit = MAX_HEADER_BYTES if number == 1 else MAX_LINE_BYTES
        if end - start > limit:
            raise RecordError(file, f"line {number}: {end - start} bytes is more than the {limit} byte limit of "
                              f"{'the header' if number == 1 else 'a record line'}: not read")
        start = end + 1


def _parse_record(data: bytes, file: str, check_rules: bool) -> Record:
    if not data:
        raise RecordError(file, "empty file: not a wartime record")
    _check_sizes(file, data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(file, "not UTF-8 text: not a wartime record") from None
    lines = text.split("\n")
    # the header first, so that a wrong format or version is named before any other problem
    try:
        header = _parse(lines[0])
    except (ValueError, RecursionError):
        if f'"format":"{FORMAT_NAME}"' in lines[0]:
            raise RecordError(file, "line 1: the record header is truncated or corrupted") from None
        raise RecordError(file, "not a wartime record (the first line is not JSON)") from None
    if _too_deep(header):
        raise RecordError(file, f"line 1: nested more than {MAX_NESTING} deep (the limit): not a wartime record")
    check_header(file, header, check_rules=check_rules)
    if lines[-1] != "":
        raise RecordError(file, f"truncated: line {len(lines)} is incomplete (the file ends mid-line)")
    lines.pop()
    if _dumps(header) != lines[0]:
        raise RecordError(file, "line 1: not in canonical form (edited?)")
    h_stored = header.pop("h")
    h = hashlib.sha256(_dumps(header).encode("utf-8")).hexdigest()
    if h_stored != h:
        raise RecordError(file, "line 1: the header's hash does not match its content (edited?)")
    rec = Record(path=file, header=header, entries=[])
    state = "setup"            # setup | decision (events of a decision, checksum expected) | checked | end
    for n, raw in enumerate(lines[1:], start=2):
        where = f"line {n}"
        if state == "end":
            raise RecordError(file, f"{where}: data after the end line")
        try:
            obj = _parse(raw)
        except (ValueError, RecursionError):
            raise RecordError(file, f"{where}: not valid JSON (edited or corrupted)") from None
        if not isinstance(obj, dict) or not isinstance(obj.get("h"), str):
            raise RecordError(file, f"{where}: not a record line (no chained hash)")
        if raw.count("[") + raw.count("{") > MAX_NESTING and _too_deep(obj):
            raise RecordError(file, f"{where}: nested more than {MAX_NESTING} deep (the limit)")
        if _dumps(obj) != raw:
            raise RecordError(file, f"{where}: not in canonical form (edited?)")
        h_stored = obj.pop("h")
        h = chain_hash(h, _dumps(obj))
        if h != h_stored:
            raise RecordError(file, f"{where}: the hash chain breaks here: this line (or the one before) was "
                              "edited or the file is corrupted")
        keys = sorted(obj)
        if keys == ["e", "i"]:
            ev, i = obj["e"], obj["i"]
            if not _is_int(i) or i != len(rec.events):
                raise RecordError(file, f"{where}: event index {i}, expected {len(rec.events)}")
            if not isinstance(ev, dict) or not isinstance(ev.get("type"), str) or \
                    not (ev.get("rule") is None or isinstance(ev.get("rule"), str)):
                raise RecordError(file, f"{where}: the event has no type or rule")
            if state == "checked":
                raise RecordError(file, f"{where}: an event after a state checksum (expected a decision)")
            rec.events.append(ev)
            rec.event_lines.append(_dumps(ev))
            rec.entries.append(("e", ev))
        elif keys == ["d", "i"]:
            d, i = obj["d"], obj["i"]
            if not _is_int(i) or i != len(rec.decisions):
                raise RecordError(file, f"{where}: decision index {i}, expected {len(rec.decisions)}")
            if state == "decision":
                raise RecordError(file, f"{where}: decision {i - 1} has no state checksum")
            _check_decision(file, where, d)
            rec.decisions.append(d)
            rec.event_start.append(len(rec.events))
            rec.entries.append(("d", d))
            state = "decision"
        elif keys == ["c", "i"]:
            c, i = obj["c"], obj["i"]
            if state != "decision" or not _is_int(i) or i != len(rec.decisions) - 1:
                raise RecordError(file, f"{where}: a state checksum out of place")
            if not isinstance(c, str) or len(c) != 64:
                raise RecordError(file, f"{where}: the state checksum is not a sha256")
            rec.checksums.append(c)
            rec.entries.append(("c", c))
            state = "checked"
        elif keys == ["end"]:
            end = obj["end"]
            if state == "decision":
                raise RecordError(file, f"{where}: decision {len(rec.decisions) - 1} has no state checksum")
            if end != {"decisions": len(rec.decisions), "events": len(rec.events)}:
                raise RecordError(file, f"{where}: the end line counts {json.dumps(end)} but the record has "
                                  f"{len(rec.decisions)} decisions and {len(rec.events)} events")
            state = "end"
        else:
            raise RecordError(file, f"{where}: unknown line (keys {', '.join(keys)})")
    if state != "end":
        raise RecordError(file, f"truncated after line {len(lines)}: no end line")
    return rec
