"""Reactions through the rules engine: reaction windows and their explanation (REA-1, REA-3, REA-8), the
reaction CH VOL and the −10 floor (REA-2, ENE-3), early reactions (REA-4, MOD-3), bullet time (REA-5), chains
(ACT-4), and the reaction actions: Pivotar (MVA-19), Huir (CBA-24), Esquivar en CaC (CBA-17), Contracarga
(CBA-13), En guardia (GNA-8), Desenfundar (CBA-22: only in a duel, test_rules_quick_draw.py); with their
psychology (CMB-5, PSI-5..12)."""
from __future__ import annotations

import pytest

from rules_helpers import Game, M, armour, blade, piece, violation, weapon
from wartime.core.components import Position
from wartime.core.errors import NotImplementedRule
from wartime.rules.reactions import reactive
from wartime.rules.sequence import Decision


def duel(red: dict | None = None, blue: dict | None = None, *extra: M, pieces=()) -> Game:
    """A red rifleman at (10, 20) facing +x and a blue one at (20, 20) facing −x: 9 K apart, each in the
    other's FOV (VOL 5: 25 K). Rifles: ENE 2, DMG 4, RNG 40. CON 9, DEF 0."""
    r = dict(side="red", x=10, y=20, facing=0.0, AGI=5, VOL=5, CON=9, weapons=(weapon(),))
    b = dict(side="blue", x=20, y=20, facing=180.0, AGI=5, VOL=5, CON=9, weapons=(weapon(),))
    r.update(red or {})
    b.update(blue or {})
    return Game(M(**r), M(**b), *extra, pieces=pieces)


def window_event(g: Game, timing: str, n: int = -1):
    return g.events("reaction_window", window=timing)[n]


# --- REA-1, REA-3: the windows and who may react -------------------------------------------------------------
def test_REA_3_an_action_opens_a_declaration_and_an_after_action_window_offered_to_the_other_player():
    """REA-3: after the action is declared and paid, the declaration window offers the reaction to the enemy
    that sees the actor (a `react` pending decision of the reacting side); after it resolves, the after-action
    window does. Passing is a decision with no action."""
    g = duel()
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "ranged_attack", target=b, weapon=0)
    p = g.pending
    assert (p.kind, p.side, p.actor, p.window) == ("react", "blue", b, "declaration")
    assert (p.against, p.against_action, p.against_target) == (a, "ranged_attack", b)
    assert {"ranged_attack", "pivot", "flee", "crouch", "move"} <= set(p.options)
    assert "dodge" not in p.options and "wait" not in p.options and "on_guard" not in p.options
    assert g.energy(a) == 8 and g.checks() == []           # paid; no check before the window closes
    g.dice.push(9)                                         # a's CH IMP misses
    g.react(b)                                             # pass
    assert g.events("reaction_passed", who=b) and g.checks("IMP")[0]["who"] == a
    p = g.pending
    assert (p.kind, p.actor, p.window) == ("react", b, "after")
    g.react(b)
    assert g.pending.kind == "action" and g.pending.actor == a
    closed = g.events("reaction_window_closed")
    assert [c["outcomes"] for c in closed] == [[{"who": b, "outcome": "passed"}]] * 2


def test_REA_1_the_window_event_says_who_could_react_and_why_the_others_could_not():
    """REA-1 / REA-2 / PSI-12: every window names its candidates and, for every other enemy on the table, why it
    cannot react: not in the FOV, out of range (VOL × 5 K), no LOS, ENE −10, not able, panicked (and unable
    to flee). Then the closing event gives each candidate's outcome."""
    wall = piece("wall", "blocking", 24, 15, 25, 25, height=3, blocks_los=True)
    g = Game(M(side="red", x=10, y=20, facing=0.0),
             M(side="blue", x=20, y=20, facing=180.0),                 # sees it
             M(side="blue", x=20, y=27, facing=0.0),                   # looks away
             M(side="blue", x=20, y=12, facing=180.0, VOL=1),          # FOV 5 K only
             M(side="blue", x=30, y=20, facing=180.0),                 # behind the wall
             M(side="blue", x=20, y=16, facing=180.0, energy=-10),     # at the floor
             M(side="blue", x=20, y=23, facing=180.0, CON=4, wounds=4),  # incapacitated
             M(side="blue", x=18, y=25, facing=180.0, panic=True, posture="prone"),
             pieces=[wall])
    a, seer, away, short, walled, spent, down, scared = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "crouch")
    ev = window_event(g, "declaration")
    assert ev["actor"] == a and ev["action"] == "crouch"
    assert ev["candidates"] == [{"who": seer, "by": "sight"}]
    assert {x["who"]: x["why"] for x in ev["excluded"]} == {
        away: "not_in_fov", short: "out_of_range", walled: "no_los", spent: "not_enough_energy",
        down: "not_able", scared: "panicked"}
    g.dice.push(8)                                         # the reaction CH VOL fails
    g.react(seer, "crouch")
    closed = g.events("reaction_window_closed")[-1]
    assert closed["outcomes"] == [{"who": seer, "outcome": "failed_vol"}]


