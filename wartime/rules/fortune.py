"""Fortuna (TRT-FORTUNE): "Una vez por turno: ignorar DAÑ o pifia; anular dado, recuperar 1 herida, éxito +1, DAÑ+1."
Ruling: six alternatives, one use per turn; 'anular dado' = cancel one die just rolled (own or enemy) and roll it
again.

The engine's reading (docs/fortune.md):

* One use per game turn per character (SEQ-1: from one turn's start to the next), whichever alternative, kept in
  the world resource ``fortune_used`` = (turn, the characters that used it that turn): a new turn frees it with no
  reset step. A character carrying it twice (race and a held object) still has one use (G10).
* Each alternative is a question asked of the carrier's side at the moment it applies, only when the use is free
  and the alternative would change something:
  - after a check of the carrier fails (rules.checks.roll_check: every check it rolls, CH DEF, CH PSI and CH IMP
    included): *ignore the fumble* when the die fumbled (the die is judged as a plain die against the target: a 10
    still fails unless the target is 10 or more, but the fumble's effects are gone), *success target +1* when the
    die missed the target by exactly 1 and did not fumble (the cleaner reading of "éxito +1": taken after the roll,
    it is never wasted; it turns that failure into a pass), and *cancel the die* (it is rolled again, the new die
    stands);
  - after an enemy's check against the carrier passes (a check aimed at it, a CH IMP at it, rules.combat; or the
    enemy's side of an opposed check, CH ENF, against it, rules.checks.roll_opposed): *cancel the die* (the enemy
    rolls it again; in an opposed check the winner is then judged with the new die);
  - on the carrier's hit, once the CH DEF is rolled, when DMG +1 would deal one more wound: *DMG +1*;
  - when a hit would wound the carrier (after the CH DEF, Larga vida and Afortunado): *ignore the damage* (the
    whole hit: no wounds, no CH PSI);
  - when its activation starts with at least one wound (before the ENE gain): *recover 1 wound*;
  - dice that are no check, *cancel the die* (rolled again, the new die stands): its initiative die below 10
    (SEQ-2, rules.turns); the dispersion of its own area, or of an area landing on it (the dispersed template covers
    it), the highest of the distance dice, the direction kept (ARE-9, rules.areas; the area's carrier asked first,
    one cancel per dispersion); a percentage roll of its own whose outcome went against it (BAS-6: a weapon out of
    ammunition, jammed or defective, an addiction, a withdrawal's 'yonki' roll, Locura asesina, an Inflamable
    blast, a destroyed item's blast, a Pimiento de padrón DMG 0 of its attack; rules.checks.percent with its `who`);
    the Explota D100 of its transport destroyed under it when it blows up (rules.riding); the highest of its Asiento
    eyectable dice (the distance it is thrown, the direction kept; rules.riding.eject); Afortunado's 1D10 (its own
    not ignoring the hit, or an enemy's 1 ignoring the carrier's hit); Runas de vacío's 1D10 (its own above 5, or
    an enemy's 5 or less cancelling the carrier's metahability). A dead character uses no Fortune (WND-3: off the
    table), so Ave Fénix's and Resurrección's dice are never offered.
  A reroll from another trait (G2) comes after Fortune's question.
* The question is asked mid-resolution through the probe run of rules/asking.py (as TRT-BODYGUARD's): the decision
  is applied, the world put back at the question, and applied again with the answer. It is an ordinary 'react'
  decision, ``Pending("react", side, uses, actor=carrier, window="fortune", against=the other character)``: the
  options are the alternatives' action keys (rules/actions/fortune.py); passing keeps the use. Outside a probe run
  (a dry run, the odds) nobody is asked, and a match where no character carries the trait takes the plain path: no
  question, no die, nothing changes.
* The odds shown before an action (rules.odds.attack_odds) count an unused Fortune as a second figure, not in the
  main one (the carrier may keep it for a later, likelier need that turn: the main figure is the attack as the dice
  fall, the second what Fortune can make of it): ``AttackOdds.with_fortune`` is the same attack with the attacker's
  free Fortune spent on its CH IMP at its best (a sure +1 or ignored fumble, else the failed die cancelled; a
  reroll of its own trait first, Fortune kept for the new die: rules.odds.fortune_imp), exact; and
  ``AttackOdds.target_fortune`` says the target has one free (it may then ignore the hit's damage: no figure is
  needed, its harm would be 0). A controller's dry run asks nobody and spends nothing (a legality check)."""
from __future__ import annotations

