"""The batch runner: every ordered pairing of the given lists, N seeded games each, on any
`concurrent.futures.Executor` (a local process pool by default, a Dask cluster's `Client.get_executor()`,
or in-process), each finished game stored at once (`wartime.balance.store`).

**Games.** A batch of L lists plays the L·(L−1) ordered pairings (each pair on both sides, which cancels the
side and turn-order effects; `mirror=True` adds A-vs-A). `--games` is the *total*: every ordered pairing gets
``ceil(games / pairings)`` games, so the batch may be up to ``pairings − 1`` games larger than asked (the command
prints the exact figure). With `handicap=True` each list is also played with one copy of each of its character
designs removed (`wartime.balance.specs.handicap_specs`) against every other full list, on both sides: these
lists cost less, which is what lets the report convert a design's effect on the win odds into points.

**Seeds.** Game k of the ordered pairing (red list, blue list) has the key
``"{scenario}:{red}:{blue}:{red controller}:{blue controller}:{k}"`` and the seed
``derive_seed(batch_seed, "game:" + key) >> 1`` (`wartime.match.match.derive_seed`, shifted to 63 bits so that it
fits SQLite's INTEGER). A game's seed depends only on the batch seed and its key: never on the worker count,
the backend, the chunking, the order of the lists on the command line, or which games were already stored —
so a resumed or extended batch plays exactly the games an uninterrupted one would have.

**Work units.** Games are submitted in chunks so per-task overhead stays negligible next to a game (~0.1-0.5 s):
by default guided (a quarter of each worker's share of the games left, 1 to 8 games: large tasks early,
single games at the end so no worker idles long), or `chunk_size` games each; workers cache loaded scenarios
and lists. Chunks are interleaved across pairings so that long and short games spread over the workers, and
at most two chunks per worker are in flight. Each game is stored when its chunk comes back."""
from __future__ import annotations

import math
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Sequence

from wartime.balance.specs import (PRICE_ITEM, PRICE_MARK, GameSpec, ListRef, SpecError, file_sha256, handicap_specs,
                                   list_sha256, load_list_spec, spec_key)
from wartime.balance.alarm_shapes import ShapeError, check_shapes
from wartime.balance.store import ResultStore, StoreError, describe_version
from wartime.ai import CONTROLLERS
from wartime.balance.worker import ignore_sigint, run_chunk
from wartime.core.errors import DataError, NotImplementedRule
from wartime.data.combat_systems import check_name
from wartime.data.loader import check_list_against_scenario, load_army_list, load_scenario
from wartime.match.match import Match, derive_seed
from wartime.match.setup import deployment_problems

BACKENDS = ("process", "dask", "inline")


class BatchError(Exception):
    """A batch that cannot run as asked (the message says why and what to do)."""


@dataclass(frozen=True)
class BatchConfig:
    """What a batch plays, apart from how many games: stored in the results store, compared on --resume."""
    scenario: str                     # absolute path
    scenario_sha256: str
    lists: tuple[ListRef, ...]        # the full lists, as given
    seed: int = 1
    red_controller: str = "scripted"
    blue_controller: str = "scripted"
    handicap: bool = False
    mirror: bool = False
    combat: str = "wartime"           # the combat system of every game (rules.combat_systems)
    #: priced variants (`--price DESIGN±TRT-ID`, issue 12): each list with the design also plays with the trait
    #: toggled, against every other full list on both sides
    priced: tuple[str, ...] = ()
    #: an alarm scenario (issue 17, ALM-32): the key of the attacker's catalogue list, blue in every game; every
    #: other list plays red (the defender) against it. "" for an ordinary scenario
    alarm_catalogue: str = ""
    #: alarm shapes (issue 17, `--alarm-shape`, canonical texts of `alarm_shapes`): every pairing is played once
    #: per shape, a variant of the scenario's [alarm] table. () plays the scenario as it is
    alarm_shapes: tuple[str, ...] = ()

    @property
    def scenario_key(self) -> str:
        return Path(self.scenario).stem

    def to_json(self) -> dict:
        return {"scenario": {"path": self.scenario, "key": self.scenario_key, "sha256": self.scenario_sha256},
                "lists": [{"spec": r.spec, "key": r.key, "sha256": r.sha256} for r in self.lists],
                "seed": self.seed, "controllers": {"red": self.red_controller, "blue": self.blue_controller},
                "handicap": self.handicap, "mirror": self.mirror,
                # only a peer system is written: a store of Wartime games keeps the identity it always had
                **({"combat": self.combat} if self.combat != "wartime" else {}),
                **({"priced": list(self.priced)} if self.priced else {}),
                **({"alarm_catalogue": self.alarm_catalogue} if self.alarm_catalogue else {}),
                **({"alarm_shapes": list(self.alarm_shapes)} if self.alarm_shapes else {})}

    @classmethod
    def from_json(cls, d: dict) -> "BatchConfig":
        return cls(scenario=d["scenario"]["path"], scenario_sha256=d["scenario"]["sha256"],
                   lists=tuple(ListRef(x["spec"], x["key"], x["sha256"]) for x in d["lists"]),
                   seed=int(d["seed"]), red_controller=d["controllers"]["red"],
                   blue_controller=d["controllers"]["blue"], handicap=bool(d["handicap"]),
                   mirror=bool(d["mirror"]), combat=d.get("combat", "wartime"),
                   priced=tuple(d.get("priced", ())), alarm_catalogue=d.get("alarm_catalogue", ""),
                   alarm_shapes=tuple(d.get("alarm_shapes", ())))

    def identity(self) -> dict:
        """What must match for two runs to be one batch (paths may differ, content may not)."""
        d = self.to_json()
        d["scenario"] = {"key": self.scenario_key, "sha256": self.scenario_sha256}
        d["lists"] = sorted((r.key, r.sha256) for r in self.lists)
        return d


