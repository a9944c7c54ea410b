"""MVA-17 (the driver's case), continued: a driverless transport (rules/parked.py, rules/parked_hits.py) is hit like
any base by area templates (ARE-5 / ARE-6), by explosions (WND-5, death blasts), and is a target of fire modes, of
reactions (REA-1), of a firearm in melee (CBA-8), of a charge (CBA-12) and of a ram (CBA-23). Scripted dice, the
book's numbers."""
from __future__ import annotations

from dataclasses import replace

from rules_helpers import Game, M, blade, ride, violation, weapon
from test_rules_parked_targets import parked_truck
from wartime.core.components import Mount
from wartime.rules import riding
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.params import CandidateSpace
from wartime.rules.combat import death_blast, resolve_hit


def options(g: Game, a: int, key: str, reaction: bool = False) -> list[dict]:
    return [c.build() for c in REGISTRY[key].candidates(g.gs, a, CandidateSpace(g.gs, a, reaction=reaction))]


def wounds(g: Game, t: int) -> int:
    return g.world.get(t, Mount).wounds


def launcher_at(aim: list[float], *dice: int) -> tuple[Game, int, dict]:
    """A red launcher (DMG 4, R4) 15 K west of the driverless truck (DEF 2, QUA 6) fired at `aim` with `dice`; returns
    (game, truck, the last hit event)."""
    g, t, _ = parked_truck(M(x=5.0, y=20.0, facing=0.0, weapons=(weapon(DMG=4, area="R4", key="launcher"),)), QUA=6)
    a = g.ids[0]
    g.start_activation(a, energy=10)
    g.dice.push(*dice)
    g.act(a, "ranged_attack", aim=aim, weapon=0)
    assert g.all_dice_used()
    return g, t, g.events("hit")[-1]


def test_MVA_17_an_area_template_over_a_parked_transport_hits_it():
    """ARE-5: the launcher aimed at the driverless truck's centre: CH IMP die 2 passes; the truck, fully covered (its
    base holds the centre: no cover, ARE-7), takes DMG 4 with its CH DEF against DEF 2: die 9 fails, 4 wounds
    (CMB-4)."""
    g, t, hit = launcher_at([20.0, 20.0], 2, 9)
    assert hit["target"] == t and hit["dmg"] == 4 and hit["rule"] == "ARE-5"
    dfn = g.events("check")[-1]
    assert dfn["who"] == t and dfn["target"] == 2 and not dfn["passed"] and wounds(g, t) == 4


def test_MVA_17_a_parked_transport_partly_under_a_template_takes_half_the_DMG():
    """ARE-6: the R4 centred 2 K beside the truck (radius 1) covers it only in part: DMG 4 / 2 = 2; its CH DEF die 9
    fails: 2 wounds."""
    g, t, hit = launcher_at([18.0, 20.0], 2, 9)
    assert hit["target"] == t and hit["dmg"] == 2 and hit["rule"] == "ARE-6" and wounds(g, t) == 2


def test_MVA_17_an_exploding_transport_hits_a_parked_one_in_its_blast():
    """WND-5: a red rider's truck (DEF 2, MOV 6) 2 K from blue's driverless truck is destroyed: its blast (DMG 2, 6 K)
    hits its driver (CH DEF die 1: a critical, no wounds) and the driverless truck (CH DEF die 9 fails: 2 wounds)."""
    g, t, _ = parked_truck(M(x=16.0, y=20.0, facing=0.0, weapons=(blade(),)))
    a = g.ids[0]
    ride(g, a, MOV=6, DEF=2, QUA=4, size=2.0, paid=True)
    g.dice.push(1, 9)
    riding.wound_transport(g.gs, None, a, 5, None, resolve_hit, 0)
    boom = g.events("transport_exploded")[-1]
    assert boom["parked"] == [t] and boom["parked_partly"] == [] and boom["hit"] == [a]
    assert wounds(g, t) == 2 and g.all_dice_used()


