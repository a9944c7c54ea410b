"""Race traits of issue 12's batch played through the trait registry (rules/traits/race_feats.py): each set up with
scripted dice and checked against its catalogue effect and ruling, and priced at its catalogue cost."""
from __future__ import annotations

from pathlib import Path

import pytest

from rules_helpers import Game, M, blade, piece, ride, violation, weapon
from test_rules_traits_combat import attack, duel, hit_dmg, imp_target, race
from wartime.core.components import Gear, Item, Life, Position, TraitParams
from wartime.data.loader import archetype_from_dict, load_catalogue, priced_trait
from wartime.data.models import CharacterSpec
from wartime.match import trait_params
from wartime.match.setup import fielding_problems
from wartime.rules.actions import REGISTRY
from wartime.rules.actions.terrain_moves import jump_up_reach, long_jump_max
from wartime.rules.odds import attack_odds
from wartime.rules.restrictions import check
from wartime.rules.traits import equip_problem, restrict_reaction
from wartime.rules.traits.race_feats import jumper_fall


def price(trait: str, kind: str = "race") -> int:
    return priced_trait(trait, kind, "test", "traits").points


def arch(kind: str, id_: str, **values):
    """An archetype of `kind` from its data-file values (named after its id)."""
    return archetype_from_dict({"id": id_, "kind": kind, "name": id_.capitalize(), **values})


def beast(trait_name: str):
    """A CON 6 AGI 5 INT 2 VOL 3 race with one trait (its Spanish name, as the data files write it)."""
    return arch("race", "beast", CON=6, AGI=5, INT=2, VOL=3, traits=[{"name": trait_name}])


# --- Rematador ------------------------------------------------------------------------------------------------------
def finished_phoenix(finisher_on: str) -> Game:
    """A blue CON 2 Ave Fénix killed in melee (CH IMP 3, CH DEF 9) by a red CON 9 fighter whose race (`race`) or
    blade (`weapon`) is Rematador."""
    traits = ("TRT-FINISHER",) if finisher_on == "weapon" else ()
    g = Game(M(x=10, y=20, CON=9, weapons=(blade(traits=traits),)), M(side="blue", x=11, y=20, CON=2, facing=180.0),
             M(side="blue", x=30, y=30))
    if finisher_on == "race":
        race(g, g.ids[0], "TRT-FINISHER")
    race(g, g.ids[1], "TRT-PHOENIX", "TRT-RESURRECTION")
    g.start_activation(g.ids[0], energy=10)
    g.dice.push(3, 9)
    g.act(g.ids[0], "melee_attack", target=g.ids[1], weapon=0)
    return g


@pytest.mark.parametrize("on", ["race", "weapon"])
def test_TRT_FINISHER_what_it_kills_never_comes_back(on):
    """Killed by Rematador (on the race or on its blade): no Ave Fénix roll when it dies, no Resurrección roll at the
    next turn starts: it stays dead (no die is drawn at all)."""
    g = finished_phoenix(on)
    b = g.ids[1]
    assert g.gs.world.get(b, Life).state == "dead" and g.events("finished", who=b)
    g.next_turn()
    g.next_turn()
    assert not g.events("phoenix_roll") and not g.events("resurrection_roll") and g.all_dice_used()
    assert g.gs.world.get(b, Life).state == "dead"


def test_TRT_FINISHER_without_it_the_phoenix_rolls():
    g = Game(M(x=10, y=20, CON=9, weapons=(blade(),)), M(side="blue", x=11, y=20, CON=2, facing=180.0),
             M(side="blue", x=30, y=30))
    race(g, g.ids[1], "TRT-PHOENIX")
    g.start_activation(g.ids[0], energy=10)
    g.dice.push(3, 9, 1)
    g.act(g.ids[0], "melee_attack", target=g.ids[1], weapon=0)
    assert g.events("phoenix_roll", die=1) and g.gs.world.get(g.ids[1], Life).state == "active"


