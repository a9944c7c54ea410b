"""Possessed equipment (CBA-21, MET-10, GNA-11: rules/possessed_gear.py), keeping a possession (MET-6:
rules/possession_keep.py) and combined actions through the possessed (CBA-21 ruling 5), with scripted dice."""
from __future__ import annotations

from dataclasses import replace

from rules_helpers import Game, M, ride, violation, weapon
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.params import CandidateSpace
from wartime.rules import riding
from wartime.core.components import (Equipment, Gear, GearMarked, GearStress, Item, Mount, Possessed, PossessedGear,
                                     Traits)

NEURO = ("TRT-NEUROMANCER",)


def game(target: dict | None = None) -> Game:
    """A neuromancer (red, INT 6, VOL 7) at (10, 20) facing east, in its activation with ENE 10; a blue VOL 4
    character 5 K in front of it."""
    g = Game(M(x=10, y=20, INT=6, VOL=7),
             M(**{"side": "blue", "x": 16, "y": 20, "facing": 180.0, "VOL": 4, **(target or {})}))
    g.set(g.ids[0], Traits(NEURO))
    g.start_activation(g.ids[0], energy=10)
    return g


def kit(g: Game, holder: int, QUA: int = 3, stress: int | None = None) -> int:
    """A held Elixir object (usable on its holder) with `stress` (default: its QUA) from an earlier hack."""
    item = g.world.create(Item("Kit", holder=holder), Gear("kit", "Kit", 1, 0, QUA, ("TRT-ELIXIR",),
                                                             (("TRT-ELIXIR", 1),)))
    g.world.set(item, GearStress(QUA if stress is None else stress))
    return item


def possess_kit(g: Game, QUA: int = 3) -> tuple[int, int, int]:
    a, b = g.ids
    item = kit(g, b, QUA)
    g.dice.push(6)
    g.act(a, "possess", target=b, aim=f"item:{item}")
    assert g.world.get(item, PossessedGear).possessor == a
    return a, b, item


def truck(g: Game) -> tuple[int, int]:
    """Blue rides a QUA 4 transport with stress 4 and a mounted rifle (weapon 0), possessed by red."""
    a, b = g.ids
    ride(g, b, QUA=4)
    g.set(b, Equipment((weapon(),), ()))
    g.world.set(b, replace(g.world.get(b, Mount), mounted=(0,)))
    g.world.set(b, GearStress(4))
    g.dice.push(6)
    g.act(a, "possess", target=b, aim="transport")
    assert g.world.get(b, PossessedGear).aim == "transport" and not g.world.has(b, Possessed)
    return a, b


# --- MET-10 ---------------------------------------------------------------------------------------------------------
def test_MET_10_equipment_needs_as_much_stress_as_its_QUA():
    g = game()
    a, b = g.ids
    item = kit(g, b, QUA=3, stress=2)
    assert violation(g.engine.check_action, a, "possess", {"target": b, "aim": f"item:{item}"}).rule_id == "MET-10"
    g.world.set(item, GearStress(3))
    assert g.engine.check_action(a, "possess", {"target": b, "aim": f"item:{item}"}) == 3
    assert {"target": b, "attribute": "INT", "aim": f"item:{item}"} in [
        c.build() for c in REGISTRY["possess"].candidates(g.gs, a, CandidateSpace(g.gs, a))]


def test_MET_10_equipment_of_a_character_beyond_INT_K_is_refused():
    g = game({"x": 30})
    a, b = g.ids
    item = kit(g, b)
    assert violation(g.engine.check_action, a, "possess", {"target": b, "aim": f"item:{item}"}).rule_id == "CBA-21"


# --- CBA-21 ---------------------------------------------------------------------------------------------------------
def test_CBA_21_a_possessed_QUA_3_object_given_4_wounds_is_destroyed():
    """The book's test: a possessed CAL 3 object given 4 wounds (no CH DEF) is destroyed."""
    g = game()
    a, b, item = possess_kit(g)
    assert g.energy(a) == 7
    g.act(a, "control_equipment", equipment=item, do="wounds", wounds=4)
    assert g.world.get(item, Gear).destroyed and g.energy(a) == 7
    assert g.events("equipment_wound")[-1]["destroyed"] is True
    assert not g.world.has(item, PossessedGear) and g.all_dice_used()


