"""The balance report: ``report.md`` and ``report.html`` with tables and figures, and ``summary.json`` with
every number, from one or more results stores. Written to a temporary folder beside the output and renamed
into place, so a reader never sees a half-written report.

Results of different engine versions or rules data are never pooled silently: `load_results` refuses them
unless `allow_mixed` is given, and then the report says so at the top."""
from __future__ import annotations

import html
import json
import os
import shutil
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from wartime.balance import alarm_report
from wartime.balance.price import price_values, priced_game
from wartime.balance.stats import TARGET_HALF_WIDTH, summarize
from wartime.balance.store import describe_version, read_store

MARKER = "summary.json"


class ReportError(Exception):
    """A report that cannot be written as asked (the message says why and what to do)."""


# --- loading ----------------------------------------------------------------------------------------
def load_results(paths: list[str | Path], allow_mixed: bool = False) -> dict[str, Any]:
    """Games and characters of every store. A game found in several stores (same key, seed and version) is
    counted once; game keys are made unique across stores (key|seed|engine version|rules hash)."""
    games: list[dict] = []
    chars: list[dict] = []
    seen: set[tuple[str, str, str]] = set()
    duplicates = 0
    configs = []
    for p in paths:
        # read-only and checked: a damaged or foreign store is one StoreError line, and is never changed
        store = read_store(p)
        configs.append({"store": str(p), **store["config"], "games_per_pairing": store["games_per_pairing"]})
        by_game: dict[str, list[dict]] = {}
        for c in store["characters"]:
            by_game.setdefault(c["game_key"], []).append(c)
        for g in store["games"]:
            # the same key in stores of other batch seeds or versions is another game
            ident = (g["game_key"], g["seed"], g["engine_version"], g["rules_hash"])
            if ident in seen:
                duplicates += 1
                continue
            seen.add(ident)
            uid = "|".join(map(str, ident))
            games.append(dict(g, game_key=uid))
            chars.extend(dict(c, game_key=uid) for c in by_game.get(g["game_key"], []))
    versions = Counter((g["engine_version"], g["rules_hash"]) for g in games)
    if len(versions) > 1 and not allow_mixed:
        lines = "; ".join(f"{n} games of {describe_version(*v)}" for v, n in sorted(versions.items()))
        raise ReportError(f"the results mix versions ({lines}): report each version separately, or pass "
                          "--allow-mixed to pool them knowingly")
    return {"games": games, "characters": chars, "versions": versions, "duplicates": duplicates,
            "configs": configs}


# --- document model: rendered to Markdown and to HTML -----------------------------------------------
def pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f} %"


def ci(r: dict) -> str:
    return f"{100 * r['ci_low']:.1f}–{100 * r['ci_high']:.1f} %"


def num(x: float | None, digits: int = 2) -> str:
    return "–" if x is None else f"{x:.{digits}f}"


def needed(r: dict) -> str:
    return "reached" if not r["too_wide"] else f"{r['games_for_2pct']} (+{r['more_games']})"


