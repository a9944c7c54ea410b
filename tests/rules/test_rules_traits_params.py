"""Trait parameters of issue 12 made data (task `elements`): Munición anti naming a class the catalogue gives a
transport or a race (TRT-ANTI-AMMO, ``classes``), Niega naming any characteristic (TRT-NEGATE) and Requiere naming a
condition (TRT-REQUIRES). Each set up with scripted dice or a real game's setup."""
from __future__ import annotations

from pathlib import Path

import pytest

from rules_helpers import blade, violation, weapon
from test_rules_traits_combat import duel
from wartime.core.components import Mount, Posture, Race
from wartime.core.errors import DataError
from wartime.core.rng import Dice
from wartime.data.loader import archetype_from_dict, load_army_list, load_scenario
from wartime.match.setup import build_state
from wartime.rules import traits
from wartime.rules.odds import attack_odds
from wartime.rules.traits.protections import requirement
from wartime.rules.traits.weapons_more import anti_matches, same_name

ROOT = Path(__file__).resolve().parents[2]


# --- Munición anti (): a class of transport or race -------------------------------------------------------------------
def test_TRT_ANTI_AMMO_names_match_singular_or_plural_case_and_accents_aside():
    assert same_name("tanques", "tanque") and same_name("Tanque", "TANQUES")
    assert same_name("Vehículos blindados", "vehiculo blindado") and same_name("camiones", "Camión")
    assert not same_name("tanque", "tanqueta") and not same_name("vehículo", "vehículo blindado")
    assert not same_name("", "")


def _motor_pool(tmp_path: Path, red: tuple[str, ...], blue: tuple[str, ...]) -> dict:
    """Two lists of the shipped motor-pool catalogue (copied next to them)."""
    (tmp_path / "catalogue").mkdir(exist_ok=True)
    (tmp_path / "catalogue" / "motor-pool.toml").write_text(
        (ROOT / "scenarios" / "catalogue" / "motor-pool.toml").read_text(encoding="utf-8"), encoding="utf-8")
    for side, who in (("red", red), ("blue", blue)):
        body = "".join(f'[[unit]]\ncharacter = "{c}"\n' for c in who)
        (tmp_path / f"{side}.toml").write_text(f'format = 1\ntype = "list"\nname = "{side}"\n'
                                               f'catalogue = "catalogue/motor-pool.toml"\n' + body, encoding="utf-8")
    return {s: load_army_list(tmp_path / f"{s}.toml") for s in ("red", "blue")}


def test_TRT_ANTI_AMMO_tanques_names_the_transports_classed_tanque(tmp_path):
    """The catalogue's tank-buster (Munición anti (tanques)): a game with it is set up (the amphibious carrier is
    classed "tanque"); DMG +2 against the carrier's driver, none against the truck driver (a "vehículo" only)."""
    gs = build_state(load_scenario(ROOT / "scenarios" / "skirmish.toml"),
                     _motor_pool(tmp_path, ("tank_hunter",), ("carrier_driver", "truck_driver")), Dice(1))
    hunter, carrier, truck = gs.minis()
    assert "tanque" in gs.world.get(carrier, Mount).classes
    gun = gs.equipment(hunter).weapons[0]
    assert traits.combat_terms(gs, hunter, carrier, gun, True).dmg_plus == 2
    assert traits.combat_terms(gs, hunter, truck, gun, True).dmg_plus == 0
    assert anti_matches(gs, truck, "vehículos") and not anti_matches(gs, truck, "aeronaves")


def test_TRT_ANTI_AMMO_a_race_class_is_named_and_kept(tmp_path):
    """A race's ``classes`` ("bestia") are named too: the miniature keeps its Race with them, DMG +2."""
    g = duel({"weapons": (weapon(DMG=4, traits=("TRT-ANTI-AMMO", "TRT-ANTI-AMMO:bestias")),)})
    a, b = g.ids
    rifle = g.gs.weapon(a, 0)
    g.set(b, Race("ghoul", "Ghoul", ("bestia",)))
    assert traits.combat_terms(g.gs, a, b, rifle, True).dmg_plus == 2
    g.set(b, Race("ghoul", "Ghoul", ()))
    assert traits.combat_terms(g.gs, a, b, rifle, True).dmg_plus == 0


def test_TRT_ANTI_AMMO_classes_are_data_of_races_and_transports_only():
    race = {"id": "r", "kind": "race", "name": "R", "CON": 5, "AGI": 5, "INT": 5, "VOL": 5}
    assert archetype_from_dict({**race, "classes": ["no muerto", "no muerto"]}).classes == ("no muerto",)
    w = {"id": "w", "kind": "weapon", "name": "W", "ENE": 2, "DMG": 3, "RNG": 0, "QUA": 4}
    with pytest.raises(DataError, match="only a race or a transport has classes"):
        archetype_from_dict({**w, "classes": ["tanque"]})
    with pytest.raises(DataError, match=r"archetype\.classes\[1\]: expected a non-empty string"):
        archetype_from_dict({**race, "classes": ["x", 3]})


