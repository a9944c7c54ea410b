"""The remaining combat actions (rules/actions/combat_special.py, rules/holds.py): CBA-2, CBA-3, CBA-4 (ranged
variants), CBA-6 (throw), CBA-9 (improvised weapon), CBA-11 (surprise attack), CBA-14 (disarm), CBA-16 (push),
CBA-25 (immobilise, break free, tie up) and CBA-26 (knock out), each with the digest's worked example and its
refusals, on scripted dice."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from wartime.core.components import Item, Posture, Tied
from wartime.rules import holds
from wartime.rules.actions.combat_special import material_dmg
from wartime.rules.options import legal_options
from tests.rules.rules_helpers import Game, M, armour, blade, piece, violation, weapon


def ranged_game(dist: float, attacker: dict | None = None, target: dict | None = None, *extra: M, pieces=()) -> Game:
    """A red shooter at (5, 20) facing +x and a blue target `dist` K away (edge to edge) facing it."""
    ak = dict(x=5, y=20, AGI=6, VOL=6, weapons=(weapon(ENE=2, DMG=4, RNG=40),))
    ak.update(attacker or {})
    tk = dict(side="blue", x=5 + dist + 1, y=20, CON=9, facing=180.0)
    tk.update(target or {})
    return Game(M(**ak), M(**tk), *extra, pieces=pieces, width=60.0)


def melee_game(attacker: dict | None = None, target: dict | None = None, *extra: M) -> Game:
    """A red fighter at (10, 20) in base contact with a blue target at (11, 20) facing it."""
    ak = dict(x=10, y=20, AGI=6, CON=6, weapons=(blade(),))
    ak.update(attacker or {})
    tk = dict(side="blue", x=11, y=20, CON=5, AGI=5, facing=180.0)
    tk.update(target or {})
    return Game(M(**ak), M(**tk), *extra)


def act(g: Game, key: str, *dice: int, actor: int | None = None, **params) -> None:
    a = g.ids[0] if actor is None else actor
    if g.engine.flow.active != a:
        g.start_activation(a, energy=10)
    g.dice.push(*dice)
    g.act(a, key, **params)
    assert g.all_dice_used()


# --- CBA-2 ------------------------------------------------------------------------------------------------------------
def test_CBA_2_a_bulto_reaches_VOL_times_7_5_with_CH_IMP_minus_1():
    """CBA-2: VOL 4 (FOV 20 K), AGI 6, weapon RNG 40, target at 30 K: allowed; hits on 3 or less (6 − 1 − 2)."""
    g = ranged_game(30, {"VOL": 4})
    a, b = g.ids
    assert violation(lambda: (g.start_activation(a, energy=10), g.act(a, "ranged_attack", target=b, weapon=0))) \
        .rule_id == "ENV-1"
    act(g, "ranged_attack_beyond_view", 3, 9, 5, target=b, weapon=0)
    imp = g.check("IMP")
    assert imp["target"] == 3 and g.mods(imp) == {"CBA-2": -1, "MOD-2": -2} and imp["passed"]
    assert g.energy(a) == 8 and g.wounds(b) == 4


def test_CBA_2_refuses_a_target_past_VOL_times_7_5_or_within_the_field_of_view():
    g = ranged_game(31, {"VOL": 4})
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "ranged_attack_beyond_view", target=b, weapon=0).rule_id == "CBA-2"
    g = ranged_game(15, {"VOL": 4})
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "ranged_attack_beyond_view", target=b, weapon=0).rule_id == "CBA-2"


def test_CBA_2_combines_with_CBA_4_and_the_minus_1s_add():
    """CBA-2 ruling: a target beyond the FOV range and the weapon's RNG takes both −1s."""
    g = ranged_game(25, {"VOL": 4, "AGI": 8, "weapons": (weapon(RNG=20),)})
    a, b = g.ids
    act(g, "ranged_attack_beyond_view", 2, 9, 5, target=b, weapon=0)
    imp = g.check("IMP")
    assert g.mods(imp) == {"CBA-2": -1, "CBA-4": -1, "MOD-2": -2} and imp["target"] == 4


