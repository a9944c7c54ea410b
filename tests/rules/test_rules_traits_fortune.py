"""Issue 12: Fortuna (TRT-FORTUNE, rules/fortune.py): once per turn, one of six alternatives, each a question asked of
the carrier's side mid-resolution (rules/asking.py), set up with scripted dice and checked against the catalogue
effect and its ruling; the object holder's use; the catalogue price."""
from __future__ import annotations

from dataclasses import replace

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


# --- dice of no check: 'anular dado' on its initiative, a dispersion, its percentage rolls, Afortunado -------------
def test_TRT_FORTUNE_cancel_its_own_initiative_die():
    """SEQ-2: red (Fortune, VOL 5) rolls 2 for the initiative: its side is asked; cancelling rolls it again (8: 13),
    blue rolls 4 (9): red has the initiative; the event keeps the cancelled die. A 10 is not offered."""
    g = Game(M(side="red", VOL=5, x=5, y=5), M(side="blue", VOL=5, x=30, y=30), rolls=[2, 8, 4])
    a, b = g.ids
    g.set(a, Traits((F,)))
    g.begin()
    p, q = asked(g)
    assert (p.actor, p.options, q.moment, q.die) == (a, (CANCEL_DIE,), "initiative", 2)
    g.engine.submit(Decision("react", p.side, actor=a, action=CANCEL_DIE))
    rolls = g.events("initiative_roll")
    assert [(r["side"], r["die"], r["total"], r.get("cancelled")) for r in rolls] == [("red", 8, 13, 2),
                                                                                       ("blue", 4, 9, None)]
    assert g.engine.flow.order == ("red", "blue") and fortune.used(g.gs, a) and g.all_dice_used()
    h = Game(M(side="red", VOL=5, x=5, y=5), M(side="blue", VOL=5, x=30, y=30), rolls=[10, 4])
    h.set(h.ids[0], Traits((F,)))
    h.begin()
    assert fortune.current(h.gs) is None and h.engine.flow.order == ("red", "blue") and h.all_dice_used()


def test_TRT_FORTUNE_cancel_a_percentage_roll_of_its_own():
    """BAS-6: red's rifle with Encasquillada (1D100 ≤ 10 jams it) rolls 7: jammed, against red: its side is asked;
    cancelling rolls the 1D100 again (55: no jam) and the shot goes on (CH IMP 2 hits, CH DEF 5 fails, CH PSI 5)."""
    g = Game(M(x=10, y=20, AGI=5, CON=5, weapons=(weapon(DMG=4, traits=("TRT-JAMMING-AMMO",)),)),
             M(side="blue", x=20, y=20, facing=180.0, CON=9))
    a, t = g.ids
    g.set(a, Traits((F,)))
    g.auto_pass = False
    g.start_activation(a, energy=10)
    g.dice.push(7)
    g.act(a, "ranged_attack", target=t, weapon=0)
    to_question(g)
    p, q = asked(g)
    assert (p.actor, q.moment, q.die, q.target) == (a, "percent", 7, 10)
    g.dice.push(55, 2, 5, 5)
    answer(g, CANCEL_DIE)
    assert [r["die"] for r in g.events("percent_roll")] == [7, 55] and not g.events("shot_stopped")
    assert g.wounds(t) == 4 and g.all_dice_used()


@pytest.mark.parametrize("fortune_on", ["target", "attacker"])
def test_TRT_FORTUNE_cancel_an_Afortunado_die(fortune_on):
    """Blue (Afortunado) is hit for 4 wounds: its 1D10 of 5 does not ignore the hit: blue with Fortune is asked and
    cancels it (1 now: the hit is ignored); or its 1D10 of 1 ignores red's hit: red with Fortune cancels that enemy
    die (6 now: the 4 wounds stand)."""
    g = duel(red=fortune_on == "attacker", blue=fortune_on == "target")
    a, t = g.ids
    g.set(t, Traits(((F,) if fortune_on == "target" else ()) + ("TRT-LUCKY",)))
    first, second = (5, 1) if fortune_on == "target" else (1, 6)
    shoot(g, 2, 5, first)
    while asked(g)[1].moment != "luck":       # the questions before (its CH IMP, its CH DEF, DMG +1) are passed
        answer(g, None)
    p, q = asked(g)
    assert (p.actor, q.die) == ((t, 5) if fortune_on == "target" else (a, 1))
    g.dice.push(second, *(() if fortune_on == "target" else (5,)))
    answer(g, CANCEL_DIE)
    luck = g.events("luck_roll")
    assert [(r["die"], r.get("cancelled")) for r in luck] == [(second, first)]
    assert g.wounds(t) == (0 if fortune_on == "target" else 4) and g.all_dice_used()


