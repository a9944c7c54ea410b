"""ACT-1: the random controller reaches every registered action, taking its options from the engine.

The random AI keeps no list of actions: it draws from `Pending.options` and the engine's candidates
(rules/options.py). Over a deterministic set of random-vs-random games (the shipped scenarios with their lists,
the shipped lists against each other, a test list of gliders and burrowers for MVA-15 / MVA-16, and a small pit
where the sides deploy 2 K apart (charges) or in base contact (melee, kills, follow-ups), and a ravine with water,
walls and a giant for the terrain moves, a joust of knights for charges and wrestling, and a firing range for the
ranged variants) this test
counts the actions declared (`action` events) and the reactions taken (`reaction` events) and fails on any
registered action never chosen, except those the engine refuses (NotImplementedRule)."""
from __future__ import annotations

import collections
from pathlib import Path

import pytest

from wartime.ai import make_controller
from wartime.core.errors import NotImplementedRule, RuleViolation
from wartime.data.loader import load_army_list, load_scenario
from wartime.match.match import Match, derive_seed
from wartime.rules.actions import REGISTRY
from wartime.rules.flow import Decision
from tests.match.game_helpers import ROOT, SCENARIOS

FIXTURES = Path(__file__).resolve().parent / "fixtures"
AERIAL = FIXTURES / "aerial-list.toml"
#: (scenario, red list, blue list, seeds): ordinary games and games with gliders and burrowers
PIT = FIXTURES / "pit.toml"                  # the sides deploy 2 K apart: charges, counter-charges
BRAWL = FIXTURES / "brawl.toml"              # the lines deploy in base contact: melee, kills, follow-ups, dodges
DUELLISTS = FIXTURES / "duellists-list.toml"
HIDEOUT = FIXTURES / "hideout.toml"          # a wall to hide behind (GNA-9), chests (GNA-2), captives (GNA-6)
GRAVEYARD = FIXTURES / "graveyard.toml"      # frail thralls in base contact: corpses to loot (GNA-14) and dispose of
THRALLS = FIXTURES / "thralls-list.toml"     # (GNA-7)
JOUST = FIXTURES / "joust.toml"              # two lines of steady knights 3 K apart: charges, counter-charges (CBA-13),
KNIGHTS = FIXTURES / "knights-list.toml"     # wrestling (CBA-14, CBA-16, CBA-25 break free / tie up, CBA-26), surprise
RANGE = FIXTURES / "range.toml"              # shooters 23-28 K apart: a bulto, larga distancia, a ciegas (CBA-2..4)
RAVINE = FIXTURES / "ravine.toml"            # water, a 1.5 K wall, a 3 K climbable house and a giant (MOV 4):
CLIMBERS = FIXTURES / "terrain-list.toml"    # swim, climb, jump up / across, carry, move silently, 180° (MVA-7..14)
PLAN = [
    ("skirmish.toml", "brawlers.toml", "mixed.toml", range(2)),
    ("skirmish.toml", "warband.toml", "shooters.toml", range(2)),   # TRT-MIMETIC's switch
    ("ruins.toml", "armoured.toml", "grenadiers.toml", range(1)),
    ("crossroads.toml", "mixed.toml", AERIAL, range(1)),
    (PIT, "brawlers.toml", AERIAL, range(10)),
    (BRAWL, "brawlers.toml", DUELLISTS, range(6)),
    (BRAWL, "shooters.toml", "warband.toml", range(3)),       # guns in base contact (CBA-8), Mimético
    (RAVINE, CLIMBERS, "brawlers.toml", range(6)),
    (HIDEOUT, "brawlers.toml", DUELLISTS, range(4)),
    (GRAVEYARD, THRALLS, THRALLS, range(8)),
    (JOUST, KNIGHTS, KNIGHTS, range(24)),
    (RANGE, "shooters.toml", "shooters.toml", range(6)),
    ("convoy.toml", "convoy.toml", "motorised.toml", range(4)),   # MVA-17 embark / disembark, MVA-18, transports
    ("skirmish.toml", "mystics.toml", "mystics.toml", range(4)),  # MET-2, MET-6, CBA-18 corrupt, CBA-20 counter
    (BRAWL, "field-hospital.toml", "brawlers.toml", range(4)),    # GNA-16 Usar, in base contact with the wounded
    (BRAWL, "shooters.toml", "brawlers.toml", range(4)),          # guns in melee (CBA-8), tying up (CBA-25)
]
#: Actions the random games above do not reach, each checked elsewhere: those a trait grants whose bearers stand in no
#: shipped list (the gallery's archetypes; their rule tests in tests/rules/test_rules_traits_race.py and
#: test_rules_traits_protection.py), and a neuromancer's Corromper / Contramagia, which random mystics did not pick in
#: these seeds (rule tests in tests/rules/test_rules_metahabilities.py; a scripted Contramagia in a whole game in
#: tests/match/test_metahability_games.py); and the actions of session 9's traits whose bearers are in no shipped list:
#: Parar en el aire (TRT-RETRO-THRUSTERS, tests/rules/test_rules_transport_traits.py), Apagar el fuego
#: (TRT-INCENDIARY-AMMO) and regaining a round (TRT-REGENERATING-AMMO, both in tests/rules/test_rules_traits_weapons2.py);
#: marking a target with a designator (TRT-TARGET-DESIGNATOR, tests/rules/test_rules_traits_devices.py);
#: La mano de la muerte (TRT-HAND-OF-DEATH, TRT-DOOMED) and Desafiar (TRT-CHALLENGER), both in
#: tests/rules/test_rules_traits_battle_cries.py; and Embestir (CBA-23), which random drivers and walkers did not pick in
#: these seeds (a walker's straight run of 2 K to Correr's reach ending on an enemy is rare among them; rule tests in
#: tests/rules/test_rules_transports.py); Combate mental (CBA-19), offered only to a neuromancer or puppeteer a
#: Corromper targets, which these random games do not reach (tests/rules/test_rules_mental.py); and the combat feats
#: of issue 12 group D, whose bearers are in no shipped list (all in tests/rules/test_rules_traits_combat_feats.py):
#: Machina mors' reaction shot, Súper salto, the swarm volley, Dar órdenes and Grito de veterano's extra attack;
#: session 12's, whose bearers are in no list these games field: Guardaespaldas' answer (TRT-BODYGUARD,
#: tests/rules/test_rules_traits_combat_feats2.py), setting off a remote charge (TRT-REMOTE-CONTROL,
#: tests/rules/test_rules_traits_mines.py), throwing scenery (TRT-SUPER-STRENGTH, tests/rules/test_rules_traits_scenery.py)
#: and putting on a carried protection (GNA-16, tests/rules/test_rules_carried_protections.py); and Tomar el transporte
#: (MVA-17), which random drivers of these seeds no longer reach since driverless transports are hit by templates and
#: rams (session 12: it needs a driver to get off and another character to walk into base contact with the driverless
#: transport; rule tests in tests/rules/test_rules_transports.py and tests/rules/test_rules_parked_targets.py, the
#: scripted AI's in tests/ai/test_scripted_transports.py); a possessor's Manejar el equipo poseído (CBA-21: it needs a
#: hacked transport or object possessed) and Mantener la posesión (MET-6: a possession of the previous turn), which
#: these random games do not reach (tests/rules/test_rules_possession_equipment.py, the scripted AI's in
#: tests/ai/test_scripted_possess_gear.py); the six answers to a Fortuna question (TRT-FORTUNE), whose carriers
#: are in no shipped list (tests/rules/test_rules_traits_fortune.py, tests/ui/test_fortune_window.py); and moving an
#: object with Magia: telekinesis (TRT-MAGIC-TELEKINESIS, whose casters are in no list these games field:
#: tests/rules/test_rules_traits_telekinesis.py); and the answer to a Corrector de puntería question (TRT-AIM-CORRECTOR,
#: on no weapon of a shipped list: tests/rules/test_rules_aim_correction.py, tests/ui/test_aim_corrector_window.py).
TRAIT_ONLY = {"regenerate", "feed_on_corpse", "steal_energy", "recover_energy_shield",
              "recover_advanced_energy_shield", "corrupt", "counter_magic", "mental_combat", "hover", "put_out_fire", "regenerate_round",
              "designate_target", "hand_of_death", "challenge", "ram",
              "machina_mors", "super_jump", "swarm_volley", "give_orders", "extra_attack",
              "possess", "command_possessed", "mark_target",
              "bodyguard", "set_off_charge", "throw_scenery", "use_protection", "take_transport",
              "control_equipment", "keep_possession",
              "fortune_ignore_damage", "fortune_ignore_fumble", "fortune_cancel_die", "fortune_recover",
              "fortune_target_plus", "fortune_dmg_plus", "telekinesis", "aim_reroll"}
