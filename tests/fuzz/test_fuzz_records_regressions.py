"""One test per crash class the record / save / store fuzzing found (tools/fuzz_records.py), the resource
limits of docs/record-format.md ("Limits") and the rule that a record never makes the program read files it
does not embed. Each damaged file goes through the `wartime` command in process, as a user would feed it."""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from wartime.cli import main
from wartime.match.record import (MAX_HEADER_BYTES, MAX_LINES, MAX_NESTING, MAX_RECORD_BYTES, load_record,
                                  record_text, sha256_text)
from tests.fuzz.test_fuzz_records import corpus, fz  # noqa: F401  (the shared module-scoped fixture)


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def one_clear_line(r, path) -> str:
    assert r.exit_code == 2, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    msg = r.stderr.strip()
    assert "\n" not in msg and "Traceback" not in r.output and str(path) in msg, r.output
    return msg


def edited(tmp_path, data: bytes, change, name="edited.jsonl") -> Path:
    """The record after `change(header, entries)`, with its embedded sha256s and its hash chain recomputed."""
    path = tmp_path / name
    path.write_bytes(data)
    rec = load_record(path)
    header = json.loads(json.dumps({k: v for k, v in rec.header.items() if k != "h"}))
    entries = [(k, json.loads(json.dumps(p))) for k, p in rec.entries]
    change(header, entries)
    for emb in (header["scenario"], *header["lists"].values(), *(v.get("catalogue") or {} for v in
                                                                 header["lists"].values())):
        if emb:
            emb["sha256"] = sha256_text(emb["text"])
    path.write_text(record_text(header, entries), encoding="utf-8")
    return path


COMMANDS = [("replay", "verify"), ("replay", "show"), ("replay", "export", "--format", "md"), ("resume",)]


def _all_commands_refuse(tmp_path, path):
    before = path.read_bytes()
    msgs = set()
    for cmd in COMMANDS:
        extra = ["--out", tmp_path / "out.jsonl"] if cmd == ("resume",) else []
        msgs.add(one_clear_line(run(*cmd, path, *extra), path))
    assert path.read_bytes() == before
    return msgs


# --- crash classes ------------------------------------------------------------------------------------
def test_deeply_nested_toml_in_an_embedded_text_is_refused(tmp_path, corpus):
    """Was: RecursionError from tomllib (the embedded list was parsed with plain tomllib)."""
    def change(header, entries):
        header["lists"]["red"]["text"] += "\nx = " + "[" * 5000 + "]" * 5000 + "\n"
    path = edited(tmp_path, corpus[0]["record"], change)
    msgs = _all_commands_refuse(tmp_path, path)
    assert all("embedded red list" in m and "nested" in m for m in msgs), msgs


def test_a_long_dotted_key_in_an_embedded_text_is_refused_at_once(tmp_path, corpus):
    """Was: minutes in tomllib (its time grows with the square of a dotted key's parts)."""
    def change(header, entries):
        header["scenario"]["text"] += "\n" + ".".join(["a"] * 40000) + " = 1\n"
    path = edited(tmp_path, corpus[0]["record"], change)
    t0 = time.perf_counter()
    msg = one_clear_line(run("replay", "verify", path), path)
    assert time.perf_counter() - t0 < 10 and "dotted key" in msg


@pytest.mark.parametrize("where", ["list path", "catalogue reference", "default list"])
def test_a_nul_character_in_an_embedded_file_name(tmp_path, corpus, where):
    """Was: ValueError "embedded null byte" while writing the rebuilt copy."""
    def change(header, entries):
        if where == "list path":
            header["lists"]["blue"]["path"] = "lists/a\u0000b.toml"
        elif where == "catalogue reference":
            lst = header["lists"]["red"]
            lst["text"] = lst["text"].replace('catalogue = "../catalogue/starter.toml"', 'catalogue = "a\\u0000b"')
        else:
            sc = header["scenario"]
            sc["text"] = sc["text"].replace('red = "lists/shooters.toml"', 'red = "\\u0000"')
    path = edited(tmp_path, corpus[0]["save"], change)
    if where == "list path":      # only the rebuilt copy's name: the game replays
        assert run("replay", "verify", path).exit_code == 0
    else:
        msgs = _all_commands_refuse(tmp_path, path)
        assert all("not a usable file name" in m for m in msgs), msgs


def test_export_of_an_edited_event_of_an_unexpected_shape(tmp_path, corpus):
    """Was: AttributeError in the Markdown report (an action event whose params is not an object, a life event
    whose miniature is a list)."""
    def change(header, entries):
        for i, (kind, ev) in enumerate(entries):
            if kind == "e" and ev["type"] in ("action", "activation_start"):
                entries[i] = ("e", dict(ev, params=7, who=[1, 2]))
            elif kind == "e" and ev["type"] == "phase":
                entries[i] = ("e", {"type": "life", "rule": None, "who": {"x": 1}, "state": "dead"})
    path = edited(tmp_path, corpus[0]["record"], change)
    for fmt in ("md", "json", "csv"):
        r = run("replay", "export", path, "--format", fmt)
        assert r.exit_code == 0 and r.exception is None, r.output
    assert "params 7" in run("replay", "export", path, "--format", "md").stdout
    assert run("replay", "verify", path).exit_code == 1              # and verify says it diverges


