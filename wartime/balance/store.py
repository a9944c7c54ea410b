"""The results store: one SQLite file per batch (stdlib sqlite3, WAL journal, synchronous=NORMAL).

Tables:

* ``meta(key, value)`` — ``schema``, ``engine_version``, ``rules_hash`` (of the engine that created the store),
  ``config`` (the batch as JSON: scenario, lists with content hashes, batch seed, controllers, handicap, mirror),
  ``games_per_pairing``, ``created_at``;
* ``games`` — one row per finished game, primary key ``game_key``; every row also carries the worker's
  ``engine_version`` and ``rules_hash``;
* ``characters`` — one row per miniature per game (`wartime.balance.accumulator`), key (game_key, entity).

Each finished game is written in one transaction (its game row and its character rows together), so a batch
killed at any point (Ctrl-C, kill -9) holds only whole games, and `--resume` skips exactly those (unique
game key): none is lost or written twice. The timing columns (`TIMING_COLUMNS`) are the only ones that depend on
the machine, the worker count or the backend.

One writer at a time: a store opened to write (`ResultStore.create` / `open`) holds an exclusive OS lock on
``<store>.lock`` beside it (the `filelock` package; released when its process ends, and removed with the lock when
the store is closed), so a second `wartime batch` on the same store stops at once with a message naming the store,
instead of playing games the first is playing too and failing on the duplicate keys. Readers (reports) take no lock.
(Removing the file admits a narrow race — a third batch that opened the old file just before its removal — in which
two writers run; the primary key still keeps every game once, and the later one stops with an error.)

Durability: in WAL mode with synchronous=NORMAL a committed game survives the batch process being killed
(the commit is in the WAL file); an OS crash or power cut may lose the last commits but never corrupts the
store, and `--resume` simply plays those games again. (synchronous=FULL would add an fsync per game: ~5 ms
of the parent's time per game, which a many-worker cluster run would feel.)"""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout

SCHEMA_VERSION = 1

#: (name, SQL type) of the games table, in order.
GAME_COLUMNS: tuple[tuple[str, str], ...] = (
    ("game_key", "TEXT PRIMARY KEY"), ("k", "INTEGER NOT NULL"), ("seed", "INTEGER NOT NULL"),
    ("scenario", "TEXT NOT NULL"), ("scenario_key", "TEXT NOT NULL"),
    ("red_list", "TEXT NOT NULL"), ("blue_list", "TEXT NOT NULL"),
    ("red_base_list", "TEXT NOT NULL"), ("blue_base_list", "TEXT NOT NULL"),
    ("red_list_name", "TEXT NOT NULL"), ("blue_list_name", "TEXT NOT NULL"),
    ("red_cost", "INTEGER NOT NULL"), ("blue_cost", "INTEGER NOT NULL"),
    ("red_controller", "TEXT NOT NULL"), ("blue_controller", "TEXT NOT NULL"),
    ("winner", "TEXT"), ("reason", "TEXT"), ("turns", "INTEGER NOT NULL"),
    ("casualties_red", "INTEGER NOT NULL"), ("casualties_blue", "INTEGER NOT NULL"),
    ("points_lost_red", "INTEGER NOT NULL"), ("points_lost_blue", "INTEGER NOT NULL"),
    ("first_player", "TEXT"), ("decisions", "INTEGER NOT NULL"),
    ("engine_version", "TEXT NOT NULL"), ("rules_hash", "TEXT NOT NULL"),
    ("elapsed_s", "REAL"), ("cpu_s", "REAL"), ("worker", "TEXT"), ("finished_at", "REAL"),
)
CHARACTER_COLUMNS: tuple[tuple[str, str], ...] = (
    ("game_key", "TEXT NOT NULL REFERENCES games(game_key)"), ("entity", "INTEGER NOT NULL"),
    ("side", "TEXT NOT NULL"), ("list_key", "TEXT NOT NULL"), ("character_id", "TEXT NOT NULL"),
    ("name", "TEXT NOT NULL"), ("cost", "INTEGER NOT NULL"),
    ("damage_dealt", "INTEGER NOT NULL"), ("wounds_taken", "INTEGER NOT NULL"), ("kills", "INTEGER NOT NULL"),
    ("survived", "INTEGER NOT NULL"), ("energy_spent", "INTEGER NOT NULL"), ("actions", "INTEGER NOT NULL"),
    ("hits", "INTEGER NOT NULL"), ("misses", "INTEGER NOT NULL"), ("reactions", "INTEGER NOT NULL"),
)
TIMING_COLUMNS = ("elapsed_s", "cpu_s", "worker", "finished_at")
#: Columns of the games table added after schema 1 was published: created in new stores, NULL when a worker
#: does not give them, and read as None from older stores that lack them (which stay readable and resumable).
#: ``attack_stats``: the per-attack figures of `accumulator.AttackLog`, as JSON; ``alarm_shape``: the alarm shape
#: variant a game played (`wartime batch --alarm-shape`, balance.alarm_shapes), NULL for the scenario as it is.
OPTIONAL_GAME_COLUMNS: tuple[tuple[str, str], ...] = (("attack_stats", "TEXT"), ("alarm_shape", "TEXT"))


