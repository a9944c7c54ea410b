"""`wartime compare`: the same scenario and lists played under each combat system (issue 18), with 95 % intervals.

**Games.** For each scenario and each system, a batch (`wartime.balance.runner`) of the two lists on both sides
(``ceil(games / 2)`` games per ordered pairing; the same list on both sides plays the mirror), in its own results
store ``OUT/stores/{scenario}-{system}.sqlite``. Game seeds derive from ``--seed`` and the game's key only, and the
key does not name the system: game k of a pairing has the same seed under every system (common random numbers:
the same deployment dice and controller seeds, so the systems differ by their combat and what follows from it).
An interrupted compare resumes with ``--resume`` (each store skips the games it holds). An alarm scenario with
``--alarm-shape`` (ALM-32, as ``wartime batch``) plays each game once per shape, ``--games`` shared among them.

**Measures** (per system; games and miniatures of the stores, events read by `accumulator.AttackLog`):

* *damage per attack* — the Wartime wounds each single-target attack did to its target (a miss did 0), as
  proportions 0 / 1 / 2 / 3+ with Wilson intervals, and the mean. Attacks of one game are not independent: the
  mean's interval is a bootstrap over games (`BOOT` resamples, fixed seed); the Wilson intervals treat attacks as
  independent and are somewhat narrow;
* *time to incapacitate* — the attacks a miniature had received (single-target attacks and area hits) when it
  became a casualty, over the miniatures that did (the survivors are censored observations and are not in the
  mean: the share that fell is given beside it), bootstrap over games; and the turn of each game's first
  casualty (games without one left out, counted), t interval;
* *game length* — turns and decisions per game, t intervals;
* *win-rate spread* — the red list's score (wins + draws/2, over both sides) minus the blue list's: with two lists
  the two scores add up to 1, so the spread is 2·score − 1 and its interval 2·Wilson − 1 (with the same list on
  both sides: the red side's score minus the blue side's);
* *value of armour* — exact, from each system's own odds (`rules.odds.attack_odds`, which hands over to the
  system's `odds()`): a reference ranged and a reference melee attack of the scenario's lists against a target
  whose protections are replaced by one of ΣDEF 0…`MAX_DEF`, the state built by the engine (a started `Match`)
  and then put under the system (`combat_systems.install`), so each system converts the changed target itself.

Output in ``OUT``: ``compare.md``, ``compare.json`` (every number) and one PNG per measure and scenario, each
file written atomically (a temporary file renamed into place)."""
from __future__ import annotations

import copy
import json
import math
import os
import tempfile
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Sequence

from wartime import __version__
from wartime.balance.report import Doc
from wartime.balance.runner import (BatchConfig, games_per_pairing, make_config, open_executor, plan_games,
                                    run_batch, units)
from wartime.balance.stats import list_rates, side_rates, wilson_interval
from wartime.balance.store import ResultStore, StoreError, read_store
from wartime.core.components import Equipment, Identity, Position, Protection
from wartime.core.errors import DataError
from wartime.data.combat_systems import SYSTEMS, system_params
from wartime.data.loader import load_match_inputs, load_scenario
from wartime.match.match import Match
from wartime.match.record import rules_data_hash
from wartime.rules import combat_systems
from wartime.rules.odds import attack_odds

#: the shipped skirmish (the repository's scenarios/)
DEFAULT_SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "skirmish.toml"
DEFAULT_GAMES = 100
BOOT = 2000
BOOT_SEED = 18
MAX_DEF = 6
BUCKETS = ("0", "1", "2", "3+")


class CompareError(Exception):
    """A compare that cannot run as asked (the message says why and what to do)."""


@dataclass(frozen=True)
class Run:
    """One scenario under one system: its batch and its store."""
    scenario_key: str
    system: str
    config: BatchConfig
    store: Path


# --- planning ---------------------------------------------------------------------------------------
def check_systems(names: Sequence[str]) -> list[str]:
    out = []
    for n in names:
        if n not in SYSTEMS:
            raise CompareError(f"--systems: unknown combat system {n!r}: one or more of {', '.join(SYSTEMS)}")
        if n not in out:
            out.append(n)
    if not out:
        raise CompareError(f"--systems: none given: one or more of {', '.join(SYSTEMS)}")
    return out


