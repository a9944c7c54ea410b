"""Issue 12, group D: combat feats of the catalogue played through the trait registry
(rules/traits/combat_feats.py), each set up with scripted dice and checked against its catalogue effect and ruling,
and priced at its catalogue cost."""
from __future__ import annotations

from dataclasses import replace

import pytest

from rules_helpers import Game, M, RuleViolation, armour, piece, weapon
from test_rules_traits_combat import attack, duel, race
from wartime.core.components import Life
from wartime.data.loader import priced_trait
from wartime.rules import traits
from wartime.rules.orders import UnderOrders
from wartime.rules.traits.devices import Designated, marked_by


def price(trait: str, kind: str = "weapon") -> int:
    return priced_trait(trait, kind, "test", "traits").points


# --- Munición desestabilizadora -----------------------------------------------------------------------------------
DESTAB = "TRT-DESTABILISING-AMMO"


def destabilised_duel(CON: int = 9) -> Game:
    """Red shoots blue (9 K) with a destabilising rifle (DMG 4); blue wears DEF 3 and carries Duro (a bonus, DEF +1)
    and Cobarde (a malus), a loaded magazine rifle, and has marked red with a target designator."""
    g = duel({"weapons": (weapon(DMG=4, traits=(DESTAB,)),)},
             {"CON": CON, "weapons": (weapon(DMG=3, magazine=5, rounds=5),), "protections": (armour(3),)})
    a, b = g.ids
    race(g, b, "TRT-TOUGH", "TRT-COWARD")
    g.set(a, Designated((b,)))
    return g


def test_TRT_DESTABILISING_AMMO_a_hit_unloads_wipes_marks_and_suppresses_bonuses_not_maluses():
    g = destabilised_duel()
    a, b = g.ids
    attack(g, 2, 4)                             # CH IMP 2 hits; CH DEF 4 passes (DEF 3 + Duro): 4 − 4 = 0 wounds
    assert g.events("destabilised")[0]["marks_lost"] == [a]
    assert g.gs.weapon(b, 0).rounds == 0
    assert marked_by(g.gs, a) == ()
    carried = traits.character_traits(g.gs, b)
    assert "TRT-TOUGH" not in carried and "TRT-COWARD" in carried
    assert g.gs.wounds(b) == 0                  # the hit itself still met Duro: the trait is suppressed after it


def hit_then_its_turn() -> Game:
    """The destabilising hit (CH IMP 2, CH DEF 4), then blue's next activation starts."""
    g = destabilised_duel()
    a, b = g.ids
    attack(g, 2, 4)
    g.engine._end_activation(a)
    g.start_activation(b)
    return g


def test_TRT_DESTABILISING_AMMO_bonuses_come_back_when_its_next_activation_starts():
    g = hit_then_its_turn()
    a, b = g.ids
    assert "TRT-TOUGH" in traits.character_traits(g.gs, b)
    assert g.events("bonuses_restored")[0]["who"] == b


def test_TRT_DESTABILISING_AMMO_a_suppressed_bonus_does_not_work_on_the_next_hit():
    """Duro's DEF +1 is gone: the same CH DEF 4 now fails (DEF 3): DMG 4, 4 wounds, and a CH PSI (CMB-5)."""
    g = destabilised_duel()
    a, b = g.ids
    attack(g, 2, 4)
    g.dice.push(2, 4, 1)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.all_dice_used()
    assert g.gs.wounds(b) == 4


def test_TRT_DESTABILISING_AMMO_an_unloaded_weapon_must_be_reloaded_to_fire():
    g = hit_then_its_turn()
    a, b = g.ids
    with pytest.raises(RuleViolation):
        g.act(b, "ranged_attack", target=a, weapon=0)
    g.act(b, "reload", weapon=0)
    assert g.gs.weapon(b, 0).rounds == 5


