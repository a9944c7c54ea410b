"""MVA-17 (the driver's case): a driverless transport (rules/parked.py) is a target of attacks (CMB-1..4, CMB-7,
CMB-9 against its DEF; WND-4 / WND-5 for its wounds) and of a neuromancer's hack (CBA-18, MET-8), each with scripted
dice and the book's numbers."""
from __future__ import annotations

from dataclasses import replace

from rules_helpers import Game, M, blade, ride, violation, weapon
from wartime.core.components import GearStress, Mount, Metahabilities, Traits
from wartime.rules import parked, riding
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.params import CandidateSpace


def parked_truck(*shooters: M, DEF: int = 2, QUA: int = 5, at=(20.0, 20.0)) -> tuple[Game, int, int]:
    """`shooters` (red) and a blue driver whose truck (DEF, QUA, MOV 6, 2 K across) it left parked at `at`; the driver
    then walked away to (35, 35), out of every blast. Returns (game, the parked transport, the driver)."""
    g = Game(*shooters, M(side="blue", x=at[0], y=at[1], facing=0.0, weapons=(blade(),)))
    d = g.ids[-1]
    ride(g, d, MOV=6, DEF=DEF, QUA=QUA, size=2.0, paid=True)
    t = riding.park(g.gs, d, riding.free_spots(g.gs, d, d)[0])
    g.set(d, replace(g.gs.pos(d), x=35.0, y=35.0))
    return g, t, d


def options(g: Game, a: int, key: str) -> list[dict]:
    return [c.build() for c in REGISTRY[key].candidates(g.gs, a, CandidateSpace(g.gs, a))]


def test_MVA_17_a_parked_transport_is_shot_at_against_its_DEF_and_wounded():
    """A rifle (DMG 4) at the driverless truck (DEF 2, QUA 5) 14 K away: CH IMP AGI 5 − 1 (MOD-2: 14 K) = 4, die 3
    hits; the truck's CH DEF against DEF 2, die 9 fails: 4 wounds (CMB-4), not yet disabled. A second hit whose CH
    DEF passes (die 2) gives 4 − 2 = 2 more: 6 > QUA 5, destroyed (WND-5): it explodes and leaves the table."""
    g, t, _ = parked_truck(M(x=5.0, y=20.0, facing=0.0, weapons=(weapon(DMG=4),)))
    a = g.ids[0]
    assert {"target": t, "weapon": 0} in options(g, a, "ranged_attack")
    g.start_activation(a, energy=10)
    g.dice.push(3, 9)
    g.act(a, "ranged_attack", target=t, weapon=0)
    imp, dfn = g.events("check")[-2:]
    assert imp["target"] == 4 and imp["passed"] and dfn["who"] == t and dfn["target"] == 2 and not dfn["passed"]
    assert g.world.get(t, Mount).wounds == 4 and riding.parked(g.gs) == [t]
    assert g.events("transport_wounds")[-1]["disabled"] is False
    g.dice.push(3, 2)
    g.act(a, "ranged_attack", target=t, weapon=0)
    assert g.events("damage")[-1]["wounds"] == 2 and g.events("transport_wounds")[-1]["destroyed"] is True
    boom = g.events("transport_exploded")[-1]
    assert boom["dmg"] == 2 and boom["radius"] == 6.0 and boom["hit"] == []
    assert riding.parked(g.gs) == [] and not g.world.has(t, Mount)
    assert g.all_dice_used() and g.energy(a) == 6


def test_MVA_17_a_parked_transport_struck_in_melee_and_its_CH_DEF_critical_and_fumble():
    """A blade (DMG 3, CON 4: MOD-1 3 + 4 − 4 = 3) against the truck in base contact: CH DEF die 1 is a critical, no
    wounds (CMB-7); die 10 is a fumble, DMG 3 + 1 = 4 wounds (CMB-9). At QUA 4 wounds it is disabled (WND-4)."""
    g, t, _ = parked_truck(M(x=18.45, y=20.0, facing=0.0, weapons=(blade(DMG=3),)), QUA=4)
    a = g.ids[0]
    assert {"target": t, "weapon": 0} in options(g, a, "melee_attack")
    g.start_activation(a, energy=10)
    g.dice.push(3, 1)
    g.act(a, "melee_attack", target=t, weapon=0)
    assert g.events("defence_critical")[-1]["who"] == t and g.world.get(t, Mount).wounds == 0
    g.dice.push(3, 10)
    g.act(a, "melee_attack", target=t, weapon=0)
    assert g.events("damage")[-1]["dmg"] == 4 and g.world.get(t, Mount).wounds == 4
    assert g.world.get(t, Mount).disabled and g.events("transport_wounds")[-1]["disabled"] is True
    assert g.all_dice_used()


