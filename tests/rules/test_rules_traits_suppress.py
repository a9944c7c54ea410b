"""Traits that switch other traits off or on (issue 12, task `suppress`): Munición anti naming a race or a transport
(TRT-ANTI-AMMO), and the suppressions of Niega, Munición desestabilizadora, Saikikku and Requiere."""
from __future__ import annotations

from pathlib import Path


from rules_helpers import Game, M, armour, blade, violation, weapon
from test_rules_traits_combat import attack, duel, race
from test_rules_traits_protection import prot
from test_rules_heights import at
from wartime.core.components import Equipment, Life, Mount, Race, Weapon, Wounds
from wartime.core.rng import Dice
from wartime.rules.flow import Decision
from wartime.data.loader import load_army_list, load_scenario
from wartime.match.setup import build_state, fielding_problems, refused_lines
from wartime.rules import traits
from wartime.rules.actions.flight import can_fly
from wartime.rules.odds import attack_odds
from wartime.rules.traits.protections import requirement
from wartime.rules.traits.registry import facing, spared
from wartime.rules.traits.weapons_more import anti_matches, plain

ROOT = Path(__file__).resolve().parents[2]


# --- Munición anti (): a race or a transport by name ------------------------------------------------------------------
def _anti_files(tmp_path: Path, param: str) -> dict:
    """Two lists of one catalogue: red a human with a DMG 4 rifle (Munición anti (`param`)), blue a Goblin
    stalker (race id "goblin") and a Human."""
    (tmp_path / "cat.toml").write_text(
        'format = 1\ntype = "catalogue"\n'
        '[[archetype]]\nid = "goblin"\nkind = "race"\nname = "Goblin stalker"\nCON = 4\nAGI = 6\nINT = 4\nVOL = 4\n'
        '[[archetype]]\nid = "human"\nkind = "race"\nname = "Human"\nCON = 4\nAGI = 5\nINT = 4\nVOL = 4\n'
        '[[archetype]]\nid = "rifle"\nkind = "weapon"\nname = "Rifle"\nENE = 2\nDMG = 4\nRNG = 20\nQUA = 4\n'
        f'traits = [{{ name = "Munición anti", param = "{param}" }}]\n'
        '[[character]]\nid = "hunter"\nname = "Hunter"\nrace = "human"\nweapons = ["rifle"]\n'
        '[[character]]\nid = "stalker"\nname = "Stalker"\nrace = "goblin"\n'
        '[[character]]\nid = "grunt"\nname = "Grunt"\nrace = "human"\n', encoding="utf-8")
    units = {"red": ("hunter",), "blue": ("stalker", "grunt")}
    for side, who in units.items():
        body = "".join(f'[[unit]]\ncharacter = "{c}"\n' for c in who)
        (tmp_path / f"{side}.toml").write_text(f'format = 1\ntype = "list"\nname = "{side}"\ncatalogue = "cat.toml"\n'
                                               + body, encoding="utf-8")
    return {s: load_army_list(tmp_path / f"{s}.toml") for s in ("red", "blue")}


def test_TRT_ANTI_AMMO_a_race_named_case_and_accents_aside_is_told_apart(tmp_path):
    """'GOBLIN Stálker' names the race Goblin stalker: its miniature carries its Race and the rifle's DMG +2 is
    counted against it, not against the human; its id names it too."""
    gs = build_state(load_scenario(ROOT / "scenarios" / "skirmish.toml"), _anti_files(tmp_path, "GOBLIN Stálker"),
                     Dice(1))
    hunter, stalker, grunt = gs.minis()
    assert gs.world.get(stalker, Race) == Race("goblin", "Goblin stalker")
    assert gs.world.try_get(grunt, Race) is None and gs.world.try_get(hunter, Race) is None
    rifle = gs.equipment(hunter).weapons[0]
    assert traits.combat_terms(gs, hunter, stalker, rifle, True).dmg_plus == 2
    assert traits.combat_terms(gs, hunter, grunt, rifle, True).dmg_plus == 0
    assert anti_matches(gs, stalker, "goblin") and not anti_matches(gs, grunt, "goblin")
    assert plain(" Élfo ") == "elfo"


