"""Duels and Desenfundar (CBA-22 quick draw, rules/duels.py): an acting attack answered by its target with a
reactive attack against the acting character opens a duel's window; a duellist that declares Desenfundar pays
ENE 1 and both roll CH AGI ENF: the winner's attack resolves first, the loser's afterwards only if it can still
act and its target is still legal; no winner: simultaneous; nobody declares: the REA-4 order (reactor first)."""
from __future__ import annotations

from rules_helpers import Game, M, violation, weapon
from wartime.ai.scripted import ScriptedController
from wartime.match.record import state_checksum
from wartime.rules.duels import quick_draw_odds
from wartime.rules.sequence import Decision

from test_rules_reactions_ai import stub


def duel(red: dict | None = None, blue: dict | None = None, *extra: M) -> Game:
    """A red rifleman (AGI 5) at (10, 20) facing +x and a blue one (AGI 7) at (20, 20) facing −x, 9 K apart in each
    other's FOV. Rifles: ENE 2, DMG 4, RNG 40. Duel windows are answered by the test (`auto_duel_pass` off)."""
    r = dict(side="red", x=10, y=20, facing=0.0, AGI=5, VOL=5, CON=9, weapons=(weapon(),))
    b = dict(side="blue", x=20, y=20, facing=180.0, AGI=7, VOL=5, CON=9, weapons=(weapon(),))
    r.update(red or {})
    b.update(blue or {})
    g = Game(M(**r), M(**b), *extra)
    g.auto_duel_pass = False
    return g


def shoot_back(g: Game) -> tuple[int, int]:
    """Red shoots at blue; blue passes its reaction CH VOL (die 3) and shoots back: the duel's window opens."""
    a, b = g.ids[:2]
    g.start_activation(a, energy=10)
    g.declare(a, "ranged_attack", target=b, weapon=0)
    g.dice.push(3)
    g.react(b, "ranged_attack", target=a, weapon=0)
    return a, b


def test_CBA_22_a_duel_opens_a_window_offering_Desenfundar_to_each_duellist():
    """CBA-22 ruling (1): the reactor declared and paid its attack (ENE 2) but it has not resolved; the acting
    character is asked first (a `react` decision of its side, window 'duel', only Desenfundar, legal at ENE 1),
    then the reactor."""
    g = duel()
    a, b = shoot_back(g)
    assert g.energy(b) == 8 and g.checks("IMP") == []
    assert g.events("duel", rule="CBA-22")[0]["may_draw"] == [a, b]
    p = g.pending
    assert (p.kind, p.side, p.actor, p.window, p.options) == ("react", "red", a, "duel", ("quick_draw",))
    assert (p.against, p.against_action, p.against_target) == (b, "ranged_attack", a)
    assert [(o.key, o.cost) for o in g.engine.legal_options()] == [("quick_draw", 1)]
    g.react(a)
    p = g.pending
    assert (p.side, p.actor, p.window, p.against, p.against_target) == ("blue", b, "duel", a, b)
    assert [(o.key, o.cost) for o in g.engine.legal_options()] == [("quick_draw", 1)]


def test_CBA_22_the_acting_character_wins_the_draw_and_shoots_first_its_kill_loses_the_reactors_shot():
    """CBA-22 Test: acting AGI 5 against reacting AGI 7, dice 2 and 6: the acting character shoots first (the
    Desenfundar rolls take no early −1); it incapacitates the reactor, whose shot is lost."""
    g = duel({}, {"CON": 4, "wounds": 3})
    a, b = shoot_back(g)
    g.dice.push(2, 6, 3, 9)                # a's CH AGI 2, b's CH AGI 6; a's CH IMP 3 hits; b's CH DEF 9 fails
    g.react(a, "quick_draw")
    assert g.energy(a) == 7 and g.events("quick_draw", who=a)[0]["rule"] == "CBA-22"
    agi = g.checks("ATR", rule="CBA-22")
    assert [(c["who"], c["die"], c["target"], c["modifiers"]) for c in agi] == [(a, 2, 5, []), (b, 6, 7, [])]
    assert g.events("opposed_resolved", rule="CBA-22")[0]["winner"] == "a"
    assert g.events("duel_resolved")[0]["first"] == "acting"
    assert [c["who"] for c in g.checks("IMP")] == [a] and not g.gs.able(b)
    lost = g.events("duel_attack_lost", who=b)
    assert lost and lost[0]["rule"] == "CBA-22" and g.energy(b) == 8
    assert g.all_dice_used()


