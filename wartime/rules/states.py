"""The states named in the actions digest (crouched, prone, hidden, on_guard, immobilised, tied, unconscious, ...)
as the `state_changed` events name them, in plain words for people (the log, the reports)."""
from __future__ import annotations

#: state_changed events in plain words: (when it starts, when it ends)
STATE_WORDS = {
    "on_guard": ("stands on guard", "is no longer on guard"),
    "hidden": ("is hidden", "is no longer hidden"),
    "immobilised": ("is held fast", "is free of the hold"),
    "tied": ("is tied up", "is untied"),
    "unconscious": ("is knocked out", "comes round"),
    "prone": ("is knocked prone", "gets up"),
    "counter_charge": ("braces to counter-charge", "no longer braces"),
}
