"""Everything the window asks of the engine, in one place: a match from files, decisions submitted with a
picture of the world at each event, the action menu and previews, exact attack odds
(`wartime.rules.odds.attack_odds` with the engine's pending one-shot modifiers, `Engine.pending_modifiers`), and
games saved / loaded as game records. No rule is decided here and no action key is listed: the menu is the
engine's (`Engine.action_menu`, `rules.options.candidates`), ordered by category and the actions table, labelled
with the table's English names; the input an entry needs follows from its action's declared parameter kinds;
every choice is checked by `Engine.check_action` / `Engine.check_reaction`, which say what is legal and what it
costs. `attack_preview` adds, as the actions do when they resolve, the REA-4 early −1 of a reaction in a
declaration window (`rules.reactions.NO_EARLY_PENALTY`) and the CBA-12 DMG +1 of a melee attack on the charged
target.
"""
from __future__ import annotations

import csv
import json
import math
import tomllib
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterable

from wartime.core.components import Identity, Parked, Searchable, TraitState
from wartime.core.errors import RuleViolation, WartimeError
from wartime.core.events import canonical_json
from wartime.core.world import Snapshot, World
from wartime.match.match import Match, derive_seed
from wartime.match.names import action_label  # the window names actions as the log and reports do
from wartime.data.tables import action_table, trait_catalogue
from wartime.match.record import RecordError, atomic_write_text, load_record
from wartime.match.save import rebuild_inputs
from wartime.rules import items as held
from wartime.rules import areas, carried, metahabilities, riding, scattered_shots
from wartime.rules.objects import held_gear, uses_text
from wartime.rules.wounds import item_state
from wartime.rules import options as legal
from wartime.rules import traits
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.params import Candidate
from wartime.rules.checks import Modifier
from wartime.rules.combat import Cover
from wartime.rules.dry_run import CheckPreview, check_preview, p_opposed_win
from wartime.rules.flow import normalise_params
from wartime.rules.odds import AttackOdds, attack_odds
from wartime.rules.sequence import Decision
from wartime.rules.state import GameState
from wartime.data.loader import load_match_inputs
from wartime.ai import CONTROLLERS, make_controller
from wartime.rules.reactions import NO_EARLY_PENALTY

HUMAN, AI = "human", "ai"
SAVE_FORMAT = "wartime-ui-save"


# --- reference data ------------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def rule_titles() -> dict[str, str]:
    """Rule ID → title, from the packaged rule index (`wartime/data/tables/rule_index.tsv`)."""
    text = (resources.files("wartime.data") / "tables" / "rule_index.tsv").read_text(encoding="utf-8")
    rows = csv.DictReader(text.splitlines(), delimiter="\t")
    return {r["id"]: r["title"] for r in rows if r.get("id")}


def rule_title(rule_id: str | None) -> str:
    if not rule_id:
        return ""
    return rule_titles().get(rule_id, "")


@dataclass(frozen=True)
class TraitLine:
    """One trait a miniature carries, for its card: the ID, the English name and effect (the catalogue's
    `name_en`, `effect_en`) and what carries it (the character, or a weapon by name)."""
    trait_id: str
    name: str
    effect: str
    where: str


@lru_cache(maxsize=1)
def _traits_by_id() -> dict:
    return {t.id: t for t in trait_catalogue().values()}


def trait_english(trait_id: str) -> str:
    """A trait's English name (the catalogue's `name_en`), or its ID."""
    t = _traits_by_id().get(trait_id)
    return t.name_en if t else trait_id


def trait_lines(gs: GameState, e: int) -> list[TraitLine]:
    """The character's own traits (race and protections), then each weapon's, in catalogue words (issue 12)."""
    cat = _traits_by_id()

    def line(tid: str, where: str, holder=None, arg: str | None = None) -> TraitLine:
        t = cat.get(tid)
        name = t.name_en if t else tid
        if holder is not None and holder.param(tid):
            name += f" ({holder.param(tid)})"                   # Resistencia a (a distancia), Niega (...)
        if arg is not None:
            name += f" ({arg})"                                 # a weapon's level or parameter (Campo ciego, Cargas)
        top = next((b for x, _, b in holder.levels if x == tid), 0) if holder is not None else 0
        if top:
            name += f" {holder.level(tid)}/{top}"                # levels left of those bought (Escudo de energía)
        return TraitLine(tid, name, t.effect_en if t else "", where)
    own = gs.world.try_get(e, TraitState)
    out = [line(t, "character", own) for t in gs.traits(e)]
    for p in gs.equipment(e).protections:
        out.extend(line(t, p.name, p) for t in p.traits)
    for w in gs.equipment(e).weapons:
        # a level or parameter rides as "<ID>:<value>" (rules.traits.trait_arg): shown with its trait
        out.extend(line(t, w.name, arg=traits.trait_arg(w, t)) for t in getattr(w, "traits", ()) if ":" not in t)
    for _, g in held_gear(gs, e):                                  # GNA-16: the objects it holds
        out.extend(line(t, g.name) for t in g.traits)
    return out


def object_lines(gs: GameState, e: int) -> list[tuple[str, str]]:
    """GNA-16 / BLD-17: one line per object the character holds (its ENE, RNG and uses left) and its state:
    "disabled" (WND-4), "destroyed" (WND-5) or "" (rules.wounds.item_state)."""
    return [(f"▪ {g.name}: ENE {g.ENE}, RNG {g.RNG}" + (f", {uses_text(g)}" if uses_text(g) else ""), item_state(g))
            for _, g in held_gear(gs, e)]


