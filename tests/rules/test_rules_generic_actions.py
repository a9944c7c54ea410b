"""The remaining generic actions through the rules engine: GNA-2 (Buscar), GNA-3 (Comerciar), GNA-6 (Desatarse),
GNA-7 (Eliminar), GNA-9 (Esconderse and the discovery roll), GNA-11 (refused), GNA-12 (Percibir), GNA-14 (Saquear)
and GNA-15 (Soltar), with their scenario elements (searchable elements, captives)."""
from __future__ import annotations

import pytest

from rules_helpers import Game, M, armour, blade, piece, violation, weapon

from wartime.core.components import Disposed, Energy, Hidden, Item, Life, Position, Searchable, Tied
from wartime.rules.actions import REGISTRY


def element(g: Game, x: float, y: float, *contents: str, id_: str = "chest", radius: float = 0.5) -> int:
    """A searchable element (GNA-2) with items inside, as match.setup.place_elements builds it."""
    el = g.world.create(Searchable(id_, id_.title(), x, y, radius))
    for name in contents:
        g.world.create(Item(name, inside=el))
    return el


def kill(g: Game, e: int) -> None:
    g.set(e, Life("dead"))


# --- GNA-2 -----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("die, found", [(4, True), (5, False)])
def test_GNA_2_search_finds_the_hidden_key_on_a_pass_and_nothing_on_a_fail(die, found):
    """GNA-2: INT 4: die 4 finds the hidden key (the searcher takes it); die 5 finds nothing and spends ENE 1."""
    g = Game(M(x=10, y=20, INT=4), M(side="blue", x=30, y=30))
    a, _ = g.ids
    el = element(g, 11.02, 20, "Hidden key")
    g.start_activation(a, energy=5)
    assert [o.params for o in g.engine.legal_options("search")] == [{"element": "chest"}]
    g.dice.push(die)
    g.act(a, "search", element="chest")
    chk = g.check("ATR")
    assert chk["attribute"] == "INT" and chk["target"] == 4 and chk["passed"] is found
    assert g.energy(a) == 4
    key = next(i for i in g.world.query(Item))
    ev = g.events("searched")[-1]
    if found:
        assert g.world.get(key, Item).holder == a and g.world.get(key, Item).inside is None
        assert ev["found"] == ["Hidden key"] and g.world.get(el, Searchable).searched
        assert violation(g.act, a, "search", element="chest").rule_id == "GNA-2"       # nothing left
    else:
        assert g.world.get(key, Item).inside == el and ev["found"] == []
        g.dice.push(1)
        g.act(a, "search", element="chest")                  # it may search again
        assert g.world.get(key, Item).holder == a


def test_GNA_2_search_needs_base_contact_with_a_searchable_element():
    """GNA-2: an element 1 K away, or an unknown element id, is refused naming GNA-2; nothing is spent."""
    g = Game(M(x=10, y=20), M(side="blue", x=30, y=30))
    a, _ = g.ids
    element(g, 12.5, 20, "Map")
    g.start_activation(a, energy=5)
    assert violation(g.act, a, "search", element="chest").rule_id == "GNA-2"
    assert violation(g.act, a, "search", element="crate").rule_id == "GNA-2"
    assert list(g.engine.legal_options("search")) == [] and g.energy(a) == 5


# --- GNA-3 -----------------------------------------------------------------------------------------------------------
def test_GNA_3_two_allies_in_contact_swap_a_pistol_for_a_grenade_for_ENE_1():
    """GNA-3: A gives its pistol and receives B's grenade (an item) for ENE 1; B spends nothing."""
    g = Game(M(x=10, y=20, weapons=(weapon(key="pistol"),)), M(x=11.02, y=20, energy=3),
             M(side="blue", x=30, y=30))
    a, b, _ = g.ids
    grenade = g.world.create(Item("Grenade", holder=b))
    g.start_activation(a, energy=5)
    offered = [o.params for o in g.engine.legal_options("trade")]
    assert {"target": b, "give": "weapon:0"} in offered and {"target": b, "receive": f"item:{grenade}"} in offered
    g.act(a, "trade", target=b, give="weapon:0", receive=f"item:{grenade}")
    assert g.energy(a) == 4 and g.energy(b) == 3
    assert g.gs.equipment(a).weapons == () and [w.name for w in g.gs.equipment(b).weapons] == ["Pistol"]
    assert g.world.get(grenade, Item).holder == a
    assert g.events("traded")[-1]["gave"] == "Pistol" and g.events("traded")[-1]["received"] == "Grenade"


