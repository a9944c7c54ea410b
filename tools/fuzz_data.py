"""Fuzz every data file a user can feed wartime: scenarios, army lists, catalogues.

    python tools/fuzz_data.py --n 100000 --workers 2      # the README "Robustness" run
    python tools/fuzz_data.py --n 2000 --seed 7            # a quick local run

Each input is a shipped file (`scenarios/`) mutated 1-3 times (byte flips, truncations, deleted / duplicated /
swapped lines, values of the wrong type, NaN / inf / huge / negative numbers, unicode and control characters,
deep nesting, long strings and dotted keys, resource bombs, references out of the folder, to a directory, to a
symbolic link…), or an empty, binary or generated file. It goes through `wartime validate` and `wartime cost`
(in process, click's CliRunner) and, when it validates, is played to the end by `Match` with the turn limit
cut to one turn (a mutated catalogue through a list that uses it). Outcomes: ok (exit 0; `simulated` counts
the games played to the end), clean (exit 2, every line `file: field: problem`), and the failures: traceback,
hang (over --timeout seconds), unclear (an error that is not `file: field: problem` lines). The tests
(tests/fuzz/test_fuzz_data*.py) use the same mutators and `run_one`.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"
KINDS = ("scenario", "list", "catalogue")
FAILURES = ("traceback", "hang", "unclear")
CLEAN = ("clean: syntax", "clean: limit", "clean: reference", "clean: content")
OUTCOMES = ("ok", *CLEAN, *FAILURES)
#: One problem line: `file: field: problem` (the file may hold ': ' only in odd generated names: not ours).
_LINE = re.compile(r"^[^\n]+?: [^\n]+?: [^\n]+$")


class Hang(Exception):
    """Raised by the per-input alarm."""


def _alarm(signum, frame):
    raise Hang()


# ---------------------------------------------------------------------------------------------------
# the corpus: a private copy of the shipped scenarios/ tree
# ---------------------------------------------------------------------------------------------------
def make_corpus(folder: Path) -> Path:
    """Copy scenarios/ into `folder` (mutants are written beside the originals, so references resolve)."""
    root = folder / "scenarios"
    shutil.copytree(SCENARIOS, root)
    (root / "lists" / "a-folder.toml").mkdir()
    outside = folder / "outside.toml"
    outside.write_text((SCENARIOS / "lists" / "shooters.toml").read_text(encoding="utf-8"), encoding="utf-8")
    try:
        (root / "lists" / "link.toml").symlink_to(SCENARIOS / "lists" / "shooters.toml")
        (root / "catalogue" / "link.toml").symlink_to(SCENARIOS / "catalogue" / "starter.toml")
    except OSError:
        pass
    return root


def seeds(root: Path) -> dict[str, list[Path]]:
    return {"scenario": sorted(root.glob("[!f]*.toml")),
            "list": sorted(p for p in (root / "lists").glob("*.toml") if p.is_file() and not p.is_symlink()),
            "catalogue": [root / "catalogue" / "starter.toml"]}


# ---------------------------------------------------------------------------------------------------
# mutators: bytes -> bytes
# ---------------------------------------------------------------------------------------------------
WEIRD_VALUES = [
    '"x"', "true", "[]", "{}", "nan", "-nan", "inf", "-inf", "1e308", "-1e308", "1e-320", "-1", "0", "-0.0",
    "9" * 30, "-" + "9" * 25, "99999999999", "1e9", "1_000_000_000", "4.5", "0.0001", '"ü—中文🙂"', '""', '" "',
    "[[1, 2]]", "[1, 2, 3, 4]", '["a", "b"]', "{ a = 1 }", "1979-05-27T07:32:00Z", "0x7fffffffffffffff",
    '"\\u0000"', '"' + "a" * 300 + '"', '"../../../../etc/passwd"', '"/etc/passwd"', "2", "3", "10", "11",
    "40", "41", "1000", "1001", "200", "201", "100", "300",
]
REFERENCES = [
    "/etc/passwd", "../../../../../../etc/passwd", "../../outside.toml", "../outside.toml", "lists/link.toml",
    "link.toml", "../catalogue/link.toml", "lists/a-folder.toml", "a-folder.toml", "x" * 5000, "lists/\\u0000x.toml",
    ".", "..", "", " ", "lists/nope.toml", "C:\\\\Windows\\\\win.ini", "\\\\\\\\server\\\\share\\\\x.toml",
    "lists/" + "../lists/" * 30 + "shooters.toml", "ü/中文.toml", "lists/shooters.toml", "../catalogue/starter.toml",
    "starter.toml", "shooters.toml",
]
TERRAIN_BLOCK = '\n[[terrain]]\nkind = "low"\nrect = [1, 1, 2, 1.5]\n'


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def m_flip(rng: random.Random, data: bytes) -> bytes:
    if not data:
        return bytes([rng.randrange(256)])
    b = bytearray(data)
    for _ in range(rng.choice((1, 1, 2, 5, 20))):
        i = rng.randrange(len(b))
        b[i] = b[i] ^ (1 << rng.randrange(8)) if rng.random() < 0.5 else rng.randrange(256)
    return bytes(b)


def m_truncate(rng: random.Random, data: bytes) -> bytes:
    return data[:rng.randrange(len(data) + 1)]


def m_delete_line(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    for _ in range(rng.choice((1, 1, 3))):
        if lines:
            del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def m_duplicate_line(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    lines[i:i] = [lines[i]] * rng.choice((1, 1, 2, 50))
    return b"\n".join(lines)


def m_swap_lines(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


_ASSIGN = re.compile(rb"^(\s*[A-Za-z0-9_.\"-]+\s*=\s*)(.*)$")


def m_value(rng: random.Random, data: bytes) -> bytes:
    """A value of the wrong type, NaN / inf / huge / negative, a weird string, or a nearby integer."""
    lines = _lines(data)
    spots = [i for i, line in enumerate(lines) if _ASSIGN.match(line)]
    if not spots:
        return data
    i = rng.choice(spots)
    m = _ASSIGN.match(lines[i])
    value = rng.choice(WEIRD_VALUES)
    if rng.random() < 0.3 and re.fullmatch(rb"-?\d{1,4000}", m.group(2).strip()):   # int() refuses > 4300 digits
        value = str(int(m.group(2)) + rng.choice((-100, -10, -2, -1, 1, 2, 10, 100, 10 ** 6))).replace("-", "-", 1)
    lines[i] = m.group(1) + value.encode()
    return b"\n".join(lines)


def m_number(rng: random.Random, data: bytes) -> bytes:
    """Every number of one line scaled, negated, zeroed or made huge."""
    lines = _lines(data)
    spots = [i for i, line in enumerate(lines) if re.search(rb"\d", line) and b"=" in line]
    if not spots:
        return data
    i = rng.choice(spots)
    how = rng.choice(("neg", "zero", "huge", "big", "tiny", "float"))
    def sub(m: re.Match[bytes]) -> bytes:
        v = m.group()
        return {"neg": b"-" + v, "zero": b"0", "huge": b"1" + b"0" * 40, "big": b"1e9", "tiny": b"1e-12",
                "float": v + b".5" if b"." not in v else v}[how]
    lines[i] = re.sub(rb"\d+(?:\.\d+)?", sub, lines[i])
    return b"\n".join(lines)


def m_unicode(rng: random.Random, data: bytes) -> bytes:
    junk = rng.choice(["é", "中文", "🙂", "\u202e", "\x00", "\x7f", "\ufeff", "\r", "\t", "\\", '"', "'", "#",
                       "[", "]", "{", "}", "=", ".", "\udcff"])
    text = data.decode("utf-8", "replace")
    i = rng.randrange(len(text) + 1)
    return (text[:i] + junk * rng.choice((1, 1, 3)) + text[i:]).encode("utf-8", "surrogatepass")


def m_nest(rng: random.Random, data: bytes) -> bytes:
    depth = rng.choice((3, 15, 16, 17, 40, 1000, 100_000))
    opener, closer = rng.choice((("[", "]"), ("{a=", "}"), ("[{a=", "}]")))
    return m_replace_value(rng, data, opener * depth + "1" + closer * depth)


def m_replace_value(rng: random.Random, data: bytes, value: str) -> bytes:
    lines = _lines(data)
    spots = [i for i, line in enumerate(lines) if _ASSIGN.match(line)]
    if not spots:
        return data + b"\nx = " + value.encode()
    i = rng.choice(spots)
    lines[i] = _ASSIGN.match(lines[i]).group(1) + value.encode()
    return b"\n".join(lines)


def m_long(rng: random.Random, data: bytes) -> bytes:
    n = rng.choice((201, 10_001, 100_000, 2_000_000))
    what = rng.choice(("string", "key", "int"))
    if what == "string":
        return m_replace_value(rng, data, '"' + "a" * n + '"')
    if what == "key":
        return data + b"\n" + b".".join([b"k"] * min(n, 300_000)) + b" = 1\n"
    return m_replace_value(rng, data, "9" * min(n, 5000))


def m_bomb(rng: random.Random, data: bytes) -> bytes:
    """Resource bombs: a huge board, many terrain pieces, many miniatures, many units, a 100-point polygon."""
    what = rng.choice(("board", "terrain", "count", "units", "polygon", "turns"))
    text = data.decode("utf-8", "replace")
    if what == "board":
        return re.sub(r"(?m)^(width|height)\s*=.*$", lambda m: f"{m.group(1)} = {rng.choice(['1e9', '201', '200', '1000000000000'])}", text).encode()
    if what == "terrain":
        return (text + TERRAIN_BLOCK * rng.choice((10, 501, 100_000 // 10))).encode()
    if what == "count":
        return re.sub(r"(?m)^count\s*=.*$", f"count = {rng.choice([20, 40, 41, 10_000, 10 ** 12])}", text).encode()
    if what == "units":
        return (text + '\n[[unit]]\ncharacter = "rifleman"\n' * rng.choice((5, 41, 5000))).encode()
    if what == "polygon":
        n = rng.choice((100, 501, 20_000))
        pts = ", ".join(f"[{1 + i / n:.6f}, {1 + (i % 2) / 10:.3f}]" for i in range(n))
        return (text + f'\n[[terrain]]\nkind = "difficult"\npolygon = [{pts}]\n').encode()
    return re.sub(r"(?m)^turn_limit\s*=.*$", f"turn_limit = {rng.choice([100, 101, 10 ** 9])}", text).encode()


def m_reference(rng: random.Random, data: bytes) -> bytes:
    text = data.decode("utf-8", "replace")
    ref = rng.choice(REFERENCES).replace('"', '\\"') if rng.random() < 0.9 else rng.choice(REFERENCES)
    out, n = re.subn(r'(?m)^((?:catalogue|red|blue)\s*=\s*)"[^"\n]*"', lambda m: f'{m.group(1)}"{ref}"', text,
                     count=rng.choice((0, 1)))
    return out.encode() if n else (text + f'\ncatalogue = "{ref}"\n').encode()


def m_crossover(rng: random.Random, data: bytes, others: list[bytes]) -> bytes:
    donor = _lines(rng.choice(others))
    lines = _lines(data)
    k = rng.randrange(len(donor))
    chunk = donor[k:k + rng.choice((1, 3, 10))]
    i = rng.randrange(len(lines) + 1)
    return b"\n".join(lines[:i] + chunk + lines[i:])


MUTATORS = {
    "flip": m_flip, "truncate": m_truncate, "delete-line": m_delete_line, "duplicate-line": m_duplicate_line,
    "swap-lines": m_swap_lines, "value": m_value, "number": m_number, "unicode": m_unicode, "nest": m_nest,
    "long": m_long, "bomb": m_bomb, "reference": m_reference,
}
#: Whole-file replacements (instead of mutating a shipped file).
WHOLE = ("empty", "binary", "header-only", "generated")


def whole_file(rng: random.Random, kind: str, how: str) -> bytes:
    if how == "empty":
        return rng.choice((b"", b"\n", b"   ", b"\xef\xbb\xbf"))
    if how == "binary":
        return bytes(rng.randrange(256) for _ in range(rng.choice((1, 16, 1000, 50_000))))
    if how == "header-only":
        return f'format = 1\ntype = "{kind}"\n'.encode()
    return generated(rng, kind).encode()


def _toml_value(rng: random.Random, depth: int = 0) -> str:
    r = rng.random()
    if depth < 3 and r < 0.15:
        return "[" + ", ".join(_toml_value(rng, depth + 1) for _ in range(rng.randrange(4))) + "]"
    if depth < 3 and r < 0.25:
        return "{ " + ", ".join(f"{rng.choice('abcxyz')}{i} = {_toml_value(rng, depth + 1)}"
                                for i in range(rng.randrange(3))) + " }"
    return rng.choice(WEIRD_VALUES + ["1", "5", "-3", "2.5", '"rifleman"', '"human"', '"low"', '"red"', "false"])


_KEYS = {
    "scenario": ["name", "points_limit", "turn_limit", "victory", "grid", "description", "board", "terrain",
                 "perch", "deployment", "default_lists", "width", "height", "kind", "rect", "polygon", "red", "blue"],
    "list": ["name", "catalogue", "unit", "character", "count", "description"],
    "catalogue": ["name", "archetype", "character", "id", "kind", "traits", "race", "weapons", "CON", "AGI", "INT",
                  "VOL", "ENE", "DMG", "RNG", "QUA", "DEF", "SIZ", "MOV", "size", "param", "level"],
}


def generated(rng: random.Random, kind: str) -> str:
    """A random file of the kind's keys and random values, tables and arrays of tables."""
    keys = _KEYS[kind]
    version = rng.choice(["1", "1", "2", "0", "1.0", '"1"'])
    out = [f"format = {version}", f'type = "{kind}"']
    for _ in range(rng.randrange(12)):
        out.append(f"{rng.choice(keys)} = {_toml_value(rng)}")
    for _ in range(rng.randrange(4)):
        header = rng.choice(keys)
        out.append(f"[[{header}]]" if rng.random() < 0.5 else f"[{header}]")
        for _ in range(rng.randrange(6)):
            out.append(f"{rng.choice(keys)} = {_toml_value(rng)}")
    return "\n".join(out) + "\n"