import sys
from dataclasses import dataclass, replace

from wartime.core.errors import RuleViolation
from wartime.rules import asking, traits
from wartime.rules.checks import CheckResult, Modifier
from wartime.rules.flow import Decision, Pending
from wartime.rules.state import GameState
from wartime.rules.wounds import heal_wounds
from wartime.rules.traits.fortune import (CANCEL_DIE, DMG_PLUS, FORTUNE, IGNORE_DAMAGE, IGNORE_FUMBLE, RECOVER,
                                          TARGET_PLUS, USES)

#: the `Pending.window` of the question and its world resource
WINDOW = RESOURCE = "fortune"
#: the world resource of the uses: (turn, characters that used it this turn)
USED = "fortune_used"
LABELS = {
    IGNORE_DAMAGE: "ignore the damage",
    IGNORE_FUMBLE: "ignore the fumble",
    CANCEL_DIE: "cancel the die and roll it again",
    RECOVER: "recover 1 wound",
    TARGET_PLUS: "success target +1",
    DMG_PLUS: "DMG +1",
}


@dataclass(frozen=True)
class FortuneQuestion:
    """A use of Fortune the carrier's side may take now (the world resource ``fortune``): `decision` the decision
    being applied (canonical JSON), `answers` the answers given so far in its run (rules/asking.py), `who` the
    carrier, `uses` the alternatives offered, `moment` 'check' (its own failed check), 'enemy_check' (an enemy's
    passed check against it), 'hit' (its hit), 'damage' (a hit on it), 'activation', or a die of no check:
    'initiative' (its SEQ-2 die), 'dispersion' (of its own area), 'landing' (of an area landing on it), 'percent'
    (a 1D100 of its own: `target` the chance, `check` the reason), 'ejection' (the highest of its Asiento eyectable
    dice), 'luck' (Afortunado's 1D10, its own or its
    enemy's 1 ignoring its hit) or 'void_runes' (Runas de vacío's 1D10, its own or its enemy's); `other` the enemy rolling, hit or hitting; `check` the check's reason, `die` and
    `target` its die and target number; `wounds` the wounds the hit deals, `more` with DMG +1."""
    decision: str
    answers: tuple[int, ...]
    who: int
    uses: tuple[str, ...]
    moment: str
    other: int | None = None
    check: str = ""
    die: int = 0
    target: int = 0
    wounds: int = 0
    more: int = 0


class FortuneAsk(asking.Ask):
    """Raised where a use of Fortune may be taken and the answer is not known yet (caught by the probe run)."""

    def __init__(self, **fields):
        super().__init__("TRT-FORTUNE: a use of Fortune may be taken")
        self.fields = fields

    def store(self, gs, decision: str, answers: tuple[int, ...]) -> None:
        q = FortuneQuestion(decision, answers, **self.fields)
        gs.world.resources[RESOURCE] = q
        gs.world.emit("fortune_offered", FORTUNE, who=q.who, uses=list(q.uses), moment=q.moment, against=q.other)


# --- the question kind (rules/asking.py) -----------------------------------------------------------------------
def current(gs: GameState) -> FortuneQuestion | None:
    """The Fortune question waiting for an answer, or None."""
    return gs.world.resources.get(RESOURCE)


def in_play(gs: GameState) -> bool:
    """A question is waiting or some character on the table carries the trait (else the plain path). Asked at
    every decision of every match: the pass over the miniatures is memoised per world version."""
    return asking.carried_in_play(gs, RESOURCE, "fortune_carried", _carries, among=_among)


def _among(gs: GameState) -> tuple[int, ...]:
    """Issue 20: only a carrier of a ``fortune_uses`` trait can have a use (`traits.fortune_uses`)."""
    return traits.hook_carriers(gs, "fortune_uses")


def pending(gs: GameState, q: FortuneQuestion) -> Pending:
    return Pending("react", gs.side(q.who), q.uses, actor=q.who, window=WINDOW, against=q.other,
                   against_target=q.who)


def check_declared(gs: GameState, actor: int, key: str | None = None) -> FortuneQuestion:
    """TRT-FORTUNE: `actor` is the carrier asked now (and `key` one of the alternatives offered); the question."""
    q = current(gs)
    if q is None or q.who != actor:
        raise RuleViolation(FORTUNE, f"{gs.name(actor)} is not asked to use Fortune now")
    if key is not None and key not in q.uses:
        raise RuleViolation(FORTUNE, f"{key!r} is not offered now: {', '.join(q.uses)} or passing")
    return q