def test_TRT_ANTI_AMMO_a_name_no_race_or_transport_has_is_fielded_and_never_bites(tmp_path):
    """Anti (tanques) where no race or transport is called or classed so: the game is set up (a target type the
    lists do not field, as an Alérgico element nothing delivers: a bonus that never acts) and the rifle's DMG +2
    counts against no one; `wartime validate` names nothing."""
    gs = build_state(load_scenario(ROOT / "scenarios" / "skirmish.toml"), _anti_files(tmp_path, "tanques"), Dice(1))
    hunter, stalker, grunt = gs.minis()
    rifle = gs.equipment(hunter).weapons[0]
    assert [traits.combat_terms(gs, hunter, t, rifle, True).dmg_plus for t in (stalker, grunt)] == [0, 0]
    assert refused_lines(tmp_path / "red.toml") == [] and refused_lines(tmp_path / "cat.toml") == []


def test_TRT_ANTI_AMMO_empty_parameter_refused_trait_and_name_kinds_accepted():
    assert traits.fielding_problem("TRT-ANTI-AMMO", "weapon", {"TRT-ANTI-AMMO"}, "no vivos") is None
    assert traits.fielding_problem("TRT-ANTI-AMMO", "weapon", {"TRT-ANTI-AMMO"}, "Sombra") is None
    assert traits.fielding_problem("TRT-ANTI-AMMO", "weapon", {"TRT-ANTI-AMMO"}, "Gun buggy") is None
    assert "names no target type" in traits.fielding_problem("TRT-ANTI-AMMO", "weapon", {"TRT-ANTI-AMMO"}, " ")


def test_TRT_ANTI_AMMO_a_transport_named_DMG_plus_2_against_its_rider():
    """A rifle anti 'GUN buggy': DMG +2 against a blue character riding a Gun buggy (its id names it too), none
    against the same character on foot (the hit itself: test_TRT_ANTI_AMMO_DMG_plus_2_against_the_target_type_named)."""
    g = duel({"weapons": (weapon(DMG=4, traits=("TRT-ANTI-AMMO", "TRT-ANTI-AMMO:GUN buggy")),)})
    a, b = g.ids
    rifle = g.gs.weapon(a, 0)
    assert traits.combat_terms(g.gs, a, b, rifle, True).dmg_plus == 0
    g.set(b, Mount("gun_buggy", "Gun buggy", 2, 8, 0, 6, rider_body=g.gs.body(b)))
    assert traits.combat_terms(g.gs, a, b, rifle, True).dmg_plus == 2
    assert anti_matches(g.gs, b, "gun_buggy") and not anti_matches(g.gs, b, "Cargo truck")


# --- Niega: every interaction between two characters ------------------------------------------------------------------
def _ward(name: str):
    return prot(1, "TRT-NEGATE", params={"TRT-NEGATE": name}, key="ward")


def test_TRT_NEGATE_a_hit_psychology_trait_of_the_attackers_weapon_makes_no_CH_PSI():
    """Acobardamiento: a hit without wounds (DEF 5 against DMG 4, CH DEF 3 passes) makes the target take a CH PSI;
    a target wearing Niega (Acobardamiento) takes none (dice: CH IMP 5, CH DEF 3; no CH PSI die)."""
    g = duel({"weapons": (weapon(DMG=4, traits=("TRT-COWING",)),)}, {"protections": (armour(5), _ward("Acobardamiento"))})
    attack(g, 5, 3)
    assert g.wounds(g.ids[1]) == 0 and g.checks("PSI") == []


