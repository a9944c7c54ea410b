"""Breakable walls and doors (rules/scenery_breaking.py; the action rules/actions/scenery_break.py) and Reventamuros'
DMG +3 against them (TRT-WALLBREAKER), with scripted dice."""
from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from rules_helpers import Game, M, blade, piece, ride, violation, weapon
from test_rules_parked_targets import parked_truck
from test_rules_traits_combat import attack, duel, hit_dmg, race
from wartime.core.components import BreakablePiece, Searchable, UsableElement
from wartime.data.models import BreakableSpec
from wartime.rules import scenery_breaking
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.params import CandidateSpace
from wartime.rules.elements import install_doors, why_not

KEY = "melee_attack_scenery"


def wall_game(*, con: int = 8, defense: int = 2, what: str = "wall", weapon_traits=(), blue_x: float = 20.0,
              red: dict | None = None) -> Game:
    """A red fighter (AGI 5, CON 5, a blade DMG 3: melee DMG 3 + 5 − 4 = 4) at (10, 20) facing east, its base touching
    a breakable 1.5 K high wall (x 10.5-11, y 15-25; DEF `defense`, CON `con`) that hides a blue enemy at (`blue_x`,
    20) from it."""
    r = dict(x=10.0, y=20.0, AGI=5, CON=5, weapons=(blade(DMG=3, traits=tuple(weapon_traits)),))
    r.update(red or {})
    g = Game(M(**r), M(side="blue", x=blue_x, y=20.0, facing=180.0, CON=9),
             pieces=[piece("wall", "high", 10.5, 15.0, 11.0, 25.0, height=1.5, blocks_los=True, defense=defense)])
    scenery_breaking.install(g.gs, SimpleNamespace(terrain=[SimpleNamespace(
        id="wall", defense=defense, breakable=BreakableSpec(con=con, what=what))]))
    return g


def strike(g: Game, *dice: int, energy: int = 10) -> None:
    a = g.ids[0]
    g.start_activation(a, energy=energy)
    g.dice.push(*dice)
    g.act(a, KEY, piece="wall", weapon=0)
    assert g.all_dice_used()


def options(g: Game, a: int) -> list[dict]:
    return [c.build() for c in REGISTRY[KEY].candidates(g.gs, a, CandidateSpace(g.gs, a))]


def state(g: Game) -> BreakablePiece:
    return scenery_breaking.piece_state(g.gs, "wall")


# --- Reventamuros -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("on, dmg", [(None, 4), ("race", 7), ("weapon", 7), ("both", 10)])
def test_TRT_WALLBREAKER_DMG_plus_3_in_melee_against_a_wall(on, dmg):
    """The blade's melee DMG 4 at the wall (CON 12, DEF 2): CH IMP die 3 hits, the wall's CH DEF die 9 fails: DMG
    wounds. Reventamuros on the race or the blade: DMG 7; on both (G10: counted twice): 10."""
    g = wall_game(con=12, weapon_traits=("TRT-WALLBREAKER",) if on in ("weapon", "both") else ())
    if on in ("race", "both"):
        race(g, g.ids[0], "TRT-WALLBREAKER")
    strike(g, 3, 9)
    hit = g.events("scenery_hit")[-1]
    assert hit["dmg"] == dmg and hit["bonus"] == dmg - 4 and hit["what"] == "wall"
    assert state(g).wounds == dmg and not state(g).gone
    assert g.energy(g.ids[0]) == 8                                  # the blade's ENE 2 (CBA-7)


def test_TRT_WALLBREAKER_DMG_plus_3_against_a_door():
    g = wall_game(con=12, what="door")
    race(g, g.ids[0], "TRT-WALLBREAKER")
    strike(g, 3, 9)
    assert g.events("scenery_hit")[-1]["dmg"] == 7 and state(g).wounds == 7


