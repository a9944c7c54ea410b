"""Issue 20: the caches that make whole games fast never change an answer. Each memo is checked against the
uncached computation, the version counter against a stale-cache scenario, and a batch-mode match (no
checkpoints) against a recorded one."""
from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from wartime.ai import make_controller
from wartime.core.rng import Dice
from wartime.core.world import World
from wartime.data.loader import load_army_list, load_scenario
from wartime.geometry import movement, sight
from wartime.geometry.movement import Other
from wartime.match.match import Match

ROOT = Path(__file__).resolve().parents[2]


def _match(name: str, seed: int, **kw) -> Match:
    sc = load_scenario(ROOT / "scenarios" / name)
    lists = {s: load_army_list(p) for s, p in sc.default_lists.items()}
    return Match(sc, lists, seed, {"red": make_controller("scripted", seed), "blue": make_controller("scripted", 9)},
                 **kw)


def test_world_versions_are_never_reused_after_a_reverted_dry_run():
    """A dry run that undoes its change keeps the old version; the next real change gets a version never seen."""
    w = World(Dice(1))
    seen = {w.version}
    e = w.create(("a",))
    seen.add(w.version)
    v = w.version
    w.set(e, ("b",))                  # a temporary change...
    tmp = w.version
    w.set(e, ("a",))
    w.revert_version(v)               # ...undone exactly
    assert w.version == v
    w.set(e, ("c",))                  # a real change: fresh, not the temporary one
    assert w.version not in seen and w.version != tmp


def test_cover_memo_gives_the_uncached_cover():
    """ENV-2 / CMB-17 / CMB-18: the memoised cover query answers exactly as a fresh trace."""
    board = _match("crossroads.toml", 1).gs.board
    rng = random.Random(7)
    for _ in range(100):
        eye = (rng.uniform(0, 30), rng.uniform(0, 30), 1.0)
        rows = np.array([(rng.uniform(0, 30), rng.uniform(0, 30), 0.5, 0.0, rng.choice([1.0, 0.5]))
                         for _ in range(3)])
        want = sight._cover_query(board, sight._eye3(eye), rows)
        assert sight.cover_query(board, eye, rows) == want
        assert sight.cover_query(board, eye, rows[::-1]) == want[::-1]


def test_a_match_without_checkpoints_plays_the_same_game_and_refuses_to_write_a_record(tmp_path):
    """The balance worker skips per-decision snapshots; the game is the same decision for decision."""
    a = _match("skirmish.toml", 3)
    b = _match("skirmish.toml", 3, checkpoints=False)
    assert a.play() == b.play()
    assert a.decisions == b.decisions and a.entries == b.entries
    with pytest.raises(RuntimeError, match="checkpoints"):
        b.write_record(tmp_path / "x.jsonl")
    assert not (tmp_path / "x.jsonl").exists()


def test_memoised_answers_survive_a_dry_run_free_turn_and_match_a_fresh_state():
    """MOV-5 free turns in dry runs (every shot candidate carries a facing) share the memo of the state they
    come back to; the answers stay those of an un-memoised GameState over the same world."""
    from wartime.rules.state import GameState
    m = _match("crossroads.toml", 2)
    for _ in range(60):                       # into the game: minis have moved and engaged
        m.step()
    gs = m.gs
    version = gs.world.version
    p = m.pending
    if p is not None and p.kind == "action":
        list(m.engine.legal_options())        # dry runs with free turns
    assert gs.world.version == version
    fresh = GameState(gs.world, gs.board)
    for e in gs.minis():
        assert gs.enemies(e) == fresh.enemies(e) and gs.allies(e) == fresh.allies(e)
        assert gs.engaged_enemies(e) == fresh.engaged_enemies(e)
        assert gs.others_for_move(e) == fresh.others_for_move(e)
        for o in gs.minis():
            assert gs.distance(e, o) == fresh.distance(e, o)


def test_world_stamp_names_a_component_table_until_it_changes():
    """Issue 20: `World.stamp` moves with every set/remove of a type (and of no other), and a restore puts back the
    snapshot's stamps, so an answer kept under a stamp is never read for other table contents."""
    w = World(Dice(1))
    e = w.create(1, "a")
    before = w.stamp((int, str))
    w.set(e, 2)
    assert w.stamp((str,)) == before[1:] and w.stamp((int,)) != before[:1]
    snap = w.snapshot()
    at_snap = w.stamp((int, str))
    w.remove(e, str)
    changed = w.stamp((int, str))
    assert changed[0] == at_snap[0] and changed[1] not in (at_snap[1], before[1])
    w.restore(snap)
    assert w.stamp((int, str)) == at_snap
    w.set(e, "b")                              # new contents after the restore: a stamp never seen before
    assert w.stamp((str,))[0] not in (before[1], at_snap[1], changed[1])