def check_answer(gs: GameState, actor: int, key: str) -> int:
    """TRT-FORTUNE: the ENE (none) of answering with `key`; raises when it may not."""
    check_declared(gs, actor, key)
    return 0


def answer(engine, d: Decision, q: FortuneQuestion) -> tuple[int, ...]:
    """Decision `d` answers `q`: the answers to replay its decision with (0: passed, else 1 + the alternative's index
    in `q.uses`)."""
    gs = engine.gs
    if d.kind != "react" or d.side != gs.side(q.who):
        raise RuleViolation(FORTUNE, f"the engine waits for {gs.side(q.who)}'s answer: does {gs.name(q.who)} "
                                     "use Fortune?")
    if d.actor is not None and d.actor != q.who:
        raise RuleViolation(FORTUNE, f"it is {gs.name(q.who)} that is asked, not {d.actor}")
    if d.action is not None and d.action not in q.uses:
        raise RuleViolation(FORTUNE, f"{d.action!r} is not offered now: {', '.join(q.uses)} or passing")
    del gs.world.resources[RESOURCE]
    gs.world.bump_version()
    if d.action is None:
        gs.world.emit("fortune_declined", FORTUNE, who=q.who)
    return q.answers + (0 if d.action is None else 1 + q.uses.index(d.action),)


asking.register_kind(sys.modules[__name__])     # its questions go through the probe run


# --- the uses --------------------------------------------------------------------------------------------------
def _carries(gs: GameState, e: int) -> bool:
    return bool(traits.fortune_uses(gs, e))


def used(gs: GameState, e: int) -> bool:
    """Whether `e` has used its Fortune this turn."""
    u = gs.world.resources.get(USED)
    return u is not None and u[0] == gs.world.resources["flow"].turn and e in u[1]


def _free(gs: GameState, e: int | None, *uses: str) -> tuple[str, ...]:
    """The alternatives among `uses` that `e` may take now: on the table, carrying them, its use not spent."""
    if e is None or not gs.on_table(e):
        return ()
    offered = traits.fortune_uses(gs, e)
    if not offered or used(gs, e):
        return ()
    return tuple(u for u in uses if u in offered)


def free_uses(gs: GameState, e: int | None, *uses: str) -> tuple[str, ...]:
    """The alternatives among `uses` that `e` may take now (on the table, carrying them, its use not spent this
    turn): rules.odds reads it for its Fortune figure."""
    return _free(gs, e, *uses)


def _ask(gs: GameState, who: int, uses: tuple[str, ...], **fields) -> str | None:
    """The alternative `who`'s side takes now (None: it passes, or no probe run asks it), spent if taken."""
    a = asking.answer(gs.world, lambda: FortuneAsk(who=who, uses=uses, **fields))
    if not a:
        return None
    use = uses[a - 1]
    turn = gs.world.resources["flow"].turn
    u = gs.world.resources.get(USED)
    gs.world.resources[USED] = (turn, (u[1] if u is not None and u[0] == turn else ()) + (who,))
    gs.world.bump_version()
    gs.world.emit("fortune", FORTUNE, who=who, use=use)
    return use


def after_check(gs: GameState, who: int, result: CheckResult, reason: str, data: dict, involves: int | None,
                again) -> CheckResult:
    """TRT-FORTUNE after a check is rolled inside a probe run (rules.checks.roll_check; module docstring): a failed
    check of the carrier (ignore the fumble, success target +1, cancel the die) or an enemy's passed check against
    it or opposed to it (`involves`: cancel the die). `again(**data)` rolls the same check again."""
    foe = data.get("against", involves)
    if not result.passed:
        fumble_plain = result.fumble and not result.critical
        uses = _free(gs, who, *((IGNORE_FUMBLE,) if fumble_plain else ()),
                     *((TARGET_PLUS,) if not result.fumble and result.die == result.target + 1 else ()), CANCEL_DIE)
        if not uses:
            return result
        use = _ask(gs, who, uses, moment="check", other=foe, check=reason, die=result.die,
                   target=result.target)
        if use == CANCEL_DIE:
            return again(reroll=FORTUNE)
        if use == IGNORE_FUMBLE:
            return replace(result, fumble=False, passed=result.die <= result.target)
        if use == TARGET_PLUS:
            return replace(result, modifiers=result.modifiers + (Modifier(FORTUNE, 1, "Fortune"),),
                           target=result.target + 1, passed=True)
        return result
    if (foe is None or foe == who or not isinstance(foe, int) or "always_pass" in data or "always_critical" in data
            or gs.side(foe) == gs.side(who)):
        return result
    uses = _free(gs, foe, CANCEL_DIE)
    if uses and _ask(gs, foe, uses, moment="enemy_check", other=who, check=reason, die=result.die,
                     target=result.target):
        return again(reroll=FORTUNE)
    return result


