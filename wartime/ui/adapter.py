"""Everything the window asks of the engine, in one place: a match from files, decisions submitted with a
picture of the world at each event, the action menu and previews (legality always from
`Engine.check_action`), exact attack odds (`wartime.rules.odds.attack_odds`), and games saved / loaded as
game records. No rule is decided here: the engine says what is legal and what it costs.

Stand-ins for engine APIs that do not exist yet (each marked STAND-IN below). What the window needs is one
call `odds of this decision, exactly as the engine would resolve it now`:
* `action_one_shot_mods` reads the acting character's pending one-shot CH ATR modifiers (ACT-3 chain,
  MVA-2 run, MVA-3 sprint, GNA-4 concentrate) through the engine's private `_consume_one_shots`, inside a
  world snapshot that is restored at once, and adds a pending Apoyar (GNA-1); `attack_odds` leaves them out.
* `attack_preview` adds the REA-4 early −1 of a reaction in a declaration window (using
  `rules.reactions.NO_EARLY_PENALTY`) and the CBA-12 DMG +1 of a melee attack on the charged target, as the
  actions do when they resolve.
* `prepared_attack` calls the engine's private `_validate` to get the cover the attack will really use
  (MVA-5: a prone target behind any cover counts 100 % hidden).
* `read_record` / `setup_from_record` read game records when the replay work's checked reader
  (`match.record.load_record`, `match.save.rebuild_inputs`) is not there; `open_record` prefers it.
"""
from __future__ import annotations

import csv
import hashlib
import json
import math
import tempfile
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterable

from wartime.core.components import Identity
from wartime.core.errors import DataError, RuleViolation
from wartime.core.events import canonical_json
from wartime.core.world import Snapshot, World
from wartime.match.match import Match, derive_seed
from wartime.match.record import atomic_write_text
from wartime.rules.checks import Modifier
from wartime.rules.combat import Cover
from wartime.rules.odds import AttackOdds, attack_odds
from wartime.rules.sequence import Decision
from wartime.rules.state import GameState

HUMAN, AI = "human", "ai"
SAVE_FORMAT = "wartime-ui-save"


# --- reference data ------------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def rule_titles() -> dict[str, str]:
    """Rule ID → title, from the packaged rule index (`wartime/data/tables/rule_index.tsv`)."""
    text = (resources.files("wartime.data") / "tables" / "rule_index.tsv").read_text(encoding="utf-8")
    rows = csv.DictReader(text.splitlines(), delimiter="\t")
    return {r["id"]: r["title"] for r in rows if r.get("id")}


@lru_cache(maxsize=1)
def action_table() -> dict[str, dict[str, str]]:
    """Rule ID → the actions table row (name_en, ene_cost, check, summary_en)."""
    text = (resources.files("wartime.data") / "tables" / "actions.tsv").read_text(encoding="utf-8")
    return {r["id"]: r for r in csv.DictReader(text.splitlines(), delimiter="\t")}


def rule_title(rule_id: str | None) -> str:
    if not rule_id:
        return ""
    return rule_titles().get(rule_id, "")


# --- setting up a match ---------------------------------------------------------------------------------
@dataclass
class Setup:
    """What a game is made of: scenario and list files, the seed, and who plays each side."""
    scenario: str
    lists: dict[str, str | None]
    seed: int
    controllers: dict[str, str] = field(default_factory=lambda: {"red": HUMAN, "blue": HUMAN})

    def to_json(self) -> dict:
        return {"scenario": self.scenario, "lists": dict(self.lists), "seed": self.seed,
                "controllers": dict(self.controllers)}


def load_inputs(scenario_path: str, lists: dict[str, str | None]):
    """Load a scenario and both army lists (the scenario's default list for a side given None); BLD-22
    problems are reported as one DataError."""
    from wartime.data.loader import load_match_inputs
    return load_match_inputs(scenario_path, lists, option="--{side}")


def make_ai(side: str, seed: int):
    from wartime.ai import make_controller
    return make_controller("scripted", derive_seed(seed, f"controller:{side}"))