def test_TRT_WALLBREAKER_DMG_plus_3_against_a_ridden_and_a_driverless_transport():
    """A ridden transport (DEF 0, the existing hook dmg_mod): 4 → 7. A driverless one (MVA-17, DEF 2): the blade's
    DMG 3 + 4 − 4 = 3, +3 = 6; its CH DEF die 9 fails: 6 wounds."""
    g = duel(melee=True)
    a, b = g.ids
    race(g, a, "TRT-WALLBREAKER")
    ride(g, b, DEF=0)
    attack(g, 3, 9)
    assert hit_dmg(g) == 7
    for trait, dmg in ((None, 3), ("TRT-WALLBREAKER", 6)):
        g, t, _ = parked_truck(M(x=18.45, y=20.0, facing=0.0, weapons=(blade(DMG=3),)), QUA=9)
        if trait:
            race(g, g.ids[0], trait)
        g.start_activation(g.ids[0], energy=10)
        g.dice.push(3, 9)
        g.act(g.ids[0], "melee_attack", target=t, weapon=0)
        assert g.events("hit")[-1]["dmg"] == dmg and g.events("damage")[-1]["wounds"] == dmg


def test_TRT_WALLBREAKER_none_against_a_character():
    """The same fighter and blade at a character on foot: DMG 4 with or without Reventamuros."""
    for trait in (False, True):
        g = duel(melee=True)
        if trait:
            race(g, g.ids[0], "TRT-WALLBREAKER")
        attack(g, 3, 9, 5)
        assert hit_dmg(g) == 4


def test_TRT_WALLBREAKER_no_bonus_at_range():
    """structure_dmg asks for melee blows only: a ranged blow at a structure gets nothing."""
    from wartime.rules import traits
    g = wall_game()
    race(g, g.ids[0], "TRT-WALLBREAKER")
    w = g.gs.weapon(g.ids[0], 0)
    assert traits.structure_dmg(g.gs, g.ids[0], w, "wall", True) == 0
    assert traits.structure_dmg(g.gs, g.ids[0], w, "wall", False) == 3


# --- the wall's side: CH DEF, wounds, destruction ---------------------------------------------------------------------
def test_TRT_WALLBREAKER_a_destroyed_wall_opens_line_of_sight_and_the_way():
    """A wall of CON 3 hides the enemy; the Reventamuros blow (DMG 7, CH DEF die 9 fails) gives 7 wounds > CON 3: it is
    destroyed (WND-5's reading) and leaves the board: the enemy is seen, and a straight move through it is legal."""
    g = wall_game(con=3)
    a, b = g.ids
    race(g, a, "TRT-WALLBREAKER")
    assert not g.gs.has_los(a, b)
    before = g.gs.board
    assert "wall" in [p.id for p in before.pieces]
    strike(g, 3, 9)
    assert state(g).gone and state(g).wounds == 7
    ev = g.events("scenery_destroyed")[-1]
    assert ev["piece"] == "wall" and ev["by"] == a and ev["rule"] == "WND-5"
    assert "wall" not in [p.id for p in g.gs.board.pieces] and g.gs.board is not before
    assert g.gs.has_los(a, b)
    assert g.gs.board is g.gs.board                                # one board per state (the spatial index kept)
    assert options(g, a) == []                                      # nothing left to strike


def test_TRT_WALLBREAKER_wall_wounds_add_up_and_its_CH_DEF_counts():
    """Without the trait (DMG 4) at a DEF 2, CON 5 wall: a passed CH DEF (die 2) 4 − 2 = 2 wounds; a failed one (die 9)
    4 more: 6 > 5, destroyed. A critical CH DEF (die 1) stops the hit (CMB-7); a fumble (die 10) adds 1 DMG (CMB-9)."""
    g = wall_game(con=5)
    strike(g, 3, 2)
    assert state(g).wounds == 2 and g.events("scenery_damage")[-1]["def_passed"] is True
    strike(g, 3, 9)
    assert state(g).wounds == 6 and state(g).gone
    g = wall_game(con=9)
    strike(g, 3, 1)
    assert state(g).wounds == 0 and g.events("scenery_damage")[-1]["rule"] == "CMB-7"
    strike(g, 3, 10)
    assert state(g).wounds == 5 and g.events("scenery_damage")[-1]["rule"] == "CMB-9"


