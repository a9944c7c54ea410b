"""Statistics of a batch: win rates with Wilson 95 % intervals, the side and first-player edge, points
efficiency per character design, and a fitted value in points of each design.

Conventions (the report repeats them):

* **Draws** count as half a win for each side: a list's *score* is (wins + draws/2) / games; wins, draws and
  losses are also given separately. The Wilson interval is computed on that score (with draws the true
  variance is a little smaller than the binomial one, so the interval is slightly conservative).
* **Mirror games** (a list against itself) count for the side and first-player figures, not for list scores.
* **Too wide to conclude**: an interval wider than ±2 points of percentage (`TARGET_HALF_WIDTH`); the games
  needed for ±2 % are n ≈ z²·p(1−p)/0.02² with p the Wilson centre (never 0 or 1).
* **Character designs** (the catalogue's characters: rifleman, orc_brawler, ...) are the unit the lists are built
  from; the issue's "archetype" statistics are given per design.

**Fitted value** (`fit_design_values`): a ridge-penalised logistic regression of the red side's result (win 1,
draw ½, loss 0) on an intercept (the red side's edge), the list-cost difference (red − blue, per 100 points)
and, for each design, the difference in copies fielded (red − blue). The design coefficients are *mispricings*
(log-odds per copy beyond what its cost buys) and carry the ridge penalty ½·λ·Σβ² (a prior that every design
is priced right, ±1/√λ logit per copy plausible); the intercept and the points term are not penalised. A copy
of design a changes the log-odds by β_pts·cost_a/100 + β_a, worth ``value_a = cost_a + 100·β_a / β_pts``
points at the rate one point of list cost buys. Why this model: a few lists identify only a few combinations
of designs, and the penalty picks the smallest mispricing that explains the results instead of an arbitrary or
infinite one; the logistic link keeps the odds sensible near 0 and 1. The points term needs lists of different
costs (`wartime batch --handicap` plays each list with one copy removed); when every list costs the same it is
not identified and the design effects are given in log-odds only. Standard errors come from the inverse
penalised Hessian, the value's by the delta method."""
from __future__ import annotations

import math
from collections import defaultdict
from statistics import NormalDist
from typing import Any, Iterable

import numpy as np

Z95 = NormalDist().inv_cdf(0.975)
TARGET_HALF_WIDTH = 0.02
RIDGE = 1.0


# --- proportions ------------------------------------------------------------------------------------
def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (successes may be fractional: draws count half).

    By construction 0 ≤ low ≤ p ≤ high ≤ 1, with low exactly 0 when nothing succeeded and high exactly 1 when
    everything did: in floating point centre − half is ~1e-17 rather than 0 at p = 0 (and the bounds may miss
    p by an ulp elsewhere), which would give a report's error bars negative lengths."""
    if n <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, successes / n))
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    lo = 0.0 if p == 0.0 else min(p, max(0.0, centre - half))
    hi = 1.0 if p == 1.0 else max(p, min(1.0, centre + half))
    return (lo, hi)


def wilson_centre(successes: float, n: int, z: float = Z95) -> float:
    return (successes + z * z / 2) / (n + z * z) if n > 0 else 0.5


def games_for_half_width(p: float, half_width: float = TARGET_HALF_WIDTH, z: float = Z95) -> int:
    """n ≈ z²·p(1−p)/h²: the games for a 95 % interval of ± h around p."""
    return math.ceil(z * z * p * (1 - p) / (half_width * half_width))


def rate(wins: int, draws: int, losses: int) -> dict[str, Any]:
    """Score, Wilson interval, verdict and games needed for ±2 % of one win/draw/loss record."""
    n = wins + draws + losses
    s = wins + draws / 2
    lo, hi = wilson_interval(s, n)
    half = (hi - lo) / 2
    needed = games_for_half_width(wilson_centre(s, n))
    too_wide = half > TARGET_HALF_WIDTH
    if n == 0:
        verdict = "no games"
    elif lo > 0.5:
        verdict = "favoured"
    elif hi < 0.5:
        verdict = "unfavoured"
    elif not too_wide:
        verdict = "even (±2 %)"
    else:
        verdict = "too wide to conclude"
    return {"games": n, "wins": wins, "draws": draws, "losses": losses, "score": s / n if n else None,
            "ci_low": lo, "ci_high": hi, "half_width": half, "too_wide": too_wide, "verdict": verdict,
            "games_for_2pct": needed, "more_games": max(0, needed - n)}