def test_REA_3_candidates_in_turn_order_one_attempt_each_per_window():
    """REA-3: the reacting side's characters are offered in id order, each at most 1 attempt per window: after
    a failed CH VOL it may not try again in that window (REA-2), but may in the next one."""
    g = duel({}, {"energy": 5}, M(side="blue", x=20, y=24, facing=180.0))
    a, b, c = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "ranged_attack", target=b, weapon=0)
    assert g.pending.actor == b
    g.dice.push(7)                                         # b's CH VOL 7 > 5: fails
    g.react(b, "ranged_attack", target=a, weapon=0)
    assert g.pending.actor == c
    exc = violation(g.react, b, "ranged_attack", target=a, weapon=0)
    assert exc.rule_id == "REA-3" and "already" in exc.message
    g.dice.push(9)                                         # a's shot misses
    g.react(c)
    assert g.pending.window == "after" and g.pending.actor == b     # a new window: b may try again


# --- REA-2, ENE-3 ---------------------------------------------------------------------------------------------
def test_REA_2_failed_vol_spends_nothing():
    """REA-2: a VOL 5 character rolling 7 for the CH VOL does not react, and its ENE is unchanged."""
    g = duel({}, {"energy": 5})
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "ranged_attack", target=b, weapon=0)
    g.dice.push(7, 9)                                      # b's CH VOL fails; a's CH IMP misses
    g.react(b, "ranged_attack", target=a, weapon=0)
    vol = g.checks("ATR")[0]
    assert (vol["who"], vol["rule"], vol["target"], vol["die"], vol["passed"]) == (b, "REA-2", 5, 7, False)
    assert g.energy(b) == 5 and g.events("reaction_failed", who=b) and not g.events("reaction")
    assert [c["who"] for c in g.checks("IMP")] == [a] and g.all_dice_used()


def test_REA_2_energy_goes_down_to_minus_10_and_the_next_activation_starts_from_it():
    """REA-2 / ENE-3: with ENE −8, a 3-ENE reaction is refused (it would reach −11), a 2-ENE one leaves −10; at
    −10 the character can no longer react (the window says why); its next activation adds CON + AGI to −10."""
    g = duel({}, {"energy": -8, "CON": 4, "AGI": 5, "weapons": (weapon(ENE=3, key="rifle"), weapon(ENE=2, key="pistol"))})
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "crouch")
    g.react(b)
    assert violation(g.engine.check_reaction, b, "ranged_attack", {"target": a, "weapon": 0}).rule_id == "REA-2"
    assert g.engine.check_reaction(b, "ranged_attack", {"target": a, "weapon": 1}) == 2
    g.dice.push(3, 9)                                      # CH VOL passes; the CH IMP misses
    g.react(b, "ranged_attack", target=a, weapon=1)
    assert g.energy(b) == -10
    assert g.pending.kind == "action"
    g.act(a, "stand_up")
    assert {"who": b, "why": "not_enough_energy"} in window_event(g, "declaration")["excluded"]
    g.act(a, "end")
    g.start_activation(b)
    assert g.energy(b) == -1                               # −10 + 4 + 5


