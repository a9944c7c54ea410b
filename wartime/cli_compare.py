"""`wartime compare`: the same scenario and lists under each combat system (wartime.balance.compare)."""
from __future__ import annotations

import sqlite3
import sys
from concurrent.futures import BrokenExecutor
from pathlib import Path

import click

from wartime.cli_balance import ALARM_SHAPE

SYSTEM_NAMES = "wartime,wrath-glory,d6,d20"


def _fail(line: str, code: int = 2) -> None:
    click.echo(line, err=True)
    sys.exit(code)


@click.command(help="""Play the same scenario and lists under each combat system and report, per system, the
damage per attack, time to incapacitate, game length, win-rate spread between the lists and the value of armour,
with 95 % intervals and plots: compare.md, compare.json and PNG figures in --out, beside one results store per
scenario and system (--out/stores/). Game seeds derive from --seed and the game's key, the same under every system.
An interrupted compare resumes with the same command plus --resume; --resume with a larger --games extends it.""")
@click.option("--scenario", "scenarios", multiple=True, type=click.Path(dir_okay=False),
              help="scenario file, repeatable (default: the shipped scenarios/skirmish.toml)")
@click.option("--red-list", type=click.Path(dir_okay=False), default=None,
              help="the first list (default: each scenario's red default list)")
@click.option("--blue-list", type=click.Path(dir_okay=False), default=None,
              help="the second list (default: each scenario's blue default list)")
@click.option("--systems", default=SYSTEM_NAMES, show_default=True, help="comma-separated combat systems")
@click.option("--games", type=click.IntRange(min=1), default=None,
              help="games per system and scenario, split over both sides (default 100)")
@click.option("--seed", type=int, default=1, show_default=True, help="batch seed (the same for every system)")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="worker processes (default: CPU count)")
@click.option("--backend", type=click.Choice(["process", "inline"]), default="process", show_default=True,
              help="process: a local process pool; inline: this process")
@ALARM_SHAPE
@click.option("--out", required=True, type=click.Path(file_okay=False), help="report folder (stores in OUT/stores)")
@click.option("--resume", is_flag=True, help="finish or extend the compare already in --out")
@click.option("--report-only", is_flag=True,
              help="play nothing: report the games the stores in --out hold (an interrupted compare's, say)")
@click.option("--progress/--no-progress", default=True, help="show a progress bar (stderr)")
def compare(scenarios, red_list, blue_list, systems, games, seed, workers, backend, alarm_shape, out, resume,
            report_only, progress):
    # on demand: the command line starts without loading the engine
    from wartime.balance.compare import (DEFAULT_GAMES, DEFAULT_SCENARIO, CompareError, check_systems, compute,
                                         plan, play, write)
    from wartime.balance.runner import BatchError, default_workers, sigterm_as_interrupt, stopped_how
    from wartime.balance.specs import SpecError
    from wartime.balance.store import StoreError
    from wartime.balance.worker import GameFailed
    from wartime.core.errors import DataError

    out_path = Path(out)
    restore = sigterm_as_interrupt()           # `kill PID` ends it as Ctrl-C does (no orphaned workers)
    try:
        names = check_systems([s.strip() for s in systems.split(",") if s.strip()])
        runs = plan(list(scenarios) or [DEFAULT_SCENARIO], names, out_path, seed=seed, red_list=red_list,
                    blue_list=blue_list, alarm_shapes=tuple(alarm_shape))
        if out_path.exists() and not out_path.is_dir():
            raise CompareError(f"{out_path}: exists and is not a folder: choose another --out")
        if not report_only:
            play(runs, games or DEFAULT_GAMES, resume=resume, backend=backend,
                 workers=workers or default_workers(), progress=progress, echo=lambda s: click.echo(s, err=True))
        try:
            numbers = compute(runs, names, seed, out_path)
            path = write(numbers, out_path)
        except ImportError as exc:
            raise CompareError(f"the report needs matplotlib and scipy: pip install 'wartime[report]' ({exc})")
    except KeyboardInterrupt as exc:
        how, code = stopped_how(exc)
        _fail(f"\n{how}: the finished games are stored in {out_path / 'stores'}; finish with the same "
              "command plus --resume", code)
    except DataError as exc:
        _fail(f"error: {'; '.join(exc.lines())}")
    except (CompareError, BatchError, StoreError, SpecError) as exc:
        _fail(f"error: {exc}")
    except GameFailed as exc:
        _fail(f"error: {exc} (the games before it are stored: finish with --resume)", 1)
    except BrokenExecutor:
        _fail("error: a worker process died; the finished games are stored: finish with --resume", 1)
    except sqlite3.Error as exc:
        _fail(f"error: cannot write a results store in {out_path / 'stores'} ({exc})")
    except OSError as exc:
        _fail(f"error: {exc.strerror or exc}: {exc.filename or out_path}")
    finally:
        restore()
    click.echo(f"compare written: {path} (and compare.json, figures) for {', '.join(names)}")


COMMANDS = [compare]