def scenario_lists(scenario: str | Path, red: str | Path | None, blue: str | Path | None) -> tuple[str, str]:
    """The two list files: as given, else the scenario's default lists (DataError naming the file otherwise)."""
    path = Path(scenario)
    if not path.is_file():
        raise DataError.one(str(path), "<file>", "no such scenario file" if not path.exists() else "not a file")
    sc = load_scenario(path)
    out = []
    for side, given in (("red", red), ("blue", blue)):
        chosen = given or sc.default_lists.get(side)
        if chosen is None:
            raise DataError.one(str(path), f"default_lists.{side}", f"missing: give --{side}-list")
        out.append(str(Path(chosen).resolve()))
    return out[0], out[1]


def plan(scenarios: Sequence[str | Path], systems: Sequence[str], out: Path, *, seed: int = 1,
         red_list: str | Path | None = None, blue_list: str | Path | None = None,
         alarm_shapes: Sequence[str] = ()) -> list[Run]:
    """One run per scenario and system; `alarm_shapes` (--alarm-shape, ALM-32: validated by `make_config`, an alarm
    scenario's only) plays every game once per shape, as `wartime batch` does."""
    runs = []
    for sc in scenarios:
        red, blue = scenario_lists(sc, red_list, blue_list)
        for system in systems:
            config = make_config(sc, [red, blue], seed=seed, combat=system, mirror=red == blue,
                                 alarm_shapes=alarm_shapes)
            runs.append(Run(config.scenario_key, system, config,
                            out / "stores" / f"{config.scenario_key}-{system}.sqlite"))
    keys = [r.scenario_key for r in runs]
    dup = sorted({k for k in keys if keys.count(k) > len(systems)})
    if dup:
        raise CompareError(f"two scenarios share the file name {dup[0]!r}: the name names the stores, rename one")
    return runs


def open_store(run: Run, per: int, resume: bool) -> ResultStore:
    """The run's store: created, or (--resume) reopened after checking it holds this batch of this engine."""
    if run.store.exists():
        if not resume:
            raise CompareError(f"{run.store}: already exists: add --resume to finish or extend this compare, or "
                               "choose another --out")
        store = ResultStore.open(run.store)
        try:
            store.check_version(__version__, rules_data_hash())
            a, b = BatchConfig.from_json(store.config()).identity(), run.config.identity()
            diff = sorted(k for k in a if a[k] != b[k])
            if diff:
                raise CompareError(f"{run.store}: holds another batch ({', '.join(diff)} differ): resume with the "
                                   "options the compare was started with, or choose another --out")
            if per > store.games_per_pairing():
                store.set_games_per_pairing(per)
        except BaseException:
            store.close()
            raise
        return store
    return ResultStore.create(run.store, run.config.to_json(), per, __version__, rules_data_hash())


def play(runs: Sequence[Run], games: int, *, resume: bool = False, backend: str = "process", workers: int = 2,
         progress: bool = True, echo: Callable[[str], None] = lambda s: None) -> dict[str, int]:
    """Play what each store lacks (all on one executor); returns {store path: games played}."""
    played: dict[str, int] = {}
    with open_executor(backend, workers) as (executor, slots):
        for run in runs:
            per = games_per_pairing(games, units(run.config))     # ALM-32: shared among the shapes too
            store = open_store(run, per, resume)
            try:
                per = store.games_per_pairing()
                todo = len({s.key for s in plan_games(run.config, per)} - store.done_keys())
                echo(f"{run.scenario_key} under {run.system}: {todo} games to play, "
                     f"{store.count()} stored in {run.store}")
                summary = run_batch(run.config, store, per, executor, slots, progress=progress) if todo else None
                played[str(run.store)] = summary.played if summary else 0
            finally:
                store.close()
    return played