class StoreError(Exception):
    """A store that cannot be used as asked (the message says why and what to do)."""


def describe_version(engine_version: str, rules_hash: str) -> str:
    return f"wartime {engine_version} with rules data {rules_hash[:12]}"


def lock_path(path: str | Path) -> Path:
    """The lock file of a store's one writer (see the module docstring)."""
    return Path(f"{path}.lock")


class ResultStore:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._lock = FileLock(str(lock_path(self.path)), timeout=0, thread_local=False)
        try:
            self._lock.acquire()
        except Timeout:
            raise StoreError(f"{self.path}: another batch is writing this results store (it holds "
                             f"{lock_path(self.path).name}): wait for it to finish, or stop it and finish with "
                             f"--resume") from None
        except OSError as exc:
            raise StoreError(f"{self.path}: cannot lock the results store ({exc})") from None
        try:
            self.conn = sqlite3.connect(str(self.path), isolation_level=None, timeout=30.0)
        except BaseException:
            self._lock.release()
            raise
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.execute("PRAGMA foreign_keys=ON")
        self._optional: list[str] | None = None     # the optional games columns it has (read at the first add)

    # --- opening -------------------------------------------------------------------------------
    @classmethod
    def create(cls, path: str | Path, config: dict, games_per_pairing: int, engine_version: str,
               rules_hash: str) -> "ResultStore":
        path = Path(path)
        if path.exists() and _has_tables(path):
            raise StoreError(f"{path}: already exists: use --resume to finish or extend its batch, "
                             "or choose another --out")
        path.parent.mkdir(parents=True, exist_ok=True)
        existed = path.exists()
        store = cls(path)               # the writer's lock first: nothing is cleaned up for another batch's store
        try:
            games_sql = ", ".join(f"{n} {t}" for n, t in GAME_COLUMNS + OPTIONAL_GAME_COLUMNS)
            chars_sql = ", ".join(f"{n} {t}" for n, t in CHARACTER_COLUMNS)
            with store.transaction():
                store.conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                store.conn.execute(f"CREATE TABLE games ({games_sql})")
                store.conn.execute(f"CREATE TABLE characters ({chars_sql}, PRIMARY KEY (game_key, entity))")
                meta = {"schema": str(SCHEMA_VERSION), "engine_version": engine_version, "rules_hash": rules_hash,
                        "config": json.dumps(config, sort_keys=True), "games_per_pairing": str(games_per_pairing),
                        "created_at": repr(time.time())}
                store.conn.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
        except BaseException:
            # a full disk, an unwritable folder: leave no empty store behind (an existing empty file is kept)
            store.close()
            for leftover in ([] if existed else [path]) + [Path(f"{path}-wal"), Path(f"{path}-shm")]:
                try:
                    leftover.unlink()
                except OSError:
                    pass
            raise
        return store

    @classmethod
    def open(cls, path: str | Path) -> "ResultStore":
        path = Path(path)
        if not path.exists():
            raise StoreError(f"{path}: no such results store")
        store = cls(path)
        try:
            tables = {r[0] for r in store.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.DatabaseError as exc:
            store.close()
            raise StoreError(f"{path}: not a results store ({exc})") from None
        if not {"meta", "games", "characters"} <= tables:
            store.close()
            raise StoreError(f"{path}: not a results store (no meta/games/characters tables)")
        schema = store.meta().get("schema")
        if schema != str(SCHEMA_VERSION):
            store.close()
            raise StoreError(f"{path}: results store schema {schema}, this wartime reads schema {SCHEMA_VERSION}")
        return store

    def close(self) -> None:
        self.conn.close()
        try:
            lock_path(self.path).unlink()       # still held: no store is left with a lock file beside it
        except OSError:
            pass
        self._lock.release()

    def __enter__(self) -> "ResultStore":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # --- meta ----------------------------------------------------------------------------------
    def meta(self) -> dict[str, str]:
        return dict(self.conn.execute("SELECT key, value FROM meta"))

    def config(self) -> dict:
        return json.loads(self.meta()["config"])

    def version(self) -> tuple[str, str]:
        m = self.meta()
        return m["engine_version"], m["rules_hash"]

    def games_per_pairing(self) -> int:
        return int(self.meta()["games_per_pairing"])

    def set_games_per_pairing(self, n: int) -> None:
        with self.transaction():
            self.conn.execute("UPDATE meta SET value = ? WHERE key = 'games_per_pairing'", (str(n),))

    def check_version(self, engine_version: str, rules_hash: str) -> None:
        """Refuse to add games of another engine or rules data to this store."""
        mine = self.version()
        if mine != (engine_version, rules_hash):
            raise StoreError(
                f"{self.path}: holds results of {describe_version(*mine)}; this is "
                f"{describe_version(engine_version, rules_hash)}. Results of different versions are never mixed: "
                f"start a new store with another --out")

    # --- games ---------------------------------------------------------------------------------
    def transaction(self):
        return _Transaction(self.conn)

    def done_keys(self) -> set[str]:
        return {r[0] for r in self.conn.execute("SELECT game_key FROM games")}

    def count(self) -> int:
        return self.conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]

    def add(self, result: dict) -> None:
        """Store one finished game (its row and its characters) in one transaction."""
        game = dict(result["game"])
        game.setdefault("finished_at", time.time())
        names = [n for n, _ in GAME_COLUMNS] + self._optional_columns()
        cnames = [n for n, _ in CHARACTER_COLUMNS]
        with self.transaction():
            self.conn.execute(f"INSERT INTO games ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
                              [game.get(n) for n in names])
            self.conn.executemany(
                f"INSERT INTO characters ({', '.join(cnames)}) VALUES ({', '.join('?' * len(cnames))})",
                [[dict(c, game_key=game["game_key"]).get(n) for n in cnames] for c in result["characters"]])

    def _optional_columns(self) -> list[str]:
        """The optional columns this store's games table has (an older store may lack them)."""
        if self._optional is None:
            have = {r[1] for r in self.conn.execute("PRAGMA table_info(games)")}
            self._optional = [n for n, _ in OPTIONAL_GAME_COLUMNS if n in have]
        return self._optional

    def games(self) -> list[dict[str, Any]]:
        return self._rows("games", "game_key")

    def characters(self) -> list[dict[str, Any]]:
        return self._rows("characters", "game_key, entity")

    def _rows(self, table: str, order: str) -> list[dict[str, Any]]:
        cur = self.conn.execute(f"SELECT * FROM {table} ORDER BY {order}")
        names = [d[0] for d in cur.description]
        return [dict(zip(names, r)) for r in cur]


