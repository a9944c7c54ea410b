"""A carried protection and a mounted metahability in the window (GNA-16, BLD-7, BLD-20): the unit card lists the
protection carried but not worn with its DEF and the ENE Usar asks; "Wear protection" is in the action menu with
that cost, and taking it wears it (the card's DEF line counts it); the transport line names the metahability
mounted on it. Screenshot 88 in docs/screenshots/."""
from __future__ import annotations

import pytest

from ui_helpers import ROOT, menu_index, press, settle, shot
from test_new_actions import entry, last_decision, to_action
from test_objects_window import list_window

from wartime.rules import carried
from wartime.ui import transport_view
from wartime.ui.adapter import carried_line

PILGRIMS = ROOT / "scenarios" / "lists" / "pilgrims.toml"


@pytest.mark.slow          # ~2 s: the hot-seat start of a game through the window, then a screenshot
def test_GNA_16_wear_a_carried_protection_from_the_menu_and_the_card(tmp_path):
    app = list_window(tmp_path, PILGRIMS)
    gs = app.match.gs
    seer = next(e for e in gs.minis() if gs.name(e).startswith("red Wagon seer"))
    p = to_action(app, want=seer)
    assert p.actor == seer
    assert carried_line(gs, seer) == "◦ carried, not worn: Warding cloak DEF 2 (Usar: ENE 2)"
    assert transport_view.panel_line(gs, seer).endswith("mounted: Mind gift (invocation)")
    app.selected = seer
    e = entry(app, "use_protection")
    assert e.enabled and e.label.startswith("Wear protection") and e.cost_text == "2", (e.label, e.cost_text, e.error)
    shot(app, "91-carried-protection")
    before = gs.total_def(seer)
    press(app, "menu", menu_index(app, "use_protection"))
    settle(app)
    assert last_decision(app)["action"] == "use_protection"
    assert carried.carried(gs, seer) == () and gs.total_def(seer) == before + 2 and carried_line(gs, seer) is None