# --- statistics -------------------------------------------------------------------------------------
def t_interval(values: Sequence[float]) -> dict[str, Any]:
    """Mean and its 95 % t interval (None bounds with fewer than two values)."""
    n = len(values)
    if n == 0:
        return {"n": 0, "mean": None, "ci_low": None, "ci_high": None}
    mean = sum(values) / n
    if n < 2:
        return {"n": n, "mean": mean, "ci_low": None, "ci_high": None}
    from scipy.stats import t
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = float(t.ppf(0.975, n - 1)) * sd / math.sqrt(n)
    return {"n": n, "mean": mean, "ci_low": mean - half, "ci_high": mean + half}


def cluster_ratio(num: Sequence[float], den: Sequence[float], boot: int = BOOT, seed: int = BOOT_SEED) -> dict:
    """Σnum / Σden over games, with a 95 % percentile bootstrap interval resampling whole games (the
    observations of one game are not independent). Deterministic: a fixed seed, no global random state."""
    import numpy as np
    num_a, den_a = np.asarray(num, dtype=float), np.asarray(den, dtype=float)
    total = float(den_a.sum())
    if total == 0:
        return {"n": 0, "games": len(num_a), "mean": None, "ci_low": None, "ci_high": None}
    mean = float(num_a.sum()) / total
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(num_a), size=(boot, len(num_a)))
    d = den_a[idx].sum(axis=1)
    ratios = num_a[idx].sum(axis=1)[d > 0] / d[d > 0]
    lo, hi = (float(x) for x in np.percentile(ratios, [2.5, 97.5]))
    return {"n": int(total), "games": len(num_a), "mean": mean, "ci_low": min(lo, mean), "ci_high": max(hi, mean)}


def proportion(k: int, n: int) -> dict[str, Any]:
    lo, hi = wilson_interval(k, n)
    return {"k": k, "n": n, "p": k / n if n else None, "ci_low": lo, "ci_high": hi}


def attack_stats(game: dict) -> dict:
    """The game's `AttackLog` summary (empty figures for a game stored without it)."""
    raw = game.get("attack_stats")
    return json.loads(raw) if raw else {"wounds": {}, "down": [], "up": [], "first_down": None}


def system_stats(games: list[dict], red_list: str) -> dict[str, Any]:
    """Every measure of one scenario under one system, from its games (`red_list`: the key of the list whose
    score comes first in the spread)."""
    logs = [attack_stats(g) for g in games]
    hist = {b: 0 for b in BUCKETS}
    wounds_per_game, attacks_per_game = [], []
    for log in logs:
        w = {int(k): v for k, v in log["wounds"].items()}
        for k, v in w.items():
            hist[BUCKETS[min(k, 3)]] += v
        wounds_per_game.append(sum(k * v for k, v in w.items()))
        attacks_per_game.append(sum(w.values()))
    n_attacks = sum(hist.values())
    down = [len(log["down"]) for log in logs]
    minis = [len(log["down"]) + len(log["up"]) for log in logs]
    first = [log["first_down"] for log in logs if log["first_down"] is not None]
    out: dict[str, Any] = {
        "games": len(games),
        "damage_per_attack": {"attacks": n_attacks, "share": {b: proportion(hist[b], n_attacks) for b in BUCKETS},
                              "mean": cluster_ratio(wounds_per_game, attacks_per_game)},
        "incapacitate": {
            "attacks_received": cluster_ratio([sum(log["down"]) for log in logs], down),
            "casualties": proportion(sum(down), sum(minis)),
            "first_casualty_turn": t_interval(first), "games_without_casualty": len(games) - len(first)},
        "length": {"turns": t_interval([g["turns"] for g in games]),
                   "decisions": t_interval([g["decisions"] for g in games])},
        "spread": spread(games, red_list),
    }
    return out