def test_TRT_NEGATE_a_kill_trait_of_the_killer_does_nothing_on_the_victim_that_cancels_it():
    """Devora almas heals its bearer 1 wound on a melee kill; not when the victim wore Niega (Devora almas) (dice:
    CH IMP 5, CH DEF 5)."""
    for ward in (False, True):
        g = duel(blue={"CON": 2, "protections": (_ward("Devora almas"),) if ward else ()}, melee=True)
        a, b = g.ids
        race(g, a, "TRT-SOUL-EATER")
        g.set(a, Wounds(1))
        g.set(b, Wounds(1))
        attack(g, 5, 5)
        assert g.gs.world.get(b, Life).state == "dead"
        assert g.wounds(a) == (1 if ward else 0)
        assert bool(g.events("healed", who=a, rule="TRT-SOUL-EATER")) is not ward


def test_TRT_NEGATE_a_wound_trait_does_not_reach_the_one_in_melee_that_cancels_it():
    """Saikikku wounded in melee by red (dice: CH IMP 5, CH DEF 9, CH PSI 5): the second red in contact wears
    Niega (Saikikku): no stress, no bonus loss for it; the attacker gains its stress as before."""
    g = Game(M(x=10, y=20, AGI=5, CON=5, weapons=(blade(),)), M(side="blue", x=11, y=20, facing=180.0, CON=9),
             M(x=12, y=20, facing=180.0, protections=(_ward("Saikikku"),)))
    a, b, c = g.ids
    race(g, b, "TRT-SAIKIKKU")
    race(g, c, "TRT-FAST")
    g.start_activation(a, energy=10)
    g.dice.push(5, 9, 5)
    g.act(a, "melee_attack", target=b, weapon=0)
    assert g.wounds(b) > 0 and (g.stress(a), g.stress(c)) == (1, 0) and g.all_dice_used()
    assert not g.events("bonus_loss_due", who=c)
    assert spared(g.gs, "TRT-SAIKIKKU", [(a, 1), (c, 1)]) == [(a, 1)]


def test_TRT_NEGATE_facing_leaves_out_what_the_other_side_negates():
    """``facing``: the traits a character brings to an interaction without those the other side negates."""
    g = duel(red={"protections": (_ward("Camuflaje"),)})
    a, b = g.ids
    race(g, b, "TRT-CAMOUFLAGE", "TRT-FAST")
    assert facing(g.gs, traits.character_traits(g.gs, b), a) == frozenset({"TRT-FAST"})
    assert facing(g.gs, traits.character_traits(g.gs, b), None) == traits.character_traits(g.gs, b)


# --- Munición desestabilizadora: its weapons' bonuses and its body's flight too ------------------------------------------
def _destabilised(blue_weapon, *blue_traits: str, level: int = 1) -> Game:
    """Red's destabilising rifle hits blue (CH IMP 2, CH DEF 4 passes against DEF 3 + Duro: no wounds); blue carries
    `blue_weapon`, Duro and `blue_traits`, standing at `level`."""
    g = duel({"weapons": (weapon(DMG=4, traits=("TRT-DESTABILISING-AMMO",)),)},
             {"CON": 9, "weapons": (blue_weapon,), "protections": (armour(3),)})
    a, b = g.ids
    race(g, b, "TRT-TOUGH", *blue_traits)
    if level != 1:
        at(g, b, level)
    attack(g, 2, 4)
    return g


def test_TRT_DESTABILISING_AMMO_its_weapons_bonus_traits_stop_until_its_next_activation():
    """Blue's rifle (Munición perforante, a bonus; Cargadores, a malus): after the hit the rifle gives no DEF −1 and
    keeps its magazine rule; when blue's next activation starts Munición perforante works again."""
    g = _destabilised(weapon(DMG=3, magazine=5, rounds=5, traits=("TRT-PIERCING-AMMO", "TRT-MAGAZINES")))
    a, b = g.ids
    rifle = g.gs.weapon(b, 0)
    assert rifle.traits == ("TRT-MAGAZINES",) and rifle.off == (("TRT-DESTABILISING-AMMO", "TRT-PIERCING-AMMO"),)
    assert traits.combat_terms(g.gs, b, a, rifle, True).def_plus == 0
    assert g.events("bonuses_suppressed")[0]["weapon_traits"] == ["TRT-PIERCING-AMMO"]
    g.engine._end_activation(a)
    g.start_activation(b)
    rifle = g.gs.weapon(b, 0)
    assert type(rifle) is Weapon and sorted(rifle.traits) == ["TRT-MAGAZINES", "TRT-PIERCING-AMMO"]
    assert traits.combat_terms(g.gs, b, a, rifle, True).def_plus < 0


