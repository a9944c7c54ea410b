"""Benchmarks of the legal-options API (rules/options.py) and of a whole random-vs-random game, whose
controller draws every choice from it."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _match(scenario: str, seed: int, kind: str):
    from wartime.ai import make_controller
    from wartime.data.loader import load_army_list, load_scenario
    from wartime.match.match import Match
    sc = load_scenario(ROOT / "scenarios" / scenario)
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    return Match(sc, lists, seed, {"red": make_controller(kind, 1), "blue": make_controller(kind, 2)})


def _forget(engine) -> None:
    """Empty the board's route and cover memos (issue 20), so each call computes its options from scratch."""
    board = engine.gs.board
    board.plan_memo.clear()
    board.cover_memo.clear()
    board.contact_memo.clear()


def benchmarks() -> dict:
    m = _match("skirmish.toml", 3, "random")
    while m.pending is not None and m.pending.kind != "action":       # the first activation's first action
        m.step()
    engine = m.engine

    def offered():
        engine.world.version += 1             # defeat the engine's cache: time the computation itself
        return engine.pending.options

    def offered_cold():
        engine.world.version += 1             # and drop the kept menu and world gates (options.menu_keys,
        engine.gs._stable.pop("menu_gates", None)           # options.world_shut) and wall contacts
        engine.gs._stable.pop("world_gates", None)
        engine.gs.board.contact_memo.clear()
        return engine.pending.options

    scrap = _match("scrapyard.toml", 3, "random")          # breakable walls: the scenery blows' contact probe
    while scrap.pending is not None and scrap.pending.kind != "action":
        scrap.step()

    def offered_scrapyard():
        scrap.engine.world.version += 1
        return scrap.engine.pending.options

    def all_options():
        _forget(engine)
        return list(engine.legal_options())

    def move_options():
        _forget(engine)
        return list(engine.legal_options("move"))

    def ranged_options():
        return list(engine.legal_options("ranged_attack"))

    def refusals_scan():
        """issue 20: `refusals.refuses_every_candidate` of every offered key (the random controller asks it of each
        key it draws, legal_options of each key it lists)."""
        from wartime.rules.refusals import refuses_every_candidate
        p = engine.pending
        return [refuses_every_candidate(engine, k, p) for k in p.options]

    def random_decision():
        """One random-controller decision at the first action (draws, builds and validates until one is legal)."""
        from wartime.ai.random_ai import RandomController
        _forget(engine)
        return RandomController(5).decide(m, engine.pending)

    # whole games: benchmarks/games.py (many seeds, median and p90)
    return {"options_offered_keys": offered, "options_offered_keys_cold": offered_cold,
            "options_offered_keys_scrapyard": offered_scrapyard,
            "options_all_legal_first_action": all_options,
            "options_move": move_options, "options_ranged_attack": ranged_options,
            "options_refusals_scan": refusals_scan, "options_random_decision": random_decision}
