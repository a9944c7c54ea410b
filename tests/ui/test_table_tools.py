"""Issue 14 point 3, table tools, driven through posted pygame events: the tape measure (BAS-3), the "what if"
ghost (ENV-1, ENV-2, CMB-10, CMB-17), undo of the last step that rolled no die, enemy unit cards and the turn /
phase tracker (SEQ-5)."""
from __future__ import annotations

import math

import pygame
import pytest

from tests.ui.ui_helpers import (
    answer_until_red_action,
    click,
    key,
    legal_waypoint,
    make_app,
    menu_index,
    mini_pos,
    move_to,
    press,
    screen_pos,
    settle,
    shot,
)
from wartime.core.components import Activation
from wartime.rules.flow import phase_of


def drag(app, a, b, steps: int = 3) -> None:
    a, b = tuple(map(int, a)), tuple(map(int, b))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    app.step()
    for k in range(1, steps + 1):
        p = (int(a[0] + (b[0] - a[0]) * k / steps), int(a[1] + (b[1] - a[1]) * k / steps))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        app.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    app.step()


def key_down(app, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.step()


def key_up(app, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    app.step()


@pytest.fixture
def red_acts(tmp_path):
    app = make_app(tmp_path, start=False)
    answer_until_red_action(app)
    settle(app)
    return app


def sides(app):
    gs = app.match.gs
    p = app.match.pending
    mine = [e for e in gs.minis() if gs.side(e) == p.side and gs.on_table(e)]
    theirs = [e for e in gs.minis() if gs.side(e) != p.side and gs.on_table(e)]
    return mine, theirs


def test_BAS_3_tape_measure_between_two_bases_and_to_a_point(red_acts):
    app = red_acts
    gs = app.match.gs
    n = len(app.match.decisions)
    _mine, theirs = sides(app)
    a, b = app.match.pending.actor, theirs[0]
    press(app, "toggle_tape")
    drag(app, mini_pos(app, a), mini_pos(app, b))
    tape = app.table.tape
    assert tape.a.base == a and tape.b.base == b
    assert tape.edge(gs) == pytest.approx(gs.distance(a, b))          # BAS-3: the engine's edge to edge
    pa, pb = gs.pos(a), gs.pos(b)
    assert tape.centre() == pytest.approx(math.hypot(pa.x - pb.x, pa.y - pb.y))
    shot(app, "60-tape-measure")
    # from a base to a bare point: centre less the radius
    pt = (pa.x + 3.0, pa.y)
    drag(app, mini_pos(app, a), screen_pos(app, *pt))
    t2 = app.table.tape
    assert t2.b.base is None and t2.edge(gs) == pytest.approx(t2.centre() - gs.body(a).radius, abs=0.1)
    assert len(app.match.decisions) == n and app.selected == a         # free: nothing submitted or selected
    press(app, "toggle_tape")
    assert app.table.tape is None


def test_BAS_3_tape_measure_while_the_key_is_held(red_acts):
    app = red_acts
    _mine, theirs = sides(app)
    key_down(app, pygame.K_m)
    drag(app, mini_pos(app, theirs[0]), mini_pos(app, theirs[-1]))
    assert app.table.tape is not None and app.table.tape.a.base == theirs[0]
    key_up(app, pygame.K_m)
    assert app.table.tape is None
    assert app.tool is None and app.selected == app.match.pending.actor


def test_ENV_2_CMB_10_ghost_shows_los_cover_and_odds_and_leaves_the_state_unchanged(red_acts):
    app = red_acts
    gs = app.match.gs
    actor = app.match.pending.actor
    before = gs.pos(actor)
    version = gs.world.version
    n_events, n_dec = len(app.match.world.events), len(app.match.decisions)
    move_to(app, screen_pos(app, before.x + 4.0, before.y + 6.0))
    key(app, pygame.K_g)
    g = app.table.ghost
    assert g is not None and g.actor == actor and g.x == pytest.approx(before.x + 4.0, abs=0.1)
    assert gs.pos(actor) == before and gs.world.version == version       # put back exactly
    assert len(app.match.world.events) == n_events and len(app.match.decisions) == n_dec
    assert [r.enemy for r in g.rows] == gs.enemies(actor)
    # each row agrees with the engine from that spot (set for the check, then put back)
    from dataclasses import replace

    from wartime.rules.actions.combat import ranged_target_check
    from wartime.rules.odds import attack_odds
    from wartime.ui.tools import best_ranged_weapon
    wi = best_ranged_weapon(gs, actor)
    for r in g.rows:
        q = gs.pos(r.enemy)
        gs.world.set(actor, replace(before, x=g.x, y=g.y, facing=round(math.degrees(math.atan2(q.y - g.y, q.x - g.x)) % 360, 1)))
        try:
            c = gs.cover(actor, [r.enemy])[0]
            assert (r.los, r.blocked) == (c.has_los, c.blocked)
            if r.odds is not None:
                cov = ranged_target_check(gs, actor, r.enemy, gs.weapon(actor, wi), "CMB-10")
                assert r.odds == attack_odds(gs, actor, r.enemy, weapon_index=wi, ranged=True, cover=cov)
        finally:
            gs.world.set(actor, before)
    assert any(r.odds is not None for r in g.rows) or any(r.error is not None for r in g.rows)
    shot(app, "61-ghost")
    key(app, pygame.K_ESCAPE)
    assert app.table.ghost is None


def test_undo_waypoint_preview_and_selection(red_acts):
    app = red_acts
    p = app.match.pending
    press(app, "menu", next(i for i, e in enumerate(app._menu(p)) if e.key == "move" and e.enabled))
    pt = legal_waypoint(app)
    click(app, screen_pos(app, *pt))
    assert len(app.tool.waypoints) == 1
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.tool is not None and app.tool.waypoints == []
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.tool is None                                            # the move preview
    assert not app.show_zones                                          # Ctrl+Z is not Z
    mine, _theirs = sides(app)
    other = next(e for e in mine if e != p.actor)
    click(app, mini_pos(app, other))
    assert app.selected == other
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.selected == p.actor


def test_undo_of_a_move_that_rolled_no_die_resimulates_the_record(red_acts):
    app = red_acts
    app.react_mode["blue"] = "never"         # blue's windows pass without a prompt: blue answered nothing
    m0 = app.match
    p = m0.pending
    n = len(m0.decisions)
    start = m0.gs.pos(p.actor)
    before = list(m0.decisions)
    sums = m0.checksums()
    press(app, "menu", next(i for i, e in enumerate(app._menu(p)) if e.key == "run" and e.enabled))
    pt = legal_waypoint(app, 1.9)
    click(app, screen_pos(app, *pt))
    key(app, pygame.K_RETURN)
    settle(app)
    while app.dialog is not None:
        press(app, "dismiss")
        settle(app)
    m1 = app.match
    assert m1.decisions[n]["action"] == "run" and m1.pending.kind == "action" and m1.pending.actor == p.actor
    assert m1.gs.pos(p.actor) != start
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    m2 = app.match
    assert m2 is not m1 and m2.decisions == before                     # the move and the passes are gone
    assert m2.checksums() == sums and m2.world.events == m0.world.events[:len(m2.world.events)]
    assert m2.gs.pos(p.actor) == start and m2.pending.kind == "action" and m2.pending.actor == p.actor
    settle(app)
    shot(app, "62-undo")
    # again: the decision before was the activation itself, not an action: nothing more to take back
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.match is m2 and len(m2.decisions) == n


def test_undo_refused_when_the_other_player_was_asked_or_dice_rolled(red_acts):
    from wartime.ui.tools import undo_point
    app = red_acts
    m = app.match
    p = m.pending
    press(app, "menu", next(i for i, e in enumerate(app._menu(p)) if e.key == "move" and e.enabled))
    click(app, screen_pos(app, *legal_waypoint(app)))
    key(app, pygame.K_RETURN)
    settle(app)
    assert app.dialog is not None and app.dialog.kind == "react_prompt"     # blue sees the move: it is asked
    press(app, "react_pass")
    settle(app)
    while app.dialog is not None:
        press(app, "dismiss")
        settle(app)
    n = len(app.match.decisions)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(app.match.decisions) == n and "asked to react" in app.toast[0]
    assert isinstance(undo_point(app.match, True, lambda i: False), int)     # (only the prompt stops it)
    # a decision that rolled dice stands: pretend the dice moved
    from dataclasses import replace
    m = app.match
    m.checkpoints[-1] = replace(m.checkpoints[-1], dice_state=("moved",))
    assert "dice" in undo_point(m, True, lambda i: False)


def test_undo_refused_against_the_ai(tmp_path):
    from wartime.ui.adapter import AI
    from wartime.ui.tools import undoable_decision
    app = make_app(tmp_path, start=False, blue=AI)
    assert undoable_decision(app.match, app.hot_seat) is not None


def test_enemy_card_on_click_does_not_select(red_acts):
    app = red_acts
    actor = app.match.pending.actor
    _mine, theirs = sides(app)
    click(app, mini_pos(app, theirs[0]))
    assert app.table.card == theirs[0]
    assert app.selected == actor and app.tool is None
    shot(app, "63-enemy-card")
    key(app, pygame.K_ESCAPE)
    assert app.table.card is None
    click(app, mini_pos(app, theirs[0]))
    click(app, screen_pos(app, 1.0, 1.0))
    assert app.table.card is None


def test_SEQ_5_phase_tracker_lists_who_becomes_eligible_in_each_phase(tmp_path):
    from tests.ui.ui_helpers import CROSSROADS
    from wartime.ui.tracker import phase_entries
    app = make_app(tmp_path, scenario=CROSSROADS, start=False)
    answer_until_red_action(app)
    press(app, "menu", menu_index(app, "end"))          # red's first character ends its activation
    answer_until_red_action(app)
    settle(app)
    gs = app.match.gs
    rows = phase_entries(gs)
    for e in gs.minis():
        if gs.able(e) and not gs.world.get(e, Activation).waiting_until:
            en = next(en for en in rows[phase_of(gs.attrs(e).VOL)] if en.e == e)
            assert en.acted == gs.world.get(e, Activation).acted and en.why == f"VOL {gs.attrs(e).VOL}"
    assert len({phase_of(gs.attrs(e).VOL) for e in gs.minis()}) > 1
    acted = [e for e in gs.minis() if gs.world.get(e, Activation).acted]
    assert acted                                           # phase 5's characters have had their turn
    actor = app.match.pending.actor
    ph = phase_of(gs.attrs(actor).VOL)
    app.step()
    hs = [h for h in app.gui.hotspots if h.tooltip and h.tooltip[0].startswith(f"Phase {ph} ")]
    assert hs and app.name(actor).split(" ", 1)[-1] in hs[0].tooltip[1]
    assert f"VOL {gs.attrs(actor).VOL}" in hs[0].tooltip[1] and "(now)" in hs[0].tooltip[0]
    assert f"{app.name(acted[0])} (VOL {gs.attrs(acted[0]).VOL}, acted)" in hs[0].tooltip[1]
    over = [h.tooltip[0] for h in app.gui.hotspots if h.tooltip and "(over)" in h.tooltip[0]]
    assert over == [f"Phase {k} (over)" for k in range(10, ph, -1)]
    move_to(app, hs[0].rect.center)
    app.step()
    shot(app, "64-phase-tracker")
