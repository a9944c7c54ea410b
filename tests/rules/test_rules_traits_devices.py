"""Issue 12, group C: device traits of the catalogue played through the trait registry (rules/traits/devices.py),
each set up with scripted dice and checked against its catalogue effect and ruling, and priced at its catalogue
cost."""
from __future__ import annotations

from rules_helpers import Game, M, violation, weapon
from test_rules_areas import blue, fire, game, shooter
from test_rules_traits_combat import duel
from wartime.core.components import Gear, Item
from wartime.data.loader import priced_trait
from wartime.geometry import templates
from wartime.rules import traits
from wartime.rules.reactions import Window
from wartime.rules.reactors import general_keys, window_options
from wartime.rules.traits.devices import aim_lost, marked_by


def price(trait: str, kind: str = "weapon") -> int:
    return priced_trait(trait, kind, "test", "traits").points


def corrected_shot(*dice: int, angles, corrector: bool = True):
    """A missed R6 shot (CH IMP 9 against AGI 5) at the blue mini 24 K away: ARE-9 rolls 2 D10, then these dice."""
    extra = ("TRT-AIM-CORRECTOR",) if corrector else ()
    g = game(shooter("R6", x=2, wkw={"traits": extra}), blue(26, 20), angles=angles)
    fire(g, 9, *dice, target=g.ids[1])
    return g


# --- Corrector de puntería ------------------------------------------------------------------------------------
def test_TRT_AIM_CORRECTOR_a_dispersion_that_loses_the_aim_is_rerolled_and_the_second_stands():
    """3 + 4 = 7 K at 180° leaves the aimed point outside the R6 (radius 3): rerolled, 1 + 1 = 2 K at 90°: the area
    lands at (26, 22) and still covers the target fully (its edge 2.5 K from the centre)."""
    g = corrected_shot(3, 4, 1, 1, 1, angles=[180.0, 90.0])   # the last 1: its CH DEF
    first, second = g.events("dispersion")
    assert first["rule"] == "ARE-9" and first["to"] == [19.0, 20.0]
    assert second["rule"] == "TRT-AIM-CORRECTOR" and second["reroll"] and second["dice"] == [1, 1]
    placed = g.events("area_placed")[0]
    assert placed["centre"] == [26.0, 22.0]
    assert [a["who"] for a in placed["affected"]] == [g.ids[1]]


def test_TRT_AIM_CORRECTOR_a_dispersion_that_keeps_the_aim_is_not_rerolled():
    """1 + 1 = 2 K: the R6 still covers the aimed point: one dispersion, the area at (24, 20)."""
    g = corrected_shot(1, 1, 1, angles=[180.0])
    assert [d["rule"] for d in g.events("dispersion")] == ["ARE-9"]
    assert g.events("area_placed")[0]["centre"] == [24.0, 20.0]


def test_TRT_AIM_CORRECTOR_an_attack_scattered_off_the_board_is_rerolled():
    """10 + 5 = 15 K at 0° ends at x = 41, off the 40 K board (ARE-9: lost); the reroll, 2 K at 90°, lands on it."""
    g = corrected_shot(10, 5, 1, 1, 1, angles=[0.0, 90.0])
    assert [d["on_board"] for d in g.events("dispersion")] == [False, True]
    assert not g.events("area_lost") and g.events("area_placed")[0]["centre"] == [26.0, 22.0]


def test_TRT_AIM_CORRECTOR_the_second_roll_stands_even_when_worse():
    """Rerolled once: 7 K, then 10 + 5 = 15 K off the board: the attack is lost (no third roll)."""
    g = corrected_shot(3, 4, 10, 5, angles=[180.0, 0.0])
    assert len(g.events("dispersion")) == 2 and g.events("area_lost")


def test_TRT_AIM_CORRECTOR_without_it_the_first_dispersion_stands():
    g = corrected_shot(3, 4, angles=[180.0], corrector=False)
    assert len(g.events("dispersion")) == 1 and g.events("area_placed")[0]["centre"] == [19.0, 20.0]


