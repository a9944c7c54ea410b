"""A Match = scenario + two army lists + seed + two controllers (STYLE: the decision interface).

The engine stops at a pending decision; `submit()` answers it — from a controller (AI or UI), a replay
file or a test, all through the same door. Every decision and event is kept for the game record."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Protocol

from wartime import __version__
from wartime.core.components import Identity
from wartime.core.rng import Dice, derive_seed
from wartime.data.combat_systems import check_name, systems_hash
from wartime.match.record import (FORMAT_NAME, FORMAT_VERSION, rules_data_hash, sha256_text, snapshot_checksum,
                                  write_record)
from wartime.match.setup import build_state
from wartime.rules.sequence import Decision, Engine, Pending


class Controller(Protocol):
    """Anything that answers pending decisions: AI, UI, replay."""

    def decide(self, match: "Match", pending: Pending) -> Decision: ...




class Match:
    def __init__(self, scenario, lists: Mapping[str, Any], seed: int,
                 controllers: Mapping[str, Controller] | None = None, dice: Dice | None = None,
                 observers: Iterable[Callable[["Match", Mapping[str, Any]], None]] = (),
                 checkpoints: bool = True, combat: str = "wartime"):
        """`observers` are called as `observer(match, event)` for every event from the very first one (the
        replay viewer uses one to snapshot the setup events); they never change play. `checkpoints=False` (a
        balance batch, which keeps results, not records) skips the world snapshot after every decision: such a
        match cannot write a record. `combat` is the combat system the attacks are resolved under (`wartime`, the
        default, or a peer game's: `wrath-glory`, `d6`, `d20`; rules.combat_systems), recorded in the header."""
        self.scenario = scenario
        self.combat = check_name(combat)
        self.lists = dict(lists)
        self.seed = int(seed)
        self.controllers = dict(controllers or {})
        self.dice = dice if dice is not None else Dice(derive_seed(self.seed, "match"))
        self.gs = build_state(scenario, self.lists, self.dice, self.combat)
        self.world = self.gs.world
        self.engine = Engine(self.gs)
        self.entries: list[tuple[str, Any]] = []
        self.decisions: list[dict] = []
        #: world snapshot after each decision: hashed into the record's state checksums when written
        self.checkpoints: list = []
        self.keep_checkpoints = bool(checkpoints)
        self._checksums: list[str] = []          # memo: snapshot_checksum of checkpoints[:len]
        #: set by `match.save.match_from_record`: the header of the record this match continues (kept byte for byte)
        self.continued_header: dict | None = None
        self.world.listeners.append(lambda ev: self.entries.append(("e", dict(ev))))
        self.world.listeners.extend((lambda ev, o=o: o(self, ev)) for o in observers)
        self.engine.start()

    # --- the decision interface ---------------------------------------------------------------
    @property
    def pending(self) -> Pending | None:
        return self.engine.pending

    @property
    def over(self) -> bool:
        return self.engine.over

    def submit(self, decision: Decision) -> None:
        """Apply a decision (RuleViolation if illegal, nothing changes) and record it."""
        mark = len(self.entries)
        self.engine.submit(decision)
        # the decision is recorded before the events it caused
        self.entries.insert(mark, ("d", decision.to_json()))
        self.decisions.append(decision.to_json())
        if self.keep_checkpoints:
            self.checkpoints.append(self.world.snapshot())

    def step(self) -> bool:
        """Ask the pending side's controller for one decision. Returns False when the game is over."""
        p = self.pending
        if p is None:
            return False
        ctrl = self.controllers.get(p.side)
        if ctrl is None:
            raise RuntimeError(f"no controller for side {p.side}")
        self.submit(ctrl.decide(self, p))
        return True

    def play(self, max_decisions: int = 100_000) -> dict:
        n = 0
        while self.step():
            n += 1
            if n >= max_decisions:
                raise RuntimeError(f"game did not end within {max_decisions} decisions")
        return self.result()

    # --- results ------------------------------------------------------------------------------
    def result(self) -> dict:
        f = self.engine.flow
        gs = self.gs
        out: dict[str, Any] = {"winner": f.winner, "reason": f.end_reason, "turns": f.turn, "seed": self.seed,
                               "casualties": {}, "points_lost": {}}
        for side in gs.sides:
            cas = self.engine.casualties(side)
            out["casualties"][side] = len(cas)
            out["points_lost"][side] = sum(gs.world.get(e, Identity).cost for e in cas)
        out["reactions"] = self.reaction_counts()
        return out

    def reaction_counts(self) -> dict:
        """REA-*: per side, reactions offered (a character listed as able to react in a window), taken (a
        reaction declared: the CH VOL was rolled, or bullet time) and succeeded (the reaction happened)."""
        gs = self.gs
        counts = {s: {"offered": 0, "taken": 0, "succeeded": 0} for s in gs.sides}
        for kind, ev in self.entries:
            if kind != "e":
                continue
            t = ev.get("type")
            if t == "reaction_window":
                for c in ev.get("candidates") or ():
                    counts[gs.side(c["who"])]["offered"] += 1
            elif t == "reaction_failed":
                counts[gs.side(ev["who"])]["taken"] += 1
            elif t == "reaction":
                counts[gs.side(ev["who"])]["taken"] += 1
                counts[gs.side(ev["who"])]["succeeded"] += 1
        return counts

    def header(self) -> dict:
        """The record header: formats, versions, seed, the scenario and lists embedded, the controllers and
        whether the game is over (`complete`; a save is not)."""
        if self.continued_header is not None:
            head = dict(self.continued_header)
            head["controllers"] = {**head.get("controllers", {}), **self.controller_names()}
            head["complete"] = self.over
            return head

        def embed(path) -> dict:
            text = Path(path).read_text(encoding="utf-8")
            return {"path": str(path), "sha256": sha256_text(text), "text": text}

        lists = {}
        for side, lst in self.lists.items():
            d = embed(lst.path)
            if lst.catalogue is not None:
                d["catalogue"] = embed(lst.catalogue)
            lists[side] = d
        head = {"format": FORMAT_NAME, "format_version": FORMAT_VERSION, "engine_version": __version__,
                "rules_hash": rules_data_hash(), "seed": self.seed, "scenario": embed(self.scenario.path),
                "lists": lists, "controllers": self.controller_names(), "complete": self.over}
        if self.combat != "wartime":
            # a peer combat system and its numbers; a header without them (every older record) means Wartime's
            head["combat"] = self.combat
            head["combat_params"] = systems_hash()
        return head

    def controller_names(self) -> dict[str, str]:
        """Each side's controller by name (`kind` attribute, else the class name without "Controller",
        lower-cased: "scripted", "random"), so a resumed game can rebuild them."""
        out = {}
        for side, ctrl in sorted(self.controllers.items()):
            name = getattr(ctrl, "kind", None)
            if not isinstance(name, str):
                name = type(ctrl).__name__.removesuffix("Controller").lower()
            out[side] = name
        return out

    def checksums(self) -> list[str]:
        """The state checksum after each decision so far (computed once each, from the checkpoints)."""
        if not self.keep_checkpoints:
            raise RuntimeError("this match keeps no checkpoints (checkpoints=False): it cannot write a record")
        for snap in self.checkpoints[len(self._checksums):]:
            self._checksums.append(snapshot_checksum(snap))
        return self._checksums

    def record_entries(self) -> list[tuple[str, Any]]:
        """Decisions, events and, after each decision's events, the state checksum after that decision."""
        sums = self.checksums()
        out: list[tuple[str, Any]] = []
        n = 0
        for kind, payload in self.entries:
            if kind == "d" and n:
                out.append(("c", sums[n - 1]))
            if kind == "d":
                n += 1
            out.append((kind, payload))
        if n:
            out.append(("c", sums[n - 1]))
        return out

    def write_record(self, path: str | Path) -> None:
        """Write the record so far, atomically (a game still in progress is written as a save)."""
        write_record(path, self.header(), self.record_entries())