def test_CBA_21_wounds_are_at_most_QUA_plus_1_in_all_and_handled_once_an_activation():
    g = game()
    a, b, item = possess_kit(g)
    assert violation(g.act, a, "control_equipment", equipment=item, do="wounds", wounds=5).rule_id == "CBA-21"
    g.act(a, "control_equipment", equipment=item, do="wounds", wounds=1)
    assert g.world.get(item, Gear).wounds == 1
    assert "control_equipment" not in g.pending.options
    assert violation(g.act, a, "control_equipment", equipment=item, do="off").rule_id == "CBA-21"


def test_CBA_21_a_switched_off_object_cannot_be_used_until_the_possession_ends():
    g = game({"wounds": 1})
    a, b, item = possess_kit(g)
    g.act(a, "control_equipment", equipment=item, do="off")
    g.act(a, "end")
    g.start_activation(b, energy=10)
    assert "use_object" not in g.pending.options
    assert violation(g.act, b, "use_object", item=f"item:{item}").rule_id == "CBA-21"
    g.act(b, "end")                                   # its holder's next activation ends: so does the possession
    assert not g.world.has(item, PossessedGear)
    g.next_turn()
    g.start_activation(b, energy=10)
    g.act(b, "use_object", item=f"item:{item}")
    assert g.wounds(b) == 0


def test_CBA_21_a_switched_off_transport_cannot_move_nor_fire_its_mounted_weapons_and_switches_on_again():
    g = game({"AGI": 6})
    a, b = truck(g)
    g.act(a, "control_equipment", equipment=b, do="off")
    g.act(a, "end")
    g.start_activation(b, energy=10)
    assert violation(g.engine.check_action, b, "move", {"path": [[15, 20]]}).rule_id == "CBA-21"
    assert violation(g.engine.check_action, b, "ranged_attack", {"target": a, "weapon": 0}).rule_id == "CBA-21"
    g.act(b, "end")
    assert not g.world.has(b, PossessedGear)          # the possession ended with its activation: on again
    assert g.engine.check_action(b, "ranged_attack", {"target": a, "weapon": 0}) > 0


def test_CBA_21_possessed_equipment_is_switched_on_again_by_its_possessor():
    g = game()
    a, b = truck(g)
    g.act(a, "control_equipment", equipment=b, do="off")
    assert g.world.get(b, PossessedGear).off
    g.act(a, "end")
    g.next_turn()                                      # blue has not acted since: still possessed
    g.start_activation(a, energy=10)
    assert "control_equipment" in g.pending.options
    g.act(a, "control_equipment", equipment=b, do="on")
    assert not g.world.get(b, PossessedGear).off


def test_CBA_21_a_failed_check_possesses_no_equipment():
    g = game()
    a, b = g.ids
    item = kit(g, b)
    g.dice.push(8)
    g.act(a, "possess", target=b, aim=f"item:{item}")
    assert not g.world.has(item, PossessedGear) and g.events("possession_failed")[-1]["aim"] == f"item:{item}"


def test_CBA_21_ruling_5_actions_through_the_possessed_chain_with_the_possessor():
    """"Act with" flagged chained (itself a simple action in the chain: the possessor's CH AGI −1, ACT-3): the
    possessed's Mover is the chain's next action (its CH AGI −1); its own chained last action carries the chain back
    to the possessor's next action."""
    g = game({"stress": 4, "AGI": 5})
    a, b = g.ids
    g.dice.push(6)
    g.act(a, "possess", target=b)
    g.dice.push(2)                                     # the possessor's chained "act with": CH AGI 5 −1, passes
    g.act(a, "command_possessed", chain=True, target=b)
    assert g.gs.activation(b).chain_next
    g.dice.push(3)                                     # its chained Mover: CH AGI 5 −1 = 4, die 3 passes
    g.act(b, "move", chain=True, path=[[17, 20]])
    c = g.check("ATR", rule="ACT-3", who=b)
    assert c["target"] == 4 and g.pos(b) == (17, 20)
    g.act(b, "end")
    assert g.engine.flow.active == a and g.gs.activation(a).chain_next
    g.dice.push(4)
    g.act(a, "move", path=[[11, 20]])                  # in the chain too: CH AGI (AGI 5) −1
    assert g.checks("ATR", rule="ACT-3")[-1]["target"] == 4


