"""Combate mental (CBA-19 / MET-9): the target of a Corromper / Hackear answers with a series of mental exchanges.

The engine's reading of CBA-19 and MET-9:

* Who (MET-9): the character targeted by a Corromper / Hackear (CBA-18) that is a neuromancer or a puppeteer
  (rules.metahabilities.corrupt_attributes), able to act, whether or not the corruption succeeded (ruling 1). An
  object or transport with Hielo is TRT-ICE (tier 3): nothing is offered for equipment. The opponent is the
  corrupter, if still able.
* When: right after the Corromper / Hackear is resolved (`offer`, called from the action), before anything else
  happens: the fight lives in the world resource ``mental`` (so snapshots, saves and replays capture it) and the
  engine asks its decisions before any other (after a PSI-8 malus owed), including the reactions of the
  corruption's after-action window, which then go on.
* Decisions (`MentalCombats`, a mixin of the `Engine`): every question is an ordinary `react` decision,
  `Pending("react", side, ("mental_combat",), actor=x, window="mental", against=the opponent,
  against_action="corrupt" (the offer) or "mental_combat" (go on?), against_target=x)`. Declaring
  ``mental_combat`` starts the fight (the offer: `attribute` INT or VOL, CBA-18 ruling 2) or goes on; passing
  declines or stops. Not a reaction: no CH VOL, no FOV, no one-reaction limit (MET-9 ruling).
* ENE: 3 to start (only the starter pays for the first exchange, ruling 2) and 3 for each side that goes on, even
  when the other stops (ruling 3). Outside its activation a fighter may go down to −10; the character whose
  activation it is (the active corrupter) not below 0 (ruling 4): a fighter that cannot pay is not asked and
  stops.
* Exchange: a CH ENF, the starter rolling first (side "a") with its INT or VOL, the corrupter with the attribute it
  corrupted with; the winner (CHK-4, a full tie rerolled) gives the loser 1 stress with no CH DEF; no winner, no
  stress; a natural 10 is a metahability fumble (MET-7's CH PSI) for its roller (ruling 6).
* Go on? (ruling 3, simultaneous and secret): after each exchange each fighter that can pay is asked, the
  corrupter first. An answer is stored unrevealed (no event, no ENE paid) until both are in; then a
  `mental_combat_choices` event reveals both, the continuers pay, and: both go on, another exchange; one only,
  the other takes 1 stress and it ends; neither, it ends. Both answers are recorded decisions.
* After it ends: a fighter whose own activation it is and whose stress reached its VOL (PSI-14) or who is out of
  action ends its activation (as it would after the corruption itself).

Events: `mental_combat_offered`, `mental_combat` (started, ENE paid) or `mental_combat_declined`, the exchange's `check`s and
`opposed_resolved` (rule CBA-19), `stress` (CBA-19), `mental_combat_choices`, `mental_combat_ended`."""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from wartime.core.errors import RuleViolation
from wartime.rules import metahabilities as meta
from wartime.rules.checks import opposed_winner, p_opposed_win
from wartime.rules.context import ActionContext
from wartime.rules.flow import Decision, Flow, Pending, normalise_params
from wartime.rules.modifiers import character_mods, roll_character_check
from wartime.rules.psychology import add_stress
from wartime.rules.state import GameState
from wartime.rules import traits

#: the `Pending.window` of mental combat's decisions, its action key and the fight's world resource
MENTAL_WINDOW = "mental"
KEY = "mental_combat"
RESOURCE = "mental"
#: ENE of starting and of going on (CBA-19)
COST = 3
START, GO_ON = "start", "go_on"