def test_TRT_AIM_CORRECTOR_aim_lost_for_templates_chains_and_the_board_edge():
    """The policy: an R6 moved 2.9 K still covers its aimed point, 3.1 K not; an S chain keeps it within an ARE-4
    jump (3 K); off the board is always lost."""
    r6 = templates.template_from_code("R6", (0.0, 0.0), (10.0, 10.0))
    assert not aim_lost(r6.translate(2.9, 0.0), 10, 10, 12.9, 10, True)
    assert aim_lost(r6.translate(3.1, 0.0), 10, 10, 13.1, 10, True)
    assert not aim_lost(None, 10, 10, 13.0, 10, True) and aim_lost(None, 10, 10, 13.5, 10, True)
    assert aim_lost(r6, 10, 10, 10, 10, False)


def test_TRT_AIM_CORRECTOR_on_a_held_object_its_holders_lost_dispersion_is_rerolled():
    """A ballistic computer (an object with the trait) held by the shooter of a plain R6 launcher: the 7 K dispersion
    that loses the aim is rerolled (2 K at 90°) as the weapon's own trait would; dropped on the table (held by
    nobody) or disabled (WND-4), it corrects nothing."""
    def shot(holder: bool = True, disabled: bool = False):
        g = game(shooter("R6", x=2), blue(26, 20), angles=[180.0, 90.0])
        g.world.create(Item("Ballistic computer", holder=g.ids[0] if holder else None),
                       Gear("computer", "Ballistic computer", 1, 0, 3, ("TRT-AIM-CORRECTOR",),
                            wounds=3 if disabled else 0))
        fire(g, 9, 3, 4, *((1, 1, 1) if holder and not disabled else ()), target=g.ids[1])
        return g
    g = shot()
    assert [d["rule"] for d in g.events("dispersion")] == ["ARE-9", "TRT-AIM-CORRECTOR"]
    assert g.events("area_placed")[0]["centre"] == [26.0, 22.0]
    for h in (shot(holder=False), shot(disabled=True)):
        assert [d["rule"] for d in h.events("dispersion")] == ["ARE-9"]
        assert h.events("area_placed")[0]["centre"] == [19.0, 20.0]


def test_TRT_AIM_CORRECTOR_is_fielded_on_weapons_and_objects_and_costs_15():
    assert traits.fielding_problem("TRT-AIM-CORRECTOR", "weapon", {"TRT-AIM-CORRECTOR"}) is None
    assert traits.fielding_problem("TRT-AIM-CORRECTOR", "object", {"TRT-AIM-CORRECTOR"}) is None
    assert traits.fielding_problem("TRT-AIM-CORRECTOR", "race", {"TRT-AIM-CORRECTOR"}) is not None
    assert price("TRT-AIM-CORRECTOR") == 15
    assert price("TRT-AIM-CORRECTOR", "object") == 15


# --- Marcador de objetivos ------------------------------------------------------------------------------------------
def designator(RNG: int = 40, **kw):
    return weapon(DMG=4, RNG=RNG, traits=("TRT-TARGET-DESIGNATOR",), **kw)


def shoot(g: Game, attacker: int, target: int, *dice: int, weapon_index: int = 0) -> int:
    """`attacker` shoots `target` with these dice; the CH IMP's target."""
    g.dice.push(*dice)
    g.act(attacker, "ranged_attack", target=target, weapon=weapon_index)
    assert g.all_dice_used()
    return g.checks("IMP")[-1]["target"]


