"""Per-game statistics read from a match's events, without touching the rules (Catanatron's accumulators:
`before` the game, `step` per entry, `after` the game).

What each figure means (all per miniature, per game):

* ``damage_dealt`` — wounds it inflicted on enemies: the ``amount`` of ``wounds`` events whose ``source`` is it
  and whose target is on the other side (friendly wounds are not counted);
* ``wounds_taken`` — every wound it received (``wounds`` events on it, any source);
* ``kills`` — enemies it put out of the fight: credited when an enemy first becomes a casualty (a ``life`` event
  to incapacitated / dead, or an ``unconscious`` event), to the source of the wounds that did it, or failing
  that (stress) to the character acting or reacting at that moment when it is an enemy of the victim; each
  victim counted once;
* ``survived`` — 1 if it can still act when the game ends (the engine's casualty list, WND-2/3, PSI-16);
* ``energy_spent`` — the ``cost`` of its ``action`` events (ENE-1) and of its ``reaction`` events (REA-2);
* ``actions``, ``hits``, ``misses`` — its ``action`` events, and ``hit`` / ``miss`` events as attacker; an area
  attack (ARE-1..9) counts once, whoever its template catches: a hit when it lands where aimed, a miss when it
  scatters (ARE-9: even if the scattered template still catches someone), is lost off the table or, thrown at
  range 0, misses (ARE-8), so that accuracy compares across designs;
* ``reactions`` — its declared reactions that passed their CH VOL: ``reaction`` events (REA-1).

Game-level: the side that won the turn-1 initiative (the first ``initiative`` event's ``order[0]``, SEQ-2) and the
number of decisions."""
from __future__ import annotations

from typing import Any, Iterable

from wartime.core.components import Identity

CHARACTER_STATS = ("damage_dealt", "wounds_taken", "kills", "survived", "energy_spent", "actions", "hits",
                   "misses", "reactions")


class GameAccumulator:
    def __init__(self) -> None:
        self.roster: dict[int, Identity] = {}
        self.stats: dict[int, dict[str, int]] = {}
        self.first_player: str | None = None
        self.decisions = 0
        self._down: set[int] = set()          # victims already credited
        self._last_wound_source: dict[int, int | None] = {}
        self._acting: list[int] = []          # who is acting / reacting now (a reaction nests in an action)

    # --- before / step / after -----------------------------------------------------------------
    def before(self, match) -> None:
        """Read the roster: entity id → identity (side, character design, cost), in id order."""
        gs = match.gs
        for e in sorted(gs.minis()):
            self.roster[e] = gs.world.get(e, Identity)
            self.stats[e] = {k: 0 for k in CHARACTER_STATS}

    def steps(self, entries: Iterable[tuple[str, Any]]) -> None:
        for kind, payload in entries:
            self.step(kind, payload)

    def step(self, kind: str, payload: dict) -> None:
        if kind == "d":
            self.decisions += 1
            return
        t = payload.get("type")
        if t == "action" or t == "reaction":
            who = payload["who"]
            self._acting.append(who)
            s = self.stats.get(who)
            if s is not None:
                s["actions" if t == "action" else "reactions"] += 1
                s["energy_spent"] += int(payload.get("cost") or 0)
        elif t == "action_resolved":
            # free actions resolve without an `action` event: pop only the matching actor
            if self._acting and self._acting[-1] == payload.get("who"):
                self._acting.pop()
        elif t == "wounds":
            who, src, n = payload["who"], payload.get("source"), int(payload["amount"])
            if who in self.stats:
                self.stats[who]["wounds_taken"] += n
            if src is not None and src in self.stats and self._enemies(src, who):
                self.stats[src]["damage_dealt"] += n
            self._last_wound_source[who] = src
        elif t == "life":
            if payload["state"] in ("incapacitated", "dead"):
                self._down_event(payload["who"], self._last_wound_source.get(payload["who"]))
        elif t == "unconscious":
            self._down_event(payload["who"], None)
        elif t == "area_placed" or t == "area_lost":
            a = payload.get("attacker")               # one area attack: hit where aimed, else a miss (ARE-9)
            if a in self.stats:
                self.stats[a]["misses" if t == "area_lost" or payload.get("dispersed") else "hits"] += 1
        elif t == "miss" or (t == "hit" and payload.get("area") is None):
            a = payload.get("attacker")               # per-target hits of an area attack are not attacks
            if a in self.stats:
                self.stats[a]["hits" if t == "hit" else "misses"] += 1
        elif t == "initiative" and self.first_player is None:
            self.first_player = payload["order"][0]

    def after(self, match) -> list[dict]:
        """One row per miniature (entity id order)."""
        out_of_fight = {e for side in match.gs.sides for e in match.engine.casualties(side)}
        rows = []
        for e, ident in self.roster.items():
            s = dict(self.stats[e])
            s["survived"] = 0 if e in out_of_fight else 1
            rows.append({"entity": e, "side": ident.side, "character_id": ident.character_id,
                         "name": ident.name, "cost": ident.cost, **s})
        return rows

    # --- helpers -------------------------------------------------------------------------------
    def _enemies(self, a: int, b: int) -> bool:
        return a in self.roster and b in self.roster and self.roster[a].side != self.roster[b].side

    def _down_event(self, victim: int, source: int | None) -> None:
        if victim in self._down or victim not in self.roster:
            return
        self._down.add(victim)
        killer = source if source is not None and self._enemies(source, victim) else None
        actor = self._acting[-1] if self._acting else None
        if killer is None and actor is not None and self._enemies(actor, victim):
            killer = actor
        if killer is not None:
            self.stats[killer]["kills"] += 1


