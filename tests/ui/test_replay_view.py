"""The replay viewer: stepping forwards and back by event and by activation, jumping to a turn, the
timeline, the speed, and the world at every cursor equal to the game as it was played."""
from __future__ import annotations

import pytest

import pygame
from click.testing import CliRunner

from ui_helpers import DT, click, hotspot, key, press, shot, write_ai_record

from wartime.match.match import Match
from wartime.ui.replay_view import ReplayViewer


def truth(viewer):
    """The world after every event of the recorded game, played once more by a separate Match: as the
    event was emitted, or after the whole decision for a decision's last event."""
    ses = viewer.session
    m = Match(ses.match.scenario, ses.match.lists, ses.match.seed)
    w = m.world
    out = {}
    w.listeners.append(lambda ev: out.__setitem__(len(w.events) - 1, w.snapshot()))
    for d in ses.decisions:
        n0 = len(w.events)
        m.submit(d)
        if len(w.events) > n0:                   # (a decision may emit nothing: an initiative choice)
            out[len(w.events) - 1] = w.snapshot()
    return out


def same(a, b) -> bool:
    return a.tables == b.tables and a.resources == b.resources


@pytest.mark.slow      # steps a whole recorded game both ways: ~25 s (fast suite ≤ 5 min)
def test_step_back_and_forth_by_event_and_activation(tmp_path):
    path = write_ai_record(tmp_path / "game.jsonl")
    v = ReplayViewer(path, fixed_dt=DT)
    v.step()
    ses = v.session
    assert ses.desync is None and len(ses.boundaries) >= 3
    want = truth(v)
    assert v.cursor == -1
    for _ in range(12):
        key(v, pygame.K_PERIOD)                      # next event
    assert v.cursor == 11
    assert same(ses.snapshot_at(v.cursor), want[11])
    for _ in range(3):
        key(v, pygame.K_COMMA)                       # previous event
    assert v.cursor == 8 and same(ses.snapshot_at(8), want[8])
    key(v, pygame.K_END)
    last = v.cursor
    assert last == len(ses) - 1
    key(v, pygame.K_LEFTBRACKET)                     # back one activation, across snapshot boundaries
    assert ses.events[v.cursor]["type"] == "activation_start" and v.cursor < last
    k = v.cursor
    assert same(ses.snapshot_at(k), want[k])
    key(v, pygame.K_COMMA)
    assert v.cursor == k - 1 and same(ses.snapshot_at(k - 1), want[k - 1])
    key(v, pygame.K_RIGHTBRACKET)
    assert v.cursor == k
    # every event, visited backwards, matches the game as it was played
    for i in range(len(ses) - 1, ses.boundaries[0][0] - 1, -1):
        assert same(ses.snapshot_at(i), want[i]), i
    # the log follows the cursor: nothing after it is shown
    v.seek(40)
    v.step()
    shown = [h for h in v.gui.hotspots if h.tooltip and h.rect.colliderect(v.log_rect)]
    assert shown


def test_turns_timeline_speed_and_play(tmp_path):
    path = write_ai_record(tmp_path / "game.jsonl", seed=3)
    v = ReplayViewer(path, fixed_dt=DT)
    v.step()
    ses = v.session
    turns = [ses.events[i]["turn"] for i in ses.turn_starts]
    assert turns[:2] == [1, 2]
    press(v, "turn", 2)                              # the turn buttons
    assert ses.events[v.cursor]["type"] == "turn_start" and ses.events[v.cursor]["turn"] == 2
    key(v, pygame.K_1)                               # number keys jump to a turn
    assert ses.events[v.cursor]["turn"] == 1
    tl = hotspot(v, "timeline").rect
    click(v, (tl.x + tl.width // 2, tl.centery))     # the timeline
    assert abs(v.cursor - (len(ses) - 1) / 2) <= len(ses) * 0.02 + 1
    key(v, pygame.K_PLUS)
    assert v.speed == 2.0
    press(v, "slower")
    assert v.speed == 1.0
    start = v.cursor
    key(v, pygame.K_SPACE)                           # play
    assert v.playing
    for _ in range(90):
        v.step()
    assert v.cursor > start
    shot(v, "19-replay")
    press(v, "play_pause")
    assert not v.playing


def test_wartime_replay_view_command(tmp_path):
    from wartime.cli import main
    path = write_ai_record(tmp_path / "game.jsonl")
    result = CliRunner().invoke(main, ["replay", "view", str(path), "--frames", "3"])
    assert result.exit_code == 0, result.output
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "other"}\n')
    result = CliRunner().invoke(main, ["replay", "view", str(bad), "--frames", "3"])
    assert result.exit_code == 2