def test_TRT_DESTABILISING_AMMO_a_grounded_glider_cannot_take_off_an_airborne_one_may_only_land():
    """Planeador (a bonus): on the ground, after the hit, blue moves at level 1 only and has no own take-off rule;
    at level 2 it keeps level 2 (the book has no fall) and may land, with the core rule (no glider's ENE 3)."""
    g = _destabilised(weapon(DMG=3), "TRT-GLIDER")
    b = g.ids[1]
    assert not can_fly(g.gs, b) and traits.take_off_landing(g.gs, b) is None
    g = _destabilised(weapon(DMG=3), "TRT-GLIDER", level=2)
    b = g.ids[1]
    assert traits.flight_levels(g.gs, b) == frozenset({1, 2}) and traits.take_off_landing(g.gs, b) is None
    g.engine._end_activation(g.ids[0])
    g.start_activation(b)
    assert traits.take_off_landing(g.gs, b).rule == "TRT-GLIDER"


# --- Saikikku: its weapons' bonuses are offered too ----------------------------------------------------------------------
def test_TRT_SAIKIKKU_a_weapon_bonus_is_offered_and_stops_until_the_end_of_the_next_activation():
    """Red (Rápido; a blade with Afilada, a bonus) wounds the Saikikku in melee (CH IMP 5, CH DEF 9, CH PSI 5): blue
    is offered Rápido and Afilada; it takes Afilada: the blade loses it through red's next activation, and has it
    back at that activation's end."""
    g = duel({"weapons": (blade(traits=("TRT-SHARP",)),)}, {"CON": 9}, melee=True)
    a, b = g.ids
    race(g, a, "TRT-FAST")
    race(g, b, "TRT-SAIKIKKU")
    g.start_activation(a, energy=10)
    g.dice.push(5, 9, 5)
    g.act(a, "melee_attack", target=b, weapon=0)
    p = g.pending
    assert (p.kind, p.side, p.actor, p.options) == ("bonus_loss", "blue", a, ("TRT-FAST", "TRT-SHARP"))
    g.engine.submit(Decision("bonus_loss", "blue", actor=a, action="TRT-SHARP"))
    g.pass_reactions()
    assert g.gs.weapon(a, 0).traits == () and "TRT-FAST" in traits.character_traits(g.gs, a)
    g.act(a, "end")
    g.next_turn()
    g.start_activation(a, energy=10)
    assert g.gs.weapon(a, 0).traits == ()                 # not back when that activation starts
    g.act(a, "end")
    assert g.gs.weapon(a, 0).traits == ("TRT-SHARP",) and type(g.gs.weapon(a, 0)) is Weapon
    assert g.events("bonus_restored", rule="TRT-SAIKIKKU", who=a, trait="TRT-SHARP")


