"""The batch runner and the results store: planning, seeds, worker-count independence, resume after an
interruption (an exception, Ctrl-C, kill -9), version refusal, and stored games replaying exactly."""
from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from wartime.balance.runner import (BatchError, game_seed, games_per_pairing, make_config, open_executor,
                                    pairings, plan_games, run_batch)
from wartime.balance.store import ResultStore, StoreError
from wartime.cli import main
from wartime.core.errors import DataError
from wartime.match.match import derive_seed

from .conftest import GAMES, LISTS, ROOT, SEED, SKIRMISH, THREE_LISTS, new_store, play, reference_config, rows

pytestmark = pytest.mark.xdist_group("balance")


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


# --- planning ---------------------------------------------------------------------------------------
def test_every_ordered_pairing_is_planned_with_seeds_from_the_batch_seed_and_the_key():
    config = make_config(SKIRMISH, THREE_LISTS, seed=SEED)
    pairs = pairings(config)
    assert len(pairs) == 6 and len(set((a.key, b.key) for a, b in pairs)) == 6
    assert all(a.key != b.key for a, b in pairs)
    specs = plan_games(config, 3)
    assert len(specs) == 18 and len({s.key for s in specs}) == 18
    assert [s.index for s in specs[:7]] == [0] * 6 + [1]           # k-major: pairings interleaved
    s = specs[0]
    assert s.seed == derive_seed(SEED, f"game:{s.key}") >> 1 == game_seed(SEED, s.key)
    assert all(0 <= x.seed < 2 ** 63 for x in specs)


def test_the_plan_does_not_depend_on_the_order_of_the_lists():
    a = plan_games(make_config(SKIRMISH, THREE_LISTS, seed=SEED), 2)
    b = plan_games(make_config(SKIRMISH, list(reversed(THREE_LISTS)), seed=SEED), 2)
    assert {(s.key, s.seed) for s in a} == {(s.key, s.seed) for s in b}


def test_games_is_the_total_rounded_up_to_whole_pairings():
    assert games_per_pairing(18, 6) == 3
    assert games_per_pairing(2000, 12) == 167          # 2004 games
    assert games_per_pairing(1, 12) == 1


def test_handicap_adds_each_list_minus_one_design_against_every_other_full_list():
    config = make_config(SKIRMISH, THREE_LISTS, seed=SEED, handicap=True)
    keys = {(a.key, b.key) for a, b in pairings(config)}
    assert ("shooters-rifleman", "brawlers") in keys and ("brawlers", "shooters-rifleman") in keys
    assert ("shooters-gunner", "mixed") in keys
    assert not any(a.startswith("shooters-") and b == "shooters" for a, b in keys)
    # 6 full pairings + variants (shooters 2, brawlers 3, mixed 4) × 2 opponents × 2 sides
    assert len(keys) == 6 + 9 * 4


def test_a_batch_needs_two_distinct_lists():
    with pytest.raises(BatchError, match="at least two lists"):
        make_config(SKIRMISH, LISTS[:1])


def test_BAS_2_a_list_that_does_not_fit_a_deployment_zone_is_refused_before_any_game(tmp_path):
    """BAS-2 at deployment: the convoy list's five bases (a truck, a lancer) find no free spot in the scrapyard's
    zones; the batch names the list file, the side and the scenario before it plays anything (not one error per
    game after the first chunks)."""
    scrapyard = ROOT / "scenarios" / "scrapyard.toml"
    convoy, shooters = ROOT / "scenarios/lists/convoy.toml", ROOT / "scenarios/lists/shooters.toml"
    with pytest.raises(DataError) as err:
        make_config(scrapyard, [convoy, shooters])
    lines = err.value.lines()
    assert len(lines) == 2 and all("convoy.toml: characters: they do not fit" in x for x in lines)
    assert "red's deployment zone of scenario 'Scrapyard'" in lines[0] and "BAS-2" in lines[0]
    assert "blue's deployment zone" in lines[1]
    out = tmp_path / "r.sqlite"
    r = cli("batch", "--scenario", scrapyard, "--lists", convoy, shooters, "--games", 2, "--out", out)
    assert r.exit_code == 2 and "convoy.toml: characters: they do not fit" in r.output
    assert "Traceback" not in r.output and not out.exists()
    make_config(scrapyard, [shooters, ROOT / "scenarios/lists/brawlers.toml"])       # lists that fit: no error


