"""Issue 12: Fortuna (TRT-FORTUNE, rules/fortune.py): once per turn, one of six alternatives, each a question asked of
the carrier's side mid-resolution (rules/asking.py), set up with scripted dice and checked against the catalogue
effect and its ruling; the object holder's use; the catalogue price."""
from __future__ import annotations

import pytest

from rules_helpers import Decision, Game, M, RuleViolation, weapon
from wartime.core.components import Gear, Item, Traits
from wartime.data.loader import priced_trait
from wartime.rules import asking, fortune, traits
from wartime.rules.traits.fortune import (CANCEL_DIE, DMG_PLUS, IGNORE_DAMAGE, IGNORE_FUMBLE, RECOVER, TARGET_PLUS)

F = "TRT-FORTUNE"


def duel(red: bool = True, blue: bool = False, blue_wounds: int = 0) -> Game:
    """Red (AGI 5: CH IMP target 5 at 9 K) shoots a rifle (DMG 4) at blue (CON 9, DEF 0) 9 K east of it; reaction
    windows are passed by hand (`shoot`); Fortune on red, blue or both."""
    g = Game(M(x=10, y=20, AGI=5, CON=5, weapons=(weapon(DMG=4),)),
             M(side="blue", x=20, y=20, facing=180.0, CON=9, wounds=blue_wounds))
    if red:
        g.set(g.ids[0], Traits((F,)))
    if blue:
        g.set(g.ids[1], Traits((F,)))
    g.auto_pass = False
    g.start_activation(g.ids[0], energy=10)
    return g


def to_question(g: Game) -> None:
    """Every ordinary reaction window is passed; stops at a Fortune question or the next action."""
    g.pass_windows_until(fortune.WINDOW)


def shoot(g: Game, *dice: int) -> None:
    g.shoot(fortune.WINDOW, *dice)


def answer(g: Game, key: str | None) -> None:
    p = g.pending
    g.engine.submit(Decision("react", p.side, actor=p.actor, action=key))
    to_question(g)


def asked(g: Game):
    p = g.pending
    assert p is not None and p.window == fortune.WINDOW, p
    return p, fortune.current(g.gs)


def test_TRT_FORTUNE_cancel_die_rerolls_its_own_failed_check():
    """The CH IMP fails (9 against 5): red's side is asked (no ENE, nothing rolled further yet); cancelling the die
    rolls it again (2 passes) and the hit lands (DEF 5 fails: 4 wounds, CH PSI 5)."""
    g = duel()
    a, t = g.ids
    shoot(g, 9, 2, 5, 5)
    p, q = asked(g)
    assert (p.kind, p.side, p.actor, p.options) == ("react", "red", a, (CANCEL_DIE,))
    assert (q.moment, q.check, q.die, q.target) == ("check", "CH IMP", 9, 5)
    assert [o.key for o in g.engine.legal_options()] == [CANCEL_DIE]
    assert g.engine.check_reaction(a, CANCEL_DIE, {}) == 0
    assert not g.events("damage")
    answer(g, CANCEL_DIE)
    assert g.all_dice_used() and fortune.current(g.gs) is None
    imp = g.checks("IMP")
    assert [(c["die"], c["passed"], c.get("reroll")) for c in imp] == [(9, False, None), (2, True, F)]
    assert g.wounds(t) == 4 and g.events("fortune")[0]["use"] == CANCEL_DIE


def test_TRT_FORTUNE_declined_keeps_the_use_and_the_failure():
    """Passing the question: the die stands (a miss) and the use is still free this turn."""
    g = duel()
    a, t = g.ids
    shoot(g, 9)
    answer(g, None)
    assert g.wounds(t) == 0 and not g.events("fortune") and not fortune.used(g.gs, a)
    assert len(g.checks("IMP")) == 1 and g.all_dice_used()


def test_TRT_FORTUNE_success_target_plus_1_when_missed_by_one():
    """A 6 against 5 misses by exactly 1: "éxito +1" is offered beside the cancel; taken, the check passes at 6 with
    no new die (DEF 5 fails: 4 wounds)."""
    g = duel()
    a, t = g.ids
    shoot(g, 6, 5, 5)
    p, q = asked(g)
    assert p.options == (TARGET_PLUS, CANCEL_DIE)
    answer(g, TARGET_PLUS)
    assert g.all_dice_used() and len(g.checks("IMP")) == 1
    assert g.wounds(t) == 4 and g.events("fortune")[0]["use"] == TARGET_PLUS


def test_TRT_FORTUNE_target_plus_not_offered_when_missed_by_more():
    g = duel()
    shoot(g, 7)
    assert asked(g)[0].options == (CANCEL_DIE,)