# --- Saltador -------------------------------------------------------------------------------------------------------
def test_TRT_JUMPER_long_jump_plus_2_K():
    """MVA-12, MOV 4 AGI 5: 8 K; Saltador: 10 K. A 10 K jump lands (die 5), 11 K needs the critical."""
    g = Game(M(x=10, y=20, AGI=5, mov=4), M(side="blue", x=35, y=35))
    a, _ = g.ids
    assert long_jump_max(g.gs, a) == 8.0
    race(g, a, "TRT-JUMPER")
    assert long_jump_max(g.gs, a) == 10.0
    g.start_activation(a, energy=10)
    g.dice.push(5)
    g.act(a, "long_jump", to=[20, 20])
    assert g.pos(a) == (20, 20) and g.events("long_jump")[-1]["success"] and g.all_dice_used()


def test_TRT_JUMPER_clears_an_obstacle_as_tall_as_itself():
    """A 0.9 K wall (above the 0.75 K chest of a 1 K tall jumper) across a 4 K jump: refused (MOV-9) without
    Saltador; with it the jump clears it (die 5)."""
    wall = piece("wall", "low", 12, 10, 12.5, 30, height=0.9)
    for jumper in (False, True):
        g = Game(M(x=10, y=20, AGI=5, mov=4), M(side="blue", x=35, y=35), pieces=[wall])
        a, _ = g.ids
        if jumper:
            race(g, a, "TRT-JUMPER")
        g.start_activation(a, energy=10)
        if not jumper:
            assert violation(g.engine.check_action, a, "long_jump", {"to": [14, 20]})
            continue
        g.dice.push(5)
        g.act(a, "long_jump", to=[14, 20])
        assert g.pos(a) == (14, 20) and g.all_dice_used()


def test_TRT_JUMPER_jumps_up_at_least_its_own_height():
    """MVA-13: AGI 3 reaches height × 0.5; Saltador: × 1 (AGI 5's × 1.5 unchanged)."""
    g = Game(M(x=10, y=20, AGI=3), M(x=20, y=20, AGI=5), M(side="blue", x=35, y=35))
    a, b, _ = g.ids
    assert jump_up_reach(g.gs, a)[0] == 0.5 and jump_up_reach(g.gs, b)[0] == 1.5
    race(g, a, "TRT-JUMPER")
    race(g, b, "TRT-JUMPER")
    assert jump_up_reach(g.gs, a)[0] == 1.0 and jump_up_reach(g.gs, b)[0] == 1.5


def fall_from_tower(*traits: str) -> Game:
    """MVA-9: a CON 9, 1 K tall character drops down 3 K from a tower (DMG 4 without traits); CH DEF die 9, PSI 1."""
    tower = piece("tower", "blocking", 9, 9, 12, 12, height=3.0, blocks_los=True)
    g = Game(M(x=10.5, y=10.5, CON=9), M(side="blue", x=30, y=30), pieces=[tower])
    a, _ = g.ids
    race(g, a, *traits)
    p = g.gs.pos(a)
    g.set(a, Position(p.x, p.y, p.facing, 2))
    g.start_activation(a, energy=10)
    g.dice.push(9, 1)
    g.act(a, "drop_down", to=[12.55, 10.5])
    return g


def test_TRT_JUMPER_falls_deal_half_DMG():
    """A 3 K drop: DMG 4 without it; Saltador: DMG 2 (4 / 2), 2 wounds on a failed CH DEF (DEF 0)."""
    assert fall_from_tower().events("fall")[-1]["dmg"] == 4
    g = fall_from_tower("TRT-JUMPER")
    assert g.events("fall")[-1]["dmg"] == 2 and g.wounds(g.ids[0]) == 2


def test_TRT_JUMPER_odd_fall_DMG_rounds_half_up():
    assert [jumper_fall(None, 0, d) for d in (0, 3, 4, 5, 10)] == [0, 2, 2, 3, 5]


