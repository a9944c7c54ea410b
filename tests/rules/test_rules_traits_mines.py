"""Issue 12: items left on the table (rules/traits/mines.py, rules/placed.py, GNA-15 Soltar's bombs): each set up with
scripted dice and checked against its catalogue effect and ruling, and priced at its catalogue cost."""
from __future__ import annotations

import pytest
from tests.rules.rules_helpers import Game, M, piece, violation, weapon
from wartime.core.components import Gear, Item, Position
from wartime.data.loader import priced_trait
from wartime.rules import placed, traits
from wartime.rules.actions import REGISTRY

AREA = "TRT-ACTIVATION-AREA"


def mine(*more: str, area: str | None = "R5", RNG: int = 1, ENE: int = 2, DMG: int = 5, key: str = "mine"):
    """A bomb: Área (when `area`) + Área de activación + `more`."""
    base = ("TRT-AREA",) if area else ()
    return weapon(ENE=ENE, DMG=DMG, RNG=RNG, key=key, area=area, traits=base + (AREA,) + more)


def laid(bomb, *others: M, rolls=(), layer_at=(10.0, 20.0)) -> tuple[Game, int]:
    """A red sapper at `layer_at` drops `bomb` (in base contact, in front: 0.6 K along +x), ends its activation and
    steps aside to (10, 5); returns the game and the charge's entity."""
    g = Game(M(x=layer_at[0], y=layer_at[1], weapons=(bomb,)), *others, rolls=rolls)
    a = g.ids[0]
    g.start_activation(a, energy=5)
    g.act(a, "drop_item", item="weapon:0")
    g.act(a, "end")
    g.set(a, Position(10.0, 5.0, 90.0))
    return g, g.events("charge_placed")[-1]["item"]


def price(trait: str, kind: str = "weapon") -> int:
    return priced_trait(trait, kind, "test", "traits").points


# --- GNA-15 ----------------------------------------------------------------------------------------------------------
def test_GNA_15_dropping_a_bomb_costs_its_ENE_and_it_is_operative_after_the_activation():
    """A bomb (ENE 2) costs 2 to drop, a plain rifle still 0; the bomb lies placed in base contact, owned by its
    dropper, and is not operative until the dropper's activation is over."""
    g = Game(M(x=10, y=20, weapons=(mine(), weapon())), M(side="blue", x=30, y=20, facing=180.0))
    a, _ = g.ids
    g.start_activation(a, energy=5)
    assert g.engine.check_action(a, "drop_item", {"item": "weapon:0"}) == 2
    assert g.engine.check_action(a, "drop_item", {"item": "weapon:1"}) == 0
    g.act(a, "drop_item", item="weapon:0")
    assert g.energy(a) == 3
    c = g.events("charge_placed")[-1]["item"]
    assert g.world.get(c, Item).at == (10.6, 20.0) and g.world.get(c, Item).weapon.name == "Mine"
    pc = g.world.get(c, placed.PlacedCharge)
    assert (pc.owner, pc.level) == (a, 1) and not placed.armed(g.gs, pc)
    g.act(a, "end")
    assert placed.armed(g.gs, g.world.get(c, placed.PlacedCharge)) and g.events("charge_armed")[-1]["item"] == c


def test_GNA_15_a_bomb_does_not_go_off_before_its_droppers_activation_ends():
    """In the dropper's own activation an ally walks into the area: nothing happens (no die is rolled)."""
    g = Game(M(x=10, y=20, weapons=(mine(),)), M(x=20, y=20, mov=12))
    a, b = g.ids
    g.start_activation(a, energy=5)
    g.act(a, "drop_item", item="weapon:0")
    assert placed.first_trip(g.gs, b, [(20.0, 20.0), (12.0, 20.0)], 8.0) is None
    assert len(placed.charges(g.gs)) == 1


