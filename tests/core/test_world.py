"""The ECS world (wartime/core/world.py) on its own: entities and component tables, queries in id order,
events and listeners, systems, and snapshot()/restore() restoring components, resources, the next entity id,
the event log and the dice state exactly, isolated from mutations made afterwards.

The components here are the test's own frozen dataclasses, so these tests depend on the world only."""
from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType

import pytest

from wartime.core.events import canonical, canonical_json, make_event
from wartime.core.rng import Dice, ScriptedDice
from wartime.core.world import SYSTEM_POINTS, Snapshot, World


@dataclass(frozen=True, slots=True)
class Pos:
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Hp:
    value: int


@dataclass(frozen=True, slots=True)
class Tag:
    name: str


def state(world: World):
    """Everything a snapshot covers, as plain comparable values."""
    return ({t: dict(tab) for t, tab in world.tables.items()}, dict(world.resources), world.entities(),
            [dict(e) for e in world.events], world.dice.state())


def populated(seed: int = 7) -> World:
    w = World(Dice(seed))
    a = w.create(Pos(1.0, 2.0), Hp(3))
    b = w.create(Pos(4.0, 5.0))
    w.create(Hp(1), Tag("c"))
    w.resources.update(turn=2, phase="activation", order=(a, b))
    w.emit("setup", None, who=a)
    w.emit("moved", "MOV-1", who=b, x=4.0, y=5.0)
    w.dice.d10()
    return w


# --- entities, components, queries --------------------------------------------------------------------
def test_entities_are_ints_from_1_and_components_live_in_one_table_per_type():
    w = World(Dice(1))
    assert w.entities() == []
    a = w.create(Pos(0.0, 0.0), Hp(2))
    b = w.create()
    assert (a, b) == (1, 2) and w.entities() == [1, 2]
    assert w.get(a, Pos) == Pos(0.0, 0.0) and w.get(a, Hp) == Hp(2)
    assert w.has(a, Hp) and not w.has(b, Hp) and not w.has(a, Tag)
    assert w.try_get(b, Hp) is None and w.try_get(a, Tag) is None
    with pytest.raises(KeyError):
        w.get(b, Hp)
    w.set(a, replace(w.get(a, Hp), value=1))                  # replace, never mutate
    assert w.get(a, Hp) == Hp(1) and set(w.tables) == {Pos, Hp}
    w.remove(a, Hp)
    assert not w.has(a, Hp) and w.try_get(a, Hp) is None
    w.remove(a, Hp)                                           # removing what is absent is harmless
    w.remove(b, Tag)


def test_queries_return_entities_in_id_order_whatever_the_insertion_order():
    w = World(Dice(1))
    ids = [w.create() for _ in range(12)]
    for e in reversed(ids):                                   # tables filled in reverse id order
        w.set(e, Hp(e))
    for e in (9, 2, 11, 5, 7):
        w.set(e, Tag(str(e)))
    assert list(w.query(Hp)) == ids
    assert list(w.query(Tag)) == [2, 5, 7, 9, 11]
    assert list(w.query(Tag, Hp)) == [2, 5, 7, 9, 11]
    assert list(w.query(Hp, Tag)) == [2, 5, 7, 9, 11]
    w.set(4, Pos(0.0, 0.0))
    assert list(w.query(Hp, Tag, Pos)) == []
    w.set(7, Pos(1.0, 1.0))
    w.set(2, Pos(1.0, 1.0))
    assert list(w.query(Pos, Tag)) == [2, 7]
    assert list(w.query(Pos)) == [2, 4, 7]
    assert list(w.query()) == [] and list(w.query(object)) == []


def test_version_changes_with_every_change_made_through_the_world():
    w = World(Dice(1))
    seen = [w.version]
    e = w.create(Hp(1))
    seen.append(w.version)
    w.set(e, Hp(2))
    seen.append(w.version)
    w.remove(e, Hp)
    seen.append(w.version)
    w.emit("x", None)
    seen.append(w.version)
    snap = w.snapshot()
    assert w.version == seen[-1]                              # a snapshot changes nothing
    w.restore(snap)
    seen.append(w.version)
    assert seen == sorted(set(seen)), seen                    # strictly increasing


# --- events, listeners, systems ----------------------------------------------------------------------------
def test_emit_appends_an_immutable_canonical_event_and_tells_the_listeners_in_order():
    w = World(Dice(1))
    heard = []
    w.listeners.append(lambda ev: heard.append(("first", ev["type"])))
    w.listeners.append(lambda ev: heard.append(("second", ev["type"])))
    ev = w.emit("damage", "WND-1", target=3, wounds=2, at=(1.23456789, -0.0))
    assert w.events == [ev] and heard == [("first", "damage"), ("second", "damage")]
    assert isinstance(ev, MappingProxyType)
    assert dict(ev) == {"type": "damage", "rule": "WND-1", "target": 3, "wounds": 2, "at": [1.234568, 0.0]}
    with pytest.raises(TypeError):
        ev["wounds"] = 5                                      # type: ignore[index]


def test_canonical_form_rounds_floats_and_sorts_keys():
    assert canonical({"b": (1, 2.0000004), "a": {"z": -0.0000001}}) == {"b": [1, 2.0], "a": {"z": 0.0}}
    assert canonical_json({"b": 1, "a": [0.1 + 0.2, True, None, "é"]}) == '{"a":[0.3,true,null,"é"],"b":1}'
    assert canonical_json(make_event("x", None, v=1.0000000001)) == '{"rule":null,"type":"x","v":1.0}'
    with pytest.raises(TypeError, match="set"):
        canonical({1, 2})