def test_TRT_FORTUNE_ignore_a_fumble_of_its_own_check():
    """A 10 on its CH DEF (DEF 0 against a hit on it) fumbles: CMB-9 would add DMG +1. Ignoring the fumble judges the
    10 as a plain failed die: the hit deals DMG 4, not 5, and no CMB-9 event."""
    g = duel(red=False, blue=True)
    a, t = g.ids
    shoot(g, 2, 10, 5)
    p, q = asked(g)                       # first: the enemy's passed CH IMP against blue may be cancelled
    assert (p.actor, p.options, q.moment, q.other) == (t, (CANCEL_DIE,), "enemy_check", a)
    answer(g, None)
    p, q = asked(g)
    assert (p.actor, p.options, q.check, q.die) == (t, (IGNORE_FUMBLE, CANCEL_DIE), "CH DEF", 10)
    answer(g, IGNORE_FUMBLE)
    assert not g.events("defence_fumble")
    assert g.events("damage")[0]["dmg"] == 4 and g.wounds(t) == 4
    h = duel(red=False, blue=True)
    shoot(h, 2, 10, 5)
    answer(h, None)
    answer(h, None)
    p, q = asked(h)                     # the wounds known: ignoring the damage is still offered
    answer(h, None)
    assert h.events("defence_fumble") and h.wounds(h.ids[1]) == 5


def test_TRT_FORTUNE_cancel_an_enemy_die_against_it():
    """Red's CH IMP at blue passes (2): blue's side cancels it; red rolls again (8: a miss)."""
    g = duel(red=False, blue=True)
    a, t = g.ids
    shoot(g, 2, 8)
    p, q = asked(g)
    assert (p.side, p.actor, p.against, q.moment, q.die) == ("blue", t, a, "enemy_check", 2)
    answer(g, CANCEL_DIE)
    assert [(c["who"], c["die"], c["passed"]) for c in g.checks("IMP")] == [(a, 2, True), (a, 8, False)]
    assert g.wounds(t) == 0 and g.all_dice_used() and fortune.used(g.gs, t)


def test_TRT_FORTUNE_ignore_damage_of_a_wounding_hit():
    """The hit would deal 4 wounds to blue (DEF 5 fails): ignoring the damage leaves it unwounded, with no CH PSI."""
    g = duel(red=False, blue=True)
    a, t = g.ids
    shoot(g, 2, 5)
    answer(g, None)                       # the enemy die stands
    answer(g, None)                       # its own failed CH DEF stands
    p, q = asked(g)
    assert (p.options, q.moment, q.wounds) == ((IGNORE_DAMAGE,), "damage", 4)
    answer(g, IGNORE_DAMAGE)
    assert g.wounds(t) == 0 and g.events("damage")[0]["wounds"] == 0 and not g.checks("PSI")
    assert g.all_dice_used()


def test_TRT_FORTUNE_dmg_plus_1_on_its_hit():
    """Red's hit (CH DEF 5 fails against DMG 4): DMG +1 would deal a 5th wound: taken, blue takes 5."""
    g = duel()
    a, t = g.ids
    shoot(g, 2, 5, 5)
    p, q = asked(g)
    assert (p.actor, p.options, q.moment, q.wounds, q.more) == (a, (DMG_PLUS,), "hit", 4, 5)
    answer(g, DMG_PLUS)
    assert g.wounds(t) == 5 and g.events("damage")[0]["dmg"] == 5


def test_TRT_FORTUNE_recover_a_wound_when_its_activation_starts():
    """Blue (2 wounds) is activated: its side is asked before the ENE gain; recovering leaves 1 wound and the gain
    counts it (CON 9 + AGI 5 − 1, capped at 10)."""
    g = duel(red=False, blue=True, blue_wounds=2)
    a, t = g.ids
    g.engine._end_activation(a)
    g.engine.submit(Decision("activate", "blue", choice=t))
    p, q = asked(g)
    assert (p.actor, p.options, q.moment, q.wounds) == (t, (RECOVER,), "activation", 2)
    answer(g, RECOVER)
    assert g.wounds(t) == 1 and g.events("healed")[0]["rule"] == F
    assert g.pending.kind == "action" and g.pending.actor == t


def test_TRT_FORTUNE_once_per_turn_then_free_again_next_turn():
    """After one use, a later failure that turn asks nothing; the next turn it is asked again."""
    g = duel()
    a, t = g.ids
    shoot(g, 9, 9)
    answer(g, CANCEL_DIE)                 # the reroll fails too: no second question
    assert fortune.used(g.gs, a) and len(g.checks("IMP")) == 2 and fortune.current(g.gs) is None
    shoot(g, 9)
    assert fortune.current(g.gs) is None and len(g.checks("IMP")) == 3
    g.next_turn()
    assert not fortune.used(g.gs, a)
    g.start_activation(a, energy=10)
    shoot(g, 9)
    assert asked(g)[0].options == (CANCEL_DIE,)


