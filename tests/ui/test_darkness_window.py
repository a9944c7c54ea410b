"""Darkness in the window (wartime/ui/darkness_view.py; project ruling, rules/darkness.py): a dark area is veiled
on the table. Screenshot 86 in docs/screenshots/ is taken here."""
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