def test_CBA_2_CBA_4_attack_modifiers_name_the_minus_1s_the_engine_then_rolls():
    """CBA-2 / CBA-4: the action says, before it is declared, the CH IMP −1s it will carry (what odds shown or
    weighed by an AI use): both variants for a target past the FOV range and RNG, none for an illegal shot; and
    the exact odds with them give the target number the engine rolls."""
    from wartime.rules.actions import REGISTRY
    from wartime.rules.odds import attack_odds
    g = ranged_game(25, {"VOL": 4, "AGI": 8, "weapons": (weapon(RNG=20),)})
    a, b = g.ids
    mods = REGISTRY["ranged_attack_beyond_view"].attack_modifiers(g.gs, a, {"target": b, "weapon": 0})
    assert sorted((m.rule, m.value) for m in mods) == [("CBA-2", -1), ("CBA-4", -1)]
    assert REGISTRY["ranged_attack_beyond_view"].attack_modifiers(g.gs, a, {"target": a, "weapon": 7}) == []
    assert REGISTRY["ranged_attack"].attack_modifiers(g.gs, a, {"target": b, "weapon": 0}) == []
    odds = attack_odds(g.gs, a, b, weapon_index=0, ranged=True, extra_imp=mods)
    act(g, "ranged_attack_beyond_view", 2, 9, 5, target=b, weapon=0)
    assert odds.imp_target == g.check("IMP")["target"] == 4


# --- CBA-3 ------------------------------------------------------------------------------------------------------------
def blind_game(with_ally: bool = True) -> Game:
    wall = piece("wall", "blocking", 10, 17, 11, 23, height=5.0, blocks_los=True, defense=3)
    extra = [M(x=14, y=26, facing=270.0, name="spotter")] if with_ally else []
    return ranged_game(8, {"AGI": 5}, {"CON": 9}, *extra, pieces=[wall])


def test_CBA_3_blind_attack_when_an_ally_sees_the_target_and_cover_counts():
    """CBA-3: AGI 5, target 8 K away behind a wall, seen by an ally: hits on 4 or less; the target then rolls the
    100 % cover CH DEFs (the wall's DEF 3 first, then its own CH DEF +2)."""
    g = blind_game()
    a, b = g.ids[0], g.ids[1]
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "ranged_attack", target=b, weapon=0).rule_id == "ENV-2"
    act(g, "ranged_attack_blind", 4, 5, 9, 5, target=b, weapon=0)
    imp = g.check("IMP")
    assert imp["target"] == 4 and g.mods(imp) == {"CBA-3": -1} and imp["passed"]
    cover = g.check("COVER")
    assert cover["target"] == 3 and not cover["passed"]
    d = g.check("DEF")
    assert g.mods(d) == {"CMB-18": 2} and g.wounds(b) == 4


def test_CBA_3_is_refused_when_no_ally_sees_the_target():
    g = blind_game(with_ally=False)
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "ranged_attack_blind", target=b, weapon=0).rule_id == "CBA-3"


def test_CBA_3_is_refused_when_the_attacker_sees_the_target():
    g = ranged_game(8)
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "ranged_attack_blind", target=b, weapon=0).rule_id == "CBA-3"


# --- CBA-4 ------------------------------------------------------------------------------------------------------------
def test_CBA_4_long_range_up_to_RNG_times_1_5():
    """CBA-4: VOL 6, AGI 6, weapon RNG 20: a target at 30 K is allowed and hit on 3 or less (6 − 1 − 2); a target
    at 31 K is refused; CBA-1 refuses the 30 K shot."""
    g = ranged_game(30, {"weapons": (weapon(ENE=2, RNG=20),)})
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "ranged_attack", target=b, weapon=0).rule_id == "CMB-10"
    act(g, "ranged_attack_long", 3, 9, 5, target=b, weapon=0)
    imp = g.check("IMP")
    assert imp["target"] == 3 and g.mods(imp) == {"CBA-4": -1, "MOD-2": -2} and imp["passed"]
    assert g.energy(a) == 8
    g = ranged_game(31, {"weapons": (weapon(RNG=20),)})
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "ranged_attack_long", target=b, weapon=0).rule_id == "CBA-4"


