"""The pygame-ce window: hot-seat play (`app`), the board (`board_view`), panels and input, the replay
viewer (`replay_view`). Reads the match and submits decisions; no rule is decided here (`adapter` asks the
engine)."""
