"""Rebuilding a match from a record: the embedded scenario, lists and catalogues are written to a temporary
folder in their relative layout and loaded with the ordinary loaders; then the recorded decisions are
submitted again. Used to verify a record, to resume a save and by the replay viewer."""
from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any, Mapping

from wartime.core.errors import DataError, RuleViolation, WartimeError
from wartime.core.events import canonical_json
# the loader's guarded TOML reader (limits on size, nesting and dotted keys) reads the embedded texts too
from wartime.data.loader import _read_toml, load_army_list, load_scenario
from wartime.match.match import Match
from wartime.match.record import Record, RecordError, load_record, state_checksum
from wartime.rules.sequence import Decision


def _basename(path: str, default: str) -> str:
    """The file name of a recorded path, used for the rebuilt copy; `default` for anything that is not a plain
    file name (empty, `.`, `..`, control characters such as NUL, over 100 characters)."""
    name = PureWindowsPath(path).name if "\\" in path else PurePosixPath(path).name
    plain = name and name not in (".", "..") and len(name) <= 100 and all(ch >= " " and ch != "\x7f" for ch in name)
    return name if plain else default


def _check_ref(file: str, what: str, ref: str) -> None:
    """Refuse a file reference of an embedded text that no file system can hold (control characters such as
    NUL, over 1000 characters): it would otherwise fail deep inside the rebuild."""
    if len(ref) > 1000 or any(ch < " " or ch == "\x7f" for ch in ref):
        raise RecordError(file, f"the embedded {what} refers to {ref[:60]!r}: not a usable file name")


def _ups(ref: str) -> int:
    """How many folders a relative reference climbs (``../catalogue/x.toml`` → 1)."""
    parts = PurePosixPath(os.path.normpath(ref).replace("\\", "/")).parts
    return sum(1 for p in parts if p == "..")


def _toml(file: str, what: str, text: str, root: Path) -> dict:
    """Parse an embedded text with the data loader's guarded reader (its size, nesting and dotted-key limits:
    plain tomllib recurses and can take minutes on a crafted text)."""
    staging = root / "staging.toml"
    staging.write_text(text, encoding="utf-8")
    try:
        return _read_toml(staging)
    except DataError as exc:
        first = exc.lines()[0].replace(str(staging), "").lstrip(": ")
        raise RecordError(file, f"the embedded {what} is not valid TOML: {first}") from None
    finally:
        staging.unlink()


def _retarget(file: str, what: str, text: str, key_pattern: str, old: str, new: str) -> str:
    """Point an absolute file reference of an embedded TOML text at the rebuilt copy (only the copy in the
    temporary folder changes; the recorded text and its sha256 stay as they are)."""
    pattern = re.compile(rf'^(\s*{key_pattern}\s*=\s*)(["\']){re.escape(old)}\2', re.MULTILINE)
    out, n = pattern.subn(lambda m: f'{m.group(1)}"{new}"', text, count=1)
    if n != 1:
        raise RecordError(file, f"the embedded {what} refers to {old!r} in a way this engine cannot rebuild")
    return out


def rebuild_inputs(record: Record):
    """The scenario and the two army lists of a record, loaded from its embedded texts (sha256-checked on
    load). Returns (scenario, {"red": list, "blue": list})."""
    try:
        return _rebuild_inputs(record)
    except OSError as exc:
        raise RecordError(record.path, f"the embedded files cannot be rebuilt: {exc.strerror or exc}") from None


