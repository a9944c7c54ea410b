"""Report figures (matplotlib, Agg backend: no display needed). Each function writes one PNG."""
from __future__ import annotations

import math
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

RED, BLUE, GREY, GREEN = "#c0392b", "#2c6fbb", "#7f8c8d", "#27ae60"
DPI = 110


def _err(x) -> float:
    """An error-bar length matplotlib accepts: finite and ≥ 0 (an interval computed in floating point may
    miss its point by an ulp; a standard error of a degenerate fit may be inf or nan: no bar then)."""
    return float(x) if x is not None and math.isfinite(x) and x > 0 else 0.0


def _save(fig, path: Path) -> None:
    fig.tight_layout()
    fig.savefig(path, dpi=DPI)
    plt.close(fig)


def win_rate_bars(lists: list[dict], path: Path, title: str, xlabel: str = "score (wins + draws/2) / games, "
                  "Wilson 95 % interval; yellow band: 50 % ± 2") -> None:
    """Horizontal bars of each list's score with its Wilson 95 % interval; the 50 % line; ±2 % band."""
    rows = [r for r in reversed(lists) if r["games"]]
    labels = [f"{r['name']} ({r['cost']} pts)" for r in rows]
    scores = [100 * r["score"] for r in rows]
    err_lo = [_err(100 * (r["score"] - r["ci_low"])) for r in rows]
    err_hi = [_err(100 * (r["ci_high"] - r["score"])) for r in rows]
    colors = [GREEN if r["verdict"] == "favoured" else RED if r["verdict"] == "unfavoured" else GREY for r in rows]
    fig, ax = plt.subplots(figsize=(8, 0.9 + 0.45 * len(rows)))
    ax.axvspan(48, 52, color="#f1c40f", alpha=0.25, lw=0)
    ax.barh(range(len(rows)), scores, color=colors, alpha=0.85, height=0.6)
    ax.errorbar(scores, range(len(rows)), xerr=[err_lo, err_hi], fmt="none", ecolor="black", capsize=4, lw=1.2)
    ax.axvline(50, color="black", lw=0.8, ls="--")
    for i, r in enumerate(rows):
        ax.text(102, i, f"{100 * r['score']:.1f} %  n={r['games']}", va="center", fontsize=8)
    ax.set_yticks(range(len(rows)), labels, fontsize=9)
    ax.set_xlim(0, 122)
    ax.set_xticks(range(0, 101, 10))
    ax.spines[["top", "right"]].set_visible(False)
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=11)
    _save(fig, path)


def pairing_matrix(lists: list[dict], pairings: list[dict], path: Path, title: str) -> None:
    """Heat map: the row list's score against the column list (both sides pooled)."""
    keys = [r["list"] for r in lists if not r["variant"]]
    names = {r["list"]: r["name"] for r in lists}
    n = len(keys)
    import numpy as np
    m = np.full((n, n), np.nan)
    cnt = np.zeros((n, n), dtype=int)
    idx = {k: i for i, k in enumerate(keys)}
    for p in pairings:
        if p["a"] in idx and p["b"] in idx and p["games"]:
            i, j = idx[p["a"]], idx[p["b"]]
            m[i, j], m[j, i] = p["score"], 1 - p["score"]
            cnt[i, j] = cnt[j, i] = p["games"]
    fig, ax = plt.subplots(figsize=(1.6 + 1.3 * n, 1.2 + 1.1 * n))
    im = ax.imshow(m * 100, cmap="RdBu", vmin=0, vmax=100)
    for i in range(n):
        ax.text(i, i, "—", ha="center", va="center", color=GREY)
        for j in range(n):
            if not np.isnan(m[i, j]):
                ax.text(j, i, f"{100 * m[i, j]:.0f} %\nn={cnt[i, j]}", ha="center", va="center", fontsize=8,
                        color="white" if abs(m[i, j] - 0.5) > 0.3 else "black")
    ax.set_xticks(range(n), [names[k] for k in keys], rotation=30, ha="right", fontsize=9)
    ax.set_yticks(range(n), [names[k] for k in keys], fontsize=9)
    ax.set_xlabel("opponent")
    ax.set_ylabel("list")
    fig.colorbar(im, ax=ax, fraction=0.046, pad=0.04, label="score of the row list (%)")
    ax.set_title(title, fontsize=11)
    _save(fig, path)