def test_CBA_4_is_offered_by_the_engine_only_beyond_RNG():
    g = ranged_game(30, {"weapons": (weapon(RNG=20),)})
    a, b = g.ids
    g.start_activation(a, energy=10)
    opts = list(legal_options(g.engine, "ranged_attack_long"))
    assert [o.params for o in opts] == [{"target": b, "weapon": 0}] and opts[0].cost == 2
    assert list(legal_options(g.engine, "ranged_attack")) == []


# --- CBA-6 ------------------------------------------------------------------------------------------------------------
def test_CBA_6_throw_a_steel_wrench():
    """CBA-6: MOV 5, CON 4: range 9 K; AGI 5 throwing a steel wrench at 8 K hits on 5 or less; die 5 hits with
    DMG 2; a DEF 1 target with CH DEF die 4 takes 2 wounds; the wrench lands in base contact with the target."""
    g = ranged_game(8, {"AGI": 5, "CON": 4, "mov": 5, "weapons": ()}, {"protections": (armour(1),)})
    a, b = g.ids
    wrench = g.world.create(Item("Wrench", holder=a))
    act(g, "throw", 5, 4, 5, item=f"item:{wrench}", target=b)
    imp = g.check("IMP")
    assert imp["target"] == 5 and imp["passed"]
    assert g.events("hit")[0]["dmg"] == 2 and g.wounds(b) == 2 and g.energy(a) == 8
    it = g.world.get(wrench, Item)
    assert it.holder is None and it.at is not None and g.gs.pos(b).x < it.at[0]
    x, y = it.at
    assert ((x - g.gs.pos(b).x) ** 2 + (y - g.gs.pos(b).y) ** 2) ** 0.5 == pytest.approx(0.6)


def test_CBA_6_range_is_MOV_plus_CON_and_a_thrown_weapon_leaves_the_hand():
    g = ranged_game(10, {"CON": 4, "mov": 5, "weapons": (blade(),)})
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "throw", item="weapon:0", target=b).rule_id == "CBA-6"
    g = ranged_game(6, {"CON": 4, "mov": 5, "weapons": (blade(),)})
    a, b = g.ids
    act(g, "throw", 8, item="weapon:0", target=b)                            # a miss: it lands all the same
    assert g.gs.equipment(a).weapons == ()
    dropped = [e for e in g.world.query(Item) if g.world.get(e, Item).weapon is not None]
    assert len(dropped) == 1 and g.world.get(dropped[0], Item).at is not None


def test_CBA_6_and_CBA_9_material_DMG():
    """CBA-6 / CBA-9: steel or hard rock DMG 2, wood 1, anything else 0; unmarked equipment counts as steel."""
    assert material_dmg(SimpleNamespace(material="wood")) == 1
    assert material_dmg(SimpleNamespace(material="hard_rock")) == 2
    assert material_dmg(SimpleNamespace(material="glass")) == 0
    assert material_dmg(blade()) == 2


def test_CBA_6_hand_grenade_is_its_area_attack_and_is_used_up():
    """CBA-6: a thrown area weapon (a grenade) resolves its area at the throw's range and is used up."""
    grenade = weapon(ENE=1, DMG=3, RNG=15, key="grenade", area="R3")
    g = ranged_game(7, {"CON": 4, "mov": 5, "AGI": 6, "weapons": (grenade,)})
    a, b = g.ids
    act(g, "throw", 4, 9, 5, item="weapon:0", target=b)
    assert g.events("area_attack") and g.wounds(b) == 3
    assert g.gs.equipment(a).weapons == () and g.events("item_used_up")


