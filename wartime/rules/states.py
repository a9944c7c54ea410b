"""The states named in the actions digest (crouched, prone, hidden, on_guard, immobilised, tied, unconscious, ...)
as the `state_changed` events name them, in plain words for people (the log, the reports)."""
from __future__ import annotations

from wartime.core.components import Compelled, Mimetic

#: state_changed events in plain words: (when it starts, when it ends)
STATE_WORDS = {
    "on_guard": ("stands on guard", "is no longer on guard"),
    "hidden": ("is hidden", "is no longer hidden"),
    "immobilised": ("is held fast", "is free of the hold"),
    "tied": ("is tied up", "is untied"),
    "unconscious": ("is knocked out", "comes round"),
    "prone": ("is knocked prone", "gets up"),
    "counter_charge": ("braces to counter-charge", "no longer braces"),
    "mimetic": ("is mimetic", "is no longer mimetic"),
}


def trait_status(gs, e: int) -> list[str]:
    """What a character's card says of its trait states: Mimético on (TRT-MIMETIC), a compulsion on its attacks
    this activation (components.Compelled)."""
    out = []
    if gs.world.has(e, Mimetic):
        out.append("mimetic (TRT-MIMETIC)")
    c = gs.world.try_get(e, Compelled)
    if c is not None:
        out.append(f"{compelled_words([gs.name(t) for t in c.targets], c.mode)} ({c.rule})")
    return out


def compelled_words(names: list[str], mode: str | None) -> str:
    """A `compelled` event in plain words (TRT-INNER-ANIMAL, TRT-MURDEROUS-MADNESS, TRT-RADIANT...)."""
    who = " or ".join(names) if names else "nobody"
    if mode == "charge":
        return f"must charge {who} first, if it can"
    if mode == "ranged":
        return f"must shoot at {who}, if it shoots and can"
    return f"would attack {who} but can reach nobody"