def mutate(rng: random.Random, kind: str, original: bytes, others: list[bytes]) -> tuple[bytes, str]:
    """A mutant of `original` and the names of the mutations applied."""
    if rng.random() < 0.06:
        how = rng.choice(WHOLE)
        return whole_file(rng, kind, how), how
    data, names = original, []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        name = rng.choice([*MUTATORS, "crossover"])
        data = m_crossover(rng, data, others) if name == "crossover" else MUTATORS[name](rng, data)
        names.append(name)
    return data, "+".join(names)


# ---------------------------------------------------------------------------------------------------
# running one input
# ---------------------------------------------------------------------------------------------------
def classify_lines(lines: list[str]) -> str:
    """The clean-error kind of a list of problem lines (the first line decides)."""
    first = lines[0] if lines else ""
    if "invalid TOML" in first or "not UTF-8" in first or "(file): file not found" in first \
            or "not a regular file" in first:
        return "clean: syntax"
    if any("limit" in line for line in lines):
        return "clean: limit"
    if any(w in line for line in lines for w in ("outside", "absolute path", "symbolic link", "file not found",
                                                 "cannot be read", "not a file name")):
        return "clean: reference"
    return "clean: content"


def _cli(args: list[str]):
    from click.testing import CliRunner
    from wartime.cli import main
    return CliRunner().invoke(main, args, catch_exceptions=True)


