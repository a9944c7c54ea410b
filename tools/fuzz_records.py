"""Fuzz everything a user can feed the record, save and results-store readers.

    python tools/fuzz_records.py --n 100000 --workers 2          # the README "Robustness" run
    python tools/fuzz_records.py --n 2000 --seed 7 --kind record   # a quick local run

Each generated input (a damaged game record, a damaged save, a damaged results store) goes through one of the
commands that read it, in process: `wartime replay verify / show / export`, `wartime resume`, the window's load
function (`wartime.ui.adapter.rebuild_match`, what the load dialog calls), the replay viewer's
`ReplaySession` (`wartime replay view`, `main.py --replay`) and `wartime report`. The outcome is
one of: ok (exit 0), clean (exit 2 with one `FILE: problem` line), diverges (exit 1 of `replay verify` for a
well-chained but edited record), and the failures: traceback, hang (over --timeout seconds), modified (the
input file changed), unclear (an error that is not one line). The tests (tests/fuzz/test_fuzz_records*.py) use
the same mutators and `run_one`.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"
FAILURES = ("traceback", "hang", "modified", "unclear")
OUTCOMES = ("ok", "clean", "diverges", *FAILURES)
RECORD_TARGETS = ("verify", "show", "export-md", "export-json", "export-csv", "resume", "ui-load", "ui-replay")
STORE_TARGETS = ("report",)

_LIST = 'format = 1\ntype = "list"\nname = "{name}"\ncatalogue = "../catalogue/starter.toml"\n\n' \
        '[[unit]]\ncharacter = "{character}"\ncount = 1\n'


# --- the corpus: one short game, a save of it, a small results store --------------------------------------
def make_corpus(folder: str | Path, *, store: bool = True) -> dict[str, Path]:
    """A one-turn game of one miniature a side (a complete record of ~200 lines), a save after 12 decisions
    and (with `store`) a results store of 2 games, all made with the `wartime` command in process."""
    from click.testing import CliRunner
    from wartime.cli import main
    folder = Path(folder)
    src = folder / "src"
    (src / "lists").mkdir(parents=True, exist_ok=True)
    (src / "catalogue").mkdir(exist_ok=True)
    shutil.copy(SCENARIOS / "catalogue" / "starter.toml", src / "catalogue" / "starter.toml")
    text = (SCENARIOS / "skirmish.toml").read_text(encoding="utf-8")
    text = re.sub(r'(?s)description = """.*?"""', 'description = "One turn, one miniature a side."', text)
    (src / "mini.toml").write_text(re.sub(r"(?m)^turn_limit = \d+", "turn_limit = 1", text), encoding="utf-8")
    (src / "lists" / "shooters.toml").write_text(_LIST.format(name="Solo", character="rifleman"), encoding="utf-8")
    (src / "lists" / "brawlers.toml").write_text(_LIST.format(name="Orc", character="orc_brawler"),
                                                 encoding="utf-8")
    out = {"record": folder / "record.jsonl", "save": folder / "save.jsonl"}
    runner = CliRunner()
    for args in (["simulate", "--scenario", src / "mini.toml", "--seed", "5", "--blue", "random", "--out",
                  out["record"]],
                 ["simulate", "--scenario", src / "mini.toml", "--seed", "5", "--blue", "random", "--stop-after",
                  "12", "--save", out["save"]]):
        r = runner.invoke(main, [str(a) for a in args])
        assert r.exit_code == 0, r.output
    if store:
        out["store"] = folder / "store.sqlite"
        r = runner.invoke(main, ["batch", "--scenario", str(src / "mini.toml"), "--lists",
                                 str(src / "lists" / "shooters.toml"), str(src / "lists" / "brawlers.toml"),
                                 "--games", "2", "--workers", "1", "--no-progress", "--out", str(out["store"])])
        assert r.exit_code == 0, r.output
    return out


# --- record mutators ----------------------------------------------------------------------------------------
def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


_NUM = re.compile(rb"(?<![\w.\"])-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\w.\"])")
_BAD_NUMBERS = [b"NaN", b"Infinity", b"-Infinity", b"1e999", b"-1", b"-999999999", b"0", b"1e308",
                b"123456789012345678901234567890", b"9" * 5000, b"0.1", b"-0.0", b"1.5e-320", b"true", b"null",
                b'"7"', b"[]", b"{}"]
_UNICODE = ["é", "\u0000", "\u202e", "\ud7ff", "😀", "\ufeff", "\\ud800", "𝔘𝔫𝔦", "\r", "\u2028", "ﬃ", "\x7f"]


def m_flip(rng, data):
    if not data:
        return data
    b = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(b))
        b[i] ^= 1 << rng.randrange(8)
    return bytes(b)


def m_byte(rng, data):
    if not data:
        return data
    b = bytearray(data)
    b[rng.randrange(len(b))] = rng.randrange(256)
    return bytes(b)


def m_truncate(rng, data):
    return data[:rng.randrange(len(data) + 1)]


def m_truncate_line(rng, data):
    lines = _lines(data)
    return b"\n".join(lines[:rng.randrange(1, len(lines) + 1)])


def m_delete_line(rng, data):
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def m_dup_line(rng, data):
    lines = _lines(data)
    i = rng.randrange(len(lines))
    lines.insert(rng.randrange(len(lines) + 1), lines[i])
    return b"\n".join(lines)


def m_swap_lines(rng, data):
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def m_insert_bytes(rng, data):
    i = rng.randrange(len(data) + 1)
    return data[:i] + rng.randbytes(rng.randint(1, 64)) + data[i:]


def m_number(rng, data):
    nums = list(_NUM.finditer(data))
    if not nums:
        return data
    m = rng.choice(nums)
    return data[:m.start()] + rng.choice(_BAD_NUMBERS) + data[m.end():]


def m_unicode(rng, data):
    i = rng.randrange(len(data) + 1)
    return data[:i] + rng.choice(_UNICODE).encode("utf-8", "surrogatepass") + data[i:]


def m_empty(rng, data):
    return rng.choice([b"", b"\n", b"\n\n", b" ", b"{}\n", b"[]\n", b"null\n", b"\xef\xbb\xbf"])


def m_binary(rng, data):
    return rng.randbytes(rng.randint(1, 4096))


def m_crlf(rng, data):
    return data.replace(b"\n", b"\r\n")


def m_bom(rng, data):
    return b"\xef\xbb\xbf" + data


def m_other_file(rng, data):
    return rng.choice([b"SQLite format 3\x00" + bytes(100), b"format = 1\ntype = \"scenario\"\n",
                       b"\x89PNG\r\n\x1a\n" + bytes(40), b"PK\x03\x04" + bytes(30), json.dumps([1, 2]).encode()])


BYTE_MUTATORS = [m_flip, m_byte, m_truncate, m_truncate_line, m_delete_line, m_dup_line, m_swap_lines,
                 m_insert_bytes, m_number, m_unicode, m_empty, m_binary, m_crlf, m_bom, m_other_file]


# --- valid-but-edited records: structural edits with the hash chain recomputed ---------------------------
def _weird(rng, depth: int = 0):
    r = rng.randrange(16)
    if r == 0:
        return None
    if r == 1:
        return rng.choice([True, False])
    if r == 2:
        return rng.choice([0, 1, -1, 2, 7, 10**6, -10**9, 2**63, 2**64 + 1, 10**100, -(10**300)])
    if r == 3:
        return rng.choice([0.5, -0.0, 1e308, -1e308, 1e-300, 123456.789, 3.0])
    if r == 4:
        return rng.choice(["", "red", "blue", "move", "x" * 1000, "é😀", "\u0000", "../../etc/passwd", "1"])
    if r == 5 and depth < 3:
        return [_weird(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if r == 6 and depth < 3:
        return {rng.choice(["x", "y", "who", "target", "path", "kind", "side"]): _weird(rng, depth + 1)
                for _ in range(rng.randint(0, 3))}
    if r == 7:
        return [[rng.uniform(-100, 100), rng.uniform(-100, 100)] for _ in range(rng.randint(0, 4))]
    if r == 8:
        return [[1e308, -1e308], [0, 0]]
    if r == 9:
        return rng.randint(-3, 12)
    if r == 10:
        nested: object = 0
        for _ in range(rng.choice([50, 200, 900])):
            nested = [nested]
        return nested
    return rng.randint(0, 40)


def _edit_value(rng, obj):
    """Replace, drop or add one value somewhere inside a JSON object (in place when possible)."""
    if isinstance(obj, dict) and obj:
        k = rng.choice(sorted(obj))
        how = rng.randrange(4)
        if how == 0:
            obj[k] = _weird(rng)
        elif how == 1:
            del obj[k]
        elif how == 2:
            obj[rng.choice(["zz", "params", "facing", "chain", "actor", "choice", "action"])] = _weird(rng)
        else:
            obj[k] = _edit_value(rng, obj[k])
        return obj
    if isinstance(obj, list) and obj:
        i = rng.randrange(len(obj))
        obj[i] = _edit_value(rng, obj[i]) if rng.random() < 0.5 else _weird(rng)
        return obj
    if isinstance(obj, bool):
        return not obj
    if isinstance(obj, int):
        return rng.choice([obj + 1, obj - 1, -obj, obj * 1000, 0, 10**30])
    if isinstance(obj, float):
        return rng.choice([obj + 0.5, -obj, 1e300, 0.0])
    return _weird(rng)


_TOML_EDITS = [
    (rb"turn_limit = \d+", [b"turn_limit = 0", b"turn_limit = -1", b"turn_limit = 1000000000",
                            b"turn_limit = 3", b'turn_limit = "x"', b"turn_limit = 1e9"]),
    (rb"width = \d+", [b"width = 0", b"width = -36", b"width = 1e300", b"width = 100000000", b"width = nan",
                       b"width = inf"]),
    (rb"count = \d+", [b"count = 0", b"count = 100000", b"count = -1", b"count = 40"]),
    (rb'catalogue = "[^"]*"', [b'catalogue = "/etc/passwd"', b'catalogue = "../../../../../../etc/hostname"',
                               b'catalogue = ""', b'catalogue = "."', b'catalogue = "a\\u0000b"',
                               b'catalogue = "~/x.toml"', b'catalogue = "C:\\\\x\\\\y.toml"',
                               b'catalogue = "../catalogue/"', b"catalogue = 7"]),
    (rb'red = "[^"]*"', [b'red = "/etc/passwd"', b'red = "../../../../../etc/hostname"', b'red = ""',
                         b'red = "\\u0000"', b'red = "lists/"', b"red = []"]),
    (rb"character = \"[^\"]*\"", [b'character = "nobody"', b'character = ""', b"character = 1"]),
    (rb"\[board\]", [b"[board]\n[board]", b"[[board]]", b"[board.x.y.z]"]),
]


def _edit_toml(rng, text: str) -> str:
    data = text.encode("utf-8")
    r = rng.randrange(5)
    if r == 0:
        pat, reps = rng.choice(_TOML_EDITS)
        data = re.sub(pat, lambda m: rng.choice(reps), data, count=1)
    elif r == 1:
        data = rng.choice(BYTE_MUTATORS[:10])(rng, data)
    elif r == 2:
        data = data + rng.choice([b"\n[[terrain]]\nid = 1\n", b"\nx = " + b"[" * 5000 + b"]" * 5000 + b"\n",
                                  b"\nunknown = 1\n", b"\n" + b"a = 1\n" * 5])
    elif r == 3:
        data = b""
    else:
        data = m_number(rng, data)
    return data.decode("utf-8", "replace")


def rechained(rng, data: bytes) -> bytes:
    """A structural edit of a valid record, written with a valid hash chain (what a forger or a buggy tool
    would write): the loader cannot tell it from the file alone; re-simulation must."""
    from wartime.match.record import parse_record, record_text, sha256_text
    rec = parse_record(data, "base", check_rules=False)
    header = {k: v for k, v in rec.header.items() if k != "h"}
    header = json.loads(json.dumps(header))
    entries = [(k, json.loads(json.dumps(p))) for k, p in rec.entries]
    what = rng.randrange(10)
    if what <= 3:                                   # a decision
        idx = [i for i, (k, _) in enumerate(entries) if k == "d"]
        i = rng.choice(idx)
        entries[i] = ("d", _edit_value(rng, entries[i][1]))
    elif what == 4:                                 # an event
        idx = [i for i, (k, _) in enumerate(entries) if k == "e"]
        i = rng.choice(idx)
        entries[i] = ("e", _edit_value(rng, entries[i][1]))
    elif what == 5:                                 # reorder / drop / duplicate whole entries
        i, j = rng.randrange(len(entries)), rng.randrange(len(entries))
        op = rng.randrange(3)
        if op == 0:
            entries[i], entries[j] = entries[j], entries[i]
        elif op == 1:
            del entries[i]
        else:
            entries.insert(j, entries[i])
    elif what == 6:                                 # a checksum
        idx = [i for i, (k, _) in enumerate(entries) if k == "c"]
        i = rng.choice(idx)
        entries[i] = ("c", rng.choice(["0" * 64, "g" * 64, hashlib.sha256(b"x").hexdigest()]))
    elif what == 7:                                 # header fields
        k = rng.choice(["seed", "complete", "controllers", "engine_version", "scenario", "lists"])
        if k == "seed":
            header[k] = rng.choice([header[k] + 1, -1, 0, 2**64, 10**40, -(2**70)])
        elif k == "complete":
            header[k] = not header[k]
        elif k == "controllers":
            header[k] = rng.choice([{"red": "human", "blue": "random"}, {}, {"red": "random"},
                                    {"red": "../../x", "blue": ""}, {"green": "random"}])
        elif k == "engine_version":
            header[k] = rng.choice(["9.9.9", "", "é" * 50])
        else:
            header[k] = _edit_value(rng, header[k])
    else:                                           # an embedded text, with its sha256 recomputed
        targets = [header["scenario"], header["lists"]["red"], header["lists"]["blue"],
                   header["lists"]["red"]["catalogue"]]
        emb = rng.choice(targets)
        if rng.random() < 0.3:
            emb["path"] = rng.choice(["/etc/passwd", "../../../../tmp/x.toml", "", ".", "..", "a/../../b.toml",
                                      "C:\\evil\\x.toml", "\u0000", "x" * 300, "lists/", "~/.bashrc"])
        else:
            emb["text"] = _edit_toml(rng, emb["text"])
        emb["sha256"] = sha256_text(emb["text"])
    try:
        return record_text(header, entries).encode("utf-8")
    except (TypeError, ValueError, RecursionError):
        return data


def mutate_record(rng, data: bytes, rechained_share: float = 0.1) -> tuple[str, bytes]:
    """One damaged record or save: byte / line damage, or (`rechained_share` of them) a well-chained structural
    edit, which re-simulates and costs ~20 times more."""
    if rng.random() < rechained_share:
        return "rechained", rechained(rng, data)
    m = rng.choice(BYTE_MUTATORS)
    out = m(rng, data)
    if rng.random() < 0.2:                          # sometimes a second hit
        m2 = rng.choice(BYTE_MUTATORS[:10])
        out = m2(rng, out)
        return f"{m.__name__[2:]}+{m2.__name__[2:]}", out
    return m.__name__[2:], out


# --- store mutators --------------------------------------------------------------------------------------
_SQL_VALUES = [None, "x", "", b"\x00\xff", 1e308, -1.5, float("nan"), -5, 0, 2**63 - 1, "NaN", "[]", "{", "é😀",
               "1e999", 3.5]


def _recreate_without_constraints(conn, table: str) -> None:
    conn.execute(f"CREATE TABLE fuzz_tmp AS SELECT * FROM {table}")
    conn.execute(f"DROP TABLE {table}")
    conn.execute(f"ALTER TABLE fuzz_tmp RENAME TO {table}")


def _sql_damage(rng, path: Path) -> str:
    conn = sqlite3.connect(str(path), isolation_level=None)
    try:
        conn.execute("PRAGMA foreign_keys=OFF")
        tables = ["meta", "games", "characters"]
        r = rng.randrange(7)
        if r == 0:
            t = rng.choice(tables)
            conn.execute(f"DROP TABLE {t}")
            return f"drop-{t}"
        if r == 1:                                   # wrong schema: a table with other columns
            t = rng.choice(tables)
            conn.execute(f"DROP TABLE {t}")
            conn.execute(f"CREATE TABLE {t} (a, b)")
            if rng.random() < 0.5:
                conn.execute(f"INSERT INTO {t} VALUES (1, 'x')")
            return f"schema-{t}"
        if r == 2:                                   # meta values
            key = rng.choice(["schema", "config", "games_per_pairing", "engine_version", "rules_hash"])
            val = rng.choice(["2", "x", "", "{", "[]", "null", "-1", "1e999", '{"lists": 5}', "0"])
            if rng.random() < 0.2:
                conn.execute("DELETE FROM meta WHERE key = ?", (key,))
            else:
                conn.execute("UPDATE meta SET value = ? WHERE key = ?", (val, key))
            return f"meta-{key}"
        if r in (3, 4):                              # NULLs and wrong types in rows
            t = rng.choice(["games", "characters"])
            _recreate_without_constraints(conn, t)
            cols = [c[1] for c in conn.execute(f"PRAGMA table_info({t})")]
            for _ in range(rng.randint(1, 3)):
                col = rng.choice(cols)
                conn.execute(f"UPDATE {t} SET {col} = ? WHERE rowid = (SELECT rowid FROM {t} ORDER BY random() "
                             "LIMIT 1)", (rng.choice(_SQL_VALUES),))
            return f"rows-{t}"
        if r == 5:                                   # rows deleted or duplicated
            t = rng.choice(["games", "characters"])
            if rng.random() < 0.5:
                conn.execute(f"DELETE FROM {t}")
                return f"empty-{t}"
            _recreate_without_constraints(conn, t)
            conn.execute(f"INSERT INTO {t} SELECT * FROM {t}")
            return f"dup-{t}"
        conn.execute("PRAGMA user_version = 99")
        conn.execute("CREATE TABLE extra (x)")
        return "extra-table"
    finally:
        conn.close()


def mutate_store(rng, data: bytes, work: Path) -> tuple[str, bytes]:
    """A damaged results store: SQL-level damage (tables dropped or replaced, NULLs and wrong types in rows,
    meta values) or byte-level damage (truncated, flipped, empty, another file)."""
    if rng.random() < 0.5:
        tmp = work / f"mut-{os.getpid()}.sqlite"
        tmp.write_bytes(data)
        try:
            label = _sql_damage(rng, tmp)
            return label, tmp.read_bytes()
        finally:
            for suffix in ("", "-wal", "-shm", "-journal"):
                Path(str(tmp) + suffix).unlink(missing_ok=True)
    m = rng.choice([m_flip, m_flip, m_byte, m_truncate, m_truncate, m_insert_bytes, m_empty, m_binary,
                    m_other_file])
    if m is m_flip and rng.random() < 0.5:           # flip inside the first pages (header, schema, meta)
        b = bytearray(data)
        i = rng.randrange(min(len(b), 8192))
        b[i] ^= 1 << rng.randrange(8)
        return "flip-head", bytes(b)
    return m.__name__[2:], m(rng, data)


# --- running one input through one target ---------------------------------------------------------------
class Hang(BaseException):
    pass


def _alarm(signum, frame):
    raise Hang()


def _digest(path: Path) -> tuple[bytes, int] | None:
    try:
        st = path.stat()
        return hashlib.sha256(path.read_bytes()).digest(), st.st_mtime_ns
    except OSError:
        return None


def _one_line(text: str) -> bool:
    lines = [ln for ln in text.strip().split("\n") if ln.strip()]
    return len(lines) == 1 and "Traceback" not in text


def _cli(args: list[str]):
    from click.testing import CliRunner
    from wartime.cli import main
    return CliRunner().invoke(main, args, catch_exceptions=True)


def run_target(target: str, path: Path, out_dir: Path) -> tuple[str, str]:
    """(outcome, detail) of feeding `path` to `target`."""
    if target in ("ui-load", "ui-replay"):
        from wartime.core.errors import WartimeError
        from wartime.ui.adapter import rebuild_match
        from wartime.ui.replay_view import ReplaySession
        try:
            rebuilt = rebuild_match(path) if target == "ui-load" else ReplaySession(path)
        except WartimeError as exc:
            msg = str(exc)
            return ("clean" if "\n" not in msg and msg.strip() else "unclear"), msg[:300]
        except Hang:
            raise
        except BaseException as exc:   # noqa: BLE001 - the window would show a traceback
            import traceback
            return "traceback", "".join(traceback.format_exception(exc))[-2000:]
        return ("diverges" if rebuilt.desync is not None else "ok"), ""
    if target == "verify":
        args = ["replay", "verify", str(path)]
    elif target == "show":
        args = ["replay", "show", str(path)]
    elif target.startswith("export-"):
        args = ["replay", "export", str(path), "--format", target[7:], "--out", str(out_dir / "export.out")]
    elif target == "resume":
        args = ["resume", str(path), "--out", str(out_dir / "resumed.jsonl")]
    elif target == "report":
        args = ["report", str(path), "--out", str(out_dir / "report")]
    else:
        raise ValueError(target)
    r = _cli(args)
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        import traceback
        return "traceback", "".join(traceback.format_exception(r.exception))[-2000:]
    if r.exit_code == 0:
        return "ok", ""
    if r.exit_code == 2:
        return ("clean" if _one_line(r.stderr) else "unclear"), r.stderr[:300]
    if r.exit_code == 1 and target == "verify" and "diverges" in r.stdout:
        return "diverges", r.stdout[:300]
    return "unclear", f"exit {r.exit_code}: {r.output[:300]}"


def run_one(target: str, data: bytes, work: Path, *, name: str = "input", timeout: float = 30.0) -> tuple[str, str]:
    """Write `data` to a fresh file in `work`, feed it to `target` and classify; the file must not change."""
    case = Path(tempfile.mkdtemp(prefix="case-", dir=work))
    try:
        path = case / (name + (".sqlite" if target == "report" else ".jsonl"))
        path.write_bytes(data)
        before = _digest(path)
        old = signal.signal(signal.SIGALRM, _alarm) if timeout else None
        if timeout:
            signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            outcome, detail = run_target(target, path, case)
        except Hang:
            outcome, detail = "hang", f"over {timeout} s"
        finally:
            if timeout:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, old)
        if _digest(path) != before and outcome not in ("traceback", "hang"):
            outcome, detail = "modified", f"{target} changed its input file"
        return outcome, detail
    finally:
        shutil.rmtree(case, ignore_errors=True)


# --- the command ---------------------------------------------------------------------------------------------
def generate(kind: str, seed: int, base: bytes, work: Path, rechained_share: float = 0.1) -> tuple[str, str, bytes]:
    """(target, mutation label, damaged bytes) of input number `seed` of `kind`."""
    rng = random.Random(f"{kind}:{seed}")
    if kind == "store":
        label, data = mutate_store(rng, base, work)
        return "report", label, data
    label, data = mutate_record(rng, base, rechained_share)
    return rng.choice(RECORD_TARGETS), label, data


_STATE: dict = {}


def _init(corpus: dict[str, str], work: str, timeout: float, rechained_share: float = 0.1) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import matplotlib
    matplotlib.use("Agg")
    _STATE.update(bases={k: Path(p).read_bytes() for k, p in corpus.items()}, work=Path(work), timeout=timeout,
                  rechained=rechained_share)


def _task(job: tuple[str, int]):
    kind, seed = job
    target, label, data = generate(kind, seed, _STATE["bases"][kind], _STATE["work"], _STATE["rechained"])
    t0 = time.perf_counter()
    outcome, detail = run_one(target, data, _STATE["work"], timeout=_STATE["timeout"])
    return kind, seed, target, label, outcome, detail, time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=1000, help="inputs to generate in all")
    ap.add_argument("--seed", type=int, default=0, help="first input number")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--kind", choices=["all", "record", "save", "store"], default="all")
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds before an input counts as a hang")
    ap.add_argument("--rechained", type=float, default=0.1,
                    help="share of record and save inputs that are well-chained structural edits (re-simulated)")
    ap.add_argument("--failures", type=Path, default=None, help="write failing inputs into this folder")
    args = ap.parse_args(argv)
    kinds = ["record", "save", "store"] if args.kind == "all" else [args.kind]
    # records and saves get most inputs; a store input (a whole report) is slower
    weights = {"record": 0.49, "save": 0.49, "store": 0.02} if args.kind == "all" else {args.kind: 1.0}
    jobs, start = [], args.seed
    for k in kinds:
        n = round(args.n * weights[k])
        jobs += [(k, s) for s in range(start, start + n)]
    work = Path(tempfile.mkdtemp(prefix="wartime-fuzz-"))
    t0 = time.time()
    try:
        corpus = {k: str(v) for k, v in make_corpus(work / "corpus").items()}
        table: dict[str, Counter] = {k: Counter() for k in kinds}
        fails: list = []
        if args.workers > 1:
            import multiprocessing as mp
            with mp.get_context("fork").Pool(args.workers, _init,
                                              (corpus, str(work), args.timeout, args.rechained)) as pool:
                results = pool.imap_unordered(_task, jobs, chunksize=64)
                for done, res in enumerate(results, 1):
                    _tally(res, table, fails, args.failures)
                    if done % 5000 == 0:
                        print(f"  {done}/{len(jobs)} in {time.time() - t0:.0f} s", file=sys.stderr, flush=True)
        else:
            _init(corpus, str(work), args.timeout, args.rechained)
            for job in jobs:
                _tally(_task(job), table, fails, args.failures)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{len(jobs)} inputs in {time.time() - t0:.0f} s ({args.workers} workers)")
    print("| input kind | generated | ok | clean error (exit 2) | diverges (exit 1) | traceback | hang |")
    print("|---|---|---|---|---|---|---|")
    names = {"record": "game record (.jsonl)", "save": "save (.jsonl)", "store": "results store (.sqlite)"}
    for k in kinds:
        c = table[k]
        extra = sum(c[o] for o in ("modified", "unclear"))
        print(f"| {names[k]} | {sum(c.values())} | {c['ok']} | {c['clean']} | {c['diverges']} | {c['traceback']} "
              f"| {c['hang']} |" + (f" modified/unclear: {extra}" if extra else ""))
    for kind, seed, target, label, outcome, detail in fails[:20]:
        print(f"FAIL {kind} #{seed} {target} {label}: {outcome}: {detail.strip().splitlines()[-1] if detail else ''}")
    return 1 if fails else 0


def _tally(res, table, fails, folder) -> None:
    kind, seed, target, label, outcome, detail, _ = res
    table[kind][outcome] += 1
    if outcome in FAILURES:
        fails.append((kind, seed, target, label, outcome, detail))
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{kind}-{seed}-{target}-{outcome}.txt").write_text(detail, encoding="utf-8")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