# --- REA-4, MOD-3, CMB-5, PSI-5, PSI-6 --------------------------------------------------------------------------
@pytest.mark.rules("REA-4", "MOD-3")
def test_REA_4_an_early_reaction_shoots_first_with_minus_1_and_can_void_the_action():
    """REA-4 / MOD-3: a reactor with AGI 5 shoots before the action ends: CH IMP target 4 (the −1 once). The
    shot kills the enemy, so its declared attack never happens; its ENE stays spent."""
    g = duel({"CON": 4, "wounds": 3})
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "ranged_attack", target=b, weapon=0)
    g.dice.push(3, 4, 9)                                   # CH VOL 3; CH IMP 4 (target 4); a's CH DEF fails
    g.react(b, "ranged_attack", target=a, weapon=0)
    imp = g.check("IMP")
    assert imp["who"] == b and imp["target"] == 4 and g.mods(imp) == {"REA-4": -1}
    assert not g.gs.on_table(a) and g.energy(a) == 8
    void = g.events("action_void", who=a)
    assert void and void[0]["rule"] == "REA-4"
    assert g.events("reaction", who=b)[0]["early"] is True
    assert g.all_dice_used() and g.gs.activation(a).acted


def test_CMB_5_a_character_wounded_by_an_early_reaction_failing_its_CH_PSI_loses_its_action():
    """CMB-5 / PSI-5 / REA-4: the acting character, wounded by an early reaction, fails its CH PSI: its declared
    action is lost (ENE spent) and it gains 1 stress; it still acts on afterwards."""
    g = duel()
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "ranged_attack", target=b, weapon=0)
    g.dice.push(3, 2, 9, 8)                                # VOL; b's IMP hits; a's CH DEF fails; a's CH PSI 8 fails
    g.react(b, "ranged_attack", target=a, weapon=0)
    assert g.wounds(a) == 4 and g.stress(a) == 1
    psi = g.events("psi_outcome", who=a)[0]
    assert psi["outcome"] == "fail" and psi["action_fails"] is True
    assert g.events("action_void", who=a)[0]["rule"] == "REA-4"
    assert [c["who"] for c in g.checks("IMP")] == [b] and g.energy(a) == 8
    g.react(b)                                             # its after-action window
    assert g.pending.kind == "action" and g.pending.actor == a


def test_PSI_6_a_fumbled_CH_PSI_after_a_reaction_leads_to_CH_LOC_and_panic():
    """PSI-6 / PSI-8 / PSI-12: wounded by an early reaction, the acting character fumbles its CH PSI: +1 stress,
    then a CH LOC, failed: it panics (Muy miedoso). Its action is lost and the rest of its activation follows
    the panic rules (only Correr away, or end)."""
    g = duel()
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "ranged_attack", target=b, weapon=0)
    g.dice.push(3, 2, 9, 10, 9)                            # ...; CH PSI 10 (fumble); CH LOC 9 fails
    g.react(b, "ranged_attack", target=a, weapon=0)
    assert g.stress(a) == 1 and g.check("LOC")["who"] == a
    assert g.pending.kind == "malus" and g.pending.side == "blue"      # PSI-8: blue chooses, before anything else
    g.give_default_malus()
    assert g.gs.psyche(a).panic and g.gs.psyche(a).maluses == ("TRT-VERY-FEARFUL",)
    assert g.events("action_void", who=a)
    g.react(b)
    assert violation(g.act, a, "ranged_attack", target=b, weapon=0).rule_id == "PSI-12"
    g.act(a, "run", path=[[8, 20]])
    assert g.pos(a) == (8, 20)


def test_REA_4_against_a_move_the_reactor_picks_the_point_of_the_path():
    """REA-4: against a movement action the early reactor picks the point of the declared path where it
    happens and the mover is treated as being there; if the mover is put out of action there, it stays there;
    otherwise its move goes on to the end of its path."""
    for ko, end in ((True, (10, 16)), (False, (10, 17))):
        g = duel({"x": 10, "y": 15, "facing": 90.0, "CON": 4, "wounds": 3 if ko else 0})
        a, b = g.ids
        g.start_activation(a, energy=10)
        g.declare(a, "run", path=[[10, 17]])
        g.dice.push(3, 2, 9) if ko else g.dice.push(3, 9)  # VOL; IMP (target 4); DEF fails (4 wounds)
        g.react(b, "ranged_attack", target=a, weapon=0, at=1.0)
        imp = g.check("IMP")
        assert abs(imp["distance"] - (((20 - 10) ** 2 + 4 ** 2) ** 0.5 - 1)) < 1e-6       # from (10, 16)
        if not ko:
            g.react(b)
        assert g.pos(a) == end
        assert bool(g.events("moved", rule="REA-4")) is ko


