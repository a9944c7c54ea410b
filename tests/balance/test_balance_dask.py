"""The Dask backend: the same games on a local Dask cluster (2 worker processes) as on the process pool."""
from __future__ import annotations

import importlib.util
import ipaddress
import os

import pytest

from wartime.balance import runner
from wartime.balance.runner import open_executor, run_batch

from .conftest import GAMES, new_store, reference_config, rows

# find_spec, not importorskip: importing Dask at collection took ~1.5 s in every xdist worker
pytestmark = [pytest.mark.xdist_group("balance"),
              pytest.mark.skipif(importlib.util.find_spec("distributed") is None,
                                 reason="Dask distributed is not installed (pip install 'wartime[cluster]')")]


def _port(address: str) -> int:
    return int(address.rsplit(":", 1)[1])


def _listening() -> dict[int, set[str]]:
    """Local addresses of this machine's listening TCP sockets, by port (Linux /proc/net/tcp and tcp6)."""
    out: dict[int, set[str]] = {}
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not os.path.exists(name):
            continue
        with open(name) as fh:
            next(fh)
            for line in fh:
                local, state = line.split()[1], line.split()[3]
                if state != "0A":                       # LISTEN
                    continue
                hexaddr, hexport = local.split(":")
                raw = bytes.fromhex(hexaddr)
                # /proc stores each 32-bit word in host (little-endian) order
                raw = b"".join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4))
                out.setdefault(int(hexport, 16), set()).add(str(ipaddress.ip_address(raw)))
    return out


@pytest.mark.slow            # whole batches on a process pool: `.ci/run`'s slow pass (the fast suite's 5 min)
def test_a_batch_on_a_local_dask_cluster_gives_the_pool_rows(reference_store, tmp_path, monkeypatch):
    """The whole reference batch on a local Dask cluster: the rows of the process pool, and the cluster listens
    on the loopback interface only (scheduler and workers), with no dashboard."""
    clusters = []
    real = runner.local_dask_cluster

    def spy(workers):
        clusters.append(real(workers))
        return clusters[-1]

    monkeypatch.setattr(runner, "local_dask_cluster", spy)
    config = reference_config()
    path = tmp_path / "dask.sqlite"
    store, per = new_store(path, config)
    with store, open_executor("dask", workers=2) as (executor, slots):
        assert slots == 2
        (cluster,) = clusters
        info = cluster.scheduler_info
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        assert len(info["workers"]) == 2
        assert all(addr.startswith("tcp://127.0.0.1:") for addr in info["workers"])
        assert all(w["nanny"].startswith("tcp://127.0.0.1:") for w in info["workers"].values())
        # every port of the cluster (scheduler, workers, nannies, their HTTP endpoints) listens on 127.0.0.1 only
        ports = {_port(cluster.scheduler_address), *info.get("services", {}).values()}
        for addr, w in info["workers"].items():
            ports |= {_port(addr), _port(w["nanny"]), *w.get("services", {}).values()}
        if os.path.exists("/proc/net/tcp"):
            listening = _listening()
            for port in ports:
                assert listening.get(port) == {"127.0.0.1"}, (port, listening.get(port))
        summary = run_batch(config, store, per, executor, slots, progress=False)
    assert summary.played == GAMES
    assert rows(path) == rows(reference_store)
