"""A legal random controller: every choice uniform among legal candidates, from its own seeded Dice.

Its randomness is a pure function of (seed, decision index): each decision draws from a fresh
`Dice(derive_seed(seed, f"decision:{n}"))`, n being the number of decisions the match has recorded. A resumed
game (`Match.from_record`) therefore needs no controller state to continue exactly as if never stopped."""
from __future__ import annotations

import math

from wartime.ai.candidates import (action, contact_point, facing_to, flee_path, legal_cost, legal_reaction_cost,
                                   path_towards, reaction)
from wartime.core.rng import Dice
from wartime.rules.sequence import Decision, Pending


class RandomController:
    kind = "random"

    def __init__(self, seed: int):
        self.seed = int(seed)
        self.dice = Dice(self.seed)
        self._calls = 0

    def _reseed(self, match) -> None:
        from wartime.match.match import derive_seed
        decisions = getattr(match, "decisions", None)
        n = len(decisions) if decisions is not None else self._calls
        self._calls += 1
        self.dice = Dice(derive_seed(self.seed, f"decision:{n}"))

    def _pick(self, seq):
        return seq[self.dice.choice_index(len(seq))]

    def decide(self, match, p: Pending) -> Decision:
        if p.kind == "react":
            return self._react(match, p)
        self._reseed(match)
        if p.kind in ("initiative", "activate"):
            return Decision(p.kind, p.side, choice=self._pick(list(p.options)))
        engine = match.engine
        makers = list(self._candidates(match, p))
        # shuffle deterministically, build lazily (paths are costly), take the first legal one
        order = list(range(len(makers)))
        for i in range(len(order) - 1, 0, -1):
            j = self.dice.choice_index(i + 1)
            order[i], order[j] = order[j], order[i]
        for i in order:
            d = makers[i]()
            if d is not None and legal_cost(engine, d) is not None:
                return d
        return action(p, "end")

    def _candidates(self, match, p: Pending):
        """Zero-argument makers of candidate decisions (None when no path exists)."""
        gs = match.gs
        e = p.actor
        yield lambda: action(p, "end")
        for t in gs.enemies(e):
            f = facing_to(gs, e, t)
            for i, w in enumerate(gs.equipment(e).weapons):
                key = "ranged_attack" if w.ranged else "melee_attack"
                yield lambda key=key, f=f, t=t, i=i: action(p, key, facing=f, target=t, weapon=i)
                if w.magazine is not None:
                    yield lambda i=i: action(p, "reload", weapon=i)
            yield lambda t=t: action(p, "unarmed_attack", target=t)

            def charge(t=t, f=f):
                path = path_towards(gs, e, contact_point(gs, e, t), gs.mov(e) + 3, plan=False)
                return action(p, "charge", facing=f, target=t, path=path) if path else None
            yield charge
        bw, bh = gs.board.width, gs.board.height
        for key, k in (("move", gs.mov(e)), ("run", gs.mov(e) + 1), ("sprint", gs.mov(e) + 5)):
            goal = (self.dice.uniform(0.5, bw - 0.5), self.dice.uniform(0.5, bh - 0.5))

            def mover(key=key, k=k, goal=goal):
                path = path_towards(gs, e, goal, k, plan=False)
                return action(p, key, path=path) if path else None
            yield mover
        for key in ("crouch", "go_prone", "stand_up", "wait", "concentrate"):
            yield lambda key=key: action(p, key)
        if gs.engaged(e):
            pe = gs.pos(e)
            for ang in (0, 90, 180, 270):
                goal = (pe.x + 2 * math.cos(math.radians(ang)), pe.y + 2 * math.sin(math.radians(ang)))

                def dis(goal=goal):
                    path = path_towards(gs, e, goal, 2.0, plan=False)
                    return action(p, "disengage", path=path) if path else None
                yield dis

    # --- reactions (REA-1..5) ---------------------------------------------------------------------
    def _react(self, match, p: Pending) -> Decision:
        """REA-3: pass four times in five; otherwise the first legal of the window's reactions in a random order
        (a shot, a melee attack, Pivotar, Huir, Esquivar, Contracarga, a posture, a short move), else pass.
        The pass is decided from the decision's sub-seed itself (derive_seed(seed, "decision:n") mod 5, n as in
        `_reseed`), so the many passed windows cost no Dice; a reaction then draws from Dice(that sub-seed)."""
        from wartime.match.match import derive_seed
        decisions = getattr(match, "decisions", None)
        n = len(decisions) if decisions is not None else self._calls
        self._calls += 1
        sub = derive_seed(self.seed, f"decision:{n}")
        if sub % 5 != 0:
            return reaction(p, None)
        self.dice = Dice(sub)
        gs, engine = match.gs, match.engine
        e, a = p.actor, p.against
        options = set(p.options)
        makers = []
        if "pivot" in options:
            makers.append(lambda: reaction(p, "pivot", facing_to=facing_to(gs, e, a)))
        for i, w in enumerate(gs.equipment(e).weapons):
            if w.ranged and "ranged_attack" in options:
                makers.append(lambda i=i: reaction(p, "ranged_attack", target=a, weapon=i))
            elif not w.ranged and "melee_attack" in options:
                makers.append(lambda i=i: reaction(p, "melee_attack", target=a, weapon=i))
        if "unarmed_attack" in options:
            makers.append(lambda: reaction(p, "unarmed_attack", target=a))
        for key in ("dodge", "counter_charge", "crouch", "go_prone", "stand_up"):
            if key in options:
                makers.append(lambda key=key: reaction(p, key))
        if "flee" in options:
            off = self.dice.uniform(-90.0, 90.0)

            def flee(off=off):
                path = flee_path(gs, e, a, off)
                return reaction(p, "flee", path=path) if path else None
            makers.append(flee)
        if "move" in options:
            goal = (self.dice.uniform(0.5, gs.board.width - 0.5), self.dice.uniform(0.5, gs.board.height - 0.5))

            def mover(goal=goal):
                path = path_towards(gs, e, goal, gs.mov(e), plan=False)
                return reaction(p, "move", path=path) if path else None
            makers.append(mover)
        order = list(range(len(makers)))
        for i in range(len(order) - 1, 0, -1):
            j = self.dice.choice_index(i + 1)
            order[i], order[j] = order[j], order[i]
        for i in order:
            d = makers[i]()
            if d is not None and legal_reaction_cost(engine, d) is not None:
                return d
        return reaction(p, None)
