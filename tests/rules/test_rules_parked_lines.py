"""MVA-17: a shot at a driverless transport (rules/parked.py) meets its line of fire as a shot at a character does:
smoke (TRT-SMOKE, TRT-DENSE-SMOKE) and darkness (TRT-LIGHT, project ruling) on the line from the weapon's muzzle
take from its CH IMP, and a shot stopped before its CH IMP (TRT-JAMMING-AMMO) ends there; scripted dice."""
from __future__ import annotations

from types import SimpleNamespace

from rules_helpers import M, weapon
from test_rules_parked_targets import parked_truck
from wartime.core.components import Mount, Traits
from wartime.data.models import DarkArea
from wartime.rules import darkness
from wartime.rules.area_effects import AreaEffect, add_effect

#: a dark strip across the line from (5, 20) to the truck at (20, 20)
STRIP = DarkArea(id="strip", polygon=((11.0, 15.0), (13.0, 15.0), (13.0, 25.0), (11.0, 25.0)))


def smoke(g, x: float, y: float, rule: str, malus: int, radius: float = 1.0) -> None:
    """A smoke sphere of the blue driver's (it lasts until the start of its owner's next activation)."""
    add_effect(g.gs, AreaEffect("smoke", "R1", x, y, 1.0, 0.0, 1, g.ids[-1], "grenade", radius=radius, malus=malus,
                                rule=rule))


def shoot(g, t: int, *dice: int) -> None:
    a = g.ids[0]
    g.start_activation(a, energy=10)
    g.dice.push(*dice)
    g.act(a, "ranged_attack", target=t, weapon=0)
    assert g.all_dice_used()


def rifle(**kw) -> M:
    return M(x=5.0, y=20.0, facing=0.0, weapons=(weapon(DMG=4, **kw),))


def test_TRT_SMOKE_a_shot_at_a_driverless_transport_through_smoke_has_CH_IMP_minus_1():
    """CH IMP AGI 5 − 1 (MOD-2: 14 K) − 1 (Humo on the line) = 3: die 4 misses; smoke off the line: 4 hits (then
    its CH DEF 9 fails)."""
    g, t, _ = parked_truck(rifle())
    smoke(g, 12.0, 20.0, "TRT-SMOKE", -1)
    shoot(g, t, 4)
    imp = g.checks("IMP")[-1]
    assert g.mods(imp) == {"MOD-2": -1, "TRT-SMOKE": -1} and imp["target"] == 3 and not imp["passed"]
    assert g.events("miss")[-1]["target"] == t and g.world.get(t, Mount).wounds == 0
    g, t, _ = parked_truck(rifle())
    smoke(g, 12.0, 30.0, "TRT-SMOKE", -1)
    shoot(g, t, 4, 9)
    assert g.checks("IMP")[-1]["target"] == 4 and g.world.get(t, Mount).wounds == 4


def test_TRT_DENSE_SMOKE_a_shot_at_a_driverless_transport_through_dense_smoke_has_CH_IMP_minus_3():
    """Humo denso on the line: CH IMP 5 − 1 (MOD-2) − 3 = 1; die 1 is a critical and still hits."""
    g, t, _ = parked_truck(rifle())
    smoke(g, 12.0, 21.0, "TRT-DENSE-SMOKE", -3, radius=2.0)
    shoot(g, t, 1, 9)
    imp = g.checks("IMP")[-1]
    assert g.mods(imp) == {"MOD-2": -1, "TRT-DENSE-SMOKE": -3} and imp["target"] == 1 and imp["passed"]


def test_TRT_LIGHT_darkness_on_the_line_to_a_driverless_transport_is_CH_IMP_minus_2():
    """A dark strip across the line: CH IMP 5 − 1 (MOD-2) − 2 = 2: die 3 misses; a shooter who sees in the dark
    (TRT-LIGHT) takes no malus: die 3 hits at 4."""
    g, t, _ = parked_truck(rifle())
    darkness.install(g.gs, SimpleNamespace(night=False, dark=(STRIP,)))
    shoot(g, t, 3)
    imp = g.checks("IMP")[-1]
    assert g.mods(imp) == {"MOD-2": -1, "TRT-LIGHT": -2} and imp["target"] == 2 and not imp["passed"]
    g, t, _ = parked_truck(rifle())
    g.set(g.ids[0], Traits(("TRT-LIGHT",)))
    darkness.install(g.gs, SimpleNamespace(night=False, dark=(STRIP,)))
    shoot(g, t, 3, 9)
    assert g.checks("IMP")[-1]["target"] == 4 and g.world.get(t, Mount).wounds == 4


def test_TRT_JAMMING_AMMO_a_jammed_shot_at_a_driverless_transport_ends_before_its_CH_IMP():
    """1D100 10: the jam stops the shot at the truck: no CH IMP, its ENE (2) spent; 11: it goes on (CH IMP die 9
    misses)."""
    for roll, jammed in ((10, True), (11, False)):
        g, t, _ = parked_truck(rifle(traits=("TRT-JAMMING-AMMO",)))
        shoot(g, t, *((roll,) if jammed else (roll, 9)))
        assert bool(g.events("shot_stopped")) == jammed and len(g.checks("IMP")) == (0 if jammed else 1)
        assert g.energy(g.ids[0]) == 8 and g.events("percent_roll")[-1]["for_rule"] == "TRT-JAMMING-AMMO"