def new_match(setup: Setup) -> Match:
    scenario, lists = load_inputs(setup.scenario, setup.lists)
    ctrls = {s: make_ai(s, setup.seed) for s, kind in setup.controllers.items() if kind == AI}
    return Match(scenario, lists, setup.seed, ctrls)


# --- submitting and picturing -------------------------------------------------------------------------
Frame = tuple[dict, Snapshot]


def submit_with_frames(match: Match, decision: Decision) -> list[Frame]:
    """Submit a decision; return each event it caused with a snapshot of the world taken as the event was
    emitted, so the window can show the dice fall and the bases move one event at a time."""
    world = match.world
    frames: list[Frame] = []

    def grab(ev) -> None:
        frames.append((dict(ev), world.snapshot()))

    world.listeners.append(grab)
    try:
        match.submit(decision)
    finally:
        world.listeners.remove(grab)
    return frames


def view_state(gs: GameState, snap: Snapshot) -> GameState:
    """A read-only GameState over a snapshot's tables (the board is shared; never write to it)."""
    w = World(gs.world.dice)
    w.tables = snap.tables
    w.resources = snap.resources
    return GameState(w, gs.board, turn_limit=gs.turn_limit, victory=gs.victory, deployment=gs.deployment,
                     sides=gs.sides)


def short_name(gs: GameState, e: int) -> str:
    """'red Rifleman 1' → 'Rifleman 1'."""
    ident = gs.world.get(e, Identity)
    prefix = ident.side + " "
    return ident.name[len(prefix):] if ident.name.startswith(prefix) else ident.name


def long_name(gs: GameState, e: int) -> str:
    ident = gs.world.get(e, Identity)
    return f"{ident.side.capitalize()} {short_name(gs, e)}"


# --- checks ----------------------------------------------------------------------------------------------
def try_action(match: Match, actor: int, key: str, params: dict, chain: bool = False,
               facing: float | None = None) -> tuple[int | None, RuleViolation | None]:
    """(cost, None) if the engine accepts the action now, else (None, the RuleViolation)."""
    try:
        return match.engine.check_action(actor, key, params, chain, facing), None
    except RuleViolation as exc:
        return None, exc


def try_decision(match: Match, actor: int, key: str, params: dict, chain: bool = False,
                 facing: float | None = None, react: bool = False) -> tuple[int | None, RuleViolation | None]:
    """`try_action`, or for a reaction (REA-1..8) the engine's `check_reaction` in the open window."""
    if not react:
        return try_action(match, actor, key, params, chain, facing)
    check = getattr(match.engine, "check_reaction", None)
    if check is None:
        return None, RuleViolation("REA-1", "reactions are not implemented by this engine")
    try:
        return check(actor, key, params), None
    except RuleViolation as exc:
        return None, exc


# --- the action menu ------------------------------------------------------------------------------------
LABELS = {"move": "Move", "run": "Run", "sprint": "Sprint", "crouch": "Crouch", "go_prone": "Go prone",
          "stand_up": "Stand up", "ranged_attack": "Shoot", "melee_attack": "Melee attack",
          "unarmed_attack": "Unarmed attack", "charge": "Charge", "disengage": "Disengage",
          "support": "Support", "concentrate": "Concentrate", "heal": "Heal / repair", "wait": "Wait",
          "reload": "Reload", "end": "End activation", "followup": "Follow-up", "pivot": "Pivot",
          "flee": "Flee", "dodge": "Dodge (melee)", "counter_charge": "Counter-charge", "on_guard": "On guard",
          "quick_draw": "Quick draw", "counter_magic": "Counter-magic"}
ORDER = ["move", "run", "sprint", "crouch", "go_prone", "stand_up", "pivot", "flee", "ranged_attack",
         "melee_attack", "unarmed_attack", "charge", "dodge", "counter_charge", "disengage", "followup", "support",
         "concentrate", "heal", "on_guard", "wait", "reload", "end"]