@dataclass
class BatchSummary:
    planned: int
    already: int
    played: int
    elapsed_s: float
    workers: int
    chunk_size: int

    @property
    def games_per_s(self) -> float:
        return self.played / self.elapsed_s if self.elapsed_s > 0 else 0.0


# --- planning ---------------------------------------------------------------------------------------
def make_config(scenario_path: str | Path, list_paths: Sequence[str | Path], *, seed: int = 1,
                red: str = "scripted", blue: str = "scripted", handicap: bool = False,
                mirror: bool = False, combat: str = "wartime", priced: Sequence[str] = (),
                alarm_shapes: Sequence[str] = ()) -> BatchConfig:
    """Validate the files (DataError on a bad file, BatchError on a bad batch) and describe the batch. Priced
    variants (`priced`) need the handicap variants, whose cost differences give the points scale: they turn
    `handicap` on. `alarm_shapes` (--alarm-shape values, ALM-32) are validated on the alarm scenario."""
    check_name(combat)
    for kind in (red, blue):
        if kind not in CONTROLLERS:
            raise BatchError(f"unknown controller {kind!r}: one of {', '.join(CONTROLLERS)}")
    scenario_path = Path(scenario_path).resolve()
    scenario = load_scenario(scenario_path)
    refs: list[ListRef] = []
    problems = []
    catalogue = alarm_catalogue(scenario, handicap, mirror, priced)
    shapes = batch_shapes(scenario_path, catalogue, alarm_shapes)
    if catalogue:
        list_paths = list(list_paths) + [catalogue]
    sides = ("red",) if catalogue else ("red", "blue")     # ALM-32: a defender list plays red (the defender)
    for p in dict.fromkeys(str(Path(x).resolve()) for x in list_paths):
        try:
            army = load_army_list(p)
        except DataError as exc:
            problems.extend(exc.problems)
            continue
        if not (catalogue and Path(p) == Path(catalogue).resolve()):   # ALM-32: the catalogue has no points limit
            problems.extend(check_list_against_scenario(army, scenario))
            problems.extend(deployment_problems(scenario, army, sides))          # BAS-2
        refs.append(ListRef(p, spec_key(p), list_sha256(p)))
    if problems:
        raise DataError(problems)
    keys = [r.key for r in refs]
    dup = sorted({k for k in keys if keys.count(k) > 1})
    if dup:
        raise BatchError(f"two lists share the file name {dup[0]!r}: list file names name the lists in results, "
                         "rename one")
    if catalogue and len(refs) < 2:
        raise BatchError("an alarm batch needs a defender list besides the attacker's catalogue "
                         f"({Path(catalogue).name}): --lists FILE")
    if len(refs) < 2 and not mirror:
        raise BatchError("a batch needs at least two lists (or --mirror to play a list against itself)")
    if not refs:
        raise BatchError("no list given: --lists FILE [FILE ...]")
    priced = tuple(dict.fromkeys(priced))
    config = BatchConfig(str(scenario_path), file_sha256(scenario_path), tuple(refs), int(seed), red, blue,
                         bool(handicap) or bool(priced), bool(mirror), combat, priced,
                         spec_key(str(Path(catalogue).resolve())) if catalogue else "", shapes)
    check_priced(config, scenario)
    return config


