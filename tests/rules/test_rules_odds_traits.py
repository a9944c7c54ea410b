"""The exact odds (rules/odds.py) with the traits they used to leave out (issue 12): the use tests and Neuropsico on
a worn protection (a check before each CH DEF may leave its DEF out) and Munición psíquica (a hit deals stress).
Each is checked twice: exactly, against the odds of the same attack with the DEF always there / never there (the
mixture the check makes), and against a large-sample simulation of the engine itself with seeded dice (tolerance:
4.5 binomial / sample standard errors; the seeds are fixed, so the test is deterministic)."""
from __future__ import annotations

import math
from fractions import Fraction

import pytest

from rules_helpers import weapon
from test_rules_traits_combat import duel
from test_rules_traits_protection import prot
from wartime.core.components import Life
from wartime.core.rng import Dice
from wartime.rules.odds import attack_odds, p_pass

Z = 4.5


def shot(red: dict, blue: dict):
    """A duel 9 K apart (rules_helpers); the odds of the red mini's ranged attack with its weapon 0."""
    g = duel(red, blue)
    a, b = g.ids
    return g, attack_odds(g.gs, a, b, weapon_index=0, ranged=True)


def simulate(red: dict, blue: dict, n: int, seed: int = 1000):
    """The engine's own resolution of the red mini's ranged attack, `n` times with seeded dice (Dice(seed + i)), from
    one snapshot: [(wounds, stress, out of action, failed CH PSIs of a worn Neuropsico)] of the target."""
    g = duel(red, blue)
    a, b = g.ids
    g.world.dice = Dice(0)
    g.start_activation(a, energy=10)
    snap = g.world.snapshot()
    out = []
    for i in range(n):
        g.world.restore(snap)
        g.world.dice = Dice(seed + i)
        seen = len(g.world.events)
        g.act(a, "ranged_attack", target=b, weapon=0)
        psi = sum(1 for ev in g.world.events[seen:] if ev["type"] == "check" and ev["kind"] == "PSI"
                  and ev["reason"].startswith("using") and not ev["passed"])
        out.append((g.wounds(b), g.stress(b), g.world.get(b, Life).state != "active" or g.gs.unconscious(b), psi))
    return out


def close_mean(xs, exact: Fraction) -> bool:
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) or 1e-9
    return abs(m - float(exact)) <= Z * sd / math.sqrt(n)


def close_p(hits: int, n: int, exact: Fraction) -> bool:
    p = float(exact)
    return abs(hits / n - p) <= Z * math.sqrt(max(p * (1 - p), 1e-4) / n)


RED = {"weapons": (weapon(DMG=6),)}


def blue(*protections, **attrs):
    return {"CON": 4, "AGI": 5, "VOL": 5, "protections": tuple(protections), **attrs}


def mixed_exactly(tid: str, attrs: dict, keep: Fraction):
    """The odds against a DEF 3 protection carrying `tid` are the mixture, with the check's pass probability `keep`,
    of the odds against the same protection plain and against none (exact Fractions)."""
    _, tested = shot(RED, blue(prot(3, tid), **attrs))
    _, plain = shot(RED, blue(prot(3), **attrs))
    _, bare = shot(RED, blue(**attrs))
    for field in ("expected_wounds", "p_incapacitate", "p_def"):
        want = keep * getattr(plain, field) + (1 - keep) * getattr(bare, field)
        assert getattr(tested, field) == want, field
    assert tested.def_target == plain.def_target and tested.p_hit == plain.p_hit
    assert bare.expected_wounds > plain.expected_wounds          # the test can fail: the DEF matters here


def test_TRT_AGILITY_TEST_odds_a_protections_DEF_counts_with_its_CH_AGIs_pass_probability():
    mixed_exactly("TRT-AGILITY-TEST", {"AGI": 4}, p_pass(4))


def test_TRT_CONSTITUTION_TEST_odds_a_protections_DEF_counts_with_its_CH_CONs_pass_probability():
    mixed_exactly("TRT-CONSTITUTION-TEST", {"CON": 7}, p_pass(7))


def test_TRT_INTELLIGENCE_TEST_odds_a_protections_DEF_counts_with_its_CH_INTs_pass_probability():
    mixed_exactly("TRT-INTELLIGENCE-TEST", {"INT": 3}, p_pass(3))


def test_TRT_WILLPOWER_TEST_odds_a_protections_DEF_counts_with_its_CH_VOLs_pass_probability():
    mixed_exactly("TRT-WILLPOWER-TEST", {"VOL": 6}, p_pass(6))


def test_TRT_NEUROPSYCHO_odds_a_protections_DEF_counts_with_its_CH_PSIs_pass_probability():
    mixed_exactly("TRT-NEUROPSYCHO", {"VOL": 6}, p_pass(6))