PATH_KEYS = ("move", "run", "sprint", "disengage", "flee")
ENEMY_TARGET_KEYS = ("ranged_attack", "melee_attack", "unarmed_attack", "charge")
ATTACK_KEYS = ("ranged_attack", "melee_attack", "unarmed_attack")


@dataclass
class TargetOption:
    target: int
    params: dict
    facing: float | None
    cost: int | None
    error: RuleViolation | None


@dataclass
class MenuEntry:
    key: str
    label: str
    tool: str                   # 'now' | 'path' | 'target' | 'facing' (a reaction's Pivotar)
    params: dict                # fixed parameters (weapon, mode)
    rule: str
    check: str                  # 'CH AGI', '—'
    cost: int | None            # exact cost of the probe when legal
    cost_text: str
    error: RuleViolation | None  # why it is greyed out
    options: dict[int, TargetOption] = field(default_factory=dict)   # target tools: every candidate

    @property
    def enabled(self) -> bool:
        return self.error is None


def _check_text(rule: str) -> str:
    row = action_table().get(rule)
    raw = (row or {}).get("check", "") or ""
    if not raw:
        return "no check"
    parts = []
    for p in raw.split(";"):
        p = p.strip()
        opt = p.startswith("[")
        p = p.strip("[]")
        parts.append(("(CH " + p + ")") if opt else "CH " + p)
    return ", ".join(parts)


def _facing_to(gs: GameState, actor: int, target: int) -> float:
    p = gs.pos(target)
    return round(gs.facing_to(actor, p.x, p.y), 4)


def target_option(match: Match, actor: int, key: str, params: dict, target: int, chain: bool = False,
                  react: bool = False) -> TargetOption:
    """Check an action against one target; when the target is out of the field of view (ENV-1) try again
    with the free turn towards it first (MOV-5; not for a reaction: outside its activation a character
    does not turn for free)."""
    gs = match.gs
    p = dict(params, target=target)
    if key == "charge" or (key == "followup" and p.get("mode") == "engage"):
        from wartime.ai.candidates import contact_point, path_towards
        reach = 1.0 if key == "followup" else gs.mov(actor) + 3
        path = path_towards(gs, actor, contact_point(gs, actor, target), reach)
        if not path:
            return TargetOption(target, p, None, None,
                                RuleViolation("CBA-12" if key == "charge" else "CMB-15",
                                              f"no path to base contact with {long_name(gs, target)}"))
        p["path"] = path
    cost, err = try_decision(match, actor, key, p, chain, react=react)
    if err is not None and err.rule_id == "ENV-1" and not react:
        facing = _facing_to(gs, actor, target)
        cost2, err2 = try_action(match, actor, key, p, chain, facing)
        return TargetOption(target, p, facing, cost2, err2)
    return TargetOption(target, p, None, cost, err)