@dataclass(frozen=True)
class MentalFight:
    """A mental combat in progress (the world resource ``mental``). `stage`: START (the target is offered it) or
    GO_ON (after an exchange); `ask`: who is asked now, in order; `answers`: the go-on answers given so far, secret
    until all are in; `attributes`: (fighter, INT or VOL); `floors`: (fighter, lowest ENE it may reach); `ends`:
    fighters whose own activation ends after the fight (PSI-14)."""
    attacker: int
    defender: int
    stage: str
    ask: tuple[int, ...]
    attributes: tuple[tuple[int, str], ...] = ()
    floors: tuple[tuple[int, int], ...] = ()
    answers: tuple[tuple[int, bool], ...] = ()
    exchanges: int = 0
    ends: tuple[int, ...] = ()

    def other(self, e: int) -> int:
        return self.defender if e == self.attacker else self.attacker

    def attribute(self, e: int) -> str:
        return dict(self.attributes)[e]

    def floor(self, e: int) -> int:
        return dict(self.floors)[e]


def current(gs: GameState) -> MentalFight | None:
    """The mental combat in progress, or None (cheap: asked at every pending decision)."""
    return gs.world.resources.get(RESOURCE)


def _store(gs: GameState, fight: MentalFight | None) -> None:
    if fight is None:
        gs.world.resources.pop(RESOURCE, None)
    else:
        gs.world.resources[RESOURCE] = fight
    gs.world.bump_version()                     # the fight is state: answers cached on world.version go stale


def floor_of(gs: GameState, e: int) -> int:
    """CBA-19 ruling (4): the character whose activation it is may not go below ENE 0; anyone else down to −10."""
    flow = gs.world.resources.get("flow")
    return 0 if isinstance(flow, Flow) and flow.active == e else -10


def may_fight(gs: GameState, e: int) -> bool:
    """MET-9: a neuromancer or a puppeteer able to act."""
    return gs.able(e) and bool(meta.corrupt_attributes(gs, e))


def offer(gs: GameState, attacker: int, target: int, attribute: str, aim: str | None) -> bool:
    """CBA-19 / MET-9: right after `attacker`'s Corromper / Hackear (with `attribute`) against `target` (`aim`: its
    equipment, TRT-ICE tier 3: nothing offered), offer the target mental combat if it may fight and pay for it.
    Returns True if the offer is pending."""
    if aim is not None or not may_fight(gs, target) or not gs.able(attacker):
        return False
    floor = floor_of(gs, target)
    if gs.energy(target) - COST < floor:
        return False
    fight = MentalFight(attacker, target, START, (target,), attributes=((attacker, attribute),),
                        floors=((attacker, floor_of(gs, attacker)), (target, floor)))
    _store(gs, fight)
    gs.world.emit("mental_combat_offered", "MET-9", who=target, against=attacker)
    return True


def check_declared(gs: GameState, e: int, params: dict) -> str | None:
    """CBA-19: whether `e` may declare Combate mental now (the `mental_combat` action's validation): only in the
    mental combat's decisions, by the fighter asked. Returns the attribute it starts with (None when going on)."""
    fight = current(gs)
    if params.get("_window") != MENTAL_WINDOW or fight is None:
        raise RuleViolation("CBA-19", "Combate mental is declared only by the target of a Corromper / Hackear, "
                            "right after it, or by a fighter going on after an exchange")
    if not fight.ask or e != fight.ask[0]:
        raise RuleViolation("CBA-19", f"{gs.name(e)} is not the fighter asked now")
    if fight.stage == GO_ON:
        if params.get("attribute") is not None:
            raise RuleViolation("CBA-19", "the attribute is chosen when the mental combat starts")
        return None
    attrs = meta.corrupt_attributes(gs, e)
    a = params.get("attribute", attrs[0] if attrs else None)
    if a not in attrs:
        raise RuleViolation("CBA-19", f"{gs.name(e)} fights with INT as a neuromancer or VOL as a puppeteer, "
                            f"not {a!r}")
    return a


def target_of(gs: GameState, e: int, attribute: str) -> int:
    """The target of `e`'s CH ENF in an exchange: the attribute with its own character modifiers (CHK-1)."""
    return getattr(gs.attrs(e), attribute) + sum(m.value for m in character_mods(gs, e, attribute, "ATR"))