# --- Artillero ------------------------------------------------------------------------------------------------------
def transport_shot(*, gunner: str | None, rider: str, fast: bool = True) -> Game:
    """A red AGI 5 shooter 9 K from a blue target; `rider` ('attacker' / 'target') rides a transport that moved
    more than 5 K this turn (MOD-8) when `fast`; Artillero on the shooter's race or rifle (`gunner`)."""
    traits = ("TRT-GUNNER",) if gunner == "weapon" else ()
    g = duel({"weapons": (weapon(DMG=4, traits=traits),)})
    a, b = g.ids
    if gunner == "race":
        race(g, a, "TRT-GUNNER")
    who = a if rider == "attacker" else b
    ride(g, who)
    g.start_activation(a, energy=10)
    g.gs.set_effects(who, fast_move=fast)                 # its latest move covered more than 5 K (MOD-8)
    g.dice.push(9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    return g


@pytest.mark.parametrize("rider", ["attacker", "target"])
def test_TRT_GUNNER_no_malus_for_a_moving_transport(rider):
    """AGI 5 at 9 K: CH IMP 5; a transport (its own or its target's) that moved > 5 K: 4 (MOD-8); Artillero on the
    race or the weapon: 5 again."""
    assert imp_target(transport_shot(gunner=None, rider=rider)) == 4
    assert imp_target(transport_shot(gunner="race", rider=rider)) == 5
    assert imp_target(transport_shot(gunner="weapon", rider=rider)) == 5


def test_TRT_GUNNER_a_fast_character_on_foot_keeps_its_malus():
    g = duel()
    a, b = g.ids
    race(g, a, "TRT-GUNNER")
    g.gs.set_effects(b, fast_move=True)
    attack(g, 9)
    assert imp_target(g) == 4
    assert imp_target(transport_shot(gunner="race", rider="target", fast=False)) == 5


# --- Reventamuros ---------------------------------------------------------------------------------------------------
def test_TRT_WALLBREAKER_DMG_plus_3_in_melee_against_a_transport():
    """A CON 5 fighter's blade DMG 3 (+ CON − 4 = 4) against a ridden transport: DMG 7 with Reventamuros (race or
    blade); against a character on foot, 4."""
    for on in ("race", "weapon"):
        traits = ("TRT-WALLBREAKER",) if on == "weapon" else ()
        g = duel({"weapons": (blade(traits=traits),)}, melee=True)
        a, b = g.ids
        if on == "race":
            race(g, a, "TRT-WALLBREAKER")
        ride(g, b, DEF=0)
        attack(g, 3, 9)                                     # the transport takes the hit: no CH PSI
        assert hit_dmg(g) == 7
    g = duel(melee=True)
    race(g, g.ids[0], "TRT-WALLBREAKER")
    attack(g, 3, 9, 5)
    assert hit_dmg(g) == 4


# --- prices -----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("trait, kind, points", [("TRT-FINISHER", "race", 3), ("TRT-FINISHER", "weapon", 3),
                                                 ("TRT-JUMPER", "race", 5), ("TRT-GUNNER", "race", 4),
                                                 ("TRT-GUNNER", "weapon", 4), ("TRT-WALLBREAKER", "race", 10),
                                                 ("TRT-WALLBREAKER", "weapon", 10), ("TRT-CLAWS-AND-TEETH", "race", 5), ("TRT-HERO", "race", 2), ("TRT-LIVING-BOMB", "race", 5), ("TRT-ANIMAL", "race", -10)])
def test_TRT_race_feats_cost_their_catalogue_price(trait, kind, points):
    assert price(trait, kind) == points


# --- Fuego en las venas, Grito de sangre: Cargar too ------------------------------------------------------------------
def charge_game(*others: M) -> Game:
    """A red MOV 4 charger at (10, 20) (Cargar: MOV + 3 = 7 K) and a blue target at (19, 20) facing it: base
    contact is 8 K away."""
    return Game(M(x=10, y=20, mov=4, CON=6), M(side="blue", x=19, y=20, facing=180.0), *others)


def test_TRT_FIRE_IN_THE_VEINS_a_charge_plus_3_K_for_1_wound():
    """8 K is beyond the 7 K charge: refused plain; with the boost (10 K) it charges and takes 1 wound (no CH DEF,
    no die); the engine offers the boosted charge as a candidate."""
    g = charge_game()
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "charge", {"target": b, "path": [[18, 20]]}).rule_id == "MOV-3"
    race(g, a, "TRT-FIRE-IN-THE-VEINS")
    offered = [c for c in g.engine.legal_options("charge") if c.params.get("boost") == "TRT-FIRE-IN-THE-VEINS"]
    assert offered and offered[0].params["target"] == b
    g.act(a, "charge", target=b, path=[[18, 20]], boost="TRT-FIRE-IN-THE-VEINS")
    assert g.pos(a) == (18, 20) and g.wounds(a) == 1 and g.gs.in_contact(a, b) and g.all_dice_used()