# --- TRT-ACTIVATION-AREA ----------------------------------------------------------------------------------------------
def test_TRT_ACTIVATION_AREA_a_mover_entering_RNG_K_stops_there_and_sets_it_off():
    """RNG 1: the blue mover heading for (8, 20) first comes within 1 K of the mine (at 10.6) with its centre at 12.1:
    it stops there; the R5 goes off centred on the mine, covering it fully: DMG 5, its CH DEF 9 fails (DEF 0): 5
    wounds. The charge is gone."""
    g, c = laid(mine(), M(side="blue", x=20, y=20, facing=180.0, mov=12, CON=9), rolls=[9, 9])
    b = g.ids[1]
    g.start_activation(b, energy=10)
    g.act(b, "move", path=[[8, 20]])
    assert g.pos(b) == (12.1, 20.0) and g.energy(b) == 9
    assert g.events("move_cut")[-1]["at"] == [12.1, 20.0]
    off = g.events("charge_set_off")[-1]
    assert (off["rule"], off["by"], off["centre"]) == (AREA, b, [10.6, 20.0])
    assert g.events("hit")[-1]["dmg"] == 5 and g.wounds(b) == 5
    assert placed.charges(g.gs) == [] and not g.world.has(c, Item)


def test_ENV_6_a_placed_charge_going_off_is_heard_at_DMG_x_2_K_from_the_blast():
    """ENV-6: the mine (DMG 5) going off is a use of the weapon: heard up to 10 K from its centre (10.6, 20): the
    mover that set it off hears it, a blue mini 15 K east of the blast (its base 14.5 K off) does not."""
    g, c = laid(mine(), M(side="blue", x=20, y=20, facing=180.0, mov=12, CON=9), M(side="blue", x=25.6, y=20),
                rolls=[9, 9])
    b, far = g.ids[1], g.ids[2]
    g.start_activation(b, energy=10)
    g.act(b, "move", path=[[8, 20]])
    noise = [n for n in g.events("noise") if n.get("item") == c]
    assert len(noise) == 1
    assert (noise[0]["rule"], noise[0]["source"], noise[0]["range"]) == ("ENV-6", [10.6, 20.0], 10.0)
    assert b in noise[0]["heard_by"] and far not in noise[0]["heard_by"] and "who" not in noise[0]


def test_TRT_ACTIVATION_AREA_friends_trigger_it_too_and_the_blast_spares_no_one():
    """A red ally of the sapper walks in; the R5 covers it and a blue mini standing by (both CH DEF 10: fumbles)."""
    g, _ = laid(mine(), M(x=20, y=20, facing=180.0, mov=12, CON=9), M(side="blue", x=10.6, y=18.0, CON=9),
                rolls=[10, 9, 10, 9])
    ally, foe = g.ids[1], g.ids[2]
    g.start_activation(ally, energy=10)
    g.act(ally, "move", path=[[11.5, 20]])
    assert g.events("charge_set_off")[-1]["by"] == ally
    hit = {h["target"] for h in g.events("hit")}
    assert hit == {ally, foe} and g.wounds(ally) > 0 and g.wounds(foe) > 0


def test_TRT_ACTIVATION_AREA_triggers_once_on_entering_not_on_leaving_or_passing_far():
    """A path that never comes within reach, or one that starts inside and leaves, sets nothing off."""
    g, c = laid(mine(), M(side="blue", x=20, y=24, facing=180.0, mov=15))
    b = g.ids[1]
    it = g.world.get(c, Item)
    assert placed.entry_along([(20.0, 24.0), (5.0, 24.0)], it.at, 1.5) is None
    assert placed.entry_along([(11.0, 20.0), (20.0, 20.0)], it.at, 1.5) is None
    assert placed.entry_along([(11.0, 20.0), (20.0, 20.0), (11.0, 20.0)], it.at, 1.5) == pytest.approx(9.0 + 7.9)
    g.start_activation(b, energy=10)
    g.act(b, "move", path=[[5, 24]])
    assert g.pos(b) == (5.0, 24.0) and g.events("charge_set_off") == [] and len(placed.charges(g.gs)) == 1


def test_TRT_ACTIVATION_AREA_without_Area_it_hits_the_intruder_alone():
    """A single-target bomb (DMG 4, no Área): the intruder takes the hit, the ally beside it nothing."""
    g, _ = laid(mine(area=None, DMG=4), M(side="blue", x=20, y=20, facing=180.0, mov=12, CON=9),
                M(side="blue", x=12.2, y=18.6, CON=9), rolls=[9, 9])
    b, d = g.ids[1], g.ids[2]
    g.start_activation(b, energy=10)
    g.act(b, "move", path=[[8, 20]])
    assert [h["target"] for h in g.events("hit")] == [b] and g.wounds(b) == 4 and g.wounds(d) == 0


