"""Records as text for people and tables for programs: events in plain English with their rule IDs, the state
of the board at a replay position, and battle-report exports (Markdown, JSON, CSV)."""
from __future__ import annotations

import csv
import io
import json
from typing import Any, Iterable, Mapping

from wartime.core.components import Energy, Equipment, Identity, Life, Position, Posture, Psyche, Stress, Wounds
from wartime.match import narrate
from wartime.match.names import action_label, modifier_words, reason_words, state_words
from wartime.rules.states import compelled_words
from wartime.match.record import Record

#: Event keys that hold an entity id (named in the English text).
ENTITY_KEYS = ("who", "attacker", "target", "source", "ally", "character", "casualty", "a", "b", "against",
               "must_charge", "actor", "acting", "intended", "owner")
#: Bookkeeping events left out of the Markdown report (they still are in the JSON and CSV exports).
QUIET = {"action_resolved", "phase", "activation_start", "activation_end", "turn_start", "turn_end"}


def names_of(world) -> dict[int, str]:
    return {e: world.get(e, Identity).name for e in world.query(Identity)}


def _action(key: Any) -> str:
    """An action key as its English name ('ranged_attack' → the actions table's name)."""
    return action_label(key) if isinstance(key, str) else str(key)


def _n(names: Mapping[int, str], e: Any) -> str:
    if isinstance(e, bool) or not isinstance(e, int):
        return str(e)
    return names.get(e, f"#{e}")


def _num(v: Any, digits: int = 2) -> str:
    """A number for reading: floats to `digits` decimals, without trailing zeros."""
    return f"{round(v, digits):g}" if isinstance(v, float) else str(v)


def _signed(v: int) -> str:
    return f"+{v}" if v > 0 else str(v)


def weapons_of(world) -> dict[int, tuple[str, ...]]:
    """Each character's weapons by index, by name (the `weapon` parameter of an attack is an index)."""
    return {e: tuple(w.name for w in world.get(e, Equipment).weapons) for e in world.query(Equipment)}


def _weapon(weapons: Mapping[int, tuple[str, ...]] | None, who: Any, i: Any) -> str:
    names = (weapons or {}).get(who) if isinstance(who, int) else None
    if names and isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(names):
        return names[i]
    return f"weapon {i}"


def _params(names: Mapping[int, str], params: Mapping[str, Any], weapons=None, who: Any = None) -> str:
    if not isinstance(params, Mapping):           # an edited record: shown as recorded
        return f" params {json.dumps(params, ensure_ascii=False)}"
    parts = []
    for k, v in sorted(params.items()):
        if k == "target":
            parts.append(f"at {_n(names, v)}")
        elif k == "path" and isinstance(v, list) and v:
            end = v[-1]
            parts.append(f"to ({_num(end[0])}, {_num(end[1])})" if isinstance(end, list) and len(end) == 2
                         else f"path of {len(v)} points")
        elif k == "weapon":
            parts.append(f"with {_weapon(weapons, who, v)}")
        else:
            parts.append(f"{k} {json.dumps(v)}")
    return (" " + ", ".join(parts)) if parts else ""


def _label(m: Mapping) -> str:
    """A modifier's label in English (a trait's by its English name, `modifier_words`), '' without one."""
    return modifier_words(m.get("rule"), m.get("label")) if m.get("label") else ""


def _check(names, ev) -> str:
    mods = ev.get("modifiers") or []
    mtext = ", ".join(f"{_signed(m.get('value', 0))} {_label(m)} {m.get('rule', '')}".strip()
                      for m in mods if isinstance(m, Mapping))
    attr = f" {ev['attribute']}" if ev.get("attribute") else ""
    out = (f"{_n(names, ev.get('who'))} checks {ev.get('kind')}{attr} ({ev.get('reason', '')}): "
           f"d10 {ev.get('die')} against {ev.get('target')} (base {ev.get('base')}"
           + (f", {mtext}" if mtext else "") + ") → " + ("passed" if ev.get("passed") else "failed"))
    if ev.get("critical"):
        out += ", critical"
    if ev.get("fumble"):
        out += ", fumble"
    return out


def _generic(names, ev) -> str:
    parts = []
    for k, v in sorted(ev.items()):
        if k in ("type", "rule"):
            continue
        parts.append(f"{k} {_n(names, v) if k in ENTITY_KEYS else json.dumps(v, ensure_ascii=False)}")
    return ev.get("type", "?").replace("_", " ") + (": " + ", ".join(parts) if parts else "")