def test_TRT_CRY_OF_BLOOD_the_killer_charges_plus_2_K():
    """A red ally marked by Grito de sangre (it killed in melee near the bearer) charges 9 K (7 + 2): allowed with no
    choice to make (a free boost), no wound, and the mark lapses; unmarked, refused."""
    g = charge_game(M(x=10, y=23))
    a, b, bearer = g.ids
    race(g, bearer, "TRT-CRY-OF-BLOOD")
    g.start_activation(a, energy=10)
    assert not [c for c in g.engine.legal_options("charge") if c.params.get("boost")]
    assert violation(g.engine.check_action, a, "charge", {"target": b, "path": [[18, 20]]}).rule_id == "MOV-3"
    g.gs.set_effects(a, spent=("TRT-CRY-OF-BLOOD",))
    g.act(a, "charge", target=b, path=[[18, 20]])          # a free boost: in the charge's allowance
    assert g.pos(a) == (18, 20) and g.wounds(a) == 0 and "TRT-CRY-OF-BLOOD" not in g.gs.effects(a).spent


# --- Maestría, Incapacidad: bought for an object ------------------------------------------------------------------------
def test_TRT_MASTERY_for_an_object_its_use_checks_plus_1_and_INEPTITUDE_minus_1():
    """An INT 5 user of a kit with Prueba de inteligencia (Usar's CH INT, GNA-16): Maestría for the kit makes the
    target 6 (the 6 passes, the kit heals 1); Incapacidad for it makes it 4 (the 5 fails); bought for another
    object, nothing."""
    for trait, value, die, healed in (("TRT-MASTERY", "object:kit", 6, True), ("TRT-INEPTITUDE", "object:kit", 5, False),
                                      ("TRT-MASTERY", "object:rope", 6, False)):
        g = Game(M(x=10, y=20, INT=5, wounds=2), M(side="blue", x=30, y=30))
        a, _ = g.ids
        kit = g.world.create(Item("Kit", holder=a), Gear("kit", "Kit", 2, 0, 3, ("TRT-ELIXIR", "TRT-INTELLIGENCE-TEST"),
                                                         (("TRT-ELIXIR", 1),)))
        race(g, a, trait)
        g.set(a, TraitParams(((trait, value),)))
        g.start_activation(a, energy=6)
        g.dice.push(die)
        g.act(a, "use_object", item=f"item:{kit}")
        chk = g.check("ATR")
        expected = 5 if value == "object:rope" else 5 + (1 if trait == "TRT-MASTERY" else -1)
        assert chk["target"] == expected and chk["passed"] is healed and g.wounds(a) == (1 if healed else 2)


def test_TRT_MASTERY_an_object_it_carries_is_fielded_one_it_does_not_is_refused():
    kit = arch("object", "kit", ENE=1, RNG=0, QUA=3, traits=[{"name": "Elixir", "level": 1}])
    for trait, name in (("TRT-MASTERY", "Maestría"), ("TRT-INEPTITUDE", "Incapacidad")):
        chosen = {p: arch("race", "r", CON=4, AGI=5, INT=4, VOL=4, traits=[{"name": name, "param": p}])
                  for p in ("kit", "rope")}
        spec = CharacterSpec(id="c", name="C", race=chosen["kit"], objects=(kit,))
        assert fielding_problems(spec) == [] and trait_params.pairs(spec) == ((trait, "object:kit"),)
        spec = CharacterSpec(id="c", name="C", race=chosen["rope"], objects=(kit,))
        assert [r for r, _ in fielding_problems(spec)] == [trait]