def test_TRT_ACTIVATION_AREA_a_flier_passes_over_it():
    """A mini moving at another level than the mine's does not set it off."""
    g, _ = laid(mine(), M(side="blue", x=20, y=20, facing=180.0, mov=12))
    b = g.ids[1]
    g.set(b, Position(20.0, 20.0, 180.0, level=2))
    assert placed.first_trip(g.gs, b, [(20.0, 20.0), (8.0, 20.0)], 12.0) is None


def test_TRT_ACTIVATION_AREA_cost_and_fielding():
    """Catalogue price 5, on weapons and objects."""
    assert price(AREA) == 5 and price(AREA, "object") == 5
    assert traits.fielding_problem(AREA, "weapon", {AREA}) is None
    assert traits.fielding_problem(AREA, "object", {AREA}) is None


# --- the three on an object: dropped, it goes off as a use on a mini ------------------------------------------------
def beacon(g: Game, holder: int, *more: str, RNG: int = 1, ENE: int = 1) -> int:
    """A healing beacon (Elixir 2) with `more` traits, held by `holder`."""
    return g.world.create(Item("Beacon", holder=holder), Gear("beacon", "Beacon", ENE, RNG, 3,
                                                             ("TRT-ELIXIR",) + more, (("TRT-ELIXIR", 2),)))


def dropped_beacon(*more: str, ally_at=(20.0, 20.0), RNG: int = 1) -> tuple[Game, int, int, int]:
    """A red sapper at (10, 20) drops a beacon carrying `more` (ENE 1), ends its activation and steps aside to
    (10, 5); a wounded red ally (3 wounds, MOV 12) stands at `ally_at`. Returns the game, sapper, ally, charge."""
    g = Game(M(x=10, y=20), M(x=ally_at[0], y=ally_at[1], facing=180.0, mov=12, CON=9, wounds=3),
             M(side="blue", x=40, y=40))
    a, b, _ = g.ids
    item = beacon(g, a, *more, RNG=RNG)
    g.start_activation(a, energy=5)
    assert g.engine.check_action(a, "drop_item", {"item": f"item:{item}"}) == 1
    g.act(a, "drop_item", item=f"item:{item}")
    assert g.energy(a) == 4 and g.events("charge_placed")[-1]["item"] == item
    g.act(a, "end")
    g.set(a, Position(10.0, 5.0, 90.0))
    return g, a, b, item


def test_TRT_ACTIVATION_AREA_object_goes_off_as_a_use_on_the_mini_entering_its_area():
    """Ruling: "resolved as a normal use of the item". A beacon (Elixir 2, RNG 1) dropped with Soltar for its ENE 1:
    the ally walking towards (8, 20) first comes within 1 K of it at 12.1 K, stops there and is healed 2 (no
    check: nobody uses it); the beacon is gone."""
    g, a, b, item = dropped_beacon(AREA)
    g.start_activation(b, energy=10)
    g.act(b, "move", path=[[8, 20]])
    assert g.pos(b) == (12.1, 20.0) and g.wounds(b) == 1 and not g.checks()
    off = g.events("charge_set_off")[-1]
    assert (off["rule"], off["by"], off["target"], off["weapon"]) == (AREA, b, b, "Beacon")
    assert placed.charges(g.gs) == [] and not g.world.has(item, Item) and not g.world.has(item, Gear)


def test_TRT_AUTONOMOUS_BOMB_object_only_a_mover_of_5_K_or_less_sets_it_off():
    """With Bomba autónoma the beacon goes off for a 4.5 K move into its area (stopped at 12.1, healed 2), not for a
    12 K one through it (the ally slips past, unhealed, and the beacon stays)."""
    g, a, b, item = dropped_beacon(AREA, "TRT-AUTONOMOUS-BOMB", ally_at=(16.5, 20.0))
    g.start_activation(b, energy=10)
    g.act(b, "move", path=[[12, 20]])
    assert g.events("charge_set_off")[-1]["rule"] == "TRT-AUTONOMOUS-BOMB" and g.wounds(b) == 1
    assert g.pos(b) == (12.1, 20.0)
    g, a, b, item = dropped_beacon(AREA, "TRT-AUTONOMOUS-BOMB", ally_at=(20.0, 20.0))
    g.start_activation(b, energy=10)
    g.act(b, "move", path=[[8, 20]])
    assert g.pos(b) == (8.0, 20.0) and g.events("charge_set_off") == [] and g.wounds(b) == 3
    assert len(placed.charges(g.gs)) == 1


