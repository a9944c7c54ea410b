"""A game with objects (GNA-16: the field-hospital list's medkit, surgeon's kit, dart injector, stim pack and
banner) is recorded and re-simulated byte for byte: its events name the uses, its checksums cover the objects'
`Gear` (uses left, removal), and an edited use is caught."""
from __future__ import annotations

from tests.replay.replay_helpers import ROOT, SKIRMISH, rechain, run
from wartime.match.record import load_record

HOSPITAL = ROOT / "scenarios" / "lists" / "field-hospital.toml"


def test_GNA_16_a_game_with_objects_records_and_replays_byte_for_byte(tmp_path):
    out = tmp_path / "hospital.jsonl"
    r = run("simulate", "--scenario", SKIRMISH, "--seed", 2, "--red-list", HOSPITAL, "--out", out)
    assert r.exit_code == 0, r.output
    rec = load_record(out)
    used = [e for e in rec.events if e["type"] == "object_used"]
    assert used and all(e["rule"] == "GNA-16" for e in used)          # the medic used its objects in play
    assert any(e["type"] == "healed" and e["rule"] == "TRT-ELIXIR" for e in rec.events)
    r = run("replay", "verify", out)
    assert r.exit_code == 0 and "identical" in r.output, r.output


def test_GNA_16_an_edited_object_use_is_caught(tmp_path):
    """The record re-chained after the first use's item was renamed: verify re-simulates and names the event."""
    out = tmp_path / "hospital.jsonl"
    assert run("simulate", "--scenario", SKIRMISH, "--seed", 2, "--red-list", HOSPITAL, "--out", out).exit_code == 0

    def edit(entries):
        kind, ev = next((k, p) for k, p in entries if k == "e" and p["type"] == "object_used")
        ev["item"] = "Bottle of rum"

    rechain(out, edit)
    r = run("replay", "verify", out)
    assert r.exit_code == 1 and "object_used" in r.output, r.output