def carried_line(gs: GameState, e: int) -> str | None:
    """GNA-16 / BLD-7: the unit card's line of the protections `e` carries but does not wear (their DEF does not
    count until Usar puts one on at its ENE), None without one."""
    items = carried.carried(gs, e)
    if not items:
        return None
    return "◦ carried, not worn: " + ", ".join(f"{p.name} DEF {p.DEF} (Usar: ENE {p.ENE})" for p in items)


def state_suffix(item) -> str:
    """The unit card's mark of a piece of equipment: " DISABLED" (WND-4), " DESTROYED" (WND-5) or ""."""
    state = item_state(item)
    return f" {state.upper()}" if state else ""


# --- setting up a match ---------------------------------------------------------------------------------
@dataclass
class Setup:
    """What a game is made of: scenario and list files, the seed, and who plays each side."""
    scenario: str
    lists: dict[str, str | None]
    seed: int
    controllers: dict[str, str] = field(default_factory=lambda: {"red": HUMAN, "blue": HUMAN})
    combat: str = "wartime"           # the combat system (`--combat`, rules.combat_systems)
    #: which AI plays each AI side (`wartime.ai.CONTROLLERS`; a side not named: "scripted")
    ai_kinds: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict:
        out = {"scenario": self.scenario, "lists": dict(self.lists), "seed": self.seed,
               "controllers": dict(self.controllers)}
        if self.ai_kinds:
            out["ai_kinds"] = dict(self.ai_kinds)
        if self.combat != "wartime":
            out["combat"] = self.combat
        return out


def load_inputs(scenario_path: str, lists: dict[str, str | None]):
    """Load a scenario and both army lists (the scenario's default list for a side given None); BLD-22
    problems are reported as one DataError."""
    return load_match_inputs(scenario_path, lists, option="--{side}")


def make_ai(side: str, seed: int, kind: str = "scripted"):
    return make_controller(kind, derive_seed(seed, f"controller:{side}"))


def new_match(setup: Setup) -> Match:
    scenario, lists = load_inputs(setup.scenario, setup.lists)
    ctrls = {s: make_ai(s, setup.seed, setup.ai_kinds.get(s, "scripted"))
             for s, kind in setup.controllers.items() if kind == AI}
    return Match(scenario, lists, setup.seed, ctrls, combat=setup.combat)


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
    view = GameState(w, gs.board, turn_limit=gs.turn_limit, victory=gs.victory, deployment=gs.deployment,
                     sides=gs.sides)
    view.combat = gs.combat                 # the same combat system reads the snapshot's own components
    view.alarm = gs.alarm                   # an alarm game's static setup (its state is in the snapshot)
    view.objective = gs.objective           # BLD-22: the objective zone (static)
    view.darkness = gs.darkness             # the scenario's darkness (static; rules/darkness.py)
    if gs.movables is not None or gs.breakables is not None:
        # movable scenery, breakable walls and doors: the snapshot's own pieces moved or destroyed on the set-up board
        view.board, view.doors, view.movables = gs.scenario_board, gs.doors, gs.movables
        view.breakables = gs.breakables
    return view


def short_name(gs: GameState, e: int) -> str:
    """'red Rifleman 1' → 'Rifleman 1'."""
    ident = gs.world.get(e, Identity)
    prefix = ident.side + " "
    return ident.name[len(prefix):] if ident.name.startswith(prefix) else ident.name


def long_name(gs: GameState, e: int) -> str:
    if riding.is_parked(gs, e):                     # MVA-17: a driverless transport (no character), as a target
        return f"{gs.side(gs.world.get(e, Parked).owner).capitalize()}'s driverless {riding.mount(gs, e).name}"
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
#: the menu lists the action categories in this order, each in the actions table's row order
CATEGORY_ORDER = ("movement", "combat", "generic", "free")
#: a parameter of one of these kinds is picked on the board (a base): the entry is a target tool
TARGET_KINDS = ("enemy", "ally", "character")
#: one menu entry per value of a required parameter of these kinds (per weapon, per mode, per level)
SPLIT_KINDS = ("weapon", "choice", "level", "metahability")


def menu_order(key: str) -> tuple:
    """Where an action stands in the menu: its category (CATEGORY_ORDER), then its row in the actions table."""
    action = REGISTRY[key]
    rows = list(action_table())
    cat = CATEGORY_ORDER.index(action.category) if action.category in CATEGORY_ORDER else len(CATEGORY_ORDER)
    return (cat, rows.index(action.rule) if action.rule in rows else len(rows), key)


def entry_tool(key: str, fixed: dict | None = None) -> str:
    """Which input a menu entry needs, from the kinds of the action's declared parameters (`Action.params`) not
    already fixed by the entry: a base to pick ('target': enemy, ally, character), a path to draw ('path'), a
    direction ('facing'), or nothing more ('now')."""
    fixed = fixed or {}
    params = [p for p in REGISTRY[key].params if p.name not in fixed]
    if any(p.kind in TARGET_KINDS for p in params):
        return "target"
    if any(p.kind == "path" for p in params):
        return "path"
    if any(p.kind == "point" and not p.optional for p in params):
        return "point"
    if any(p.kind == "facing" and not p.optional for p in params):
        return "facing"
    return "now"