def test_TRT_REMOTE_CONTROL_object_its_controller_uses_it_on_the_mini_nearest_within_RNG():
    """A remote beacon (RNG 3): in its own activation the sapper sets it off for ENE 1, without line of sight: the
    nearest mini within 3 K of it, the wounded ally 1.9 K away, is healed 2; walking into it sets nothing off."""
    g, a, b, item = dropped_beacon("TRT-REMOTE-CONTROL", ally_at=(13.0, 20.0), RNG=3)
    g.start_activation(a, energy=5)
    assert [o.params for o in g.engine.legal_options("set_off_charge")] == [{"item": item}]
    g.act(a, "set_off_charge", item=item)
    assert g.energy(a) == 4 and g.wounds(b) == 1 and g.events("charge_set_off")[-1]["target"] == b
    assert placed.charges(g.gs) == [] and not g.world.has(item, Gear)


def cocktail(g: Game, holder: int, *more: str, RNG: int = 1) -> int:
    """A vitamin cocktail (ENE 1; Cóctel de vitaminas: a use raises the chosen attribute) with `more` traits."""
    return g.world.create(Item("Cocktail", holder=holder), Gear("c", "Cocktail", 1, RNG, 3,
                                                                ("TRT-VITAMIN-COCKTAIL",) + more, ()))


def test_TRT_ACTIVATION_AREA_object_whose_use_chooses_takes_its_droppers_choice():
    """GNA-15 / GNA-16: a cocktail with Área de activación is laid with the option its use takes (the engine offers
    one drop per attribute; none, or one it does not have, is refused); the ally walking into it (at 12.1 K) takes
    it on the chosen AGI: AGI 5 -> 6 for the rest of its activation, CON unchanged, no check; the charge records
    the choice and is gone."""
    g = Game(M(x=10, y=20), M(x=20, y=20, facing=180.0, mov=12), M(side="blue", x=40, y=40))
    a, b, _ = g.ids
    item = cocktail(g, a, AREA)
    g.start_activation(a, energy=5)
    drops = [o.params for o in g.engine.legal_options("drop_item")]
    assert drops == [{"item": f"item:{item}", "choice": c} for c in ("CON", "AGI", "INT", "VOL")]
    assert violation(g.engine.check_action, a, "drop_item", {"item": f"item:{item}"}).rule_id == "GNA-15"
    assert violation(g.engine.check_action, a, "drop_item", {"item": f"item:{item}", "choice": "DMG"}).rule_id \
        == "GNA-15"
    assert g.engine.check_action(a, "drop_item", {"item": f"item:{item}", "choice": "AGI"}) == 1
    g.act(a, "drop_item", item=f"item:{item}", choice="AGI")
    assert g.events("charge_placed")[-1]["choice"] == "AGI" and placed.charge_choice(g.gs, item) == "AGI"
    g.act(a, "end")
    g.set(a, Position(10.0, 5.0, 90.0))
    before = g.gs.attrs(b)
    g.start_activation(b, energy=10)
    g.act(b, "move", path=[[8, 20]])
    assert g.pos(b) == (12.1, 20.0) and not g.checks()
    off = g.events("charge_set_off")[-1]
    assert (off["rule"], off["target"], off["choice"]) == (AREA, b, "AGI")
    assert g.gs.attrs(b).AGI == before.AGI + 1 and g.gs.attrs(b).CON == before.CON
    assert placed.charges(g.gs) == [] and placed.charge_choice(g.gs, item) is None


def test_TRT_AUTONOMOUS_BOMB_object_whose_use_chooses_takes_its_droppers_choice():
    """A cocktail with Bomba autónoma laid on CON: the ally's 4.5 K move into its area sets it off on it (CON +1)."""
    g = Game(M(x=10, y=20), M(x=16.5, y=20, facing=180.0, mov=12), M(side="blue", x=40, y=40))
    a, b, _ = g.ids
    item = cocktail(g, a, AREA, "TRT-AUTONOMOUS-BOMB")
    g.start_activation(a, energy=5)
    g.act(a, "drop_item", item=f"item:{item}", choice="CON")
    g.act(a, "end")
    g.set(a, Position(10.0, 5.0, 90.0))
    before = g.gs.attrs(b)
    g.start_activation(b, energy=10)
    g.act(b, "move", path=[[12, 20]])
    off = g.events("charge_set_off")[-1]
    assert (off["rule"], off["target"], off["choice"]) == ("TRT-AUTONOMOUS-BOMB", b, "CON")
    assert g.gs.attrs(b).CON == before.CON + 1 and g.gs.attrs(b).AGI == before.AGI


