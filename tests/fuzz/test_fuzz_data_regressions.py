"""Regressions of issue 19's data-file crash classes, the resource limits and the folder rule: each input ends in
`file: field: problem` lines (naming the limit) and exit 2, fast."""
from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from wartime.cli import main
from wartime.core.errors import DataError
from wartime.data import loader
from wartime.data.loader import load_any, load_army_list, load_scenario
from wartime.data.validate import validate_path

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"


@pytest.fixture()
def tree(tmp_path: Path) -> Path:
    """A private copy of the shipped scenarios/ folder."""
    root = tmp_path / "scenarios"
    shutil.copytree(SCENARIOS, root)
    return root


def run(*args) -> tuple[int, str]:
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    return r.exit_code, r.output


def refused(path: Path, *needles: str, seconds: float = 30.0) -> list[str]:
    """validate and cost refuse `path` with lines naming every needle. The time bound only catches a hang (a
    quadratic parse of a 1 MB file takes minutes; each of these takes well under a second on an idle machine)."""
    t0 = time.perf_counter()
    lines = validate_path(path)
    assert time.perf_counter() - t0 < seconds
    assert lines and all(line.count(": ") >= 2 for line in lines), lines
    text = "\n".join(lines)
    for needle in needles:
        assert needle in text, text
    for args in (("validate", path), ("cost", path)):
        code, out = run(*args)
        assert code == 2 and "Traceback" not in out, out
    return lines


def with_text(tree: Path, rel: str, old: str, new: str, name: str = "x.toml") -> Path:
    src = tree / rel
    text = src.read_text(encoding="utf-8")
    assert old in text, old
    out = src.parent / name
    out.write_text(text.replace(old, new, 1), encoding="utf-8")
    return out


# --- the three crash classes of the issue -------------------------------------------------------------------
def test_deep_nesting_is_a_problem_line_not_a_RecursionError(tree):
    for value in ("[" * 5000 + "]" * 5000, "{a=" * 5000 + "1" + "}" * 5000, "[" * 17 + "]" * 17):
        path = with_text(tree, "skirmish.toml", "turn_limit = 8", f"turn_limit = {value}")
        lines = refused(path, f"nested more than {loader.MAX_NESTING} deep")
        assert lines[0].startswith(f"{path}: line ")


def test_a_huge_integer_is_a_problem_line_not_an_OverflowError(tree):
    for value in ("9" * 400, "-" + "9" * 30):
        path = with_text(tree, "skirmish.toml", "width = 36", f"width = {value}")
        refused(path, "board.width: expected a number, got a ")
    path = with_text(tree, "skirmish.toml", "width = 36", "width = " + "9" * 5000)   # over Python's 4300 digits
    refused(path, "invalid TOML")
    path = with_text(tree, "catalogue/starter.toml", "size = 1.5", "size = " + "9" * 300)
    refused(path, ".size: expected a number, got a 300-digit integer")


def test_a_long_reference_is_a_problem_line_not_an_OSError(tree):
    for ref in ("x" * 5000, "lists/" + "y" * 250 + ".toml", "lists/\\u0000.toml"):
        path = with_text(tree, "skirmish.toml", '"lists/shooters.toml"', f'"{ref}"')
        refused(path, f"{path}: default_lists.red: ")
        code, out = run("simulate", "--scenario", path)
        assert code == 2 and "default_lists.red" in out and "Traceback" not in out
    lst = with_text(tree, "lists/shooters.toml", '"../catalogue/starter.toml"', '"' + "z" * 240 + '.toml"')
    refused(lst, "catalogue: ")
    code, out = run("validate", tree / ("q" * 5000 + ".toml"))
    assert code == 2 and "cannot be read" in out


def test_a_long_dotted_key_is_refused_before_tomllib_spends_seconds_on_it(tree):
    path = tree / "x.toml"
    path.write_text('format = 1\ntype = "scenario"\n' + ".".join(["k"] * 200_000) + " = 1\n")
    refused(path, f"a dotted key of more than {loader.MAX_KEY_PARTS} parts")


# --- resource bombs --------------------------------------------------------------------------------------
def test_a_board_of_a_billion_K(tree):
    path = with_text(tree, "skirmish.toml", "width = 36", "width = 1e9")
    refused(path, f"board.width: 1e+09 K is more than the {loader.MAX_BOARD:g} K limit")


def test_ten_thousand_miniatures_in_a_list(tree):
    path = with_text(tree, "lists/shooters.toml", "count = 3", "count = 10000")
    refused(path, f"unit[0].count: 10000 miniatures is more than the {loader.MAX_MINIATURES} limit of a list")
    path = with_text(tree, "lists/shooters.toml", "count = 3", "count = 40")
    refused(path, f"the list has 41 miniatures, more than the {loader.MAX_MINIATURES} limit of a list")
    path = tree / "lists" / "many.toml"
    path.write_text('format = 1\ntype = "list"\nname = "M"\ncatalogue = "../catalogue/starter.toml"\n'
                    + '[[unit]]\ncharacter = "rifleman"\n' * 10_000)
    refused(path, f"unit: 10000 [[unit]] entries is more than the {loader.MAX_MINIATURES} limit")


def test_a_list_at_the_miniature_limit_validates(tree):
    path = with_text(tree, "lists/shooters.toml", "count = 3", "count = 39")
    assert validate_path(path) == []
    assert len(load_army_list(path).characters()) == loader.MAX_MINIATURES


