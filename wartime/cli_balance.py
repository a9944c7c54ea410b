"""`wartime batch` and `wartime report`: balance runs (thousands of AI games) and their report."""
from __future__ import annotations

import sqlite3
import sys
from concurrent.futures import BrokenExecutor
from pathlib import Path

import click

from wartime.ai import CONTROLLERS

DEFAULT_GAMES = 200
DEFAULT_SEED = 1


#: ALM-32: `--alarm-shape`, shared by `wartime batch` and `wartime compare` (cli_compare.py)
ALARM_SHAPE = click.option(
    "--alarm-shape", "alarm_shape", multiple=True, metavar="FIELD=VALUE[,...]",
    help="an alarm scenario: play every game once per shape, the scenario's [alarm] fields overridden "
         "(preset, vpo, vpl, vpr, divisor, lethal_ratio, rounds), e.g. 'preset=601-1200/Normal' or "
         "'vpo=6,vpl=13,divisor=2'; the report compares the shapes (repeatable)")


def _fail(lines: list[str], code: int = 2) -> None:
    for line in lines:
        click.echo(line, err=True)
    sys.exit(code)


def _os_problem(exc: OSError) -> str:
    """An OSError in a few words: the problem, and the file it concerns when that is another one."""
    problem = exc.strerror or str(exc)
    return f"{problem}: {exc.filename}" if exc.filename else problem


def _stored(store, out_path: Path) -> str:
    """What an interrupted batch left: the finished games in the store, and the command that finishes it."""
    if store is None:
        return "nothing was stored"
    try:
        n = f"{store.count()} finished games are"
    except sqlite3.Error:
        n = "the finished games are"
    return f"{n} stored in {out_path}; finish with: wartime batch --resume --out {out_path}"


@click.command(help="""Play every ordered pairing of the army lists (each on both sides) N times with computer
controllers, storing each finished game in an SQLite results store.

LISTS may follow --lists (shell globs work: --lists scenarios/lists/*.toml). --games is the TOTAL: each ordered
pairing gets ceil(games / pairings) games. Game seeds derive from --seed and the game's key only, so results
do not depend on --workers or --backend. An interrupted batch (Ctrl-C, kill) resumes with the same command plus
--resume (or just `wartime batch --resume --out FILE`), skipping the games already stored; --resume with a larger
--games extends the batch.""")
@click.option("--scenario", "scenario_path", type=click.Path(dir_okay=False), default=None,
              help="scenario file (stored in the results; optional with --resume)")
@click.option("--lists", "lists_opt", multiple=True, type=click.Path(dir_okay=False), help="army list files")
@click.argument("more_lists", nargs=-1, type=click.Path(dir_okay=False))
@click.option("--games", type=click.IntRange(min=1), default=None,
              help=f"total games, split evenly over the ordered pairings (default {DEFAULT_GAMES})")
@click.option("--seed", type=int, default=None, help=f"batch seed (default {DEFAULT_SEED})")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="worker processes (default: CPU count)")
@click.option("--backend", type=click.Choice(["process", "dask", "inline"]), default="process", show_default=True,
              help="process: a local process pool; dask: a Dask cluster (the 'cluster' extra); inline: this process")
@click.option("--address", default=None, help="with --backend dask: an existing scheduler (tcp://host:8786)")
@click.option("--red", "red_ctrl", type=click.Choice(CONTROLLERS), default=None,
              help="controller of the red side (default scripted)")
@click.option("--blue", "blue_ctrl", type=click.Choice(CONTROLLERS), default=None,
              help="controller of the blue side (default scripted)")
@click.option("--handicap/--no-handicap", default=None,
              help="also play each list with one copy of each design removed (lets the report price designs)")
@click.option("--mirror/--no-mirror", default=None, help="also play each list against itself")
@click.option("--combat", type=click.Choice(["wartime", "wrath-glory", "d6", "d20"]), default=None,
              help="combat system of every game (default wartime; docs/combat-systems.md)")
@click.option("--price", "price", multiple=True, metavar="DESIGN±TRT-ID",
              help="also play each list fielding DESIGN with the trait taken off (DESIGN-TRT-ID) or bought "
                   "(DESIGN+TRT-ID): `wartime report` prices it in points (implies --handicap; repeatable)")
