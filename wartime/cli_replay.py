"""`wartime replay ...` commands (verify, show, export, view). Filled in by the replay and UI work."""
from __future__ import annotations

import click


@click.group(help="Re-watch, verify and export game records.")
def replay() -> None:
    pass


COMMANDS = [replay]
