"""Magia: telekinesis in the window (TRT-MAGIC-TELEKINESIS, issue 16): the Telequinesis entry of a telekinetic's
menu names the object, its ENE cost; the destination is clicked on the board, the preview shows the engine's
verdict and the CH INT of the cast (the engine's dry run); the decision submitted moves the piece. Screenshot 93."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from test_new_actions import LISTS, ROOT, last_decision, place, to_action, window
from ui_helpers import click, menu_index, move_to, press, screen_pos, shot

from wartime.rules import scenery_objects


@pytest.mark.slow          # ~3 s: the hot-seat start of a game through the window, then a screenshot
def test_TRT_MAGIC_TELEKINESIS_the_entry_the_clicked_point_and_its_check(tmp_path):
    app = window(tmp_path, ROOT / "scenarios" / "skirmish.toml",
                 {"red": LISTS / "telekinetics.toml", "blue": LISTS / "shooters.toml"})
    gs = app.match.gs
    wall = next(p for p in gs.board.pieces if p.kind == "low")
    scenery_objects.install(gs, SimpleNamespace(terrain=[SimpleNamespace(id=wall.id,
                                                                         movable=SimpleNamespace(con=4, size="car"))]))
    caster = next(e for e in gs.minis() if "Telekinetic" in gs.name(e))
    p = to_action(app, want=caster)
    assert p.actor == caster
    c = wall.polygon.centroid
    minx, miny, maxx, maxy = wall.polygon.bounds
    place(app, caster, minx - 2.0, c.y, facing=0.0)
    entries = [e for e in app._menu(app.match.pending) if e.key == "telekinesis"]
    assert entries and all(e.enabled for e in entries), [e.error for e in entries]
    assert entries[0].tool == "point" and entries[0].params["object"] == f"scenery:{wall.id}"
    press(app, "menu", menu_index(app, "telekinesis"))
    assert app.tool.entry.tool == "point"
    move_to(app, screen_pos(app, c.x, c.y + 99.0 / 10))            # too far: beyond VOL K
    assert app.tool.preview.error is not None and app.tool.preview.error.rule_id == "TRT-MAGIC-TELEKINESIS"
    to = (round(c.x, 2), round(c.y - 3.0, 2))
    move_to(app, screen_pos(app, *to))
    pv = app.tool.preview
    assert pv.error is None and pv.cost == 2, pv.error
    assert pv.check is not None and pv.check.first.attribute == "INT" and pv.check.first.target == gs.attrs(caster).INT
    shot(app, "93-telekinesis")
    click(app, screen_pos(app, *to))
    d = last_decision(app)
    assert d["action"] == "telekinesis" and d["actor"] == caster
    assert d["params"]["to"] == pytest.approx(list(to), abs=0.06)