# --- REA-5 ------------------------------------------------------------------------------------------------------
def test_REA_5_bullet_time_exchange_of_actions_and_reactions_without_new_CH_VOL():
    """REA-5: once B passes its CH VOL it exchanges reactions with the acting A in every window of A's actions
    without rolling again (still 1 per window, ENE down to −10, −1 early), until A's activation ends."""
    g = duel({}, {"energy": 6})
    a, b = g.ids
    g.start_activation(a, energy=10)
    # 1: A concentrates; B reacts after it with the CH VOL (die 2) and misses (die 9)
    g.declare(a, "concentrate")
    g.react(b)
    g.dice.push(2, 9)
    g.react(b, "ranged_attack", target=a, weapon=0)
    # 2: A concentrates again; B shoots early, with no CH VOL, at −1
    g.declare(a, "concentrate")
    g.dice.push(9)
    g.react(b, "ranged_attack", target=a, weapon=0)
    assert g.checks("IMP")[-1]["target"] == 4
    g.react(b)
    # 3: A crouches; B shoots after it, no CH VOL
    g.declare(a, "crouch")
    g.react(b)
    g.dice.push(9)
    g.react(b, "ranged_attack", target=a, weapon=0)
    # 4: A stands up; B crouches in the declaration window, no CH VOL
    g.declare(a, "stand_up")
    g.react(b, "crouch")
    g.react(b)
    assert [c["rule"] for c in g.checks("ATR")] == ["REA-2"]           # one CH VOL in all
    reactions = g.events("reaction", who=b)
    assert [r["bullet_time"] for r in reactions] == [False, True, True, True]
    assert [r["action"] for r in g.events("action", who=a)] == ["concentrate", "concentrate", "crouch", "stand_up"]
    assert g.energy(b) == 6 - 2 - 2 - 2 - 1 == -1
    assert g.engine.flow.bullet_time == (b,) and g.all_dice_used()
    g.act(a, "end")
    assert g.engine.flow.bullet_time == () and g.events("bullet_time", state="end", who=b)
    # a later activation of the enemy: a CH VOL again
    g.start_activation(a, energy=10)
    g.declare(a, "crouch")
    g.dice.push(8)
    g.react(b, "stand_up")
    assert g.checks("ATR")[-1]["rule"] == "REA-2" and g.events("reaction_failed", who=b)


def test_REA_5_a_reaction_opens_no_window_of_its_own():
    """REA-1: nobody reacts to a reaction: the reactive shot opens no window for the acting side."""
    g = duel({"weapons": (weapon(),)})
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "crouch")
    n = len(g.events("reaction_window"))
    g.dice.push(2, 9)
    g.react(b, "ranged_attack", target=a, weapon=0)
    assert len(g.events("reaction_window")) == n + 1        # only the acting action's after-action window


# --- REA-8, MVA-19, GNA-8 ---------------------------------------------------------------------------------------
def test_MVA_19_REA_8_a_character_hears_a_shot_behind_it_and_pivots_as_a_reaction():
    """REA-8 / MVA-19: a character with ENE 0 hears a shot behind it (a DMG 4 rifle is heard at 8 K), passes its
    reaction CH VOL and pivots to face it, ending at ENE −1. It could not react before the shot (not in FOV)."""
    g = duel({}, {}, M(side="blue", x=12, y=24, facing=0.0, energy=0, weapons=(weapon(),)))
    a, b, c = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "ranged_attack", target=b, weapon=0)
    assert {"who": c, "why": "not_in_fov"} in window_event(g, "declaration")["excluded"]
    g.dice.push(9)
    g.react(b)
    assert window_event(g, "after")["candidates"] == [{"who": b, "by": "sight"}, {"who": c, "by": "noise"}]
    g.react(b)
    assert violation(g.react, c, "ranged_attack", target=a, weapon=0).rule_id == "ENV-1"   # still needs FOV
    g.dice.push(4)
    g.react(c, "pivot", facing_to=g.gs.facing_to(c, 10, 20))
    assert g.energy(c) == -1 and g.gs.in_fov(c, a)
    assert g.events("pivot", who=c)