def test_TRT_ANTI_AMMO_a_class_nothing_is_given_is_fielded_and_never_bites(tmp_path):
    """Anti (zepelines): no race or transport of the catalogue is called or classed so: the game is set up and the
    tank-buster's DMG +2 counts against neither the carrier's driver nor the truck's."""
    _motor_pool(tmp_path, ("tank_hunter",), ("carrier_driver", "truck_driver"))
    text = (tmp_path / "catalogue" / "motor-pool.toml").read_text(encoding="utf-8")
    (tmp_path / "catalogue" / "motor-pool.toml").write_text(text.replace('param = "tanques"', 'param = "zepelines"'),
                                                          encoding="utf-8")
    lists = {s: load_army_list(tmp_path / f"{s}.toml") for s in ("red", "blue")}
    gs = build_state(load_scenario(ROOT / "scenarios" / "skirmish.toml"), lists, Dice(1))
    hunter, carrier, truck = gs.minis()
    gun = gs.equipment(hunter).weapons[0]
    assert [traits.combat_terms(gs, hunter, t, gun, True).dmg_plus for t in (carrier, truck)] == [0, 0]


# --- Requiere (): a condition ----------------------------------------------------------------------------------------
def _knife_needing(condition: str):
    return blade(traits=("TRT-REQUIRES", f"TRT-REQUIRES:{condition}"))


@pytest.mark.parametrize("condition, state, ok", [
    ("de pie", "standing", True), ("De Pie", "prone", False), ("tumbado", "prone", True),
    ("agachado", "standing", False), ("crouched", "crouched", True)])
def test_TRT_REQUIRES_a_weapon_used_only_in_the_posture_named(condition, state, ok):
    """A knife 'Requiere (de pie)': the melee attack is legal standing, refused naming TRT-REQUIRES prone (and not
    offered among the legal options); carried all the same."""
    g = duel({"weapons": (_knife_needing(condition),)}, melee=True)
    a, b = g.ids
    g.set(a, Posture(state))
    g.start_activation(a, energy=10)
    offered = any(o.params.get("weapon") == 0 for o in g.engine.legal_options("melee_attack"))
    if ok:
        assert g.engine.check_action(a, "melee_attack", {"target": b, "weapon": 0}) >= 1 and offered
    else:
        assert violation(g.engine.check_action, a, "melee_attack",
                         {"target": b, "weapon": 0}).rule_id == "TRT-REQUIRES" and not offered


def test_TRT_REQUIRES_a_weapon_used_only_mounted_or_only_on_foot():
    """'montado': refused on foot, legal riding a transport (its Mount); 'a pie' the other way round."""
    for condition, mounted, ok in (("montado", False, False), ("montado", True, True), ("a pie", True, False),
                                   ("A pie", False, True)):
        g = duel({"weapons": (_knife_needing(condition),)}, melee=True)
        a, b = g.ids
        if mounted:
            g.set(a, Mount("horse", "Horse", 2, 4, 0, 4, rider_body=g.gs.body(a)))
        g.start_activation(a, energy=10)
        if ok:
            assert g.engine.check_action(a, "melee_attack", {"target": b, "weapon": 0}) >= 1
        else:
            assert violation(g.engine.check_action, a, "melee_attack",
                             {"target": b, "weapon": 0}).rule_id == "TRT-REQUIRES"


def test_TRT_REQUIRES_an_object_used_only_in_the_condition_named():
    """An elixir 'Requiere (de pie)': Usar is refused prone naming TRT-REQUIRES; standing it heals."""
    from test_rules_traits_kinds2 import elixir
    from rules_helpers import Game, M
    for state, ok in (("prone", False), ("standing", True)):
        g = Game(M(x=10, y=20, wounds=3), M(side="blue", x=30, y=20))
        a = g.ids[0]
        kit = elixir(g, a, 2, "TRT-REQUIRES", "TRT-REQUIRES:de pie")
        g.set(a, Posture(state))
        g.start_activation(a, energy=10)
        if ok:
            g.act(a, "use_object", item=f"item:{kit}")
            assert g.wounds(a) == 1
        else:
            assert violation(g.engine.check_action, a, "use_object", {"item": f"item:{kit}"}).rule_id == "TRT-REQUIRES"