# --- CBA-9 ------------------------------------------------------------------------------------------------------------
def test_CBA_9_improvised_steel_bar():
    """CBA-9: CON 6, no wounds, AGI 5, a steel bar: ENE 3, hits on 4 or less (CH IMP −1) with DMG 2 + 6 − 4 = 4."""
    g = melee_game({"AGI": 5, "CON": 6, "weapons": ()}, {"CON": 9})
    a, b = g.ids
    bar = g.world.create(Item("Steel bar", holder=a))
    act(g, "melee_attack_improvised", 4, 9, 5, target=b, item=f"item:{bar}")
    imp = g.check("IMP")
    assert imp["target"] == 4 and g.mods(imp) == {"CBA-9": -1} and imp["passed"]
    assert g.events("hit")[0]["dmg"] == 4 and g.wounds(b) == 4 and g.energy(a) == 7


def test_CBA_9_needs_a_held_object_and_an_engaged_target():
    g = melee_game({"weapons": ()})
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "melee_attack_improvised", target=b, item="weapon:0").rule_id == "CBA-9"
    g = ranged_game(3, {"weapons": (blade(),)})
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "melee_attack_improvised", target=b, item="weapon:0").rule_id == "CMB-11"


# --- CBA-11 -----------------------------------------------------------------------------------------------------------
def surprise_game() -> Game:
    """A red attacker 3 K behind a blue DEF 4 defender that faces away (+x)."""
    return Game(M(x=10, y=20, AGI=5, CON=6, mov=5, weapons=(blade(ENE=2, DMG=3),)),
                M(side="blue", x=14, y=20, CON=9, facing=0.0, protections=(armour(4),)))


@pytest.mark.parametrize("def_die, wounds", [(3, 5), (2, 3)])
def test_CBA_11_surprise_attack_hits_automatically_against_DEF_minus_2(def_die, wounds):
    """CBA-11: the attacker arrives with Mover sin hacer ruido behind a DEF 4 defender, declares Ataque sorpresa
    (ENE 0) then Ataque CaC with DMG 5: no CH IMP; the CH DEF target is 2; die 3 gives 5 wounds, die 2 gives 3."""
    g = surprise_game()
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "move_silently", path=[[12.98, 20]])
    assert g.gs.in_contact(a, b)
    assert [o.params for o in legal_options(g.engine, "surprise_attack")] == [{"target": b}]
    before = g.energy(a)
    g.act(a, "surprise_attack", target=b)
    assert g.energy(a) == before
    g.dice.push(def_die, 5)
    g.act(a, "melee_attack", target=b, weapon=0)
    assert g.checks("IMP") == [] and g.events("surprise_hit")
    d = g.check("DEF")
    assert d["target"] == 2
    dmg = g.events("damage")[0]
    assert dmg["dmg"] == 5 and dmg["defense"] == 2 and g.wounds(b) == wounds


def test_CBA_11_needs_a_silent_arrival_at_the_rear():
    g = surprise_game()
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "move", path=[[12.98, 20]])                         # a noisy move
    assert violation(g.act, a, "surprise_attack", target=b).rule_id == "CBA-11"
    g = Game(M(x=10, y=20, mov=5, weapons=(blade(),)), M(side="blue", x=14, y=20, facing=180.0))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "move_silently", path=[[12.98, 20]])                # in front of it: it sees the attacker
    assert violation(g.act, a, "surprise_attack", target=b).rule_id == "CBA-11"


def test_CBA_11_lapses_at_the_end_of_the_activation():
    g = surprise_game()
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "move_silently", path=[[12.98, 20]])
    g.act(a, "surprise_attack", target=b)
    g.act(a, "end")
    assert g.events("surprise_lapsed", who=a)
    g.start_activation(a, energy=10)
    g.dice.push(9)
    g.act(a, "melee_attack", target=b, weapon=0)
    assert len(g.checks("IMP")) == 1


