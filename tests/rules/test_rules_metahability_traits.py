"""Metahability effects of issue 16 (rules/traits/spells.py): TRT-MAGIC-SLEEP."""
from __future__ import annotations

import pytest

from rules_helpers import violation
from test_rules_metahabilities import give, mh, two
from wartime.rules import traits


def calmed_then(*extra: str):
    """A caster (VOL 9, INT 5) with Magia: tranquilizar (0) and Magia: dormir (1); the enemy 4 K ahead (VOL 2) is
    calmed first (CH IMP INT 2, CH VOL ENF 2 against 8)."""
    g = two({"VOL": 9}, {"VOL": 2})
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-CALM"), mh("TRT-INVOCATION", "TRT-MAGIC-SLEEP", *extra))
    g.start_activation(a, energy=10)
    return g, a, b


def test_TRT_MAGIC_SLEEP_only_a_calm_enemy():
    g, a, b = calmed_then()
    assert violation(g.engine.check_action, a, "use_metahability", {"meta": 1, "target": b}).rule_id \
        == "TRT-MAGIC-SLEEP"
    assert violation(g.engine.check_action, a, "use_metahability", {"meta": 1, "target": a}).rule_id \
        == "TRT-MAGIC-SLEEP"
    g.dice.push(2, 2, 8)
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.engine.check_action(a, "use_metahability", {"meta": 1, "target": b}) == 2


def sleeping():
    g, a, b = calmed_then()
    g.dice.push(2, 2, 8, 2, 2, 8)
    g.act(a, "use_metahability", meta=0, target=b)
    g.act(a, "use_metahability", meta=1, target=b)
    return g, a, b


def test_TRT_MAGIC_SLEEP_the_calm_enemy_sleeps_unconscious_until_its_next_activation_is_over():
    """b had not acted in turn 1: its next activation was in turn 1, so it wakes when turn 2 starts."""
    g, a, b = sleeping()
    assert g.gs.unconscious(b) and not g.gs.able(b)
    assert g.events("state_changed", who=b, state="unconscious")[0]["until_turn"] == 2
    traits.turn_start(g.gs, 2)
    assert g.gs.able(b) and "TRT-MAGIC-SLEEP" not in traits.character_traits(g.gs, b)


def test_TRT_MAGIC_SLEEP_a_target_that_already_acted_sleeps_through_the_next_turn():
    g, a, b = calmed_then()
    g.gs.set_activation(b, acted=True)
    g.dice.push(2, 2, 8, 2, 2, 8)
    g.act(a, "use_metahability", meta=0, target=b)
    g.act(a, "use_metahability", meta=1, target=b)
    traits.turn_start(g.gs, 2)
    assert g.gs.unconscious(b)
    traits.turn_start(g.gs, 3)
    assert g.gs.able(b)


@pytest.mark.parametrize("def_roll", [9, 1])
def test_TRT_MAGIC_SLEEP_an_attack_that_hits_it_wakes_it(def_roll):
    """DMG 1 against DEF 0: a hit wakes it whether its CH DEF fails (9: a wound) or passes (1: none)."""
    from wartime.rules.combat import resolve_hit
    g, a, b = sleeping()
    g.dice.push(def_roll, 9, 9)
    resolve_hit(g.gs, None, a, b, 1, melee=False)
    assert g.gs.able(b) and g.events("metahability_effect_ended", who=b)[0]["why"] == "hit"


@pytest.mark.rules("TRT-MAGIC-MISDIRECT")
@pytest.mark.parametrize("tid,name", [("TRT-MAGIC-SLEEP", "Magia: dormir"), ("TRT-MAGIC-MISDIRECT", "Magia: despistar")])
def test_TRT_MAGIC_SLEEP_and_MISDIRECT_are_fieldable_on_a_metahability_and_cost_5(tid, name):
    from wartime.data.costs import archetype_cost
    from wartime.data.loader import archetype_from_dict
    assert traits.fielding_problem(tid, "metahability", {tid}) is None
    base = {"id": "s", "kind": "metahability", "name": "S", "ENE": 2, "RNG": 10, "QUA": 4}
    with_ = archetype_from_dict({**base, "traits": [{"name": "Invocación"}, {"name": name}]})
    without = archetype_from_dict({**base, "traits": [{"name": "Invocación"}]})
    assert archetype_cost(with_) - archetype_cost(without) == 5


# --- Prueba de ... and Neuropsico on metahabilities and weapons ---------------------------------------------------
TESTS = [("TRT-AGILITY-TEST", "AGI"), ("TRT-CONSTITUTION-TEST", "CON"), ("TRT-INTELLIGENCE-TEST", "INT"),
         ("TRT-WILLPOWER-TEST", "VOL")]