def design_value_scatter(designs: list[dict], model: dict, path: Path, title: str) -> None:
    """Fitted value in points against cost (the diagonal: priced right); when the points term is not
    identified, the fitted mispricing in log-odds per copy against cost."""
    ds = [d for d in designs if d.get("logit") is not None and math.isfinite(d["logit"])]
    fig, ax = plt.subplots(figsize=(7.5, 5.5))
    in_points = any(d.get("value") is not None for d in ds)
    if in_points:
        # a design without a finite value (a degenerate fit) has no point on this scale
        ds = [d for d in ds if d.get("value") is not None and math.isfinite(d["value"])]
    xs = [d["cost"] for d in ds]
    x_lo, x_hi = (min(xs) - 8, max(xs) + 8) if xs else (0, 100)
    if in_points:
        ys = [d["value"] for d in ds]
        es = [_err(1.96 * (d["value_se"] or 0)) for d in ds]
        ax.plot([x_lo, x_hi], [x_lo, x_hi], color=GREY, ls="--", lw=1, label="value = cost (priced right)")
        ax.set_ylabel("fitted value (points), 95 % interval")
        note = "" if model.get("values_reliable") else "  [points term weak: values uncertain]"
    else:
        ys = [d["logit"] for d in ds]
        es = [_err(1.96 * d["logit_se"]) for d in ds]
        ax.axhline(0, color=GREY, ls="--", lw=1, label="priced right")
        ax.set_ylabel("mispricing: log-odds per copy, 95 % interval")
        note = "  [lists of equal cost: no points scale, run --handicap]"
    ax.errorbar(xs, ys, yerr=es, fmt="o", color=BLUE, ecolor=BLUE, alpha=0.8, capsize=3, lw=1)
    labels = [ax.annotate(d["character_id"], (x, y), textcoords="offset points", xytext=(6, 3), fontsize=8)
              for x, y, d in zip(xs, ys, ds)]
    _spread_labels(fig, labels)
    ax.set_xlim(x_lo - 12, x_hi + 12)
    ax.set_xlabel("cost (points, BLD formulas)")
    ax.set_title(title + note, fontsize=10)
    ax.legend(loc="upper left", fontsize=8)
    ax.grid(alpha=0.3)
    _save(fig, path)


def _spread_labels(fig, labels) -> None:
    """Move labels that overlap an earlier one down, a line at a time (display coordinates)."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    placed = []
    for lab in labels:
        for _ in range(12):
            box = lab.get_window_extent(renderer).expanded(1.02, 1.1)
            if not any(box.overlaps(p) for p in placed):
                break
            x, y = lab.get_position()
            lab.set_position((x, y - 9))
        placed.append(lab.get_window_extent(renderer))


def efficiency_bars(designs: list[dict], path: Path, title: str) -> None:
    """Kills and damage per 100 points fielded, per design."""
    import numpy as np
    ds = sorted(designs, key=lambda d: d["damage_per_100"])
    y = np.arange(len(ds))
    fig, ax = plt.subplots(figsize=(8, 1.0 + 0.4 * len(ds)))
    ax.barh(y - 0.2, [d["damage_per_100"] for d in ds], height=0.4, color=RED, label="wounds dealt per 100 pts")
    ax.barh(y + 0.2, [d["kills_per_100"] for d in ds], height=0.4, color=BLUE, label="kills per 100 pts")
    ax.set_yticks(y, [f"{d['character_id']} ({d['cost']})" for d in ds], fontsize=9)
    ax.set_xlabel("per game, per 100 points fielded")
    ax.set_title(title, fontsize=11)
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(axis="x", alpha=0.3)
    _save(fig, path)