def _cli_outcome(result) -> tuple[str, str]:
    from wartime.core.errors import DataError  # noqa: F401  (import the error types before timing)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        if isinstance(result.exception, Hang):
            raise result.exception
        tb = "".join(traceback.format_exception(result.exception))
        return "traceback", tb[-2000:]
    if result.exit_code == 0:
        return "ok", ""
    lines = [line for line in (result.stderr if hasattr(result, "stderr") else result.output).splitlines()
             if line.strip()]
    lines = [line for line in lines if not line.endswith(": ok")]
    if result.exit_code == 2 and lines and all(_LINE.match(line) for line in lines):
        return classify_lines(lines), lines[0][:300]
    return "unclear", (result.output or "")[-600:]


def simulate(scenario_path: Path, lists: dict[str, Path | None], seed: int, turns: int = 1) -> None:
    """Load a match as `wartime simulate` does and play it to the end with the turn limit cut to `turns`."""
    from wartime.ai import make_controller
    from wartime.data.loader import load_match_inputs
    from wartime.match.match import Match, derive_seed
    scenario, armies = load_match_inputs(scenario_path, lists)
    scenario = scenario.model_copy(update={"turn_limit": min(turns, scenario.turn_limit)})
    kinds = ("scripted", "random")
    ctrl = {s: make_controller(kinds[(seed >> i) & 1], derive_seed(seed, f"controller:{s}"))
            for i, s in enumerate(("red", "blue"))}
    m = Match(scenario, armies, seed, ctrl)
    m.play()
    assert m.over