@pytest.mark.rules("TRT-CONSTITUTION-TEST", "TRT-INTELLIGENCE-TEST", "TRT-WILLPOWER-TEST")
@pytest.mark.parametrize("tid,attr", TESTS)
@pytest.mark.parametrize("roll,passed", [(3, True), (8, False)])
def test_TRT_AGILITY_TEST_and_the_other_tests_on_a_metahability(tid, attr, roll, passed):
    """A self-cast (CH INT 5 to pass on 2) first asks the trait's CH (attribute 5): 3 passes and the cast goes on;
    8 fails: no kind check, the ENE (2) is spent."""
    g = two({"VOL": 5, "CON": 5, "AGI": 5, "INT": 5})
    a, _ = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-CALM", tid))
    g.start_activation(a, energy=10)
    g.dice.push(roll, 2)
    g.act(a, "use_metahability", meta=0, target=a)
    checks = g.checks("ATR")
    assert checks[0]["attribute"] == attr and checks[0]["rule"] == "MET-2"
    assert len(checks) == (2 if passed else 1) and g.energy(a) == 8
    assert bool(g.events("metahability_failed")) is not passed


@pytest.mark.parametrize("psi,cast", [(2, True), (9, False)])
def test_TRT_NEUROPSYCHO_on_a_metahability_a_CH_PSI_per_use(psi, cast):
    g = two({"VOL": 5})
    a, _ = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-CALM", "TRT-NEUROPSYCHO"))
    g.start_activation(a, energy=10)
    g.dice.push(psi, 2)
    g.act(a, "use_metahability", meta=0, target=a)
    assert [c["rule"] for c in g.checks("PSI")] == ["TRT-NEUROPSYCHO"]
    from wartime.core.components import Stress
    assert bool(g.checks("ATR")) is cast and g.world.get(a, Stress).value == (0 if cast else 1)


@pytest.mark.rules("TRT-AGILITY-TEST", "TRT-CONSTITUTION-TEST", "TRT-INTELLIGENCE-TEST", "TRT-WILLPOWER-TEST")
@pytest.mark.parametrize("tid,attr", TESTS + [("TRT-NEUROPSYCHO", "VOL")])
@pytest.mark.parametrize("first,shot", [(3, True), (9, False)])
def test_TRT_NEUROPSYCHO_and_the_tests_on_a_weapon_before_each_attack(tid, attr, first, shot):
    """A rifle with the trait: its check (3 passes, 9 fails) comes after the ENE and before the CH IMP; a failure
    voids the attack (no CH IMP), the ENE stays spent."""
    from rules_helpers import Game, M, weapon
    g = Game(M(x=10, y=20, weapons=(weapon(ENE=2, traits=(tid,)),)), M(side="blue", x=20, y=20, facing=180.0))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(first, 9, 9, 9)
    g.act(a, "ranged_attack", target=b, weapon=0)
    first_check = g.world.events[[e["type"] for e in g.world.events].index("check")]
    assert first_check["kind"] == ("PSI" if tid == "TRT-NEUROPSYCHO" else "ATR") and first_check["attribute"] == attr
    assert bool(g.checks("IMP")) is shot and g.energy(a) == 8
    assert bool(g.events("weapon_use_failed")) is not shot


@pytest.mark.parametrize("tid", [t for t, _ in TESTS] + ["TRT-NEUROPSYCHO"])
def test_TRT_use_traits_fieldable_and_priced_on_metahabilities_and_weapons(tid):
    from test_rules_traits_more import price
    from wartime.data.tables import trait_by_id
    for kind in ("metahability", "weapon"):
        assert traits.fielding_problem(tid, kind, {tid}) is None
        assert price(tid, kind) == trait_by_id()[tid].cost
    # on a protection or a transport: tests/rules/test_rules_traits_kinds.py


