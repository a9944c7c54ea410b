"""The ECS world: integer entities, one table per component type, queries in id order,
cheap snapshot()/restore(). The world owns its Dice and its event log (STYLE: two worlds never share state)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator, Mapping, TypeVar

from wartime.core.events import make_event
from wartime.core.rng import Dice

C = TypeVar("C")

#: Points of the sequence where systems run (SEQ-1, ENE-3): the rules name these four.
SYSTEM_POINTS = ("start_of_turn", "start_of_activation", "end_of_activation", "end_of_turn")


@dataclass(frozen=True, slots=True)
class Snapshot:
    tables: dict
    resources: dict
    next_id: int
    dice_state: Any
    n_events: int
    #: the world's `changes` at the snapshot (never game state: not hashed, not compared)
    changes: dict | None = None


class World:
    """Entities are ints from 1; `tables[Type][entity] = component` (frozen dataclasses)."""

    def __init__(self, dice: Dice):
        self.dice = dice
        self.tables: dict[type, dict[int, Any]] = {}
        #: the component types whose table this world owns outright; any other table may be shared with a
        #: snapshot and is copied before its first change (copy-on-write: snapshot/restore copy no table)
        self._owned: set[type] = set()
        self.resources: dict[str, Any] = {}
        self.events: list[Mapping[str, Any]] = []
        self._next_id = 1
        self._systems: dict[str, list[Callable[..., None]]] = {p: [] for p in SYSTEM_POINTS}
        self.listeners: list[Callable[[Mapping[str, Any]], None]] = []
        #: bumped by every change made through the world (set, remove, emit, restore): a cache key for answers
        #: that are pure functions of the state (never part of the state itself)
        self.version = 0
        self._clock = 0             # the last version handed out: versions are never reused
        #: {component type: the version of the last change to its table} (set, remove; a restore puts back the
        #: snapshot's): versions are never reused, so an unchanged value means the same table contents, and an
        #: answer that reads only a few component types can be kept across the versions that change others
        #: (`stamp`; issue 20). Never game state.
        self.changes: dict[type, int] = {}
        #: the version of the last change to `changes` itself (set, remove, restore; never reused): while it is
        #: unchanged no table changed, so every `stamp` is unchanged (events make versions that change no table;
        #: issue 20). Never game state.
        self.changed_at = 0

    # --- versions --------------------------------------------------------------------------------
    def bump_version(self) -> None:
        """Mark the state changed: a fresh `version`, never handed out before (also for changes made outside the
        component tables, e.g. a resource replaced)."""
        self._clock += 1
        self.version = self._clock

    def revert_version(self, version: int) -> None:
        """A temporary change has been undone exactly (a dry run put every component back): the state is again
        the one `version` named, so answers cached under it stay valid. Later changes still get fresh versions."""
        self.version = version

    # --- entities and components -------------------------------------------------------------
    def create(self, *components: Any) -> int:
        eid = self._next_id
        self._next_id += 1
        for comp in components:
            self.set(eid, comp)
        return eid

    def stamp(self, ctypes: tuple) -> tuple:
        """The versions of the last changes to the tables of `ctypes` (0: never changed): equal stamps, equal
        tables (see `changes`)."""
        ch = self.changes
        return tuple([ch.get(t, 0) for t in ctypes])

    def set(self, eid: int, comp: Any) -> None:
        self.bump_version()
        ctype = type(comp)
        self.changes[ctype] = self.changed_at = self._clock
        if ctype in self._owned:
            self.tables[ctype][eid] = comp
            return
        table = self.tables.get(ctype)
        table = self.tables[ctype] = {} if table is None else dict(table)     # copy-on-write
        self._owned.add(ctype)
        table[eid] = comp

    def get(self, eid: int, ctype: type[C]) -> C:
        return self.tables[ctype][eid]

    def try_get(self, eid: int, ctype: type[C]) -> C | None:
        table = self.tables.get(ctype)
        return None if table is None else table.get(eid)

    def has(self, eid: int, ctype: type) -> bool:
        table = self.tables.get(ctype)
        return table is not None and eid in table

    def remove(self, eid: int, ctype: type) -> None:
        self.bump_version()
        self.changes[ctype] = self.changed_at = self._clock
        table = self.tables.get(ctype)
        if table is None or eid not in table:
            return
        if ctype not in self._owned:                    # copy-on-write
            table = self.tables[ctype] = dict(table)
            self._owned.add(ctype)
        del table[eid]

    def query(self, *ctypes: type) -> Iterator[int]:
        """Entities having every given component, in id order (determinism: never set or hash order)."""
        if not ctypes:
            return iter(())
        if len(ctypes) == 1:                    # the common case, kept cheap (rules ask it very often)
            return iter(sorted(self.tables.get(ctypes[0], ())))
        tables = [self.tables.get(t, {}) for t in ctypes]
        first = min(tables, key=len)
        return iter(sorted(e for e in first if all(e in t for t in tables)))

    def entities(self) -> list[int]:
        return list(range(1, self._next_id))

    # --- events --------------------------------------------------------------------------------
    def emit(self, type_: str, rule: str | None, **data: Any) -> Mapping[str, Any]:
        self.bump_version()
        ev = make_event(type_, rule, **data)
        self.events.append(ev)
        for listener in self.listeners:
            listener(ev)
        return ev

    # --- systems -------------------------------------------------------------------------------
    def add_system(self, point: str, system: Callable[..., None]) -> None:
        if point not in self._systems:
            raise ValueError(f"unknown system point {point!r}; one of {SYSTEM_POINTS}")
        self._systems[point].append(system)

    def run_systems(self, point: str, **kwargs: Any) -> None:
        for system in self._systems[point]:
            system(self, **kwargs)

    # --- snapshots -----------------------------------------------------------------------------
    def snapshot(self) -> Snapshot:
        """A copy of the world's state: component tables (shallow: components are frozen), resources,
        the dice state and the length of the event log.

        Copy-on-write: the snapshot shares the component tables with the world, which copies a table before
        its next change (`set`, `remove`); a snapshot's tables are never changed, so it can be restored any
        number of times. Never write into `world.tables[T]` directly: go through `set`/`remove`."""
        self._owned.clear()
        return Snapshot(
            tables=dict(self.tables),
            resources=dict(self.resources),
            next_id=self._next_id,
            dice_state=self.dice.state(),
            n_events=len(self.events),
            changes=dict(self.changes),
        )

    def restore(self, snap: Snapshot) -> None:
        self.bump_version()
        self.changed_at = self._clock
        self.tables = dict(snap.tables)              # the tables themselves shared, copied on write
        if snap.changes is not None:
            self.changes = dict(snap.changes)
        else:                                        # a snapshot made elsewhere: every table counts as changed
            self.changes = {t: self._clock for t in set(self.changes) | set(snap.tables)}
        self._owned = set()
        self.resources = dict(snap.resources)
        self._next_id = snap.next_id
        self.dice.set_state(snap.dice_state)
        del self.events[snap.n_events:]
