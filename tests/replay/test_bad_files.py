"""Bad files: truncated, edited, wrong version, wrong rules hash, not a record, binary garbage. Each is one
line `FILE: problem` and exit 2 from every command, never a traceback, and the file is never modified."""
from __future__ import annotations

import json

import pytest

from wartime.match.record import FORMAT_VERSION, RecordError, load_record, record_text
from tests.replay.replay_helpers import GOLDENS, run

GOOD = GOLDENS[0]


def _lines():
    return GOOD.read_text(encoding="utf-8").split("\n")[:-1]


def _rewrite_header(change) -> str:
    """The golden with a changed header and a consistent hash chain (only the header's content is wrong)."""
    rec = load_record(GOOD)
    header = {k: v for k, v in rec.header.items() if k != "h"}
    change(header)
    return record_text(header, rec.entries)


def _write(tmp_path, name, data):
    p = tmp_path / name
    if isinstance(data, str):
        data = data.encode("utf-8")
    p.write_bytes(data)
    return p


def cases():
    lines = _lines()
    text = "\n".join(lines) + "\n"
    draft = json.loads(lines[0])
    draft.pop("h")
    yield "empty", b"", "empty file"
    yield "binary", bytes(range(256)) * 4, "not UTF-8"
    yield "png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, "not UTF-8"
    yield "text", "hello\nworld\n", "not a wartime record"
    yield "json", '{"a": 1}\n', "not a wartime record"
    yield "toml", GOOD.parent.parent.parent.joinpath("scenarios/skirmish.toml").read_text(), "not a wartime record"
    yield "truncated-mid-line", text[: len(text) // 2], "truncated"
    yield "truncated-at-line", "\n".join(lines[: len(lines) // 2]) + "\n", "truncated"
    yield "truncated-header", text[:200], "header is truncated"
    yield "no-end-line", "\n".join(lines[:-1]) + "\n", "truncated"
    yield "line-dropped", "\n".join(lines[:50] + lines[51:]) + "\n", "line 51"
    yield "lines-swapped", "\n".join(lines[:50] + [lines[51], lines[50]] + lines[52:]) + "\n", "line 51"
    yield "edited-event", text.replace('"die":', '"die": ', 1), "not in canonical form"
    yield "crlf", text.replace("\n", "\r\n"), "not in canonical form"
    yield "appended", text + '{"e":{},"i":0}\n', "after the end line"
    yield "version-2", _rewrite_header(lambda h: h.update(format_version=2)), "format version 2 is not supported"
    yield "version-0", _rewrite_header(lambda h: h.update(format_version=0)), "format version 0 is not supported"
    yield "version-text", _rewrite_header(lambda h: h.update(format_version="1")), 'format version "1" is not'
    yield "no-version", _rewrite_header(lambda h: h.pop("format_version")), "no format_version"
    yield "draft-v1", json.dumps(draft) + "\n" + '{"e":{"rule":null,"type":"x"},"i":0}\n', "pre-release draft"
    yield "rules-hash", _rewrite_header(lambda h: h.update(rules_hash="0" * 64)), "other rules data"
    yield "bad-seed", _rewrite_header(lambda h: h.update(seed="7")), "seed"
    yield "scenario-sha", _rewrite_header(lambda h: h["scenario"].update(text=h["scenario"]["text"] + "#")), \
        "does not match its sha256"


CASES = list(cases())


@pytest.mark.parametrize("name,data,expected", CASES, ids=[c[0] for c in CASES])
def test_bad_file_is_one_clear_error(tmp_path, name, data, expected):
    path = _write(tmp_path, f"{name}.jsonl", data)
    with pytest.raises(RecordError) as exc:
        load_record(path)
    msg = str(exc.value)
    assert msg.startswith(f"{path}: ") and "\n" not in msg
    assert expected in msg, msg




@pytest.mark.parametrize("command", [("replay", "verify"), ("replay", "show"), ("replay", "export", "--format", "md"),
                                     ("resume",)], ids=lambda c: "-".join(c))
def test_every_command_refuses_bad_files_with_exit_2_and_leaves_them_alone(tmp_path, command):
    for name, data, expected in CASES:
        path = _write(tmp_path, f"{name}.jsonl", data)
        before = path.read_bytes()
        r = run(*command, path)
        assert r.exit_code == 2, (name, r.output)
        assert "Traceback" not in r.output
        err = r.stderr.strip().split("\n")
        assert len(err) == 1 and err[0].startswith(f"{path}: ") and expected in err[0], (name, err)
        assert path.read_bytes() == before


def test_missing_file_and_directory(tmp_path):
    for target, problem in ((tmp_path / "nope.jsonl", "no such file"), (tmp_path, "directory")):
        r = run("replay", "verify", target)
        assert r.exit_code == 2 and r.stderr.startswith(f"{target}: ") and problem in r.stderr
        assert len(r.stderr.strip().split("\n")) == 1


def test_the_record_names_its_format():
    head = json.loads(_lines()[0])
    assert head["format"] == "wartime-record" and head["format_version"] == FORMAT_VERSION
    assert {"engine_version", "rules_hash", "seed", "scenario", "lists", "controllers", "complete", "h"} <= set(head)
