"""Every event the engine emits reads as English in the window's log and in the battle reports (`replay export
--format md`, `replay show`): no event falls back to a dump of its fields ("Ranged variant: target 5, variants
['CBA-4'], who 3"). The window's wordings (`wartime.match.narrate`, with `wartime.match.wordings`) also word the
event types the report's own table does not."""
from __future__ import annotations

import re

from tests.match.game_helpers import ROOT, make_match
from wartime.data.loader import load_army_list
from wartime.match import narrate, report
from wartime.match.wordings import WORDINGS

EMIT = re.compile(r'emit\(\s*"([a-z_0-9]+)"')


def emitted_types() -> set[str]:
    """The event types the engine's source emits by name (`World.emit("type", ...)`)."""
    found: set[str] = set()
    for path in (ROOT / "wartime").rglob("*.py"):
        found.update(EMIT.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_emitted_event_type_has_a_wording():
    sources = (ROOT / "wartime/match/narrate.py").read_text(encoding="utf-8") \
        + (ROOT / "wartime/match/report.py").read_text(encoding="utf-8")
    types = emitted_types()
    assert len(types) > 200                                   # the scan finds the engine's events
    unworded = sorted(t for t in types if t not in WORDINGS and f'"{t}"' not in sources)
    assert unworded == []


def test_a_wording_never_raises_on_a_bare_event():
    """A wording reads its fields with defaults: an event of an edited or older record still gets a line."""
    for t, word in WORDINGS.items():
        text, tone = word({"type": t, "rule": "X"}, lambda e: f"#{e}")
        assert text and text[0].isupper() and tone in ("normal", "dim", "head", "good", "bad", "dice")


def _games():
    convoy = ROOT / "scenarios/convoy.toml"
    shooters = load_army_list(ROOT / "scenarios/lists/shooters.toml")
    yield make_match(convoy, 1, "scripted", "scripted")
    yield make_match(convoy, 1, "random", "random")
    yield make_match(ROOT / "scenarios/ruined-town.toml", 1, "random", "random")
    yield make_match(ROOT / "scenarios/scrapyard.toml", 1, "random", "random")
    for name in ("hexers", "mystics"):
        lists = {"red": load_army_list(ROOT / f"scenarios/lists/{name}.toml"), "blue": shooters}
        yield make_match(ROOT / "scenarios/skirmish.toml", 1, "scripted", "scripted", lists=lists)


def test_no_event_of_varied_games_is_dumped_as_fields(monkeypatch):
    dumped: list[str] = []
    real = report._generic
    monkeypatch.setattr(report, "_generic", lambda names, ev: dumped.append(ev.get("type")) or real(names, ev))
    types: set[str] = set()
    for m in _games():
        m.play()
        names, weapons = report.names_of(m.world), report.weapons_of(m.world)
        for ev in m.world.events:
            t = ev["type"]
            types.add(t)
            line = report.describe(ev, names, weapons)
            assert line.endswith(f"[{ev['rule']}]") if ev.get("rule") else line
            # the window's log: an event it shows has a wording of its own (without one, `generic=False` gives
            # None where the log would show the dump of its fields)
            args = (ev, lambda e: report._n(names, e), lambda w, i: report._weapon(weapons, w, i))
            if narrate.describe(*args) is not None:
                assert narrate.describe(*args, generic=False) is not None, ev
    assert dumped == []
    assert len(types) > 70                   # the games are varied enough to mean something (77 types)


def test_a_trait_modifier_reads_with_the_trait_english_name():
    """The events label a trait's modifier with the book's Spanish name (TRT-REINFORCED: 'Refuerzo'); the dice
    line, the battle report and the window's check previews show its English name, other labels as they are."""
    ev = {"type": "check", "rule": "CMB-3", "kind": "DEF", "who": 1, "base": 3, "target": 2, "die": 8,
          "passed": False, "modifiers": [{"rule": "TRT-REINFORCED", "value": 1, "label": "Refuerzo"},
                                         {"rule": "TRT-SMALL", "value": -1, "label": "Pequeño (melee)"},
                                         {"rule": "MOD-2", "value": -1, "label": "range"}]}
    tray = narrate.check_text(ev)
    assert "Reinforced +1" in tray and "Small (melee) −1" in tray and "range −1" in tray
    line = report.describe(ev, {1: "red Truck driver 1"})
    assert "+1 Reinforced TRT-REINFORCED" in line and "-1 Small (melee) TRT-SMALL" in line
    assert "Refuerzo" not in tray + line and "Pequeño" not in tray + line
