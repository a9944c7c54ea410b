"""Alarm mode in the window (issue 17, ui/alarm_view.py): the alarm banner, zones and markers on the table, and a
human attacker buying a wave: pick a monster, click where it arrives (each model checked by the engine at once),
then "Buy and place" submits the 'wave' decision. Screenshots 50-alarm-wave and 51-alarm-bell are taken here."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.ui_helpers import click, make_app, press, screen_pos, settle, shot
from wartime.rules import alarm_flow
from wartime.ui import alarm_view
from wartime.ui.adapter import AI, HUMAN

ROOT = Path(__file__).resolve().parents[2]
VAULT = ROOT / "scenarios" / "alarm" / "hold-the-vault.toml"
BELL = ROOT / "scenarios" / "alarm" / "bell-crypt.toml"


def test_a_human_attacker_buys_and_places_a_wave(tmp_path):
    app = make_app(tmp_path, scenario=VAULT, red=AI, blue=HUMAN, start=False)
    settle(app)
    app.dialog = None
    app.step()
    m, gs = app.match, app.match.gs
    assert m.pending.kind == "wave" and app.wave is not None
    assert alarm_view.banner_lines(gs)[0].startswith("ALARM · temporal · turn 1/8")
    orc = max(m.pending.options, key=lambda o: (o.cost, -o.index))      # the dearest monster the cap allows
    press(app, "wave_pick", orc.index)
    x, y = alarm_flow.spawn_spots(gs, orc.radius)[0]
    click(app, screen_pos(app, x, y))
    assert len(app.wave.buys) == 1
    hero = gs.pos(1)
    click(app, screen_pos(app, hero.x, hero.y + 1.0))          # inside a hero's deadly zone: refused at once
    assert len(app.wave.buys) == 1 and app.toast is not None and app.toast[0].startswith("ALM-37")
    press(app, "wave_suggest")
    assert len(app.wave.buys) >= 3
    app.step()
    shot(app, "50-alarm-wave")
    press(app, "wave_done")
    assert m.decisions[-1]["kind"] == "wave" and len(m.decisions[-1]["params"]["buy"]) >= 3
    assert m.pending is None or m.pending.kind != "wave"


def test_the_bell_game_shows_markers_goal_and_arrivals(tmp_path):
    app = make_app(tmp_path, scenario=BELL, red=HUMAN, blue=AI, start=False)
    settle(app)
    app.dialog = None
    app.step()
    gs = app.match.gs
    arrivals = alarm_flow.status(gs)["arrivals"]
    assert arrivals and all(alarm_flow.arrived_now(gs, e).handicap == "lost_turn" for e in arrivals)
    assert "carry the bell" in alarm_view.banner_lines(gs)[0]
    shot(app, "51-alarm-bell")


def _alarm_copy(tmp_path, name: str, old: str, new: str, extra: str = "") -> Path:
    """A variant of a shipped alarm scenario in a copy of scenarios/alarm (its lists and catalogues beside it)."""
    import shutil
    root = tmp_path / "alarm"
    shutil.copytree(ROOT / "scenarios" / "alarm", root, ignore=shutil.ignore_patterns("tune-*"))
    text = (root / name).read_text(encoding="utf-8")
    assert old in text
    f = root / f"variant-{name}"
    f.write_text(text.replace(old, new) + extra, encoding="utf-8")
    return f


@pytest.mark.slow          # ~2 s: the scripted attacker plans the first wave in the window
def test_ALM_38_the_window_shows_who_carries_the_bell(tmp_path):
    """ALM-17, ALM-38: bell = 'character': the banner names the carrier and the table rings it in gold."""
    f = _alarm_copy(tmp_path, "bell-crypt.toml", 'bell = "side"', 'bell = "character"\nbell_character = 2')
    app = make_app(tmp_path, scenario=f, red=HUMAN, blue=AI, start=False)
    settle(app)
    app.dialog = None
    app.step()
    gs = app.match.gs
    assert alarm_flow.state_of(gs).carrier == 2
    assert any(line.startswith(f"bell carried by {gs.name(2)}") for line in alarm_view.banner_lines(gs))
    shot(app, "52-alarm-carried-bell")


def test_ALM_34_the_window_shows_the_trigger_marker_before_the_start(tmp_path):
    """ALM-34: before the start event the banner says the alarm is not set off and the lever is marked."""
    f = _alarm_copy(tmp_path, "hold-the-vault.toml", 'start = "at_setup"\ntrigger = [12, 12]',
                    'start = "trigger_marker"\nmarker = "lever"', '\n[[element]]\nid = "lever"\nat = [12, 12]\n')
    app = make_app(tmp_path, scenario=f, red=HUMAN, blue=AI, start=False)
    settle(app)
    app.dialog = None
    app.step()
    gs = app.match.gs
    assert not alarm_flow.started(gs) and "not set off yet" in alarm_view.banner_lines(gs)[0]
    assert alarm_view._alarm_points(gs) == [("lever", 12.0, 12.0)]
    shot(app, "53-alarm-trigger-marker")


def test_ALM_34_ALM_40_the_turn_count_follows_a_mid_game_start(tmp_path):
    """ALM-34, ALM-40: the alarm set off in turn 1 moves the game's end (alarm turn 1 is turn 2): the status bar's
    "Turn x/N" reads the end from the state (9), not the scenario's stale turn limit (8)."""
    from dataclasses import replace
    from wartime.core.components import Searchable
    f = _alarm_copy(tmp_path, "hold-the-vault.toml", 'start = "at_setup"\ntrigger = [12, 12]',
                    'start = "trigger_marker"\nmarker = "lever"', '\n[[element]]\nid = "lever"\nat = [12, 12]\n')
    app = make_app(tmp_path, scenario=f, red=HUMAN, blue=HUMAN, start=False)
    settle(app)
    app.dialog = None
    m, gs = app.match, app.match.gs
    assert m.pending.kind == "activate" and app._status()[0].startswith("Turn 1/8 ")
    hero = m.pending.options[0]
    lever = next(iter(gs.world.query(Searchable)))
    gs.world.set(lever, replace(gs.world.get(lever, Searchable), searched=True))   # a passed Buscar's outcome (GNA-2)
    alarm_flow.after_action(gs, hero)
    assert alarm_flow.started(gs) and alarm_flow.last_turn(gs) == 9 and gs.turn_limit == 8
    app.step()
    assert app._status()[0].startswith("Turn 1/9 ")