def odds(gs: GameState, e: int, attribute: str, other: int, other_attribute: str) -> tuple[Fraction, Fraction]:
    """CHK-4: the exact chances that `e` wins an exchange against `other`, and that `other` wins it."""
    a, b = target_of(gs, e, attribute), target_of(gs, other, other_attribute)
    return p_opposed_win(a, b), p_opposed_win(b, a)


def _ctx(gs: GameState, fight: MentalFight) -> ActionContext:
    """The context stress is applied in (PSI-14: a fighter in its own activation ends it after the fight)."""
    flow = gs.world.resources.get("flow")
    active = flow.active if isinstance(flow, Flow) else None
    if active == fight.attacker:
        return ActionContext(fight.attacker, KEY, {})
    return ActionContext(fight.attacker, KEY, {}, reaction=True, acting=active)


def _stress(gs: GameState, fight: MentalFight, e: int, rule: str) -> MentalFight:
    ctx = _ctx(gs, fight)
    add_stress(gs, ctx, e, 1, rule, source=fight.other(e))
    return _ended(gs, fight, ctx)


def _ended(gs: GameState, fight: MentalFight, ctx: ActionContext) -> MentalFight:
    ends = set(fight.ends)
    if ctx.end_activation:
        ends.add(ctx.actor)
    if ctx.acting_ends and ctx.acting is not None:
        ends.add(ctx.acting)
    return replace(fight, ends=tuple(sorted(ends)))


def exchange(gs: GameState, fight: MentalFight) -> MentalFight:
    """CBA-19: one exchange: the starter (the defender, side "a") and the corrupter roll their CH ENF; the winner
    gives the loser 1 stress, no CH DEF; a natural 10 is a metahability fumble (MET-7) for its roller."""
    d, a = fight.defender, fight.attacker
    while True:
        rd = roll_character_check(gs, None, d, "ATR", fight.attribute(d), "CBA-19", "Combate mental",
                                  side_of_opposed="a", against=a, extra=traits.opposed_mods(gs, d, fight.attribute(d)))
        ra = roll_character_check(gs, None, a, "ATR", fight.attribute(a), "CBA-19", "Combate mental",
                                  side_of_opposed="b", against=d, extra=traits.opposed_mods(gs, a, fight.attribute(a)))
        w = opposed_winner(rd, ra)
        if w != "reroll":
            break
    gs.world.emit("opposed_resolved", "CBA-19", a=d, b=a, winner=w)
    fight = replace(fight, exchanges=fight.exchanges + 1)
    for who, r in ((d, rd), (a, ra)):
        if r.fumble:
            ctx = _ctx(gs, fight)
            meta.fumble(gs, ctx, who)                                    # ruling (6): MET-7
            fight = _ended(gs, fight, ctx)
    if w is not None:
        fight = _stress(gs, fight, a if w == "a" else d, "CBA-19")
    return fight


def askable(gs: GameState, fight: MentalFight) -> tuple[int, ...]:
    """CBA-19 ruling (4): the fighters asked whether they go on, the corrupter first: those able to act that can
    pay ENE 3 at their floor."""
    return tuple(e for e in (fight.attacker, fight.defender)
                 if gs.able(e) and gs.energy(e) - COST >= fight.floor(e))


