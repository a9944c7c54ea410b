"""TRT (issue 12 point 5): whole-game property runs field every trait the engine plays at least once, and this
test counts them.

The "trait zoo": for every fieldable trait (rules.traits.registry.fieldable) the starter rifleman, orc brawler,
grenadier and the field hospital's medic each buy it on their first archetype the engine plays it on (race, weapon,
protection or object: the same
toggle as `wartime batch --price`, balance.specs.toggle_trait, priced by the loader as a data file's trait is),
one zoo character per (trait, base). The zoo characters are fielded six to a list, zoo list against zoo list on
the skirmish, random against random, with the invariants of test_random_games checked after every event (ENE in
[−10, 10], ENE-3 / REA-2; no overlapping bases, BAS-2; casualties never act, WND-2 / WND-3). The fast test
builds every zoo character into a match (the engine accepts it); the slow test plays the games and counts the
traits fielded in games that ended properly (all of them) and the traits whose rule ID appears in an event."""
from __future__ import annotations

import functools
from collections import Counter

import pytest

from wartime.ai import make_controller
from wartime.balance.specs import SpecError, toggle_trait
from wartime.data.loader import load_army_list, load_scenario
from wartime.match.match import Match, derive_seed
from wartime.match.setup import list_problems
from wartime.rules.traits.registry import fieldable
from tests.match.game_helpers import ROOT
from tests.match.test_random_games import check_invariants

SKIRMISH = ROOT / "scenarios" / "skirmish.toml"
BASES = ((ROOT / "scenarios" / "lists" / "shooters.toml", "rifleman"),
         (ROOT / "scenarios" / "lists" / "brawlers.toml", "orc_brawler"),
         (ROOT / "scenarios" / "lists" / "grenadiers.toml", "grenadier"),      # an area weapon (TRT-AREA)
         (ROOT / "scenarios" / "lists" / "field-hospital.toml", "medic"))     # objects (GNA-16: TRT-ELIXIR, ...)
PER_LIST = 6
#: A parameter for each trait that takes one (the base designs buy it with this): an attack type, a trait to
#: cancel, a bonus the rifleman has (its rifle's Cargadores), the action Maestría and its kin are bought for.
PARAMS = {"TRT-RESISTANCE": "a distancia", "TRT-NEGATE": "Camuflaje", "TRT-REQUIRES": "Cargadores",
          "TRT-MASTERY": "Mover", "TRT-INEPTITUDE": "Mover", "TRT-COMBAT-MASTERY": "Ataque a distancia",
          "TRT-COMBAT-INEPTITUDE": "Ataque a distancia", "TRT-CHARGES": "3", "TRT-ANTI-AMMO": "no vivos",
          "TRT-ALLERGIC": "fuego", "TRT-INVULNERABLE": "ácido", "TRT-VENOM": "ácido"}
#: Traits the base designs must buy first, on the same archetype, for a trait that needs them (its `requires`).
PREREQUISITES = {"TRT-STRIKE-OF-THE-GODS": ("TRT-SCATTER",), "TRT-COMBAT-DRUGS": ("TRT-DRUG",),
                 "TRT-AUTONOMOUS-BOMB": ("TRT-ACTIVATION-AREA",)}
#: The base for the traits none of BASES can buy: those played on transports only (rules/traits/transport.py).
TRANSPORT_BASE = (ROOT / "scenarios" / "lists" / "convoy.toml", "truck_driver")
#: The metahability characters (scenarios/catalogue/metahabilities.toml): the bases of the traits no base above can
#: buy (a metahability's kind and effects, the bonuses of the kinds), each fielded as its catalogue design buys it.
META = ROOT / "scenarios" / "catalogue" / "metahabilities.toml"
META_BASES = ("shapeshifter", "kinetic_monk", "neuromancer", "puppeteer", "telekinetic")
#: The race catalogue's characters (scenarios/catalogue/races.toml): the base of a race trait no base above can buy
#: (TRT-CLAWS-AND-TEETH: a character with no equipment), fielded as its catalogue design buys it.
RACES = ROOT / "scenarios" / "catalogue" / "races.toml"
RACE_BASES = ("ghoul",)


@functools.lru_cache(maxsize=None)
def _army(path):
    """A base list, loaded once (toggle_trait copies, never changes it): the zoo asks for one ~1,400 times."""
    return load_army_list(path)


@functools.lru_cache(maxsize=None)
def meta_bases() -> tuple:
    """(path, design, one-character list) of each metahability character of the catalogue, then of the race
    catalogue's bases (loaded once)."""
    from wartime.data.loader import load_catalogue
    from wartime.data.models import ArmyList, Unit
    out = []
    for path, designs in ((META, META_BASES), (RACES, RACE_BASES)):
        cat = load_catalogue(path)
        out += [(path, d, ArmyList(name=d, path=path, units=(Unit(character=cat.characters[d]),))) for d in designs]
    return tuple(out)


