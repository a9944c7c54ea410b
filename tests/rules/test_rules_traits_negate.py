"""TRT-NEGATE (Niega (X)) naming ENE, RNG, QUA, SIZ or MOV (issue 16, the lead's rulings: the bearer cancels the
number that would work AGAINST it in an interaction with it or its actions). Each reading set up on the table, with
scripted dice where dice matter."""
from __future__ import annotations

from rules_helpers import Game, M, armour, blade, ride, violation, weapon
from test_rules_metahabilities import give, mh
from test_rules_traits_combat import attack, duel
from test_rules_traits_protection import prot
from wartime.core.components import Equipment, Position
from wartime.rules import possessed_gear, traits
from wartime.rules.modifiers import character_mods


def _ward(name: str):
    return prot(1, "TRT-NEGATE", params={"TRT-NEGATE": name}, key="ward")


def _offered(g: Game, key: str) -> list:
    return [o.params for o in g.engine.legal_options(key)]


# --- RNG -----------------------------------------------------------------------------------------------------------
def test_TRT_NEGATE_RNG_a_shot_at_the_bearer_is_refused_at_range():
    """Niega (RNG) worn by the target 9 K away: the rifle's RNG 40 counts 0, the shot is refused naming TRT-NEGATE
    and not offered; the bearer's own shot at the other, and a shot at a target without it, are legal."""
    g = duel(blue={"protections": (_ward("RNG"),)})
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": b, "weapon": 0}).rule_id == "TRT-NEGATE"
    assert not [p for p in _offered(g, "ranged_attack") if p.get("target") == b]
    plain = duel()
    plain.start_activation(plain.ids[0], energy=10)
    assert plain.engine.check_action(plain.ids[0], "ranged_attack", {"target": plain.ids[1], "weapon": 0}) == 2
    own = duel(red={"protections": (_ward("RNG"),)})
    own.start_activation(own.ids[0], energy=10)
    assert own.engine.check_action(own.ids[0], "ranged_attack", {"target": own.ids[1], "weapon": 0}) == 2


def test_TRT_NEGATE_RNG_a_cast_reaches_the_bearer_only_in_base_contact():
    """An invocation of RNG 10 at a bearer of Niega (RNG) 4 K away is refused naming TRT-NEGATE; in base contact it
    is legal (distance 0); at a character without it 4 K away it is legal."""
    far = Game(M(x=10, y=20), M(side="blue", x=15, y=20, facing=180.0, protections=(_ward("RNG"),)))
    give(far, far.ids[0], mh())
    far.start_activation(far.ids[0], energy=10)
    assert violation(far.engine.check_action, far.ids[0], "use_metahability",
                     {"meta": 0, "target": far.ids[1]}).rule_id == "TRT-NEGATE"
    near = Game(M(x=10, y=20), M(side="blue", x=11, y=20, facing=180.0, protections=(_ward("RNG"),)))
    give(near, near.ids[0], mh())
    near.start_activation(near.ids[0], energy=10)
    assert near.engine.check_action(near.ids[0], "use_metahability", {"meta": 0, "target": near.ids[1]}) == 2
    bare = Game(M(x=10, y=20), M(side="blue", x=15, y=20, facing=180.0))
    give(bare, bare.ids[0], mh())
    bare.start_activation(bare.ids[0], energy=10)
    assert bare.engine.check_action(bare.ids[0], "use_metahability", {"meta": 0, "target": bare.ids[1]}) == 2


def test_TRT_NEGATE_RNG_an_object_used_on_the_bearer_reaches_it_only_in_base_contact():
    """An Elixir of RNG 5 used on a wounded ally 3 K away wearing Niega (RNG) is refused naming TRT-NEGATE and not
    offered; in base contact it is used (a wound healed); on an ally without it 3 K away it is offered."""
    from test_rules_objects import elixir, use_options
    g = Game(M(x=10, y=20), M(x=14, y=20, wounds=2, protections=(_ward("RNG"),)), M(x=10, y=24, wounds=2),
             M(side="blue", x=30, y=30))
    a, warded, plain, _ = g.ids
    kit = elixir(g, a, 1, RNG=5)
    g.start_activation(a, energy=6)
    assert violation(g.engine.check_action, a, "use_object", {"item": f"item:{kit}", "target": warded}).rule_id == \
        "TRT-NEGATE"
    targets = [p.get("target") for p in use_options(g)]
    assert warded not in targets and plain in targets
    g.world.set(warded, Position(11.0, 20.0, 0.0))
    g.act(a, "use_object", item=f"item:{kit}", target=warded)
    assert g.wounds(warded) == 1