# --- CBA-14 -----------------------------------------------------------------------------------------------------------
def test_CBA_14_disarm_drops_the_chosen_item():
    """CBA-14: AGI 6 against AGI 5: CH IMP die 4 hits; opposed dice attacker 3, defender 5: the defender's rifle
    drops in base contact with it, no wounds; ENE 3."""
    g = melee_game({"AGI": 6}, {"AGI": 5, "weapons": (weapon(),)})
    a, b = g.ids
    act(g, "disarm", 4, 3, 5, target=b, item="weapon:0")
    assert g.gs.equipment(b).weapons == () and g.wounds(b) == 0 and g.energy(a) == 7
    [it] = [e for e in g.world.query(Item)]
    assert g.world.get(it, Item).weapon.key == "rifle" and g.events("disarmed")


def test_CBA_14_defender_wins_nothing_happens():
    """CBA-14: attacker 6, defender 2: nothing happens."""
    g = melee_game({"AGI": 6}, {"AGI": 5, "weapons": (weapon(),)})
    a, b = g.ids
    act(g, "disarm", 4, 6, 2, target=b, item="weapon:0")
    assert len(g.gs.equipment(b).weapons) == 1 and g.events("disarm_failed")


def test_CBA_14_needs_something_held():
    g = melee_game({}, {"weapons": ()})
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "disarm", target=b, item="weapon:0").rule_id == "CBA-14"


# --- CBA-16 -----------------------------------------------------------------------------------------------------------
def test_CBA_16_push_up_to_CON_difference():
    """CBA-16: CON 7 against CON 4, DEF 5: allowed; winning pushes up to 3 K straight away."""
    g = melee_game({"CON": 7}, {"CON": 4, "protections": (armour(5),)})
    a, b = g.ids
    assert [o.params for o in (g.start_activation(a, energy=10) or legal_options(g.engine, "push"))] == \
        [{"target": b}, {"target": b, "distance": 1}]
    act(g, "push", 4, 3, 5, target=b)
    assert g.pos(b) == pytest.approx((14.0, 20.0)) and g.energy(a) == 9 and g.wounds(b) == 0
    assert g.gs.world.get(b, Posture).state == "standing" and not g.gs.in_contact(a, b)


def test_CBA_16_equal_CON_pushes_1_K_and_a_critical_knocks_prone():
    g = melee_game({"CON": 5}, {"CON": 5})
    a, b = g.ids
    act(g, "push", 1, 3, 5, target=b)
    assert g.pos(b) == pytest.approx((12.0, 20.0)) and g.gs.world.get(b, Posture).state == "prone"


def test_CBA_16_push_stops_at_an_obstacle():
    g = melee_game({"CON": 8}, {"CON": 4})
    g.board = None
    wall = piece("wall", "low", 13.0, 15, 14, 25, height=0.5)
    from wartime.geometry.board import Board
    g.gs.board = Board(40.0, 40.0, [wall])
    a, b = g.ids
    act(g, "push", 4, 3, 5, target=b, distance=4)
    x, _ = g.pos(b)
    assert 11.9 <= x <= 12.5 + 1e-6


def test_CBA_16_refused_against_twice_the_CON_or_DEF():
    """CBA-16: CON 3 against CON 6 is refused; so is DEF 6 against CON 3; distance outside 1..max too."""
    g = melee_game({"CON": 3}, {"CON": 6})
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "push", target=b).rule_id == "CBA-16"
    g = melee_game({"CON": 3}, {"CON": 3, "protections": (armour(6),)})
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "push", target=b).rule_id == "CBA-16"
    g = melee_game({"CON": 5}, {"CON": 5})
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "push", target=b, distance=2).rule_id == "CBA-16"


# --- CBA-25 -----------------------------------------------------------------------------------------------------------
def test_CBA_25_immobilise_then_break_free():
    """CBA-25: AGI 6 CH IMP die 4 hits; CON 6 rolls 3 against CON 5 rolling 4: immobilised; in its activation the
    target pays 3 and rolls 2 against the holder's 5: free."""
    g = melee_game({"AGI": 6, "CON": 6}, {"CON": 5})
    a, b = g.ids
    act(g, "immobilise", 4, 3, 4, target=b)
    assert holds.holder_of(g.gs, b) == a and g.energy(a) == 9
    g.act(a, "end")
    g.start_activation(b, energy=5)
    assert violation(g.act, b, "move", path=[[13, 20]]).rule_id == "CBA-25"
    assert violation(g.act, b, "melee_attack", target=a, weapon=0).rule_id == "CBA-25"
    assert "break_free" in g.pending.options if g.pending is not None else True
    g.dice.push(2, 5)
    g.act(b, "break_free")
    assert not holds.immobilised(g.gs, b) and g.energy(b) == 2


