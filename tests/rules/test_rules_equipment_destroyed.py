"""WND-5 for equipment other than transports: a weapon, a protection or an object with more wounds than its QUA is
destroyed, told apart from WND-4's disabled (at QUA wounds): its state, the `destroyed` field of its wound event, the
refusal that names WND-5, no further CMB-9 wound, and the unit card's mark."""
from __future__ import annotations

from rules_helpers import Game, M, armour, violation, weapon
from test_rules_combat import ranged, shoot
from wartime.core.components import Gear, Item
from wartime.rules import objects
from wartime.rules.wounds import item_state, wound_weapon
from wartime.ui.adapter import object_lines, state_suffix
from wartime.match.narrate import describe


def test_WND_5_a_protection_wounded_above_its_QUA_is_destroyed_and_takes_no_more_wounds():
    """WND-5: the only armour (DEF 3, QUA 1) is disabled with 1 wound; a fumbled CH DEF (CMB-9) gives it a second:
    2 > QUA 1, destroyed, and the wound event says so. A second fumble finds no protection left to wound."""
    g = ranged(attacker={"weapons": (weapon(DMG=3),)}, target={"protections": (armour(3, QUA=1, wounds=1),)})
    a, b = g.ids
    assert item_state(g.gs.equipment(b).protections[0]) == "disabled"
    shoot(g, 2, 10, 5)                                          # hit; CH DEF fumble: DMG 4, the armour is wounded
    arm = g.gs.equipment(b).protections[0]
    assert (arm.wounds, arm.destroyed, item_state(arm)) == (2, True, "destroyed")
    ev = g.events("equipment_wound")[-1]
    assert ev["destroyed"] is True and ev["rule"] == "CMB-9" and ev["defense"] == 0
    shoot(g, 2, 10, 5)
    assert g.gs.equipment(b).protections[0].wounds == 2 and len(g.events("equipment_wound")) == 1


def test_WND_5_a_disabled_item_is_not_destroyed_and_its_event_has_no_destroyed_field():
    """WND-4 versus WND-5: a QUA 1 rifle with 1 wound is disabled, not destroyed; the wound event that disabled it
    carries no `destroyed` field (the records of such games keep their form)."""
    g = ranged(attacker={"weapons": (weapon(QUA=1), weapon(key="pistol"))})
    a, _ = g.ids
    wound_weapon(g.gs, a, 0, "CMB-8")
    w = g.gs.weapon(a, 0)
    assert (w.disabled, w.destroyed, item_state(w)) == (True, False, "disabled")
    assert "destroyed" not in g.events("equipment_wound")[-1]


def test_WND_5_a_destroyed_weapon_cannot_be_used_and_is_named_destroyed():
    """WND-5: a QUA 1 rifle wounded twice (2 > 1) is destroyed: an attack with it is refused naming WND-5, the
    event and the log line say destroyed, and the unit card marks it DESTROYED (a disabled one DISABLED)."""
    g = ranged(attacker={"weapons": (weapon(QUA=1), weapon(key="pistol"))})
    a, b = g.ids
    wound_weapon(g.gs, a, 0, "CMB-8")
    assert state_suffix(g.gs.weapon(a, 0)) == " DISABLED"
    wound_weapon(g.gs, a, 0, "TRT-DEFECTIVE")
    w = g.gs.weapon(a, 0)
    assert w.destroyed and state_suffix(w) == " DESTROYED"
    ev = g.events("equipment_wound")[-1]
    assert ev["destroyed"] is True and ev["disabled"] is True
    assert "is destroyed" in describe(ev, g.gs.name).text
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "ranged_attack", target=b, weapon=0).rule_id == "WND-5"
    assert g.engine.check_action(a, "ranged_attack", {"target": b, "weapon": 1}) == 2


def test_WND_5_a_destroyed_object_cannot_be_used_and_the_card_says_so():
    """WND-5: a QUA 1 medkit given 2 wounds at once is destroyed: Usar is refused naming WND-5, and its card line
    says destroyed; a QUA 3 one with 3 wounds is only disabled (WND-4)."""
    g = Game(M(x=10, y=20, wounds=1), M(side="blue", x=30, y=30))
    a, _ = g.ids
    kit = g.world.create(Item("Kit", holder=a), Gear("kit", "Kit", 1, 0, 1, ("TRT-ELIXIR",), (("TRT-ELIXIR", 1),)))
    other = g.world.create(Item("Kit", holder=a), Gear("kit2", "Kit2", 1, 0, 3, ("TRT-ELIXIR",), wounds=3))
    objects.wound_gear(g.gs, a, kit, 2, "TRT-DEFECTIVE")
    assert g.events("equipment_wound")[-1]["destroyed"] is True
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "use_object", item=f"item:{kit}").rule_id == "WND-5"
    assert violation(g.act, a, "use_object", item=f"item:{other}").rule_id == "WND-4"
    assert [s for _, s in object_lines(g.gs, a)] == ["destroyed", "disabled"]