def test_TRT_THIRST_FOR_BLOOD_its_next_charge_plus_2_K():
    """Marked by its own melee kill (Sed de sangre), the 8 K charge (7 + 2 = 9 K) is allowed and the mark lapses."""
    g = charge_game()
    a, b = g.ids
    race(g, a, "TRT-THIRST-FOR-BLOOD")
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "charge", {"target": b, "path": [[18, 20]]}).rule_id == "MOV-3"
    g.gs.set_effects(a, spent=("TRT-THIRST-FOR-BLOOD",))
    g.act(a, "charge", target=b, path=[[18, 20]])
    assert g.pos(a) == (18, 20) and g.wounds(a) == 0 and "TRT-THIRST-FOR-BLOOD" not in g.gs.effects(a).spent


# --- Garras y dientes -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("con, dmg", [(4, 2), (5, 3), (7, 4), (9, 5)])
def test_TRT_CLAWS_AND_TEETH_unarmed_DMG_is_CON_over_2_with_no_wound_cap(con, dmg):
    """CBA-10 unarmed: CON 7 gives DMG 3 and at most 1 wound; with Garras y dientes DMG = CON / 2 (x.5 up) and every
    wound of a failed CH DEF stands (the CON 9 target, DEF 0)."""
    g = duel({"CON": con, "weapons": ()}, melee=True)
    a, b = g.ids
    race(g, a, "TRT-CLAWS-AND-TEETH")
    attack(g, 3, 9, 1, key="unarmed_attack")
    assert hit_dmg(g) == dmg and g.wounds(b) == dmg


def test_TRT_CLAWS_AND_TEETH_the_odds_know_it():
    g = duel({"CON": 8, "weapons": ()}, melee=True)
    a, b = g.ids
    plain = attack_odds(g.gs, a, b, weapon_index=None, ranged=False, unarmed=True)
    race(g, a, "TRT-CLAWS-AND-TEETH")
    clawed = attack_odds(g.gs, a, b, weapon_index=None, ranged=False, unarmed=True)
    assert plain.expected_wounds < clawed.expected_wounds


def test_TRT_CLAWS_AND_TEETH_it_carries_no_weapon_object_or_worn_protection():
    """Fielded with a blade, a kit and ENE 2 armour: three lines naming the trait; a natural hide (ENE 0) is fine."""
    claws = beast("Garras y dientes")
    hide = arch("protection", "hide", ENE=0, DEF=1, SIZ=6, QUA=4)
    spec = CharacterSpec(id="c", name="C", race=claws, weapons=(arch("weapon", "blade", ENE=2, DMG=3, RNG=0, QUA=4),),
                         protections=(arch("protection", "plate", ENE=2, DEF=2, SIZ=6, QUA=4), hide),
                         objects=(arch("object", "kit", ENE=1, RNG=0, QUA=3, traits=[{"name": "Elixir", "level": 1}]),))
    assert [r for r, _ in fielding_problems(spec)] == ["TRT-CLAWS-AND-TEETH"] * 3
    assert fielding_problems(CharacterSpec(id="c", name="C", race=claws, protections=(hide,))) == []


def test_TRT_CLAWS_AND_TEETH_it_takes_no_weapon_in_play():
    g = duel(melee=True)
    a, _ = g.ids
    race(g, a, "TRT-CLAWS-AND-TEETH")
    assert equip_problem(g.gs, a, blade()) == "TRT-CLAWS-AND-TEETH"
    assert equip_problem(g.gs, g.ids[1], blade()) is None


# --- the race catalogue -------------------------------------------------------------------------------------------------
def test_TRT_race_catalogue_characters_are_fielded_and_priced():
    """scenarios/catalogue/races.toml: every character is fielded with no refusal, at its BLD price (the ghoul's
    hide is the one piece of gear Garras y dientes allows)."""
    cat = load_catalogue(Path(__file__).resolve().parents[2] / "scenarios" / "catalogue" / "races.toml")
    assert {c: fielding_problems(spec) for c, spec in cat.characters.items()} == {c: [] for c in cat.characters}
    traits = {t.trait_id for spec in cat.characters.values() for a in spec.archetypes() for t in a.traits}
    assert {"TRT-CLAWS-AND-TEETH", "TRT-JUMPER", "TRT-FINISHER", "TRT-GUNNER", "TRT-WALLBREAKER",
            "TRT-FIRE-IN-THE-VEINS", "TRT-MASTERY", "TRT-INEPTITUDE", "TRT-ANIMAL", "TRT-HERO",
            "TRT-LIVING-BOMB"} <= traits