class Doc:
    def __init__(self) -> None:
        self.blocks: list[tuple] = []

    def h(self, level: int, text: str) -> None:
        self.blocks.append(("h", level, text))

    def p(self, text: str) -> None:
        self.blocks.append(("p", text))

    def table(self, headers: list[str], rows: list[list[Any]]) -> None:
        self.blocks.append(("table", headers, [[str(c) for c in r] for r in rows]))

    def img(self, src: str, alt: str) -> None:
        self.blocks.append(("img", src, alt))

    def markdown(self) -> str:
        out = []
        for b in self.blocks:
            if b[0] == "h":
                out.append("#" * b[1] + " " + b[2])
            elif b[0] == "p":
                out.append(b[1])
            elif b[0] == "table":
                _, headers, rows = b
                out.append("| " + " | ".join(headers) + " |")
                out.append("|" + "|".join("---" for _ in headers) + "|")
                out.extend("| " + " | ".join(c.replace("|", "\\|") for c in r) + " |" for r in rows)
            elif b[0] == "img":
                out.append(f"![{b[2]}]({b[1]})")
            out.append("")
        return "\n".join(out)

    def html(self, title: str) -> str:
        e = html.escape
        body = []
        for b in self.blocks:
            if b[0] == "h":
                body.append(f"<h{b[1]}>{e(b[2])}</h{b[1]}>")
            elif b[0] == "p":
                body.append(f"<p>{_inline_html(b[1])}</p>")
            elif b[0] == "table":
                _, headers, rows = b
                th = "".join(f"<th>{e(h)}</th>" for h in headers)
                trs = "".join("<tr>" + "".join(f"<td>{_inline_html(c)}</td>" for c in r) + "</tr>" for r in rows)
                body.append(f"<table><thead><tr>{th}</tr></thead><tbody>{trs}</tbody></table>")
            elif b[0] == "img":
                body.append(f'<figure><img src="{e(b[1])}" alt="{e(b[2])}"><figcaption>{e(b[2])}</figcaption></figure>')
        css = ("body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}"
               "table{border-collapse:collapse;margin:1em 0;font-size:0.9em}"
               "th,td{border:1px solid #ccc;padding:3px 8px;text-align:right}"
               "th{background:#eee}td:first-child,th:first-child{text-align:left}"
               "img{max-width:100%}figure{margin:1em 0}figcaption{color:#666;font-size:0.85em}"
               "code{background:#f4f4f4;padding:0 3px}")
        return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{e(title)}</title>"
                f"<style>{css}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")


def _inline_html(text: str) -> str:
    """Escape, then render `code` spans, **bold** and *italics* as the Markdown does."""
    import re
    t = html.escape(text)
    t = re.sub(r"`([^`]+)`", r"<code>\1</code>", t)
    t = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", t)
    t = re.sub(r"\*([^*\s][^*]*)\*", r"<em>\1</em>", t)
    return t


