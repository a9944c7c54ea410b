"""GNA-16 on scenario elements (``[element.use]``, rules/elements.py, rules/actions/elements.py): Usar (X) a door or
a mechanism in base contact, with the X and the check its scenario sets; a door opens and closes its terrain piece
(movement and sight through it), a mechanism is worked once. Tiny boards, scripted dice."""
from __future__ import annotations

from wartime.core.components import Position, Searchable, UsableElement
from wartime.rules import options
from wartime.rules.actions import REGISTRY
from wartime.rules.elements import install_doors
from tests.rules.rules_helpers import Game, M, RuleViolation, piece, violation


def _game(use: UsableElement, rolls=(), *, at=(11.0, 20.0), minis=None) -> Game:
    """red0 at (10, 20) in base contact with the element 'gate' at `at` (radius 0.5); blue1 at (16, 20) beyond the
    door piece 'door' (x 12.5..13.5, blocking, 3 K high)."""
    g = Game(*(minis or (M("red", 10, 20, INT=4), M("blue", 16, 20))), rolls=rolls,
             pieces=[piece("door", "blocking", 12.5, 16, 13.5, 24, height=3.0, blocks_los=True)])
    el = g.world.create(Searchable("gate", "Crypt gate", at[0], at[1], 0.5), use)
    install_doors(g.gs)
    g.el = el
    return g


DOOR = UsableElement(ene=2, check=None, modifier=0, effect="door", door="door")


def test_GNA_16_scenario_door_opens_costs_its_ene_and_clears_sight_and_movement():
    """GNA-16: Usar (X) a door element: X = the scenario's ENE (2), no check when it sets none; the door piece leaves
    the board: the blue miniature beyond it comes into sight; using it again closes it."""
    g = _game(DOOR)
    red, blue = g.ids
    assert not g.gs.has_los(red, blue) and "door" in [p.id for p in g.gs.board.pieces]
    g.start_activation(red, energy=6)
    g.act(red, "use_scenario_element", element="gate")
    assert g.energy(red) == 4 and not g.checks() and g.world.get(g.el, UsableElement).open
    assert "door" not in [p.id for p in g.gs.board.pieces] and g.gs.has_los(red, blue)
    assert g.events("door_opened", rule="GNA-16", element="gate")
    g.act(red, "use_scenario_element", element="gate")
    assert g.energy(red) == 2 and not g.gs.has_los(red, blue) and g.events("door_closed")


def test_GNA_16_scenario_element_check_with_difficulty_fails_and_the_ene_stays_spent():
    """GNA-16: the scenario's check (CH INT with difficulty -1: target 4 - 1 = 3): a 5 fails, the ENE stays spent and
    the door stays closed; a 3 passes and opens it."""
    g = _game(UsableElement(ene=1, check="INT", modifier=-1, effect="door", door="door"), rolls=[5, 3])
    red, blue = g.ids
    g.start_activation(red, energy=5)
    g.act(red, "use_scenario_element", element="gate")
    c = g.checks("ATR")[0]
    assert c["target"] == 3 and not c["passed"] and g.mods(c) == {"GNA-16": -1}
    assert g.energy(red) == 4 and not g.world.get(g.el, UsableElement).open and g.events("element_use_failed")
    g.act(red, "use_scenario_element", element="gate")
    assert g.energy(red) == 3 and g.world.get(g.el, UsableElement).open and g.all_dice_used()


def test_GNA_16_scenario_element_offered_only_in_base_contact():
    """GNA-16: the element is a legal option only to a character in base contact; far away Usar of it is refused."""
    g = _game(DOOR, at=(11.0, 20.0), minis=(M("red", 5, 20), M("blue", 16, 20)))
    red, _ = g.ids
    g.start_activation(red, energy=6)
    assert "use_scenario_element" not in options.offered_actions(g.engine, red)
    assert violation(g.act, red, "use_scenario_element", element="gate").rule_id == "GNA-16"
    g.set(red, Position(10.0, 20.0, 0.0))
    assert "use_scenario_element" in options.offered_actions(g.engine, red)
    (c,) = REGISTRY["use_scenario_element"].candidates(g.gs, red, None)
    assert c.label == "open Crypt gate" and c.build() == {"element": "gate"}


def test_GNA_16_scenario_door_does_not_close_on_a_miniature_in_the_doorway():
    """GNA-16: an open door does not close while a miniature's base stands in its doorway."""
    g = _game(DOOR, minis=(M("red", 10, 20), M("blue", 13, 18)))
    red, blue = g.ids
    g.start_activation(red, energy=6)
    g.act(red, "use_scenario_element", element="gate")
    assert violation(g.act, red, "use_scenario_element", element="gate").rule_id == "GNA-16"
    assert g.world.get(g.el, UsableElement).open and g.energy(red) == 4


def test_GNA_16_scenario_mechanism_is_worked_once_and_not_as_a_reaction():
    """GNA-16: a mechanism is worked once (then no longer offered); Usar is taken in the own activation only."""
    g = _game(UsableElement(ene=1, check=None, modifier=0, effect="mechanism"))
    red, _ = g.ids
    g.start_activation(red, energy=6)
    assert violation(g.act, red, "use_scenario_element", element="gate", _window=1).rule_id == "GNA-16"
    g.act(red, "use_scenario_element", element="gate")
    assert g.world.get(g.el, UsableElement).used and g.events("mechanism_worked", element="gate")
    assert "use_scenario_element" not in options.offered_actions(g.engine, red)
    assert g.gs.doors is None
    assert "search" not in options.offered_actions(g.engine, red)     # a used element is not searched (GNA-2)
