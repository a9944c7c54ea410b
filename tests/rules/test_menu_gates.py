"""Issue 20 (ACT-5): the offered keys skip the actions whose menu gate (`Action.menu_gate`) is shut for the actor: a
necessary condition of `available` read from its trait set, equipment, metahabilities and transport, kept per
actor while those tables are unchanged (`options.menu_keys`). Compared here with `available` itself for every
miniature over random games fielding every shipped list (their traits: designators, leaps, swarm weapons,
metahabilities, transports...), and the offered keys with a listing that probes every key on a state that keeps
nothing, at every decision of games on several shipped scenarios."""
from __future__ import annotations

import math

import pytest

from wartime.core.components import Position, Traits
from wartime.core.errors import RuleViolation
from wartime.data.loader import load_army_list
from wartime.rules import options as legal
from wartime.rules import restrictions, riding
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.base import Action
from wartime.rules.state import GameState

from tests.match.game_helpers import LISTS, ROOT, make_match


def _gated() -> dict[str, Action]:
    return {k: a for k, a in REGISTRY.items() if type(a).menu_gate is not Action.menu_gate}


def _refused(action: Action, gs, e: int) -> bool:
    try:
        action.available(gs, e)
    except RuleViolation:
        return True
    return False


def _every_key_listing(engine, gs, actor: int) -> tuple[str, ...]:
    """The offered keys as listed before the gates: every own-activation key probed (restrictions, then
    `available`)."""
    out = []
    turn = engine.flow.turn
    for key in legal.own_activation_keys():
        action = REGISTRY[key]
        try:
            restrictions.check(gs, turn, actor, action, key, None, probe=True)
            action.available(gs, actor)
        except RuleViolation:
            continue
        out.append(key)
    return tuple(out)


def test_ACT_5_menu_gate_shut_only_where_available_refuses_in_random_games():
    gated = _gated()
    assert len(gated) >= 25
    opened: set[str] = set()
    shut: set[str] = set()
    for i in range(0, len(LISTS), 2):
        lists = {"red": load_army_list(LISTS[i]), "blue": load_army_list(LISTS[(i + 1) % len(LISTS)])}
        m = make_match(ROOT / "scenarios" / "skirmish.toml", 5 + i, red="random", blue="random", lists=lists)
        for n in range(60):
            if not m.step():
                break
            if n % 6:
                continue
            gs = m.gs
            for e in gs.minis():
                if not gs.on_table(e):
                    continue
                for key, action in gated.items():
                    if action.menu_gate(gs, e):
                        opened.add(key)
                    else:
                        shut.add(key)
                        assert _refused(action, gs, e), (key, e, gs.name(e))
    assert len(shut) == len(gated)                    # every gate was shut for someone
    assert len(opened) >= 12                          # and many were open for a bearer


@pytest.mark.parametrize("name, seed, kind", [("skirmish.toml", 1, "random"), ("skirmish.toml", 2, "scripted"),
                                              ("crossroads.toml", 3, "random"), ("ruins.toml", 4, "random"),
                                              ("tavern-brawl.toml", 5, "scripted"), ("convoy.toml", 6, "random"),
                                              ("scrapyard.toml", 7, "random")])
def test_ACT_5_offered_keys_equal_every_key_probed_at_every_decision(name, seed, kind):
    """The kept menu gates never change the offered keys: at every 'action' decision the engine's keys equal those
    of a listing that probes every key, and the kept gates those of a GameState keeping nothing."""
    m = make_match(ROOT / "scenarios" / name, seed, red=kind, blue=kind)
    listings = 0
    for _ in range(250):
        p = m.engine.pending
        if p is not None and p.kind == "action":
            assert p.options == _every_key_listing(m.engine, m.gs, p.actor), (name, seed, p.actor)
            fresh = GameState(m.gs.world, m.gs.board)          # the gates' answers on a state keeping nothing
            assert legal.menu_keys(m.gs, p.actor) == tuple(k for k in legal.own_activation_keys()
                                                           if REGISTRY[k].menu_gate(fresh, p.actor))
            listings += 1
        if not m.step():
            break
    assert listings >= 20


def test_ACT_5_a_trait_given_opens_its_gate_and_taken_back_shuts_it():
    """A component set drops the kept gates: a character given TRT-MIMETIC (its action: switch_mimetic) is offered
    the key's probe at once, and no longer once its traits are put back."""
    m = make_match(ROOT / "scenarios" / "skirmish.toml", 1, red="random", blue="random")
    for _ in range(20):
        m.step()
    gs = m.gs
    e = gs.minis()[0]
    before = legal.menu_keys(gs, e)
    assert "switch_mimetic" not in before and legal.menu_keys(gs, e) is before      # kept
    own = gs.world.try_get(e, Traits) or Traits()
    gs.world.set(e, Traits(own.ids + ("TRT-MIMETIC",)))
    assert "switch_mimetic" in legal.menu_keys(gs, e)
    gs.world.set(e, own)
    assert legal.menu_keys(gs, e) == before