@dataclass
class TargetOption:
    target: int
    params: dict
    facing: float | None
    cost: int | None
    error: RuleViolation | None
    label: str = ""              # the engine's words for the candidate ('Sword of blue Duellist 1')


@dataclass
class MenuEntry:
    key: str
    label: str
    tool: str                   # 'now' | 'path' | 'target' | 'point' | 'facing' (the action's parameter kinds)
    params: dict                # fixed parameters (weapon, mode, level) or the checked option's
    rule: str
    check: str                  # 'CH AGI', '—'
    cost: int | None            # exact cost of the engine's option when legal
    cost_text: str
    error: RuleViolation | None  # why it is greyed out
    options: dict[int, TargetOption] = field(default_factory=dict)   # target tools: every candidate
    alts: dict[int, list[TargetOption]] = field(default_factory=dict)  # a target's legal choices, when several
    facing: float | None = None  # the free turn (MOV-5) of a 'now' entry's option
    place: Any = None            # where a 'choice' value of the entry is on the board (choice_place)
    preview: CheckPreview | None = None   # the engine's dry run of a 'now' entry (lazily: entry_check)
    previewed: bool = False
    probe: dict | None = None    # a path / point entry: the engine's first legal option (its check's target)

    @property
    def enabled(self) -> bool:
        return self.error is None


def _action_check_text(gs: GameState, actor: int, action) -> str:
    """The check beside an action's entry: the actions table's, or 'no check' when the actor's traits take it away
    (the engine's ``Action.rolls_no_check``)."""
    return "no check" if action.rolls_no_check(gs, actor) else _check_text(action.rule)


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


def _split_text(gs: GameState, actor: int, param, value, names: dict | None = None) -> str:
    """How a split entry names its value: a weapon with its rounds, a mode, a level, an item the character holds
    (rules.items reference), a terrain piece or a searchable element by its name."""
    if param.kind == "weapon" and isinstance(value, int) and gs.weapon(actor, value) is not None:
        w = gs.weapon(actor, value)
        return w.name + (f" ({w.rounds}/{w.magazine})" if w.magazine is not None else "")
    if param.kind == "level":
        return f"level {value}"
    if param.kind == "metahability":
        return metahability_text(gs, actor, value)
    if value is None:                                  # an optional choice not taken
        return ""
    if isinstance(value, str) and value.startswith("TRT-"):     # a trait's option (a move's boost)
        return trait_english(value)
    return choice_text(gs, actor, value, names)


def metahability_text(gs: GameState, actor: int, index) -> str:
    """MET-2: a metahability by its name and the check of its kind (CMB-13), e.g. 'Calm mind (CH INT, ENE 2)'."""
    items = metahabilities.carried(gs, actor)
    if not isinstance(index, int) or not 0 <= index < len(items):
        return str(index)
    m = items[index]
    return f"{m.name} (CH {metahabilities.kind_attribute(m)}, ENE {m.ENE}, RNG {m.RNG})"


def choice_text(gs: GameState, actor: int, value, names: dict | None = None) -> str:
    """A 'choice' value in words: an item reference ('weapon:0', 'item:12') by the item's name, a terrain piece by
    its scenario name, a searchable element by its name, a list item by item."""
    if isinstance(value, (list, tuple)):
        return ", ".join(choice_text(gs, actor, v, names) for v in value) or "nothing"
    if isinstance(value, str) and ":" in value:
        try:
            return held.item_name(gs, actor, value)
        except (ValueError, KeyError, IndexError, TypeError):
            pass
    place = choice_place(gs, value)
    if place is not None:
        if place[0] == "piece":
            return (names or {}).get(value, str(value).replace("_", " ")).split(" (")[0]
        return place[2]
    return str(value).replace("_", " ")


def choice_place(gs: GameState, value):
    """Where a 'choice' value is on the board, if it names something there: ('piece', piece, name) for a terrain
    piece id, ('element', (x, y, radius), name) for a searchable scenario element's id; else None."""
    if not isinstance(value, str):
        return None
    try:
        piece = gs.board.piece(value)
        return ("piece", piece, value)
    except (KeyError, AttributeError):
        pass
    for el_e in gs.world.query(Searchable):
        el = gs.world.get(el_e, Searchable)
        if el.id == value:
            return ("element", (el.x, el.y, el.radius), el.name)
    return None


def _target_of(key: str, params: dict, actor: int) -> int | None:
    """The base a candidate picks: its target-kind parameter, or the actor itself when a 'character' target is
    left out (GNA-5: itself); None for a candidate without one (an area aimed at a point)."""
    for p in REGISTRY[key].params:
        if p.kind in TARGET_KINDS:
            t = params.get(p.name)
            if isinstance(t, int):
                return t
            return actor if p.kind == "character" else None
    return None


def _check_candidate(match: Match, actor: int, c: Candidate, params: dict, chain: bool,
                     react: bool) -> tuple[float | None, int | None, RuleViolation | None]:
    """(facing, cost, error) of one engine candidate: as it stands, else (own activation) with the free turn the
    candidate proposes (MOV-5) when that makes it legal or it was out of the field of view (ENV-1)."""
    cost, err = try_decision(match, actor, c.key, params, chain, react=react)
    if err is not None and c.facing is not None and not react:
        cost2, err2 = try_action(match, actor, c.key, params, chain, c.facing)
        if err2 is None or err.rule_id == "ENV-1":
            return c.facing, cost2, err2
    return None, cost, err


