"""Issue 20: a ranged attack's candidate that `RangedAttack.candidates` marks refused (`combat.shot_out_of_reach`:
the attacker engaged, CMB-10; the target beyond the weapon's RNG, CBA-3 / BAS-3; hidden, GNA-9; no line of fire,
ENV-2) or a CBA-2 / CBA-3 / CBA-4 variant's marks (`_RangedVariant.surely_refused`) is one the engine refuses, so
`options.legal_options` may skip it before building and validating it. Compared here with the full validation at
every 'action' and 'react' decision of scripted and random games on several shipped scenarios; the filtered listing
equals the unfiltered one, in order. CBA-3: a blind shot without a line of fire that no ally sees (`spotted`)."""
from __future__ import annotations

import json

from test_draw_prefilter import _decisions, _unfiltered_options
from wartime.core.errors import RuleViolation
from wartime.rules import options as legal
from wartime.rules.actions import combat, combat_special

SHOTS = ("ranged_attack", "ranged_attack_beyond_view", "ranged_attack_blind", "ranged_attack_long")


def test_CBA_3_GNA_9_ENV_2_CBA_2_CBA_4_CMB_10_surely_refused_shots_are_refused():
    """CBA-2, CBA-3, CBA-4, BAS-3, CMB-10, GNA-9, ENV-2: every ranged-attack candidate `surely_refused` answers builds nothing or is refused
    by the engine, and `legal_options` lists the same options in the same order as the full validation, at every
    decision of scripted and random games on four shipped scenarios; both answers are exercised."""
    answered = unanswered = compared = hidden = blind = in_sight = unspotted = 0
    for name, seed, ctl in (("skirmish.toml", 1, "scripted"), ("crossroads.toml", 2, "scripted"),
                            ("ruins.toml", 3, "scripted"), ("skirmish.toml", 4, "random"),
                            ("ruined-town.toml", 5, "random")):
        for m in _decisions(name, seed, 200, ctl):
            p = m.pending
            if p.kind not in ("action", "react"):
                continue
            for key in SHOTS:
                if key not in p.options:
                    continue
                for c in legal.candidates(m.engine, key, p):
                    if c.refused is None or not c.surely_refused():
                        unanswered += 1
                        continue
                    answered += 1
                    params = c.build()
                    if params is None:
                        continue
                    t, w = params.get("target"), m.gs.weapon(p.actor, params["weapon"])
                    if t is not None and t in m.gs.minis():
                        hidden += combat.target_refused(m.gs, p.actor, t)
                        blind += combat.no_line_of_fire(m.gs, p.actor, t, w)
                        # CBA-3 with the line of fire open, in view and RNG: only the muzzle's LOS answers it
                        in_sight += (key == "ranged_attack_blind" and not combat.no_line_of_fire(m.gs, p.actor, t, w)
                                     and m.gs.distance(p.actor, t) <= min(w.RNG, m.gs.fov_range(p.actor))
                                     and not m.gs.engaged(p.actor) and not combat.target_refused(m.gs, p.actor, t))
                        # CBA-3 without the line of fire, in view and RNG: only the allies' sight answers it
                        unspotted += (key == "ranged_attack_blind" and combat.no_line_of_fire(m.gs, p.actor, t, w)
                                      and not combat_special.spotted(m.gs, p.actor, t)
                                      and m.gs.distance(p.actor, t) <= min(w.RNG, m.gs.fov_range(p.actor))
                                      and not m.gs.engaged(p.actor) and not combat.target_refused(m.gs, p.actor, t))
                    try:
                        legal.validate_candidate(m.engine, c, params, p)
                    except RuleViolation:
                        continue
                    raise AssertionError((name, p.kind, key, params))
                got = [(o.key, json.dumps(o.params, sort_keys=True), o.facing, o.cost, o.label)
                       for o in legal.legal_options(m.engine, key)]
                assert got == _unfiltered_options(m.engine, p, (key,)), (name, ctl, p.kind)
                compared += 1
    assert answered > 50 and unanswered > 20 and compared > 100, (answered, unanswered, compared)
    assert hidden > 5 and blind > 20 and in_sight > 20 and unspotted > 20, (hidden, blind, in_sight, unspotted)