def _worded(ev: Mapping[str, Any], names: Mapping[int, str], weapons=None) -> str | None:
    """The window log's line for an event type the table below does not word (`narrate.describe`: transports,
    duels, metahabilities, objects, climbing, ...), None if it has none either or the event is malformed."""
    try:
        line = narrate.describe(ev, lambda e: _n(names, e), lambda who, i: _weapon(weapons, who, i), generic=False)
    except (KeyError, TypeError, IndexError, ValueError, AttributeError):
        return None
    return None if line is None else line.text


def describe(ev: Mapping[str, Any], names: Mapping[int, str], weapons=None) -> str:
    """One event in plain English, ending with its rule ID in brackets. `weapons` (`weapons_of`) names the
    weapon an attack uses."""
    t = ev.get("type")
    g = ev.get
    W = _n(names, g("who"))
    try:
        text = {
            "turn_start": lambda: f"Turn {g('turn')} begins",
            "turn_end": lambda: f"Turn {g('turn')} ends",
            "initiative_roll": lambda: f"{g('side')} rolls initiative with {_n(names, g('character'))}: "
                                       f"d10 {g('die')} + VOL {g('vol')} = {g('total')}",
            "initiative_reroll": lambda: f"{g('side')} rerolls the tie with {_n(names, g('character'))}: "
                                         f"d10 {g('die')} → {g('total')}",
            "initiative": lambda: "Initiative order: " + ", ".join(map(str, g("order") or [])),
            "phase": lambda: f"Phase {g('phase')}",
            "activation_start": lambda: f"{W} activates in phase {g('phase')}" + (" (resumes)" if g("resumed") else ""),
            "activation_end": lambda: f"{W} ends its activation with {g('energy')} ENE"
                                      + (" (waiting)" if g("waiting") else ""),
            "energy": lambda: f"{W}: ENE {g('before')} → {g('after')} ({reason_words(g('reason'))})",
            "state_changed": lambda: f"{W} {state_words(g('state'), g('value'))}",
            "compelled": lambda: f"{W} {compelled_words([_n(names, t) for t in g('targets') or []], g('mode'))}",
            "action": lambda: (f"{W} declares {_action(g('action'))}"
                               f"{_params(names, g('params') or {}, weapons, g('who'))}: {g('cost')} ENE")
                              + (" (chained)" if g("chained") else ""),
            "action_resolved": lambda: f"{W}'s {_action(g('action'))} is resolved",
            "action_void": lambda: f"{W}'s {_action(g('action'))} is void",
            "check": lambda: _check(names, ev),
            "hit": lambda: f"{_n(names, g('attacker'))} hits {_n(names, g('target'))} (DMG {g('dmg')}"
                           + (", critical" if g("critical") else "") + ")",
            "miss": lambda: f"{_n(names, g('attacker'))} misses {_n(names, g('target'))}",
            "damage": lambda: f"{_n(names, g('target'))}: DMG {g('dmg')} against DEF {g('defense')}, defence "
                              + ("passed" if g("def_passed") else "failed") + f" → {g('wounds')} wound(s)",
            "wounds": lambda: f"{W} takes {g('amount')} wound(s): {g('before')} → {g('after')}",
            "life": lambda: f"{W} is {g('state')}" if g("state") != "dead" else f"{W} is killed",
            "moved": lambda: f"{W} moves {_num(g('length'))} K" + (
                f" to ({_num(g('path')[-1][0])}, {_num(g('path')[-1][1])})" if g("path") else "")
                + f", facing {_num(g('facing'), 1)}°" + (f", +{g('surcharge')} ENE terrain" if g("surcharge") else ""),
            "turned": lambda: f"{W} turns to face {_num(g('facing'), 1)}°",
            "posture": lambda: f"{W}: {g('before')} → {g('after')}",
            "stress": lambda: f"{W}: stress {g('before')} → {g('after')}",
            "panic": lambda: f"{W} panics" + (f" ({g('malus')})" if g("malus") else ""),
            "malus_gained": lambda: f"{W} gains the malus {g('malus')} (chosen by {g('chosen_by')})",
            "panic_over": lambda: f"{W} recovers from panic",
            "psi_outcome": lambda: f"{W}: psychology check, {g('outcome')}",
            "loc_outcome": lambda: f"{W}: loss-of-control check, {g('outcome')}",
            "unconscious": lambda: f"{W} falls unconscious (stress {g('stress')} over VOL {g('vol')})",
            "waiting": lambda: f"{W} waits until phase {g('until_phase')}",
            "concentrating": lambda: f"{W} concentrates (+{g('bonus')})",
            "reloaded": lambda: f"{W} reloads {g('weapon')} ({g('rounds')} rounds)",
            "charged": lambda: f"{W} charges {_n(names, g('target'))}",
            "equipment_wound": lambda: f"{W}'s {g('item')} is " + ("destroyed" if g("destroyed") else "damaged")
                                       + f" ({g('wounds')} wound(s))",                       # WND-5 / WND-6
            "defence_fumble": lambda: f"{W} fumbles the defence (DMG {g('dmg')})",
            "hit_fumble": lambda: f"{W} fumbles the attack",
            "reaction_window": lambda: f"Reaction window ({g('window')}) on {_n(names, g('actor'))}'s "
                                       f"{g('action')}: " + (", ".join(_n(names, c.get('who')) for c in g('candidates'))
                                                             or "nobody can react"),
            "reaction_window_closed": lambda: f"Reaction window ({g('window')}) on {_n(names, g('actor'))}'s "
                                              f"{g('action')} closes",
            "reaction_passed": lambda: f"{W} does not react ({g('window')} window)",
            "reaction_failed": lambda: f"{W} fails to react with {_action(g('action'))} ({g('window')} window)",
            "reaction": lambda: f"{W} reacts with {_action(g('action'))} to {_n(names, g('acting'))}"
                                + (" (early)" if g("early") else ""),
            "bullet_time": lambda: f"{W} " + ("enters" if g("state") == "start" else "leaves")
                                   + f" bullet time with {_n(names, g('acting'))}",
            "move_shortened": lambda: f"{W}'s {g('action')} is cut short by a reaction",
            "noise": lambda: f"{W}'s {_action(g('action'))} is heard by "
                             + (", ".join(_n(names, e) for e in g("heard_by")) or "nobody"),
            "opposed_resolved": lambda: f"Opposed check {_n(names, g('a'))} against {_n(names, g('b'))}: "
                                        + (f"{_n(names, g('winner'))} wins" if isinstance(g("winner"), int)
                                           else str(g("winner") or "nobody wins")),
            "free_attack": lambda: f"{_n(names, g('attacker'))} gets a free attack on {_n(names, g('target'))}",
            "stray_shot": lambda: f"{_n(names, g('attacker'))}'s shot at {_n(names, g('intended'))} strays onto "
                                  f"{_n(names, g('target'))}",
            "healed": lambda: f"{W} is healed: wounds {g('before')} → {g('after')}",
            "supported": lambda: f"{W} supports {_n(names, g('ally'))}",
            "activation_ends": lambda: f"{W}'s activation ends",
            "game_over": lambda: f"Game over after turn {g('turn')}: "
                                 + (f"{g('winner')} wins" if g("winner") else "draw") + f" ({g('reason')})",
        }[t]()
    except KeyError:
        text = _worded(ev, names, weapons)           # the window's wording of the type, if it has one
    except (TypeError, IndexError, ValueError, AttributeError):
        text = None
    if text is None:
        # an event of a type neither words, or of an unexpected shape (an edited or foreign record): every field
        text = _generic(names, ev)
    text = text[:1].upper() + text[1:]          # a sentence: 'Red Rifleman 1 moves', as the window's log words it
    rule = ev.get("rule")
    return f"{text} [{rule}]" if rule else text