def test_TRT_WALLBREAKER_a_missed_blow_leaves_the_wall():
    g = wall_game()
    strike(g, 8)                                                    # CH IMP 8 > AGI 5: missed, no CH DEF
    assert g.events("scenery_miss")[-1]["piece"] == "wall" and state(g).wounds == 0


def test_TRT_WALLBREAKER_the_blow_is_offered_in_contact_only_and_not_engaged():
    """The engine offers the blow to a character touching the wall with a melee weapon, not to one 1 K away, not to one
    engaged in melee, nor without breakable pieces; a submitted blow out of contact is refused."""
    g = wall_game()
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert options(g, a) == [{"piece": "wall", "weapon": 0}]
    assert [o.params for o in g.engine.legal_options(KEY)] == [{"piece": "wall", "weapon": 0}]
    g.set(a, replace(g.gs.pos(a), x=9.0))
    assert options(g, a) == []
    assert violation(g.engine.check_action, a, KEY, {"piece": "wall", "weapon": 0}).rule_id in ("TRT-WALLBREAKER",
                                                                                                 "CMB-11")
    g.set(a, replace(g.gs.pos(a), x=10.0))
    g.set(b, replace(g.gs.pos(b), x=10.0, y=21.0))                # the enemy in base contact: engaged
    assert violation(g.engine.check_action, a, KEY, {"piece": "wall", "weapon": 0}).rule_id == "TRT-WALLBREAKER"
    plain = duel(melee=True)
    assert REGISTRY[KEY].refusal(plain.gs, plain.ids[0]) == "TRT-WALLBREAKER"
    assert violation(plain.engine.check_action, plain.ids[0], KEY, {"piece": "wall", "weapon": 0}).rule_id == \
        "TRT-WALLBREAKER"


def test_TRT_WALLBREAKER_a_snapshot_put_back_restores_the_wall():
    g = wall_game(con=3)
    snap = g.world.snapshot()
    race(g, g.ids[0], "TRT-WALLBREAKER")
    strike(g, 3, 9)
    assert "wall" not in [p.id for p in g.gs.board.pieces]
    g.world.restore(snap)
    assert "wall" in [p.id for p in g.gs.board.pieces] and not state(g).gone


def test_TRT_WALLBREAKER_a_destroyed_door_is_used_no_more():
    """A door element's piece (GNA-16) marked breakable: once destroyed it leaves the board and Usar cannot close it."""
    g = wall_game(con=3, what="door")
    el = g.world.create(Searchable("gate", "gate", 10.0, 21.0, 0.5, ()), UsableElement(1, None, 0, "door", "wall"))
    install_doors(g.gs)
    assert why_not(g.gs, el) is None
    race(g, g.ids[0], "TRT-WALLBREAKER")
    strike(g, 3, 9)
    assert "destroyed" in why_not(g.gs, el)
    assert "wall" not in [p.id for p in g.gs.board.pieces]


def test_TRT_WALLBREAKER_strike_odds():
    """P(CH IMP AGI 5) = 1/2; DMG 7 with the trait; DEF 2: P(pass) 2/10 → 5 wounds, else 7: expected 1/2 × 6.6; CON 8
    wants 9 wounds: 2 hits."""
    from fractions import Fraction
    g = wall_game()
    race(g, g.ids[0], "TRT-WALLBREAKER")
    o = REGISTRY[KEY].strike_odds(g.gs, g.ids[0], {"piece": "wall", "weapon": 0})
    assert o["p_hit"] == Fraction(1, 2) and o["dmg"] == 7
    assert o["expected"] == Fraction(1, 2) * (Fraction(2, 10) * 5 + Fraction(8, 10) * 7) and o["hits_left"] == 2


