"""Balance lab: batches of computer games between army lists, their results store, statistics and report.

* `runner` — plans every ordered pairing × N seeded games and runs them on any `concurrent.futures.Executor`
  (local process pool, Dask `Client.get_executor()`, in-process);
* `worker` — what a worker runs: rebuild the match from paths and a seed, play it, return result rows;
* `accumulator` — per-miniature statistics read from the match's events (the rules are not touched);
* `specs` — list references, handicap variants, game specs, per-process caches of loaded files;
* `store` — the SQLite results store (one transaction per game, resumable, version-checked);
* `stats` — Wilson intervals, first-player edge, points efficiency, the ridge-logistic design values;
* `report`, `plots` — Markdown / HTML / JSON report and matplotlib figures.

Commands: `wartime batch`, `wartime report` (`wartime.cli_balance`)."""