# --- results -----------------------------------------------------------------------------------------
@pytest.mark.slow            # whole batches on a process pool: `.ci/run`'s slow pass (the fast suite's 5 min)
def test_results_do_not_depend_on_the_worker_count(reference_store, tmp_path):
    """1 worker and 2 workers: identical rows apart from the timing columns (elapsed_s, worker, finished_at)."""
    play(tmp_path / "one.sqlite", workers=1)
    assert rows(tmp_path / "one.sqlite") == rows(reference_store)


def test_each_stored_game_is_whole_and_consistent(reference_store):
    r = rows(reference_store)
    assert len(r["games"]) == GAMES
    by_game = {}
    for c in r["characters"]:
        by_game.setdefault(c["game_key"], []).append(c)
    for g in r["games"]:
        chars = by_game[g["game_key"]]
        for side, other in (("red", "blue"), ("blue", "red")):
            mine = [c for c in chars if c["side"] == side]
            assert mine and all(c["list_key"] == g[f"{side}_list"] for c in mine)
            assert sum(c["cost"] for c in mine) == g[f"{side}_cost"] == 300
            lost = [c for c in mine if not c["survived"]]
            assert len(lost) == g[f"casualties_{side}"]
            assert sum(c["cost"] for c in lost) == g[f"points_lost_{side}"]
            # kills are credited to enemies, never more than the casualties they caused
            assert sum(c["kills"] for c in chars if c["side"] == other) <= len(lost)
            assert sum(c["damage_dealt"] for c in chars if c["side"] == other) <= sum(c["wounds_taken"] for c in mine)
            assert all(c["reactions"] >= 0 and c["energy_spent"] >= 0 and c["actions"] >= 0 for c in mine)
        assert g["first_player"] in ("red", "blue")
        assert g["winner"] in ("red", "blue", None)


def test_a_stored_game_replays_with_wartime_simulate(reference_store, tmp_path):
    """The stored seed is the game's seed: `wartime simulate` with it and the two lists gives the same game."""
    g = rows(reference_store)["games"][0]
    lists = {p.stem: p for p in LISTS}
    r = cli("simulate", "--scenario", SKIRMISH, "--seed", g["seed"], "--red-list", lists[g["red_list"]],
            "--blue-list", lists[g["blue_list"]], "--json", "--out", tmp_path / "g.jsonl")
    assert r.exit_code == 0, r.output
    import json
    out = json.loads(r.output)
    assert (out["winner"], out["turns"], out["casualties"]["red"], out["casualties"]["blue"]) == \
        (g["winner"], g["turns"], g["casualties_red"], g["casualties_blue"])


# --- interruption and resume ---------------------------------------------------------------------------
class Stop(Exception):
    pass


@pytest.mark.slow      # a reference batch replayed after an exception: ~20 s (fast suite ≤ 5 min)
def test_resume_after_an_exception_plays_exactly_the_missing_games(reference_store, tmp_path):
    path = tmp_path / "cut.sqlite"
    seen = []

    def stop_after_4(result):
        seen.append(result["game"]["game_key"])
        if len(seen) == 4:
            raise Stop

    with pytest.raises(Stop):
        play(path, workers=2, on_game=stop_after_4)
    assert len(rows(path)["games"]) == 4
    r = cli("batch", "--resume", "--out", path, "--workers", 2, "--no-progress")
    assert r.exit_code == 0, r.output
    assert f"played {GAMES - 4} games" in r.output and f"{GAMES} of {GAMES}" in r.output
    assert rows(path) == rows(reference_store)
    # resuming a finished batch plays nothing
    r = cli("batch", "--resume", "--out", path, "--workers", 1, "--no-progress")
    assert r.exit_code == 0 and "nothing left to play" in r.output