def test_CBA_25_the_hold_lasts_until_the_holders_next_activation():
    g = melee_game({"AGI": 6, "CON": 6}, {"CON": 5})
    a, b = g.ids
    act(g, "immobilise", 4, 3, 4, target=b)
    g.act(a, "end")
    g.start_activation(b, energy=5)
    g.dice.push(5, 2)
    g.act(b, "break_free")                                       # the holder wins: still held
    assert holds.immobilised(g.gs, b)
    g.act(b, "end")
    g.next_turn()
    g.start_activation(b, energy=5)                              # still held in its next activation
    assert holds.immobilised(g.gs, b)
    g.act(b, "end")
    g.start_activation(a)
    assert not holds.immobilised(g.gs, b) and g.events("state_changed", who=b, state="immobilised", value=False)


def test_CBA_25_the_immobilised_cannot_react():
    from wartime.rules.actions import REGISTRY
    g = melee_game({"AGI": 6, "CON": 6}, {"CON": 5})
    a, b = g.ids
    act(g, "immobilise", 4, 3, 4, target=b)
    assert violation(holds.check_held, g.gs, b, REGISTRY["dodge"], "dodge", reaction=True).rule_id == "CBA-25"


def test_CBA_25_tie_up_after_immobilising():
    """CBA-25 ruling (3): the holder in contact wins a new CH CON ENF (ENE 3): the target is tied (GNA-6)."""
    g = melee_game({"AGI": 6, "CON": 6}, {"CON": 5})
    a, b = g.ids
    act(g, "immobilise", 4, 3, 4, target=b)
    assert [o.params for o in legal_options(g.engine, "tie_up")] == [{"target": b}]
    g.dice.push(2, 6)
    g.act(a, "tie_up", target=b)
    assert g.world.get(b, Tied) == Tied(steel=False) and not holds.immobilised(g.gs, b) and g.energy(a) == 6


def test_CBA_25_the_hold_ends_when_the_holder_leaves_contact():
    g = melee_game({"AGI": 6, "CON": 6}, {"CON": 5})
    a, b = g.ids
    act(g, "immobilise", 4, 3, 4, target=b)
    g.set(a, g.gs.pos(a).__class__(5.0, 20.0, 0.0))
    assert not holds.immobilised(g.gs, b)


def test_CBA_25_tie_up_needs_a_held_enemy():
    g = melee_game()
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "tie_up", target=b).rule_id == "CBA-25"
    assert violation(g.act, a, "break_free").rule_id == "CBA-25"


# --- CBA-26 -----------------------------------------------------------------------------------------------------------
def test_CBA_26_knock_out_then_an_ally_wakes_it():
    """CBA-26: CH IMP passes; CON 6 rolls 2 against CON 5 rolling 5: the target is unconscious with 0 wounds (a
    casualty); an ally's Curar wakes it."""
    g = melee_game({"AGI": 6, "CON": 6}, {"CON": 5}, M(side="blue", x=12, y=20, INT=5, name="medic"))
    a, b, medic = g.ids
    act(g, "knock_out", 4, 2, 5, target=b)
    assert g.gs.unconscious(b) and not g.gs.able(b) and g.wounds(b) == 0 and g.energy(a) == 9
    assert b not in g.gs.enemies(a)
    g.act(a, "end")
    g.start_activation(medic, energy=10)
    assert {"target": b} in [o.params for o in legal_options(g.engine, "heal")]
    g.dice.push(3)
    g.act(medic, "heal", target=b)
    assert g.gs.able(b) and g.wounds(b) == 0 and g.events("state_changed", who=b, state="unconscious", value=False)


