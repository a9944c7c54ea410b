"""Alarm mode played in the turn flow (ALM-1..ALM-40, ALM-44; wartime.rules.alarm_flow): the start event and the
first alarm turn, the start-of-turn window and the 'wave' decision, placement, the arrival handicap, the hold zone,
the bell's goal and the end of the game. Games are the shipped scenarios (scenarios/alarm/) with their default
lists; a passive driver answers every decision but the waves (heroes end their activations, nobody reacts)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from wartime.core.components import Activation, AlarmArrival, Life
from wartime.core.errors import DataError, NotImplementedRule, RuleViolation
from wartime.core.rounding import round_half_up
from wartime.data.loader import load_match_inputs
from wartime.match.match import Match
from wartime.rules import alarm, alarm_flow
from wartime.rules.sequence import Decision

ROOT = Path(__file__).resolve().parents[2]
#: ALM-44's worked example verbatim (r = 2, N = 46); the shipped scenario differs only in its tuned lethal_ratio
VAULT = ROOT / "tests" / "rules" / "alm44" / "hold-the-vault.toml"
BELL = ROOT / "scenarios" / "alarm" / "bell-crypt.toml"
ORC, RAT = 5, 0          # bestiary profiles: orc brute (57 points, CON 6, AGI 5), giant rat (10 points)


def _match(path: Path, positions: dict | None = None, seed: int = 1) -> Match:
    sc, lists = load_match_inputs(path, {}, allow_outside=True)
    m = Match(sc, lists, seed)
    m.submit(Decision("deploy", "red", params={"positions": positions} if positions else {}))
    return m


def _events(m: Match, kind: str) -> list[dict]:
    return [dict(e) for k, e in m.entries if k == "e" and e["type"] == kind]


def _drive(m: Match, waves=None, until=None, limit: int = 2000) -> None:
    """Answer decisions passively until `until(m)` or the game ends: waves from `waves(m, pending)` (default:
    buy nothing), the first option of initiative and activation, 'end' for every action, pass every reaction."""
    for _ in range(limit):
        p = m.pending
        if p is None or (until is not None and until(m)):
            return
        if p.kind == "wave":
            d = (waves or (lambda m, p: Decision("wave", "blue", params={})))(m, p)
        elif p.kind in ("initiative", "activate"):
            d = Decision(p.kind, p.side, choice=p.options[0])
        elif p.kind == "react":
            d = Decision("react", p.side, actor=p.actor)
        else:
            d = Decision("action", p.side, actor=p.actor, action="end")
        m.submit(d)
    raise AssertionError("the passive game did not stop")


def _one(index: int, spot_of=None):
    """A wave buying one profile `index` on the first legal spot the engine offers (or `spot_of(gs)`)."""
    def wave(m, p):
        o = next(o for o in p.options if o.index == index)
        x, y = spot_of(m.gs) if spot_of else alarm_flow.spawn_spots(m.gs, o.radius)[0]
        return Decision("wave", "blue", params={"buy": [[index, x, y]]})
    return wave


def _refused_variant(tmp_path: Path, path: Path, old: str, new: str, rule: str) -> None:
    """The shipped scenario with `old` replaced by `new` (its lists still found): setting a game up is refused
    naming `rule`."""
    f = tmp_path / path.name
    text = path.read_text(encoding="utf-8").replace(old, new)
    f.write_text(text.replace('"lists/', f'"{(path.parent / "lists").as_posix()}/')
                 .replace('"../../../scenarios/alarm/lists/', f'"{(ROOT / "scenarios" / "alarm" / "lists").as_posix()}/'),
                 encoding="utf-8")
    sc, lists = load_match_inputs(f, {}, allow_outside=True)
    with pytest.raises(NotImplementedRule, match=rule):
        Match(sc, lists, 1)


def _at_turn(n: int):
    return lambda m: m.engine.flow.turn >= n and m.pending.kind in ("activate", "action")


# --- the start event and the first alarm turn ------------------------------------------------------------
def test_ALM_34_start_at_setup_first_wave_then_defender_first_without_roll() -> None:
    """ALM-34: start event `at_setup`: turn 1 is alarm turn 1; the first wave is placed before any activation and
    the defender has the initiative in turn 1 without an initiative roll."""
    m = _match(VAULT)
    assert m.pending.kind == "wave" and m.engine.flow.turn == 1
    assert not [e for e in m.gs.minis() if m.gs.side(e) == "blue"]       # no attacker before the start event
    m.submit(Decision("wave", "blue", params={"buy": [[ORC, 1.0, 1.0]]}))
    assert _events(m, "initiative")[-1]["order"] == ["red", "blue"] and not _events(m, "initiative_roll")
    assert m.pending.kind == "activate" and m.pending.side == "red"


def test_ALM_3_start_event_switches_to_a_combat_turn_at_once() -> None:
    """ALM-3: once the start event is met (at setup) the very next thing is the alarm's combat turn: the
    attacker's wave, with no other turn or action before it."""
    m = _match(VAULT)
    assert m.pending.kind == "wave"
    assert not _events(m, "action") and [e["turn"] for e in _events(m, "turn_start")] == [1]


