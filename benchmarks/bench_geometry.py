"""Geometry benchmarks: `benchmarks()` maps a name to a zero-argument function to time.

Run alone with `python benchmarks/bench_geometry.py` (prints µs per call, and per pair for one-to-20).
"""
from __future__ import annotations

import sys
import timeit
from pathlib import Path

import numpy as np
from shapely.geometry import Polygon, box

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wartime.geometry.board import Board, TerrainPiece  # noqa: E402
from wartime.geometry.movement import Other, check_path, step_towards  # noqa: E402
from wartime.geometry.navigation import plan  # noqa: E402
from wartime.geometry.scatter import displace_base, scatter_point  # noqa: E402
from wartime.geometry.sight import cover_query  # noqa: E402
from wartime.geometry.templates import coverage, drop_template, round_template  # noqa: E402


def realistic_board() -> Board:
    """A 48 × 48 K table with 10 pieces: houses (one L-shaped), walls, hedges, a rock, a ruin, woods, mud."""
    return Board(48, 48, [
        TerrainPiece("house1", "blocking", box(10, 10, 16, 15), 3.0, True, 5),
        TerrainPiece("house2", "blocking", Polygon([(30, 30), (38, 30), (38, 33), (33, 33), (33, 38), (30, 38)]),
                     3.0, True, 5),
        TerrainPiece("wall1", "low", box(20, 5, 20.2, 14), 0.75, True, 2),
        TerrainPiece("wall2", "low", box(5, 25, 13, 25.2), 0.75, True, 2),
        TerrainPiece("wall3", "high", box(24, 20, 24.3, 28), 1.6, True, 3),
        TerrainPiece("rock", "high", Polygon([(40, 10), (42, 9), (43, 11), (41, 13), (39, 12)]), 1.2, True, 4),
        TerrainPiece("ruin", "high", box(14, 34, 18, 35), 1.8, True, 3),
        TerrainPiece("hedge", "low", box(26, 40, 34, 40.6), 1.0, True, 1),
        TerrainPiece("woods", "difficult", box(2, 2, 8, 8), 0.0, False, 0),
        TerrainPiece("mud", "extreme", box(40, 30, 46, 36), 0.0, False, 0),
    ])


def area_attack(board: Board):
    """A whole area attack through the rules (ARE-1..9): an R3 grenade at a cluster of 10 minis behind wall1
    (CH IMP, dispersion or placement, coverage, cover from the centre, each CH DEF), state restored each call."""
    from wartime.core.components import (Activation, Attributes, Body, Effects, Energy, Equipment, Identity, Life,
                                         Position, Posture, Psyche, Stress, Weapon, Wounds)
    from wartime.core.rng import Dice
    from wartime.core.world import World
    from wartime.rules import areas
    from wartime.rules.context import ActionContext
    from wartime.rules.sequence import Flow
    from wartime.rules.state import GameState

    world = World(Dice(7))
    gl = Weapon("gl", "Grenade launcher", 4, 4, 13, 4, area="R3", traits=("Área",))

    def mini(side, x, y, weapons=()):
        return world.create(Identity(f"{side}{x}", side, "c", 10), Attributes(9, 5, 4, 5), Body(0.5, 1.0, 1.0, 1),
                            Position(x, y, 0.0), Posture(), Energy(10), Wounds(0), Stress(0),
                            Equipment(weapons, ()), Life(), Activation(), Effects(), Psyche())
    a = mini("red", 12.0, 9.0, (gl,))
    blues = [mini("blue", 21.0 + (k % 4) * 1.1, 7.0 + (k // 4) * 1.1) for k in range(10)]
    world.resources["flow"] = Flow(turn=1, stage="action", active=a)
    gs = GameState(world, board)
    aim = areas.aim_at_target(gs, a, 0, gl, blues[5])
    snap = world.snapshot()

    def run():
        areas.resolve_area_attack(gs, ActionContext(a, "ranged_attack", {}), aim)
        world.restore(snap)
    return run


def benchmarks() -> dict:
    board = realistic_board()
    rng = np.random.default_rng(1)
    n = 20
    targets = np.c_[rng.uniform(2, 46, n), rng.uniform(2, 46, n), np.full(n, 0.5), np.zeros(n), np.ones(n)]
    eye = (3.0, 20.0, 1.0)
    pair = np.array([[22.0, 10.0, 0.5, 0.0, 1.0]])           # behind wall1: partial cover
    bx, by = rng.uniform(5, 15, 20), rng.uniform(5, 15, 20)
    rs = np.full(20, 0.5)
    r3 = round_template(10, 10, 3)
    g43 = drop_template(0, 0, 10, 10, 4, 3)
    others = [Other(float(x), float(y), 0.5, bool(i % 2)) for i, (x, y) in
              enumerate(zip(rng.uniform(25, 45, 20), rng.uniform(15, 28, 20)))]
    path = [(4.0, 18.0), (9.0, 20.0), (17.0, 21.0)]
    # eight allies in a ring round (20, 20): a pocket A* cannot enter
    pocket = [Other(20.0 + 1.6 * np.cos(a), 20.0 + 1.6 * np.sin(a), 0.5, False) for a in np.arange(8) * np.pi / 4]
    disp_others = [(float(x), float(y), 0.5) for x, y in zip(rng.uniform(25, 45, 10), rng.uniform(15, 28, 10))]

    def scatter():
        scatter_point(board, 20.0, 20.0, (4, 7), 137.0)
        displace_base(board, 22.0, 18.0, 0.5, 9.0, 200.0, 0.75, disp_others)

    area = area_attack(board)
    return {
        "area_attack_R3_10_minis": area,
        # the board memoises cover answers (issue 20): the trace itself is timed with the memo emptied first
        "los_cover_pair": lambda: (board.cover_memo.clear(), cover_query(board, eye, pair)),
        "los_cover_one_to_20": lambda: (board.cover_memo.clear(), cover_query(board, eye, targets)),
        "los_cover_pair_memo_hit": lambda: cover_query(board, eye, pair),
        "template_R3_20_bases": lambda: coverage(r3, bx, by, rs),
        "template_G4_3_20_bases": lambda: coverage(g43, bx, by, rs),
        "scatter": scatter,
        "check_path": lambda: check_path(board, path, 0.5, 0.75, 20.0, others),
        # issue 20: the search helpers, their board memos emptied first: up to 16 candidate paths towards a base
        # among the 20 (most refused), and A* routes into a pocket (proved closed, no search) and round house2
        "step_towards_20_bases": lambda: (board.step_memo.clear(),
                                          step_towards(board, (20.0, 22.0), (36.0, 22.0), 0.5, 8.0, others, 0.75)),
        "plan_into_a_pocket": lambda: (board.plan_memo.clear(),
                                       plan(board, (4.0, 18.0), (20.0, 20.0), 0.5, 0.75, pocket)),
        "plan_round_a_house": lambda: (board.plan_memo.clear(),
                                       plan(board, (28.0, 34.0), (36.0, 40.0), 0.5, 0.75, [])),
    }


def main() -> None:
    for name, fn in benchmarks().items():
        fn()
        number = 2000
        best = min(timeit.repeat(fn, number=number, repeat=5)) / number
        extra = f"   ({best / 20 * 1e6:.1f} µs per pair)" if name.endswith("one_to_20") else ""
        print(f"{name:28s} {best * 1e6:9.1f} µs{extra}")


if __name__ == "__main__":
    main()
