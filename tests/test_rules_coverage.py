"""docs/rules-coverage.md is honest and up to date: it equals what `python tools/rules_coverage.py` generates
now; every "implemented" row names a test file holding a test that names the rule ID (a function
`test_…<ID, - as _>` or a `rules("ID")` marker) and the engine does not refuse the rule; every "refused" row
is refused in code; every module and test the table names exists and mentions the ID; the README quotes the
summary counts. Reads files only
(no games): it takes well under a second."""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import rules_coverage  # noqa: E402

CORE_SLICE = (
    "BAS-1 BAS-2 BAS-3 BAS-5 BAS-6 CHR-1 CHR-2 ENV-1 ENV-2 SEQ-1 SEQ-2 SEQ-3 SEQ-4 SEQ-5 SEQ-6 SEQ-7 "
    "CHK-1 CHK-2 CHK-3 CHK-4 CHK-5 CHK-6 ACT-1 ACT-2 ACT-3 ACT-4 ACT-5 ENE-1 ENE-2 ENE-3 ENE-4 MOV-1 MOV-3 "
    "MOV-4 MOV-5 MOV-7 MOV-8 MOV-9 MOV-14 CMB-1 CMB-2 CMB-3 CMB-4 CMB-6 CMB-7 CMB-8 CMB-9 CMB-10 CMB-11 CMB-12 "
    "CMB-13 CMB-14 CMB-15 CMB-16 WND-1 WND-2 WND-3 WND-4 WND-6 MOD-1 MOD-2 MOD-4 MOD-5 MOD-6 MOD-7 MOD-8 "
    "MVA-1 MVA-2 MVA-3 MVA-4 MVA-5 MVA-6 MVA-19 CBA-1 CBA-7 CBA-10 CBA-12 CBA-15 GNA-1 GNA-4 GNA-5 GNA-10 "
    "GNA-13 BLD-1 BLD-2 BLD-3 BLD-4 BLD-5 BLD-6 BLD-7 BLD-8 BLD-9 BLD-12 BLD-13 BLD-14 BLD-15 BLD-16 BLD-22 "
    "BLD-23 BLD-24 BLD-25").split()


def table_rows(text: str | None = None):
    """(id, tier, title, module cell, test cell, status) of each row of the table."""
    if text is None:
        text = (ROOT / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
    for line in text.splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) == 8 and re.fullmatch(r"[A-Z][A-Z0-9]*-[A-Z0-9-]+", cells[1]):
            yield tuple(cells[1:7])