def test_GNA_3_worn_armour_enemies_and_characters_out_of_contact_are_refused():
    """GNA-3 ruling: worn armour (SIZ 2) is not easy to take; only a willing character (an ally) in base contact
    trades; something must change hands."""
    g = Game(M(x=10, y=20, protections=(armour(2, SIZ=2), armour(1, key="amulet"))), M(x=11.02, y=20),
             M(side="blue", x=10, y=18.98), M(x=14, y=20))
    a, b, enemy, far = g.ids
    g.start_activation(a, energy=5)
    assert violation(g.act, a, "trade", target=b, give="protection:0").rule_id == "GNA-3"
    assert violation(g.act, a, "trade", target=enemy, give="protection:1").rule_id == "GNA-3"
    assert violation(g.act, a, "trade", target=far, give="protection:1").rule_id == "GNA-3"
    assert violation(g.act, a, "trade", target=b).rule_id == "GNA-3"
    assert g.energy(a) == 5
    g.act(a, "trade", target=b, give="protection:1")                # a SIZ 0 amulet is easy to take
    assert [p.name for p in g.gs.equipment(b).protections] == ["Amulet"]


# --- GNA-6 -----------------------------------------------------------------------------------------------------------
def test_GNA_6_untie_frees_a_character_from_rope_on_a_CH_AGI_minus_1():
    """GNA-6: AGI 6 against rope: target 5, die 5 frees it for ENE 4; a tied character may not move or attack
    (CBA-25 ruling 3) and Desatarse needs bonds."""
    g = Game(M(x=10, y=20, AGI=6, weapons=(weapon(),)), M(side="blue", x=20, y=20, facing=180.0))
    a, b = g.ids
    g.set(a, Tied())
    g.start_activation(a, energy=10)
    assert "untie" in g.engine.pending.options and "move" not in g.engine.pending.options
    assert violation(g.act, a, "move", path=[[11, 20]]).rule_id == "CBA-25"
    assert violation(g.act, a, "ranged_attack", target=b, weapon=0).rule_id == "CBA-25"
    g.dice.push(5)
    g.act(a, "untie")
    chk = g.check("ATR")
    assert chk["target"] == 5 and g.mods(chk) == {"GNA-6": -1} and chk["passed"]
    assert not g.world.has(a, Tied) and g.energy(a) == 6
    assert violation(g.act, a, "untie").rule_id == "GNA-6"
    g.act(a, "move", path=[[11, 20]])


def test_GNA_6_steel_bonds_need_two_natural_1s_in_a_row_and_a_fumble_wounds():
    """GNA-6: against steel dice 1 then 3 do not free it and the count restarts; 1 then 1 (across activations) free
    it; die 10 adds 1 wound with no CH DEF."""
    g = Game(M(x=10, y=20, AGI=6, CON=6), M(side="blue", x=30, y=30))
    a, _ = g.ids
    g.set(a, Tied(steel=True))
    g.start_activation(a, energy=10)
    g.dice.push(1, 3)
    g.act(a, "untie")
    assert g.world.get(a, Tied).ones == 1
    g.act(a, "untie")
    assert g.world.get(a, Tied).ones == 0 and g.energy(a) == 2
    g.set(a, Energy(10))
    g.dice.push(10, 5)                                   # fumble: +1 wound, then its CH PSI
    g.act(a, "untie")
    assert g.wounds(a) == 1 and not g.checks("DEF") and g.world.has(a, Tied)
    g.act(a, "end")
    g.next_turn()
    g.start_activation(a, energy=10)
    g.dice.push(1)
    g.act(a, "untie")
    assert g.world.get(a, Tied).ones == 1
    g.dice.push(1)
    g.act(a, "untie")
    assert not g.world.has(a, Tied) and g.events("untied")[-1]["steel"] is True


def test_GNA_6_a_tied_character_does_not_react():
    """CBA-25 ruling (3) / GNA-6: tied, it may not react: a reaction is refused naming CBA-25, so it has no legal
    reaction and the window is not offered to it (REA-3)."""
    g = Game(M(x=10, y=20, weapons=(weapon(),)), M(side="blue", x=20, y=20, facing=180.0))
    a, b = g.ids
    g.set(b, Tied())
    g.auto_pass = False
    g.start_activation(a, energy=10)
    w = g.engine.flow.window
    from wartime.rules.reactions import Window  # (only this test builds a window by hand)
    probe = Window(timing="after", actor=a, action="move", target=None, queue=(b,))
    assert violation(g.engine._validate_reaction, probe, b, "ranged_attack", {"target": a, "weapon": 0}).rule_id \
        == "CBA-25"
    g.declare(a, "move", path=[[10, 21]])
    assert g.pending is None or g.pending.kind != "react" or g.pending.actor != b
    ev = g.events("reaction_window")[-1]
    assert {"who": b, "why": "no legal reaction it can pay for"} in ev["excluded"] and w is None