def _start_batch(path, *extra, games: int = GAMES):
    cmd = [sys.executable, "-m", "wartime.cli", "batch", "--scenario", str(SKIRMISH), "--lists",
           *map(str, LISTS), "--games", str(games), "--seed", str(SEED), "--workers", "2", "--chunk-size", "1",
           "--no-progress", "--out", str(path), *extra]
    # Ctrl-C as at a terminal: a test run started in the background (`pytest &`) passes SIGINT ignored to its
    # children, and Python then never raises KeyboardInterrupt
    return subprocess.Popen(cmd, cwd=ROOT, start_new_session=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=_default_sigint)


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _count(path) -> int:
    conn = sqlite3.connect(str(path), timeout=5)
    try:
        return conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    finally:
        conn.close()


def _wait_for_games(path, n, proc, timeout=60.0):
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if proc.poll() is not None:
            pytest.fail(f"the batch ended early: {proc.communicate()}")
        try:
            if path.exists() and _count(path) >= n:
                return
        except sqlite3.OperationalError:
            pass                      # the store is being created
        time.sleep(0.05)
    pytest.fail("the batch stored no games in time")


def test_sigterm_is_taken_as_ctrl_c_until_restored():
    """A batch's parent takes SIGTERM as Ctrl-C (`runner.sigterm_as_interrupt`: `Terminated`, a KeyboardInterrupt)
    while it runs, and the previous handler is back afterwards."""
    from wartime.balance.runner import Terminated, sigterm_as_interrupt
    before = signal.getsignal(signal.SIGTERM)
    restore = sigterm_as_interrupt()
    try:
        with pytest.raises(Terminated):
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(1)                       # the handler runs at the next bytecode
    finally:
        restore()
    assert signal.getsignal(signal.SIGTERM) == before


@pytest.mark.slow            # a whole batch on a process pool (as the Ctrl-C test below)
def test_sigterm_stops_a_batch_cleanly_and_leaves_no_worker_running(tmp_path):
    """`kill PID` on a real `wartime batch`: it ends as Ctrl-C does (exit 143, the resume hint, no traceback, every
    stored game whole) and no process of its pool is left running (they used to run on, orphaned)."""
    path = tmp_path / "term.sqlite"
    proc = _start_batch(path, games=CUT_GAMES)
    _wait_for_games(path, 1, proc)
    os.kill(proc.pid, signal.SIGTERM)                 # the parent alone, as `kill PID` does
    _, err = proc.communicate(timeout=180)
    assert proc.returncode == 143, err
    assert "stopped (SIGTERM)" in err and "--resume" in err and "Traceback" not in err
    assert 1 <= _count(path) < CUT_GAMES
    t0 = time.monotonic()
    while True:                                       # the batch's process group: its pool's workers too
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            break
        assert time.monotonic() - t0 < 30, "a worker process of the stopped batch is still running"
        time.sleep(0.1)


#: the interrupted batch is 5 times the reference one, so that on a fast idle machine it cannot finish between the
#: second stored game and the Ctrl-C (with 12 games it sometimes did: exit 0 instead of 130); its first 6 games
#: per pairing are the reference batch's games (same keys, same seeds)
CUT_GAMES = 5 * GAMES