def test_TRT_NEGATE_RNG_a_reactive_shot_at_the_bearer_is_refused():
    """The bearer of Niega (RNG) crouches in view of an enemy rifleman: the window is offered (it may react), but
    a reactive shot at the bearer is refused naming TRT-NEGATE."""
    g = Game(M(x=10, y=20, facing=0.0, weapons=(weapon(),), protections=(_ward("RNG"),)),
             M(side="blue", x=20, y=20, facing=180.0, weapons=(weapon(),)))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "crouch")
    assert g.pending.kind == "react" and g.pending.actor == b
    assert violation(g.react, b, "ranged_attack", target=a, weapon=0).rule_id == "TRT-NEGATE"


# --- QUA -----------------------------------------------------------------------------------------------------------
def test_TRT_NEGATE_QUA_a_protection_wounded_by_the_bearers_attack_is_destroyed():
    """The target fumbles its CH DEF (die 10) against a shot of a bearer of Niega (QUA): its armour (QUA 5) takes
    CMB-9's wound with QUA 0, more wounds than that: destroyed at once (WND-5); from a shooter without it the
    armour keeps 4 of 5 and is not destroyed."""
    g = duel(red={"protections": (_ward("QUA"),)}, blue={"protections": (armour(1),)})
    a, b = g.ids
    attack(g, 5, 10, 1)                       # CH IMP hits, CH DEF fumbles, CH PSI passes
    wound = g.events("equipment_wound")[-1]
    assert wound["destroyed"] and wound["negated"] == a and g.gs.equipment(b).protections[0].destroyed
    h = duel(blue={"protections": (armour(1),)})
    attack(h, 5, 10, 1)
    wound = h.events("equipment_wound")[-1]
    assert wound["wounds"] == 1 and "destroyed" not in wound and not h.gs.equipment(h.ids[1]).protections[0].destroyed


def test_TRT_NEGATE_QUA_the_bearer_possesses_equipment_without_stress():
    """MET-10: a transport of QUA 5 with no stress is not possessable; by a bearer of Niega (QUA) it is (the stress 0
    is against QUA 0)."""
    g = Game(M(x=10, y=20), M(side="blue", x=15, y=20, facing=180.0))
    a, b = g.ids
    ride(g, b, QUA=5)
    assert not possessed_gear.possessable(g.gs, a, b, "transport")
    g.set(a, Equipment((), (_ward("QUA"),)))
    assert possessed_gear.possessable(g.gs, a, b, "transport")


def test_TRT_NEGATE_QUA_a_driverless_transport_rammed_by_the_bearer_has_CAL_0():
    """CBA-23 as test_CBA_23_a_transport_rams_a_parked_one (DMG 10 on blue's driverless truck of CAL 8, dice 3, 2,
    1), the rammer wearing Niega (QUA): the truck's CON (its CAL) counts 0, so it is pushed 10 − 0 = 10 K on (2 K
    without it) and the rammer's recoil is 0 + 4.975 / 2 ≈ 2 (10 without it)."""
    from test_rules_parked_more import options
    from test_rules_parked_targets import parked_truck
    g, t, _ = parked_truck(M(x=13.0, y=20.0, facing=0.0, weapons=(blade(),), protections=(_ward("QUA"),)), QUA=8)
    a = g.ids[0]
    ride(g, a, MOV=6, DEF=2, QUA=5, size=2.0, paid=True)
    path = next(o["path"] for o in options(g, a, "ram") if o["target"] == t)
    g.start_activation(a, energy=10)
    g.dice.push(3, 2, 1)
    g.act(a, "ram", target=t, path=path)
    assert g.events("hit")[-1]["dmg"] == 10
    assert g.events("pushed")[-1]["who"] == t and abs(g.events("pushed")[-1]["distance"] - 10.0) < 1e-6
    assert g.events("automatic_hit")[-1]["dmg"] == 2 and g.all_dice_used()


# --- MOV -----------------------------------------------------------------------------------------------------------
def test_TRT_NEGATE_MOV_no_charge_nor_ram_on_the_bearer():
    """A bearer of Niega (MOV) 4 K ahead: Cargar and Embestir at it are refused naming TRT-NEGATE and not offered;
    the other enemy 4 K away can be charged (its charge is the only one offered); the bearer moves as usual."""
    g = Game(M(x=10, y=20, weapons=(blade(),)),
             M(side="blue", x=15, y=20, facing=180.0, protections=(_ward("MOV"),)),
             M(side="blue", x=14, y=23, facing=180.0))
    a, b, c = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "charge", {"target": b, "path": [[13.95, 20]]}).rule_id == \
        "TRT-NEGATE"
    assert violation(g.engine.check_action, a, "ram", {"target": b, "path": [[13.95, 20]]}).rule_id == "TRT-NEGATE"
    charges = _offered(g, "charge")
    assert [p["target"] for p in charges] == [c]
    assert b not in [p["target"] for p in _offered(g, "ram")]
    g.start_activation(b, energy=10)
    assert g.engine.check_action(b, "move", {"path": [[15.8, 20]]}) == 1


