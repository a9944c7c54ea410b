"""The game record: JSON lines — a header, then decisions and events in the order they happened.
Written atomically (temporary file + rename). Format documented in docs/record-format.md."""
from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import Any, Iterable

from wartime.core.events import canonical_json

FORMAT_NAME = "wartime-record"
FORMAT_VERSION = 1


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def rules_data_hash() -> str:
    """A hash of the rules data in force (the packaged tables), so records of other rules are told apart."""
    from importlib import resources
    h = hashlib.sha256()
    tables = resources.files("wartime.data") / "tables"
    for name in sorted(p.name for p in tables.iterdir() if p.name.endswith((".csv", ".tsv"))):
        h.update(name.encode())
        h.update((tables / name).read_bytes())
    return h.hexdigest()


def atomic_write_text(path: str | Path, text: str) -> None:
    """Write a file atomically: a temporary file in the same folder, fsync, then os.replace."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=str(path.parent))
    try:
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


def record_lines(header: dict, entries: Iterable[tuple[str, Any]]) -> list[str]:
    """Canonical lines: the header, then {"d": decision} and {"e": event} entries with running indices."""
    lines = [canonical_json(header)]
    nd = ne = 0
    for kind, payload in entries:
        if kind == "d":
            lines.append(canonical_json({"d": payload, "i": nd}))
            nd += 1
        else:
            lines.append(canonical_json({"e": payload, "i": ne}))
            ne += 1
    return lines


def write_record(path: str | Path, header: dict, entries: Iterable[tuple[str, Any]]) -> None:
    atomic_write_text(path, "\n".join(record_lines(header, entries)) + "\n")
