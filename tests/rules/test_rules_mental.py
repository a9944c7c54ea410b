"""Combate mental (CBA-19 / MET-9) with scripted dice: the target of a Corromper / Hackear answers through the
ordinary `react` decisions (rules/mental.py)."""
from __future__ import annotations

from rules_helpers import Game, M, violation
from wartime.core.components import Energy, Metahabilities, Metahability, Traits
from wartime.rules import mental
from wartime.rules.flow import Decision

NEURO = ("TRT-NEUROMANCER",)
BINDING = Metahability("calm", "Calm", 2, 10, 4, "TRT-BINDING", ("TRT-BINDING", "TRT-MAGIC-CALM"), ())


def fight(corrupter: dict | None = None, target: dict | None = None, *, puppeteer: bool = True,
          facing: float = 180.0) -> tuple[Game, int, int]:
    """A neuromancer (red, INT 5, VOL 7) in its activation with ENE 10, 4 K from a blue puppeteer (VOL 6, ENE 10)."""
    g = Game(M(**{"x": 10, "y": 20, "INT": 5, "VOL": 7, **(corrupter or {})}),
             M(**{"side": "blue", "x": 14, "y": 20, "facing": facing, "VOL": 6, "energy": 10, **(target or {})}))
    a, b = g.ids
    g.set(a, Traits(NEURO))
    if puppeteer:
        g.set(b, Traits(()), Metahabilities((BINDING,)))
    g.start_activation(a, energy=10)
    return g, a, b


def hack_missed(g: Game, a: int, b: int) -> None:
    """`a` corrupts `b` with INT and misses (die 9): the mental combat is offered right after (ruling 1)."""
    g.dice.push(9)
    g.declare(a, "corrupt", target=b, attribute="INT")
    while g.pending is not None and g.pending.kind == "react" and g.pending.window != "mental":
        g.react(g.pending.actor)                        # the declaration window's candidates pass


def answer(g: Game, who: int, go: bool, **params) -> None:
    g.engine.submit(Decision("react", g.gs.side(who), actor=who, action="mental_combat" if go else None,
                             params=params if go else {}))


def test_CBA_19_the_books_line_titiritero_against_neuromante():
    """Titiritero VOL 6 defends against a Neuromante INT 5: dice 4 and 2: the titiritero gains 1 stress; then the
    titiritero continues (ENE 3) and the neuromante stops: the neuromante gains 1 stress and it ends."""
    g, a, b = fight()
    hack_missed(g, a, b)
    p = g.pending
    assert (p.kind, p.window, p.actor, p.against, p.options) == ("react", "mental", b, a, ("mental_combat",))
    assert [o.params for o in g.engine.legal_options()] == [{"attribute": "VOL"}]
    g.dice.push(4, 2)
    answer(g, b, True, attribute="VOL")
    assert g.stress(b) == 1 and g.stress(a) == 0 and g.energy(b) == 7
    ex = g.checks("ATR", rule="CBA-19")
    assert [(c["who"], c["attribute"], c["die"]) for c in ex] == [(b, "VOL", 4), (a, "INT", 2)]
    assert g.pending.actor == a and g.pending.against_action == "mental_combat"        # the corrupter first
    answer(g, a, False)
    assert g.pending.actor == b and not g.events("mental_combat_choices")
    answer(g, b, True)
    assert g.stress(a) == 1 and g.energy(b) == 4 and g.energy(a) == 7
    ch = g.events("mental_combat_choices")[-1]
    assert ch["go_on"] == {str(a): False, str(b): True}
    assert g.events("mental_combat_ended")[-1]["exchanges"] == 1 and mental.current(g.gs) is None


def test_CBA_19_the_answers_are_secret_until_both_are_in():
    """Ruling (3): the first answer changes no ENE and emits nothing; both are paid on the reveal, and a side that
    goes on pays even when the other stops; the other side's question does not carry the first answer."""
    g, a, b = fight()
    hack_missed(g, a, b)
    g.dice.push(8, 9)                                   # both fail: no winner, no stress
    answer(g, b, True, attribute="VOL")
    assert g.stress(a) == g.stress(b) == 0
    n = len(g.world.events)
    answer(g, a, True)
    assert len(g.world.events) == n and g.energy(a) == 7
    p = g.pending
    assert (p.actor, p.options, p.against_action) == (b, ("mental_combat",), "mental_combat")
    g.dice.push(3, 7)                                   # both go on: another exchange; the defender wins
    answer(g, b, True)
    assert g.energy(a) == 4 and g.energy(b) == 4 and g.stress(a) == 1
    answer(g, a, False)
    answer(g, b, False)                                 # neither goes on: it ends, no stress
    assert g.stress(a) == 1 and g.stress(b) == 0 and mental.current(g.gs) is None


