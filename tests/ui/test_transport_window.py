"""Transports in the window (wartime/ui/transport_view.py): passengers are drawn inside their transport, not as
miniatures of their own; the selected transport's (or passenger's) disembark points are drawn; the side panel
names the transport and who is aboard; the transport actions are in the menu and a click on a disembark point
submits the engine's Desembarcar (MVA-17). Screenshot 80 in docs/screenshots/ is taken here."""
from __future__ import annotations

import math
from pathlib import Path

import pytest

from test_new_actions import last_decision, menu_index, press, to_action, window
from ui_helpers import ROOT, move_to, screen_pos, shot

from wartime.rules import riding
from wartime.ui import transport_view

CONVOY = ROOT / "scenarios" / "convoy.toml"


def _truck(gs):
    return next(e for e in gs.minis() if riding.rides(gs, e) and riding.mount(gs, e).passengers)


def test_MVA_17_passengers_ride_inside_and_the_driver_menu_has_the_transport_actions(tmp_path):
    app = window(tmp_path, CONVOY)
    gs = app.match.gs
    truck = _truck(gs)
    p = to_action(app, want=truck)
    assert p.actor == truck
    passengers = riding.mount(gs, truck).passengers
    assert len(passengers) == 3
    assert truck in app.view.base_rects and not any(q in app.view.base_rects for q in passengers)
    keys = {e.key: e for e in app._menu(p)}
    assert keys["transport_pivot"].error is None and keys["move"].error is None
    assert keys["crouch"].error is not None and keys["crouch"].error.rule_id == "MOV-6"
    line = transport_view.panel_line(gs, truck)
    assert "Cargo truck" in line and "load 3/6" in line and "Trooper" in line


def test_MVA_17_a_click_on_a_disembark_point_gets_the_passenger_off(tmp_path):
    app = window(tmp_path, CONVOY)
    gs = app.match.gs
    truck = _truck(gs)
    passenger = riding.mount(gs, truck).passengers[0]
    p = to_action(app, want=passenger)
    assert p.actor == passenger
    assert [e.key for e in app._menu(p) if e.error is None] == ["disembark", "end"] or \
        {"disembark", "end"} <= {e.key for e in app._menu(p) if e.error is None}
    press(app, "menu", menu_index(app, "disembark"))
    spot = riding.free_spots(gs, truck, passenger)[0]
    app.view.zoom_at(2.0, screen_pos(app, *spot))
    move_to(app, screen_pos(app, *spot))
    shot(app, "80-transport-disembark")
    press_at = screen_pos(app, *spot)
    from ui_helpers import click
    click(app, press_at)
    d = last_decision(app)
    assert d["action"] == "disembark" and d["actor"] == passenger
    assert riding.carrier_of(gs, passenger) is None and gs.in_contact(truck, passenger)


def test_BLD_22_the_objective_zone_is_drawn_with_its_label(tmp_path):
    """BLD-22 (victory = "objective"): the convoy's east road is washed in red on the table and labelled with what
    red must hold there; screenshot 81 in docs/screenshots/."""
    from wartime.rules import objectives
    from wartime.ui import objective_view
    app = window(tmp_path, CONVOY)
    gs = app.match.gs
    goal = objectives.objective_of(gs)
    assert goal is not None and goal.side == "red"
    assert objective_view.caption(gs) == "East road · red needs 3 here at a turn's end (0 now)"
    app.step()
    path = shot(app, "81-objective-zone")
    assert path.exists()
    import pygame
    from wartime.ui import theme
    cx, cy = screen_pos(app, 43.0, 9.0)          # inside the zone, away from the bases and the label
    bx, by = screen_pos(app, 38.0, 1.0)          # the plain table outside it
    inside, outside = app.screen.get_at((int(cx), int(cy))), app.screen.get_at((int(bx), int(by)))
    red = theme.side_colour("red")
    assert inside != outside and inside.r - inside.g > outside.r - outside.g     # the red wash
    assert isinstance(app.screen, pygame.Surface) and red[0] > red[1]