def test_CBA_21_act_with_unchained_starts_no_chain():
    g = game({"stress": 4})
    a, b = g.ids
    g.dice.push(6)
    g.act(a, "possess", target=b)
    g.act(a, "command_possessed", target=b)
    assert not g.gs.activation(b).chain_next
    g.act(b, "move", path=[[17, 20]])
    assert not g.checks("ATR", rule="ACT-3")


# --- GNA-11 ---------------------------------------------------------------------------------------------------------
def test_GNA_11_possessed_equipment_is_marked_and_possessed_again_whatever_its_stress():
    g = game()
    a, b, item = possess_kit(g)
    g.dice.push(5)
    g.act(a, "mark_target", equipment=item)
    assert g.energy(a) == 4 and g.events("target_marked")[-1]["aim"] == f"item:{item}"
    g.act(a, "end")
    g.start_activation(b, energy=10)
    g.act(b, "end")
    assert not g.world.has(item, PossessedGear)
    g.world.set(item, GearStress(0))
    g.next_turn()
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "possess", {"target": b, "aim": f"item:{item}"}) == 3


# --- MET-6 ----------------------------------------------------------------------------------------------------------
def test_MET_6_a_possession_is_kept_next_turn_for_ENE_3_with_no_check():
    """Possessed in turn 1; its activation passes and ends it; at the start of the possessor's turn-2 activation
    Mantener costs ENE 3, rolls nothing and the target is possessed again (stress no longer needed)."""
    g = game({"stress": 4})
    a, b = g.ids
    g.dice.push(6)
    g.act(a, "possess", target=b)
    g.act(a, "end")
    g.start_activation(b)                             # passes: the possession ends
    assert not g.world.has(b, Possessed)
    g.next_turn()
    from wartime.core.components import Stress
    g.world.set(b, Stress(0))
    g.start_activation(a, energy=10)
    assert "keep_possession" in g.pending.options
    g.act(a, "keep_possession", target=b)
    assert g.world.get(b, Possessed).possessor == a and g.energy(a) == 7 and g.all_dice_used()
    assert not g.checks("ATR", rule="CBA-21")[1:]     # the turn-1 Poseer only


def test_MET_6_a_possession_is_kept_only_at_the_start_of_the_next_turns_activation():
    g = game({"stress": 4})
    a, b = g.ids
    g.dice.push(6)
    g.act(a, "possess", target=b)
    assert "keep_possession" not in g.pending.options     # the same turn
    g.act(a, "end")
    g.start_activation(b)
    g.next_turn()
    g.start_activation(a, energy=10)
    g.act(a, "move", path=[[11, 20]])
    assert "keep_possession" not in g.pending.options
    assert violation(g.act, a, "keep_possession", target=b).rule_id == "MET-6"


def test_MET_6_possessed_equipment_is_kept_with_a_fresh_duration():
    g = game()
    a, b, item = possess_kit(g)
    g.act(a, "end")
    g.start_activation(b, energy=10)
    g.act(b, "end")
    g.next_turn()
    g.start_activation(a, energy=10)
    g.act(a, "keep_possession", target=b, aim=f"item:{item}")
    p = g.world.get(item, PossessedGear)
    assert p.possessor == a and not p.armed and g.energy(a) == 7


