"""Issue 20 (session 17, the hot primitives): the answers kept across world versions by `World.changed_at`
(`traits.stable_table`) and by component stamps (`possession.able_sides`), and the call-free canonical form of
events, are those of the plain computations, decision after decision."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from wartime.ai import make_controller
from wartime.core.components import Attributes, Life, Stress
from wartime.core.events import canonical, make_event
from wartime.core.rng import Dice
from wartime.core.world import World
from wartime.data.loader import load_army_list, load_scenario
from wartime.match.match import Match
from wartime.rules import possession
from wartime.rules.traits import registry

ROOT = Path(__file__).resolve().parents[2]


def _match(name: str, seed: int, kind: str = "scripted") -> Match:
    sc = load_scenario(ROOT / "scenarios" / name)
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    return Match(sc, lists, seed, {"red": make_controller(kind, seed), "blue": make_controller(kind, seed + 1000)})


def _fresh_able_sides(gs) -> frozenset:
    return frozenset(possession.owner_side(gs, e) for e in gs.minis() if gs.able(e))


@pytest.mark.parametrize("name, seed, kind", [("skirmish.toml", 1, "random"), ("crossroads.toml", 2, "scripted"),
                                              ("tavern-brawl.toml", 3, "random")])
def test_WND_2_WND_3_PSI_16_MET_10_able_sides_kept_match_the_plain_answer_at_every_decision(name, seed, kind):
    """The sides with an able miniature (turns' elimination victory), kept while the tables they read are
    unchanged, equal the plain set at every decision of whole games (wounds, deaths and stress change them)."""
    m = _match(name, seed, kind)
    for _ in range(1500):
        got = possession.able_sides(m.gs)
        assert got == _fresh_able_sides(m.gs)
        if not m.step():
            break
    assert possession.able_sides(m.gs) == _fresh_able_sides(m.gs)


def test_PSI_16_WND_3_able_sides_follow_a_component_change_and_a_restore():
    """A side whose miniatures all fall (stress above VOL: PSI-16; dead: WND-3) leaves the kept answer at once, and
    a restore of the snapshot before brings it back."""
    m = _match("skirmish.toml", 1)
    for _ in range(10):
        m.step()
    gs, w = m.gs, m.gs.world
    assert possession.able_sides(gs) == frozenset(gs.sides)
    snap = w.snapshot()
    red = [e for e in gs.minis() if possession.owner_side(gs, e) == "red"]
    for i, e in enumerate(red):
        if i % 2:
            w.set(e, Stress(w.get(e, Attributes).VOL + 1))
        else:
            w.set(e, Life("dead"))
    assert possession.able_sides(gs) == frozenset({"blue"}) == _fresh_able_sides(gs)
    w.restore(snap)
    assert possession.able_sides(gs) == frozenset(gs.sides) == _fresh_able_sides(gs)


class _State:
    """A bare state for `stable_table`: a world and a store."""

    def __init__(self, world):
        self.world = world
        self._stable = {}


def test_stable_table_is_kept_across_event_versions_and_dropped_by_a_table_change_or_restore():
    """`World.changed_at` moves with set, remove and restore, never with an event: a table kept under it survives
    events and is re-checked (by stamp) after any component change."""
    w = World(Dice(1))
    e = w.create(1, "a")
    gs = _State(w)
    kept = registry.stable_table(gs, "t", (int,))
    kept["x"] = 1
    w.emit("note", None, n=1)                       # a new version, no table changed
    assert registry.stable_table(gs, "t", (int,)) is kept
    w.set(e, "b")                                    # another table changed: re-checked, still kept
    assert registry.stable_table(gs, "t", (int,)) is kept
    snap = w.snapshot()
    w.set(e, 2)                                      # its own table changed: a fresh table
    fresh = registry.stable_table(gs, "t", (int,))
    assert fresh is not kept and fresh == {}
    fresh["y"] = 2
    w.restore(snap)                                  # back to the snapshot's int table: not the changed one's
    assert "y" not in registry.stable_table(gs, "t", (int,))


def _random_value(rng, depth=0):
    kinds = ["s", "i", "b", "n", "f"] + (["l", "t", "d"] if depth < 3 else [])
    k = rng.choice(kinds)
    if k == "s":
        return rng.choice(["a", "move", ""])
    if k == "i":
        return rng.randint(-5, 5)
    if k == "b":
        return rng.random() < 0.5
    if k == "n":
        return None
    if k == "f":
        return rng.choice([0.1 + 0.2, -0.0, 1e-9, -1e-9, 2.5, rng.uniform(-10, 10)])
    items = [_random_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if k == "l":
        return items
    if k == "t":
        return tuple(items)
    return {rng.choice(["a", "b", 3, 4]): v for v in items}


def test_make_event_payload_is_the_canonical_form_of_its_data():
    """Events keep the canonical form (records and checksums): plain values are kept without a call, the others
    normalised, the payload equal (and in the same key order) to `canonical(data)`."""
    rng = random.Random(5)
    for _ in range(2000):
        data = {f"k{i}": _random_value(rng) for i in range(rng.randint(0, 5))}
        ev = make_event("t", "R-1", **data)
        want = {"type": "t", "rule": "R-1"}
        want.update(canonical(data))
        assert dict(ev) == want and list(ev) == list(want)
        assert [type(v) for v in ev.values()] == [type(v) for v in want.values()]


@pytest.mark.parametrize("name, seed, kind", [("skirmish.toml", 2, "random"), ("ruins.toml", 1, "scripted"),
                                              ("scrapyard.toml", 1, "scripted")])
def test_BAS_3_MOV_10_distances_kept_across_versions_match_a_fresh_measure_at_every_decision(name, seed, kind):
    """BAS-3 (MOV-10, MOV-12 elevations; scrapyard: pieces moved and smashed): the distances kept while positions,
    bases, climbs and the board's pieces are unchanged (`GameState._where_kept`) equal a fresh measure of every
    pair at every decision of whole games."""
    m = _match(name, seed, kind)
    for _ in range(700):
        gs = m.gs
        on = [e for e in gs.minis() if gs.on_table(e)]
        for a in on:
            for b in on:
                if a != b:
                    assert gs.distance(a, b) == gs._distance(a, b)
        if not m.step():
            break


def test_BAS_3_a_kept_distance_follows_a_move_and_a_restore():
    """A set Position drops the kept distances (the same pair measured anew); a restore brings back the snapshot's
    positions and their distances."""
    from wartime.core.components import Position
    m = _match("skirmish.toml", 1)
    for _ in range(10):
        m.step()
    gs, w = m.gs, m.gs.world
    a, b = [e for e in gs.minis() if gs.on_table(e)][:2]
    before = gs.distance(a, b)
    snap = w.snapshot()
    p = gs.pos(a)
    w.set(a, Position(p.x + 3.0, p.y, p.facing, p.level))
    moved = gs.distance(a, b)
    assert moved == gs._distance(a, b) and moved != before
    w.restore(snap)
    assert gs.distance(a, b) == before == gs._distance(a, b)