# --- Héroe ------------------------------------------------------------------------------------------------------------
def hero_hit(*traits: str) -> Game:
    """A red CON 6 blade fighter (DMG 3 + 2 = 5) hits a blue CON 4 target with `traits` (CH IMP 3, CH DEF 9): 5
    wounds, more than its CON."""
    g = Game(M(x=10, y=20, CON=6, weapons=(blade(),)), M(side="blue", x=11, y=20, CON=4, facing=180.0),
             M(side="blue", x=30, y=30))
    race(g, g.ids[1], *traits)
    g.start_activation(g.ids[0], energy=10)
    g.dice.push(3, 9)
    g.act(g.ids[0], "melee_attack", target=g.ids[1], weapon=0)
    return g


def test_TRT_HERO_wounds_above_CON_leave_it_down_not_dead():
    assert hero_hit().gs.world.get(hero_hit().ids[1], Life).state == "dead"
    g = hero_hit("TRT-HERO")
    b = g.ids[1]
    assert g.wounds(b) == 5 and g.gs.world.get(b, Life).state == "incapacitated" and not g.gs.able(b)
    assert g.gs.on_table(b) and g.all_dice_used()


def test_TRT_HERO_down_it_loses_1_wound_each_turn_and_gets_up_below_CON():
    """5 wounds (CON 4): next turn 4 (still down: wounds = CON), the turn after 3: up and able again."""
    g = hero_hit("TRT-HERO")
    b = g.ids[1]
    g.next_turn()
    assert g.wounds(b) == 4 and g.gs.world.get(b, Life).state == "incapacitated"
    g.next_turn()
    assert g.wounds(b) == 3 and g.gs.world.get(b, Life).state == "active" and g.gs.able(b)
    g.next_turn()
    assert g.wounds(b) == 3                                   # up: no more recovery


# --- Bomba viviente ---------------------------------------------------------------------------------------------------
def test_TRT_LIVING_BOMB_killed_it_explodes_DMG_CON_over_2_in_R_AGI_over_2():
    """A blue CON 6 AGI 8 Bomba viviente at (11, 20) killed in melee by a red CON 9 blade (DMG 8: CH IMP 3, CH DEF 9)
    explodes: DMG 3 in R 4 (radius 2) around its base: the red killer (fully covered) takes 3 (CH DEF 9, CH PSI 1),
    a blue ally at (12.9, 20) partly covered takes 3 / 2 = 2 (CH DEF 9, CH PSI 1); a mini far away nothing."""
    g = Game(M(x=10, y=20, CON=9, weapons=(blade(),)), M(side="blue", x=11, y=20, CON=6, AGI=8, facing=180.0),
             M(side="blue", x=12.9, y=20, CON=6), M(side="blue", x=30, y=30))
    red, bomb, ally, far = g.ids
    race(g, bomb, "TRT-LIVING-BOMB")
    g.start_activation(red, energy=10)
    g.dice.push(3, 9, 9, 1, 9, 1)
    g.act(red, "melee_attack", target=bomb, weapon=0)
    ev = g.events("death_blast")[-1]
    assert ev["dmg"] == 3 and ev["diameter"] == 4 and ev["hit"] == [red, ally]
    assert g.wounds(red) == 3 and g.wounds(ally) == 2 and g.wounds(far) == 0 and g.all_dice_used()