def test_TRT_REMOTE_CONTROL_object_whose_use_chooses_takes_its_droppers_choice():
    """A remote cocktail (RNG 3) laid on INT, set off by the sapper (ENE 1) in a later activation: the mini nearest
    it within 3 K takes the INT cocktail (a stim recorded on INT)."""
    g = Game(M(x=10, y=20), M(x=13, y=20, facing=180.0), M(side="blue", x=40, y=40))
    a, b, _ = g.ids
    item = cocktail(g, a, "TRT-REMOTE-CONTROL", RNG=3)
    g.start_activation(a, energy=5)
    g.act(a, "drop_item", item=f"item:{item}", choice="INT")
    g.act(a, "end")
    g.set(a, Position(10.0, 5.0, 90.0))
    g.start_activation(a, energy=5)
    g.act(a, "set_off_charge", item=item)
    off = g.events("charge_set_off")[-1]
    assert (off["rule"], off["target"], off["choice"]) == ("TRT-REMOTE-CONTROL", b, "INT")
    taken = g.events("stim_taken")[-1]
    assert (taken["who"], taken["attribute"]) == (b, "INT")


def test_TRT_ACTIVATION_AREA_object_whose_use_is_its_users_own_is_refused_when_dropped():
    """Ponzoña's use coats its user's own weapon (the user's weapons are its options): laid, it has no user, so
    Soltar refuses it naming TRT-VENOM; an object without a placed trigger is still dropped for ENE 0."""
    g = Game(M(x=10, y=20, weapons=(weapon(),)), M(side="blue", x=40, y=40))
    a = g.ids[0]
    venom = g.world.create(Item("Venom trap", holder=a), Gear("v", "Venom trap", 1, 1, 3,
                                                              ("TRT-VENOM", "TRT-VENOM:ácido", AREA), ()))
    g.start_activation(a, energy=5)
    assert violation(g.engine.check_action, a, "drop_item", {"item": f"item:{venom}"}).rule_id == "TRT-VENOM"
    assert violation(g.engine.check_action, a, "drop_item",
                     {"item": f"item:{venom}", "choice": "weapon:0"}).rule_id == "TRT-VENOM"
    assert f"item:{venom}" not in [o.params["item"] for o in g.engine.legal_options("drop_item")]
    kit = beacon(g, a)
    assert g.engine.check_action(a, "drop_item", {"item": f"item:{kit}"}) == 0
    assert violation(g.engine.check_action, a, "drop_item", {"item": f"item:{kit}", "choice": "AGI"}).rule_id \
        == "GNA-15"


# --- TRT-AUTONOMOUS-BOMB ----------------------------------------------------------------------------------------------
def test_TRT_AUTONOMOUS_BOMB_launches_itself_at_a_mover_of_5_K_or_less():
    """A 4.5 K move into its area: it goes off centred on the intruder (R3 around its base: fully covered)."""
    g, _ = laid(mine("TRT-AUTONOMOUS-BOMB", area="R3", RNG=2), M(side="blue", x=17, y=20, facing=180.0, mov=12, CON=9),
                rolls=[9, 9])
    b = g.ids[1]
    g.start_activation(b, energy=10)
    g.act(b, "move", path=[[12.5, 20]])
    off = g.events("charge_set_off")[-1]
    assert off["rule"] == "TRT-AUTONOMOUS-BOMB" and off["centre"] == [g.pos(b)[0], 20.0]
    assert g.pos(b) == (13.1, 20.0)
    assert g.events("hit")[-1] == {**g.events("hit")[-1], "target": b, "coverage": "full", "dmg": 5}


def test_TRT_AUTONOMOUS_BOMB_a_mover_of_more_than_5_K_slips_past():
    """A 6 K move through its area: nothing happens, the bomb stays."""
    g, _ = laid(mine("TRT-AUTONOMOUS-BOMB", area="R3", RNG=2), M(side="blue", x=18, y=20, facing=180.0, mov=12))
    b = g.ids[1]
    g.start_activation(b, energy=10)
    g.act(b, "move", path=[[12, 20]])
    assert g.pos(b) == (12.0, 20.0) and g.events("charge_set_off") == [] and len(placed.charges(g.gs)) == 1