def test_TRT_AGILITY_TEST_odds_two_tested_protections_and_a_plain_one_independent_checks():
    """DEF 2 (Prueba de agilidad, AGI 4), DEF 1 (Prueba de voluntad, VOL 7), DEF 1 plain: four DEF values, each with
    the product of the two checks' probabilities."""
    a, v = p_pass(4), p_pass(7)
    _, tested = shot(RED, blue(prot(2, "TRT-AGILITY-TEST", key="a"), prot(1, "TRT-WILLPOWER-TEST", key="b"),
                               prot(1, key="c"), AGI=4, VOL=7))
    want = Fraction(0)
    for d, q in ((4, a * v), (2, (1 - a) * v), (3, a * (1 - v)), (1, (1 - a) * (1 - v))):
        _, o = shot(RED, blue(prot(d), AGI=4, VOL=7))
        want += q * o.expected_wounds
    assert tested.expected_wounds == want


def test_TRT_AGILITY_TEST_odds_match_a_simulation_of_the_engine():
    b = blue(prot(3, "TRT-AGILITY-TEST"))
    _, o = shot(RED, b)
    runs = simulate(RED, b, 1500)
    assert close_mean([w for w, *_ in runs], o.expected_wounds)
    assert close_p(sum(1 for _, _, out, _ in runs if out), len(runs), o.p_incapacitate)


def test_TRT_NEUROPSYCHO_odds_match_a_simulation_of_the_engine():
    b = blue(prot(4, "TRT-NEUROPSYCHO"), VOL=4, CON=5)
    _, o = shot(RED, b)
    runs = simulate(RED, b, 1500, seed=5000)
    assert close_mean([w for w, *_ in runs], o.expected_wounds)
    assert close_mean([k for *_, k in runs], o.expected_stress)


def test_TRT_NEUROPSYCHO_odds_its_failed_CH_PSI_counts_as_stress_when_the_hit_reaches_the_CH_DEF():
    """A hit (P 1/2) reaches the CH DEF; the CH PSI (VOL 6) fails 4/10: expected stress 1/5, none on a miss."""
    _, o = shot(RED, blue(prot(4, "TRT-NEUROPSYCHO"), VOL=6))
    assert o.expected_stress == Fraction(1, 2) * (1 - p_pass(6)) and o.harm == o.expected_wounds + o.expected_stress
    _, plain = shot(RED, blue(prot(4), VOL=6))
    assert plain.expected_stress == 0 and plain.harm is plain.expected_wounds


# --- Munición psíquica ------------------------------------------------------------------------------------------------
PSY = {"weapons": (weapon(DMG=6, traits=("TRT-PSYCHIC-AMMO",)),)}


def by_hand_stress(dmg: int, target: int, defense: int) -> Fraction:
    """E[stress] of one hit: a 1 takes none, a 10 DMG + 1, a pass DMG − `defense`, a failure DMG."""
    out = Fraction(0)
    for d in range(1, 11):
        n = 0 if d == 1 else dmg + 1 if d == 10 else max(0, dmg - defense) if d <= target else dmg
        out += Fraction(n, 10)
    return out


def test_TRT_PSYCHIC_AMMO_odds_count_its_hits_as_stress_not_wounds():
    """AGI 5 against 9 K: CH IMP 5 (1/10 a critical: DMG 7, 4/10 a hit: DMG 6); no Muro: CH VOL 5, stress DMG − 5 on
    a pass; expected wounds 0."""
    g, o = shot(PSY, blue(VOL=5))
    assert o.expected_wounds == 0 and o.p_hit == Fraction(1, 2)
    want = Fraction(1, 10) * by_hand_stress(7, 5, 5) + Fraction(4, 10) * by_hand_stress(6, 5, 5)
    assert o.expected_stress == want and o.harm == want
    # unconscious (stress > VOL 5): a failed CH VOL (6 or 7 stress) or a fumble
    p_out = Fraction(1, 10) * Fraction(5, 10) + Fraction(4, 10) * Fraction(5, 10)
    assert o.p_incapacitate == p_out


def test_TRT_PSYCHIC_AMMO_odds_a_Muro_gives_the_CH_DEF_and_its_use_test_mixes_it():
    """A Muro DEF 3 with Prueba de agilidad (AGI 4): its DEF with P(CH AGI 4), else the CH VOL 5."""
    from wartime.rules.odds import stress_distribution
    g, _ = shot(PSY, blue(prot(3, "TRT-WALL"), VOL=5))
    dist = dict(stress_distribution(g.gs, g.ids[0], g.ids[1], 6, None))
    assert sum(n * q for n, q in dist.items()) == by_hand_stress(6, 3, 3)
    g, _ = shot(PSY, blue(prot(3, "TRT-WALL", "TRT-AGILITY-TEST"), VOL=5, AGI=4))
    dist = dict(stress_distribution(g.gs, g.ids[0], g.ids[1], 6, None))
    k = p_pass(4)
    assert sum(n * q for n, q in dist.items()) == k * by_hand_stress(6, 3, 3) + (1 - k) * by_hand_stress(6, 5, 5)