class MentalCombats:
    """CBA-19 / MET-9: the decisions of a mental combat (see the module docstring). A mixin of the `Engine`."""

    gs: GameState

    def _mental_pending(self, fight: MentalFight) -> Pending:
        x = fight.ask[0]
        return Pending("react", self.gs.side(x), (KEY,), actor=x, window=MENTAL_WINDOW, against=fight.other(x),
                       against_action="corrupt" if fight.stage == START else KEY, against_target=x)

    def _check_mental(self, x: int, key: str, params: dict) -> int:
        """CBA-19: `check_reaction` while a mental combat is pending (a dry run: the cost, or the RuleViolation)."""
        gs = self.gs
        fight = current(gs)
        if key != KEY:
            raise RuleViolation("CBA-19", f"only Combate mental ({KEY}) may be declared now, not {key!r}")
        check_declared(gs, x, dict(params, _window=MENTAL_WINDOW))
        if gs.energy(x) - COST < fight.floor(x):
            raise RuleViolation("CBA-19", f"Combate mental costs {COST} ENE: {gs.name(x)} has {gs.energy(x)} and may "
                                f"not go below {fight.floor(x)}")
        return COST

    def _mental_answer(self, d: Decision) -> None:
        """CBA-19: one answer in a mental combat: start or decline (the offer), go on or stop (after an exchange).
        An illegal answer raises and changes nothing."""
        gs = self.gs
        fight = current(gs)
        x = fight.ask[0]
        if d.actor is not None and d.actor != x:
            raise RuleViolation("CBA-19", f"it is {gs.name(x)}'s answer in the mental combat, not {d.actor}'s")
        if d.facing is not None:
            raise RuleViolation("MOV-5", "outside its activation a character cannot turn for free")
        go = d.action is not None
        if go:
            self._check_mental(x, d.action, normalise_params(d.params))
        if fight.stage == START:
            if not go:
                gs.world.emit("mental_combat_declined", "CBA-19", who=x, against=fight.attacker)
                self._mental_over(fight)
                return
            a = check_declared(gs, x, dict(normalise_params(d.params), _window=MENTAL_WINDOW))
            gs.world.emit("mental_combat", "CBA-19", who=x, against=fight.attacker, attribute=a, cost=COST)
            gs.set_energy(x, gs.energy(x) - COST, "CBA-19", "Combate mental")
            fight = exchange(gs, replace(fight, stage=GO_ON, ask=(), attributes=fight.attributes + ((x, a),)))
            self._mental_next(fight)
            return
        fight = replace(fight, ask=fight.ask[1:], answers=fight.answers + ((x, go),))
        if fight.ask:
            _store(gs, fight)                        # ruling (3): secret until the other answers
            return
        self._mental_reveal(fight)

    def _mental_next(self, fight: MentalFight) -> None:
        """After an exchange: ask who may go on; a fighter that cannot pay stops (ruling 4)."""
        gs = self.gs
        if not (gs.able(fight.attacker) and gs.able(fight.defender)):
            self._mental_over(fight)
            return
        ask = askable(gs, fight)
        fight = replace(fight, ask=ask, answers=())
        if ask:
            _store(gs, fight)
        else:
            self._mental_reveal(fight)

    def _mental_reveal(self, fight: MentalFight) -> None:
        """CBA-19 ruling (3): both answers are in: reveal them, the continuers pay; both go on: another exchange;
        one: the other takes 1 stress and it ends; neither: it ends."""
        gs = self.gs
        said = dict(fight.answers)
        go = {e: said.get(e, False) for e in (fight.attacker, fight.defender)}
        gs.world.emit("mental_combat_choices", "CBA-19", attacker=fight.attacker, defender=fight.defender,
                      go_on={str(e): v for e, v in go.items()}, forced=[e for e in go if e not in said])
        for e in (fight.attacker, fight.defender):
            if go[e]:
                gs.set_energy(e, gs.energy(e) - COST, "CBA-19", "Combate mental: going on")
        if all(go.values()):
            self._mental_next(exchange(gs, fight))
            return
        quitters = [e for e, v in go.items() if not v]
        if len(quitters) == 1:
            fight = _stress(gs, fight, quitters[0], "CBA-19")
        self._mental_over(fight)

    def _mental_over(self, fight: MentalFight) -> None:
        """The fight ends: the resource goes; a fighter in its own activation that is out of action or reached its
        VOL in stress (PSI-14) ends it, as after the corruption itself."""
        gs = self.gs
        _store(gs, None)
        gs.world.emit("mental_combat_ended", "CBA-19", attacker=fight.attacker, defender=fight.defender,
                      exchanges=fight.exchanges)
        f = self.flow
        act = f.active
        if act not in (fight.attacker, fight.defender):
            return
        down = not gs.able(act)
        if f.stage == "action" and (down or act in fight.ends):
            self._end_activation(act)
        elif f.stage == "react" and f.window is not None and act in fight.ends:
            self._set_flow(window=replace(f.window, end_activation=True))