def action_menu(match: Match, actor: int, chain: bool = False, reactions: Iterable[str] | None = None) -> list[MenuEntry]:
    """Every action the acting character might take, each with its cost and check, or greyed out with the
    rule the engine cites against it. Targeted actions are checked against every candidate. With
    `reactions` (the keys a `react` pending offers), the menu of a reaction in the open window."""
    gs, engine = match.gs, match.engine
    react = reactions is not None
    keys = list(reactions) if react else engine.legal_keys()
    keys = [k for k in ORDER if k in keys] + [k for k in keys if k not in ORDER]

    def try_action(match, actor, key, params, chain=False, facing=None):     # noqa: F811 (the menu's checker)
        return try_decision(match, actor, key, params, chain, facing, react)
    weapons = list(enumerate(gs.equipment(actor).weapons))
    out: list[MenuEntry] = []
    here = gs.pos(actor)

    def entry(key, label, tool, params, cost_text=None):
        from wartime.rules.actions import REGISTRY
        rule = REGISTRY[key].rule
        return MenuEntry(key, label, tool, params, rule, _check_text(rule), None, cost_text or "", None)

    for key in keys:
        from wartime.rules.actions import REGISTRY
        label = LABELS.get(key) or action_table().get(REGISTRY[key].rule, {}).get("name_en") or key
        if key in PATH_KEYS:
            e = entry(key, label, "path", {})
            # a path that stays where it is checks everything but the path itself (prone, energy, ...)
            e.cost, e.error = try_action(match, actor, key, {"path": [[here.x, here.y]]}, chain)
            if e.error is not None and e.error.rule_id in ("MOV-14", "BAS-2"):
                e.error = None
            e.cost_text = f"{e.cost if e.cost is not None else '?'} + terrain"
            out.append(e)
        elif key in ("ranged_attack", "melee_attack", "reload"):
            want = [(i, w) for i, w in weapons
                    if (key == "reload" and w.magazine is not None)
                    or (key == "ranged_attack" and w.ranged) or (key == "melee_attack" and not w.ranged)]
            for i, w in want:
                if key == "reload":
                    e = entry(key, f"{label} {w.name} ({w.rounds}/{w.magazine})", "now", {"weapon": i})
                    e.cost, e.error = try_action(match, actor, key, e.params, chain)
                    e.cost_text = str(e.cost if e.cost is not None else w.DMG)
                    out.append(e)
                    continue
                ammo = f" ({w.rounds}/{w.magazine})" if w.magazine is not None else ""
                e = entry(key, f"{label}: {w.name}{ammo}", "target", {"weapon": i})
                _fill_targets(match, actor, e, gs.enemies(actor, able_only=False), chain, react)
                e.cost_text = str(e.cost if e.cost is not None else w.ENE)
                out.append(e)
        elif key in ("unarmed_attack", "charge"):
            e = entry(key, label, "target", {})
            _fill_targets(match, actor, e, gs.enemies(actor, able_only=False), chain, react)
            e.cost_text = str(e.cost) if e.cost is not None else ("1" if key == "unarmed_attack" else "2 + terrain")
            out.append(e)
        elif key == "support":
            e = entry(key, label, "target", {})
            _fill_targets(match, actor, e, gs.allies(actor), chain, react)
            e.cost_text = str(e.cost if e.cost is not None else 3)
            out.append(e)
        elif key == "heal":
            e = entry(key, label, "target", {})
            _fill_targets(match, actor, e, [actor] + gs.allies(actor), chain, react)
            e.cost_text = str(e.cost if e.cost is not None else 3)
            out.append(e)
        elif key == "followup":
            if not gs.effects(actor).followup:
                continue
            e = entry(key, "Follow-up: engage", "target", {"mode": "engage"})
            _fill_targets(match, actor, e, gs.enemies(actor), chain)
            e.cost_text = "free"
            out.append(e)
            e = entry(key, "Follow-up: step away", "path", {"mode": "step_away"})
            e.cost_text = "free"
            out.append(e)
        elif key == "pivot":
            e = entry(key, label, "facing", {})
            p0 = gs.pos(actor)
            e.cost, e.error = try_action(match, actor, key, {"facing_to": round(p0.facing, 4)}, chain)
            e.cost_text = str(e.cost if e.cost is not None else 1)
            out.append(e)
        else:
            e = entry(key, label, "now", {})
            e.cost, e.error = try_action(match, actor, key, {}, chain)
            e.cost_text = "free" if key == "end" else str(e.cost if e.cost is not None else "?")
            out.append(e)
    return out


def _fill_targets(match: Match, actor: int, e: MenuEntry, candidates: Iterable[int], chain: bool,
                  react: bool = False) -> None:
    gs = match.gs
    cands = [t for t in candidates if gs.on_table(t)]
    if not cands:
        e.error = RuleViolation(e.rule, "no possible target on the table")
        return
    cands.sort(key=lambda t: (0 if t == actor else gs.distance(actor, t), t))
    for t in cands:
        params = dict(e.params)
        if e.key == "heal" and t == actor:
            opt = TargetOption(t, params, None, *try_decision(match, actor, "heal", params, chain, react=react))
        else:
            opt = target_option(match, actor, e.key, params, t, chain, react)
        e.options[t] = opt
    legal = [o for o in e.options.values() if o.error is None]
    if legal:
        e.cost = legal[0].cost
        e.error = None
    else:
        e.error = e.options[cands[0]].error