def test_TRT_TARGET_DESIGNATOR_marking_costs_ENE_1_and_gives_the_marker_CH_IMP_plus_1():
    """AGI 5 shooting 9 K away: CH IMP 5; marked first (ENE 1, no die), CH IMP 6 (die 7 misses); marking it again is
    refused."""
    g = duel({"weapons": (designator(),)})
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert [o.params for o in g.engine.legal_options("designate_target")] == [{"target": b}]
    g.act(a, "designate_target", target=b)
    assert g.energy(a) == 9 and g.checks() == []
    assert g.events("target_marked")[-1] == {**g.events("target_marked")[-1], "marker": a, "target": b}
    assert marked_by(g.gs, b) == (a,)
    assert shoot(g, a, b, 7) == 6                          # 7 > 6: a miss, the +1 in the target
    assert violation(g.engine.check_action, a, "designate_target", {"target": b}).rule_id == "TRT-TARGET-DESIGNATOR"


def test_TRT_TARGET_DESIGNATOR_the_mark_helps_the_marker_only():
    """A second red shooter at the same distance keeps CH IMP 5 against the target its comrade marked."""
    g = Game(M(x=10, y=20, AGI=5, weapons=(designator(),)), M(side="blue", x=20, y=20, facing=180.0, CON=9),
             M(x=10, y=24, AGI=5, weapons=(weapon(DMG=4),)))
    a, b, c = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "designate_target", target=b)
    g.start_activation(c, energy=10)
    assert shoot(g, c, b, 7) == 5


def test_TRT_TARGET_DESIGNATOR_on_a_weapon_only_that_weapon_gets_the_plus_1():
    """The designator on the rifle (weapon 0): a plain second gun (weapon 1) shoots the marked target at CH IMP 5."""
    g = duel({"weapons": (designator(), weapon(DMG=4, key="gun2"))})
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "designate_target", target=b)
    assert shoot(g, a, b, 7, weapon_index=1) == 5


def test_TRT_TARGET_DESIGNATOR_on_an_object_every_attack_of_its_holder_gets_the_plus_1():
    """A held designator (an object with ALC 10): the plain rifle shoots the marked target at CH IMP 6."""
    g = duel()
    a, b = g.ids
    g.world.create(Item("Designator", holder=a), Gear("designator", "Designator", 1, 10, 3, ("TRT-TARGET-DESIGNATOR",)))
    g.start_activation(a, energy=10)
    g.act(a, "designate_target", target=b)
    assert shoot(g, a, b, 7) == 6


def test_TRT_TARGET_DESIGNATOR_needs_the_target_within_ALC_and_in_view():
    """ALC 5 does not reach the target 9 K away; a target behind the marker is out of its field of view (ENV-1);
    without a designator the action is not offered."""
    g = duel({"weapons": (designator(RNG=5),)})
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "designate_target", {"target": b}).rule_id == "TRT-TARGET-DESIGNATOR"
    g = duel({"weapons": (designator(),)}, {"x": 2})
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "designate_target", {"target": b}).rule_id == "ENV-1"
    g = duel()
    g.start_activation(g.ids[0], energy=10)
    assert not list(g.engine.legal_options("designate_target"))


def test_TRT_TARGET_DESIGNATOR_costs_10_on_a_weapon_or_an_object():
    assert price("TRT-TARGET-DESIGNATOR") == 10 and price("TRT-TARGET-DESIGNATOR", "object") == 10
    assert traits.fielding_problem("TRT-TARGET-DESIGNATOR", "race", set()) is not None


def test_TRT_TARGET_DESIGNATOR_a_reaction_window_lists_it_for_a_designator_carrier_only():
    """REA-1: a reaction is any action the character could take: Marcar con el marcador is listed in a window for
    the blue designator carrier, not for the red mini without one (whose keys stay those of a game without it)."""
    g = duel(None, {"weapons": (designator(),)})
    a, b = g.ids
    w = Window("after", a, "move", None)
    assert "designate_target" in window_options(g.gs, w, b)
    assert "designate_target" not in window_options(g.gs, w, a)
    assert "designate_target" not in general_keys()
    chained = Window("declaration", a, "move", None, chained=True)       # ACT-4: own-timing reactions only
    assert "designate_target" not in window_options(g.gs, chained, b)