def test_GNA_8_on_guard_gives_plus_2_to_the_next_reaction_CH_VOL_and_forbids_pivoting():
    """GNA-8: VOL 5 on guard: its next reaction CH VOL passes on 7 or less; it cannot pivot (MVA-19); the
    state ends when the bonus is used."""
    g = duel()
    a, b = g.ids
    g.start_activation(b, energy=10)
    g.act(b, "on_guard")
    assert reactive(g.gs, b).on_guard and g.energy(b) == 8
    g.act(b, "end")
    g.start_activation(a, energy=10)
    g.declare(a, "crouch")
    assert violation(g.react, b, "pivot", facing_to=90.0).rule_id == "GNA-8"
    g.dice.push(7, 9)
    g.react(b, "ranged_attack", target=a, weapon=0)
    vol = g.checks("ATR")[0]
    assert vol["target"] == 7 and vol["passed"] and g.mods(vol) == {"GNA-8": 2}
    assert not reactive(g.gs, b).on_guard


def test_GNA_8_any_other_action_ends_the_guard():
    """GNA-8: the state lasts across activations until used, and ends when the character takes any other action."""
    g = duel()
    a, b = g.ids
    g.start_activation(b, energy=10)
    g.act(b, "on_guard")
    g.act(b, "crouch")
    assert not reactive(g.gs, b).on_guard and g.events("state_changed", state="on_guard", value=False)


# --- ACT-4 ------------------------------------------------------------------------------------------------------
def test_ACT_4_no_window_inside_a_chain_but_one_after_its_last_action():
    """ACT-4: A chains two shots at B. B cannot react between the shots (only the reactions with their own
    timing, e.g. Huir, may be declared when each is declared); B's after-action window opens after the second
    shot, with everyone who saw A during the chain."""
    g = duel()
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "ranged_attack", chain=True, target=b, weapon=0)
    assert g.pending.options == ("flee",)
    assert violation(g.react, b, "ranged_attack", target=a, weapon=0).rule_id == "ACT-4"
    g.dice.push(9)
    g.react(b)
    assert g.pending.kind == "action" and not g.events("reaction_window", window="after")
    g.declare(a, "ranged_attack", target=b, weapon=0)
    assert g.pending.options == ("flee",)
    g.dice.push(9)
    g.react(b)
    assert g.pending.window == "after" and "ranged_attack" in g.pending.options
    assert len(g.events("reaction_window", window="after")) == 1


# --- CBA-24, PSI-12 ----------------------------------------------------------------------------------------------
def test_CBA_24_Huir_moves_out_of_sight_and_voids_the_shot():
    """CBA-24: an enemy declares a shot at a VOL 5 character with ENE 2; it passes its reaction CH VOL with die
    4, pays 1 (ENE 1), moves 3 K out of LOS (keeping its facing) and the shot is void; its CH PSI die 6 gives it
    1 stress."""
    wall = piece("wall", "blocking", 17, 21.5, 18, 30, height=3, blocks_los=True)
    g = duel({}, {"energy": 2}, pieces=[wall])
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "ranged_attack", target=b, weapon=0)
    g.dice.push(4, 6)
    g.react(b, "flee", path=[[20, 23]])
    assert g.pos(b) == (20, 23) and g.gs.pos(b).facing == 180.0
    assert g.energy(b) == 1 and g.stress(b) == 1
    void = g.events("action_void", who=a)[0]
    assert void["rule"] == "REA-4" and "ENV-2" in void["reason"]
    assert g.checks("IMP") == [] and g.energy(a) == 8 and g.all_dice_used()


def test_REA_1_a_panicked_character_may_react_only_with_Huir():
    """REA-1 / PSI-12: a panicking character reacts only with Huir (CBA-24); with the panic −1 on its CH VOL."""
    wall = piece("wall", "blocking", 17, 21.5, 18, 30, height=3, blocks_los=True)
    g = duel({}, {"panic": True}, pieces=[wall])
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "ranged_attack", target=b, weapon=0)
    assert g.pending.options == ("flee",)
    assert violation(g.react, b, "ranged_attack", target=a, weapon=0).rule_id == "PSI-12"
    assert violation(g.react, b, "pivot", facing_to=0.0).rule_id == "PSI-12"
    g.dice.push(4, 3)                                      # CH VOL target 4 (panic −1); the CH PSI passes
    g.react(b, "flee", path=[[20, 23]])
    assert g.checks("ATR")[0]["target"] == 4 and g.pos(b) == (20, 23)
    assert g.events("action_void", who=a)