# --- CBA-10 (unarmed) and CBA-8 (a firearm in melee) at scenery -----------------------------------------------------
FISTS = "unarmed_attack_scenery"
FIREARM = "melee_attack_firearm_scenery"


def test_TRT_WALLBREAKER_CBA_10_an_unarmed_blow_at_a_wall_deals_1_wound_2_on_a_critical():
    """CBA-10 at scenery: ENE 1, DMG CON 7 − 4 = 3, Reventamuros +3 = 6; the wall (CON 12, DEF 2) fails its CH DEF
    (die 9): 6 wounds, capped at 1; a critical CH IMP (die 1): DMG 7, capped at 2. Without the trait DMG 3."""
    g = wall_game(con=12, red=dict(CON=7, weapons=()))
    a = g.ids[0]
    race(g, a, "TRT-WALLBREAKER")
    g.start_activation(a, energy=10)
    assert [o.params for o in g.engine.legal_options(FISTS)] == [{"piece": "wall"}]
    g.dice.push(3, 9)
    g.act(a, FISTS, piece="wall")
    hit = g.events("scenery_hit")[-1]
    assert hit["dmg"] == 6 and hit["bonus"] == 3
    assert state(g).wounds == 1 and g.events("scenery_damage")[-1]["rule"] == "CBA-10"
    assert g.energy(a) == 9                                          # CBA-10: ENE 1
    g.dice.push(1, 9)
    g.act(a, FISTS, piece="wall")
    assert g.events("scenery_hit")[-1]["dmg"] == 7 and state(g).wounds == 3
    assert g.all_dice_used()
    g = wall_game(con=12, red=dict(CON=7, weapons=()))
    g.start_activation(g.ids[0], energy=10)
    g.dice.push(3, 9)
    g.act(g.ids[0], FISTS, piece="wall")
    assert g.events("scenery_hit")[-1]["dmg"] == 3 and state(g).wounds == 1


def test_TRT_WALLBREAKER_CBA_8_a_firearm_at_a_wall_needs_a_second_CH_IMP():
    """CBA-8 at scenery with a gun (ENE 2, DMG 3, RNG 10): CH IMP die 3 then the second die 4 (both ≤ AGI 5): melee DMG
    3 + 5 − 4 = 4, Reventamuros +3 = 7; the CH DEF die 9 fails: 7 wounds. A second die 7 misses: no CH DEF, no wound."""
    g = wall_game(con=12, red=dict(weapons=(blade(), weapon(ENE=2, DMG=3, RNG=10, key="gun"))))
    a = g.ids[0]
    race(g, a, "TRT-WALLBREAKER")
    g.start_activation(a, energy=10)
    assert [o.params for o in g.engine.legal_options(FIREARM)] == [{"piece": "wall", "weapon": 1}]
    assert [o.params for o in g.engine.legal_options(KEY)] == [{"piece": "wall", "weapon": 0}]
    g.dice.push(3, 4, 9)
    g.act(a, FIREARM, piece="wall", weapon=1)
    assert g.events("scenery_hit")[-1]["dmg"] == 7 and state(g).wounds == 7
    assert g.energy(a) == 8
    g.dice.push(3, 7)
    g.act(a, FIREARM, piece="wall", weapon=1)
    assert g.events("scenery_miss")[-1]["rule"] == "CBA-8" and state(g).wounds == 7
    assert g.all_dice_used()
    assert violation(g.engine.check_action, a, FIREARM, {"piece": "wall", "weapon": 0}).rule_id == "CBA-1"   # a blade