# --- the state at a replay position -------------------------------------------------------------------
def state_rows(world) -> list[dict]:
    """Per miniature: id, side, name, position, facing, energy, wounds, posture, life, stress, panic."""
    rows = []
    for e in world.query(Identity):
        ident, pos = world.get(e, Identity), world.get(e, Position)
        rows.append({"id": e, "side": ident.side, "name": ident.name, "x": round(pos.x, 2), "y": round(pos.y, 2),
                     "facing": round(pos.facing, 1), "energy": world.get(e, Energy).value,
                     "wounds": world.get(e, Wounds).value, "posture": world.get(e, Posture).state,
                     "life": world.get(e, Life).state, "stress": world.get(e, Stress).value,
                     "panic": world.get(e, Psyche).panic})
    return rows


def state_text(replay, *, context: int = 6) -> list[str]:
    """The board at the replay's position as text lines: where the game is, one row per miniature, and the
    log around that point."""
    rec = replay.record
    world = replay.world
    flow = replay.flow
    names = names_of(world)
    kind, idx = replay.position
    done = replay.event_index
    where = (f"decision {idx} of {replay.n_decisions}" if kind == "decision"
             else f"event {idx} of {replay.n_events - 1}")
    scen = rec.header["scenario"]["path"]
    out = [f"{scen} (seed {rec.seed}): {where}, {done} events so far",
           f"turn {flow.turn}, phase {flow.phase}, stage {flow.stage}"
           + (f", order {', '.join(flow.order)}" if flow.order else "")
           + (f", active {names.get(flow.active, flow.active)}" if flow.active is not None else "")
           + (f", winner {flow.winner or 'nobody (draw)'} ({flow.end_reason})" if flow.stage == "over" else "")]
    if kind == "decision" and idx < replay.n_decisions:
        d = rec.decisions[idx]
        out.append(f"next decision ({idx}): {d['side']} {d['kind']} "
                   + json.dumps({k: v for k, v in d.items() if k not in ("kind", "side")}, sort_keys=True))
    elif kind == "decision" and replay.engine.pending is not None:
        p = replay.engine.pending
        out.append(f"the save ends here: waiting for {p.side}'s {p.kind} decision"
                   + (f" for {names.get(p.actor, p.actor)}" if p.actor is not None else ""))
    out.append("")
    out.append(f"{'id':>3} {'side':4} {'name':24} {'x':>6} {'y':>6} {'facing':>6} {'ENE':>4} {'wnd':>3} "
               f"{'posture':9} {'life':14} {'str':>3} panic")
    for r in state_rows(world):
        out.append(f"{r['id']:>3} {r['side']:4} {r['name'][:24]:24} {r['x']:6.2f} {r['y']:6.2f} {r['facing']:6.1f} "
                   f"{r['energy']:>4} {r['wounds']:>3} {r['posture']:9} {r['life']:14} {r['stress']:>3} "
                   f"{'yes' if r['panic'] else 'no'}")
    out.append("")
    out.append("log:")
    last = done - 1
    lo, hi = max(0, last - context), min(replay.n_events, done + context // 2)
    for i in range(lo, hi):
        mark = "→" if i == last else ("·" if i > last else " ")
        out.append(f" {mark} {i:>5}  {describe(rec.events[i], names)}")
    if lo == hi:
        out.append("   (no events)")
    return out


# --- exports --------------------------------------------------------------------------------------------
def _timeline(record: Record) -> Iterable[tuple[int, dict, int | None, int, int]]:
    """(index, event, decision, turn, phase) for every event."""
    turn, phase = 0, 10
    for i, ev in enumerate(record.events):
        if ev.get("type") == "turn_start":
            turn, phase = ev.get("turn", turn), 10
        elif ev.get("type") == "phase":
            phase = ev.get("phase", phase)
        elif ev.get("type") == "activation_start":
            phase = ev.get("phase", phase)
        yield i, ev, record.decision_of_event(i), turn, phase


def export_json(record: Record) -> str:
    """A JSON array: {index, decision, turn, phase, event} for every event."""
    rows = [{"index": i, "decision": d, "turn": t, "phase": p, "event": ev} for i, ev, d, t, p in _timeline(record)]
    return json.dumps(rows, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def _flatten(value: Any, prefix: str, out: dict) -> None:
    if isinstance(value, Mapping):
        for k, v in value.items():
            _flatten(v, f"{prefix}.{k}" if prefix else str(k), out)
    elif isinstance(value, list):
        out[prefix] = json.dumps(value, ensure_ascii=False, sort_keys=True)
    elif isinstance(value, bool):
        out[prefix] = "true" if value else "false"
    elif value is None:
        out[prefix] = ""
    else:
        out[prefix] = value


def export_csv(record: Record, names: Mapping[int, str]) -> str:
    """One row per event: index, decision, turn, phase, type, rule, who, who_name, then every other event
    field flattened (nested objects as dotted columns, lists as JSON), columns sorted; an event field named
    like a fixed column is prefixed `event.` (e.g. `event.phase` of an activation_start)."""
    fixed = ("index", "decision", "turn", "phase", "type", "rule", "who", "who_name")
    rows = []
    keys: set[str] = set()
    for i, ev, d, t, p in _timeline(record):
        raw: dict[str, Any] = {}
        _flatten({k: v for k, v in ev.items() if k not in ("type", "rule", "who")}, "", raw)
        flat = {(f"event.{k}" if k in fixed else k): v for k, v in raw.items()}
        who = next((ev[k] for k in ("who", "attacker", "character") if k in ev), None)
        keys.update(flat)
        rows.append({"index": i, "decision": "" if d is None else d, "turn": t, "phase": p, "type": ev.get("type"),
                     "rule": ev.get("rule") or "", "who": "" if who is None else who,
                     "who_name": "" if who is None else _n(names, who), **flat})
    columns = [*fixed, *sorted(keys)]
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=columns, lineterminator="\n", restval="")
    w.writeheader()
    w.writerows(rows)
    return buf.getvalue()


def export_markdown(record: Record, names: Mapping[int, str], sides: Mapping[int, str], weapons=None) -> str:
    """A battle report: the match, then turn by turn each activation with what was done and the dice rolled,
    then the casualties and the result. A reaction window is one line when nobody reacts ("no one reacts"
    with who could); when someone tries, its reaction is told where it happens and the passes are left out.
    Actions and weapons are named (`weapons`: `weapons_of` the starting world)."""
    head = record.header
    ctrls = record.controllers
    lines = [f"# Battle report: {head['scenario']['path']}, seed {record.seed}", ""]
    for side in ("red", "blue"):
        lines.append(f"- **{side}**: {head['lists'][side]['path']}" + (f" ({ctrls[side]})" if side in ctrls else ""))
    lines.append(f"- engine {head['engine_version']}, {len(record.decisions)} decisions, {len(record.events)} events"
                 + ("" if record.complete else " — **a save: the game is not over**"))
    end = next((ev for ev in reversed(record.events) if ev.get("type") == "game_over"), None)
    if end is not None:
        lines.append(f"- result: {describe(end, names)}")
    casualties: dict[int, tuple[str, str, str, int]] = {}
    window: dict | None = None          # the open reaction window: its event and whether anyone tried
    for i, ev, d, turn, phase in _timeline(record):
        t = ev.get("type")
        if t == "reaction_window":
            window = {"ev": ev, "tried": False} if ev.get("candidates") else None
            continue
        if t == "reaction_passed":
            continue
        if t in ("reaction", "reaction_failed") and window is not None:
            window["tried"] = True
        if t == "reaction_window_closed":
            if window is not None and not window["tried"]:
                w = window["ev"]
                could = ", ".join(_n(names, c.get("who")) for c in w.get("candidates") or ()
                                  if isinstance(c, Mapping))
                when = "before it resolves" if w.get("window") == "declaration" else "after it"
                lines.append(f"- No one reacts to {_n(names, w.get('actor'))}'s {_action(w.get('action'))} "
                             f"({when}; {could} could) [{w.get('rule', 'REA-3')}]")
            window = None
            continue
        if t == "turn_start":
            lines += ["", f"## Turn {ev.get('turn')}", ""]
            continue
        if t == "activation_start":
            lines += ["", f"### Phase {ev.get('phase')}: {_n(names, ev.get('who'))}"
                      + (" (resumes)" if ev.get("resumed") else ""), ""]
            continue
        if t == "life":
            who = ev.get("who")
            if not isinstance(who, (int, str)) and who is not None:     # an edited record: not a miniature id
                who = json.dumps(who, sort_keys=True)
            if ev.get("state") == "active":
                casualties.pop(who, None)          # healed back to active
            else:
                first = casualties.get(who, (None, None, None, turn))[3]
                casualties[who] = (sides.get(who, "?"), _n(names, who), str(ev.get("state", "?")), first)
        if t in QUIET:
            continue
        lines.append(f"- {describe(ev, names, weapons)}")
    lines += ["", "## Casualties", ""]
    if casualties:
        lines += ["| side | miniature | fate | fell in turn |", "|---|---|---|---|"]
        lines += [f"| {s} | {n} | {f} | {t} |" for s, n, f, t in casualties.values()]
    else:
        lines.append("None.")
    return "\n".join(lines) + "\n"
