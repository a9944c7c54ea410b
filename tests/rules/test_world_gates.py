"""Issue 20 (ACT-5): the offered keys skip the actions whose world gate (`Action.world_gate`) is shut: a necessary
condition of `available` for every character, read from a few component tables and the board (no searchable
element, nobody on fire, no water, no corpse, nobody hidden...), kept while those tables and the board are unchanged
(`options.world_shut`). Compared here with `available` itself for every miniature over random games of every shipped
scenario and list, and the kept answer and the offered keys with fresh ones at every decision of games on the
shipped scenarios."""
from __future__ import annotations

import pytest

from wartime.core.components import Hidden
from wartime.core.errors import RuleViolation
from wartime.data.loader import load_army_list
from wartime.rules import options as legal
from wartime.rules import items, metahabilities
from wartime.rules.actions import REGISTRY
from wartime.rules.state import GameState
from wartime.rules.traits.weapons_more import Burning

from tests.match.game_helpers import LISTS, ROOT, SCENARIOS, make_match
from tests.rules.test_menu_gates import _every_key_listing   # the listing before any gate


def _refused(action, gs, e: int) -> bool:
    try:
        action.available(gs, e)
    except RuleViolation:
        return True
    return False


def _fresh_shut(gs) -> frozenset[str]:
    """Every world gate asked anew."""
    keys, _ = legal._world_gated()
    return frozenset(k for k in keys if not REGISTRY[k].world_gate(gs))


def test_ACT_5_world_gates_declared_for_the_usual_refusals():
    keys, reads = legal._world_gated()
    assert len(keys) >= 15
    assert {"search", "loot", "swim", "discover", "put_out_fire", "surprise_attack"} <= set(keys)
    for k in keys:           # every gate but those of the board and the setup names the tables it reads
        assert REGISTRY[k].world_reads or k in ("swim", "strident_alarm") or "scenery" in k, k
        assert set(REGISTRY[k].world_reads) <= set(reads)


@pytest.mark.parametrize("scenario", [s.name for s in SCENARIOS])
def test_ACT_5_world_gate_shut_only_where_available_refuses_in_random_games(scenario):
    """A shut world gate means `available` refuses every miniature on the table (its own lists and, on skirmish,
    every shipped list), sampled over random games."""
    keys, _ = legal._world_gated()
    runs = [None]
    if scenario == "skirmish.toml":
        runs = [{"red": load_army_list(LISTS[i]), "blue": load_army_list(LISTS[(i + 1) % len(LISTS)])}
                for i in range(0, len(LISTS), 2)]
    shut_seen = opened = 0
    for i, lists in enumerate(runs):
        m = make_match(ROOT / "scenarios" / scenario, 11 + i, red="random", blue="random", lists=lists)
        for n in range(80):
            if not m.step():
                break
            if n % 5:
                continue
            gs = m.gs
            shut = legal.world_shut(gs)
            opened += len(keys) - len(shut)
            for key in shut:
                for e in gs.minis():
                    if gs.on_table(e):
                        assert _refused(REGISTRY[key], gs, e), (scenario, key, gs.name(e))
                        shut_seen += 1
    assert shut_seen > 100


@pytest.mark.parametrize("name, seed, kind", [("skirmish.toml", 1, "random"), ("skirmish.toml", 2, "scripted"),
                                              ("crossroads.toml", 3, "random"), ("ruins.toml", 4, "scripted"),
                                              ("tavern-brawl.toml", 5, "random"), ("convoy.toml", 6, "random"),
                                              # the longest game (~3 s) in the slow pass (the default run's 5 minutes)
                                              pytest.param("scrapyard.toml", 7, "scripted", marks=pytest.mark.slow),
                                              ("ruined-town.toml", 8, "random")])
