"""Benchmarks of replays: loading a record (re-simulating it once), seeking to random decisions and events of a
game of 2,000+ events (the target: any point in < 50 ms), verifying a record, hashing the game state."""
from __future__ import annotations

import random
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _long_record(folder: Path) -> Path:
    """The record of a game of at least 2,000 events (skirmish, scripted against random)."""
    from wartime.ai import make_controller
    from wartime.data.loader import load_army_list, load_scenario
    from wartime.match.match import Match, derive_seed
    sc = load_scenario(ROOT / "scenarios" / "skirmish.toml")
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    best = None
    for seed in range(1, 12):
        m = Match(sc, lists, seed, {"red": make_controller("scripted", derive_seed(seed, "controller:red")),
                                    "blue": make_controller("random", derive_seed(seed, "controller:blue"))})
        m.play()
        if best is None or len(m.world.events) > len(best.world.events):
            best = m
        if len(best.world.events) >= 2000:
            break
    path = folder / "long.jsonl"
    best.write_record(path)
    return path


def benchmarks() -> dict:
    from wartime.match.record import load_record, state_checksum
    from wartime.match.replay import Replay
    from wartime.match.save import verify_record
    folder = Path(tempfile.mkdtemp(prefix="wartime-bench-"))
    path = _long_record(folder)
    record = load_record(path)
    replay = Replay(record)
    rng = random.Random(1)
    decisions = [rng.randrange(replay.n_decisions + 1) for _ in range(4096)]
    events = [rng.randrange(replay.n_events) for _ in range(4096)]
    mixed = [(i, False) for i in decisions[:2048]] + [(i, True) for i in events[:2048]]
    rng.shuffle(mixed)
    counters = {"d": 0, "e": 0, "m": 0}

    def seek_decision():
        counters["d"] = (counters["d"] + 1) % len(decisions)
        replay.seek(decisions[counters["d"]])

    def seek_event():
        counters["e"] = (counters["e"] + 1) % len(events)
        replay.seek(events[counters["e"]], event=True)

    def seek_random():
        counters["m"] = (counters["m"] + 1) % len(mixed)
        i, ev = mixed[counters["m"]]
        replay.seek(i, event=ev)

    def checksum():
        state_checksum(replay.world)

    return {
        "replay_seek_random": seek_random,
        "replay_seek_random_decision": seek_decision,
        "replay_seek_random_event": seek_event,
        "replay_load_and_resimulate": lambda: Replay(load_record(path)),
        "replay_verify": lambda: verify_record(load_record(path)),
        "record_load": lambda: load_record(path),
        "state_checksum": checksum,
    }
