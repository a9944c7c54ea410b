"""Movement traits (mov_mod): allowances the engine validates paths against and movement actions a trait forbids."""
from __future__ import annotations

from rules_helpers import Game, M, blade, violation
from wartime.core.components import Traits


def mover(trait: str, *others: M, mov: int = 4) -> Game:
    g = Game(M(x=10, y=20, mov=mov, weapons=(blade(),)), *others)
    if trait:
        g.set(g.ids[0], Traits((trait,)))
    g.start_activation(g.ids[0], energy=10)
    return g


def test_TRT_FAST_run_and_sprint_move_plus_1_K():
    """MOV 4: Correr up to 5 K, Esprintar up to 9 K; with Rápido 6 K and 10 K."""
    g = mover("")
    assert violation(g.engine.check_action, g.ids[0], "run", {"path": [[16, 20]]}).rule_id == "MOV-3"
    f = mover("TRT-FAST")
    a = f.ids[0]
    assert f.engine.check_action(a, "run", {"path": [[16, 20]]}) == 2
    assert f.engine.check_action(a, "sprint", {"path": [[20, 20]]}) == 3
    assert violation(f.engine.check_action, a, "move", {"path": [[15, 20]]}).rule_id == "MOV-3"


def test_TRT_BERSERKER_charge_plus_2_K():
    """MOV 4: a charge reaches MOV + 3 = 7 K; an enemy 8 K away (edge to edge) only with Berserker (9 K)."""
    enemy = M(side="blue", x=19, y=20, facing=180.0)
    g = mover("", enemy)
    assert violation(g.engine.check_action, g.ids[0], "charge", {"target": g.ids[1], "path": [[18, 20]]}).rule_id
    b = mover("TRT-BERSERKER", enemy)
    assert b.engine.check_action(b.ids[0], "charge", {"target": b.ids[1], "path": [[18, 20]]}) == 2


def test_TRT_BURDENED_cannot_run_or_sprint():
    g = mover("TRT-BURDENED")
    a = g.ids[0]
    assert violation(g.engine.check_action, a, "run", {"path": [[12, 20]]}).rule_id == "TRT-BURDENED"
    assert violation(g.engine.check_action, a, "sprint", {"path": [[12, 20]]}).rule_id == "TRT-BURDENED"
    assert g.engine.check_action(a, "move", {"path": [[12, 20]]}) == 1


def test_TRT_VERY_SHORT_LEGS_cannot_sprint_and_melee_CH_IMP_minus_1():
    g = mover("TRT-VERY-SHORT-LEGS", M(side="blue", x=11, y=20, facing=180.0, CON=9))
    a, b = g.ids
    assert violation(g.engine.check_action, a, "sprint", {"path": [[10, 24]]}).rule_id == "TRT-VERY-SHORT-LEGS"
    g.dice.push(5)
    g.act(a, "melee_attack", target=b, weapon=0)
    assert g.check("IMP")["target"] == 4 and g.events("miss")