def _cost_text(key: str, tool: str, cost: int | None) -> str:
    action = REGISTRY[key]
    if action.free:
        return "free"
    table = (action_table().get(action.rule) or {}).get("ene_cost", "") or ""
    if tool == "path" and table.isdigit():
        return f"{table} + terrain"
    return str(cost) if cost is not None else (table if table.isdigit() else "?")


def action_menu(match: Match, actor: int, chain: bool = False, reactions: Iterable[str] | None = None) -> list[MenuEntry]:
    """Every action the engine's menu holds for the pending decision (`Engine.action_menu`: the own-activation
    actions, or with `reactions` a react pending's options), in category and actions-table order, each with its
    cost and check, or greyed out with the rule the engine cites against it. The input each entry needs comes
    from the action's declared parameter kinds; targets and weapons are the engine's candidates
    (`rules.options.candidates`), each checked by the engine (`check_action` / `check_reaction`)."""
    gs, engine = match.gs, match.engine
    names = terrain_names(match)
    p = engine.pending
    react = reactions is not None
    menu = engine.action_menu() if p is not None and p.actor == actor else []
    if react:
        menu = [m for m in menu if m[0] in set(reactions)]
    offered = set(p.options) if p is not None else set()
    out: list[MenuEntry] = []
    for key, first, violation in sorted(menu, key=lambda m: menu_order(m[0])):
        action = REGISTRY[key]
        label = action_label(key)
        # a target tool's 'choice' (an item of the actor's or of the target's) is chosen after the target, from
        # the engine's candidates for it (MenuEntry.alts): only weapons and levels split the menu there
        targeted = any(q.kind in TARGET_KINDS for q in action.params)
        shown = action.offered_choices(gs, actor)           # an optional choice shown as entries (a move's boost)
        split = [q for q in action.params if q.kind in SPLIT_KINDS and (not q.optional or q.name in shown)
                 and not (targeted and q.kind == "choice")]
        groups: dict[tuple, list] = {}
        if first is not None and key in offered and (split or entry_tool(key) == "target"):
            for c in legal.candidates(engine, key, p):
                params = c.build()
                if params is not None:
                    groups.setdefault(tuple(params.get(q.name) for q in split), []).append((c, params))
        if not groups:
            tool = entry_tool(key)
            e = MenuEntry(key, label, tool, dict(first.params) if first is not None and tool == "now" else {},
                          action.rule, _action_check_text(gs, actor, action), None if first is None else first.cost, "",
                          violation if first is None else None,
                          facing=None if first is None or tool != "now" else first.facing)
            e.cost_text = _cost_text(key, tool, e.cost)
            if first is not None and tool in ("path", "point"):
                e.probe = dict(first.params)
            out.append(e)
            continue
        for values, cands in groups.items():
            fixed = {q.name: v for q, v in zip(split, values)}
            text = ", ".join(t for t in (_split_text(gs, actor, q, v, names) for q, v in zip(split, values)) if t)
            e = MenuEntry(key, f"{label}: {text}" if text else label, entry_tool(key, fixed), dict(fixed),
                          action.rule, _action_check_text(gs, actor, action), None, "", None)
            e.place = next((choice_place(gs, v) for q, v in zip(split, values) if q.kind == "choice"
                            and choice_place(gs, v) is not None), None)
            _fill(match, actor, e, cands, chain, react)
            if any(q.kind == "metahability" for q in split) and e.enabled:
                e.probe = dict(cands[0][1])     # MET-2: its kind's check, as on its first legal target
            e.cost_text = _cost_text(key, e.tool, e.cost)
            out.append(e)
    for e in out:        # the target number of each check the engine would roll now (its dry run)
        if e.enabled and rolls_check(e.key) and entry_check(match, actor, e, chain, react) is not None:
            e.check = check_target_text(e.preview)
        elif e.enabled and e.probe is not None and rolls_check(e.key) and not react:
            # the engine's first option drawn: the target the player's own path or point is then previewed with
            c = check_preview(engine, actor, e.key, e.probe, chain)
            if c is not None and c.first.who == actor:
                e.check = check_target_text(c)
    return out


def _fill(match: Match, actor: int, e: MenuEntry, cands: list, chain: bool, react: bool) -> None:
    """Check an entry's candidates with the engine: a target tool gets one option per base (the first legal
    candidate for it, else the first one's violation), nearest first; an entry without targets takes the
    first legal candidate (a path tool only its cost: the player draws the path)."""
    gs = match.gs
    if e.tool == "target":
        alts_on = any(q.kind == "choice" for q in REGISTRY[e.key].params) and \
            not any(q.kind == "path" for q in REGISTRY[e.key].params)
        for c, params in cands:
            t = _target_of(e.key, params, actor)
            if t is None:
                continue
            if t in e.options and e.options[t].error is None:
                if alts_on:              # another legal choice for the same target (an item, a distance)
                    facing, cost, err = _check_candidate(match, actor, c, params, chain, react)
                    if err is None:
                        e.alts.setdefault(t, [e.options[t]]).append(
                            TargetOption(t, dict(params), facing, cost, None, c.label))
                continue
            facing, cost, err = _check_candidate(match, actor, c, params, chain, react)
            if t not in e.options or err is None:
                e.options[t] = TargetOption(t, dict(params), facing, cost, err, c.label)
        e.options = dict(sorted(e.options.items(),
                                key=lambda kv: (0 if kv[0] == actor else gs.distance(actor, kv[0]), kv[0])))
        if e.options:
            ok = [o for o in e.options.values() if o.error is None]
            e.cost, e.error = (ok[0].cost, None) if ok else (None, next(iter(e.options.values())).error)
            return
        if not any(q.kind == "path" for q in REGISTRY[e.key].params):
            e.error = RuleViolation(e.rule, "no possible target")
            return
        e.tool = "path"                   # candidates without a target (CMB-15 step away): a path to draw
    first = None
    for c, params in cands:
        facing, cost, err = _check_candidate(match, actor, c, params, chain, react)
        if err is None:
            e.cost, e.error = cost, None
            if e.tool == "now":
                e.params, e.facing = dict(params), facing
            return
        first = first or err
    e.error = first or RuleViolation(e.rule, "no legal choice now")