def test_CBA_26_the_attacker_cannot_wake_its_own_victim_and_a_failed_contest_does_nothing():
    g = melee_game({"AGI": 6, "CON": 6}, {"CON": 5})
    a, b = g.ids
    act(g, "knock_out", 4, 6, 3, target=b)
    assert g.gs.able(b) and g.events("knock_out_failed")
    act(g, "knock_out", 4, 2, 5, target=b)
    assert not holds.can_wake(g.gs, b, a) and g.gs.unconscious(b)


def roof_game(target_con: int = 5) -> Game:
    """A red CON 8 pusher and a blue target both perched (level 2) on a 3 K roof whose east edge is at x = 14."""
    from wartime.core.components import Position
    roof = piece("roof", "blocking", 10, 15, 14, 25, height=3.0, blocks_los=True)
    g = Game(M(x=11, y=20, CON=8, AGI=6), M(side="blue", x=12, y=20, CON=target_con, VOL=5, facing=180.0),
             pieces=[roof])
    for e in g.ids:
        p = g.gs.pos(e)
        g.set(e, Position(p.x, p.y, p.facing, level=2))
    return g


def test_CBA_16_pushed_over_the_edge_of_a_roof_the_target_falls():
    """CBA-16 ruling (2): over an edge the target falls (MVA-9): pushed 3 K east from x = 12 it leaves the roof at
    x = 14, lands at the foot of the 3 K drop (level 1, its base touching the piece) and takes the fall's DMG 4
    (a 1 K model, a drop of 3 K) as an automatic hit: CH DEF die 5 against DEF 0, 4 wounds."""
    g = roof_game()
    a, b = g.ids
    assert g.gs.in_contact(a, b)
    act(g, "push", 4, 3, 5, 5, 5, target=b)
    p = g.gs.pos(b)
    assert p.level == 1 and p.x == pytest.approx(14.5, abs=0.06) and p.y == pytest.approx(20.0)
    assert g.events("pushed")[0]["over_the_edge"] and g.events("fall")[0]["dmg"] == 4 and g.wounds(b) == 4
    assert g.gs.pos(a).level == 2


def test_CBA_16_a_push_along_a_roof_stays_on_it():
    g = roof_game()
    a, b = g.ids
    act(g, "push", 4, 3, 5, target=b, distance=1)
    p = g.gs.pos(b)
    assert p.level == 2 and p.x == pytest.approx(13.0) and not g.events("fall")


def test_CBA_16_no_fall_when_the_ground_below_is_taken():
    """CBA-16 / MVA-9: with another base where the target would land, it stops at the edge of the roof."""
    from wartime.core.components import Position
    roof = piece("roof", "blocking", 10, 15, 14, 25, height=3.0, blocks_los=True)
    g = Game(M(x=11, y=20, CON=8, AGI=6), M(side="blue", x=12, y=20, CON=5, VOL=5, facing=180.0),
             M(side="blue", x=14.6, y=20, name="below"), pieces=[roof])
    for e in g.ids[:2]:
        p = g.gs.pos(e)
        g.set(e, Position(p.x, p.y, p.facing, level=2))
    a, b = g.ids[:2]
    act(g, "push", 4, 3, 5, target=b)
    p = g.gs.pos(b)
    assert p.level == 2 and p.x == pytest.approx(14.0) and not g.events("fall")


def test_CBA_26_utility_for_the_scripted_ai_is_exact():
    """CBA-26 (CHK-4): the scripted AI values Noquear at P(CH IMP) × P(win the CH CON ENF) × 2 (a casualty)."""
    from fractions import Fraction
    from wartime.rules.actions import REGISTRY
    from wartime.rules.actions.combat_special import p_opposed_win
    # 10 against 0: a wins 81 (it passes, the other fails) + 1 (both roll 1, the higher target wins) of 100
    assert p_opposed_win(10, 0) == Fraction(82, 100) and p_opposed_win(0, 10) < Fraction(1, 10)
    assert p_opposed_win(6, 5) > p_opposed_win(5, 5) > p_opposed_win(5, 6)
    g = melee_game({"AGI": 6, "CON": 6}, {"CON": 5})
    a, b = g.ids
    value = REGISTRY["knock_out"].utility(g.gs, a, b, {"target": b})
    assert value == pytest.approx(float(Fraction(6, 10) * p_opposed_win(6, 5)) * 2.0)