def entry_decision(pending, entry: MenuEntry, chain: bool = False, facing: float | None = None,
                   target: int | None = None, path: list | None = None) -> Decision:
    """The decision an entry makes, with a chosen target (its checked option) or a drawn path."""
    params = dict(entry.params)
    if target is not None:
        opt = entry.options.get(target)
        if opt is not None:
            params = dict(opt.params)
            if facing is None:
                facing = opt.facing
        if entry.key == "heal" and target == pending.actor:
            params.pop("target", None)
        elif "target" not in params:
            params["target"] = target
    if path is not None:
        params["path"] = [[round(x, 4), round(y, 4)] for x, y in path]
    if pending.kind == "react":
        return Decision("react", pending.side, actor=pending.actor, action=entry.key, params=params)
    return Decision("action", pending.side, actor=pending.actor, action=entry.key, params=params, chain=chain,
                    facing=facing)


def pass_decision(pending) -> Decision:
    """REA-3: the reactor lets the window go by."""
    return Decision("react", pending.side, actor=pending.actor)


# --- movement preview -----------------------------------------------------------------------------------
@dataclass
class PathPreview:
    points: list[tuple[float, float]]   # from the actor's position
    length: float
    cost: int | None
    error: RuleViolation | None


def path_preview(match: Match, actor: int, entry: MenuEntry, waypoints: list[tuple[float, float]],
                 chain: bool = False, facing: float | None = None, react: bool = False) -> PathPreview:
    p = match.gs.pos(actor)
    pts = [(p.x, p.y)] + list(waypoints)
    length = sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(pts, pts[1:]))
    if not waypoints:
        return PathPreview(pts, 0.0, None, None)
    params = dict(entry.params, path=[[round(x, 4), round(y, 4)] for x, y in waypoints])
    cost, err = try_decision(match, actor, entry.key, params, chain, facing, react)
    return PathPreview(pts, length, cost, err)


def movement_allowance(match: Match, actor: int, key: str) -> float | None:
    """How far a movement action may go (the action's own `allowance`, MOV-1 / MVA-1..3), if it says."""
    from wartime.rules.actions import REGISTRY
    action = REGISTRY.get(key)
    fn = getattr(action, "allowance", None)
    if fn is None:
        return None
    try:
        return float(fn(match.gs, actor))
    except (TypeError, ValueError, KeyError):
        return None


# --- attacks: cover and exact odds -------------------------------------------------------------------------
@dataclass
class AttackPreview:
    attacker: int
    target: int
    key: str
    weapon: int | None
    facing: float | None
    cost: int | None
    error: RuleViolation | None
    blocked: int              # samples of 25 hidden from the attacker's eye (ENV-2)
    cover_piece: str | None
    cover: Cover | None       # what the attack will use (CMB-17 / CMB-18)
    odds: AttackOdds | None
    imp_mods: tuple[Modifier, ...] = ()


def action_one_shot_mods(match: Match, actor: int, key: str, chain: bool = False) -> list[Modifier]:
    """STAND-IN: the CH ATR modifiers the acting character's next action carries (ACT-3, MVA-2, MVA-3,
    GNA-4) plus a pending Apoyar (GNA-1), as the engine would apply them to that action's first CH AGI.
    Uses the engine's own `_consume_one_shots` on a snapshot restored at once (nothing changes)."""
    from wartime.rules.actions import REGISTRY
    from wartime.rules.context import ActionContext
    gs, engine, world = match.gs, match.engine, match.world
    action = REGISTRY[key]
    chained = (gs.activation(actor).chain_next or chain) and not action.free
    mods: list[Modifier] = []
    consume = getattr(engine, "_consume_one_shots", None)
    if consume is not None:
        snap = world.snapshot()
        listeners, world.listeners = world.listeners, []
        try:
            ctx = ActionContext(actor, key, {}, chained=chained)
            consume(actor, action, ctx)
            mods += ctx.atr_mods("AGI")
        finally:
            world.restore(snap)
            world.listeners = listeners
    if gs.effects(actor).support:
        mods.append(Modifier("GNA-1", 1, "support"))
    return mods


