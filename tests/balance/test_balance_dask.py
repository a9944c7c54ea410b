"""The Dask backend: the same games on a local Dask cluster (2 worker processes) as on the process pool."""
from __future__ import annotations

import pytest

from wartime.balance.runner import open_executor, run_batch

from .conftest import new_store, reference_config, rows

pytestmark = pytest.mark.xdist_group("balance")

pytest.importorskip("distributed", reason="Dask distributed is not installed (pip install 'wartime[cluster]')")


def test_a_batch_on_a_local_dask_cluster_gives_the_pool_rows(reference_store, tmp_path):
    config = reference_config()
    path = tmp_path / "dask.sqlite"
    store, _ = new_store(path, config)
    with store, open_executor("dask", workers=2) as (executor, slots):
        assert slots == 2
        summary = run_batch(config, store, 2, executor, slots, progress=False)
    assert summary.played == 4
    got = rows(path)
    ref = rows(reference_store)
    assert got["games"] == [g for g in ref["games"] if g["k"] < 2]
    keys = {g["game_key"] for g in got["games"]}
    assert got["characters"] == [c for c in ref["characters"] if c["game_key"] in keys]
