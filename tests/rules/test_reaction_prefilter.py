"""Issue 20: the cheap pre-filters of reaction windows never change an answer. `out_of_fov_reason` (REA-1 / ENV-1)
answers `sight_reason` only for watchers clearly beyond their FOV range along the whole track; compared here with
the full question (FOV mask, LOS) over many deterministic pseudo-random placements, facings and tracks, a wall on
the board, ranges around the boundary included."""
from __future__ import annotations

import math

from wartime.core.components import Position
from wartime.rules import reactions

from tests.rules.rules_helpers import Game, M, piece


def _lcg(seed: int):
    """A deterministic stream of floats in [0, 1) (no `random` anywhere near the engine)."""
    x = seed
    while True:
        x = (1103515245 * x + 12345) % (2 ** 31)
        yield x / 2 ** 31


def _placements(n: int):
    u = _lcg(20)
    for _ in range(n):
        ox, oy, facing = 2 + 44 * next(u), 2 + 44 * next(u), 360 * next(u)
        k = 1 + int(3 * next(u))
        track = [(2 + 44 * next(u), 2 + 44 * next(u)) for _ in range(k)]
        if next(u) < 0.3:               # a point right at the FOV range edge (VOL 5 x 5 = 25 K) from the watcher
            a = math.radians(360 * next(u))
            d = 25.0 + 1.0 + (next(u) - 0.5) * 2e-6     # edge distance 25 K +- 1e-6 (radii 0.5 + 0.5)
            track[0] = (ox + d * math.cos(a), oy + d * math.sin(a))
        yield ox, oy, facing, track


def test_REA_1_prefilter_gives_the_full_answer_for_every_watcher(monkeypatch):
    g = Game(M(x=10, y=20), M(side="blue", x=30, y=20, facing=180.0),
             pieces=[piece("wall", "blocking", 20, 10, 21, 30, height=4.0, blocks_los=True)])
    a, b = g.ids
    full, behind = reactions.out_of_fov_reason, reactions.behind_reason
    answered = fallen_through = behind_answered = 0
    for ox, oy, facing, track in _placements(200):
        g.set(b, Position(ox, oy, facing, 1))
        quick = full(ox, oy, facing, g.gs.fov_range(b), g.gs.body(b).radius, g.gs.body(a).radius, track)
        arc = behind(ox, oy, facing, g.gs.body(a).radius, track)
        got = reactions.sight_reason(g.gs, b, a, track)
        monkeypatch.setattr(reactions, "out_of_fov_reason", lambda *args: None)
        monkeypatch.setattr(reactions, "behind_reason", lambda *args: None)
        want = reactions.sight_reason(g.gs, b, a, track)
        monkeypatch.setattr(reactions, "out_of_fov_reason", full)
        monkeypatch.setattr(reactions, "behind_reason", behind)
        assert got == want, (ox, oy, facing, track)
        if arc is not None:
            assert arc == want == reactions.NOT_IN_FOV
            behind_answered += 1
        if quick is None:
            fallen_through += 1
        else:
            assert quick == want
            answered += 1
    assert answered > 15 and fallen_through > 15 and behind_answered > 15      # every path was exercised


def test_REA_1_arc_prefilter_answers_only_a_track_wholly_behind():
    """The arc pre-filter (no FOV range asked): a track wholly behind the watcher's front line is not in its FOV;
    one point touching the line (a base's edge on it) or ahead of it: no quick answer."""
    f = reactions.behind_reason
    assert f(0.0, 0.0, 0.0, 0.5, [(-3.0, 0.0), (-0.6, 40.0)]) == reactions.NOT_IN_FOV
    assert f(0.0, 0.0, 0.0, 0.5, [(-3.0, 0.0), (-0.5, 40.0)]) is None
    assert f(0.0, 0.0, 180.0, 0.5, [(-3.0, 0.0)]) is None
    assert f(0.0, 0.0, 90.0, 0.5, [(0.0, -0.7), (50.0, -1.0)]) == reactions.NOT_IN_FOV


def test_REA_1_prefilter_answers_only_beyond_the_range():
    """A watcher 30 K from the track facing it: out of range (in the arc); facing away: not in the FOV; 20 K away
    (within its 25 K): no quick answer (LOS must be traced)."""
    f = reactions.out_of_fov_reason
    assert f(0.0, 0.0, 0.0, 25.0, 0.5, 0.5, [(31.0, 0.0)]) == reactions.OUT_OF_RANGE
    assert f(0.0, 0.0, 180.0, 25.0, 0.5, 0.5, [(31.0, 0.0)]) == reactions.NOT_IN_FOV
    assert f(0.0, 0.0, 0.0, 25.0, 0.5, 0.5, [(40.0, 0.0), (21.0, 0.0)]) is None


