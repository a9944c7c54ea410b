"""Statistics: Wilson intervals, games needed for ±2 %, verdicts, and the ridge-logistic design values
recovered from synthetic games of a known model."""
from __future__ import annotations

import math

import numpy as np
import pytest

from wartime.balance.stats import (Z95, fit_design_values, games_for_half_width, rate, side_rates,
                                   wilson_interval)

pytestmark = pytest.mark.xdist_group("balance")


@pytest.mark.parametrize("k,n", [(0, 10), (3, 10), (10, 10), (57, 120), (1000, 2000), (1, 1)])
def test_wilson_interval_matches_scipy(k, n):
    from scipy.stats import binomtest        # here, not at collection: scipy.stats takes ~2 s to import in every worker
    ci = binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    lo, hi = wilson_interval(k, n)
    assert lo == pytest.approx(ci.low, abs=1e-9) and hi == pytest.approx(ci.high, abs=1e-9)


def test_draws_count_half_and_the_interval_takes_a_fractional_count():
    r = rate(wins=6, draws=2, losses=2)
    assert r["score"] == pytest.approx(0.7)
    lo, hi = wilson_interval(7.0, 10)
    assert (r["ci_low"], r["ci_high"]) == (lo, hi)
    assert r["games"] == 10 and r["draws"] == 2


def test_games_for_two_percent_is_z2_p_q_over_h2():
    assert games_for_half_width(0.5) == math.ceil(Z95 ** 2 * 0.25 / 0.0004) == 2401
    r = rate(500, 0, 500)
    assert r["too_wide"] and r["verdict"] == "too wide to conclude"
    assert r["games_for_2pct"] == 2401 and r["more_games"] == 1401
    big = rate(1250, 0, 1250)
    assert not big["too_wide"] and big["verdict"] == "even (±2 %)" and big["more_games"] == 0
    assert rate(80, 0, 20)["verdict"] == "favoured" and rate(20, 0, 80)["verdict"] == "unfavoured"


def test_first_player_is_the_turn_1_initiative_winner():
    games = [{"winner": "red", "first_player": "red"}, {"winner": "blue", "first_player": "blue"},
             {"winner": None, "first_player": "red"}, {"winner": "red", "first_player": "blue"}]
    s = side_rates(games)
    assert (s["first_player"]["wins"], s["first_player"]["draws"], s["first_player"]["losses"]) == (2, 1, 1)
    assert (s["red"]["wins"], s["red"]["draws"], s["red"]["losses"]) == (2, 1, 1)


def _synthetic(values: dict[str, float], costs: dict[str, int], lists: dict[str, dict[str, int]], n: int,
               logit_per_100: float, seed: int = 0):
    """Games whose red-win log-odds is logit_per_100 · (value_red − value_blue) / 100 exactly."""
    rng = np.random.default_rng(seed)
    games, chars = [], []
    names = sorted(lists)
    gid = 0
    for a in names:
        for b in names:
            if a == b:
                continue
            va = sum(values[d] * c for d, c in lists[a].items())
            vb = sum(values[d] * c for d, c in lists[b].items())
            p = 1 / (1 + math.exp(-logit_per_100 * (va - vb) / 100))
            for _ in range(n):
                key = f"g{gid}"
                gid += 1
                win = rng.random() < p
                games.append({"game_key": key, "winner": "red" if win else "blue",
                              "red_cost": sum(costs[d] * c for d, c in lists[a].items()),
                              "blue_cost": sum(costs[d] * c for d, c in lists[b].items())})
                for side, lst in (("red", a), ("blue", b)):
                    for d, c in lists[lst].items():
                        chars.extend({"game_key": key, "side": side, "character_id": d, "cost": costs[d]}
                                     for _ in range(c))
    return games, chars


def test_the_fit_recovers_values_in_points_when_list_costs_differ():
    costs = {"a": 50, "b": 50, "c": 100}
    values = {"a": 80, "b": 40, "c": 100}           # a underpriced by 30, b overpriced by 10
    lists = {"aa": {"a": 2}, "bb": {"b": 2}, "c": {"c": 1}, "a": {"a": 1}, "b": {"b": 1}, "ab": {"a": 1, "b": 1}}
    games, chars = _synthetic(values, costs, lists, n=400, logit_per_100=1.5)
    fit = fit_design_values(games, chars)
    assert fit["identified"] and fit["converged"]
    assert fit["points_coef"] == pytest.approx(1.5, abs=0.2)
    got = {d["character_id"]: d for d in fit["designs"]}
    for d, v in values.items():
        assert got[d]["value"] == pytest.approx(v, abs=10)
    assert got["a"]["value"] > got["a"]["cost"] and got["b"]["value"] < got["b"]["cost"]
    # the split between the price of a point and the mispricings rests on the prior with three designs only:
    # the errors say so
    for d in got.values():
        assert d["value_se"] is not None and d["value_se"] > 5


