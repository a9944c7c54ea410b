"""Issue 14 point 5, a table that looks like a table: terrain drawn as what it is (by code, deterministic, cached per
zoom), miniatures as bases with an archetype icon and a facing wedge, labels that never overlap one another nor a
base, and the field of view clipped to the table. Screenshots: docs/screenshots/40-table-<scenario>.png."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from tests.ui.ui_helpers import SHOTS, make_app, press, settle
from wartime.ui import terrain_art
from wartime.ui.board_view import BoardView, DrawOptions
from wartime.ui.icons import icon_for
from wartime.ui.labels import Label, overlaps, place

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.toml"))


def _app(tmp_path, scenario):
    app = make_app(tmp_path, scenario=scenario, start=False)
    settle(app)
    app.dialog = None
    return app


def _check_labels(view) -> None:
    rects = [r for _k, r in view.labels_drawn]
    assert not overlaps(rects), [(view.labels_drawn[i][0], view.labels_drawn[j][0]) for i, j in overlaps(rects)]
    bases = list(view.base_rects.values())
    for key, rect in view.labels_drawn:
        hit = rect.collidelist(bases)
        assert hit == -1, f"label {key} at {rect} covers the base of a miniature"


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_labels_never_overlap_on_the_default_deployment(tmp_path, scenario):
    """Every label (miniature plates, element and terrain names, zone names) is drawn apart from every other and
    from every base, at the fitted view and zoomed in; every miniature on the table still gets its plate."""
    app = _app(tmp_path, scenario)
    gs = app.match.gs
    app.selected = gs.minis()[0]
    app.step()
    view = app.view
    _check_labels(view)
    app.screenshot(SHOTS / f"40-table-{scenario.stem}.png")
    app.show_zones = True
    app.step()
    _check_labels(view)
    keys = {k for k, _r in view.labels_drawn}
    for e in gs.minis():
        if gs.on_table(e):                          # MVA-17: a passenger rides inside its transport, plateless
            assert ("mini", e) in keys, f"{gs.name(e)} has no plate"
    assert any(k[0] == "terrain" for k in keys) and any(k[0] == "zone" for k in keys)
    app.show_zones = False
    perched = [e for e in gs.minis() if gs.pos(e).level == 2]
    p = gs.pos((perched or gs.minis())[0])
    view.zoom_at(2.5, view.to_screen(p.x, p.y))
    app.step()
    _check_labels(view)
    assert view.labels_drawn
    if scenario.stem in ("ruins", "ruined-town"):
        app.screenshot(SHOTS / f"40-table-{scenario.stem}-zoomed.png")


def test_labels_never_overlap_with_80_miniatures(tmp_path):
    """The densest board the benchmark draws (80 miniatures on the scenario with most terrain): still no overlap;
    plates that find no room give way (compact form first, then left out), the selected one never does."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("bench_ui", ROOT / "benchmarks" / "bench_ui.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    app = make_app(tmp_path, scenario=bench.densest_scenario(), start=False)
    bench.grow_to(app.match, 80)
    app.selected = app.match.gs.minis()[-1]
    app.show_zones = True
    app.step()
    _check_labels(app.view)
    keys = {k for k, _r in app.view.labels_drawn}
    assert ("mini", app.selected) in keys
    assert sum(1 for k in keys if k[0] == "mini") >= 40


def test_placer_moves_a_crowded_label_out_with_a_leader_line():
    pygame.init()
    surf = pygame.Surface((60, 14))
    bounds = pygame.Rect(0, 0, 400, 400)
    a = Label(("mini", 1), surf, (200, 200), 12, priority=0)
    b = Label(("mini", 2), surf, (200, 200), 12, priority=1)
    c = Label(("mini", 3), surf, (200, 200), 12, priority=2)
    base = pygame.Rect(188, 188, 24, 24)
    placed = place([a, b, c], bounds, [base, pygame.Rect(0, 214, 400, 30), pygame.Rect(214, 0, 30, 400)])
    assert len(placed) == 3
    assert not overlaps([p.rect for p in placed])
    assert placed[0].leader is None and any(p.leader is not None for p in placed[1:])
    # nowhere to go: the label is left out rather than drawn over something
    everything_else = [pygame.Rect(0, 0, 400, 188), pygame.Rect(0, 212, 400, 188), pygame.Rect(0, 188, 188, 24),
                       pygame.Rect(212, 188, 188, 24)]
    assert place([a], bounds, [base] + everything_else) == []