def test_TRT_LIVING_BOMB_a_death_of_no_attack_explodes_too():
    """'Si muere' is any death: a red CON 2 AGI 8 Bomba viviente with Sub and 1 wound changes altitude on mud and
    fumbles (die 10, MVA-15): ENE −3 and 3 wounds kill it, and it explodes before it moves: DMG 1 in R 4 around
    its base at level 1: a blue enemy at (11.2, 10) takes it (CH DEF 9, CH PSI 1); a blue far away nothing."""
    mud = piece("mud", "difficult", 5, 5, 15, 15)
    g = Game(M(x=10, y=10, CON=2, AGI=8, wounds=1), M(side="blue", x=11.2, y=10), M(side="blue", x=30, y=30),
             pieces=[mud])
    bomb, near, far = g.ids
    race(g, bomb, "TRT-SUB", "TRT-LIVING-BOMB")
    g.start_activation(bomb, energy=10)
    g.dice.push(10, 9, 1)
    g.act(bomb, "change_altitude", level=-1)
    assert g.gs.world.get(bomb, Life).state == "dead"
    ev = g.events("death_blast")[-1]
    assert ev["rule"] == "TRT-LIVING-BOMB" and ev["dmg"] == 1 and ev["diameter"] == 4 and ev["hit"] == [near]
    assert ev["at"] == [10.0, 10.0] and g.wounds(near) == 1 and g.wounds(far) == 0 and g.all_dice_used()
    assert len(g.events("death_blast")) == 1


def test_TRT_LIVING_BOMB_killed_by_an_attack_explodes_once():
    """The attack's kill sets the blast off once, after the hit (rules.combat), not again from its wounds."""
    g = Game(M(x=10, y=20, CON=9, weapons=(blade(),)), M(side="blue", x=11, y=20, CON=6, AGI=8, facing=180.0))
    red, bomb = g.ids
    race(g, bomb, "TRT-LIVING-BOMB")
    g.start_activation(red, energy=10)
    g.dice.push(3, 9, 9, 1)
    g.act(red, "melee_attack", target=bomb, weapon=0)
    assert len(g.events("death_blast")) == 1 and g.wounds(red) == 3 and g.all_dice_used()


def test_TRT_LIVING_BOMB_alive_it_does_not_explode():
    g = Game(M(x=10, y=20, CON=9, weapons=(blade(DMG=1),)), M(side="blue", x=11, y=20, CON=9, AGI=8, facing=180.0))
    red, bomb = g.ids
    race(g, bomb, "TRT-LIVING-BOMB")
    g.start_activation(red, energy=10)
    g.dice.push(3, 9, 1)
    g.act(red, "melee_attack", target=bomb, weapon=0)
    assert g.wounds(bomb) == 6 and not g.events("death_blast") and g.wounds(red) == 0


# --- Animal -----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", ["search", "trade", "heal", "reload", "loot", "use_object", "quick_draw",
                                 "mark_target"])
def test_TRT_ANIMAL_no_purely_human_action(key):
    g = Game(M(x=10, y=20), M(side="blue", x=30, y=30))
    a, _ = g.ids
    race(g, a, "TRT-ANIMAL")
    g.start_activation(a, energy=10)
    if REGISTRY[key].reaction_only:                      # Desenfundar: the reaction's own check
        assert violation(restrict_reaction, g.gs, a, key).rule_id == "TRT-ANIMAL"
        return
    exc = violation(check, g.gs, g.engine.flow.turn, a, REGISTRY[key], key, None, probe=True)
    assert exc.rule_id == "TRT-ANIMAL"


def test_TRT_ANIMAL_it_still_moves_and_bites():
    g = duel({"weapons": (blade(),)}, melee=True)
    race(g, g.ids[0], "TRT-ANIMAL")
    attack(g, 3, 9, 5)
    assert g.events("hit")


def test_TRT_ANIMAL_fielded_with_a_rifle_is_refused_natural_spit_and_fangs_are_fine():
    rifle = arch("weapon", "rifle", ENE=4, DMG=4, RNG=20, QUA=4)
    spit = arch("weapon", "spit", ENE=3, DMG=3, RNG=5, QUA=4, material="flesh")
    fangs = arch("weapon", "fangs", ENE=2, DMG=3, RNG=0, QUA=4)
    spec = CharacterSpec(id="c", name="C", race=beast("Animal"), weapons=(rifle, spit, fangs))
    lines = fielding_problems(spec)
    assert [r for r, _ in lines] == ["TRT-ANIMAL"] and "rifle" in lines[0][1].lower()