def test_PSI_12_a_panicked_character_plays_only_by_the_fleeing_rules():
    """PSI-12: in its own activation a panicked character may only Correr away (or end), and in an after-action
    window it cannot react at all (the window says it is panicked)."""
    g = duel({"panic": True, "mov": 2}, {}, M(side="red", x=4, y=20))
    a, b, ally = g.ids
    g.dice.push(9)                                         # PSI-11: it does not recover
    g.start_activation(a, energy=10)
    assert violation(g.act, a, "ranged_attack", target=b, weapon=0).rule_id == "PSI-12"
    g.act(a, "run", path=[[7, 20]], end_facing=0.0)
    g.start_activation(b, energy=10)
    g.declare(b, "crouch")
    assert g.pending.actor == a and g.pending.options == ("flee",)
    g.react(a)
    g.react(ally)
    assert {"who": a, "why": "panicked"} in window_event(g, "after")["excluded"]


def test_PSI_12_CBA_24_a_panicked_reactor_is_offered_Huir_only_where_Huir_is_available():
    """PSI-12 / REA-1: in a declaration window a panicked reactor's only option is Huir (CBA-24), and only while
    Huir's own requirements accept it (`Flee.available`): an engaged panicked character (CBA-24) is left out as
    panicked, a free one is offered ("flee",)."""
    g = Game(M(side="red", x=10, y=20, facing=0.0),
             M(side="blue", x=20, y=20, facing=180.0, panic=True),          # engaged with the red one behind it
             M(side="red", x=21, y=20, facing=180.0),
             M(side="blue", x=20, y=24, facing=180.0, panic=True))          # free: it may flee
    a, held, c, free = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "crouch")
    assert g.pending.actor == free and g.pending.options == ("flee",)
    g.react(free)
    ev = window_event(g, "declaration")
    assert {"who": held, "why": "panicked"} in ev["excluded"]
    assert ev["candidates"] == [{"who": free, "by": "sight"}]


# --- CBA-17, CBA-13, CBA-22 ---------------------------------------------------------------------------------------
def engaged(red: dict | None = None, blue: dict | None = None) -> Game:
    r = dict(side="red", x=10, y=20, facing=0.0, AGI=5, VOL=5, CON=9, weapons=(blade(),))
    b = dict(side="blue", x=11, y=20, facing=180.0, AGI=6, VOL=5, CON=9, weapons=(blade(),))
    r.update(red or {})
    b.update(blue or {})
    return Game(M(**r), M(**b))


def test_CBA_17_Esquivar_turns_the_CH_IMP_into_a_CH_AGI_ENF():
    """CBA-17: the target of a melee attack dodges (3 ENE, no early −1): the attacker's CH IMP (die 3, target 5)
    against the dodger's CH AGI (die 2, target 6): both pass, the lower die wins: the attack misses."""
    g = engaged({}, {"energy": 1})
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "melee_attack", target=b, weapon=0)
    assert "dodge" in g.pending.options
    g.dice.push(3, 3, 2)
    g.react(b, "dodge")
    assert g.energy(b) == -2
    imp, agi = g.checks("IMP")[0], g.checks("ATR")[-1]
    assert (imp["who"], imp["target"], agi["who"], agi["rule"], agi["target"]) == (a, 5, b, "CBA-17", 6)
    assert g.events("opposed_resolved", rule="CBA-17")[0]["winner"] == "b"
    assert g.events("miss") and g.checks("DEF") == [] and g.all_dice_used()


def test_CBA_17_the_dodgers_critical_hits_the_attacker_and_only_the_target_may_dodge():
    """CBA-17: a natural 1 of the dodger gives the attacker an automatic DMG 1 hit (it rolls its CH DEF); Esquivar
    answers only a melee attack against the dodger itself."""
    g = engaged()
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "melee_attack", target=b, weapon=0)
    g.dice.push(3, 4, 1, 9, 5)                             # VOL; a's IMP 4; b's AGI 1; a's CH DEF 9; a's CH PSI 5
    g.react(b, "dodge")
    assert g.wounds(a) == 1 and g.wounds(b) == 0 and g.events("automatic_hit", rule="CBA-17")
    g = duel()
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "ranged_attack", target=b, weapon=0)
    assert violation(g.react, b, "dodge").rule_id == "CBA-17"