def alarm_catalogue(scenario, handicap: bool, mirror: bool, priced) -> str:
    """ALM-32: an alarm scenario's attacker catalogue, its default blue list (added to the batch when not given),
    "" for an ordinary scenario. Handicap, mirror and priced variants are list-against-list tools: refused."""
    if getattr(scenario, "alarm", None) is None:
        return ""
    if handicap or mirror or priced:
        raise BatchError("an alarm batch plays each defender list against the attacker's catalogue: --handicap, "
                         "--mirror and --price do not apply")
    blue = scenario.default_lists.get("blue")
    if blue is None:
        raise BatchError(f"{scenario.path}: an alarm batch needs the scenario's default blue list (the attacker's "
                         "catalogue)")
    return str(blue)


def batch_shapes(scenario_path: Path, catalogue: str, values: Sequence[str]) -> tuple[str, ...]:
    """ALM-32: the --alarm-shape values, validated (BatchError naming each bad value, field and problem)."""
    if not values:
        return ()
    if not catalogue:
        raise BatchError(f"--alarm-shape: {scenario_path.name} has no [alarm] table: shapes are for alarm scenarios")
    try:
        return check_shapes(scenario_path, list(values))
    except ShapeError as exc:
        raise BatchError(str(exc)) from None


def units(config: BatchConfig) -> int:
    """What `--games` is shared among: the ordered pairings, times the alarm shapes when there are any."""
    return len(pairings(config)) * max(1, len(config.alarm_shapes))


def priced_specs(config: BatchConfig, base: ListRef) -> list[str]:
    """The priced variants of one full list: each `--price` item whose design the list fields."""
    designs = {u.character.id for u in load_army_list(base.spec).units}
    out = []
    for item in config.priced:
        m = PRICE_ITEM.match(item)
        if m is not None and m["design"] in designs:
            out.append(f"{base.spec}{PRICE_MARK}{item}")
    return out


def check_priced(config: BatchConfig, scenario) -> None:
    """Every `--price` item names a design of some list and builds a list the engine plays (a trait the engine
    refuses is named here, before any game is played): BatchError, one line per problem."""
    problems = []
    for item in config.priced:
        if PRICE_ITEM.match(item) is None:
            problems.append(f"--price {item!r}: expected DESIGN+TRT-ID (buy the trait) or DESIGN-TRT-ID (take it "
                            "off), e.g. rifleman-TRT-MAGAZINES")
            continue
        specs = [(r, spec) for r in config.lists for spec in priced_specs(config, r) if spec.endswith(item)]
        if not specs:
            problems.append(f"--price {item}: no list of the batch fields {PRICE_ITEM.match(item)['design']!r}")
        for r, spec in specs:
            try:
                variant = load_list_spec(spec)
                other = next((x for x in config.lists if x is not r), r)
                Match(scenario, {"red": variant, "blue": load_army_list(other.spec)}, 0, checkpoints=False,
                      combat=config.combat)
            except SpecError as exc:
                problems.append(str(exc))
            except NotImplementedRule as exc:
                problems.append(f"--price {item} on {r.key}: the engine does not play it: {exc}")
    if problems:
        raise BatchError("\n".join(problems))


def pairings(config: BatchConfig) -> list[tuple[ListRef, ListRef]]:
    """Ordered (red, blue) pairings: full lists i ≠ j (i = j too with mirror), then handicap variants of each
    list against every other full list, on both sides."""
    full = sorted(config.lists, key=lambda r: r.key)
    if config.alarm_catalogue:          # ALM-32: every defender list (red) against the attacker's catalogue (blue)
        cat = next(r for r in full if r.key == config.alarm_catalogue)
        return [(a, cat) for a in full if a is not cat]
    out = [(a, b) for a in full for b in full if a is not b or config.mirror]
    if config.handicap:
        for a in full:
            for spec in handicap_specs(a.spec):
                v = ListRef(spec, spec_key(spec), a.sha256)
                for b in full:
                    if b is not a:
                        out.append((v, b))
                        out.append((b, v))
    for a in full:
        for spec in priced_specs(config, a):
            v = ListRef(spec, spec_key(spec), a.sha256)
            for b in full:
                if b is not a:
                    out.append((v, b))
                    out.append((b, v))
    return out


def games_per_pairing(total_games: int, n_pairings: int) -> int:
    """`--games` is the total: each ordered pairing gets ceil(total / pairings) games."""
    if total_games < 1:
        raise BatchError("--games must be at least 1")
    return max(1, math.ceil(total_games / max(1, n_pairings)))


