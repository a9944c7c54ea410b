"""Issue 20: `Action.refusal` answers what `Action.available` (ACT-5) answers without raising: the rule ID it would
raise, or None. The engine offers keys (rules/options.py) and opens trait-gated reaction keys (rules/reactors.py)
from `refusal`; the actions refused most of the time test their usual refusal first. Compared here with the raising
API for every registered action and every miniature on the table, over positions of random games played with every
shipped list (their traits: designators, leaps, swarm weapons, metahabilities, transports...) and over
pseudo-random placements."""
from __future__ import annotations

from wartime.core.components import Position
from wartime.core.errors import RuleViolation
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.base import Action

from tests.match.game_helpers import LISTS, ROOT, make_match
from tests.rules.rules_helpers import Game, M, blade, piece, weapon
from tests.rules.test_options_prefilter import _lcg
from wartime.data.loader import load_army_list


def _raised(action: Action, gs, e: int) -> str | None:
    try:
        action.available(gs, e)
    except RuleViolation as exc:
        return exc.rule_id
    return None


def _compare(gs, seen: dict) -> None:
    for e in gs.minis():
        if not gs.on_table(e):
            continue
        for key, action in REGISTRY.items():
            want = _raised(action, gs, e)
            assert action.refusal(gs, e) == want, (key, e, want)
            seen.setdefault(key, set()).add(want is None)


def _overriders() -> set[str]:
    return {k for k, a in REGISTRY.items() if type(a).refusal is not Action.refusal}


def test_ACT_5_refusal_matches_available_in_random_games():
    seen: dict = {}
    for i in range(0, len(LISTS), 4):
        lists = {"red": load_army_list(LISTS[i]), "blue": load_army_list(LISTS[(i + 1) % len(LISTS)])}
        m = make_match(ROOT / "scenarios" / "skirmish.toml", 3 + i, red="random", blue="random", lists=lists)
        for n in range(20):
            if not m.step():
                break
            if n in (9, 19):
                _compare(m.gs, seen)
    fast = _overriders()
    assert len(fast) >= 15
    assert all(k in seen for k in fast)
    assert sum(True in seen[k] for k in fast) >= 5          # some of them accepted, not only refused


def test_ACT_5_refusal_matches_available_over_placements():
    u = _lcg(5)
    seen: dict = {}
    for _ in range(4):
        g = Game(M(x=10, y=20, weapons=[weapon(), blade()]), M(side="blue", x=14, y=20, facing=180.0),
                 M(side="red", x=11, y=21), M(side="blue", x=30, y=25, facing=180.0, weapons=[weapon()]),
                 pieces=[piece("hedge", "low", 18, 10, 19, 30, height=0.5)])
        for e in g.ids[1:]:
            g.set(e, Position(8 + 8 * next(u), 16 + 8 * next(u), 360 * next(u), 1))
        g.start_activation(g.ids[0])
        _compare(g.gs, seen)
    assert {True, False} <= set().union(*seen.values())