def test_ACT_5_kept_world_gates_equal_fresh_at_every_decision(name, seed, kind):
    """The kept world gates never change the offered keys: at every 'action' decision the kept shut keys equal a
    fresh answer and the engine's offered keys equal a listing that probes every key."""
    m = make_match(ROOT / "scenarios" / name, seed, red=kind, blue=kind)
    listings = 0
    for _ in range(250):
        p = m.engine.pending
        if p is not None and p.kind == "action":
            assert legal.world_shut(m.gs) == _fresh_shut(m.gs), (name, seed)
            fresh = GameState(m.gs.world, m.gs.board)       # keeps no memo: GNA-3/GNA-15's item references anew
            for e in m.gs.minis():
                for easy in (True, False):
                    assert items.item_refs(m.gs, e, easy=easy) == items.item_refs(fresh, e, easy=easy), (name, e)
                assert metahabilities.corrupt_attributes(m.gs, e) == metahabilities.corrupt_attributes(fresh, e)
            assert p.options == _every_key_listing(m.engine, m.gs, p.actor), (name, seed, p.actor)
            listings += 1
        if not m.step():
            break
    assert listings >= 20


def test_ACT_5_TRT_INCENDIARY_AMMO_GNA_9_a_table_set_opens_its_world_gate_at_once():
    """A component set drops the kept answer: set on fire, a character is offered Apagar el fuego (put_out_fire) at
    once; hidden, an enemy opens Descubrir (discover) for the other side; taken back, both gates shut again."""
    m = make_match(ROOT / "scenarios" / "skirmish.toml", 1, red="random", blue="random")
    for _ in range(20):
        m.step()
    gs = m.gs
    e = next(x for x in gs.minis() if gs.on_table(x))
    foe = next(x for x in gs.enemies(e) if gs.on_table(x))
    before = legal.world_shut(gs)
    assert {"put_out_fire", "discover"} <= before and legal.world_shut(gs) is before          # kept
    gs.world.set(e, Burning(foe))
    gs.world.set(foe, Hidden())
    now = legal.world_shut(gs)
    assert "put_out_fire" not in now and "discover" not in now
    assert REGISTRY["put_out_fire"].refusal(gs, e) is None
    gs.world.remove(e, Burning)
    gs.world.remove(foe, Hidden)
    assert legal.world_shut(gs) == before


@pytest.mark.parametrize("seed, kind", [(1, "random"), (2, "scripted")])
def test_TRT_WALLBREAKER_CBA_7_reachable_memo_equals_fresh_at_every_decision(seed, kind):
    """Issue 20: the breakable pieces a base touches, memoised per scenario board (the three scenery blows' probe),
    equal a fresh computation for every miniature at every decision, and bases set against the pieces touch them."""
    from wartime.core.components import Position
    from wartime.rules import scenery_breaking as sb
    m = make_match(ROOT / "scenarios" / "scrapyard.toml", seed, red=kind, blue=kind)

    def fresh(gs, e):
        return [b for b in sb.standing(gs) if sb.in_contact(gs, e, b.piece)]

    for _ in range(150):
        gs = m.gs
        for e in gs.minis():
            if gs.on_table(e):
                want = fresh(gs, e)
                assert sb.reachable(gs, e) == want == sb.reachable(gs, e), e
        if not m.step():
            break
    gs = m.gs
    e = next(x for x in gs.minis() if gs.on_table(x))
    found = 0
    for b in sb.standing(gs):
        pc = gs.scenario_board.piece(b.piece)
        x0, y0, x1, y1 = pc.polygon.bounds
        for x, y in (((x0 + x1) / 2, y0 - gs.body(e).radius), ((x0 + x1) / 2, y1 + gs.body(e).radius),
                     ((x0 + x1) / 2, (y0 + y1) / 2)):
            gs.world.set(e, Position(x, y, gs.pos(e).facing, 1))
            want = fresh(gs, e)
            assert sb.reachable(gs, e) == want == sb.reachable(gs, e)
            found += bool(want)
    assert found > 0


@pytest.mark.parametrize("seed, kind", [(3, "random"), (4, "scripted")])
def test_GNA_16_TRT_WALLBREAKER_kept_board_equals_fresh_at_every_decision(seed, kind):
    """Issue 20: the board as it stands (movable scenery moved, walls and doors destroyed, doors open), kept while
    the tables it reads are unchanged, is the board read afresh from those tables at every decision, and a piece
    destroyed or put back changes it at once."""
    from dataclasses import replace

    from wartime.core.components import BreakablePiece
    m = make_match(ROOT / "scenarios" / "scrapyard.toml", seed, red=kind, blue=kind)
    for _ in range(200):
        gs = m.gs
        assert gs.board is gs._board_of_tables()
        if not m.step():
            break
    gs = m.gs
    before = gs.board
    pid, el = next(iter(gs.breakables.items()))
    piece = gs.world.get(el, BreakablePiece)
    gs.world.set(el, replace(piece, gone=not piece.gone))
    after = gs.board
    assert after is not before and after is gs._board_of_tables()
    assert (pid in {p.id for p in after.pieces}) == piece.gone
    gs.world.set(el, piece)
    assert gs.board is before


