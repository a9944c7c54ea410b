"""The scripted controller's carried protections (GNA-16 Usar on a protection, BLD-7, rules/carried.py): a protection
carried but not worn counts for nothing, so the character puts it on at the first chance, the highest DEF first,
among the engine's legal options (ENE to pay, own activation). A character with no carried protection is never
offered Usar on one: nothing here runs for it."""
from __future__ import annotations

from wartime.rules import carried
from wartime.rules.sequence import Decision, Pending

#: the engine's key for Usar on a carried protection (rules/actions/objects.py WearProtection)
KEY = "use_protection"


def wear_carried(match, p: Pending) -> Decision | None:
    """GNA-16: the legal Usar that puts on the carried protection with the highest DEF (the first of equals), or
    None when none is offered."""
    if KEY not in p.options:
        return None
    items = carried.carried(match.gs, p.actor)
    opts = list(match.engine.legal_options(KEY))
    if not opts:
        return None
    best = max(opts, key=lambda o: (items[o.params["protection"]].DEF, -o.params["protection"]))
    return best.decision(p.side, p.actor)