def _result(game: dict, side: str) -> int:
    """+1 win, 0 draw, −1 loss for `side`."""
    w = game["winner"]
    return 0 if w is None else (1 if w == side else -1)


def _tally(results: Iterable[int]) -> dict[str, Any]:
    r = list(results)
    return rate(r.count(1), r.count(0), r.count(-1))


# --- win rates --------------------------------------------------------------------------------------
def is_variant(game: dict, side: str) -> bool:
    """A handicap variant: a list played with one copy of a design removed (`wartime batch --handicap`)."""
    return game[f"{side}_list"] != game[f"{side}_base_list"]


def list_rates(games: list[dict]) -> list[dict]:
    """Per list: a full list's record against the other full lists, a handicap variant's record against the
    full lists it met (full lists first, then variants; by key). Mirror games do not count."""
    res: dict[str, list[int]] = defaultdict(list)
    names: dict[str, str] = {}
    costs: dict[str, int] = {}
    variants: set[str] = set()
    for g in games:
        if g["red_list"] == g["blue_list"]:
            continue
        for side, other in (("red", "blue"), ("blue", "red")):
            key = g[f"{side}_list"]
            names[key] = g[f"{side}_list_name"]
            costs[key] = g[f"{side}_cost"]
            if is_variant(g, side):
                variants.add(key)
            elif is_variant(g, other):
                continue            # a full list against a weakened opponent says nothing of its balance
            res[key].append(_result(g, side))
    out = []
    for key in sorted(res, key=lambda k: (k in variants, k)):
        out.append({"list": key, "name": names[key], "cost": costs[key], "variant": key in variants,
                    **_tally(res[key])})
    return out


def pairing_rates(games: list[dict]) -> list[dict]:
    """Per unordered pair {a, b} of full lists (a < b): a's record against b over both sides."""
    res: dict[tuple[str, str], list[int]] = defaultdict(list)
    for g in games:
        r, b = g["red_list"], g["blue_list"]
        if r == b or is_variant(g, "red") or is_variant(g, "blue"):
            continue
        a, o = sorted((r, b))
        res[(a, o)].append(_result(g, "red" if r == a else "blue"))
    return [{"a": a, "b": b, **_tally(v)} for (a, b), v in sorted(res.items())]


def side_rates(games: list[dict]) -> dict[str, dict]:
    """The red side's record (blue's is its mirror) and the first player's: the side that won the turn-1
    initiative (SEQ-2), over the games that had one."""
    red = _tally(_result(g, "red") for g in games)
    first = _tally(_result(g, g["first_player"]) for g in games if g.get("first_player"))
    return {"red": red, "first_player": first}


# --- designs ----------------------------------------------------------------------------------------
def design_stats(characters: list[dict]) -> list[dict]:
    """Per character design: copies fielded, totals, and kills / damage per 100 points fielded."""
    agg: dict[str, dict[str, Any]] = {}
    for c in characters:
        a = agg.setdefault(c["character_id"], {"character_id": c["character_id"], "name": c["name"].split(" ", 1)[-1],
                                                "costs": set(), "fielded": 0, "points": 0, "kills": 0,
                                                "damage_dealt": 0, "wounds_taken": 0, "survived": 0,
                                                "energy_spent": 0, "hits": 0, "misses": 0, "reactions": 0})
        a["costs"].add(c["cost"])
        a["fielded"] += 1
        a["points"] += c["cost"]
        for k in ("kills", "damage_dealt", "wounds_taken", "survived", "energy_spent", "hits", "misses",
                  "reactions"):
            a[k] += c[k]
    out = []
    for cid in sorted(agg):
        a = agg[cid]
        costs = sorted(a.pop("costs"))
        name = a["name"]
        # the roster name is "<side> <design name> <n>": keep the design name
        parts = name.rsplit(" ", 1)
        a["name"] = parts[0] if len(parts) == 2 and parts[1].isdigit() else name
        a["cost"] = costs[0] if len(costs) == 1 else round(a["points"] / a["fielded"], 2)
        f, pts = a["fielded"], a["points"]
        a["kills_per_100"] = 100 * a["kills"] / pts if pts else 0.0
        a["damage_per_100"] = 100 * a["damage_dealt"] / pts if pts else 0.0
        a["survival_rate"] = a["survived"] / f if f else 0.0
        a["accuracy"] = a["hits"] / (a["hits"] + a["misses"]) if a["hits"] + a["misses"] else None
        out.append(a)
    return out


