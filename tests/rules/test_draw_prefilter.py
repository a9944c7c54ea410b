"""Issue 20: the answers that let the random controller skip building and validating candidates
(`refusals.refuses_every_candidate`: `energy.surely_unaffordable` with
`geometry.movement.least_surcharge`, and `Action.refusal` in a reaction window) never hide a legal option. Each is compared here
with the full validation of every candidate, at every 'action' decision of games on several shipped scenarios."""
from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from wartime.ai import make_controller
from wartime.core.errors import RuleViolation
from wartime.data.loader import load_army_list, load_scenario
from wartime.geometry import movement as geo_move
from wartime.match.match import Match
from wartime.rules import energy, options as legal, refusals
from wartime.rules.actions import REGISTRY

ROOT = Path(__file__).resolve().parents[2]


def _match(name: str, seed: int, controller: str = "random", lists: tuple[str, str] | None = None) -> Match:
    """A game of scenario `name`, with its default lists or `lists` (red, blue: names in scenarios/lists)."""
    sc = load_scenario(ROOT / "scenarios" / name)
    armies = ({s: load_army_list(p) for s, p in sc.default_lists.items()} if lists is None else
              {s: load_army_list(ROOT / "scenarios" / "lists" / f"{n}.toml") for s, n in zip(("red", "blue"), lists)})
    return Match(sc, armies, seed, {"red": make_controller(controller, seed),
                                    "blue": make_controller(controller, seed + 1000)})


def _decisions(name: str, seed: int, n: int, controller: str = "random", lists: tuple[str, str] | None = None):
    """The first `n` decisions of a game of `name` (`controller` on both sides; `lists` as `_match`): yields the
    match before each one is taken."""
    m = _match(name, seed, controller, lists)
    for _ in range(n):
        if m.pending is None:
            return
        yield m
        m.step()


def test_ENE_4_MOV_7_least_price_bounds_every_legal_move():
    """ENE-1, ENE-4, MOV-7: at every 'action' decision, every legal candidate of a move (an action with
    `least_cost_prepared`) costs at least `energy.least_price`, and a key `surely_unaffordable` refuses has no legal
    candidate at all."""
    bounded = refused = above = 0
    for name, seed in (("skirmish.toml", 1), ("crossroads.toml", 2), ("ruins.toml", 3), ("tavern-brawl.toml", 4)):
        for m in _decisions(name, seed, 160):
            p = m.pending
            if p.kind != "action":
                continue
            for key in p.options:
                action = REGISTRY[key]
                least = energy.least_price(m.gs, p.actor, action)
                if least is None:
                    continue
                bounded += 1
                hopeless = energy.surely_unaffordable(m.gs, p.actor, action)
                for c in legal.candidates(m.engine, key, p):
                    params = c.build()
                    if params is None:
                        continue
                    try:
                        cost = legal.validate_candidate(m.engine, c, params, p)
                    except RuleViolation:
                        continue
                    assert not hopeless, (name, key, params)
                    assert cost >= least, (name, key, params, cost, least)
                    above += cost > 1
                refused += hopeless
    assert bounded > 100 and refused > 5 and above > 5       # both answers were exercised