def prepared_attack(match: Match, actor: int, key: str, params: dict, facing: float | None, chain: bool = False):
    """STAND-IN: the engine's prepared data for an attack (its AttackPrep, with the cover it will use)."""
    from wartime.rules.actions import REGISTRY
    engine = match.engine
    action = REGISTRY[key]
    vparams = dict(params)
    vparams["_chained"] = (match.gs.activation(actor).chain_next or chain) and not action.free
    validate = getattr(engine, "_validate", None)
    if validate is None:
        return None
    return validate(actor, action, key, vparams, facing)[0]


def attack_preview(match: Match, actor: int, entry: MenuEntry, target: int, chain: bool = False,
                   pending=None) -> AttackPreview:
    """LOS, cover and the exact odds of `entry` (a ranged, melee or unarmed attack) against `target`; for a
    reaction (`pending.kind == 'react'`) with the REA-4 early −1 of a declaration window."""
    gs = match.gs
    react = pending is not None and pending.kind == "react"
    opt = entry.options.get(target) or target_option(match, actor, entry.key, entry.params, target, chain, react)
    weapon = entry.params.get("weapon")
    c = gs.cover(actor, [target])[0]
    pv = AttackPreview(actor, target, entry.key, weapon, opt.facing, opt.cost, opt.error, c.blocked,
                       c.main_piece_id, None, None)
    if opt.error is not None or entry.key not in ATTACK_KEYS:
        return pv
    ranged = entry.key == "ranged_attack"
    cover = None
    if ranged:
        try:
            prep = prepared_attack(match, actor, entry.key, opt.params, opt.facing, chain)
        except RuleViolation:
            prep = None        # (a reaction may go below 0 ENE, REA-2: the action's own check would refuse)
        cover = getattr(prep, "cover", None) or Cover(c.blocked, c.main_piece_def)
    extra = action_one_shot_mods(match, actor, entry.key, chain)
    if react and pending.window == "declaration":
        from wartime.rules.reactions import NO_EARLY_PENALTY
        if entry.key not in NO_EARLY_PENALTY:
            extra.append(Modifier("REA-4", -1, "reacting before the action ends (MOD-3)"))
    # CBA-12: the melee action against the charged target also has DMG +1 (as the action resolves it)
    bonus = 1 if (not ranged and gs.effects(actor).charge_target == target) else 0
    pv.cover = cover
    pv.imp_mods = tuple(extra)
    pv.odds = attack_odds(gs, actor, target, weapon_index=weapon, ranged=ranged, cover=cover,
                          unarmed=entry.key == "unarmed_attack", dmg_bonus=bonus, extra_imp=extra)
    return pv


# --- records: save and load -----------------------------------------------------------------------------------
def read_record(path: str | Path) -> tuple[dict, list[dict], list[dict]]:
    """STAND-IN: (header, decisions, events) of a game record (docs/record-format.md)."""
    header: dict | None = None
    decisions: list[dict] = []
    events: list[dict] = []
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh):
            line = line.strip()
            if not line:
                continue
            obj = json.loads(line)
            if header is None:
                if obj.get("format") != "wartime-record":
                    raise DataError.one(str(path), "line 1", "not a wartime game record (format)")
                header = obj
            elif "d" in obj:
                decisions.append(obj["d"])
            elif "e" in obj:
                events.append(obj["e"])
    if header is None:
        raise DataError.one(str(path), "line 1", "empty file")
    return header, decisions, events