def test_ALM_1_alarm_mode_from_start_until_end_event() -> None:
    """ALM-1: the alarm is on from the start event and stays on until its end event (a temporal alarm: its d
    rounds), then it is off."""
    m = _match(VAULT)
    assert alarm_flow.state_of(m.gs).on
    _drive(m, until=_at_turn(5))
    assert alarm_flow.state_of(m.gs).on
    _drive(m, until=_at_turn(6))
    assert not alarm_flow.state_of(m.gs).on and _events(m, "alarm_off")[0]["turn"] == 6


# --- the timeline (temporal) and the worked example ---------------------------------------------------------
def test_ALM_44_ALM_25_hold_the_vault_budgets_by_turn() -> None:
    """ALM-44, ALM-25: N = 46, d = 4: the windows of turns 1..5 have budgets 276, 138 (Reinforcements I in turn 2), 92,
    92, 92; no wave in turn 6; max_turns 8 (the defender, never attacked, wins when the alarm is off and no
    attacker is left)."""
    m = _match(VAULT)
    assert alarm_flow.setup_of(m.gs).shape.n == 46 and m.gs.turn_limit == 8

    def waves(m, p):
        tokens = ["reinforcements_1"] if m.engine.flow.turn == 2 else []
        return Decision("wave", "blue", params={"tokens": tokens} if tokens else {})
    _drive(m, waves)
    budgets = {e["turn"]: e["budget"] for e in _events(m, "alarm_wave")}
    assert budgets == {1: 276, 2: 138, 3: 92, 4: 92, 5: 92}
    assert alarm_flow.state_of(m.gs).tokens == 1
    assert m.result()["winner"] == "red" and m.result()["reason"] == "alarm_cleared" and m.engine.flow.turn == 6


def test_ALM_6_ALM_37_waves_in_turns_2_to_d_plus_1_only() -> None:
    """ALM-6, ALM-37: d = 4 and the start in turn 1: reinforcement waves in turns 2, 3, 4 and 5, none in 6."""
    m = _match(VAULT)
    _drive(m)
    assert [e["turn"] for e in _events(m, "alarm_window")] == [1, 2, 3, 4, 5]


def test_ALM_5_temporal_alarm_ends_after_its_rounds_whatever_the_heroes_do() -> None:
    """ALM-5: a temporal alarm of 4 rounds is off once its rounds are complete (turn 6), with nothing the heroes did."""
    m = _match(VAULT)
    _drive(m, until=_at_turn(6))
    assert _events(m, "alarm_off") == [{"type": "alarm_off", "rule": "ALM-5", "turn": 6}]
    assert not _events(m, "action")


def test_ALM_4_ALM_31_fight_goes_on_after_the_alarm_ends() -> None:
    """ALM-4, ALM-31: the alarm ends in turn 6 but a monster still standing keeps the game going (combat goes on
    until one side is gone or the last turn)."""
    m = _match(VAULT)
    _drive(m, waves=lambda m, p: _one(RAT)(m, p) if m.engine.flow.turn == 5 else Decision("wave", "blue"),
           until=_at_turn(6))
    assert not alarm_flow.state_of(m.gs).on and not m.over
    _drive(m)
    assert m.engine.flow.turn == 8 and m.result()["reason"] == "alarm_held"