def test_MVA_17_a_parked_transport_of_the_own_side_or_out_of_reach_is_no_target():
    """Only an enemy's driverless transport is offered and accepted; melee needs base contact, a shot its range."""
    g, t, d = parked_truck(M(x=5.0, y=20.0, facing=0.0, weapons=(weapon(RNG=10),), ), M(x=8.0, y=20.0,
                                                                                      weapons=(blade(),)))
    a, b, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": t, "weapon": 0}).rule_id == "CMB-10"
    g.start_activation(b, energy=10)
    assert violation(g.engine.check_action, b, "melee_attack", {"target": t, "weapon": 0}).rule_id == "CMB-11"
    g.start_activation(d, energy=10)
    assert parked.enemy_parked(g.gs, d) == [] and {"target": t, "weapon": 0} not in options(g, d, "melee_attack")


def test_MET_8_a_neuromancer_hacks_a_parked_transport():
    """CBA-18 on the driverless truck (QUA 5): a neuromancer INT 7 6 K away, CH IMP die 6 passes; DMG 7 − 4 = 3; the
    truck's CH DEF 1 (no VOL) die 7 fails: 3 stress on it (components.GearStress), counted against its QUA. Whoever
    takes the truck over takes its stress with it. A puppeteer's VOL hack is refused (living characters only)."""
    g, t, _ = parked_truck(M(x=12.5, y=20.0, facing=0.0, INT=7, VOL=7))
    a = g.ids[0]
    g.set(a, Traits(("TRT-NEUROMANCER",)), Metahabilities(()))
    assert {"target": t, "attribute": "INT", "aim": "transport"} in options(g, a, "corrupt")
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "corrupt", {"target": t, "attribute": "VOL"}).rule_id == "MET-8"
    g.dice.push(6, 7)
    g.act(a, "corrupt", target=t, attribute="INT", aim="transport")
    assert g.world.get(t, GearStress).value == 3 and g.energy(a) == 7
    ev = g.events("equipment_stress")[-1]
    assert ev["who"] == t and ev["after"] == 3 and ev["QUA"] == 5
    riding.take_over(g.gs, a, t)
    assert g.world.get(a, GearStress).value == 3


def test_MVA_17_a_passenger_boards_its_sides_driverless_transport_and_rides_on_with_its_new_driver():
    """MVA-17: a red trooper in base contact with red's driverless truck (not en marcha: no roll) boards it as a
    passenger (ENE 1, off the table); an enemy's driverless truck is refused. A red walker then takes the truck over:
    the trooper rides on aboard it; when the truck is destroyed (WND-5) the trooper is put down beside the wreck."""
    from wartime.core.components import Carried
    g = Game(M(x=10.0, y=20.0, weapons=(blade(),)), M(x=10.0, y=21.55), M(x=11.55, y=20.0),
             M(side="blue", x=35.0, y=35.0))
    d, trooper, walker, foe = g.ids
    ride(g, d, MOV=6, QUA=4, size=2.0, capacity=2, paid=True)
    t = riding.park(g.gs, d, (8.475, 20.0))
    g.start_activation(trooper, energy=10)
    assert {"transport": t} in options(g, trooper, "embark")
    g.act(trooper, "embark", transport=t)
    assert riding.carrier_of(g.gs, trooper) == t and not g.gs.on_table(trooper) and g.energy(trooper) == 9
    assert not g.events("check")
    g.start_activation(foe, energy=10)
    g.set(foe, replace(g.gs.pos(foe), x=10.0, y=18.45))
    v = violation(g.engine.check_action, foe, "embark", {"transport": t})
    assert v.rule_id == "MVA-17" and "not its side's" in str(v)
    g.start_activation(walker, energy=10)
    g.act(walker, "take_transport", transport=t)
    assert g.world.get(trooper, Carried).carrier == walker and riding.mount(g.gs, walker).passengers == (trooper,)
    g.dice.push(1, 1, 1, 1)                                  # CH DEF criticals of whoever the blast reaches
    from wartime.rules.combat import resolve_hit
    riding.wound_transport(g.gs, None, walker, 5, None, resolve_hit, 0)
    assert riding.carrier_of(g.gs, trooper) is None and g.gs.on_table(trooper)