def test_systems_run_at_their_point_in_registration_order_with_the_world_and_kwargs():
    w = World(Dice(1))
    ran = []
    w.add_system("start_of_turn", lambda world, **kw: ran.append(("a", world is w, kw)))
    w.add_system("start_of_turn", lambda world, **kw: ran.append(("b", world is w, kw)))
    w.add_system("end_of_turn", lambda world, **kw: ran.append(("end", world is w, kw)))
    w.run_systems("start_of_turn", turn=3)
    assert ran == [("a", True, {"turn": 3}), ("b", True, {"turn": 3})]
    for point in SYSTEM_POINTS:
        w.run_systems(point)
    assert [r[0] for r in ran[2:]] == ["a", "b", "end"]
    with pytest.raises(ValueError, match="unknown system point"):
        w.add_system("whenever", lambda world: None)


# --- snapshot / restore -------------------------------------------------------------------------------------
def test_restore_brings_back_components_resources_ids_events_and_dice_exactly():
    w = populated()
    before = state(w)
    snap = w.snapshot()
    assert isinstance(snap, Snapshot) and snap.n_events == 2 and snap.next_id == 4
    rolls = [w.dice.d10() for _ in range(20)]

    # change everything a snapshot covers
    w.set(1, Pos(9.0, 9.0))
    w.remove(2, Pos)
    w.set(3, Pos(0.5, 0.5))
    w.create(Tag("new"), Hp(9))
    w.resources["turn"] = 3
    w.resources["extra"] = "x"
    del w.resources["phase"]
    w.emit("moved", "MOV-1", who=1, x=9.0, y=9.0)
    w.dice.d100()
    assert state(w) != before

    w.restore(snap)
    assert state(w) == before
    assert w.create() == 4                                    # the next id is restored too
    w.restore(snap)
    assert [w.dice.d10() for _ in range(20)] == rolls         # the same rolls again


def test_restore_keeps_the_event_objects_before_the_snapshot():
    w = populated()
    kept = list(w.events)
    snap = w.snapshot()
    for i in range(5):
        w.emit("tick", None, i=i)
    w.restore(snap)
    assert len(w.events) == 2 and all(a is b for a, b in zip(w.events, kept))


def test_a_snapshot_is_isolated_from_later_mutations_of_the_world():
    w = populated()
    before = state(w)
    snap = w.snapshot()
    w.set(1, Hp(0))
    w.set(2, Tag("late"))                                     # a new entry in an existing table
    w.create(Pos(7.0, 7.0))
    w.resources["turn"] = 99
    w.tables[Pos][1] = Pos(-1.0, -1.0)                        # even direct table writes
    assert snap.tables[Hp][1] == Hp(3) and 2 not in snap.tables[Tag] and snap.resources["turn"] == 2
    w.restore(snap)
    assert state(w) == before


def test_mutations_after_a_restore_do_not_leak_into_the_snapshot():
    """restore copies the snapshot's tables: the restored world can be changed and restored again."""
    w = populated()
    before = state(w)
    snap = w.snapshot()
    for k in range(3):
        w.restore(snap)
        assert state(w) == before, f"restore {k}"
        w.set(1, Hp(100 + k))
        w.remove(2, Pos)
        w.set(3, Tag(f"k{k}"))
        w.tables[Pos][3] = Pos(0.0, 0.0)
        w.resources["turn"] = 50 + k
        w.emit("tick", None, k=k)
        w.dice.d10()
    w.restore(snap)
    assert state(w) == before


def test_two_snapshots_restore_each_their_own_moment():
    w = populated()
    first = w.snapshot()
    s1 = state(w)
    w.set(1, Hp(2))
    w.resources["turn"] = 3
    w.dice.d10()
    w.create(Tag("d"))
    second = w.snapshot()
    s2 = state(w)
    w.emit("after", None)
    w.restore(second)
    assert state(w) == s2
    w.restore(first)
    assert state(w) == s1


def test_restore_leaves_listeners_systems_and_the_dice_object_alone():
    w = populated()
    dice = w.dice
    heard = []
    w.listeners.append(heard.append)
    w.add_system("end_of_turn", lambda world, **kw: heard.append("system"))
    snap = w.snapshot()
    w.restore(snap)
    assert w.dice is dice
    w.emit("x", None)
    w.run_systems("end_of_turn")
    assert [h if isinstance(h, str) else h["type"] for h in heard] == ["x", "system"]


def test_scripted_dice_positions_are_part_of_the_snapshot():
    w = World(ScriptedDice([3, 7, 1, 10], angles=[90.0, 180.0]))
    assert w.dice.d10() == 3 and w.dice.angle() == 90.0
    snap = w.snapshot()
    assert (w.dice.d10(), w.dice.d100(), w.dice.angle()) == (7, 1, 180.0)
    w.restore(snap)
    assert (w.dice.d10(), w.dice.d10(), w.dice.angle()) == (7, 1, 180.0)
    assert w.dice.remaining == 1


def test_two_worlds_share_no_state():
    a, b = populated(), populated()
    assert state(a) == state(b)
    a.set(1, Hp(0))
    a.resources["turn"] = 9
    a.emit("only_a", None)
    a.dice.d10()
    assert state(b) == state(populated())