# --- the window and the wave decision -------------------------------------------------------------------
def test_ALM_8_ALM_35_reinforcement_before_the_initiative_roll() -> None:
    """ALM-8, ALM-35: a reinforcement appears at the start of a turn, before the initiative dice are rolled, and
    the attacker may roll with the newly arrived character."""
    m = _match(VAULT)
    _drive(m, waves=lambda m, p: _one(ORC)(m, p) if m.engine.flow.turn == 2 else Decision("wave", "blue"),
           until=_at_turn(2))
    orc = next(e for e in m.gs.minis() if m.gs.side(e) == "blue")
    seq = [(e["type"], e.get("side"), e.get("character")) for k, e in m.entries if k == "e"
           and e["type"] in ("turn_start", "alarm_wave", "initiative_roll")]
    assert seq[-4][0] == "turn_start" and seq[-3][0] == "alarm_wave"
    assert ("initiative_roll", "blue", orc) in seq[-2:]


def test_ALM_35_no_attacker_on_the_table_defender_first_without_a_roll() -> None:
    """ALM-35: with no live attacker on the table after the window, the defender takes the initiative without an
    initiative roll."""
    m = _match(VAULT)
    _drive(m, until=_at_turn(3))
    assert not _events(m, "initiative_roll")
    assert [e["rule"] for e in _events(m, "initiative")] == ["ALM-34", "ALM-35", "ALM-35"]


def test_ALM_33_wave_within_budget_and_cap() -> None:
    """ALM-33: the wave buys catalogue profiles within the budget (what is not spent is lost) and none above the
    per-character cap; an over-budget wave is refused and changes nothing."""
    m = _match(VAULT)
    assert {o.cost for o in m.pending.options} <= set(range(10, 93))
    spots = alarm_flow.spawn_spots(m.gs, 0.6)
    over = {"buy": [[ORC, *spots[k]] for k in (0, 5, 10, 15, 20)]}             # 5 × 57 = 285 > 276
    with pytest.raises(RuleViolation, match="ALM-33"):
        m.submit(Decision("wave", "blue", params=over))
    assert m.pending.kind == "wave" and not [e for e in m.gs.minis() if m.gs.side(e) == "blue"]
    m.submit(Decision("wave", "blue", params={"buy": [[ORC, *spots[0]], [ORC, *spots[5]]]}))
    assert _events(m, "alarm_wave")[0]["lost"] == 276 - 114


def test_ALM_15_ALM_37_no_placement_in_a_deadly_zone_while_a_spot_is_free() -> None:
    """ALM-15, ALM-37: a model placed 0.8 K from a defender's base while spots 1 K or more away are free is
    refused; 1.5 K away it is legal. The first turn after the first wave is the heroes'."""
    m = _match(VAULT)
    low = min((1, 2, 3), key=lambda e: m.gs.pos(e).y)       # the southernmost hero: nobody else below it
    hero = m.gs.pos(low)
    r = m.gs.body(low).radius
    with pytest.raises(RuleViolation, match="ALM-37"):
        m.submit(Decision("wave", "blue", params={"buy": [[RAT, hero.x, hero.y - r - 0.8 - 0.3]]}))
    m.submit(Decision("wave", "blue", params={"buy": [[RAT, hero.x, round(hero.y - r - 1.5 - 0.3, 4)]]}))
    assert m.pending.side == "red"


# --- the arrival handicap -------------------------------------------------------------------------------
def _orc_in_turn_2() -> tuple[Match, int]:
    m = _match(VAULT)
    _drive(m, waves=lambda m, p: _one(ORC)(m, p) if m.engine.flow.turn == 2 else Decision("wave", "blue"),
           until=lambda m: m.engine.flow.turn == 2 and m.pending.kind == "action" and m.pending.side == "blue")
    return m, next(e for e in m.gs.minis() if m.gs.side(e) == "blue")


def test_ALM_16_ALM_36_reinforcement_energy_capped_at_half_its_gain() -> None:
    """ALM-16, ALM-36: a temporal reinforcement (orc brute, CON 6, AGI 5: gain min(10, 11) = 10) starts its first
    activation of its arrival turn with 5 ENE, not 10; the next turn it gains as usual."""
    m, orc = _orc_in_turn_2()
    assert m.pending.actor == orc                  # the lone eligible blue character: its activation has begun
    assert m.gs.energy(orc) == round_half_up(10 / 2) == 5
    assert _events(m, "energy")[-1]["rule"] == "ALM-36"
    assert alarm_flow.arrived_now(m.gs, orc) is not None
    _drive(m, until=lambda m: m.engine.flow.turn == 3)
    assert alarm_flow.arrived_now(m.gs, orc) is None


