"""The pygame-ce window: hot-seat play (`app`), the board (`board_view`), panels and input, the replay
viewer (`replay_view`). Reads the match and submits decisions; no rule is decided here (`adapter` asks the
engine)."""
import os

# no "pygame-ce x.y (SDL ...)" banner before the program's own output (it breaks `--json` consumers, issue 14)
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
