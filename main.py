"""Open the hot-seat window on the default scenario (`python main.py`; `python main.py --help` for the
options: scenario, army lists, either side played by the AI, loading a save, the replay viewer)."""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from wartime.ui.app import run
    return run(argv if argv is not None else sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