def entry_decision(pending, entry: MenuEntry, chain: bool = False, facing: float | None = None,
                   target: int | None = None, path: list | None = None) -> Decision:
    """The decision an entry makes: its checked option (with its free turn), with a chosen target's checked
    option or a drawn path."""
    params = dict(entry.params)
    if facing is None and entry.tool == "now":
        facing = entry.facing
    if target is not None:
        opt = entry.options.get(target)
        if opt is not None:
            params = dict(opt.params)
            if facing is None:
                facing = opt.facing
        else:
            params["target"] = target
    if path is not None:
        params["path"] = [[round(x, 4), round(y, 4)] for x, y in path]
    if pending.kind == "react":
        return Decision("react", pending.side, actor=pending.actor, action=entry.key, params=params)
    return Decision("action", pending.side, actor=pending.actor, action=entry.key, params=params, chain=chain,
                    facing=facing)


def option_decision(pending, entry: MenuEntry, opt: TargetOption, chain: bool = False,
                    facing: float | None = None) -> Decision:
    """The decision of one of a target's checked choices (MenuEntry.alts)."""
    if pending.kind == "react":
        return Decision("react", pending.side, actor=pending.actor, action=entry.key, params=dict(opt.params))
    return Decision("action", pending.side, actor=pending.actor, action=entry.key, params=dict(opt.params),
                    chain=chain, facing=opt.facing if facing is None else facing)


def pass_decision(pending) -> Decision:
    """REA-3: the reactor lets the window go by."""
    return Decision("react", pending.side, actor=pending.actor)


# --- checks: the engine's dry run ------------------------------------------------------------------------
def rolls_check(key: str) -> bool:
    """The action rolls a check of its own, or may (GNA-16: an object's Prueba): the window previews it."""
    return REGISTRY[key].has_check or REGISTRY[key].may_check


def entry_check(match: Match, actor: int, entry: MenuEntry, chain: bool = False,
                react: bool = False) -> CheckPreview | None:
    """The check a 'now' entry rolls and what each band of its die leads to (`rules.dry_run.check_preview`, the
    engine's own resolution on a world put back after each run), computed once per entry; None for a greyed entry,
    an entry that needs more input, a reaction, or an action that rolls nothing."""
    if not entry.previewed:
        entry.previewed = True
        if entry.enabled and entry.tool == "now" and not react and not REGISTRY[entry.key].free:
            entry.preview = check_preview(match.engine, actor, entry.key, entry.params, chain, entry.facing)
    return entry.preview


def check_target_text(c: CheckPreview | None) -> str:
    """'CH AGI ≤ 6' for the first check of a dry run."""
    if c is None:
        return ""
    f = c.first
    what = {"ATR": "CH", "IMP": "CH IMP", "DEF": "CH DEF", "PSI": "CH PSI", "LOC": "CH LOC"}.get(f.kind, f"CH {f.kind}")
    if f.kind in ("ATR", "IMP") and f.attribute:
        what = f"{what} {f.attribute}" if f.kind == "IMP" else f"CH {f.attribute}"
    return f"{what} ≤ {f.target}"


def opposed_odds(c: CheckPreview | None) -> list[tuple[int | None, int, int | None, int, Any]]:
    """The opposed checks (CHK-4) the plain-pass run rolled: (who a, target a, who b, target b, P(a wins))."""
    if c is None:
        return []
    out = []
    a = None
    for chk in c.checks:
        if chk.side_of_opposed == "a":
            a = chk
        elif chk.side_of_opposed == "b" and a is not None:
            out.append((a.who, a.target, chk.who, chk.target, p_opposed_win(a.target, chk.target)))
            a = None
    return out


# --- movement preview -----------------------------------------------------------------------------------
@dataclass
class PathPreview:
    points: list[tuple[float, float]]   # from the actor's position
    length: float
    cost: int | None
    error: RuleViolation | None
    check: CheckPreview | None = None   # the check it rolls (the engine's dry run) when legal


def path_preview(match: Match, actor: int, entry: MenuEntry, waypoints: list[tuple[float, float]],
                 chain: bool = False, facing: float | None = None, react: bool = False) -> PathPreview:
    p = match.gs.pos(actor)
    pts = [(p.x, p.y)] + list(waypoints)
    length = sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(pts, pts[1:]))
    if not waypoints:
        return PathPreview(pts, 0.0, None, None)
    params = dict(entry.params, path=[[round(x, 4), round(y, 4)] for x, y in waypoints])
    cost, err = try_decision(match, actor, entry.key, params, chain, facing, react)
    check = None
    if err is None and not react and rolls_check(entry.key):
        check = check_preview(match.engine, actor, entry.key, params, chain, facing)
    return PathPreview(pts, length, cost, err, check)