def test_CBA_19_declining_and_who_is_offered():
    """Passing the offer ends it; a target that is neither a neuromancer nor a puppeteer is offered nothing."""
    g, a, b = fight()
    hack_missed(g, a, b)
    answer(g, b, False)
    assert mental.current(g.gs) is None and g.events("mental_combat_declined")
    g, a, b = fight(puppeteer=False)
    hack_missed(g, a, b)
    assert mental.current(g.gs) is None and not g.events("mental_combat_offered")


def test_MET_9_not_a_reaction_from_outside_the_FOV_down_to_ENE_minus_10():
    """The book's test: a neuromancer with ENE 1, hacked from outside its FOV, answers with combate mental (3 ENE)
    and drops to ENE −2 (no reaction CH VOL is rolled)."""
    g, a, b = fight(facing=0.0)                         # the target faces away
    g.set(b, Traits(NEURO), Metahabilities(()))
    g.set(b, Energy(1))
    hack_missed(g, a, b)
    assert not g.gs.in_fov(b, a)
    g.dice.push(9, 9)
    answer(g, b, True, attribute="INT")
    assert g.energy(b) == -2 and not g.events("check", rule="REA-2")


def test_CBA_19_the_active_corrupter_may_not_go_below_0_and_must_stop():
    """Ruling (4): a corrupter in its activation with ENE 2 after the hack cannot pay to go on: it is not asked; the
    defender going on makes it take 1 stress."""
    g, a, b = fight()
    g.start_activation(a, energy=5)
    hack_missed(g, a, b)                                # ENE 5 − 3 = 2
    g.dice.push(9, 9)
    answer(g, b, True, attribute="VOL")
    assert g.pending.actor == b
    assert violation(g.engine.check_reaction, a, "mental_combat", {}).rule_id == "CBA-19"
    answer(g, b, True)
    assert g.stress(a) == 1 and g.energy(a) == 2 and g.events("mental_combat_choices")[-1]["forced"] == [a]


def test_CBA_19_a_natural_10_is_a_metahability_fumble():
    """Ruling (6): the roller of a natural 10 makes MET-7's CH PSI (die 9 against VOL 7 fails: +1 stress)."""
    g, a, b = fight()
    hack_missed(g, a, b)
    g.dice.push(5, 10, 9)                               # the defender wins; the corrupter fumbles, CH PSI 9
    answer(g, b, True, attribute="VOL")
    assert g.events("metahability_fumbled", who=a) and g.stress(a) == 2


def test_CBA_19_stress_to_VOL_ends_the_corrupters_activation_after_the_fight():
    """PSI-14: the active corrupter whose stress reaches its VOL in the fight ends its activation when it ends."""
    g, a, b = fight({"VOL": 3, "stress": 2})
    hack_missed(g, a, b)
    g.dice.push(2, 9, 3)                                # the defender wins: corrupter stress 3 = VOL; CH LOC 3
    answer(g, b, True, attribute="VOL")
    answer(g, a, False)
    answer(g, b, False)
    assert g.stress(a) == 3 and g.engine.flow.window.end_activation        # the corruption's after window
    g.pass_reactions()
    assert g.engine.flow.active != a and g.gs.activation(a).acted


def test_CBA_19_only_the_fighter_asked_may_answer_and_only_with_mental_combat():
    g, a, b = fight()
    hack_missed(g, a, b)
    assert violation(g.engine.check_reaction, b, "pivot", {}).rule_id == "CBA-19"
    assert violation(g.engine.check_reaction, b, "mental_combat", {"attribute": "INT"}).rule_id == "CBA-19"
    assert violation(g.engine.submit, Decision("react", "red", actor=a, action="mental_combat")).rule_id == "SEQ-6"
    assert violation(g.engine.submit, Decision("action", "red", actor=a, action="end")).rule_id == "ACT-1"


def test_MET_9_the_one_reaction_limit_does_not_apply():
    """MET-9 ruling: a target that already reacted in the hack's declaration window (it crouched) is still offered
    mental combat, with no reaction CH VOL."""
    g, a, b = fight()
    g.dice.push(2, 9)                                   # the crouch's reaction CH VOL 2, then the hack's CH IMP 9
    g.declare(a, "corrupt", target=b, attribute="INT")
    while g.pending.window != "mental":
        g.react(g.pending.actor, "crouch" if g.pending.actor == b and g.pending.window == "declaration" else None)
    assert g.events("reaction", who=b) and g.pending.actor == b
    vol_checks = len(g.checks("ATR", rule="REA-2"))
    assert vol_checks == 1                              # the crouch's
    g.dice.push(9, 9)
    answer(g, b, True, attribute="VOL")
    assert g.events("mental_combat", who=b) and len(g.checks("ATR", rule="REA-2")) == vol_checks