def test_ARE_5_an_area_weapon_at_a_wall_strikes_the_piece_alone():
    """ARE-5 at scenery (project reading): a gun with Área R3 (CBA-8) and a flail with Área R3 (CBA-7) are offered
    against the wall and strike it as a single blow: CH IMP 3, second 4, the wall's CH DEF 9 fails: melee DMG
    3 + 5 - 4 = 4 wounds on the wall; no template is laid (no dispersion, no area event), the blue mini untouched."""
    gun = weapon(ENE=2, DMG=3, RNG=10, key="gun", area="R3", traits=("TRT-AREA",))
    flail = blade(DMG=1, key="flail", area="R3", traits=("TRT-AREA",))
    g = wall_game(con=12, red=dict(weapons=(flail, gun)), blue_x=12.0)
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert [o.params for o in g.engine.legal_options(FIREARM)] == [{"piece": "wall", "weapon": 1}]
    assert [o.params for o in g.engine.legal_options(KEY)] == [{"piece": "wall", "weapon": 0}]
    g.dice.push(3, 4, 9)
    g.act(a, FIREARM, piece="wall", weapon=1)
    assert g.events("scenery_hit")[-1]["dmg"] == 4 and state(g).wounds == 4
    assert not g.events("dispersion") and not g.events("area_attack") and g.gs.wounds(b) == 0
    assert g.all_dice_used()


def test_TRT_WALLBREAKER_CBA_8_and_CBA_10_odds_and_refusals():
    """The odds: the firearm's P(hit) is P(CH IMP)² (CBA-8), the fists' expected wounds at most 1 a hit (CBA-10); and,
    as the weapon blow, neither is offered out of contact nor taken as a reaction nor without breakable pieces."""
    from fractions import Fraction
    g = wall_game(con=3, red=dict(CON=7, weapons=(weapon(ENE=2, DMG=3, RNG=10, key="gun"),)))
    a = g.ids[0]
    race(g, a, "TRT-WALLBREAKER")
    o = REGISTRY[FIREARM].strike_odds(g.gs, a, {"piece": "wall", "weapon": 0})
    assert o["p_hit"] == Fraction(1, 4) and o["dmg"] == 3 + 7 - 4 + 3
    f = REGISTRY[FISTS].strike_odds(g.gs, a, {"piece": "wall"})
    assert f["dmg"] == 6 and f["p_hit"] == Fraction(1, 2) and f["hits_left"] == 4
    assert f["expected"] == Fraction(1, 2) * (Fraction(2, 10) * 1 + Fraction(8, 10) * 1)
    g.set(a, replace(g.gs.pos(a), x=9.0))
    g.start_activation(a, energy=10)
    assert list(g.engine.legal_options(FISTS)) == [] and list(g.engine.legal_options(FIREARM)) == []
    plain = duel(melee=True)
    for key in (FISTS, FIREARM):
        assert REGISTRY[key].refusal(plain.gs, plain.ids[0]) == "TRT-WALLBREAKER"


# --- data: the scenario's breakable pieces ----------------------------------------------------------------------------
WALL = '[[terrain]]\nid = "wall"\nkind = "high"\nrect = [9, 5, 10, 15]\ndefense = 2\n'


def test_TRT_WALLBREAKER_a_scenario_marks_breakable_walls_and_doors(tmp_path):
    from tests.data.test_data_scenario_items import load
    sc = load(tmp_path, WALL + 'breakable = { con = 3 }\n'
                      '[[terrain]]\nid = "gate"\nkind = "blocking"\nrect = [9, 16, 10, 17]\n'
                      'breakable = { con = 2, what = "door" }\n'
                      '[[element]]\nid = "bar"\nat = [8, 16.5]\n[element.use]\nene = 1\neffect = "door"\ndoor = "gate"')
    assert [(t.id, t.breakable) for t in sc.terrain] == [("wall", BreakableSpec(con=3, what="wall")),
                                                         ("gate", BreakableSpec(con=2, what="door"))]
    assert load(tmp_path, WALL).terrain[0].breakable is None


