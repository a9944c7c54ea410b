"""`wartime replay show` (the state at a decision or event, with the log around it) and `wartime replay
export` (Markdown battle report, JSON and CSV events)."""
from __future__ import annotations

import csv
import io
import json

from wartime.match.record import load_record
from tests.replay.replay_helpers import run


def test_show_at_a_decision_lists_every_miniature_and_the_log(fresh_record):
    rec = load_record(fresh_record)
    r = run("replay", "show", fresh_record, "--at", 30)
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert f"decision 30 of {len(rec.decisions)}" in out and "turn " in out and "phase " in out
    assert "next decision (30)" in out
    header = next(line for line in out.splitlines() if line.strip().startswith("id side"))
    for column in ("x", "y", "facing", "ENE", "wnd", "posture", "life", "str", "panic"):
        assert column in header.split()
    table = out.split("log:")[0].splitlines()
    rows = [line for line in table if line.strip()[:1].isdigit() and (" red " in line or " blue " in line)]
    assert len(rows) == 8                                   # every miniature of both default lists
    log = out.split("log:")[1].splitlines()[1:]
    assert log and all(line.rstrip().endswith("]") for line in log)    # plain English with rule IDs
    assert f"→ {rec.event_start[30] - 1:>5}" in out


def test_show_at_an_event_and_the_end(fresh_record):
    rec = load_record(fresh_record)
    i = next(k for k, ev in enumerate(rec.events) if ev["type"] == "check")
    r = run("replay", "show", fresh_record, "--at", i, "--event")
    assert r.exit_code == 0, r.output
    assert f"event {i} of {len(rec.events) - 1}" in r.stdout
    line = next(x for x in r.stdout.splitlines() if x.startswith(f" → {i:>5}"))
    assert "d10" in line and "[" in line
    end = run("replay", "show", fresh_record)
    assert end.exit_code == 0 and "stage over" in end.stdout and "Game over" in end.stdout


def test_show_out_of_range_is_a_clear_error(fresh_record):
    r = run("replay", "show", fresh_record, "--at", 10**6)
    assert r.exit_code == 2 and r.stderr.startswith(f"{fresh_record}: --at 1000000:")
    assert "Traceback" not in r.output


def test_export_markdown_report(fresh_record, tmp_path):
    out = tmp_path / "report.md"
    r = run("replay", "export", fresh_record, "--format", "md", "--out", out)
    assert r.exit_code == 0 and r.stdout == ""
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Battle report: ")
    assert "## Turn 1" in text and "### Phase " in text and "d10 " in text and "## Casualties" in text
    assert "result: Game over" in text
    # issue 14 (words): a reaction window nobody takes is one line; weapons and actions are named in English
    rec = load_record(fresh_record)
    windows = sum(1 for ev in rec.events if ev["type"] == "reaction_window" and ev["candidates"])
    tried = sum(1 for ev in rec.events if ev["type"] in ("reaction", "reaction_failed"))
    assert "does not react" not in text
    assert windows - tried <= text.count("- No one reacts to ") <= windows
    assert "weapon 0" not in text and "weapon 1" not in text
    assert "declares ranged_attack" not in text and "on_guard" not in text
    shots = [line for line in text.splitlines() if " declares Ranged attack at " in line]
    assert shots and all(", with " in line or " with " in line for line in shots)


def test_export_json_and_csv_have_every_event(fresh_record):
    rec = load_record(fresh_record)
    r = run("replay", "export", fresh_record, "--format", "json")
    assert r.exit_code == 0
    rows = json.loads(r.stdout)
    assert [row["index"] for row in rows] == list(range(len(rec.events)))
    assert [row["event"] for row in rows] == rec.events
    assert rows[0]["decision"] == 0 and rows[0]["event"]["type"] == "deployed"     # the first deploy decision's
    assert rows[-1]["decision"] == rec.decision_of_event(len(rec.events) - 1)
    r = run("replay", "export", fresh_record, "--format", "csv")
    assert r.exit_code == 0
    table = list(csv.DictReader(io.StringIO(r.stdout)))
    assert len(table) == len(rec.events)
    assert list(table[0])[:8] == ["index", "decision", "turn", "phase", "type", "rule", "who", "who_name"]
    hit = next(row for row in table if row["type"] == "check")
    assert hit["die"].isdigit() and hit["who_name"] and hit["rule"]
