"""Names people read: an action's English name (the actions table's `name_en`), shared by the window, the log and
the battle-report exports, so that every text names an action the same way."""
from __future__ import annotations

import re
from functools import lru_cache

from wartime.data.tables import action_table, trait_by_id
from wartime.rules.actions import REGISTRY
from wartime.rules.states import STATE_WORDS


def action_label(key: str | None) -> str:
    """The English name of an action: the actions table's `name_en` for its rule, else its class name split
    into words ('EndActivation' → 'End activation')."""
    action = REGISTRY.get(key or "")
    if action is None:
        return (key or "action").replace("_", " ")
    name = (action_table().get(action.rule) or {}).get("name_en")
    words = re.findall(r"[A-Z][a-z0-9]*|[a-z0-9]+", type(action).__name__)
    own = " ".join([words[0]] + [w.lower() for w in words[1:]]) if words else key
    if name and _shares_rule(key) and own.lower() != name.lower() and not own.lower().startswith(name.lower()):
        return own                 # two actions of one rule (CBA-25 Break free, Tie up; GNA-9 Discover)
    return name or own


@lru_cache(maxsize=1)
def _rule_owners() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for k, a in REGISTRY.items():
        if not a.reaction_only:
            out.setdefault(a.rule, []).append(k)
    return out


def _shares_rule(key: str) -> bool:
    """Whether another own-activation action has this action's rule ID: then the first registered keeps the
    table's name and the others their class names."""
    owners = _rule_owners().get(REGISTRY[key].rule, [])
    return len(owners) > 1 and owners[0] != key


def state_words(state, value) -> str:
    """A `state_changed` event in plain words: 'stands on guard (GNA-8)' / 'is no longer on guard'."""
    state = str(state)
    plain = state.replace("_", " ")
    on, off = STATE_WORDS.get(state, (f"is {plain}", f"is no longer {plain}"))
    return on if value not in (False, None) else off


def reason_words(reason) -> str:
    """An ENE change's reason: an action key becomes its English name ('reaction: crouch' → 'reaction: Crouch')."""
    if not isinstance(reason, str):
        return str(reason)
    head, sep, key = reason.rpartition(": ")
    if key in REGISTRY:
        return f"{head}{sep}{action_label(key)}"
    return reason


def modifier_words(rule, label) -> str:
    """A check modifier's label for an English reader: a trait's modifier (rule ``TRT-*``) is labelled in the
    events with the book's Spanish name of the trait ('Refuerzo', 'Pequeño (melee)'), shown here with its English
    name ('Reinforced', 'Small (melee)'); any other label as it is, or the rule ID without one. Display only: the
    events (and so the records) keep the book's names."""
    if not label:
        return str(rule)
    trait = trait_by_id().get(rule) if isinstance(rule, str) else None
    if trait is None or not trait.name_es or not trait.name_en or trait.name_es not in str(label):
        return str(label)
    return str(label).replace(trait.name_es, trait.name_en)