def test_ALM_36_no_reaction_in_the_arrival_turn() -> None:
    """ALM-36: a temporal reinforcement may not react in its arrival turn (the engine offers it no window); the
    first wave, not handicapped, may."""
    m, orc = _orc_in_turn_2()
    assert not alarm_flow.may_react(m.gs, orc)
    assert not m.engine._may_react(None, orc)
    m.gs.world.set(orc, replace(m.gs.world.get(orc, AlarmArrival), turn=1))
    assert alarm_flow.may_react(m.gs, orc)


# --- the hold zone ----------------------------------------------------------------------------------
def test_ALM_7_ALM_37_leaving_the_hold_zone_is_fleeing() -> None:
    """ALM-7, ALM-37: during the alarm a defender that ends a move with its centre outside the hold zone
    (radius 5 K on (12, 12)) has fled: removed from the table and counted as a casualty."""
    m = _match(VAULT, positions={"1": [14.5, 12.0, 0.0]})
    m.submit(Decision("wave", "blue", params={"buy": [[RAT, 1.0, 1.0]]}))
    m.submit(Decision("activate", "red", choice=1))
    m.submit(Decision("action", "red", actor=1, action="sprint", params={"path": [[17.5, 12.0]]}))
    assert m.gs.world.get(1, Life).state == "fled" and not m.gs.on_table(1)
    assert 1 in m.engine.casualties("red")


def test_ALM_37_hold_zone_lapses_when_the_alarm_is_off() -> None:
    """ALM-37, ALM-40: from turn d + 2 the hold-zone rule lapses: the same move is no flight."""
    m = _match(VAULT, positions={"1": [14.5, 12.0, 0.0]})
    _drive(m, waves=lambda m, p: _one(RAT)(m, p) if m.engine.flow.turn == 5 else Decision("wave", "blue"),
           until=lambda m: m.engine.flow.turn == 6 and m.pending.kind == "activate" and m.pending.side == "red")
    m.submit(Decision("activate", "red", choice=1))
    m.submit(Decision("action", "red", actor=1, action="sprint", params={"path": [[17.5, 12.0]]}))
    assert m.gs.world.get(1, Life).state == "active"


# --- carry the bell ---------------------------------------------------------------------------------------
def test_ALM_38_ALM_19_waves_only_at_unseen_markers() -> None:
    """ALM-38, ALM-19: from the west hall the heroes see the crossing but not the side rooms: a model within 1 K
    of the crossing is refused; within 1 K of an unseen marker it is legal."""
    m = _match(BELL)
    ids = [mk.id for mk in alarm_flow.eligible_markers(m.gs)]
    assert "crossing" not in ids and {"side_room_south", "side_room_north"} <= set(ids)
    with pytest.raises(RuleViolation, match="ALM-38"):
        m.submit(Decision("wave", "blue", params={"buy": [[RAT, 17.0, 12.5]]}))
    m.submit(Decision("wave", "blue", params={"buy": [[RAT, 16.0, 5.8]]}))
    assert _events(m, "alarm_wave")


def test_ALM_20_wave_split_among_markers() -> None:
    """ALM-20, ALM-38: the models of one wave may be split among eligible markers freely."""
    m = _match(BELL)
    m.submit(Decision("wave", "blue", params={"buy": [[RAT, 16.0, 5.8], [RAT, 15.0, 5.0], [RAT, 18.0, 18.2]]}))
    assert len(_events(m, "alarm_wave")[0]["arrivals"]) == 3


def test_ALM_22_ALM_36_bell_arrivals_lose_their_arrival_turn() -> None:
    """ALM-22, ALM-36: carry-the-bell arrivals (the first wave included) count as having already acted in their
    arrival turn (no activation, no reactions, ENE 0); the next turn they act normally."""
    m = _match(BELL)
    m.submit(Decision("wave", "blue", params={"buy": [[ORC, 16.0, 5.8]]}))
    orc = next(e for e in m.gs.minis() if m.gs.side(e) == "blue")
    assert m.gs.world.get(orc, Activation).acted and not m.engine.eligible(orc)
    assert not alarm_flow.may_react(m.gs, orc) and m.gs.energy(orc) == 0
    _drive(m, until=lambda m: m.engine.flow.turn == 2 and m.pending.kind == "action" and m.pending.side == "blue")
    assert m.pending.actor == orc and m.gs.energy(orc) == 10