def test_TRT_SAIKIKKU_an_airborne_glider_that_loses_its_flight_does_not_fall_and_may_only_come_down():
    """Red, a glider flying at level 2 (Planeador, a bonus), wounds a Saikikku flying beside it (CH IMP 5, CH DEF 9,
    CH PSI 5); blue takes Planeador. The ruling (registry.flight_levels): the book's fall table is for falls the book
    names (MVA-9 ruling 4), and neither trait names one: red stays at level 2 with levels {1, 2} and no glider's
    take-off rule; once it has landed it keeps level 1 only (it cannot take off again) until the end of its next
    activation, when Planeador comes back."""
    g = duel({"weapons": (blade(),)}, {"CON": 9}, melee=True)
    a, b = g.ids
    race(g, a, "TRT-GLIDER")
    race(g, b, "TRT-SAIKIKKU")
    at(g, a, 2)
    at(g, b, 2)
    g.start_activation(a, energy=10)
    g.dice.push(5, 9, 5)
    g.act(a, "melee_attack", target=b, weapon=0)
    assert g.pending.kind == "bonus_loss" and "TRT-GLIDER" in g.pending.options
    g.engine.submit(Decision("bonus_loss", "blue", actor=a, action="TRT-GLIDER"))
    g.pass_reactions()
    assert g.gs.pos(a).level == 2 and not g.events("fall")
    assert traits.flight_levels(g.gs, a) == frozenset({1, 2}) and traits.take_off_landing(g.gs, a) is None
    at(g, a, 1)                                            # it came down
    assert traits.flight_levels(g.gs, a) <= frozenset({1}) and not can_fly(g.gs, a)
    g.act(a, "end")
    g.next_turn()
    g.start_activation(a, energy=10)
    g.act(a, "end")
    assert can_fly(g.gs, a) and traits.take_off_landing(g.gs, a).rule == "TRT-GLIDER"


# --- Requiere: an attribute level or an object -----------------------------------------------------------------------------
def _needs(param: str, **kw) -> list[str]:
    """The rule IDs fielding_problems gives a human (CON/AGI/INT/VOL 4) with a knife requiring `param` (and a
    protection with Refuerzo named P)."""
    from test_rules_traits_protection import _spec
    return [r for r, _ in fielding_problems(_spec({"name": "Refuerzo"}, [{"name": "Requiere", "param": param}], **kw))]


def test_TRT_REQUIRES_an_attribute_level_or_an_object_the_design_carries_is_fielded_a_condition_is_refused():
    """'VOL 4' (the race has it) and 'p' / 'P' (its protection, by id or name) are fielded; 'VOL 5', an object it
    does not carry ('Scope') and a condition the engine does not play ("de noche") are refused naming TRT-REQUIRES; an empty one too; a played one
    ("de pie") on the knife is fielded."""
    assert _needs("VOL 4") == [] and _needs("vol 4+") == [] and _needs("P") == [] and _needs("p") == []
    assert _needs("VOL 5") == ["TRT-REQUIRES"] and _needs("Scope") == ["TRT-REQUIRES"]
    assert _needs("de noche") == ["TRT-REQUIRES"] and _needs("de pie") == []
    assert traits.fielding_problem("TRT-REQUIRES", "weapon", {"TRT-REQUIRES"}, " ") is not None
    assert requirement("VOL 6") == ("level", "VOL", 6) and requirement("Mira Telescópica") == ("object", "mira telescopica")


def test_TRT_REQUIRES_an_object_or_a_level_decides_who_is_handed_the_weapon():
    """A knife requiring 'Scope' (an object) or 'AGI 6' (a level): Comerciar does not hand it to an ally without a
    Scope (refused naming TRT-REQUIRES) and does once it carries one (a weapon called so); the AGI 6 knife goes to
    an AGI 6 ally only."""
    for need, ok_ally in (("Scope", dict(weapons=(weapon(name="Scope"),))), ("AGI 6", dict(AGI=6))):
        knife = weapon(key="knife", name="Knife", RNG=0, traits=("TRT-REQUIRES", f"TRT-REQUIRES:{need}"))
        for ally, allowed in (({}, False), (ok_ally, True)):
            g = Game(M(x=10, y=20, weapons=(knife,)), M(x=11, y=20, **ally), M(side="blue", x=30, y=20))
            a, b, _ = g.ids
            g.start_activation(a, energy=10)
            if allowed:
                assert g.engine.check_action(a, "trade", {"target": b, "give": "weapon:0"}) == 1
            else:
                assert violation(g.engine.check_action, a, "trade",
                                 {"target": b, "give": "weapon:0"}).rule_id == "TRT-REQUIRES"


