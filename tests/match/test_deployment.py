"""Deployment before turn 1 (issue 14; rules/deployment.py): each side in scenario order answers one 'deploy'
decision, keeping its default spots (auto) or placing its miniatures inside its zone; illegal spots are refused
naming the rule and change nothing; the record holds the deployment, so a replay re-simulates it; the AIs deploy
legally, the scripted one spread out and in cover where it can."""
from __future__ import annotations

import math

import pytest

from tests.match.game_helpers import ROOT, make_match
from wartime.core.errors import RuleViolation
from wartime.match.record import load_record
from wartime.match.save import build_match
from wartime.rules.sequence import Decision

SKIRMISH = ROOT / "scenarios" / "skirmish.toml"        # red zone y 0-4, blue zone y 20-24; walls in the middle
TOWN = ROOT / "scenarios" / "ruined-town.toml"


def start(path=SKIRMISH, seed: int = 3, **kw):
    return make_match(path, seed, **kw)


def test_the_game_starts_with_red_then_blue_deploying():
    m = start()
    p = m.pending
    assert (p.kind, p.side) == ("deploy", "red") and p.options == tuple(e for e in m.gs.minis()
                                                                        if m.gs.side(e) == "red")
    before = {e: (m.gs.pos(e).x, m.gs.pos(e).y) for e in m.gs.minis()}
    m.submit(Decision("deploy", "red"))                                 # auto: the default spots
    assert m.pending.kind == "deploy" and m.pending.side == "blue"
    assert {e: (m.gs.pos(e).x, m.gs.pos(e).y) for e in m.gs.minis()} == before
    ev = m.world.events[-1]
    assert ev["type"] == "deployed" and ev["auto"] is True and len(ev["positions"]) == 4
    e = m.pending.options[0]
    m.submit(Decision("deploy", "blue", params={"positions": {str(e): [30.0, 22.0, 270.0]}}))
    assert (m.gs.pos(e).x, m.gs.pos(e).y, m.gs.pos(e).facing) == (30.0, 22.0, 270.0)
    assert m.pending.kind == "initiative" and m.world.events[-1]["type"] != "deployed"


@pytest.mark.parametrize("spot, rule, words", [
    ([18.0, 10.0], "SEQ-1", "not wholly inside red's deployment zone"),     # the middle of the board
    ([18.0, 4.2], "SEQ-1", "not wholly inside"),                             # the base pokes out of the zone
    ([-0.2, 2.0], "SEQ-1", "off the board"),
])
def test_a_spot_outside_the_zone_is_refused_and_nothing_changes(spot, rule, words):
    m = start()
    e = m.pending.options[0]
    before = m.gs.pos(e)
    with pytest.raises(RuleViolation) as exc:
        m.submit(Decision("deploy", "red", params={"positions": {str(e): spot}}))
    assert exc.value.rule_id == rule and words in exc.value.message
    assert m.gs.pos(e) == before and m.pending.kind == "deploy" and m.pending.side == "red" and not m.decisions


def test_overlapping_bases_and_other_sides_minis_are_refused():
    m = start()
    a, b = m.pending.options[:2]
    with pytest.raises(RuleViolation) as exc:
        m.submit(Decision("deploy", "red", params={"positions": {str(a): [10.0, 2.0], str(b): [10.5, 2.0]}}))
    assert exc.value.rule_id == "BAS-2" and m.gs.name(a) in exc.value.message
    blue = next(e for e in m.gs.minis() if m.gs.side(e) == "blue")
    with pytest.raises(RuleViolation) as exc:
        m.submit(Decision("deploy", "red", params={"positions": {str(blue): [10.0, 2.0]}}))
    assert "not a miniature red places" in exc.value.message
    with pytest.raises(RuleViolation):
        m.submit(Decision("deploy", "red", params={"positions": {str(a): ["x", 2.0]}}))