def test_TRT_DESTABILISING_AMMO_a_miss_or_a_kill_does_nothing():
    g = destabilised_duel()
    a, b = g.ids
    attack(g, 9)                                # CH IMP 9 misses (AGI 5)
    assert not g.events("destabilised") and g.gs.weapon(b, 0).rounds == 5
    g = destabilised_duel(CON=3)
    a, b = g.ids
    attack(g, 2, 9)                             # 4 wounds on CON 3: dead
    assert not g.gs.on_table(b) and not g.events("destabilised")


def test_TRT_DESTABILISING_AMMO_is_fielded_on_weapons_and_costs_5():
    assert traits.fielding_problem(DESTAB, "weapon", {DESTAB}) is None
    assert traits.fielding_problem(DESTAB, "race", {DESTAB}) is not None
    assert price(DESTAB) == 5


# --- Machina mors ---------------------------------------------------------------------------------------------------
MACHINA = "TRT-MACHINA-MORS"


def sentry(machina: bool = True, energy: int = 0) -> Game:
    """Red (AGI 5) at (10, 20) faces a blue sentry (AGI 9, its ENE `energy`) 9 K away at (20, 20) with a DMG 3 rifle
    carrying Machina mors (or not)."""
    gun = weapon(DMG=3, traits=(MACHINA,) if machina else ())
    return Game(M(x=10, y=20, CON=9), M(side="blue", x=20, y=20, facing=180.0, AGI=9, CON=9, weapons=(gun,),
                                      energy=energy))


def test_TRT_MACHINA_MORS_reacts_to_an_acting_enemy_at_ENE_0_without_a_CH_VOL_and_CH_IMP_4():
    g = sentry(energy=-3)
    a, b = g.ids
    g.auto_pass = False
    g.start_activation(a, energy=10)
    g.declare(a, "move", path=[[10, 21]])
    assert g.pending.kind == "react" and g.pending.actor == b and "machina_mors" in g.pending.options
    g.dice.push(4, 9, 5)                        # CH IMP 4 (fixed 4: hit); CH DEF 9 fails: 3 wounds; CH PSI 5
    g.react(b, "machina_mors", weapon=0, target=a)
    assert not g.events("check", rule="REA-2")   # no reaction CH VOL (REA-2)
    imp = g.check("IMP")
    assert imp["target"] == 4 and imp["passed"]
    assert g.energy(b) == -3                    # ENE 0
    assert g.wounds(a) == 3
    assert b not in g.engine.flow.bullet_time   # no bullet time either (REA-5)


def test_TRT_MACHINA_MORS_the_fixed_4_ignores_AGI_and_modifiers():
    """AGI 9 would hit on a 5 at 9 K; with Machina mors a 5 misses (its own shot in its activation too)."""
    g = sentry(energy=10)
    a, b = g.ids
    g.start_activation(b, energy=10)
    g.dice.push(5)
    g.act(b, "ranged_attack", target=a, weapon=0)
    imp = g.check("IMP")
    assert imp["target"] == 4 and not imp["passed"] and g.all_dice_used()


def test_TRT_MACHINA_MORS_one_reaction_shot_per_enemy_action():
    g = sentry()
    a, b = g.ids
    g.auto_pass = False
    g.start_activation(a, energy=10)
    g.declare(a, "move", path=[[10, 21]])
    g.dice.push(8)                              # CH IMP 8: a miss
    g.react(b, "machina_mors", weapon=0, target=a)
    assert g.pending is not None and g.pending.kind == "react"        # the after-action window
    with pytest.raises(RuleViolation, match="already fired its reaction shot"):
        g.engine.check_reaction(b, "machina_mors", {"weapon": 0, "target": a})
    g.react(b)
    g.declare(a, "move", path=[[10, 22]])        # the next action: it may fire again
    assert g.engine.check_reaction(b, "machina_mors", {"weapon": 0, "target": a}) == 0


def test_TRT_MACHINA_MORS_only_as_a_reaction_and_only_for_its_carriers():
    g = sentry(energy=10)
    a, b = g.ids
    g.start_activation(b, energy=10)
    with pytest.raises(RuleViolation, match="only as a reaction"):
        g.act(b, "machina_mors", target=a, weapon=0)
    g = sentry(machina=False)
    a, b = g.ids
    g.auto_pass = False
    g.start_activation(a, energy=10)
    g.declare(a, "move", path=[[10, 21]])
    with pytest.raises(RuleViolation):
        g.engine.check_reaction(b, "machina_mors", {"weapon": 0, "target": a})