def test_CBA_13_Contracarga_gives_CH_DEF_plus_1_against_the_charge():
    """CBA-13: a DEF 4 character at ENE 1 counter-charges (ENE −2); against the charger's next Ataque CaC its CH
    DEF passes on 5 or less."""
    g = Game(M(side="red", x=10, y=20, facing=0.0, mov=1, weapons=(blade(DMG=3),)),
             M(side="blue", x=14, y=20, facing=180.0, energy=1, protections=(armour(4),)))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "charge", target=b, path=[[13, 20]])
    assert "counter_charge" in g.pending.options
    g.dice.push(3)
    g.react(b, "counter_charge")
    assert g.energy(b) == -2 and reactive(g.gs, b).counter_charge == a
    g.react(b)                                             # after the charge
    g.dice.push(2, 5)                                      # a's CH IMP hits; b's CH DEF 5 passes
    g.act(a, "melee_attack", target=b, weapon=0)
    d = g.check("DEF")
    assert d["target"] == 5 and d["passed"] and g.mods(d) == {"CBA-13": 1}
    assert reactive(g.gs, b).counter_charge is None


def test_CBA_22_Desenfundar_outside_a_duel_is_refused_and_CBA_20_Contramagia_answers_no_shot():
    """CBA-22: Desenfundar is declared only in a duel's window (tests/rules/test_rules_quick_draw.py), not as an
    ordinary reaction; CBA-20: Contramagia answers a neuromancer's CH INT, not a shot."""
    g = duel()
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "ranged_attack", target=b, weapon=0)
    exc = violation(g.react, b, "quick_draw")
    assert not isinstance(exc, NotImplementedRule) and exc.rule_id == "CBA-22"
    exc = violation(g.react, b, "counter_magic")
    assert not isinstance(exc, NotImplementedRule) and exc.rule_id in ("CBA-20", "REA-3")


def test_MVA_19_outside_its_activation_a_character_does_not_turn_for_free():
    """REA-1 / MOV-5: a reaction decision cannot carry a free turn (`facing`): turning is the Pivotar reaction."""
    g = duel()
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "crouch")
    exc = violation(g.engine.submit, Decision("react", "blue", actor=b, action="crouch", facing=90.0))
    assert exc.rule_id == "MOV-5"


# --- state machine: snapshots, records ------------------------------------------------------------------------------
def test_REA_3_an_open_window_is_game_state_snapshots_restore_it():
    """REA-3: the open window (its queue and the acting action's context) lives in the flow: a snapshot taken at
    a `react` decision and restored gives the same pending decision, and the game goes on identically."""
    g = duel()
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "ranged_attack", target=b, weapon=0)
    snap = g.world.snapshot()
    pending = g.pending
    g.dice.push(7, 9)
    g.react(b, "ranged_attack", target=a, weapon=0)
    after_one = [dict(e) for e in g.world.events]
    g.world.restore(snap)
    assert g.pending == pending
    g.react(b, "ranged_attack", target=a, weapon=0)        # the scripted dice continue: same results here
    assert g.pending.window == "after"
    assert len(g.world.events) == len(after_one)


def test_REA_3_react_decisions_round_trip_through_json():
    """The `react` decision format: {kind, side, actor, action, params, chain} or, to pass, {kind, side, actor}."""
    d = Decision("react", "blue", actor=7, action="ranged_attack", params={"target": 3, "weapon": 0, "at": 1.5})
    assert d.to_json() == {"kind": "react", "side": "blue", "actor": 7, "action": "ranged_attack",
                           "params": {"target": 3, "weapon": 0, "at": 1.5}, "chain": False}
    assert Decision.from_json(d.to_json()) == d
    p = Decision("react", "blue", actor=7)
    assert p.to_json() == {"kind": "react", "side": "blue", "actor": 7}
    assert Decision.from_json(p.to_json()) == p