def _bell_home() -> Match:
    """The bell game after a one-rat first wave, with the officer (1) sprinting from (30, 12) into the goal."""
    m = _match(BELL)
    m.submit(Decision("wave", "blue", params={"buy": [[RAT, 16.0, 5.8]]}))
    m.gs.world.set(1, replace(m.gs.pos(1), x=30.0, y=12.0))
    m.submit(Decision("activate", "red", choice=1))
    m.submit(Decision("action", "red", actor=1, action="sprint", params={"path": [[33.0, 12.0]]}))
    return m


def test_ALM_17_ALM_39_bell_reaching_the_goal_ends_the_waves() -> None:
    """ALM-17, ALM-39: the bell (the whole side) ends a move in the goal zone: the end event is met and the next
    window gets no wave."""
    m = _bell_home()
    gs = m.gs
    assert alarm_flow.state_of(gs).end_met and _events(m, "alarm_end_event")[0]["who"] == 1
    _drive(m, until=lambda m: m.engine.flow.turn == 2)
    assert [e["turn"] for e in _events(m, "alarm_window")] == [1]
    assert _events(m, "alarm_off")[0]["rule"] == "ALM-39"


def test_ALM_18_bell_waves_keep_coming_without_a_round_count() -> None:
    """ALM-18: a carry-the-bell alarm not ended still gets a VPr wave in round 12 (no d)."""
    m = _match(BELL)
    assert alarm_flow.due_vp(m.gs, 12) == alarm_flow.setup_of(m.gs).shape.vpr == 2


def test_ALM_40_escape_through_the_goal_after_the_end_event() -> None:
    """ALM-40: after the end event a defender ending a move in the goal zone leaves the table (escaped, not a
    casualty); when every defender is gone and one escaped, the defender wins."""
    m = _bell_home()
    gs = m.gs
    m.submit(Decision("action", "red", actor=1, action="move", params={"path": [[33.8, 12.0]]}))
    assert gs.world.get(1, Life).state == "escaped" and 1 not in m.engine.casualties("red")
    for e in (2, 3):
        gs.world.set(e, Life("dead"))          # the others fall: one escaped, so the defender wins
    m.engine._advance()
    assert m.result()["winner"] == "red" and m.result()["reason"] == "alarm_escaped"


# --- the end of the game ----------------------------------------------------------------------------------
def test_ALM_40_attacker_wins_when_every_defender_is_a_casualty() -> None:
    """ALM-40: every defender a casualty: the attacker wins at once."""
    m = _match(VAULT)
    m.submit(Decision("wave", "blue", params={"buy": [[RAT, 1.0, 1.0]]}))
    for e in (1, 2, 3):
        m.gs.world.set(e, Life("incapacitated"))
    m.engine._advance()
    assert m.result()["winner"] == "blue" and m.result()["reason"] == "alarm_casualties"


def test_ALM_40_defender_standing_at_the_last_turn_wins() -> None:
    """ALM-40: temporal, d = 4: at the end of turn 8 a defender stands and attackers remain: the defender wins."""
    m = _match(VAULT)
    _drive(m, waves=lambda m, p: _one(RAT)(m, p) if m.engine.flow.turn == 5 else Decision("wave", "blue"))
    r = m.result()
    assert r["turns"] == alarm.max_turns(alarm_flow.setup_of(m.gs).spec) == 8
    assert r["winner"] == "red" and r["reason"] == "alarm_held"


def test_ALM_40_bell_not_rung_home_by_the_last_turn_loses() -> None:
    """ALM-40: carry-the-bell, the end event not met by the end of max_turns (12): the attacker wins."""
    m = _match(BELL)
    _drive(m)
    assert m.result()["turns"] == 12 and m.result()["winner"] == "blue" and m.result()["reason"] == "alarm_bell_lost"


def test_ALM_41_ALM_26_budget_tokens_and_refused_tokens() -> None:
    """ALM-41 (ALM-26): Reinforcements II adds 2·VPr; a token the attacker cannot pay for is refused; tokens the
    engine does not play are refused naming their rule (ALM-30 Alerted special monster)."""
    m = _match(VAULT)
    with pytest.raises(NotImplementedRule, match="ALM-30"):
        m.submit(Decision("wave", "blue", params={"tokens": ["special_monster"]}))
    m.submit(Decision("wave", "blue", params={"tokens": ["reinforcements_2"]}))
    assert _events(m, "alarm_wave")[0]["budget"] == round_half_up((6 + 4) * 46)
    _drive(m, until=lambda m: m.pending.kind == "wave")
    with pytest.raises(RuleViolation, match="ALM-41"):
        m.submit(Decision("wave", "blue", params={"tokens": ["reinforcements_1"]}))


