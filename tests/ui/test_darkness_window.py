"""Darkness and movable scenery in the window (wartime/ui/darkness_view.py, wartime/ui/scenery_view.py): a dark area
is veiled on the table; a thrown piece is drawn where it landed. Screenshots 86 and 87 in docs/screenshots/ are taken
here."""
from __future__ import annotations

from types import SimpleNamespace

from ui_helpers import make_app, screen_pos, shot

from wartime.data.models import DarkArea
from wartime.rules import darkness


def test_TRT_LIGHT_a_dark_area_is_veiled_on_the_table(tmp_path):
    """The skirmish with a dark area across the middle of the table: inside it the table is darker than outside."""
    app = make_app(tmp_path, start=False)
    before = screen_pos(app, 18.0, 12.0)
    plain = app.screen.get_at((int(before[0]), int(before[1])))
    darkness.install(app.match.gs, SimpleNamespace(night=False, dark=(
        DarkArea(id="hollow", polygon=((12.0, 8.0), (24.0, 8.0), (24.0, 16.0), (12.0, 16.0))),)))
    app.step()
    path = shot(app, "86-dark-area")
    assert path.exists()
    x, y = screen_pos(app, 18.0, 12.0)
    veiled = app.screen.get_at((int(x), int(y)))
    assert sum(veiled[:3]) < sum(plain[:3])


def test_TRT_SUPER_STRENGTH_a_thrown_piece_is_drawn_where_it_landed(tmp_path):
    """The skirmish's east low wall made movable and moved 3 K north: its old footprint is covered and the piece is
    drawn at its new place (screenshot 87)."""
    from wartime.core.components import MovedPiece
    from wartime.rules import scenery_objects
    app = make_app(tmp_path, start=False)
    gs = app.match.gs
    wall = next(p for p in gs.board.pieces if p.kind == "low")
    scenery_objects.install(gs, SimpleNamespace(terrain=[SimpleNamespace(id=wall.id,
                                                                         movable=SimpleNamespace(con=4, size="car"))]))
    c = wall.polygon.centroid
    app.step()
    before = app.screen.get_at(tuple(int(v) for v in screen_pos(app, c.x, c.y + 3.0)))
    el = gs.movables[wall.id]
    m = gs.world.get(el, MovedPiece)
    gs.world.set(el, MovedPiece(m.piece, m.con, m.size, 0.0, 3.0))
    assert gs.board.piece(wall.id).polygon.centroid.y == c.y + 3.0
    app.step()
    shot(app, "87-thrown-scenery")
    after = app.screen.get_at(tuple(int(v) for v in screen_pos(app, c.x, c.y + 3.0)))
    assert after != before
