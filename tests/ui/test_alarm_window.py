"""Alarm mode in the window (issue 17, ui/alarm_view.py): the alarm banner, zones and markers on the table, and a
human attacker buying a wave: pick a monster, click where it arrives (each model checked by the engine at once),
then "Buy and place" submits the 'wave' decision. Screenshots 50-alarm-wave and 51-alarm-bell are taken here."""
from __future__ import annotations

from pathlib import Path

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
    orc = next(o for o in m.pending.options if o.name == "Orc brute")
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
