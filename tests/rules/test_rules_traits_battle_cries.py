"""Group B traits of rules/traits/battle_cries.py (issue 12): each set up with scripted dice and checked against its
catalogue effect and ruling, and priced at its catalogue cost."""
from __future__ import annotations

from dataclasses import replace

import pytest

from rules_helpers import Game, M, blade, violation
from test_rules_traits_combat import race
from test_rules_metahabilities import effects, give as give_meta, mh, two
from wartime.core.components import Life, Stress
from wartime.rules.reactions import OWN_ACTIVATION_ONLY
from wartime.rules.traits.battle_cries import Challenged
from wartime.rules.reactors import general_keys
from test_rules_traits_race import price
from test_rules_objects import give
from wartime.rules.traits import fielding_problem


@pytest.mark.parametrize("trait, points, kinds", [("TRT-CRY-OF-VENGEANCE", 20, ("race", "object")),
                                                  ("TRT-VOID-RUNES", 5, ("race", "protection", "object")),
                                                  ("TRT-HAND-OF-DEATH", 5, ("race",)), ("TRT-DOOMED", -10, ("race",)),
                                                  ("TRT-CHALLENGER", 2, ("race",))])
def test_TRT_CRY_OF_VENGEANCE_TRT_VOID_RUNES_TRT_HAND_OF_DEATH_TRT_DOOMED_TRT_CHALLENGER_cost(trait, points, kinds):
    """Each costs its catalogue price on every kind of archetype it is fielded on."""
    for kind in kinds:
        assert price(trait, kind) == points
        assert fielding_problem(trait, kind, {trait}) is None


# --- Grito de venganza --------------------------------------------------------------------------------------------
def vengeance(bearer_at: float = 23.0, *, blue: dict | None = None, bearer_side: str = "blue") -> Game:
    """Red (AGI 5, CON 5, a DMG 3 blade: melee DMG 4) in contact with blue (CON 3, a DMG 7 blade), and a third
    character carrying Grito de venganza at (11, bearer_at)."""
    b = dict(side="blue", x=11, y=20, facing=180.0, CON=3, weapons=(blade(DMG=7),))
    b.update(blue or {})
    g = Game(M(x=10, y=20, AGI=5, CON=5, weapons=(blade(),)), M(**b), M(side=bearer_side, x=11, y=bearer_at))
    race(g, g.ids[2], "TRT-CRY-OF-VENGEANCE")
    return g


def strike(g: Game, *dice: int) -> None:
    """Red (the first character) attacks blue (the second) in melee with its blade, with these dice."""
    a, b = g.ids[:2]
    g.start_activation(a, energy=10)
    g.dice.push(*dice)
    g.act(a, "melee_attack", target=b, weapon=0)
    assert g.all_dice_used()


def test_TRT_CRY_OF_VENGEANCE_an_ally_killed_in_melee_strikes_its_killer():
    """Red's CH IMP 5 hits, blue's CH DEF 5 fails against DEF 0: 4 wounds on CON 3, dead. The bearer stands 2 K away:
    before removal blue strikes red at once (ENE unchanged, no CH VOL): CH IMP 3 hits, red's CH DEF 9 fails, DMG
    7 + 3 − 4 − 4 wounds = 2, red takes 2 wounds and passes its CH PSI with a 1."""
    g = vengeance()
    a, b, c = g.ids
    ene = g.energy(b)
    strike(g, 5, 5, 3, 9, 1)
    assert g.gs.world.get(b, Life).state == "dead"
    assert g.events("free_attack", rule="TRT-CRY-OF-VENGEANCE", attacker=b, target=a)
    assert g.events("damage")[-1]["dmg"] == 2 and g.wounds(a) == 2 and g.energy(b) == ene


