"""`wartime batch` and `wartime report` (balance runs). Filled in by the balance-lab work."""
from __future__ import annotations

COMMANDS: list = []
