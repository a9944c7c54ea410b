"""Events: immutable records of everything that changes state, each naming its rule ID.

An event is a plain mapping ``{"type": ..., "rule": ..., ...}``; `canonical_json` gives the one byte
form used by records and verification (sorted keys, no spaces, floats rounded to 1e-6).
"""
from __future__ import annotations

import json
from types import MappingProxyType
from typing import Any, Mapping

FLOAT_DIGITS = 6
#: the exact types `canonical` returns unchanged
_PLAIN = frozenset((str, int, bool, type(None)))


def canonical(value: Any) -> Any:
    """Normalise a value for the canonical form: floats rounded, tuples to lists, -0.0 to 0.0."""
    t = type(value)
    if t is str or t is int or t is bool or value is None:          # the common cases, by exact type first
        return value
    if t is float:
        v = round(value, FLOAT_DIGITS)
        return 0.0 if v == 0 else v
    if t is dict:                   # plain members kept without a call (issue 20: most of an event's payload)
        return {str(k): v if type(v) in _PLAIN else canonical(v) for k, v in value.items()}
    if t is list or t is tuple:
        return [v if type(v) in _PLAIN else canonical(v) for v in value]
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return value
    if isinstance(value, float):
        v = round(value, FLOAT_DIGITS)
        return 0.0 if v == 0 else v
    if isinstance(value, (list, tuple)):        # before the (slow) abstract Mapping check
        return [canonical(v) for v in value]
    if isinstance(value, dict) or isinstance(value, Mapping):
        return {str(k): canonical(v) for k, v in value.items()}
    raise TypeError(f"value of type {type(value).__name__} has no canonical form")


def canonical_json(value: Any) -> str:
    """The canonical JSON text of a value (sorted keys, compact, rounded floats)."""
    return json.dumps(canonical(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def make_event(type_: str, rule: str | None, **data: Any) -> Mapping[str, Any]:
    """Build an immutable event. `rule` is the rule ID the event applies (None for bookkeeping)."""
    payload = {"type": type_, "rule": rule}
    for k, v in data.items():                  # `canonical(data)`, without a call for the plain values
        payload[k] = v if type(v) in _PLAIN else canonical(v)
    return MappingProxyType(payload)
