"""Issue 20: `Charge.target_refused` (CBA-12) marks a charge at an enemy that the engine refuses whatever its path,
boost and facing (MOV-11 another altitude level, GNA-9 hidden, TRT-NEGATE, ENV-2 no line of sight), so the engine's
listing (the candidates' `refused`) and the scripted AI's charges skip planning paths to it. Compared here with the
full validation of every charge candidate at every 'action' and 'react' decision of list games where fliers and
hidden goblins meet; the filtered listing equals the unfiltered one, in order."""
from __future__ import annotations

import json
from pathlib import Path

from test_draw_prefilter import _unfiltered_options
from wartime.ai import make_controller
from wartime.core.errors import RuleViolation
from wartime.data.loader import load_army_list, load_scenario
from wartime.match.match import Match
from wartime.rules import options as legal
from wartime.rules.actions import REGISTRY

ROOT = Path(__file__).resolve().parents[2]


def _list_decisions(red: str, blue: str, seed: int, n: int, controller: str):
    sc = load_scenario(ROOT / "scenarios" / "skirmish.toml")
    lists = {s: load_army_list(ROOT / "scenarios" / "lists" / f"{name}.toml") for s, name in (("red", red), ("blue", blue))}
    m = Match(sc, lists, seed, {"red": make_controller(controller, seed), "blue": make_controller(controller, seed + 1000)},
              checkpoints=False)
    for _ in range(n):
        if m.pending is None:
            return
        yield m
        m.step()


def test_CBA_12_MOV_11_GNA_9_ENV_2_charge_target_refused_is_refused():
    """CBA-12, MOV-11, GNA-9, ENV-2: every enemy `Charge.target_refused` answers is one no charge candidate reaches
    (each built is refused by the engine), the engine lists the same charges in the same order as without the
    answer, and the answer is given for each of its reasons."""
    charge = REGISTRY["charge"]
    refused = allowed = compared = 0
    reasons: set[str] = set()
    for red, blue, seed, ctl in (("motorised", "horde", 1, "scripted"), ("horde", "motorised", 2, "random"),
                                 ("hexers", "horde", 3, "scripted")):
        for m in _list_decisions(red, blue, seed, 260, ctl):
            p = m.pending
            if p.kind not in ("action", "react") or "charge" not in p.options:
                continue
            gs = m.gs
            marked = {t for t in gs.enemies(p.actor) if charge.target_refused(gs, p.actor, t)}
            refused += len(marked)
            allowed += len(gs.enemies(p.actor)) - len(marked)
            for t in marked:
                try:
                    charge._target(gs, p.actor, {"target": t})
                    reasons.add("ENV-2")
                    assert not gs.has_los(p.actor, t)
                except RuleViolation as exc:
                    reasons.add(exc.rule_id)
            for c in legal.candidates(m.engine, "charge", p):
                params = c.build()
                if params is None or params.get("target") not in marked:
                    continue
                try:
                    legal.validate_candidate(m.engine, c, params, p)
                except RuleViolation:
                    continue
                raise AssertionError((red, blue, p.kind, params))
            got = [(o.key, json.dumps(o.params, sort_keys=True), o.facing, o.cost, o.label)
                   for o in legal.legal_options(m.engine, "charge")]
            assert got == _unfiltered_options(m.engine, p, ("charge",)), (red, blue, ctl, p.kind)
            compared += 1
    assert compared > 50 and refused > 50 and allowed > 50, (compared, refused, allowed)
    assert {"MOV-11", "GNA-9", "ENV-2"} <= reasons, reasons