def test_CBA_14_can_be_dodged_like_any_melee_combat_action():
    """CBA-17 answers every melee combat action aimed at the dodger, Desarmar (CBA-14) included: the dodger wins the
    CH AGI ENF that replaces the CH IMP and nothing drops."""
    g = melee_game({"AGI": 6}, {"AGI": 5, "VOL": 5, "energy": 3, "weapons": (weapon(),)})
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.auto_pass = False
    g.declare(a, "disarm", target=b, item="weapon:0")
    assert g.pending.kind == "react" and "dodge" in g.pending.options
    g.dice.push(3, 4, 2)                             # b's reaction CH VOL; a's CH IMP 4; b's CH AGI 2
    g.react(b, "dodge")
    assert g.events("opposed_resolved", rule="CBA-17")[0]["winner"] == "b"
    assert len(g.gs.equipment(b).weapons) == 1 and g.events("miss") and g.all_dice_used()


def test_CBA_4_into_a_melee_keeps_its_minus_1_on_the_second_CH_IMP():
    """CBA-5 ruling (1): a long-range shot at an engaged target is also CBA-5; the second CH IMP has the same target
    value (with CBA-4's −1): first die 2 passes, second die 3 (target 3) hits the chosen target."""
    g = ranged_game(30, {"weapons": (weapon(ENE=2, DMG=4, RNG=20),)}, {"CON": 9},
                    M(x=37, y=20, facing=0.0, name="ally in the melee"))
    a, b = g.ids[0], g.ids[1]
    assert g.gs.engaged(b)
    act(g, "ranged_attack_long", 2, 3, 9, 5, target=b, weapon=0)
    first, second = g.checks("IMP")
    assert first["target"] == second["target"] == 3 and second["rule"] == "CBA-5"
    assert g.wounds(b) == 4


def test_CBA_2_an_area_weapon_a_bulto_rolls_its_CH_IMP_with_the_minus_1():
    """CBA-2 with an area weapon: the area's CH IMP (rolled by the area resolution) carries the variant's −1."""
    launcher = weapon(ENE=2, DMG=3, RNG=40, key="launcher", area="R3")
    g = ranged_game(30, {"VOL": 4, "weapons": (launcher,)})
    a, b = g.ids
    act(g, "ranged_attack_beyond_view", 3, 9, 5, target=b, weapon=0)
    imp = g.check("IMP")
    assert g.mods(imp)["CBA-2"] == -1 and imp["target"] == 3 and g.events("area_attack")


def test_CBA_16_a_climber_clinging_to_a_wall_falls_straight_down_beside_it():
    """CBA-16 / MVA-9: a climber clinging 2.5 K up a wall (MVA-10) that loses a push has nothing to stand on: it
    drops beside the wall, level 1, DMG 4 for the 2.5 K drop of a 1 K model (more than 2 m)."""
    from wartime.core.components import Climbing
    wall = piece("wall", "high", 12, 15, 12.5, 25, height=4.0, blocks_los=True)
    g = Game(M(x=11.5, y=19, CON=8, AGI=6), M(side="blue", x=11.5, y=20, CON=5, VOL=5, facing=270.0),
             pieces=[wall])
    a, b = g.ids
    for e in g.ids:
        g.set(e, Climbing("wall", 2.5))
    assert g.gs.in_contact(a, b)
    act(g, "push", 4, 3, 5, 5, 5, target=b)
    p = g.gs.pos(b)
    assert p.level == 1 and not g.world.has(b, Climbing) and (p.x, p.y) == pytest.approx((11.5, 20.0))
    assert g.events("fall")[0]["dmg"] == 4 and g.wounds(b) == 4