def files(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


def refused_in_code() -> set[str]:
    """IDs the engine refuses: `NotImplementedRule("ID", ...)` or a RefusedContent line `refuse("ID", ...)`
    anywhere under wartime/."""
    out: set[str] = set()
    for path in sorted((ROOT / "wartime").rglob("*.py")):
        out |= set(re.findall(r"""(?:NotImplementedRule|refuse)\(\s*["']([A-Z0-9]+-[A-Z0-9-]+)["']""",
                              path.read_text(encoding="utf-8")))
    return out


def names_in_test_file(rid: str, text: str) -> bool:
    """A test function whose name carries the ID (not followed by a letter or digit), or a rules marker."""
    key = re.escape(rid.replace("-", "_"))
    return bool(re.search(rf"^\s*(?:async\s+)?def test_(?:\w*_)?{key}(?![A-Za-z0-9])", text, re.M)
                or re.search(rf"""@(?:pytest\.)?(?:mark\.)?rules\([^)]*["']{re.escape(rid)}["']""", text))


def test_rules_coverage_table_is_up_to_date():
    doc = (ROOT / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
    assert doc == rules_coverage.build(), "docs/rules-coverage.md is stale: run python tools/rules_coverage.py"


def test_summary_counts_the_rows():
    text = (ROOT / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
    rows = list(table_rows(text))
    counts = {s: sum(1 for r in rows if r[5].split(":")[0] == s) for s in rules_coverage.STATUSES}
    assert sum(counts.values()) == len(rows) > 200
    summary = ", ".join(f"{k}: {v}" for k, v in counts.items())
    assert f"Summary: {summary}." in text


def test_implemented_rows_are_named_by_a_test_and_not_refused():
    refused = refused_in_code()
    bad = []
    for rid, _tier, _title, _mods, tests, status in table_rows():
        if status != "implemented":
            continue
        texts = [(ROOT / t).read_text(encoding="utf-8") for t in files(tests)]
        if not any(names_in_test_file(rid, t) for t in texts):
            bad.append(f"{rid}: no test in {files(tests) or 'the test column'} names it")
        if rid in refused:
            bad.append(f"{rid}: refused in code (NotImplementedRule) yet marked implemented")
    assert not bad, bad


def test_other_statuses_agree_with_the_code_and_tests():
    refused = refused_in_code()
    for rid, _tier, _title, _mods, tests, status in table_rows():
        kind = status.split(":")[0]
        assert kind in rules_coverage.STATUSES, f"{rid}: unknown status {status!r}"
        named = any(names_in_test_file(rid, (ROOT / t).read_text(encoding="utf-8")) for t in files(tests))
        if kind == "partial":
            assert named and status.startswith("partial: "), f"{rid}: partial needs a reason and a test naming it"
        elif kind == "refused":
            assert rid in refused, f"{rid}: marked refused, but no NotImplementedRule({rid!r}) in wartime/"
        elif kind == "not implemented":
            assert not named and rid not in refused, f"{rid}: named by a test or refused, yet 'not implemented'"


def test_rules_coverage_table_names_real_modules_and_tests():
    for rid, _tier, _title, mods, tests, _status in table_rows():
        for path in files(mods) + files(tests):
            f = ROOT / path
            assert f.exists(), f"{rid}: {path} does not exist"
            assert re.search(rf"(?<![A-Za-z0-9_-]){re.escape(rid)}(?![A-Za-z0-9])|"
                             rf"_{re.escape(rid.replace('-', '_'))}(?![A-Za-z0-9])",
                             f.read_text(encoding="utf-8")), f"{rid} not in {path}"


def test_names_rule_needs_the_whole_ID():
    assert rules_coverage.names_rule("test_CBA_8_melee_with_a_firearm", "CBA-8")
    assert rules_coverage.names_rule("test_ENE_2_and_ENE_3_gain", "ENE-3")
    assert rules_coverage.names_rule("test_TRT_SHARP_adds_1", "TRT-SHARP")
    assert not rules_coverage.names_rule("test_CBA_80_x", "CBA-8")
    assert not rules_coverage.names_rule("test_TRT_SHARPER", "TRT-SHARP")
    assert not rules_coverage.names_rule("test_xCBA_8", "CBA-8")
    assert not rules_coverage.names_rule("helper_CBA_8", "CBA-8")


def test_markers_and_test_names_are_read_from_the_source():
    src = '''
import pytest

@pytest.mark.rules("REA-4",
                   "MOD-3")
def test_early_reaction():
    pass

def helper_CBA_8():
    def test_CBA_9_nested():
        pass

@pytest.mark.rules("PSI-17")
class TestPossession:
    @pytest.mark.rules("MET-10")
    def test_target(self):
        pass
'''
    got = dict(rules_coverage._tests_in(src))
    assert got == {"test_early_reaction": {"REA-4", "MOD-3"}, "test_target": {"PSI-17", "MET-10"}}


def test_core_slice_rules_are_implemented():
    status = {rid: st for rid, _t, _ti, _m, _te, st in table_rows()}
    missing = [rid for rid in CORE_SLICE if not status.get(rid, "").startswith(("implemented", "partial"))]
    assert not missing, f"rules of the headless core not implemented and tested: {missing}"


def test_readme_quotes_the_summary_counts():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    para = readme[readme.index("**Rules coverage.**"):].split("\n\n")[0]
    rows = list(table_rows())
    quoted = " ".join(para.split())
    for status in rules_coverage.STATUSES:
        n = sum(1 for r in rows if r[5].split(":")[0] == status)
        assert f"{n} {status}" in quoted, f"README's Rules coverage paragraph should say '{n} {status}'"
