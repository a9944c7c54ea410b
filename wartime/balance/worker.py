"""What runs in a batch worker (a pool process or a Dask worker): play game specs, return result rows.

A worker receives only `GameSpec`s (scenario path, list specs with content hashes, seed, controller kinds),
rebuilds everything itself and caches loaded scenarios and lists per process (`wartime.balance.specs`).
Controllers are seeded exactly as `wartime simulate` seeds them, so `wartime simulate --scenario S --seed SEED
--red-list A --blue-list B` replays any stored game of two full lists."""
from __future__ import annotations

import json
import os
import signal
import socket
import time
from typing import Sequence

from wartime import __version__
from wartime.ai import make_controller
from wartime.balance.accumulator import AttackLog, GameAccumulator
from wartime.balance.specs import GameSpec, load_list_cached, load_scenario_cached, spec_key, split_spec
from wartime.core.components import Identity
from wartime.core.gcpolicy import tune_for_games
from wartime.match.match import Match, derive_seed
from wartime.match.record import rules_data_hash

_RULES_HASH: str | None = None


def rules_hash() -> str:
    global _RULES_HASH
    if _RULES_HASH is None:
        _RULES_HASH = rules_data_hash()
    return _RULES_HASH


def ignore_sigint() -> None:
    """Pool-worker initializer: Ctrl-C is the parent's to handle (it stops submitting and keeps what is stored);
    a worker finishes its chunk and is shut down with the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class GameFailed(RuntimeError):
    """A game raised (an engine or controller bug): the message names the game and its seed."""


def run_chunk(specs: Sequence[GameSpec]) -> list[dict]:
    """Play a chunk of games (one task: the per-task overhead is paid once per chunk). The first chunk a process
    plays sets the collector's policy for games (`wartime.core.gcpolicy`, issue 20: every backend)."""
    tune_for_games()
    out = []
    for s in specs:
        try:
            out.append(run_game(s))
        except Exception as exc:
            raise GameFailed(f"game {s.key} (seed {s.seed}) failed: {type(exc).__name__}: {exc}") from None
    return out


def run_game(spec: GameSpec) -> dict:
    """Play one game; return ``{"game": {...}, "characters": [...]}`` (see `wartime.balance.store`)."""
    t0, c0 = time.perf_counter(), time.process_time()
    scenario = load_scenario_cached(spec.scenario, spec.scenario_sha256, spec.alarm_shape)
    lists = {"red": load_list_cached(spec.red), "blue": load_list_cached(spec.blue)}
    controllers = {"red": make_controller(spec.red_controller, derive_seed(spec.seed, "controller:red")),
                   "blue": make_controller(spec.blue_controller, derive_seed(spec.seed, "controller:blue"))}
    match = Match(scenario, lists, spec.seed, controllers, checkpoints=False,     # results, not a record
                  combat=spec.combat)
    acc, attacks = GameAccumulator(), AttackLog()
    acc.before(match)
    attacks.before(match)
    result = match.play()
    acc.steps(match.entries)
    attacks.steps(match.entries)
    characters = acc.after(match)
    list_keys = {"red": spec.red.key, "blue": spec.blue.key}
    for row in characters:
        row["list_key"] = list_keys[row["side"]]
    costs = {side: sum(match.gs.world.get(e, Identity).cost for e in match.gs.minis()
                       if match.gs.side(e) == side) for side in ("red", "blue")}
    game = {
        "game_key": spec.key, "k": spec.index, "seed": spec.seed,
        "scenario": scenario.name, "scenario_key": os.path.splitext(os.path.basename(spec.scenario))[0],
        "alarm_shape": spec.alarm_shape or None,     # an alarm shape variant (ALM-32; optional column)
        "red_list": spec.red.key, "blue_list": spec.blue.key,
        # the full list a handicap variant comes from (the list itself otherwise)
        "red_base_list": spec_key(split_spec(spec.red.spec)[0]),
        "blue_base_list": spec_key(split_spec(spec.blue.spec)[0]),
        "red_list_name": lists["red"].name, "blue_list_name": lists["blue"].name,
        "red_cost": costs["red"], "blue_cost": costs["blue"],
        "red_controller": spec.red_controller, "blue_controller": spec.blue_controller,
        "winner": result["winner"], "reason": result["reason"], "turns": result["turns"],
        "casualties_red": result["casualties"]["red"], "casualties_blue": result["casualties"]["blue"],
        "points_lost_red": result["points_lost"]["red"], "points_lost_blue": result["points_lost"]["blue"],
        "first_player": acc.first_player, "decisions": acc.decisions,
        # per-attack figures (`wartime compare`): an optional column, absent from older stores
        "attack_stats": json.dumps(attacks.summary(), sort_keys=True, separators=(",", ":")),
        "engine_version": __version__, "rules_hash": rules_hash(),
        # timing columns: the only ones that depend on the machine and the run
        "elapsed_s": round(time.perf_counter() - t0, 6),
        "cpu_s": round(time.process_time() - c0, 6),
        "worker": f"{socket.gethostname()}:{os.getpid()}",
    }
    return {"game": game, "characters": characters}