# --- the report -------------------------------------------------------------------------------------
def build_report(data: dict[str, Any], folder: Path) -> tuple[Doc, dict]:
    """Compute the numbers, draw the figures into `folder`, and lay out the document."""
    from wartime.balance import plots      # on demand: matplotlib loads only when figures are drawn
    games, chars = data["games"], data["characters"]
    by_scenario: dict[str, list[dict]] = {}
    for g in games:
        by_scenario.setdefault(g["scenario_key"], []).append(g)
    chars_by_game: dict[str, list[dict]] = {}
    for c in chars:
        chars_by_game.setdefault(c["game_key"], []).append(c)

    doc = Doc()
    doc.h(1, "Balance report")
    versions = data["versions"]
    vtext = "; ".join(f"{describe_version(*v)} ({n} games)" for v, n in sorted(versions.items()))
    doc.p(f"**{len(games)} games** from {len(data['configs'])} store(s), {vtext}.")
    if len(versions) > 1:
        doc.p("**Warning: results of different engine versions or rules data are pooled (--allow-mixed).**")
    if data["duplicates"]:
        doc.p(f"{data['duplicates']} game(s) found in more than one store were counted once.")
    for c in data["configs"]:
        doc.p(f"Store `{c['store']}`: scenario `{c['scenario']['key']}`, lists "
              f"{', '.join('`' + x['key'] + '`' for x in c['lists'])}, batch seed {c['seed']}, controllers "
              f"{c['controllers']['red']} (red) / {c['controllers']['blue']} (blue), "
              f"{c['games_per_pairing']} games per ordered pairing"
              f"{', handicap variants' if c['handicap'] else ''}{', mirror games' if c['mirror'] else ''}.")
    ctrls = sorted({f"{c['controllers']['red']} / {c['controllers']['blue']}" for c in data["configs"]})
    doc.p(f"**These results depend on the players' skill** (controllers red / blue: {', '.join(ctrls)}): a list "
          "can win because the AI misplays the other list, not because it is stronger. Compare the ranking under "
          "another controller pair before repricing a design.")
    doc.p("How to read: a list's **score** is (wins + draws/2) / games; the interval is the Wilson 95 % "
          "score interval. *Favoured* / *unfavoured*: the interval lies above / below 50 %. *Too wide to "
          f"conclude*: the interval is wider than ±{100 * TARGET_HALF_WIDTH:.0f} %; the last column gives the games "
          f"needed for ±{100 * TARGET_HALF_WIDTH:.0f} % (n ≈ z²·p(1−p)/0.02²) and how many more that is. Every "
          "pairing is played on both sides, which cancels the side and turn-order effects from list scores.")

    summary: dict[str, Any] = {"games": len(games), "duplicates": data["duplicates"],
                               "versions": [{"engine_version": v[0], "rules_hash": v[1], "games": n}
                                            for v, n in sorted(versions.items())],
                               "scenarios": {}}
    for sk in sorted(by_scenario):
        every = by_scenario[sk]
        # priced variants (--price) change a list's cost, not its designs: they are read by the price section only
        sg = [g for g in every if not priced_game(g)] or every
        sc = [c for g in sg for c in chars_by_game.get(g["game_key"], [])]
        s = summarize(sg, sc)
        s["price"] = price_values(every) if len(sg) < len(every) else None
        summary["scenarios"][sk] = s
        title = sg[0]["scenario"]
        doc.h(2, f"Scenario: {title} ({len(every)} games)")
        if s["price"] is not None:
            _price_section(doc, s["price"], len(every) - len(sg))
        mt = s["mean_turns"]
        doc.p(f"Draws: {s['draws']} ({pct(s['draws'] / len(sg))}). Mean game length: {num(mt, 1)} turns.")

        if alarm_report.is_alarm(data["configs"], sk):                  # issue 17: the heroes' rates
            s["alarm"] = alarm_report.section(doc, data["configs"], sk, sg, sc, folder, plots)

        doc.h(3, "Win rate per list")
        doc.table(["list", "name", "cost", "games", "wins", "draws", "losses", "score", "95 % CI", "verdict",
                   f"games for ±{100 * TARGET_HALF_WIDTH:.0f} %"],
                  [[r["list"], r["name"], r["cost"], r["games"], r["wins"], r["draws"], r["losses"], pct(r["score"]),
                    ci(r), r["verdict"], needed(r)] for r in s["lists"]])
        f1 = f"{sk}-winrates.png"
        plots.win_rate_bars(s["lists"], folder / f1, f"{title}: score per list (Wilson 95 % CI)")
        doc.img(f1, "Score per list with Wilson 95 % intervals; the yellow band is 50 % ± 2.")

        doc.h(3, "Pairings")
        doc.p("Each row: list A's record against list B, both sides pooled.")
        doc.table(["A", "B", "games", "A wins", "draws", "B wins", "A score", "95 % CI", "verdict",
                   f"games for ±{100 * TARGET_HALF_WIDTH:.0f} %"],
                  [[r["a"], r["b"], r["games"], r["wins"], r["draws"], r["losses"], pct(r["score"]), ci(r),
                    r["verdict"], needed(r)] for r in s["pairings"]])
        if sum(1 for r in s["lists"] if not r["variant"]) >= 2:
            f2 = f"{sk}-pairings.png"
            plots.pairing_matrix(s["lists"], s["pairings"], folder / f2, f"{title}: score of row list vs column")
            doc.img(f2, "Pairing matrix: the row list's score against the column list.")

        lad = s.get("ai_ladder")
        if lad:
            doc.h(3, "AI ladder")
            doc.p("The same lists under different controller pairs. First the red side's record per pair (lists "
                  "pooled: how the two controllers compare), then whether the ranking of the lists holds between "
                  "pairs: the Spearman rank correlation of their scores with a bootstrap 95 % interval. A ranking that "
                  "changes with the AI level is a finding about the AI, not about the points.")
            doc.table(["controllers (red / blue)", "games", "red wins", "draws", "red losses", "red score",
                       "95 % CI", "verdict"],
                      [[r["pair"], r["games"], r["wins"], r["draws"], r["losses"], pct(r["score"]), ci(r),
                        r["verdict"]] for r in lad["pairs"]])
            if lad["correlations"]:
                doc.table(["pair A", "pair B", "lists", "Spearman ρ", "95 % CI", "ranking"],
                          [[c["a"], c["b"], c["lists"], num(c["spearman"], 2),
                            "—" if c["lo"] is None else f"{num(c['lo'], 2)} to {num(c['hi'], 2)}",
                            "stable" if c["lo"] is not None and c["lo"] > 0.5 else
                            "changes with the AI" if c["hi"] is not None and c["hi"] < 0.5 else "unclear"]
                           for c in lad["correlations"]])
            else:
                doc.p("Fewer than three lists are rated under two controller pairs: no rank correlation.")

        doc.h(3, "Sides and initiative")
        red, first = s["sides"]["red"], s["sides"]["first_player"]
        doc.table(["who", "games", "wins", "draws", "losses", "score", "95 % CI", "verdict"],
                  [["red side", red["games"], red["wins"], red["draws"], red["losses"], pct(red["score"]), ci(red),
                    red["verdict"]],
                   ["first player (won the turn-1 initiative, SEQ-2)", first["games"], first["wins"], first["draws"],
                    first["losses"], pct(first["score"]), ci(first), first["verdict"]]])

        doc.h(3, "Character designs: points efficiency")
        doc.p("Per copy fielded, over every game (handicap variants included). Kills and wounds dealt count "
              "enemies only; *per 100 pts* divides by the points fielded.")
        doc.table(["design", "name", "cost", "fielded", "kills", "wounds dealt", "wounds taken", "survival",
                   "accuracy", "energy / game", "kills per 100 pts", "wounds dealt per 100 pts"],
                  [[d["character_id"], d["name"], d["cost"], d["fielded"], d["kills"], d["damage_dealt"],
                    d["wounds_taken"], pct(d["survival_rate"]), pct(d["accuracy"]),
                    num(d["energy_spent"] / d["fielded"], 1), num(d["kills_per_100"], 3),
                    num(d["damage_per_100"], 3)] for d in s["designs"]])
        f3 = f"{sk}-efficiency.png"
        plots.efficiency_bars(s["designs"], folder / f3, f"{title}: kills and wounds dealt per 100 points")
        doc.img(f3, "Kills and wounds dealt per game per 100 points fielded.")

        m = s["model"]
        doc.h(3, "Character designs: fitted value in points")
        doc.p("Model: a **ridge-penalised logistic regression** of the red side's result (win 1, draw ½, loss 0) "
              "on an intercept (the red side's edge), the list-cost difference red − blue (per 100 points) and, "
              "for each design, the difference in copies fielded. A design's coefficient is its *mispricing*: "
              "log-odds per copy beyond what its cost buys, penalised by ½·λ·Σβ² "
              f"(λ = {m.get('ridge', 1.0):g}: the prior is that every design is priced right). "
              "A copy's value in points is `cost + 100·β_design / β_points`, its effect converted at the rate a "
              "point of list cost buys. Why this model: a handful of lists pins down only a few combinations of "
              "designs, and the penalty picks the smallest mispricing that explains the results instead of an "
              "arbitrary or infinite one; the logistic link keeps win odds sensible near 0 and 1. Errors: inverse "
              "penalised Hessian, delta method for values.")
        if not m.get("identified"):
            doc.p("**Every list in these games costs the same, so the points term is not identified**: the "
                  "effects below are in log-odds per copy only. Run the batch with `--handicap` (each list also "
                  "played with one copy of a design removed) to convert them into points.")
        else:
            doc.p(f"Points term: {num(m['points_coef'], 3)} log-odds per 100 points (SE {num(m['points_se'], 3)}, "
                  f"z = {num(m['points_z'], 1)})"
                  + ("." if m.get("values_reliable") else
                     ": **too weak to convert reliably (z < 2): read the values as rough**."))
        for group in m.get("confounded") or []:
            doc.p(f"**Cannot be told apart: {', '.join('`' + d + '`' for d in group)}** always appear together in "
                  "these games (the same copies in the same lists), so the fit splits their joint effect by the "
                  "penalty alone: their separate values below are not evidence, only their sum is. Play lists "
                  "that field them apart (or `--handicap`) to price them one by one.")
        doc.p(f"Red-side intercept: {num(m.get('intercept'), 3)} log-odds (SE {num(m.get('intercept_se'), 3)}).")
        doc.table(["design", "cost", "mispricing (log-odds / copy)", "SE", "fitted value (points)", "SE",
                   "value − cost"],
                  [[d["character_id"], d["cost"], num(d["logit"], 3), num(d["logit_se"], 3), num(d["value"], 1),
                    num(d["value_se"], 1), num(None if d["value"] is None else d["value"] - d["cost"], 1)]
                   for d in s["designs"]])
        f4 = f"{sk}-design-values.png"
        plots.design_value_scatter(s["designs"], m, folder / f4, f"{title}: fitted value vs cost")
        doc.img(f4, "Fitted value (or mispricing) of each design against its cost, with 95 % intervals.")
    return doc, summary