# --- MVA-17: a driverless transport ------------------------------------------------------------------------------------
def test_CBA_21_a_driverless_transport_is_possessed_switched_off_and_stays_off_for_whoever_takes_it_over():
    """A blue truck (QUA 4, stress 4) parked 5 K from the neuromancer, its driver walked away: Poseer aims at it; red
    switches it off; a blue walker takes it over (MVA-17): it cannot drive it while the possession lasts (the
    possession goes with the transport, as its stress does)."""
    g = Game(M(x=10, y=20, INT=6, VOL=7), M(side="blue", x=17, y=20, facing=180.0),
             M(side="blue", x=17.0, y=21.52, facing=270.0))
    a, d, walker = g.ids
    g.set(a, Traits(NEURO))
    ride(g, d, MOV=6, QUA=4, size=2.0, paid=True)
    t = riding.park(g.gs, d, (17.0, 20.0))
    g.set(d, replace(g.gs.pos(d), x=35.0, y=35.0))
    g.world.set(t, GearStress(4))
    g.start_activation(a, energy=10)
    assert {"target": t, "attribute": "INT", "aim": "transport"} in [
        c.build() for c in REGISTRY["possess"].candidates(g.gs, a, CandidateSpace(g.gs, a))]
    g.dice.push(6)
    g.act(a, "possess", target=t, aim="transport")
    assert g.world.get(t, PossessedGear).holder == d
    g.act(a, "control_equipment", equipment=t, do="off")
    g.act(a, "end")
    g.start_activation(walker, energy=10)
    g.act(walker, "take_transport", transport=t)
    assert g.world.get(walker, PossessedGear).off
    assert violation(g.engine.check_action, walker, "move", {"path": [[17.0, 26.0]]}).rule_id == "CBA-21"


# --- GNA-11: marks on equipment lost to the effects that remove marks --------------------------------------------------
def test_GNA_11_Municion_desestabilizadora_takes_the_hit_markers_marks_on_equipment():
    from test_rules_traits_combat_feats import attack, destabilised_duel
    g = destabilised_duel()
    a, b = g.ids
    item = kit(g, a)
    g.world.set(item, GearMarked((b,)))
    attack(g, 2, 4)                                    # red's destabilising shot hits blue, the marker
    assert not g.world.has(item, GearMarked) and item in g.events("destabilised")[0]["marks_lost"]


def test_GNA_11_Campo_de_oscuridad_removes_the_marks_on_equipment_in_its_field():
    from test_rules_traits_scenery import darkness_sweep, field_game
    from wartime.core.components import Position
    g = field_game(1, 2.5)
    a, b, c = g.ids
    item = kit(g, b)
    g.world.set(item, GearMarked((a,)))
    g.start_activation(a, energy=10)
    darkness_sweep(g)
    assert g.world.has(item, GearMarked)               # the bearer 2.5 K away: outside its field
    g.set(c, Position(22.5, 20, 0.0))
    darkness_sweep(g)
    lost = g.events("marks_lost")[-1]
    assert not g.world.has(item, GearMarked) and (lost["target"], lost["markers"], lost["equipment"]) == (item, [a], True)


# --- TRT-FLAMMABLE, TRT-EXPLODES: a possessed object destroyed apart from its holder explodes -------------------------
def possessed_bomb(*ids: str, mov: int = 4) -> tuple[Game, int, int, int]:
    """A possessed QUA 3 kit carrying `ids`, held by the blue target (MOV `mov`, CON 9) 6 K in front of the
    neuromancer."""
    g = game({"CON": 9, "mov": mov})
    a, b = g.ids
    item = kit(g, b)
    g.world.set(item, replace(g.world.get(item, Gear), traits=("TRT-ELIXIR",) + ids))
    g.dice.push(6)
    g.act(a, "possess", target=b, aim=f"item:{item}")
    return g, a, b, item


