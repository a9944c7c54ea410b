"""Fanático, Horror, Borracho, Servus and Retirada ordenada, with scripted dice."""
from __future__ import annotations

from rules_helpers import Game, M, blade, violation, weapon
from wartime.core.components import Traits
from wartime.rules import psychology
from wartime.rules.modifiers import character_mods


def test_TRT_FANATIC_never_panics_but_owes_the_malus_and_never_flees():
    """TRT-FANATIC ruling: a failed CH LOC gives the malus (owed to the opposing player) but no panic; the reaction
    Huir is refused."""
    g = Game(M(x=10, y=20, VOL=5), M(side="blue", x=20, y=20))
    a, b = g.ids
    g.set(a, Traits(("TRT-FANATIC",)))
    g.dice.push(9)
    psychology.loc_check(g.gs, None, a, source=b)
    assert not g.gs.psyche(a).panic and g.events("panic_ignored", who=a)[0]["malus_due"]
    from wartime.core.components import MalusDue
    assert g.world.has(a, MalusDue)


def test_TRT_FANATIC_the_flee_reaction_is_refused_naming_it():
    from wartime.rules import traits
    g = Game(M(x=10, y=20), M(side="blue", x=20, y=20))
    a, _ = g.ids
    g.set(a, Traits(("TRT-FANATIC",)))
    assert violation(traits.restrict_action, g.gs, a, "flee").rule_id == "TRT-FANATIC"
    traits.restrict_action(g.gs, a, "run")


def test_TRT_HORROR_a_melee_attacker_must_pass_a_CH_PSI():
    """TRT-HORROR: VOL 5 attacker: CH PSI die 7 fails, the melee attack fails (PSI-5: no CH IMP); die 3 passes and
    the attack goes on; a ranged attack needs no CH PSI."""
    g = Game(M(x=10, y=20, VOL=5, weapons=(blade(),)), M(side="blue", x=11, y=20, facing=180.0, CON=9))
    a, b = g.ids
    g.set(b, Traits(("TRT-HORROR",)))
    g.start_activation(a, energy=10)
    g.dice.push(7)
    g.act(a, "melee_attack", target=b, weapon=0)
    assert g.check("PSI")["rule"] == "TRT-HORROR" and g.checks("IMP") == []
    g.dice.push(3, 9)
    g.act(a, "melee_attack", target=b, weapon=0)
    assert g.checks("IMP")[-1]["die"] == 9
    s = Game(M(x=10, y=20, weapons=(weapon(),)), M(side="blue", x=20, y=20, facing=180.0, CON=9))
    a2, b2 = s.ids
    s.set(b2, Traits(("TRT-HORROR",)))
    s.start_activation(a2, energy=10)
    s.dice.push(9)
    s.act(a2, "ranged_attack", target=b2, weapon=0)
    assert s.checks("PSI") == []


def test_TRT_DRUNK_minus_1_per_turn_after_the_third():
    for turn, value in ((3, 0), (4, -1), (6, -3)):
        g = Game(M(x=10, y=20), M(side="blue", x=20, y=20), turn=turn)
        g.set(g.ids[0], Traits(("TRT-DRUNK",)))
        assert {m.rule: m.value for m in character_mods(g.gs, g.ids[0], "INT", "ATR")}.get("TRT-DRUNK", 0) == value


def test_TRT_SERVUS_CON_and_AGI_plus_1_max_10():
    g = Game(M(x=10, y=20, CON=4, AGI=10), M(side="blue", x=20, y=20))
    a, _ = g.ids
    g.set(a, Traits(("TRT-SERVUS",)))
    assert (g.gs.attrs(a).CON, g.gs.attrs(a).AGI) == (5, 10)
    from wartime.core.components import Energy
    g.set(a, Energy(0))
    g.start_activation(a)
    assert g.energy(a) == 10                                   # ENE-3 gain from the raised CON + AGI (capped)


def test_TRT_ORDERLY_RETREAT_CH_ATR_plus_2_when_disengaging():
    """TRT-ORDERLY-RETREAT: alone against two, the Destrabarse CH PSI of a VOL 5 character has target 7: die 7
    passes."""
    g = Game(M(x=10, y=20, VOL=5, CON=9, facing=0.0),
             M(side="blue", x=11, y=20, facing=180.0, weapons=(blade(),)),
             M(side="blue", x=10, y=21, facing=270.0, weapons=(blade(),)))
    a, _, _ = g.ids
    g.set(a, Traits(("TRT-ORDERLY-RETREAT",)))
    g.start_activation(a, energy=10)
    g.dice.push(7)
    g.act(a, "disengage", path=[[8.6, 18.6]])
    psi = g.check("PSI")
    assert psi["target"] == 7 and psi["passed"]
