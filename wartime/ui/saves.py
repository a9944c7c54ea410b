"""Where saves live and how the window lists them (issue 14 point 6): the user's data folder (platformdirs;
WARTIME_DATA_DIR overrides it), named slots ("Slot 1" ... ) beside free-named saves, and what a save's sidecar says
about it (scenario, turn, decisions, when it was saved). The date is file metadata for the lists, never game
state: the record itself holds no clock."""
from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import platformdirs

from wartime.ui.adapter import read_sidecar

#: Named save slots the Save dialog offers (files slot-1.jsonl ... in the saves folder)
SLOTS = 5
DATA_ENV = "WARTIME_DATA_DIR"


def default_saves_dir() -> Path:
    """The saves folder: $WARTIME_DATA_DIR/saves when set, else the user's data folder (platformdirs), e.g.
    ~/.local/share/wartime/saves on Linux: never the folder the game was started from."""
    root = os.environ.get(DATA_ENV)
    base = Path(root) if root else Path(platformdirs.user_data_dir("wartime", appauthor=False))
    return base / "saves"


def slot_path(saves_dir: Path, n: int) -> Path:
    return Path(saves_dir) / f"slot-{n}.jsonl"


def now_text() -> str:
    """When a save is written, for its sidecar (local time, minutes)."""
    return datetime.now().strftime("%Y-%m-%d %H:%M")


def describe(path: Path) -> str:
    """A save in a list: its scenario, turn, decisions and date, from its sidecar ('empty' for no file)."""
    if not Path(path).exists():
        return "empty"
    meta = read_sidecar(path) or {}
    parts = [str(meta.get("scenario_name", "?"))[:32], f"turn {str(meta.get('turn', '?'))[:4]}"]
    if meta.get("decisions") is not None:
        parts.append(f"{str(meta.get('decisions'))[:6]} decisions")
    if meta.get("saved_at"):
        parts.append(str(meta["saved_at"])[:16])
    if meta.get("over"):
        parts.append("finished")
    return ", ".join(parts)


def label(path: Path) -> str:
    """A save's name in the lists: 'Slot 2' for a slot file, else its file name."""
    stem = Path(path).stem
    if stem.startswith("slot-") and stem[5:].isdigit():
        return f"Slot {stem[5:]}"
    return "Autosave" if stem == "autosave" else Path(path).name
