"""Deployment in the window (issue 14 point 2): before turn 1 a human side clicks or drags its miniatures to spots
of its zone, each checked by the engine's deployment rules at once (a refused spot is named and undone), then
presses Deploy (the side's 'deploy' decision) or Auto-deploy. Screenshot 31 in docs/screenshots/ is taken here."""
from __future__ import annotations

import pygame

from ui_helpers import click, make_app, move_to, press, screen_pos, settle, shot


def drag(app, a, b) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(map(int, a)), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(map(int, a)), button=1))
    app.step()
    move_to(app, b)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(map(int, b)), button=1))
    app.step()


def test_a_human_side_deploys_by_click_and_drag_then_the_other_auto_deploys(tmp_path):
    app = make_app(tmp_path, start=False, deploy=False)
    m = app.match
    settle(app)
    p = m.pending
    assert (p.kind, p.side) == ("deploy", "red") and app.dialog is None
    gs = m.gs
    a, b = p.options[:2]
    # click a miniature, then a spot of red's zone (y 0-4)
    click(app, screen_pos(app, gs.pos(a).x, gs.pos(a).y))
    assert app.selected == a
    click(app, screen_pos(app, 6.0, 2.0))
    assert app.deploy.plan[a][:2] == (6.0, 2.0) or abs(app.deploy.plan[a][0] - 6.0) < 0.1
    # a spot outside the zone is refused with its rule, and the plan keeps the last good spot
    before = dict(app.deploy.plan)
    click(app, screen_pos(app, 6.0, 10.0))
    assert app.deploy.plan == before and app.toast is not None and app.toast[0].startswith("SEQ-1")
    # drag another miniature across the zone
    drag(app, screen_pos(app, gs.pos(b).x, gs.pos(b).y), screen_pos(app, 30.0, 2.0))
    assert abs(app.deploy.plan[b][0] - 30.0) < 0.1 and abs(app.deploy.plan[b][1] - 2.0) < 0.1
    # the game itself has not changed yet
    assert (gs.pos(a).x, gs.pos(b).x) != (app.deploy.plan[a][0], app.deploy.plan[b][0])
    shot(app, "31-deployment")
    press(app, "deploy_done")
    assert m.decisions[-1]["kind"] == "deploy" and set(m.decisions[-1]["params"]["positions"]) == {str(a), str(b)}
    assert abs(gs.pos(b).x - 30.0) < 0.1
    settle(app)
    if app.dialog is not None:                   # the hot-seat hand-over to blue
        press(app, "dismiss")
    assert m.pending.kind == "deploy" and m.pending.side == "blue"
    press(app, "deploy_auto")
    assert m.decisions[-1] == {"kind": "deploy", "side": "blue"}
    assert m.pending.kind == "initiative"
