"""`wartime replay verify|show|export` and `wartime resume`: re-watch, verify bit for bit, export and continue
game records (docs/record-format.md). A bad file is one line `FILE: problem` and exit 2, never a traceback."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from wartime.ai import CONTROLLERS
from wartime.core.errors import WartimeError


def _fail(lines: list[str], code: int = 2) -> None:
    for line in lines:
        click.echo(line, err=True)
    sys.exit(code)


def _load(path: str):
    # on demand: `wartime replay ...` loads only what its subcommand runs
    from wartime.match.record import load_record
    try:
        return load_record(path)
    except WartimeError as exc:
        _fail([str(exc)])


@click.group(help="Re-watch, verify and export game records.")
def replay() -> None:
    pass


@replay.command(help="Re-simulate a record from its seed, embedded data and decisions and compare every event "
                     "byte for byte and every state checksum. Exit 0 if identical, 1 if it diverges, 2 if the "
                     "file is not an intact record.")
@click.argument("file", type=click.Path(dir_okay=True))
def verify(file):
    # on demand: `wartime replay ...` loads only what its subcommand runs
    from wartime.match.save import describe_verification, verify_record
    record = _load(file)
    try:
        v = verify_record(record)
    except WartimeError as exc:
        _fail([str(exc)])
    # on demand: `wartime replay ...` loads only what its subcommand runs
    from wartime import __version__
    recorded = record.header["engine_version"]
    engines = f" (recorded by engine {recorded}, re-simulated by {__version__})" if recorded != __version__ else ""
    if v.ok:
        click.echo(f"{file}: ok, " + "\n".join(describe_verification(v)) + engines)
        return
    click.echo(f"{file}: diverges{engines}")
    for line in describe_verification(v):
        click.echo(f"  {line}")
    sys.exit(1)


def _open_replay(file: str):
    # on demand: `wartime replay ...` loads only what its subcommand runs
    from wartime.match.replay import Replay
    record = _load(file)
    try:
        return Replay(record)
    except WartimeError as exc:
        _fail([str(exc)])


@replay.command(help="The state at a decision (or, with --event, just after an event): turn and phase, every "
                     "miniature (position, facing, energy, wounds, posture, life, stress, panic) and the log "
                     "around that point in plain English with rule IDs. Default: the end of the record.")
@click.argument("file", type=click.Path(dir_okay=True))
@click.option("--at", "at", type=int, default=None, help="decision index 0..D (event index with --event)")
@click.option("--event", "by_event", is_flag=True, help="--at counts events, not decisions")
@click.option("--context", type=click.IntRange(0, 1000), default=8, show_default=True, help="log lines shown")
def show(file, at, by_event, context):
    # on demand: `wartime replay ...` loads only what its subcommand runs
    from wartime.match.report import state_text
    rep = _open_replay(file)
    if at is None:
        at = rep.n_events - 1 if by_event else rep.n_decisions
    try:
        rep.seek(at, event=by_event)
    except IndexError as exc:
        _fail([f"{file}: --at {at}: {exc}"])
    click.echo("\n".join(state_text(rep, context=context)))


@replay.command(help="A battle report (md: turn by turn, who did what, dice, casualties) or the events as "
                     "machine-readable data (json: an array; csv: one row per event, fields flattened).")
@click.argument("file", type=click.Path(dir_okay=True))
@click.option("--format", "fmt", type=click.Choice(["md", "json", "csv"]), required=True)
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="write here (atomically), not to stdout")
def export(file, fmt, out):
    # on demand: `wartime replay ...` loads only what its subcommand runs
    from wartime.core.components import Identity
    from wartime.match.record import atomic_write_text
    from wartime.match.report import export_csv, export_json, export_markdown, names_of, weapons_of
    from wartime.match.save import build_match
    record = _load(file)
    try:
        if fmt == "json":
            text = export_json(record)
        else:
            world = build_match(record).world
            names = names_of(world)
            if fmt == "csv":
                text = export_csv(record, names)
            else:
                sides = {e: world.get(e, Identity).side for e in names}
                text = export_markdown(record, names, sides, weapons_of(world))
        if out:
            atomic_write_text(out, text)
    except WartimeError as exc:
        _fail([str(exc)])
    except OSError as exc:
        _fail([f"{out}: cannot be written: {exc.strerror or exc}"])
    if not out:
        click.echo(text, nl=False)


def build_controllers(record, red: str | None, blue: str | None) -> dict:
    """The controllers of a resumed game: the ones named in the record unless overridden, each seeded with
    derive_seed(seed, "controller:<side>") as `wartime simulate` does."""
    # on demand: `wartime replay ...` loads only what its subcommand runs
    from wartime.ai import make_controller
    from wartime.match.match import derive_seed
    chosen = {"red": red, "blue": blue}
    out = {}
    for side in ("red", "blue"):
        name = chosen[side] or record.controllers.get(side) or "scripted"
        if name not in CONTROLLERS:
            _fail([f"{record.path}: the {side} controller {name!r} cannot play headless: choose --{side} "
                   f"{' or '.join(CONTROLLERS)}"])
        out[side] = (name, make_controller(name, derive_seed(record.seed, f"controller:{side}")))
    return out


@click.command(help="Continue a saved game (`wartime simulate --stop-after N --save FILE`) to its end, exactly "
                    "as if it had never stopped, and write the full record.")
@click.argument("file", type=click.Path(dir_okay=True))
@click.option("--out", type=click.Path(dir_okay=False), default=None,
              help="record file (default records/<scenario>-<seed>.jsonl)")
@click.option("--json", "as_json", is_flag=True, help="print the result as one JSON object")
@click.option("--red", "red_ctrl", type=click.Choice(CONTROLLERS), default=None, help="default: the save's")
@click.option("--blue", "blue_ctrl", type=click.Choice(CONTROLLERS), default=None, help="default: the save's")
def resume(file, out, as_json, red_ctrl, blue_ctrl):
    # on demand: `wartime replay ...` loads only what its subcommand runs
    from wartime.match.save import match_from_record
    record = _load(file)
    ctrls = build_controllers(record, red_ctrl, blue_ctrl)
    try:
        match = match_from_record(record, {s: c for s, (_, c) in ctrls.items()})
        resumed_at = len(match.decisions)
        result = match.play()
        stem = Path(record.header["scenario"]["path"].replace("\\", "/")).stem or "game"
        target = Path(out) if out else Path("records") / f"{stem}-{record.seed}.jsonl"
        match.write_record(target)
    except WartimeError as exc:
        _fail([str(exc)])
    except OSError as exc:
        _fail([f"error: {exc}"])
    result.update(record=str(target), resumed_at=resumed_at, decisions=len(match.decisions),
                  controllers={s: n for s, (n, _) in ctrls.items()},
                  lists={s: match.lists[s].name for s in ("red", "blue")})
    if as_json:
        click.echo(json.dumps(result, sort_keys=True))
        return
    winner = result["winner"] or "nobody (draw)"
    click.echo(f"{match.scenario.name}, seed {record.seed}, resumed at decision {resumed_at}: {winner} wins "
               f"({result['reason']}) after {result['turns']} turns")
    for side in ("red", "blue"):
        click.echo(f"  {side:4} {match.lists[side].name:24} casualties {result['casualties'][side]}, "
                   f"points lost {result['points_lost'][side]}")
    click.echo(f"  record: {target}")


@replay.command(help="Open a record in the replay viewer window: play / pause, step by event or activation, "
                     "jump to a turn, change the speed; the log follows (keys: F1 in the window).")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--frames", type=int, default=None, hidden=True, help="stop after N frames (smoke tests)")
def view(file, frames):
    # on demand: pygame loads only for the viewer
    from wartime.ui.replay_view import run_viewer
    sys.exit(run_viewer(file, max_frames=frames))


COMMANDS = [replay, resume]
