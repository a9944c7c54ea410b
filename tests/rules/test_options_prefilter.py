"""Issue 20: `options.unaffordable` (ENE-1 / ENE-4) lets a controller skip building and validating the candidates of
a key nobody can pay for. It must never hide a legal option: compared here with the full validation of every
candidate of every offered key, over deterministic pseudo-random placements, at 0 ENE and below (where it answers)
and at 1 ENE (where it must not)."""
from __future__ import annotations

from wartime.core.components import Energy, Position
from wartime.core.errors import RuleViolation
from wartime.rules import options as legal
from wartime.rules.actions import REGISTRY

from tests.rules.rules_helpers import Game, M, blade, piece, weapon


def _lcg(seed: int):
    """A deterministic stream of floats in [0, 1) (no `random` anywhere near the engine)."""
    x = seed
    while True:
        x = (1103515245 * x + 12345) % (2 ** 31)
        yield x / 2 ** 31


def _legal_count(g: Game, key: str, p) -> int:
    """How many candidates of `key` the engine accepts (the unfiltered answer)."""
    n = 0
    for c in legal.candidates(g.engine, key, p):
        params = c.build()
        if params is None:
            continue
        try:
            legal.validate_candidate(g.engine, c, params, p)
        except RuleViolation:
            continue
        n += 1
    return n


def _placed_games(n: int):
    u = _lcg(7)
    for _ in range(n):
        g = Game(M(x=10, y=20, weapons=[weapon(), blade()]), M(side="blue", x=14, y=20, facing=180.0),
                 M(side="blue", x=30, y=25, facing=180.0, weapons=[weapon()]),
                 pieces=[piece("hedge", "low", 18, 10, 19, 30, height=0.5)])
        a, b, c = g.ids
        for e in (b, c):
            g.set(e, Position(4 + 32 * next(u), 4 + 32 * next(u), 360 * next(u), 1))
        g.start_activation(a)
        yield g, a


def test_ENE_4_unaffordable_keys_have_no_legal_candidate():
    answered = kept = 0
    for g, a in _placed_games(3):
        for energy in (0, -2):
            g.world.set(a, Energy(energy))
            p = g.pending
            assert p is not None and p.kind == "action"
            for key in p.options:
                if legal.unaffordable(g.engine, key, p):
                    answered += 1
                    assert _legal_count(g, key, p) == 0, (key, energy)
                else:
                    kept += 1
                    action = REGISTRY[key]
                    assert action.free or action.zero_cost or action.ene_debt, key
    assert answered > 10 and kept >= 1            # both answers were exercised ("end" is free)


def test_ENE_4_unaffordable_says_nothing_with_energy_or_a_pool(monkeypatch):
    """At 1 ENE every key may be paid for (ENE-1's minimum); an ENE pool (TRT-MANA, hook ene_pool) may pay for
    a key at 0 ENE; a 'react' decision is never answered."""
    g, a = next(_placed_games(1))
    g.world.set(a, Energy(1))
    p = g.pending
    assert not any(legal.unaffordable(g.engine, k, p) for k in p.options)
    assert _legal_count(g, "move", p) > 0
    g.world.set(a, Energy(0))
    p = g.pending
    assert legal.unaffordable(g.engine, "move", p)
    monkeypatch.setattr(legal.trait_hooks, "ene_pool", lambda gs, e, key: 1)
    assert not legal.unaffordable(g.engine, "move", p)


def test_REA_3_blanket_refusal_gives_the_full_answer(monkeypatch):
    """`windows.refuses_every_reaction` (a held, tied or trait-denied reactor) lets `_may_react` answer without
    building candidates: the same answer as trying every candidate, over placements of a free, an immobilised and
    a tied watcher (a move declared in front of them)."""
    from wartime.core.components import Immobilised, Tied
    from wartime.rules import windows
    from wartime.rules.reactions import Window
    full = windows.refuses_every_reaction
    u = _lcg(11)
    refused = free = 0
    for _ in range(4):
        g = Game(M(x=10, y=20), M(side="blue", x=20, y=20, facing=180.0), M(side="red", x=21, y=20),
                 M(side="blue", x=12, y=30, facing=270.0))
        a, b, holder, c = g.ids
        g.set(b, Position(20, 20, 360 * next(u), 1))
        g.set(holder, Position(21.02, 20, 180.0, 1))
        g.set(c, Position(4 + 32 * next(u), 4 + 32 * next(u), 360 * next(u), 1))
        g.world.set(b, Immobilised(holder))
        g.world.set(c, Tied()) if next(u) < 0.5 else None
        w = Window("declaration", a, "move", None, params={"path": [[12.0, 20.0]]}, start=(10.0, 20.0, 0.0))
        for e in (b, c):
            quick = full(g.gs, e)
            got = g.engine._may_react(w, e)
            monkeypatch.setattr(windows, "refuses_every_reaction", lambda gs, e: False)
            want = g.engine._may_react(w, e)
            monkeypatch.setattr(windows, "refuses_every_reaction", full)
            assert got == want, e
            if quick:
                refused += 1
                assert not want
            else:
                free += 1
    assert refused >= 4 and free >= 1
