"""Checks: CHK-1..6 (roll-under d10, criticals and fumbles, CH ATR, CH ENF, CH COM, CH PSI / CH LOC)."""
from __future__ import annotations

from rules_helpers import Game, M, armour, weapon
from wartime.core.rng import ScriptedDice
from wartime.core.world import World
from wartime.rules.checks import Modifier, make_check, roll_opposed
from wartime.rules import psychology


def shooter_and_target(*, AGI=5, target_kw=None, dist=8.0, **kw) -> Game:
    tk = dict(side="blue", x=5 + dist + 1, y=20, CON=9, facing=180.0)
    tk.update(target_kw or {})
    return Game(M(x=5, y=20, AGI=AGI, VOL=6, weapons=(weapon(DMG=3),), **kw), M(**tk))


def test_CHK_1_roll_under_the_target_with_modifiers_added():
    """CHK-1: AGI 5 with two −1 modifiers gives a target of 3: a die of 3 passes and a 4 fails."""
    # two −1s the engine applies: the range penalty at 15 K (MOD-2) and a crouched target beyond 3 K (MVA-4)
    for die, passed in ((3, True), (4, False)):
        g = shooter_and_target(dist=15.0, target_kw={"posture": "crouched"})
        a, b = g.ids
        g.start_activation(a, energy=10)
        g.dice.push(die, 9, 5) if passed else g.dice.push(die)
        g.act(a, "ranged_attack", target=b, weapon=0)
        c = g.check("IMP")
        assert (c["base"], c["target"], c["passed"]) == (5, 3, passed)
        assert g.mods(c) == {"MOD-2": -1, "MVA-4": -1}
        assert g.all_dice_used()
    # no clamping: a +n raises the target above the attribute
    assert make_check("ATR", "AGI", 5, [Modifier("X", 2)], 7).target == 7


def test_CHK_2_a_natural_1_always_passes_and_a_natural_10_always_fails():
    """CHK-2: against a target of 0, a die of 1 passes as a critical; against 12, a die of 10 fails as a
    fumble."""
    # an AGI 1 shooter at 15 K (MOD-2 −1) has a CH IMP target of 0; the target wears DEF 12 in all
    g = shooter_and_target(AGI=1, dist=15.0, target_kw={"protections": (armour(6, key="a"), armour(6, key="b"))})
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(1, 10, 5)                   # CH IMP 1, CH DEF 10, then the wounded target's CH PSI
    g.act(a, "ranged_attack", target=b, weapon=0)
    imp, dfn = g.check("IMP"), g.check("DEF")
    assert (imp["target"], imp["passed"], imp["critical"]) == (0, True, True)
    assert (dfn["target"], dfn["passed"], dfn["fumble"]) == (12, False, True)
    r = make_check("ATR", "VOL", 0, [], 1)
    assert r.passed and r.critical
    r = make_check("ATR", "VOL", 12, [], 10)
    assert not r.passed and r.fumble


def test_CHK_3_attribute_checks_use_the_current_value():
    """CHK-3: a character with VOL 6 passes a CH VOL with a die of 6 and fails with a 7 (its CH PSI when
    wounded is such a check)."""
    for die, passed in ((6, True), (7, False)):
        g = shooter_and_target(target_kw={"VOL": 6})
        a, b = g.ids
        g.start_activation(a, energy=10)
        g.dice.push(2, 5, die)
        g.act(a, "ranged_attack", target=b, weapon=0)
        psi = g.check("PSI")
        assert (psi["attribute"], psi["base"], psi["target"], psi["passed"]) == ("VOL", 6, 6, passed)
        assert g.stress(b) == (0 if passed else 1)
    # after a permanent VOL −1 (PSI-9) the check uses VOL 5
    g = shooter_and_target(target_kw={"VOL": 6})
    a, b = g.ids
    g.dice.push(10)                         # a fumbled CH LOC: VOL 6 → 5 ...
    psychology.loc_check(g.gs, None, b, source=a)
    assert g.gs.attrs(b).VOL == 5
    g.start_activation(a, energy=10)
    g.dice.push(2, 5, 6)                    # ... so a later CH PSI is made against VOL 5
    g.act(a, "ranged_attack", target=b, weapon=0)
    psi = g.checks("PSI")[-1]
    assert psi["base"] == 5 and not psi["passed"]
    assert g.all_dice_used()