def test_TRT_MACHINA_MORS_needs_the_actor_inside_its_field_of_fire():
    """The sentry faces away (0°): the mover is behind it, out of its FOV: no reaction shot."""
    g = sentry()
    a, b = g.ids
    g.world.set(b, replace(g.gs.pos(b), facing=0.0))
    g.auto_pass = False
    g.start_activation(a, energy=10)
    g.declare(a, "move", path=[[10, 21]])
    assert g.pending.kind == "action"                                  # no window stopped for the sentry
    assert [w["excluded"] for w in g.events("reaction_window")] == [[{"who": b, "why": "not_in_fov"}]] * 2


def test_TRT_MACHINA_MORS_is_fielded_on_weapons_and_costs_5():
    assert traits.fielding_problem(MACHINA, "weapon", {MACHINA}) is None
    assert price(MACHINA) == 5


# --- Súper salto ---------------------------------------------------------------------------------------------------
JUMP = "TRT-SUPER-JUMP"


def jumper(*pieces, carries: bool = True) -> Game:
    """A jumper (AGI 5, CON 4, ENE 10) at (10, 20) facing east, over `pieces`."""
    g = Game(M(x=10, y=20), M(side="blue", x=35, y=35), pieces=pieces)
    if carries:
        race(g, g.ids[0], JUMP)
    g.start_activation(g.ids[0], energy=10)
    return g


def test_TRT_SUPER_JUMP_leaps_10_K_for_ENE_5_and_a_CH_AGI():
    g = jumper()
    a = g.ids[0]
    g.dice.push(3)
    g.act(a, "super_jump", to=[20, 20])
    assert g.all_dice_used() and g.check("ATR")["attribute"] == "AGI"
    assert g.pos(a) == (20.0, 20.0) and g.energy(a) == 5


def test_TRT_SUPER_JUMP_no_farther_than_10_K():
    g = jumper()
    with pytest.raises(RuleViolation, match="at most 10 K"):
        g.act(g.ids[0], "super_jump", to=[20.5, 20])


def test_TRT_SUPER_JUMP_a_failed_CH_AGI_stays_put():
    g = jumper()
    a = g.ids[0]
    g.dice.push(8)
    g.act(a, "super_jump", to=[20, 20])
    assert g.pos(a) == (10.0, 20.0) and g.energy(a) == 5


def test_TRT_SUPER_JUMP_up_onto_a_top_counts_the_height():
    """A 3 K roof 4 K away: 4.5 K across and 3 K up (5.4 K): it lands on the roof, a perch (level 2). A 9 K tower,
    7.4 K across and 9 K up is 11.6 K away: refused."""
    g = jumper(replace(piece("roof", "high", 15, 15, 19, 25, height=3.0), climbable=True),
               replace(piece("tower", "high", 5, 10, 7, 14, height=9.0), climbable=True))
    a = g.ids[0]
    with pytest.raises(RuleViolation, match="at most 10 K"):
        g.act(a, "super_jump", piece="tower")
    g.dice.push(3)
    g.act(a, "super_jump", piece="roof")
    assert g.gs.pos(a).level == 2 and g.pos(a) == (15.5, 20.0)


def test_TRT_SUPER_JUMP_a_rough_landing_fails_twice_for_ENE_minus_2_and_3_wounds():
    """Landing in difficult ground: CH AGI 8 fails (AGI 5): ENE −2 and a CH CON 9 fails (CON 4): 3 wounds."""
    g = jumper(piece("rubble", "difficult", 18, 18, 22, 22))
    a = g.ids[0]
    g.dice.push(3, 8, 9)
    g.act(a, "super_jump", to=[20, 20])
    assert g.all_dice_used() and g.energy(a) == 3 and g.wounds(a) == 3