def sidecar_path(record: str | Path) -> Path:
    record = Path(record)
    return record.with_name(record.stem + ".ui.json")


def save_game(match: Match, path: str | Path, setup: Setup) -> Path:
    """Save = the game record (`Match.write_record`) plus a small JSON beside it naming the scenario and list
    files and who plays each side (`<name>.ui.json`)."""
    path = Path(path)
    match.write_record(path)
    flow = match.engine.flow
    side = {"format": SAVE_FORMAT, "format_version": 1, "record": path.name,
            "scenario": str(Path(match.scenario.path).resolve()),
            "lists": {s: str(Path(lst.path).resolve()) for s, lst in match.lists.items()},
            "seed": match.seed, "controllers": dict(setup.controllers), "scenario_name": match.scenario.name,
            "turn": flow.turn, "decisions": len(match.decisions), "over": match.over}
    atomic_write_text(sidecar_path(path), json.dumps(side, indent=2, sort_keys=True) + "\n")
    return path


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _file_matches(path: str | None, sha: str | None, base: Path) -> Path | None:
    if not path:
        return None
    for cand in (Path(path), base / path):
        if cand.is_file() and (sha is None or _sha(cand.read_text(encoding="utf-8")) == sha):
            return cand
    return None


def _materialise(header: dict) -> tuple[Path, dict[str, Path]]:
    """Write the scenario and lists embedded in a record header to a cache folder, keeping the relative
    references (default lists, catalogues) the loader follows."""
    sc = header["scenario"]
    key = _sha(json.dumps({"s": sc["sha256"], "l": {s: d["sha256"] for s, d in header["lists"].items()}},
                          sort_keys=True))[:16]
    root = Path(tempfile.gettempdir()) / "wartime-embedded" / key / "scenario"
    scen = root / Path(sc["path"]).name
    scen.parent.mkdir(parents=True, exist_ok=True)
    scen.write_text(sc["text"], encoding="utf-8")
    defaults = tomllib.loads(sc["text"]).get("default_lists", {}) or {}
    lists: dict[str, Path] = {}
    for side, d in header["lists"].items():
        ref = defaults.get(side)
        lp = (root / ref) if isinstance(ref, str) else (root / f"{side}-{Path(d['path']).name}")
        lp.parent.mkdir(parents=True, exist_ok=True)
        lp.write_text(d["text"], encoding="utf-8")
        cat = d.get("catalogue")
        cref = tomllib.loads(d["text"]).get("catalogue")
        if cat and isinstance(cref, str):
            cp = (lp.parent / cref)
            cp.parent.mkdir(parents=True, exist_ok=True)
            cp.write_text(cat["text"], encoding="utf-8")
        lists[side] = lp
    for side, ref in defaults.items():            # the loader checks that default lists exist
        dp = root / ref
        if not dp.exists() and isinstance(ref, str):
            dp.parent.mkdir(parents=True, exist_ok=True)
            dp.write_text(next(iter(header["lists"].values()))["text"], encoding="utf-8")
    return scen, lists


def setup_from_record(path: str | Path, header: dict) -> Setup:
    """The files a record was played with: from its `.ui.json` if there is one, else the header's paths when
    the files on disk still match their sha256, else the embedded texts written to a cache folder."""
    base = Path(path).resolve().parent
    controllers = {"red": HUMAN, "blue": HUMAN}
    side = sidecar_path(path)
    if side.is_file():
        try:
            meta = json.loads(side.read_text(encoding="utf-8"))
            controllers.update(meta.get("controllers") or {})
        except (OSError, ValueError):
            meta = {}
    sc = header["scenario"]
    scen = _file_matches(sc.get("path"), sc.get("sha256"), base)
    lists = {s: _file_matches(d.get("path"), d.get("sha256"), base) for s, d in header["lists"].items()}
    cats_ok = all(_file_matches((d.get("catalogue") or {}).get("path"), (d.get("catalogue") or {}).get("sha256"), base)
                  for d in header["lists"].values() if d.get("catalogue"))
    if scen is None or any(v is None for v in lists.values()) or not cats_ok:
        scen, lists = _materialise(header)
    return Setup(str(scen), {s: str(p) for s, p in lists.items()}, int(header["seed"]), controllers)