def test_TRT_PSYCHIC_AMMO_odds_match_a_simulation_of_the_engine():
    b = blue(prot(3, "TRT-WALL", "TRT-AGILITY-TEST"), VOL=4, AGI=4)
    _, o = shot(PSY, b)
    runs = simulate(PSY, b, 1500, seed=9000)
    assert all(w == 0 for w, *_ in runs)
    assert close_mean([s for _, s, *_ in runs], o.expected_stress)
    assert close_p(sum(1 for _, _, out, _ in runs if out), len(runs), o.p_incapacitate)


def test_TRT_PSYCHIC_AMMO_odds_the_scripted_AI_values_the_stress():
    """The scripted AI's value of a shot (expected harm + 2 × P(out of action)) is positive for a psychic rifle: it
    reads the stress the odds count (it read 0 expected wounds before)."""
    from wartime.ai.scripted import ScriptedController
    g, o = shot(PSY, blue(VOL=5))
    a, b = g.ids
    ai = ScriptedController()
    w = g.gs.weapon(a, 0)
    value = ai._shot_value(g.gs, a, "ranged_attack", {"target": b, "weapon": 0}, b, 0, w)
    assert value == pytest.approx(float(o.expected_stress) + 2 * float(o.p_incapacitate)) and value > 0


def test_TRT_PSYCHIC_AMMO_odds_a_Neuropsico_Muro_its_failed_CH_PSI_adds_a_stress_and_a_CH_VOL():
    """A Muro DEF 3 with Neuropsico (VOL 5): kept with P(CH PSI 5), else +1 stress and the CH VOL 5."""
    from wartime.rules.odds import stress_distribution
    g, _ = shot(PSY, blue(prot(3, "TRT-WALL", "TRT-NEUROPSYCHO"), VOL=5))
    dist = dict(stress_distribution(g.gs, g.ids[0], g.ids[1], 6, None))
    k = p_pass(5)
    assert sum(n * q for n, q in dist.items()) == k * by_hand_stress(6, 3, 3) + (1 - k) * (1 + by_hand_stress(6, 5, 5))
    b = blue(prot(3, "TRT-WALL", "TRT-NEUROPSYCHO"), VOL=5)
    _, o = shot(PSY, b)
    runs = simulate(PSY, b, 1200, seed=13000)
    assert close_mean([s for _, s, *_ in runs], o.expected_stress)


# --- the area value the AI reads (rules.areas.expected_area_value) ---------------------------------------------------
def area_value(*target_protections, wtraits=(), **attrs) -> Fraction:
    """An R3 of DMG 4 aimed at one enemy (AGI 9 shooter: CH IMP 9, a 1 critical); the enemy's value, exact."""
    from test_rules_areas import area_weapon, blue as area_blue, game as area_game
    from rules_helpers import M
    from wartime.rules import areas
    g = area_game(M(side="red", x=10, y=20, AGI=9, weapons=(area_weapon(traits=wtraits),)),
                  area_blue(20, 20, protections=tuple(target_protections), **attrs))
    a, t = g.ids
    w = g.gs.weapon(a, 0)
    # the function returns floats: recompute its sum exactly through the same odds to compare like with like
    return Fraction(areas.expected_area_value(g.gs, areas.aim_at_target(g.gs, a, 0, w, t), a)[0])


def test_TRT_WILLPOWER_TEST_odds_an_area_value_mixes_the_protections_DEF():
    k = p_pass(6)
    tested = area_value(prot(3, "TRT-WILLPOWER-TEST"), VOL=6)
    mix = k * area_value(prot(3), VOL=6) + (1 - k) * area_value(VOL=6)
    assert float(tested) == pytest.approx(float(mix), abs=1e-12)
    assert area_value(prot(3), VOL=6) < tested < area_value(VOL=6)


def test_TRT_PSYCHIC_AMMO_odds_an_area_values_its_stress_not_wounds():
    """CH IMP 9 (8/10 a hit, 1/10 a critical: DMG 5); the enemy (VOL 5, stress 0) makes a CH VOL 5: its expected
    stress, + 2 × P(stress > 5)."""
    v = area_value(wtraits=("TRT-PSYCHIC-AMMO",), VOL=5)
    want = Fraction(8, 10) * by_hand_stress(4, 5, 5) + Fraction(1, 10) * by_hand_stress(5, 5, 5) \
        + 2 * Fraction(1, 10) * Fraction(1, 10)          # a critical's fumbled CH VOL: 6 stress > 5
    assert float(v) == pytest.approx(float(want), abs=1e-12)
    assert area_value(VOL=5) != v


def test_TRT_PSYCHIC_AMMO_odds_the_window_shows_the_expected_stress():
    """The odds panel's rows (the combat system's odds_view) carry the expected stress of a psychic shot; a plain
    shot's rows are unchanged."""
    from wartime.rules import combat_systems
    g, o = shot(PSY, blue(VOL=5))
    rows = {label: v for label, v, _ in combat_systems.active(g.gs).odds_view(o).rows}
    assert rows["Expected stress"] == o.expected_stress and rows["Expected wounds"] == 0
    g, plain = shot(RED, blue(VOL=5))
    assert "Expected stress" not in {label for label, _, _ in combat_systems.active(g.gs).odds_view(plain).rows}