def test_CBA_24_Huir_puts_a_charge_target_out_of_reach_and_the_charger_moves_towards_it():
    """CBA-24 / CBA-12 ruling (3): the target of a Cargar flees 3 K; the charge is re-validated (REA-4): out of
    reach, the charger moves its full allowance towards it, stops 1 K short, is not engaged and gets no bonus."""
    g = Game(M(side="red", x=10, y=20, facing=0.0, mov=1, weapons=(blade(),)),
             M(side="blue", x=14, y=20, facing=180.0))
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "charge", target=b, path=[[13, 20]])
    g.dice.push(3, 4)                                      # b's CH VOL; its Huir CH PSI
    g.react(b, "flee", path=[[17, 20]])
    assert g.pos(b) == (17, 20) and g.events("charge_short", who=a)
    assert g.pos(a) == (14, 20) and not g.gs.engaged(a) and g.gs.effects(a).charge_target is None
    assert g.energy(a) == 8 and g.all_dice_used()


def test_REA_5_bullet_time_waives_the_CH_VOL_not_the_sight():
    """REA-5 / REA-1: in bullet time the reactor still reacts only to what it sees (or hears): an action the
    acting character takes out of its sight offers it no reaction; back in sight, it reacts without a CH VOL."""
    wall = piece("wall", "blocking", 11, 21.5, 12, 30, height=3, blocks_los=True)
    g = duel({"mov": 3}, {}, pieces=[wall])
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "concentrate")
    g.react(b)
    g.dice.push(2, 9)
    g.react(b, "ranged_attack", target=a, weapon=0)
    assert g.engine.flow.bullet_time == (b,)
    g.declare(a, "move", path=[[10, 23]])                  # seen at its start: b may react (it passes)
    g.react(b)
    g.react(b)
    g.declare(a, "concentrate")                            # behind the wall: no reaction offered
    assert {"who": b, "why": "no_los"} in window_event(g, "declaration")["excluded"]
    assert g.pending.kind == "action"
    g.declare(a, "move", path=[[10, 20]])                  # back in sight
    g.react(b, "crouch")
    assert len(g.checks("ATR")) == 1 and g.events("reaction", who=b)[-1]["bullet_time"] is True


def test_REA_1_levels_1_and_2_can_react_to_each_other_at_range():
    """REA-1 / MOV-12 (bug: minis at levels 1 and 2 could never react to each other): a level-2 flyer facing a
    level-1 rifleman 5 K away (edge gap 4 K, 3 K up: 5 K in 3D, inside its VOL × 5 K view) sees it act; a
    level-3 flyer at the same spot does not (MOV-11)."""
    from wartime.rules.reactions import BY_SIGHT, NOT_IN_FOV, sight_reason
    g = Game(M(x=10, y=20), M(side="blue", x=16, y=20, facing=180.0))
    a, b = g.ids
    g.set(b, Position(16, 20, 180.0, 2))
    assert sight_reason(g.gs, b, a, [(10.0, 20.0)]) == BY_SIGHT
    assert sight_reason(g.gs, a, b, [(16.0, 20.0)]) in (BY_SIGHT, "out_of_range", "no_los")
    g.set(b, Position(16, 20, 180.0, 3))
    assert sight_reason(g.gs, b, a, [(10.0, 20.0)]) == NOT_IN_FOV


def test_REA_3_only_characters_with_a_legal_reaction_they_can_pay_for_are_offered_the_window():
    """REA-3 (issue 14): a window is offered only to the characters with at least one legal reaction they can pay
    for. A tied-up enemy sees the shot declared but may not react at all (CBA-25 ruling 3): it is no candidate,
    the window event says why, and no 'react' decision is asked of it; its untied companion is asked."""
    from wartime.core.components import Tied
    g = duel({}, {}, M(side="blue", x=20, y=22, facing=180.0, VOL=5, weapons=(weapon(),)))
    a, b, c = g.ids
    g.set(b, Tied())
    g.start_activation(a, energy=10)
    g.declare(a, "ranged_attack", target=c, weapon=0)
    ev = window_event(g, "declaration")
    assert [x["who"] for x in ev["candidates"]] == [c]
    assert {"who": b, "why": "no legal reaction it can pay for"} in ev["excluded"]
    assert g.pending.kind == "react" and g.pending.actor == c