def _interval(c, digits: int = 1, scale: float = 1.0) -> str:
    return "—" if c is None else f"{num(c[0] * scale, digits)} to {num(c[1] * scale, digits)}"


def _price_section(doc: Doc, p: dict, n_games: int) -> None:
    """Issue 12 point 8: each priced trait's measured value in points beside its book cost (balance/price.py)."""
    doc.h(3, "What is a trait worth?")
    doc.p(f"{n_games} games played a list with one trait toggled on one design (`--price`), against the other "
          "full lists on both sides. *Effect*: the list's score with the trait minus without it. *Measured value*: "
          "that effect converted to points at the rate a point of list cost buys, measured on the handicap variants "
          f"(the points slope). Intervals: 95 % bootstrap percentile intervals ({p['boot']} resamples of every "
          "list's and variant's games). *Book cost*: what the trait costs the list by the points system (BLD-4, "
          "BLD-6): the printed cost × the copies of the design.")
    slope = p["slope"]
    doc.p(f"Points slope: {'—' if slope is None else num(10_000 * slope, 1)} % of score per 100 points "
          f"(95 % CI {_interval(p['slope_ci'], 1, 10_000)}; {p['n_handicap']} handicap variants)"
          + ("." if p["reliable"] else ": **the interval reaches 0, the games cannot tell points apart: the values "
             "below are not reliable** (more games, or another AI)."))
    doc.table(["list", "design", "trait", "toggled", "games with / without", "effect (score)", "95 % CI",
               "measured value (points)", "95 % CI", "book cost"],
              [[r["list"], r["design"], r["trait"], r["toggled"], f"{r['n_with']} / {r['n_without']}",
                f"{100 * r['effect']:+.1f} %" if r.get("effect") is not None else "—",
                _interval(r.get("effect_ci"), 1, 100) + (" %" if r.get("effect_ci") else ""),
                num(r.get("value"), 1), _interval(r.get("value_ci")) if p["reliable"] else "unbounded (slope ≈ 0)",
                r["book"]] for r in p["rows"]])