def test_TRT_CRY_OF_VENGEANCE_not_beyond_5_K_not_for_the_bearer_or_an_enemy_not_when_shot_or_only_wounded():
    """The bearer 6 K away (edge to edge: centres 7 K apart): no blow. The bearer on red's side, or the dying one
    the bearer itself (G1): none. Blue only wounded (CON 9): none (that is Orgulloso's)."""
    g = vengeance(27.0)
    strike(g, 5, 5)
    assert not g.events("free_attack")
    g = vengeance(bearer_side="red")
    strike(g, 5, 5)
    assert not g.events("free_attack")
    g = vengeance()
    race(g, g.ids[2])
    race(g, g.ids[1], "TRT-CRY-OF-VENGEANCE")
    strike(g, 5, 5)
    assert not g.events("free_attack")
    g = vengeance(blue={"CON": 9})
    strike(g, 5, 5, 5)
    assert not g.events("free_attack") and g.wounds(g.ids[1]) == 4


def test_TRT_CRY_OF_VENGEANCE_on_an_object_works_for_its_holder():
    """The bearer holds an object with the trait instead (GNA-16): the killed ally strikes back the same."""
    g = vengeance()
    race(g, g.ids[2])
    give(g, g.ids[2], "TRT-CRY-OF-VENGEANCE")
    strike(g, 5, 5, 3, 9, 1)
    assert g.events("free_attack", rule="TRT-CRY-OF-VENGEANCE") and g.wounds(g.ids[0]) == 2


