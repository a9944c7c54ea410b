"""What is a trait worth? (issue 12 point 8; the points system of BLD-4 exists to answer it.)

A batch with `--price DESIGN-TRT-ID` / `--price DESIGN+TRT-ID` plays each list that fields the design also with the
trait taken off (or bought), against every other full list on both sides (`wartime.balance.specs`: priced
variants), and always with the handicap variants (one copy of a design removed), whose cost differences give the
points scale:

* a list's *score* is its mean result against the other full lists, 1 a win, ½ a draw, 0 a loss, both sides
  pooled (`score`);
* the *points slope* is how much score a point of list cost buys: Σ over every handicap variant of (the full
  list's score − the variant's score) over Σ of the points the variant saves (a ratio estimator over all the
  lists' variants);
* a trait's *measured effect* is the score with the trait minus the score without it (the full list's and the
  priced variant's, in whichever direction the variant toggled it), and its *measured value in points* that effect
  divided by the slope; the *book cost* is what the trait costs the list by the points system (the list's cost
  with it minus without it: the printed cost × the copies of the design, BLD-4, BLD-6).

Intervals are 95 % percentile intervals of a bootstrap that resamples the games of every list and variant
independently (seeded: the same store gives the same report). A slope whose interval reaches 0 means the games
cannot tell points apart (the AI, the scenario or too few games): the values are then printed but flagged."""
from __future__ import annotations

from collections import defaultdict
from typing import Any

import numpy as np

from wartime.balance.specs import PRICE_ITEM

BOOT = 2000
BOOT_SEED = 12


def _result(game: dict, side: str) -> float:
    w = game["winner"]
    return 0.5 if w is None else (1.0 if w == side else 0.0)


def _is_priced(key: str) -> bool:
    return "~" in key


def priced_game(game: dict) -> bool:
    """A game with a priced variant on either side (the other analyses of the report leave these out: a priced
    variant changes a list's cost without changing its designs)."""
    return _is_priced(game["red_list"]) or _is_priced(game["blue_list"])


def score_groups(games: list[dict]) -> tuple[dict[str, list[float]], dict[str, dict[str, Any]]]:
    """The results of every full list against the other full lists, and of every variant against the full lists
    it met, keyed by list key; and per key its base list and cost. Mirror games and games between two variants
    do not count."""
    scores: dict[str, list[float]] = defaultdict(list)
    info: dict[str, dict[str, Any]] = {}
    for g in games:
        if g["red_list"] == g["blue_list"]:
            continue
        for side, other in (("red", "blue"), ("blue", "red")):
            key, okey = g[f"{side}_list"], g[f"{other}_list"]
            if okey != g[f"{other}_base_list"]:
                continue                      # against a variant: says nothing of this list
            if key == g[f"{side}_base_list"] and g[f"{side}_base_list"] == g[f"{other}_base_list"]:
                continue
            scores[key].append(_result(g, side))
            info[key] = {"base": g[f"{side}_base_list"], "cost": g[f"{side}_cost"]}
    return dict(scores), info


def _estimates(means: dict[str, float], info: dict[str, dict[str, Any]], handicap: list[str],
               priced: list[tuple[str, int]]) -> tuple[float | None, list[tuple[float, float | None]]]:
    """(slope in score per point, [(effect, value in points) per priced variant]) from the groups' means."""
    gain = sum(means[info[v]["base"]] - means[v] for v in handicap)
    saved = sum(info[info[v]["base"]]["cost"] - info[v]["cost"] for v in handicap)
    slope = gain / saved if saved > 0 else None
    out = []
    for v, sign in priced:
        effect = sign * (means[info[v]["base"]] - means[v])
        out.append((effect, effect / slope if slope else None))
    return slope, out


def price_values(games: list[dict], boot: int = BOOT, seed: int = BOOT_SEED) -> dict[str, Any]:
    """The points slope and each priced trait's measured effect and value, with bootstrap intervals."""
    scores, info = score_groups(games)
    handicap = sorted(k for k in scores if k != info[k]["base"] and not _is_priced(k) and info[k]["base"] in scores)
    priced_keys = sorted(k for k in scores if _is_priced(k) and info[k]["base"] in scores)
    priced: list[tuple[str, int]] = []
    rows = []
    for k in priced_keys:
        m = PRICE_ITEM.match(k.split("~", 1)[1])
        if m is None:
            continue
        # the effect and the book cost are "with the trait − without it": a '-' variant is the list without it
        sign = 1 if m["op"] == "-" else -1
        priced.append((k, sign))
        base = info[k]["base"]
        rows.append({"key": k, "list": base, "design": m["design"], "trait": m["trait"],
                     "toggled": "taken off" if m["op"] == "-" else "bought",
                     "book": sign * (info[base]["cost"] - info[k]["cost"]),
                     "n_with": len(scores[base] if sign > 0 else scores[k]),
                     "n_without": len(scores[k] if sign > 0 else scores[base])})
    out: dict[str, Any] = {"slope": None, "slope_ci": None, "n_handicap": len(handicap), "rows": rows,
                           "reliable": False, "boot": boot}
    if not priced:
        return out
    keys = sorted(scores)
    arrays = {k: np.asarray(scores[k], dtype=float) for k in keys}
    means = {k: float(a.mean()) for k, a in arrays.items()}
    slope, point = _estimates(means, info, handicap, priced)
    rng = np.random.default_rng(seed)
    slopes: list[float | None] = []
    draws: list[list[tuple[float, float | None]]] = []
    for _ in range(boot):
        bm = {k: float(a[rng.integers(0, len(a), len(a))].mean()) for k, a in arrays.items()}
        s, est = _estimates(bm, info, handicap, priced)
        slopes.append(s)
        draws.append(est)

    def ci(xs: list[float]) -> tuple[float, float] | None:
        xs = [x for x in xs if x is not None and np.isfinite(x)]
        if len(xs) < 10:
            return None
        lo, hi = np.percentile(xs, [2.5, 97.5])
        return float(lo), float(hi)

    out["slope"] = slope
    out["slope_ci"] = ci([x for x in slopes if x is not None])
    out["reliable"] = bool(out["slope_ci"] is not None and out["slope_ci"][0] > 0)
    for i, row in enumerate(rows):
        row["effect"], row["value"] = point[i]
        row["effect_ci"] = ci([d[i][0] for d in draws])
        # a value's interval is taken only over draws whose slope is positive (a non-positive slope prices nothing)
        row["value_ci"] = ci([d[i][1] for d, s in zip(draws, slopes) if s is not None and s > 0])
    return out
