"""Fuzz the record loader: random bytes, and valid records mutated at the byte, line and JSON level. The only
exception it may raise is RecordError (a WartimeError) with a one-line message; an unchanged record loads."""
from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings, strategies as st

from wartime.core.errors import WartimeError
from wartime.match.record import RecordError, load_record, parse_record, record_text
from tests.replay.replay_helpers import GOLDENS

BASE = load_record(GOLDENS[0]).cut_text(15).encode("utf-8")      # a small valid record (a save)
FUZZ = settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


def loads_or_clear_error(data: bytes, original: bytes | None = None) -> None:
    try:
        rec = parse_record(data, "fuzz.jsonl")
    except RecordError as exc:
        assert isinstance(exc, WartimeError)
        msg = str(exc)
        assert msg.startswith("fuzz.jsonl: ") and "\n" not in msg and len(msg) < 2000
        return
    # loaded: only an unchanged record may load (every line is chained)
    assert original is not None and data == original, "a mutated record was accepted"
    assert rec.decisions


def test_the_base_record_loads():
    loads_or_clear_error(BASE, BASE)


@FUZZ
@given(st.binary(max_size=4096))
def test_random_bytes(data):
    loads_or_clear_error(data)


@FUZZ
@given(st.text(max_size=2000))
def test_random_text(text):
    loads_or_clear_error(text.encode("utf-8"))


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(["flip", "delete", "insert", "truncate", "dup_line", "swap_lines",
                                           "drop_line"]),
                          st.integers(0, len(BASE) - 1), st.integers(0, 255), st.binary(min_size=1, max_size=8)),
                min_size=1, max_size=4))
def test_mutated_records(ops):
    data = bytearray(BASE)
    for op, pos, byte, blob in ops:
        if not data:
            break
        pos %= len(data)
        if op == "flip":
            data[pos] = byte if data[pos] != byte else (byte + 1) % 256
        elif op == "delete":
            del data[pos:pos + 1 + byte % 16]
        elif op == "insert":
            data[pos:pos] = blob
        elif op == "truncate":
            del data[pos:]
        else:
            lines = bytes(data).split(b"\n")
            i, j = pos % len(lines), byte % len(lines)
            if op == "dup_line":
                lines.insert(i, lines[i])
            elif op == "swap_lines":
                lines[i], lines[j] = lines[j], lines[i]
            else:
                del lines[i]
            data = bytearray(b"\n".join(lines))
    loads_or_clear_error(bytes(data), BASE)


_json = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
                     | st.text(max_size=5), lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=4), c,
                                                                                                max_size=3),
                     max_leaves=6)


@settings(FUZZ, max_examples=60)
@given(st.integers(0, 10**6), st.sampled_from(["replace", "drop_key", "add_key", "retype_index"]), _json)
def test_rechained_structural_mutations(where, how, value):
    """A record whose hash chain is recomputed after a structural edit (only a deliberate forger does that):
    the loader still checks the grammar and types and refuses with a clear error, never another exception."""
    rec = parse_record(BASE, "fuzz.jsonl")
    header = {k: v for k, v in rec.header.items() if k != "h"}
    entries = [(k, json.loads(json.dumps(p))) for k, p in rec.entries]
    k = where % len(entries)
    kind, payload = entries[k]
    if how == "replace":
        entries[k] = (kind, value)
    elif isinstance(payload, dict) and payload and how == "drop_key":
        payload.pop(sorted(payload)[where % len(payload)])
    elif isinstance(payload, dict) and how == "add_key":
        payload["zz"] = value
    else:
        entries[k] = ("c", value) if kind != "c" else ("d", value)
    try:
        text = record_text(header, entries)
    except (TypeError, ValueError):
        return                                     # not even writable
    try:
        parse_record(text.encode("utf-8"), "fuzz.jsonl")
    except RecordError as exc:
        assert "\n" not in str(exc)


def test_a_file_on_disk_is_never_modified(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(BASE[:-100])
    before = bad.stat()
    try:
        load_record(bad)
    except RecordError:
        pass
    after = bad.stat()
    assert (before.st_mtime_ns, before.st_size) == (after.st_mtime_ns, after.st_size)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.jsonl"]