def end_facing_param(key: str) -> str | None:
    """The name of the action's optional facing parameter (`end_facing` of a swim or a carry, MOV-5; `turn_to` of a
    180°, MVA-14), if it has one: the window sets it with the mouse."""
    return next((q.name for q in REGISTRY[key].params if q.kind == "facing" and q.optional), None)


def point_param(key: str) -> str | None:
    """The name of the action's required 'point' parameter (MVA-12 `to`), if it has one."""
    return next((q.name for q in REGISTRY[key].params if q.kind == "point" and not q.optional), None)


def point_params(entry: MenuEntry, point: tuple[float, float]) -> dict:
    return dict(entry.params, **{point_param(entry.key) or "to": [round(point[0], 4), round(point[1], 4)]})


def point_preview(match: Match, actor: int, entry: MenuEntry, point: tuple[float, float] | None,
                  chain: bool = False, facing: float | None = None) -> PathPreview:
    """A 'point' entry (a long jump's landing point) aimed at `point`: the straight line, its length, the engine's
    verdict and cost, and the check it rolls with what each band leads to."""
    p = point_origin(match, actor, entry)
    if point is None:
        return PathPreview([(p.x, p.y)], 0.0, None, None)
    params = point_params(entry, point)
    cost, err = try_action(match, actor, entry.key, params, chain, facing)
    if err is not None:               # near one of the engine's own points (a drop's foot, MVA-9): that one
        snap = _nearest_offered(match, actor, entry, point, 0.75)
        if snap is not None:
            params2 = point_params(entry, snap)
            cost2, err2 = try_action(match, actor, entry.key, params2, chain, facing)
            if err2 is None:
                point, params, cost, err = snap, params2, cost2, None
    check = check_preview(match.engine, actor, entry.key, params, chain, facing) if err is None else None
    return PathPreview([(p.x, p.y), tuple(point)], math.hypot(point[0] - p.x, point[1] - p.y), cost, err, check)


def point_origin(match: Match, actor: int, entry: MenuEntry):
    """Where a 'point' entry's line and ring start: the actor's base centre, or what the action names
    (``point_origin``: TRT-MAGIC-TELEKINESIS, the object moved); anything with .x and .y."""
    fn = getattr(REGISTRY[entry.key], "point_origin", None)
    got = fn(match.gs, actor, entry.params) if fn is not None else None
    return match.gs.pos(actor) if got is None else got


def _nearest_offered(match: Match, actor: int, entry: MenuEntry, point, within: float):
    """The engine's candidate point of a 'point' entry nearest to `point`, if within `within` K."""
    p = match.engine.pending
    name = point_param(entry.key)
    if p is None or name is None:
        return None
    best = None
    for c in legal.candidates(match.engine, entry.key, p):
        q = (c.build() or {}).get(name)
        if isinstance(q, list) and len(q) == 2:
            d = math.hypot(q[0] - point[0], q[1] - point[1])
            if d <= within and (best is None or d < best[0]):
                best = (d, (float(q[0]), float(q[1])))
    return None if best is None else best[1]


def offered_reach(match: Match, actor: int, key: str) -> float | None:
    """How far the engine's own candidates of a path or point action reach from the actor (rules/actions/params.py:
    the compass candidates stand at the allowance): the allowance a swim, a 180° or a long jump is offered with."""
    p = match.engine.pending
    if p is None or p.kind not in ("action", "react"):
        return None
    pos = match.gs.pos(actor)
    best = None
    for c in legal.candidates(match.engine, key, p)[:16]:
        if "towards" in (c.label or ""):
            continue
        params = c.build() or {}
        pt = None
        path = params.get("path")
        if isinstance(path, list) and len(path) == 1:
            pt = path[0]
        name = point_param(key)
        if name and isinstance(params.get(name), list):
            pt = params[name]
        if pt is not None:
            d = math.hypot(pt[0] - pos.x, pt[1] - pos.y)
            best = d if best is None else max(best, d)
    return best


def movement_allowance(match: Match, actor: int, key: str, params: dict | None = None) -> float | None:
    """How far a movement action may go (the action's own `allowance`, MOV-1 / MVA-1..3, with the boost its entry's
    `params` take, TRT-FIRE-IN-THE-VEINS), if it says; else how far the engine's own candidates reach
    (`offered_reach`: MVA-7, MVA-11, MVA-12, MVA-14)."""
    action = REGISTRY.get(key)
    fn = getattr(action, "allowance", None)
    if fn is None:
        return offered_reach(match, actor, key)
    try:
        if params and params.get("boost") is not None:
            return float(action.boosted_reach(match.gs, actor, params, fn(match.gs, actor)))
        return float(fn(match.gs, actor))
    except (TypeError, ValueError, KeyError, RuleViolation):
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
    check: CheckPreview | None = None      # the engine's dry run: the checks it rolls, what each band leads to
    opposed: list = field(default_factory=list)   # opposed_odds of the dry run (CBA-14/16/25/26)
    scatter: str | None = None    # TRT-INFINITE-RANGE: the shot scatters (outside the FOV even after the turn)
    landing: tuple = ()           # ... and who it may land on: ((mini, probability), ...)
    area: tuple = ()              # ARE-4..6: an area weapon's reach where aimed: ((mini, fully covered), ...)