def test_blocking_terrain_and_water_are_refused():
    """MOV-9 / MVA-11: no base deployed on a house, a wall or in the canal. No shipped zone holds such terrain, so
    the test widens red's zone to the whole ruined town first (the zones are the game's, `GameState.deployment`)."""
    from shapely.geometry import box
    m = start(TOWN)
    m.gs.deployment["red"] = box(0, 0, m.gs.board.width, m.gs.board.height)
    e = m.pending.options[0]
    cases = {"house_red": "MOV-9", "canal_centre": "MVA-11"}
    for piece_id, rule in cases.items():
        c = m.gs.board.piece(piece_id).polygon.representative_point()
        with pytest.raises(RuleViolation) as exc:
            m.submit(Decision("deploy", "red", params={"positions": {str(e): [c.x, c.y]}}))
        assert exc.value.rule_id == rule and piece_id in exc.value.message
    assert not m.decisions


def test_the_record_holds_the_deployment_and_replays_it(tmp_path):
    m = start(seed=5, red="scripted", blue="random")
    m.play()
    path = tmp_path / "game.jsonl"
    m.write_record(path)
    rec = load_record(path)
    assert rec.decisions[0]["kind"] == "deploy" and rec.decisions[1]["kind"] == "deploy"
    again = build_match(rec)
    for d in rec.decisions:
        again.submit(Decision.from_json(d))
    assert again.checksums() == m.checksums()


@pytest.mark.parametrize("path", [SKIRMISH, TOWN, ROOT / "scenarios" / "crossroads.toml"])
def test_scripted_deploys_legally_spread_out(path):
    m = start(path, seed=2)
    for _ in range(2):
        p = m.pending
        d = m.controllers[p.side].decide(m, p)
        assert d.params.get("positions"), "the scripted AI places its miniatures itself"
        m.submit(d)
        mine = [e for e in m.gs.minis() if m.gs.side(e) == p.side and m.gs.pos(e).level == 1]
        gaps = [math.dist((m.gs.pos(a).x, m.gs.pos(a).y), (m.gs.pos(b).x, m.gs.pos(b).y))
                for i, a in enumerate(mine) for b in mine[i + 1:]]
        assert min(gaps) >= 2.0, gaps
    assert m.pending.kind == "initiative"


def test_random_deploys_legally():
    for seed in range(6):
        m = start(seed=seed, red="random", blue="random")
        m.step()
        m.step()
        assert m.pending.kind == "initiative"


@pytest.mark.parametrize("path", [SKIRMISH, TOWN])
def test_SEQ_1_BAS_2_check_added_accepts_what_check_of_the_whole_map_accepts(path):
    """SEQ-1, BAS-2, MOV-9 (issue 20): `deployment.check_added` (one new spot beside spots `check` accepted) accepts
    and refuses exactly what `check` of the whole map does, over pseudo-random spots in and around each zone (bases
    overlapping placed ones, off the zone, on terrain), and returns the spot `check` would."""
    import random as _random

    from wartime.rules import deployment
    m = start(path)
    gs, rng = m.gs, _random.Random(11)
    seen = {"ok": 0, "refused": 0}
    for side in gs.sides:
        minx, miny, maxx, maxy = gs.deployment[side].bounds
        mine = [e for e in m.gs.minis() if gs.side(e) == side]
        for _ in range(12):
            placed, raw = {}, {}
            for e in mine:
                spot = [round(rng.uniform(minx - 1, maxx + 1), 2), round(rng.uniform(miny - 1, maxy + 1), 2),
                        float(rng.randrange(360))]
                try:
                    whole = deployment.check(gs, side, {"positions": {**raw, str(e): spot}})
                except RuleViolation:
                    whole = None
                try:
                    got = deployment.check_added(gs, side, placed, str(e), spot)
                except RuleViolation:
                    got = None
                assert (got is None) == (whole is None), (side, e, spot)
                if got is not None:
                    assert whole[got[0]] == got[1]
                    raw[str(e)], placed[got[0]] = spot, got[1]
                seen["ok" if got else "refused"] += 1
    assert seen["ok"] > 20 and seen["refused"] > 20, seen