def test_CHK_4_opposed_checks_the_lowest_passing_die_wins():
    """CHK-4: A (AGI 6) rolls 4, B (AGI 3) rolls 2: both pass, B wins. 4 and 4: A wins (6 > 3). 7 and 9: both
    fail, nobody wins."""
    def duel(da, db, *more):
        w = World(ScriptedDice([da, db, *more]))
        return roll_opposed(w, 1, "AGI", 6, [], 2, "AGI", 3, [], "TEST", "duel"), w
    assert duel(4, 2)[0] == "b"
    assert duel(4, 4)[0] == "a"
    assert duel(7, 9)[0] is None
    assert duel(5, 2)[0] == "b"                       # only B passes
    # a full tie (same die, same target) is rerolled
    w = World(ScriptedDice([3, 3, 5, 2]))
    assert roll_opposed(w, 1, "AGI", 4, [], 2, "AGI", 4, [], "TEST", "tie") == "b"
    assert len([e for e in w.events if e["type"] == "check"]) == 4
    # each side applies its own modifiers; CHK-2 applies to each side
    w = World(ScriptedDice([1, 1]))
    assert roll_opposed(w, 1, "AGI", 2, [Modifier("X", -3)], 2, "AGI", 3, [], "TEST", "crits") == "b"


def test_CHK_5_the_CH_DEF_target_is_the_sum_of_the_protections_DEF():
    """CHK-5: a character with armour DEF 3 and a shield DEF 1 makes CH DEF against 4; with no protection,
    against 0."""
    g = shooter_and_target(target_kw={"protections": (armour(3, SIZ=4, key="armour"), armour(1, key="shield"))})
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(2, 4, 5)
    g.act(a, "ranged_attack", target=b, weapon=0)
    d = g.check("DEF")
    assert (d["attribute"], d["base"], d["target"], d["passed"]) == (None, 4, 4, True)
    g = shooter_and_target()
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(2, 1)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.check("DEF")["target"] == 0


def test_CHK_5_CH_IMP_is_a_CH_ATR_with_AGI_and_CH_DEF_takes_no_CH_ATR_modifiers():
    """CHK-5 / CHK-1: CH IMP is an AGI check (CH ATR modifiers apply to it); CH DEF is not a CH ATR, so a
    CH ATR +1 (here a critical CH PSI, PSI-4) does not change it."""
    g = shooter_and_target(target_kw={"protections": (armour(2),)})
    a, b = g.ids
    g.gs.set_effects(a, psi_bonus=True)
    g.gs.set_effects(b, psi_bonus=True)
    g.start_activation(a, energy=10)
    g.gs.set_effects(a, psi_bonus=True)
    g.dice.push(2, 2, 5)
    g.act(a, "ranged_attack", target=b, weapon=0)
    imp, dfn = g.check("IMP"), g.check("DEF")
    assert imp["attribute"] == "AGI" and imp["target"] == 6 and g.mods(imp) == {"PSI-4": 1}
    assert dfn["target"] == 2 and dfn["modifiers"] == []


def test_CHK_6_CH_PSI_and_CH_LOC_are_CH_VOL():
    """CHK-6: a VOL 5 character passes a CH PSI with a die of 5 (and fails with 6); a CH LOC is also a CH VOL."""
    for die, passed in ((5, True), (6, False)):
        g = shooter_and_target(target_kw={"VOL": 5})
        a, b = g.ids
        g.dice.push(die)
        r = psychology.psi_check(g.gs, None, b, source=a, reason="test")
        assert r.passed is passed and r.attribute == "VOL" and r.target == 5 and r.kind == "PSI"
    g = shooter_and_target(target_kw={"VOL": 5})
    a, b = g.ids
    g.dice.push(5)
    r = psychology.loc_check(g.gs, None, b, source=a)
    assert r.kind == "LOC" and r.attribute == "VOL" and r.target == 5 and r.passed
