"""Benchmarks of the scripted controller's own time (issue 20, session 18): one decision of the first activation
of a scripted skirmish game, and the engine's dry-run answer it asks (`candidates.legal_cost`) fresh and kept for
the world's version."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def benchmarks() -> dict:
    from wartime.ai import make_controller
    from wartime.ai.candidates import action, end_key, legal_cost
    from wartime.data.loader import load_army_list, load_scenario
    from wartime.match.match import Match
    sc = load_scenario(ROOT / "scenarios" / "skirmish.toml")
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    m = Match(sc, lists, 3, {"red": make_controller("scripted", 3), "blue": make_controller("scripted", 1003)})
    while m.pending is not None and m.pending.kind != "action":       # the first activation's first action
        m.step()
    p, engine, world = m.pending, m.engine, m.gs.world
    ctl = make_controller("scripted", 3)
    d = action(p, end_key(p))

    def decide():
        return ctl.decide(m, p)

    def fresh():
        world.bump_version()                # a new state: the engine is asked (and the answer kept)
        return legal_cost(engine, d)

    def kept():
        return legal_cost(engine, d)        # the same state: the kept answer

    return {"scripted_decide_first_action": decide, "scripted_legal_cost_fresh": fresh,
            "scripted_legal_cost_kept": kept}
