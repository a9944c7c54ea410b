"""Benchmarks of a reaction window's survey (issue 20, REA-1..3: rules/reactors.py): who may react to a move
declared mid-game in skirmish, every fact asked afresh (a new world version, the board's cover memo and the sight
memo emptied), and the keys a window offers each watcher (trait-gated ones included); `Engine.pending` asked again of
an unchanged state (kept per version and resources) and afresh (`_pending`)."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def benchmarks() -> dict:
    from wartime.ai import make_controller
    from wartime.data.loader import load_army_list, load_scenario
    from wartime.match.match import Match
    from wartime.rules import reactions, reactors
    sc = load_scenario(ROOT / "scenarios" / "skirmish.toml")
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    m = Match(sc, lists, 3, {"red": make_controller("random", 1), "blue": make_controller("random", 2)})
    for _ in range(60):                          # mid-game: both sides deployed and facing each other
        m.step()
    gs = m.gs
    actor = next(e for e in gs.minis() if gs.on_table(e) and gs.able(e))
    p = gs.pos(actor)
    track = reactions.sample_path([(p.x, p.y), (p.x + 4.0, p.y + 2.0)])
    w = reactions.Window("declaration", actor, "move", None, params={"path": [list(track[-1])]},
                         start=(p.x, p.y, p.facing))
    order = tuple(gs.sides)
    watchers = reactions.enemies_in_order(gs, actor, order)

    def survey():
        gs.world.version += 1                    # defeat the per-version memos: time the questions themselves
        gs.board.cover_memo.clear()
        return reactors.survey(gs, w, order, track, memo={})

    def options():
        gs.world.version += 1
        return [reactors.window_options(gs, w, e) for e in watchers]

    def pending_kept():
        return m.engine.pending                  # Match.step, legal_options and submit ask it of one state

    def pending_fresh():
        return m.engine._pending()

    return {"window_survey_move_skirmish": survey, "window_options_every_watcher": options,
            "engine_pending_kept": pending_kept, "engine_pending_fresh": pending_fresh}