def test_a_100_MB_string_and_a_file_over_the_size_limit(tree):
    path = tree / "big.toml"
    with open(path, "w", encoding="utf-8") as f:
        f.write('format = 1\ntype = "scenario"\nname = "')
        f.write("a" * 100_000_000)
        f.write('"\n')
    lines = refused(path, f"is more than the {loader.MAX_FILE_BYTES} byte limit of a data file")
    assert len(lines) == 1 and len(lines[0]) < 300
    path.unlink()
    path = with_text(tree, "skirmish.toml", 'name = "Skirmish"', 'name = "' + "b" * 300_000 + '"')
    line = refused(path, f"name: 300000 characters is more than the {loader.MAX_TEXT} limit")[0]
    assert len(line) < 300


def test_a_hundred_thousand_terrain_pieces(tree):
    path = tree / "x.toml"
    path.write_text((tree / "skirmish.toml").read_text() + '[[terrain]]\nkind="low"\nrect=[1,1,2,1.5]\n' * 20_000)
    refused(path, f"[[terrain]] entries is more than the {loader.MAX_TERRAIN} limit")
    too_big = tree / "y.toml"
    too_big.write_text((tree / "skirmish.toml").read_text() + '[[terrain]]\nkind="low"\nrect=[1,1,2,1.5]\n' * 100_000)
    refused(too_big, "byte limit of a data file")


def test_other_limits_are_named(tree):
    cases = [("skirmish.toml", "turn_limit = 8", "turn_limit = 1000000000", f"more than the {loader.MAX_TURN_LIMIT} limit"),
             ("skirmish.toml", "points_limit = 300", "points_limit = 10000000", "more than the 100000 limit"),
             ("catalogue/starter.toml", "size = 1.5", "size = 1e6", f"more than the {loader.MAX_SIZE:g} limit"),
             ("catalogue/starter.toml", "size = 1.5", "size = 1e-9", f"less than the {loader.MIN_SIZE:g} limit"),
             ("catalogue/starter.toml", 'param = 6', 'param = "99999999999999999999"', "limit of 'Cargadores'"),
             ("catalogue/starter.toml", 'param = 6', 'param = "²"', "is not a positive whole number")]
    for rel, old, new, needle in cases:
        refused(with_text(tree, rel, old, new), needle)


# --- references stay inside their folder tree -----------------------------------------------------------
def test_the_shipped_references_are_inside(tree):
    for path in [*tree.glob("*.toml"), *(tree / "lists").glob("*.toml")]:
        assert validate_path(path) == [], path


@pytest.mark.parametrize("ref", ["/etc/passwd", "../../../../../../etc/passwd", "../outside.toml"])
def test_a_scenario_cannot_reach_outside_its_folder(tree, ref):
    (tree.parent / "outside.toml").write_bytes((tree / "lists" / "shooters.toml").read_bytes())
    path = with_text(tree, "skirmish.toml", '"lists/shooters.toml"', f'"{ref}"')
    lines = refused(path, "default_lists.red: ", "--allow-outside")
    assert any(w in lines[0] for w in ("absolute path", "outside the scenario's folder")), lines
    code, out = run("simulate", "--scenario", path)
    assert code == 2 and "--allow-outside" in out


def test_a_list_cannot_reach_above_its_parent_folder(tree):
    (tree.parent / "elsewhere").mkdir()
    shutil.copy(tree / "catalogue" / "starter.toml", tree.parent / "elsewhere" / "starter.toml")
    path = with_text(tree, "lists/shooters.toml", '"../catalogue/starter.toml"', '"../../elsewhere/starter.toml"')
    refused(path, "catalogue: ", "is outside the folder above the list's folder")
    assert validate_path(path, allow_outside=True) == []
    code, out = run("validate", "--allow-outside", path)
    assert code == 0, out


def test_symbolic_links_are_refused(tree):
    link = tree / "lists" / "link.toml"
    try:
        link.symlink_to(tree / "lists" / "shooters.toml")
    except OSError:
        pytest.skip("no symbolic links here")
    path = with_text(tree, "skirmish.toml", '"lists/shooters.toml"', '"lists/link.toml"')
    refused(path, "is a symbolic link")
    assert validate_path(path, allow_outside=True) == []


def test_the_fixtures_load_with_allow_outside():
    """tests/match/fixtures name files by '../../../scenarios/...' and load with allow_outside=True."""
    for path in (ROOT / "tests" / "match" / "fixtures").glob("*.toml"):
        load_any(path, allow_outside=True)


def test_allow_outside_in_python(tree):
    deep = tree / "maps" / "deep"
    deep.mkdir(parents=True)
    path = deep / "x.toml"
    path.write_text((tree / "skirmish.toml").read_text().replace('"lists/', '"../../lists/'))
    with pytest.raises(DataError):
        load_scenario(path)
    assert load_scenario(path, allow_outside=True).default_lists["red"].name == "shooters.toml"


def test_every_limit_is_documented():
    doc = (ROOT / "docs" / "data-formats.md").read_text(encoding="utf-8")
    for name in loader.LIMITS:
        assert f"`{name}`" in doc, name


def test_a_line_break_in_a_key_or_an_id_stays_on_one_problem_line(tree):
    """Found by tools/fuzz_data.py: an id with a carriage return split its problem line in two."""
    path = with_text(tree, "lists/shooters.toml", 'character = "rifleman"', 'character = "rif\\rle\\u2028man"\n"a\\nb" = 1')
    lines = refused(path, "unit[0].a\\x0ab: unknown key", "unknown character 'rif\\x0dle\\u2028man'")
    assert all("\r" not in line and "\u2028" not in line for line in lines)
