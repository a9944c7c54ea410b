"""Placed charges in the window (GNA-15 bombs, TRT-ACTIVATION-AREA, TRT-REMOTE-CONTROL; ui/charge_view.py): each lies
on the table as a small mine in its owner's colour, a proximity charge with its activation area (a dashed circle of
its RNG K), labelled with its name and state. Screenshot 88 in docs/screenshots/."""
from __future__ import annotations

import pytest
from ui_helpers import make_app, shot

from wartime.core.components import Item, Weapon
from wartime.rules import placed
from wartime.ui import charge_view


@pytest.mark.slow          # ~1 s: the window itself (the fast suite keeps unit-sized tests)
def test_GNA_15_placed_charges_are_drawn_with_their_activation_area(tmp_path):
    app = make_app(tmp_path, start=False)
    gs = app.match.gs
    red = next(e for e in gs.minis() if gs.side(e) == "red")
    p = gs.pos(red)
    mine = Weapon("proximity_mine", "Proximity mine", 2, 5, 2, 3, area="R3",
                  traits=("TRT-AREA", "TRT-ACTIVATION-AREA"))
    charge = Weapon("demolition_charge", "Demolition charge", 2, 5, 3, 3, area="R5",
                    traits=("TRT-AREA", "TRT-REMOTE-CONTROL"))
    w = gs.world
    armed = w.create(Item(mine.name, at=(p.x + 4.0, p.y + 5.0), weapon=mine), placed.PlacedCharge(red, 1, True))
    fresh = w.create(Item(charge.name, at=(p.x - 3.0, p.y + 8.0), weapon=charge), placed.PlacedCharge(red, 1))
    assert charge_view.caption(gs, armed) == "Proximity mine · armed, 2 K"
    assert charge_view.caption(gs, fresh) == "Demolition charge · not yet armed, remote"
    app.view.zoom_at(2.5, app.view.to_screen(p.x + 1.0, p.y + 5.0))
    app.step()
    at = app.view.to_screen(p.x + 4.0, p.y + 5.0)
    assert app.screen.get_at((round(at[0]), round(at[1])))[:3] != (0, 0, 0)
    shot(app, "88-placed-mines")