def test_ENE_1_REA_2_least_weapon_price_bounds_every_legal_attack():
    """ENE-1, REA-2 (issue 20: the scripted AI skips pricing shots a spent reactor cannot pay for): at 'action' and
    'react' decisions of scripted games with the shipped lists' weapon and race traits, every legal attack with a
    weapon (an action declaring `least_weapon_prepared`) costs at least `energy.least_weapon_price` of its weapon and
    target, and some cost more (a fire mode or a trait's + ENE)."""
    from wartime.rules.energy import least_weapon_price
    from wartime.balance.specs import toggle_trait
    seen = {"action": 0, "react": 0}
    above = 0
    shooters = ROOT / "scenarios" / "lists" / "shooters.toml"
    modes = load_army_list(shooters)                # the riflemen with both fire modes and a race's + ENE
    for trait in ("TRT-HEAVY-FIRE", "TRT-LONG-RANGE-FIRE", "TRT-BLOODLESS"):
        modes = toggle_trait(modes, str(shooters), "rifleman", "+", trait)
    for red, blue, seed in (("horde", modes, 1), ("hexers", "elite", 2), ("snipers", "beasts", 3)):
        sc = load_scenario(ROOT / "scenarios" / "skirmish.toml")
        lists = {s: x if not isinstance(x, str) else load_army_list(ROOT / "scenarios" / "lists" / f"{x}.toml")
                 for s, x in (("red", red), ("blue", blue))}
        m = Match(sc, lists, seed, {"red": make_controller("scripted", seed),
                                    "blue": make_controller("scripted", seed + 1000)})
        for i in range(240):
            p = m.pending
            if p is None:
                break
            if p.kind in seen and i % 3 == 0:
                for o in legal.legal_options(m.engine):
                    action = REGISTRY[o.key]
                    w, t = o.params.get("weapon"), o.params.get("target")
                    if not isinstance(w, int) or getattr(action, "least_weapon_prepared", None) is None:
                        continue
                    least = least_weapon_price(m.gs, p.actor, action, w, t)
                    assert o.cost >= least, (seed, i, o.key, o.params, o.cost, least)
                    seen[p.kind] += 1
                    above += o.cost > least
            m.step()
    assert seen["action"] > 40 and seen["react"] > 100 and above > 20, (seen, above)


def test_MOV_7_MOV_8_least_surcharge_bounds_check_path():
    """MOV-7, MOV-8, MVA-4: every path `check_path` accepts from a start has at least `least_surcharge`, over random
    starts and paths on the shipped boards (starts in difficult terrain included)."""
    rng = random.Random(5)
    positive = checked = 0
    for name in ("skirmish.toml", "crossroads.toml", "ruins.toml", "ruined-town.toml", "scrapyard.toml"):
        board = _match(name, 1).gs.board
        for _ in range(300):
            r = rng.choice([0.5, 0.75, 1.0])
            start = (rng.uniform(r, board.width - r), rng.uniform(r, board.height - r))
            chest, crouched = rng.choice([0.5, 1.0, 2.0]), rng.random() < 0.2
            elevation = rng.choice([0.0, 0.0, 0.0, 3.0])
            least = geo_move.least_surcharge(board, start, r, chest, crouched=crouched, elevation=elevation)
            positive += least > 0
            for _ in range(4):
                pts = [start]
                for _ in range(rng.choice([1, 1, 2])):
                    a, d = rng.uniform(0, 6.3), rng.uniform(0.0, 4.0)
                    pts.append((pts[-1][0] + d * math.cos(a), pts[-1][1] + d * math.sin(a)))
                chk = geo_move.check_path(board, pts, r, chest, 10.0, [], crouched=crouched, elevation=elevation)
                if chk.ok:
                    checked += 1
                    assert chk.surcharge >= least, (name, start, pts, chk.surcharge, least)
    assert positive > 20 and checked > 500


def _legal(m, key: str, p) -> list[dict]:
    out = []
    for c in legal.candidates(m.engine, key, p):
        params = c.build()
        if params is None:
            continue
        assert "at" not in params, (key, params)          # refusals' premise: no engine candidate picks a point
        try:
            legal.validate_candidate(m.engine, c, params, p)
        except RuleViolation:
            continue
        out.append(params)
    return out


def test_ACT_5_REA_3_ENE_4_refuses_every_candidate_hides_no_legal_option():
    """ACT-5, REA-3, ENE-4, REA-2, CBA-24: at every 'action' and 'react' decision of random games on four shipped scenarios, a key
    `refusals.refuses_every_candidate` answers has no legal candidate; both kinds are answered."""
    answered = {"action": 0, "react": 0, "flee": 0, "REA-2": 0}
    for name, seed in (("skirmish.toml", 5), ("crossroads.toml", 6), ("ruined-town.toml", 7), ("tavern-brawl.toml", 8)):
        for m in _decisions(name, seed, 220):
            p = m.pending
            if p.kind not in answered:
                continue
            for key in p.options:
                if refusals.refuses_every_candidate(m.engine, key, p):
                    answered[p.kind] += 1
                    if p.kind == "react" and key == "flee":
                        answered["flee"] += 1             # CBA-24 / MVA-5: engaged or prone (Flee.available)
                    elif p.kind == "react" and REGISTRY[key].refusal(m.gs, p.actor) is None:
                        answered["REA-2"] += 1            # REA-2: even the least price goes below −10
                    assert _legal(m, key, p) == [], (name, p.kind, key)
    assert answered["action"] > 5 and answered["react"] > 20, answered
    assert answered["flee"] > 5 and answered["REA-2"] > 0, answered


