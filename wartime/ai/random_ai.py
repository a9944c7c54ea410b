"""A legal random controller: every choice drawn from the legal options the engine gives, with its own seeded Dice.

It keeps no list of actions: for an 'action' decision it draws a key uniformly from `Pending.options` (the keys
the engine offers), then a candidate of that key uniformly from the engine's candidates
(`rules.options.candidates`), and submits the first one the engine validates; a key with no legal choice is
dropped and another is drawn; with none left it ends the activation. Drawing the key first makes every offered
action about as likely as any other, so rare ones (Apoyar, Curar, Cambiar de altitud…) are exercised too.
For a 'react' decision it passes four times in five, else draws a reaction the same way.

Its randomness is a pure function of (seed, decision index): each decision draws from a fresh
`Dice(derive_seed(seed, f"decision:{n}"))`, n being the number of decisions the match has recorded. A resumed
game (`Match.from_record`) therefore needs no controller state to continue exactly as if never stopped."""
from __future__ import annotations

from wartime.core.errors import RuleViolation
from wartime.core.rng import Dice, derive_seed
from wartime.rules import options as legal
from wartime.rules.flow import Decision, Pending

#: the key that ends an activation (ENE-4); drawn like any other, and the fallback when nothing else is legal
END = "end"


class RandomController:
    kind = "random"

    def __init__(self, seed: int):
        self.seed = int(seed)
        self.dice = Dice(self.seed)
        self._calls = 0

    def _sub_seed(self, match) -> int:
        decisions = getattr(match, "decisions", None)
        n = len(decisions) if decisions is not None else self._calls
        self._calls += 1
        return derive_seed(self.seed, f"decision:{n}")

    def _pick(self, seq):
        return seq[self.dice.choice_index(len(seq))]

    def decide(self, match, p: Pending) -> Decision:
        sub = self._sub_seed(match)
        if p.kind == "react" and sub % 5 != 0:
            # REA-3: pass four times in five, decided from the sub-seed itself (no Dice for the many passes)
            return Decision("react", p.side, actor=p.actor)
        self.dice = Dice(sub)
        if p.kind in ("initiative", "activate"):
            return Decision(p.kind, p.side, choice=self._pick(list(p.options)))
        option = self._draw(match.engine, p)
        if option is not None:
            return option.decision(p.side, p.actor)
        if p.kind == "react":
            return Decision("react", p.side, actor=p.actor)
        return Decision("action", p.side, actor=p.actor, action=END)

    def _draw(self, engine, p: Pending):
        """A uniformly drawn key, then a uniformly drawn candidate of it that the engine accepts."""
        keys = list(p.options)
        while keys:
            key = keys.pop(self.dice.choice_index(len(keys)))
            cands = legal.candidates(engine, key, p)
            while cands:
                c = cands.pop(self.dice.choice_index(len(cands)))
                params = c.build()
                if params is None:
                    continue
                try:
                    cost = legal.validate_candidate(engine, c, params, p)
                except RuleViolation:
                    continue
                return legal.Option(key, params, c.facing, cost, c.label, p.kind)
        return None