asking.CHECK_HOOKS.append(after_check)


def die_cancelled(gs: GameState, who: int, moment: str, die: int, *, foe: int | None = None, unwanted: bool = True,
                  **fields) -> bool:
    """TRT-FORTUNE ruling: "'anular dado' = cancel one die just rolled (own or enemy) and roll it again", on a die
    that is no check, inside a probe run (module docstring): `who`'s die (its initiative die, a percentage roll of its
    own, Afortunado's 1D10) went against it (`unwanted`): its side is asked; else it went against `foe`, an enemy of
    `who`'s (Afortunado's 1 ignoring `foe`'s hit): `foe`'s side is asked. True: the die is cancelled (the caller rolls
    it again, the new die stands)."""
    if asking.run_of(gs.world) is None:
        return False
    asked = who if unwanted else foe
    if asked is None or (asked != who and gs.side(asked) == gs.side(who)):
        return False
    uses = _free(gs, asked, CANCEL_DIE)
    return bool(uses) and bool(_ask(gs, asked, uses, moment=moment, other=foe if asked == who else who, die=die,
                                    **fields))


def dispersion_cancelled(gs: GameState, attacker: int, die: int, covered) -> int | None:
    """TRT-FORTUNE 'anular dado' on an area's dispersion (ARE-9: no check): the carrier whose area it is (asked
    first), then each carrier the dispersed area lands on (`covered()`: those it covers there, in id order), may
    cancel the highest of its distance dice (`die`; the direction stands), rolled again by the caller. One cancel per
    dispersion. Returns who cancelled it, or None."""
    if asking.run_of(gs.world) is None:
        return None
    if _free(gs, attacker, CANCEL_DIE) and _ask(gs, attacker, (CANCEL_DIE,), moment="dispersion", die=die):
        return attacker
    for e in covered():
        if e != attacker and _free(gs, e, CANCEL_DIE) and _ask(gs, e, (CANCEL_DIE,), moment="landing",
                                                               other=attacker, die=die):
            return e
    return None


def after_percent(gs: GameState, who: int, die: int, chance: int, reason: str) -> bool:
    """TRT-FORTUNE on a percentage roll (BAS-6: no check) of the carrier's own whose outcome went against it
    (rules.checks.percent with its `who`): cancel the die (rolled again by the caller)."""
    return die_cancelled(gs, who, "percent", die, check=reason, target=chance)


asking.DIE_HOOKS.append(after_percent)


def hit_dmg(gs: GameState, attacker: int | None, target: int, dmg: int, n: int, wounds) -> tuple[int, int]:
    """TRT-FORTUNE on the carrier's hit, its CH DEF rolled: DMG +1 when it deals one more wound (`wounds(dmg)`: the
    wounds a DMG deals this hit). Returns (DMG, wounds)."""
    if asking.run_of(gs.world) is None or attacker is None or not _free(gs, attacker, DMG_PLUS):
        return dmg, n
    more = wounds(dmg + 1)
    if more <= n or not _ask(gs, attacker, (DMG_PLUS,), moment="hit", other=target, wounds=n, more=more):
        return dmg, n
    return dmg + 1, more


def ignore_damage(gs: GameState, target: int, attacker: int | None, n: int) -> int:
    """TRT-FORTUNE: a hit would deal `n` > 0 wounds to the carrier: ignoring the damage makes it none."""
    if asking.run_of(gs.world) is None or not _free(gs, target, IGNORE_DAMAGE):
        return n
    return 0 if _ask(gs, target, (IGNORE_DAMAGE,), moment="damage", other=attacker, wounds=n) else n


def recover(gs: GameState, e: int) -> bool:
    """TRT-FORTUNE at the start of the carrier's activation with wounds: recover 1 wound (WND-2, rules.wounds);
    True when taken."""
    if asking.run_of(gs.world) is None or gs.wounds(e) <= 0 or not _free(gs, e, RECOVER):
        return False
    if not _ask(gs, e, (RECOVER,), moment="activation", wounds=gs.wounds(e)):
        return False
    heal_wounds(gs, e, 1, FORTUNE)
    return True