def test_TRT_REQUIRES_a_held_objects_passive_effects_do_not_reach_a_holder_without_its_requirement():
    """A banner-like charm (Súper vista, a bearer trait; Requiere (Camuflaje)) held by a character that came by it
    without Camuflaje gives it nothing; with Camuflaje it sees super; Requiere (AGI 6) likewise on an AGI 5 / 6
    holder; Requiere (Scope) once it carries a Scope."""
    from test_rules_objects import give
    for need, fix in (("Camuflaje", lambda g, a: race(g, a, "TRT-CAMOUFLAGE")),
                      ("AGI 6", None), ("Scope", lambda g, a: g.set(a, Equipment((weapon(name="Scope"),), ())))):
        for met in (False, True):
            g = Game(M(x=10, y=20, AGI=6 if need == "AGI 6" and met else 5), M(side="blue", x=30, y=20))
            a = g.ids[0]
            if met and fix is not None:
                fix(g, a)
            give(g, a, "TRT-SUPER-SIGHT", "TRT-REQUIRES", f"TRT-REQUIRES:{need}", name="Charm")
            assert ("TRT-SUPER-SIGHT" in traits.character_traits(g.gs, a)) is met, (need, met)


def test_TRT_NEGATE_DEF_the_targets_DEF_counts_0_in_an_attack_between_them():
    """A shooter wearing Niega (DEF) shoots a DEF 3 target: its CH DEF is against 0 (die 2 fails) and the DMG 4 all
    wounds (then its CH PSI, die 5); the exact odds are those against a target without protections; Niega (ENE) is
    played (issue 16), a parameter naming no trait nor characteristic is refused."""
    g = duel(red={"protections": (_ward("DEF"),)}, blue={"protections": (armour(3),)})
    a, b = g.ids
    bare = duel(red={"protections": (_ward("DEF"),)})
    assert attack_odds(g.gs, a, b, weapon_index=0, ranged=True).expected_wounds == \
        attack_odds(bare.gs, *bare.ids, weapon_index=0, ranged=True).expected_wounds
    attack(g, 5, 2, 5)
    assert g.check("DEF")["target"] == 0 and g.wounds(b) == 4
    plain_shot = duel(blue={"protections": (armour(3),)})
    attack(plain_shot, 5, 2, 5)                    # without it: CH DEF 2 against 3 passes: 4 − 3 = 1 wound, CH PSI
    assert plain_shot.check("DEF")["target"] == 3 and plain_shot.wounds(plain_shot.ids[1]) == 1
    assert traits.fielding_problem("TRT-NEGATE", "protection", {"TRT-NEGATE"}, "def") is None
    assert traits.fielding_problem("TRT-NEGATE", "protection", {"TRT-NEGATE"}, "ENE") is None
    assert "negates 'PUNTERÍA'" in traits.fielding_problem("TRT-NEGATE", "protection", {"TRT-NEGATE"}, "PUNTERÍA")


def test_TRT_SAIKIKKU_a_second_loss_gives_the_first_weapon_bonus_back():
    """One bonus lost at a time: red loses its blade's Afilada, then (a second Saikikku wound, owed again) Rápido:
    the blade has Afilada back; Rápido is off."""
    g = duel({"weapons": (blade(traits=("TRT-SHARP",)),)}, {"CON": 9}, melee=True)
    a, b = g.ids
    race(g, a, "TRT-FAST")
    traits.owe_bonus_loss(g.gs, a, "TRT-SAIKIKKU", "blue")
    traits.lose_bonus(g.gs, a, "TRT-SHARP", "blue")
    assert g.gs.weapon(a, 0).traits == ()
    traits.owe_bonus_loss(g.gs, a, "TRT-SAIKIKKU", "blue")
    traits.lose_bonus(g.gs, a, "TRT-FAST", "blue")
    assert g.gs.weapon(a, 0).traits == ("TRT-SHARP",) and "TRT-FAST" not in traits.character_traits(g.gs, a)