@pytest.mark.slow            # whole batches on a process pool: `.ci/run`'s slow pass (the fast suite's 5 min)
def test_ctrl_c_then_kill_9_then_resume_loses_and_duplicates_nothing(reference_store, tmp_path):
    """A real `wartime batch` process: Ctrl-C (SIGINT to its process group) stops it cleanly with exit 130 and
    a hint; a resumed run killed with SIGKILL mid-game leaves whole games only; the last resume completes the
    batch: every planned game once, and the games it shares with the uninterrupted reference batch identical."""
    path = tmp_path / "cut.sqlite"
    proc = _start_batch(path, games=CUT_GAMES)
    _wait_for_games(path, 2, proc)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=180)        # a loaded CI machine finishes the games in flight slowly
    assert proc.returncode == 130, err
    assert "interrupted" in err and "--resume" in err and "Traceback" not in err
    first = _count(path)
    assert 2 <= first < CUT_GAMES

    proc = _start_batch(path, "--resume", games=CUT_GAMES)
    _wait_for_games(path, first + 1, proc)
    os.killpg(proc.pid, signal.SIGKILL)          # the batch and its workers, mid-game
    proc.communicate(timeout=30)
    second = _count(path)
    assert first < second <= CUT_GAMES
    conn = sqlite3.connect(str(path))
    try:
        orphans = conn.execute("SELECT COUNT(*) FROM games g WHERE NOT EXISTS "
                               "(SELECT 1 FROM characters c WHERE c.game_key = g.game_key)").fetchone()[0]
    finally:
        conn.close()
    assert orphans == 0

    r = cli("batch", "--resume", "--out", path, "--workers", 2, "--no-progress")
    assert r.exit_code == 0, r.output
    assert f"played {CUT_GAMES - second} games" in r.output or (second == CUT_GAMES and "nothing left" in r.output)
    got, ref = rows(path), rows(reference_store)
    keys = [g["game_key"] for g in got["games"]]
    assert len(keys) == len(set(keys)) == CUT_GAMES
    ref_keys = {g["game_key"] for g in ref["games"]}
    assert ref_keys <= set(keys)
    assert [g for g in got["games"] if g["game_key"] in ref_keys] == ref["games"]
    assert [c for c in got["characters"] if c["game_key"] in ref_keys] == ref["characters"]


