"""Hot-seat play through the real window: the start screen, initiative, the hand-over between the players,
and a full activation (select, move, shoot) driven by synthetic mouse and key events."""
from __future__ import annotations

import pygame

from ui_helpers import (answer_until_red_action, close_dialog, click, hotspot, key, legal_waypoint, make_app, menu_index,
                        mini_pos, move_to, pass_reactions, press, screen_pos, settle, shot)


def test_full_activation_select_move_shoot_with_hand_over(tmp_path):
    app = make_app(tmp_path, seed=7)
    assert app.mode == "start" and app.dialog.kind == "start"
    shot(app, "01-start")
    press(app, "start")
    assert app.mode == "play" and app.dialog is None

    # the two players answer in turn; the hand-over screen appears whenever the decision changes hands
    seen = answer_until_red_action(app, shots=True)
    assert "handover" in seen
    p = app.match.pending
    assert p.kind == "action" and p.side == "red"
    actor = p.actor
    assert app.selected == actor
    shot(app, "04-actions")

    # a greyed-out action names the rule that forbids it when hovered
    entries = app._menu(p)
    greyed = next(i for i, e in enumerate(entries) if not e.enabled)
    move_to(app, hotspot(app, "menu", greyed).rect.center)
    title, body = app.gui.tooltip_at()
    assert title.startswith(entries[greyed].error.rule_id) and body == entries[greyed].error.message
    shot(app, "05-greyed-action")

    # move: pick the action, watch the live preview, click a waypoint, Enter
    press(app, "menu", menu_index(app, "move"))
    assert app.tool is not None and app.tool.entry.key == "move"
    pos0 = app.match.gs.pos(actor)
    move_to(app, screen_pos(app, pos0.x, pos0.y + 4))
    assert app.tool.preview.error is not None and app.tool.preview.error.rule_id == "MOV-3"
    shot(app, "06-move-too-far")
    pt = legal_waypoint(app)
    assert app.tool.preview.cost == 1
    click(app, screen_pos(app, *pt))
    assert len(app.tool.waypoints) == 1
    shot(app, "07-move-preview")
    n_events = len(app.match.world.events)
    key(app, pygame.K_RETURN)
    # blue's orcs see the move declared: the decision passes to blue (REA-3), one reactor at a time
    settle(app)
    assert app.match.pending.kind == "react" and app.match.pending.side == "blue"
    # issue 14: one prompt for the window (the move ends in view of blue's orcs), listing blue's possible reactors
    assert app.dialog is not None and app.dialog.kind == "react_prompt" and "react?" in app.dialog.title
    assert any(line.startswith("Yours that may react: ") for line in app.dialog.lines)
    assert [b[1] for b in app.dialog.buttons] == ["react_pass", "react_open", "react_later"]
    shot(app, "08-react-handover")
    press(app, "react_open")                                   # "React now…": blue looks at its reactions
    p = app.match.pending
    entries = app._menu(p)
    assert {e.key for e in entries} <= set(p.options) | {"ranged_attack", "melee_attack", "reload"}
    shot(app, "09-react-menu")
    pick = next(i for i, e in enumerate(entries) if e.enabled and e.tool == "now")
    reactor = p.actor
    press(app, "menu", pick)
    settle(app)
    assert app.match.decisions[-1]["kind"] == "react" and app.match.decisions[-1]["actor"] == reactor
    assert any(e["type"] in ("reaction", "reaction_failed") and e["who"] == reactor
               for e in app.match.world.events[n_events:])
    # the others pass ("Don't react"); then the move goes on, shown step by step
    app.presenter.speed = 0.5                      # slow enough to catch the base half-way
    caught = False
    for _ in range(200):
        if app.presenter.overrides() and 0.3 < app.presenter.t / max(app.presenter.duration, 1e-9) < 0.8:
            shot(app, "10-moving")
            caught = True
        if not app.presenter.busy:
            q = app.match.pending
            if app.dialog is not None:
                close_dialog(app)
                continue
            if q.kind == "react":
                press(app, "pass_reaction")
                continue
            if q.kind == "action" and q.side == "red":
                break
        app.step()
    assert caught
    app.presenter.speed = app.speed
    pass_reactions(app)
    moved = [e for e in app.match.world.events[n_events:] if e["type"] == "moved"]
    assert moved and moved[0]["who"] == actor
    assert app.match.pending.actor == actor

    # shoot: hover a target for the line of sight, cover and exact odds, then click it
    press(app, "menu", menu_index(app, "ranged_attack", weapon=0))
    legal = [t for t, o in app.tool.entry.options.items() if o.error is None]
    assert legal
    target = max(legal, key=lambda t: (app.match.gs.cover(actor, [t])[0].blocked, -t))
    move_to(app, mini_pos(app, target))
    pv = app.tool.attack
    assert pv is not None and pv.target == target and pv.odds is not None
    shot(app, "11-target-odds")
    n_events = len(app.match.world.events)
    click(app, mini_pos(app, target))
    pass_reactions(app)                            # blue may react to the shot too: it passes
    for _ in range(200):
        cur = app.presenter.current
        if cur is not None and cur[0]["type"] == "check" and cur[0]["kind"] == "IMP":
            break
        app.step()
    app.step()
    shot(app, "12-dice")
    pass_reactions(app)
    new = app.match.world.events[n_events:]
    imp = [e for e in new if e["type"] == "check" and e["kind"] == "IMP"]
    assert imp and imp[0]["who"] == actor
    assert imp[0]["target"] == pv.odds.imp_target          # the odds used the check the engine rolled
    assert any(e["type"] == "action" and e["action"] == "ranged_attack" for e in new)
    assert app.checks and app.checks[-1][0]["type"] == "check"
    # the log names rule IDs; hovering one shows the rule's title from the rule index
    log_ids = [h for h in app.gui.hotspots if h.tooltip and h.rect.colliderect(app.log_rect)]
    assert log_ids
    move_to(app, log_ids[-1].rect.center)
    title, _ = app.gui.tooltip_at()
    assert " — " in title
    shot(app, "13-log-rule-title")

    # zoom in with the wheel at the target: names, wounds, energy and statuses at a readable size
    move_to(app, mini_pos(app, target))
    for _ in range(4):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                             precise_y=1.0))
    app.step()
    key(app, pygame.K_UP)                          # arrows pan
    move_to(app, mini_pos(app, target))
    assert app.view.scale > 34
    shot(app, "14-zoomed")


def test_no_hand_over_against_the_ai(tmp_path):
    from wartime.ui.adapter import AI
    app = make_app(tmp_path, seed=7, blue=AI, speed=40.0)
    press(app, "start")
    for _ in range(40):
        settle(app)
        assert app.dialog is None or app.dialog.kind != "handover"
        p = app.match.pending
        if p.kind == "react":
            press(app, "pass_reaction")
            continue
        if p.kind == "action":
            break
        click(app, mini_pos(app, p.options[0]))
        click(app, mini_pos(app, p.options[0]))
    assert app.match.pending.side == "red"


def test_selection_confirm_and_cancel_keys(tmp_path):
    app = make_app(tmp_path, seed=7, start=False)
    p = app.match.pending
    assert p.kind == "initiative"
    e = p.options[1]
    click(app, mini_pos(app, e))
    assert app.selected == e
    key(app, pygame.K_ESCAPE)
    assert app.selected is None
    click(app, mini_pos(app, e))
    press(app, "choose", e)                  # the panel's button chooses at once
    assert app.match.decisions[-1] == {"kind": "initiative", "side": "red", "choice": e}