def test_a_damaged_sidecar_does_not_break_loading(tmp_path, corpus):
    """Was: AttributeError when the `.ui.json` beside a save is JSON but not an object (load dialog, load)."""
    from wartime.ui.adapter import read_sidecar, rebuild_match
    save = tmp_path / "game.jsonl"
    save.write_bytes(corpus[0]["save"])
    for junk in ("[1, 2]", '{"controllers": [1]}', "{", "\u0000", '"x"', '{"controllers": {"red": 5}}'):
        (tmp_path / "game.ui.json").write_text(junk, encoding="utf-8")
        assert isinstance(read_sidecar(save), dict)
        assert rebuild_match(save).desync is None


def test_the_load_function_turns_an_unplayable_decision_into_a_record_error(tmp_path, corpus):
    from wartime.match.record import RecordError
    from wartime.ui.adapter import rebuild_match

    def change(header, entries):
        i = next(i for i, (k, _) in enumerate(entries) if k == "d")
        entries[i] = ("d", {"kind": "action", "side": "red", "actor": 10**30, "action": "move", "params": {}})
    path = edited(tmp_path, corpus[0]["save"], change)
    with pytest.raises(RecordError) as exc:
        rebuild_match(path)
    assert "decision 0" in str(exc.value) and "\n" not in str(exc.value)


# --- a record never makes the program read a file it does not embed ----------------------------------------------
def test_references_are_never_followed_out_of_the_record(tmp_path, corpus):
    trap = tmp_path / "trap"
    trap.mkdir()
    (trap / "starter.toml").write_text('format = 1\ntype = "catalogue"\nname = "trap"\n', encoding="utf-8")

    def absolute(header, entries):        # the embedded catalogue is used, not the file at the absolute path
        lst = header["lists"]["red"]
        lst["text"] = lst["text"].replace('"../catalogue/starter.toml"', json.dumps((trap / "starter.toml").as_posix()))
    path = edited(tmp_path, corpus[0]["record"], absolute, "abs.jsonl")
    assert run("replay", "verify", path).exit_code == 0

    def climbing(header, entries):
        lst = header["lists"]["red"]
        lst["text"] = lst["text"].replace('"../catalogue/starter.toml"', '"' + "../" * 30 + 'starter.toml"')
    path = edited(tmp_path, corpus[0]["record"], climbing, "up.jsonl")
    r = run("replay", "verify", path)      # rebuilt inside a temporary folder (the loader may refuse the climb)
    assert r.exit_code in (0, 2) and r.exception is None or isinstance(r.exception, SystemExit), r.output
    assert str(trap) not in r.output and "trap" not in r.output

    def not_embedded(header, entries):    # a reference to a real file the record does not embed: refused
        lst = header["lists"]["red"]
        del lst["catalogue"]
        lst["text"] = lst["text"].replace('"../catalogue/starter.toml"', json.dumps(str(fz.SCENARIOS /
                                                                                       "catalogue/starter.toml")))
    path = edited(tmp_path, corpus[0]["record"], not_embedded, "missing.jsonl")
    msgs = _all_commands_refuse(tmp_path, path)
    assert all("does not embed" in m for m in msgs), msgs


# --- resource bombs: refused at once, the limit named -------------------------------------------------------
def _fast_refusal(path, words):
    t0 = time.perf_counter()
    msg = one_clear_line(run("replay", "verify", path), path)
    assert time.perf_counter() - t0 < 5, "not refused within seconds"
    assert all(w in msg for w in words), msg


def test_a_record_of_a_million_lines(tmp_path, corpus):
    path = tmp_path / "lines.jsonl"
    head = corpus[0]["record"].split(b"\n", 1)[0]
    path.write_bytes(head + b"\n" + b'{"x":1}\n' * 1_000_000)
    _fast_refusal(path, [f"{MAX_LINES} line limit"])


def test_a_file_over_the_size_limit_is_not_read(tmp_path):
    path = tmp_path / "huge.jsonl"
    with open(path, "wb") as fh:          # sparse: 100 MB that cost no disk
        fh.truncate(100 * 1024 * 1024)
    _fast_refusal(path, [f"{MAX_RECORD_BYTES // (1024 * 1024)} MB limit"])


def test_a_line_over_the_line_limit(tmp_path):
    path = tmp_path / "line.jsonl"
    path.write_bytes(b'{"complete":true,"x":"' + b"a" * (MAX_HEADER_BYTES + 10) + b'"}\n')
    _fast_refusal(path, ["line 1", f"{MAX_HEADER_BYTES} byte limit"])