def run_one(root: Path, kind: str, data: bytes, name: str, seed: int, *, timeout: float = 60.0,
            play: bool = True, cli_simulate: bool = False) -> tuple[str, str]:
    """Write `data` as a `kind` file in the corpus `root`, run validate and cost (and play it when it validates);
    returns (outcome, detail). `cli_simulate` plays through `wartime simulate --stop-after 30` instead."""
    folder = {"scenario": root, "list": root / "lists", "catalogue": root / "catalogue"}[kind]
    path = folder / f"fuzz-{name}.toml"
    path.write_bytes(data)
    extra: list[Path] = []
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        outcome, detail = _cli_outcome(_cli(["validate", str(path)]))
        if outcome in FAILURES:
            return outcome, "validate: " + detail
        cost_outcome, cost_detail = _cli_outcome(_cli(["cost", "--json", str(path)]))
        if cost_outcome in FAILURES:
            return cost_outcome, "cost: " + cost_detail
        if (cost_outcome == "ok") != (outcome == "ok") and kind != "scenario":
            return "unclear", f"validate says {outcome}, cost says {cost_outcome}: {detail} {cost_detail}"
        if outcome != "ok" or not play:
            return outcome, detail
        # it validates: play it to the end
        if kind == "scenario":
            sc, lists = path, {"red": None, "blue": None}
        elif kind == "list":
            sc, lists = root / "skirmish.toml", {"red": path, "blue": root / "lists" / "brawlers.toml"}
        else:
            lst = root / "lists" / f"fuzz-{name}-list.toml"
            lst.write_text('format = 1\ntype = "list"\nname = "Fuzz"\ncatalogue = "../catalogue/'
                           f'fuzz-{name}.toml"\n[[unit]]\ncharacter = "{_a_character(path)}"\ncount = 2\n',
                           encoding="utf-8")
            extra.append(lst)
            sc, lists = root / "skirmish.toml", {"red": lst, "blue": root / "lists" / "shooters.toml"}
        if cli_simulate:
            args = ["simulate", "--scenario", str(sc), "--seed", str(seed), "--stop-after", "30",
                    "--out", str(folder / f"fuzz-{name}.jsonl")]
            for side, p in lists.items():
                if p is not None:
                    args += [f"--{side}-list", str(p)]
            sim, sim_detail = _cli_outcome(_cli(args))
            extra.append(folder / f"fuzz-{name}.jsonl")
            return ("ok", "") if sim == "ok" else (sim, "simulate: " + sim_detail)
        from wartime.core.errors import DataError, RuleViolation
        try:
            simulate(sc, lists, seed)
        except DataError as exc:  # e.g. a list over the scenario's points: a clean refusal of simulate
            lines = exc.lines()
            if all(_LINE.match(line) for line in lines):
                return "ok", "simulate refused: " + lines[0][:200]
            return "unclear", "simulate: " + "\n".join(lines)[:600]
        except RuleViolation as exc:  # `wartime simulate` prints it as one line and exits 2
            return "ok", f"simulate refused: {exc}"[:300]
        return "ok", "simulated"
    except Hang:
        return "hang", f"over {timeout} s"
    except Exception as exc:  # noqa: BLE001 - what the fuzzer is looking for
        return "traceback", "".join(traceback.format_exception(exc))[-2000:]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
        for p in (path, *extra):
            try:
                p.unlink()
            except OSError:
                pass