def test_WND_5_a_driverless_wreck_puts_its_passenger_down_before_it_leaves_the_table():
    """WND-5 on a driverless transport with a passenger aboard (MVA-17): the passenger is put down beside the wreck
    and takes the explosion's full DMG (= DEF 2): its CH DEF die 9 fails, 2 wounds (PSI-1: its CH PSI die 1 passes);
    then the wreck is gone."""
    g = Game(M(x=10.0, y=20.0, weapons=(blade(),)), M(x=10.0, y=21.55, CON=5), M(side="blue", x=35.0, y=35.0))
    d, trooper, _ = g.ids
    ride(g, d, MOV=6, DEF=2, QUA=4, size=2.0, capacity=2, paid=True)
    t = riding.park(g.gs, d, (8.475, 20.0))
    g.set(d, replace(g.gs.pos(d), x=30.0, y=5.0))
    riding.board(g.gs, trooper, t)
    from wartime.rules.combat import resolve_hit
    g.dice.push(9, 1)                                          # CH DEF 9 fails; the wounded trooper's CH PSI 1 passes
    riding.wound_transport(g.gs, None, t, 5, None, resolve_hit, 0)
    boom = g.events("transport_exploded")[-1]
    assert boom["hit"] == [trooper] and boom["dmg"] == 2
    assert g.gs.on_table(trooper) and riding.carrier_of(g.gs, trooper) is None and g.wounds(trooper) == 2
    assert riding.parked(g.gs) == [] and g.all_dice_used()


def test_ARE_5_a_melee_area_attack_at_a_driverless_transport_covers_it_and_its_striker():
    """ARE-5 with MVA-17: a flail with Área R3 (DMG 1, CON 7: melee DMG 1 + 7 − 4 = 4) against the truck in base
    contact centres its R3 (radius 1.5) on the truck's centre: the truck (radius 1) is fully covered, its striker
    (centre 1.55 K away) partly. Dice: CH IMP 3; the striker's CH DEF (DEF 0) 5, 2 wounds, its CH PSI 2; the truck's
    CH DEF against DEF 2, die 9 fails: 4 wounds, with no cover (a melee attack)."""
    flail = blade(DMG=1, key="flail", area="R3", traits=("TRT-AREA",))
    g, t, _ = parked_truck(M(x=18.45, y=20.0, facing=0.0, CON=7, VOL=7, weapons=(flail,)))
    a = g.ids[0]
    assert {"target": t, "weapon": 0} in options(g, a, "melee_attack")
    g.start_activation(a, energy=10)
    g.dice.push(3, 5, 2, 9)
    g.act(a, "melee_attack", target=t, weapon=0)
    assert g.all_dice_used()
    placed = g.events("area_placed")[-1]
    assert placed["melee"] is True and placed["centre"] == [20.0, 20.0]
    assert {ev["target"]: (ev["dmg"], ev["coverage"]) for ev in g.events("hit")} == {a: (2, "partial"),
                                                                                       t: (4, "full")}
    assert g.wounds(a) == 2 and g.world.get(t, Mount).wounds == 4
    assert g.events("check")[-1]["who"] == t and g.events("check")[-1]["target"] == 2


# --- TRT-INFINITE-RANGE: a driverless transport outside the field of view (issue 16) --------------------------------
def far_truck(*others: M, at=(20.0, 20.0), traits_=("TRT-INFINITE-RANGE",)):
    """A red AGI 5, VOL 3 shooter (field of view 15 K) at (1, 20) facing east with a DMG 4, RNG 10 rifle (Alcance
    infinito) and a driverless blue truck (DEF 2, 2 K across) at `at`; scripted angle 90° (north)."""
    from wartime.core.rng import ScriptedDice
    g, t, d = parked_truck(M(x=1.0, y=20.0, facing=0.0, AGI=5, VOL=3, weapons=(weapon(DMG=4, RNG=10,
                                                                                      traits=traits_),)),
                           *others, at=at)
    g.dice = g.world.dice = ScriptedDice(rolls=(), angles=(90.0,))
    g.start_activation(g.ids[0], energy=10)
    return g, t


