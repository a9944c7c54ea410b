"""Issue 20: `Engine.pending` is kept per world version and resources, and `reactors.window_options` per world
version, facing and window kind (rules/sequence.py, rules/reactors.py). Neither may ever answer differently from
the computation afresh: compared here at every decision of whole games on several shipped scenarios, with random
and scripted controllers, before the controller decides and again after its dry runs (the `pending` that
`submit` reads), and for every enemy of the acting character in every open reaction window."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from wartime.ai import make_controller
from wartime.data.loader import load_army_list, load_scenario
from wartime.match.match import Match
from wartime.rules import reactors

ROOT = Path(__file__).resolve().parents[2]


class _Checked:
    """Wraps a controller: at each decision, the kept `pending` is the fresh one (before and after deciding) and
    every window option the memo gives is the fresh one."""

    def __init__(self, inner, seen: dict):
        self.inner = inner
        self.kind = getattr(inner, "kind", None)
        self.seen = seen

    def _compare(self, match) -> None:
        eng = match.engine
        kept = eng.pending
        assert kept == eng._pending()
        assert eng.pending is kept or kept is None or not isinstance(kept.options, tuple)
        w = eng.flow.window
        if eng.flow.stage == "react" and w is not None:
            gs = match.gs
            for e in gs.minis():
                if gs.side(e) != gs.side(w.actor):
                    assert reactors.window_options(gs, w, e) == reactors._window_options(gs, w, e)
                    self.seen["windows"] += 1
        self.seen[None if kept is None else kept.kind] = self.seen.get(None if kept is None else kept.kind, 0) + 1

    def decide(self, match, pending):
        self._compare(match)
        d = self.inner.decide(match, pending)
        self._compare(match)              # the controller's dry runs (check_action, check_reaction) left it valid
        return d


@pytest.mark.parametrize("scenario,kind,seed", [
    ("skirmish.toml", "random", 1), ("skirmish.toml", "scripted", 2), ("crossroads.toml", "random", 3),
    ("tavern-brawl.toml", "random", 4), ("ruins.toml", "scripted", 5), ("convoy.toml", "random", 6),
])
def test_SEQ_1_REA_3_REA_1_kept_pending_and_window_options_are_the_fresh_ones(scenario, kind, seed):
    sc = load_scenario(ROOT / "scenarios" / scenario)
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    seen: dict = {"windows": 0}
    ctrls = {s: _Checked(make_controller(kind, seed + i), seen) for i, s in enumerate(("red", "blue"))}
    m = Match(sc, lists, seed, ctrls, checkpoints=False)
    for _ in range(400):
        if not m.step():
            break
    assert seen.get("action") and seen.get("react") and seen["windows"]     # the memos were asked where they answer


def test_SEQ_1_pending_sees_a_resource_written_without_a_version_bump():
    """A resource replaced without `bump_version` (a question stored, a pool spent) is seen: the kept answer is
    keyed by the resource objects too."""
    sc = load_scenario(ROOT / "scenarios" / "skirmish.toml")
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    m = Match(sc, lists, 1, {s: make_controller("random", 1) for s in ("red", "blue")}, checkpoints=False)
    while m.pending is not None and m.pending.kind != "action":
        m.step()
    eng = m.engine
    before = eng.pending
    assert before.kind == "action"
    version = m.world.version
    flow = m.world.resources["flow"]
    m.world.resources["flow"] = replace(flow, stage="over")     # no bump
    assert m.world.version == version
    assert eng.pending is None and eng._pending() is None
    m.world.resources["flow"] = flow
    assert eng.pending == before