# --- TRT-MAGIC-MISDIRECT ------------------------------------------------------------------------------------------
def misdirector(INT: int = 6, **kw):
    g = two({"VOL": 9, "INT": INT}, {"VOL": 2}, **kw)
    a, b = g.ids
    give(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-MISDIRECT"))
    g.start_activation(a, energy=10)
    return g, a, b


def test_TRT_MAGIC_MISDIRECT_moves_the_enemy_up_to_INT_K_where_the_caster_chooses():
    """INT 6: the enemy at (15, 20) is moved 6 K to (15, 26) (CH IMP INT 2, CH VOL ENF 2 against 8); no reaction,
    no lasting effect."""
    g, a, b = misdirector()
    g.dice.push(2, 2, 8)
    g.act(a, "use_metahability", meta=0, target=b, to=[15, 26])
    assert g.pos(b) == (15, 26) and g.events("forced_move")[0]["rule"] == "TRT-MAGIC-MISDIRECT"
    assert g.events("metahability_effect") == [] and g.events("moved") == []          # not a move: no MOV-14, no noise


def test_TRT_MAGIC_MISDIRECT_resisted_it_stays_and_beyond_INT_or_into_a_wall_is_refused():
    from rules_helpers import piece
    g, a, b = misdirector()
    g.dice.push(2, 9, 1)                                   # CH VOL ENF lost (9 against 1): MET-5
    g.act(a, "use_metahability", meta=0, target=b, to=[15, 26])
    assert g.pos(b) == (15, 20)
    assert violation(g.engine.check_action, a, "use_metahability", {"meta": 0, "target": b, "to": [15, 26.5]}) \
        .rule_id == "TRT-MAGIC-MISDIRECT"
    assert violation(g.engine.check_action, a, "use_metahability", {"meta": 0, "target": b}).rule_id \
        == "TRT-MAGIC-MISDIRECT"
    assert violation(g.engine.check_action, a, "use_metahability", {"meta": 0, "target": a, "to": [10, 24]}) \
        .rule_id == "TRT-MAGIC-MISDIRECT"
    h, a2, b2 = misdirector()
    from wartime.geometry.board import Board
    wall = piece("wall", "blocking", 14, 22, 16, 23, height=3.0)
    h.gs.board = Board(h.gs.board.width, h.gs.board.height, [wall], h.gs.board.grid)
    assert violation(h.engine.check_action, a2, "use_metahability", {"meta": 0, "target": b2, "to": [15, 26]}) \
        .rule_id == "TRT-MAGIC-MISDIRECT"


def test_TRT_MAGIC_MISDIRECT_the_engine_offers_legal_points_and_the_scripted_caster_uses_it():
    from tests.ai.test_scripted_terrain_actions import stub
    from wartime.ai.scripted import ScriptedController
    from wartime.rules.actions import REGISTRY
    from wartime.rules.actions.params import CandidateSpace
    g, a, b = misdirector()
    got = [c.build() for c in REGISTRY["use_metahability"].candidates(g.gs, a, CandidateSpace(g.gs, a))]
    assert got and all(p["target"] == b and "to" in p for p in got)
    for p in got:
        g.engine.check_action(a, "use_metahability", p)
    assert got[0]["to"] == [21.0, 20.0]                     # straight away from the caster, full reach
    d = ScriptedController().decide(stub(g), g.pending)
    assert d.action == "use_metahability" and d.params["to"] == [21.0, 20.0]



# --- TRT-CHARGES on a metahability --------------------------------------------------------------------------------
def test_TRT_CHARGES_a_metahability_with_2_uses_per_game():
    """Cargas (2): two casts (a success and a failure) spend both uses; a third is refused naming TRT-CHARGES. The
    list loader carries the count into play as a weapon's (match.setup.metahability_of)."""
    from wartime.data.loader import archetype_from_dict
    from wartime.match.setup import metahability_of
    arch = archetype_from_dict({"id": "c", "kind": "metahability", "name": "Calm", "ENE": 2, "RNG": 12, "QUA": 4,
                                "traits": [{"name": "Invocación"}, {"name": "Magia: tranquilizar"},
                                           {"name": "Cargas", "param": "2"}]})
    m = metahability_of(arch)
    assert "TRT-CHARGES:2" in m.traits
    g = two({"VOL": 9}, {"VOL": 2})
    a, b = g.ids
    give(g, a, m)
    g.start_activation(a, energy=10)
    g.dice.push(2, 2, 8, 9)
    g.act(a, "use_metahability", meta=0, target=a)
    g.act(a, "use_metahability", meta=0, target=a)
    assert [e["rule"] for e in g.events("charge_used")] == ["TRT-CHARGES", "TRT-CHARGES"]
    assert violation(g.engine.check_action, a, "use_metahability", {"meta": 0, "target": a}).rule_id == "TRT-CHARGES"
    assert traits.fielding_problem("TRT-CHARGES", "metahability", {"TRT-CHARGES"}) is None
    from wartime.data.costs import archetype_cost
    plain = archetype_from_dict({"id": "c", "kind": "metahability", "name": "Calm", "ENE": 2, "RNG": 12, "QUA": 4,
                                 "traits": [{"name": "Invocación"}, {"name": "Magia: tranquilizar"}]})
    assert archetype_cost(arch) - archetype_cost(plain) == -5