def _has_tables(path: Path) -> bool:
    """True unless the file is empty or an SQLite file without tables (a store whose creation was cut short)."""
    if path.stat().st_size == 0:
        return False
    try:
        conn = sqlite3.connect(str(path))
        try:
            return conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0] > 0
        finally:
            conn.close()
    except sqlite3.DatabaseError:
        return True


class _Transaction:
    """BEGIN IMMEDIATE … COMMIT (ROLLBACK on any exception, Ctrl-C included)."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def __enter__(self):
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            self.conn.execute("COMMIT")
        elif self.conn.in_transaction:
            # SQLite has already rolled back after some errors (SQLITE_FULL: a full disk); a second ROLLBACK
            # would raise and hide the error that matters
            self.conn.execute("ROLLBACK")
        return False


# --- reading a store for a report: read-only, every value checked ----------------------------------------
#: Python types a column may hold, by its SQL declaration (REAL columns are the timings: NULL allowed).
_SQL_TYPES = {"INTEGER": (int,), "TEXT": (str,), "REAL": (int, float)}
_SIDE_COLUMNS = {"winner": ("red", "blue", None), "first_player": ("red", "blue", None), "side": ("red", "blue")}


def _connect_read_only(path: Path) -> sqlite3.Connection:
    """A connection that cannot change the file: `mode=ro`, and `immutable=1` when no batch is writing it (no
    -wal file beside it), so nothing is created beside the store either."""
    from urllib.parse import quote
    wal = Path(f"{path}-wal").exists()
    uri = f"file:{quote(str(path.resolve()))}?mode=ro" + ("" if wal else "&immutable=1")
    return sqlite3.connect(uri, uri=True, isolation_level=None, timeout=5.0)


def _check_rows(path: Path, table: str, columns: tuple[tuple[str, str], ...], rows: list[dict]) -> None:
    for n, row in enumerate(rows, start=1):
        for name, decl in columns:
            value = row.get(name)
            sql_type = decl.split()[0]
            ok_types = _SQL_TYPES[sql_type]
            if value is None:
                if "NOT NULL" in decl or "PRIMARY KEY" in decl:
                    raise StoreError(f"{path}: damaged results store: {table} row {n}: {name} is NULL")
            elif isinstance(value, bool) or not isinstance(value, ok_types) or \
                    (isinstance(value, float) and value != value) or (isinstance(value, float) and abs(value) == float("inf")):
                raise StoreError(f"{path}: damaged results store: {table} row {n}: {name} is "
                                 f"{type(value).__name__} {str(value)[:40]!r}, expected {sql_type.lower()}")
            if name in _SIDE_COLUMNS and value not in _SIDE_COLUMNS[name]:
                raise StoreError(f"{path}: damaged results store: {table} row {n}: {name} is {str(value)[:40]!r}, "
                                 "expected red or blue")
            if sql_type == "INTEGER" and name not in ("seed", "entity") and value is not None and not \
                    0 <= value < 2 ** 53:
                raise StoreError(f"{path}: damaged results store: {table} row {n}: {name} is {value}, expected "
                                 "a count (0 or more)")


def _check_config(path: Path, config: Any) -> dict:
    def bad(what: str):
        return StoreError(f"{path}: damaged results store: meta config: {what}")
    if not isinstance(config, dict):
        raise bad("not a JSON object")
    sc = config.get("scenario")
    if not isinstance(sc, dict) or not isinstance(sc.get("key"), str):
        raise bad("scenario.key is missing or not a string")
    lists = config.get("lists")
    if not isinstance(lists, list) or not all(isinstance(x, dict) and isinstance(x.get("key"), str) for x in lists):
        raise bad("lists is not a list of {key: ...}")
    ctrls = config.get("controllers")
    if not isinstance(ctrls, dict) or not all(isinstance(ctrls.get(s), str) for s in ("red", "blue")):
        raise bad("controllers is not {red: NAME, blue: NAME}")
    if isinstance(config.get("seed"), bool) or not isinstance(config.get("seed"), int):
        raise bad("seed is missing or not an integer")
    for key in ("handicap", "mirror"):
        if not isinstance(config.get(key), bool):
            raise bad(f"{key} is missing or not true/false")
    return config


def read_store(path: str | Path) -> dict[str, Any]:
    """Everything a report needs from one store, read without changing the file (or creating any beside it),
    every table, column and value checked: {"config", "games_per_pairing", "version", "games", "characters"}.
    Raises StoreError (one line: `FILE: problem`) for a missing, foreign, damaged or other-schema file."""
    path = Path(path)
    if not path.is_file():
        raise StoreError(f"{path}: no such results store" if not path.exists() else f"{path}: not a file")
    try:
        conn = _connect_read_only(path)
    except sqlite3.Error as exc:
        raise StoreError(f"{path}: cannot be opened: {exc}") from None
    try:
        return _read_store(path, conn)
    except sqlite3.Error as exc:
        raise StoreError(f"{path}: not a results store or damaged ({exc})") from None
    except (ValueError, TypeError, OverflowError, MemoryError, RecursionError) as exc:
        raise StoreError(f"{path}: damaged results store ({type(exc).__name__}: {str(exc)[:200]})") from None
    finally:
        conn.close()


def _read_store(path: Path, conn: sqlite3.Connection) -> dict[str, Any]:
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    missing = [t for t in ("meta", "games", "characters") if t not in tables]
    if missing:
        raise StoreError(f"{path}: not a results store (no {'/'.join(missing)} table)")
    expected = {"meta": (("key", "TEXT"), ("value", "TEXT")), "games": GAME_COLUMNS, "characters": CHARACTER_COLUMNS}
    for table, columns in expected.items():
        have = {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}
        lacking = [n for n, _ in columns if n not in have]
        if lacking:
            raise StoreError(f"{path}: not a results store of schema {SCHEMA_VERSION} (table {table} has no "
                             f"column {', '.join(lacking[:5])})")
    meta: dict[str, Any] = {}
    for key, value in conn.execute("SELECT key, value FROM meta"):
        meta[key] = value
    schema = meta.get("schema")
    if schema != str(SCHEMA_VERSION):
        raise StoreError(f"{path}: results store schema {str(schema)[:40]}, this wartime reads schema "
                         f"{SCHEMA_VERSION}")
    for key in ("engine_version", "rules_hash", "config", "games_per_pairing"):
        if not isinstance(meta.get(key), str):
            raise StoreError(f"{path}: damaged results store: meta {key} is missing or not text")
    try:
        config = json.loads(meta["config"], parse_constant=lambda c: 1 / 0)
    except (ValueError, ZeroDivisionError, RecursionError):
        raise StoreError(f"{path}: damaged results store: meta config is not JSON") from None
    config = _check_config(path, config)
    gpp = meta["games_per_pairing"]
    if not (gpp.isascii() and gpp.isdigit() and 0 < int(gpp) < 10 ** 9):
        raise StoreError(f"{path}: damaged results store: meta games_per_pairing is {gpp[:40]!r}, expected a "
                         "positive integer")
    rows = {}
    for table, columns, order in (("games", GAME_COLUMNS, "game_key"), ("characters", CHARACTER_COLUMNS,
                                                                         "game_key, entity")):
        names = [n for n, _ in columns]
        optional: tuple[tuple[str, str], ...] = ()
        if table == "games":
            have = {r[1] for r in conn.execute("PRAGMA table_info(games)")}
            optional = tuple(c for c in OPTIONAL_GAME_COLUMNS if c[0] in have)
        cur = conn.execute(f"SELECT {', '.join(names + [n for n, _ in optional])} FROM {table} ORDER BY {order}")
        rows[table] = [dict(zip(names + [n for n, _ in optional], r)) for r in cur]
        _check_rows(path, table, columns + optional, rows[table])
        if table == "games":
            for row in rows[table]:
                for n, _ in OPTIONAL_GAME_COLUMNS:
                    row.setdefault(n, None)
    keys = [g["game_key"] for g in rows["games"]]
    if len(set(keys)) != len(keys):
        raise StoreError(f"{path}: damaged results store: a game key appears twice in games")
    known = set(keys)
    seen_chars: set[tuple[str, int]] = set()
    for n, c in enumerate(rows["characters"], start=1):
        if c["game_key"] not in known:
            raise StoreError(f"{path}: damaged results store: characters row {n} belongs to no game")
        if (c["game_key"], c["entity"]) in seen_chars:
            raise StoreError(f"{path}: damaged results store: characters row {n} appears twice")
        seen_chars.add((c["game_key"], c["entity"]))
    return {"config": config, "games_per_pairing": int(gpp), "version": (meta["engine_version"], meta["rules_hash"]),
            "games": rows["games"], "characters": rows["characters"]}