def test_CBA_22_the_losers_shot_follows_the_winners_if_it_can_still_act():
    """CBA-22 ruling (2) and (3): the acting character won the draw and missed; the reactor's shot follows, with
    its early −1 (CH IMP target 6); then the after-action window."""
    g = duel()
    a, b = shoot_back(g)
    g.dice.push(2, 6, 9, 9)                # the draw; a's CH IMP 9 misses; b's CH IMP 9 misses
    g.react(a, "quick_draw")
    imps = g.checks("IMP")
    assert [(c["who"], c["target"]) for c in imps] == [(a, 5), (b, 6)] and g.mods(imps[1]) == {"REA-4": -1}
    assert not g.events("duel_attack_lost") and g.all_dice_used()
    assert (g.pending.kind, g.pending.window, g.pending.actor) == ("react", "after", b)


def test_CBA_22_the_reactor_wins_the_draw_it_declared_and_shoots_first():
    """CBA-22: the acting character passes; the reactor declares Desenfundar (ENE 1, down to −10) and wins: its
    shot resolves first; then the acting shot."""
    g = duel({}, {"energy": 2})
    a, b = shoot_back(g)
    g.react(a)
    g.dice.push(6, 2, 9, 9)                # a's CH AGI 6, b's 2; b's CH IMP 9; a's CH IMP 9
    g.react(b, "quick_draw")
    assert g.energy(b) == -1 and g.energy(a) == 8
    assert g.events("opposed_resolved", rule="CBA-22")[0]["winner"] == "b"
    assert g.events("duel_resolved")[0] == {**g.events("duel_resolved")[0], "declarer": b, "first": "reactor"}
    assert [c["who"] for c in g.checks("IMP")] == [b, a] and g.all_dice_used()


def test_CBA_22_nobody_wins_the_draw_both_shots_are_simultaneous():
    """CBA-22 ruling (2): both CH AGI fail: no winner, the two shots are simultaneous. The engine resolves the
    reactor's first, and the acting shot goes ahead although the reactor's killed its shooter (the engine's reading:
    the shooter's state after the reactor's shot counts, here its wounds' MOD-4 −3)."""
    g = duel({"CON": 4, "wounds": 3}, {"CON": 4, "wounds": 3})
    a, b = shoot_back(g)
    g.dice.push(8, 9, 2, 9, 2, 9)          # a's CH AGI 8 and b's 9 fail; b's IMP 2, a's DEF 9; a's IMP 2, b's DEF 9
    g.react(a, "quick_draw")
    assert g.events("opposed_resolved", rule="CBA-22")[0]["winner"] is None
    assert g.events("duel_resolved")[0]["first"] == "simultaneous"
    imps = g.checks("IMP")
    assert [c["who"] for c in imps] == [b, a] and imps[1]["passed"] and g.mods(imps[1]) == {"MOD-4": -3}
    assert not g.gs.able(a) and not g.gs.able(b)
    assert not g.events("action_void", who=a) and g.events("action_resolved", who=a, action="ranged_attack")
    assert g.all_dice_used()


def test_CBA_22_nobody_declares_the_REA_4_order_stands():
    """CBA-22 / REA-4: both duellists pass: the reactor's shot resolves first (CH IMP −1) and kills the acting
    character, whose declared attack is lost (ENE spent)."""
    g = duel({"CON": 4, "wounds": 3})
    a, b = shoot_back(g)
    g.react(a)
    g.dice.push(2, 9)                      # b's CH IMP 2 hits; a's CH DEF 9 fails
    g.react(b)
    assert [(e["who"], e["window"]) for e in g.events("reaction_passed")] == [(a, "duel"), (b, "duel")]
    assert g.events("duel_resolved")[0]["declarer"] is None and g.events("duel_resolved")[0]["first"] == "reactor"
    assert [c["who"] for c in g.checks("IMP")] == [b] and g.checks("ATR", rule="CBA-22") == []
    assert g.events("action_void", who=a)[0]["rule"] == "REA-4" and g.energy(a) == 8
    assert g.all_dice_used()