class AttackLog:
    """Per-attack figures read from the events, comparable across combat systems (`wartime compare`), since every
    system emits ``hit`` / ``miss`` and translates its harm into Wartime ``wounds`` / ``life`` events:

    * ``wounds`` — {wounds: attacks}: each single-target attack (a ``hit`` event without ``area``, or a ``miss``)
      and the Wartime wounds it did to its target (``wounds`` events on the target whose ``source`` is the
      attacker, until the next attack, the end of the action or of the turn); a miss did 0;
    * ``down`` / ``up`` — the attacks each miniature had received (single-target attacks and area hits on it)
      when it first became a casualty (``life`` incapacitated / dead, ``unconscious``), in the order it fell;
      ``up``: those of the miniatures that never fell (censored observations), entity order;
    * ``first_down`` — the turn of the game's first casualty (None: nobody fell)."""

    def __init__(self) -> None:
        self.wounds: dict[int, int] = {}
        self.received: dict[int, int] = {}
        self.down: list[int] = []
        self.first_down: int | None = None
        self._fallen: set[int] = set()
        self._turn = 0
        self._open: list[int] | None = None       # [attacker, target, wounds] of the attack being resolved

    def before(self, match) -> None:
        self.received = {e: 0 for e in sorted(match.gs.minis())}

    def steps(self, entries: Iterable[tuple[str, Any]]) -> None:
        for kind, payload in entries:
            if kind == "e":
                self.step(payload)
        self._close()

    def step(self, ev: dict) -> None:
        t = ev.get("type")
        if t == "hit" or t == "miss":
            target = ev.get("target")
            if target in self.received:
                self.received[target] += 1
            if ev.get("area") is None:
                self._close()
                self._open = [ev.get("attacker"), target, 0]
        elif t == "wounds":
            o = self._open
            if o is not None and ev.get("who") == o[1] and ev.get("source") == o[0]:
                o[2] += int(ev["amount"])
        elif (t == "life" and ev.get("state") in ("incapacitated", "dead")) or t == "unconscious":
            who = ev.get("who")
            if who in self.received and who not in self._fallen:
                self._fallen.add(who)
                self.down.append(self.received[who])
                if self.first_down is None:
                    self.first_down = self._turn
        elif t in ("action_resolved", "turn_start", "area_placed", "area_lost"):
            self._close()
            if t == "turn_start":
                self._turn = int(ev.get("turn") or 0)

    def _close(self) -> None:
        if self._open is not None:
            n = self._open[2]
            self.wounds[n] = self.wounds.get(n, 0) + 1
            self._open = None

    def summary(self) -> dict:
        """JSON-ready, deterministic (sorted keys, entity order)."""
        return {"wounds": {str(k): self.wounds[k] for k in sorted(self.wounds)}, "down": list(self.down),
                "up": [n for e, n in self.received.items() if e not in self._fallen], "first_down": self.first_down}