def spread(games: list[dict], red_list: str) -> dict[str, Any]:
    """The red list's score minus the blue list's, 2·score − 1 with 2·Wilson − 1 (two lists: the scores add to 1);
    with one list on both sides, the red side's minus the blue side's."""
    lists = list_rates(games)
    mirror = not lists
    if mirror:
        r = side_rates(games)["red"]
        label = "red side − blue side"
    else:
        ordered = sorted(lists, key=lambda x: x["list"] != red_list)
        r = ordered[0]
        label = f"{ordered[0]['list']} − {ordered[1]['list']}" if len(ordered) > 1 else ordered[0]["list"]
    if not r["games"]:
        return {"label": label, "games": 0, "spread": None, "ci_low": None, "ci_high": None, "lists": lists}
    return {"label": label, "games": r["games"], "wins": r["wins"], "draws": r["draws"], "losses": r["losses"],
            "score": r["score"], "spread": 2 * r["score"] - 1, "ci_low": 2 * r["ci_low"] - 1,
            "ci_high": 2 * r["ci_high"] - 1, "mirror": mirror, "lists": lists}


# --- the value of armour (exact) --------------------------------------------------------------------
def reference_attacks(gs) -> list[dict]:
    """A ranged and a melee reference attack of the scenario's lists: red's first miniature with a ranged
    weapon (its first) against blue's first miniature at a quarter of the weapon's range, and blue's first
    miniature with a melee weapon against red's first in base contact (the other way round when a side has
    none). Entity order: deterministic."""
    minis = sorted(gs.minis())
    out = []
    for kind, ranged in (("ranged", True), ("melee", False)):
        for att_side, tgt_side in (("red", "blue"), ("blue", "red")) if ranged else (("blue", "red"), ("red", "blue")):
            found = None
            for a in (m for m in minis if gs.side(m) == att_side):
                weapons = gs.equipment(a).weapons
                i = next((i for i, w in enumerate(weapons) if (w.RNG > 0) == ranged), None)
                if i is not None:
                    found = (a, i)
                    break
            targets = [m for m in minis if gs.side(m) == tgt_side]
            if found and targets:
                a, i = found
                w = gs.equipment(a).weapons[i]
                out.append({"kind": kind, "attacker": a, "weapon_index": i, "target": targets[0],
                            "distance": w.RNG / 4 if ranged else 0.0})
                break
    return out


def _set_up(gs, ref: dict, total_def: int) -> None:
    """Stand the target `distance` K (edge to edge) in front of the attacker, facing it, its protections
    replaced by one of DEF `total_def` (none at 0) that no wound disables."""
    world = gs.world
    a, t = ref["attacker"], ref["target"]
    pa = world.get(a, Position)
    ra, rt = gs.body(a).radius, gs.body(t).radius
    world.set(a, replace(pa, facing=0.0))
    world.set(t, Position(pa.x + ra + rt + ref["distance"], pa.y, 180.0, pa.level))
    prots = (Protection("reference", f"reference armour DEF {total_def}", 0, total_def, 1, 99),) if total_def else ()
    world.set(t, replace(world.get(t, Equipment), protections=prots))


def armour_value(scenario: str | Path, red: str, blue: str, systems: Sequence[str], max_def: int = MAX_DEF,
                 seed: int = 1) -> dict[str, Any]:
    """Exact odds of each reference attack against ΣDEF 0…max_def under each system: P(hit), expected Wartime
    wounds, P(incapacitate) — from each system's own `odds()`, through `rules.odds.attack_odds`."""
    sc, lists = load_match_inputs(scenario, {"red": red, "blue": blue})
    params = system_params()

    def state():
        # a started match of the lists under Wartime's rules, put under `name` once the target is changed
        return Match(sc, lists, seed, checkpoints=False).gs

    gs0 = state()
    refs = reference_attacks(gs0)
    out: dict[str, Any] = {"references": [], "defs": list(range(max_def + 1))}
    for ref in refs:
        w = gs0.equipment(ref["attacker"]).weapons[ref["weapon_index"]]
        row = {**ref, "attacker_name": gs0.world.get(ref["attacker"], Identity).name, "weapon": w.name,
               "target_name": gs0.world.get(ref["target"], Identity).name,
               "target_con": gs0.attrs(ref["target"]).CON, "systems": {}}
        for name in systems:
            series = []
            for d in range(max_def + 1):
                gs = state()
                _set_up(gs, ref, d)
                combat_systems.install(gs, combat_systems.make_system(name, params))
                o = attack_odds(gs, ref["attacker"], ref["target"], weapon_index=ref["weapon_index"],
                                ranged=ref["kind"] == "ranged")
                series.append({"def": d, "p_hit": float(o.p_hit), "expected_wounds": float(o.expected_wounds),
                               "p_incapacitate": float(o.p_incapacitate),
                               "exact": {"p_hit": str(o.p_hit), "expected_wounds": str(o.expected_wounds),
                                         "p_incapacitate": str(o.p_incapacitate)}})
            row["systems"][name] = series
        out["references"].append(row)
    return out


