"""Possession (MET-10, PSI-17, CBA-21 Poseer, GNA-11 Marcar un objetivo; rules/possession.py) with scripted dice."""
from __future__ import annotations

from dataclasses import replace

from rules_helpers import Game, M, violation
from wartime.core.components import Metahabilities, Metahability, Possessed, Stress, Traits
from wartime.core.errors import NotImplementedRule
from wartime.rules import possession
from wartime.rules.reactors import possessed_reason
from wartime.rules.traits.devices import marked_by

NEURO = ("TRT-NEUROMANCER",)


def binding() -> Metahability:
    return Metahability("bind", "Bind", 2, 10, 4, "TRT-BINDING", ("TRT-BINDING",), ())


def game(target: dict | None = None, possessor: dict | None = None, extra: tuple = ()) -> Game:
    """A neuromancer (red, INT 6, VOL 7) at (10, 20) facing east; a blue VOL 4 target 5 K in front of it (its base
    edge 5 K away); `extra` more minis."""
    g = Game(M(**{"x": 10, "y": 20, "INT": 6, "VOL": 7, **(possessor or {})}),
             M(**{"side": "blue", "x": 16, "y": 20, "facing": 180.0, "VOL": 4, **(target or {})}), *extra)
    g.set(g.ids[0], Traits(NEURO))
    g.start_activation(g.ids[0], energy=10)
    return g


def possessed(g: Game, die: int = 6) -> tuple[int, int]:
    a, b = g.ids[:2]
    g.dice.push(die)
    g.act(a, "possess", target=b)
    assert g.world.has(b, Possessed)
    return a, b


# --- MET-10 ---------------------------------------------------------------------------------------------------------
def test_MET_10_a_VOL_4_enemy_with_3_stress_cannot_be_possessed_with_4_or_5_it_can():
    for stress, ok in ((3, False), (4, True), (5, True)):
        g = game({"stress": stress})
        a, b = g.ids
        if ok:
            assert g.engine.check_action(a, "possess", {"target": b}) == 3
        else:
            assert violation(g.engine.check_action, a, "possess", {"target": b}).rule_id == "MET-10"


def test_MET_10_a_voluntary_target_is_an_ally_its_own_controller_offers():
    g = game(extra=(M(x=12, y=21, VOL=5),))
    a, _, ally = g.ids
    assert g.engine.check_action(a, "possess", {"target": ally}) == 3


def test_MET_10_equipment_the_target_does_not_carry_is_refused_naming_the_rule():
    """Equipment possession is played (tests/rules/test_rules_possession_equipment.py); a transport the target does
    not ride is refused clearly."""
    g = game({"stress": 4})
    a, b = g.ids
    exc = violation(g.act, a, "possess", target=b, aim="transport")
    assert not isinstance(exc, NotImplementedRule) and exc.rule_id == "CBA-21" and "transport" in str(exc)


# --- CBA-21 ---------------------------------------------------------------------------------------------------------
def test_CBA_21_possess_then_making_it_move_costs_the_neuromante_its_ENE():
    """Target VOL 4 with stress 4 at 5 K; Neuromante INT 6 rolls 6: possessed; making it Mover costs the
    neuromante ENE 1."""
    g = game({"stress": 4, "energy": 2})
    a, b = possessed(g)
    assert g.energy(a) == 7 and g.check("ATR", rule="CBA-21")["target"] == 6
    assert g.gs.side(b) == "red" and possession.owner_side(g.gs, b) == "blue"
    g.act(a, "command_possessed", target=b)
    assert g.engine.flow.active == b and g.pending.side == "red" and g.energy(b) == 7
    g.act(b, "move", path=[[17, 20]])
    assert g.pos(b) == (17, 20)
    g.act(b, "end")
    assert g.engine.flow.active == a and g.energy(a) == 6 and g.energy(b) == 2     # its own ENE is kept
    assert g.all_dice_used()


def test_CBA_21_a_failed_check_possesses_nothing_and_the_ENE_is_spent():
    g = game({"stress": 4})
    a, b = g.ids
    g.dice.push(7)
    g.act(a, "possess", target=b)
    assert not g.world.has(b, Possessed) and g.energy(a) == 7 and g.events("possession_failed")


