"""Issue 20: `Action.target_refused` marks an enemy that the engine refuses to be charged (CBA-12: MOV-11 another
altitude level, GNA-9 hidden, TRT-NEGATE, ENV-2 no line of sight) or rammed (CBA-23: the same but the line of sight)
whatever the path, boost and facing, so the engine's listing (the candidates' `refused`) and the scripted AI's
charges skip planning paths to it. Compared here with the full validation of every candidate at every 'action' and
'react' decision of list games where fliers, drivers and hidden goblins meet; the filtered listing equals the
unfiltered one, in order."""
from __future__ import annotations

import json
import math

from test_draw_prefilter import _decisions, _unfiltered_options
from wartime.core.errors import RuleViolation
from wartime.rules import options as legal
from wartime.rules.actions import REGISTRY


def test_CBA_12_CBA_23_MOV_11_GNA_9_ENV_2_target_refused_is_refused():
    """CBA-12, CBA-23, MOV-11, GNA-9, ENV-2: every enemy `target_refused` answers for Cargar or Embestir is one no
    candidate of that action reaches (each built is refused by the engine), the engine lists the same options in
    the same order as without the answer, and the answer is given for each of its reasons."""
    refused = dict.fromkeys(("charge", "ram"), 0)
    allowed = dict.fromkeys(("charge", "ram"), 0)
    compared = 0
    reasons: dict[str, set[str]] = {"charge": set(), "ram": set()}
    for red, blue, seed, ctl in (("motorised", "horde", 1, "scripted"), ("horde", "motorised", 2, "random"),
                                 ("hexers", "horde", 3, "scripted"), ("motorised", "beasts", 4, "random")):
        for m in _decisions("skirmish.toml", seed, 260, ctl, (red, blue)):
            p = m.pending
            if p.kind not in ("action", "react"):
                continue
            gs = m.gs
            for key in ("charge", "ram"):
                if key not in p.options:
                    continue
                act = REGISTRY[key]
                marked = {t for t in gs.enemies(p.actor) if act.target_refused(gs, p.actor, t)}
                refused[key] += len(marked)
                allowed[key] += len(gs.enemies(p.actor)) - len(marked)
                for t in marked:
                    try:
                        REGISTRY["charge"]._target(gs, p.actor, {"target": t})
                        assert key == "charge" and not gs.has_los(p.actor, t)
                        reasons[key].add("ENV-2")
                    except RuleViolation as exc:
                        reasons[key].add(exc.rule_id)
                for c in legal.candidates(m.engine, key, p):
                    params = c.build()
                    if params is None or params.get("target") not in marked:
                        continue
                    try:
                        legal.validate_candidate(m.engine, c, params, p)
                    except RuleViolation:
                        continue
                    raise AssertionError((red, blue, p.kind, key, params))
                got = [(o.key, json.dumps(o.params, sort_keys=True), o.facing, o.cost, o.label)
                       for o in legal.legal_options(m.engine, key)]
                assert got == _unfiltered_options(m.engine, p, (key,)), (red, blue, ctl, p.kind, key)
                compared += 1
    assert compared > 100 and min(refused.values()) > 20 and min(allowed.values()) > 20, (compared, refused, allowed)
    assert {"MOV-11", "GNA-9", "ENV-2"} <= reasons["charge"] and {"MOV-11", "GNA-9"} <= reasons["ram"], reasons


def test_MOV_6_drive_refused_paths_are_refused():
    """MOV-6: a path and free turn `riding.drive_refused` marks for a character riding a transport (a charge's or a
    ram's contact paths, Mover straight ahead, turned, or after a turn) is refused by the engine's full validation,
    at decisions of list games with drivers; both answers are given, and paths it does not mark are legal."""
    from wartime.ai.candidates import contact_paths, facing_to
    from wartime.rules import riding
    from wartime.rules.flow import Decision

    marked = unmarked = legal_unmarked = 0
    for red, blue, seed, ctl in (("motorised", "horde", 1, "scripted"), ("convoy", "motorised", 2, "scripted")):
        for m in _decisions("skirmish.toml", seed, 300, ctl, (red, blue)):
            p = m.pending
            gs = m.gs
            if p.kind != "action" or not riding.rides(gs, p.actor):
                continue
            pe = gs.pos(p.actor)
            tries = []
            if "move" in p.options:
                for turn, k in ((0.0, 1.0), (0.0, 2.5), (0.3, 2.0), (10.0, 2.0), (45.0, 1.5)):
                    a = math.radians(pe.facing + turn)
                    path = [[round(pe.x + k * math.cos(a), 4), round(pe.y + k * math.sin(a), 4)]]
                    tries += [("move", {"path": path}, None), ("move", {"path": path}, pe.facing + turn)]
            for key in ("charge", "ram"):
                if key in p.options:
                    for t in gs.enemies(p.actor):
                        tries += [(key, {"target": t, "path": path}, facing_to(gs, p.actor, t))
                                  for path in contact_paths(gs, p.actor, t, 12.0)]
            for key, params, facing in tries:
                d = Decision("action", p.side, actor=p.actor, action=key, params=params, facing=facing)
                try:
                    m.engine.check_action(d.actor, d.action, d.params, d.chain, d.facing)
                    legal = True
                except RuleViolation:
                    legal = False
                if riding.drive_refused(gs, p.actor, params["path"], facing):
                    marked += 1
                    assert not legal, (red, blue, key, params, facing)
                else:
                    unmarked += 1
                    legal_unmarked += legal
    assert marked > 50 and unmarked > 20 and legal_unmarked > 10, (marked, unmarked, legal_unmarked)