# --- GNA-7 -----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("die, removed", [(6, True), (7, False)])
def test_GNA_7_a_CON_6_character_disposes_of_a_corpse_with_a_CH_CON(die, removed):
    """GNA-7: CON 6 chooses CON: die 6 removes the corpse, die 7 leaves it; ENE 2; then nobody can loot it."""
    g = Game(M(x=10, y=20, CON=6, weapons=(blade(),)), M(side="blue", x=11.02, y=20, weapons=(weapon(),)),
             M(side="blue", x=30, y=30))
    a, corpse, _ = g.ids
    kill(g, corpse)
    g.start_activation(a, energy=10)
    assert {"target": corpse, "attribute": "CON"} in [o.params for o in g.engine.legal_options("dispose_corpse")]
    g.dice.push(die)
    g.act(a, "dispose_corpse", target=corpse, attribute="CON")
    chk = g.check("ATR")
    assert chk["attribute"] == "CON" and chk["target"] == 6 and g.energy(a) == 8
    assert g.world.has(corpse, Disposed) is removed
    if removed:
        assert violation(g.act, a, "loot", target=corpse).rule_id == "GNA-7"
        assert violation(g.act, a, "dispose_corpse", target=corpse, attribute="AGI").rule_id == "GNA-7"


def test_GNA_7_needs_a_corpse_in_contact_and_something_held():
    """GNA-7: a living enemy is not a corpse; an empty-handed character cannot use the action; the attribute is AGI,
    CON or INT."""
    g = Game(M(x=10, y=20, weapons=(blade(),)), M(side="blue", x=11.02, y=20), M(x=10, y=18.98),
             M(side="blue", x=30, y=30))
    a, enemy, empty, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "dispose_corpse", target=enemy, attribute="CON").rule_id == "GNA-7"
    kill(g, enemy)
    assert violation(g.act, a, "dispose_corpse", target=enemy, attribute="VOL").rule_id == "GNA-7"
    g.act(a, "end")
    g.start_activation(empty, energy=10)
    assert "dispose_corpse" not in g.engine.pending.options
    assert violation(g.act, empty, "dispose_corpse", target=a, attribute="CON").rule_id == "GNA-7"


# --- GNA-9 -----------------------------------------------------------------------------------------------------------
def hide_game(wall_height: float = 0.6, **hider) -> Game:
    """A red INT 4 hider at (10, 20) behind a low wall (0.6 K: 60 % covered from the east), a blue INT 5 shooter
    8 K east at (20, 20) facing it."""
    wall = piece("wall", "low", 11.0, 17, 11.4, 23, height=wall_height, blocks_los=True)
    return Game(M(x=10, y=20, INT=4, **hider), M(side="blue", x=20, y=20, facing=180.0, INT=5, weapons=(weapon(),)),
                pieces=[wall])


def test_GNA_9_hide_needs_more_than_50_percent_cover_from_every_enemy_with_LOS():
    """GNA-9: 60 % covered from the only enemy: it hides for ENE 2 (no check); behind a 0.5 K wall (40 %) it is
    refused naming GNA-9, and so is hiding again."""
    g = hide_game(wall_height=0.5)
    a, _ = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "hide").rule_id == "GNA-9" and g.energy(a) == 10
    g = hide_game()
    a, _ = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "hide")
    assert g.world.has(a, Hidden) and g.energy(a) == 8 and not g.checks()
    assert violation(g.act, a, "hide").rule_id == "GNA-9"