# --- the report -------------------------------------------------------------------------------------
def _ci(x: dict, scale: float = 1.0, digits: int = 2, unit: str = "") -> str:
    """'mean (low–high)' of an interval dict (a dash for what is not known)."""
    m = x.get("mean", x.get("p", x.get("spread")))
    if m is None:
        return "–"
    f = f"{{:.{digits}f}}"
    if x.get("ci_low") is None:
        return f.format(scale * m) + unit
    return (f"{f.format(scale * m)}{unit} ({f.format(scale * x['ci_low'])}–{f.format(scale * x['ci_high'])})")


def compute(runs: Sequence[Run], systems: Sequence[str], seed: int = 1, out: Path | None = None) -> dict[str, Any]:
    """Every number of the report, from the stores (read-only) and the systems' exact odds (store paths relative
    to `out` when given)."""
    numbers: dict[str, Any] = {"systems": list(systems), "seed": seed, "scenarios": {}}
    for run in runs:
        data = read_store(run.store)
        sc = numbers["scenarios"].setdefault(run.scenario_key, {
            "scenario": run.config.scenario, "lists": [r.key for r in run.config.lists], "systems": {}})
        where = run.store.relative_to(out) if out is not None and run.store.is_relative_to(out) else run.store
        try:
            stats = system_stats(data["games"], run.config.lists[0].key)
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise StoreError(f"{run.store}: damaged results store: games attack_stats "
                             f"({type(exc).__name__}: {str(exc)[:120]})") from None
        sc["systems"][run.system] = {"store": str(where), "version": list(data["version"]), **stats}
    for key, sc in numbers["scenarios"].items():
        run = next(r for r in runs if r.scenario_key == key)
        refs = run.config.lists
        sc["armour"] = copy.deepcopy(_armour_cached(run.config.scenario, run.config.scenario_sha256, refs[0].spec,
                                                    refs[0].sha256, refs[-1].spec, refs[-1].sha256, tuple(systems),
                                                    seed))
    return numbers


@lru_cache(maxsize=16)
def _armour_cached(scenario: str, scenario_sha: str, red: str, red_sha: str, blue: str, blue_sha: str,
                   systems: tuple[str, ...], seed: int) -> dict[str, Any]:
    """`armour_value` once per content (the files' hashes are in the key): a report written again in the same
    process (--resume, tests) does not recompute it; the caller copies it."""
    return armour_value(scenario, red, blue, systems, seed=seed)


