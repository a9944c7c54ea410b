"""The odds the window shows for an attack are exact: they equal the probabilities enumerated here from the
rules (independently of wartime.rules.odds), and 10,000 attacks resolved by the engine's own action (seeded
dice, world snapshot restored between attacks) agree within 2 points; submitted whole through the engine
(reaction windows passed), the attack rolls its CH IMP and CH DEF against the targets the window showed."""
from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

import pytest

from ui_helpers import answer_until_red_action, make_app, menu_index, mini_pos, move_to, press

from wartime.core.components import Life, Posture
from wartime.rules.actions import REGISTRY
from wartime.rules.context import ActionContext
from wartime.rules.sequence import Decision

TENTH = Fraction(1, 10)


def passes(die: int, target: int) -> bool:
    """CHK-2: a natural 1 always passes, a natural 10 always fails, otherwise die ≤ target."""
    return die == 1 or (die != 10 and die <= target)


def enumerate_ranged(imp: int, dmg: int, defense: int, blocked: int, piece_def: int, remaining: int):
    """Every die of one ranged attack (CMB-2 CH IMP; CMB-6 critical: DMG +1, ignores cover; CMB-18 all 25
    samples hidden: a cover CH DEF first, then +2; CMB-17 13+ hidden: CH DEF +2; CMB-7 critical CH DEF:
    no wounds; CMB-9 fumbled CH DEF: DMG +1; CMB-4 wounds = DMG − DEF on a pass, DMG on a fail)."""
    p_hit = exp = p_inc = Fraction(0)
    full, over_half = blocked >= 25, blocked >= 13
    for d_imp in range(1, 11):
        if not passes(d_imp, imp):
            continue
        p_hit += TENTH
        crit = d_imp == 1
        hit_dmg = dmg + (1 if crit else 0)
        covered = not crit
        cover_dice = range(1, 11) if (covered and full) else [None]
        for d_cov in cover_dice:
            p_cov = TENTH if d_cov is not None else Fraction(1)
            if d_cov is not None and passes(d_cov, piece_def):
                continue                                   # stopped by the cover: no wounds
            def_target = defense + (2 if covered and (full or over_half) else 0)
            for d_def in range(1, 11):
                if d_def == 1:
                    wounds = 0
                else:
                    d = hit_dmg + (1 if d_def == 10 else 0)
                    wounds = max(0, d - defense) if passes(d_def, def_target) else d
                p = TENTH * p_cov * TENTH
                exp += p * wounds
                if wounds >= remaining:
                    p_inc += p
    return p_hit, exp, p_inc


def range_penalty(d: float) -> int:
    """MOD-2: −1 per started 10 K beyond the first 10 K."""
    return 0 if d <= 10 else math.ceil((d - 10) / 10 - 1e-9)


POSTURE_IMP = {"standing": 0, "crouched": -1, "prone": -2}   # MVA-4 / MVA-5: shooting from more than 3 K