@pytest.mark.slow          # ~6 s of four games' candidates: the slow pass (the default run's 5 minutes)
def test_MOV_3_CMB_11_CBA_12_a_surely_refused_candidate_is_refused():
    """MOV-3, CMB-11, CBA-12: at every 'action' and 'react' decision of random games on four shipped scenarios, a
    candidate whose `surely_refused` answers (a charge at an enemy beyond its reach in a straight line) builds
    nothing or is refused by the engine; some are answered and some are not."""
    answered = unanswered = 0
    for name, seed in (("skirmish.toml", 1), ("crossroads.toml", 2), ("ruins.toml", 9), ("scrapyard.toml", 3)):
        for m in _decisions(name, seed, 220):
            p = m.pending
            if p.kind not in ("action", "react"):
                continue
            for key in p.options:
                for c in legal.candidates(m.engine, key, p):
                    if c.refused is None:
                        continue
                    if not c.surely_refused():
                        unanswered += 1
                        continue
                    answered += 1
                    params = c.build()
                    if params is None:
                        continue
                    try:
                        legal.validate_candidate(m.engine, c, params, p)
                    except RuleViolation:
                        continue
                    raise AssertionError((name, key, params))
    assert answered > 50, answered
    # pseudo-random placements near the actor, where charges reach: answered and unanswered candidates, legal ones
    from wartime.core.components import Position
    from tests.rules.rules_helpers import Game, M
    rng = random.Random(3)
    near = legal_seen = 0
    for _ in range(40):
        g = Game(M(x=15, y=15), M(side="blue", x=18, y=15, facing=180.0), M(side="blue", x=22, y=18, facing=180.0))
        a, b, c = g.ids
        for e in (b, c):
            ang, d = rng.uniform(0, 2 * math.pi), rng.uniform(1.2, 9.0)
            g.set(e, Position(15 + d * math.cos(ang), 15 + d * math.sin(ang), rng.uniform(0, 360), 1))
        g.start_activation(a)
        p = g.pending
        for c in legal.candidates(g.engine, "charge", p):
            params = c.build()
            try:
                legal.validate_candidate(g.engine, c, params, p) if params is not None else None
                ok = params is not None
            except RuleViolation:
                ok = False
            if c.surely_refused():
                answered += 1
                assert not ok, params
            else:
                near += 1
                legal_seen += ok
    assert near > 10 and legal_seen > 5, (near, legal_seen)


def _unfiltered_options(engine, p, keys=None):
    """`options.legal_options` of `keys` (default: every key `p` offers) without `unaffordable`,
    `refuses_every_candidate` nor `surely_refused`."""
    import json
    out = []
    for k in (p.options if keys is None else keys):
        seen = set()
        for c in legal.candidates(engine, k, p):
            params = c.build()
            if params is None:
                continue
            sig = json.dumps([params, c.facing], sort_keys=True)
            if sig in seen:
                continue
            seen.add(sig)
            try:
                cost = legal.validate_candidate(engine, c, params, p)
            except RuleViolation:
                continue
            out.append((k, json.dumps(params, sort_keys=True), c.facing, cost, c.label))
    return out


def test_ACT_5_ENE_4_legal_options_skip_only_refused_candidates():
    """ACT-5, ENE-4, MOV-3: the engine's legal options, which skip the keys and candidates `refusals` and
    `surely_refused` answer, are the unfiltered ones in the same order, at decisions of two shipped games."""
    import json
    compared = 0
    for name, seed in (("tavern-brawl.toml", 2), ("skirmish.toml", 4)):
        for i, m in enumerate(_decisions(name, seed, 200)):
            p = m.pending
            if p.kind not in ("action", "react") or i % 3:
                continue
            got = [(o.key, json.dumps(o.params, sort_keys=True), o.facing, o.cost, o.label)
                   for o in legal.legal_options(m.engine)]
            assert got == _unfiltered_options(m.engine, p), (name, i)
            compared += 1
    assert compared > 40