def _rebuild_inputs(record: Record):
    file = record.path
    head = record.header
    with tempfile.TemporaryDirectory(prefix="wartime-replay-") as tmp:
        root = Path(tmp)
        lists_paths: dict[str, Path] = {}
        for side in ("red", "blue"):
            emb = head["lists"][side]
            text = emb["text"]
            name = _basename(emb["path"], f"{side}.toml")
            ref = _toml(file, f"{side} list", text, root).get("catalogue")
            cat = emb.get("catalogue")
            if isinstance(ref, str):
                _check_ref(file, f"{side} list", ref)
                if cat is None:       # never follow a reference out of the record to a file on this machine
                    raise RecordError(file, f"header: the {side} list refers to the catalogue {ref[:60]!r}, "
                                      "which the record does not embed")
            depth = _ups(ref) if isinstance(ref, str) and not os.path.isabs(ref) else 0
            folder = root / side / Path(*(["up"] * depth)) / "list"
            folder.mkdir(parents=True)
            if isinstance(ref, str) and cat is not None:
                if os.path.isabs(ref) or PureWindowsPath(ref).is_absolute():
                    text = _retarget(file, f"{side} list", text, "catalogue", ref, "embedded/catalogue.toml")
                    target = folder / "embedded" / "catalogue.toml"
                else:
                    target = Path(os.path.normpath(folder / ref))
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(cat["text"], encoding="utf-8")
            (folder / name).write_text(text, encoding="utf-8")
            lists_paths[side] = folder / name
        sc = head["scenario"]
        sc_text = sc["text"]
        defaults = _toml(file, "scenario", sc_text, root).get("default_lists")
        defaults = defaults if isinstance(defaults, dict) else {}
        for ref in defaults.values():
            if isinstance(ref, str):
                _check_ref(file, "scenario", ref)
        refs = [r for r in defaults.values() if isinstance(r, str) and r.strip()]
        depth = max([_ups(r) for r in refs if not os.path.isabs(r)] + [0])
        folder = root / "scenario" / Path(*(["up"] * depth)) / "scenario"
        folder.mkdir(parents=True)
        for side, ref in defaults.items():
            if not isinstance(ref, str) or not ref.strip():
                continue
            if os.path.isabs(ref) or PureWindowsPath(ref).is_absolute():
                sc_text = _retarget(file, "scenario", sc_text, re.escape(str(side)), ref, f"default-{side}.toml")
                ref = f"default-{side}.toml"
            target = Path(os.path.normpath(folder / ref))
            # the scenario loader only checks that its default lists exist; the played lists are loaded apart
            target.parent.mkdir(parents=True, exist_ok=True)
            if not target.exists():
                target.write_text(head["lists"].get(str(side), head["lists"]["red"])["text"], encoding="utf-8")
        sc_path = folder / _basename(sc["path"], "scenario.toml")
        sc_path.write_text(sc_text, encoding="utf-8")
        try:
            # every rebuilt file lies in this temporary folder (relative references climb "up" folders made for
            # them, absolute ones are retargeted), so the data loaders' folder check has nothing to guard here
            scenario = load_scenario(sc_path, allow_outside=True)
            lists = {side: load_army_list(p, allow_outside=True) for side, p in lists_paths.items()}
        except DataError as exc:
            first = exc.lines()[0].replace(tmp, "<embedded>")
            raise RecordError(file, f"the embedded data does not load: {first}") from None
        except WartimeError as exc:
            raise RecordError(file, f"the embedded data does not load: {exc}") from None
    return scenario, lists


def build_match(record: Record, controllers=None, observers=()):
    scenario, lists = rebuild_inputs(record)
    try:
        return Match(scenario, lists, record.seed, controllers, observers=observers,
                     combat=record.header.get("combat", "wartime"))
    except WartimeError as exc:
        raise RecordError(record.path, f"the embedded game cannot be set up: {exc}") from None


def match_from_record(record: Record, controllers: Mapping[str, Any] | None = None):
    """A Match continuing the record: rebuilt from its embedded data, its decisions submitted again and every
    event compared with the recorded one. Its header is the record's, so its record continues the file."""
    m = build_match(record, controllers)
    for n, d in enumerate(record.decisions):
        try:
            m.submit(Decision.from_json(d))
        except Exception as exc:       # RuleViolation, or a decision this engine cannot apply at all
            raise RecordError(record.path, f"decision {n} does not replay under this engine ({exc}); "
                              "`wartime replay verify` tells where it diverges") from None
    got = m.world.events
    if len(got) != len(record.events) or any(canonical_json(dict(ev)) != line
                                             for ev, line in zip(got, record.event_lines)):
        raise RecordError(record.path, "the record does not replay under this engine: "
                          "`wartime replay verify` tells where it diverges")
    bad = next((n for n, (a, b) in enumerate(zip(m.checksums(), record.checksums)) if a != b), None)
    if bad is not None:
        raise RecordError(record.path, f"the state after decision {bad} differs from the recorded checksum: "
                          "`wartime replay verify` tells more")
    m.continued_header = {k: v for k, v in record.header.items() if k != "h"}
    return m


