"""Issue 20 (ACT-1, REA-3): `options.legal_options(..., target=t)` draws the per-enemy candidates against `t` alone
(`CandidateSpace.only`); with an `accept` that keeps only options whose ``target`` is `t`, the legal options must be
exactly those of the full enumeration, in order — compared at decisions of scripted games (own activations and
reaction windows), for every offered attack key and every enemy."""
from __future__ import annotations

from pathlib import Path

import pytest

from wartime.ai import make_controller
from wartime.data.loader import load_army_list, load_scenario
from wartime.match.match import Match
from wartime.rules import options as legal
from wartime.rules.actions import REGISTRY

ROOT = Path(__file__).resolve().parents[2]


def _options(engine, key, t, hint):
    got = legal.legal_options(engine, key, lambda prm: prm.get("target") == t, t if hint else None)
    return [(o.key, o.params, o.facing, o.cost, o.label, o.kind) for o in got]


@pytest.mark.parametrize("scenario, seed", [("skirmish.toml", 4), ("tavern-brawl.toml", 5)])
def test_ACT_1_REA_3_options_against_one_target_are_the_full_enumerations(scenario, seed):
    sc = load_scenario(ROOT / "scenarios" / scenario)
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    m = Match(sc, lists, seed, {"red": make_controller("scripted", seed), "blue": make_controller("scripted", 99)})
    compared = reactions = found = 0
    for step in range(400):
        p = m.pending
        if p is None:
            break
        if p.kind in ("action", "react") and step % 3 == 0:
            keys = [k for k in p.options if REGISTRY.get(k) is not None and REGISTRY[k].is_attack]
            for key in keys:
                for t in m.gs.enemies(p.actor, able_only=False):
                    want = _options(m.engine, key, t, False)
                    assert _options(m.engine, key, t, True) == want, (step, key, t)
                    compared += 1
                    found += bool(want)
                    reactions += p.kind == "react"
        if not m.step():
            break
    assert compared > 100 and reactions > 20 and found > 5