def test_TRT_SUPER_JUMP_a_rough_take_off_passed_costs_nothing_more():
    g = jumper(piece("rubble", "difficult", 8, 18, 12, 22))
    a = g.ids[0]
    g.dice.push(3, 4)                           # the leap, then the take-off's CH AGI 4 passes
    g.act(a, "super_jump", to=[20, 20])
    assert g.all_dice_used() and g.energy(a) == 5 and g.wounds(a) == 0 and len(g.checks("ATR")) == 2


def test_TRT_SUPER_JUMP_only_for_its_bearers_and_costs_10():
    g = jumper(carries=False)
    with pytest.raises(RuleViolation, match="leap"):
        g.act(g.ids[0], "super_jump", to=[20, 20])
    assert "super_jump" not in g.pending.options
    assert traits.fielding_problem(JUMP, "race", {JUMP}) is None
    assert traits.fielding_problem(JUMP, "object", {JUMP}) is None
    assert price(JUMP, "race") == 10


def test_TRT_FIRE_IN_THE_VEINS_a_super_jump_leaps_3_K_farther_for_1_wound():
    """Súper salto is a movement action, so Fuego en las venas may add +3 K to it: 13 K is refused unboosted, the
    boosted leap (die 3) lands 13 K away for ENE 5 and 1 wound (no CH DEF); the boosted leaps are legal options at
    13 K; a failed leap (die 8) moves nothing and costs no wound; without the trait no boost."""
    g = jumper()
    a = g.ids[0]
    race(g, a, JUMP, "TRT-FIRE-IN-THE-VEINS")
    with pytest.raises(RuleViolation, match="at most 10 K"):
        g.act(a, "super_jump", to=[23, 20])
    boosted = [o.params for o in g.engine.legal_options("super_jump") if o.params.get("boost")]
    assert boosted and {round(o["to"][0], 4) for o in boosted if o["to"][1] == 20} == {23.0}
    g.dice.push(3)
    g.act(a, "super_jump", to=[23, 20], boost="TRT-FIRE-IN-THE-VEINS")
    assert g.all_dice_used() and g.pos(a) == (23.0, 20.0) and g.energy(a) == 5 and g.wounds(a) == 1
    g = jumper()
    a = g.ids[0]
    race(g, a, JUMP, "TRT-FIRE-IN-THE-VEINS")
    g.dice.push(8)
    g.act(a, "super_jump", to=[23, 20], boost="TRT-FIRE-IN-THE-VEINS")
    assert g.pos(a) == (10.0, 20.0) and g.wounds(a) == 0
    g = jumper()
    assert not [o for o in g.engine.legal_options("super_jump") if "boost" in o.params]
    with pytest.raises(RuleViolation, match="no boost"):
        g.act(g.ids[0], "super_jump", to=[20, 20], boost="TRT-FIRE-IN-THE-VEINS")


# --- Arma de enjambre ------------------------------------------------------------------------------------------------
SWARM = "TRT-SWARM-WEAPON"


def swarm_duel(n: int = 2, energy: int = 10, ENE: int = 2) -> Game:
    """Red (AGI 5) with `n` swarm rifles (DMG 4, ENE `ENE`) and a plain pistol 9 K from blue (CON 9, DEF 3)."""
    guns = tuple(weapon(ENE=ENE, DMG=4, traits=(SWARM,), key=f"swarm{i}") for i in range(n)) + (weapon(DMG=2),)
    g = Game(M(x=10, y=20, weapons=guns), M(side="blue", x=20, y=20, facing=180.0, CON=9, protections=(armour(3),)))
    g.start_activation(g.ids[0], energy=energy)
    return g