# --- ENE -----------------------------------------------------------------------------------------------------------
def test_TRT_NEGATE_ENE_no_reaction_to_the_bearer_nor_at_it():
    """A bearer of Niega (ENE) crouches in view of an enemy: no window is offered, the enemy is excluded naming
    TRT-NEGATE; its ally without it crouching opens the window, and a reactive shot there at the bearer is refused
    naming TRT-NEGATE while one at the ally is legal."""
    g = Game(M(x=10, y=20, facing=0.0, protections=(_ward("ENE"),)), M(x=10, y=24, facing=0.0),
             M(side="blue", x=20, y=20, facing=180.0, weapons=(weapon(),)))
    a, ally, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "crouch")
    ev = g.events("reaction_window", window="declaration")[-1]
    assert ev["candidates"] == [] and ev["excluded"] == [{"who": b, "why": "cannot react (TRT-NEGATE)"}]
    assert g.pending is None or g.pending.kind != "react"
    g.start_activation(ally, energy=10)
    g.declare(ally, "crouch")
    assert g.pending.kind == "react" and g.pending.actor == b
    assert violation(g.engine.check_reaction, b, "ranged_attack", {"target": a, "weapon": 0}).rule_id == "TRT-NEGATE"
    assert g.engine.check_reaction(b, "ranged_attack", {"target": ally, "weapon": 0}) == 2


def test_TRT_NEGATE_ENE_no_dodge_against_the_bearers_melee_attack():
    """A bearer of Niega (ENE) attacks in melee: the target is offered no window (no Esquivar en CaC, CBA-17);
    without it the target is offered the dodge."""
    g = duel(red={"protections": (_ward("ENE"),)}, blue={"energy": 10}, melee=True)
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(9)                             # no window: the CH IMP is rolled at once (misses)
    g.declare(a, "melee_attack", target=b, weapon=0)
    assert (g.pending is None or g.pending.kind != "react") and g.all_dice_used() and g.events("miss")
    h = duel(blue={"energy": 10}, melee=True)
    a, b = h.ids
    h.start_activation(a, energy=10)
    h.declare(a, "melee_attack", target=b, weapon=0)
    assert h.pending.kind == "react" and "dodge" in h.pending.options


# --- SIZ -----------------------------------------------------------------------------------------------------------
def test_TRT_NEGATE_SIZ_no_MOD_6_on_the_bearers_CH_AGI():
    """A CON 4 character in a SIZ 7 armour takes MOD-6 −3 on CH AGI; with Niega (SIZ) worn too it takes none; the
    character beside it without the ward keeps its own."""
    g = Game(M(x=10, y=20, protections=(armour(1, SIZ=7),)), M(x=12, y=20, protections=(armour(1, SIZ=7),)),
             M(side="blue", x=30, y=20))
    a, other, _ = g.ids
    assert {m.rule: m.value for m in character_mods(g.gs, a, "AGI", "ATR")}.get("MOD-6") == -3
    g.set(a, Equipment((), (armour(1, SIZ=7), _ward("SIZ"))))
    assert "MOD-6" not in [m.rule for m in character_mods(g.gs, a, "AGI", "ATR")]
    assert {m.rule: m.value for m in character_mods(g.gs, other, "AGI", "ATR")}.get("MOD-6") == -3
    g.dice.push(5)
    from wartime.rules.modifiers import roll_character_check
    got = roll_character_check(g.gs, None, a, "ATR", "AGI", "CHK-1", "CH AGI")
    assert "MOD-6" not in [m.rule for m in got.modifiers] and traits.cancels(g.gs, a, "SIZ")


def test_TRT_NEGATE_ENE_CBA_22_no_Desenfundar_against_the_bearers_reactive_shot():
    """The target of a shot, a bearer of Niega (ENE), shoots back as a reaction: a duel (CBA-22), but the acting
    character may not declare Desenfundar against the bearer's attack (TRT-NEGATE ENE: no reaction to the bearer's
    actions); the bearer still may. Without the ward both duellists may draw."""
    from test_rules_quick_draw import duel as quick_duel, shoot_back
    g = quick_duel(blue={"protections": (_ward("ENE"),)})
    a, b = shoot_back(g)
    assert g.events("duel", rule="CBA-22")[0]["may_draw"] == [b]
    assert (g.pending.kind, g.pending.actor, g.pending.window) == ("react", b, "duel")
    assert violation(g.engine._validate_quick_draw, g.engine.gs.world.resources["flow"].window, a,
                     "quick_draw", {}).rule_id == "TRT-NEGATE"
    h = quick_duel()
    a, b = shoot_back(h)
    assert h.events("duel", rule="CBA-22")[0]["may_draw"] == [a, b]
