"""A legal random controller: every choice drawn from the legal options the engine gives, with its own seeded Dice.

It keeps no list of actions: for an 'action' decision it draws a key uniformly from `Pending.options` (the keys
the engine offers), then a candidate of that key uniformly from the engine's candidates
(`rules.options.candidates`), and submits the first one the engine validates; a key with no legal choice is
dropped and another is drawn; with none left it ends the activation. A free option other than ending (the
CMB-15 follow-up, `Action.free`) lapses at once, so it is taken half the time it is offered. Drawing the key first makes every offered
action about as likely as any other, so rare ones (Apoyar, Curar, Cambiar de altitud…) are exercised too.
For a 'react' decision it passes four times in five (once in two when it is the acting enemy's target); otherwise it draws, with even odds, from the window's
reaction-only actions (Pivotar, Huir, Esquivar, Contracarga: `Action.reaction_only`) or from the general actions
taken as reactions, then a candidate the same way (falling back to the other group, then to passing). A duel's
window (CBA-22) offers its duellist only Desenfundar, against an attack at that duellist: it declares it or passes
with even odds.

Its randomness is a pure function of (seed, decision index): each decision draws from a fresh
`Dice(derive_seed(seed, f"decision:{n}"))`, n being the number of decisions the match has recorded. A resumed
game (`match.save.resume`) therefore needs no controller state to continue exactly as if never stopped."""
from __future__ import annotations

from wartime.ai.scripted_alarm import random_wave
from wartime.core.errors import RuleViolation
from wartime.core.rng import Dice, derive_seed
from wartime.rules import deployment, options as legal
from wartime.rules.actions import REGISTRY
from wartime.rules.refusals import refuses_every_candidate
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
        if p.kind == "react" and sub % (2 if p.against_target == p.actor else 5) != 0:
            # REA-3: pass four times in five (once in two when the acting enemy targets this reactor), decided
            # from the sub-seed itself (no Dice for the many passes)
            return Decision("react", p.side, actor=p.actor)
        self.dice = Dice(sub)
        if p.kind in ("initiative", "activate"):
            return Decision(p.kind, p.side, choice=self._pick(list(p.options)))
        if p.kind == "deploy":     # auto-deploy half the time, else random legal spots in the zone
            return Decision("deploy", p.side, params=self._deploy(match.gs, p))
        if p.kind == "wave":       # ALM-33: a random affordable wave on legal spots (ai/scripted_alarm.py)
            return random_wave(match.gs, p, self.dice.choice_index)
        if p.kind in ("malus", "bonus_loss"):      # PSI-8: any malus the engine offers; TRT-SAIKIKKU: any bonus
            return Decision(p.kind, p.side, actor=p.actor, action=self._pick(list(p.options)))
        option = self._draw(match.engine, p)
        if option is not None:
            return option.decision(p.side, p.actor)
        if p.kind == "react":
            return Decision("react", p.side, actor=p.actor)
        return Decision("action", p.side, actor=p.actor, action=END)

    def _deploy(self, gs, p: Pending) -> dict:
        """Deployment: the default spots half the time; otherwise each miniature tries a few uniform spots of its
        zone's bounding box and keeps the first the engine accepts (else its default spot)."""
        zone = gs.deployment.get(p.side)
        if zone is None or self.dice.choice_index(2) == 0:
            return {}
        minx, miny, maxx, maxy = zone.bounds
        positions: dict[str, list[float]] = {}
        placed: dict = {}          # what `deployment.check` makes of `positions` (each new spot checked alone)
        for e in p.options:
            for _ in range(8):
                x = round(minx + (maxx - minx) * self.dice.choice_index(1000) / 1000, 2)
                y = round(miny + (maxy - miny) * self.dice.choice_index(1000) / 1000, 2)
                spot = [x, y, float(self.dice.choice_index(360))]
                try:
                    who, where = deployment.check_added(gs, p.side, placed, str(e), spot)
                except RuleViolation:
                    continue
                positions[str(e)] = spot
                placed[who] = where
                break
        return {"positions": positions} if positions else {}

    def _draw(self, engine, p: Pending):
        """A uniformly drawn key, then a uniformly drawn candidate of it that the engine accepts (for a reaction,
        first a group: reaction-only actions or general ones, with even odds)."""
        keys = list(p.options)
        if p.kind == "react":
            own = [k for k in keys if REGISTRY[k].reaction_only]
            general = [k for k in keys if not REGISTRY[k].reaction_only]
            first, second = (own, general) if self.dice.choice_index(2) == 0 else (general, own)
            return self._draw_keys(engine, p, first) or self._draw_keys(engine, p, second)
        # a free option other than ending (CMB-15's follow-up) lapses at once: take it half the time
        free = [k for k in keys if k != END and REGISTRY[k].free]
        if free and self.dice.choice_index(2) == 0:
            got = self._draw_keys(engine, p, free)
            if got is not None:
                return got
        return self._draw_keys(engine, p, keys)

    def _draw_keys(self, engine, p: Pending, keys: list[str]):
        keys = list(keys)
        while keys:
            key = keys.pop(self.dice.choice_index(len(keys)))
            cands = legal.candidates(engine, key, p)
            # ENE-4: when no candidate of the key can be paid for, each is still drawn (the same draws) but none
            # is built or validated (issue 20: most of a random game's draws at 0 ENE)
            # nor when the engine refuses every candidate whatever its parameters (`refusals`: the cheapest move
            # cannot be paid, ENE-4 / MOV-7; a reactor the action's own requirements refuse, ACT-5)
            hopeless = legal.unaffordable(engine, key, p) or refuses_every_candidate(engine, key, p)
            while cands:
                c = cands.pop(self.dice.choice_index(len(cands)))
                if hopeless or c.surely_refused():      # e.g. a charge at an enemy beyond its reach (MOV-3)
                    continue
                params = c.build()
                if params is None:
                    continue
                try:
                    cost = legal.validate_candidate(engine, c, params, p)
                except RuleViolation:
                    continue
                return legal.Option(key, params, c.facing, cost, c.label, p.kind)
        return None