def test_GNA_9_hidden_character_needs_int_contest_to_be_targeted():
    """GNA-9: enemy INT 5 against hidden INT 4: dice 3 and 2: it stays hidden and cannot be targeted (once per
    activation); in the next activation dice 2 and 6: it is discovered, and the shot is allowed."""
    g = hide_game()
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "hide")
    g.act(a, "end")
    g.start_activation(b, energy=10)
    assert violation(g.act, b, "ranged_attack", target=a, weapon=0).rule_id == "GNA-9"
    assert not list(g.engine.legal_options("ranged_attack"))
    assert [o.params for o in g.engine.legal_options("discover")] == [{"target": a}]
    g.dice.push(3, 2)
    g.act(b, "discover", target=a)
    assert [c["target"] for c in g.checks("ATR")] == [5, 4]
    assert g.world.has(a, Hidden) and g.energy(b) == 10                 # free: no ENE
    assert violation(g.act, b, "discover", target=a).rule_id == "GNA-9"  # once per activation
    assert violation(g.act, b, "ranged_attack", target=a, weapon=0).rule_id == "GNA-9"
    g.act(b, "end")
    g.next_turn()
    g.start_activation(b, energy=10)
    g.dice.push(2, 6)
    g.act(b, "discover", target=a)
    assert not g.world.has(a, Hidden)
    g.dice.push(9)
    g.act(b, "ranged_attack", target=a, weapon=0)
    assert g.checks("IMP")


def test_GNA_9_an_enemy_seeing_it_50_percent_covered_or_less_acts_without_a_roll_and_acting_ends_hiding():
    """GNA-9 rulings (1) and (4): an enemy that walked round the wall sees it in the open: it shoots with no discovery
    roll and the character is found for everyone; a hidden character that acts stops hiding."""
    g = hide_game()
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "hide")
    g.act(a, "end")
    g.set(b, Position(10.0, 26.0, 270.0))            # it walked round the wall: in the open from there
    g.start_activation(b, energy=10)
    g.dice.push(9)
    g.act(b, "ranged_attack", target=a, weapon=0)
    assert not g.world.has(a, Hidden) and len(g.checks("ATR")) == 0
    g = hide_game()
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "hide")
    g.act(a, "crouch")
    assert not g.world.has(a, Hidden)
    assert g.events("state_changed", state="hidden")[-1]["how"] == "acted"


# --- GNA-12 ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("die, placed", [(4, "markers"), (1, "miniatures")])
def test_GNA_12_perceive_locates_unseen_enemies_within_INT_K(die, placed):
    """GNA-12: INT 6, hidden enemies 5 K and 7 K away behind walls: die 4 marks the 5 K one only (its hiding ends);
    die 1 places its miniature; ENE 2, no FOV or LOS needed."""
    w1 = piece("w1", "high", 12.0, 17, 12.4, 23, height=1.5, blocks_los=True)
    w2 = piece("w2", "high", 7.0, 17, 7.4, 23, height=1.5, blocks_los=True)
    g = Game(M(x=10, y=20, INT=6), M(side="blue", x=16, y=20), M(side="blue", x=2, y=20), pieces=[w1, w2])
    a, near, far = g.ids
    g.set(near, Hidden())
    g.set(far, Hidden())
    assert g.gs.distance(a, near) == pytest.approx(5.0) and g.gs.distance(a, far) == pytest.approx(7.0)
    g.start_activation(a, energy=10)
    g.dice.push(die)
    g.act(a, "perceive")
    assert g.check("ATR")["target"] == 6 and g.energy(a) == 8
    ev = g.events("perceived")[-1]
    assert ev["found"] == [near] and ev["placed"] == placed
    assert not g.world.has(near, Hidden) and g.world.has(far, Hidden)


def test_GNA_12_a_failed_perceive_finds_nothing():
    g = Game(M(x=10, y=20, INT=6), M(side="blue", x=13, y=20))
    a, b = g.ids
    g.set(b, Hidden())
    g.start_activation(a, energy=10)
    g.dice.push(7)
    g.act(a, "perceive")
    assert g.events("perceived")[-1]["found"] == [] and g.world.has(b, Hidden)