@pytest.mark.parametrize("depth", [40, 900, 100_000])
def test_deeply_nested_json(tmp_path, corpus, depth):
    path = tmp_path / "deep.jsonl"
    head = corpus[0]["record"].split(b"\n", 1)[0]
    path.write_bytes(head + b'\n{"d":' + b"[" * depth + b"]" * depth + b',"h":"x","i":0}\n')
    _fast_refusal(path, ["line 2"])
    path.write_bytes(b"[" * depth + b"]" * depth + b"\n")
    _fast_refusal(path, ["not a wartime record"])
    if depth < 100:                       # a well-chained one: refused by the nesting limit, not a RecursionError
        nested: object = 0
        for _ in range(depth):
            nested = [nested]
        path = edited(tmp_path, corpus[0]["save"],
                      lambda h, e: e.__setitem__(1, ("d", dict(e[1][1], params={"x": nested}))))
        _fast_refusal(path, [f"nested more than {MAX_NESTING} deep"])


# --- results stores -------------------------------------------------------------------------------------
def _store(tmp_path, corpus, name="s.sqlite") -> Path:
    path = tmp_path / name
    path.write_bytes(corpus[0]["store"])
    return path


def _report_refuses(tmp_path, path, words=()):
    before = path.read_bytes()
    siblings = sorted(p.name for p in path.parent.iterdir())
    r = run("report", path, "--out", tmp_path / "report")
    msg = one_clear_line(r, path)
    assert all(w in msg for w in words), msg
    assert path.read_bytes() == before and sorted(p.name for p in path.parent.iterdir()) == siblings
    return msg


def _sql(path, *statements):
    conn = sqlite3.connect(str(path), isolation_level=None)
    for s in statements:
        conn.execute(s)
    conn.close()


def test_store_not_a_database_or_cut_short(tmp_path, corpus):
    """Was: sqlite3.DatabaseError tracebacks (file is not a database, disk image is malformed)."""
    path = _store(tmp_path, corpus)
    data = corpus[0]["store"]
    for damaged in (b"", b"hello", b"SQLite format 3\x00" + bytes(200), data[:len(data) // 2], data[:5000],
                    data[:100] + bytes(4000) + data[4100:]):
        path.write_bytes(damaged)
        _report_refuses(tmp_path, path)


@pytest.mark.parametrize("damage, words", [
    ("DROP TABLE characters", ["no characters table"]),
    ("ALTER TABLE meta RENAME COLUMN key TO k", ["table meta has no column key"]),
    ("UPDATE meta SET value = '[1]' WHERE key = 'config'", ["config: not a JSON object"]),
    ("UPDATE meta SET value = '{' WHERE key = 'config'", ["config is not JSON"]),
    # found by the 100,000-input run: a flipped byte renames a config key (was KeyError: 'handicap')
    ("UPDATE meta SET value = replace(value, '\"handicap\"', '\"hanficap\"') WHERE key = 'config'",
     ["handicap is missing"]),
    ("UPDATE meta SET value = 'x' WHERE key = 'games_per_pairing'", ["games_per_pairing"]),
    ("UPDATE meta SET value = '2' WHERE key = 'schema'", ["schema 2"]),
    ("DELETE FROM meta WHERE key = 'rules_hash'", ["rules_hash is missing"]),
])
def test_store_wrong_schema_or_meta(tmp_path, corpus, damage, words):
    """Was: OperationalError / TypeError / JSONDecodeError tracebacks."""
    path = _store(tmp_path, corpus)
    _sql(path, damage)
    _report_refuses(tmp_path, path, words)


@pytest.mark.parametrize("table, column, value", [
    ("games", "winner", None), ("games", "turns", None), ("games", "turns", "three"), ("games", "red_cost", -5),
    ("games", "winner", "purple"), ("games", "seed", 1.5), ("characters", "cost", b"\x00"),
    ("characters", "side", None), ("characters", "kills", 1e308), ("games", "elapsed_s", "slow"),
])
def test_store_rows_with_nulls_and_wrong_types(tmp_path, corpus, table, column, value):
    path = _store(tmp_path, corpus)
    _sql(path, f"CREATE TABLE t AS SELECT * FROM {table}", f"DROP TABLE {table}", f"ALTER TABLE t RENAME TO {table}")
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute(f"UPDATE {table} SET {column} = ?", (value,))
    conn.close()
    r = run("report", path, "--out", tmp_path / "report")
    if value is None and column == "winner":          # a draw: a legal value
        assert r.exit_code == 0, r.output
        return
    _report_refuses(tmp_path, path, [table, column])


def test_report_never_changes_a_store(tmp_path, corpus):
    """Was: opening a store for a report set journal_mode=WAL, which rewrites the header of a store in the
    rollback-journal mode (and created -wal / -shm files beside it)."""
    path = _store(tmp_path, corpus)
    _sql(path, "PRAGMA journal_mode=DELETE")
    before = path.read_bytes()
    r = run("report", path, "--out", tmp_path / "report")
    assert r.exit_code == 0, r.output
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report", "s.sqlite"]
