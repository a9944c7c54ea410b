"""The scripted controller uses the device traits that open choices (issue 12, group C): Marcar con el marcador
(TRT-TARGET-DESIGNATOR) on the enemy it is about to shoot, when the mark helps that shot and it can still afford it.
Each builds a position with the rule-test helpers and asks the controller for its decision."""
from __future__ import annotations

from tests.ai.test_scripted_objects import decide
from tests.rules.rules_helpers import Game, M, weapon
from wartime.rules.traits.devices import mark

DESIGNATOR = ("TRT-TARGET-DESIGNATOR",)


def scene(*guns) -> Game:
    return Game(M(x=10, y=20, weapons=guns), M(side="blue", x=25, y=20, facing=180.0))


def test_TRT_TARGET_DESIGNATOR_scripted_marks_the_target_then_shoots_it():
    """With a designator rifle and ENE for both, the mark first; once marked, the shot."""
    g = scene(weapon(DMG=4, RNG=40, traits=DESIGNATOR))
    a, b = g.ids
    d = decide(g, a)
    assert d.action == "designate_target" and d.params == {"target": b}
    mark(g.gs, a, b)
    assert decide(g, a).action in ("crouch", "go_prone", "concentrate", "ranged_attack")           # the shot (crouching for it first, MVA-4)


def test_TRT_TARGET_DESIGNATOR_scripted_shoots_at_once_when_the_mark_would_not_help_or_leave_ENE_for_it():
    """The designator on a second gun it does not shoot with, or ENE 2 for a shot of ENE 2: no mark."""
    g = scene(weapon(DMG=4, RNG=40, ENE=2), weapon(DMG=1, RNG=40, key="pointer", traits=DESIGNATOR))
    g.start_activation(g.ids[0], energy=10)
    assert list(g.engine.legal_options("designate_target"))            # the pointer could mark it
    assert decide(g, g.ids[0]).action in ("crouch", "go_prone", "concentrate", "ranged_attack")
    g = scene(weapon(DMG=4, RNG=40, ENE=2, traits=DESIGNATOR))
    assert decide(g, g.ids[0], energy=2).action != "designate_target"