def test_CBA_22_only_a_duellist_declares_Desenfundar_and_only_in_a_duel():
    """CBA-22: Desenfundar outside a duel's window, or by a character that is not a duellist, is refused naming
    CBA-22; a reaction that is no attack on the acting character, or an acting attack at someone else, makes no
    duel."""
    ally = M(side="blue", x=20, y=24, facing=180.0, weapons=(weapon(),))
    g = duel({}, {}, ally)
    a, b, c = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "ranged_attack", target=b, weapon=0)
    assert "quick_draw" not in g.pending.options
    assert violation(g.react, b, "quick_draw").rule_id == "CBA-22"
    g.dice.push(3)
    g.react(b, "ranged_attack", target=a, weapon=0)
    assert g.pending.window == "duel"
    exc = violation(g.engine._react, Decision("react", "blue", actor=c, action="quick_draw"))
    assert exc.rule_id == "CBA-22"
    assert violation(g.engine.check_reaction, c, "quick_draw", {}).rule_id == "CBA-22"
    assert violation(g.engine.check_reaction, a, "crouch", {}).rule_id == "CBA-22"
    assert violation(g.engine.check_reaction, b, "quick_draw", {}).rule_id == "REA-3"     # red answers first
    # the acting attack is at the ally: the target's shot back is no duel (it resolves at once, REA-4)
    g = duel({}, {}, ally)
    a, b, c = g.ids
    g.start_activation(a, energy=10)
    g.declare(a, "ranged_attack", target=c, weapon=0)
    g.dice.push(3, 9)
    g.react(b, "ranged_attack", target=a, weapon=0)
    assert g.pending.window == "declaration" and not g.events("duel") and g.checks("IMP")[0]["who"] == b


def test_CBA_22_the_window_offers_Desenfundar_only_to_a_duellist_who_can_pay():
    """CBA-22 / ENE-4 / REA-2: the acting character, in its own activation, may not go below ENE 0 (it is not
    asked at ENE 0); the reactor may go down to −10; if neither can pay there is no duel's window."""
    g = duel({}, {})
    a, b = g.ids
    g.start_activation(a, energy=2)
    g.declare(a, "ranged_attack", target=b, weapon=0)
    g.dice.push(3)
    g.react(b, "ranged_attack", target=a, weapon=0)
    assert g.events("duel")[0]["may_draw"] == [b] and g.pending.actor == b
    g = duel({}, {"energy": -8})
    a, b = g.ids
    g.start_activation(a, energy=2)
    g.declare(a, "ranged_attack", target=b, weapon=0)
    g.dice.push(3, 9, 9)                   # VOL; b's CH IMP misses; a's CH IMP misses
    g.react(b, "ranged_attack", target=a, weapon=0)
    assert g.events("duel")[0]["may_draw"] == [] and g.pending.kind == "action"     # b at −10: no after window
    assert [c["who"] for c in g.checks("IMP")] == [b, a]


def test_CBA_22_a_duel_window_is_game_state_snapshots_restore_it():
    """CBA-22 / REA-3: the duel (the reactor's stored attack and who is still asked) lives in the flow's window: a
    snapshot taken at the duel's decision and restored gives the same pending decision, and the game goes on
    identically."""
    g = duel()
    a, _ = shoot_back(g)
    snap = g.world.snapshot()
    pending, window = g.pending, g.engine.flow.window
    assert window.duel is not None and window.duel.ask == (a, g.ids[1])
    g.dice.push(2, 6, 9, 9)                 # the draw; both CH IMP miss
    g.react(a, "quick_draw")
    after_one, state = [dict(e) for e in g.world.events], state_checksum(g.world)
    g.world.restore(snap)
    assert g.pending == pending and g.engine.flow.window == window and g.energy(a) == 8
    g.react(a, "quick_draw")                # the scripted dice continue: same results here
    assert [dict(e) for e in g.world.events] == after_one and state_checksum(g.world) == state


def test_CBA_22_scripted_draws_when_it_wins_more_often_than_not():
    """CBA-22: the scripted acting character declares Desenfundar when its CH AGI ENF odds are above 1/2 (AGI 7
    against AGI 4), not with AGI 4 against 8; as the reactor it passes (undeclared, it shoots first anyway)."""
    for red_agi, draws in ((8, True), (4, False)):         # P(win) 29/50 and 3/10 (7 against 5 is just 1/2)
        g = duel({"AGI": red_agi}, {"AGI": 12 - red_agi})
        a, b = shoot_back(g)
        assert (quick_draw_odds(g.gs, a, b) > 0.5) is draws
        d = ScriptedController().decide(stub(g), g.pending)
        assert (d.kind, d.actor, d.action) == ("react", a, "quick_draw" if draws else None)
        g.react(a)
        d = ScriptedController().decide(stub(g), g.pending)
        assert (d.actor, d.action) == (b, None)