def test_TRT_REQUIRES_unknown_text_is_refused_naming_the_rule_a_condition_on_a_protection_fielded():
    """A condition on a protection is fielded (its use is protecting: see the CH DEF test below); unknown text ('luna
    llena') is refused naming TRT-REQUIRES with the conditions played listed."""
    from test_rules_traits_protection import _spec
    from wartime.match.setup import fielding_problems
    assert fielding_problems(_spec({"name": "Requiere", "param": "de pie"})) == []
    got = fielding_problems(_spec({"name": "Refuerzo"}, [{"name": "Requiere", "param": "luna llena"}]))
    assert [r for r, _ in got] == ["TRT-REQUIRES"] and "de pie" in got[0][1] and "montado" in got[0][1]
    assert requirement("Cuerpo a tierra") == ("condition", "prone") and requirement("a bordo") == ("condition", "mounted")


@pytest.mark.parametrize("state, defense", [("standing", 4), ("prone", 1)])
def test_TRT_REQUIRES_a_protection_protects_only_in_the_condition_named(state, defense):
    """A DEF 3 vest 'Requiere (de pie)' and a plain DEF 1 shield: the rifle's hit (CH IMP 2) meets a CH DEF against
    DEF 4 standing; prone the vest is not in use: no die for it, its DEF left out (DEF 1, a protection_use_failed
    event naming the rule), and the exact odds say the same (def_loss)."""
    from fractions import Fraction
    from test_rules_traits_kinds import shot_at
    from wartime.core.components import TraitedProtection
    from wartime.rules.odds import def_loss
    g = shot_at()
    a, b = g.ids
    vest = TraitedProtection("vest", "Vest", 0, 3, 0, 5, traits=("TRT-REQUIRES",), params=(("TRT-REQUIRES", "de pie"),))
    eq = g.gs.equipment(b)
    from dataclasses import replace
    g.set(b, replace(eq, protections=(vest, eq.protections[1])))
    g.set(b, Posture(state))
    assert def_loss(g.gs, b) == (((0, Fraction(1)),) if state == "standing" else ((3, Fraction(1)),))
    g.dice.push(2, 3, 9, 9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.check("DEF")["target"] == defense and g.events("damage")[0]["defense"] == defense
    failed = g.events("protection_use_failed")
    assert [(f["protection"], f["def_lost"], f.get("why")) for f in failed] == (
        [] if state == "standing" else [("Vest", 3, "TRT-REQUIRES")])


def test_TRT_REQUIRES_a_transport_driven_only_in_the_condition_named():
    """A transport 'Requiere (a pie)' can never be driven (its driver rides it): its movement is refused naming
    TRT-REQUIRES; 'montado' is always met aboard: it moves."""
    from rules_helpers import Game, M, ride
    for condition, ok in (("a pie", False), ("montado", True)):
        g = Game(M(x=10, y=20), M(side="blue", x=30, y=20))
        a = g.ids[0]
        ride(g, a, traits=("TRT-REQUIRES", f"TRT-REQUIRES:{condition}"))
        g.start_activation(a, energy=10)
        params = {"path": [[12.0, 20.0]]}
        if ok:
            assert g.engine.check_action(a, "move", params) >= 1
        else:
            assert violation(g.engine.check_action, a, "move", params).rule_id == "TRT-REQUIRES"


def test_TRT_REQUIRES_a_metahability_cast_only_in_the_condition_named():
    """An invocation 'Requiere (de pie)' (its parameter among the metahability's): cast standing, refused prone naming
    TRT-REQUIRES."""
    from test_rules_metahabilities import give, mh, two
    for state, ok in (("standing", True), ("prone", False)):
        g = two({"INT": 6}, side="red")
        a, b = g.ids
        give(g, a, mh("TRT-INVOCATION", "TRT-PSYCHIC-ENERGY", "TRT-REQUIRES",
                      params=(("TRT-REQUIRES", "de pie"),)))
        g.set(a, Posture(state))
        g.start_activation(a, energy=10)
        if ok:
            g.dice.push(6)
            g.act(a, "use_metahability", meta=0, target=b)
            assert g.check("ATR", rule="MET-2")["passed"]
        else:
            assert violation(g.act, a, "use_metahability", meta=0, target=b).rule_id == "TRT-REQUIRES"


# --- Niega (): a characteristic: the other's counts 0 in an interaction with the bearer ------------------------------
def _ward(name: str):
    from test_rules_traits_protection import prot
    return prot(1, "TRT-NEGATE", params={"TRT-NEGATE": name}, key="ward")


def test_TRT_NEGATE_DEF_only_the_others_DEF_counts_0():
    """Niega (DEF) on the shooter: the target's DEF 3 counts 0; on the target: its own DEF still counts (the other's
    DEF is the one cancelled, and the shooter's plays no part in its own shot)."""
    from rules_helpers import armour
    g = duel(red={"protections": (_ward("DEF"),)}, blue={"protections": (armour(3),)})
    a, b = g.ids
    assert traits.combat_terms(g.gs, a, b, weapon(), True).def_plus == -3
    h = duel(blue={"protections": (armour(3), _ward("DEF"))})
    a, b = h.ids
    assert traits.combat_terms(h.gs, a, b, weapon(), True).def_plus == 0


def test_TRT_NEGATE_DMG_an_attack_on_the_bearer_has_DMG_0():
    """Niega (DMG) worn by the target: the rifle's DMG 4 counts 0 (CH DEF 9 fails: no wound; only a critical's DMG
    +1, CMB-6, can wound: the odds drop to that); the bearer's own shot keeps its DMG."""
    from test_rules_traits_combat import attack
    g = duel(blue={"protections": (_ward("DMG"),)})
    a, b = g.ids
    plain_odds = duel()
    assert attack_odds(g.gs, a, b, weapon_index=0, ranged=True).expected_wounds * 10 < \
        attack_odds(plain_odds.gs, *plain_odds.ids, weapon_index=0, ranged=True).expected_wounds
    attack(g, 5, 9)
    assert g.events("hit")[-1]["dmg"] == 0 and g.wounds(b) == 0
    h = duel(red={"protections": (_ward("DMG"),)})
    attack(h, 5, 9, 5)
    assert h.events("hit")[-1]["dmg"] == 4


def test_TRT_NEGATE_CON_melee_DMG_and_a_CH_CON_ENF():
    """Niega (CON) worn by the target: the attacker's CON 5 counts 0 in MOD-1 (blade DMG 3 + 0 − 4: minimum 1,
    against 3 + 5 − 4 = 4 without it); in Empujar's CH CON ENF the attacker's CON is 0."""
    from rules_helpers import armour
    from test_rules_traits_combat import attack
    from wartime.rules.modifiers import opposed
    g = duel(blue={"protections": (_ward("CON"),)}, melee=True)
    attack(g, 5, 9, 5)
    assert g.events("hit")[-1]["dmg"] == 1
    h = duel(melee=True)
    attack(h, 5, 9, 5)
    assert h.events("hit")[-1]["dmg"] == 4
    g = duel(blue={"protections": (_ward("CON"),)}, melee=True)
    a, b = g.ids
    g.dice.push(3, 3)
    opposed(g.gs, a, b, "CON", "CBA-16", "Empujar")
    assert [(c["who"], c["base"]) for c in g.checks("ATR")] == [(a, 0), (b, 9)]


def test_TRT_NEGATE_AGI_the_attackers_CH_IMP_and_the_dodge():
    """Niega (AGI) worn by the target: the shooter's CH IMP has base 0 (its AGI 5 cancelled: target 5 lower than
    without it, and so do the odds); worn by the attacker: the target's CH AGI to dodge it has base 0."""
    from test_rules_traits_combat import attack
    from wartime.rules.modifiers import roll_character_check
    g = duel(blue={"protections": (_ward("AGI"),)})
    h = duel()
    attack(g, 1, 9, 5)
    attack(h, 1, 9, 5)
    assert g.check("IMP")["base"] == 0 and g.check("IMP")["target"] == h.check("IMP")["target"] - 5
    g = duel(blue={"protections": (_ward("AGI"),)})
    h = duel()
    assert attack_odds(g.gs, *g.ids, weapon_index=0, ranged=True).p_hit < \
        attack_odds(h.gs, *h.ids, weapon_index=0, ranged=True).p_hit
    g = duel(red={"protections": (_ward("AGI"),)}, blue={"AGI": 6}, melee=True)
    a, b = g.ids
    g.dice.push(1)
    got = roll_character_check(g.gs, None, b, "ATR", "AGI", "CBA-17", "Esquivar en CaC", against=a)
    assert got.base == 0 and g.checks("ATR")[-1]["negated"] == a


@pytest.mark.parametrize("attribute", ["INT", "VOL"])
def test_TRT_NEGATE_INT_VOL_a_check_against_the_bearer_and_a_CH_PSI_it_causes(attribute):
    """Niega (INT / VOL): in a CH ATR ENF with the bearer the other's attribute is 0, the bearer's own kept; a CH PSI
    the bearer's hit causes (source: the bearer) is against VOL 0 for Niega (VOL)."""
    from wartime.rules.modifiers import opposed
    from wartime.rules.psychology import psi_check
    g = duel(red={"protections": (_ward(attribute),)}, blue={"INT": 6, "VOL": 6})
    a, b = g.ids
    own = getattr(g.gs.attrs(a), attribute)
    g.dice.push(3, 3)
    opposed(g.gs, a, b, attribute, "CHK-4", "contest")
    assert [(c["who"], c["base"]) for c in g.checks("ATR")] == [(a, own), (b, 0)]
    g.dice.push(1)
    psi_check(g.gs, None, b, source=a, reason="wounded", rule="CMB-5")
    assert g.checks("PSI")[-1]["base"] == (0 if attribute == "VOL" else 6)