def area_game(red: bool, blue_at: float):
    """Red (AGI 5) fires an R3 (DMG 4) at blue A (CON 9) 10 K east; blue B (CON 9) stands at (`blue_at`, 20); the
    dispersion direction is 0° (east). Fortune on red or on blue B."""
    from rules_helpers import ScriptedDice
    from test_rules_areas import shooter
    g = Game(shooter(), M(side="blue", x=20, y=20, CON=9, facing=180.0),
             M(side="blue", x=blue_at, y=20, CON=9, facing=180.0))
    g.dice = g.world.dice = ScriptedDice(rolls=(), angles=[0.0])
    a, ta, tb = g.ids
    g.set(a if red else tb, Traits((F,)))
    g.auto_pass = False
    g.start_activation(a, energy=10)
    return g


def test_TRT_FORTUNE_cancel_the_dispersion_die_of_its_own_area():
    """ARE-9: red's CH IMP fails (9; its 'check' question passed): the area disperses 6 K east; red's side is asked
    and cancels the die: rolled again (1), the direction kept, it lands 1 K east of A (A fully covered: DMG 4, CH DEF
    5 fails, CH PSI 5)."""
    g = area_game(True, 35.0)
    a, ta, tb = g.ids
    g.dice.push(9)
    g.act(a, "ranged_attack", target=ta, weapon=0)
    to_question(g)
    assert asked(g)[1].moment == "check"
    g.dice.push(6)
    answer(g, None)
    p, q = asked(g)
    assert (p.actor, q.moment, q.die) == (a, "dispersion", 6)
    g.dice.push(1, 5, 5)
    answer(g, CANCEL_DIE)
    disp = g.events("dispersion")
    assert [(d["dice"], d["to"], d.get("cancelled")) for d in disp] == [([6], [26.0, 20.0], None),
                                                                        ([1], [21.0, 20.0], [6])]
    assert g.wounds(ta) == 4 and g.all_dice_used()


def test_TRT_FORTUNE_cancel_the_dispersion_of_an_area_landing_on_it():
    """Red's area (no Fortune) disperses 3 K east, onto blue B (Fortune) 3 K east of A: B's side is asked (A, not
    covered, carries none) and cancels: the new die (9) takes the area 9 K east, where nobody stands."""
    g = area_game(False, 23.0)
    a, ta, tb = g.ids
    g.dice.push(9, 3)
    g.act(a, "ranged_attack", target=ta, weapon=0)
    to_question(g)
    p, q = asked(g)
    assert (p.actor, q.moment, q.die, q.other) == (tb, "landing", 3, a)
    g.dice.push(9)
    answer(g, CANCEL_DIE)
    assert [d["to"] for d in g.events("dispersion")] == [[23.0, 20.0], [29.0, 20.0]]
    assert not g.events("hit") and g.wounds(tb) == 0 and g.all_dice_used()


def test_TRT_FORTUNE_scripted_answers_on_dice_of_no_check():
    """The scripted controller: an initiative die of 3 is cancelled, of 4 kept; its own area's dispersion die of 6
    cancelled, of 5 kept; an area landing on it always; a 1D100 of its own that went against it at 10 % cancelled,
    at 70 % kept; an enemy's Afortunado 1 cancelled, its own Afortunado die kept; an Asiento eyectable die of 8
    cancelled, of 7 kept."""
    from wartime.ai.scripted_fortune import _choice
    g = duel(blue=True)
    a, t = g.ids
    Q = fortune.FortuneQuestion
    got = [_choice(g.gs, Q("", (), a, (CANCEL_DIE,), m, o, die=d, target=k)) for m, o, d, k in (
        ("initiative", None, 3, 0), ("initiative", None, 4, 0), ("dispersion", None, 6, 0), ("dispersion", None, 5, 0),
        ("landing", t, 1, 0), ("percent", None, 7, 10), ("percent", None, 7, 70), ("luck", t, 1, 0),
        ("luck", t, 5, 0), ("ejection", None, 8, 0), ("ejection", None, 7, 0))]
    assert got == [CANCEL_DIE, None, CANCEL_DIE, None, CANCEL_DIE, CANCEL_DIE, None, CANCEL_DIE, None, CANCEL_DIE,
                   None]