def test_TRT_SWARM_WEAPON_each_net_critical_lowers_DEF_for_every_hit_of_the_volley():
    """CH IMP 1 (critical) and 3: net 1 critical: DEF 3 − 1 = 2 for both CH DEF (2 passes: 5 − 2, 4 − 2 wounds)."""
    g = swarm_duel()
    a, b = g.ids
    g.dice.push(1, 3, 2, 1, 2, 1)               # two CH IMP; CH DEF 2, CH PSI 1; CH DEF 2, CH PSI 1
    g.act(a, "swarm_volley", target=b)
    assert g.all_dice_used()
    assert g.events("swarm_volley")[0]["def_malus"] == 1
    assert [c["target"] for c in g.checks("DEF")] == [2, 2]
    assert g.wounds(b) == 3 + 2 and g.energy(a) == 10 - 4


def test_TRT_SWARM_WEAPON_each_fumble_cancels_a_critical():
    """CH IMP 1 (critical) and 10 (a fumble: CMB-8's own effects on the shooter): no net critical, DEF 3 stays."""
    g = swarm_duel()
    a, b = g.ids
    g.dice.push(1, 10, 3, 3, 3, 3)             # CH IMP 1, 10; the fumble's hit on red (CH DEF, CH PSI); blue's
    g.act(a, "swarm_volley", target=b)
    assert g.all_dice_used()
    ev = g.events("swarm_volley")[0]
    assert (ev["criticals"], ev["fumbles"], ev["def_malus"]) == (1, 1, 0)
    assert [c["target"] for c in g.checks("DEF") if c["who"] == b] == [3]
    assert g.wounds(b) == 5 - 3                 # the critical's own DMG +1 stays (CMB-6)


def test_TRT_SWARM_WEAPON_the_volley_may_take_ENE_down_to_minus_10():
    """Two ENE 4 swarm rifles with ENE 3: the volley (8) leaves −5; a plain shot could not go below 0."""
    g = swarm_duel(energy=3, ENE=4)
    a, b = g.ids
    with pytest.raises(RuleViolation, match="ENE-4"):
        g.act(a, "ranged_attack", target=b, weapon=0)
    g.dice.push(9, 9)                           # both miss
    g.act(a, "swarm_volley", target=b)
    assert g.all_dice_used() and g.energy(a) == -5
    g = swarm_duel(energy=-5, ENE=4)
    with pytest.raises(RuleViolation, match="ENE-4"):
        g.act(g.ids[0], "swarm_volley", target=g.ids[1])


def test_TRT_SWARM_WEAPON_needs_two_swarm_weapons_that_can_fire():
    g = swarm_duel(n=1)
    with pytest.raises(RuleViolation, match="fewer than two"):
        g.act(g.ids[0], "swarm_volley", target=g.ids[1])
    assert "swarm_volley" not in g.pending.options


def test_TRT_SWARM_WEAPON_is_fielded_on_weapons_and_costs_3():
    assert traits.fielding_problem(SWARM, "weapon", {SWARM}) is None
    assert price(SWARM) == 3


# --- Órdenes -------------------------------------------------------------------------------------------------------
ORDERS = "TRT-ORDERS"


def command_post(ally_energy: int = 4) -> Game:
    """A red officer (VOL 5, Órdenes) at (10, 20), a red rifleman 3 K away (ENE `ally_energy`, not activated yet) and a
    blue target far off; the officer's activation has started."""
    g = Game(M(x=10, y=20, VOL=5), M(x=14, y=20, weapons=(weapon(),), energy=ally_energy),
             M(side="blue", x=35, y=35, facing=180.0))
    race(g, g.ids[0], ORDERS)
    g.start_activation(g.ids[0], energy=6)
    return g


def test_TRT_ORDERS_the_ally_gains_3_ENE_acts_at_once_then_the_giver_carries_on():
    g = command_post()
    o, r, _ = g.ids
    g.act(o, "give_orders", target=r)
    assert g.energy(o) == 6 and g.energy(r) == 7                 # granted, not taken; ENE 0 for the order
    p = g.pending
    assert p.kind == "action" and p.actor == r                   # the ally acts now
    g.act(r, "crouch")
    assert g.pending.actor == r and g.energy(r) == 6
    g.act(r, "end")
    p = g.pending
    assert p.kind == "action" and p.actor == o                   # the giver carries on
    assert g.events("ordered_acting_end")[0]["who"] == r
    act = g.gs.activation(r)
    assert not act.started and not act.acted                     # its acting was not its activation