def test_TRT_FLAMMABLE_a_possessed_object_destroyed_explodes_in_its_holders_hands():
    """Ruling: 'muere' is the item destroyed too. Given 4 wounds (QUA 3 + 1: destroyed, WND-5), the flammable kit
    explodes: an object has no DMG, so the blow's DMG is the 4 wounds, halved: DMG 2 in a round area of diameter 2
    centred on its holder, who is hit (CH DEF 9 fails: 2 wounds; its CH PSI 1 passes); the neuromancer 6 K away
    is not. Given 3 wounds (disabled, not destroyed) it does not explode."""
    g, a, b, item = possessed_bomb("TRT-FLAMMABLE")
    g.dice.push(9, 1)
    g.act(a, "control_equipment", equipment=item, do="wounds", wounds=4)
    ev = g.events("death_blast")[-1]
    assert (ev["rule"], ev["who"], ev["dmg"], ev["diameter"], ev["hit"]) == ("TRT-FLAMMABLE", b, 2, 2, [b])
    assert g.events("item_exploded")[-1]["item"] == "Kit" and g.wounds(b) == 2 and g.wounds(a) == 0
    assert g.all_dice_used()
    g, a, b, item = possessed_bomb("TRT-FLAMMABLE")
    g.act(a, "control_equipment", equipment=item, do="wounds", wounds=3)
    assert g.events("death_blast") == [] and g.wounds(b) == 0 and g.all_dice_used()


def test_TRT_EXPLODES_a_possessed_object_destroyed_explodes_50_percent_within_its_holders_MOV_K():
    """A kit with Explota destroyed by 4 possession wounds: D100 50 explodes with the blow's DMG 4 in a round area
    of radius the holder's MOV 6 K: the holder (full: CH DEF 9 fails, 4 wounds, CH PSI 1) and the neuromancer 6 K
    away (partly covered: 2, CH DEF 9 fails, CH PSI 1); D100 51: no explosion."""
    g, a, b, item = possessed_bomb("TRT-EXPLODES", mov=6)
    g.dice.push(50, 9, 1, 9, 1)
    g.act(a, "control_equipment", equipment=item, do="wounds", wounds=4)
    ev = g.events("death_blast")[-1]
    assert (ev["rule"], ev["who"], ev["dmg"], ev["diameter"], ev["hit"]) == ("TRT-EXPLODES", b, 4, 12, [a, b])
    assert g.wounds(b) == 4 and g.wounds(a) == 2 and g.all_dice_used()
    g, a, b, item = possessed_bomb("TRT-EXPLODES", mov=6)
    g.dice.push(51)
    g.act(a, "control_equipment", equipment=item, do="wounds", wounds=4)
    assert g.events("death_blast") == [] and g.wounds(b) == 0 and g.all_dice_used()


def test_TRT_DARKNESS_FIELD_a_possessed_object_destroyed_cancels_N_shield_levels_within_N_K_of_its_holder():
    """'Si explota' = the object destroyed: a level 2 field kit given 4 wounds (destroyed) takes up to 2 Escudo de
    energía levels off every mini within 2 K of its holder's base (a level 3 shield 1 K behind it keeps 1); the
    neuromancer 5 K away keeps its 3. Given 3 wounds (disabled) nothing is lost."""
    from test_rules_traits_scenery import shield
    for wounds, near_left in ((4, 1), (3, 3)):
        g = Game(M(x=10, y=20, INT=6, VOL=7, protections=(shield(3),)),
                 M(side="blue", x=16, y=20, facing=180.0, VOL=4), M(side="blue", x=18, y=20, protections=(shield(3),)))
        a, b, c = g.ids
        g.set(a, Traits(NEURO))
        g.start_activation(a, energy=10)
        item = kit(g, b)
        g.world.set(item, replace(g.world.get(item, Gear), traits=("TRT-ELIXIR", "TRT-DARKNESS-FIELD"),
                                  levels=(("TRT-ELIXIR", 1), ("TRT-DARKNESS-FIELD", 2))))
        g.dice.push(6)
        g.act(a, "possess", target=b, aim=f"item:{item}")
        g.act(a, "control_equipment", equipment=item, do="wounds", wounds=wounds)
        levels = [g.gs.equipment(e).protections[0].level("TRT-ENERGY-SHIELD") for e in (a, c)]
        assert levels == [3, near_left] and g.all_dice_used()
