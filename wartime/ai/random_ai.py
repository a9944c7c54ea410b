"""A legal random controller: every choice uniform among legal candidates, from its own seeded Dice."""
from __future__ import annotations

from wartime.ai.candidates import action, contact_point, facing_to, legal_cost, path_towards
from wartime.core.rng import Dice
from wartime.rules.sequence import Decision, Pending


class RandomController:
    def __init__(self, seed: int):
        self.dice = Dice(seed)

    def _pick(self, seq):
        return seq[self.dice.choice_index(len(seq))]

    def decide(self, match, p: Pending) -> Decision:
        if p.kind in ("initiative", "activate"):
            return Decision(p.kind, p.side, choice=self._pick(list(p.options)))
        gs, engine = match.gs, match.engine
        e = p.actor
        cands = list(self._candidates(match, p))
        # shuffle deterministically, take the first legal one; 'end' is always legal
        order = list(range(len(cands)))
        for i in range(len(order) - 1, 0, -1):
            j = self.dice.choice_index(i + 1)
            order[i], order[j] = order[j], order[i]
        for i in order:
            if legal_cost(engine, cands[i]) is not None:
                return cands[i]
        return action(p, "end")

    def _candidates(self, match, p: Pending):
        gs = match.gs
        e = p.actor
        yield action(p, "end")
        enemies = gs.enemies(e)
        for t in enemies:
            f = facing_to(gs, e, t)
            for i, w in enumerate(gs.equipment(e).weapons):
                yield action(p, "ranged_attack" if w.ranged else "melee_attack", facing=f, target=t, weapon=i)
                if w.magazine is not None:
                    yield action(p, "reload", weapon=i)
            yield action(p, "unarmed_attack", target=t)
            path = path_towards(gs, e, contact_point(gs, e, t), gs.mov(e) + 3)
            if path:
                yield action(p, "charge", facing=f, target=t, path=path)
        bw, bh = gs.board.width, gs.board.height
        for key, k in (("move", gs.mov(e)), ("run", gs.mov(e) + 1), ("sprint", gs.mov(e) + 5)):
            goal = (self.dice.uniform(0.5, bw - 0.5), self.dice.uniform(0.5, bh - 0.5))
            path = path_towards(gs, e, goal, k)
            if path:
                yield action(p, key, path=path)
        for key in ("crouch", "go_prone", "stand_up", "wait", "concentrate"):
            yield action(p, key)
        if gs.engaged(e):
            pe = gs.pos(e)
            for ang in (0, 90, 180, 270):
                import math
                goal = (pe.x + 2 * math.cos(math.radians(ang)), pe.y + 2 * math.sin(math.radians(ang)))
                path = path_towards(gs, e, goal, 2.0)
                if path:
                    yield action(p, "disengage", path=path)