def _children(pid: int) -> list[int]:
    """Direct child processes of `pid` (Linux /proc)."""
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as fh:
                    stat = fh.read()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(d))
    return sorted(out)


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            return fh.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _pool_workers(batch_pid: int, n: int, timeout: float = 30.0) -> list[int]:
    """The pool's worker processes: the children of the fork server the batch process started."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        servers = [c for c in _children(batch_pid) if "forkserver" in _cmdline(c)]
        workers = [w for s in servers for w in _children(s)]
        if len(workers) >= n:
            return workers
        time.sleep(0.05)
    pytest.fail(f"no {n} pool workers under process {batch_pid}")


@pytest.mark.slow            # whole batches on a process pool: `.ci/run`'s slow pass (the fast suite's 5 min)
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds the pool workers in /proc")
def test_a_killed_worker_stops_the_batch_cleanly_and_resume_completes_it(reference_store, tmp_path):
    """SIGKILL one worker process only (out of memory, an operator's kill): the batch stops with one clear line
    and exit 1, the store holds only whole games, and --resume ends with exactly the uninterrupted rows."""
    path = tmp_path / "worker.sqlite"
    big = 2 * GAMES           # long enough that the kill lands mid-batch; its first GAMES keys are the reference's
    proc = _start_batch(path, "--games", str(big))
    _wait_for_games(path, 2, proc)
    victim = _pool_workers(proc.pid, 2)[0]
    os.kill(victim, signal.SIGKILL)
    out, err = proc.communicate(timeout=60)
    stored = _count(path)
    assert proc.returncode == 1, (out, err)
    assert "Traceback" not in err and "a worker process died" in err and "--resume" in err, err
    assert f"{stored} finished games are stored" in err
    assert 2 <= stored < big
    r = cli("batch", "--resume", "--out", path, "--workers", 2, "--no-progress")
    assert r.exit_code == 0, r.output
    assert f"played {big - stored} games" in r.output
    got, ref = rows(path), rows(reference_store)
    config = reference_config()
    assert [g["game_key"] for g in got["games"]] == sorted(s.key for s in plan_games(config, big // 2))
    keys = {g["game_key"] for g in ref["games"]}
    assert [g for g in got["games"] if g["game_key"] in keys] == ref["games"]
    assert [c for c in got["characters"] if c["game_key"] in keys] == ref["characters"]


# --- refusals ----------------------------------------------------------------------------------------
def test_a_new_batch_refuses_an_existing_store(reference_store):
    r = cli("batch", "--scenario", SKIRMISH, "--lists", *LISTS, "--games", 6, "--out", reference_store,
            "--no-progress")
    assert r.exit_code == 2 and "already exists" in r.output and "--resume" in r.output


def test_resume_refuses_a_store_of_another_engine_version(tmp_path):
    config = reference_config()
    path = tmp_path / "old.sqlite"
    ResultStore.create(path, config.to_json(), 1, "0.0.1", "0" * 64).close()
    r = cli("batch", "--resume", "--out", path, "--no-progress")
    assert r.exit_code == 2
    assert "wartime 0.0.1" in r.output and "never mixed" in r.output
    with ResultStore.open(path) as store, pytest.raises(StoreError, match="never mixed"):
        store.check_version("0.0.2", "0" * 64)


def test_resume_refuses_another_batch(reference_store, tmp_path):
    path = tmp_path / "other.sqlite"
    store, _ = new_store(path)
    store.close()
    r = cli("batch", "--resume", "--scenario", SKIRMISH, "--lists", *LISTS, "--seed", SEED + 1, "--out", path,
            "--no-progress")
    assert r.exit_code == 2 and "another batch" in r.output and "seed" in r.output


@pytest.mark.slow            # whole batches on a process pool: `.ci/run`'s slow pass (the fast suite's 5 min)
def test_inline_backend_gives_the_same_games(reference_store, tmp_path):
    """The in-process executor (debugging, profiling) plays the same batch as the pool, row for row."""
    config = reference_config()
    store, per = new_store(tmp_path / "inline.sqlite", config)
    with store, open_executor("inline") as (ex, slots):
        run_batch(config, store, per, ex, slots, progress=False)
    assert rows(tmp_path / "inline.sqlite") == rows(reference_store)


def test_a_failing_game_names_its_key_and_seed():
    from dataclasses import replace

    from wartime.balance.worker import GameFailed, run_chunk
    spec = replace(plan_games(reference_config(), 1)[0], red_controller="bogus")
    with pytest.raises(GameFailed, match=f"game {spec.key} \\(seed {spec.seed}\\) failed: ValueError"):
        run_chunk([spec])


def test_guided_chunks_are_large_early_and_single_games_at_the_end():
    from wartime.balance.runner import chunked
    specs = plan_games(make_config(SKIRMISH, THREE_LISTS, seed=SEED), 34)      # 204 games
    sizes = [len(c) for c in chunked(specs, 2)]
    assert sum(sizes) == 204 and sizes[0] == 8 and sizes[-3:] == [1, 1, 1]
    assert sizes == sorted(sizes, reverse=True)
    assert [len(c) for c in chunked(specs[:10], 2, fixed=4)] == [4, 4, 2]
    assert [s.key for c in chunked(specs, 2) for s in c] == [s.key for s in specs]


def test_a_worker_of_another_version_stops_the_batch_before_storing(tmp_path, monkeypatch):
    import wartime.balance.worker as worker
    monkeypatch.setattr(worker, "__version__", "9.9.9")
    config = reference_config()
    store, _ = new_store(tmp_path / "v.sqlite", config)
    with store, open_executor("inline") as (ex, slots), pytest.raises(StoreError, match="runs wartime 9.9.9"):
        run_batch(config, store, 1, ex, slots, progress=False)
    assert rows(tmp_path / "v.sqlite")["games"] == []