def resume(path: str | os.PathLike[str], controllers: Mapping[str, Any] | None = None) -> Match:
    """Continue a saved game (or rebuild a finished one) from its file: the match is rebuilt from the scenario and
    lists embedded in the record and its recorded decisions are submitted again, checked event by event.
    `controllers` then play on; the final record equals the one an uninterrupted game writes.
    Raises `RecordError` for a bad file or a record this engine does not reproduce."""
    return match_from_record(load_record(path), controllers)


@dataclass
class Verification:
    """The outcome of re-simulating a record: `ok`, or the first diverging event and checksum."""
    decisions: int
    events: int
    checksums: int
    first_event: int | None = None          # index of the first event that differs (or is missing / extra)
    expected: str | None = None             # its recorded canonical JSON (None: the game made an extra event)
    got: str | None = None                  # its re-simulated canonical JSON (None: the re-simulation stopped)
    event_decision: int | None = None       # the decision that caused it (None: before the first decision)
    first_checksum: int | None = None       # first decision whose state checksum differs
    stopped: str | None = None              # why the re-simulation stopped early (an illegal decision)
    over: str | None = None                 # the header's `complete` disagrees with the re-simulated game

    @property
    def ok(self) -> bool:
        return self.first_event is None and self.first_checksum is None and self.stopped is None and self.over is None


def verify_record(record: Record) -> Verification:
    """Rebuild the match from the embedded texts and the seed, submit the recorded decisions (no controllers)
    and compare every event byte for byte and every state checksum."""
    m = build_match(record)
    v = Verification(len(record.decisions), len(record.events), len(record.checksums))
    for n, d in enumerate(record.decisions):
        try:
            m.engine.submit(Decision.from_json(d))
        except RuleViolation as exc:
            v.stopped = f"decision {n} is illegal in the re-simulated game: {exc}"
            break
        except Exception as exc:        # a well-chained record whose decision this engine cannot apply
            v.stopped = f"decision {n} cannot be applied: {type(exc).__name__}: {exc}"
            break
        if v.first_checksum is None and state_checksum(m.world) != record.checksums[n]:
            v.first_checksum = n
    got = [canonical_json(dict(ev)) for ev in m.world.events]
    for i in range(max(len(got), len(record.event_lines))):
        exp = record.event_lines[i] if i < len(record.event_lines) else None
        g = got[i] if i < len(got) else None
        if exp != g:
            v.first_event, v.expected, v.got = i, exp, g
            v.event_decision = record.decision_of_event(i)
            break
    if v.stopped is None and m.over != record.complete:
        v.over = ("the record says the game is over but the re-simulated game goes on" if record.complete else
                  "the record is a save but the re-simulated game is over")
    return v


def describe_verification(v: Verification) -> list[str]:
    """Plain lines for `wartime replay verify`."""
    if v.ok:
        return [f"identical: {v.decisions} decisions, {v.events} events and {v.checksums} state checksums "
                "re-simulated byte for byte"]
    out = []
    if v.first_event is not None:
        who = "before the first decision" if v.event_decision is None else f"caused by decision {v.event_decision}"
        out.append(f"first diverging event: {v.first_event} ({who})")
        out.append(f"  expected: {v.expected if v.expected is not None else '(no such event in the record)'}")
        out.append(f"  got:      {v.got if v.got is not None else '(the re-simulated game has no such event)'}")
    else:
        out.append("every event is identical")
    if v.first_checksum is not None:
        out.append(f"first state checksum that differs: after decision {v.first_checksum}")
    else:
        out.append("every state checksum compared is identical")
    if v.stopped:
        out.append(f"re-simulation stopped: {v.stopped}")
    if v.over:
        out.append(v.over)
    return out

