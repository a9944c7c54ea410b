"""The parameters of the race traits bought for one chosen action or item (TRT-MASTERY, TRT-INEPTITUDE,
TRT-COMBAT-MASTERY, TRT-COMBAT-INEPTITUDE): a fielded character carries them as components.TraitParams, with the
chosen action resolved to the engine's action keys; what the engine cannot play is refused (match.setup)."""
from __future__ import annotations

from wartime.core.components import TraitParams
from wartime.data.loader import ACTION_PARAM_TRAITS, action_param
from wartime.rules.actions import REGISTRY


def _keys(rule_id: str, categories: tuple[str, ...]) -> tuple[str, ...]:
    """The engine's action keys of the action `rule_id` in `categories` (CBA-25: Inmovilizar, break free, tie up)."""
    return tuple(k for k, a in REGISTRY.items() if a.rule == rule_id and a.category in categories)


def _values(trait_id: str, param: str) -> tuple[str, ...]:
    categories, item = ACTION_PARAM_TRAITS[trait_id]
    row = action_param(trait_id, param)
    if row is None:
        return (f"{item}:{param}",)
    return _keys(row["id"], categories)


def pairs(spec) -> tuple[tuple[str, str], ...]:
    """(trait ID, value) of the character's race traits with an action or item parameter."""
    return tuple((t.trait_id, v) for t in spec.race.traits if t.trait_id in ACTION_PARAM_TRAITS and t.param
                 for v in _values(t.trait_id, t.param))


def components(spec) -> tuple[TraitParams, ...]:
    """A TraitParams for the character's world entity, or nothing when it has no such parameter."""
    got = pairs(spec)
    return (TraitParams(got),) if got else ()


def problems(spec) -> list[tuple[str, str]]:
    """(trait ID, line) for each such parameter the engine cannot play: an action it does not play, a weapon or
    object the character does not carry."""
    out = []
    carried = {a.id for a in spec.weapons} | {a.id for a in spec.objects}
    for t in spec.race.traits:
        if t.trait_id not in ACTION_PARAM_TRAITS or not t.param:
            continue
        head = f"{spec.name}: race {spec.race.name}: trait {t.trait_id} ({t.name}) for '{t.param}'"
        categories, item = ACTION_PARAM_TRAITS[t.trait_id]
        row = action_param(t.trait_id, t.param)
        if row is not None and not _keys(row["id"], categories):
            out.append((t.trait_id, f"{head}: the engine does not play {row['id']} ({row['name_es']}) yet"))
        elif row is None and t.param not in carried:
            out.append((t.trait_id, f"{head}: it carries no {item} '{t.param}'"))
    return out