def test_MVA_17_a_death_blast_hits_a_parked_transport():
    """TRT-LIVING-BOMB's blast (DMG 3 in a round area 10 across) centred on a red character 3 K from the driverless
    truck covers it fully: DMG 3, CH DEF die 9 fails, 3 wounds."""
    g, t, _ = parked_truck(M(x=16.0, y=20.0, facing=0.0, weapons=(blade(),)))
    a = g.ids[0]
    g.dice.push(9)
    death_blast(g.gs, None, a, "TRT-LIVING-BOMB", 3, 10)
    hit = g.events("hit")[-1]
    assert hit["target"] == t and hit["dmg"] == 3 and wounds(g, t) == 3 and g.all_dice_used()


def test_MVA_17_a_fire_mode_at_a_parked_transport():
    """TRT-HEAVY-FIRE at the driverless truck (DEF 2, QUA 8): offered with the plain shot; ENE 2 + 3, DMG 4 + 3 = 7;
    CH IMP die 3 hits, CH DEF die 9 fails: 7 wounds."""
    g, t, _ = parked_truck(M(x=5.0, y=20.0, facing=0.0, weapons=(weapon(DMG=4, traits=("TRT-HEAVY-FIRE",)),)), QUA=8)
    a = g.ids[0]
    assert {"target": t, "weapon": 0, "mode": "TRT-HEAVY-FIRE"} in options(g, a, "ranged_attack")
    g.start_activation(a, energy=10)
    g.dice.push(3, 9)
    g.act(a, "ranged_attack", target=t, weapon=0, mode="TRT-HEAVY-FIRE")
    assert g.events("fire_mode")[-1]["rule"] == "TRT-HEAVY-FIRE" and g.events("hit")[-1]["dmg"] == 7
    assert wounds(g, t) == 7 and g.energy(a) == 5 and g.all_dice_used()


def test_REA_1_a_reaction_may_shoot_a_parked_transport():
    """REA-1 ruling: a reaction is any action the reactor could take: in a reaction window a shot at the enemy's
    driverless truck is offered (after the enemies) and legal; an area weapon is aimed at a point over it instead."""
    g, t, _ = parked_truck(M(x=5.0, y=20.0, facing=0.0, weapons=(weapon(DMG=4), weapon(area="R4", key="launcher"))))
    a = g.ids[0]
    opts = options(g, a, "ranged_attack", reaction=True)
    assert {"target": t, "weapon": 0} in opts and {"target": t, "weapon": 1} not in opts
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": t, "weapon": 1}).rule_id == "ARE-1"


def test_CBA_8_a_firearm_in_melee_at_a_parked_transport_needs_both_CH_IMP():
    """CBA-8 at the driverless truck in base contact: a pistol (DMG 3, CON 5: DMG 3 + 5 − 4 = 4); dice 3 then 7 miss
    (AGI 6); dice 3 then 6 hit, CH DEF die 9 fails: 4 wounds."""
    g, t, _ = parked_truck(M(x=18.45, y=20.0, facing=0.0, CON=5, AGI=6, weapons=(weapon(DMG=3, RNG=10, key="pistol"),)))
    a = g.ids[0]
    assert {"target": t, "weapon": 0} in options(g, a, "melee_attack_firearm")
    g.start_activation(a, energy=10)
    g.dice.push(3, 7)
    g.act(a, "melee_attack_firearm", target=t, weapon=0)
    assert g.events("miss")[-1]["rule"] == "CBA-8" and wounds(g, t) == 0
    g.dice.push(3, 6, 9)
    g.act(a, "melee_attack_firearm", target=t, weapon=0)
    assert g.events("hit")[-1]["dmg"] == 4 and wounds(g, t) == 4 and g.all_dice_used()


def test_CBA_12_a_charge_at_a_parked_transport_gives_its_bonuses():
    """CBA-12: a charger (MOV 5) 6.5 K from the driverless truck charges it (ENE 2, into base contact); its next
    Ataque CaC has CH IMP +1 (AGI 5: target 6, die 6 hits) and DMG +1 (blade DMG 3 + CON 4 − 4 + 1 = 4): CH DEF die 9, 4 wounds. The
    bonuses are then spent."""
    g, t, _ = parked_truck(M(x=12.0, y=20.0, facing=0.0, mov=5, weapons=(blade(DMG=3),)), QUA=6)
    a = g.ids[0]
    opts = options(g, a, "charge")
    assert any(o["target"] == t for o in opts)
    g.start_activation(a, energy=10)
    path = next(o["path"] for o in opts if o["target"] == t)
    g.act(a, "charge", target=t, path=path)
    assert g.events("charged")[-1]["target"] == t and g.energy(a) == 8
    g.dice.push(6, 9)
    g.act(a, "melee_attack", target=t, weapon=0)
    imp = [c for c in g.events("check") if c["who"] == a][-1]
    assert imp["target"] == 6 and g.events("hit")[-1]["dmg"] == 4 and wounds(g, t) == 4
    assert g.gs.effects(a).charge_target is None and g.all_dice_used()