@ALARM_SHAPE
@click.option("--out", required=True, type=click.Path(dir_okay=False), help="results store (SQLite)")
@click.option("--resume", is_flag=True, help="finish or extend the batch already in --out")
@click.option("--chunk-size", type=click.IntRange(min=1), default=None, help="games per task (default: guided, 8 down to 1)")
@click.option("--progress/--no-progress", default=True, help="show a progress bar (stderr)")
def batch(scenario_path, lists_opt, more_lists, games, seed, workers, backend, address, red_ctrl, blue_ctrl,
          handicap, mirror, combat, price, alarm_shape, out, resume, chunk_size, progress):
    # on demand: `wartime balance ...` loads the batch machinery only when it runs
    from wartime import __version__
    from wartime.balance.runner import (BatchConfig, BatchError, default_workers, games_per_pairing, make_config,
                                        open_executor, plan_games, run_batch, sigterm_as_interrupt, stopped_how,
                                        units)
    from wartime.balance.specs import SpecError
    from wartime.balance.store import ResultStore, StoreError
    from wartime.balance.worker import GameFailed
    from wartime.core.errors import DataError
    from wartime.match.record import rules_data_hash

    list_paths = list(lists_opt) + list(more_lists)
    rules_hash = rules_data_hash()
    workers = workers or default_workers()
    out_path = Path(out)
    store = None
    restore = sigterm_as_interrupt()           # `kill PID` ends it as Ctrl-C does (no orphaned workers)
    try:
        if resume and out_path.exists():
            store = ResultStore.open(out_path)
            store.check_version(__version__, rules_hash)
            stored = BatchConfig.from_json(store.config())
            config = make_config(
                scenario_path or stored.scenario, list_paths or [r.spec for r in stored.lists],
                seed=stored.seed if seed is None else seed, red=red_ctrl or stored.red_controller,
                blue=blue_ctrl or stored.blue_controller,
                handicap=stored.handicap if handicap is None else handicap,
                mirror=stored.mirror if mirror is None else mirror,
                combat=stored.combat if combat is None else combat,
                priced=tuple(price) or stored.priced, alarm_shapes=tuple(alarm_shape) or stored.alarm_shapes)
            a, b = stored.identity(), config.identity()
            diff = sorted(k for k in a if a[k] != b[k])
            if diff:
                raise BatchError(f"{out_path}: holds another batch ({', '.join(diff)} differ): resume it with the "
                                 "options it was started with (or none), or choose another --out")
            per = stored_per = store.games_per_pairing()
            if games is not None:
                per = games_per_pairing(games, units(config))
                if per > stored_per:
                    store.set_games_per_pairing(per)
                else:
                    per = stored_per
        else:
            if resume:
                click.echo(f"{out_path}: nothing to resume, starting a new batch", err=True)
            if not scenario_path or not list_paths:
                raise BatchError("--scenario and --lists are required for a new batch")
            config = make_config(scenario_path, list_paths, seed=DEFAULT_SEED if seed is None else seed,
                                 red=red_ctrl or "scripted", blue=blue_ctrl or "scripted", handicap=bool(handicap),
                                 mirror=bool(mirror), combat=combat or "wartime", priced=tuple(price),
                                 alarm_shapes=tuple(alarm_shape))
            per = games_per_pairing(games or DEFAULT_GAMES, units(config))
            store = ResultStore.create(out_path, config.to_json(), per, __version__, rules_hash)
        n_pairs = units(config)
        planned = {s.key for s in plan_games(config, per)}
        done = len(planned & store.done_keys())
        shapes = f" × {len(config.alarm_shapes)} alarm shapes" if config.alarm_shapes else ""
        plan = (f"{config.scenario_key}: {n_pairs // max(1, len(config.alarm_shapes))} ordered pairings{shapes} "
                f"× {per} games = {n_pairs * per} games "
                f"({done} already stored)")
        if done == len(planned):
            click.echo(f"{plan}; nothing left to play: {done} of {len(planned)} games stored in {out_path}")
            return
        with open_executor(backend, workers, address) as (executor, slots):
            click.echo(f"{plan}; backend {backend}, {slots} worker(s)", err=True)
            summary = run_batch(config, store, per, executor, slots, chunk_size=chunk_size, progress=progress)
    except KeyboardInterrupt as exc:
        n = store.count() if store is not None else 0
        how, code = stopped_how(exc)
        click.echo(f"\n{how}: {n} finished games are stored in {out_path}; "
                   f"finish with: wartime batch --resume --out {out_path}", err=True)
        sys.exit(code)
    except DataError as exc:
        _fail(exc.lines())
    except (BatchError, StoreError, SpecError) as exc:
        _fail([f"error: {exc}"])
    except GameFailed as exc:
        n = store.count() if store is not None else 0
        _fail([f"error: {exc}", f"{n} finished games are stored in {out_path}"], code=1)
    except BrokenExecutor:
        # a worker process died (killed, out of memory): the games it was playing are simply played again
        _fail([f"error: a worker process died; {_stored(store, out_path)}"], code=1)
    except sqlite3.Error as exc:
        # a full disk, an unwritable folder or file: SQLite rolls back the game it was storing
        _fail([f"error: {out_path}: cannot write the results store ({exc}); {_stored(store, out_path)}"])
    except OSError as exc:
        _fail([f"error: {_os_problem(exc)}"])
    finally:
        restore()
        if store is not None:
            store.close()
    click.echo(f"played {summary.played} games in {summary.elapsed_s:.1f} s "
               f"({summary.games_per_s:.2f} games/s, {summary.workers} worker(s), chunks of ≤ {summary.chunk_size}); "
               f"{summary.already + summary.played} of {summary.planned} games stored in {out_path}")


@click.command(help="""Write the balance report of one or more results stores: report.md, report.html,
summary.json and PNG figures in --out (replaced atomically). Refuses to pool results of different engine
versions or rules data unless --allow-mixed.""")
@click.argument("stores", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--out", required=True, type=click.Path(file_okay=False), help="report folder")
@click.option("--allow-mixed", is_flag=True, help="pool results of different engine versions / rules data")
def report(stores, out, allow_mixed):
    try:
        # on demand: the report needs the optional matplotlib and scipy
        from wartime.balance.report import ReportError, write_report
    except ImportError as exc:
        _fail([f"error: the report needs matplotlib and scipy: pip install 'wartime[report]' ({exc})"])
    # on demand: `wartime balance ...` loads the batch machinery only when it runs
    from wartime.balance.store import StoreError
    try:
        path = write_report(list(stores), out, allow_mixed=allow_mixed)
    except (ReportError, StoreError) as exc:
        _fail([f"error: {exc}"])
    except OSError as exc:
        # a full disk, an unwritable folder: the report is built in a temporary folder that is removed, and an
        # earlier report in --out stays as it was
        _fail([f"error: {out}: cannot write the report ({_os_problem(exc)})"])
    click.echo(f"report written: {path / 'report.md'}, {path / 'report.html'}")


COMMANDS = [batch, report]