#: Actions only a scenario's own content offers, in no game above: Usar a scenario element (GNA-16, a door or mechanism
#: declared with [element.use]: tests/rules/test_rules_elements_use.py) and Strident alarm at the end of an attacker
#: activation (ALM-27, alarm games: tests/rules/test_rules_alarm_events.py), and the blows at a breakable wall or door
#: (a scenario's ``breakable`` terrain, the scrapyard's crusher wall, which these few random games need not reach:
#: CBA-7, CBA-8 and CBA-10 at scenery, tests/rules/test_rules_scenery_breaking.py)
SCENARIO_ONLY = {"use_scenario_element", "strident_alarm", "melee_attack_scenery", "melee_attack_firearm_scenery",
                 "unarmed_attack_scenery"}

def play(scenario: str, red, blue, seed: int) -> Match:
    # the fixtures' default lists are the shipped ones, outside tests/match/fixtures
    sc = load_scenario(scenario if isinstance(scenario, Path) else ROOT / "scenarios" / scenario, allow_outside=True)
    lists = {"red": load_army_list(red if isinstance(red, Path) else ROOT / "scenarios" / "lists" / red),
             "blue": load_army_list(blue if isinstance(blue, Path) else ROOT / "scenarios" / "lists" / blue)}
    ctr = {s: make_controller("random", derive_seed(seed, f"controller:{s}")) for s in ("red", "blue")}
    m = Match(sc, lists, seed, ctr)
    m.play()
    return m