def test_fov_is_clipped_to_the_table(tmp_path):
    """ENV-1's half-disc of a miniature at the table's edge is drawn inside the table and nowhere else."""
    app = _app(tmp_path, ROOT / "scenarios" / "skirmish.toml")
    gs = app.match.gs
    e = gs.minis()[0]                      # deployed along the bottom edge, facing the enemy: its arc spills out
    view = BoardView(gs.board, app.view.rect, gs.deployment, app.view.names)
    a = pygame.Surface(app.screen.get_size())
    b = pygame.Surface(app.screen.get_size())
    view.draw(a, gs, DrawOptions(state_key=1))
    view.draw(b, gs, DrawOptions(fov=e, state_key=1))
    diff = np.any(pygame.surfarray.pixels3d(a) != pygame.surfarray.pixels3d(b), axis=2)
    table = view.table_rect()
    inside = np.zeros_like(diff)
    inside[table.left:table.right, table.top:table.bottom] = True
    assert diff[inside].sum() > 1000, "the field of view is drawn on the table"
    assert diff[~inside].sum() == 0, "the field of view spills off the table"
    x, y = np.nonzero(diff)
    assert table.collidepoint(int(x.min()), int(y.min())) and table.collidepoint(int(x.max()), int(y.max()))


def test_facing_wedge_points_where_the_miniature_faces(tmp_path):
    """The wedge on the rim points in the facing direction: turning the miniature moves it."""
    import math
    from dataclasses import replace

    app = _app(tmp_path, ROOT / "scenarios" / "skirmish.toml")
    gs = app.match.gs
    e = gs.minis()[0]
    view = app.view
    surf = pygame.Surface(app.screen.get_size())
    for facing in (0.0, 90.0, 200.0):
        gs.world.set(e, replace(gs.pos(e), facing=facing))
        view.draw(surf, gs, DrawOptions())
        sx, sy = view.to_screen(gs.pos(e).x, gs.pos(e).y)
        r = max(5, round(gs.body(e).radius * view.scale))
        tip = (sx + math.cos(math.radians(facing)) * (r + 2), sy - math.sin(math.radians(facing)) * (r + 2))
        back = (sx - math.cos(math.radians(facing)) * (r + 2), sy + math.sin(math.radians(facing)) * (r + 2))
        assert surf.get_at((round(tip[0]), round(tip[1])))[:3] == (252, 250, 240)
        assert surf.get_at((round(back[0]), round(back[1])))[:3] != (252, 250, 240)


def test_terrain_is_drawn_as_what_it_is(tmp_path):
    """Looks of the shipped pieces (the rules know only kinds), heights that read as heights, and textures that
    are the same every time they are drawn."""
    app = _app(tmp_path, ROOT / "scenarios" / "skirmish.toml")
    board, names = app.match.gs.board, app.view.names
    looks = {p.id: terrain_art.look_of(p, names.get(p.id, "")) for p in board.pieces}
    assert looks == {"wood": "woods", "wall_south": "wall", "wall_centre": "wall", "wall_north": "wall",
                     "hedge_west": "hedge", "farmhouse": "house"}
    town = _app(tmp_path, ROOT / "scenarios" / "ruined-town.toml")
    pieces = {p.id: p for p in town.match.gs.board.pieces}
    tnames = town.view.names
    assert terrain_art.look_of(pieces["canal_centre"], tnames["canal_centre"]) == "water"
    assert terrain_art.look_of(pieces["tower_red"], tnames["tower_red"]) == "tower"
    assert terrain_art.look_of(pieces["ruin_red"], tnames["ruin_red"]) == "ruin"
    assert terrain_art.look_of(pieces["rubble_red"], tnames["rubble_red"]) == "rubble"
    assert terrain_art.render_piece(pieces["house_red"], tnames["house_red"], 20).look == "flat_roof"
    # a 3 K house throws a longer shadow than a 1.5 K wall, which throws a longer one than a chest-high wall
    wall, bank, house = pieces["wall_red"], pieces["bank_red"], pieces["house_red"]
    reach = {p.id: terrain_art.shadow_polygon(p.polygon, p.height).bounds[2] - p.polygon.bounds[2]
             for p in (wall, bank, house)}
    assert reach["house_red"] > reach["wall_red"] > reach["bank_red"] > 0
    # deterministic: the same piece drawn twice is the same picture
    a = terrain_art.render_piece(pieces["rubble_red"], "Rubble", 24.0)
    b = terrain_art.render_piece(pieces["rubble_red"], "Rubble", 24.0)
    assert pygame.image.tobytes(a.body, "RGBA") == pygame.image.tobytes(b.body, "RGBA")
    # cached per zoom level: drawing the same scale again renders nothing new
    cache = terrain_art.TerrainCache(town.match.gs.board.pieces, tnames)
    first = cache.at(24.0)
    assert all(a is b for a, b in zip(first, cache.at(24.0)))
    assert cache.get(30.0, 0) is not first[0] and cache.get(30.0, 0).body.get_width() > first[0].body.get_width()