def test_TRT_ORDERS_once_per_turn_and_within_VOL_K():
    g = command_post()
    o, r, _ = g.ids
    g.act(o, "give_orders", target=r)
    g.act(r, "end")
    with pytest.raises(RuleViolation, match="already gave its order"):
        g.act(o, "give_orders", target=r)
    g = command_post()
    o, r, _ = g.ids
    g.world.set(r, replace(g.gs.pos(r), x=17.0))                 # 6 K edge to edge: beyond VOL 5
    with pytest.raises(RuleViolation, match="within 5 K"):
        g.act(o, "give_orders", target=r)


def test_TRT_ORDERS_the_granted_ENE_is_capped_at_10():
    g = command_post(ally_energy=9)
    o, r, _ = g.ids
    g.act(o, "give_orders", target=r)
    assert g.energy(r) == 10


def test_TRT_ORDERS_an_ally_put_out_of_action_hands_back_to_the_giver():
    g = command_post()
    o, r, _ = g.ids
    g.act(o, "give_orders", target=r)
    g.world.set(r, Life("incapacitated"))
    g.engine._end_activation(r)
    assert g.pending.actor == o and not g.world.has(r, UnderOrders)


def test_TRT_ORDERS_is_fielded_on_races_and_costs_5():
    assert traits.fielding_problem(ORDERS, "race", {ORDERS}) is None
    assert price(ORDERS, "race") == 5


def test_TRT_SUPER_JUMP_down_from_a_perch_counts_the_drop():
    """From a 3 K roof (level 2) to the ground 8 K away: √(8² + 3²) = 8.5 K: it lands at level 1, no fall damage;
    10 K across would be 10.4 K: refused."""
    g = jumper(replace(piece("roof", "high", 8, 18, 12, 22, height=3.0), climbable=True))
    a = g.ids[0]
    g.world.set(a, replace(g.gs.pos(a), level=2))
    with pytest.raises(RuleViolation, match="at most 10 K"):
        g.act(a, "super_jump", to=[20, 20])
    g.dice.push(3)
    g.act(a, "super_jump", to=[18, 20])
    assert g.all_dice_used() and g.gs.pos(a).level == 1 and g.pos(a) == (18.0, 20.0) and g.wounds(a) == 0


# --- Grito de veterano --------------------------------------------------------------------------------------------
VETERAN = "TRT-VETERAN-CRY"


def veterans(bearer_x: float = 10.0) -> Game:
    """A red sergeant (Grito de veterano) at (`bearer_x`, 24), a red shooter (AGI 5, DMG 4 rifle) at (10, 20), a blue
    target (CON 10, armour DEF 3) 9 K away facing it, with a rifle; the shooter's activation has started."""
    g = Game(M(x=bearer_x, y=24), M(x=10, y=20, weapons=(weapon(DMG=4), weapon(DMG=2, key="pistol"))),
             M(side="blue", x=20, y=20, facing=180.0, CON=10, protections=(armour(3),), weapons=(weapon(),)))
    race(g, g.ids[0], VETERAN)
    g.auto_pass = False
    g.start_activation(g.ids[1], energy=10)
    return g


def critical_shot(g: Game) -> tuple[int, int, int]:
    """The shooter's rifle crits on blue (CH IMP 1: DMG 5; CH DEF 9 fails: 5 wounds; CH PSI 5); every other
    candidate passes until the shooter is asked."""
    s, r, b = g.ids
    g.dice.push(1, 9, 5)
    g.declare(r, "ranged_attack", target=b, weapon=0)
    while g.pending.kind == "react" and g.pending.actor != r:
        g.react(g.pending.actor)
    return s, r, b