def test_TRT_WALLBREAKER_breakable_mistakes_name_the_field(tmp_path):
    from tests.data.test_data_scenario_items import load
    assert load(tmp_path, WALL + 'breakable = { con = 0, what = "fence", hp = 2 }') == [
        "terrain[0].breakable.hp: unknown key (expected one of: con, what)",
        "terrain[0].breakable.con: 0 is out of range 1-10",
        "terrain[0].breakable.what: 'fence' is not one of wall, door"]
    assert load(tmp_path, '[[terrain]]\nid = "mud"\nkind = "difficult"\nrect = [9, 5, 10, 15]\n'
                          'breakable = { con = 2 }') == [
        "terrain[0].breakable: only obstacles (low, high, blocking) can be breakable, not difficult terrain"]
    assert load(tmp_path, WALL + 'breakable = 3') == [
        'terrain[0].breakable: expected a table {con = 3, what = "wall"}, got 3']
    assert load(tmp_path, WALL + 'breakable = { con = 2 }\nmovable = { con = 2 }') == [
        "terrain[0].breakable: a piece is either movable or breakable, not both"]
    assert load(tmp_path, WALL + 'breakable = { con = 2 }\n[[element]]\nid = "bar"\nat = [8, 16.5]\n[element.use]\n'
                                 'ene = 1\neffect = "door"\ndoor = "wall"') == [
        'element[0].use.door: terrain \'wall\' is a breakable wall: a door\'s breakable piece says what = "door"']


def test_TRT_WALLBREAKER_the_fixture_sets_up_its_breakable_pieces():
    """tests/match/fixtures/breach.toml (not shipped): a breakable wall and a breakable door element, one
    BreakablePiece each (terrain order) with the piece's DEF; a scenario without any keeps gs.breakables None."""
    from tests.match.game_helpers import ROOT, make_match
    m = make_match(ROOT / "tests" / "match" / "fixtures" / "breach.toml", 1)
    gs = m.gs
    assert list(gs.breakables) == ["yard-wall", "gate"]
    assert [(b.piece, b.what, b.con, b.defense) for b in scenery_breaking.standing(gs)] == [
        ("yard-wall", "wall", 3, 2), ("gate", "door", 2, 1)]
    plain = make_match(ROOT / "tests" / "match" / "fixtures" / "brawl.toml", 1)
    assert plain.gs.breakables is None and REGISTRY[KEY].refusal(plain.gs, plain.gs.minis()[0]) == "TRT-WALLBREAKER"


def test_TRT_WALLBREAKER_a_destroyed_wall_no_longer_blocks_movement_nor_covers():
    """Before: a Mover path straight through the wall is illegal and a shot at the enemy behind it has no LOS; after
    the wall is destroyed the same path is legal and the enemy stands in the open (no cover)."""
    g = wall_game(con=3, blue_x=14.0)
    a, b = g.ids
    race(g, a, "TRT-WALLBREAKER")
    g.start_activation(a, energy=10)
    through = {"path": [[10.95, 20.0]]}
    assert violation(g.engine.check_action, a, "move", through).rule_id != "MOV-3"
    strike(g, 3, 9)
    assert state(g).gone
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "move", through, False, None) >= 1
    (c,) = g.gs.cover(a, [b])
    assert c.has_los and c.blocked == 0