def game_key(config: BatchConfig, red: ListRef, blue: ListRef, k: int, shape: str = "") -> str:
    """A game's key; an alarm shape variant (ALM-32) is written after the scenario key, in brackets."""
    scenario = f"{config.scenario_key}[{shape}]" if shape else config.scenario_key
    return f"{scenario}:{red.key}:{blue.key}:{config.red_controller}:{config.blue_controller}:{k}"


def game_seed(batch_seed: int, key: str) -> int:
    return derive_seed(batch_seed, f"game:{key}") >> 1


def plan_games(config: BatchConfig, per_pairing: int) -> list[GameSpec]:
    """Every game of the batch, k-major (game 0 of every pairing, then game 1, ...)."""
    pairs = pairings(config)
    specs = []
    for k in range(per_pairing):
        for shape in config.alarm_shapes or ("",):
            for red, blue in pairs:
                key = game_key(config, red, blue, k, shape)
                specs.append(GameSpec(key, k, game_seed(config.seed, key), config.scenario, config.scenario_sha256,
                                      red, blue, config.red_controller, config.blue_controller, config.combat,
                                      shape))
    return specs


MAX_CHUNK = 8


def guided_chunk_size(remaining: int, workers: int, limit: int = MAX_CHUNK) -> int:
    """Guided scheduling: a quarter of each worker's share of what is left, between 1 and `limit` games, so
    that tasks are large while there is much to do and single games at the end (no worker idles long)."""
    return max(1, min(limit, math.ceil(remaining / (max(1, workers) * 4))))


def chunked(specs: Sequence[GameSpec], workers: int, fixed: int | None = None) -> Iterator[list[GameSpec]]:
    """Consecutive chunks of `specs`: of `fixed` games, or guided (`guided_chunk_size`)."""
    i = 0
    while i < len(specs):
        size = fixed or guided_chunk_size(len(specs) - i, workers)
        yield list(specs[i:i + size])
        i += size


# --- executors --------------------------------------------------------------------------------------
class InlineExecutor(Executor):
    """Runs each task at submit time in this process (debugging, profiling); same interface as the pools."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        f: Future = Future()
        try:
            f.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # noqa: BLE001 - handed to the caller through the future
            f.set_exception(exc)
        return f


#: Imported once by the fork server, so that each pool worker starts with the engine loaded.
PRELOAD = ["wartime.balance.worker", "wartime.match.match", "wartime.ai", "wartime.data.loader"]


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A local pool. Workers are forked from a fork server that preloads the engine (cheap start, no threads
    inherited from the parent: tqdm's monitor, a Dask client in the same process). As with any
    multiprocessing start method but fork, a script that runs a batch through this pool needs the
    ``if __name__ == "__main__":`` guard (its main module is imported again in the workers)."""
    if sys.platform.startswith("linux"):
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(PRELOAD)
    else:
        ctx = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=ignore_sigint)


#: Where a local Dask cluster listens: loopback only (nothing on this machine's network interfaces), no dashboard.
LOOPBACK = "127.0.0.1"


def local_dask_cluster(workers: int):
    """A `LocalCluster` of `workers` single-threaded processes whose scheduler and workers listen on the loopback
    interface only, with no dashboard (a batch exposes nothing to the network unless `--address` names a
    scheduler)."""
    from distributed import LocalCluster    # the optional 'cluster' extra
    return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host=LOOPBACK,
                         dashboard_address=None, worker_dashboard_address=None)


@contextmanager
def open_executor(backend: str = "process", workers: int = 2, address: str | None = None) -> Iterator[tuple[Executor, int]]:
    """Yield (executor, number of worker slots) for a backend; everything is shut down on exit.

    * ``process`` — `ProcessPoolExecutor(workers)`;
    * ``dask`` — a `LocalCluster(n_workers=workers, processes=True, threads_per_worker=1)` started here,
      listening on 127.0.0.1 only, without a dashboard (`local_dask_cluster`), or the existing scheduler at
      ``address``; the runner uses `Client.get_executor()`. Needs the ``cluster`` extra.
      On an existing cluster every worker must have this wartime installed and see the scenario and list files
      at the same absolute paths (they are checked by content hash);
    * ``inline`` — this process, one game after another."""
    if backend == "process":
        if address:
            raise BatchError("--address is for --backend dask")
        pool = process_pool(workers)
        try:
            yield pool, workers
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    elif backend == "inline":
        yield InlineExecutor(), 1
    elif backend == "dask":
        try:
            from distributed import Client
        except ImportError:
            raise BatchError("the dask backend needs Dask distributed: pip install 'wartime[cluster]'") from None
        cluster = None
        if address:
            client = Client(address)
        else:
            cluster = local_dask_cluster(workers)
            client = Client(cluster)
        try:
            slots = sum(w.get("nthreads", 1) for w in client.scheduler_info().get("workers", {}).values()) or workers
            yield client.get_executor(pure=False), slots
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
    else:
        raise BatchError(f"unknown backend {backend!r}: one of {', '.join(BACKENDS)}")