def one_shot_mods(match: Match, actor: int, key: str, chain: bool = False, react: bool = False) -> list[Modifier]:
    """The CH ATR modifiers the character's next action `key` carries on its first CH AGI: the engine's pending
    one-shots (`Engine.pending_modifiers`: ACT-3, MVA-2, MVA-3, GNA-4) and a pending Apoyar (GNA-1)."""
    gs = match.gs
    mods = list(match.engine.pending_modifiers(actor, key, chain, reaction=react))
    if gs.effects(actor).support:
        mods.append(Modifier("GNA-1", 1, "support"))
    return mods


def prepared_attack(match: Match, actor: int, key: str, params: dict, facing: float | None):
    """The action's own prepared data for an attack (its `validate`, with the free turn `facing` applied for the
    moment): e.g. the cover it will use (MVA-5: a prone target behind any cover counts 100 % hidden)."""
    gs = match.gs
    old = gs.pos(actor)
    if facing is not None:
        gs.world.set(actor, replace(old, facing=float(facing) % 360.0))
    try:
        return REGISTRY[key].validate(gs, actor, normalise_params(params))
    finally:
        gs.world.set(actor, old)


def attack_preview(match: Match, actor: int, entry: MenuEntry, target: int, chain: bool = False,
                   pending=None) -> AttackPreview:
    """LOS, cover and the exact odds of `entry` (an attack that does not move: ranged, melee or unarmed, by its
    declared `weapon` parameter) against `target`; for a reaction (`pending.kind == 'react'`) with the REA-4
    early −1 of a declaration window."""
    gs = match.gs
    action = REGISTRY[entry.key]
    react = pending is not None and pending.kind == "react"
    opt = entry.options.get(target)
    weapon = entry.params.get("weapon")
    c = gs.cover(actor, [target])[0]
    if opt is None:
        return AttackPreview(actor, target, entry.key, weapon, None, None,
                             RuleViolation(entry.rule, f"{long_name(gs, target)} is not a candidate target"),
                             c.blocked, c.main_piece_id, None, None)
    pv = AttackPreview(actor, target, entry.key, weapon, opt.facing, opt.cost, opt.error, c.blocked,
                       c.main_piece_id, None, None)
    if opt.error is None and not react and rolls_check(action.key):
        pv.check = check_preview(match.engine, actor, entry.key, opt.params, chain, opt.facing)
        pv.opposed = opposed_odds(pv.check)
    if opt.error is not None or not action.is_attack or action.moves:
        return pv
    if pv.opposed or any(q.kind == "choice" and not q.optional for q in action.params):
        return pv      # no wounds to enumerate (a contest) or a thrown thing's own DMG: the checks are shown
    armed = any(q.kind == "weapon" for q in action.params)
    ranged = weapon is not None and bool(getattr(gs.weapon(actor, weapon), "ranged", False))
    cover = prep = None
    has_area = weapon is not None and getattr(gs.weapon(actor, weapon), "area", None) is not None
    if ranged or has_area:
        try:
            prep = prepared_attack(match, actor, entry.key, opt.params, opt.facing)
        except RuleViolation:
            prep = None        # (a reaction may go below 0 ENE, REA-2: the action's own check would refuse)
    if ranged:
        cover = getattr(prep, "cover", None) or Cover(c.blocked, c.main_piece_def)
    extra = one_shot_mods(match, actor, entry.key, chain, react)
    if react and pending.window == "declaration":
        if entry.key not in NO_EARLY_PENALTY:
            extra.append(Modifier("REA-4", -1, "reacting before the action ends (MOD-3)"))
    # CBA-12: the melee action against the charged target also has DMG +1 (as the action resolves it)
    bonus = 1 if (not ranged and gs.effects(actor).charge_target == target) else 0
    pv.cover = cover
    pv.imp_mods = tuple(extra)
    if ranged and action.scatters_out_of_view:
        pv.scatter = scatters_after_turn(gs, actor, target, gs.weapon(actor, weapon), opt.facing)
        if pv.scatter is not None and gs.weapon(actor, weapon).area is None:
            pv.landing = tuple(scattered_shots.landing_odds(gs, actor, target, parked=True))
    aim = getattr(prep, "area", None)
    if aim is not None and pv.scatter is None:      # ARE-4..6: the area hits more than its target (melee too)
        pv.area = areas.area_reach(gs, aim, actor)
    pv.odds = attack_odds(gs, actor, target, weapon_index=weapon, ranged=ranged, cover=cover,
                          unarmed=not armed, dmg_bonus=bonus, extra_imp=extra, scatter=pv.scatter is not None)
    first = pv.check.first if pv.check is not None else None
    if first is not None and first.kind == "IMP" and first.who == actor and first.target != pv.odds.imp_target:
        # the action adds modifiers of its own (CBA-2/3/4 −1s): take them from the check the engine rolls
        known = {(m.rule, m.label) for m in extra}
        more = [Modifier(r, v, lbl) for r, v, lbl in first.modifiers if (r, lbl) not in known]
        odds = attack_odds(gs, actor, target, weapon_index=weapon, ranged=ranged, cover=cover,
                           unarmed=not armed, dmg_bonus=bonus, extra_imp=extra + more, scatter=pv.scatter is not None)
        pv.odds = odds if odds.imp_target == first.target else None
    return pv


