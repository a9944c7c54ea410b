"""Open the hot-seat window on the default scenario (`python main.py`).

The pygame-ce window is built in the UI issue; until it lands this entry point says so clearly and
points at what works today: headless games with `wartime simulate`."""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    try:
        from wartime.ui.app import run  # noqa: F401  (exists once the UI lands)
    except ImportError:
        print("wartime: the desktop window (hot-seat play, replay viewer) is not built yet.\n"
              "Play a headless game now:\n"
              "  wartime simulate --scenario scenarios/skirmish.toml --seed 7\n"
              "  wartime simulate --scenario scenarios/crossroads.toml --seed 3 --red random --json",
              file=sys.stderr)
        return 1
    return run(argv if argv is not None else sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