@pytest.mark.parametrize("name, seed", [("scrapyard.toml", 5), ("convoy.toml", 6), ("ruined-town.toml", 7)])
def test_TRT_MAGIC_TELEKINESIS_any_thing_is_things_nonempty_at_every_decision(name, seed):
    """Issue 20: telekinesis' offered-key probe asks whether any object could be moved without listing them: the
    same answer as the list (movable scenery, items on the ground, driverless transports) at every decision."""
    from wartime.rules import telekinesis as tk
    m = make_match(ROOT / "scenarios" / name, seed, red="random", blue="random")
    seen = set()
    for _ in range(200):
        want = bool(tk.things(m.gs))
        assert tk.any_thing(m.gs) == want
        seen.add(want)
        if not m.step():
            break
    assert True in seen or name != "scrapyard.toml"


def _ram_refusal_exact(gs, actor):
    """CBA-23: Embestir's probe as it was, every enemy's straight run asked `_contact_point`."""
    from wartime.core.components import Posture
    from wartime.rules import riding
    from wartime.rules.actions import transport as tr
    ram = REGISTRY["ram"]
    if riding.rides(gs, actor):
        return ram.refusal(gs, actor)
    if gs.world.get(actor, Posture).state == "prone":
        return "MVA-5"
    reach = tr._ReachOnce(ram, gs, actor)
    if not any(tr._contact_point(gs, actor, t, reach) is not None for t in gs.enemies(actor)):
        return ram.rule
    return None


@pytest.mark.parametrize("name, seed, kind", [("skirmish.toml", 1, "random"), ("crossroads.toml", 2, "scripted"),
                                              ("convoy.toml", 3, "random")])
def test_CBA_23_ram_probe_equals_every_run_asked_at_every_decision(name, seed, kind):
    """Issue 20: Embestir's probe skips the enemies whose run is surely under 2 K or beyond the reach; its answer
    equals asking every enemy's run for every miniature at every decision, and for bases set at runs of 2 K and of
    the reach exactly, a hair either side."""
    import math

    from wartime.core.components import Position
    from wartime.geometry.measure import ENGAGED_GAP
    m = make_match(ROOT / "scenarios" / name, seed, red=kind, blue=kind)
    for _ in range(150):
        gs = m.gs
        for e in gs.minis():
            if gs.on_table(e):
                assert REGISTRY["ram"].refusal(gs, e) == _ram_refusal_exact(gs, e), (name, e)
        if not m.step():
            break
    gs = m.gs
    from wartime.rules import riding
    a = next(x for x in gs.minis() if gs.on_table(x) and REGISTRY["ram"].refusal(gs, x) != "MVA-5"
             and gs.enemies(x) and not riding.rides(gs, x))                   # on foot
    t = gs.enemies(a)[0]
    p = gs.pos(a)
    near = gs.body(a).radius + gs.body(t).radius + ENGAGED_GAP / 2.0
    seen = set()
    for run in (2.0, REGISTRY["ram"].reach(gs, a)):
        for eps in (-1e-6, -1e-12, 0.0, 1e-12, 1e-6):
            for ang in (0.0, 0.7, 2.0, 4.4):
                d = run + eps + near
                for o in gs.enemies(a):                   # every other enemy far away, off the run
                    if o != t:
                        gs.world.set(o, Position(gs.board.width - 0.5, gs.board.height - 0.5, 0.0, 7))
                gs.world.set(t, Position(p.x + d * math.cos(ang), p.y + d * math.sin(ang), 0.0, p.level))
                got = REGISTRY["ram"].refusal(gs, a)
                assert got == _ram_refusal_exact(gs, a), (run, eps, ang)
                seen.add(got)
    assert seen == {None, "CBA-23"}