# --- the odds: a second figure with the attacker's Fortune spent on its CH IMP ---------------------------------------
def test_TRT_FORTUNE_fortune_imp_die_chances():
    """CH IMP target 5 with Fortune at its best: 1-5 pass (1 a critical); 6 passes by success +1; 7, 8, 9 and the
    fumble 10 are cancelled and rolled again (half pass, a tenth critical): P(critical) = 0.1 + 0.4 × 0.1 = 0.14,
    P(plain) = 0.4 + 0.1 + 0.4 × 0.4 = 0.66. Target 10: the fumble 10 is ignored (10 ≤ 10): every die passes. With
    Entrenado para matar (a fumble rerolled first, Fortune kept for the new die) at target 9: 1 − 0.1 × 0.1 × 0.1."""
    from fractions import Fraction
    from wartime.rules.odds import fortune_imp
    assert fortune_imp(5, None) == (Fraction(14, 100), Fraction(66, 100))
    assert sum(fortune_imp(10, None)) == 1
    assert sum(fortune_imp(9, "fumble")) == 1 - Fraction(1, 1000)


def test_TRT_FORTUNE_odds_show_the_attack_with_fortune_as_a_second_figure():
    """Red (AGI 9: CH IMP 9, only the fumble fails) with Fortune shoots blue: the plain odds are those without it;
    the second figure (the fumble cancelled and rolled again) equals the odds of the same shot by a red with
    Entrenado para matar (a fumbled CH IMP rerolled) and no Fortune. Blue with a free Fortune is flagged; a spent
    Fortune gives no figure."""
    from wartime.rules.odds import attack_odds
    g = duel(blue=True)
    a, t = g.ids
    g.set(a, replace(g.gs.attrs(a), AGI=9))
    plain = duel(red=False)
    plain.set(plain.ids[0], replace(plain.gs.attrs(plain.ids[0]), AGI=9))
    trained = duel(red=False)
    trained.set(trained.ids[0], replace(trained.gs.attrs(trained.ids[0]), AGI=9))
    trained.set(trained.ids[0], Traits(("TRT-TRAINED-TO-KILL",)))
    odds = attack_odds(g.gs, a, t, weapon_index=0, ranged=True)
    base = attack_odds(plain.gs, *plain.ids, weapon_index=0, ranged=True)
    again = attack_odds(trained.gs, *trained.ids, weapon_index=0, ranged=True)
    assert odds.imp_target == 9 and (odds.p_hit, odds.expected_wounds) == (base.p_hit, base.expected_wounds)
    best = odds.with_fortune
    assert (best.p_hit, best.expected_wounds, best.p_incapacitate) == (again.p_hit, again.expected_wounds,
                                                                       again.p_incapacitate)
    assert best.p_hit > odds.p_hit and odds.target_fortune and not base.target_fortune and base.with_fortune is None
    g.world.resources[fortune.USED] = (g.engine.flow.turn, (a, t))
    g.world.bump_version()
    spent = attack_odds(g.gs, a, t, weapon_index=0, ranged=True)
    assert spent.with_fortune is None and not spent.target_fortune


# --- dice of no check of a transport's wreck and of a withdrawal (issue 12) ------------------------------------------
def probed(g: Game, answers, fn):
    """`fn()` inside a probe run with `answers` (rules/asking.py): the question it stops at (an Ask), or None."""
    asking._RUNS[g.world] = asking.Run(tuple(answers), g.gs)
    try:
        fn()
        return None
    except asking.Ask as ask:
        return ask
    finally:
        asking._RUNS.pop(g.world, None)


def pilot(transport_traits, rolls, angles=()):
    """A pilot with Fortune (its own trait, kept when it leaves the wreck) in a transport (MOV 4, DEF 3, QUA 1) with
    `transport_traits`, an enemy 1 K from its base; the transport is about to take 2 wounds (destroyed, WND-5)."""
    from rules_helpers import ride
    from wartime.core.rng import ScriptedDice
    g = Game(M(x=10, y=20, CON=9), M(side="blue", x=12.5, y=20, facing=180.0), width=60)
    g.dice = g.world.dice = ScriptedDice(rolls=rolls, angles=angles)
    g.set(g.ids[0], Traits((F,)))
    ride(g, g.ids[0], MOV=4, DEF=3, QUA=1, traits=transport_traits)
    return g