def test_MVA_17_a_parked_transport_is_drawn_with_no_driver():
    """A driver that got off leaves a grey base where its transport stood (transport_view.draw_parked)."""
    import pygame
    from ui_helpers import auto_deploy
    from wartime.data.loader import load_match_inputs
    from wartime.match.match import Match
    sc, armies = load_match_inputs(CONVOY, {"red": None, "blue": None})
    m = Match(sc, armies, 3, {})
    auto_deploy(m)
    gs = m.gs
    truck = _truck(gs)
    for q in riding.mount(gs, truck).passengers:
        riding.alight(gs, q, riding.free_spots(gs, truck, q)[0])
    riding.park(gs, truck, riding.free_spots(gs, truck, truck)[0])
    (t,) = riding.parked(gs)

    class View:
        scale = 10.0

        def to_screen(self, x, y):
            return (x * self.scale, (gs.board.height - y) * self.scale)

    surface = pygame.Surface((int(gs.board.width * 10), int(gs.board.height * 10)))
    surface.fill((0, 0, 0))
    transport_view.draw_parked(View(), surface, gs)
    p = gs.pos(t)
    r = gs.body(t).radius * 10
    edge = (round(p.x * 10 + r / 2 * -math.sin(math.radians(p.facing))),
            round((gs.board.height - p.y) * 10 - r / 2 * math.cos(math.radians(p.facing))))
    assert surface.get_at(edge)[:3] == (120, 120, 112)


def _parked_wreck(gs):
    """The convoy's truck with its passengers off, its driver off (MVA-17) and the driverless truck disabled (WND-4:
    wounds = QUA). Returns (truck's driver, the parked transport)."""
    from dataclasses import replace
    from wartime.core.components import Mount
    truck = _truck(gs)
    for q in riding.mount(gs, truck).passengers:
        riding.alight(gs, q, riding.free_spots(gs, truck, q)[0])
    t = riding.park(gs, truck, riding.free_spots(gs, truck, truck)[0])
    m = gs.world.get(t, Mount)
    gs.world.set(t, replace(m, wounds=m.QUA))
    return truck, t


def test_MVA_17_a_driverless_transport_reads_its_wounds_and_is_named_as_a_target():
    """The driverless truck's caption says no driver, its wounds of QUA and DISABLED (WND-4), its rim turns red;
    the log names it as a target (rules.parked) by its side and name."""
    import pygame
    from ui_helpers import auto_deploy
    from wartime.data.loader import load_match_inputs
    from wartime.match.match import Match
    from wartime.ui.adapter import long_name
    sc, armies = load_match_inputs(CONVOY, {"red": None, "blue": None})
    m = Match(sc, armies, 3, {})
    auto_deploy(m)
    gs = m.gs
    truck, t = _parked_wreck(gs)
    qua = riding.mount(gs, t).QUA
    assert transport_view.parked_label(gs, t) == f"Cargo truck (no driver, wounds {qua}/{qua} DISABLED)"
    assert long_name(gs, t) == f"{gs.side(truck).capitalize()}'s driverless Cargo truck"

    class View:
        scale = 10.0

        def to_screen(self, x, y):
            return (x * self.scale, (gs.board.height - y) * self.scale)

    surface = pygame.Surface((int(gs.board.width * 10), int(gs.board.height * 10)))
    transport_view.draw_parked(View(), surface, gs)
    p, r = gs.pos(t), gs.body(t).radius * 10
    rim = (round(p.x * 10 - r + 1), round((gs.board.height - p.y) * 10))
    assert surface.get_at(rim)[:3] == transport_view.WRECK_RIM


@pytest.mark.slow          # ~2 s: the convoy window, then a screenshot
def test_WND_5_destroyed_gear_and_a_disabled_driverless_transport_in_the_window(tmp_path):
    """WND-5: a trooper's weapon with more wounds than QUA reads DESTROYED on its card (a disabled one DISABLED);
    beside it the disabled driverless truck (MVA-17, WND-4). Screenshot 85 in docs/screenshots/."""
    from dataclasses import replace
    from wartime.ui.adapter import state_suffix
    app = window(tmp_path, CONVOY)
    gs = app.match.gs
    truck, t = _parked_wreck(gs)
    trooper = next(q for q in gs.minis() if gs.side(q) == gs.side(truck) and q != truck and gs.equipment(q).weapons)
    w = gs.weapon(trooper, 0)
    gs.set_weapon(trooper, 0, replace(w, wounds=w.QUA + 1))
    assert state_suffix(gs.weapon(trooper, 0)) == " DESTROYED"
    mine = [q for q in gs.minis() if gs.side(q) == gs.side(truck)]
    for i, q in enumerate(mine):                      # off the wreck, so that its caption reads in the picture
        gs.world.set(q, replace(gs.pos(q), x=gs.pos(t).x + 8.0, y=14.0 + 3.0 * i))
    app.selected = trooper
    app.view.zoom_at(2.0, screen_pos(app, gs.pos(t).x, gs.pos(t).y))
    app.step()
    assert shot(app, "85-destroyed-gear-and-driverless-wreck").exists()