def _a_character(catalogue: Path) -> str:
    text = catalogue.read_text(encoding="utf-8", errors="replace")
    m = re.search(r'(?ms)^\[\[character\]\]\s*\nid\s*=\s*"([^"\n]*)"', text)
    return m.group(1) if m else "rifleman"


# ---------------------------------------------------------------------------------------------------
# a batch of inputs
# ---------------------------------------------------------------------------------------------------
def run_batch(start: int, count: int, seed: int, timeout: float, play_every: int = 1) -> dict:
    """Inputs start..start+count-1 of the run `seed`, in a private corpus; returns counts and failure samples."""
    counts: Counter[tuple[str, str]] = Counter()
    simulated: Counter[str] = Counter()
    failures: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="wartime-fuzz-data-") as tmp:
        root = make_corpus(Path(tmp))
        pool = seeds(root)
        originals = {k: [p.read_bytes() for p in v] for k, v in pool.items()}
        everything = [b for v in originals.values() for b in v]
        for n in range(start, start + count):
            rng = random.Random(f"{seed}:{n}")
            kind = KINDS[n % 3]
            data, how = mutate(rng, kind, rng.choice(originals[kind]), everything)
            outcome, detail = run_one(root, kind, data, str(n), n, timeout=timeout, play=n % play_every == 0)
            counts[(kind, outcome)] += 1
            if detail == "simulated":
                simulated[kind] += 1
            if outcome in FAILURES:
                failures.append({"n": n, "kind": kind, "mutations": how, "outcome": outcome, "detail": detail,
                                 "input": data[:2000].decode("utf-8", "replace")})
    return {"counts": [[k, o, c] for (k, o), c in counts.items()], "simulated": dict(simulated),
            "failures": failures}