def write_report(store_paths: list[str | Path], out: str | Path, allow_mixed: bool = False) -> Path:
    """Write report.md, report.html, summary.json and the figures into `out` (replaced atomically)."""
    out = Path(out)
    data = load_results(store_paths, allow_mixed)
    if not data["games"]:
        raise ReportError("no finished games in " + ", ".join(str(p) for p in store_paths))
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / MARKER).exists())):
        raise ReportError(f"{out}: exists and is not a wartime report folder: choose another --out")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent))
    try:
        doc, summary = build_report(data, tmp)
        (tmp / "report.md").write_text(doc.markdown(), encoding="utf-8")
        (tmp / "report.html").write_text(doc.html("Wartime balance report"), encoding="utf-8")
        (tmp / MARKER).write_text(json.dumps(summary, indent=1, sort_keys=True, default=_json_default),
                                  encoding="utf-8")
        for f in tmp.iterdir():
            with open(f, "rb") as fh:
                os.fsync(fh.fileno())
        os.chmod(tmp, 0o755)
        old = None
        if out.exists():
            old = out.parent / f".{out.name}.old-{os.getpid()}"
            os.replace(out, old)
        os.replace(tmp, out)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return out


def _json_default(o):
    import numpy as np
    if isinstance(o, np.generic):
        return o.item()
    raise TypeError(f"not JSON serialisable: {type(o).__name__}")