def _kept_answers(gs):
    from wartime.rules import aim_correction, bodyguard, fortune
    from wartime.rules.traits import registry
    return ([(registry.character_traits(gs, e), registry.negated(gs, e)) for e in gs.minis()],
            registry._aura_map(gs), fortune.in_play(gs), aim_correction.in_play(gs), bodyguard.in_play(gs),
            registry.hook_carriers(gs, "fortune_uses"))


@pytest.mark.parametrize("name, seed", [("skirmish.toml", 1), ("tavern-brawl.toml", 2), ("ruins.toml", 3)])
def test_answers_kept_across_versions_match_a_fresh_state_at_every_decision(name, seed):
    """Issue 20: the trait sets, the aura map and the question kinds' 'may it come up' kept across world versions
    (`traits.stable_table`) equal those of a GameState that keeps nothing, decision after decision."""
    from wartime.rules.state import GameState
    m = _match(name, seed)
    for _ in range(200):
        fresh = GameState(m.gs.world, m.gs.board)
        want = _kept_answers(fresh)
        want = (want[0], want[1], want[2], want[3], want[4])
        got = _kept_answers(m.gs)
        assert got[:5] == want
        assert _who(m.gs) == _who(fresh)              # `enemies`, kept while nobody's side or state changes
        assert set(got[5]) >= {e for e in m.gs.minis() if registry_fortune(fresh, e)}
        if not m.step():
            break


def _gate_answers(gs):
    """The answers kept across versions on the trait sets and the gates' tables (ACT-5, REA-1; issue 20)."""
    from wartime.rules import options, reactors
    from wartime.rules.traits import registry
    minis = gs.minis()
    return ([options.menu_keys(gs, e) for e in minis], [reactors.possible_gated_keys(gs, e) for e in minis],
            options.world_shut(gs), [registry.hook_carriers(gs, h) for h in ("fortune_uses", "leap", "scenery_throw")])


def _who(gs):
    """`enemies` (kept across versions while the tables it reads are, issue 20) and `engaged_enemies` (CMB-11,
    memoised per version, built on it)."""
    return [(gs.enemies(e), gs.enemies(e, able_only=False), gs.engaged_enemies(e)) for e in gs.minis()]


def registry_fortune(gs, e):
    from wartime.rules.traits import registry
    return bool(registry.fortune_uses(gs, e))


@pytest.mark.parametrize("red, blue, seed", [("hexers.toml", "horde.toml", 1),
                                              ("field-hospital.toml", "medevac.toml", 2)])
def test_GNA_16_trait_sets_kept_with_objects_in_play_match_a_fresh_state(red, blue, seed):
    """GNA-16 / TRT-REQUIRES (issue 20): with objects in play (Gear) the trait sets and the aura map are kept across
    world versions too (`stable_table(..., gear=True)`, stamped by the tables held traits read as well) and equal
    those of a GameState that keeps nothing, decision after decision, while objects change hands and are used; so
    are the answers built on them (ACT-5: the menu gates and the shut world gates; REA-1: the gated reaction keys
    that may open; the carriers of a hook's traits)."""
    from wartime.core.components import Gear
    from wartime.rules.state import GameState
    from wartime.rules.traits import registry
    sc = load_scenario(ROOT / "scenarios" / "skirmish.toml")
    lists = {"red": load_army_list(ROOT / "scenarios" / "lists" / red),
             "blue": load_army_list(ROOT / "scenarios" / "lists" / blue)}
    m = Match(sc, lists, seed, {"red": make_controller("scripted", seed), "blue": make_controller("scripted", 9)})
    kept_with_gear = 0
    for _ in range(250):
        gs = m.gs
        fresh = GameState(gs.world, gs.board)
        got, want = _kept_answers(gs), _kept_answers(fresh)
        assert got[:5] == want[:5]
        assert _gate_answers(gs) == _gate_answers(fresh) and _who(gs) == _who(fresh)
        if gs.world.tables.get(Gear) and registry.stable_table(gs, "traits", registry._TRAIT_TYPES, gear=True) \
                and registry.menu_table(gs) is not None:
            kept_with_gear += 1
        if not m.step():
            break
    assert kept_with_gear > 50                  # the objects were in play and the sets were kept