# --- running ----------------------------------------------------------------------------------------
def run_batch(config: BatchConfig, store: ResultStore, per_pairing: int, executor: Executor, workers: int, *,
              chunk_size: int | None = None, progress: bool = True,
              on_game: Callable[[dict], None] | None = None) -> BatchSummary:
    """Play every planned game not yet in the store; store each as its chunk comes back.

    `on_game(result)` is called after each game is stored (an exception from it stops the batch: what is
    stored stays, the rest is cancelled). A worker whose engine or rules data differ from the store's stops
    the batch before anything of it is stored."""
    from tqdm import tqdm
    engine_version, rules_hash = store.version()
    specs = plan_games(config, per_pairing)
    done = store.done_keys()
    todo = [s for s in specs if s.key not in done]
    already = len(specs) - len(todo)
    sizes: list[int] = []
    t0 = time.perf_counter()
    played = 0
    bar = tqdm(total=len(specs), initial=already, unit="game", desc="games", disable=not progress,
               dynamic_ncols=True, file=sys.stderr)
    # a sliding window of chunks in flight: every worker has its next chunk queued, memory stays bounded,
    # Ctrl-C has little to cancel, and the in-process executor stores each game as it goes
    window = max(2, 2 * workers)
    chunks = chunked(todo, workers, chunk_size)
    pending: set[Future] = set()

    def fill() -> None:
        while len(pending) < window:
            chunk = next(chunks, None)
            if chunk is None:
                return
            sizes.append(len(chunk))
            pending.add(executor.submit(run_chunk, chunk))

    try:
        fill()
        while pending:
            finished, rest = wait(pending, return_when=FIRST_COMPLETED)
            pending.clear()
            pending.update(rest)
            failed: BaseException | None = None
            for fut in finished:
                if fut.exception() is not None:
                    # store what the other finished chunks played before stopping (a dead worker process,
                    # a failing game): whatever finished is kept
                    failed = failed or fut.exception()
                    continue
                for result in fut.result():
                    g = result["game"]
                    if (g["engine_version"], g["rules_hash"]) != (engine_version, rules_hash):
                        raise StoreError(
                            f"worker {g['worker']} runs {describe_version(g['engine_version'], g['rules_hash'])}, "
                            f"the store holds {describe_version(engine_version, rules_hash)}: install the same "
                            "wartime on every worker")
                    store.add(result)
                    played += 1
                    bar.update(1)
                    if on_game is not None:
                        on_game(result)
            if failed is not None:
                raise failed
            fill()
    except BaseException:
        for f in pending:
            f.cancel()
        raise
    finally:
        bar.close()
    return BatchSummary(len(specs), already, played, time.perf_counter() - t0, workers, max(sizes, default=0))


class Terminated(KeyboardInterrupt):
    """SIGTERM (`kill PID`, a job scheduler's stop) on a batch's parent process: ended as Ctrl-C ends it."""


def stopped_how(exc: KeyboardInterrupt) -> tuple[str, int]:
    """How a batch or a compare that was stopped says so, and its exit code: SIGTERM (`Terminated`) 143, Ctrl-C 130."""
    return ("stopped (SIGTERM)", 143) if isinstance(exc, Terminated) else ("interrupted", 130)


def sigterm_as_interrupt() -> Callable[[], None]:
    """Until the returned function is called, SIGTERM raises `Terminated` (a KeyboardInterrupt) in this process, so a
    batch or a compare stopped with `kill` ends as Ctrl-C ends it: it stops submitting games, shuts its pool down
    (the workers finish the games in flight), keeps every stored game and says how to resume. Without it the parent
    died at once and its pool's worker processes ran on, orphaned. Outside the main thread (where no handler can be
    set) it changes nothing."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None

    def handler(signum, frame):
        raise Terminated()

    old = signal.signal(signal.SIGTERM, handler)
    return lambda: signal.signal(signal.SIGTERM, old)


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)
