"""Roofed pieces in the window (TRT-SPIDER, issue 12; wartime/ui/roof_view.py): the porch's roof is drawn over its
ground (translucent, dashed outline), the engine's way up to the underside is a menu entry of the spider's, played
from the menu, and the hanging spider is drawn with its legs round its base. Screenshot 101 in docs/screenshots/ is
taken here."""
from __future__ import annotations

import math
from dataclasses import replace

from ui_helpers import ROOT, answer_until_red_action, make_app, menu_index, pass_reactions, press, settle, shot

from wartime.core.components import Climbing, Traits
from wartime.rules.actions import REGISTRY
from wartime.ui import adapter, roof_view

FIX = ROOT / "tests" / "match" / "fixtures"


def test_TRT_SPIDER_ceiling_the_window_draws_the_roof_and_the_hanging_spider(tmp_path):
    app = make_app(tmp_path, scenario=FIX / "porch.toml", start=False)
    gs = app.match.gs
    red = next(e for e in gs.minis() if gs.side(e) == "red")
    gs.world.set(red, Traits(("TRT-SPIDER",)))
    gs.world.set(red, replace(gs.body(red), natural_mov=4))               # MOV 4: up the 3 K post in one go
    gs.world.set(red, replace(gs.pos(red), x=6.0, y=5.0, facing=0.0))      # under the porch's roof
    app.menu = None
    answer_until_red_action(app)
    app.menu = None                                     # drawn again with the spider's trait set behind its back
    app.step()
    i = menu_index(app, "climb")
    entry = app._menu(app.match.pending)[i]
    assert entry.enabled and entry.params == {"piece": "porch", "height": 3.0}
    # the check beside it is the engine's: no CH AGI for a spider (Escalar as Mover), the table's for anyone else
    assert entry.check == "no check"
    blue = next(e for e in gs.minis() if gs.side(e) == "blue")
    assert adapter._action_check_text(gs, blue, REGISTRY["climb"]) == "CH AGI"
    press(app, "menu", i)
    settle(app)
    pass_reactions(app)                                   # the blue may react to the move: it does not
    assert [ev for ev in gs.world.events if ev["type"] == "climb" and ev.get("ceiling")]
    assert gs.world.get(red, Climbing) == Climbing("porch", 3.0) and gs.hanging(red)
    app.step()
    shot(app, "101-spider-under-roof")
    # a leg of the hanging spider: the screen there has the legs' colour
    cx, cy = app.view.to_screen(6.0, 5.0)
    r = max(5.0, gs.body(red).radius * app.view.scale)
    legs = []
    for k in range(8):
        a = math.radians(22.5 + 45.0 * k)
        legs.append(tuple(app.screen.get_at((round(cx + math.cos(a) * r * 1.15), round(cy + math.sin(a) * r * 1.15)))[:3]))
    assert legs.count(roof_view.LEGS) >= 4
    # the roof's dashed outline: its first dash starts at the porch's corner
    x0, y0 = app.view.to_screen(3.0, 2.0)
    near = [tuple(app.screen.get_at((round(x0) + dx, round(y0) + dy)))[:3] for dx in range(0, 4) for dy in range(-1, 2)]
    assert roof_view.OUTLINE in near