def test_GNA_16_a_kept_trait_set_sees_an_object_change_hands_and_an_unknown_denial():
    """GNA-16 / issue 20: a held object's bearer traits reach whoever holds it at once (the Item table is in the
    stamp), and while a ``held_denied`` handler not known to be pure is registered nothing is kept with objects in
    play."""
    from dataclasses import replace
    from wartime.core.components import Gear, Item
    from wartime.rules.state import GameState
    from wartime.rules.traits import registry
    sc = load_scenario(ROOT / "scenarios" / "skirmish.toml")
    lists = {"red": load_army_list(ROOT / "scenarios" / "lists" / "field-hospital.toml"),
             "blue": load_army_list(ROOT / "scenarios" / "lists" / "elite.toml")}
    m = Match(sc, lists, 3, {"red": make_controller("scripted", 3), "blue": make_controller("scripted", 9)})
    while not m.gs.world.tables.get(Gear):
        assert m.step()
    gs = m.gs
    items = gs.world.tables[Item]
    giving = next(i for i, g in sorted(gs.world.tables[Gear].items())          # the Regimental banner
                  if i in items and any(t in registry.ON_OBJECTS for t in g.traits))
    other = next(e for e in gs.minis() if e != items[giving].holder)
    before = registry.character_traits(gs, other)
    gs.world.set(giving, replace(items[giving], holder=other))
    assert registry.character_traits(gs, other) == registry.character_traits(GameState(gs.world, gs.board), other)
    assert registry.character_traits(gs, other) != before
    assert registry.stable_table(gs, "traits", registry._TRAIT_TYPES, gear=True) is not None
    assert registry.stable_table(gs, "traits", registry._TRAIT_TYPES) is None      # no `gear`: nothing kept
    with registry.registered("TRT-TEST-DENIAL", {"held_denied": lambda gs, e, gear, carried: False}):
        assert registry.stable_table(gs, "traits", registry._TRAIT_TYPES, gear=True) is None


def test_a_changed_trait_table_is_seen_by_the_kept_answers():
    """Issue 20: a component set drops what was kept: a character given TRT-FORTUNE (TRT-BODYGUARD) is at once a
    carrier (a bearer), and no longer once its traits are put back."""
    from wartime.core.components import Traits
    from wartime.rules import bodyguard, fortune
    from wartime.rules.traits import registry
    m = _match("skirmish.toml", 1)
    for _ in range(20):
        m.step()
    gs = m.gs
    e = gs.minis()[0]
    own = gs.world.try_get(e, Traits) or Traits()
    assert not fortune.in_play(gs) and not bodyguard.in_play(gs)
    gs.world.set(e, Traits(own.ids + ("TRT-FORTUNE", "TRT-BODYGUARD")))
    assert "TRT-FORTUNE" in registry.character_traits(gs, e) and e in registry.hook_carriers(gs, "fortune_uses")
    assert fortune.in_play(gs) == gs.on_table(e) and bodyguard.in_play(gs) == registry.aura_active(gs, e)
    gs.world.set(e, own)
    assert "TRT-FORTUNE" not in registry.character_traits(gs, e) and not fortune.in_play(gs)
    assert not bodyguard.in_play(gs)


def test_step_towards_memo_gives_the_uncached_path():
    """Issue 20: step_towards is memoised per board on its arguments; its answers are those of the plain search,
    and a caller changing the list it got changes nothing kept."""
    m = _match("skirmish.toml", 1)
    board = m.gs.board
    rng = random.Random(7)
    others = [Other(rng.uniform(2, 40), rng.uniform(2, 40), 0.5, rng.random() < 0.5) for _ in range(8)]
    for _ in range(150):
        start = (rng.uniform(1, 45), rng.uniform(1, 45))
        goal = (rng.uniform(1, 45), rng.uniform(1, 45))
        allowance = rng.choice([3.0, 6.0, 12.0])
        want = movement._step_towards(board, start, goal, 0.5, allowance, others, 1.0)
        got = movement.step_towards(board, start, goal, 0.5, allowance, others, 1.0)
        assert got == want
        if got:
            got.append((0.0, 0.0))
        assert movement.step_towards(board, start, goal, 0.5, allowance, others, 1.0) == want
