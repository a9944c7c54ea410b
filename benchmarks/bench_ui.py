"""Benchmarks of the window: one frame of the play screen with 30 and with 80 miniatures (a 40-vs-40 game) on the
densest shipped scenario (most terrain pieces), headless (SDL dummy video driver). The aim is 60 fps: one frame
≤ 16 ms."""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parents[1]


def densest_scenario() -> Path:
    from wartime.data.loader import load_scenario
    paths = sorted((ROOT / "scenarios").glob("*.toml"))
    return max(paths, key=lambda p: (len(load_scenario(p).terrain), p.name))


def grow_to(match, n: int) -> None:
    """Clone miniatures until the world holds n, spread over free spots of the board."""
    from dataclasses import replace

    from wartime.core.components import Identity, Position
    world, gs = match.world, match.gs
    ids = gs.minis()
    board = gs.board
    spots = []
    for j in range(1, int(board.height) - 1, 2):
        for i in range(1, int(board.width) - 1, 2):
            if not board.pieces_at(i + 0.5, j + 0.5):
                spots.append((i + 0.5, j + 0.5))
    k = 0
    while len(gs.minis()) < n:
        src = ids[len(gs.minis()) % len(ids)]
        comps = [tab[src] for tab in world.tables.values() if src in tab]
        e = world.create(*comps)
        x, y = spots[(k * 7) % len(spots)]
        k += 1
        ident = world.get(e, Identity)
        world.set(e, replace(ident, name=f"{ident.name} c{e}"))
        world.set(e, Position(x, y, (k * 37) % 360))


def make_app(n_minis: int = 30):
    from wartime.ui.adapter import HUMAN, Setup
    from wartime.ui.app import App
    scen = densest_scenario()
    setup = Setup(str(scen), {"red": None, "blue": None}, 1, {"red": HUMAN, "blue": HUMAN})
    app = App(setup, fixed_dt=1 / 60, start_screen=False, saves_dir=ROOT / "saves")
    grow_to(app.match, n_minis)
    app.selected = app.match.gs.minis()[0]          # its field of view is drawn too
    app.show_zones = True
    app.step()
    return app


def benchmarks() -> dict:
    app = make_app(30)
    assert len(app.match.gs.minis()) == 30

    def frame():
        app.step()

    def draw_only():
        app.draw()

    big = make_app(80)                                 # issue 20: a 40-vs-40 game in the window
    assert len(big.match.gs.minis()) == 80

    def frame_80():
        big.step()

    stem = densest_scenario().stem
    return {f"ui_frame_30_minis_{stem}": frame, f"ui_draw_30_minis_{stem}": draw_only,
            f"ui_frame_80_minis_{stem}": frame_80}


def idle_cpu(seconds: float = 3.0) -> float:
    """Issue 14 point 6: the share of one core the play window uses while nothing happens (a human to decide, no
    animation): CPU time over wall time of the real frame loop (no fixed frame time) for `seconds`."""
    import time
    from wartime.ui.adapter import HUMAN, Setup
    from wartime.ui.app import App
    setup = Setup(str(ROOT / "scenarios" / "skirmish.toml"), {"red": None, "blue": None}, 1,
                  {"red": HUMAN, "blue": HUMAN})
    app = App(setup, start_screen=False, saves_dir=Path(os.environ.get("TMPDIR", "/tmp")) / "wartime-bench-saves")
    for _ in range(120):                          # settle: the first frames, the opening dialogs drawn
        app.step()
    w0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - w0 < seconds:
        app.step()
    return (time.process_time() - c0) / (time.perf_counter() - w0)


if __name__ == "__main__":
    print(f"idle window: {100 * idle_cpu():.1f} % of one core")