def _run_job(job: tuple) -> dict:
    return run_batch(*job)


def table(counts: Counter, simulated: Counter) -> str:
    head = "| file kind | inputs | ok (played to the end) | " + " | ".join(CLEAN) + " | traceback | hang | unclear |"
    rows = [head, "|" + "---|" * (head.count("|") - 1)]
    for kind in KINDS:
        total = sum(counts[(kind, o)] for o in OUTCOMES)
        cells = [f"{counts[(kind, 'ok')]:,} ({simulated[kind]:,})"] + [f"{counts[(kind, o)]:,}" for o in CLEAN] \
            + [f"{counts[(kind, o)]:,}" for o in FAILURES]
        rows.append(f"| {kind} | {total:,} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=2000, help="number of inputs (default 2000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per input before it counts as a hang")
    ap.add_argument("--play-every", type=int, default=1, help="play every k-th validated input (default: all)")
    ap.add_argument("--chunk", type=int, default=250)
    ap.add_argument("--json", type=Path, default=None, help="write counts and failures here")
    args = ap.parse_args(argv)
    jobs = [(s, min(args.chunk, args.n - s), args.seed, args.timeout, args.play_every)
            for s in range(0, args.n, args.chunk)]
    counts: Counter = Counter()
    simulated: Counter = Counter()
    failures: list[dict] = []
    t0 = time.time()

    def report(done: int) -> None:
        print(f"{done:,} of {args.n:,} inputs, seed {args.seed}, {args.workers} workers, {time.time() - t0:.0f} s",
              flush=True)
        print(table(counts, simulated), flush=True)
        if args.json:
            args.json.write_text(json.dumps({"n": done, "seed": args.seed, "seconds": round(time.time() - t0),
                                             "counts": [[k, o, c] for (k, o), c in counts.items()],
                                             "simulated": dict(simulated), "failures": failures}, indent=1),
                                 encoding="utf-8")

    def add(b: dict) -> None:
        for kind, outcome, c in b["counts"]:
            counts[(kind, outcome)] += c
        simulated.update(b["simulated"])
        failures.extend(b["failures"])
        for f in b["failures"]:
            print(f"\n--- input {f['n']} ({f['kind']}, {f['mutations']}): {f['outcome']}\n{f['detail'][-1500:]}",
                  flush=True)

    done = 0
    if args.workers > 1:
        import multiprocessing as mp
        with mp.get_context("fork").Pool(args.workers) as pool:
            for b in pool.imap_unordered(_run_job, jobs):
                add(b)
                done += sum(c for _, _, c in b["counts"])
                report(done)
    else:
        for job in jobs:
            b = run_batch(*job)
            add(b)
            done += sum(c for _, _, c in b["counts"])
        report(done)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