def test_CBA_21_a_fumble_is_a_metahability_fumble():
    g = game({"stress": 4})
    a, b = g.ids
    g.dice.push(10, 9)                       # CH INT fumble, then the CH PSI fails: +1 stress
    g.act(a, "possess", target=b)
    assert not g.world.has(b, Possessed) and g.stress(a) == 1 and g.events("metahability_fumbled")


def test_CBA_21_needs_a_neuromancer_or_puppeteer_range_and_is_offered_only_to_them():
    g = game({"stress": 4, "x": 30})
    a, b = g.ids
    assert "possess" in g.pending.options
    assert violation(g.engine.check_action, a, "possess", {"target": b}).rule_id == "CBA-21"    # beyond 6 K
    g.dice.push(1)                                  # PSI-15: its CH LOC at stress = VOL
    g.start_activation(b, energy=10)
    assert "possess" not in g.pending.options and "command_possessed" not in g.pending.options
    g.set(b, Traits(()), Metahabilities((binding(),)))          # a puppeteer uses VOL
    assert possession.check_possessor(g.gs, b, None) == "VOL"


def test_CBA_21_a_possessed_character_takes_no_reactions_and_its_activation_passes():
    g = game({"stress": 4})
    a, b = possessed(g)
    g.act(a, "end")
    assert "CBA-21" in possessed_reason(g.gs, b)
    g.start_activation(b)
    assert g.events("activation_passed", who=b) and not g.world.has(b, Possessed)
    assert g.gs.side(b) == "blue" and g.gs.activation(b).acted


def test_CBA_21_the_possessed_is_activated_by_its_own_side_only():
    g = game({"stress": 4})
    a, b = possessed(g)
    g.world.resources["flow"] = replace(g.engine.flow, phase=4)
    assert b in g.engine.eligible_of("blue") and b not in g.engine.eligible_of("red")


# --- PSI-17 ---------------------------------------------------------------------------------------------------------
def test_PSI_17_a_possessed_unconscious_character_moves_on_the_possessors_ENE_and_falls_again():
    g = game({"stress": 5})                         # VOL 4: unconscious (PSI-16)
    a, b = g.ids
    assert not g.gs.able(b)
    possessed(g)
    assert g.gs.able(b) and g.events("stood_up", who=b)
    g.act(a, "command_possessed", target=b)
    g.act(b, "move", path=[[17, 20]])
    assert g.pos(b) == (17, 20) and g.energy(b) == 6
    g.act(b, "end")
    g.act(a, "end")
    g.start_activation(b)                           # its activation passes: the possession ends
    assert not g.gs.able(b) and g.events("fell_unconscious", who=b)


# --- GNA-11 ---------------------------------------------------------------------------------------------------------
def test_GNA_11_a_marked_target_can_be_possessed_again_at_stress_1():
    """A neuromante with INT 6 possessing a VOL 5 target rolls 5: marked; next turn, with the target at stress 1,
    Poseer is allowed."""
    g = game({"stress": 5, "VOL": 5})
    a, b = possessed(g)
    g.dice.push(5)
    g.act(a, "mark_target", target=b)
    assert a in marked_by(g.gs, b) and g.energy(a) == 4
    g.act(a, "end")
    g.start_activation(b)                           # passes: the possession ends
    g.world.set(b, Stress(1))
    g.next_turn()
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "possess", {"target": b}) == 3


def test_GNA_11_needs_a_possessed_target():
    g = game({"stress": 4})
    a, b = g.ids
    assert "mark_target" not in g.pending.options
    assert violation(g.engine.check_action, a, "mark_target", {"target": b}).rule_id == "GNA-11"


def test_MET_10_a_possessed_character_still_belongs_to_its_side_for_initiative_and_victory():
    """Blue's only character is possessed by red: blue still rolls initiative with it (SEQ-2), is not eliminated,
    and counts it as its own casualty if it falls."""
    g = game({"stress": 4})
    a, b = possessed(g)
    assert set(g.engine._rolling_sides()) == {"red", "blue"} and not g.engine._check_victory()
    assert g.engine.casualties("red") == [] and g.engine.casualties("blue") == []