def refused_keys() -> set[str]:
    """Actions the engine refuses whatever the parameters (NotImplementedRule, e.g. CBA-21) for a character of the
    mixed list or of the mystics (a neuromancer may not Poseer either)."""
    out = set()
    for name in ("mixed.toml", "mystics.toml"):
        m = Match(load_scenario(SCENARIOS[0]), {s: load_army_list(ROOT / "scenarios" / "lists" / name)
                                                 for s in ("red", "blue")}, 1,
                  {s: make_controller("random", 1) for s in ("red", "blue")})
        for actor in m.gs.minis():
            for key, action in REGISTRY.items():
                try:
                    action.validate(m.gs, actor, {"_window": "declaration", "_against": m.gs.minis()[-1]})
                except NotImplementedRule:
                    out.add(key)
                except (RuleViolation, KeyError, TypeError, AttributeError):
                    pass
    return out


@pytest.fixture(scope="module")
def seen() -> collections.Counter:
    counts: collections.Counter = collections.Counter()
    for scenario, red, blue, seeds in PLAN:
        for seed in seeds:
            m = play(scenario, red, blue, seed)
            for ev in m.gs.world.events:
                if ev["type"] in ("action", "reaction"):
                    counts[ev["action"]] += 1
                elif ev["type"] == "mental_combat":
                    counts["mental_combat"] += 1               # CBA-19: declared in a mental combat's decision
                elif ev["type"] == "quick_draw":
                    counts["quick_draw"] += 1                  # CBA-22: declared in a duel's window
                elif ev["type"] == "action_resolved" and REGISTRY.get(ev["action"]) is not None \
                        and REGISTRY[ev["action"]].free:
                    counts[ev["action"]] += 1          # free actions (followup, end) emit no `action` event
    return counts


@pytest.mark.slow
def test_ACT_1_the_random_ai_chooses_every_registered_action(seen):
    refused = refused_keys()
    # nothing is refused any more (Poseer, Marcar un objetivo: rules/possession.py; Embestir rams on foot too)
    assert refused == set(), refused
    never = sorted(k for k in REGISTRY if k not in refused and k not in TRAIT_ONLY | SCENARIO_ONLY and seen[k] == 0)
    assert not never, f"never chosen by the random AI over {sum(seen.values())} actions: {never}; seen {dict(seen)}"


def test_ACT_1_random_choices_come_from_the_engine_options():
    """Every action the random AI declares is one the pending decision offered (Pending.options)."""
    m = play("skirmish.toml", AERIAL, "mixed.toml", 11)
    # re-run the recorded decisions and check each against the options offered at that point
    sc = m.scenario
    lists = m.lists
    replay = Match(sc, lists, 11, {s: make_controller("random", 0) for s in ("red", "blue")})
    for raw in m.decisions:
        d = Decision.from_json(raw)
        p = replay.pending
        if d.kind in ("action", "react") and d.action is not None:
            assert d.action in p.options, (d, p.options)
        replay.submit(d)
    assert replay.over
