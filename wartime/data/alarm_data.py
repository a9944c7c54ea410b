"""Alarm-mode data (ALM-14): the example alarms shipped as named presets, read from ``wartime/data/alarm/``.

Kept outside ``wartime/data/tables/`` so that the rules-data hash of records of ordinary games is unchanged."""
from __future__ import annotations

import csv
import functools
import io
from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True)
class AlarmPreset:
    """ALM-14: one example alarm row, verbatim: ``rounds`` = W, ``vpo`` = X, ``vpr`` = Y, ``vpl`` = Z."""

    id: str
    band: str
    difficulty: str
    rounds: int
    vpo: float
    vpr: float
    vpl: float


@functools.cache
def alarm_presets() -> dict[str, AlarmPreset]:
    """ALM-14: the 18 preset rows by id (``"601-1200 / Normal"``), in file order."""
    text = (resources.files("wartime.data") / "alarm" / "presets.tsv").read_text(encoding="utf-8")
    rows = csv.DictReader(io.StringIO("".join(line for line in text.splitlines(keepends=True)
                                              if not line.startswith("#"))), delimiter="\t")
    out: dict[str, AlarmPreset] = {}
    for row in rows:
        out[row["id"]] = AlarmPreset(row["id"], row["band"], row["difficulty"], int(row["rounds"]),
                                     float(row["vpo"]), float(row["vpr"]), float(row["vpl"]))
    return out


def reinforcement_vp(vpo: float, divisor: int) -> int:
    """ALM-10: VPr = ⌈VPo / divisor⌉ (divisor 4 or 2), a whole VP, so VPr ≥ 1 whenever VPo > 0."""
    if divisor not in (2, 4):
        raise ValueError(f"ALM-10: the divisor is 4 or 2, got {divisor}")
    return -(-int(round(vpo * 1000)) // (divisor * 1000)) if vpo > 0 else 0


def alarm_duration(vpo: float, vpl: float, vpr: float) -> int:
    """ALM-11: d = ⌈(VPl − VPo) / VPr⌉; VPo ≥ VPl is refused (it would give d ≤ 0). ALM-12 follows: a lower VPo
    lowers VPr too, so d grows on both counts."""
    if vpo >= vpl:
        raise ValueError(f"ALM-11: VPo ({vpo:g}) must be less than VPl ({vpl:g})")
    if vpr <= 0:
        raise ValueError(f"ALM-11: VPr must be more than 0, got {vpr:g}")
    q = (vpl - vpo) / vpr
    whole = int(q)
    return whole if abs(q - whole) < 1e-9 else whole + 1