def test_TRT_FORTUNE_on_an_object_gives_its_holder_the_use():
    """An object with Fortune held by red: red is asked; handed over to nobody (dropped), it is not."""
    g = duel(red=False)
    a, t = g.ids
    charm = g.world.create(Item("Charm", holder=a), Gear("charm", "Charm", 0, 0, 3, (F,)))
    shoot(g, 9)
    assert asked(g)[0].actor == a
    h = duel(red=False)
    h.world.create(Item("Charm", at=(0.0, 0.0)), Gear("charm", "Charm", 0, 0, 3, (F,)))
    shoot(h, 9)
    assert fortune.current(h.gs) is None and charm


def test_TRT_FORTUNE_without_a_carrier_nothing_is_asked():
    """No character carries it: the plain path (no probe run), the miss stands."""
    g = duel(red=False)
    assert not asking.in_play(g.gs)
    shoot(g, 9)
    assert fortune.current(g.gs) is None and len(g.checks("IMP")) == 1


def test_TRT_FORTUNE_answers_are_checked():
    g = duel()
    a, t = g.ids
    shoot(g, 9)
    with pytest.raises(RuleViolation):
        g.engine.submit(Decision("react", "red", actor=a, action=DMG_PLUS))
    with pytest.raises(RuleViolation):
        g.engine.submit(Decision("react", "blue", actor=t))
    with pytest.raises(RuleViolation):
        g.engine.check_reaction(a, IGNORE_DAMAGE, {})


def test_TRT_FORTUNE_is_fielded_on_races_and_objects_and_costs_15():
    assert traits.fielding_problem(F, "race", {F}) is None
    assert traits.fielding_problem(F, "object", {F}) is None
    assert traits.fielding_problem(F, "weapon", {F}) is not None
    assert priced_trait(F, "race", "test", "traits").points == 15
    assert priced_trait(F, "object", "test", "traits").points == 15


def test_TRT_FORTUNE_cancel_the_enemy_die_of_an_opposed_check():
    """Red (CON 7) pushes blue (CON 4, Fortune; CBA-16): the CH IMP (4) passes and blue keeps its use; red's side of
    the CH CON ENF passes (3): blue cancels that die, red rolls 9 and fails; blue's own 5 fails too (its use spent:
    no question), so nobody wins and blue is not pushed."""
    from rules_helpers import blade
    g = Game(M(x=10, y=20, AGI=6, CON=7, weapons=(blade(),)), M(side="blue", x=11, y=20, CON=4, facing=180.0))
    a, t = g.ids
    g.set(t, Traits((F,)))
    g.auto_pass = False
    g.start_activation(a, energy=10)
    g.dice.push(4, 3, 9, 5)
    g.engine.submit(Decision("action", "red", actor=a, action="push", params={"target": t}))
    to_question(g)
    assert asked(g)[1].check == "CH IMP"
    answer(g, None)
    p, q = asked(g)
    assert (p.actor, q.moment, q.other, q.die) == (t, "enemy_check", a, 3)
    answer(g, CANCEL_DIE)
    assert g.all_dice_used() and fortune.current(g.gs) is None
    assert [(c["who"], c["die"], c["passed"]) for c in g.checks("ATR")] == [(a, 3, True), (a, 9, False), (t, 5, False)]
    assert g.events("opposed_resolved")[0]["winner"] is None and g.pos(t) == (11, 20)


def test_TRT_FORTUNE_scripted_answers_follow_the_odds():
    """The scripted controller: a sure pass (+1) is taken; a failed CH IMP is not rerolled (kept for a decisive
    check); a failed CH DEF at 5 (50 %) is; an enemy die at 5 (a reroll misses 50 %) is cancelled; damage of 1 wound
    to a fresh CON 9 is borne, of 4 ignored."""
    from wartime.ai.scripted_fortune import _choice
    g = duel(blue=True)
    a, t = g.ids
    Q = fortune.FortuneQuestion
    assert _choice(g.gs, Q("", (), a, (TARGET_PLUS, CANCEL_DIE), "check", t, "CH IMP", 6, 5)) == TARGET_PLUS
    assert _choice(g.gs, Q("", (), a, (CANCEL_DIE,), "check", t, "CH IMP", 8, 5)) is None
    assert _choice(g.gs, Q("", (), t, (CANCEL_DIE,), "check", a, "CH DEF", 8, 5)) == CANCEL_DIE
    assert _choice(g.gs, Q("", (), t, (CANCEL_DIE,), "enemy_check", a, "CH IMP", 2, 5)) == CANCEL_DIE
    assert _choice(g.gs, Q("", (), t, (IGNORE_DAMAGE,), "damage", a, wounds=1)) is None
    assert _choice(g.gs, Q("", (), t, (IGNORE_DAMAGE,), "damage", a, wounds=4)) == IGNORE_DAMAGE
    assert _choice(g.gs, Q("", (), a, (DMG_PLUS,), "hit", t, wounds=8, more=9)) == DMG_PLUS
    assert _choice(g.gs, Q("", (), a, (DMG_PLUS,), "hit", t, wounds=4, more=5)) is None