def test_TRT_INFINITE_RANGE_a_driverless_transport_out_of_view_is_shot_and_the_shot_scatters():
    """The truck 17.5 K from the shooter's base (beyond its 15 K field of view, in LOS): refused (ENV-1) without the
    trait; with Alcance infinito the shot is legal and follows a character's path: CH IMP 3 against AGI 5 − 1 (MOD-2)
    passes, the shot scatters 2 D10 (2 + 2 = 4 K north) from the truck's centre onto the blue at (20, 24): it takes
    the hit (CH DEF 9 fails: 4 wounds; CH PSI 5); the truck none."""
    g, t = far_truck(traits_=())
    a = g.ids[0]
    assert not g.gs.in_fov(a, t)
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": t, "weapon": 0}).rule_id == "ENV-1"
    g, t = far_truck(M(side="blue", x=20.0, y=24.0, facing=180.0, CON=9))
    a, b = g.ids[0], g.ids[1]
    g.dice.push(3, 2, 2, 9, 5)
    g.act(a, "ranged_attack", target=t, weapon=0)
    assert g.all_dice_used() and g.check("IMP")["target"] == 4
    disp = g.events("dispersion")[0]
    assert (disp["rule"], disp["dice"], disp["to"]) == ("TRT-INFINITE-RANGE", [2, 2], [20.0, 24.0])
    assert g.events("stray_shot")[0]["target"] == b and g.wounds(b) == 4
    assert g.world.get(t, Mount).wounds == 0


def test_TRT_INFINITE_RANGE_out_of_view_shot_at_a_transport_lost_or_missed():
    """The same shot scattered onto no base is lost (no CH DEF); a failed CH IMP (8) misses without scattering."""
    g, t = far_truck()
    a = g.ids[0]
    g.dice.push(3, 2, 2)
    g.act(a, "ranged_attack", target=t, weapon=0)
    assert g.all_dice_used() and g.events("shot_lost") and not g.events("hit")
    g.dice.push(8)
    g.act(a, "ranged_attack", target=t, weapon=0)
    assert g.all_dice_used() and g.events("miss") and len(g.events("dispersion")) == 1


def test_TRT_INFINITE_RANGE_a_scattered_shot_at_a_character_lands_on_a_driverless_transport():
    """A blue at (20, 20), 18.5 K away, out of view: the passed shot (CH IMP 3) scatters 4 K north onto the centre of
    a driverless truck at (20, 24): the truck takes the hit (DMG 4, its CH DEF 9 against DEF 2 fails: 4 wounds), the
    blue none."""
    g, t = far_truck(M(side="blue", x=20.0, y=20.0, facing=180.0, CON=9), at=(20.0, 24.0))
    a, b = g.ids[0], g.ids[1]
    assert (g.gs.pos(t).x, g.gs.pos(t).y) == (20.0, 24.0) and not g.gs.in_fov(a, b)
    g.dice.push(3, 2, 2, 9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.all_dice_used() and g.events("stray_shot")[0]["target"] == t
    assert g.events("hit")[-1]["target"] == t and g.world.get(t, Mount).wounds == 4 and g.wounds(b) == 0


def test_TRT_INFINITE_RANGE_landing_odds_of_a_shot_count_a_driverless_transports_base():
    """The blue 18.5 K away, out of view, a driverless truck (2 K across) 4 K north of it: a scattered shot may land
    on the truck (`landing`'s parked bases), with the chance a direct sum over the dice and directions gives; a
    cast's landings (characters only) leave it out. The shot's priced outcomes keep characters only (a driverless
    transport: no casualty, no victory points)."""
    from test_rules_traits_weapons2 import _numeric_landing
    from wartime.rules.odds import scattered_outcomes
    from wartime.rules.scattered_shots import landing_odds
    g, t = far_truck(M(side="blue", x=20.0, y=20.0, facing=180.0, CON=9), M(side="blue", x=24.0, y=20.0, CON=9),
                     at=(20.0, 24.0))
    a, b, c = g.ids[:3]
    shot = dict(landing_odds(g.gs, a, b, parked=True))
    assert set(shot) == {c, t} and abs(shot[t] - _numeric_landing(g, a, b, t)) < 2e-4
    assert set(dict(landing_odds(g.gs, a, b))) == {c} and abs(shot[c] - dict(landing_odds(g.gs, a, b))[c]) < 1e-12
    assert set(dict(scattered_outcomes(g.gs, a, b, weapon_index=0))) == {c}