@pytest.mark.parametrize("token, rule", [("special_monster", "ALM-30"), ("ambush", "ALM-24")])
def test_ALM_24_ALM_30_tokens_not_played_are_refused(token: str, rule: str) -> None:
    """ALM-24, ALM-30 (ALM-43): tokens the engine does not play are refused naming their rule, and the wave
    decision changes nothing."""
    m = _match(VAULT)
    with pytest.raises(NotImplementedRule, match=rule):
        m.submit(Decision("wave", "blue", params={"tokens": [token]}))
    assert m.pending.kind == "wave" and alarm_flow.state_of(m.gs).tokens == 2


def test_ALM_23_no_token_earned_by_the_start_event() -> None:
    """ALM-23, ALM-41: the attacker's tokens are the scenario's `alarm_tokens`, none earned by the start event."""
    m = _match(VAULT)
    assert alarm_flow.state_of(m.gs).tokens == alarm_flow.setup_of(m.gs).spec.alarm_tokens == 2
    m.submit(Decision("wave", "blue", params={}))
    assert alarm_flow.state_of(m.gs).tokens == 2


def test_ALM_21_doors_spawn_refused(tmp_path: Path) -> None:
    """ALM-21: the doors_spawn option is not played: refused naming ALM-21 when the game is set up."""
    _refused_variant(tmp_path, BELL, 'alarm_tokens = 1', 'alarm_tokens = 1\ndoors_spawn = true', "ALM-21")


def test_ALM_31_scripted_attacker_buys_many_small_monsters() -> None:
    """ALM-31: low-VP monsters are recommended: the scripted attacker's 92-point wave is several small monsters,
    not one big one."""
    from wartime.ai.scripted_alarm import scripted_wave
    m = _match(VAULT)
    _drive(m, until=lambda m: m.pending.kind == "wave" and m.engine.flow.turn == 2)
    d = scripted_wave(m, m.pending)
    costs = [alarm_flow.setup_of(m.gs).offers[i].cost for i, _, _ in d.params["buy"]]
    assert len(costs) >= 3 and sum(costs) <= 92 and max(costs) < 57


def test_ALM_32_the_attackers_catalogue_has_no_points_limit(tmp_path: Path) -> None:
    """ALM-32: blue's list is a catalogue of profiles with no size limit: one costing more than the points limit
    is accepted for an alarm scenario (the defender's list still is checked against it)."""
    cat = (ROOT / "scenarios" / "alarm" / "catalogue" / "bestiary.toml").as_posix()
    big = tmp_path / "big.toml"
    big.write_text(f'format = 1\ntype = "list"\nname = "Big"\ncatalogue = "{cat}"\n'
                   '[[unit]]\ncharacter = "orc_brute"\ncount = 9\n', encoding="utf-8")      # 9 × 57 = 513 > 300
    sc, lists = load_match_inputs(VAULT, {"blue": big}, allow_outside=True)
    assert lists["blue"].name == "Big"
    with pytest.raises(DataError, match="over the points_limit"):
        load_match_inputs(VAULT, {"red": big}, allow_outside=True)


def test_ALM_38_wave_held_back_when_every_marker_is_seen() -> None:
    """ALM-38: a hero standing at the crossing sees every spawn marker: the turn-2 wave is held back (not lost)
    and the next window's wave is both waves' VP."""
    m = _match(BELL)
    _drive(m, until=lambda m: m.engine.flow.turn == 1 and m.pending.kind in ("activate", "action"))
    m.gs.world.set(1, replace(m.gs.pos(1), x=17.0, y=11.5))
    assert alarm_flow.eligible_markers(m.gs) == []
    _drive(m, until=_at_turn(2))
    assert _events(m, "alarm_wave_held") == [{"type": "alarm_wave_held", "rule": "ALM-38", "turn": 2, "vp": 2.0}]
    assert alarm_flow.due_vp(m.gs, 3) == 4.0
