"""Figures of `wartime compare` (matplotlib, the Agg backend of `plots`): one per measure and scenario, the
combat systems side by side with their 95 % intervals."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from wartime.balance.plots import BLUE, DPI, GREEN, GREY, RED, _err, plt

#: one colour per system, in `--systems` order
COLOURS = {"wartime": GREY, "wrath-glory": RED, "d6": BLUE, "d20": GREEN}
BUCKETS = ("0", "1", "2", "3+")


def _save(fig, path: Path) -> None:
    fig.tight_layout()
    fig.savefig(path, dpi=DPI, format="png")
    plt.close(fig)


def _bars(ax, systems: Sequence[str], values: Sequence[dict], key: str = "mean", scale: float = 1.0) -> None:
    """One bar per system with its interval (a bar without a value is left out)."""
    xs, ys, lo, hi, colours = [], [], [], [], []
    for i, (s, v) in enumerate(zip(systems, values)):
        m = v.get(key)
        if m is None:
            continue
        xs.append(i)
        ys.append(scale * m)
        lo.append(_err(scale * (m - v["ci_low"])) if v.get("ci_low") is not None else 0.0)
        hi.append(_err(scale * (v["ci_high"] - m)) if v.get("ci_high") is not None else 0.0)
        colours.append(COLOURS.get(s, GREY))
    ax.bar(xs, ys, color=colours, alpha=0.85, width=0.6)
    ax.errorbar(xs, ys, yerr=[lo, hi], fmt="none", ecolor="black", capsize=4, lw=1.2)
    ax.set_xticks(range(len(systems)), systems)
    ax.spines[["top", "right"]].set_visible(False)


def damage(sc: dict, systems: Sequence[str]) -> Callable[[Path], None]:
    def fig(path: Path) -> None:
        f, ax = plt.subplots(figsize=(8, 4))
        width = 0.8 / len(systems)
        for j, s in enumerate(systems):
            share = sc["systems"][s]["damage_per_attack"]["share"]
            xs = [i + (j - (len(systems) - 1) / 2) * width for i in range(len(BUCKETS))]
            ys = [100 * (share[b]["p"] or 0) for b in BUCKETS]
            err = [[_err(100 * ((share[b]["p"] or 0) - share[b]["ci_low"])) for b in BUCKETS],
                   [_err(100 * (share[b]["ci_high"] - (share[b]["p"] or 0))) for b in BUCKETS]]
            mean = sc["systems"][s]["damage_per_attack"]["mean"]["mean"]
            ax.bar(xs, ys, width=width, color=COLOURS.get(s, GREY), alpha=0.85,
                   label=f"{s} (mean {mean:.2f})" if mean is not None else s)
            ax.errorbar(xs, ys, yerr=err, fmt="none", ecolor="black", capsize=2, lw=0.8)
        ax.set_xticks(range(len(BUCKETS)), [f"{b} wounds" for b in BUCKETS])
        ax.set_ylabel("% of attacks (Wilson 95 %)")
        ax.legend(fontsize=8, frameon=False)
        ax.spines[["top", "right"]].set_visible(False)
        ax.set_title("Wartime wounds per attack", fontsize=11)
        _save(f, path)
    return fig


def _two_panels(sc: dict, systems: Sequence[str], measure: str, panels) -> Callable[[Path], None]:
    """A figure of two bar panels of one measure: `panels` = ((key, title), (key, title))."""
    def fig(path: Path) -> None:
        f, axes = plt.subplots(1, 2, figsize=(9, 3.8))
        rows = [sc["systems"][s][measure] for s in systems]
        for ax, (key, title) in zip(axes, panels):
            _bars(ax, systems, [r[key] for r in rows])
            ax.set_title(title, fontsize=9)
        _save(f, path)
    return fig


def incapacitate(sc: dict, systems: Sequence[str]) -> Callable[[Path], None]:
    return _two_panels(sc, systems, "incapacitate",
                       (("attacks_received", "attacks received by a casualty (bootstrap 95 %)"),
                        ("first_casualty_turn", "turn of the first casualty (t 95 %)")))


def length(sc: dict, systems: Sequence[str]) -> Callable[[Path], None]:
    return _two_panels(sc, systems, "length", (("turns", "turns per game (t 95 %)"),
                                               ("decisions", "decisions per game (t 95 %)")))


def spread(sc: dict, systems: Sequence[str]) -> Callable[[Path], None]:
    def fig(path: Path) -> None:
        f, ax = plt.subplots(figsize=(6, 3.8))
        rows = [sc["systems"][s]["spread"] for s in systems]
        _bars(ax, systems, rows, key="spread", scale=100)
        ax.axhline(0, color="black", lw=0.8, ls="--")
        ax.set_ylim(-105, 105)
        ax.set_ylabel("score points (Wilson 95 %)")
        ax.set_title(f"win-rate spread: {rows[0]['label']}", fontsize=10)
        _save(f, path)
    return fig


def armour(sc: dict, systems: Sequence[str]) -> Callable[[Path], None]:
    def fig(path: Path) -> None:
        refs = sc["armour"]["references"]
        f, axes = plt.subplots(2, max(1, len(refs)), figsize=(4.6 * max(1, len(refs)), 6.4), squeeze=False)
        defs = sc["armour"]["defs"]
        for c, ref in enumerate(refs):
            for r, (key, label) in enumerate((("expected_wounds", "expected Wartime wounds"),
                                              ("p_incapacitate", "P(incapacitate)"))):
                ax = axes[r][c]
                for s in systems:
                    ax.plot(defs, [x[key] for x in ref["systems"][s]], marker="o", color=COLOURS.get(s, GREY),
                            label=s)
                ax.set_xlabel("target's ΣDEF")
                ax.set_ylabel(label)
                ax.spines[["top", "right"]].set_visible(False)
                if r == 0:
                    ax.set_title(f"{ref['kind']}: {ref['weapon']} → {ref['target_name']}", fontsize=9)
        if axes[0][0].get_legend_handles_labels()[0]:   # an alarm scenario has no reference attack: no lines
            axes[0][0].legend(fontsize=8, frameon=False)
        _save(f, path)
    return fig


def draw(key: str, sc: dict[str, Any], systems: Sequence[str]) -> Iterator[tuple[str, str, Callable[[Path], None]]]:
    """(name, caption, draw-to-path) of each figure of one scenario."""
    yield "damage", f"{key}: Wartime wounds per attack, share of attacks with Wilson 95 % intervals.", damage(sc, systems)
    yield ("incapacitate", f"{key}: attacks received by a miniature that became a casualty, and the turn of the "
           "first casualty.", incapacitate(sc, systems))
    yield "length", f"{key}: game length in turns and decisions.", length(sc, systems)
    yield "spread", f"{key}: win-rate spread between the lists.", spread(sc, systems)
    yield "armour", f"{key}: value of armour, exact odds of the reference attacks against ΣDEF 0…N.", armour(sc, systems)
