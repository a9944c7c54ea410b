"""Alarm shapes of a balance batch (issue 17; ALM-32, ALM-9..ALM-14): `wartime batch --alarm-shape VALUE`
(repeatable) plays the batch's games once per shape, each a variant of the alarm scenario whose ``[alarm]``
fields are overridden (``preset=601-1200/Normal``, ``lethal_ratio=0.8``, ``vpo=6,vpl=13,divisor=2``; fields:
preset, vpo, vpl, vpr, divisor, lethal_ratio, rounds). A shape is validated by the scenario loader itself
(`wartime.data.loader.override_alarm_shape`), its problems named with the option value. A shape is stored as
its canonical text (`canonical`), which names the variant in game keys (so seeds and --resume follow it) and in
the results store's ``alarm_shape`` column."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from wartime.core.errors import DataError
from wartime.data.alarm_data import alarm_presets
from wartime.data.loader import ALARM_SHAPE_KEYS, load_scenario

#: the fields read as whole numbers (the others but the preset as numbers)
_INTS = ("divisor", "rounds")


class ShapeError(ValueError):
    """A bad --alarm-shape value: one line per problem, each naming the option value and the field."""


def _value(key: str, text: str) -> Any:
    if key == "preset":      # ALM-14: a row's name, spaces optional ("601-1200/Normal" is "601-1200 / Normal")
        squeeze = "".join(text.split()).lower()
        return next((name for name in alarm_presets() if "".join(name.split()).lower() == squeeze), text)
    try:
        return int(text) if key in _INTS else float(text)
    except ValueError:
        kind = "a whole number" if key in _INTS else "a number"
        raise ShapeError(f"--alarm-shape {{v!r}}: alarm.{key}: expected {kind}, got {text!r}") from None


def parse_shape(value: str) -> dict[str, Any]:
    """ALM-32: ``key=value,key=value`` → the [alarm] fields it overrides (ShapeError on a bad syntax or field)."""
    out: dict[str, Any] = {}
    for part in (p.strip() for p in value.split(",")):
        key, eq, text = part.partition("=")
        key, text = key.strip(), text.strip()
        if not eq or not key or not text:
            raise ShapeError(f"--alarm-shape {value!r}: expected FIELD=VALUE[,FIELD=VALUE...], got {part!r}")
        if key not in ALARM_SHAPE_KEYS:
            raise ShapeError(f"--alarm-shape {value!r}: alarm.{key}: not a shape field (one of "
                             f"{', '.join(ALARM_SHAPE_KEYS)})")
        if key in out:
            raise ShapeError(f"--alarm-shape {value!r}: alarm.{key}: given twice")
        try:
            out[key] = _value(key, text)
        except ShapeError as exc:
            raise ShapeError(str(exc).replace("{v!r}", repr(value))) from None
    return out


def canonical(shape: dict[str, Any]) -> str:
    """The shape's stored text: fields in ALARM_SHAPE_KEYS order, numbers in their shortest form."""
    return ",".join(f"{k}={shape[k]:g}" if isinstance(shape[k], float) else f"{k}={shape[k]}"
                    for k in ALARM_SHAPE_KEYS if k in shape)


def load_shaped(path: str | Path, shape_text: str):
    """The scenario at `path` with the stored shape applied (the plain scenario for "")."""
    return load_scenario(path, alarm_shape=parse_shape(shape_text) if shape_text else None)


def check_shapes(scenario_path: str | Path, values: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Every --alarm-shape value parsed and validated on the scenario (ShapeError with every problem, one line
    each, naming the value, the field and the problem); their canonical texts, duplicates dropped."""
    problems, out = [], []
    for value in values:
        try:
            shape = parse_shape(value)
            load_scenario(scenario_path, alarm_shape=shape)
        except ShapeError as exc:
            problems.append(str(exc))
            continue
        except DataError as exc:
            problems.extend(f"--alarm-shape {value!r}: {field}: {problem}" for _, field, problem in exc.problems)
            continue
        out.append(canonical(shape))
    if problems:
        raise ShapeError("\n".join(problems))
    return tuple(dict.fromkeys(out))