def test_CBA_12_a_charge_at_a_parked_transport_must_reach_it():
    """CBA-12: a path that stops short of the driverless truck's base is refused."""
    g, t, _ = parked_truck(M(x=12.0, y=20.0, facing=0.0, mov=5, weapons=(blade(),)))
    a = g.ids[0]
    g.start_activation(a, energy=10)
    v = violation(g.engine.check_action, a, "charge", {"target": t, "path": [[16.0, 20.0]]})
    assert v.rule_id == "CBA-12"


def test_CBA_23_a_transport_rams_a_parked_one():
    """CBA-23: a red truck (CAL 5, MOV 6) rams blue's driverless truck (DEF 2, CAL 8) after a straight run of 4.975 K:
    CH IMP die 3 hits; DMG = 5 + 5 = 10 (max CAL × 2); its CH DEF die 2 passes: 10 − 2 = 8 wounds (disabled at
    QUA 8, WND-4); pushed (10 − its CAL 8) = 2 K on (ruling 1: its CON is its CAL); the rammer takes an automatic
    DMG 8 + 4.975 / 2 ≈ 10 hit (its CH DEF die 1: a critical, no wounds)."""
    g, t, _ = parked_truck(M(x=13.0, y=20.0, facing=0.0, weapons=(blade(),)), QUA=8)
    a = g.ids[0]
    ride(g, a, MOV=6, DEF=2, QUA=5, size=2.0, paid=True)
    opts = options(g, a, "ram")
    assert [o for o in opts if o["target"] == t]
    path = next(o["path"] for o in opts if o["target"] == t)
    g.start_activation(a, energy=10)
    g.dice.push(3, 2, 1)
    g.act(a, "ram", target=t, path=path)
    assert g.events("hit")[-1]["dmg"] == 10 and wounds(g, t) == 8 and g.world.get(t, Mount).disabled
    assert g.events("pushed")[-1]["who"] == t and abs(g.gs.pos(t).x - 22.0) < 1e-6
    assert g.events("automatic_hit")[-1]["dmg"] == 10 and g.all_dice_used()


def test_MVA_17_an_S_chain_jumps_to_a_parked_transport():
    """ARE-4: an S2 (DMG 3) shot at a blue trooper 2 K from the driverless truck's base: the trooper is hit (CH DEF
    die 1: a critical, no wounds), then the chain jumps to the truck, hit with the full DMG 3 (CH DEF die 9 fails:
    3 wounds)."""
    g, t, _ = parked_truck(M(x=5.0, y=20.0, facing=0.0, weapons=(weapon(DMG=3, area="S2", key="chain"),)),
                           M(side="blue", x=17.5, y=20.0, facing=180.0), QUA=6)
    a, b = g.ids[0], g.ids[1]
    g.start_activation(a, energy=10)
    g.dice.push(2, 1, 9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    hits = [h["target"] for h in g.events("hit")]
    assert hits == [b, t] and g.events("hit")[-1]["dmg"] == 3
    assert wounds(g, t) == 3 and g.wounds(b) == 0 and g.all_dice_used()


def test_PSI_8_the_malus_chooser_is_the_other_side_even_when_the_turn_order_names_one_side():
    """PSI-8: the opposing player chooses a panicked character's malus. In a turn whose initiative order names only
    the panicked character's side (found in a convoy game: a blue rammer panicked by its own wreck's blast while red
    had no one rolling initiative), the other side is the scenario's other side."""
    g, t, d = parked_truck(M(x=5.0, y=20.0))
    g.world.resources["flow"] = replace(g.engine.flow, order=("blue",))
    assert g.engine.malus_chooser(d) == "red" and g.engine.malus_chooser(g.ids[0]) == "blue"
