"""The alarm section of the balance report (issue 17, ALM-32..ALM-40): for the games of an alarm scenario, the
heroes' victory rate and survival rate per defender list, each with its Wilson 95 % interval, against the alarm's
shape (preset row or VPo / VPl / divisor, the lethal ratio r, N points per VP, wave budgets, d, max turns), the
reasons the games ended, and a figure of both rates. A batch of several alarm shapes (`wartime batch
--alarm-shape`, `wartime.balance.alarm_shapes`) gives one row per (shape, defender list), each shape written out,
and one figure of the rates per shape, so that a designer compares the shapes at a glance."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from wartime.balance.alarm_shapes import load_shaped
from wartime.balance.stats import rate, wilson_interval
from wartime.core.errors import DataError
from wartime.rules import alarm


def is_alarm(configs: list[dict], scenario_key: str) -> bool:
    return any(c.get("alarm_catalogue") and c["scenario"]["key"] == scenario_key for c in configs)


def _shaped(configs: list[dict], scenario_key: str, shape: str = ""):
    """The scenario the games played (with their alarm shape variant), or the path when it cannot be read."""
    path = next(c["scenario"]["path"] for c in configs if c["scenario"]["key"] == scenario_key)
    try:
        return load_shaped(path, shape)
    except (OSError, DataError, ValueError):
        return path


def _row_text(a) -> str:
    return f"preset row `{a.preset}`" if a.preset else f"VPo {a.vpo:g}, VPl {a.vpl:g}, divisor {a.divisor}"


def shape_label(configs: list[dict], scenario_key: str, shape: str = "") -> str:
    """ALM-32, ALM-13, ALM-14, ALM-9..ALM-11: a shape in short, for a table row or a figure's label: the preset row
    or VPo / VPl / divisor, r, N points per VP, d."""
    sc = _shaped(configs, scenario_key, shape)
    if isinstance(sc, str):
        return shape or "(the scenario's shape)"
    a, s = sc.alarm, alarm.shape(sc.alarm, sc.points_limit)
    return f"{_row_text(a)}, r {a.lethal_ratio:g}, N {s.n} pts/VP, d {s.rounds}"


def shape_text(configs: list[dict], scenario_key: str, shape: str = "") -> str:
    """ALM-32, ALM-13: the alarm's shape, read from the scenario file the batch played (when it is still there),
    with the batch's shape variant applied."""
    sc = _shaped(configs, scenario_key, shape)
    if isinstance(sc, str):
        return f"(the scenario file {sc} cannot be read: its alarm's shape is not shown)"
    a = sc.alarm
    s = alarm.shape(a, sc.points_limit)
    row = _row_text(a)
    return (f"{a.kind.replace('_', '-')} alarm, {row}, lethal ratio r = {a.lethal_ratio:g}, points limit "
            f"P = {sc.points_limit}: N = {s.n} points per VP; first wave {s.first_budget} pts, reinforcement waves "
            f"{s.wave_budget} pts (also the per-monster cap)"
            + (f", d = {s.rounds} rounds" if a.kind == "temporal" else ", waves until the bell is home")
            + f", max turns {alarm.max_turns(a)}. {s.describe()}.")


def alarm_rates(games: list[dict], characters: list[dict]) -> list[dict]:
    """Per defender (red) list: the victory record (Wilson 95 %) and the heroes' survival (a hero fielded and
    not a casualty at the end, escaped included; Wilson 95 % over heroes fielded), and the end reasons."""
    out = []
    for key in sorted({g["red_list"] for g in games}):
        mine = [g for g in games if g["red_list"] == key]
        wins = sum(g["winner"] == "red" for g in mine)
        r = rate(wins, 0, len(mine) - wins)
        keys = {g["game_key"] for g in mine}
        heroes = [c for c in characters if c["game_key"] in keys and c["side"] == "red"]
        alive = sum(c["survived"] for c in heroes)
        lo, hi = wilson_interval(alive, len(heroes))
        reasons: dict[str, int] = {}
        for g in mine:
            reasons[g["reason"]] = reasons.get(g["reason"], 0) + 1
        out.append({"list": key, "name": mine[0]["red_list_name"], "cost": mine[0]["red_cost"], **r,
                    "heroes": len(heroes), "survivors": alive,
                    "survival": alive / len(heroes) if heroes else None, "survival_low": lo, "survival_high": hi,
                    "mean_turns": sum(g["turns"] for g in mine) / len(mine), "reasons": dict(sorted(reasons.items()))})
    return out


def shapes_played(games: list[dict], configs: list[dict] = (), scenario_key: str = "") -> list[str]:
    """The alarm shape variants of the games ("" for the scenario as it is), in the order the batches gave them."""
    given = [s for c in configs if c["scenario"]["key"] == scenario_key for s in c.get("alarm_shapes", ())]
    played = {g.get("alarm_shape") or "" for g in games}
    return [s for s in dict.fromkeys(given) if s in played] + sorted(played - set(given))