# the 10,000-attack recount takes 8-30 s a case: all three go to the slow pass (the default run ≤ 5 min on 2 cores);
# the default run checks the odds themselves in tests/rules/test_rules_odds*.py
@pytest.mark.slow
@pytest.mark.parametrize("case", ["as deployed", "crouched behind the wall", "prone behind the wall"])
def test_shown_odds_are_exact_and_match_10000_engine_attacks(tmp_path, case):
    app = make_app(tmp_path, seed=7, start=False)
    answer_until_red_action(app)
    p = app.match.pending
    actor = p.actor
    gs = app.match.gs
    target = 7                                       # an orc berserker
    if case != "as deployed":
        # put the target behind the low stone wall (CMB-17: > 50 % hidden; prone, MVA-5: 100 % → CMB-18)
        spot = (20.0, 18.3) if case.startswith("crouched") else (22.9, 18.3)
        gs.world.set(target, replace(gs.pos(target), x=spot[0], y=spot[1]))
        gs.world.set(target, Posture(case.split()[0]))
        app.menu = None                              # the scene changed under the window
    press(app, "menu", menu_index(app, "ranged_attack", weapon=0))
    options = app.tool.entry.options
    assert options[target].error is None
    move_to(app, mini_pos(app, target))
    pv = app.tool.attack
    odds = pv.odds
    assert pv.target == target and odds is not None

    # --- the rules, enumerated here ---
    a = gs.attrs(actor)
    dist = gs.distance(actor, target)
    weapon = gs.weapon(actor, 0)
    posture = gs.world.get(target, Posture).state
    # the rifleman stands, has not moved, wears a fitting vest: range and the target's posture modify it
    imp = a.AGI - range_penalty(dist) + POSTURE_IMP[posture]
    assert odds.imp_target == imp
    cover = gs.cover(actor, [target])[0]
    blocked = 25 if (posture == "prone" and cover.blocked > 0) else cover.blocked     # MVA-5
    assert {"as deployed": blocked < 13, "crouched behind the wall": 13 <= blocked < 25,
            "prone behind the wall": blocked == 25}[case]
    defense = gs.total_def(target)
    remaining = gs.attrs(target).CON - gs.wounds(target)
    p_hit, exp, p_inc = enumerate_ranged(imp, weapon.current_dmg, defense, blocked, cover.main_piece_def,
                                         remaining)
    def_target = defense + (2 if blocked >= 13 else 0)
    p_def = Fraction(sum(1 for d in range(1, 11) if passes(d, def_target)), 10)
    assert odds.p_hit == p_hit
    assert odds.p_def == p_def
    assert odds.expected_wounds == exp
    assert odds.p_incapacitate == p_inc

    # --- 10,000 attacks resolved by the engine's own Ataque a distancia (its validate and resolve: CH IMP,
    # cover, CH DEF, wounds) from the same position, world restored between attacks, one seeded dice stream
    m = app.match
    world, engine = m.world, m.engine
    assert options[target].facing is None
    params = {"target": target, "weapon": 0}
    action = REGISTRY["ranged_attack"]
    snap = world.snapshot()
    listeners, world.listeners = world.listeners, []
    stream = world.dice.state()
    n = 10_000
    hits = def_passed = def_rolled = incap = 0
    wounds = 0
    try:
        prepared = action.validate(gs, actor, dict(params))
        for _ in range(n):
            world.restore(snap)
            world.dice.set_state(stream)          # one continuous stream of rolls
            n0 = len(world.events)
            action.resolve(gs, ActionContext(actor, "ranged_attack", dict(params)), prepared)
            stream = world.dice.state()
            evs = world.events[n0:]
            imp_ev = next(e for e in evs if e["type"] == "check" and e["kind"] == "IMP")
            if imp_ev["passed"]:
                hits += 1
                if not imp_ev["critical"]:
                    d = [e for e in evs if e["type"] == "check" and e["kind"] == "DEF" and e["who"] == target]
                    if d:
                        def_rolled += 1
                        def_passed += d[0]["passed"]
            wounds += sum(e["wounds"] for e in evs if e["type"] == "damage" and e["target"] == target)
            incap += world.get(target, Life).state != "active"
        # and the whole pipeline (a decision submitted, every reaction window passed) rolls the same checks
        seen_def = False
        for _ in range(60):
            world.restore(snap)
            world.dice.set_state(stream)
            n0 = len(world.events)
            engine.submit(Decision("action", p.side, actor=actor, action="ranged_attack", params=dict(params)))
            while m.pending is not None and m.pending.kind == "react":
                engine.submit(Decision("react", m.pending.side, actor=m.pending.actor))
            stream = world.dice.state()
            evs = world.events[n0:]
            imp_ev = next(e for e in evs if e["type"] == "check" and e["kind"] == "IMP" and e["who"] == actor)
            assert imp_ev["target"] == odds.imp_target
            d = [e for e in evs if e["type"] == "check" and e["kind"] == "DEF" and e["who"] == target]
            if d and not imp_ev["critical"]:
                assert d[0]["target"] == odds.def_target
                seen_def = True
                break
        assert seen_def
    finally:
        world.restore(snap)
        world.listeners = listeners
    assert abs(hits / n - float(p_hit)) <= 0.02
    assert abs(def_passed / max(1, def_rolled) - float(p_def)) <= 0.02
    assert abs(incap / n - float(p_inc)) <= 0.02
    # expected wounds: within 2 % of the most a hit can do (DMG + critical + fumbled defence)
    assert abs(wounds / n - float(exp)) <= 0.02 * (weapon.current_dmg + 2)
    # the game is untouched: the real shot still happens as the window shows it
    assert m.pending.actor == actor and world.snapshot().tables == snap.tables


def test_TRT_INFINITE_RANGE_window_targets_an_out_of_view_enemy_and_shows_the_scatter(tmp_path):
    """A rifle with Alcance infinito and a VOL 2 rifleman (field of view 10 K): an enemy 20 K away is a legal target
    in the window; its preview says the shot scatters, who it may land on, and its odds count only the scatter
    landing on the target (a 1 K base: never, so P(hit) 0)."""
    from ui_helpers import shot
    from wartime.core.components import Attributes
    from wartime.rules import scattered_shots
    app = make_app(tmp_path, seed=7, start=False)
    answer_until_red_action(app)
    actor = app.match.pending.actor
    gs = app.match.gs
    w = gs.weapon(actor, 0)
    gs.set_weapon(actor, 0, replace(w, traits=tuple(w.traits) + ("TRT-INFINITE-RANGE",)))
    gs.world.set(actor, replace(gs.base_attrs(actor), VOL=2))
    target = next(e for e in gs.enemies(actor) if gs.distance(actor, e) > 10.5 and gs.has_los(actor, e))
    app.menu = None
    app.step()
    press(app, "menu", menu_index(app, "ranged_attack", weapon=0))
    assert app.tool.entry.options[target].error is None
    move_to(app, mini_pos(app, target))
    pv = app.tool.attack
    assert pv.target == target and pv.scatter == "TRT-INFINITE-RANGE"
    assert dict(pv.landing) == dict(scattered_shots.landing_odds(gs, actor, target, parked=True))
    assert pv.odds is not None and pv.odds.p_hit == 0
    shot(app, "100-infinite-range-scatter")