def test_TRT_VETERAN_CRY_a_critical_near_a_bearer_gives_an_extra_attack_at_once_at_ENE_0():
    g = veterans()
    s, r, b = critical_shot(g)
    assert not g.events("reaction")                                              # no reaction came first
    p = g.pending
    assert p.kind == "react" and p.actor == r and p.options == ("extra_attack",)    # before any reaction
    energy = g.energy(r)
    g.dice.push(9)                              # the extra attack's CH IMP 9 misses (no REA-4 −1, no CH VOL)
    g.react(r, "extra_attack", target=b)
    assert g.all_dice_used() and not g.events("check", rule="REA-2")
    assert g.energy(r) == energy                # ENE 0
    assert [c["target"] for c in g.checks("IMP")] == [5, 5]
    assert g.events("reaction", who=r)[0]["params"] == {"target": b}


def test_TRT_VETERAN_CRY_the_same_weapon_and_no_chain():
    g = veterans()
    s, r, b = critical_shot(g)
    with pytest.raises(RuleViolation, match="weapon of the critical"):
        g.engine.check_reaction(r, "extra_attack", {"target": b, "weapon": 1})
    g.dice.push(1, 9, 5)                        # a critical on the extra attack too: nothing more is owed
    g.react(r, "extra_attack", target=b)
    assert g.events("hit")[-1]["dmg"] == 5 and len(g.events("extra_attack_due")) == 1       # the rifle's 4 + 1
    assert not (g.pending is not None and g.pending.kind == "react" and g.pending.actor == r)


def test_TRT_VETERAN_CRY_declined_it_is_lost():
    g = veterans()
    s, r, b = critical_shot(g)
    g.react(r)                                  # passes
    while g.pending.kind == "react":
        assert g.pending.actor != r
        g.react(g.pending.actor)
    assert g.pending.kind == "action" and g.pending.actor == r
    assert "extra_attack" not in g.pending.options


def test_TRT_VETERAN_CRY_only_within_5_K_and_not_for_the_bearer_itself():
    g = veterans(bearer_x=3.0)                  # the sergeant 8 K away
    s, r, b = g.ids
    g.dice.push(1, 9, 5)
    g.declare(r, "ranged_attack", target=b, weapon=0)
    assert not g.events("extra_attack_due")
    g = Game(M(x=10, y=20, weapons=(weapon(),)), M(side="blue", x=20, y=20, facing=180.0, CON=10))
    race(g, g.ids[0], VETERAN)
    g.start_activation(g.ids[0], energy=10)
    g.dice.push(1, 9, 5)
    g.act(g.ids[0], "ranged_attack", target=g.ids[1], weapon=0)
    assert not g.events("extra_attack_due")


def test_TRT_VETERAN_CRY_is_fielded_on_races_and_objects_and_costs_25():
    assert traits.fielding_problem(VETERAN, "race", {VETERAN}) is None
    assert traits.fielding_problem(VETERAN, "object", {VETERAN}) is None
    assert price(VETERAN, "race") == 25


def test_TRT_VETERAN_CRY_a_critical_in_a_reaction_is_followed_by_the_extra_attack_in_that_window():
    """Red moves in view of a blue rifleman whose sergeant stands 2 K off; the rifleman's reaction shot crits: it is
    asked for its extra attack at once, in the same window."""
    g = Game(M(x=10, y=20, CON=10), M(side="blue", x=20, y=20, facing=180.0, weapons=(weapon(),)),
             M(side="blue", x=20, y=23, facing=0.0))
    a, b, sgt = g.ids
    race(g, sgt, VETERAN)
    g.auto_pass = False
    g.start_activation(a, energy=10)
    g.declare(a, "move", path=[[10, 21]])
    while g.pending.kind == "react" and g.pending.window == "declaration":
        g.react(g.pending.actor)
    assert g.pending.actor == b
    g.dice.push(1, 1, 9, 5)                     # CH VOL 1 (REA-2); CH IMP 1: critical; CH DEF 9; CH PSI 5
    g.react(b, "ranged_attack", target=a, weapon=0)
    p = g.pending
    assert p.kind == "react" and p.actor == b and p.options == ("extra_attack",)
    g.dice.push(9)
    g.react(b, "extra_attack", target=a)
    assert g.all_dice_used() and len(g.events("check", rule="REA-2")) == 1