# --- a destroyed piece under a climber (issue 16) ---------------------------------------------------------------------
def test_MVA_9_a_destroyed_wall_brings_down_its_climbers_onto_the_ground():
    """A 3 K wall (CON 3) destroyed by a Reventamuros blow (DMG 7, CH IMP 3, its CH DEF 9 fails): the blue clinging
    2.6 K up its far side and the blue standing on its top (3 K) are left on nothing: each falls to the ground where it
    was (MVA-9 ruling 3; id order), the table's DMG as an automatic hit (ruling 2, 4): 2.6 K and 3 K for a 1 K model
    are DMG 4; CH DEF die 9 fails: 4 wounds each (CH PSI 5 passes). A blue on the ground nearby stays as it was."""
    from wartime.core.components import Climbing
    g = Game(M(x=10.0, y=20.0, AGI=5, CON=5, weapons=(blade(DMG=3),)),
             M(side="blue", x=11.5, y=22.0, facing=180.0, CON=9), M(side="blue", x=10.75, y=17.0, CON=9),
             M(side="blue", x=13.0, y=20.0, CON=9),
             pieces=[piece("wall", "high", 10.5, 15.0, 11.0, 25.0, height=3.0, blocks_los=True, defense=2)])
    scenery_breaking.install(g.gs, SimpleNamespace(terrain=[SimpleNamespace(
        id="wall", defense=2, breakable=BreakableSpec(con=3, what="wall"))]))
    a, c, d, e = g.ids
    g.set(c, Climbing("wall", 2.6))
    g.set(d, Climbing("wall", 3.0))
    race(g, a, "TRT-WALLBREAKER")
    assert g.gs.elevation(c) == pytest.approx(2.6) and g.gs.elevation(d) == pytest.approx(3.0)
    strike(g, 3, 9, 9, 5, 9, 5)
    assert state(g).gone
    assert [(f["who"], f["drop"], f["dmg"], f["rule"]) for f in g.events("fall")] == [(c, 2.6, 4, "MVA-9"),
                                                                                     (d, 3.0, 4, "MVA-9")]
    assert [b["who"] for b in g.events("brought_down")] == [c, d]
    for who, at in ((c, (11.5, 22.0)), (d, (10.75, 17.0))):
        assert not g.world.has(who, Climbing) and g.gs.elevation(who) == 0.0 and g.gs.pos(who).level == 1
        assert (g.gs.pos(who).x, g.gs.pos(who).y) == at and g.wounds(who) == 4
    assert g.wounds(e) == 0 and not g.world.has(e, Climbing)


def test_MVA_9_a_destroyed_piece_brings_down_the_mini_perched_on_its_roof():
    """A breakable 3 K high block (CON 3, x 10.5-14) destroyed by a Reventamuros blow (DMG 7, CH IMP 3, its CH DEF 9
    fails): the blue perched on its roof at level 2 (MOV-10) is left on nothing: it comes down to level 1 where it
    stood (MVA-9 ruling 3) and falls 3 K, DMG 4 for a 1 K model (ruling 4) as an automatic hit: CH DEF die 9 fails,
    4 wounds (CH PSI 5 passes). A blue perched on another 3 K block stays up there, unhurt."""
    from wartime.core.components import Position
    g = Game(M(x=10.0, y=20.0, AGI=5, CON=5, weapons=(blade(DMG=3),)),
             M(side="blue", x=12.0, y=20.0, facing=180.0, CON=9), M(side="blue", x=32.0, y=20.0, CON=9),
             pieces=[piece("wall", "high", 10.5, 15.0, 14.0, 25.0, height=3.0, blocks_los=True, defense=2),
                     piece("other", "high", 30.0, 15.0, 34.0, 25.0, height=3.0, blocks_los=True, defense=2)])
    scenery_breaking.install(g.gs, SimpleNamespace(terrain=[SimpleNamespace(
        id="wall", defense=2, breakable=BreakableSpec(con=3, what="wall"))]))
    a, c, d = g.ids
    g.set(c, Position(12.0, 20.0, 180.0, 2))
    g.set(d, Position(32.0, 20.0, 0.0, 2))
    race(g, a, "TRT-WALLBREAKER")
    assert scenery_breaking.perched_on(g.gs, "wall") == [c]
    strike(g, 3, 9, 9, 5)
    assert state(g).gone
    assert [(f["who"], f["drop"], f["dmg"], f["rule"]) for f in g.events("fall")] == [(c, 3.0, 4, "MVA-9")]
    assert [(b["who"], b["level"]) for b in g.events("brought_down")] == [(c, 2)]
    assert g.gs.pos(c) == Position(12.0, 20.0, 180.0, 1) and g.wounds(c) == 4 and g.gs.elevation(c) == 0.0
    assert g.gs.pos(d).level == 2 and g.wounds(d) == 0