def test_archetype_icons(tmp_path):
    app = _app(tmp_path, ROOT / "scenarios" / "ruined-town.toml")
    gs = app.match.gs
    got = {gs.name(e): icon_for(gs, e) for e in gs.minis()}
    assert got["red Grenadier 1"] == "launcher"
    assert got["red Rifleman 1"] == "rifle"
    assert got["red SMG gunner 1"] == "smg"
    assert got["blue Orc brawler 1"] == "axe"
    assert got["blue Officer 1"] == "pistol"


@pytest.mark.parametrize("scenario,decisions", [("skirmish", 160), ("ruined-town", 220)])
def test_a_battle_under_way_keeps_its_labels_apart(tmp_path, scenario, decisions):
    """Mid-game (scripted AIs play both sides headless): wounded, panicked, crouched, engaged, perched miniatures;
    their plates (energy, wounds, states) still never overlap one another or a base."""
    from wartime.ui.adapter import make_ai
    app = _app(tmp_path, ROOT / "scenarios" / f"{scenario}.toml")
    m = app.match
    ais = {s: make_ai(s, 11) for s in m.gs.sides}
    for _ in range(decisions):
        if m.over or m.pending is None:
            break
        m.submit(ais[m.pending.side].decide(m, m.pending))
    app.set_match(m, app.setup)
    for _ in range(10):
        settle(app)
        if app.dialog is None or app.dialog.kind != "handover":
            break
        press(app, "dismiss")
    gs = m.gs
    able = [e for e in gs.minis() if gs.able(e)]
    app.selected = able[0] if able else None
    settle(app)
    app.step()
    _check_labels(app.view)
    assert any(k[0] == "mini" for k, _r in app.view.labels_drawn)
    app.screenshot(SHOTS / f"40-table-{scenario}-battle.png")


def test_plates_stay_put_while_another_miniature_moves():
    """Temporal coherence: a label that sat next to its base keeps its slot when another label's anchor moves
    (the layout of an animation frame starts from the last one)."""
    pygame.init()
    surf = pygame.Surface((60, 14))
    bounds = pygame.Rect(0, 0, 600, 400)
    a = Label(("mini", 1), surf, (200, 200), 12, priority=1)
    first = place([a], bounds, [pygame.Rect(188, 188, 24, 24)])
    moved = place([a], bounds, [pygame.Rect(188, 188, 24, 24)], {("mini", 1): (-90, -30, False, (60, 14))})
    assert moved[0].rect.topleft == (110, 170) and first[0].rect.topleft != (110, 170)
    from wartime.ui.labels import offsets
    assert offsets(moved)[("mini", 1)][:2] == (-90, -30)


def test_a_planned_path_end_is_not_covered_by_a_label(tmp_path):
    """A move preview ending on the farmhouse's name: the name moves out of the way of the path's end."""
    app = _app(tmp_path, ROOT / "scenarios" / "skirmish.toml")
    gs = app.match.gs
    view = app.view
    surf = pygame.Surface(app.screen.get_size())
    farm = next(p for p in gs.board.pieces if p.id == "farmhouse")
    c = farm.polygon.centroid
    view.draw(surf, gs, DrawOptions(state_key=1))
    label = dict(view.labels_drawn)[("terrain", "farmhouse")]
    end = pygame.Rect(0, 0, 8, 8)
    end.center = tuple(map(round, view.to_screen(c.x, c.y)))
    assert label.colliderect(end)
    p = gs.pos(gs.minis()[0])
    view.draw(surf, gs, DrawOptions(state_key=1, path=[(p.x, p.y), (c.x, c.y)]))
    moved = dict(view.labels_drawn).get(("terrain", "farmhouse"))
    assert moved is None or not moved.colliderect(end)


def test_a_huge_piece_zoomed_in_is_drawn_with_bounded_memory():
    """A 150 K wood at the highest zoom: drawn at a lower scale (≤ MAX_TILE px a side) and stretched where seen."""
    from shapely.geometry import box

    from wartime.geometry.board import Board, TerrainPiece
    from wartime.ui import theme
    from wartime.ui.board_view import MAX_SCALE
    pygame.init()
    theme.reset()
    piece = TerrainPiece("big_wood", "difficult", box(10, 10, 160, 160), 0.0, False)
    board = Board(200, 200, [piece])
    art = terrain_art.render_piece(piece, "Wood", MAX_SCALE)
    assert max(art.body.get_size()) <= terrain_art.MAX_TILE + 10 and art.scale < MAX_SCALE
    shots = []
    for b in (board, Board(200, 200, [])):
        view = BoardView(b, pygame.Rect(0, 0, 800, 600))
        view.zoom_at(100.0, view.to_screen(80, 80))
        assert view.scale == MAX_SCALE
        surf = pygame.Surface((800, 600))
        view._draw_static(surf)
        shots.append(pygame.surfarray.array3d(surf).astype(int))
    # the wood's undergrowth and canopies, not the bare mat, fill the view
    assert np.abs(shots[0] - shots[1]).mean() > 15