def test_equal_cost_lists_leave_the_points_term_unidentified():
    costs = {"a": 50, "b": 50}
    lists = {"aa": {"a": 2}, "bb": {"b": 2}, "ab": {"a": 1, "b": 1}}
    games, chars = _synthetic({"a": 70, "b": 30}, costs, lists, n=200, logit_per_100=1.0)
    fit = fit_design_values(games, chars)
    assert not fit["identified"] and fit["points_coef"] is None
    got = {d["character_id"]: d for d in fit["designs"]}
    assert got["a"]["value"] is None and got["a"]["logit"] > 0 > got["b"]["logit"]


def test_designs_that_always_appear_together_are_reported_as_confounded():
    """Issue 15 point 3: 'x' and 'y' are fielded only by one list, one copy each: the games cannot tell them apart
    (their penalised coefficients come out identical), and the fit says so; 'a' varies on its own."""
    costs = {"a": 50, "x": 30, "y": 20}
    lists = {"aa": {"a": 2}, "xy": {"x": 1, "y": 1, "a": 1}, "a": {"a": 1}}
    games, chars = _synthetic({"a": 50, "x": 60, "y": 20}, costs, lists, n=100, logit_per_100=1.0)
    fit = fit_design_values(games, chars)
    assert fit["confounded"] == [["x", "y"]]
    got = {d["character_id"]: d for d in fit["designs"]}
    assert got["x"]["logit"] == pytest.approx(got["y"]["logit"], abs=1e-6)
    lists["x"] = {"x": 2}                           # now 'x' is fielded without 'y'
    games, chars = _synthetic({"a": 50, "x": 60, "y": 20}, costs, lists, n=100, logit_per_100=1.0)
    assert fit_design_values(games, chars)["confounded"] == []


def _ladder_games(ctrl_red, ctrl_blue, strength, n, rng):
    """Every ordered pairing of lists A, B, C, D played n times; red wins with p from the lists' strengths."""
    out = []
    for a in strength:
        for b in strength:
            if a == b:
                continue
            p = 1 / (1 + math.exp(-(strength[a] - strength[b])))
            for _ in range(n):
                out.append({"red_list": a, "blue_list": b, "red_base_list": a, "blue_base_list": b,
                            "red_list_name": a, "blue_list_name": b, "red_cost": 300, "blue_cost": 300,
                            "winner": "red" if rng.random() < p else "blue",
                            "red_controller": ctrl_red, "blue_controller": ctrl_blue})
    return out


def test_ai_ladder_reports_each_controller_pair_and_the_rank_correlation_of_the_lists():
    """Issue 15 point 3: the same four lists under two controller pairs; the ranking is the same (strengths in the
    same order), so Spearman ρ is high with an interval above 0.5; a pair whose ranking is reversed is flagged."""
    from wartime.balance.stats import ai_ladder
    rng = np.random.default_rng(3)
    strength = {"A": 1.5, "B": 0.5, "C": -0.5, "D": -1.5}
    games = _ladder_games("scripted", "scripted", strength, 60, rng) + \
        _ladder_games("random", "random", {k: v * 0.8 for k, v in strength.items()}, 60, rng)
    lad = ai_ladder(games, boot=100)
    assert [p["pair"] for p in lad["pairs"]] == ["random / random", "scripted / scripted"]
    (c,) = lad["correlations"]
    assert c["lists"] == 4 and c["spearman"] == pytest.approx(1.0) and c["lo"] > 0.5
    flipped = _ladder_games("random", "random", {k: -v for k, v in strength.items()}, 60, rng)
    (c,) = ai_ladder(_ladder_games("scripted", "scripted", strength, 60, rng) + flipped, boot=100)["correlations"]
    assert c["spearman"] == pytest.approx(-1.0) and c["hi"] < 0.5