def scatters_after_turn(gs: GameState, actor: int, target: int, weapon, facing: float | None) -> str | None:
    """TRT-INFINITE-RANGE: whether a shot with `weapon` at `target` scatters (rules.scattered_shots.scatters) once the
    actor has taken the free turn `facing` its option proposes (MOV-5); the state is put back exactly."""
    if facing is None:
        return scattered_shots.scatters(gs, actor, target, weapon)
    old, version = gs.pos(actor), gs.world.version
    try:
        gs.world.set(actor, replace(old, facing=facing))
        return scattered_shots.scatters(gs, actor, target, weapon)
    finally:
        gs.world.set(actor, old)
        gs.world.revert_version(version)


# --- records: save and load -----------------------------------------------------------------------------------
def sidecar_path(record: str | Path) -> Path:
    record = Path(record)
    return record.with_name(record.stem + ".ui.json")


def save_game(match: Match, path: str | Path, setup: Setup, saved_at: str | None = None) -> Path:
    """Save = the game record (`Match.write_record`) plus a small JSON beside it naming the scenario and list
    files and who plays each side (`<name>.ui.json`); `saved_at` (the window's clock, for the save lists) is file
    metadata there, never in the record."""
    path = Path(path)
    match.write_record(path)
    flow = match.engine.flow
    side = {"format": SAVE_FORMAT, "format_version": 1, "record": path.name,
            "scenario": str(Path(match.scenario.path).resolve()),
            "lists": {s: str(Path(lst.path).resolve()) for s, lst in match.lists.items()},
            "seed": match.seed, "controllers": dict(setup.controllers), "scenario_name": match.scenario.name,
            "turn": flow.turn, "decisions": len(match.decisions), "over": match.over}
    if setup.ai_kinds:
        side["ai_kinds"] = dict(setup.ai_kinds)
    if saved_at is not None:
        side["saved_at"] = saved_at
    atomic_write_text(sidecar_path(path), json.dumps(side, indent=2, sort_keys=True) + "\n")
    return path


@dataclass
class OpenedRecord:
    header: dict
    decisions: list[dict]
    events: list[dict]
    scenario: Any
    lists: dict


def open_record(path: str | Path) -> OpenedRecord:
    """A record's header, decisions and events (`wartime.match.record.load_record`, checked), and its scenario
    and lists rebuilt from the embedded texts (`wartime.match.save.rebuild_inputs`)."""
    rec = load_record(path)
    scenario, lists = rebuild_inputs(rec)
    return OpenedRecord(dict(rec.header), list(rec.decisions), list(rec.events), scenario, lists)


def read_sidecar(path: str | Path) -> dict:
    """The `.ui.json` beside a saved game as a dict; {} when there is none or it is not a small JSON object (a
    damaged or foreign file only loses the extras it would show)."""
    side = sidecar_path(path)
    try:
        if not side.is_file() or side.stat().st_size > 65536:
            return {}
        meta = json.loads(side.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    return meta if isinstance(meta, dict) else {}


def controllers_of(path: str | Path, header: dict) -> dict[str, str]:
    """Who plays each side of a saved game: the `.ui.json` beside it, else the record header's controllers
    (a named controller is the AI), else both human."""
    out = {"red": HUMAN, "blue": HUMAN}
    ctrls = read_sidecar(path).get("controllers")
    if isinstance(ctrls, dict):
        return {**out, **{s: (AI if ctrls.get(s) == AI else HUMAN) for s in out if s in ctrls}}
    for s, name in (header.get("controllers") or {}).items():
        out[s] = AI if name else HUMAN
    return out


def ai_kinds_of(path: str | Path, header: dict) -> dict[str, str]:
    """Which AI played each side of a saved game (`wartime.ai.CONTROLLERS`): the `.ui.json`'s `ai_kinds`, else
    the record header's controller names; a name that is no AI is left out (the scripted AI then plays)."""
    kinds = read_sidecar(path).get("ai_kinds")
    if not isinstance(kinds, dict):
        kinds = header.get("controllers") or {}
    return {s: k for s, k in kinds.items() if isinstance(s, str) and k in CONTROLLERS}


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
    kinds = ai_kinds_of(path, rec.header)
    ais = {s: make_ai(s, seed, kinds.get(s, "scripted")) for s, k in controllers.items() if k == AI}
    try:
        match = Match(rec.scenario, rec.lists, seed, ais, combat=rec.header.get("combat", "wartime"))
    except WartimeError as exc:
        raise RecordError(path, f"the embedded game cannot be set up: {exc}") from None
    for n, d in enumerate(rec.decisions):
        try:
            match.submit(Decision.from_json(d))
        except Exception as exc:    # RuleViolation, or an edited decision this engine cannot apply at all
            raise RecordError(path, f"decision {n} does not replay under this engine ({exc}): "
                              "`wartime replay verify` tells where it diverges") from None
    desync = first_difference(match.world.events, rec.events)
    if hasattr(match, "continued_header"):
        match.continued_header = {k: v for k, v in rec.header.items() if k != "h"}
    setup = Setup(str(rec.scenario.path), {s: str(lst.path) for s, lst in rec.lists.items()}, seed, controllers,
                  ai_kinds={s: k for s, k in kinds.items() if controllers.get(s) == AI and k != "scripted"})
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