# --- GNA-14 ----------------------------------------------------------------------------------------------------------
def test_GNA_14_looting_2_items_gives_CH_AGI_minus_2_for_the_rest_of_the_turn():
    """GNA-14: looting a rifle and a medkit (ENE 3) gives CH AGI −2 for the rest of the turn: an AGI 6 shooter at
    8 K then hits on 4 or less; next turn the malus is gone. Worn armour stays on the corpse."""
    g = Game(M(x=10, y=20, AGI=6), M(side="blue", x=11.02, y=20, weapons=(weapon(),), protections=(armour(2, SIZ=2),)),
             M(side="blue", x=19 + 1.02, y=20, facing=180.0, CON=9))
    a, corpse, enemy = g.ids
    kill(g, corpse)
    medkit = g.world.create(Item("Medkit", holder=corpse))
    g.start_activation(a, energy=10)
    offered = [o.params for o in g.engine.legal_options("loot")]
    assert {"target": corpse} in offered and {"target": corpse, "items": ["weapon:0"]} in offered
    g.act(a, "loot", target=corpse)
    assert g.energy(a) == 7 and g.events("looted")[-1]["items"] == ["Rifle", f"Medkit"]
    assert g.world.get(medkit, Item).holder == a and len(g.gs.equipment(corpse).protections) == 1
    assert violation(g.act, a, "loot", target=corpse).rule_id == "GNA-14"   # nothing easy to take left
    g.dice.push(9)
    g.act(a, "ranged_attack", target=enemy, weapon=0)
    imp = g.check("IMP")
    assert imp["target"] == 4 and g.mods(imp) == {"GNA-14": -2}
    g.act(a, "end")
    g.next_turn()
    g.start_activation(a, energy=10)
    g.dice.push(9)
    g.act(a, "ranged_attack", target=enemy, weapon=0)
    assert g.checks("IMP")[-1]["target"] == 6


def test_GNA_14_needs_a_corpse_in_base_contact():
    g = Game(M(x=10, y=20), M(side="blue", x=11.02, y=20, weapons=(weapon(),)), M(side="blue", x=14, y=20))
    a, alive, far = g.ids
    kill(g, far)
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "loot", target=alive).rule_id == "GNA-14"
    assert violation(g.act, a, "loot", target=far).rule_id == "GNA-14"
    assert list(g.engine.legal_options("loot")) == []


# --- GNA-15 ----------------------------------------------------------------------------------------------------------
def test_GNA_15_dropping_a_rifle_costs_ENE_0_and_it_lies_in_base_contact():
    """GNA-15: the printed 0 overrides ENE-1's minimum; the rifle lies on the ground in base contact as an item keeping
    its profile; Soltar is refused as a reaction and for an item not held."""
    g = Game(M(x=10, y=20, weapons=(weapon(), blade())), M(side="blue", x=30, y=30))
    a, _ = g.ids
    g.start_activation(a, energy=3)
    assert {"item": "weapon:0"} in [o.params for o in g.engine.legal_options("drop_item")]
    assert g.engine.check_action(a, "drop_item", {"item": "weapon:0"}) == 0
    g.act(a, "drop_item", item="weapon:0")
    assert g.energy(a) == 3 and [w.name for w in g.gs.equipment(a).weapons] == ["Blade"]
    it = g.events("dropped")[-1]["entity"]
    lying = g.world.get(it, Item)
    assert lying.holder is None and lying.weapon.name == "Rifle" and lying.at == (10.6, 20.0)
    assert violation(g.act, a, "drop_item", item="weapon:1").rule_id == "GNA-15"
    assert violation(REGISTRY["drop_item"].validate, g.gs, a, {"item": "weapon:0", "_window": "after"}).rule_id \
        == "GNA-15"


# --- REA-3 -----------------------------------------------------------------------------------------------------------
def test_REA_3_the_reacting_side_chooses_the_order_of_its_characters():
    """REA-3: two blue characters see A's move; the engine offers them in id order (B first), but blue answers for C
    first: C reacts (or passes) before B, then B is asked; each still has one attempt, and a character of the other
    side, or one that already answered, cannot jump the queue."""
    g = Game(M(x=10, y=20, weapons=(weapon(),)), M(side="blue", x=20, y=20, facing=180.0, weapons=(weapon(),)),
             M(side="blue", x=20, y=23, facing=180.0, weapons=(weapon(),)))
    a, b, c = g.ids
    g.auto_pass = False
    g.start_activation(a, energy=10)
    g.declare(a, "crouch")
    assert g.pending.kind == "react" and g.pending.actor == b
    assert violation(g.react, a).rule_id == "REA-3"                   # not a candidate of the reacting side
    g.dice.push(9)                                                     # C's CH VOL 9 > 5: fails, nothing spent
    g.react(c, "ranged_attack", target=a, weapon=0)
    assert g.events("reaction_failed")[-1]["who"] == c and g.energy(c) == 10
    assert g.pending.actor == b                                         # B is asked next
    assert violation(g.react, c).rule_id == "REA-3"                   # C already had its attempt
    g.react(b)
    closed = g.events("reaction_window_closed")[0]
    assert [(o["who"], o["outcome"]) for o in closed["outcomes"]] == [(c, "failed_vol"), (b, "passed")]