def fit_design_values(games: list[dict], characters: list[dict], ridge: float = RIDGE) -> dict[str, Any]:
    """The ridge-penalised logistic model of the module docstring. Returns the coefficients, their standard
    errors and, when the points term is identified, each design's value in points."""
    from scipy.optimize import minimize

    counts: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    costs: dict[str, int] = {}
    for c in characters:
        counts[(c["game_key"], c["side"])][c["character_id"]] += 1
        costs.setdefault(c["character_id"], c["cost"])
    designs = sorted(costs)
    rows, y = [], []
    for g in games:
        red, blue = counts.get((g["game_key"], "red"), {}), counts.get((g["game_key"], "blue"), {})
        rows.append([1.0, (g["red_cost"] - g["blue_cost"]) / 100.0] + [red.get(d, 0) - blue.get(d, 0) for d in designs])
        y.append(1.0 if g["winner"] == "red" else 0.0 if g["winner"] == "blue" else 0.5)
    if not rows:
        return {"n_games": 0, "identified": False, "designs": []}
    X = np.asarray(rows, dtype=float)
    Y = np.asarray(y, dtype=float)
    identified = bool(np.ptp(X[:, 1]) > 0)
    cols = [0, 1] if identified else [0]
    cols += list(range(2, X.shape[1]))
    X = X[:, cols]
    names = ["intercept"] + (["points_per_100"] if identified else []) + designs
    n_free = 2 if identified else 1
    # a vanishing penalty on the free terms keeps them finite when one side wins every game
    lam = np.array([1e-6] * n_free + [ridge] * len(designs))

    def f(w):
        z = X @ w
        # log(1 + e^z) − y·z, computed stably
        loss = np.sum(np.logaddexp(0.0, z) - Y * z) + 0.5 * np.sum(lam * w * w)
        p = 1.0 / (1.0 + np.exp(-z))
        return loss, X.T @ (p - Y) + lam * w

    def hess(w):
        p = 1.0 / (1.0 + np.exp(-(X @ w)))
        return (X.T * (p * (1 - p))) @ X + np.diag(lam)

    sol = minimize(f, np.zeros(X.shape[1]), jac=True, hess=hess, method="trust-exact")
    w = sol.x
    cov = np.linalg.inv(hess(w))
    se = np.sqrt(np.clip(np.diag(cov), 0, None))
    coef = dict(zip(names, w.tolist()))
    out: dict[str, Any] = {
        "model": "ridge-penalised logistic regression", "ridge": ridge, "n_games": len(rows),
        "converged": bool(sol.success), "identified": identified,
        "intercept": coef["intercept"], "intercept_se": float(se[0]),
        "points_coef": coef.get("points_per_100"), "points_se": float(se[1]) if identified else None,
        "designs": []}
    out["confounded"] = confounded_designs(designs, X[:, n_free:])
    bp = coef.get("points_per_100")
    usable = identified and bp is not None and bp > 0
    out["points_z"] = (bp / se[1]) if identified and se[1] > 0 else None
    out["values_reliable"] = bool(usable and out["points_z"] is not None and out["points_z"] >= 2.0)
    for j, d in enumerate(designs):
        i = n_free + j
        entry = {"character_id": d, "cost": costs[d], "logit": float(w[i]), "logit_se": float(se[i]),
                 "value": None, "value_se": None}
        if usable:
            # value = cost + 100·β_a/β_p; gradient (100/β_p, −100·β_a/β_p²) over (β_a, β_p)
            entry["value"] = costs[d] + 100.0 * w[i] / bp
            g = np.zeros(len(w))
            g[i] = 100.0 / bp
            g[1] = -100.0 * w[i] / (bp * bp)
            entry["value_se"] = float(math.sqrt(max(0.0, g @ cov @ g)))
        out["designs"].append(entry)
    return out