@dataclass
class OpenedRecord:
    header: dict
    decisions: list[dict]
    events: list[dict]
    scenario: Any
    lists: dict


def open_record(path: str | Path) -> OpenedRecord:
    """A record's header, decisions and events, and its scenario and lists loaded from the embedded texts.
    Uses the replay work's checked reader (`wartime.match.record.load_record`, `wartime.match.save.
    rebuild_inputs`) when it is there; else the STAND-IN reader above."""
    try:
        from wartime.match.record import load_record
        from wartime.match.save import rebuild_inputs
    except ImportError:
        load_record = rebuild_inputs = None
    if load_record is not None:
        rec = load_record(path)
        scenario, lists = rebuild_inputs(rec)
        return OpenedRecord(dict(rec.header), list(rec.decisions), list(rec.events), scenario, lists)
    header, decisions, events = read_record(path)
    setup = setup_from_record(path, header)
    scenario, lists = load_inputs(setup.scenario, setup.lists)
    return OpenedRecord(header, decisions, events, scenario, lists)


def controllers_of(path: str | Path, header: dict) -> dict[str, str]:
    """Who plays each side of a saved game: the `.ui.json` beside it, else the record header's controllers
    (a named controller is the AI), else both human."""
    out = {"red": HUMAN, "blue": HUMAN}
    side = sidecar_path(path)
    if side.is_file():
        try:
            meta = json.loads(side.read_text(encoding="utf-8"))
            return {**out, **{s: (AI if k == AI else HUMAN) for s, k in (meta.get("controllers") or {}).items()}}
        except (OSError, ValueError):
            pass
    for s, name in (header.get("controllers") or {}).items():
        out[s] = AI if name else HUMAN
    return out


@dataclass
class Rebuilt:
    match: Match
    setup: Setup
    desync: int | None         # first event index where the engine disagrees with the record, if any
    header: dict


def rebuild_match(path: str | Path) -> Rebuilt:
    """Load a saved game: a fresh Match with the record's seed, scenario and lists (embedded in the record)
    and every recorded decision resubmitted (`Decision.from_json`); the events are compared with the
    record's. The match continues the record's header, so saving again extends the same game."""
    rec = open_record(path)
    seed = int(rec.header["seed"])
    controllers = controllers_of(path, rec.header)
    ais = {s: make_ai(s, seed) for s, k in controllers.items() if k == AI}
    match = Match(rec.scenario, rec.lists, seed, ais)
    for d in rec.decisions:
        match.submit(Decision.from_json(d))
    desync = first_difference(match.world.events, rec.events)
    if hasattr(match, "continued_header"):
        match.continued_header = {k: v for k, v in rec.header.items() if k != "h"}
    setup = Setup(str(rec.scenario.path), {s: str(lst.path) for s, lst in rec.lists.items()}, seed, controllers)
    return Rebuilt(match, setup, desync, rec.header)


def first_difference(ours: list, recorded: list) -> int | None:
    for i, (a, b) in enumerate(zip(ours, recorded)):
        if canonical_json(dict(a)) != canonical_json(b):
            return i
    if len(ours) != len(recorded):
        return min(len(ours), len(recorded))
    return None


def terrain_names(match: Match) -> dict[str, str]:
    """Display names of the terrain pieces: the scenario's `name` fields (the model keeps only ids), read
    from the record header the match continues, else from the scenario file."""
    text = None
    head = getattr(match, "continued_header", None)
    if isinstance(head, dict):
        text = (head.get("scenario") or {}).get("text")
    try:
        if text is None:
            text = Path(match.scenario.path).read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except (OSError, ValueError):
        return {}
    return {str(t["id"]): str(t["name"]) for t in data.get("terrain", []) if "id" in t and "name" in t}