def test_TRT_AUTONOMOUS_BOMB_cost_and_needs_activation_area():
    assert price("TRT-AUTONOMOUS-BOMB") == 3
    assert "TRT-ACTIVATION-AREA" in traits.fielding_problem("TRT-AUTONOMOUS-BOMB", "weapon", {"TRT-AUTONOMOUS-BOMB"})
    assert traits.fielding_problem("TRT-AUTONOMOUS-BOMB", "weapon", {"TRT-AUTONOMOUS-BOMB", AREA}) is None


# --- TRT-REMOTE-CONTROL -----------------------------------------------------------------------------------------------
def remote(area: str | None = "R5", **kw):
    base = ("TRT-AREA",) if area else ()
    return weapon(ENE=2, DMG=5, RNG=3, key="charge", area=area, traits=base + ("TRT-REMOTE-CONTROL",), **kw)


def test_TRT_REMOTE_CONTROL_its_controller_sets_it_off_for_ENE_1_without_line_of_sight():
    """Behind a wall, facing away, the sapper sets off its charge (ENE 1): the R5 around it hits the blue mini beside
    it (CH DEF 9 fails: 5 wounds). Walking into a remote-only charge sets nothing off."""
    wall = piece("wall", "blocking", 9.0, 10.0, 12.0, 11.0, height=3.0, blocks_los=True)
    g = Game(M(x=10, y=20, weapons=(remote(),)), M(side="blue", x=22, y=20, facing=180.0, mov=12, CON=9),
             pieces=[wall], rolls=[9, 9])
    a, b = g.ids
    g.start_activation(a, energy=5)
    assert list(g.engine.legal_options("set_off_charge")) == []
    g.act(a, "drop_item", item="weapon:0")
    c = g.events("charge_placed")[-1]["item"]
    assert violation(g.engine.check_action, a, "set_off_charge", {"item": c}).rule_id == "TRT-REMOTE-CONTROL"
    g.act(a, "end")
    g.set(a, Position(10.0, 5.0, 270.0))
    g.start_activation(b, energy=10)
    g.act(b, "move", path=[[12, 20]])
    assert g.pos(b) == (12.0, 20.0) and g.events("charge_set_off") == []
    assert violation(g.engine.check_action, b, "set_off_charge", {"item": c}).rule_id == "TRT-REMOTE-CONTROL"
    g.act(b, "end")
    g.start_activation(a, energy=5)
    assert [o.params for o in g.engine.legal_options("set_off_charge")] == [{"item": c}]
    assert g.engine.check_action(a, "set_off_charge", {"item": c}) == 1
    g.act(a, "set_off_charge", item=c)
    assert g.energy(a) == 4 and g.events("charge_set_off")[-1]["rule"] == "TRT-REMOTE-CONTROL"
    assert g.wounds(b) == 5 and placed.charges(g.gs) == []


def test_TRT_REMOTE_CONTROL_without_Area_it_hits_the_mini_nearest_within_RNG():
    """A single-target charge (RNG 3): of two blue minis 1.9 and 2.9 K from it, the nearer is hit."""
    g, c = laid(remote(area=None), M(side="blue", x=13, y=20, CON=9), M(side="blue", x=14, y=20.0, CON=9),
                rolls=[9, 9])
    a, near, far = g.ids
    g.start_activation(a, energy=5)
    g.act(a, "set_off_charge", item=c)
    assert [h["target"] for h in g.events("hit")] == [near] and g.wounds(far) == 0


def test_TRT_REMOTE_CONTROL_is_set_off_in_the_own_activation_only_and_costs_3():
    """Not as a reaction; catalogue price 3, on a weapon and an object; its prerequisite Vulnerable is one of the
    entries the source lost (G9): the ruling names no need for it, and it is not asked for."""
    g, c = laid(remote(), M(side="blue", x=30, y=20))
    a = g.ids[0]
    assert violation(REGISTRY["set_off_charge"].validate, g.gs, a, {"item": c, "_window": "after"}).rule_id \
        == "TRT-REMOTE-CONTROL"
    assert price("TRT-REMOTE-CONTROL") == 3
    assert traits.fielding_problem("TRT-REMOTE-CONTROL", "weapon", {"TRT-REMOTE-CONTROL"}) is None
    assert traits.fielding_problem("TRT-REMOTE-CONTROL", "object", {"TRT-REMOTE-CONTROL"}) is None
    assert price("TRT-REMOTE-CONTROL", "object") == 3