# --- everything -------------------------------------------------------------------------------------
def ai_ladder(games: list[dict], boot: int = 400, seed: int = 7) -> dict[str, Any]:
    """Issue 15 point 3: the games split by controller pair (red / blue controller). Per pair, the red side's
    record (its score with the Wilson interval: how the two controllers compare, lists pooled) and the full lists'
    scores; then, for every two pairs that rate the same lists (three or more), the Spearman rank correlation of
    those scores with a bootstrap 95 % interval (games resampled within each pair; a fixed seed, so the report is
    reproducible): a correlation near 1 says the list ranking does not depend on the AI level."""
    import warnings

    from scipy.stats import spearmanr

    by_pair: dict[str, list[dict]] = defaultdict(list)
    for g in games:
        by_pair[f"{g['red_controller']} / {g['blue_controller']}"].append(g)
    pairs = []
    scores: dict[str, dict[str, float]] = {}
    for name in sorted(by_pair):
        gs = by_pair[name]
        pairs.append({"pair": name, **_tally(_result(g, "red") for g in gs)})
        scores[name] = {r["list"]: r["score"] for r in list_rates(gs) if not r["variant"]}
    rng = np.random.default_rng(seed)
    links = []

    def rho_of(x, y) -> float:
        with warnings.catch_warnings():          # tied scores (a resample): ρ is nan, and skipped
            warnings.simplefilter("ignore")
            return float(spearmanr(x, y).statistic)
    names = sorted(by_pair)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            common = sorted(set(scores[a]) & set(scores[b]))
            if len(common) < 3:
                continue
            rho = rho_of([scores[a][k] for k in common], [scores[b][k] for k in common])
            reps = []
            for _ in range(boot):
                sa = {r["list"]: r["score"] for r in list_rates([by_pair[a][j] for j in rng.integers(
                    0, len(by_pair[a]), len(by_pair[a]))]) if not r["variant"]}
                sb = {r["list"]: r["score"] for r in list_rates([by_pair[b][j] for j in rng.integers(
                    0, len(by_pair[b]), len(by_pair[b]))]) if not r["variant"]}
                if all(k in sa and k in sb for k in common):
                    v = rho_of([sa[k] for k in common], [sb[k] for k in common])
                    if not math.isnan(v):
                        reps.append(float(v))
            lo, hi = (float(np.percentile(reps, 2.5)), float(np.percentile(reps, 97.5))) if reps else (None, None)
            links.append({"a": a, "b": b, "lists": len(common), "spearman": None if math.isnan(rho) else rho,
                          "lo": lo, "hi": hi})
    return {"pairs": pairs, "list_scores": scores, "correlations": links}


def confounded_designs(designs: list[str], columns: np.ndarray) -> list[list[str]]:
    """Groups of designs the games cannot tell apart: their columns of copy differences (red − blue, one row per
    game) are proportional in every game — they always appear together in the same ratio (e.g. two designs
    fielded only by one list, one copy each). The penalised fit then splits their joint effect by the penalty
    alone: their separate coefficients mean nothing, only their sum does. Designs in order; groups of two or more."""
    groups: dict[tuple, list[str]] = {}
    for j, d in enumerate(designs):
        col = columns[:, j]
        nz = np.flatnonzero(col)
        if not len(nz):
            key: tuple = ("never differs",)
        else:
            key = tuple(np.round(col / col[nz[0]], 9).tolist())
        groups.setdefault(key, []).append(d)
    return [g for g in groups.values() if len(g) > 1]


def summarize(games: list[dict], characters: list[dict], ridge: float = RIDGE) -> dict[str, Any]:
    """All the numbers of one scenario's report (JSON-ready)."""
    draws = sum(1 for g in games if g["winner"] is None)
    fit = fit_design_values(games, characters, ridge)
    designs = design_stats(characters)
    fitted = {d["character_id"]: d for d in fit["designs"]}
    for d in designs:
        fd = fitted.get(d["character_id"], {})
        for k in ("logit", "logit_se", "value", "value_se"):
            d[k] = fd.get(k)
    turns = [g["turns"] for g in games]
    return {
        "games": len(games), "draws": draws,
        "mean_turns": sum(turns) / len(turns) if turns else None,
        "lists": list_rates(games), "pairings": pairing_rates(games), "sides": side_rates(games),
        "designs": designs, "model": {k: v for k, v in fit.items() if k != "designs"},
        "ai_ladder": ai_ladder(games) if len({(g["red_controller"], g["blue_controller"]) for g in games}) > 1
        else None,
    }