# --- Runas de vacío -------------------------------------------------------------------------------------------------
def runed(caster: dict | None = None) -> Game:
    """A neuromancer (VOL 7) 4 K from an enemy (VOL 2) carrying Runas de vacío, with Calma mágica."""
    g = two({"VOL": 7, **(caster or {})}, {"VOL": 2})
    a, b = g.ids
    give_meta(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-CALM"))
    race(g, b, "TRT-VOID-RUNES")
    g.start_activation(a, energy=10)
    return g


def test_TRT_VOID_RUNES_5_or_less_cancels_an_enemy_metahability_once_per_turn():
    """The cast passes (CH INT 2) and wins the CH VOL ENF (2 against 8); the runes roll 5: no effect, the ENE stays
    spent. Cast again the same turn: the runes are used up, the target is calmed."""
    g = runed()
    a, b = g.ids
    g.dice.push(2, 2, 8, 5)
    g.act(a, "use_metahability", meta=0, target=b)
    assert effects(g, b) == () and g.energy(a) == 8
    assert g.events("void_runes", rule="TRT-VOID-RUNES", who=b, die=5, cancelled=True)
    g.dice.push(2, 2, 8)
    g.act(a, "use_metahability", meta=0, target=b)
    assert effects(g, b)[0].grants == ("TRT-MAGIC-CALM",) and len(g.events("void_runes")) == 1


def test_TRT_VOID_RUNES_6_fails_and_a_new_turn_gives_a_new_use():
    g = runed()
    a, b = g.ids
    g.dice.push(2, 2, 8, 6)
    g.act(a, "use_metahability", meta=0, target=b)
    assert effects(g, b)[0].grants == ("TRT-MAGIC-CALM",)
    assert g.events("void_runes", die=6, cancelled=False)
    flow = g.world.resources["flow"]
    g.world.resources["flow"] = replace(flow, turn=flow.turn + 1)
    g.dice.push(2, 2, 8, 4)
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.events("void_runes", die=4, cancelled=True)


def test_TRT_VOID_RUNES_a_1_gives_the_caster_a_CH_PSI_against_a_stress_level():
    """Runes roll 1: cancelled, and the caster (VOL 7) makes a CH PSI: 9 fails, +1 stress; 3 passes, none."""
    for psi, stress in ((9, 1), (3, 0)):
        g = runed()
        a, b = g.ids
        g.dice.push(2, 2, 8, 1, psi)
        g.act(a, "use_metahability", meta=0, target=b)
        assert effects(g, b) == () and g.all_dice_used()
        assert g.check("PSI", rule="TRT-VOID-RUNES")["who"] == a
        assert g.gs.world.get(a, Stress).value == stress


def test_TRT_VOID_RUNES_not_against_an_ally_metahability():
    """An ally's cast on the bearer (no CH VOL ENF) is not cancelled: no runes roll."""
    g = two({"VOL": 7}, {"VOL": 2}, side="red")
    a, b = g.ids
    give_meta(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-CALM"))
    race(g, b, "TRT-VOID-RUNES")
    g.start_activation(a, energy=10)
    g.dice.push(2)
    g.act(a, "use_metahability", meta=0, target=b)
    assert effects(g, b) and not g.events("void_runes") and g.all_dice_used()


# --- La mano de la muerte -------------------------------------------------------------------------------------------
def hand(red: dict | None = None, blue: dict | None = None, ally: dict | None = None) -> Game:
    """A wounded red bearer of La mano de la muerte (2 wounds, VOL 5) at (10, 20) in base contact with a blue enemy
    (VOL 4, CON 5) and a red ally 3 K away (edge to edge)."""
    g = Game(M(**{"x": 10, "y": 20, "VOL": 5, "CON": 6, "wounds": 2, **(red or {})}),
             M(**{"side": "blue", "x": 11, "y": 20, "facing": 180.0, "VOL": 4, "CON": 5, **(blue or {})}),
             M(**{"x": 10, "y": 24, **(ally or {})}))
    race(g, g.ids[0], "TRT-HAND-OF-DEATH")
    g.start_activation(g.ids[0], energy=10)
    return g


def test_TRT_HAND_OF_DEATH_passes_a_wound_to_an_enemy_in_contact_with_a_won_CH_VOL_ENF():
    """ENE 3; the bearer (VOL 5) rolls 2, the enemy (VOL 4) 6: won: the bearer has 1 wound, the enemy 1 (no CH
    DEF). A lost contest (7 against 2) moves nothing, the ENE stays spent."""
    g = hand()
    a, b, _ = g.ids
    assert [o.params for o in g.engine.legal_options("hand_of_death")] == [{"target": b, "source": a}]
    g.dice.push(2, 6)
    g.act(a, "hand_of_death", target=b)
    assert g.wounds(a) == 1 and g.wounds(b) == 1 and g.energy(a) == 7
    assert g.events("wound_passed", rule="TRT-HAND-OF-DEATH", source=a, target=b)
    g.dice.push(7, 2)
    g.act(a, "hand_of_death", target=b)
    assert g.wounds(a) == 1 and g.wounds(b) == 1 and g.energy(a) == 4 and g.all_dice_used()


def test_TRT_HAND_OF_DEATH_an_unconscious_enemy_takes_it_on_a_plain_CH_VOL_and_may_die():
    """The enemy is unconscious (stress 5 above VOL 4): a CH VOL 5 (die 5) passes it; on CON 1 with 1 wound it
    becomes dead (WND-3)."""
    g = hand(blue={"stress": 5, "CON": 1, "wounds": 1})
    a, b, _ = g.ids
    g.dice.push(5)
    g.act(a, "hand_of_death", target=b)
    assert g.check("ATR", rule="TRT-HAND-OF-DEATH")["target"] == 5
    assert g.wounds(b) == 2 and g.gs.world.get(b, Life).state == "dead"


def test_TRT_HAND_OF_DEATH_reach_is_base_contact_below_VOL_6_and_VOL_K_with_6():
    """VOL 5: the ally 3 K away is out of reach; the source must be the bearer. VOL 6: it takes a wound off the
    wounded ally (2 wounds) and gives it to the enemy (CH VOL ENF 2 against 8)."""
    g = hand(ally={"wounds": 2})
    a, b, c = g.ids
    assert violation(g.act, a, "hand_of_death", target=c).rule_id == "TRT-HAND-OF-DEATH"
    assert violation(g.act, a, "hand_of_death", target=b, source=c).rule_id == "TRT-HAND-OF-DEATH"
    g = hand({"VOL": 6}, ally={"wounds": 2})
    a, b, c = g.ids
    g.dice.push(2, 8)
    g.act(a, "hand_of_death", target=b, source=c)
    assert g.wounds(c) == 1 and g.wounds(b) == 1 and g.wounds(a) == 2
    assert violation(g.act, a, "hand_of_death", target=c, source=b).rule_id == "TRT-HAND-OF-DEATH"  # enemy source


def test_TRT_HAND_OF_DEATH_not_offered_without_the_trait_or_a_wound():
    g = hand({"wounds": 0})
    assert not list(g.engine.legal_options("hand_of_death"))
    g = hand()
    race(g, g.ids[0])
    assert not list(g.engine.legal_options("hand_of_death"))


# --- Condenado --------------------------------------------------------------------------------------------------------
def doomed(wounds: int = 2, CON: int = 6) -> Game:
    g = Game(M(x=10, y=20, VOL=5, CON=CON, AGI=5, INT=4, wounds=wounds),
             M(side="blue", x=11, y=20, facing=180.0, VOL=4, CON=5))
    race(g, g.ids[0], "TRT-DOOMED")
    g.start_activation(g.ids[0], energy=10)
    return g


def test_TRT_DOOMED_an_activation_started_wounded_ends_with_a_level_less_of_each_attribute():
    """Started with 2 wounds and passed none on: CON 6 → 5, AGI 5 → 4, INT 4 → 3, VOL 5 → 4, for good."""
    g = doomed()
    a = g.ids[0]
    g.engine._end_activation(a)
    at = g.gs.base_attrs(a)
    assert (at.CON, at.AGI, at.INT, at.VOL) == (5, 4, 3, 4) and g.events("doomed", rule="TRT-DOOMED", who=a)


def test_TRT_DOOMED_passing_its_own_wound_with_the_hand_of_death_lifts_the_doom():
    """It gains La mano de la muerte: one wound passed to the enemy (CH VOL ENF 2 against 8) and no level is lost;
    unwounded at the start, no doom either."""
    g = doomed()
    a, b = g.ids
    g.dice.push(2, 8)
    g.act(a, "hand_of_death", target=b)
    g.engine._end_activation(a)
    assert g.gs.base_attrs(a).CON == 6 and g.wounds(a) == 1 and not g.events("doomed")
    g = doomed(wounds=0)
    g.engine._end_activation(g.ids[0])
    assert g.gs.base_attrs(g.ids[0]).CON == 6 and not g.events("doomed")


def test_TRT_DOOMED_a_CON_down_to_its_wounds_puts_it_down():
    """CON 3 with 2 wounds: CON 2 = wounds: incapacitated (WND-2)."""
    g = doomed(wounds=2, CON=3)
    g.engine._end_activation(g.ids[0])
    assert g.gs.world.get(g.ids[0], Life).state == "incapacitated"


def test_TRT_HAND_OF_DEATH_is_taken_in_its_own_activation_not_as_a_reaction():
    """Ruling: no reaction window offers it (and so no window of a list without the trait changes)."""
    assert "hand_of_death" in OWN_ACTIVATION_ONLY and "hand_of_death" not in general_keys()


# --- Desafiante -------------------------------------------------------------------------------------------------------
def challenge_game(x: float = 15.0, VOL: int = 6) -> Game:
    """A red challenger (VOL 6) at (10, 20) facing east, a blue enemy (VOL 4, a blade) at (x, 20) facing it."""
    g = Game(M(x=10, y=20, VOL=VOL, weapons=(blade(),)),
             M(side="blue", x=x, y=20, facing=180.0, VOL=4, weapons=(blade(),)))
    race(g, g.ids[0], "TRT-CHALLENGER")
    g.start_activation(g.ids[0], energy=10)
    return g


def test_TRT_CHALLENGER_a_won_CH_VOL_ENF_makes_the_enemy_charge_it_first():
    """ENE 3; the challenger rolls 2 against the enemy's 8: won. At the start of the enemy's next activation it is
    compelled: a move first is refused, a charge at the challenger is its legal first action."""
    g = challenge_game()
    a, b = g.ids
    assert [o.params for o in g.engine.legal_options("challenge")] == [{"target": b}]
    g.dice.push(2, 8)
    g.act(a, "challenge", target=b)
    assert g.energy(a) == 7 and g.events("challenged", rule="TRT-CHALLENGER", who=a, target=b)
    g.engine._end_activation(a)
    g.start_activation(b, energy=10)
    assert g.events("compelled", rule="TRT-CHALLENGER", who=b, targets=[a], mode="melee")
    assert violation(g.act, b, "move", path=[[15.0, 24.0]]).rule_id == "TRT-CHALLENGER"
    assert any(o.params.get("target") == a for o in g.engine.legal_options("charge"))


def test_TRT_CHALLENGER_an_enemy_in_base_contact_must_attack_it_in_melee_first():
    """The challenged enemy is already in base contact with the challenger (it cannot charge it): its first action
    must be a melee attack at it: crouching first is refused, the melee attack at the challenger is legal and made
    (CH IMP 5 passes, CH DEF 9 fails, CH PSI 5); then the compulsion is spent."""
    g = challenge_game(x=11.0)
    a, b = g.ids
    g.dice.push(2, 8)
    g.act(a, "challenge", target=b)
    g.engine._end_activation(a)
    g.start_activation(b, energy=10)
    assert g.events("compelled", rule="TRT-CHALLENGER", who=b, targets=[a], mode="melee")
    assert violation(g.act, b, "crouch").rule_id == "TRT-CHALLENGER"
    assert not list(g.engine.legal_options("charge"))
    assert [o.params.get("target") for o in g.engine.legal_options("melee_attack")] == [a]
    g.dice.push(5, 9, 5)
    g.act(b, "melee_attack", target=a, weapon=0)
    assert g.events("hit")[-1]["target"] == a and g.wounds(a) == g.events("hit")[-1]["dmg"] > 0
    g.act(b, "crouch")


def test_TRT_CHALLENGER_a_lost_challenge_or_a_fallen_challenger_compels_nothing():
    """The enemy wins the contest (9 against 1): no mark. Won, but the challenger is down when the enemy activates:
    no compulsion."""
    g = challenge_game()
    a, b = g.ids
    g.dice.push(9, 1)
    g.act(a, "challenge", target=b)
    assert not g.events("challenged") and g.energy(a) == 7
    g = challenge_game()
    a, b = g.ids
    g.dice.push(2, 8)
    g.act(a, "challenge", target=b)
    g.engine._end_activation(a)
    g.set(a, Life("incapacitated"))
    g.start_activation(b, energy=10)
    assert not g.events("compelled") and g.gs.world.get(b, Challenged).turn == 1


def test_TRT_CHALLENGER_reach_is_VOL_K_in_the_field_of_view():
    """VOL 6: an enemy 7 K away (edge to edge) is out of reach; one behind it is out of its field of view."""
    g = challenge_game(x=18.0)
    assert not list(g.engine.legal_options("challenge"))
    assert violation(g.act, g.ids[0], "challenge", target=g.ids[1]).rule_id == "TRT-CHALLENGER"
    g = challenge_game(x=6.0)
    assert not list(g.engine.legal_options("challenge"))
    assert "challenge" in OWN_ACTIVATION_ONLY and "challenge" not in general_keys()


@pytest.mark.parametrize("on", ["target", "caster"])
def test_TRT_FORTUNE_cancels_a_Runas_de_vacio_die(on):
    """TRT-FORTUNE 'anular dado' on Runas de vacío's 1D10 (no check): the runes' 6 fails the target, who carries
    Fortune and cancels it (3: the metahability is cancelled); or the runes' 4 cancels the caster's metahability,
    and the caster, carrying Fortune, cancels that enemy die (8: the target is calmed)."""
    from wartime.core.components import Traits
    from wartime.rules import fortune
    from wartime.rules.sequence import Decision
    g = runed()
    a, b = g.ids
    carrier = b if on == "target" else a
    g.set(carrier, Traits(tuple(g.gs.traits(carrier)) + ("TRT-FORTUNE",)))
    g.auto_pass = False
    first, second = (6, 3) if on == "target" else (4, 8)
    g.dice.push(2, 2, 8, first)
    g.act(a, "use_metahability", meta=0, target=b)
    while True:
        g.pass_windows_until(fortune.WINDOW)
        q = fortune.current(g.gs)
        if q.moment == "void_runes":
            break
        g.engine.submit(Decision("react", g.pending.side, actor=q.who))
    assert (q.who, q.die) == ((b, 6) if on == "target" else (a, 4))
    g.dice.push(second)
    g.engine.submit(Decision("react", g.pending.side, actor=q.who, action="fortune_cancel_die"))
    g.pass_windows_until(fortune.WINDOW)
    ev = g.events("void_runes")[-1]
    assert (ev["die"], ev["fortune"], ev["cancelled"]) == (second, first, on == "target")
    assert bool(effects(g, b)) == (on == "caster") and g.all_dice_used()