def zoo() -> tuple[list, dict[str, str]]:
    """The zoo characters (one per trait and base that can buy it) and, per trait no base can buy, why."""
    chars, why = [], {}
    for trait in sorted(fieldable()):
        made = 0
        for path, design in BASES + (TRANSPORT_BASE,):
            if made and (path, design) == TRANSPORT_BASE:
                break
            army = _army(path)
            for pre in PREREQUISITES.get(trait, ()):
                try:
                    army = toggle_trait(army, str(path), design, "+", pre)
                except SpecError:
                    pass                                  # the base has it already, or cannot buy it (then below)
            try:
                changed = toggle_trait(army, str(path), design, "+", trait, PARAMS.get(trait))
            except SpecError as exc:
                if "already buys" in str(exc):          # the base list fields it as it is
                    spec = next(u.character for u in army.units if u.character.id == design)
                    chars.append((trait, spec))
                    made += 1
                    continue
                why.setdefault(trait, str(exc))
                continue
            spec = next(u.character for u in changed.units if u.character.id == design)
            problems = list_problems([spec])
            if problems:                       # e.g. a trait that needs TRT-AREA on the same weapon
                why.setdefault(trait, "; ".join(line for _, line in problems))
                continue
            chars.append((trait, spec.model_copy(update={"id": f"{design}__{trait}", "name": f"{spec.name} {trait}"})))
            made += 1
        for path, design, army in meta_bases() if not made else ():
            spec = army.units[0].character
            if any(t.trait_id == trait for a in spec.archetypes() for t in a.traits):
                chars.append((trait, spec))              # the catalogue design fields it as it is
                made += 1
                break
            try:                                         # a trait that needs a metahability (TRT-MANIPULATOR)
                changed = toggle_trait(army, str(path), design, "+", trait, PARAMS.get(trait))
            except SpecError:
                continue
            spec = changed.units[0].character
            if not list_problems([spec]):
                chars.append((trait, spec.model_copy(update={"id": f"{design}__{trait}",
                                                             "name": f"{spec.name} {trait}"})))
                made += 1
                break
        if made:
            why.pop(trait, None)
    return chars, why


def zoo_lists(chars) -> list:
    base = load_army_list(BASES[0][0])
    lists = []
    for i in range(0, len(chars), PER_LIST):
        group = chars[i:i + PER_LIST]
        units = tuple(base.units[0].model_copy(update={"character": spec, "count": 1}) for _, spec in group)
        lists.append((tuple(t for t, _ in group), base.model_copy(update={"units": units, "name": f"Zoo {i // PER_LIST}",
                                                                           "catalogue": None})))
    return lists


def test_TRT_every_fieldable_trait_has_a_zoo_character_the_engine_builds():
    chars, why = zoo()
    assert not why, why                                   # every trait the engine plays can be bought by a base
    assert {t for t, _ in chars} == set(fieldable())
    sc = load_scenario(SKIRMISH)
    lists = zoo_lists(chars)
    for k, (traits, army) in enumerate(lists):
        other = lists[(k + 1) % len(lists)][1]
        Match(sc, {"red": army, "blue": other}, k, checkpoints=False)      # no NotImplementedRule, no error


@pytest.mark.slow
def test_TRT_whole_random_games_field_every_trait_and_keep_invariants():
    chars, _ = zoo()
    sc = load_scenario(SKIRMISH)
    lists = zoo_lists(chars)
    fielded: Counter = Counter()
    in_events: set[str] = set()
    for k, (traits, army) in enumerate(lists):
        other_traits, other = lists[(k + 1) % len(lists)]
        m = Match(sc, {"red": army, "blue": other}, k,
                  {"red": make_controller("random", derive_seed(k, "controller:red")),
                   "blue": make_controller("random", derive_seed(k, "controller:blue"))}, checkpoints=False)
        m.world.listeners.append(lambda ev, m=m: check_invariants(m, ev))
        result = m.play()
        assert m.over and 1 <= result["turns"] <= sc.turn_limit
        fielded.update(traits)
        fielded.update(other_traits)
        in_events.update(str(ev.get("rule")) for ev in m.world.events if str(ev.get("rule", "")).startswith("TRT-"))
        for ev in m.world.events:
            for mod in ev.get("modifiers") or ():
                if str(mod.get("rule", "")).startswith("TRT-"):
                    in_events.add(str(mod["rule"]))
    assert set(fielded) == set(fieldable())
    print(f"\n{len(fielded)} traits fielded in {len(lists)} games; {len(in_events & set(fieldable()))} of them "
          f"named by an event or a check modifier")