def _bars(rows: list[dict], prefix: str = "") -> list[dict]:
    bars = []
    for r in rows:
        bars.append({"name": f"{prefix}{r['name']}: victory", "cost": r["cost"], "games": r["games"],
                     "score": r["score"], "ci_low": r["ci_low"], "ci_high": r["ci_high"], "verdict": r["verdict"]})
        if r["survival"] is not None:
            bars.append({"name": f"{prefix}{r['name']}: survival", "cost": r["cost"], "games": r["heroes"],
                         "score": r["survival"], "ci_low": r["survival_low"], "ci_high": r["survival_high"],
                         "verdict": "survival"})
    return bars


def _row_cells(r: dict) -> list:
    return [r["name"], r["cost"], r["games"], r["wins"], f"{100 * r['score']:.1f} %",
            f"{100 * r['ci_low']:.1f}–{100 * r['ci_high']:.1f} %", r["heroes"], r["survivors"],
            "—" if r["survival"] is None else f"{100 * r['survival']:.1f} %",
            f"{100 * r['survival_low']:.1f}–{100 * r['survival_high']:.1f} %", f"{r['mean_turns']:.1f}",
            ", ".join(f"{k} {n}" for k, n in r["reasons"].items())]


COLUMNS = ["defender list", "cost", "games", "victories", "victory rate", "95 % CI", "heroes fielded", "survivors",
           "survival", "95 % CI", "mean turns", "ended by"]
DEFINITIONS = ("Every game puts a defender list (red, the heroes) against the attacker's catalogue (blue). *Victory*: "
               "the defender wins (ALM-40); *survival*: a hero is not a casualty at the end (fled heroes are "
               "casualties, escaped ones are not). Intervals: Wilson 95 %.")


def section(doc, configs: list[dict], scenario_key: str, games: list[dict], characters: list[dict],
            folder: Path, plots) -> dict[str, Any]:
    """Write the section into `doc` (report.Doc) and its figure into `folder`; returns its numbers."""
    shapes = shapes_played(games, configs, scenario_key)
    if len(shapes) > 1:
        return shapes_section(doc, configs, scenario_key, games, characters, folder, plots, shapes)
    rows = alarm_rates(games, characters)
    doc.h(3, "Alarm: the heroes' victory and survival")
    doc.p("The alarm's shape: " + shape_text(configs, scenario_key, shapes[0]))
    doc.p(DEFINITIONS)
    doc.table(COLUMNS, [_row_cells(r) for r in rows])
    f = f"{scenario_key}-alarm.png"
    plots.win_rate_bars(_bars(rows), folder / f, f"{games[0]['scenario']}: heroes' victory and survival "
                        "(Wilson 95 %)",
                        xlabel="rate, Wilson 95 % interval (victory: per game; survival: per hero fielded)")
    doc.img(f, "The heroes' victory rate and survival rate with Wilson 95 % intervals.")
    return {"shape": shape_text(configs, scenario_key, shapes[0]), "defenders": rows}


def shapes_section(doc, configs: list[dict], scenario_key: str, games: list[dict], characters: list[dict],
                   folder: Path, plots, shapes: list[str]) -> dict[str, Any]:
    """ALM-32 (issue 17): several alarm shapes of one scenario: one row per (shape, defender list), each shape
    written out (ALM-13/ALM-14 preset row or ALM-9..ALM-11 VPo / VPl / divisor, r, N, d), and one figure of the
    victory and survival rates per shape (Wilson 95 % error bars)."""
    doc.h(3, f"Alarm: the heroes' victory and survival across {len(shapes)} alarm shapes")
    doc.p(DEFINITIONS + " Shapes (`wartime batch --alarm-shape`; the other tables of this scenario pool them):")
    out, table, bars = [], [], []
    for n, shape in enumerate(shapes, start=1):
        tag = f"S{n}"
        doc.p(f"- **{tag}** (`{shape or 'as in the file'}`): {shape_text(configs, scenario_key, shape)}")
        mine = [g for g in games if (g.get("alarm_shape") or "") == shape]
        keys = {g["game_key"] for g in mine}
        rows = alarm_rates(mine, [c for c in characters if c["game_key"] in keys])
        label = shape_label(configs, scenario_key, shape)
        table += [[f"{tag}: {label}", *_row_cells(r)] for r in rows]
        bars += _bars(rows, f"{tag} ")
        out.append({"alarm_shape": shape, "label": label, "text": shape_text(configs, scenario_key, shape),
                    "defenders": rows})
    doc.table(["alarm shape", *COLUMNS], table)
    f = f"{scenario_key}-alarm-shapes.png"
    plots.win_rate_bars(bars, folder / f, f"{games[0]['scenario']}: heroes' victory and survival per alarm shape "
                        "(Wilson 95 %)",
                        xlabel="rate, Wilson 95 % interval (victory: per game; survival: per hero fielded)")
    doc.img(f, "The heroes' victory and survival rates per alarm shape (S1, S2, ...) with Wilson 95 % intervals.")
    return {"shapes": out}