@pytest.mark.parametrize("name, seed", [("ruins.toml", 2), ("ruined-town.toml", 3), ("skirmish.toml", 4)])
def test_MVA_10_MVA_13_climbable_in_contact_memo_equals_fresh_at_every_decision(name, seed):
    """Issue 20: the wall contacts memoised per board (Escalar's and Saltar arriba's probe) equal a fresh
    computation for every miniature at every decision, and some contacts are found."""
    from wartime.rules.actions import terrain_moves as tm
    m = make_match(ROOT / "scenarios" / name, seed, red="random", blue="random")
    found = 0
    for _ in range(150):
        gs = m.gs
        board = gs.board
        pieces = board.climbable()
        for e in gs.minis():
            if not gs.on_table(e):
                continue
            want = tm._climbable_in_contact(gs, e, board, pieces) if pieces else []
            assert tm.climbable_in_contact(gs, e) == want, (name, e)
            assert tm.climbable_in_contact(gs, e) == want          # a memo hit
            found += bool(want)
        if not m.step():
            break
    # and bases set against the faces of the climbable pieces (random games seldom end a move there)
    gs = m.gs
    e = next(x for x in gs.minis() if gs.on_table(x))
    r = gs.body(e).radius
    for pc in gs.board.climbable():
        cx, cy = pc.polygon.centroid.x, pc.polygon.centroid.y
        for k in range(8):
            b = pc.polygon.exterior.interpolate(k / 8, normalized=True)
            d = math.hypot(b.x - cx, b.y - cy) or 1.0
            gs.world.set(e, Position(b.x + (b.x - cx) / d * (r + 0.01), b.y + (b.y - cy) / d * (r + 0.01),
                                     gs.pos(e).facing, 1))
            want = tm._climbable_in_contact(gs, e, gs.board, gs.board.climbable())
            assert tm.climbable_in_contact(gs, e) == want == tm.climbable_in_contact(gs, e)
            found += bool(want)
    assert found > 0 or name == "skirmish.toml"


def _check_outcome(gs, turn, actor, action, key, params, probe):
    try:
        restrictions.check(gs, turn, actor, action, key, params, probe=probe)
    except RuleViolation as exc:
        return exc.rule_id, str(exc)
    return None


@pytest.mark.parametrize("name, seed, kind, lists", [
    ("skirmish.toml", 1, "scripted", None), ("crossroads.toml", 2, "random", None),
    ("tavern-brawl.toml", 3, "random", None), ("convoy.toml", 4, "random", None),
    ("skirmish.toml", 5, "random", ("horde", "hexers")), ("skirmish.toml", 6, "scripted", ("warband", "horde")),
    ("skirmish.toml", 7, "random", ("motorised", "convoy")), ("skirmish.toml", 8, "scripted", ("medevac", "motorised"))])
def test_PSI_12_PSI_7_MVA_3_MOV_13_restrictions_kept_filter_equals_the_full_check(name, seed, kind, lists,
                                                                                    monkeypatch):
    """Issue 20: `restrictions.check` answers from the actor's kept `probe_filter` when no actor-level restriction
    applies (PSI-12, PSI-7, compulsions, CBA-25, MOV-13, MVA-17) — the actor's trait restrictions (TRT-CHICKEN,
    TRT-BURDENED: the Horde's) and a rider's transport restrictions (MOV-6, WND-4: the Motorised, Convoy and Medevac
    lists') included in the filter; its verdicts and messages equal the full check's for every key (as a probe) and
    every candidate of every offered key, at every decision."""
    with_riders = lists is not None and bool({"motorised", "convoy", "medevac"} & set(lists))
    if lists is not None:
        lists = {side: load_army_list(ROOT / "scenarios" / "lists" / f"{n}.toml") for side, n in zip(("red", "blue"),
                                                                                                     lists)}
    m = make_match(ROOT / "scenarios" / name, seed, red=kind, blue=kind, lists=lists)
    full = restrictions.kept_filter
    compared = kept = riders = 0
    for _ in range(120):
        p = m.engine.pending
        if p is not None and p.kind == "action":
            gs, turn = m.gs, m.engine.flow.turn
            kept += restrictions.kept_filter(gs, turn, p.actor) is not None
            riders += riding.rides(gs, p.actor) and restrictions.kept_filter(gs, turn, p.actor) is not None
            asks = [(k, None, True) for k in legal.own_activation_keys()]
            for k in p.options:
                for c in legal.candidates(m.engine, k, p)[:6]:
                    params = c.build()
                    if params is not None:
                        asks.append((k, params, False))
            for k, params, probe in asks:
                fast = _check_outcome(gs, turn, p.actor, REGISTRY[k], k, params, probe)
                monkeypatch.setattr(restrictions, "kept_filter", lambda *a: None)
                slow = _check_outcome(gs, turn, p.actor, REGISTRY[k], k, params, probe)
                monkeypatch.setattr(restrictions, "kept_filter", full)
                assert fast == slow, (name, k, params)
                compared += 1
        if not m.step():
            break
    assert compared > 500 and kept > 5
    assert riders > 5 or not with_riders, riders