def test_REA_3_evolve_makes_the_record_replace_makes():
    """Issue 20: `flow.evolve` (the engine's fast `replace` for Flow and Window) gives an equal record, leaves the
    original unchanged, and refuses an unknown field as `replace` does."""
    from dataclasses import replace

    import pytest

    from wartime.rules.flow import Flow, evolve
    from wartime.rules.reactions import Window
    f = Flow(turn=2, order=("red", "blue"), stage="action", active=3)
    assert evolve(f, stage="react", bullet_time=(4,)) == replace(f, stage="react", bullet_time=(4,))
    assert f.stage == "action" and f.bullet_time == ()
    w = Window(timing="declaration", actor=3, action="move", target=None, params={"path": [[1.0, 2.0]]}, queue=(5, 6))
    assert evolve(w, queue=(6,), outcomes=((5, "passed"),)) == replace(w, queue=(6,), outcomes=((5, "passed"),))
    with pytest.raises(TypeError):
        evolve(f, stagee="over")


def test_REA_1_ENV_1_scalar_fov_test_gives_the_array_answer(monkeypatch):
    """Issue 20: at one level `_traced_reason` tests the FOV point by point in scalars; its answer is the array
    form's (`sight.fov_mask` over the whole track) for every placement, tracks at the range's edge (± 1e-6 K and
    exactly on it) and a base touching the front line included, with and without a reach through walls
    (TRT-META-VISION)."""
    from wartime.rules.state import GameState
    g = Game(M(x=10, y=20), M(side="blue", x=30, y=20, facing=180.0),
             pieces=[piece("wall", "blocking", 20, 10, 21, 30, height=4.0, blocks_los=True)])
    a, b = g.ids
    gs = g.gs
    seen: dict[str, int] = {}
    u = _lcg(33)
    cases = list(_placements(300))
    for ox, oy, facing, track in cases[:60]:           # the range's edge exactly, and the front line grazed
        rad = math.radians(facing)
        cases.append((ox, oy, facing, [(ox + 26.0 * math.cos(rad), oy + 26.0 * math.sin(rad))]))
        cases.append((ox, oy, facing, [(ox - 0.5 * math.cos(rad) + 10 * math.sin(rad),
                                        oy - 0.5 * math.sin(rad) - 10 * math.cos(rad))]))
    for i, (ox, oy, facing, track) in enumerate(cases):
        g.set(b, Position(ox, oy, facing, 1))
        reach = 6.0 if next(u) < 0.3 else None
        monkeypatch.setattr(GameState, "sight_reach", lambda self, e, reach=reach: reach)
        args = (gs, b, a, track, gs.pos(b), gs.pos(a), gs.fov_range(b), gs.body(b).radius, gs.body(a).radius)
        got = reactions._traced_reason(*args)
        assert got == reactions._traced_reason_arrays(*args), (ox, oy, facing, track, reach)
        seen[got] = seen.get(got, 0) + 1
    assert all(seen.get(k, 0) > 5 for k in (reactions.BY_SIGHT, reactions.NO_LOS, reactions.OUT_OF_RANGE,
                                            reactions.NOT_IN_FOV)), seen


def test_REA_1_MOV_12_sight_memo_tells_the_actors_level_apart():
    """REA-1 / MOV-12 (session 17): a level-1 watcher behind a low wall does not see an actor at level 1 beyond it
    but sees it at level 2, 3 K up, at the same spot; the sight memo keys the actor's level, so the second question
    is not answered from the first (with one memo, fresh answers for each level agree)."""
    wall = piece("wall", "blocking", 15, 17, 15.5, 23, height=1.5, blocks_los=True)
    g = Game(M(x=10, y=20), M(side="blue", x=20, y=20, facing=180.0), pieces=[wall])
    a, b = g.ids
    track = [(10.0, 20.0)]
    fresh = {}
    for level in (1, 2):
        g.set(a, Position(10, 20, 0.0, level))
        fresh[level] = reactions.sight_reason(g.gs, b, a, track)
    assert fresh == {1: reactions.NO_LOS, 2: reactions.BY_SIGHT}
    memo: dict = {}
    for level in (1, 2, 1):
        g.set(a, Position(10, 20, 0.0, level))
        assert reactions.sight_reason(g.gs, b, a, track, memo) == fresh[level]


def test_REA_1_MVA_10_a_climber_is_seen_where_it_clings():
    """REA-1 / ENV-2 / MVA-10 (session 17): the survey traces a climber's silhouette where it clings, raised by the K
    it climbed (`GameState.target_row`, the row an attack on it traces), not on the ground: a watcher behind a low
    wall does not see the actor on the ground beyond it, and sees it 2.5 K up a post at the same spot (with and
    without the sight memo)."""
    from wartime.core.components import Climbing
    wall = piece("wall", "blocking", 15, 17, 15.5, 23, height=1.5, blocks_los=True)
    post = piece("post", "blocking", 8.4, 19, 9.4, 21, height=4, blocks_los=True)
    g = Game(M(x=10, y=20), M(side="blue", x=20, y=20, facing=180.0), pieces=[wall, post])
    a, b = g.ids
    track = [(10.0, 20.0)]
    memo: dict = {}
    assert reactions.sight_reason(g.gs, b, a, track) == reactions.NO_LOS
    assert reactions.sight_reason(g.gs, b, a, track, memo) == reactions.NO_LOS
    g.set(a, Climbing("post", 2.5))
    assert reactions.sight_reason(g.gs, b, a, track) == reactions.BY_SIGHT
    assert reactions.sight_reason(g.gs, b, a, track, memo) == reactions.BY_SIGHT