def destroy(g: Game, dmg: int = 7):
    from wartime.rules import riding
    from wartime.rules.combat import resolve_hit
    return lambda: riding.wound_transport(g.gs, None, g.ids[0], 2, None, resolve_hit, dmg)


def test_TRT_FORTUNE_cancel_the_Explota_die_of_its_wreck():
    """TRT-EXPLODES: the pilot's transport is destroyed; its D100 30 ≤ 50 blows it up (DMG 7 on the pilot): against
    the pilot, who is asked (moment 'percent'); cancelling rolls it again (60: no explosion, nobody hit). Passing
    keeps the explosion; a D100 of 51 (no explosion) asks nothing."""
    g = pilot(("TRT-EXPLODES",), [30])
    ask = probed(g, (), destroy(g))
    assert isinstance(ask, fortune.FortuneAsk)
    assert (ask.fields["who"], ask.fields["moment"], ask.fields["die"], ask.fields["target"]) == (g.ids[0], "percent",
                                                                                                  30, 50)
    g = pilot(("TRT-EXPLODES",), [30, 60])
    assert probed(g, (1,), destroy(g)) is None
    assert [r["roll"] for r in g.events("percent_roll")] == [30, 60]
    assert g.events("transport_exploded")[0]["dmg"] == 0 and not g.events("hit") and g.all_dice_used()
    g = pilot(("TRT-EXPLODES",), [30] + [9] * 6)
    probed(g, (0,), destroy(g))                             # passed: later questions (its CH DEF) may follow
    assert g.events("transport_exploded")[0]["dmg"] == 7 and not fortune.used(g.gs, g.ids[0])
    g = pilot(("TRT-EXPLODES",), [51])
    assert probed(g, (), destroy(g)) is None and g.events("transport_exploded")[0]["dmg"] == 0


def test_TRT_FORTUNE_cancel_the_Asiento_eyectable_die():
    """TRT-EJECTION-SEAT: the pilot is thrown 9 K (angle 180°): it is asked (moment 'ejection', die 9); cancelling
    rolls the die again (3): it lands 3 K west; the event keeps the cancelled die."""
    g = pilot(("TRT-EJECTION-SEAT",), [9], angles=[180.0])
    ask = probed(g, (), destroy(g))
    assert isinstance(ask, fortune.FortuneAsk)
    assert (ask.fields["who"], ask.fields["moment"], ask.fields["die"]) == (g.ids[0], "ejection", 9)
    g = pilot(("TRT-EJECTION-SEAT",), [9, 3] + [9] * 4, angles=[180.0])
    probed(g, (1, 0, 0, 0), destroy(g))
    ev = g.events("ejected")[0]
    assert (ev["dice"], ev["cancelled"], g.pos(g.ids[0])) == ([3], 9, (7.0, 20.0)) and fortune.used(g.gs, g.ids[0])


def test_TRT_FORTUNE_cancel_the_yonki_die_of_a_withdrawal():
    """TRT-DRUG: an addict's withdrawal rolls 1D100 ≤ 10 for 'yonki': a 4 goes against it: its side is asked
    (moment 'percent'); cancelling rolls it again (50: no yonki)."""
    from wartime.rules.traits.stims import Stims, withdrawal
    g = Game(M(x=10, y=20))
    a = g.ids[0]
    g.set(a, Traits((F,)), Stims(addicted=("stim",), used=(("stim", -5),)))
    g.dice.push(4)
    ask = probed(g, (), lambda: withdrawal(g.gs, a))
    assert (ask.fields["moment"], ask.fields["die"], ask.fields["target"]) == ("percent", 4, 10)
    g = Game(M(x=10, y=20))
    g.set(a, Traits((F,)), Stims(addicted=("stim",), used=(("stim", -5),)))
    g.dice.push(4, 50)
    assert probed(g, (1,), lambda: withdrawal(g.gs, a)) is None
    assert g.events("withdrawal") and not g.events("yonki") and g.all_dice_used()