def _atomic(path: Path, write: Callable[[Path], None]) -> None:
    """Write through a temporary file beside `path`, renamed into place (a reader never sees half a file)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        write(Path(tmp))
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def document(numbers: dict[str, Any], figures: dict[str, dict[str, str]]):
    """The report as a `report.Doc` (Markdown)."""
    doc = Doc()
    systems = numbers["systems"]
    doc.h(1, "Wartime compare: the same games under each combat system")
    doc.p("Each scenario's two lists played on both sides under each combat system with the same game seeds "
          f"(batch seed {numbers['seed']}: game k of a pairing has the same seed under every system). Intervals "
          "are 95 %: Wilson for proportions, bootstrap over games for the per-attack and per-miniature means "
          "(the attacks of a game are not independent), t for per-game means. Wounds are Wartime wounds: each "
          "peer system translates its own health model into Wartime's Wounds count and Life state "
          "(docs/combat-systems.md). Made by `wartime compare`.")
    for key, sc in numbers["scenarios"].items():
        rows = sc["systems"]
        doc.h(2, f"{key} ({' vs '.join(sc['lists'])})")
        doc.table(["system", "games", "turns", "decisions", "spread (red list − blue list)", "wins-draws-losses"],
                  [[s, rows[s]["games"], _ci(rows[s]["length"]["turns"]), _ci(rows[s]["length"]["decisions"], digits=0),
                    _ci(rows[s]["spread"], 100, 1, " pts"),
                    f"{rows[s]['spread'].get('wins', 0)}-{rows[s]['spread'].get('draws', 0)}-"
                    f"{rows[s]['spread'].get('losses', 0)}"] for s in systems])
        labels = {rows[s]["spread"]["label"] for s in systems}
        doc.p(f"Spread: {', '.join(sorted(labels))}, in points of score (wins + draws/2, both sides pooled), "
              "2·score − 1 with its Wilson interval; 0 is even.")
        doc.h(3, "Damage per attack")
        doc.table(["system", "attacks", *(f"{b} wounds" for b in BUCKETS), "mean wounds"],
                  [[s, rows[s]["damage_per_attack"]["attacks"],
                    *(_ci(rows[s]["damage_per_attack"]["share"][b], 100, 1, " %") for b in BUCKETS),
                    _ci(rows[s]["damage_per_attack"]["mean"])] for s in systems])
        doc.p("Every single-target attack (hit or miss), the Wartime wounds it did to its target. A peer system's "
              "casualty sets the Wounds count to CON (d6, d20), so its large values are casualties.")
        doc.h(3, "Time to incapacitate")
        doc.table(["system", "attacks received by a casualty", "miniatures fallen", "first casualty: turn",
                   "games without one"],
                  [[s, _ci(rows[s]["incapacitate"]["attacks_received"]),
                    _ci(rows[s]["incapacitate"]["casualties"], 100, 1, " %"),
                    _ci(rows[s]["incapacitate"]["first_casualty_turn"]),
                    rows[s]["incapacitate"]["games_without_casualty"]] for s in systems])
        doc.p("Attacks received (single-target attacks and area hits) when the miniature became a casualty, over "
              "the miniatures that did: the survivors are censored (they would have needed more) and are left "
              "out, so read it with the share that fell.")
        doc.h(3, "Value of armour (exact odds)")
        for ref in sc["armour"]["references"]:
            doc.p(f"{ref['kind'].capitalize()} reference attack: {ref['attacker_name']} with {ref['weapon']} "
                  f"against {ref['target_name']} (CON {ref['target_con']}) at {ref['distance']:g} K, no cover, "
                  "its protections replaced by one of ΣDEF 0…"
                  f"{sc['armour']['defs'][-1]}: expected Wartime wounds (P hit, P incapacitate).")
            doc.table(["system", *(f"ΣDEF {d}" for d in sc["armour"]["defs"])],
                      [[s, *(f"{x['expected_wounds']:.2f} ({100 * x['p_hit']:.0f} %, {100 * x['p_incapacitate']:.0f} %)"
                             for x in ref["systems"][s])] for s in systems])
        for name, (file, caption) in figures.get(key, {}).items():
            doc.img(file, caption)
    return doc


def write(numbers: dict[str, Any], out: Path) -> Path:
    """compare.md, compare.json and the figures in `out` (each file atomically)."""
    # on demand: matplotlib is loaded only when a report is drawn
    from wartime.balance.compare_plots import draw
    out.mkdir(parents=True, exist_ok=True)
    figures: dict[str, dict[str, tuple[str, str]]] = {}
    for key, sc in numbers["scenarios"].items():
        figures[key] = {}
        for name, caption, fig in draw(key, sc, numbers["systems"]):
            file = f"{key}-{name}.png"
            _atomic(out / file, lambda p, fig=fig: fig(p))
            figures[key][name] = (file, caption)
    doc = document(numbers, figures)
    _atomic(out / "compare.md", lambda p: p.write_text(doc.markdown(), encoding="utf-8"))
    _atomic(out / "compare.json", lambda p: p.write_text(json.dumps(numbers, indent=1, sort_keys=True),
                                                          encoding="utf-8"))
    return out / "compare.md"
