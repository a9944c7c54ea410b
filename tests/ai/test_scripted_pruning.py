"""The scripted controller's shortcuts (issue 20: whole games in tens of milliseconds) pick what the exhaustive
search picks: flanking spots tried nearest first with a bound (GNA-9), charges skipped when no attack after them
could beat the best (CBA-12), and the scored reaction shots kept for one world version (REA-4) are recomputed
once the state changes."""
from __future__ import annotations

import math

from tests.ai.test_scripted_objects import stub
from tests.ai.test_scripted_hidden import WALL, _failed_discovery
from tests.rules.rules_helpers import Game, M, armour, blade, weapon
from wartime.ai import scripted_hidden
from wartime.ai.candidates import action, legal_cost, path_moves, path_towards
from wartime.ai.scripted import ScriptedController
from wartime.core.components import Equipment


def _flank_every_spot(match, p):
    """GNA-9 ruling (1) the long way (the loop `flank` had before issue 20): every spot of the ring in order, the
    shortest acceptable end, the first of equals."""
    gs, engine = match.gs, match.engine
    e = p.actor
    t = [x for x in scripted_hidden.failed_on(gs, e) if gs.distance(e, x) <= gs.mov(e) + 4.0][0]
    pe, pt = gs.pos(e), gs.pos(t)
    for key, allowance in path_moves(gs, p):
        best = None
        for r in scripted_hidden.FLANK_RADII:
            for b in scripted_hidden.FLANK_BEARINGS:
                spot = (pt.x + r * math.cos(math.radians(b)), pt.y + r * math.sin(math.radians(b)))
                path = path_towards(gs, e, spot, allowance)
                if not path or math.hypot(path[-1][0] - spot[0], path[-1][1] - spot[1]) > 0.3:
                    continue
                length = math.hypot(path[-1][0] - pe.x, path[-1][1] - pe.y)
                if best is not None and length >= best[0]:
                    continue
                if not scripted_hidden._exposed_from(gs, e, t, (path[-1][0], path[-1][1])):
                    continue
                d = action(p, key, path=path)
                cost = legal_cost(engine, d)
                if cost is not None and cost + 2 <= gs.energy(e):
                    best = (length, d)
        if best is not None:
            return best[1]
    return None


def test_GNA_9_flank_picks_the_spot_trying_every_spot_picks():
    """GNA-9 ruling (1): behind the wall, the flanking move found nearest first is the exhaustive search's."""
    g = Game(M(side="red", x=14, y=11.5, facing=0.0, INT=1, mov=4, weapons=(blade(),)),
             M(side="blue", x=19.2, y=11.5, facing=180.0, weapons=(blade(),)), pieces=[WALL])
    a, b = g.ids
    _failed_discovery(g, a, b)
    match, p = stub(g), g.pending
    got, want = scripted_hidden.flank(match, p), _flank_every_spot(match, p)
    assert want is not None
    assert (got.action, got.params) == (want.action, want.params)


def test_GNA_9_flank_spots_nearest_first_out_of_reach_dropped():
    """The bound of each spot is its distance less the 0.3 K an end may miss it by (and a little slack); a spot
    farther than the move plus 0.3 K is left out; order: bound, then the ring's order."""
    spots = [(5.0, 0.0), (2.0, 0.0), (0.0, 2.0), (9.0, 0.0)]
    got = scripted_hidden._nearest_first(type("P", (), {"x": 0.0, "y": 0.0})(), spots, 5.0)
    assert [n for _, n, _ in got] == [1, 2, 0]
    assert got[0][0] < 2.0 - scripted_hidden.FLANK_NEAR and got[0][0] > 2.0 - scripted_hidden.FLANK_NEAR - 0.01


def _charge_target(*enemies: M) -> int:
    g = Game(M(side="red", x=10, y=20, facing=0.0, mov=4, weapons=(blade(),)), *enemies)
    g.start_activation(g.ids[0], energy=10)
    best = ScriptedController()._best_charge(stub(g), g.pending)
    assert best is not None
    return g.ids.index(best[1].params["target"])


def test_CBA_12_equal_charges_keep_the_first_a_better_one_wins():
    """CBA-12: of two like enemies in reach the first is charged (the second, no better, is not even planned); an
    unarmoured one is charged before an armoured one even when it comes second."""
    assert _charge_target(M(side="blue", x=14, y=19, facing=180.0, weapons=(blade(),)),
                          M(side="blue", x=14, y=21, facing=180.0, weapons=(blade(),))) == 1
    assert _charge_target(M(side="blue", x=14, y=19, facing=180.0, weapons=(blade(),), protections=(armour(2),)),
                          M(side="blue", x=14, y=21, facing=180.0, weapons=(blade(),))) == 2


def test_REA_4_scored_reaction_shots_follow_the_state():
    """REA-4: the scored shots at the attacker are kept, in one reaction decision's memo, for the world version they
    were computed at (`_react` asks twice), and computed afresh once the state changes: then they equal a memo-less
    answer. The controller itself keeps no state (a search's rollout policy relies on it)."""
    g = Game(M(side="red", x=10, y=20, facing=0.0, weapons=(weapon(),)),
             M(side="blue", x=20, y=20, facing=180.0, energy=4, weapons=(weapon(),)))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "ranged_attack", target=b, weapon=0)
    p = g.pending
    ctl, memo = ScriptedController(), {}
    before = dict(vars(ctl))
    first = ctl._reaction_shots(stub(g), p, a, True, -5, memo)
    assert first and ctl._reaction_shots(stub(g), p, a, True, -5, memo) is first
    g.set(a, Equipment((weapon(),), (armour(2),)))        # the attacker puts on armour: a worse shot
    again = ctl._reaction_shots(stub(g), p, a, True, -5, memo)
    fresh = ctl._reaction_shots(stub(g), p, a, True, -5)
    assert [(v, k, o.params) for v, k, o in again] == [(v, k, o.params) for v, k, o in fresh]
    assert again[0][0] < first[0][0]
    assert vars(ctl) == before
