"""The `wartime` command: simulate, validate, cost."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from wartime.ai import CONTROLLERS
from wartime.core.errors import DataError, RuleViolation, WartimeError
from wartime.data.loader import load_match_inputs


#: Lets a data file refer to files outside its folder tree (docs/data-formats.md, "References").
_ALLOW_OUTSIDE = click.option("--allow-outside", is_flag=True,
                              help="let files refer to files outside their folder tree (absolute paths, '..' "
                                   "above it, symbolic links)")


def _fail(lines: list[str], code: int = 2) -> None:
    for line in lines:
        click.echo(line, err=True)
    sys.exit(code)


@click.group(help="Wartime The Game: a deterministic skirmish simulator.")
@click.version_option(package_name="wartime")
def main() -> None:
    pass


@main.command(help="Play one headless game between two computer controllers and write its record.")
@click.option("--scenario", "scenario_path", required=True, type=click.Path(dir_okay=False))
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--red", "red_ctrl", type=click.Choice(CONTROLLERS), default="scripted", show_default=True)
@click.option("--blue", "blue_ctrl", type=click.Choice(CONTROLLERS), default="scripted", show_default=True)
@click.option("--red-list", type=click.Path(dir_okay=False), default=None, help="army list for red (default: the scenario's)")
@click.option("--blue-list", type=click.Path(dir_okay=False), default=None, help="army list for blue (default: the scenario's)")
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="record file (default records/<scenario>-<seed>.jsonl)")
@click.option("--json", "as_json", is_flag=True, help="print the result as one JSON object")
@click.option("--combat", type=click.Choice(["wartime", "wrath-glory", "d6", "d20"]), default="wartime",
              show_default=True, help="combat system the attacks are resolved under (recorded in the record)")
@click.option("--stop-after", type=click.IntRange(min=0), default=None,
              help="stop after N decisions and write a save (`wartime resume FILE` continues it)")
@click.option("--save", "save_path", type=click.Path(dir_okay=False), default=None,
              help="with --stop-after: the save file (default: --out or records/<scenario>-<seed>.jsonl)")
@_ALLOW_OUTSIDE
def simulate(scenario_path, seed, red_ctrl, blue_ctrl, red_list, blue_list, out, as_json, combat, stop_after,
             save_path, allow_outside):
    # on demand: the command line starts without loading the engine; each command imports what it runs
    from wartime.ai import make_controller
    from wartime.match.match import Match, derive_seed
    if save_path is not None and stop_after is None:
        _fail(["error: --save needs --stop-after N (the number of decisions to play before saving)"])
    try:
        scenario, lists = load_match_inputs(scenario_path, {"red": red_list, "blue": blue_list},
                                            allow_outside=allow_outside)
        controllers = {"red": make_controller(red_ctrl, derive_seed(seed, "controller:red")),
                       "blue": make_controller(blue_ctrl, derive_seed(seed, "controller:blue"))}
        match = Match(scenario, lists, seed, controllers, combat=combat)
        if stop_after is None:
            result = match.play()
        else:
            while len(match.decisions) < stop_after and match.step():
                pass
            result = match.result()
        record = Path(save_path or out) if (save_path or out) else \
            Path("records") / f"{Path(scenario_path).stem}-{seed}.jsonl"
        match.write_record(record)
    except DataError as exc:
        _fail(exc.lines())
    except RuleViolation as exc:
        _fail([f"error: {exc}"])
    except OSError as exc:
        _fail([f"error: {exc}"])
    result["record"] = str(record)
    result["controllers"] = {"red": red_ctrl, "blue": blue_ctrl}
    if combat != "wartime":
        result["combat"] = combat
    result["lists"] = {s: lists[s].name for s in ("red", "blue")}
    if stop_after is not None:
        result["complete"] = match.over
        result["decisions"] = len(match.decisions)
    if as_json:
        click.echo(json.dumps(result, sort_keys=True))
        return
    if not match.over:
        click.echo(f"{scenario.name}, seed {seed}: saved after {len(match.decisions)} decisions "
                   f"(turn {result['turns']}); continue with `wartime resume {record}`")
        click.echo(f"  save: {record}")
        return
    winner = result["winner"] or "nobody (draw)"
    system = "" if combat == "wartime" else f" [{combat}]"
    click.echo(f"{scenario.name}, seed {seed}{system}: {winner} wins ({result['reason']}) after {result['turns']} turns")
    for side in ("red", "blue"):
        click.echo(f"  {side:4} {lists[side].name:24} casualties {result['casualties'][side]}, "
                   f"points lost {result['points_lost'][side]}")
    click.echo(f"  record: {record}")


@main.command(help="Check scenario, catalogue (archetypes) or army-list files. Exit 0 if valid, 2 if not.")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@_ALLOW_OUTSIDE
def validate(paths, allow_outside):
    # on demand: the command line starts without loading the engine; each command imports what it runs
    from wartime.data.validate import validate_path
    from wartime.match.setup import refused_lines
    bad = []
    for path in paths:
        lines = validate_path(path, allow_outside=allow_outside)
        if not lines:           # valid data: now what the engine refuses to field (TRT tier 3, MET-1, MOV-2, ...)
            lines = refused_lines(path, allow_outside=allow_outside)
        if lines:
            bad.extend(lines)
        else:
            click.echo(f"{path}: ok")
    if bad:
        _fail(bad)


@main.command(help="Point cost of every archetype, character and list in a file (BLD formulas).")
@click.argument("path", type=click.Path())
@click.option("--json", "as_json", is_flag=True)
@_ALLOW_OUTSIDE
def cost(path, as_json, allow_outside):
    # on demand: the command line starts without loading the engine; each command imports what it runs
    from wartime.data.cost_report import cost_report
    try:
        report = cost_report(path, allow_outside=allow_outside)
    except DataError as exc:
        _fail(exc.lines())
    if as_json:
        click.echo(json.dumps(report, sort_keys=True, indent=2))
        return
    for section, items in report.items():
        if isinstance(items, dict):
            click.echo(f"{section}:")
            for k, v in items.items():
                click.echo(f"  {k}: {v}")
        else:
            click.echo(f"{section}: {items}")


def _register_subcommands() -> None:
    """Command groups that live beside their layer: replays (match), balance runs, the window (ui)."""
    # on demand: the command line starts without loading the engine; each command imports what it runs
    from wartime import cli_balance, cli_compare, cli_replay
    for cmd in (*cli_replay.COMMANDS, *cli_balance.COMMANDS, *cli_compare.COMMANDS):
        main.add_command(cmd)


_register_subcommands()

if __name__ == "__main__":
    main()
